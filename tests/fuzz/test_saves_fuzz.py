"""Fuzzing saved games: arbitrary JSON, valid saves with one field mutated and the checksum
recomputed (as a forger would), and arbitrary bytes.  Loading either succeeds with a game that
passes its own checks or raises FormatError; nothing else comes out (issue 11, items 3, 13)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.errors import FormatError
from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import Game, GameSettings, Player
from wordgames.scrabble.formats.save_read import game_from_state, load_game
from wordgames.scrabble.formats.saves import _checksum, game_to_state

from .strategies import JSON

LEXICON = lexicon_from_words(["AA", "AB", "AD", "AE", "AG", "AH", "AI", "AL", "AM", "AN", "AR", "AS", "AT",
                              "BA", "BE", "DE", "DO", "ED", "EH", "EL", "EN", "ER", "ES", "ET", "GO", "HA",
                              "HE", "HI", "HO", "ID", "IN", "IS", "IT", "LA", "LI", "LO", "MA", "ME", "MI",
                              "NA", "NE", "NO", "OD", "OE", "OH", "OI", "ON", "OR", "OS", "RE", "SI", "SO",
                              "TA", "TI", "TO", "TEA", "EAT", "ATE", "TAN", "NET", "TEN", "RAT", "TAR"])


def played_game() -> Game:
    game = Game([Player("Ann", "greedy"), Player("Robo", "greedy")], LEXICON, GameSettings(seed=3))
    for _ in range(4):
        if not game.is_over:
            game.play_computer_turn()
    return game


STATE = game_to_state(played_game())


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON document."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += paths(child, (*prefix, index))
    return found


PATHS = [path for path in paths(STATE) if path and path[0] not in ("format", "version", "checksum")]


def load(state: Any) -> None:
    try:
        game = game_from_state(state, LEXICON)
    except FormatError:
        return
    game.check_tiles()
    assert 1 <= game.settings.hand_size <= 20
    assert all(len(player.rack) <= game.settings.hand_size for player in game.players)


@given(JSON)
def test_arbitrary_json(value: Any) -> None:
    load(value)


@given(st.dictionaries(st.sampled_from(list(STATE)), JSON, max_size=6))
def test_arbitrary_fields_in_a_save_shaped_object(fields: dict[str, Any]) -> None:
    state = {"format": STATE["format"], "version": STATE["version"], **fields}
    state["checksum"] = _checksum(state)
    load(state)


@given(st.sampled_from(PATHS), JSON)
def test_one_field_replaced_and_the_checksum_recomputed(path: tuple[Any, ...], value: Any) -> None:
    state = copy.deepcopy(STATE)
    target = state
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    state["checksum"] = _checksum(state)
    load(state)


@given(st.sampled_from(PATHS))
def test_one_field_removed(path: tuple[Any, ...]) -> None:
    state = copy.deepcopy(STATE)
    target = state
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    state["checksum"] = _checksum(state)
    load(state)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=400) | st.sampled_from([b"[" * 100_000, b"{\"a\":" * 50_000, b"1" * 10_000]))
def test_arbitrary_bytes_as_a_save_file(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "save.json"
    path.write_bytes(data)
    with pytest.raises(FormatError):
        load_game(path, LEXICON)


def test_the_unmutated_save_loads() -> None:
    game = game_from_state(json.loads(json.dumps(STATE)), LEXICON)
    assert game_to_state(game) == STATE
    assert len(PATHS) > 100


def test_python_objects_that_are_not_json_are_refused() -> None:
    looping: dict[str, Any] = {"format": STATE["format"], "version": STATE["version"]}
    looping["self"] = looping
    for state in (looping, {**STATE, "board": object()}, {**STATE, "players": {1: 2}}):
        with pytest.raises(FormatError):
            game_from_state(state, LEXICON)
