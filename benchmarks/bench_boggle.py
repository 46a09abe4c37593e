"""Benchmark the word-search engine against a straightforward solver, on boards of many sizes.

For each lexicon (the shipped ENABLE list, and CSW12 from the shared data folder's
``lexicons/`` when it is there) and each board size (4, 5, 10, 30 and 100 cells a side, boards
rolled from the real dice with fixed seeds) this prints the median time per board of

* ``baseline``: a straightforward solver written here: a recursive DFS over a dict-of-dicts trie
  (one dict per prefix, ``"$"`` marking words), neighbours computed by bounds-checking the
  eight directions, a grid of visited flags, the prefix string grown letter by letter;
* ``trie`` and ``sortedset``: the engine (``set_board`` then ``get_all_valid_words(3)``) with
  each lexicon backend, on the core in use (compiled when the extension is built; the first
  line printed says which).  One engine per backend serves all boards of a run, as a long-lived
  game would; ``sset cold`` is the sortedset engine's very first board of that size with a
  fresh engine (the lexicon's packed table, or in the pure core its lazily built search view,
  is kept with the lexicon, so only the first size pays for building it);
* ``pure``: the same trie engine with the pure-Python search (the searcher module run from its
  source, in this process), the reference the compiled core is checked against.

``speedup`` is baseline / trie, ``pure/trie`` what the compiled core gains over the pure one,
``pure x`` baseline / pure, ``sset/trie`` the sortedset median over the trie median, and
``us/cell`` the trie median per board cell.  ``paths/cell`` measures the work itself, whoever
does it: the number of board paths (cells used once) whose letters start some word, per cell,
counted outside the timing through the lexicon's node walk; ``ns/path`` is the trie median
divided by it, the search's cost per unit of work.  Each contestant solves the boards of a size in a
row, taking turns with the others over a few rounds; a board's time is the CPU time of its best
round (as ``timeit`` advises, the least disturbed by other processes) and the table shows the
median over the boards.  The garbage collector is paused while timing (as ``timeit`` does), and the
contestants' word lists are checked to agree.  Nothing is asserted: this script reports
figures, then the targets met or missed, and writes them to ``benchmarks/results/bench_boggle.json``
(``--profile``: ``bench_boggle_profile.json``).

Usage::

    python benchmarks/bench_boggle.py           # ENABLE and CSW12, all sizes (about 2 minutes)
    python benchmarks/bench_boggle.py --quick   # ENABLE only, fewer boards
    python benchmarks/bench_boggle.py --csw12 PATH/CSW12.txt   # CSW12 elsewhere
    python benchmarks/bench_boggle.py --profile   # CPU time by stage, 4x4 ENABLE, 100x100 CSW12
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.compiled import core_info, load_pure
from wordgames.lexicon import Lexicon, load_lexicon, read_words, resolve_source
from wordgames.wordsearch import Board, BoggleGame, create_game, roll_board
from wordgames.wordsearch.board import BLOCKED

PURE_SEARCHER = load_pure("wordgames.wordsearch.searcher")

MINIMUM = 3
SEED = 2024
# Boards timed per size: enough for a stable median, few enough for large boards.
BOARDS = {4: 300, 5: 150, 10: 30, 30: 6, 100: 3}
QUICK_BOARDS = {4: 100, 5: 50, 10: 10, 30: 2, 100: 1}
ROUNDS = {4: 9, 5: 7, 10: 3, 30: 3, 100: 2}

Trie = dict[str, Any]
_DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def build_dict_trie(words: list[str]) -> Trie:
    """The baseline's lexicon: nested dicts, one per prefix, ``"$"`` marking a word."""
    root: Trie = {}
    for word in words:
        node = root
        for letter in word:
            node = node.setdefault(letter, {})
        node["$"] = True
    return root


def baseline_solve(cells: tuple[str, ...], rows: int, columns: int, root: Trie) -> set[str]:
    """The straightforward solver: recursive DFS, trie and board walked together."""
    grid = [cells[row * columns : (row + 1) * columns] for row in range(rows)]
    visited = [[False] * columns for _ in range(rows)]
    found: set[str] = set()

    def walk(node: Trie | None, letters: str) -> Trie | None:
        for letter in letters:
            if node is None:
                return None
            node = node.get(letter)
        return node

    def dfs(row: int, column: int, node: Trie, prefix: str) -> None:
        if "$" in node and len(prefix) >= MINIMUM:
            found.add(prefix)
        visited[row][column] = True
        for d_row, d_column in _DIRECTIONS:
            r, c = row + d_row, column + d_column
            if 0 <= r < rows and 0 <= c < columns and not visited[r][c]:
                child = walk(node, grid[r][c])
                if child is not None:
                    dfs(r, c, child, prefix + grid[r][c])
        visited[row][column] = False

    for row in range(rows):
        for column in range(columns):
            start = walk(root, grid[row][column])
            if start is not None:
                dfs(row, column, start, grid[row][column])
    return found


