"""Hand-made endgames: going out in one, a stuck side, six-zero, both end rules, time limits."""

from __future__ import annotations

from collections import Counter

import pytest

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.placement import Direction
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.endgame import SearchOptions, solve_endgame
from wordgames.scrabble.rules.classic import ClassicRules

from .reference import Minimax

RULES = ClassicRules()


@pytest.fixture(scope="module")
def words() -> Lexicon:
    return lexicon_from_words(["CAT", "CATS", "AT", "TA"])


def cat_board() -> Board:
    board = Board()
    board.place_all([(7, 6, "C"), (7, 7, "A"), (7, 8, "T")])
    return board


def cats_score() -> int:
    board = cat_board()
    move = Move.from_word(board, 7, 6, Direction.ACROSS, "CATS")
    return RULES.check(board, move, lexicon_from_words(["CAT", "CATS"])).score


@pytest.mark.parametrize("rule", ["usc", "tournament"])
def test_going_out_in_one(words: Lexicon, rule: str) -> None:
    result = solve_endgame(cat_board(), ("S", "QZ"), words, RULES, end_rule=rule)
    assert result.exact
    assert [turn.move.word.upper() for turn in result.moves if turn.move] == ["CATS"]
    # usc: +20 for going out and -20 off the opponent; tournament: twice 20; same spread.
    assert result.value == cats_score() + 40
    assert len(result.moves) == 1 and result.moves[0].player == 0


def test_stuck_opponent_and_a_tile_that_cannot_go(words: Lexicon) -> None:
    """The opponent (QZ) can never play; the mover plays S, cannot play V, and the game ends
    on the sixth scoreless turn with both racks counted against their owners."""
    result = solve_endgame(cat_board(), ("SV", "QZ"), words, RULES)
    assert result.exact
    assert result.value == cats_score() - 4 + 20
    played = [turn for turn in result.moves if turn.move is not None]
    assert [turn.move.word.upper() for turn in played if turn.move] == ["CATS"]
    assert sum(turn.move is None for turn in result.moves) == 6
    expected = Minimax(words, RULES).value(cat_board(), Counter("SV"), Counter("QZ"))
    assert result.value == expected


@pytest.mark.parametrize(("run", "passes"), [(0, 6), (3, 3), (5, 1)])
def test_six_zero_ends_the_game(words: Lexicon, run: int, passes: int) -> None:
    """Nobody can play: the passes run out the scoreless limit; each rack counts against its
    owner (Q 10 for the mover, K 5 for the opponent)."""
    result = solve_endgame(cat_board(), ("Q", "K"), words, RULES, scoreless_turns=run)
    assert result.exact
    assert result.value == -10 + 5
    assert [turn.move for turn in result.moves] == [None] * passes
    assert [turn.player for turn in result.moves] == [index % 2 for index in range(passes)]


def test_opponent_goes_out_first_when_the_mover_cannot_stop_it(words: Lexicon) -> None:
    """The mover holds only an unplayable Q; the opponent goes out with S after the pass."""
    result = solve_endgame(cat_board(), ("Q", "S"), words, RULES, end_rule="tournament")
    assert result.exact
    assert result.value == -(cats_score() + 20)
    assert result.moves[0].move is None and result.moves[1].player == 1


def test_forced_passes_cost_no_ply(words: Lexicon) -> None:
    """The opponent (QZ) can only pass, and so can the mover once CATS is down: with stuck
    tiles handled those passes cost no ply, and the same value is proven at a smaller depth."""
    plain = solve_endgame(cat_board(), ("SV", "QZ"), words, RULES, options=SearchOptions(stuck_tiles=False))
    stuck = solve_endgame(cat_board(), ("SV", "QZ"), words, RULES, options=SearchOptions(stuck_tiles=True))
    assert plain.exact and stuck.exact
    assert stuck.value == plain.value == cats_score() - 4 + 20
    assert stuck.depth < plain.depth


