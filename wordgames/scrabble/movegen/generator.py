"""Move generation for the classic rules, after Appel & Jacobson (1988).

**Lines, one code path.**  The generator works on *lines*: the rows of the board for across
moves and the rows of the transposed board for down moves, so both directions run through the
same code.  For each line it precomputes, per square:

* the **cross-check set**, a bit mask of the letters that may go there because the word they
  form with the tiles above and below is in the lexicon (every letter when the square has no
  tile above or below), and the **cross-word score part** (the value of those tiles);
* the letter and word multipliers, the board tiles that follow the square, and whether the
  square is an **anchor**: an empty square next to a tile (on an empty board, the start
  square).

**LeftPart / ExtendRight.**  Every move places a tile on an anchor; the search attributes a
move to the leftmost anchor it covers.  The *left part* before an anchor is either the board
tiles just before it, or up to ``k`` rack tiles on the empty non-anchor squares before it
(``k`` is Appel & Jacobson's limit, at most the rack size minus one).  Those squares have no
cross words, so left parts depend on the rack alone: LeftPart enumerates them once per
search, depth first over the lexicon's node walk, and every anchor reuses them, keeping those
whose node can be followed by a letter the anchor's cross-check and the remaining rack allow
(and that leads into the board tiles after the anchor, if any).  *ExtendRight* then walks
from the anchor: on an empty square it tries each letter the node can be followed by, the
cross-check allows and the rack supplies, and steps over the board tiles that follow.  A
word is recorded when its node is a word and the square after it is empty.  Knowing the left
part's length fixes every square's premiums, so scores are summed as the tiles go down.  A
one-tile move is recorded in one direction only (its longer word, across on a tie), so every
distinct placement appears once.

**Blanks.**  The search walks each *word* once: a letter is played from a real tile while the
rack holds one and from a blank otherwise.  When a word is recorded, its blank assignments are
expanded without touching the lexicon: every choice of placed squares to hold the blanks that
leaves no more real tiles of a letter than the rack holds is a distinct move, scoring the
all-real score minus what each blank's square would have earned.  So two blanks multiply the
moves, not the lexicon walk.

**The hot loop allocates nothing** but the records it keeps: scores are integers passed down
the recursion, the rack is a counts list changed in place with a bit mask of the letters still
held, the word being built lives in per-line buffers, the candidate letters are the bits of
``children & cross-check & rack``, each square's data is one tuple, and each lexicon node is
expanded once into a child bit mask and a table that later searches reuse.

**Best moves.**  :meth:`MoveGenerator.best` finds the top N of a rack holding blanks without
generating every move.  It splits the search into *placements* (a line, the first and last
squares of the word, hence the squares to fill), bounds each placement's score before
searching it — the rack's highest values on the placement's most valuable squares, plus the
board tiles and cross words, plus the bingo bonus when it fills ``hand_size`` squares —
searches placements best bound first, and stops when the bound falls below the N-th best
score found.  Within a placement each left part is bounded again with its own letters (one the
rack lacks is a blank, worth 0), and blank assignments scoring below the threshold are never
built.  (Bounding every placement costs more than it saves for a rack without blanks, which
gets one full generation.)
"""

from __future__ import annotations

import heapq
import weakref
from collections.abc import Callable
from itertools import combinations
from typing import Any, NamedTuple

from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.layout import Layout
from wordgames.scrabble.core.move import Direction, Move, Placement
from wordgames.scrabble.core.scoring import DEFAULT_BINGO_BONUS, DEFAULT_HAND_SIZE
from wordgames.scrabble.core.tiles import BLANK, STANDARD_ENGLISH, Rack, TileSet

Node = Any
Child = tuple[int, str, str, Node, bool]
"""A child in a node expansion: (letter index, letter, lower-case letter, node, whether it
spells a word)."""
Expansion = tuple[int, dict[int, Child]]
"""A node expansion: the bit mask of the child letters, and each child by its letter's bit."""
Square = tuple[int, int, int, int, int, int, tuple[int, ...], int, int, int, int]
"""What the search reads about an empty square: (cross-check mask, letter multiplier, word
multiplier, cross-word part or -1 without a cross word, the word multiplier a tile's cross word
gets there (0 without one), the next square after the board tiles that follow, the letter bits
of those tiles (empty when none follow), their points, the last square of a word that ends
with them, the length of the cross word a tile there makes (1 when none), the cross-check mask
of the next square (0 off the board))."""
RawMove = tuple[int, bool, int, int, int, str]
"""A generated move before it becomes a :class:`Move`: (score, across, line, first square,
last square, word as it lies on the board with blanks in lower case)."""
Emit = Callable[[RawMove], None]
Prefix = tuple[Node, int, int, int, int, int, Any, str, int, int, int]
"""A left part: (node, its child mask, letters still held, letters still playable, whether a
blank stands for a letter the rack also holds, length, the left part it extends (None for
the empty one), its last tile (a blank in lower case), that tile's value, the rack slot it
used — a letter index or the blank slot —, and the most that tile can be worth in any blank
assignment: its letter's value when the rack holds that letter, else 0)."""

