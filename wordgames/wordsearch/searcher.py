"""Finding words on a board: depth-first search with backtracking over board and lexicon together.

:func:`find_words` walks the board and a :class:`~wordgames.wordsearch.walk.BitWalk` of the
lexicon in step, so a path is abandoned the moment its letters stop being a prefix of some word;
the lexicon is never scanned.  What makes it fast in pure Python:

* per board, each cell gets the bit mask of the letters around it and a map from letter bit to
  the neighbours carrying that letter; per node, the walk gives the mask of letters that may
  follow.  One AND of the two yields exactly the moves worth trying, so every dead end that a
  plain "try each neighbour" search pays for separately costs nothing here;
* a move into a neighbour that has no useful letter around it is not a call at all (the word, if
  any, is recorded and the search moves on);
* each word is recorded once, by lexicon node, with the path that first reached it; the prefix
  string is only extended along the paths actually taken;
* cells of several letters (``QU``) step the walk by the whole cell string, on a separate,
  rarely taken branch.

:func:`find_path` answers "is this string on the board, and where?" with a search guided by the
string itself (no lexicon involved).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import NamedTuple

from wordgames.wordsearch.board import BLOCKED, Board
from wordgames.wordsearch.walk import ROOT, BitWalk

WordPaths = dict[str, tuple[int, ...]]
"""Words (upper case) mapped to one path each (row-major cell indices, one per cell)."""


def find_words(board: Board, walk: BitWalk) -> Collection[str]:
    """Every word of ``walk``'s lexicon that is on ``board`` (any length), in no set order.

    Cost: proportional to the number of (path, prefix) states whose prefix starts some word,
    plus O(cells) set-up: a 4 x 4 board with ENABLE takes about 0.25 ms, 100 x 100 with CSW12
    about a second.  The lexicon is never scanned.
    """
    return _search(board, walk, want_paths=False)[0].values()


def find_words_with_paths(board: Board, walk: BitWalk) -> WordPaths:
    """Like :func:`find_words`, with the path that first reached each word."""
    words, paths = _search(board, walk, want_paths=True)
    return {word: paths[node] for node, word in words.items()}


class _NeighbourTables(NamedTuple):
    """What the search needs to know about each cell's neighbours, for one board and walk."""

    first_bits: list[int]
    """The walk's bit for each cell's first letter (0: blocked, or a letter no word uses)."""
    single_by_bit: list[dict[int, list[int]]]
    """The single-letter neighbours of each cell, grouped by letter bit."""
    single_mask: list[int]
    """The letter bits of each cell's single-letter neighbours."""
    any_mask: list[int]
    """The first-letter bits of all of each cell's neighbours: a move into a cell whose
    surroundings offer none of the letters that may come next is not worth a call."""
    multi_by_cell: list[list[tuple[int, int, str]]]
    """Each cell's multi-letter neighbours as (cell, first-letter bit, remaining letters)."""
    multi_mask: list[int]
    """The first-letter bits of each cell's multi-letter neighbours."""


def _neighbour_tables(board: Board, walk: BitWalk) -> _NeighbourTables:
    """Build the per-cell tables of ``board`` for ``walk``'s letter bits.  Cost: O(cells)."""
    cells = board.cells
    first_bits = [0 if cell == BLOCKED else walk.bit_for(cell[0]) for cell in cells]
    tables = _NeighbourTables(first_bits, [], [], [], [], [])
    for around in board.neighbours:
        by_bit: dict[int, list[int]] = {}
        multi: list[tuple[int, int, str]] = []
        singles = multis = 0
        for other in around:
            bit = first_bits[other]
            if not bit:
                continue
            if len(cells[other]) == 1:
                singles |= bit
                group = by_bit.get(bit)
                if group is None:
                    by_bit[bit] = [other]
                else:
                    group.append(other)
            else:
                multis |= bit
                multi.append((other, bit, cells[other][1:]))
        tables.single_by_bit.append(by_bit)
        tables.single_mask.append(singles)
        tables.any_mask.append(singles | multis)
        tables.multi_by_cell.append(multi)
        tables.multi_mask.append(multis)
    return tables


