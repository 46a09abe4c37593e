"""Whether a compact move found elsewhere in the search is legal where the search stands now,
and what it scores there, without generating the position's moves.

The endgame tries the moves that refuted sibling positions (killer moves) before it generates
anything: in a position they refute again, the generation is never needed.  A killer was
legal on another board, so here each of its squares must still be empty, the rack must
hold its tiles, its tiles must still make one unbroken line touching the board, and every
word it forms must be in the lexicon; its score is counted afresh, since tiles played since
may lengthen its words.  Cost: O(squares of the words it forms) and a lexicon look-up a word.
"""

from __future__ import annotations

from collections.abc import Container

from wordgames.scrabble.core.layout import Layout
from wordgames.scrabble.endgame.position import BLANK_FLAG, SearchPosition
from wordgames.scrabble.movegen.board_arrays import flat_premiums

_TILE = BLANK_FLAG - 1  # a code's tile number without the blank bit


class MoveJudge:
    """Judges compact moves on a :class:`SearchPosition` as it changes, under classic
    scoring: letter and word premiums under new tiles, ``bingo_bonus`` for ``hand_size``
    tiles, every word of ``minimum_length`` letters or more in ``words``."""

    def __init__(self, position: SearchPosition, layout: Layout, words: Container[str],
                 hand_size: int, bingo_bonus: int, minimum_length: int = 2) -> None:
        self.position = position
        self.words = words
        self.hand_size = hand_size
        self.bingo_bonus = bingo_bonus
        self.minimum_length = minimum_length
        self.letter_mult, self.word_mult = flat_premiums(layout)

    def score(self, codes: tuple[int, ...]) -> int | None:
        """What the placements ``codes`` (squares in increasing order) score for the side to
        move now, or None when they are not a legal move here."""
        position = self.position
        tiles = position.tiles
        rack = position.racks[position.side]
        needed: dict[int, int] = {}
        placed: dict[int, int] = {}
        for code in codes:
            square = code >> 8
            if tiles[square] or square in placed:
                return None
            tile = 0 if code & BLANK_FLAG else code & _TILE
            needed[tile] = needed.get(tile, 0) + 1
            if needed[tile] > rack[tile]:
                return None
            placed[square] = code
        cols = position.cols
        first, last = codes[0] >> 8, codes[-1] >> 8
        # The main word runs across when the tiles share a row (a single tile's too: its
        # down word is then its cross word), else down when they share a column.
        if first // cols == last // cols:
            step, cross = 1, cols
        elif (last - first) % cols == 0:
            step, cross = cols, 1
        else:
            return None
        found = self._word(first, last, step, placed)
        if found is None:
            return None
        length, total, covered = found
        if covered < len(codes):  # a gap, or a tile off the main word's line
            return None
        touches = length > len(codes)
        for code in codes:
            found = self._word(code >> 8, code >> 8, cross, placed)
            if found is None:
                return None
            if found[0] > 1:
                touches = True
                total += found[1]
        if not touches:
            return None
        return total + (self.bingo_bonus if len(codes) == self.hand_size else 0)

    def _word(self, first: int, last: int, step: int, placed: dict[int, int]) -> tuple[int, int, int] | None:
        """(length, points, placed squares in it) of the word along ``step`` (1 across, cols
        down) through squares ``first``..``last``; points 0 for a single letter; None when
        the line has a gap or the word is not in the lexicon."""
        position = self.position
        tiles, points, values = position.tiles, position.points, position.values
        tile_of = position.alphabet.tile
        # The squares of the word's line: its row across, the whole board down.
        low, high = (first - first % position.cols, first - first % position.cols + position.cols - 1) \
            if step == 1 else (0, len(tiles) - 1)
        start = first
        while start - step >= low and tiles[start - step]:
            start -= step
        end = last
        while end + step <= high and tiles[end + step]:
            end += step
        chars = []
        covered = 0
        letter_points = 0
        word_mult = 1
        for square in range(start, end + 1, step):
            code = placed.get(square)
            if code is not None:
                covered += 1
                tile = code & _TILE
                chars.append(tile_of(tile))
                if not code & BLANK_FLAG:
                    letter_points += values[tile] * self.letter_mult[square]
                word_mult *= self.word_mult[square]
            elif tiles[square]:
                chars.append(tile_of(tiles[square] & _TILE))
                letter_points += points[square]
            else:
                return None
        if len(chars) == 1:
            return 1, 0, covered
        word = "".join(chars)
        if len(word) < self.minimum_length or word not in self.words:
            return None
        return len(chars), letter_points * word_mult, covered
