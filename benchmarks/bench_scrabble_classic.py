"""Benchmark the classic-rules move generator on 15x15 midgame positions.

Positions come from seeded greedy self-play (two players, standard board, standard tiles)
with SOWPODS (from the shared data folder's ``lexicons/``, when present) and the shipped ENABLE list: the
board after turns 6, 10 and 14 of each game.  Each position gets seeded racks of seven tiles
drawn from the tiles not on the board, with 0, 1 and 2 blanks.  For both lexicon backends it
prints, over all positions (median and 95th percentile, milliseconds of process CPU time):

* ``full``: every legal move, cross-checks included, as compact records
  (``MoveGenerator.raw_moves``);
* ``+Move``: every legal move as :class:`Move` objects with their words, through the public
  API (``list(ClassicRules().generate_moves(...))``);
* ``best``: the top move by the bounded search (``ClassicRules().best_moves(..., 1)``);
* ``cold``: ``full`` on a lexicon whose memo (node expansions, cross-check sets; for the
  compiled core's kernel its lexicon arrays and buffers, not the packed node table kept with
  the lexicon) was just emptied — what the first call of a process pays.

``full``, ``+Move`` and ``best`` are measured after one untimed call per position, as in a
game where the generator keeps its memo; each position's figure is the fastest of
``--repeat`` runs.  The tables go to ``benchmarks/results/bench_scrabble_classic.json``.
Nothing is asserted.

**Both cores in one run.**  The first line says which core ran (the move generator compiled
with Cython, or pure Python).  When it is the compiled one, the script then runs itself again
in a subprocess with ``WORDGAMES_PURE_PYTHON=1`` (or, with ``--pure-tree DIR``, the copy of
this script in a checkout ``DIR`` holding no compiled modules), prints that table too, and
the speed-up of each median (pure / compiled).  ``--no-pure`` skips the second run.

Usage::

    python benchmarks/bench_scrabble_classic.py           # SOWPODS and ENABLE, both backends
    python benchmarks/bench_scrabble_classic.py --quick   # SOWPODS (or ENABLE), trie only
    python benchmarks/bench_scrabble_classic.py --lexicons sowpods --backends trie
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.compiled import is_compiled
from wordgames.lexicon import Lexicon, backend_names, load_lexicon
from wordgames.scrabble import BLANK, STANDARD_ENGLISH, Bag, Board, Move, Rack
from wordgames.scrabble.movegen import board_arrays, extension
from wordgames.scrabble.movegen.generator import MoveGenerator
from wordgames.scrabble.movegen.tables import lexicon_tables
from wordgames.scrabble.rules.classic import ClassicRules

TURNS = (6, 10, 14)


def self_play_positions(lexicon: Lexicon, games: int) -> list[Board]:
    """Boards after TURNS of ``games`` seeded greedy games."""
    generator = MoveGenerator(lexicon)
    boards = []
    for seed in range(games):
        bag = Bag.full(STANDARD_ENGLISH, seed)
        board = Board()
        racks = [Rack(bag.draw(7)), Rack(bag.draw(7))]
        for turn in range(max(TURNS) + 1):
            if turn in TURNS:
                boards.append(board.copy())
            rack = racks[turn % 2]
            best = generator.best(board, rack, 1)
            if best:
                board.place_all((p.row, p.col, p.tile) for p in best[0].placed)
                rack.remove(p.tile for p in best[0].placed)
                rack.add(bag.draw(7 - len(rack)))
    return boards


def rack_for(board: Board, blanks: int, seed: int) -> Rack:
    """Seven tiles: ``blanks`` blanks and letters drawn from those not on the board."""
    unseen = Counter(tile for tile in STANDARD_ENGLISH.full_bag() if tile != BLANK)
    unseen.subtract(tile.upper() for _row, _col, tile in board.tiles() if tile.isupper())
    pool = sorted(unseen.elements())
    return Rack(random.Random(seed).sample(pool, 7 - blanks) + [BLANK] * blanks)


def cpu_ms(call: Callable[..., object], *arguments: object, repeat: int) -> float:
    """The least CPU time of ``repeat`` calls ``call(*arguments)``, in milliseconds (as
    ``timeit`` advises: slower runs measure other processes, not the code)."""
    return harness.best_of(lambda: call(*arguments), repeat) * 1000


def forget(generator: MoveGenerator) -> None:
    """Empty the generator's lexicon memo so the next call starts cold."""
    tables = lexicon_tables(generator.lexicon, generator.alphabet)
    tables.expansions.clear()
    tables.cross_masks.clear()
    tables.follows.clear()
    tables.kernels.clear()
    board_arrays._LEXICONS.clear()  # the kernel's lexicon arrays (child masks, heights)


