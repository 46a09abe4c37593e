"""Move generation for the classic rules, after Appel & Jacobson (1988).

The generator works on *lines*: the rows of the board for across moves, and the rows of the
transposed board for down moves, so both directions run through one code path.  For each
line it precomputes, per square:

* the **cross-check set** — a bit mask of the letters that may go there because the word they
  would form with the tiles above and below is in the lexicon (every letter when the square
  has no tile above or below) — and the **cross-word score part** (the value of those tiles);
* the letter and word multipliers, and whether the square is an **anchor**: an empty square
  next to a tile (on an empty board, the start square).

Every move places a tile on an anchor.  For each anchor the *left part* of the word is either
the tiles already on the board just before it, or up to ``k`` rack tiles on the empty
non-anchor squares before it (``k`` is Appel & Jacobson's limit).  Choosing the left part's
length fixes the square the word starts on, so the search walks from that square to the right
(*ExtendRight*) along the lexicon's node walk: on an empty square it tries each letter that
the node can be followed by, the cross-check allows and the rack (or a blank) supplies; on a
board tile it steps along the tile.  Fixing the start square first keeps the search tree
exactly Appel & Jacobson's while every square's premiums are known as the tiles go down, so
scores are added up incrementally.  A move is recorded when the node is a word, the next
square is empty, and the anchor is covered; a one-tile move is recorded in one direction only
(the longer word, across on a tie), so every distinct placement appears once.

The hot loop allocates nothing but the records it keeps: scores are integers passed down the
recursion, the rack is a counts list changed in place, the word being built lives in a
per-line buffer, and lexicon nodes are expanded once into tuples of (letter bit, letter index,
letter, lower-case letter, child node, child is a word) that later searches reuse.

``best`` finds the top N without enumerating every move: it splits the search into
*placements* (a line, a first and a last square), bounds each placement's score before
searching it — the rack's highest values on the placement's most valuable squares plus the
bingo bonus, which any legal move there cannot beat — searches the placements best bound
first, and skips the rest once the bound falls below the N-th best score found.  Inside a
placement the same bound prunes partial words, which is what stops blanks being tried on every
square of every word.
"""

from __future__ import annotations

import heapq
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wordgames.lexicon import Lexicon
from wordgames.scrabble.board import Board
from wordgames.scrabble.move import Direction, Move, Placement
from wordgames.scrabble.scoring import DEFAULT_BINGO_BONUS, DEFAULT_HAND_SIZE
from wordgames.scrabble.tiles import BLANK, STANDARD_ENGLISH, Rack, TileSet

Node = Any
Expansion = tuple[tuple[int, int, str, str, Node, bool], ...]
RawMove = tuple[int, bool, int, int, int, str]
"""A generated move before it becomes a :class:`Move`: (score, across, line, first square,
last square, word as it lies on the board with blanks in lower case)."""

_MAX_CACHED_NODES = 400_000


class LexiconTables:
    """What the generator learns about one lexicon and alphabet, kept between calls.

    * node expansions: for a node, one tuple per child letter in the alphabet of
      (bit, index, letter, lower-case letter, child node, child is a word) — built from the
      lexicon's ``next_letters``/``step``/``is_word_at`` the first time the node is reached;
    * cross-check masks by (letters above, letters below).

    Both are bounded: past ``_MAX_CACHED_NODES`` expansions the memo starts again.
    """

    def __init__(self, lexicon: Lexicon, alphabet: str) -> None:
        self.lexicon = lexicon
        self.alphabet = alphabet
        self.index = {letter: i for i, letter in enumerate(alphabet)}
        self.full_mask = (1 << len(alphabet)) - 1
        self.expansions: dict[Node, Expansion] = {}
        self.cross_masks: dict[tuple[str, str], int] = {}

    def expand(self, node: Node) -> Expansion:
        """The children of ``node`` whose letters are in the alphabet (memoised)."""
        found = self.expansions.get(node)
        if found is not None:
            return found
        lexicon = self.lexicon
        index = self.index
        step = lexicon.step
        is_word_at = lexicon.is_word_at
        children = []
        for letter in lexicon.next_letters(node):
            i = index.get(letter)
            if i is None:
                continue
            child = step(node, letter)
            if child is not None:
                children.append((1 << i, i, letter, letter.lower(), child, is_word_at(child)))
        expansion = tuple(children)
        if len(self.expansions) >= _MAX_CACHED_NODES:
            self.expansions.clear()
        self.expansions[node] = expansion
        return expansion

    def cross_mask(self, above: str, below: str) -> int:
        """The letters ``x`` (as a bit mask) for which ``above + x + below`` is a word."""
        key = (above, below)
        mask = self.cross_masks.get(key)
        if mask is not None:
            return mask
        lexicon = self.lexicon
        mask = 0
        node = lexicon.step(lexicon.root(), above) if above else lexicon.root()
        if node is not None:
            for bit, _i, _letter, _lower, child, is_word in self.expand(node):
                if below:
                    end = lexicon.step(child, below)
                    if end is not None and lexicon.is_word_at(end):
                        mask |= bit
                elif is_word:
                    mask |= bit
        if len(self.cross_masks) >= _MAX_CACHED_NODES:
            self.cross_masks.clear()
        self.cross_masks[key] = mask
        return mask


