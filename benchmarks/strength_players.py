"""Players that exist for strength measurements only: the equity player and the simulation
as they were before issue 25's fixes, so that each fix can be measured with seat-swapped
pairs against them, and a player that simulates every move.

Nothing in the package uses these.  The old equity player is the released one with the
fixed behaviour switched back through its documented settings
(:attr:`EquityStrategy.not_out_penalty`, :attr:`EquityStrategy.vowel_penalty`,
:meth:`EquityStrategy.pass_value`); each variant restores one hole, ``equity-old`` all of
them (it plays exactly as the code before the fixes did: checked game by game).  The old
simulation is :func:`simulate` with the old candidates, a zero leave at the horizon and the
ranking by spread (:class:`Simulator`).  ``champion-margin`` is the championship player
as it was before it played the simulation's leader: another turn than the static player's
only with a margin of one standard error; ``champion-3ply`` and ``champion-4ply`` simulate
deeper than the champion's 2 plies.  Importing this module registers the equity
and champion variants; :func:`register_simulators` the simulating players (worker processes
forked afterwards see them).
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable, Iterable

from wordgames.scrabble.game.decision import Decision, Situation, Strategy, register_strategy
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.leaves import LeaveTable
from wordgames.scrabble.strategy.adjustments import VOWEL_HOTSPOT_PENALTY
from wordgames.scrabble.strategy.champion import ChampionStrategy
from wordgames.scrabble.strategy.equity import EquityStrategy, Valuer
from wordgames.scrabble.strategy.leave import best_keep, remaining_after
from wordgames.scrabble.strategy.sim_setup import Candidate, policy_candidates, static_player
from wordgames.scrabble.strategy.simulation import SimPosition, simulate


@register_strategy
class ChampionWithMargin(ChampionStrategy):
    """The championship player as it was before it played the simulation's leader: another
    turn than the static player's choice only one standard error clear of it (``switch_z``
    1)."""

    name = "champion-margin"

    def __init__(self) -> None:
        super().__init__(switch_z=1.0)


@register_strategy
class ChampionUniform(ChampionStrategy):
    """The championship player as it was before successive halving: every candidate simulated
    alike until the statistical pruning drops one."""

    name = "champion-uniform"

    def __init__(self) -> None:
        super().__init__(halving=False)


@register_strategy
class ChampionThreePlies(ChampionStrategy):
    """The championship player simulating 3 plies after each candidate instead of 2."""

    name = "champion-3ply"

    def __init__(self) -> None:
        super().__init__(plies=3)


@register_strategy
class ChampionFourPlies(ChampionStrategy):
    """The championship player simulating 4 plies after each candidate instead of 2."""

    name = "champion-4ply"

    def __init__(self) -> None:
        super().__init__(plies=4)


class _OldPass(EquityStrategy):
    """Values a pass at the table's value of the whole rack, known or not (the table's
    ``missing`` value, 0, for a full rack of 7): the hole that passed with bad racks."""

    def pass_value(self, situation: Situation, table: LeaveTable | None) -> float | None:
        valuer = Valuer(situation, table, self.not_out_penalty)
        return valuer.keep_value(valuer.rack_tiles)


@register_strategy
class OldEquity(_OldPass):
    """The equity player before the fixes: the old pass, no constant for not going out, no
    opening vowel penalty."""

    name = "equity-old"
    not_out_penalty = 0.0
    vowel_penalty = 0.0


@register_strategy
class OldPassOnly(_OldPass):
    """The fixed player but for the pass."""

    name = "equity-oldpass"


@register_strategy
class NoNotOutPenalty(EquityStrategy):
    """The fixed player without the constant for not going out."""

    name = "equity-nonotout"
    not_out_penalty = 0.0


@register_strategy
class NoVowelPenalty(EquityStrategy):
    """The fixed player without the opening vowel penalty."""

    name = "equity-novowel"
    vowel_penalty = 0.0


@register_strategy
class VowelPenalty(EquityStrategy):
    """The fixed player with MAGPIE's opening vowel penalty."""

    name = "equity-vowel"
    vowel_penalty = VOWEL_HOTSPOT_PENALTY


# --- simulating players -----------------------------------------------------------------------

