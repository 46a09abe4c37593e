"""Simulating a position in the background (:mod:`wordgames.scrabble.strategy.simulation`):
the candidates by static equity, each played out against drawn racks, as a job with progress.

The position is a board in the plain text form (as the plays endpoint takes it) or a CGP, a
rack and the two scores.  The answer is the command line's own ``scrabble sim --json``
(:func:`~wordgames.serialization.analyses.sim_json`), each placement also with its squares
(:data:`SQUARE_FIELDS`) and each exchange with its ``tiles``, so a page can show them.
"""

from __future__ import annotations

import threading
from typing import Annotated

from pydantic import BaseModel, Field

from wordgames.errors import InvalidArgumentError
from wordgames.scrabble import Rack, get_rules
from wordgames.scrabble.game.decision import Decision, Situation, Strategy
from wordgames.scrabble.strategy.sim_setup import (
    DEFAULT_POLICY,
    static_candidates,
    static_player,
    unseen_tiles,
)
from wordgames.scrabble.strategy.simulation import SimPosition, simulate
from wordgames.serialization.analyses import sim_json
from wordgames.serialization.moves import move_json
from wordgames.serialization.positions import check_lexicon_fits_tiles
from wordgames.web.analysis import Job, JobCancelled, Work
from wordgames.web.lexicons import LexiconRegistry
from wordgames.web.limits import (
    MAX_CGP_CHARS,
    MAX_RACK_CHARS,
    MAX_ROW_CHARS,
    MAX_SIM_CANDIDATES,
    MAX_SIM_ITERATIONS,
    MAX_SIM_PLIES,
    MAX_SIM_SECONDS,
)
from wordgames.web.scrabble_api import query_position

HAND_SIZE = 7
MAX_SCORE = 100_000
"""A player's score in a simulated position (real games stay under 1,000)."""
SQUARE_FIELDS = ("row", "col", "direction", "placed")
"""What the web adds to each simulated placement (as ``best --json`` writes it), to show it."""


Score = Annotated[int, Field(ge=-MAX_SCORE, le=MAX_SCORE)]


class SimQuery(BaseModel):
    """A position to simulate: ``board`` rows (``.`` empty, lower case a blank) or a ``cgp``,
    the mover's ``rack`` (default: the CGP's), the ``scores`` (mover first; default the
    CGP's, else 0-0) and the simulation's settings."""

    board: list[Annotated[str, Field(max_length=MAX_ROW_CHARS)]] | None = Field(default=None, max_length=40)
    cgp: str | None = Field(default=None, min_length=1, max_length=MAX_CGP_CHARS)
    rack: str | None = Field(default=None, min_length=1, max_length=MAX_RACK_CHARS)
    scores: tuple[Score, Score] | None = None
    lexicon: str | None = Field(default=None, max_length=64)
    tiles: str | None = Field(default=None, max_length=32)
    layout: str | None = Field(default=None, pattern="^(standard|super)$")
    candidates: int = Field(default=6, ge=1, le=MAX_SIM_CANDIDATES)
    iterations: int = Field(default=100, ge=1, le=MAX_SIM_ITERATIONS)
    plies: int = Field(default=2, ge=0, le=MAX_SIM_PLIES)
    seconds: float = Field(default=MAX_SIM_SECONDS, gt=0, le=MAX_SIM_SECONDS)
    seed: int = Field(default=0, ge=0, le=2**63)


def sim_position(query: SimQuery, lexicons: LexiconRegistry) -> tuple[SimPosition, Rack, str]:
    """The position the query describes (checked now, so a bad one is a 400 at once), and the
    name of its lexicon: the query's, else the CGP's (refused when this server does not offer
    it), else the server's default."""
    read = query_position(query.board, query.cgp, query.rack, query.tiles, query.layout)
    rack = read.rack
    if rack is None:
        raise InvalidArgumentError("a simulation needs the mover's rack")
    if len(rack) > HAND_SIZE:
        raise InvalidArgumentError(f"the rack {rack} holds more than {HAND_SIZE} tiles")
    scores = query.scores
    if scores is None and len(read.scores) >= 2:
        scores = (read.scores[0], read.scores[1])
    lexicon_name, lexicon = lexicons.choose(query.lexicon, read.lexicon, "the CGP", read.tile_set)
    check_lexicon_fits_tiles(lexicon, read.tile_set, "choose a {name} word list (lexicon=NAME)")
    unseen = unseen_tiles(read.board, rack.tiles(), read.tile_set)
    position = SimPosition(
        read.board, tuple(rack.tiles()), tuple(unseen), lexicon,
        get_rules("classic", tile_set=read.tile_set), read.tile_set, HAND_SIZE, scores or (0, 0),
    )
    return position, rack, lexicon_name


class StoppablePolicy(Strategy):
    """The simulation's static player (``scrabble sim``'s default, :data:`DEFAULT_POLICY`),
    which stops the run when its job is cancelled: it is asked for every simulated turn, so a
    cancel takes effect within one move generation rather than a round."""

    name = "web-sim-policy"

    def __init__(self, job: Job, inner: Strategy) -> None:
        self.job = job
        self.inner = inner

    def decide(self, situation: Situation) -> Decision:
        """The inner strategy's turn; raises JobCancelled once the job is cancelled."""
        if self.job.cancelled:
            raise JobCancelled
        return self.inner.decide(situation)


def sim_work(query: SimQuery, position: SimPosition, rack: Rack) -> Work:
    """The job's work: candidates by static equity (the default static player's leave values,
    as ``scrabble sim``), then the simulation, progress counted in iterations; the job's
    ``result`` is ``scrabble sim --json``'s answer."""

    def work(job: Job, lock: threading.Lock) -> None:
        inner, leave_value = static_player(DEFAULT_POLICY, position.lexicon)
        candidates = static_candidates(
            position.board, rack, position.lexicon, position.rules, leave_value,
            limit=query.candidates, can_exchange=len(position.unseen) - HAND_SIZE >= HAND_SIZE,
        )

        def progress(done: int) -> None:
            with lock:
                job.done = done
                if job.cancelled:
                    raise JobCancelled

        result = simulate(
            position, candidates, StoppablePolicy(job, inner), leave_value, plies=query.plies,
            iterations=query.iterations, seconds=query.seconds, seed=query.seed, workers=1,
            progress=progress,
        )
        answer = sim_json(result, position.tile_set)
        for entry, ranked in zip(answer["candidates"], result.candidates, strict=True):
            if ranked.candidate.move is not None:
                squares = move_json(ranked.candidate.move, "classic", position.tile_set)
                entry["move"].update({key: squares[key] for key in SQUARE_FIELDS})
            else:
                entry["move"]["tiles"] = ranked.candidate.tiles
        with lock:
            job.result = answer
            job.done = job.total = result.iterations

    return work
