"""Loading lexicons: from a word file, a shipped list, or an iterable of words."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError, LexiconError
from wordgames.lexicon import cache
from wordgames.lexicon.alphabet import ENGLISH
from wordgames.lexicon.base import Lexicon, sorted_unique_upper
from wordgames.lexicon.encoding import TileEncoding
from wordgames.lexicon.kwg import keys_from_kwg_bytes
from wordgames.lexicon.reader import is_kwg, read_file_bytes, words_from_bytes
from wordgames.lexicon.registry import DEFAULT_BACKEND, backend_class
from wordgames.limits import MAX_WORD_LENGTH
from wordgames.textfiles import shown_path

DEFAULT_LEXICON = "enable"

# A folder's word lists: text lists first, so x.txt wins over x.kwg.
_LIST_PATTERNS = ("*.txt", "*.kwg")
_LIST_SUFFIXES = (".txt", ".kwg")

# Installed wheels carry the shipped lists inside the package; a source checkout keeps them in
# the top-level lexicons/ folder.
_SHIPPED_DIRS = (
    Path(__file__).parent / "data",
    Path(__file__).resolve().parents[2] / "lexicons",
)


def shipped_lexicons() -> dict[str, Path]:
    """The shipped word lists, by name (the file name without ``.txt``)."""
    found: dict[str, Path] = {}
    for directory in _SHIPPED_DIRS:
        if directory.is_dir():
            for file in sorted(directory.glob("*.txt")):
                found.setdefault(file.stem.lower(), file)
    return found


LEXICON_PATH_VARIABLE = "WORDGAMES_LEXICON_PATH"


def lexicon_folders() -> list[Path]:
    """The folders ``$WORDGAMES_LEXICON_PATH`` lists (separated like ``PATH``), where word
    lists are found by name after the shipped ones."""
    text = os.environ.get(LEXICON_PATH_VARIABLE, "")
    return [Path(part) for part in text.split(os.pathsep) if part]


def lexicon_named(name: str, named: dict[str, Path] | None = None) -> Path | None:
    """The word list ``name`` names (any case, with or without ``.txt``/``.kwg``) among
    ``named`` (default: :func:`named_lexicons`), or None; never a path."""
    key = name.lower()
    for suffix in _LIST_SUFFIXES:
        key = key.removesuffix(suffix)
    return (named_lexicons() if named is None else named).get(key)


def named_lexicons() -> dict[str, Path]:
    """Every word list that can be loaded by name: the shipped ones, then the ``*.txt`` files
    and ``*.kwg`` files of the ``$WORDGAMES_LEXICON_PATH`` folders (names are file stems, any
    case; the first folder holding a name wins, and in a folder ``.txt`` wins over ``.kwg``)."""
    found = shipped_lexicons()
    for folder in lexicon_folders():
        try:
            files = [file for pattern in _LIST_PATTERNS for file in sorted(folder.glob(pattern))]
        except OSError:
            continue
        for file in files:
            found.setdefault(file.stem.lower(), file)
    return found


def resolve_source(source: str | os.PathLike[str]) -> Path:
    """The file a lexicon source names: an existing path, else the name of a shipped list or
    of a list in a ``$WORDGAMES_LEXICON_PATH`` folder (any case, ``.txt``/``.kwg``
    optional).  LexiconError when it names nothing (a path too long for the system
    included)."""
    if not isinstance(source, (str, os.PathLike)):
        raise InvalidArgumentTypeError(
            f"a lexicon source must be a path or a name, not {type(source).__name__}"
        )
    if not os.fspath(source):
        raise LexiconError("an empty lexicon source names no word file")
    path = Path(source)
    try:
        exists, is_dir = path.exists(), path.is_dir()
    except (OSError, ValueError) as error:  # a name too long, a NUL byte in it...
        raise LexiconError(
            f"{shown_path(source)}: not a usable path ({getattr(error, 'strerror', None) or error})"
        ) from None
    # A file wins over a shipped name; a folder that happens to share a shipped name does not.
    if exists and not is_dir:
        return path
    named = named_lexicons()
    if isinstance(source, str):
        found = lexicon_named(source, named)
        if found is not None:
            return found
    if exists:
        return path  # a directory: the reader reports it as such
    names = ", ".join(sorted(named)) or "none"
    where = f" or in ${LEXICON_PATH_VARIABLE}" if lexicon_folders() else ""
    raise LexiconError(
        f"{shown_path(source)}: no such word file or lexicon name (shipped{where}: {names})"
    )


def load_lexicon(
    source: str | os.PathLike[str] = DEFAULT_LEXICON,
    backend: str = DEFAULT_BACKEND,
    *,
    use_cache: bool = True,
    tiles: TileEncoding | None = None,
) -> Lexicon:
    """Load a lexicon from a word file, a KWG word graph (wolges'/MAGPIE's ``.kwg``, English
    tiles 1..26 = A..Z; recognized by extension or content) or a list's name (default
    ``"enable"``).

    ``backend`` is a registered backend name (``"trie"`` or ``"sortedset"``).  The compiled
    structure is cached on disk keyed by the file's content (see :mod:`wordgames.lexicon.cache`):
    the first load of CSW12 takes about 0.5 s, later ones under 0.1 s (trie).  Raises
    LexiconError for a missing, unreadable, binary or empty file.

    Without ``tiles``, a text list's alphabet is its own characters
    (:meth:`~wordgames.lexicon.alphabet.Alphabet.plain`) and a KWG's is English.  With
    ``tiles`` (a game alphabet's :class:`~wordgames.lexicon.encoding.TileEncoding`, for
    languages beyond English) each word is read into that alphabet's tile numbers, case folded
    by the alphabet, and a word with a character outside it is reported by line; a KWG's tile
    ``n`` is then the alphabet's tile ``n``.  The cache key holds the encoding's fingerprint.
    """
    cls = backend_class(backend)
    if tiles is not None and not isinstance(tiles, TileEncoding):
        raise InvalidArgumentTypeError("tiles must be a TileEncoding (TileSet.lexicon_encoding())")
    path = resolve_source(source)
    content = read_file_bytes(path)
    name = str(source)
    graph = is_kwg(content, name)
    # The format is part of the key: the same bytes named .kwg and .txt read differently.
    variant = f"{cls.backend_name}_kwg" if graph else cls.backend_name
    if tiles is not None:
        variant = f"{variant}_tiles_{tiles.fingerprint()}"
    key = cache.cache_key(content, variant)
    if use_cache:
        payload = cache.read_entry(key)
        if payload is not None:
            try:
                cached = cls.from_bytes(payload, name)
            except Exception:
                pass  # a corrupt or foreign entry is rebuilt
            else:
                if tiles is not None:
                    cached.digraphs = tiles.digraphs
                return cached
    if graph:
        alphabet = tiles.alphabet if tiles is not None else ENGLISH
        lexicon = cls.from_keys(keys_from_kwg_bytes(content, len(alphabet), name), alphabet, name)
    elif tiles is not None:
        lexicon = cls.from_keys(tiles.encode_words(content, name), tiles.alphabet, name)
    else:
        lexicon = cls.from_sorted_words(words_from_bytes(content, name), name)
    if tiles is not None:
        lexicon.digraphs = tiles.digraphs
    if use_cache:
        cache.write_entry(key, lexicon.to_bytes())
    return lexicon


def lexicon_from_words(
    words: Iterable[str], backend: str = DEFAULT_BACKEND, *, tiles: TileEncoding | None = None
) -> Lexicon:
    """Build a lexicon from an iterable of words (any case; surrounding whitespace, duplicates
    and blanks ignored).  A single string is refused rather than read as one word per
    character; a word with whitespace inside (``"a b"``) or longer than MAX_WORD_LENGTH is an
    InvalidArgumentError (a word file's reader takes a line's first token as its word, which
    is why a word itself can never hold whitespace).  With ``tiles`` (see
    :func:`load_lexicon`) the words are read into that alphabet's tiles (``"CO[L·L]EGI"``,
    ``"COL·LEGI"``); InvalidArgumentError for one it cannot spell."""
    if tiles is not None and not isinstance(tiles, TileEncoding):
        raise InvalidArgumentTypeError("tiles must be a TileEncoding (TileSet.lexicon_encoding())")
    if isinstance(words, (str, bytes)):
        raise InvalidArgumentTypeError(
            f"words must be an iterable of strings, not one {type(words).__name__}"
        )
    try:
        iterator = iter(words)
    except TypeError:
        raise InvalidArgumentTypeError(
            f"words must be an iterable of strings, not {type(words).__name__}"
        ) from None
    cls = backend_class(backend)
    unique = sorted_unique_upper(iterator)
    for word in unique:
        if len(word) > MAX_WORD_LENGTH:
            raise InvalidArgumentError(
                f"{word[:20]}...: {len(word)} characters; words are limited to {MAX_WORD_LENGTH}"
            )
        if len(word.split()) > 1:
            raise InvalidArgumentError(f"{word!r}: a word cannot hold whitespace")
    if tiles is not None:
        keys = sorted({tiles.alphabet.encode_word(word, tiles.digraphs) for word in unique})
        lexicon = cls.from_keys(keys, tiles.alphabet, "<words>")
        lexicon.digraphs = tiles.digraphs
        return lexicon
    return cls.from_sorted_words(unique, "<words>")
