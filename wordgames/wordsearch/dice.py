"""Board generation from the real Boggle dice, reproducible from a seed.

Four published dice sets: the classic 4 x 4 game (the 1992 set, one face ``QU``), Big Boggle
5 x 5 (25 dice), Super Big Boggle 6 x 6 (36 dice, with a die of six two-letter faces and a
die whose three blank faces block their cell, written ``#``) and the French-language 4 x 4
game; and a German 4 x 4 set written for this project (chosen by name: ``--dice french``,
``--dice german``).  Rolling shuffles the dice into the grid and picks one face of each, as
shaking the tray does.  Boards of any other shape use as many shuffled copies of the set
(by default the classic one) as they need.

:func:`fold_accents` reads a word list for dice without accents (the French set).
"""

from __future__ import annotations

import math
import random
import secrets
import unicodedata
from collections.abc import Sequence

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.wordsearch.board import Board, check_shape, check_side, normalize_cell, parse_board

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

FRENCH_DICE = _dice(
    "ETUKNO", "EVGTIN", "DECAMP", "IELRUW", "EHIFSE", "RECALS", "ENTDOS", "OFXRIA",
    "NAVEDZ", "EIOATA", "GLENYU", "BMAQJO", "TLIBRA", "SPULTE", "AIMSOR", "ENHRIS",
)  # fmt: skip
"""The 16 dice of the French-language Boggle (4 x 4; the set European editions share, in
which Q is a face of its own, not QU).  Accents are not written on the dice: a French word
list is searched with its accents removed."""

GERMAN_DICE = _dice(
    "EENSIT", "EERNAD", "EEHSLU", "EEIRTM", "ESNGAO", "EEDRCK", "ENIRSH", "ENTAUB",
    "NIASTL", "NDHUGÄ", "ISRTOÖ", "ANRLWÜ", "IDSHFM", "ETUCPZ", "NAIBVJ", "EA[QU]RTN",
)  # fmt: skip
"""16 dice for German boards (4 x 4), written for this project from German letter frequencies
(the counts the German crossword game's 102 tiles publish, scaled to 96 faces): E 15, N 10,
A I R S T 7 each, D H U 4, L 3, B C G M O 2, one each of F J K P V W Z, ``Ä``, ``Ö``, ``Ü``
and ``QU`` (German writes Q only before U).  No X, Y or ``ß``: a word with ``ß`` reads as
``SS`` (a word list's words are upper-cased as Python does), which the dice can show."""

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


def dice_side(dice: Sequence[Die]) -> int:
    """The side of the square board a dice set fills (4 when its size is not a square)."""
    side = math.isqrt(len(dice))
    return side if side * side == len(dice) else 4


def roll_board(
    rows: int = 4, columns: int | None = None, seed: int | str | None = None, dice: object = None
) -> Board:
    """A board of ``rows`` x ``columns`` (default square) rolled from the matching dice set,
    or from ``dice`` (a set's name or the dice themselves, see :func:`check_dice`).

    The same seed always gives the same board; ``seed=None`` draws a fresh one.  Sides are
    1..:data:`~wordgames.wordsearch.board.MAX_WORDSEARCH_SIDE` and the board at most
    :data:`~wordgames.limits.MAX_WORDSEARCH_CELLS` cells (InvalidArgumentError beyond,
    before anything is allocated; InvalidArgumentTypeError for a non-int).
    Cost: O(rows * columns).
    """
    rows = check_side(rows, "rows")
    columns = rows if columns is None else check_side(columns, "columns")
    check_shape(rows, columns)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
        raise InvalidArgumentTypeError(f"seed must be an int, a str or None, not {type(seed).__name__}")
    if isinstance(seed, str) and _not_utf8(seed):
        raise InvalidArgumentError(f"a seed is text UTF-8 can write, not {seed!r:.40}")
    chosen = dice_for(rows, columns) if dice is None else check_dice(dice)
    return roll_with(chosen, rows, columns, random.Random(seed))


def _not_utf8(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (which ``random.Random`` cannot hash)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def roll_with(dice: Sequence[Die], rows: int, columns: int, rng: random.Random) -> Board:
    """A ``rows`` x ``columns`` board rolled from ``dice`` with ``rng``: the dice shuffled
    into the grid (as many shuffled copies of the set as the board needs), one face each."""
    count = rows * columns
    pool: list[Die] = []
    while len(pool) < count:
        batch = list(dice)
        rng.shuffle(batch)
        pool.extend(batch)
    return Board.from_cells([rng.choice(die) for die in pool[:count]], columns=columns)


DICE_SET_NAMES: dict[str, tuple[Die, ...]] = {
    "classic": CLASSIC_DICE,
    "big": BIG_BOGGLE_DICE,
    "super-big": SUPER_BIG_BOGGLE_DICE,
    "french": FRENCH_DICE,
    "german": GERMAN_DICE,
}
"""The dice sets by name (``--dice classic|big|super-big|french|german``)."""


def dice_set(name: object) -> tuple[Die, ...]:
    """The dice set called ``name``; InvalidArgumentError for an unknown name."""
    if not isinstance(name, str):
        raise InvalidArgumentTypeError(f"a dice set name must be a string, not {type(name).__name__}")
    try:
        return DICE_SET_NAMES[name]
    except KeyError:
        raise InvalidArgumentError(
            f"unknown dice set {name!r} (choose from {', '.join(DICE_SET_NAMES)})"
        ) from None


def check_dice(dice: object) -> tuple[Die, ...]:
    """A dice set given by name or as dice (sequences of face strings), normalized; TypeError
    and ValueError subclasses for anything else, an empty set or a die without faces."""
    if isinstance(dice, str):
        return dice_set(dice)
    if not isinstance(dice, Sequence) or any(
        isinstance(die, str) or not isinstance(die, Sequence) for die in dice
    ):
        raise InvalidArgumentTypeError(
            "dice must be a set's name or a sequence of dice (face sequences)"
        )
    checked = tuple(
        tuple(normalize_cell(face, index) for index, face in enumerate(die)) for die in dice
    )
    if not checked or not all(checked):
        raise InvalidArgumentError("a dice set needs at least one die, each with a face")
    return checked


# Letters that do not decompose into a letter and accents, and what they fold to.
_LIGATURES = {"Œ": "OE", "Æ": "AE", "œ": "oe", "æ": "ae"}


def fold_accents(word: str) -> str:
    """``word`` without accents: ``ÉTÉ`` -> ``ETE``, ``Ç`` -> ``C``, ``Œ`` -> ``OE``, as the
    French dice (which show none) play.  Letters keep their case; anything that is not an
    accented letter is kept as it is.  Cost: O(len(word))."""
    if word.isascii():
        return word
    decomposed = unicodedata.normalize("NFD", "".join(_LIGATURES.get(char, char) for char in word))
    return "".join(char for char in decomposed if not unicodedata.combining(char))
