"""The public API of wordgames.scrabble given arguments of the wrong kind (None, numbers,
strings, bytes, floats) raises the package's own errors (a WordGamesError, which is also a
TypeError or ValueError for a bad argument), never an internal TypeError, ValueError,
AttributeError, KeyError or IndexError (issue 11, item 14; issue 29, items 4 and 12).

The one exception is the error Python raises on the call itself, before any code of the
package runs (a wrong number of arguments): it carries no frame of the package."""

from __future__ import annotations

import inspect
import math
import os
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
import wordgames.scrabble as scrabble
from wordgames.errors import WordGamesError
from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import Board, Direction, Game, Move, Placement, Rack, get_rules
from wordgames.scrabble.core import notation
from wordgames.scrabble.formats import cgp, config, gcg, save_read, saves
from wordgames.scrabble.leaves.files import load_leaves
from wordgames.scrabble.rules import classic
from wordgames.wordsearch.dice import roll_board

PACKAGE = Path(wordgames.__file__).resolve().parent

LEXICON = lexicon_from_words(["CAT", "CATS", "AT", "TA", "ACT", "SCAT"])

WRONG = [None, 0, -1, 7, 10**6, 2**70, 1.5, math.nan, "", "x", "8H CAT", "PLACE - 8 8 CAT",
         "3:3:H", "AEINST?", "ß", "É", b"CAT", b"", [], [None], ["x"], {}, {"a": 1}, object()]


def good_values() -> list[Any]:
    """Arguments of the right kind, so that calls reach past the first check."""
    board = Board()
    move = notation.parse_move("8H CAT", board)
    record = gcg.parse_gcg("#player1 A Ann\n#player2 B Bob\n>A: ACTXYZE 8H CAT +10 10\n")
    position = cgp.parse_cgp("15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 ST/ 10/0 0 lex x;")
    return [board, Rack.parse("CATS"), LEXICON, move, Direction.ACROSS, get_rules("classic"),
            get_rules("simple"), Placement(7, 7, "C"), [move], ["CAT"], "CATS", record,
            record.events[0], position]


def public_callables() -> Iterator[tuple[str, Callable[..., Any]]]:
    modules = [(name, getattr(scrabble, name)) for name in scrabble.__all__]
    modules += [(f"notation.{name}", getattr(notation, name)) for name in dir(notation)
                if name.startswith(("parse_", "format_", "column_"))]
    modules += [(f"saves.{name}", getattr(saves, name)) for name in saves.__all__]
    modules += [(f"save_read.{name}", getattr(save_read, name)) for name in save_read.__all__]
    modules += [(f"gcg.{name}", getattr(gcg, name)) for name in gcg.__all__
                if name[0].islower() and name not in ("game_to_gcg", "read_gcg", "replay_gcg")]
    modules += [(f"cgp.{name}", getattr(cgp, name)) for name in ("parse_cgp", "format_cgp")]
    modules += [("config.parse_config", config.parse_config), ("config.read_config", config.read_config),
                ("classic.parse_move_file", classic.parse_move_file), ("load_leaves", load_leaves)]
    for name, value in modules:
        if callable(value):
            yield name, value


def instance_methods() -> Iterator[tuple[str, Callable[..., Any]]]:
    game = Game(["Ann", "Bob"], LEXICON, scrabble.GameSettings(seed=1))
    objects = {
        "board": Board(), "rack": Rack.parse("AB?"), "bag": scrabble.Bag(["A", "B"], 1),
        "tiles": scrabble.STANDARD_ENGLISH, "layout": scrabble.standard_layout(),
        "classic": get_rules("classic"), "simple": get_rules("simple"), "game": game,
        "leaves": load_leaves("enable"),
    }
    for label, obj in objects.items():
        for name, member in inspect.getmembers(obj, callable):
            if not name.startswith("_"):
                yield f"{label}.{name}", member
    for name in ("from_word", "from_placements"):
        yield f"Move.{name}", getattr(Move, name)
    yield "Direction.parse", Direction.parse
    yield "Board.from_text", Board.from_text
    yield "Rack.parse", Rack.parse


