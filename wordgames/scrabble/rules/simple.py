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
stepping through board letters and spending rack tiles (a multiset) on empty squares.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_HAND_SIZE
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.move import Direction, Move, Placement
from wordgames.scrabble.core.notation import format_fit1045
from wordgames.scrabble.core.tiles import BLANK, STANDARD_ENGLISH, Rack, TileSet
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

# A move found by the search, shaped so that sorting the tuples orders moves exactly like
# Move.sort_key: (-score, row, col, 0 across / 1 down, upper-case word, word as placed).
RawMove = tuple[int, int, int, int, str, str]


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

    def __repr__(self) -> str:
        return f"SimpleRules(hand_size={self.hand_size})"

    # --- judging one move --------------------------------------------------------------------

    def score(self, move: Move) -> int:
        """The score of ``move``: the values of its placed tiles (blanks 0)."""
        require_type(move, Move, "the move")
        return sum(self.tile_set.value(placement.tile) for placement in move.placed)

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
        word = move.word
        where = format_fit1045(move.row, move.col, move.direction)
        if not word or not all(self.tile_set.holds(char.upper()) and char.isalpha() for char in word):
            return Verdict(
                BAD_LETTERS, word, f"a word is made of letters of the tile set only, not {word!r}"
            )
        squares = move.squares()
        if not all(board.in_bounds(row, col) for row, col in (squares[0], squares[-1])):
            return Verdict(
                OUT_OF_BOUNDS, word.upper(),
                f"{word.upper()} at {where} does not fit on the {board.rows}x{board.cols} board",
            )
        first_move = board.is_empty()
        start_row, start_col = board.layout.start
        if first_move and (move.row, move.col) != (start_row, start_col):
            return Verdict(
                NOT_AT_START, word.upper(),
                f"the first word must start at {start_row}:{start_col} "
                f"({start_row}:{start_col}:H or {start_row}:{start_col}:V)",
            )
        expected: list[Placement] = []
        covered = 0
        for char, (row, col) in zip(word, squares, strict=True):
            tile = board.get(row, col)
            if tile is None:
                expected.append(Placement(row, col, char.upper(), char.islower()))
            elif tile.upper() != char.upper():
                return Verdict(
                    TILE_MISMATCH, word.upper(),
                    f"{word.upper()} needs {char.upper()} at {row}:{col} but the board has "
                    f"{tile.upper()} there",
                )
            else:
                covered += 1
        if sorted(move.placed) != expected:
            return Verdict(
                BAD_PLACEMENT, word.upper(),
                f"the placed tiles do not spell {word.upper()} on the empty squares from {where}",
            )
        if not expected:
            return Verdict(NO_NEW_TILE, word.upper(), "a move must place at least one tile from the rack")
        if rack is not None and not rack.can_supply(p.tile for p in expected):
            needed = Counter(p.rack_tile for p in expected) - rack.counts()
            return Verdict(
                NOT_ON_RACK, word.upper(),
                f"the rack {rack} does not hold {''.join(sorted(needed.elements()))} "
                f"for {word.upper()}",
            )
        if word.upper() not in lexicon:
            return Verdict(NOT_A_WORD, word.upper(), f"{word.upper()} is not in the dictionary")
        if not first_move and not covered:
            return Verdict(
                NO_BOARD_TILE, word.upper(),
                f"{word.upper()} at {where} uses no tile already on the board",
            )
        return Verdict(VALID, message="valid move", score=self.score(move), words=(word.upper(),))

    # --- finding moves -----------------------------------------------------------------------

    def generate_moves(self, board: Board, rack: Rack, lexicon: Lexicon) -> Iterator[Move]:
        """Every legal move for ``rack`` on ``board``, scored, in no set order.  A blank
        yields one move per letter it can stand for."""
        self.check_search(board, lexicon, rack)
        grid = board.grid()
        return (_make_move(grid, raw) for raw in self._raw_moves(board, grid, rack, lexicon))

    def best_moves(
        self, board: Board, rack: Rack, lexicon: Lexicon, limit: int | None = None
    ) -> list[Move]:
        """The legal moves best first (score, then row, column, across before down, word);
        all of them, or the first ``limit``.  Moves are sorted as light tuples and only the
        returned ones are built."""
        self.check_search(board, lexicon, rack, limit)
        grid = board.grid()
        raws = self._raw_moves(board, grid, rack, lexicon)
        raws.sort()
        if limit is not None:
            raws = raws[:limit]
        return [_make_move(grid, raw) for raw in raws]

    def optimal_moves(self, board: Board, rack: Rack, lexicon: Lexicon) -> list[Move]:
        """Every legal move with the highest score, in tie-break order (row, column, across
        before down, word); empty when no move is legal.  The first one is the move the
        FIT1045 game reports."""
        self.check_search(board, lexicon, rack)
        grid = board.grid()
        raws = self._raw_moves(board, grid, rack, lexicon)
        if not raws:
            return []
        best = min(raws)[0]
        return [_make_move(grid, raw) for raw in sorted(raw for raw in raws if raw[0] == best)]

    def _raw_moves(
        self, board: Board, grid: list[list[str | None]], rack: Rack, lexicon: Lexicon
    ) -> list[RawMove]:
        """Search every line in both directions (see the module docstring)."""
        counts = rack.counts()
        blanks = counts.pop(BLANK, 0)
        values = {letter: self.tile_set.value(letter) for letter in counts}
        found: list[RawMove] = []
        columns = [list(column) for column in zip(*grid, strict=True)]
        start_row, start_col = board.layout.start
        first_move = all(tile is None for line in grid for tile in line)
        for direction, lines in ((0, grid), (1, columns)):
            for index, line in enumerate(lines):
                if first_move:
                    if index != (start_row if direction == 0 else start_col):
                        continue
                    starts = [start_col if direction == 0 else start_row]
                elif all(tile is None for tile in line):
                    continue
                else:
                    starts = None
                for score, start, word in _search_line(
                    line, starts, dict(counts), blanks, values, lexicon
                ):
                    row, col = (index, start) if direction == 0 else (start, index)
                    found.append((-score, row, col, direction, word.upper(), word))
        return found


