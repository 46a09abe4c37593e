"""Alphabets: the tiles of a language's game, as data.

An :class:`Alphabet` is an ordered list of tiles, numbered 1..n in that order (0 is the
blank), as KWG word graphs and KLV2 leave files number them.  A tile is written with one or
more characters (Catalan ``L·L``, ``NY``, ``QU``; Spanish ``CH``, ``LL``, ``RR``; Dutch
``IJ``) and has a lower-case form given by the data (``l·l``), never guessed by
``str.lower``/``str.upper`` when that would change its length (``ß`` upper-cases to ``SS``).

Three ways to read text:

* :meth:`Alphabet.split_word` reads a word: case is folded per alphabet (both forms of a tile
  stand for the tile), the longest tile matches first (``COL·LEGI`` is C O [L·L] E G I), a
  bracketed group ``[CH]`` is always one tile.
* :meth:`Alphabet.parse` reads the notation of racks and moves: ``[L·L]`` is a tile,
  ``[l·l]`` a blank designated as that tile, ``a`` a blank designated as A, ``?`` a blank.
  A designated blank comes back as the tile's lower-case form, as the board writes it.
* :meth:`Alphabet.format` writes that notation: multi-character tiles always in brackets (and
  a one-character tile when the next ones would read as a longer tile: Spanish C, H is
  ``[C]H``), so what it writes parses back to the same tiles however the spellings overlap.

**Internal encoding.**  Inside the engine (lexicons, boards, racks, moves, leaves) every tile
is one code point, and a blank designated as a tile is that code point's ``str.lower()``.  A
tile written with one case-paired character whose lower-case form is ``str.lower`` of it (A,
Ä, Ą, Ñ) is its own code point, so English and every one-character alphabet are the identity.
Any other tile (``L·L``, ``NY``, ``CH``) takes the next free capital of :data:`CODE_POOL`
(Deseret, a script no game alphabet uses, whose 40 letters are case pairs), in tile-number
order.  Only the edges convert: :meth:`Alphabet.parse_codes`, :meth:`Alphabet.format_codes`,
:meth:`Alphabet.encoding` (word lists).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.tiles import Digraphs, TileEncoding, TileSplitter
from wordgames.limits import MAX_TILE_CHARS

BLANK = "?"

MAX_ALPHABET_TILES = 127
"""Tiles in one alphabet: numbers 1..127 leave the top bit of a byte free, the bit word
graphs and move generators use to mark a blank."""

CODE_POOL = tuple(chr(point) for point in range(0x10400, 0x10428))
"""Code points for tiles that are not their own code point: the Deseret capitals U+10400 to
U+10427, whose ``str.lower()`` are the small letters U+10428 to U+1044F (one code point each
way), so a designated blank is still the lower case of its tile's code point."""

JOINERS = frozenset("·")
"""Characters a tile may hold besides letters and combining marks (the Catalan middle dot)."""


def is_tile_form(text: object) -> bool:
    """Whether ``text`` may write a tile: 1..MAX_TILE_CHARS characters in Unicode NFC, the
    first a letter, the rest letters, combining marks or the middle dot ``·``."""
    if not isinstance(text, str) or not 1 <= len(text) <= MAX_TILE_CHARS or not text[0].isalpha():
        return False
    if unicodedata.normalize("NFC", text) != text:
        return False
    return all(
        char.isalpha() or char in JOINERS or unicodedata.category(char).startswith("M") for char in text
    )


def _lower_form(tile: str) -> str:
    """The lower-case form ``str.lower`` gives, when it is safe: same length, and back again."""
    lower = tile.lower()
    if len(lower) != len(tile) or lower.upper() != tile or lower == tile:
        raise InvalidArgumentError(
            f"tile {tile!r}: its lower-case form cannot be derived; give it explicitly"
        )
    return lower


