"""The lexicon layer: one :class:`Lexicon` interface, interchangeable backends, one reader.

>>> from wordgames.lexicon import lexicon_from_words
>>> lex = lexicon_from_words(["cat", "cats", "dog"])
>>> "CAT" in lex, lex.has_prefix("do"), list(lex.words_with_prefix("ca"))
(True, True, ['CAT', 'CATS'])
"""

from wordgames.lexicon.alphabet import BLANK, BLANK_BIT, BLANK_NUMBER, ENGLISH, Alphabet
from wordgames.lexicon.base import Cursor, Lexicon, Node
from wordgames.lexicon.encoding import TileEncoding
from wordgames.lexicon.loading import (
    DEFAULT_LEXICON,
    lexicon_from_words,
    lexicon_named,
    load_lexicon,
    named_lexicons,
    resolve_source,
    shipped_lexicons,
)
from wordgames.lexicon.reader import read_words, words_from_bytes
from wordgames.lexicon.registry import DEFAULT_BACKEND, backend_class, backend_names

__all__ = [
    "BLANK",
    "BLANK_BIT",
    "BLANK_NUMBER",
    "DEFAULT_BACKEND",
    "DEFAULT_LEXICON",
    "ENGLISH",
    "Alphabet",
    "Cursor",
    "Lexicon",
    "Node",
    "TileEncoding",
    "backend_class",
    "backend_names",
    "lexicon_from_words",
    "lexicon_named",
    "load_lexicon",
    "named_lexicons",
    "read_words",
    "resolve_source",
    "shipped_lexicons",
    "words_from_bytes",
]
