"""The keeps of one rack, numbered and valued once per move search.

A rack of ``n`` tiles has at most ``2 ** n`` sub-multisets (128 for 7 tiles).  Numbered in
mixed radix over the rack's distinct tiles (keep ``i`` holds ``(i // radix_j) % (count_j + 1)``
of tile ``j``), the keep a move leaves is the whole rack's number minus the radix of each tile
it plays: an integer a move generator keeps up to date with no string, sort or dict per move.
:class:`RackKeeps` holds every keep's value (a leave table's, through :mod:`.dense`, or the end
of the game's) in an array, so a move's equity is its score plus one array read, and the
exchange candidates (every keep but the whole rack) are valued by the same array.

Tiles are named by *slots*: a tile's slot is its tile number in the tile set's alphabet (the
move generator's numbering), and the blank's is 0.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon.alphabet import BLANK_BIT, Alphabet
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import BLANK
from wordgames.scrabble.leaves.dense import DenseLeaves, best_keep, fill_end_values
from wordgames.scrabble.leaves.table import check_alphabet

MAX_KEEPS = 4096
"""The most keeps a :class:`RackKeeps` numbers (a rack of 12 distinct tiles); a larger rack
gets none and its callers value moves one by one."""


class RackKeeps:
    """Every keep of one rack, valued (see the module docstring).  ``radix[slot]`` is a slot's
    radix (0 for a tile not on the rack), ``full`` the number of the whole rack, ``values``
    the value of each keep, ``slot_counts`` the rack's count of each slot; ``best`` the best
    value of a keep smaller than the rack (the most a
    placement's or an exchange's leave can be worth), ``best_keep`` the first keep of that
    value in keep order and ``best_ties`` how many keeps share it."""

    def __init__(self, alphabet: Alphabet | str, slot_counts: list[int]) -> None:
        """The numbering for the rack holding ``slot_counts[slot]`` of each slot over
        ``alphabet`` (an Alphabet, or a string of one-letter tiles; see
        :func:`rack_slot_counts`); values all 0 until filled."""
        alphabet = check_alphabet(alphabet)
        if len(slot_counts) != len(alphabet) + 1:
            raise InvalidArgumentError(
                f"a rack's slot counts number {len(alphabet) + 1}, not {len(slot_counts)}")
        self.alphabet = alphabet
        self.slots: list[int] = []
        self.counts = array("i")
        self.slot_counts = slot_counts
        # Distinct tiles in the rack's order: tiles in tile order, the blank last.
        for slot in [*range(1, len(self.slot_counts)), 0]:
            count = self.slot_counts[slot]
            if count:
                self.slots.append(slot)
                self.counts.append(count)
        self.radix = array("q", bytes(8 * (len(alphabet) + 1)))
        self.size = 1
        self.full = 0
        self.ordered: list[int] = []
        self.best = 0.0
        self.best_keep = 0
        self.best_ties = 0
        self.values = array("d")

    def number(self, order: Sequence[int]) -> None:
        """Number the keeps with the rack's distinct tiles in ``order`` (positions in
        :attr:`slots`): the first varies fastest."""
        self.ordered = [self.slots[j] for j in order]
        self.counts = array("i", [self.counts[j] for j in order])
        size = 1
        for slot, count in zip(self.ordered, self.counts, strict=True):
            self.radix[slot] = size
            self.full += count * size
            size *= count + 1
        self.size = size
        self.values = array("d", bytes(8 * size))

    def summarise(self) -> None:
        """Find ``best``, ``best_keep`` and ``best_ties`` among the keeps smaller
        than the rack, in the order :func:`keep_order` gives."""
        self.best, first, self.best_ties = best_keep(self.values, self.size, self.full)
        if self.best_ties > 1:
            tied = [i for i in range(self.size) if i != self.full and self.values[i] == self.best]
            first = min(tied, key=self.keep_order)
        self.best_keep = first

    def keep_order(self, keep: int) -> tuple[int, list[int]]:
        """A keep's place in the engine's order: size, then its tiles as the rack sorts them
        (tiles in tile order, blanks last)."""
        numbers = self.kept_numbers(keep)
        return len(numbers), [256 if number == 0 else number for number in numbers]

    def kept_numbers(self, keep: int) -> list[int]:
        """The tile numbers of keep number ``keep``, sorted as a rack sorts them (blanks, 0,
        last)."""
        numbers: list[int] = []
        for slot, count in zip(self.ordered, self.counts, strict=True):
            digit = (keep // self.radix[slot]) % (count + 1)
            numbers.extend([slot] * digit)
        return sorted(numbers, key=lambda number: (number == 0, number))

    def kept(self, keep: int) -> list[str]:
        """The tiles of keep number ``keep``, written, sorted as a rack sorts them (blanks
        last)."""
        return [self.tile(number) for number in self.kept_numbers(keep)]

    def tile(self, slot: int) -> str:
        """The tile of a slot, written (``?`` for the blank)."""
        return BLANK if slot == 0 else self.alphabet.tile(slot)

    def require(self, alphabet: Alphabet | str, rack: Rack) -> None:
        """InvalidArgumentError unless these are the keeps of ``rack`` over ``alphabet``."""
        alphabet = check_alphabet(alphabet)
        if self.alphabet.tiles != alphabet.tiles or self.slot_counts != rack_slot_counts(alphabet, rack):
            raise InvalidArgumentError(f"these keeps were made for another rack than {rack}")

    def after_numbers(self, numbers: Iterable[int]) -> int:
        """The number of the keep left after playing tile numbers ``numbers`` (a blank as 0
        or ``n | BLANK_BIT``)."""
        keep = self.full
        radix = self.radix
        for number in numbers:
            keep -= radix[0 if number & BLANK_BIT else number]
        return keep

    def after(self, tiles_used: Iterable[str]) -> int:
        """The number of the keep left after playing ``tiles_used`` (``?`` for blanks)."""
        number = self.alphabet.number
        return self.after_numbers(0 if tile == BLANK else number(tile) for tile in tiles_used)

    def equity(self, move: Move) -> float:
        """``move``'s score plus the value of what it keeps."""
        return move.score + self.values[self.after_numbers(n for _r, _c, n in move.placed_numbers())]


