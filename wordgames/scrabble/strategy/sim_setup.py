"""What a simulation and a review start from: the static player (a registered strategy, named)
with the leave function it values kept tiles with, and the tiles the mover cannot see."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from wordgames.errors import InvalidArgumentError
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.tiles import BLANK, TileSet, rack_tile
from wordgames.scrabble.game.decision import Strategy, get_strategy
from wordgames.scrabble.strategy.leave import leave_value

LeaveFunction = Callable[[Iterable[str]], float]

DEFAULT_POLICY = "leave"
"""The registered strategy that plays both sides inside a simulation and judges turns in a
review: the best static player registered.  Switch to ``"equity"`` once the learned leave
tables land (a strategy exposing its leave function as a ``leave`` attribute)."""


def static_player(name: str = DEFAULT_POLICY) -> tuple[Strategy, LeaveFunction]:
    """A fresh instance of the registered strategy ``name`` and the leave function it values
    kept tiles with (its ``leave`` attribute, else the rule-of-thumb :func:`leave_value`),
    memoized by the multiset of tiles kept: a simulation values the same few thousand leaves
    over and over (a strategy's ``leave`` is replaced by the memoized one).  Raises
    InvalidArgumentError for an unknown name."""
    policy = get_strategy(name)
    own = getattr(policy, "leave", None)
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