Row = dict[str, object]
COLUMNS = ("full", "+Move", "best", "cold")


def summary(values: list[float]) -> list[float]:
    """Median and 95th percentile."""
    values = sorted(values)
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return [round(statistics.median(values), 3), round(p95, 3)]


def core_name() -> str:
    """Which move generator runs: "compiled" (Cython) or "pure" (Python)."""
    return "compiled" if is_compiled(extension) else "pure"


def all_moves(rules: ClassicRules, board: Board, rack: Rack, lexicon: Lexicon) -> list[Move]:
    """Every legal move through the public API, as :class:`Move` objects."""
    return list(rules.generate_moves(board, rack, lexicon))


def measure(args: argparse.Namespace) -> list[Row]:
    """One row per lexicon, backend and number of blanks, printed as it is measured unless
    ``--json``."""
    wanted = args.lexicons.split(",")
    shared = harness.shared_folder(args.shared)
    sowpods = shared / "lexicons" / "sowpods.txt" if shared else None
    lexicons = [("sowpods", str(sowpods))] if sowpods and sowpods.exists() and "sowpods" in wanted else []
    if "enable" in wanted:
        lexicons.append(("enable", "enable"))
    backends = args.backends.split(",")
    games = args.games
    if args.quick:
        lexicons, backends, games = lexicons[:1], ["trie"], 2
    if not args.json:
        print(f"core: {core_name()}")
        print(f"positions: {games} seeded greedy games x turns {', '.join(map(str, TURNS))}; "
              f"racks of 7 with 0/1/2 blanks; CPU ms, median and p95 over positions")
        print_header()
    rows: list[Row] = []
    rules = ClassicRules()
    for name, source in lexicons:
        positions = self_play_positions(load_lexicon(source, "trie"), games)
        for backend in backends:
            lexicon = load_lexicon(source, backend)
            generator = MoveGenerator(lexicon)
            for blanks in (0, 1, 2):
                racks = [rack_for(board, blanks, 100 * n + blanks) for n, board in enumerate(positions)]
                counts, full, objects, best, cold = [], [], [], [], []
                for board, rack in zip(positions, racks, strict=True):
                    forget(generator)
                    cold.append(cpu_ms(generator.raw_moves, board, rack, repeat=1))
                    counts.append(generator.count(board, rack))
                    full.append(cpu_ms(generator.raw_moves, board, rack, repeat=args.repeat))
                    objects.append(cpu_ms(all_moves, rules, board, rack, lexicon, repeat=args.repeat))
                    rules.best_moves(board, rack, lexicon, 1)
                    best.append(cpu_ms(rules.best_moves, board, rack, lexicon, 1, repeat=args.repeat))
                row: Row = {"lexicon": name, "backend": backend, "blanks": blanks,
                            "moves": statistics.median(counts), "full": summary(full),
                            "+Move": summary(objects), "best": summary(best), "cold": summary(cold)}
                rows.append(row)
                if not args.json:
                    print_row(row)
    return rows


def print_header() -> None:
    print(f"{'lexicon':8} {'backend':9} {'blanks':>6} {'moves':>7}   {'full ms':>15}   {'+Move ms':>15}"
          f"   {'best ms':>15}   {'cold ms':>15}")
    print(f"{'':8} {'':9} {'':>6} {'':>7}   {'median     p95':>15}   {'median     p95':>15}"
          f"   {'median     p95':>15}   {'median     p95':>15}")


