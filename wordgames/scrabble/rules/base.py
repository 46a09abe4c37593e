"""Rule sets: one interface, several values (``simple`` from FIT1045, ``classic``).

A rule set is configured once (tile values, hand size...) and then judges moves, scores them
and generates them for any board, rack and lexicon.  The implementations are in
:mod:`~wordgames.scrabble.rules.simple` and :mod:`~wordgames.scrabble.rules.classic`; they are
chosen by name in :mod:`~wordgames.scrabble.rules.registry`.
"""

from __future__ import annotations

import heapq
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.lexicon.alphabet import BLANK_BIT
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.notation import format_square
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import BLANK, TileSet
from wordgames.scrabble.leaves.keeps import RackKeeps, by_equity

if TYPE_CHECKING:
    from wordgames.scrabble.movegen.generator import MoveGenerator


@dataclass(frozen=True)
class Verdict:
    """The judgement of a move.

    ``code`` is ``"VALID"`` or a short upper-case reason (classic rules use CS214's
    ``BAD START``, ``BAD MOVE``, ``BAD WORD``); ``word`` names the offending word where there is
    one; ``message`` is a sentence a user can read; a valid move carries its ``score`` and the
    ``words`` it forms (main word first).
    """

    code: str
    word: str | None = None
    message: str = ""
    score: int = 0
    words: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        """Whether the move is legal."""
        return self.code == "VALID"

    def __str__(self) -> str:
        return self.code if self.word is None else f"{self.code}: {self.word}"


