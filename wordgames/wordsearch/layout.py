"""The Boggle kernel's fixed tables: a lexicon's node table laid out for the search, and
each board shape's neighbour slots and path bits (see :mod:`wordgames.wordsearch.searcher`).

Made once per lexicon or shape and only read after; compiled with the search (types in
``layout.pxd``).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import lru_cache
from typing import TypeAlias

import cython

from wordgames.memory import mapped_zeros
from wordgames.wordsearch.board import neighbour_table

_MAX_DEGREE = 8  # neighbours of a cell (8-connected grids): the slots a cell has
_COMPACT_SYMBOLS = 31  # masks (symbols and the word bit) fit in 32 bits ...
_COMPACT_NODES = 1 << 32  # ... and node numbers in 32: one word a node

NodeTable: TypeAlias = "array[int] | memoryview"
"""A node table: 64-bit words, an array or a view of huge-page memory
(:func:`~wordgames.memory.mapped_zeros`)."""

if not cython.compiled:  # compiled, layout.pxd gives _bits in C (a count of 1 bits)
    _bits = int.bit_count


def breadth_first_layout(masks: Sequence[int], first: Sequence[int], letters: int, low: int,
                         terminal: int) -> tuple[NodeTable, int]:
    """The kernel's copy of a packed prefix tree, and its stride (words a node).

    ``masks``/``first`` are the packed table (children consecutive, in bit order);
    ``letters`` is the mask of its letter bits, which run from bit ``low`` (symbol 1) up, and
    ``terminal`` its word bit.  Each node becomes ``mask | first child << 32`` (stride 1: up
    to 31 symbols and 2**32 nodes) or ``[mask, first child]`` (stride 2), with bit ``s`` of
    the mask for symbol ``s`` and bit 0 for a word.  Children blocks are placed breadth
    first: node numbers grow with the depth, so the short prefixes every board walks (the
    first three or four letters) share a few hundred kB at the front of the table, which the
    processor's second-level cache can hold, instead of lying scattered among the long
    words' nodes.  The table is in huge pages where the system gives them
    (:func:`~wordgames.memory.mapped_zeros`): the search reads nodes all over it, one or two
    a path, and with 4 kB pages those reads also wait for page addresses the processor has
    not cached (with the breadth-first layout, a few per cent a board in paired runs; see the
    performance page).  Cost: one pass over the nodes (a few ms for ENABLE compiled)."""
    count = len(masks)
    stride = 1 if _bits(letters) <= _COMPACT_SYMBOLS and count < _COMPACT_NODES else 2
    shift = 32 if stride == 1 else 0
    # One node more than the tree, a spare past its end.
    nodes = mapped_zeros("Q", stride * (count + 1), huge_pages=True)
    out, mask_of, first_of = nodes, masks, first  # typed views when compiled
    # Each placed node's number in the packed table, by its new number: the nodes are taken
    # in the order they were placed, which is breadth first.
    old_of = array("q", bytes(8 * (count + 1)))
    placed = 1  # the root is node 0 in both numberings
    if count:
        out[0] = _translated(mask_of[0], letters, low, terminal)
    new = 0
    while new < placed and count:
        old = old_of[new]
        children = _bits(mask_of[old] & letters)
        block = placed
        placed += children
        out[stride * new + stride - 1] |= block << shift
        for offset in range(children):
            child = first_of[old] + offset
            out[stride * (block + offset)] = _translated(mask_of[child], letters, low, terminal)
            old_of[block + offset] = child
        new += 1
    return nodes, stride


def _translated(mask: int, letters: int, low: int, terminal: int) -> int:
    """A packed mask in the kernel's bits: symbol ``s`` at bit ``s``, a word at bit 0."""
    return ((mask & letters) >> low << 1) | (1 if mask & terminal else 0)


@lru_cache(maxsize=32)
def neighbour_arrays(rows: int, columns: int) -> array[int]:
    """The neighbours of each cell of a board shape, ``_MAX_DEGREE`` slots a cell (from
    :func:`~wordgames.wordsearch.board.neighbour_table`), the slots a cell lacks filled with
    ``rows * columns``: a cell past the board that is never free.  A cell's neighbours come
    first (:func:`neighbour_counts` says how many), the padding after them."""
    table = neighbour_table(rows, columns)
    outside = rows * columns
    return array("i", [around[slot] if slot < len(around) else outside
                       for around in table for slot in range(_MAX_DEGREE)])


@lru_cache(maxsize=32)
def neighbour_counts(rows: int, columns: int) -> array[int]:
    """Each cell's number of neighbours on a board shape (3 in a corner of a 4 x 4 board, 5 on
    an edge, 8 inside), and 0 for the cell past the board: how many of its slots in
    :func:`neighbour_arrays` a search tries."""
    return array("i", [len(around) for around in neighbour_table(rows, columns)] + [0])


@lru_cache(maxsize=32)
def path_bits(rows: int, columns: int) -> array[int]:
    """Each cell's bit in a path's set of cells (a 64-bit mask): ``8 * (row % 8) + column %
    8``, so the cells near one another have bits of their own, and a set is exact on boards
    of up to 8 x 8 and, on larger ones, for paths of fewer than 9 cells.  One more cell, past
    the board, has none."""
    return array("Q", [1 << (8 * (cell // columns % 8) + cell % columns % 8)
                       for cell in range(rows * columns)] + [0])


def zeros(typecode: str, count: int) -> array[int]:
    """A new array of ``count`` zeros."""
    return array(typecode, bytes(array(typecode).itemsize * count))


def grown(old: object, typecode: str, count: int) -> array[int]:
    """The items of ``old`` (any buffer of ``typecode`` items), then zeros up to ``count``."""
    new = array(typecode)
    new.frombytes(bytes(old))  # type: ignore[call-overload]
    new.frombytes(bytes(new.itemsize * (count - len(new))))
    return new
