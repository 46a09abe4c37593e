"""The simple rules: the spec's examples, every verdict reason, blanks, and the best moves."""

from __future__ import annotations

import pytest

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import Board, Direction, Move, Placement, Rack, get_rules, plain_layout
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS
from wordgames.scrabble.rules.simple import (
    BAD_LETTERS,
    BAD_PLACEMENT,
    NO_BOARD_TILE,
    NO_NEW_TILE,
    NOT_A_WORD,
    NOT_AT_START,
    NOT_ON_RACK,
    OUT_OF_BOUNDS,
    TILE_MISMATCH,
    VALID,
    SimpleRules,
)

from .support import fit_lexicon, fit_tiles

ACROSS, DOWN = Direction.ACROSS, Direction.DOWN

# The spec's board after TONE at 3:3:H, with the rack that follows it.
TONE_BOARD = """\
.......
.......
.......
...TONE
.......
.......
.......
"""
TONE_RACK = "BSUEINA"

# The spec's 7x7 sample before "ton" at 3:3:H and "NUT" at 1:3:V.
BEST_RAIN_BOARD = """\
.......
.......
.......
BEST...
...O...
RAIN...
...E...
"""


@pytest.fixture(scope="module")
def rules() -> SimpleRules:
    return SimpleRules(tile_set=fit_tiles())


def judge(rules: SimpleRules, board_text: str, rack: str | None, word: str, where: str) -> tuple[str, int]:
    """The verdict code and score of ``word`` at FIT1045 location ``where``."""
    row, col, direction = where.split(":")
    board = Board.from_text(board_text)
    move = Move.from_word(board, int(row), int(col), ACROSS if direction == "H" else DOWN, word)
    verdict = rules.check(board, move, fit_lexicon(), None if rack is None else Rack.parse(rack))
    return verdict.code, verdict.score


@pytest.mark.parametrize(
    ("word", "where", "code", "score"),
    [
        ("BASE", "0:0:H", NO_BOARD_TILE, 0),  # uses no tile from the board
        ("BIN", "2:2:H", NO_BOARD_TILE, 0),  # legal in real Scrabble, not here
        ("BASE", "2:3:H", NO_BOARD_TILE, 0),
        ("BASE", "2:3:V", TILE_MISMATCH, 0),  # would replace T with A
        ("BASE", "0:6:V", VALID, 7),  # B, A and S are placed: 3 + 1 + 3
        ("SOB", "2:4:V", VALID, 6),
        ("SEEN", "2:6:V", VALID, 7),
        ("TONE", "3:3:H", NO_NEW_TILE, 0),  # only board tiles
        ("TOTS", "3:3:V", NOT_ON_RACK, 0),  # the rack has no O or T
        ("TUSB", "3:3:V", NOT_A_WORD, 0),
    ],
)
def test_the_specs_examples_after_tone(
    rules: SimpleRules, word: str, where: str, code: str, score: int
) -> None:
    assert judge(rules, TONE_BOARD, TONE_RACK, word, where) == (code, score)


@pytest.mark.parametrize(("word", "where", "score"), [("TON", "3:3:H", 5), ("NUT", "1:3:V", 4)])
def test_no_cross_word_or_extension_checks(rules: SimpleRules, word: str, where: str, score: int) -> None:
    # BESTON and NUTONE are not words, but the simple rules only look at the word itself.
    assert judge(rules, BEST_RAIN_BOARD, None, word, where) == (VALID, score)


def test_reasons_are_checked_in_the_games_order(rules: SimpleRules) -> None:
    board = Board(plain_layout(12))
    board.place_all((6, 6 + i, letter) for i, letter in enumerate("BONUSE"))
    board.place_all((3 + i, 11, letter) for i, letter in enumerate("NIN"))
    board.place_all((7 + i, 6, letter) for i, letter in enumerate("ARTER"))
    lexicon = fit_lexicon()
    rack = Rack.parse("ONRTCAD")
    # CARTOON needs two Os (not on the rack) and is no word: the rack is judged first.
    cartoon = Move.from_word(board, 0, 8, DOWN, "CARTOON")
    assert rules.check(board, cartoon, lexicon, rack).code == NOT_ON_RACK
    # LID uses no board tile and is no word: the dictionary is judged first (the spec says so).
    lid = Move.from_word(board, 3, 9, DOWN, "LID")
    assert rules.check(board, lid, lexicon, Rack.parse("NIDNLGV")).code == NOT_A_WORD
    carton = Move.from_word(board, 0, 8, DOWN, "CARTON")
    assert rules.check(board, carton, lexicon, rack).code == NO_BOARD_TILE
    verdict = rules.check(board, Move.from_word(board, 1, 8, DOWN, "CARTON"), lexicon, rack)
    assert (verdict.valid, verdict.score, verdict.words) == (True, 13, ("CARTON",))


