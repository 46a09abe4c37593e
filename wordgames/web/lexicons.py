"""The word lists a web server offers, by name only, each loaded once and kept in memory.

A request names a lexicon; it never names a file.  The names are those of the shipped lists
and of ``$WORDGAMES_LEXICON_PATH`` (:func:`wordgames.lexicon.named_lexicons`), plus the
server's default list, which the operator may give as a path on the command line.  A list
that a position or a game names but this server does not offer is refused
(:func:`wordgames.serialization.lexicons.named_source`), never replaced by another.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from wordgames.errors import InvalidArgumentError, WordGamesError
from wordgames.lexicon import (
    DEFAULT_BACKEND,
    DEFAULT_LEXICON,
    Lexicon,
    lexicon_from_words,
    load_lexicon,
    named_lexicons,
    resolve_source,
)
from wordgames.scrabble import TileSet
from wordgames.scrabble.core.distributions import distribution_names
from wordgames.scrabble.core.tiles import tile_set_named
from wordgames.serialization.lexicons import named_source
from wordgames.serialization.positions import check_lexicon_fits_tiles
from wordgames.wordsearch.dice import DICE_SET_NAMES, dice_side, fold_accents

# A name is what a request may say; this keeps it a plain word (and safe in a file name).
_NAME = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")

FOLDED_DICE = frozenset({"french"})
"""Dice sets that show no accents: their words are read with the accents removed (as
``boggle --fold-accents`` reads them; see :mod:`wordgames.wordsearch.dice`)."""

ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

NAMED_REMEDY = "choose one with lexicon=NAME"
"""How the refusal of a list named by a position or a game tells the client to fix it."""


class LexiconRegistry:
    """Lexicons by name, loaded on first use (thread-safe; a load costs up to ~0.5 s)."""

    def __init__(self, default: str = DEFAULT_LEXICON, backend: str = DEFAULT_BACKEND) -> None:
        """Offer the named lists and ``default`` (a name or a path; a path is offered under its
        file stem).  Raises LexiconError when ``default`` cannot be found."""
        self.backend = backend
        self._sources: dict[str, Path] = {
            name: path for name, path in sorted(named_lexicons().items()) if _NAME.match(name)
        }
        path = Path(default)
        if default.lower().removesuffix(".txt") in self._sources:
            self.default = default.lower().removesuffix(".txt")
        else:
            self.default = path.stem.lower() if _NAME.match(path.stem.lower()) else "default"
            self._sources[self.default] = resolve_source(default)
        self._loaded: dict[tuple[str, str], Lexicon] = {}
        self._letters: dict[str, frozenset[str]] = {}
        self._folded: dict[str, Lexicon] = {}
        self._lock = threading.Lock()
        # Fail at start, not on the first request, naming the file as the operator gave it.
        self._loaded[(self.default, "")] = load_lexicon(self._sources[self.default], backend)

    @property
    def names(self) -> list[str]:
        """The names a request may use, sorted."""
        return sorted(self._sources)

    def resolve(self, name: str | None) -> str:
        """The registered name ``name`` stands for (the default for None or empty); raises
        InvalidArgumentError for a name that is not offered."""
        if not name:
            return self.default
        key = name.strip().lower().removesuffix(".txt")
        if key not in self._sources:
            raise InvalidArgumentError(
                f"unknown lexicon {name[:64]!r} (this server offers: {', '.join(self.names)})"
            )
        return key

    def resolve_named(self, name: str, what: str) -> str:
        """The registered name of the list ``what`` (``the CGP``, ``the GCG``) names;
        LexiconError, saying which lists are offered, when this server does not offer it."""
        source = named_source(name, what, NAMED_REMEDY, self._sources)
        return next(key for key, path in self._sources.items() if path == source)

    def choose(
        self, requested: str | None, named: str | None, what: str, tile_set: TileSet | None = None
    ) -> tuple[str, Lexicon]:
        """The name and lexicon a request uses: the one it asks for, else the one its
        position or game names (``what`` names that: refused when not offered), else the
        best match for non-English tiles (:meth:`default_for`), else the default; read into
        ``tile_set``'s tiles."""
        if requested or not named:
            native = tile_set is not None and not tile_set.is_plain_english
            key = self.resolve(requested or (self.default_for(tile_set) if tile_set and native else None))
        else:
            key = self.resolve_named(named, what)
        return key, self.get(key, tile_set)

    def fitting(self, name: str | None, tile_set: TileSet) -> Lexicon:
        """:meth:`get`, refused (InvalidArgumentError) when the list spells words with letters
        ``tile_set`` lacks (an English list with the Polish tiles)."""
        lexicon = self.get(name, tile_set)
        check_lexicon_fits_tiles(lexicon, tile_set, "choose a {name} word list (lexicon=NAME)")
        return lexicon

    def letters(self, name: str) -> frozenset[str]:
        """Every letter the list ``name`` spells its words with (read as plain text, so a
        Catalan ``L·L`` is ``L``, ``·``, ``L``).  Cost: one pass over the words, once."""
        key = self.resolve(name)
        with self._lock:
            known = self._letters.get(key)
        if known is None:
            known = frozenset(letter for word in self.get(key) for letter in word)
            with self._lock:
                self._letters[key] = known
        return known

    def matching(self, letters: frozenset[str]) -> list[str]:
        """The names of the offered lists whose words use only ``letters``, the closest
        match first (a German list before an English one for German tiles: it spells with
        Ä, Ö and Ü), then the server's default, then by name."""
        fits = [name for name in self.names if self.letters(name) <= letters]
        return sorted(fits, key=lambda name: (*self.closeness(name, letters), name != self.default, name))

    def closeness(self, name: str, letters: frozenset[str]) -> tuple[int, int]:
        """How well the list ``name`` matches ``letters``, best lowest: the letters beyond
        A-Z it uses (Ä Ö Ü for German tiles), then all the letters it uses, the more the
        better."""
        used = self.letters(name) & letters
        return -len(used - ASCII_LETTERS), -len(used)

    def default_for(self, tile_set: TileSet) -> str:
        """The list a game with ``tile_set`` uses unless told: the best match (see
        :meth:`matching`), else the server's default."""
        found = self.matching(tile_set_letters(tile_set))
        return found[0] if found else self.default

    def folded(self, name: str | None) -> Lexicon:
        """The list ``name`` with its accents removed (``ÉTÉ`` as ``ETE``), as dice without
        accents play (the French Boggle dice); loaded once."""
        key = self.resolve(name)
        with self._lock:
            lexicon = self._folded.get(key)
        if lexicon is None:
            lexicon = lexicon_from_words([fold_accents(word) for word in self.get(key)], self.backend)
            with self._lock:
                self._folded[key] = lexicon
        return lexicon

    def get(self, name: str | None, tile_set: TileSet | None = None) -> Lexicon:
        """The lexicon called ``name`` (the default for None), its words read into
        ``tile_set``'s tiles (English by default: a Catalan list is read with Catalan tiles,
        ``L·L`` one tile), loading it on first use for each way of reading it."""
        key = self.resolve(name)
        tiles = tile_set.lexicon_encoding() if tile_set is not None else None
        loaded = (key, tiles.fingerprint() if tiles is not None else "")
        with self._lock:
            lexicon = self._loaded.get(loaded)
            if lexicon is None:
                try:
                    lexicon = load_lexicon(self._sources[key], self.backend, tiles=tiles)
                except WordGamesError as error:  # name the list, not the server's file
                    raise type(error)(str(error).replace(str(self._sources[key]), key)) from None
                self._loaded[loaded] = lexicon
        return lexicon


