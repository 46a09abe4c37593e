"""Tile distributions as data: the CSV reader, the shipped distributions, NAME|PATH, and the
tile sets they make (issue 17)."""

from __future__ import annotations

import csv
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from conftest import shared_file
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.lexicon.alphabet import BLANK, Alphabet
from wordgames.limits import MAX_SMALL_FILE_BYTES
from wordgames.scrabble.core.bag import Bag
from wordgames.scrabble.core.distributions import (
    canonical_name,
    distribution_names,
    named_distribution,
    parse_distribution,
    read_distribution,
)
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import (
    STANDARD_ENGLISH,
    TILE_DISTRIBUTIONS,
    TileSet,
    distribution_name,
    tile_set_from_source,
    tile_set_named,
    tile_set_of,
)

FOLDER = Path(__file__).resolve().parents[3] / "wordgames" / "scrabble" / "core" / "distributions"

# name: (tiles in a full bag, blanks, tiles of the alphabet)
SHIPPED = {
    "english": (100, 2, 26), "english_super": (200, 4, 26), "french": (102, 2, 26),
    "german": (102, 2, 29), "spanish": (100, 2, 28), "catalan": (100, 2, 26),
    "dutch": (102, 2, 26), "polish": (100, 2, 32), "norwegian": (100, 2, 26),
    "italian": (120, 2, 21), "portuguese": (120, 3, 24),
}  # fmt: skip


def test_every_language_ships() -> None:
    assert distribution_names() == tuple(sorted(SHIPPED))
    assert sorted(TILE_DISTRIBUTIONS) == sorted(SHIPPED) and len(TILE_DISTRIBUTIONS) == len(SHIPPED)
    for name, (total, blanks, size) in SHIPPED.items():
        tile_set = TILE_DISTRIBUTIONS[name]
        bag = tile_set.full_bag()
        assert (len(bag), bag.count(BLANK), len(tile_set.alphabet)) == (total, blanks, size), name
        assert distribution_name(tile_set) == name
        assert tile_set.alphabet.vowels >= {"A", "E", "I", "O", "U"}


def test_each_file_cites_its_edition() -> None:
    for name in SHIPPED:
        first = (FOLDER / f"{name}.csv").read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(f"# {name.replace('_', ' ').capitalize().split()[0]}") and "edition" in first


def test_published_facts() -> None:
    catalan = TILE_DISTRIBUTIONS["catalan"]
    assert [catalan.value(tile) for tile in ("L·L", "NY", "QU", "Ç")] == [10, 10, 8, 10]
    assert catalan.value("l·l") == 0 and catalan.tiles[:4] == ("A", "B", "C", "Ç")
    spanish = TILE_DISTRIBUTIONS["spanish"]
    values = [spanish.value_of(number) for number in spanish.parse_tiles("[CH][LL][RR]Ñ")]
    assert values == [5, 8, 8, 8]
    assert "K" not in spanish.values and "W" not in spanish.values
    assert TILE_DISTRIBUTIONS["polish"].value("Ź") == 9 and TILE_DISTRIBUTIONS["german"].value("Ö") == 8
    assert Counter(TILE_DISTRIBUTIONS["italian"].full_bag())["O"] == 15
    assert TILE_DISTRIBUTIONS["norwegian"].value("Æ") == 6
    assert sum(TILE_DISTRIBUTIONS["english"].value(tile) for tile in STANDARD_ENGLISH.full_bag()) == 187


def test_english_is_the_built_in_set() -> None:
    assert tile_set_named("English") is STANDARD_ENGLISH
    from_file = read_distribution(FOLDER / "english.csv")
    assert TileSet(from_file.values, from_file.counts, from_file.alphabet) == STANDARD_ENGLISH
    assert from_file.alphabet == STANDARD_ENGLISH.alphabet


def test_names_any_case_and_spelling() -> None:
    assert canonical_name(" English-Super ") == "english_super"
    assert tile_set_named("ENGLISH SUPER") == TILE_DISTRIBUTIONS["english_super"]
    assert tile_set_named("klingon") is None and named_distribution("klingon") is None
    with pytest.raises(KeyError):
        TILE_DISTRIBUTIONS["klingon"]


MAGPIE_SAME_EDITION = ["english", "english_super", "french", "german", "polish", "catalan", "dutch"]


@pytest.mark.parametrize("name", MAGPIE_SAME_EDITION)
def test_same_tiles_and_points_as_magpie(name: str) -> None:
    path = shared_file(f"external/magpie-data/{name}.csv")
    theirs = [tuple(row) for row in csv.reader(path.read_text(encoding="utf-8").splitlines()) if row]
    ours = [
        tuple(row)
        for row in csv.reader((FOLDER / f"{name}.csv").read_text(encoding="utf-8").splitlines())
        if row and not row[0].startswith("#") and row[0] != "letter"
    ]
    assert Counter(ours) == Counter(theirs)
    # Their file reads with our reader into the same tile set.
    assert tile_set_of(read_distribution(path)) == TILE_DISTRIBUTIONS[name]


