"""Reading the small text files users hand the engines (boards, layouts, tile bags, configs,
saved games, move files), with one error policy: a missing or unreadable file is a
:class:`~wordgames.errors.WordGamesError` naming the file, never a bare ``OSError``."""

from __future__ import annotations

import os
from pathlib import Path

from wordgames.errors import FormatError, WordGamesError


def read_text_file(
    path: str | os.PathLike[str], what: str, error: type[WordGamesError] = FormatError
) -> str:
    """The text of a UTF-8 file (a byte-order mark is dropped).  Raises ``error`` with
    ``"{path}: no such {what}"`` or ``"{path}: cannot read {what} (reason)"``."""
    file = Path(path)
    try:
        return file.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise error(f"{file}: no such {what}") from None
    except IsADirectoryError:
        raise error(f"{file}: is a directory, not a {what}") from None
    except (OSError, UnicodeDecodeError) as reason:
        raise error(f"{file}: cannot read {what} ({reason})") from None
