"""CGP (Crossword Game Position) strings: one line holding a position, in and out.

A CGP line has four space-separated fields and then optional operations::

    15/15/15/15/15/15/15/6QI7/15/15/15/15/15/15/15 AEINRST/ 10/0 0 lex CSW21;

1. the board, rows top to bottom separated by ``/``: a letter is a tile (lower case = a
   blank standing for that letter), a number is that many empty squares (``15``, ``7``...);
2. the racks, player to move first, separated by ``/`` (``?`` = a blank; a rack may be empty
   or partly known);
3. the scores in the same order, separated by ``/``;
4. how many consecutive zero-score turns led to the position;
5. operations ``opcode operands;`` such as ``lex CSW21;``, ``bb 50;``, ``bdn SuperCrosswordGame;``
   (also written MAGPIE's way, ``-lex CSW21;``, and the last one without its ``;``).

The fields after the board may be left out (a bare board reads as a position with no racks).
Tiles are read and written by the alphabet of the position's tile set: the one the caller
gives, else the distribution the ``ld`` operation names (or the ``lex`` name implies:
``OSPS49`` is Polish, ``DISC2`` Catalan), else English.  A multi-character tile is written in
brackets, ``4n2CE[L·L]A4``, a blank standing for it in lower case, ``[l·l]``; the returned
:class:`Position`'s board is numbered by that alphabet and its racks are written in its
notation (see :mod:`wordgames.lexicon.alphabet`).  Limits (:mod:`wordgames.limits`):
MAX_CGP_LENGTH characters, boards of at most MAX_BOARD_SIDE rows and columns (checked while
reading, before allocating), racks of at most MAX_HAND_SIZE tiles, numbers of at most 9 digits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.lexicon.alphabet import BLANK_BIT
from wordgames.limits import MAX_BOARD_SIDE, MAX_CGP_LENGTH, MAX_HAND_SIZE, MAX_TILE_CHARS
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_type
from wordgames.scrabble.core.layout import Layout, builtin_layout_named, layout_for_size
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, TileSet, tile_set_named

_RUN = re.compile(r"(\d+)|([^\d]+)")
_OPCODE = re.compile(r"-?([A-Za-z][\w-]*)(?:\s+(.*))?", re.DOTALL)
_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")
_MAX_RUN_DIGITS = len(str(MAX_BOARD_SIDE))

# The tiles a lexicon's name implies when no ``ld`` operation names them (MAGPIE's convention:
# a Polish list needs Polish tiles).  Names not listed imply nothing (English by default).
_LEXICON_TILES = {"OSPS": "polish", "DISC": "catalan", "FRA": "french", "RD": "german",
                  "NSF": "norwegian", "FILE": "spanish"}


def _distribution_named(opcodes: dict[str, str]) -> str | None:
    named = opcodes.get("ld")
    if named:
        return named
    lexicon = (opcodes.get("lex") or "").upper()
    return next((tiles for prefix, tiles in _LEXICON_TILES.items()
                 if lexicon.startswith(prefix) and lexicon[len(prefix):].isdigit()), None)


@dataclass
class Position:
    """A game position read from (or to be written as) CGP.

    ``racks`` and ``scores`` list the players from the one to move next; ``opcodes`` maps each
    operation's name to its operand text (``""`` when it has none), in the order given.
    """

    board: Board
    racks: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    zero_turns: int = 0
    opcodes: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        require_type(self.board, Board, "a position's board")
        require_type(self.racks, list, "a position's racks")
        require_type(self.scores, list, "a position's scores")
        for rack in self.racks:
            require_type(rack, str, "a rack")
        for score in self.scores:
            require_type(score, int, "a score")
        require_type(self.zero_turns, int, "a zero-turn count")
        require_type(self.opcodes, dict, "a position's operations")
        for name, operands in self.opcodes.items():
            require_type(name, str, "an operation's name")
            require_type(operands, str, "an operation's operands")

    @property
    def rack(self) -> str | None:
        """The rack of the player to move, or None when it is not known (empty)."""
        return self.racks[0] if self.racks and self.racks[0] else None

    @property
    def lexicon(self) -> str | None:
        """The lexicon named by the ``lex`` operation, if any."""
        return self.opcodes.get("lex") or None

    @property
    def letter_distribution(self) -> str | None:
        """The tile distribution named by the ``ld`` operation (``english``...), else the one
        the ``lex`` operation's name implies (``OSPS49``: ``polish``), if any."""
        return _distribution_named(self.opcodes)

    @property
    def bingo_bonus(self) -> int | None:
        """The bingo bonus set by the ``bb`` operation, if any; FormatError when its operand
        is not a whole number >= 0."""
        text = self.opcodes.get("bb")
        if text is None:
            return None
        if not (text.isascii() and text.isdigit()):
            raise FormatError(f"CGP operation 'bb {text};' needs a whole number of points")
        return int(text)


