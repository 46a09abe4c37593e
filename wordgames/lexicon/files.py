"""The lexicon layer's file I/O: reading word files and word graphs within the size limit,
and writing converted lexicons atomically."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from wordgames.errors import InvalidArgumentTypeError, LexiconError
from wordgames.limits import MAX_LEXICON_FILE_BYTES


def read_file_bytes(path: str | os.PathLike[str]) -> bytes:
    """Return the raw bytes of a word file, turning every OS failure into a LexiconError.
    Devices, pipes, folders and files over MAX_LEXICON_FILE_BYTES are refused before any byte
    is read."""
    file = _path(path)
    try:
        # Checked before opening (opening a pipe blocks until a writer comes), and again on the
        # open file in case the path was replaced in between.
        _check_regular(file, file.stat().st_mode)
        with open(file, "rb") as stream:
            status = os.fstat(stream.fileno())
            _check_regular(file, status.st_mode)
            if status.st_size > MAX_LEXICON_FILE_BYTES:
                raise LexiconError(too_big(file, status.st_size))
            # A file growing while it is read still stops at the limit.
            data = stream.read(MAX_LEXICON_FILE_BYTES + 1)
    except IsADirectoryError:
        raise LexiconError(f"{file}: is a directory, not a word file") from None
    except FileNotFoundError:
        raise LexiconError(f"{file}: no such word file") from None
    except PermissionError:
        raise LexiconError(f"{file}: permission denied") from None
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the path
        reason = getattr(error, "strerror", None) or error
        raise LexiconError(f"{file}: cannot be read ({reason})") from None
    if len(data) > MAX_LEXICON_FILE_BYTES:
        raise LexiconError(too_big(file, len(data)))
    return data


def _path(path: object) -> Path:
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidArgumentTypeError(
            f"a file path must be a str or a path, not {type(path).__name__}"
        )
    return Path(path)


def _check_regular(file: Path, mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise LexiconError(f"{file}: is a directory, not a word file")
    if not stat.S_ISREG(mode):
        raise LexiconError(f"{file}: not a regular file (a device, a pipe or a socket)")


def too_big(file: object, size: int) -> str:
    """The message for a file over the size limit."""
    return (
        f"{file}: {size} bytes; word files and word graphs are limited to "
        f"{MAX_LEXICON_FILE_BYTES} bytes ({MAX_LEXICON_FILE_BYTES // (1024 * 1024)} MiB)"
    )