def count_prefix_paths(board: Board, lexicon: Lexicon) -> int:
    """How many paths on ``board`` (cells used at most once) spell a prefix of some word: the
    states any exact depth-first solver must visit.  Not timed."""
    used = [False] * board.size
    count = 0

    def extend(cell: int, node: object) -> None:
        nonlocal count
        count += 1
        used[cell] = True
        for other in board.neighbours[cell]:
            if not used[other] and board.cells[other] != BLOCKED:
                child = lexicon.step(node, board.cells[other])
                if child is not None:
                    extend(other, child)
        used[cell] = False

    for cell, letters in enumerate(board.cells):
        start = None if letters == BLOCKED else lexicon.step(lexicon.root(), letters)
        if start is not None:
            extend(cell, start)
    return count


class PureSearchGame(BoggleGame):
    """The engine with the pure-Python searcher (the public API's path, only the search
    swapped): what ``WORDGAMES_PURE_PYTHON=1`` runs, here in the same process."""

    def _found_words(self) -> list[str]:
        if self._found is None:
            self._found = list(PURE_SEARCHER.find_words(self._board, self._bit_walk()))
        return self._found


def engine_solve(game: BoggleGame, board: Board) -> Collection[str]:
    """What the engine is timed on: a new board, then every word of MINIMUM letters or more
    (a SortedSet)."""
    game.set_board(board)
    words: Collection[str] = game.get_all_valid_words(MINIMUM)
    return words


def timed(function: Callable[[], Collection[str]]) -> tuple[float, Collection[str]]:
    """CPU seconds one call takes, and its result."""
    started = harness.cpu_clock()
    result = function()
    return harness.cpu_clock() - started, result


def bench_lexicon(
    name: str, source: str | Path, boards_per_size: dict[int, int]
) -> list[dict[str, Any]]:
    """Time every contestant on every board size for one lexicon; one row per size."""
    print(f"loading {name} ...", file=sys.stderr)
    root = build_dict_trie(read_words(resolve_source(source)))
    lexicons = {backend: load_lexicon(source, backend) for backend in ("trie", "sortedset")}
    rows = []
    for size, count in boards_per_size.items():
        print(f"  {name} {size}x{size}: {count} boards", file=sys.stderr)
        # The collector is paused while timing (as timeit does): a collection triggered by one
        # contestant would otherwise walk the baseline's hundreds of thousands of dicts.
        gc.collect()
        gc.disable()
        try:
            rows.append({"lexicon": name, **bench_size(size, count, root, lexicons)})
        finally:
            gc.enable()
    return rows


def bench_size(size: int, count: int, root: Trie, lexicons: dict[str, Lexicon]) -> dict[str, Any]:
    """Median seconds per board of each contestant on ``count`` boards of ``size`` squared.

    Each contestant solves all the boards in a row, in turn with the others, for a few rounds;
    a board's time is its best round (the least disturbed by other processes)."""
    boards = [roll_board(size, seed=SEED + number) for number in range(count)]
    games = {backend: create_game(backend, lexicon=lexicon) for backend, lexicon in lexicons.items()}
    pure_game = PureSearchGame()
    pure_game.use_lexicon(lexicons["trie"])
    cold_game = create_game("sortedset", lexicon=lexicons["sortedset"])
    sortedset_cold, _ = timed(lambda: engine_solve(cold_game, boards[0]))
    contestants: dict[str, Callable[[Board], Collection[str]]] = {
        "baseline": lambda board: baseline_solve(board.cells, size, size, root),
        "trie": lambda board: engine_solve(games["trie"], board),
        "sortedset": lambda board: engine_solve(games["sortedset"], board),
        "pure": lambda board: engine_solve(pure_game, board),
    }
    best = {label: [float("inf")] * count for label in contestants}
    answers: dict[str, list[frozenset[str]]] = {}
    for round_number in range(ROUNDS[size]):
        order = list(contestants)
        turn = round_number % len(order)
        order = order[turn:] + order[:turn]  # take turns going first
        for label in order:
            solve = contestants[label]
            results = []
            for index, board in enumerate(boards):
                seconds, words = timed(lambda board=board, solve=solve: solve(board))
                best[label][index] = min(best[label][index], seconds)
                results.append(frozenset(words))
            answers[label] = results
    mismatches = sum(len({answers[label][i] for label in answers}) != 1 for i in range(count))
    paths = statistics.median(count_prefix_paths(board, lexicons["trie"]) for board in boards)
    return {
        "size": size,
        "boards": count,
        "paths": paths,
        "words": sum(len(words) for words in answers["trie"]) // count,
        "mismatches": mismatches,
        "sortedset_cold": sortedset_cold,
        **{label: statistics.median(values) for label, values in best.items()},
    }


