"""``wordgames scrabble endgame`` and ``wordgames scrabble preendgame``: exact end-of-game search.

Both read a CGP position (the player to move first).  ``endgame`` needs the bag empty: the
opponent's rack is ``--opponent-rack``, else the CGP's second rack, else every unseen tile.
``preendgame`` needs one to three unseen tiles more than a rack (the bag).  The lexicon is ``--lexicon``,
else the CGP's ``lex``, else the default; the tile set ``--letter-values``, else the CGP's
``ld``, else standard English.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass
from typing import Any

from wordgames.cli.common import (
    add_end_rule_option,
    add_json_option,
    add_lexicon_options,
    add_tile_options,
    cgp_position_from_args,
    decimal_number,
    position_lexicon,
    positive_int,
    print_json,
    warn_of_phonies,
)
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_ENDGAME_MOVE_SECONDS, MAX_ENDGAME_TABLE_BITS
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import TileSet
from wordgames.scrabble.endgame import (
    EndgameResult,
    PreendgameResult,
    SearchOptions,
    solve_endgame,
    solve_preendgame,
)
from wordgames.scrabble.endgame.preendgame import MAX_BAG
from wordgames.scrabble.formats.cgp import Position
from wordgames.scrabble.game.decision import DEFAULT_ENDGAME_TIME
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.rules.registry import get_rules
from wordgames.scrabble.strategy.sim_setup import unseen_tiles
from wordgames.serialization.analyses import ENDGAME_PLAYERS, endgame_json, endgame_notation, preendgame_json
from wordgames.serialization.positions import cgp_rack


def seconds(text: str) -> float:
    """argparse type: a number of seconds above 0."""
    value = decimal_number(text)
    if not 0 < value <= MAX_ENDGAME_MOVE_SECONDS:
        raise argparse.ArgumentTypeError(
            f"{text} must be a number of seconds above 0, at most {MAX_ENDGAME_MOVE_SECONDS:g}"
        )
    return value


def add_endgame_time_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--endgame-time S``: the seconds an endgame-searching computer player may spend on
    a move once the bag holds at most one tile."""
    parser.add_argument("--endgame-time", type=seconds, default=None, metavar="S",
                        help=f"seconds a computer player's endgame search may take "
                        f"(default {DEFAULT_ENDGAME_TIME:g})")


def register(commands: Any) -> None:
    """Add ``endgame`` and ``preendgame`` to the scrabble command group."""
    endgame = commands.add_parser("endgame", help="solve an endgame (bag empty) exactly")
    preendgame = commands.add_parser("preendgame", help="rank plays with one to three tiles in the bag")
    for parser in (endgame, preendgame):
        parser.add_argument("--cgp", required=True, metavar="STRING", help="the position, as CGP")
        parser.add_argument("--time", type=seconds, default=None, metavar="S",
                            help="stop after S seconds with the best answer so far (default: none)")
        add_end_rule_option(parser)
        add_tile_options(parser)
        add_lexicon_options(parser)
        add_json_option(parser)
        parser.add_argument("--table-bits", type=positive_int, default=SearchOptions.table_bits, metavar="B",
                            help="the search's table grows up to 2^B entries, 32 bytes each on a standard "
                                 f"board (default: %(default)s; at most {MAX_ENDGAME_TABLE_BITS})")
    endgame.add_argument("--opponent-rack", metavar="RACK", help="the opponent's tiles (default: the unseen)")
    endgame.add_argument("--plies", type=positive_int, default=None, metavar="N", help="search depth cap")
    endgame.add_argument("--workers", type=positive_int, default=1, metavar="W",
                         help="processes searching over one shared table (default: %(default)s; "
                              "a proven value is the same for any)")
    endgame.set_defaults(handler=run_endgame)
    preendgame.add_argument("--candidates", type=positive_int, default=10, metavar="N",
                            help="best-scoring plays to weigh besides passing (default: %(default)s)")
    preendgame.add_argument("--workers", type=positive_int, default=1, metavar="W",
                            help="processes sharing the searches, draw by draw (default: %(default)s; "
                                 "the answer without --time is the same for any)")
    preendgame.set_defaults(handler=run_preendgame)


@dataclass
class Setup:
    """A CGP position made ready to search."""

    position: Position
    board: Board
    rack: Rack
    unseen: list[str]
    lexicon: Lexicon
    rules: RuleSet


def setup_from_args(args: argparse.Namespace) -> Setup:
    """Parse the CGP and load what the search needs; errors name what is wrong."""
    position = cgp_position_from_args(args)
    rack = position.rack
    if rack is None or position.cgp is None:
        raise InvalidArgumentError("the CGP gives no rack for the player to move")
    tile_set = position.tile_set
    lexicon = position_lexicon(args, position)
    options: dict[str, Any] = {"tile_set": tile_set}
    if args.hand_size is not None:
        options["hand_size"] = args.hand_size
    if position.bingo_bonus is not None:
        options["bingo_bonus"] = position.bingo_bonus
    rules = get_rules("classic", **options)
    rules.check_arguments(position.board, lexicon, rack)
    if not tile_set.full_bag():
        raise InvalidArgumentError("the tile set gives no tile counts, so the unseen tiles are unknown")
    unseen = unseen_tiles(position.board, rack.tiles(), tile_set)
    return Setup(position.cgp, position.board, rack, unseen, lexicon, rules)


