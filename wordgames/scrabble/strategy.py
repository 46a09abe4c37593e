"""Computer players: how a computer chooses its turn.

A :class:`Strategy` looks at a :class:`Situation` (the board, its rack, the rules, the bag
size) and returns a :class:`Decision`: a move to place, tiles to exchange, or a pass.  Two
strategies are registered by name:

* ``greedy`` plays the highest-scoring legal move (ties broken by the engine's move order);
  with no legal move it exchanges its whole rack when the bag allows, else it passes.
* ``leave`` weighs each of the top-scoring moves by score plus the value of the tiles it keeps
  (:func:`wordgames.scrabble.leave.leave_value`), and also considers exchanging for the best
  possible leave.  Once the bag is empty the kept tiles cannot be refilled, so it plays like
  ``greedy``.

Both are deterministic: the same situation always gives the same decision.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.board import Board
from wordgames.scrabble.leave import leave_value
from wordgames.scrabble.move import Move
from wordgames.scrabble.rules import RuleSet
from wordgames.scrabble.tiles import Rack
from wordgames.scrabble.turn import TurnKind


@dataclass(frozen=True)
class Situation:
    """What a computer player may look at when it chooses a turn."""

    board: Board
    rack: Rack
    lexicon: Lexicon
    rules: RuleSet
    bag_size: int
    can_exchange: bool


@dataclass(frozen=True)
class Decision:
    """A chosen turn: PLACE ``move``, EXCHANGE ``tiles``, or PASS."""

    kind: TurnKind
    move: Move | None = None
    tiles: str = ""


PASS = Decision(TurnKind.PASS)


class Strategy(ABC):
    """The interface of a computer player."""

    name: ClassVar[str]

    @abstractmethod
    def decide(self, situation: Situation) -> Decision:
        """The turn to play in ``situation``."""


class GreedyStrategy(Strategy):
    """Always the highest-scoring move; exchange everything (or pass) when there is none."""

    name = "greedy"

    def decide(self, situation: Situation) -> Decision:
        """The best-scoring move; costs one full move generation."""
        moves = situation.rules.best_moves(situation.board, situation.rack, situation.lexicon, limit=1)
        if moves:
            return Decision(TurnKind.PLACE, moves[0])
        if situation.can_exchange and len(situation.rack):
            return Decision(TurnKind.EXCHANGE, tiles=str(situation.rack))
        return PASS


def remaining_after(rack: Rack, tiles: Iterable[str]) -> list[str]:
    """The tiles left on ``rack`` once ``tiles`` are taken (lower case takes a blank)."""
    left = rack.counts()
    left.subtract(Rack(tiles).counts())
    return sorted(left.elements())


def best_keep(rack: Rack, leave: Callable[[Iterable[str]], float] = leave_value) -> tuple[str, float]:
    """The tiles to keep when exchanging (at least one tile goes back) that maximise
    ``leave``, with that value; ties go to keeping fewer tiles, then alphabetical order.
    Tries every distinct sub-multiset: at most 2**len(rack) leave evaluations."""
    tiles = rack.tiles()
    best: tuple[float, int, str] | None = None
    seen: set[str] = set()
    for size in range(len(tiles)):
        for kept in itertools.combinations(tiles, size):
            text = "".join(kept)
            if text in seen:
                continue
            seen.add(text)
            candidate = (-leave(kept), size, text)
            if best is None or candidate < best:
                best = candidate
    assert best is not None  # size 0 (keep nothing) is always tried
    return best[2], -best[0]


class LeaveStrategy(Strategy):
    """Score plus leave value over the top ``candidates`` moves and the best exchange."""

    name = "leave"

    def __init__(
        self, candidates: int = 20, leave: Callable[[Iterable[str]], float] = leave_value
    ) -> None:
        if candidates < 1:
            raise InvalidArgumentError("the leave strategy needs at least one candidate move")
        self.candidates = candidates
        self.leave = leave

    def decide(self, situation: Situation) -> Decision:
        """The move (or exchange) with the best score + leave; one move generation plus at
        most ``candidates`` leave evaluations and, when exchanging is allowed, a best-keep
        search over the rack."""
        rack = situation.rack
        moves = situation.rules.best_moves(
            situation.board, rack, situation.lexicon, limit=self.candidates
        )
        if situation.bag_size == 0:
            return Decision(TurnKind.PLACE, moves[0]) if moves else PASS
        best: Decision | None = None
        best_equity = float("-inf")
        # Moves come best-score first, so on equal equity the higher-scoring move wins.
        for move in moves:
            equity = move.score + self.leave(remaining_after(rack, move.tiles_used))
            if equity > best_equity:
                best, best_equity = Decision(TurnKind.PLACE, move), equity
        if situation.can_exchange and len(rack):
            kept, value = best_keep(rack, self.leave)
            if value > best_equity:
                returned = remaining_after(rack, kept)
                best = Decision(TurnKind.EXCHANGE, tiles="".join(returned))
        return best if best is not None else PASS


_STRATEGIES: dict[str, type[Strategy]] = {
    GreedyStrategy.name: GreedyStrategy,
    LeaveStrategy.name: LeaveStrategy,
}


def strategy_names() -> list[str]:
    """The registered strategy names."""
    return sorted(_STRATEGIES)


def get_strategy(name: str) -> Strategy:
    """A strategy by name (``greedy``, ``leave``), with its default settings."""
    try:
        return _STRATEGIES[name]()
    except (KeyError, TypeError):
        raise InvalidArgumentError(
            f"unknown strategy {name!r} (choose from {', '.join(strategy_names())})"
        ) from None
