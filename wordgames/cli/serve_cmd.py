"""``wordgames serve``: the local web application (needs the ``wordgames[web]`` extra)."""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from typing import Any

from wordgames.cli.common import add_backend_option, lexicon_source, whole_number
from wordgames.errors import FileWriteError, InvalidArgumentError
from wordgames.textfiles import shown_path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def register(groups: Any) -> None:
    """Add the ``serve`` command."""
    serve = groups.add_parser(
        "serve",
        help="play and analyse in the browser (local web app)",
        description="Start the local web application: Boggle, Scrabble against the computer, "
        "analysis of positions and games, and a JSON API (docs at /docs).  Needs the web "
        "extra: pip install 'wordgames[web]'.",
    )
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: this machine only)",
    )
    serve.add_argument("--port", type=whole_number, default=DEFAULT_PORT,
                       help=f"port (default {DEFAULT_PORT})")
    serve.add_argument(
        "--lexicon",
        default=None,
        metavar="PATH|NAME",
        help="default word list of the pages (the API offers lists by name only)",
    )
    add_backend_option(serve)
    serve.add_argument(
        "--games",
        metavar="DIR",
        default=None,
        help="folder for saved games (default ~/.local/share/wordgames/web-games)",
    )
    serve.set_defaults(handler=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    """Build the app and serve it with uvicorn until interrupted."""
    if not 0 < args.port < 65536:
        raise InvalidArgumentError(f"--port must be 1..65535, not {args.port}")
    try:
        web = importlib.import_module("wordgames.web")
    except ImportError as error:
        raise InvalidArgumentError(
            f"the web server needs the web extra ({error.name} is missing): pip install 'wordgames[web]'"
        ) from None
    folder = Path(args.games) if args.games else None
    if folder is not None and folder.exists() and not folder.is_dir():  # a file, a pipe, a device
        raise FileWriteError(f"{shown_path(args.games)}: not a folder (--games is where saved games go)")
    app = web.create_app(lexicon_source(args), args.backend, folder)
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"wordgames: serving on http://{host}:{args.port}/ (Ctrl+C to stop)", flush=True)
    web.serve(app, args.host, args.port)
    return 0
