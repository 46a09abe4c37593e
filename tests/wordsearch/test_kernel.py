"""The one Boggle search, compiled and interpreted, against brute-force oracles.

The oracles (``support.py``) work out adjacency from the board's shape and try every path
(small word lists) or every path some word starts with (ENABLE); the kernel is run as the
compiled extension and from its source by the ``searcher`` fixture.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.errors import BoardError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.limits import MAX_WORDSEARCH_CELLS
from wordgames.wordsearch import Board
from wordgames.wordsearch.scoring import scoring_function
from wordgames.wordsearch.solving import score_boards
from wordgames.wordsearch.symbols import symbol_tables

from .support import adjacent, all_path_strings, is_valid_path, official_points, words_on_board

# Frequent letters, so that boards hold many words; QU, IN and TH as cells of two letters (TH
# also a prefix of one-letter paths), # a blocked cell, É a letter ENABLE does not use.
CELL_CHOICES = [*"AEEIOTNSRLDCMPBHGU", "QU", "IN", "TH", "#", "Z", "É"]


def random_board(rows: int, columns: int, seed: int) -> Board:
    """A board of random cells (see CELL_CHOICES), mostly single letters."""
    rng = random.Random(seed)
    weights = [8] * 18 + [1, 1, 1, 1, 1, 1]
    return Board.from_cells(rng.choices(CELL_CHOICES, weights, k=rows * columns), columns)


def solve(searcher: ModuleType, board: Board, lexicon: Lexicon, minimum: int = 3) -> tuple[
    dict[str, tuple[int, ...]], int, int
]:
    """The kernel's words with paths, and its score and word count (official scoring)."""
    tables = symbol_tables(lexicon)
    solver = searcher.Solver(tables)
    solver.set_scoring(scoring_function("official"), minimum)
    solver.load([tables.cell_code(cell) for cell in board.cells], board.rows, board.columns)
    words, paths = solver.paths()
    assert len(set(words)) == len(words)
    score = solver.score()
    return dict(zip(words, paths, strict=True)), score, solver.count


def expected_score(words: set[str], minimum: int) -> tuple[int, int]:
    kept = [word for word in words if len(word) >= minimum]
    return sum(official_points(len(word)) for word in kept), len(kept)


small_boards = st.builds(random_board, st.integers(1, 4), st.integers(1, 4), st.integers(0, 2**32))
word_lists = st.lists(st.text("ABEINQTUÉH", min_size=1, max_size=6), min_size=1, max_size=40)


@settings(max_examples=60)
@given(board=small_boards, words=word_lists, minimum=st.integers(1, 4))
def test_small_boards_and_word_lists_against_every_path(
    searcher: ModuleType, board: Board, words: list[str], minimum: int
) -> None:
    lexicon = lexicon_from_words(words, "trie")
    found, score, count = solve(searcher, board, lexicon, minimum)
    on_board = all_path_strings(board, 6)
    expected = {word.upper() for word in words} & on_board
    assert set(found) == expected
    for word, path in found.items():
        assert is_valid_path(board, path, word)
    assert (score, count) == expected_score(expected, minimum)


