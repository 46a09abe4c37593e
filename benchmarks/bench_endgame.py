"""Endgame search techniques measured: nodes and time with the defaults ("all on": every
technique but the pruned word graph), with each technique turned off in turn and with the
pruned word graph turned on, on the same positions, each solved exactly.

    python benchmarks/bench_endgame.py [--positions 6] [--tiles 3] [--all-off]
                                       [--time S] [--real ID,ID,...] [--shared DIR]

Positions: seeded greedy games on ENABLE played until the bag is empty, each rack cut to its
first ``--tiles`` tiles; or with ``--real``, the bag-empty positions of the named real games
(see bench_endgame_real.py), full racks and all.  Configurations
are interleaved position by position, after one untimed solve of the position; seconds are
this process's CPU seconds, so a loaded machine slows the run but not the figures.  With
``--time`` a configuration stops at that limit on a position; the positions it does not prove
are counted, and its nodes and seconds then include the time it spent.  The figures go to
``benchmarks/results/bench_endgame.json`` (``bench_endgame_real_racks.json`` with ``--real``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness
from bench_endgame_real import bag_empty_position

import wordgames.scrabble  # noqa: F401  (registers the strategies)
from wordgames.lexicon import Lexicon, lexicon_from_words, load_lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.endgame import SearchOptions, solve_endgame
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.rules.classic import ClassicRules

CONFIGS = {
    "all on": SearchOptions(),
    "no ordering": SearchOptions(ordering=False),
    "no transposition table": SearchOptions(transposition_table=False),
    "no killer moves": SearchOptions(killers=False),
    "no PVS": SearchOptions(pvs=False),
    "no aspiration": SearchOptions(aspiration=False),
    "no move cache": SearchOptions(move_cache=False),
    "no frontier valuing": SearchOptions(frontier=False),
    "no estimated order": SearchOptions(estimated_order=False),
    "no stuck tiles": SearchOptions(stuck_tiles=False),
    "pruned word graph": SearchOptions(pruned_lexicon=True),  # off by default
}
ALL_OFF = SearchOptions(**dict.fromkeys(
    ["ordering", "transposition_table", "killers", "pvs", "aspiration", "move_cache", "frontier",
     "estimated_order", "stuck_tiles", "pruned_lexicon"], False))


def positions(lexicon: Lexicon, count: int, tiles: int) -> list[tuple[Board, str, str]]:
    """Bag-empty positions of seeded greedy games, racks cut to ``tiles`` tiles."""
    found = []
    seed = 0
    while len(found) < count:
        game = Game([Player("a", "greedy"), Player("b", "greedy")], lexicon, GameSettings(seed=seed))
        seed += 1
        while not game.is_over and len(game.bag):
            game.play_computer_turn()
        if game.is_over:
            continue
        mover, other = game.current_player.rack.tiles(), game.players[1 - game.current].rack.tiles()
        if mover and other:
            found.append((game.board.copy(), "".join(mover[:tiles]), "".join(other[:tiles])))
    return found


def real_positions(ids: list[str], shared: Path) -> list[tuple[Board, str, str, Lexicon]]:
    """The bag-empty positions of the named games of ``shared``/external/gcg (case ids of
    its cases.json, as bench_endgame_real.py finds them), each with its word list."""
    listed = json.loads((shared / "external" / "gcg" / "cases.json").read_text())
    cases = {case["id"]: case for case in listed}
    found = []
    lists: dict[str, Lexicon] = {}
    for case_id in ids:
        case = cases[case_id]
        base = case["lexicon"]
        if base not in lists:
            lists[base] = load_lexicon(shared / "lexicons" / f"{base}.txt")
        extras = [entry["word"] for entry in case.get("extra_words", [])]
        lexicon = lexicon_from_words([*lists[base], *extras]) if extras else lists[base]
        position = bag_empty_position(shared / "external" / case["file"], lexicon, case.get("flags", []))
        if position is None:
            raise SystemExit(f"{case_id}: no empty-bag position with a known rack")
        found.append((*position, lexicon))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--tiles", type=int, default=3, help="tiles kept on each rack")
    parser.add_argument("--all-off", action="store_true", help="also every technique off (slow)")
    parser.add_argument("--time", type=float, default=None,
                        help="CPU seconds a configuration may spend on a position (default: no limit)")
    parser.add_argument("--real", default=None,
                        help="comma-separated case ids of the shared folder's external/gcg: their "
                             "bag-empty positions, full racks, instead of the seeded games")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_endgame_real_racks" if args.real else "bench_endgame", args)
    configs = dict(CONFIGS, **({"all off": ALL_OFF} if args.all_off else {}))
    rules = ClassicRules()
    if args.real:
        shared = harness.shared_folder(args.shared)
        if shared is None:
            raise SystemExit("--real needs the shared data folder (--shared)")
        chosen = real_positions(args.real.split(","), shared)
    else:
        lexicon = load_lexicon("enable")
        chosen = [(*found, lexicon) for found in positions(lexicon, args.positions, args.tiles)]
    nodes: dict[str, list[int]] = {name: [] for name in configs}
    seconds: dict[str, list[float]] = {name: [] for name in configs}
    unproven: dict[str, int] = dict.fromkeys(configs, 0)
    for board, mover, other, lexicon in chosen:
        # Untimed first: whatever the move generator keeps between calls is then warm for
        # every configuration alike, not only for the ones that come after the first.
        solve_endgame(board, (mover, other), lexicon, rules)
        values = set()
        for name, options in configs.items():
            result = solve_endgame(board, (mover, other), lexicon, rules, time_limit=args.time,
                                   options=replace(options, clock=harness.cpu_clock))
            if result.exact:
                values.add(result.value)
            else:
                unproven[name] += 1
            nodes[name].append(result.nodes)
            seconds[name].append(result.seconds)
        assert len(values) <= 1, "every configuration that proves a value must find the same"
        shown = f"{values.pop():+d}" if values else "not proven"
        print(f"{mover} vs {other}: value {shown}", flush=True)
    limit = f" (at most {args.time:g} CPU s each)" if args.time else ""
    racks = "real games' racks" if args.real else f"racks of {args.tiles} tiles"
    print(f"\n{len(chosen)} positions, {racks}{limit}")
    print(f"{'configuration':<24} {'nodes':>9} {'seconds':>9} {'median s':>9}  vs all on (nodes, time)")
    base_nodes, base_time = sum(nodes["all on"]), sum(seconds["all on"])
    rows = []
    for name in configs:
        total_nodes, total_time = sum(nodes[name]), sum(seconds[name])
        print(f"{name:<24} {total_nodes:>9} {total_time:>9.2f} {statistics.median(seconds[name]):>9.2f}  "
              f"x{total_nodes / base_nodes:.2f}, x{total_time / base_time:.2f}"
              + (f"  ({unproven[name]} not proven)" if unproven[name] else ""))
        rows.append({"configuration": name, "nodes": total_nodes, "CPU s": round(total_time, 2),
                     "median CPU s": round(statistics.median(seconds[name]), 3),
                     "nodes vs all on": round(total_nodes / base_nodes, 2),
                     "time vs all on": round(total_time / base_time, 2),
                     "not proven": unproven[name]})
    run.finish({"positions": len(chosen), "racks": racks, "time limit CPU s": args.time,
                "configurations": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
