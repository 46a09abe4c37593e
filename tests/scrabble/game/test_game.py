"""The game engine: dealing, turns, exchange and pass rules, the end of the game."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace

import pytest

from wordgames.errors import GameError, IllegalMoveError, InvalidArgumentError, NotationError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble.core.bag import Bag
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.layout import plain_layout, standard_layout
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, TILE_DISTRIBUTIONS, TileSet
from wordgames.scrabble.game.players import Player, parse_players
from wordgames.scrabble.game.state import END_OUT, END_SCORELESS, Game, GameSettings
from wordgames.scrabble.game.turn import TurnKind

from .conftest import computer_game

WORDS = lexicon_from_words(["CAT", "CATS", "AT", "TA", "ACT", "SCAT", "QI", "ZA", "ZAS"])


def restored(
    racks: list[str],
    bag: str = "",
    board_rows: dict[int, str] | None = None,
    settings: GameSettings | None = None,
    lexicon: Lexicon = WORDS,
) -> Game:
    """A two-or-more player game in a chosen position: racks, bag (drawn in order), and
    board rows given as text (a lower-case letter a played blank) on the standard layout.
    The tile set is exactly the position's tiles, with the standard values."""
    settings = settings if settings is not None else GameSettings()
    board = Board(settings.layout)
    for row, text in (board_rows or {}).items():
        for col, char in enumerate(text):
            if char != ".":
                board.place(row, col, char)
    on_board = ["?" if tile.islower() else tile for _, _, tile in board.tiles()]
    counts = Counter([*"".join(racks), *bag, *on_board])
    settings = replace(settings, tile_set=TileSet(dict(STANDARD_ENGLISH.values), dict(counts)))
    players = [Player(f"P{seat + 1}", rack=Rack.parse(rack)) for seat, rack in enumerate(racks)]
    return Game.restore(players, lexicon, settings, board=board, bag=Bag(bag, fixed_order=True))


# --- dealing and determinism ------------------------------------------------------------------


def test_new_game_deals_full_racks_from_a_seeded_bag(enable_trie: Lexicon) -> None:
    game = Game(["Ann", "Bob", "Cy"], enable_trie, GameSettings(seed=5))
    assert [len(player.rack) for player in game.players] == [7, 7, 7]
    assert len(game.bag) == 100 - 21
    assert game.current_player.name == "Ann"
    game.check_tiles()
    again = Game(["Ann", "Bob", "Cy"], enable_trie, GameSettings(seed=5))
    assert [str(p.rack) for p in again.players] == [str(p.rack) for p in game.players]
    other = Game(["Ann", "Bob", "Cy"], enable_trie, GameSettings(seed=6))
    assert [str(p.rack) for p in other.players] != [str(p.rack) for p in game.players]


def test_a_seed_replays_the_same_whole_game(enable_trie: Lexicon, greedy_game: Game) -> None:
    again = computer_game(enable_trie, 7)
    assert again.history == greedy_game.history
    assert [p.score for p in again.players] == [p.score for p in greedy_game.players]
    assert again.board == greedy_game.board


def test_finished_game_is_consistent(greedy_game: Game) -> None:
    greedy_game.check_tiles()
    assert greedy_game.is_over
    totals = Counter[int]()
    for turn in greedy_game.history:
        totals[turn.player] += turn.score
        assert turn.total == totals[turn.player]
    assert [totals[seat] for seat in range(2)] == [p.score for p in greedy_game.players]


def test_hand_size_and_bag_size_are_checked(enable_trie: Lexicon) -> None:
    with pytest.raises(InvalidArgumentError, match="cannot deal"):
        Game([f"P{i}" for i in range(15)], enable_trie)
    with pytest.raises(InvalidArgumentError, match="at least one player"):
        Game([], enable_trie)
    with pytest.raises(InvalidArgumentError, match="two players"):
        Game(["Ann", "ann"], enable_trie)
    with pytest.raises(InvalidArgumentError):
        GameSettings(hand_size=0)
    with pytest.raises(InvalidArgumentError, match="classic rules"):
        GameSettings(rules="simple", minimum_word_length=3)
    with pytest.raises(InvalidArgumentError, match="minimum_word_length must be a whole number from 1"):
        GameSettings(minimum_word_length=0)
    assert GameSettings(minimum_word_length=4).build_rules().minimum_word_length == 4  # type: ignore[attr-defined]
    game = Game(["Ann"], enable_trie, GameSettings(hand_size=9, seed=1))
    assert len(game.players[0].rack) == 9


