"""Benchmark the lexicon backends: build, cached load, memory and query speed.

For every word list in the shared data folder's ``lexicons/`` (or ``--lexicons DIR``) and every
registered backend this prints

* ``cold s``: load with an empty cache directory (read, parse, build, write the cache entry);
* ``cached s``: the next load, served from that cache entry;
* ``peak MB`` / ``kept MB``: tracemalloc's peak while loading with the cache off, and what
  the finished lexicon still holds;
* ``in ns`` / ``pre ns``: CPU nanoseconds per ``q in lex`` and per ``lex.has_prefix(q)`` over a
  fixed, seeded mix of queries (words, prefixes of words, mutated words, and lower-case
  variants of all three), half of them membership and half prefix queries;
* ``ratio``: total query time over that of a baseline timed in the same run, a plain Python
  frozenset of the words plus a frozenset of every prefix, queried through the same methods.

Load times are wall-clock, query times process CPU time; all are medians of ``--repeat``
runs, and the query contestants take turns on slices of queries.  The table goes to
``benchmarks/results/bench_lexicon.json``.  Nothing is asserted: this script reports figures.
Usage::

    python benchmarks/bench_lexicon.py            # every list, 1,000,000 queries each
    python benchmarks/bench_lexicon.py --quick    # CSW12 only, 200,000 queries
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import tempfile
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import Lexicon, backend_names, load_lexicon, read_words

QUICK_LIST = "CSW12.txt"
SEED = 2024
CHUNK = 25_000  # membership (and as many prefix) queries timed per contestant in a row


class PrefixSetBaseline:
    """The reference point: a frozenset of the words and a frozenset of all their prefixes.

    Fast but memory hungry (every prefix is its own string); it answers through the same
    interface and upper-cases queries the same way as the lexicons do.
    """

    def __init__(self, words: Sequence[str]) -> None:
        self._words = frozenset(words)
        self._prefixes = frozenset(word[:end] for word in words for end in range(len(word) + 1))

    def __contains__(self, query: object) -> bool:
        return isinstance(query, str) and query.upper() in self._words

    def has_prefix(self, query: str) -> bool:
        """Whether some word starts with ``query``."""
        return query.upper() in self._prefixes

    def __len__(self) -> int:
        return len(self._words)


class Contestant(Protocol):
    """What the query loop needs: membership, a prefix test and a size."""

    def __contains__(self, query: object) -> bool: ...
    def has_prefix(self, query: str) -> bool: ...
    def __len__(self) -> int: ...


def make_queries(words: Sequence[str], count: int, seed: int) -> tuple[list[str], list[str]]:
    """``count`` seeded queries split into (membership queries, prefix queries).

    A quarter are words, a quarter prefixes of words, a quarter words with one letter
    replaced, inserted or deleted, and a quarter lower-case versions of the other kinds.
    """
    rng = random.Random(seed)
    alphabet = sorted(set("".join(words)))
    queries = []
    for _ in range(count):
        word = rng.choice(words)
        kind = rng.randrange(4)
        shape = rng.randrange(3) if kind == 3 else kind
        if shape == 1:
            query = word[: rng.randint(1, len(word))]
        elif shape == 2:
            at = rng.randrange(len(word) + 1)
            edit = rng.randrange(3)
            letter = rng.choice(alphabet)
            if edit == 0 and at < len(word):
                query = word[:at] + letter + word[at + 1 :]
            elif edit == 1 or at == len(word):
                query = word[:at] + letter + word[at:]
            else:
                query = word[:at] + word[at + 1 :]
        else:
            query = word
        queries.append(query.lower() if kind == 3 else query)
    return queries[0::2], queries[1::2]


def time_queries(
    contestant: Contestant, members: list[str], prefixes: list[str]
) -> tuple[float, float, int]:
    """CPU seconds for the membership queries, CPU seconds for the prefix queries, and the hit
    count (to check every contestant gives the same answers).

    The queries are pure computation, so process CPU time measures them without the time the
    process spends waiting for a core on a busy machine.
    """
    has_prefix = contestant.has_prefix
    hits = 0
    started = harness.cpu_clock()
    for query in members:
        if query in contestant:
            hits += 1
    middle = harness.cpu_clock()
    for query in prefixes:
        if has_prefix(query):
            hits += 1
    return middle - started, harness.cpu_clock() - middle, hits


def interleaved_query_times(
    contestants: dict[str, Contestant], members: list[str], prefixes: list[str], repeat: int
) -> dict[str, list[tuple[float, float, int]]]:
    """Per contestant, ``repeat`` runs of (membership seconds, prefix seconds, hits).

    Each run is cut into slices of queries and every contestant times a slice before the next
    slice starts (in a rotating order), so a change in machine load hits them all alike.
    """
    slices = max(1, len(members) // CHUNK)
    names = list(contestants)
    runs: dict[str, list[tuple[float, float, int]]] = {name: [] for name in names}
    for _ in range(repeat):
        seconds = {name: [0.0, 0.0] for name in names}
        hit_counts = dict.fromkeys(names, 0)
        for index in range(slices):
            part_members = members[index::slices]
            part_prefixes = prefixes[index::slices]
            gc.collect()
            for name in names[index % len(names) :] + names[: index % len(names)]:
                member_s, prefix_s, hits = time_queries(
                    contestants[name], part_members, part_prefixes
                )
                seconds[name][0] += member_s
                seconds[name][1] += prefix_s
                hit_counts[name] += hits
        for name in names:
            runs[name].append((seconds[name][0], seconds[name][1], hit_counts[name]))
    return runs


def median_time(action: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``repeat`` calls of ``action``."""
    times = []
    for _ in range(repeat):
        gc.collect()
        times.append(harness.time_once(action, harness.wall_clock))
    return statistics.median(times)


