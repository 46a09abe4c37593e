"""The state an endgame search walks: one board, two racks, a known bag, Zobrist hashes.

A :class:`SearchPosition` is made once per search and changed in place: :meth:`make` plays a
move (or a pass) for the side to move and :meth:`unmake` takes it back, so the search never
copies a board.  Every change also updates a 64-bit Zobrist hash of the board, both racks,
the bag, the side to move and the run of scoreless turns, which keys the transposition table
and (without the side and the run) the move cache.

The bag is *known* (a tuple of tiles in the order they will be drawn): empty in an endgame,
one tile in each branch of a pre-endgame.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from wordgames.errors import InvalidArgumentError
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.scoring import END_RULES, end_of_game_adjustments, rack_value
from wordgames.scrabble.core.tiles import BLANK, Rack, TileSet

_ZOBRIST_KEY = b"wordgames endgame"  # any fixed bytes: keys must be the same from run to run


class Zobrist:
    """Pseudo-random 64-bit keys for every (square, tile), (player, tile, copy), bag slot,
    side and scoreless run.  A key is a hash of the feature itself (remembered once made), so
    it does not depend on the order features are first met: every position and every run
    gives a feature the same key."""

    def __init__(self) -> None:
        self._keys: dict[tuple[object, ...], int] = {}
        self.side = self.key("side")

    def key(self, *what: object) -> int:
        """The key of one feature (a tuple of small values)."""
        value = self._keys.get(what)
        if value is None:
            digest = hashlib.blake2b(repr(what).encode("utf-8"), digest_size=8, key=_ZOBRIST_KEY)
            value = self._keys[what] = int.from_bytes(digest.digest(), "little")
        return value


def placement_key(move: Move | None) -> tuple[object, ...]:
    """A hashable name of a move within one position: its placements (empty for a pass)."""
    return () if move is None else move.placed


@dataclass(frozen=True)
class Step:
    """What :meth:`SearchPosition.make` changed, for :meth:`SearchPosition.unmake`."""

    move: Move | None
    drawn: tuple[str, ...]
    scoreless_before: int


class SearchPosition:
    """A two-player position with both racks and the bag known, changed in place.

    ``racks[0]`` belongs to the player to move at the start (the *mover*); ``side`` is the
    index of the player to move now.  ``scoreless`` is the current run of scoreless turns and
    ``limit`` the run that ends the game; ``end_rule`` one of END_RULES.
    """

    def __init__(
        self,
        board: Board,
        racks: tuple[Iterable[str], Iterable[str]],
        tile_set: TileSet,
        *,
        bag: Iterable[str] = (),
        scoreless: int = 0,
        limit: int = 6,
        end_rule: str = "usc",
    ) -> None:
        if end_rule not in END_RULES:
            raise InvalidArgumentError(
                f"unknown end-of-game rule {end_rule!r} (choose from {', '.join(END_RULES)})"
            )
        if not 0 <= scoreless < limit:
            raise InvalidArgumentError(
                f"the scoreless-turn run {scoreless} must be from 0 to {limit - 1} (the limit ends the game)"
            )
        self.board = board.copy()
        self.tile_set = tile_set
        self.racks = [Counter(Rack(racks[0]).tiles()), Counter(Rack(racks[1]).tiles())]
        self.bag = list(bag)
        Rack(self.bag)  # raises for something that is not a tile
        self.scoreless = scoreless
        self.limit = limit
        self.end_rule = end_rule
        self.side = 0
        self.zobrist = Zobrist()
        self.board_hash = 0
        for row, col, tile in self.board.tiles():
            self.board_hash ^= self.zobrist.key("sq", row, col, tile)
        self.rack_hash = [self._rack_hash(0), self._rack_hash(1)]
        self.bag_hash = self._bag_hash()

    # --- hashing --------------------------------------------------------------------------------

    def _rack_hash(self, player: int) -> int:
        value = 0
        for tile, count in self.racks[player].items():
            for copy in range(count):
                value ^= self.zobrist.key("rack", player, tile, copy)
        return value

    def _bag_hash(self) -> int:
        value = 0
        for index, tile in enumerate(self.bag):
            value ^= self.zobrist.key("bag", index, tile)
        return value

    def key(self) -> int:
        """The transposition-table key: board, both racks, bag, side to move, scoreless run."""
        key = self.board_hash ^ self.rack_hash[0] ^ self.rack_hash[1] ^ self.bag_hash
        key ^= self.zobrist.key("run", self.scoreless)
        return key ^ self.zobrist.side if self.side else key

    def rack_text(self, player: int) -> str:
        """A player's rack as sorted text (blanks last), e.g. ``"EIST?"``."""
        return "".join(sorted(self.racks[player].elements(), key=lambda tile: (tile == BLANK, tile)))

    def rack_points(self, player: int) -> int:
        """The face value of a player's rack (blanks 0)."""
        return rack_value(self.racks[player].elements(), self.tile_set)

    def rack_tiles(self, player: int) -> list[str]:
        """A player's rack tiles."""
        return list(self.racks[player].elements())

    # --- making moves ---------------------------------------------------------------------------

    def _take(self, player: int, tile: str) -> None:
        rack = self.racks[player]
        rack[tile] -= 1
        self.rack_hash[player] ^= self.zobrist.key("rack", player, tile, rack[tile])
        if not rack[tile]:
            del rack[tile]

    def _give(self, player: int, tile: str) -> None:
        rack = self.racks[player]
        self.rack_hash[player] ^= self.zobrist.key("rack", player, tile, rack[tile])
        rack[tile] += 1

    def make(self, move: Move | None) -> Step:
        """Play ``move`` (None = pass) for the side to move: tiles onto the board, off the
        rack, bag tiles drawn, the scoreless run updated, the turn passed.  Cost: O(tiles)."""
        drawn: tuple[str, ...] = ()
        score = 0
        if move is not None:
            score = move.score
            for placement in move.placed:
                self.board.place(placement.row, placement.col, placement.tile)
                self.board_hash ^= self.zobrist.key("sq", placement.row, placement.col, placement.tile)
                self._take(self.side, placement.rack_tile)
            if self.bag:
                drawn = tuple(self.bag[: len(move.placed)])
                del self.bag[: len(move.placed)]
                for tile in drawn:
                    self._give(self.side, tile)
                self.bag_hash = self._bag_hash()
        step = Step(move, drawn, self.scoreless)
        self.scoreless = self.scoreless + 1 if score == 0 else 0
        self.side ^= 1
        return step

    def unmake(self, step: Step) -> None:
        """Take back the move :meth:`make` returned ``step`` for."""
        self.side ^= 1
        self.scoreless = step.scoreless_before
        if step.drawn:
            for tile in step.drawn:
                self._take(self.side, tile)
            self.bag[:0] = step.drawn
            self.bag_hash = self._bag_hash()
        if step.move is not None:
            for placement in step.move.placed:
                self.board.remove(placement.row, placement.col)
                self.board_hash ^= self.zobrist.key("sq", placement.row, placement.col, placement.tile)
                self._give(self.side, placement.rack_tile)

    # --- the end of the game --------------------------------------------------------------------

    def goes_out(self, move: Move | None) -> bool:
        """Whether ``move`` by the side to move empties its rack with the bag empty (ends the
        game).  A pass never does."""
        if move is None or len(self.bag) >= 1:
            return False
        return len(move.placed) == sum(self.racks[self.side].values())

    def final_adjustment(self, out: bool) -> int:
        """The end-of-game change in spread, for the side to move *now*, when the game ends
        in the current position: ``out`` True when the player who just moved (the other
        side) emptied its rack, False when the scoreless run ended it.  Counted by
        :func:`~wordgames.scrabble.core.scoring.end_of_game_adjustments`, as the game does."""
        me, other = self.side, self.side ^ 1
        racks = [self.rack_tiles(me), self.rack_tiles(other)]
        changes = end_of_game_adjustments(racks, self.tile_set, 1 if out else None, self.end_rule)
        return changes[0] - changes[1]
