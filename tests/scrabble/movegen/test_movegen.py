"""The move generator on real positions: SOWPODS midgames with blanks on both backends,
off-centre and small USC boards, the super board, hand sizes, and its edge cases."""

from __future__ import annotations

import functools

import pytest
from conftest import shared_file

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble import Board, Direction, Placement, Rack, read_layout, read_tile_set
from wordgames.scrabble.core.layout import super_layout
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS
from wordgames.scrabble.movegen.generator import MoveGenerator
from wordgames.scrabble.rules.classic import ClassicRules

from .support import brute_force_moves, generated, self_play, sowpods

USC = "formats/usc104/"
OFF_CENTRE = ["board-tl-start.txt", "board-tr-start.txt", "board-bl-start.txt",
              "board-br-start.txt", "board-weird-start.txt"]
SMALL_WORDS = ["AT", "TA", "CAT", "ACT", "SAT", "EAT", "TEA", "ATE", "SEAT", "EATS", "EAST",
               "TEAS", "CASE", "ACE", "ACES", "SET", "TEN", "NET", "NETS", "ANT", "TAN", "ANTE"]


@functools.cache
def midgame_of(seed: int) -> Board:
    """A SOWPODS position after ten greedy moves of a seeded game (seed 3 has a blank on the
    board, seed 2 none: a rack of two blanks is only possible there)."""
    return self_play(sowpods(), seed=seed, turns=10)[0]


@pytest.fixture
def midgame(rack: str) -> Board:
    """The midgame for the test's rack: one the rack's tiles fit with (its blanks with the
    board's are at most the bag's two)."""
    return midgame_of(2 if rack.count("?") == 2 else 3).copy()


@pytest.mark.parametrize("rack", ["DEIRSTU", "AEGINR?", "CEO??RT"])
def test_every_move_validates_with_its_score_on_both_backends(midgame: Board, rack: str) -> None:
    rules = ClassicRules()
    on_trie = sorted(rules.generate_moves(midgame, Rack.parse(rack), sowpods("trie")), key=str)
    on_set = sorted(rules.generate_moves(midgame, Rack.parse(rack), sowpods("sortedset")), key=str)
    assert on_trie == on_set and len(on_trie) > 100
    generated(on_trie)  # no placement twice
    sample = on_trie[:: 1 if "?" not in rack else 4 if rack.count("?") == 1 else 17]
    for move in sample:
        verdict = rules.check(midgame, move, sowpods(), Rack.parse(rack))
        assert verdict.valid and verdict.score == move.score and verdict.words == move.words, move


@pytest.mark.parametrize("rack", ["DEIRSTU", "AEGINR?", "CEO??RT"])
def test_best_moves_head_the_full_order(midgame: Board, rack: str) -> None:
    rules = ClassicRules()
    everything = rules.best_moves(midgame, Rack.parse(rack), sowpods())
    assert [m.sort_key() for m in everything] == sorted(m.sort_key() for m in everything)
    for limit in (1, 3, 10):
        best = rules.best_moves(midgame, Rack.parse(rack), sowpods(), limit)
        assert [m.sort_key() for m in best] == [m.sort_key() for m in everything[:limit]]


def test_one_tile_move_forming_two_words_is_listed_once() -> None:
    board = Board()
    board.place_all([(7, 7, "C"), (7, 8, "A"), (7, 9, "T"), (8, 10, "A"), (9, 10, "T")])
    lexicon = lexicon_from_words(["CAT", "CATS", "SAT", "AT"])
    moves = list(ClassicRules().generate_moves(board, Rack.parse("S"), lexicon))
    assert [(m.word, m.direction, [(p.row, p.col) for p in m.placed]) for m in moves] == [
        ("CATS", Direction.ACROSS, [(7, 10)])
    ]
    assert moves[0].words == ("CATS", "SAT") and moves[0].score == 6 + 3


def test_single_tile_reads_the_way_of_the_longer_word() -> None:
    board = Board()
    board.place_all([(7, 7, "A"), (4, 8, "S"), (5, 8, "C"), (6, 8, "A")])
    lexicon = lexicon_from_words(["AT", "SCAT"])
    moves = ClassicRules().generate_moves(board, Rack.parse("T"), lexicon)
    (move,) = [m for m in moves if m.placed == (Placement(7, 8, "T"),)]
    # Across AT (two letters), down SCAT (four): the move reads down.
    assert move.direction is Direction.DOWN and move.word == "SCAT" and move.words == ("SCAT", "AT")
    assert (move.row, move.col) == (4, 8)


@pytest.mark.parametrize("name", OFF_CENTRE)
def test_first_moves_on_off_centre_boards(name: str) -> None:
    layout = read_layout(shared_file(USC + name))
    board = Board(layout)
    lexicon = lexicon_from_words(SMALL_WORDS)
    rules = ClassicRules()
    rack = Rack.parse("AT?" if name == "board-weird-start.txt" else "ACETS")
    moves = list(rules.generate_moves(board, rack, lexicon))
    assert moves and all(layout.start in m.squares() for m in moves)
    assert generated(moves) == brute_force_moves(board, rack, lexicon, rules)


def usc_dictionary() -> Lexicon:
    from conftest import shared_lexicon

    return shared_lexicon(USC + "english-dictionary.txt")


