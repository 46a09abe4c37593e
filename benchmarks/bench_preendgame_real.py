"""Pre-endgames of real games: the first turn of each replayable game of the shared data
folder's ``external/gcg`` with 1 to ``--bag`` tiles in the bag and a recorded rack, ranked
once with a long time limit (the reference: every pair proven where the time allows, else
searched far deeper than the quick rankings) and again within ``--time`` seconds with each
way of sharing the time (successive halving on and off); prints how often the quick choice
is the reference's best and what it loses, and writes
``benchmarks/results/bench_preendgame_real.json``.

    python benchmarks/bench_preendgame_real.py [--bag 2] [--time 1] [--exact-time 60]
                                               [--candidates 8] [--games N] [--jobs N]

Times are CPU seconds of the worker process.  A play's loss is the reference's wins of the
best play minus those of the chosen one, as a share of the draws (0 when the choice is as
good as the best).  The spread before the turn is taken as 0 (the games' scores are not
read), so a win is a final spread above 0 from here.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness
from bench_endgame_real import HAND, bag_empty_position, case_lexicon, replayable_cases

from wordgames.errors import WordGamesError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.endgame import SearchOptions, solve_preendgame
from wordgames.scrabble.endgame.preendgame import PreendgameResult
from wordgames.scrabble.rules.registry import get_rules

CPU = SearchOptions(clock=time.process_time)
VARIANTS = {"halving": CPU, "flat": replace(CPU, successive_halving=False)}


def _label(move: object) -> str:
    return "pass" if move is None else str(move)


def preendgame_position(case: dict[str, Any], shared: Path,
                        bag: int) -> tuple[Lexicon, Board, str, str] | str:
    """A game's word list and its first turn with 1 to ``bag`` tiles in the bag and a recorded
    rack (board, rack, unseen tiles), or why there is none."""
    lexicon = case_lexicon(case, shared)
    try:
        found = bag_empty_position(shared / "external" / case["file"], lexicon, case.get("flags", []), bag)
    except WordGamesError as error:
        return f"{case['id']}: cannot be read ({error})"
    if found is None:
        return f"{case['id']}: no turn with 1 to {bag} in the bag and a known rack"
    return (lexicon, *found)


def solve_case(job: tuple[dict[str, Any], int, float, float, int, str]) -> dict[str, Any] | str:
    """One game's pre-endgame (in a worker process): the reference and each variant's choice."""
    case, bag, quick, exact_time, candidates, shared_name = job
    found = preendgame_position(case, Path(shared_name), bag)
    if isinstance(found, str):
        return found
    lexicon, board, rack, unseen = found
    bag = len(unseen) - HAND
    rules = get_rules("classic")

    def rank(limit: float, options: SearchOptions) -> tuple[PreendgameResult, float]:
        started = time.process_time()
        result = solve_preendgame(board, rack, unseen, lexicon, rules, candidates=candidates, bag=bag,
                                  time_limit=limit, options=options)
        return result, time.process_time() - started

    reference, reference_seconds = rank(exact_time, VARIANTS["flat"])
    entry: dict[str, Any] = {"game": case["id"], "rack": rack, "unseen": unseen, "bag": bag,
                             "reference seconds": round(reference_seconds, 2),
                             "proven": all(play.exact for play in reference.plays)}
    wins = {_label(play.move): play.wins for play in reference.plays}
    best = reference.plays[0].wins
    for name, options in VARIANTS.items():
        result, seconds = rank(quick, options)
        chosen = _label(result.plays[0].move)
        entry[name] = {"seconds": round(seconds, 3), "choice": chosen,
                       "loss": round((best - wins[chosen]) / reference.draws, 4)}
    return entry


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bag", type=int, default=2, help="the most tiles in the bag (1 to 3)")
    parser.add_argument("--time", type=float, default=1.0, help="CPU seconds of the quick ranking")
    parser.add_argument("--exact-time", type=float, default=60.0, help="CPU seconds of the reference")
    parser.add_argument("--candidates", type=int, default=8, help="candidate placements (and the pass)")
    parser.add_argument("--games", type=int, default=None, help="only the first N games")
    parser.add_argument("--jobs", type=int, default=1, help="positions at once, one core each")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_preendgame_real", args)
    shared = harness.shared_folder(args.shared)
    cases = replayable_cases(shared)
    if shared is None or cases is None:
        return 1
    cases = cases[: args.games]
    jobs = [(case, args.bag, args.time, args.exact_time, args.candidates, str(shared)) for case in cases]
    positions: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for entry in pool.map(solve_case, jobs):
            if isinstance(entry, str):
                print(entry, flush=True)
                continue
            positions.append(entry)
            shown = ", ".join(f"{name} {entry[name]['choice']} (loss {entry[name]['loss']:.3f}, "
                              f"{entry[name]['seconds']:.2f} s)" for name in VARIANTS)
            print(f"{entry['game']}: {entry['rack']} / {entry['unseen']}: reference "
                  f"{entry['reference seconds']:.1f} s{'' if entry['proven'] else ' (not proven)'}; {shown}",
                  flush=True)
    kept = positions
    if not kept:
        print("no position with a pre-endgame", file=sys.stderr)
        return 1
    summary: dict[str, Any] = {}
    for name in VARIANTS:
        losses = [entry[name]["loss"] for entry in kept]
        seconds = [entry[name]["seconds"] for entry in kept]
        figures = summary[name] = {
            "best chosen": sum(loss == 0 for loss in losses), "mean loss": round(statistics.mean(losses), 4),
            "seconds (median)": round(statistics.median(seconds), 3),
            "seconds (worst)": round(max(seconds), 3),
        }
        print(f"{name}: best play chosen in {figures['best chosen']} of {len(kept)}, mean loss "
              f"{figures['mean loss']:.4f} of the draws, seconds median {figures['seconds (median)']:.2f} "
              f"worst {figures['seconds (worst)']:.2f}")
    run.finish({"bag": args.bag, "time limit s": args.time, "reference time limit s": args.exact_time,
                "candidates": args.candidates, "positions": len(positions),
                "proven references": sum(entry["proven"] for entry in positions),
                "variants": summary, "games": positions})
    return 0


if __name__ == "__main__":
    sys.exit(main())
