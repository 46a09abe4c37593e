"""Words as tiles: splitting text into tiles when a tile may be several characters.

Crossword games outside English have tiles written with more than one character (Catalan
``L·L``, ``NY``, ``QU``; Spanish ``CH``, ``LL``, ``RR``; old Dutch sets ``IJ``).  A
:class:`TileSplitter` knows every way a tile may be written (its *forms*: ``"L·L"`` and
``"l·l"`` both stand for the tile ``L·L``) and splits a word into tiles:

* longest match first: ``COL·LEGI`` is ``C O L·L E G I``; when the longest form leads to a
  dead end (no tile fits further on), a shorter one is tried, so any text made of tiles
  splits;
* a bracketed group is always exactly one tile: ``[CH]`` is the tile ``CH``, ``C[H]`` two;
* with ``digraphs="bracketed"`` only bracketed groups are multi-character tiles and every
  other character is a tile by itself (for word lists that spell ``CH`` as two tiles unless
  they bracket it: Spanish lists differ on this);
* text is NFC-normalised first, so a decomposed ``É`` matches the tile ``É``;
* a character that starts no tile is an InvalidArgumentError naming it and its position.

This module knows nothing of any game: the Scrabble alphabet
(:mod:`wordgames.scrabble.core.alphabet`) builds its splitters here, and a word-search game
could use the same.  :func:`read_tile_words` reads a UTF-8 word list into tile sequences.
"""

from __future__ import annotations

import hashlib
import os
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError, LexiconError
from wordgames.lexicon.files import read_file_bytes, too_big
from wordgames.limits import (
    MAX_LEXICON_FILE_BYTES,
    MAX_TILE_CHARS,
    MAX_TILE_FORMS,
    MAX_TILE_TEXT_CHARS,
    MAX_WORD_LENGTH,
)

Digraphs = Literal["longest", "bracketed"]
"""How unbracketed multi-character tiles are read: by longest match, or never."""

DIGRAPH_MODES: tuple[Digraphs, ...] = ("longest", "bracketed")


def check_digraphs(digraphs: object) -> Digraphs:
    """``digraphs`` when it is a known mode; InvalidArgumentError otherwise."""
    if digraphs == "longest":
        return "longest"
    if digraphs == "bracketed":
        return "bracketed"
    raise InvalidArgumentError(f"digraphs must be one of {', '.join(DIGRAPH_MODES)}, not {digraphs!r}")


class TileSplitter:
    """Splits text into tiles given every written form of every tile (see module docstring)."""

    def __init__(self, forms: Mapping[str, str]) -> None:
        """``forms`` maps each written form (NFC, 1..MAX_TILE_CHARS characters, no ``[`` or
        ``]``) to the tile it stands for."""
        if not isinstance(forms, Mapping):
            raise InvalidArgumentTypeError("tile forms must be a mapping of form to tile")
        if len(forms) > MAX_TILE_FORMS:
            raise InvalidArgumentError(f"at most {MAX_TILE_FORMS} tile forms, not {len(forms)}")
        for form, tile in forms.items():
            if not isinstance(form, str) or not isinstance(tile, str):
                raise InvalidArgumentTypeError("tile forms and tiles must be strings")
            if not 1 <= len(form) <= MAX_TILE_CHARS or "[" in form or "]" in form:
                raise InvalidArgumentError(
                    f"tile form {form!r}: 1 to {MAX_TILE_CHARS} characters, no brackets"
                )
            if unicodedata.normalize("NFC", form) != form:
                raise InvalidArgumentError(f"tile form {form!r} is not in Unicode NFC form")
        self._forms = dict(forms)
        self._longest = max(map(len, forms), default=1)

    @property
    def forms(self) -> dict[str, str]:
        """Every written form and the tile it stands for (a copy)."""
        return dict(self._forms)

    def split(self, text: str, digraphs: Digraphs = "longest") -> tuple[str, ...]:
        """The tiles ``text`` spells (see module docstring).  Cost: O(len(text) * longest
        form) with a memo of dead ends, whatever the alphabet."""
        if not isinstance(text, str):
            raise InvalidArgumentTypeError(f"a word must be a string, not {type(text).__name__}")
        mode = check_digraphs(digraphs)
        if len(text) > MAX_TILE_TEXT_CHARS:
            shown = text[:40] + "..."
            raise InvalidArgumentError(f"{shown!r}: {len(text)} characters; at most {MAX_TILE_TEXT_CHARS}")
        text = unicodedata.normalize("NFC", text)
        widest = self._longest if mode == "longest" else 1
        size = len(text)
        # choice[i]: the first match at i, longest first, after which the rest splits (None: the
        # rest does not split).  Filled from the end, so each position is looked at once.
        choice: list[tuple[int, str] | None] = [None] * (size + 1)
        choice[size] = (size, "")
        for start in range(size - 1, -1, -1):
            choice[start] = next(
                ((end, tile) for end, tile in self._matches(text, start, widest) if choice[end]), None
            )
        if choice[0] is None:
            raise InvalidArgumentError(self._unreadable(text, self._dead_end(text, widest)))
        tiles: list[str] = []
        position = 0
        while position < size:
            step = choice[position]
            assert step is not None
            position, tile = step
            tiles.append(tile)
        return tuple(tiles)

    def _dead_end(self, text: str, widest: int) -> int:
        """The furthest position reachable from the start: no tile starts there."""
        reachable = {0}
        for start in range(len(text)):
            if start in reachable:
                reachable.update(end for end, _ in self._matches(text, start, widest))
        return max(reachable)

    def _matches(self, text: str, start: int, widest: int) -> Iterable[tuple[int, str]]:
        """(end, tile) for each form that starts at ``start``, longest first."""
        if text[start] == "[":
            close = text.find("]", start + 1)
            group = text[start + 1 : close] if close > start else None
            if group is not None and group in self._forms:
                yield close + 1, self._forms[group]
            return
        for size in range(min(widest, len(text) - start), 0, -1):
            tile = self._forms.get(text[start : start + size])
            if tile is not None:
                yield start + size, tile

    def _unreadable(self, text: str, position: int) -> str:
        shown = text if len(text) <= 40 else text[:40] + "..."
        char = text[position]
        if char == "[":
            close = text.find("]", position + 1)
            if close < 0:
                return f"{shown!r}: '[' at position {position + 1} is never closed"
            return f"{shown!r}: {text[position:close + 1]!r} at position {position + 1} is not a tile"
        return f"{shown!r}: {char!r} at position {position + 1} is not in the alphabet"


