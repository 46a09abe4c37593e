"""Pre-endgames: one tile in the bag, so the mover's play decides who ends up with it.

For each candidate play (the ``candidates`` best-scoring placements, or all of them) and the
pass, and for each tile the bag may hold (weighted by how many of it are unseen), the
opponent holds the other unseen tiles and the endgame behind the play is solved exactly
(within the time share of that pair).  A play that takes tiles draws the bag tile, leaving a
plain endgame; after a pass the opponent moves with the one tile still in the bag, and the
search treats that tile as known to both sides (the usual simplification: it favours the
opponent).  Plays are ranked by wins (a tie counts half), then by the average final spread.

Every (tile, play) pair first gets the search horizon's guess (the difference of the racks'
points, no move generation); then the pairs are searched, tile by tile, each with an equal
share of the time left, and a pair the time limit stops before its search keeps the guess
(its play is then not ``exact``).  So the ranking keeps the time limit, give or take one
search's smallest step.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_int
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.tiles import Rack
from wordgames.scrabble.endgame.api import as_rack, check_search_limits, check_turn_rules
from wordgames.scrabble.endgame.position import SearchPosition
from wordgames.scrabble.endgame.results import SearchOptions
from wordgames.scrabble.endgame.solver import Searcher
from wordgames.scrabble.rules.base import RuleSet


@dataclass(frozen=True)
class PreendgamePlay:
    """One candidate: ``move`` (None = pass), ``wins`` (draws won, ties half, weighted by
    the unseen count of each tile), ``outcomes`` (tile in the bag -> final change in spread
    for the mover), ``spread`` (the weighted average of the outcomes) and ``exact`` (every
    endgame behind it proven)."""

    move: Move | None
    wins: float
    outcomes: dict[str, int]
    spread: float
    exact: bool


@dataclass(frozen=True)
class PreendgameResult:
    """The candidates best first, the number of equally likely draws, and the search's
    total nodes and seconds."""

    plays: tuple[PreendgamePlay, ...]
    draws: int
    nodes: int
    seconds: float


def _win_weight(spread: int) -> float:
    return 1.0 if spread > 0 else 0.5 if spread == 0 else 0.0


def solve_preendgame(
    board: Board,
    rack: Rack | str,
    unseen: Rack | str | list[str],
    lexicon: Lexicon,
    rules: RuleSet,
    *,
    spread: int = 0,
    scoreless_turns: int = 0,
    scoreless_turn_limit: int = 6,
    end_rule: str = "usc",
    candidates: int | None = None,
    time_limit: float | None = None,
    options: SearchOptions | None = None,
) -> PreendgameResult:
    """Rank the mover's plays with one tile in the bag: ``unseen`` are the tiles the mover
    cannot see (the opponent's rack and the bag tile), ``spread`` the mover's lead now.
    ``candidates`` keeps the N best-scoring placements (None: all); ``time_limit`` is shared
    by all the endgames.  Raises InvalidArgumentError when the unseen tiles cannot be a rack
    plus one tile.  Cost: (distinct unseen tiles) x (candidates + 1) endgame searches."""
    mover = as_rack(rack, "the mover's rack", rules.tile_set)
    hidden = as_rack(unseen, "the unseen tiles", rules.tile_set)
    rules.check_arguments(board, lexicon, mover)
    if not len(mover):
        raise InvalidArgumentError("the player to move has no tiles")
    if not 2 <= len(hidden) <= rules.hand_size + 1:
        raise InvalidArgumentError(
            f"{len(hidden)} unseen tiles cannot be one in the bag and an opponent's rack of 1 to "
            f"{rules.hand_size}"
        )
    require_int(spread, "spread")
    if candidates is not None:
        require_int(candidates, "candidates", 0)
    check_turn_rules(scoreless_turns, scoreless_turn_limit)
    check_search_limits(None, time_limit)
    clock = (options or SearchOptions()).clock
    started = clock()
    moves = rules.best_moves(board, mover, lexicon, candidates)
    plays: list[Move | None] = [*moves, None]
    counts = Counter(hidden.tiles())
    outcomes: dict[int, dict[str, int]] = {index: {} for index in range(len(plays))}
    exact = dict.fromkeys(range(len(plays)), True)
    searchers = {}
    # First every pair gets the horizon's guess (no move generation), so that a time limit
    # reached before its search still leaves an answer for it.
    for tile in sorted(counts):
        rest = hidden.counts()
        rest[tile] -= 1
        position = SearchPosition(
            board, (mover.tiles(), list(rest.elements())), rules.tile_set, bag=(tile,),
            scoreless=scoreless_turns, limit=scoreless_turn_limit, end_rule=end_rule,
        )
        searcher = searchers[tile] = Searcher(position, lexicon, rules, options)
        for index, play in enumerate(plays):
            step = position.make(None if play is None else position.compact(play))
            score = 0 if play is None else play.score
            if position.scoreless >= position.limit:
                outcomes[index][tile] = score - position.final_adjustment(out=False)
            else:
                outcomes[index][tile] = score - searcher.leaf_value()
                exact[index] = False
            position.unmake(step)
    # Then each pair is searched while time is left, the time left shared by the searches to go.
    solves_left = len(counts) * len(plays)
    solved = dict.fromkeys(range(len(plays)), 0)
    for tile in sorted(counts):
        searcher = searchers[tile]
        position = searcher.position
        for index, play in enumerate(plays):
            budget = None
            if time_limit is not None:
                left = time_limit - (clock() - started)
                if left <= 0:
                    break
                budget = left / solves_left
            solves_left -= 1
            step = position.make(None if play is None else position.compact(play))
            if position.scoreless < position.limit:
                result = searcher.solve(time_limit=budget)
                outcomes[index][tile] = (0 if play is None else play.score) - result.value
                solved[index] += result.exact
            else:
                solved[index] += 1
            position.unmake(step)
    exact = {index: solved[index] == len(counts) for index in range(len(plays))}
    nodes = sum(searcher.nodes for searcher in searchers.values())
    total = sum(counts.values())
    ranked = []
    for index, play in enumerate(plays):
        values = outcomes[index]
        wins = sum(counts[tile] * _win_weight(spread + value) for tile, value in values.items())
        average = sum(counts[tile] * value for tile, value in values.items()) / total
        ranked.append(PreendgamePlay(play, wins, values, average, exact[index]))
    ranked.sort(key=lambda play: (-play.wins, -play.spread))
    return PreendgameResult(tuple(ranked), total, nodes, clock() - started)
