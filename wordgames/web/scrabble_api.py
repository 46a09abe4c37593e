"""``/api/scrabble/...``: best moves for a CGP position (as the command line gives them),
a position for drawing, and the plays for any rack on any board.

Handlers are plain ``def`` functions: FastAPI runs them in its thread pool, off the event loop.
"""

from __future__ import annotations

import argparse
import functools
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

from fastapi import APIRouter, Depends, Query
from pydantic import BaseModel, Field

from wordgames.cli import scrabble_cmd
from wordgames.cli.common import LexiconChooser
from wordgames.cli.scrabble_cmd import best_json, best_moves_from_args, board_from_args
from wordgames.errors import InvalidArgumentError, LexiconError, WordGamesError
from wordgames.lexicon import Lexicon
from wordgames.scrabble import Board, Rack, TileSet, get_rules, layout_by_name
from wordgames.scrabble.formats.cgp import position_tile_set
from wordgames.web.deps import Services, services
from wordgames.web.lexicons import LexiconRegistry
from wordgames.web.limits import MAX_CGP_CHARS, MAX_RACK_CHARS, MAX_TOP
from wordgames.web.views import board_view, plays_json, tile_values

if TYPE_CHECKING:
    from wordgames.scrabble.formats.cgp import Position

router = APIRouter(prefix="/api/scrabble", tags=["scrabble"])

Cgp = Annotated[str, Query(min_length=1, max_length=MAX_CGP_CHARS, description="a CGP position")]
RackText = Annotated[
    str | None,
    Query(max_length=MAX_RACK_CHARS, description="rack letters, ? for a blank (default: the CGP's)"),
]
LexiconName = Annotated[str | None, Query(max_length=64, description="a lexicon name (GET /api/lexicons)")]


class _OptionsParser(argparse.ArgumentParser):
    """A parser whose errors are raised (a 400 answer), never printed with an exit."""

    def error(self, message: str) -> NoReturn:
        raise InvalidArgumentError(message)


@functools.cache
def _cli_parser() -> argparse.ArgumentParser:
    """The command line's ``scrabble`` group (registered by the CLI's own module), built
    once: the API reads ``best``'s options exactly as the command line does."""
    parser = _OptionsParser(prog="wordgames")
    groups = parser.add_subparsers(dest="group", parser_class=_OptionsParser)
    scrabble_cmd.register(groups)
    return parser


def best_args(cgp: str, top: int = 1, rack: str | None = None) -> argparse.Namespace:
    """The options of ``wordgames scrabble best --cgp CGP --top N [--rack R]``, parsed by the
    command line's own parser (the ``--opt=value`` form, so a value may start with '-')."""
    argv = ["scrabble", "best", f"--cgp={cgp}", f"--top={top}"]
    if rack is not None:
        argv.append(f"--rack={rack}")
    return _cli_parser().parse_args(argv)


def lexicon_chooser(
    lexicons: LexiconRegistry, requested: str | None, tile_set: TileSet | None = None
) -> LexiconChooser:
    """The lexicon a query uses: the one it names, else the one its CGP names (which must be
    offered by this server), else the server's default; read into ``tile_set``'s tiles."""

    def choose(cgp_name: str | None) -> Lexicon:
        if requested or not cgp_name:
            return lexicons.get(requested, tile_set)
        try:
            return lexicons.get(cgp_name, tile_set)
        except WordGamesError:
            raise LexiconError(
                f"the CGP names the lexicon {cgp_name!r}, which this server does not offer "
                f"({', '.join(lexicons.names)}): choose one with lexicon=NAME"
            ) from None

    return choose


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
    the CGP's ``lex`` (when this server offers it), else the server's default."""
    args = best_args(cgp, top, rack)
    tile_set = position_tile_set(cgp_position(cgp)[1].opcodes)  # the CGP's ld (or lex) tiles
    moves, _ = best_moves_from_args(args, lexicon_chooser(found.lexicons, lexicon, tile_set))
    return best_json(moves, top, args.rules, tile_set)


def cgp_position(cgp: str) -> tuple[Board, Position]:
    """The board and position of a CGP, read as ``scrabble best --cgp`` reads it."""
    board, parsed = board_from_args(best_args(cgp))
    assert parsed is not None  # a --cgp query always has its position
    return board, parsed


@router.get("/position", summary="A CGP position, for drawing")
def position(cgp: Cgp) -> dict[str, Any]:
    """The board of a CGP position (see the plays endpoint for its ``text``), the rack of the
    player to move, the scores, the lexicon the CGP names and the values of the tiles its
    ``ld`` (or ``lex``) names, standard English by default."""
    board, parsed = cgp_position(cgp)
    tile_set = position_tile_set(parsed.opcodes)
    return {
        "board": board_view(board, tile_set),
        "rack": tile_set.show(parsed.rack or ""),
        "scores": list(parsed.scores),
        "lexicon": parsed.lexicon,
        "values": tile_values(tile_set),
    }


class PlaysQuery(BaseModel):
    """A board in the plain text form (one row a line, '.' empty, lower case a blank) and a rack."""

    board: list[Annotated[str, Field(max_length=40)]] = Field(max_length=40)
    rack: str = Field(min_length=1, max_length=MAX_RACK_CHARS)
    top: int = Field(default=10, ge=1, le=MAX_TOP)
    lexicon: str | None = Field(default=None, max_length=64)
    layout: str = Field(default="standard", pattern="^(standard|super)$")


@router.post("/plays", summary="Best plays for any rack on any board, with their leaves")
def plays(query: PlaysQuery, found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
    """The first ``top`` plays by score, each as in ``best`` plus its ``leave`` (the tiles
    kept) and, once the engine ranks by equity, its ``equity``."""
    board = Board.from_text("\n".join(query.board), layout_by_name(query.layout), name="the board")
    rack = Rack.parse(query.rack)
    moves = get_rules("classic").best_moves(board, rack, found.lexicons.get(query.lexicon))
    return plays_json(moves, rack, query.top)
