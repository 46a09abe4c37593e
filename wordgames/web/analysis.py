"""Background jobs with progress: analysing a recorded game (GCG) turn by turn, and
simulating a position (:mod:`wordgames.web.simulation`).

The job replays the game on the engine (:func:`wordgames.scrabble.replay_gcg`, which checks
every move and score), keeps the board after every event, and for every turn whose rack the
record gives, lists the best plays the engine finds for that rack on the board before it.
That costs one full move generation per turn (a few seconds for a whole game on a busy
machine), so it runs in a worker thread while the page polls its progress.  Jobs run one at
a time (the machine's cores are better spent on one job than shared by several, and the
engine's simulation keeps its run in a module-level slot).
"""

from __future__ import annotations

import dataclasses
import itertools
import logging
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from wordgames.errors import InvalidArgumentError, WordGamesError
from wordgames.lexicon import Lexicon
from wordgames.scrabble import STANDARD_ENGLISH, Board, get_rules, read_gcg, replay_gcg
from wordgames.scrabble.formats.gcg_replay import tile_set_from_pragma
from wordgames.serialization.boards import board_json, tile_values
from wordgames.serialization.moves import plays_json
from wordgames.web.limits import MAX_ANALYSIS_JOBS, MAX_GCG_BYTES, MAX_GCG_EVENTS

log = logging.getLogger("wordgames.web")

# Event kinds (as the GCG reader names them) that are a player's own turn with a rack.
_TURN_KINDS = ("move", "exchange", "pass")


class UnknownJobError(InvalidArgumentError):
    """No analysis job has this id (it never existed or was dropped as too old)."""


def parse_gcg_text(text: str, name: str) -> Any:
    """The GCG record ``text`` holds (at most MAX_GCG_BYTES and MAX_GCG_EVENTS).  The public
    reader takes a file, so the text goes into a private temporary folder first; errors name
    ``name``, not that folder."""
    if len(text.encode("utf-8")) > MAX_GCG_BYTES:
        raise InvalidArgumentError(f"a GCG game is at most {MAX_GCG_BYTES // 1024} KiB")
    with tempfile.TemporaryDirectory(prefix="wordgames-gcg-") as folder:
        path = Path(folder) / "game.gcg"
        path.write_text(text, encoding="utf-8")
        try:
            record = read_gcg(path)
        except WordGamesError as error:
            raise type(error)(str(error).replace(str(path), name)) from None
    if len(record.events) > MAX_GCG_EVENTS:
        raise InvalidArgumentError(f"{name}: a game to analyse has at most {MAX_GCG_EVENTS} events")
    return record


class JobCancelled(Exception):
    """Raised inside a job's work when the job was cancelled (it stops at its next step)."""


@dataclasses.dataclass
class Job:
    """One background job: its progress, the steps done so far (a game analysis) or its
    result (a simulation)."""

    id: str
    total: int
    kind: str = "gcg"
    done: int = 0
    steps: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    players: list[str] = dataclasses.field(default_factory=list)
    result: dict[str, Any] | None = None
    error: str | None = None
    started: bool = False
    finished: bool = False
    cancelled: bool = False
    values: dict[str, int] = dataclasses.field(default_factory=lambda: tile_values(STANDARD_ENGLISH))
    """The tile values of the game analysed (its ``#tile-distribution``)."""

    def snapshot(self, since: int = 0) -> dict[str, Any]:
        """The job as JSON: progress, the steps from ``since`` on, and the result."""
        return {
            "id": self.id,
            "kind": self.kind,
            "total": self.total,
            "done": self.done,
            "started": self.started,
            "finished": self.finished,
            "cancelled": self.cancelled,
            "error": self.error,
            "players": self.players,
            "values": self.values,
            "steps": self.steps[since:],
            "result": self.result,
        }


