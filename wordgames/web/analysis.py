"""Background jobs with progress: reviewing a recorded game (GCG) turn by turn, and
simulating a position (:mod:`wordgames.scrabble.strategy.simulation`).

A game's review is the command line's own ``scrabble analyze --json``
(:func:`wordgames.scrabble.strategy.analysis.review_game`, written by
:func:`wordgames.serialization.analyses.review_json`): every turn whose rack the record gives
is ranked by static equity, so the page and the command line never disagree.  Beside it the
job keeps the board after every event, the event itself and its ``#note``, for the page to
step through the game.  A review costs one move generation per turn (a few seconds for a
whole game on a busy machine), so it runs in a worker thread while the page polls its
progress.  Jobs run one at a time (the machine's cores are better spent on one job than
shared by several, and the engine's simulation keeps its run in a module-level slot).  A
job's id is 128 random bits, so nobody can read or cancel a job without being given its id.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from wordgames.errors import InvalidArgumentError, WordGamesError
from wordgames.lexicon import Lexicon
from wordgames.scrabble import STANDARD_ENGLISH, Board, TileSet, replay_gcg
from wordgames.scrabble.formats.gcg import GcgEvent, GcgRecord, parse_gcg
from wordgames.scrabble.formats.gcg_replay import tile_set_from_pragma
from wordgames.scrabble.strategy.analysis import review_game
from wordgames.serialization.analyses import review_json
from wordgames.serialization.boards import board_json, tile_values
from wordgames.serialization.errors import public_message
from wordgames.serialization.moves import move_json
from wordgames.web.limits import MAX_ANALYSIS_JOBS, MAX_GCG_BYTES, MAX_GCG_EVENTS

log = logging.getLogger("wordgames.web")


class UnknownJobError(InvalidArgumentError):
    """No analysis job has this id (it never existed or was dropped as too old)."""


def parse_gcg_text(text: str, name: str) -> GcgRecord:
    """The GCG record ``text`` holds (at most MAX_GCG_BYTES and MAX_GCG_EVENTS); errors name
    ``name``."""
    if len(text.encode("utf-8")) > MAX_GCG_BYTES:
        raise InvalidArgumentError(f"a GCG game is at most {MAX_GCG_BYTES // 1024} KiB")
    record = parse_gcg(text, name)
    if len(record.events) > MAX_GCG_EVENTS:
        raise InvalidArgumentError(f"{name}: a game to analyse has at most {MAX_GCG_EVENTS} events")
    return record


def record_tile_set(record: GcgRecord) -> TileSet:
    """The tiles a record's ``#tile-distribution`` names (standard English by default)."""
    named = record.tile_distribution
    return tile_set_from_pragma(named) if named else STANDARD_ENGLISH


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
    """The answer once finished: ``scrabble analyze --json`` or ``scrabble sim --json``."""
    squares: list[list[Any]] = dataclasses.field(default_factory=list)
    """A review's best plays on the board: per reviewed turn, per listed play, its tiles
    placed (as in ``best --json``), None for an exchange or a pass."""
    error: str | None = None
    started: bool = False
    finished: bool = False
    cancelled: bool = False
    values: dict[str, int] = dataclasses.field(default_factory=lambda: tile_values(STANDARD_ENGLISH))
    """The tile values of the game analysed (its ``#tile-distribution``)."""
    lexicon: str = ""
    """The name of the lexicon the job uses."""

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
            "lexicon": self.lexicon,
            "steps": self.steps[since:],
            "result": self.result,
            "squares": self.squares if self.finished else [],
        }


def event_json(event: GcgEvent, note: str | None) -> dict[str, Any]:
    """One event of a record, as the page describes it, with the note that follows it."""
    return {
        "line": event.line, "nick": event.nick, "kind": event.kind, "rack": event.rack,
        "position": event.position, "tiles": event.tiles, "score": event.score, "total": event.total,
        "text": event.text, "note": note,
    }


def analyse(job: Job, record: GcgRecord, lexicon: Lexicon, top: int, lock: threading.Lock) -> None:
    """Fill ``job``: first the steps (step 0 the empty board, step k the board after the
    record's k-th event, with the event and its note), then the review of every turn with a
    known rack, its progress counted in turns; ``result`` is ``scrabble analyze --json``."""
    tile_set = record_tile_set(record)
    boards: list[Board] = []
    replay = replay_gcg(record, lexicon, tile_set=tile_set,
                        observe=lambda event, board: boards.append(board.copy()))
    boards.append(replay.board)
    totals: dict[str, int] = {nick: 0 for nick, _ in record.players}
    steps: list[dict[str, Any]] = [
        {"number": 0, "board": board_json(boards[0], tile_set), "totals": dict(totals),
         "note": record.notes.get(0)}
    ]
    for number, (event, board) in enumerate(zip(record.events, boards[1:], strict=False), 1):
        totals[event.nick] = event.total
        steps.append({"number": number, "board": board_json(board, tile_set), "totals": dict(totals),
                      "event": event_json(event, record.notes.get(event.line))})
    with lock:
        job.values = tile_values(tile_set)
        job.steps.extend(steps)
        if replay.discrepancy is not None:
            job.error = f"the game does not replay: {replay.discrepancy}"

    def progress(done: int, total: int) -> None:
        with lock:
            job.done, job.total = done, total
            if job.cancelled:
                raise JobCancelled

    review = review_game(record, lexicon, tile_set=tile_set, top=top, progress=progress)
    squares = [
        [move_json(option.move, "classic", tile_set)["placed"] if option.move is not None else None
         for option in turn.best]
        for turn in review.turns
    ]
    with lock:
        job.result = review_json(review)
        job.squares = squares
        job.done = job.total


Work = Callable[[Job, threading.Lock], None]
"""What a job does: fills the job (under the lock) as it goes; raises JobCancelled when it
sees the job cancelled."""


class AnalysisJobs:
    """Background jobs, run one at a time in a worker thread; the last few are kept."""

    def __init__(self) -> None:
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wordgames-analysis")

    def start(self, record: GcgRecord, lexicon: Lexicon, top: int, lexicon_name: str = "") -> Job:
        """Review a parsed GCG record (see :func:`parse_gcg_text`) in the background with
        ``lexicon`` (called ``lexicon_name``); returns the job to poll."""
        def work(job: Job, lock: threading.Lock) -> None:
            analyse(job, record, lexicon, top, lock)

        return self.submit("gcg", 0, work, [full for _, full in record.players], lexicon_name)

    def submit(
        self, kind: str, total: int, work: Work, players: list[str] | None = None, lexicon: str = ""
    ) -> Job:
        """Queue ``work`` as a new job of ``kind`` with ``total`` steps; returns the job to
        poll (the oldest jobs beyond MAX_ANALYSIS_JOBS are forgotten, and cancelled if
        they have not finished)."""
        job = Job(secrets.token_urlsafe(16), total=total, kind=kind, players=players or [], lexicon=lexicon)
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
                job.error = public_message(error)
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
