"""``/api/scrabble/...``: best moves for a CGP position (as the command line gives them),
a position for drawing, and the plays for any rack on any board.

Positions are read by :mod:`wordgames.serialization.positions` and answered in the shapes of
:mod:`wordgames.serialization.moves`, the command line's own.  Handlers are plain ``def``
functions: FastAPI runs them in its thread pool, off the event loop.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from pydantic import BaseModel, Field

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble import STANDARD_ENGLISH, get_rules, layout_by_name
from wordgames.scrabble.core.distributions import distribution_names
from wordgames.scrabble.core.tiles import distribution_name
from wordgames.serialization.boards import board_json, tile_values
from wordgames.serialization.moves import best_json, plays_json
from wordgames.serialization.positions import (
    ScrabblePosition,
    check_lexicon_fits_tiles,
    position_from_cgp,
    position_from_rows,
)
from wordgames.web.deps import Services, services
from wordgames.web.games import tile_set_for
from wordgames.web.lexicons import LexiconRegistry
from wordgames.web.limits import MAX_CGP_CHARS, MAX_RACK_CHARS, MAX_ROW_CHARS, MAX_TOP

router = APIRouter(prefix="/api/scrabble", tags=["scrabble"])

Cgp = Annotated[str, Query(min_length=1, max_length=MAX_CGP_CHARS, description="a CGP position")]
RackText = Annotated[
    str | None,
    Query(max_length=MAX_RACK_CHARS, description="rack letters, ? for a blank (default: the CGP's)"),
]
LexiconName = Annotated[str | None, Query(max_length=64, description="a lexicon name (GET /api/lexicons)")]

TILES_REMEDY = f"use one of {', '.join(distribution_names())}"
"""How a refusal of an unknown tile distribution tells the client to fix it."""


def read_cgp(cgp: str, rack: str | None = None) -> ScrabblePosition:
    """The position of a CGP (its tiles read with the distribution it names; ``rack``, when
    given, replaces the CGP's)."""
    return position_from_cgp(cgp, rack=rack, remedy=TILES_REMEDY)


def position_lexicon(lexicons: LexiconRegistry, requested: str | None, position: ScrabblePosition) -> Lexicon:
    """The lexicon a query uses: the one it names, else the one its CGP names (refused when
    this server does not offer it), else the server's default; read into the position's
    tiles, and refused when it spells words those tiles lack."""
    _, lexicon = lexicons.choose(requested, position.lexicon, "the CGP", position.tile_set)
    check_lexicon_fits_tiles(lexicon, position.tile_set, "choose a {name} word list (lexicon=NAME)")
    return lexicon


@router.get("/best", summary="Best moves for a CGP position (as `wordgames scrabble best --json`)")
def best(
    found: Annotated[Services, Depends(services)],
    cgp: Cgp,
    top: Annotated[int, Query(ge=1, le=MAX_TOP)] = 1,
    rack: RackText = None,
    lexicon: LexiconName = None,
) -> dict[str, Any]:
    """The first ``top`` legal moves, best first, and how many there are: the same JSON as
    ``wordgames scrabble best --cgp CGP --top N --json``.  The lexicon is ``lexicon``, else
    the CGP's ``lex`` (refused when this server does not offer it), else the server's
    default."""
    position = read_cgp(cgp, rack)
    if position.rack is None:
        raise InvalidArgumentError("give a rack (the CGP has none)")
    words = position_lexicon(found.lexicons, lexicon, position)
    options: dict[str, Any] = {"tile_set": position.tile_set}
    if position.bingo_bonus is not None:
        options["bingo_bonus"] = position.bingo_bonus
    moves = get_rules("classic", **options).best_moves(position.board, position.rack, words)
    return best_json(moves, top, "classic", position.tile_set)


@router.get("/position", summary="A CGP position, for drawing")
def position(cgp: Cgp) -> dict[str, Any]:
    """The board of a CGP position (see the plays endpoint for its ``text``), the rack of the
    player to move, the scores, the lexicon the CGP names, the tile distribution its ``ld``
    (or ``lex``) names (``tiles``, English by default) and the values of those tiles."""
    read = read_cgp(cgp)
    tile_set = read.tile_set
    return {
        "board": board_json(read.board, tile_set),
        "tiles": distribution_name(tile_set) or "custom",
        "rack": tile_set.show(read.cgp.rack or "") if read.cgp is not None else "",
        "scores": list(read.scores),
        "lexicon": read.lexicon,
        "values": tile_values(tile_set),
    }


class PlaysQuery(BaseModel):
    """A position: a ``board`` in the plain text form (one row a line, ``.`` empty, tiles in
    the notation of ``tiles``, lower case a blank) or a ``cgp``, a rack, and what to list."""

    board: list[Annotated[str, Field(max_length=MAX_ROW_CHARS)]] | None = Field(default=None, max_length=40)
    cgp: str | None = Field(default=None, min_length=1, max_length=MAX_CGP_CHARS)
    rack: str = Field(min_length=1, max_length=MAX_RACK_CHARS)
    top: int = Field(default=10, ge=1, le=MAX_TOP)
    lexicon: str | None = Field(default=None, max_length=64)
    tiles: str | None = Field(default=None, max_length=32, description="tile distribution (default english)")
    layout: str | None = Field(default=None, pattern="^(standard|super)$",
                               description="the premium squares (default: by the board's size)")


def query_position(
    board: list[str] | None, cgp: str | None, rack: str | None, tiles: str | None, layout: str | None
) -> ScrabblePosition:
    """The position of a request that gives a board in rows (read in the notation of the
    tile distribution ``tiles``) or a CGP (read in the tiles it names, or ``tiles``)."""
    if (cgp is None) == (board is None):
        raise InvalidArgumentError("give either a board or a CGP position")
    tile_set = tile_set_for(tiles) if tiles else None
    chosen = layout_by_name(layout) if layout else None
    if cgp is not None:
        return position_from_cgp(cgp, layout=chosen, tile_set=tile_set, rack=rack, remedy=TILES_REMEDY)
    return position_from_rows(board or [], layout=chosen, tile_set=tile_set or STANDARD_ENGLISH, rack=rack)


@router.post("/plays", summary="Best plays for any rack on any board, with their leaves")
def plays(query: PlaysQuery, found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
    """The first ``top`` plays by score, each as in ``best`` plus its ``leave`` (the tiles
    kept) and, once the engine ranks by equity, its ``equity``; tiles in the position's
    notation.  The lexicon is ``lexicon``, else the CGP's, else the best match for the
    tiles."""
    read = query_position(query.board, query.cgp, query.rack, query.tiles, query.layout)
    assert read.rack is not None  # a rack was given
    words = position_lexicon(found.lexicons, query.lexicon, read)
    options: dict[str, Any] = {"tile_set": read.tile_set}
    if read.bingo_bonus is not None:
        options["bingo_bonus"] = read.bingo_bonus
    moves = get_rules("classic", **options).best_moves(read.board, read.rack, words)
    return plays_json(moves, read.rack, query.top, read.tile_set)
