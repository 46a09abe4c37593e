"""What the pages offer and players choose: every tile distribution and dice set with the
word lists that fit them, every computer player, the end rule, the list of games to resume,
the unseen tiles; boards checked before play; no server path in any message."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")

from wordgames.scrabble.core.distributions import distribution_names
from wordgames.scrabble.game.decision import strategy_names
from wordgames.wordsearch.dice import DICE_SET_NAMES

GERMAN_WORDS = "ÄRGER\nBÄR\nGRÜN\nÖL\nMÜDE\nTÜR\nRÄDER\nBÖSE\nÜBER\nER\nES\nDER\nDIE\nEHRE\n"
POLISH_WORDS = "ŻÓŁW\nŁÓDŹ\nGĘŚ\nŚWIT\nŻABA\nĆMA\nZĄB\nŁAWA\nBAŚŃ\nNA\nZA\nŻE\nAŻ\n"
FRENCH_WORDS = "ÉTÉ\nÉLÈVE\nCHÂTEAU\nFORÊT\nGARÇON\nTÊTE\nEST\nTES\nSET\n"


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A client of a server offering German, Polish and French lists beside ENABLE."""
    testclient = pytest.importorskip("fastapi.testclient")
    from wordgames.web import create_app

    folder = tmp_path_factory.mktemp("lists")
    for name, words in (("deutsch", GERMAN_WORDS), ("polski", POLISH_WORDS), ("francais", FRENCH_WORDS)):
        (folder / f"{name}.txt").write_text(words, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORDGAMES_LEXICON_PATH", str(folder))
        app = create_app(game_folder=tmp_path_factory.mktemp("world-games"))
        with testclient.TestClient(app) as client:
            yield client


def test_every_distribution_and_dice_set_is_offered_with_matching_lists(world: Any) -> None:
    data = world.get("/api/lexicons").json()
    assert set(data["tiles"]) == set(distribution_names()) and set(data["dice"]) == set(DICE_SET_NAMES)
    assert data["tiles"]["german"]["default"] == "deutsch" and "enable" in data["tiles"]["german"]["lexicons"]
    assert data["tiles"]["polish"]["lexicons"] == ["polski"]  # ENABLE spells with Q, V, X
    assert "deutsch" not in data["tiles"]["english"]["lexicons"]  # no Ä tile
    assert data["tiles"]["english"]["default"] == "enable"
    assert data["dice"]["french"]["default"] == "francais"  # accents folded, as the dice show none
    assert data["dice"]["french"]["fold"] and not data["dice"]["german"]["fold"]
    assert data["dice"]["classic"]["lexicons"] == ["enable"]  # É, Ä are on no classic die
    assert data["dice"]["german"]["default"] == "deutsch"
    assert data["dice"]["big"]["side"] == 5 and data["dice"]["german"]["side"] == 4


def test_a_german_game_is_dealt_german_tiles_with_the_matching_list(world: Any) -> None:
    game = world.post("/api/games", json={"tiles": "german", "seed": 2}).json()
    assert game["tiles"] == "german" and game["lexicon"] == "deutsch"
    assert game["values"]["Ä"] == 6 and game["bag"] == 102 - 14
    dealt = Counter(game["rack"]) + Counter(game["unseen"])
    assert sum(dealt.values()) == 102 and dealt["Ü"] == 1
    refused = world.post("/api/games", json={"tiles": "polish", "lexicon": "enable"})
    assert refused.status_code == 400 and "alphabet" in refused.json()["error"]
    assert world.post("/api/games", json={"tiles": "klingon"}).status_code == 400


def test_the_end_rule_is_a_setting_tournament_by_default(client: Any) -> None:
    assert client.post("/api/games", json={"seed": 1}).json()["end_rule"] == "tournament"
    assert client.post("/api/games", json={"seed": 1, "end_rule": "usc"}).json()["end_rule"] == "usc"
    assert client.post("/api/games", json={"end_rule": "friendly"}).status_code == 400
    offered = client.get("/api/games/strategies").json()
    assert offered["default_end_rule"] == "tournament" and set(offered["end_rules"]) == {"usc", "tournament"}


def test_every_computer_player_is_offered_with_a_label(client: Any) -> None:
    offered = client.get("/api/games/strategies").json()
    assert set(offered["strategies"]) == set(strategy_names())
    assert offered["labels"]["level5"] == "level 5: expert" and offered["labels"]["greedy"] == "greedy"
    assert offered["labels"]["champion"] == "level 6: champion"  # the strongest opponent, by its level
    assert all(offered["descriptions"][name] for name in offered["strategies"])


def test_the_unseen_tiles_are_the_bag_and_the_other_rack(client: Any) -> None:
    game = client.post("/api/games", json={"seed": 5, "computer_first": True}).json()
    on_board = Counter(tile.upper() if tile.isupper() else "?" for row in game["board"]["tiles"]
                       for tile in row if tile)
    everything = Counter(game["unseen"]) + Counter(game["rack"]) + on_board
    assert sum(game["unseen"].values()) == game["bag"] + game["players"][0]["tiles"]
    assert everything["E"] == 12 and everything["?"] == 2 and sum(everything.values()) == 100


def test_saved_games_are_listed_newest_first(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from wordgames.web import create_app

    with TestClient(create_app(game_folder=tmp_path)) as fresh:
        assert fresh.get("/api/games").json() == {"games": []}
        first = fresh.post("/api/games", json={"seed": 1}).json()
        second = fresh.post("/api/games", json={"seed": 2, "tiles": "french"}).json()
        fresh.post(f"/api/games/{first['id']}/pass")
        listed = fresh.get("/api/games").json()["games"]
    assert [entry["id"] for entry in listed] == [first["id"], second["id"]]
    assert listed[0]["turns"] == 2 and listed[1]["tiles"] == "french" and not listed[0]["over"]
    assert [player["name"] for player in listed[0]["players"]] == ["You", "Computer"]
    with TestClient(create_app(game_folder=tmp_path)) as restarted:  # read back from the files
        again = restarted.get(f"/api/games/{second['id']}").json()
        assert again["tiles"] == "french" and again["rack"] == second["rack"]


def test_an_exchange_of_tiles_not_held_says_your_rack(client: Any) -> None:
    game = client.post("/api/games", json={"seed": 7}).json()
    missing = next(letter for letter in "QZXJKVW" if letter not in game["rack"])
    response = client.post(f"/api/games/{game['id']}/exchange", json={"tiles": missing})
    assert response.status_code == 400 and "your rack" in response.json()["error"]
    assert "You's" not in response.json()["error"]


@pytest.mark.parametrize(
    ("text", "says"),
    [("hello world", "at least 2"), ("HELLO WORLD/HELLO WORLD", "one letter"), ("HELLO", "at least 2"),
     ("AB/C", "same number"), ("A" * 11, "")],
)
def test_a_typed_boggle_board_is_checked_before_play(client: Any, text: str, says: str) -> None:
    response = client.get("/api/boggle/board", params={"text": text})
    assert response.status_code == 400 and says in response.json()["error"]


def test_a_good_typed_board_and_the_dice_sets(client: Any) -> None:
    board = client.get("/api/boggle/board", params={"text": "eeca/alep/hnbo/[qu]tty"}).json()
    assert board["board"][3][0] == "QU" and len(board["board"]) == 4
    options = client.get("/api/boggle/options").json()
    assert set(options["dice"]) == set(DICE_SET_NAMES) and options["scoring"][0] == "comp2210"
    for name, side in options["dice"].items():
        rolled = client.get("/api/boggle/roll", params={"dice": name, "seed": 3}).json()
        assert len(rolled["board"]) == side and rolled["dice"] == name
    assert client.get("/api/boggle/roll", params={"dice": "klingon"}).status_code == 400


def test_french_dice_play_a_list_without_accents(world: Any) -> None:
    board = "ETEX/XXXX/XXXX/XXXX"
    solved = world.get("/api/boggle/solve",
                       params={"board": board, "lexicon": "francais", "fold": "true", "min": 3}).json()
    assert [entry["word"] for entry in solved["words"]] == ["ETE"]
    verdict = world.get("/api/boggle/check",
                        params={"board": board, "word": "été", "lexicon": "francais", "fold": "true"}).json()
    assert verdict["verdict"] == "accepted"


def test_plays_read_rows_in_the_positions_tiles(world: Any) -> None:
    cgp = "15/15/15/15/15/15/15/6TÜR6/15/15/15/15/15/15/15 ÄRGEÖL?/ 0/0 0 ld german;"
    drawn = world.get("/api/scrabble/position", params={"cgp": cgp}).json()["board"]["text"]
    rows = world.post("/api/scrabble/plays",
                      json={"board": drawn, "rack": "ÄRGEÖL?", "tiles": "german", "top": 3})
    from_cgp = world.post("/api/scrabble/plays", json={"cgp": cgp, "rack": "ÄRGEÖL?", "top": 3})
    assert rows.status_code == from_cgp.status_code == 200, rows.text
    assert rows.json() == from_cgp.json() and rows.json()["moves"]
    assert all("leave" in move for move in rows.json()["moves"])


def test_plays_take_any_board_best_takes(client: Any) -> None:
    small = ["....", "....", "....", "...."]  # a 4x4 board: a plain layout, as a CGP gets
    response = client.post("/api/scrabble/plays", json={"board": small, "rack": "CAT"})
    cgp = client.get("/api/scrabble/best", params={"cgp": "4/4/4/4 CAT/ 0/0 0", "top": 10})
    assert response.status_code == cgp.status_code == 200, response.text
    assert [m["word"] for m in response.json()["moves"]] == [m["word"] for m in cgp.json()["moves"]]


def test_no_message_names_a_server_folder(world: Any) -> None:
    import wordgames

    package = str(__import__("pathlib").Path(wordgames.__file__).resolve().parent.parent)
    answers = [
        world.get("/api/scrabble/best", params={"cgp": "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 "
                                                "[L·L]A/ 0/0 0 ld catalan;", "lexicon": "enable"}),
        world.post("/api/scrabble/plays", json={"board": ["." * 15] * 15, "rack": "AB", "tiles": "catalan",
                                                "lexicon": "deutsch"}),
        world.post("/api/games", json={"tiles": "catalan", "lexicon": "enable"}),
    ]
    for response in answers:
        assert response.status_code == 400, response.text
        assert package not in response.text and "/tmp" not in response.text, response.text
