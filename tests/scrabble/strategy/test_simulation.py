"""Monte Carlo simulation: determinism, statistics, stopping, and a clear-cut position."""

from __future__ import annotations

import math
import random

import pytest

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_SIMULATION_WORKERS
from wordgames.scrabble import STANDARD_ENGLISH, Board, Rack, get_rules
from wordgames.scrabble.game.decision import Decision, Situation
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.strategy.equity import default_leaves
from wordgames.scrabble.strategy.leave import LeaveStrategy, leave_value
from wordgames.scrabble.strategy.playout import ReplyMemo, deal
from wordgames.scrabble.strategy.sim_setup import (
    DEFAULT_POLICY,
    Candidate,
    memoized_leave,
    static_candidates,
    static_player,
    unseen_tiles,
)
from wordgames.scrabble.strategy.simulation import (
    SimPosition,
    paired_advantage,
    play_iteration,
    simulate,
    win_probability,
)

RULES = get_rules("classic")


def opening(lexicon: Lexicon, rack_text: str) -> tuple[SimPosition, Rack]:
    board = Board()
    rack = Rack.parse(rack_text)
    unseen = unseen_tiles(board, rack.tiles(), STANDARD_ENGLISH)
    return SimPosition(board, tuple(rack.tiles()), tuple(unseen), lexicon, RULES, STANDARD_ENGLISH), rack


def test_same_seed_same_answer_for_any_worker_count(enable_trie: Lexicon) -> None:
    position, rack = opening(enable_trie, "AEGINRT")
    candidates = static_candidates(position.board, rack, enable_trie, RULES, leave_value, limit=3)
    runs = [
        simulate(position, candidates, LeaveStrategy(), leave_value, plies=1, iterations=16,
                 seed=5, workers=workers)
        for workers in (1, 1, 2)
    ]
    shapes = [[(r.candidate.label(), r.values, r.wins, r.pruned) for r in run.candidates] for run in runs]
    assert shapes[0] == shapes[1] == shapes[2]
    other = simulate(position, candidates, LeaveStrategy(), leave_value, plies=1, iterations=16, seed=6)
    assert [r.values for r in other.candidates] != [r.values for r in runs[0].candidates]


def test_a_bingo_fifty_points_ahead_ranks_first(enable_trie: Lexicon) -> None:
    position, rack = opening(enable_trie, "AEINRST")
    every = static_candidates(position.board, rack, enable_trie, RULES, leave_value, limit=200)
    bingo = next(c for c in every if c.move is not None and len(c.move.placed) == 7)
    others = [c for c in every if c.move is not None and len(c.move.placed) < 7][:3]
    assert all(bingo.score >= other.score + 50 for other in others)
    candidates = [*others, bingo]  # the bingo last, so order alone cannot make it first
    result = simulate(position, candidates, LeaveStrategy(), leave_value, plies=2, iterations=32, seed=3)
    assert result.candidates[0].candidate == bingo
    assert result.candidates[0].win > result.candidates[-1].win


def test_common_random_numbers_give_equal_candidates_equal_values(enable_trie: Lexicon) -> None:
    position, _ = opening(enable_trie, "AEINRST")
    pass_turn = Candidate(TurnKind.PASS)
    values = play_iteration(position, [pass_turn, pass_turn], LeaveStrategy(), leave_value, 2,
                            random.Random("1:0"))
    assert values[0] == values[1]


def test_a_clear_leader_stops_the_run_early(enable_trie: Lexicon) -> None:
    position, rack = opening(enable_trie, "AEINRST")
    every = static_candidates(position.board, rack, enable_trie, RULES, leave_value, limit=200)
    bingo = next(c for c in every if c.move is not None and len(c.move.placed) == 7)
    result = simulate(position, [Candidate(TurnKind.PASS), bingo], LeaveStrategy(), leave_value,
                      plies=1, iterations=400, seed=1)
    assert result.stopped == "confident"
    assert result.iterations < 400
    assert result.candidates[0].candidate == bingo and result.candidates[1].pruned


def test_win_probability_is_a_probability() -> None:
    assert win_probability(10, 0) == 1.0 and win_probability(-1, 0) == 0.0 and win_probability(0, 0) == 0.5
    assert 0.5 < win_probability(30, 40) < 1.0
    assert win_probability(-30, 40) == pytest.approx(1 - win_probability(30, 40))


