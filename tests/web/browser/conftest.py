"""Fixtures of the browser tests: the pages in a real headless Chromium (Playwright), used
as a person would.

Needs the ``playwright`` package and a Chromium binary (Debian's ``chromium`` package at
/usr/bin/chromium, or $WORDGAMES_CHROMIUM); the tests skip with the reason otherwise.
``playwright install`` is never needed.  Screenshots go to a temporary folder, or to
$WORDGAMES_SCREENSHOTS when set (that is how docs/screenshots/ is made).  Every page opened
here runs with every request to another host blocked and recorded: a test fails if a page
asks for one.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
CHROMIUM = os.environ.get("WORDGAMES_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
BOARD = "EECA/ALEP/HNBO/QTTY"


GERMAN_WORDS = "ÄRGER\nBÄR\nGRÜN\nÖL\nMÜDE\nTÜR\nRÄDER\nBÖSE\nÜBER\nER\nES\nDER\nDIE\nEHRE\n"
POLISH_WORDS = "ŻÓŁW\nŁÓDŹ\nGĘŚ\nŚWIT\nŻABA\nĆMA\nZĄB\nŁAWA\nBAŚŃ\nNA\nZA\nŻE\nAŻ\n"
CSW12 = SHARED / "lexicons" / "CSW12.txt"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server on a free local port, for the module: ENABLE by default, small German
    and Polish lists, and CSW12 from ../shared when it is there (linked, read in place)."""
    pytest.importorskip("fastapi")
    uvicorn = pytest.importorskip("uvicorn")

    from wordgames.web import create_app, server_config

    lists = tmp_path_factory.mktemp("browser-lists")
    (lists / "deutsch.txt").write_text(GERMAN_WORDS, encoding="utf-8")
    (lists / "polski.txt").write_text(POLISH_WORDS, encoding="utf-8")
    if CSW12.exists():
        (lists / "csw12.txt").symlink_to(CSW12)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORDGAMES_LEXICON_PATH", str(lists))
        app = create_app(game_folder=tmp_path_factory.mktemp("browser-games"))
    live = uvicorn.Server(server_config(app, "127.0.0.1", port, log_level="warning"))
    thread = threading.Thread(target=live.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not live.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    live.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright; the test skips, saying why, without either."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        except Exception as error:  # a binary that cannot start in this sandbox
            pytest.skip(f"Chromium at {CHROMIUM} does not start: {str(error).splitlines()[0]}")
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    wanted = os.environ.get("WORDGAMES_SCREENSHOTS")
    folder = Path(wanted) if wanted else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


def is_local(url: str) -> bool:
    """Whether ``url`` is served by this machine (or is data the page holds itself)."""
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname in LOCAL_HOSTS


def open_page(browser: Any, url: str, viewport: dict[str, int] = WIDE) -> Any:
    """A page in a fresh context (empty storage) that records script errors and blocks and
    records every request to another host (``page.script_errors``, ``page.foreign``)."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(60_000)  # generous: the machine running the tests may be busy
    foreign: list[str] = []

    def guard(route: Any) -> None:
        if is_local(route.request.url):
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.script_errors = errors
    page.foreign = foreign
    page.goto(url)
    return page


# The deal of the Scrabble pages' games.  About one opening rack in a hundred has no
# placement at all in ENABLE (say BCDGHKV), and a test that lists hints on such a random deal
# would wait for a hint row that never comes; ``open_scrabble`` checks this seed's rack has one.
GAME_SEED = 7


def open_scrabble(browser: Any, server: str, viewport: dict[str, int] = WIDE, seed: int = GAME_SEED) -> Any:
    """The Scrabble page, as ``open_page`` opens it, on a new game dealt from ``seed`` with the
    person to move first: the game is made through the API and left in the page's storage as
    the game to resume, as a player's earlier visit leaves it."""
    page = open_page(browser, f"{server}/api/games/strategies", viewport)
    game_id: str = page.evaluate(
        """(seed) => fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({seed})}).then(r => r.json()).then(game => game.id)""",
        seed,
    )
    moves: list[dict[str, Any]] = page.evaluate(
        "(id) => fetch(`/api/games/${id}/hints?top=5`).then(r => r.json()).then(data => data.moves)", game_id
    )
    placements = [move for move in moves if move["kind"] == "place"]
    assert placements, f"seed {seed} deals a first rack without a placement"
    page.evaluate("(id) => localStorage.setItem('wordgames.scrabble.game', id)", game_id)
    page.goto(f"{server}/scrabble")
    return page


def in_view(page: Any, selector: str) -> bool:
    """Whether the element's top part is inside the window (a result the player can see)."""
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return bool(box) and box["y"] >= -1 and box["y"] + min(box["height"], 40) <= height


def fits_width(page: Any) -> bool:
    """Whether nothing sticks out sideways (no horizontal scrolling)."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def done_with(page: Any) -> None:
    """The checks every page ends with: no script error, no request to another host."""
    assert page.script_errors == []
    assert page.foreign == []
    page.context.close()
