"""Best-board search benchmark: what the search reaches in a time budget, and what remembering
scores saves.

    python benchmarks/bench_bestboard.py [--size 4] [--seeds 1 2 3 4 5] [--seconds 120]
                                         [--workers 1] [--lexicon enable] [--memory-check N]

For each seed: the best board, its score and words, boards scored and solved (the rest came
from the score memory), and boards scored per second.  ``--memory-check N`` also runs N moves
from one seed with and without the score memory and prints both times (the boards found are
the same; the script checks it).  Figures depend on the machine and its load; they go to
``benchmarks/results/bench_bestboard.json``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import load_lexicon
from wordgames.wordsearch import best_boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--size", default="4", help="N or RxC (default 4)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--lexicon", default="enable")
    parser.add_argument("--target", type=int, default=3600, help="score counted as a hit")
    parser.add_argument("--memory-check", type=int, default=0, metavar="N")
    parser.add_argument("--run-steps", type=int, default=None, metavar="N", help="moves per run")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_bestboard", args)
    seeds = []
    parts = [int(part) for part in args.size.lower().split("x")]
    rows, columns = parts[0], parts[-1]
    lexicon = load_lexicon(args.lexicon)
    print(
        f"{rows}x{columns}, {args.lexicon}, official scoring, {args.seconds:g} s per seed, "
        f"{args.workers} worker(s), {args.run_steps or 'default'} moves per run, "
        f"{os.cpu_count()} cores (shared machine)"
    )
    print(f"{'seed':>5}  {'score':>6}  {'words':>5}  {'board':<{rows * (columns + 1)}}  "
          f"{'scored':>8}  {'solved':>8}  {'remembered':>10}  {'boards/s':>8}")  # fmt: skip
    best_scores = []
    for seed in args.seeds:
        result = best_boards(
            lexicon, rows, columns, seconds=args.seconds, seed=seed, workers=args.workers, top=1,
            run_steps=args.run_steps,
        )  # fmt: skip
        top = result.boards[0]
        best_scores.append(top.score)
        share = 1 - result.solved / result.evaluated
        print(
            f"{seed:>5}  {top.score:>6}  {top.words:>5}  {top.board:<{rows * (columns + 1)}}  "
            f"{result.evaluated:>8}  {result.solved:>8}  {share:>10.1%}  "
            f"{result.evaluated / result.seconds:>8.0f}",
            flush=True,
        )
        seeds.append({"seed": seed, "score": top.score, "words": top.words, "board": top.board,
                      "boards scored": result.evaluated, "solved": result.solved,
                      "remembered": round(share, 3),
                      "boards/s (wall)": round(result.evaluated / result.seconds)})
    hits = sum(score >= args.target for score in best_scores)
    print(
        f"best {max(best_scores)}, median {statistics.median(best_scores):g}; "
        f"{hits} of {len(best_scores)} seeds reached {args.target}"
    )
    results: dict[str, object] = {
        "board": f"{rows}x{columns}", "lexicon": args.lexicon, "scoring": "official",
        "seconds per seed": args.seconds, "workers": args.workers,
        "best score": max(best_scores), "median best score": statistics.median(best_scores),
        f"seeds reaching {args.target}": f"{hits} of {len(best_scores)}", "seeds": seeds,
    }
    if args.memory_check:
        timings = []
        for remember in (True, False):
            began = harness.wall_clock()
            result = best_boards(
                lexicon, rows, columns, iterations=args.memory_check, seed=args.seeds[0],
                workers=1, remember=remember,
            )  # fmt: skip
            timings.append((harness.wall_clock() - began, result))
        (with_memory, first), (without, second) = timings
        assert first.boards == second.boards, "the memory changed the answer"
        print(
            f"{args.memory_check} moves, seed {args.seeds[0]}: with the score memory "
            f"{with_memory:.1f} s ({first.solved} solves), without {without:.1f} s "
            f"({second.solved} solves): {without / with_memory:.2f}x"
        )
        results["score memory"] = {"moves": args.memory_check, "with s": round(with_memory, 1),
                                   "without s": round(without, 1),
                                   "speed-up": round(without / with_memory, 2)}
    run.finish(results)


if __name__ == "__main__":
    main()
