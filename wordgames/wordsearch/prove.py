"""Proving the best boards: branch and bound over board classes, on every core or a Dask cluster.

:func:`prove` lists every ``rows`` x ``columns`` board scoring at least a target (given, or the
score of a known board), up to rotation and reflection, and says whether the list is proved
complete.  The space of boards is cut into board classes by *letter classes* (a partition of
the letters: ``AEIOU``, ``LNRSY`` ...): a class fixes, for each cell, which letter class its
letter comes from, so a 3 x 3 board with four letter classes makes 4**9 classes, of which the
ones equal under the board's symmetries are searched once.  Each class is *settled*:

1. its max/no-mark and sum/union bounds (:mod:`~wordgames.wordsearch.bounds`); below the
   target, the class is discarded;
2. a class whose orderly tree would be too large is split on its first undecided cell (in the
   order of :func:`~wordgames.wordsearch.classes.decision_order`) and each part settled;
3. otherwise its orderly tree is built: below the target, discarded; else the cells are forced
   in order (:meth:`~wordgames.wordsearch.bounds.ClassSolver.force`) and each board that
   survives is scored exactly; those at or above the target are kept.

Every bound is an upper bound of every board of its class, so a board scoring the target is
never discarded: when every class is settled the list is complete (``proved``).

The classes are numbered and grouped into *chunks*, settled in a fixed pseudo-random order
(so the time taken so far, over the chunks done, is a fair estimate of the time left), on
local processes or a Dask cluster (:mod:`wordgames.cluster`).  Progress is saved to a
checkpoint (atomically, every ``checkpoint_seconds`` and at the end) that a later run with the
same settings resumes; ``seconds`` stops a run early, leaving the checkpoint to resume from.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import random
import stat
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from wordgames.atomic import write_text_atomically
from wordgames.cluster import open_pool
from wordgames.errors import FormatError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon import Lexicon
from wordgames.textfiles import read_text_file
from wordgames.wordsearch.bestboard import board_text
from wordgames.wordsearch.board import check_side, parse_board
from wordgames.wordsearch.boardspace import canonical, symmetries
from wordgames.wordsearch.bounds import ClassSolver
from wordgames.wordsearch.classes import BoardClass, class_solver, decision_order, load_class
from wordgames.wordsearch.scoring import scoring_function
from wordgames.wordsearch.solving import check_min_length, score_boards
from wordgames.wordsearch.symbols import symbol_tables

MAX_PROOF_CELLS = 20
"""The largest board (in cells) :func:`prove` takes: beyond 4 x 5 even a cluster cannot."""

MAX_CHUNKS = 65_536
"""The most chunks the classes are grouped into (the checkpoint keeps one bit each)."""

OCCURRENCE_LIMIT = 400_000
"""A class with more scoring (word, path, options) than this is split before its tree is
built (bigger trees cost more than the parts together; tuned on 3 x 3 with ENABLE)."""

TREE_LIMIT = 8_000_000
"""The most nodes an orderly tree may have (about 250 MB); beyond, the class is split."""

CHECKPOINT_FORMAT = "wordgames-boggle-proof"
CHECKPOINT_VERSION = 1
MAX_CHECKPOINT_BYTES = 64 * 1024 * 1024

DEFAULT_LETTER_CLASSES = ("AEIOUY", "BCDFGJKMP[QU]VWXZ", "HLNRST")
"""Three letter classes of the 26 letters (``Q`` as the dice's ``QU``): the vowels (and Y),
the consonants that most often follow or precede them in English, and the rest.  Fewer,
larger classes mean fewer trees to build and more forcing in each; three was the fastest of
the splits tried on 3 x 3 with ENABLE (see the docs)."""


@dataclass(frozen=True)
class ProofSettings:
    """What a proof is about; a checkpoint is resumed only for the same settings."""

    rows: int
    columns: int
    target: int
    letter_classes: tuple[tuple[str, ...], ...]
    min_length: int
    scoring: str
    lexicon: str
    """A digest of the lexicon's words."""
    chunks: int
    seed: int = 0
    """Of the order the chunks are settled in."""

    @property
    def patterns(self) -> int:
        """How many classes (before symmetry) the letter classes make."""
        count: int = len(self.letter_classes) ** (self.rows * self.columns)
        return count

    def chunk_range(self, chunk: int) -> range:
        """The class numbers of ``chunk``."""
        size = -(-self.patterns // self.chunks)
        return range(chunk * size, min(self.patterns, (chunk + 1) * size))

    def order(self) -> list[int]:
        """The chunks in the order they are settled."""
        chunks = list(range(self.chunks))
        random.Random(f"boggle-proof:{self.seed}").shuffle(chunks)
        return chunks


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

    @property
    def seconds_left(self) -> float | None:
        """An estimate of the worker time still needed (the chunks are settled in random
        order, so the time per chunk so far is a fair guess); None before any chunk."""
        if not self.chunks_done:
            return None
        return self.cpu_seconds / self.chunks_done * (self.chunks - self.chunks_done)

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        left = self.seconds_left
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
        }


@dataclass
class ChunkResult:
    """What settling one chunk gave (picklable, small)."""

    chunk: int
    boards: list[tuple[tuple[str, ...], int]] = field(default_factory=list)
    """Each board found (row-major cells) with its score."""
    classes_evaluated: int = 0
    cpu_seconds: float = 0.0


# --- settling classes (in the workers) ------------------------------------------------------

_LEXICONS: dict[str, Lexicon] = {}
_SOLVERS: dict[tuple[str, int, str], ClassSolver] = {}


def install_lexicon(digest: str, lexicon: Lexicon) -> None:
    """Make ``lexicon`` the worker's lexicon for proofs of ``digest`` (the pool's setup)."""
    _LEXICONS[digest] = lexicon


def lexicon_digest(lexicon: Lexicon) -> str:
    """A digest of the words (names a lexicon in checkpoints and worker tasks).  Cost: one
    pass over the words (tens of ms for ENABLE)."""
    digest = hashlib.sha256()
    for word in lexicon:
        digest.update(word.encode())
        digest.update(b"\n")
    return digest.hexdigest()[:32]


def parse_letter_classes(text: str | Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Letter classes from ``"AEIOU BDFGJ[QU]VWXZ ..."`` (or a sequence of such words): each
    class its letters in board-row syntax, ``[QU]`` for the cell of two letters.
    InvalidArgumentError for an empty class, a letter in two classes, or fewer than two."""
    words = text.split() if isinstance(text, str) else list(text)
    if not all(isinstance(word, str) for word in words):
        raise InvalidArgumentTypeError("letter classes are strings")
    classes = tuple(parse_board(word).cells for word in words)
    letters = [letter for letter_class in classes for letter in letter_class]
    if len(classes) < 2 or len(classes) > 16:
        raise InvalidArgumentError(f"give 2 to 16 letter classes, not {len(classes)}")
    if len(set(letters)) != len(letters):
        raise InvalidArgumentError("a letter is in more than one letter class")
    if len(letters) > 64:
        raise InvalidArgumentError("letter classes hold at most 64 letters in all")
    return classes


def _context(settings: ProofSettings) -> tuple[Lexicon, ClassSolver]:
    lexicon = _LEXICONS.get(settings.lexicon)
    if lexicon is None:
        raise InvalidArgumentError("this worker has no lexicon for the proof (setup did not run)")
    key = (settings.lexicon, settings.min_length, settings.scoring)
    solver = _SOLVERS.get(key)
    if solver is None:
        solver = _SOLVERS[key] = class_solver(lexicon, settings.min_length, settings.scoring)
    return lexicon, solver


def pattern_classes(settings: ProofSettings, numbers: range) -> Iterator[BoardClass]:
    """The classes numbered ``numbers`` that are the first of their symmetry group (a class
    number's digits, base the number of letter classes, give each cell's letter class)."""
    count = len(settings.letter_classes)
    cells = settings.rows * settings.columns
    images = symmetries(settings.rows, settings.columns)
    for number in numbers:
        digits = []
        for _ in range(cells):
            number, digit = divmod(number, count)
            digits.append(digit)
        pattern = tuple(digits)
        if any(tuple([pattern[index] for index in image]) < pattern for image in images):
            continue
        yield BoardClass(settings.rows, settings.columns,
                         tuple(settings.letter_classes[digit] for digit in pattern))


def settle(board_class: BoardClass, settings: ProofSettings, lexicon: Lexicon,
           solver: ClassSolver) -> tuple[list[tuple[tuple[str, ...], int]], int]:
    """The boards of ``board_class`` scoring at least the target (cells, score), and how many
    classes were bounded (see the module docstring)."""
    target = settings.target
    order = decision_order(settings.rows, settings.columns)
    code = symbol_tables(lexicon).cell_code
    found: list[tuple[tuple[str, ...], int]] = []
    evaluated = 0
    pending = [board_class]
    while pending:
        part = pending.pop()
        evaluated += 1
        load_class(solver, part, lexicon)
        most, union = solver.bounds(False)
        if most < target or union < target:
            continue
        if part.size == 1:  # the union of one board's words is its score
            found.append((tuple(options[0] for options in part.cells), union))
            continue
        if solver.occurrences > OCCURRENCE_LIMIT:
            pending.extend(_split(part, order))
            continue
        solver.bounds(True, TREE_LIMIT)
        if solver.overflow:
            pending.extend(_split(part, order))
            continue
        if solver.orderly < target:
            continue
        exact = solver.solver
        for board in _candidate_boards(part, solver.force(target)):
            exact.load([code(cell) for cell in board], part.rows, part.columns)
            score = exact.score()
            if score >= target:
                found.append((board, score))
    return found, evaluated


def _split(part: BoardClass, order: Sequence[int]) -> list[BoardClass]:
    cell = next(cell for cell in order if len(part.cells[cell]) > 1)
    return part.split(cell)


def _candidate_boards(part: BoardClass, candidates: list[tuple[tuple[int, ...], tuple[int, ...]]]
                      ) -> Iterator[tuple[str, ...]]:
    """The boards of the forced search's partial boards (open cells take each open option)."""
    starts = [0]
    for options in part.cells:
        starts.append(starts[-1] + len(options))
    for chosen, open_options in candidates:
        choices: list[tuple[str, ...]] = []
        for cell, options in enumerate(part.cells):
            if chosen[cell] >= 0:
                choices.append((options[chosen[cell] - starts[cell]],))
            else:
                choices.append(tuple(option for place, option in enumerate(options)
                                     if open_options[cell] >> place & 1))
        yield from itertools.product(*choices)


def settle_chunk(settings: ProofSettings, chunk: int) -> ChunkResult:
    """Settle every class of ``chunk`` (the workers' task)."""
    began = time.process_time()
    lexicon, solver = _context(settings)
    result = ChunkResult(chunk)
    for board_class in pattern_classes(settings, settings.chunk_range(chunk)):
        found, evaluated = settle(board_class, settings, lexicon, solver)
        result.classes_evaluated += evaluated
        result.boards.extend(found)
    result.cpu_seconds = time.process_time() - began
    return result


# --- the proof (in the caller) ----------------------------------------------------------------


@dataclass
class _State:
    """A proof's progress, as the checkpoint keeps it."""

    settings: ProofSettings
    done: bytearray
    boards: dict[str, int]
    classes_evaluated: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

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
    text = read_text_file(path, "proof checkpoint", limit=MAX_CHECKPOINT_BYTES)
    try:
        data = json.loads(text)
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
                      float(data["seconds"]), float(data["cpu_seconds"]))
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
    if rows * columns > MAX_PROOF_CELLS:
        raise InvalidArgumentError(f"boards of at most {MAX_PROOF_CELLS} cells can be proved")
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
                       state.settings.chunks)
