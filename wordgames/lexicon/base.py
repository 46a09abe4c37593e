"""The Lexicon interface shared by every backend, and the Cursor used to walk it.

A lexicon is an immutable set of upper-case words.  Queries take any case.  Besides
whole-string queries it offers a *node walk*: :meth:`Lexicon.root` gives an opaque node for
the empty prefix, :meth:`Lexicon.step` moves a node along one or more letters, and a node can
say whether its prefix is a word (:meth:`Lexicon.is_word_at`) and which letters may follow
(:meth:`Lexicon.next_letters`).  The game engines search with nodes so they never rebuild and
re-query strings letter by letter.  Nodes are only meaningful to the lexicon that made them.
:class:`Cursor` wraps the node walk in a small value object for callers who prefer one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError

Node = Any
"""An opaque, hashable position in a lexicon's prefix tree (a prefix some word starts with);
each backend chooses its own representation (the trie uses ints)."""


def normalize(text: object, what: str = "word") -> str:
    """Return ``text`` upper-cased, raising InvalidArgumentTypeError for a non-string."""
    if not isinstance(text, str):
        raise InvalidArgumentTypeError(f"{what} must be a string, not {type(text).__name__}")
    return text.upper()


class Lexicon(ABC):
    """An immutable, case-insensitive set of words with prefix queries and a node walk."""

    backend_name: ClassVar[str]
    """The registry name of the backend (``"trie"``, ``"sortedset"``)."""

    source: str
    """Where the words came from (a path, a shipped name, or ``"<words>"``)."""

    @classmethod
    @abstractmethod
    def from_sorted_words(cls, words: list[str], source: str = "<words>") -> Lexicon:
        """Build from a sorted list of unique upper-case words (the reader's output)."""

    @abstractmethod
    def to_bytes(self) -> bytes:
        """The compiled lexicon as bytes, for the on-disk cache."""

    @classmethod
    @abstractmethod
    def from_bytes(cls, data: bytes, source: str = "<words>") -> Lexicon:
        """Rebuild a lexicon from :meth:`to_bytes` output; ValueError (or another exception
        the cache treats as corruption) when the data is inconsistent."""

    # --- whole-string queries -------------------------------------------------------------

    @abstractmethod
    def __contains__(self, word: object) -> bool:
        """Whether ``word`` (any case) is in the lexicon; non-strings are never in it."""

    @abstractmethod
    def has_prefix(self, prefix: str) -> bool:
        """Whether some word starts with ``prefix`` (any case); a word is a prefix of itself,
        and the empty string is a prefix of any non-empty lexicon."""

    @abstractmethod
    def __len__(self) -> int:
        """The number of distinct words."""

    @abstractmethod
    def __iter__(self) -> Iterator[str]:
        """The words in sorted (code point) order, upper case."""

    @abstractmethod
    def words_with_prefix(self, prefix: str) -> Iterator[str]:
        """The words starting with ``prefix`` (any case), in sorted order."""

    # --- node walk ---------------------------------------------------------------------------

    @abstractmethod
    def root(self) -> Node:
        """The node of the empty prefix."""

    @abstractmethod
    def step(self, node: Node, letters: str) -> Node | None:
        """The node reached from ``node`` along ``letters`` (one or more, any case), or None
        when no word continues that way.  Cost: proportional to ``len(letters)``.
        InvalidArgumentTypeError when ``letters`` is not a string; InvalidArgumentError when
        ``node`` is not a node of this lexicon (as for the two methods below)."""

    @abstractmethod
    def is_word_at(self, node: Node) -> bool:
        """Whether the prefix spelled by ``node`` is itself a word."""

    @abstractmethod
    def next_letters(self, node: Node) -> str:
        """The letters that can follow ``node``'s prefix, sorted, as one string."""

    # --- conveniences shared by every backend -----------------------------------------------

    def cursor(self) -> Cursor:
        """A cursor at the root of this lexicon."""
        return Cursor(self, self.root(), "")

    def without_words_shorter_than(self, minimum: int) -> Lexicon:
        """This lexicon less its words of fewer than ``minimum`` letters, with the same
        backend (possibly empty); ``self`` when it has no such word.  Cost: one pass over the
        words, plus a build of the smaller lexicon when something is dropped, the first time
        for each minimum (the answer is kept with this lexicon, which never changes)."""
        if isinstance(minimum, bool) or not isinstance(minimum, int):
            raise InvalidArgumentTypeError(f"the minimum length must be an int, not {minimum!r}")
        kept_lexicons: dict[int, Lexicon] = self.__dict__.setdefault("_without_short_words", {})
        if minimum not in kept_lexicons:
            kept = [word for word in self if len(word) >= minimum]
            kept_lexicons[minimum] = (
                self if len(kept) == len(self)
                else type(self).from_sorted_words(kept, f"{self.source} ({minimum}+ letters)")
            )
        return kept_lexicons[minimum]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.source!r}: {len(self)} words>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Lexicon):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]


class Cursor:
    """A position in a lexicon's prefix tree: the prefix spelled so far and its node.

    Cursors are immutable; :meth:`step` returns a new one (or None at a dead end).
    """

    __slots__ = ("lexicon", "node", "prefix")

    def __init__(self, lexicon: Lexicon, node: Node, prefix: str) -> None:
        self.lexicon = lexicon
        self.node = node
        self.prefix = prefix

    def step(self, letters: str) -> Cursor | None:
        """The cursor after ``letters`` (any case), or None if no word continues that way."""
        letters = normalize(letters, "letters")
        node = self.lexicon.step(self.node, letters)
        return None if node is None else Cursor(self.lexicon, node, self.prefix + letters)

    @property
    def is_word(self) -> bool:
        """Whether the prefix so far is a word."""
        return self.lexicon.is_word_at(self.node)

    @property
    def next_letters(self) -> str:
        """The letters that may follow, sorted."""
        return self.lexicon.next_letters(self.node)

    def words(self) -> Iterator[str]:
        """Every word that starts with this cursor's prefix, sorted."""
        return self.lexicon.words_with_prefix(self.prefix)

    def __repr__(self) -> str:
        return f"Cursor({self.prefix!r}, word={self.is_word})"


def letters_type_error(letters: object) -> InvalidArgumentTypeError:
    """The error for ``letters`` of a step that is not a string."""
    return InvalidArgumentTypeError(f"letters must be a string, not {type(letters).__name__}")


def foreign_node_error(node: object, lexicon: Lexicon) -> InvalidArgumentError:
    """The error for a value that is not a node of ``lexicon`` (every backend raises it, for
    any type of value)."""
    shown = repr(node)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return InvalidArgumentError(f"{shown} is not a node of this {lexicon.backend_name} lexicon")


def check_sorted_words(words: object) -> list[str]:
    """``words`` if it is a list of strings in strictly increasing order (what
    :meth:`Lexicon.from_sorted_words` requires), else InvalidArgumentTypeError or
    InvalidArgumentError.  Cost: one C-level pass and one comparison per word."""
    if not isinstance(words, list):
        raise InvalidArgumentTypeError(
            f"sorted words must be a list of strings, not {type(words).__name__}"
        )
    if not all(type(word) is str for word in words):
        raise InvalidArgumentTypeError("sorted words must all be strings")
    if any(map(str.__ge__, words, words[1:])):
        raise InvalidArgumentError("the words must be sorted and unique (use lexicon_from_words)")
    return words


def sorted_unique_upper(words: Iterable[str]) -> list[str]:
    """Normalize an iterable of words for :meth:`Lexicon.from_sorted_words`."""
    return sorted({word for word in (normalize(w).strip() for w in words) if word})
