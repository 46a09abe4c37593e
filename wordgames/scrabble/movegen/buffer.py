# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The move search's working state: one :class:`WorkingBuffer` holding everything a search
reads and writes, in named fields, and the layout of the move records it fills.

The algorithms that use it are module functions taking the buffer as their first argument,
one implementation each: :mod:`.records` (recording moves, blank designations, the bounds of
the best-move search), :mod:`.equity` (ranking by equity), :mod:`.kernel` (the search
itself).  A buffer belongs to one lexicon, set of tile values, hand size and bingo bonus; it
is reused from search to search (one search at a time), so a search allocates nothing once
its arrays have grown to fit.

Each move found is one record of :data:`RECORD` integers in ``records`` — its score,
orientation (1 across, 0 down), line, first and last square, where its tiles start in
``tiles``, and the mask of the squares it fills (``R_SCORE`` ... ``R_NEW``) — and its main
word's tile numbers (board tiles included, ``n | BLANK_FLAG`` for a blank) in ``tiles``.

C types are declared in ``buffer.pxd``.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

from wordgames.lexicon.alphabet import BLANK_BIT
from wordgames.scrabble.movegen.board_arrays import KernelLexicon, _zeros

NO_BOUND = -(1 << 60)
"""The threshold of a search that keeps every move."""
RECORD = 7
"""Integers per move record (the fields below)."""
R_SCORE = 0
R_ACROSS = 1
R_LINE = 2
R_FIRST = 3
R_LAST = 4
R_TILES = 5
"""Where the record's tiles start in the tile buffer."""
R_NEW = 6
"""Bit ``i`` set when the move fills square ``first + i``."""
BLANK_FLAG = BLANK_BIT
"""Set on a tile number in the tile buffer when a blank plays it."""


