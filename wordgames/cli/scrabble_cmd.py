"""``wordgames scrabble ...``: the Scrabble command group.

``best`` and the ``play`` parser live here; ``play`` hands over to the simple (FIT1045) game
or the full classic game.  Other subcommands register from their own modules.
"""

from __future__ import annotations

import argparse
from typing import Any

from wordgames.cli import (
    champion_cmd,
    endgame_cmd,
    infer_cmd,
    leaves_cmd,
    scrabble_analysis_cmd,
    scrabble_check,
    scrabble_game_cmd,
    winmodel_cmd,
)
from wordgames.cli.common import (
    add_challenge_option,
    add_end_rule_option,
    add_json_option,
    add_lexicon_options,
    add_tile_options,
    cgp_position_from_args,
    position_lexicon,
    positive_int,
    print_json,
    print_warning,
    tile_set_from_args,
    warn_of_phonies,
    whole_number,
)
from wordgames.cli.game_play import run_classic_play
from wordgames.cli.simple_play import run_simple_play
from wordgames.errors import BoardError, InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_BOARD_FILE_BYTES
from wordgames.scrabble import Board, Rack, get_rules, layout_by_name, rule_set_names
from wordgames.scrabble.game.decision import strategy_names
from wordgames.scrabble.rules.base import RuleSet
from wordgames.serialization.moves import best_json, move_json
from wordgames.serialization.positions import ScrabblePosition, check_lexicon_fits_tiles, position_from_rows
from wordgames.textfiles import read_text_file

# Modules that add further subcommands with a register(commands) function.
SUBCOMMAND_MODULES = (scrabble_game_cmd, scrabble_check, scrabble_analysis_cmd, infer_cmd, leaves_cmd,
                      endgame_cmd, winmodel_cmd)


def register(groups: Any) -> None:
    """Add the ``scrabble`` command group."""
    parser = groups.add_parser("scrabble", help="Scrabble: best moves, move checks, games")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=type(parser))
    commands.required = True

    best = commands.add_parser("best", help="the best moves for a rack on a board")
    best.add_argument("--rules", choices=rule_set_names(), default="classic")
    source = best.add_mutually_exclusive_group(required=True)
    source.add_argument("--board", metavar="FILE", help="plain board file ('.' empty)")
    source.add_argument("--cgp", metavar="STRING", help="CGP position (classic rules)")
    best.add_argument("--rack", help="rack letters, '?' for a blank (default: the CGP's)")
    best.add_argument("--layout", metavar="standard|super|PATH", help="board layout")
    add_tile_options(best)
    best.add_argument("--top", type=positive_int, default=1, metavar="N",
                      help="moves to show, 1 or more (default: %(default)s)")
    add_lexicon_options(best)
    best.add_argument("--strategy", choices=("score", "equity", "champion"), default="score",
                      help="rank by score, or by equity: score + leave value, exchanges and "
                           "the pass included, or the champion's choice: endgame, pre-endgame "
                           "or simulation (default: %(default)s)")
    champion_cmd.add_champion_options(best)
    leaves_cmd.add_leaves_option(best)
    best.add_argument("--any-tiles", action="store_true",
                      help="analyse a composed position holding more of a tile than the bag "
                           "(a --board and --rack are checked against the distribution by "
                           "default; a --cgp is analysed as given, with a warning)")
    add_json_option(best)
    best.set_defaults(handler=run_best)

    play = commands.add_parser("play", help="play a game in the terminal")
    play.add_argument("--rules", choices=rule_set_names(), default="classic")
    play.add_argument("--size", type=whole_number, help="board size N (simple rules, 5..15)")
    order = play.add_mutually_exclusive_group()
    order.add_argument("--random", dest="random", action="store_true", default=None,
                       help="draw tiles at random (simple rules)")
    order.add_argument("--no-random", dest="random", action="store_false",
                       help="deal tiles in the fixed deal order (simple rules)")
    play.add_argument("--deal-order", metavar="FILE", help="FIT1045 tiles.txt deal order")
    play.add_argument("--players", help='players, e.g. "Ann,cpu:Robo" (classic rules)')
    play.add_argument("--strategy", choices=strategy_names(), default=None,
                      help="strategy of cpu: players (default greedy)")
    play.add_argument("--config", metavar="FILE", help="USC-style config file")
    play.add_argument("--min-word-length", type=positive_int, default=None, metavar="N",
                      help="shortest playable word (classic rules; default 2)")
    add_end_rule_option(play)
    add_challenge_option(play)
    endgame_cmd.add_endgame_time_option(play)
    champion_cmd.add_move_time_option(play)
    champion_cmd.add_search_workers_option(play)
    play.add_argument("--seed", type=whole_number, help="random seed")
    play.add_argument("--layout", metavar="standard|super|PATH", help="board layout")
    play.add_argument("--save", metavar="FILE", help="save the game here")
    play.add_argument("--resume", metavar="FILE", help="resume a saved game")
    add_tile_options(play)
    add_lexicon_options(play)
    leaves_cmd.add_leaves_option(play)
    leaves_cmd.add_level_option(play)
    play.set_defaults(handler=run_play)

    for module in SUBCOMMAND_MODULES:
        module.register(commands)