def _search(
    board: Board, walk: BitWalk, want_paths: bool
) -> tuple[dict[int, str], dict[int, tuple[int, ...]]]:
    """The depth-first search behind :func:`find_words`: the words found, by walk node, and,
    when ``want_paths``, one path per node."""
    cells = board.cells
    size = len(cells)
    masks = walk.masks
    first = walk.first
    terminal = walk.terminal
    expand = walk.expand
    descend = walk.descend

    first_bits, single_by_bit, single_mask, any_mask, multi_by_cell, multi_mask = (
        _neighbour_tables(board, walk)
    )

    used = [False] * size
    path = [0] * (size + 1)
    found: dict[int, str] = {}
    paths: dict[int, tuple[int, ...]] = {}

    # The search state is bound as default arguments: local variables are the fastest kind of
    # name look-up in CPython, and this function runs once per search state (measured ~5%).
    def visit(
        cell: int,
        node: int,
        mask: int,
        prefix: str,
        depth: int,
        used: list[bool] = used,
        path: list[int] = path,
        first: Sequence[int] = first,
        masks: Sequence[int] = masks,
        terminal: int = terminal,
        found: dict[int, str] = found,
        paths: dict[int, tuple[int, ...]] = paths,
        want_paths: bool = want_paths,
        cells: tuple[str, ...] = cells,
        single_mask: list[int] = single_mask,
        single_by_bit: list[dict[int, list[int]]] = single_by_bit,
        any_mask: list[int] = any_mask,
        multi_mask: list[int] = multi_mask,
    ) -> None:
        """Extend the path ending at ``cell`` (spelling ``prefix``, ``depth`` cells before it,
        at walk ``node`` whose mask is ``mask``) by every unused neighbour whose letters
        continue some word."""
        used[cell] = True
        path[depth] = cell
        depth += 1
        base = first[node]
        if base < 0:
            base = expand(node)
        letters = mask & single_mask[cell]
        by_bit = single_by_bit[cell]
        while letters:
            bit = letters & -letters
            letters ^= bit
            child = base + (mask & (bit - 1)).bit_count()
            child_mask = masks[child]
            for other in by_bit[bit]:
                if not used[other]:
                    if child_mask & terminal and child not in found:
                        # record() inlined: this line runs once per word found
                        found[child] = prefix + cells[other]
                        if want_paths:
                            path[depth] = other  # the next visit writes this slot anyway
                            paths[child] = tuple(path[: depth + 1])
                    if child_mask & any_mask[other]:
                        visit(other, child, child_mask, prefix + cells[other], depth)
        if mask & multi_mask[cell]:
            for other, bit, tail in multi_by_cell[cell]:
                if mask & bit and not used[other]:
                    reached = descend(base + (mask & (bit - 1)).bit_count(), tail)
                    if reached is None:
                        continue
                    child_mask = masks[reached]
                    if child_mask & terminal and reached not in found:
                        record(reached, prefix + cells[other], depth, other)
                    if child_mask & any_mask[other]:
                        visit(other, reached, child_mask, prefix + cells[other], depth)
        used[cell] = False

    def record(node: int, word: str, depth: int, cell: int) -> None:
        """Remember the first sighting of ``word``: ``depth`` cells of ``path``, then ``cell``."""
        found[node] = word
        if want_paths:
            path[depth] = cell
            paths[node] = tuple(path[: depth + 1])

    root_mask = masks[ROOT]
    root_base = first[ROOT] if first[ROOT] >= 0 else expand(ROOT)
    for cell, letters in enumerate(cells):
        bit = first_bits[cell]
        if not bit & root_mask:
            continue
        start = root_base + (root_mask & (bit - 1)).bit_count()
        if len(letters) > 1:
            reached = descend(start, letters[1:])
            if reached is None:
                continue
            start = reached
        start_mask = masks[start]
        if start_mask & terminal and start not in found:
            record(start, letters, 0, cell)
        if start_mask & any_mask[cell]:
            visit(cell, start, start_mask, letters, 0)
    return found, paths


def find_path(board: Board, word: str) -> list[int]:
    """One path spelling ``word`` (upper case) on ``board``, or ``[]`` if there is none.

    Each cell's whole content must match (a ``QU`` cell matches ``QU``, never ``Q``), cells are
    used at most once, blocked cells never.  The search is iterative, so long strings cannot
    exhaust the recursion limit.  Cost: small for real words; exponential only for contrived
    strings on boards of one repeated letter.
    """
    cells = board.cells
    available = board.letter_counts
    if not word or any(count > available[letter] for letter, count in Counter(word).items()):
        return []  # cheap, and it spares the search hopeless strings on repetitive boards
    neighbours = board.neighbours
    used = [False] * len(cells)
    for start, letters in enumerate(cells):
        if letters == BLOCKED or not word.startswith(letters):
            continue
        # Each stack entry: (cell, position in word after it, index of next neighbour to try).
        stack = [(start, len(letters), 0)]
        used[start] = True
        while stack:
            cell, position, next_index = stack[-1]
            if position == len(word):
                return [entry[0] for entry in stack]
            around = neighbours[cell]
            while next_index < len(around):
                other = around[next_index]
                next_index += 1
                content = cells[other]
                if not used[other] and content != BLOCKED and word.startswith(content, position):
                    stack[-1] = (cell, position, next_index)
                    stack.append((other, position + len(content), 0))
                    used[other] = True
                    break
            else:
                stack.pop()
                used[cell] = False
    return []