def test_stuck_tiles_valued_at_the_horizon(words: Lexicon) -> None:
    """The mover's Q can never be played and the opponent goes out over it: counting the Q
    twice, a one-ply search guesses nearer the proven value than the rack difference does."""
    exact = solve_endgame(cat_board(), ("QA", "S"), words, RULES)
    assert exact.exact
    guessed, plain = (
        solve_endgame(cat_board(), ("QA", "S"), words, RULES, plies=1, options=SearchOptions(stuck_tiles=on))
        for on in (True, False)
    )
    assert not guessed.exact and not plain.exact
    assert abs(guessed.value - exact.value) < abs(plain.value - exact.value)


@pytest.mark.parametrize("racks", [("QA", "S"), ("SA", "QT"), ("TS", "AQ")])
def test_playouts_value_the_horizon_by_playing_on(words: Lexicon, racks: tuple[str, str]) -> None:
    """Where each side's greedy line is its best, a one-ply search with play-outs at the
    horizon finds the proven value (not proven: it rests on the play-outs), which the racks'
    difference misses."""
    exact = solve_endgame(cat_board(), racks, words, RULES)
    assert exact.exact
    played, plain = (
        solve_endgame(cat_board(), racks, words, RULES, plies=1,
                      options=SearchOptions(stuck_tiles=False, playouts=on))
        for on in (True, False)
    )
    assert not played.exact and not plain.exact
    assert played.value == exact.value != plain.value


def test_time_limit_still_gives_a_legal_first_move(enable_trie: Lexicon) -> None:
    board = Board()
    board.place_all([(7, col, letter) for col, letter in zip(range(5, 10), "QUOTE", strict=True)])
    board.place_all([(row, 9, letter) for row, letter in zip(range(8, 12), "ARNS", strict=True)])
    racks = ("AEINRST", "DGILOPU")
    result = solve_endgame(board, racks, enable_trie, RULES, time_limit=0.05)
    assert not result.exact
    assert result.moves
    first = result.moves[0].move
    assert first is not None
    assert RULES.check(board, first, enable_trie, Rack.parse(racks[0])).valid


def test_the_time_limit_is_measured_on_the_clock_given(enable_trie: Lexicon) -> None:
    board = Board()
    board.place_all([(7, col, letter) for col, letter in zip(range(5, 10), "QUOTE", strict=True)])
    ticks = iter(range(1_000_000))
    # A clock that moves one "second" a reading: the 5-second budget lasts a few readings,
    # one every few dozen positions, so not even the second ply finishes.
    result = solve_endgame(board, ("AEINRST", "DGILOPU"), enable_trie, RULES, time_limit=5,
                           options=SearchOptions(clock=lambda: float(next(ticks))))
    assert not result.exact and result.moves
    assert 5 <= result.seconds <= 7 and result.depth <= 1


def test_depth_cap_is_exact_only_when_the_whole_tree_fits(words: Lexicon) -> None:
    capped = solve_endgame(cat_board(), ("SV", "QZ"), words, RULES, plies=2)
    assert not capped.exact and capped.depth == 2
    # Going out is found at once, but the pass beside it needs the six-pass line to refute.
    assert not solve_endgame(cat_board(), ("S", "QZ"), words, RULES, plies=1).exact
    assert solve_endgame(cat_board(), ("S", "QZ"), words, RULES, plies=6).exact


@pytest.mark.parametrize(
    ("racks", "options"),
    [
        (("", "QZ"), {}),
        (("S", ""), {}),
        (("S", "QZ"), {"plies": 0}),
        (("S", "QZ"), {"time_limit": 0}),
        (("S", "QZ"), {"time_limit": True}),
        (("S", "QZ"), {"scoreless_turns": 6}),
        (("S", "QZ"), {"end_rule": "box"}),
        (("S", "QZ", "A"), {}),
        (("SSSSSSSS", "QZ"), {}),
    ],
)
def test_bad_arguments_are_refused(
    words: Lexicon, racks: tuple[str, ...], options: dict[str, object]
) -> None:
    with pytest.raises(InvalidArgumentError):
        solve_endgame(cat_board(), racks, words, RULES, **options)  # type: ignore[arg-type]
