"""Monte Carlo simulation: a second opinion on a position by playing each candidate out.

Static equity (score plus the value of the tiles kept) judges a move by the position it leaves
on average; simulation plays it.  For each iteration the opponent's rack and the order of the
bag are drawn from the unseen tiles, every candidate is played on its own copy of the board,
and both sides then play ``plies`` more turns with a static player (by default the registered
one :data:`~.sim_setup.DEFAULT_POLICY` names; see :func:`~.sim_setup.static_player`).  A
candidate's value in that iteration is the change in spread over those turns plus the
difference of the two sides' leave values at the horizon, and its win probability is estimated
from the final spread and the tiles still to come.  Near the end the game is played out
instead: when the bag is empty at the horizon, play goes on until someone goes out or six
scoreless turns end it, and the end-of-game adjustment replaces the leaves (the win is then
0, 1/2 or 1).

* Common random numbers: within an iteration every candidate meets the same opponent rack and
  the same bag order, so the differences between candidates carry less noise than their values.
* Statistical stopping: after each round of iterations a candidate whose mean trails the
  leader's by more than ``z`` standard errors of the paired difference (99% by default) is
  pruned; the run stops when one candidate is left, at the iteration limit or at the time
  limit.
* Determinism: iteration ``i`` draws from ``random.Random(f"{seed}:{i}")`` and rounds have a
  fixed size, so the same seed and iteration limit give the same answer with any number of
  worker processes.  A time limit stops between rounds, so it can only change how many
  rounds run.

The cost per candidate-iteration is ``plies`` move generations (one per simulated turn; a
played-out ending adds at most PLAYOUT_TURNS), which is nearly all of the time in pure Python.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_SIMULATION_CANDIDATES, MAX_SIMULATION_ITERATIONS, MAX_SIMULATION_PLIES
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.scoring import end_of_game_adjustments
from wordgames.scrabble.core.tiles import Rack, TileSet, rack_tile
from wordgames.scrabble.game.autoplay import default_workers
from wordgames.scrabble.game.decision import Decision, Situation, Strategy
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.strategy.sim_setup import (
    DEFAULT_POLICY,
    Candidate,
    LeaveFunction,
    static_player,
)

__all__ = [
    "CandidateResult", "SimPosition", "SimResult", "default_workers", "normal_cdf",
    "play_iteration", "simulate", "win_probability",
]

SCORELESS_TURN_LIMIT = 6
"""Scoreless turns in a row that end a simulated game."""
PLAYOUT_TURNS = 30
"""Turns at most played past the horizon when the bag is empty there (a game ends sooner:
the racks hold at most 14 tiles and six scoreless turns end it)."""
ROUND_SIZE = 16
"""Iterations per round: pruning and the clock are looked at between rounds only."""

# Spread uncertainty per unseen tile, for the win estimate: the standard deviation of the
# final spread grows with the square root of the tiles still to be played.
SPREAD_SD_PER_ROOT_TILE = 8.0


@dataclass(frozen=True)
class SimPosition:
    """What a simulation starts from: the mover's rack and the tiles the mover cannot see
    (the opponent's rack and the bag together), the scores, and tiles the opponent is known to
    hold (dealt to the opponent first)."""

    board: Board
    rack: tuple[str, ...]
    unseen: tuple[str, ...]
    lexicon: Lexicon
    rules: RuleSet
    tile_set: TileSet
    hand_size: int = 7
    scores: tuple[int, int] = (0, 0)
    opponent_known: tuple[str, ...] = ()
    end_rule: str = "tournament"

    def __post_init__(self) -> None:
        unseen = Counter(self.unseen)
        if Counter(self.opponent_known) - unseen:
            raise InvalidArgumentError("the opponent's known tiles are not all among the unseen tiles")
        if len(self.opponent_known) > self.hand_size:
            raise InvalidArgumentError(f"the opponent holds at most {self.hand_size} tiles")


@dataclass
class CandidateResult:
    """A candidate's running statistics."""

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


@dataclass
class SimResult:
    """Candidates best first (by mean equity among the unpruned, then the pruned), how many
    iterations ran and how long it took."""

    candidates: list[CandidateResult]
    iterations: int
    seconds: float
    stopped: str
    """Why the run ended: ``"confident"``, ``"iterations"`` or ``"time"``."""


def _standard_error(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    return statistics.stdev(values) / math.sqrt(len(values))


def normal_cdf(x: float) -> float:
    """P(Z <= x) for a standard normal Z."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def win_probability(spread: float, tiles_to_come: int) -> float:
    """The chance that a lead of ``spread`` holds with ``tiles_to_come`` tiles still to be
    played: 1, 0 or 0.5 once nothing is left, else a normal estimate."""
    if tiles_to_come <= 0:
        return 1.0 if spread > 0 else (0.5 if spread == 0 else 0.0)
    return normal_cdf(spread / (SPREAD_SD_PER_ROOT_TILE * math.sqrt(tiles_to_come)))


# --- one iteration ---------------------------------------------------------------------------


def _remove(tiles: list[str], used: Iterable[str]) -> None:
    for tile in used:
        tiles.remove(rack_tile(tile))


def _apply(board: Board, rack: list[str], bag: list[str], decision: Decision, hand_size: int) -> int:
    """Play ``decision`` for the side holding ``rack`` (changed in place, refilled from the
    front of ``bag``); returns the points scored."""
    if decision.kind is TurnKind.PLACE and decision.move is not None:
        move = decision.move
        board.place_all((p.row, p.col, p.tile) for p in move.placed)
        _remove(rack, (p.rack_tile for p in move.placed))
        _refill(rack, bag, hand_size)
        return move.score
    if decision.kind is TurnKind.EXCHANGE and decision.tiles and len(bag) >= len(decision.tiles):
        returned = [rack_tile(tile) for tile in decision.tiles]
        _remove(rack, returned)
        _refill(rack, bag, hand_size)
        bag.extend(returned)
    return 0


def _refill(rack: list[str], bag: list[str], hand_size: int) -> None:
    need = min(hand_size - len(rack), len(bag))
    if need > 0:
        rack.extend(bag[:need])
        del bag[:need]


def _deal(position: SimPosition, rng: random.Random) -> tuple[list[str], list[str]]:
    """The opponent's rack (known tiles first) and the bag order for one iteration."""
    rest = list(position.unseen)
    _remove(rest, position.opponent_known)
    rng.shuffle(rest)
    opponent = list(position.opponent_known)
    _refill(opponent, rest, position.hand_size)
    return opponent, rest


ReplyMemo = dict[tuple[object, ...], Decision]
"""A static player's decisions, keyed by all it saw: the candidate and the decisions since
(which fix the board and the scores), its rack, the unseen tiles and the bag size.  Racks
repeat from one iteration to the next near the end of a game (few unseen tiles) or when the
opponent's rack is known, and the memo then saves the move generation.  It assumes, as the
registered strategies promise, that a strategy decides the same way in the same situation."""

MEMO_LIMIT = 100_000
"""Decisions a memo holds before it starts afresh."""


def play_iteration(
    position: SimPosition,
    candidates: Sequence[Candidate],
    policy: Strategy,
    leave: LeaveFunction,
    plies: int,
    rng: random.Random,
    memo: ReplyMemo | None = None,
) -> list[tuple[float, float]]:
    """Each candidate's (value, win probability) in one iteration with common draws: the
    value is the spread change after the candidate (its own score excluded) over ``plies``
    further turns, plus the mover's leave minus the opponent's at the horizon; when the bag is
    empty at the horizon the game is played out instead (at most PLAYOUT_TURNS more turns) and
    the end-of-game adjustment replaces the leaves.  ``memo`` remembers the policy's
    decisions (see :data:`ReplyMemo`)."""
    opponent_rack, bag_order = _deal(position, rng)
    memo = memo if memo is not None else {}
    return [
        _play_candidate(position, candidate, opponent_rack, bag_order, policy, leave, plies, memo)
        for candidate in candidates
    ]


def _situation(position: SimPosition, board: Board, rack: list[str], bag: list[str], unseen: tuple[str, ...],
               scores: list[int], side: int, scoreless: int) -> Situation:
    """What the player of ``side`` sees inside a simulated game."""
    return Situation(
        board=board,
        rack=Rack(rack, position.tile_set.alphabet),
        lexicon=position.lexicon,
        rules=position.rules,
        bag_size=len(bag),
        can_exchange=len(bag) >= position.hand_size,
        unseen=unseen,
        scores=(scores[0], scores[1]),
        seat=side,
        scoreless_turns=scoreless,
        scoreless_turn_limit=SCORELESS_TURN_LIMIT,
        end_rule=position.end_rule,
    )


def _play_candidate(
    position: SimPosition,
    candidate: Candidate,
    opponent_rack: list[str],
    bag_order: list[str],
    policy: Strategy,
    leave: LeaveFunction,
    plies: int,
    memo: ReplyMemo,
) -> tuple[float, float]:
    board = position.board.copy()
    racks = [list(position.rack), list(opponent_rack)]
    bag = list(bag_order)
    hand_size = position.hand_size
    _apply(board, racks[0], bag, Decision(candidate.kind, candidate.move, candidate.tiles), hand_size)
    scores = [position.scores[0] + candidate.score, position.scores[1]]
    scoreless = 0 if candidate.score else 1
    went_out: int | None = 0 if not racks[0] else None
    history: tuple[object, ...] = (id(candidate),)
    ply = 0
    while went_out is None and scoreless < SCORELESS_TURN_LIMIT:
        if ply >= plies and (bag or ply >= plies + PLAYOUT_TURNS):
            break
        side = 1 - ply % 2
        unseen = tuple(sorted(bag + racks[1 - side]))
        key = (history, tuple(sorted(racks[side])), unseen, len(bag))
        decision = memo.get(key)
        if decision is None:
            decision = policy.decide(_situation(position, board, racks[side], bag, unseen, scores, side,
                                                scoreless))
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            memo[key] = decision
        history = (*history, decision)
        points = _apply(board, racks[side], bag, decision, hand_size)
        scores[side] += points
        scoreless = 0 if points else scoreless + 1
        if not racks[side]:
            went_out = side
        ply += 1
    if went_out is not None or scoreless >= SCORELESS_TURN_LIMIT:
        changes = end_of_game_adjustments(racks, position.tile_set, went_out, position.end_rule)
        final = scores[0] + changes[0] - scores[1] - changes[1]
        tiles_to_come = 0
        horizon = 0.0
    else:
        final = scores[0] - scores[1]
        tiles_to_come = len(bag) + len(racks[0]) + len(racks[1])
        horizon = leave(racks[0]) - leave(racks[1])
    lead = position.scores[0] - position.scores[1]
    value = final - lead - candidate.score + horizon
    return value, win_probability(final + horizon, tiles_to_come)


# --- the run ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Job:
    position: SimPosition
    candidates: tuple[Candidate, ...]
    policy: Strategy
    leave: LeaveFunction
    plies: int
    seed: int
    memo: ReplyMemo = field(default_factory=dict)


# The job of the run in progress.  Worker processes are forked after it is set, so they
# inherit the lexicon and tables instead of unpickling them for every round.
_JOB: _Job | None = None


def _run_round(first: int, count: int, live: tuple[int, ...]) -> list[list[tuple[float, float]]]:
    job = _JOB
    assert job is not None, "a simulation round ran outside simulate()"
    candidates = [job.candidates[i] for i in live]
    return [
        play_iteration(job.position, candidates, job.policy, job.leave, job.plies,
                       random.Random(f"{job.seed}:{i}"), job.memo)
        for i in range(first, first + count)
    ]


def _executor(workers: int) -> Executor | None:
    """A pool of forked workers, or None to run in this process (one worker, or a platform
    that cannot fork)."""
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))