def print_table(rows: list[dict[str, Any]]) -> None:
    """The figures, one line per lexicon and size."""
    header = (
        f"{'lexicon':<8} {'board':>7} {'boards':>6} {'words':>6} {'baseline ms':>12} "
        f"{'trie ms':>9} {'pure ms':>9} {'sortedset ms':>13} {'sset cold':>10} {'speedup':>8} "
        f"{'pure/trie':>10} {'pure x':>7} {'sset/trie':>10} {'us/cell':>8} {'paths/cell':>11} "
        f"{'ns/path':>8}"
    )
    print(header)
    print("-" * len(header))
    for row in rows:
        cells = row["size"] ** 2
        print(
            f"{row['lexicon']:<8} {row['size']:>3}x{row['size']:<3} {row['boards']:>6} "
            f"{row['words']:>6} {row['baseline'] * 1e3:>12.3f} {row['trie'] * 1e3:>9.3f} "
            f"{row['pure'] * 1e3:>9.3f} {row['sortedset'] * 1e3:>13.3f} "
            f"{row['sortedset_cold'] * 1e3:>10.2f} {row['baseline'] / row['trie']:>7.2f}x "
            f"{row['pure'] / row['trie']:>9.2f}x {row['baseline'] / row['pure']:>6.2f}x "
            f"{row['sortedset'] / row['trie']:>9.2f}x {row['trie'] / cells * 1e6:>8.2f} "
            f"{row['paths'] / cells:>11.1f} {row['trie'] / row['paths'] * 1e9:>8.0f}"
            + ("  WORD LISTS DIFFER" if row["mismatches"] else "")
        )


def print_targets(rows: list[dict[str, Any]]) -> None:
    """Each target with the figure it is judged on, met or missed."""
    by_key = {(row["lexicon"], row["size"]): row for row in rows}

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    print()
    enable_4 = by_key.get(("ENABLE", 4))
    if enable_4:
        speedup = enable_4["baseline"] / enable_4["trie"]
        print(f"engine >= 15x baseline on 4x4 ENABLE: {speedup:.2f}x  {verdict(speedup >= 15)}"
              f"  ({1 / enable_4['trie']:,.0f} boards/s)")
        pure = enable_4["baseline"] / enable_4["pure"]
        print(f"pure engine >= 2.5x baseline on 4x4 ENABLE: {pure:.2f}x  {verdict(pure >= 2.5)}")
    worst = max(row["sortedset"] / row["trie"] for row in rows)
    print(f"sortedset within 4x of trie (worst size): {worst:.2f}x  {verdict(worst <= 4)}")
    csw_100 = by_key.get(("CSW12", 100))
    if csw_100:
        seconds = csw_100["trie"]
        print(f"100x100 CSW12 < 0.1 s: {seconds:.3f} s  {verdict(seconds < 0.1)}")
        small = by_key[("CSW12", 4)]
        flatness = (csw_100["trie"] / 100**2) / (small["trie"] / 4**2)
        print(
            f"per-cell cost 100x100 / 4x4 (CSW12) within 2x: {flatness:.2f}x  "
            f"{verdict(flatness <= 2)}"
        )
        work = (csw_100["paths"] / 100**2) / (small["paths"] / 4**2)
        per_path = (csw_100["trie"] / csw_100["paths"]) / (small["trie"] / small["paths"])
        print(
            f"  of which: prefix paths per cell {work:.2f}x (the work itself), "
            f"cost per path {per_path:.2f}x"
        )


