"""Writing files so that a crash never leaves half of one: atomic replacement.

Every file wordgames writes (saved games, GCG records, review pages, word graphs, word lists,
leave tables) goes through :func:`write_bytes_atomically` (or :func:`write_text_atomically`).
It writes a temporary file in the target's folder, fsyncs it and
renames it over the target (``os.replace``), then fsyncs the folder.  Readers see the old
content or the new, never a mix.  It writes *through* a symbolic link to the file it points
at, keeps an existing file's permission bits and, where the process may, its owner and group
(root may; another user keeps the group if it belongs to it, else the file becomes its own), and
refuses a target that is not a regular file (a folder, a device, a FIFO) rather than replacing
it.  A hard link to the old file keeps the old content: the new file is a new inode, which is
what makes the write atomic.

Temporaries are named ``.NAME.wgsave-XXXXXXXX.tmp`` and locked (``flock``) while written, so
a temporary that a killed process left behind is recognisable: the next write into the same
folder removes such files when no process holds their lock any more and they are at least
:data:`STALE_AFTER_SECONDS` old.  Nothing else in the folder is ever touched.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from wordgames.errors import FileWriteError, InvalidArgumentTypeError
from wordgames.textfiles import shown_path

try:  # POSIX: a lock tells a live writer's temporary from a dead one's
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

TEMPORARY_MARK = ".wgsave-"
TEMPORARY_PATTERN = re.compile(r"^\..+\.wgsave-[a-z0-9_]{8}\.tmp$")
"""The names of our temporaries (``tempfile`` adds 8 characters from ``[a-z0-9_]``)."""

STALE_AFTER_SECONDS = 2.0
"""A temporary younger than this may belong to a writer that has not locked it yet."""


def write_target(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself, or the file a symbolic link
    there points at (followed to the end).  Raises FileWriteError, naming ``path``, when it
    exists and is not a regular file or its folder does not exist."""
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidArgumentTypeError(f"a file path must be a str or a path, not {type(path).__name__}")
    try:
        target = Path(os.path.realpath(path))
        status = os.stat(target)
    except FileNotFoundError:
        status = None
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the path
        reason = getattr(error, "strerror", None) or error
        raise FileWriteError(f"{shown_path(path)}: cannot write there ({reason})") from None
    if status is not None and not stat.S_ISREG(status.st_mode):
        kind = "a directory" if stat.S_ISDIR(status.st_mode) else "not a regular file"
        raise FileWriteError(f"{shown_path(path)}: is {kind}; refusing to replace it")
    if not target.parent.is_dir():
        raise FileWriteError(f"{shown_path(path)}: no such folder to write it in")
    return target


def check_writable(path: str | os.PathLike[str]) -> Path:
    """:func:`write_target`, and proof that a file can be created in its folder: a temporary
    is created there and removed at once (permission bits and read-only file systems say
    less than trying; root may create nothing in ``/sys``).  For a long job or a game to
    refuse a save file before it starts rather than fail to save at its end.  FileWriteError
    names ``path`` as the user gave it."""
    target = write_target(path)
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{target.name}{TEMPORARY_MARK}", suffix=".tmp", dir=target.parent
        )
    except OSError as error:
        raise FileWriteError(f"{shown_path(path)}: cannot write there ({error.strerror or error})") from None
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(temporary)
    return target


def refuse_same_file(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """FileWriteError when ``target`` is the file ``source`` names (the same path, a symbolic
    link to it or a hard link of it): a conversion would replace its own input with a lossy
    copy.  Nothing happens when either does not exist."""
    try:
        same = os.path.samefile(source, target)
    except (OSError, ValueError):
        return
    if same:
        raise FileWriteError(f"{shown_path(target)}: is the input file {shown_path(source)}; write elsewhere")


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    r"""Replace the file at ``path`` with ``text`` in UTF-8, ``\n`` line ends, atomically (see
    :func:`write_bytes_atomically`)."""
    if not isinstance(text, str):
        raise InvalidArgumentTypeError(f"the text to write must be a str, not {type(text).__name__}")
    write_bytes_atomically(path, text.encode("utf-8"))


def write_bytes_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace the file at ``path`` with ``data`` atomically (see the module docstring).  On
    any error the temporary file is removed, the old file is untouched, and FileWriteError
    names ``path`` (not the temporary)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InvalidArgumentTypeError(f"the data to write must be bytes, not {type(data).__name__}")
    target = write_target(path)
    folder = target.parent
    remove_stale_temporaries(folder)
    try:
        old: os.stat_result | None = os.stat(target)
    except OSError:
        old = None
    mode = stat.S_IMODE(old.st_mode) if old is not None else 0o666 & ~_umask()
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{target.name}{TEMPORARY_MARK}", suffix=".tmp", dir=folder
        )
    except OSError as error:
        raise FileWriteError(f"{shown_path(path)}: cannot write there ({error.strerror or error})") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            if fcntl is not None:
                fcntl.flock(stream.fileno(), fcntl.LOCK_EX)
            os.chmod(temporary, mode)
            if old is not None:
                _keep_owner(temporary, old)
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
            os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            reason = error.strerror or error
            raise FileWriteError(f"{shown_path(path)}: could not be written ({reason})") from None
        raise
    _fsync_folder(folder)


def remove_stale_temporaries(folder: Path) -> list[str]:
    """Remove the temporaries that interrupted writes left in ``folder`` (our own names only,
    regular files of this user, unlocked, at least STALE_AFTER_SECONDS old); return their
    names.  Errors are ignored: cleaning up must never stop a save."""
    removed: list[str] = []
    try:
        names = [name for name in os.listdir(folder) if TEMPORARY_PATTERN.match(name)]
    except OSError:
        return removed
    now = time.time()
    for name in names:
        candidate = folder / name
        with contextlib.suppress(OSError):
            status = os.lstat(candidate)
            if not stat.S_ISREG(status.st_mode) or now - status.st_mtime < STALE_AFTER_SECONDS:
                continue
            if hasattr(os, "getuid") and status.st_uid != os.getuid():
                continue
            descriptor = os.open(candidate, os.O_RDONLY)
            try:
                if fcntl is not None:
                    fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held: a live writer
                os.unlink(candidate)
                removed.append(name)
            finally:
                os.close(descriptor)
    return removed


def _keep_owner(temporary: str, old: os.stat_result) -> None:
    """Give the new file the replaced file's owner and group where the process may (root
    may; another user may keep only a group it belongs to); otherwise the new file is the
    writer's, as the documentation says."""
    if not hasattr(os, "chown"):
        return
    for owner, group in ((old.st_uid, old.st_gid), (-1, old.st_gid)):
        try:
            os.chown(temporary, owner, group)
            return
        except OSError:
            continue


def _umask() -> int:
    """The process's file-creation mask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable; folders cannot be opened for syncing on every platform."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
