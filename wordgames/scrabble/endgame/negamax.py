# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The endgame search: negamax with alpha-beta over integer arrays, compiled by Cython (C types
in ``negamax.pxd``) and run as plain Python where no compiler is available.

:class:`Negamax` extends :class:`~.move_order.MoveOrder` (the position as arrays, its moves
as rows of a stack, played and taken back in place, with the killer moves and the order in
which a node's moves are tried) with the search and a
:class:`~.transposition.TranspositionTable`.

What the search does, each technique with a switch (:class:`~.results.SearchOptions`): the
transposition table's move and the killer moves of the ply (judged legal on the integer board
and scored afresh) tried before any generation, then the moves that go out, then by estimated
value (score plus the points of the tiles played); a forced pass costs no ply, and stuck tiles
count twice against their holder at the horizon; a cache of move lists by board and rack
(iterative deepening meets the inner positions again); a transposition table of fixed size
in buckets of two (the deeper entry and the latest) keyed by the Zobrist key;
the next move's bucket of the table fetched into the cache while a move is searched;
principal-variation search; aspiration windows at the root; iterative deepening with the
clock read every :data:`CLOCK_EVERY` nodes; frontier valuing (one ply before the horizon
every child is valued from the racks, without visiting).
A subtree that meets no horizon is *complete*: its value is proven, and its table entry says
so, so an iteration that meets no horizon ends the search with a proof.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.scrabble.endgame.move_order import MoveOrder
from wordgames.scrabble.endgame.transposition import TranspositionTable
from wordgames.scrabble.movegen.board_arrays import _zeros
from wordgames.scrabble.movegen.buffer import BLANK_FLAG

if TYPE_CHECKING:
    from wordgames.scrabble.endgame.position import CompactMove

if not cython.compiled:  # compiled, negamax.pxd cimports the row's head, the table's flags, NO_KEY
    from wordgames.scrabble.endgame.move_order import NO_KEY
    from wordgames.scrabble.endgame.search_state import HEAD
    from wordgames.scrabble.endgame.transposition import COMPLETE, EXACT, LOWER, UPPER

INFINITY = 1_000_000
CLOCK_EVERY = 128
"""Nodes between two readings of the clock (about a millisecond apart; a generation counts as
one more node for every WORK_PER_VISIT moves it lists)."""
_BLANK = BLANK_FLAG  # a C constant when compiled
FIRST_TABLE_BITS = 16
"""A table's size, in bits of its entry count, when a search starts; it grows as the search
visits more nodes (``Negamax._grow_table``), up to the ``table_bits`` the search was given."""
_NO_GROWTH = 1 << 62


