"""Proving the best boards: branch and bound over board classes, on every core or a Dask cluster.

:func:`prove` lists every ``rows`` x ``columns`` board scoring at least a target (given, or the
score of a known board), up to rotation and reflection, and says whether the list is proved
complete.  The space of boards is cut into board classes by *letter classes* (a partition of
the letters: ``AEIOU``, ``LNRSY`` ...): a class fixes, for each cell, which letter class its
letter comes from, so a 3 x 3 board with three letter classes makes 3**9 classes, of which the
ones equal under the board's symmetries are searched once.  Each class is *settled*
(:mod:`~wordgames.wordsearch.settle`): discarded when an upper bound on its best board is
below the target, else split or forced down to the boards that reach it.  A board scoring the
target is never discarded, so when every class is settled the list is complete (``proved``).

The classes are numbered and grouped into *chunks*, settled in a fixed pseudo-random order
(so the time taken so far, over the chunks done, is a fair estimate of the time left), on
local processes or a Dask cluster (:mod:`wordgames.cluster`).  Progress is saved to a
checkpoint (atomically, every ``checkpoint_seconds`` and at the end) that a later run with the
same settings resumes; ``seconds`` stops a run early, leaving the checkpoint to resume from.
"""

from __future__ import annotations

import json
import math
import os
import stat
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from wordgames.atomic import write_text_atomically
from wordgames.cluster import open_pool
from wordgames.errors import FormatError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_CHECKPOINT_BYTES, MAX_PROOF_CELLS
from wordgames.textfiles import read_json_file
from wordgames.wordsearch.bestboard import board_text
from wordgames.wordsearch.board import check_side, parse_board
from wordgames.wordsearch.boardspace import canonical, symmetries
from wordgames.wordsearch.scoring import scoring_function
from wordgames.wordsearch.settle import (
    DEFAULT_LETTER_CLASSES,
    MAX_CHUNKS,
    ChunkResult,
    ProofSettings,
    install_lexicon,
    lexicon_digest,
    parse_letter_classes,
    settle_chunk,
)
from wordgames.wordsearch.solving import check_min_length, score_boards

__all__ = ["DEFAULT_LETTER_CLASSES", "ProofResult", "ProvedBoard", "prove", "resolve_target"]

CHECKPOINT_FORMAT = "wordgames-boggle-proof"
CHECKPOINT_VERSION = 1


@dataclass(frozen=True)
class ProvedBoard:
    """A board scoring at least the target."""

    board: str
    score: int


@dataclass
class ProofResult:
    """What :func:`prove` found and what it cost."""

    boards: list[ProvedBoard]
    """Every board found at or above the target, best first (one of each symmetry group)."""
    proved: bool
    """Whether every class was settled: then no other board reaches the target."""
    target: int
    classes_evaluated: int
    """Board classes bounded (the parts of split classes included)."""
    seconds: float
    """Wall time, over every run of a resumed proof."""
    cpu_seconds: float
    """Worker time spent settling classes, over every run."""
    chunks_done: int
    chunks: int
    cpu_square_seconds: float = 0.0
    """The sum of the squares of each chunk's worker time (for :meth:`projection`)."""

    @property
    def seconds_left(self) -> float | None:
        """An estimate of the worker time still needed (the chunks are settled in random
        order, so the time per chunk so far is a fair guess); None before any chunk."""
        if not self.chunks_done:
            return None
        return self.cpu_seconds / self.chunks_done * (self.chunks - self.chunks_done)

    def projection(self) -> tuple[float, float, float] | None:
        """The worker time the whole proof takes: the estimate and a 95% interval, from the
        chunks settled so far as a random sample of all (normal approximation, finite
        population corrected; the times have a long tail, so the interval is optimistic
        while few chunks are done).  None before two chunks."""
        done, total = self.chunks_done, self.chunks
        if done < 2:
            return None
        mean = self.cpu_seconds / done
        variance = max(0.0, (self.cpu_square_seconds - done * mean * mean) / (done - 1))
        spread = 1.96 * total * math.sqrt(variance / done * (total - done) / max(1, total - 1))
        estimate = mean * total
        return estimate, max(self.cpu_seconds, estimate - spread), estimate + spread

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        left = self.seconds_left
        projected = self.projection()
        return {
            "boards": [{"board": entry.board, "score": entry.score} for entry in self.boards],
            "proved": self.proved,
            "target": self.target,
            "classes_evaluated": self.classes_evaluated,
            "seconds": round(self.seconds, 1),
            "cpu_seconds": round(self.cpu_seconds, 1),
            "chunks_done": self.chunks_done,
            "chunks": self.chunks,
            "cpu_seconds_left": None if left is None else round(left, 1),
            "cpu_seconds_projected": None if projected is None else [round(value, 1) for value in projected],
        }


