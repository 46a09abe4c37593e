"""The Analysis page in Chromium: a game reviewed as ``scrabble analyze --json`` reviews it
(a real game from liwords), notes, positions in German and Polish tiles, simulations, and
results in view on a phone."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from .conftest import CSW12, PHONE, SHARED, done_with, fits_width, in_view, open_page

EMPTY = "/".join(["15"] * 15)


def analyze_json(path: Path, *options: str) -> Any:
    """``wordgames scrabble analyze FILE --json`` run in-process."""
    from wordgames.cli import main

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["scrabble", "analyze", str(path), *options, "--json"]) in (0, 1)
    return json.loads(out.getvalue())


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
        "document.querySelector('#job-text').textContent.includes('turns reviewed')", timeout=60_000
    )
    events = sum(line.startswith(">") for line in gcg.splitlines())
    page.click("#next-step")
    assert page.inner_text("#step-text").startswith(f"Event 1 of {events}:")
    assert page.locator("#plays tr.selected").count() == 1  # the play made, ranked first
    assert "is #1 by equity" in page.inner_text("#plays")
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
    done_with(page)


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
    done_with(page)


def test_a_real_games_ranking_is_analyze_json(browser: Any, server: str, tmp_path: Path) -> None:
    """liwords' r18_jen.gcg reviewed with CSW12: every turn the page shows ranks the plays and
    the play made exactly as ``scrabble analyze --json`` does."""
    game = SHARED / "external" / "gcg" / "liwords" / "r18_jen.gcg"
    if not game.exists() or not CSW12.exists():
        pytest.skip("../shared is not beside the checkout (r18_jen.gcg and CSW12.txt needed)")
    expected = analyze_json(game, "--lexicon", str(CSW12), "--top", "10")
    page = open_page(browser, f"{server}/analysis")
    page.wait_for_selector(".sq >> nth=224")
    page.select_option("#lexicon", "csw12")
    page.set_input_files("#gcg-file", str(game))
    page.wait_for_function(
        "document.querySelector('#job-text').textContent.includes('turns reviewed')", timeout=300_000
    )
    shown = []
    steps = page.evaluate("Number(document.querySelector('#step').max)")
    for _ in range(steps):
        page.click("#next-step")
        rows = page.locator("#plays tbody tr").all_inner_texts()
        if rows:
            plays = [row.split("\t")[1].replace(" (bingo)", "") for row in rows]
            shown.append((plays, page.inner_text("#plays"), page.inner_text("#plays-text")))
    assert len(shown) == len(expected["turns"])
    for (plays, text, caption), turn in zip(shown, expected["turns"], strict=True):
        assert plays == [option["play"] for option in turn["best"]]
        assert f"{turn['player']} with {turn['rack']}" in caption
        if turn["rank"] is not None:
            assert f"is #{turn['rank']} by equity" in text
        else:
            assert "could not be ranked" in text
    assert len(shown) == 26
    done_with(page)


@pytest.mark.parametrize(
    ("cgp", "tiles", "lexicon", "word"),
    [
        (f"{EMPTY} ÄRGBDEÜ/ 0/0 0 ld german;", "german", "", "BÄR"),  # the best-matching list
        (f"{EMPTY} ŻÓŁWABA/ 0/0 0 lex OSPS49;", "polish", "polski", "ŻÓŁW"),  # OSPS49 is not offered
    ],
)
def test_german_and_polish_positions_are_analysed(
    browser: Any, server: str, cgp: str, tiles: str, lexicon: str, word: str
) -> None:
    page = open_page(browser, f"{server}/analysis")
    page.wait_for_selector(".sq >> nth=224")
    page.select_option("#tiles", tiles)
    page.select_option("#lexicon", lexicon)
    page.fill("#cgp", cgp)
    page.click("#load-cgp")
    page.wait_for_selector("#plays tbody tr")
    words = [row.split("\t")[2] for row in page.locator("#plays tbody tr").all_inner_texts()]
    assert word in words, words
    assert page.inner_text("#error") == ""
    # A rack typed on that board is read in the same tiles.
    page.fill("#rack", page.input_value("#rack"))
    page.click("#find")
    page.wait_for_function("document.querySelector('#plays-text').textContent.startsWith('Best plays')")
    assert word in [row.split("\t")[2] for row in page.locator("#plays tbody tr").all_inner_texts()]
    done_with(page)


def test_a_lexicon_the_server_does_not_offer_is_refused(browser: Any, server: str) -> None:
    page = open_page(browser, f"{server}/analysis")
    page.wait_for_selector(".sq >> nth=224")
    page.fill("#gcg", "#player1 a Ann\n#player2 b Bob\n#lexicon CSW24\n>a: AEINRST 8D RETAINS +66 66\n")
    page.click("#load-gcg")
    page.wait_for_function("document.querySelector('#error').textContent.includes('CSW24')")
    assert "not a known name" in page.inner_text("#error")
    done_with(page)


def test_notes_are_shown_with_their_events(browser: Any, server: str) -> None:
    page = open_page(browser, f"{server}/analysis")
    page.wait_for_selector(".sq >> nth=224")
    page.fill("#gcg", "#player1 a Ann\n#player2 b Bob\n>a: AEINRST 8D RETAINS +66 66\n#note a fine bingo\n")
    page.click("#load-gcg")
    page.wait_for_function("document.querySelector('#job-text').textContent.includes('turns reviewed')")
    page.click("#next-step")
    assert page.inner_text("#step-note") == "Note: a fine bingo"
    done_with(page)


def test_on_a_phone_a_picked_play_is_shown_on_the_board(browser: Any, server: str) -> None:
    page = open_page(browser, f"{server}/analysis", PHONE)
    page.wait_for_selector(".sq >> nth=224")
    page.fill("#cgp", f"{EMPTY} QUIZAER/ 0/0 0")
    page.click("#load-cgp")
    page.wait_for_selector("#plays tbody tr.clickable")
    page.click("#plays tbody tr.clickable >> nth=0")
    assert page.locator(".tile.preview").count() >= 1 and in_view(page, "#board")
    assert fits_width(page)
    done_with(page)
