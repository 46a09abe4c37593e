"""The endgame and pre-endgame commands with multi-character tiles (a small Catalan-like set):
racks, moves and outcomes in bracket notation, never the engine's internal code points."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import has_internal_tiles

ROOT = Path(__file__).resolve().parents[3]
EMPTY = "/".join(["15"] * 15)
# A bag of 8 tiles (two multi-character) so that a rack or two empty it.
TILES = "letter,lowercase,count,points,is_vowel\nA,a,2,1,1\nC,c,1,2,0\nE,e,2,1,1\nL·L,l·l,1,10,0\n" \
        "NY,ny,1,10,0\nQU,qu,1,8,0\nS,s,1,1,0\n?,?,0,0,0\n"
WORDS = "CEL·LA\nANYS\nANY\nQUE\nES\nAS\nCASA\n"



@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("catala")
    (folder / "tiles.csv").write_text(TILES, encoding="utf-8")
    (folder / "words.txt").write_text(WORDS, encoding="utf-8")
    return ["--tile-distribution", str(folder / "tiles.csv"), "--lexicon", str(folder / "words.txt")]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wordgames", "scrabble", *args], capture_output=True,
                          text=True, check=False, cwd=ROOT, timeout=300)


def test_endgame_reads_and_writes_bracketed_tiles(files: list[str]) -> None:
    cgp = f"{EMPTY} [L·L]CEA/[NY]ASE[QU] 0/0 0"
    text = run_cli("endgame", "--cgp", cgp, *files)
    assert text.returncode == 0, text.stderr
    assert "mover ACE[L·L] vs opponent AE[NY][QU]S" in text.stdout  # tile order
    assert "8H CE[L·L]A" in text.stdout and not has_internal_tiles(text.stdout)
    given = run_cli("endgame", "--cgp", f"{EMPTY} [L·L]CEA/ 0/0 0", "--opponent-rack", "[NY]ASE[QU]",
                    *files, "--json")
    assert given.returncode == 0, given.stderr
    result = json.loads(given.stdout)
    assert result["moves"][0] == {"notation": "8H CE[L·L]A", "score": 28, "player": "mover"}
    assert not has_internal_tiles(given.stdout)
    wrong = run_cli("endgame", "--cgp", f"{EMPTY} [L·L]CEA/ 0/0 0", "--opponent-rack", "[NY]AAE[QU]", *files)
    assert wrong.returncode == 2 and "AAE[NY][QU]" in wrong.stderr and not has_internal_tiles(wrong.stderr)


def test_preendgame_keys_outcomes_by_bracketed_tiles(files: list[str]) -> None:
    cgp = f"{EMPTY} [L·L]CEA/ 0/0 0"
    text = run_cli("preendgame", "--cgp", cgp, "--hand-size", "4", *files)
    assert text.returncode == 0, text.stderr
    assert "[QU]:" in text.stdout and "[NY]:" in text.stdout and not has_internal_tiles(text.stdout)
    data = run_cli("preendgame", "--cgp", cgp, "--hand-size", "4", *files, "--json")
    assert data.returncode == 0, data.stderr
    plays = json.loads(data.stdout)["plays"]
    assert {"A", "E", "S", "[NY]", "[QU]"} == set(plays[0]["outcomes"])
    assert any(play["move"] == "8H CE[L·L]A" for play in plays)