@dataclass
class _State:
    """A proof's progress, as the checkpoint keeps it."""

    settings: ProofSettings
    done: bytearray
    boards: dict[str, int]
    classes_evaluated: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    cpu_square_seconds: float = 0.0

    @property
    def chunks_done(self) -> int:
        return sum(bin(byte).count("1") for byte in self.done)

    def is_done(self, chunk: int) -> bool:
        return bool(self.done[chunk >> 3] >> (chunk & 7) & 1)

    def add(self, result: ChunkResult) -> None:
        """Count a settled chunk in; its boards are kept under their symmetry group's name."""
        self.done[result.chunk >> 3] |= 1 << (result.chunk & 7)
        self.classes_evaluated += result.classes_evaluated
        self.cpu_seconds += result.cpu_seconds
        self.cpu_square_seconds += result.cpu_seconds**2
        images = symmetries(self.settings.rows, self.settings.columns)
        for cells, score in result.boards:
            self.boards[board_text(canonical(cells, images), self.settings.columns)] = score

    def to_json(self) -> dict[str, Any]:
        settings = asdict(self.settings)
        settings["letter_classes"] = [list(letters) for letters in self.settings.letter_classes]
        return {
            "format": CHECKPOINT_FORMAT, "version": CHECKPOINT_VERSION, "settings": settings,
            "done": self.done.hex(), "boards": [[text, score] for text, score in self.boards.items()],
            "classes_evaluated": self.classes_evaluated, "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "cpu_square_seconds": round(self.cpu_square_seconds, 6),
        }


