"""The JSON shapes of games: a game as one player sees it, a turn of its history, the
unseen tiles, and the figures of computer self-play (single games and seat-swapped pairs)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from wordgames.scrabble import Game
from wordgames.scrabble.core.tiles import distribution_name
from wordgames.scrabble.game.autoplay import AutoplayStats, PairsResult, player_names
from wordgames.scrabble.strategy.sim_setup import unseen_tiles
from wordgames.serialization.boards import board_json, tile_values
from wordgames.serialization.moves import move_json


def unseen_json(game: Game, seat: int) -> dict[str, int]:
    """The tiles ``seat`` has not seen (in the bag or on the other racks), by written form
    (``L·L``, ``?`` for a blank), in the tile set's order.  Cost: one pass over the board."""
    tile_set = game.settings.tile_set
    spell = tile_set.tile_alphabet.spell
    counts = Counter(unseen_tiles(game.board, game.players[seat].rack.tiles(), tile_set))
    return {spell(tile): counts[tile] for tile in tile_set.values if counts[tile]}


def game_json(game: Game, seat: int) -> dict[str, Any]:
    """The game as the player in ``seat`` sees it: the board, their rack, the bag, the
    scores, whose turn, the history (other players' racks and exchanged tiles hidden until
    the game is over), the unseen tiles, the tile distribution and the end rule."""
    tile_set = game.settings.tile_set
    spell = tile_set.tile_alphabet.spell
    reveal = set(range(len(game.players))) if game.is_over else {seat}
    state: dict[str, Any] = {
        "board": board_json(game.board, tile_set),
        "values": tile_values(tile_set),
        "tiles": distribution_name(tile_set) or "custom",
        "end_rule": game.settings.end_rule,
        "rack": [spell(tile) for tile in game.players[seat].rack.tiles()],
        "bag": len(game.bag),
        "unseen": unseen_json(game, seat),
        "players": [
            {"name": p.name, "score": p.score, "computer": p.is_computer, "tiles": len(p.rack)}
            for p in game.players
        ],
        "you": seat,
        "to_move": game.current,
        "can_exchange": game.can_exchange and game.current == seat,
        "over": game.is_over,
        "end_reason": game.end_reason,
        "winners": [p.name for p in game.winners()] if game.is_over else [],
        "history": [turn_json(game, index, reveal) for index in range(len(game.history))],
    }
    if game.is_over:
        state["racks"] = {p.name: tile_set.show(str(p.rack)) for p in game.players}
    return state


def turn_json(game: Game, index: int, reveal: set[int]) -> dict[str, Any]:
    """Turn ``index`` of the game's history.  The rack a player held (and the tiles an
    exchange gave back) is shown only for the seats in ``reveal``: a computer's tiles stay
    hidden while the game is on."""
    turn = game.history[index]
    seat = turn.player
    tile_set = game.settings.tile_set
    show = tile_set.show
    entry: dict[str, Any] = {
        "number": index + 1,
        "player": game.players[seat].name,
        "seat": seat,
        "kind": turn.kind.value,
        "rack": show(turn.rack) if seat in reveal else "",
        "score": turn.score,
        "total": turn.total,
    }
    if turn.move is not None:
        entry["move"] = move_json(turn.move, "classic", tile_set)
    if turn.kind.value == "exchange":
        entry["tiles"] = show(turn.tiles) if seat in reveal else str(len(turn.tiles))
    elif turn.kind.value == "end":
        entry["tiles"] = show(turn.tiles)
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