_MAX_CACHED = 400_000
_NO_BOUND = -(1 << 60)


class LexiconTables:
    """What the generator learns about one lexicon and alphabet, kept between calls.

    * node expansions: a node's child letters as a bit mask plus each child's (index, letter,
      node, is a word), built from the lexicon's ``next_letters`` / ``step`` / ``is_word_at``
      the first time the node is reached;
    * cross-check masks by (letters above, letters below).

    Both memos are bounded: past ``_MAX_CACHED`` entries a memo starts again.
    """

    def __init__(self, lexicon: Lexicon, alphabet: str) -> None:
        self.lexicon = lexicon
        self.alphabet = alphabet
        self.index = {letter: i for i, letter in enumerate(alphabet)}
        self.full_mask = (1 << len(alphabet)) - 1
        self.expansions: dict[Node, Expansion] = {}
        self.cross_masks: dict[tuple[str, str], int] = {}
        self.follows: dict[Node, dict[int, int]] = {}

    def expand(self, node: Node) -> Expansion:
        """The children of ``node`` whose letters are in the alphabet (memoised).
        Cost: one ``next_letters`` and one ``step`` per child the first time."""
        found = self.expansions.get(node)
        if found is not None:
            return found
        lexicon = self.lexicon
        index = self.index
        mask = 0
        children: dict[int, Child] = {}
        for letter in lexicon.next_letters(node):
            i = index.get(letter)
            if i is None:
                continue
            child = lexicon.step(node, letter)
            if child is not None:
                bit = 1 << i
                mask |= bit
                children[bit] = (i, letter, letter.lower(), child, lexicon.is_word_at(child))
        if len(self.expansions) >= _MAX_CACHED:
            self.expansions.clear()
        expansion = (mask, children)
        self.expansions[node] = expansion
        return expansion

    def follow(self, node: Node) -> dict[int, int]:
        """For each letter (by bit) that can come two places after ``node``, the mask of the
        letters that can go between (memoised).  Left parts use it to drop a prefix at once
        when no letter on the anchor can lead into the board tiles after it."""
        found = self.follows.get(node)
        if found is not None:
            return found
        expansions = self.expansions
        expand = self.expand
        follow: dict[int, int] = {}
        for bit, (_i, _letter, _lower, child, _is_word) in (expansions.get(node) or expand(node))[1].items():
            grandchildren = (expansions.get(child) or expand(child))[0]
            while grandchildren:
                second = grandchildren & -grandchildren
                grandchildren ^= second
                follow[second] = follow.get(second, 0) | bit
        if len(self.follows) >= _MAX_CACHED:
            self.follows.clear()
        self.follows[node] = follow
        return follow

    def cross_mask(self, above: str, below: str) -> int:
        """The letters ``x`` (as a bit mask) for which ``above + x + below`` is a word
        (memoised by the pair)."""
        key = (above, below)
        mask = self.cross_masks.get(key)
        if mask is not None:
            return mask
        lexicon = self.lexicon
        mask = 0
        node = lexicon.step(lexicon.root(), above) if above else lexicon.root()
        if node is not None:
            for bit, (_i, _letter, _lower, child, is_word) in self.expand(node)[1].items():
                if below:
                    end = lexicon.step(child, below)
                    if end is not None and lexicon.is_word_at(end):
                        mask |= bit
                elif is_word:
                    mask |= bit
        if len(self.cross_masks) >= _MAX_CACHED:
            self.cross_masks.clear()
        self.cross_masks[key] = mask
        return mask


_TABLES: dict[tuple[int, str], tuple[weakref.ref[Lexicon], LexiconTables]] = {}


def lexicon_tables(lexicon: Lexicon, alphabet: str) -> LexiconTables:
    """The shared :class:`LexiconTables` of ``lexicon`` for ``alphabet`` (made on first
    use, dropped when the lexicon is garbage-collected)."""
    key = (id(lexicon), alphabet)
    entry = _TABLES.get(key)
    if entry is not None and entry[0]() is lexicon:
        return entry[1]
    tables = LexiconTables(lexicon, alphabet)
    registry = _TABLES  # bound here: at interpreter exit module globals may be gone

    def forget(_ref: weakref.ref[Lexicon]) -> None:
        registry.pop(key, None)

    _TABLES[key] = (weakref.ref(lexicon, forget), tables)
    return tables


