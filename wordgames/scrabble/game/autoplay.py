"""Computer-versus-computer games, for testing strategies and measuring throughput.

Game ``i`` of a series with seed ``S`` draws its bag with seed ``S + i``, so any single game
can be replayed on its own.  With two different strategies the seats alternate from game to
game (the strategy listed first moves first in even-numbered games), so neither strategy
keeps the first-move advantage.

:func:`play_pairs` measures one strategy against another with seat-swapped pairs: pair ``i``
deals the bag of seed ``S + i`` twice, once with A moving first and once with B moving first,
so both strategies see the same tiles from the same seats.  The pair is the unit of the
statistics (its two games averaged), which cancels most of the luck of the draw.  Pairs run in
parallel worker processes, or on a Dask cluster (``scheduler``, see :mod:`wordgames.cluster`);
each pair depends only on its seed, and results are combined in pair order, so any number of
workers, local or remote, gives the same figures.
"""

from __future__ import annotations

import functools
import hashlib
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass, field, replace

from wordgames.cluster import WorkerPool, can_fork, open_pool
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon, load_lexicon
from wordgames.limits import MAX_AUTOPLAY_GAMES, MAX_AUTOPLAY_PAIRS, MAX_AUTOPLAY_WORKERS
from wordgames.scrabble.core.checks import require_int
from wordgames.scrabble.game.checkpoint import read_checkpoint, write_checkpoint
from wordgames.scrabble.game.decision import get_strategy
from wordgames.scrabble.game.intervals import Estimate, estimate
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.game.turn import TurnKind


@dataclass
class AutoplayStats:
    """Totals over a series of games.  ``names`` are the players, one per strategy slot
    (``greedy_1``, ``leave_2``...); per-slot lists follow the same order."""

    names: list[str]
    games: int = 0
    turns: int = 0
    bingos: int = 0
    seconds: float = 0.0
    scores: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    ties: int = 0

    @property
    def average_score(self) -> float:
        """Mean final score per player per game."""
        return sum(self.scores) / (self.games * len(self.names)) if self.games else 0.0

    def average_score_of(self, slot: int) -> float:
        """Mean final score of one strategy slot."""
        return self.scores[slot] / self.games if self.games else 0.0

    @property
    def bingos_per_game(self) -> float:
        """Bingos (whole-rack plays) per game, all players together."""
        return self.bingos / self.games if self.games else 0.0

    @property
    def moves_per_second(self) -> float:
        """Turns played (placements, exchanges, passes) per second of play."""
        return self.turns / self.seconds if self.seconds else 0.0

    @property
    def games_per_minute(self) -> float:
        """Games completed per minute of play."""
        return 60.0 * self.games / self.seconds if self.seconds else 0.0


def player_names(strategies: Sequence[str]) -> list[str]:
    """One player name per strategy slot: ``greedy_1``, ``leave_2``..."""
    return [f"{strategy}_{slot}" for slot, strategy in enumerate(strategies, 1)]


def autoplay_game(
    lexicon: Lexicon, strategies: Sequence[str], settings: GameSettings, game_index: int = 0
) -> Game:
    """Play one whole game between computer players with ``strategies`` (slot order); the
    seats rotate by ``game_index``.  Returns the finished game."""
    for name in strategies:
        get_strategy(name)  # validates the name before any tiles are drawn
    names = player_names(strategies)
    shift = game_index % len(strategies)
    order = list(range(shift, len(strategies))) + list(range(shift))
    players = [Player(names[slot], strategies[slot]) for slot in order]
    game = Game(players, lexicon, settings)
    game.play_out()
    return game