@pytest.mark.parametrize("name", ["english_ab", "english_small", "catalan", "polish"])
def test_magpie_files_read(name: str) -> None:
    distribution = read_distribution(shared_file(f"external/magpie-data/{name}.csv"))
    assert distribution.alphabet.tiles[0] == "A" and BLANK in distribution.counts


def test_a_leave_file_is_not_a_distribution() -> None:
    with pytest.raises(FormatError, match=r"CSW21_small.csv:1: expected the 5 fields"):
        read_distribution(shared_file("external/magpie-data/CSW21_small.csv"))


def test_zero_copies_and_no_blank_row() -> None:
    distribution = parse_distribution("letter,lowercase,count,points,is_vowel\nA,a,3,1,1\nQ,q,0,10,0\n")
    assert distribution.counts == {"A": 3, "Q": 0, BLANK: 0}
    assert TileSet(**vars(distribution)).full_bag() == ["A", "A", "A"]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("A,a,1,1\n", ":1: expected the 5 fields"),
        ("# note\n\nA,a,1,1,1\nB,b,x,1,0\n", ":4: count must be a whole number"),
        ("A,a,1,1,1\nB,b,1,-3,0\n", ":2: points must be"),
        ("A,a,1,1001,1\n", "from 0 to 1000"),
        ("A,a,2000,1,1\n", "count must be"),
        ("A,a,1,1,yes\n", "is_vowel must be 0 or 1"),
        ("A,a,1,1,1\nA,a,1,1,1\n", ":2: 'A' is listed twice"),
        ("?,?,2,0,0\n?,?,1,0,0\nA,a,1,1,1\n", ":2: '\\?' is listed twice"),
        ("?,?,2,5,0\nA,a,1,1,1\n", ":1: the blank is written"),
        ("A,a,1,1,1\nB,a,1,1,0\n", ":2: alphabet forms used twice"),
        ("A,a,1,1,1\nß,ß,1,1,0\n", ":2: .*lower-case form"),
        ("A,a,1,1,1\n1,1,1,1,0\n", ":2: '1' cannot be a tile"),
        ("?,?,2,0,0\n", "no tiles listed"),
        ("", "no tiles listed"),
        ("A,a,١,1,1\n", "count must be"),
    ],
)
def test_bad_distributions_name_the_line(text: str, fragment: str) -> None:
    with pytest.raises(FormatError, match=fragment):
        parse_distribution(text, "tiles.csv")


def test_size_limits(tmp_path: Path) -> None:
    path = tmp_path / "huge.csv"
    path.write_text("A,a,1,1,1\n" * (MAX_SMALL_FILE_BYTES // 10 + 1))
    with pytest.raises(FormatError, match="at most"):
        read_distribution(path)
    pairs = [first + second for first in "ABCDEFGHIJKL" for second in "ABCDEFGHIJKL"][:41]
    digraphs = "".join(f"{pair},{pair.lower()},1,1,0\n" for pair in pairs)
    assert len(parse_distribution(digraphs).alphabet) == 41  # tiles are numbers: any spelling
    letters = [char for char in map(chr, range(0x41, 0x500))
               if char.isupper() and len(char.lower()) == 1 and char.lower().upper() == char][:64]
    many = "".join(f"{letter},{letter.lower()},1,1,0\n" for letter in letters)
    with pytest.raises(FormatError, match=":64: a distribution has at most 63 tiles"):
        parse_distribution(many)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet="?,Aa·Ll01239\n#-ßÇç \"", max_size=120) | st.text(max_size=60))
def test_any_text_reads_or_is_a_format_error(text: str) -> None:
    try:
        distribution = parse_distribution(text)
    except FormatError:
        return
    tile_set = tile_set_of(distribution)
    tiles = set(distribution.values) - {BLANK}
    assert set(tile_set.tiles) == tiles and len(tile_set.tiles) == len(distribution.alphabet)
    assert all(isinstance(count, int) and count >= 0 for count in distribution.counts.values())


# --- tile sets with an alphabet ------------------------------------------------------------


