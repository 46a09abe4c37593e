"""Equity inside move generation: dense leave values, rack keeps, the equity kernel against
full generation plus Python valuation, and the equity player against its former, one move at
a time, implementation (kept as its fallback, `_decide_one_by_one`) on positions of seeded games."""

from __future__ import annotations

import itertools
import random
from array import array

import pytest
from conftest import movegen_of
from hypothesis import given, settings
from hypothesis import strategies as st

from scrabble.movegen.test_properties import TILES, autoplay_board, positions
from wordgames.compiled import is_compiled
from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.lexicon.kwg import ENGLISH_ALPHABET
from wordgames.scrabble import BLANK, STANDARD_ENGLISH, Board, Rack
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.game.decision import Situation
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.leaves import LeaveTable, load_leaves
from wordgames.scrabble.leaves.compact import LeaveIndex
from wordgames.scrabble.leaves.dense import DenseLeaves, dense_leaves
from wordgames.scrabble.leaves.keeps import RackKeeps, rack_slot_counts, table_keeps, table_keeps_of_counts
from wordgames.scrabble.leaves.table import code_of_tiles
from wordgames.scrabble.movegen import kernel
from wordgames.scrabble.movegen.generator import MoveGenerator
from wordgames.scrabble.rules.classic import ClassicRules
from wordgames.scrabble.rules.registry import get_rules
from wordgames.scrabble.rules.simple import SimpleRules
from wordgames.scrabble.strategy.equity import (
    EquityStrategy,
    Valuer,
    keeps,
)

from .test_equity import rack_table

# Composed racks (two Q, three blanks) beside the board: positions no bag could deal.
CLASSIC = ClassicRules(count_tiles=False)


@pytest.fixture(scope="module")
def shipped() -> LeaveTable:
    return load_leaves("enable")


# --- dense values -----------------------------------------------------------------------------


@settings(max_examples=40)
@given(st.lists(st.integers(0, 26), max_size=7))
def test_dense_rank_and_value_match_the_table(shipped: LeaveTable, tiles: list[int]) -> None:
    dense = dense_leaves(shipped)
    distinct = sorted(set(tiles))
    counts = array("i", [tiles.count(t) for t in distinct])
    expected = shipped.index.rank(sorted(tiles))  # type: ignore[attr-defined]
    assert dense.rank(array("i", distinct), counts, len(distinct)) == (-1 if expected is None else expected)
    value = dense.value(array("i", distinct), counts, len(distinct))
    assert value == shipped.value_of_code(code_of_tiles(tiles))


def test_dense_table_of_a_table_without_bounds_asks_it_once() -> None:
    table = rack_table()
    dense = dense_leaves(table)
    assert dense_leaves(table) is dense
    assert dense.max_size == 6 and dense.count == LeaveIndex([6] * 27, 6).count
    for text, value in [("S", 10.0), ("?S", 35.0), ("QQQQQQQ", 0.0), ("", 0.0)]:
        tiles = sorted({0 if c == BLANK else ENGLISH_ALPHABET.index(c) + 1 for c in text})
        counts = array("i", [sum(1 for c in text if (0 if c == BLANK else ENGLISH_ALPHABET.index(c) + 1) == t)
                             for t in tiles])
        for _ in range(2):  # the second time from the array (or the table again, past 6 tiles)
            assert dense.value(array("i", tiles), counts, len(tiles)) == value


def test_a_dense_table_too_large_ranks_nothing() -> None:
    table = LeaveTable("ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏ", {})
    dense = dense_leaves(table)
    assert dense.count <= 4_000_000
    assert isinstance(dense, DenseLeaves)


# --- rack keeps ---------------------------------------------------------------------------------


