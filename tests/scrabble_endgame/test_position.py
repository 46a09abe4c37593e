"""The searched position: make/unmake restore everything, and the hash follows the state."""

from __future__ import annotations

import random

from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, Rack
from wordgames.scrabble.endgame.position import SearchPosition
from wordgames.scrabble.rules.classic import ClassicRules


def fresh_key(position: SearchPosition) -> int:
    """The key of a position built from scratch in the same state."""
    copy = SearchPosition(position.board, (position.rack_tiles(0), position.rack_tiles(1)), STANDARD_ENGLISH,
                          bag=list(position.bag), scoreless=0, limit=position.limit)
    copy.side, copy.scoreless = position.side, position.scoreless
    return copy.key()


def test_random_walks_keep_the_hash_and_undo_exactly(small_boards: list[Board], short_words: Lexicon) -> None:
    rules = ClassicRules()
    rng = random.Random(3)
    for board in rng.sample(small_boards, 8):
        position = SearchPosition(board, ("AEST", "?INR"), STANDARD_ENGLISH, bag=["O", "U"], limit=6)
        start_key, start_text = position.key(), position.board.to_text()
        steps = []
        for _ in range(4):
            if position.scoreless >= position.limit - 1:
                break
            rack = Rack(position.rack_tiles(position.side))
            moves = list(rules.generate_moves(position.board, rack, short_words)) if len(rack) else []
            move = rng.choice([*moves, None])
            steps.append(position.make(move))
            assert position.key() == fresh_key(position)
        for step in reversed(steps):
            position.unmake(step)
        assert position.key() == start_key and position.board.to_text() == start_text
        assert position.rack_text(0) == "AEST" and position.rack_text(1) == "INR?"
        assert position.bag == ["O", "U"] and position.side == 0 and position.scoreless == 0


def test_the_key_tells_the_side_to_move_and_the_scoreless_run_apart() -> None:
    position = SearchPosition(Board(), ("A", "B"), STANDARD_ENGLISH)
    keys = {position.key()}
    position.make(None)
    keys.add(position.key())
    position.make(None)
    keys.add(position.key())
    assert len(keys) == 3
