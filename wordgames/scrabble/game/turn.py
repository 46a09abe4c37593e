"""The record of a game: one :class:`Turn` per event, in the order they happened.

A turn is a placement, an exchange or a pass by the player to move, or an end-of-game rack
adjustment (``END``: points lost for tiles left on a rack, or gained for going out).  Under a
challenge rule other than ``void`` two more events follow a challenged placement: ``WITHDRAW``
(the play was a phony and comes off: its points are taken back) or ``CHALLENGE`` (the play
stood: the points, possibly 0, its player gains).  The
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
    WITHDRAW = "withdraw"
    CHALLENGE = "challenge"


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
        """Whether the turn counts towards the scoreless-turns limit (a pass, an exchange or
        a zero-point placement; a withdrawn placement is counted by :func:`scoreless_run`)."""
        return self.kind in _TURNS and self.score == 0

    def is_bingo(self, hand_size: int) -> bool:
        """Whether the turn was a placement that used a whole rack of ``hand_size`` tiles."""
        return self.move is not None and len(self.move.placed) == hand_size


# The kinds that are a player's turn (the others are events attached to a turn).
_TURNS = (TurnKind.PLACE, TurnKind.EXCHANGE, TurnKind.PASS)


def scoreless_run(history: list[Turn]) -> int:
    """The number of scoreless turns at the end of ``history``: passes, exchanges, zero-point
    placements and placements withdrawn as phonies (which score nothing in the end).  O(n)."""
    run = before_placement = 0
    for turn in history:
        if turn.kind is TurnKind.WITHDRAW:
            run = before_placement + 1
        elif turn.kind in _TURNS:
            if turn.kind is TurnKind.PLACE:
                before_placement = run
            run = run + 1 if turn.score == 0 else 0
    return run
