"""The one exception hierarchy of wordgames.

Every error the package raises on purpose derives from :class:`WordGamesError`, so a caller
(and the CLI) can catch them all in one place.  Errors about bad arguments also derive from
the matching built-in (``ValueError`` or ``TypeError``), so code written against the Java
contract's ``IllegalArgumentException`` keeps working with plain ``except ValueError``.
"""

from __future__ import annotations


class WordGamesError(Exception):
    """Root of every error raised on purpose by wordgames."""


class InvalidArgumentError(WordGamesError, ValueError):
    """An argument has the right type but an unusable value (Java's IllegalArgumentException)."""


class InvalidArgumentTypeError(WordGamesError, TypeError):
    """An argument is missing (None) or of the wrong type (Java's IllegalArgumentException)."""


class MissingDependencyError(WordGamesError):
    """An optional dependency a feature needs is not installed (the message says which extra
    installs it)."""


class WorkerError(WordGamesError):
    """A worker process of a parallel job died (killed by a signal, out of memory, exited) or
    a cluster lost the workers running a task; the message says how, where it is known.  The
    job is abandoned: what it checkpointed survives, the rest of its results are lost."""


class LexiconError(WordGamesError):
    """A word list could not be loaded: missing, a directory, unreadable, binary or empty."""


class LexiconNotLoadedError(WordGamesError):
    """A game was asked a question before a lexicon was loaded (Java's IllegalStateException)."""


class BoardError(InvalidArgumentError):
    """A board description or board file is malformed (wrong shape, empty cells, bad letters)."""


class FormatError(InvalidArgumentError):
    """A data file or position string does not follow its format (layout, tile bag, CGP, GCG,
    config, saved game)."""


class FileWriteError(WordGamesError):
    """A file could not be written (a folder or device in the way, no such folder, no
    permission, a full disk); the message names the path the caller gave."""


class NotationError(InvalidArgumentError):
    """A move written in one of the supported notations could not be parsed."""


class IllegalMoveError(WordGamesError):
    """A move was played that the rules do not allow; the message says why."""


class GameError(WordGamesError):
    """A game operation is not possible in the current game state (e.g. the game is over)."""
