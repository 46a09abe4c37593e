"""``wordgames scrabble autoplay`` and ``wordgames scrabble replay``.

``autoplay`` plays computer-versus-computer games and prints their statistics (average score,
bingos per game, throughput), or with ``--pairs N`` seat-swapped pairs and strategy A's win
rate and spread against B with their 95% intervals; a progress bar goes to stderr when it is a
terminal.
``replay`` checks a recorded ``.gcg`` game move by move: exit 0 when every move and score
checks, 1 naming the first discrepancy, 2 when the file cannot be read.
"""

from __future__ import annotations

import argparse
import functools
from pathlib import Path
from typing import Any

from wordgames.atomic import check_writable, write_text_atomically
from wordgames.cli import leaves_cmd
from wordgames.cli.champion_cmd import add_move_time_option
from wordgames.cli.common import (
    add_challenge_option,
    add_end_rule_option,
    add_json_option,
    add_lexicon_options,
    add_tile_options,
    lexicon_from_args,
    lexicon_source,
    positive_int,
    print_json,
    progress_bar,
    tile_set_from_args,
    whole_number,
)
from wordgames.cli.endgame_cmd import add_endgame_time_option
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon, load_lexicon
from wordgames.lexicon.tiles import Digraphs
from wordgames.scrabble.core.layout import layout_by_name, standard_layout
from wordgames.scrabble.core.tiles import TileSet
from wordgames.scrabble.formats.gcg import game_to_gcg, read_gcg, replay_gcg
from wordgames.scrabble.formats.gcg_replay import tile_set_from_pragma
from wordgames.scrabble.game.autoplay import (
    AutoplayStats,
    PairsResult,
    play_pairs,
    run_autoplay,
)
from wordgames.scrabble.game.challenge import DEFAULT_CHALLENGE_RULE
from wordgames.scrabble.game.decision import DEFAULT_ENDGAME_TIME, strategy_names
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.leaves import load_leaves
from wordgames.scrabble.strategy.equity import use_leaves
from wordgames.serialization.games import autoplay_json, pairs_json


def register(commands: Any) -> None:
    """Add ``autoplay`` and ``replay`` to the scrabble command group."""
    autoplay = commands.add_parser("autoplay", help="computer-vs-computer games and their statistics")
    autoplay.add_argument("--games", type=positive_int, metavar="N", help="games to play (default 1)")
    autoplay.add_argument("--seed", type=whole_number, default=0, help="seed of the first game (game i: S+i)")
    autoplay.add_argument(
        "--strategy", default="greedy", metavar="NAME[,NAME]",
        help=f"strategy of both players, or one per player ({', '.join(strategy_names())})",
    )
    autoplay.add_argument("--gcg-dir", metavar="DIR", help="write every game as a .gcg file here")
    autoplay.add_argument(
        "--pairs", type=positive_int, metavar="N",
        help="play N seat-swapped pairs of --strategy A,B and report A's win rate and spread",
    )
    autoplay.add_argument("--workers", type=positive_int, metavar="W",
                          help="processes for --pairs (default: every core)")
    autoplay.add_argument("--checkpoint", metavar="FILE",
                          help="with --pairs: save finished pairs here and resume from it")
    autoplay.add_argument("--scheduler", metavar="tcp://HOST:8786",
                          help="with --pairs: play them on this Dask scheduler's cluster "
                               "(pip install 'wordgames[cluster]'); files must be at the same "
                               "paths on every worker")
    add_challenge_option(autoplay)
    autoplay.add_argument("--layout", metavar="standard|PATH", help="board layout")
    add_end_rule_option(autoplay)
    add_endgame_time_option(autoplay)
    add_move_time_option(autoplay)
    add_tile_options(autoplay)
    add_lexicon_options(autoplay)
    leaves_cmd.add_leaves_option(autoplay, per_player=True)
    leaves_cmd.add_level_option(autoplay)
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


def autoplay_settings(args: argparse.Namespace) -> GameSettings:
    """The game settings the autoplay options describe."""
    return GameSettings(
        tile_set=tile_set_from_args(args),
        layout=layout_by_name(args.layout) if args.layout else standard_layout(),
        hand_size=args.hand_size or 7,
        end_rule=args.end_rule or "usc",
        challenge=args.challenge or DEFAULT_CHALLENGE_RULE,
        endgame_time=args.endgame_time or DEFAULT_ENDGAME_TIME,
        move_time=args.move_time,
    )


def run_autoplay_command(args: argparse.Namespace) -> int:
    """Play the games (or pairs), optionally write them as GCG, print the statistics (exit 0)."""
    strategies = parse_strategies(args.strategy)
    if args.level:
        strategies = parse_strategies(",".join(leaves_cmd.strategies_for_level(args.level)))
    check_series_options(args, strategies)
    strategies = leaves_cmd.bind_leaves_per_player(args, strategies)
    settings = autoplay_settings(args)
    lexicon = lexicon_from_args(args, None, settings.tile_set)
    leaves_cmd.leaves_from_args(args, lexicon, leaves_cmd.uses_equity(strategies), settings.tile_set)
    if args.pairs is not None:
        return run_pairs(args, strategies, settings, lexicon)
    games = args.games or 1
    gcg_dir = Path(args.gcg_dir) if args.gcg_dir else None
    if gcg_dir is not None:
        if gcg_dir.exists() and not gcg_dir.is_dir():
            raise InvalidArgumentError(f"--gcg-dir {args.gcg_dir[:80]!r} is not a folder")
        gcg_dir.mkdir(parents=True, exist_ok=True)  # an OSError is the command's one-line error
        check_writable(gcg_dir / "game-0001.gcg")
    with progress_bar(games, "game") as bar:

        def after_game(index: int, game: Game) -> None:
            if gcg_dir is not None:
                title = f"autoplay game {index + 1}, seed {args.seed + index}"
                write_text_atomically(gcg_dir / f"game-{index + 1:04d}.gcg", game_to_gcg(game, title))
            bar.update(1)

        stats = run_autoplay(lexicon, games, args.seed, strategies, settings, after_game)
    if args.json:
        print_json(autoplay_json(stats))
    else:
        print(format_stats(stats, args.seed))
    return 0


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