def run_autoplay(
    lexicon: Lexicon,
    games: int,
    seed: int = 0,
    strategies: Sequence[str] = ("greedy", "greedy"),
    settings: GameSettings | None = None,
    on_game: Callable[[int, Game], None] | None = None,
) -> AutoplayStats:
    """Play ``games`` games (game ``i`` with seed ``seed + i``) and total them up;
    ``on_game(i, game)`` is called after each one (to write it out, draw progress...), its
    time not counted."""
    require_int(games, "games", 1, MAX_AUTOPLAY_GAMES)
    if len(strategies) < 1:
        raise InvalidArgumentError("name at least one strategy")
    base = settings if settings is not None else GameSettings()
    names = player_names(strategies)
    stats = AutoplayStats(names, scores=[0] * len(names), wins=[0] * len(names))
    for index in range(games):
        started = time.perf_counter()
        game = autoplay_game(lexicon, strategies, replace(base, seed=seed + index), index)
        stats.seconds += time.perf_counter() - started
        stats.games += 1
        stats.turns += sum(turn.kind is not TurnKind.END for turn in game.history)
        stats.bingos += sum(turn.is_bingo(base.hand_size) for turn in game.history)
        by_name = {player.name: player.score for player in game.players}
        for slot, name in enumerate(names):
            stats.scores[slot] += by_name[name]
        winners = game.winners()
        if len(winners) > 1:
            stats.ties += 1
        else:
            stats.wins[names.index(winners[0].name)] += 1
        if on_game is not None:
            on_game(index, game)
    return stats


# --- seat-swapped pairs ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PairOutcome:
    """The two games of pair ``index`` (bag seed ``seed``): ``scores[g]`` is (A's score, B's
    score) in game ``g``, where A moves first in game 0 and B in game 1."""

    index: int
    seed: int
    scores: tuple[tuple[int, int], tuple[int, int]]
    turns: int
    bingos: int

    @property
    def result(self) -> float:
        """A's points from the pair, averaged over its two games: 1 a win, 0.5 a tie, 0 a loss."""
        return sum(1.0 if a > b else 0.5 if a == b else 0.0 for a, b in self.scores) / 2

    @property
    def spread(self) -> float:
        """A's score minus B's, averaged over the two games."""
        return sum(a - b for a, b in self.scores) / 2


@dataclass(frozen=True)
class PairsResult:
    """The figures of a :func:`play_pairs` run: A's win rate (ties count half) and mean
    spread (A − B), each a mean over pairs with its 95% interval; the strategies' average
    scores; the outcomes in pair order; the wall-clock seconds and the workers used; how
    many pairs came from a checkpoint (``resumed``) rather than this run."""

    strategies: tuple[str, str]
    seed: int
    outcomes: tuple[PairOutcome, ...]
    seconds: float
    workers: int
    resumed: int = 0

    @property
    def pairs(self) -> int:
        """Pairs played (twice as many games)."""
        return len(self.outcomes)

    @property
    def win_rate(self) -> Estimate:
        """A's share of the points (win 1, tie 0.5) per pair, with its interval within [0, 1]."""
        return estimate([outcome.result for outcome in self.outcomes], 0.0, 1.0)

    @property
    def mean_spread(self) -> Estimate:
        """A's mean margin over B per pair, with its interval."""
        return estimate([outcome.spread for outcome in self.outcomes])

    def average_score(self, slot: int) -> float:
        """The mean final score of strategy ``slot`` (0 for A, 1 for B) over all games."""
        return sum(game[slot] for o in self.outcomes for game in o.scores) / (2 * self.pairs)

    @property
    def bingos_per_game(self) -> float:
        """Bingos per game, both players together."""
        return sum(o.bingos for o in self.outcomes) / (2 * self.pairs)

    @property
    def pairs_per_second(self) -> float:
        """Pairs this run played per wall-clock second (all workers together; pairs resumed
        from a checkpoint not counted)."""
        return (self.pairs - self.resumed) / self.seconds if self.seconds else 0.0


def play_pair(
    lexicon: Lexicon, strategies: Sequence[str], settings: GameSettings, seed: int, index: int = 0
) -> PairOutcome:
    """Play pair ``index``: two games with the bag of ``seed``, strategy A first and then
    strategy B first.  Cost: two whole games."""
    names = player_names(strategies)
    scores: list[tuple[int, int]] = []
    turns = bingos = 0
    for first in (0, 1):
        game = autoplay_game(lexicon, strategies, replace(settings, seed=seed), first)
        by_name = {player.name: player.score for player in game.players}
        scores.append((by_name[names[0]], by_name[names[1]]))
        turns += sum(turn.kind is not TurnKind.END for turn in game.history)
        bingos += sum(turn.is_bingo(settings.hand_size) for turn in game.history)
    return PairOutcome(index, seed, (scores[0], scores[1]), turns, bingos)


