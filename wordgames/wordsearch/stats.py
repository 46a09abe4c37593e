"""Board statistics: how scores and word counts are distributed over random dice rolls.

:func:`board_stats` rolls ``boards`` boards from a dice set with one seeded generator, solves
each, and summarizes the scores and word counts (mean, percentiles, extremes) and the words
found on the most boards.  :func:`plot_histogram` draws the score histogram with matplotlib
(the optional ``wordgames[plot]`` extra).
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError, MissingDependencyError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_STATS_BOARDS, MAX_STATS_CELLS
from wordgames.wordsearch.board import check_shape, check_side
from wordgames.wordsearch.dice import Die, check_dice, dice_for, roll_with
from wordgames.wordsearch.scoring import scoring_function
from wordgames.wordsearch.searcher import Solver
from wordgames.wordsearch.solving import load_board
from wordgames.wordsearch.symbols import symbol_tables

PERCENTILES = (10, 25, 50, 75, 90, 99)
"""The percentiles reported."""


@dataclass(frozen=True)
class Distribution:
    """A summary of integer samples."""

    mean: float
    minimum: int
    maximum: int
    percentiles: dict[int, float]
    """Percentile -> value (linear interpolation between samples, inclusive method)."""

    @classmethod
    def of(cls, samples: Sequence[int]) -> Distribution:
        """Summarize non-empty ``samples``."""
        if len(samples) == 1:
            cuts = [float(samples[0])] * 99
        else:
            cuts = statistics.quantiles(samples, n=100, method="inclusive")
        return cls(
            mean=statistics.fmean(samples),
            minimum=min(samples),
            maximum=max(samples),
            percentiles={p: round(cuts[p - 1], 2) for p in PERCENTILES},
        )

    def to_json(self) -> dict[str, object]:
        """The summary as JSON-ready data."""
        return {
            "mean": round(self.mean, 2),
            "min": self.minimum,
            "max": self.maximum,
            "percentiles": {str(p): value for p, value in self.percentiles.items()},
        }


@dataclass(frozen=True)
class BoardStats:
    """The result of :func:`board_stats`."""

    rows: int
    columns: int
    boards: int
    seed: int
    scores: list[int]
    """Each board's total score, in rolling order."""
    word_counts: list[int]
    """Each board's number of scorable words, in rolling order."""
    best_board: str
    """The highest-scoring board rolled (the first one among equals)."""
    common_words: list[tuple[str, int]]
    """The words found on the most boards, with on how many (most first, then A-Z)."""

    @property
    def score(self) -> Distribution:
        """The distribution of total scores."""
        return Distribution.of(self.scores)

    @property
    def words(self) -> Distribution:
        """The distribution of scorable word counts."""
        return Distribution.of(self.word_counts)

    def to_json(self) -> dict[str, object]:
        """The statistics as JSON-ready data (without the per-board lists)."""
        return {
            "size": f"{self.rows}x{self.columns}",
            "boards": self.boards,
            "seed": self.seed,
            "score": self.score.to_json(),
            "words": self.words.to_json(),
            "best_board": {"board": self.best_board, "score": max(self.scores)},
            "common_words": [
                {"word": word, "boards": count, "share": round(count / self.boards, 4)}
                for word, count in self.common_words
            ],
        }


