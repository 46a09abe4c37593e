"""Simulation jobs through the API: the same answer as ``scrabble sim --json``, progress,
cancelling, limits and bad positions."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("fastapi")

MIDGAME = "15/15/15/15/5Z9/5A9/5P9/3COLOURED4/8E6/8WAIVE2/15/15/15/15/15 EIRSTAL/ 120/98 0"
SMALL = {"candidates": 2, "iterations": 16, "plies": 1, "seed": 5}


def finished(client: Any, job: dict[str, Any]) -> dict[str, Any]:
    """Poll a job until it is finished, as the page does."""
    seen = [job["done"]]
    deadline = time.monotonic() + 120
    while not job["finished"]:
        assert time.monotonic() < deadline, "the simulation did not finish"
        time.sleep(0.05)
        job = client.get(f"/api/analysis/jobs/{job['id']}").json()
        seen.append(job["done"])
    assert seen == sorted(seen)  # progress only goes forward
    return job


def without_timing(result: dict[str, Any]) -> dict[str, Any]:
    """A sim answer without its running time and the squares the web adds to each move."""
    added = ("row", "col", "direction", "placed", "tiles")
    candidates = [
        {**entry, "move": {key: value for key, value in entry["move"].items() if key not in added}}
        for entry in result["candidates"]
    ]
    return {**{key: value for key, value in result.items() if key != "seconds"}, "candidates": candidates}


def test_a_cgp_simulation_is_the_cli_json(client: Any, cli_json: Any) -> None:
    job = client.post("/api/analysis/sim", json={"cgp": MIDGAME, **SMALL}).json()
    assert job["kind"] == "sim" and job["total"] == 16 and job["lexicon"] == "enable"
    done = finished(client, job)
    assert done["error"] is None and done["done"] == done["total"] == 16
    cli = cli_json(
        "scrabble", "sim", "--cgp", MIDGAME, "--candidates", "2", "--iterations", "16", "--plies", "1",
        "--seed", "5", "--workers", "1", "--json",
    )
    assert without_timing(done["result"]) == without_timing(cli)
    # Each placement carries its squares, for the page to show it.
    for entry in done["result"]["candidates"]:
        move = entry["move"]
        if move["kind"] == "place":
            assert len(move["placed"]) >= 1 and move["notation"] and move["direction"] in ("H", "V")


def test_a_board_and_rack_are_simulated_with_scores(client: Any) -> None:
    position = client.get("/api/scrabble/position", params={"cgp": MIDGAME}).json()
    body = {"board": position["board"]["text"], "rack": "QUIET", "scores": [10, 300], **SMALL}
    done = finished(client, client.post("/api/analysis/sim", json=body).json())
    result = done["result"]
    assert done["error"] is None and 1 <= len(result["candidates"]) <= 2
    assert all(0 <= entry["win"] <= 1 for entry in result["candidates"])
    # Far behind: every candidate's chance of winning is small.
    assert max(entry["win"] for entry in result["candidates"]) < 0.2


LONG = {"cgp": MIDGAME, "candidates": 20, "iterations": 2000, "plies": 4}


def test_a_running_simulation_is_cancelled_at_its_next_turn(client: Any) -> None:
    job = client.post("/api/analysis/sim", json=LONG).json()
    deadline = time.monotonic() + 60
    while not job["started"]:
        assert time.monotonic() < deadline, "the simulation did not start"
        time.sleep(0.02)
        job = client.get(f"/api/analysis/jobs/{job['id']}").json()
    assert client.post(f"/api/analysis/jobs/{job['id']}/cancel").json()["cancelled"] is True
    done = finished(client, job)
    assert done["error"] == "cancelled" and done["result"] is None and done["done"] < 2000


def test_a_waiting_job_never_starts_once_cancelled(client: Any) -> None:
    first = client.post("/api/analysis/sim", json=LONG).json()
    second = client.post("/api/analysis/sim", json=LONG).json()
    client.post(f"/api/analysis/jobs/{second['id']}/cancel")
    client.post(f"/api/analysis/jobs/{first['id']}/cancel")
    done = finished(client, second)
    assert done["error"] == "cancelled" and not done["started"]
    assert finished(client, first)["error"] == "cancelled"


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"rack": "ABC"}, 400, "either a board or a CGP"),
        ({"cgp": MIDGAME, "board": ["."]}, 400, "either a board or a CGP"),
        ({"cgp": "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0"}, 400, "rack"),
        ({"cgp": MIDGAME, "rack": "ABCDEFGH"}, 400, "more than 7"),
        ({"cgp": MIDGAME, "rack": "ZZZ"}, 400, "more Z"),
        ({"cgp": "not a cgp"}, 400, ""),
        ({"cgp": MIDGAME, "iterations": 2001}, 422, "iterations"),
        ({"cgp": MIDGAME, "candidates": 21}, 422, "candidates"),
        ({"cgp": MIDGAME, "plies": 5}, 422, "plies"),
        ({"cgp": MIDGAME, "lexicon": "/etc/passwd"}, 400, "unknown lexicon"),
        ({"cgp": MIDGAME, "scores": [10**400, 0]}, 422, "scores"),
        ({"cgp": MIDGAME, "scores": [1, 2, 3]}, 422, "scores"),
    ],
)
def test_bad_simulations_are_refused_at_once(
    client: Any, body: dict[str, Any], status: int, says: str
) -> None:
    response = client.post("/api/analysis/sim", json=body)
    assert response.status_code == status and set(response.json()) == {"error"}
    assert says in response.json()["error"]


def test_cancelling_an_unknown_job_is_404(client: Any) -> None:
    assert client.post("/api/analysis/jobs/job424242/cancel").status_code == 404


ROW = st.text(alphabet="..ABCZQxyz?1 ", max_size=16)


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    board=st.none() | st.lists(ROW, max_size=16),
    cgp=st.none() | st.text(max_size=60) | st.just(MIDGAME),
    rack=st.none() | st.text(alphabet="AEQZ?xé!", max_size=9),
    scores=st.none() | st.lists(st.integers(-(10**6), 10**6), max_size=3),
)
def test_any_simulation_request_is_a_job_or_a_json_error(
    client: Any, board: Any, cgp: Any, rack: Any, scores: Any
) -> None:
    """Fuzzing the request: never a 500, never a traceback; a job when it is accepted."""
    body = {"board": board, "cgp": cgp, "rack": rack, "scores": scores,
            "candidates": 1, "iterations": 1, "plies": 0}
    response = client.post("/api/analysis/sim", json=body)
    assert response.status_code in (200, 400, 422), response.text
    if response.status_code == 200:
        job = response.json()
        client.post(f"/api/analysis/jobs/{job['id']}/cancel")  # keep the worker free
    else:
        assert set(response.json()) == {"error"} and "Traceback" not in response.text
