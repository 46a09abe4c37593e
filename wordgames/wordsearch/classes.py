"""Board classes: every board whose cells each take one of a set of letters, and their bounds.

>>> from wordgames.lexicon import lexicon_from_words
>>> lexicon = lexicon_from_words(["tea", "eat", "ate", "tee"])
>>> board_class = BoardClass.parse("T AE/E T")
>>> board_class.size, [str(part) for part in board_class.split(1)]
(2, ['T A/E T', 'T E/E T'])
>>> class_bounds(board_class, lexicon)
ClassBounds(max_no_mark=8, sum_union=4, orderly=6)

A class is written like a board whose rows hold space-separated cells, each cell the letters
it may take in board-row syntax (``AEIOU``, ``[QU]BD``); rows are separated by ``/``.  The
bounds (:class:`ClassBounds`) are never below the score of the best board of the class; see
:mod:`wordgames.wordsearch.bounds` for what each one counts.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from wordgames.errors import BoardError, InvalidArgumentTypeError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_CLASS_CELLS, MAX_CLASS_OPTIONS, MAX_WORDSEARCH_TEXT_CHARS
from wordgames.wordsearch.board import (
    check_shape,
    neighbour_table,
    normalize_cell,
    parse_board,
)
from wordgames.wordsearch.bounds import ClassSolver
from wordgames.wordsearch.scoring import scoring_function
from wordgames.wordsearch.solving import check_min_length
from wordgames.wordsearch.symbols import symbol_tables


class ClassBounds(NamedTuple):
    """Three upper bounds on the best score in a board class (each never below it)."""

    max_no_mark: int
    """Each cell's best option on each path, every path of a word counted."""
    sum_union: int
    """Every word some board of the class holds, once."""
    orderly: int
    """The worth of the class's orderly tree of word paths (usually the tightest)."""


