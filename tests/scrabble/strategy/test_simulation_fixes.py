"""The simulation's fixes: the horizon values what each side kept before drawing, candidates
come from the static player's own ranking (its choice always among them), the choice is
by win probability (points breaking ties) or by spread, budgets are iterations or CPU time,
and an iteration budget with a seed reproduces the answer."""

from __future__ import annotations

import random
import statistics
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrabble.movegen.test_properties import autoplay_board
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble import STANDARD_ENGLISH, Board, Rack, get_rules
from wordgames.scrabble.game.decision import PASS, Decision, Situation, Strategy
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.leaves import LeaveTable
from wordgames.scrabble.strategy.equity import EquityStrategy, default_leaves
from wordgames.scrabble.strategy.greedy import GreedyStrategy
from wordgames.scrabble.strategy.leave import remaining_after
from wordgames.scrabble.strategy.playout import deal
from wordgames.scrabble.strategy.sim_setup import (
    Candidate,
    policy_candidates,
    static_candidates,
    static_player,
    unseen_tiles,
)
from wordgames.scrabble.strategy.simulation import (
    CandidateResult,
    SimPosition,
    halving_phases,
    play_iteration,
    simulate,
)

RULES = get_rules("classic")


def position_of(lexicon: Lexicon, board: Board, rack_text: str) -> SimPosition:
    rack = Rack.parse(rack_text)
    unseen = unseen_tiles(board, rack.tiles(), STANDARD_ENGLISH)
    return SimPosition(board, tuple(rack.tiles()), tuple(unseen), lexicon, RULES, STANDARD_ENGLISH)


class Passer(Strategy):
    """Always passes."""

    name = "test-passer"

    def decide(self, situation: Situation) -> Decision:
        return PASS


def midgame(lexicon: Lexicon, limit: int) -> tuple[LeaveTable, SimPosition, list[Candidate]]:
    """The shipped table, a midgame position and its ``limit`` best candidates by equity."""
    table = default_leaves(lexicon)
    assert table is not None
    position = position_of(lexicon, autoplay_board(lexicon, "standard", 3, 4), "AEIVRST")
    candidates = static_candidates(position.board, Rack(position.rack), lexicon, RULES, table.value,
                                   limit=limit)
    return table, position, candidates


def test_the_horizon_values_the_leaves_kept_before_drawing(enable_trie: Lexicon) -> None:
    table, position, candidates = midgame(enable_trie, 6)
    for plies in (0, 1):
        rng = random.Random("kept")
        outcomes = play_iteration(position, candidates, Passer(), table.value, plies, rng)
        dealt, _ = deal(position, random.Random("kept"))
        opponent = [position.alphabet.tile(number) for number in dealt]
        for candidate, (value, _) in zip(candidates, outcomes, strict=True):
            used = candidate.move.rack_tiles if candidate.move is not None else candidate.tiles
            kept = table.value(remaining_after(Rack(position.rack), used))
            # The opponent's pass keeps its whole rack: a full rack, worth the table's 0.
            assert value == pytest.approx(kept - (table.value(opponent) if plies else 0.0))


@settings(max_examples=10)
@given(seed=st.integers(0, 4), turns=st.integers(0, 8), rack_seed=st.integers(0, 10**6),
       limit=st.integers(1, 6))
def test_candidates_come_from_the_static_ranking_with_its_choice(enable_trie: Lexicon, seed: int, turns: int,
                                                                 rack_seed: int, limit: int) -> None:
    board = autoplay_board(enable_trie, "standard", seed, turns)
    unseen = unseen_tiles(board, [], STANDARD_ENGLISH)
    rack = "".join(random.Random(rack_seed).sample(unseen, 7))
    situation = position_of(enable_trie, board, rack).situation()
    equity = EquityStrategy()
    leave = static_player("equity", enable_trie)[1]
    found = policy_candidates(situation, equity, leave, limit)
    ranked = [c for c in equity.choices(situation) if not c.last_resort][:limit]
    assert [(c.kind, c.move, c.tiles, c.static_equity) for c in found] == \
        [(c.kind, c.move, c.tiles, c.equity) for c in ranked]
    assert any(c.plays(equity.decide(situation), situation.rack.alphabet) for c in found)
    greedy = GreedyStrategy()  # ranks by equity through the leave, plays by score
    mixed = policy_candidates(situation, greedy, leave, limit)
    assert len(mixed) <= limit
    assert any(c.plays(greedy.decide(situation), situation.rack.alphabet) for c in mixed)


