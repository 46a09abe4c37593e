"""Loading lexicons: from a word file, a shipped list, or an iterable of words."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from wordgames.errors import InvalidArgumentTypeError, LexiconError
from wordgames.lexicon import cache
from wordgames.lexicon.base import Lexicon, sorted_unique_upper
from wordgames.lexicon.reader import read_file_bytes, words_from_bytes
from wordgames.lexicon.registry import DEFAULT_BACKEND, backend_class

DEFAULT_LEXICON = "enable"

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


def named_lexicons() -> dict[str, Path]:
    """Every word list that can be loaded by name: the shipped ones, then the ``*.txt`` files
    of the ``$WORDGAMES_LEXICON_PATH`` folders (names are file stems, any case; the first
    folder holding a name wins)."""
    found = shipped_lexicons()
    for folder in lexicon_folders():
        try:
            files = sorted(folder.glob("*.txt"))
        except OSError:
            continue
        for file in files:
            found.setdefault(file.stem.lower(), file)
    return found


def resolve_source(source: str | os.PathLike[str]) -> Path:
    """The file a lexicon source names: an existing path, else the name of a shipped list or
    of a list in a ``$WORDGAMES_LEXICON_PATH`` folder (any case, ``.txt`` optional)."""
    if not isinstance(source, (str, os.PathLike)):
        raise InvalidArgumentTypeError(
            f"a lexicon source must be a path or a name, not {type(source).__name__}"
        )
    if not os.fspath(source):
        raise LexiconError("an empty lexicon source names no word file")
    path = Path(source)
    # A file wins over a shipped name; a folder that happens to share a shipped name does not.
    if path.exists() and not path.is_dir():
        return path
    named = named_lexicons()
    if isinstance(source, str):
        name = source.lower().removesuffix(".txt")
        if name in named:
            return named[name]
    if path.exists():
        return path  # a directory: the reader reports it as such
    names = ", ".join(sorted(named)) or "none"
    where = f" or in ${LEXICON_PATH_VARIABLE}" if lexicon_folders() else ""
    raise LexiconError(f"{source}: no such word file or lexicon name (shipped{where}: {names})")


def load_lexicon(
    source: str | os.PathLike[str] = DEFAULT_LEXICON,
    backend: str = DEFAULT_BACKEND,
    *,
    use_cache: bool = True,
) -> Lexicon:
    """Load a lexicon from a word file or a shipped list's name (default ``"enable"``).

    ``backend`` is a registered backend name (``"trie"`` or ``"sortedset"``).  The compiled
    structure is cached on disk keyed by the file's content (see :mod:`wordgames.lexicon.cache`):
    the first load of CSW12 takes about 0.5 s, later ones under 0.1 s (trie).  Raises
    LexiconError for a missing, unreadable, binary or empty file.
    """
    cls = backend_class(backend)
    path = resolve_source(source)
    content = read_file_bytes(path)
    name = str(source)
    key = cache.cache_key(content, cls.backend_name)
    if use_cache:
        payload = cache.read_entry(key)
        if payload is not None:
            try:
                return cls.from_bytes(payload, name)
            except Exception:
                pass
    lexicon = cls.from_sorted_words(words_from_bytes(content, name), name)
    if use_cache:
        cache.write_entry(key, lexicon.to_bytes())
    return lexicon


def lexicon_from_words(words: Iterable[str], backend: str = DEFAULT_BACKEND) -> Lexicon:
    """Build a lexicon from an iterable of words (any case; duplicates and blanks ignored).
    A single string is refused rather than read as one word per character."""
    if isinstance(words, (str, bytes)):
        raise InvalidArgumentTypeError(
            f"words must be an iterable of strings, not one {type(words).__name__}"
        )
    return backend_class(backend).from_sorted_words(sorted_unique_upper(words), "<words>")
