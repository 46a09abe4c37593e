"""Inference of the opponent's leave: a distribution (probabilities sum to 1), the one leave
that makes the play the static player's choice first on constructed cases (checked against
the equity player itself, leave by leave), the hypergeometric prior against counting, the
last play read from the board, the simulation dealing inferred leaves, and the command."""

from __future__ import annotations

import itertools
import json
import math
import random
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrabble.movegen.test_properties import autoplay_board
from wordgames.errors import InvalidArgumentError, NotationError
from wordgames.lexicon import Lexicon
from wordgames.scrabble import STANDARD_ENGLISH, Board, Rack, get_rules
from wordgames.scrabble.core.notation import parse_move
from wordgames.scrabble.formats.cgp import parse_cgp
from wordgames.scrabble.game.decision import Situation
from wordgames.scrabble.strategy.equity import EquityStrategy, default_leaves
from wordgames.scrabble.strategy.inference import (
    LastPlay,
    _multisets,
    count_multisets,
    infer_leaves,
    likelihood,
    parse_last_play,
)
from wordgames.scrabble.strategy.playout import deal
from wordgames.scrabble.strategy.simulation import SimPosition

RULES = get_rules("classic")
BAG = 50
# (the rack the opponent held, the unseen tiles now): found by playing the equity player's
# choice with that rack on the board below, and keeping the cases where, of every leave the
# unseen tiles allow, only the true one makes that play the equity player's choice (the test
# checks this again before it relies on it).
CASES = [("UEAFERK", "CELUY"), ("CAMYTRN", "AENOT"), ("ENOSYBN", "MNNRS"), ("RMCLBEI", "EEKOR"),
         ("DIIASEV", "IIIIST"), ("LISNNGB", "ILSUZ")]


@pytest.fixture
def lexicon(enable_trie: Lexicon) -> Lexicon:
    return enable_trie


def board_of(lexicon: Lexicon) -> Board:
    return autoplay_board(lexicon, "standard", 3, 4)


def chooses(lexicon: Lexicon, board: Board, rack: str) -> object:
    return EquityStrategy().decide(Situation(board, Rack.parse(rack), lexicon, RULES, BAG, True))


@pytest.mark.parametrize(("rack", "unseen"), CASES)
def test_the_only_leave_that_makes_the_play_best_comes_first(lexicon: Lexicon, rack: str,
                                                              unseen: str) -> None:
    board = board_of(lexicon)
    decision = chooses(lexicon, board, rack)
    move = decision.move  # type: ignore[attr-defined]
    played = list(move.rack_tiles)
    kept_size = 7 - len(played)
    # The oracle: every leave the unseen tiles allow, tried with the equity player itself.
    explaining = ["".join(leave) for leave in _multisets(sorted(Counter(unseen).items()), kept_size)
                  if chooses(lexicon, board, "".join(played + leave)) == decision]
    assert len(explaining) == 1
    inference = infer_leaves(board, LastPlay(move=move), list(unseen), lexicon, RULES,
                             default_leaves(lexicon), bag_before=BAG, margin=0.0, temperature=0.05)
    assert inference.method == "enumerated"
    assert "".join(inference.leaves[0].kept) == explaining[0]
    assert math.isclose(sum(leave.probability for leave in inference.leaves), 1.0)
    assert inference.leaves[0].probability > 0.5


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), samples=st.sampled_from([5, 40, 3000]))
def test_probabilities_sum_to_one(enable_trie: Lexicon, seed: int, samples: int) -> None:
    board = board_of(enable_trie)
    rng = random.Random(seed)
    pool = [tile for tile in "AAEEIIOUBCDGLMNPRSTTY?"]
    rng.shuffle(pool)
    rack = "".join(pool[:7])
    decision = chooses(enable_trie, board, rack)
    if decision.move is None:  # type: ignore[attr-defined]
        return
    move = decision.move  # type: ignore[attr-defined]
    unseen = sorted(Counter("AAEEIIOUBCDGLMNPRSTTYWK?") - Counter(move.rack_tiles))
    inference = infer_leaves(board, LastPlay(move=move), unseen, enable_trie, RULES,
                             default_leaves(enable_trie), bag_before=BAG, samples=samples, seed=seed)
    assert math.isclose(sum(leave.probability for leave in inference.leaves), 1.0)
    assert all(0 < leave.probability <= 1 for leave in inference.leaves)
    assert all(len(leave.kept) == inference.kept for leave in inference.leaves)
    assert inference.method == ("enumerated" if count_multisets(Counter(unseen), inference.kept) <= samples
                                else "sampled")
    probabilities = [leave.probability for leave in inference.leaves]
    assert probabilities == sorted(probabilities, reverse=True)


