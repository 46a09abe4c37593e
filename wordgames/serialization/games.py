"""The JSON shapes of games: a turn of a game's history, and the figures of computer
self-play (single games and seat-swapped pairs)."""

from __future__ import annotations

from typing import Any

from wordgames.scrabble import Game
from wordgames.scrabble.game.autoplay import AutoplayStats, PairsResult, player_names
from wordgames.serialization.moves import move_json


def turn_json(game: Game, index: int, reveal: set[int]) -> dict[str, Any]:
    """Turn ``index`` of the game's history.  The rack a player held (and the tiles an
    exchange gave back) is shown only for the seats in ``reveal``: a computer's tiles stay
    hidden while the game is on."""
    turn = game.history[index]
    seat = turn.player
    entry: dict[str, Any] = {
        "number": index + 1,
        "player": game.players[seat].name,
        "seat": seat,
        "kind": turn.kind.value,
        "rack": turn.rack if seat in reveal else "",
        "score": turn.score,
        "total": turn.total,
    }
    if turn.move is not None:
        entry["move"] = move_json(turn.move, "classic")
    if turn.kind.value == "exchange":
        entry["tiles"] = turn.tiles if seat in reveal else str(len(turn.tiles))
    elif turn.kind.value == "end":
        entry["tiles"] = turn.tiles
    return entry


def autoplay_json(stats: AutoplayStats) -> dict[str, Any]:
    """``scrabble autoplay --json``: games, turns, scores, wins and speed."""
    return {
        "games": stats.games,
        "turns": stats.turns,
        "seconds": round(stats.seconds, 3),
        "average_score": round(stats.average_score, 2),
        "players": [
            {"name": name, "average_score": round(stats.average_score_of(slot), 2),
             "wins": stats.wins[slot]}
            for slot, name in enumerate(stats.names)
        ],
        "ties": stats.ties,
        "bingos_per_game": round(stats.bingos_per_game, 3),
        "moves_per_second": round(stats.moves_per_second, 2),
        "games_per_minute": round(stats.games_per_minute, 2),
    }


def _rounded(interval: tuple[float, float] | None, digits: int) -> list[float] | None:
    return None if interval is None else [round(interval[0], digits), round(interval[1], digits)]


def pairs_json(result: PairsResult) -> dict[str, Any]:
    """``scrabble autoplay --pairs N --json``: the first strategy's win rate and mean spread
    with 95% intervals (null for a single pair), and the run's figures."""
    win, spread = result.win_rate, result.mean_spread
    names = player_names(result.strategies)
    return {
        "pairs": result.pairs,
        "games": 2 * result.pairs,
        "seed": result.seed,
        "strategies": list(result.strategies),
        "win_rate": round(win.mean, 4),
        "win_rate_ci95": _rounded(win.interval, 4),
        "mean_spread": round(spread.mean, 2),
        "mean_spread_ci95": _rounded(spread.interval, 2),
        "players": [
            {"name": name, "strategy": strategy, "average_score": round(result.average_score(slot), 2)}
            for slot, (name, strategy) in enumerate(zip(names, result.strategies, strict=True))
        ],
        "bingos_per_game": round(result.bingos_per_game, 3),
        "workers": result.workers,
        "resumed": result.resumed,
        "seconds": round(result.seconds, 3),
        "pairs_per_second": round(result.pairs_per_second, 3),
    }
