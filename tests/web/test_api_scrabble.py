"""The Scrabble API: best moves as the command line gives them, positions, plays with leaves."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.scrabble import STANDARD_ENGLISH

pytest.importorskip("fastapi")

EMPTY = "/".join(["15"] * 15)
MIDGAME_ROWS = [
    "...............",
    "...............",
    "...............",
    "...............",
    ".....Z.........",
    ".....A.........",
    ".....P.........",
    "...COLOURED....",
    "........E......",
    "........WAIVE..",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
]


def cgp_board(rows: list[str]) -> str:
    """The board field of a CGP for plain board rows ('.' empty)."""
    fields = []
    for row in rows:
        text, gap = "", 0
        for char in row:
            if char == ".":
                gap += 1
                continue
            text += (str(gap) if gap else "") + char
            gap = 0
        fields.append(text + (str(gap) if gap else ""))
    return "/".join(fields)


MIDGAME = f"{cgp_board(MIDGAME_ROWS)} EIRSTAL/ 120/98 0"


@pytest.mark.parametrize(
    ("cgp", "extra"),
    [
        (f"{EMPTY} AEINRST/ 0/0 0", {}),
        (MIDGAME, {"top": "5"}),
        (MIDGAME, {"top": "3", "rack": "QXJ"}),
        (f"{cgp_board(MIDGAME_ROWS)} / 0/0 0", {"rack": "ADEFOTV", "top": "4"}),
    ],
)
def test_best_is_the_cli_json(client: Any, cli_json: Any, cgp: str, extra: dict[str, str]) -> None:
    argv = ["scrabble", "best", "--cgp", cgp, "--json"]
    for name, value in extra.items():
        argv += [f"--{name}", value]
    response = client.get("/api/scrabble/best", params={"cgp": cgp, **extra})
    assert response.status_code == 200
    assert response.json() == cli_json(*argv)


def test_best_uses_the_lexicon_a_cgp_names_when_offered(client: Any) -> None:
    named = client.get("/api/scrabble/best", params={"cgp": f"{EMPTY} AEINRST/ 0/0 0 lex enable;"})
    assert named.status_code == 200
    unknown = client.get("/api/scrabble/best", params={"cgp": f"{EMPTY} AEINRST/ 0/0 0 lex CSW99;"})
    assert unknown.status_code == 400 and "CSW99" in unknown.json()["error"]
    chosen = client.get(
        "/api/scrabble/best", params={"cgp": f"{EMPTY} AEINRST/ 0/0 0 lex CSW99;", "lexicon": "enable"}
    )
    assert chosen.json() == named.json()


@pytest.mark.parametrize(
    ("params", "status"),
    [
        ({"cgp": "15/15/1#3 AB"}, 400),  # a square it cannot read
        ({"cgp": f"{EMPTY} / 0/0 0"}, 400),  # no rack anywhere
        ({"cgp": "1" * 2001}, 422),  # over the size limit
        ({"cgp": f"{EMPTY} AB/ 0/0 0", "top": "0"}, 422),
        ({"cgp": f"{EMPTY} AB/ 0/0 0", "lexicon": "../lexicons/enable.txt"}, 400),
        ({"cgp": f"{EMPTY} A1B/ 0/0 0"}, 400),
        ({"cgp": f"{EMPTY} ??????/ 0/0 0"}, 400),  # issue 29, item 9: more blanks than the bag
        ({"cgp": "15/15/15/15/15/15/15/4ZZZZZZ5/15/15/15/15/15/15/15 AB/ 0/0 0"}, 400),
    ],
)
def test_bad_best_queries_are_json_errors(client: Any, params: dict[str, str], status: int) -> None:
    response = client.get("/api/scrabble/best", params=params)
    assert response.status_code == status
    assert set(response.json()) == {"error"}


def test_position_draws_the_cgp(client: Any) -> None:
    data = client.get("/api/scrabble/position", params={"cgp": MIDGAME}).json()
    assert data["board"]["text"] == MIDGAME_ROWS
    assert data["rack"] == "EIRSTAL" and data["scores"] == [120, 98]
    assert data["board"]["premiums"][7][7] == "d" and data["board"]["start"] == [7, 7]
    assert data["values"]["Z"] == 10 and data["values"]["?"] == 0


def test_plays_match_best_and_carry_their_leave(client: Any) -> None:
    plays = client.post(
        "/api/scrabble/plays", json={"board": MIDGAME_ROWS, "rack": "EIRSTAL", "top": 8}
    ).json()
    best = client.get("/api/scrabble/best", params={"cgp": MIDGAME, "top": 8}).json()
    assert [{k: v for k, v in m.items() if k != "leave"} for m in plays["moves"]] == best["moves"]
    assert plays["total_moves"] == best["total_moves"]


def unseen_beside(rows: list[str]) -> list[str]:
    """The tiles of the standard English bag that are not on the board ``rows``."""
    left = Counter(STANDARD_ENGLISH.full_bag())
    left.subtract(char for row in rows for char in row if char != ".")
    return sorted(left.elements())


MIDGAME_UNSEEN = unseen_beside(MIDGAME_ROWS)


@settings(max_examples=20)  # each example is a full move generation
# Racks the bag can deal beside this board: up to seven of the tiles not on it.
@given(rack=st.lists(st.integers(0, len(MIDGAME_UNSEEN) - 1), min_size=1, max_size=7, unique=True).map(
    lambda picks: "".join(MIDGAME_UNSEEN[pick] for pick in picks)))
def test_a_leave_is_the_rack_less_the_tiles_played(client: Any, rack: str) -> None:
    data = client.post("/api/scrabble/plays", json={"board": MIDGAME_ROWS, "rack": rack, "top": 5}).json()
    for move in data["moves"]:
        used = Counter("?" if p["blank"] else p["letter"] for p in move["placed"])
        assert Counter(move["leave"]) + used == Counter(rack)


def test_plays_refuse_a_bad_board(client: Any) -> None:
    response = client.post("/api/scrabble/plays", json={"board": ["ABC", "AB"], "rack": "A"})
    assert response.status_code == 400 and set(response.json()) == {"error"}
    response = client.post(
        "/api/scrabble/plays", json={"board": MIDGAME_ROWS, "rack": "A", "layout": "/etc/x"}
    )
    assert response.status_code == 422


def test_lexicons_are_offered_by_name(client: Any) -> None:
    data = client.get("/api/lexicons").json()
    assert data["default"] == "enable" and "enable" in data["lexicons"]
    assert all("/" not in name for name in data["lexicons"])


def test_openapi_documents_the_api(client: Any) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/boggle/solve", "/api/scrabble/best", "/api/games", "/api/analysis/gcg"):
        assert path in paths
    assert client.get("/docs").status_code == 200


def test_position_values_are_the_cgp_distribution(client: Any) -> None:
    polish = client.get("/api/scrabble/position", params={"cgp": f"{EMPTY} ŻAB/ 0/0 0 ld polish;"}).json()
    assert polish["values"]["Ź"] == 9 and "Q" not in polish["values"]
    catalan = client.get("/api/scrabble/position", params={"cgp": f"{EMPTY} / 0/0 0 -lex DISC2;"}).json()
    assert catalan["values"]["L·L"] == 10 and catalan["values"]["QU"] == 8
    english = client.get("/api/scrabble/position", params={"cgp": f"{EMPTY} / 0/0 0"}).json()
    assert english["values"]["Q"] == 10
