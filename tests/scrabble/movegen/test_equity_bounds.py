"""The anchors' equity bounds of the best-move search by equity (``equity.anchor_equity``):
no legal move is worth more than the bound of the anchor it is searched from (every move of
full generation checked, on both built-in layouts, bingos included), and the best-first
search that stops on them ranks first what full generation ranks first, with and without
blanks."""

from __future__ import annotations

import random

import pytest
from compiled_support import interpreted_chain
from conftest import MOVEGEN_CHAIN
from hypothesis import given, settings
from hypothesis import strategies as st

from scrabble.movegen.test_properties import autoplay_board
from wordgames.lexicon import Lexicon
from wordgames.scrabble import BLANK, STANDARD_ENGLISH, Board, Rack
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.leaves import LeaveTable, load_leaves
from wordgames.scrabble.leaves.dense import dense_leaves
from wordgames.scrabble.leaves.keeps import RackKeeps, table_keeps
from wordgames.scrabble.movegen.generator import MoveGenerator

Anchor = tuple[int, int, int]
"""An anchor as (across, line, square along the line)."""


@pytest.fixture(scope="module")
def shipped() -> LeaveTable:
    return load_leaves("enable")


def anchor_bounds(board: Board, rack: Rack, lexicon: Lexicon, found: RackKeeps | None) -> dict[Anchor, float]:
    """Every anchor's bound for ``rack`` on ``board``, by equity with ``found``'s leaves (by
    score with None), from the search's own source run interpreted (its functions are C
    functions once compiled)."""
    equity, kernel, generator_module = (interpreted_chain(MOVEGEN_CHAIN)[i] for i in (2, 4, 6))
    generator = generator_module.MoveGenerator(lexicon)
    buf = generator._searched(board)
    try:
        # A best-move search sets up the rack's fields the bounds read.
        counts = generator.rack_counts(rack)
        if found is None:
            kernel.search(buf, counts, 1)
        else:
            kernel.search_equity(buf, counts, 1, found.values, found.radix, found.full, found.best)
        bounds = {}
        for across in (1, 0):
            lines, length = kernel._shape(buf, across)
            for line in range(lines):
                base = kernel._base(buf, across) + line * length
                for col in range(length):
                    if buf.anchor[base + col]:
                        limit = kernel._left_limit(buf, base + col, col)
                        bounds[(across, line, col)] = equity.anchor_equity(buf, base, length, col, limit)
        return bounds
    finally:
        generator._release(buf)


def anchors_of(move: Move, bounds: dict[Anchor, float]) -> list[Anchor]:
    """The anchors ``move`` may be searched from: the first anchor among its placed squares
    along its line, in its direction (and, for one tile, across and down both)."""
    placed = [(row, col) for row, col, _ in move.placed_numbers()]
    directions = [move.across] if len(placed) > 1 else [True, False]
    found = []
    for across in directions:
        squares = sorted((row, col, col) if across else (col, row, row) for row, col in placed)
        for line, _, along in squares:
            if (int(across), line, along) in bounds:
                found.append((int(across), line, along))
                break
    return found


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["standard", "super"]), st.integers(0, 1000), st.integers(0, 12),
       st.integers(0, 2), st.randoms(use_true_random=False))
def test_no_move_is_worth_more_than_its_anchors_bound(
    enable_trie: Lexicon, shipped: LeaveTable, layout_name: str, seed: int, turns: int, blanks: int,
    rng: random.Random,
) -> None:
    board = autoplay_board(enable_trie, layout_name, seed, turns)
    unseen = [tile for tile in STANDARD_ENGLISH.full_bag() if tile != BLANK]
    rack = Rack(rng.sample(unseen, rng.randint(1, 7) - min(blanks, 1)) + [BLANK] * blanks)
    found = table_keeps(dense_leaves(shipped), STANDARD_ENGLISH.letters, rack)
    assert found is not None
    bounds = anchor_bounds(board, rack, enable_trie, found)
    for move in MoveGenerator(enable_trie).moves(board, rack):
        anchors = anchors_of(move, bounds)
        assert anchors, move
        assert found.equity(move) <= max(bounds[anchor] for anchor in anchors), move


@pytest.mark.parametrize("turns", [0, 4, 9])
@pytest.mark.parametrize("text", ["AEINRST", "EINRST?", "ADEIRST"])
def test_bingos_stay_within_their_anchors_bounds(enable_trie: Lexicon, shipped: LeaveTable, turns: int,
                                                 text: str) -> None:
    # Racks that make seven-letter words: the bingo's bonus must be in the bound.
    board = autoplay_board(enable_trie, "standard", 3, turns)
    rack = Rack.parse(text)
    found = table_keeps(dense_leaves(shipped), STANDARD_ENGLISH.letters, rack)
    assert found is not None
    bounds = anchor_bounds(board, rack, enable_trie, found)
    moves = MoveGenerator(enable_trie).moves(board, rack)
    bingos = [move for move in moves if len(move.placed_numbers()) == 7]
    assert bingos
    for move in bingos:
        assert found.equity(move) <= max(bounds[anchor] for anchor in anchors_of(move, bounds)), move


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 1000), st.integers(0, 16), st.integers(0, 2), st.randoms(use_true_random=False),
       st.sampled_from([1, 2, 5]))
def test_the_best_first_search_finds_what_full_generation_ranks_first(
    enable_trie: Lexicon, shipped: LeaveTable, seed: int, turns: int, blanks: int, rng: random.Random,
    limit: int,
) -> None:
    board = autoplay_board(enable_trie, "standard", seed, turns)
    unseen = [tile for tile in STANDARD_ENGLISH.full_bag() if tile != BLANK]
    rack = Rack(rng.sample(unseen, 7 - blanks) + [BLANK] * blanks)
    found = table_keeps(dense_leaves(shipped), STANDARD_ENGLISH.letters, rack)
    assert found is not None
    generator = MoveGenerator(enable_trie)
    every = sorted((found.equity(move) for move in generator.moves(board, rack)), reverse=True)
    got = [equity for equity, _ in generator.best_by_equity(board, rack, found, limit)]
    assert got[:limit] == every[:limit]
    assert all(equity >= every[min(limit, len(every)) - 1] for equity in got)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["standard", "super"]), st.integers(0, 1000), st.integers(0, 12),
       st.integers(0, 2), st.randoms(use_true_random=False))
def test_no_move_scores_more_than_its_anchors_bound(
    enable_trie: Lexicon, layout_name: str, seed: int, turns: int, blanks: int, rng: random.Random,
) -> None:
    board = autoplay_board(enable_trie, layout_name, seed, turns)
    unseen = [tile for tile in STANDARD_ENGLISH.full_bag() if tile != BLANK]
    rack = Rack(rng.sample(unseen, rng.randint(1, 7) - min(blanks, 1)) + [BLANK] * blanks)
    bounds = anchor_bounds(board, rack, enable_trie, None)
    generator = MoveGenerator(enable_trie)
    moves = generator.moves(board, rack)
    for move in moves:
        assert move.score <= max(bounds[anchor] for anchor in anchors_of(move, bounds)), move
    for limit in (1, 3):  # the best-first search by score stops on them
        assert generator.best(board, rack, limit) == sorted(moves, key=Move.sort_key)[:limit]