_TABLES: dict[tuple[int, str], tuple[weakref.ref[Lexicon], LexiconTables]] = {}


def lexicon_tables(lexicon: Lexicon, alphabet: str) -> LexiconTables:
    """The shared :class:`LexiconTables` of ``lexicon`` for ``alphabet`` (made on first
    use, dropped when the lexicon is garbage-collected)."""
    key = (id(lexicon), alphabet)
    entry = _TABLES.get(key)
    if entry is not None and entry[0]() is lexicon:
        return entry[1]
    tables = LexiconTables(lexicon, alphabet)

    def forget(_ref: weakref.ref[Lexicon]) -> None:
        _TABLES.pop(key, None)

    _TABLES[key] = (weakref.ref(lexicon, forget), tables)
    return tables


@dataclass
class _Line:
    """One line of one orientation, with everything the search reads per square."""

    index: int
    tiles: list[str | None]
    cross_masks: list[int]
    cross_sums: list[int]
    """The cross-word score part of each empty square, -1 when it has no cross word."""
    cross_lengths: list[int]
    """1 + the tiles above and below each square (1: no cross word)."""
    above: list[str]
    below: list[str]
    letter_multipliers: list[int]
    word_multipliers: list[int]
    anchors: list[int]
    run_text: list[str]
    """At the first square of each run of board tiles: the run in upper case."""
    run_end: list[int]
    run_score: list[int]


class _Orientation:
    """The board seen so that the moves being generated read across: the board itself, or
    its transpose for down moves.  Builds the per-line tables of one pass."""

    def __init__(self, board: Board, across: bool, tables: LexiconTables, values: list[int],
                 tile_set: TileSet) -> None:
        self.across = across
        oriented = board if across else board.transposed()
        self.layout = oriented.layout
        self.grid = oriented.grid()
        self.rows = oriented.rows
        self.cols = oriented.cols
        self.lines = self._build_lines(tables, tile_set)

    def _build_lines(self, tables: LexiconTables, tile_set: TileSet) -> list[_Line]:
        grid, rows, cols, layout = self.grid, self.rows, self.cols, self.layout
        value = tile_set.value
        above = [[""] * cols for _ in range(rows)]
        below = [[""] * cols for _ in range(rows)]
        above_sum = [[0] * cols for _ in range(rows)]
        below_sum = [[0] * cols for _ in range(rows)]
        # Runs of tiles down each column give the cross words of the squares above and below.
        for col in range(cols):
            row = 0
            while row < rows:
                if grid[row][col] is None:
                    row += 1
                    continue
                top = row
                letters = []
                total = 0
                while row < rows and (tile := grid[row][col]) is not None:
                    letters.append(tile.upper())
                    total += value(tile)
                    row += 1
                text = "".join(letters)
                if top > 0:
                    below[top - 1][col] = text
                    below_sum[top - 1][col] = total
                if row < rows:
                    above[row][col] = text
                    above_sum[row][col] = total
        empty_board = all(tile is None for line in grid for tile in line)
        full = tables.full_mask
        lines = []
        for row in range(rows):
            tiles = grid[row]
            masks = [0] * cols
            sums = [-1] * cols
            lengths = [1] * cols
            anchors = []
            for col in range(cols):
                if tiles[col] is not None:
                    continue
                up, down = above[row][col], below[row][col]
                if up or down:
                    masks[col] = tables.cross_mask(up, down)
                    sums[col] = above_sum[row][col] + below_sum[row][col]
                    lengths[col] = 1 + len(up) + len(down)
                    anchors.append(col)
                else:
                    masks[col] = full
                    if (col > 0 and tiles[col - 1] is not None) or (
                        col + 1 < cols and tiles[col + 1] is not None
                    ):
                        anchors.append(col)
            if empty_board and row == layout.start[0]:
                anchors = [layout.start[1]]
            run_text = [""] * cols
            run_end = [0] * cols
            run_score = [0] * cols
            col = 0
            while col < cols:
                if tiles[col] is None:
                    col += 1
                    continue
                first = col
                letters = []
                total = 0
                while col < cols and (tile := tiles[col]) is not None:
                    letters.append(tile.upper())
                    total += value(tile)
                    col += 1
                run_text[first] = "".join(letters)
                run_end[first] = col - 1
                run_score[first] = total
            lines.append(_Line(
                row, list(tiles), masks, sums, lengths, above[row], below[row],
                [layout.letter_multiplier(row, c) for c in range(cols)],
                [layout.word_multiplier(row, c) for c in range(cols)],
                anchors, run_text, run_end, run_score,
            ))
        return lines


