"""``wordgames scrabble infer``: what the opponent kept after their last play.

The position is the one after that play (``--cgp``, with your rack); the play is written with
the letters that were already on the board as ``.`` (``8H QU.Z``), or as ``exchange N``.  See
:mod:`wordgames.scrabble.strategy.inference` for the method.
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from wordgames.cli.common import (
    add_json_option,
    add_lexicon_options,
    add_tile_options,
    cgp_position_from_args,
    decimal_number,
    position_lexicon,
    positive_int,
    print_json,
    warn_of_phonies,
    whole_number,
)
from wordgames.cli.leaves_cmd import add_leaves_option, leaves_from_args
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.rules.registry import get_rules
from wordgames.scrabble.strategy.inference import (
    DEFAULT_SAMPLES,
    MARGIN,
    MAX_SAMPLES,
    TEMPERATURE,
    Inference,
    infer_leaves,
    parse_last_play,
)
from wordgames.scrabble.strategy.sim_setup import unseen_tiles
from wordgames.serialization.analyses import inference_json
from wordgames.serialization.positions import ScrabblePosition

SHOWN = 20
"""Leaves listed in the text output."""


def register(commands: Any) -> None:
    """Add ``infer`` to the scrabble command group."""
    infer = commands.add_parser("infer", help="what the opponent kept after their last play")
    infer.add_argument("--cgp", required=True, metavar="STRING",
                       help="the position after the opponent's play (your rack in it)")
    infer.add_argument("--rack", help="your rack (default: the CGP's)")
    add_last_play_option(infer, "--last-play", required=True)
    infer.add_argument("--layout", metavar="standard|super|PATH", help="board layout")
    infer.add_argument("--samples", type=positive_int, default=DEFAULT_SAMPLES, metavar="N",
                       help=f"enumerate the leaves when there are at most N, else sample N draws "
                       f"(default {DEFAULT_SAMPLES}, at most {MAX_SAMPLES})")
    infer.add_argument("--time", type=decimal_number, metavar="S", help="stop after S CPU seconds")
    infer.add_argument("--margin", type=decimal_number, default=MARGIN, metavar="POINTS",
                       help=f"equity a play may give up and still count as the choice (default {MARGIN:g})")
    infer.add_argument("--temperature", type=decimal_number, default=TEMPERATURE, metavar="POINTS",
                       help=f"points beyond the margin that divide the likelihood by e "
                            f"(default {TEMPERATURE:g})")
    infer.add_argument("--seed", type=whole_number, default=0, help="random seed (default 0)")
    add_leaves_option(infer)
    add_tile_options(infer)
    add_lexicon_options(infer)
    add_json_option(infer)
    infer.set_defaults(handler=run_infer)


def add_last_play_option(parser: argparse.ArgumentParser, flag: str, required: bool = False) -> None:
    """Add the opponent's last play option (``infer --last-play``, ``sim --infer``)."""
    parser.add_argument(flag, required=required, metavar="MOVE",
                        help="the opponent's last play: '8H QU.Z' (letters already on the board as '.') "
                             "or 'exchange N'")


def position_inference(args: argparse.Namespace, position: ScrabblePosition, lexicon: Lexicon, play_text: str,
                       seed: int, samples: int = DEFAULT_SAMPLES, seconds: float | None = None,
                       margin: float = MARGIN, temperature: float = TEMPERATURE) -> Inference:
    """The inference for ``position`` (after the opponent's play ``play_text``) over
    ``lexicon`` with the command's leave table."""
    rack = position.rack
    if rack is None:
        raise InvalidArgumentError("give --rack LETTERS (the CGP has no rack)")
    tile_set = position.tile_set
    options: dict[str, Any] = {"tile_set": tile_set}
    if args.hand_size is not None:
        options["hand_size"] = args.hand_size
    rules = get_rules("classic", **options)
    table = leaves_from_args(args, lexicon, tile_set=tile_set)
    before, play = parse_last_play(play_text, position.board, tile_set)
    unseen = unseen_tiles(position.board, rack.tiles(), tile_set)
    return infer_leaves(before, play, unseen, lexicon, rules, table, samples=samples, seconds=seconds,
                        seed=seed, margin=margin, temperature=temperature)


def run_infer(args: argparse.Namespace) -> int:
    """Print the leaves the opponent may have kept, most likely first (exit 0)."""
    if args.samples > MAX_SAMPLES:
        raise InvalidArgumentError(f"--samples is at most {MAX_SAMPLES}")
    if args.time is not None and not (math.isfinite(args.time) and args.time > 0):
        raise InvalidArgumentError("--time must be a positive number of seconds")
    if not (args.margin >= 0 and args.temperature > 0):
        raise InvalidArgumentError("--margin must be 0 or more and --temperature above 0")
    position = cgp_position_from_args(args)
    lexicon = position_lexicon(args, position)
    inference = position_inference(args, position, lexicon, args.last_play, args.seed, args.samples,
                                   args.time, args.margin, args.temperature)
    warn_of_phonies(position.board, lexicon)  # once nothing can refuse the position
    tile_set = position.tile_set
    if args.json:
        print_json(inference_json(inference, tile_set))
        return 0
    for leave in inference.leaves[:SHOWN]:
        print(f"{tile_set.show(leave.tiles) or '-':<8} {100 * leave.probability:6.2f}%")
    more = len(inference.leaves) - SHOWN
    if more > 0:
        print(f"... {more} more leaves")
    print(f"({len(inference.leaves)} leaves of {inference.kept} tiles, {inference.samples} weighed, "
          f"{inference.method}; mean likelihood of the play {inference.evidence:.3f})")
    return 0