def test_first_move_must_start_at_the_centre(rules: SimpleRules) -> None:
    board = Board(plain_layout(7))
    lexicon = fit_lexicon()
    verdict = rules.check(board, Move.from_word(board, 3, 1, ACROSS, "TONE"), lexicon)
    assert verdict.code == NOT_AT_START
    assert "3:3:H or 3:3:V" in verdict.message
    for direction in (ACROSS, DOWN):
        verdict = rules.check(board, Move.from_word(board, 3, 3, direction, "TONE"), lexicon)
        assert (verdict.code, verdict.score) == (VALID, 8)
    # Covering the centre is not enough: the word must start there.
    assert rules.check(board, Move.from_word(board, 3, 2, ACROSS, "TONE"), lexicon).code == NOT_AT_START


def test_words_that_do_not_fit_or_are_not_letters(rules: SimpleRules) -> None:
    board = Board(plain_layout(7))
    lexicon = fit_lexicon()
    bones = Move(3, 3, ACROSS, "BONES", ())
    verdict = rules.check(board, bones, lexicon)
    assert verdict.code == OUT_OF_BOUNDS and "does not fit" in verdict.message
    assert rules.check(board, Move(-1, 3, DOWN, "AT", ()), lexicon).code == OUT_OF_BOUNDS
    assert rules.check(board, Move(3, 3, ACROSS, "TON3", ()), lexicon).code == BAD_LETTERS
    assert rules.check(board, Move(3, 3, ACROSS, "", ()), lexicon).code == BAD_LETTERS


def test_placements_must_agree_with_the_word(rules: SimpleRules) -> None:
    board = Board.from_text(TONE_BOARD)
    wrong = Move(0, 6, DOWN, "BASE", (Placement(0, 6, "B"), Placement(1, 6, "A")))
    assert rules.check(board, wrong, fit_lexicon()).code == BAD_PLACEMENT


def test_every_reason_has_a_readable_message(rules: SimpleRules) -> None:
    board = Board.from_text(TONE_BOARD)
    move = Move.from_word(board, 2, 3, DOWN, "BASE")
    verdict = rules.check(board, move, fit_lexicon(), Rack.parse(TONE_RACK))
    assert verdict.message == "BASE needs A at 3:3 but the board has T there"
    assert str(verdict) == "TILE_MISMATCH: BASE"
    tots = rules.check(board, Move.from_word(board, 3, 3, DOWN, "TOTS"), fit_lexicon(), Rack.parse(TONE_RACK))
    assert "does not hold OT" in tots.message


def test_blanks_stand_for_letters_and_score_zero(rules: SimpleRules) -> None:
    board = Board.from_text(TONE_BOARD)
    lexicon = fit_lexicon()
    move = Move.from_word(board, 0, 6, DOWN, "BaSE")
    assert rules.check(board, move, lexicon, Rack.parse("BS?")).score == 6
    assert rules.check(board, move, lexicon, Rack.parse("BSA")).code == NOT_ON_RACK
    best = rules.optimal_moves(board, Rack.parse("?"), lexicon)
    assert best and all(m.score == 0 and len(m.placed) == 1 and m.placed[0].blank for m in best)


def test_board_blanks_are_read_as_their_letters(rules: SimpleRules) -> None:
    board = Board.from_text(TONE_BOARD.replace("TONE", "ToNE"))
    move = Move.from_word(board, 2, 4, DOWN, "SoB")
    verdict = rules.check(board, move, fit_lexicon(), Rack.parse("SB"))
    assert (verdict.code, verdict.score) == (VALID, 6)
    found = {
        (m.row, m.col, m.direction, m.word)
        for m in rules.generate_moves(board, Rack.parse("SB"), fit_lexicon())
    }
    assert (2, 4, DOWN, "SoB") in found


def test_best_first_moves_of_the_7x7_sample(rules: SimpleRules) -> None:
    board = Board(plain_layout(7))
    best = rules.optimal_moves(board, Rack.parse("BSNOEUT"), fit_lexicon())
    assert [(m.word, m.row, m.col, m.direction.value, m.score) for m in best] == [
        ("SNOB", 3, 3, "H", 11),
        ("SNOB", 3, 3, "V", 11),
    ]
    every = rules.best_moves(board, Rack.parse("BSNOEUT"), fit_lexicon())
    assert every[:2] == best
    assert all(m.row == 3 and m.col == 3 for m in every)
    assert [m.sort_key() for m in every] == sorted(m.sort_key() for m in every)