def test_unseen_tiles_count_the_whole_distribution() -> None:
    board = Board()
    board.place_all([(7, 7, "Q"), (7, 8, "i")])
    unseen = unseen_tiles(board, "AB?", STANDARD_ENGLISH)
    assert len(unseen) == 100 - 5
    assert unseen.count("Q") == 0 and unseen.count("?") == 0
    with pytest.raises(InvalidArgumentError):
        unseen_tiles(board, "QQ", STANDARD_ENGLISH)


@pytest.mark.parametrize(
    "options",
    [{"plies": -1}, {"plies": 11}, {"iterations": 0}, {"seconds": float("nan")}, {"workers": 0},
     {"workers": MAX_SIMULATION_WORKERS + 1}, {"workers": 2.0}, {"iterations": None, "seconds": None}],
)
def test_bad_limits_are_refused(enable_trie: Lexicon, options: dict[str, object]) -> None:
    position, _ = opening(enable_trie, "AEINRST")
    with pytest.raises(InvalidArgumentError):
        simulate(position, [Candidate(TurnKind.PASS)], LeaveStrategy(), leave_value, **options)  # type: ignore[arg-type]


def test_known_opponent_tiles_must_be_unseen(enable_trie: Lexicon) -> None:
    position, _ = opening(enable_trie, "AEINRST")
    with pytest.raises(InvalidArgumentError):
        SimPosition(position.board, position.rack, position.unseen, enable_trie, RULES, STANDARD_ENGLISH,
                    opponent_known=("Q", "Q"))


def test_known_opponent_tiles_are_dealt_first_and_at_most_a_rack(enable_trie: Lexicon) -> None:
    position, _ = opening(enable_trie, "AEINRST")
    known = SimPosition(position.board, position.rack, position.unseen, enable_trie, RULES, STANDARD_ENGLISH,
                        opponent_known=("Q", "Z"))
    for i in range(5):
        opponent, bag = deal(known, random.Random(i))
        tile = known.alphabet.tile
        assert [tile(number) for number in opponent[:2]] == ["Q", "Z"] and len(opponent) == 7
        assert sorted(map(tile, opponent + bag)) == sorted(position.unseen)
    with pytest.raises(InvalidArgumentError):
        SimPosition(position.board, position.rack, position.unseen, enable_trie, RULES, STANDARD_ENGLISH,
                    opponent_known=tuple("AAEEIIOO"))


def endgame_position(lexicon: Lexicon) -> tuple[SimPosition, Rack]:
    """The position of a seeded static-player game once its bag has run dry."""
    game = Game([Player("a", "leave"), Player("b", "leave")], lexicon, GameSettings(seed=4))
    while len(game.bag) > 0 and not game.is_over:
        game.play_computer_turn()
    mover, other = game.current_player, game.players[1 - game.current]
    position = SimPosition(game.board.copy(), tuple(mover.rack.tiles()), tuple(game.unseen_tiles()), lexicon,
                           RULES, STANDARD_ENGLISH, scores=(mover.score, other.score))
    return position, Rack(mover.rack.tiles())


def test_with_the_bag_empty_the_game_is_played_out(enable_trie: Lexicon) -> None:
    position, rack = endgame_position(enable_trie)
    assert len(position.unseen) <= 7
    candidates = static_candidates(position.board, rack, enable_trie, RULES, leave_value, limit=3,
                                   can_exchange=False)
    result = simulate(position, candidates, LeaveStrategy(), leave_value, plies=1, iterations=3, seed=2,
                      confidence_z=float("inf"))
    for entry in result.candidates:
        assert set(entry.wins) <= {0.0, 0.5, 1.0}  # played to the end: no estimate is left


def test_the_static_player_is_chosen_by_name(enable_trie: Lexicon) -> None:
    policy, leave = static_player(lexicon=enable_trie)
    assert policy.name == DEFAULT_POLICY == "equity"
    table = default_leaves(enable_trie)
    assert table is not None and leave(["Q"]) == table.value(["Q"]) < 0 < leave(["?"])
    rule_of_thumb, own = static_player("leave")
    assert own(["Q"]) == leave_value(["Q"]) and vars(rule_of_thumb)["leave"] is own
    greedy, fallback = static_player("greedy")
    assert greedy.name == "greedy" and fallback(["S", "?"]) == leave_value(["S", "?"])
    with pytest.raises(InvalidArgumentError):
        static_player("nobody")


