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
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from wordgames.collector import older_objects_set_aside
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

MAX_BAG = 3
"""The most tiles in the bag a pre-endgame takes (the draws grow as unseen tiles to that power)."""


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
) -> PreendgameResult:
    """Rank the mover's plays with ``bag`` tiles in the bag (1 to MAX_BAG; None: as many as
    the unseen tiles exceed a full rack, at least one): ``unseen`` are the tiles the mover
    cannot see (the opponent's rack and the bag), ``spread`` the mover's lead now.
    ``candidates`` keeps the N best-scoring placements (None: all); ``time_limit`` is shared
    by all the endgames, in rounds of successive halving (module docstring).  Raises
    InvalidArgumentError when the unseen tiles cannot be a rack plus the bag.  Cost: (distinct
    ordered draws) x (candidates + 1) endgame searches, about twice that with a time limit
    (unproven pairs of the surviving plays are searched again, deeper)."""
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
    options = options or SearchOptions()
    clock = options.clock
    started = clock()
    moves = rules.best_moves(board, mover, lexicon, candidates)
    plays: list[Move | None] = [*moves, None]
    counts = Counter(hidden.tiles())
    draws = ordered_draws(counts, bag)
    pairs = _pairs(plays, draws, bag)
    outcomes: dict[tuple[int, tuple[str, ...]], int] = {}
    solved: dict[tuple[int, tuple[str, ...]], bool] = {}
    # First every pair gets the horizon's guess, the difference of the racks' points after
    # the play (no position built, no move generation), so that a time limit reached before
    # its search still leaves an answer for it; a pass that ends the game by the scoreless
    # run is worth just that.
    value_of = rules.tile_set.value
    mine = sum(value_of(tile) for tile in mover.tiles())
    unseen_points = sum(value_of(tile) * count for tile, count in counts.items())
    ends = scoreless_turns + 1 >= scoreless_turn_limit
    for index, drawn in pairs:
        play = plays[index]
        taken = 0 if play is None else min(len(play.placed), bag)
        gained = sum(value_of(tile) for tile in drawn[:taken])
        spent = 0 if play is None else sum(value_of(p.rack_tile) for p in play.placed)
        theirs = unseen_points - sum(value_of(tile) for tile in drawn)
        score = 0 if play is None else play.score
        outcomes[index, drawn] = score - (mine - spent + gained - theirs)
        solved[index, drawn] = play is None and ends
    total_ways = sum(draws.values())

    def tally(index: int) -> PreendgamePlay:
        """What the searches so far say of play ``index``."""
        values: dict[str, int] = {}
        wins = average = 0.0
        exact = True
        for drawn, ways in draws.items():
            key = _same_search(index, plays[index], drawn, bag)
            values["".join(drawn)] = outcomes[key]
            wins += ways * _win_weight(spread + outcomes[key])
            average += ways * outcomes[key]
            exact = exact and solved[key]
        return PreendgamePlay(plays[index], wins, values, average / total_ways, exact)

    # Then the pairs are searched in rounds of successive halving (module docstring).
    running = list(range(len(plays)))
    stayed = [0] * len(plays)  # the rounds each play stayed in the running
    searcher: Searcher | None = None
    positions: dict[tuple[str, ...], SearchPosition] = {}

    slowest = 0.0  # the longest a search took: its first ply cannot be cut short

    def search(todo: list[tuple[int, tuple[str, ...]]], share: float | None) -> None:
        """Search the ``todo`` pairs, each with an equal share of ``share`` seconds' rest;
        none is started when less than half the slowest search so far is left in all."""
        nonlocal searcher, slowest
        round_started = clock()
        for done, (index, drawn) in enumerate(todo):
            budget = None
            if share is not None and time_limit is not None:
                left = share - (clock() - round_started)
                if left <= 0 or time_limit - (clock() - started) < slowest / 2:
                    return
                budget = left / (len(todo) - done)
            play = plays[index]
            position = positions.get(drawn)
            if position is None:
                rest = Counter(counts)
                rest.subtract(drawn)
                position = positions[drawn] = SearchPosition(
                    board, (mover.tiles(), list((+rest).elements())), rules.tile_set, bag=drawn,
                    scoreless=scoreless_turns, limit=scoreless_turn_limit, end_rule=end_rule,
                )
            if searcher is None:
                searcher = Searcher(position, lexicon, rules, options, time_limit)
            began = clock()
            step = position.make(None if play is None else position.compact(play))
            searcher.use(position)
            result = searcher.solve(time_limit=budget, sequence=False)
            outcomes[index, drawn] = (0 if play is None else play.score) - result.value
            solved[index, drawn] = result.exact
            position.unmake(step)
            slowest = max(slowest, clock() - began)

    halving = time_limit is not None and options.successive_halving
    rounds = max(1, (len(plays) - 1).bit_length()) if halving else 1
    # The rounds, then (halving) one pass over every play's unproven pairs with the time the
    # rounds saved, so that a generous limit proves what it can.
    for round_number in range(rounds + halving):
        last_pass = round_number == rounds
        todo = [key for key in pairs if (last_pass or key[0] in running) and not solved[key]]  # draw by draw
        share = None
        if time_limit is not None:
            left = time_limit - (clock() - started)
            if left <= 0:
                break
            share = left / max(1, rounds - round_number)
        if todo:
            search(todo, share)
        if last_pass:
            break
        for index in running:
            stayed[index] += 1
        if halving and len(running) > 1:
            standing = {index: tally(index) for index in running}
            running.sort(key=lambda index: (-standing[index].wins, -standing[index].spread))
            running = running[: (len(running) + 1) // 2]
    nodes = 0 if searcher is None else searcher.nodes
    # The plays proven or still in the running first, by wins and spread; then the others, those
    # that stayed longer first: a play dropped early keeps values of shallower searches, which
    # may flatter it.
    tallies = [tally(index) for index in range(len(plays))]
    first = {index for index in range(len(plays)) if index in running or tallies[index].exact}
    order = sorted(range(len(plays)), key=lambda i: (i not in first, 0 if i in first else -stayed[i],
                                                     -tallies[i].wins, -tallies[i].spread))
    return PreendgameResult(tuple(tallies[i] for i in order), total_ways, nodes, clock() - started)


def _same_search(index: int, play: Move | None, drawn: tuple[str, ...],
                 bag: int) -> tuple[int, tuple[str, ...]]:
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
