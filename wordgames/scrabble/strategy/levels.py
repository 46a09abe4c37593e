"""Computer players for people: six levels, from a beginner to the championship player.

=====  ============  ===========================================================================
level  name          plays
=====  ============  ===========================================================================
1      beginner      only words of 3 to 5 letters (every word a move forms), one of its 10 best
                     such moves by score, at random
2      novice        only words of 2 to 6 letters, one of its 4 best moves at random
3      casual        any word, one of its 2 best moves at random
4      club          the best-scoring move (``greedy``)
5      expert        the best equity (``equity``: score + leave value, exchanges, the end)
6      champion      the exact endgame, the pre-endgame, simulation with inference
                     (``champion``, :mod:`.champion`: about a CPU second a move)
=====  ============  ===========================================================================

The beginner's "common words" are the short words of the game's own lexicon: word length is
the one measure of how common a word is that every lexicon carries, and the project ships no
word-frequency list (the shared lists are not ours to ship).  The random choices are seeded:
each decision draws from ``random.Random`` seeded with the level's ``seed`` and a CRC of the
position (board and rack), so the same position always gets the same answer.
"""

from __future__ import annotations

import random
import zlib

from wordgames.errors import InvalidArgumentError
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.game.decision import PASS, Decision, Situation, Strategy, register_strategy
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.strategy.equity import EquityStrategy
from wordgames.scrabble.strategy.greedy import GreedyStrategy

LEVEL_NAMES = {"beginner": 1, "novice": 2, "casual": 3, "club": 4, "expert": 5, "champion": 6}
LEVEL_STRATEGIES = {6: "champion"}
"""Levels played by a strategy of their own name rather than ``levelN``."""


def level_strategy(level: int | str) -> str:
    """The strategy name of a level given as 1..6 or its name (``beginner`` .. ``champion``);
    InvalidArgumentError otherwise."""
    text = str(level).strip().lower()
    number = LEVEL_NAMES.get(text)
    if number is None and text.isascii() and text.isdigit() and 1 <= int(text) <= len(LEVEL_NAMES):
        number = int(text)
    if number is None:
        raise InvalidArgumentError(
            f"unknown level {level!r} (1-{len(LEVEL_NAMES)} or {', '.join(LEVEL_NAMES)})")
    return LEVEL_STRATEGIES.get(number, f"level{number}")


class RandomTopStrategy(Strategy):
    """One of the ``top`` best-scoring moves whose words all have ``shortest``..``longest``
    letters, chosen at random (seeded by the position)."""

    top = 1
    shortest = 2
    longest = 99
    seed = 0

    def decide(self, situation: Situation) -> Decision:
        """A random pick among the allowed top moves; the whole rack back (or a pass) when
        none is allowed.  Cost: one full move generation."""
        moves = [move for move in situation.rules.best_moves(situation.board, situation.rack,
                                                               situation.lexicon)
                 if self.knows(move)][: self.top]
        if moves:
            return Decision(TurnKind.PLACE, self.rng(situation).choice(moves))
        if situation.can_exchange and len(situation.rack):
            return Decision(TurnKind.EXCHANGE, tiles=str(situation.rack))
        return PASS

    def knows(self, move: Move) -> bool:
        """Whether every word ``move`` forms is one this level knows."""
        return all(self.shortest <= len(word) <= self.longest for word in move.words or (move.word,))

    def rng(self, situation: Situation) -> random.Random:
        """The seeded random source of one decision."""
        position = f"{situation.board.to_text()}|{situation.rack}".encode()
        return random.Random(self.seed * 1_000_003 + zlib.crc32(position))


@register_strategy
class BeginnerStrategy(RandomTopStrategy):
    """Level 1."""

    name = "level1"
    top, shortest, longest = 10, 3, 5


@register_strategy
class NoviceStrategy(RandomTopStrategy):
    """Level 2."""

    name = "level2"
    top, shortest, longest = 4, 2, 6


@register_strategy
class CasualStrategy(RandomTopStrategy):
    """Level 3."""

    name = "level3"
    top = 2


@register_strategy
class ClubStrategy(GreedyStrategy):
    """Level 4: the greedy player."""

    name = "level4"


@register_strategy
class ExpertStrategy(EquityStrategy):
    """Level 5: the equity player."""

    name = "level5"