def tile_set_letters(tile_set: TileSet) -> frozenset[str]:
    """Every letter the tiles of ``tile_set`` are written with (``L·L`` gives ``L`` and
    ``·``), upper case."""
    return frozenset(char.upper() for tile in tile_set.values for char in tile if char != "?")


def dice_letters(dice: Iterable[Iterable[str]]) -> frozenset[str]:
    """Every letter the faces of ``dice`` show (``QU`` gives ``Q`` and ``U``)."""
    return frozenset(char.upper() for die in dice for face in die for char in face)


def catalogue(lexicons: LexiconRegistry) -> dict[str, Any]:
    """What the pages offer: the lexicon names and the default one, every shipped tile
    distribution (its values and the lexicons that fit it) and every dice set (its side and
    the lexicons that fit it, with their accents removed for dice that show none)."""
    tiles = {}
    for name in distribution_names():
        tile_set = tile_set_named(name)
        assert tile_set is not None  # a shipped name
        fits = lexicons.matching(tile_set_letters(tile_set))
        tiles[name] = {"lexicons": fits, "default": fits[0] if fits else None}
    dice = {}
    for name, faces in DICE_SET_NAMES.items():
        letters, fold = dice_letters(faces), name in FOLDED_DICE
        fits = [key for key in lexicons.names
                if {fold_accents(c) if fold else c for c in lexicons.letters(key)} <= letters]
        fits.sort(key=lambda key: (*lexicons.closeness(key, lexicons.letters(key)),
                                   key != lexicons.default, key))
        dice[name] = {"side": dice_side(faces), "fold": fold, "lexicons": fits,
                      "default": fits[0] if fits else None}
    return {"lexicons": lexicons.names, "default": lexicons.default, "tiles": tiles, "dice": dice}
