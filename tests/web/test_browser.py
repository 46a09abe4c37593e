"""The pages in a real headless Chromium (Playwright), used as a person would.

Needs the ``playwright`` package and a Chromium binary (Debian's ``chromium`` package at
/usr/bin/chromium, or $WORDGAMES_CHROMIUM); the module skips with the reason otherwise.
``playwright install`` is never needed.  Screenshots go to a temporary folder, or to
$WORDGAMES_SCREENSHOTS when set (that is how docs/screenshots/ is made).
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

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
CHROMIUM = os.environ.get("WORDGAMES_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

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
    import uvicorn

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


def open_page(browser: Any, url: str, viewport: dict[str, int] = WIDE) -> Any:
    """A page in a fresh context (empty storage) that fails the test on a script error."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(60_000)  # generous: the machine running the tests may be busy
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.script_errors = errors
    page.goto(url)
    return page


def fits_width(page: Any) -> bool:
    """Whether nothing sticks out sideways (no horizontal scrolling)."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def guess(page: Any, word: str) -> Any:
    count = page.locator("#feedback li").count()
    page.fill("#guess", word)
    page.press("#guess", "Enter")
    page.wait_for_function(f"document.querySelectorAll('#feedback li').length > {count}")
    return page.locator("#feedback li").first


def test_a_boggle_round(browser: Any, server: str, shots: Path) -> None:
    page = open_page(browser, f"{server}/boggle")
    page.wait_for_selector(".die")
    page.fill("#board-text", BOARD)
    page.click("#use-board")
    page.wait_for_function("document.querySelector('#board-text').value === 'EECA/ALEP/HNBO/QTTY'")
    page.wait_for_function("document.querySelectorAll('.die')[0].textContent === 'E'")
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
    assert "You scored 4 of" in page.inner_text("#summary")
    missed = page.locator("#missed-words button").all_inner_texts()
    assert missed and "PEEL" not in missed and "BENTHAL" in missed
    assert [len(w) for w in missed] == sorted((len(w) for w in missed), reverse=True)
    assert page.locator("#guess").is_disabled()
    page.screenshot(path=str(shots / "boggle-end.png"), full_page=True)
    page.set_viewport_size(PHONE)
    assert fits_width(page)
    page.screenshot(path=str(shots / "boggle-phone.png"), full_page=True)
    assert page.script_errors == []


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
    page = open_page(browser, f"{server}/scrabble")
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
    assert page.script_errors == []


def test_a_gcg_is_loaded_for_analysis(browser: Any, server: str, shots: Path, tmp_path: Path) -> None:
    page = open_page(browser, f"{server}/analysis")
    page.wait_for_selector(".sq >> nth=224")
    gcg = page.evaluate(
        """async () => {
            const post = (path, body) => fetch(path, {
                method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify(body || {}),
            }).then(r => r.json());
            let game = await post('/api/games', {seed: 9});
            for (let i = 0; i < 3; i++) {
                const hint = (await (await fetch(`/api/games/${game.id}/hints?top=1`)).json()).moves[0];
                game = await post(`/api/games/${game.id}/play`, {notation: `${hint.notation} ${hint.word}`});
            }
            return (await fetch(`/api/games/${game.id}/gcg`)).text();
        }"""
    )
    path = tmp_path / "three-turns.gcg"
    path.write_text(gcg, encoding="utf-8")
    page.set_input_files("#gcg-file", str(path))
    page.wait_for_function(
        "document.querySelector('#job-text').textContent.includes('analysed')", timeout=60_000
    )
    events = sum(line.startswith(">") for line in gcg.splitlines())
    page.click("#next-step")
    assert page.inner_text("#step-text").startswith(f"Event 1 of {events}:")
    assert page.locator("#plays tr.selected").count() == 1  # the play made, ranked first
    assert "is #1 of" in page.inner_text("#plays")
    page.click("#next-step")
    page.click("#next-step")
    page.wait_for_selector("#plays tbody tr")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "analysis.png"))
    page.click("#last-step")
    assert page.locator(".sq .tile").count() > 0
    # Any rack on the board shown: the best plays come back with their leaves.
    page.fill("#rack", "AEINRST")
    page.click("#find")
    page.wait_for_function("document.querySelector('#plays-text').textContent.includes('AEINRST')")
    assert page.locator("#plays tbody tr").count() == 10
    # A CGP position.
    page.fill("#cgp", "/".join(["15"] * 15) + " QUIZ/ 0/0 0")
    page.click("#load-cgp")
    page.wait_for_function("document.querySelector('#plays-text').textContent.includes('QUIZ')")
    assert page.locator("#plays tbody tr").first.inner_text().split()[2] == "QUIZ"
    # Simulating that position: a job with a progress bar, then the candidates to look at.
    page.select_option("#sim-candidates", "3")
    page.select_option("#sim-iterations", "32")
    page.select_option("#sim-plies", "1")
    page.click("#simulate")
    page.wait_for_selector("#sim-job:not(.hidden)")
    page.wait_for_selector("#sim tbody tr", timeout=90_000)
    assert "32 iterations" in page.inner_text("#sim-text") or "confident" in page.inner_text("#sim-text")
    assert 1 <= page.locator("#sim tbody tr").count() <= 3
    page.click("#sim tbody tr >> nth=0")
    assert page.locator(".tile.preview").count() >= 1
    assert page.is_enabled("#simulate") and page.is_disabled("#sim-stop")
    page.locator("#sim").scroll_into_view_if_needed()  # the board stays in view beside it
    page.screenshot(path=str(shots / "analysis-sim.png"))
    page.fill("#cgp", "not a position")
    page.click("#load-cgp")
    page.wait_for_function("document.querySelector('#error').textContent.length > 0")
    page.set_viewport_size(PHONE)
    assert fits_width(page)
    page.screenshot(path=str(shots / "analysis-phone.png"), full_page=True)
    assert page.script_errors == []


def test_the_plays_table_shows_equity_and_exchanges(browser: Any, server: str) -> None:
    """What the pages draw once moves carry equity (the equity engine's ``best --json``
    shape, exchanges and the pass among the plays): the extra columns, and every row."""
    page = open_page(browser, f"{server}/analysis")
    page.wait_for_selector(".sq >> nth=224")
    text = page.evaluate(
        """() => {
            const placed = [{row: 7, col: 7, letter: 'A', blank: false},
                            {row: 7, col: 8, letter: 'X', blank: false}];
            const moves = [
                {notation: '8H', word: 'AX', kind: 'place', score: 18, leave: 'EIRST', leave_value: 12.25,
                 equity: 30.25, placed, row: 7, col: 7, direction: 'H'},
                {kind: 'exchange', tiles: 'AX', score: 0, leave: 'EIRST', leave_value: 12.25, equity: 12.25},
                {kind: 'pass', score: 0, leave: 'AEIRSTX', leave_value: -3, equity: -3},
            ];
            let picked = null;
            const table = WG.playsTable(moves, (m) => { picked = m.word; });
            document.body.append(table);
            table.querySelectorAll('tbody tr').forEach((row) => row.click());
            return {text: table.innerText, picked, clickable: table.querySelectorAll('tr.clickable').length};
        }"""
    )
    assert "Leave value" in text["text"] and "Equity" in text["text"]
    assert "30.3" in text["text"] or "30.2" in text["text"]
    assert "exchange AX" in text["text"] and "pass" in text["text"] and "-3.0" in text["text"]
    assert text["picked"] == "AX" and text["clickable"] == 1
    assert page.script_errors == []