def _spread(position: Position) -> int:
    scores = position.scores
    return scores[0] - scores[1] if len(scores) >= 2 else 0


def run_endgame(args: argparse.Namespace) -> int:
    """Solve the endgame and print the sequence (exit 0)."""
    setup = setup_from_args(args)
    tile_set = setup.rules.tile_set
    opponent: Rack | None = None
    if args.opponent_rack is not None:
        opponent = tile_set.parse_rack(args.opponent_rack)
    elif len(setup.position.racks) > 1 and setup.position.racks[1]:
        opponent = cgp_rack(setup.position.racks[1], tile_set)
    if opponent is None and len(setup.unseen) > setup.rules.hand_size:
        raise InvalidArgumentError(
            f"the bag is not empty: {len(setup.unseen)} tiles are unseen, more than a rack "
            "(an endgame needs an empty bag; with one tile in the bag use preendgame)"
        )
    if opponent is None:
        opponent = Rack(setup.unseen, tile_set.alphabet)
    left = Counter(setup.unseen)
    left.subtract(opponent.tiles())
    if any(count < 0 for count in left.values()):
        raise InvalidArgumentError(
            f"the opponent's rack {tile_set.show(str(opponent))} holds tiles that are not unseen"
        )
    if +left:
        raise InvalidArgumentError(
            f"the bag is not empty: {sum((+left).values())} unseen tiles are not on the opponent's rack "
            "(an endgame needs an empty bag; with one tile in the bag use preendgame)"
        )
    if not len(opponent):
        raise InvalidArgumentError("the opponent has no tiles: the game is over")
    warn_of_phonies(setup.board, setup.lexicon)
    result = solve_endgame(
        setup.board, (setup.rack, opponent), setup.lexicon, setup.rules,
        scoreless_turns=setup.position.zero_turns, end_rule=args.end_rule or "usc",
        plies=args.plies, time_limit=args.time,
        options=SearchOptions(workers=args.workers, table_bits=args.table_bits),
    )
    if args.json:
        print_json(endgame_json(result, tile_set))
    else:
        print(format_endgame(result, setup.rack, opponent, tile_set))
    return 0


def format_endgame(result: EndgameResult, rack: Rack, opponent: Rack, tile_set: TileSet) -> str:
    """The sequence and the verdict as lines of text, tiles in ``tile_set``'s notation."""
    lines = [f"mover {tile_set.show(str(rack))} vs opponent {tile_set.show(str(opponent))}"]
    for number, turn in enumerate(result.moves, 1):
        notation = endgame_notation(turn.move, tile_set)
        lines.append(f"{number:>3}. {ENDGAME_PLAYERS[turn.player]:<8} {notation:<22} {turn.score:>4}")
    proven = "proven" if result.exact else "not proven (time or depth ran out)"
    lines.append(
        f"value {result.value:+d} for the mover, {proven}; depth {result.depth}, "
        f"{result.nodes} nodes, {result.seconds:.2f} s"
    )
    return "\n".join(lines)


def run_preendgame(args: argparse.Namespace) -> int:
    """Rank the plays with one to three tiles in the bag (exit 0)."""
    setup = setup_from_args(args)
    bag = len(setup.unseen) - setup.rules.hand_size
    if not 1 <= bag <= MAX_BAG:
        raise InvalidArgumentError(
            f"a pre-endgame has one to {MAX_BAG} tiles in the bag: {setup.rules.hand_size + 1} to "
            f"{setup.rules.hand_size + MAX_BAG} unseen tiles, not {len(setup.unseen)}"
        )
    warn_of_phonies(setup.board, setup.lexicon)
    result = solve_preendgame(
        setup.board, setup.rack, setup.unseen, setup.lexicon, setup.rules,
        spread=_spread(setup.position), scoreless_turns=setup.position.zero_turns,
        end_rule=args.end_rule or "usc", candidates=args.candidates, time_limit=args.time, bag=bag,
        workers=args.workers, options=SearchOptions(table_bits=args.table_bits),
    )
    if args.json:
        print_json(preendgame_json(result, setup.rules.tile_set))
    else:
        print(format_preendgame(result, setup.rules.tile_set))
    return 0


def format_preendgame(result: PreendgameResult, tile_set: TileSet) -> str:
    """The ranked plays as lines of text, tiles in ``tile_set``'s notation."""
    lines = [f"{'play':<24} {'wins':>6} / {result.draws}  {'spread':>7}  "
             "outcomes (bag in drawing order: value)"]
    for play in result.plays:
        outcomes = " ".join(
            f"{tile_set.show(tile)}:{value:+d}" for tile, value in sorted(play.outcomes.items())
        )
        mark = "" if play.exact else " (not proven)"
        lines.append(
            f"{endgame_notation(play.move, tile_set):<24} {play.wins:>6.1f}      "
            f"{play.spread:>+7.1f}  {outcomes}{mark}"
        )
    lines.append(f"{result.nodes} nodes, {result.seconds:.2f} s")
    return "\n".join(lines)
