"""Scoring on hand-computed cases: premiums under new tiles only, word premiums in main and
cross words, blanks, bingo, quadruple squares, end-of-game adjustments."""

from __future__ import annotations

import pytest

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import STANDARD_ENGLISH, Board, Direction, Layout, Placement, parse_move
from wordgames.scrabble.core.scoring import end_of_game_adjustments, formed_words, rack_value
from wordgames.scrabble.rules.classic import ClassicRules, move_for_placements

LEXICON = lexicon_from_words(
    ["CAT", "AT", "AA", "QUIZ", "HOUSE", "RETAINS", "TA", "CATS", "SCAT"]
)


def score(board: Board, move: str, rules: ClassicRules | None = None) -> int:
    """The score of a legal move (asserting it is legal)."""
    verdict = (rules or ClassicRules()).check(board, parse_move(move, board), LEXICON)
    assert verdict.valid, verdict.message
    return verdict.score


def test_first_move_doubled_by_the_centre_square() -> None:
    assert score(Board(), "8H CAT") == (3 + 1 + 1) * 2
    # Q on E8, Z on the centre: (10 + 1 + 1 + 10) x 2.
    assert score(Board(), "8E QUIZ") == 44


def test_letter_premium_only_under_new_tiles() -> None:
    board = Board()
    board.place(7, 3, "C")  # on a double letter square, already played
    assert score(board, "8D CAT") == 3 + 1 + 1


def test_word_premium_doubles_main_and_cross_word() -> None:
    board = Board()
    board.place(4, 5, "T")
    board.place(5, 4, "A")
    # A on the double word square E5 makes AT across and AA down, each doubled.
    move = move_for_placements(board, [Placement(4, 4, "A")])
    verdict = ClassicRules().check(board, move, LEXICON)
    assert verdict.valid and sorted(verdict.words) == ["AA", "AT"]
    assert verdict.score == (1 + 1) * 2 + (1 + 1) * 2


def test_letter_premium_counts_in_both_words() -> None:
    layout = Layout(3, 3, (1, 1), ("...", ".3.", "..."))
    board = Board(layout)
    board.place(1, 2, "T")
    board.place(2, 1, "A")
    move = move_for_placements(board, [Placement(1, 1, "A")])
    assert ClassicRules().check(board, move, LEXICON).score == (3 + 1) + (3 + 1)


def test_two_word_premiums_multiply() -> None:
    board = Board(Layout(3, 5, (0, 2), ("d...d", ".....", ".....")))
    assert score(board, "1A HOUSE") == (4 + 1 + 1 + 1 + 1) * 2 * 2


def test_triple_word_with_letter_premium_and_blanks() -> None:
    board = Board(Layout(1, 5, (0, 0), ("t2...",)))
    assert score(board, "1A CAT") == (3 + 1 * 2 + 1) * 3
    assert score(board, "1A cAT") == (0 + 2 + 1) * 3  # a blank is worth 0 even on a premium
    assert score(board, "1A CaT") == (3 + 0 + 1) * 3


def test_quadruple_squares() -> None:
    board = Board(Layout(1, 5, (0, 0), ("q4...",)))
    assert score(board, "1A CAT") == (3 + 4 + 1) * 4


def test_bingo_bonus_for_a_full_rack() -> None:
    # RETAINS from the centre: I on the double letter L8, all doubled, plus the bingo.
    assert score(Board(), "8H RETAINS") == 16 + 50
    assert score(Board(), "8H RETAINS", ClassicRules(hand_size=8)) == 16
    assert score(Board(), "8H RETAINS", ClassicRules(bingo_bonus=35)) == 16 + 35
    assert score(Board(), "8H CAT", ClassicRules(hand_size=3)) == 10 + 50


def test_rules_score_matches_check_and_formed_words() -> None:
    board = Board()
    board.place_all([(7, 7, "C"), (7, 8, "A"), (7, 9, "T")])
    move = parse_move("8G SCAT", board)
    rules = ClassicRules()
    assert rules.score(board, move) == rules.check(board, move, LEXICON).score == 6
    words = formed_words(board, move.placed, Direction.ACROSS)
    assert [(w.word, w.row, w.col, w.new) for w in words] == [("SCAT", 7, 6, (True, False, False, False))]
    assert words[0].squares() == [(7, 6), (7, 7), (7, 8), (7, 9)]


def test_end_of_game_adjustments() -> None:
    assert rack_value("AB?", STANDARD_ENGLISH) == 4
    racks = [[], ["Q"], ["A", "?"]]
    assert end_of_game_adjustments(racks, STANDARD_ENGLISH) == [0, -10, -1]
    assert end_of_game_adjustments(racks, STANDARD_ENGLISH, went_out=0) == [11, -10, -1]
    with pytest.raises(InvalidArgumentError):
        end_of_game_adjustments(racks, STANDARD_ENGLISH, went_out=3)
    # Tournament rule: twice the others' racks to the player who goes out, nothing taken off.
    assert end_of_game_adjustments(racks, STANDARD_ENGLISH, 0, "tournament") == [22, 0, 0]
    assert end_of_game_adjustments(racks, STANDARD_ENGLISH, None, "tournament") == [0, -10, -1]
    with pytest.raises(InvalidArgumentError, match="unknown end-of-game rule"):
        end_of_game_adjustments(racks, STANDARD_ENGLISH, 0, "casual")
