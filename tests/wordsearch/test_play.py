"""The timed round: verdicts, scores, the summary, and the loop on text streams."""

from __future__ import annotations

import io
import os

import pytest

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import lexicon_from_words
from wordgames.wordsearch import BoggleGame, PlaySession, create_game, parse_board, run_timed_round
from wordgames.wordsearch.play import TimedLineReader, Verdict

WORDS = ["PEACE", "PEA", "ACE", "LENT", "PALE", "BOY", "TOBY", "AT"]


@pytest.fixture
def game() -> BoggleGame:
    game = create_game(lexicon=lexicon_from_words(WORDS))
    game.set_board(parse_board("EECA/ALEP/HNBO/QTTY"))
    return game


def test_verdicts(game: BoggleGame) -> None:
    session = PlaySession(game, 3)
    assert session.guess(" peace\n").verdict is Verdict.ACCEPTED
    assert session.guess("PEACE").verdict is Verdict.ALREADY_FOUND
    assert session.guess("at").verdict is Verdict.TOO_SHORT
    assert session.guess("HNTQ").verdict is Verdict.NOT_A_WORD
    assert session.guess("PALE").verdict is Verdict.NOT_ON_BOARD
    lent = session.guess("Lent")
    assert (lent.word, lent.verdict, lent.points) == ("LENT", Verdict.ACCEPTED, 2)
    assert session.score == 3 + 2
    assert session.found == [("PEACE", 3), ("LENT", 2)]
    assert [entry.word for entry in session.missed()] == ["ACE", "BOY", "PEA", "TOBY"]


def test_messages(game: BoggleGame) -> None:
    session = PlaySession(game, 4)
    accepted = session.guess("peace")
    assert accepted.message(4, session.score) == "  +2   PEACE  (score 2)"
    assert session.guess("ace").message(4, 2) == "  --   ACE: too short (at least 4 letters)"
    assert session.guess("pale").message(4, 2) == "  --   PALE: not on the board"


def test_summary_lists_found_and_missed_words(game: BoggleGame) -> None:
    session = PlaySession(game, 3)
    session.guess("PEACE")
    assert session.summary() == (
        "Final score: 3 (1 word)\n"
        "You found: PEACE\n"
        "You missed 5 words worth 7 points\n"
        "  ACE BOY LENT PEA TOBY"
    )


def test_official_scoring_in_play() -> None:
    game = create_game(scoring="official", lexicon=lexicon_from_words(WORDS))
    session = PlaySession(game, 3)
    assert session.guess("PEACE").points == 2


@pytest.mark.parametrize(
    ("seconds", "shown"), [(1.5, "0:01.5"), (0.25, "0:00.25"), (90, "1:30"), (600, "10:00")]
)
def test_the_round_length_is_shown_exactly(game: BoggleGame, seconds: float, shown: str) -> None:
    """Issue 29, item 8: ``--time 1.5`` announced a 0:02 round."""
    out = io.StringIO()
    run_timed_round(PlaySession(game, 3), io.StringIO(""), out, seconds=seconds)
    assert f"({shown} on the clock)" in out.getvalue()


def test_minimum_is_checked(game: BoggleGame) -> None:
    with pytest.raises(InvalidArgumentError):
        PlaySession(game, 0)


def test_round_ends_at_end_of_input(game: BoggleGame) -> None:
    out = io.StringIO()
    source = io.StringIO("peace\n\n  \npale\nlent")  # blank lines ignored, no final newline
    score = run_timed_round(PlaySession(game, 3), source, out, seconds=60)
    assert score == 5
    text = out.getvalue()
    assert "E E C A" in text and "(1:00 on the clock)" in text
    assert "  +3   PEACE  (score 3)" in text
    assert "  --   PALE: not on the board" in text
    assert "  +2   LENT  (score 5)" in text
    assert "Final score: 5 (2 words)" in text
    assert "Time's up" not in text


def test_quit_command_ends_the_round(game: BoggleGame) -> None:
    out = io.StringIO()
    run_timed_round(PlaySession(game, 3), io.StringIO("peace\n:quit\nlent\n"), out, seconds=None)
    assert "LENT  (score" not in out.getvalue()
    assert "no time limit" in out.getvalue()


def test_round_ends_when_time_runs_out(game: BoggleGame) -> None:
    read_end, write_end = os.pipe()
    source = os.fdopen(read_end, "r")
    os.write(write_end, b"peace\n")  # then silence: the player is still thinking
    out = io.StringIO()
    score = run_timed_round(PlaySession(game, 3), source, out, seconds=0.3)
    # End the input before closing the reading side, which the reader thread is blocked on.
    os.close(write_end)
    source.close()  # waits for the reader thread to see the end of input
    assert score == 3
    assert "Time's up!" in out.getvalue()
    assert "Final score: 3" in out.getvalue()


def test_interactive_prompt_shows_time_left(game: BoggleGame) -> None:
    ticks = iter([0.0, 0.0, 75.0, 200.0])  # the deadline, then one reading per loop
    out = io.StringIO()
    run_timed_round(
        PlaySession(game, 3),
        io.StringIO("peace\nlent\nboy\n"),
        out,
        seconds=180,
        interactive=True,
        clock=lambda: next(ticks),
    )
    text = out.getvalue()
    assert "[3:00] word> " in text
    assert "[1:45] word> " in text
    assert "Time's up!" in text
    assert "BOY  (score" not in text  # read after the deadline


def test_timed_reader_reports_timeouts_and_end_of_input() -> None:
    read_end, write_end = os.pipe()
    with os.fdopen(read_end, "r") as source:
        reader = TimedLineReader(source)
        assert reader.read(0.05) is None
        os.write(write_end, b"hello\n")
        assert reader.read(5) == "hello\n"
        os.close(write_end)
        assert reader.read(5) == ""


def test_timed_reader_survives_a_broken_stream() -> None:
    class Broken(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise OSError("gone")

    reader = TimedLineReader(Broken())
    assert reader.read(5) == ""
