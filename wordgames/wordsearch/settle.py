"""Settling board classes: what a proof's workers do.

A proof (:mod:`wordgames.wordsearch.prove`) numbers the board classes its letter classes make
(:class:`ProofSettings`), groups them into chunks and sends chunks to workers;
:func:`settle_chunk` settles every class of a chunk that is the first of its symmetry group
(:func:`pattern_classes`), each by :func:`settle`:

1. its max/no-mark and sum/union bounds (:mod:`~wordgames.wordsearch.bounds`); below the
   target, the class is discarded;
2. a class whose orderly tree would be too large is split on its first undecided cell (in the
   order of :func:`~wordgames.wordsearch.classes.decision_order`) and each part settled;
3. otherwise its orderly tree is built: below the target, discarded; else the cells are forced
   in order (:meth:`~wordgames.wordsearch.bounds.ClassSolver.force`) and each board that
   survives is scored exactly; those at or above the target are kept.

(For a class of up to :data:`CHECK_SIZE` boards, 1 and 3 are one walk: building the tree
gives the first two bounds too.)

Every bound is an upper bound of every board of its class, so a board scoring the target is
never discarded.  A worker holds the proof's lexicon (installed once by the pool's setup,
:func:`install_lexicon`) and one class solver per lexicon and scoring.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon import Lexicon
from wordgames.wordsearch.board import parse_board
from wordgames.wordsearch.boardspace import symmetries
from wordgames.wordsearch.bounds import ClassSolver
from wordgames.wordsearch.classes import BoardClass, class_solver, decision_order, load_class
from wordgames.wordsearch.symbols import symbol_tables

MAX_CHUNKS = 65_536
"""The most chunks the classes are grouped into (the checkpoint keeps one bit each)."""

CHECK_SIZE = 200_000_000_000
"""A class of more boards than this is bounded (max/no-mark, sum/union) before its tree is
built, and split when :data:`OCCURRENCE_LIMIT` says its tree would be too large; a smaller one
goes straight to its tree, which gives the same two bounds on the way (every 3 x 3 class of
the default letter classes is smaller)."""

OCCURRENCE_LIMIT = 1_600_000
"""A class with more scoring (word, path, options) than this is split before its tree is
built (bigger trees cost more than their parts together; tuned on 3 x 3 with ENABLE)."""

TREE_LIMIT = 8_000_000
"""The most nodes an orderly tree may have (about 250 MB); beyond, the class is split."""

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


@dataclass
class ChunkResult:
    """What settling one chunk gave (picklable, small)."""

    chunk: int
    boards: list[tuple[tuple[str, ...], int]] = field(default_factory=list)
    """Each board found (row-major cells) with its score."""
    classes_evaluated: int = 0
    cpu_seconds: float = 0.0


_LEXICONS: dict[str, Lexicon] = {}
# One solver per thread (a Dask worker runs tasks on several threads of one process) and per
# lexicon and scoring: a solver's tree and scratch arrays serve one class at a time.
_SOLVERS = threading.local()


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
    solvers: dict[tuple[str, int, str], ClassSolver] = _SOLVERS.__dict__.setdefault("kept", {})
    solver = solvers.get(key)
    if solver is None:
        solver = solvers[key] = class_solver(lexicon, settings.min_length, settings.scoring)
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


Found = list[tuple[tuple[str, ...], int]]
"""Boards (row-major cells) with their scores."""


def settle(board_class: BoardClass, settings: ProofSettings, lexicon: Lexicon,
           solver: ClassSolver) -> tuple[Found, int]:
    """The boards of ``board_class`` scoring at least the target (cells, score), and how many
    classes were bounded (see the module docstring)."""
    found: Found = []
    evaluated = 0
    pending = [board_class]
    while pending:
        boards, parts = settle_step(pending.pop(), settings, lexicon, solver)
        evaluated += 1
        found.extend(boards)
        pending.extend(parts)
    return found, evaluated


def settle_step(part: BoardClass, settings: ProofSettings, lexicon: Lexicon,
                solver: ClassSolver) -> tuple[Found, list[BoardClass]]:
    """One class's work: the boards it settles at or above the target, and the parts it was
    split into instead (to be settled in turn; none when the class is settled)."""
    target = settings.target
    load_class(solver, part, lexicon)
    if part.size > CHECK_SIZE:
        most, union = solver.bounds(False)
        if most < target or union < target:
            return [], []
        if solver.occurrences > OCCURRENCE_LIMIT:
            return [], _split(part, decision_order(part.rows, part.columns))
    most, union = solver.bounds(True, TREE_LIMIT)
    if most < target or union < target:
        return [], []
    if part.size == 1:  # the union of one board's words is its score
        return [(tuple(options[0] for options in part.cells), union)], []
    if solver.overflow:
        return [], _split(part, decision_order(part.rows, part.columns))
    if solver.orderly < target:
        return [], []
    found: Found = []
    code = symbol_tables(lexicon).cell_code
    exact = solver.solver
    for board in _candidate_boards(part, solver.force(target)):
        exact.load([code(cell) for cell in board], part.rows, part.columns)
        score = exact.score()
        if score >= target:
            found.append((board, score))
    return found, []


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
