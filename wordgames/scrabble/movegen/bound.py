"""The best-move score bound: every *placement* a move could occupy (a line, the first and
last squares of the word, hence the squares to fill) with the most a move there can score —
the rack's highest values on the placement's most valuable squares, plus the board tiles and
cross words, plus the bingo bonus when it fills ``hand_size`` squares.  The bounded search
runs placements best bound first and stops when a bound falls below the N-th best score."""

from __future__ import annotations

from typing import NamedTuple

from wordgames.scrabble.movegen.lines import Line, Orientation, left_limit
from wordgames.scrabble.movegen.state import SearchState

Factor = tuple[int, int, int, int, bool]
"""A square a placement fills: (letter multiplier, word multiplier, cross-word part or -1,
cross-word multiplier, only a blank fits there)."""


class Span(NamedTuple):
    """A placement for the bounded search: the word covers squares first..last of a line,
    its leftmost placed anchor is ``anchor``; no move there scores more than ``bound``."""

    bound: int
    orientation: int
    line: int
    anchor: int
    first: int
    last: int
    filled: int
    """How many squares the placement fills (rack tiles it uses)."""
    left: int
    """How many of them lie before the anchor (the left part's length)."""


def spans(state: SearchState, orientations: list[Orientation]) -> list[Span]:
    """Every placement a move of ``state``'s rack could occupy with its score bound, best
    bound first.  Cost: a few operations per (anchor, first square, last square)."""
    found: list[Span] = []
    if state.rack_size == 0:
        return found
    for number, orientation in enumerate(orientations):
        for line in orientation.lines:
            if line.anchors:
                _line_spans(state, number, line, found)
    found.sort(reverse=True)
    return found


def _line_spans(state: SearchState, number: int, line: Line, found: list[Span]) -> None:
    tiles, squares = line.tiles, line.squares
    n = len(tiles)
    rack_size = state.rack_size
    playable = state.playable_all
    held_all = state.held_all
    tile_value = state.tile_value
    for at in line.anchors:
        if at > 0 and tiles[at - 1] is not None:
            first = at - 1
            while first > 0 and tiles[first - 1] is not None:
                first -= 1
            starts = [first]
        else:
            starts = list(range(at - left_limit(line, at, rack_size), at + 1))
        for first in starts:
            # Walk right from the anchor: after each tile put down the word may end (past
            # any board tiles that follow).
            fixed = sum(tile_value(tile) for tile in tiles[first:at] if tile is not None)
            factors: list[Factor] = [(line.letter_multipliers[s], line.word_multipliers[s], -1, 0, False)
                                     for s in range(first, at) if tiles[s] is None]
            left = len(factors)
            square = at
            forced = 0  # squares whose cross-check allows no letter the rack holds
            while square < n and len(factors) < rack_size:
                info = squares[square]
                if info is None or not info[0] & playable:
                    break
                blank_only = not info[0] & held_all
                forced += blank_only
                if forced > state.blanks_on_rack:
                    break
                factors.append((info[1], info[2], info[3], info[4], blank_only))
                fixed += info[7]
                square = info[5]
                last = info[8]
                if len(factors) == 1:
                    # A one-tile move reads this way only if that makes the longer word
                    # (across on a tie), as the full search records it.
                    length, cross = last - first + 1, info[9]
                    if length < 2 or length < cross or (length == cross and number == 1):
                        continue
                found.append(Span(_bound(state, fixed, factors), number, line.number, at,
                                  first, last, len(factors), left))


def left_weights(state: SearchState, line: Line, span: Span) -> tuple[list[int], int]:
    """For a placement with a left part of rack tiles: what a tile value is worth on each
    left-part square, last square first, and the most the rest of the move can score
    (board tiles, cross words, the whole rack on the other squares, the bingo)."""
    tiles, squares = line.tiles, line.squares
    mult = 1
    for square in range(span.first, span.last + 1):
        if tiles[square] is None:
            mult *= line.word_multipliers[square]
    left = range(span.anchor - 1, span.first - 1, -1)
    weights = [line.letter_multipliers[square] * mult for square in left]
    factors = [(info[0], info[1], info[3], info[4]) for square in range(span.anchor, span.last + 1)
               if (info := squares[square]) is not None]
    fixed = sum(state.tile_value(tile) for tile in tiles[span.anchor:span.last + 1] if tile is not None)
    total = fixed * mult
    rest_weights = []
    for mask, lm, csum, xwm in factors:
        if csum >= 0:
            total += csum * xwm
        if mask & state.held_all:  # else only a blank, worth 0, can go there
            rest_weights.append(lm * (mult + xwm))
    rest_weights.sort(reverse=True)
    total += sum(v * w for v, w in zip(state.rack_values, rest_weights, strict=False))
    if span.filled == state.hand_size:
        total += state.bingo_bonus
    return weights, total


def _bound(state: SearchState, fixed: int, factors: list[Factor]) -> int:
    """The most a move can score filling squares with these factors next to ``fixed``
    points of board tiles: the rack's highest values on the most valuable squares a real
    tile can take."""
    mult = 1
    for _lm, wm, _csum, _xwm, _blank_only in factors:
        mult *= wm
    total = fixed * mult
    weights = []
    for lm, _wm, csum, xwm, blank_only in factors:
        if csum >= 0:
            total += csum * xwm
        if not blank_only:
            weights.append(lm * (mult + xwm))
    weights.sort(reverse=True)
    total += sum(v * w for v, w in zip(state.rack_values, weights, strict=False))
    if len(factors) == state.hand_size:
        total += state.bingo_bonus
    return total
