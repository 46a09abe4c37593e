"""``/api/boggle/...``: solve a board, roll one, judge a word typed during a round.

Every handler is a plain ``def``, so FastAPI runs it in its thread pool, off the event loop.
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query

from wordgames.errors import InvalidArgumentError
from wordgames.serialization.boggle import DEFAULT_MINIMUM, solution_json
from wordgames.web.deps import Services, services
from wordgames.web.limits import MAX_BOGGLE_BOARD_CHARS, MAX_BOGGLE_SIDE, MAX_WORD_CHARS
from wordgames.wordsearch import (
    DEFAULT_BOARD,
    Board,
    BoggleGame,
    PlaySession,
    create_game,
    parse_board,
    roll_board,
)

router = APIRouter(prefix="/api/boggle", tags=["boggle"])

BoardText = Annotated[
    str | None,
    Query(max_length=MAX_BOGGLE_BOARD_CHARS, description='rows separated by "/", e.g. EECA/ALEP/HNBO/QTTY'),
]
Minimum = Annotated[int, Query(ge=1, le=MAX_BOGGLE_SIDE**2, description="minimum word length")]
LexiconName = Annotated[str | None, Query(max_length=64, description="a lexicon name (GET /api/lexicons)")]
Scoring = Annotated[str | None, Query(max_length=32, description="scoring scheme")]


def board_from_text(text: str | None) -> Board:
    """The board ``text`` describes (the default board for None), at most
    MAX_BOGGLE_SIDE squares a side."""
    board = DEFAULT_BOARD if text is None else parse_board(text)
    if board.rows > MAX_BOGGLE_SIDE or board.columns > MAX_BOGGLE_SIDE:
        raise InvalidArgumentError(f"a board has at most {MAX_BOGGLE_SIDE} squares a side")
    return board


def make_game(found: Services, board: Board, lexicon: str | None, scoring: str | None) -> BoggleGame:
    """An engine on ``board`` with the named lexicon (already in memory) and scoring."""
    options = {"scoring": scoring} if scoring else {}
    game = create_game(found.lexicons.backend, lexicon=found.lexicons.get(lexicon), **options)
    game.set_board(board)
    return game


@router.get("/solve", summary="Every word on a board (as `wordgames boggle solve --json`)")
def solve(
    found: Annotated[Services, Depends(services)],
    board: BoardText = None,
    minimum: Annotated[int, Query(alias="min", ge=1, le=MAX_BOGGLE_SIDE**2)] = DEFAULT_MINIMUM,
    lexicon: LexiconName = None,
    scoring: Scoring = None,
) -> dict[str, Any]:
    """The board, every scorable word with its path (row-major cell indices) and score, and
    the total: the same JSON as ``wordgames boggle solve --board B --json``."""
    grid = board_from_text(board)
    game = make_game(found, grid, lexicon, scoring)
    return solution_json(grid, game.scored_words(minimum))


@router.get("/roll", summary="A random board from the real dice")
def roll(
    size: Annotated[int, Query(ge=2, le=MAX_BOGGLE_SIDE)] = 4,
    seed: Annotated[int | None, Query(ge=0, le=2**63)] = None,
) -> dict[str, Any]:
    """A ``size`` x ``size`` board rolled from the dice set of that size (4: classic,
    5: Big Boggle, 6: Super Big Boggle; other sizes use the classic dice), with its seed."""
    seed = secrets.randbelow(10**9) if seed is None else seed
    board = roll_board(size, size, seed)
    return {"board": board.grid(), "text": board.to_text(), "seed": seed}


@router.get("/check", summary="Judge one word typed during a round")
def check(
    found: Annotated[Services, Depends(services)],
    word: Annotated[str, Query(min_length=1, max_length=MAX_WORD_CHARS)],
    board: BoardText = None,
    minimum: Annotated[int, Query(alias="min", ge=1, le=MAX_BOGGLE_SIDE**2)] = DEFAULT_MINIMUM,
    lexicon: LexiconName = None,
    scoring: Scoring = None,
) -> dict[str, Any]:
    """The verdict on ``word``: ``accepted`` (with its points and path), ``too short``,
    ``not in the lexicon`` or ``not on the board``.  Which words were already found is the
    page's business, so the server keeps no state per round."""
    game = make_game(found, board_from_text(board), lexicon, scoring)
    result = PlaySession(game, minimum).guess(word)
    accepted = result.verdict.value == "accepted"
    return {
        "word": result.word,
        "verdict": result.verdict.value,
        "points": result.points,
        "path": game.is_on_board(result.word) if accepted else [],
    }
