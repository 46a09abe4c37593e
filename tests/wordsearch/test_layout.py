"""The search's fixed tables of a board shape: neighbour slots, neighbour counts, path bits."""

from __future__ import annotations

import pytest

from wordgames.wordsearch.board import neighbour_table
from wordgames.wordsearch.layout import neighbour_arrays, neighbour_counts, path_bits

SLOTS = 8


@pytest.mark.parametrize(("rows", "columns"), [(1, 1), (1, 5), (2, 2), (3, 4), (4, 4), (9, 3)])
def test_each_cell_lists_its_neighbours_first_then_the_cell_past_the_board(rows: int, columns: int) -> None:
    near, counts = neighbour_arrays(rows, columns), neighbour_counts(rows, columns)
    outside = rows * columns
    assert len(near) == SLOTS * outside and len(counts) == outside + 1 and counts[outside] == 0
    for cell in range(outside):
        row, column = divmod(cell, columns)
        around = {r * columns + c for r in range(row - 1, row + 2) for c in range(column - 1, column + 2)
                  if (r, c) != (row, column) and 0 <= r < rows and 0 <= c < columns}
        slots = near[SLOTS * cell:SLOTS * cell + SLOTS]
        assert counts[cell] == len(around) == len(neighbour_table(rows, columns)[cell])
        assert set(slots[:counts[cell]]) == around
        assert all(slot == outside for slot in slots[counts[cell]:])


def test_the_corner_edge_and_inside_cells_of_a_four_by_four_board() -> None:
    assert list(neighbour_counts(4, 4)) == [3, 5, 5, 3, 5, 8, 8, 5, 5, 8, 8, 5, 3, 5, 5, 3, 0]


@pytest.mark.parametrize(("rows", "columns"), [(4, 4), (8, 8), (10, 12)])
def test_path_bits_are_distinct_within_eight_rows_and_columns(rows: int, columns: int) -> None:
    bits = path_bits(rows, columns)
    assert bits[rows * columns] == 0
    for cell in range(rows * columns):
        row, column = divmod(cell, columns)
        for other in range(cell + 1, rows * columns):
            other_row, other_column = divmod(other, columns)
            same = (row - other_row) % 8 == 0 and (column - other_column) % 8 == 0
            assert (bits[cell] == bits[other]) == same
