"""The best placement one ply before the horizon, found by the equity kernel instead of by
generating and valuing every move.

One ply before the horizon a placement is worth its score plus the points of the tiles it
plays, against the racks (the opponent's view after it is the difference of the racks), or its
score plus twice the opponent's rack when it goes out.  That is the move generator's equity
with a keep worth minus its tiles' points and the empty keep (going out) worth the opponent's
rack: the equity kernel finds the best such placement and skips the placements that cannot be
best, where a full generation would list them all.  A second kind of search finds the best
placement that goes out (every other keep worth a million points less per tile), which a
position one of whose children refutes it needs to know to count the refutation as proven.
"""

from __future__ import annotations

from wordgames.scrabble.endgame.position import CompactMove, SearchPosition
from wordgames.scrabble.leaves.keeps import RackKeeps, end_keeps
from wordgames.scrabble.movegen.generator import MoveGenerator

MAX_CACHED = 200_000  # results kept per kind before the cache is emptied
_OUT_ONLY = 1_000_000.0  # what each kept tile costs in the search for a move going out


class KernelFrontier:
    """Best placements of the side to move in ``position`` (as it stands at each call), by
    their value one ply before the horizon; results are cached per board and rack."""

    def __init__(self, generator: MoveGenerator, position: SearchPosition) -> None:
        self.generator = generator
        self.position = position
        self.faces = {position.tile_text(tile): value for tile, value in enumerate(position.values)}
        self.ones = dict.fromkeys(self.faces, 1)
        self.keeps: dict[tuple[int, int, bool], RackKeeps | None] = {}
        self.found: dict[tuple[int, bool], tuple[int, CompactMove] | None] = {}

    def best(self, out_only: bool) -> tuple[int, CompactMove] | None:
        """``(value, move)`` of the best placement of the side to move, or with ``out_only``
        of the best that empties its rack; None when there is none.  The bag must be empty.
        Cost: one equity-kernel search on a cache miss."""
        position = self.position
        side = position.side
        theirs = position.rack_points[side ^ 1]
        key = (position.rack_key(side) ^ theirs, out_only)
        if key in self.found:
            return self.found[key]
        found = None
        keeps = self._keeps(out_only)
        if keeps is not None:
            best = self.generator.best_compact_by_keeps(position.live, position.racks[side], keeps)
            if best is not None:
                _equity, score, codes = best
                out = len(codes) == position.sizes[side]
                if out or not out_only:
                    found = (position.frontier_value((score, codes)), (score, codes))
        if len(self.found) >= MAX_CACHED:
            self.found.clear()
        self.found[key] = found
        return found

    def _keeps(self, out_only: bool) -> RackKeeps | None:
        position = self.position
        side = position.side
        theirs = position.rack_points[side ^ 1]
        key = (position.rack_hash[side], theirs, out_only)  # the rack's own hash: no text made
        if key not in self.keeps:
            if len(self.keeps) >= MAX_CACHED:
                self.keeps.clear()
            faces, factor = (self.ones, _OUT_ONLY) if out_only else (self.faces, 1.0)
            self.keeps[key] = end_keeps(position.alphabet, position.rack(side), faces, factor, float(theirs))
        return self.keeps[key]

