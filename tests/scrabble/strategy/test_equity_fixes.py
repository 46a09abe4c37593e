"""The equity player's holes, closed: the pass is chosen only when truly best, the end of the
game is valued as the strongest engines value it, and the opening vowel penalty is counted
as documented.  Decisions are compared with brute-force oracles over every legal move."""

from __future__ import annotations

import dataclasses
import random

import pytest
from conftest import shared_file, shared_lexicon
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scrabble.movegen.test_properties import autoplay_board
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.lexicon.kwg import ENGLISH_ALPHABET
from wordgames.scrabble import STANDARD_ENGLISH, Board, Rack
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.placement import Direction
from wordgames.scrabble.core.scoring import rack_value
from wordgames.scrabble.formats.cgp import parse_cgp
from wordgames.scrabble.game.decision import PASS, Decision, Situation
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.leaves import LeaveTable, load_leaves
from wordgames.scrabble.rules.classic import ClassicRules
from wordgames.scrabble.strategy.adjustments import (
    NOT_OUT_PENALTY,
    OPENING_PENALTY,
    PRE_ENDGAME_BAG,
    VOWEL_HOTSPOT_PENALTY,
    opens_triple,
    vowels_beside_double_letters,
)
from wordgames.scrabble.strategy.equity import EquityStrategy, Valuer, equity_choices
from wordgames.scrabble.strategy.sim_setup import unseen_tiles

RULES = ClassicRules(count_tiles=False)  # composed racks may hold more of a tile than the bag
BAD_RACK_OPENING = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 GJKLNQV/AELNNRS 0/0 0 lex TWL98;"
BAD_RACK_GUV = ("15/15/15/15/4T10/4U10/4N10/1ENSNARL7/4A10/4G10/4E10/15/15/15/15 GJKLNQV/EEEIRV? "
                "0/98 0 lex TWL98;")


def cgp_situation(text: str, lexicon: Lexicon) -> Situation:
    """The situation of a CGP position, the bag as full as the unseen tiles allow."""
    position = parse_cgp(text)
    assert position.rack is not None
    rack = STANDARD_ENGLISH.parse_rack(position.rack)
    unseen = unseen_tiles(position.board, rack.tiles(), STANDARD_ENGLISH)
    bag = len(unseen) - 7
    return Situation(position.board, rack, lexicon, RULES, bag, bag >= 7, tuple(unseen), (0, 0))


@pytest.mark.parametrize("cgp", [BAD_RACK_OPENING, BAD_RACK_GUV])
def test_the_positions_of_the_issue_are_never_passed(cgp: str) -> None:
    lexicon = shared_lexicon("lexicons/OWL.txt")
    table = load_leaves(shared_file("external/magpie-data/TWL98.klv2"))
    player = EquityStrategy(table, use_default=False)
    situation = cgp_situation(cgp, lexicon)
    decision = player.decide(situation)
    assert decision.kind is not TurnKind.PASS
    if situation.board.is_empty():  # no placement at all: the whole rack goes back
        assert decision == Decision(TurnKind.EXCHANGE, tiles="GJKLNQV")
    # With 1 to 6 tiles in the bag no exchange is allowed: a placement of negative equity
    # (GUV, 15 points keeping JKLNQ) still beats passing on an unknown value.
    for bag in range(1, 7):
        late = player.decide(dataclasses.replace(situation, bag_size=bag, can_exchange=False))
        if situation.board.is_empty():
            assert late is PASS  # nothing else is legal
        else:
            assert late.kind is TurnKind.PLACE and late.move is not None and late.move.word == "GUV"


def small_table() -> LeaveTable:
    """A table of leaves up to 2 tiles that hates Q, V and W and likes S and the blank."""
    values: dict[str, float] = {}
    letters = "?ABEQSVW"
    for a in letters:
        for b in ["", *letters]:
            text = "".join(sorted(a + b))
            values[text] = sum({"?": 20, "S": 8, "Q": -15, "V": -9, "W": -7}.get(t, 0) for t in text)
    return LeaveTable.from_texts(ENGLISH_ALPHABET, values)