_PREMIUMS: dict[Layout, tuple[list[list[int]], list[list[int]]]] = {}


def _premium_grids(layout: Layout, across: bool) -> tuple[list[list[int]], list[list[int]]]:
    """The letter and word multipliers of every square, transposed for down moves
    (memoised per layout)."""
    grids = _PREMIUMS.get(layout)
    if grids is None:
        rows, cols = range(layout.rows), range(layout.cols)
        grids = (
            [[layout.letter_multiplier(r, c) for c in cols] for r in rows],
            [[layout.word_multiplier(r, c) for c in cols] for r in rows],
        )
        if len(_PREMIUMS) > 64:
            _PREMIUMS.clear()
        _PREMIUMS[layout] = grids
    if across:
        return grids
    return (
        [list(column) for column in zip(*grids[0], strict=True)],
        [list(column) for column in zip(*grids[1], strict=True)],
    )


class _Line(NamedTuple):
    """One line of one orientation, with everything the search reads per square."""

    number: int
    tiles: list[str | None]
    squares: list[Square | None]
    """Per empty square its :data:`Square`; None on board tiles."""
    above: list[str]
    below: list[str]
    letter_multipliers: list[int]
    word_multipliers: list[int]
    anchors: list[int]
    is_anchor: list[bool]
    runs: list[tuple[str, int]]
    """At the first square of each run of board tiles: (the run in upper case, its points)."""


class _Orientation:
    """The board seen so that the moves being generated read across: the board itself, or
    its transpose for down moves.  Holds the per-line tables of one direction."""

    def __init__(self, board: Board, across: bool, tables: LexiconTables, tile_set: TileSet) -> None:
        self.across = across
        grid = board.grid()
        if not across:
            grid = [list(column) for column in zip(*grid, strict=True)]
        self.grid = grid
        self.rows = len(grid)
        self.cols = len(grid[0])
        start_row, start_col = board.layout.start
        self.start = (start_row, start_col) if across else (start_col, start_row)
        letter_grid, word_grid = _premium_grids(board.layout, across)
        self.lines = self._build_lines(tables, tile_set, letter_grid, word_grid)

    def _build_lines(
        self, tables: LexiconTables, tile_set: TileSet, letter_grid: list[list[int]],
        word_grid: list[list[int]],
    ) -> list[_Line]:
        grid, rows, cols = self.grid, self.rows, self.cols
        value = tile_set.value
        above = [[""] * cols for _ in range(rows)]
        below = [[""] * cols for _ in range(rows)]
        cross_sum = [[0] * cols for _ in range(rows)]
        # Runs of tiles down each column give the cross words of the squares above and below.
        for col in range(cols):
            row = 0
            while row < rows:
                if grid[row][col] is None:
                    row += 1
                    continue
                top = row
                letters = []
                total = 0
                while row < rows and (tile := grid[row][col]) is not None:
                    letters.append(tile)
                    total += value(tile)
                    row += 1
                text = "".join(letters).upper()
                if top > 0:
                    below[top - 1][col] = text
                    cross_sum[top - 1][col] += total
                if row < rows:
                    above[row][col] = text
                    cross_sum[row][col] += total
        empty_board = not any(tile is not None for line in grid for tile in line)
        full = tables.full_mask
        cross_mask = tables.cross_mask
        index = tables.index
        lines = []
        for row in range(rows):
            tiles = grid[row]
            lms, wms = letter_grid[row], word_grid[row]
            row_above, row_below = above[row], below[row]
            runs: list[tuple[str, int]] = [("", 0)] * (cols + 1)
            run_end = [0] * (cols + 1)
            run_bits: list[tuple[int, ...]] = [()] * (cols + 1)
            col = cols - 1
            while col >= 0:  # right to left, so each square can see the run after it
                if tiles[col] is None:
                    col -= 1
                    continue
                last = col
                while col > 0 and tiles[col - 1] is not None:
                    col -= 1
                segment = tiles[col:last + 1]
                text = "".join(segment).upper()  # type: ignore[arg-type]
                runs[col] = (text, sum(value(tile) for tile in segment if tile is not None))
                run_end[col] = last
                run_bits[col] = tuple(1 << index[letter] for letter in text)
                col -= 1
            masks = [0] * (cols + 1)
            anchors = []
            for col in range(cols):
                if tiles[col] is None:
                    up, down = row_above[col], row_below[col]
                    masks[col] = cross_mask(up, down) if up or down else full
                    if up or down or runs[col + 1][0] or (col > 0 and tiles[col - 1] is not None):
                        anchors.append(col)
            if empty_board:
                anchors = [self.start[1]] if row == self.start[0] else []
            squares: list[Square | None] = [None] * cols
            for col in range(cols) if anchors else ():  # a line without anchors is not searched
                if tiles[col] is not None:
                    continue
                up, down = row_above[col], row_below[col]
                points = runs[col + 1][1]
                if run_bits[col + 1]:
                    nxt, end = run_end[col + 1] + 1, run_end[col + 1]
                else:
                    nxt, end = col + 1, col
                if up or down:
                    squares[col] = (masks[col], lms[col], wms[col], cross_sum[row][col], wms[col], nxt,
                                    run_bits[col + 1], points, end, 1 + len(up) + len(down), masks[nxt])
                else:
                    squares[col] = (masks[col], lms[col], wms[col], -1, 0, nxt, run_bits[col + 1],
                                    points, end, 1, masks[nxt])
            is_anchor = [False] * cols
            for col in anchors:
                is_anchor[col] = True
            lines.append(_Line(row, tiles, squares, row_above, row_below, lms, wms, anchors,
                               is_anchor, runs))
        return lines