def analyse(job: Job, record: Any, lexicon: Lexicon, top: int, lock: threading.Lock) -> None:
    """Fill ``job`` step by step: step 0 is the empty board, step k the board after the
    record's k-th event, with the best plays for the rack of that event (when known)."""
    named = record.tile_distribution
    tile_set = tile_set_from_pragma(named) if named else STANDARD_ENGLISH
    rules = get_rules("classic", tile_set=tile_set)
    with lock:
        job.values = tile_values(tile_set)
    events = record.events
    previous: Board | None = None
    for count in range(len(events) + 1):
        if job.cancelled:
            raise JobCancelled
        replay = replay_gcg(dataclasses.replace(record, events=events[:count]), lexicon)
        if replay.discrepancy is not None:
            with lock:
                job.error = f"the game does not replay: {replay.discrepancy}"
            return
        step: dict[str, Any] = {"number": count, "board": board_json(replay.board), "totals": replay.totals}
        if count:
            event = events[count - 1]
            step["event"] = {
                "nick": event.nick,
                "kind": event.kind,
                "rack": event.rack,
                "position": event.position,
                "tiles": event.tiles,
                "score": event.score,
                "total": event.total,
                "text": event.text,
            }
            if event.kind in _TURN_KINDS and event.rack and previous is not None:
                rack = tile_set.parse_rack(event.rack)
                step["best"] = plays_json(rules.best_moves(previous, rack, lexicon), rack, top)
        previous = replay.board
        with lock:
            job.steps.append(step)
            job.done = count + 1


Work = Callable[[Job, threading.Lock], None]
"""What a job does: fills the job (under the lock) as it goes; raises JobCancelled when it
sees the job cancelled."""


class AnalysisJobs:
    """Background jobs, run one at a time in a worker thread; the last few are kept."""

    def __init__(self) -> None:
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wordgames-analysis")

    def start(self, record: Any, lexicon: Lexicon, top: int) -> Job:
        """Analyse a parsed GCG record (see :func:`parse_gcg_text`) in the background;
        returns the job to poll."""
        def work(job: Job, lock: threading.Lock) -> None:
            analyse(job, record, lexicon, top, lock)

        return self.submit("gcg", len(record.events) + 1, work, [full for _, full in record.players])

    def submit(self, kind: str, total: int, work: Work, players: list[str] | None = None) -> Job:
        """Queue ``work`` as a new job of ``kind`` with ``total`` steps; returns the job to
        poll (the oldest jobs beyond MAX_ANALYSIS_JOBS are forgotten, and cancelled if
        they have not finished)."""
        job = Job(f"job{next(self._ids)}", total=total, kind=kind, players=players or [])
        with self._lock:
            self._jobs[job.id] = job
            while len(self._jobs) > MAX_ANALYSIS_JOBS:
                _, dropped = self._jobs.popitem(last=False)
                dropped.cancelled = True
        self._executor.submit(self._run, job, work)
        return job

    def cancel(self, job_id: str) -> dict[str, Any]:
        """Ask a job to stop (a queued one never starts; a running one stops at its next
        step); returns its snapshot.  UnknownJobError if none."""
        with self._lock:
            job = self._find(job_id)
            if not job.finished:
                job.cancelled = True
            return job.snapshot(len(job.steps))

    def _run(self, job: Job, work: Work) -> None:
        try:
            with self._lock:
                if job.cancelled:
                    raise JobCancelled
                job.started = True
            work(job, self._lock)
        except JobCancelled:
            with self._lock:
                job.error = "cancelled"
        except WordGamesError as error:
            with self._lock:
                job.error = str(error)
        except Exception:  # a bug: logged on the server, a short message to the page
            log.exception("background job %s failed", job.id)
            with self._lock:
                job.error = "the job failed (internal error, see the server's log)"
        finally:
            with self._lock:
                job.finished = True

    def snapshot(self, job_id: str, since: int = 0) -> dict[str, Any]:
        """The job's progress and its steps from ``since`` on; UnknownJobError if none."""
        with self._lock:
            return self._find(job_id).snapshot(since)

    def _find(self, job_id: str) -> Job:
        job = self._jobs.get(job_id)
        if job is None:
            raise UnknownJobError(f"no analysis job {job_id[:40]!r}")
        return job

    def shutdown(self) -> None:
        """Stop taking jobs and ask the running one to stop."""
        with self._lock:
            for job in self._jobs.values():
                job.cancelled = True
        self._executor.shutdown(wait=False, cancel_futures=True)
