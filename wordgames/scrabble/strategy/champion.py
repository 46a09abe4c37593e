"""The ``champion`` computer player: exact near the end, simulation before.

It chooses by the phase of the game, as the strongest engines' players do:

* **bag empty** — the exact endgame (:func:`~wordgames.scrabble.endgame.endgame_decision`),
  the move the ``endgame`` player makes;
* **1 to** :data:`EXACT_BAG` **tiles in the bag** — the pre-endgame, through the same call
  (with two or more tiles, when its searches fit the turn's budget:
  :data:`~wordgames.scrabble.endgame.decision.SEARCH_TIME_FLOOR` each); beyond that, or when
  it does not fit, simulation;
* **otherwise** — a simulation (:mod:`.simulation`) of the ``candidates``
  best turns by static equity (exchanges included), ``plies`` turns
  deep (at least 2), ranked by win probability with spread breaking ties.  The budget is
  spent by successive halving (:data:`HALVING`): in phases, after each of which only the
  better half of the candidates goes on, so the last two share most of the iterations.  It
  stops early when the best candidate is statistically clear: after every round of
  iterations a candidate whose paired difference to the leader is significant at 99% is
  dropped (successive elimination, a best-arm identification rule, on common random numbers
  so the differences carry less noise than the values); one left, it is played.  Otherwise
  the leader is played (given ``switch_z`` above 0, only when it beats the static player's
  choice by that many standard errors of their paired difference; :data:`SWITCH_Z` says why
  not by default).

With inference on (the default; ``champion-blind`` turns it off), the opponent's last
placement or exchange is read (:mod:`.inference`) and each simulated opponent rack holds a
leave drawn from what they probably kept.

**Budgets.**  A turn spends at most ``move_time`` CPU seconds of this process (the player's,
else the situation's, else :data:`DEFAULT_MOVE_TIME`): inference takes at most
:data:`INFERENCE_SHARE` of it, the simulation what is left less a margin, the exact searches
all of it; the clocks are read between move generations, so a turn ends within the budget
plus a few move generations.  Given ``iterations`` instead, the simulation runs that many
iterations (fewer when it is confident sooner) and inference its sample count, both seeded by
``seed`` and the position: the same position always gets the same choice, whatever the
machine's load.  The exact searches keep a time limit either way (``move_time``), and their
answer is the same whenever they finish.

**Workers.**  Given ``workers`` above 1 (the player's, else the situation's
``search_workers``), the simulation runs each round of iterations on that many forked
processes, each spending up to the simulation's share of ``move_time`` (so W free cores run
about W times the iterations in the same wall time); the rest of the turn stays in this
process.  With ``iterations`` the choice does not depend on the number of workers.

Cost: about ``move_time`` CPU seconds a turn in each process it uses (less when the
simulation is confident early).
"""

from __future__ import annotations

import math
import time
import zlib

from wordgames.collector import older_objects_set_aside
from wordgames.errors import BoardError, InvalidArgumentError
from wordgames.limits import MAX_ENDGAME_MOVE_SECONDS, MAX_SIMULATION_CANDIDATES, MAX_SIMULATION_ITERATIONS
from wordgames.scrabble.endgame import endgame_decision
from wordgames.scrabble.game.decision import Decision, Situation, Strategy, register_strategy
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.strategy.equity import EquityStrategy
from wordgames.scrabble.strategy.inference import Inference, LastPlay, infer_leaves
from wordgames.scrabble.strategy.sim_setup import (
    DEFAULT_POLICY,
    Candidate,
    LeaveFunction,
    policy_candidates,
    static_player,
)
from wordgames.scrabble.strategy.simulation import (
    CandidateResult,
    SimPosition,
    SimResult,
    check_workers,
    paired_advantage,
    simulate,
)