def test_a_memoized_leave_gives_the_same_values_in_any_tile_order() -> None:
    calls: list[tuple[str, ...]] = []

    def counting(tiles: object) -> float:
        kept = tuple(tiles)  # type: ignore[call-overload]
        calls.append(kept)
        return leave_value(kept)

    cached = memoized_leave(counting)
    assert cached(["S", "A", "?"]) == cached(["?", "S", "A"]) == leave_value("AS?")
    assert len(calls) == 1


def test_the_policy_may_be_named(enable_trie: Lexicon) -> None:
    position, rack = opening(enable_trie, "AEGINRT")
    candidates = static_candidates(position.board, rack, enable_trie, RULES, leave_value, limit=2)
    by_name = simulate(position, candidates, "leave", plies=1, iterations=4, seed=3)
    by_object = simulate(position, candidates, LeaveStrategy(), leave_value, plies=1, iterations=4, seed=3)
    assert [r.values for r in by_name.candidates] == [r.values for r in by_object.candidates]
    with pytest.raises(InvalidArgumentError):
        simulate(position, candidates, LeaveStrategy(), plies=1, iterations=4)


class CountingStrategy(LeaveStrategy):
    """The leave player, counting its decisions."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def decide(self, situation: Situation) -> Decision:
        self.calls += 1
        return super().decide(situation)


def test_the_memo_saves_decisions_that_repeat_and_changes_nothing(enable_trie: Lexicon) -> None:
    position, rack = endgame_position(enable_trie)  # the bag is empty: every deal is the same
    candidates = static_candidates(position.board, rack, enable_trie, RULES, leave_value, limit=2,
                                   can_exchange=False)
    plain, memoized = CountingStrategy(), CountingStrategy()
    memo = ReplyMemo()
    for i in range(3):
        without = play_iteration(position, candidates, plain, leave_value, 2, random.Random(i))
        with_memo = play_iteration(position, candidates, memoized, leave_value, 2, random.Random(i), memo)
        assert without == with_memo
    assert memoized.calls > 0 and plain.calls == 3 * memoized.calls


class _Recording(LeaveStrategy):
    """The leave player, keeping every situation it is asked about."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[Situation] = []

    def decide(self, situation: Situation) -> Decision:
        self.seen.append(situation)
        return super().decide(situation)


def test_a_position_is_checked_once_and_its_derived_situations_are_marked_checked(
        enable_trie: Lexicon) -> None:
    position, rack = opening(enable_trie, "AEINRST")
    candidates = static_candidates(position.board, rack, enable_trie, RULES, leave_value, limit=2)
    policy = _Recording()
    simulate(position, candidates, policy, leave_value, plies=2, iterations=4, seed=1)
    assert policy.seen and all(situation.checked for situation in policy.seen)
    # A situation built by anyone else is not vouched for.
    assert not position.situation().checked


@pytest.mark.parametrize("change", ["unseen", "rack", "board"])
def test_a_position_the_checks_refuse_is_refused_before_any_iteration(
        enable_trie: Lexicon, change: str) -> None:
    position, _ = opening(enable_trie, "AEINRST")
    board, rack_tiles, unseen = position.board, position.rack, position.unseen
    if change == "unseen":
        unseen = (*unseen[:-1], "Ж")
    elif change == "rack":
        rack_tiles = tuple("AEINRSTE")  # eight tiles
    else:
        board = Board()
        board.place_all([(7, 7, "Q"), (7, 8, "Q")])  # with the rack's none, two Q: the set has one
    bad = SimPosition(board, rack_tiles, unseen, enable_trie, RULES, STANDARD_ENGLISH)
    policy = _Recording()
    with pytest.raises(InvalidArgumentError):
        simulate(bad, [Candidate(TurnKind.PASS)], policy, leave_value, plies=1, iterations=2)
    with pytest.raises(InvalidArgumentError):
        play_iteration(bad, [Candidate(TurnKind.PASS)], policy, leave_value, 1, random.Random(0))
    assert policy.seen == []


def test_paired_advantage_counts_the_iterations_both_ran() -> None:
    assert paired_advantage([3, 4, 5], [1, 2, 3, 9]) == math.inf  # ahead by 2 every time
    assert paired_advantage([1, 2], [1, 2]) == -math.inf and paired_advantage([0, 9], [1, 2]) > 0
    assert paired_advantage([0, 1], [1, 2]) == -math.inf
    assert math.isclose(paired_advantage([2, 0, 4], [0, 0, 0]), 2 / (2 / math.sqrt(3)))
