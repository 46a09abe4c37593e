"""Searching for the highest-scoring boards: simulated annealing with restarts, in parallel.

The search is a sequence of *runs*.  Run ``r`` starts from a random board drawn from a
generator seeded by ``(seed, r)`` and anneals for ``run_steps`` moves: each move (a letter
change or a swap, see :mod:`~wordgames.wordsearch.boardspace`) is kept when the score does not
drop, and otherwise with probability ``exp(delta / T)``, the temperature ``T`` falling
geometrically from ``start_temperature`` to ``end_temperature`` over the run (so a run ends as a
hill climb).  Every board met is a candidate; the best distinct boards (rotations and
reflections count as one) are kept.

What is guaranteed:

* with ``iterations=N`` (and no time limit) the runs are fixed (``ceil(N / run_steps)`` runs,
  the last one shorter), so the answer depends only on the seed, ``N``, ``run_steps`` and the
  scoring, not on the number of workers nor on the machine;
* with ``seconds=S`` worker ``w`` of ``W`` performs runs ``w, w + W, w + 2W, ...`` and looks
  at the clock every :data:`CLOCK_CHECK_STEPS` moves; what it finds is a prefix of the same
  fixed sequence of moves, so two searches with the same seed, workers and time differ only
  by how many moves fitted in the time (on the same machine, a few per cent).

Boards are scored by the engine's batch-scoring kernel
(:class:`~wordgames.wordsearch.searcher.Solver`, the search behind
:func:`~wordgames.wordsearch.solving.score_boards`; a word finder can be passed instead)
and the scores are remembered per worker by canonical board, so a board the annealing comes
back to costs a dictionary look-up.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from wordgames.cluster import open_pool
from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon import Lexicon
from wordgames.limits import (
    MAX_BEST_BOARD_ITERATIONS,
    MAX_BEST_BOARD_SECONDS,
    MAX_BEST_BOARD_SIDE,
    MAX_BEST_BOARD_TOP,
    MAX_BEST_BOARD_WORKERS,
)
from wordgames.wordsearch.board import Board, check_side
from wordgames.wordsearch.boardspace import (
    BoardSpace,
    Cells,
    DiceSpace,
    LetterSpace,
    canonical,
    check_alphabet,
    symmetries,
)
from wordgames.wordsearch.dice import dice_for
from wordgames.wordsearch.scoring import scoring_function
from wordgames.wordsearch.searcher import Solver
from wordgames.wordsearch.symbols import symbol_tables

WordFinder = Callable[[Board, Lexicon], Collection[str]]
"""``find_words(board, lexicon)``: every lexicon word on the board (the signature of
:func:`~wordgames.wordsearch.solving.find_words`)."""


CLOCK_CHECK_STEPS = 64
"""Moves between two looks at the clock (a time-limited run stops on such a boundary)."""

DEFAULT_TOP = 5
_CACHE_LIMIT = 200_000  # scores remembered per worker before the memory is cleared


@dataclass(frozen=True)
class ScoredBoard:
    """A board found by the search, its total score and its number of scorable words."""

    board: str
    score: int
    words: int


@dataclass
class SearchResult:
    """What a best-board search found and what it cost."""

    boards: list[ScoredBoard]
    """The best distinct boards, best first (ties in board-text order)."""
    evaluated: int
    """Boards scored (moves made, plus each run's first board)."""
    solved: int
    """Boards actually solved (the others were remembered)."""
    seconds: float
    runs: int
    """Runs started (a time limit may have cut the last ones short)."""


@dataclass
class SearchSettings:
    """Everything a worker needs to reproduce its share of a search (picklable)."""

    lexicon: Lexicon
    rows: int
    columns: int
    minimum: int
    scoring: str
    dice: bool
    alphabet: tuple[str, ...] | None
    seed: int
    run_steps: int
    iterations: int | None
    deadline: float | None
    top: int
    start_temperature: float
    end_temperature: float
    find_words: WordFinder | None = None
    remember: bool = True


class BoardScorer:
    """Scores boards of one shape for one lexicon, remembering scores by canonical board."""

    def __init__(
        self,
        lexicon: Lexicon,
        rows: int,
        columns: int,
        minimum: int = 3,
        scoring: str = "official",
        finder: WordFinder | None = None,
        remember: bool = True,
    ) -> None:
        """A scorer for ``rows`` x ``columns`` boards; ``finder``, if given, finds the words
        instead of the kernel; ``remember=False`` solves every board afresh (to measure what
        remembering saves)."""
        self._score = scoring_function(scoring)
        self._lexicon = lexicon
        self._tables = symbol_tables(lexicon)
        self._solver = Solver(self._tables)
        self._solver.set_scoring(self._score, minimum)
        self._finder = finder
        self.rows = rows
        self.columns = columns
        self.minimum = minimum
        self._symmetries = symmetries(rows, columns)
        self._memory: dict[Cells, tuple[int, int]] = {}
        self._limit = _CACHE_LIMIT if remember else 0
        self.solved = 0

    def canonical(self, cells: Cells) -> Cells:
        """The name shared by ``cells`` and its rotations and reflections."""
        return canonical(cells, self._symmetries)

    def score(self, key: Cells) -> tuple[int, int]:
        """(score, scorable words) of the canonical board ``key``.  Cost: one solve the first
        time (a few microseconds for a random 4 x 4 board with ENABLE compiled, tens for the
        best ones), then a dictionary look-up."""
        known = self._memory.get(key)
        if known is not None:
            return known
        if self._finder is None:
            code = self._tables.cell_code
            self._solver.load([code(cell) for cell in key], self.rows, self.columns)
            total = self._solver.score()
            count = self._solver.count
        else:
            words = self._finder(Board(key, self.rows, self.columns), self._lexicon)
            minimum = self.minimum
            scored = [len(word) for word in words if len(word) >= minimum]
            total = sum(self._score(length, minimum) for length in scored)
            count = len(scored)
        self.solved += 1
        if len(self._memory) >= self._limit:
            self._memory.clear()
        if self._limit:
            self._memory[key] = (total, count)
        return total, count


def board_text(cells: Cells, columns: int) -> str:
    """Compact board text (``PERS/LATG/SINE/TERS``) of row-major cells."""
    return "/".join(
        "".join(cell if len(cell) == 1 else f"[{cell}]" for cell in cells[start : start + columns])
        for start in range(0, len(cells), columns)
    )


class _Best:
    """The ``limit`` best distinct boards seen so far."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.boards: dict[Cells, tuple[int, int]] = {}
        self.floor = -1

    def offer(self, key: Cells, score: int, words: int) -> None:
        if score < self.floor or key in self.boards:
            return
        self.boards[key] = (score, words)
        if len(self.boards) > self.limit:
            # Lowest score goes, the later board text among equals: a total order, so the
            # boards kept do not depend on the order they were offered in.
            worst = max(self.boards, key=lambda board: (-self.boards[board][0], board))
            del self.boards[worst]
        if len(self.boards) >= self.limit:
            self.floor = min(score for score, _ in self.boards.values())

    def merge(self, other: _Best) -> None:
        for key, (score, words) in other.boards.items():
            self.offer(key, score, words)

    def ranked(self, columns: int) -> list[ScoredBoard]:
        order = sorted(self.boards.items(), key=lambda item: (-item[1][0], item[0]))
        return [ScoredBoard(board_text(key, columns), score, words) for key, (score, words) in order]


def _space(settings: SearchSettings) -> BoardSpace:
    count = settings.rows * settings.columns
    if settings.dice:
        pool = list(dice_for(settings.rows, settings.columns))
        base = list(pool)
        while len(pool) < count:
            pool.extend(base)
        return DiceSpace(count, pool)
    alphabet, weights = _alphabet_and_weights(settings.lexicon, settings.alphabet)
    return LetterSpace(count, alphabet, weights)


def _alphabet_and_weights(
    lexicon: Lexicon, alphabet: tuple[str, ...] | None
) -> tuple[tuple[str, ...], list[float]]:
    """The letters to use and how often to draw each: its share of the lexicon's letters (at
    least one in a thousand), so common letters are tried first but none is excluded."""
    counts: Counter[str] = Counter()
    for word in lexicon:
        counts.update(word)
    if alphabet is None:
        # Q alone begins almost no word; the dice's QU face is what a board wants.
        alphabet = tuple("QU" if letter == "Q" else letter for letter in sorted(counts))
    total = sum(counts.values()) or 1
    weights = [max(counts[letter[0]] / total, 0.001) for letter in alphabet]
    return alphabet, weights


def _run(
    settings: SearchSettings,
    space: BoardSpace,
    scorer: BoardScorer,
    run: int,
    steps: int,
    best: _Best,
) -> int:
    """Anneal once (run number ``run``, ``steps`` moves); offer every board to ``best``.
    Returns the boards scored (fewer than ``steps + 1`` when the deadline cut the run)."""
    rng = random.Random(f"{settings.seed}:{run}")
    state = space.random_state(rng)
    key = scorer.canonical(space.cells(state))
    current, words = scorer.score(key)
    best.offer(key, current, words)
    start = settings.start_temperature
    ratio = settings.end_temperature / start
    deadline = settings.deadline
    for step in range(steps):
        if deadline is not None and step % CLOCK_CHECK_STEPS == 0 and time.monotonic() >= deadline:
            return step + 1
        candidate = space.propose(state, rng)
        key = scorer.canonical(space.cells(candidate))
        score, words = scorer.score(key)
        if score >= current or rng.random() < math.exp(
            (score - current) / (start * ratio ** (step / steps))
        ):
            state, current = candidate, score
            best.offer(key, score, words)
    return steps + 1


def _worker(settings: SearchSettings, worker: int, workers: int) -> tuple[_Best, int, int, int]:
    """Worker ``worker``'s share: runs ``worker, worker + workers, ...``.  Returns the best
    boards, boards scored, boards solved and runs started."""
    space = _space(settings)
    scorer = BoardScorer(
        settings.lexicon,
        settings.rows,
        settings.columns,
        settings.minimum,
        settings.scoring,
        settings.find_words,
        settings.remember,
    )
    best = _Best(settings.top)
    evaluated = 0
    runs = 0
    run = worker
    iterations = settings.iterations
    while True:
        if iterations is not None:
            remaining = iterations - run * settings.run_steps
            if remaining <= 0:
                break
            steps = min(settings.run_steps, remaining)
        else:
            steps = settings.run_steps
        if settings.deadline is not None and time.monotonic() >= settings.deadline:
            break
        evaluated += _run(settings, space, scorer, run, steps, best)
        runs += 1
        run += workers
    return best, evaluated, scorer.solved, runs


def _check_count(value: object, name: str, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentTypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < minimum:
        raise InvalidArgumentError(f"{name} must be at least {minimum}, not {value}")
    return value


def check_seconds(value: object, name: str = "seconds") -> float:
    """A finite, positive number of seconds; TypeError/ValueError subclasses otherwise."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidArgumentTypeError(f"{name} must be a number, not {type(value).__name__}")
    if not math.isfinite(value) or value <= 0:
        raise InvalidArgumentError(f"{name} must be a positive, finite number, not {value}")
    return float(value)


