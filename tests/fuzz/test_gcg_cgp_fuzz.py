"""Fuzzing the CGP and GCG readers and the GCG replay: whatever the text (or bytes), only the
package's documented errors come out, the limits hold, and what is accepted is well formed
(issue 11: a fuzz suite over every reader of outside input)."""

from __future__ import annotations

import contextlib
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.errors import WordGamesError
from wordgames.lexicon import lexicon_from_words
from wordgames.limits import MAX_BOARD_SIDE, MAX_HAND_SIZE
from wordgames.scrabble.core.tiles import is_tile_letter
from wordgames.scrabble.formats.cgp import format_cgp, parse_cgp
from wordgames.scrabble.formats.gcg import parse_gcg, read_gcg, replay_gcg

from .strategies import near

WORDS = lexicon_from_words(["CAT", "CATS", "AT", "TA", "ACT", "SCAT", "QI", "ZA", "ZAS"])
FILES = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])

# --- CGP ------------------------------------------------------------------------------------------

SQUARES = st.one_of(st.integers(0, 120).map(str), st.sampled_from("ABCQZabcq?[É"))
ROW = st.lists(SQUARES, max_size=8).map("".join)
CGP_FIELDS = st.tuples(
    st.lists(ROW, min_size=1, max_size=17).map("/".join),
    st.lists(st.text("ABCXYZ?ßa1", max_size=9), max_size=3).map("/".join),
    st.lists(st.sampled_from(["0", "12", "-5", "+3", "x", "99999999999", ""]), max_size=3).map("/".join),
    st.sampled_from(["0", "3", "-1", "z", "", "1" * 12]),
    st.lists(st.sampled_from(["lex CSW21;", "-lex NWL20;", "bb 40;", "bb x;", "bdn standard15;", "bdn x;",
                              "ld english;", ";", "lex OSPS49", "-", "tmr 0/0;"]), max_size=4).map(" ".join),
)


def check_position(text: str) -> None:
    try:
        position = parse_cgp(text)
    except WordGamesError:
        return
    board = position.board
    assert 1 <= board.rows <= MAX_BOARD_SIDE and 1 <= board.cols <= MAX_BOARD_SIDE
    for _, _, tile in board.tiles():
        assert is_tile_letter(tile)
    for rack in position.racks:
        assert len(rack) <= MAX_HAND_SIZE and all(is_tile_letter(c) or c == "?" for c in rack)
    again = parse_cgp(format_cgp(position))  # missing racks and scores are written out
    assert again.board == board and again.opcodes == position.opcodes
    assert format_cgp(again) == format_cgp(position)
    with contextlib.suppress(WordGamesError):  # only the operands are checked here
        _ = position.bingo_bonus, position.letter_distribution, position.lexicon


@given(CGP_FIELDS, st.integers(0, 5))
def test_cgp_built_from_plausible_fields(fields: tuple[str, ...], count: int) -> None:
    check_position(" ".join(fields[: count or 5]))


@given(near("0123456789ABCQZabcz/?; -lexbdn"))
def test_cgp_text(text: str) -> None:
    check_position(text)


# --- GCG ------------------------------------------------------------------------------------------

RACK = st.text("ACTXYZEQIS?", max_size=9)
ACTION = st.one_of(
    st.tuples(st.sampled_from(["8H", "H8", "8G", "9G", "G8", "15O", "O15", "16A", "1A", "8h", "AA8"]),
              st.text("CATSZQIx.?", min_size=0, max_size=6)).map(" ".join),
    st.sampled_from(["-", "--", "-7", "-CA", "(challenge)", "(time)", "(CAT)", "()", "-ZZ"]),
)
EVENT = st.tuples(st.sampled_from([">A:", ">B:", ">C:", ">A :", ">"]), RACK, ACTION,
                  st.sampled_from(["+0", "+10", "-5", "+6", "+999", "-999", "+1234567890", "5"]),
                  st.sampled_from(["0", "10", "16", "6", "-5", "1009", "x"]),
                  st.sampled_from(["", "", "BE, ET", "12"])).map(" ".join)
PRAGMA = st.sampled_from([
    "#player1 A Ann", "#player2 B Bob", "#player1 A", "#player3 C Cy", "#rack1 QI", "#rack2 ZZ",
    "#board-layout standard15", "#board-layout hex", "#tile-distribution x", "#lexicon x", "#note a note",
    "a note's second line", "", "#player2 A Al",
])
RECORD = st.lists(st.one_of(PRAGMA, EVENT), max_size=14).map(lambda lines: "\n".join(
    ["#player1 A Ann", "#player2 B Bob", *lines]))


def check_record(text: str) -> None:
    try:
        record = parse_gcg(text)
    except WordGamesError:
        return
    assert record.players and len({nick for nick, _ in record.players}) == len(record.players)
    with contextlib.suppress(WordGamesError):  # an unknown layout or tile pragma
        result = replay_gcg(record, WORDS)
        assert 0 <= result.events_checked <= len(record.events)
        assert result.ok == (result.discrepancy is None)


@given(RECORD)
def test_gcg_records_built_from_plausible_lines(text: str) -> None:
    check_record(text)


@given(near("#>:+-()?.0123456789ABCQZ player rack note"))
def test_gcg_text(text: str) -> None:
    check_record(text)


@FILES
@given(st.binary(max_size=300))
def test_gcg_files(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "game.gcg"
    path.write_bytes(b"#player1 A Ann\n" + data)
    with contextlib.suppress(WordGamesError):
        read_gcg(path)
