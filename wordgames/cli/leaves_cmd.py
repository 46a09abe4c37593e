"""``wordgames scrabble leaves show|convert|build`` and the ``--leaves`` option of ``best``,
``play`` and ``autoplay``."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordgames.atomic import check_writable, refuse_same_file
from wordgames.cli.common import (
    add_json_option,
    add_lexicon_options,
    add_self_play_options,
    add_tile_options,
    lexicon_source,
    positive_int,
    print_json,
    refuse_overwrite,
    tile_set_from_args,
)
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import TileSet
from wordgames.scrabble.game.decision import Situation
from wordgames.scrabble.game.state import GameSettings
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.leaves import LeaveTable, load_leaves, save_leaves, shipped_table_name
from wordgames.scrabble.leaves.files import SHIPPED
from wordgames.scrabble.leaves.table import code_of_tiles, text_to_tiles, tiles_to_text
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.strategy.equity import bind_leaves, equity_choices, use_leaves
from wordgames.scrabble.strategy.learning import BuildPlan, build_table
from wordgames.scrabble.strategy.levels import level_strategy
from wordgames.serialization.moves import equity_best_json, move_json


def register(commands: Any) -> None:
    """Add ``leaves`` to the scrabble command group."""
    leaves = commands.add_parser("leaves", help="leave tables: show, convert, learn")
    actions = leaves.add_subparsers(dest="leaves_command", metavar="ACTION", parser_class=type(leaves))
    actions.required = True

    show = actions.add_parser("show", help="the number of leaves and the values asked for")
    show.add_argument("table", metavar="TABLE", help="a .klv2/.csv/.leaves file or a shipped name")
    show.add_argument("leaves", nargs="*", metavar="LEAVE", help="leaves to look up ('?' a blank)")
    add_json_option(show)
    add_tile_options(show)
    show.set_defaults(handler=run_show)

    convert = actions.add_parser("convert", help="convert between KLV2 and CSV (by extension)")
    convert.add_argument("source", metavar="IN")
    convert.add_argument("target", metavar="OUT")
    convert.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    add_tile_options(convert)
    convert.set_defaults(handler=run_convert)

    build = actions.add_parser("build", help="learn a leave table from self-play")
    add_self_play_options(build, "self-play games in all, split over the iterations", "T.klv2",
                          "the table (.klv2 or .csv)")
    build.add_argument("--iterations", type=positive_int, default=2, metavar="K",
                       help="self-play rounds, each with the table the last one learned (default 2)")
    add_tile_options(build)
    add_lexicon_options(build)
    build.set_defaults(handler=run_build)


def run_show(args: argparse.Namespace) -> int:
    """Print the table's size and the values asked for (exit 0)."""
    tile_set = tile_set_from_args(args) if args.letter_values else None
    table = load_leaves(args.table, tile_set)
    values = {}
    for leave in args.leaves:
        tiles = text_to_tiles(table.alphabet, leave)
        code = code_of_tiles(tiles)
        values[tiles_to_text(table.alphabet, tiles)] = (
            round(table.value_of_code(code), 6) if table.has_code(code) else None
        )
    if args.json:
        print_json({"count": len(table), "values": values})
        return 0
    print(f"{len(table)} leaves")
    for text, value in values.items():
        print(f"{text:<8} {'not in the table' if value is None else f'{value:.2f}'}")
    return 0


def run_convert(args: argparse.Namespace) -> int:
    """Read IN, write OUT in the format its extension names (exit 0)."""
    refuse_overwrite(args.target, args.force)
    refuse_same_file(args.source, args.target)
    tile_set = tile_set_from_args(args) if args.letter_values else None
    table = load_leaves(args.source, tile_set)
    save_leaves(args.target, table, tile_set)
    print(f"wrote {len(table)} leaves to {args.target}", file=sys.stderr)
    return 0


def run_build(args: argparse.Namespace) -> int:
    """Learn a table and write it (exit 0); resumable from the checkpoint."""
    refuse_overwrite(args.out, args.force)
    if Path(args.out).suffix.lower() not in (".klv2", ".csv"):
        raise InvalidArgumentError(f"{args.out}: the table is written as .klv2 or .csv")
    plan = BuildPlan(lexicon_source(args), args.games, args.seed, args.iterations)
    settings = GameSettings(tile_set=tile_set_from_args(args), hand_size=args.hand_size or 7)
    checkpoint = args.checkpoint or f"{args.out}.checkpoint.json"
    for target in (args.out, checkpoint):  # refused now, not after hours of learning
        check_writable(target)
    from tqdm import tqdm  # here, not at start-up: only a learning run draws a bar

    bar = tqdm(total=args.games, unit="game", file=sys.stderr, disable=None)

    def progress(done: int, total: int) -> None:
        bar.update(done - bar.n)

    try:
        table = build_table(plan, settings, workers=args.workers, scheduler=args.scheduler,
                            checkpoint=checkpoint, progress=progress)
    finally:
        bar.close()
    save_leaves(args.out, table, settings.tile_set)
    Path(checkpoint).unlink(missing_ok=True)
    print(f"wrote {len(table)} leaves to {args.out}", file=sys.stderr)
    return 0


