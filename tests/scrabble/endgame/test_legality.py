"""The killer-move judge against the move generator: a compact move is legal exactly when the
generator lists it on that board for that rack, and it scores what the generator says."""

from __future__ import annotations

import random
from collections import Counter

from conftest import unseen_tiles

from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.layout import plain_layout
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, Rack
from wordgames.scrabble.endgame.legality import MoveJudge
from wordgames.scrabble.endgame.position import SearchPosition
from wordgames.scrabble.rules.classic import ClassicRules

RACKS = ("AEINRST", "?DEILOU", "CEHQSTU", "??AEGLN", "BFIJKOV")


def listed(
    position: SearchPosition, board: Board, rules: ClassicRules, words: Lexicon
) -> dict[tuple[int, ...], int]:
    rack = Rack(position.rack_tiles(0))
    moves = rules.generate_moves(board, rack, words)
    return {codes: score for score, codes in map(position.compact, moves)}


def judged_like_the_generator(boards: list[Board], words: Lexicon, rules: ClassicRules, seed: int) -> int:
    """Judge, on each board, its own moves and the moves of another board; returns how many
    foreign moves were legal (so the test knows both answers were exercised)."""
    rng = random.Random(seed)
    foreign_legal = 0
    for board in rng.sample(boards, min(len(boards), 10)):
        other = rng.choice(boards)
        # A rack a real game could deal on both boards (beside the opponent's E).
        left = Counter(unseen_tiles(board)) & Counter(unseen_tiles(other)) - Counter("E")
        dealt = [rack for rack in RACKS if not Counter(rack) - left]
        pool = sorted(left.elements())
        rack = rng.choice(dealt) if dealt else "".join(rng.sample(pool, min(7, len(pool))))
        position = SearchPosition(board, (rack, "E"), STANDARD_ENGLISH)
        judge = MoveJudge(position, board.layout, rules.playable_lexicon(words), rules.hand_size,
                          rules.bingo_bonus, rules.minimum_word_length)
        here = listed(position, board, rules, words)
        for codes, score in here.items():
            assert judge.score(codes) == score
        elsewhere = SearchPosition(other, (rack, "E"), STANDARD_ENGLISH)
        for codes in listed(elsewhere, other, rules, words):
            assert judge.score(codes) == here.get(codes)
            foreign_legal += codes in here
    return foreign_legal


def test_judge_agrees_with_the_generator_on_standard_boards(
    standard_boards: list[Board], enable_trie: Lexicon
) -> None:
    assert judged_like_the_generator(standard_boards, enable_trie, ClassicRules(), seed=1) > 0


def test_judge_agrees_with_the_generator_on_small_boards(
    small_boards: list[Board], short_words: Lexicon
) -> None:
    assert judged_like_the_generator(small_boards, short_words, ClassicRules(), seed=2) > 0


def test_judge_keeps_the_minimum_word_length(small_boards: list[Board], enable_trie: Lexicon) -> None:
    rules = ClassicRules(minimum_word_length=3)
    judged_like_the_generator(small_boards, enable_trie, rules, seed=3)


def test_judge_refuses_tiles_the_rack_lacks_and_gaps() -> None:
    board = Board(plain_layout(7))
    board.place(3, 3, "A")
    position = SearchPosition(board, ("AT", "E"), STANDARD_ENGLISH)
    judge = MoveJudge(position, board.layout, {"AT", "TA", "AAT", "AA"}, 7, 50)
    t, a = STANDARD_ENGLISH.alphabet.number("T"), STANDARD_ENGLISH.alphabet.number("A")
    assert judge.score(((3 * 7 + 4) << 8 | t,)) == 2  # AT
    assert judge.score(((3 * 7 + 2) << 8 | t,)) == 2  # TA
    assert judge.score(((3 * 7 + 2) << 8 | t, (3 * 7 + 4) << 8 | a)) is None  # TAA is not a word
    assert judge.score(((2 * 7 + 3) << 8 | a, (4 * 7 + 3) << 8 | t)) == 3  # AAT down
    assert judge.score(((3 * 7 + 4) << 8 | t, (3 * 7 + 6) << 8 | a)) is None  # a gap
    assert judge.score(((3 * 7 + 4) << 8 | t, (3 * 7 + 5) << 8 | t)) is None  # one T on the rack
    assert judge.score(((0 * 7 + 0) << 8 | t,)) is None  # touches nothing