def rack_slot_counts(alphabet: Alphabet | str, rack: Rack) -> list[int]:
    """The rack's count of each slot (tile number of ``alphabet``, 0 the blanks); ValueError
    for a tile outside the alphabet."""
    alphabet = check_alphabet(alphabet)
    if rack.alphabet.tiles == alphabet.tiles:
        return rack.number_counts()
    counts = [0] * (len(alphabet) + 1)
    for tile, count in rack.counts().items():
        if tile == BLANK:
            counts[0] += count
        elif tile in alphabet.tiles:
            counts[alphabet.number(tile)] += count
        else:
            raise ValueError(f"{tile!r} is not a tile of the alphabet")
    return counts


def table_keeps(dense: DenseLeaves, alphabet: Alphabet | str, rack: Rack) -> RackKeeps | None:
    """The keeps of ``rack`` valued by a leave table (through its :class:`DenseLeaves`);
    None when the rack has more than :data:`MAX_KEEPS` keeps or a tile the table does not
    know; ValueError for a tile outside ``alphabet``.  Cost: O(keeps x tiles) in compiled
    code."""
    return table_keeps_of_counts(dense, alphabet, rack_slot_counts(alphabet, rack))


def table_keeps_of_counts(dense: DenseLeaves, alphabet: Alphabet | str,
                          slot_counts: list[int]) -> RackKeeps | None:
    """:func:`table_keeps` of the rack holding ``slot_counts[slot]`` of each slot (tile
    number of ``alphabet``, 0 the blanks), for searches that hold racks as counts."""
    keeps = RackKeeps(alphabet, slot_counts)
    number = dense.numbers_for(keeps.alphabet)
    tiles = []
    for slot in keeps.slots:
        found = number[slot]
        if found < 0:
            return None
        tiles.append(found)
    if _too_many(keeps.counts):
        return None
    order = sorted(range(len(tiles)), key=tiles.__getitem__)  # ranks want ascending tiles
    keeps.number(order)
    ordered_tiles = array("i", [tiles[j] for j in order])
    dense.fill_keeps(ordered_tiles, keeps.counts, len(order), keeps.values, keeps.size)
    keeps.summarise()
    return keeps


def end_keeps(alphabet: Alphabet | str, rack: Rack, faces: dict[str, int], stuck_factor: float,
              out_value: float) -> RackKeeps | None:
    """The keeps of ``rack`` valued as the end of the game counts them: keeping nothing
    (going out) is worth ``out_value``, a kept tile costs ``stuck_factor`` times its face
    value (``faces``).  None for more than :data:`MAX_KEEPS` keeps."""
    keeps = RackKeeps(alphabet, rack_slot_counts(alphabet, rack))
    if _too_many(keeps.counts):
        return None
    order = list(range(len(keeps.slots)))
    keeps.number(order)
    face_values = array("q", [faces[keeps.tile(slot)] for slot in keeps.ordered])
    digits = array("i", bytes(4 * len(order)))
    fill_end_values(face_values, keeps.counts, len(order), digits, keeps.values, keeps.size,
                    stuck_factor, out_value)
    keeps.summarise()
    return keeps


def zero_keeps(alphabet: Alphabet | str, rack: Rack) -> RackKeeps | None:
    """The keeps of ``rack``, every one worth 0 (no leave table); None for more than
    :data:`MAX_KEEPS` keeps."""
    keeps = RackKeeps(alphabet, rack_slot_counts(alphabet, rack))
    if _too_many(keeps.counts):
        return None
    keeps.number(list(range(len(keeps.slots))))
    keeps.summarise()
    return keeps


def _too_many(counts: Sequence[int]) -> bool:
    size = 1
    for count in counts:
        size *= count + 1
    return size > MAX_KEEPS


def by_equity(moves: Iterable[Move], keeps: RackKeeps, limit: int | None,
              key: Callable[[Move], Any]) -> list[tuple[float, Move]]:
    """(equity, move) for ``moves`` valued by ``keeps``, best first, equal equities in the
    order of ``key`` (then as given); with ``limit``, the first ``limit`` and every later one
    of the same equity as the last of them.  The reference of the compiled ranking."""
    valued = sorted(((keeps.equity(move), move) for move in moves),
                    key=lambda pair: (-pair[0], key(pair[1])))
    return cut_after(valued, limit)


def cut_after(valued: list[tuple[float, Move]], limit: int | None) -> list[tuple[float, Move]]:
    """``valued`` (best first) without what comes after its ``limit``-th item and the items
    of the same equity (in place; None: all)."""
    if limit is not None and len(valued) > limit:
        floor = valued[limit - 1][0]
        end = limit
        while end < len(valued) and valued[end][0] >= floor:
            end += 1
        del valued[end:]
    return valued
