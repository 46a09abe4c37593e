"""Challenge rules played in games: each rule on hand-made positions, computers that challenge,
saving and resuming, GCG records written and replayed, and ``play`` driven through stdin."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.cli import main
from wordgames.errors import FormatError, GameError, IllegalMoveError, InvalidArgumentError
from wordgames.lexicon import Lexicon, lexicon_from_words, load_lexicon
from wordgames.scrabble import STANDARD_ENGLISH, Bag, Board, Rack, TileSet
from wordgames.scrabble.formats.config import parse_config
from wordgames.scrabble.formats.gcg import game_to_gcg, parse_gcg, replay_gcg
from wordgames.scrabble.formats.save_read import load_game
from wordgames.scrabble.formats.saves import _checksum, game_to_state, save_game
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import END_OUT, END_SCORELESS, Game, GameSettings
from wordgames.scrabble.game.turn import TurnKind

LEX = lexicon_from_words(["AT", "TA", "TEA", "EAT", "ETA", "ATE", "QAT"])
ANN, BOB = "AEIQTXZ", "AEELNST"
PHONIES_ALLOWED = ["single", "double", "5", "10"]
K = TurnKind


def game_under(rule: str, ann: str = ANN, bob: str = BOB, bag: str = "EEIIOOUU", *,
               bob_strategy: str | None = None, limit: int = 6, seed: int = 5,
               lexicon: Lexicon = LEX) -> Game:
    """A two-player game on an empty board with the racks and the bag given (the tile set is
    exactly those tiles, with the standard values)."""
    players = [Player("Ann", None, Rack.parse(ann)), Player("Bob", bob_strategy, Rack.parse(bob))]
    tiles = TileSet(dict(STANDARD_ENGLISH.values), dict(Counter(ann + bob + bag)))
    settings = GameSettings(tiles, challenge=rule, seed=seed, scoreless_turn_limit=limit)
    return Game.restore(players, lexicon, settings, board=Board(), bag=Bag(list(bag), seed))


def kinds(game: Game) -> list[TurnKind]:
    return [turn.kind for turn in game.history]


# --- the rules ------------------------------------------------------------------------------------


def test_void_refuses_phonies_and_has_nothing_to_challenge() -> None:
    game = game_under("void")
    with pytest.raises(IllegalMoveError, match="ZAX is not in the lexicon"):
        game.place("8H ZAX")
    game.place("8H TEA")
    assert game.challenger is None
    with pytest.raises(GameError, match="no play to challenge"):
        game.challenge()


def test_settings_check_the_rule() -> None:
    assert GameSettings().challenge == "void"
    with pytest.raises(InvalidArgumentError, match="unknown challenge rule"):
        GameSettings(challenge="triple")
    with pytest.raises(InvalidArgumentError, match="classic rules"):
        GameSettings(rules="simple", challenge="double")


@pytest.mark.parametrize("rule", PHONIES_ALLOWED)
def test_a_challenged_phony_comes_off(rule: str) -> None:
    game = game_under(rule)
    bag_before = sorted(game.bag.tiles)
    turn = game.place("8H ZAX")  # (10 + 1 + 8) x 2 on the start square
    assert turn.score == 38 and len(turn.drawn) == 3 and game.challenger == 1
    result = game.challenge()
    assert result.outcome.upheld and result.outcome.phonies == ("ZAX",)
    assert (result.challenger, result.challenged) == (1, 0)
    assert game.board.is_empty() and str(game.players[0].rack) == ANN
    assert sorted(game.bag.tiles) == bag_before and game.players[0].score == 0
    assert kinds(game) == [K.PLACE, K.WITHDRAW]
    withdrawn = game.history[-1]
    assert withdrawn.score == -38 and withdrawn.total == 0 and withdrawn.tiles == turn.drawn
    assert game.current == 1 and game.scoreless_streak == 1 and game.challenger is None
    with pytest.raises(GameError):
        game.challenge()  # once only


@pytest.mark.parametrize(("rule", "bonus", "loses_turn"),
                         [("single", 0, False), ("double", 0, True), ("5", 5, False), ("10", 10, False)])
def test_a_wrong_challenge_costs_what_the_rule_says(rule: str, bonus: int, loses_turn: bool) -> None:
    game = game_under(rule)
    game.place("8H TEA")
    result = game.challenge()
    assert not result.outcome.upheld and result.outcome.bonus == bonus
    assert game.players[0].score == 6 + bonus
    assert game.history[1].kind is K.CHALLENGE and game.history[1].score == bonus
    if loses_turn:
        assert kinds(game) == [K.PLACE, K.CHALLENGE, K.PASS] and game.history[2].player == 1
        assert game.current == 0 and game.scoreless_streak == 1
    else:
        assert kinds(game) == [K.PLACE, K.CHALLENGE]
        assert game.current == 1 and game.scoreless_streak == 0
    assert game.challenger is None


def test_an_unchallenged_phony_stands_and_play_goes_on() -> None:
    game = game_under("single", bob_strategy="greedy")
    game.place("8H ZAX")
    game.strategy_of(1).challenge_probability = 0.0
    assert game.computer_challenge() is None  # Bob lets it stand
    turn = game.play_computer_turn()  # a board holding a non-word still gets moves
    assert turn.kind is K.PLACE and game.board.get(7, 7) == "Z"
    assert turn.move is not None and all(word in LEX for word in turn.move.words)
    assert game.players[0].score == 38 and game.challenger == 0


def test_a_play_that_went_out_can_be_challenged_off() -> None:
    game = game_under("double", ann="ZAX", bag="")
    game.place("8H ZAX")
    assert game.is_over and game.end_reason == END_OUT and game.challenger == 1
    bob_at_the_end = game.players[1].score
    game.challenge()
    assert not game.is_over and game.current == 1 and str(game.players[0].rack) == "AXZ"
    assert bob_at_the_end == -7 and game.players[0].score == game.players[1].score == 0
    assert kinds(game) == [K.PLACE, K.WITHDRAW]


def test_a_going_out_play_that_stands_ends_the_game_after_the_bonus() -> None:
    game = game_under("5", ann="TEA", bag="")
    game.place("8H TEA")
    assert game.is_over
    game.challenge()
    assert game.is_over and kinds(game) == [K.PLACE, K.CHALLENGE, K.END, K.END]
    bob_rack = game.rack_value(Rack.parse(BOB).tiles())
    assert game.players[0].score == 6 + 5 + bob_rack and game.players[1].score == -bob_rack


def test_a_withdrawn_play_counts_as_a_scoreless_turn() -> None:
    game = game_under("single", limit=2)
    game.place("8H ZAX")
    game.challenge()
    game.pass_turn()  # Bob: the second scoreless turn in a row
    assert game.is_over and game.end_reason == END_SCORELESS


# --- computers ------------------------------------------------------------------------------------


def test_a_computer_challenges_phonies_and_only_phonies() -> None:
    game = game_under("10", bob_strategy="greedy")
    game.place("8H ZAX")
    result = game.computer_challenge()
    assert result is not None and result.outcome.upheld
    fair = game_under("10", bob_strategy="greedy")
    fair.place("8H TEA")
    assert fair.computer_challenge() is None and fair.players[0].score == 6


def test_the_challenge_probability_is_seeded() -> None:
    decisions = []
    for seed in range(20):
        game = game_under("single", bob_strategy="greedy", seed=seed)
        game.place("8H ZAX")
        game.strategy_of(1).challenge_probability = 0.5
        decisions.append(game.computer_challenge() is not None)
        again = game_under("single", bob_strategy="greedy", seed=seed)
        again.place("8H ZAX")
        again.strategy_of(1).challenge_probability = 0.5
        assert (again.computer_challenge() is not None) == decisions[-1]
    assert any(decisions) and not all(decisions)
    strategy = game_under("single", bob_strategy="greedy").strategy_of(1)
    strategy.challenge_probability = 2.0
    with pytest.raises(InvalidArgumentError):
        strategy.wants_to_challenge(True, random.Random(1))


def test_play_out_lets_computers_challenge(enable_trie: Lexicon) -> None:
    players = [Player("Ann", "greedy"), Player("Bob", "leave")]
    game = Game(players, enable_trie, GameSettings(seed=4, challenge="double"))
    game.play_out()
    assert game.is_over and K.WITHDRAW not in kinds(game) and K.CHALLENGE not in kinds(game)
    assert "#challenge-rule double" in game_to_gcg(game)


# --- saves ----------------------------------------------------------------------------------------


def challenged_game() -> Game:
    """Under double: a phony challenged off, a wrong challenge (a lost turn), a phony that
    stands, and a good play on the board that holds it."""
    game = game_under("double")
    game.place("8H ZAX")
    game.challenge()
    game.place("8H TEA")  # Bob
    game.challenge()  # Ann loses her turn
    game.place("9H EL")  # Bob: EL, with the cross words TE and EL, all phonies; it stands
    game.place("J7 TA")  # Ann: TA down through the A of TEA, judged around the phonies
    return game


def test_a_game_with_challenges_saves_and_resumes(tmp_path: Path) -> None:
    game = challenged_game()
    assert kinds(game) == [K.PLACE, K.WITHDRAW, K.PLACE, K.CHALLENGE, K.PASS, K.PLACE, K.PLACE]
    assert game.history[-1].move is not None and game.history[-1].move.words == ("TA",)
    path = tmp_path / "game.json"
    save_game(game, path)
    resumed = load_game(path, LEX)
    assert resumed.settings.challenge == "double"
    assert resumed.history == game.history and resumed.board == game.board
    assert [p.score for p in resumed.players] == [p.score for p in game.players]
    assert resumed.challenger == 1  # Ann's play may still be challenged, in vain
    assert not resumed.challenge().outcome.upheld and resumed.current == 0


def resealed(state: dict[str, Any]) -> dict[str, Any]:
    state["checksum"] = _checksum(state)
    return state


def test_saves_validate_the_rule(tmp_path: Path) -> None:
    state = game_to_state(challenged_game())
    forged = json.loads(json.dumps(state))
    forged["settings"]["challenge"] = "triple"
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(resealed(forged)))
    with pytest.raises(FormatError, match=r"settings\.challenge: 'triple' is not one of"):
        load_game(path, LEX)
    void = json.loads(json.dumps(state))
    void["settings"]["challenge"] = "void"
    path.write_text(json.dumps(resealed(void)))
    with pytest.raises(FormatError, match="void challenge rule"):
        load_game(path, LEX)


def test_a_save_from_before_the_rule_loads_as_void(tmp_path: Path) -> None:
    game = game_under("void")
    game.place("8H TEA")
    state = game_to_state(game)
    del state["settings"]["challenge"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(resealed(state)))
    assert load_game(path, LEX).settings.challenge == "void"


def test_config_files_name_the_rule() -> None:
    assert parse_config("challenge: Double\n").challenge == "double"
    assert parse_config("hand_size: 7\n").challenge is None
    with pytest.raises(FormatError, match="challenge must be one of"):
        parse_config("challenge: triple\n")


# --- GCG ------------------------------------------------------------------------------------------


def test_gcg_records_challenges_and_replays_by_the_rule() -> None:
    game = challenged_game()
    text = game_to_gcg(game)
    lines = text.splitlines()
    assert "#challenge-rule double" in lines
    assert ">Ann: AEIQTXZ -- -38 0" in lines
    assert ">Bob: AEELNST 8H TEA +6 6" in lines
    assert any(line.startswith(">Bob: ") and "(challenge) +0 6" in line for line in lines)
    assert any(line.startswith(">Ann: ") and line.endswith(" - +0 0") for line in lines)
    result = replay_gcg(parse_gcg(text), LEX)
    assert result.ok, result.discrepancy
    assert result.totals == {"Ann": game.players[0].score, "Bob": game.players[1].score}
    assert game.players[0].score > 0 and result.board == game.board
    # Without the rule the standing phony is an illegal move; under void the withdrawal is.
    unruled = replay_gcg(parse_gcg(text.replace("#challenge-rule double\n", "")), LEX)
    assert unruled.discrepancy is not None and "not in the lexicon" in unruled.discrepancy.message
    void = replay_gcg(parse_gcg(text.replace("#challenge-rule double", "#challenge-rule void")), LEX)
    assert void.discrepancy is not None and "ZAX is not in the lexicon" in void.discrepancy.message


def test_gcg_bonus_must_match_the_rule() -> None:
    game = game_under("5")
    game.place("8H TEA")
    game.challenge()
    text = game_to_gcg(game)
    assert "#challenge-rule 5" in text and "(challenge) +5 11" in text
    assert replay_gcg(parse_gcg(text), LEX).ok
    ten = replay_gcg(parse_gcg(text.replace("#challenge-rule 5", "#challenge 10")), LEX)
    assert ten.discrepancy is not None and "gives +10" in ten.discrepancy.message
    with pytest.raises(FormatError, match="unknown challenge rule"):
        parse_gcg(text.replace("#challenge-rule 5", "#challenge-rule 7"))


@given(
    st.sampled_from(["", "#challenge-rule single\n", "#challenge double\n", "#challenge-rule 5\n",
                     "#challenge-rule 10\n", "#challenge-rule void\n", "#challenge-rule \n"]),
    st.lists(st.sampled_from([
        ">Ann: AEIQTXZ 8H ZAX +38 38", ">Ann: AEIQTXZ -- -38 0", ">Bob: AEELNST 8H TEA +6 6",
        ">Bob: AEELNST (challenge) +5 11", ">Ann: AEIQTXZ (challenge) +10 48", ">Ann: AEIQTXZ - +0 0",
        ">Bob: AEELNST 9H EL +8 14", ">Bob: AEELNST -- -8 6", ">Ann: Q (Q) -10 28",
    ]), max_size=6),
)
def test_gcg_with_challenges_never_crashes(pragma: str, events: list[str]) -> None:
    text = "#player1 Ann Ann\n#player2 Bob Bob\n" + pragma + "\n".join(events) + "\n"
    try:
        record = parse_gcg(text)
    except FormatError:
        return
    result = replay_gcg(record, LEX)
    assert result.events_checked <= len(events)
    assert result.ok or result.discrepancy is not None


def test_void_games_write_no_pragma() -> None:
    game = game_under("void")
    game.place("8H TEA")
    assert "#challenge" not in game_to_gcg(game)


# --- the terminal game ----------------------------------------------------------------------------


def play_script(script: list[str], *args: str) -> str:
    completed = subprocess.run(
        [sys.executable, "-m", "wordgames", "scrabble", "play", "--seed", "1", *args],
        input="".join(line + "\n" for line in script), capture_output=True, text=True, timeout=300,
    )
    assert completed.returncode == 0 and completed.stderr == "", completed.stderr
    return completed.stdout


def test_people_challenge_each_other_at_the_prompt(tmp_path: Path, enable_trie: Lexicon) -> None:
    save = tmp_path / "game.json"
    out = play_script(["8H ZORGA", "challenge", "pass", "H6 ADZ", "challenge", "quit"],
                      "--players", "Ann,Bob", "--challenge", "double", "--save", str(save))
    assert "challenge rule double" in out
    assert "Bob challenges: ZORGA is not in the lexicon. Ann's play comes off (32 points)" in out
    assert "Ann played H6 ADZ for 26" in out
    assert "Bob challenges Ann's play: every word is good. Bob loses the turn." in out
    game = load_game(save, enable_trie)
    assert [turn.kind for turn in game.history] == [K.PLACE, K.WITHDRAW, K.PASS, K.PLACE, K.CHALLENGE, K.PASS]
    assert game.current == 0 and game.settings.challenge == "double"


def test_the_computer_challenges_a_person_and_is_challenged() -> None:
    out = play_script(["8H ZORGA", "challenge", "challenge", "quit"],
                      "--players", "Ann,cpu:Robo", "--challenge", "10")
    assert "Robo challenges: ZORGA is not in the lexicon." in out
    assert "Robo played 8" in out or "Robo played H" in out
    assert "Ann challenges Robo's play: every word is good. Robo gains 10 points." in out
    assert "! there is no play to challenge now" in out  # the second time


def test_challenge_at_the_prompt_under_void_is_refused() -> None:
    out = play_script(["challenge", "8H ZORGA", "quit"], "--players", "Ann,Bob")
    assert "! there is no play to challenge now" in out and "! ZORGA is not in the lexicon" in out


def test_autoplay_plays_under_the_rule_and_records_it(tmp_path: Path, enable_trie: Lexicon,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "games"
    assert main(["scrabble", "autoplay", "--games", "1", "--seed", "2", "--challenge", "10",
                 "--gcg-dir", str(folder)]) == 0
    text = (folder / "game-0001.gcg").read_text()
    assert "#challenge-rule 10" in text and "games: 1" in capsys.readouterr().out
    assert replay_gcg(parse_gcg(text), enable_trie).ok
    assert main(["scrabble", "autoplay", "--challenge", "triple"]) == 2
    assert "invalid choice" in capsys.readouterr().err


@pytest.mark.parametrize(("ann", "play", "said"), [
    ("AXZ", "8H ZAX", "Bob challenges: ZAX is not in the lexicon."),
    ("AET", "8H TEA", "Bob challenges Ann's play: every word is good. Ann gains 5 points."),
])
def test_a_person_may_challenge_the_play_that_ends_the_game(tmp_path: Path, ann: str, play: str,
                                                            said: str) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(LEX) + "\n")
    save = tmp_path / "end.json"
    save_game(game_under("5", ann=ann, bag="", lexicon=load_lexicon(words)), save)
    completed = subprocess.run(
        [sys.executable, "-m", "wordgames", "scrabble", "play", "--resume", str(save)],
        input=f"{play}\nchallenge\nquit\n", capture_output=True, text=True, timeout=300,
    )
    assert completed.returncode == 0 and completed.stderr == "", completed.stderr
    out = completed.stdout
    assert "The game ends with Ann's play unless Bob challenges it." in out and said in out
    resumed = load_game(save)
    if "ZAX" in play:
        assert not resumed.is_over and resumed.current == 1 and "Bob> " in out
    else:
        assert resumed.is_over and "Final scores: Ann 18  Bob -7" in out