CALLABLES = dict(public_callables()) | dict(instance_methods())


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Calls that take a path write or read only in a scratch folder."""
    monkeypatch.chdir(tmp_path)


def raised_in_the_package(error: BaseException) -> bool:
    """Whether any frame of ``error``'s traceback, beyond the call, runs the package's code
    (compiled modules report their ``.py`` source as the frame's file)."""
    frames = traceback.extract_tb(error.__traceback__)[1:]
    return any(Path(frame.filename).resolve().is_relative_to(PACKAGE) for frame in frames)


def call(function: Callable[..., Any], args: list[Any]) -> None:
    try:
        function(*args)
    except WordGamesError:
        pass
    except Exception as error:
        if raised_in_the_package(error) or not isinstance(error, TypeError):
            where = traceback.extract_tb(error.__traceback__)[-1]
            pytest.fail(
                f"{getattr(function, '__qualname__', function)}{tuple(args)!r:.200} raised "
                f"{type(error).__name__}: {error} (at {where.filename}:{where.lineno}), "
                "not the package's own error"
            )


@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_each_wrong_argument_alone_is_refused_cleanly(name: str) -> None:
    """Every position of every callable (up to four), holding each wrong value, with the
    other positions holding right values of each kind in turn."""
    function = CALLABLES[name]
    goods = good_values()
    for arity in range(5):
        for position in range(arity):
            for wrong in WRONG:
                for good in goods:
                    args = [good] * arity
                    args[position] = wrong
                    call(function, args)


@settings(max_examples=400, deadline=None)
@given(name=st.sampled_from(sorted(CALLABLES)), data=st.data())
def test_mixtures_of_wrong_and_right_arguments(name: str, data: st.DataObject) -> None:
    pool = st.sampled_from(WRONG + good_values())
    args = data.draw(st.lists(pool, max_size=4))
    call(CALLABLES[name], args)


def test_the_suite_covers_the_issue_examples() -> None:
    for name in ("Board", "Board.from_text", "parse_move", "Game", "classic.check", "classic.best_moves",
                 "simple.check", "simple.best_moves", "Direction.parse", "parse_players", "save_game",
                 "gcg.parse_gcg", "read_gcg", "replay_gcg", "game_to_gcg", "cgp.parse_cgp"):
        assert name in CALLABLES
    assert len(CALLABLES) > 100


ISSUE_29_EXAMPLES: dict[str, Callable[[], object]] = {
    "Board().place_all(None)": lambda: Board().place_all(None),  # type: ignore[arg-type]
    "Board().place_all('ß')": lambda: Board().place_all("ß"),  # type: ignore[arg-type]
    "Board().place_all([(None, 0, 'A')])": lambda: Board().place_all([(None, 0, "A")]),  # type: ignore[list-item]
    "Board().get('a', 1)": lambda: Board().get("a", 1),  # type: ignore[arg-type]
    "read_tile_set(None)": lambda: scrabble.read_tile_set(None),  # type: ignore[arg-type]
    "read_tile_set('a\\x00b')": lambda: scrabble.read_tile_set("a\x00b"),
    "layout_by_name('a\\x00b')": lambda: scrabble.layout_by_name("a\x00b"),
    "load_game('a\\x00b')": lambda: scrabble.load_game("a\x00b"),
    "read_tile_set(lone surrogate)": lambda: scrabble.read_tile_set("\ud800"),
    "layout_by_name(lone surrogate)": lambda: scrabble.layout_by_name("\ud800"),
    "load_game(lone surrogate)": lambda: scrabble.load_game("\ud800"),
    "load_leaves('A' * 100000)": lambda: load_leaves("A" * 100_000),
    "load_leaves('enable').value(None)": lambda: load_leaves("enable").value(None),  # type: ignore[arg-type]
    "roll_board(4, seed=lone surrogate)": lambda: roll_board(4, seed="\ud800"),
    "Direction(None)": lambda: Direction(None),
}


@pytest.mark.parametrize("example", sorted(ISSUE_29_EXAMPLES))
def test_the_issue_examples_raise_the_packages_errors(example: str) -> None:
    with pytest.raises(WordGamesError) as caught:
        ISSUE_29_EXAMPLES[example]()
    assert isinstance(caught.value, (TypeError, ValueError)), "an argument error"
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 400


def test_save_game_to_a_folder_names_the_folder(tmp_path: Path) -> None:
    game = Game(["Ann"], LEXICON, scrabble.GameSettings(seed=1))
    with pytest.raises(WordGamesError, match=f"^{tmp_path}: is a directory") as caught:
        scrabble.save_game(game, tmp_path)
    assert ".tmp" not in str(caught.value)
    assert os.listdir(tmp_path) == []
