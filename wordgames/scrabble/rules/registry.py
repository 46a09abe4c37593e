"""Rule sets by name: ``simple`` (FIT1045) and ``classic`` (crossword-game rules)."""

from __future__ import annotations

from typing import Any

from wordgames.errors import InvalidArgumentError
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.rules.classic import ClassicRules
from wordgames.scrabble.rules.simple import SimpleRules

_RULE_SETS: dict[str, type[RuleSet]] = {
    SimpleRules.name: SimpleRules,
    ClassicRules.name: ClassicRules,
}


def rule_set_names() -> list[str]:
    """The registered rule set names."""
    return sorted(_RULE_SETS)


def get_rules(name: str, **options: Any) -> RuleSet:
    """A rule set by name, configured with ``options`` (e.g. ``tile_set=``, ``hand_size=``)."""
    try:
        cls = _RULE_SETS[name]
    except (KeyError, TypeError):
        raise InvalidArgumentError(
            f"unknown rule set {name!r} (choose from {', '.join(rule_set_names())})"
        ) from None
    return cls(**options)
