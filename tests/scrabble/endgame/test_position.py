"""The searched position: make/unmake restore everything, and the hash follows the state."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import fits

from wordgames.compiled import is_compiled
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.scoring import END_RULES, end_of_game_adjustments
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH
from wordgames.scrabble.endgame import SearchOptions, negamax, solve_endgame
from wordgames.scrabble.endgame.position import PASS, SearchPosition
from wordgames.scrabble.rules.classic import ClassicRules


def fresh_key(position: SearchPosition) -> int:
    """The key of a position built from scratch in the same state."""
    racks = (position.rack_tiles(0), position.rack_tiles(1))
    copy = SearchPosition(position.board(), racks, STANDARD_ENGLISH,
                          bag=position.bag_tiles(), scoreless=0, limit=position.limit)
    copy.side, copy.scoreless = position.side, position.scoreless
    return copy.key()


def test_random_walks_keep_the_hash_and_undo_exactly(small_boards: list[Board], short_words: Lexicon) -> None:
    rules = ClassicRules()
    rng = random.Random(3)
    possible = [board for board in small_boards if fits(board, "AEST?INROU")]  # racks and bag
    for board in rng.sample(possible, 8):
        position = SearchPosition(board, ("AEST", "?INR"), STANDARD_ENGLISH, bag=["O", "U"], limit=6)
        start_key, start_text = position.key(), position.board().to_text()
        steps = []
        for _ in range(4):
            if position.scoreless >= position.limit - 1:
                break
            rack = Rack(position.rack_tiles(position.side))
            moves = list(rules.generate_moves(position.board(), rack, short_words)) if len(rack) else []
            move = rng.choice([*moves, None])
            steps.append(position.make(None if move is None else position.compact(move)))
            assert position.key() == fresh_key(position)
            assert position.rack_points == [
                sum(STANDARD_ENGLISH.value(tile) for tile in position.rack_tiles(player)) for player in (0, 1)
            ]
        for step in reversed(steps):
            position.unmake(step)
        assert position.key() == start_key and position.board().to_text() == start_text
        assert position.rack_text(0) == "AEST" and position.rack_text(1) == "INR?"
        assert position.bag_tiles() == ["O", "U"] and position.side == 0 and position.scoreless == 0


def test_a_compact_move_keeps_its_placements(small_boards: list[Board], short_words: Lexicon) -> None:
    position = SearchPosition(small_boards[3], ("AE?T", "INR"), STANDARD_ENGLISH)
    for move in ClassicRules().generate_moves(small_boards[3], Rack.parse("AE?T"), short_words):
        compact = position.compact(move)
        assert compact[0] == move.score
        step = position.make(compact)
        expected = small_boards[3].copy()
        expected.place_all((p.row, p.col, p.tile) for p in move.placed)
        assert position.board() == expected
        left = Counter("AE?T")
        left.subtract(move.tiles_used)
        assert Counter(position.rack_tiles(0)) == +left
        position.unmake(step)
        assert position.board() == small_boards[3]


def test_the_key_tells_the_side_to_move_and_the_scoreless_run_apart() -> None:
    position = SearchPosition(Board(), ("A", "B"), STANDARD_ENGLISH)
    keys = {position.key()}
    position.make(None)
    keys.add(position.key())
    position.make(PASS)
    keys.add(position.key())
    assert len(keys) == 3


@pytest.mark.parametrize("rule", END_RULES)
@pytest.mark.parametrize("out", [True, False])
def test_the_final_adjustment_is_the_games_change_in_spread(rule: str, out: bool) -> None:
    racks = ("" if out else "QZ", "AEX?")
    position = SearchPosition(Board(), ("B", "AEX?"), STANDARD_ENGLISH, end_rule=rule)
    position.make(PASS)  # the opponent (player 1, rack AEX?) is to move
    if out:
        position.racks[0] = [0] * len(position.racks[0])
        position.rack_points[0] = 0
    else:
        position = SearchPosition(Board(), ("QZ", "AEX?"), STANDARD_ENGLISH, end_rule=rule)
        position.make(PASS)
    changes = end_of_game_adjustments([racks[1], racks[0]], STANDARD_ENGLISH, 1 if out else None, rule)
    assert position.final_adjustment(out) == changes[0] - changes[1]


def test_the_key_after_a_move_is_the_key_its_make_gives(
        small_boards: list[Board], short_words: Lexicon, enable_trie: Lexicon,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The search fetches the next move's bucket of the table by this key before it plays the
    # move: checked against the key the move's make gives, at every move the search plays.
    if is_compiled(negamax):
        pytest.skip("the search's methods are C functions when compiled: the interpreted stage checks them")
    checked = []
    child = negamax.Negamax._child

    def checking(search: negamax.Negamax, slot: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        guess = search._key_after(slot)
        search._make(slot, ply)
        checked.append(guess == search.key())
        search._unmake(slot, ply)
        return child(search, slot, depth, alpha, beta, ply)

    monkeypatch.setattr(negamax.Negamax, "_child", checking)
    rng = random.Random(11)
    for board in rng.sample(small_boards, 6):
        pool = [tile for tile in STANDARD_ENGLISH.full_bag() if fits(board, tile)]
        racks = ("".join(rng.sample(pool, 3)), "".join(rng.sample(pool, 3)))
        if not all(fits(board, rack) for rack in racks) or not fits(board, racks[0] + racks[1]):
            continue
        solve_endgame(board, racks, short_words, ClassicRules(), options=SearchOptions(), plies=4)
    board = Board()  # a wide one on the full lexicon, a blank and repeated tiles included
    board.place_all((7, 5 + i, tile) for i, tile in enumerate("QUIET"))
    solve_endgame(board, ("AEE?RST", "DINOSUL"), enable_trie, ClassicRules(), time_limit=2.0)
    assert len(checked) > 100 and all(checked)
