"""The lexicon layer's file I/O: reading word files and word graphs within the size limit,
and writing converted lexicons atomically."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from wordgames.errors import InvalidArgumentTypeError, LexiconError
from wordgames.lexicon.limits import MAX_LEXICON_FILE_BYTES


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


def _mode_for(target: Path) -> int:
    """The permission bits for a file written at ``target``."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


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


def write_file_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace the file at ``path`` with ``data``: a temporary file in the same folder, flushed
    to disk, then renamed over ``path``, so readers see the old content or the new, never
    half of it.  An existing file keeps its permission bits (a new one gets the umask's), a
    symlink is followed, and a path that is not a regular file is refused.
    LexiconError naming ``path`` when it cannot be written."""
    target = _path(path)
    temporary: str | None = None
    try:
        # A symlink stays a link (its target gets the new content); a device or a folder is
        # never replaced by a file.
        target = Path(os.path.realpath(target))
        if target.exists() and not target.is_file():
            raise LexiconError(f"{path}: exists and is not a regular file")
        handle, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
        )
        with os.fdopen(handle, "wb") as stream:
            # mkstemp makes the file private (0600); give it the mode the file it replaces
            # had, or the mode a new file gets under the umask.
            os.fchmod(stream.fileno(), _mode_for(target))
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except (OSError, ValueError) as error:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        reason = getattr(error, "strerror", None) or error
        raise LexiconError(f"{target}: cannot be written ({reason})") from None