DEFAULT_MOVE_TIME = 1.0
"""CPU seconds a turn by default."""
EXACT_BAG = 3
"""The most tiles in the bag for which the exact pre-endgame is asked first (with two or more
it answers None when its searches do not fit the turn's time, and the simulation decides)."""
INFERENCE_SHARE = 0.15
"""The share of a turn's time inference may take."""
INFERENCE_SAMPLES = 300
"""Distinct leaves (or draws) inference weighs at most in a turn."""
SAFETY = 0.05
"""The share of a turn's time kept back from the simulation for what follows it."""
DEFAULT_CANDIDATES = 10
DEFAULT_PLIES = 2
HALVING = True
"""Whether the simulation spends the turn by successive halving (``simulate(halving=True)``)
rather than on every candidate alike until the statistical pruning drops one.  On 40 midgame
positions scored by a long simulation (``bench_champion_choices.py``), 10 candidates at 0.95
CPU seconds lost 0.35 points of win probability a move with halving and 0.41 without (0.27
and 0.37 in an earlier run; the static player's choice 0.81): the leaders get two to three
times the iterations."""
SWITCH_Z = 0.0
"""How sure the simulation must be before the champion plays another candidate than the
static player's choice: the paired difference of their ranking values, in standard errors
(one-sided; 0 plays the simulation's leader whatever the margin).  A margin guards against a
leader that is just the candidate whose noise ran highest, but at a second a move it costs
more than it saves: on 30 midgame positions scored by a long simulation, with 10 candidates
and 100 iterations each the leader lost 0.49 points of win probability a move, a margin of 0.5
and 1 standard errors 0.58 and 0.60 (a margin pays only with a few dozen iterations each); in
games at 1 CPU s, 200 pairs each on the same seeds, the champion playing the leader won 58.0%
against ``equity`` and 53.1% against ``endgame``, where with a margin of 1 it won 55.75% and
54.5%: the games cannot tell them apart (the strength guide)."""


@register_strategy
class ChampionStrategy(Strategy):
    """The strongest player: exact endgame, pre-endgame, simulation (module docstring)."""

    name = "champion"
    infer = True

    def __init__(self, *, move_time: float | None = None, iterations: int | None = None, seed: int = 0,
                 candidates: int = DEFAULT_CANDIDATES, plies: int = DEFAULT_PLIES,
                 policy: str = DEFAULT_POLICY, switch_z: float = SWITCH_Z,
                 workers: int | None = None, halving: bool = HALVING) -> None:
        """``move_time``: CPU seconds a turn (None: the situation's, else
        :data:`DEFAULT_MOVE_TIME`); ``iterations``: a fixed simulation budget instead
        (reproducible with ``seed``); ``candidates`` turns simulated, ``plies`` deep (2 or
        more); ``policy`` the registered static player that picks candidates and plays the
        simulated turns; ``switch_z`` how sure the simulation must be to play another turn
        than the static player's (:data:`SWITCH_Z`); ``workers`` the processes the simulation
        runs on (None: the situation's ``search_workers``); ``halving`` whether it spends the
        turn by successive halving (:data:`HALVING`).  InvalidArgumentError for values out of
        range."""
        if move_time is not None and not 0 < move_time <= MAX_ENDGAME_MOVE_SECONDS:
            raise InvalidArgumentError(f"move_time must be above 0 and at most {MAX_ENDGAME_MOVE_SECONDS:g}")
        if iterations is not None and not 1 <= iterations <= MAX_SIMULATION_ITERATIONS:
            raise InvalidArgumentError(f"iterations must be from 1 to {MAX_SIMULATION_ITERATIONS}")
        if not 1 <= candidates <= MAX_SIMULATION_CANDIDATES:
            raise InvalidArgumentError(f"candidates must be from 1 to {MAX_SIMULATION_CANDIDATES}")
        if plies < 2:
            raise InvalidArgumentError("the champion simulates at least 2 plies")
        if not (switch_z >= 0 and math.isfinite(switch_z)):
            raise InvalidArgumentError("switch_z must be a number from 0")
        if workers is not None:
            check_workers(workers)
        self.move_time = move_time
        self.iterations = iterations
        self.seed = seed
        self.candidates = candidates
        self.plies = plies
        self.switch_z = switch_z
        self.workers = workers
        self.halving = halving
        self.policy_name = policy
        self._players: dict[str, tuple[Strategy, LeaveFunction]] = {}
        self.last_result: SimResult | None = None
        """The last simulation's result (for tests and reports)."""
        self.last_inference: Inference | None = None
        """The last turn's inference, when there was one."""
        self.last_phase = ""
        """How the last turn was chosen: ``"exact"`` (endgame or pre-endgame search),
        ``"simulation"`` or ``"static"`` (one candidate, or no time or nothing to simulate)."""

    def budget(self, situation: Situation) -> float:
        """The CPU seconds of a turn in ``situation``."""
        if self.move_time is not None:
            return self.move_time
        return situation.move_time if situation.move_time is not None else DEFAULT_MOVE_TIME

    def worker_count(self, situation: Situation) -> int:
        """The processes the simulation of a turn in ``situation`` runs on
        (InvalidArgumentError for a situation asking for a count out of range)."""
        if self.workers is not None:
            return self.workers
        check_workers(situation.search_workers)
        return situation.search_workers

    def static(self, situation: Situation) -> tuple[Strategy, LeaveFunction]:
        """The static player and its leave function for the situation's lexicon (made once)."""
        source = situation.lexicon.source
        if source not in self._players:
            self._players[source] = static_player(self.policy_name, situation.lexicon)
        return self._players[source]

    def position_seed(self, situation: Situation) -> int:
        """The seed of a turn: the player's, mixed with a CRC of the board and rack."""
        position = f"{situation.board.to_text()}|{situation.rack}".encode()
        return self.seed * 1_000_003 + zlib.crc32(position)

    @older_objects_set_aside()
    def decide(self, situation: Situation) -> Decision:
        """The turn to play (module docstring).  Cost: about :meth:`budget` CPU seconds."""
        started = time.process_time()
        budget = self.budget(situation)
        workers = self.worker_count(situation)
        self.last_result = None
        self.last_inference = None
        self.last_phase = "static"
        if len(situation.rack) and situation.bag_size <= EXACT_BAG:
            exact = endgame_decision(situation, budget, EXACT_BAG)
            if exact is not None:
                self.last_phase = "exact"
                return exact
        policy, leave = self.static(situation)
        candidates = policy_candidates(situation, policy, leave, self.candidates)
        fallback = _decision(candidates[0])
        if len(candidates) == 1 or len(situation.scores) != 2 or not situation.unseen:
            return fallback
        position = SimPosition.from_situation(situation)
        seed = self.position_seed(situation)
        if self.infer:
            share = None if self.iterations is not None else INFERENCE_SHARE * budget
            inference = self.inference(situation, share, seed)
            if inference is not None:
                self.last_inference = inference
                position = _with_leaves(position, inference)
        seconds = None
        if self.iterations is None:
            seconds = budget * (1 - SAFETY) - (time.process_time() - started)
            if seconds <= 0:
                return fallback
        result = simulate(position, candidates, policy, leave, plies=self.plies, iterations=self.iterations,
                          seconds=seconds, seed=seed, workers=workers, halving=self.halving)
        self.last_result = result
        if result.iterations == 0:
            return fallback
        self.last_phase = "simulation"
        return _decision(preferred(result, candidates[0], self.switch_z).candidate)

    def inference(self, situation: Situation, seconds: float | None, seed: int) -> Inference | None:
        """What the opponent kept after their last turn, or None when nothing is known of it
        (no last play, an empty bag, a play inference cannot explain, no time to weigh
        enough leaves)."""
        turn = situation.last_play
        if turn is None or situation.bag_size == 0:
            return None
        board = situation.board
        if turn.kind is TurnKind.PLACE and turn.move is not None:
            before = board.copy()
            try:
                before.unplay(turn.move)
            except BoardError:  # a board that does not hold the move: nothing to infer from
                return None
            play = LastPlay(move=turn.move)
        elif turn.kind is TurnKind.EXCHANGE and turn.tiles:
            # Only how many tiles went back is public; which ones is not read.
            before = board
            play = LastPlay(exchanged=len(situation.rules.tile_set.parse_rack(turn.tiles)))
        else:
            return None
        table = None
        policy, _ = self.static(situation)
        if isinstance(policy, EquityStrategy):
            table = policy.table_for(situation.lexicon)
        try:
            found = infer_leaves(before, play, situation.unseen, situation.lexicon, situation.rules, table,
                                 samples=INFERENCE_SAMPLES, seconds=seconds, seed=seed)
        except InvalidArgumentError:
            return None
        # Cut short by time, the leaves weighed are too few a part to stand for the rest.
        return None if found.method.endswith("stopped by time") else found


