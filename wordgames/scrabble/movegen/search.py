"""One search: a board and a rack, both orientations of the board, the rack state, the
shared left parts, and the drivers that run the line search over every anchor (all moves)
or over placements best bound first (best moves)."""

from __future__ import annotations

from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.tiles import Rack, TileSet
from wordgames.scrabble.movegen.blanks import blank_designations
from wordgames.scrabble.movegen.bound import Span, left_weights, spans
from wordgames.scrabble.movegen.extension import line_search
from wordgames.scrabble.movegen.leftparts import left_parts
from wordgames.scrabble.movegen.lines import Orientation, left_limit
from wordgames.scrabble.movegen.state import Emit, SearchState
from wordgames.scrabble.movegen.tables import LexiconTables


class Search:
    """The search over one board for one rack.  :meth:`generate_all` emits every move;
    :meth:`spans` and :meth:`run_span` drive the bounded search, which emits only moves
    scoring at least ``state.threshold``."""

    def __init__(self, tables: LexiconTables, lexicon: Lexicon, tile_set: TileSet, values: list[int],
                 hand_size: int, bingo_bonus: int, board: Board, rack: Rack, emit: Emit) -> None:
        self.orientations = [Orientation(board, across, tables, tile_set) for across in (True, False)]
        state = SearchState(tables, tile_set, values, rack, hand_size, bingo_bonus)
        self.state = state
        self.parts = left_parts(tables, lexicon.root(), state)
        designate = blank_designations(state, tables.index, emit)
        self.lines = line_search(tables, lexicon, state, self.parts, designate, emit)

    def generate_all(self) -> None:
        """Emit every legal move."""
        rack_size = self.state.rack_size
        if rack_size == 0:
            return
        depth = 0  # the longest left part any anchor takes
        for orientation in self.orientations:
            for line in orientation.lines:
                tiles = line.tiles
                for at in line.anchors:
                    if not (at > 0 and tiles[at - 1] is not None):
                        depth = max(depth, left_limit(line, at, rack_size))
        self.parts.build(depth)
        select, run_anchor = self.lines.select, self.lines.run_anchor
        for orientation in self.orientations:
            for line in orientation.lines:
                if line.anchors:
                    select(orientation.across, line)
                    for at in line.anchors:
                        run_anchor(at)

    def spans(self) -> list[Span]:
        """Every placement a move could occupy with its score bound, best bound first."""
        found = spans(self.state, self.orientations)
        self.parts.build(max((span.left for span in found), default=0))
        return found

    def run_span(self, span: Span) -> None:
        """Emit the moves of one placement that score at least the threshold."""
        orientation = self.orientations[span.orientation]
        line = orientation.lines[span.line]
        self.lines.select(orientation.across, line)
        weights, rest = left_weights(self.state, line, span) if span.left else ([], 0)
        self.lines.run_span(span.anchor, span.first, span.last, weights, rest)
