"""Monte Carlo simulation: a second opinion on a position by playing each candidate out.

Static equity (score plus the value of the tiles kept) judges a move by the position it leaves
on average; simulation plays it.  For each iteration the opponent's rack and the order of the
bag are drawn from the unseen tiles, every candidate is played, and both sides then play
``plies`` more turns with a static player (by default the registered one
:data:`~.sim_setup.DEFAULT_POLICY` names; see :func:`~.sim_setup.static_player`).  How one
iteration plays and values a candidate (the leaves each side *kept* at the horizon, the game
played out when the bag is empty there, the win probability) is in :mod:`.playout`.

Candidates are ranked by ``choose_by``: ``"win"`` (the default) the mean win probability plus
``spread_weight`` times the mean equity (so that equal chances, a sure win or a lost game, are
decided by points), ``"equity"`` the mean equity alone.

* Common random numbers: within an iteration every candidate meets the same opponent rack and
  the same bag order, so the differences between candidates carry less noise than their values.
* Statistical stopping: after each round of iterations a candidate whose ranking value trails
  the leader's by more than ``z`` standard errors of the paired difference (99% by default) is
  pruned; the run stops when one candidate is left, at the iteration budget or at the time
  budget.
* Successive halving (``halving=True``): the budget is cut into phases, one per halving, and
  at the end of each phase only the better half of the live candidates (by the ranking value
  over the iterations they all ran) goes on, so the last few share most of the iterations;
  the statistical pruning runs beside it.  Given ``iterations``, the run spends what a run
  without halving would (``iterations`` times the candidates, in candidate-iterations), each
  phase an equal share; given ``seconds`` alone, each phase but the last an equal share of
  the time left when it starts, converted into iterations at the rate measured so far (the
  first phase's once its first round has run), and the last the rest of the time.
* Budgets: ``iterations``, and ``seconds`` of CPU time (this process's, and each worker's:
  a loaded machine slows a simulation down but does not change how much it computes).  The
  CPU clock is read between candidates and between simulated turns, so a run stops within a
  few move generations of its budget (an iteration cut short is dropped).
* Determinism: iteration ``i`` draws from ``random.Random(f"{seed}:{i}")`` and rounds have a
  fixed size, so the same seed and iteration budget give the same answer with any number of
  worker processes.  A time budget can only change how many iterations run.

The cost per candidate-iteration is ``plies`` move generations (one per simulated turn; a
played-out ending adds at most PLAYOUT_TURNS), which is nearly all of the time; the moves are
played and taken back on one working board per process, whose move-generation arrays follow
each change.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from wordgames.cluster import can_fork, open_pool
from wordgames.collector import older_objects_set_aside
from wordgames.errors import InvalidArgumentError
from wordgames.limits import (
    MAX_SIMULATION_CANDIDATES,
    MAX_SIMULATION_ITERATIONS,
    MAX_SIMULATION_PLIES,
    MAX_SIMULATION_WORKERS,
)
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.game.autoplay import default_workers
from wordgames.scrabble.game.decision import Strategy
from wordgames.scrabble.strategy.playout import (
    OutOfTime,
    PlayoutRules,
    ReplyMemo,
    SimPosition,
    iteration,
    play_iteration,
)
from wordgames.scrabble.strategy.sim_setup import (
    DEFAULT_POLICY,
    Candidate,
    LeaveFunction,
    static_player,
)
from wordgames.scrabble.strategy.winprob import NormalWinModel, WinModel, normal_cdf

__all__ = [
    "CHOICES", "CandidateResult", "SimPosition", "SimResult", "check_workers", "default_workers",
    "halving_phases", "normal_cdf", "paired_advantage", "play_iteration", "simulate", "win_probability",
]

ROUND_SIZE = 16
"""Iterations per round: pruning is decided between rounds only."""
CONFIDENCE_Z = 2.576
"""Standard errors behind the leader at which a candidate stops being simulated (99%)."""
CHOICES = ("win", "equity")
"""How a simulation ranks its candidates (see the module docstring)."""
SPREAD_WEIGHT = 0.001
"""With ``choose_by="win"``: what a point of mean equity adds to the mean win probability
(a tenth of a per cent: points decide between candidates of equal chances)."""


def check_workers(workers: int) -> None:
    """InvalidArgumentError unless ``workers`` is a whole number from 1 to
    :data:`~wordgames.limits.MAX_SIMULATION_WORKERS`."""
    whole = isinstance(workers, int) and not isinstance(workers, bool)
    if not whole or not 1 <= workers <= MAX_SIMULATION_WORKERS:
        raise InvalidArgumentError(f"workers must be a whole number from 1 to {MAX_SIMULATION_WORKERS}")


def win_probability(spread: float, tiles_to_come: int) -> float:
    """The normal model's chance that a lead of ``spread`` holds with ``tiles_to_come``
    tiles still to be played (1, 0 or 0.5 once nothing is left); see :class:`.NormalWinModel`."""
    return NormalWinModel().probability(spread, tiles_to_come, 0)


@dataclass
class CandidateResult:
    """A candidate's running statistics: per iteration its value (spread change with leaves,
    its own score excluded) and its win probability."""

    candidate: Candidate
    values: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    pruned: bool = False

    @property
    def iterations(self) -> int:
        """Iterations this candidate was played in."""
        return len(self.values)

    @property
    def equity(self) -> float:
        """Mean simulated value: the candidate's own score plus the simulated spread change."""
        return self.candidate.score + (statistics.fmean(self.values) if self.values else 0.0)

    @property
    def equity_se(self) -> float:
        """Standard error of :attr:`equity`."""
        return _standard_error(self.values)

    @property
    def win(self) -> float:
        """Mean estimated probability of winning."""
        return statistics.fmean(self.wins) if self.wins else 0.0

    @property
    def win_se(self) -> float:
        """Standard error of :attr:`win`."""
        return _standard_error(self.wins)

    def utilities(self, choose_by: str, spread_weight: float) -> list[float]:
        """Per iteration, what the ranking compares (see the module docstring)."""
        score = self.candidate.score
        if choose_by == "equity":
            return [score + value for value in self.values]
        return [win + spread_weight * (score + value)
                for win, value in zip(self.wins, self.values, strict=True)]

    def utility(self, choose_by: str, spread_weight: float) -> float:
        """The mean of :meth:`utilities`: the ranking value."""
        if choose_by == "equity":
            return self.equity
        return self.win + spread_weight * self.equity


