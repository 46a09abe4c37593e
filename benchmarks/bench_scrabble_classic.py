"""Benchmark the classic-rules move generator on 15x15 midgame positions.

Positions come from seeded greedy self-play (two players, standard board, standard tiles)
with SOWPODS (from the shared data folder's ``lexicons/``, when present) and the shipped
ENABLE list: the board after turns 6, 10 and 14 of each game.  Each position gets seeded
racks of seven tiles drawn from the tiles not on the board, with 0, 1 and 2 blanks.  For both
lexicon backends it prints, over all positions (median and 95th percentile, milliseconds of
process CPU time):

* ``count``: how many legal moves there are, cross-checks included, building nothing
  (``rules.count_moves``) — the kernel's own speed;
* ``+Move``: every legal move as :class:`Move` objects, through the public API
  (``list(rules.generate_moves(...))``), and ``+Move / count``, the public API's cost over
  the kernel's (the target is at most 2 for every number of blanks);
* ``best``: the top move by the bounded search (``rules.best_moves(..., 1)``);
* ``cold``: ``count`` on a lexicon whose kernel arrays were just dropped — what the first
  call of a process pays.

``count``, ``+Move`` and ``best`` are measured after one untimed call per position, as in a
game where the generator keeps its arrays; each position's figure is the fastest of
``--repeat`` runs.  The tables go to ``benchmarks/results/bench_scrabble_classic.json``.
Nothing is asserted.

**Both cores in one run.**  The first line says which core ran.  When it is the compiled
one, the script runs itself again in a subprocess with ``WORDGAMES_PURE_PYTHON=1``, prints
that table too and the speed-up of each median (pure / compiled); ``--no-pure`` skips it.

**Before and after in one run.**  ``--before DIR`` names a checkout of an earlier version
(built in place, ``python setup.py build_ext --inplace``).  The script then also runs
itself against that checkout's package (``--api-only``: only calls both versions have:
``generate_moves``, ``best_moves`` and the generator's ``count``) on the same positions,
and counts the lines of ``scrabble/movegen``, ``wordsearch`` and ``scrabble/endgame`` in both
trees; the result file gets a ``before and after`` table.

Usage::

    python benchmarks/bench_scrabble_classic.py           # SOWPODS and ENABLE, both backends
    python benchmarks/bench_scrabble_classic.py --quick   # SOWPODS (or ENABLE), trie only
    python benchmarks/bench_scrabble_classic.py --lexicons sowpods --backends trie --before ../old
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# The package under test: another checkout's when run for --before (set before any import).
_TREE = os.environ.get("WORDGAMES_BENCH_TREE")
if _TREE:
    sys.path.insert(0, _TREE)
sys.path.insert(1 if _TREE else 0, str(Path(__file__).resolve().parent))

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Callable  # noqa: E402

import harness  # noqa: E402

from wordgames.compiled import core_info  # noqa: E402
from wordgames.lexicon import Lexicon, backend_names, load_lexicon  # noqa: E402
from wordgames.scrabble import BLANK, STANDARD_ENGLISH, Bag, Board, Move, Rack  # noqa: E402
from wordgames.scrabble.movegen.generator import MoveGenerator  # noqa: E402
from wordgames.scrabble.rules.classic import ClassicRules  # noqa: E402

TURNS = (6, 10, 14)
SOURCE_FOLDERS = ("scrabble/movegen", "wordsearch", "scrabble/endgame")
"""The folders of ``wordgames/`` whose lines of code the before-and-after table counts."""


def self_play_positions(rules: ClassicRules, lexicon: Lexicon, games: int) -> list[Board]:
    """Boards after TURNS of ``games`` seeded greedy games (public calls only, so that an
    earlier version builds the same positions)."""
    boards = []
    for seed in range(games):
        bag = Bag.full(STANDARD_ENGLISH, seed)
        board = Board()
        racks = [Rack(bag.draw(7)), Rack(bag.draw(7))]
        for turn in range(max(TURNS) + 1):
            if turn in TURNS:
                boards.append(board.copy())
            rack = racks[turn % 2]
            best = rules.best_moves(board, rack, lexicon, 1)
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


def all_moves(rules: ClassicRules, board: Board, rack: Rack, lexicon: Lexicon) -> list[Move]:
    """Every legal move through the public API, as :class:`Move` objects."""
    return list(rules.generate_moves(board, rack, lexicon))


Row = dict[str, object]
COLUMNS = ("count", "+Move", "best", "cold")
API_COLUMNS = ("count", "+Move", "best")


def summary(values: list[float]) -> list[float]:
    """Median and 95th percentile."""
    values = sorted(values)
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return [round(statistics.median(values), 3), round(p95, 3)]


def core_name() -> str:
    """Which core runs: "compiled", "pure" or "partial"."""
    return core_info().core


def lexicon_sources(args: argparse.Namespace) -> list[tuple[str, str]]:
    """(name, source) of the word lists asked for that exist."""
    wanted = args.lexicons.split(",")
    shared = harness.shared_folder(args.shared)
    sowpods = shared / "lexicons" / "sowpods.txt" if shared else None
    found = [("sowpods", str(sowpods))] if sowpods and sowpods.exists() and "sowpods" in wanted else []
    if "enable" in wanted:
        found.append(("enable", "enable"))
    return found[:1] if args.quick else found


def measure(args: argparse.Namespace) -> list[Row]:
    """One row per lexicon, backend and number of blanks, printed as it is measured unless
    ``--json``.  With ``--api-only``, only the calls every version has (no ``cold``)."""
    backends = ["trie"] if args.quick else args.backends.split(",")
    games = 2 if args.quick else args.games
    columns = API_COLUMNS if args.api_only else COLUMNS
    if not args.json:
        print(f"core: {core_name()}")
        print(f"positions: {games} seeded greedy games x turns {', '.join(map(str, TURNS))}; "
              f"racks of 7 with 0/1/2 blanks; CPU ms, median and p95 over positions")
        print_header(columns)
    rows: list[Row] = []
    try:  # racks with two blanks beside a board holding one: a composed position
        rules = ClassicRules(count_tiles=False)
    except TypeError:  # a tree from before the tile counts were checked (--before)
        rules = ClassicRules()
    for name, source in lexicon_sources(args):
        positions = self_play_positions(rules, load_lexicon(source, "trie"), games)
        for backend in backends:
            lexicon = load_lexicon(source, backend)
            for blanks in (0, 1, 2):
                racks = [rack_for(board, blanks, 100 * n + blanks) for n, board in enumerate(positions)]
                found: dict[str, list[float]] = {column: [] for column in columns}
                counts = []
                for board, rack in zip(positions, racks, strict=True):
                    count = count_call(rules, lexicon, args.api_only)
                    if not args.api_only:
                        found["cold"].append(cold_count(lexicon, board, rack))
                    counts.append(count(board, rack))
                    found["count"].append(cpu_ms(count, board, rack, repeat=args.repeat))
                    found["+Move"].append(cpu_ms(all_moves, rules, board, rack, lexicon, repeat=args.repeat))
                    rules.best_moves(board, rack, lexicon, 1)
                    best = cpu_ms(rules.best_moves, board, rack, lexicon, 1, repeat=args.repeat)
                    found["best"].append(best)
                row: Row = {"lexicon": name, "backend": backend, "blanks": blanks,
                            "moves": statistics.median(counts),
                            **{column: summary(found[column]) for column in columns}}
                rows.append(row)
                if not args.json:
                    print_row(row, columns)
    return rows


def count_call(rules: ClassicRules, lexicon: Lexicon, api_only: bool) -> Callable[[Board, Rack], int]:
    """How the count is taken: ``rules.count_moves``, or, for an earlier version that lacks
    it, its move generator's own ``count``."""
    if api_only and not hasattr(rules, "count_moves"):
        return MoveGenerator(lexicon).count
    return lambda board, rack: rules.count_moves(board, rack, lexicon)


