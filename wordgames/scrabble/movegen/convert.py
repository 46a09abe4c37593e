"""The boundary of the move generator: the kernel's records as :class:`Move` objects.

A move is a view over its record (see :mod:`wordgames.scrabble.core.move`): making one copies
the record's integers and its main word's tiles, nothing else, so listing every move costs
little more than finding them (a rack with two blanks has over ten thousand moves).  Compiled,
this loop fills each move's C fields directly (C types in ``convert.pxd``).
"""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.lexicon.alphabet import Alphabet
from wordgames.scrabble.core.move import BoardSnapshot, Move
from wordgames.scrabble.movegen.board_arrays import _zeros
from wordgames.scrabble.movegen.buffer import RECORD, WorkingBuffer

if not cython.compiled:  # compiled, convert.pxd cimports the C function and the record's fields
    from wordgames.scrabble.core.move import make_move
    from wordgames.scrabble.movegen.buffer import R_ACROSS, R_FIRST, R_LAST, R_LINE, R_NEW, R_SCORE, R_TILES

ROW_HEAD = 2
"""Integers before the codes in a row of :func:`code_rows`: the move's score and its number of
tiles."""
_WIDTH = RECORD  # C constants when compiled
_ROW_HEAD = ROW_HEAD
_UNBLANK = bytes(number & 0x7F for number in range(256))


def moves_of_records(buf: WorkingBuffer, count: int, alphabet: Alphabet,
                     snapshot: BoardSnapshot | None) -> list[Move]:
    """The buffer's first ``count`` records as moves, in order (see the module docstring).
    Cost: one small object per move."""
    records = buf.records
    blob = bytes(buf.tiles[: buf.used_tiles]) if count else b""
    found: list[Move] = [None] * count  # type: ignore[list-item]  # filled below
    for n in range(count):
        base = _WIDTH * n
        line = records[base + R_LINE]
        first = records[base + R_FIRST]
        offset = records[base + R_TILES]
        tiles = blob[offset : offset + records[base + R_LAST] - first + 1]
        if records[base + R_ACROSS]:
            found[n] = make_move(records[base + R_SCORE], line, first, True, tiles, records[base + R_NEW],
                                 alphabet, snapshot)
        else:
            found[n] = make_move(records[base + R_SCORE], first, line, False, tiles, records[base + R_NEW],
                                 alphabet, snapshot)
    return found


def record_keys(buf: WorkingBuffer, count: int) -> list[tuple[int, int, int, int, bytes, bytes, int]]:
    """The engine's move order (:meth:`Move.sort_key`) of the first ``count`` records, each
    key ending with the record's number: sort them, then make only the moves wanted."""
    records = buf.records
    blob = bytes(buf.tiles[: buf.used_tiles]) if count else b""
    keys = []
    for n in range(count):
        base = _WIDTH * n
        line = records[base + R_LINE]
        first = records[base + R_FIRST]
        offset = records[base + R_TILES]
        tiles = blob[offset : offset + records[base + R_LAST] - first + 1]
        across = records[base + R_ACROSS]
        row, col = (line, first) if across else (first, line)
        keys.append((-records[base + R_SCORE], row, col, 0 if across else 1, tiles.translate(_UNBLANK),
                     tiles, n))
    return keys


def moves_of_numbers(buf: WorkingBuffer, numbers: list[int], alphabet: Alphabet,
                     snapshot: BoardSnapshot | None) -> list[Move]:
    """The moves of the records numbered ``numbers``, in that order."""
    records = buf.records
    blob = bytes(buf.tiles[: buf.used_tiles]) if numbers else b""
    found: list[Move] = []
    for n in numbers:
        base = _WIDTH * n
        line = records[base + R_LINE]
        first = records[base + R_FIRST]
        offset = records[base + R_TILES]
        tiles = blob[offset : offset + records[base + R_LAST] - first + 1]
        if records[base + R_ACROSS]:
            found.append(make_move(records[base + R_SCORE], line, first, True, tiles, records[base + R_NEW],
                                   alphabet, snapshot))
        else:
            found.append(make_move(records[base + R_SCORE], first, line, False, tiles, records[base + R_NEW],
                                   alphabet, snapshot))
    return found


def code_rows(buf: WorkingBuffer, count: int, target: Any, at: int, width: int) -> None:
    """The buffer's first ``count`` records as rows of ``width`` integers of ``target`` (an
    integer array) from offset ``at``: the score, the number of tiles the move puts down, then
    one code per tile, ``square << 8 | tile number`` (the number with BLANK_BIT for a blank),
    squares numbered row-major, in reading order (``width`` at least :data:`ROW_HEAD` plus the
    most tiles a move puts down).  The endgame's search keeps its moves as such rows.
    Cost: O(squares of the words)."""
    records = buf.records
    tiles = buf.tiles
    cols = buf.cols
    for n in range(count):
        base = _WIDTH * n
        across = records[base + R_ACROSS]
        line = records[base + R_LINE]
        first = records[base + R_FIRST]
        offset = records[base + R_TILES]
        new = records[base + R_NEW]
        row = at + n * width
        target[row] = records[base + R_SCORE]
        k = 0
        for i in range(records[base + R_LAST] - first + 1):
            if (new >> i) & 1:
                square = line * cols + first + i if across else (first + i) * cols + line
                target[row + _ROW_HEAD + k] = square << 8 | tiles[offset + i]
                k += 1
        target[row + 1] = k


def compact_of_records(buf: WorkingBuffer, count: int) -> list[tuple[int, tuple[int, ...]]]:
    """The buffer's first ``count`` records as ``(score, codes)``, the codes of
    :func:`code_rows`.  Cost: O(squares of the words)."""
    width = _ROW_HEAD + max(buf.rows, buf.cols)
    rows = _zeros("q", count * width)
    code_rows(buf, count, rows, 0, width)
    found = []
    for n in range(count):
        at = n * width
        codes = []
        for i in range(rows[at + 1]):
            codes.append(rows[at + _ROW_HEAD + i])
        found.append((rows[at], tuple(codes)))
    return found
