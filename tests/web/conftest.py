"""Fixtures of the web tests: one application per module (games saved in a temporary
folder) and an ASGI test client on it.  Modules skip when the ``web`` extra is missing."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from wordgames.cli import main


@pytest.fixture(scope="module")
def game_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the module's server saves games."""
    return tmp_path_factory.mktemp("web-games")


@pytest.fixture(scope="module")
def client(game_folder: Path) -> Iterator[Any]:
    """A test client on a fresh application (default lexicon: the shipped ENABLE)."""
    testclient = pytest.importorskip("fastapi.testclient")
    from wordgames.web import create_app

    with testclient.TestClient(create_app(game_folder=game_folder)) as test_client:
        yield test_client


def run_cli_json(*argv: str) -> Any:
    """Run the command line in-process and parse what it prints."""
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(list(argv))
    assert code in (0, 1), f"wordgames {' '.join(argv)} exited {code}"
    return json.loads(out.getvalue())


@pytest.fixture
def cli_json() -> Callable[..., Any]:
    """:func:`run_cli_json`, as a fixture (test modules cannot import this conftest by name
    when pytest runs without the project folder on ``sys.path``)."""
    return run_cli_json


def best_placement(hints: dict[str, Any]) -> dict[str, Any]:
    """The best-ranked placement of a hints (or best-moves) answer: ranked by equity, an
    exchange may come first."""
    placement: dict[str, Any] = next(hint for hint in hints["moves"] if "placed" in hint)
    return placement
