"""The board searcher: find_words (lexicon-guided DFS) and find_path (string-guided)."""

from __future__ import annotations

import random

import pytest

from wordgames.lexicon import Lexicon, backend_names, lexicon_from_words
from wordgames.wordsearch.board import Board, find_path, parse_board
from wordgames.wordsearch.dice import roll_board
from wordgames.wordsearch.searcher import Solver
from wordgames.wordsearch.solving import board_codes, find_words, find_words_with_paths, load_board
from wordgames.wordsearch.symbols import symbol_tables

from .support import all_path_strings, is_valid_path


def solve(board: Board, words: list[str], backend: str) -> dict[str, tuple[int, ...]]:
    """The words with paths, after checking that the path-less search agrees."""
    lexicon = lexicon_from_words(words, backend)
    with_paths = find_words_with_paths(board, lexicon)
    plain = find_words(board, lexicon)
    assert sorted(plain) == sorted(with_paths)
    return with_paths


@pytest.mark.parametrize("backend", backend_names())
def test_words_found_with_valid_paths(backend: str) -> None:
    board = parse_board("CAT/XOE/DGS")
    words = ["CAT", "CATS", "COG", "DOG", "DOGS", "TOE", "TOES", "GOAT", "ACT", "TAC", "CATCAT"]
    found = solve(board, words, backend)
    # ACT would need C(0) next to T(2); CATS would need T(2) next to S(8).
    assert set(found) == {"CAT", "COG", "DOG", "DOGS", "TOE", "TOES", "GOAT", "TAC"}
    for word, path in found.items():
        assert is_valid_path(board, path, word), word


@pytest.mark.parametrize("backend", backend_names())
def test_a_cell_is_never_reused(backend: str) -> None:
    board = Board.from_cells(["A", "B", "C", "D"])
    assert set(solve(board, ["ABA", "ABC", "ABCDA", "ABCD"], backend)) == {"ABC", "ABCD"}


@pytest.mark.parametrize("backend", backend_names())
def test_multi_letter_cells_step_whole(backend: str) -> None:
    board = parse_board("[QU]I/TE")
    found = solve(board, ["QUIT", "QUITE", "QI", "QIT", "UIT", "SUITE", "ETUI"], backend)
    assert set(found) == {"QUIT", "QUITE"}
    assert found["QUITE"] == (0, 1, 2, 3)
    # A cell of three letters, first and last in a path.
    board = parse_board("[ING]R/BA")
    found = solve(board, ["BRING", "BARING", "INGRAB", "RING", "BAR", "GRAB", "IN"], backend)
    assert set(found) == {"BRING", "BARING", "INGRAB", "RING", "BAR"}


@pytest.mark.parametrize("backend", backend_names())
def test_blocked_cells_and_unknown_letters_are_skipped(backend: str) -> None:
    board = parse_board("A#T/#X#/TAN")
    found = solve(board, ["AT", "TAT", "TAN", "ANT", "AXT", "TAXA"], backend)
    assert set(found) == {"AT", "TAN", "AXT", "TAXA"}


@pytest.mark.parametrize("backend", backend_names())
def test_one_by_one_and_single_row_boards(backend: str) -> None:
    assert solve(Board.from_cells(["a"]), ["A", "AA", "B"], backend) == {"A": (0,)}
    assert solve(Board.from_cells(["QU"]), ["Q", "QU", "QUA"], backend) == {"QU": (0,)}
    row = Board.from_cells(list("STONE"), columns=5)
    assert set(solve(row, ["STONE", "TONE", "ONE", "NOTE", "ENOTS", "SON"], backend)) == {
        "STONE",
        "TONE",
        "ONE",
        "ENOTS",
    }


@pytest.mark.parametrize("backend", backend_names())
def test_find_words_matches_the_exhaustive_oracle(backend: str) -> None:
    board = parse_board("SEAT/[QU]ILT/RNAE/TOES")
    strings = all_path_strings(board, 5)
    words = [*sorted(strings)[::7], "QUILT", "QUIT", "QUITE", "ZEBRA", "SEATS"]
    found = solve(board, words, backend)
    assert set(found) == {word for word in words if word in strings}