@settings(max_examples=30)
@given(st.text(alphabet="?AEIRSTVQZ", min_size=1, max_size=7))
def test_rack_keeps_value_every_keep_like_the_table(shipped: LeaveTable, text: str) -> None:
    rack = Rack.parse(text)
    found = table_keeps(dense_leaves(shipped), STANDARD_ENGLISH.letters, rack)
    assert found is not None
    seen = set()
    for size in range(len(rack) + 1):
        for kept in itertools.combinations(rack.tiles(), size):
            left = list(rack.tiles())
            for tile in kept:
                left.remove(tile)
            number = found.after(left)
            seen.add(number)
            assert sorted(found.kept(number)) == sorted(kept)
            assert found.values[number] == shipped.value(kept)
    assert seen == set(range(found.size)) and found.full == found.after("")
    # The best keep is the reference's: the first of the best value in its order.
    valuer = Valuer(Situation(Board(), rack, lexicon_from_words(["AA"]), CLASSIC, bag_size=50,
                              can_exchange=True), shipped)
    listed = keeps(valuer)
    best = max(value for value, _ in listed)
    assert found.best == best
    assert tuple(found.kept(found.best_keep)) == next(kept for value, kept in listed if value == best)


def test_rack_keeps_refuse_what_they_cannot_number() -> None:
    table = LeaveTable("AB", {})
    assert table_keeps(dense_leaves(table), STANDARD_ENGLISH.letters, Rack.parse("AC")) is None
    wide = LeaveTable(ENGLISH_ALPHABET, {})
    assert table_keeps(dense_leaves(wide), STANDARD_ENGLISH.letters,
                       Rack("ABCDEFGHIJKLM")) is None  # 8,192 keeps
    assert table_keeps(dense_leaves(wide), STANDARD_ENGLISH.letters,
                       Rack("ABCDEFGHIJKL")) is not None
    with pytest.raises(ValueError):
        RackKeeps("AB", rack_slot_counts("AB", Rack.parse("AC")))
    with pytest.raises(InvalidArgumentError):
        RackKeeps("AB", [0, 1])  # counts for slots 0-2 expected


def test_rack_keeps_of_counts_are_the_racks() -> None:
    table = LeaveTable(ENGLISH_ALPHABET, {})
    table.values = {table.code(tiles): value for tiles, value in
                    {"A": 1.5, "E": 2.0, "?": 9.0, "AE": -1.0, "A?": 4.25, "EE": -3.0}.items()}
    dense = dense_leaves(table)
    for written in ("AEE?", "A", "", "EEEA??"):
        rack = Rack.parse(written)
        counts = rack_slot_counts(STANDARD_ENGLISH.letters, rack)
        by_rack = table_keeps(dense, STANDARD_ENGLISH.letters, rack)
        by_counts = table_keeps_of_counts(dense, STANDARD_ENGLISH.letters, counts)
        assert by_rack is not None and by_counts is not None
        assert list(by_rack.values) == list(by_counts.values)
        assert (by_rack.full, by_rack.best, by_rack.best_keep) == (by_counts.full, by_counts.best,
                                                                   by_counts.best_keep)


def test_rack_keeps_number_the_racks_tiles_as_the_table_does() -> None:
    # The table numbers Z before A; the rack's alphabet, A before Z: tiles matched by form.
    table = LeaveTable("ZA", {})
    values = {"A": 1.0, "Z": 2.0, "?": 4.0, "AZ": 8.0, "AA": 16.0, "A?": 32.0, "AAZ": 64.0}
    table.values = {table.code(tiles): value for tiles, value in values.items()}
    dense = dense_leaves(table)
    assert dense.numbers_for(STANDARD_ENGLISH.alphabet)[:2] == [0, 2]
    assert dense.numbers_for(STANDARD_ENGLISH.alphabet)[26] == 1
    assert dense.numbers_for(STANDARD_ENGLISH.alphabet)[5] == -1  # E: not a tile of the table
    for text in ("AAZ", "A?Z", "AZ"):
        rack = Rack.parse(text)
        found = table_keeps(dense, STANDARD_ENGLISH.alphabet, rack)
        assert found is not None
        for size in range(len(rack) + 1):
            for kept in itertools.combinations(rack.tiles(), size):
                left = list(rack.tiles())
                for tile in kept:
                    left.remove(tile)
                assert found.values[found.after(left)] == table.value(kept)
    assert table_keeps(dense, STANDARD_ENGLISH.alphabet, Rack.parse("AE")) is None


# --- the equity kernel against the reference ---------------------------------------------------------


