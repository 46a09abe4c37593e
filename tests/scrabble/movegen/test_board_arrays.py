"""The kernel's board arrays follow a board's changes: after any moves played and taken back,
every array equals the arrays of the same board loaded afresh."""

from __future__ import annotations

import random
from array import array
from types import ModuleType
from typing import Any

import pytest

from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.lexicon.packed import packed_nodes
from wordgames.scrabble import STANDARD_ENGLISH, Board, Rack
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.movegen.board_arrays import KernelLexicon

ARRAYS = ("tile", "full_tile", "tile_points", "cross", "anchor", "lm", "wm")
EMPTY_ONLY = ("cross_points", "cross_length", "next_square", "run_points")
"""Read by the kernel only on empty squares (a square's tile makes them meaningless)."""
BAG = list(STANDARD_ENGLISH.full_bag())


def arrays(state: object) -> dict[str, list[int]]:
    found = {name: list(getattr(state, name)) for name in ARRAYS}
    tiles = found["tile"]
    for name in EMPTY_ONLY:
        found[name] = [value if tiles[at] == 0 else 0 for at, value in enumerate(getattr(state, name))]
    return found


def change_board(generator: Any, board: Board, played: list[Move], rng: random.Random,
                 out_of_turn: bool) -> bool:
    """One random change to ``board``: a move of a random rack played (long moves and short
    ones, so runs merge, split and cross) or, now and then, one of ``played`` taken back (with
    ``out_of_turn``, sometimes an older one: its squares are its own, and the board left,
    whose tiles may no longer touch, must be followed just the same).  False when neither
    could be made."""
    rack = Rack(rng.sample(BAG, 7))
    moves = generator.moves(board, rack)
    if moves and (len(played) < 2 or rng.random() < 0.65):
        move = rng.choice(moves)
        board.play(move)
        played.append(move)
        return True
    if played:
        older = out_of_turn and rng.random() < 0.2
        board.unplay(played.pop(rng.randrange(len(played)) if older else -1))
        return True
    return False


def assert_as_loaded_afresh(state: object, board: Board, movegen: ModuleType, lexicon: Lexicon,
                            step: int) -> None:
    """Every array of ``state`` equals that of ``board`` loaded by a new generator."""
    fresh = arrays(movegen.MoveGenerator(lexicon)._state(Board.from_text(board.to_text())))
    followed = arrays(state)
    for name in (*ARRAYS, *EMPTY_ONLY):
        assert followed[name] == fresh[name], (name, step, board.to_text())


@pytest.mark.parametrize("seed", range(6))
def test_arrays_after_moves_and_take_backs_equal_a_fresh_load(movegen: ModuleType, enable_trie: Lexicon,
                                                              seed: int) -> None:
    generator = movegen.MoveGenerator(enable_trie)
    rng = random.Random(seed)
    board = Board()
    generator._state(board)  # followed from here on
    played: list[Move] = []
    changes = 0
    while changes < 40:
        if not change_board(generator, board, played, rng, out_of_turn=True):
            continue
        changes += 1
        assert_as_loaded_afresh(generator._state(board), board, movegen, enable_trie, changes)


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
    played: list[Move] = []
    for change in range(30):
        change_board(generator, board, played, rng, out_of_turn=False)
        # Now and then two changes at once, as a search's make and unmake between generations.
        if rng.random() < 0.3 and change < 29:
            continue
        squares = board.squares
        changed = array("i", [square for square in range(len(squares)) if squares[square] != tiles[square]])
        for square in changed:
            tiles[square] = squares[square]
        state.follow(tiles, changed, len(changed))
        assert_as_loaded_afresh(state, board, movegen, enable_trie, change)


@pytest.mark.parametrize("words", [
    ["AA", "AAH", "AB", "BA", "BAA", "BAH", "HA", "ZA", "ZAX", "QI", "QAT", "AX"],
    ["CAT", "CATS", "CATION", "CATIONS", "DOG", "DOGE", "AXE"],
])
def test_each_node_knows_how_far_its_words_go(words: list[str]) -> None:
    # Brute force: for each prefix of a word, the longest rest of a word, against the node
    # table the best-move search bounds paths with.
    packed = packed_nodes(lexicon_from_words(words))
    tables = KernelLexicon(packed)
    bits = packed.letter_bits
    prefixes = {word[:cut] for word in words for cut in range(len(word) + 1)}
    for prefix in prefixes:
        node = 0
        for letter in prefix:
            mask = tables.masks[node]
            below = mask & (bits[letter] - 1) & ~packed.terminal
            node = tables.first[node] + bin(below).count("1")
        rests = [word[len(prefix):] for word in words if word.startswith(prefix)]
        assert tables.height[node] == max(len(rest) for rest in rests), prefix
