"""ExtendRight: the search through one line, from a left part across the anchor and on
through the board.

On an empty square it tries each letter the lexicon node can be followed by, the square's
cross-check allows and the rack supplies (the bits of ``children & cross-check & rack``), and
steps over the board tiles that follow; a word is recorded when its node is a word and the
square after it is empty.  Knowing the left part's length fixes every square's premiums, so
scores are summed as the tiles go down.  A one-tile move is recorded in one direction only
(its longer word, across on a tie), so every distinct placement appears once.

The hot loop allocates nothing but the records it keeps: scores are integers passed down the
recursion, the rack is a counts list changed in place with a bit mask of the letters still
held, the word being built lives in a per-line buffer, each square's data is one tuple."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.lexicon import Lexicon
from wordgames.scrabble.movegen.blanks import Designate
from wordgames.scrabble.movegen.leftparts import LeftParts, Prefix
from wordgames.scrabble.movegen.lines import Line, Square, left_limit
from wordgames.scrabble.movegen.state import Emit, SearchState
from wordgames.scrabble.movegen.tables import Child, LexiconTables


class LineSearch(NamedTuple):
    """The search of one rack over lines.  ``select(across, line)`` picks the line the
    others search; ``run_anchor(at)`` emits every move whose leftmost placed anchor is
    ``at``; ``run_span(anchor, first, last, weights, rest)`` emits the moves covering exactly
    squares ``first..last`` that score at least the threshold, bounding each left part of
    rack tiles with ``weights`` and ``rest`` (see :func:`.bound.left_weights`)."""

    select: Callable[[bool, Line], None]
    run_anchor: Callable[[int], None]
    run_span: Callable[[int, int, int, list[int], int], None]


def line_search(tables: LexiconTables, lexicon: Lexicon, state: SearchState, parts: LeftParts,
                designate: Designate, emit: Emit) -> LineSearch:
    """The :class:`LineSearch` of ``state``'s rack.  Defined as closures over the line being
    searched: the hot loop reads closure cells and locals, which is cheaper than attribute
    look-ups."""
    expansions = tables.expansions
    expand = tables.expand
    step = lexicon.step
    root = lexicon.root()
    # C types where compiled (Cython pure-Python mode); plain annotations when interpreted.
    full: cython.ulonglong = tables.full_mask
    values = state.values
    counts = state.counts
    blank: cython.Py_ssize_t = state.blank
    held_all: cython.ulonglong = state.held_all
    rack_size: cython.long = state.rack_size
    hand_size: cython.long = state.hand_size
    bingo: cython.long = state.bingo_bonus
    leading = parts.leading

    # The line and word being searched (rebound by ``select`` and the drivers).
    across: cython.bint = True
    current: Line | None = None
    line_index: cython.long = 0
    tiles: list[str | None] = []
    squares: list[Square | None] = []
    lms: list[int] = []
    wms: list[int] = []
    runs: list[tuple[str, int]] = []
    letters = [""]  # the word being built, one letter per square, blanks in lower case
    start: cython.Py_ssize_t = 0
    last: cython.Py_ssize_t = 0  # the last square a word may end on
    exact: cython.bint = False  # record only words ending exactly on ``last`` (bounded search)

    def select(line_across: bool, line: Line) -> None:
        nonlocal across, current, line_index, tiles, squares, lms, wms, runs, letters
        across = line_across
        current = line
        line_index = line.number
        tiles = line.tiles
        squares = line.squares
        lms = line.letter_multipliers
        wms = line.word_multipliers
        runs = line.runs
        letters = [tile or "" for tile in tiles]  # board tiles as they lie

    def extend(pos: cython.Py_ssize_t, kid_mask: cython.ulonglong, kids: dict[int, Child],
               main: cython.long, mult: cython.long, cross: cython.long, placed: cython.long,
               held: cython.ulonglong, swappable: cython.ulonglong) -> None:
        # Put a tile on the empty square ``pos`` after the node whose children are ``kids``.
        # ``held``: the letters of which real tiles are left; ``swappable``: non-zero once a
        # blank stands for a letter the rack also holds (so the word has other blank
        # assignments than the one being scored).
        mask: cython.ulonglong
        lm: cython.long
        wm: cython.long
        csum: cython.long
        nxt: cython.Py_ssize_t
        points: cython.long
        end: cython.Py_ssize_t
        cross_length: cython.Py_ssize_t
        next_mask: cython.ulonglong
        candidates: cython.ulonglong
        bit: cython.ulonglong
        next_kid_mask: cython.ulonglong
        now_held: cython.ulonglong
        swaps: cython.ulonglong
        i: cython.Py_ssize_t
        real: cython.long
        have_blank: cython.long
        spare: cython.long
        v: cython.long
        word_part: cython.long
        cross_part: cython.long
        score: cython.long
        bonus: cython.long
        is_word: cython.bint
        (mask, lm, wm, csum, _xwm, nxt, run, points, end, cross_length,
         next_mask) = squares[pos]  # type: ignore[misc, unused-ignore]
        have_blank = counts[blank]
        candidates = kid_mask & mask & (full if have_blank else held)
        if not candidates:
            return
        mult *= wm
        placed += 1
        main += points
        go_on = placed < rack_size and nxt <= last
        record = not exact or end == last
        if record and placed == 1:
            length = end - start + 1
            record = length >= 2 and (length > cross_length or (length == cross_length and across))
        if not (record or go_on):
            return
        bonus = bingo if placed == hand_size else 0
        while candidates:
            bit = candidates & -candidates
            candidates ^= bit
            i, letter, lower, child, is_word = kids[bit]
            if run:
                # Step over the board tiles that follow, through the memoised expansions.
                for run_bit in run:
                    over = (expansions.get(child) or expand(child))[1].get(run_bit)
                    if over is None:
                        child = None
                        break
                    child = over[3]
                    is_word = over[4]
                if child is None:
                    continue
            elif not (go_on or is_word):
                continue
            real = counts[i]
            if real:  # a real tile while the rack holds one, else a blank
                letters[pos] = letter
                v = values[i] * lm
                spare = have_blank
                swaps = swappable
            else:
                letters[pos] = lower
                v = 0
                spare = have_blank - 1
                swaps = swappable | (held_all & bit)
            word_part = main + v
            cross_part = cross + (csum + v) * wm if csum >= 0 else cross
            if record and is_word:
                score = word_part * mult + cross_part + bonus
                if spare or swaps:
                    designate(letters, tiles, squares, across, line_index, start, end, mult, score)
                elif score >= state.threshold:
                    emit((score, across, line_index, start, end, "".join(letters[start:end + 1])))
            if go_on:
                next_kid_mask, next_kids = expansions.get(child) or expand(child)
                if real:
                    now_held = held if real > 1 else held ^ bit
                    if next_kid_mask & next_mask & (full if have_blank else now_held):
                        counts[i] = real - 1
                        extend(nxt, next_kid_mask, next_kids, word_part, mult, cross_part,
                               placed, now_held, swaps)
                        counts[i] = real
                elif next_kid_mask & next_mask & (full if spare else held):
                    counts[blank] = spare
                    extend(nxt, next_kid_mask, next_kids, word_part, mult, cross_part,
                           placed, held, swaps)
                    counts[blank] = have_blank

    def from_left_part(prefix: Prefix, at: int, leads: int) -> None:
        # Lay a left part on the squares before ``at``, then extend from ``at`` with the
        # letters ``leads`` allows there (those that can lead into the board tiles after
        # it): the others would each be tried and stepped over those tiles in vain.
        nonlocal start
        node, _mask, held, _playable, swappable, length = prefix[:6]
        main = 0
        mult = 1
        square = at - 1
        link: Prefix | None = prefix
        while square >= at - length:
            _node, _m, _h, _p, _s, _l, link, tile, value, slot, _most = link  # type: ignore[misc]
            letters[square] = tile
            main += value * lms[square]
            mult *= wms[square]
            counts[slot] -= 1
            square -= 1
        start = at - length
        kid_mask, kids = expansions.get(node) or expand(node)
        extend(at, kid_mask & leads, kids, main, mult, 0, length, held, swappable)
        link = prefix
        for _ in range(length):
            counts[link[9]] += 1  # the rack slot its last tile used
            link = link[6]  # the left part it extends

    def after_board_tiles(at: int, first: int) -> None:
        # Every word whose left part is the board tiles on squares ``first..at - 1``.
        nonlocal start
        run, points = runs[first]
        node = step(root, run)
        if node is not None:
            start = first
            kid_mask, kids = expansions.get(node) or expand(node)
            extend(at, kid_mask, kids, points, 1, 0, 0, held_all, 0)

    def run_anchor(at: int) -> None:
        # Every word through anchor ``at``: after the board tiles just before it, or after
        # each left part of rack tiles that fits before it.
        nonlocal last, exact
        last = len(tiles) - 1
        exact = False
        if at > 0 and tiles[at - 1] is not None:
            first = at - 1
            while first > 0 and tiles[first - 1] is not None:
                first -= 1
            after_board_tiles(at, first)
            return
        mask = squares[at][0]  # type: ignore[index]
        following = squares[at][6]  # type: ignore[index]
        # The letter on the anchor must lead into the board tiles after it, if any.
        first_bit = following[0] if following else 0
        assert current is not None, "select() picks the line first"
        for length in range(left_limit(current, at, rack_size) + 1):
            for prefix, leads in leading(length, first_bit):
                if leads & mask:
                    from_left_part(prefix, at, leads)

    def run_span(at: int, first: int, span_last: int, weights: list[int], rest: int) -> None:
        # The moves of one placement scoring at least the current threshold.  Each left
        # part of rack tiles is bounded first: its tiles at their best (a letter the rack
        # lacks is a blank, worth 0) weighted by ``weights``, plus ``rest``, the rest of the
        # move at its best.
        nonlocal last, exact
        last = span_last
        exact = True
        if at > 0 and tiles[at - 1] is not None:
            after_board_tiles(at, first)
            return
        mask = squares[at][0]  # type: ignore[index]
        following = squares[at][6]  # type: ignore[index]
        for prefix, leads in leading(at - first, following[0] if following else 0):
            if not leads & mask:
                continue
            if weights:
                bound = rest
                link = prefix
                for weight in weights:
                    bound += link[10] * weight  # the most its last tile can be worth
                    link = link[6]
                if bound < state.threshold:
                    continue
            from_left_part(prefix, at, leads)

    return LineSearch(select, run_anchor, run_span)