def valued_reference(generator: MoveGenerator, board: Board, rack: Rack, found: RackKeeps,
                     limit: int | None) -> list[tuple[float, Move]]:
    """Every move, valued in Python, best first, cut after ``limit`` and its ties."""
    pairs = sorted(((found.equity(move), move) for move in generator.moves(board, rack)),
                   key=lambda pair: (-pair[0], -pair[1].score, pair[1].sort_key(), pair[1].word))
    if limit is not None and len(pairs) > limit:
        pairs = [pair for pair in pairs if pair[0] >= pairs[limit - 1][0]]
    return pairs


@settings(max_examples=5)
@given(st.sampled_from(["standard", "super"]), st.integers(0, 1000), st.integers(0, 10),
       st.integers(0, 2), st.randoms(use_true_random=False), st.sampled_from([1, 4, None]))
def test_equity_kernel_matches_full_generation(
    enable_trie: Lexicon, shipped: LeaveTable, layout_name: str, seed: int, turns: int,
    blanks: int, rng: random.Random, limit: int | None,
) -> None:
    if not is_compiled(kernel):
        pytest.skip("the kernel is not compiled here (no extension, or the pure core forced)")
    board = autoplay_board(enable_trie, layout_name, seed, turns)
    unseen = [tile for tile in STANDARD_ENGLISH.full_bag() if tile != BLANK]
    rack = Rack(rng.sample(unseen, 7 - blanks) + [BLANK] * blanks)
    found = table_keeps(dense_leaves(shipped), STANDARD_ENGLISH.letters, rack)
    assert found is not None
    typed = MoveGenerator(enable_trie)
    got = typed.best_by_equity(board, rack, found, limit)
    assert got == valued_reference(typed, board, rack, found, limit)  # every move, in Python
    for equity, move in got:
        assert equity == move.score + shipped.value(found.kept(found.after(move.tiles_used)))


@settings(max_examples=15)
@given(positions(), st.sampled_from([1, 2, None]))
def test_interpreted_equity_kernel_matches_full_generation(
    position: tuple[Board, Rack, list[str], str, int], limit: int | None,
) -> None:
    board, rack, words, backend, hand_size = position
    lexicon = lexicon_from_words(words, backend)
    table = rack_table()
    found = table_keeps(dense_leaves(table), TILES.letters, rack)
    assert found is not None
    interpreted = movegen_of("interpreted").MoveGenerator(lexicon, TILES, hand_size)
    expected = valued_reference(MoveGenerator(lexicon, TILES, hand_size), board, rack, found, limit)
    assert interpreted.best_by_equity(board, rack, found, limit) == expected


def test_simple_rules_rank_by_equity_through_the_generic_path(enable_trie: Lexicon) -> None:
    rules = get_rules("simple")
    board = Board()
    rack = Rack.parse("AESTV?")
    table = rack_table()
    found = table_keeps(dense_leaves(table), rules.tile_set.letters, rack)
    assert found is not None
    moves = rules.best_moves(board, rack, enable_trie)
    got = rules.best_moves_by_equity(board, rack, enable_trie, found, 3)
    best = max(found.equity(move) for move in moves)
    assert got and got[0][0] == best
    ranked = sorted(moves, key=lambda m: (-found.equity(m), m.sort_key()))
    assert [move for _, move in got] == [m for m in ranked if found.equity(m) >= got[2][0]]


# --- the player against its former implementation -----------------------------------------------


@pytest.mark.parametrize("which", ["shipped", "generic", "none"])
def test_the_player_decides_as_before_on_seeded_games(enable_trie: Lexicon, shipped: LeaveTable,
                                                       which: str) -> None:
    table = {"shipped": shipped, "generic": rack_table(), "none": None}[which]
    player = EquityStrategy(table, use_default=False)
    checked = kinds = 0
    seen: set[TurnKind] = set()
    for seed in (3, 11) if which == "shipped" else (5,):
        game = Game([Player("a", "equity"), Player("b", "greedy")], enable_trie, GameSettings(seed=seed))
        while not game.is_over:
            situation = game.situation()
            if situation.bag_size > 1 or player.end_game(situation) is None:
                decision = player.decide(situation)
                # The former implementation, kept as the player's fallback, is the reference.
                expected = player._decide_one_by_one(situation, player.table_for(situation.lexicon))
                assert decision == expected, (seed, str(situation.rack))
                seen.add(decision.kind)
                checked += 1
            game.play_computer_turn()
        kinds = len(seen)
    assert checked > 20 and kinds >= 1


