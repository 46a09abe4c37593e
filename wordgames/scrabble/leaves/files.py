"""Leave tables by name or path: the shipped tables, and files chosen by their extension
(``.klv2``, ``.csv``, ``.leaves`` the compact format)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from wordgames.errors import FormatError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.alphabet import ENGLISH
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, TileSet
from wordgames.scrabble.leaves.compact import read_compact, write_compact
from wordgames.scrabble.leaves.csvfile import read_leave_csv, write_leave_csv
from wordgames.scrabble.leaves.klv2 import read_klv2, write_klv2
from wordgames.scrabble.leaves.table import LeaveTable, alphabet_of, distribution_bounds
from wordgames.textfiles import shown_path

DATA = Path(__file__).resolve().parent / "data"
SHIPPED = {"enable": DATA / "enable.leaves"}
"""Shipped tables by lexicon name (the lexicon they were learned for)."""

FORMATS = (".klv2", ".csv", ".leaves")


def shipped_table_name(lexicon_source: str) -> str | None:
    """The name of the shipped table learned for a lexicon (its ``source``), or None."""
    name = Path(str(lexicon_source)).name.lower()
    for stem in (name, name.rsplit(".", 1)[0]):
        if stem in SHIPPED and SHIPPED[stem].is_file():
            return stem
    return None


@cache
def _shipped(name: str) -> LeaveTable:
    return read_compact(SHIPPED[name])


def load_leaves(source: str | os.PathLike[str], tile_set: TileSet | None = None) -> LeaveTable:
    """A leave table: a shipped one by name (``enable``; loaded once per process, about a
    second), or a file by extension (KLV2, CSV or compact).  A KLV2 or CSV file is read in
    ``tile_set``'s alphabet (its tile ``n`` is the distribution's tile ``n``, as MAGPIE numbers
    them); English by default.
    FormatError for an unknown extension or a bad file."""
    if tile_set is not None and not isinstance(tile_set, TileSet):
        raise InvalidArgumentTypeError(f"a tile set must be a TileSet, not {type(tile_set).__name__}")
    alphabet = ENGLISH if tile_set is None else alphabet_of(tile_set)
    if isinstance(source, str) and source.lower() in SHIPPED:
        return _shipped(source.lower())
    if not isinstance(source, (str, os.PathLike)):
        raise InvalidArgumentTypeError(f"a leave table is a name or a path, not {type(source).__name__}")
    path = Path(source)
    suffix = path.suffix.lower()
    if suffix == ".klv2":
        return read_klv2(path, alphabet)
    if suffix == ".csv":
        return read_leave_csv(path, alphabet, tile_set)
    if suffix == ".leaves":
        return read_compact(path)
    if not os.path.exists(path):  # False, not an OSError, for a name too long for the system
        raise InvalidArgumentError(
            f"no leave table {shown_path(source)} (a shipped name: {', '.join(SHIPPED)}, or a file)")
    raise FormatError(f"{path}: a leave table ends in {', '.join(FORMATS)}")


def save_leaves(path: str | os.PathLike[str], table: LeaveTable, tile_set: TileSet | None = None) -> None:
    """Write ``table`` as KLV2, CSV or compact (``.leaves``: English tables of every leave
    of the standard distribution only) by the extension of ``path``, atomically; a CSV spells
    leaves in ``tile_set``'s notation when given (``[L·L]``)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".klv2":
        write_klv2(path, table)
    elif suffix == ".csv":
        write_leave_csv(path, table, tile_set)
    elif suffix == ".leaves":
        if table.alphabet.tiles != ENGLISH.tiles:
            raise FormatError(f"{path}: the compact format holds English tables only")
        longest = max((len(table.tiles_of_code(code)) for code, _ in table.items()), default=0)
        write_compact(path, table, distribution_bounds(ENGLISH, STANDARD_ENGLISH), longest)
    else:
        raise FormatError(f"{path}: write a leave table as {', '.join(FORMATS)}")
