"""The search's fixed tables: a lexicon's node table (breadth first, every word read back) and
a board shape's neighbour slots, neighbour counts and path bits."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from wordgames.lexicon import Lexicon, lexicon_from_words, read_words, resolve_source
from wordgames.lexicon.packed import packed_nodes
from wordgames.wordsearch.board import neighbour_table
from wordgames.wordsearch.layout import neighbour_arrays, neighbour_counts, path_bits
from wordgames.wordsearch.symbols import symbol_tables

from .conftest import core_module

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


@pytest.fixture(scope="module", params=["compiled", "interpreted"])
def layout(request: pytest.FixtureRequest) -> ModuleType:
    """The layout module on each core."""
    return core_module("wordgames.wordsearch.layout", str(request.param))


def decoded_words(nodes: object, stride: int, symbols: tuple[str, ...]) -> set[str]:
    """Every word of a node table, read back by walking it from the root (the kernel's rule:
    a node's child for symbol ``s`` is its first child plus its mask's bits below ``s``)."""
    table: Any = nodes
    shift = 32 if stride == 1 else 0
    words: set[str] = set()
    stack = [(0, "")]
    while stack:
        node, prefix = stack.pop()
        mask = table[stride * node] & (0xFFFFFFFF if stride == 1 else ~0)
        first = (table[stride * node + stride - 1] >> shift) & 0xFFFFFFFF
        if mask & 1:
            words.add(prefix)
        for symbol in range(1, len(symbols)):
            if mask >> symbol & 1:
                child = first + (mask & ((1 << symbol) - 2)).bit_count()
                stack.append((child, prefix + symbols[symbol]))
    return words


def test_the_node_table_is_breadth_first_and_holds_the_word_list(layout: ModuleType) -> None:
    words = {"A", "AB", "ABA", "ABBA", "BAA", "BAB", "BE", "BEE", "QUA", "ZZZ"}
    tables = symbol_tables(lexicon_from_words(words))
    packed = packed_nodes(lexicon_from_words(words))
    letters = sum(bit for bit in packed.letter_bits.values())
    low = min(packed.letter_bits.values()).bit_length() - 1
    nodes, stride = layout.breadth_first_layout(packed.masks, packed.first, letters, low, packed.terminal)
    assert list(nodes) == list(tables.nodes)
    assert decoded_words(nodes, stride, tables.symbols) == words
    # Breadth first: each node's children come after every node placed before it, so the
    # first children of nodes in number order never go back, and depths never fall.
    firsts = [nodes[stride * node + stride - 1] >> 32 for node in range(tables.node_count)
              if nodes[stride * node] & 0xFFFFFFFE]
    assert firsts == sorted(firsts)
    depth = {0: 0}
    for node in range(tables.node_count):
        mask = nodes[stride * node] & 0xFFFFFFFE
        first = nodes[stride * node + stride - 1] >> 32
        for child in range(first, first + mask.bit_count()):
            depth[child] = depth[node] + 1
    assert [depth[node] for node in range(tables.node_count)] == sorted(depth.values())


def test_the_enable_table_reads_back_every_word(enable_trie: Lexicon) -> None:
    tables = symbol_tables(enable_trie)
    every_word = set(read_words(resolve_source("enable")))
    assert decoded_words(tables.nodes, tables.stride, tables.symbols) == every_word

