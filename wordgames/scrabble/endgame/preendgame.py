"""Pre-endgames: one to three tiles in the bag, so the mover's play decides who draws them.

For each candidate play (the ``candidates`` best-scoring placements, or all of them) and the
pass, and for each way the bag may be filled in drawing order (every ordered draw of its size
from the unseen tiles, weighted by its probability), the opponent holds the other unseen
tiles and the endgame behind the play is solved exactly (within the time share of that pair).
A play draws as many bag tiles as it plays; what it leaves in the bag is drawn later in the
known order, which the search treats as known to both sides (the usual simplification: it
favours the opponent).  Two draws that leave the same racks and the same bag behind a play
are one search (a play that empties the bag draws its tiles in any order).  Plays are ranked
by wins (a tie counts half), then by the average final spread (with a time limit, after the
rounds they stayed in the running: below).

Every (draw, play) pair first gets the search horizon's guess (the difference of the racks'
points, no move generation).  Without a time limit every pair is then solved to the end.  With
one, the pairs are searched in rounds of *successive halving*, a best-arm identification rule:
in each round, every play still in the running has its unproven pairs searched, draw by draw,
each with an equal share of the round's time (the time left split evenly over the rounds
left); then the worse half of the running plays, by wins and spread so far, drops out, so the
survivors' searches get about twice the time in the next round, and ceil(log2(plays)) rounds
leave one.  The time the rounds save (pairs proven early) then goes to one pass over every
play's unproven pairs, so a generous limit proves all it can.  A pair the time limit stops
before its search keeps its last value (its play is then not ``exact``); a search's first
ply cannot be cut short, so none is started once less than half the slowest search so far is
left.  With a time limit, the plays proven or still in the running come first, then the
others, those that stayed longer first (a play dropped early keeps the values of shallower
searches, which may flatter it).  The ranking keeps the time limit, give or take one
search's smallest step.

One search (its table shared) serves every pair: positions behind different draws differ in
racks or bag, so they are told apart, and shared sub-positions are solved once.

With ``workers`` above one (where processes can be forked), the pairs are dealt out to that
many worker processes, each draw's pairs to one worker (they share sub-positions), each
worker with its own search and table, kept from batch to batch.  Without a time limit the
pairs go out one draw a batch (the workers stay busy to the end) and the answer is the one a
single process gives, every pair being solved; with one, each round's pairs go out in one
batch a worker, and every batch has the round's time share to itself, as they run at once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from wordgames.cluster import WorkerPool, can_fork, in_order, open_pool
from wordgames.collector import older_objects_set_aside
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_PREENDGAME_WORKERS
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_int
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.endgame.api import as_rack, check_search_limits, check_turn_rules
from wordgames.scrabble.endgame.position import SearchPosition
from wordgames.scrabble.endgame.results import SearchOptions
from wordgames.scrabble.endgame.solver import Searcher
from wordgames.scrabble.rules.base import RuleSet

MAX_BAG = 3
"""The most tiles in the bag a pre-endgame takes (the draws grow as unseen tiles to that power)."""

Pair = tuple[int, tuple[str, ...]]
"""A search: the play's index among the candidates, and the bag's tiles in drawing order."""


@dataclass(frozen=True)
class PreendgamePlay:
    """One candidate: ``move`` (None = pass), ``wins`` (draws won, ties half, weighted by
    their probability: a draw's weight is its number of ways among the unseen tiles),
    ``outcomes`` (the bag's tiles in drawing order, written -> final change in spread for the
    mover), ``spread`` (the weighted average of the outcomes) and ``exact`` (every endgame
    behind it proven)."""

    move: Move | None
    wins: float
    outcomes: dict[str, int]
    spread: float
    exact: bool


@dataclass(frozen=True)
class PreendgameResult:
    """The candidates best first, the number of equally likely draws (ordered draws of the
    unseen tiles' copies), and the search's total nodes and seconds."""

    plays: tuple[PreendgamePlay, ...]
    draws: int
    nodes: int
    seconds: float


def ordered_draws(unseen: Counter[str], size: int) -> dict[tuple[str, ...], int]:
    """Every ordered draw of ``size`` tiles from ``unseen`` (counts by tile) with its number
    of ways (the product of the copies left at each draw).  Cost: O(distinct tiles ** size)."""
    draws: dict[tuple[str, ...], int] = {(): 1}
    for _ in range(size):
        grown: dict[tuple[str, ...], int] = {}
        for drawn, ways in draws.items():
            left = Counter(unseen)
            left.subtract(drawn)
            for tile in sorted(+left):
                grown[(*drawn, tile)] = ways * left[tile]
        draws = grown
    return draws


def _win_weight(spread: int) -> float:
    return 1.0 if spread > 0 else 0.5 if spread == 0 else 0.0


@older_objects_set_aside()
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
    bag: int | None = None,
    workers: int = 1,
) -> PreendgameResult:
    """Rank the mover's plays with ``bag`` tiles in the bag (1 to MAX_BAG; None: as many as
    the unseen tiles exceed a full rack, at least one): ``unseen`` are the tiles the mover
    cannot see (the opponent's rack and the bag), ``spread`` the mover's lead now.
    ``candidates`` keeps the N best-scoring placements (None: all); ``time_limit`` is shared
    by all the endgames, in rounds of successive halving (module docstring); ``workers``
    processes share the searches (module docstring).  Raises InvalidArgumentError when the
    unseen tiles cannot be a rack plus the bag.  Cost: (distinct ordered draws) x
    (candidates + 1) endgame searches, about twice that with a time limit (unproven pairs of
    the surviving plays are searched again, deeper)."""
    mover = as_rack(rack, "the mover's rack", rules.tile_set)
    hidden = as_rack(unseen, "the unseen tiles", rules.tile_set)
    rules.check_arguments(board, lexicon, mover)
    if not len(mover):
        raise InvalidArgumentError("the player to move has no tiles")
    if bag is None:
        bag = max(1, len(hidden) - rules.hand_size)
    require_int(bag, "the tiles in the bag", 1, MAX_BAG)
    if not bag + 1 <= len(hidden) <= rules.hand_size + bag:
        raise InvalidArgumentError(
            f"{len(hidden)} unseen tiles cannot be {bag} in the bag and an opponent's rack of 1 to "
            f"{rules.hand_size}"
        )
    require_int(spread, "spread")
    if candidates is not None:
        require_int(candidates, "candidates", 0)
    check_turn_rules(scoreless_turns, scoreless_turn_limit)
    check_search_limits(None, time_limit)
    require_int(workers, "workers", 1, MAX_PREENDGAME_WORKERS)
    search = _PairSearch(board, mover, hidden, lexicon, rules, spread, scoreless_turns,
                         scoreless_turn_limit, end_rule, time_limit, options or SearchOptions(), bag)
    moves = rules.best_moves(board, mover, lexicon, candidates)
    if workers == 1 or not can_fork():
        return search.rank(moves)
    global _JOB
    _JOB = search  # what the forked workers inherit (the pool forks at its first task)
    try:
        with open_pool(workers) as pool:
            search.pool = pool
            return search.rank(moves)
    finally:
        _JOB = None
        search.pool = None


class _PairSearch:
    """One pre-endgame's searches: the pairs' values so far, the shared endgame searcher, and
    the rounds of successive halving (module docstring)."""

    def __init__(self, board: Board, mover: Rack, hidden: Rack, lexicon: Lexicon,
                 rules: RuleSet, spread: int, scoreless_turns: int, scoreless_turn_limit: int,
                 end_rule: str, time_limit: float | None, options: SearchOptions,
                 bag: int) -> None:
        self.board, self.mover, self.lexicon, self.rules = board, mover, lexicon, rules
        self.spread, self.bag, self.end_rule = spread, bag, end_rule
        self.scoreless_turns, self.scoreless_turn_limit = scoreless_turns, scoreless_turn_limit
        self.time_limit, self.options, self.clock = time_limit, options, options.clock
        self.started = self.clock()
        self.counts = Counter(hidden.tiles())
        self.draws = ordered_draws(self.counts, bag)
        self.total_ways = sum(self.draws.values())
        self.plays: list[Move | None] = []
        self.outcomes: dict[Pair, int] = {}
        self.solved: dict[Pair, bool] = {}
        self.searcher: Searcher | None = None
        self.positions: dict[tuple[str, ...], SearchPosition] = {}
        self.slowest = 0.0  # the longest a search took: its first ply cannot be cut short
        self.nodes = 0
        self.pool: WorkerPool | None = None  # worker processes, when more than one

    def rank(self, moves: list[Move]) -> PreendgameResult:
        """Search the pairs of ``moves`` and the pass, and rank the plays."""
        self.plays = [*moves, None]
        pairs = _pairs(self.plays, self.draws, self.bag)
        self._guess(pairs)
        running, stayed = self._rounds(pairs)
        # The plays proven or still in the running first, by wins and spread; then the others,
        # those that stayed longer first: a play dropped early keeps values of shallower
        # searches, which may flatter it.
        tallies = [self._tally(index) for index in range(len(self.plays))]
        first = {i for i in range(len(self.plays)) if i in running or tallies[i].exact}
        order = sorted(range(len(self.plays)),
                       key=lambda i: (i not in first, 0 if i in first else -stayed[i],
                                      -tallies[i].wins, -tallies[i].spread))
        return PreendgameResult(tuple(tallies[i] for i in order), self.total_ways, self.nodes,
                                self.clock() - self.started)

    def _guess(self, pairs: list[Pair]) -> None:
        """Give every pair the horizon's guess, the difference of the racks' points after the
        play (no position built, no move generation), so that a time limit reached before its
        search still leaves an answer for it; a pass that ends the game by the scoreless run
        is worth just that."""
        value_of = self.rules.tile_set.value
        mine = sum(value_of(tile) for tile in self.mover.tiles())
        unseen_points = sum(value_of(tile) * count for tile, count in self.counts.items())
        ends = self.scoreless_turns + 1 >= self.scoreless_turn_limit
        for index, drawn in pairs:
            play = self.plays[index]
            taken = 0 if play is None else min(len(play.placed), self.bag)
            gained = sum(value_of(tile) for tile in drawn[:taken])
            spent = 0 if play is None else sum(value_of(p.rack_tile) for p in play.placed)
            theirs = unseen_points - sum(value_of(tile) for tile in drawn)
            score = 0 if play is None else play.score
            self.outcomes[index, drawn] = score - (mine - spent + gained - theirs)
            self.solved[index, drawn] = play is None and ends

    def _rounds(self, pairs: list[Pair]) -> tuple[list[int], list[int]]:
        """Search the pairs in rounds (module docstring): the plays still in the running at
        the end, and the rounds each play stayed in it."""
        time_limit, clock = self.time_limit, self.clock
        running = list(range(len(self.plays)))
        stayed = [0] * len(self.plays)
        halving = time_limit is not None and self.options.successive_halving
        rounds = max(1, (len(self.plays) - 1).bit_length()) if halving else 1
        # The rounds, then (halving) one pass over every play's unproven pairs with the time
        # the rounds saved, so that a generous limit proves what it can.
        for round_number in range(rounds + halving):
            last_pass = round_number == rounds
            todo = [key for key in pairs  # draw by draw
                    if (last_pass or key[0] in running) and not self.solved[key]]
            share = None
            if time_limit is not None:
                left = time_limit - (clock() - self.started)
                if left <= 0:
                    break
                share = left / max(1, rounds - round_number)
            if todo:
                self._search(todo, share)
            if last_pass:
                break
            for index in running:
                stayed[index] += 1
            if halving and len(running) > 1:
                standing = {index: self._tally(index) for index in running}
                running.sort(key=lambda i: (-standing[i].wins, -standing[i].spread))
                running = running[: (len(running) + 1) // 2]
        return running, stayed

    def _tally(self, index: int) -> PreendgamePlay:
        """What the searches so far say of play ``index``."""
        values: dict[str, int] = {}
        wins = average = 0.0
        exact = True
        for drawn, ways in self.draws.items():
            key = _same_search(index, self.plays[index], drawn, self.bag)
            values["".join(drawn)] = self.outcomes[key]
            wins += ways * _win_weight(self.spread + self.outcomes[key])
            average += ways * self.outcomes[key]
            exact = exact and self.solved[key]
        return PreendgamePlay(self.plays[index], wins, values, average / self.total_ways, exact)

    def _search(self, todo: list[Pair], share: float | None) -> None:
        """Search the ``todo`` pairs, each with an equal share of ``share`` seconds' rest
        (see :meth:`search_batch`), here or spread over the workers (module docstring)."""
        left = None if self.time_limit is None else self.time_limit - (self.clock() - self.started)
        if self.pool is None:
            self._merge(self.search_batch(todo, share, left))
            return
        batches = _batches(todo, self.pool.workers if self.time_limit is not None else len(todo))
        for _, found in in_order(self.pool, _search_batch, [(batch, share, left) for batch in batches]):
            self._merge(found)

    def _merge(self, found: _Searched) -> None:
        for pair, outcome, exact in found.outcomes:
            self.outcomes[pair] = outcome
            self.solved[pair] = exact
        self.slowest = max(self.slowest, found.slowest)
        self.nodes += found.nodes

    def search_batch(self, todo: list[Pair], share: float | None, left: float | None) -> _Searched:
        """Search the ``todo`` pairs in turn, each with an equal share of what is left of
        ``share`` seconds, with ``left`` seconds left of the whole time limit (None: no limit);
        none is started when less than half the slowest search so far is left in all."""
        clock = self.clock
        batch_started = clock()
        found: list[tuple[Pair, int, bool]] = []
        nodes_before = 0 if self.searcher is None else self.searcher.nodes
        slowest = self.slowest
        for done, (index, drawn) in enumerate(todo):
            budget = None
            if share is not None and left is not None:
                spent = clock() - batch_started
                if share - spent <= 0 or left - spent < slowest / 2:
                    break
                budget = (share - spent) / (len(todo) - done)
            play = self.plays[index]
            position = self._position(drawn)
            if self.searcher is None:
                self.searcher = Searcher(position, self.lexicon, self.rules, self.options,
                                         self.time_limit)
                nodes_before = 0
            began = clock()
            step = position.make(None if play is None else position.compact(play))
            self.searcher.use(position)
            result = self.searcher.solve(time_limit=budget, sequence=False)
            found.append(((index, drawn), (0 if play is None else play.score) - result.value,
                          result.exact))
            position.unmake(step)
            slowest = max(slowest, clock() - began)
        nodes = 0 if self.searcher is None else self.searcher.nodes - nodes_before
        return _Searched(found, slowest, nodes)

    def _position(self, drawn: tuple[str, ...]) -> SearchPosition:
        """The position before the mover's play with the bag ``drawn`` (built once a draw)."""
        position = self.positions.get(drawn)
        if position is None:
            rest = Counter(self.counts)
            rest.subtract(drawn)
            position = self.positions[drawn] = SearchPosition(
                self.board, (self.mover.tiles(), list((+rest).elements())),
                self.rules.tile_set, bag=drawn, scoreless=self.scoreless_turns,
                limit=self.scoreless_turn_limit, end_rule=self.end_rule,
            )
        return position


@dataclass(frozen=True)
class _Searched:
    """What a batch of pair searches found (here or in a worker): each pair with its outcome
    and whether it was proven, the slowest search so far, and the nodes visited."""

    outcomes: list[tuple[Pair, int, bool]]
    slowest: float
    nodes: int


_JOB: _PairSearch | None = None
"""The pre-endgame whose pairs the forked workers search (each on its own copy, with its own
searcher and table, kept from batch to batch)."""


def _search_batch(job: tuple[list[Pair], float | None, float | None]) -> _Searched:
    """:meth:`_PairSearch.search_batch` in a worker."""
    assert _JOB is not None, "a pre-endgame batch ran outside solve_preendgame()"
    todo, share, left = job
    return _JOB.search_batch(todo, share, left)


def _batches(todo: list[Pair], count: int) -> list[list[Pair]]:
    """``todo`` in at most ``count`` batches, each draw's pairs kept together (they share
    positions, so one worker's table serves them), the draws dealt out in turn."""
    draws = list(dict.fromkeys(drawn for _, drawn in todo))
    count = max(1, min(count, len(draws)))
    batch_of = {drawn: number % count for number, drawn in enumerate(draws)}
    batches: list[list[Pair]] = [[] for _ in range(count)]
    for pair in todo:
        batches[batch_of[pair[1]]].append(pair)
    return batches


def _same_search(index: int, play: Move | None, drawn: tuple[str, ...], bag: int) -> Pair:
    """The (play, draw) pair whose search answers for ``play`` with the bag ``drawn``: the
    tiles the play draws in tile order (their order does not matter), then the rest as is."""
    taken = 0 if play is None else min(len(play.placed), bag)
    return index, (*sorted(drawn[:taken]), *drawn[taken:])


def _pairs(plays: list[Move | None], draws: dict[tuple[str, ...], int],
           bag: int) -> list[tuple[int, tuple[str, ...]]]:
    """The distinct (play, draw) searches, draw by draw."""
    found = dict.fromkeys(_same_search(index, play, drawn, bag)
                          for drawn in draws for index, play in enumerate(plays))
    return list(found)
