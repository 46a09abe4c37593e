"""The boards a best-board search may visit, the moves between them, and board symmetry.

Two spaces:

* :class:`LetterSpace`: any letter of an alphabet in any cell; a move changes one cell's
  letter or swaps two cells holding different letters.
* :class:`DiceSpace`: only boards a dice set can roll; a move turns one die to another face or
  swaps two dice.  When the set has more dice than the board has cells (copies of the classic
  set for odd shapes), the dice beyond the board wait off it and a swap may bring one in.

A state is a mutable list; ``propose`` returns a new state and leaves the old one alone,
so the search can keep or drop the move.  Boards that are rotations or reflections of each
other score the same: :func:`symmetries` and :func:`canonical` let the search treat them as
one board.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.wordsearch.board import normalize_cell
from wordgames.wordsearch.dice import Die

Cells = tuple[str, ...]


class BoardSpace(Protocol):
    """What the search needs from a space of boards."""

    def random_state(self, rng: random.Random) -> list[object]:
        """A random starting state."""

    def propose(self, state: list[object], rng: random.Random) -> list[object]:
        """A new state one random move away from ``state`` (which is left unchanged)."""

    def cells(self, state: list[object]) -> Cells:
        """The board's cells, row-major, for a state."""


class LetterSpace:
    """Every board over ``alphabet`` (cell strings such as ``"E"`` or ``"QU"``).

    New letters are drawn with ``weights`` (default: uniform), so a search can favour the
    letters words use most without ever excluding the others."""

    def __init__(
        self,
        cell_count: int,
        alphabet: Sequence[str],
        weights: Sequence[float] | None = None,
        swap_probability: float = 0.3,
    ) -> None:
        """A space of ``cell_count``-cell boards; InvalidArgumentError for an empty alphabet
        or weights that do not match it."""
        letters = check_alphabet(alphabet)
        if weights is None:
            weights = [1.0] * len(letters)
        if len(weights) != len(letters) or any(not weight > 0 for weight in weights):
            raise InvalidArgumentError("alphabet weights must be positive, one per letter")
        self.cell_count = cell_count
        self.alphabet = letters
        self._cumulative: list[float] = []
        total = 0.0
        for weight in weights:
            total += weight
            self._cumulative.append(total)
        self.swap_probability = swap_probability if len(letters) > 1 else 1.0

    def _letter(self, rng: random.Random) -> str:
        return rng.choices(self.alphabet, cum_weights=self._cumulative)[0]

    def random_state(self, rng: random.Random) -> list[object]:
        """Each cell drawn independently with the letter weights."""
        return [self._letter(rng) for _ in range(self.cell_count)]

    def propose(self, state: list[object], rng: random.Random) -> list[object]:
        """Swap two cells with different letters, or change one cell to another letter."""
        new = list(state)
        count = self.cell_count
        if count > 1 and rng.random() < self.swap_probability:
            for _ in range(8):  # a board of one repeated letter has no useful swap
                first, second = rng.randrange(count), rng.randrange(count)
                if new[first] != new[second]:
                    new[first], new[second] = new[second], new[first]
                    return new
        if len(self.alphabet) > 1:
            cell = rng.randrange(count)
            letter = self._letter(rng)
            while letter == new[cell]:
                letter = self._letter(rng)
            new[cell] = letter
        return new

    def cells(self, state: list[object]) -> Cells:
        """The state itself, as a tuple."""
        return tuple(state)  # type: ignore[arg-type]


class DiceSpace:
    """Every board ``dice`` can roll into ``cell_count`` cells.

    A state is ``[order, faces]``: ``order`` a permutation of the dice (the first
    ``cell_count`` are on the board, row-major), ``faces[d]`` the face die ``d`` shows."""

    def __init__(self, cell_count: int, dice: Sequence[Die], swap_probability: float = 0.3) -> None:
        """InvalidArgumentError when there are fewer dice than cells."""
        if len(dice) < cell_count:
            raise InvalidArgumentError(f"{len(dice)} dice cannot fill {cell_count} cells")
        self.cell_count = cell_count
        self.dice = [tuple(die) for die in dice]
        self.swap_probability = swap_probability

    def random_state(self, rng: random.Random) -> list[object]:
        """The dice shaken into the tray, as :func:`~wordgames.wordsearch.dice.roll_board`
        does."""
        order = list(range(len(self.dice)))
        rng.shuffle(order)
        faces = [rng.randrange(len(die)) for die in self.dice]
        return [order, faces]

    def propose(self, state: list[object], rng: random.Random) -> list[object]:
        """Swap two dice (one may be off the board), or turn one board die to another face."""
        order: list[int] = list(state[0])  # type: ignore[call-overload]
        faces: list[int] = state[1]  # type: ignore[assignment]
        if rng.random() < self.swap_probability:
            first = rng.randrange(self.cell_count)
            second = rng.randrange(len(order) - 1)
            second += second >= first  # any other position
            order[first], order[second] = order[second], order[first]
            return [order, faces]
        die = order[rng.randrange(self.cell_count)]
        sides = self.dice[die]
        current = sides[faces[die]]
        choices = [index for index, face in enumerate(sides) if face != current]
        if choices:
            faces = list(faces)
            faces[die] = rng.choice(choices)
        return [order, faces]

    def cells(self, state: list[object]) -> Cells:
        """The faces shown by the dice on the board."""
        order: list[int] = state[0]  # type: ignore[assignment]
        faces: list[int] = state[1]  # type: ignore[assignment]
        dice = self.dice
        return tuple(dice[die][faces[die]] for die in order[: self.cell_count])


def check_alphabet(alphabet: object) -> tuple[str, ...]:
    """Distinct, normalized cell strings (upper case); TypeError/ValueError subclasses for a
    non-sequence, a non-string letter or an empty alphabet."""
    if isinstance(alphabet, str) or not isinstance(alphabet, Sequence):
        raise InvalidArgumentTypeError(
            f"the alphabet must be a sequence of cell strings, not {type(alphabet).__name__}"
        )
    letters = tuple(dict.fromkeys(normalize_cell(letter, index) for index, letter in enumerate(alphabet)))
    if not letters:
        raise InvalidArgumentError("the alphabet is empty")
    return letters


@lru_cache(maxsize=32)
def symmetries(rows: int, columns: int) -> tuple[tuple[int, ...], ...]:
    """The index permutations that map the board onto itself (``new[i] = old[p[i]]``):
    rotations and reflections, 8 for a square board, 4 for a rectangle."""

    def permutation(transform: tuple[bool, bool, bool]) -> tuple[int, ...]:
        transpose, flip_rows, flip_columns = transform
        out_rows, out_columns = (columns, rows) if transpose else (rows, columns)
        result = []
        for row in range(out_rows):
            for column in range(out_columns):
                r, c = (column, row) if transpose else (row, column)
                if flip_rows:
                    r = rows - 1 - r
                if flip_columns:
                    c = columns - 1 - c
                result.append(r * columns + c)
        return tuple(result)

    transposes = (False, True) if rows == columns else (False,)
    return tuple(
        permutation((transpose, flip_rows, flip_columns))
        for transpose in transposes
        for flip_rows in (False, True)
        for flip_columns in (False, True)
    )


def canonical(cells: Cells, permutations: Sequence[tuple[int, ...]]) -> Cells:
    """The smallest of the board's symmetric images: one name for all of them."""
    return min(tuple([cells[index] for index in permutation]) for permutation in permutations)
