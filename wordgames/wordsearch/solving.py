"""The search behind the public API: one board's words, and many boards' scores in one call.

>>> from wordgames.lexicon import lexicon_from_words
>>> lexicon = lexicon_from_words(["tea", "teas", "eat", "seat", "sate"])
>>> score_boards(["TEA/SXT", ["S", "A", "T", "E"]], lexicon, min_length=3)
[3, 5]

Every function here runs the one search, :class:`~wordgames.wordsearch.searcher.Solver`, on
the tables :func:`~wordgames.wordsearch.symbols.symbol_tables` makes for a lexicon.  Solvers
are kept per lexicon and lent to one call at a time (a call made meanwhile, from another
thread or from inside a callback, gets a fresh one), so nothing is built per board.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon import Lexicon
from wordgames.wordsearch.board import Board, parse_board
from wordgames.wordsearch.scoring import scoring_function
from wordgames.wordsearch.searcher import Solver
from wordgames.wordsearch.symbols import CellCode, SymbolTables, symbol_tables

WordPaths = dict[str, tuple[int, ...]]
"""Words (upper case) mapped to one path each (row-major cell indices, one per cell)."""

_IDLE: weakref.WeakKeyDictionary[SymbolTables, list[Solver]] = weakref.WeakKeyDictionary()


@contextmanager
def borrowed_solver(lexicon: Lexicon) -> Iterator[Solver]:
    """A solver for ``lexicon``, lent for the ``with`` block and kept for the next caller."""
    tables = symbol_tables(lexicon)
    idle = _IDLE.setdefault(tables, [])
    solver = idle.pop() if idle else Solver(tables)
    try:
        yield solver
    finally:
        idle.append(solver)


def board_codes(board: Board, tables: SymbolTables) -> list[CellCode]:
    """Each cell of ``board`` as the symbols spelling it (see
    :meth:`~wordgames.wordsearch.symbols.SymbolTables.cell_code`)."""
    code = tables.cell_code
    return [code(cell) for cell in board.cells]


def load_board(solver: Solver, board: Board, tables: SymbolTables) -> None:
    """Load ``board`` into ``solver``: a square board's cells through the compiled reader
    (:meth:`~wordgames.wordsearch.searcher.Solver.load_any`), any other, or one the reader
    refuses, cell by cell."""
    cells = board.cells if board.rows == board.columns else None
    solver.load_any(cells, lambda _: (board_codes(board, tables), board.rows, board.columns))


def find_words(board: Board, lexicon: Lexicon) -> list[str]:
    """Every word of ``lexicon`` on ``board`` (any length), each once, in no set order.
    Cost: the search (about 13 us for 4 x 4 with ENABLE compiled) plus one string per word."""
    tables = symbol_tables(lexicon)
    with borrowed_solver(lexicon) as solver:
        load_board(solver, board, tables)
        return solver.words()


def find_words_with_paths(board: Board, lexicon: Lexicon) -> WordPaths:
    """Like :func:`find_words`, with the path that first reached each word."""
    tables = symbol_tables(lexicon)
    with borrowed_solver(lexicon) as solver:
        load_board(solver, board, tables)
        words, paths = solver.paths()
    return dict(zip(words, paths, strict=True))


def check_min_length(value: object, name: str = "min_length") -> int:
    """``value`` as a minimum word length (an int >= 1); TypeError/ValueError subclasses
    otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentTypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 1:
        raise InvalidArgumentError(f"{name} must be at least 1, not {value}")
    return value


def score_boards(
    boards: Iterable[str | Sequence[str] | Board],
    lexicon: Lexicon,
    *,
    min_length: int = 3,
    scoring: str = "official",
) -> list[int]:
    """The total score of each board, in order: each distinct word on the board with at least
    ``min_length`` letters scores once, by ``scoring`` (a name from
    :func:`~wordgames.wordsearch.scoring.scoring_names`).

    A board is board text as ``--board`` takes it (``"PERS/LATG/SINE/TERS"``, ``[QU]`` for a
    cell of two letters), a sequence of cell strings (square, as ``set_board`` takes them) or
    a :class:`~wordgames.wordsearch.board.Board`; ``boards`` may be any iterable, so a
    generator streams.  No Python object is made per board but its score: compact board text
    is read by the compiled kernel itself (and a square sequence of cells, joined into such
    text first).  Cost, compiled: about 13 us a random 4 x 4 board of the dice with ENABLE,
    one core of a 2.1 GHz server.  BoardError (a ValueError) for a malformed board,
    InvalidArgumentTypeError for something that is not a board; the boards before it were
    scored, but their scores are lost with the exception."""
    if not isinstance(lexicon, Lexicon):
        raise InvalidArgumentTypeError(f"expected a Lexicon, not {type(lexicon).__name__}")
    check_min_length(min_length)
    score = scoring_function(scoring)
    if isinstance(boards, str | Board) or not isinstance(boards, Iterable):
        raise InvalidArgumentTypeError(
            "boards must be an iterable of boards (board text, cell sequences or Boards), "
            f"not {type(boards).__name__}")
    tables = symbol_tables(lexicon)

    def encode(board: object) -> tuple[list[CellCode], int, int]:
        if isinstance(board, str):
            board = parse_board(board)
        elif not isinstance(board, Board):
            board = Board.from_cells(board)
        return board_codes(board, tables), board.rows, board.columns

    with borrowed_solver(lexicon) as solver:
        solver.set_scoring(score, min_length)
        return solver.score_all(boards, encode)
