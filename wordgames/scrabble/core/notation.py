"""Move notations: reading and writing where a word goes.

* FIT1045: ``r:c:H`` / ``r:c:V``, 0-based row and column.
* Standard: ``8H`` (row number first: the word reads across) and ``H8`` (column letter first:
  down), 1-based rows, columns ``A``, ``B``, ... ``Z``, then ``AA``, ``AB``, ... as spreadsheets
  name them, so boards wider than 26 columns have names too (``27AA``).  A move is ``8H WORD``:
  the whole word, board letters included (or written ``.``), blanks in lower case.
* USC: ``PLACE - r c TILES`` (across) / ``PLACE | r c TILES`` (down), 1-based, the square of
  the first *placed* tile, only the placed tiles listed, ``?x`` for a blank used as ``x``.
* CS214 squares: ``K10`` is column K, row 10.

Tiles are read and written in the board's alphabet's notation (``8H CO[L·L]EGI``, a blank
``[l·l]``; see :mod:`wordgames.lexicon.alphabet`); a ``tile_set`` given names the alphabet when
the board was made without it.
"""

from __future__ import annotations

import re

from wordgames.errors import NotationError, WordGamesError
from wordgames.lexicon.alphabet import BLANK_BIT, Alphabet
from wordgames.limits import MAX_NOTATION_LENGTH
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.placement import Direction, Placement
from wordgames.scrabble.core.tiles import TileSet, is_tile_letter

# Numbers are ASCII digits, at most 4 of them (boards are far smaller), so int() never sees
# other scripts' digits or thousands of them; column names are 1 to 3 ASCII letters.
_FIT = re.compile(r"^\s*([0-9]{1,4})\s*:\s*([0-9]{1,4})\s*:\s*([A-Za-z])\s*$")
_ROW_FIRST = re.compile(r"^([0-9]{1,4})([A-Za-z]{1,3})$")
_COL_FIRST = re.compile(r"^([A-Za-z]{1,3})([0-9]{1,4})$")
_COLUMN = re.compile(r"^[A-Za-z]{1,3}$")
_ALPHABET = 26


def _check_text(text: str, what: str) -> None:
    """Refuse a non-string, or text longer than any move (MAX_NOTATION_LENGTH characters)."""
    require_type(text, str, what)
    if len(text) > MAX_NOTATION_LENGTH:
        raise NotationError(f"{what} is at most {MAX_NOTATION_LENGTH} characters long")


def column_name(col: int) -> str:
    """The name of a 0-based column, as spreadsheets write it: ``0`` -> ``A``, ``25`` ->
    ``Z``, ``26`` -> ``AA``, ``27`` -> ``AB``, ``701`` -> ``ZZ``, ``702`` -> ``AAA``."""
    require_int(col, "a column", 0)
    letters = ""
    number = col + 1
    while number:
        number, digit = divmod(number - 1, _ALPHABET)
        letters = chr(ord("A") + digit) + letters
    return letters


def column_index(name: str) -> int:
    """The 0-based column a name stands for (``A`` -> ``0``, ``AA`` -> ``26``; any case);
    the inverse of :func:`column_name`.  Raises NotationError for anything but 1 to 3 ASCII
    letters."""
    require_type(name, str, "a column name")
    if not _COLUMN.match(name):
        raise NotationError(f"{name!r} is not a column name (A..Z, AA..ZZ, ...)")
    number = 0
    for letter in name.upper():
        number = number * _ALPHABET + ord(letter) - ord("A") + 1
    return number - 1


def parse_fit1045(text: str) -> tuple[int, int, Direction]:
    """``"3:3:H"`` -> (3, 3, ACROSS).  Raises NotationError."""
    _check_text(text, "a location")
    match = _FIT.match(text)
    if match is None:
        raise NotationError(f"location {text!r} is not in row:col:direction format (e.g. 3:3:H)")
    return int(match[1]), int(match[2]), Direction.parse(match[3])


def format_fit1045(row: int, col: int, direction: Direction) -> str:
    """(3, 3, ACROSS) -> ``"3:3:H"``."""
    require_int(row, "a row")
    require_int(col, "a column")
    require_type(direction, Direction, "a direction")
    return f"{row}:{col}:{direction.value}"


def parse_coordinate(text: str) -> tuple[int, int, Direction]:
    """Standard coordinates: ``"8H"`` -> (7, 7, ACROSS); ``"H8"`` -> (7, 7, DOWN);
    ``"27AA"`` -> (26, 26, ACROSS)."""
    _check_text(text, "a coordinate")
    key = text.strip()
    if match := _ROW_FIRST.match(key):
        row, col, direction = int(match[1]) - 1, column_index(match[2]), Direction.ACROSS
    elif match := _COL_FIRST.match(key):
        row, col, direction = int(match[2]) - 1, column_index(match[1]), Direction.DOWN
    else:
        raise NotationError(f"coordinate {text!r} is neither row-first (8H) nor column-first (H8)")
    if row < 0:
        raise NotationError(f"coordinate {text!r}: rows start at 1")
    return row, col, direction


