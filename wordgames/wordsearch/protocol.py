"""The word-search game contract: the Python face of COMP 2210's ``WordSearchGame`` interface.

Every method has a snake_case name and, defined once here, the Java-style camelCase name of the
original interface (``loadLexicon``, ``isValidWord``, ``isValidPrefix``, ``setBoard``,
``getBoard``, ``getAllValidWords``, ``getAllScorableWords``, ``getScoreForWords``,
``isOnBoard``), so every implementation answers to both and code ported from Java runs as is.

Errors: where the Java interface throws IllegalStateException (a lexicon-dependent method
called before a lexicon is loaded) implementations raise
:class:`~wordgames.errors.LexiconNotLoadedError`; where it throws IllegalArgumentException they
raise :class:`~wordgames.errors.InvalidArgumentTypeError` (a ``TypeError``: None or a wrong
type) or :class:`~wordgames.errors.InvalidArgumentError` (a ``ValueError``: a bad value, e.g. a
minimum length below 1 or a board that is not square).  Argument errors are checked first.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any


class WordSearchGame(ABC):
    """A word-search (Boggle) game engine: a lexicon, a board, and the questions about them."""

    @abstractmethod
    def load_lexicon(self, path: str | os.PathLike[str]) -> None:
        """Load the lexicon from a word file (or a shipped list's name), replacing any other.

        Raises InvalidArgumentTypeError for None and LexiconError if the file cannot be read.
        """

    @abstractmethod
    def is_valid_word(self, word: str) -> bool:
        """Whether ``word`` (any case) is in the lexicon."""

    @abstractmethod
    def is_valid_prefix(self, prefix: str) -> bool:
        """Whether some lexicon word starts with ``prefix`` (any case; a word is a prefix of
        itself)."""

    @abstractmethod
    def set_board(self, cells: Sequence[str], columns: int | None = None) -> None:
        """Replace the board by ``cells``, one string per cell in row-major order.

        Without ``columns`` the board must be square; ``columns`` lays out a rectangular one.
        """

    @abstractmethod
    def get_board(self) -> str:
        """The board as printable text, one row a line."""

    @abstractmethod
    def get_all_valid_words(self, minimum_word_length: int) -> Any:
        """Every lexicon word on the board with at least ``minimum_word_length`` letters, as a
        ``sortedcontainers.SortedSet`` of upper-case words (empty when there are none)."""

    @abstractmethod
    def get_score_for_words(self, words: Iterable[str], minimum_word_length: int) -> int:
        """The total score of the scorable words among ``words`` (each distinct word counted
        once); scorable means long enough, in the lexicon, and on the board."""

    @abstractmethod
    def is_on_board(self, word: str) -> list[int]:
        """One path spelling ``word`` on the board, as row-major cell indices (one per cell,
        so a ``QU`` cell appears once), or ``[]``.  The word need not be in the lexicon."""

    def get_all_scorable_words(self, minimum_word_length: int) -> Any:
        """The same as :meth:`get_all_valid_words` (the interface's newer name)."""
        return self.get_all_valid_words(minimum_word_length)

    # --- the Java-style names of the original interface ---------------------------------------

    def loadLexicon(self, fileName: str | os.PathLike[str]) -> None:
        """Java-style name of :meth:`load_lexicon`."""
        self.load_lexicon(fileName)

    def isValidWord(self, wordToCheck: str) -> bool:
        """Java-style name of :meth:`is_valid_word`."""
        return self.is_valid_word(wordToCheck)

    def isValidPrefix(self, prefixToCheck: str) -> bool:
        """Java-style name of :meth:`is_valid_prefix`."""
        return self.is_valid_prefix(prefixToCheck)

    def setBoard(self, letterArray: Sequence[str], columns: int | None = None) -> None:
        """Java-style name of :meth:`set_board`."""
        self.set_board(letterArray, columns)

    def getBoard(self) -> str:
        """Java-style name of :meth:`get_board`."""
        return self.get_board()

    def getAllValidWords(self, minimumWordLength: int) -> Any:
        """Java-style name of :meth:`get_all_valid_words`."""
        return self.get_all_valid_words(minimumWordLength)

    def getAllScorableWords(self, minimumWordLength: int) -> Any:
        """Java-style name of :meth:`get_all_scorable_words`."""
        return self.get_all_scorable_words(minimumWordLength)

    def getScoreForWords(self, words: Iterable[str], minimumWordLength: int) -> int:
        """Java-style name of :meth:`get_score_for_words`."""
        return self.get_score_for_words(words, minimumWordLength)

    def isOnBoard(self, wordToCheck: str) -> list[int]:
        """Java-style name of :meth:`is_on_board`."""
        return self.is_on_board(wordToCheck)
