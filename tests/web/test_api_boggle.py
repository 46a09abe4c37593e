"""The Boggle API: the same JSON as the command line, verdicts with paths, rolls, errors."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

pytest.importorskip("fastapi")

BOARD = "EECA/ALEP/HNBO/QTTY"


def spelled(grid: list[list[str]], path: list[int]) -> str:
    """The word a path of row-major cell indices spells, checking every step is a king move
    to a cell not used before."""
    width = len(grid[0])
    assert len(set(path)) == len(path)
    for a, b in itertools.pairwise(path):
        assert max(abs(a // width - b // width), abs(a % width - b % width)) == 1
    return "".join(grid[i // width][i % width] for i in path)


@pytest.mark.parametrize(
    "options",
    [
        {"board": BOARD},
        {"board": "CATS/DOGE/RISN/PTLA", "min": "4"},
        {"board": BOARD, "scoring": "official", "min": "3"},
    ],
)
def test_solve_is_the_cli_json(client: Any, cli_json: Any, options: dict[str, str]) -> None:
    argv = ["boggle", "solve", "--board", options["board"], "--json"]
    if "min" in options:
        argv += ["--min", options["min"]]
    if "scoring" in options:
        argv += ["--scoring", options["scoring"]]
    response = client.get("/api/boggle/solve", params=options)
    assert response.status_code == 200
    assert response.json() == cli_json(*argv)


def test_solve_without_a_board_solves_the_default_one(client: Any, cli_json: Any) -> None:
    assert client.get("/api/boggle/solve").json() == cli_json("boggle", "solve", "--json")


def test_every_solved_path_spells_its_word(client: Any) -> None:
    data = client.get("/api/boggle/solve", params={"board": BOARD}).json()
    assert data["words"]
    for entry in data["words"]:
        assert spelled(data["board"], entry["path"]) == entry["word"]


@pytest.mark.parametrize(
    ("word", "verdict"),
    [
        ("peel", "accepted"),
        ("AT", "too short"),
        ("XYZZY", "not in the lexicon"),
        ("POLE", "not on the board"),
    ],
)
def test_check_judges_a_word(client: Any, word: str, verdict: str) -> None:
    data = client.get("/api/boggle/check", params={"board": BOARD, "word": word}).json()
    assert data["word"] == word.upper()
    assert data["verdict"] == verdict
    if verdict == "accepted":
        assert data["points"] > 0
        grid = [list(row) for row in BOARD.split("/")]
        assert spelled(grid, data["path"]) == "PEEL"
    else:
        assert data["points"] == 0 and data["path"] == []


def test_check_accepts_exactly_the_solved_words(client: Any) -> None:
    solved = {
        e["word"]: e["score"]
        for e in client.get("/api/boggle/solve", params={"board": BOARD}).json()["words"]
    }
    for word in ["BENT", "PEEL", "CLEAN", "BOTTLE", "HALE", "QUA"]:
        data = client.get("/api/boggle/check", params={"board": BOARD, "word": word}).json()
        assert (data["verdict"] == "accepted") == (word in solved)
        assert data["points"] == solved.get(word, 0)


def test_roll_is_seeded(client: Any) -> None:
    first = client.get("/api/boggle/roll", params={"size": 5, "seed": 7}).json()
    again = client.get("/api/boggle/roll", params={"size": 5, "seed": 7}).json()
    assert first == again and first["seed"] == 7
    assert len(first["board"]) == 5 and all(len(row) == 5 for row in first["board"])
    solved = client.get("/api/boggle/solve", params={"board": first["text"]}).json()
    assert solved["board"] == first["board"]
    fresh = client.get("/api/boggle/roll").json()
    assert isinstance(fresh["seed"], int) and len(fresh["board"]) == 4


@pytest.mark.parametrize(
    ("params", "status"),
    [
        ({"board": "AB/C"}, 400),  # rows of different lengths
        ({"board": "A" * 401}, 422),  # over the size limit
        ({"board": "/".join(["ABCDEFGHIJK"] * 11)}, 400),  # 11 x 11 squares
        ({"board": BOARD, "lexicon": "no-such-list"}, 400),
        ({"board": BOARD, "lexicon": "/etc/passwd"}, 400),  # a path is never a lexicon name
        ({"board": BOARD, "min": "0"}, 422),
        ({"board": BOARD, "scoring": "golf"}, 400),
    ],
)
def test_bad_input_is_a_json_error(client: Any, params: dict[str, str], status: int) -> None:
    response = client.get("/api/boggle/solve", params=params)
    assert response.status_code == status
    body = response.json()
    assert set(body) == {"error"} and body["error"]
    assert "Traceback" not in body["error"]
