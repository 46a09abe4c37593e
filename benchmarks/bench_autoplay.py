"""Benchmark whole computer-versus-computer games: throughput and playing strength.

For each pairing (greedy vs greedy, leave vs leave, leave vs greedy) this plays ``--games``
games on the standard board with the shipped ENABLE list (trie backend; game ``i`` uses seed
``--seed + i``, seats alternating) and prints

* ``moves/s``: turns (placements, exchanges, passes) per second of play, the median over
  the games; ``ms/move``: milliseconds per turn over all the games together; ``cpu ms/move``:
  the same in process CPU time, which other jobs on a shared machine disturb far less;
* ``games/min``: whole games per minute over all the games;
* ``avg score`` per player, ``bingos/game``, and the wins of each side.

Lexicon loading is not timed.  The figures go to ``benchmarks/results/bench_autoplay.json``.
Nothing is asserted: this script reports figures.
Usage::

    python benchmarks/bench_autoplay.py                # 20 games per pairing
    python benchmarks/bench_autoplay.py --games 4      # a quick look
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import load_lexicon
from wordgames.scrabble.game.autoplay import run_autoplay
from wordgames.scrabble.game.state import Game
from wordgames.scrabble.game.turn import TurnKind

PAIRINGS = (("greedy", "greedy"), ("leave", "leave"), ("leave", "greedy"))


class GameTimer:
    """An ``on_game`` callback that records each game's turns per second and the process CPU
    time of all the games: between two calls lies one game (the bookkeeping in between is
    negligible)."""

    def __init__(self) -> None:
        self.rates: list[float] = []
        self.turns = 0
        self.last = harness.wall_clock()
        self.started_cpu = harness.cpu_clock()
        self.cpu = 0.0

    def __call__(self, index: int, game: Game) -> None:
        now = harness.wall_clock()
        turns = sum(turn.kind is not TurnKind.END for turn in game.history)
        self.rates.append(turns / (now - self.last))
        self.turns += turns
        self.last = now
        self.cpu = harness.cpu_clock() - self.started_cpu


def main() -> None:
    """Play the pairings and print one table row each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first game")
    parser.add_argument("--lexicon", default="enable", help="word list (default: enable)")
    parser.add_argument("--backend", default="trie", help="lexicon backend (default: trie)")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_autoplay", args)
    rows = []

    lexicon = load_lexicon(args.lexicon, args.backend)
    print(f"{args.games} games per pairing, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"lexicon {args.lexicon} ({len(lexicon)} words, {args.backend})")
    header = (f"{'pairing':<16} {'moves/s':>8} {'ms/move':>8} {'cpu ms/move':>11} {'games/min':>9} "
              f"{'avg score':>9} {'bingos/game':>11}  wins")
    print(header)
    print("-" * len(header))
    for pairing in PAIRINGS:
        timer = GameTimer()
        stats = run_autoplay(lexicon, args.games, args.seed, pairing, on_game=timer)
        rates = timer.rates
        wins = ", ".join(f"{name} {stats.wins[slot]}" for slot, name in enumerate(stats.names))
        label = " vs ".join(pairing)
        cpu_per_move = 1000 * timer.cpu / max(timer.turns, 1)
        print(f"{label:<16} {statistics.median(rates):>8.1f} {1000 / stats.moves_per_second:>8.1f} "
              f"{cpu_per_move:>11.1f} {stats.games_per_minute:>9.1f} {stats.average_score:>9.1f} "
              f"{stats.bingos_per_game:>11.2f}  {wins}, ties {stats.ties}")
        rows.append({"pairing": label, "moves/s (median game, wall)": round(statistics.median(rates), 1),
                     "ms/move (wall)": round(1000 / stats.moves_per_second, 2),
                     "CPU ms/move": round(cpu_per_move, 2),
                     "games/min (wall)": round(stats.games_per_minute, 1),
                     "average score": round(stats.average_score, 1),
                     "bingos/game": round(stats.bingos_per_game, 2),
                     "wins": f"{wins}, ties {stats.ties}"})
    run.finish({"games per pairing": args.games, "first seed": args.seed,
                "lexicon": f"{args.lexicon} ({len(lexicon)} words, {args.backend})", "pairings": rows})


if __name__ == "__main__":
    main()