@settings(max_examples=12)
@given(st.integers(0, 1000), st.integers(0, 12), st.text(alphabet="?AEIQUVWZZ", min_size=1, max_size=7),
       st.sampled_from([50, 3, 0]))
def test_the_player_decides_as_before_on_awkward_racks(
    enable_trie: Lexicon, shipped: LeaveTable, seed: int, turns: int, text: str, bag: int,
) -> None:
    board = autoplay_board(enable_trie, "standard", seed, turns)
    situation = Situation(board, Rack.parse(text), enable_trie, CLASSIC, bag_size=bag,
                          can_exchange=bag >= 7)
    player = EquityStrategy(shipped, use_default=False)
    assert player.decide(situation) == player._decide_one_by_one(situation, shipped)


@pytest.mark.parametrize(("text", "bag", "kind", "tiles"), [
    ("Q", 50, TurnKind.EXCHANGE, "Q"), ("ZZQ", 50, TurnKind.EXCHANGE, "QZ"),
    # No play and no exchange: the pass.  No play with a full rack: the whole rack back,
    # never a pass on the table's missing value for seven tiles (that passed again and again).
    ("ZZQ", 3, TurnKind.PASS, ""), ("IIIUUVW", 50, TurnKind.EXCHANGE, "IIIUUVW"),
])
def test_exchanges_and_passes_come_from_the_keeps(enable_trie: Lexicon, shipped: LeaveTable, text: str,
                                                  bag: int, kind: TurnKind, tiles: str) -> None:
    board = autoplay_board(enable_trie, "standard", 7, 6)
    situation = Situation(board, Rack.parse(text), enable_trie, CLASSIC, bag_size=bag,
                          can_exchange=bag >= 7)
    player = EquityStrategy(shipped, use_default=False)
    decision = player.decide(situation)
    assert (decision.kind, decision.tiles) == (kind, tiles)
    assert decision == player._decide_one_by_one(situation, shipped)


def test_a_huge_limit_lists_every_move_without_allocating_for_it(enable_trie: Lexicon,
                                                                  shipped: LeaveTable) -> None:
    board = autoplay_board(enable_trie, "standard", 2, 4)
    rack = Rack.parse("AEIRST?")
    found = table_keeps(dense_leaves(shipped), STANDARD_ENGLISH.letters, rack)
    assert found is not None
    every = CLASSIC.best_moves_by_equity(board, rack, enable_trie, found, None)
    assert CLASSIC.best_moves_by_equity(board, rack, enable_trie, found, 10**15) == every
    assert len(every) == len(CLASSIC.best_moves(board, rack, enable_trie))
    cut = CLASSIC.best_moves_by_equity(board, rack, enable_trie, found, 5000)
    assert cut == every[:len(cut)] and len(cut) >= min(5000, len(every))


def test_keeps_of_another_rack_or_bad_arrays_are_refused(enable_trie: Lexicon, shipped: LeaveTable) -> None:
    board = autoplay_board(enable_trie, "standard", 2, 4)
    other = table_keeps(dense_leaves(shipped), STANDARD_ENGLISH.letters, Rack.parse("QQQ"))
    assert other is not None
    for rules in (CLASSIC, SimpleRules(count_tiles=False)):
        with pytest.raises(InvalidArgumentError, match=r"another rack|not made for"):
            rules.best_moves_by_equity(board, Rack.parse("AEIRST?"), enable_trie, other)
        with pytest.raises(InvalidArgumentTypeError):
            rules.best_moves_by_equity(board, Rack.parse("QQQ"), enable_trie, "keeps")  # type: ignore[arg-type]
    dense = dense_leaves(shipped)
    assert dense.rank(array("i", [-1]), array("i", [1]), 1) == -1
    with pytest.raises(ValueError, match="fewer"):
        dense.fill_keeps(array("i", [1]), array("i", [1]), 1, array("d", [0.0]), 2)
    if is_compiled(kernel):
        buf = MoveGenerator(enable_trie)._searched(board)
        counts = [0] * 27
        counts[0] = 1
        with pytest.raises(ValueError, match="does not fit"):
            kernel.search_equity(buf, counts, 1, array("d", [0.0, 0.0]), array("q", [1] * 27), 5, 0.0)