@dataclass
class SimResult:
    """Candidates best first (by the ranking value among the unpruned, then the pruned), how
    many iterations ran, the CPU seconds they took (this process's plus, with workers, the
    busiest worker's per round), why the run ended and how it ranked."""

    candidates: list[CandidateResult]
    iterations: int
    seconds: float
    stopped: str
    """Why the run ended: ``"confident"``, ``"iterations"`` or ``"time"``."""
    choose_by: str = "win"
    spread_weight: float = SPREAD_WEIGHT

    def value(self, result: CandidateResult) -> float:
        """A candidate's ranking value."""
        return result.utility(self.choose_by, self.spread_weight)


def _standard_error(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    return statistics.stdev(values) / math.sqrt(len(values))


def paired_advantage(ahead: Sequence[float], behind: Sequence[float]) -> float:
    """How far ``ahead`` leads ``behind``, iteration by iteration (over the iterations both
    ran): the mean of the paired differences in standard errors, ``inf`` for a lead with no
    spread, ``-inf`` when the mean is not above 0."""
    count = min(len(ahead), len(behind))
    gaps = [a - b for a, b in zip(ahead[:count], behind[:count], strict=True)]
    mean = statistics.fmean(gaps) if gaps else 0.0
    if mean <= 0:
        return -math.inf
    se = _standard_error(gaps)
    return math.inf if se == 0 else mean / se


# --- the run ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Job:
    """A run: the position, the candidates, how iterations play, the seed, the policy's
    memo, and the working board the moves are played on and taken back from."""

    position: SimPosition
    candidates: tuple[Candidate, ...]
    rules: PlayoutRules
    seed: int
    board: Board
    memo: ReplyMemo = field(default_factory=ReplyMemo)


# The job of the run in progress.  Worker processes are forked after it is set, so they
# inherit the lexicon, tables and working board (each its own copy) instead of unpickling
# them for every round.
_JOB: _Job | None = None


@dataclass(frozen=True)
class _Round:
    """What a round brought back: each finished iteration's outcomes, the CPU seconds it
    took, and whether the time budget stopped it."""

    outcomes: list[list[tuple[float, float]]]
    seconds: float
    out_of_time: bool


def _run_round(first: int, count: int, live: tuple[int, ...], allowance: float | None) -> _Round:
    """Iterations ``first .. first + count - 1`` of the live candidates, within
    ``allowance`` CPU seconds of this process (None: no limit)."""
    job = _JOB
    assert job is not None, "a simulation round ran outside simulate()"
    started = time.process_time()
    rules = job.rules
    if allowance is not None:
        deadline = started + allowance

        def check() -> None:
            if time.process_time() > deadline:
                raise OutOfTime

        rules = replace(rules, check=check)
    candidates = [job.candidates[i] for i in live]
    outcomes = []
    out_of_time = False
    try:
        for i in range(first, first + count):
            rng = random.Random(f"{job.seed}:{i}")
            outcomes.append(iteration(job.position, job.board, candidates, rules, rng, job.memo))
    except OutOfTime:
        out_of_time = True
    return _Round(outcomes, time.process_time() - started, out_of_time)


def halving_phases(count: int) -> list[int]:
    """The live candidates in each phase of successive halving from ``count``: ``count``,
    then half of it rounded up, down to 2 (none for a single candidate)."""
    phases = []
    while count > 1:
        phases.append(count)
        count = (count + 1) // 2
    return phases


def _halving_ends(count: int, iterations: int) -> list[int]:
    """The iteration at which each phase of successive halving ends, for ``count``
    candidates and the work of ``iterations`` iterations of them all, split equally among the
    phases (each live candidate at least one round a phase)."""
    phases = halving_phases(count)
    share = iterations * count / len(phases)
    ends = []
    done = 0
    for live in phases:
        done += max(ROUND_SIZE, int(share / live))
        ends.append(done)
    return ends


def _cut(results: list[CandidateResult], keep: int, choose_by: str, spread_weight: float) -> None:
    """Prune every live candidate but the ``keep`` best by the ranking value (successive
    halving; the live candidates have run the same iterations)."""
    live = [r for r in results if not r.pruned]
    live.sort(key=lambda r: -r.utility(choose_by, spread_weight))
    for result in live[keep:]:
        result.pruned = True


def _prune(results: list[CandidateResult], confidence_z: float, choose_by: str, spread_weight: float) -> None:
    """Prune every live candidate whose paired difference to the leader is significant."""
    live = [r for r in results if not r.pruned]
    if len(live) < 2:
        return
    n = min(len(r.values) for r in live)
    if n < ROUND_SIZE:
        return
    utilities = {id(r): r.utilities(choose_by, spread_weight)[:n] for r in live}
    leader = max(live, key=lambda r: statistics.fmean(utilities[id(r)]))
    best = utilities[id(leader)]
    for result in live:
        if result is not leader and paired_advantage(best, utilities[id(result)]) > confidence_z:
            result.pruned = True


@older_objects_set_aside()
def simulate(
    position: SimPosition,
    candidates: Sequence[Candidate],
    policy: Strategy | str = DEFAULT_POLICY,
    leave: LeaveFunction | None = None,
    *,
    plies: int = 2,
    iterations: int | None = 1000,
    seconds: float | None = None,
    seed: int = 0,
    workers: int = 1,
    confidence_z: float = CONFIDENCE_Z,
    progress: Callable[[int], None] | None = None,
    choose_by: str = "win",
    spread_weight: float = SPREAD_WEIGHT,
    win_model: WinModel | None = None,
    halving: bool = False,
) -> SimResult:
    """Simulate ``candidates`` from ``position`` (see the module docstring).  Stops when one
    candidate is ahead of every other with the confidence ``confidence_z`` (2.576: 99%),
    after ``iterations`` iterations, or once ``seconds`` of CPU time are spent (by this
    process, and by each worker).  ``workers`` > 1 runs rounds in that many processes; with
    an iteration budget the answer does not depend on it.  ``policy`` is the static player
    of both sides, a strategy or a registered name; ``leave`` values the leaves kept at the
    horizon (default: the named player's, see :func:`static_player`).  ``choose_by`` ranks
    by ``"win"`` (plus ``spread_weight`` per point of equity) or ``"equity"``; ``win_model``
    defaults to :func:`~.winprob.default_win_model`.  ``halving`` spends the budget by
    successive halving (module docstring).  Cost: ``plies`` move generations per candidate
    per iteration."""
    if isinstance(policy, str):
        policy, own_leave = static_player(policy, position.lexicon)
        leave = leave if leave is not None else own_leave
    elif leave is None:
        raise InvalidArgumentError("give the leave function that goes with a strategy object")
    if not candidates:
        raise InvalidArgumentError("simulation needs at least one candidate")
    if len(candidates) > MAX_SIMULATION_CANDIDATES:
        raise InvalidArgumentError(f"at most {MAX_SIMULATION_CANDIDATES} candidates")
    if not 0 <= plies <= MAX_SIMULATION_PLIES:
        raise InvalidArgumentError(f"plies must be from 0 to {MAX_SIMULATION_PLIES}")
    if iterations is None and seconds is None:
        raise InvalidArgumentError("give an iteration limit, a time limit or both")
    if iterations is not None and not 1 <= iterations <= MAX_SIMULATION_ITERATIONS:
        raise InvalidArgumentError(f"iterations must be from 1 to {MAX_SIMULATION_ITERATIONS}")
    if seconds is not None and not (seconds > 0 and math.isfinite(seconds)):
        raise InvalidArgumentError("the time limit must be a positive number of seconds")
    check_workers(workers)
    if choose_by not in CHOICES:
        raise InvalidArgumentError(f"choose_by is one of {', '.join(CHOICES)}, not {choose_by!r}")
    if not (spread_weight >= 0 and math.isfinite(spread_weight)):
        raise InvalidArgumentError("spread_weight must be a number from 0")
    position.check()
    global _JOB
    limit = iterations if iterations is not None else MAX_SIMULATION_ITERATIONS
    results = [CandidateResult(candidate) for candidate in candidates]
    rules = PlayoutRules.of(position, policy, leave, plies, win_model)
    started = time.process_time()
    workers_cpu = 0.0  # the busiest worker's CPU seconds, summed over rounds

    def spent() -> float:
        return time.process_time() - started + workers_cpu

    done = 0
    stopped = "iterations"
    phases = halving_phases(len(candidates)) if halving else []
    phase = 0
    # Where each phase ends: fixed by an iteration budget, else (None until a round has
    # measured the rate) set from the time left.
    ends = _halving_ends(len(candidates), iterations) if phases and iterations is not None else None
    phase_end: int | None = ends[0] if ends else None
    if phases:
        limit = MAX_SIMULATION_ITERATIONS
    _JOB = _Job(position, tuple(candidates), rules, seed, position.board.copy())
    # Forked workers inherit the job; without fork, every round runs in this process.
    pool = open_pool(workers if can_fork() else 1)
    try:
        while done < limit:
            live = tuple(i for i, r in enumerate(results) if not r.pruned)
            chunk = min(ROUND_SIZE, limit - done, limit if phase_end is None else phase_end - done)
            runs = _split(done, chunk, workers)
            allowance = None if seconds is None else max(seconds - spent(), 0.0)
            futures = [pool.submit(_run_round, first, count, live, allowance) for first, count in runs]
            rounds = [future.result() for future in futures]
            if not pool.inline:
                workers_cpu += max(r.seconds for r in rounds)
            for played in rounds:
                for outcome in played.outcomes:
                    for slot, (value, win) in zip(live, outcome, strict=True):
                        results[slot].values.append(value)
                        results[slot].wins.append(win)
            done += sum(len(r.outcomes) for r in rounds)
            if progress is not None:
                progress(done)
            if any(r.out_of_time for r in rounds) or (seconds is not None and spent() >= seconds):
                stopped = "time"
                break
            _prune(results, confidence_z, choose_by, spread_weight)
            if sum(not r.pruned for r in results) == 1:
                stopped = "confident"
                break
            if not phases:
                continue
            if phase_end is None:  # the first phase on a time budget, once a round measured the rate
                assert seconds is not None
                phase_end = _phase_end(done, len(phases), seconds, spent(), results)
            if done >= phase_end:
                phase += 1
                if phase == len(phases):
                    stopped = "iterations" if ends is not None else "time"
                    break
                _cut(results, phases[phase], choose_by, spread_weight)
                if ends is not None:
                    phase_end = ends[phase]
                else:
                    assert seconds is not None
                    phase_end = _phase_end(done, len(phases) - phase, seconds - spent(), spent(), results)
    finally:
        _JOB = None
        pool.close()
    ordered = sorted(results, key=lambda r: (r.pruned, -r.utility(choose_by, spread_weight)))
    return SimResult(ordered, done, spent(), stopped, choose_by, spread_weight)


def _phase_end(done: int, phases_left: int, seconds_left: float, spent: float,
               results: list[CandidateResult]) -> int:
    """On a time budget, the iteration at which a phase of successive halving ends, set at
    iteration ``done``: an equal share of the ``seconds_left`` when the phase started among
    the ``phases_left`` (this one included), at the rate of the candidate-iterations run so
    far in ``spent`` CPU seconds, and at least another round; the last phase never ends by
    count (the time ends it)."""
    if phases_left <= 1:
        return MAX_SIMULATION_ITERATIONS
    live = sum(not r.pruned for r in results)
    cost = spent / max(sum(r.iterations for r in results), 1)
    share = seconds_left / phases_left
    more = int(share / (live * cost)) if cost > 0 else ROUND_SIZE
    return done + max(ROUND_SIZE, min(more, MAX_SIMULATION_ITERATIONS))


def _split(first: int, count: int, parts: int) -> list[tuple[int, int]]:
    """``count`` iterations from ``first`` cut into at most ``parts`` consecutive runs."""
    size = max(1, math.ceil(count / max(parts, 1)))
    return [(start, min(size, first + count - start)) for start in range(first, first + count, size)]
