# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is computed in range.)
"""Leave values in flat arrays, for compiled code: every leave's value by its rank.

A :class:`DenseLeaves` holds the value of every leave of a bounded tile distribution in the
order of :func:`~wordgames.scrabble.leaves.compact.enumerate_codes` (the empty leave first), in
one flat array, with the rank tables of :class:`~wordgames.scrabble.leaves.compact.LeaveIndex`
flattened, so a leave given as tile counts is ranked in O(tiles in the leave) and looked up
without a Python object.  It is made once per table (:func:`dense_leaves`, kept on the table):

* from the shipped compact table (:class:`~wordgames.scrabble.leaves.compact.RankedTable`),
  whose values are already in rank order: its own int16 hundredths, shared (1.8 MB for
  English, so the lookups of a search stay in the processor's cache), divided as it does;
* from any other table, empty: a leave's value is asked of the table the first time it is
  needed and kept (the ranks cover every leave of up to :data:`DENSE_LEAVE_TILES` tiles of the
  table's alphabet, at most :data:`MAX_DENSE_LEAVES` of them; past that every lookup asks the
  table).

Either way a value is exactly the table's own (``value_of_code``), so the compiled and the
pure paths agree to the last bit.  :meth:`DenseLeaves.fill_keeps` values every keep of a rack
(see :mod:`.keeps`) in one call.  C types are in ``dense.pxd``.
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING

from wordgames.scrabble.leaves.compact import LeaveIndex, RankedTable
from wordgames.scrabble.leaves.table import CODE_BITS, LeaveTable

if TYPE_CHECKING:
    from wordgames.lexicon.alphabet import Alphabet

DENSE_LEAVE_TILES = 6
"""The longest leave ranked for a table without bounds of its own (one fewer than a 7-tile
rack); longer leaves are asked of the table."""
MAX_DENSE_LEAVES = 4_000_000
"""The most values a dense array holds (32 MB of doubles); an alphabet too large for this
ranks nothing and every lookup asks the table."""
_UNKNOWN = float("nan")


class DenseLeaves:
    """Every leave's value by rank, for leaves of at most ``max_size`` tiles with at most
    ``bounds[t]`` copies of tile number ``t`` (0 the blank); see the module docstring."""

    def __init__(self, table: LeaveTable, bounds: Sequence[int], max_size: int) -> None:
        index = LeaveIndex(bounds, max_size)
        tiles = len(bounds)
        self.table = table
        self.tiles = tiles
        self.max_size = max_size
        self.bounds = array("i", bounds)
        self.count = index.count
        # subtree[t][u][r] at sub_base[t] + u * (max_size + 1) + r; before[r][t] at
        # r * (tiles + 1) + t.
        self.sub_base = array("q", [0] * tiles)
        flat: list[int] = []
        for t in range(tiles):
            self.sub_base[t] = len(flat)
            for per_copy in index.subtree[t]:
                flat.extend(per_copy)
        self.subtree = array("q", flat)
        self.before = array("q", [n for row in index.before for n in row])
        self.ranked = False  # values from ``scaled`` (see :meth:`use_scaled`), else ``values``
        self.scaled = array("h", [0])
        self.scale = 1.0
        self.empty = 0.0
        self.values = array("d", [_UNKNOWN]) * index.count
        self.weights = [1 << (CODE_BITS * t) for t in range(tiles)]  # Python ints: no overflow
        self.scratch_tiles = array("i", bytes(4 * 32))
        self.scratch_counts = array("i", bytes(4 * 32))
        self.tile_number = {tile: n for n, tile in enumerate(table.alphabet.tiles, 1)}
        self._numbers_by_alphabet: dict[tuple[str, ...], list[int]] = {}

    def numbers_for(self, alphabet: Alphabet) -> list[int]:
        """Each tile number of ``alphabet`` as this table numbers its tiles (index 0, the
        blank, is 0), -1 for a tile the table does not know: matched by the tiles' forms once
        per alphabet, so a rack's keeps are numbered without text."""
        found = self._numbers_by_alphabet.get(alphabet.tiles)
        if found is None:
            found = [0] + [self.tile_number.get(tile, -1) for tile in alphabet.tiles]
            self._numbers_by_alphabet[alphabet.tiles] = found
        return found

    def use_scaled(self, scaled: Sequence[int], scale: int, empty: float) -> None:
        """Read values from ``scaled`` (int16 values times ``scale`` in rank order, the empty
        leave left out; shared, not copied: 2 bytes a leave, so lookups stay in cache) and
        the empty leave's value ``empty``."""
        if not isinstance(scaled, array) or scaled.typecode != "h":
            scaled = array("h", scaled)
        self.scaled = scaled
        self.scale = float(scale)
        self.empty = empty
        self.ranked = True
        self.values = array("d")

    def rank(self, tiles: Sequence[int], counts: Sequence[int], distinct: int) -> int:
        """The rank of the leave holding ``counts[j]`` copies of tile number ``tiles[j]``
        (``tiles`` ascending, ``distinct`` of them), or -1 when the bounds or the size do not
        allow it.  O(tiles in the leave)."""
        self._load(tiles, counts, distinct)
        return self._rank(distinct)

    def value(self, tiles: Sequence[int], counts: Sequence[int], distinct: int) -> float:
        """The value of the leave of :meth:`rank`: the array's, or the table's (then kept)."""
        self._load(tiles, counts, distinct)
        return self._value(distinct)

    def _load(self, tiles: Sequence[int], counts: Sequence[int], distinct: int) -> None:
        """Copy a leave into the scratch arrays :meth:`_rank` reads."""
        if len(self.scratch_tiles) < distinct:
            self.scratch_tiles = array("i", bytes(4 * distinct))
            self.scratch_counts = array("i", bytes(4 * distinct))
        for j in range(distinct):
            self.scratch_tiles[j] = tiles[j]
            self.scratch_counts[j] = counts[j]

    def _rank(self, distinct: int) -> int:
        """:meth:`rank` of the leave in the scratch arrays."""
        limit = self.max_size
        width = self.tiles + 1
        rank = 0
        last = -1
        copies = 0
        depth = 0
        for j in range(distinct):
            t = self.scratch_tiles[j]
            c = self.scratch_counts[j]
            if c == 0:
                continue
            if t < 0 or t >= self.tiles or c > self.bounds[t]:
                return -1
            for _ in range(c):
                if depth >= limit:
                    return -1
                room = limit - depth - 1
                rank += 1
                if last < 0:
                    rank += self.before[room * width + t]
                elif t > last:
                    if copies < self.bounds[last]:
                        rank += self.subtree[self.sub_base[last] + (copies + 1) * (limit + 1) + room]
                    rank += self.before[room * width + t] - self.before[room * width + last + 1]
                copies = copies + 1 if t == last else 1
                last = t
                depth += 1
        return rank

    def _value(self, distinct: int) -> float:
        """:meth:`value` of the leave in the scratch arrays."""
        rank = self._rank(distinct)
        if self.ranked and rank >= 0:
            return self.scaled[rank - 1] / self.scale if rank else self.empty
        if rank >= 0:
            found = self.values[rank]
            if found == found:  # not NaN: known
                return found
        code = 0
        for j in range(distinct):
            code = code + self.scratch_counts[j] * self.weights[self.scratch_tiles[j]]
        found = self.table.value_of_code(code)
        if rank >= 0:
            self.values[rank] = found
        return found

    def fill_keeps(self, tiles: Sequence[int], counts: Sequence[int], distinct: int,
                   out: MutableSequence[float], size: int) -> None:
        """``out[i]`` for every keep ``i < size`` of a rack holding ``counts[j]`` of tile
        number ``tiles[j]`` (ascending): keep ``i`` holds ``(i // radix_j) % (counts[j] + 1)``
        of tile ``j``, radix_j the product of ``counts[k] + 1`` for k < j.
        O(keeps x tiles)."""
        values = out
        if not 0 <= distinct <= min(len(tiles), len(counts)) or not 0 <= size <= len(out):
            raise ValueError("fill_keeps: fewer tiles, counts or places than asked for")
        if len(self.scratch_tiles) < distinct:
            self._load(array("i", bytes(4 * distinct)), array("i", bytes(4 * distinct)), distinct)
        digits = self.scratch_counts
        for j in range(distinct):
            self.scratch_tiles[j] = tiles[j]
            digits[j] = 0
        for i in range(size):
            values[i] = self._value(distinct)
            _next_keep(digits, counts, distinct)


