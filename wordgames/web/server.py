"""Serving the app with uvicorn, every answer JSON: a request so malformed that it never
reaches the application (a ``Content-Length`` that is not a number, a broken request line)
gets ``{"error": "..."}`` too, not uvicorn's plain-text 400."""

from __future__ import annotations

import json
from typing import Any

import h11
from uvicorn import Config, Server
from uvicorn.protocols.http.h11_impl import H11Protocol

from wordgames.serialization.errors import error_json

MALFORMED = "malformed HTTP request (check the request line and the headers, Content-Length above all)"


class JsonErrorsProtocol(H11Protocol):
    """uvicorn's h11 protocol whose answer to a request it cannot parse is a JSON error."""

    def send_400_response(self, msg: str) -> None:
        """Answer 400 with ``{"error": ...}`` and close the connection (uvicorn's own method
        writes ``msg`` as plain text)."""
        body = json.dumps(error_json(MALFORMED)).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        for event in (h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
                      h11.Data(data=body), h11.EndOfMessage()):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.close()


def server_config(app: Any, host: str, port: int, **options: Any) -> Config:
    """uvicorn's configuration for ``app`` on ``host``:``port`` with the JSON-error protocol
    (``options`` go to :class:`uvicorn.Config`)."""
    return Config(app, host=host, port=port, http=JsonErrorsProtocol, **options)


def serve(app: Any, host: str, port: int) -> None:
    """Serve ``app`` until interrupted (warnings only in the log)."""
    Server(server_config(app, host, port, log_level="warning")).run()
