"""The rack: the tiles a player holds, as counts by tile number.

A :class:`Rack` holds tile numbers of an alphabet (English unless given one), a blank as 0;
at the edges it speaks tiles as written, ``?`` for a blank (see
:mod:`wordgames.scrabble.core.tile_letters`).  A tile set reads racks in its own notation
(:meth:`~wordgames.scrabble.core.tiles.TileSet.parse_rack`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from wordgames.errors import GameError, InvalidArgumentError
from wordgames.lexicon.alphabet import BLANK_BIT, BLANK_NUMBER, Alphabet
from wordgames.limits import MAX_HAND_SIZE
from wordgames.scrabble.core.checks import require_alphabet, require_numbers, require_tiles, require_type
from wordgames.scrabble.core.tile_letters import BLANK, is_tile_letter, tile_number


class Rack:
    """A player's tiles: a multiset of tile numbers of ``alphabet`` (English by default),
    blanks as 0.

    The text methods (:meth:`tiles`, :meth:`count`, :meth:`add`...) speak tiles as written,
    ``?`` for a blank; the number methods (:meth:`numbers`, :meth:`number_counts`,
    :meth:`add_numbers`...) speak the engine's tile numbers.  Racks are equal when they hold
    the same tiles of the same alphabet's tiles.
    """

    __slots__ = ("_counts", "alphabet")

    def __init__(self, tiles: Iterable[str] = (), alphabet: Alphabet | None = None) -> None:
        self.alphabet = require_alphabet(alphabet)
        self._counts = [0] * (len(self.alphabet) + 1)
        self.add(tiles)

    @classmethod
    def of_numbers(cls, numbers: Iterable[int], alphabet: Alphabet | None = None) -> Rack:
        """A rack of tile numbers (0 or ``n | BLANK_BIT`` a blank)."""
        rack = cls((), alphabet)
        rack.add_numbers(numbers)
        return rack

    @classmethod
    def parse(cls, text: str, notation: Alphabet | None = None, alphabet: Alphabet | None = None) -> Rack:
        """A rack from text such as ``"AEIN?ST"`` (any case; ``?`` or ``_`` is a blank), of
        the English alphabet or ``alphabet``.  Raises InvalidArgumentError for a character
        that is not a tile or more than MAX_HAND_SIZE tiles; whether the tiles fit a rule
        set's tile set and hand size is the rule set's check.  With ``notation`` (an
        alphabet), the text is read in its notation (``"[L·L]AQU?"``: see
        :meth:`Alphabet.parse`), where a lower-case form is a blank, over that alphabet."""
        require_type(text, str, "a rack")
        stripped = text.strip()
        shown = text if len(text) <= 40 else text[:40] + "..."
        if notation is not None:
            require_type(notation, Alphabet, "an alphabet")
            try:
                forms = notation.parse(stripped)
            except InvalidArgumentError as error:
                raise InvalidArgumentError(f"bad rack {shown!r}: {error}") from None
            if len(forms) > MAX_HAND_SIZE:
                raise InvalidArgumentError(
                    f"bad rack {shown!r}: {len(forms)} tiles; a rack holds at most {MAX_HAND_SIZE}"
                )
            return cls(forms, notation)
        alphabet = require_alphabet(alphabet)
        if len(stripped) > MAX_HAND_SIZE:
            raise InvalidArgumentError(
                f"bad rack {shown!r}: {len(stripped)} tiles; a rack holds at most {MAX_HAND_SIZE}"
            )
        tiles = []
        for char in stripped:
            if char in "?_":
                tiles.append(BLANK)
            elif is_tile_letter(char) and char.upper() in alphabet:
                tiles.append(char.upper())
            elif is_tile_letter(char):
                raise InvalidArgumentError(
                    f"the rack {shown!r} holds {char!r}, which is not a tile of this tile set "
                    f"({alphabet.format(alphabet.tiles)} and '?')"
                )
            else:
                raise InvalidArgumentError(f"bad rack {shown!r}: {char!r} is not a letter or '?'")
        return cls(tiles, alphabet)

    # --- tile numbers -----------------------------------------------------------------------

    def add_numbers(self, numbers: Iterable[int]) -> None:
        """Put tile numbers on the rack (``n | BLANK_BIT``, a played blank, goes back as a
        blank)."""
        counts = self._counts
        size = len(counts)
        indices = [BLANK_NUMBER if number & BLANK_BIT else number
                   for number in require_numbers(numbers, "the tiles to add")]
        if any(index >= size for index in indices):
            raise InvalidArgumentError(f"a tile number is not in 0..{size - 1} or a played blank")
        for index in indices:  # all checked first: a bad number adds nothing
            counts[index] += 1

    def remove_numbers(self, numbers: Iterable[int]) -> None:
        """Take tile numbers off the rack (``n | BLANK_BIT`` takes a blank).  GameError naming
        the missing tiles, changing nothing, when the rack does not hold them all."""
        needed = Counter(BLANK_NUMBER if number & BLANK_BIT else number
                         for number in require_numbers(numbers, "the tiles to remove"))
        counts = self._counts
        missing = [number for number, count in needed.items()
                   if not 0 <= number < len(counts) or counts[number] < count]
        if missing:
            lacking = Counter({number: count - (counts[number] if 0 <= number < len(counts) else 0)
                               for number, count in needed.items() if number in missing})
            shown = self.alphabet.format_tiles(sorted(lacking.elements(), key=_tile_order))
            raise GameError(f"the rack {self} does not hold {shown}")
        for number, count in needed.items():
            counts[number] -= count

    def holds_numbers(self, numbers: Iterable[int]) -> bool:
        """Whether the rack holds all of ``numbers`` (``n | BLANK_BIT`` needs a blank)."""
        needed = Counter(BLANK_NUMBER if number & BLANK_BIT else number
                         for number in require_numbers(numbers, "the tiles"))
        counts = self._counts
        return all(0 <= number < len(counts) and counts[number] >= count for number, count in needed.items())

    def number_counts(self) -> list[int]:
        """How many of each tile number the rack holds, index 0 the blanks (a copy)."""
        return list(self._counts)

    def counts_in(self, alphabet: Alphabet) -> list[int]:
        """How many of each tile number of ``alphabet`` the rack holds, index 0 the blanks:
        :meth:`number_counts` when the rack's alphabet numbers the same tiles, else the tiles
        matched by their forms.  InvalidArgumentError for a tile ``alphabet`` lacks.  Cost:
        O(alphabet)."""
        require_type(alphabet, Alphabet, "an alphabet")
        own = self.alphabet
        if own.tiles == alphabet.tiles:
            return list(self._counts)
        counts = [0] * (len(alphabet) + 1)
        counts[BLANK_NUMBER] = self._counts[BLANK_NUMBER]
        for number in range(1, len(self._counts)):
            if self._counts[number]:
                tile = own.tiles[number - 1]
                if tile not in alphabet.tiles:
                    raise InvalidArgumentError(
                        f"the rack holds {tile!r}, which is not a tile of the tile set"
                    )
                counts[alphabet.number(tile)] += self._counts[number]
        return counts

    def numbers(self) -> list[int]:
        """The tiles as tile numbers, in tile order, blanks (0) last."""
        counts = self._counts
        return [number for number in range(1, len(counts)) for _ in range(counts[number])] + \
            [BLANK_NUMBER] * counts[0]

    # --- text --------------------------------------------------------------------------------

    def add(self, tiles: Iterable[str]) -> None:
        """Put tiles on the rack (a lower-case form goes back as a blank).  Raises
        InvalidArgumentError for something that is not a tile of the rack's alphabet."""
        alphabet = self.alphabet
        numbers = [tile_number(alphabet, tile) for tile in require_tiles(tiles, "tiles")]
        for number in numbers:
            self._counts[number] += 1

    def remove(self, tiles: Iterable[str]) -> None:
        """Take tiles off the rack; a lower-case form takes a blank.  Raises GameError naming
        the missing tiles and changes nothing when the rack does not hold them all."""
        alphabet = self.alphabet
        self.remove_numbers([tile_number(alphabet, tile) for tile in require_tiles(tiles, "tiles")])

    def can_supply(self, tiles: Iterable[str]) -> bool:
        """Whether the rack holds all of ``tiles`` (lower-case forms need blanks)."""
        alphabet = self.alphabet
        return self.holds_numbers([tile_number(alphabet, tile) for tile in require_tiles(tiles, "tiles")])

    def count(self, tile: str) -> int:
        """How many of ``tile`` (``?`` for blanks) the rack holds; 0 for anything else."""
        if tile == BLANK:
            return self._counts[BLANK_NUMBER]
        if not isinstance(tile, str) or tile not in self.alphabet or self.alphabet.is_designated_blank(tile):
            return 0
        return self._counts[self.alphabet.number(tile)]

    def counts(self) -> Counter[str]:
        """The rack as a Counter of written tiles (``?`` for blanks; a copy)."""
        written = self.alphabet.written
        return Counter({written(number): count for number, count in enumerate(self._counts) if count})

    def tiles(self) -> list[str]:
        """The tiles, written, in tile order, blanks last."""
        written = self.alphabet.written
        return [written(number) for number in self.numbers()]

    def __len__(self) -> int:
        return sum(self._counts)

    def __str__(self) -> str:
        return self.alphabet.format_tiles(self.numbers())

    def __repr__(self) -> str:
        return f"Rack({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rack) and self._counts == other._counts \
            and self.alphabet.tiles == other.alphabet.tiles

    __hash__ = None  # type: ignore[assignment]


def _tile_order(number: int) -> tuple[bool, int]:
    """Tile order with blanks last."""
    return (number == BLANK_NUMBER, number)