class _Span(NamedTuple):
    """A placement for the bounded search: the word covers squares first..last of a line,
    its leftmost placed anchor is ``anchor``; no move there scores more than ``bound``."""

    bound: int
    orientation: int
    line: int
    anchor: int
    first: int
    last: int
    filled: int
    """How many squares the placement fills (rack tiles it uses)."""
    left: int
    """How many of them lie before the anchor (the left part's length)."""


class _Engine:
    """The search over one board for one rack: both orientations, the rack state and the
    shared left parts.  ``generate_all`` emits every move; ``spans`` and ``run_span`` drive
    the bounded search, which emits only moves scoring at least ``threshold``."""

    def __init__(self, generator: MoveGenerator, board: Board, rack: Rack, emit: Emit) -> None:
        tables = generator.tables
        self.tables = tables
        self.orientations = [
            _Orientation(board, across, tables, generator.tile_set) for across in (True, False)
        ]
        counts = [0] * (len(generator.alphabet) + 1)
        for tile, count in rack.counts().items():
            if tile == BLANK:
                counts[-1] += count
            elif tile in tables.index:
                counts[tables.index[tile]] += count
        self.counts = counts
        self.rack_size = sum(counts)
        self.values = generator.values
        self.tile_value = generator.tile_set.value
        self.hand_size = generator.hand_size
        self.bingo_bonus = generator.bingo_bonus
        self.threshold = _NO_BOUND
        self._build(generator, emit)

    def _build(self, generator: MoveGenerator, emit: Emit) -> None:
        """Define the search as closures over the engine's state: the hot loop reads closure
        cells and locals, which is cheaper than attribute look-ups."""
        tables = self.tables
        expansions = tables.expansions
        expand = tables.expand
        follows = tables.follows
        follow = tables.follow
        letter_index = tables.index
        full = tables.full_mask
        lexicon = generator.lexicon
        step = lexicon.step
        root = lexicon.root()
        values = self.values
        counts = self.counts
        blank = len(counts) - 1
        rack = counts[:]  # the whole rack; ``counts`` is what the search has not used yet
        blanks_on_rack = rack[blank]
        rack_size = self.rack_size
        hand_size = generator.hand_size
        bingo = generator.bingo_bonus
        engine = self
        held_all = 0  # the letters the whole rack holds real tiles of
        for i in range(blank):
            if counts[i]:
                held_all |= 1 << i
        playable_all = held_all | (full if blanks_on_rack else 0)

        # The line and word being searched (rebound by ``select`` and the drivers).
        across = True
        line_index = 0
        n = 0
        tiles: list[str | None] = []
        squares: list[Square | None] = []
        lms: list[int] = []
        wms: list[int] = []
        runs: list[tuple[str, int]] = []
        is_anchor: list[bool] = []
        letters = [""]  # the word being built, one letter per square, blanks in lower case
        start = 0
        last = 0  # the last square a word may end on
        exact = False  # record only words ending exactly on ``last`` (bounded search)

        def select(orientation: _Orientation, line: _Line) -> None:
            nonlocal across, line_index, n, tiles, squares, lms, wms, runs, is_anchor
            nonlocal letters
            across = orientation.across
            line_index = line.number
            tiles = line.tiles
            n = len(tiles)
            squares = line.squares
            lms = line.letter_multipliers
            wms = line.word_multipliers
            runs = line.runs
            is_anchor = line.is_anchor
            letters = [tile or "" for tile in tiles]  # board tiles as they lie

        def extend(pos: int, kid_mask: int, kids: dict[int, Child], main: int, mult: int,
                   cross: int, placed: int, held: int, swappable: int) -> None:
            # ExtendRight: put a tile on the empty square ``pos`` after the node whose
            # children are ``kids``.  ``held``: the letters of which real tiles are left;
            # ``swappable``: non-zero once a blank stands for a letter the rack also holds
            # (so the word has other blank assignments than the one being scored).
            (mask, lm, wm, csum, _xwm, nxt, run, points, end, cross_length,
             next_mask) = squares[pos]  # type: ignore[misc]
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
                        with_blanks(score, end, mult)
                    elif score >= engine.threshold:
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

        def with_blanks(score: int, end: int, mult: int) -> None:
            # Emit every assignment of the rack's blanks to the word's placed squares that
            # leaves no more real tiles of a letter than the rack holds.  ``score`` is the
            # score of the assignment in ``letters`` (blanks where the rack ran out of a
            # letter); each assignment scores the all-real score minus, for each blank, what
            # a real tile would have earned on its square.
            offsets = []
            losses = []
            chars = letters[start:end + 1]
            for q in range(start, end + 1):
                if tiles[q] is None:
                    offset = q - start
                    char = chars[offset]
                    upper = char.upper()
                    square = squares[q]
                    loss = values[letter_index[upper]] * square[1] * (mult + square[4])  # type: ignore[index]
                    if char != upper:
                        score += loss
                        chars[offset] = upper
                    offsets.append(offset)
                    losses.append(loss)
            word = "".join(chars)
            threshold = engine.threshold
            count = len(offsets)
            short: list[tuple[str, int]] = []  # letters the rack lacks, with how many
            uses: dict[str, int] = {}
            for offset in offsets:
                uses[word[offset]] = uses.get(word[offset], 0) + 1
            forced = 0
            for letter, used in uses.items():
                if used > rack[letter_index[letter]]:
                    short.append((letter, used - rack[letter_index[letter]]))
                    forced += used - rack[letter_index[letter]]
            if not forced and score >= threshold:
                emit((score, across, line_index, start, end, word))
            for size in range(max(forced, 1), min(blanks_on_rack, count) + 1):
                for chosen in combinations(range(count), size):
                    if short and not enough_blanks(word, offsets, chosen, short):
                        continue
                    total = score
                    for j in chosen:
                        total -= losses[j]
                    if total < threshold:
                        continue
                    if size == 1:
                        at = offsets[chosen[0]]
                        text = word[:at] + word[at].lower() + word[at + 1:]
                    else:
                        variant = list(word)
                        for j in chosen:
                            variant[offsets[j]] = variant[offsets[j]].lower()
                        text = "".join(variant)
                    emit((total, across, line_index, start, end, text))

        def enough_blanks(word: str, offsets: list[int], chosen: tuple[int, ...],
                          short: list[tuple[str, int]]) -> bool:
            # Whether the ``chosen`` squares hold blanks for every letter the rack lacks.
            for letter, need in short:
                for j in chosen:
                    if word[offsets[j]] == letter:
                        need -= 1
                if need > 0:
                    return False
            return True

        # LeftPart, shared by every anchor: the left parts of each length (a level), built
        # once per search, depth first from the whole rack with the real-tile-first rule.
        # Each left part links to the one it extends, so building one costs one tuple.
        levels: list[list[Prefix]] = []

        def build_levels(depth: int) -> None:
            if len(levels) > depth:
                return
            levels.clear()
            levels.extend([] for _ in range(depth + 1))
            kid_mask = expand(root)[0]
            top: Prefix = (root, kid_mask, held_all, playable_all, 0, 0, None, "", 0, 0, 0)
            levels[0].append(top)
            if depth and kid_mask & playable_all:
                grow(top, root, kid_mask, held_all, playable_all, 0, 0, depth)

        def grow(parent: Prefix, node: Node, kid_mask: int, held: int, playable: int,
                 swappable: int, length: int, depth: int) -> None:
            # Add the left parts one tile longer than ``parent``, and theirs, ``depth`` deep;
            # only those some letter can still follow are kept.
            candidates = kid_mask & playable
            kids = expansions[node][1]
            level = levels[length + 1]
            length += 1
            while candidates:
                bit = candidates & -candidates
                candidates ^= bit
                i, letter, lower, child, _is_word = kids[bit]
                if counts[i]:
                    slot, tile, value, swaps = i, letter, values[i], swappable
                else:
                    slot, tile, value, swaps = blank, lower, 0, swappable | (held_all & bit)
                counts[slot] -= 1
                now_held = held ^ bit if slot == i and not counts[i] else held
                now_playable = now_held | (full if counts[blank] else 0)
                child_mask = (expansions.get(child) or expand(child))[0]
                if child_mask & now_playable:
                    prefix = (child, child_mask, now_held, now_playable, swaps, length, parent,
                              tile, value, slot, values[i] if held_all & bit else 0)
                    level.append(prefix)
                    if depth > 1:
                        grow(prefix, child, child_mask, now_held, now_playable, swaps, length,
                             depth - 1)
                counts[slot] += 1

        def from_left_part(prefix: Prefix, at: int, leads: int) -> None:
            # Lay a left part on the squares before ``at``, then ExtendRight from ``at`` with
            # the letters ``leads`` allows there (those that can lead into the board tiles
            # after it): the others would each be tried and stepped over those tiles in vain.
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
                counts[link[9]] += 1
                link = link[6]

        def left_limit(at: int) -> int:
            # How many empty non-anchor squares before ``at`` a left part may fill.
            limit = 0
            square = at - 1
            while (limit < rack_size - 1 and square >= 0 and tiles[square] is None
                   and not is_anchor[square]):
                limit += 1
                square -= 1
            return limit

        def left_parts(at: int, lengths: range) -> None:
            # Every word through anchor ``at`` starting ``lengths`` squares before it.
            nonlocal start
            if at > 0 and tiles[at - 1] is not None:
                first = at - 1
                while first > 0 and tiles[first - 1] is not None:
                    first -= 1
                run, points = runs[first]
                node = step(root, run)
                if node is not None:
                    start = first
                    kid_mask, kids = expansions.get(node) or expand(node)
                    extend(at, kid_mask, kids, points, 1, 0, 0, held_all, 0)
                return
            mask = squares[at][0]  # type: ignore[index]
            following = squares[at][6]  # type: ignore[index]
            # The letter on the anchor must lead into the board tiles after it, if any.
            first_bit = following[0] if following else 0
            for length in lengths:
                for prefix, leads in leading(length, first_bit):
                    if leads & mask:
                        from_left_part(prefix, at, leads)

        # Left parts of one length with the letters that may follow them (into a board tile
        # ``first_bit`` when non-zero), dropping those that cannot be followed at all.
        leads_memo: dict[tuple[int, int], list[tuple[Prefix, int]]] = {}

        def leading(length: int, first_bit: int) -> list[tuple[Prefix, int]]:
            key = (length, first_bit)
            found = leads_memo.get(key)
            if found is None:
                found = []
                for prefix in levels[length]:
                    if first_bit:
                        leads = (follows.get(prefix[0]) or follow(prefix[0])).get(first_bit, 0)
                    else:
                        leads = prefix[1]
                    leads &= prefix[3]
                    if leads:
                        found.append((prefix, leads))
                leads_memo[key] = found
            return found

        def run_anchor(at: int) -> None:
            # Every move whose leftmost placed anchor is ``at``.
            nonlocal last, exact
            last = n - 1
            exact = False
            left_parts(at, range(left_limit(at) + 1))

        def run_span(span: _Span, orientation: _Orientation) -> None:
            # The moves of one placement scoring at least the current threshold.  Each left
            # part is bounded first: its tiles at their best (a letter the rack lacks is a
            # blank, worth 0) plus the whole rack at its best on the other squares.
            nonlocal last, exact
            select(orientation, orientation.lines[span.line])
            last = span.last
            exact = True
            at = span.anchor
            if not span.left:
                left_parts(at, range(at - span.first, at - span.first + 1))
                return
            weights, rest = engine.left_weights(span)
            mask = squares[at][0]  # type: ignore[index]
            following = squares[at][6]  # type: ignore[index]
            for prefix, leads in leading(span.left, following[0] if following else 0):
                if not leads & mask:
                    continue
                bound = rest
                link = prefix
                for weight in weights:
                    bound += link[10] * weight
                    link = link[6]
                if bound >= engine.threshold:
                    from_left_part(prefix, at, leads)

        self.select = select
        self.build_levels = build_levels
        self.run_anchor = run_anchor
        self.run_span = run_span
        self.left_limit = left_limit
        self.held_all = held_all
        self.blanks = blanks_on_rack
        self.playable_all = playable_all
        self.rack_values = sorted(
            (values[i] for i in range(blank) for _ in range(counts[i])), reverse=True
        )

    # --- driving the search ----------------------------------------------------------------

    def generate_all(self) -> None:
        """Emit every legal move."""
        if self.rack_size == 0:
            return
        depth = 0  # the longest left part any anchor takes
        for orientation in self.orientations:
            for line in orientation.lines:
                if line.anchors:
                    self.select(orientation, line)
                    for at in line.anchors:
                        if not (at > 0 and line.tiles[at - 1] is not None):
                            depth = max(depth, self.left_limit(at))
        self.build_levels(depth)
        for orientation in self.orientations:
            for line in orientation.lines:
                if line.anchors:
                    self.select(orientation, line)
                    for at in line.anchors:
                        self.run_anchor(at)

    def spans(self) -> list[_Span]:
        """Every placement a move could occupy with its score bound, best bound first."""
        spans: list[_Span] = []
        if self.rack_size == 0:
            return spans
        for number, orientation in enumerate(self.orientations):
            for line in orientation.lines:
                if line.anchors:
                    self.select(orientation, line)
                    self._line_spans(number, line, spans)
        spans.sort(reverse=True)
        self.build_levels(max((span.left for span in spans), default=0))
        return spans

    def _line_spans(self, number: int, line: _Line, spans: list[_Span]) -> None:
        tiles, squares = line.tiles, line.squares
        n = len(tiles)
        rack_size = self.rack_size
        playable = self.playable_all
        for at in line.anchors:
            if at > 0 and tiles[at - 1] is not None:
                first = at - 1
                while first > 0 and tiles[first - 1] is not None:
                    first -= 1
                starts = [first]
            else:
                starts = list(range(at - self.left_limit(at), at + 1))
            for first in starts:
                # Walk right from the anchor: after each tile put down the word may end
                # (past any board tiles that follow).
                fixed = sum(self.tile_value(tile) for tile in tiles[first:at] if tile is not None)
                factors = [(line.letter_multipliers[s], line.word_multipliers[s], -1, 0, False)
                           for s in range(first, at) if tiles[s] is None]
                left = len(factors)
                square = at
                forced = 0  # squares whose cross-check allows no letter the rack holds
                while square < n and len(factors) < rack_size:
                    info = squares[square]
                    if info is None or not info[0] & playable:
                        break
                    blank_only = not info[0] & self.held_all
                    forced += blank_only
                    if forced > self.blanks:
                        break
                    factors.append((info[1], info[2], info[3], info[4], blank_only))
                    fixed += info[7]
                    square = info[5]
                    last = info[8]
                    if len(factors) == 1:
                        # A one-tile move reads this way only if that makes the longer word
                        # (across on a tie), as the full search records it.
                        length, cross = last - first + 1, info[9]
                        if length < 2 or length < cross or (length == cross and number == 1):
                            continue
                    spans.append(_Span(self._bound(fixed, factors), number, line.number, at,
                                       first, last, len(factors), left))

    def left_weights(self, span: _Span) -> tuple[list[int], int]:
        """For a placement with a left part of rack tiles: what a tile value is worth on each
        left-part square, last square first, and the most the rest of the move can score
        (board tiles, cross words, the whole rack on the other squares, the bingo)."""
        line = self.orientations[span.orientation].lines[span.line]
        tiles, squares = line.tiles, line.squares
        mult = 1
        for square in range(span.first, span.last + 1):
            if tiles[square] is None:
                mult *= line.word_multipliers[square]
        left = range(span.anchor - 1, span.first - 1, -1)
        weights = [line.letter_multipliers[square] * mult for square in left]
        factors = [(info[0], info[1], info[3], info[4]) for square in range(span.anchor, span.last + 1)
                   if (info := squares[square]) is not None]
        fixed = sum(self.tile_value(tile) for tile in tiles[span.anchor:span.last + 1] if tile is not None)
        total = fixed * mult
        rest_weights = []
        for mask, lm, csum, xwm in factors:
            if csum >= 0:
                total += csum * xwm
            if mask & self.held_all:  # else only a blank, worth 0, can go there
                rest_weights.append(lm * (mult + xwm))
        rest_weights.sort(reverse=True)
        total += sum(v * w for v, w in zip(self.rack_values, rest_weights, strict=False))
        if span.filled == self.hand_size:
            total += self.bingo_bonus
        return weights, total

    def _bound(self, fixed: int, factors: list[tuple[int, int, int, int, bool]]) -> int:
        """The most a move can score filling squares with these (letter multiplier, word
        multiplier, cross-word part, cross-word multiplier, only a blank fits) next to
        ``fixed`` points of board tiles: the rack's highest values on the most valuable
        squares a real tile can take."""
        mult = 1
        for _lm, wm, _csum, _xwm, _blank_only in factors:
            mult *= wm
        total = fixed * mult
        weights = []
        for lm, _wm, csum, xwm, blank_only in factors:
            if csum >= 0:
                total += csum * xwm
            if not blank_only:
                weights.append(lm * (mult + xwm))
        weights.sort(reverse=True)
        total += sum(v * w for v, w in zip(self.rack_values, weights, strict=False))
        if len(factors) == self.hand_size:
            total += self.bingo_bonus
        return total