@register_strategy
class BlindChampionStrategy(ChampionStrategy):
    """The champion without inference: the opponent's rack is drawn from all unseen tiles."""

    name = "champion-blind"
    infer = False


def preferred(result: SimResult, static: Candidate, switch_z: float) -> CandidateResult:
    """The candidate to play: the simulation's leader when it is ``static`` (the static
    player's choice), or beats it by ``switch_z`` standard errors of their paired difference
    (or ``static`` was pruned: significantly worse than another), else ``static``."""
    leader = result.candidates[0]
    base = next((entry for entry in result.candidates if entry.candidate is static), None)
    if base is None or base is leader or base.pruned or switch_z <= 0:
        return leader
    ahead = leader.utilities(result.choose_by, result.spread_weight)
    behind = base.utilities(result.choose_by, result.spread_weight)
    if min(len(ahead), len(behind)) < 2:  # both were live from the first iteration on
        return base
    return leader if paired_advantage(ahead, behind) >= switch_z else base


def _decision(candidate: Candidate) -> Decision:
    return Decision(candidate.kind, candidate.move, candidate.tiles)


def _with_leaves(position: SimPosition, inference: Inference) -> SimPosition:
    """``position`` with the opponent's rack drawn from ``inference``."""
    return SimPosition(position.board, position.rack, position.unseen, position.lexicon, position.rules,
                       position.tile_set, position.hand_size, position.scores, position.opponent_known,
                       position.end_rule, inference.weights())