def add_leaves_option(parser: argparse.ArgumentParser, per_player: bool = False) -> None:
    """Add ``--leaves PATH|NAME`` (the equity player's leave table; with ``per_player``,
    also ``A,B``: one table per player)."""
    parser.add_argument("--leaves", metavar="PATH|NAME" + ("[,PATH|NAME]" if per_player else ""),
                        default=None,
                        help="leave table of equity players (default: the shipped table for the "
                             "lexicon, if there is one)"
                             + ("; A,B gives one per player (empty: the default)" if per_player else ""))


@dataclass(frozen=True)
class TableBinding:
    """One player's own leave table (``--leaves A,B``): ``strategy`` bound to ``table`` (a
    path or a shipped name) under ``label``."""

    strategy: str
    table: str
    label: str

    def bind(self) -> str:
        """Register the bound strategy in this process (:func:`bind_leaves`); its name."""
        return bind_leaves(self.strategy, load_leaves(self.table), self.label)


def bind_leaves_per_player(args: argparse.Namespace, strategies: list[str]) -> list[str]:
    """``strategies`` with each player's own table bound when ``--leaves`` gives one table
    per player (``A,B``; a part may be empty for the default); unchanged when it gives one
    table for all.  A text naming an existing file or a shipped table is one table, commas
    and all.  The bindings made are kept in ``args.table_bindings`` (a cluster's workers
    make them again)."""
    args.table_bindings = ()
    text = getattr(args, "leaves", None)
    if not text or "," not in text or Path(text).exists() or text.lower() in SHIPPED:
        return strategies
    parts = text.split(",")
    if len(parts) != len(strategies):
        raise InvalidArgumentError(
            f"--leaves gives {len(parts)} tables for {len(strategies)} players (one, or one per player)")
    stems = [Path(part).stem for part in parts]
    bound = list(strategies)
    bindings = []
    for slot, (strategy, part) in enumerate(zip(strategies, parts, strict=True)):
        if part:
            label = stems[slot] if stems.count(stems[slot]) == 1 else f"{stems[slot]}-{slot + 1}"
            binding = TableBinding(strategy, str(Path(part).resolve()) if Path(part).exists() else part,
                                   label)
            bound[slot] = binding.bind()
            bindings.append(binding)
    args.leaves = None  # every table asked for is bound to its player
    args.table_bindings = tuple(bindings)
    return bound


def leaves_from_args(
    args: argparse.Namespace, lexicon: Lexicon, needed: bool = True, tile_set: TileSet | None = None
) -> LeaveTable | None:
    """The table ``--leaves`` names (a KLV2 or CSV file read in ``tile_set``'s alphabet),
    else the shipped table for ``lexicon``, else None with a one-line notice on stderr (when
    ``needed``); also makes it the equity players' table for this process."""
    table: LeaveTable | None
    if getattr(args, "leaves", None):
        table = load_leaves(args.leaves, tile_set)
    else:
        name = shipped_table_name(lexicon.source)
        table = load_leaves(name) if name is not None else None
        if table is None and needed:
            print(f"notice: no leave table for lexicon {lexicon.source}; equity players value "
                  "every leave at 0 (give --leaves)", file=sys.stderr)
    use_leaves(table)
    return table


def add_level_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--level N|NAME`` (computer players for people)."""
    parser.add_argument("--level", metavar="1-6|NAME", default=None,
                        help="level of the computer players: 1 beginner, 2 novice, 3 casual, "
                             "4 club, 5 expert, 6 champion (overrides --strategy); A,B gives one per player "
                             "in autoplay")


def strategies_for_level(text: str) -> list[str]:
    """The strategy names of ``--level A[,B]``."""
    return [level_strategy(part) for part in text.split(",")]


def uses_equity(strategies: list[str]) -> bool:
    """Whether any of these strategies values leaves with a table."""
    return any(name in ("equity", "level5", "champion", "champion-blind") for name in strategies)


def run_equity_best(
    args: argparse.Namespace, board: Board, rack: Rack, rules: RuleSet, lexicon: Lexicon
) -> int:
    """``scrabble best --strategy equity``: every candidate by equity, best first (exit 0;
    1 when no legal move exists).  The bag is taken to hold tiles (leaves are refilled)."""
    table = leaves_from_args(args, lexicon, tile_set=rules.tile_set)
    show = rules.tile_set.show
    situation = Situation(board, rack, lexicon, rules, bag_size=100, can_exchange=True)
    choices = equity_choices(situation, table)
    placements = sum(choice.kind is TurnKind.PLACE for choice in choices)
    shown = choices[: args.top]
    if args.json:
        print_json(equity_best_json(choices, args.top, args.rules, rules.tile_set))
        return 0 if placements else 1
    width = len(str(len(shown)))
    for rank, choice in enumerate(shown, 1):
        if choice.move is not None:
            what = f"{show(choice.move.word):<15} {move_json(choice.move, args.rules)['notation']:<8}"
        else:
            what = f"{'exchange ' + show(choice.tiles) if choice.tiles else 'pass':<24}"
        note = "  (only when nothing else is legal)" if choice.last_resort else ""
        print(f"{rank:>{width}}. {what} {choice.score:>4} {show(choice.leave) or '-':<7} "
              f"{choice.leave_value:>7.2f} {choice.equity:>8.2f}{note}")
    print(f"({placements} legal moves, {len(choices)} candidates)")
    return 0 if placements else 1
