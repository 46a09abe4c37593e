"""Racks, letters, wide boards and limits, wherever they are read (issue 11, items 6, 7, 10,
14, 15): the command line (best, check, play), the rule sets' API and the game."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from wordgames.cli import main
from wordgames.cli.game_play import render_board
from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError, NotationError, WordGamesError
from wordgames.lexicon import lexicon_from_words
from wordgames.lexicon.alphabet import Alphabet
from wordgames.scrabble import (
    Board,
    Direction,
    Game,
    GameSettings,
    Move,
    Player,
    Rack,
    get_rules,
    parse_move,
    parse_players,
    plain_layout,
)
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS
from wordgames.scrabble.rules.classic import parse_move_file

WORDS = ["ESTRADIOL", "TOADIES", "CAT", "CATS", "AT", "TA", "SCAT", "STRASSE", "ARTINES", "RETAINS"]
LEXICON = lexicon_from_words(WORDS)
RULES = ("classic", "simple")


@pytest.fixture()
def words(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return path


def empty_board(tmp_path: Path, rows: int = 15, cols: int = 15, line: str | None = None) -> Path:
    lines = ["." * cols] * rows
    if line is not None:
        lines[rows // 2] = line
    path = tmp_path / "board.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --- item 6: long racks and tiles outside the tile set -------------------------------------------


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(
    ("rack", "message"),
    [
        ("AEINRSTLOD", "holds 10 tiles; a rack holds at most 7"),
        ("AEINRSÉ", "holds 'É', which is not a tile of this tile set"),
        ("ΑΒΓ", "holds 'Α', which is not a tile of this tile set"),
        ("AEINRSß", "'ß' is not a letter or '?'"),
        ("A" * 5000, "5000 tiles; a rack holds at most 20"),
    ],
)
def test_best_refuses_bad_racks(
    rules: str, rack: str, message: str, tmp_path: Path, words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = empty_board(tmp_path, 7, 7) if rules == "simple" else empty_board(tmp_path)
    code, out, err = run(["scrabble", "best", "--rules", rules, "--board", str(board), "--rack", rack,
                          "--lexicon", str(words)], capsys)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_a_bigger_hand_size_allows_a_longer_rack(tmp_path: Path, words: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["scrabble", "best", "--board", str(empty_board(tmp_path)), "--rack", "AEINRSTLOD",
                        "--hand-size", "10", "--lexicon", str(words)], capsys)
    assert code == 0 and "ESTRADIOL" in out


def test_check_refuses_bad_racks(tmp_path: Path, words: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = str(empty_board(tmp_path))
    for rack, message in (("AEINRSTLOD", "at most 7"), ("CATÉ", "'É'")):
        code, out, err = run(["scrabble", "check", board, "--move", "8G CAT", "--rack", rack,
                              "--lexicon", str(words)], capsys)
        assert code == 2 and out == "" and message in err


@pytest.mark.parametrize("name", RULES)
def test_every_rule_set_entry_point_checks_the_rack(name: str) -> None:
    rules = get_rules(name)
    board = Board(plain_layout(7)) if name == "simple" else Board()
    move = parse_move("4:3:H CAT" if name == "simple" else "8H CAT", board)
    with pytest.raises(InvalidArgumentError, match="'É' is not a tile"):
        Rack(["É"])  # a rack holds only its alphabet's tiles
    for rack in (Rack.parse("AEINRSTLOD"),):
        with pytest.raises(InvalidArgumentError):
            rules.best_moves(board, rack, LEXICON)
        with pytest.raises(InvalidArgumentError):
            rules.best_moves(board, rack, LEXICON, 1)
        with pytest.raises(InvalidArgumentError):
            rules.generate_moves(board, rack, LEXICON)
        with pytest.raises(InvalidArgumentError):
            rules.check(board, move, LEXICON, rack)


def test_the_game_never_deals_or_takes_a_rack_it_cannot_hold() -> None:
    game = Game(["Ann", "Bob"], LEXICON, GameSettings(seed=1))
    with pytest.raises(WordGamesError):
        game.exchange("ÉÉ")
    with pytest.raises(WordGamesError):
        game.place("8H STRAßE")
    assert all(len(player.rack) == 7 for player in game.players)


# --- item 7: letters that change length or are not in the alphabet --------------------------------


@pytest.mark.parametrize("rules", RULES)
def test_a_board_holding_sharp_s_is_refused(
    rules: str, tmp_path: Path, words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = empty_board(tmp_path, 7, 7, "..ß....")
    code, out, err = run(["scrabble", "best", "--rules", rules, "--board", str(board), "--rack", "ARTINES",
                          "--lexicon", str(words)], capsys)
    assert code == 2 and out == "" and "'ß' is neither '.' nor a tile letter" in err


def test_letters_outside_the_alphabet_are_refused_the_same_way_everywhere() -> None:
    with pytest.raises(WordGamesError, match="not a tile of the board's alphabet"):
        Board.from_text("..A\n...\n...\n").copy().place(0, 0, "ß")
    with pytest.raises(WordGamesError, match="'É' is not a tile of the alphabet"):
        Board.from_text("É..\n...\n...\n")  # a letter, but not one of the English tiles
    german = Board.from_text("Ä..\n...\n...\n", alphabet=TILE_DISTRIBUTIONS["german"].alphabet)
    for name in RULES:
        with pytest.raises(InvalidArgumentError, match="'Ä' on A1, which is not a tile of this tile set"):
            get_rules(name).best_moves(german, Rack.parse("CAT"), LEXICON)
    with pytest.raises(NotationError):
        parse_move("8H STRAßE", Board())
    with pytest.raises(NotationError):
        parse_move("PLACE - 8 8 CA?ß", Board())
    with pytest.raises(InvalidArgumentError):
        Move.from_word(Board(), 7, 7, Direction.ACROSS, "STRAßE")
    with pytest.raises(WordGamesError):
        parse_move_file("H8\tß\n", Board())
    with pytest.raises(InvalidArgumentError):  # a move is of its board's alphabet's tiles
        Move.from_word(Board(plain_layout(7)), 3, 3, Direction.ACROSS, "CAÉ")
    french = Board(plain_layout(7), Alphabet.from_letters("ABCDEÉ"))
    move = Move.from_word(french, 3, 3, Direction.ACROSS, "CAÉ")
    verdict = get_rules("simple").check(french, move, LEXICON)
    assert verdict.code == "BAD_LETTERS"
    french = Board(alphabet=Alphabet.from_letters("ABCDEÉ"))
    move = Move.from_word(french, 7, 7, Direction.ACROSS, "CAÉ")
    verdict = get_rules("classic").check(Board(), move, LEXICON)
    assert verdict.code == "BAD MOVE" and "not a letter of this tile set" in verdict.message


# --- item 10: boards wider than 26 columns -------------------------------------------------------


def test_best_moves_beyond_column_z_are_named(tmp_path: Path, words: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    board = empty_board(tmp_path, 31, 31, "." * 27 + "CAT.")
    code, out, err = run(["scrabble", "best", "--board", str(board), "--rack", "S", "--lexicon", str(words),
                          "--top", "5"], capsys)
    assert code == 0 and err == ""
    assert "1. SCAT            16AA" in out and "2. CATS            16AB" in out
    code, out, _ = run(["scrabble", "check", str(board), "--move", "16AB CATS", "--lexicon", str(words),
                        "--explain"], capsys)
    assert code == 0 and out == "VALID (6: CATS)\n"
    move_file = tmp_path / "move.txt"
    move_file.write_text("AE16\tS\n")
    code, out, _ = run(["scrabble", "check", str(board), str(move_file), "--lexicon", str(words)], capsys)
    assert code == 0 and out == "VALID\n"


def test_the_terminal_board_names_wide_columns() -> None:
    lines = render_board(Board(plain_layout(3, 30))).splitlines()
    assert lines[0].split()[-5:] == ["Z", "AA", "AB", "AC", "AD"]
    assert all(len(line) == len(lines[0]) for line in lines)


def test_boards_larger_than_the_limit_are_refused_before_searching(
    tmp_path: Path, words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = empty_board(tmp_path, 101, 101)
    code, _, err = run(["scrabble", "best", "--board", str(board), "--rack", "CAT", "--lexicon", str(words)],
                       capsys)
    assert code == 2 and "at most 100 rows and columns" in err


# --- item 15: negative limits --------------------------------------------------------------------


@pytest.mark.parametrize("name", RULES)
def test_negative_limits_are_refused(name: str) -> None:
    rules = get_rules(name)
    board = Board(plain_layout(7))
    with pytest.raises(InvalidArgumentError, match="limit must be a whole number at least 0, not -1"):
        rules.best_moves(board, Rack.parse("CATS"), LEXICON, limit=-1)
    with pytest.raises(InvalidArgumentTypeError):
        rules.best_moves(board, Rack.parse("CATS"), LEXICON, limit=1.5)  # type: ignore[arg-type]
    assert rules.best_moves(board, Rack.parse("CATS"), LEXICON, limit=0) == []
    assert len(rules.best_moves(board, Rack.parse("CATS"), LEXICON, limit=2)) == 2


@pytest.mark.parametrize("top", ["-1", "0", "x"])
def test_top_must_be_positive(
    top: str, tmp_path: Path, words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["scrabble", "best", "--board", str(empty_board(tmp_path)), "--rack", "CAT",
                        "--top", top, "--lexicon", str(words)], capsys)
    assert code == 2 and "--top" in err


def test_top_shows_its_default_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["scrabble", "best", "--help"])
    assert "(default: 1)" in " ".join(capsys.readouterr().out.split())


# --- item 14: the examples ---------------------------------------------------------------


def test_wrong_argument_types_are_type_errors() -> None:
    for call in (lambda: parse_move(None, Board()), lambda: Board("standard"), lambda: Board.from_text(None),
                 lambda: Direction.parse(3), lambda: parse_players(None), lambda: Game("Ann", LEXICON),
                 lambda: get_rules("classic").check(None, None, LEXICON),
                 lambda: get_rules("simple").best_moves(Board(), "CAT", LEXICON)):
        with pytest.raises(InvalidArgumentTypeError):
            call()  # type: ignore[no-untyped-call]


def test_interactive_play_reports_a_long_hint_number(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], words: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint 99999999999999999999\nhint ²\nquit\n"))
    code = main(["scrabble", "play", "--players", "Ann,cpu:Bob", "--lexicon", str(words), "--seed", "1"])
    out = capsys.readouterr().out
    assert code == 0 and out.count("! write 'hint' or 'hint N' (N from 1 to 9999)") == 2


def test_a_restored_game_refuses_racks_it_could_not_have_dealt() -> None:
    game = Game(["Ann"], LEXICON, GameSettings(seed=1))
    german = TILE_DISTRIBUTIONS["german"].alphabet
    for rack in (Rack.parse("AEINRSTLOD"), Rack(["Ä"], german)):
        with pytest.raises(InvalidArgumentError, match="Ann"):
            Game.restore([Player("Ann", None, rack)], LEXICON, game.settings, board=Board(), bag=game.bag)


# --- issue 29, item 9: racks and boards against the tile distribution ---------------------------


EMPTY = "/".join(["15"] * 15)


@pytest.mark.parametrize(
    ("cgp", "message"),
    [
        (f"{EMPTY} QAT????/ 0/0 0", "the board and the rack hold 4 blanks; the tile set has 2"),
        (f"{EMPTY} ??????/ 0/0 0", "the board and the rack hold 6 blanks; the tile set has 2"),
        ("15/15/15/15/15/15/15/4ZZZZZZ5/15/15/15/15/15/15/15 AB/ 0/0 0",
         "the board and the rack hold 6 Z; the tile set has 1"),
        ("15/15/15/15/15/15/15/5ZaP7/15/15/15/15/15/15/15 Z?/ 0/0 0",
         "the board and the rack hold 2 Z; the tile set has 1"),
        ("15/15/15/15/15/15/15/5zaP7/15/15/15/15/15/15/15 ??/ 0/0 0",
         "the board and the rack hold 4 blanks; the tile set has 2"),
    ],
)
def test_best_analyses_a_composed_cgp_and_says_so(
    cgp: str, message: str, words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Other engines' test positions, exchanged as CGP, compose racks and boards beyond the bag
    (MAGPIE's PIZZAQQ): analysed as given, never silently."""
    argv = ["scrabble", "best", "--cgp", cgp, "--lexicon", str(words)]
    assert main(argv) in (0, 1)
    said = "analysed as a composed position (--any-tiles hides this line)"
    # A board word the list lacks (ZZZZZZ) is a warning line of its own, which --any-tiles keeps.
    err = capsys.readouterr().err.splitlines()
    assert f"wordgames: warning: {message}: {said}" in err
    phony_lines = [line for line in err if "words the word list lacks" in line]
    assert len(err) == 1 + len(phony_lines)
    assert main([*argv, "--any-tiles"]) in (0, 1)
    assert capsys.readouterr().err.splitlines() == phony_lines


