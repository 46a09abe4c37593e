"""Reading the positions requests describe: a Scrabble board from rows of text or from a
CGP, a rack against a tile set, the tile set a position names, and whether a word list fits
those tiles.

Both faces read their input here (the command line's ``--board``/``--cgp``/``--rack``, the
web API's ``board``/``cgp``/``rack``), so one position is read one way.  What the faces add
is only where the text comes from and how a refusal tells the user to fix it (``remedy``:
the option or the field to give).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble import STANDARD_ENGLISH, Board, Layout, Rack, TileSet
from wordgames.scrabble.core.tiles import distribution_name, tile_set_named
from wordgames.scrabble.formats.cgp import Position, parse_cgp

EMPTY_RUNS = re.compile(r"(\.+)")
"""A board row split into runs of empty squares and runs of tiles."""

ENGLISH_DISTRIBUTIONS = ("english", "english_super")


@dataclass(frozen=True)
class ScrabblePosition:
    """A position a request describes: the board, the tiles it is written in, the mover's
    rack (None when neither the request nor the CGP gives one), and what a CGP adds: the
    scores (mover first), the lexicon and bingo bonus it names, the parsed CGP itself."""

    board: Board
    tile_set: TileSet
    rack: Rack | None = None
    scores: tuple[int, ...] = ()
    lexicon: str | None = None
    bingo_bonus: int | None = None
    cgp: Position | None = None


def board_from_rows(
    rows: str | Sequence[str], layout: Layout | None = None, tile_set: TileSet = STANDARD_ENGLISH,
    name: str = "the board",
) -> Board:
    """A board written one row a line (or as a list of rows): ``.`` an empty square, tiles in
    ``tile_set``'s notation (``..CE[L·L]A..``), lower case a blank.  BoardError naming
    ``name`` when it is malformed."""
    text = rows if isinstance(rows, str) else "\n".join(rows)
    if not tile_set.is_plain_english:
        text = "\n".join(
            "".join(run if run.startswith(".") else tile_set.read(run) for run in EMPTY_RUNS.split(line))
            for line in text.splitlines()
        )
    return Board.from_text(text, layout, name)


def cgp_tile_set(position: Position, remedy: str) -> TileSet:
    """The tiles a CGP names with its ``ld`` operation (or implies by its ``lex``), standard
    English when it names none.  FormatError ending with ``remedy`` for a name that is not a
    shipped distribution."""
    named = position.letter_distribution
    if named is None:
        return STANDARD_ENGLISH
    tile_set = tile_set_named(named)
    if tile_set is None:
        raise FormatError(f"the CGP's letter distribution {named!r} is not known: {remedy}")
    return tile_set


def cgp_rack(text: str, tile_set: TileSet) -> Rack:
    """A rack of a parsed CGP (read with ``tile_set``): English text as ever, else the
    internal tiles the CGP was read into."""
    return Rack.parse(text) if tile_set.is_plain_english else Rack(text)


def read_rack(text: str, tile_set: TileSet = STANDARD_ENGLISH) -> Rack:
    """A rack typed by a user, in ``tile_set``'s notation (``?`` a blank).  InvalidArgumentError
    for an empty rack or a tile the set does not have."""
    rack = tile_set.parse_rack(text)
    if len(rack) == 0:
        raise InvalidArgumentError("the rack is empty")
    return rack


def position_from_cgp(
    text: str, *, layout: Layout | None = None, tile_set: TileSet | None = None, rack: str | None = None,
    remedy: str = "name a shipped tile distribution",
) -> ScrabblePosition:
    """The position of a CGP line.  Its tiles are read with ``tile_set`` when given, else
    with the distribution the CGP names (see :func:`cgp_tile_set`; ``remedy`` ends the
    refusal of an unknown one); ``rack``, when given, replaces the CGP's rack."""
    parsed = parse_cgp(text, layout, tile_set)
    tiles = tile_set if tile_set is not None else cgp_tile_set(parsed, remedy)
    if rack is not None:
        mover: Rack | None = read_rack(rack, tiles)
    else:
        mover = cgp_rack(parsed.rack, tiles) if parsed.rack else None
    return ScrabblePosition(
        parsed.board, tiles, mover, tuple(parsed.scores), parsed.lexicon, parsed.bingo_bonus, parsed,
    )


def position_from_rows(
    rows: str | Sequence[str], *, layout: Layout | None = None, tile_set: TileSet = STANDARD_ENGLISH,
    rack: str | None = None, name: str = "the board",
) -> ScrabblePosition:
    """The position of a board written in rows (see :func:`board_from_rows`) and a rack."""
    board = board_from_rows(rows, layout, tile_set, name)
    return ScrabblePosition(board, tile_set, read_rack(rack, tile_set) if rack is not None else None)


def check_lexicon_fits_tiles(
    lexicon: Lexicon, tile_set: TileSet, remedy: str = "give a {name} word list"
) -> None:
    """Refuse a word list that spells words with letters a shipped non-English distribution
    lacks (CSW12 with the Polish tiles a CGP's ``-lex OSPS49;`` implies: its Q, V and X words
    could never be played, so every answer would be some other game's).  English and custom
    tile sets are not checked.  Cost: one pass over the words, for those distributions only."""
    name = distribution_name(tile_set)
    if name is None or name in ENGLISH_DISTRIBUTIONS:
        return
    letters: set[str] = set()
    for word in lexicon:
        letters.update(word)
    outside = sorted(letters - set(tile_set.values))
    if outside:
        raise InvalidArgumentError(
            f"the word list spells words with {', '.join(outside[:10])}, which the {name} tiles "
            f"lack: {remedy.format(name=name)}"
        )
