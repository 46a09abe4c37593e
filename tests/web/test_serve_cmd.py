"""``wordgames serve``: its options, the address it announces, its refusals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from wordgames.cli import main


def test_serve_binds_this_machine_only_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("uvicorn")
    pytest.importorskip("fastapi")
    import wordgames.web

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(
        wordgames.web, "serve", lambda app, host, port: calls.append({"host": host, "port": port})
    )
    assert main(["serve", "--games", str(tmp_path)]) == 0
    assert calls[0]["host"] == "127.0.0.1" and calls[0]["port"] == 8000
    assert "http://127.0.0.1:8000/" in capsys.readouterr().out
    assert main(["serve", "--host", "::1", "--port", "8123", "--games", str(tmp_path)]) == 0
    assert calls[1]["host"] == "::1" and "http://[::1]:8123/" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["serve", "--port", "70000"], "--port"),
        (["serve", "--lexicon", "no-such-list-anywhere"], "no-such-list-anywhere"),
    ],
)
def test_serve_refuses_bad_options(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("uvicorn")
    pytest.importorskip("fastapi")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("wordgames: error:") and message in err and "Traceback" not in err
