"""``/api/analysis/...``: start the analysis of a GCG game and follow its progress."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query
from pydantic import BaseModel, Field

from wordgames.errors import WordGamesError
from wordgames.web.analysis import parse_gcg_text
from wordgames.web.deps import Services, services
from wordgames.web.limits import MAX_GCG_BYTES, MAX_TOP

router = APIRouter(prefix="/api/analysis", tags=["analysis"])


class GcgUpload(BaseModel):
    """A GCG game as text (the page reads an uploaded file and sends its text)."""

    gcg: str = Field(min_length=1, max_length=MAX_GCG_BYTES)
    name: str = Field(default="game.gcg", max_length=100)
    lexicon: str | None = Field(default=None, max_length=64)
    top: int = Field(default=5, ge=1, le=MAX_TOP)


@router.post("/gcg", summary="Start analysing a GCG game")
def start(upload: GcgUpload, found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
    """Parse the game now (a malformed file is a 400 error at once), then replay and analyse
    it in the background.  The lexicon is ``lexicon``, else the game's ``#lexicon`` when this
    server offers it, else the server's default.  Poll ``GET /api/analysis/jobs/{id}``."""
    record = parse_gcg_text(upload.gcg, upload.name)
    lexicon_name = upload.lexicon
    if not lexicon_name and record.lexicon:
        try:
            lexicon_name = found.lexicons.resolve(record.lexicon)
        except WordGamesError:
            lexicon_name = None  # a list this server does not offer: the default one
    lexicon = found.lexicons.get(lexicon_name)
    job = found.jobs.start(record, lexicon, upload.top)
    return {**found.jobs.snapshot(job.id), "lexicon": found.lexicons.resolve(lexicon_name)}


@router.get("/jobs/{job_id}", summary="Progress and results of an analysis")
def progress(
    job_id: Annotated[str, Path(max_length=40)],
    found: Annotated[Services, Depends(services)],
    since: Annotated[int, Query(ge=0, le=100_000)] = 0,
) -> dict[str, Any]:
    """``done`` of ``total`` steps, ``finished``, ``error``, and the steps from ``since`` on
    (step 0 is the empty board; step k the board after the game's k-th event, with the best
    plays for that event's rack)."""
    return found.jobs.snapshot(job_id, since)
