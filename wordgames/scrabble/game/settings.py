"""The fixed parameters of a game (:class:`GameSettings`): tiles, board, hand size, rule set,
limits, seed, end-of-game and challenge rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wordgames.errors import InvalidArgumentError
from wordgames.limits import (
    MAX_ENDGAME_MOVE_SECONDS,
    MAX_HAND_SIZE,
    MAX_SCORELESS_TURNS,
    MAX_SIMULATION_WORKERS,
    MAX_TILE_COUNT,
)
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.layout import Layout, standard_layout
from wordgames.scrabble.core.scoring import END_RULES
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, TileSet
from wordgames.scrabble.game.challenge import CHALLENGE_RULES, DEFAULT_CHALLENGE_RULE, ChallengeRule
from wordgames.scrabble.game.decision import DEFAULT_ENDGAME_TIME
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.rules.registry import get_rules, rule_set_names


@dataclass(frozen=True)
class GameSettings:
    """The fixed parameters of a game.

    ``exchange_minimum`` None means "the hand size"; ``seed`` None draws differently every
    game.  ``rules`` names a registered rule set (``classic``; ``simple`` suits one player).
    ``minimum_word_length`` above two makes shorter words unplayable (classic rules only).
    ``end_rule`` says how the racks count at the end (``usc`` or ``tournament``).
    ``challenge`` names the challenge rule (``void``, ``single``, ``double``, ``5``, ``10``;
    see :mod:`~wordgames.scrabble.game.challenge`).
    ``endgame_time`` is the seconds a computer player that searches the endgame (bag empty)
    or pre-endgame (one tile in the bag) may spend on a move; ``move_time`` the CPU seconds a
    searching player (``champion``) may spend on any turn (None: the player's default);
    ``search_workers`` the processes such a player may simulate on (each spending up to
    ``move_time``; 1, the default, searches in the game's own process).
    """

    tile_set: TileSet = STANDARD_ENGLISH
    layout: Layout = field(default_factory=standard_layout)
    hand_size: int = 7
    rules: str = "classic"
    exchange_minimum: int | None = None
    scoreless_turn_limit: int = 6
    seed: int | None = None
    minimum_word_length: int = 2
    end_rule: str = "usc"
    challenge: str = DEFAULT_CHALLENGE_RULE
    endgame_time: float = DEFAULT_ENDGAME_TIME
    move_time: float | None = None
    search_workers: int = 1

    def __post_init__(self) -> None:
        require_type(self.tile_set, TileSet, "tile_set")
        require_type(self.layout, Layout, "layout")
        require_int(self.hand_size, "hand_size", 1, MAX_HAND_SIZE)
        require_type(self.rules, str, "rules")
        if self.rules not in rule_set_names():
            raise InvalidArgumentError(
                f"rules: unknown rule set {self.rules!r} (choose from {', '.join(rule_set_names())})"
            )
        if self.exchange_minimum is not None:
            require_int(self.exchange_minimum, "exchange_minimum", 0, MAX_TILE_COUNT * 100)
        require_int(self.scoreless_turn_limit, "scoreless_turn_limit", 1, MAX_SCORELESS_TURNS)
        if self.seed is not None:
            require_int(self.seed, "seed")
        longest = max(self.layout.rows, self.layout.cols)
        require_int(self.minimum_word_length, "minimum_word_length", 1, longest)
        require_type(self.end_rule, str, "end_rule")
        if self.end_rule not in END_RULES:
            raise InvalidArgumentError(
                f"end_rule: unknown end-of-game rule {self.end_rule!r} (choose from {', '.join(END_RULES)})"
            )
        if isinstance(self.endgame_time, bool) or not isinstance(self.endgame_time, (int, float)) \
                or not 0 < self.endgame_time <= MAX_ENDGAME_MOVE_SECONDS:
            raise InvalidArgumentError(
                f"endgame_time: {self.endgame_time!r} is not a number of seconds above 0 and at most "
                f"{MAX_ENDGAME_MOVE_SECONDS:g}"
            )
        if self.move_time is not None and (
                isinstance(self.move_time, bool) or not isinstance(self.move_time, (int, float))
                or not 0 < self.move_time <= MAX_ENDGAME_MOVE_SECONDS):
            raise InvalidArgumentError(
                f"move_time: {self.move_time!r} is not a number of seconds above 0 and at most "
                f"{MAX_ENDGAME_MOVE_SECONDS:g}"
            )
        require_int(self.search_workers, "search_workers", 1, MAX_SIMULATION_WORKERS)
        require_type(self.challenge, str, "challenge")
        if self.challenge not in CHALLENGE_RULES:
            raise InvalidArgumentError(
                f"challenge: unknown challenge rule {self.challenge!r} "
                f"(choose from {', '.join(CHALLENGE_RULES)})"
            )
        if self.challenge != DEFAULT_CHALLENGE_RULE and self.rules != "classic":
            raise InvalidArgumentError(f"challenge rules apply to the classic rules, not to {self.rules!r}")
        if self.minimum_word_length > 2 and self.rules != "classic":
            raise InvalidArgumentError(
                f"minimum_word_length applies to the classic rules, not to {self.rules!r}"
            )

    @property
    def exchange_threshold(self) -> int:
        """How many tiles the bag must hold for an exchange."""
        return self.hand_size if self.exchange_minimum is None else self.exchange_minimum

    @property
    def challenge_rule(self) -> ChallengeRule:
        """The challenge rule the game is played under."""
        return CHALLENGE_RULES[self.challenge]

    def build_rules(self) -> RuleSet:
        """The configured rule set."""
        options: dict[str, Any] = {"tile_set": self.tile_set, "hand_size": self.hand_size}
        if self.minimum_word_length > 2:  # only the classic rules take it (checked above)
            options["minimum_word_length"] = self.minimum_word_length
        return get_rules(self.rules, **options)
