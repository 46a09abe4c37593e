"""The lexicon layer's file input: word files and word graphs, read within the size limit
through the package's one bounded reader."""

from __future__ import annotations

import os

from wordgames.errors import LexiconError
from wordgames.limits import MAX_LEXICON_FILE_BYTES
from wordgames.textfiles import read_file_bytes as read_bounded
from wordgames.textfiles import shown_path


def read_file_bytes(path: str | os.PathLike[str]) -> bytes:
    """Return the raw bytes of a word file (text or KWG), turning every OS failure into a
    LexiconError.  Devices, pipes, folders and files over MAX_LEXICON_FILE_BYTES are refused
    before any byte is read (:func:`wordgames.textfiles.read_file_bytes`)."""
    return read_bounded(path, "word file", LexiconError, limit=MAX_LEXICON_FILE_BYTES)


def too_big(file: object, size: int) -> str:
    """The message for word-file content over the size limit."""
    return (
        f"{shown_path(file)}: a word file may hold at most {MAX_LEXICON_FILE_BYTES:,} bytes; "
        f"this one holds {size:,}"
    )
