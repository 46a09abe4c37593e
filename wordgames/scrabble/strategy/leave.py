"""A simple, hand-written estimate of how good the tiles kept on a rack (the *leave*) are.

Engines such as Quackle and wolges learn leave values from millions of simulated games; this
module instead adds up a few well-known rules of thumb, in points, so that a computer player
can trade a little score now for a better rack next turn:

* each blank kept: +25 (it makes bingos and high-scoring plays far more likely);
* the first S kept: +8 (it hooks and pluralises), each further S: +3;
* every extra copy of any other letter: -3 (duplicates block each other, ``IIU`` is awful);
* a Q kept without a U: -10 (it is very hard to play), a Q with a U: -3;
* vowel/consonant balance: -3 for each vowel away from the ideal of 40% vowels among the
  kept letters (blanks are neither; Y counts as a consonant).

The figures are rough on purpose: the heuristic is documented, deterministic and cheap
(linear in the rack length), not tuned.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from wordgames.errors import InvalidArgumentTypeError
from wordgames.scrabble.core.checks import require_int
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import BLANK, rack_tile
from wordgames.scrabble.game.decision import PASS, Decision, Situation, Strategy, register_strategy
from wordgames.scrabble.game.turn import TurnKind

VOWELS = frozenset("AEIOU")

BLANK_BONUS = 25.0
FIRST_S_BONUS = 8.0
EXTRA_S_BONUS = 3.0
DUPLICATE_PENALTY = 3.0
Q_WITHOUT_U_PENALTY = 10.0
Q_WITH_U_PENALTY = 3.0
BALANCE_PENALTY = 3.0
IDEAL_VOWEL_SHARE = 0.4


def leave_value(tiles: Iterable[str]) -> float:
    """The estimated worth, in points, of keeping ``tiles`` (upper-case letters and ``?``;
    a lower-case letter counts as a blank).  An empty leave is worth 0.  O(len(tiles))."""
    counts = Counter(map(rack_tile, tiles))
    value = BLANK_BONUS * counts.pop(BLANK, 0)
    s_count = counts.pop("S", 0)
    if s_count:
        value += FIRST_S_BONUS + EXTRA_S_BONUS * (s_count - 1)
    value -= DUPLICATE_PENALTY * sum(count - 1 for count in counts.values())
    if counts["Q"]:
        value -= Q_WITH_U_PENALTY if counts["U"] else Q_WITHOUT_U_PENALTY
    letters = sum(counts.values()) + s_count
    if letters:
        vowels = sum(count for tile, count in counts.items() if tile in VOWELS)
        value -= BALANCE_PENALTY * abs(vowels - IDEAL_VOWEL_SHARE * letters)
    return value


def remaining_after(rack: Rack, tiles: Iterable[str]) -> list[str]:
    """The tiles left on ``rack`` once ``tiles`` are taken (lower case takes a blank)."""
    left = rack.counts()
    left.subtract(Rack(tiles, rack.alphabet).counts())
    number = rack.alphabet.number
    return sorted(left.elements(), key=lambda tile: (tile == BLANK, number(tile)))


def smaller_keeps(rack: Rack) -> Iterator[tuple[str, ...]]:
    """Every distinct sub-multiset of ``rack`` smaller than the rack (what an exchange can
    keep), as written tiles, by size and then in the order of the rack's sorted tiles: at
    most ``2 ** len(rack) - 1`` of them."""
    tiles = rack.tiles()
    seen: set[tuple[str, ...]] = set()
    for size in range(len(tiles)):
        for kept in itertools.combinations(tiles, size):
            if kept not in seen:
                seen.add(kept)
                yield kept


def best_keep(rack: Rack, leave: Callable[[Iterable[str]], float] = leave_value) -> tuple[str, float]:
    """The tiles to keep when exchanging (at least one tile goes back) that maximise
    ``leave``, with that value (the tiles in notation); ties go to keeping fewer tiles, then
    the notation's order.  Tries every distinct sub-multiset: at most 2**len(rack) leave
    evaluations."""
    best: tuple[float, int, str] | None = None
    for kept in smaller_keeps(rack):
        candidate = (-leave(kept), len(kept), rack.alphabet.format(kept))
        if best is None or candidate < best:
            best = candidate
    assert best is not None  # size 0 (keep nothing) is always tried
    return best[2], -best[0]


@register_strategy
class LeaveStrategy(Strategy):
    """Score plus leave value over the top ``candidates`` moves and the best exchange."""

    name = "leave"

    def __init__(
        self, candidates: int = 20, leave: Callable[[Iterable[str]], float] = leave_value
    ) -> None:
        require_int(candidates, "the number of candidate moves", 1)
        if not callable(leave):
            raise InvalidArgumentTypeError(f"leave must be a function of a leave, not {type(leave).__name__}")
        self.candidates = candidates
        self.leave = leave

    def decide(self, situation: Situation) -> Decision:
        """The move (or exchange) with the best score + leave; one move generation plus at
        most ``candidates`` leave evaluations and, when exchanging is allowed, a best-keep
        search over the rack."""
        rack = situation.rack
        moves = situation.rules.best_moves(
            situation.board, rack, situation.lexicon, limit=self.candidates
        )
        if situation.bag_size == 0:
            return Decision(TurnKind.PLACE, moves[0]) if moves else PASS
        best: Decision | None = None
        best_equity = float("-inf")
        # Moves come best-score first, so on equal equity the higher-scoring move wins.
        for move in moves:
            equity = move.score + self.leave(remaining_after(rack, move.rack_tiles))
            if equity > best_equity:
                best, best_equity = Decision(TurnKind.PLACE, move), equity
        if situation.can_exchange and len(rack):
            kept, value = best_keep(rack, self.leave)
            if value > best_equity:
                returned = remaining_after(rack, rack.alphabet.parse(kept))
                best = Decision(TurnKind.EXCHANGE, tiles=rack.alphabet.format(returned))
        return best if best is not None else PASS
