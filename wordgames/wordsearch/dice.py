"""Board generation from the real Boggle dice, reproducible from a seed.

Three published dice sets: the classic 4 x 4 game (the 1992 set, one face ``QU``), Big Boggle
5 x 5 (25 dice) and Super Big Boggle 6 x 6 (36 dice, with a die of six two-letter faces and a
die whose three blank faces block their cell, written ``#``).  Rolling shuffles the dice into
the grid and picks one face of each, as shaking the tray does.  Boards of any other shape use
as many shuffled copies of the classic set as they need.
"""

from __future__ import annotations

import random
import secrets

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.wordsearch.board import Board, parse_board

Die = tuple[str, ...]


def _dice(*specs: str) -> tuple[Die, ...]:
    """Dice from face strings in board-row syntax (``"HIMN[QU]U"``: six faces, one is QU)."""
    return tuple(parse_board(spec).cells for spec in specs)


CLASSIC_DICE = _dice(
    "AAEEGN", "ABBJOO", "ACHOPS", "AFFKPS", "AOOTTW", "CIMOTU", "DEILRX", "DELRVY",
    "DISTTY", "EEGHNW", "EEINSU", "EHRTVW", "EIOSST", "ELRTTY", "HIMN[QU]U", "HLNNRZ",
)  # fmt: skip
"""The 16 dice of classic Boggle (1992 set)."""

BIG_BOGGLE_DICE = _dice(
    "AAAFRS", "AAEEEE", "AAFIRS", "ADENNN", "AEEEEM", "AEEGMU", "AEGMNN", "AFIRSY",
    "BJK[QU]XZ", "CCNSTW", "CEIILT", "CEILPT", "CEIPST", "DDLNOR", "DHHLOR", "DHHNOT",
    "DHLNOR", "EIIITT", "EMOTTT", "ENSSSU", "FIPRSY", "GORRVW", "HIPRRY", "NOOTUW", "OOOTTU",
)  # fmt: skip
"""The 25 dice of Big Boggle (5 x 5)."""

SUPER_BIG_BOGGLE_DICE = _dice(
    "AAAFRS", "AAEEEE", "AAEEOO", "AAFIRS", "ABDEIO", "ADENNN", "AEEEEM", "AEEGMU", "AEGMNN",
    "AEILMN", "AEINOU", "AFIRSY", "[AN][ER][HE][IN][QU][TH]", "BBJKXZ", "CCENST", "CDDLNN",
    "CEIITT", "CEIPST", "CFGNUY", "DDHNOT", "DHHLOR", "DHHNOW", "DHLNOR", "EHILRS", "EIILST",
    "EILPST", "EIO###", "EMTTTO", "ENSSSU", "GORRVW", "HIRSTV", "HOPRST", "IPRSYY",
    "JK[QU]WXZ", "NOOTUW", "OOOTTU",
)  # fmt: skip
"""The 36 dice of Super Big Boggle (6 x 6); ``#`` is a blank, blocking face."""

DICE_SETS: dict[int, tuple[Die, ...]] = {
    4: CLASSIC_DICE,
    5: BIG_BOGGLE_DICE,
    6: SUPER_BIG_BOGGLE_DICE,
}
"""The dice set of each square size that has one."""


def dice_for(rows: int, columns: int) -> tuple[Die, ...]:
    """The dice set a rows x columns board is rolled from (see the module docstring)."""
    if rows == columns and rows in DICE_SETS:
        return DICE_SETS[rows]
    return CLASSIC_DICE


def new_seed() -> int:
    """A fresh random seed, for callers that want to show the seed of a random board."""
    return secrets.randbelow(10**9)


def _check_dimension(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentTypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 1:
        raise InvalidArgumentError(f"{name} must be at least 1, not {value}")
    return value


def roll_board(rows: int = 4, columns: int | None = None, seed: int | None = None) -> Board:
    """A board of ``rows`` x ``columns`` (default square) rolled from the matching dice set.

    The same seed always gives the same board; ``seed=None`` draws a fresh one.
    Cost: O(rows * columns).
    """
    rows = _check_dimension(rows, "rows")
    columns = rows if columns is None else _check_dimension(columns, "columns")
    rng = random.Random(seed)
    pool = dice_for(rows, columns)
    count = rows * columns
    dice: list[Die] = []
    while len(dice) < count:
        batch = list(pool)
        rng.shuffle(batch)
        dice.extend(batch)
    return Board.from_cells([rng.choice(die) for die in dice[:count]], columns=columns)
