"""wordgames: a word-game engine.

The public face: lexicons (:func:`load_lexicon`), the word-search (Boggle) engine
(:func:`create_game`, :class:`WordSearchGame`, :class:`WordSearchGameFactory`) and the errors.
The Scrabble engine lives in :mod:`wordgames.scrabble`.  :func:`core_info` says whether the
compiled core or the pure-Python one is in use (see :mod:`wordgames.compiled`).
"""

# First of all: WORDGAMES_PURE_PYTHON must take effect before any compiled module is imported.
from wordgames.compiled import core_info, install_switch

install_switch()

from wordgames import errors  # noqa: E402
from wordgames.errors import WordGamesError  # noqa: E402
from wordgames.lexicon import Lexicon, lexicon_from_words, load_lexicon  # noqa: E402
from wordgames.wordsearch import WordSearchGame, WordSearchGameFactory, create_game  # noqa: E402

__version__ = "0.1.0"

__all__ = [
    "Lexicon",
    "WordGamesError",
    "WordSearchGame",
    "WordSearchGameFactory",
    "__version__",
    "core_info",
    "create_game",
    "errors",
    "lexicon_from_words",
    "load_lexicon",
]
