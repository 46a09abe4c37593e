"""Every command-line option that takes a file, given a named pipe and ``/dev/zero``: each is
refused with one line and exit 2 within five seconds, and nothing is written into them
(issue 29, item 1).

The options are found by walking the parser (a metavar or positional name saying FILE, PATH,
DIR, TABLE, IN, OUT, SOURCE or a file extension), so a new file option cannot be left out:
the test fails until :data:`BASES` gives it a command line to run in.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import signal
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from wordgames.cli import main
from wordgames.cli.app import build_parser

LIMIT_SECONDS = 5
FILE_WORDS = re.compile(r"FILE|PATH|DIR|TABLE|SOURCE|^IN$|^OUT$|\.gcg|\.klv2|\.png")
EMPTY_CGP = "/".join(["15"] * 15) + " AB/ 0/0 0"
GCG = "#player1 A Ann\n#player2 B Bob\n>A: ACTXYZE 8H CAT +10 10\n"

# The rest of a command line that is valid but for the file: ``{f}`` is where the file goes
# (for positionals), ``{gcg}`` a real game record, ``{board}`` a real board file, ``{out}`` a
# free output path.  Options not listed here are appended as ``OPTION {f}`` to ``COMMANDS``.
COMMANDS: dict[tuple[str, ...], list[str]] = {
    ("lexicon", "info"): ["enable"],
    ("lexicon", "check"): ["enable", "CAT"],
    ("lexicon", "convert"): ["enable", "{out}.txt"],
    ("scrabble", "best"): ["--cgp", EMPTY_CGP],
    ("scrabble", "play"): ["--players", "A,cpu:B"],
    ("scrabble", "autoplay"): ["--games", "1"],
    ("scrabble", "replay"): ["{gcg}"],
    ("scrabble", "check"): ["{board}", "--move", "8H CAT", "--rack", "CAT"],
    ("scrabble", "sim"): ["--cgp", EMPTY_CGP, "--iterations", "1"],
    ("scrabble", "infer"): ["--cgp", EMPTY_CGP, "--last-play", "exchange 1"],
    ("scrabble", "analyze"): ["{gcg}"],
    ("scrabble", "leaves", "show"): ["enable", "AB"],
    ("scrabble", "leaves", "convert"): ["enable", "{out}.csv"],
    ("scrabble", "leaves", "build"): ["--games", "1", "--iterations", "1", "--out", "{out}.klv2"],
    ("scrabble", "winmodel", "build"): ["--games", "5", "--out", "{out}.json"],
    ("scrabble", "endgame"): ["--cgp", EMPTY_CGP.replace(" AB/", " AB/CD")],
    ("scrabble", "preendgame"): ["--cgp", EMPTY_CGP.replace(" AB/", " AB/CD")],
    ("boggle", "solve"): ["--seed", "1"],
    ("boggle", "play"): ["--seed", "1", "--time", "1"],
    ("boggle", "best-board"): ["--iterations", "1"],
    ("boggle", "stats"): ["--boards", "1"],
    ("boggle", "prove"): ["--size", "2x2", "--min-score", "1000"],
    ("serve",): ["--port", "65500"],
}

# Whole command lines for the options that cannot simply be appended (positionals, options
# that replace another, options that need a companion).
BASES: dict[tuple[tuple[str, ...], str], list[str]] = {
    (("lexicon", "info"), "source"): ["{f}"],
    (("lexicon", "check"), "source"): ["{f}", "CAT"],
    (("lexicon", "convert"), "source"): ["{f}", "{out}.txt"],
    (("lexicon", "convert"), "out"): ["enable", "{f}"],
    (("scrabble", "best"), "--board"): ["--board", "{f}", "--rack", "AB"],
    (("scrabble", "best"), "--leaves"): ["--cgp", EMPTY_CGP, "--strategy", "equity", "--leaves", "{f}"],
    (("scrabble", "play"), "--deal-order"): ["--rules", "simple", "--deal-order", "{f}"],
    (("scrabble", "autoplay"), "--checkpoint"): ["--pairs", "1", "--checkpoint", "{f}"],
    (("scrabble", "autoplay"), "--leaves"): ["--games", "1", "--strategy", "equity", "--leaves", "{f}"],
    (("scrabble", "replay"), "file"): ["{f}"],
    (("scrabble", "check"), "board"): ["{f}", "--move", "8H CAT", "--rack", "CAT"],
    (("scrabble", "check"), "move_file"): ["{board}", "{f}"],
    (("scrabble", "analyze"), "file"): ["{f}"],
    (("scrabble", "leaves", "show"), "table"): ["{f}", "AB"],
    (("scrabble", "leaves", "convert"), "source"): ["{f}", "{out}.csv"],
    (("scrabble", "leaves", "convert"), "target"): ["enable", "{f}"],
    (("scrabble", "leaves", "build"), "--out"): ["--games", "1", "--iterations", "1", "--out", "{f}"],
    (("boggle", "solve"), "--board-file"): ["--board-file", "{f}"],
    (("boggle", "play"), "--board-file"): ["--board-file", "{f}", "--time", "1"],
}

# Where a reader tells formats apart by the name's extension, the pipe and /dev/zero are
# given that extension (a symbolic link to /dev/zero); otherwise /dev/zero itself.
SUFFIXES: dict[tuple[tuple[str, ...], str], str] = {
    (("scrabble", "best"), "--leaves"): ".klv2",
    (("scrabble", "play"), "--leaves"): ".klv2",
    (("scrabble", "autoplay"), "--leaves"): ".klv2",
    (("scrabble", "infer"), "--leaves"): ".klv2",
    (("scrabble", "play"), "--save"): ".json",
    (("scrabble", "leaves", "show"), "table"): ".klv2",
    (("scrabble", "leaves", "convert"), "source"): ".klv2",
    (("scrabble", "leaves", "convert"), "target"): ".csv",
    (("scrabble", "leaves", "build"), "--out"): ".klv2",
    (("scrabble", "replay"), "file"): ".gcg",
    (("scrabble", "analyze"), "file"): ".gcg",
    (("scrabble", "analyze"), "--html"): ".html",
    (("boggle", "stats"), "--plot"): ".png",
    (("lexicon", "convert"), "out"): ".txt",
}


def file_options(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], str]]:
    """(command path, option string or positional name) of every option taking a file."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                if sub.prog.endswith(" " + name):  # not an alias
                    yield from file_options(sub, (*path, name))
        elif action.nargs != 0 and not isinstance(action, argparse._HelpAction):
            label = action.metavar if isinstance(action.metavar, str) else action.dest.upper()
            positional = not action.option_strings
            if FILE_WORDS.search(label) or (positional and FILE_WORDS.search(action.dest.upper())):
                yield path, action.option_strings[0] if action.option_strings else action.dest