def _internal_codes(upper: tuple[str, ...], lowers: tuple[str, ...]) -> tuple[str, ...]:
    """Each tile's code point: itself when it is one character whose ``str.lower`` is its
    lower-case form (and back), else the next Deseret capital no form of the alphabet uses."""
    used = set(upper) | set(lowers)
    pool = iter(code for code in CODE_POOL if code not in used and code.lower() not in used)
    codes = []
    for tile, lower in zip(upper, lowers, strict=True):
        if len(tile) == 1 and tile.lower() == lower and lower.upper() == tile and tile not in CODE_POOL:
            codes.append(tile)
            continue
        code = next(pool, None)
        if code is None:
            raise InvalidArgumentError(
                f"an alphabet may hold at most {len(CODE_POOL)} tiles that are not one "
                "case-paired character each"
            )
        codes.append(code)
    return tuple(codes)


class Alphabet:
    """The ordered tiles of a game, with their lower-case forms and vowels (see module
    docstring).  Immutable; equal when tiles, forms and vowels are."""

    __slots__ = ("_code_of", "_codes", "_form_of", "_identity", "_lower", "_multi", "_notation",
                 "_numbers", "_tiles", "_upper_of", "_vowels", "_words")

    def __init__(
        self, tiles: Iterable[str], lower: Iterable[str] | None = None, vowels: Iterable[str] = ()
    ) -> None:
        """``tiles`` in tile-number order (upper-case forms); ``lower`` their lower-case forms in
        the same order (derived by ``str.lower`` only when that keeps the length and maps back);
        ``vowels`` some of ``tiles`` (a string stands for its characters).
        InvalidArgumentError for anything malformed: an empty or oversized alphabet, a form
        that :func:`is_tile_form` refuses, a form used twice, a lower form equal to its tile."""
        for name, value in (("tiles", tiles), ("lower", lower)):
            if isinstance(value, str) or (value is not None and not isinstance(value, Iterable)):
                raise InvalidArgumentTypeError(f"alphabet {name} must be a sequence of strings")
        upper = tuple(tiles)
        if not 1 <= len(upper) <= MAX_ALPHABET_TILES:
            raise InvalidArgumentError(f"an alphabet has 1 to {MAX_ALPHABET_TILES} tiles, not {len(upper)}")
        for tile in upper:
            if not is_tile_form(tile):
                raise InvalidArgumentError(f"{tile!r} cannot be a tile (letters and '·', NFC, at most "
                                           f"{MAX_TILE_CHARS} characters)")
        lowers = tuple(_lower_form(tile) for tile in upper) if lower is None else tuple(lower)
        if len(lowers) != len(upper):
            raise InvalidArgumentError(f"{len(upper)} tiles but {len(lowers)} lower-case forms")
        for tile, form in zip(upper, lowers, strict=True):
            if not is_tile_form(form) or form == tile:
                raise InvalidArgumentError(f"{form!r} cannot be the lower-case form of {tile!r}")
        forms = upper + lowers
        repeated = sorted(form for form, uses in Counter(forms).items() if uses > 1)
        if repeated:
            raise InvalidArgumentError(f"alphabet forms used twice: {', '.join(repeated)}")
        if not isinstance(vowels, Iterable):
            raise InvalidArgumentTypeError("alphabet vowels must be strings (or one string of letters)")
        vowel_set = frozenset(vowels)
        if not vowel_set <= set(upper):
            raise InvalidArgumentError(f"vowels {sorted(vowel_set - set(upper))} are not tiles")
        self._tiles = upper
        self._lower = lowers
        self._vowels = vowel_set
        self._numbers = {tile: number for number, tile in enumerate(upper, 1)}
        self._numbers.update((form, number) for number, form in enumerate(lowers, 1))
        self._upper_of = dict(zip(forms, upper + upper, strict=True))
        self._multi = tuple(form for form in forms if len(form) > 1)
        self._words = TileSplitter(self._upper_of)
        self._notation = TileSplitter({**{form: form for form in forms}, BLANK: BLANK})
        self._codes = _internal_codes(upper, lowers)
        self._identity = self._codes == upper
        codes = self._codes + tuple(code.lower() for code in self._codes)
        self._code_of = dict(zip(forms, codes, strict=True))
        self._code_of[BLANK] = BLANK
        self._form_of = {code: form for form, code in self._code_of.items()}

    @classmethod
    def from_letters(cls, letters: Iterable[str], vowels: Iterable[str] = "AEIOU") -> Alphabet:
        """A one-letter-a-tile alphabet from upper-case letters (vowels: those of ``vowels``
        that are among them)."""
        tiles = tuple(letters)
        return cls(tiles, vowels=[tile for tile in tiles if tile in set(vowels)])

    # --- the tiles --------------------------------------------------------------------------

    @property
    def tiles(self) -> tuple[str, ...]:
        """The tiles (upper-case forms) in tile-number order: tile ``n`` is ``tiles[n - 1]``."""
        return self._tiles

    @property
    def lower_forms(self) -> tuple[str, ...]:
        """The lower-case forms, in the same order as :attr:`tiles`."""
        return self._lower

    @property
    def vowels(self) -> frozenset[str]:
        """The tiles that are vowels."""
        return self._vowels

    @property
    def is_single_character(self) -> bool:
        """Whether every tile is written with one character (one character a tile end to end)."""
        return all(len(tile) == 1 for tile in self._tiles)

    def __len__(self) -> int:
        return len(self._tiles)

    def __contains__(self, form: object) -> bool:
        """Whether ``form`` writes a tile (either case)."""
        return isinstance(form, str) and form in self._numbers

    def number(self, form: str) -> int:
        """The tile number (1..n) of a tile written in either case, 0 for ``?``.  Cost: O(1)."""
        if form == BLANK:
            return 0
        try:
            return self._numbers[form]
        except (KeyError, TypeError):
            raise InvalidArgumentError(f"{form!r} is not a tile of this alphabet") from None

    def tile(self, number: int) -> str:
        """The tile (upper-case form) numbered ``number``; ``?`` for 0."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise InvalidArgumentTypeError("a tile number must be an int")
        if number == 0:
            return BLANK
        if not 1 <= number <= len(self._tiles):
            raise InvalidArgumentError(f"tile number {number} is not in 0..{len(self._tiles)}")
        return self._tiles[number - 1]

    def upper(self, form: str) -> str:
        """The tile a form writes (its upper-case form); ``?`` stays ``?``."""
        return BLANK if form == BLANK else self.tile(self.number(form))

    def lower(self, form: str) -> str:
        """The lower-case form of a tile (how a blank designated as it is written)."""
        number = self.number(form)
        if number == 0:
            raise InvalidArgumentError("the blank has no lower-case form")
        return self._lower[number - 1]

    def is_designated_blank(self, form: str) -> bool:
        """Whether ``form`` is a tile's lower-case form (a blank played as that tile)."""
        number = self._numbers.get(form, 0) if isinstance(form, str) else 0
        return number > 0 and self._lower[number - 1] == form

    def is_vowel(self, form: str) -> bool:
        """Whether the tile ``form`` writes (either case) is a vowel; the blank is not."""
        return form != BLANK and self.upper(form) in self._vowels

    # --- words ------------------------------------------------------------------------------

    def split_word(self, text: str, digraphs: Digraphs = "longest") -> tuple[str, ...]:
        """The tiles of a word, case folded per alphabet: ``"col·legi"`` -> C O L·L E G I.
        ``digraphs="bracketed"`` reads unbracketed characters one tile each (see
        :mod:`wordgames.lexicon.tiles`).  InvalidArgumentError naming a character outside the
        alphabet.  Cost: O(len(text) * longest tile)."""
        return self._words.split(text, digraphs)

    def word_numbers(self, text: str, digraphs: Digraphs = "longest") -> tuple[int, ...]:
        """The tile numbers of a word (see :meth:`split_word`)."""
        return tuple(self._numbers[tile] for tile in self.split_word(text, digraphs))

    def fold(self, text: str) -> str:
        """A word in upper case per alphabet (``"straße"`` stays invalid; ``"ñandú"`` ->
        ``"ÑANDÚ"`` when those are tiles)."""
        return "".join(self.split_word(text))

    @property
    def word_splitter(self) -> TileSplitter:
        """The splitter :meth:`split_word` uses (for :func:`wordgames.lexicon.tiles.read_tile_words`)."""
        return self._words

    # --- notation ---------------------------------------------------------------------------

    def parse(self, text: str) -> tuple[str, ...]:
        """Tiles from rack or move notation: upper-case forms are tiles, lower-case forms
        blanks designated as that tile, ``?`` (or ``_``) a blank; a multi-character tile may
        be bracketed (``[L·L]``, ``[l·l]``) and is read by longest match otherwise."""
        if not isinstance(text, str):
            raise InvalidArgumentTypeError(f"tiles must be written as a string, not {type(text).__name__}")
        return self._notation.split(text.replace("_", BLANK))

    def format(self, tiles: Iterable[str]) -> str:
        """Notation for tiles (tiles, lower-case forms, ``?``): multi-character forms in
        brackets, and a one-character tile too when the text after it would otherwise start a
        longer tile, so :meth:`parse` reads back the same tiles.  Cost: O(len(tiles) * the
        alphabet's multi-character forms)."""
        forms = list(tiles)
        for form in forms:
            if form != BLANK and form not in self._numbers:
                raise InvalidArgumentError(f"{form!r} is not a tile of this alphabet")
        text = ""
        # Right to left, so a one-character tile is bracketed exactly when what follows it
        # would otherwise read as a longer tile (Spanish C then H is "[C]H", not "CH").
        for form in reversed(forms):
            plain = form + text
            ambiguous = len(form) > 1 or any(plain.startswith(longer) for longer in self._multi)
            text = f"[{form}]{text}" if ambiguous else plain
        return text

    def join(self, tiles: Sequence[str]) -> str:
        """Tiles written one after the other, without brackets (a word as people write it)."""
        return "".join(tiles)

    # --- the internal encoding (see module docstring) ------------------------------------

    @property
    def codes(self) -> str:
        """The tiles' internal code points in tile-number order: tile ``n`` is ``codes[n - 1]``."""
        return "".join(self._codes)

    @property
    def is_identity(self) -> bool:
        """Whether every tile is its own code point (English, German, Polish...)."""
        return self._identity

    def code(self, form: str) -> str:
        """The internal code point of a written form (a tile's lower-case form gives the lower
        case of the tile's code point; ``?`` stays ``?``).  Cost: O(1)."""
        try:
            return self._code_of[form]
        except (KeyError, TypeError):
            raise InvalidArgumentError(f"{form!r} is not a tile of this alphabet") from None

    def written(self, code: str) -> str:
        """The written form of an internal code point (inverse of :meth:`code`)."""
        try:
            return self._form_of[code]
        except (KeyError, TypeError):
            raise InvalidArgumentError(f"{code!r} is not a tile code of this alphabet") from None

    def parse_codes(self, text: str) -> str:
        """Rack or move notation (see :meth:`parse`) as internal code points, one a tile."""
        tiles = self.parse(text)
        return "".join(map(self._code_of.__getitem__, tiles))

    def format_codes(self, codes: str) -> str:
        """Notation (see :meth:`format`) for tiles given as internal code points (a word, a
        rack, a row of the board).  Identity alphabets return ``codes`` itself, so English
        text is never touched.  Cost: O(len(codes))."""
        if not isinstance(codes, str):
            raise InvalidArgumentTypeError(f"tiles must be a string of codes, not {type(codes).__name__}")
        if self._identity:
            return codes
        return self.format(self.written(code) for code in codes)

    def spell(self, text: str) -> str:
        """Free text (an error message) with every internal code point that is not its own
        tile written out (``L·L``, ``l·l``); other characters are kept."""
        if not isinstance(text, str):
            raise InvalidArgumentTypeError(f"text must be a string, not {type(text).__name__}")
        if self._identity:
            return text
        return "".join(self._form_of.get(char, char) for char in text)

    def encoding(self, digraphs: Digraphs = "longest") -> TileEncoding:
        """How the lexicon layer reads a word list into this alphabet's code points: every
        written form (either case) stands for its tile's code point."""
        upper_code = {form: self._code_of[tile] for form, tile in self._upper_of.items()}
        return TileEncoding(TileSplitter(upper_code), self.codes, digraphs)

    # --- value semantics --------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Alphabet)
            and (self._tiles, self._lower, self._vowels) == (other._tiles, other._lower, other._vowels)
        )

    def __hash__(self) -> int:
        return hash((self._tiles, self._lower, self._vowels))

    def __repr__(self) -> str:
        return f"Alphabet({self.format(self._tiles)!r})"
