"""Board text in the compact notation (``PERS/LATG/SINE/TERS``) read straight into the Boggle
kernel's cell arrays, without the board parser's objects: what lets a batch of boards
(:meth:`~wordgames.wordsearch.searcher.Solver.score_all`) make no Python object per board.
Compiled with the search (types in ``reader.pxd``).
"""

from __future__ import annotations

from array import array
from math import isqrt

from wordgames.limits import MAX_WORDSEARCH_CELLS, MAX_WORDSEARCH_SIDE


def read_text(text: str, latin_1: array[int], cell_bit: array[int], cell_letters: array[int],
              tail_start: array[int], tail_count: array[int], tails: array[int],
              shape: array[int]) -> bool:
    """Read ``text`` (rows split by ``/``, a letter a cell, ``[QU]`` for a cell of several
    letters, any case) into the cell arrays, sized for ``len(text)`` cells and tails by the
    caller: each cell's first-symbol bit (0 for a dead cell), letters, and other symbols
    (``tails[tail_start[c]:tail_start[c] + tail_count[c]]``), with ``latin_1`` giving the
    symbol of each character; ``shape`` gets the rows and columns.  False, the arrays left
    undefined, for anything else (spaces, line breaks, ``#``, characters beyond Latin-1, rows
    of unequal length, boards beyond the side or cell limits): such text goes to the full
    board parser, which also words its errors.  Cost: a few operations a character."""
    length = len(text)
    one = 1  # compiled: a 64-bit 1, so that symbols past 31 shift correctly
    rows = 0
    column = 0
    width = -1
    cell = 0
    tail = 0
    index = 0
    while index < length:
        character = text[index]
        index += 1
        if character == "/":
            if column == 0 or (width >= 0 and column != width):
                return False
            width = column
            rows += 1
            column = 0
            continue
        tail_start[cell] = tail
        tail_count[cell] = 0
        if character == "[":
            letters = 0
            dead = False
            while index < length and text[index] != "]":
                code = ord(text[index])
                symbol = latin_1[code] if code < 256 else -1
                if symbol < 0:
                    return False
                if symbol == 0:
                    dead = True
                elif letters == 0:
                    cell_bit[cell] = one << symbol
                else:
                    tails[tail] = symbol
                    tail += 1
                letters += 1
                index += 1
            if index >= length or letters == 0:
                return False
            index += 1  # the closing bracket
            if dead:
                cell_bit[cell] = 0
                tail = tail_start[cell]
            else:
                tail_count[cell] = letters - 1
        else:
            code = ord(character)
            symbol = latin_1[code] if code < 256 else -1
            if symbol < 0:
                return False
            letters = 1
            cell_bit[cell] = (one << symbol) if symbol else 0
        cell_letters[cell] = letters
        cell += 1
        column += 1
    if column == 0 or (width >= 0 and column != width):
        return False
    rows += 1
    if rows > MAX_WORDSEARCH_SIDE or column > MAX_WORDSEARCH_SIDE or rows * column > MAX_WORDSEARCH_CELLS:
        return False
    shape[0] = rows
    shape[1] = column
    return True



def cells_text(board: object) -> str | None:
    """A square list or tuple of cells of letters as compact board text (``"PERS/LATG/..."``,
    ``[QU]`` for a cell of several letters), which :meth:`Solver.load_text` reads; None for
    anything else (blocked cells, other shapes and types are left to the full parser)."""
    if not isinstance(board, list | tuple):
        return None
    side = isqrt(len(board))
    if side * side != len(board):
        return None
    for cell in board:
        if not isinstance(cell, str):
            return None
    text = "".join(board)
    if len(text) == len(board) and text.isalpha():  # one letter a cell, the common case
        return "/".join([text[row * side : row * side + side] for row in range(side)])
    parts = []
    for cell in board:
        if not cell.isalpha():
            return None
        parts.append(cell if len(cell) == 1 else "[" + cell + "]")
    return "/".join(["".join(parts[row * side : row * side + side]) for row in range(side)])