class MoveGenerator:
    """Generates classic-rules moves for any board, layout, rack (blanks ``?``, any number)
    and hand size from a lexicon's node walk (any backend).

    :meth:`moves` lists every distinct legal move; :meth:`best` the top N by a bounded
    search.  Both return :class:`Move` objects carrying their score and the words they form
    (main word first).  Lexicon look-ups are memoised per lexicon and alphabet across calls.
    """

    def __init__(
        self,
        lexicon: Lexicon,
        tile_set: TileSet = STANDARD_ENGLISH,
        hand_size: int = DEFAULT_HAND_SIZE,
        bingo_bonus: int = DEFAULT_BINGO_BONUS,
    ) -> None:
        self.lexicon = lexicon
        self.tile_set = tile_set
        self.hand_size = hand_size
        self.bingo_bonus = bingo_bonus
        self.alphabet = tile_set.letters
        self.tables = lexicon_tables(lexicon, self.alphabet)
        self.values = [tile_set.value(letter) for letter in self.alphabet]

    def raw_moves(self, board: Board, rack: Rack) -> tuple[list[RawMove], list[_Orientation]]:
        """Every distinct legal move as a compact :data:`RawMove` record, with the two
        orientations (across, down) the records refer to; no :class:`Move` is built."""
        records: list[RawMove] = []

        engine = _Engine(self, board, rack, records.append)
        engine.generate_all()
        return records, engine.orientations

    def moves(self, board: Board, rack: Rack, ordered: bool = False) -> list[Move]:
        """Every distinct legal move, scored; best first when ``ordered`` (ties in the
        engine's order are broken by the word with its blanks, real tiles first)."""
        records, orientations = self.raw_moves(board, rack)
        if ordered:
            records.sort(key=_record_key)
        shared: dict[tuple[int, int, str], Placement] = {}
        across, down = orientations
        return [_to_move(across if record[1] else down, record, shared) for record in records]

    def count(self, board: Board, rack: Rack) -> int:
        """How many distinct legal moves there are (no :class:`Move` is built)."""
        return len(self.raw_moves(board, rack)[0])

    def best(self, board: Board, rack: Rack, limit: int = 1, bounded: bool | None = None) -> list[Move]:
        """The ``limit`` best moves, best first: the same as the first ``limit`` of
        ``moves(board, rack, ordered=True)``.  With ``bounded`` they are found by the bounded
        search over placements; without, by one full generation.  By default the bounded
        search runs when the rack holds a blank: without one a full generation is cheaper
        than bounding every placement (measured: about 3 ms against 5 ms a midgame)."""
        if limit < 1:
            return []
        if bounded is None:
            bounded = rack.count(BLANK) > 0
        if not bounded:
            records, orientations = self.raw_moves(board, rack)
            top = heapq.nsmallest(limit, records, key=_record_key)
            return [_to_move(orientations[0 if record[1] else 1], record) for record in top]
        found: list[tuple[tuple[int, int, int, int, str, str], RawMove]] = []

        def emit(record: RawMove) -> None:
            found.append((_record_key(record), record))
            if len(found) >= 4 * limit + 16:
                keep_best()

        def keep_best() -> None:
            found.sort()
            del found[limit:]
            if len(found) == limit:
                engine.threshold = found[-1][1][0]

        engine = _Engine(self, board, rack, emit)
        for span in engine.spans():
            if span.bound < engine.threshold:
                break
            engine.run_span(span, engine.orientations[span.orientation])
            if len(found) >= limit:
                keep_best()
        keep_best()
        return [_to_move(engine.orientations[0 if raw[1] else 1], raw) for _key, raw in found]


