"""What a simulation and a review start from: the static player (a registered strategy, named)
with the leave function it values kept tiles with, the tiles the mover cannot see, and the
candidate turns it picks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.lexicon.alphabet import Alphabet
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.notation import format_standard_move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import BLANK, TileSet, rack_tile
from wordgames.scrabble.game.decision import Decision, Situation, Strategy, get_strategy
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.strategy.leave import leave_value, remaining_after, smaller_keeps

LeaveFunction = Callable[[Iterable[str]], float]

DEFAULT_POLICY = "equity"
"""The registered strategy that plays both sides inside a simulation and judges turns in a
review: the best static player registered, the equity player with its leave table."""


def _no_leave(tiles: Iterable[str]) -> float:
    """The leave function of a player without a leave table: every leave is worth 0."""
    return 0.0


def static_player(
    name: str = DEFAULT_POLICY, lexicon: Lexicon | None = None
) -> tuple[Strategy, LeaveFunction]:
    """A fresh instance of the registered strategy ``name`` and the leave function it values
    kept tiles with: its ``leave`` attribute; else, for a player with leave tables (a
    ``table_for(lexicon)`` method, as ``equity`` has) and a ``lexicon``, that table's values
    (0 for every leave when it has none); else the rule-of-thumb :func:`leave_value`.  The
    function is memoized by the multiset of tiles kept: a simulation values the same few
    thousand leaves over and over (a strategy's ``leave`` is replaced by the memoized one).
    Raises InvalidArgumentError for an unknown name."""
    policy = get_strategy(name)
    own = getattr(policy, "leave", None)
    table_for = getattr(policy, "table_for", None)
    if not callable(own) and callable(table_for) and lexicon is not None:
        table = table_for(lexicon)
        leave = memoized_leave(table.value if table is not None else _no_leave)
        return policy, leave
    leave = memoized_leave(own if callable(own) else leave_value)
    if callable(own):
        setattr(policy, "leave", leave)  # noqa: B010 - the attribute is not part of Strategy
    return policy, leave


LEAVE_CACHE_SIZE = 1 << 16
"""Distinct leaves a memoized leave function keeps before it starts afresh."""


def memoized_leave(leave: LeaveFunction) -> LeaveFunction:
    """``leave`` with its values cached by the sorted tiles kept (a pure function of the
    multiset is assumed); the cache is emptied when it reaches LEAVE_CACHE_SIZE entries."""
    cache: dict[tuple[str, ...], float] = {}

    def cached(tiles: Iterable[str]) -> float:
        key = tuple(sorted(tiles))
        value = cache.get(key)
        if value is None:
            if len(cache) >= LEAVE_CACHE_SIZE:
                cache.clear()
            value = cache[key] = leave(key)
        return value

    return cached


def unseen_tiles(board: Board, rack: Iterable[str], tile_set: TileSet) -> list[str]:
    """The tiles of the full distribution that are neither on ``board`` nor on ``rack``
    (a blank played on the board counts as a blank).  Raises InvalidArgumentError when the
    board and rack use more of a tile than the distribution holds."""
    left = Counter(tile_set.full_bag())
    seen = Counter(BLANK if tile.islower() else tile for _, _, tile in board.tiles())
    seen.update(rack_tile(tile) for tile in rack)
    over = seen - left
    if over:
        raise InvalidArgumentError(
            f"the board and rack hold more {''.join(sorted(over))} than the tile set has"
        )
    left.subtract(seen)
    return sorted(left.elements())


def check_unseen(unseen: Iterable[str], tile_set: TileSet) -> None:
    """InvalidArgumentError unless each of ``unseen`` is a tile of ``tile_set`` as a rack or
    the bag holds it (upper case, ``?`` a blank)."""
    for tile in sorted(set(unseen)):
        if not tile_set.holds(tile):
            raise InvalidArgumentError(f"the unseen tile {tile!r} is not a tile of this tile set")


@dataclass(frozen=True)
class Candidate:
    """A turn to simulate: a placement, an exchange (``tiles`` go back) or a pass."""

    kind: TurnKind
    move: Move | None = None
    tiles: str = ""
    static_equity: float = 0.0

    @property
    def score(self) -> int:
        """Points the turn scores."""
        return self.move.score if self.move is not None else 0

    def plays(self, decision: Decision, alphabet: Alphabet) -> bool:
        """Whether this candidate is the turn ``decision`` plays (an exchange's tiles, in
        ``alphabet``'s notation, compared as tile numbers)."""
        if decision.kind is not self.kind:
            return False
        if self.kind is TurnKind.PLACE:
            return decision.move == self.move
        parse = alphabet.parse_tiles
        return self.kind is TurnKind.PASS or sorted(parse(decision.tiles)) == sorted(parse(self.tiles))

    def label(self, tile_set: TileSet | None = None) -> str:
        """How the candidate is written: ``8H WORD``, ``exchange ABC`` or ``pass``; tiles in
        ``tile_set``'s notation when given (``exchange [QU]``)."""
        show = tile_set.show if tile_set is not None else str
        if self.kind is TurnKind.EXCHANGE:
            return f"exchange {show(self.tiles)}"
        if self.kind is TurnKind.PASS or self.move is None:
            return "pass"
        return format_standard_move(self.move, tile_set=tile_set)


def static_candidates(
    board: Board,
    rack: Rack,
    lexicon: Lexicon,
    rules: RuleSet,
    leave: LeaveFunction,
    *,
    limit: int = 10,
    can_exchange: bool = True,
) -> list[Candidate]:
    """The ``limit`` best turns by static equity (score plus the leave's value of the tiles
    kept): every placement and, when ``can_exchange``, every distinct exchange; a pass when
    nothing else is possible.  Equal equities keep the engine's move order, placements
    before exchanges.  Cost: one full move generation and a leave evaluation per move."""
    if limit < 1:
        raise InvalidArgumentError("at least one candidate is needed")
    found = [
        Candidate(
            TurnKind.PLACE, move, static_equity=move.score + leave(remaining_after(rack, move.rack_tiles))
        )
        for move in rules.best_moves(board, rack, lexicon)
    ]
    if can_exchange and len(rack):
        for kept in smaller_keeps(rack):
            returned = rack.alphabet.format(remaining_after(rack, kept))
            found.append(Candidate(TurnKind.EXCHANGE, tiles=returned, static_equity=leave(kept)))
    if not found:
        found.append(Candidate(TurnKind.PASS, static_equity=leave(rack.tiles())))
    found.sort(key=lambda c: -c.static_equity)
    return found[:limit]


def policy_candidates(situation: Situation, policy: Strategy, leave: LeaveFunction,
                      limit: int = 10) -> list[Candidate]:
    """The ``limit`` best turns as the static player ``policy`` ranks them: by its own
    valuation where it lists one (a ``choices(situation)`` method, as the equity player's:
    the end of the game and its adjustments counted), else by :func:`static_candidates`;
    a pass of unknown value only when nothing else is legal.  The turn ``policy`` would play
    is always among them (in the last place when its ranking left it out).  Cost: a full
    move generation and one decision of ``policy``."""
    if limit < 1:
        raise InvalidArgumentError("at least one candidate is needed")
    listed = getattr(policy, "choices", None)
    found: list[Candidate]
    if callable(listed):
        every = listed(situation)
        ranked = [choice for choice in every if not getattr(choice, "last_resort", False)] or every[:1]
        found = [Candidate(choice.kind, choice.move, choice.tiles, choice.equity)
                 for choice in ranked[:limit]]
    else:
        found = static_candidates(situation.board, situation.rack, situation.lexicon, situation.rules, leave,
                                  limit=limit, can_exchange=situation.can_exchange)
    best = policy.decide(situation)
    if not any(candidate.plays(best, situation.rack.alphabet) for candidate in found):
        found = [*found[: limit - 1], Candidate(best.kind, best.move, best.tiles, _static_value(found, best))]
    return found


def _static_value(found: list[Candidate], decision: Decision) -> float:
    """A static value to show for the policy's own turn when its ranking left it out (the
    lowest listed: it was not valued above them)."""
    return min((candidate.static_equity for candidate in found), default=0.0)