def position_tile_set(opcodes: dict[str, str], tile_set: TileSet | None = None) -> TileSet:
    """The tile set a position's tiles are written in: ``tile_set`` when given, else the
    shipped distribution its ``ld`` (or ``lex``) names, else standard English (a name that
    is not shipped is left for the caller to refuse: see ``cli.common.cgp_settings``)."""
    require_type(opcodes, dict, "a position's operations")
    if tile_set is not None:
        require_type(tile_set, TileSet, "a tile set")
        return tile_set
    named = _distribution_named(opcodes)
    return (tile_set_named(named) if named else None) or STANDARD_ENGLISH


def parse_cgp(text: str, layout: Layout | None = None, tile_set: TileSet | None = None) -> Position:
    """Read a CGP line.  Without ``layout`` the board gets the layout its ``bdn`` operation
    names, else the standard one when it is 15x15, the super one when it is 21x21, and a plain
    one otherwise.  Tiles are read by :func:`position_tile_set`'s alphabet.  Raises
    FormatError saying which field is wrong."""
    require_type(text, str, "a CGP position")
    if layout is not None:
        require_type(layout, Layout, "a layout")
    if tile_set is not None:
        require_type(tile_set, TileSet, "a tile set")
    if len(text) > MAX_CGP_LENGTH:
        raise FormatError(f"a CGP position is at most {MAX_CGP_LENGTH} characters long")
    if not text.strip():
        raise FormatError("a CGP position needs at least the board field")
    fields = text.split(maxsplit=4)
    opcodes = _parse_opcodes(fields[4]) if len(fields) > 4 else {}
    tiles = position_tile_set(opcodes, tile_set)
    rows = _parse_board_rows(fields[0], tiles)
    racks = _parse_racks(fields[1], tiles) if len(fields) > 1 else []
    scores = _parse_scores(fields[2]) if len(fields) > 2 else []
    zero_turns = 0
    if len(fields) > 3:
        if not _NUMBER.fullmatch(fields[3]):
            raise FormatError(f"CGP zero-turn count {fields[3][:20]!r} is not a whole number")
        zero_turns = int(fields[3])
        if zero_turns < 0:
            raise FormatError("the CGP zero-turn count cannot be negative")
    if scores and racks and len(scores) != len(racks):
        raise FormatError(f"CGP has {len(racks)} racks but {len(scores)} scores")
    if layout is None:
        layout = _default_layout(len(rows), len(rows[0]), opcodes.get("bdn"))
    if (layout.rows, layout.cols) != (len(rows), len(rows[0])):
        raise FormatError(
            f"the CGP board is {len(rows)}x{len(rows[0])} but the layout is {layout.rows}x{layout.cols}"
        )
    board = Board.of_numbers(layout, tiles.alphabet, b"".join(bytes(row) for row in rows))
    return Position(board, racks, scores, zero_turns, opcodes)


def _parse_board_rows(text: str, tile_set: TileSet) -> list[list[int]]:
    """The board field as rows of tile numbers (0 for an empty square)."""
    rows: list[list[int]] = []
    if text.count("/") >= MAX_BOARD_SIDE:
        raise FormatError(f"the CGP board has more than {MAX_BOARD_SIDE} rows")
    for number, row_text in enumerate(text.split("/"), 1):
        squares: list[int] = []
        for run, letters in _RUN.findall(row_text):
            if len(squares) >= MAX_BOARD_SIDE or len(run) > _MAX_RUN_DIGITS:
                raise FormatError(f"CGP board row {number} is more than {MAX_BOARD_SIDE} squares wide")
            if run:
                count = int(run)
                if count == 0:
                    raise FormatError(f"CGP board row {number}: an empty run of 0 squares")
                squares.extend([0] * count)
            else:
                squares.extend(_tiles(letters, tile_set, f"CGP board row {number}", board=True))
        if not squares:
            raise FormatError(f"CGP board row {number} is empty")
        if len(squares) > MAX_BOARD_SIDE:
            raise FormatError(f"CGP board row {number} is more than {MAX_BOARD_SIDE} squares wide")
        rows.append(squares)
    if any(len(row) != len(rows[0]) for row in rows):
        widths = sorted({len(row) for row in rows})
        raise FormatError(f"CGP board rows differ in width ({', '.join(map(str, widths))} squares)")
    return rows


