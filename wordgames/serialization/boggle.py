"""The JSON shapes of Boggle results: a solved board and a best-board search."""

from __future__ import annotations

from typing import Any

from wordgames.wordsearch import Board, ScoredWord
from wordgames.wordsearch.bestboard import SearchResult

DEFAULT_MINIMUM = 3
"""The shortest word a request counts unless it says otherwise (the classic game's rule)."""


def solution_json(board: Board, words: list[ScoredWord]) -> dict[str, Any]:
    """``boggle solve --json`` (and the web API's solve): the board, every word with its
    path (row-major cell indices) and score, and the total."""
    return {
        "board": board.grid(),
        "words": [{"word": entry.word, "path": list(entry.path), "score": entry.score} for entry in words],
        "total": sum(entry.score for entry in words),
    }


def best_boards_json(result: SearchResult) -> dict[str, Any]:
    """``boggle best-board --json``: the boards found, best first, with how many boards were
    evaluated and how long the search took."""
    return {
        "boards": [
            {"board": entry.board, "score": entry.score, "words": entry.words} for entry in result.boards
        ],
        "evaluated": result.evaluated,
        "seconds": result.seconds,
    }
