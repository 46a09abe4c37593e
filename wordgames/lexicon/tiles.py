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
(:mod:`wordgames.lexicon.alphabet`) builds its splitters here, and a word-search game
could use the same.  :mod:`wordgames.lexicon.encoding` reads word lists through it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Literal

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.limits import MAX_TILE_CHARS, MAX_TILE_FORMS, MAX_TILE_TEXT_CHARS

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
