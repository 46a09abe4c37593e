"""What the request handlers share: the server's configuration and its long-lived parts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from fastapi import Request

from wordgames.web.lexicons import LexiconRegistry

if TYPE_CHECKING:
    from wordgames.web.analysis import AnalysisJobs
    from wordgames.web.games import GameStore


@dataclass
class Services:
    """One server's lexicons, saved games and analysis jobs."""

    lexicons: LexiconRegistry
    games: GameStore
    jobs: AnalysisJobs


def services(request: Request) -> Services:
    """The Services of the app handling ``request`` (a FastAPI dependency)."""
    found: Services = request.app.state.services
    return found