@dataclass(frozen=True)
class TileEncoding:
    """How a lexicon stores the words of an alphabet whose tiles may be several characters:
    ``splitter`` maps every written form to the tile's one code point (so a stored word has
    one character a tile, and the trie and the node walk step by tile), ``codes`` lists those
    code points in tile-number order (tile ``n`` of a KWG file is ``codes[n - 1]``), and
    ``digraphs`` says how unbracketed text is split (see :func:`check_digraphs`)."""

    splitter: TileSplitter
    codes: str
    digraphs: Digraphs = "longest"

    def __post_init__(self) -> None:
        if not isinstance(self.splitter, TileSplitter) or not isinstance(self.codes, str):
            raise InvalidArgumentTypeError("a tile encoding is a TileSplitter and a string of codes")
        check_digraphs(self.digraphs)
        if set(self.splitter.forms.values()) - set(self.codes) or len(set(self.codes)) != len(self.codes):
            raise InvalidArgumentError("a tile encoding's forms must map onto its distinct codes")

    def fingerprint(self) -> str:
        """A digest of the forms, codes and mode: part of a cached lexicon's key, so words
        read through one alphabet's encoding are never served for another's (Catalan L·L and
        Spanish CH share a code point)."""
        forms = sorted(self.splitter.forms.items())
        text = repr((forms, self.codes, self.digraphs))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    def encode_words(self, data: bytes, name: str) -> list[str]:
        """The sorted unique words of UTF-8 word-list bytes, one code point a tile (see
        :func:`tile_words_from_bytes` for the reading and its errors)."""
        words = tile_words_from_bytes(data, name, self.splitter, self.digraphs)
        return sorted("".join(tiles) for tiles in words)


def read_tile_words(
    path: str | os.PathLike[str], splitter: TileSplitter, digraphs: Digraphs = "longest"
) -> list[tuple[str, ...]]:
    """Read a UTF-8 word list into tile sequences, each unique word once, in file order.

    The word on a line is its first whitespace-separated token (definitions after it are
    ignored); blank lines are skipped; a BOM and CRLF line ends are fine.  Case is folded by
    the splitter's forms (never by ``str.upper``, which turns ``ß`` into ``SS``).  A word with
    a character outside the alphabet is a LexiconError naming the file, the line and the
    character.  Cost: one pass, linear in the file's size."""
    return tile_words_from_bytes(read_file_bytes(path), str(path), splitter, digraphs)


def tile_words_from_bytes(
    data: bytes, path: str, splitter: TileSplitter, digraphs: Digraphs = "longest"
) -> list[tuple[str, ...]]:
    """:func:`read_tile_words` on a file's bytes (``path`` names it in errors)."""
    mode = check_digraphs(digraphs)
    if len(data) > MAX_LEXICON_FILE_BYTES:
        raise LexiconError(too_big(path, len(data)))
    if b"\0" in data:
        raise LexiconError(f"{path}: binary content, not a word list")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise LexiconError(f"{path}: not UTF-8 text (undecodable byte at offset {error.start})") from None
    words: dict[tuple[str, ...], None] = {}
    for number, line in enumerate(text.splitlines(), 1):
        fields = line.split()
        if not fields:
            continue
        try:
            tiles = splitter.split(fields[0], mode)
        except InvalidArgumentError as error:
            raise LexiconError(f"{path}:{number}: {error}") from None
        if len(tiles) > MAX_WORD_LENGTH:
            raise LexiconError(f"{path}:{number}: a word of {len(tiles)} tiles; at most {MAX_WORD_LENGTH}")
        words[tiles] = None
    if not words:
        raise LexiconError(f"{path}: contains no words")
    return list(words)
