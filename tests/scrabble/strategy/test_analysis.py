"""Game review: ranks, equity losses, bingos, phonies, and a player who never loses equity."""

from __future__ import annotations

import pytest
from conftest import shared_file, shared_lexicon

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.limits import MAX_SIMULATION_WORKERS
from wordgames.scrabble import STANDARD_ENGLISH, Game, GameSettings, Player, game_to_gcg, get_rules
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.formats.gcg import MOVE, GcgEvent, parse_gcg, read_gcg, replay_gcg
from wordgames.scrabble.strategy.analysis import SimSettings, known_tiles, rank_turns, review_game

RULES = get_rules("classic")


def top_equity_game(lexicon: Lexicon, seed: int) -> Game:
    """A game in which 'Top' always plays the review's best turn and a greedy computer
    replies."""
    game = Game([Player("Top"), Player("Robo", "greedy")], lexicon, GameSettings(seed=seed))
    while not game.is_over:
        if game.current_player.is_computer:
            game.play_computer_turn()
            continue
        options = rank_turns(game.board, game.current_player.rack, lexicon, RULES, STANDARD_ENGLISH)
        best = options[0] if options else None
        if best is None:
            game.pass_turn()
        elif best.move is not None:
            game.place(best.move)
        else:
            game.exchange(best.returned)
    return game


def test_always_playing_the_top_equity_turn_loses_nothing(enable_trie: Lexicon) -> None:
    game = top_equity_game(enable_trie, 3)
    review = review_game(parse_gcg(game_to_gcg(game)), enable_trie, player="Top")
    assert review.discrepancy is None
    assert len(review.turns) >= 5
    assert all(turn.rank == 1 and turn.equity_loss == 0 for turn in review.turns)
    (top,) = review.players
    assert top.name == "Top" and top.equity_loss == 0 and top.within_3 == 1.0


def snapshots(record_text: str, lexicon: Lexicon) -> tuple[list[GcgEvent], list[Board]]:
    """The events of a record and the board before each."""
    seen: list[tuple[GcgEvent, Board]] = []
    replay_gcg(parse_gcg(record_text), lexicon,
               observe=lambda event, board: seen.append((event, board.copy())))
    return [event for event, _ in seen], [board for _, board in seen]


def test_the_static_player_in_autoplay_loses_only_where_its_shortcuts_apply(enable_trie: Lexicon) -> None:
    """The default static player (``equity``) plays the review's best turn except near the
    end, where it weighs what the review does not: the triple-word squares it opens with at
    most six tiles in the bag.  Every other turn of an autoplayed game must show zero loss."""
    game = Game([Player("Top", "equity"), Player("Robo", "greedy")], enable_trie, GameSettings(seed=0))
    game.play_out()
    text = game_to_gcg(game)
    review = review_game(parse_gcg(text), enable_trie, player="Top")
    assert review.discrepancy is None and len(review.turns) >= 8
    events, boards = snapshots(text, enable_trie)
    by_line = {event.line: (event, board) for event, board in zip(events, boards, strict=True)}
    shortcut_turns = 0
    for turn in review.turns:
        event, board = by_line[turn.number]
        options = rank_turns(board, Rack.parse(event.rack), enable_trie, RULES, STANDARD_ENGLISH)
        assert options
        near_end = 100 - board.tile_count() - len(event.rack) - 7 <= 6
        if near_end:
            shortcut_turns += 1
            continue
        assert turn.equity_loss == 0 and turn.rank == 1, (turn.number, turn.played, turn.best[0].label)
    assert shortcut_turns < len(review.turns) // 2


def test_the_greedy_side_of_the_same_game_is_judged_too(enable_trie: Lexicon) -> None:
    game = top_equity_game(enable_trie, 3)
    review = review_game(parse_gcg(game_to_gcg(game)), enable_trie)
    assert {p.name for p in review.players} == {"Top", "Robo"}
    robo = [t for t in review.turns if t.player == "Robo"]
    assert robo and all(t.rank is not None and t.rank >= 1 for t in robo)
    assert all(t.equity_loss is not None and t.equity_loss >= 0 for t in robo)
    robo_total = next(p for p in review.players if p.name == "Robo").equity_loss
    assert robo_total == pytest.approx(sum(t.equity_loss or 0 for t in robo), abs=0.05)


def test_a_missed_bingo_and_a_phony_are_named() -> None:
    lexicon = lexicon_from_words(["RETAINS", "STAINER", "TEA", "EAT", "AT", "TA"])
    record = parse_gcg(
        "#player1 a Ann\n#player2 b Bob\n"
        ">a: AEINRST 8H TEA +6 6\n"      # a bingo (RETAINS) was there
        ">b: ABCDEFG 9H AB +8 8\n"       # AB is not in this lexicon
        ">b: ABCDEFG -- -8 0\n"
    )
    review = review_game(record, lexicon)
    ann, bob = review.turns
    assert ann.missed_bingo is not None and ann.rank is not None and ann.rank > 1
    assert ann.equity_loss is not None and ann.equity_loss > 50
    assert bob.phonies == ["AB", "EB"] and bob.challenged_off and bob.rank is None  # EB: B under E