_MOVE_CLOCK = [0.0, 0]  # CPU seconds and decisions of the simulating players in this process


def reset_move_clock() -> None:
    """Start counting the simulating players' CPU time afresh."""
    _MOVE_CLOCK[0], _MOVE_CLOCK[1] = 0.0, 0


def move_clock() -> float | None:
    """Mean CPU seconds of a simulating player's decision since :func:`reset_move_clock`
    (None before any; counts this process only: run the pairs with one worker)."""
    return round(_MOVE_CLOCK[0] / _MOVE_CLOCK[1], 3) if _MOVE_CLOCK[1] else None


class Simulator(Strategy):
    """Simulates ``candidates`` turns ``plies`` deep for ``iterations`` iterations a move
    (seeded by the position, so a game replays exactly) while the bag holds tiles; the equity
    player once it is empty.  ``old`` is the simulation before issue 25: candidates among
    the 40 highest-scoring placements and the best exchange, racks valued after refilling
    (a full rack is worth 0 to a 0-6 tile table: every horizon is worth 0, which a zero leave
    function gives exactly), ranked by mean spread."""

    name = "sim"
    candidates = 8
    plies = 2
    iterations = 48
    old = False
    choose_by = "win"

    def __init__(self) -> None:
        self.static = EquityStrategy()

    def decide(self, situation: Situation) -> Decision:
        if situation.bag_size == 0 or len(situation.scores) != 2:
            return self.static.decide(situation)
        started = time.process_time()
        board, rack = situation.board, situation.rack
        position = SimPosition.from_situation(situation)
        policy, leave = static_player("equity", situation.lexicon)
        if self.old:
            candidates = old_candidates(situation, leave, self.candidates)
            leave = _nothing
        else:
            candidates = policy_candidates(situation, policy, leave, self.candidates)
        seed = zlib.crc32(f"{board.to_text()}|{rack}|{situation.scores}".encode())
        result = simulate(position, candidates, policy, leave, plies=self.plies, iterations=self.iterations,
                          seed=seed, choose_by="equity" if self.old else self.choose_by)
        best = result.candidates[0].candidate
        _MOVE_CLOCK[0] += time.process_time() - started
        _MOVE_CLOCK[1] += 1
        return Decision(best.kind, best.move, best.tiles)


def _nothing(tiles: Iterable[str]) -> float:
    return 0.0


def old_candidates(situation: Situation, leave: Callable[[Iterable[str]], float],
                   limit: int) -> list[Candidate]:
    """The old simulation's candidates: the 40 (or 4 x ``limit``) highest-scoring placements
    valued by score plus leave, and the best exchange, the ``limit`` best of them."""
    rack = situation.rack
    moves = situation.rules.best_moves(situation.board, rack, situation.lexicon, limit=max(4 * limit, 40))
    found = [Candidate(TurnKind.PLACE, move,
                       static_equity=move.score + leave(remaining_after(rack, move.rack_tiles)))
             for move in moves]
    if situation.can_exchange and len(rack):
        kept, value = best_keep(rack, leave)
        returned = rack.alphabet.format(remaining_after(rack, rack.alphabet.parse(kept)))
        found.append(Candidate(TurnKind.EXCHANGE, tiles=returned, static_equity=value))
    if not found:
        found.append(Candidate(TurnKind.PASS, static_equity=leave(rack.tiles())))
    found.sort(key=lambda c: -c.static_equity)
    return found[:limit]


def register_simulators(candidates: int, plies: int, iterations: int) -> dict[str, str]:
    """Register the new simulation (ranked by win probability and by spread) and the old one
    with these settings; their names by role (``new``, ``new-equity``, ``old``)."""
    names = {}
    roles = (("new", False, "win"), ("new-equity", False, "equity"), ("old", True, "equity"))
    for role, old, choose_by in roles:
        name = f"sim-{role}-{candidates}x{plies}x{iterations}"
        attributes = {"name": name, "candidates": candidates, "plies": plies, "iterations": iterations,
                      "old": old, "choose_by": choose_by}
        register_strategy(type(f"Simulator{role.title().replace('-', '')}", (Simulator,), attributes))
        names[role] = name
    return names