WorkerSetup = Callable[[], Lexicon]
"""What a worker of a cluster runs before its first pair: it makes ready whatever the
strategies need there (tables, registered names) and returns the lexicon.  It travels
pickled, so it is a module-level function or a :func:`functools.partial` of one; it runs
once on each worker, as the pool's setup (:func:`wordgames.cluster.open_pool`)."""


@dataclass(frozen=True)
class _PairJob:
    """What every pair of a run needs: the lexicon (None in the copy sent to a cluster,
    whose workers load their own), the strategies, settings and first seed."""

    lexicon: Lexicon | None
    strategies: tuple[str, str]
    settings: GameSettings
    seed: int

    def play(self, index: int, lexicon: Lexicon) -> PairOutcome:
        """Pair ``index`` of the run."""
        return play_pair(lexicon, self.strategies, self.settings, self.seed + index, index)


# The job of the run in progress.  Workers are forked after it is set, so they inherit the
# lexicon (and the registered strategies) instead of unpickling them for every pair.
_PAIR_JOB: _PairJob | None = None


def _play_pair_job(index: int) -> PairOutcome:
    job = _PAIR_JOB
    assert job is not None and job.lexicon is not None, "a pair ran outside play_pairs()"
    return job.play(index, job.lexicon)


# The lexicon a cluster worker's setup loaded (one run at a time: a new setup replaces it).
_REMOTE_LEXICON: Lexicon | None = None


def _set_up_remote(setup: WorkerSetup) -> None:
    """A cluster worker's setup for a pairs run: run ``setup`` and keep its lexicon."""
    global _REMOTE_LEXICON
    _REMOTE_LEXICON = setup()


def _play_remote_pair(job: _PairJob, index: int) -> PairOutcome:
    """Play pair ``index`` of ``job`` on a cluster worker (after :func:`_set_up_remote`)."""
    assert _REMOTE_LEXICON is not None, "a remote pair on a worker that was not set up"
    return job.play(index, _REMOTE_LEXICON)


def default_workers() -> int:
    """Worker processes used when none are asked for: one per local core."""
    return max(1, os.cpu_count() or 1)


def play_pairs(
    lexicon: Lexicon,
    pairs: int,
    strategies: Sequence[str] = ("leave", "greedy"),
    seed: int = 0,
    settings: GameSettings | None = None,
    workers: int | None = None,
    on_pair: Callable[[int, PairOutcome], None] | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    *,
    scheduler: str | None = None,
    worker_setup: WorkerSetup | None = None,
) -> PairsResult:
    """Play ``pairs`` seat-swapped pairs of strategy A against strategy B (pair ``i`` with
    seed ``seed + i``; see the module docstring) on ``workers`` processes (default: every
    core; 1 plays in this process), or on the Dask cluster whose scheduler is at
    ``scheduler`` (``workers`` is then ignored).  A cluster's workers inherit nothing:
    ``worker_setup`` (see :data:`WorkerSetup`) loads the lexicon there and makes ready what
    the strategies need; by default the lexicon is loaded by its ``source`` and the
    strategies are the registered built-in ones, with their default leave tables.
    ``on_pair(done, outcome)`` is called in this process as each pair completes (for a
    progress bar).  With ``checkpoint`` (a file), finished pairs are saved there every few
    seconds and when the run stops, and a run started again with the same file, strategies,
    seed, settings and lexicon plays only the pairs missing (see
    :mod:`~wordgames.scrabble.game.checkpoint`).  The result is the same for any number of
    workers, any cluster and any interruptions.  Cost: ``2 * pairs`` games, spread over the
    workers; memory O(pairs)."""
    global _PAIR_JOB
    job = _pair_job(lexicon, pairs, strategies, seed, settings)
    if workers is None:
        workers = default_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_AUTOPLAY_WORKERS:
        raise InvalidArgumentError(
            f"workers: a whole number from 1 to {MAX_AUTOPLAY_WORKERS}, not {workers!r}"
        )
    outcomes: dict[int, PairOutcome] = {}
    if checkpoint is not None:
        for row in read_checkpoint(checkpoint, _checkpoint_key(job), _ROW_WIDTH):
            restored = _outcome_from_row(row)
            if restored.index < pairs and restored.seed == seed + restored.index:
                outcomes[restored.index] = restored
    resumed = len(outcomes)
    if on_pair is not None:
        for done, restored in enumerate(sorted(outcomes.values(), key=lambda o: o.index), 1):
            on_pair(done, restored)
    todo = [index for index in range(pairs) if index not in outcomes]
    workers = max(1, min(workers, len(todo)))
    if workers > 1 and not can_fork():
        workers = 1  # without fork every worker would have to rebuild the lexicon
    remote = None
    remote_setup: tuple[WorkerSetup, ...] = ()
    if scheduler is not None:
        remote = replace(job, lexicon=None)
        remote_setup = (worker_setup if worker_setup is not None
                        else functools.partial(load_lexicon, lexicon.source),)
    started = saved = time.perf_counter()
    previous, _PAIR_JOB = _PAIR_JOB, job
    try:
        with open_pool(workers, scheduler, setup=_set_up_remote if remote_setup else None,
                       setup_args=remote_setup) as pool:
            for outcome in _played(todo, pool, remote):
                outcomes[outcome.index] = outcome
                if on_pair is not None:
                    on_pair(len(outcomes), outcome)
                if checkpoint is not None and time.perf_counter() - saved >= CHECKPOINT_SECONDS:
                    write_checkpoint(checkpoint, _checkpoint_key(job), _rows(outcomes))
                    saved = time.perf_counter()
    finally:
        _PAIR_JOB = previous
        if checkpoint is not None and len(outcomes) > resumed:
            write_checkpoint(checkpoint, _checkpoint_key(job), _rows(outcomes))
    seconds = time.perf_counter() - started
    finished = tuple(outcomes[index] for index in range(pairs))
    return PairsResult(job.strategies, seed, finished, seconds, workers, resumed)


