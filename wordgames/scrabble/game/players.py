"""Players: a name, a rack, a score, and for a computer player the strategy it plays.

Player lists are written as on the command line, comma-separated, each entry a name or
``KIND:name``: ``"Ann,cpu:Robo"`` is a human Ann against a computer Robo.  ``cpu:`` (or
``computer:``) uses the default strategy; a strategy name (``greedy:``, ``leave:``) picks one;
``human:`` forces a human whose name contains a colon.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from wordgames.errors import InvalidArgumentError
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.game.decision import strategy_names

_COMPUTER_PREFIXES = ("cpu", "computer")

_UNPRINTABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})
"""Unicode categories a player's name may not hold: controls, lone surrogates, line and
paragraph separators."""


@dataclass
class Player:
    """A seat at the game.  ``strategy`` is None for a human at the keyboard."""

    name: str
    strategy: str | None = None
    rack: Rack = field(default_factory=Rack)
    score: int = 0

    def __post_init__(self) -> None:
        require_type(self.name, str, "a player's name")
        if self.strategy is not None:
            require_type(self.strategy, str, "a player's strategy")
        require_type(self.rack, Rack, "a player's rack")
        require_int(self.score, "a player's score")

    @property
    def is_computer(self) -> bool:
        """Whether a strategy plays this seat."""
        return self.strategy is not None


def parse_players(text: str, default_strategy: str = "greedy") -> list[Player]:
    """Players from ``"Ann,cpu:Robo,leave:Lea"`` (see the module docstring).  Raises
    InvalidArgumentError for an empty or repeated name or an unknown kind."""
    require_type(text, str, "the players")
    require_type(default_strategy, str, "the default strategy")
    if default_strategy not in strategy_names():
        raise InvalidArgumentError(f"unknown strategy {default_strategy!r}")
    players = []
    for entry in text.split(","):
        kind, colon, name = entry.strip().partition(":")
        strategy: str | None = None
        if not colon:
            name = kind
        elif kind.strip().lower() in _COMPUTER_PREFIXES:
            strategy = default_strategy
        elif kind.strip().lower() in strategy_names():
            strategy = kind.strip().lower()
        elif kind.strip().lower() != "human":
            raise InvalidArgumentError(
                f"player {entry.strip()!r}: unknown kind {kind.strip()!r} (use cpu:, human: or "
                f"a strategy: {', '.join(strategy_names())})"
            )
        players.append(Player(name.strip(), strategy))
    check_names([player.name for player in players])
    return players


def check_names(names: list[str]) -> None:
    """Raise InvalidArgumentError unless every name is non-empty, unique (ignoring case) and
    free of control characters (a name is printed on terminals and written into game records,
    where an escape sequence or a line break would act instead of being read)."""
    seen: set[str] = set()
    for name in names:
        require_type(name, str, "a player's name")
        if not name:
            raise InvalidArgumentError("a player needs a name")
        if any(unicodedata.category(char) in _UNPRINTABLE for char in name):
            raise InvalidArgumentError(f"a player's name holds a control character: {name[:40]!r}")
        if name.casefold() in seen:
            raise InvalidArgumentError(f"two players are called {name!r}")
        seen.add(name.casefold())
