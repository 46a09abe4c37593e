"""The classic move generator's public entry points: every legal move, their count, and the
best N by a bounded search, as :class:`Move` objects or compact records.

After Appel & Jacobson (1988), in parts a reader can name:

* :mod:`.tables` — what the generator learns about a lexicon (node expansions, cross-check
  sets), memoised per lexicon and alphabet;
* :mod:`.lines` — the board as lines (rows, and rows of the transposed board for down moves,
  so both directions run through one code path) with per square its cross-check set,
  cross-word score part, premiums and whether it is an anchor;
* :mod:`.state` — the rack as counts and bit masks, the scoring constants, the threshold;
* :mod:`.leftparts` — LeftPart: the left parts before an anchor, built once per search;
* :mod:`.extension` — ExtendRight: from a left part across the anchor and through the board;
* :mod:`.blanks` — the blank designations of each word found, without touching the lexicon;
* :mod:`.bound` — the best-move score bound of each placement;
* :mod:`.search` — one search over a board and rack, driving the parts above.

**Best moves.**  :meth:`MoveGenerator.best` finds the top N of a rack holding blanks without
generating every move: placements are searched best bound first, each left part is bounded
again with its own letters, blank assignments scoring below the N-th best are never built,
and the search stops when a bound falls below it.  (Bounding every placement costs more than
it saves for a rack without blanks, which gets one full generation.)
"""

from __future__ import annotations

import heapq

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Direction, Move, Placement
from wordgames.scrabble.core.scoring import DEFAULT_BINGO_BONUS, DEFAULT_HAND_SIZE
from wordgames.scrabble.core.tiles import BLANK, STANDARD_ENGLISH, Rack, TileSet
from wordgames.scrabble.movegen.lines import Orientation
from wordgames.scrabble.movegen.search import Search
from wordgames.scrabble.movegen.state import Emit, RawMove
from wordgames.scrabble.movegen.tables import LexiconTables, lexicon_tables

__all__ = ["MAX_ALPHABET", "LexiconTables", "MoveGenerator", "RawMove", "lexicon_tables"]

MAX_ALPHABET = 64
"""Letters a tile set may have for move generation: the search holds sets of letters as bit
masks, which the compiled core keeps in 64-bit integers."""


