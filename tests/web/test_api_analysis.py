"""GCG analysis jobs through the API, request limits and the error policy."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .conftest import best_placement

pytest.importorskip("fastapi")


def played_gcg(client: Any, turns: int = 3, seed: int = 21) -> tuple[str, dict[str, Any]]:
    """A GCG of a short game played through the API (always the first hint)."""
    game = client.post("/api/games", json={"seed": seed}).json()
    for _ in range(turns):
        best = best_placement(client.get(f"/api/games/{game['id']}/hints").json())
        game = client.post(
            f"/api/games/{game['id']}/play", json={"notation": f"{best['notation']} {best['word']}"}
        ).json()
    return client.get(f"/api/games/{game['id']}/gcg").text, game


def finished(client: Any, job: dict[str, Any]) -> dict[str, Any]:
    """Poll a job until it is finished, collecting its steps as a page does."""
    steps = list(job["steps"])
    deadline = time.monotonic() + 120
    while not job["finished"]:
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.05)
        job = client.get(f"/api/analysis/jobs/{job['id']}", params={"since": len(steps)}).json()
        steps.extend(job["steps"])
    return {**job, "steps": steps}


def test_a_game_is_analysed_turn_by_turn(client: Any, cli_json: Any, tmp_path: Any) -> None:
    gcg, game = played_gcg(client)
    job = client.post("/api/analysis/gcg", json={"gcg": gcg, "top": 3}).json()
    assert job["lexicon"] == "enable" and job["players"] == ["You", "Computer"]
    done = finished(client, job)
    assert done["error"] is None and done["done"] == done["total"] == len(game["history"])
    steps = done["steps"]
    assert [step["number"] for step in steps] == list(range(len(game["history"]) + 1))
    assert all(tile is None for row in steps[0]["board"]["tiles"] for tile in row)
    assert steps[-1]["board"]["tiles"] == game["board"]["tiles"]
    for step, turn in zip(steps[1:], game["history"], strict=True):
        assert step["event"]["score"] == turn["score"] and step["event"]["total"] == turn["total"]
    # The review is the command line's, and the person, who always played the first hint,
    # played the best turn each time.
    path = tmp_path / "game.gcg"
    path.write_text(gcg, encoding="utf-8")
    assert done["result"] == cli_json("scrabble", "analyze", str(path), "--top", "3", "--json")
    mine = [turn for turn in done["result"]["turns"] if turn["player"] == "You"]
    assert mine and all(turn["rank"] == 1 for turn in mine)
    # Each listed placement comes with its squares, to be shown on the board.
    for turn, squares in zip(done["result"]["turns"], done["squares"], strict=True):
        assert len(squares) == len(turn["best"])
        for option, placed in zip(turn["best"], squares, strict=True):
            assert placed is None or len(placed) >= 1, option


def test_a_game_that_does_not_replay_reports_where(client: Any) -> None:
    gcg, _ = played_gcg(client, turns=1)
    lines = gcg.splitlines()
    tampered = "\n".join(line.replace("+", "+1", 1) if line.startswith(">You") else line for line in lines)
    done = finished(client, client.post("/api/analysis/gcg", json={"gcg": tampered}).json())
    assert done["error"] and "line" in done["error"]


@pytest.mark.parametrize("text", ["hello", "#player1 a A\n>b: ABC 8H ABC +10 10\n"])
def test_a_malformed_gcg_is_refused_at_once(client: Any, text: str) -> None:
    response = client.post("/api/analysis/gcg", json={"gcg": text, "name": "mine.gcg"})
    assert response.status_code == 400
    assert "mine.gcg" in response.json()["error"] and "/tmp" not in response.json()["error"]


def test_unknown_jobs_are_404(client: Any) -> None:
    assert client.get("/api/analysis/jobs/job999999").status_code == 404


def test_job_ids_cannot_be_guessed(client: Any) -> None:
    gcg, _ = played_gcg(client, turns=1)
    ids = [client.post("/api/analysis/gcg", json={"gcg": gcg}).json()["id"] for _ in range(3)]
    assert len(set(ids)) == 3
    for job_id in ids:
        assert len(job_id) >= 22 and not job_id.startswith("job")  # 128 random bits
        client.post(f"/api/analysis/jobs/{job_id}/cancel")
    assert client.get("/api/analysis/jobs/job1").status_code == 404


def test_a_lexicon_the_server_does_not_offer_is_refused_as_the_cli_does(client: Any) -> None:
    gcg, _ = played_gcg(client, turns=1)
    named = gcg.replace("#lexicon enable", "#lexicon CSW21")
    assert "#lexicon CSW21" in named
    response = client.post("/api/analysis/gcg", json={"gcg": named})
    assert response.status_code == 400
    assert "the GCG names the lexicon 'CSW21', which is not a known name" in response.json()["error"]
    chosen = client.post("/api/analysis/gcg", json={"gcg": named, "lexicon": "enable"})
    assert chosen.status_code == 200 and chosen.json()["lexicon"] == "enable"
    client.post(f"/api/analysis/jobs/{chosen.json()['id']}/cancel")


def test_notes_come_with_their_events(client: Any) -> None:
    gcg, _ = played_gcg(client, turns=1)
    lines = gcg.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(">"))
    note = ["#note a fine opening", "worth a second line"]
    noted = "\n".join([*lines[: first + 1], *note, *lines[first + 1:]])
    done = finished(client, client.post("/api/analysis/gcg", json={"gcg": noted}).json())
    assert done["steps"][1]["event"]["note"] == "a fine opening\nworth a second line"
    assert done["steps"][2]["event"]["note"] is None


def test_bodies_over_the_limit_are_413(client: Any) -> None:
    big = "#note " + "x" * (300 * 1024)
    response = client.post("/api/analysis/gcg", json={"gcg": big})
    assert response.status_code == 413 and "bytes" in response.json()["error"]

    def chunks() -> Any:
        for _ in range(40):
            yield b"x" * 10_000

    streamed = client.post(
        "/api/analysis/gcg", content=chunks(), headers={"content-type": "application/json"}
    )
    assert streamed.status_code == 413


def test_a_gcg_over_its_own_limit_is_refused(client: Any) -> None:
    response = client.post("/api/analysis/gcg", json={"gcg": "#note " + "x" * (201 * 1024)})
    assert response.status_code in (413, 422) and set(response.json()) == {"error"}


def test_malformed_json_is_a_json_error(client: Any) -> None:
    response = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 422 and set(response.json()) == {"error"}


def test_a_bug_is_a_json_500_without_traceback(game_folder: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from fastapi.testclient import TestClient

    from wordgames.web import boggle_api, create_app

    def broken(*_: Any) -> Any:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(boggle_api, "solution_json", broken)
    with TestClient(create_app(game_folder=game_folder), raise_server_exceptions=False) as bad:
        response = bad.get("/api/boggle/solve")
    assert response.status_code == 500
    assert response.json() == {"error": "internal error (see the server's log)"}


def test_pages_are_served(client: Any) -> None:
    for page in ("boggle", "scrabble", "analysis"):
        response = client.get(f"/{page}")
        assert response.status_code == 200 and f'data-page="{page}"' in response.text
    assert client.get("/", follow_redirects=False).status_code in (302, 307)
    assert client.get("/static/common.js").status_code == 200


def test_a_gcg_with_too_many_events_is_refused(client: Any) -> None:
    gcg, _ = played_gcg(client, turns=1)
    head, events = gcg.split("\n>", 1)[0], [line for line in gcg.splitlines() if line.startswith(">You")]
    passes = "\n".join(f">You: ABC - +0 {events[0].split()[-1]}" for _ in range(401))
    response = client.post("/api/analysis/gcg", json={"gcg": f"{head}\n{passes}\n"})
    assert response.status_code == 400 and "400 events" in response.json()["error"]