def test_moves_may_start_and_end_beside_board_tiles(rules: SimpleRules) -> None:
    board = Board.from_text(BEST_RAIN_BOARD)
    moves = {
        (m.row, m.col, m.direction.value, m.word)
        for m in rules.generate_moves(board, Rack.parse("UNONNRR"), fit_lexicon())
    }
    assert (3, 3, "H", "TON") in moves  # right after BES
    assert (0, 1, "V", "RUNER") in moves  # ends right above the A of RAIN
    assert rules.optimal_moves(board, Rack.parse("UNONNRR"), fit_lexicon())[0].word == "RUNER"


def test_same_squares_from_another_start_are_another_move(rules: SimpleRules) -> None:
    lexicon = lexicon_from_words(["AT", "CAT", "CATS"])
    board = Board(plain_layout(5))
    board.place_all([(2, 0, "C"), (2, 1, "A")])
    moves = {(m.col, m.word) for m in rules.generate_moves(board, Rack.parse("TS"), lexicon)}
    assert moves == {(0, "CAT"), (0, "CATS"), (1, "AT")}


def test_limit_and_rack_size(rules: SimpleRules) -> None:
    board = Board.from_text(TONE_BOARD)
    lexicon = fit_lexicon()
    rack = Rack.parse(TONE_RACK)
    every = rules.best_moves(board, rack, lexicon)
    assert rules.best_moves(board, rack, lexicon, limit=5) == every[:5]
    assert sorted(map(Move.sort_key, rules.generate_moves(board, rack, lexicon))) == [
        m.sort_key() for m in every
    ]
    with pytest.raises(InvalidArgumentError, match="at most 7"):
        rules.best_moves(board, Rack.parse("ABCDEFGH"), lexicon)
    assert SimpleRules(tile_set=fit_tiles(), hand_size=8).best_moves(board, Rack.parse("ABCDEFGH"), lexicon)
    with pytest.raises(InvalidArgumentError):
        SimpleRules(hand_size=0)


def test_empty_rack_and_unknown_letters(rules: SimpleRules) -> None:
    board = Board.from_text(TONE_BOARD)
    assert rules.best_moves(board, Rack(), fit_lexicon()) == []
    with pytest.raises(InvalidArgumentError, match="not a tile of this tile set"):
        SimpleRules(tile_set=type(fit_tiles())({"A": 1})).best_moves(board, Rack.parse("AB"), fit_lexicon())


def test_registry_builds_simple_rules() -> None:
    rules = get_rules("simple", tile_set=fit_tiles(), hand_size=6)
    assert isinstance(rules, SimpleRules) and rules.hand_size == 6 and rules.name == "simple"


def test_a_word_may_spend_the_whole_rack_before_reaching_a_board_tile(rules: SimpleRules) -> None:
    lexicon = lexicon_from_words(["CAT", "SCAT", "CATS"])
    board = Board(plain_layout(5))
    board.place(2, 2, "T")
    moves = {
        (m.row, m.col, m.direction.value, m.word, m.score)
        for m in rules.generate_moves(board, Rack.parse("CA"), lexicon)
    }
    assert moves == {(2, 0, "H", "CAT", 6), (0, 2, "V", "CAT", 6)}
    # SCAT would need three squares before the T; CATS fits and takes the S.
    words = sorted(
        (m.word, m.direction.value) for m in rules.generate_moves(board, Rack.parse("SCA"), lexicon)
    )
    assert words == [("CAT", "H"), ("CAT", "V"), ("CATS", "H"), ("CATS", "V")]


def test_ties_follow_tile_order_with_multi_character_tiles() -> None:
    spanish = TILE_DISTRIBUTIONS["spanish"]
    lexicon = lexicon_from_words(["CHA", "CI"], tiles=spanish.lexicon_encoding())
    rules = SimpleRules(tile_set=spanish)
    board = Board(plain_layout(5), spanish.alphabet)
    best = rules.optimal_moves(board, spanish.parse_rack("?AI"), lexicon)
    # CH is the tile after C: CI sorts before CHA, although "CHA" < "CI" as strings.
    assert [(m.word, m.direction.value, m.score) for m in best] == [
        ("cI", "H", 1), ("chA", "H", 1), ("cI", "V", 1), ("chA", "V", 1),
    ]
    assert [len(m.placed) for m in best] == [2, 2, 2, 2]
    assert rules.check(board, best[1], lexicon, spanish.parse_rack("?A")).valid