def default_run_steps(rows: int, columns: int) -> int:
    """Moves per annealing run: enough to cool slowly on the board size (tuned on 4 x 4
    with ENABLE; see the README's best-board benchmark)."""
    return 3_000 * rows * columns


def best_boards(
    lexicon: Lexicon,
    rows: int = 4,
    columns: int | None = None,
    *,
    seconds: float | None = None,
    iterations: int | None = None,
    seed: int = 0,
    workers: int | None = None,
    minimum: int = 3,
    scoring: str = "official",
    dice: bool = False,
    alphabet: Sequence[str] | None = None,
    top: int = DEFAULT_TOP,
    run_steps: int | None = None,
    start_temperature: float = 100.0,
    end_temperature: float = 1.0,
    find_words: WordFinder | None = None,
    remember: bool = True,
) -> SearchResult:
    """Search for the highest-scoring ``rows`` x ``columns`` boards (see the module docstring).

    Stops after ``seconds`` and/or ``iterations`` moves (at least one must be given).
    ``workers`` processes (default: every core) share the runs; ``dice`` restricts the search
    to boards the matching dice set can roll; ``alphabet`` (cell strings, default the
    lexicon's letters with ``QU`` for Q) is what letter boards may hold.  ``find_words``
    replaces the kernel (same signature as :func:`~wordgames.wordsearch.solving.find_words`);
    ``remember=False`` turns the score memory off (same answer, more solving).  Cost: about
    ``seconds`` of wall time on ``workers`` cores, or ``iterations`` board scores.
    """
    if not isinstance(lexicon, Lexicon):
        raise InvalidArgumentTypeError(f"expected a Lexicon, not {type(lexicon).__name__}")
    rows = check_side(rows, "rows", MAX_BEST_BOARD_SIDE)
    columns = rows if columns is None else check_side(columns, "columns", MAX_BEST_BOARD_SIDE)
    if seconds is None and iterations is None:
        raise InvalidArgumentError("give seconds, iterations or both")
    limit = None if seconds is None else check_seconds(seconds)
    if limit is not None and limit > MAX_BEST_BOARD_SECONDS:
        raise InvalidArgumentError(f"seconds must be at most {MAX_BEST_BOARD_SECONDS:g}, not {limit:g}")
    if iterations is not None and _check_count(iterations, "iterations") > MAX_BEST_BOARD_ITERATIONS:
        raise InvalidArgumentError(f"iterations must be at most {MAX_BEST_BOARD_ITERATIONS:,}")
    workers = (os.cpu_count() or 1) if workers is None else _check_count(workers, "workers")
    if workers > MAX_BEST_BOARD_WORKERS:
        raise InvalidArgumentError(f"workers must be at most {MAX_BEST_BOARD_WORKERS}, not {workers}")
    _check_count(minimum, "minimum")
    if _check_count(top, "top") > MAX_BEST_BOARD_TOP:
        raise InvalidArgumentError(f"top must be at most {MAX_BEST_BOARD_TOP}, not {top}")
    scoring_function(scoring)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidArgumentTypeError(f"seed must be an int, not {type(seed).__name__}")
    for name, value in (("start_temperature", start_temperature), ("end_temperature", end_temperature)):
        check_seconds(value, name)
    steps = default_run_steps(rows, columns) if run_steps is None else _check_count(run_steps, "run_steps")
    if iterations is not None:
        workers = min(workers, -(-iterations // steps))  # no idle process
    began = time.monotonic()
    settings = SearchSettings(
        lexicon=lexicon,
        rows=rows,
        columns=columns,
        minimum=minimum,
        scoring=scoring,
        dice=bool(dice),
        alphabet=None if alphabet is None else check_alphabet(alphabet),
        seed=seed,
        run_steps=steps,
        iterations=iterations,
        deadline=None if limit is None else began + limit,
        top=top,
        start_temperature=start_temperature,
        end_temperature=end_temperature,
        find_words=find_words,
        remember=bool(remember),
    )
    _space(settings)  # refuse a bad alphabet or dice set here, not in a worker
    # one worker runs here; several are forked where the system can (sharing the loaded
    # lexicon at no cost), else spawned (the settings, lexicon included, travel pickled)
    with open_pool(workers) as pool:
        futures = [pool.submit(_worker, settings, worker, workers) for worker in range(workers)]
        shares = [future.result() for future in futures]
    best = _Best(top)
    for share, _, _, _ in shares:
        best.merge(share)
    return SearchResult(
        boards=best.ranked(columns),
        evaluated=sum(share[1] for share in shares),
        solved=sum(share[2] for share in shares),
        seconds=round(time.monotonic() - began, 3),
        runs=sum(share[3] for share in shares),
    )
