"""CS214 verdicts of ``ClassicRules.check``: one test per rule, the order of the checks, and the
move-file reader."""

from __future__ import annotations

import pytest

from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import Board, Direction, Move, Placement, Rack, TileSet, get_rules, parse_move
from wordgames.scrabble.rules.classic import (
    ClassicRules,
    first_non_word,
    missing_tiles,
    move_for_placements,
    parse_move_file,
)

from .support import sowpods

# F1 and G1 hold EH; row 5 holds STAR with its R on F5: F2..F4 complete ENTER down column F.
CS214_ROWS = [".....EH........", "." * 15, "." * 15, "." * 15, "..STAR........."] + ["." * 15] * 10
CS214_BOARD = "\n".join(CS214_ROWS) + "\n"

WORDS = ["CAT", "CATS", "AT", "TA", "AH", "HA", "SH", "ACT", "TAB", "BAT", "BATS", "SCAT"]


@pytest.fixture()
def board() -> Board:
    """CAT across from the centre square (8H..8J) on the standard board."""
    board = Board()
    board.place_all([(7, 7, "C"), (7, 8, "A"), (7, 9, "T")])
    return board


def judge(board: Board, move: str | list[Placement], rack: str | None = None, words: list[str] = WORDS):
    rules = ClassicRules()
    lexicon = lexicon_from_words(words)
    parsed = parse_move(move, board) if isinstance(move, str) else move_for_placements(board, move)
    return rules.check(board, parsed, lexicon, Rack.parse(rack) if rack is not None else None)


def test_cs214_enter_example_is_valid() -> None:
    board = Board.from_text(CS214_BOARD)
    move = parse_move_file("F2\tN\nF4\tE\nF3\tT\n", board)
    verdict = ClassicRules().check(board, move, sowpods())
    assert str(verdict) == "VALID" and verdict.valid
    # N on the triple letter of F2: 1 + 3 + 1 + 1 + 1.
    assert verdict.words == ("ENTER",) and verdict.score == 7


def test_cs214_bad_word_names_the_first_non_word() -> None:
    board = Board.from_text(CS214_BOARD)
    move = parse_move_file("G2\tX\nG3\tV\n", board)
    assert str(ClassicRules().check(board, move, sowpods())) == "BAD WORD: HXV"


def test_bad_start_comes_first_and_names_the_word() -> None:
    board = Board.from_text(CS214_BOARD.replace("..STAR", "..STXR"))
    move = parse_move_file("F2\tN\nF3\tT\nF4\tE\n", board)
    verdict = ClassicRules().check(board, move, sowpods())
    assert str(verdict) == "BAD START: STXR" and verdict.code == "BAD START" and verdict.word == "STXR"
    assert first_non_word(board, sowpods()) == "STXR"
    # Even a move breaking the placement rules is judged on the board first.
    scattered = move_for_placements(board, [Placement(1, 1, "A"), Placement(2, 2, "B")])
    assert ClassicRules().check(board, scattered, sowpods()).code == "BAD START"


def test_single_letters_are_never_words_to_check() -> None:
    board = Board.from_text("\n".join(["." * 15] * 7 + [".......Q......."] + ["." * 15] * 7))
    assert first_non_word(board, lexicon_from_words(["AA"])) is None


def test_valid_move_lists_main_word_then_cross_words(board: Board) -> None:
    # A on J9 under the T makes TA down; with H on K9 the main word is AH across.
    verdict = judge(board, [Placement(8, 9, "A"), Placement(8, 10, "H")])
    assert verdict.valid and verdict.words == ("AH", "TA")
    verdict = judge(board, "8K S")
    assert verdict.valid and verdict.words == ("CATS",)


@pytest.mark.parametrize(
    ("placements", "reason"),
    [
        ([Placement(8, 8, "A"), Placement(9, 9, "T")], "not all in one row or one column"),
        ([Placement(7, 8, "A")], "already occupied"),
        ([Placement(7, 15, "S")], "off the 15x15 board"),
        ([Placement(8, 7, "A"), Placement(8, 9, "T")], "gap at I9"),
        ([Placement(0, 0, "A"), Placement(0, 1, "T")], "does not touch"),
        ([Placement(8, 8, "A"), Placement(8, 8, "T")], "two tiles are placed on I9"),
        ([Placement(8, 8, "1")], "not a letter of this tile set"),
        ([Placement(8, 9, "a")], "not a letter of this tile set"),  # blanks say blank=True
        ([Placement(8, c, "A") for c in range(8)], "at most 7 tiles"),
    ],
)
def test_bad_move_for_each_placement_rule(board: Board, placements: list[Placement], reason: str) -> None:
    move = Move(placements[0].row, placements[0].col, Direction.ACROSS, "", tuple(placements))
    verdict = ClassicRules().check(board, move, lexicon_from_words(WORDS))
    assert str(verdict) == "BAD MOVE" and verdict.word is None
    assert reason in verdict.message


