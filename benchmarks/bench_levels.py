"""Benchmark the levels for people: each level's average score per game against ``greedy``.

For each level 1..5 it plays ``--games`` games against ``greedy`` (level 4) on the standard
board with ENABLE and the shipped leave table (game ``i`` uses seed ``--seed + i``, seats
alternating) and prints the level's average score, greedy's, the level's wins and its games
per minute, and writes them to ``benchmarks/results/bench_levels.json``.  Nothing is
asserted: this script reports figures.

Usage::

    python benchmarks/bench_levels.py --games 20
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import load_lexicon
from wordgames.scrabble.game.autoplay import run_autoplay
from wordgames.scrabble.strategy.levels import LEVEL_NAMES, level_strategy


def main() -> None:
    """Play each level against greedy and print one row each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per level (default 20)")
    parser.add_argument("--seed", type=int, default=3000, help="seed of the first game")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_levels", args)
    lexicon = load_lexicon("enable")
    rows = []
    print(f"{'level':<14} {'avg score':>9} {'greedy':>7} {'wins':>9} {'games/min':>9}")
    for name, number in LEVEL_NAMES.items():
        stats = run_autoplay(lexicon, args.games, args.seed, (level_strategy(number), "greedy"))
        print(f"{number} {name:<12} {stats.average_score_of(0):>9.1f} {stats.average_score_of(1):>7.1f} "
              f"{stats.wins[0]:>4}/{args.games:<4} {stats.games_per_minute:>9.1f}")
        rows.append({"level": f"{number} {name}", "average score": round(stats.average_score_of(0), 1),
                     "greedy's average": round(stats.average_score_of(1), 1),
                     "wins": stats.wins[0], "games": args.games,
                     "games a minute": round(stats.games_per_minute, 1)})
    run.finish({"opponent": "greedy", "lexicon": "enable", "first seed": args.seed, "levels": rows})


if __name__ == "__main__":
    main()