def print_row(row: Row) -> None:
    cells = "".join(f"   {row[c][0]:7.2f} {row[c][1]:7.2f}" for c in COLUMNS)  # type: ignore[index]
    print(f"{row['lexicon']:8} {row['backend']:9} {row['blanks']:>6} {row['moves']:>7.0f}{cells}", flush=True)


def pure_rows(args: argparse.Namespace) -> tuple[str, list[Row]]:
    """The same measurement by the pure-Python core, in a subprocess."""
    script = Path(__file__).resolve()
    env = dict(os.environ, WORDGAMES_PURE_PYTHON="1")
    if args.pure_tree:
        script = Path(args.pure_tree).resolve() / "benchmarks" / script.name
    command = [sys.executable, str(script), "--json", "--no-pure", "--no-write", "--games", str(args.games),
               "--repeat", str(args.repeat), "--lexicons", args.lexicons, "--backends", args.backends]
    if args.quick:
        command.append("--quick")
    if args.shared:
        command += ["--shared", str(args.shared)]
    result = json.loads(subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout)
    return result["core"], result["rows"]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="one lexicon, trie backend, 2 games")
    parser.add_argument("--games", type=int, default=4, help="self-play games per lexicon (3 positions each)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per position")
    parser.add_argument("--lexicons", default="sowpods,enable", help="comma-separated: sowpods, enable")
    parser.add_argument("--backends", default=",".join(backend_names()), help="comma-separated backends")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON, nothing else")
    parser.add_argument("--no-pure", action="store_true", help="do not run the pure-Python core too")
    parser.add_argument("--pure-tree", help="a checkout without compiled modules for the pure run")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_scrabble_classic", args)

    rows = measure(args)
    if args.json:
        print(json.dumps({"core": core_name(), "rows": rows}))
        return
    results: dict[str, object] = {"games": args.games, "repeat": args.repeat,
                                  core_name(): [result_row(row) for row in rows]}
    if args.no_pure or core_name() == "pure":
        run.finish(results)
        return
    core, slow = pure_rows(args)
    how = f"with {args.pure_tree}" if args.pure_tree else "WORDGAMES_PURE_PYTHON=1"
    print(f"\ncore: {core} (subprocess, {how})")
    if core != "pure":
        print("the subprocess still ran the compiled core: this build ignores WORDGAMES_PURE_PYTHON; "
              "use --pure-tree")
        run.finish(results)
        return
    print_header()
    for row in slow:
        print_row(row)
    print("\nspeed-up of the compiled core (pure median / compiled median)")
    print(f"{'lexicon':8} {'backend':9} {'blanks':>6}" + "".join(f" {c:>8}" for c in COLUMNS))
    speedups = []
    for fast, plain in zip(rows, slow, strict=True):
        ratios = "".join(f" {plain[c][0] / max(fast[c][0], 1e-9):8.1f}" for c in COLUMNS)  # type: ignore[index]
        print(f"{fast['lexicon']:8} {fast['backend']:9} {fast['blanks']:>6}{ratios}")
        speedups.append({"lexicon": fast["lexicon"], "backend": fast["backend"], "blanks": fast["blanks"],
                         **{c: round(plain[c][0] / max(fast[c][0], 1e-9), 1) for c in COLUMNS}})  # type: ignore[index]
    results["pure"] = [result_row(row) for row in slow]
    results["speed-up (pure median / compiled median)"] = speedups
    run.finish(results)


def result_row(row: Row) -> Row:
    """A row of the result file: each column's median and 95th percentile as two CPU ms figures."""
    out: Row = {"lexicon": row["lexicon"], "backend": row["backend"], "blanks": row["blanks"],
                "moves": row["moves"]}
    for column in COLUMNS:
        median, p95 = row[column]  # type: ignore[misc]
        out[f"{column} ms"] = median
        out[f"{column} p95 ms"] = p95
    return out


if __name__ == "__main__":
    main()
