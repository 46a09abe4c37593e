"""The kernel's board arrays follow a board's changes: after any moves played and taken back,
every array equals the arrays of the same board loaded afresh."""

from __future__ import annotations

import random
from array import array
from types import ModuleType

import pytest

from wordgames.lexicon import Lexicon
from wordgames.scrabble import STANDARD_ENGLISH, Board, Rack
from wordgames.scrabble.core.move import Move

ARRAYS = ("tile", "full_tile", "tile_points", "cross", "anchor", "lm", "wm")
EMPTY_ONLY = ("cross_points", "cross_length", "next_square", "run_points")
"""Read by the kernel only on empty squares (a square's tile makes them meaningless)."""


def arrays(state: object) -> dict[str, list[int]]:
    found = {name: list(getattr(state, name)) for name in ARRAYS}
    tiles = found["tile"]
    for name in EMPTY_ONLY:
        found[name] = [value if tiles[at] == 0 else 0 for at, value in enumerate(getattr(state, name))]
    return found


@pytest.mark.parametrize("seed", range(6))
def test_arrays_after_moves_and_take_backs_equal_a_fresh_load(movegen: ModuleType, enable_trie: Lexicon,
                                                              seed: int) -> None:
    generator = movegen.MoveGenerator(enable_trie)
    rng = random.Random(seed)
    board = Board()
    generator._state(board)  # followed from here on
    bag = list(STANDARD_ENGLISH.full_bag())
    played: list[Move] = []
    changes = 0
    while changes < 40:
        rack = Rack(rng.sample(bag, 7))
        moves = generator.moves(board, rack)
        if moves and (len(played) < 2 or rng.random() < 0.65):
            # Long moves and short ones, so runs merge, split and cross.
            move = rng.choice(moves)
            board.play(move)
            played.append(move)
        elif played:
            # Now and then an older move, out of turn: its squares are its own, and the board
            # left (tiles that may no longer touch) must be followed just the same.
            board.unplay(played.pop(rng.randrange(len(played)) if rng.random() < 0.2 else -1))
        else:
            continue
        changes += 1
        followed = arrays(generator._state(board))
        fresh = arrays(movegen.MoveGenerator(enable_trie)._state(Board.from_text(board.to_text())))
        for name in (*ARRAYS, *EMPTY_ONLY):
            assert followed[name] == fresh[name], (name, changes, board.to_text())



@pytest.mark.parametrize("seed", range(3))
def test_arrays_following_an_integer_board_equal_a_fresh_load(movegen: ModuleType, enable_trie: Lexicon,
                                                              seed: int) -> None:
    """The endgame's way: the arrays follow a board of tile numbers (``follow``) with the
    squares changed since they last did, from the empty board on, never reading a Board."""
    generator = movegen.MoveGenerator(enable_trie)
    rng = random.Random(seed)
    board = Board()
    state = movegen.MoveGenerator(enable_trie)._state(Board())
    tiles = array("i", bytes(4 * len(board.squares)))
    bag = list(STANDARD_ENGLISH.full_bag())
    played: list[Move] = []
    for change in range(30):
        rack = Rack(rng.sample(bag, 7))
        moves = generator.moves(board, rack)
        if moves and (len(played) < 2 or rng.random() < 0.65):
            move = rng.choice(moves)
            board.play(move)
            played.append(move)
        elif played:
            board.unplay(played.pop())
        # Now and then two changes at once, as a search's make and unmake between generations.
        if rng.random() < 0.3 and change < 29:
            continue
        squares = board.squares
        changed = array("i", [square for square in range(len(squares)) if squares[square] != tiles[square]])
        for square in changed:
            tiles[square] = squares[square]
        state.follow(tiles, changed, len(changed))
        fresh = arrays(movegen.MoveGenerator(enable_trie)._state(Board.from_text(board.to_text())))
        followed = arrays(state)
        for name in (*ARRAYS, *EMPTY_ONLY):
            assert followed[name] == fresh[name], (name, change, board.to_text())
