"""Checkpoints of long computer series, so that an interrupted run resumes where it stopped.

A checkpoint is a small JSON file: a format tag, the run's ``key`` (what was being played: the
strategies, seeds, settings and lexicon, so that a checkpoint is never resumed by a different
run) and one row of whole numbers per finished unit of work (a pair of games).  It is written
atomically (:mod:`wordgames.atomic`), so an interruption while writing leaves the previous
checkpoint whole.  Reading refuses, with a FormatError naming the file, anything larger than
MAX_CHECKPOINT_BYTES, anything that is not such a checkpoint (a file the user owns is never
taken for one, nor overwritten), and rows of the wrong shape.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from wordgames.atomic import write_target, write_text_atomically
from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.limits import MAX_CHECKPOINT_BYTES
from wordgames.textfiles import parse_json, read_text_file

CHECKPOINT_FORMAT = "wordgames-series-checkpoint"
CHECKPOINT_VERSION = 1
_MAX_NUMBER = 10**12


def read_checkpoint(path: str | os.PathLike[str], key: str, width: int) -> list[tuple[int, ...]]:
    """The rows saved in the checkpoint at ``path`` for the run ``key``, each ``width`` whole
    numbers; no rows when there is no file yet.  Raises FormatError for a file that is not a
    checkpoint or is corrupt, InvalidArgumentError for a checkpoint of a different run.
    Cost: reading the file."""
    file = write_target(path)  # a folder or a device is refused here, before the run
    if not file.exists():
        return []
    text = read_text_file(file, "checkpoint", limit=MAX_CHECKPOINT_BYTES)
    try:
        state = parse_json(text, str(file), "checkpoint")
    except FormatError as error:
        raise FormatError(f"{error}; refusing to replace it") from None
    if not isinstance(state, dict) or state.get("format") != CHECKPOINT_FORMAT:
        raise FormatError(f"{file}: not a wordgames checkpoint; refusing to replace it")
    if state.get("version") != CHECKPOINT_VERSION:
        raise FormatError(f"{file}: checkpoint version {state.get('version')!r} is not supported")
    if state.get("key") != key:
        raise InvalidArgumentError(
            f"{file}: a checkpoint of another run ({str(state.get('key'))[:200]}); "
            "give another file or remove this one"
        )
    rows = state.get("rows")
    if not isinstance(rows, list):
        raise FormatError(f"{file}: rows: expected a list")
    checked = []
    for number, row in enumerate(rows):
        if not (isinstance(row, list) and len(row) == width and all(
                isinstance(v, int) and not isinstance(v, bool) and abs(v) <= _MAX_NUMBER for v in row)):
            raise FormatError(f"{file}: rows[{number}]: expected {width} whole numbers")
        checked.append(tuple(row))
    return checked


def write_checkpoint(path: str | os.PathLike[str], key: str, rows: Sequence[Sequence[int]]) -> None:
    """Save ``rows`` as the checkpoint of the run ``key`` at ``path``, atomically.  Raises
    FileWriteError naming ``path`` when it cannot be written.  Cost: O(rows)."""
    if not isinstance(key, str):
        raise InvalidArgumentError("a checkpoint key is a string")
    body = {"format": CHECKPOINT_FORMAT, "version": CHECKPOINT_VERSION, "key": key,
            "rows": [list(row) for row in rows]}
    write_text_atomically(Path(path), json.dumps(body, separators=(",", ":")) + "\n")
