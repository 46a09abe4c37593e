"""Shared helpers: the FIT1045 data from ../shared and a brute-force model of the rules."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

from conftest import shared_file, shared_lexicon

from wordgames.lexicon import Lexicon
from wordgames.scrabble import BLANK, Board, Rack, TileSet, read_tile_set

FIT1045 = "formats/fit1045/"


def fit_path(name: str) -> Path:
    """A FIT1045 data file (dictionary.txt, scores.txt, tiles.txt); skips when absent."""
    return shared_file(FIT1045 + name)


def fit_lexicon() -> Lexicon:
    """The FIT1045 dictionary, loaded once per session."""
    return shared_lexicon(FIT1045 + "dictionary.txt")


def fit_tiles() -> TileSet:
    """The FIT1045 letter values."""
    return read_tile_set(fit_path("scores.txt"))


def brute_force_moves(
    board: Board, rack: Rack, words: list[str], tile_set: TileSet
) -> set[tuple[int, int, str, str, int]]:
    """Every legal simple move as (row, col, H|V, word as placed, score), found the slow way:
    every word at every square in both directions, every way of playing blanks."""
    counts = rack.counts()
    blanks = counts.pop(BLANK, 0)
    first_move = board.is_empty()
    found = set()
    for word in words:
        for direction, (d_row, d_col) in (("H", (0, 1)), ("V", (1, 0))):
            for row, col in itertools.product(range(board.rows), range(board.cols)):
                end_row, end_col = row + d_row * (len(word) - 1), col + d_col * (len(word) - 1)
                if not board.in_bounds(end_row, end_col):
                    continue
                if first_move and (row, col) != board.layout.start:
                    continue
                chars = list(word)
                empty = []
                for i in range(len(word)):
                    tile = board.get(row + d_row * i, col + d_col * i)
                    if tile is None:
                        empty.append(i)
                    elif tile.upper() != word[i]:
                        break
                    else:
                        chars[i] = tile
                else:
                    covered = len(word) - len(empty)
                    if not empty or (not first_move and not covered):
                        continue
                    for k in range(min(blanks, len(empty)) + 1):
                        for blank_positions in itertools.combinations(empty, k):
                            real = [i for i in empty if i not in blank_positions]
                            if Counter(word[i] for i in real) - counts:
                                continue
                            placed = chars[:]
                            for i in blank_positions:
                                placed[i] = word[i].lower()
                            score = sum(tile_set.value(word[i]) for i in real)
                            found.add((row, col, direction, "".join(placed), score))
    return found