class MoveGenerator:
    """Generates classic-rules moves for any board, layout, rack (blanks ``?``, any number)
    and hand size from a lexicon's node walk (any backend).

    :meth:`moves` lists every distinct legal move; :meth:`best` the top N by a bounded
    search.  Both return :class:`Move` objects carrying their score and the words they form
    (main word first).  Lexicon look-ups are memoised per lexicon and alphabet across calls.
    A tile set of more than :data:`MAX_ALPHABET` letters is refused (InvalidArgumentError).
    """

    def __init__(
        self,
        lexicon: Lexicon,
        tile_set: TileSet = STANDARD_ENGLISH,
        hand_size: int = DEFAULT_HAND_SIZE,
        bingo_bonus: int = DEFAULT_BINGO_BONUS,
    ) -> None:
        if len(tile_set.letters) > MAX_ALPHABET:
            raise InvalidArgumentError(
                f"a tile set of {len(tile_set.letters)} letters: move generation takes at most {MAX_ALPHABET}"
            )
        self.lexicon = lexicon
        self.tile_set = tile_set
        self.hand_size = hand_size
        self.bingo_bonus = bingo_bonus
        self.alphabet = tile_set.letters
        self.tables = lexicon_tables(lexicon, self.alphabet)
        self.values = [tile_set.value(letter) for letter in self.alphabet]

    def _search(self, board: Board, rack: Rack, emit: Emit) -> Search:
        return Search(self.tables, self.lexicon, self.tile_set, self.values, self.hand_size,
                      self.bingo_bonus, board, rack, emit)

    def raw_moves(self, board: Board, rack: Rack) -> tuple[list[RawMove], list[Orientation]]:
        """Every distinct legal move as a compact :data:`RawMove` record, with the two
        orientations (across, down) the records refer to; no :class:`Move` is built."""
        records: list[RawMove] = []
        search = self._search(board, rack, records.append)
        search.generate_all()
        return records, search.orientations

    def moves(self, board: Board, rack: Rack, ordered: bool = False) -> list[Move]:
        """Every distinct legal move, scored; best first when ``ordered`` (ties in the
        engine's order are broken by the word with its blanks, real tiles first)."""
        records, orientations = self.raw_moves(board, rack)
        if ordered:
            records.sort(key=_record_key)
        shared: dict[tuple[int, int, str], Placement] = {}
        across, down = orientations
        return [_to_move(across if record[1] else down, record, shared) for record in records]

    def count(self, board: Board, rack: Rack) -> int:
        """How many distinct legal moves there are (no :class:`Move` is built)."""
        return len(self.raw_moves(board, rack)[0])

    def best(self, board: Board, rack: Rack, limit: int = 1, bounded: bool | None = None) -> list[Move]:
        """The ``limit`` best moves, best first: the same as the first ``limit`` of
        ``moves(board, rack, ordered=True)``.  With ``bounded`` they are found by the bounded
        search over placements; without, by one full generation.  By default the bounded
        search runs when the rack holds a blank: without one a full generation is cheaper
        than bounding every placement (measured: about 3 ms against 5 ms a midgame)."""
        if limit < 1:
            return []
        if bounded is None:
            bounded = rack.count(BLANK) > 0
        if not bounded:
            records, orientations = self.raw_moves(board, rack)
            top = heapq.nsmallest(limit, records, key=_record_key)
            return [_to_move(orientations[0 if record[1] else 1], record) for record in top]
        found: list[tuple[tuple[int, int, int, int, str, str], RawMove]] = []

        def emit(record: RawMove) -> None:
            found.append((_record_key(record), record))
            if len(found) >= 4 * limit + 16:
                keep_best()

        def keep_best() -> None:
            found.sort()
            del found[limit:]
            if len(found) == limit:
                search.state.threshold = found[-1][1][0]

        search = self._search(board, rack, emit)
        for span in search.spans():
            if span.bound < search.state.threshold:
                break
            search.run_span(span)
            if len(found) >= limit:
                keep_best()
        keep_best()
        return [_to_move(search.orientations[0 if raw[1] else 1], raw) for _key, raw in found]


def _record_key(record: RawMove) -> tuple[int, int, int, int, str, str]:
    """The engine's move order (:meth:`Move.sort_key`) for a record, then the word with
    its blanks so equal keys still sort one way."""
    score, across, line, first, _last, word = record
    row, col = (line, first) if across else (first, line)
    return (-score, row, col, 0 if across else 1, word.upper(), word)


def _to_move(orientation: Orientation, record: RawMove,
             shared: dict[tuple[int, int, str], Placement] | None = None) -> Move:
    """Turn a record of ``orientation`` into a :class:`Move` with its formed words.
    Placements are immutable, so moves built together may share them through ``shared``
    (keyed by square and tile), which saves most of the cost of building many moves."""
    score, across, index, first, last, word = record
    line = orientation.lines[index]
    tiles = line.tiles
    placed = []
    words = [word.upper()] if last > first else []
    for offset, char in enumerate(word):
        col = first + offset
        if tiles[col] is None:
            row, col_ = (index, col) if across else (col, index)
            placement = shared.get((row, col_, char)) if shared is not None else None
            if placement is None:
                placement = Placement(row, col_, char.upper(), char.islower())
                if shared is not None:
                    shared[(row, col_, char)] = placement
            placed.append(placement)
            if line.above[col] or line.below[col]:
                words.append(line.above[col] + char.upper() + line.below[col])
    if across:
        return Move(index, first, Direction.ACROSS, word, tuple(placed), score, tuple(words))
    return Move(first, index, Direction.DOWN, word, tuple(placed), score, tuple(words))
