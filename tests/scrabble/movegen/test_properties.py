"""The move generator agrees with a brute force on small random boards, lexicons and racks,
for both lexicon backends; every move it lists passes ``check`` with the same score; the
bounded best-move search returns the head of the full list.  On real positions (boards of
seeded greedy games on both built-in layouts, racks with 0-2 blanks) its moves are legal and
include every legal one-tile move.  These tests run whichever core is active: CI runs them
compiled and with ``WORDGAMES_PURE_PYTHON=1``."""

from __future__ import annotations

import random
from types import ModuleType

from conftest import unseen_tiles
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble import (
    BLANK,
    Board,
    Layout,
    Placement,
    Rack,
    TileSet,
)
from wordgames.scrabble.core.layout import layout_by_name
from wordgames.scrabble.movegen.generator import MoveGenerator
from wordgames.scrabble.rules.classic import ClassicRules, first_non_word, move_for_placements

from .support import Key, brute_force_moves, generated, self_play

ALPHABET = "ABCDE"
TILES = TileSet({"A": 1, "B": 3, "C": 4, "D": 2, "E": 1, "?": 0})
PREMIUMS = ".23dtq4"


@st.composite
def positions(draw: st.DrawFn) -> tuple[Board, Rack, list[str], str, int]:
    """A small lexicon; a small board with random premiums and start square, holding a few
    moves played at random (sometimes none: a first move) and now and then stray tiles; a
    rack of up to 5 tiles with up to two blanks; a backend; a hand size."""
    rng = draw(st.randoms(use_true_random=False))
    lengths = [2, 2, 3, 3, 4, 5]
    words = ["".join(rng.choices(ALPHABET, k=rng.choice(lengths))) for _ in range(rng.randint(5, 60))]
    rows, cols = draw(st.integers(3, 6)), draw(st.integers(3, 6))
    weights = [12, 2, 1, 2, 1, 1, 1]
    premiums = tuple("".join(rng.choices(PREMIUMS, weights=weights, k=cols)) for _ in range(rows))
    start = (rng.randrange(rows), rng.randrange(cols))
    board = Board(Layout(rows, cols, start, premiums))
    lexicon = lexicon_from_words(words)
    setup = MoveGenerator(lexicon, TILES, 7)
    for _ in range(draw(st.integers(0, 4))):
        moves = setup.moves(board, Rack(rng.choices(ALPHABET + "?", k=4)))
        if moves:
            board.place_all((p.row, p.col, p.tile) for p in rng.choice(moves).placed)
    if draw(st.integers(0, 3)) == 0:
        for _ in range(2):
            row, col = rng.randrange(rows), rng.randrange(cols)
            if board.get(row, col) is None:
                board.place(row, col, rng.choice(ALPHABET))
    blanks = draw(st.integers(0, 2))
    rack = Rack(rng.choices(ALPHABET, k=draw(st.integers(0, 5 - blanks))) + ["?"] * blanks)
    backend = draw(st.sampled_from(["trie", "sortedset"]))
    hand_size = draw(st.sampled_from([len(rack) or 1, 7]))
    return board, rack, words, backend, hand_size


@given(positions(), st.sampled_from([2, 2, 3, 4]))
def test_generator_matches_brute_force(
    case: tuple[Board, Rack, list[str], str, int], minimum_word_length: int
) -> None:
    board, rack, words, backend, hand_size = case
    lexicon = lexicon_from_words(words, backend)
    rules = ClassicRules(
        TILES, hand_size=hand_size, bingo_bonus=35, minimum_word_length=minimum_word_length
    )
    moves = list(rules.generate_moves(board, rack, lexicon))
    assert generated(moves) == brute_force_moves(board, rack, lexicon, rules)
    assert all(len(word) >= minimum_word_length for move in moves for word in move.words)
    clean_board = first_non_word(board, lexicon, minimum_word_length) is None
    for move in moves:
        verdict = rules.check(board, move, lexicon, rack)
        if clean_board:
            assert verdict.valid, (move, verdict)
        assert rules.score(board, move) == move.score
        if verdict.valid:
            assert verdict.score == move.score and verdict.words == move.words


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(positions(), st.integers(1, 4))
def test_best_moves_are_the_head_of_all_moves(
    movegen: ModuleType, case: tuple[Board, Rack, list[str], str, int], limit: int
) -> None:
    board, rack, words, backend, hand_size = case
    lexicon = lexicon_from_words(words, backend)
    generator = movegen.MoveGenerator(lexicon, TILES, hand_size, 35)
    everything = generator.moves(board, rack, ordered=True)
    best = generator.best(board, rack, limit)
    assert [m.sort_key() for m in best] == [m.sort_key() for m in everything[:limit]]
    assert best == everything[:limit]
    assert generator.count(board, rack) == len(everything)
    assert generated(generator.moves(board, rack)) == generated(everything)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(positions())