def test_parse_players() -> None:
    players = parse_players("Ann, cpu:Robo ,leave:Lea,human:Dr: Who", default_strategy="greedy")
    assert [(p.name, p.strategy) for p in players] == [
        ("Ann", None), ("Robo", "greedy"), ("Lea", "leave"), ("Dr: Who", None),
    ]
    with pytest.raises(InvalidArgumentError, match="unknown kind"):
        parse_players("robot:Robo")
    with pytest.raises(InvalidArgumentError, match="needs a name"):
        parse_players("Ann,,Bob")
    with pytest.raises(InvalidArgumentError, match="two players"):
        parse_players("Ann,cpu:Ann")
    assert [p.name for p in parse_players("Zoë,cpu:李,André \u200d")] == ["Zoë", "李", "André \u200d"]
    for name in ("Bob\x1b[31mx", "A\u2028B", "Tab\tbed", "\ud800"):
        with pytest.raises(InvalidArgumentError, match="control character"):
            parse_players(f"Ann,cpu:{name}")


def test_a_game_refuses_a_name_holding_a_line_break(enable_trie: Lexicon) -> None:
    with pytest.raises(InvalidArgumentError, match="control character"):
        Game([Player("A\nB"), "Ann"], enable_trie, GameSettings(seed=1))


# --- restoring a game ---------------------------------------------------------------------------


def restore_parts(game: Game, racks: list[list[str]], board: Board, bag: list[str]) -> Game:
    """``game``'s players, settings and lexicon with the racks, board and bag given."""
    players = [Player(p.name, p.strategy, Rack(rack), p.score)
               for p, rack in zip(game.players, racks, strict=True)]
    return Game.restore(players, game.lexicon, game.settings, board=board, bag=Bag(bag))


def parts(game: Game) -> tuple[list[list[str]], Board, list[str]]:
    """Copies of ``game``'s racks, board and bag."""
    return [p.rack.tiles() for p in game.players], game.board.copy(), game.bag.tiles


def test_a_restored_board_with_too_many_of_a_tile_is_refused(greedy_game: Game) -> None:
    racks, board, bag = parts(greedy_game)
    restore_parts(greedy_game, racks, board, bag).check_tiles()  # the game as it ended restores
    row, col = next((r, c) for r in range(board.rows) for c in range(board.cols) if board.get(r, c) is None)
    board.place(row, col, "Z")
    with pytest.raises(InvalidArgumentError, match=r"do not add up to the tile set: 1 Z too many$"):
        restore_parts(greedy_game, racks, board, bag)


def test_a_restored_bag_and_racks_that_do_not_add_up_are_refused(enable_trie: Lexicon) -> None:
    game = Game(["Ann", "Bob"], enable_trie, GameSettings(seed=3))
    racks, board, bag = parts(game)
    with pytest.raises(InvalidArgumentError, match=f"1 {re.escape(bag[0])} too few$"):
        restore_parts(game, racks, board, bag[1:])  # a tile lost
    moved = racks[0].pop()
    other = next(tile for tile in "QZXJK" if tile != moved)
    with pytest.raises(InvalidArgumentError) as refused:
        restore_parts(game, racks, board, [*bag, other])  # a rack tile turned into another
    assert f"1 {moved} too few" in str(refused.value) and f"1 {other} too many" in str(refused.value)
    restore_parts(game, racks, board, [*bag, moved])  # the same tile in the bag instead: fine


def test_a_played_blank_counts_as_a_blank(enable_trie: Lexicon) -> None:
    game = Game(["Ann", "Bob"], enable_trie, GameSettings(seed=3))
    racks, board, bag = parts(game)
    board.place(7, 7, "e")  # a blank played as E
    with pytest.raises(InvalidArgumentError, match=r"do not add up to the tile set: 1 \? too many$"):
        restore_parts(game, racks, board, bag)
    holder = next(tiles for tiles in [bag, *racks] if "?" in tiles)
    holder.remove("?")
    restored_game = restore_parts(game, racks, board, bag)
    assert restored_game.board.get(7, 7) == "e"