@pytest.mark.parametrize("rows, columns", [(4, 4), (5, 5), (3, 4)])
def test_a_board_loaded_as_text_is_the_board_loaded_cell_by_cell(rows: int, columns: int) -> None:
    # load_board reads a square board as compact text (QU cells included), others cell by
    # cell: the same words, found by the same paths in the same order, either way.
    for seed in range(12):
        board = roll_board(rows, columns, seed=seed)
        lexicon = lexicon_from_words([*sorted(all_path_strings(board, 4))[::3], "QUA", "QUIT"])
        tables = symbol_tables(lexicon)
        by_text, by_cells = Solver(tables), Solver(tables)
        load_board(by_text, board, tables)
        by_cells.load(board_codes(board, tables), board.rows, board.columns)
        assert by_text.paths() == by_cells.paths()


def test_find_path_on_the_spec_board() -> None:
    board = parse_board("EECA/ALEP/HNBO/QTTY")
    assert find_path(board, "PEACE") == [7, 6, 3, 2, 1]
    assert find_path(board, "HNTQ") == [8, 9, 13, 12]
    assert is_valid_path(board, find_path(board, "LENT"), "LENT")
    for word in ("PALE", "POPE", "PLACE", "", "Z", "PEACEP"):
        assert find_path(board, word) == [], word


def test_find_path_matches_whole_cells_only() -> None:
    board = parse_board("[QU]I/TS")
    assert find_path(board, "QUITS") == [0, 1, 2, 3]
    assert find_path(board, "QIT") == []
    assert find_path(board, "UIT") == []
    assert find_path(board, "QU") == [0]


def test_find_path_backtracks_between_cell_splittings() -> None:
    # "AB" can start with the two-letter cell or with A then B; only one split completes.
    board = Board.from_cells(["AB", "A", "B", "C"])
    path = find_path(board, "ABC")
    assert is_valid_path(board, path, "ABC")
    board = Board.from_cells(["A", "AB", "X", "BC"])
    assert find_path(board, "ABC") == [0, 3]


def test_find_path_skips_blocked_cells() -> None:
    board = parse_board("A#/#B")
    assert find_path(board, "AB") == [0, 3]
    assert find_path(board, "#") == []
    assert find_path(board, "A#") == []


def test_find_path_handles_strings_longer_than_the_recursion_limit() -> None:
    board = Board.from_cells(["A"] * 3000, columns=3000)
    path = find_path(board, "A" * 3000)
    assert path == list(range(3000)) or path == list(range(2999, -1, -1))
    assert find_path(board, "A" * 3001) == []


def test_find_path_gives_up_at_once_on_strings_needing_missing_letters() -> None:
    # Without the letter count check this would try every path of 60 A's before failing.
    board = Board.from_cells(["A"] * 400)
    assert find_path(board, "A" * 60 + "B") == []
    assert find_path(Board.from_cells(["QU", "A", "#", "B"]), "QUQU") == []


@pytest.mark.timeout(120)  # a regression would hang: the timeout fails it instead
def test_a_random_board_of_more_than_65536_cells_is_solved_as_its_bands(enable_trie: Lexicon) -> None:
    """A random 257 x 257 board (past 65,536 cells, where the search once ran for ever) has
    the words of its overlapping bands of rows: ENABLE's words have at most 28 letters, so
    each path lies in a band of 64 rows of those starting every 32.  Compiled only (the
    interpreted search takes minutes here; test_kernel checks it past 65,536 cells)."""
    from .conftest import SEARCHER, core_module

    core_module(SEARCHER, "compiled")  # skips where the core is not built
    assert max(len(word) for word in enable_trie) <= 64 - 32
    side = 257
    rng = random.Random(257)
    cells = rng.choices("AAEEEIIOOUTTNNSSRRLLDCMPBHGYKWFV", k=side * side)
    board = Board.from_cells(cells)
    found = find_words_with_paths(board, enable_trie)
    expected: set[str] = set()
    for top in range(0, side - 32, 32):
        band = Board.from_cells(cells[top * side : min(top + 64, side) * side], side)
        expected |= set(find_words(band, enable_trie))
    assert len(expected) > 10_000
    assert set(found) == expected
    assert all(is_valid_path(board, path, word) for word, path in found.items())
