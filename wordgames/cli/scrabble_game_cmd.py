"""``wordgames scrabble autoplay`` and ``wordgames scrabble replay``.

``autoplay`` plays computer-versus-computer games and prints their statistics (average score,
bingos per game, throughput); a progress bar goes to stderr when it is a terminal.
``replay`` checks a recorded ``.gcg`` game move by move: exit 0 when every move and score
checks, 1 naming the first discrepancy, 2 when the file cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from wordgames.atomic import write_text_atomically
from wordgames.cli.common import (
    add_end_rule_option,
    add_json_option,
    add_lexicon_options,
    add_tile_options,
    lexicon_from_args,
    positive_int,
    print_json,
    tile_set_from_args,
)
from wordgames.errors import InvalidArgumentError
from wordgames.scrabble.core.layout import layout_by_name, standard_layout
from wordgames.scrabble.formats.gcg import game_to_gcg, read_gcg, replay_gcg
from wordgames.scrabble.game.autoplay import AutoplayStats, run_autoplay
from wordgames.scrabble.game.decision import strategy_names
from wordgames.scrabble.game.state import Game, GameSettings

PROGRESS_WIDTH = 30


def register(commands: Any) -> None:
    """Add ``autoplay`` and ``replay`` to the scrabble command group."""
    autoplay = commands.add_parser("autoplay", help="computer-vs-computer games and their statistics")
    autoplay.add_argument("--games", type=positive_int, default=1, metavar="N", help="games to play")
    autoplay.add_argument("--seed", type=int, default=0, help="seed of the first game (game i: S+i)")
    autoplay.add_argument(
        "--strategy", default="greedy", metavar="NAME[,NAME]",
        help=f"strategy of both players, or one per player ({', '.join(strategy_names())})",
    )
    autoplay.add_argument("--gcg-dir", metavar="DIR", help="write every game as a .gcg file here")
    autoplay.add_argument("--layout", metavar="standard|PATH", help="board layout")
    add_end_rule_option(autoplay)
    add_tile_options(autoplay)
    add_lexicon_options(autoplay)
    add_json_option(autoplay)
    autoplay.set_defaults(handler=run_autoplay_command)

    replay = commands.add_parser("replay", help="check every move and score of a .gcg game")
    replay.add_argument("file", metavar="FILE.gcg")
    replay.add_argument("--layout", metavar="standard|PATH", help="board layout")
    add_tile_options(replay)
    add_lexicon_options(replay)
    replay.set_defaults(handler=run_replay_command)


def parse_strategies(text: str) -> list[str]:
    """``"greedy"`` -> both players greedy; ``"greedy,leave"`` -> one each."""
    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        if name not in strategy_names():
            raise InvalidArgumentError(
                f"unknown strategy {name!r} (choose from {', '.join(strategy_names())})"
            )
    return names * 2 if len(names) == 1 else names


class ProgressBar:
    """A one-line progress bar on a terminal stream (nothing on a pipe or file)."""

    def __init__(self, total: int, stream: Any) -> None:
        self.total = total
        self.stream = stream
        self.enabled = bool(getattr(stream, "isatty", lambda: False)())

    def update(self, done: int) -> None:
        """Redraw the bar for ``done`` of ``total`` steps."""
        if not self.enabled:
            return
        filled = PROGRESS_WIDTH * done // self.total
        bar = "#" * filled + "." * (PROGRESS_WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} games")
        if done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def run_autoplay_command(args: argparse.Namespace) -> int:
    """Play the games, optionally write them as GCG, print the statistics (exit 0)."""
    strategies = parse_strategies(args.strategy)
    gcg_dir = Path(args.gcg_dir) if args.gcg_dir else None
    if gcg_dir is not None:
        gcg_dir.mkdir(parents=True, exist_ok=True)
    settings = GameSettings(
        tile_set=tile_set_from_args(args),
        layout=layout_by_name(args.layout) if args.layout else standard_layout(),
        hand_size=args.hand_size or 7,
        end_rule=args.end_rule or "usc",
    )
    lexicon = lexicon_from_args(args)
    progress = ProgressBar(args.games, sys.stderr)
    progress.update(0)

    def after_game(index: int, game: Game) -> None:
        if gcg_dir is not None:
            title = f"autoplay game {index + 1}, seed {args.seed + index}"
            write_text_atomically(gcg_dir / f"game-{index + 1:04d}.gcg", game_to_gcg(game, title))
        progress.update(index + 1)

    stats = run_autoplay(lexicon, args.games, args.seed, strategies, settings, after_game)
    if args.json:
        print_json(stats_to_json(stats))
    else:
        print(format_stats(stats, args.seed))
    return 0


def stats_to_json(stats: AutoplayStats) -> dict[str, Any]:
    """The statistics as a JSON object."""
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


def format_stats(stats: AutoplayStats, seed: int) -> str:
    """The statistics as a few lines of text."""
    each = ", ".join(
        f"{name} {stats.average_score_of(slot):.1f}" for slot, name in enumerate(stats.names)
    )
    wins = ", ".join(f"{name} {stats.wins[slot]}" for slot, name in enumerate(stats.names))
    return "\n".join([
        f"games: {stats.games} (seeds {seed}..{seed + stats.games - 1})",
        f"average score: {stats.average_score:.1f} per player ({each})",
        f"wins: {wins}, ties {stats.ties}",
        f"bingos per game: {stats.bingos_per_game:.2f}",
        f"moves: {stats.turns} in {stats.seconds:.2f} s: {stats.moves_per_second:.1f} moves per second, "
        f"{stats.games_per_minute:.1f} games per minute",
    ])


def run_replay_command(args: argparse.Namespace) -> int:
    """Replay a GCG file: 0 when everything checks, 1 at the first discrepancy."""
    record = read_gcg(args.file)
    # Flags win; without them the file's #lexicon, #board-layout and #tile-distribution (or the
    # defaults).
    tile_set = tile_set_from_args(args) if args.letter_values else None
    layout = layout_by_name(args.layout) if args.layout else None
    lexicon = lexicon_from_args(args, ("the GCG file", record.lexicon))
    result = replay_gcg(record, lexicon, tile_set=tile_set, layout=layout, hand_size=args.hand_size or 7)
    totals = ", ".join(f"{nick} {total}" for nick, total in result.totals.items())
    if result.discrepancy is not None:
        print(f"{args.file}: {result.discrepancy}")
        return 1
    if not record.events:
        names = ", ".join(nick for nick, _ in record.players)
        print(f"{args.file}: no moves recorded (a game before its first move); players {names}")
        return 0
    print(f"{args.file}: all {result.events_checked} events check; final scores {totals}")
    return 0
