"""The Boggle page in Chromium: a round, the settings locked while it runs, typed boards
checked before they are drawn, every dice set, verdicts in view on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import BOARD, PHONE, done_with, fits_width, in_view, open_page


def guess(page: Any, word: str) -> Any:
    count = page.locator("#feedback li").count()
    page.fill("#guess", word)
    page.press("#guess", "Enter")
    page.wait_for_function(f"document.querySelectorAll('#feedback li').length > {count}")
    return page.locator("#feedback li").first


def use_board(page: Any, text: str) -> None:
    page.fill("#board-text", text)
    page.click("#use-board")


def test_a_boggle_round(browser: Any, server: str, shots: Path) -> None:
    page = open_page(browser, f"{server}/boggle")
    page.wait_for_selector(".die")
    use_board(page, BOARD)
    page.wait_for_function("document.querySelectorAll('.die')[0].textContent === 'E'")
    assert page.input_value("#board-text") == BOARD
    page.click("#start")
    first = guess(page, "peel")
    assert "PEEL" in first.inner_text() and "+2" in first.inner_text()
    assert page.locator(".die.on").count() == 4  # the path is shown
    assert "not on the board" in guess(page, "pole").inner_text()
    assert "not a word" in guess(page, "xyzzy").inner_text()
    assert "too short" in guess(page, "at").inner_text()
    assert "already found" in guess(page, "PEEL").inner_text()
    guess(page, "bent")
    assert page.inner_text("#score") == "4"
    page.screenshot(path=str(shots / "boggle.png"))
    page.click("#stop")
    page.wait_for_selector("#result:not(.hidden)")
    summary = page.inner_text("#summary")
    assert "You scored 4 of" in summary and "comp2210 scoring" in summary
    missed = page.locator("#missed-words button").all_inner_texts()
    assert missed and "PEEL" not in missed and "BENTHAL" in missed
    assert [len(w) for w in missed] == sorted((len(w) for w in missed), reverse=True)
    assert page.locator("#guess").is_disabled()
    page.screenshot(path=str(shots / "boggle-end.png"), full_page=True)
    page.set_viewport_size(PHONE)
    assert fits_width(page)
    page.screenshot(path=str(shots / "boggle-phone.png"), full_page=True)
    done_with(page)


def test_the_settings_are_locked_during_a_round(browser: Any, server: str) -> None:
    page = open_page(browser, f"{server}/boggle")
    page.wait_for_selector(".die")
    settings = ["#dice", "#seed", "#roll", "#board-text", "#use-board", "#time", "#minimum", "#lexicon",
                "#scoring", "#start"]
    page.click("#start")
    assert all(page.is_disabled(selector) for selector in settings)
    page.click("#stop")
    page.wait_for_selector("#result:not(.hidden)")
    assert all(page.is_enabled(selector) for selector in settings)
    assert "You scored 0 of" in page.inner_text("#summary")
    done_with(page)


def test_a_rejected_typed_board_leaves_no_board_to_play(browser: Any, server: str) -> None:
    page = open_page(browser, f"{server}/boggle")
    page.wait_for_selector(".die")
    use_board(page, "hello world")
    page.wait_for_function("document.querySelector('#error').textContent.length > 0")
    assert page.locator(".die").count() == 0  # never drawn, and the old board is gone
    assert page.is_disabled("#start")
    use_board(page, BOARD)
    page.wait_for_selector(".die")
    assert page.locator(".die").count() == 16 and page.is_enabled("#start")
    assert page.inner_text("#error") == ""
    done_with(page)


def test_every_dice_set_rolls_its_board(browser: Any, server: str) -> None:
    page = open_page(browser, f"{server}/boggle")
    page.wait_for_selector(".die")
    sides = {"classic": 4, "big": 5, "super-big": 6, "french": 4, "german": 4}
    offered = page.eval_on_selector_all("#dice option", "options => options.map(o => o.value)")
    assert set(offered) == set(sides)
    for name, side in sides.items():
        count = page.locator(".die").count()
        seed = page.evaluate("document.querySelector('#status').textContent")
        page.select_option("#dice", name)
        page.wait_for_function(
            f"document.querySelectorAll('.die').length === {side * side} && "
            f"document.querySelector('#status').textContent !== {seed!r}"
        )
        assert count > 0
    done_with(page)


def test_dice_can_spell_a_word_from_the_keyboard(browser: Any, server: str) -> None:
    page = open_page(browser, f"{server}/boggle")
    page.wait_for_selector(".die")
    use_board(page, BOARD)
    page.wait_for_function("document.querySelectorAll('.die')[0].textContent === 'E'")
    page.click("#start")
    page.focus("[data-cell=\"6\"]")  # the E of ALEP; then the arrows move the focus
    page.keyboard.press("Enter")
    for key in ("ArrowUp", "ArrowLeft", "ArrowRight", "ArrowRight", "ArrowDown"):
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.dataset.cell") == "7"
    assert page.input_value("#guess") == "E"
    done_with(page)


def test_on_a_phone_the_verdict_is_in_view(browser: Any, server: str) -> None:
    page = open_page(browser, f"{server}/boggle", PHONE)
    page.wait_for_selector(".die")
    use_board(page, BOARD)
    page.wait_for_function("document.querySelectorAll('.die')[0].textContent === 'E'")
    page.click("#start")
    guess(page, "peel")
    assert "PEEL: +2" in page.inner_text("#verdict")
    assert in_view(page, "#verdict") and in_view(page, "#guess")
    assert fits_width(page)
    done_with(page)