def test_restored_tiles_outside_the_tile_set_are_refused(enable_trie: Lexicon) -> None:
    values_only = GameSettings(tile_set=TileSet({"A": 1, "B": 3, "?": 0}))  # no counts to add up
    game = Game.restore([Player("Ann")], enable_trie, values_only, board=Board(), bag=Bag(["A"]))
    with pytest.raises(InvalidArgumentError, match="the bag: 'Z' is not a tile"):
        restore_parts(game, [[]], Board(), ["A", "Z"])
    board = Board()
    board.place(7, 7, "Z")
    with pytest.raises(InvalidArgumentError, match="the board: 'Z' is not a tile"):
        restore_parts(game, [[]], board, ["A"])


@pytest.mark.parametrize("seed", range(12))
def test_any_change_to_a_consistent_position_is_named(enable_trie: Lexicon, seed: int) -> None:
    """Oracle: tiles taken from the bag onto the board (some as played blanks) keep a position
    restorable; one tile more or fewer anywhere is named as too many or too few."""
    game = Game(["Ann", "Bob"], enable_trie, GameSettings(seed=seed))
    racks, board, bag = parts(game)
    rng = random.Random(seed)
    empty = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    rng.shuffle(empty)
    for _ in range(rng.randrange(30)):
        tile = bag.pop(rng.randrange(len(bag)))
        board.place(*empty.pop(), rng.choice("ESTAR").lower() if tile == "?" else tile)
    restore_parts(game, racks, board, bag).check_tiles()
    tile = rng.choice(sorted(set(STANDARD_ENGLISH.full_bag())))
    with pytest.raises(InvalidArgumentError, match=f": 1 {re.escape(tile)} too many$"):
        restore_parts(game, racks, board, [*bag, tile])
    gone = bag.pop(rng.randrange(len(bag)))
    with pytest.raises(InvalidArgumentError, match=f": 1 {re.escape(gone)} too few$"):
        restore_parts(game, racks, board, bag)


def test_rules_of_another_tile_set_or_hand_size_are_refused(enable_trie: Lexicon) -> None:
    settings = GameSettings(seed=1)
    german = GameSettings(tile_set=TILE_DISTRIBUTIONS["german"])
    for rules in (GameSettings(hand_size=8).build_rules(), german.build_rules()):
        with pytest.raises(InvalidArgumentError, match="rules: its tile set or hand size differs"):
            Game(["Ann"], enable_trie, settings, rules=rules)
    assert Game(["Ann"], enable_trie, settings, rules=settings.build_rules()).situation().checked


def test_a_detached_situation_keeps_its_position_as_the_game_goes_on(enable_trie: Lexicon) -> None:
    game = Game([Player("a", "equity"), Player("b", "equity")], enable_trie, GameSettings(seed=4))
    game.play_computer_turn()
    live = game.situation()
    kept = live.detached()
    board, rack = live.board.to_text(), live.rack.numbers()
    assert (kept.board.to_text(), kept.rack.numbers()) == (board, rack)
    assert kept.board is not live.board and kept.rack is not live.rack and kept.checked
    for _ in range(4):
        game.play_computer_turn()
    assert (kept.board.to_text(), kept.rack.numbers()) == (board, rack)
    # The game's own situation is a view: its board is the game's, which has moved on.
    assert live.board.to_text() != board


# --- placing ------------------------------------------------------------------------------------


def test_place_scores_draws_and_passes_the_turn() -> None:
    game = restored(["CATXYZE", "QIAAAAA"], bag="STUV")
    turn = game.place("8H CAT")
    assert turn.kind is TurnKind.PLACE and turn.score == 10  # (3+1+1) on the double-word start
    assert turn.rack == "ACETXYZ" and turn.drawn == "STU"
    assert str(game.players[0].rack) == "ESTUXYZ"
    assert game.players[0].score == 10 and turn.total == 10
    assert game.board.get(7, 7) == "C" and len(game.bag) == 1
    assert game.current == 1


def test_usc_notation_with_a_blank() -> None:
    game = restored(["?ATXYZE", "QIAAAAA"], bag="STUV")
    turn = game.place("PLACE | 7 8 ?cAT")
    assert turn.move is not None and turn.move.word == "cAT"
    assert turn.score == 4  # the blank scores nothing: (0+1+1) doubled
    assert game.board.get(6, 7) == "c"


