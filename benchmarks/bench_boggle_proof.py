"""Best-board proofs with the shipped ENABLE: 3 x 3 proved, 3 x 4 progressed and projected,
4 x 4 extrapolated from measured rates.

* ``3x3``: ``prove`` with the best known board (STR/EAE/DLP) as the target, on every core:
  the boards found, whether proved, the classes evaluated, wall and worker time;
* ``3x4``: ``prove`` with the best board known (PERS/LATE/SIND) for ``--budget`` seconds,
  resuming ``--checkpoint`` when it exists: the chunks settled, worker time, and the projected
  worker time of the whole proof with a 95% interval (the chunks are settled in random order,
  so those done are a random sample); and the same estimated as for 4 x 4 (below), a check
  of that estimator where the real progress is known;
* ``4x4``: ``--classes`` board classes drawn at random from the canonical ones (the default
  letter classes), against PERS/LATG/SINE/TERS's score.  Settling one 4 x 4 class takes
  minutes to hours (it is split, and its parts split again, thousands of times), so each is
  measured by ``--probes`` random descents of its split tree (Knuth's estimator: at each split
  one part is settled and its cost multiplied by the number of parts), an unbiased estimate
  of what settling all of it would take.  The whole proof's worker time is extrapolated (mean
  per class times the number of canonical classes, counted by Burnside's lemma, with a 95%
  interval over the classes sampled), and its wall time on clusters.

Parts run separately (``--part``) keep the other parts' figures in the result file.

    nice -n 10 python benchmarks/bench_boggle_proof.py --part 3x3
    nice -n 10 python benchmarks/bench_boggle_proof.py --part 3x4 --budget 3600 --checkpoint p34.json
    nice -n 10 python benchmarks/bench_boggle_proof.py --part 4x4 --classes 40
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import load_lexicon
from wordgames.wordsearch import score_boards
from wordgames.wordsearch.boardspace import symmetries
from wordgames.wordsearch.classes import class_solver
from wordgames.wordsearch.prove import prove
from wordgames.wordsearch.settle import (
    DEFAULT_LETTER_CLASSES,
    ProofSettings,
    install_lexicon,
    lexicon_digest,
    parse_letter_classes,
    pattern_classes,
    settle_step,
)

BEST = {"3x3": "STR/EAE/DLP", "3x4": "PERS/LATE/SIND", "4x4": "PERS/LATG/SINE/TERS"}
PUBLISHED = {  # ENABLE2K, the list ENABLE descends from
    "3x3": {"board": "STREAEDLP", "score": 545, "proved": 2009},
    "3x4": {"board": "PERSLATESIND (read down the columns)", "score": 1651, "proved": 2025},
    "4x4": {"board": "PERSLATGSINETERS", "score": 3625, "proved": 2025,
            "cost": "about 23,000 CPU-hours (192-core machine)"},
}
CLUSTERS = (64, 192, 1000)


def canonical_count(rows: int, columns: int, classes: int) -> int:
    """Board classes that are the first of their symmetry group (Burnside's lemma)."""
    total = 0
    images = symmetries(rows, columns)
    for image in images:
        seen, cycles = set(), 0
        for start in range(rows * columns):
            if start not in seen:
                cycles += 1
                cell = start
                while cell not in seen:
                    seen.add(cell)
                    cell = image[cell]
        total += classes**cycles
    return total // len(images)


def part_3x3(lexicon: Any, workers: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        began = time.perf_counter()
        result = prove(lexicon, 3, 3, best=BEST["3x3"], workers=workers,
                       checkpoint=Path(folder) / "proof.json")
        wall = time.perf_counter() - began
    return {
        "target": result.target,
        "best found": [{"board": entry.board, "score": entry.score} for entry in result.boards[:5]],
        "boards at or above the target": len(result.boards),
        "proved": result.proved,
        "classes evaluated": result.classes_evaluated,
        "wall seconds": round(wall, 1),
        "worker CPU seconds": round(result.cpu_seconds, 1),
        "workers": workers,
        "letter classes": " ".join(DEFAULT_LETTER_CLASSES),
        "published (ENABLE2K)": PUBLISHED["3x3"],
    }


def part_3x4(lexicon: Any, workers: int, budget: float, checkpoint: Path, classes: int,
             probes: int, seed: int) -> dict[str, Any]:
    # The same estimator as for 4 x 4, checked here against the proof's own progress.
    descents = estimate_by_descents(lexicon, 3, 4, classes, probes, seed)
    began = time.perf_counter()
    result = prove(lexicon, 3, 4, best=BEST["3x4"], workers=workers, checkpoint=checkpoint,
                   seconds=budget)
    projected = result.projection()
    hours = None if projected is None else [round(value / 3600, 2) for value in projected]
    return {
        "target": result.target,
        "boards found so far": [{"board": entry.board, "score": entry.score}
                                for entry in result.boards[:5]],
        "proved": result.proved,
        "chunks settled": f"{result.chunks_done:,} of {result.chunks:,}",
        "share settled": round(result.chunks_done / result.chunks, 4),
        "worker CPU hours so far": round(result.cpu_seconds / 3600, 2),
        "wall hours so far (all runs)": round(result.seconds / 3600, 2),
        "this run's wall seconds": round(time.perf_counter() - began, 1),
        "projected worker CPU hours (estimate, 95% low, high)": hours,
        "projected wall hours on this machine's cores": None if hours is None else round(
            hours[0] / workers, 1),
        "estimated by random descents (as 4x4)": descents,
        "published (ENABLE2K)": PUBLISHED["3x4"],
    }


def probe(part: Any, settings: ProofSettings, lexicon: Any, solver: Any,
          rng: random.Random) -> tuple[float, float]:
    """One random descent of ``part``'s split tree (Knuth's estimator): an unbiased estimate
    of the worker seconds, and of the classes bounded, settling all of it would take."""
    began = time.process_time()
    _, parts = settle_step(part, settings, lexicon, solver)
    own = time.process_time() - began
    if not parts:
        return own, 1.0
    cost, classes = probe(rng.choice(parts), settings, lexicon, solver, rng)
    return own + len(parts) * cost, 1 + len(parts) * classes


def estimate_by_descents(lexicon: Any, rows: int, columns: int, classes: int, probes: int,
                         seed: int) -> dict[str, Any]:
    """The proof's worker time estimated from ``classes`` random canonical classes, each by
    ``probes`` random descents of its split tree."""
    target = score_boards([BEST[f"{rows}x{columns}"]], lexicon)[0]
    letter_classes = parse_letter_classes(DEFAULT_LETTER_CLASSES)
    digest = lexicon_digest(lexicon)
    install_lexicon(digest, lexicon)
    settings = ProofSettings(rows, columns, target, letter_classes, 3, "official", digest, 1)
    solver = class_solver(lexicon, 3, "official")
    rng = random.Random(seed)
    estimates, counts, spent = [], [], 0.0
    while len(estimates) < classes:
        number = rng.randrange(settings.patterns)
        for board_class in pattern_classes(settings, range(number, number + 1)):
            began = time.process_time()
            runs = [probe(board_class, settings, lexicon, solver, rng) for _ in range(probes)]
            spent += time.process_time() - began
            estimates.append(statistics.fmean(cost for cost, _ in runs))
            counts.append(statistics.fmean(count for _, count in runs))
            print(f"  {rows}x{columns} class {len(estimates)}: ~{estimates[-1]:.1f} s, "
                  f"~{counts[-1]:.0f} classes", flush=True)
    total_classes = canonical_count(rows, columns, len(letter_classes))
    mean = statistics.fmean(estimates)
    spread = 1.96 * statistics.stdev(estimates) / math.sqrt(len(estimates))
    cpu_hours = [mean * total_classes / 3600, max(0.0, mean - spread) * total_classes / 3600,
                 (mean + spread) * total_classes / 3600]
    return {
        "target": target,
        "method": f"{classes} random canonical classes, {probes} random descents of each "
                  "one's split tree (Knuth's estimator)",
        "canonical classes": total_classes,
        "estimated worker seconds per class (mean, median, max)": [
            round(mean, 2), round(statistics.median(estimates), 2), round(max(estimates), 2)],
        "estimated classes bounded per class (mean)": round(statistics.fmean(counts), 1),
        "worker seconds spent measuring": round(spent, 1),
        "extrapolated worker CPU hours (estimate, 95% low, high)": [
            round(value, 1) for value in cpu_hours],
        "extrapolated wall hours on clusters of": {
            f"{cores} cores": round(cpu_hours[0] / cores, 1) for cores in CLUSTERS},
    }


def part_4x4(lexicon: Any, classes: int, probes: int, seed: int) -> dict[str, Any]:
    figures = estimate_by_descents(lexicon, 4, 4, classes, probes, seed)
    figures["published (ENABLE2K)"] = PUBLISHED["4x4"]
    return figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("3x3", "3x4", "4x4", "all"), default="all")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--budget", type=float, default=1800.0, help="3x4: seconds this run")
    parser.add_argument("--checkpoint", type=Path, default=Path("boggle-proof-3x4.bench.json"),
                        help="3x4: the checkpoint to resume and save")
    parser.add_argument("--classes", type=int, default=30, help="4x4: classes to sample")
    parser.add_argument("--probes", type=int, default=3, help="4x4: descents per class")
    parser.add_argument("--seed", type=int, default=16)
    harness.add_common_arguments(parser)
    args = parser.parse_args(argv)
    run = harness.Run("bench_boggle_proof", args)
    previous = harness.read_result("bench_boggle_proof")
    results: dict[str, Any] = dict(previous["results"]) if previous else {}
    lexicon = load_lexicon("enable")
    parts = {
        "3x3": lambda: part_3x3(lexicon, args.workers),
        "3x4": lambda: part_3x4(lexicon, args.workers, args.budget, args.checkpoint,
                                args.classes, args.probes, args.seed),
        "4x4": lambda: part_4x4(lexicon, args.classes, args.probes, args.seed),
    }
    for name, measure in parts.items():
        if args.part in (name, "all"):
            before = harness.load_average()
            figures = measure()
            # Each part keeps the load it ran under: parts are run (and re-run) separately.
            figures["load (before, after)"] = [before, harness.load_average()]
            figures["measured"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
            results[name] = figures
            print(name, figures, flush=True)
    run.finish(results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