def _search_line(
    line: list[str | None],
    starts: list[int] | None,
    counts: dict[str, int],
    blanks: int,
    values: dict[str, int],
    lexicon: Lexicon,
) -> list[tuple[int, int, str]]:
    """Every (score, start, word) that can be written along ``line`` (board tiles or None)
    with the rack ``counts`` (plus ``blanks``).  With ``starts`` given (the first move) words
    start only there and need no board tile; otherwise every start that can reach a board
    tile is tried and a word must cover one.  ``counts`` is used as scratch space.

    Cost: one lexicon step per node of the search tree, whose size is bounded by the rack's
    letter arrangements that are prefixes of words; board letters only narrow it."""
    n = len(line)
    letters = [None if tile is None else tile.upper() for tile in line]
    shown = ["" if tile is None else tile for tile in line]  # board blanks stay lower case
    step: Callable[[Any, str], Any] = lexicon.step
    is_word_at: Callable[[Any], bool] = lexicon.is_word_at
    next_letters: Callable[[Any], str] = lexicon.next_letters
    rack_letters = sorted(counts)
    need_cover = starts is None
    # next_tile[pos]: the first board tile at or after pos (n when none), so a word that has
    # not yet covered a tile can stop as soon as the rack cannot bridge the gap.
    next_tile = [n] * (n + 1)
    for pos in range(n - 1, -1, -1):
        next_tile[pos] = pos if letters[pos] is not None else next_tile[pos + 1]
    if starts is None:
        total = sum(counts.values()) + blanks
        starts = [s for s in range(n) if next_tile[s] < n and next_tile[s] - s <= total]
    found: list[tuple[int, int, str]] = []
    start = 0
    blanks_left = blanks

    def extend(pos: int, node: Any, word: str, score: int, placed: bool, covered: bool, left: int) -> None:
        # The word so far fills [start, pos); record it, then try to lengthen it.
        nonlocal blanks_left
        if placed and covered and is_word_at(node):
            found.append((score, start, word))
        if pos == n:
            return
        letter = letters[pos]
        if letter is not None:
            child = step(node, letter)
            if child is not None:
                extend(pos + 1, child, word + shown[pos], score, placed, True, left)
            return
        if not left or (not covered and next_tile[pos] - pos > left):
            return
        for tile in rack_letters:
            if counts[tile]:
                child = step(node, tile)
                if child is not None:
                    counts[tile] -= 1
                    extend(pos + 1, child, word + tile, score + values[tile], True, covered, left - 1)
                    counts[tile] += 1
        if blanks_left:
            blanks_left -= 1
            for tile in next_letters(node):
                child = step(node, tile)
                if child is not None:
                    extend(pos + 1, child, word + tile.lower(), score, True, covered, left - 1)
            blanks_left += 1

    root = lexicon.root()
    left = sum(counts.values()) + blanks
    for start in starts:
        extend(start, root, "", 0, False, not need_cover, left)
    return found


def _make_move(grid: list[list[str | None]], raw: RawMove) -> Move:
    """Build the Move for a raw search result on ``grid``."""
    negative_score, row, col, direction_flag, upper, word = raw
    direction = Direction.ACROSS if direction_flag == 0 else Direction.DOWN
    d_row, d_col = direction.step
    placed = tuple(
        Placement(row + d_row * i, col + d_col * i, char.upper(), char.islower())
        for i, char in enumerate(word)
        if grid[row + d_row * i][col + d_col * i] is None
    )
    return Move(row, col, direction, word, placed, -negative_score, (upper,))
