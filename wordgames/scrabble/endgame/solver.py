"""Exact endgames: the search of :mod:`.negamax` set up for a :class:`SearchPosition`.

The value of a position is the change in spread, from the point of view of the side to move,
from now to the end of the game, the end-of-game rack adjustments included.  A move's value
is its score minus the value of the position it leaves to the opponent; a move that empties
the rack with the bag empty, or a turn that completes the run of scoreless turns, ends the
game and its value is counted directly.  Passes are moves, so a side that cannot play (or
should not) passes, and two sides that both pass end the game by the scoreless run.

The search deepens one ply at a time until an iteration reaches no horizon (the answer is
then exact) or the time runs out (the last finished iteration is returned, marked not exact).
At the horizon a position is worth the difference of the racks' points.  Moves are generated
by the compiled move generator's kernel on the position's board as it changes (with
``pruned_lexicon``, on the lexicon cut to the words the endgame can form: :mod:`.word_prune`;
rules without a kernel give their moves through :meth:`RuleSet.generate_moves`); only the
principal variation becomes :class:`Move` objects, each built from its tiles and checked by
the rules (no move generation).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wordgames.collector import collector_paused, older_objects_set_aside
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_ENDGAME_TABLE_BITS, MAX_ENDGAME_WORKERS
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_int
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.placement import Placement
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.endgame.negamax import Negamax
from wordgames.scrabble.endgame.position import BLANK_FLAG, PASS, CompactMove, SearchPosition
from wordgames.scrabble.endgame.results import EndgameResult, PlayedTurn, SearchOptions
from wordgames.scrabble.endgame.smp import can_help, helpers
from wordgames.scrabble.endgame.word_prune import covers, pruned_lexicon
from wordgames.scrabble.movegen.board_arrays import BoardState, flat_premiums
from wordgames.scrabble.movegen.buffer import WorkingBuffer
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.rules.classic import ClassicRules

_STATE_KEY = "endgame"  # the board's kernel arrays kept for the endgame's kernel
_SEARCH_SHARE = 0.95  # of a time limit, for the search itself
_MOST_CACHE_BITS = 21  # move cache slots: its arena holds 64 four-byte integers a slot, 512 MiB
_SMALLEST_TABLE = 13  # table bits before one a tile: the most a small endgame's table may grow to


class Searcher:
    """The search over one :class:`SearchPosition`; its table lives as long as it does, so
    solving several positions reached from one root (the pre-endgame does) shares it.  Each
    :meth:`solve` starts from the position as it stands then."""

    def __init__(
        self,
        position: SearchPosition,
        lexicon: Lexicon,
        rules: RuleSet,
        options: SearchOptions | None = None,
        time_limit: float | None = None,
    ) -> None:
        self.position = position
        self.lexicon = lexicon
        self.rules = rules
        self.options = options = options or SearchOptions()
        require_int(options.workers, "workers", 1, MAX_ENDGAME_WORKERS)
        require_int(options.table_bits, "table_bits", 1, MAX_ENDGAME_TABLE_BITS)
        self._helpers = options.workers - 1 if can_help() else 0
        generator = rules.move_generator(lexicon)
        kernel: Any = None
        state: Any = None
        self._state_key: tuple[Any, ...] = (_STATE_KEY,)
        self._new_state: Callable[[], Any] = lambda: None
        self._pruned_for: tuple[bytes, list[int]] | None = None
        self.prune_seconds = 0.0
        judge: tuple[Any, ...] | None = None
        source = None
        if generator is not None and generator.alphabet.tiles == position.alphabet.tiles:
            self._full_table, self._values = generator.lexicon_table, generator.values
            self._kernel_args = (generator.hand_size, generator.bingo_bonus)
            kernel, state, judge = self._kernel_for(position)
        else:
            source = self._rule_moves
        hand = max(rules.hand_size, *position.sizes) + len(position.bag)
        tiles = sum(position.sizes) + len(position.bag)
        # Small endgames and short budgets get small tables: the bound on the table's growth (a
        # shared table is mapped whole) and the move cache, set up whole, follow from it.
        bits = min(options.table_bits, _SMALLEST_TABLE + tiles, budget_table_bits(time_limit))
        self.search = Negamax(len(position.tiles), position.cols, position.values, hand, position.limit,
                              kernel, state, source, bits, max(min(bits - 2, _MOST_CACHE_BITS), 4),
                              self._helpers > 0)
        search = self.search
        search.ordering = options.ordering
        search.use_table = options.transposition_table
        search.killers = options.killers
        search.pvs = options.pvs
        search.aspiration = options.aspiration
        search.frontier = options.frontier
        search.use_cache = options.move_cache
        search.estimated_order = options.estimated_order
        search.stuck_values = search.free_passes = options.stuck_tiles
        search.playouts = options.playouts
        if judge is not None:
            search.set_judge(*judge)

    def _kernel_for(self, position: SearchPosition) -> tuple[Any, Any, tuple[Any, ...] | None]:
        """The kernel, the board's arrays and the killer judge's tables for ``position``, on
        the lexicon's node table or, with ``pruned_lexicon``, on one cut to the words this
        endgame can form (:mod:`.word_prune`)."""
        table = self._full_table
        if self.options.pruned_lexicon:
            started = self.options.clock()
            squares, spare = bytes(position.live.squares), _spare(position)
            table = pruned_lexicon(table, squares, position.rows, position.cols, spare)
            self._pruned_for = (squares, spare)
            self.prune_seconds += self.options.clock() - started
        values = self._values
        kernel = WorkingBuffer(table, values, *self._kernel_args)
        self._state_key = (_STATE_KEY, table, values)
        self._new_state = lambda: BoardState(table, values)
        state = self._board_state(position)
        kernel.use_board(state)
        judge = None
        if isinstance(self.rules, ClassicRules):
            letter_mult, word_mult = flat_premiums(position.live.layout)
            judge = (table.masks, table.first, letter_mult, word_mult, self.rules.bingo_bonus,
                     self.rules.hand_size)
        return kernel, state, judge

    def _board_state(self, position: SearchPosition) -> Any:
        """The kernel's arrays of ``position``'s board, up to date."""
        state = position.live.kernel_state(self._state_key, self._new_state)
        state.sync(position.live)
        return state

    def use(self, position: SearchPosition) -> None:
        """Search ``position`` from now on (one of the same board size, rules and tile
        counts as the first), keeping the table: positions reached from one root (the
        pre-endgame's draws) share what was learnt."""
        self.position = position
        search = self.search
        if search.kernel is None:
            return
        if self._pruned_for is not None and not covers(*self._pruned_for, bytes(position.live.squares),
                                                       _spare(position)):
            # Not reachable from the position the graph was cut for: it may form other words.
            kernel, state, judge = self._kernel_for(position)
            search.kernel = kernel
            if judge is not None:
                search.set_judge(*judge)
        else:
            state = self._board_state(position)
            search.kernel.use_board(state)
        search.state = state

    @property
    def nodes(self) -> int:
        """Positions visited (and, one ply before the horizon, children valued) so far."""
        return int(self.search.nodes)

    def _rule_moves(self, board: Board, counts: list[int]) -> list[CompactMove]:
        rack = Rack.of_numbers([tile for tile, count in enumerate(counts) for _ in range(count)],
                               self.position.alphabet)
        return [self.position.compact(move) for move in self.rules.generate_moves(board, rack, self.lexicon)]

    def leaf_value(self, position: SearchPosition | None = None) -> int:
        """The horizon's guess in ``position`` (by default the one searched), made without
        generating moves: the rack points the opponent holds minus those the side to move
        holds."""
        position = position or self.position
        return position.rack_points[position.side ^ 1] - position.rack_points[position.side]

    def solve(self, plies: int | None = None, time_limit: float | None = None,
              sequence: bool = True, started: float | None = None) -> EndgameResult:
        """Deepen until the value is proven, ``plies`` is reached or ``time_limit`` seconds
        pass; the last finished iteration's answer (the best-scoring move when none
        finished), its moves left out without ``sequence`` (a caller after the value alone
        spares a rule check a move).  The time counts from ``started`` (a reading of the
        options' clock) when given.  Cost: exponential in the racks' sizes; a kernel search
        per node that needs its moves."""
        clock = self.options.clock
        if started is None:
            started = clock()
        position = self.position
        search = self.search
        search.load(position.live, position.racks, position.bag, position.side, position.scoreless)
        root_moves = search.root_moves()  # made before the clock can stop us: the fallback needs them
        longest = _longest_game(position)
        deepest = longest if plies is None else min(plies, longest)
        # The search stops a little before the limit: what follows it (the variation's moves
        # built and checked) is paid from the same budget.
        deadline = -1.0 if time_limit is None else started + time_limit * _SEARCH_SHARE
        # The search makes no reference cycles: paused, the cyclic collector never walks the
        # objects a long search keeps.  Helpers (Lazy SMP) search beside it until it ends.
        def helper(first: int) -> object:
            return search.deepen(deepest, deadline, clock, first)

        with collector_paused(), helpers(self._helpers, helper):
            value, depth, exact, pv = search.deepen(deepest, deadline, clock)
        if not depth:
            best = max(root_moves, key=lambda move: (move[0], len(move[1]), move[1]), default=PASS)
            value, pv = best[0], [best]
        played = self._as_moves(pv) if sequence else []
        turns = tuple(PlayedTurn(ply % 2, move) for ply, move in enumerate(played))
        return EndgameResult(value, exact, turns, depth, self.nodes, clock() - started)

    def _as_moves(self, sequence: list[CompactMove]) -> list[Move | None]:
        """The sequence as :class:`Move` objects (None for a pass), each built from its codes
        where it is played (the main word read as the move generator reads it) with the words
        the rules find.  Cost: one rule check per placement, no move generation."""
        position = self.position
        alphabet = position.alphabet
        found: list[Move | None] = []
        steps = []
        for move in sequence:
            if not move[1]:
                found.append(None)
            else:
                board = position.board()
                placements = []
                for code in move[1]:
                    row, col = divmod(code >> 8, position.cols)
                    placements.append(Placement(row, col, alphabet.tile(code & (BLANK_FLAG - 1)),
                                                bool(code & BLANK_FLAG)))
                placed = Move.from_placements(board, placements)
                verdict = self.rules.check(board, placed, self.lexicon)
                found.append(placed.with_score(move[0], verdict.words))
            steps.append(position.make(move))
        for step in reversed(steps):
            position.unmake(step)
        return found


def _spare(position: SearchPosition) -> list[int]:
    """The tiles ``position`` has still to put down, both racks and the bag, as counts by tile
    number (index 0 the blanks)."""
    spare = [a + b for a, b in zip(position.racks[0], position.racks[1], strict=True)]
    for tile in position.bag:
        spare[tile] += 1
    return spare


def _longest_game(position: SearchPosition) -> int:
    """An upper bound on the plies left: every placement takes at least one tile, and between
    two placements fewer than ``limit`` scoreless turns can pass."""
    tiles = sum(position.sizes) + len(position.bag)
    return (tiles + 1) * position.limit


def budget_table_bits(time_limit: float | None) -> int:
    """The most transposition-table bits worth having for a search of ``time_limit`` seconds
    (None: no limit): about one entry per node such a search can visit (about half a million
    a second), so that a short search's move cache (set up whole) and shared table (mapped
    whole) stay in proportion to it."""
    if time_limit is None:
        return 64
    return max(_SMALLEST_TABLE, (max(int(time_limit * 500_000), 1)).bit_length())


@older_objects_set_aside()
def solve_position(
    position: SearchPosition,
    lexicon: Lexicon,
    rules: RuleSet,
    *,
    plies: int | None = None,
    time_limit: float | None = None,
    options: SearchOptions | None = None,
) -> EndgameResult:
    """Solve ``position`` for its side to move (see :meth:`Searcher.solve`); the time limit
    counts the search's set-up (its tables) too."""
    started = (options or SearchOptions()).clock()
    searcher = Searcher(position, lexicon, rules, options, time_limit)
    return searcher.solve(plies, time_limit, started=started)