@pytest.mark.parametrize(
    ("rack", "line", "message"),
    [
        ("QAT????", None, "the board and the rack hold 4 blanks; the tile set has 2"),
        ("AB", "....ZZZZZZ.....", "the board and the rack hold 6 Z; the tile set has 1"),
    ],
)
def test_best_refuses_a_board_and_rack_beyond_the_bag(
    rack: str, line: str | None, message: str, words: Path, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["scrabble", "best", "--board", str(empty_board(tmp_path, line=line)), "--rack", rack,
            "--lexicon", str(words)]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"wordgames: error: {message}\n"
    assert main([*argv, "--any-tiles"]) in (0, 1)
    said = capsys.readouterr().err
    phony = "the board holds words the word list lacks: ZZZZZZ (analysed as given)"
    assert said == ("" if line is None else f"wordgames: warning: {phony}\n")


def test_check_refuses_a_rack_the_bag_cannot_deal(
    words: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's case: ``check ... --rack 'QAT????'`` was VALID with four blanks."""
    board = tmp_path / "board.txt"
    board.write_text("\n".join(["." * 15] * 15) + "\n")
    argv = ["scrabble", "check", str(board), "--move", "8H CAT", "--lexicon", str(words)]
    assert main([*argv, "--rack", "CAT??"]) == 0
    assert capsys.readouterr().out.startswith("VALID")
    assert main([*argv, "--rack", "CAT????"]) == 2
    err = capsys.readouterr().err
    assert err == "wordgames: error: the board and the rack hold 4 blanks; the tile set has 2\n"


def test_the_rules_api_counts_tiles_on_the_board_and_the_rack() -> None:
    rules = get_rules("classic")
    board = Board()
    board.place_all([(7, 7, "C"), (7, 8, "a"), (7, 9, "T")])  # a blank plays the A
    assert rules.best_moves(board, Rack.parse("S?"), LEXICON)  # the second blank is free
    with pytest.raises(InvalidArgumentError, match="3 blanks; the tile set has 2"):
        rules.best_moves(board, Rack.parse("S??"), LEXICON)
    with pytest.raises(InvalidArgumentError, match=r"3 blanks; the tile set has 2"):
        board.place(8, 8, "s")
        rules.check(board, parse_move("9I AT", board), LEXICON, Rack.parse("AT?"))
    # Values without counts (a FIT1045 scores file) count nothing.
    simple = get_rules("simple")
    five = Board(plain_layout(5))
    assert simple.tile_set.counts or simple.best_moves(five, Rack.parse("CCCCC"), LEXICON) == []


def test_best_names_the_board_words_the_list_lacks_and_analyses_the_position(
    words: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cgp = "15/15/15/15/15/15/15/4CATSXQZ4/15/15/15/15/15/15/15 TOADIES/ 0/0 0"
    assert main(["scrabble", "best", "--cgp", cgp, "--lexicon", str(words)]) in (0, 1)
    err = capsys.readouterr().err.removeprefix("wordgames: warning: ")
    assert err == "the board holds words the word list lacks: CATSXQZ (analysed as given)\n"
    assert main(["scrabble", "best", "--cgp", cgp.replace("CATSXQZ4", "CATS7"), "--lexicon", str(words)]) == 0
    assert capsys.readouterr().err == ""
