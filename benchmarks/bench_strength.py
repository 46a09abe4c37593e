"""Strength: seat-swapped pairs between players, each figure a win rate with its 95% interval.

``matchups`` (the default) plays each matchup (``equity`` against ``greedy``, ``leave``
against ``greedy`` by default) on the standard board with the shipped ENABLE list and its
leave table, on ``--workers`` processes (default: every core; the figures do not depend on
it), and reports the first strategy's win rate (ties count half) and mean spread, each with
its 95% interval over the pairs, the average scores and the pairs played a second
(``benchmarks/results/bench_strength.json``).

``static`` measures the ``equity`` player's fixes (issue 25) against the player before them
(:mod:`strength_players`): all fixes together, and each on its own, on TWL98 (``OWL.txt``)
with MAGPIE's ``TWL98.klv2`` leave table from the shared folder (ENABLE with the shipped
table when it is absent, said so in the result).  ``sim`` measures the simulation's fixes
with a simulating player (:mod:`strength_players`) against the old simulation and against
the static player.  ``champion`` measures the championship player against the ``equity``
player, against the ``endgame`` player (the same exact endgame: what the simulation adds;
``blind-endgame`` the same without inference), against itself before it needed a margin over
the static choice by one standard error against itself playing the simulation's leader
(``margin``: ``champion-margin``; ``margin-equity`` and ``margin-endgame``: that player
against ``equity`` and ``endgame``), with inference against without (``champion-blind``),
spending its turn by successive halving against simulating every candidate alike
(``halving``: ``champion-uniform``), and simulating 3 or 4 plies instead of 2 against the ``endgame`` player
(``plies3``, ``plies4``), at ``--move-time`` CPU seconds a move (1 by default; the exact
searches near the end get the same), with ``--pairs`` below :data:`FULL_RUN` marked
``"preliminary"``; the result file keeps each comparison at each budget (``endgame@1s``).
Pair ``i`` uses seed ``--seed + i``; each comparison keeps a checkpoint under
``--checkpoint-dir`` and resumes from it (a run with more pairs extends it, one with fewer
reports its first pairs).  A pair is counted *decided* when its two
games are not a tie on both sides at the same scores (the players played differently).

Usage::

    python benchmarks/bench_strength.py                       # matchups: 1,000 pairs each
    python benchmarks/bench_strength.py --pairs 200 --matchups equity,greedy
    nice -n 10 python benchmarks/bench_strength.py static --pairs 3000 --only all
    nice -n 10 python benchmarks/bench_strength.py sim --pairs 100 --iterations 48
    nice -n 10 python benchmarks/bench_strength.py champion --pairs 200 --move-time 1
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness
import strength_players

from wordgames.lexicon import Lexicon, load_lexicon
from wordgames.scrabble.game.autoplay import PairsResult, play_pairs
from wordgames.scrabble.game.intervals import Estimate
from wordgames.scrabble.game.state import GameSettings
from wordgames.scrabble.leaves import load_leaves
from wordgames.scrabble.strategy.equity import use_leaves

DEFAULT_MATCHUPS = ("equity,greedy", "leave,greedy")
GROUP_DEFAULTS = {  # pairs, first seed, workers (None: every core)
    "matchups": (1000, 1, None),
    "static": (200, 250_000, 1),
    "sim": (200, 250_000, 1),
    "champion": (200, 250_000, 1),
}
FULL_RUN = 200
"""Pairs a champion comparison needs before its figure is more than preliminary."""
CHAMPION = {
    "equity": ("champion", "equity", "the championship player against the static player"),
    "infer": ("champion", "champion-blind", "the championship player with inference against without"),
    "endgame": ("champion", "endgame", "the championship player against the static player with the same "
                "exact endgame and one-tile pre-endgame (what the simulation adds)"),
    "margin": ("champion-margin", "champion", "the championship player needing a margin of one standard "
               "error to play another turn than the static player's, against playing the simulation's "
               "leader"),
    "margin-endgame": ("champion-margin", "endgame", "the championship player needing a margin of one "
                       "standard error over the static choice, against the static player with the same "
                       "exact endgame and one-tile pre-endgame"),
    "margin-equity": ("champion-margin", "equity", "the championship player needing a margin of one "
                      "standard error to play another turn than the static player's, against the static "
                      "player"),
    "halving": ("champion", "champion-uniform", "the championship player spending its turn by successive "
                "halving against itself simulating every candidate alike"),
    "plies3": ("champion-3ply", "endgame", "the championship player simulating 3 plies against the static "
               "player with the same exact endgame (compare with endgame: 2 plies)"),
    "plies4": ("champion-4ply", "endgame", "the championship player simulating 4 plies against the static "
               "player with the same exact endgame (compare with endgame: 2 plies)"),
    "blind-endgame": ("champion-blind", "endgame", "the championship player without inference against the "
                      "static player with the same exact endgame"),
}
STATIC = {
    "all": ("equity", "equity-old", "every fix against the player before them"),
    "pass": ("equity", "equity-oldpass", "the pass as a last resort, alone"),
    "not-out": ("equity", "equity-nonotout", "the constant for not going out, alone"),
    "vowel": ("equity-vowel", "equity-novowel", "the opening vowel penalty, alone"),
}


def interval(estimate: Estimate, digits: int) -> str | None:
    """The 95% interval as text, or None for a single pair."""
    if estimate.interval is None:
        return None
    low, high = estimate.interval
    return f"{low:.{digits}f} to {high:.{digits}f}"


def matchups(args: argparse.Namespace) -> dict[str, Any]:
    """Each matchup on ENABLE with the shipped table, one line each on stdout."""
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
    return {"lexicon": "enable", "first seed": args.seed, "matchups": rows}


def setting_up(shared: Path | None) -> tuple[Lexicon, str]:
    """The lexicon (and leave table, made every equity player's) the pairs use."""
    if shared is not None and (shared / "lexicons" / "OWL.txt").is_file() \
            and (shared / "external" / "magpie-data" / "TWL98.klv2").is_file():
        use_leaves(load_leaves(str(shared / "external" / "magpie-data" / "TWL98.klv2")))
        return load_lexicon(str(shared / "lexicons" / "OWL.txt")), "OWL.txt + TWL98.klv2"
    return load_lexicon("enable"), "enable + shipped table (the shared folder is absent)"


def figures(result: PairsResult, note: str) -> dict[str, Any]:
    """One comparison's JSON figures."""
    win, spread = result.win_rate, result.mean_spread
    decided = sum(1 for o in result.outcomes if o.scores[0] != tuple(reversed(o.scores[1])))
    return {
        "a": result.strategies[0], "b": result.strategies[1], "what": note,
        "pairs": result.pairs, "seed": result.seed, "decided_pairs": decided,
        "win_rate": round(win.mean, 4),
        "win_rate_ci95": None if win.interval is None else [round(x, 4) for x in win.interval],
        "mean_spread": round(spread.mean, 2),
        "mean_spread_ci95": None if spread.interval is None else [round(x, 2) for x in spread.interval],
        "average_scores": [round(result.average_score(0), 1), round(result.average_score(1), 1)],
        "seconds": round(result.seconds, 1), "workers": result.workers,
    }


def run_pairs(lexicon: Lexicon, a: str, b: str, args: argparse.Namespace, settings: GameSettings,
              tag: str) -> PairsResult:
    """Play the pairs of one comparison, resuming its checkpoint; progress on stderr."""
    checkpoint = None
    if args.checkpoint_dir is not None:
        args.checkpoint_dir.mkdir(parents=True, exist_ok=True)
        checkpoint = args.checkpoint_dir / f"{tag}.checkpoint"
    started = time.perf_counter()

    def progress(done: int, _outcome: object) -> None:
        if done % 50 == 0 or done == args.pairs:
            print(f"  {tag}: {done}/{args.pairs} pairs, {time.perf_counter() - started:.0f} s",
                  file=sys.stderr, flush=True)

    return play_pairs(lexicon, args.pairs, (a, b), args.seed, settings, workers=args.workers,
                      on_pair=progress, checkpoint=checkpoint)


def static(args: argparse.Namespace) -> dict[str, Any]:
    """The static player's fixes, each a comparison."""
    lexicon, words = setting_up(harness.shared_folder(args.shared))
    settings = GameSettings(end_rule="tournament")
    comparisons = {}
    for key in args.only or list(STATIC):
        a, b, note = STATIC[key]
        result = run_pairs(lexicon, a, b, args, settings, f"static-{key}-{args.seed}")
        comparisons[key] = figures(result, note)
        print(comparisons[key], file=sys.stderr)
    return {"lexicon": words, "end_rule": settings.end_rule, "comparisons": comparisons}


def sim(args: argparse.Namespace) -> dict[str, Any]:
    """The simulation's fixes: the new simulating player against the old simulation and
    against the static player, at the same iteration budget."""
    lexicon, words = setting_up(harness.shared_folder(args.shared))
    settings = GameSettings(end_rule="tournament")
    names = strength_players.register_simulators(args.candidates, args.plies, args.iterations)
    comparisons = {}
    pairs = {"new-old": (names["new"], names["old"], "the fixed simulation against the old one"),
             "new-static": (names["new"], "equity", "the fixed simulation against the static player"),
             "old-static": (names["old"], "equity", "the old simulation against the static player"),
             "win-equity": (names["new"], names["new-equity"],
                            "choosing by win probability and spread against by spread alone")}
    for key in args.only or list(pairs):
        a, b, note = pairs[key]
        tag = f"sim-{key}-{args.seed}-{args.candidates}x{args.plies}x{args.iterations}"
        comparisons[key] = figures(run_pairs(lexicon, a, b, args, settings, tag), note)
        print(comparisons[key], file=sys.stderr)
    speed = {}
    for role in ("new", "old"):  # CPU per simulated move, from fresh pairs against the static player
        strength_players.reset_move_clock()
        play_pairs(lexicon, args.speed_pairs, (names[role], "equity"), args.seed + 1_000_000, settings,
                   workers=1)
        speed[role] = strength_players.move_clock()
    return {"lexicon": words, "end_rule": settings.end_rule, "candidates": args.candidates,
            "plies": args.plies, "iterations": args.iterations, "comparisons": comparisons,
            "cpu_seconds_per_move": speed, "speed_pairs": args.speed_pairs}


def champion(args: argparse.Namespace) -> dict[str, Any]:
    """The championship player at ``--move-time`` CPU seconds a move."""
    lexicon, words = setting_up(harness.shared_folder(args.shared))
    settings = GameSettings(end_rule="tournament", move_time=args.move_time, endgame_time=args.move_time)
    comparisons = {}
    for key in args.only or ["equity"]:
        a, b, note = CHAMPION[key]
        tag = f"champion-{key}-{args.seed}-{args.move_time:g}s"
        found = figures(run_pairs(lexicon, a, b, args, settings, tag), note)
        found["preliminary"] = args.pairs < FULL_RUN
        found["move_time_cpu_seconds"] = args.move_time
        comparisons[timed_key(key, args.move_time)] = found
        print(found, file=sys.stderr)
    return {"lexicon": words, "end_rule": settings.end_rule, "comparisons": comparisons,
            "note": f"figures over fewer than {FULL_RUN} pairs are preliminary: the interval is wide"}


def timed_key(key: str, move_time: float) -> str:
    """A champion comparison's key in the result file: the comparison and the CPU seconds a
    move (``endgame@1s``), so runs of one comparison at two budgets are both kept."""
    return f"{key}@{move_time:g}s"


def main() -> None:
    """Run one group of comparisons and write its result file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("group", nargs="?", choices=tuple(GROUP_DEFAULTS), default="matchups",
                        help="what to measure (default matchups)")
    parser.add_argument("--pairs", type=int, default=None,
                        help="pairs per matchup or comparison (default 1000 for matchups, else 200)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the first pair (default 1 for matchups, else 250000)")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes (default: every core for matchups, else 1)")
    parser.add_argument("--matchups", nargs="+", default=list(DEFAULT_MATCHUPS),
                        help="matchups: A,B strategy pairs (default: equity,greedy leave,greedy)")
    parser.add_argument("--only", action="append", help="a comparison to run (repeatable)")
    parser.add_argument("--checkpoint-dir", type=Path, default=harness.RESULTS / "checkpoints",
                        help="where each comparison's checkpoint is kept")
    parser.add_argument("--candidates", type=int, default=8, help="sim: candidates (default 8)")
    parser.add_argument("--plies", type=int, default=2, help="sim: plies (default 2)")
    parser.add_argument("--iterations", type=int, default=32, help="sim: iterations a move (default 32)")
    parser.add_argument("--move-time", type=float, default=1.0,
                        help="champion: CPU seconds a move (default 1)")
    parser.add_argument("--speed-pairs", type=int, default=2,
                        help="sim: fresh pairs against the static player that time a move (default 2)")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    pairs, seed, workers = GROUP_DEFAULTS[args.group]
    args.pairs = pairs if args.pairs is None else args.pairs
    args.seed = seed if args.seed is None else args.seed
    args.workers = workers if args.workers is None else args.workers
    if args.group == "matchups":
        run = harness.Run("bench_strength", args)
        run.finish(matchups(args))
        return
    run = harness.Run(f"strength_{args.group}", args)
    results = {"static": static, "sim": sim, "champion": champion}[args.group](args)
    previous = harness.read_result(f"strength_{args.group}")
    if previous is not None and args.only:  # keep the comparisons not run this time
        kept = previous["results"].get("comparisons", {})
        if "move_time_cpu_seconds" in previous["results"]:  # a run that recorded it once for all
            for comparison in kept.values():
                comparison.setdefault("move_time_cpu_seconds", previous["results"]["move_time_cpu_seconds"])
        if args.group == "champion":  # files from before the keys named the budget
            kept = {key if "@" in key else timed_key(key, entry["move_time_cpu_seconds"]): entry
                    for key, entry in kept.items()}
        results["comparisons"] = {**kept, **results["comparisons"]}
    run.finish(results)


if __name__ == "__main__":
    main()
