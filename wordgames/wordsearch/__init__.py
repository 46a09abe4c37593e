"""The word-search (Boggle) engine.

* :mod:`~wordgames.wordsearch.protocol`: the ``WordSearchGame`` contract (snake_case methods and
  their Java-style camelCase names);
* :mod:`~wordgames.wordsearch.game`: the engine, :class:`BoggleGame`, and its factory;
* :mod:`~wordgames.wordsearch.board`: boards, board text and board files;
* :mod:`~wordgames.wordsearch.searcher` and :mod:`~wordgames.wordsearch.walk`: the search;
* :mod:`~wordgames.wordsearch.scoring`: scoring schemes;
* :mod:`~wordgames.wordsearch.dice`: boards rolled from the real dice sets;
* :mod:`~wordgames.wordsearch.play`: a timed round for one player.
"""

from wordgames.wordsearch.board import DEFAULT_BOARD, Board, parse_board, read_board_file
from wordgames.wordsearch.dice import roll_board
from wordgames.wordsearch.game import (
    BoggleGame,
    ScoredWord,
    WordSearchGameFactory,
    create_game,
)
from wordgames.wordsearch.play import PlaySession, run_timed_round
from wordgames.wordsearch.protocol import WordSearchGame
from wordgames.wordsearch.scoring import scoring_names

__all__ = [
    "DEFAULT_BOARD",
    "Board",
    "BoggleGame",
    "PlaySession",
    "ScoredWord",
    "WordSearchGame",
    "WordSearchGameFactory",
    "create_game",
    "parse_board",
    "read_board_file",
    "roll_board",
    "run_timed_round",
    "scoring_names",
]
