"""The best-move search agrees with a brute force over every word, square and direction."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import Board, Rack, TileSet, plain_layout
from wordgames.scrabble.rules.simple import SimpleRules

from .support import brute_force_moves

ALPHABET = "ABCDE"
TILES = TileSet({"A": 1, "B": 3, "C": 4, "D": 2, "E": 1, "?": 0})


@st.composite
def positions(draw: st.DrawFn) -> tuple[Board, Rack, list[str], str]:
    """A small lexicon, a small board with tiles anywhere (some blanks, sometimes none at
    all: a first move), a rack of up to 7 tiles, and a lexicon backend."""
    words = draw(st.lists(st.text(ALPHABET, min_size=1, max_size=6), min_size=1, max_size=40))
    size = draw(st.integers(3, 7))
    board = Board(plain_layout(size))
    if draw(st.booleans()):
        squares = draw(st.sets(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)), max_size=12))
        for row, col in squares:
            board.place(row, col, draw(st.sampled_from(ALPHABET + "ae")))
        # Lexicon words on the board make long matches through board letters likely.
        for word in draw(st.lists(st.sampled_from(words), max_size=3)):
            if len(word) > size:
                continue
            line, start = draw(st.integers(0, size - 1)), draw(st.integers(0, size - len(word)))
            across = draw(st.booleans())
            for i, letter in enumerate(word):
                row, col = (line, start + i) if across else (start + i, line)
                if board.get(row, col) is None:
                    board.place(row, col, letter)
    rack = Rack(draw(st.lists(st.sampled_from(ALPHABET + "?"), max_size=7)))
    backend = draw(st.sampled_from(["trie", "sortedset"]))
    return board, rack, words, backend


@given(positions())
def test_generated_moves_equal_the_brute_force(case: tuple[Board, Rack, list[str], str]) -> None:
    board, rack, words, backend = case
    lexicon = lexicon_from_words(words, backend)
    rules = SimpleRules(tile_set=TILES)
    moves = list(rules.generate_moves(board, rack, lexicon))
    found = [(m.row, m.col, m.direction.value, m.word, m.score) for m in moves]
    assert len(found) == len(set(found)), "no move is generated twice"
    assert set(found) == brute_force_moves(board, rack, sorted(set(lexicon)), TILES)
    for move in moves:
        verdict = rules.check(board, move, lexicon, rack)
        assert verdict.valid and verdict.score == move.score


@given(positions())
def test_best_moves_are_ordered_and_optimal_moves_are_the_top_ties(
    case: tuple[Board, Rack, list[str], str],
) -> None:
    board, rack, words, backend = case
    lexicon = lexicon_from_words(words, backend)
    rules = SimpleRules(tile_set=TILES)
    ordered = rules.best_moves(board, rack, lexicon)
    assert [m.sort_key() for m in ordered] == sorted(
        m.sort_key() for m in rules.generate_moves(board, rack, lexicon)
    )
    optimal = rules.optimal_moves(board, rack, lexicon)
    top = [m for m in ordered if m.score == ordered[0].score] if ordered else []
    assert optimal == top
    assert rules.best_moves(board, rack, lexicon, limit=1) == ordered[:1]