def format_coordinate(row: int, col: int, direction: Direction) -> str:
    """(7, 7, ACROSS) -> ``"8H"``; (7, 7, DOWN) -> ``"H8"``."""
    require_int(row, "a row", 0)
    require_type(direction, Direction, "a direction")
    if direction is Direction.ACROSS:
        return f"{row + 1}{column_name(col)}"
    return f"{column_name(col)}{row + 1}"


def parse_square(text: str) -> tuple[int, int]:
    """A CS214 square, column name then 1-based row: ``"K10"`` -> (9, 10)."""
    _check_text(text, "a square")
    match = _COL_FIRST.match(text.strip())
    if match is None or int(match[2]) < 1:
        raise NotationError(f"square {text!r} is not a column letter and a row number (e.g. K10)")
    return int(match[2]) - 1, column_index(match[1])


def format_square(row: int, col: int) -> str:
    """(9, 10) -> ``"K10"``."""
    require_int(row, "a row", 0)
    return f"{column_name(col)}{row + 1}"


def _check_on_board(board: Board, row: int, col: int, text: str) -> None:
    if not board.in_bounds(row, col):
        raise NotationError(f"{text!r}: square is off the {board.rows}x{board.cols} board")


def _alphabet(board: Board, tile_set: TileSet | None) -> Alphabet:
    """The alphabet moves on ``board`` are written in: ``tile_set``'s when given, else the
    board's."""
    if tile_set is not None:
        require_type(tile_set, TileSet, "a tile set")
        return tile_set.alphabet
    return board.alphabet


def _word_tiles(word: str, alphabet: Alphabet, text: str) -> list[int | None]:
    """A move's word as tile numbers (BLANK_BIT for a blank written in lower case), None for
    each ``.`` (a board tile not written out).  NotationError naming what is not a tile."""
    found: list[int | None] = []
    for part in re.split(r"(\.)", word):
        if not part:
            continue
        if part == ".":
            found.append(None)
            continue
        if alphabet.is_single_character:
            for char in part:
                if char not in alphabet or not is_tile_letter(char):
                    raise NotationError(f"move {text!r}: {char!r} is not a tile letter or '.'")
                number = alphabet.number(char)
                found.append(number | BLANK_BIT if alphabet.is_designated_blank(char) else number)
            continue
        try:
            numbers = alphabet.parse_tiles(part)
        except ValueError as error:
            raise NotationError(f"move {text!r}: {error}") from None
        if 0 in numbers:
            raise NotationError(f"move {text!r}: a blank is written as the tile it plays, in lower case")
        found.extend(numbers)
    return found


def parse_standard_move(text: str, board: Board, tile_set: TileSet | None = None) -> Move:
    """``"8H WORD"`` / ``"H8 word"``: the whole word from that square; board letters may be
    written out or as ``.``; lower case = a blank; tiles in ``tile_set``'s notation when
    given (``8H CO[L·L]EGI``).  Raises NotationError."""
    _check_text(text, "a move")
    require_type(board, Board, "the board")
    parts = text.split()
    if len(parts) != 2:
        raise NotationError(f"move {text!r} is not 'COORDINATE WORD' (e.g. 8H QUIZ)")
    row, col, direction = parse_coordinate(parts[0])
    _check_on_board(board, row, col, text)
    return _move_from_word(board, row, col, direction, parts[1], _alphabet(board, tile_set), text)


def _move_from_word(board: Board, row: int, col: int, direction: Direction, word: str, alphabet: Alphabet,
                    text: str) -> Move:
    """The move writing ``word`` (``.`` for a board tile) from (row, col)."""
    numbers = _word_tiles(word, alphabet, text)
    d_row, d_col = direction.step
    spelled: list[int] = []
    for i, number in enumerate(numbers):
        r, c = row + d_row * i, col + d_col * i
        if number is None:
            board_number = board.number_at(r, c) if board.in_bounds(r, c) else 0
            if not board_number:
                raise NotationError(f"move {text!r}: '.' stands on an empty square")
            number = board_number
        spelled.append(number)
    if board.alphabet.tiles != alphabet.tiles:
        board = board.with_alphabet(alphabet)
    try:
        return Move.of_tiles(board, row, col, direction, spelled)
    except ValueError as error:
        raise NotationError(f"move {text!r}: {error}") from None


def format_standard_move(move: Move, through: str | None = None, tile_set: TileSet | None = None) -> str:
    """``"8H WORD"``; with ``through=".."``-style marker, board letters are written as that
    marker (GCG writes ``.``); tiles in ``tile_set``'s notation when given (``[L·L]``)."""
    require_type(move, Move, "a move")
    if through is not None:
        require_type(through, str, "a through marker")
    if tile_set is not None:
        require_type(tile_set, TileSet, "a tile set")
    alphabet = tile_set.alphabet if tile_set is not None else move.alphabet
    if not move.numbers:
        return f"{format_coordinate(move.row, move.col, move.direction)} {move.word}"
    new = move.new_mask
    # Runs of written tiles are shown together, so brackets go where a run needs them.
    parts: list[str] = []
    run: list[int] = []
    for index, number in enumerate(move.numbers):
        if through is None or new >> index & 1:
            run.append(number)
        else:
            parts += [alphabet.format_tiles(run), through]
            run = []
    word = "".join([*parts, alphabet.format_tiles(run)])
    return f"{format_coordinate(move.row, move.col, move.direction)} {word}"