class WorkingBuffer:
    """The scratch state of the move search for one lexicon, tile values, hand size and bingo
    bonus (see the module docstring).  After a search, ``records[:count * RECORD]`` holds the
    moves found and ``tiles[:used_tiles]`` their tiles; after a search by equity,
    ``equities[:count]`` their equities.

    Fields, by concern:

    * the lexicon: ``masks``, ``first``, ``height`` (the node table of a
      :class:`~.board_arrays.KernelLexicon`), ``letter_count`` tiles numbered 1..letter_count,
      ``full`` the mask of all of them;
    * scoring: ``values`` (points by tile number, 0 the blank), ``hand_size``, ``bingo``;
    * the board (a :class:`~.board_arrays.BoardState`, see :meth:`use_board`): ``board``,
      ``rows``, ``cols``, ``squares`` and its per-square arrays ``tile``, ``full_tile``,
      ``tile_points``, ``cross``, ``cross_points``, ``cross_length``, ``lm``, ``wm``,
      ``anchor``, ``next_square``, ``run_points``;
    * the rack: ``rack`` (counts by tile number, index 0 the blanks, as given), ``counts``
      (what is still held as the search lays tiles), ``rack_size``, ``blanks_on_rack``,
      ``held_all`` (mask of the real tiles held), ``playable_all`` (every tile while a blank
      is held), ``max_value`` (the rack's most valuable real tile);
    * where the search is: ``across``, ``line``, ``line_base`` (the line's first square in
      the arrays), ``length``, ``last``, ``start`` (first square of the word being built) and
      ``word`` (the tiles of the line as the search lays them);
    * the left parts (see :mod:`.kernel`): rows of ``lp_masks`` and ``lp_fields``,
      ``prefixes`` of them up to ``depth`` tiles, indexed by length in ``by_level`` from
      ``level_start``; the tiles that may follow each left part before a board tile,
      memoised in ``leads`` / ``lead_done`` in the slot ``lead_slot[tile]`` (``lead_slots``
      used);
    * blank designation: ``uses``, ``offsets``, ``losses``, ``chosen``, ``flags`` (per placed
      square of the word being designated);
    * the bounds of the best-move search: ``bounded`` (whether paths are bounded),
      ``most_points``, ``most_mult``, ``most_cross``, ``most_lm``;
    * the records: ``records``, ``tiles``, ``count``, ``used_tiles``; ``keep`` (the best
      moves wanted, 0 for all), ``top`` (the ``keep`` best scores seen) and ``threshold``
      (the least score still recorded);
    * ranking by equity: ``by_equity`` (the mode: the one recording step values each move),
      ``keep_values``, ``radix``, ``full_index``, ``best_keep`` (the rack's keep numbering
      and values), ``top_equity`` (the ``keep`` best equities seen), ``equities``;
    * the anchors' bounds (:func:`.equity.anchor_equity`): ``size_best`` (the best value of
      a keep of each size, 0 by score), ``ranks``, ``rank_tiles`` and ``rank_sums`` (the
      rack's tile values, most first, their tiles, and the values' running sums), and
      scratch: ``keep_places`` (for numbering keeps), ``shadow_lm`` and ``shadow_cross`` (for
      one walk along a line);
    * the best-first order of anchors: ``anchor_bounds`` and ``anchor_squares``;
    * ``pool``: the list the buffer goes back to after use (see the generator).
    """

    def __init__(self, lexicon: KernelLexicon, values: Sequence[int], hand_size: int,
                 bingo_bonus: int) -> None:
        """``values``: each tile's points by tile number, index 0 the blank (0)."""
        self.masks = lexicon.masks
        self.first = lexicon.first
        self.height = lexicon.height
        self.letter_count = len(values) - 1
        letters: int = self.letter_count  # a Python int: the shift must not overflow a C long
        self.full = (1 << letters) - 1
        self.values = _zeros("q", len(values))
        for t in range(len(values)):
            self.values[t] = values[t]
        self.hand_size = hand_size
        self.bingo = bingo_bonus
        self.board: Any = None
        self.rows = 0
        self.cols = 0
        self.squares = 0
        self.rack = _zeros("i", len(values))
        self.counts = _zeros("i", len(values))
        self.rack_size = 0
        self.blanks_on_rack = 0
        self.held_all = 0
        self.playable_all = 0
        self.max_value = 0
        self.across = 1
        self.line = 0
        self.line_base = 0
        self.length = 0
        self.last = 0
        self.start = 0
        self.word = _zeros("i", 1)
        # 64 left parts of LP_MASKS and LP_FIELDS integers (.kernel), grown together.
        self.lp_masks = _zeros("Q", 4 * 64)
        self.lp_fields = _zeros("q", 7 * 64)
        self.prefixes = 0
        self.depth = 0
        self.by_level = _zeros("q", 64)
        self.level_start = _zeros("q", 32)
        self.lead_slot = _zeros("i", len(values))
        self.lead_slots = 0
        self.leads = _zeros("Q", 64)
        self.lead_done = _zeros("B", 64)
        self.uses = _zeros("i", len(values))
        self.offsets = _zeros("i", 1)
        self.losses = _zeros("q", 1)
        self.chosen = _zeros("i", 1)
        self.flags = _zeros("i", 1)
        self.bounded = False
        self.most_points = _zeros("q", 1)
        self.most_mult = _zeros("q", 1)
        self.most_cross = _zeros("q", 1)
        self.most_lm = _zeros("q", 1)
        self.records = _zeros("q", 64 * RECORD)
        self.tiles = _zeros("B", 512)
        self.count = 0
        self.used_tiles = 0
        self.keep = 0
        self.top = _zeros("q", 1)
        self.threshold = NO_BOUND
        self.by_equity = False
        self.keep_values: Sequence[float] = array("d", [0.0])
        self.radix: Sequence[int] = _zeros("q", len(values))
        self.full_index = 0
        self.best_keep = 0.0
        self.top_equity = array("d", [float("-inf")])
        self.equities = array("d", bytes(8 * 64))
        self.size_best = array("d", bytes(8 * 17))
        self.ranks = _zeros("q", 16)
        self.rank_tiles = _zeros("q", 16)
        self.rank_sums = _zeros("q", 17)
        self.keep_places = _zeros("q", 3 * len(values))
        self.shadow_lm = _zeros("q", 16)
        self.shadow_cross = _zeros("q", 16)
        self.anchor_bounds = array("d", bytes(8 * 256))
        self.anchor_squares = _zeros("q", 256)
        self.pool: Any = None

    def use_board(self, state: Any) -> None:
        """Search on ``state`` (a synced :class:`~.board_arrays.BoardState` of this buffer's
        lexicon and values) until told otherwise."""
        self.board = state
        self.tile = state.tile
        self.tile_points = state.tile_points
        self.full_tile = state.full_tile
        self.cross = state.cross
        self.cross_points = state.cross_points
        self.cross_length = state.cross_length
        self.lm = state.lm
        self.wm = state.wm
        self.anchor = state.anchor
        self.next_square = state.next_square
        self.run_points = state.run_points
        if state.rows != self.rows or state.cols != self.cols:
            self.rows = state.rows
            self.cols = state.cols
            self.squares = state.squares
            side = max(self.rows, self.cols) + 1
            self.word = _zeros("i", side)
            self.offsets = _zeros("i", side)
            self.losses = _zeros("q", side)
            self.chosen = _zeros("i", side)
            self.flags = _zeros("i", side)