def fill_end_values(faces: Sequence[int], counts: Sequence[int], distinct: int,
                    digits: MutableSequence[int], out: MutableSequence[float], size: int,
                    stuck_factor: float,
                    out_value: float) -> None:
    """The end-of-game values of every keep (numbered as in :meth:`DenseLeaves.fill_keeps`):
    keeping nothing is worth ``out_value``; keeping tiles of face values ``faces[j]`` costs
    ``stuck_factor`` times their sum.  O(keeps x tiles)."""
    values = out
    if (not 0 <= distinct <= min(len(faces), len(counts), len(digits))
            or not 0 <= size <= len(out)):
        raise ValueError("fill_end_values: fewer tiles, counts or places than asked for")
    for j in range(distinct):
        digits[j] = 0
    for i in range(size):
        total = 0
        for j in range(distinct):
            total += digits[j] * faces[j]
        values[i] = out_value if i == 0 else -stuck_factor * total
        _next_keep(digits, counts, distinct)


def _next_keep(digits: MutableSequence[int], counts: Sequence[int], distinct: int) -> None:
    """Turn ``digits`` (a keep's count of each tile) into the next keep's: add one in mixed
    radix, tile 0 varying fastest."""
    j = 0
    while j < distinct:
        if digits[j] < counts[j]:
            digits[j] += 1
            return
        digits[j] = 0
        j += 1


def best_keep(values: Sequence[float], size: int, skip: int) -> tuple[float, int, int]:
    """(the best of ``values[:size]`` but ``values[skip]``, the first place it is, how many
    places hold it); (0.0, 0, 0) when nothing is left.  O(size)."""
    best = 0.0
    first = -1
    ties = 0
    for i in range(size):
        if i == skip:
            continue
        if first < 0 or values[i] > best:
            best, first, ties = values[i], i, 1
        elif values[i] == best:
            ties += 1
    return best, max(first, 0), ties


def dense_leaves(table: LeaveTable) -> DenseLeaves:
    """The :class:`DenseLeaves` of ``table``, made at the first call and kept on the table.
    A shipped (ranked) table lends its own array (no pass over it); another starts empty and
    fills as leaves are looked up."""
    found = table.__dict__.get("_dense")
    if isinstance(found, DenseLeaves):
        return found
    if isinstance(table, RankedTable):
        dense = DenseLeaves(table, table.index.bounds, table.index.max_size)
        dense.use_scaled(table.scaled, table.scale, table.value_of_code(0))
    else:
        tiles = len(table.alphabet) + 1
        size = DENSE_LEAVE_TILES
        while size and LeaveIndex([size] * tiles, size).count > MAX_DENSE_LEAVES:
            size -= 1
        dense = DenseLeaves(table, [size] * tiles, size)
    table.__dict__["_dense"] = dense
    return dense
