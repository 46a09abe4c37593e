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
by own time.  ``--breakdown`` also splits each position's time (one worker, in this process):
the simulation is run again recording the inputs of every move search the static player makes
(the board, the rack and its valued keeps), and the same searches are then timed alone
(:meth:`~wordgames.scrabble.movegen.generator.MoveGenerator.best_compact_by_keeps`, after an
untimed call has built the board's arrays): the kernel's share of a simulated turn, the rest
being the board's updates, the equity player's and the playout's Python, and the searches of
racks with a blank apart from the others.  ``--through-decide R`` also compares, on each
position in this process, the playouts' turns on integers (:mod:`.numbered`) with the same
turns taken through the equity player's ``decide`` (a subclass overriding it, which the
playouts then call), R runs of each, interleaved, with the same values: the median
candidate-iterations per CPU second of each and their ratio.  The figures go to
``benchmarks/results/bench_sim.json``.  Nothing is asserted.

Usage::

    python benchmarks/bench_sim.py                          # 2 plies, 2 workers, 64 iterations
    python benchmarks/bench_sim.py --workers 1 --iterations 16 --profile
    python benchmarks/bench_sim.py --workers 1 --breakdown --through-decide 5
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import resource
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import Lexicon, load_lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.game.decision import Decision, Situation, Strategy
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.leaves.keeps import RackKeeps
from wordgames.scrabble.movegen.generator import MoveGenerator
from wordgames.scrabble.strategy.equity import EquityStrategy
from wordgames.scrabble.strategy.sim_setup import Candidate, LeaveFunction, static_candidates, static_player
from wordgames.scrabble.strategy.simulation import SimPosition, SimResult, simulate

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


Search = tuple[Board, list[int], RackKeeps]
"""One move search of the static player: the board (a copy), the rack's counts and its keeps."""


def recorded_searches(run: Callable[[], SimResult]) -> list[Search]:
    """Run the simulation ``run`` in this process, recording every move search by equity:
    the playouts' turns on integers and the equity player's own decisions."""
    searches: list[Search] = []
    by_moves = MoveGenerator.best_by_equity
    by_codes = MoveGenerator.best_compact_by_keeps

    def recording_moves(self: MoveGenerator, board: Board, rack: Rack, keeps: RackKeeps,
                        limit: int | None = 1) -> list[tuple[float, Move]]:
        searches.append((board.copy(), self.rack_counts(rack), keeps))
        return by_moves(self, board, rack, keeps, limit)

    def recording_codes(self: MoveGenerator, board: Board, counts: list[int],
                        keeps: RackKeeps) -> tuple[float, int, tuple[int, ...]] | None:
        searches.append((board.copy(), list(counts), keeps))
        return by_codes(self, board, counts, keeps)

    MoveGenerator.best_by_equity = recording_moves  # type: ignore[method-assign]
    MoveGenerator.best_compact_by_keeps = recording_codes  # type: ignore[method-assign]
    try:
        run()
    finally:
        MoveGenerator.best_by_equity = by_moves  # type: ignore[method-assign]
        MoveGenerator.best_compact_by_keeps = by_codes  # type: ignore[method-assign]
    return searches


def breakdown(run: Callable[[], SimResult], generator: MoveGenerator) -> dict[str, float]:
    """CPU microseconds per simulated turn of ``run`` (in this process) and of its kernel
    searches alone, and their ratio."""
    started = time.process_time()
    run()
    total = time.process_time() - started
    searches = recorded_searches(run)
    racks = [counts for _, counts, _ in searches]
    for board, counts, keeps in searches:
        generator.best_compact_by_keeps(board, counts, keeps)  # builds the board's arrays
    blank = [i for i, counts in enumerate(racks) if counts[0]]
    plain = [i for i, counts in enumerate(racks) if not counts[0]]
    seconds = []
    # Each timed in the order the simulation made them, as many boards and racks apart.
    for chosen in (blank, plain):
        started = time.process_time()
        for i in chosen:
            generator.best_compact_by_keeps(searches[i][0], racks[i], searches[i][2])
        seconds.append(time.process_time() - started)
    search = sum(seconds)
    turns = max(len(searches), 1)
    return {"simulated turns": len(searches), "CPU us per turn": round(1e6 * total / turns, 1),
            "kernel search us per turn": round(1e6 * search / turns, 1),
            "kernel share": round(search / total, 3),
            "searches with a blank (share)": round(len(blank) / turns, 3),
            "kernel us a search with a blank": round(1e6 * seconds[0] / max(len(blank), 1), 1),
            "kernel us a search without": round(1e6 * seconds[1] / max(len(plain), 1), 1)}


