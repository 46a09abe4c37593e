"""Moves: building them from a word or from placed tiles, their order and their squares."""

from __future__ import annotations

import pytest

from scrabble.movegen.test_properties import autoplay_board
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble import Board, Direction, Move, Placement, Rack, sort_moves
from wordgames.scrabble.rules.classic import ClassicRules

BOARD = Board.from_text(
    """\
.......
.......
.......
...TONE
.......
.......
.......
"""
)


def test_from_word_places_only_on_empty_squares() -> None:
    move = Move.from_word(BOARD, 0, 6, Direction.DOWN, "BASE")
    assert move.placed == (Placement(0, 6, "B"), Placement(1, 6, "A"), Placement(2, 6, "S"))
    assert move.squares() == [(0, 6), (1, 6), (2, 6), (3, 6)]
    assert move.tiles_used == "BAS"
    assert str(move) == "BASE at (0, 6) down"


def test_from_word_lower_case_letters_are_blanks() -> None:
    move = Move.from_word(BOARD, 2, 4, Direction.DOWN, "sOB")
    assert move.placed == (Placement(2, 4, "S", blank=True), Placement(4, 4, "B"))
    assert move.tiles_used == "?B"
    assert [p.tile for p in move.placed] == ["s", "B"]


@pytest.mark.parametrize(
    ("row", "col", "direction", "word"),
    [
        (3, 5, Direction.ACROSS, "TONE"),
        (5, 0, Direction.DOWN, "TONE"),
        (0, 0, Direction.ACROSS, "TO3"),
        (0, 0, Direction.ACROSS, ""),
        (-1, 0, Direction.DOWN, "AT"),
    ],
)
def test_from_word_refuses_what_cannot_be_placed(row: int, col: int, direction: Direction, word: str) -> None:
    with pytest.raises(InvalidArgumentError):
        Move.from_word(BOARD, row, col, direction, word)


def test_from_placements_extends_over_board_tiles() -> None:
    move = Move.from_placements(BOARD, [Placement(3, 2, "S")], Direction.DOWN)
    assert (move.row, move.col, move.direction, move.word) == (3, 2, Direction.ACROSS, "STONE")
    down = Move.from_placements(BOARD, [Placement(4, 3, "O"), Placement(2, 3, "O")])
    assert (down.row, down.col, down.direction, down.word) == (2, 3, Direction.DOWN, "OTO")


def test_from_placements_refuses_scattered_tiles() -> None:
    with pytest.raises(InvalidArgumentError, match="one row or one column"):
        Move.from_placements(BOARD, [Placement(0, 0, "A"), Placement(1, 1, "B")])
    with pytest.raises(InvalidArgumentError, match="off the board"):
        Move.from_placements(BOARD, [Placement(9, 0, "A")])
    with pytest.raises(InvalidArgumentError):
        Move.from_placements(BOARD, [])


@pytest.mark.parametrize(("seed", "turns", "rack"), [(0, 0, "AEINST?"), (1, 3, "CARDS??"), (2, 6, "QUIZ?ER")])
def test_placed_numbers_rebuild_each_generated_move(enable_trie: Lexicon, seed: int, turns: int,
                                                   rack: str) -> None:
    """A search's placed tile numbers give back the generator's move, one-tile moves read the
    way the generator reads them included."""
    board = autoplay_board(enable_trie, "standard", seed, turns)
    rules = ClassicRules(count_tiles=False)  # a composed rack: a second Z beside the board's
    moves = rules.generate_moves(board, Rack.parse(rack), enable_trie)
    assert moves and any(len(move.placed) == 1 for move in moves) == (turns > 0)
    for move in moves:
        rebuilt = Move.of_placed_numbers(board, reversed(move.placed_numbers()))
        assert rebuilt.with_score(move.score, move.words) == move
        assert rebuilt.numbers == move.numbers and rebuilt.new_mask == move.new_mask


def test_moves_sort_best_first_then_row_column_across_word() -> None:
    def move(row: int, col: int, direction: Direction, word: str, score: int) -> Move:
        return Move(row, col, direction, word, (), score)

    moves = [
        move(1, 1, Direction.DOWN, "AB", 5),
        move(1, 1, Direction.ACROSS, "ZZ", 5),
        move(1, 1, Direction.ACROSS, "aa", 5),
        move(0, 9, Direction.DOWN, "QQ", 5),
        move(1, 0, Direction.DOWN, "QQ", 5),
        move(9, 9, Direction.DOWN, "QQ", 6),
    ]
    ordered = sort_moves(moves)
    assert [(m.row, m.col, m.direction.value, m.word) for m in ordered] == [
        (9, 9, "V", "QQ"),
        (0, 9, "V", "QQ"),
        (1, 0, "V", "QQ"),
        (1, 1, "H", "aa"),
        (1, 1, "H", "ZZ"),
        (1, 1, "V", "AB"),
    ]


def test_with_score_keeps_the_rest() -> None:
    move = Move.from_word(BOARD, 0, 6, Direction.DOWN, "BASE")
    scored = move.with_score(7, ["BASE"])
    assert scored.score == 7 and scored.words == ("BASE",)
    assert scored.placed == move.placed and scored != move
