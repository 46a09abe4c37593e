"""``/api/analysis/...``: start the analysis of a GCG game or the simulation of a position,
follow its progress, cancel it."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query
from pydantic import BaseModel, Field

from wordgames.web.analysis import parse_gcg_text, record_tile_set
from wordgames.web.deps import Services, services
from wordgames.web.limits import MAX_GCG_BYTES, MAX_TOP
from wordgames.web.simulation import SimQuery, sim_position, sim_work

router = APIRouter(prefix="/api/analysis", tags=["analysis"])


class GcgUpload(BaseModel):
    """A GCG game as text (the page reads an uploaded file and sends its text)."""

    gcg: str = Field(min_length=1, max_length=MAX_GCG_BYTES)
    name: str = Field(default="game.gcg", max_length=100)
    lexicon: str | None = Field(default=None, max_length=64)
    top: int = Field(default=5, ge=1, le=MAX_TOP)


@router.post("/gcg", summary="Start analysing a GCG game")
def start(upload: GcgUpload, found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
    """Parse the game now (a malformed file, or a lexicon this server does not offer, is a
    400 error at once), then review it in the background as ``wordgames scrabble analyze
    --json`` does.  The lexicon is ``lexicon``, else the game's ``#lexicon`` (refused when
    this server does not offer it: choose one), else the server's default.  Poll
    ``GET /api/analysis/jobs/{id}``: the steps (the board after each event, the event and its
    note) at once, then ``done`` of ``total`` turns reviewed, then ``result``, the review."""
    record = parse_gcg_text(upload.gcg, upload.name)
    name, lexicon = found.lexicons.choose(upload.lexicon, record.lexicon, "the GCG", record_tile_set(record))
    job = found.jobs.start(record, lexicon, upload.top, name)
    return found.jobs.snapshot(job.id)


@router.post("/sim", summary="Start simulating a position")
def start_sim(query: SimQuery, found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
    """Check the position now (a bad one is a 400 error at once; the lexicon is ``lexicon``,
    else the CGP's when offered, else the server's default), then simulate its best
    ``candidates`` by static equity in the background, ``iterations`` times (fewer when one
    candidate is ahead of all others with 99% confidence, or after ``seconds``).  Poll
    ``GET /api/analysis/jobs/{id}``: ``done`` of ``total`` iterations, then ``result``, the
    same JSON as ``wordgames scrabble sim --json``."""
    position, rack, lexicon_name = sim_position(query, found.lexicons)
    job = found.jobs.submit("sim", query.iterations, sim_work(query, position, rack), lexicon=lexicon_name)
    return found.jobs.snapshot(job.id)


JobId = Annotated[str, Path(max_length=40, description="the id the job was started with")]


@router.post("/jobs/{job_id}/cancel", summary="Stop an analysis or a simulation")
def cancel(job_id: JobId, found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
    """Ask the job to stop: a waiting job never starts, a running one stops after its current
    step (its ``error`` then says ``cancelled``)."""
    return found.jobs.cancel(job_id)


@router.get("/jobs/{job_id}", summary="Progress and results of an analysis or a simulation")
def progress(
    job_id: JobId,
    found: Annotated[Services, Depends(services)],
    since: Annotated[int, Query(ge=0, le=100_000)] = 0,
) -> dict[str, Any]:
    """``done`` of ``total`` steps, ``finished``, ``error``; for a game analysis
    (``kind`` ``gcg``) the steps from ``since`` on (step 0 is the empty board; step k the
    board after the game's k-th event, with the best plays for that event's rack); for a
    simulation (``kind`` ``sim``) the ``result`` once finished."""
    return found.jobs.snapshot(job_id, since)
