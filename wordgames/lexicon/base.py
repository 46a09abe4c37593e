"""The Lexicon interface shared by every backend, and the Cursor used to walk it.

A lexicon is an immutable set of words over an :class:`~wordgames.lexicon.alphabet.Alphabet`.
Inside, a word is its *key*: ``bytes`` of tile numbers (``CAT`` is ``b"\\x03\\x01\\x14"`` in
the English alphabet), and keys sort in tile-number order.  Backends implement the key-level
methods (``contains_key``, ``keys``, the node walk by tiles); this class derives the text-level
interface from them through the alphabet, the one codec between text and tiles:

* whole-string queries take any case: membership, prefix test ("a string is a prefix of
  itself"), length, iteration in tile order, the words with a prefix;
* a *node walk*: :meth:`Lexicon.root` gives an opaque node for the empty prefix,
  :meth:`Lexicon.step` (text) or :meth:`Lexicon.step_tiles` (tile numbers) moves it along one
  or more tiles, and a node says whether its prefix is a word (:meth:`Lexicon.is_word_at`) and
  which tiles may follow (:meth:`Lexicon.next_tiles`, :meth:`Lexicon.next_letters`).  The game
  engines search with nodes so they never rebuild and re-query strings letter by letter.
  Nodes are only meaningful to the lexicon that made them.

:class:`Cursor` wraps the node walk in a small value object for callers who prefer one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError, LexiconError
from wordgames.lexicon.alphabet import MAX_PLAIN_TILES, Alphabet
from wordgames.lexicon.tiles import Digraphs

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

    alphabet: Alphabet
    """The tiles the words are made of, numbered: keys are ``bytes`` of these numbers."""

    digraphs: Digraphs = "longest"
    """How text given to the lexicon is split into tiles (the mode its word list was read
    with: see :func:`wordgames.lexicon.tiles.check_digraphs`)."""

    # --- construction -------------------------------------------------------------------------

    @classmethod
    def from_sorted_words(cls, words: list[str], source: str = "<words>") -> Lexicon:
        """Build from a sorted list of unique upper-case words (the reader's output), over the
        plain alphabet of their characters (:meth:`Alphabet.plain`).  LexiconError for more
        distinct characters than an alphabet holds.  Cost: one pass to encode the words, then
        the backend's build."""
        words = check_sorted_words(words)
        alphabet = plain_alphabet_of(words, source)
        return cls.from_keys(encode_sorted_words(words, alphabet), alphabet, source)

    @classmethod
    @abstractmethod
    def from_keys(cls, keys: list[bytes], alphabet: Alphabet, source: str = "<words>") -> Lexicon:
        """Build from keys (``bytes`` of ``alphabet``'s tile numbers) sorted and unique."""

    @abstractmethod
    def to_bytes(self) -> bytes:
        """The compiled lexicon as bytes, for the on-disk cache."""

    @classmethod
    @abstractmethod
    def from_bytes(cls, data: bytes, source: str = "<words>") -> Lexicon:
        """Rebuild a lexicon from :meth:`to_bytes` output; ValueError (or another exception
        the cache treats as corruption) when the data is inconsistent."""

    # --- keys: words as tile numbers ----------------------------------------------------------

    @abstractmethod
    def contains_key(self, key: bytes) -> bool:
        """Whether the word spelled by tile numbers ``key`` is in the lexicon."""

    @abstractmethod
    def has_prefix_key(self, key: bytes) -> bool:
        """Whether some word's tiles start with ``key`` (the empty key: any word at all)."""

    @abstractmethod
    def all_keys(self) -> Iterator[bytes]:
        """Every word as tile numbers, in tile order."""

    @abstractmethod
    def keys_with_prefix(self, prefix: bytes) -> Iterator[bytes]:
        """The keys starting with ``prefix``, in tile order."""

    @abstractmethod
    def __len__(self) -> int:
        """The number of distinct words."""

    # --- node walk ---------------------------------------------------------------------------

    @abstractmethod
    def root(self) -> Node:
        """The node of the empty prefix."""

    @abstractmethod
    def step_tiles(self, node: Node, tiles: bytes) -> Node | None:
        """The node reached from ``node`` along tile numbers ``tiles``, or None when no word
        continues that way.  InvalidArgumentError when ``node`` is not a node of this
        lexicon.  Cost: proportional to ``len(tiles)``."""

    @abstractmethod
    def is_word_at(self, node: Node) -> bool:
        """Whether the prefix spelled by ``node`` is itself a word."""

    @abstractmethod
    def next_tiles(self, node: Node) -> bytes:
        """The tile numbers that can follow ``node``'s prefix, increasing."""

    # --- text, through the alphabet -----------------------------------------------------------

    def __contains__(self, word: object) -> bool:
        """Whether ``word`` (any case) is in the lexicon; non-strings and text the alphabet
        cannot spell are never in it.  Cost: encoding the word, then one look-up."""
        key = self.alphabet.try_encode_word(word, self.digraphs)
        return key is not None and self.contains_key(key)

    def has_prefix(self, prefix: str) -> bool:
        """Whether some word starts with ``prefix`` (any case); a word is a prefix of itself,
        and the empty string is a prefix of any non-empty lexicon."""
        if not isinstance(prefix, str):
            raise InvalidArgumentTypeError(f"prefix must be a string, not {type(prefix).__name__}")
        key = self.alphabet.try_encode_word(prefix, self.digraphs)
        return key is not None and self.has_prefix_key(key)

    def __iter__(self) -> Iterator[str]:
        """The words in tile order, upper case.  Cost: decoding each word."""
        decode = self.alphabet.decode_word
        return map(decode, self.all_keys())

    def words_with_prefix(self, prefix: str) -> Iterator[str]:
        """The words starting with ``prefix`` (any case), in tile order."""
        if not isinstance(prefix, str):
            raise InvalidArgumentTypeError(f"prefix must be a string, not {type(prefix).__name__}")
        key = self.alphabet.try_encode_word(prefix, self.digraphs)
        if key is None:
            return iter(())
        return map(self.alphabet.decode_word, self.keys_with_prefix(key))

    def step(self, node: Node, letters: str) -> Node | None:
        """The node reached from ``node`` along ``letters`` (one or more tiles written in any
        case), or None when no word continues that way.  InvalidArgumentTypeError when
        ``letters`` is not a string; InvalidArgumentError when ``node`` is not a node of this
        lexicon (as for :meth:`is_word_at` and :meth:`next_letters`)."""
        if not isinstance(letters, str):
            raise letters_type_error(letters)
        key = self.alphabet.try_encode_word(letters, self.digraphs)
        if key is None:
            self.is_word_at(node)  # a foreign node is an error even when the letters are not
            return None
        return self.step_tiles(node, key)

    def next_letters(self, node: Node) -> str:
        """The tiles that can follow ``node``'s prefix, in tile order, written one after the
        other as one string."""
        tile = self.alphabet.tile
        return "".join(tile(number) for number in self.next_tiles(node))

    # --- conveniences shared by every backend -----------------------------------------------

    def cursor(self) -> Cursor:
        """A cursor at the root of this lexicon."""
        return Cursor(self, self.root(), "")

    def without_words_shorter_than(self, minimum: int) -> Lexicon:
        """This lexicon less its words of fewer than ``minimum`` tiles, with the same backend
        and alphabet (possibly empty); ``self`` when it has no such word.  Cost: one pass over
        the keys, plus a build of the smaller lexicon when something is dropped, the first time
        for each minimum (the answer is kept with this lexicon, which never changes)."""
        if isinstance(minimum, bool) or not isinstance(minimum, int):
            raise InvalidArgumentTypeError(f"the minimum length must be an int, not {minimum!r}")
        kept_lexicons: dict[int, Lexicon] = self.__dict__.setdefault("_without_short_words", {})
        if minimum not in kept_lexicons:
            kept = [key for key in self.all_keys() if len(key) >= minimum]
            if len(kept) == len(self):
                kept_lexicons[minimum] = self
            else:
                smaller = type(self).from_keys(kept, self.alphabet, f"{self.source} ({minimum}+ letters)")
                smaller.digraphs = self.digraphs
                kept_lexicons[minimum] = smaller
        return kept_lexicons[minimum]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.source!r}: {len(self)} words>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Lexicon):
            return NotImplemented
        if len(self) != len(other):
            return False
        if self.alphabet.tiles == other.alphabet.tiles:
            return all(a == b for a, b in zip(self.all_keys(), other.all_keys(), strict=True))
        return all(a == b for a, b in zip(self, other, strict=True))

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
        """The letters that may follow, in tile order."""
        return self.lexicon.next_letters(self.node)

    def words(self) -> Iterator[str]:
        """Every word that starts with this cursor's prefix, in tile order."""
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


