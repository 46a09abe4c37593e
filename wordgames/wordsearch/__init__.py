"""The word-search (Boggle) engine.

* :mod:`~wordgames.wordsearch.protocol`: the ``WordSearchGame`` contract (snake_case methods and
  their Java-style camelCase names);
* :mod:`~wordgames.wordsearch.game`: the engine, :class:`BoggleGame`, and its factory;
* :mod:`~wordgames.wordsearch.board`: boards, board text and board files;
* :mod:`~wordgames.wordsearch.searcher`: the search (the one kernel, compiled when built),
  :mod:`~wordgames.wordsearch.symbols`: the lexicon as the kernel sees it (symbol numbers),
  :mod:`~wordgames.wordsearch.solving`: one board's words, and many boards' scores at once
  (:func:`score_boards`);
* :mod:`~wordgames.wordsearch.scoring`: scoring schemes;
* :mod:`~wordgames.wordsearch.dice`: boards rolled from the real dice sets;
* :mod:`~wordgames.wordsearch.play`: a timed round for one player;
* :mod:`~wordgames.wordsearch.bestboard` and :mod:`~wordgames.wordsearch.boardspace`: the
  search for the highest-scoring boards;
* :mod:`~wordgames.wordsearch.stats`: score and word-count statistics over random rolls.
"""

from wordgames.wordsearch.bestboard import BoardScorer, ScoredBoard, SearchResult, best_boards
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
from wordgames.wordsearch.solving import score_boards
from wordgames.wordsearch.stats import BoardStats, Distribution, board_stats, plot_histogram

__all__ = [
    "DEFAULT_BOARD",
    "Board",
    "BoardScorer",
    "BoardStats",
    "BoggleGame",
    "Distribution",
    "PlaySession",
    "ScoredBoard",
    "ScoredWord",
    "SearchResult",
    "WordSearchGame",
    "WordSearchGameFactory",
    "best_boards",
    "board_stats",
    "create_game",
    "parse_board",
    "plot_histogram",
    "read_board_file",
    "roll_board",
    "run_timed_round",
    "score_boards",
    "scoring_names",
]
