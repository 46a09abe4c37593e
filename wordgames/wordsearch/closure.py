"""The word search in plain Python: the reference the compiled kernel is checked against.

:func:`closure_search` walks the board and a :class:`~wordgames.wordsearch.walk.BitWalk` of the
lexicon in step, so a path is abandoned the moment its letters stop being a prefix of some word;
the lexicon is never scanned.  What makes it fast in pure Python:

* per node, the walk gives the mask of letters that may follow; per board, each cell gets
  its letter's bit, zeroed while the path holds the cell, so trying a neighbour is one AND
  that checks both the letter and the use (no dictionary, no string comparison);
* per board, each cell also gets the mask of the letters around it, so a move into a cell
  whose surroundings cannot continue any word is not a call at all (the word, if any, is
  recorded and the search moves on);
* each word is recorded once, by lexicon node; the search carries either the letters spelled so
  far or the cells visited (for callers that want paths), extended only along the paths
  actually taken;
* cells of several letters (``QU``) step the walk by the whole cell string, on a separate,
  rarely taken branch.

The search state is bound as default arguments of a closure (the fastest names CPython looks
up), which is why this module is never compiled: :mod:`wordgames.wordsearch.searcher` runs it
when it is not compiled itself, and runs its own kernel when it is.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, NamedTuple

from wordgames.wordsearch.board import BLOCKED, Board
from wordgames.wordsearch.walk import ROOT, BitWalk, FirstChildren


class CellTables(NamedTuple):
    """What the search needs to know about each cell, for one board and walk."""

    first_bits: list[int]
    """The walk's bit for each cell's first letter (0: blocked, or a letter no word uses)."""
    single_neighbours: tuple[tuple[int, ...], ...]
    """Each cell's single-letter neighbours (the board's neighbour lists when every cell holds
    one letter): the hot loop tries these with one AND each."""
    reach: list[int]
    """The first-letter bits of all of each cell's neighbours: a move into a cell whose
    surroundings offer none of the letters that may come next is not worth a call."""
    multi_mask: list[int]
    """The first-letter bits of each cell's multi-letter neighbours."""
    multi_near: list[list[tuple[int, int, str]]]
    """Each cell's multi-letter neighbours as (cell, first-letter bit, remaining letters)."""


def cell_tables(board: Board, letter_bits: Mapping[str, int]) -> CellTables:
    """Build the per-cell tables of ``board`` for a walk's ``letter_bits``.  Cost: O(cells), a
    few microseconds for 4 x 4 (it is paid on every board, so it is kept lean)."""
    cells = board.cells
    bit_of = letter_bits.get
    first_bits = [0 if cell == BLOCKED else bit_of(cell[0], 0) for cell in cells]
    reach = []
    for around in board.neighbours:
        bits = 0
        for other in around:
            bits |= first_bits[other]
        reach.append(bits)
    size = len(cells)
    if all(len(cell) == 1 for cell in cells):
        return CellTables(first_bits, board.neighbours, reach, [0] * size, [[]] * size)
    single = [len(cell) == 1 for cell in cells]
    singles = tuple(tuple(other for other in around if single[other]) for around in board.neighbours)
    tables = CellTables(first_bits, singles, reach, [], [])
    for around in board.neighbours:
        near = [
            (other, first_bits[other], cells[other][1:])
            for other in around
            if first_bits[other] and not single[other]
        ]
        multis = 0
        for _, bit, _ in near:
            multis |= bit
        tables.multi_mask.append(multis)
        tables.multi_near.append(near)
    return tables


Trail = Any
"""What the search carries along a path: the letters spelled so far (``str``) or the cells
visited (``tuple[int, ...]``); ``Any`` because both only need ``+`` (mypy cannot check a
function generic over the two with the default-argument bindings ``visit`` uses)."""


def closure_search(board: Board, walk: BitWalk, steps: Sequence[Trail]) -> Collection[Trail]:
    """The search of :func:`~wordgames.wordsearch.searcher.find_words` in plain Python: for
    each word found, in the order found, the trail of the path that first reached it.

    A path's trail is the concatenation of ``steps[cell]`` over its cells: with the board's
    cells as steps it spells the word, with one-cell tuples it is the path itself.  Either way
    one ``+`` per step, and one code path for both (no bookkeeping a caller may not need)."""
    cells = board.cells
    masks = walk.masks
    first = walk.first
    terminal = walk.terminal
    descend = walk.descend
    first_bits, neighbours, reach, multi_mask, multi_near = cell_tables(board, walk.letter_bits)

    # A cell's letter bit while it is free, 0 while the path holds it: one AND tests both the
    # letter and the cell's use.
    free = list(first_bits)
    found: dict[int, Trail] = {}

    # The search state is bound as default arguments: local variables are the fastest kind of
    # name look-up in CPython, and this function runs once per search state.
    def visit(
        cell: int,
        node: int,
        mask: int,
        trail: Trail,
        free: list[int] = free,
        first: FirstChildren = first,
        masks: Sequence[int] = masks,
        terminal: int = terminal,
        found: dict[int, Trail] = found,
        steps: Sequence[Trail] = steps,
        neighbours: tuple[tuple[int, ...], ...] = neighbours,
        reach: list[int] = reach,
        multi_mask: list[int] = multi_mask,
    ) -> None:
        """Extend the path ending at ``cell`` (its trail ``trail``, at walk ``node`` whose mask
        is ``mask``) by every unused neighbour whose letters continue some word."""
        here = free[cell]
        free[cell] = 0
        base = first[node]
        # Trying each neighbour with one AND beats grouping neighbours by letter: on a 4 x 4
        # board a cell has about five, and the grouping costs more per board than it saves.
        for other in neighbours[cell]:
            bit = free[other]
            if mask & bit:
                child = base + (mask & (bit - 1)).bit_count()
                child_mask = masks[child]
                if child_mask & terminal and child not in found:
                    found[child] = trail + steps[other]
                if child_mask & reach[other]:
                    visit(other, child, child_mask, trail + steps[other])
        if mask & multi_mask[cell]:
            for other, bit, tail in multi_near[cell]:
                if mask & bit and free[other]:
                    reached = descend(base + (mask & (bit - 1)).bit_count(), tail)
                    if reached is None:
                        continue
                    child_mask = masks[reached]
                    if child_mask & terminal and reached not in found:
                        found[reached] = trail + steps[other]
                    if child_mask & reach[other]:
                        visit(other, reached, child_mask, trail + steps[other])
        free[cell] = here

    root_mask = masks[ROOT]
    root_base = first[ROOT]
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
            found[start] = steps[cell]
        if start_mask & reach[cell]:
            visit(cell, start, start_mask, steps[cell])
    return found.values()
