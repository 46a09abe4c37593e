"""``scrabble check``, ``sim`` and ``analyze`` with Catalan tiles: input in bracket notation,
output (text and JSON) in bracket notation, never the engine's internal code points."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import has_internal_tiles

from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, tile_set_named
from wordgames.scrabble.strategy.analysis import board_text

ROOT = Path(__file__).resolve().parents[3]
EMPTY = "/".join(["15"] * 15)
WORDS = "CEL·LA\nCEL·LES\nANYS\nANY\nQUE\nES\nAS\nCASA\nCASES\nSAL\nLA\nEL\nLES\nSE\n"



@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("catala")
    (path / "words.txt").write_text(WORDS, encoding="utf-8")
    rows = ["." * 15] * 15
    rows[7] = "....CE[L·L]A......."
    (path / "board.txt").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def run_cli(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "wordgames", "scrabble", *args, "--lexicon", str(folder / "words.txt")],
        capture_output=True, text=True, check=False, cwd=ROOT, timeout=300,
    )
    assert not has_internal_tiles(result.stdout + result.stderr), result.stdout + result.stderr
    return result


def test_check_reads_a_bracketed_board_move_and_rack(folder: Path) -> None:
    board = str(folder / "board.txt")
    tiles = ("--tile-distribution", "catalan")
    valid = run_cli(folder, "check", board, "--move", "H8 A[NY]S", "--rack", "S[NY]", *tiles, "--explain")
    assert valid.returncode == 0 and valid.stdout == "VALID (12: A[NY]S)\n", valid.stderr
    rack = run_cli(folder, "check", board, "--move", "H8 A[QU]S", "--rack", "S[NY]", *tiles)
    assert rack.returncode == 1 and rack.stdout == "BAD RACK: [QU]\n"
    (folder / "move.txt").write_text("G7\tA\nG9\tNY\nG10\tS\n", encoding="utf-8")
    word = run_cli(folder, "check", board, str(folder / "move.txt"), *tiles, "--json")
    assert word.returncode == 1 and json.loads(word.stdout)["word"] == "A[L·L][NY]S"
    usc = run_cli(folder, "check", board, "--move", "PLACE | 9 8 ?[ny]S", *tiles, "--explain")
    assert usc.returncode == 0 and usc.stdout == "VALID (2: A[NY]S)\n", usc.stderr
    unknown = run_cli(folder, "check", board, "--move", "PLACE | 9 8 [XY]S", *tiles)
    assert unknown.returncode == 2 and "'[XY]'" in unknown.stderr and unknown.stderr.count("\n") == 1
    english = run_cli(folder, "check", board, "--move", "H8 AS")
    assert english.returncode == 2 and english.stderr.count("\n") == 1


def test_sim_takes_and_prints_bracketed_tiles(folder: Path) -> None:
    common = ("--iterations", "8", "--plies", "1", "--candidates", "2", "--workers", "1", "--seed", "3")
    named = run_cli(folder, "sim", "--cgp", f"{EMPTY} [L·L]CEA[NY]S/ 0/0 0 ld catalan", *common)
    assert named.returncode == 0, named.stderr
    assert "CE[L·L]A" in named.stdout
    given = run_cli(folder, "sim", "--cgp", f"{EMPTY} / 0/0 0", "--rack", "[L·L]CEA[NY]S",
                    "--tile-distribution", "catalan", "--opponent-knows", "[QU]", *common, "--json")
    assert given.returncode == 0, given.stderr
    moves = [entry["move"] for entry in json.loads(given.stdout)["candidates"]]
    assert moves[0]["word"] == "CE[L·L]A" and moves[0]["notation"].endswith(" CE[L·L]A")


def test_analyze_writes_racks_plays_and_leaves_in_brackets(folder: Path) -> None:
    games = folder / "games"
    auto = run_cli(folder, "autoplay", "--games", "1", "--seed", "2", "--gcg-dir", str(games),
                   "--tile-distribution", "catalan")
    assert auto.returncode == 0, auto.stderr
    record = next(games.glob("*.gcg"))
    review = run_cli(folder, "analyze", str(record), "--json")
    assert review.returncode == 0, review.stderr
    turns = json.loads(review.stdout)["turns"]
    # This seed deals multi-character tiles (the full Catalan bag holds NY, L·L and QU).
    shown = [turn["rack"] for turn in turns] + [turn["played"] for turn in turns]
    assert any("[" in text for text in shown)
    assert all(option["leave"].count("[") == option["leave"].count("]")
               for turn in turns for option in turn["best"])
    table = run_cli(folder, "analyze", str(record))
    assert table.returncode == 0, table.stderr
    assert any("[" in line.split()[2] for line in table.stdout.splitlines() if line.startswith(" "))


def test_usc_place_notation_reads_bracketed_tiles() -> None:
    from wordgames.scrabble import Board, standard_layout
    from wordgames.scrabble.core.notation import parse_move
    from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS

    catalan = TILE_DISTRIBUTIONS["catalan"]
    move = parse_move("PLACE - 8 7 CE?[l·l]A", Board(standard_layout()), catalan)
    assert [(p.col, catalan.show(p.letter), p.blank) for p in move.placed] == [
        (6, "C", False), (7, "E", False), (8, "[L·L]", True), (9, "A", False)]


def test_the_review_boards_write_wide_tiles_aligned() -> None:
    tiles = tile_set_named("catalan")
    assert tiles is not None
    board = Board(alphabet=tiles.alphabet)
    board.place_all([(7, 4, "C"), (7, 5, "E"), (7, 6, "L·L"), (7, 7, "A"), (8, 6, "l·l")])
    rows = board_text(board, tiles).splitlines()
    assert not has_internal_tiles("\n".join(rows)) and len(rows) == 15
    assert rows[7].split() == list("....CE") + ["L·L", "A"] + ["."] * 7
    assert rows[8].index("l·l") == rows[7].index("L·L")  # the columns line up
    english = Board()
    english.place_all([(7, 7, "A")])
    assert board_text(english, STANDARD_ENGLISH) == english.to_text()


def test_the_html_review_shows_no_internal_tiles(folder: Path, tmp_path: Path) -> None:
    games = folder / "games_html"
    auto = run_cli(folder, "autoplay", "--games", "6", "--seed", "2", "--gcg-dir", str(games),
                   "--tile-distribution", "catalan")
    assert auto.returncode == 0, auto.stderr
    # A game whose plays put a multi-character tile on the board (written in brackets).
    def places_wide_tile(record: Path) -> bool:
        events = [line.split() for line in record.read_text(encoding="utf-8").splitlines()]
        return any(len(words) > 3 and words[0].startswith(">") and "[" in words[3] for words in events)

    placed = [record for record in sorted(games.glob("*.gcg")) if places_wide_tile(record)]
    assert placed
    page = tmp_path / "review.html"
    done = run_cli(folder, "analyze", str(placed[0]), "--html", str(page))
    assert done.returncode == 0, done.stderr
    html = page.read_text(encoding="utf-8")
    boards = json.loads(html.split('id="boards">', 1)[1].split("</script>", 1)[0])
    assert any(wide in board.upper() for board in boards for wide in ("L·L", "NY", "QU"))
    assert not any(has_internal_tiles(board) for board in boards)
