"""Helpers shared by the word-search tests: the contract's sample data and a brute-force oracle."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from wordgames.wordsearch.board import BLOCKED, Board

SPEC_CELLS = ["E", "E", "C", "A", "A", "L", "E", "P", "H", "N", "B", "O", "Q", "T", "T", "Y"]

# The spec's list for minimum length 5 with words.txt (22 of length 5, 3 of 6, 1 of 7).
SPEC_WORDS_5 = [
    "ALBEE", "ALCAE", "ALEPOT", "ANELE", "BECAP", "BELAH", "BELEE", "BENTHAL", "BENTY",
    "BLENT", "CAPEL", "CAPOT", "CENTO", "CLEAN", "ELEAN", "LEANT", "LENTH", "LENTO", "NEELE",
    "PEACE", "PEELE", "PELEAN", "PENAL", "THANE", "TOECAP", "TOPEE",
]  # fmt: skip

SPEC_WORDS_6 = ["ALEPOT", "BENTHAL", "PELEAN", "TOECAP"]


def adjacent_cells(board: Board, cell: int) -> list[int]:
    """The cells next to ``cell`` (the eight around it, fewer at an edge), computed here from
    row and column: the oracle must not share the engine's neighbour table, or a bug in it
    (wrapping at a row end, a missing diagonal) would pass unseen."""
    row, column = divmod(cell, board.columns)
    return [
        other_row * board.columns + other_column
        for other_row in range(row - 1, row + 2)
        for other_column in range(column - 1, column + 2)
        if (other_row, other_column) != (row, column)
        and 0 <= other_row < board.rows
        and 0 <= other_column < board.columns
    ]


def is_valid_path(board: Board, path: Iterable[int], word: str) -> bool:
    """Whether ``path`` uses distinct, adjacent, unblocked cells that spell ``word``."""
    cells = list(path)
    if not cells or len(set(cells)) != len(cells):
        return False
    if any(not 0 <= cell < board.size or board.cells[cell] == BLOCKED for cell in cells):
        return False
    if any(b not in adjacent_cells(board, a) for a, b in itertools.pairwise(cells)):
        return False
    return "".join(board.cells[cell] for cell in cells) == word.upper()


def all_path_strings(board: Board, max_letters: int) -> set[str]:
    """Every string of at most ``max_letters`` letters spelled by a path on ``board``, found
    by trying every path (no pruning): the oracle the engine is checked against."""
    strings: set[str] = set()

    def extend(cell: int, text: str, used: frozenset[int]) -> None:
        strings.add(text)
        for other in adjacent_cells(board, cell):
            content = board.cells[other]
            if other not in used and content != BLOCKED and len(text) + len(content) <= max_letters:
                extend(other, text + content, used | {other})

    for cell, content in enumerate(board.cells):
        if content != BLOCKED and len(content) <= max_letters:
            extend(cell, content, frozenset({cell}))
    return strings


def rollable(cells: Sequence[str], dice: Sequence[Sequence[str]]) -> bool:
    """Whether distinct dice can show ``cells`` (bipartite matching, augmenting paths)."""
    owner: dict[int, int] = {}

    def place(cell: int, tried: set[int]) -> bool:
        for die, faces in enumerate(dice):
            if cells[cell] in faces and die not in tried:
                tried.add(die)
                if die not in owner or place(owner[die], tried):
                    owner[die] = cell
                    return True
        return False

    return all(place(cell, set()) for cell in range(len(cells)))

