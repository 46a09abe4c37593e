"""The one reader of files from outside: bounded, never blocking, one error policy.

Every file a user, a caller or the cache folder hands the package (word lists and word graphs,
boards, layouts, tile bags, configurations, saved games, GCG records, move files, leave
tables, checkpoints, cache entries) is read through :func:`read_file_bytes`, and every JSON
document among them is parsed by :func:`parse_json` (the JSON reader's own failures, a
``RecursionError`` or an ``OverflowError`` later, become the caller's error type):

* only a regular file is read: a folder, a named pipe, a device or a socket is refused before
  a byte is read.  The path is checked before it is opened (opening a pipe would wait for a
  writer, opening some devices has effects), then opened without blocking and checked again
  on the open file, in case it was replaced in between;
* at most ``limit`` bytes are read (:mod:`wordgames.limits`): a file whose size says it is
  larger is refused unread, and one that grows while it is read stops at the limit, so a huge
  file never fills memory;
* every failure is the caller's error type (a :class:`~wordgames.errors.WordGamesError`)
  with a one-line message that names the path as the user gave it (:func:`shown_path`),
  never a bare ``OSError``.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from wordgames.errors import FormatError, InvalidArgumentTypeError, WordGamesError

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
_OPEN_FLAGS |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_SHOWN_CHARS = 200


def shown_path(path: object) -> str:
    """``path`` as an error message shows it: as given when it is printable text without
    surrounding spaces, else quoted with escapes (a newline or a lone surrogate in a name
    cannot break a one-line message); a very long path is cut."""
    text = os.fspath(path) if isinstance(path, (str, os.PathLike)) else path
    if not isinstance(text, str):
        return repr(text)[:_SHOWN_CHARS]
    if len(text) > _SHOWN_CHARS:
        text = f"{text[: _SHOWN_CHARS // 2]}... ({len(text)} characters)"
    plain = text.isprintable() and text == text.strip() and text != ""
    return text if plain else repr(text)


def checked_path(path: object, what: str) -> Path:
    """``path`` as a Path; InvalidArgumentTypeError when it is not a str or a path."""
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise InvalidArgumentTypeError(
            f"a {what} path must be a str or a path, not {type(path).__name__}"
        )
    return Path(path)


def read_file_bytes(
    path: str | os.PathLike[str],
    what: str,
    error: type[WordGamesError] = FormatError,
    *,
    limit: int,
    private: bool = False,
) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    ``what`` names the kind of file in messages ("word file", "saved game").  Raises
    ``error`` with ``"{path}: no such {what}"``, ``"{path}: is a directory, not a {what}"``,
    ``"{path}: not a regular file (a device, a pipe or a socket)..."``,
    ``"{path}: a {what} may hold at most N bytes..."`` or ``"{path}: cannot read {what}
    (reason)"``; InvalidArgumentTypeError for a path that is not a str or a path.  With
    ``private``, a file that another user owns or may write is refused too (checked on the
    open file: what the cache trusts must be the user's own).  Cost: two ``stat`` calls and
    one read of at most ``limit + 1`` bytes; never blocks."""
    file = checked_path(path, what)
    shown = shown_path(path)
    try:
        before = file.stat()
    except (OSError, ValueError) as reason:  # ValueError: a NUL byte or a lone surrogate
        raise _os_error(reason, shown, what, error) from None
    _check_status(before, shown, what, error, limit)
    try:
        stream = open(os.open(file, _OPEN_FLAGS), "rb")  # noqa: SIM115 (the with below closes it)
    except (OSError, ValueError) as reason:
        raise _os_error(reason, shown, what, error) from None
    with stream:
        try:
            status = os.fstat(stream.fileno())
        except OSError as reason:
            raise _os_error(reason, shown, what, error) from None
        _check_status(status, shown, what, error, limit)
        if private and not _is_private(status):
            raise error(f"{shown}: another user owns or may write this {what}")
        try:
            data = stream.read(limit + 1)
        except OSError as reason:
            raise _os_error(reason, shown, what, error) from None
    if len(data) > limit:
        raise error(_too_big(shown, what, limit, None))
    return data


