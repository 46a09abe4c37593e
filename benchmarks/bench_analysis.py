"""Review every real game of ../shared/external/gcg that is expected to replay, and time it.

Each game is read with the word list its case names (``gcg/cases.json``) plus the case's
extra words, replayed and reviewed turn by turn with static equity
(:func:`wordgames.scrabble.strategy.analysis.review_game`).  Prints the number of games
reviewed, those that raised an error (there should be none), and the distribution of seconds
per game (median, 90th percentile, worst; wall time, and the CPU time of this process and its
workers, which a busy machine inflates less) with the slowest games, and writes them to
``benchmarks/results/bench_analysis.json`` (``bench_analysis_sim.json`` with ``--sim``).
Nothing is asserted.

Usage::

    python benchmarks/bench_analysis.py            # every game expected to pass
    python benchmarks/bench_analysis.py --limit 10 # the first ten
    python benchmarks/bench_analysis.py -k josh    # games whose id contains 'josh'
    python benchmarks/bench_analysis.py -k r18_jen --sim -v   # one game ranked by simulation
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness
from bench_sim import cpu_seconds

from wordgames.errors import FormatError
from wordgames.lexicon import Lexicon, lexicon_from_words, load_lexicon
from wordgames.scrabble.core.layout import layout_by_name
from wordgames.scrabble.formats.gcg import read_gcg
from wordgames.scrabble.strategy.analysis import SimSettings, review_game
from wordgames.scrabble.strategy.simulation import default_workers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="review at most this many games")
    parser.add_argument("-k", default="", help="only cases whose id contains this")
    parser.add_argument("--skip", type=int, default=0, help="leave out the first N cases (to run in parts)")
    parser.add_argument("--sim", action="store_true",
                        help="rank by simulation at the defaults of `analyze --sim` (every core)")
    parser.add_argument("-v", "--verbose", action="store_true", help="a line per game as it is done")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_analysis_sim" if args.sim else "bench_analysis", args)
    shared = harness.shared_folder(args.shared)
    if shared is None or not (shared / "external" / "gcg" / "cases.json").exists():
        print("the shared data folder's external/gcg/cases.json is missing: give --shared DIR")
        return 1
    external = shared / "external"
    manifest = external / "gcg" / "cases.json"
    cases = [c for c in json.loads(manifest.read_text()) if c["expect"] == "pass" and args.k in c["id"]]
    cases = cases[args.skip:]
    cases = cases[: args.limit] if args.limit else cases
    bases: dict[str, Lexicon] = {}
    words: dict[str, list[str]] = {}
    timings: list[tuple[float, str, int]] = []
    errors: list[str] = []
    cpu: list[float] = []
    unreadable: list[str] = []
    sim = SimSettings(workers=default_workers()) if args.sim else None
    turn_started = [harness.wall_clock()]

    def report(done: int, total: int) -> None:
        now = harness.wall_clock()
        print(f"  turn {done}/{total}: {now - turn_started[0]:.1f} s", flush=True)
        turn_started[0] = now
    for case in cases:
        base = case["lexicon"]
        path = external.parent / "lexicons" / f"{base}.txt"
        if base not in bases:
            bases[base] = load_lexicon(path)
            words[base] = list(bases[base])
        extras = [w["word"] for w in case.get("extra_words", [])]
        lexicon = lexicon_from_words([*words[base], *extras]) if extras else bases[base]
        flags = case.get("flags", [])
        layout = layout_by_name(flags[flags.index("--layout") + 1]) if "--layout" in flags else None
        try:
            record = read_gcg(external / case["file"])
        except FormatError as error:  # the reader's gap, not the review's: the game cannot replay
            unreadable.append(f"{case['id']}: {error}")
            continue
        started, cpu_started = harness.wall_clock(), cpu_seconds()
        turn_started[0] = started
        try:
            review = review_game(record, lexicon, layout=layout, sim=sim,
                                 progress=report if args.verbose and sim else None)
        except Exception:  # a benchmark reports every failure and goes on
            errors.append(f"{case['id']}: {traceback.format_exc().splitlines()[-1]}")
            continue
        timings.append((harness.wall_clock() - started, case["id"], len(review.turns)))
        cpu.append(cpu_seconds() - cpu_started)
        if args.verbose:
            print(f"{case['id']}: {timings[-1][0]:.2f} s, {cpu[-1]:.2f} s CPU, {len(review.turns)} turns",
                  flush=True)
    seconds = sorted(t for t, _, _ in timings)
    print(f"games reviewed: {len(timings)} of {len(cases)}; errors: {len(errors)}; "
          f"refused by the GCG reader (they do not replay): {len(unreadable)}")
    for line in unreadable:
        print("  unreadable:", line)
    for line in errors:
        print("  error:", line)
    if seconds:
        p90 = seconds[min(len(seconds) - 1, int(0.9 * len(seconds)))]
        turns = sum(n for _, _, n in timings)
        per_turn = sum(seconds) / max(turns, 1) * 1000
        print(f"seconds per game: median {statistics.median(seconds):.2f}, 90th percentile {p90:.2f}, "
              f"worst {seconds[-1]:.2f}; turns reviewed {turns}, {per_turn:.0f} ms per turn")
        cpu.sort()
        print(f"CPU seconds per game: median {statistics.median(cpu):.2f}, 90th percentile "
              f"{cpu[min(len(cpu) - 1, int(0.9 * len(cpu)))]:.2f}, worst {cpu[-1]:.2f}")
        for spent, case_id, count in sorted(timings, reverse=True)[:5]:
            print(f"  {spent:6.2f} s  {case_id} ({count} turns)")
    results: dict[str, object] = {
        "ranking": "simulation (analyze --sim defaults)" if args.sim else "static equity",
        "games": len(cases), "reviewed": len(timings), "errors": len(errors),
        "refused by the GCG reader": len(unreadable),
    }
    if seconds:
        results.update({
            "turns reviewed": turns, "wall ms per turn": round(per_turn, 1),
            "wall s per game (median)": round(statistics.median(seconds), 3),
            "wall s per game (90th percentile)": round(p90, 3),
            "wall s per game (worst)": round(seconds[-1], 3),
            "CPU s per game (median)": round(statistics.median(cpu), 3),
            "CPU s per game (90th percentile)": round(harness.percentile(cpu, 0.9), 3),
            "CPU s per game (worst)": round(cpu[-1], 3),
            "slowest games": [{"game": case_id, "turns": count, "wall s": round(spent, 2)}
                              for spent, case_id, count in sorted(timings, reverse=True)[:5]],
        })
    run.finish(results)
    return 0 if not errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
