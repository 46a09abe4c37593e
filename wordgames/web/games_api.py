"""``/api/games/...``: a Scrabble game of the person at the browser against the computer.

After each of the person's turns the computer plays at once; the answer is the new state of
the game, whose ``history`` shows the computer's move.  Handlers are plain ``def`` functions
(run in the thread pool); each takes the game's lock.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field

from wordgames.errors import InvalidArgumentError, WordGamesError
from wordgames.scrabble import Direction, Move, Placement, TileSet, game_to_gcg
from wordgames.scrabble.core.scoring import END_RULES
from wordgames.scrabble.strategy.equity import default_leaves, equity_choices
from wordgames.serialization.games import game_json
from wordgames.serialization.moves import hints_json
from wordgames.web.deps import Services, services
from wordgames.web.games import (
    DEFAULT_END_RULE,
    DEFAULT_STRATEGY,
    DEFAULT_TILES,
    HUMAN,
    NewGameSettings,
    StoredGame,
    available_strategies,
    require_human_turn,
    strategy_description,
    strategy_label,
)
from wordgames.web.limits import MAX_RACK_CHARS, MAX_TOP

router = APIRouter(prefix="/api/games", tags=["games"])

GameId = Annotated[str, Path(max_length=24, description="the id the game was created with")]


class NewGame(BaseModel):
    """Settings of a new game: the lexicon (default: the best match for the tiles), the
    computer's strategy, the tile distribution, the end rule (``tournament`` or ``usc``), a
    seed, and whether the computer moves first."""

    lexicon: str | None = Field(default=None, max_length=64)
    strategy: str = Field(default=DEFAULT_STRATEGY, max_length=32)
    tiles: str = Field(default=DEFAULT_TILES, max_length=32)
    end_rule: str = Field(default=DEFAULT_END_RULE, max_length=16)
    seed: int | None = Field(default=None, ge=0, le=2**63)
    computer_first: bool = False


class Tile(BaseModel):
    """One tile put on the board: 0-based square, the tile it shows as written (``A``,
    ``Ä``, ``CH``, ``L·L``), whether it is a blank."""

    row: int = Field(ge=0, le=40)
    col: int = Field(ge=0, le=40)
    letter: str = Field(min_length=1, max_length=4, pattern=r"^[^\s\[\]?0-9.]+$")
    blank: bool = False


class Play(BaseModel):
    """A move: the tiles placed (as the page builds it) or a move in notation (``8H WORD``)."""

    tiles: list[Tile] | None = Field(default=None, max_length=MAX_RACK_CHARS)
    notation: str | None = Field(default=None, max_length=40)
    direction: str | None = Field(default=None, pattern="^[AaDdHhVv]$")


class Exchange(BaseModel):
    """The tiles to give back (``?`` for a blank)."""

    tiles: str = Field(min_length=1, max_length=MAX_RACK_CHARS)


def read_tile(written: str, tile_set: TileSet) -> str:
    """The tile a page writes (``A``, ``Ä``, ``CH``, ``L·L``, any case) as the engine's tile
    (upper case: a blank is marked apart); InvalidArgumentError when the set has none such."""
    read = tile_set.read(written if len(written) == 1 else f"[{written}]")
    if len(read) != 1:
        raise InvalidArgumentError(f"{written!r} is not one tile")
    return read.upper()


def game_state(stored: StoredGame) -> dict[str, Any]:
    """Everything the page draws (:func:`wordgames.serialization.games.game_json` from the
    person's seat), with the game's id, lexicon and computer strategy."""
    return {"id": stored.id, "lexicon": stored.lexicon, "strategy": stored.strategy,
            **game_json(stored.game, stored.human_seat)}


def _yours(error: WordGamesError) -> WordGamesError:
    """The engine's message about the person's rack, addressed to them ("your rack")."""
    return type(error)(str(error).replace(f"{HUMAN}'s rack", "your rack"))


def _after_human_turn(found: Services, stored: StoredGame) -> dict[str, Any]:
    stored.game.play_out()
    found.games.save(stored)
    return game_state(stored)


@router.get("/strategies", summary="The computer strategies a game can use")
def strategies() -> dict[str, Any]:
    """The strategy names registered with the engine (every level, and any player the engine
    registers later), the default first, each with how a page names it and what it plays."""
    names = available_strategies()
    return {
        "strategies": names,
        "default": DEFAULT_STRATEGY,
        "labels": {name: strategy_label(name) for name in names},
        "descriptions": {name: strategy_description(name) for name in names},
        "end_rules": list(END_RULES),
        "default_end_rule": DEFAULT_END_RULE,
    }


@router.get("", summary="The games saved on this server, newest first")
def listed(found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
    """A summary of each recently saved game (id, lexicon, tiles, players and scores, over or
    not, turns, when saved), to resume one."""
    return {"games": found.games.recent()}


@router.post("", summary="Start a game against the computer")
def create(settings: NewGame, found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
    """A new game (the computer moves first if asked); keep the returned ``id``."""
    chosen = NewGameSettings(settings.lexicon, settings.strategy, settings.seed, settings.computer_first,
                             settings.tiles, settings.end_rule)
    stored = found.games.new(chosen)
    with stored.lock:
        return game_state(stored)


@router.get("/{game_id}", summary="The state of a game")
def show(game_id: GameId, found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
    """The game as the person sees it (the computer's rack stays hidden until the end)."""
    stored = found.games.get(game_id)
    with stored.lock:
        return game_state(stored)


@router.post("/{game_id}/play", summary="Place a move, then the computer replies")
def play(game_id: GameId, move: Play, found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
    """Play the person's move (tiles, or notation such as ``8H WORD``); an illegal move is a
    400 error saying why, and changes nothing."""
    stored = found.games.get(game_id)
    with stored.lock:
        require_human_turn(stored)
        game = stored.game
        tile_set = game.settings.tile_set
        try:
            if move.tiles:
                placements = [
                    Placement(t.row, t.col, read_tile(t.letter, tile_set), t.blank) for t in move.tiles
                ]
                direction = Direction.parse(move.direction) if move.direction else None
                game.place(Move.from_placements(game.board, placements, direction))
            elif move.notation:
                game.place(move.notation)
            else:
                raise InvalidArgumentError("a move needs tiles or a notation")
        except WordGamesError as error:
            raise _yours(error) from None
        return _after_human_turn(found, stored)


@router.post("/{game_id}/exchange", summary="Exchange tiles, then the computer replies")
def exchange(
    game_id: GameId, tiles: Exchange, found: Annotated[Services, Depends(services)]
) -> dict[str, Any]:
    """Give ``tiles`` back to the bag and draw as many."""
    stored = found.games.get(game_id)
    with stored.lock:
        require_human_turn(stored)
        try:
            stored.game.exchange(stored.game.settings.tile_set.parse_rack(tiles.tiles).tiles())
        except WordGamesError as error:
            raise _yours(error) from None
        return _after_human_turn(found, stored)


@router.post("/{game_id}/pass", summary="Pass, then the computer replies")
def pass_turn(game_id: GameId, found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
    """Pass the turn."""
    stored = found.games.get(game_id)
    with stored.lock:
        require_human_turn(stored)
        stored.game.pass_turn()
        return _after_human_turn(found, stored)


@router.get("/{game_id}/hints", summary="The best plays for the person's rack")
def hints(
    game_id: GameId,
    found: Annotated[Services, Depends(services)],
    top: Annotated[int, Query(ge=1, le=MAX_TOP)] = 5,
) -> dict[str, Any]:
    """The first ``top`` plays by equity (the shipped leave table for ENABLE, every leave 0
    for a lexicon without one), each with its leave, leave value and equity."""
    stored = found.games.get(game_id)
    with stored.lock:
        require_human_turn(stored)
        game = stored.game
        return hints_json(equity_choices(game.situation(), default_leaves(game.lexicon)), top,
                          game.settings.tile_set)


@router.get("/{game_id}/gcg", summary="The game as a GCG file", response_class=PlainTextResponse)
def gcg(game_id: GameId, found: Annotated[Services, Depends(services)]) -> PlainTextResponse:
    """The game record in GCG, as a download."""
    stored = found.games.get(game_id)
    with stored.lock:
        text = game_to_gcg(stored.game, title=f"wordgames web game {stored.id}")
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="wordgames-{stored.id}.gcg"'}
    )