def _pair_job(lexicon: Lexicon, pairs: int, strategies: Sequence[str], seed: int,
              settings: GameSettings | None) -> _PairJob:
    """The job of a pairs run, its arguments checked."""
    if isinstance(pairs, bool) or not isinstance(pairs, int) or not 1 <= pairs <= MAX_AUTOPLAY_PAIRS:
        raise InvalidArgumentError(f"pairs: a whole number from 1 to {MAX_AUTOPLAY_PAIRS:,}, not {pairs!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgumentError(f"seed: a whole number, not {seed!r}")
    if isinstance(strategies, str) or len(strategies) != 2:
        raise InvalidArgumentError("pairs are played between exactly two strategies (A,B)")
    for name in strategies:
        get_strategy(name)  # an unknown name fails here, not in a worker
    base = settings if settings is not None else GameSettings()
    return _PairJob(lexicon, (strategies[0], strategies[1]), base, seed)


def _played(todo: list[int], pool: WorkerPool, remote: _PairJob | None) -> Iterator[PairOutcome]:
    """The outcomes of the pairs ``todo`` of the current job, as they complete: inline,
    on forked local workers (which inherit the job) or on a cluster (``remote`` carries the
    job there)."""
    if pool.inline:
        yield from map(_play_pair_job, todo)
        return
    if remote is not None:
        futures = [pool.submit(_play_remote_pair, remote, index) for index in todo]
    else:
        futures = [pool.submit(_play_pair_job, index) for index in todo]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:
        for future in futures:  # stopped early: do not play the rest
            future.cancel()


CHECKPOINT_SECONDS = 5.0
"""How often (at most) a pairs run rewrites its checkpoint."""
_ROW_WIDTH = 8


def _checkpoint_key(job: _PairJob) -> str:
    """What a checkpoint must have been written by: the strategies, first seed, settings
    (less the seed) and lexicon."""
    assert job.lexicon is not None, "the run's own job holds its lexicon"
    settings = hashlib.sha256(repr(replace(job.settings, seed=None)).encode()).hexdigest()[:16]
    a, b = job.strategies
    return (f"pairs {a},{b} seed {job.seed} settings {settings} "
            f"lexicon {job.lexicon.source} ({len(job.lexicon)} words)")


def _rows(outcomes: dict[int, PairOutcome]) -> list[tuple[int, ...]]:
    return [(o.index, o.seed, *o.scores[0], *o.scores[1], o.turns, o.bingos)
            for o in sorted(outcomes.values(), key=lambda o: o.index)]


def _outcome_from_row(row: tuple[int, ...]) -> PairOutcome:
    index, seed, a0, b0, a1, b1, turns, bingos = row
    return PairOutcome(index, seed, ((a0, b0), (a1, b1)), turns, bingos)
