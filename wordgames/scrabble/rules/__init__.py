"""Rule sets: the protocol (:mod:`.base`), the FIT1045 ``simple`` rules, the ``classic``
crossword-game rules, and the registry that names them.  Imports ``core`` and ``movegen``."""

from wordgames.scrabble.rules.base import RuleSet, Verdict
from wordgames.scrabble.rules.registry import get_rules, rule_set_names

__all__ = ["RuleSet", "Verdict", "get_rules", "rule_set_names"]
