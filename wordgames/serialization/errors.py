"""Errors as JSON: the one shape every error answer of the web API takes,
``{"error": "..."}``, with a message fit to show to whoever sent the request."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import wordgames

_INSTALL_FOLDERS = tuple(
    sorted({str(Path(folder).resolve()) for folder in (Path(wordgames.__file__).parent.parent, sys.prefix)}
           | {str(Path(wordgames.__file__).parent.parent)}, key=len, reverse=True)
)


def error_json(message: str) -> dict[str, Any]:
    """The JSON object of an error: ``{"error": message}``."""
    return {"error": message}


def public_message(error: BaseException | str) -> str:
    """The error's message without the folders the program is installed in (a file of the
    package, such as a shipped word list, is named by its file name alone): a server tells
    its clients what went wrong, not where it lives."""
    text = str(error)
    for folder in _INSTALL_FOLDERS:
        if folder and folder != os.sep:
            text = re.sub(re.escape(folder) + r"[\\/]+(?:[^\s'\"]*[\\/])?", "", text)
    return text
