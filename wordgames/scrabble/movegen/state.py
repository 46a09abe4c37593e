"""One search's rack and scoring: the rack as counts per letter index (the blank slot last),
the letters it holds as bit masks, its values, the hand size and bingo bonus, and the score
threshold below which the bounded search records nothing.  Also the compact record a search
emits for each move."""

from __future__ import annotations

from collections.abc import Callable

from wordgames.scrabble.core.tiles import BLANK, Rack, TileSet
from wordgames.scrabble.movegen.tables import LexiconTables

RawMove = tuple[int, bool, int, int, int, str]
"""A generated move before it becomes a :class:`Move`: (score, across, line, first square,
last square, word as it lies on the board with blanks in lower case)."""
Emit = Callable[[RawMove], None]

NO_BOUND = -(1 << 60)


class SearchState:
    """The rack and scoring constants of one search, and its threshold.

    ``counts`` is what the search has not used yet (changed in place as tiles go down and
    restored on the way back); ``rack`` keeps the whole rack."""

    def __init__(self, tables: LexiconTables, tile_set: TileSet, values: list[int], rack: Rack,
                 hand_size: int, bingo_bonus: int) -> None:
        counts = [0] * (len(tables.alphabet) + 1)
        for tile, count in rack.counts().items():
            if tile == BLANK:
                counts[-1] += count
            elif tile in tables.index:
                counts[tables.index[tile]] += count
        self.counts = counts
        self.rack = counts[:]
        self.blank = len(counts) - 1
        self.blanks_on_rack = counts[-1]
        self.rack_size = sum(counts)
        self.values = values
        self.tile_value = tile_set.value
        self.hand_size = hand_size
        self.bingo_bonus = bingo_bonus
        self.full = tables.full_mask
        held_all = 0  # the letters the whole rack holds real tiles of
        bit: int = 1  # a Python int when compiled too: a C long would overflow
        for i in range(self.blank):
            if counts[i]:
                held_all |= bit
            bit <<= 1
        self.held_all = held_all
        self.playable_all = held_all | (self.full if self.blanks_on_rack else 0)
        self.rack_values = sorted(
            (values[i] for i in range(self.blank) for _ in range(counts[i])), reverse=True
        )
        self.threshold = NO_BOUND
