"""Monte Carlo simulation: a second opinion on a position by playing each candidate out.

Static equity (score plus the value of the tiles kept) judges a move by the position it leaves
on average; simulation plays it.  For each iteration the opponent's rack and the order of the
bag are drawn from the unseen tiles, every candidate is played on its own copy of the board,
and both sides then play ``plies`` more turns with a static player (by default the registered
one :data:`~.sim_setup.DEFAULT_POLICY` names; see :func:`~.sim_setup.static_player`).

A candidate's value in one iteration is the change in spread over those turns plus the value
of what each side *kept* at its last simulated move (before drawing: the leave that move
left, as the static player valued it), the mover's minus the opponent's (a side that did not
move keeps nothing of note).  Valuing the racks after they are refilled instead would value a
full rack, which a table of 0-6 tile leaves does not hold: every horizon would be worth 0 and
the simulation would ignore leaves, preferring moves that set up a big next score.  Near the
end the game is played out instead: when the bag is empty at the horizon, play goes on until
someone goes out or six scoreless turns end it, and the end-of-game adjustment replaces the
leaves.

Each iteration also gives a win probability: 1, 1/2 or 0 for a game played out, else the win
model's (:mod:`.winprob`, by default the one fitted to self-play) for the side that moved last,
from its spread with leaves and the tiles it cannot see.  Candidates are ranked by
``choose_by``: ``"win"`` (the default) the mean win probability plus ``spread_weight`` times
the mean equity (so that equal chances, a sure win or a lost game, are decided by points),
``"equity"`` the mean equity alone.

* Common random numbers: within an iteration every candidate meets the same opponent rack and
  the same bag order, so the differences between candidates carry less noise than their values.
* Statistical stopping: after each round of iterations a candidate whose ranking value trails
  the leader's by more than ``z`` standard errors of the paired difference (99% by default) is
  pruned; the run stops when one candidate is left, at the iteration budget or at the time
  budget.
* Budgets: ``iterations``, and ``seconds`` of CPU time (this process's, and each worker's:
  a loaded machine slows a simulation down but does not change how much it computes).  The
  CPU clock is read between candidates and between simulated turns, so a run stops within a
  few move generations of its budget (an iteration cut short is dropped).
* Determinism: iteration ``i`` draws from ``random.Random(f"{seed}:{i}")`` and rounds have a
  fixed size, so the same seed and iteration budget give the same answer with any number of
  worker processes.  A time budget can only change how many iterations run.

The cost per candidate-iteration is ``plies`` move generations (one per simulated turn; a
played-out ending adds at most PLAYOUT_TURNS), which is nearly all of the time.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from wordgames.errors import InvalidArgumentError
from wordgames.executors import can_fork, work_pool
from wordgames.lexicon import Lexicon
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
from wordgames.scrabble.strategy.winprob import (
    NormalWinModel,
    WinModel,
    default_win_model,
    finished,
    normal_cdf,
)

__all__ = [
    "CHOICES", "CandidateResult", "SimPosition", "SimResult", "default_workers", "normal_cdf",
    "play_iteration", "simulate", "win_probability",
]

MAX_CANDIDATES = 100
MAX_PLIES = 10
MAX_ITERATIONS = 1_000_000
SCORELESS_TURN_LIMIT = 6
"""Scoreless turns in a row that end a simulated game."""
PLAYOUT_TURNS = 30
"""Turns at most played past the horizon when the bag is empty there (a game ends sooner:
the racks hold at most 14 tiles and six scoreless turns end it)."""
ROUND_SIZE = 16
"""Iterations per round: pruning is decided between rounds only."""
CHOICES = ("win", "equity")
"""How a simulation ranks its candidates (see the module docstring)."""
SPREAD_WEIGHT = 0.001
"""With ``choose_by="win"``: what a point of mean equity adds to the mean win probability
(a tenth of a per cent: points decide between candidates of equal chances)."""


def win_probability(spread: float, tiles_to_come: int) -> float:
    """The normal model's chance that a lead of ``spread`` holds with ``tiles_to_come``
    tiles still to be played (1, 0 or 0.5 once nothing is left); see :class:`.NormalWinModel`."""
    return NormalWinModel().probability(spread, tiles_to_come, 0)


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

    @classmethod
    def from_situation(cls, situation: Situation) -> SimPosition:
        """The position a computer player of a two-player game is in (its ``unseen`` are the
        bag and the opponent's rack; scores become the mover's and the opponent's)."""
        seat = situation.seat
        scores = situation.scores if len(situation.scores) == 2 else (0, 0)
        rules = situation.rules
        return cls(situation.board, tuple(situation.rack.tiles()), tuple(situation.unseen), situation.lexicon,
                   rules, rules.tile_set, rules.hand_size, (scores[seat], scores[1 - seat]),
                   end_rule=situation.end_rule)

    def situation(self) -> Situation:
        """What the mover sees (the opponent holding a full rack, or every unseen tile when
        fewer are left): for the static player that picks the candidates."""
        bag = max(0, len(self.unseen) - self.hand_size)
        return Situation(self.board, Rack(self.rack), self.lexicon, self.rules, bag, bag >= self.hand_size,
                         unseen=tuple(sorted(self.unseen)), scores=self.scores, seat=0,
                         scoreless_turn_limit=SCORELESS_TURN_LIMIT, end_rule=self.end_rule)


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


# --- one iteration ---------------------------------------------------------------------------


class _OutOfTime(Exception):
    """The time budget ran out inside an iteration (which is then dropped)."""


def _remove(tiles: list[str], used: Iterable[str]) -> None:
    for tile in used:
        tiles.remove(rack_tile(tile))


def _apply(board: Board, rack: list[str], bag: list[str], decision: Decision,
           hand_size: int) -> tuple[int, tuple[str, ...]]:
    """Play ``decision`` for the side holding ``rack`` (changed in place, refilled from the
    front of ``bag``); the points scored and the tiles kept (before the refill)."""
    if decision.kind is TurnKind.PLACE and decision.move is not None:
        move = decision.move
        board.place_all((p.row, p.col, p.tile) for p in move.placed)
        _remove(rack, (p.rack_tile for p in move.placed))
        kept = tuple(rack)
        _refill(rack, bag, hand_size)
        return move.score, kept
    if decision.kind is TurnKind.EXCHANGE and decision.tiles and len(bag) >= len(decision.tiles):
        returned = [rack_tile(tile) for tile in decision.tiles]
        _remove(rack, returned)
        kept = tuple(rack)
        _refill(rack, bag, hand_size)
        bag.extend(returned)
        return 0, kept
    return 0, tuple(rack)


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


@dataclass(frozen=True)
class _Rules:
    """How one iteration plays and values: the static player, its leave function, the
    plies, the win model, and (with a time budget) the check that raises _OutOfTime."""

    policy: Strategy
    leave: LeaveFunction
    plies: int
    win_model: WinModel
    check: Callable[[], None] | None = None


def play_iteration(
    position: SimPosition,
    candidates: Sequence[Candidate],
    policy: Strategy,
    leave: LeaveFunction,
    plies: int,
    rng: random.Random,
    memo: ReplyMemo | None = None,
    win_model: WinModel | None = None,
) -> list[tuple[float, float]]:
    """Each candidate's (value, win probability) in one iteration with common draws: the
    value is the spread change after the candidate (its own score excluded) over ``plies``
    further turns, plus the value of the leave the mover kept at its last move minus the
    opponent's; when the bag is empty at the horizon the game is played out instead (at
    most PLAYOUT_TURNS more turns) and the end-of-game adjustment replaces the leaves.
    ``memo`` remembers the policy's decisions (see :data:`ReplyMemo`); ``win_model``
    defaults to :func:`~.winprob.default_win_model`."""
    rules = _Rules(policy, leave, plies, win_model if win_model is not None else default_win_model())
    return _iteration(position, candidates, rules, rng, memo if memo is not None else {})


def _iteration(position: SimPosition, candidates: Sequence[Candidate], rules: _Rules, rng: random.Random,
               memo: ReplyMemo) -> list[tuple[float, float]]:
    opponent_rack, bag_order = _deal(position, rng)
    return [_play_candidate(position, candidate, opponent_rack, bag_order, rules, memo)
            for candidate in candidates]


def _situation(position: SimPosition, board: Board, rack: list[str], bag: list[str], unseen: tuple[str, ...],
               scores: list[int], side: int, scoreless: int) -> Situation:
    """What the player of ``side`` sees inside a simulated game."""
    return Situation(
        board=board,
        rack=Rack(rack),
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
    rules: _Rules,
    memo: ReplyMemo,
) -> tuple[float, float]:
    board = position.board.copy()
    racks = [list(position.rack), list(opponent_rack)]
    bag = list(bag_order)
    hand_size = position.hand_size
    turn = Decision(candidate.kind, candidate.move, candidate.tiles)
    points, first_kept = _apply(board, racks[0], bag, turn, hand_size)
    kept: list[tuple[str, ...] | None] = [first_kept, None]  # each side's last leave; None: no move
    scores = [position.scores[0] + candidate.score, position.scores[1]]
    scoreless = 0 if candidate.score else 1
    went_out: int | None = 0 if not racks[0] else None
    history: tuple[object, ...] = (id(candidate),)
    last = 0  # the side that moved last
    ply = 0
    while went_out is None and scoreless < SCORELESS_TURN_LIMIT:
        if ply >= rules.plies and (bag or ply >= rules.plies + PLAYOUT_TURNS):
            break
        if rules.check is not None:
            rules.check()
        side = 1 - ply % 2
        unseen = tuple(sorted(bag + racks[1 - side]))
        key = (history, tuple(sorted(racks[side])), unseen, len(bag))
        decision = memo.get(key)
        if decision is None:
            decision = rules.policy.decide(_situation(position, board, racks[side], bag, unseen, scores, side,
                                                      scoreless))
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            memo[key] = decision
        history = (*history, decision)
        points, kept[side] = _apply(board, racks[side], bag, decision, hand_size)
        scores[side] += points
        scoreless = 0 if points else scoreless + 1
        last = side
        if not racks[side]:
            went_out = side
        ply += 1
    lead = position.scores[0] - position.scores[1]
    if went_out is not None or scoreless >= SCORELESS_TURN_LIMIT:
        changes = end_of_game_adjustments(racks, position.tile_set, went_out, position.end_rule)
        final = scores[0] + changes[0] - scores[1] - changes[1]
        return final - lead - candidate.score, finished(final)
    horizon = (scores[0] - scores[1] + _kept_value(rules.leave, kept[0]) - _kept_value(rules.leave, kept[1]))
    other = 1 - last
    mover_spread = horizon if last == 0 else -horizon
    chance = rules.win_model.probability(mover_spread, len(bag) + len(racks[other]), len(racks[last]))
    return horizon - lead - candidate.score, chance if last == 0 else 1.0 - chance


def _kept_value(leave: LeaveFunction, kept: tuple[str, ...] | None) -> float:
    return 0.0 if not kept else leave(kept)


# --- the run ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Job:
    position: SimPosition
    candidates: tuple[Candidate, ...]
    rules: _Rules
    seed: int
    memo: ReplyMemo = field(default_factory=dict)


# The job of the run in progress.  Worker processes are forked after it is set, so they
# inherit the lexicon and tables instead of unpickling them for every round.
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
                raise _OutOfTime

        rules = _Rules(rules.policy, rules.leave, rules.plies, rules.win_model, check)
    candidates = [job.candidates[i] for i in live]
    outcomes = []
    out_of_time = False
    try:
        for i in range(first, first + count):
            rng = random.Random(f"{job.seed}:{i}")
            outcomes.append(_iteration(job.position, candidates, rules, rng, job.memo))
    except _OutOfTime:
        out_of_time = True
    return _Round(outcomes, time.process_time() - started, out_of_time)


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
    for result in live:
        if result is leader:
            continue
        gaps = [a - b for a, b in zip(utilities[id(leader)], utilities[id(result)], strict=True)]
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
    choose_by: str = "win",
    spread_weight: float = SPREAD_WEIGHT,
    win_model: WinModel | None = None,
) -> SimResult:
    """Simulate ``candidates`` from ``position`` (see the module docstring).  Stops when one
    candidate is ahead of every other with the confidence ``confidence_z`` (2.576: 99%),
    after ``iterations`` iterations, or once ``seconds`` of CPU time are spent (by this
    process, and by each worker).  ``workers`` > 1 runs rounds in that many processes; with
    an iteration budget the answer does not depend on it.  ``policy`` is the static player
    of both sides, a strategy or a registered name; ``leave`` values the leaves kept at the
    horizon (default: the named player's, see :func:`static_player`).  ``choose_by`` ranks
    by ``"win"`` (plus ``spread_weight`` per point of equity) or ``"equity"``; ``win_model``
    defaults to :func:`~.winprob.default_win_model`.  Cost: ``plies`` move generations per
    candidate per iteration."""
    if isinstance(policy, str):
        policy, own_leave = static_player(policy, position.lexicon)
        leave = leave if leave is not None else own_leave
    elif leave is None:
        raise InvalidArgumentError("give the leave function that goes with a strategy object")
    if not candidates:
        raise InvalidArgumentError("simulation needs at least one candidate")
    if len(candidates) > MAX_CANDIDATES:
        raise InvalidArgumentError(f"at most {MAX_CANDIDATES} candidates")
    if not 0 <= plies <= MAX_PLIES:
        raise InvalidArgumentError(f"plies must be from 0 to {MAX_PLIES}")
    if iterations is None and seconds is None:
        raise InvalidArgumentError("give an iteration limit, a time limit or both")
    if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
        raise InvalidArgumentError(f"iterations must be from 1 to {MAX_ITERATIONS}")
    if seconds is not None and not (seconds > 0 and math.isfinite(seconds)):
        raise InvalidArgumentError("the time limit must be a positive number of seconds")
    if workers < 1:
        raise InvalidArgumentError("workers must be at least 1")
    if choose_by not in CHOICES:
        raise InvalidArgumentError(f"choose_by is one of {', '.join(CHOICES)}, not {choose_by!r}")
    if not (spread_weight >= 0 and math.isfinite(spread_weight)):
        raise InvalidArgumentError("spread_weight must be a number from 0")
    global _JOB
    limit = iterations if iterations is not None else MAX_ITERATIONS
    results = [CandidateResult(candidate) for candidate in candidates]
    rules = _Rules(policy, leave, plies, win_model if win_model is not None else default_win_model())
    started = time.process_time()
    workers_cpu = 0.0  # the busiest worker's CPU seconds, summed over rounds

    def spent() -> float:
        return time.process_time() - started + workers_cpu

    done = 0
    stopped = "iterations"
    _JOB = _Job(position, tuple(candidates), rules, seed)
    # Forked workers inherit the job; without fork, every round runs in this process.
    pool = work_pool(workers if can_fork() else 1, fork=True)
    executor = pool.executor
    try:
        while done < limit:
            live = tuple(i for i, r in enumerate(results) if not r.pruned)
            chunk = min(ROUND_SIZE, limit - done)
            runs = _split(done, chunk, workers)
            allowance = None if seconds is None else max(seconds - spent(), 0.0)
            if executor is None:
                rounds = [_run_round(first, count, live, allowance) for first, count in runs]
            else:
                firsts, counts = zip(*runs, strict=True)
                rounds = list(executor.map(_run_round, firsts, counts, [live] * len(runs),
                                           [allowance] * len(runs)))
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
    finally:
        _JOB = None
        pool.close()
    ordered = sorted(results, key=lambda r: (r.pruned, -r.utility(choose_by, spread_weight)))
    return SimResult(ordered, done, spent(), stopped, choose_by, spread_weight)


def _split(first: int, count: int, parts: int) -> list[tuple[int, int]]:
    """``count`` iterations from ``first`` cut into at most ``parts`` consecutive runs."""
    size = max(1, math.ceil(count / max(parts, 1)))
    return [(start, min(size, first + count - start)) for start in range(first, first + count, size)]
