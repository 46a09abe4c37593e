"""The ``champion`` player: the exact endgame with the bag empty, the pre-endgame with one to
three tiles in the bag where it fits the time (the solvers' own choices), simulation otherwise
within its CPU budget (the budget + 10% + 50 ms), the same choice from the same seed and
iteration budget, level 6."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace

import pytest

from scrabble.movegen.test_properties import autoplay_board
from wordgames.cli import main
from wordgames.cluster import can_fork
from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon import Lexicon
from wordgames.scrabble import STANDARD_ENGLISH, Rack, get_rules
from wordgames.scrabble.endgame import endgame_decision
from wordgames.scrabble.endgame.decision import SEARCH_TIME_FLOOR, preendgame_searches
from wordgames.scrabble.formats.cgp import parse_cgp
from wordgames.scrabble.game.decision import Situation, get_strategy, strategy_names
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.strategy import champion as champion_module
from wordgames.scrabble.strategy.champion import ChampionStrategy, preferred
from wordgames.scrabble.strategy.levels import level_strategy
from wordgames.scrabble.strategy.sim_setup import Candidate, unseen_tiles
from wordgames.scrabble.strategy.simulation import CandidateResult, SimResult

RULES = get_rules("classic")
MIDDLE = "15/15/15/15/15/15/15/6CAT6/15/15/15/15/15/15/15"


def within(budget: float, used: float) -> bool:
    return used <= budget * 1.1 + 0.05


def small_end(lexicon: Lexicon, rack: str, unseen: str, bag: int) -> Situation:
    """A composed position near the end: small racks, so the exact searches finish at once."""
    board = parse_cgp(f"{MIDDLE} / 0/0 0").board
    return Situation(board, Rack.parse(rack), lexicon, RULES, bag, False, tuple(sorted(unseen)), (300, 310),
                     end_rule="usc")


@pytest.fixture
def lexicon(enable_trie: Lexicon) -> Lexicon:
    return enable_trie


@pytest.mark.parametrize(("rack", "unseen"), [("AET", "DOS"), ("QIS", "EX"), ("ZOA", "RTE")])
def test_with_the_bag_empty_it_plays_the_endgame_solution(lexicon: Lexicon, rack: str, unseen: str) -> None:
    situation = small_end(lexicon, rack, unseen, 0)
    champion = ChampionStrategy(move_time=5)
    assert champion.decide(situation) == endgame_decision(situation, 5)
    assert champion.last_phase == "exact"


@pytest.mark.parametrize(("rack", "unseen"), [("AET", "DOSI"), ("QIS", "EXR"), ("ZOA", "RTEN")])
def test_with_one_tile_in_the_bag_it_plays_the_pre_endgame_choice(lexicon: Lexicon, rack: str,
                                                                    unseen: str) -> None:
    situation = small_end(lexicon, rack, unseen, 1)
    champion = ChampionStrategy(move_time=5)
    assert champion.decide(situation) == endgame_decision(situation, 5)
    assert champion.last_phase == "exact"


@pytest.mark.parametrize(("rack", "unseen", "bag"),
                         [("AET", "DOSIN", 2), ("QIS", "EXRA", 2), ("ZOA", "RTENI", 3)])
def test_with_two_or_three_tiles_in_the_bag_it_plays_the_pre_endgame_choice_when_it_fits(
        lexicon: Lexicon, rack: str, unseen: str, bag: int) -> None:
    situation = small_end(lexicon, rack, unseen, bag)
    searches = preendgame_searches(sorted(unseen), bag)
    roomy = searches * SEARCH_TIME_FLOOR * 2
    champion = ChampionStrategy(move_time=roomy, iterations=8)
    champion.decide(situation)
    assert champion.last_phase == "exact"
    # The choice is compared where both searches finish (with a budget just above the floor,
    # what a loaded machine proves in time decides it).
    generous = ChampionStrategy(move_time=60, iterations=8)
    assert generous.decide(situation) == endgame_decision(situation, 60, 3)
    assert generous.last_phase == "exact"
    assert endgame_decision(situation, roomy) is None  # the endgame player stops at one tile
    tight = ChampionStrategy(move_time=searches * SEARCH_TIME_FLOOR / 2, iterations=8)
    tight.decide(situation)
    assert tight.last_phase == "simulation"  # too many searches for the time: it simulates


def midgame(lexicon: Lexicon, rack: str = "AEIVRST") -> Situation:
    board = autoplay_board(lexicon, "standard", 3, 4)
    tiles = Rack.parse(rack)
    unseen = unseen_tiles(board, tiles.tiles(), STANDARD_ENGLISH)
    bag = len(unseen) - 7
    return Situation(board, tiles, lexicon, RULES, bag, True, tuple(unseen), (120, 110))


def test_an_iteration_budget_and_a_seed_give_the_same_choice(lexicon: Lexicon) -> None:
    situation = midgame(lexicon)
    first = ChampionStrategy(iterations=16, seed=7, candidates=4)
    second = ChampionStrategy(iterations=16, seed=7, candidates=4)
    assert first.decide(situation) == second.decide(situation)
    assert first.last_phase == "simulation" and first.last_result is not None
    assert second.last_result is not None
    values = [(c.candidate, c.values) for c in first.last_result.candidates]
    assert values == [(c.candidate, c.values) for c in second.last_result.candidates]


@pytest.mark.skipif(not can_fork(), reason="worker processes are forked, which this platform cannot do")
def test_workers_simulate_the_same_iterations_as_one_process(lexicon: Lexicon,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """With an iteration budget the choice and every candidate's values are the same on two
    worker processes as on one, whether the player or the situation asks for them."""
    situation = midgame(lexicon)
    asked: list[int] = []
    simulate = champion_module.simulate

    def counting(*args: object, **options: object) -> SimResult:
        asked.append(int(options["workers"]))  # type: ignore[call-overload]
        return simulate(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(champion_module, "simulate", counting)
    alone = ChampionStrategy(iterations=32, seed=5, candidates=4)
    together = ChampionStrategy(iterations=32, seed=5, candidates=4, workers=2)
    from_situation = ChampionStrategy(iterations=32, seed=5, candidates=4)
    decisions = [alone.decide(situation), together.decide(situation),
                 from_situation.decide(replace(situation, search_workers=2))]
    assert asked == [1, 2, 2]
    assert decisions[0] == decisions[1] == decisions[2]
    results = [player.last_result for player in (alone, together, from_situation)]
    assert all(result is not None for result in results)
    assert len({result.iterations for result in results if result}) == 1
    values = [[(c.candidate, c.values) for c in result.candidates] for result in results if result]
    assert values[0] == values[1] == values[2]


@pytest.mark.parametrize("workers", [0, 65, True])
def test_a_bad_number_of_workers_is_refused(lexicon: Lexicon, workers: int) -> None:
    with pytest.raises(InvalidArgumentError):
        ChampionStrategy(workers=workers)
    with pytest.raises(InvalidArgumentTypeError if workers is True else InvalidArgumentError):
        GameSettings(search_workers=workers)
    with pytest.raises(InvalidArgumentError):
        ChampionStrategy(iterations=4).decide(replace(midgame(lexicon), search_workers=workers))


def test_the_simulation_stops_early_when_the_best_is_clear(lexicon: Lexicon) -> None:
    situation = midgame(lexicon)
    champion = ChampionStrategy(iterations=2000, seed=1, candidates=3)
    champion.decide(situation)
    result = champion.last_result
    assert result is not None
    # Either one candidate was left (confident) or the budget ran out with them all tied.
    assert result.stopped in ("confident", "iterations")
    if result.stopped == "confident":
        assert sum(not c.pruned for c in result.candidates) == 1 and result.iterations < 2000


def _entry(tiles: str, values: list[float], pruned: bool = False) -> CandidateResult:
    candidate = Candidate(TurnKind.EXCHANGE, tiles=tiles)
    return CandidateResult(candidate, list(values), [0.5] * len(values), pruned)


def test_another_turn_than_the_static_choice_needs_a_clear_margin() -> None:
    """The simulation's leader replaces the static player's choice only when their paired
    difference is switch_z standard errors clear (or the static choice was pruned)."""
    static = _entry("A", [10, 20, 30, 40])
    noisy = _entry("B", [30, 0, 50, 21])  # ahead by 0.25 a turn, with a spread of 20 or so
    clear = _entry("C", [12, 22, 31, 43])  # ahead by 2 every time
    for leader, z, expected in [(noisy, 1.0, static), (noisy, 0.0, noisy), (clear, 1.0, clear),
                                (clear, 50.0, static), (static, 1.0, static)]:
        others = [entry for entry in (static, noisy, clear) if entry is not leader]
        result = SimResult([leader, *others], 4, 0.1, "time", choose_by="equity")
        assert preferred(result, static.candidate, z) is expected
    pruned = _entry("A", [10, 20], pruned=True)
    result = SimResult([noisy, pruned], 4, 0.1, "time", choose_by="equity")
    assert preferred(result, pruned.candidate, 1.0) is noisy
    with pytest.raises(InvalidArgumentError):
        ChampionStrategy(switch_z=-1)


@pytest.mark.usefixtures("compiled_core")
@pytest.mark.parametrize("budget", [0.2, 0.6])
def test_a_turn_keeps_its_cpu_budget(lexicon: Lexicon, budget: float) -> None:
    situation = midgame(lexicon)
    champion = ChampionStrategy(move_time=budget)
    started = time.process_time()
    decision = champion.decide(situation)
    assert within(budget, time.process_time() - started)
    assert decision.kind in (TurnKind.PLACE, TurnKind.EXCHANGE)


@pytest.mark.usefixtures("compiled_core")
def test_the_situation_gives_the_move_time(lexicon: Lexicon) -> None:
    situation = midgame(lexicon)
    timed = replace(situation, move_time=0.2)
    started = time.process_time()
    ChampionStrategy().decide(timed)
    assert within(0.2, time.process_time() - started)


def test_a_game_against_the_equity_player_is_played_to_the_end(lexicon: Lexicon) -> None:
    settings = GameSettings(seed=3, move_time=0.05, endgame_time=0.05)
    game = Game([Player("champ", "champion"), Player("eq", "equity")], lexicon, settings)
    for _ in range(200):
        if game.is_over:
            break
        game.play_computer_turn()
    assert game.is_over


def test_the_names_and_level_six(lexicon: Lexicon) -> None:
    assert {"champion", "champion-blind"} <= set(strategy_names())
    assert level_strategy(6) == level_strategy("champion") == "champion"
    assert isinstance(get_strategy("champion"), ChampionStrategy)
    assert get_strategy("champion-blind").infer is False
    with pytest.raises(InvalidArgumentError):
        level_strategy(7)


@pytest.mark.parametrize("options", [{"move_time": 0}, {"iterations": 0}, {"candidates": 0}, {"plies": 1}])
def test_bad_settings_are_refused(options: dict[str, float]) -> None:
    with pytest.raises(InvalidArgumentError):
        ChampionStrategy(**options)  # type: ignore[arg-type]


def test_bad_move_time_in_the_settings_is_refused() -> None:
    with pytest.raises(InvalidArgumentError):
        GameSettings(move_time=-1)


def wordgames(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wordgames", "scrabble", *args],
                          capture_output=True, text=True, timeout=300, check=False)


POSITION = "15/15/15/15/15/15/15/6CAT6/15/15/15/15/15/15/15 AEIRSTV/ 10/12 0"


def test_best_with_the_champion_is_reproducible_with_iterations_and_a_seed() -> None:
    runs = [wordgames("best", "--cgp", POSITION, "--strategy", "champion", "--iterations", "16",
                      "--seed", "3", "--last-play", "8G .AT", "--json") for _ in range(2)]
    for done in runs:
        assert done.returncode == 0, done.stderr
    first, second = (json.loads(done.stdout) for done in runs)
    assert first["choice"] == second["choice"] and first["phase"] == "simulation"
    # Halving spends the work of 16 iterations of every candidate: the last two run more.
    assert first["simulation"]["iterations"] > 16 and first["inference"]["method"] == "sampled"
    assert first["inference"] == second["inference"]
    assert first["simulation"]["candidates"] == second["simulation"]["candidates"]


def test_best_with_the_champion_on_two_workers_chooses_as_on_one() -> None:
    runs = [wordgames("best", "--cgp", POSITION, "--strategy", "champion", "--iterations", "16",
                      "--seed", "3", "--workers", workers, "--json") for workers in ("1", "2")]
    for done in runs:
        assert done.returncode == 0, done.stderr
    first, second = (json.loads(done.stdout) for done in runs)
    assert first["choice"] == second["choice"]
    assert first["simulation"]["candidates"] == second["simulation"]["candidates"]


def test_best_says_when_the_static_choice_is_kept(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The text output ranks the simulated candidates; when the choice is not the first of
    them (the leader was not clearly ahead of the static choice) a line says so."""
    argv = ["scrabble", "best", "--cgp", POSITION, "--strategy", "champion", "--iterations", "16",
            "--seed", "3", "--top", "20"]

    def choosing(index: int) -> Callable[[SimResult, Candidate, float], CandidateResult]:
        return lambda result, static, switch_z: result.candidates[index]

    note = "the leader is not clearly ahead of the static choice"
    monkeypatch.setattr(champion_module, "preferred", choosing(0))
    assert main(argv) == 0
    assert note not in capsys.readouterr().out
    monkeypatch.setattr(champion_module, "preferred", choosing(-1))
    assert main(argv) == 0
    assert note in capsys.readouterr().out


