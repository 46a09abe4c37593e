"""The record of a game: one :class:`Turn` per event, in the order they happened.

A turn is a placement, an exchange or a pass by the player to move, or an end-of-game rack
adjustment (``END``: points lost for tiles left on a rack, or gained for going out).  The
history is what the GCG writer prints and what a saved game replays from.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from wordgames.scrabble.core.move import Move


class TurnKind(enum.Enum):
    """What happened on a turn."""

    PLACE = "place"
    EXCHANGE = "exchange"
    PASS = "pass"
    END = "end"


@dataclass(frozen=True)
class Turn:
    """One event of the game.

    ``player`` is the seat index, ``rack`` the player's tiles before the event (sorted, ``?``
    for blanks), ``score`` the points it earned (negative for a rack penalty) and ``total``
    the player's score after it.  ``move`` is set for a placement; ``tiles`` holds the
    exchanged tiles, or for an END turn the rack tiles that were counted; ``drawn`` the tiles
    taken from the bag afterwards.
    """

    player: int
    kind: TurnKind
    rack: str
    score: int
    total: int
    move: Move | None = None
    tiles: str = ""
    drawn: str = ""

    @property
    def scoreless(self) -> bool:
        """Whether the turn counts towards the scoreless-turns limit (it scored nothing)."""
        return self.kind is not TurnKind.END and self.score == 0

    def is_bingo(self, hand_size: int) -> bool:
        """Whether the turn was a placement that used a whole rack of ``hand_size`` tiles."""
        return self.move is not None and len(self.move.placed) == hand_size