def test_a_bad_rack_gets_exchanges_among_its_candidates(enable_trie: Lexicon) -> None:
    situation = position_of(enable_trie, autoplay_board(enable_trie, "standard", 0, 5), "QVVWWUU").situation()
    found = policy_candidates(situation, EquityStrategy(), static_player("equity", enable_trie)[1], 8)
    assert found[0].kind is TurnKind.EXCHANGE and all(c.kind is not TurnKind.PASS for c in found)


def test_an_iteration_budget_and_a_seed_reproduce_the_choice(enable_trie: Lexicon) -> None:
    position = position_of(enable_trie, autoplay_board(enable_trie, "standard", 2, 3), "EINORST")
    leave = static_player("equity", enable_trie)[1]
    candidates = policy_candidates(position.situation(), EquityStrategy(), leave, 3)
    runs = [simulate(position, candidates, "equity", plies=2, iterations=20, seed=9, workers=workers)
            for workers in (1, 2, 1)]
    shapes = [[(r.candidate.label(), r.values, r.wins, r.pruned) for r in run.candidates] for run in runs]
    assert shapes[0] == shapes[1] == shapes[2]
    assert runs[0].choose_by == "win"
    first = runs[0]
    assert first.candidates[0].pruned is False
    live = [r for r in first.candidates if not r.pruned]
    assert [first.value(r) for r in live] == sorted((first.value(r) for r in live), reverse=True)
    by_equity = simulate(position, candidates, "equity", plies=2, iterations=20, seed=9, choose_by="equity")
    live = [r for r in by_equity.candidates if not r.pruned]
    assert [r.equity for r in live] == sorted((r.equity for r in live), reverse=True)
    with pytest.raises(InvalidArgumentError):
        simulate(position, candidates, "equity", iterations=2, choose_by="score")


@pytest.mark.usefixtures("compiled_core")
def test_a_cpu_time_budget_is_kept(enable_trie: Lexicon) -> None:
    position = position_of(enable_trie, autoplay_board(enable_trie, "standard", 4, 6), "ADEILRS")
    leave = static_player("equity", enable_trie)[1]
    candidates = policy_candidates(position.situation(), EquityStrategy(), leave, 6)
    for budget in (0.05, 0.4):
        started = time.process_time()
        result = simulate(position, candidates, "equity", plies=3, iterations=None, seconds=budget,
                          confidence_z=float("inf"))
        used = time.process_time() - started
        assert result.stopped == "time"
        assert result.seconds <= budget * 1.1 + 0.05 and used <= budget * 1.1 + 0.05
        assert len({r.iterations for r in result.candidates}) == 1  # a cut iteration is dropped whole


class Recording:
    """A win model that remembers what it was asked and answers 0.3."""

    def __init__(self) -> None:
        self.asked: list[tuple[float, int, int]] = []

    def probability(self, spread: float, unseen: int, rack: int) -> float:
        self.asked.append((spread, unseen, rack))
        return 0.3


def test_the_win_model_sees_the_spread_with_leaves_of_the_side_that_moved_last(enable_trie: Lexicon) -> None:
    table, position, candidates = midgame(enable_trie, 3)
    for plies in (0, 1):
        model = Recording()
        outcomes = play_iteration(position, candidates, Passer(), table.value, plies, random.Random(1),
                                  win_model=model)
        opponent, _ = deal(position, random.Random(1))
        asked = model.asked
        for candidate, (value, win), (spread, unseen, held) in zip(candidates, outcomes, asked, strict=True):
            mover = candidate.score + value  # the scores start level
            if plies == 0:  # the mover moved last
                assert (spread, win) == (pytest.approx(mover), 0.3)
                assert unseen == len(position.unseen) - (7 - len(opponent)) - _drawn(candidate, position)
            else:  # the opponent passed last: its view, and the complement
                assert (spread, win) == (pytest.approx(-mover), pytest.approx(0.7))
            assert held == 7


