"""Players that exist for strength measurements only: the equity player as it was before
issue 25's fixes, so that each fix can be measured with seat-swapped pairs against it.

Nothing in the package uses these; they are the released player with the fixed behaviour
switched back through its documented settings (:attr:`EquityStrategy.not_out_penalty`,
:attr:`EquityStrategy.vowel_penalty`, :meth:`EquityStrategy.pass_value`).  Each variant
restores one hole, ``equity-old`` all of them; importing this module registers them (worker
processes forked afterwards see them).
"""

from __future__ import annotations

from wordgames.scrabble.game.decision import Situation, register_strategy
from wordgames.scrabble.leaves import LeaveTable
from wordgames.scrabble.strategy.equity import VOWEL_HOTSPOT_PENALTY, EquityStrategy, Valuer


class _OldPass(EquityStrategy):
    """Values a pass at the table's value of the whole rack, known or not (the table's
    ``missing`` value, 0, for a full rack of 7): the hole that passed with bad racks."""

    def pass_value(self, situation: Situation, table: LeaveTable | None) -> float | None:
        valuer = Valuer(situation, table, self.not_out_penalty)
        return valuer.keep_value(valuer.rack_tiles)


@register_strategy
class OldEquity(_OldPass):
    """The equity player before the fixes: the old pass, no constant for not going out, no
    opening vowel penalty."""

    name = "equity-old"
    not_out_penalty = 0.0
    vowel_penalty = 0.0


@register_strategy
class OldPassOnly(_OldPass):
    """The fixed player but for the pass."""

    name = "equity-oldpass"


@register_strategy
class NoNotOutPenalty(EquityStrategy):
    """The fixed player without the constant for not going out."""

    name = "equity-nonotout"
    not_out_penalty = 0.0


@register_strategy
class NoVowelPenalty(EquityStrategy):
    """The fixed player without the opening vowel penalty."""

    name = "equity-novowel"
    vowel_penalty = 0.0


@register_strategy
class VowelPenalty(EquityStrategy):
    """The fixed player with MAGPIE's opening vowel penalty."""

    name = "equity-vowel"
    vowel_penalty = VOWEL_HOTSPOT_PENALTY
