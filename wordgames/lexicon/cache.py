"""An on-disk cache of compiled lexicons, so a large word list loads in a fraction of its
build time.

An entry is keyed by the SHA-256 of the word file's bytes, the backend and the cache format
version, so an edited file or a new release never reads a stale entry.  Each entry carries a
checksum of its payload: a truncated or corrupted entry is detected, ignored and rebuilt.
Writes go to a temporary file that is renamed into place, so a crash never leaves half an
entry.  A cache directory that cannot be created or written only costs speed.

The directory is ``$WORDGAMES_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/wordgames``, else
``~/.cache/wordgames``.  Setting ``WORDGAMES_CACHE_DIR`` to an empty string disables caching.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import struct
import tempfile
import zlib
from pathlib import Path

FORMAT_VERSION = 1
_ENTRY_HEADER = struct.Struct("<8sIQI")  # magic, version, payload length, crc32 of payload
_ENTRY_MAGIC = b"WGCACHE\0"


def cache_dir() -> Path | None:
    """The cache directory in use, or None when caching is disabled."""
    configured = os.environ.get("WORDGAMES_CACHE_DIR")
    if configured is not None:
        return Path(configured) if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "wordgames"


def cache_key(content: bytes, backend: str) -> str:
    """The entry name for a word file's content compiled by ``backend``."""
    digest = hashlib.sha256(content).hexdigest()
    return f"{backend}-v{FORMAT_VERSION}-{digest}.bin"


def read_entry(key: str) -> bytes | None:
    """The payload stored under ``key``, or None if absent, unreadable, stale or corrupt."""
    directory = cache_dir()
    if directory is None:
        return None
    try:
        data = (directory / key).read_bytes()
    except OSError:
        return None
    if len(data) < _ENTRY_HEADER.size:
        return None
    magic, version, length, crc = _ENTRY_HEADER.unpack_from(data)
    payload = data[_ENTRY_HEADER.size :]
    if (
        magic != _ENTRY_MAGIC
        or version != FORMAT_VERSION
        or length != len(payload)
        or crc != zlib.crc32(payload)
    ):
        return None
    return payload


def write_entry(key: str, payload: bytes) -> bool:
    """Store ``payload`` under ``key`` atomically; False (never an exception) on failure."""
    directory = cache_dir()
    if directory is None:
        return False
    header = _ENTRY_HEADER.pack(_ENTRY_MAGIC, FORMAT_VERSION, len(payload), zlib.crc32(payload))
    temporary = None
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=".bin")
        with os.fdopen(handle, "wb") as out:
            out.write(header)
            out.write(payload)
        os.replace(temporary, directory / key)
        return True
    except OSError:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        return False
