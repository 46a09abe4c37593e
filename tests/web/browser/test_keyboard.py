"""Scrabble from the keyboard alone, and Enter on every control doing that control's own
action (it once played the move whatever had the focus)."""

from __future__ import annotations

from typing import Any

from .conftest import done_with, open_scrabble

MAX_TABS = 80


def tab_to(page: Any, condition: str) -> None:
    """Press Tab until ``condition`` (JavaScript, on ``el``, the focused element) holds."""
    for _ in range(MAX_TABS):
        if page.evaluate(f"(() => {{ const el = document.activeElement; return !!el && ({condition}); }})()"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached an element where {condition}")


def hints(page: Any) -> list[dict[str, Any]]:
    """The person's best placements now (read from the API, as a player reads the hint list)."""
    data: dict[str, Any] = page.evaluate(
        "fetch(`/api/games/${localStorage.getItem('wordgames.scrabble.game')}/hints?top=30`)"
        ".then(r => r.json())"
    )
    return [move for move in data["moves"] if move["kind"] == "place"]


def turns(page: Any) -> list[dict[str, Any]]:
    game: dict[str, Any] = page.evaluate(
        "fetch(`/api/games/${localStorage.getItem('wordgames.scrabble.game')}`).then(r => r.json())"
    )
    return list(game["history"])


def keyboard_play(page: Any, move: dict[str, Any]) -> None:
    """Play ``move`` with the keyboard only: Tab to the board, arrows to its first square,
    Space to turn the cursor if needed, its letters typed, Enter."""
    tab_to(page, "el.classList.contains('sq')")
    here = page.evaluate("document.activeElement.dataset.square").split(",")
    row, col = int(here[0]), int(here[1])
    for _ in range(abs(move["row"] - row)):
        page.keyboard.press("ArrowDown" if move["row"] > row else "ArrowUp")
    for _ in range(abs(move["col"] - col)):
        page.keyboard.press("ArrowRight" if move["col"] > col else "ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.square") == f"{move['row']},{move['col']}"
    across = "across" in page.evaluate("document.activeElement.getAttribute('aria-label')")
    if across != (move["direction"] == "H"):
        page.keyboard.press(" ")
    before = len(turns(page))
    for tile in move["placed"]:
        page.keyboard.press(f"Shift+{tile['letter']}" if tile["blank"] else tile["letter"].lower())
    assert page.locator(".tile.new").count() == len(move["placed"])
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelectorAll('#moves tbody tr').length >= {before + 2}")


def test_three_moves_with_the_keyboard_only(browser: Any, server: str) -> None:
    page = open_scrabble(browser, server)
    page.wait_for_selector(".rtile >> nth=6")
    first = hints(page)[0]
    keyboard_play(page, first)
    mine = turns(page)[0]
    assert mine["kind"] == "place" and mine["move"]["word"] == first["word"]
    # An exchange: Tab to Exchange…, Enter, type two tiles, Enter.
    rack = page.evaluate("[...document.querySelectorAll('#rack .rtile')].map(b => b.dataset.tile)")
    giving = [tile for tile in rack if len(tile) == 1][:2]
    tab_to(page, "el.id === 'exchange'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#exchange-bar:not(.hidden)")
    for tile in giving:
        page.keyboard.press(tile.lower() if tile != "?" else "?")
    assert page.locator(".rtile.picked").count() == 2
    before = len(turns(page))
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelectorAll('#moves tbody tr').length >= {before + 2}")
    exchanged = turns(page)[before]
    assert exchanged["kind"] == "exchange" and sorted(exchanged["tiles"]) == sorted(giving)
    # A third move, from wherever the focus is now.
    third = hints(page)[0]
    keyboard_play(page, third)
    assert [turn["kind"] for turn in turns(page) if turn["player"] == "You"] == ["place", "exchange", "place"]
    done_with(page)


def press_on(page: Any, selector: str) -> None:
    """Give ``selector`` the focus with the keyboard and press Enter on it."""
    tab_to(page, f"el.matches({selector!r})")
    page.keyboard.press("Enter")


def test_enter_on_each_button_does_its_own_action(browser: Any, server: str) -> None:
    page = open_scrabble(browser, server)
    page.wait_for_selector(".rtile >> nth=6")
    start = turns(page)
    # Hint: the hints are listed, nothing is played.
    press_on(page, "#hint")
    page.wait_for_selector("#hints tr.clickable")
    assert turns(page) == start
    # A hint row: its tiles are put on the board, not played.
    press_on(page, "#hints tr.clickable")
    assert page.locator(".tile.new").count() >= 1 and turns(page) == start
    # Recall: the tiles come back.
    press_on(page, "#recall")
    assert page.locator(".tile.new").count() == 0 and turns(page) == start
    # A rack tile: it goes on the board at the cursor.
    press_on(page, "#rack .rtile")
    assert page.locator(".tile.new").count() == 1 and turns(page) == start
    press_on(page, "#recall")
    # Shuffle: the rack is reordered (over a few tries), nothing played.
    rack_order = "[...document.querySelectorAll('#rack .rtile')].map(b => b.dataset.tile).join('')"
    order = page.evaluate(rack_order)
    for _ in range(6):
        press_on(page, "#shuffle")
        if page.evaluate(rack_order) != order:
            break
    else:
        raise AssertionError("Shuffle never changed the order")
    assert turns(page) == start
    # Exchange… opens the exchange bar; Cancel closes it.
    press_on(page, "#exchange")
    page.wait_for_selector("#exchange-bar:not(.hidden)")
    press_on(page, "#exchange-cancel")
    page.wait_for_selector("#actions:not(.hidden)")
    assert turns(page) == start
    # New game asks first only when moves were made: a fresh game is replaced at once.
    old = page.evaluate("localStorage.getItem('wordgames.scrabble.game')")
    press_on(page, "#new-game")
    page.wait_for_function(f"localStorage.getItem('wordgames.scrabble.game') !== {old!r}")
    # Pass asks; Enter on the dialog's Pass passes.
    press_on(page, "#pass")
    page.wait_for_selector("#confirm[open]")
    assert page.evaluate("document.activeElement.id") == "confirm-yes"
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#moves tbody tr').length >= 2")
    assert turns(page)[0]["kind"] == "pass"
    # Play: a move put down with the keyboard is played by Enter on the Play button.
    move = hints(page)[0]
    before = len(turns(page))
    press_on(page, "#hint")
    page.wait_for_selector("#hints tr.clickable")
    press_on(page, "#hints tr.clickable")
    press_on(page, "#play")
    page.wait_for_function(f"document.querySelectorAll('#moves tbody tr').length >= {before + 2}")
    assert turns(page)[before]["move"]["word"] == move["word"]
    done_with(page)