def _check_count(value: object, name: str, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentTypeError(f"{name} must be an int, not {type(value).__name__}")
    if not 1 <= value <= maximum:
        raise InvalidArgumentError(f"{name} must be between 1 and {maximum}, not {value}")
    return value


def check_stats_size(rows: int, columns: int, boards: int) -> None:
    """Refuse a statistics run of more than :data:`~wordgames.limits.MAX_STATS_BOARDS` boards
    or :data:`~wordgames.limits.MAX_STATS_CELLS` cells in all (InvalidArgumentError), before
    any board is rolled or word list read."""
    boards = _check_count(boards, "boards", MAX_STATS_BOARDS)
    if boards * rows * columns > MAX_STATS_CELLS:
        raise InvalidArgumentError(
            f"{boards} boards of {rows}x{columns} are {boards * rows * columns:,} cells; a statistics run "
            f"rolls at most {MAX_STATS_CELLS:,} (fewer boards, or a smaller size)")


def board_stats(
    lexicon: Lexicon,
    rows: int = 4,
    columns: int | None = None,
    *,
    boards: int = 1000,
    seed: int = 0,
    dice: str | Sequence[Die] | None = None,
    minimum: int = 3,
    scoring: str = "official",
    top_words: int = 20,
) -> BoardStats:
    """Roll ``boards`` boards (seeded by ``seed``) from ``dice`` (a set's name, the dice
    themselves, or by default the set of the board size) and summarize their solutions.

    Cost: one solve per board with the batch-scoring kernel, plus rolling the board and
    counting its words: about 0.1 ms for 4 x 4 with ENABLE (10,000 boards in about a second).
    The same arguments always give the same statistics."""
    if not isinstance(lexicon, Lexicon):
        raise InvalidArgumentTypeError(f"expected a Lexicon, not {type(lexicon).__name__}")
    rows = check_side(rows, "rows")
    columns = rows if columns is None else check_side(columns, "columns")
    check_shape(rows, columns)
    check_stats_size(rows, columns, boards)
    top_words = _check_count(top_words, "top_words", 10_000)
    _check_count(minimum, "minimum", 10_000)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgumentTypeError(f"seed must be an int, not {type(seed).__name__}")
    score = scoring_function(scoring)
    pool = dice_for(rows, columns) if dice is None else check_dice(dice)
    tables = symbol_tables(lexicon)
    solver = Solver(tables)
    solver.set_scoring(score, minimum)
    rng = random.Random(seed)
    scores: list[int] = []
    counts: list[int] = []
    seen: Counter[str] = Counter()
    best_text, best_score = "", -1
    for _ in range(boards):
        board = roll_with(pool, rows, columns, rng)
        load_board(solver, board, tables)
        words = solver.words()  # the solver counts and scores as it finds them
        total = solver.total
        scores.append(total)
        counts.append(solver.count)
        seen.update(word for word in words if len(word) >= minimum)
        if total > best_score:
            best_text, best_score = board.to_text(), total
    common = sorted(seen.items(), key=lambda item: (-item[1], item[0]))[:top_words]
    return BoardStats(rows, columns, boards, seed, scores, counts, best_text, common)


def plot_histogram(stats: BoardStats, path: str | os.PathLike[str], *, overwrite: bool = False) -> Path:
    """Draw the histogram of ``stats``' scores (and word counts) to the image ``path`` (the
    format follows the suffix, e.g. ``.png``), written atomically.

    MissingDependencyError without matplotlib (``pip install 'wordgames[plot]'``);
    InvalidArgumentError when ``path`` exists and ``overwrite`` is false."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        raise MissingDependencyError(
            "--plot needs matplotlib: pip install 'wordgames[plot]' (or pip install matplotlib)"
        ) from None
    target = Path(path)
    if target.exists() and not overwrite:
        raise InvalidArgumentError(f"{target}: the file exists (choose another name)")
    suffix = target.suffix.lower().lstrip(".") or "png"
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    try:
        size = f"{stats.rows}x{stats.columns}"
        left.hist(stats.scores, bins=min(60, max(10, stats.boards // 20)), color="#4477aa")
        left.set(title=f"Score, {stats.boards} random {size} boards", xlabel="score", ylabel="boards")
        right.hist(stats.word_counts, bins=min(60, max(10, stats.boards // 20)), color="#ee6677")
        right.set(title="Scorable words", xlabel="words", ylabel="boards")
        figure.tight_layout()
        _save_atomically(figure, target, suffix)
    except ValueError as error:  # matplotlib's word for an unknown image format
        raise InvalidArgumentError(f"{target}: cannot draw the plot ({error})") from None
    finally:
        plt.close(figure)
    return target


def _save_atomically(figure: Any, target: Path, image_format: str) -> None:
    """Save ``figure`` to a temporary file beside ``target``, then rename it over ``target``;
    an OSError names ``target``, never the temporary file."""
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except OSError as error:
        raise InvalidArgumentError(f"{target}: cannot write the plot ({error.strerror})") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            figure.savefig(stream, format=image_format)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)  # an ordinary new file, not mkstemp's 0600
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise InvalidArgumentError(f"{target}: cannot write the plot ({error.strerror})") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