def _record_key(record: RawMove) -> tuple[int, int, int, int, str, str]:
    """The engine's move order (:meth:`Move.sort_key`) for a record, then the word with
    its blanks so equal keys still sort one way."""
    score, across, line, first, _last, word = record
    row, col = (line, first) if across else (first, line)
    return (-score, row, col, 0 if across else 1, word.upper(), word)


def _to_move(orientation: _Orientation, record: RawMove,
             shared: dict[tuple[int, int, str], Placement] | None = None) -> Move:
    """Turn a record of ``orientation`` into a :class:`Move` with its formed words.
    Placements are immutable, so moves built together may share them through ``shared``
    (keyed by square and tile), which saves most of the cost of building many moves."""
    score, across, index, first, last, word = record
    line = orientation.lines[index]
    tiles = line.tiles
    placed = []
    words = [word.upper()] if last > first else []
    for offset, char in enumerate(word):
        col = first + offset
        if tiles[col] is None:
            row, col_ = (index, col) if across else (col, index)
            placement = shared.get((row, col_, char)) if shared is not None else None
            if placement is None:
                placement = Placement(row, col_, char.upper(), char.islower())
                if shared is not None:
                    shared[(row, col_, char)] = placement
            placed.append(placement)
            if line.above[col] or line.below[col]:
                words.append(line.above[col] + char.upper() + line.below[col])
    if across:
        return Move(index, first, Direction.ACROSS, word, tuple(placed), score, tuple(words))
    return Move(first, index, Direction.DOWN, word, tuple(placed), score, tuple(words))