class MoveGenerator:
    """Generates classic-rules moves for any board, layout, rack (blanks ``?``, any number)
    and hand size from a lexicon's node walk (any backend).

    ``moves`` lists every distinct legal move; ``best`` the top N by a bounded search.  Both
    return :class:`Move` objects carrying their score and formed words (main word first).
    """

    def __init__(
        self,
        lexicon: Lexicon,
        tile_set: TileSet = STANDARD_ENGLISH,
        hand_size: int = DEFAULT_HAND_SIZE,
        bingo_bonus: int = DEFAULT_BINGO_BONUS,
    ) -> None:
        self.lexicon = lexicon
        self.tile_set = tile_set
        self.hand_size = hand_size
        self.bingo_bonus = bingo_bonus
        self.alphabet = tile_set.letters
        self.tables = lexicon_tables(lexicon, self.alphabet)
        self.values = [tile_set.value(letter) for letter in self.alphabet]

    # --- public entry points -----------------------------------------------------------------

    def moves(self, board: Board, rack: Rack, ordered: bool = False) -> list[Move]:
        """Every distinct legal move, scored; best first when ``ordered``."""
        moves: list[Move] = []
        for orientation in self._orientations(board):
            records: list[RawMove] = []
            self._search(orientation, rack, records.append)
            moves.extend(self._to_move(orientation, record) for record in records)
        if ordered:
            moves.sort(key=Move.sort_key)
        return moves

    def raw_moves(self, board: Board, rack: Rack) -> list[RawMove]:
        """Every distinct legal move as a compact :data:`RawMove` record (no :class:`Move`
        objects are built; what the benchmark times as full generation)."""
        records: list[RawMove] = []
        for orientation in self._orientations(board):
            self._search(orientation, rack, records.append)
        return records

    def count(self, board: Board, rack: Rack) -> int:
        """How many distinct legal moves there are."""
        return len(self.raw_moves(board, rack))

    def best(self, board: Board, rack: Rack, limit: int = 1) -> list[Move]:
        """The ``limit`` best moves, best first (same order as sorting :meth:`moves`)."""
        moves = self.moves(board, rack, ordered=True)
        return moves[:limit]

    # --- the search ----------------------------------------------------------------------------

    def _orientations(self, board: Board) -> list[_Orientation]:
        return [
            _Orientation(board, across, self.tables, self.values, self.tile_set)
            for across in (True, False)
        ]

    def _rack_counts(self, rack: Rack) -> list[int]:
        """Counts per alphabet letter, blanks last; tiles outside the alphabet are ignored."""
        counts = [0] * (len(self.alphabet) + 1)
        index = self.tables.index
        for tile, count in rack.counts().items():
            if tile == BLANK:
                counts[-1] += count
            elif tile in index:
                counts[index[tile]] += count
        return counts

    def _search(self, orientation: _Orientation, rack: Rack, emit: Callable[[RawMove], None]) -> None:
        """Emit every move of ``orientation`` (see the module docstring)."""
        counts = self._rack_counts(rack)
        blank_index = len(counts) - 1
        rack_size = sum(counts)
        if rack_size == 0:
            return
        tables = self.tables
        expansions = tables.expansions
        expand = tables.expand
        lexicon = self.lexicon
        step = lexicon.step
        is_word_at = lexicon.is_word_at
        root = lexicon.root()
        values = self.values
        hand_size = self.hand_size
        bingo = self.bingo_bonus
        across = orientation.across
        n = orientation.cols

        # Per-line state read by the nested functions (rebound for each line and start).
        tiles: list[str | None] = []
        buf: list[str | None] = []
        masks: list[int] = []
        sums: list[int] = []
        lengths: list[int] = []
        lms: list[int] = []
        wms: list[int] = []
        run_text: list[str] = []
        run_end: list[int] = []
        run_score: list[int] = []
        line_index = 0
        start = 0
        anchor = 0

        def extend(pos: int, node: Node, main: int, mult: int, cross: int, placed: int) -> None:
            # Place a rack tile on the empty square ``pos`` (ExtendRight).
            mask = masks[pos]
            if not mask:
                return
            kids = expansions.get(node)
            if kids is None:
                kids = expand(node)
            lm = lms[pos]
            wm = wms[pos]
            csum = sums[pos]
            new_mult = mult * wm
            placed += 1
            for bit, i, letter, lower, child, is_word in kids:
                if not mask & bit:
                    continue
                if counts[i]:
                    counts[i] -= 1
                    buf[pos] = letter
                    v = values[i] * lm
                    advance(pos, child, is_word, main + v, new_mult,
                            cross + (csum + v) * wm if csum >= 0 else cross, placed)
                    counts[i] += 1
                if counts[blank_index]:
                    counts[blank_index] -= 1
                    buf[pos] = lower
                    advance(pos, child, is_word, main, new_mult,
                            cross + csum * wm if csum >= 0 else cross, placed)
                    counts[blank_index] += 1

        def advance(pos: int, node: Node, is_word: bool, main: int, mult: int, cross: int,
                    placed: int) -> None:
            # After a tile on ``pos``: cross the board tiles that follow, record, go on.
            end = pos
            nxt = pos + 1
            if nxt < n and tiles[nxt] is not None:
                node = step(node, run_text[nxt])
                if node is None:
                    return
                is_word = is_word_at(node)
                main += run_score[nxt]
                end = run_end[nxt]
                nxt = end + 1
            if is_word and pos >= anchor:
                length = end - start + 1
                if placed > 1 or (length >= 2 and (
                        length > lengths[pos] or (length == lengths[pos] and across))):
                    emit((
                        main * mult + cross + (bingo if placed == hand_size else 0),
                        across, line_index, start, end, "".join(buf[start:end + 1]),  # type: ignore[arg-type]
                    ))
            if nxt < n and placed < rack_size:
                extend(nxt, node, main, mult, cross, placed)

        for line in orientation.lines:
            if not line.anchors:
                continue
            tiles = line.tiles
            buf = list(tiles)
            masks = line.cross_masks
            sums = line.cross_sums
            lengths = line.cross_lengths
            lms = line.letter_multipliers
            wms = line.word_multipliers
            run_text = line.run_text
            run_end = line.run_end
            run_score = line.run_score
            line_index = line.index
            anchors = set(line.anchors)
            for anchor in line.anchors:
                if anchor > 0 and tiles[anchor - 1] is not None:
                    start = anchor - 1
                    while start > 0 and tiles[start - 1] is not None:
                        start -= 1
                    node = step(root, run_text[start])
                    if node is not None:
                        extend(anchor, node, run_score[start], 1, 0, 0)
                    continue
                limit = 0
                while (limit < rack_size - 1 and anchor - limit - 1 >= 0
                       and tiles[anchor - limit - 1] is None
                       and anchor - limit - 1 not in anchors):
                    limit += 1
                for start in range(anchor - limit, anchor + 1):
                    extend(start, root, 0, 1, 0, 0)

    # --- records to moves ---------------------------------------------------------------------

    def _to_move(self, orientation: _Orientation, record: RawMove) -> Move:
        """Turn a record of ``orientation`` into a :class:`Move` with its formed words."""
        score, across, index, first, last, word = record
        line = orientation.lines[index]
        tiles = line.tiles
        placed = []
        words = [word.upper()] if last > first else []
        for offset, char in enumerate(word):
            col = first + offset
            if tiles[col] is None:
                row_col = (index, col) if across else (col, index)
                placed.append(Placement(row_col[0], row_col[1], char.upper(), char.islower()))
                if line.cross_lengths[col] > 1:
                    words.append(line.above[col] + char.upper() + line.below[col])
        if across:
            return Move(index, first, Direction.ACROSS, word, tuple(placed), score, tuple(words))
        return Move(first, index, Direction.DOWN, word, tuple(placed), score, tuple(words))


def top_moves(moves: list[Move], limit: int) -> list[Move]:
    """The ``limit`` best of ``moves`` in the engine's order."""
    return heapq.nsmallest(limit, moves, key=Move.sort_key)