class ThroughDecide(EquityStrategy):
    """The equity player with its ``decide`` overridden by itself: a simulation's playouts
    then hand it a ``Situation`` a turn instead of taking its turns on integers."""

    def decide(self, situation: Situation) -> Decision:
        return super().decide(situation)


def through_decide(position: SimPosition, candidates: list[Candidate], policy: Strategy,
                   leave: LeaveFunction, plies: int, iterations: int, runs: int) -> dict[str, float]:
    """Median candidate-iterations per CPU second of ``runs`` simulations with turns on
    integers and as many through ``decide``, interleaved (one worker, this process)."""
    rates: dict[str, list[float]] = {"integers": [], "decide": []}
    values: dict[str, list[list[float]]] = {}
    for _ in range(runs):
        for mode, player in (("integers", policy), ("decide", ThroughDecide())):
            started = time.process_time()
            result = simulate(position, candidates, player, leave, plies=plies, iterations=iterations,
                              seed=1, confidence_z=float("inf"))
            seconds = time.process_time() - started
            rates[mode].append(sum(entry.iterations for entry in result.candidates) / seconds)
            values[mode] = [entry.values for entry in result.candidates]
    if values["integers"] != values["decide"]:
        raise SystemExit("the turns on integers gave other values than decide(): a bug")
    fast, slow = statistics.median(rates["integers"]), statistics.median(rates["decide"])
    return {"candidate-iterations per CPU s, turns on integers": round(fast, 1),
            "candidate-iterations per CPU s, turns through decide": round(slow, 1),
            "integers / decide": round(fast / slow, 2)}


def main() -> None:
    """Simulate each position and print candidate-iterations per second."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=10)
    parser.add_argument("--plies", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=64)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7, help="seed of the game the positions come from")
    parser.add_argument("--profile", action="store_true", help="profile the first position (1 worker)")
    parser.add_argument("--through-decide", type=int, default=0, metavar="R",
                        help="also time R runs with the playouts' turns through decide(), R on integers")
    parser.add_argument("--breakdown", action="store_true",
                        help="also time each position's move searches alone (in this process)")
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
        row = {"position": f"after turn {turn}", "candidates": len(candidates),
               "iterations": result.iterations, "wall s": round(seconds, 2),
               "candidate-iterations/s (wall)": round(done / seconds, 1),
               "candidate-iterations per CPU s": round(done / cpu, 1),
               "best": result.candidates[0].candidate.label()}
        if args.breakdown:
            generator = position.rules.move_generator(lexicon)
            assert generator is not None, "the classic rules have a move generator"
            split = breakdown(partial(run, workers=1), generator)
            print(f"    {split['simulated turns']} simulated turns, {split['CPU us per turn']:.0f} CPU us "
                  f"each, of which the kernel's search {split['kernel search us per turn']:.0f} us "
                  f"({100 * split['kernel share']:.0f}%); "
                  f"{100 * split['searches with a blank (share)']:.0f}% of the searches hold a blank, "
                  f"{split['kernel us a search with a blank']:.0f} us each against "
                  f"{split['kernel us a search without']:.0f} us")
            row.update(split)
        if args.through_decide:
            ratio = through_decide(position, candidates, policy, leave, args.plies, args.iterations,
                                   args.through_decide)
            print(f"    turns on integers {ratio['candidate-iterations per CPU s, turns on integers']:.0f} "
                  f"candidate-iterations per CPU s, through decide() "
                  f"{ratio['candidate-iterations per CPU s, turns through decide']:.0f}: "
                  f"x{ratio['integers / decide']:.2f}")
            row.update(ratio)
        rows.append(row)
    if rates:
        print(f"median {statistics.median(rates):.1f} candidate-iterations/s (wall), "
              f"{statistics.median(cpu_rates):.1f} per CPU second")
        bench.finish({"plies": args.plies, "workers": args.workers, "lexicon": "enable",
                      "median candidate-iterations/s (wall)": round(statistics.median(rates), 1),
                      "median candidate-iterations per CPU s": round(statistics.median(cpu_rates), 1),
                      "positions": rows})


if __name__ == "__main__":
    main()