def best_position(args: argparse.Namespace) -> ScrabblePosition:
    """The position ``--board FILE`` or ``--cgp`` describes (with ``--layout``, ``--rack``
    and ``--tile-distribution``): a CGP's tiles are read by ``--tile-distribution`` when
    given, else by the CGP's own."""
    if args.cgp is not None:
        return cgp_position_from_args(args)
    tile_set = tile_set_from_args(args)
    layout = layout_by_name(args.layout) if args.layout else None
    text = read_text_file(args.board, "board file", BoardError, limit=MAX_BOARD_FILE_BYTES)
    return position_from_rows(text, layout=layout, tile_set=tile_set, rack=args.rack, name=str(args.board))


def position_from_args(args: argparse.Namespace) -> tuple[Board, Rack, RuleSet, Lexicon]:
    """The board, rack, rule set and lexicon ``scrabble best``'s options describe."""
    position = best_position(args)
    if position.rack is None:
        raise InvalidArgumentError("give --rack LETTERS (the CGP has no rack)")
    tile_set, rack = position.tile_set, position.rack
    lexicon = position_lexicon(args, position)
    check_lexicon_fits_tiles(lexicon, tile_set, "give a {name} word list (--lexicon)")
    options: dict[str, Any] = {"tile_set": tile_set}
    if args.hand_size is not None:
        options["hand_size"] = args.hand_size
    if position.bingo_bonus is not None and args.rules == "classic":
        options["bingo_bonus"] = position.bingo_bonus
    # Other engines' test positions, exchanged as CGP, often hold more of a tile than the bag
    # (a rack set directly, a composed board); they are analysed as given, and said so unless
    # --any-tiles asked for it.
    composed = args.any_tiles or args.cgp is not None
    rules = get_rules(args.rules, **options, count_tiles=not composed)
    excess = rules.tile_excess(position.board, rack) if composed and not args.any_tiles else None
    if excess is not None:
        print_warning(f"{excess}: analysed as a composed position (--any-tiles hides this line)")
    rules.check_arguments(position.board, lexicon, rack)  # a refusal first, its one line alone
    warn_of_phonies(position.board, lexicon)
    return position.board, rack, rules, lexicon


def run_best(args: argparse.Namespace) -> int:
    """Print the best moves (exit 0; 1 when no legal move exists)."""
    if args.leaves is not None and args.strategy == "score":
        raise InvalidArgumentError("--leaves values leaves for --strategy equity; ranking by score uses none")
    champion_cmd.check_champion_options(args)
    if args.strategy == "champion":
        return champion_cmd.run_champion_best(args, best_position(args))
    board, rack, rules, lexicon = position_from_args(args)
    tile_set = rules.tile_set
    if args.strategy == "equity":
        return leaves_cmd.run_equity_best(args, board, rack, rules, lexicon)
    moves = rules.best_moves(board, rack, lexicon)
    shown = moves[: args.top]
    if args.json:
        print_json(best_json(moves, args.top, args.rules, tile_set))
    elif not moves:
        print(f"no legal move for rack {tile_set.show(str(rack))}")
    else:
        width = len(str(len(shown)))
        for rank, move in enumerate(shown, 1):
            notation = move_json(move, args.rules)["notation"]
            print(f"{rank:>{width}}. {tile_set.show(move.word):<15} {notation:<8} {move.score:>4}")
        print(f"({len(moves)} legal moves)")
    return 0 if moves else 1


def run_play(args: argparse.Namespace) -> int:
    """Hand over to the simple (FIT1045) game or the classic game."""
    if args.rules == "simple":
        return run_simple_play(args)
    return run_classic_play(args)

