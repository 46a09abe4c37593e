"""CGP as other programs write it (MAGPIE's ``-lex CSW21;``, a last operation without ``;``,
``bdn standard15``), the CGP limits (issue 11, item 2), names that must be names (item 9:
``lex`` never reads a path, an unknown ``bdn`` is an error) and a lexicon's implied tiles."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordgames.cli import main
from wordgames.errors import FormatError, InvalidArgumentTypeError
from wordgames.limits import MAX_CGP_LENGTH
from wordgames.scrabble import plain_layout, standard_layout
from wordgames.scrabble.formats.cgp import format_cgp, parse_cgp

EMPTY = "/".join(["15"] * 15)


@pytest.mark.parametrize(
    ("operations", "expected"),
    [
        ("-lex CSW21;", {"lex": "CSW21"}),
        ("-lex CSW21; -bb 40;", {"lex": "CSW21", "bb": "40"}),
        ("lex CSW21", {"lex": "CSW21"}),
        ("-lex NWL20; ld english", {"lex": "NWL20", "ld": "english"}),
        ("lex   CSW21 ;  tmr 0/0 ;", {"lex": "CSW21", "tmr": "0/0"}),
        ("mcnz;", {"mcnz": ""}),
        ("mcnz", {"mcnz": ""}),
    ],
)
def test_operations_in_every_programs_dialect(operations: str, expected: dict[str, str]) -> None:
    position = parse_cgp(f"{EMPTY} AB/C 1/2 0 {operations}")
    assert position.opcodes == expected
    assert parse_cgp(format_cgp(position)) == position  # written back in the plain form


@pytest.mark.parametrize("operations", ["lex CSW21;; bb 3;", "; lex CSW21;", "9lex CSW21;", "--lex CSW21;",
                                        "lex CSW21; -;"])
def test_malformed_operations_are_refused(operations: str) -> None:
    with pytest.raises(FormatError, match="expected 'opcode operands;'"):
        parse_cgp(f"{EMPTY} AB/C 1/2 0 {operations}")


def test_board_names_and_implied_tiles() -> None:
    assert parse_cgp(f"{EMPTY} / 0/0 0 bdn standard15;").board.layout == standard_layout()
    with pytest.raises(FormatError, match="the CGP's board 'hexagonal' \\(bdn\\) is not known"):
        parse_cgp(f"{EMPTY} / 0/0 0 bdn hexagonal;")
    custom = plain_layout(15)
    assert parse_cgp(f"{EMPTY} / 0/0 0 bdn hexagonal;", custom).board.layout == custom  # an argument wins
    tiles = {ops: parse_cgp(f"{EMPTY} / 0/0 0 {ops}").letter_distribution
             for ops in ("lex OSPS49;", "-lex DISC2;", "lex FRA20;", "lex CSW21;", "lex OSPS49; ld english;",
                         "lex OSPSX;", "")}
    assert tiles == {"lex OSPS49;": "polish", "-lex DISC2;": "catalan", "lex FRA20;": "french",
                     "lex CSW21;": None, "lex OSPS49; ld english;": "english", "lex OSPSX;": None, "": None}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("9" * 20 + "/" + "/".join(["15"] * 14) + " A/ 0/0 0", "row 1 is more than 100 squares wide"),
        ("9" * 5000 + "/15 A/ 0/0 0", "row 1 is more than 100 squares wide"),
        ("99999999999/15", "more than 100 squares wide"),
        ("/".join(["5000"] * 5000) + " A/ 0/0 0", "more than 100 rows"),
        ("/".join(["15"] * 101), "more than 100 rows"),
        ("60/" + "50A50", "row 2 is more than 100 squares wide"),
        ("A" * 101, "row 1 is more than 100 squares wide"),
        ("15 " + "A" * 21 + "/", "a rack holds at most 20 tiles"),
        ("15 AB/C 1234567890/0 0", "at most 9 digits"),
        ("15 AB/C 1/2 " + "1" * 5000, "zero-turn count"),
        ("15 AB/C ٣/2 0", "not whole numbers"),
        ("15 ß/C 1/2 0", "rack 'ß': 'ß' at position 1 is not in the alphabet"),
        ("15 " + " " * MAX_CGP_LENGTH, f"at most {MAX_CGP_LENGTH} characters"),
    ],
)
def test_limits_are_enforced_before_allocating(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        parse_cgp(text)


def test_the_largest_board_is_accepted() -> None:
    position = parse_cgp("/".join(["100"] * 100) + " / 0/0 0")
    assert (position.board.rows, position.board.cols) == (100, 100)


def test_wrong_argument_types() -> None:
    for text, layout in ((None, None), (b"15", None), (15, None), (EMPTY, "standard")):
        with pytest.raises(InvalidArgumentTypeError):
            parse_cgp(text, layout)  # type: ignore[arg-type]


def test_a_cgp_names_a_lexicon_never_a_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    words = tmp_path / "mine.txt"
    words.write_text("CAT\nACT\nAT\nTA\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WORDGAMES_LEXICON_PATH", raising=False)
    for name in (str(words), "mine.txt", "./mine.txt", "/etc/passwd"):
        code = main(["scrabble", "best", "--cgp", f"{EMPTY} ACT/ 0/0 0 lex {name};"])
        _, err = capsys.readouterr()
        assert code == 2 and f"the CGP names the lexicon {name[:60]!r}, which is not a known name" in err
    monkeypatch.setenv("WORDGAMES_LEXICON_PATH", str(tmp_path))
    assert main(["scrabble", "best", "--cgp", f"{EMPTY} ACT/ 0/0 0 lex MINE;"]) == 0  # by name
    assert main(["scrabble", "best", "--cgp", f"{EMPTY} ACT/ 0/0 0 lex x;", "--lexicon", str(words)]) == 0
    capsys.readouterr()
    cgp = f"{EMPTY} ACT/ 0/0 0 -lex XYZ12; ld klingon;"
    code = main(["scrabble", "best", "--cgp", cgp, "--lexicon", str(words)])
    assert code == 2 and "letter distribution 'klingon' is not known" in capsys.readouterr().err


def test_a_word_list_with_letters_the_tiles_lack_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """MAGPIE's ``-lex OSPS49;`` implies Polish tiles, which have no Q, V or X: a list spelling
    words with them would answer some other game, so it is refused (the list is read by the
    Polish alphabet, which names the line); a list within the tiles is used."""
    english = tmp_path / "english.txt"
    english.write_text("QUIZ\nRENT\nTERN\n")
    cgp = f"{EMPTY} ENRT/ 0/0 0 -lex OSPS49;"
    assert main(["scrabble", "best", "--cgp", cgp, "--lexicon", str(english)]) == 2
    err = capsys.readouterr().err
    assert "english.txt:1: 'QUIZ': 'Q' at position 1 is not in the alphabet" in err
    within = tmp_path / "polish.txt"
    within.write_text("RENT\nTERN\nŻART\n")
    assert main(["scrabble", "best", "--cgp", cgp, "--lexicon", str(within), "--top", "1"]) == 0
    best = capsys.readouterr().out
    assert "RENT" in best or "TERN" in best
