"""The state an endgame search walks: a board changed in place, two racks as counts by tile
number, a known bag, Zobrist hashes.

A :class:`SearchPosition` is made once per search and changed in place: :meth:`make` plays a
move (or a pass) for the side to move and :meth:`unmake` takes it back, on one
:class:`~wordgames.scrabble.core.board.Board` whose move-generation arrays follow each change
(only the squares a move's tiles can affect are computed again), so the search never copies a
board.  Moves are :data:`CompactMove` pairs ``(score, codes)``, one code per tile put down
(``square << 8 | tile number``, the number with BLANK_BIT for a blank; squares numbered
row-major), the form the move generator hands out without building
:class:`~wordgames.scrabble.core.move.Move` objects.  Every change also updates a 64-bit
Zobrist hash of the board, both racks, the bag, the side to move and the run of scoreless
turns, which keys the transposition table and (without the side and the run) the move cache.

The bag is *known* (a list of tile numbers in the order they will be drawn): empty in an
endgame, one tile in each branch of a pre-endgame.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon.alphabet import BLANK_BIT
from wordgames.limits import MAX_HAND_SIZE
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.scoring import END_RULES
from wordgames.scrabble.core.tiles import BLANK, TileSet

BLANK_FLAG = BLANK_BIT
"""Set on a tile number in a move code when a blank plays it."""
_TILE = BLANK_BIT - 1  # a code's tile number without the blank bit
CompactMove = tuple[int, tuple[int, ...]]
"""``(score, codes)``: a placement as the search handles it."""
PASS: CompactMove = (0, ())
"""The pass as a compact move: no tiles, no points (:meth:`SearchPosition.make` also takes
None)."""

_SEED = 0x5EED_E6D  # any fixed number: keys must be the same from run to run
_SQUARE_KEYS: dict[int, list[int]] = {}


def _square_keys(squares: int) -> list[int]:
    """A key per (square, code byte) of a board of ``squares`` squares, made once per size."""
    keys = _SQUARE_KEYS.get(squares)
    if keys is None:
        rng = random.Random(_SEED + squares)
        keys = _SQUARE_KEYS[squares] = [rng.getrandbits(64) for _ in range(squares << 8)]
    return keys


class Zobrist:
    """Pseudo-random 64-bit keys, from fixed seeds, for every (square, tile), (player, tile,
    copy), (bag slot, tile), scoreless run and the side to move.  Each kind of feature has
    its own generator, so a key does not depend on the sizes of the others: two positions
    of one tile set and board size get the same keys whatever their racks."""

    def __init__(self, squares: int, tiles: int, copies: int, bag: int, limit: int) -> None:
        self.square = _square_keys(squares)
        self.copies = copies
        rack = random.Random(_SEED + 1)
        self.rack = [[rack.getrandbits(64) for _ in range(tiles * copies)] for _ in range(2)]
        slots = random.Random(_SEED + 2)
        self.bag = [[slots.getrandbits(64) for _ in range(tiles)] for _ in range(bag)]
        runs = random.Random(_SEED + 3)
        self.run = [runs.getrandbits(64) for _ in range(limit + 1)]
        self.side = random.Random(_SEED + 4).getrandbits(64)


@dataclass(frozen=True)
class Step:
    """What :meth:`SearchPosition.make` changed, for :meth:`SearchPosition.unmake`."""

    move: CompactMove | None
    drawn: tuple[int, ...]
    scoreless_before: int


class SearchPosition:
    """A two-player position with both racks and the bag known, changed in place.

    ``racks[0]`` belongs to the player to move at the start (the *mover*), as counts by tile
    number (index 0 the blanks); ``side`` is the index of the player to move now.
    ``live`` is the board as it stands (changed in place; read it, never change it), ``tiles``
    each square's tile number (0 empty, BLANK_BIT for a blank) and ``points`` what its tile
    scores.  ``scoreless`` is the current run of scoreless turns and ``limit`` the run that
    ends the game; ``end_rule`` one of END_RULES.
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
        if board.alphabet.tiles != tile_set.alphabet.tiles:
            raise InvalidArgumentError(
                "the board's tiles are numbered by another alphabet than the tile set's"
            )
        self.root = board.copy()
        self.live = board.copy()
        self.tile_set = tile_set
        self.alphabet = tile_set.alphabet
        self.blank = 0
        self.values = [0, *tile_set.number_values[1:]]
        self.rows, self.cols = board.rows, board.cols
        self.tiles = list(board.squares)
        self.points = [0 if number & BLANK_BIT else self.values[number] for number in self.tiles]
        self.racks = [Rack(rack, self.alphabet).number_counts() for rack in racks[:2]]
        self.sizes = [sum(self.racks[0]), sum(self.racks[1])]
        self.rack_points = [self._rack_points(0), self._rack_points(1)]
        bag_tiles = list(bag)
        Rack(bag_tiles, self.alphabet)  # raises for something that is not a tile
        self.bag = [0 if tile == BLANK else self.alphabet.number(tile) for tile in bag_tiles]
        self.scoreless = scoreless
        self.limit = limit
        self.end_rule = end_rule
        self.side = 0
        self.played: list[tuple[int, ...]] = []  # the codes of the placements made, in order
        # A rack holds at most MAX_HAND_SIZE tiles, so at most that many copies of one.
        self.zobrist = Zobrist(
            len(self.tiles), len(self.alphabet) + 1, MAX_HAND_SIZE + 1, len(self.bag), limit
        )
        self.board_hash = 0
        for square, number in enumerate(self.tiles):
            if number:
                self.board_hash ^= self.zobrist.square[square << 8 | number]
        self.rack_hash = [self._rack_hash(0), self._rack_hash(1)]
        self.bag_hash = self._bag_hash()

    # --- tiles as numbers -----------------------------------------------------------------------

    def tile_text(self, number: int) -> str:
        """The tile a rack number stands for, written (``?`` for the blank)."""
        return BLANK if number == 0 else self.alphabet.tile(number)

    # --- hashing --------------------------------------------------------------------------------

    def _rack_hash(self, player: int) -> int:
        value = 0
        keys, copies = self.zobrist.rack[player], self.zobrist.copies
        for tile, count in enumerate(self.racks[player]):
            for copy in range(count):
                value ^= keys[tile * copies + copy]
        return value

    def _bag_hash(self) -> int:
        value = 0
        for index, tile in enumerate(self.bag):
            value ^= self.zobrist.bag[index][tile]
        return value

    def _rack_points(self, player: int) -> int:
        return sum(count * value for count, value in zip(self.racks[player], self.values, strict=True))

    def key(self) -> int:
        """The transposition-table key: board, both racks, bag, side to move, scoreless run."""
        key = self.board_hash ^ self.rack_hash[0] ^ self.rack_hash[1] ^ self.bag_hash
        key ^= self.zobrist.run[self.scoreless]
        return key ^ self.zobrist.side if self.side else key

    def rack_key(self, player: int) -> int:
        """A hash of the board and one player's rack: the move cache's key."""
        return self.board_hash ^ self.rack_hash[player]

    # --- reading --------------------------------------------------------------------------------

    def rack(self, player: int) -> Rack:
        """A player's rack (a new :class:`Rack`)."""
        return Rack.of_numbers(
            [tile for tile, count in enumerate(self.racks[player]) for _ in range(count)], self.alphabet
        )

    def rack_tiles(self, player: int) -> list[str]:
        """A player's rack tiles, written, in tile order, blanks last."""
        return self.rack(player).tiles()

    def rack_text(self, player: int) -> str:
        """A player's rack in notation, tiles in order, blanks last (``"EIST?"``)."""
        return str(self.rack(player))

    def bag_tiles(self) -> list[str]:
        """The bag's tiles in drawing order."""
        return [self.tile_text(tile) for tile in self.bag]

    def board(self) -> Board:
        """The board as it stands now (a new :class:`Board`).  Cost: a copy of the board."""
        return self.live.copy()

    def compact(self, move: Move) -> CompactMove:
        """``move`` as the search handles it."""
        cols = self.cols
        codes = tuple(sorted((row * cols + col) << 8 | number for row, col, number in move.placed_numbers()))
        return move.score, codes

    # --- making moves ---------------------------------------------------------------------------

    def make(self, move: CompactMove | None) -> Step:
        """Play ``move`` (None = pass) for the side to move: tiles onto the board, off the
        rack, bag tiles drawn, the scoreless run updated, the turn passed.  Cost: O(tiles)."""
        drawn: tuple[int, ...] = ()
        score = 0
        if move is not None and move[1]:
            score, codes = move
            side = self.side
            square_keys = self.zobrist.square
            live = self.live
            for code in codes:
                square = code >> 8
                number = code & 255
                blank = number & BLANK_FLAG
                self.tiles[square] = number
                self.points[square] = 0 if blank else self.values[number]
                live.put(square, number)
                self.board_hash ^= square_keys[code]
                self._take(side, 0 if blank else number)
            self.played.append(codes)
            if self.bag:
                drawn = tuple(self.bag[: len(codes)])
                del self.bag[: len(codes)]
                for tile in drawn:
                    self._give(side, tile)
                self.bag_hash = self._bag_hash()
        step = Step(move, drawn, self.scoreless)
        self.scoreless = self.scoreless + 1 if score == 0 else 0
        self.side ^= 1
        return step

    def _take(self, player: int, tile: int) -> None:
        rack = self.racks[player]
        rack[tile] -= 1
        self.rack_hash[player] ^= self.zobrist.rack[player][tile * self.zobrist.copies + rack[tile]]
        self.sizes[player] -= 1
        self.rack_points[player] -= self.values[tile]

    def _give(self, player: int, tile: int) -> None:
        rack = self.racks[player]
        self.rack_hash[player] ^= self.zobrist.rack[player][tile * self.zobrist.copies + rack[tile]]
        rack[tile] += 1
        self.sizes[player] += 1
        self.rack_points[player] += self.values[tile]

    def unmake(self, step: Step) -> None:
        """Take back the move :meth:`make` returned ``step`` for."""
        self.side ^= 1
        self.scoreless = step.scoreless_before
        side = self.side
        if step.drawn:
            for tile in step.drawn:
                self._take(side, tile)
            self.bag[:0] = step.drawn
            self.bag_hash = self._bag_hash()
        if step.move is not None and step.move[1]:
            codes = step.move[1]
            self.played.pop()
            square_keys = self.zobrist.square
            live = self.live
            for code in codes:
                square = code >> 8
                self.tiles[square] = 0
                self.points[square] = 0
                live.put(square, 0)
                self.board_hash ^= square_keys[code]
                self._give(side, 0 if code & BLANK_FLAG else code & _TILE)

    # --- the end of the game --------------------------------------------------------------------

    def goes_out(self, move: CompactMove | None) -> bool:
        """Whether ``move`` by the side to move empties its rack with the bag empty (ends the
        game).  A pass never does."""
        return move is not None and not self.bag and len(move[1]) == self.sizes[self.side] > 0

    def frontier_value(self, move: CompactMove) -> int:
        """``move``'s value for the side to move when the position after it is valued by the
        racks (the horizon's guess: the opponent's view is the mover's rack left against its
        own): its score plus the points of the tiles it plays, against the racks; when it
        goes out (bag empty), its score plus twice the opponent's rack, the game's end.  A pass
        is worth the racks' difference either way."""
        score, codes = move
        side = self.side
        theirs = self.rack_points[side ^ 1]
        if self.goes_out(move):
            return score + 2 * theirs
        values = self.values
        played = sum(0 if code & BLANK_FLAG else values[code & _TILE] for code in codes)
        return score - (self.rack_points[side] - played) + theirs

    def final_adjustment(self, out: bool) -> int:
        """The end-of-game change in spread, for the side to move *now*, when the game ends
        in the current position: ``out`` True when the player who just moved (the other
        side) emptied its rack, False when the scoreless run ended it.  Both END_RULES give
        the same change in spread (they differ only in who gains and who loses it, see
        :func:`~wordgames.scrabble.core.scoring.end_of_game_adjustments`): twice the rack
        left when a player went out, else the difference of the racks."""
        me = self.rack_points[self.side]
        return -2 * me if out else self.rack_points[self.side ^ 1] - me
