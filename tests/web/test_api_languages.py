"""The web API with a Catalan word list: the list is read with the tiles the CGP's ``ld``
names, and every answer writes tiles in notation, never the engine's internal code points."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import has_internal_tiles

EMPTY = "/".join(["15"] * 15)
WORDS = "COL·LEGI\nCEL·LA\nANYS\nQUE\nCASA\nES\n"



@pytest.fixture(scope="module")
def catalan_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    testclient = pytest.importorskip("fastapi.testclient")
    from wordgames.web import create_app

    folder = tmp_path_factory.mktemp("llistes")
    (folder / "catala.txt").write_text(WORDS, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORDGAMES_LEXICON_PATH", str(folder))
        app = create_app(game_folder=tmp_path_factory.mktemp("partides"))
    with testclient.TestClient(app) as client:
        yield client


def test_best_reads_the_list_with_the_cgp_tiles(catalan_client: Any) -> None:
    cgp = f"{EMPTY} [L·L]CEA[NY]S/ 0/0 0 ld catalan;"
    response = catalan_client.get("/api/scrabble/best", params={"cgp": cgp, "lexicon": "catala", "top": 3})
    assert response.status_code == 200, response.text
    assert not has_internal_tiles(response.text)
    moves = response.json()["moves"]
    assert moves[0]["word"] == "CE[L·L]A" and moves[0]["score"] == 28


def test_a_position_is_drawn_in_notation(catalan_client: Any) -> None:
    cgp = f"{EMPTY.replace('15', '4[QU]E9', 1)} [L·L]CEA[NY]S/ 0/0 0 ld catalan;"
    response = catalan_client.get("/api/scrabble/position", params={"cgp": cgp})
    assert response.status_code == 200, response.text
    assert not has_internal_tiles(json.dumps(response.json(), ensure_ascii=False))
    data = response.json()
    assert data["rack"] == "[L·L]CEA[NY]S"
    assert data["board"]["text"][0] == "....[QU]E........." and data["board"]["tiles"][0][4] == "QU"