def check_tiles_type(tiles: object) -> bytes:
    """``tiles`` as bytes when it is bytes-like, else InvalidArgumentTypeError."""
    if isinstance(tiles, bytes):
        return tiles
    if isinstance(tiles, (bytearray, memoryview)):
        return bytes(tiles)
    raise InvalidArgumentTypeError(f"tiles must be bytes of tile numbers, not {type(tiles).__name__}")


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


def check_sorted_keys(keys: object, alphabet: object) -> list[bytes]:
    """``keys`` if it is a list of bytes in strictly increasing order whose tiles are all
    numbers of ``alphabet`` (what :meth:`Lexicon.from_keys` requires), else
    InvalidArgumentTypeError or InvalidArgumentError.  Cost: C-level passes over the keys."""
    if not isinstance(alphabet, Alphabet):
        raise InvalidArgumentTypeError(f"the alphabet must be an Alphabet, not {type(alphabet).__name__}")
    if not isinstance(keys, list) or not all(type(key) is bytes for key in keys):
        raise InvalidArgumentTypeError("keys must be a list of bytes")
    if any(map(bytes.__ge__, keys, keys[1:])):
        raise InvalidArgumentError("the keys must be sorted and unique")
    if keys:
        joined = b"".join(keys)
        if joined and (min(joined) < 1 or max(joined) > len(alphabet)):
            raise InvalidArgumentError(f"a key holds a tile number outside 1..{len(alphabet)}")
        if not keys[0]:
            raise InvalidArgumentError("a word has at least one tile")
    return keys


def plain_alphabet_of(words: list[str], source: str = "<words>") -> Alphabet:
    """The plain alphabet of upper-case ``words``: their distinct characters (one C-level pass
    over the joined text; a set per word would cost far more).  LexiconError naming ``source``
    for more than MAX_PLAIN_TILES characters or a whitespace character."""
    characters = set("".join(words))
    if len(characters) > MAX_PLAIN_TILES:
        raise LexiconError(
            f"{source}: {len(characters)} distinct characters; a word list holds at most {MAX_PLAIN_TILES}"
        )
    try:
        return Alphabet.plain(characters)
    except InvalidArgumentError as error:
        raise LexiconError(f"{source}: {error}") from None


def encode_sorted_words(words: Iterable[str], alphabet: Alphabet) -> list[bytes]:
    """The keys of upper-case ``words`` over their plain ``alphabet``, in the same order
    (plain alphabets number characters in code point order, so sorted words give sorted
    keys).  Cost: one translation per word."""
    encode = alphabet.encode_word
    return [encode(word) for word in words]


def sorted_unique_upper(words: Iterable[str]) -> list[str]:
    """Normalize an iterable of words for :meth:`Lexicon.from_sorted_words`."""
    return sorted({word for word in (normalize(w).strip() for w in words) if word})
