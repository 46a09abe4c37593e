"""The solver against a plain exhaustive minimax on hundreds of small random endgames.

Boards come from seeded greedy games at random points; each side gets 1 to 3 random tiles of
the ones not on the board; the scoreless-turn limit and the end rule vary.  A position whose
exhaustive tree is too big to search quickly is replaced by the next random one (seeded, so
the same positions every run); the count of compared positions is asserted.
"""

from __future__ import annotations

import random
from collections import Counter

from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, rack_tile
from wordgames.scrabble.endgame import solve_endgame
from wordgames.scrabble.rules.classic import ClassicRules

from .reference import Minimax, TooBig

POSITIONS = 500
NODE_BUDGET = 400


def unseen_pool(board: Board) -> list[str]:
    """The tiles of a full English bag that are not on ``board``."""
    pool = Counter(STANDARD_ENGLISH.full_bag())
    pool.subtract(rack_tile(tile) for _, _, tile in board.tiles())
    return sorted((+pool).elements())


def test_solver_matches_exhaustive_minimax(game_boards: list[Board], short_words: Lexicon) -> None:
    rules = ClassicRules()
    rng = random.Random(15)
    compared = 0
    tried = 0
    while compared < POSITIONS:
        tried += 1
        board = rng.choice(game_boards)
        pool = unseen_pool(board)
        rng.shuffle(pool)
        mine, theirs = rng.randint(1, 3), rng.randint(1, 3)
        racks = ("".join(pool[:mine]), "".join(pool[mine:mine + theirs]))
        limit = rng.choice((1, 2, 2, 3, 6))
        rule = rng.choice(("usc", "tournament"))
        reference = Minimax(short_words, rules, limit, rule, NODE_BUDGET)
        try:
            expected = reference.value(board, Counter(racks[0]), Counter(racks[1]))
        except TooBig:
            continue
        result = solve_endgame(board, racks, short_words, rules, scoreless_turn_limit=limit, end_rule=rule)
        assert result.exact
        assert result.value == expected, (board.to_text(), racks, limit, rule)
        assert result.moves, "an exact answer comes with its sequence"
        compared += 1
    assert tried < 4 * POSITIONS  # most random positions are small enough to compare
