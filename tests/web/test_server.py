"""The server as uvicorn runs it: every answer JSON, even to a request that never reaches
the application (a malformed ``Content-Length``, a broken request line)."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")


@pytest.fixture(scope="module")
def address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    import uvicorn

    from wordgames.web import create_app, server_config

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(game_folder=tmp_path_factory.mktemp("server-games"))
    live = uvicorn.Server(server_config(app, "127.0.0.1", port, log_level="critical"))
    thread = threading.Thread(target=live.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not live.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield "127.0.0.1", port
    live.should_exit = True
    thread.join(10)


def exchange(address: tuple[str, int], request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send raw bytes, read the whole answer: status, headers, body."""
    with socket.create_connection(address, timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}",
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n{}",
        b"GET / HTTP/1.1 extra words\r\nHost: x\r\n\r\n",
        b"\x16\x03\x01\x02\x00 not http at all\r\n\r\n",
    ],
)
def test_a_request_uvicorn_cannot_parse_gets_a_json_error(
    address: tuple[str, int], request_bytes: bytes
) -> None:
    status, headers, body = exchange(address, request_bytes)
    assert status == 400 and headers["content-type"] == "application/json"
    assert set(json.loads(body)) == {"error"}


def test_an_ordinary_request_is_served(address: tuple[str, int]) -> None:
    request = b"GET /api/boggle/roll?seed=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    status, _, body = exchange(address, request)
    assert status == 200 and json.loads(body)["seed"] == 1


def test_unknown_paths_and_methods_are_json_errors(address: tuple[str, int]) -> None:
    for request in (b"GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                    b"DELETE /api/lexicons HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"):
        status, _, body = exchange(address, request)
        assert status in (404, 405) and set(json.loads(body)) == {"error"}


def test_serve_uses_the_json_error_protocol(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import uvicorn

    from wordgames.web import create_app, server, server_config

    config = server_config(create_app(game_folder=tmp_path), "127.0.0.1", 1)
    assert config.http is server.JsonErrorsProtocol
    ran: list[uvicorn.Config] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: ran.append(self.config))
    server.serve(create_app(game_folder=tmp_path), "127.0.0.1", 8123)
    assert ran and ran[0].http is server.JsonErrorsProtocol and ran[0].port == 8123
