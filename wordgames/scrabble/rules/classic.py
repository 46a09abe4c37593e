"""The ``classic`` rule set: real crossword-game rules.

A move places one or more tiles in one row or column, none on an occupied square, contiguous
with each other through tiles already on the board.  The first move covers the layout's start
square and places at least two tiles; every later move touches a tile already on the board.
Every word of two or more letters it forms — the main word and each cross word — must be in
the lexicon, and have at least ``minimum_word_length`` letters when that is set above two (a
USC configuration key).  Scoring is in :mod:`wordgames.scrabble.core.scoring`; move generation in
:mod:`wordgames.scrabble.movegen.generator`.

:meth:`ClassicRules.check` answers with CS214's verdicts, in this order:

* ``BAD START: W`` — the board before the move already holds ``W``, a non-word;
* ``BAD MOVE`` — the placement breaks a rule above (the message says which);
* ``BAD RACK: T`` — a rack was given and it does not hold the tiles ``T``;
* ``BAD WORD: W`` — the move forms ``W``, which is not in the lexicon (or is too short);
* ``VALID`` — with the score and the words formed (main word first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from wordgames.errors import FormatError, InvalidArgumentError, NotationError
from wordgames.lexicon import Lexicon
from wordgames.lexicon.alphabet import BLANK_BIT, Alphabet
from wordgames.limits import MAX_BINGO_BONUS, MAX_BOARD_SIDE, MAX_HAND_SIZE
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.notation import format_square, parse_square
from wordgames.scrabble.core.placement import Direction, Placement
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.scoring import (
    DEFAULT_BINGO_BONUS,
    DEFAULT_HAND_SIZE,
    formed_words,
    score_words,
)
from wordgames.scrabble.core.tiles import BLANK, STANDARD_ENGLISH, TileSet, is_tile_letter
from wordgames.scrabble.leaves.keeps import RackKeeps
from wordgames.scrabble.rules.base import RuleSet, Verdict

if TYPE_CHECKING:
    from wordgames.scrabble.movegen.generator import MoveGenerator

VALID = "VALID"
BAD_START = "BAD START"
BAD_MOVE = "BAD MOVE"
BAD_RACK = "BAD RACK"
BAD_WORD = "BAD WORD"


def square_name(row: int, col: int) -> str:
    """A square as CS214 writes it (``K10``: column name, 1-based row; ``AB30`` beyond
    column Z), or ``(row, col)`` for a square off the board's top or left edge."""
    if row < 0 or col < 0:
        return f"({row + 1}, {col + 1})"
    return format_square(row, col)