def _drawn(candidate: Candidate, position: SimPosition) -> int:
    return len(candidate.move.placed) if candidate.move is not None else 0


def test_the_opening_rack_is_simulated_from_a_position_with_a_full_bag(enable_trie: Lexicon) -> None:
    situation = position_of(enable_trie, Board(), "AEINRST").situation()
    assert situation.bag_size == 100 - 14 and situation.can_exchange and situation.scores == (0, 0)


def test_a_players_situation_becomes_its_simulation_position(enable_trie: Lexicon) -> None:
    game = Game([Player("a", "equity"), Player("b", "equity")], enable_trie,
                GameSettings(seed=6, end_rule="tournament"))
    for _ in range(5):
        game.play_computer_turn()
    situation = game.situation()  # the second player to move
    position = SimPosition.from_situation(situation)
    me, other = game.players[game.current], game.players[1 - game.current]
    assert position.scores == (me.score, other.score) and position.rack == tuple(me.rack.tiles())
    assert sorted(position.unseen) == sorted([*game.bag.tiles, *other.rack.tiles()])
    assert position.end_rule == "tournament" and position.hand_size == 7
    back = position.situation()
    assert (back.bag_size, back.can_exchange, back.scores) == (len(game.bag), True, position.scores)


def test_halving_phases_halve_down_to_two() -> None:
    assert halving_phases(10) == [10, 5, 3, 2]
    assert halving_phases(2) == [2]
    assert halving_phases(1) == []


def test_halving_keeps_the_better_half_at_the_end_of_each_phase(enable_trie: Lexicon) -> None:
    position = position_of(enable_trie, autoplay_board(enable_trie, "standard", 2, 3), "EINORST")
    leave = static_player("equity", enable_trie)[1]
    candidates = policy_candidates(position.situation(), EquityStrategy(), leave, 6)
    runs = [simulate(position, candidates, "equity", plies=2, iterations=20, seed=4, workers=workers,
                     halving=True, confidence_z=float("inf"))
            for workers in (1, 2)]
    shapes = [[(r.candidate.label(), r.values, r.pruned) for r in run.candidates] for run in runs]
    assert shapes[0] == shapes[1]  # an iteration budget: the same with any number of workers
    result = runs[0]
    assert result.stopped == "iterations"
    live = [r for r in result.candidates if not r.pruned]
    assert len(live) == 2 and all(r.iterations == result.iterations for r in live)
    # Each cut left the better half by the ranking value over the iterations all had run:
    # replayed from the values each candidate holds, phase by phase.
    ends = sorted({r.iterations for r in result.candidates})
    assert len(ends) == len(halving_phases(6)) == 3
    standing = list(result.candidates)
    for end, keep in zip(ends, [3, 2], strict=False):
        def value(r: CandidateResult, upto: int = end) -> float:
            return statistics.fmean(r.utilities(result.choose_by, result.spread_weight)[:upto])

        standing.sort(key=value, reverse=True)
        assert all(r.iterations > end for r in standing[:keep])
        assert all(r.iterations == end for r in standing[keep:])
        standing = standing[:keep]
    # The work is about what the run without halving would spend: 20 iterations of 6.
    work = sum(r.iterations for r in result.candidates)
    assert 6 * 20 <= work <= 6 * 20 + 6 * 16


@pytest.mark.usefixtures("compiled_core")
def test_halving_keeps_a_cpu_time_budget(enable_trie: Lexicon) -> None:
    position = position_of(enable_trie, autoplay_board(enable_trie, "standard", 4, 6), "ADEILRS")
    leave = static_player("equity", enable_trie)[1]
    candidates = policy_candidates(position.situation(), EquityStrategy(), leave, 8)
    budget = 0.4
    started = time.process_time()
    result = simulate(position, candidates, "equity", plies=2, iterations=None, seconds=budget,
                      halving=True, confidence_z=float("inf"))
    used = time.process_time() - started
    assert result.stopped == "time"
    assert result.seconds <= budget * 1.1 + 0.05 and used <= budget * 1.1 + 0.05
    counts = sorted({r.iterations for r in result.candidates})
    assert len(counts) > 1 and sum(not r.pruned for r in result.candidates) >= 2
