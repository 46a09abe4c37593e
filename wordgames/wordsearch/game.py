"""The word-search engine (:class:`BoggleGame`) and its factory.

>>> from wordgames.lexicon import lexicon_from_words
>>> game = create_game()
>>> game.use_lexicon(lexicon_from_words(["peace", "pea", "lent", "pope"]))
>>> list(game.get_all_valid_words(3)), game.is_on_board("peace"), game.is_on_board("pope")
(['LENT', 'PEA', 'PEACE'], [7, 6, 3, 2, 1], [])
>>> game.get_score_for_words(["PEACE", "pea", "POPE"], 3)
4
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from sortedcontainers import SortedSet

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError, LexiconNotLoadedError
from wordgames.lexicon import DEFAULT_BACKEND, Lexicon, backend_class, load_lexicon
from wordgames.wordsearch.board import DEFAULT_BOARD, Board, find_path
from wordgames.wordsearch.protocol import WordSearchGame
from wordgames.wordsearch.scoring import DEFAULT_SCORING, scoring_function
from wordgames.wordsearch.searcher import words_at_least
from wordgames.wordsearch.solving import WordPaths, find_words, find_words_with_paths

# Up to this many candidate words, scoring checks each with a guided search; beyond it, one
# full search of the board is cheaper (a 4 x 4 board solves in well under a millisecond).
_GUIDED_CHECK_LIMIT = 32

LexiconSource = str | os.PathLike[str] | Lexicon


class ScoredWord(NamedTuple):
    """A word found on the board, one path spelling it, and its points."""

    word: str
    path: tuple[int, ...]
    score: int


def check_minimum_length(minimum_word_length: object) -> int:
    """``minimum_word_length`` as an int >= 1; TypeError/ValueError subclasses otherwise."""
    if isinstance(minimum_word_length, bool) or not isinstance(minimum_word_length, int):
        raise InvalidArgumentTypeError(
            f"the minimum word length must be an int, not {type(minimum_word_length).__name__}"
        )
    if minimum_word_length < 1:
        raise InvalidArgumentError(
            f"the minimum word length must be at least 1, not {minimum_word_length}"
        )
    return minimum_word_length


def _check_text(value: object, what: str) -> str:
    """``value`` upper-cased; InvalidArgumentTypeError when it is None or not a string."""
    if not isinstance(value, str):
        raise InvalidArgumentTypeError(f"the {what} must be a string, not {type(value).__name__}")
    return value.upper()


def _sorted_set(words: set[str]) -> SortedSet:
    """``SortedSet(words)``, built around ``words`` itself.  The public constructor copies its
    argument into a new set and then sorts that; ``_fromset`` (the constructor sortedcontainers
    uses for its own set operations, present since its first release) adopts the set and
    sorts it once, which saves a third of the cost of a 4 x 4 board's result.  ``words`` must
    not be used afterwards."""
    return SortedSet._fromset(words)


class BoggleGame(WordSearchGame):
    """The word-search engine: a lexicon (any backend), a board, and a cached solution.

    The board starts as the contract's default (E E C A / A L E P / H N B O / Q T T Y); there is
    no lexicon until :meth:`load_lexicon` or :meth:`use_lexicon`.  The full solution of the
    board (every lexicon word on it) is computed on first need and kept until the board or the
    lexicon changes, so asking for several minimum lengths costs one search.
    """

    def __init__(self, backend: str = DEFAULT_BACKEND, scoring: str = DEFAULT_SCORING) -> None:
        """An engine whose lexicons use ``backend`` and whose scores use ``scoring``."""
        backend_class(backend)  # an unknown name fails here, not at the first load
        self.backend = backend
        self._score = scoring_function(scoring)
        self.scoring = scoring
        self._lexicon: Lexicon | None = None
        self._board: Board = DEFAULT_BOARD
        # The solution of the current board: its words (a list as the search gives them, a
        # frozenset made when membership is asked), and (computed on demand) a path each.
        self._found: list[str] | None = None
        self._words: frozenset[str] | None = None
        self._paths: WordPaths | None = None

    # --- lexicon ---------------------------------------------------------------------------

    def load_lexicon(self, path: str | os.PathLike[str]) -> None:
        """Load a word file (or a shipped list's name, e.g. ``"enable"``) with this engine's
        backend.  InvalidArgumentTypeError for None, LexiconError if it cannot be read."""
        if path is None:
            raise InvalidArgumentTypeError("the lexicon file name must not be None")
        self.use_lexicon(load_lexicon(path, self.backend))

    def use_lexicon(self, lexicon: Lexicon) -> None:
        """Use an already loaded lexicon (of any backend), e.g. one shared by several games."""
        if not isinstance(lexicon, Lexicon):
            raise InvalidArgumentTypeError(f"expected a Lexicon, not {type(lexicon).__name__}")
        self._lexicon = lexicon
        self._forget_solution()

    @property
    def lexicon(self) -> Lexicon:
        """The loaded lexicon; LexiconNotLoadedError before one is loaded."""
        return self._require_lexicon()

    def _require_lexicon(self) -> Lexicon:
        """The loaded lexicon, or LexiconNotLoadedError (Java's IllegalStateException)."""
        if self._lexicon is None:
            raise LexiconNotLoadedError("no lexicon loaded: call load_lexicon() first")
        return self._lexicon

    def is_valid_word(self, word: str) -> bool:
        """Whether ``word`` (any case) is in the lexicon.  Cost: one hash look-up."""
        word = _check_text(word, "word")
        return word in self.lexicon

    def is_valid_prefix(self, prefix: str) -> bool:
        """Whether some lexicon word starts with ``prefix`` (any case; a word is a prefix of
        itself).  Cost: O(len(prefix)) with the trie."""
        prefix = _check_text(prefix, "prefix")
        return self.lexicon.has_prefix(prefix)

    # --- board -----------------------------------------------------------------------------

    def set_board(self, cells: Sequence[str] | Board, columns: int | None = None) -> None:
        """Replace the board: row-major cell strings (any case, ``"QU"`` for several letters),
        square unless ``columns`` is given, or a ready :class:`Board`.

        InvalidArgumentTypeError for None or a non-string cell; BoardError (a ValueError) for
        a shape that does not fit or an empty cell."""
        if isinstance(cells, Board) and columns is None:
            self._board = cells
        else:
            self._board = Board.from_cells(cells, columns)
        self._forget_solution()

    def _forget_solution(self) -> None:
        self._found = None
        self._words = None
        self._paths = None

    @property
    def board(self) -> Board:
        """The current board."""
        return self._board

    def get_board(self) -> str:
        """The board as a grid of text, one row a line."""
        return str(self._board)

    # --- play --------------------------------------------------------------------------------

    def solve(self) -> frozenset[str]:
        """Every lexicon word on the board, of any length.

        Computed once per board and lexicon (see :mod:`wordgames.wordsearch.searcher` for the
        cost: a few microseconds for 4 x 4 compiled).  LexiconNotLoadedError without a lexicon."""
        if self._words is None:
            self._words = frozenset(self._found_words())
        return self._words

    def _found_words(self) -> list[str]:
        """Every lexicon word on the board, each once, in no set order (computed once per board
        and lexicon)."""
        if self._found is None:
            self._found = find_words(self._board, self._require_lexicon())
        return self._found

    def solve_with_paths(self) -> Mapping[str, tuple[int, ...]]:
        """Every lexicon word on the board mapped to one path spelling it (read-only view;
        computed once per board and lexicon)."""
        if self._paths is None:
            self._paths = find_words_with_paths(self._board, self._require_lexicon())
            self._found = list(self._paths)
        return MappingProxyType(self._paths)

    def get_all_valid_words(self, minimum_word_length: int) -> Any:
        """The words on the board with at least ``minimum_word_length`` letters, as a
        SortedSet of upper-case words.  InvalidArgumentError for a minimum below 1,
        LexiconNotLoadedError without a lexicon."""
        minimum = check_minimum_length(minimum_word_length)
        return _sorted_set(words_at_least(self._found_words(), minimum))

    def score_word(self, word: str, minimum_word_length: int) -> int:
        """The points ``word`` earns under this game's scoring, assuming it is scorable."""
        return self._score(len(word), minimum_word_length)

    def scored_words(self, minimum_word_length: int) -> list[ScoredWord]:
        """The words on the board with at least ``minimum_word_length`` letters, each with a
        path and its score, in alphabetical order."""
        minimum = check_minimum_length(minimum_word_length)
        solution = self.solve_with_paths()
        return [
            ScoredWord(word, solution[word], self._score(len(word), minimum))
            for word in sorted(solution)
            if len(word) >= minimum
        ]

    def get_score_for_words(self, words: Iterable[str], minimum_word_length: int) -> int:
        """The total score of the distinct scorable words in ``words`` (any case).

        A word scores when it has at least ``minimum_word_length`` letters, is in the lexicon
        and is on the board; anything else in ``words`` is ignored.  InvalidArgumentTypeError
        for None, a lone string or a non-string word."""
        minimum = check_minimum_length(minimum_word_length)
        if words is None or isinstance(words, str) or not isinstance(words, Iterable):
            raise InvalidArgumentTypeError(
                f"words must be a collection of strings, not {type(words).__name__}"
            )
        distinct = {_check_text(word, "word") for word in words}
        lexicon = self.lexicon
        candidates = [word for word in distinct if len(word) >= minimum and word in lexicon]
        return sum(self._score(len(word), minimum) for word in self._on_board(candidates))

    def _on_board(self, words: list[str]) -> list[str]:
        """The lexicon words among ``words`` that are on the board."""
        if self._found is None and len(words) <= _GUIDED_CHECK_LIMIT:
            return [word for word in words if find_path(self._board, word)]
        solution = self.solve()
        return [word for word in words if word in solution]

    def is_on_board(self, word: str) -> list[int]:
        """One path of row-major indices spelling ``word`` (any case; one index per cell), or
        ``[]``.  The word need not be in the lexicon, but, as in the contract, a lexicon must
        be loaded (LexiconNotLoadedError otherwise)."""
        word = _check_text(word, "word")
        self._require_lexicon()
        return find_path(self._board, word)


class WordSearchGameFactory:
    """Makes word-search engines (the contract's ``WordSearchGameFactory``)."""

    @staticmethod
    def create_game(
        backend: str = DEFAULT_BACKEND,
        scoring: str = DEFAULT_SCORING,
        lexicon: LexiconSource | None = None,
    ) -> BoggleGame:
        """A new engine on the default board; ``backend`` selects the lexicon backend
        (``"trie"`` or ``"sortedset"``), ``scoring`` the scoring scheme, and ``lexicon``, if
        given, is loaded (a path or shipped name) or used (a Lexicon) straight away."""
        game = BoggleGame(backend, scoring)
        if isinstance(lexicon, Lexicon):
            game.use_lexicon(lexicon)
        elif lexicon is not None:
            game.load_lexicon(lexicon)
        return game

    createGame = create_game  # the Java-style name


def create_game(
    backend: str = DEFAULT_BACKEND,
    scoring: str = DEFAULT_SCORING,
    lexicon: LexiconSource | None = None,
) -> BoggleGame:
    """A new word-search engine (see :meth:`WordSearchGameFactory.create_game`)."""
    return WordSearchGameFactory.create_game(backend, scoring, lexicon)
