"""The equity player's turns on integers (strategy/numbered.py) are its decide()'s: compared
turn by turn on seeded games and on constructed racks, and a simulation playing out on
integers gives the values it gives through decide()."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from wordgames.lexicon import Lexicon
from wordgames.lexicon.kwg import ENGLISH_ALPHABET
from wordgames.scrabble import STANDARD_ENGLISH, Board, Rack
from wordgames.scrabble.game.decision import Decision, Situation
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.leaves import LeaveTable, load_leaves, shipped_table_name
from wordgames.scrabble.rules.classic import ClassicRules
from wordgames.scrabble.strategy.equity import EquityStrategy, choose_kind
from wordgames.scrabble.strategy.numbered import NumberedPlayer, NumberedTurn, numbered_player
from wordgames.scrabble.strategy.sim_setup import static_candidates, unseen_tiles
from wordgames.scrabble.strategy.simulation import SimPosition, simulate

RULES = ClassicRules()


def shipped(lexicon: Lexicon) -> LeaveTable:
    name = shipped_table_name(lexicon.source)
    assert name is not None, "ENABLE ships a leave table"
    return load_leaves(name)


def unranked(lexicon: Lexicon) -> LeaveTable:
    """The shipped table's values in a plain table (no bound on its leaves' sizes, as a
    KLV2 file reads), so the numbered player looks the whole rack up."""
    table = shipped(lexicon)
    plain = LeaveTable(ENGLISH_ALPHABET, {})
    plain.values = {table.code(list(tiles)): table.value(list(tiles))
                    for tiles in ("A", "E", "S", "?", "Q", "ER", "ES?", "QU", "IIU", "AEINST", "V")}
    return plain


def game_situations(lexicon: Lexicon, seeds: range, table: LeaveTable) -> list[Situation]:
    """Every situation of seeded games between two equity players using ``table``."""
    found = []
    for seed in seeds:
        game = Game([Player("a", "equity"), Player("b", "equity")], lexicon, GameSettings(seed=seed))
        player = EquityStrategy(table)
        while not game.is_over:
            situation = game.situation()
            found.append(situation.detached())
            game.apply(player.decide(situation))
    return found


def as_turn(decision: Decision, situation: Situation) -> NumberedTurn:
    """``decision`` written as a numbered turn, for comparison."""
    if decision.kind is TurnKind.PLACE:
        assert decision.move is not None
        placed = decision.move.placed_numbers()
        return NumberedTurn(TurnKind.PLACE, decision.move.score, situation.board.codes_of(decision.move),
                            tuple(0 if number & 0x80 else number for _, _, number in placed))
    if decision.kind is TurnKind.EXCHANGE:
        returned = tuple(situation.rack.alphabet.parse_tiles(decision.tiles))
        return NumberedTurn(TurnKind.EXCHANGE, 0, (), returned)
    return NumberedTurn(TurnKind.PASS, 0, (), ())


def turn_of(player: NumberedPlayer, situation: Situation) -> NumberedTurn | None:
    counts = situation.rack.number_counts()
    rack = tuple(number for number, count in enumerate(counts) for _ in range(count))
    return player.turn(situation.board, rack, situation.bag_size, situation.rules.hand_size)


@pytest.mark.parametrize("make_table", [shipped, unranked], ids=["ranked", "plain"])
def test_numbered_turns_are_the_equity_players_decisions(
        enable_trie: Lexicon, make_table: Callable[[Lexicon], LeaveTable]) -> None:
    table = make_table(enable_trie)
    strategy = EquityStrategy(table)
    player = numbered_player(strategy, RULES, enable_trie)
    assert player is not None
    taken = 0
    for situation in game_situations(enable_trie, range(3), table):
        turn = turn_of(player, situation)
        if situation.bag_size <= 6:  # the end's valuation or the triple penalty: decide() alone
            assert turn is None
            continue
        assert turn is not None
        assert turn == as_turn(strategy.decide(situation), situation)
        taken += 1
    assert taken > 20


def test_exchanges_are_the_equity_players_and_bad_bags_are_left_to_decide(enable_trie: Lexicon) -> None:
    table = shipped(enable_trie)
    strategy = EquityStrategy(table)
    player = numbered_player(strategy, RULES, enable_trie)
    assert player is not None
    board = Board()
    kinds = set()
    for written in ("GJKLNQV", "UUUVVWW", "IIIIUUU", "AEINRST", "??EQSTZ"):
        rack = Rack(written)
        unseen = tuple(unseen_tiles(board, rack.tiles(), STANDARD_ENGLISH))
        for bag in (len(unseen) - 7, 7, 3, 1, 0):
            situation = Situation(board, rack, enable_trie, RULES, bag, bag >= 7, unseen, (0, 0))
            turn = turn_of(player, situation)
            if bag < 7:
                assert turn is None, (written, bag)
                continue
            assert turn == as_turn(strategy.decide(situation), situation), (written, bag)
            kinds.add(turn.kind)
    assert kinds == {TurnKind.PLACE, TurnKind.EXCHANGE}


def test_a_pass_the_table_can_value_is_left_to_decide(enable_trie: Lexicon) -> None:
    table = unranked(enable_trie)
    table.values[table.code(list("GJKLNQV"))] = 50.0  # a known, very good pass
    strategy = EquityStrategy(table)
    player = numbered_player(strategy, RULES, enable_trie)
    assert player is not None
    board = Board()
    rack = Rack("GJKLNQV")
    unseen = tuple(unseen_tiles(board, rack.tiles(), STANDARD_ENGLISH))
    situation = Situation(board, rack, enable_trie, RULES, 86, True, unseen, (0, 0))
    assert turn_of(player, situation) is None
    assert strategy.decide(situation).kind is TurnKind.PASS


def test_only_the_equity_players_own_decision_is_numbered(enable_trie: Lexicon) -> None:
    class Otherwise(EquityStrategy):
        def decide(self, situation: Situation) -> Decision:
            return super().decide(situation)

    assert numbered_player(Otherwise(shipped(enable_trie)), RULES, enable_trie) is None
    assert numbered_player(EquityStrategy(use_default=False), RULES, enable_trie) is None


def test_choose_kind_prefers_placement_then_exchange_then_a_known_pass() -> None:
    assert choose_kind(5.0, 5.0, None) is TurnKind.PLACE  # an exchange only strictly above
    assert choose_kind(5.0, 6.0, None) is TurnKind.EXCHANGE
    assert choose_kind(5.0, 6.0, 7.0) is TurnKind.PASS
    assert choose_kind(5.0, None, 5.0) is TurnKind.PLACE
    assert choose_kind(None, None, None) is TurnKind.PASS
    assert choose_kind(None, -3.0, -9.0) is TurnKind.EXCHANGE


class _ThroughDecide(EquityStrategy):
    """The equity player, its decide() overridden by itself: the playouts then ask decide()."""

    def decide(self, situation: Situation) -> Decision:
        return super().decide(situation)


@pytest.mark.parametrize("seed", [7, 11])
def test_a_simulation_on_integers_equals_one_through_decide(enable_trie: Lexicon, seed: int) -> None:
    table = shipped(enable_trie)
    game = Game([Player("a", "equity"), Player("b", "equity")], enable_trie, GameSettings(seed=seed))
    for _ in range(random.Random(seed).randrange(4, 9)):
        game.play_computer_turn()
    mover, other = game.current_player, game.players[1 - game.current]
    position = SimPosition(game.board.copy(), tuple(mover.rack.tiles()), tuple(game.unseen_tiles()),
                           enable_trie, game.rules, game.settings.tile_set, scores=(mover.score, other.score))
    candidates = static_candidates(position.board, Rack(position.rack), enable_trie, position.rules,
                                   table.value, limit=6, can_exchange=len(position.unseen) >= 14)
    runs = [simulate(position, candidates, player, table.value, plies=3, iterations=24, seed=seed,
                     confidence_z=float("inf"))
            for player in (EquityStrategy(table), _ThroughDecide(table))]
    fast, slow = ([(r.candidate.label(), r.values, r.wins) for r in run.candidates] for run in runs)
    assert fast == slow