FILE_OPTIONS = sorted(set(file_options(build_parser())))


def command_line(command: tuple[str, ...], option: str, file: str, folder: Path) -> list[str]:
    base = BASES.get((command, option))
    if base is None:
        if not option.startswith("-"):
            raise AssertionError(f"give {command} {option} a command line in BASES")
        base = [*COMMANDS[command], option, "{f}"]
    values = {"f": file, "gcg": str(folder / "game.gcg"), "board": str(folder / "board.txt"),
              "out": str(folder / "out")}
    return [*command, *(part.format(**values) for part in base)]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "game.gcg").write_text(GCG)
    (tmp_path / "board.txt").write_text("\n".join(["." * 15] * 15) + "\n")
    return tmp_path


def special_file(folder: Path, kind: str, suffix: str) -> Path:
    if kind == "pipe":
        path = folder / f"pipe{suffix}"
        os.mkfifo(path)
    elif suffix:
        path = folder / f"zero{suffix}"
        path.symlink_to("/dev/zero")
    else:
        path = Path("/dev/zero")
    return path


class TookTooLong(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise TookTooLong


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                    reason="no named pipes or no /dev/zero here")
@pytest.mark.parametrize("kind", ["pipe", "/dev/zero"])
@pytest.mark.parametrize(("command", "option"), FILE_OPTIONS,
                         ids=[" ".join((*command, option)) for command, option in FILE_OPTIONS])
def test_a_special_file_is_refused_at_once(
    command: tuple[str, ...], option: str, kind: str, folder: Path,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    path = special_file(folder, kind, SUFFIXES.get((command, option), ""))
    argv = command_line(command, option, str(path), folder)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(LIMIT_SECONDS)
    try:
        code = main(argv)
    except TookTooLong:
        pytest.fail(f"wordgames {' '.join(argv)} ran over {LIMIT_SECONDS} s")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    err = capsys.readouterr().err
    assert code == 2, f"wordgames {' '.join(argv)}: exit {code}"
    assert err.startswith("wordgames: error: ") and err.count("\n") == 1, err
    assert str(path) in err or repr(str(path)) in err, "the message names the file"
    # Nothing was written into the pipe or through the link, and neither was replaced.
    assert stat.S_ISCHR(os.stat("/dev/zero").st_mode)
    if kind == "pipe":
        assert stat.S_ISFIFO(os.lstat(path).st_mode)
    else:
        assert path == Path("/dev/zero") or path.is_symlink()


def test_the_walk_finds_the_file_options() -> None:
    """A guard on the walk itself: the options of the issue are among those it finds."""
    found = {(" ".join(command), option) for command, option in FILE_OPTIONS}
    for expected in [
        ("scrabble play", "--resume"), ("scrabble play", "--config"), ("scrabble play", "--deal-order"),
        ("boggle solve", "--board-file"), ("scrabble best", "--board"), ("scrabble best", "--layout"),
        ("scrabble best", "--tile-distribution"), ("scrabble check", "board"),
        ("scrabble check", "move_file"), ("scrabble leaves show", "table"),
        ("scrabble best", "--leaves"), ("scrabble autoplay", "--leaves"), ("lexicon info", "source"),
        ("scrabble play", "--save"), ("serve", "--games"),
    ]:  # fmt: skip
        assert expected in found
    assert len(FILE_OPTIONS) > 40
