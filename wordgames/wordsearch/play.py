"""A timed word-search round for one player: guesses, feedback, score, and the words missed.

:class:`PlaySession` holds the rules of a round and knows nothing about terminals;
:func:`run_timed_round` plays one on text streams (a terminal, or a pipe: it reads lines from a
background thread so the clock keeps running while it waits, and end of input ends the round).
"""

from __future__ import annotations

import enum
import queue
import textwrap
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from wordgames.wordsearch.game import BoggleGame, ScoredWord, check_minimum_length

QUIT_COMMANDS = frozenset({":q", ":quit"})


class Verdict(enum.Enum):
    """What became of a guess."""

    ACCEPTED = "accepted"
    ALREADY_FOUND = "already found"
    TOO_SHORT = "too short"
    NOT_A_WORD = "not in the lexicon"
    NOT_ON_BOARD = "not on the board"


@dataclass(frozen=True)
class GuessResult:
    """The verdict on one guess and the points it earned."""

    word: str
    verdict: Verdict
    points: int = 0

    def message(self, minimum_word_length: int, total: int) -> str:
        """One line of feedback for the player."""
        if self.verdict is Verdict.ACCEPTED:
            return f"  +{self.points:<3} {self.word}  (score {total})"
        reason = self.verdict.value
        if self.verdict is Verdict.TOO_SHORT:
            reason += f" (at least {minimum_word_length} letters)"
        return f"  --   {self.word}: {reason}"


class PlaySession:
    """One player's round on ``game``'s board and lexicon with a minimum word length."""

    def __init__(self, game: BoggleGame, minimum_word_length: int = 3) -> None:
        """Start a round; the game must already have its board and lexicon."""
        self.game = game
        self.minimum_word_length = check_minimum_length(minimum_word_length)
        self._found: dict[str, int] = {}

    def guess(self, text: str) -> GuessResult:
        """Judge one guess (any case, surrounding spaces ignored) and score it if it counts.

        Cost: a lexicon look-up and a guided board search."""
        word = text.strip().upper()
        if word in self._found:
            verdict = Verdict.ALREADY_FOUND
        elif len(word) < self.minimum_word_length:
            verdict = Verdict.TOO_SHORT
        elif not self.game.is_valid_word(word):
            verdict = Verdict.NOT_A_WORD
        elif not self.game.is_on_board(word):
            verdict = Verdict.NOT_ON_BOARD
        else:
            points = self.game.score_word(word, self.minimum_word_length)
            self._found[word] = points
            return GuessResult(word, Verdict.ACCEPTED, points)
        return GuessResult(word, verdict)

    @property
    def score(self) -> int:
        """The points earned so far."""
        return sum(self._found.values())

    @property
    def found(self) -> list[tuple[str, int]]:
        """The accepted words with their points, in the order they were found."""
        return list(self._found.items())

    def missed(self) -> list[ScoredWord]:
        """The scorable words on the board the player did not find, alphabetically."""
        return [
            entry
            for entry in self.game.scored_words(self.minimum_word_length)
            if entry.word not in self._found
        ]

    def summary(self) -> str:
        """The end-of-round report: score, the words found, the words missed."""
        missed = self.missed()
        found = self.found
        lines = [f"Final score: {self.score} ({_count(len(found), 'word')})"]
        if found:
            lines.append(_wrap("You found: " + ", ".join(word for word, _ in found)))
        worth = sum(entry.score for entry in missed)
        lines.append(f"You missed {_count(len(missed), 'word')} worth {_count(worth, 'point')}")
        if missed:
            lines.append(_wrap(" ".join(entry.word for entry in missed), indent="  "))
        return "\n".join(lines)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _wrap(text: str, indent: str = "") -> str:
    return textwrap.fill(text, width=78, initial_indent=indent, subsequent_indent=indent or "  ")


class TimedLineReader:
    """Lines from a text stream with a time limit per read.

    A daemon thread reads the stream and queues each line, then ``""`` at end of input, so the
    caller can wait with a timeout whether the stream is a terminal or a pipe.
    """

    def __init__(self, stream: TextIO) -> None:
        """Start reading ``stream`` in the background."""
        self._lines: queue.Queue[str] = queue.Queue()
        self._thread = threading.Thread(target=self._pump, args=(stream,), daemon=True)
        self._thread.start()

    def _pump(self, stream: TextIO) -> None:
        try:
            for line in iter(stream.readline, ""):
                self._lines.put(line)
        except (OSError, ValueError):  # a closed or unreadable stream ends the input
            pass
        self._lines.put("")

    def read(self, timeout: float | None) -> str | None:
        """The next line (with its newline), ``""`` at end of input, or None when ``timeout``
        seconds pass first (``timeout=None`` waits as long as it takes)."""
        try:
            return self._lines.get(timeout=timeout)
        except queue.Empty:
            return None


def run_timed_round(
    session: PlaySession,
    source: TextIO,
    out: TextIO,
    seconds: float | None,
    *,
    interactive: bool = False,
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Play ``session`` reading guesses from ``source`` and writing to ``out``; return the score.

    The round ends when ``seconds`` have passed (None: no limit), at end of input, or on
    ``:quit``.  ``interactive`` adds a prompt showing the time left, for terminals.
    """
    minimum = session.minimum_word_length
    limit = "no time limit" if seconds is None else f"{_duration(seconds)} on the clock"
    print(session.game.get_board(), file=out)
    print(
        f"\nFind words of {minimum}+ letters ({limit}). One word a line; "
        "end with Ctrl-D or :quit.",
        file=out,
    )
    deadline = None if seconds is None else clock() + seconds
    reader = TimedLineReader(source)
    while True:
        remaining = None if deadline is None else deadline - clock()
        if remaining is not None and remaining <= 0:
            print("Time's up!", file=out)
            break
        if interactive:
            left = "" if remaining is None else f"[{_clock_face(remaining)}] "
            print(f"{left}word> ", end="", file=out, flush=True)
        line = reader.read(remaining)
        if line is None:
            print("\nTime's up!", file=out)
            break
        if line == "" or line.strip().lower() in QUIT_COMMANDS:
            break
        if line.strip():
            result = session.guess(line)
            print(result.message(minimum, session.score), file=out, flush=True)
    print(session.summary(), file=out, flush=True)
    return session.score


def _clock_face(seconds: float) -> str:
    """Time left as a countdown shows it: whole seconds, rounded up."""
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


def _duration(seconds: float) -> str:
    """A round's length exactly: ``1:30``, or ``0:01.5`` for a fraction of a second."""
    minutes, rest = divmod(max(0.0, float(seconds)), 60)
    shown = f"{int(rest):02d}" if rest.is_integer() else f"{rest:05.2f}".rstrip("0")
    return f"{int(minutes)}:{shown}"
