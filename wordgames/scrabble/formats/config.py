"""Game configuration files in the USC CSCI 104 style.

One ``key: value`` a line, in any order, blank lines and ``#`` comments allowed::

    hand_size: 7
    minimum_word_length: 2
    seed: 54
    tile_bag: config/english-tile-bag.txt
    dictionary: config/english-dictionary.txt
    board: config/standard-board.txt

File paths are relative to the folder of the config file.  The USC configs name their
neighbours as ``config/NAME`` although they usually sit beside the config, so a path that does
not exist as written is also looked up by its file name in the config's folder.  Two further
keys tune the game: ``exchange_minimum`` (tiles the bag must hold for an exchange, default the
hand size) and ``scoreless_turns`` (consecutive scoreless turns that end the game, default 6).
``challenge`` names the challenge rule (``void``, ``single``, ``double``, ``5``, ``10``).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from wordgames.errors import FormatError
from wordgames.limits import (
    MAX_BOARD_SIDE,
    MAX_HAND_SIZE,
    MAX_PLAYERS,
    MAX_SCORELESS_TURNS,
    MAX_SMALL_FILE_BYTES,
)
from wordgames.scrabble.core.checks import require_type
from wordgames.scrabble.game.challenge import CHALLENGE_RULES
from wordgames.textfiles import read_text_file

_INTEGER_KEYS = ("hand_size", "seed", "minimum_word_length", "exchange_minimum", "scoreless_turns")
_PATH_KEYS = ("tile_bag", "dictionary", "board")
_NAME_KEYS = {"challenge": tuple(CHALLENGE_RULES)}
_RANGE = {
    "hand_size": (1, MAX_HAND_SIZE),
    "minimum_word_length": (1, MAX_BOARD_SIDE),
    "exchange_minimum": (0, MAX_HAND_SIZE * MAX_PLAYERS),
    "scoreless_turns": (1, MAX_SCORELESS_TURNS),
}


@dataclass(frozen=True)
class GameConfig:
    """Settings read from a config file; ``None`` where the file says nothing."""

    hand_size: int | None = None
    seed: int | None = None
    tile_bag: Path | None = None
    dictionary: Path | None = None
    board: Path | None = None
    minimum_word_length: int | None = None
    exchange_minimum: int | None = None
    scoreless_turns: int | None = None
    challenge: str | None = None
    source: Path | None = None
    """The file the settings came from."""


def resolve_relative(value: str, folder: Path) -> Path | None:
    """The existing file ``value`` names relative to ``folder`` (an absolute path as is), else
    the file of the same name directly in ``folder``; None when neither exists."""
    written = Path(value)
    candidates = [written] if written.is_absolute() else [folder / written]
    candidates.append(folder / written.name)
    return next((path for path in candidates if path.is_file()), None)


def parse_config(text: str, source: str | os.PathLike[str] = "<config>") -> GameConfig:
    """Parse config text; paths are resolved against the folder of ``source``.  Raises
    FormatError naming ``source:line`` for a malformed line, an unknown or repeated key, a bad
    number or a missing file; a text longer than MAX_SMALL_FILE_BYTES characters is refused
    before it is split."""
    require_type(text, str, "config text")
    require_type(source, (str, os.PathLike), "the config's source")
    name = Path(source)
    if len(text) > MAX_SMALL_FILE_BYTES:
        raise FormatError(f"{name}: a config file may hold at most {MAX_SMALL_FILE_BYTES:,} characters")
    folder = name.parent
    numbers: dict[str, int] = {}
    paths: dict[str, Path] = {}
    names: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{name}:{number}"
        key, colon, value = line.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not colon:
            raise FormatError(f"{where}: expected 'key: value', found {line!r}")
        if key in numbers or key in paths or key in names:
            raise FormatError(f"{where}: {key} is given twice")
        if not value:
            raise FormatError(f"{where}: {key} has no value")
        if key in _INTEGER_KEYS:
            if not re.fullmatch("-?[0-9]{1,30}", value):
                raise FormatError(f"{where}: {key} must be a whole number, not {value[:40]!r}")
            number_value = int(value)
            low, high = _RANGE.get(key, (None, None))
            if (low is not None and number_value < low) or (high is not None and number_value > high):
                raise FormatError(f"{where}: {key} must be from {low} to {high}, not {number_value}")
            numbers[key] = number_value
        elif key in _PATH_KEYS:
            path = resolve_relative(value, folder)
            if path is None:
                written = Path(value)
                named = written if written.is_absolute() else folder / written
                if named.exists():  # a folder, a device, a FIFO: there, but nothing to read
                    raise FormatError(f"{where}: {key} {value[:80]!r} is not a regular file")
                raise FormatError(f"{where}: {key} file {value[:80]!r} not found next to {name}")
            paths[key] = path
        elif key in _NAME_KEYS:
            if value.lower() not in _NAME_KEYS[key]:
                choices = ", ".join(_NAME_KEYS[key])
                raise FormatError(f"{where}: {key} must be one of {choices}, not {value[:40]!r}")
            names[key] = value.lower()
        else:
            known = ", ".join((*_INTEGER_KEYS, *_PATH_KEYS, *_NAME_KEYS))
            raise FormatError(f"{where}: unknown key {key!r} (known keys: {known})")
    return GameConfig(
        hand_size=numbers.get("hand_size"),
        seed=numbers.get("seed"),
        tile_bag=paths.get("tile_bag"),
        dictionary=paths.get("dictionary"),
        board=paths.get("board"),
        minimum_word_length=numbers.get("minimum_word_length"),
        exchange_minimum=numbers.get("exchange_minimum"),
        scoreless_turns=numbers.get("scoreless_turns"),
        challenge=names.get("challenge"),
        source=name,
    )


def read_config(path: str | os.PathLike[str]) -> GameConfig:
    """Read a config file (see :func:`parse_config`).  Raises FormatError when it cannot be
    read."""
    require_type(path, (str, os.PathLike), "a config path")
    return parse_config(read_text_file(path, "config file", limit=MAX_SMALL_FILE_BYTES), Path(path))
