"""Helpers shared by the lexicon tests: a reference model and once-per-session word lists."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from conftest import shared_file

from wordgames.lexicon import read_words


@functools.cache
def shared_words(relative: str) -> list[str]:
    """The reader's output for a file in ../shared, read once per session (skips if absent)."""
    return read_words(shared_file(relative))


class ReferenceLexicon:
    """The obvious, slow model of a lexicon that every backend must agree with."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words = sorted({word.upper().strip() for word in words} - {""})

    def contains(self, query: str) -> bool:
        return query.upper() in self.words

    def has_prefix(self, query: str) -> bool:
        prefix = query.upper()
        return any(word.startswith(prefix) for word in self.words)

    def words_with_prefix(self, query: str) -> list[str]:
        prefix = query.upper()
        return [word for word in self.words if word.startswith(prefix)]

    def next_letters(self, query: str) -> str:
        prefix = query.upper()
        depth = len(prefix)
        return "".join(
            sorted({w[depth] for w in self.words if len(w) > depth and w.startswith(prefix)})
        )
