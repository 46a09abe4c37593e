"""The web application: the three pages, the JSON API and the error policy.

Errors always come back as JSON ``{"error": "..."}``: 400 for bad input (any
:class:`~wordgames.errors.WordGamesError`), 404 for an unknown game or job, 413 for a body
over the size limit, 422 for a malformed request, 500 "internal error" for a bug (logged on
the server, never a traceback to the client).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from swagger_ui_bundle import swagger_ui_path

from wordgames import __version__
from wordgames.errors import WordGamesError
from wordgames.lexicon import DEFAULT_BACKEND, DEFAULT_LEXICON
from wordgames.serialization.errors import error_json, public_message
from wordgames.web import analysis_api, boggle_api, games_api, scrabble_api
from wordgames.web.analysis import AnalysisJobs, UnknownJobError
from wordgames.web.deps import Services, services
from wordgames.web.games import GameStore, UnknownGameError
from wordgames.web.lexicons import LexiconRegistry, catalogue
from wordgames.web.limits import BodySizeLimit

STATIC = Path(__file__).parent / "static"
PAGES = ("boggle", "scrabble", "analysis")
log = logging.getLogger("wordgames.web")


def default_game_folder() -> Path:
    """Where games are saved unless told otherwise: ``~/.local/share/wordgames/web-games``
    (``$XDG_DATA_HOME`` respected)."""
    import os

    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "wordgames" / "web-games"


def create_app(
    lexicon: str = DEFAULT_LEXICON,
    backend: str = DEFAULT_BACKEND,
    game_folder: Path | None = None,
) -> FastAPI:
    """The application serving ``lexicon`` (a name or a path, given by whoever starts the
    server) by default, saving games in ``game_folder``.  Loads the default lexicon now, so a
    bad one fails here (LexiconError) rather than on the first request."""
    found = Services(
        lexicons=(lexicons := LexiconRegistry(lexicon, backend)),
        games=GameStore(game_folder or default_game_folder(), lexicons),
        jobs=AnalysisJobs(),
    )

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        found.jobs.shutdown()

    app = FastAPI(
        title="wordgames",
        version=__version__,
        description="Boggle and Scrabble in the browser, on the wordgames engine. "
        'Errors come back as {"error": "..."}.',
        lifespan=lifespan,
        docs_url=None,  # served below from the packaged Swagger UI, never from a CDN
        redoc_url=None,
    )
    app.state.services = found
    app.add_middleware(BodySizeLimit)
    for module in (boggle_api, scrabble_api, games_api, analysis_api):
        app.include_router(module.router)
    _add_error_handlers(app)
    _add_pages(app)

    @app.get("/api/lexicons", tags=["lexicons"], summary="The lexicons, tiles and dice this server offers")
    def lexicon_names(found: Annotated[Services, Depends(services)]) -> dict[str, Any]:
        """Lexicon names a request may use and the default one; every shipped tile
        distribution and dice set, each with the lexicons that fit it (their words use only
        its letters; the best match first) and its default lexicon.  The first call reads
        every offered list once."""
        return catalogue(found.lexicons)

    return app


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse(error_json(public_message(message)), status_code=status)


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(UnknownGameError)
    @app.exception_handler(UnknownJobError)
    async def unknown(_: Request, error: Exception) -> Response:
        return _error(404, str(error))

    @app.exception_handler(WordGamesError)
    async def bad_input(_: Request, error: Exception) -> Response:
        return _error(400, str(error))

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, error: Exception) -> Response:
        assert isinstance(error, RequestValidationError)
        problems = []
        for item in error.errors()[:5]:
            where = ".".join(str(part) for part in item.get("loc", ()) if part not in ("body", "query"))
            problems.append(f"{where}: {item.get('msg', 'invalid')}" if where else str(item.get("msg")))
        return _error(422, "; ".join(problems) or "malformed request")

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return _error(error.status_code, str(error.detail))

    @app.exception_handler(Exception)
    async def internal(request: Request, error: Exception) -> Response:
        log.exception("internal error on %s %s", request.method, request.url.path, exc_info=error)
        return _error(500, "internal error (see the server's log)")


def _add_pages(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # Swagger UI's files come with the swagger-ui-bundle-v2 package (Apache 2.0), so the API page
    # works offline and the browser fetches nothing from another host.
    app.mount("/api-docs", StaticFiles(directory=str(swagger_ui_path)), name="api-docs")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title="wordgames API",
            swagger_js_url="/api-docs/swagger-ui-bundle.js",
            swagger_css_url="/api-docs/swagger-ui.css",
            swagger_favicon_url="/api-docs/favicon-32x32.png",
            swagger_ui_parameters={"validatorUrl": None},  # no badge from the online validator
        )

    @app.get("/", include_in_schema=False)
    def home() -> RedirectResponse:
        return RedirectResponse("/boggle")

    def page(name: str) -> Any:
        def serve() -> FileResponse:
            return FileResponse(STATIC / f"{name}.html", media_type="text/html")

        return serve

    for name in PAGES:
        app.add_api_route(f"/{name}", page(name), include_in_schema=False, methods=["GET"])