def read_text_file(
    path: str | os.PathLike[str],
    what: str,
    error: type[WordGamesError] = FormatError,
    *,
    limit: int,
) -> str:
    """The text of a UTF-8 file read by :func:`read_file_bytes` (a byte-order mark is
    dropped, line ends become ``\\n``); ``error`` also for text that is not UTF-8."""
    data = read_file_bytes(path, what, error, limit=limit)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as reason:
        raise error(f"{shown_path(path)}: cannot read {what} ({reason})") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def parse_json(text: str | bytes, where: str, what: str, error: type[WordGamesError] = FormatError) -> Any:
    """The value of the JSON document ``text`` (a ``what`` read from ``where``, a path as
    :func:`shown_path` shows it).  Raises ``error`` with a one-line message for text that is
    not JSON, that nests deeper than the parser recurses (a ``RecursionError`` otherwise), that
    holds a whole number of more digits than Python converts, or that holds a number that is not
    finite: ``NaN``, ``Infinity`` or one like ``1e400`` that overflows a float.  No file the
    package reads has a use for those, and ``int()`` of one raises ``OverflowError`` far from
    here.  The caller still checks the shape and range of every field.  Cost: one parse,
    O(len(text)); the text is already bounded by the file's limit."""
    try:
        return json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
    except _NotFinite as reason:
        raise error(f"{where}: not a {what} ({reason} is not a finite number)") from None
    except json.JSONDecodeError as reason:
        raise error(f"{where}: not a {what} (not JSON: line {reason.lineno}: {reason.msg})") from None
    except RecursionError:
        raise error(f"{where}: not a {what} (nested too deeply)") from None
    except ValueError as reason:  # a whole number of thousands of digits
        raise error(f"{where}: not a {what} ({reason})") from None


def read_json_file(
    path: str | os.PathLike[str],
    what: str,
    error: type[WordGamesError] = FormatError,
    *,
    limit: int,
) -> Any:
    """The JSON value of the UTF-8 file at ``path``: :func:`read_text_file`, then
    :func:`parse_json`, every failure ``error``.  Cost: reading at most ``limit`` bytes and one
    parse."""
    return parse_json(read_text_file(path, what, error, limit=limit), shown_path(path), what, error)


class _NotFinite(Exception):
    """A non-finite number in a JSON document (not a ValueError, so that it passes through
    the JSON parser unchanged)."""


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text[:40])
    return value


def _no_constant(name: str) -> float:
    raise _NotFinite(name)


def _check_status(
    status: os.stat_result, shown: str, what: str, error: type[WordGamesError], limit: int
) -> None:
    if stat.S_ISDIR(status.st_mode):
        raise error(f"{shown}: is a directory, not a {what}")
    if not stat.S_ISREG(status.st_mode):
        raise error(f"{shown}: not a regular file (a device, a pipe or a socket); a {what} must be one")
    if status.st_size > limit:
        raise error(_too_big(shown, what, limit, status.st_size))


def _is_private(status: os.stat_result) -> bool:
    """Whether a file is owned by this process's user and writable by no one else."""
    user = os.geteuid() if hasattr(os, "geteuid") else status.st_uid
    return status.st_uid == user and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _too_big(shown: str, what: str, limit: int, size: int | None) -> str:
    holds = "more" if size is None else f"{size:,}"
    return f"{shown}: a {what} may hold at most {limit:,} bytes; this one holds {holds}"


def _os_error(
    reason: OSError | ValueError, shown: str, what: str, error: type[WordGamesError]
) -> WordGamesError:
    if isinstance(reason, FileNotFoundError):
        return error(f"{shown}: no such {what}")
    if isinstance(reason, PermissionError):
        return error(f"{shown}: cannot read {what} (permission denied)")
    return error(f"{shown}: cannot read {what} ({getattr(reason, 'strerror', None) or reason})")