def _load_checkpoint(path: Path, settings: ProofSettings) -> _State:
    """The saved state at ``path`` for ``settings``, or a fresh one when there is no file.
    FormatError for anything but a regular file holding a checkpoint of these settings."""
    fresh = _State(settings, bytearray(-(-settings.chunks // 8)), {})
    try:
        status = path.stat()
    except FileNotFoundError:
        return fresh
    except OSError as error:
        raise FormatError(f"{path}: cannot read the checkpoint ({error.strerror})") from None
    if not stat.S_ISREG(status.st_mode):
        raise FormatError(f"{path}: the checkpoint is not a regular file")
    data = read_json_file(path, "proof checkpoint", limit=MAX_CHECKPOINT_BYTES)
    try:
        if data.get("format") != CHECKPOINT_FORMAT or data.get("version") != CHECKPOINT_VERSION:
            raise ValueError("not a proof checkpoint")
        saved = data["settings"]
        saved["letter_classes"] = tuple(tuple(letters) for letters in saved["letter_classes"])
        if ProofSettings(**saved) != settings:
            raise FormatError(f"{path}: a checkpoint of another proof (other board size, "
                              "lexicon, target or letter classes); remove it or name another")
        done = bytearray.fromhex(data["done"])
        if len(done) != len(fresh.done):
            raise ValueError("wrong number of chunks")
        boards = {str(text): int(score) for text, score in data["boards"]}
        return _State(settings, done, boards, int(data["classes_evaluated"]),
                      float(data["seconds"]), float(data["cpu_seconds"]),
                      float(data["cpu_square_seconds"]))
    except FormatError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise FormatError(f"{path}: not a usable proof checkpoint ({error})") from None


def _save(path: Path | None, state: _State) -> None:
    if path is not None:
        write_text_atomically(path, json.dumps(state.to_json()) + "\n")


def resolve_target(lexicon: Lexicon, rows: int, columns: int, min_score: int | None,
                   best: str | None, min_length: int, scoring: str) -> int:
    """The score to reach: ``min_score``, or the score of the board ``best`` (which must be
    ``rows`` x ``columns``).  InvalidArgumentError unless exactly one is given."""
    if (min_score is None) == (best is None):
        raise InvalidArgumentError("give either a minimum score or a known best board")
    if best is not None:
        board = parse_board(best)
        if (board.rows, board.columns) != (rows, columns):
            raise InvalidArgumentError(
                f"the board {best!r} is {board.rows}x{board.columns}, not {rows}x{columns}")
        return score_boards([board], lexicon, min_length=min_length, scoring=scoring)[0]
    if isinstance(min_score, bool) or not isinstance(min_score, int) or min_score < 1:
        raise InvalidArgumentError(f"the minimum score must be a positive int, not {min_score!r}")
    return min_score


def check_proof_shape(rows: int, columns: int) -> None:
    """InvalidArgumentError for a board of more than :data:`MAX_PROOF_CELLS` cells, which
    cannot be proved: checked before any work (a target search included)."""
    if rows * columns > MAX_PROOF_CELLS:
        raise InvalidArgumentError(
            f"boards of at most {MAX_PROOF_CELLS} cells can be proved, not {rows}x{columns}")


def prove(
    lexicon: Lexicon,
    rows: int,
    columns: int | None = None,
    *,
    min_score: int | None = None,
    best: str | None = None,
    letter_classes: str | Sequence[str] | None = None,
    min_length: int = 3,
    scoring: str = "official",
    workers: int | None = None,
    scheduler: str | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    seconds: float | None = None,
    checkpoint_seconds: float = 30.0,
    progress: Callable[[ProofResult], None] | None = None,
) -> ProofResult:
    """Every ``rows`` x ``columns`` board scoring at least ``min_score`` (or the score of the
    board ``best``), and whether that list is proved complete (see the module docstring).

    ``letter_classes`` cut the letters into classes (default :data:`DEFAULT_LETTER_CLASSES`;
    boards hold only the letters named there).  ``workers`` local processes (default every
    core) or the Dask cluster at ``scheduler``; ``checkpoint`` a file to resume from and save
    to; ``seconds`` a wall-time budget (the proof stops between chunks, resumable);
    ``progress(result so far)`` is called after each chunk.  Cost: about ten CPU-minutes for
    3 x 3 with ENABLE; the 3 x 4 and 4 x 4 proofs take CPU-days and more (see the docs)."""
    if not isinstance(lexicon, Lexicon):
        raise InvalidArgumentTypeError(f"expected a Lexicon, not {type(lexicon).__name__}")
    rows = check_side(rows, "rows")
    columns = rows if columns is None else check_side(columns, "columns")
    check_proof_shape(rows, columns)
    check_min_length(min_length)
    scoring_function(scoring)
    target = resolve_target(lexicon, rows, columns, min_score, best, min_length, scoring)
    classes = parse_letter_classes(DEFAULT_LETTER_CLASSES if letter_classes is None else letter_classes)
    workers = (os.cpu_count() or 1) if workers is None else workers
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 256:
        raise InvalidArgumentError(f"workers must be 1 to 256, not {workers!r}")
    if seconds is not None and (not isinstance(seconds, int | float) or not seconds > 0
                                or math.isinf(seconds)):
        raise InvalidArgumentError(f"seconds must be a positive number, not {seconds!r}")
    digest = lexicon_digest(lexicon)
    patterns = len(classes) ** (rows * columns)
    # About eight classes a chunk (one in eight is the first of its symmetry group, on a
    # square board): a task per class would cost more in messages than small classes take.
    settings = ProofSettings(rows, columns, target, classes, min_length, scoring, digest,
                             max(1, min(MAX_CHUNKS, patterns // 8)))
    path = None if checkpoint is None else Path(checkpoint)
    state = _load_checkpoint(path, settings) if path is not None else _State(
        settings, bytearray(-(-settings.chunks // 8)), {})
    began = time.monotonic()
    deadline = None if seconds is None else began + seconds
    base_seconds = state.seconds
    last_save = began
    pending = [chunk for chunk in settings.order() if not state.is_done(chunk)]
    running: set[Future[ChunkResult]] = set()
    with open_pool(workers, scheduler, setup=install_lexicon, setup_args=(digest, lexicon)) as pool:
        try:
            while pending or running:
                while pending and len(running) < 2 * pool.workers and (
                        deadline is None or time.monotonic() < deadline):
                    running.add(pool.submit(settle_chunk, settings, pending.pop(0)))
                if not running:
                    break
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    state.add(future.result())
                state.seconds = base_seconds + time.monotonic() - began
                if path is not None and time.monotonic() - last_save >= checkpoint_seconds:
                    _save(path, state)
                    last_save = time.monotonic()
                if progress is not None:
                    progress(_result(state))
        finally:
            state.seconds = base_seconds + time.monotonic() - began
            _save(path, state)
    return _result(state)


def _result(state: _State) -> ProofResult:
    boards = sorted((ProvedBoard(text, score) for text, score in state.boards.items()),
                    key=lambda entry: (-entry.score, entry.board))
    done = state.chunks_done
    return ProofResult(boards, done == state.settings.chunks, state.settings.target,
                       state.classes_evaluated, state.seconds, state.cpu_seconds, done,
                       state.settings.chunks, state.cpu_square_seconds)
