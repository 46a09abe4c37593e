"""The ``simple`` rule set: the single-player game of the FIT1045 assignment.

A move writes one word in one line, across (``H``) or down (``V``):

* the first word starts on the start square (``N // 2, N // 2`` on an N x N board) and is made
  of rack tiles only;
* every later word covers at least one tile already on the board and places at least one rack
  tile; letters on occupied squares must match the word;
* the word must fit on the board and be in the lexicon;
* nothing else is checked: no cross words, and a word may start or end right beside other
  tiles (FIT1045's ``TON`` after ``BES`` is legal although ``BESTON`` is no word);
* the score is the sum of the values of the newly placed tiles (a blank scores 0).

A move is identified by its first square, its direction and its word, so the same letters
covering the same squares from another start are a different move.

Best moves are exact and found without trying dictionary words at squares: for every line of
the board (rows for across words, columns for down words) and every start square that can
reach a board tile, a depth-first search walks the lexicon's node walk and the line together,
stepping through board tiles and spending rack tiles (counts by tile number) on empty squares.
The search works in tile numbers throughout (the board's, the rack's and the lexicon's, see
:mod:`wordgames.lexicon.alphabet`); a move found is a :class:`FoundMove` record, and text (the
word, the placements) is made only when a :class:`Move` is built from it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from wordgames.lexicon import Lexicon
from wordgames.lexicon.alphabet import BLANK_BIT, BLANK_NUMBER
from wordgames.lexicon.renumber import renumbering
from wordgames.limits import MAX_HAND_SIZE
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.board_squares import EMPTY
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.notation import format_fit1045
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, TileSet
from wordgames.scrabble.rules.base import RuleSet, Verdict

# Verdict codes, in the order check() tests them (the FIT1045 game reports the first failure).
BAD_LETTERS = "BAD_LETTERS"
OUT_OF_BOUNDS = "OUT_OF_BOUNDS"
NOT_AT_START = "NOT_AT_START"
TILE_MISMATCH = "TILE_MISMATCH"
BAD_PLACEMENT = "BAD_PLACEMENT"
NO_NEW_TILE = "NO_NEW_TILE"
NOT_ON_RACK = "NOT_ON_RACK"
NOT_A_WORD = "NOT_A_WORD"
NO_BOARD_TILE = "NO_BOARD_TILE"
VALID = "VALID"

_UNBLANK = bytes(number & ~BLANK_BIT for number in range(256))
"""A byte translation clearing the blank bit."""

_ONE_TILE = [bytes((number,)) for number in range(256)]
"""Each tile number as a one-tile key, for the lexicon's walk by tiles."""


class FoundMove(NamedTuple):
    """A move found by the search, in the tile set's numbers: the word's first square and
    direction, its tiles and its score.  The fields are in the order that makes sorting found
    moves order them exactly as :meth:`Move.sort_key` orders moves (best first)."""

    negative_score: int
    """Minus the score, so that the best move sorts first."""
    row: int
    col: int
    down: int
    """0 for a word across, 1 for a word down (across sorts first)."""
    key: bytes
    """The word's tile numbers without blank bits (how the lexicon spells it)."""
    tiles: bytes
    """The word's tile numbers as on the board after the move (a blank ``n | BLANK_BIT``)."""


class Spelling(NamedTuple):
    """How the tile set's tile numbers and a lexicon's correspond (the same tiles, matched by
    their forms, when the lexicon was read without the tile set's alphabet)."""

    to_lexicon: bytes
    """A byte translation: a tile set number to the lexicon's, 0 where the lexicon lacks it."""
    from_lexicon: bytes
    """A byte translation: a lexicon number to the tile set's, 0 where the tile set has no
    valued tile of that form (a blank cannot stand for it)."""


