"""Reading word files: one reader for every word-list format users bring.

A word file is UTF-8 text (an optional BOM, LF or CRLF line ends, a final newline or not).
The word on each non-blank line is its first whitespace-separated token; anything after it
(OWL's definitions) is ignored.  Words are upper-cased and each is kept once, so mixed-case
lists with case duplicates (Unix ``words``) read as one word per spelling.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from wordgames.errors import LexiconError

_INLINE_SPACE = re.compile(r"[^\S\r\n]")


def read_file_bytes(path: str | os.PathLike[str]) -> bytes:
    """Return the raw bytes of a word file, turning every OS failure into a LexiconError."""
    file = Path(path)
    try:
        if file.is_dir():
            raise LexiconError(f"{file}: is a directory, not a word file")
        return file.read_bytes()
    except FileNotFoundError:
        raise LexiconError(f"{file}: no such word file") from None
    except PermissionError:
        raise LexiconError(f"{file}: permission denied") from None
    except OSError as error:
        raise LexiconError(f"{file}: cannot be read ({error.strerror or error})") from None


def words_from_bytes(data: bytes, name: str = "<words>") -> list[str]:
    """Parse word-file content into a sorted list of unique upper-case words.

    ``name`` is only used in error messages.  Cost: linear in the size of the data plus a sort
    of the unique words; plain one-word-per-line files take a C-speed path.
    """
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
    # Word files are usually sorted already: dropping duplicates in file order keeps that order,
    # so the sort below runs in near-linear time (sorting a hash set's order costs 3x more).
    words = sorted(dict.fromkeys(tokens))
    if not words:
        raise LexiconError(f"{name}: contains no words")
    return words


def read_words(path: str | os.PathLike[str]) -> list[str]:
    """Read a word file into a sorted list of unique upper-case words (see module docstring)."""
    return words_from_bytes(read_file_bytes(path), str(path))
