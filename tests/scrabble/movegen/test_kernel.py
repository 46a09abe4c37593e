"""The one move search, compiled and interpreted: the same moves, scores, words and order
through every entry point of MoveGenerator (both are held to the brute force in
``test_properties``).  Compiled against interpreted runs where the core is built."""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from conftest import movegen_of
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble import BLANK, STANDARD_ENGLISH, Board, Layout, Rack, TileSet
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.leaves import load_leaves
from wordgames.scrabble.leaves.dense import dense_leaves
from wordgames.scrabble.leaves.keeps import table_keeps, zero_keeps

from .test_properties import TILES, autoplay_board, positions


def shown(moves: list[Move]) -> list[tuple[object, ...]]:
    """Everything a user can read of each move, in order."""
    return [(move.sort_key(), move.word, move.placed, move.words) for move in moves]


def answers(module: ModuleType, lexicon: Lexicon, tiles: TileSet, hand_size: int, board: Board,
            rack: Rack) -> list[object]:
    """What every entry point of ``module``'s generator answers for one position."""
    generator = module.MoveGenerator(lexicon, tiles, hand_size)
    found: list[object] = [generator.count(board, rack)]
    for ordered in (False, True):
        found.append(shown(generator.moves(board, rack, ordered)))
    for limit in (1, 3):
        found.append(shown(generator.best(board, rack, limit)))
    found.append(generator.compact_moves(board, generator.rack_counts(rack)))
    keeps = zero_keeps(tiles.alphabet, rack)
    if keeps is not None:
        ranked = generator.best_by_equity(board, rack, keeps, 3)
        found.append([(equity, shown([move])) for equity, move in ranked])
    return found


def assert_cores_agree(lexicon: Lexicon, tiles: TileSet, hand_size: int, board: Board, rack: Rack) -> None:
    compiled, interpreted = movegen_of("compiled"), movegen_of("interpreted")
    assert answers(compiled, lexicon, tiles, hand_size, board, rack) == \
        answers(interpreted, lexicon, tiles, hand_size, board, rack)


@settings(max_examples=25)
@given(positions())
def test_cores_agree_on_small_positions(position: tuple[Board, Rack, list[str], str, int]) -> None:
    board, rack, words, backend, hand_size = position
    assert_cores_agree(lexicon_from_words(words, backend), TILES, hand_size, board, rack)


@pytest.mark.parametrize("words", [
    ["ACE", "CAE", "EA", "ACCEA", "AA", "CEE"],  # no B or D: the lexicon numbers its tiles otherwise
    ["AZ", "ZA", "BAZ", "ZEBEC", "DAB", "ZED"],  # Z: a lexicon letter no tile has
])
def test_a_lexicon_numbering_its_tiles_otherwise(movegen: ModuleType, words: list[str]) -> None:
    rng = random.Random(7)
    lexicon = lexicon_from_words(words)
    board = Board(Layout(5, 5, (2, 2), ("..2..", ".d...", "..t..", "...3.", ".....")))
    generator = movegen.MoveGenerator(lexicon, TILES, 7)
    for turn in range(6):
        rack = Rack(rng.choices("ABCDE", k=4) + [BLANK] * (turn % 3))
        moves = generator.moves(board, rack)
        for move in moves:
            assert all(word in lexicon for word in move.words)
        if moves:
            board.place_all((p.row, p.col, p.tile) for p in rng.choice(moves).placed)


# At most one blank: interpreted, a real position with two takes seconds a rack, and the racks
# with two blanks are checked on both cores by test_movegen's CEO??RT case.
@settings(max_examples=5)
@given(st.sampled_from(["standard", "super"]), st.integers(0, 1000), st.integers(0, 10),
       st.integers(0, 1), st.randoms(use_true_random=False))
def test_cores_agree_on_real_positions(
    enable_trie: Lexicon, layout_name: str, seed: int, turns: int, blanks: int, rng: random.Random
) -> None:
    board = autoplay_board(enable_trie, layout_name, seed, turns)
    unseen = [tile for tile in STANDARD_ENGLISH.full_bag() if tile != BLANK]
    rack = Rack(rng.sample(unseen, 7 - blanks) + [BLANK] * blanks)
    assert_cores_agree(enable_trie, STANDARD_ENGLISH, 7, board, rack)
    compiled, interpreted = movegen_of("compiled"), movegen_of("interpreted")
    keeps = table_keeps(dense_leaves(load_leaves("enable")), STANDARD_ENGLISH.alphabet, rack)
    assert keeps is not None
    generators = [module.MoveGenerator(enable_trie) for module in (compiled, interpreted)]
    ranked = [[(e, shown([m])) for e, m in g.best_by_equity(board, rack, keeps, 5)] for g in generators]
    assert ranked[0] == ranked[1]


def test_the_search_runs_compiled_where_built() -> None:
    compiled = movegen_of("compiled")
    from wordgames.compiled import is_compiled
    from wordgames.scrabble.movegen import kernel

    assert is_compiled(compiled) and is_compiled(kernel)


@pytest.mark.parametrize("seed", range(8))
def test_playing_and_taking_back_keeps_the_kernel_board_in_step(movegen: ModuleType, seed: int) -> None:
    """A board that is played on and taken back move by move (the endgame's and the
    simulation's fast path) answers exactly as a board built afresh with the same tiles: the
    kernel's arrays follow the board's change log."""
    lexicon = lexicon_from_words(["AB", "BA", "AT", "TA", "TAB", "BAT", "ABS", "TABS", "STAB", "BATS",
                                  "SAT", "AS"])
    tiles = TileSet({"A": 1, "B": 3, "S": 1, "T": 1, BLANK: 0}, {"A": 4, "B": 2, "S": 2, "T": 3, BLANK: 1})
    generator = movegen.MoveGenerator(lexicon, tiles, 7)
    rng = random.Random(seed)
    board = Board(alphabet=tiles.alphabet)
    rack = Rack(["A", "B", "S", "T", "A", BLANK, "T"], tiles.alphabet)
    played: list[Move] = []
    for _ in range(12):
        fresh = Board.from_text(board.to_text(), board.layout, alphabet=tiles.alphabet)
        assert generator.count(board, rack) == generator.count(fresh, rack)
        assert shown(generator.moves(board, rack)) == shown(generator.moves(fresh, rack))
        moves = generator.moves(board, rack)
        if moves and (not played or rng.random() < 0.7):
            move = rng.choice(moves)
            board.play(move)
            played.append(move)
        elif played:
            board.unplay(played.pop())
    while played:
        board.unplay(played.pop())
    assert board.is_empty()
