"""Reading the small text files users hand the engines (boards, layouts, tile bags, configs,
saved games, move files), with one error policy: a missing or unreadable file is a
:class:`~wordgames.errors.WordGamesError` naming the file, never a bare ``OSError``."""

from __future__ import annotations

import os
from pathlib import Path

from wordgames.errors import FormatError, WordGamesError


def read_text_file(
    path: str | os.PathLike[str],
    what: str,
    error: type[WordGamesError] = FormatError,
    *,
    limit: int | None = None,
) -> str:
    """The text of a UTF-8 file (a byte-order mark is dropped, line ends become ``\\n``).
    Raises ``error`` with ``"{path}: no such {what}"``, ``"{path}: cannot read {what}
    (reason)"``, or, with ``limit``, when the file holds more than ``limit`` bytes; at most
    ``limit + 1`` bytes are ever read, so a huge file or a device never fills memory."""
    file = Path(path)
    try:
        with open(file, "rb") as stream:
            data = stream.read() if limit is None else stream.read(limit + 1)
    except FileNotFoundError:
        raise error(f"{file}: no such {what}") from None
    except IsADirectoryError:
        raise error(f"{file}: is a directory, not a {what}") from None
    except OSError as reason:
        raise error(f"{file}: cannot read {what} ({reason.strerror or reason})") from None
    if limit is not None and len(data) > limit:
        raise error(f"{file}: a {what} may hold at most {limit:,} bytes; this one holds more")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as reason:
        raise error(f"{file}: cannot read {what} ({reason})") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")
