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
from wordgames.wordsearch.dice import DICE_SET_NAMES, dice_set, dice_side, fold_accents
from wordgames.wordsearch.scoring import scoring_names

router = APIRouter(prefix="/api/boggle", tags=["boggle"])

BoardText = Annotated[
    str | None,
    Query(max_length=MAX_BOGGLE_BOARD_CHARS, description='rows separated by "/", e.g. EECA/ALEP/HNBO/QTTY'),
]
Minimum = Annotated[int, Query(ge=1, le=MAX_BOGGLE_SIDE**2, description="minimum word length")]
LexiconName = Annotated[str | None, Query(max_length=64, description="a lexicon name (GET /api/lexicons)")]
Scoring = Annotated[str | None, Query(max_length=32, description="scoring scheme")]


DiceSet = Annotated[str | None, Query(max_length=32, description="a dice set (GET /api/boggle/options)")]
Fold = Annotated[bool, Query(description="read the lexicon without accents (dice that show none)")]

MAX_CELL_LETTERS = 2
"""The most letters one square shows (a die's ``QU``)."""


def board_from_text(text: str | None) -> Board:
    """The board ``text`` describes (the default board for None): 2 to MAX_BOGGLE_SIDE
    squares a side, each square one letter or a die's two-letter face (``QU``)."""
    board = DEFAULT_BOARD if text is None else parse_board(text)
    if board.rows > MAX_BOGGLE_SIDE or board.columns > MAX_BOGGLE_SIDE:
        raise InvalidArgumentError(f"a board has at most {MAX_BOGGLE_SIDE} squares a side")
    if board.rows < 2 or board.columns < 2:
        raise InvalidArgumentError("a board has at least 2 squares a side (rows separated by '/')")
    long = next((cell for row in board.grid() for cell in row if len(cell) > MAX_CELL_LETTERS), None)
    if long is not None:
        raise InvalidArgumentError(
            f"a square shows one letter or a die's two-letter face such as QU, not {long[:20]!r}"
        )
    return board


def make_game(
    found: Services, board: Board, lexicon: str | None, scoring: str | None, fold: bool = False
) -> BoggleGame:
    """An engine on ``board`` with the named lexicon (already in memory; without accents
    when ``fold``) and scoring."""
    options = {"scoring": scoring} if scoring else {}
    words = found.lexicons.folded(lexicon) if fold else found.lexicons.get(lexicon)
    game = create_game(found.lexicons.backend, lexicon=words, **options)
    game.set_board(board)
    return game


@router.get("/solve", summary="Every word on a board (as `wordgames boggle solve --json`)")
def solve(
    found: Annotated[Services, Depends(services)],
    board: BoardText = None,
    minimum: Annotated[int, Query(alias="min", ge=1, le=MAX_BOGGLE_SIDE**2)] = DEFAULT_MINIMUM,
    lexicon: LexiconName = None,
    scoring: Scoring = None,
    fold: Fold = False,
) -> dict[str, Any]:
    """The board, every scorable word with its path (row-major cell indices) and score, and
    the total: the same JSON as ``wordgames boggle solve --board B --json``."""
    grid = board_from_text(board)
    game = make_game(found, grid, lexicon, scoring, fold)
    return solution_json(grid, game.scored_words(minimum))


@router.get("/board", summary="Check a typed board before playing it")
def board(text: Annotated[str, Query(min_length=1, max_length=MAX_BOGGLE_BOARD_CHARS)]) -> dict[str, Any]:
    """The board ``text`` describes, as the roll gives it (``board`` rows of squares and the
    ``text`` form), or a 400 error saying why it cannot be played."""
    grid = board_from_text(text)
    return {"board": grid.grid(), "text": grid.to_text()}


@router.get("/options", summary="The scoring schemes and dice sets a round can use")
def options() -> dict[str, Any]:
    """The scoring schemes (the default first) and the dice sets with their board sides."""
    return {
        "scoring": scoring_names(),
        "dice": {name: dice_side(faces) for name, faces in DICE_SET_NAMES.items()},
    }


@router.get("/roll", summary="A random board from the real dice")
def roll(
    size: Annotated[int | None, Query(ge=2, le=MAX_BOGGLE_SIDE)] = None,
    seed: Annotated[int | None, Query(ge=0, le=2**63)] = None,
    dice: DiceSet = None,
) -> dict[str, Any]:
    """A board rolled from ``dice`` (a set's name, at its own size unless ``size`` says
    otherwise), else a ``size`` x ``size`` board (4 by default) from the dice set of that
    size (4: classic, 5: Big Boggle, 6: Super Big Boggle; other sizes use the classic dice),
    with its seed."""
    seed = secrets.randbelow(10**9) if seed is None else seed
    if size is None:
        size = dice_side(dice_set(dice)) if dice is not None else 4
    board = roll_board(size, size, seed, dice=dice)
    return {"board": board.grid(), "text": board.to_text(), "seed": seed, "dice": dice}


@router.get("/check", summary="Judge one word typed during a round")
def check(
    found: Annotated[Services, Depends(services)],
    word: Annotated[str, Query(min_length=1, max_length=MAX_WORD_CHARS)],
    board: BoardText = None,
    minimum: Annotated[int, Query(alias="min", ge=1, le=MAX_BOGGLE_SIDE**2)] = DEFAULT_MINIMUM,
    lexicon: LexiconName = None,
    scoring: Scoring = None,
    fold: Fold = False,
) -> dict[str, Any]:
    """The verdict on ``word``: ``accepted`` (with its points and path), ``too short``,
    ``not in the lexicon`` or ``not on the board``.  Which words were already found is the
    page's business, so the server keeps no state per round."""
    game = make_game(found, board_from_text(board), lexicon, scoring, fold)
    result = PlaySession(game, minimum).guess(fold_accents(word) if fold else word)
    accepted = result.verdict.value == "accepted"
    return {
        "word": result.word,
        "verdict": result.verdict.value,
        "points": result.points,
        "path": game.is_on_board(result.word) if accepted else [],
    }