def test_an_unknown_player_is_refused(enable_trie: Lexicon) -> None:
    record = parse_gcg("#player1 a Ann\n#player2 b Bob\n>a: AEINRST 8H TEA +6 6\n")
    with pytest.raises(InvalidArgumentError):
        review_game(record, enable_trie, player="Zed")


def test_real_tournament_game_reviews_without_error() -> None:
    lexicon = shared_lexicon("lexicons/CSW12.txt")
    record = read_gcg(shared_file("external/gcg/liwords/r18_jen.gcg"))
    review = review_game(record, lexicon)
    assert review.discrepancy is None
    assert len(review.turns) > 20
    assert all(p.turns > 0 for p in review.players)


def test_review_by_simulation_ranks_the_played_turn_among_simulated_ones(enable_trie: Lexicon) -> None:
    game = top_equity_game(enable_trie, 5)
    record = parse_gcg(game_to_gcg(game))
    record.events = record.events[:8]  # four turns each are enough, and keep the test quick
    sim = SimSettings(iterations=4, candidates=2, plies=1, seed=1)
    review = review_game(record, enable_trie, player="Robo", sim=sim)
    assert review.turns
    for turn in review.turns[:4]:
        assert len(turn.best) <= 3  # two candidates and perhaps the turn played
        assert turn.rank is not None and 1 <= turn.rank <= len(turn.best)
        assert turn.equity_loss is not None and turn.equity_loss >= 0
    again = review_game(record, enable_trie, player="Robo", sim=sim)
    assert [t.equity_loss for t in again.turns] == [t.equity_loss for t in review.turns]


WITHDRAWN = (
    "#player1 a Ann\n#player2 b Bob\n"
    ">a: AEINRST 8H TEA +6 6\n"
    ">b: ABCDEFG 9H AB +8 8\n"  # a phony here: AB and EB are not in the lexicon below
    ">b: ABCDEFG -- -8 0\n"
    ">a: AINRSTX 7I AT +8 14\n"
    ">b: ABCDEFG 9I BE +18 18\n"  # B and E leave Bob's rack; A is still known
    ">a: INRSXYZ - +0 14\n"
    ">b: ACDFGHI -3 +0 18\n"  # an exchange written as a count: anything may have gone
    ">a: RSXYZOO - +0 14\n"
)


def test_the_tiles_of_a_withdrawn_phony_are_known_until_played_or_exchanged() -> None:
    lexicon = lexicon_from_words(["TEA", "AT", "TA", "AE", "BE", "AEB", "TAE"])
    events, boards = snapshots(WITHDRAWN, lexicon)
    assert [e.kind for e in events][:4] == [MOVE, MOVE, "phony", MOVE]
    assert known_tiles(events, boards, 3) == ["A", "B"]  # Ann's turn after the withdrawal
    assert known_tiles(events, boards, 5) == ["A"]
    assert known_tiles(events, boards, 7) == []
    assert known_tiles(events, boards, 4) == []  # Bob knows nothing of Ann's rack


def test_players_report_total_and_average_loss(enable_trie: Lexicon) -> None:
    game = top_equity_game(enable_trie, 3)
    review = review_game(parse_gcg(game_to_gcg(game)), enable_trie, player="Robo")
    (robo,) = review.players
    judged = [t.equity_loss for t in review.turns if t.equity_loss is not None]
    assert robo.average_equity_loss == pytest.approx(sum(judged) / len(judged), abs=0.01)


def test_review_by_simulation_deals_the_known_tiles_to_the_opponent(monkeypatch: pytest.MonkeyPatch) -> None:
    import wordgames.scrabble.strategy.analysis as analysis

    lexicon = lexicon_from_words(["TEA", "AT", "TA", "AE", "BE", "AEB", "TAE"])
    dealt: list[tuple[str, ...]] = []

    def spy(position: analysis.SimPosition, *args: object, **kwargs: object) -> object:
        dealt.append(position.opponent_known)
        return real(position, *args, **kwargs)  # type: ignore[arg-type]

    real = analysis.simulate
    monkeypatch.setattr(analysis, "simulate", spy)
    sim = SimSettings(iterations=2, candidates=1, plies=1)
    review_game(parse_gcg(WITHDRAWN), lexicon, player="Ann", sim=sim)
    assert dealt[:2] == [(), ("A", "B")]


@pytest.mark.parametrize("workers", [0, MAX_SIMULATION_WORKERS + 1, True])
def test_a_review_refuses_a_worker_count_out_of_range_before_it_starts(workers: int) -> None:
    with pytest.raises(InvalidArgumentError, match="workers"):
        SimSettings(workers=workers)