def _tiles(text: str, tile_set: TileSet, where: str, *, board: bool = False) -> bytes:
    """The tile numbers of tiles written in notation; FormatError naming ``where`` for
    anything that is not a tile of ``tile_set`` (or a blank on the board)."""
    most = MAX_BOARD_SIDE if board else MAX_HAND_SIZE
    # A tile is at most MAX_TILE_CHARS characters and two brackets: longer text is refused
    # before it is split.
    if len(text) > (MAX_TILE_CHARS + 2) * most:
        raise FormatError(f"{where}: more than {most} tiles")
    try:
        numbers = tile_set.alphabet.parse_tiles(text)
    except InvalidArgumentError as error:
        raise FormatError(f"{where} {error}") from None  # the error quotes the text
    if board and 0 in numbers:
        raise FormatError(f"{where}: '?' is not a tile on the board (a blank is a lower-case letter)")
    return numbers


def _parse_racks(text: str, tile_set: TileSet) -> list[str]:
    """The racks field, each rack written in the tile set's notation (a tile's lower-case
    form on a rack is read as the tile)."""
    racks = []
    for rack in text.split("/"):
        numbers = _tiles(rack, tile_set, "CGP rack")
        if len(numbers) > MAX_HAND_SIZE:
            raise FormatError(f"CGP rack {rack[:30]!r}...: a rack holds at most {MAX_HAND_SIZE} tiles")
        racks.append(tile_set.alphabet.format_tiles(number & ~BLANK_BIT for number in numbers))
    return racks


def _parse_scores(text: str) -> list[int]:
    scores = text.split("/")
    if not all(_NUMBER.fullmatch(score) for score in scores):
        raise FormatError(
            f"CGP scores {text[:40]!r} are not whole numbers (at most 9 digits) separated by '/'"
        )
    return [int(score) for score in scores]


def _parse_opcodes(text: str) -> dict[str, str]:
    """``opcode operands;`` ... into a dict; a leading ``-`` (MAGPIE's ``-lex CSW21;``) and
    a missing ``;`` after the last operation are accepted."""
    opcodes: dict[str, str] = {}
    parts = text.split(";")
    for index, part in enumerate(parts):
        operation = part.strip()
        if not operation and index == len(parts) - 1:
            break  # after the last ';'
        match = _OPCODE.fullmatch(operation)
        if match is None:
            raise FormatError(f"CGP operation {operation[:40]!r}: expected 'opcode operands;'")
        opcodes[match[1]] = " ".join((match[2] or "").split())
    return opcodes


def _default_layout(rows: int, cols: int, board_name: str | None) -> Layout:
    if board_name is None:
        return layout_for_size(rows, cols)
    named = builtin_layout_named(board_name)
    if named is None:
        raise FormatError(f"the CGP's board {board_name[:40]!r} (bdn) is not known: give --layout")
    return named


def format_cgp(position: Position, tile_set: TileSet | None = None) -> str:
    """Write ``position`` as a CGP line (the inverse of :func:`parse_cgp`, tiles written by
    :func:`position_tile_set`'s alphabet).  Missing racks are written as two unknown racks
    (``/``) and missing scores as zeros."""
    require_type(position, Position, "a position")
    position.__post_init__()  # its fields may have been changed since
    alphabet = position_tile_set(position.opcodes, tile_set).alphabet
    board = position.board
    if board.alphabet.tiles != alphabet.tiles:
        board = board.with_alphabet(alphabet)
    squares = board.squares
    rows = []
    for row in range(board.rows):
        parts: list[str] = []
        run: list[int] = []
        empty = 0
        for number in squares[row * board.cols : (row + 1) * board.cols]:
            if not number:
                if run:
                    parts.append(alphabet.format_tiles(run))
                    run = []
                empty += 1
                continue
            if empty:
                parts.append(str(empty))
                empty = 0
            run.append(number)
        if run:
            parts.append(alphabet.format_tiles(run))
        if empty:
            parts.append(str(empty))
        rows.append("".join(parts))
    racks = list(position.racks)
    if not "".join(racks) and len(racks) < 2:
        racks = ["", ""]  # a field cannot be empty: write two unknown racks
    scores = position.scores or [0] * len(racks)
    text = f"{'/'.join(rows)} {'/'.join(racks)} {'/'.join(map(str, scores))} {position.zero_turns}"
    operations = " ".join(
        f"{name} {operands};" if operands else f"{name};" for name, operands in position.opcodes.items()
    )
    return f"{text} {operations}" if operations else text
