"""Saving and resuming: round trips, crashes during a save, corrupt and mismatched files."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from conftest import shared_file

from wordgames.atomic import write_text_atomically
from wordgames.errors import FileWriteError, FormatError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble.core.layout import read_layout
from wordgames.scrabble.core.tiles import read_tile_set
from wordgames.scrabble.formats.save_read import game_from_state, load_game
from wordgames.scrabble.formats.saves import _checksum, game_to_state, save_game
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings


def started_game(lexicon: Lexicon, turns: int = 6, seed: int = 21) -> Game:
    game = Game([Player("Ann", "greedy"), Player("Robo", "leave")], lexicon, GameSettings(seed=seed))
    for _ in range(turns):
        game.play_computer_turn()
    return game


def test_resumed_game_continues_with_the_same_draws(enable_trie: Lexicon, tmp_path: Path) -> None:
    game = started_game(enable_trie)
    path = tmp_path / "game.json"
    save_game(game, path)
    resumed = load_game(path, enable_trie)
    assert resumed.board == game.board and resumed.history == game.history
    assert [str(p.rack) for p in resumed.players] == [str(p.rack) for p in game.players]
    assert resumed.current == game.current and resumed.bag.tiles == game.bag.tiles
    game.play_out()
    resumed.play_out()
    assert resumed.history == game.history
    assert [p.score for p in resumed.players] == [p.score for p in game.players]


def test_resume_loads_the_saved_lexicon_by_itself(enable_trie: Lexicon, tmp_path: Path) -> None:
    game = started_game(enable_trie, turns=2)
    path = tmp_path / "game.json"
    save_game(game, path)
    resumed = load_game(path)
    assert len(resumed.lexicon) == len(enable_trie)


def test_a_finished_game_round_trips(greedy_game: Game, tmp_path: Path) -> None:
    path = tmp_path / "done.json"
    save_game(greedy_game, path)
    resumed = load_game(path, greedy_game.lexicon)
    assert resumed.is_over and resumed.end_reason == greedy_game.end_reason
    assert [p.score for p in resumed.players] == [p.score for p in greedy_game.players]


def test_the_rules_settings_round_trip(enable_trie: Lexicon, tmp_path: Path) -> None:
    settings = GameSettings(seed=4, minimum_word_length=3, end_rule="tournament")
    game = Game(["Ann", "Bob"], enable_trie, settings)
    path = tmp_path / "rules.json"
    save_game(game, path)
    assert load_game(path, enable_trie).settings == settings
    # A save written before these settings existed plays by the usual rules.
    state = json.loads(path.read_text())
    del state["settings"]["minimum_word_length"], state["settings"]["end_rule"]
    state["checksum"] = _checksum(state)
    path.write_text(json.dumps(state))
    old = load_game(path, enable_trie).settings
    assert (old.minimum_word_length, old.end_rule) == (2, "usc")


def test_a_finished_tournament_game_with_a_minimum_round_trips(enable_trie: Lexicon, tmp_path: Path) -> None:
    settings = GameSettings(seed=9, end_rule="tournament", minimum_word_length=3)
    game = Game([Player("A", "greedy"), Player("B", "leave")], enable_trie, settings)
    game.play_out()
    path = tmp_path / "over.json"
    save_game(game, path)
    resumed = load_game(path, enable_trie)  # its history rebuilds the board and the scores
    assert resumed.is_over and [p.score for p in resumed.players] == [p.score for p in game.players]
    assert resumed.history == game.history


def test_custom_layout_and_tile_set_round_trip(tmp_path: Path) -> None:
    layout = read_layout(shared_file("formats/usc104/board-weird-start.txt"))
    tiles = read_tile_set(shared_file("formats/usc104/small-tile-bag.txt"))
    lexicon = lexicon_from_words(["AB", "BA", "AT", "TA", "BAT", "TAB", "GAB", "BOAT", "LOB", "SOB"])
    settings = GameSettings(tile_set=tiles, layout=layout, hand_size=3, seed=4, scoreless_turn_limit=4)
    game = Game([Player("A", "greedy"), Player("B", "greedy")], lexicon, settings)
    path = tmp_path / "weird.json"
    save_game(game, path)
    resumed = load_game(path, lexicon)
    assert resumed.settings == settings
    game.play_out()
    resumed.play_out()
    assert resumed.history == game.history


def test_a_crash_during_the_rename_keeps_the_previous_save(
    enable_trie: Lexicon, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = started_game(enable_trie, turns=2)
    path = tmp_path / "game.json"
    save_game(game, path)
    previous = path.read_bytes()
    game.play_computer_turn()

    def crash(source: Any, target: Any) -> None:
        raise OSError("simulated power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(FileWriteError, match="power cut") as caught:
        save_game(game, path)
    monkeypatch.undo()
    assert str(caught.value).startswith(f"{path}:") and ".tmp" not in str(caught.value)
    assert path.read_bytes() == previous
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary left
    assert len(load_game(path, enable_trie).history) == 2


def test_a_crash_while_writing_keeps_the_previous_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "notes.txt"
    write_text_atomically(path, "first\n")

    def crash(descriptor: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(FileWriteError, match="disk full"):
        write_text_atomically(path, "second\n")
    monkeypatch.undo()
    assert path.read_text() == "first\n"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    write_text_atomically(path, "second\n")
    assert path.read_text() == "second\n"


# --- rejecting bad files --------------------------------------------------------------------------


@pytest.fixture
def saved_state(enable_trie: Lexicon) -> dict[str, Any]:
    return game_to_state(started_game(enable_trie, turns=3))


def resealed(state: dict[str, Any]) -> dict[str, Any]:
    """The state with a valid checksum again (as a careful forger would leave it)."""
    state["checksum"] = _checksum(state)
    return state


def test_truncated_and_non_json_files_are_rejected(enable_trie: Lexicon, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(started_game(enable_trie, turns=1), path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(FormatError, match="not valid JSON"):
        load_game(path, enable_trie)
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(FormatError, match="cannot read"):
        load_game(path, enable_trie)
    with pytest.raises(FormatError, match="no such saved game"):
        load_game(tmp_path / "absent.json", enable_trie)


def test_an_edited_file_fails_the_checksum(saved_state: dict[str, Any], enable_trie: Lexicon) -> None:
    saved_state["players"][0]["score"] += 100
    with pytest.raises(FormatError, match="checksum"):
        game_from_state(saved_state, enable_trie)


def test_other_files_and_versions_are_rejected(saved_state: dict[str, Any], enable_trie: Lexicon) -> None:
    with pytest.raises(FormatError, match="not a wordgames saved game"):
        game_from_state({"hello": 1}, enable_trie)
    with pytest.raises(FormatError, match="not a wordgames saved game"):
        game_from_state([], enable_trie)  # type: ignore[arg-type]
    saved_state["version"] = 99
    with pytest.raises(FormatError, match="version 99"):
        game_from_state(resealed(saved_state), enable_trie)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda s: s["players"][0].__setitem__("rack", s["players"][0]["rack"] + "Q"), "at most 7"),
        (lambda s: s["players"][0].__setitem__("rack", "Z" + s["players"][0]["rack"][1:]),
         "do not add up to the tile set: .*1 Z too many"),
        (lambda s: s["players"][1].__setitem__("score", s["players"][1]["score"] + 5), "add up to"),
        (lambda s: s["board"].__setitem__(0, "Q" + s["board"][0][1:]), "do not add up|rebuild"),
        (lambda s: s.pop("bag"), "bag: missing"),
        (lambda s: s["players"][0].__setitem__("rack", 7), r"players\[0\]\.rack: expected a string"),
        (lambda s: s.__setitem__("current", 5), "current: 5 is out of range"),
        (lambda s: s["settings"].__setitem__("hand_size", "x"),
         "settings.hand_size: expected a whole number"),
        (lambda s: s["history"][0].__setitem__("kind", "dance"),
         r"history\[0\]\.kind: 'dance' is not one of"),
    ],
)
def test_inconsistent_states_are_rejected(
    saved_state: dict[str, Any], enable_trie: Lexicon, edit: Any, message: str
) -> None:
    edit(saved_state)
    with pytest.raises(FormatError, match=message):
        game_from_state(resealed(saved_state), enable_trie)


def test_a_different_lexicon_is_a_mismatch(saved_state: dict[str, Any], tmp_path: Path) -> None:
    other = lexicon_from_words(["CAT", "DOG"])
    with pytest.raises(FormatError, match="2-word one"):
        game_from_state(saved_state, other)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(saved_state))
    with pytest.raises(FormatError, match="saved with a"):
        load_game(path, other)
