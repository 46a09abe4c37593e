"""Line and anchor preparation: the board seen as lines (rows for across moves, rows of the
transposed board for down moves), with per square the cross-check set, the cross-word score
part, the premiums, the board tiles that follow, and whether it is an anchor."""

from __future__ import annotations

from typing import NamedTuple

from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.layout import Layout
from wordgames.scrabble.core.tiles import TileSet
from wordgames.scrabble.movegen.tables import LexiconTables

Square = tuple[int, int, int, int, int, int, tuple[int, ...], int, int, int, int]
"""What the search reads about an empty square: (cross-check mask, letter multiplier, word
multiplier, cross-word part or -1 without a cross word, the word multiplier a tile's cross word
gets there (0 without one), the next square after the board tiles that follow, the letter bits
of those tiles (empty when none follow), their points, the last square of a word that ends
with them, the length of the cross word a tile there makes (1 when none), the cross-check mask
of the next square (0 off the board))."""

_PREMIUMS: dict[Layout, tuple[list[list[int]], list[list[int]]]] = {}


def premium_grids(layout: Layout, across: bool) -> tuple[list[list[int]], list[list[int]]]:
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


_FLAT_PREMIUMS: dict[Layout, tuple[list[int], list[int]]] = {}


def flat_premiums(layout: Layout) -> tuple[list[int], list[int]]:
    """The letter and word multipliers of ``layout`` row-major (memoised per layout)."""
    found = _FLAT_PREMIUMS.get(layout)
    if found is None:
        letter_grid, word_grid = premium_grids(layout, True)
        found = ([m for row in letter_grid for m in row], [m for row in word_grid for m in row])
        if len(_FLAT_PREMIUMS) > 64:
            _FLAT_PREMIUMS.clear()
        _FLAT_PREMIUMS[layout] = found
    return found


class Line(NamedTuple):
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


class Orientation:
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
        letter_grid, word_grid = premium_grids(board.layout, across)
        self.lines = self._build_lines(tables, tile_set, letter_grid, word_grid)

    def _build_lines(
        self, tables: LexiconTables, tile_set: TileSet, letter_grid: list[list[int]],
        word_grid: list[list[int]],
    ) -> list[Line]:
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
            lines.append(Line(row, tiles, squares, row_above, row_below, lms, wms, anchors,
                               is_anchor, runs))
        return lines


def left_limit(line: Line, at: int, rack_size: int) -> int:
    """How many empty non-anchor squares before ``at`` a left part of rack tiles may fill
    (Appel & Jacobson's ``k``, at most the rack size minus one)."""
    tiles, is_anchor = line.tiles, line.is_anchor
    limit = 0
    square = at - 1
    while limit < rack_size - 1 and square >= 0 and tiles[square] is None and not is_anchor[square]:
        limit += 1
        square -= 1
    return limit
