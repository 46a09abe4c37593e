"""An on-disk cache of compiled lexicons, so a large word list loads in a fraction of its
build time.

An entry is keyed by the SHA-256 of the word file's bytes, the backend and the cache format
version, so an edited file or a new release never reads a stale entry.  An entry is trusted
only when it is provably the one its name promises: its header repeats the source's SHA-256
and the backend (so an entry of another list copied under this name is ignored), a length and
a checksum of its payload (so a truncated or corrupted entry is ignored), and the file must be
the user's own and writable by no one else (so another user cannot plant one); the backend
then range-checks every array of the payload before anything walks it
(:func:`wordgames.lexicon.trie.check_arrays`).  Whatever fails is rebuilt from the source and rewritten.
Writes go to a temporary file that is renamed into place, so a crash never leaves half an
entry.  A cache directory that cannot be created or written only costs speed.

The directory is ``$WORDGAMES_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/wordgames``, else
``~/.cache/wordgames``.  Setting ``WORDGAMES_CACHE_DIR`` to an empty string disables caching.

The cache keeps itself small: each write prunes it to ``$WORDGAMES_CACHE_LIMIT_MB`` megabytes
(default 256), dropping the least recently used entries first (a read refreshes an entry's
time), entries of other format versions, and temporary files a crash left behind.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import struct
import tempfile
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

from wordgames.errors import LexiconError, WordGamesError
from wordgames.limits import MAX_CACHE_ENTRY_BYTES
from wordgames.textfiles import read_file_bytes

FORMAT_VERSION = 3
# magic, version, SHA-256 of the source, backend name length, payload length, crc32 of payload;
# the backend name (ASCII) follows, then the payload.
_ENTRY_HEADER = struct.Struct("<8sI32sHQI")
_ENTRY_MAGIC = b"WGCACHE\0"
DEFAULT_LIMIT_MB = 256
_TEMPORARY_PREFIX = ".tmp-wordgames-"
# A temporary file older than this belongs to no write in progress: a crash left it.
_ABANDONED_SECONDS = 3600
# Only files named like this are ever deleted: the folder may hold other things.
# Groups: backend, format version, source digest.
_ENTRY_NAME = re.compile(r"^([a-z0-9_]+)-v(\d+)-([0-9a-f]{64})\.bin$")
# mkstemp's random part is eight characters of [a-z0-9_].
_TEMPORARY_NAME = re.compile(r"^\.tmp-wordgames-[a-z0-9_]{8}\.bin$")


@dataclass(frozen=True)
class CacheEntry:
    """One file of the cache directory."""

    path: Path
    size: int
    used: float
    """When it was last written or read (seconds since the epoch)."""
    temporary: bool = False
    """Whether it is a write in progress (or abandoned), not an entry."""


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
    """The payload stored under ``key`` (a :func:`cache_key`), or None if absent,
    unreadable, stale, corrupt, another user's, or not the entry of the source and backend
    its name says (see the module docstring)."""
    directory = cache_dir()
    name = _ENTRY_NAME.match(key)
    if directory is None or name is None:
        return None
    try:
        data = read_file_bytes(
            directory / key, "cache entry", LexiconError, limit=MAX_CACHE_ENTRY_BYTES, private=True
        )
    except WordGamesError:
        return None
    with contextlib.suppress(OSError):
        os.utime(directory / key)  # recently used entries survive pruning
    if len(data) < _ENTRY_HEADER.size:
        return None
    magic, version, digest, variant_length, length, crc = _ENTRY_HEADER.unpack_from(data)
    variant_end = _ENTRY_HEADER.size + variant_length
    variant = data[_ENTRY_HEADER.size : variant_end]
    payload = data[variant_end:]
    if (
        magic != _ENTRY_MAGIC
        or version != FORMAT_VERSION
        or int(name[2]) != FORMAT_VERSION
        or digest.hex() != name[3]
        or variant != name[1].encode("ascii")
        or length != len(payload)
        or crc != zlib.crc32(payload)
    ):
        return None
    return payload


def write_entry(key: str, payload: bytes) -> bool:
    """Store ``payload`` under ``key`` (a :func:`cache_key`) atomically, with the header that
    ties it to its source and backend; False (never an exception) on failure or for a key
    that is not an entry name."""
    directory = cache_dir()
    name = _ENTRY_NAME.match(key)
    if directory is None or name is None:
        return False
    variant = name[1].encode("ascii")
    header = _ENTRY_HEADER.pack(
        _ENTRY_MAGIC, FORMAT_VERSION, bytes.fromhex(name[3]), len(variant), len(payload),
        zlib.crc32(payload),
    )  # fmt: skip
    temporary = None
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=_TEMPORARY_PREFIX, suffix=".bin")
        with os.fdopen(handle, "wb") as out:
            out.write(header)
            out.write(variant)
            out.write(payload)
        os.replace(temporary, directory / key)
    except OSError:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        return False
    prune(keep=key)
    return True


def cache_limit_bytes() -> int:
    """The size the cache is pruned to: ``$WORDGAMES_CACHE_LIMIT_MB`` megabytes when it is a
    whole number >= 0, else DEFAULT_LIMIT_MB."""
    text = os.environ.get("WORDGAMES_CACHE_LIMIT_MB", "")
    text = text.strip()
    megabytes = int(text) if text.isascii() and text.isdigit() else DEFAULT_LIMIT_MB
    return megabytes * 1024 * 1024


def entries(directory: Path | None = None) -> list[CacheEntry]:
    """The cache's files in its directory (entries, of any format version, and temporaries),
    most recently used first; empty when there is no cache.  Other files are not listed."""
    directory = directory if directory is not None else cache_dir()
    if directory is None:
        return []
    found = []
    try:
        paths = list(directory.iterdir())
    except OSError:
        return []
    for path in paths:
        temporary = _TEMPORARY_NAME.match(path.name) is not None
        if not (temporary or _ENTRY_NAME.match(path.name)):
            continue
        with contextlib.suppress(OSError):
            status = path.stat()
            if path.is_file():
                found.append(CacheEntry(path, status.st_size, status.st_mtime, temporary))
    return sorted(found, key=lambda entry: entry.used, reverse=True)


def prune(limit: int | None = None, keep: str | None = None, now: float | None = None) -> list[Path]:
    """Delete what the cache no longer needs and return the paths deleted: entries of other
    format versions, temporaries older than an hour, then the least recently used entries
    until the rest fit in ``limit`` bytes (default :func:`cache_limit_bytes`).  The entry
    named ``keep`` (the one just written) always stays.  Never raises for file errors."""
    limit = cache_limit_bytes() if limit is None else limit
    now = time.time() if now is None else now
    removed: list[Path] = []
    total = 0
    for entry in entries():
        name = entry.path.name
        version = _ENTRY_NAME.match(name)
        if version is None:  # a temporary
            doomed = now - entry.used > _ABANDONED_SECONDS
        elif name == keep:
            doomed = False
        else:
            doomed = int(version[2]) != FORMAT_VERSION or total + entry.size > limit
        if doomed:
            with contextlib.suppress(OSError):
                entry.path.unlink()
                removed.append(entry.path)
        elif version is not None:
            total += entry.size
    return removed


def clear() -> list[Path]:
    """Delete every entry of the cache and every abandoned temporary; return the paths
    deleted."""
    return prune(limit=0)
