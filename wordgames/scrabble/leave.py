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

from collections import Counter
from collections.abc import Iterable

from wordgames.scrabble.tiles import BLANK, rack_tile

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