def profile(csw12: Path) -> dict[str, Any]:
    """Where the engine's time goes on one call of ``get_all_valid_words(3)``: CPU time (best
    of 5) of each stage on 100 4x4 ENABLE boards (per board) and on one 100x100 CSW12 board."""

    def best(function: Callable[[], object]) -> float:
        return harness.best_of(function, 5)

    cases: list[tuple[str, str | Path, int, int]] = [("ENABLE", "enable", 4, 100)]
    results: dict[str, Any] = {}
    if csw12.exists():
        cases.append(("CSW12", csw12, 100, 1))
    for name, source, size, count in cases:
        lexicon = load_lexicon(source, "trie")
        boards = [roll_board(size, seed=SEED + number) for number in range(count)]
        stages = profile_stages(lexicon, boards, best)
        print(f"{name} {size}x{size} ({count} boards, CPU ms per board, best of 5):")
        for stage, seconds in stages.items():
            print(f"  {stage:<36} {seconds * 1e3:9.3f}")
        results[f"{name} {size}x{size}"] = [{"stage": stage, "CPU ms per board": round(seconds * 1e3, 4)}
                                            for stage, seconds in stages.items()]
    return results


def profile_stages(
    lexicon: Lexicon, boards: list[Board], best: Callable[[Callable[[], object]], float]
) -> dict[str, float]:
    """The mean over ``boards`` of each stage's best CPU time (see :func:`profile`)."""
    from wordgames.wordsearch import searcher
    from wordgames.wordsearch.game import _sorted_set
    from wordgames.wordsearch.walk import bit_walk_for

    walk = bit_walk_for(lexicon)
    game = create_game("trie", lexicon=lexicon)
    stages: dict[str, float] = {}
    for board in boards:
        words = list(searcher.find_words(board, walk))
        kept = searcher.words_at_least(words, MINIMUM)

        def whole(board: Board = board) -> None:
            game.set_board(board)
            game.get_all_valid_words(MINIMUM)

        for stage, function in (
            ("find_words (board tables + kernel)", lambda board=board: searcher.find_words(board, walk)),
            ("minimum-length filter", lambda words=words: searcher.words_at_least(words, MINIMUM)),
            ("SortedSet of the kept words", lambda kept=kept: _sorted_set(set(kept))),
            ("  of which copying the set", lambda kept=kept: set(kept)),
            ("whole get_all_valid_words", whole),
        ):
            stages[stage] = stages.get(stage, 0.0) + best(function) / len(boards)
    return stages


def main(argv: list[str]) -> int:
    """Run the benchmark; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="ENABLE only, fewer boards")
    parser.add_argument("--csw12", type=Path, default=None,
                        help="where CSW12.txt is (default: the shared data folder's lexicons/)")
    parser.add_argument("--profile", action="store_true", help="where the time goes, by stage")
    harness.add_common_arguments(parser)
    args = parser.parse_args(argv)
    run = harness.Run("bench_boggle_profile" if args.profile else "bench_boggle", args)
    if args.csw12 is None:
        shared = harness.shared_folder(args.shared)
        args.csw12 = (shared / "lexicons" / "CSW12.txt") if shared else Path("CSW12.txt")
    if args.profile:
        run.finish(profile(args.csw12))
        return 0
    boards = QUICK_BOARDS if args.quick else BOARDS
    print(f"core: {core_info()}")
    rows = bench_lexicon("ENABLE", "enable", boards)
    if not args.quick:
        if args.csw12.exists():
            rows += bench_lexicon("CSW12", args.csw12, boards)
        else:
            print(f"(CSW12 skipped: {args.csw12} not found)", file=sys.stderr)
    print(
        f"Median time per board (min length {MINIMUM}, Python "
        f"{sys.version.split()[0]}, boards rolled with seeds from {SEED})"
    )
    print_table(rows)
    print_targets(rows)
    run.finish({"minimum length": MINIMUM, "first seed": SEED, "sizes": [result_row(row) for row in rows]})
    return 0


def result_row(row: dict[str, Any]) -> dict[str, Any]:
    """One row of the result file: the table's columns, times in CPU milliseconds per board."""
    cells = row["size"] ** 2
    return {
        "lexicon": row["lexicon"], "board": f"{row['size']}x{row['size']}", "boards": row["boards"],
        "words": row["words"], "baseline ms": round(row["baseline"] * 1e3, 4),
        "trie ms": round(row["trie"] * 1e3, 4), "pure ms": round(row["pure"] * 1e3, 4),
        "sortedset ms": round(row["sortedset"] * 1e3, 4),
        "sortedset cold ms": round(row["sortedset_cold"] * 1e3, 2),
        "speed-up (baseline / trie)": round(row["baseline"] / row["trie"], 2),
        "compiled gain (pure / trie)": round(row["pure"] / row["trie"], 2),
        "pure vs baseline": round(row["baseline"] / row["pure"], 2),
        "sortedset / trie": round(row["sortedset"] / row["trie"], 2),
        "paths per cell": round(row["paths"] / cells, 1),
        "ns per path": round(row["trie"] / row["paths"] * 1e9),
        "word lists agree": not row["mismatches"],
    }


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