class RuleSet(ABC):
    """The interface every rule set implements."""

    name: ClassVar[str]
    tile_set: TileSet
    hand_size: int
    count_tiles: bool = True
    """Whether :meth:`check_arguments` refuses more of a tile than the full bag holds; off
    only for composed positions (puzzles, other engines' test positions)."""

    def check_arguments(
        self, board: Board, lexicon: Lexicon, rack: Rack | None = None, move: Move | None = None
    ) -> None:
        """The checks every entry point runs before judging or searching: the arguments'
        types (InvalidArgumentTypeError), a rack of at most ``hand_size`` tiles from this
        rule set's tile set, a board holding only tiles of it, and, when the tile set counts
        its tiles, no more of a tile on the board and the rack together than the full bag
        holds (four blanks or six Z are refused; InvalidArgumentError).  A letter outside the
        tile set is refused the same way wherever it comes from.  Cost: one pass over the
        board."""
        require_type(board, Board, "the board")
        require_type(lexicon, Lexicon, "the lexicon")
        if move is not None:
            require_type(move, Move, "the move")
        self._check_position(board, rack)
        if self.count_tiles:
            excess = self._excess(board, rack)
            if excess is not None:
                raise InvalidArgumentError(excess)

    def _check_position(self, board: Board, rack: Rack | None) -> None:
        """The board's and the rack's part of :meth:`check_arguments`, counts aside."""
        require_type(board, Board, "the board")
        tile_set = self.tile_set
        if rack is not None:
            require_type(rack, Rack, "the rack")
            if len(rack) > self.hand_size:
                raise InvalidArgumentError(
                    f"the rack {rack} holds {len(rack)} tiles; a rack holds at most {self.hand_size}"
                )
            for tile in rack.tiles():
                if not tile_set.holds(tile):
                    raise InvalidArgumentError(
                        f"the rack {rack} holds {tile!r}, which is not a tile of this tile set "
                        f"({tile_set.alphabet.format(tile_set.tiles)} and {BLANK!r})"
                    )
        if not (board.alphabet.tiles == tile_set.alphabet.tiles and
                not board.squares.translate(None, _held_numbers(tile_set))):
            for row, col, tile in board.tiles():
                upper = board.alphabet.upper(tile)
                if not tile_set.holds(upper):
                    raise InvalidArgumentError(
                        f"the board holds {tile!r} on {format_square(row, col)}, which is not a tile "
                        f"of this tile set ({tile_set.alphabet.format(tile_set.tiles)})"
                    )

    def tile_excess(self, board: Board, rack: Rack | None = None) -> str | None:
        """What the board (a played blank counts as a blank) and the rack hold beyond the tile
        set's full bag, said in words ("the board and the rack hold 2 Q; the tile set has
        1"), or None when they fit (or the tile set gives values only, as a FIT1045 scores
        file), whatever ``count_tiles`` says.  The board and the rack are checked as
        :meth:`check_arguments` checks them.  Cost: one pass over the board."""
        self._check_position(board, rack)
        return self._excess(board, rack)

    def _excess(self, board: Board, rack: Rack | None) -> str | None:
        """:meth:`tile_excess` of a checked board and rack (a C-level count of its squares)."""
        tile_set = self.tile_set
        if not tile_set.counts:
            return None
        used: Counter[int] = Counter()
        for number, count in Counter(self.board_for(board).squares).items():
            if number:
                used[0 if number & BLANK_BIT else number] += count
        if rack is not None:
            for number, count in enumerate(rack.counts_in(tile_set.alphabet)):
                used[number] += count
        limits = tile_set.number_counts
        for number, count in sorted(used.items()):
            if count > limits[number]:
                where = "the board and the rack hold" if rack is not None else "the board holds"
                shown = "blanks" if number == 0 else tile_set.alphabet.format_tiles([number])
                return f"{where} {count} {shown}; the tile set has {limits[number]}"
        return None

    def board_for(self, board: Board) -> Board:
        """``board`` with its tiles numbered by this rule set's tile set: itself when they
        are already, else a copy renumbered by the tiles' forms (a board made without the
        tile set's alphabet).  InvalidArgumentError for a tile the tile set lacks."""
        require_type(board, Board, "the board")
        if board.alphabet.tiles == self.tile_set.alphabet.tiles:
            return board
        return board.with_alphabet(self.tile_set.alphabet)

    def check_search(self, board: Board, lexicon: Lexicon, rack: Rack, limit: int | None = None) -> None:
        """:meth:`check_arguments` for a move search, which needs a rack, and a ``limit``
        that is None or a whole number >= 0."""
        require_type(rack, Rack, "the rack")
        self.check_arguments(board, lexicon, rack)
        if limit is not None:
            require_int(limit, "the limit", 0)

    @abstractmethod
    def check(self, board: Board, move: Move, lexicon: Lexicon, rack: Rack | None = None) -> Verdict:
        """Judge ``move`` on ``board`` (not modified); with ``rack``, also that the rack holds
        the placed tiles.  A valid verdict carries the score."""

    @abstractmethod
    def generate_moves(self, board: Board, rack: Rack, lexicon: Lexicon) -> Iterator[Move]:
        """Every distinct legal move for ``rack`` on ``board``, scored, in no set order."""

    def move_generator(self, lexicon: Lexicon) -> MoveGenerator | None:
        """The move generator of these rules over ``lexicon``, for searches that play and take
        back moves on one board (the endgame); None where these rules have none (then use
        :meth:`generate_moves`)."""
        require_type(lexicon, Lexicon, "the lexicon")
        return None

    def count_moves(self, board: Board, rack: Rack, lexicon: Lexicon) -> int:
        """How many distinct legal moves ``rack`` has on ``board``, without building them
        (this generic version counts :meth:`generate_moves`)."""
        self.check_search(board, lexicon, rack)
        return sum(1 for _ in self.generate_moves(board, rack, lexicon))

    def best_moves(
        self, board: Board, rack: Rack, lexicon: Lexicon, limit: int | None = None
    ) -> list[Move]:
        """The legal moves best first (score, then row, column, across before down, word);
        all of them, or the first ``limit`` (a whole number >= 0)."""
        self.check_search(board, lexicon, rack, limit)
        moves = self.generate_moves(board, rack, lexicon)
        if limit is None:
            return sorted(moves, key=Move.sort_key)
        return heapq.nsmallest(limit, moves, key=Move.sort_key)

    def best_moves_by_equity(
        self, board: Board, rack: Rack, lexicon: Lexicon, keeps: RackKeeps, limit: int | None = 1,
        *, checked: bool = False
    ) -> list[tuple[float, Move]]:
        """(equity, move), best first: the ``limit`` best moves by score plus the value of
        their leave in ``keeps`` (made for ``rack`` over this rule set's letters) and any
        later move of the same equity as the last; all moves with ``limit`` None.  Equal
        equities come in :meth:`best_moves` order.  InvalidArgumentError for keeps made for
        another rack.  This generic version values every move.

        ``checked``: the caller vouches that :meth:`check_search` would pass (a position the
        engine derived from a checked one by legal moves and draws, as a simulation's or an
        inference's), so it is not run again; it costs a pass over the board, about as much
        as a midgame move search's own overhead.  The keeps are checked either way."""
        if not checked:
            self.check_search(board, lexicon, rack, limit)
        require_type(keeps, RackKeeps, "the keeps")
        keeps.require(self.tile_set.alphabet, rack)
        return by_equity(self.generate_moves(board, rack, lexicon), keeps, limit, Move.sort_key)



def _held_numbers(tile_set: TileSet) -> bytes:
    """The board numbers of ``tile_set``'s tiles (plain and as played blanks) and of an empty
    square: a board whose squares all are among them holds only the tile set's tiles."""
    numbers = [0]
    for number, tile in enumerate(tile_set.alphabet.tiles, 1):
        if tile in tile_set.values:
            numbers += [number, number | BLANK_BIT]
    return bytes(numbers)
