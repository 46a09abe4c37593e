"""Fixtures of the rule-set tests: a brute-force oracle of the simple rules built on check()."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from wordgames.lexicon import Lexicon
from wordgames.lexicon.alphabet import BLANK_BIT
from wordgames.scrabble import Board, Direction, Move, Rack
from wordgames.scrabble.rules.simple import SimpleRules

CheckedMove = tuple[int, int, str, bytes, int]
"""A move as the oracle names it: row, column, H or V, the word's tile numbers (a blank
``n | BLANK_BIT``, board tiles as the board holds them) and the score."""

Oracle = Callable[[SimpleRules, Board, Rack, Lexicon], set[CheckedMove]]


def moves_check_accepts(rules: SimpleRules, board: Board, rack: Rack, lexicon: Lexicon) -> set[CheckedMove]:
    """Every move that ``rules.check`` calls valid, found the slow way: every word of
    ``lexicon`` from every square in both directions, with every way of playing the rack's
    blanks on the squares the word fills.  ``board`` must be numbered by the rules' tile set."""
    alphabet = rules.tile_set.alphabet
    assert board.alphabet.tiles == alphabet.tiles
    blanks = rack.numbers().count(0)
    words = []
    for key in lexicon.all_keys():  # the lexicon's words in the tile set's numbers
        forms = [lexicon.alphabet.tile(number) for number in key]
        if all(form in alphabet.tiles for form in forms):
            words.append([alphabet.number(form) for form in forms])
    found = set()
    for word in words:
        for direction in Direction:
            d_row, d_col = direction.step
            for row, col in itertools.product(range(board.rows), range(board.cols)):
                if not board.in_bounds(row + d_row * (len(word) - 1), col + d_col * (len(word) - 1)):
                    continue
                on_board = [board.number_at(row + d_row * i, col + d_col * i) for i in range(len(word))]
                empty = [i for i, number in enumerate(on_board) if not number]
                for count in range(min(blanks, len(empty)) + 1):
                    for blank_at in itertools.combinations(empty, count):
                        tiles = bytes(
                            on_board[i] if on_board[i] & ~BLANK_BIT == tile
                            else tile | (BLANK_BIT if i in blank_at else 0)
                            for i, tile in enumerate(word)
                        )
                        move = Move.of_tiles(board, row, col, direction, tiles)
                        verdict = rules.check(board, move, lexicon, rack)
                        if verdict.valid:
                            found.add((row, col, direction.value, move.numbers, verdict.score))
    return found


@pytest.fixture(scope="session")
def check_oracle() -> Oracle:
    """The brute-force oracle :func:`moves_check_accepts`."""
    return moves_check_accepts
