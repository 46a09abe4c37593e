"""The move generator agrees with a brute force on small random boards, lexicons and racks,
for both lexicon backends; every move it lists passes ``check`` with the same score; the
bounded best-move search returns the head of the full list."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import Board, Layout, Rack, TileSet
from wordgames.scrabble.movegen.generator import MoveGenerator
from wordgames.scrabble.rules.classic import ClassicRules, first_non_word

from .support import brute_force_moves, generated

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


@given(positions(), st.integers(1, 4))
def test_best_moves_are_the_head_of_all_moves(
    case: tuple[Board, Rack, list[str], str, int], limit: int
) -> None:
    board, rack, words, backend, hand_size = case
    lexicon = lexicon_from_words(words, backend)
    generator = MoveGenerator(lexicon, TILES, hand_size, 35)
    everything = generator.moves(board, rack, ordered=True)
    for bounded in (True, False, None):
        best = generator.best(board, rack, limit, bounded)
        assert [m.sort_key() for m in best] == [m.sort_key() for m in everything[:limit]]
        assert best == everything[:limit]
    assert generator.count(board, rack) == len(everything)
