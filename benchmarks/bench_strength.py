"""Playing strength: win rates over seat-swapped pairs, with 95% intervals.

For each matchup (``equity`` against ``greedy``, ``leave`` against ``greedy`` by default) this
plays ``--pairs`` seat-swapped pairs on the standard board with the shipped ENABLE list and its
leave table (pair ``i`` deals the bag of seed ``--seed + i`` twice, each strategy moving first
once; see :func:`wordgames.scrabble.game.autoplay.play_pairs`) on ``--workers`` processes, and
reports the first strategy's win rate (ties count half) and mean spread, each with its 95%
interval over the pairs, the average scores and the pairs played a second.  The figures do not
depend on the number of workers.  They go to ``benchmarks/results/bench_strength.json``.
Nothing is asserted.

Usage::

    python benchmarks/bench_strength.py                       # 1,000 pairs a matchup
    python benchmarks/bench_strength.py --pairs 200 --matchups equity,greedy
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import load_lexicon
from wordgames.scrabble.game.autoplay import play_pairs
from wordgames.scrabble.game.intervals import Estimate

DEFAULT_MATCHUPS = ("equity,greedy", "leave,greedy")


def interval(estimate: Estimate, digits: int) -> str | None:
    """The 95% interval as text, or None for a single pair."""
    if estimate.interval is None:
        return None
    low, high = estimate.interval
    return f"{low:.{digits}f} to {high:.{digits}f}"


def main() -> None:
    """Play each matchup and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000, help="pairs per matchup (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first pair")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--matchups", nargs="+", default=list(DEFAULT_MATCHUPS),
                        help="A,B strategy pairs (default: equity,greedy leave,greedy)")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_strength", args)
    lexicon = load_lexicon("enable")
    rows = []
    for matchup in args.matchups:
        first, second = matchup.split(",")
        result = play_pairs(lexicon, args.pairs, (first, second), seed=args.seed, workers=args.workers)
        win, spread = result.win_rate, result.mean_spread
        print(f"{first} vs {second}: {args.pairs} pairs, win rate {win.mean:.3f} "
              f"({interval(win, 3)}), spread {spread.mean:+.1f} ({interval(spread, 1)}), "
              f"average scores {result.average_score(0):.1f} to {result.average_score(1):.1f}, "
              f"{result.pairs / result.seconds:.1f} pairs/s on {result.workers} workers", flush=True)
        rows.append({"matchup": f"{first} vs {second}", "pairs": result.pairs,
                     "win rate": round(win.mean, 4), "win rate 95%": interval(win, 3),
                     "spread": round(spread.mean, 2), "spread 95%": interval(spread, 1),
                     "A average": round(result.average_score(0), 1),
                     "B average": round(result.average_score(1), 1),
                     "pairs/s (wall)": round(result.pairs / result.seconds, 1),
                     "workers": result.workers})
    run.finish({"lexicon": "enable", "first seed": args.seed, "matchups": rows})


if __name__ == "__main__":
    main()
