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
moves judged legal before any generation (:mod:`.legality`), principal-variation search,
aspiration windows at the root, a cache of move lists per (board, rack), and frontier valuing
(one ply before the horizon the children are valued from the racks, the best by the equity
kernel where compiled, :mod:`.frontier`).  Moves are :data:`.position.CompactMove` pairs; only
the principal variation becomes :class:`Move` objects.
"""

from __future__ import annotations

from collections.abc import Iterator

from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.endgame.frontier import KernelFrontier
from wordgames.scrabble.endgame.legality import MoveJudge
from wordgames.scrabble.endgame.position import PASS, CompactMove, SearchPosition
from wordgames.scrabble.endgame.results import EndgameResult, PlayedTurn, SearchOptions
from wordgames.scrabble.movegen.convert import collector_paused
from wordgames.scrabble.movegen.generator import MoveGenerator
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.rules.classic import ClassicRules

INFINITY = 1_000_000
COMPLETE = 1 << 30  # the depth of a table entry whose subtree reached no horizon
EXACT, LOWER, UPPER = 0, 1, 2
MAX_CACHED_MOVE_LISTS = 50_000
MAX_TABLE_ENTRIES = 2_000_000
ASPIRATION = 12  # points either side of the last iteration's value
CLOCK_EVERY = 64  # positions visited between two readings of the clock


class _Timeout(Exception):
    """The time limit was reached inside an iteration."""


Entry = tuple[int, int, int, CompactMove | None]  # depth, value, flag, best move


class Searcher:
    """One search over one :class:`SearchPosition`; the table and caches live as long as it
    does, so solving several positions reached from one root (the pre-endgame does) shares
    them.  Moves are generated as compact records on the position's live board where the
    rules have a move generator (:meth:`RuleSet.move_generator`), else by
    :meth:`RuleSet.generate_moves`; set ``generator`` and ``kernel_frontier`` to None to force
    the second (the tests compare the two)."""

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
        self.generator: MoveGenerator | None = rules.move_generator(lexicon)
        self.judge = _judge(position, lexicon, rules)
        self.kernel_frontier = None if self.generator is None else KernelFrontier(self.generator, position)
        self.table: dict[int, Entry] = {}
        self.move_lists: dict[int, list[CompactMove]] = {}
        self.killers: list[list[CompactMove]] = []
        self.pv: list[list[CompactMove]] = []
        self.nodes = 0
        self.visits = 0  # positions visited since the clock was last read
        self.generations = 0
        self.horizon_hits = 0
        self.deadline: float | None = None

    # --- moves ----------------------------------------------------------------------------------

    def moves(self) -> list[CompactMove]:
        """The side to move's legal placements (not the pass), those that go out first, then
        by score; generated once per (board, rack, bag) when the cache is on.  Cost: one
        move generation on a miss."""
        position = self.position
        side = position.side
        if not position.sizes[side]:
            return []
        cache_key = position.rack_key(side) ^ position.bag_hash
        if self.options.move_cache:
            cached = self.move_lists.get(cache_key)
            if cached is not None:
                return cached
        self.generations += 1
        if self.generator is not None:
            moves = self.generator.compact_moves(position.live, position.racks[side])
        else:
            moves = [position.compact(move)
                     for move in self.rules.generate_moves(position.live, position.rack(side), self.lexicon)]
        if self.options.ordering:
            size = position.sizes[side] if not position.bag else -1
            moves.sort(key=lambda move: (len(move[1]) != size, -move[0]))  # stable: ties in generation order
        if self.options.move_cache:
            if len(self.move_lists) >= MAX_CACHED_MOVE_LISTS:
                self.move_lists.clear()
            self.move_lists[cache_key] = moves
        return moves

    def _ordered(self, best: CompactMove | None, ply: int) -> Iterator[CompactMove]:
        """Moves and the pass in search order: the table's move, the killers, the rest (as
        :meth:`moves` orders them), the pass last.  The table's move and (where a judge can
        check them) the killers are tried before any generation, so a position one of them
        refutes never generates its moves."""
        if not self.options.ordering:
            yield from self.moves()
            yield PASS
            return
        tried: list[tuple[int, ...]] = []
        yield from self._cheap(best, ply, tried)
        moves = self.moves()
        if self.judge is None and self.options.killers and ply < len(self.killers):
            listed = {move[1]: move for move in moves}
            for killer in self.killers[ply]:
                if killer[1] not in tried and killer[1] in listed:
                    tried.append(killer[1])
                    yield listed[killer[1]]
        for move in moves:
            if move[1] not in tried:
                yield move
        if PASS[1] not in tried:
            yield PASS

    def _cheap(
        self, best: CompactMove | None, ply: int, tried: list[tuple[int, ...]]
    ) -> Iterator[CompactMove]:
        """The moves tried before generating: the table's move (legal, being this position's),
        then the killers the judge finds legal here; each one's codes go into ``tried``."""
        if best is not None:
            tried.append(best[1])
            yield best
        if self.judge is not None and self.options.killers and ply < len(self.killers):
            for killer in self.killers[ply]:
                if killer[1] not in tried:
                    score = self.judge.score(killer[1])
                    if score is not None:
                        tried.append(killer[1])
                        yield score, killer[1]

    # --- the search -----------------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        # Reading the clock costs as much as a small node: every CLOCK_EVERY visits is
        # enough (a few milliseconds apart).
        self.visits += 1
        if self.deadline is not None and self.visits >= CLOCK_EVERY:
            self.visits = 0
            if self.options.clock() > self.deadline:
                raise _Timeout

    def leaf_value(self) -> int:
        """The horizon's guess, made without generating moves (which would cost as much as
        searching one ply deeper): the rack points the opponent holds minus those the side to
        move holds, the tiles that end up counted against their owner."""
        position = self.position
        return position.rack_points[position.side ^ 1] - position.rack_points[position.side]

    def child_value(self, move: CompactMove, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of ``move`` for the side to move, searched within (alpha, beta)."""
        position = self.position
        out = position.goes_out(move)
        score = move[0]
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
        best_move: CompactMove | None = None
        pv_node = beta - alpha > 1 and self.options.pvs
        if self.options.transposition_table:
            entry = self.table.get(key)
            if entry is not None:
                entry_depth, value, flag, best_move = entry
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
        known = best_move
        if depth == 1 and self.options.frontier and not position.bag:
            best, best_move = self._frontier(alpha, beta, ply, known)
        else:
            best, best_move = self._expand(depth, alpha, beta, ply, known)
        if self.options.transposition_table:
            if len(self.table) >= MAX_TABLE_ENTRIES:
                self._make_room()
            flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
            stored_depth = COMPLETE if self.horizon_hits == hits_before else depth
            # After a fail low every move was as bad as the bound: the "best" one is only the
            # first tried, so the move learnt earlier (if any) is kept for ordering instead.
            self.table[key] = (stored_depth, best, flag, known if flag == UPPER else best_move)
        return best

    def _expand(
        self, depth: int, alpha: int, beta: int, ply: int, known: CompactMove | None
    ) -> tuple[int, CompactMove | None]:
        """The best value and move of the position, each move searched ``depth - 1`` plies
        deeper (principal-variation search after the first)."""
        best = -INFINITY
        best_move: CompactMove | None = None
        hits_at_start = self.horizon_hits
        for index, move in enumerate(self._ordered(known, ply)):
            self.pv[ply + 1] = []
            hits_before = self.horizon_hits
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
                        # The bound rests on this move's subtree alone: the horizons met
                        # under the moves tried before it do not make it a guess.
                        self.horizon_hits = hits_at_start + self.horizon_hits - hits_before
                        self._remember_killer(ply, move)
                        break
        return best, best_move

    def _frontier(
        self, alpha: int, beta: int, ply: int, known: CompactMove | None
    ) -> tuple[int, CompactMove | None]:
        """:meth:`_expand` one ply before the horizon with the bag empty, without visiting
        the children (:meth:`SearchPosition.frontier_value`).  The same values as visiting
        them, but a child's table entry is not consulted, so a position solved elsewhere
        counts as a horizon here.  A cutoff is proven when the refuting move ends the game,
        else a guess; no cutoff is proven only when every move ends the game.  Cost: with the
        compiled kernel one equity-kernel search for the best placement (:mod:`.frontier`),
        else O(tiles) for each generated move."""
        position = self.position
        pass_ends = position.scoreless + 1 >= position.limit
        best = -INFINITY
        best_move: CompactMove | None = None
        tried: list[tuple[int, ...]] = []
        cheap = self._cheap(known, ply, tried) if self.options.ordering else iter(())
        for stage in (cheap, self._frontier_rest(tried), iter((PASS,))):
            for move in stage:
                self.nodes += 1
                value = position.frontier_value(move)
                if value <= best:
                    continue
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    self.pv[ply] = [move]
                    if alpha >= beta:
                        terminal = self._ends(move, pass_ends)
                        if not terminal:
                            # Proven after all if the best move that goes out refutes too.
                            out = self._best_out()
                            out_value = -INFINITY if out is None else position.frontier_value(out)
                            if out is not None and out_value >= beta:
                                best, best_move, terminal = out_value, out, True
                                self.pv[ply] = [out]
                        if not terminal:
                            self.horizon_hits += 1
                        self._remember_killer(ply, best_move)
                        return best, best_move
        if not (position.sizes[position.side] == 1 and pass_ends):
            self.horizon_hits += 1
        return best, best_move

    def _frontier_rest(self, tried: list[tuple[int, ...]]) -> Iterator[CompactMove]:
        """The placements :meth:`_frontier` weighs after the cheap ones: the best one, from
        the equity kernel where compiled, else every generated move not tried yet."""
        if self.kernel_frontier is not None:
            found = self.kernel_frontier.best(out_only=False)
            if found is not None:
                yield found[1]
            return
        for move in self.moves():
            if move[1] not in tried:
                yield move

    def _best_out(self) -> CompactMove | None:
        """The best placement that empties the rack (by score), or None."""
        if self.kernel_frontier is not None:
            found = self.kernel_frontier.best(out_only=True)
            return None if found is None else found[1]
        size = self.position.sizes[self.position.side]
        return max((move for move in self.moves() if len(move[1]) == size), key=lambda move: move[0],
                   default=None)

    def _ends(self, move: CompactMove, pass_ends: bool) -> bool:
        """Whether ``move`` ends the game: it goes out, or scores nothing when the scoreless
        run is one turn from its limit."""
        return self.position.goes_out(move) or (not move[0] and pass_ends)

    def _make_room(self) -> None:
        """Empty a full table but for the entries whose subtrees reached no horizon (what a
        proof is made of), unless they fill half of it too.  Cost: one pass over the table,
        once every MAX_TABLE_ENTRIES / 2 new positions at most."""
        proven = {key: entry for key, entry in self.table.items() if entry[0] == COMPLETE}
        self.table = proven if len(proven) <= MAX_TABLE_ENTRIES // 2 else {}

    def _remember_killer(self, ply: int, move: CompactMove) -> None:
        # A pass refutes often but leads into long scoreless lines: tried first everywhere
        # it made the search several times bigger, so it is never a killer.
        if not self.options.killers or not move[1]:
            return
        killers = self.killers[ply]
        if move not in killers:
            killers.insert(0, move)
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
                # The search makes no reference cycles, and a collection walks the whole
                # table: paused, the cyclic collector saves about a tenth of the time.
                with collector_paused():
                    found = self._root(iteration, value if depth else None)
            except _Timeout:
                break
            value, pv, depth = found, list(self.pv[0]), iteration
            exact = self.horizon_hits == 0
            if exact:
                break
        if not pv:
            pv = [self._best_immediate(root_moves)]
        turns = tuple(PlayedTurn(ply % 2, move) for ply, move in enumerate(self._as_moves(pv)))
        return EndgameResult(value, exact, turns, depth, self.nodes, clock() - started)

    def _root(self, depth: int, guess: int | None) -> int:
        if guess is not None and self.options.aspiration:
            alpha, beta = guess - ASPIRATION, guess + ASPIRATION
            value = self.search(depth, alpha, beta, 0)
            if alpha < value < beta:
                return value
        return self.search(depth, -INFINITY, INFINITY, 0)

    def _best_immediate(self, moves: list[CompactMove]) -> CompactMove:
        return max(moves, key=lambda move: (move[0], len(move[1]), move[1]), default=PASS)

    def _fallback(self, moves: list[CompactMove]) -> int:
        return self._best_immediate(moves)[0]

    def _as_moves(self, sequence: list[CompactMove]) -> list[Move | None]:
        """The sequence as :class:`Move` objects (None for a pass), each built from its
        codes where it is played (the main word read as the move generator reads it) with
        the words the rules find.  Cost: one rule check per placement, no move generation
        (a generation per move made converting a long variation cost more than a short
        time limit)."""
        position = self.position
        found: list[Move | None] = []
        steps = []
        for move in sequence:
            if not move[1]:
                found.append(None)
            else:
                board = position.live
                cols = position.cols
                placed = Move.of_placed_numbers(
                    board, [(*divmod(code >> 8, cols), code & 255) for code in move[1]])
                verdict = self.rules.check(board, placed, self.lexicon)
                found.append(placed.with_score(move[0], verdict.words))
            steps.append(position.make(move))
        for step in reversed(steps):
            position.unmake(step)
        return found


def _judge(position: SearchPosition, lexicon: Lexicon, rules: RuleSet) -> MoveJudge | None:
    """A judge of killer moves for classic scoring (None for other rules: their killers are
    looked up among the generated moves)."""
    if not isinstance(rules, ClassicRules):
        return None
    return MoveJudge(position, position.root.layout, rules.playable_lexicon(lexicon), rules.hand_size,
                     rules.bingo_bonus, rules.minimum_word_length)


def _longest_game(position: SearchPosition) -> int:
    """An upper bound on the plies left: every placement takes at least one tile, and between
    two placements fewer than ``limit`` scoreless turns can pass."""
    tiles = sum(position.sizes) + len(position.bag)
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
