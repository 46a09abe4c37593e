"""Bounds on board classes against brute force: never below the best board of the class.

Every board of small classes is scored by the oracle (``support.words_on_board``, its own
adjacency); the bounds, the forced search and :func:`settle` are run compiled and
interpreted (the ``bounds`` fixture).
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.wordsearch import Board
from wordgames.wordsearch.classes import BoardClass, class_bounds, load_class
from wordgames.wordsearch.scoring import scoring_function
from wordgames.wordsearch.settle import ProofSettings, lexicon_digest, settle
from wordgames.wordsearch.symbols import symbol_tables

from .support import official_points, words_on_board

LETTERS = ["A", "E", "S", "T", "R", "N", "QU", "O", "#"]
SMALL_WORDS = ["TEA", "EAT", "ATE", "SEA", "SET", "TEE", "RAT", "TAR", "ART", "STAR", "RATE",
               "TEAR", "REST", "NEST", "TENS", "SENT", "QUOTE", "QUOTES", "QUA", "ONE", "TONE",
               "STONE", "NOTES", "ONSET", "TREES", "TERSE", "RESET", "EATS", "SEAT", "EAST"]


def exact_score(cells: tuple[str, ...], columns: int, lexicon: Lexicon) -> int:
    board = Board.from_cells(list(cells), columns)
    return sum(official_points(len(word)) for word in words_on_board(board, lexicon) if len(word) >= 3)


def random_class(rng: random.Random, rows: int, columns: int, most: int) -> BoardClass:
    """A class of at most about ``most`` boards, each cell one to three letters."""
    cells = []
    size = 1
    for _ in range(rows * columns):
        count = rng.randint(1, 3) if size * 3 <= most else 1
        options = rng.sample(LETTERS, count)
        size *= len(options)
        cells.append(options)
    return BoardClass.from_cells(cells, columns)


def solver_for(bounds: ModuleType, lexicon: Lexicon) -> object:
    solver = bounds.ClassSolver(symbol_tables(lexicon))
    solver.set_scoring(scoring_function("official"), 3)
    return solver


@pytest.fixture(scope="module")
def small() -> Lexicon:
    return lexicon_from_words(SMALL_WORDS)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), shape=st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3)]))
def test_every_bound_is_at_least_the_best_board(
    bounds: ModuleType, small: Lexicon, seed: int, shape: tuple[int, int]
) -> None:
    rows, columns = shape
    board_class = random_class(random.Random(seed), rows, columns, 60)
    solver = solver_for(bounds, small)
    load_class(solver, board_class, small)  # type: ignore[arg-type]
    most, union = solver.bounds(True)  # type: ignore[attr-defined]
    scores = {cells: exact_score(cells, columns, small) for cells in board_class.boards()}
    best = max(scores.values())
    assert most >= best and union >= best and solver.orderly >= best  # type: ignore[attr-defined]
    if board_class.size == 1:
        assert union == best
    # The forced search keeps every board at or above any target.
    target = max(1, best - random.Random(seed).randint(0, 3))
    kept = set()
    starts = [0]
    for options in board_class.cells:
        starts.append(starts[-1] + len(options))
    for chosen, open_options in solver.force(target):  # type: ignore[attr-defined]
        for cells in board_class.boards():
            if all(cells[cell] == options[chosen[cell] - starts[cell]] if chosen[cell] >= 0
                   else open_options[cell] >> options.index(cells[cell]) & 1
                   for cell, options in enumerate(board_class.cells)):
                kept.add(cells)
    assert {cells for cells, score in scores.items() if score >= target} <= kept


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_bounds_with_enable_on_3x3_classes(bounds: ModuleType, enable_trie: Lexicon, seed: int) -> None:
    rng = random.Random(seed)
    cells = [rng.sample(["A", "E", "S", "T", "R", "L", "P", "D", "I", "N"], rng.choice([1, 1, 2]))
             for _ in range(9)]
    board_class = BoardClass.from_cells(cells, 3)
    solver = solver_for(bounds, enable_trie)
    load_class(solver, board_class, enable_trie)  # type: ignore[arg-type]
    most, union = solver.bounds(True)  # type: ignore[attr-defined]
    best = max(exact_score(board, 3, enable_trie) for board in board_class.boards())
    assert min(most, union, solver.orderly) >= best  # type: ignore[attr-defined]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_settle_finds_exactly_the_boards_at_or_above_the_target(
    bounds: ModuleType, small: Lexicon, seed: int
) -> None:
    rng = random.Random(seed)
    board_class = random_class(rng, 2, 3, 200)
    scores = {cells: exact_score(cells, 3, small) for cells in board_class.boards()}
    target = max(1, max(scores.values()) - rng.randint(0, 4))
    proof = ProofSettings(2, 3, target, (), 3, "official", lexicon_digest(small), 1)
    found, evaluated = settle(board_class, proof, small, solver_for(bounds, small))  # type: ignore[arg-type]
    assert dict(found) == {cells: score for cells, score in scores.items() if score >= target}
    assert evaluated >= 1


def test_class_text_and_the_public_bounds(small: Lexicon) -> None:
    board_class = BoardClass.parse("T AE/E T")
    assert board_class.size == 2 and str(board_class) == "T AE/E T"
    assert [str(part) for part in board_class.split(1)] == ["T A/E T", "T E/E T"]
    bound = class_bounds(board_class, small)
    assert bound.sum_union >= 3 and bound.orderly <= bound.max_no_mark
    one = BoardClass.of_board(["S", "E", "A", "T"], 2)
    assert class_bounds(one, small).sum_union == exact_score(("S", "E", "A", "T"), 2, small)


@settings(max_examples=30, deadline=None)
@given(cells=st.lists(st.sampled_from(["A", "E", "S", "T", "R", "E", "E", "QU", "#"]), min_size=6,
                      max_size=6))
def test_the_union_bound_of_one_board_is_its_score(
    bounds: ModuleType, small: Lexicon, cells: list[str]
) -> None:
    """One board: every word once, so sum/union is the score (repeated letters included,
    where max/no-mark counts a word once per path)."""
    solver = solver_for(bounds, small)
    load_class(solver, BoardClass.of_board(cells, 3), small)  # type: ignore[arg-type]
    most, union = solver.bounds(True)  # type: ignore[attr-defined]
    score = exact_score(tuple(cells), 3, small)
    assert union == score <= solver.orderly <= most  # type: ignore[attr-defined]
