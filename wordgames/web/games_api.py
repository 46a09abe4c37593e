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

from wordgames.errors import InvalidArgumentError
from wordgames.scrabble import Direction, Move, Placement, game_to_gcg
from wordgames.scrabble.strategy.equity import default_leaves, equity_choices
from wordgames.web.deps import Services, services
from wordgames.web.games import DEFAULT_STRATEGY, StoredGame, available_strategies, require_human_turn
from wordgames.web.limits import MAX_RACK_CHARS, MAX_TOP
from wordgames.web.views import board_view, equity_plays_json, tile_values, turn_json

router = APIRouter(prefix="/api/games", tags=["games"])

GameId = Annotated[str, Path(max_length=24, description="the id the game was created with")]


class NewGame(BaseModel):
    """Settings of a new game."""

    lexicon: str | None = Field(default=None, max_length=64)
    strategy: str = Field(default=DEFAULT_STRATEGY, max_length=32)
    seed: int | None = Field(default=None, ge=0, le=2**63)
    computer_first: bool = False


class Tile(BaseModel):
    """One tile put on the board: 0-based square, the letter it shows, whether it is a blank."""

    row: int = Field(ge=0, le=40)
    col: int = Field(ge=0, le=40)
    letter: str = Field(min_length=1, max_length=1, pattern="^[A-Za-z]$")
    blank: bool = False


class Play(BaseModel):
    """A move: the tiles placed (as the page builds it) or a move in notation (``8H WORD``)."""

    tiles: list[Tile] | None = Field(default=None, max_length=MAX_RACK_CHARS)
    notation: str | None = Field(default=None, max_length=40)
    direction: str | None = Field(default=None, pattern="^[AaDdHhVv]$")


class Exchange(BaseModel):
    """The tiles to give back (``?`` for a blank)."""

    tiles: str = Field(min_length=1, max_length=MAX_RACK_CHARS)


def game_state(stored: StoredGame) -> dict[str, Any]:
    """Everything the page draws: board, the person's rack, bag, scores, history."""
    game = stored.game
    you = stored.human_seat
    reveal = set(range(len(game.players))) if game.is_over else {you}
    state: dict[str, Any] = {
        "id": stored.id,
        "lexicon": stored.lexicon,
        "strategy": stored.strategy,
        "board": board_view(game.board),
        "values": tile_values(game.settings.tile_set),
        "rack": game.players[you].rack.tiles(),
        "bag": len(game.bag),
        "players": [
            {"name": p.name, "score": p.score, "computer": p.is_computer, "tiles": len(p.rack)}
            for p in game.players
        ],
        "you": you,
        "to_move": game.current,
        "can_exchange": game.can_exchange and game.current == you,
        "over": game.is_over,
        "end_reason": game.end_reason,
        "winners": [p.name for p in game.winners()] if game.is_over else [],
        "history": [turn_json(game, index, reveal) for index in range(len(game.history))],
    }
    if game.is_over:
        state["racks"] = {p.name: str(p.rack) for p in game.players}
    return state


def _after_human_turn(found: Services, stored: StoredGame) -> dict[str, Any]:
    stored.game.play_out()
    found.games.save(stored)
    return game_state(stored)


@router.get("/strategies", summary="The computer strategies a game can use")
def strategies() -> dict[str, list[str]]:
    """The strategy names registered with the engine, the default first."""
    return {"strategies": available_strategies()}


@router.post("", summary="Start a game against the computer")
def create(settings: NewGame, found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
    """A new game (the computer moves first if asked); keep the returned ``id``."""
    if settings.strategy not in available_strategies():
        raise InvalidArgumentError(
            f"unknown strategy {settings.strategy!r} (choose from {', '.join(available_strategies())})"
        )
    stored = found.games.new(settings.lexicon, settings.strategy, settings.seed, settings.computer_first)
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
        if move.tiles:
            placements = [Placement(t.row, t.col, t.letter.upper(), t.blank) for t in move.tiles]
            direction = Direction.parse(move.direction) if move.direction else None
            game.place(Move.from_placements(game.board, placements, direction))
        elif move.notation:
            game.place(move.notation)
        else:
            raise InvalidArgumentError("a move needs tiles or a notation")
        return _after_human_turn(found, stored)


@router.post("/{game_id}/exchange", summary="Exchange tiles, then the computer replies")
def exchange(
    game_id: GameId, tiles: Exchange, found: Annotated[Services, Depends(services)]
) -> dict[str, Any]:
    """Give ``tiles`` back to the bag and draw as many."""
    stored = found.games.get(game_id)
    with stored.lock:
        require_human_turn(stored)
        stored.game.exchange(tiles.tiles)
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
        return equity_plays_json(equity_choices(game.situation(), default_leaves(game.lexicon)), top)


@router.get("/{game_id}/gcg", summary="The game as a GCG file", response_class=PlainTextResponse)
def gcg(game_id: GameId, found: Annotated[Services, Depends(services)]) -> PlainTextResponse:
    """The game record in GCG, as a download."""
    stored = found.games.get(game_id)
    with stored.lock:
        text = game_to_gcg(stored.game, title=f"wordgames web game {stored.id}")
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="wordgames-{stored.id}.gcg"'}
    )
