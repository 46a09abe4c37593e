"""Tiles as files of earlier versions wrote them: multi-character tiles as private code points.

Saved games and leave CSVs written before tiles beyond A-Z were written in notation held each
such tile as a code point of the Deseret block; :func:`legacy_forms` rebuilds that table from an
alphabet and :func:`from_legacy` turns such text into notation, so those files still read.
"""

from __future__ import annotations

from wordgames.lexicon.alphabet import Alphabet

_LEGACY_POOL = tuple(chr(point) for point in range(0x10400, 0x10428))


def legacy_forms(tiles: tuple[str, ...], lowers: tuple[str | None, ...]) -> dict[str, str]:
    """How files of earlier versions (saved games, leave CSVs) wrote each form of an
    alphabet's tiles: a one-character tile whose lower case is ``str.lower`` of it as itself,
    any other tile as the next free capital of the Deseret block (U+10400 on, in tile-number
    order) and its played blank as that capital's lower case.  Returns each code point's form
    (``?`` to itself), so such files still read."""
    used = set(tiles) | {form for form in lowers if form is not None}
    pool = iter(code for code in _LEGACY_POOL if code not in used and code.lower() not in used)
    forms = {"?": "?"}
    for tile, lower in zip(tiles, lowers, strict=True):
        if len(tile) == 1 and lower is not None and tile.lower() == lower and lower.upper() == tile \
                and tile not in _LEGACY_POOL:
            code = tile
        else:
            code = next(pool, "")
            if not code:
                break
        forms[code] = tile
        if lower is not None:
            forms[code.lower()] = lower
    return forms


def from_legacy(text: str, alphabet: Alphabet) -> str:
    """Text written by an earlier version in code points (see :func:`legacy_forms`) as
    notation; other text as it is."""
    if not any(0x10400 <= ord(char) <= 0x1044F for char in text):
        return text
    forms = legacy_forms(alphabet.tiles, alphabet.lower_forms)
    return alphabet.format([forms.get(char, char) for char in text])
