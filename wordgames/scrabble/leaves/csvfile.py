"""Leave tables as CSV: one ``LEAVE,value`` line per leave (``?`` a blank), as MAGPIE and
wolges write them.  Blank lines are skipped; nothing else is allowed.

With an alphabet of multi-character tiles, leaves are written in its notation (``[L·L]A?``,
as MAGPIE writes them) and read in notation or, as files of earlier versions were written, in
their code points (see :func:`wordgames.lexicon.legacy_codes.legacy_forms`)."""

from __future__ import annotations

import math
import os

from wordgames.atomic import write_text_atomically
from wordgames.errors import FormatError, WordGamesError
from wordgames.lexicon.alphabet import ENGLISH, Alphabet
from wordgames.lexicon.legacy_codes import from_legacy
from wordgames.limits import MAX_LEAVE_CSV_BYTES, MAX_LEAVE_TILES, MAX_TABLE_LEAVES
from wordgames.scrabble.core.tiles import TileSet
from wordgames.scrabble.leaves.table import (
    LeaveTable,
    check_alphabet,
    read_bounded,
    table_of_file,
    text_to_tiles,
    tiles_to_text,
)


def table_from_csv_text(
    text: str, alphabet: Alphabet | str = ENGLISH, name: str = "<csv>", tile_set: TileSet | None = None
) -> LeaveTable:
    """The table a CSV text holds, leaves in the alphabet's notation (``[L·L]A?``; English
    in any case); FormatError naming the line for a malformed line, a letter outside the
    alphabet, a value that is not a finite number, a repeated leave, more than
    MAX_TABLE_LEAVES lines or none (see :func:`~.table.table_of_file`).  ``tile_set`` is
    accepted for compatibility: the alphabet names the tiles."""
    alphabet = check_alphabet(alphabet)
    if len(text) > MAX_LEAVE_CSV_BYTES:
        raise FormatError(f"{name}: larger than {MAX_LEAVE_CSV_BYTES} characters")
    pairs: list[tuple[tuple[int, ...], float]] = []
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        if not line.strip():
            continue
        if len(pairs) >= MAX_TABLE_LEAVES:
            raise FormatError(f"{name}: more than {MAX_TABLE_LEAVES} leaves")
        written, comma, raw = line.strip().partition(",")
        try:
            tiles = text_to_tiles(alphabet, from_legacy(written, alphabet)) if written else ()
            if not comma or not tiles or len(tiles) > MAX_LEAVE_TILES:
                raise FormatError(f"expected LEAVE,value with 1 to {MAX_LEAVE_TILES} tiles")
            value = float(raw)
            if not math.isfinite(value):
                raise FormatError(f"{raw!r} is not a finite number")
            pairs.append((tiles, value))
        except (WordGamesError, ValueError) as error:
            raise FormatError(f"{name}, line {number}: {error}") from None
    return table_of_file(alphabet, pairs, name)


def read_leave_csv(
    path: str | os.PathLike[str], alphabet: Alphabet | str = ENGLISH, tile_set: TileSet | None = None
) -> LeaveTable:
    """Read a leave CSV file (UTF-8; leaves in the alphabet's notation); FormatError
    when it cannot be read or parsed."""
    try:
        text = read_bounded(path, MAX_LEAVE_CSV_BYTES).decode("utf-8")
    except UnicodeDecodeError as error:
        raise FormatError(f"{path}: not UTF-8 text ({error})") from None
    return table_from_csv_text(text, alphabet, str(path), tile_set)


def csv_text(table: LeaveTable, tile_set: TileSet | None = None) -> str:
    """The CSV text of a table, KLV2 order, values with 6 decimals (the empty leave, which
    CSV cannot spell, is left out); leaves in the table's alphabet's notation (``tile_set`` is
    accepted for compatibility)."""
    return "".join(f"{tiles_to_text(table.alphabet, tiles)},{value:.6f}\n"
                   for tiles, value in table.sorted_leaves() if tiles)


def write_leave_csv(path: str | os.PathLike[str], table: LeaveTable, tile_set: TileSet | None = None) -> None:
    """Write ``table`` to ``path`` as CSV, atomically, leaves in ``tile_set``'s notation when
    given."""
    write_text_atomically(path, csv_text(table, tile_set))
