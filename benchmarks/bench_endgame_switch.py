"""One endgame search technique on and off, runs interleaved, on real games' endgames: what
the switch changes in time where both settings prove the position with the same nodes (only
the speed differs there), measured against the machine's drift; writes
``benchmarks/results/bench_endgame_switch.json``.

    python benchmarks/bench_endgame_switch.py --switch pruned_lexicon [--time 10]
                                              [--games N] [--start K] [--repeat 5]

The positions are those of ``bench_endgame_real.py`` (where each replayable game empties the
bag).  Each is solved within ``--time`` CPU seconds with the switch on and then off; where both
prove it, more pairs follow (``--repeat`` in all), on and off alternately, which goes first
alternating too, so a change in the machine's load falls on both; an untimed solve each way
first makes the lexicon's tables.  Per position: the median CPU seconds of the set-up (the searcher and its
tables; the word graph's pruning, a part of it, reported apart) and of the whole solve each
way, the nodes, and the size of the node table the move generator walks.
Reported: the summed medians and their ratio (on / off), the median of the per-position
ratios, and the positions proven one way only (a switch that changes the search's order
changes the nodes too: such positions are listed, not timed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness
from bench_endgame_real import case_position, selected_cases

from wordgames.collector import older_objects_set_aside
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.endgame import SearchOptions
from wordgames.scrabble.endgame.position import SearchPosition
from wordgames.scrabble.endgame.results import EndgameResult
from wordgames.scrabble.endgame.solver import Searcher
from wordgames.scrabble.rules.registry import get_rules

RULES = get_rules("classic")


@older_objects_set_aside()
def solve_once(board: Board, racks: tuple[str, str], lexicon: Lexicon, switch: str, on: bool,
               limit: float) -> tuple[EndgameResult, float, int, float]:
    """One solve as ``solve_endgame`` does it: the result, the set-up's CPU seconds, the size
    of the node table the move generator walks, and the seconds spent pruning it."""
    clock = harness.cpu_clock
    started = clock()
    position = SearchPosition(board, racks, RULES.tile_set)
    options = SearchOptions(clock=clock, **{switch: on})
    searcher = Searcher(position, lexicon, RULES, options, limit)
    setup = clock() - started
    kernel = searcher.search.kernel
    nodes = 0 if kernel is None else len(kernel.masks)
    return searcher.solve(time_limit=limit, started=started), setup, nodes, searcher.prune_seconds


def measure(case: dict[str, Any], shared: Path, switch: str, limit: float,
            repeat: int) -> dict[str, Any] | str:
    """One position's figures, or why it has none."""
    found = case_position(case, shared)
    if isinstance(found, str):
        return found
    lexicon, (board, rack, opponent) = found
    racks = (rack, opponent)
    for on in (True, False):  # untimed: the lexicon's tables for the move generator are made once
        solve_once(board, racks, lexicon, switch, on, 0.01)
    runs: dict[bool, list[tuple[EndgameResult, float, int, float]]] = {True: [], False: []}
    for on in (True, False):
        runs[on].append(solve_once(board, racks, lexicon, switch, on, limit))
    both = runs[True][0][0].exact and runs[False][0][0].exact
    if both:
        for number in range(1, repeat):
            for on in (True, False) if number % 2 == 0 else (False, True):
                runs[on].append(solve_once(board, racks, lexicon, switch, on, limit))
    row: dict[str, Any] = {"game": case["id"], "racks": f"{rack} vs {opponent}", "proven both": both}
    for on, label in ((True, "on"), (False, "off")):
        first = runs[on][0][0]
        row[f"proven {label}"] = first.exact
        row[f"value {label}"] = first.value
        row[f"nodes {label}"] = first.nodes
        row[f"graph nodes {label}"] = runs[on][0][2]
        row[f"set-up s {label}"] = round(statistics.median(run[1] for run in runs[on]), 5)
        row[f"pruning s {label}"] = round(statistics.median(run[3] for run in runs[on]), 5)
        row[f"seconds {label}"] = round(statistics.median(run[0].seconds for run in runs[on]), 4)
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--switch", required=True, help="the SearchOptions field to turn on and off")
    parser.add_argument("--time", type=float, default=10.0, help="CPU seconds per solve")
    parser.add_argument("--games", type=int, default=None, help="only the first N games")
    parser.add_argument("--start", type=int, default=0, help="skip the first K games")
    parser.add_argument("--repeat", type=int, default=5, help="solves each way where both prove")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    if args.switch not in SearchOptions.__dataclass_fields__ or args.repeat < 1:
        parser.error(f"--switch must name a SearchOptions field ({args.switch!r} does not) "
                     "and --repeat be at least 1")
    run = harness.Run("bench_endgame_switch", args)
    selected = selected_cases(args)
    if selected is None:
        return 1
    shared, cases = selected
    rows = []
    for case in cases:
        entry = measure(case, shared, args.switch, args.time, args.repeat)
        if isinstance(entry, str):
            print(entry, flush=True)
            continue
        rows.append(entry)
        print(f"{entry['game']}: on {entry['seconds on']:.3f} s "
              f"({entry['set-up s on'] * 1000:.1f} ms set-up, "
              f"{entry['pruning s on'] * 1000:.1f} ms pruning, "
              f"{entry['graph nodes on']} graph nodes), off {entry['seconds off']:.3f} s "
              f"({entry['graph nodes off']}); nodes {entry['nodes on']} / {entry['nodes off']}", flush=True)
    timed = [row for row in rows if row["proven both"]]
    if not timed:
        return 1
    same = [row for row in timed if row["nodes on"] == row["nodes off"]]
    on = sum(row["seconds on"] for row in timed)
    off = sum(row["seconds off"] for row in timed)
    ratios = [row["seconds on"] / row["seconds off"] for row in timed]
    one_way = [row["game"] for row in rows if row["proven on"] != row["proven off"]]
    changed = [row["game"] for row in timed if row["value on"] != row["value off"]]
    print(f"\n{len(timed)} positions proven both ways ({len(same)} with the same nodes): "
          f"{on:.2f} s on, {off:.2f} s off (ratio {on / off:.3f}); "
          f"median ratio {statistics.median(ratios):.3f}; "
          f"set-up on {sum(row['set-up s on'] for row in timed):.3f} s, off "
          f"{sum(row['set-up s off'] for row in timed):.3f} s; pruning (on) "
          f"{sum(row['pruning s on'] for row in timed):.3f} s")
    print(f"proven one way only: {one_way or 'none'}; values that differ: {changed or 'none'}")
    run.finish({"switch": args.switch, "time limit s": args.time, "repeat": args.repeat,
                "positions": len(rows), "proven both": len(timed), "same nodes": len(same),
                "seconds on": round(on, 3), "seconds off": round(off, 3), "ratio": round(on / off, 3),
                "median ratio": round(statistics.median(ratios), 3),
                "set-up s on": round(sum(row["set-up s on"] for row in timed), 4),
                "set-up s off": round(sum(row["set-up s off"] for row in timed), 4),
                "pruning s on": round(sum(row["pruning s on"] for row in timed), 4),
                "proven one way only": one_way, "values that differ": changed, "games": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
