"""Rule sets: one interface, several values (``simple`` from FIT1045, ``classic``).

A rule set is configured once (tile values, hand size...) and then judges moves, scores them
and generates them for any board, rack and lexicon.  The implementations are in
:mod:`~wordgames.scrabble.rules.simple` and :mod:`~wordgames.scrabble.rules.classic`; they are
chosen by name in :mod:`~wordgames.scrabble.rules.registry`.
"""

from __future__ import annotations

import heapq
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.tiles import Rack


@dataclass(frozen=True)
class Verdict:
    """The judgement of a move.

    ``code`` is ``"VALID"`` or a short upper-case reason (classic rules use CS214's
    ``BAD START``, ``BAD MOVE``, ``BAD WORD``); ``word`` names the offending word where there is
    one; ``message`` is a sentence a user can read; a valid move carries its ``score`` and the
    ``words`` it forms (main word first).
    """

    code: str
    word: str | None = None
    message: str = ""
    score: int = 0
    words: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        """Whether the move is legal."""
        return self.code == "VALID"

    def __str__(self) -> str:
        return self.code if self.word is None else f"{self.code}: {self.word}"


class RuleSet(ABC):
    """The interface every rule set implements."""

    name: ClassVar[str]

    @abstractmethod
    def check(self, board: Board, move: Move, lexicon: Lexicon, rack: Rack | None = None) -> Verdict:
        """Judge ``move`` on ``board`` (not modified); with ``rack``, also that the rack holds
        the placed tiles.  A valid verdict carries the score."""

    @abstractmethod
    def generate_moves(self, board: Board, rack: Rack, lexicon: Lexicon) -> Iterator[Move]:
        """Every distinct legal move for ``rack`` on ``board``, scored, in no set order."""

    def best_moves(
        self, board: Board, rack: Rack, lexicon: Lexicon, limit: int | None = None
    ) -> list[Move]:
        """The legal moves best first (score, then row, column, across before down, word);
        all of them, or the first ``limit``."""
        moves = self.generate_moves(board, rack, lexicon)
        if limit is None:
            return sorted(moves, key=Move.sort_key)
        return heapq.nsmallest(limit, moves, key=Move.sort_key)
