"""The pre-endgame against the exhaustive minimax (with the bag tile known), and its ranking."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import islice

import pytest

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.endgame import SearchOptions, solve_preendgame

from .conftest import RememberingRules
from .reference import Minimax, TooBig
from .test_against_minimax import unseen_pool

POSITIONS = 6


def random_positions(rng: random.Random, small_boards: list[Board], rack_size: int,
                     unseen_size: int) -> Iterator[tuple[Board, str, str]]:
    """Endless (board, rack, unseen tiles) drawn from the tiles not on random small boards."""
    while True:
        board = rng.choice(small_boards)
        pool = unseen_pool(board)
        rng.shuffle(pool)
        if len(pool) >= rack_size + unseen_size:
            yield board, "".join(pool[:rack_size]), "".join(pool[rack_size:rack_size + unseen_size])


def expected_outcome(reference: Minimax, board: Board, rack: str, unseen: Counter[str], tile: str,
                     play_index: int, plays: list) -> int:  # type: ignore[type-arg]
    """The final spread change for the mover after ``plays[play_index]`` with ``tile`` in the bag."""
    opponent = Counter(unseen)
    opponent[tile] -= 1
    play = plays[play_index]
    if play is None:
        return -reference.value(board, +opponent, Counter(rack), (tile,), 1)
    after = board.copy()
    after.place_all((p.row, p.col, p.tile) for p in play.placed)
    mine = Counter(rack)
    mine.subtract(p.rack_tile for p in play.placed)
    mine[tile] += 1
    return play.score - reference.value(after, +opponent, +mine, (), 0)


def test_outcomes_match_minimax(small_boards: list[Board], short_words: Lexicon) -> None:
    rules = RememberingRules()
    rng = random.Random(21)
    compared = 0
    while compared < POSITIONS:
        board = rng.choice(small_boards)
        pool = unseen_pool(board)
        rng.shuffle(pool)
        if len(pool) < 5:
            continue
        rack, unseen = "".join(pool[:2]), Counter(pool[2:5])
        result = solve_preendgame(board, rack, "".join(unseen.elements()), short_words, rules, spread=0)
        plays = [play.move for play in result.plays]
        reference = Minimax(short_words, rules, 6, "usc", 200)
        try:
            for index, play in enumerate(result.plays):
                for tile, value in play.outcomes.items():
                    assert value == expected_outcome(reference, board, rack, unseen, tile, index, plays)
        except TooBig:
            continue
        assert set(result.plays[0].outcomes) == set(unseen)
        keys = [(-play.wins, -play.spread) for play in result.plays]
        assert keys == sorted(keys)
        assert result.draws == 3
        compared += 1


def expected_draw_outcome(reference: Minimax, board: Board, rack: str, unseen: Counter[str],
                          drawn: tuple[str, ...], play: object) -> int:
    """The final spread change for the mover after ``play`` (a Move or None) with the bag
    holding ``drawn`` in drawing order."""
    opponent = Counter(unseen)
    opponent.subtract(drawn)
    if play is None:
        return -reference.value(board, +opponent, Counter(rack), drawn, 1)
    after = board.copy()
    after.place_all((p.row, p.col, p.tile) for p in play.placed)  # type: ignore[attr-defined]
    mine = Counter(rack)
    mine.subtract(p.rack_tile for p in play.placed)  # type: ignore[attr-defined]
    taken = len(play.placed)  # type: ignore[attr-defined]
    mine.update(drawn[:taken])
    return play.score - reference.value(after, +opponent, +mine, drawn[taken:], 0)  # type: ignore[attr-defined]


@pytest.mark.parametrize("pruned", [True, False])
@pytest.mark.parametrize("bag", [2, 3])
def test_bags_of_two_and_three_match_minimax(bag: int, pruned: bool, small_boards: list[Board],
                                             short_words: Lexicon) -> None:
    """Every ordered draw's outcome equals the exhaustive minimax with that bag known, and
    the draws are weighted by their number of ways; with the word graph pruned at the first
    draw's root (its bag tiles among the spare ones) and with the full lexicon."""
    rules = RememberingRules()
    compared = 0
    for board, rack, hidden in random_positions(random.Random(30 + bag), small_boards, 2, 2 + bag):
        if compared == 3:
            break
        unseen = Counter(hidden)
        result = solve_preendgame(board, rack, "".join(unseen.elements()), short_words, rules, bag=bag,
                                  options=SearchOptions(pruned_lexicon=pruned))
        reference = Minimax(short_words, rules, 6, "usc", 400)
        try:
            for play in result.plays:
                for drawn, value in play.outcomes.items():
                    assert value == expected_draw_outcome(reference, board, rack, unseen, tuple(drawn),
                                                          play.move)
        except TooBig:
            continue
        ways = 1
        for taken in range(bag):
            ways *= len(hidden) - taken
        assert result.draws == ways
        keys = [(-play.wins, -play.spread) for play in result.plays]
        assert keys == sorted(keys)
        compared += 1


def test_bad_pre_endgames_are_refused(small_boards: list[Board], short_words: Lexicon) -> None:
    rules = RememberingRules()
    with pytest.raises(InvalidArgumentError):
        solve_preendgame(small_boards[3], "AB", "C", short_words, rules)
    with pytest.raises(InvalidArgumentError):
        solve_preendgame(small_boards[3], "AB", "CDEFGHIJKLM", short_words, rules)  # four in the bag
    with pytest.raises(InvalidArgumentError):
        solve_preendgame(small_boards[3], "", "CDE", short_words, rules)
    with pytest.raises(InvalidArgumentError):
        solve_preendgame(small_boards[3], "AB", "CDEFG", short_words, rules, bag=4)
    with pytest.raises(InvalidArgumentError):
        solve_preendgame(small_boards[3], "AB", "CD", short_words, rules, bag=2)


@pytest.mark.parametrize("bag", [1, 2])
def test_successive_halving_ranks_as_the_full_search_when_time_is_ample(
        bag: int, small_boards: list[Board], short_words: Lexicon) -> None:
    """With time for everything, the rounds (and one flat round) prove every pair, and the
    ranking is the search's without a time limit."""
    rules = RememberingRules()
    for board, rack, unseen in islice(random_positions(random.Random(50 + bag), small_boards, 3, 2 + bag), 3):
        full = solve_preendgame(board, rack, unseen, short_words, rules, bag=bag)
        rounds = solve_preendgame(board, rack, unseen, short_words, rules, bag=bag, time_limit=600)
        flat = solve_preendgame(board, rack, unseen, short_words, rules, bag=bag, time_limit=600,
                                options=SearchOptions(successive_halving=False))
        assert all(play.exact for play in full.plays)
        for result in (rounds, flat):
            assert [(play.move, play.outcomes, play.exact) for play in result.plays] == \
                [(play.move, play.outcomes, play.exact) for play in full.plays]