def best_other(situation: Situation, table: LeaveTable) -> float:
    """The best equity among every legal placement and exchange, valued one by one the slow
    way (minus infinity when there is none); near the end a placement that opens a triple-word
    square pays for it."""
    rack = situation.rack
    values = []
    late = 0 < situation.bag_size <= PRE_ENDGAME_BAG
    for move in RULES.generate_moves(situation.board, rack, situation.lexicon):
        kept = rack.counts()
        kept.subtract(move.rack_tiles)
        opened = OPENING_PENALTY * opens_triple(situation.board, move) if late else 0.0
        values.append(move.score + table.value(list(kept.elements())) - opened)
    if situation.can_exchange:
        tiles = rack.tiles()
        for mask in range(1, 1 << len(tiles)):  # every non-empty set of positions goes back
            values.append(table.value([tile for i, tile in enumerate(tiles) if not mask >> i & 1]))
    return max(values, default=float("-inf"))


@settings(max_examples=25)
@given(seed=st.integers(0, 4), turns=st.integers(2, 8), rack_seed=st.integers(0, 10**6),
       bag=st.sampled_from([1, 3, 40]), size=st.sampled_from([2, 7]))
@example(seed=0, turns=5, rack_seed=1, bag=1, size=7)  # the best play opens a triple-word square
def test_a_pass_is_chosen_only_when_truly_best(enable_trie: Lexicon, seed: int, turns: int, rack_seed: int,
                                               bag: int, size: int) -> None:
    table = small_table()
    board = autoplay_board(enable_trie, "standard", seed, turns)
    rack = Rack(random.Random(rack_seed).sample("?ABEQSVWWQV", size))
    situation = Situation(board, rack, enable_trie, RULES, bag, bag >= 7, ("E",) * 10, (0, 0))
    decision = EquityStrategy(table, use_default=False).decide(situation)
    others = best_other(situation, table)
    known = str(rack) in table  # a full rack of 7 is not: its pass is the last resort
    if decision.kind is TurnKind.PASS:
        assert (known and table.value(str(rack)) > others) or others == float("-inf")
    else:
        kept = rack.counts()
        kept.subtract(decision.move.rack_tiles if decision.move is not None else decision.tiles)
        score = decision.move.score if decision.move is not None else 0
        opened = 0.0
        if decision.move is not None and bag <= PRE_ENDGAME_BAG:
            opened = OPENING_PENALTY * opens_triple(board, decision.move)
        assert score + table.value(list(kept.elements())) - opened == pytest.approx(others)
        assert not known or others >= table.value(str(rack))


@settings(max_examples=20)
@given(seed=st.integers(0, 4), turns=st.integers(4, 10), rack_seed=st.integers(0, 10**6),
       size=st.integers(1, 7), opponent=st.text("AEIQZXK?", min_size=1, max_size=7))
def test_the_end_of_the_game_is_valued_as_magpie_and_macondo_do(
        enable_trie: Lexicon, seed: int, turns: int, rack_seed: int, size: int, opponent: str) -> None:
    board = autoplay_board(enable_trie, "standard", seed, turns)
    rack = Rack(random.Random(rack_seed).sample("AEIRSTLNQ?", size))
    situation = Situation(board, rack, enable_trie, RULES, 0, False, tuple(opponent), (0, 0))

    def end_value(score: int, kept: list[str]) -> float:
        if not kept:  # out: twice the opponent's tiles
            return score + 2 * rack_value(opponent, STANDARD_ENGLISH)
        return score - 2 * rack_value(kept, STANDARD_ENGLISH) - NOT_OUT_PENALTY

    values = [end_value(0, rack.tiles())]  # the pass keeps everything
    for move in RULES.generate_moves(board, rack, enable_trie):
        kept = rack.counts()
        kept.subtract(move.rack_tiles)
        values.append(end_value(move.score, list(kept.elements())))
    player = EquityStrategy(LeaveTable(ENGLISH_ALPHABET, {}), use_default=False)
    decision = player.decide(situation)
    kept = rack.counts()
    if decision.move is not None:
        kept.subtract(decision.move.rack_tiles)
    chosen = end_value(decision.move.score if decision.move is not None else 0, list(kept.elements()))
    assert chosen == max(values)
    listed = equity_choices(situation, None)
    assert listed[0].equity == max(values) and not any(choice.last_resort for choice in listed)