def parse_usc_move(text: str, board: Board, tile_set: TileSet | None = None) -> Move:
    """``"PLACE - 5 1 POE?MON"``: the placed tiles in order from the given square, skipping
    occupied squares; tiles in ``tile_set``'s notation when given (``PLACE - 8 8 CE?[L·L]A``:
    ``?`` then the tile a blank plays).  Raises NotationError."""
    _check_text(text, "a move")
    require_type(board, Board, "the board")
    if tile_set is not None:
        require_type(tile_set, TileSet, "a tile set")
    parts = text.split()
    if len(parts) != 5 or parts[0].upper() != "PLACE":
        raise NotationError(f"move {text!r} is not 'PLACE -|| ROW COL TILES'")
    if parts[1] not in ("-", "|"):
        raise NotationError(f"move {text!r}: direction must be '-' or '|'")
    direction = Direction.parse(parts[1])
    if not all(re.fullmatch("[0-9]{1,4}", part) for part in parts[2:4]):
        raise NotationError(f"move {text!r}: row and column must be whole numbers")
    row, col = int(parts[2]) - 1, int(parts[3]) - 1
    _check_on_board(board, row, col, text)
    if board.get(row, col) is not None:
        raise NotationError(f"move {text!r}: the first square is already occupied")
    tiles: list[tuple[str, bool]] = []
    alphabet = _alphabet(board, tile_set)
    try:  # '?' is the blank's marker, followed by the tile it plays
        if alphabet.is_single_character:
            forms = [char if char == "?" else char.upper() for char in parts[4]]
            for form in forms:
                if form != "?" and (form not in alphabet or not is_tile_letter(form)):
                    raise NotationError(f"move {text!r}: {form!r} is not a tile")
        else:
            forms = [alphabet.upper(form) if form != "?" else form for form in alphabet.parse(parts[4])]
    except WordGamesError as error:
        raise NotationError(f"move {text!r}: {error}") from None
    chosen = iter(forms)
    for form in chosen:
        if form == "?":
            letter = next(chosen, "")
            if letter in ("", "?"):
                raise NotationError(f"move {text!r}: '?' must be followed by the letter it plays")
            tiles.append((letter, True))
        else:
            tiles.append((form, False))
    d_row, d_col = direction.step
    placements = []
    r, c = row, col
    for letter, blank in tiles:
        while board.in_bounds(r, c) and board.number_at(r, c):
            r, c = r + d_row, c + d_col
        if not board.in_bounds(r, c):
            raise NotationError(f"move {text!r}: the tiles run off the board")
        placements.append(Placement(r, c, letter, blank))
        r, c = r + d_row, c + d_col
    if board.alphabet.tiles != alphabet.tiles:
        board = board.with_alphabet(alphabet)
    return Move.from_placements(board, placements, direction)


def format_usc_move(move: Move, tile_set: TileSet | None = None) -> str:
    """``"PLACE - 5 1 POE?MON"`` for a move (1-based square of its first placed tile), the
    tiles in ``tile_set``'s notation when given (``PLACE - 8 8 CE?[L·L]A``), which
    :func:`parse_usc_move` reads back with the same tile set."""
    require_type(move, Move, "a move")
    if tile_set is not None:
        require_type(tile_set, TileSet, "a tile set")
    if not move.placed:
        raise NotationError(f"{move} places no tile, so it has no USC spelling")
    first = move.placed[0]
    symbol = "-" if move.direction is Direction.ACROSS else "|"
    alphabet = tile_set.alphabet if tile_set is not None else move.alphabet
    tiles = "".join(("?" if p.blank else "") + alphabet.format([p.letter]) for p in move.placed)
    return f"PLACE {symbol} {first.row + 1} {first.col + 1} {tiles}"


def parse_move(text: str, board: Board, tile_set: TileSet | None = None) -> Move:
    """A move in any supported notation: ``PLACE ...`` (USC), ``8H WORD`` (standard) or
    ``r:c:H WORD`` (FIT1045), the word in ``tile_set``'s notation when given.  Raises
    NotationError (InvalidArgumentTypeError when ``text`` is not a string or ``board`` not a
    Board)."""
    _check_text(text, "a move")
    require_type(board, Board, "the board")
    stripped = text.strip()
    if stripped.upper().startswith("PLACE"):
        return parse_usc_move(stripped, board, tile_set)
    parts = stripped.split()
    if len(parts) == 2 and ":" in parts[0]:
        row, col, direction = parse_fit1045(parts[0])
        _check_on_board(board, row, col, text)
        return _move_from_word(board, row, col, direction, parts[1], _alphabet(board, tile_set), text)
    return parse_standard_move(stripped, board, tile_set)