def test_small_usc_board_with_many_blanks_and_a_big_hand() -> None:
    layout = read_layout(shared_file(USC + "small-board.txt"))
    tiles = read_tile_set(shared_file(USC + "small-tile-bag.txt"))
    board = Board(layout)
    board.place_all([(3, 2, "B"), (3, 3, "E"), (3, 4, "L"), (3, 5, "T")])
    lexicon = lexicon_from_words(["BELT", "BELTS", "BET", "BEG", "GEL", "LEG", "LOG", "LOGS", "TO",
                                  "ITS", "SIT", "TIE", "TIES", "BOLT", "BOLTS", "OBE", "FIB"])
    rules = ClassicRules(tiles, hand_size=8)
    rack = Rack.parse("???O")
    moves = list(rules.generate_moves(board, rack, lexicon))
    assert generated(moves) == brute_force_moves(board, rack, lexicon, rules)
    assert any(sum(p.blank for p in m.placed) == 3 for m in moves)


def test_small_usc_board_with_the_usc_dictionary() -> None:
    layout = read_layout(shared_file(USC + "small-board.txt"))
    tiles = read_tile_set(shared_file(USC + "small-tile-bag.txt"))
    rules = ClassicRules(tiles, hand_size=8)
    rack = Rack.parse("ABEFGILO")
    moves = rules.best_moves(Board(layout), rack, usc_dictionary())
    assert moves and all(m.squares().count(layout.start) == 1 for m in moves)
    # Eight tiles placed on the 7x7 board is impossible: no bingo.
    assert max(len(m.placed) for m in moves) <= 7
    assert rules.best_moves(Board(layout), rack, usc_dictionary(), 1) == moves[:1]


def test_hand_size_decides_the_bingo() -> None:
    lexicon = lexicon_from_words(["CAT", "ACT"])
    for hand_size, bonus in [(3, 50), (4, 0)]:
        rules = ClassicRules(hand_size=hand_size)
        best = rules.best_moves(Board(), Rack.parse("ACT"), lexicon, 1)[0]
        assert best.score == (3 + 1 + 1) * 2 + bonus


def test_super_board_moves_use_its_premiums() -> None:
    board = Board(super_layout())
    board.place_all([(10, 9, "C"), (10, 10, "A"), (10, 11, "T")])
    rules = ClassicRules()
    moves = rules.best_moves(board, Rack.parse("SEAT?"), sowpods())
    assert moves and all(rules.check(board, m, sowpods()).score == m.score for m in moves[:200])
    assert rules.best_moves(board, Rack.parse("SEAT?"), sowpods(), 5) == moves[:5]


def test_board_blanks_score_nothing_and_read_as_letters() -> None:
    board = Board()
    board.place_all([(7, 7, "c"), (7, 8, "A"), (7, 9, "T")])
    lexicon = lexicon_from_words(["CAT", "CATS"])
    (move,) = ClassicRules().generate_moves(board, Rack.parse("S"), lexicon)
    assert move.word == "cATS" and move.words == ("CATS",) and move.score == 0 + 1 + 1 + 1


def test_no_moves_without_tiles_or_words() -> None:
    rules = ClassicRules()
    lexicon = lexicon_from_words(["CAT"])
    assert list(rules.generate_moves(Board(), Rack(), lexicon)) == []
    assert rules.best_moves(Board(), Rack.parse("XYZ"), lexicon, 3) == []
    assert MoveGenerator(lexicon).best(Board(), Rack.parse("CAT"), 0) == []
    # A rack tile outside the tile set is refused, not silently ignored.
    with pytest.raises(InvalidArgumentError, match="not a tile of this tile set"):
        rules.generate_moves(Board(), Rack(["Ä"], TILE_DISTRIBUTIONS["german"].alphabet), lexicon)


def test_placements_of_generated_moves_rebuild_the_move() -> None:
    board = self_play(sowpods(), seed=5, turns=4)[0]
    rules = ClassicRules()
    for move in rules.best_moves(board, Rack.parse("EINST?A"), sowpods(), 25):
        placed = [Placement(p.row, p.col, p.letter, p.blank) for p in move.placed]
        assert rules.check(board, move, sowpods()).valid
        assert {p.tile for p in placed} <= set(move.word)


def test_a_tile_set_of_more_letters_than_the_masks_hold_is_refused() -> None:
    from wordgames.scrabble import TileSet
    from wordgames.scrabble.movegen.generator import MAX_ALPHABET

    letters = [chr(code) for code in range(0x391, 0x3AA) if code != 0x3A2]  # Greek capitals
    letters += [chr(code) for code in range(0x410, 0x430)] + list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    with pytest.raises(InvalidArgumentError, match="1 to 63 tiles"):
        TileSet(dict.fromkeys(letters[:MAX_ALPHABET + 1], 1))
    # The last letter of the widest tile set allowed takes the masks' top bit.
    widest_allowed = TileSet(dict.fromkeys(letters[:MAX_ALPHABET], 1))
    top = widest_allowed.letters[-1]
    lexicon = lexicon_from_words(["A" + top, top + "A", top + "A" + top])
    board = Board(alphabet=widest_allowed.alphabet)
    board.place_all([(7, 7, top), (7, 8, "A")])
    rack = Rack(["A", top, "?"], widest_allowed.alphabet)
    wide_moves = MoveGenerator(lexicon, widest_allowed).moves(board, rack)
    two_letters = MoveGenerator(lexicon, TileSet({"A": 1, top: 1, "?": 0})).moves(board, rack)
    assert len(wide_moves) > 10
    assert [m.placed for m in wide_moves] == [m.placed for m in two_letters]