def test_an_exchange_weighs_full_racks(lexicon: Lexicon) -> None:
    board = board_of(lexicon)
    unseen = sorted("QQVVWUIIAEEGNRST")
    # The counts of the tile set are not checked here: a composed pool.
    composed = get_rules("classic", count_tiles=False)
    inference = infer_leaves(board, LastPlay(exchanged=5), unseen, lexicon, composed, default_leaves(lexicon),
                             bag_before=BAG, samples=200, seed=1)
    assert inference.kept == 2
    assert math.isclose(sum(leave.probability for leave in inference.leaves), 1.0)
    # A rack of Qs and Vs is what one exchanges five of; a kept Q or V is rare.
    heavy = sum(leave.probability for leave in inference.leaves if {"Q", "V"} & set(leave.kept))
    assert heavy < 0.5


@pytest.mark.parametrize("counts", [{"A": 3, "B": 1, "C": 2}, {"A": 9, "E": 12}, {"Q": 1}])
@pytest.mark.parametrize("size", [0, 1, 2, 3])
def test_the_multisets_and_their_count_agree_with_brute_force(counts: dict[str, int], size: int) -> None:
    tiles = [tile for tile, count in counts.items() for _ in range(count)]
    brute = {tuple(sorted(combo)) for combo in itertools.combinations(tiles, size)}
    found = [tuple(leave) for leave in _multisets(sorted(counts.items()), size)]
    assert sorted(found) == sorted(brute) and len(found) == len(set(found))
    assert count_multisets(Counter(counts), size) == len(brute)


def test_the_likelihood_is_one_within_the_margin_and_falls_beyond() -> None:
    assert likelihood(0) == likelihood(2) == 1.0
    assert likelihood(6) == pytest.approx(math.exp(-1))
    assert likelihood(10_000) == 0.001


def test_the_last_play_is_read_off_the_board(lexicon: Lexicon) -> None:
    after = parse_cgp("15/15/15/15/15/15/15/6CATS5/15/15/15/15/15/15/15 / 0/0 0").board
    before, play = parse_last_play("8G .ATS", after, STANDARD_ENGLISH)
    assert play.move is not None and sorted(play.move.rack_tiles) == ["A", "S", "T"]
    assert before.to_text() != after.to_text() and not before.is_empty_at(7, 6)
    assert before.is_empty_at(7, 7)
    assert parse_last_play("exchange 4", after, STANDARD_ENGLISH)[1] == LastPlay(exchanged=4)
    assert parse_last_play("-2", after, STANDARD_ENGLISH)[1] == LastPlay(exchanged=2)
    for bad in ("8A CATS", "8G ....", "CATS", "8G .ATSX", "exchange 0", "exchange -1", "exchange 21",
                "exchange 99999999999999999999", "-500000000"):
        with pytest.raises(NotationError):
            parse_last_play(bad, after, STANDARD_ENGLISH)


def test_bad_settings_are_refused(lexicon: Lexicon) -> None:
    board = parse_cgp("15/15/15/15/15/15/15/6CAT6/15/15/15/15/15/15/15 / 0/0 0").board
    move = parse_move("H7 A.", board)
    with pytest.raises(InvalidArgumentError):
        LastPlay()
    for options in ({"samples": 0}, {"seconds": 0.0}, {"temperature": 0.0}, {"margin": -1.0}):
        with pytest.raises(InvalidArgumentError):
            infer_leaves(board, LastPlay(move=move), list("EEEEEEE"), lexicon, RULES, None, **options)  # type: ignore[arg-type]