def test_vowels_beside_double_letters_are_counted_on_the_opening_move(enable_trie: Lexicon) -> None:
    board = Board()
    situation = Situation(board, Rack.parse("AEIOUTS"), enable_trie, RULES, 86, True)
    # Across row 8: C8, G8, I8 and M8 have a double-letter square above and below.
    move = Move.from_word(board, 7, 2, Direction.ACROSS, "AUDIO")  # A on C8, O on G8
    assert vowels_beside_double_letters(situation, move) == 2
    down = Move.from_word(board, 2, 7, Direction.DOWN, "AUDIO")  # the same squares, transposed
    assert vowels_beside_double_letters(situation, down) == 2
    blank = Move.from_word(board, 7, 2, Direction.ACROSS, "aUDIo")  # blanks are no vowels
    assert vowels_beside_double_letters(situation, blank) == 0


def test_the_vowel_penalty_is_a_setting_and_off_by_default(enable_trie: Lexicon) -> None:
    situation = Situation(Board(), Rack.parse("AEIOUTS"), enable_trie, RULES, 86, True)
    plain = {c.move: c.equity for c in EquityStrategy().choices(situation) if c.move is not None}

    class WithPenalty(EquityStrategy):
        vowel_penalty = VOWEL_HOTSPOT_PENALTY

    player = WithPenalty()
    charged = 0
    for choice in player.choices(situation):
        if choice.move is not None:
            cost = VOWEL_HOTSPOT_PENALTY * vowels_beside_double_letters(situation, choice.move)
            charged += cost > 0
            assert choice.equity == pytest.approx(plain[choice.move] - cost)
    assert charged
    best = max(choice.equity for choice in player.choices(situation))
    decision = player.decide(situation)
    assert decision.move is not None
    assert next(c.equity for c in player.choices(situation) if c.move == decision.move) == best



def test_a_checked_search_skips_the_argument_checks_and_finds_the_same_moves(enable_trie: Lexicon) -> None:
    from wordgames.scrabble.leaves.keeps import zero_keeps
    from wordgames.scrabble.rules.registry import get_rules

    counting = get_rules("classic")
    board = Board()
    board.place_all([(7, 7, "C"), (7, 8, "A"), (7, 9, "T")])
    rack = Rack.parse("AEINRS?")
    keeps = zero_keeps(counting.tile_set.alphabet, rack)
    assert keeps is not None
    assert (counting.best_moves_by_equity(board, rack, enable_trie, keeps, 5, checked=True)
            == counting.best_moves_by_equity(board, rack, enable_trie, keeps, 5))
    crowded = Board()
    crowded.place_all([(7, 7, "Q"), (7, 8, "Q")])  # two Q: the tile set has one
    small = Rack.parse("AE")
    small_keeps = zero_keeps(counting.tile_set.alphabet, small)
    assert small_keeps is not None
    with pytest.raises(InvalidArgumentError):
        counting.best_moves_by_equity(crowded, small, enable_trie, small_keeps, 1)
    # Vouched for, the position is searched as it stands (the caller's responsibility).
    counting.best_moves_by_equity(crowded, small, enable_trie, small_keeps, 1, checked=True)


@settings(max_examples=30)
@given(size=st.integers(1, 7), bag=st.sampled_from([0, 1, 40]), rack_seed=st.integers(0, 10**6))
def test_the_pass_value_known_without_a_lookup_is_the_lookups(enable_trie: Lexicon, size: int, bag: int,
                                                              rack_seed: int) -> None:
    # The shipped table ranks every leave of at most 6 tiles: a larger rack's pass value is
    # unknown (None) without decoding its code, and every other answer is the Valuer's.
    table = load_leaves("enable")
    assert table.largest_leave == 6 and LeaveTable(ENGLISH_ALPHABET, {}).largest_leave is None
    rack = Rack(random.Random(rack_seed).sample(STANDARD_ENGLISH.full_bag(), size))
    situation = Situation(Board(), rack, enable_trie, RULES, bag, bag >= 7, ("E",) * 10, (0, 0))
    expected = Valuer(situation, table).pass_value()
    assert EquityStrategy(table).pass_value(situation, table) == expected
    assert (expected is None) == (bag > 0 and size == 7)
