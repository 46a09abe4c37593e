"""The command line's ``--json`` and the web API answer the same inputs with the same JSON:
both go through :mod:`wordgames.serialization`.  Positions in German and Polish tiles too,
each with a small made-up word list offered by name."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")

EMPTY = "/".join(["15"] * 15)


def with_row(row: int, text: str) -> str:
    """The board field of an empty CGP board but for row ``row`` (0-based)."""
    rows = ["15"] * 15
    rows[row] = text
    return "/".join(rows)


GERMAN_WORDS = "ÄRGER\nBÄR\nGRÜN\nÖL\nMÜDE\nTÜR\nRÄDER\nBÖSE\nÜBER\nER\nES\nDER\nDIE\n"
POLISH_WORDS = "ŻÓŁW\nŁÓDŹ\nGĘŚ\nŚWIT\nŻABA\nĆMA\nZĄB\nŁAWA\nBAŚŃ\nNA\nZA\nŻE\nAŻ\n"
MIDGAME = "15/15/15/15/5Z9/5A9/5P9/3COLOURED4/8E6/8WAIVE2/15/15/15/15/15 EIRSTAL/ 120/98 0"


@pytest.fixture(scope="module")
def languages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str]]:
    """A client of a server offering ``deutsch`` and ``polski``, and their folder (the
    command line reads the same lists through WORDGAMES_LEXICON_PATH)."""
    testclient = pytest.importorskip("fastapi.testclient")
    from wordgames.web import create_app

    folder = tmp_path_factory.mktemp("listen")
    (folder / "deutsch.txt").write_text(GERMAN_WORDS, encoding="utf-8")
    (folder / "polski.txt").write_text(POLISH_WORDS, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORDGAMES_LEXICON_PATH", str(folder))
        app = create_app(game_folder=tmp_path_factory.mktemp("spiele"))
        with testclient.TestClient(app) as client:
            yield client, str(folder)


@pytest.mark.parametrize(
    ("cgp", "lexicon"),
    [
        (f"{EMPTY} ÄRGBDEÜ/ 0/0 0 ld german;", "deutsch"),
        (f"{with_row(7, '7TÜR5')} ÄRGEÖL?/ 10/0 0 ld german;", "deutsch"),
        (f"{EMPTY} ŻÓŁWABA/ 0/0 0 lex OSPS49;", "polski"),
        (f"{with_row(7, '5ŻABA6')} ŁÓDŹGĘ?/ 0/0 0 ld polish;", "polski"),
    ],
)
def test_best_in_german_and_polish(
    languages: tuple[Any, str], cli_json: Any, monkeypatch: pytest.MonkeyPatch, cgp: str, lexicon: str
) -> None:
    client, folder = languages
    monkeypatch.setenv("WORDGAMES_LEXICON_PATH", folder)
    web = client.get("/api/scrabble/best", params={"cgp": cgp, "lexicon": lexicon, "top": 5})
    assert web.status_code == 200, web.text
    cli = cli_json("scrabble", "best", "--cgp", cgp, "--lexicon", lexicon, "--top", "5", "--json")
    assert web.json() == cli and cli["moves"], cli


def test_equity_best_and_the_hints_list_share_one_shape(client: Any, cli_json: Any) -> None:
    cli = cli_json("scrabble", "best", "--cgp", MIDGAME, "--strategy", "equity", "--top", "5", "--json")
    game = client.post("/api/games", json={"seed": 3}).json()
    hints = client.get(f"/api/games/{game['id']}/hints", params={"top": 5}).json()
    for listed in (cli["moves"], hints["moves"]):
        placement = next(entry for entry in listed if entry["kind"] == "place")
        assert set(placement) == {"word", "row", "col", "direction", "notation", "score", "placed", "kind",
                                  "leave", "leave_value", "equity"}


def test_an_unavailable_lexicon_named_by_a_cgp_is_refused_alike(client: Any) -> None:
    from wordgames.cli import main

    cgp = f"{EMPTY} AEINRST/ 0/0 0 lex CSW24;"
    web = client.get("/api/scrabble/best", params={"cgp": cgp})
    assert web.status_code == 400
    assert "the CGP names the lexicon 'CSW24', which is not a known name" in web.json()["error"]
    assert main(["scrabble", "best", "--cgp", cgp, "--json"]) == 2


def test_a_real_games_review_is_analyze_json(
    cli_json: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """A game from liwords, reviewed with CSW12 (read in place from ../shared): the web's
    review ranks every turn as ``scrabble analyze --json`` does."""
    import time

    from conftest import shared_file
    from fastapi.testclient import TestClient

    from wordgames.web import create_app

    path = shared_file("external/gcg/liwords/r18_jen.gcg")
    monkeypatch.setenv("WORDGAMES_LEXICON_PATH", str(shared_file("lexicons/CSW12.txt").parent))
    with TestClient(create_app(game_folder=tmp_path)) as client:
        gcg = path.read_text(encoding="utf-8")
        job = client.post("/api/analysis/gcg", json={"gcg": gcg, "top": 10, "lexicon": "csw12"}).json()
        deadline = time.monotonic() + 600
        while not job["finished"]:
            assert time.monotonic() < deadline, "the review did not finish"
            time.sleep(0.2)
            job = client.get(f"/api/analysis/jobs/{job['id']}", params={"since": 10**5}).json()
    cli = cli_json("scrabble", "analyze", str(path), "--lexicon", "csw12", "--top", "10", "--json")
    assert job["error"] is None and job["result"] == cli
    assert len(cli["turns"]) == 26 and cli["discrepancy"] is None