def load_times(path: Path, backend: str, repeat: int) -> tuple[float, float]:
    """Median (cold, cached) load times, each cold load into a fresh cache directory."""
    cold, cached = [], []
    previous = os.environ.get("WORDGAMES_CACHE_DIR")
    try:
        for _ in range(repeat):
            with tempfile.TemporaryDirectory(prefix="bench-cache-") as directory:
                os.environ["WORDGAMES_CACHE_DIR"] = directory
                cold.append(median_time(lambda: load_lexicon(path, backend), 1))
                cached.append(median_time(lambda: load_lexicon(path, backend), 1))
    finally:
        if previous is None:
            os.environ.pop("WORDGAMES_CACHE_DIR", None)
        else:
            os.environ["WORDGAMES_CACHE_DIR"] = previous
    return statistics.median(cold), statistics.median(cached)


def traced_build(path: Path, backend: str) -> tuple[float, float, Lexicon]:
    """(peak MB, retained MB) while loading with the cache off, and the lexicon built."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    lexicon = load_lexicon(path, backend, use_cache=False)
    gc.collect()
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return (peak - before) / 1e6, (current - before) / 1e6, lexicon


def bench_list(path: Path, count: int, repeat: int) -> list[list[str]]:
    """Table rows for one word list: the baseline, then each backend."""
    words = read_words(path)
    members, prefixes = make_queries(words, count, SEED)
    # The baseline gets its own copy of the words: queries that are words are the very
    # objects of ``words``, and a set holding those same objects would find them cache-hot.
    contestants: dict[str, Contestant] = {"set+prefixes": PrefixSetBaseline(read_words(path))}
    del words
    # Build every contestant one after the other and time the queries before anything else,
    # so that all of them meet the same, fresh heap: after the load measurements below (much
    # allocation and freeing) every hash look-up runs measurably slower.
    for backend in backend_names():
        contestants[backend] = load_lexicon(path, backend, use_cache=False)
    runs = interleaved_query_times(contestants, members, prefixes, repeat)
    sizes = {name: len(contestant) for name, contestant in contestants.items()}
    del contestants
    loads: dict[str, tuple[float | None, ...]] = {}
    for backend in backend_names():
        cold, cached = load_times(path, backend, repeat)
        peak, kept, _ = traced_build(path, backend)
        loads[backend] = (cold, cached, peak, kept)
    medians = {
        name: (
            statistics.median(run[0] for run in results),
            statistics.median(run[1] for run in results),
            results[0][2],
        )
        for name, results in runs.items()
    }
    base_in, base_pre, base_hits = medians["set+prefixes"]
    rows = []
    for name, (lex_in, lex_pre, hits) in medians.items():
        cold_s, cached_s, peak_mb, kept_mb = loads.get(name, (None,) * 4)
        ratio = f"{(lex_in + lex_pre) / (base_in + base_pre):.2f}"
        if hits != base_hits:
            ratio += f" MISMATCH ({hits:,} hits, baseline {base_hits:,})"
        figures = _row(
            path.stem, sizes[name], name, cold_s, cached_s, peak_mb, kept_mb,
            lex_in, lex_pre, count,
        )  # fmt: skip
        rows.append([*figures, ratio])
    return rows


def _row(
    name: str,
    words: int,
    backend: str,
    cold: float | None,
    cached: float | None,
    peak: float | None,
    kept: float | None,
    member_seconds: float,
    prefix_seconds: float,
    count: int,
) -> list[str]:
    def fmt(value: float | None, pattern: str) -> str:
        return "-" if value is None else format(value, pattern)

    half = count / 2
    return [
        name,
        f"{words:,}",
        backend,
        fmt(cold, ".3f"),
        fmt(cached, ".3f"),
        fmt(peak, ".1f"),
        fmt(kept, ".1f"),
        f"{member_seconds / half * 1e9:.0f}",
        f"{prefix_seconds / half * 1e9:.0f}",
    ]


HEADER = ["list", "words", "backend", "cold s", "cached s", "peak MB", "kept MB", "in ns",
          "pre ns", "ratio"]  # fmt: skip


def print_table(rows: list[list[str]]) -> None:
    """Print rows as a Markdown table with aligned columns."""
    table = [HEADER, *rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(HEADER))]
    numeric = {1, 3, 4, 5, 6, 7, 8, 9}

    def line(cells: list[str]) -> str:
        padded = [
            cell.rjust(width) if i in numeric else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "| " + " | ".join(padded) + " |"

    print(line(HEADER))
    print("|" + "|".join("-" * (width + 2) for width in widths) + "|")
    for row in rows:
        print(line(row))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="CSW12 only, 200,000 queries")
    parser.add_argument("--queries", type=int, help="queries per list (default 1,000,000)")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions (median; default 3)")
    parser.add_argument("--lexicons", type=Path, default=None,
                        help="folder of lists (default: the shared data folder's lexicons/)")
    parser.add_argument("--only", nargs="+", metavar="FILE", help="only these files (e.g. OWL.txt)")
    harness.add_common_arguments(parser)
    args = parser.parse_args(argv)
    run = harness.Run("bench_lexicon", args)
    count = args.queries or (200_000 if args.quick else 1_000_000)
    if args.lexicons is None:
        shared = harness.shared_folder(args.shared)
        args.lexicons = shared / "lexicons" if shared else Path("lexicons")
    if not args.lexicons.is_dir():
        print(f"no word lists at {args.lexicons} (pass --lexicons DIR)", file=sys.stderr)
        return 2
    names = args.only or ([QUICK_LIST] if args.quick else None)
    if names is None:
        paths = sorted(args.lexicons.glob("*.txt"))
    else:
        paths = [args.lexicons / name for name in names]
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {count:,} queries per list, "
        f"median of {args.repeat}, seed {SEED}, load average {harness.load_average()}"
    )
    rows: list[list[str]] = []
    for path in paths:
        rows.extend(bench_list(path, count, args.repeat))
    print_table(rows)
    print(f"load average at the end: {harness.load_average()} (other work on the machine skews times)")
    run.finish({"queries per list": count, "repeat": args.repeat, "seed": SEED,
                "lists": {"columns": HEADER, "rows": rows}})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
