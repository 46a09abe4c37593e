"""The registry of lexicon backends, by name.

Adding a backend is one new module with a :class:`~wordgames.lexicon.base.Lexicon` subclass
and one line here.  Modules are imported on first use, so an unused backend costs nothing.
"""

from __future__ import annotations

import importlib

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon.base import Lexicon

DEFAULT_BACKEND = "trie"

_BACKENDS: dict[str, tuple[str, str]] = {
    "trie": ("wordgames.lexicon.trie", "TrieLexicon"),
    "sortedset": ("wordgames.lexicon.sortedset", "SortedSetLexicon"),
}


def backend_names() -> list[str]:
    """The names of the available backends, default first."""
    return [DEFAULT_BACKEND, *sorted(name for name in _BACKENDS if name != DEFAULT_BACKEND)]


def backend_class(name: str) -> type[Lexicon]:
    """The Lexicon subclass registered as ``name``; InvalidArgumentError for an unknown name."""
    try:
        module_name, class_name = _BACKENDS[name]
    except (KeyError, TypeError):
        raise InvalidArgumentError(
            f"unknown lexicon backend {name!r} (choose from {', '.join(backend_names())})"
        ) from None
    cls: type[Lexicon] = getattr(importlib.import_module(module_name), class_name)
    return cls
