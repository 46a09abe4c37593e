"""A GCG record needs a complete players header (issue 11, item 8); the GCG readers' limits
and argument checks (items 2-4 and 14 for GCG); the replay command on such files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordgames.errors import FormatError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.limits import MAX_GCG_FILE_BYTES
from wordgames.scrabble.formats import gcg_read
from wordgames.scrabble.formats.gcg import parse_gcg, read_gcg, replay_gcg

from .test_game import WORDS

GAME = "#player1 A Ann\n#player2 B Bob\n>A: ACTXYZE 8H CAT +10 10\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("#player1 do", r"<gcg>:1: #player1 needs a nickname and a full name \(cut off\?\)"),
        ("#player1 A Ann\n#player2 B", "<gcg>:2: #player2 needs a nickname and a full name"),
        ("#player1 A Ann\n#player3 C Cy\n>A: ACTXYZE 8H CAT +10 10\n", "<gcg>:3: no #player2 line"),
        ("#player2 B Bob\n", "no #player1 line"),
        ("#player1 A Ann\n#player2 A Al\n", "<gcg>:2: two players have the nickname 'A'"),
        ("#player1 A Ann\n#player1 B Bob\n", "<gcg>:2: a second #player1 line"),
        (GAME + "#player3 C Cy\n", "<gcg>:4: #player3 comes after the first event"),
        ("#player0 A Ann\n", "player numbers run from 1"),
        ("#title just a title\n", "no #player lines; is this a GCG file"),
    ],
)
def test_an_incomplete_players_header_is_refused(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        parse_gcg(text)


def test_players_take_the_seats_their_numbers_say() -> None:
    record = parse_gcg("#player2 B Bob  Jones\n#player1\tA\tAnn\n>A: ACTXYZE 8H CAT +10 10\n")
    assert record.players == [("A", "Ann"), ("B", "Bob Jones")]
    assert replay_gcg(record, WORDS).ok


def test_limits_on_text_events_and_points(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="longer than a GCG record may be"):
        parse_gcg(GAME + "#note " + "x" * MAX_GCG_FILE_BYTES)
    big = tmp_path / "big.gcg"
    with big.open("wb") as stream:
        stream.write(GAME.encode())
        stream.truncate(MAX_GCG_FILE_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(FormatError, match=f"a GCG file may hold at most {MAX_GCG_FILE_BYTES:,} bytes"):
        read_gcg(big)
    monkeypatch.setattr(gcg_read, "MAX_GCG_EVENTS", 2)
    passes = "".join(">B: - +0 0\n" for _ in range(2))
    assert len(parse_gcg(GAME.replace(">A: ACTXYZE 8H CAT +10 10\n", passes)).events) == 2
    with pytest.raises(FormatError, match="<gcg>:5: more than 2 events"):
        parse_gcg(GAME + passes)
    with pytest.raises(FormatError, match="at most 9 digits"):
        parse_gcg(GAME + ">B: - +0 " + "9" * 5000 + "\n")


def test_wrong_arguments_are_type_and_value_errors(tmp_path: Path) -> None:
    record = parse_gcg(GAME)
    for call in (lambda: parse_gcg(None), lambda: parse_gcg(b"#player1 A A"),  # type: ignore[arg-type]
                 lambda: read_gcg(None), lambda: replay_gcg(None, WORDS),  # type: ignore[arg-type]
                 lambda: replay_gcg(record, "enable"),  # type: ignore[arg-type]
                 lambda: replay_gcg(record, WORDS, layout="standard")):  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentTypeError):
            call()
    with pytest.raises(InvalidArgumentError, match="hand size"):
        replay_gcg(record, WORDS, hand_size=0)
    with pytest.raises(FormatError, match="is a directory, not a GCG file"):
        read_gcg(tmp_path)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.gcg")
        with pytest.raises(FormatError, match="not a regular file"):
            read_gcg(tmp_path / "pipe.gcg")  # refused without blocking
    with pytest.raises(FormatError, match=r"cannot read GCG file \(File name too long\)"):
        read_gcg("A" * 300)


def replay_command(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wordgames", "scrabble", "replay", str(path)],
                          capture_output=True, text=True, timeout=120, check=False)


def test_the_replay_command_on_cut_and_unstarted_records(tmp_path: Path) -> None:
    cut = tmp_path / "cut.gcg"
    cut.write_text("#player1 do")  # the first 11 bytes of a record
    result = replay_command(cut)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (f"wordgames: error: {cut}:1: #player1 needs a nickname and a full name "
                             "(cut off?)\n")
    header = tmp_path / "header.gcg"
    header.write_text("#player1 A Ann\n#player2 B Bob\n#lexicon enable\n")
    result = replay_command(header)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == f"{header}: no moves recorded (a game before its first move); players A, B\n"
    path = tmp_path / "path.gcg"
    path.write_text("#player1 A Ann\n#player2 B Bob\n#lexicon /etc/passwd\n")  # a name, never a path
    result = replay_command(path)
    assert result.returncode == 2
    assert "the GCG file names the lexicon '/etc/passwd', which is not a known name" in result.stderr
    phony = tmp_path / "phony.gcg"
    phony.write_text("#player1 A Ann\n#player2 B Bob\n#lexicon enable\n>A: ZZZZZZZ - +0 0\n")
    result = replay_command(phony)
    assert result.returncode == 1 and "line 4: the rack ZZZZZZZ holds 7 Z" in result.stdout
