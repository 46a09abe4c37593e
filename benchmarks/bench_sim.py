"""Simulation speed: candidate-iterations per second on a few midgame positions.

The positions come from one seeded game of the static player against itself on the shipped
ENABLE list (the board after turns 6, 10 and 14).  On each, the top ``--candidates`` turns by
static equity are simulated ``--iterations`` times with ``--plies`` further turns, on
``--workers`` processes, without pruning (so every candidate runs every iteration).  A
*candidate-iteration* is one candidate played out once; the figure is their number over the
wall time of :func:`~wordgames.scrabble.strategy.simulation.simulate` (candidate generation and
lexicon loading are not timed), and over its CPU time (this process and its workers; on a busy
shared machine the wall figure understates what two free cores would do).  ``--profile`` runs
the first position in this process under cProfile and prints the top entries by cumulative and
by own time.  The figures go to ``benchmarks/results/bench_sim.json``.  Nothing is asserted.

Usage::

    python benchmarks/bench_sim.py                          # 2 plies, 2 workers, 64 iterations
    python benchmarks/bench_sim.py --workers 1 --iterations 16 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import resource
import statistics
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import Lexicon, load_lexicon
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.strategy.sim_setup import static_candidates, static_player
from wordgames.scrabble.strategy.simulation import SimPosition, simulate

TURNS = (6, 10, 14)


def positions(lexicon: Lexicon, seed: int) -> list[tuple[int, SimPosition]]:
    """The positions after each of TURNS turns of one seeded game, the mover's view."""
    policy, _ = static_player()
    game = Game([Player("a", policy.name), Player("b", policy.name)], lexicon, GameSettings(seed=seed))
    found = []
    for turn in range(1, max(TURNS) + 1):
        if game.is_over:
            break
        game.play_computer_turn()
        if turn in TURNS:
            mover = game.current_player
            other = game.players[1 - game.current]
            found.append((turn, SimPosition(
                game.board.copy(), tuple(mover.rack.tiles()), tuple(game.unseen_tiles()), lexicon,
                game.rules, game.settings.tile_set, scores=(mover.score, other.score),
            )))
    return found


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the worker processes)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    """Simulate each position and print candidate-iterations per second."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=10)
    parser.add_argument("--plies", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=64)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7, help="seed of the game the positions come from")
    parser.add_argument("--profile", action="store_true", help="profile the first position (1 worker)")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    bench = harness.Run("bench_sim", args)
    rows = []
    lexicon = load_lexicon("enable")
    policy, leave = static_player()
    rates: list[float] = []
    cpu_rates: list[float] = []
    for turn, position in positions(lexicon, args.seed):
        candidates = static_candidates(position.board, Rack(position.rack), lexicon, position.rules, leave,
                                       limit=args.candidates, can_exchange=len(position.unseen) >= 14)
        run = partial(simulate, position, candidates, policy, leave, plies=args.plies,
                      iterations=args.iterations, seed=1, confidence_z=float("inf"))
        if args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(run, workers=1)
            stats = pstats.Stats(profiler, stream=sys.stdout)
            stats.sort_stats("cumulative").print_stats(25)
            stats.sort_stats("tottime").print_stats(20)
            return
        started, cpu_started = harness.wall_clock(), cpu_seconds()
        result = run(workers=args.workers)
        seconds, cpu = harness.wall_clock() - started, cpu_seconds() - cpu_started
        done = sum(entry.iterations for entry in result.candidates)
        rates.append(done / seconds)
        cpu_rates.append(done / cpu)
        print(f"after turn {turn:2}: {len(candidates)} candidates x {result.iterations} iterations, "
              f"{args.plies} plies, {args.workers} workers: {seconds:6.2f} s, "
              f"{done / seconds:7.1f} candidate-iterations/s, {done / cpu:6.1f} per CPU second; "
              f"best {result.candidates[0].candidate.label()}")
        rows.append({"position": f"after turn {turn}", "candidates": len(candidates),
                     "iterations": result.iterations, "wall s": round(seconds, 2),
                     "candidate-iterations/s (wall)": round(done / seconds, 1),
                     "candidate-iterations per CPU s": round(done / cpu, 1),
                     "best": result.candidates[0].candidate.label()})
    if rates:
        print(f"median {statistics.median(rates):.1f} candidate-iterations/s (wall), "
              f"{statistics.median(cpu_rates):.1f} per CPU second")
        bench.finish({"plies": args.plies, "workers": args.workers, "lexicon": "enable",
                      "median candidate-iterations/s (wall)": round(statistics.median(rates), 1),
                      "median candidate-iterations per CPU s": round(statistics.median(cpu_rates), 1),
                      "positions": rows})


if __name__ == "__main__":
    main()
