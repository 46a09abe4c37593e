"""Challenges played in a game: who may challenge now, the challenge, and a phony taken back.

:class:`~wordgames.scrabble.game.state.Game` takes these turns from :class:`ChallengePlay`;
the rules they play and the judging of a play are :mod:`~wordgames.scrabble.game.challenge`.
Under a challenge rule other than ``void`` a placement is judged on its placement only, so a
person may play a phony; the next player may then challenge before their own turn (or let a
computer decide).  A phony comes off (``WITHDRAW``: tiles back on the rack, the tiles drawn for
it back in the bag, its points taken back, the turn lost); a play that stands costs the
challenger what the rule says.  A play that ended the game can still be challenged: the end is
undone and replayed after the challenge.
"""

from __future__ import annotations

import random
from typing import Protocol

from wordgames.errors import GameError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.bag import Bag
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.game.challenge import ChallengeOutcome, ChallengeResult, adjudicate, board_before
from wordgames.scrabble.game.decision import Strategy
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.settings import GameSettings
from wordgames.scrabble.game.turn import Turn, TurnKind, scoreless_run


class _Game(Protocol):
    """What the challenge turns use of the game they are part of (the type of their ``self``)."""

    players: list[Player]
    lexicon: Lexicon
    settings: GameSettings
    board: Board
    bag: Bag
    history: list[Turn]
    current: int
    scoreless_streak: int
    end_reason: str | None

    @property
    def is_over(self) -> bool: ...
    @property
    def last_turn(self) -> Turn | None: ...
    @property
    def challenger(self) -> int | None: ...
    def strategy_of(self, seat: int) -> Strategy: ...
    def _conclude(self, turn: Turn) -> Turn: ...
    def _finish(self, out: int | None) -> None: ...
    def _adjudicate(self, played: Turn) -> ChallengeOutcome: ...
    def _settle(self, challenger: int, played: Turn, outcome: ChallengeOutcome) -> ChallengeResult: ...
    def _withdraw(self, played: Turn) -> Turn: ...
    def _unfinish(self) -> None: ...


class ChallengePlay:
    """The challenge turns of a :class:`~wordgames.scrabble.game.state.Game` (its base class;
    see the module docstring): the seat that may challenge, a challenge by a person or a
    computer, and what a challenge upheld or refused does to the board, racks, bag, scores and
    history."""

    # Declared here because a challenge of the play that ended the game undoes the end.
    end_reason: str | None
    """Why the game ended (``"out"`` or ``"scoreless"``), None while it goes on."""

    @property
    def challenger(self: _Game) -> int | None:
        """The seat that may challenge the last play now, or None: under a rule other than
        ``void``, the seat after the player of a placement that is the latest event (the
        game may have ended with it)."""
        if not self.settings.challenge_rule.phonies_allowed or len(self.players) < 2:
            return None
        last = self.last_turn
        if last is None or last.kind is not TurnKind.PLACE:
            return None
        seat = (last.player + 1) % len(self.players)
        return seat if self.is_over or self.current == seat else None

    def challenge(self: _Game) -> ChallengeResult:
        """The current player (or, when the last play ended the game, the seat after its
        player) challenges the last play, which is judged by every word it formed.  Raises
        GameError when there is nothing to challenge (see :attr:`challenger`)."""
        challenger = self.challenger
        if challenger is None:
            raise GameError("there is no play to challenge now")
        played = self.last_turn
        assert played is not None and played.move is not None
        return self._settle(challenger, played, self._adjudicate(played))

    def _adjudicate(self: _Game, played: Turn) -> ChallengeOutcome:
        """What a challenge of the play ``played`` (the latest turn) decides under the game's rule."""
        assert played.move is not None
        before = board_before(self.board, played.move)
        return adjudicate(self.settings.challenge_rule, before, played.move, self.lexicon,
                          self.settings.minimum_word_length)

    def _settle(self: _Game, challenger: int, played: Turn, outcome: ChallengeOutcome) -> ChallengeResult:
        """Play out a challenge of ``played`` by seat ``challenger`` that ``outcome`` decided."""
        self._unfinish()
        owner = self.players[played.player]
        turns: list[Turn] = []
        if outcome.upheld:
            turns.append(self._withdraw(played))
        else:
            owner.score += outcome.bonus
            turns.append(Turn(played.player, TurnKind.CHALLENGE, str(owner.rack), outcome.bonus, owner.score))
            self.history.append(turns[-1])
        self.current = challenger
        if not outcome.upheld and not len(owner.rack) and not len(self.bag):
            self._finish(played.player)  # the play that went out stands
        elif outcome.challenger_loses_turn:
            loser = self.players[challenger]
            turns.append(self._conclude(Turn(challenger, TurnKind.PASS, str(loser.rack), 0, loser.score)))
        elif self.scoreless_streak >= self.settings.scoreless_turn_limit:
            self._finish(None)
        return ChallengeResult(outcome, challenger, played.player, tuple(turns))

    def computer_challenge(self: _Game) -> ChallengeResult | None:
        """Let a computer in the challenger's seat decide whether to challenge the last play
        (its strategy's :meth:`~wordgames.scrabble.game.decision.Strategy.wants_to_challenge`,
        with a generator seeded from the game's seed and the length of the history), and
        challenge if it wants to.  None when it does not (or cannot)."""
        seat = self.challenger
        if seat is None or not self.players[seat].is_computer:
            return None
        played = self.last_turn
        assert played is not None and played.move is not None
        outcome = self._adjudicate(played)
        seed = None if self.settings.seed is None else f"{self.settings.seed}:{len(self.history)}"
        if self.strategy_of(seat).wants_to_challenge(outcome.upheld, random.Random(seed)):
            return self._settle(seat, played, outcome)
        return None

    def _withdraw(self: _Game, played: Turn) -> Turn:
        """Take a phony back: its tiles come off the board and return to the rack, the tiles
        drawn after it go back into the bag, its points are taken back."""
        assert played.move is not None
        owner = self.players[played.player]
        for placement in played.move.placed:
            self.board.remove(placement.row, placement.col)
        owner.rack.remove(list(played.drawn))
        self.bag.put_back(list(played.drawn))
        owner.rack.add(placement.rack_tile for placement in played.move.placed)
        owner.score -= played.score
        turn = Turn(played.player, TurnKind.WITHDRAW, played.rack, -played.score, owner.score,
                    played.move, tiles=played.drawn)
        self.history.append(turn)
        self.scoreless_streak = scoreless_run(self.history)
        return turn

    def _unfinish(self: _Game) -> None:
        """Undo the end of the game (its rack adjustments), so that a challenge of the play
        that ended it can be played."""
        if not self.is_over:
            return
        while self.history and self.history[-1].kind is TurnKind.END:
            turn = self.history.pop()
            self.players[turn.player].score -= turn.score
        self.end_reason = None