def test_tile_sets_with_multi_character_tiles() -> None:
    alphabet = Alphabet(["A", "L·L"], ["a", "l·l"], vowels="A")
    tiles = TileSet({"A": 1, "L·L": 10, BLANK: 0}, {"A": 2, "L·L": 1, BLANK: 1}, alphabet)
    assert tiles.value("L·L") == 10 and tiles.value("l·l") == 0 and tiles.value("a") == 0
    assert tiles.number_values == (0, 1, 10) and tiles.number_counts == (1, 2, 1)
    assert tiles.full_bag() == ["?", "A", "A", "L·L"] and tiles.tiles == ("A", "L·L")
    assert tiles.format(tiles.full_bag_numbers()) == "?AA[L·L]"
    assert tiles.parse_tiles("[l·l]A?") == bytes([2 | 128, 1, 0])
    tiles.check_tiles(["l·l", "A", BLANK], "the rack")
    with pytest.raises(InvalidArgumentError, match=r"'Z' is not a tile .*\(A\[L·L\] and"):
        tiles.check_tiles(["Z"], "the rack")
    assert TileSet({"A": 1, "L·L": 10}, alphabet=alphabet).counts == {}
    with pytest.raises(InvalidArgumentError, match="no value"):
        TileSet({"A": 1}, alphabet=alphabet).value("L·L")
    with pytest.raises(InvalidArgumentError, match="not an upper-case tile letter"):
        TileSet({"L·L": 10})
    with pytest.raises(InvalidArgumentError):
        TileSet({"B": 1}, alphabet=alphabet)
    with pytest.raises(TypeError):
        TileSet({"A": 1}, alphabet="A")  # type: ignore[arg-type]
    # Without an alphabet, the old one-letter tile sets work as before and get one derived.
    plain = TileSet({"Ä": 6, "A": 1})
    assert plain.alphabet.tiles == ("A", "Ä") and plain.value("ä") == 0


# --- NAME|PATH ----------------------------------------------------------------------------


def test_name_or_path(tmp_path: Path) -> None:
    assert tile_set_from_source("german") == TILE_DISTRIBUTIONS["german"]
    csv_file = tmp_path / "mine.txt"
    csv_file.write_text("A,a,3,2,1\nB,b,1,5,0\n")
    assert tile_set_from_source(str(csv_file)).values == {"A": 2, "B": 5, BLANK: 0}
    bag = tmp_path / "bag"
    bag.write_text("A 1 9\nB 3 2\n? 0 2\n")
    assert tile_set_from_source(str(bag)).counts == {"A": 9, "B": 2, BLANK: 2}
    with pytest.raises(FormatError, match=r"neither a tile distribution .*catalan.*nor a file"):
        tile_set_from_source("klingon")
    with pytest.raises(FormatError, match="no such"):
        tile_set_from_source(str(tmp_path / "missing.csv"))


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wordgames", *args], capture_output=True, text=True,
                          check=False, cwd=Path(__file__).resolve().parents[3])


def test_cli_scores_with_the_named_distribution(tmp_path: Path) -> None:
    words = tmp_path / "deutsch.txt"
    words.write_text("BÄR\nBÄREN\nÜBER\nRÜBE\n", encoding="utf-8")
    empty = "/".join(["15"] * 15)
    base = ["scrabble", "best", "--cgp", f"{empty} BÄRENÜX/ 0/0 0", "--lexicon", str(words), "--json"]
    german = run_cli(*base, "--tile-distribution", "german")
    assert german.returncode == 0, german.stderr
    assert '"score": 30' in german.stdout  # B 3 doubled + Ä 6 + R E N, the word doubled
    from_file = run_cli(*base, "--letter-values", str(FOLDER / "german.csv"))
    assert (from_file.returncode, from_file.stdout) == (0, german.stdout)
    bad = run_cli("scrabble", "best", "--cgp", f"{empty} AB/ 0/0 0", "--tile-distribution", "klingon")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "klingon" in bad.stderr


def test_racks_and_bags_hold_multi_character_tiles() -> None:
    catalan = TILE_DISTRIBUTIONS["catalan"]
    rack = Rack.parse(" [L·L]AQU?[ny]c ", catalan.alphabet)
    assert rack.tiles() == ["A", "L·L", "QU", "?", "?", "?"] and len(rack) == 6
    assert str(rack) == "A[L·L][QU]???"
    catalan.check_tiles(rack.tiles(), "the rack")
    rack.remove(["l·l", "QU"])  # a blank played as L·L takes a blank
    assert rack.tiles() == ["A", "L·L", "?", "?"]
    with pytest.raises(InvalidArgumentError, match=r"bad rack .*'W' at position 1"):
        Rack.parse("WA", catalan.alphabet)
    with pytest.raises(InvalidArgumentError, match="at most 20"):
        Rack.parse("[QU]" * 21, catalan.alphabet)
    bag = Bag.full(catalan, seed=2)
    drawn = bag.draw(100)
    assert Counter(drawn)["L·L"] == 1 and Counter(drawn)["NY"] == 1 and len(bag) == 0
    bag.put_back(["l·l", "NY"])
    assert sorted(bag.tiles) == ["?", "NY"]
    for bad in ["Ny", "A B", "", "·L"]:
        with pytest.raises(InvalidArgumentError):
            Rack([bad], catalan.alphabet)
    # English racks read as before, one character a tile.
    assert Rack.parse("qu?").tiles() == ["Q", "U", "?"]
    assert Rack.parse("QU", STANDARD_ENGLISH.alphabet).tiles() == ["Q", "U"]
