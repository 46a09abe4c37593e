"""Helpers shared by the word-search tests: the contract's sample data and brute-force oracles."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence

from wordgames.lexicon import Lexicon
from wordgames.wordsearch.board import BLOCKED, Board

SPEC_CELLS = ["E", "E", "C", "A", "A", "L", "E", "P", "H", "N", "B", "O", "Q", "T", "T", "Y"]

# The spec's list for minimum length 5 with words.txt (22 of length 5, 3 of 6, 1 of 7).
SPEC_WORDS_5 = [
    "ALBEE", "ALCAE", "ALEPOT", "ANELE", "BECAP", "BELAH", "BELEE", "BENTHAL", "BENTY",
    "BLENT", "CAPEL", "CAPOT", "CENTO", "CLEAN", "ELEAN", "LEANT", "LENTH", "LENTO", "NEELE",
    "PEACE", "PEELE", "PELEAN", "PENAL", "THANE", "TOECAP", "TOPEE",
]  # fmt: skip

SPEC_WORDS_6 = ["ALEPOT", "BENTHAL", "PELEAN", "TOECAP"]


def adjacent(board: Board, first: int, second: int) -> bool:
    """Whether two cells touch (8 directions, no wrap-around), worked out from the board's
    shape alone: the oracle never reads the engine's neighbour lists."""
    row_a, column_a = divmod(first, board.columns)
    row_b, column_b = divmod(second, board.columns)
    return first != second and abs(row_a - row_b) <= 1 and abs(column_a - column_b) <= 1


def is_valid_path(board: Board, path: Iterable[int], word: str) -> bool:
    """Whether ``path`` uses distinct, adjacent, unblocked cells that spell ``word``."""
    cells = list(path)
    if not cells or len(set(cells)) != len(cells):
        return False
    if any(not 0 <= cell < board.size or board.cells[cell] == BLOCKED for cell in cells):
        return False
    if not all(adjacent(board, a, b) for a, b in itertools.pairwise(cells)):
        return False
    return "".join(board.cells[cell] for cell in cells) == word.upper()


def _paths(board: Board, keep_going: Callable[[str], bool]) -> set[str]:
    """Every string spelled by a path of distinct, adjacent, unblocked cells, extending a path
    only while ``keep_going(its string)``; adjacency from :func:`adjacent`."""
    strings: set[str] = set()
    # Only the open cells are tried as a next step: a mostly blocked board of any size costs
    # what its open cells cost.
    cells = [cell for cell in range(board.size) if board.cells[cell] != BLOCKED]

    def extend(cell: int, text: str, used: frozenset[int]) -> None:
        strings.add(text)
        for other in cells:
            content = board.cells[other]
            if other not in used and content != BLOCKED and adjacent(board, cell, other):
                longer = text + content
                if keep_going(longer):
                    extend(other, longer, used | {other})

    for cell in cells:
        content = board.cells[cell]
        if keep_going(content):
            extend(cell, content, frozenset({cell}))
    return strings


def all_path_strings(board: Board, max_letters: int) -> set[str]:
    """Every string of at most ``max_letters`` letters spelled by a path on ``board``, found
    by trying every path (no pruning but the length): the oracle the engine is checked
    against on small boards."""
    return _paths(board, lambda text: len(text) <= max_letters)


def words_on_board(board: Board, lexicon: Lexicon) -> set[str]:
    """The lexicon's words on ``board``, by trying every path whose string some word starts
    with (the lexicon's own ``has_prefix``, nothing of the engine): the oracle for real word
    lists, where trying every path would never end."""
    return {text for text in _paths(board, lexicon.has_prefix) if text in lexicon}


def official_points(length: int) -> int:
    """The official Boggle table, written out again for the oracle (words shorter than three
    letters, where a lower minimum lets them score, are worth 1)."""
    return {5: 2, 6: 3, 7: 5}.get(length, 11 if length >= 8 else 1)


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

