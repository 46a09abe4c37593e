"""Exact pre-endgames of real games: every candidate solved for every draw, on several cores.

The issue's target for pre-endgames with two tiles in the bag: every candidate play (the
``--candidates`` best-scoring placements and the pass) solved to the end for every ordered
draw of the bag within ``--limit`` seconds on ``--workers`` cores.  The positions are the
first turn of each replayable game of the shared data folder's ``external/gcg`` with exactly
``--bag`` tiles in the bag and a recorded rack (see ``bench_preendgame_real.py``), solved one
after the other, each with every worker; a position counts as solved when every play's value
is exact within the limit.  Wall-clock seconds (the workers run at once); the load is
recorded.  Results go to ``benchmarks/results/bench_preendgame_exact.json``.

    python benchmarks/bench_preendgame_exact.py [--bag 2] [--limit 60] [--workers 2]
                                                [--candidates 8] [--games N] [--positions N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness
from bench_endgame_real import HAND, replayable_cases
from bench_preendgame_real import preendgame_position

from wordgames.scrabble.endgame import solve_preendgame
from wordgames.scrabble.rules.registry import get_rules


def solve_case(case: dict[str, Any], shared: Path, bag: int, limit: float, workers: int,
               candidates: int) -> dict[str, Any] | str:
    """One game's pre-endgame with every worker: solved or not, and how long it took."""
    found = preendgame_position(case, shared, bag)
    if isinstance(found, str):
        return found
    lexicon, board, rack, unseen = found
    if len(unseen) - HAND != bag:
        return f"{case['id']}: no turn with {bag} in the bag and a known rack"
    started = time.perf_counter()
    result = solve_preendgame(board, rack, unseen, lexicon, get_rules("classic"), candidates=candidates,
                              bag=bag, time_limit=limit, workers=workers)
    seconds = time.perf_counter() - started
    exact = sum(play.exact for play in result.plays)
    return {"game": case["id"], "rack": rack, "unseen": unseen, "plays": len(result.plays),
            "draws": result.draws, "plays exact": exact, "solved": exact == len(result.plays),
            "seconds": round(seconds, 2), "nodes": result.nodes,
            "best": "pass" if result.plays[0].move is None else str(result.plays[0].move)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bag", type=int, default=2, help="tiles in the bag (1 to 3)")
    parser.add_argument("--limit", type=float, default=60.0, help="wall seconds a position")
    parser.add_argument("--workers", type=int, default=2, help="worker processes a position")
    parser.add_argument("--candidates", type=int, default=8, help="candidate placements (and the pass)")
    parser.add_argument("--games", type=int, default=None, help="only the first N games")
    parser.add_argument("--positions", type=int, default=None, help="stop after N positions")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_preendgame_exact", args)
    shared = harness.shared_folder(args.shared)
    cases = replayable_cases(shared)
    if shared is None or cases is None:
        return 1
    positions: list[dict[str, Any]] = []
    for case in cases[: args.games]:
        entry = solve_case(case, shared, args.bag, args.limit, args.workers, args.candidates)
        if isinstance(entry, str):
            print(entry, flush=True)
            continue
        positions.append(entry)
        print(f"{entry['game']}: {entry['rack']} / {entry['unseen']}: {entry['plays exact']} of "
              f"{entry['plays']} plays exact over {entry['draws']} draws in {entry['seconds']:.1f} s",
              flush=True)
        if args.positions is not None and len(positions) >= args.positions:
            break
    if not positions:
        print(f"no position with {args.bag} in the bag", file=sys.stderr)
        return 1
    solved = [entry["seconds"] for entry in positions if entry["solved"]]
    summary = {
        "bag": args.bag, "limit s": args.limit, "workers": args.workers, "candidates": args.candidates,
        "positions": len(positions), "solved within the limit": len(solved),
        "solved share": round(len(solved) / len(positions), 3),
        "seconds of the solved (median)": round(statistics.median(solved), 2) if solved else None,
        "seconds of the solved (worst)": round(max(solved), 2) if solved else None,
        "plays exact (share)": round(sum(entry["plays exact"] for entry in positions)
                                     / sum(entry["plays"] for entry in positions), 3),
        "games": positions,
    }
    print(f"{len(solved)} of {len(positions)} solved within {args.limit:g} s on {args.workers} workers")
    run.finish(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