def test_each_core_matches_brute_force(
    movegen: ModuleType, case: tuple[Board, Rack, list[str], str, int]
) -> None:
    board, rack, words, backend, hand_size = case
    lexicon = lexicon_from_words(words, backend)
    rules = ClassicRules(TILES, hand_size=hand_size, bingo_bonus=35)
    generator = movegen.MoveGenerator(lexicon, TILES, hand_size, 35)
    assert generated(generator.moves(board, rack)) == brute_force_moves(board, rack, lexicon, rules)


_POSITIONS: dict[tuple[str, int, int], Board] = {}


def autoplay_board(lexicon: Lexicon, layout_name: str, seed: int, turns: int) -> Board:
    """The board after ``turns`` greedy moves of a seeded game on a built-in layout
    (memoised: hypothesis draws the same games again)."""
    key = (layout_name, seed, turns)
    if key not in _POSITIONS:
        _POSITIONS[key] = self_play(lexicon, seed, turns, layout_by_name(layout_name))[0]
    return _POSITIONS[key]


def one_tile_moves(board: Board, rack: Rack, lexicon: Lexicon, rules: ClassicRules) -> dict[Key, int]:
    """Every legal move of one tile, found the slow way: each rack tile (a blank as each
    letter) on each empty square next to a board tile, judged by ``check``."""
    letters = rules.tile_set.letters
    found: dict[Key, int] = {}
    for row in range(board.rows):
        for col in range(board.cols):
            if board.get(row, col) is not None:
                continue
            near = [(row + dr, col + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
            if not any(0 <= r < board.rows and 0 <= c < board.cols and board.get(r, c) is not None
                       for r, c in near):
                continue
            for tile in set(rack.tiles()):
                for letter in letters if tile == BLANK else [tile]:
                    placed = Placement(row, col, letter, tile == BLANK)
                    move = move_for_placements(board, [placed])
                    verdict = rules.check(board, move, lexicon, rack)
                    if verdict.valid:
                        found[move.placed] = verdict.score
    return found


@settings(max_examples=4)
@given(st.sampled_from(["standard", "super"]), st.integers(0, 1000), st.integers(1, 8),
       st.integers(0, 2), st.randoms(use_true_random=False))
def test_generator_on_autoplay_positions(
    enable_trie: Lexicon, layout_name: str, seed: int, turns: int, blanks: int, rng: random.Random
) -> None:
    # Whichever core is active (compiled or WORDGAMES_PURE_PYTHON=1): every move it lists is
    # legal with its score and words, none twice, every legal one-tile move is among them, and
    # the bounded best-move search returns the head of the full order.
    board = autoplay_board(enable_trie, layout_name, seed, turns)
    unseen = unseen_tiles(board)  # a rack a real game could hold here
    blanks = min(blanks, unseen.count(BLANK))
    rack = Rack(rng.sample([tile for tile in unseen if tile != BLANK], 7 - blanks) + [BLANK] * blanks)
    rules = ClassicRules()
    generator = MoveGenerator(enable_trie)
    everything = generator.moves(board, rack, ordered=True)
    keyed = generated(everything)
    for move in everything[:: max(1, len(everything) // 60)]:
        verdict = rules.check(board, move, enable_trie, rack)
        assert verdict.valid and verdict.score == move.score and verdict.words == move.words, move
    singles = one_tile_moves(board, rack, enable_trie, rules)
    assert {key: keyed.get(key) for key in singles} == singles
    for limit in (1, 5):
        assert generator.best(board, rack, limit) == everything[:limit]
