"""How a computer player meets the game: the situation it sees, the decision it returns.

A :class:`Strategy` looks at a :class:`Situation` (the board, its rack, the rules, the bag
size) and returns a :class:`Decision`: a move to place, tiles to exchange, or a pass.  The game
finds strategies by name in the registry kept here; the strategies themselves live in
:mod:`wordgames.scrabble.strategy`, a layer above the game, and register themselves when that
package is imported (``import wordgames.scrabble`` does so).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from typing import ClassVar

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.game.turn import Turn, TurnKind
from wordgames.scrabble.rules.base import RuleSet

DEFAULT_ENDGAME_TIME = 3.0
"""Seconds an endgame-searching computer player spends on a move by default."""


@dataclass(frozen=True)
class Situation:
    """What a computer player may look at when it chooses a turn.

    The fields after ``can_exchange`` describe the rest of the game for players that look
    ahead (equity near the end, endgame search): ``unseen`` the tiles this player cannot see
    (the bag and the other racks, sorted; a blank is ``?``), ``scores`` every seat's score in
    seat order, ``seat`` this player's seat, ``scoreless_turns`` the current run of scoreless
    turns and ``scoreless_turn_limit`` the run that ends the game, ``end_rule`` the game's
    end-of-game rule (``usc`` or ``tournament``);
    ``endgame_time`` the seconds an endgame or pre-endgame search may take;
    ``move_time`` the CPU seconds a searching player (``champion``) may spend on the whole
    turn (None: the player's own default), ``search_workers`` the processes it may simulate on
    (each spending up to ``move_time``); ``last_play`` the opponent's turn just before this
    one (a placement or an exchange; None when unknown or something else), for players that
    infer the opponent's rack from it.  Their defaults describe a position nothing is known
    about.  ``checked`` says the board and the rack are known to pass the rules' argument
    checks (a position a simulation derived by legal moves and draws from one it checked), so
    a player's move searches skip them (see
    :meth:`~wordgames.scrabble.rules.base.RuleSet.best_moves_by_equity`); leave it False for
    anything else.

    The board and the rack may be a game's own, which change as it goes on
    (:meth:`~wordgames.scrabble.game.state.Game.situation` gives them so, to cost nothing):
    keep a situation past its turn through :meth:`detached`.
    """

    board: Board
    rack: Rack
    lexicon: Lexicon
    rules: RuleSet
    bag_size: int
    can_exchange: bool
    unseen: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    seat: int = 0
    scoreless_turns: int = 0
    scoreless_turn_limit: int = 6
    end_rule: str = "usc"
    endgame_time: float = DEFAULT_ENDGAME_TIME
    move_time: float | None = None
    search_workers: int = 1
    last_play: Turn | None = None
    checked: bool = False

    def detached(self) -> Situation:
        """The same situation on its own copy of the board and the rack, which the game's
        later turns leave as they are.  Cost: copying the board."""
        rack = Rack.of_numbers(self.rack.numbers(), self.rack.alphabet)
        return replace(self, board=self.board.copy(), rack=rack)


@dataclass(frozen=True)
class Decision:
    """A chosen turn: PLACE ``move``, EXCHANGE ``tiles``, or PASS."""

    kind: TurnKind
    move: Move | None = None
    tiles: str = ""


PASS = Decision(TurnKind.PASS)


class Strategy(ABC):
    """The interface of a computer player.

    ``challenge_probability`` is the chance that the player challenges a phony the player
    before it played (under a challenge rule other than ``void``): 1.0, the default, always
    challenges one; a weaker player may set it lower (a class attribute, or on an instance).
    A computer knows the lexicon, so it never challenges a valid play.
    """

    name: ClassVar[str]
    challenge_probability: float = 1.0

    @abstractmethod
    def decide(self, situation: Situation) -> Decision:
        """The turn to play in ``situation``."""

    def wants_to_challenge(self, phony: bool, rng: random.Random) -> bool:
        """Whether to challenge the last play, given whether it is a ``phony``; ``rng`` (seeded
        by the game) draws the chance of :attr:`challenge_probability`."""
        probability = self.challenge_probability
        if not 0.0 <= probability <= 1.0:
            raise InvalidArgumentError(f"challenge_probability: from 0 to 1, not {probability!r}")
        return phony and rng.random() < probability


_STRATEGIES: dict[str, type[Strategy]] = {}


def register_strategy(cls: type[Strategy]) -> type[Strategy]:
    """Make ``cls`` available by its ``name`` to :func:`get_strategy`; returns ``cls`` so it
    can be used as a class decorator.  Registering a name twice replaces the first."""
    _STRATEGIES[cls.name] = cls
    return cls


def strategy_names() -> list[str]:
    """The registered strategy names."""
    return sorted(_STRATEGIES)


def get_strategy(name: str) -> Strategy:
    """A registered strategy by name (``greedy``, ``leave``...), with its default settings."""
    try:
        return _STRATEGIES[name]()
    except (KeyError, TypeError):
        raise InvalidArgumentError(
            f"unknown strategy {name!r} (choose from {', '.join(strategy_names())})"
        ) from None