def test_illegal_moves_change_nothing() -> None:
    game = restored(["CATXYZE", "QIAAAAA"], bag="STUV")
    before = (str(game.players[0].rack), len(game.bag), game.board.to_text())
    with pytest.raises(IllegalMoveError, match="not in the lexicon"):
        game.place("8H TAC")
    with pytest.raises(IllegalMoveError, match="does not hold"):
        game.place("8H CATS")
    with pytest.raises(IllegalMoveError, match="start square"):
        game.place("1A CAT")
    with pytest.raises(NotationError):
        game.place("8H")
    assert (str(game.players[0].rack), len(game.bag), game.board.to_text()) == before
    assert game.current == 0 and not game.history


def test_a_move_placing_no_tile_is_illegal() -> None:
    game = restored(["SXYZEEE", "QIAAAAA"], bag="STUV", board_rows={7: ".......CAT....."})
    with pytest.raises(IllegalMoveError, match="at least one tile"):
        game.place("8H CAT")


# --- exchange and pass --------------------------------------------------------------------------


def test_exchange_returns_then_draws_the_same_number(enable_trie: Lexicon) -> None:
    game = Game(["Ann", "Bob"], enable_trie, GameSettings(seed=3))
    rack = game.players[0].rack.tiles()
    returned = "".join(rack[:3])
    turn = game.exchange(returned.lower())
    assert turn.kind is TurnKind.EXCHANGE and turn.score == 0 and turn.tiles == returned
    assert len(turn.drawn) == 3 and len(game.players[0].rack) == 7 and len(game.bag) == 86
    assert game.current == 1
    game.check_tiles()


def test_exchange_needs_a_full_rack_in_the_bag() -> None:
    game = restored(["CATXYZE", "QIAAAAA"], bag="STUVWX")  # 6 tiles: one short of a rack
    assert not game.can_exchange
    with pytest.raises(IllegalMoveError, match="needs at least 7"):
        game.exchange("X")
    relaxed = restored(["CATXYZE", "QIAAAAA"], bag="S", settings=GameSettings(exchange_minimum=1))
    turn = relaxed.exchange("X")
    # The tile goes back first, so the draw may take it again (USC order).
    assert turn.drawn == "S" and len(relaxed.bag) == 1


def test_exchange_errors_change_nothing(enable_trie: Lexicon) -> None:
    game = Game(["Ann", "Bob"], enable_trie, GameSettings(seed=3))
    rack = str(game.players[0].rack)
    missing = next(letter for letter in "QZXJKVW" if letter not in rack)
    with pytest.raises(IllegalMoveError, match="does not hold"):
        game.exchange(missing)
    with pytest.raises(IllegalMoveError, match="at least one tile"):
        game.exchange("")
    assert str(game.players[0].rack) == rack and game.current == 0 and len(game.bag) == 86


def test_pass_and_computer_turn_rules(enable_trie: Lexicon) -> None:
    game = Game(["Ann", Player("Robo", "greedy")], enable_trie, GameSettings(seed=3))
    with pytest.raises(GameError, match="not a computer"):
        game.play_computer_turn()
    turn = game.pass_turn()
    assert turn.kind is TurnKind.PASS and turn.score == 0 and game.current == 1
    robo = game.play_computer_turn()
    assert robo.kind is TurnKind.PLACE and robo.score > 0
    assert game.last_turn == robo and game.current == 0


# --- the end of the game ------------------------------------------------------------------------


def test_going_out_with_an_empty_bag_ends_the_game_with_rack_transfers() -> None:
    game = restored(["S", "QZE"], board_rows={7: ".......CAT....."})
    turn = game.place("8H CATS")
    assert turn.score == 6  # no premium under the S
    assert game.is_over and game.end_reason == END_OUT
    first, second = game.players
    # P2 holds Q, Z, E: 10 + 10 + 1 = 21; P1 gains it, P2 loses it.
    assert (first.score, second.score) == (6 + 21, -21)
    end = [t for t in game.history if t.kind is TurnKind.END]
    assert [(t.player, t.score, t.total, t.tiles) for t in end] == [(0, 21, 27, "EQZ"), (1, -21, -21, "EQZ")]
    assert game.last_turn == turn
    with pytest.raises(GameError, match="over"):
        game.pass_turn()