@dataclass(frozen=True)
class BoardClass:
    """A rows x columns grid whose cells each take one of their options (cell texts, upper
    case, in row-major order).  Build one with :meth:`parse` or :meth:`from_cells`."""

    rows: int
    columns: int
    cells: tuple[tuple[str, ...], ...]

    @classmethod
    def from_cells(cls, cells: Sequence[Sequence[str]], columns: int) -> BoardClass:
        """A class from each cell's options (row-major); BoardError for a bad shape, an empty
        cell, more than :data:`MAX_CLASS_OPTIONS` options in a cell or :data:`MAX_CLASS_CELLS`
        cells, InvalidArgumentTypeError for something that is not a sequence of strings."""
        if isinstance(cells, str) or not isinstance(cells, Sequence):
            raise InvalidArgumentTypeError("a board class is a sequence of cells' options")
        if isinstance(columns, bool) or not isinstance(columns, int):
            raise InvalidArgumentTypeError(f"columns must be an int, not {type(columns).__name__}")
        if not cells or columns < 1 or len(cells) % columns:
            raise BoardError(f"{len(cells)} cells cannot be laid out in rows of {columns}")
        if len(cells) > MAX_CLASS_CELLS:
            raise BoardError(f"a board class has at most {MAX_CLASS_CELLS} cells, not {len(cells)}")
        check_shape(len(cells) // columns, columns)
        normalized = []
        for index, options in enumerate(cells):
            if isinstance(options, str) or not isinstance(options, Sequence):
                raise InvalidArgumentTypeError(f"cell {index}'s options must be a sequence of strings")
            unique = tuple(dict.fromkeys(normalize_cell(option, index) for option in options))
            if not 1 <= len(unique) <= MAX_CLASS_OPTIONS:
                raise BoardError(f"cell {index} has {len(unique)} options (1 to {MAX_CLASS_OPTIONS})")
            normalized.append(unique)
        return cls(len(cells) // columns, columns, tuple(normalized))

    @classmethod
    def parse(cls, text: str) -> BoardClass:
        """A class from its text (see the module docstring), e.g. ``"AE R/[QU]T S"``."""
        if not isinstance(text, str):
            raise InvalidArgumentTypeError(f"a board class is text, not {type(text).__name__}")
        if len(text) > MAX_WORDSEARCH_TEXT_CHARS:
            raise BoardError("the board class text is too long")
        rows = [row.split() for row in text.split("/")]
        if any(not row for row in rows) or len({len(row) for row in rows}) != 1:
            raise BoardError(f"{text!r}: every row needs the same number of cells")
        cells = [parse_board(cell).cells for row in rows for cell in row]
        return cls.from_cells(cells, len(rows[0]))

    @classmethod
    def of_board(cls, cells: Sequence[str], columns: int) -> BoardClass:
        """The class of one board (each cell one option)."""
        return cls.from_cells([[cell] for cell in cells], columns)

    @property
    def size(self) -> int:
        """How many boards the class holds."""
        return math.prod(len(options) for options in self.cells)

    def boards(self) -> Iterator[tuple[str, ...]]:
        """Every board of the class (row-major cells), in option order."""
        return itertools.product(*self.cells)

    def split(self, cell: int) -> list[BoardClass]:
        """The classes of ``cell`` fixed to each of its options in turn."""
        return [
            BoardClass(self.rows, self.columns, (*self.cells[:cell], (option,), *self.cells[cell + 1 :]))
            for option in self.cells[cell]
        ]

    def __str__(self) -> str:
        def written(options: tuple[str, ...]) -> str:
            return "".join(option if len(option) == 1 else f"[{option}]" for option in options)

        return "/".join(
            " ".join(written(options) for options in self.cells[start : start + self.columns])
            for start in range(0, len(self.cells), self.columns)
        )


@lru_cache(maxsize=32)
def decision_order(rows: int, columns: int) -> tuple[int, ...]:
    """The order in which the orderly tree and the forced search decide the cells: those with
    the most neighbours first (they take part in the most words), nearer the centre first
    among equals, then row-major."""
    table = neighbour_table(rows, columns)
    centre_row, centre_column = (rows - 1) / 2, (columns - 1) / 2

    def key(cell: int) -> tuple[int, float, int]:
        row, column = divmod(cell, columns)
        return (-len(table[cell]), (row - centre_row) ** 2 + (column - centre_column) ** 2, cell)

    return tuple(sorted(range(rows * columns), key=key))


def class_solver(lexicon: Lexicon, min_length: int, scoring: str) -> ClassSolver:
    """A :class:`~wordgames.wordsearch.bounds.ClassSolver` for ``lexicon`` and the scoring."""
    solver = ClassSolver(symbol_tables(lexicon))
    solver.set_scoring(scoring_function(scoring), check_min_length(min_length))
    return solver


def load_class(solver: ClassSolver, board_class: BoardClass, lexicon: Lexicon) -> None:
    """Load ``board_class`` into ``solver`` (the lexicon's cell codes, the decision order)."""
    code = symbol_tables(lexicon).cell_code
    solver.load(
        [[code(option) for option in options] for options in board_class.cells],
        board_class.rows,
        board_class.columns,
        decision_order(board_class.rows, board_class.columns),
    )


def class_bounds(
    board_class: BoardClass, lexicon: Lexicon, *, min_length: int = 3, scoring: str = "official"
) -> ClassBounds:
    """The three bounds of ``board_class`` (:class:`ClassBounds`).  Cost: one walk of every
    path and option that spells a prefix, and the orderly tree built in memory (up to a few
    hundred MB for the largest classes a proof meets; the cost grows quickly with the number
    of options per cell)."""
    if not isinstance(board_class, BoardClass):
        raise InvalidArgumentTypeError(f"expected a BoardClass, not {type(board_class).__name__}")
    solver = class_solver(lexicon, min_length, scoring)
    load_class(solver, board_class, lexicon)
    max_no_mark, sum_union = solver.bounds(True)
    return ClassBounds(max_no_mark, sum_union, solver.orderly)
