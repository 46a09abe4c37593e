"""Endgames of real games: the position where each replayable game of the shared data folder's
``external/gcg`` empties the bag, solved with a time limit per position; prints each and the
distribution, and writes them to ``benchmarks/results/bench_endgame_real.json``.

    python benchmarks/bench_endgame_real.py [--time 30] [--clock wall|cpu]
                                            [--games N] [--start K] [--shared DIR]
                                            [--off TECHNIQUE ...] [--on TECHNIQUE ...]
                                            [--within 5 30] [--jobs N] [--workers W]

``--off`` turns techniques off (fields of ``SearchOptions``: ``move_cache``, ``killers``...) to
measure what each brings, ``--on`` those off by default (``pruned_lexicon``); ``--workers``
runs each search on W processes over one shared table (Lazy SMP, on the wall clock).  A position's
search time does not depend on the limit once it is proven (the search is deterministic), so
one run with the longest limit gives the share proven within each of the ``--within`` limits
too, on the CPU clock.  A node is a position the search visits or, one ply before the horizon,
a child it values without visiting.

A game's position is the first turn whose rack is recorded and after which at most a rack's
worth of tiles is unseen (the bag is empty): the mover has that rack, the opponent the unseen
tiles.  Games come from gcg/cases.json (those expected to replay), each on its word list plus
the extra words the case names.  Reads the shared data in place; nothing is copied.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.errors import WordGamesError
from wordgames.lexicon import Lexicon, lexicon_from_words, load_lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.layout import standard_layout
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, rack_tile
from wordgames.scrabble.endgame import SearchOptions, solve_endgame
from wordgames.scrabble.formats.gcg import (
    EXCHANGE,
    MOVE,
    PASS,
    GcgEvent,
    read_gcg,
    replay_gcg,
    tile_set_from_pragma,
)
from wordgames.scrabble.rules.registry import get_rules

HAND = 7


def bag_empty_position(path: Path, lexicon: Lexicon, flags: list[str],
                       bag: int = 0) -> tuple[Board, str, str] | None:
    """(board, mover's rack, unseen tiles) at the first turn with a recorded rack where at most
    ``bag`` tiles are in the bag (the unseen tiles at most a rack's worth more), or None; with
    ``bag`` above 0, the bag must not be empty yet there."""
    record = read_gcg(path)
    pragma = record.tile_distribution
    tile_set = tile_set_from_pragma(pragma) if pragma else STANDARD_ENGLISH
    full = Counter(tile_set.full_bag())
    seen: list[tuple[GcgEvent, Board]] = []
    layout = standard_layout() if "--layout" in flags else None
    result = replay_gcg(record, lexicon, tile_set=tile_set, layout=layout,
                        observe=lambda event, board: seen.append((event, board.copy())))
    stop = result.discrepancy.line if result.discrepancy is not None else None
    for event, board in seen:
        if stop is not None and event.line >= stop:
            return None
        if not event.rack or event.kind not in (MOVE, PASS, EXCHANGE):
            continue
        unseen = Counter(full)
        unseen.subtract(rack_tile(tile) for _, _, tile in board.tiles())
        unseen.subtract(Rack.parse(event.rack).tiles())
        if any(count < 0 for count in unseen.values()):
            return None
        left = sum(unseen.values())
        if 0 < left <= HAND + bag:
            if bag and left <= HAND:
                return None
            return board, event.rack, "".join(sorted(unseen.elements()))
    return None


_LISTS: dict[str, Lexicon] = {}  # each worker's word lists, read once


def case_lexicon(case: dict[str, Any], shared: Path) -> Lexicon:
    """The word list a game case is played on (its list plus the extra words it names), each
    list read once per process."""
    base = case["lexicon"]
    if base not in _LISTS:
        _LISTS[base] = load_lexicon(shared / "lexicons" / f"{base}.txt")
    extras = [entry["word"] for entry in case.get("extra_words", [])]
    return lexicon_from_words([*_LISTS[base], *extras]) if extras else _LISTS[base]


def replayable_cases(shared: Path | None) -> list[dict[str, Any]] | None:
    """The cases of ``external/gcg/cases.json`` expected to replay, or None (saying why) when
    the shared data folder lacks it."""
    if shared is None or not (shared / "external" / "gcg" / "cases.json").exists():
        print("external/gcg/cases.json is missing: no shared data folder (--shared)", file=sys.stderr)
        return None
    cases = json.loads((shared / "external" / "gcg" / "cases.json").read_text())
    return [case for case in cases if case["expect"] == "pass"]


def selected_cases(args: argparse.Namespace) -> tuple[Path, list[dict[str, Any]]] | None:
    """The shared folder and the replayable cases ``--start`` and ``--games`` pick, or None
    (saying why) without the shared data."""
    shared = harness.shared_folder(args.shared)
    cases = replayable_cases(shared)
    if shared is None or cases is None:
        return None
    return shared, cases[args.start:] if args.games is None else cases[args.start:args.start + args.games]


def case_position(case: dict[str, Any], shared: Path) -> tuple[Lexicon, tuple[Board, str, str]] | str:
    """A game case's word list and its empty-bag position (board, mover's rack, unseen
    tiles), or why it has none."""
    lexicon = case_lexicon(case, shared)
    try:
        found = bag_empty_position(shared / "external" / case["file"], lexicon, case.get("flags", []))
    except WordGamesError as error:
        return f"{case['id']}: cannot be read ({error})"
    if found is None:
        return f"{case['id']}: no empty-bag position with a known rack"
    return lexicon, found


Job = tuple[dict[str, Any], float, str, list[str], list[str], str, int]
"""A position's case, time limit, clock name, techniques off and on, shared folder, workers."""


def solve_case(job: Job) -> dict[str, Any] | str:
    """Solve one game's empty-bag position (in a worker process): its figures, or why it has
    none."""
    case, limit, clock_name, off, on, shared_name, workers = job
    clock = harness.clock_named(clock_name)
    found = case_position(case, Path(shared_name))
    if isinstance(found, str):
        return found
    lexicon, (board, rack, opponent) = found
    started = clock()
    options = SearchOptions(clock=clock, workers=workers,
                            **{**dict.fromkeys(off, False), **dict.fromkeys(on, True)})
    result = solve_endgame(board, (rack, opponent), lexicon, get_rules("classic"), time_limit=limit,
                           options=options)
    seconds = clock() - started
    first = result.moves[0].move if result.moves else None
    return {"game": case["id"], "racks": f"{rack} vs {opponent}", "value": result.value,
            "proven": result.exact, "depth": result.depth, "nodes": result.nodes,
            "seconds": round(seconds, 2), "full racks": len(rack) == len(opponent) == HAND,
            "first": "pass" if first is None else first.word}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=30.0, help="seconds per position")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="measure the limit in wall-clock seconds or in this process's CPU "
                             "seconds (fair on a shared, loaded machine)")
    parser.add_argument("--games", type=int, default=None, help="only the first N games")
    parser.add_argument("--start", type=int, default=0, help="skip the first K games")
    parser.add_argument("--off", nargs="*", default=[], help="techniques to turn off (SearchOptions fields)")
    parser.add_argument("--on", nargs="*", default=[], help="techniques to turn on (SearchOptions fields)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="positions solved at once, each search on one core (with --clock cpu "
                             "each keeps its own time)")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes each search runs on (Lazy SMP; measure it with --clock wall: "
                             "the CPU clock counts the main process alone)")
    parser.add_argument("--within", nargs="*", type=float, default=[5.0, 30.0],
                        help="report the share proven within each of these limits (at most --time)")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_endgame_real", args)
    selected = selected_cases(args)
    if selected is None:
        return 1
    shared, cases = selected
    if args.workers > 1 and args.clock == "cpu":
        parser.error("--workers above 1 needs --clock wall (the CPU clock counts one process)")
    jobs = [(case, args.time, args.clock, args.off, args.on, str(shared), args.workers) for case in cases]
    rows = []
    positions: list[dict[str, object]] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for entry in pool.map(solve_case, jobs):
            if isinstance(entry, str):
                print(entry, flush=True)
                continue
            shown = entry.pop("first")
            rows.append((bool(entry["proven"]), float(entry["seconds"])))  # type: ignore[arg-type]
            positions.append(entry)
            verdict = "exact" if entry["proven"] else "NOT proven"
            print(f"{entry['game']}: {entry['racks']}: value {entry['value']:+d} {verdict} "
                  f"depth {entry['depth']} nodes {entry['nodes']} {entry['seconds']:.2f} s, first {shown}",
                  flush=True)
    if not rows:
        return 1
    times = sorted(wall for _, wall in rows)
    proven = sum(exact for exact, _ in rows)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    share = 100 * proven / len(rows)
    print(f"\npositions {len(rows)}, proven within {args.time:g} s: {proven} ({share:.0f}%)")
    print(f"seconds: median {statistics.median(times):.2f}, 90th percentile {p90:.2f}, worst {times[-1]:.2f}")
    within = {f"proven within {limit:g} s": sum(exact and wall <= limit for exact, wall in rows)
              for limit in args.within if limit <= args.time}
    for label, count in within.items():
        print(f"{label}: {count} ({100 * count / len(rows):.0f}%)")
    full = [entry for entry in positions if entry["full racks"]]
    nodes = sum(int(entry["nodes"]) for entry in positions)  # type: ignore[call-overload]
    seconds = sum(wall for _, wall in rows)
    print(f"nodes a second: {nodes / seconds:.0f} overall")
    run.finish({"time limit s": args.time, "clock": args.clock, "techniques off": args.off,
                "techniques on": args.on, "workers": args.workers,
                **within, "full-rack positions": len(full),
                "full-rack proven": sum(bool(entry["proven"]) for entry in full),
                "nodes a second": round(nodes / seconds), "positions": len(rows),
                "proven": proven, "proven share": round(proven / len(rows), 3),
                "seconds (median)": round(statistics.median(times), 2),
                "seconds (90th percentile)": round(p90, 2), "seconds (worst)": round(times[-1], 2),
                "games": positions})
    return 0


if __name__ == "__main__":
    sys.exit(main())
