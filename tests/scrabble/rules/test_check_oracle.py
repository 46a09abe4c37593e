"""The simple rules' search finds exactly the moves check() accepts, tried one by one: every
word at every square and direction with every way of playing blanks (the ``check_oracle``
fixture), on small random boards, in English and in Spanish (CH, LL, RR and Ñ are tiles)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.lexicon.alphabet import BLANK_BIT
from wordgames.scrabble import Board, Rack, TileSet, plain_layout
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS
from wordgames.scrabble.rules.simple import SimpleRules

from .conftest import Oracle

SPANISH = TILE_DISTRIBUTIONS["spanish"]
ENGLISH_TILES = TileSet({"A": 1, "B": 3, "C": 4, "D": 2, "E": 1, "?": 0})

# The tiles words are made of: Spanish ones where a tile's letters are also tiles (C H CH,
# L LL, R RR) and where tile order is not code point order (Ñ after N, CH after C).
CASES = {
    "spanish": (SPANISH, ["A", "C", "CH", "H", "L", "LL", "N", "Ñ", "R", "RR", "E"]),
    "english": (ENGLISH_TILES, ["A", "B", "C", "D", "E"]),
}

Position = tuple[SimpleRules, Board, Rack, Lexicon]


@st.composite
def positions(draw: st.DrawFn, language: str) -> Position:
    """A small lexicon, a board of 3..5 squares a side holding some tiles (some of them blanks,
    some laid as lexicon words, sometimes none: a first move), a rack with up to two blanks."""
    tile_set, forms = CASES[language]
    alphabet = tile_set.alphabet
    numbers = [alphabet.number(form) for form in forms]
    word = st.lists(st.sampled_from(numbers), min_size=1, max_size=5)
    words = draw(st.lists(word, min_size=1, max_size=25))
    backend = draw(st.sampled_from(["trie", "sortedset"]))
    texts = [alphabet.format_tiles(word) for word in words]
    if language == "spanish":  # read into the tile set's tiles
        lexicon = lexicon_from_words(texts, backend, tiles=tile_set.lexicon_encoding())
    else:  # a plain word list numbering its own characters ("2" before "A"; "F" no tile)
        lexicon = lexicon_from_words([*texts, "FED", "2D"], backend)
    size = draw(st.integers(3, 5))
    board = Board(plain_layout(size), alphabet)
    if draw(st.booleans()):
        for word in draw(st.lists(st.sampled_from(words), max_size=3)):
            if len(word) <= size:
                line, start = draw(st.integers(0, size - 1)), draw(st.integers(0, size - len(word)))
                across = draw(st.booleans())
                for i, number in enumerate(word):
                    row, col = (line, start + i) if across else (start + i, line)
                    board.put(row * size + col, number)
        squares = draw(st.sets(st.integers(0, size * size - 1), max_size=6))
        for square in squares:
            blank = BLANK_BIT if draw(st.booleans()) and draw(st.booleans()) else 0
            board.put(square, draw(st.sampled_from(numbers)) | blank)
    rack = draw(st.lists(st.sampled_from(numbers), max_size=7))
    blanks = draw(st.integers(0, min(2, 7 - len(rack))))
    rules = SimpleRules(tile_set=tile_set, count_tiles=False)
    return rules, board, Rack.of_numbers(rack + [0] * blanks, alphabet), lexicon


def agree_with_the_oracle(position: Position, oracle: Oracle) -> None:
    rules, board, rack, lexicon = position
    moves = list(rules.generate_moves(board, rack, lexicon))
    found = [(m.row, m.col, m.direction.value, m.numbers, m.score) for m in moves]
    assert len(found) == len(set(found)), "no move is generated twice"
    assert set(found) == oracle(rules, board, rack, lexicon)
    assert rules.count_moves(board, rack, lexicon) == len(moves)
    best = rules.best_moves(board, rack, lexicon)
    assert [m.sort_key() for m in best] == sorted(m.sort_key() for m in moves)
    assert rules.best_moves(board, rack, lexicon, limit=3) == best[:3]
    for move in moves:
        assert move.alphabet == rules.tile_set.alphabet
        assert move.words == (move.word.upper(),)
        assert rules.score(move) == move.score


SLOW = settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(positions("spanish"))
def test_spanish_moves_with_multi_character_tiles_are_the_ones_check_accepts(
    check_oracle: Oracle, position: Position
) -> None:
    agree_with_the_oracle(position, check_oracle)


@SLOW
@given(positions("english"))
def test_english_moves_over_a_plain_word_list_are_the_ones_check_accepts(
    check_oracle: Oracle, position: Position
) -> None:
    agree_with_the_oracle(position, check_oracle)
