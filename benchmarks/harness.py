"""The one benchmark harness: the machine and its load, timing, shared data, and result files.

Every script in ``benchmarks/`` measures through this module and writes what it measured as
one JSON file under ``benchmarks/results/`` (:func:`write_result`), which the documentation's
performance page reads; no figure is pasted into the docs by hand.  A result file holds:

* ``benchmark``: the script's name; ``command``: how it was run; ``created``: when (UTC);
* ``machine``: processor, cores, memory, Python, operating system, which wordgames core ran
  (compiled or pure) — :func:`machine_info`;
* ``load``: the one-minute load average before and after the run — machines are shared and
  noisy, so every figure travels with the load it was measured under;
* ``results``: the script's own JSON-ready data (medians and ratios from this one run).

Timing is process CPU time by default (:func:`cpu_clock`): on a shared machine it is far
steadier than wall time.  Report medians and ratios, never a single run.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
DEFAULT_SHARED = ROOT.parent / "shared"

if str(ROOT) not in sys.path:  # run as `python benchmarks/x.py` from a checkout
    sys.path.insert(0, str(ROOT))

Clock = Callable[[], float]


def cpu_clock() -> float:
    """Seconds of CPU time used by this process (all threads)."""
    return time.process_time()


def wall_clock() -> float:
    """Seconds of wall time (for what runs in several processes or waits)."""
    return time.perf_counter()


def clock_named(name: str) -> Clock:
    """``"cpu"`` or ``"wall"``."""
    return {"cpu": cpu_clock, "wall": wall_clock}[name]


def load_average() -> float | None:
    """The one-minute load average, or None where the system has none."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def _processor() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory_gib() -> float | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return round(int(line.split()[1]) / 1024 / 1024, 1)
    except (OSError, ValueError):
        pass
    return None


def machine_info() -> dict[str, Any]:
    """What machine and which core the figures come from (JSON-ready)."""
    from wordgames.compiled import core_info

    core = core_info()
    return {
        "processor": _processor(),
        "cores": os.cpu_count(),
        "memory_gib": _memory_gib(),
        "python": platform.python_version(),
        "system": f"{platform.system()} {platform.release()}",
        "core": core.core,
        "core_reason": core.reason,
    }


def median(values: Iterable[float]) -> float:
    """The median of ``values`` (ValueError when there are none)."""
    return statistics.median(list(values))


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value at ``fraction`` (0..1) of the sorted values, nearest rank."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def time_once(function: Callable[[], object], clock: Clock = cpu_clock) -> float:
    """Seconds one call of ``function`` takes on ``clock``."""
    start = clock()
    function()
    return clock() - start


def best_of(function: Callable[[], object], repeat: int, clock: Clock = cpu_clock) -> float:
    """The fastest of ``repeat`` calls (the figure least disturbed by other work)."""
    return min(time_once(function, clock) for _ in range(max(1, repeat)))


def timed(function: Callable[[], object], repeat: int, clock: Clock = cpu_clock) -> list[float]:
    """Seconds of each of ``repeat`` calls."""
    return [time_once(function, clock) for _ in range(max(1, repeat))]


def shared_folder(path: str | os.PathLike[str] | None = None) -> Path | None:
    """The shared data folder (``../shared`` beside the checkout, or ``path``), or None when
    it is absent (benchmarks that need it say so and skip that part)."""
    folder = Path(path) if path is not None else DEFAULT_SHARED
    return folder if folder.is_dir() else None


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every benchmark takes: where to write the result, and the shared folder."""
    parser.add_argument("--out", type=Path, default=None,
                        help="the result file (default: benchmarks/results/<name>.json)")
    parser.add_argument("--no-write", action="store_true", help="print the results, write no file")
    parser.add_argument("--shared", type=Path, default=None,
                        help="the shared data folder (default: ../shared beside the checkout)")


def shown_command(argv: list[str]) -> str:
    """How a script was run, as a reader can repeat it: the script as ``benchmarks/NAME.py``
    and any absolute path (one machine's folders) as ``<path>``."""
    words = ["python", f"benchmarks/{Path(argv[0]).name}"]
    for word in argv[1:]:
        option, equals, value = word.partition("=")
        if equals and os.path.isabs(value):
            words.append(f"{option}=<path>")
        else:
            words.append("<path>" if os.path.isabs(word) else word)
    return " ".join(words)


class Run:
    """One benchmark run: notes the load when it starts, and :meth:`finish` writes the result
    file with the machine, the load before and after, and the script's results."""

    def __init__(self, name: str, arguments: argparse.Namespace | None = None) -> None:
        self.name = name
        self.arguments = arguments
        self.load_before = load_average()
        self.started = time.perf_counter()

    def finish(self, results: Mapping[str, Any], *, quiet: bool = False) -> Path | None:
        """Write the result file (unless ``--no-write``) and return its path."""
        out: Path | None = getattr(self.arguments, "out", None)
        if getattr(self.arguments, "no_write", False):
            if not quiet:
                print(json.dumps(results, indent=2))
            return None
        document = {
            "benchmark": self.name,
            "command": shown_command(sys.argv),
            "created": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "seconds": round(time.perf_counter() - self.started, 1),
            "machine": machine_info(),
            "load": {"before": self.load_before, "after": load_average()},
            "results": results,
        }
        return write_result(self.name, document, out)


def write_result(name: str, document: Mapping[str, Any], path: Path | None = None) -> Path:
    """Write ``document`` as ``benchmarks/results/<name>.json`` (or ``path``) atomically."""
    target = path if path is not None else RESULTS / f"{name}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial")
    partial.write_text(json.dumps(document, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    os.replace(partial, target)
    return target


def read_result(name: str) -> dict[str, Any] | None:
    """The result file ``name`` wrote, or None when it has not been run."""
    path = RESULTS / f"{name}.json"
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data