def check_series_options(args: argparse.Namespace, strategies: list[str]) -> None:
    """Refuse options that do not go together (``--pairs`` with ``--games``...), before
    anything is loaded."""
    if args.pairs is None:
        for value, flag in ((args.workers, "--workers"), (args.checkpoint, "--checkpoint"),
                            (args.scheduler, "--scheduler")):
            if value is not None:
                raise InvalidArgumentError(f"{flag} goes with --pairs")
        return
    if len(strategies) != 2:
        raise InvalidArgumentError("--pairs needs two strategies, A,B (or one for both)")
    if args.gcg_dir is not None:
        raise InvalidArgumentError("--gcg-dir writes single games; it does not go with --pairs")
    if args.games is not None:
        raise InvalidArgumentError("give either --games or --pairs, not both")


def run_pairs(args: argparse.Namespace, strategies: list[str], settings: GameSettings,
              lexicon: Lexicon) -> int:
    """``autoplay --pairs N``: play the pairs on the workers and print A's figures (exit 0)."""
    if args.checkpoint is not None:
        check_writable(args.checkpoint)
    setup = None
    if args.scheduler is not None:
        setup = functools.partial(
            cluster_worker_setup, _absolute(lexicon_source(args)), args.backend, settings.tile_set,
            getattr(args, "digraphs", "longest"),
            None if not getattr(args, "leaves", None) else _absolute(args.leaves),
            tuple(getattr(args, "table_bindings", ())))
    with progress_bar(args.pairs, "pair") as bar:
        result = play_pairs(lexicon, args.pairs, strategies, args.seed, settings,
                            args.workers, lambda done, outcome: bar.update(1),
                            args.checkpoint, scheduler=args.scheduler, worker_setup=setup)
    if args.json:
        print_json(pairs_json(result))
    else:
        print(format_pairs(result))
    return 0


def cluster_worker_setup(lexicon: str, backend: str, tile_set: TileSet, digraphs: Digraphs,
                         leaves: str | None, bindings: tuple[leaves_cmd.TableBinding, ...]) -> Lexicon:
    """What ``autoplay --pairs --scheduler`` runs on each cluster worker before its first
    pair: the same leave tables as here (``--leaves``, one for all or one per player) and
    the lexicon, loaded as here."""
    tiles = tile_set.lexicon_encoding(digraphs)
    if leaves is not None:
        use_leaves(load_leaves(leaves, tile_set))
    for binding in bindings:
        binding.bind()
    return load_lexicon(lexicon, backend, tiles=tiles)


def _absolute(path: str) -> str:
    """A file's absolute path (a list's or table's name as it is): a cluster's workers may
    run in another folder."""
    return str(Path(path).resolve()) if Path(path).exists() else path


def format_pairs(result: PairsResult) -> str:
    """The figures of a pairs run as a few lines of text."""
    a, b = result.strategies
    win, spread = result.win_rate, result.mean_spread

    def interval(estimate_interval: tuple[float, float] | None, scale: float, unit: str) -> str:
        if estimate_interval is None:
            return " (one pair: no interval)"
        low, high = estimate_interval
        return f" (95% interval {scale * low:.1f}{unit} to {scale * high:.1f}{unit})"

    last = result.seed + result.pairs - 1
    resumed = f" ({result.resumed} pairs from the checkpoint)" if result.resumed else ""
    return "\n".join([
        f"pairs: {result.pairs} ({2 * result.pairs} games, seeds {result.seed}..{last}, seats swapped)",
        f"{a} vs {b}: {a} wins {100 * win.mean:.1f}%{interval(win.interval, 100, '%')}",
        f"mean spread: {spread.mean:+.1f} points a game{interval(spread.interval, 1, '')}",
        f"average score: {a} {result.average_score(0):.1f}, {b} {result.average_score(1):.1f}",
        f"time: {result.seconds:.1f} s on {result.workers} workers, "
        f"{result.pairs_per_second:.2f} pairs per second{resumed}",
    ])


def run_replay_command(args: argparse.Namespace) -> int:
    """Replay a GCG file: 0 when everything checks, 1 at the first discrepancy."""
    record = read_gcg(args.file)
    # Flags win; without them the file's #lexicon, #board-layout and #tile-distribution (or the
    # defaults).
    tile_set = tile_set_from_args(args) if args.letter_values else None
    layout = layout_by_name(args.layout) if args.layout else None
    named = tile_set_from_pragma(record.tile_distribution) if record.tile_distribution else None
    reads_words = tile_set or named
    lexicon = lexicon_from_args(args, ("the GCG file", record.lexicon), reads_words)
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
