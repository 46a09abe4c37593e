"""Choosing a word list by the name a request (or the position it sends) gives, with a clear
refusal when that list is not available: never a silent fallback on another list.

A name names a list, never a file: only shipped lists and lists on
``$WORDGAMES_LEXICON_PATH`` resolve (``lex /etc/passwd;`` is refused), see
:func:`wordgames.lexicon.named_lexicons`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from wordgames.errors import LexiconError
from wordgames.lexicon import lexicon_named, named_lexicons


def named_source(name: str, what: str, remedy: str, offered: Mapping[str, Path] | None = None) -> Path:
    """The source of the list ``name`` (any case, with or without ``.txt``) among ``offered``
    (default: every named list).  ``what`` says who named it (``the CGP``); a name that is
    not offered is a LexiconError listing the names that are, ending with ``remedy`` (how
    this face lets the user supply the list)."""
    available = named_lexicons() if offered is None else dict(offered)
    source = lexicon_named(name.strip(), available)
    if source is None:
        known = ", ".join(sorted(available))
        raise LexiconError(
            f"{what} names the lexicon {name[:60]!r}, which is not a known name ({known}): {remedy}"
        )
    return source
