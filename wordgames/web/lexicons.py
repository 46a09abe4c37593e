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
from pathlib import Path

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import (
    DEFAULT_BACKEND,
    DEFAULT_LEXICON,
    Lexicon,
    load_lexicon,
    named_lexicons,
    resolve_source,
)
from wordgames.scrabble import TileSet
from wordgames.serialization.lexicons import named_source

# A name is what a request may say; this keeps it a plain word (and safe in a file name).
_NAME = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")

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
        self._lock = threading.Lock()
        self.get(self.default)  # fail at start, not on the first request

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
        default; read into ``tile_set``'s tiles."""
        key = self.resolve(requested) if requested or not named else self.resolve_named(named, what)
        return key, self.get(key, tile_set)

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
                lexicon = self._loaded[loaded] = load_lexicon(self._sources[key], self.backend, tiles=tiles)
        return lexicon
