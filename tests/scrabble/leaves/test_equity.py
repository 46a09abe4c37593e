"""The equity player and the equity listing: score + leave, exchanges, the end of the game."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from wordgames.lexicon import Lexicon
from wordgames.lexicon.kwg import ENGLISH_ALPHABET
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.placement import Direction
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.game.decision import Situation, get_strategy
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.leaves import LeaveTable
from wordgames.scrabble.rules.classic import ClassicRules
from wordgames.scrabble.strategy.adjustments import NOT_OUT_PENALTY, OPENING_PENALTY, opens_triple
from wordgames.scrabble.strategy.equity import (
    EquityStrategy,
    bind_leaves,
    equity_choices,
    reset_leaves,
    use_leaves,
)

# Generated racks may hold three blanks or four S: composed positions no bag could deal.
RULES = ClassicRules(count_tiles=False)


def rack_table() -> LeaveTable:
    """A table that likes S and the blank, hates V and duplicates."""
    values = {}
    for size in range(1, 4):
        for text in {"".join(sorted(t)) for t in itertools.combinations("?ADEISSV", size)}:
            values[text] = 10 * text.count("S") + 25 * text.count("?") - 8 * text.count("V") \
                - 3 * (len(text) - len(set(text)))
    return LeaveTable.from_texts(ENGLISH_ALPHABET, values)


def midgame_board() -> Board:
    board = Board()
    for offset, letter in enumerate("QUIET"):
        board.place(7, 5 + offset, letter)
    return board


@settings(max_examples=6)
@given(st.text(alphabet="?ADEISSV", min_size=2, max_size=6))
@example("VV")  # an exchange and the pass of equal equity
def test_equity_is_score_plus_the_leave_value(enable_trie: Lexicon, rack_text: str) -> None:
    table = rack_table()
    rack = Rack.parse(rack_text)
    situation = Situation(midgame_board(), rack, enable_trie, RULES, bag_size=50, can_exchange=True)
    choices = equity_choices(situation, table)
    # A pass of unknown value (the table has no value for the whole rack) is listed last.
    assert choices == sorted(choices, key=lambda c: (c.last_resort, -c.equity))
    for choice in choices:
        assert choice.equity == choice.score + choice.leave_value
        if choice.kind is TurnKind.PASS:
            assert choice.last_resort == (rack_text not in table)
            assert choice.last_resort or choice.leave_value == table.value(rack_text)
            continue
        kept = rack.counts()
        kept.subtract(choice.move.tiles_used if choice.move is not None else choice.tiles)
        assert sorted(choice.leave) == sorted(kept.elements())
        assert choice.leave_value == table.value(choice.leave)
    best = choices[0]
    decision = EquityStrategy(table).decide(situation)
    # Equal equities may be listed in another order than the player breaks ties (an exchange
    # and a pass both worth 0 for "VV", say): the player's choice is worth the best listed.
    chosen = next(choice for choice in choices if choice.decision() == decision)
    assert chosen.equity == best.equity


def test_exchanges_are_listed_and_chosen_for_a_bad_rack(enable_trie: Lexicon) -> None:
    table = LeaveTable.from_texts(ENGLISH_ALPHABET, {"S": 30.0, "V": -40.0, "VV": -80.0, "SV": -10.0})
    situation = Situation(midgame_board(), Rack.parse("VVS"), enable_trie, RULES, bag_size=50,
                          can_exchange=True)
    choices = equity_choices(situation, table)
    exchanges = [c for c in choices if c.kind is TurnKind.EXCHANGE]
    assert {c.leave for c in exchanges} == {"", "S", "V", "SV", "VV"}
    keep_s = next(c for c in exchanges if c.leave == "S")
    assert keep_s.tiles == "VV" and keep_s.equity == 30.0
    decision = EquityStrategy(table).decide(situation)
    if choices[0].kind is TurnKind.EXCHANGE:
        assert decision.kind is TurnKind.EXCHANGE and decision.tiles == choices[0].tiles
    no_exchange = Situation(midgame_board(), Rack.parse("VVS"), enable_trie, RULES, bag_size=3,
                            can_exchange=False)
    assert all(c.kind is not TurnKind.EXCHANGE for c in equity_choices(no_exchange, table))


def test_with_the_bag_empty_going_out_is_worth_twice_the_opponents_tiles(enable_trie: Lexicon) -> None:
    # Rack QI?: going out with QI... leaves nothing; keeping Q costs 2 x 10.
    board = midgame_board()
    rack = Rack.parse("AT")
    situation = Situation(board, rack, enable_trie, RULES, bag_size=0, can_exchange=False,
                          unseen=("Z", "X", "E"))
    choices = equity_choices(situation, LeaveTable.from_texts(ENGLISH_ALPHABET, {"A": 50.0, "T": 50.0}))
    for choice in choices:
        if choice.kind is TurnKind.PLACE and len(choice.leave) == 0:
            assert choice.leave_value == 2 * (10 + 8 + 1)
        elif choice.kind is TurnKind.PLACE:
            # A or T stuck: one point each, counted twice, and the turn it gives the opponent.
            assert choice.leave_value == -2 * 1 - NOT_OUT_PENALTY
        else:
            assert choice.kind is TurnKind.PASS and choice.leave_value == -2 * 2 - NOT_OUT_PENALTY
            assert not choice.last_resort
    assert all(c.kind is not TurnKind.EXCHANGE for c in choices)
    decision = EquityStrategy(LeaveTable(ENGLISH_ALPHABET, {})).decide(situation)
    assert decision.move is not None and len(decision.move.placed) == 2  # it goes out


def test_the_end_game_hook_is_one_place(enable_trie: Lexicon) -> None:
    class Exact(EquityStrategy):
        def end_game(self, situation: Situation):  # type: ignore[no-untyped-def]
            return get_strategy("greedy").decide(situation)

    situation = Situation(midgame_board(), Rack.parse("AT"), enable_trie, RULES, bag_size=0,
                          can_exchange=False, unseen=("Z",))
    assert Exact().decide(situation) == get_strategy("greedy").decide(situation)


def test_opening_a_triple_word_square_is_penalised_near_the_end(enable_trie: Lexicon) -> None:
    board = Board()
    for offset, letter in enumerate("QUIET"):
        board.place(1 + offset, 1, letter)  # Q on B2 ... T on B6, near the triple on A1
    move = Move.from_word(board, 1, 0, Direction.ACROSS, "AQ")
    assert opens_triple(board, move) == 1  # A on A2 is the first tile beside the empty A1
    table = LeaveTable(ENGLISH_ALPHABET, {})
    late = Situation(board, Rack.parse("AST"), enable_trie, RULES, bag_size=3, can_exchange=False)
    early = Situation(board, Rack.parse("AST"), enable_trie, RULES, bag_size=60, can_exchange=True)
    early_values = {c.move: c.leave_value for c in equity_choices(early, table) if c.move is not None}
    opened = 0
    for choice in equity_choices(late, table):
        if choice.move is not None:
            penalty = OPENING_PENALTY * opens_triple(board, choice.move)
            opened += penalty > 0
            assert choice.leave_value == early_values[choice.move] - penalty
    assert opened


def test_the_default_table_follows_use_leaves(enable_trie: Lexicon) -> None:
    table = rack_table()
    try:
        use_leaves(table)
        assert EquityStrategy().table_for(enable_trie) is table
        use_leaves(None)
        assert EquityStrategy().table_for(enable_trie) is None
    finally:
        reset_leaves()
    assert EquityStrategy(table).table_for(enable_trie) is table


def test_levels_are_seeded_and_the_beginner_plays_short_words(enable_trie: Lexicon) -> None:
    from wordgames.scrabble.strategy.levels import level_strategy

    assert [level_strategy(x) for x in (1, "2", "casual", "Club", "expert")] == [
        "level1", "level2", "level3", "level4", "level5"]
    assert level_strategy(6) == level_strategy("champion") == "champion"
    with pytest.raises(ValueError):
        level_strategy(7)
    situation = Situation(midgame_board(), Rack.parse("AEDISST"), enable_trie, RULES, bag_size=50,
                          can_exchange=True)
    beginner = get_strategy("level1")
    first = beginner.decide(situation)
    assert first == beginner.decide(situation)
    assert first.move is not None and all(3 <= len(w) <= 5 for w in first.move.words)
    assert get_strategy("level4").decide(situation) == get_strategy("greedy").decide(situation)


def test_a_strategy_bound_to_its_own_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from wordgames.scrabble.game import decision

    # The registration must not outlive the test (other tests list the strategy names).
    monkeypatch.setattr(decision, "_STRATEGIES", dict(decision._STRATEGIES))
    table = LeaveTable.from_texts(ENGLISH_ALPHABET, {"?": 25.5, "A": 0.5})
    name = bind_leaves("equity", table, "hand-made")
    assert name == "equity[hand-made]"
    player = get_strategy(name)
    assert isinstance(player, EquityStrategy) and player.leaves is table
    with pytest.raises(ValueError, match="uses no leave table"):
        bind_leaves("greedy", table, "x")
