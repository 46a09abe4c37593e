"""Benchmark the web server's best-move requests on midgame positions.

Starts the application on a free local port (uvicorn, as ``wordgames serve`` does), makes
``--positions`` midgame positions by playing games through the API (seed ``--seed + i``; the
person always plays the first hint, the computer replies; after ``--turns`` such rounds the
position is taken, about 2 x turns moves on the board), and times, over real HTTP on
localhost:

* ``GET /api/scrabble/best?cgp=...&top=10`` (the command line's ``best --json``), and
* ``POST /api/scrabble/plays`` (the same search, with leaves) for the same board and rack,

each ``--repeat`` times per position (the first request per lexicon is made before timing,
so loading the lexicon is not counted).  Prints the median, 90th percentile and maximum in
milliseconds, and the same for the racks without a blank (the typical case; a blank
multiplies the search), in wall time (the server answers in this process's threads), and
writes them to ``benchmarks/results/bench_web.json``.  Nothing is asserted: this script
reports figures.

    python benchmarks/bench_web.py                 # 16 positions x 3 requests
    python benchmarks/bench_web.py --positions 4   # a quick look
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness
import uvicorn

from wordgames.web import create_app


def call(base: str, path: str, body: Any = None) -> Any:
    """One HTTP request; the parsed JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def cgp_of(rows: list[str], rack: str) -> str:
    """A CGP for plain board rows ('.' empty) and the rack to move."""
    fields = []
    for row in rows:
        text, gap = "", 0
        for char in row:
            if char == ".":
                gap += 1
            else:
                text, gap = text + (str(gap) if gap else "") + char, 0
        fields.append(text + (str(gap) if gap else ""))
    return f"{'/'.join(fields)} {rack}/ 0/0 0"


def midgame(base: str, seed: int, turns: int) -> tuple[list[str], str]:
    """Board rows and the person's rack after ``turns`` rounds of a seeded game."""
    game = call(base, "/api/games", {"seed": seed})
    for _ in range(turns):
        hints = call(base, f"/api/games/{game['id']}/hints?top=1")["moves"]
        if not hints or game["over"]:
            break
        game = call(
            base, f"/api/games/{game['id']}/play", {"notation": f"{hints[0]['notation']} {hints[0]['word']}"}
        )
    return game["board"]["text"], "".join(game["rack"])


def timed(action: Any) -> float:
    """Wall milliseconds of one request."""
    return harness.time_once(action, harness.wall_clock) * 1000


def report(name: str, times: list[float]) -> dict[str, Any]:
    """Print one line of figures and return them as a result row."""
    if not times:
        print(f"{name:<34} (none)")
        return {"requests": name, "count": 0}
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    print(
        f"{name:<34} median {statistics.median(ordered):6.1f} ms   p90 {p90:6.1f} ms   "
        f"max {ordered[-1]:6.1f} ms   ({len(ordered)} requests)"
    )
    return {"requests": name, "count": len(ordered), "median ms": round(statistics.median(ordered), 1),
            "p90 ms": round(p90, 1), "max ms": round(ordered[-1], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=16)
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_web", args)

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        server = uvicorn.Server(
            uvicorn.Config(
                create_app(game_folder=Path(folder)), host="127.0.0.1", port=port, log_level="warning"
            )
        )
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.02)
        base = f"http://127.0.0.1:{port}"
        positions = [midgame(base, args.seed + i, args.turns) for i in range(args.positions)]
        best: dict[bool, list[float]] = {True: [], False: []}
        plays: dict[bool, list[float]] = {True: [], False: []}
        tiles = []
        for rows, rack in positions:
            tiles.append(sum(char != "." for row in rows for char in row))
            query = urllib.parse.urlencode({"cgp": cgp_of(rows, rack), "top": 10})
            body = {"board": rows, "rack": rack, "top": 10}
            for _ in range(args.repeat):
                best["?" in rack].append(timed(lambda q=query: call(base, f"/api/scrabble/best?{q}")))
                plays["?" in rack].append(timed(lambda b=body: call(base, "/api/scrabble/plays", b)))
        server.should_exit = True
        thread.join(10)

    print(
        f"{len(positions)} midgame positions (seeds {args.seed}..{args.seed + len(positions) - 1}, "
        f"{min(tiles)}-{max(tiles)} tiles on the board), ENABLE, trie backend, HTTP on localhost"
    )
    rows = [
        report("best, racks without a blank", best[False]),
        report("best, racks with a blank", best[True]),
        report("best, all", best[False] + best[True]),
        report("plays (with leaves), no blank", plays[False]),
        report("plays (with leaves), all", plays[False] + plays[True]),
    ]
    run.finish({"positions": len(positions), "tiles on the board": f"{min(tiles)}-{max(tiles)}",
                "lexicon": "enable (trie)", "requests": rows})


if __name__ == "__main__":
    main()
