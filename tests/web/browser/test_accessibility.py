"""Every page scanned by axe-core (through axe-playwright-python) at a desktop and a phone
size, in the states a player sees (a round running, a game with hints, a game analysed):
no serious or critical violation.  And the pages work offline: no request leaves this
machine, the API page included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import PHONE, WIDE, done_with, open_page, open_scrabble

GRAVE = ("serious", "critical")


def grave_violations(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds on the page as it is now."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="no axe-playwright-python")
    results = axe.Axe().run(page)
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} at "
        + ", ".join(str(node["target"]) for node in violation["nodes"][:3])
        for violation in results.response["violations"]
        if violation["impact"] in GRAVE
    ]


def boggle_in_a_round(page: Any) -> None:
    page.wait_for_selector(".die")
    page.click("#start")
    page.fill("#guess", "peel")
    page.press("#guess", "Enter")
    page.wait_for_selector("#feedback li")


def scrabble_with_hints(page: Any) -> None:
    page.wait_for_selector(".rtile >> nth=6")
    page.click("#hint")
    page.wait_for_selector("#hints tr.clickable")
    page.click("#hints tr.clickable >> nth=0")


def analysis_of_a_game(page: Any) -> None:
    page.wait_for_selector(".sq >> nth=224")
    page.fill("#gcg", "#player1 a Ann\n#player2 b Bob\n>a: AEINRST 8D RETAINS +66 66\n#note a bingo\n")
    page.click("#load-gcg")
    page.wait_for_function("document.querySelector('#job-text').textContent.includes('turns reviewed')")
    page.click("#next-step")
    page.wait_for_selector("#plays tbody tr")


PAGES = {"boggle": boggle_in_a_round, "scrabble": scrabble_with_hints, "analysis": analysis_of_a_game}


def open_named(browser: Any, server: str, name: str, viewport: dict[str, int] = WIDE) -> Any:
    """The page ``name``; Scrabble's on a seeded deal, whose first rack has a hint to list."""
    if name == "scrabble":
        return open_scrabble(browser, server, viewport)
    return open_page(browser, f"{server}/{name}", viewport)


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_serious_accessibility_violation(
    browser: Any, server: str, shots: Path, name: str, viewport: dict[str, int]
) -> None:
    page = open_named(browser, server, name, viewport)
    page.wait_for_load_state("networkidle")
    assert grave_violations(page) == [], "on load"
    PAGES[name](page)
    assert grave_violations(page) == [], "in play"
    done_with(page)


def test_the_api_page_works_offline(browser: Any, server: str) -> None:
    page = open_page(browser, f"{server}/docs")
    page.wait_for_selector(".swagger-ui .opblock", timeout=60_000)
    assert page.locator(".swagger-ui .opblock").count() >= 15
    assert "/api/scrabble/best" in page.inner_text(".swagger-ui")
    done_with(page)


def test_no_page_asks_another_host_for_anything(browser: Any, server: str) -> None:
    """Every page, loaded and used, with every request to another host blocked and recorded
    (``done_with`` fails on any)."""
    for name, use in PAGES.items():
        page = open_named(browser, server, name)
        use(page)
        page.wait_for_load_state("networkidle")
        done_with(page)
    page = open_page(browser, f"{server}/openapi.json")
    done_with(page)


def test_the_foreign_request_guard_sees_requests(browser: Any, server: str) -> None:
    """The guard itself: a page that asks another host for a script is caught."""
    page = open_page(browser, f"{server}/boggle")
    page.evaluate("() => { const s = document.createElement('script'); s.src = 'https://cdn.example.org/x.js';"
                  " document.head.append(s); }")
    page.wait_for_timeout(300)
    assert page.foreign == ["https://cdn.example.org/x.js"]
    page.context.close()
