"""Blank designation: the search walks each *word* once, playing a real tile while the rack
holds one and a blank otherwise; when it records a word, this expands the word's other blank
assignments without touching the lexicon.  Every choice of placed squares to hold the blanks
that leaves no more real tiles of a letter than the rack holds is a distinct move, scoring the
all-real score minus what each blank's square would have earned, so two blanks multiply the
moves, not the lexicon walk."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from wordgames.scrabble.movegen.lines import Square
from wordgames.scrabble.movegen.state import Emit, SearchState

Designate = Callable[[list[str], list[str | None], list[Square | None], bool, int, int, int, int, int],
                     None]
"""``designate(letters, tiles, squares, across, line, start, end, mult, score)``."""


def blank_designations(state: SearchState, letter_index: dict[str, int], emit: Emit) -> Designate:
    """A function that emits every blank assignment of a word found by the search: the word
    lies in ``letters[start:end + 1]`` of ``line`` (board ``tiles``, its ``squares``), its
    placed tiles' word multiplier is ``mult`` and ``score`` is the score of the assignment in
    ``letters`` (blanks where the rack ran out of a letter).  Assignments scoring below
    ``state.threshold`` are not built.  Cost: one record per assignment, plus the choices of
    blank squares (at most C(word length, blanks on the rack))."""
    values = state.values
    rack = state.rack
    blanks_on_rack = state.blanks_on_rack

    def designate(letters: list[str], tiles: list[str | None], squares: list[Square | None],
                  across: bool, line_index: int, start: int, end: int, mult: int, score: int) -> None:
        # Each assignment scores the all-real score minus, for each blank, what a real tile
        # would have earned on its square.
        offsets = []
        losses = []
        chars = letters[start:end + 1]
        for q in range(start, end + 1):
            if tiles[q] is None:
                offset = q - start
                char = chars[offset]
                upper = char.upper()
                square = squares[q]
                loss = values[letter_index[upper]] * square[1] * (mult + square[4])  # type: ignore[index]
                if char != upper:
                    score += loss
                    chars[offset] = upper
                offsets.append(offset)
                losses.append(loss)
        word = "".join(chars)
        threshold = state.threshold
        count = len(offsets)
        short: list[tuple[str, int]] = []  # letters the rack lacks, with how many
        uses: dict[str, int] = {}
        for offset in offsets:
            uses[word[offset]] = uses.get(word[offset], 0) + 1
        forced = 0
        for letter, used in uses.items():
            if used > rack[letter_index[letter]]:
                short.append((letter, used - rack[letter_index[letter]]))
                forced += used - rack[letter_index[letter]]
        if not forced and score >= threshold:
            emit((score, across, line_index, start, end, word))
        for size in range(max(forced, 1), min(blanks_on_rack, count) + 1):
            for chosen in combinations(range(count), size):
                if short and not _enough_blanks(word, offsets, chosen, short):
                    continue
                total = score
                for j in chosen:
                    total -= losses[j]
                if total < threshold:
                    continue
                if size == 1:
                    at = offsets[chosen[0]]
                    text = word[:at] + word[at].lower() + word[at + 1:]
                else:
                    variant = list(word)
                    for j in chosen:
                        variant[offsets[j]] = variant[offsets[j]].lower()
                    text = "".join(variant)
                emit((total, across, line_index, start, end, text))

    return designate


def _enough_blanks(word: str, offsets: list[int], chosen: tuple[int, ...],
                   short: list[tuple[str, int]]) -> bool:
    """Whether the ``chosen`` squares hold blanks for every letter the rack lacks."""
    for letter, need in short:
        for j in chosen:
            if word[offsets[j]] == letter:
                need -= 1
        if need > 0:
            return False
    return True
