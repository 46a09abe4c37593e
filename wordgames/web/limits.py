"""Request size limits of the web server, checked before anything is parsed or allocated.

Every limit is documented in the README ("In the browser") and enforced here or by the
query-parameter declarations that use these constants.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wordgames.serialization.errors import error_json

MAX_BODY_BYTES = 256 * 1024
"""A request body (a JSON move, an uploaded GCG file): 256 KiB."""

MAX_GCG_BYTES = 200 * 1024
"""An uploaded or pasted GCG game: 200 KiB (real games are 2 to 10 KiB)."""

MAX_GCG_EVENTS = 400
"""Events (lines starting with '>') of a GCG game to analyse (a real game has 20 to 60); the
analysis replays every prefix of the game, so its cost grows with the square of this."""

MAX_CGP_CHARS = 2_000
"""A CGP position (a full 15 x 15 board takes about 300 characters)."""

MAX_BOGGLE_BOARD_CHARS = 400
"""Boggle board text; the board itself is at most ``MAX_BOGGLE_SIDE`` squares a side."""

MAX_ROW_CHARS = 200
"""A board row in text (a 21-square row of bracketed multi-letter tiles takes up to ~130)."""

MAX_BOGGLE_SIDE = 10
MAX_WORD_CHARS = 64
MAX_RACK_CHARS = 20
MAX_TOP = 100
"""The most moves one best-move request lists."""

MAX_GAMES_IN_MEMORY = 64
MAX_LISTED_GAMES = 20
"""Saved games the game list shows (the most recently saved)."""
MAX_ANALYSIS_JOBS = 16

MAX_SIM_CANDIDATES = 20
MAX_SIM_ITERATIONS = 2_000
MAX_SIM_PLIES = 4
MAX_SIM_SECONDS = 120.0
"""A simulation request: candidates, iterations, plies after each candidate, and the time
after which it stops with what it has (each iteration costs ``plies`` move generations per
live candidate, 20 to 50 ms each on a busy machine)."""


class BodySizeLimit:
    """ASGI middleware: refuse a request body over ``limit`` bytes with 413 and a JSON error,
    whether or not the client declared its length (a chunked body is counted as it comes and
    never held beyond ``limit`` bytes)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _send_error(send, 413, f"the request body is over {self.limit} bytes")
                return
        # Read the whole body first (it is small by definition), so an oversized one is
        # refused before any handler sees a byte of it.
        chunks: list[bytes] = []
        received = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            received += len(chunk)
            if received > self.limit:
                await _send_error(send, 413, f"the request body is over {self.limit} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()  # after the body: wait for a disconnect
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _send_error(send: Send, status: int, message: str) -> None:
    body = json.dumps(error_json(message)).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
