"""Reading word files: one reader for every word-list format users bring.

A word file is UTF-8 text (an optional BOM, LF or CRLF line ends, a final newline or not).
The word on each non-blank line is its first whitespace-separated token; anything after it
(OWL's definitions) is ignored.  Words are upper-cased and each is kept once, so mixed-case
lists with case duplicates (Unix ``words``) read as one word per spelling.

Limits (:mod:`wordgames.limits`), checked before the content is read or parsed: a word
file is a regular file (not a device, pipe or folder) of at most MAX_LEXICON_FILE_BYTES, and no
word is longer than MAX_WORD_LENGTH characters.

KWG word graphs (:mod:`wordgames.lexicon.kwg`) are read by the same entry points: a file is a
KWG when its name ends in ``.kwg`` (any case), or when its content starts like one (two root
nodes; a text word list cannot, as it holds no NUL byte).
"""

from __future__ import annotations

import os
import re

from wordgames.errors import InvalidArgumentTypeError, LexiconError
from wordgames.lexicon import kwg
from wordgames.lexicon.files import read_file_bytes, too_big
from wordgames.limits import MAX_LEXICON_FILE_BYTES, MAX_WORD_LENGTH

__all__ = ["check_word_length", "read_file_bytes", "read_words", "words_from_bytes"]

_INLINE_SPACE = re.compile(r"[^\S\r\n]")


def check_word_length(words: list[str], name: str) -> None:
    """LexiconError if a word is longer than MAX_WORD_LENGTH.  Cost: one C-level pass."""
    if words and max(map(len, words)) > MAX_WORD_LENGTH:
        longest = max(words, key=len)
        raise LexiconError(
            f"{name}: a word of {len(longest)} characters ({longest[:20]}...); "
            f"words are limited to {MAX_WORD_LENGTH}"
        )


def is_kwg(data: bytes, name: str = "<words>") -> bool:
    """Whether word-file content is a KWG word graph: by ``name``'s extension, else by content."""
    return name.lower().endswith(".kwg") or kwg.looks_like_kwg(data)


def words_from_bytes(data: bytes, name: str = "<words>") -> list[str]:
    """Parse word-file content (text, or a KWG graph: see :func:`is_kwg`) into a sorted list
    of unique upper-case words.

    ``name`` is used in error messages and to recognize a ``.kwg`` file.  Cost: linear in the
    size of the data plus a sort of the unique words; plain one-word-per-line files take a
    C-speed path.  LexiconError for
    binary or non-UTF-8 content, no word, more than MAX_LEXICON_FILE_BYTES, or a word longer
    than MAX_WORD_LENGTH.
    """
    if not isinstance(data, (bytes, bytearray)):
        raise InvalidArgumentTypeError(f"word-file data must be bytes, not {type(data).__name__}")
    if not isinstance(name, str):
        raise InvalidArgumentTypeError(f"a name must be a string, not {type(name).__name__}")
    if len(data) > MAX_LEXICON_FILE_BYTES:
        raise LexiconError(too_big(name, len(data)))
    if is_kwg(data, name):
        return kwg.words_from_kwg_bytes(bytes(data), name=name)
    if b"\0" in data:
        raise LexiconError(f"{name}: binary content, not a word list")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise LexiconError(
            f"{name}: not UTF-8 text (undecodable byte at offset {error.start})"
        ) from None
    if _INLINE_SPACE.search(text) is None:
        # With no whitespace but line ends, each line holds at most one token, so a split of the
        # whole text (done in C) yields exactly the words.
        tokens = text.upper().split()
    else:
        tokens = [parts[0] for parts in map(str.split, text.upper().splitlines()) if parts]
    check_word_length(tokens, name)
    # Word files are usually sorted already: dropping duplicates in file order keeps that order,
    # so the sort below runs in near-linear time (sorting a hash set's order costs 3x more).
    words = sorted(dict.fromkeys(tokens))
    if not words:
        raise LexiconError(f"{name}: contains no words")
    return words


def read_words(path: str | os.PathLike[str]) -> list[str]:
    """Read a word file into a sorted list of unique upper-case words (see module docstring)."""
    return words_from_bytes(read_file_bytes(path), str(path))