def _prune(results: list[CandidateResult], confidence_z: float) -> None:
    """Prune every live candidate whose paired difference to the leader is significant."""
    live = [r for r in results if not r.pruned]
    if len(live) < 2:
        return
    leader = max(live, key=lambda r: r.equity)
    n = min(len(r.values) for r in live)
    if n < ROUND_SIZE:
        return
    for result in live:
        if result is leader:
            continue
        gaps = [
            (leader.candidate.score + a) - (result.candidate.score + b)
            for a, b in zip(leader.values[:n], result.values[:n], strict=True)
        ]
        mean, se = statistics.fmean(gaps), _standard_error(gaps)
        if mean > 0 and (se == 0 or mean / se > confidence_z):
            result.pruned = True


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
    confidence_z: float = 2.576,
    progress: Callable[[int], None] | None = None,
) -> SimResult:
    """Simulate ``candidates`` from ``position`` (see the module docstring).  Stops when one
    candidate is ahead of every other with the confidence ``confidence_z`` (2.576: 99%),
    after ``iterations`` iterations, or once ``seconds`` have passed (checked between rounds).
    ``workers`` > 1 runs rounds in that many processes; the answer does not depend on it.
    ``policy`` is the static player of both sides, a strategy or a registered name; ``leave``
    values the racks at the horizon (default: the named player's, see :func:`static_player`).
    Cost: ``plies`` move generations per candidate per iteration."""
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
    if workers < 1:
        raise InvalidArgumentError("workers must be at least 1")
    global _JOB
    limit = iterations if iterations is not None else MAX_SIMULATION_ITERATIONS
    results = [CandidateResult(candidate) for candidate in candidates]
    started = time.perf_counter()
    done = 0
    stopped = "iterations"
    _JOB = _Job(position, tuple(candidates), policy, leave, plies, seed)
    executor = _executor(workers)
    try:
        while done < limit:
            live = tuple(i for i, r in enumerate(results) if not r.pruned)
            chunk = min(ROUND_SIZE, limit - done)
            runs = _split(done, chunk, workers)
            if executor is None:
                batches = [_run_round(first, count, live) for first, count in runs]
            else:
                firsts, counts = zip(*runs, strict=True)
                batches = list(executor.map(_run_round, firsts, counts, [live] * len(runs)))
            for batch in batches:
                for outcome in batch:
                    for slot, (value, win) in zip(live, outcome, strict=True):
                        results[slot].values.append(value)
                        results[slot].wins.append(win)
            done += chunk
            if progress is not None:
                progress(done)
            _prune(results, confidence_z)
            if sum(not r.pruned for r in results) == 1:
                stopped = "confident"
                break
            if seconds is not None and time.perf_counter() - started >= seconds:
                stopped = "time"
                break
    finally:
        _JOB = None
        if executor is not None:
            executor.shutdown()
    ordered = sorted(results, key=lambda r: (r.pruned, -r.equity))
    return SimResult(ordered, done, time.perf_counter() - started, stopped)


def _split(first: int, count: int, parts: int) -> list[tuple[int, int]]:
    """``count`` iterations from ``first`` cut into at most ``parts`` consecutive runs."""
    size = max(1, math.ceil(count / max(parts, 1)))
    return [(start, min(size, first + count - start)) for start in range(first, first + count, size)]
