"""Computer-versus-computer series: every move validates, statistics add up."""

from __future__ import annotations

import pytest

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.formats.gcg import game_to_gcg, parse_gcg, replay_gcg
from wordgames.scrabble.game.autoplay import player_names, run_autoplay
from wordgames.scrabble.game.state import Game
from wordgames.scrabble.game.turn import TurnKind


def test_every_move_of_an_autoplay_series_validates(enable_trie: Lexicon) -> None:
    games: list[Game] = []
    stats = run_autoplay(enable_trie, 2, seed=40, strategies=("leave", "greedy"),
                         on_game=lambda index, game: games.append(game))
    assert stats.games == 2 and len(games) == 2
    for index, game in enumerate(games):
        assert game.is_over and game.settings.seed == 40 + index
        game.check_tiles()
        # Re-judge every placement on the board as it stood before it.
        board = Board(game.settings.layout)
        for turn in game.history:
            if turn.move is None:
                continue
            verdict = game.rules.check(board, turn.move, enable_trie)
            assert verdict.valid and verdict.score == turn.score, turn
            board.place_all((p.row, p.col, p.tile) for p in turn.move.placed)
        assert board == game.board
        result = replay_gcg(parse_gcg(game_to_gcg(game)), enable_trie)
        assert result.ok, result.discrepancy
    assert games[0].players[0].name == "leave_1" and games[1].players[0].name == "greedy_2"

    turns = sum(sum(t.kind is not TurnKind.END for t in g.history) for g in games)
    bingos = sum(sum(t.is_bingo(7) for t in g.history) for g in games)
    assert stats.turns == turns and stats.bingos == bingos
    by_slot = [sum(next(p.score for p in g.players if p.name == name) for g in games)
               for name in player_names(["leave", "greedy"])]
    assert stats.scores == by_slot
    assert sum(stats.wins) + stats.ties == 2
    assert stats.average_score == pytest.approx(sum(by_slot) / 4)
    assert stats.bingos_per_game == pytest.approx(bingos / 2)
    assert stats.moves_per_second > 0 and stats.games_per_minute > 0


def test_autoplay_arguments_are_checked(enable_trie: Lexicon) -> None:
    with pytest.raises(InvalidArgumentError):
        run_autoplay(enable_trie, 0)
    with pytest.raises(InvalidArgumentError, match="unknown strategy"):
        run_autoplay(enable_trie, 1, strategies=("greedy", "clever"))
