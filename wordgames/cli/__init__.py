"""The ``wordgames`` command line: ``wordgames lexicon|boggle|scrabble ...``."""

from wordgames.cli.app import main

__all__ = ["main"]