class SimpleRules(RuleSet):
    """The FIT1045 rules (see the module docstring), with letter values from ``tile_set``
    and racks of at most ``hand_size`` tiles."""

    name = "simple"

    def __init__(
        self, *, tile_set: TileSet = STANDARD_ENGLISH, hand_size: int = 7, count_tiles: bool = True
    ) -> None:
        require_type(tile_set, TileSet, "tile_set")
        require_type(count_tiles, bool, "count_tiles")
        self.count_tiles = count_tiles
        require_int(hand_size, "hand_size", 1, MAX_HAND_SIZE)
        self.tile_set = tile_set
        self.hand_size = hand_size
        # The tile set's valued tiles: 1 at their numbers (0 the blank).
        alphabet = tile_set.alphabet
        self._valued = bytes(
            1 if number and alphabet.tiles[number - 1] in tile_set.values else 0
            for number in range(len(alphabet) + 1)
        ) + bytes(256 - len(alphabet) - 1)

    def __repr__(self) -> str:
        return f"SimpleRules(hand_size={self.hand_size})"

    def _spelling(self, lexicon: Lexicon) -> Spelling:
        """The correspondence of this rule set's tile numbers with ``lexicon``'s.  Cost:
        O(tiles)."""
        alphabet = self.tile_set.alphabet
        to_lexicon = renumbering(alphabet, lexicon.alphabet)
        valued = self._valued
        from_lexicon = bytes(
            number if valued[number] else 0 for number in renumbering(lexicon.alphabet, alphabet)
        )
        return Spelling(to_lexicon, from_lexicon)

    # --- judging one move --------------------------------------------------------------------

    def score(self, move: Move) -> int:
        """The score of ``move``: the values of its placed tiles (blanks 0)."""
        require_type(move, Move, "the move")
        return sum(self.tile_set.value(placement.tile) for placement in move.placed)

    def _points(self, numbers: bytes) -> int:
        """The points of tiles put down (tile set numbers; a blank scores 0)."""
        values = self.tile_set.number_values
        return sum(0 if number & BLANK_BIT else values[number] for number in numbers)

    def _tile_set_numbers(self, numbers: bytes, move: Move) -> bytes | None:
        """``numbers`` (tile numbers of ``move``'s alphabet, blank bits kept) in the tile
        set's numbers, or None when one is not a valued tile of the tile set."""
        alphabet = self.tile_set.alphabet
        if move.alphabet.tiles != alphabet.tiles:
            table = renumbering(move.alphabet, alphabet)
            numbers = bytes(table[number & ~BLANK_BIT] | (number & BLANK_BIT) for number in numbers)
        valued = self._valued
        return numbers if all(valued[number & ~BLANK_BIT] for number in numbers) else None

    def check(self, board: Board, move: Move, lexicon: Lexicon, rack: Rack | None = None) -> Verdict:
        """Judge ``move`` on ``board``; with ``rack``, also that the rack holds the placed
        tiles (a lower-case letter needs a blank).  The first failed rule gives the verdict,
        tested in this order: letters only, fits the board, first word on the start square,
        board letters match, placements agree with the word, at least one tile placed,
        tiles on the rack, word in the lexicon, at least one board tile used.  A valid
        verdict carries the score.  A rack or board holding tiles outside the tile set, or
        a rack of more than ``hand_size`` tiles, raises InvalidArgumentError.  Cost: one pass
        over the board, then O(len(word))."""
        self.check_arguments(board, lexicon, rack, move)
        board = self.board_for(board)
        alphabet = self.tile_set.alphabet
        word = move.word
        where = format_fit1045(move.row, move.col, move.direction)
        tiles = self._tile_set_numbers(move.numbers, move)
        if not tiles:
            return Verdict(
                BAD_LETTERS, word, f"a word is made of letters of the tile set only, not {word!r}"
            )
        shown = word.upper()
        squares = move.squares()
        if not all(board.in_bounds(row, col) for row, col in (squares[0], squares[-1])):
            return Verdict(
                OUT_OF_BOUNDS, shown,
                f"{shown} at {where} does not fit on the {board.rows}x{board.cols} board",
            )
        first_move = board.is_empty()
        start_row, start_col = board.layout.start
        if first_move and (move.row, move.col) != (start_row, start_col):
            return Verdict(
                NOT_AT_START, shown,
                f"the first word must start at {start_row}:{start_col} "
                f"({start_row}:{start_col}:H or {start_row}:{start_col}:V)",
            )
        expected: list[tuple[int, int, int]] = []  # (row, col, tile set number) of each tile put down
        covered = 0
        for number, (row, col) in zip(tiles, squares, strict=True):
            on_board = board.number_at(row, col)
            if on_board == EMPTY:
                expected.append((row, col, number))
            elif on_board & ~BLANK_BIT != number & ~BLANK_BIT:
                return Verdict(
                    TILE_MISMATCH, shown,
                    f"{shown} needs {alphabet.tile(number & ~BLANK_BIT)} at {row}:{col} but the board "
                    f"has {alphabet.tile(on_board & ~BLANK_BIT)} there",
                )
            else:
                covered += 1
        placements = self._placements(move)
        if placements is None or sorted(placements) != expected:
            return Verdict(
                BAD_PLACEMENT, shown,
                f"the placed tiles do not spell {shown} on the empty squares from {where}",
            )
        if not expected:
            return Verdict(NO_NEW_TILE, shown, "a move must place at least one tile from the rack")
        if rack is not None:
            needed = Counter(BLANK_NUMBER if number & BLANK_BIT else number for _, _, number in expected)
            held = rack.counts_in(alphabet)
            lacking = [number for number, count in needed.items() for _ in range(count - held[number])]
            if lacking:
                missing = "".join(sorted(alphabet.written(number) for number in lacking))
                return Verdict(NOT_ON_RACK, shown, f"the rack {rack} does not hold {missing} for {shown}")
        if not self._in_lexicon(tiles.translate(_UNBLANK), lexicon):
            return Verdict(NOT_A_WORD, shown, f"{shown} is not in the dictionary")
        if not first_move and not covered:
            return Verdict(NO_BOARD_TILE, shown, f"{shown} at {where} uses no tile already on the board")
        score = self._points(bytes(number for _, _, number in expected))
        return Verdict(VALID, message="valid move", score=score, words=(shown,))

    def _placements(self, move: Move) -> list[tuple[int, int, int]] | None:
        """``move``'s placements as (row, col, tile set number), or None when one of them is
        not a valued tile of the tile set (then they spell no word)."""
        alphabet = self.tile_set.alphabet
        valued = self._valued
        placed = []
        for placement in move.placed:
            letter = placement.letter
            if not (isinstance(letter, str) and letter in alphabet.tiles):
                return None
            number = alphabet.number(letter)
            if not valued[number]:
                return None
            placed.append((placement.row, placement.col, number | (BLANK_BIT if placement.blank else 0)))
        return placed

    def _in_lexicon(self, key: bytes, lexicon: Lexicon) -> bool:
        """Whether the word of tile set numbers ``key`` (no blank bits) is in ``lexicon``."""
        if lexicon.alphabet.tiles != self.tile_set.alphabet.tiles:
            key = key.translate(self._spelling(lexicon).to_lexicon)
            if EMPTY in key:
                return False
        return lexicon.contains_key(key)

    # --- finding moves -----------------------------------------------------------------------

    def generate_moves(self, board: Board, rack: Rack, lexicon: Lexicon) -> Iterator[Move]:
        """Every legal move for ``rack`` on ``board``, scored, in no set order.  A blank
        yields one move per letter it can stand for."""
        self.check_search(board, lexicon, rack)
        board = self.board_for(board)
        return (self._move(board, found) for found in self._found_moves(board, rack, lexicon))

    def count_moves(self, board: Board, rack: Rack, lexicon: Lexicon) -> int:
        """How many legal moves ``rack`` has on ``board``, without building any: one search."""
        self.check_search(board, lexicon, rack)
        return len(self._found_moves(self.board_for(board), rack, lexicon))

    def best_moves(
        self, board: Board, rack: Rack, lexicon: Lexicon, limit: int | None = None
    ) -> list[Move]:
        """The legal moves best first (score, then row, column, across before down, word in
        tile order, a real tile before a blank); all of them, or the first ``limit``.  Moves
        are sorted as found records and only the returned ones are built."""
        self.check_search(board, lexicon, rack, limit)
        board = self.board_for(board)
        found = self._found_moves(board, rack, lexicon)
        found.sort()
        if limit is not None:
            found = found[:limit]
        return [self._move(board, record) for record in found]

    def optimal_moves(self, board: Board, rack: Rack, lexicon: Lexicon) -> list[Move]:
        """Every legal move with the highest score, in tie-break order (row, column, across
        before down, word); empty when no move is legal.  The first one is the move the
        FIT1045 game reports."""
        self.check_search(board, lexicon, rack)
        board = self.board_for(board)
        found = self._found_moves(board, rack, lexicon)
        if not found:
            return []
        best = min(found).negative_score
        return [self._move(board, record) for record in sorted(r for r in found if r.negative_score == best)]

    def _found_moves(self, board: Board, rack: Rack, lexicon: Lexicon) -> list[FoundMove]:
        """Every legal move as a :class:`FoundMove`, in no set order, with ``board`` already
        numbered by the tile set (:meth:`board_for`) and the arguments checked.  Searches
        every line in both directions (see the module docstring)."""
        alphabet = self.tile_set.alphabet
        counts = rack.counts_in(alphabet)
        blanks = counts[BLANK_NUMBER]
        counts[BLANK_NUMBER] = 0
        spelling = self._spelling(lexicon)
        values = self.tile_set.number_values
        squares = board.squares
        rows, cols = board.rows, board.cols
        start_row, start_col = board.layout.start
        first_move = board.is_empty()
        found: list[FoundMove] = []
        for down, count in ((0, rows), (1, cols)):
            for index in range(count):
                line = squares[index * cols : (index + 1) * cols] if not down else squares[index::cols]
                if first_move:
                    if index != (start_col if down else start_row):
                        continue
                    starts: list[int] | None = [start_row if down else start_col]
                elif not any(line):
                    continue
                else:
                    starts = None
                _search_line(line, starts, counts, blanks, values, spelling, lexicon, index, down, found)
        return found

    def _move(self, board: Board, found: FoundMove) -> Move:
        """The Move of a search record on ``board`` (the board it was found on)."""
        row, col, tiles = found.row, found.col, found.tiles
        cols = board.cols
        squares = board.squares
        first, stride = row * cols + col, (cols if found.down else 1)
        new = 0
        for i in range(len(tiles)):
            if squares[first + stride * i] == EMPTY:
                new |= 1 << i
        alphabet = self.tile_set.alphabet
        move = Move.of_record(-found.negative_score, row, col, not found.down, tiles, new, alphabet)
        return move.with_score(move.score, (alphabet.decode_word(found.key),))


