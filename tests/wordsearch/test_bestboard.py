"""Best-board search: it finds what a brute force proves best, reproducibly, and every score it
reports is the solver's own."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.wordsearch import BoardScorer, best_boards, create_game, parse_board
from wordgames.wordsearch.bestboard import board_text
from wordgames.wordsearch.boardspace import DiceSpace, LetterSpace, canonical, symmetries
from wordgames.wordsearch.dice import CLASSIC_DICE

from .support import rollable

# Words over a four-letter alphabet, so every board of a small shape can be tried.
TINY_WORDS = ["ate", "eat", "tea", "tee", "sat", "set", "sea", "eats", "east", "seat", "teas",
              "tease", "state", "taste", "steate", "tat", "ess", "asset", "tsetse"]  # fmt: skip
ALPHABET = ["A", "E", "S", "T"]


@pytest.fixture(scope="module")
def tiny() -> Lexicon:
    return lexicon_from_words(TINY_WORDS)


def official_total(lexicon: Lexicon, board_text_: str, minimum: int = 3) -> tuple[int, int]:
    """Score and word count of a board through the game engine (independent of the scorer)."""
    game = create_game(scoring="official", lexicon=lexicon)
    game.set_board(parse_board(board_text_))
    words = game.scored_words(minimum)
    return sum(entry.score for entry in words), len(words)


def brute_force_best(lexicon: Lexicon, rows: int, columns: int, alphabet: list[str]) -> int:
    game = create_game(scoring="official", lexicon=lexicon)
    best = -1
    for cells in itertools.product(alphabet, repeat=rows * columns):
        game.set_board(list(cells), columns=columns)
        best = max(best, sum(entry.score for entry in game.scored_words(3)))
    return best


@pytest.mark.parametrize(
    ("rows", "columns", "alphabet", "iterations"),
    [(2, 2, ALPHABET, 2_000), (2, 3, ALPHABET, 4_000), (3, 3, ["A", "E", "S"], 6_000)],
)
def test_the_search_finds_the_proven_best_board(
    tiny: Lexicon, rows: int, columns: int, alphabet: list[str], iterations: int
) -> None:
    proven = brute_force_best(tiny, rows, columns, alphabet)
    result = best_boards(
        tiny, rows, columns, iterations=iterations, seed=3, workers=1, alphabet=alphabet,
        run_steps=1_000,
    )  # fmt: skip
    assert result.boards[0].score == proven
    assert official_total(tiny, result.boards[0].board) == (proven, result.boards[0].words)


def test_reported_boards_are_ranked_distinct_and_truthful(tiny: Lexicon) -> None:
    result = best_boards(
        tiny, 3, 3, iterations=3_000, seed=1, workers=1, alphabet=ALPHABET, top=6, run_steps=1_000
    )
    assert len(result.boards) == 6
    scores = [entry.score for entry in result.boards]
    assert scores == sorted(scores, reverse=True)
    shapes = symmetries(3, 3)
    names = {canonical(parse_board(entry.board).cells, shapes) for entry in result.boards}
    assert len(names) == 6  # no board is a rotation or reflection of another
    for entry in result.boards:
        assert official_total(tiny, entry.board) == (entry.score, entry.words)
    assert result.evaluated == 3_000 + 3  # each of the three runs scores its first board too
    assert 0 < result.solved <= result.evaluated


def test_same_seed_and_iterations_same_answer_whatever_the_workers(tiny: Lexicon) -> None:
    kwargs = {"iterations": 5_000, "seed": 11, "alphabet": ALPHABET, "run_steps": 1_000, "top": 4}
    one = best_boards(tiny, 3, 4, workers=1, **kwargs)  # type: ignore[arg-type]
    again = best_boards(tiny, 3, 4, workers=1, **kwargs)  # type: ignore[arg-type]
    two = best_boards(tiny, 3, 4, workers=2, **kwargs)  # type: ignore[arg-type]
    assert one.boards == again.boards == two.boards
    assert one.evaluated == two.evaluated
    other = best_boards(tiny, 3, 4, workers=1, **{**kwargs, "seed": 12})  # type: ignore[arg-type]
    assert other.evaluated == one.evaluated


def test_a_time_limit_stops_the_search(tiny: Lexicon) -> None:
    result = best_boards(tiny, 3, 3, seconds=0.3, seed=1, workers=1, alphabet=ALPHABET)
    assert result.boards and result.evaluated >= 1
    assert official_total(tiny, result.boards[0].board)[0] == result.boards[0].score


def test_dice_boards_can_be_rolled(enable_trie: Lexicon) -> None:
    result = best_boards(enable_trie, 2, 3, iterations=1_500, seed=5, workers=1, dice=True, top=5)
    for entry in result.boards:
        assert rollable(parse_board(entry.board).cells, CLASSIC_DICE), entry.board
        assert official_total(enable_trie, entry.board) == (entry.score, entry.words)


def test_4x4_dice_search_keeps_qu_as_one_cell(enable_trie: Lexicon) -> None:
    result = best_boards(enable_trie, 4, iterations=300, seed=2, workers=1, dice=True, top=3)
    for entry in result.boards:
        board = parse_board(entry.board)
        assert board.size == 16 and rollable(board.cells, CLASSIC_DICE)


@given(st.lists(st.sampled_from(["A", "E", "S", "T", "QU"]), min_size=6, max_size=6))
def test_scorer_agrees_with_the_game(cells: list[str]) -> None:
    lexicon = lexicon_from_words([*TINY_WORDS, "quest", "quests", "equate"])
    scorer = BoardScorer(lexicon, 2, 3, 3, "official")
    key = scorer.canonical(tuple(cells))
    assert scorer.score(key) == official_total(lexicon, board_text(tuple(cells), 3))
    assert scorer.score(tuple(cells)) == scorer.score(key)  # a mirror image scores the same


@pytest.mark.parametrize(("rows", "columns", "count"), [(4, 4, 8), (3, 5, 4), (1, 1, 8)])
def test_symmetries_are_the_board_automorphisms(rows: int, columns: int, count: int) -> None:
    shapes = symmetries(rows, columns)
    assert len(set(shapes)) == (count if rows * columns > 1 else 1)
    board = parse_board("/".join("".join(random.Random(rows).choices("ABCDE", k=columns))
                                 for _ in range(rows)))  # fmt: skip
    neighbours = board.neighbours
    for permutation in shapes:
        assert sorted(permutation) == list(range(rows * columns))
        inverse = {old: new for new, old in enumerate(permutation)}
        for cell, around in enumerate(neighbours):  # adjacency is preserved
            assert {inverse[other] for other in around} == set(neighbours[inverse[cell]])
    images = [tuple(board.cells[index] for index in permutation) for permutation in shapes]
    assert {canonical(image, shapes) for image in images} == {canonical(board.cells, shapes)}


def test_moves_change_one_cell_or_swap_two() -> None:
    rng = random.Random(4)
    space = LetterSpace(9, ALPHABET)
    state = space.random_state(rng)
    for _ in range(200):
        new = space.propose(state, rng)
        changed = [index for index in range(9) if new[index] != state[index]]
        assert len(changed) in (1, 2)
        if len(changed) == 2:
            assert sorted(map(str, new)) == sorted(map(str, state))
        state = new
    dice = DiceSpace(4, CLASSIC_DICE)
    state = dice.random_state(rng)
    for _ in range(200):
        state = dice.propose(state, rng)
        assert sorted(state[0]) == list(range(16))  # type: ignore[call-overload]
        assert rollable(dice.cells(state), CLASSIC_DICE)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"rows": 13, "iterations": 10}, InvalidArgumentError),
        ({"rows": 0, "iterations": 10}, InvalidArgumentError),
        ({"rows": "4", "iterations": 10}, InvalidArgumentTypeError),
        ({"rows": 2}, InvalidArgumentError),
        ({"rows": 2, "seconds": float("nan")}, InvalidArgumentError),
        ({"rows": 2, "seconds": float("inf")}, InvalidArgumentError),
        ({"rows": 2, "seconds": -1}, InvalidArgumentError),
        ({"rows": 2, "iterations": 0}, InvalidArgumentError),
        ({"rows": 2, "iterations": 10, "workers": 0}, InvalidArgumentError),
        ({"rows": 2, "iterations": 10, "workers": 10**6}, InvalidArgumentError),
        ({"rows": 2, "iterations": 10, "top": 10**6}, InvalidArgumentError),
        ({"rows": 2, "iterations": 10, "alphabet": []}, InvalidArgumentError),
        ({"rows": 2, "iterations": 10, "alphabet": "AB"}, InvalidArgumentTypeError),
        ({"rows": 2, "iterations": 10, "alphabet": ["A", "1"]}, InvalidArgumentError),
        ({"rows": 2, "iterations": 10, "scoring": "nope"}, InvalidArgumentError),
        ({"rows": 2, "iterations": 10, "seed": None}, InvalidArgumentTypeError),
    ],
)
def test_bad_arguments_are_refused(tiny: Lexicon, kwargs: dict[str, object], error: type) -> None:
    with pytest.raises(error):
        best_boards(tiny, **{"workers": 1, **kwargs})  # type: ignore[arg-type]


def test_a_lexicon_is_required() -> None:
    with pytest.raises(InvalidArgumentTypeError):
        best_boards("enable", 4, iterations=10)  # type: ignore[arg-type]


def test_memory_changes_the_cost_not_the_answer(tiny: Lexicon) -> None:
    kwargs = {"iterations": 2_000, "seed": 6, "workers": 1, "alphabet": ALPHABET, "run_steps": 500}
    remembered = best_boards(tiny, 3, 3, **kwargs)  # type: ignore[arg-type]
    afresh = best_boards(tiny, 3, 3, remember=False, **kwargs)  # type: ignore[arg-type]
    assert remembered.boards == afresh.boards
    assert afresh.solved == afresh.evaluated > remembered.solved


def test_the_word_finder_can_be_replaced(tiny: Lexicon) -> None:
    from wordgames.wordsearch.solving import find_words

    calls = []

    def counting(board: object, lexicon: object) -> object:
        calls.append(board)
        return find_words(board, lexicon)  # type: ignore[arg-type]

    result = best_boards(
        tiny, 2, 3, iterations=300, seed=1, workers=1, alphabet=ALPHABET, find_words=counting  # type: ignore[arg-type]
    )
    assert len(calls) == result.solved > 0
