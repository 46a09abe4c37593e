"""``scrabble endgame`` and ``scrabble preendgame`` driven like a user, and the endgame player."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.notation import parse_move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.formats.cgp import parse_cgp
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.rules.classic import ClassicRules

# Positions of seeded greedy games on ENABLE: the bag just emptied / one tile left.
ENDGAME = ("11WEIR/13C1/1ORGAnA4YOK1/5UNDERTOW1J/7R1YA3U/5QUOTERS2B/7P3IMPI/5BALLGAME1L/7E3O2E/"
           "2C2HATE1EN2S/1THrOATS2XI3/2I8EF2/2N8SI2/OFT9V2/DAZING5VENA DILNORU/ 405/416 0")
PREENDGAME = ("BOB4V7/1WELFARE2H4/6ENGRAFT2/7O2V4/2PODIUM2E4/10R4/10E4/6DAMPLY3/6A4O3/2S3T1EXONIC1/"
              "2Q2Jo1HUNKS2/2U2A1Z3E3/2I2GLITTERY2/INDOWS1N7/TAs4COURTIER ADEEGIO/ 366/273 0")
# The same with the V of the first row taken off the board: two tiles in the bag.
TWO_IN_BAG = PREENDGAME.replace("BOB4V7/", "BOB12/", 1)
EARLY = "15/15/15/15/15/15/15/6CAT6/15/15/15/15/15/15/15 SQZ/ 10/0 0"


def wordgames(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wordgames", "scrabble", *args],
                          capture_output=True, text=True, timeout=300, check=False)


def test_endgame_json_within_a_time_limit(enable_trie: Lexicon) -> None:
    done = wordgames("endgame", "--cgp", ENDGAME, "--time", "1", "--lexicon", "enable", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert set(answer) == {"value", "exact", "moves", "depth", "nodes", "seconds"}
    assert answer["moves"] and answer["moves"][0]["player"] == "mover"
    assert set(answer["moves"][0]) == {"notation", "score", "player"}
    position = parse_cgp(ENDGAME)
    first = parse_move(answer["moves"][0]["notation"], position.board)
    verdict = ClassicRules().check(position.board, first, enable_trie, Rack.parse("DILNORU"))
    assert verdict.valid and verdict.score == answer["moves"][0]["score"]


def test_endgame_text_with_a_depth_cap_and_the_opponent_rack() -> None:
    done = wordgames("endgame", "--cgp", ENDGAME, "--plies", "1", "--opponent-rack", "deei",
                     "--lexicon", "enable")
    assert done.returncode == 0, done.stderr
    assert "mover DILNORU vs opponent DEEI" in done.stdout
    assert "not proven" in done.stdout and "depth 1" in done.stdout


def test_endgame_on_two_workers_proves_the_same_value() -> None:
    answers = []
    for workers in ("1", "2"):
        done = wordgames("endgame", "--cgp", ENDGAME, "--workers", workers, "--lexicon", "enable", "--json")
        assert done.returncode == 0, done.stderr
        answers.append(json.loads(done.stdout))
    assert answers[0]["exact"] and answers[1]["exact"]
    assert answers[0]["value"] == answers[1]["value"] == 13


def test_endgame_with_a_small_table_proves_the_same_value() -> None:
    done = wordgames("endgame", "--cgp", ENDGAME, "--table-bits", "6", "--lexicon", "enable", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["exact"] and answer["value"] == 13


def test_preendgame_json() -> None:
    done = wordgames("preendgame", "--cgp", PREENDGAME, "--candidates", "1", "--time", "3",
                     "--lexicon", "enable", "--json")
    assert done.returncode == 0, done.stderr
    plays = json.loads(done.stdout)["plays"]
    assert len(plays) == 2 and "pass" in [play["move"] for play in plays]
    for play in plays:
        assert {"move", "wins", "outcomes", "spread"} <= set(play)
        assert set(play["outcomes"]) == set("AEILNS")  # the distinct tiles the mover cannot see
        assert 0 <= play["wins"] <= 8
    assert (plays[0]["wins"], plays[0]["spread"]) >= (plays[1]["wins"], plays[1]["spread"])


def test_preendgame_with_two_in_the_bag() -> None:
    done = wordgames("preendgame", "--cgp", TWO_IN_BAG, "--candidates", "2", "--time", "1",
                     "--lexicon", "enable", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["draws"] == 9 * 8  # ordered draws of two of the nine unseen tiles
    for play in answer["plays"]:
        assert all(len(drawn) == 2 for drawn in play["outcomes"])


def test_preendgame_on_two_workers() -> None:
    # The same plays and draws as one process (their values depend on how deep each search
    # got in the time; that the workers give one process's answer when every pair is solved
    # is test_preendgame_workers's, on positions small enough to solve).
    shapes = []
    for workers in ("1", "2"):
        done = wordgames("preendgame", "--cgp", TWO_IN_BAG, "--candidates", "2", "--time", "1",
                         "--workers", workers, "--lexicon", "enable", "--json")
        assert done.returncode == 0, done.stderr
        answer = json.loads(done.stdout)
        assert answer["draws"] == 9 * 8 and len(answer["plays"]) == 3
        shapes.append(sorted((play["move"], sorted(play["outcomes"])) for play in answer["plays"]))
    assert shapes[0] == shapes[1]

@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("endgame", "--cgp", EARLY), "the bag is not empty"),
        # A phony on the board (CXT) is named only once nothing refuses the position.
        (("endgame", "--cgp", EARLY.replace("CAT", "CXT")), "the bag is not empty"),
        (("preendgame", "--cgp", EARLY.replace("CAT", "CXT")), "tiles in the bag"),
        (("endgame", "--cgp", ENDGAME, "--opponent-rack", "QQ"), "not unseen"),
        (("endgame", "--cgp", ENDGAME, "--time", "0"), "above 0"),
        (("endgame", "--cgp", ENDGAME, "--plies", "0"), "at least 1"),
        (("endgame", "--cgp", "15/1#4 A/"), "CGP"),
        (("preendgame", "--cgp", ENDGAME), "tiles in the bag"),
        (("preendgame", "--cgp", PREENDGAME, "--workers", "0"), "workers"),
        (("endgame", "--cgp", ENDGAME, "--workers", "65"), "workers"),
        (("preendgame", "--cgp", PREENDGAME, "--workers", "65"), "workers"),
        (("endgame", "--cgp", ENDGAME, "--table-bits", "31"), "table_bits"),
        (("preendgame", "--cgp", PREENDGAME, "--table-bits", "31"), "table_bits"),
        (("endgame", "--cgp", ENDGAME, "--table-bits", "0"), "at least 1"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    done = wordgames(*args, "--lexicon", "enable")
    assert done.returncode == 2
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_the_endgame_player_finishes_a_game(enable_trie: Lexicon) -> None:
    settings = GameSettings(seed=3, endgame_time=0.5)
    game = Game([Player("a", "endgame"), Player("b", "greedy")], enable_trie, settings)
    game.play_out()
    assert game.is_over
    game.check_tiles()


def test_autoplay_takes_endgame_time() -> None:
    done = wordgames("autoplay", "--games", "1", "--seed", "3", "--strategy", "endgame,greedy",
                     "--endgame-time", "0.5", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 1
    assert wordgames("autoplay", "--endgame-time", "-1").returncode == 2
