"""What an endgame search is asked and what it answers: the switches of its techniques, the
turns of a principal variation, the result."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from wordgames.scrabble.core.move import Move


@dataclass(frozen=True)
class SearchOptions:
    """Which search techniques are on (all but ``pruned_lexicon`` by default); the benchmarks
    turn each on and off."""

    ordering: bool = True
    transposition_table: bool = True
    killers: bool = True
    pvs: bool = True
    aspiration: bool = True
    move_cache: bool = True
    """Keep the move lists of the boards and racks met (iterative deepening meets them again)."""
    frontier: bool = True
    """One ply before the horizon, value the children from the racks without visiting them."""
    estimated_order: bool = True
    """Order the generated moves by an estimate of their value: score plus the points of the
    tiles they play (the frontier's guess of the position they leave), going-out moves first
    with twice the opponent's rack (off: by score, going-out moves first)."""
    stuck_tiles: bool = True
    """Mark each side's tiles that no placement puts down at the root as stuck, and guess at
    the horizon that a side holding stuck tiles against one holding none loses them twice
    (the other goes out over them); and let a forced pass (no placement) cost no ply."""
    playouts: bool = False
    """Value the horizon by a greedy play-out (each side plays its move of the best one-ply
    estimate until the game ends) instead of the racks, frontier valuing then off.  Off by
    default: measured on real endgames it costs more than it saves (the endgame guide)."""
    pruned_lexicon: bool = False
    """Generate moves (and judge killers) on the lexicon cut, when the search starts, to the
    words this endgame can form: those whose letters fit within the tiles still to be put
    down plus the tiles on one line of the board (the same moves and nodes, on a smaller
    graph).  Off by default: measured on real endgames it saves no time (the endgame guide)."""
    successive_halving: bool = True
    """A pre-endgame with a time limit searches in rounds, the worse half of its plays
    dropping out after each (off: one round, every pair an equal share of the time)."""
    workers: int = 1
    """Processes one search runs on (Lazy SMP, :mod:`.smp`): above one, where processes can be
    forked, helpers search the same position over a shared table while the main search
    deepens; a proven value is the same as on one (1 to ``MAX_ENDGAME_WORKERS``).  Measured on
    2 cores it is no faster (the endgame guide)."""
    table_bits: int = 24
    """The transposition table holds at most ``1 << table_bits`` entries (32 bytes each on a
    standard board, taken as the search writes them), fewer for endgames of few tiles and
    short time limits; 1 to ``MAX_ENDGAME_TABLE_BITS``."""
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