def cold_count(lexicon: Lexicon, board: Board, rack: Rack) -> float:
    """``count`` by a fresh generator on a fresh copy of the board, the kernel's lexicon
    arrays dropped first (the packed node table stays with the lexicon)."""
    from wordgames.scrabble.movegen import board_arrays

    board_arrays._LEXICONS.clear()
    generator = MoveGenerator(lexicon)
    fresh = board.copy()
    return cpu_ms(generator.count, fresh, rack, repeat=1)


def print_header(columns: tuple[str, ...]) -> None:
    print(f"{'lexicon':8} {'backend':9} {'blanks':>6} {'moves':>7}"
          + "".join(f"   {column + ' ms':>15}" for column in columns))
    print(f"{'':8} {'':9} {'':>6} {'':>7}" + "".join(f"   {'median     p95':>15}" for _ in columns))


def print_row(row: Row, columns: tuple[str, ...]) -> None:
    cells = "".join(f"   {row[c][0]:7.2f} {row[c][1]:7.2f}" for c in columns)  # type: ignore[index]
    print(f"{row['lexicon']:8} {row['backend']:9} {row['blanks']:>6} {row['moves']:>7.0f}{cells}", flush=True)


def subprocess_rows(args: argparse.Namespace, env: dict[str, str], api_only: bool) -> tuple[str, list[Row]]:
    """The same measurement in a subprocess with ``env`` (the pure core, or another tree)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--json", "--no-pure", "--no-write",
               "--games", str(args.games), "--repeat", str(args.repeat), "--lexicons", args.lexicons,
               "--backends", args.backends]
    if args.quick:
        command.append("--quick")
    if api_only:
        command.append("--api-only")
    if args.shared:
        command += ["--shared", str(args.shared)]
    result = json.loads(subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout)
    return result["core"], result["rows"]


def ratio(numerator: object, denominator: object) -> float:
    """The ratio of two medians (each the first of a [median, p95] pair)."""
    return round(float(numerator[0]) / max(float(denominator[0]), 1e-9), 2)  # type: ignore[index]


def lines_of_code(tree: Path) -> dict[str, int]:
    """Non-blank lines of the ``.py`` and ``.pxd`` sources in each of SOURCE_FOLDERS."""
    counts = {}
    for folder in SOURCE_FOLDERS:
        total = 0
        for path in sorted((tree / "wordgames" / folder).rglob("*")):
            if path.suffix in (".py", ".pxd"):
                total += sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
        counts[folder] = total
    return counts


def before_and_after(args: argparse.Namespace, after: list[Row]) -> dict[str, object]:
    """The public API and the lines of code of ``--before`` against this checkout."""
    tree = Path(args.before).resolve()
    env = dict(os.environ, WORDGAMES_BENCH_TREE=str(tree))
    env.pop("WORDGAMES_PURE_PYTHON", None)
    core, before = subprocess_rows(args, env, api_only=True)
    print(f"\nbefore: {tree.name} ({core} core)")
    print_header(API_COLUMNS)
    for row in before:
        print_row(row, API_COLUMNS)
    table = []
    for old, new in zip(before, after, strict=True):
        table.append({
            "lexicon": new["lexicon"], "backend": new["backend"], "blanks": new["blanks"],
            "+Move / count before": ratio(old["+Move"], old["count"]),
            "+Move / count after": ratio(new["+Move"], new["count"]),
            "+Move ms before": old["+Move"][0], "+Move ms after": new["+Move"][0],  # type: ignore[index]
            "best ms before": old["best"][0], "best ms after": new["best"][0],  # type: ignore[index]
        })
    here = Path(__file__).resolve().parents[1]
    old_lines, new_lines = lines_of_code(tree), lines_of_code(here)
    lines = [{"folder": f"wordgames/{folder}", "lines before": old_lines[folder],
              "lines after": new_lines[folder]} for folder in SOURCE_FOLDERS]
    for line in lines:
        print(f"{line['folder']:28} {line['lines before']:6} -> {line['lines after']:6}")
    return {"before core": core, "public API": table, "lines of code (non-blank, .py and .pxd)": lines}


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
    parser.add_argument("--api-only", action="store_true",
                        help="only the calls every version has (for measuring an earlier checkout)")
    parser.add_argument("--before", help="a checkout of an earlier version, built in place, to compare with")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_scrabble_classic", args)

    rows = measure(args)
    if args.json:
        print(json.dumps({"core": core_name(), "rows": rows}))
        return
    results: dict[str, object] = {"games": args.games, "repeat": args.repeat,
                                  core_name(): [result_row(row) for row in rows]}
    results["+Move / count"] = [
        {"lexicon": row["lexicon"], "backend": row["backend"], "blanks": row["blanks"],
         "ratio": ratio(row["+Move"], row["count"])} for row in rows
    ]
    if args.before:
        results["before and after"] = before_and_after(args, rows)
    if not args.no_pure and core_name() == "compiled":
        core, slow = subprocess_rows(args, dict(os.environ, WORDGAMES_PURE_PYTHON="1"), api_only=False)
        print(f"\ncore: {core} (subprocess, WORDGAMES_PURE_PYTHON=1)")
        print_header(COLUMNS)
        for row in slow:
            print_row(row, COLUMNS)
        print("\nspeed-up of the compiled core (pure median / compiled median)")
        print(f"{'lexicon':8} {'backend':9} {'blanks':>6}" + "".join(f" {c:>8}" for c in COLUMNS))
        speedups = []
        for fast, plain in zip(rows, slow, strict=True):
            print(f"{fast['lexicon']:8} {fast['backend']:9} {fast['blanks']:>6}"
                  + "".join(f" {ratio(plain[c], fast[c]):8.1f}" for c in COLUMNS))
            speedups.append({"lexicon": fast["lexicon"], "backend": fast["backend"], "blanks": fast["blanks"],
                             **{c: ratio(plain[c], fast[c]) for c in COLUMNS}})
        results["pure"] = [result_row(row) for row in slow]
        results["speed-up (pure median / compiled median)"] = speedups
    run.finish(results)


def result_row(row: Row) -> Row:
    """A row of the result file: each column's median and 95th percentile as two CPU ms figures."""
    out: Row = {"lexicon": row["lexicon"], "backend": row["backend"], "blanks": row["blanks"],
                "moves": row["moves"]}
    for column in COLUMNS:
        if column in row:
            pair: list[float] = row[column]  # type: ignore[assignment]
            out[f"{column} ms"], out[f"{column} p95 ms"] = pair
    return out


if __name__ == "__main__":
    main()