class ClassicRules(RuleSet):
    """Crossword-game rules with premium squares, blanks and a bingo bonus.

    ``tile_set`` gives the letter values, ``hand_size`` the tiles on a full rack (placing that
    many earns ``bingo_bonus``), ``minimum_word_length`` the shortest word that counts (two,
    the shortest run of tiles, unless set higher); ``count_tiles=False`` accepts positions
    holding more of a tile than the bag (see :attr:`RuleSet.count_tiles`).  Instances hold no
    board state and can be shared.
    """

    name = "classic"

    def __init__(
        self,
        tile_set: TileSet = STANDARD_ENGLISH,
        hand_size: int = DEFAULT_HAND_SIZE,
        bingo_bonus: int = DEFAULT_BINGO_BONUS,
        minimum_word_length: int = 2,
        count_tiles: bool = True,
    ) -> None:
        require_type(tile_set, TileSet, "tile_set")
        require_type(count_tiles, bool, "count_tiles")
        self.count_tiles = count_tiles
        require_int(hand_size, "hand_size", 1, MAX_HAND_SIZE)
        require_int(bingo_bonus, "bingo_bonus", 0, MAX_BINGO_BONUS)
        require_int(minimum_word_length, "minimum_word_length", 1, MAX_BOARD_SIDE)
        self.tile_set = tile_set
        self.hand_size = hand_size
        self.bingo_bonus = bingo_bonus
        self.minimum_word_length = max(minimum_word_length, 2)

    def __repr__(self) -> str:
        extra = f", minimum_word_length={self.minimum_word_length}" if self.minimum_word_length > 2 else ""
        return f"ClassicRules(hand_size={self.hand_size}, bingo_bonus={self.bingo_bonus}{extra})"

    def playable_lexicon(self, lexicon: Lexicon) -> Lexicon:
        """``lexicon`` less the words too short to play under these rules (``lexicon`` itself
        with the usual minimum of two).  The lexicon keeps the answer, so every game on it pays
        the filtering once."""
        if self.minimum_word_length <= 2:
            return lexicon
        return lexicon.without_words_shorter_than(self.minimum_word_length)

    # --- judging ---------------------------------------------------------------------------

    def check(self, board: Board, move: Move, lexicon: Lexicon, rack: Rack | None = None) -> Verdict:
        """Judge ``move`` on ``board`` (not modified) with CS214's verdicts (see the module
        docstring); a VALID verdict carries the score and the words formed, main word first.
        A rack or board holding tiles outside the tile set, or a rack of more than
        ``hand_size`` tiles, raises InvalidArgumentError.  Cost: one pass over the board for
        the start check, then O(tiles touched)."""
        self.check_arguments(board, lexicon, rack, move)
        board = self.board_for(board)
        bad_start = first_non_word(board, lexicon, self.minimum_word_length)
        if bad_start is not None:
            return Verdict(BAD_START, bad_start, f"the board already holds {bad_start}, not a word")
        problem = self.placement_problem(board, move)
        if problem is not None:
            return Verdict(BAD_MOVE, None, problem)
        if rack is not None:
            missing = missing_tiles(rack, move)
            if missing:
                return Verdict(BAD_RACK, missing, f"the rack {rack} does not hold {missing}")
        words = formed_words(board, move.placed, self._main_direction(move))
        for word in words:
            if len(word.tiles) < self.minimum_word_length:
                return Verdict(
                    BAD_WORD, word.word, f"{word.word} is shorter than {self.minimum_word_length} letters"
                )
            if not lexicon_has(lexicon, word.key, word.alphabet):
                return Verdict(BAD_WORD, word.word, f"{word.word} is not in the lexicon")
        score = score_words(
            words, board.layout, self.tile_set, len(move.placed), self.hand_size, self.bingo_bonus
        )
        return Verdict(VALID, None, f"{score} points", score, tuple(word.word for word in words))

    def placement_problem(self, board: Board, move: Move) -> str | None:
        """Why ``move`` breaks the placement rules on ``board`` (a sentence), or None when it
        keeps them.  The lexicon is not consulted."""
        require_type(board, Board, "the board")
        require_type(move, Move, "the move")
        board = self.board_for(board)
        placed = move.placed
        if not placed:
            return self._word_mismatch(board, move) or "a move places at least one tile"
        if len(placed) > self.hand_size:
            return f"a move places at most {self.hand_size} tiles, not {len(placed)}"
        squares = set()
        for p in placed:
            where = square_name(p.row, p.col)
            if not board.in_bounds(p.row, p.col):
                return f"square {where} is off the {board.rows}x{board.cols} board"
            if (p.row, p.col) in squares:
                return f"two tiles are placed on {where}"
            squares.add((p.row, p.col))
            if board.get(p.row, p.col) is not None:
                return f"square {where} is already occupied"
            if p.letter not in self.tile_set.alphabet.tiles or p.letter not in self.tile_set.values:
                return f"{p.letter!r} is not a letter of this tile set"
        rows = {p.row for p in placed}
        cols = {p.col for p in placed}
        if len(rows) > 1 and len(cols) > 1:
            return "the tiles are not all in one row or one column"
        mismatch = self._word_mismatch(board, move)
        if mismatch is not None:
            return mismatch
        direction = Direction.ACROSS if len(rows) == 1 else Direction.DOWN
        first, last = min(placed), max(placed)
        d_row, d_col = direction.step
        row, col = first.row, first.col
        while (row, col) != (last.row, last.col):
            row, col = row + d_row, col + d_col
            if (row, col) not in squares and board.get(row, col) is None:
                return f"the tiles leave a gap at {square_name(row, col)}"
        if board.is_empty():
            start = board.layout.start
            if start not in squares:
                return f"the first move must cover the start square {square_name(*start)}"
            if len(placed) < 2:
                return "the first move must place at least two tiles"
            return None
        for p in placed:
            for r, c in ((p.row - 1, p.col), (p.row + 1, p.col), (p.row, p.col - 1), (p.row, p.col + 1)):
                if board.in_bounds(r, c) and board.get(r, c) is not None:
                    return None
        return "the move does not touch any tile already on the board"

    @staticmethod
    def _word_mismatch(board: Board, move: Move) -> str | None:
        """A sentence when the move's written word disagrees with a board tile it crosses
        (``8H CAT`` over a board ``D``), else None."""
        alphabet = board.alphabet
        shown = move.word.upper()
        numbers = move.numbers
        spelled = move.alphabet.tile
        for index, (row, col) in enumerate(move.squares()):
            if not board.in_bounds(row, col):
                return f"{shown} runs off the board"
            if index >= len(numbers):
                continue
            number = board.number_at(row, col)
            wanted = spelled(numbers[index] & ~BLANK_BIT)
            if number and alphabet.tile(number & ~BLANK_BIT) != wanted:
                return (
                    f"{shown} needs {wanted} on {square_name(row, col)}, "
                    f"which holds {alphabet.tile(number & ~BLANK_BIT)}"
                )
        return None

    @staticmethod
    def _main_direction(move: Move) -> Direction:
        """The line of a multi-tile move; a single tile reads the way the move says."""
        placed = move.placed
        if len(placed) > 1:
            return Direction.ACROSS if len({p.row for p in placed}) == 1 else Direction.DOWN
        return move.direction

    def score(self, board: Board, move: Move) -> int:
        """The points ``move`` scores on ``board``, legal or not (placements must be on empty
        squares of one line)."""
        require_type(board, Board, "the board")
        require_type(move, Move, "the move")
        board = self.board_for(board)
        words = formed_words(board, move.placed, self._main_direction(move))
        return score_words(
            words, board.layout, self.tile_set, len(move.placed), self.hand_size, self.bingo_bonus
        )

    # --- generating ------------------------------------------------------------------------

    def _generator(self, lexicon: Lexicon) -> MoveGenerator:
        """A move generator for these rules over ``lexicon``."""
        from wordgames.scrabble.movegen.generator import MoveGenerator

        return MoveGenerator(
            self.playable_lexicon(lexicon), self.tile_set, self.hand_size, self.bingo_bonus
        )

    def generate_moves(self, board: Board, rack: Rack, lexicon: Lexicon) -> Iterator[Move]:
        """Every distinct legal move for ``rack`` on ``board``, scored (see
        :class:`~wordgames.scrabble.movegen.MoveGenerator`).  A board holding a non-word
        still gets moves: only the words a move forms are checked."""
        self.check_search(board, lexicon, rack)
        generator = self._generator(lexicon)
        return iter(generator.moves(self.board_for(board), rack))

    def count_moves(self, board: Board, rack: Rack, lexicon: Lexicon) -> int:
        """How many distinct legal moves ``rack`` has on ``board``, without building any: one
        search (see :meth:`MoveGenerator.count`)."""
        self.check_search(board, lexicon, rack)
        return self._generator(lexicon).count(self.board_for(board), rack)

    def move_generator(self, lexicon: Lexicon) -> MoveGenerator:
        """The move generator of these rules over ``lexicon`` (see
        :class:`~wordgames.scrabble.movegen.generator.MoveGenerator`)."""
        require_type(lexicon, Lexicon, "the lexicon")
        return self._generator(lexicon)

    def best_moves(
        self, board: Board, rack: Rack, lexicon: Lexicon, limit: int | None = None
    ) -> list[Move]:
        """The legal moves best first; all of them, or the first ``limit`` found by a
        bounded search that skips placements which cannot beat the moves already found.
        ``limit`` is None or a whole number >= 0."""
        self.check_search(board, lexicon, rack, limit)
        generator = self._generator(lexicon)
        board = self.board_for(board)
        if limit is None:
            return generator.moves(board, rack, ordered=True)
        return generator.best(board, rack, limit)

    def best_moves_by_equity(
        self, board: Board, rack: Rack, lexicon: Lexicon, keeps: RackKeeps, limit: int | None = 1,
        *, checked: bool = False
    ) -> list[tuple[float, Move]]:
        """See :meth:`RuleSet.best_moves_by_equity` (``checked`` included); compiled, the
        kernel values and prunes by equity as it searches
        (:meth:`MoveGenerator.best_by_equity`)."""
        if not checked:
            self.check_search(board, lexicon, rack, limit)
        require_type(keeps, RackKeeps, "the keeps")
        return self._generator(lexicon).best_by_equity(self.board_for(board), rack, keeps, limit)