def test_the_tournament_rule_doubles_the_going_out_points_and_takes_nothing() -> None:
    tournament = GameSettings(end_rule="tournament")
    game = restored(["S", "QZE"], board_rows={7: ".......CAT....."}, settings=tournament)
    game.place("8H CATS")
    assert [player.score for player in game.players] == [6 + 2 * 21, 0]
    end = [t for t in game.history if t.kind is TurnKind.END]
    assert [(t.player, t.score, t.total, t.tiles) for t in end] == [(0, 42, 48, "EQZ")]
    # Nobody going out: the racks count against their owners under both rules.
    game = restored(["CATXYZE", "QIAAAAA"], bag="STUVWXYZ", settings=tournament)
    for _ in range(6):
        game.pass_turn()
    assert game.end_reason == END_SCORELESS and all(player.score < 0 for player in game.players)
    with pytest.raises(InvalidArgumentError, match="unknown end-of-game rule"):
        GameSettings(end_rule="casual")


def test_the_end_rule_changes_only_the_final_adjustments(enable_trie: Lexicon) -> None:
    usc = Game([Player("A", "greedy"), Player("B", "greedy")], enable_trie, GameSettings(seed=7))
    tournament = Game([Player("A", "greedy"), Player("B", "greedy")], enable_trie,
                      GameSettings(seed=7, end_rule="tournament"))
    usc.play_out()
    tournament.play_out()
    assert usc.end_reason == tournament.end_reason == END_OUT
    plays = [t for t in usc.history if t.kind is not TurnKind.END]
    assert plays == [t for t in tournament.history if t.kind is not TurnKind.END]
    out = next(t.player for t in usc.history if t.kind is TurnKind.END and t.score > 0)
    left = sum(-t.score for t in usc.history if t.kind is TurnKind.END and t.score < 0)
    before = [sum(t.score for t in plays if t.player == seat) for seat in (0, 1)]
    expected = [before[seat] + (2 * left if seat == out else 0) for seat in (0, 1)]
    assert [p.score for p in tournament.players] == expected


def test_three_players_going_out_collects_every_rack() -> None:
    game = restored(["S", "QE", "?A", ""], board_rows={7: ".......CAT....."})
    game.place("8H CATS")
    scores = [player.score for player in game.players]
    assert scores == [6 + 11 + 1, -11, -1, 0]


def test_six_scoreless_turns_end_the_game_with_penalties() -> None:
    game = restored(["CATXYZE", "QIAAAAA"], bag="STUVWXYZ")
    for _ in range(5):
        game.pass_turn()
    assert not game.is_over and game.scoreless_streak == 5
    game.pass_turn()
    assert game.is_over and game.end_reason == END_SCORELESS
    values = [
        sum(STANDARD_ENGLISH.value(t) for t in "CATXYZE"),
        sum(STANDARD_ENGLISH.value(t) for t in "QIAAAAA"),
    ]
    assert [player.score for player in game.players] == [-values[0], -values[1]]


def test_a_scoring_turn_resets_the_scoreless_count_and_the_limit_is_configurable() -> None:
    settings = GameSettings(scoreless_turn_limit=3)
    game = restored(["CATXYZE", "QIAAAAA"], bag="STUVWXYZ", settings=settings)
    game.pass_turn()
    game.pass_turn()
    game.place("8H CAT")
    assert game.scoreless_streak == 0
    game.pass_turn()
    game.pass_turn()
    assert not game.is_over
    game.pass_turn()
    assert game.is_over and game.end_reason == END_SCORELESS


def test_winners_and_ties() -> None:
    game = restored(["S", "QZE"], board_rows={7: ".......CAT....."})
    game.place("8H CATS")
    assert [p.name for p in game.winners()] == ["P1"]
    game.players[1].score = game.players[0].score
    assert [p.name for p in game.winners()] == ["P1", "P2"]


def test_one_player_game_with_simple_rules(enable_trie: Lexicon) -> None:
    settings = GameSettings(rules="simple", layout=plain_layout(11), seed=2)
    game = Game([Player("Solo", "greedy")], enable_trie, settings)
    game.play_out()
    assert game.is_over and game.players[0].score > 0
    game.check_tiles()


def test_unseen_tiles_hide_only_the_viewers_rack(enable_trie: Lexicon) -> None:
    game = Game(["Ann", "Bob"], enable_trie, GameSettings(seed=4, layout=standard_layout()))
    unseen = Counter(game.unseen_tiles(0))
    assert sum(unseen.values()) == 93
    assert unseen + game.players[0].rack.counts() == Counter(STANDARD_ENGLISH.full_bag())
