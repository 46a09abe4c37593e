"""USC-style config files."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import shared_file

from wordgames.errors import FormatError
from wordgames.scrabble.formats.config import parse_config, read_config, resolve_relative

SMALL_BAG = "? 0 2\na 1 3\nb 3 1\nt 1 2\n"
SMALL_BOARD = "5 5\n3 3\n.....\n.2...\n..d..\n...t.\n.....\n"


def write_config_tree(folder: Path, config_text: str) -> Path:
    """A config file in ``folder`` with its tile bag and board in ``folder/config``."""
    (folder / "config").mkdir()
    (folder / "config" / "bag.txt").write_text(SMALL_BAG)
    (folder / "config" / "board.txt").write_text(SMALL_BOARD)
    (folder / "config" / "words.txt").write_text("bat\ntab\nat\nta\n")
    path = folder / "config.txt"
    path.write_text(config_text)
    return path


def test_shared_usc_config_resolves_its_neighbours() -> None:
    path = shared_file("formats/usc104/config.txt")
    config = read_config(path)
    assert (config.hand_size, config.seed, config.minimum_word_length) == (7, 54, 2)
    # The file says config/english-tile-bag.txt; in ../shared it sits beside the config.
    assert config.tile_bag == path.parent / "english-tile-bag.txt"
    assert config.dictionary == path.parent / "english-dictionary.txt"
    assert config.board == path.parent / "standard-board.txt"
    assert config.source == path


def test_paths_relative_to_the_config_folder(tmp_path: Path) -> None:
    text = (
        "\n# a comment\nhand_size:   3\nseed: 9\ntile_bag: config/bag.txt\n"
        "dictionary:config/words.txt\nboard: config/board.txt\nscoreless_turns: 4\n"
        "exchange_minimum: 1\n"
    )
    config = read_config(write_config_tree(tmp_path, text))
    assert config.tile_bag == tmp_path / "config" / "bag.txt"
    assert config.board == tmp_path / "config" / "board.txt"
    assert (config.hand_size, config.seed, config.scoreless_turns, config.exchange_minimum) == (3, 9, 4, 1)
    assert config.minimum_word_length is None


def test_resolve_relative_prefers_the_written_path(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.txt").write_text("x")
    (tmp_path / "a.txt").write_text("y")
    assert resolve_relative("sub/a.txt", tmp_path) == tmp_path / "sub" / "a.txt"
    assert resolve_relative("elsewhere/a.txt", tmp_path) == tmp_path / "a.txt"
    assert resolve_relative("nowhere/b.txt", tmp_path) is None


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("hand_size: 7\nseed: x\n", 2, "whole number"),
        ("hand_size: 7\n\ncolour: red\n", 3, "unknown key"),
        ("seed: 1\nseed: 2\n", 2, "given twice"),
        ("hand_size 7\n", 1, "key: value"),
        ("hand_size: 0\n", 1, "must be from 1 to 20, not 0"),
        ("hand_size: 1000000\n", 1, "must be from 1 to 20, not 1000000"),
        ("\nseed: " + "9" * 5000 + "\n", 2, "seed must be a whole number"),
        ("scoreless_turns: 10000\n", 1, "must be from 1 to 1000"),
        ("board:\n", 1, "no value"),
        ("seed: 1\nboard: config/missing.txt\n", 2, "not found"),
        ("seed: 1\nboard: .\n", 2, "board '.' is not a regular file"),
        ("dictionary: /dev/null\n", 1, "dictionary '/dev/null' is not a regular file"),
    ],
)
def test_bad_config_names_file_and_line(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "game.cfg"
    path.write_text(text)
    with pytest.raises(FormatError, match=message) as raised:
        read_config(path)
    assert f"{path}:{line}:" in str(raised.value)


def test_missing_config_file(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="no such config file"):
        read_config(tmp_path / "absent.txt")


def test_parse_config_without_a_file() -> None:
    config = parse_config("hand_size: 8\nminimum_word_length: 1\n")
    assert config.hand_size == 8 and config.minimum_word_length == 1 and config.tile_bag is None


def test_an_oversized_config_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.cfg"
    path.write_text("# padding\n" * 10_000)
    with pytest.raises(FormatError, match="may hold at most 65,536 bytes"):
        read_config(path)