def move_for_placements(board: Board, placements: Iterable[Placement]) -> Move:
    """The move putting ``placements`` on ``board``, however illegal, so the rules can judge
    it: tiles in one line of the board read as their main word (see
    :meth:`Move.from_placements`); tiles scattered or off the board give a move with no word,
    which :meth:`ClassicRules.check` calls a BAD MOVE."""
    placed = tuple(sorted(placements))
    try:
        return Move.from_placements(board, placed)
    except InvalidArgumentError:
        if not placed:
            raise
        first = placed[0]
        return Move(first.row, first.col, Direction.ACROSS, "", placed)


def parse_move_file(text: str, board: Board, name: str = "<move>") -> Move:
    """Read a CS214 move file: one ``SQUARE<TAB>LETTER`` line per tile placed (``K10	Q``:
    column K, row 10), in any order; spaces work as well as tabs, blank lines are skipped, and
    a lower-case letter is a blank.  Returns the move for the rules to judge (see
    :func:`move_for_placements`).  Raises FormatError naming the line."""
    require_type(text, str, "move file text")
    require_type(board, Board, "the board")
    placements = []
    for number, line in enumerate(text.splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        if len(parts) != 2:
            raise FormatError(f"{name}:{number}: expected 'SQUARE<TAB>LETTER' (e.g. 'K10<TAB>Q')")
        try:
            row, col = parse_square(parts[0])
        except NotationError as error:
            raise FormatError(f"{name}:{number}: {error}") from None
        letter = parts[1]
        alphabet = board.alphabet
        if letter not in alphabet or (len(letter) == 1 and not is_tile_letter(letter)):
            one = "letter" if alphabet.is_single_character else "tile"
            raise FormatError(f"{name}:{number}: {letter!r} is not one {one}")
        placements.append(Placement(row, col, alphabet.upper(letter), alphabet.is_designated_blank(letter)))
    if not placements:
        raise FormatError(f"{name}: the move file places no tiles")
    return move_for_placements(board, placements)


def first_non_word(board: Board, lexicon: Lexicon, minimum_length: int = 2) -> str | None:
    """The first run of two or more tiles on ``board`` (across runs first, reading order)
    that is not in the lexicon or is shorter than ``minimum_length``, or None."""
    for run in board.runs():
        key = bytes(number & ~BLANK_BIT for number in run.tiles)
        if len(run.tiles) < minimum_length or not lexicon_has(lexicon, key, board.alphabet):
            return board.alphabet.decode_word(key)
    return None


def lexicon_has(lexicon: Lexicon, tiles: bytes, alphabet: Alphabet) -> bool:
    """Whether the word of tile numbers ``tiles`` (of ``alphabet``, no blank bits) is in
    ``lexicon``: by its key when the lexicon numbers the same tiles, else by the word written
    out (a word list read without the tile set: one-character tiles)."""
    if lexicon.alphabet.tiles == alphabet.tiles:
        return lexicon.contains_key(tiles)
    return alphabet.decode_word(tiles) in lexicon


def missing_tiles(rack: Rack, move: Move) -> str:
    """The rack tiles ``move`` needs that ``rack`` lacks (``?`` for blanks), sorted; empty
    when the rack holds them all."""
    needed = Counter(p.rack_tile for p in move.placed)
    lacking = needed - rack.counts()
    alphabet = rack.alphabet
    ordered = sorted(
        lacking.elements(),
        key=lambda tile: (tile == BLANK, alphabet.number(tile) if tile in alphabet else 0),
    )
    return alphabet.format(ordered) if all(t == BLANK or t in alphabet for t in ordered) else "".join(ordered)