@pytest.mark.parametrize("unseen", ["EEEEEEEЖ", "QQ" + "E" * 6])
def test_unseen_tiles_the_tile_set_cannot_hold_are_refused_up_front(lexicon: Lexicon, unseen: str) -> None:
    # A letter outside the tile set, and two Q where the set has one: refused before any rack
    # is searched (each rack's search then trusts the position).
    board = parse_cgp("15/15/15/15/15/15/15/6CAT6/15/15/15/15/15/15/15 / 0/0 0").board
    move = parse_move("H7 A.", board)
    with pytest.raises(InvalidArgumentError):
        infer_leaves(board, LastPlay(move=move), list(unseen), lexicon, RULES, None)


def test_the_simulation_deals_the_inferred_leave_first(lexicon: Lexicon) -> None:
    board = board_of(lexicon)
    unseen = tuple(sorted("ABCDEFGHIJKLMNOP"))
    position = SimPosition(board, tuple("RSTU"), unseen, lexicon, RULES, STANDARD_ENGLISH,
                           opponent_leaves=((("A", "B"), 0.0), (("J", "K"), 1.0)))
    number = STANDARD_ENGLISH.alphabet.number
    for seed in range(20):
        opponent, bag = deal(position, random.Random(seed))
        assert opponent[:2] == [number("J"), number("K")] and len(opponent) == 7
        assert sorted(opponent + bag) == sorted(number(tile) for tile in unseen)
    with pytest.raises(InvalidArgumentError):
        SimPosition(board, tuple("RSTU"), unseen, lexicon, RULES, STANDARD_ENGLISH,
                    opponent_leaves=((("Y", "Y"), 1.0),))


def wordgames(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wordgames", "scrabble", *args],
                          capture_output=True, text=True, timeout=300, check=False)


AFTER = "15/15/15/15/15/15/15/6CATS5/15/15/15/15/15/15/15 EIRSTVW/ 0/12 0"


def test_the_command_prints_the_distribution_as_json() -> None:
    done = wordgames("infer", "--cgp", AFTER, "--last-play", "8G .ATS", "--samples", "300", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {"leaves", "samples", "method"} <= set(data)
    assert math.isclose(sum(leave["probability"] for leave in data["leaves"]), 1.0, abs_tol=1e-4)
    assert all(len(leave["tiles"]) == 4 for leave in data["leaves"])
    text = wordgames("infer", "--cgp", AFTER, "--last-play", "exchange 3", "--samples", "50")
    assert text.returncode == 0, text.stderr
    assert "sampled" in text.stdout


def test_the_command_names_board_words_the_list_lacks() -> None:
    """Like best, endgame and sim, infer analyses a board with phonies as given, but says so
    on standard error (after the answer is worked out: a refused position gets one line)."""
    assert wordgames("infer", "--cgp", AFTER, "--last-play", "8G .ATS", "--samples", "20").stderr == ""
    phony = AFTER.replace("6CATS5", "5XCATS5")
    done = wordgames("infer", "--cgp", phony, "--last-play", "8G .ATS", "--samples", "20", "--json")
    assert done.returncode == 0, done.stderr
    said = "the board holds words the word list lacks: XCATS (analysed as given)"
    assert done.stderr == f"wordgames: warning: {said}\n"
    assert json.loads(done.stdout)["leaves"]
    refused = wordgames("infer", "--cgp", phony, "--last-play", "8G .ATZ")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "warning" not in refused.stderr


def test_sim_draws_the_opponent_rack_from_the_inference() -> None:
    done = wordgames("sim", "--cgp", AFTER, "--infer", "8G .ATS", "--iterations", "16", "--candidates", "3",
                     "--workers", "1", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["iterations"] == 16


@pytest.mark.parametrize(("args", "message"), [
    (("--last-play", "8G ...."), "places no tile"),
    (("--last-play", "8G .ATSX"), "holds no tile"),
    (("--last-play", "8G .ATS", "--margin", "-1"), "margin"),
    (("--last-play", "8G .ATS", "--samples", "2000000"), "at most"),
])
def test_the_command_refuses_bad_input_in_one_line(args: tuple[str, ...], message: str) -> None:
    done = wordgames("infer", "--cgp", AFTER, *args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