def test_autoplay_and_play_take_a_move_time_and_level_six() -> None:
    done = wordgames("autoplay", "--level", "6,5", "--games", "1", "--move-time", "0.05",
                     "--endgame-time", "0.05")
    assert done.returncode == 0, done.stderr
    assert "champion_1" in done.stdout
    played = subprocess.run([sys.executable, "-m", "wordgames", "scrabble", "play", "--players",
                             "cpu:A,cpu:B", "--level", "6", "--move-time", "0.05", "--endgame-time", "0.05",
                             "--workers", "2", "--seed", "2"],
                            capture_output=True, text=True, timeout=300, check=False, input="")
    assert played.returncode == 0, played.stderr
    assert "Final scores" in played.stdout


@pytest.mark.parametrize(("args", "message"), [
    (("--strategy", "equity", "--move-time", "1"), "goes with --strategy champion"),
    (("--strategy", "equity", "--workers", "2"), "goes with --strategy champion"),
    (("--strategy", "champion", "--workers", "0"), "at least 1"),
    (("--strategy", "champion", "--workers", "65"), "workers must be a whole number from 1 to 64"),
    (("--strategy", "champion", "--move-time", "0"), "above 0"),
    (("--strategy", "champion", "--last-play", "8G CATS"), "last play"),
    (("--strategy", "champion", "--last-play", "exchange 8"), "at most 7 tiles"),
    (("--strategy", "champion", "--last-play", "exchange 99999999999999999999"), "from 1 to 20 tiles"),
])
def test_best_refuses_bad_champion_options_in_one_line(args: tuple[str, ...], message: str) -> None:
    done = wordgames("best", "--cgp", POSITION, *args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
