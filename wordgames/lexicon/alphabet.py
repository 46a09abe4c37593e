"""Alphabets: the tiles of a word list or a game, numbered, and the one codec between text and
tile numbers.

An :class:`Alphabet` is an ordered list of tiles numbered 1..n in that order, as KWG word
graphs and KLV2 leave files number them.  Inside the engines every tile is its number:
lexicons store words as ``bytes`` of tile numbers, boards, racks, moves and leave tables hold
numbers, and the compiled kernels index arrays with them.  Two values are reserved, defined
here once:

* :data:`BLANK_NUMBER` (0) is a blank on a rack or in a bag (not yet standing for a tile);
* :data:`BLANK_BIT` (128) marks a blank played as a tile: ``n | BLANK_BIT`` on a board or in
  a move is a blank standing for tile ``n``.

Text exists only at the edges, and this class is its codec: a tile is written with one or
more characters (Catalan ``L·L``, ``NY``, ``QU``; Spanish ``CH``, ``LL``, ``RR``) and has a
lower-case form (``l·l``) given by the data, never guessed by ``str.lower`` when that would
change its length (``ß`` upper-cases to ``SS``).

* :meth:`Alphabet.encode_word` reads a word into tile numbers: case folded (both forms of a
  tile stand for it), the longest tile first (``COL·LEGI`` is C O [L·L] E G I), a bracketed
  ``[CH]`` always one tile; :meth:`Alphabet.decode_word` writes tile numbers back (a played
  blank as its tile's lower-case form).
* :meth:`Alphabet.parse_tiles` reads the notation of racks and moves (``[L·L]`` a tile,
  ``[l·l]`` a blank played as it, ``a`` a blank played as A, ``?`` a blank);
  :meth:`Alphabet.format_tiles` writes it, bracketing multi-character tiles (and a
  one-character tile whose next tiles would read as a longer one: Spanish C, H is ``[C]H``),
  so what it writes parses back to the same tiles.

A word list read without a game's tiles gets a *plain* alphabet (:meth:`Alphabet.plain`):
each distinct character of its upper-cased words is a tile, in code point order, so its tile
order is the old string order.  Tile numbers order words and break ties everywhere, so a
Spanish ``CH`` word sorts where Spanish players expect it, after every ``C`` word.

What text may write a tile is :mod:`~wordgames.lexicon.tile_forms`; tile numbers between two
alphabets, :mod:`~wordgames.lexicon.renumber`; tiles as earlier versions' files wrote them,
:mod:`~wordgames.lexicon.legacy_codes`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.tile_forms import _lower_form, _plain_lower, is_tile_form
from wordgames.lexicon.tiles import Digraphs, TileSplitter, check_digraphs
from wordgames.limits import MAX_TILE_CHARS

BLANK_NUMBER = 0
"""The tile number of a blank on a rack or in a bag (standing for no tile yet)."""

BLANK_BIT = 0x80
"""Set on a tile number for a blank played as that tile (the bit word graphs and move
generators use; tile numbers stay below it)."""

BLANK = "?"
"""How a blank is written on a rack, in a bag and in move notation (``_`` is read too)."""

BLANK_TEXT = BLANK

MAX_ALPHABET_TILES = 63
"""Tiles in one alphabet: node tables hold a node's next tiles as bits 1..63 of a 64-bit mask
(bit 0 marks a word's end), and tile numbers stay below :data:`BLANK_BIT`."""

MAX_PLAIN_TILES = 255
"""Characters in a word list's plain alphabet (:meth:`Alphabet.plain`): a key holds one byte a
character, 0 excluded.  The trie backend and the engines take at most
:data:`MAX_ALPHABET_TILES` of them."""

def _sequence(value: object, name: str) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidArgumentTypeError(f"alphabet {name} must be a sequence of strings")
    items = tuple(value)
    if not all(isinstance(item, str) for item in items):
        raise InvalidArgumentTypeError(f"alphabet {name} must be strings")
    return items


class Alphabet:
    """The numbered tiles of a word list or a game, and the codec between their text and their
    numbers (see the module docstring).  Immutable; equal when tiles, forms, vowels and kind
    are."""

    __slots__ = ("_ascii", "_decode", "_forms_of", "_lower", "_multi", "_notation", "_numbers",
                 "_plain", "_tiles", "_vowels", "_words")

    def __init__(
        self, tiles: Iterable[str], lower: Iterable[str] | None = None, vowels: Iterable[str] = ()
    ) -> None:
        """A game's alphabet: ``tiles`` in tile-number order (upper-case forms); ``lower``
        their lower-case forms in the same order (derived by ``str.lower`` only when that
        keeps the length and maps back); ``vowels`` some of ``tiles`` (a string stands for
        its characters).  InvalidArgumentError for anything malformed: an empty or oversized
        alphabet, a form that :func:`is_tile_form` refuses, a form used twice, a lower form
        equal to its tile."""
        upper = _sequence(tiles, "tiles")
        self._check_size(upper)
        for tile in upper:
            if not is_tile_form(tile):
                raise InvalidArgumentError(f"{tile!r} cannot be a tile (letters and '·', NFC, at most "
                                           f"{MAX_TILE_CHARS} characters)")
        lowers = tuple(_lower_form(tile) for tile in upper) if lower is None else _sequence(lower, "lower")
        if len(lowers) != len(upper):
            raise InvalidArgumentError(f"{len(upper)} tiles but {len(lowers)} lower-case forms")
        for tile, form in zip(upper, lowers, strict=True):
            if not is_tile_form(form) or form == tile:
                raise InvalidArgumentError(f"{form!r} cannot be the lower-case form of {tile!r}")
        given: object = vowels  # checked as what a caller might pass, not as annotated
        if isinstance(given, bytes) or not isinstance(given, Iterable):
            raise InvalidArgumentTypeError("alphabet vowels must be strings (or one string of letters)")
        vowel_set = frozenset(vowels)
        if not vowel_set <= set(upper):
            raise InvalidArgumentError(f"vowels {sorted(vowel_set - set(upper))} are not tiles")
        self._setup(upper, lowers, vowel_set, plain=False)

    @staticmethod
    def _check_size(upper: tuple[str, ...]) -> None:
        if not 1 <= len(upper) <= MAX_ALPHABET_TILES:
            raise InvalidArgumentError(f"an alphabet has 1 to {MAX_ALPHABET_TILES} tiles, not {len(upper)}")

    def _setup(self, upper: tuple[str, ...], lowers: tuple[str | None, ...], vowels: frozenset[str],
               *, plain: bool) -> None:
        forms = upper + tuple(form for form in lowers if form is not None)
        repeated = sorted(form for form, uses in Counter(forms).items() if uses > 1)
        if repeated:
            raise InvalidArgumentError(f"alphabet forms used twice: {', '.join(repeated)}")
        self._tiles = upper
        self._lower = lowers
        self._vowels = vowels
        self._plain = plain
        self._numbers = {tile: number for number, tile in enumerate(upper, 1)}
        self._numbers.update((form, number) for number, form in enumerate(lowers, 1) if form is not None)
        upper_of = {form: upper[number - 1] for form, number in self._numbers.items()}
        self._multi = tuple(form for form in forms if len(form) > 1)
        self._words = TileSplitter(upper_of)
        self._notation = TileSplitter({**{form: form for form in forms}, BLANK_TEXT: BLANK_TEXT})
        # tile number (with or without BLANK_BIT) -> written form, for decoding.
        decode: dict[int, str] = {number: tile for number, tile in enumerate(upper, 1)}
        if not plain:  # a word list's characters may number past BLANK_BIT; no blank is played on them
            decode.update(
                (number | BLANK_BIT, form) for number, form in enumerate(lowers, 1) if form is not None
            )
        self._decode = decode
        self._forms_of = {
            number: (tile, lowers[number - 1]) for number, tile in enumerate(upper, 1)
        }
        # Words of one-character ASCII tiles (English and kin) encode through one C-level
        # byte translation: 255 marks a character outside the alphabet.
        table = None
        if not self._multi and all(len(form) == 1 and form.isascii() for form in forms):
            table = bytearray([255]) * 256
            for form, number in self._numbers.items():
                table[ord(form)] = number
        self._ascii = None if table is None else bytes(table)

    @classmethod
    def from_letters(cls, letters: Iterable[str], vowels: Iterable[str] = "AEIOU") -> Alphabet:
        """A one-letter-a-tile game alphabet from upper-case letters (vowels: those of
        ``vowels`` that are among them)."""
        tiles = tuple(letters)
        return cls(tiles, vowels=[tile for tile in tiles if tile in set(vowels)])

    @classmethod
    def plain(cls, characters: Iterable[str]) -> Alphabet:
        """The alphabet of a word list read without a game's tiles: each of ``characters`` (the
        distinct characters of its upper-cased words, any non-space character) one tile, in
        code point order.  Words encode by ``str.upper`` and then character by character, as
        such lists are read.  A character with a one-character lower case has it as its
        lower-case form; others (``-``, ``'``) have none."""
        chars = tuple(sorted(set(_sequence(characters, "characters"))))
        if len(chars) > MAX_PLAIN_TILES:
            raise InvalidArgumentError(f"a word list's alphabet has at most {MAX_PLAIN_TILES} characters, "
                                       f"not {len(chars)}")
        for char in chars:
            if len(char) != 1 or char.isspace():
                raise InvalidArgumentError(f"{char!r} cannot be a tile of a word list's alphabet")
        alphabet = cls.__new__(cls)
        lowers = tuple(
            lower if lower is not None and lower not in chars else None
            for lower in map(_plain_lower, chars)
        )
        alphabet._setup(chars, lowers, frozenset(char for char in chars if char in "AEIOU"), plain=True)
        return alphabet

    # --- the tiles --------------------------------------------------------------------------

    @property
    def tiles(self) -> tuple[str, ...]:
        """The tiles (upper-case forms) in tile-number order: tile ``n`` is ``tiles[n - 1]``."""
        return self._tiles

    @property
    def lower_forms(self) -> tuple[str | None, ...]:
        """The lower-case forms, in the same order as :attr:`tiles` (None: the tile has none,
        only in a plain alphabet)."""
        return self._lower

    @property
    def vowels(self) -> frozenset[str]:
        """The tiles that are vowels."""
        return self._vowels

    @property
    def is_plain(self) -> bool:
        """Whether this is a word list's plain alphabet (:meth:`plain`)."""
        return self._plain

    @property
    def is_single_character(self) -> bool:
        """Whether every tile is written with one character."""
        return not self._multi

    @property
    def is_ascii_letters(self) -> bool:
        """Whether every tile is one of the letters A-Z (English text is read and written as
        it always has been: no brackets, ``?`` for a blank)."""
        return all(len(tile) == 1 and "A" <= tile <= "Z" for tile in self._tiles)

    def __len__(self) -> int:
        return len(self._tiles)

    def __contains__(self, form: object) -> bool:
        """Whether ``form`` writes a tile (either case)."""
        return isinstance(form, str) and form in self._numbers

    def number(self, form: str) -> int:
        """The tile number (1..n) of a tile written in either case, :data:`BLANK_NUMBER` for ``?``.
        Cost: O(1)."""
        if form == BLANK_TEXT:
            return BLANK_NUMBER
        try:
            return self._numbers[form]
        except (KeyError, TypeError):
            raise InvalidArgumentError(f"{form!r} is not a tile of this alphabet") from None

    def tile(self, number: int) -> str:
        """The tile (upper-case form) numbered ``number``; ``?`` for :data:`BLANK_NUMBER`."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise InvalidArgumentTypeError("a tile number must be an int")
        if number == BLANK_NUMBER:
            return BLANK_TEXT
        if not 1 <= number <= len(self._tiles):
            raise InvalidArgumentError(f"tile number {number} is not in 0..{len(self._tiles)}")
        return self._tiles[number - 1]

    def written(self, number: int) -> str:
        """How a tile number is written on a board: the tile, or for ``n | BLANK_BIT`` the
        lower-case form of tile ``n``; ``?`` for :data:`BLANK_NUMBER`.  Cost: O(1)."""
        if number == BLANK_NUMBER:
            return BLANK_TEXT
        try:
            return self._decode[number]
        except (KeyError, TypeError):
            raise InvalidArgumentError(f"{number!r} is not a tile number of this alphabet") from None

    def upper(self, form: str) -> str:
        """The tile a form writes (its upper-case form); ``?`` stays ``?``."""
        return BLANK_TEXT if form == BLANK_TEXT else self.tile(self.number(form))

    def lower(self, form: str) -> str:
        """The lower-case form of a tile (how a blank played as it is written)."""
        number = self.number(form)
        if number == BLANK_NUMBER:
            raise InvalidArgumentError("the blank has no lower-case form")
        lower = self._lower[number - 1]
        if lower is None:
            raise InvalidArgumentError(f"{form!r} has no lower-case form")
        return lower

    def is_designated_blank(self, form: str) -> bool:
        """Whether ``form`` is a tile's lower-case form (a blank played as that tile)."""
        number = self._numbers.get(form, 0) if isinstance(form, str) else 0
        return number > 0 and self._lower[number - 1] == form

    def is_vowel(self, form: str) -> bool:
        """Whether the tile ``form`` writes (either case) is a vowel; the blank is not."""
        return form != BLANK_TEXT and self.upper(form) in self._vowels

    def vowel_numbers(self) -> frozenset[int]:
        """The tile numbers of the vowels."""
        return frozenset(self._numbers[tile] for tile in self._vowels)

    # --- words ------------------------------------------------------------------------------

    def split_word(self, text: str, digraphs: Digraphs = "longest") -> tuple[str, ...]:
        """The tiles of a word (upper-case forms), case folded per alphabet: ``"col·legi"`` ->
        C O L·L E G I.  ``digraphs="bracketed"`` reads unbracketed characters one tile each
        (see :mod:`wordgames.lexicon.tiles`).  InvalidArgumentError naming a character outside
        the alphabet.  Cost: O(len(text) * longest tile)."""
        if self._plain:
            if not isinstance(text, str):
                raise InvalidArgumentTypeError(f"a word must be a string, not {type(text).__name__}")
            return tuple(self.tile(number) for number in self.encode_word(text))
        return self._words.split(text, digraphs)

    def encode_word(self, text: str, digraphs: Digraphs = "longest") -> bytes:
        """A word as tile numbers (see :meth:`split_word`; a plain alphabet upper-cases it
        with ``str.upper`` first).  InvalidArgumentError naming a character outside the
        alphabet.  Cost: one C-level translation for ASCII words of one-character tiles, else
        O(len(text) * longest tile)."""
        if not isinstance(text, str):
            raise InvalidArgumentTypeError(f"a word must be a string, not {type(text).__name__}")
        table = self._ascii
        if table is not None and text.isascii():
            encoded = (text.upper() if self._plain else text).encode("ascii").translate(table)
            if 255 not in encoded:
                return encoded
            position = encoded.index(255)
            raise InvalidArgumentError(
                f"{_shown(text)!r}: {text[position]!r} at position {position + 1} is not in the alphabet"
            )
        if self._plain:
            numbers = self._numbers
            upper = text.upper()
            try:
                return bytes([numbers[char] for char in upper])
            except KeyError:
                position = next(i for i, char in enumerate(upper) if char not in numbers)
                raise InvalidArgumentError(
                    f"{_shown(text)!r}: {upper[position]!r} at position {position + 1} is not in the alphabet"
                ) from None
        numbers = self._numbers
        return bytes([numbers[tile] for tile in self._words.split(text, digraphs)])

    def word_numbers(self, text: str, digraphs: Digraphs = "longest") -> tuple[int, ...]:
        """The tile numbers of a word (see :meth:`encode_word`) as a tuple."""
        return tuple(self.encode_word(text, digraphs))

    def try_encode_word(self, text: object, digraphs: Digraphs = "longest") -> bytes | None:
        """:meth:`encode_word`, or None when ``text`` is not a string the alphabet spells (the
        answer to "is this a word?" is then no).  Cost: as :meth:`encode_word`."""
        if not isinstance(text, str):
            return None
        table = self._ascii
        if table is not None and text.isascii():
            encoded = (text.upper() if self._plain else text).encode("ascii").translate(table)
            return None if 255 in encoded else encoded
        try:
            return self.encode_word(text, digraphs)
        except InvalidArgumentError:
            return None

    def decode_word(self, tiles: Sequence[int]) -> str:
        """Tile numbers written out as a word (tiles' upper-case forms; a number with
        :data:`BLANK_BIT` as its tile's lower-case form), without brackets.  Cost: O(tiles)."""
        decode = self._decode
        try:
            return "".join([decode[number] for number in tiles])
        except (KeyError, TypeError):
            bad = next((number for number in tiles if number not in decode), None)
            raise InvalidArgumentError(f"{bad!r} is not a tile number of this alphabet") from None

    def fold(self, text: str) -> str:
        """A word in upper case per alphabet (``"ñandú"`` -> ``"ÑANDÚ"`` when those are
        tiles); InvalidArgumentError for a character outside it."""
        return self.decode_word(self.encode_word(text))

    @property
    def word_splitter(self) -> TileSplitter:
        """The splitter :meth:`split_word` uses (forms to upper-case tiles)."""
        return self._words

    # --- notation ---------------------------------------------------------------------------

    def parse(self, text: str) -> tuple[str, ...]:
        """Tiles from rack or move notation as written forms: upper-case forms are tiles,
        lower-case forms blanks played as that tile, ``?`` (or ``_``) a blank; a
        multi-character tile may be bracketed (``[L·L]``, ``[l·l]``) and is read by longest
        match otherwise."""
        if not isinstance(text, str):
            raise InvalidArgumentTypeError(f"tiles must be written as a string, not {type(text).__name__}")
        return self._notation.split(text.replace("_", BLANK_TEXT))

    def parse_tiles(self, text: str) -> bytes:
        """Rack or move notation (see :meth:`parse`) as tile numbers: ``n`` a tile, ``n |
        BLANK_BIT`` a blank played as tile ``n``, :data:`BLANK_NUMBER` a blank.  Cost: O(len(text))."""
        numbers = self._numbers
        out = bytearray()
        for form in self.parse(text):
            if form == BLANK_TEXT:
                out.append(BLANK_NUMBER)
                continue
            number = numbers[form]
            out.append(number | BLANK_BIT if self._lower[number - 1] == form else number)
        return bytes(out)

    def format(self, tiles: Iterable[str]) -> str:
        """Notation for written forms (tiles, lower-case forms, ``?``): multi-character forms
        in brackets, and a one-character tile too when the text after it would otherwise
        start a longer tile, so :meth:`parse` reads back the same tiles.  Cost:
        O(len(tiles) * the alphabet's multi-character forms)."""
        forms = list(tiles)
        for form in forms:
            if form != BLANK_TEXT and form not in self._numbers:
                raise InvalidArgumentError(f"{form!r} is not a tile of this alphabet")
        if not self._multi:
            return "".join(forms)
        text = ""
        # Right to left, so a one-character tile is bracketed exactly when what follows it
        # would otherwise read as a longer tile (Spanish C then H is "[C]H", not "CH").
        for form in reversed(forms):
            plain = form + text
            ambiguous = len(form) > 1 or any(plain.startswith(longer) for longer in self._multi)
            text = f"[{form}]{text}" if ambiguous else plain
        return text

    def join(self, tiles: Sequence[str]) -> str:
        """Tiles (written forms) one after the other, without brackets (a word as people
        write it)."""
        return "".join(tiles)

    def format_tiles(self, tiles: Iterable[int]) -> str:
        """Notation (see :meth:`format`) for tile numbers (:data:`BLANK_NUMBER` is ``?``; a number
        with :data:`BLANK_BIT` its tile's lower-case form).  Cost: O(len(tiles))."""
        return self.format(self.written(number) for number in tiles)

    def spell(self, tiles: Iterable[int]) -> str:
        """Tile numbers written one after the other without brackets (a word as people write
        it); :data:`BLANK_NUMBER` is ``?``."""
        return "".join(self.written(number) for number in tiles)

    # --- value semantics --------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Alphabet) and self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self._tiles, self._lower, self._vowels, self._plain)

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        name = "Alphabet.plain" if self._plain else "Alphabet"
        return f"{name}({self.format(self._tiles)!r})"

    def __reduce__(self) -> tuple[object, ...]:
        if self._plain:
            return (Alphabet.plain, (self._tiles,))
        return (Alphabet, (self._tiles, self._lower, tuple(sorted(self._vowels))))


def _shown(text: str) -> str:
    return text if len(text) <= 40 else text[:40] + "..."


ENGLISH = Alphabet.from_letters("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
"""The English alphabet: tiles 1..26 are A..Z (as in wolges' and MAGPIE's word graphs)."""


def digraph_mode(value: object) -> Digraphs:
    """``value`` as a digraph mode (see :func:`wordgames.lexicon.tiles.check_digraphs`)."""
    return check_digraphs(value)
