"""Games against the computer through the API: moves, hints, exchange, pass, saving and
resuming, GCG download, refusals that change nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from wordgames.scrabble import read_gcg, replay_gcg

from .conftest import best_placement

pytest.importorskip("fastapi")


def new_game(client: Any, **settings: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"seed": 11, **settings})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_a_new_game_deals_a_rack_and_hides_the_computers(client: Any) -> None:
    game = new_game(client)
    assert len(game["rack"]) == 7 and game["bag"] == 100 - 14
    assert game["to_move"] == game["you"] == 0 and not game["over"]
    assert [p["name"] for p in game["players"]] == ["You", "Computer"]
    assert game["board"]["rows"] == 15 and game["history"] == []


def test_computer_first_has_already_moved(client: Any) -> None:
    game = new_game(client, computer_first=True)
    assert game["you"] == 1 and game["to_move"] == 1
    assert len(game["history"]) == 1 and game["history"][0]["player"] == "Computer"
    assert game["history"][0]["rack"] == ""  # the computer's tiles stay hidden


def test_a_hint_played_by_tiles_scores_and_the_computer_replies(client: Any) -> None:
    game = new_game(client)
    hints = client.get(f"/api/games/{game['id']}/hints", params={"top": 3}).json()
    assert len(hints["moves"]) == 3 and hints["total_moves"] >= 3
    # Hints are ranked by equity: an exchange may come first; play the best placement.
    best = best_placement(hints)
    tiles = [
        {"row": p["row"], "col": p["col"], "letter": p["letter"], "blank": p["blank"]} for p in best["placed"]
    ]
    after = client.post(f"/api/games/{game['id']}/play", json={"tiles": tiles}).json()
    mine, reply = after["history"][0], after["history"][1]
    assert mine["move"]["word"] == best["word"] and mine["score"] == best["score"]
    assert reply["player"] == "Computer" and reply["kind"] in ("place", "exchange", "pass")
    assert after["players"][0]["score"] == best["score"] and after["to_move"] == 0
    for p in best["placed"]:
        assert after["board"]["tiles"][p["row"]][p["col"]].upper() == p["letter"]


def test_a_move_in_notation_is_played(client: Any) -> None:
    game = new_game(client)
    best = best_placement(client.get(f"/api/games/{game['id']}/hints").json())
    after = client.post(
        f"/api/games/{game['id']}/play", json={"notation": f"{best['notation']} {best['word']}"}
    )
    assert after.status_code == 200 and after.json()["history"][0]["score"] == best["score"]


def test_an_illegal_move_is_refused_and_changes_nothing(client: Any) -> None:
    game = new_game(client)
    off_centre = [
        {"row": 0, "col": 0, "letter": game["rack"][0] if game["rack"][0] != "?" else "A", "blank": False}
    ]
    response = client.post(f"/api/games/{game['id']}/play", json={"tiles": off_centre})
    assert response.status_code == 400 and response.json()["error"]
    not_mine = [
        {"row": 7, "col": 7, "letter": "Q", "blank": False},
        {"row": 7, "col": 8, "letter": "Q", "blank": False},
    ]
    assert client.post(f"/api/games/{game['id']}/play", json={"tiles": not_mine}).status_code == 400
    assert client.get(f"/api/games/{game['id']}").json() == game


def test_exchange_and_pass(client: Any) -> None:
    game = new_game(client)
    rack = game["rack"]
    after = client.post(f"/api/games/{game['id']}/exchange", json={"tiles": "".join(rack[:3])}).json()
    assert after["history"][0]["kind"] == "exchange" and after["history"][0]["tiles"] == "".join(
        sorted(rack[:3])
    )
    assert len(after["rack"]) == 7
    passed = client.post(f"/api/games/{game['id']}/pass").json()
    assert passed["history"][len(after["history"])]["kind"] == "pass"
    bad = client.post(f"/api/games/{game['id']}/exchange", json={"tiles": "ZZZZ"})
    assert bad.status_code == 400


def test_a_game_survives_a_server_restart(client: Any, game_folder: Path) -> None:
    from fastapi.testclient import TestClient

    from wordgames.web import create_app

    game = new_game(client, seed=5)
    best = best_placement(client.get(f"/api/games/{game['id']}/hints").json())
    played = client.post(
        f"/api/games/{game['id']}/play", json={"notation": f"{best['notation']} {best['word']}"}
    )
    with TestClient(create_app(game_folder=game_folder)) as restarted:
        assert restarted.get(f"/api/games/{game['id']}").json() == played.json()
        # ... and it goes on exactly as the original would have.
        assert (
            restarted.get(f"/api/games/{game['id']}/hints").json()
            == client.get(f"/api/games/{game['id']}/hints").json()
        )


def test_the_gcg_download_replays(client: Any, tmp_path: Path) -> None:
    from wordgames.lexicon import load_lexicon

    game = new_game(client, seed=3)
    for _ in range(3):
        best = best_placement(client.get(f"/api/games/{game['id']}/hints").json())
        game = client.post(
            f"/api/games/{game['id']}/play", json={"notation": f"{best['notation']} {best['word']}"}
        ).json()
    response = client.get(f"/api/games/{game['id']}/gcg")
    assert response.status_code == 200 and "attachment" in response.headers["content-disposition"]
    path = tmp_path / "game.gcg"
    path.write_text(response.text, encoding="utf-8")
    result = replay_gcg(read_gcg(path), load_lexicon("enable"))
    assert result.ok and result.events_checked == len(game["history"])
    assert result.board.grid() == game["board"]["tiles"]


@pytest.mark.parametrize("game_id", ["0" * 24, "nothex", "../../etc/passwd"])
def test_unknown_games_are_404(client: Any, game_id: str) -> None:
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 404 and set(response.json()) == {"error"}


def test_bad_settings_are_refused(client: Any) -> None:
    assert client.post("/api/games", json={"strategy": "psychic"}).status_code == 400
    assert client.post("/api/games", json={"lexicon": "/etc/passwd"}).status_code == 400
    assert "greedy" in client.get("/api/games/strategies").json()["strategies"]


def test_every_registered_strategy_is_offered_and_plays(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A strategy the engine registers later (``equity``, levels) needs no web change."""
    from wordgames.scrabble.game import decision
    from wordgames.scrabble.strategy import GreedyStrategy

    class Cautious(GreedyStrategy):
        name = "cautious"

    monkeypatch.setitem(decision._STRATEGIES, "cautious", Cautious)
    offered = client.get("/api/games/strategies").json()["strategies"]
    assert offered[0] == "greedy" and set(offered) == set(decision.strategy_names())
    game = new_game(client, strategy="cautious", computer_first=True)
    assert game["strategy"] == "cautious" and len(game["history"]) == 1
    assert game["players"][0] == {"name": "Computer", "score": game["history"][0]["total"],
                                  "computer": True, "tiles": 7}
