"""Exact endgames: negamax with alpha-beta over a position where every tile is known.

The value of a position is the change in spread, from the point of view of the side to move,
from now to the end of the game, the end-of-game rack adjustments included.  A move's value
is its score minus the value of the position it leaves to the opponent; a move that empties
the rack with the bag empty, or a turn that completes the run of scoreless turns, ends the
game and its value is counted directly.  Passes are moves, so a side that cannot play (or
should not) passes, and two sides that both pass end the game by the scoreless run.

The search deepens one ply at a time until an iteration reaches no horizon (the answer is
then exact) or the time runs out (the last finished iteration is returned, marked not exact).
At the horizon a position is worth the difference of the racks' points.  Techniques, each with a
switch in :class:`SearchOptions` so the benchmark can measure it: move ordering (the table's
move, killer moves, going out, then score), a transposition table on Zobrist keys, killer
moves, principal-variation search, aspiration windows at the root, and a cache of move lists
per (board, rack).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.tiles import Rack
from wordgames.scrabble.endgame.position import SearchPosition, placement_key
from wordgames.scrabble.rules.base import RuleSet

INFINITY = 1_000_000
COMPLETE = 1 << 30  # the depth of a table entry whose subtree reached no horizon
EXACT, LOWER, UPPER = 0, 1, 2
MAX_CACHED_MOVE_LISTS = 50_000
MAX_TABLE_ENTRIES = 2_000_000
ASPIRATION = 12  # points either side of the last iteration's value


@dataclass(frozen=True)
class SearchOptions:
    """Which search techniques are on (all by default); the benchmark turns each off."""

    ordering: bool = True
    transposition_table: bool = True
    killers: bool = True
    pvs: bool = True
    aspiration: bool = True
    move_cache: bool = True
    clock: Callable[[], float] = time.perf_counter
    """What the time limit is measured on: wall-clock seconds by default; a benchmark on a
    shared machine may pass ``time.process_time`` (this process's CPU seconds)."""


@dataclass(frozen=True)
class PlayedTurn:
    """One turn of a principal variation: ``player`` 0 is the side to move at the root."""

    player: int
    move: Move | None  # None: a pass

    @property
    def score(self) -> int:
        """The points the turn scores."""
        return 0 if self.move is None else self.move.score


@dataclass(frozen=True)
class EndgameResult:
    """A solved (or partly solved) endgame.

    ``value`` is the change in spread from the root mover's view to the end of the game
    following ``moves`` (the principal variation); ``exact`` whether it is proven; ``depth``
    the plies of the last finished iteration; ``nodes`` positions visited; ``seconds`` time.
    """

    value: int
    exact: bool
    moves: tuple[PlayedTurn, ...]
    depth: int
    nodes: int
    seconds: float


class _Timeout(Exception):
    """The time limit was reached inside an iteration."""


Entry = tuple[int, int, int, tuple[object, ...] | None]  # depth, value, flag, best move key


class Searcher:
    """One search over one :class:`SearchPosition`; the table and caches live as long as it
    does, so solving several positions reached from one root (the pre-endgame does) shares
    them."""

    def __init__(
        self,
        position: SearchPosition,
        lexicon: Lexicon,
        rules: RuleSet,
        options: SearchOptions | None = None,
    ) -> None:
        self.position = position
        self.lexicon = lexicon
        self.rules = rules
        self.options = options or SearchOptions()
        self.table: dict[int, Entry] = {}
        self.move_lists: dict[tuple[int, str], list[Move]] = {}
        self.killers: list[list[tuple[object, ...]]] = []
        self.pv: list[list[Move | None]] = []
        self.nodes = 0
        self.horizon_hits = 0
        self.deadline: float | None = None

    # --- moves ----------------------------------------------------------------------------------

    def moves(self) -> list[Move]:
        """The side to move's legal placements (not the pass), generated once per (board,
        rack) when the cache is on.  Cost: one move generation on a miss."""
        position = self.position
        rack_text = position.rack_text(position.side)
        if not rack_text:
            return []
        cache_key = (position.board_hash, rack_text)
        if self.options.move_cache:
            cached = self.move_lists.get(cache_key)
            if cached is not None:
                return cached
        moves = list(self.rules.generate_moves(position.board, Rack(rack_text), self.lexicon))
        if self.options.move_cache:
            if len(self.move_lists) >= MAX_CACHED_MOVE_LISTS:
                self.move_lists.clear()
            self.move_lists[cache_key] = moves
        return moves

    def _ordered(self, moves: list[Move], best: tuple[object, ...] | None, ply: int) -> list[Move | None]:
        """Moves and the pass in search order."""
        listed: list[Move | None] = list(moves)
        listed.append(None)
        if not self.options.ordering:
            return listed
        rack_size = sum(self.position.racks[self.position.side].values())
        killers = self.killers[ply] if self.options.killers and ply < len(self.killers) else []

        def rank(move: Move | None) -> tuple[int, int, int]:
            key = placement_key(move)
            if best is not None and key == best:
                return (0, 0, 0)
            if key in killers:
                return (1, killers.index(key), 0)
            if move is None:
                return (3, 0, 0)
            out = 0 if len(move.placed) == rack_size and not self.position.bag else 1
            return (2, out, -move.score)

        listed.sort(key=rank)
        return listed

    # --- the search -----------------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self.deadline is not None and self.options.clock() > self.deadline:
            raise _Timeout

    def leaf_value(self) -> int:
        """The horizon's guess, made without generating moves (which would cost as much as
        searching one ply deeper): the rack points the opponent holds minus those the side to
        move holds, the tiles that end up counted against their owner."""
        position = self.position
        return position.rack_points(position.side ^ 1) - position.rack_points(position.side)

    def child_value(self, move: Move | None, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of ``move`` for the side to move, searched within (alpha, beta)."""
        position = self.position
        out = position.goes_out(move)
        score = 0 if move is None else move.score
        step = position.make(move)
        try:
            if out:
                return score - position.final_adjustment(out=True)
            if position.scoreless >= position.limit:
                return score - position.final_adjustment(out=False)
            return score - self.search(depth - 1, score - beta, score - alpha, ply + 1)
        finally:
            position.unmake(step)

    def search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax with alpha-beta: the value of the position for the side to move, exact
        when strictly inside (alpha, beta), else a bound on the side it fell.  ``depth`` plies
        are searched before the horizon."""
        self._tick()
        while len(self.pv) <= ply + 1:
            self.pv.append([])
            self.killers.append([])
        self.pv[ply] = []
        position = self.position
        key = position.key()
        best_key: tuple[object, ...] | None = None
        pv_node = beta - alpha > 1 and self.options.pvs
        if self.options.transposition_table:
            entry = self.table.get(key)
            if entry is not None:
                entry_depth, value, flag, best_key = entry
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
            return self.leaf_value()
        hits_before = self.horizon_hits
        original_alpha = alpha
        best = -INFINITY
        best_move: Move | None = None
        for index, move in enumerate(self._ordered(self.moves(), best_key, ply)):
            self.pv[ply + 1] = []
            if index and self.options.pvs:
                value = self.child_value(move, depth, alpha, alpha + 1, ply)
                if alpha < value < beta:
                    self.pv[ply + 1] = []
                    value = self.child_value(move, depth, alpha, beta, ply)
            else:
                value = self.child_value(move, depth, alpha, beta, ply)
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    self.pv[ply] = [move, *self.pv[ply + 1]]
                    if alpha >= beta:
                        self._remember_killer(ply, move)
                        break
        if self.options.transposition_table:
            if len(self.table) >= MAX_TABLE_ENTRIES:
                self.table.clear()
            flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
            stored_depth = COMPLETE if self.horizon_hits == hits_before else depth
            # After a fail low every move was as bad as the bound: the "best" one is only the
            # first tried, so the move learnt earlier (if any) is kept for ordering instead.
            move_key = best_key if flag == UPPER else placement_key(best_move)
            self.table[key] = (stored_depth, best, flag, move_key)
        return best

    def _remember_killer(self, ply: int, move: Move | None) -> None:
        # A pass refutes often but leads into long scoreless lines: tried first everywhere
        # it made the search several times bigger, so it is never a killer.
        if not self.options.killers or move is None:
            return
        key = placement_key(move)
        killers = self.killers[ply]
        if key not in killers:
            killers.insert(0, key)
            del killers[2:]

    # --- iterative deepening --------------------------------------------------------------------

    def solve(
        self,
        plies: int | None = None,
        time_limit: float | None = None,
    ) -> EndgameResult:
        """Deepen until the value is proven, ``plies`` is reached or ``time_limit`` seconds
        pass; the last finished iteration's answer.  Cost: exponential in the racks' sizes;
        one move generation per new (board, rack) with the cache on."""
        clock = self.options.clock
        started = clock()
        self.deadline = None if time_limit is None else started + time_limit
        root_moves = self.moves()  # made before the clock can stop us: the fallback needs them
        longest = _longest_game(self.position)
        deepest = longest if plies is None else min(plies, longest)
        value, pv, depth, exact = self._fallback(root_moves), [], 0, False
        for iteration in range(1, deepest + 1):
            self.horizon_hits = 0
            try:
                found = self._root(iteration, value if depth else None)
            except _Timeout:
                break
            value, pv, depth = found, list(self.pv[0]), iteration
            exact = self.horizon_hits == 0
            if exact:
                break
        if not pv:
            pv = [self._best_immediate(root_moves)]
        turns = tuple(PlayedTurn(ply % 2, move) for ply, move in enumerate(pv))
        return EndgameResult(value, exact, turns, depth, self.nodes, clock() - started)

    def _root(self, depth: int, guess: int | None) -> int:
        if guess is not None and self.options.aspiration:
            alpha, beta = guess - ASPIRATION, guess + ASPIRATION
            value = self.search(depth, alpha, beta, 0)
            if alpha < value < beta:
                return value
        return self.search(depth, -INFINITY, INFINITY, 0)

    def _best_immediate(self, moves: list[Move]) -> Move | None:
        return max(moves, key=lambda move: (move.score, len(move.placed)), default=None)

    def _fallback(self, moves: list[Move]) -> int:
        move = self._best_immediate(moves)
        return 0 if move is None else move.score


def _longest_game(position: SearchPosition) -> int:
    """An upper bound on the plies left: every placement takes at least one tile, and between
    two placements fewer than ``limit`` scoreless turns can pass."""
    tiles = sum(sum(rack.values()) for rack in position.racks) + len(position.bag)
    return (tiles + 1) * position.limit


def solve_position(
    position: SearchPosition,
    lexicon: Lexicon,
    rules: RuleSet,
    *,
    plies: int | None = None,
    time_limit: float | None = None,
    options: SearchOptions | None = None,
) -> EndgameResult:
    """Solve ``position`` for its side to move (see :meth:`Searcher.solve`)."""
    return Searcher(position, lexicon, rules, options).solve(plies, time_limit)