@settings(max_examples=15)
@given(rows=st.integers(2, 5), columns=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_enable_boards_against_the_prefix_oracle(
    searcher: ModuleType, enable_trie: Lexicon, rows: int, columns: int, seed: int
) -> None:
    board = random_board(rows, columns, seed)
    found, score, count = solve(searcher, board, enable_trie)
    expected = words_on_board(board, enable_trie)
    assert set(found) == expected
    for word, path in found.items():
        assert is_valid_path(board, path, word)
    assert (score, count) == expected_score(expected, 3)


@settings(max_examples=10)
@given(rows=st.integers(4, 20), columns=st.integers(4, 20), seed=st.integers(0, 2**32))
def test_compiled_and_interpreted_agree_word_for_word(
    enable_trie: Lexicon, rows: int, columns: int, seed: int
) -> None:
    """Same words, same paths, same order on boards too big for the oracles."""
    from .conftest import SEARCHER, core_module

    board = random_board(rows, columns, seed)
    compiled = solve(core_module(SEARCHER, "compiled"), board, enable_trie)
    interpreted = solve(core_module(SEARCHER, "interpreted"), board, enable_trie)
    assert list(compiled[0].items()) == list(interpreted[0].items())
    assert compiled[1:] == interpreted[1:]


@settings(max_examples=40)
@given(board=small_boards, lower=st.booleans())
def test_board_text_is_read_as_the_parser_reads_it(
    searcher: ModuleType, board: Board, lower: bool
) -> None:
    """Compact text goes through the kernel's own reader, anything else (here: ``#``,
    characters beyond Latin-1) is refused by it and left to the parser."""
    lexicon = lexicon_from_words(["QUA", "THIN", "TAN", "ANT", "NIT", "ÉTÉ", "INTO", "TIN"])
    tables = symbol_tables(lexicon)
    solver = searcher.Solver(tables)
    solver.set_scoring(scoring_function("official"), 3)
    text = board.to_text().lower() if lower else board.to_text()
    solver.load([tables.cell_code(cell) for cell in board.cells], board.rows, board.columns)
    expected = solver.score()
    if solver.load_text(text):
        assert "#" not in text and solver.size == board.size
        assert solver.score() == expected
    else:
        assert "#" in text or "É" in text.upper()


def test_text_the_reader_refuses_is_left_to_the_parser(searcher: ModuleType) -> None:
    solver = searcher.Solver(symbol_tables(lexicon_from_words(["CAT"])))
    for text in ("CAT/DO", "CA T/DOG", "CAT\nDOG", "/CAT", "CAT/", "[QU", "[]A", "A]B", "C#T",
                 "ΑΒ/ΓΔ", "CAT//DOG", ""):
        assert not solver.load_text(text), text
    assert solver.load_text("CAT/DOG") and solver.size == 6
    assert solver.load_text("[qu]a/ZZ") and solver.size == 4


def test_boards_past_the_cell_limit_are_refused(searcher: ModuleType) -> None:
    """Text of more than MAX_WORDSEARCH_CELLS cells (each side within its limit) is left to
    the parser, which refuses it; cell codes of such a shape are refused before anything is
    allocated or read."""
    lexicon = lexicon_from_words(["CAT"])
    solver = searcher.Solver(symbol_tables(lexicon))
    rows, columns = MAX_WORDSEARCH_CELLS // 500 + 1, 500
    text = "/".join(["A" * columns] * rows)
    assert not solver.load_text(text)
    with pytest.raises(BoardError, match=str(MAX_WORDSEARCH_CELLS)):
        solver.load([], rows, columns)
    with pytest.raises(BoardError, match=str(MAX_WORDSEARCH_CELLS)):
        score_boards([text], lexicon)
    assert solver.load_text("/".join(["A" * columns] * (rows - 1)))


def test_wide_alphabets_take_two_words_a_node(searcher: ModuleType) -> None:
    """More than 31 symbols: two 64-bit words a node, and the same answers as the oracle."""
    latin, greek = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "ΑΒΓΔΕΖΗΘΙΚΛΜ"
    rng = random.Random(3)
    words = ["".join(rng.choices(latin[:6] + greek[:6], k=rng.randint(1, 5))) for _ in range(300)]
    lexicon = lexicon_from_words([*words, latin, greek], "trie")
    assert symbol_tables(lexicon).stride == 2
    for seed in range(5):
        board = Board.from_cells(random.Random(seed).choices([*latin[:6], *greek[:6], "QU"], k=36), 6)
        found, _, _ = solve(searcher, board, lexicon)
        assert set(found) == words_on_board(board, lexicon)


def test_words_found_are_forgotten_between_searches(searcher: ModuleType, enable_trie: Lexicon) -> None:
    """A search forgets the last one's words (its marks), whatever it asked for."""
    tables = symbol_tables(enable_trie)
    solver = searcher.Solver(tables)
    solver.set_scoring(scoring_function("official"), 3)
    board = random_board(4, 4, 7)
    solver.load([tables.cell_code(cell) for cell in board.cells], 4, 4)
    expected = solver.score()
    words = solver.words()
    assert expected > 0 and solver.found_count == len(words)
    assert [solver.score() for _ in range(3)] == [expected] * 3
    assert solver.words() == words and solver.paths()[0] == words
    assert solver.score() == expected


def test_one_solver_serves_boards_of_every_size(searcher: ModuleType, enable_trie: Lexicon) -> None:
    tables = symbol_tables(enable_trie)
    solver = searcher.Solver(tables)
    solver.set_scoring(scoring_function("official"), 3)
    for seed, (rows, columns) in enumerate([(4, 4), (12, 9), (3, 3), (5, 5), (1, 7), (20, 20)]):
        board = random_board(rows, columns, seed)
        solver.load([tables.cell_code(cell) for cell in board.cells], rows, columns)
        fresh = solve(searcher, board, enable_trie)  # a new solver for each board
        assert set(solver.words()) == set(fresh[0])
        assert solver.score() == fresh[1]


def _random_path(board: Board, length: int, rng: random.Random) -> list[int] | None:
    """A random simple path of ``length`` cells on ``board``, or None where one gets stuck."""
    path = [rng.randrange(board.rows * board.columns)]
    while len(path) < length:
        last = path[-1]
        around = [cell for cell in range(board.rows * board.columns)
                  if cell not in path and adjacent(board, last, cell)]
        if not around:
            return None
        path.append(rng.choice(around))
    return path


@pytest.mark.parametrize(("rows", "columns"), [(1, 20), (2, 17), (3, 12), (9, 9), (12, 3)])
def test_long_paths_on_boards_wider_or_taller_than_8(searcher: ModuleType, rows: int,
                                                     columns: int) -> None:
    """On boards wider or taller than 8, cells 8 rows or columns apart share a bit of a
    path's set of cells: words of 9 to 16 letters along paths through such pairs are still
    found, and no path uses a cell twice (the oracle tries every path)."""
    rng = random.Random(rows * 100 + columns)
    board = Board.from_cells(rng.choices("ABCDEFGHIJKLMNOP", k=rows * columns), columns)
    words = set()
    while len(words) < 40:
        path = _random_path(board, rng.randint(9, 16), rng)
        if path is not None:
            words.add("".join(board.cells[cell] for cell in path))
    # A word that repeats a cell's letter only by reusing the cell must not be found.
    words |= {board.cells[0] * 9, "".join(board.cells[:9]) + board.cells[0]}
    lexicon = lexicon_from_words(sorted(words), "trie")
    found, _, _ = solve(searcher, board, lexicon, minimum=1)
    assert set(found) == words_on_board(board, lexicon)
    assert all(is_valid_path(board, path, word) for word, path in found.items())


def _random_path_within(board: Board, cells: list[int], length: int, rng: random.Random) -> list[int] | None:
    """A random simple path of ``length`` cells among ``cells``, or None where one gets stuck."""
    path = [rng.choice(cells)]
    while len(path) < length:
        around = [cell for cell in cells if cell not in path and adjacent(board, path[-1], cell)]
        if not around:
            return None
        path.append(rng.choice(around))
    return path


@pytest.mark.timeout(120)  # a regression would hang: the timeout fails it instead
def test_boards_of_more_than_65536_cells(searcher: ModuleType) -> None:
    """Cell numbers past 16 bits: a link once kept a cell in 16 bits, so past 65,536 cells
    a path's cells and its parent were misread and walking it back never ended (this test
    would hang: the timeout fails it).  A 9000 x 8 board, blocked but for bands of 12 rows at its
    start, across cell 65,536 and at its end, with words along random paths in them (up to
    12 cells: through cells 8 rows apart, which share a path bit), against the oracle that
    tries every path."""
    rows, columns = 9000, 8
    rng = random.Random(65536)
    cells = ["#"] * (rows * columns)
    bands = [list(range(start * columns, (start + 12) * columns)) for start in (0, 8186, rows - 12)]
    for band in bands:
        for cell in band:
            cells[cell] = rng.choice("ABCDEFGHIJKLMNOP")
    board = Board.from_cells(cells, columns)
    short: set[str] = set()
    long: set[str] = set()
    for band in bands:
        for words, lengths in ((short, (3, 8)), (long, (9, 12))):
            goal = len(words) + 20
            while len(words) < goal:
                path = _random_path_within(board, band, rng.randint(*lengths), rng)
                if path is not None:
                    words.add("".join(board.cells[cell] for cell in path))
    last = bands[-1]  # a word that repeats a cell's letter only by reusing the cell
    long.add("".join(board.cells[cell] for cell in last[:8]) + board.cells[last[0]])
    lexicon = lexicon_from_words(sorted(short | long), "trie")
    found, score, count = solve(searcher, board, lexicon, minimum=3)
    expected = words_on_board(board, lexicon)
    assert max(max(path) for path in found.values()) >= rows * columns - 8 * columns
    assert set(found) == expected
    assert all(is_valid_path(board, path, word) for word, path in found.items())
    assert (score, count) == expected_score(expected, 3)
