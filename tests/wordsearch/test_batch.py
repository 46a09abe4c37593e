"""Batch scoring (``score_boards``) against a brute-force oracle and the one-board API.

``score_boards`` reads board text straight into the kernel and streams its input; the oracle
(``support.words_on_board``) tries every path some word starts with, nothing of the engine.
Boards are random, of several shapes (square or not), with cells of two letters (QU, TH),
blocked cells and letters no word uses, under several minimum lengths.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.errors import BoardError
from wordgames.lexicon import Lexicon
from wordgames.wordsearch import Board, create_game, roll_board, score_boards

from .support import official_points, words_on_board

CELLS = [*"AEEIOTNSRLDCMPBHGUY", "QU", "TH", "#", "É"]
WEIGHTS = [8] * 19 + [2, 1, 1, 1]


def random_board(rows: int, columns: int, seed: int) -> Board:
    """A board of random cells (see CELLS), mostly single letters."""
    rng = random.Random(seed)
    return Board.from_cells(rng.choices(CELLS, WEIGHTS, k=rows * columns), columns)


def oracle_score(board: Board, lexicon: Lexicon, minimum: int) -> int:
    """The official score of ``board`` by trying paths (see the module docstring)."""
    return sum(official_points(len(word)) for word in words_on_board(board, lexicon)
               if len(word) >= minimum)


def one_board_score(board: Board, lexicon: Lexicon, minimum: int) -> int:
    """The official score of ``board`` through the one-board API."""
    game = create_game("trie", lexicon=lexicon)
    game.set_board(board)
    return sum(official_points(len(word)) for word in game.get_all_valid_words(minimum))


@settings(max_examples=40, deadline=None)
@given(shapes=st.lists(st.tuples(st.integers(1, 5), st.integers(1, 5), st.integers(0, 2**32)),
                       min_size=1, max_size=6),
       minimum=st.integers(1, 5))
def test_scores_equal_the_oracle_and_the_one_board_api(
    shapes: list[tuple[int, int, int]], minimum: int, enable_trie: Lexicon
) -> None:
    boards = [random_board(rows, columns, seed) for rows, columns, seed in shapes]
    expected = [oracle_score(board, enable_trie, minimum) for board in boards]
    assert [one_board_score(board, enable_trie, minimum) for board in boards] == expected
    # Each board as text, as a Board, and (square ones) as a list of cells, from a generator.
    assert score_boards((board.to_text() for board in boards), enable_trie,
                        min_length=minimum) == expected
    assert score_boards(boards, enable_trie, min_length=minimum) == expected
    square = [index for index, board in enumerate(boards) if board.rows == board.columns]
    assert score_boards([list(boards[index].cells) for index in square], enable_trie,
                        min_length=minimum) == [expected[index] for index in square]


def test_dice_boards_in_one_call(enable_trie: Lexicon) -> None:
    """Many boards in one call (the kernel's state carried from board to board) score as each
    board alone, for boards of the dice of 4 x 4 and 5 x 5 in turn."""
    boards = [roll_board(4 + number % 2, seed=number) for number in range(40)]
    scores = score_boards([board.to_text() for board in boards], enable_trie)
    assert scores == [oracle_score(board, enable_trie, 3) for board in boards]
    assert scores == [score_boards([board], enable_trie)[0] for board in boards]
    assert max(scores) > 0


def test_lists_of_cells_score_as_their_text(enable_trie: Lexicon) -> None:
    """Square lists of cells (read as text by the kernel), in any case, score as
    the board text; cells the text reader leaves to the parser still score, or fail as the
    parser says."""
    boards = [roll_board(4, seed=number) for number in range(30)]
    expected = score_boards([board.to_text() for board in boards], enable_trie)
    assert score_boards([list(board.cells) for board in boards], enable_trie) == expected
    assert score_boards([tuple(cell.lower() for cell in board.cells) for board in boards],
                        enable_trie) == expected
    for cells in (["A", "/", "B", "C"], ["A", "B", "C"], [], ["ß", "A", "B", "C"]):
        with pytest.raises(BoardError):
            score_boards([cells], enable_trie)
