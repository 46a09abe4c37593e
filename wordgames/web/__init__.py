"""The local web application (optional extra ``wordgames[web]``): Boggle and Scrabble pages
and a JSON API on the same public engine as the command line.  Start it with
``wordgames serve`` or build it with :func:`create_app`."""

from wordgames.web.app import create_app
from wordgames.web.server import serve, server_config

__all__ = ["create_app", "serve", "server_config"]
