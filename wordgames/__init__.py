"""wordgames: a word-game engine.

The public face: lexicons (:func:`load_lexicon`), the word-search (Boggle) engine
(:func:`create_game`, :class:`WordSearchGame`, :class:`WordSearchGameFactory`) and the errors.
The Scrabble engine lives in :mod:`wordgames.scrabble`.
"""

from wordgames import errors
from wordgames.errors import WordGamesError
from wordgames.lexicon import Lexicon, lexicon_from_words, load_lexicon
from wordgames.wordsearch import WordSearchGame, WordSearchGameFactory, create_game

__version__ = "0.1.0"

__all__ = [
    "Lexicon",
    "WordGamesError",
    "WordSearchGame",
    "WordSearchGameFactory",
    "__version__",
    "create_game",
    "errors",
    "lexicon_from_words",
    "load_lexicon",
]