def test_first_move_covers_the_start_square_with_two_tiles() -> None:
    empty = Board()
    assert judge(empty, "8H CAT").valid
    off_start = judge(empty, "1A CAT")
    assert off_start.code == "BAD MOVE" and "start square H8" in off_start.message
    one_tile = judge(empty, [Placement(7, 7, "A")])
    assert one_tile.code == "BAD MOVE" and "at least two tiles" in one_tile.message


def test_written_word_must_match_the_board(board: Board) -> None:
    verdict = judge(board, "8H COT")
    assert verdict.code == "BAD MOVE" and "needs O on I8, which holds A" in verdict.message
    assert judge(board, "8H DOG").code == "BAD MOVE"


def test_bad_rack_names_the_missing_tiles(board: Board) -> None:
    assert judge(board, "8H CATS", rack="S").valid
    assert judge(board, "8H CATs", rack="?").valid  # a lower-case letter takes a blank
    verdict = judge(board, "8H CATs", rack="S")
    assert str(verdict) == "BAD RACK: ?" and "does not hold ?" in verdict.message
    assert missing_tiles(Rack.parse("AB"), parse_move("9H BAT", board)) == "T"


def test_bad_word_in_a_cross_word(board: Board) -> None:
    verdict = judge(board, [Placement(8, 9, "A"), Placement(8, 10, "B")])
    assert str(verdict) == "BAD WORD: AB"
    # The main word is judged before the cross words.
    verdict = judge(board, [Placement(8, 8, "B"), Placement(8, 9, "B")])
    assert str(verdict) == "BAD WORD: BB"


def test_a_minimum_word_length_makes_short_words_bad(board: Board) -> None:
    rules = ClassicRules(minimum_word_length=3)
    lexicon = lexicon_from_words(WORDS)
    # CATS is long enough; TA, a word, is now too short to play (as a main or a cross word).
    assert rules.check(board, parse_move("H8 CATS", board), lexicon).valid
    verdict = rules.check(board, parse_move("J8 TA", board), lexicon)
    assert str(verdict) == "BAD WORD: TA" and "shorter than 3 letters" in verdict.message
    verdict = rules.check(board, move_for_placements(board, [Placement(8, 9, "A")]), lexicon)
    assert str(verdict) == "BAD WORD: TA"
    # A board already holding a two-letter word is a bad start under such rules.
    board.place_all([(8, 9, "A")])
    assert str(rules.check(board, parse_move("H8 CATS", board), lexicon)) == "BAD START: TA"
    assert str(ClassicRules().check(board, parse_move("H8 CATS", board), lexicon)) == "VALID"
    # One, like two, is the usual minimum: a run of tiles has two letters at least.
    assert ClassicRules(minimum_word_length=1).minimum_word_length == 2
    assert "minimum_word_length=3" in repr(rules) and "minimum" not in repr(ClassicRules())


def test_a_minimum_word_length_filters_the_generator_once() -> None:
    rules = ClassicRules(minimum_word_length=3)
    lexicon = lexicon_from_words(WORDS)
    playable = rules.playable_lexicon(lexicon)
    assert sorted(playable) == sorted(word for word in WORDS if len(word) >= 3)
    assert rules.playable_lexicon(lexicon) is playable  # kept for the next turn
    assert ClassicRules(minimum_word_length=3).playable_lexicon(lexicon) is playable  # and game
    assert ClassicRules().playable_lexicon(lexicon) is lexicon
    moves = rules.best_moves(Board(), Rack.parse("CATS"), lexicon)
    assert moves and all(len(word) >= 3 for move in moves for word in move.words)


def test_rule_set_registry_and_options() -> None:
    rules = get_rules("classic", tile_set=TileSet({"A": 2}), hand_size=8)
    assert isinstance(rules, ClassicRules) and rules.hand_size == 8 and rules.name == "classic"
    with pytest.raises(InvalidArgumentError):
        ClassicRules(hand_size=0)
    with pytest.raises(InvalidArgumentError):
        ClassicRules(bingo_bonus=-1)
    with pytest.raises(InvalidArgumentError):
        ClassicRules(minimum_word_length=0)


def test_move_file_reader() -> None:
    board = Board()
    move = parse_move_file("  H8 C\n\nI8\ta\r\nJ8 \t T  \n", board)
    assert [(p.row, p.col, p.tile) for p in move.placed] == [(7, 7, "C"), (7, 8, "a"), (7, 9, "T")]
    assert move.word == "CaT" and move.direction is Direction.ACROSS
    for text, message in [
        ("H8\n", "expected 'SQUARE<TAB>LETTER'"),
        ("8H\tC\n", "is not a column letter and a row number"),
        ("H8\tCA\n", "is not one letter"),
        ("\n\n", "places no tiles"),
    ]:
        with pytest.raises(FormatError, match=message):
            parse_move_file(text, board, "move.txt")