class Negamax(MoveOrder):
    """One endgame search from the positions of a :class:`~.search_state.SearchState` (the
    arguments before ``table_bits`` are its own), its moves ordered by
    :class:`~.move_order.MoveOrder`, with a table of at most ``1 << table_bits`` entries (it
    grows as the search goes) that lives as long as the object: :meth:`load` a new position
    reached from the same game and search again, and what was learnt is kept.  Switches:
    ``ordering``, ``use_table``, ``killers``, ``pvs``, ``aspiration``, ``frontier``,
    ``use_cache``, ``estimated_order``, ``stuck_values``, ``free_passes``."""

    def __init__(self, squares: int, cols: int, values: Sequence[int], hand: int, limit: int,
                 kernel: Any, state: Any, source: Callable[[Any, list[int]], list[CompactMove]] | None,
                 table_bits: int, cache_bits: int, shared_table: bool = False) -> None:
        super().__init__(squares, cols, values, hand, limit, kernel, state, source, cache_bits)
        # A shared table is whole from the start: the processes that share it map it once.
        self.table_limit = table_bits
        self.table = TranspositionTable(table_bits if shared_table else min(table_bits, FIRST_TABLE_BITS),
                                        self.width, squares, shared_table)
        self.grow_at = (1 << self.table.bits) >> 1 if self.table.bits < table_bits else _NO_GROWTH
        self.pv = _zeros("q", 1)
        self.pv_len = _zeros("i", 1)
        self.best = _zeros("q", 1)
        self.nodes = 0
        self.horizon_hits = 0
        self.stopped = False
        self.deadline = -1.0
        self.clock: Any = None
        self.use_table = True
        self.pvs = True
        self.aspiration = True
        self.frontier = True
        self.free_passes = True
        self.playouts = False

    def load(self, board: Any, racks: Sequence[Sequence[int]], bag: Sequence[int], side: int,
             scoreless: int) -> None:
        """Search from this position (see :meth:`.SearchState.load`), the killers forgotten and
        the table kept; with ``stuck_values`` each side's stuck tiles marked.  Cost: O(squares),
        and a generation for each side to mark stuck tiles."""
        MoveOrder.load(self, board, racks, bag, side, scoreless)
        if self.stuck_values:
            self.mark_stuck()

    def _grow(self, plies: int) -> None:
        MoveOrder._grow(self, plies)
        self.pv = _zeros("q", plies * plies * self.width)
        self.pv_len = _zeros("i", plies)
        self.best = _zeros("q", plies * self.width)

    # --- the search -------------------------------------------------------------------------------

    def _tick(self) -> bool:
        """Count a node; read the clock every CLOCK_EVERY; whether the search must stop."""
        self.nodes += 1
        self.visits += 1
        if self.nodes > self.grow_at:
            self._grow_table()
        if self.deadline >= 0 and self.visits >= CLOCK_EVERY:
            self.visits = 0
            if self.clock() > self.deadline:
                self.stopped = True
        return self.stopped

    def _child(self, slot: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of the move of row ``slot`` for the side to move, searched within
        (alpha, beta)."""
        at = slot * self.width
        score = self.mv[at]
        count = self.mv[at + 1]
        out = count > 0 and count == self.size[self.side] and self.bag_pos == self.bag_len
        self.pv_len[ply + 1] = 0
        self._make(slot, ply)
        if out or self.scoreless >= self.limit:
            value = self._ended(score, out)
        else:
            value = score - self._search(depth - 1, score - beta, score - alpha, ply + 1)
        self._unmake(slot, ply)
        return value

    def _ended(self, score: int, out: bool) -> int:
        """Just after a move of ``score`` points ended the game (its side went out with
        ``out``, else the scoreless run is complete), its value for the side that made it:
        the score and the racks' adjustments."""
        if out:
            return score + 2 * self.rack_points[self.side]
        return score - (self.rack_points[self.side ^ 1] - self.rack_points[self.side])

    def _horizon(self) -> int:
        """The horizon's guess for the side to move, from the racks (:meth:`_rack_guess`)."""
        side = self.side
        return self._rack_guess(self.rack_points[side], self.stuck_points[side],
                                self.rack_points[side ^ 1], self.stuck_points[side ^ 1])

    def _set_pv(self, ply: int, slot: int, with_child: bool) -> None:
        """The principal variation at ``ply``: the move of row ``slot``, then the child's."""
        width = self.width
        at = ply * self.plies * width
        self._copy_out(self.pv, at, slot)
        length = 1
        if with_child:
            child = (ply + 1) * self.plies * width
            for i in range(self.pv_len[ply + 1]):
                for k in range(width):
                    self.pv[at + (i + 1) * width + k] = self.pv[child + i * width + k]
            length += self.pv_len[ply + 1]
        self.pv_len[ply] = length

    def _search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax with alpha-beta: the value of the position for the side to move, exact
        when strictly inside (alpha, beta), else a bound on the side it fell; ``depth`` plies
        before the horizon."""
        if self._tick():
            return 0
        self.pv_len[ply] = 0
        key = self.key()
        table = self.table
        slot = table.probe(key) if self.use_table else -1
        known = slot >= 0
        pv_node = beta - alpha > 1 and self.pvs
        if known:
            entry_depth = table.hit_depth
            value = table.hit_value
            flag = table.hit_flag
            # No cutoff at the root (its best move is the answer) nor, with PVS, on the
            # principal variation (so the sequence comes out whole).
            if entry_depth >= depth and ply and not pv_node and (
                flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha)
            ):
                if entry_depth < COMPLETE:
                    self.horizon_hits += 1
                return value
        if depth <= 0:
            self.horizon_hits += 1
            return self._playout(ply) if self.playouts else self._horizon()
        hits_before = self.horizon_hits
        base = self.top
        if known:
            self._reserve(base + 1)
            self._copy_in(base, table.hit_move, 0)
            self.top = base + 1
        if depth == 1 and self.frontier and not self.playouts and self.bag_pos == self.bag_len:
            best = self._frontier(alpha, beta, ply, base if known else -1)
        else:
            best = self._expand(depth, alpha, beta, ply, base if known else -1)
        self.top = base
        if self.stopped:
            return 0
        if self.use_table:
            flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
            stored = COMPLETE if self.horizon_hits == hits_before else depth
            # After a fail low every move was as bad as the bound: the "best" one is only
            # the first tried, so the move learnt earlier (if any) is kept for ordering.
            if flag == UPPER and known:
                table.store(key, stored, best, flag, self.mv, base * self.width)
            else:
                table.store(key, stored, best, flag, self.best, ply * self.width)
        return best

    def _playout(self, ply: int) -> int:
        """The horizon's guess by a greedy play-out: each side in turn plays its placement of
        the best one-ply estimate (:meth:`_frontier_value`; a pass when it has none) until a
        side goes out or the scoreless run ends; the change in spread for the side to move
        now.  Cost: a generation (or a move-cache hit) for each turn played."""
        base = self.top
        width = self.width
        value = 0
        sign = 1
        made = 0
        while True:
            if ply + made + 1 >= self.plies:  # no room left to play on: the racks' guess
                value += sign * self._horizon()
                break
            row = base + made
            count = self._push_moves(row)
            chosen = row + count - 1  # the pass
            best = NO_KEY
            for slot in range(row, row + count - 1):
                estimate = self._frontier_value(slot)
                if estimate > best:
                    best = estimate
                    chosen = slot
            if chosen != row:
                for k in range(width):
                    self.mv[row * width + k] = self.mv[chosen * width + k]
            self.top = row + 1
            score = self.mv[row * width]
            tiles = self.mv[row * width + 1]
            out = tiles > 0 and tiles == self.size[self.side] and self.bag_pos == self.bag_len
            self._make(row, ply + made)
            made += 1
            if out or self.scoreless >= self.limit:
                value += sign * self._ended(score, out)
                break
            value += sign * score
            sign = -sign
        for i in range(made - 1, -1, -1):
            self._unmake(base + i, ply + i)
        self.top = base
        return value

    def _keep_best(self, ply: int, slot: int) -> None:
        at = ply * self.width
        row = slot * self.width
        for k in range(HEAD + self.mv[row + 1]):
            self.best[at + k] = self.mv[row + k]

    def _try(self, slot: int, index: int, depth: int, alpha: int, beta: int, ply: int, best: int,
             hits_at_start: int) -> int:
        """Search the move of row ``slot``, the ``index``-th tried (PVS after the first) at a
        node searched within (``alpha``, ``beta``) whose moves so far are worth ``best``: the
        node's new best.  A better move is kept in ``best`` at ``ply`` with its variation; a
        move that reaches ``beta`` (a cutoff) becomes a killer.  ``best`` unchanged when the
        search stopped."""
        if best > alpha:
            alpha = best
        hits_before = self.horizon_hits
        if index and self.pvs:
            value = self._child(slot, depth, alpha, alpha + 1, ply)
            if alpha < value < beta and not self.stopped:
                value = self._child(slot, depth, alpha, beta, ply)
        else:
            value = self._child(slot, depth, alpha, beta, ply)
        if self.stopped or value <= best:
            return best
        self._keep_best(ply, slot)
        if value > alpha:
            self._set_pv(ply, slot, True)
            if value >= beta:
                # The bound rests on this move's subtree alone: the horizons met under the
                # moves tried before it do not make it a guess.
                self.horizon_hits = hits_at_start + self.horizon_hits - hits_before
                self._remember(ply, slot)
        return value

    def _expand(self, depth: int, alpha: int, beta: int, ply: int, known: int) -> int:
        """The best value of the position, each move searched ``depth - 1`` plies deeper:
        the table's move (row ``known``, -1 none) and the killers the judge finds legal
        before any generation, then the others in order, the pass last; the best move kept
        in ``best`` at ``ply``."""
        best = -INFINITY
        self.best[ply * self.width + 1] = -1
        hits_at_start = self.horizon_hits
        index = 0
        if not self.ordering:
            known = -1
        tried_base = known if known >= 0 else self.top
        # A forced pass (no placement here) costs no ply: the table's pass is tried deeper
        # when it is one (the move list, needed soon anyway, says so).
        pass_depth = depth
        known_pass = known >= 0 and not self.mv[known * self.width + 1]
        if self.free_passes and known_pass and not self._moves(self.top):
            pass_depth = depth + 1
        tried = self._cheap(ply, known) + (1 if known >= 0 else 0)
        for slot in range(tried_base, tried_base + tried):
            best = self._try(slot, index, depth if self.mv[slot * self.width + 1] else pass_depth,
                             alpha, beta, ply, best, hits_at_start)
            index += 1
            if self.stopped or best >= beta:
                return best
        base = self.top
        count = self._push_moves(base)
        pass_row = base + count - 1
        if count == 1 and self.free_passes:
            pass_depth = depth + 1
        if self.ordering:
            self._order(base, count - 1, ply, tried_base, tried)
        for position in range(count):
            if position == count - 1:
                slot = pass_row
                if known >= 0 and self.mv[known * self.width + 1] == 0:
                    continue
            elif self.ordering:
                if self.order[base + position] == NO_KEY:
                    continue
                slot = self._row_of(base, position)
            else:
                slot = base + position
            if (self.use_table and self.ordering and position + 2 < count
                    and self.order[base + position + 1] != NO_KEY):
                # The next move's bucket, on its way to the cache while this one is searched.
                self.table.prefetch(self._key_after(self._row_of(base, position + 1)))
            best = self._try(slot, index, pass_depth if slot == pass_row else depth, alpha, beta, ply, best,
                             hits_at_start)
            index += 1
            if self.stopped or best >= beta:
                break
        return best

    def _frontier(self, alpha: int, beta: int, ply: int, known: int) -> int:
        """:meth:`_expand` one ply before the horizon with the bag empty, the children valued
        without visiting them: the same values, but a child's table entry is not consulted.
        A cutoff is proven when a move that ends the game refutes; no cutoff is proven only
        when every move ends the game.  The table's move and the legal killers come first: one
        that ends the game and refutes spares the generation."""
        width = self.width
        self.best[ply * width + 1] = -1
        if not self.ordering:
            known = -1
        tried_base = known if known >= 0 else self.top
        tried = self._cheap(ply, known) + (1 if known >= 0 else 0)
        best = -INFINITY
        best_slot = -1
        for slot in range(tried_base, tried_base + tried):
            self.nodes += 1
            value = self._frontier_value(slot)
            if value >= beta and value > best and self._ends(slot):
                best = value
                best_slot = slot
        # A refutation that does not end the game would be a guess: a cutoff on it, spared
        # the generation, costs more proofs (deeper iterations) than it saves.
        if best_slot >= 0:
            self._keep_best(ply, best_slot)
            self._set_pv(ply, best_slot, False)
            self._remember(ply, best_slot)
            return best
        base = self.top
        count = self._push_moves(base)
        if count == 1 and self.free_passes and not self._ends(base):
            # A forced pass costs no ply: the opponent's moves are valued one ply further.
            return self._try(base, 0, 2, alpha, beta, ply, -INFINITY, self.horizon_hits)
        best = -INFINITY
        best_slot = -1
        best_end = -INFINITY
        end_slot = -1
        every_end = True
        for slot in range(base, base + count):
            self.nodes += 1
            value = self._frontier_value(slot)
            if self._ends(slot):
                if value > best_end:
                    best_end = value
                    end_slot = slot
            else:
                every_end = False
            if value > best:
                best = value
                best_slot = slot
        top_slot = best_slot
        if best_end >= beta:
            best, best_slot = best_end, end_slot
            top_slot = end_slot
        elif not every_end:
            self.horizon_hits += 1
            if best >= beta:
                # A guess fails high by as little as any move lets it: a bound further out
                # would let the positions above cut off on a guess where a proof was at hand.
                # The best move still is the one remembered (as the killer and the table's).
                for slot in range(base, base + count):
                    value = self._frontier_value(slot)
                    if beta <= value < best:
                        best = value
                        best_slot = slot
        self._keep_best(ply, top_slot)
        if best > alpha:
            self._set_pv(ply, best_slot, False)
        if best >= beta:
            self._remember(ply, top_slot)
        return best

    # --- iterative deepening ----------------------------------------------------------------------

    def _root(self, depth: int, guess: int, guessed: bool) -> int:
        if guessed and self.aspiration:
            alpha = guess - 12
            beta = guess + 12
            value = self._search(depth, alpha, beta, 0)
            if self.stopped or alpha < value < beta:
                return value
        return self._search(depth, -INFINITY, INFINITY, 0)

    def deepen(self, deepest: int, deadline: float, clock: Any,
               first: int = 1) -> tuple[int, int, bool, list[CompactMove]]:
        """Deepen one ply at a time from ``first`` up to ``deepest`` until an iteration meets
        no horizon (proven) or ``clock()`` passes ``deadline`` (negative: no limit):
        ``(value, depth, exact, principal variation)`` of the last finished iteration (depth
        0 and no moves when none finished)."""
        self.deadline = deadline
        self.clock = clock
        self.stopped = False
        self.visits = 0
        value = 0
        depth = 0
        exact = False
        pv: list[CompactMove] = []
        for iteration in range(min(first, deepest), deepest + 1):
            self.horizon_hits = 0
            found = self._root(iteration, value, depth > 0)
            if self.stopped:
                break
            value = found
            depth = iteration
            pv = []
            width = self.width
            for i in range(self.pv_len[0]):
                pv.append(self._as_pair(self.pv, i * width))
            exact = self.horizon_hits == 0
            if exact:
                break
        self.settle()  # every move is taken back: a move source's board is the root's again
        return value, depth, exact, pv

    def _grow_table(self) -> None:
        """The search has visited more nodes than half the table's entries: room for four
        times as many, up to ``table_limit`` bits (``grow_at``: the nodes that call for the
        next growth).  Entries are found again by key, so the table grows between any two
        nodes."""
        bits = self.table.bits
        while bits < self.table_limit and (1 << bits) < 4 * self.nodes:
            bits += 1
        self.table.grow(bits)
        self.grow_at = (1 << self.table.bits) >> 1 if self.table.bits < self.table_limit else _NO_GROWTH
