"""Challenge rules: names, phony detection, adjudication."""

from __future__ import annotations

import pytest

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import Board, Direction, Move
from wordgames.scrabble.game.challenge import CHALLENGE_RULES, adjudicate, challenge_rule, phonies

LEXICON = lexicon_from_words(["TEA", "EAT", "AT", "TA", "AB"])


def board_with_tea() -> Board:
    board = Board()
    board.place_all([(7, 7, "T"), (7, 8, "E"), (7, 9, "A")])
    return board


def test_rule_names() -> None:
    assert set(CHALLENGE_RULES) == {"void", "single", "double", "5", "10"}
    assert not challenge_rule("void").phonies_allowed
    assert challenge_rule(" Double ").wrong_challenge_loses_turn
    assert challenge_rule("10").wrong_challenge_bonus == 10
    for bad in ("triple", "", "11"):
        with pytest.raises(InvalidArgumentError):
            challenge_rule(bad)
    with pytest.raises(InvalidArgumentError):
        challenge_rule(None)  # type: ignore[arg-type]


def test_every_formed_word_is_judged() -> None:
    board = board_with_tea()
    move = Move.from_word(board, 8, 7, Direction.ACROSS, "AB")  # AB, with cross words TA and EB
    assert phonies(board, move, LEXICON) == ["EB"]
    assert phonies(board, move, LEXICON, minimum_length=3) == ["AB", "TA", "EB"]


@pytest.mark.parametrize(("name", "bonus", "loses"), [("single", 0, False), ("double", 0, True),
                                                       ("5", 5, False), ("10", 10, False)])
def test_outcomes(name: str, bonus: int, loses: bool) -> None:
    board = board_with_tea()
    phony = Move.from_word(board, 8, 7, Direction.ACROSS, "AB")
    good = Move.from_word(board, 6, 9, Direction.DOWN, "TA")  # a T above the A of TEA
    rule = challenge_rule(name)
    upheld = adjudicate(rule, board, phony, LEXICON)
    assert upheld.upheld and upheld.phonies == ("EB",) and upheld.bonus == 0
    wrong = adjudicate(rule, board, good, LEXICON)
    assert not wrong.upheld and wrong.bonus == bonus and wrong.challenger_loses_turn is loses
