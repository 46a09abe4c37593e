"""The solver against a plain exhaustive minimax on hundreds of small random endgames.

Boards come from seeded greedy games at random points (a plain 7x7 board for most, the
standard board for some); each side gets 1 to 3 random tiles of the ones not on the board;
the scoreless-turn limit and the end rule vary.  A position whose exhaustive tree is too big
to search quickly is replaced by the next random one (seeded, so the same positions every
run); how many positions were compared is asserted.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.scoring import end_of_game_adjustments
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, rack_tile
from wordgames.scrabble.endgame import PlayedTurn, SearchOptions, solve_endgame
from wordgames.scrabble.endgame.position import SearchPosition
from wordgames.scrabble.endgame.solver import Searcher
from wordgames.scrabble.rules.classic import ClassicRules

from .conftest import RememberingRules
from .reference import Minimax, TooBig

NODE_BUDGET = 150


def unseen_pool(board: Board) -> list[str]:
    """The tiles of a full English bag that are not on ``board``."""
    pool = Counter(STANDARD_ENGLISH.full_bag())
    pool.subtract(rack_tile(tile) for _, _, tile in board.tiles())
    return sorted((+pool).elements())


def played_out(
    board: Board, racks: tuple[str, str], turns: tuple[PlayedTurn, ...], limit: int, rule: str
) -> int:
    """The spread change for the mover when ``turns`` are played from the position; the
    sequence must be legal and end the game."""
    board = board.copy()
    hands = [Counter(racks[0]), Counter(racks[1])]
    spread, run = 0, 0
    for number, turn in enumerate(turns):
        side = number % 2
        assert turn.player == side
        sign = 1 if side == 0 else -1
        if turn.move is not None:
            hands[side].subtract(p.rack_tile for p in turn.move.placed)
            assert min(hands[side].values()) >= 0
            board.place_all((p.row, p.col, p.tile) for p in turn.move.placed)
            spread += sign * turn.move.score
        run = run + 1 if turn.score == 0 else 0
        out = side if turn.move is not None and not +hands[side] else None
        if out is not None or run >= limit:
            assert number == len(turns) - 1, "the sequence goes on after the game ended"
            tiles = [list((+hand).elements()) for hand in hands]
            changes = end_of_game_adjustments(tiles, STANDARD_ENGLISH, out, rule)
            return spread + changes[0] - changes[1]
    raise AssertionError("the sequence stops before the game ends")


def compare(boards: list[Board], lexicon: Lexicon, positions: int, seed: int,
            options: SearchOptions | None = None) -> None:
    rules = RememberingRules()
    rng = random.Random(seed)
    compared = tried = 0
    while compared < positions:
        tried += 1
        board = rng.choice(boards)
        pool = unseen_pool(board)
        rng.shuffle(pool)
        mine, theirs = rng.randint(1, 3), rng.randint(1, 3)
        if len(pool) < mine + theirs:
            continue
        racks = ("".join(pool[:mine]), "".join(pool[mine:mine + theirs]))
        limit = rng.choice((1, 2, 2, 3, 6))
        rule = rng.choice(("usc", "tournament"))
        reference = Minimax(lexicon, rules, limit, rule, NODE_BUDGET)
        try:
            expected = reference.value(board, Counter(racks[0]), Counter(racks[1]))
        except TooBig:
            continue
        result = solve_endgame(board, racks, lexicon, rules, scoreless_turn_limit=limit, end_rule=rule,
                               options=options)
        assert result.exact
        assert result.value == expected, (board.to_text(), racks, limit, rule)
        assert result.moves, "an exact answer comes with its sequence"
        if options is None:
            assert played_out(board, racks, result.moves, limit, rule) == expected
        compared += 1
    assert tried < 3 * positions  # most random positions are small enough to compare


def test_500_small_board_endgames_match_minimax(small_boards: list[Board], short_words: Lexicon) -> None:
    compare(small_boards, short_words, 500, seed=15)


def test_standard_board_endgames_match_minimax(standard_boards: list[Board], short_words: Lexicon) -> None:
    compare(standard_boards, short_words, 10, seed=16)


SWITCHES = ["ordering", "transposition_table", "killers", "pvs", "aspiration", "move_cache", "frontier"]


@pytest.mark.parametrize("switch", SWITCHES)
def test_each_technique_alone_off_gives_the_same_values(
    switch: str, small_boards: list[Board], short_words: Lexicon
) -> None:
    compare(small_boards, short_words, 20, seed=17, options=SearchOptions(**{switch: False}))


@pytest.mark.parametrize("on", [True, False])
@pytest.mark.parametrize("switch", ["estimated_order", "stuck_tiles", "pruned_lexicon", "playouts"])
def test_each_estimate_on_and_off_gives_the_same_values(
    switch: str, on: bool, small_boards: list[Board], short_words: Lexicon
) -> None:
    """The guesses the estimates change (move order, the horizon's value of stuck tiles,
    forced passes searched a ply deeper, play-outs at the horizon) and the pruned word graph
    change no proven value,
    with the other techniques on and with them off."""
    compare(small_boards, short_words, 30, seed=23, options=SearchOptions(**{switch: on}))
    bare = dict.fromkeys(["estimated_order", "stuck_tiles", "killers", "pvs", "aspiration"], False)
    compare(small_boards, short_words, 15, seed=29, options=SearchOptions(**{**bare, switch: on}))


class KernelFreeRules(ClassicRules):
    """Classic rules that offer no move generator: the search takes their generated moves."""

    def move_generator(self, lexicon: Lexicon) -> None:  # type: ignore[override]
        return None


def test_kernel_moves_and_rule_moves_give_the_same_search(
    standard_boards: list[Board], enable_trie: Lexicon
) -> None:
    """The search's two move sources (the kernel's records, the rules' Move objects) give
    the same values and proofs."""
    rng = random.Random(21)
    for board in rng.sample(standard_boards[-24:-6], 8):
        pool = unseen_pool(board)
        rng.shuffle(pool)
        racks = ("".join(pool[:3]), "".join(pool[3:6]))
        if len(pool) < 6:
            continue
        results = []
        for rules in (ClassicRules(), KernelFreeRules()):
            position = SearchPosition(board, racks, STANDARD_ENGLISH)
            results.append(Searcher(position, enable_trie, rules).solve())
        assert results[0].exact and results[1].exact
        assert results[0].value == results[1].value
        assert played_out(board, racks, results[1].moves, 6, "usc") == results[1].value


def test_a_search_leaves_the_board_as_it_found_it(standard_boards: list[Board],
                                                   enable_trie: Lexicon) -> None:
    """Searched on the kernel (which follows the search's own integer board) the position's
    board is never touched; from the rules' moves it is changed and restored.  Either way a
    second search of the same position, on the arrays the first one left, finds the same."""
    rng = random.Random(23)
    for board in rng.sample(standard_boards[-24:-6], 4):
        pool = unseen_pool(board)
        rng.shuffle(pool)
        if len(pool) < 6:
            continue
        racks = ("".join(pool[:3]), "".join(pool[3:6]))
        for rules in (ClassicRules(), KernelFreeRules()):
            position = SearchPosition(board, racks, STANDARD_ENGLISH)
            before = position.live.to_text()
            searcher = Searcher(position, enable_trie, rules)
            first = searcher.solve()
            assert position.live.to_text() == before
            again = searcher.solve()
            assert position.live.to_text() == before
            assert (again.value, again.exact) == (first.value, first.exact)


def test_a_small_table_keeps_the_values(small_boards: list[Board], short_words: Lexicon) -> None:
    """A table of sixteen entries is overwritten many times a search: no value changes."""
    compare(small_boards, short_words, 20, seed=19, options=SearchOptions(table_bits=4))
