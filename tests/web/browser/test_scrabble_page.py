"""The Scrabble page in Chromium: a game against the computer with the mouse and the
keyboard, hints, reloading, coordinates, the unseen tiles, the settings, the game list,
confirmations, and results in view on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import PHONE, done_with, fits_width, in_view, open_page, open_scrabble


def current_game(page: Any) -> dict[str, Any]:
    """The game the page shows, as the API gives it."""
    game: dict[str, Any] = page.evaluate(
        "fetch(`/api/games/${localStorage.getItem('wordgames.scrabble.game')}`).then(r => r.json())"
    )
    return game


def first_hint(page: Any) -> dict[str, Any]:
    """The best placement among the hints (the first clickable row: an exchange or a pass may
    rank above it by equity, and is listed but not clickable)."""
    page.click("#hint")
    page.wait_for_selector("#hints tr.clickable")
    hint: dict[str, Any] = page.evaluate(
        "fetch(`/api/games/${localStorage.getItem('wordgames.scrabble.game')}/hints?top=20`)"
        ".then(r => r.json())"
    )
    return next(move for move in hint["moves"] if move["kind"] == "place")


def test_a_scrabble_game_move_hint_and_reload(browser: Any, server: str, shots: Path) -> None:
    page = open_scrabble(browser, server)
    page.wait_for_selector(".rtile >> nth=6")
    # Dragging a tile onto the board puts it there; Recall takes it back.
    page.drag_and_drop('.rtile:not([data-tile="?"]) >> nth=0', '[data-square="3,3"]')
    assert page.locator('[data-square="3,3"] .tile.new').count() == 1
    page.click("#recall")
    assert page.locator(".tile.new").count() == 0
    # A move typed on the keyboard after clicking its first square.
    move = first_hint(page)
    page.click("#recall")
    page.click(f'[data-square="{move["row"]},{move["col"]}"]')
    if move["direction"] == "V":
        page.click(f'[data-square="{move["row"]},{move["col"]}"]')  # a second click turns the arrow
    for tile in move["placed"]:
        page.keyboard.press(f"Shift+{tile['letter']}" if tile["blank"] else tile["letter"].lower())
    assert page.locator(".tile.new").count() == len(move["placed"])
    page.click("#play")
    page.wait_for_function("document.querySelectorAll('#moves tbody tr').length >= 2")
    assert page.locator("#scores .pts").first.inner_text() == str(move["score"])
    reply = page.locator("#moves tbody tr").first.inner_text()
    assert page.locator(".tile.last").count() >= 1 or "exchange" in reply or "pass" in reply
    # A hint taken from the list is placed and played.
    second = first_hint(page)
    page.click("#hints tr.clickable >> nth=0")
    assert page.locator(".tile.new").count() == len(second["placed"])
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "scrabble.png"))
    page.click("#play")
    page.wait_for_function("document.querySelectorAll('#moves tbody tr').length >= 4")
    rows = page.locator("#moves tbody tr").all_inner_texts()
    board = page.locator(".sq .tile").count()
    # Reloading resumes the same game from the server.
    page.reload()
    page.wait_for_selector(".rtile")
    page.wait_for_function(f"document.querySelectorAll('#moves tbody tr').length === {len(rows)}")
    assert page.locator("#moves tbody tr").all_inner_texts() == rows
    assert page.locator(".sq .tile").count() == board
    assert page.get_attribute("#gcg", "href", timeout=5000).endswith("/gcg")
    page.set_viewport_size(PHONE)
    assert fits_width(page)
    page.screenshot(path=str(shots / "scrabble-phone.png"), full_page=True)
    done_with(page)


def test_coordinates_unseen_tiles_and_settings(browser: Any, server: str) -> None:
    page = open_scrabble(browser, server)
    page.wait_for_selector(".rtile >> nth=6")
    coords = page.locator("#board .coord").all_inner_texts()
    assert [*"ABCDEFGHIJKLMNO"] == coords[1:16] and "15" in coords
    game = current_game(page)
    unseen = page.inner_text("#unseen").replace(" ", "").replace("[", "").replace("]", "")
    assert len(unseen) == game["bag"] + game["players"][1]["tiles"] == 93
    assert "tournament" in page.inner_text("#bag")
    offered = page.eval_on_selector_all("#strategy option", "options => options.map(o => o.value)")
    assert {"greedy", "level1", "level5", "equity"} <= set(offered)
    assert page.eval_on_selector_all("#tiles option", "o => o.length") == 11
    page.select_option("#tiles", "german")
    assert page.input_value("#lexicon") == "deutsch"
    page.select_option("#end-rule", "usc")
    page.select_option("#strategy", "level5")
    page.click("#new-game")
    page.wait_for_function("document.querySelector('#bag').textContent.includes('german')")
    game = current_game(page)
    assert game["tiles"] == "german" and game["end_rule"] == "usc" and game["strategy"] == "level5"
    assert "level 5: expert" in page.inner_text("#scores")
    done_with(page)


def test_games_are_listed_and_resumed(browser: Any, server: str) -> None:
    page = open_scrabble(browser, server)
    page.wait_for_selector(".rtile >> nth=6")
    first = current_game(page)
    page.click("#pass")
    page.click("#confirm-yes")
    page.wait_for_function("document.querySelectorAll('#moves tbody tr').length >= 2")
    page.click("#new-game")
    page.wait_for_selector("#confirm[open]")
    page.click("#confirm-yes")
    page.wait_for_function(f"localStorage.getItem('wordgames.scrabble.game') !== {first['id']!r}")
    page.wait_for_function("document.querySelectorAll('#games button').length >= 2")
    page.click(f'#games button[data-game="{first["id"]}"]')
    page.wait_for_function(f"localStorage.getItem('wordgames.scrabble.game') === {first['id']!r}")
    page.wait_for_function("document.querySelectorAll('#moves tbody tr').length >= 2")
    assert "pass" in page.inner_text("#moves")
    done_with(page)


def test_pass_and_new_game_ask_first(browser: Any, server: str) -> None:
    page = open_page(browser, f"{server}/scrabble")  # a first visit: the page deals a game
    page.wait_for_selector(".rtile >> nth=6")
    game = current_game(page)
    page.click("#pass")
    page.wait_for_selector("#confirm[open]")
    page.click("#confirm-no")
    assert current_game(page)["history"] == game["history"] == []
    page.click("#pass")
    page.keyboard.press("Escape")  # Escape is no too
    assert current_game(page)["history"] == []
    page.click("#pass")
    page.click("#confirm-yes")
    page.wait_for_function("document.querySelectorAll('#moves tbody tr').length >= 2")
    page.click("#new-game")
    page.wait_for_selector("#confirm[open]")
    page.click("#confirm-no")
    assert current_game(page)["id"] == game["id"]
    done_with(page)


def test_on_a_phone_hints_and_a_picked_hint_are_in_view(browser: Any, server: str) -> None:
    page = open_scrabble(browser, server, PHONE)
    page.wait_for_selector(".rtile >> nth=6")
    page.click("#hint")
    page.wait_for_selector("#hints tr.clickable")
    assert in_view(page, "#hints-card")
    page.click("#hints tr.clickable >> nth=0")
    assert in_view(page, "#board")
    assert fits_width(page)
    done_with(page)