def _search_line(
    line: bytes,
    starts: list[int] | None,
    counts: list[int],
    blanks: int,
    values: tuple[int, ...],
    spelling: Spelling,
    lexicon: Lexicon,
    index: int,
    down: int,
    found: list[FoundMove],
) -> None:
    """Add to ``found`` every move that can be written along ``line`` (line ``index`` of the
    board across, or down when ``down`` is 1; tile numbers, 0 empty) with the rack ``counts``
    (by tile number, plus ``blanks``).  With ``starts`` given (the first move) words start
    only there and need no board tile; otherwise every start that can reach a board tile is
    tried and a word must cover one.  ``counts`` is used as scratch space.

    Cost: one lexicon step per node of the search tree, whose size is bounded by the rack's
    tile arrangements that are prefixes of words; board tiles only narrow it."""
    n = len(line)
    step: Callable[[Any, bytes], Any] = lexicon.step_tiles
    is_word_at: Callable[[Any], bool] = lexicon.is_word_at
    next_tiles: Callable[[Any], bytes] = lexicon.next_tiles
    to_lexicon, from_lexicon = spelling
    # The one-tile key of each board square's tile (None for an empty square or a tile the
    # lexicon lacks: no word goes through it) and of each rack tile the lexicon has.
    board_keys = [None if number == EMPTY or not to_lexicon[number & ~BLANK_BIT]
                  else _ONE_TILE[to_lexicon[number & ~BLANK_BIT]] for number in line]
    rack_tiles = [(number, _ONE_TILE[to_lexicon[number]]) for number in range(1, len(counts))
                  if counts[number] and to_lexicon[number]]
    need_cover = starts is None
    # next_tile[pos]: the first board tile at or after pos (n when none), so a word that has
    # not yet covered a tile can stop as soon as the rack cannot bridge the gap.
    next_tile = [n] * (n + 1)
    for pos in range(n - 1, -1, -1):
        next_tile[pos] = pos if line[pos] != EMPTY else next_tile[pos + 1]
    total = sum(counts) + blanks
    if starts is None:
        starts = [s for s in range(n) if next_tile[s] < n and next_tile[s] - s <= total]
    path = bytearray(line)  # the word being written: board tiles, then the tiles put down
    start = 0
    blanks_left = blanks

    def extend(pos: int, node: Any, score: int, placed: bool, covered: bool, left: int) -> None:
        # The word so far fills [start, pos); record it, then try to lengthen it.
        nonlocal blanks_left
        if placed and covered and is_word_at(node):
            tiles = bytes(path[start:pos])
            if down:
                found.append(FoundMove(-score, start, index, 1, tiles.translate(_UNBLANK), tiles))
            else:
                found.append(FoundMove(-score, index, start, 0, tiles.translate(_UNBLANK), tiles))
        if pos == n:
            return
        if line[pos] != EMPTY:
            key = board_keys[pos]
            if key is not None:
                child = step(node, key)
                if child is not None:
                    extend(pos + 1, child, score, placed, True, left)
            return
        if not left or (not covered and next_tile[pos] - pos > left):
            return
        for number, key in rack_tiles:
            if counts[number]:
                child = step(node, key)
                if child is not None:
                    counts[number] -= 1
                    path[pos] = number
                    extend(pos + 1, child, score + values[number], True, covered, left - 1)
                    counts[number] += 1
        if blanks_left:
            blanks_left -= 1
            for lexicon_number in next_tiles(node):
                number = from_lexicon[lexicon_number]
                if number:
                    child = step(node, _ONE_TILE[lexicon_number])
                    if child is not None:
                        path[pos] = number | BLANK_BIT
                        extend(pos + 1, child, score, True, covered, left - 1)
            blanks_left += 1
        path[pos] = EMPTY

    root = lexicon.root()
    for start in starts:
        extend(start, root, 0, False, not need_cover, total)
