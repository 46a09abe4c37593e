"""The board: plain board files, placing tiles, words on the board, transposing."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordgames.errors import BoardError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.scrabble import Board, plain_layout, standard_layout

TEXT = """\
.......
.......
.......
BEST...
...O...
RAIN...
...e...
"""


def test_from_text_round_trip_and_queries() -> None:
    board = Board.from_text(TEXT)
    assert board.to_text() == TEXT
    assert board.layout == plain_layout(7)
    assert board.get(3, 0) == "B" and board.get(0, 0) is None
    assert board.get(6, 3) == "e" and board.letter(6, 3) == "E"
    assert board.tile_count() == 10 and not board.is_empty()
    assert list(board.tiles())[:2] == [(3, 0, "B"), (3, 1, "E")]
    with pytest.raises(InvalidArgumentError):
        board.get(7, 0)


def test_words_lists_maximal_runs_across_then_down() -> None:
    board = Board.from_text(TEXT)
    assert list(board.words()) == [
        ("BEST", 3, 0, True),
        ("RAIN", 5, 0, True),
        ("TONE", 3, 3, False),
    ]


def test_fifteen_square_boards_get_the_standard_layout() -> None:
    board = Board.from_text("\n".join(["." * 15] * 15))
    assert board.layout == standard_layout()
    assert Board().is_empty()


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("", "empty"), ("\n\n", "empty"), ("...\n..\n", ":2:"), ("..3\n...\n", "neither"),
     ("." * 1_000_000, "a row of the board is 1,000,000 characters")],
)
def test_malformed_boards(text: str, fragment: str) -> None:
    with pytest.raises(BoardError, match=fragment):
        Board.from_text(text)


def test_board_must_match_its_layout() -> None:
    with pytest.raises(BoardError, match="layout is 3x3"):
        Board.from_text("...\n...\n", plain_layout(3))


def test_read_missing_board_file(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="no such board file"):
        Board.read(tmp_path / "missing.txt")
    path = tmp_path / "board.txt"
    path.write_text(TEXT.replace("\n", "\r\n"))
    assert Board.read(path).to_text() == TEXT


def test_place_and_place_all_are_checked() -> None:
    board = Board(plain_layout(5))
    board.place(2, 2, "A")
    with pytest.raises(InvalidArgumentError, match="occupied"):
        board.place(2, 2, "B")
    with pytest.raises(InvalidArgumentError):
        board.place(0, 0, "AB")
    with pytest.raises(InvalidArgumentError, match="occupied"):
        board.place_all([(0, 0, "C"), (2, 2, "D")])
    assert board.get(0, 0) is None, "place_all is all or nothing"
    with pytest.raises(InvalidArgumentError):
        board.place_all([(0, 0, "C"), (0, 0, "D")])
    board.place_all([(0, 0, "C"), (0, 1, "d")])
    assert board.remove(0, 1) == "d" and board.get(0, 1) is None


def test_copy_is_independent_and_transposed_swaps_lines() -> None:
    board = Board.from_text(TEXT)
    copy = board.copy()
    copy.place(0, 0, "Z")
    assert board.get(0, 0) is None and copy != board
    flipped = board.transposed()
    assert flipped.get(0, 3) == "B" and flipped.get(3, 6) == "e"
    assert flipped.transposed() == board
    assert [w for w, *_ in flipped.words()] == ["TONE", "BEST", "RAIN"]


def test_play_and_unplay_refuse_what_does_not_fit_and_change_nothing() -> None:
    from wordgames.scrabble import Direction, Move

    board = Board.from_text(TEXT, plain_layout(7))
    before = board.to_text()
    onto_tiles = Move.from_word(board, 3, 0, Direction.ACROSS, "BESTS")
    with pytest.raises(BoardError, match="occupied"):
        board.play(Move.from_word(Board(plain_layout(7)), 3, 0, Direction.ACROSS, "TO"))
    assert board.to_text() == before
    with pytest.raises(BoardError, match="does not hold"):
        board.unplay(Move.from_word(Board(plain_layout(7)), 0, 0, Direction.ACROSS, "TO"))
    with pytest.raises(InvalidArgumentTypeError):
        board.play("BEST")  # type: ignore[arg-type]
    board.play(onto_tiles)
    assert board.get(3, 4) == "S" and board.version > 0
    board.unplay(onto_tiles)
    assert board.to_text() == before


def test_play_codes_puts_tiles_down_as_play_does_and_refuses_without_changing() -> None:
    from wordgames.scrabble import Direction, Move

    board = Board.from_text(TEXT, plain_layout(7))
    before, version = board.to_text(), board.version
    move = Move.from_word(board, 0, 0, Direction.ACROSS, "BEd")
    codes = tuple((row * board.cols + col) << 8 | number for row, col, number in move.placed_numbers())
    assert board.codes_of(move) == codes
    twin = board.copy()
    twin.play(move)
    board.play_codes(codes)
    assert board == twin and board.version == version + 3 and board.get(0, 2) == "d"
    for bad, reason in (([codes[0]], "occupied"), ([49 << 8 | 1], "not a tile"),
                        ([1 << 8 | 0], "not a tile"), ([1 << 8 | 0x80], "not a tile"),
                        ([1 << 8 | 27], "not a tile"), ([6 << 8 | 2, 21 << 8 | 2], "occupied")):
        with pytest.raises(BoardError, match=reason):
            board.play_codes(bad)
        assert board == twin, "a refused move changes nothing"
    with pytest.raises(BoardError, match="does not hold"):
        board.unplay_codes([6 << 8 | 2])
    with pytest.raises(BoardError, match="does not hold"):
        board.unplay_codes([codes[0], 6 << 8 | 2])
    assert board == twin
    board.unplay_codes(codes)
    assert board.to_text() == before
    for wrong in (None, 5, "AB", [1.5], [-1], [True], {256: 1}):
        with pytest.raises(InvalidArgumentTypeError):
            board.play_codes(wrong)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentTypeError):
            board.unplay_codes(wrong)  # type: ignore[arg-type]
