"""The typed move-generation kernel (movegen/kernel.py) against the reference search: the same
moves, scores, words and order through every entry point of MoveGenerator.

The kernel runs interpreted (its source, loaded with ``load_pure``) on small random positions,
so its Python reading stays correct in every build; compiled (when the core is built) on
boards of seeded greedy games on both built-in layouts with racks of 0-2 blanks."""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from compiled_support import compiled_and_pure, interpreted_chain
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble import BLANK, STANDARD_ENGLISH, Board, Layout, Rack, TileSet
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.movegen.generator import MoveGenerator
from wordgames.scrabble.movegen.records import BLANK_FLAG

from .test_properties import TILES, autoplay_board, positions

KERNEL = "wordgames.scrabble.movegen.kernel"
BASES = ("wordgames.scrabble.movegen.board_arrays", "wordgames.scrabble.movegen.records")


def interpreted_kernel() -> ModuleType:
    """The kernel run from its source on the sources of the classes it extends."""
    return interpreted_chain((*BASES, KERNEL))[-1]


def assert_same(lexicon: Lexicon, tiles: TileSet, hand_size: int, kernel: ModuleType,
                board: Board, rack: Rack) -> None:
    """The reference and ``kernel`` give the same answers for every entry point."""
    reference = MoveGenerator(lexicon, tiles, hand_size)
    reference.kernel_module = None
    typed = MoveGenerator(lexicon, tiles, hand_size)
    typed.kernel_module = kernel
    expected = reference.raw_moves(board, rack)
    assert typed.raw_moves(board, rack) == expected
    assert typed.count(board, rack) == len(expected)
    for ordered in (False, True):
        moves = reference.moves(board, rack, ordered)
        got = typed.moves(board, rack, ordered)
        assert got == moves
        assert [move.words for move in got] == [move.words for move in moves]
    for limit in (1, 3):
        best = reference.best(board, rack, limit)
        got = typed.best(board, rack, limit)
        assert got == best
        assert [move.words for move in got] == [move.words for move in best]
    assert_flat_moves_match(typed, board, rack, reference.moves(board, rack))


def assert_flat_moves_match(typed: MoveGenerator, board: Board, rack: Rack, moves: list[Move]) -> None:
    """The kernel's (score, codes) records name the same moves, in the same order."""
    flat = typed.flat_moves(board.layout)
    assert flat is not None
    letters = typed.alphabet
    tiles = [-1] * (board.rows * board.cols)
    points = [0] * (board.rows * board.cols)
    for row, col, tile in board.tiles():
        tiles[row * board.cols + col] = letters.index(tile.upper())
        points[row * board.cols + col] = typed.tile_set.value(tile)
    expected = [
        (move.score, tuple(
            (p.row * board.cols + p.col) << 8 | letters.index(p.letter) | (BLANK_FLAG if p.blank else 0)
            for p in sorted(move.placed, key=lambda p: (p.row, p.col))
        ))
        for move in moves
    ]
    assert flat.moves(tiles, points, typed._rack_counts(rack)) == expected


@settings(max_examples=25)
@given(positions())
def test_interpreted_kernel_matches_reference(
    position: tuple[Board, Rack, list[str], str, int],
) -> None:
    board, rack, words, backend, hand_size = position
    lexicon = lexicon_from_words(words, backend)
    assert_same(lexicon, TILES, hand_size, interpreted_kernel(), board, rack)


@pytest.mark.parametrize("words", [
    ["ACE", "CAE", "EA", "ACCEA", "AA", "CEE"],  # no B or D: tile letters move down the bits
    ["AZ", "ZA", "BAZ", "ZEBEC", "DAB", "ZED"],  # Z: a lexicon letter no tile has
])
def test_interpreted_kernel_with_a_translated_alphabet(words: list[str]) -> None:
    rng = random.Random(7)
    lexicon = lexicon_from_words(words)
    kernel = interpreted_kernel()
    board = Board(Layout(5, 5, (2, 2), ("..2..", ".d...", "..t..", "...3.", ".....")))
    setup = MoveGenerator(lexicon, TILES, 7)
    for turn in range(6):
        rack = Rack(rng.choices("ABCDE", k=4) + [BLANK] * (turn % 3))
        assert_same(lexicon, TILES, 7, kernel, board, rack)
        moves = setup.moves(board, rack)
        if moves:
            board.place_all((p.row, p.col, p.tile) for p in rng.choice(moves).placed)


@settings(max_examples=5)
@given(st.sampled_from(["standard", "super"]), st.integers(0, 1000), st.integers(0, 10),
       st.integers(0, 2), st.randoms(use_true_random=False))
def test_compiled_kernel_matches_reference(
    enable_trie: Lexicon, layout_name: str, seed: int, turns: int, blanks: int, rng: random.Random
) -> None:
    compiled, _pure = compiled_and_pure(KERNEL)
    board = autoplay_board(enable_trie, layout_name, seed, turns)
    unseen = [tile for tile in STANDARD_ENGLISH.full_bag() if tile != BLANK]
    rack = Rack(rng.sample(unseen, 7 - blanks) + [BLANK] * blanks)
    assert_same(enable_trie, STANDARD_ENGLISH, 7, compiled, board, rack)


def test_kernel_runs_compiled_by_default_where_built(enable_trie: Lexicon) -> None:
    compiled, _pure = compiled_and_pure("wordgames.scrabble.movegen.generator")
    assert MoveGenerator(enable_trie).kernel_module is not None
    assert compiled.MoveGenerator(enable_trie).kernel_module is not None
    assert _pure.MoveGenerator(enable_trie).kernel_module is None
