"""The champion's options: ``--move-time`` (``best``, ``play``, ``autoplay``), ``--workers``
(``best``, ``play``) and ``best --strategy champion`` (see
:mod:`wordgames.scrabble.strategy.champion`)."""

from __future__ import annotations

import argparse
from typing import Any

from wordgames.cli.common import (
    add_end_rule_option,
    position_lexicon,
    positive_int,
    print_json,
    warn_of_phonies,
    whole_number,
)
from wordgames.cli.endgame_cmd import seconds
from wordgames.cli.infer_cmd import add_last_play_option
from wordgames.cli.leaves_cmd import leaves_from_args
from wordgames.errors import InvalidArgumentError
from wordgames.limits import MAX_SIMULATION_ITERATIONS
from wordgames.scrabble.game.decision import Situation
from wordgames.scrabble.game.turn import Turn, TurnKind
from wordgames.scrabble.rules.registry import get_rules
from wordgames.scrabble.strategy.champion import DEFAULT_MOVE_TIME, ChampionStrategy
from wordgames.scrabble.strategy.inference import parse_last_play
from wordgames.scrabble.strategy.sim_setup import unseen_tiles
from wordgames.scrabble.strategy.simulation import check_workers
from wordgames.serialization.analyses import inference_json, sim_json
from wordgames.serialization.moves import move_json
from wordgames.serialization.positions import ScrabblePosition, check_lexicon_fits_tiles


def add_move_time_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--move-time S``: the CPU seconds a searching computer player (``champion``) may
    spend on a turn."""
    parser.add_argument("--move-time", type=seconds, default=None, metavar="S",
                        help=f"CPU seconds a champion player may spend on a turn "
                             f"(default {DEFAULT_MOVE_TIME:g})")


def add_search_workers_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--workers W``: the processes a champion player's simulation runs on."""
    parser.add_argument("--workers", type=positive_int, default=None, metavar="W",
                        help="processes a champion player simulates on, each spending up to "
                             "--move-time (default 1)")


def add_champion_options(parser: argparse.ArgumentParser) -> None:
    """``best``'s options for ``--strategy champion``."""
    add_move_time_option(parser)
    add_search_workers_option(parser)
    parser.add_argument("--iterations", type=positive_int, default=None, metavar="N",
                        help="with --strategy champion: simulate the work of N iterations of "
                             "every candidate instead of timing the turn (reproducible with --seed)")
    parser.add_argument("--seed", type=whole_number, default=None,
                        help="with --strategy champion: random seed")
    add_last_play_option(parser, "--last-play")
    add_end_rule_option(parser)


def check_champion_options(args: argparse.Namespace) -> None:
    """Refuse the champion's options with another strategy."""
    if args.strategy == "champion":
        if args.iterations is not None and args.iterations > MAX_SIMULATION_ITERATIONS:
            raise InvalidArgumentError(f"--iterations is at most {MAX_SIMULATION_ITERATIONS}")
        if args.workers is not None:
            check_workers(args.workers)
        return
    for value, flag in ((args.move_time, "--move-time"), (args.workers, "--workers"),
                        (args.iterations, "--iterations"),
                        (args.seed, "--seed"), (args.last_play, "--last-play"),
                        (args.end_rule, "--end-rule")):
        if value is not None:
            raise InvalidArgumentError(f"{flag} goes with --strategy champion")


def run_champion_best(args: argparse.Namespace, position: ScrabblePosition) -> int:
    """``best --strategy champion``: the champion's turn in the position, and how it was
    chosen (exit 0; 1 when it can only pass)."""
    rack = position.rack
    if rack is None:
        raise InvalidArgumentError("give --rack LETTERS (the CGP has no rack)")
    tile_set = position.tile_set
    lexicon = position_lexicon(args, position)
    check_lexicon_fits_tiles(lexicon, tile_set, "give a {name} word list (--lexicon)")
    options: dict[str, Any] = {"tile_set": tile_set}
    if args.hand_size is not None:
        options["hand_size"] = args.hand_size
    if position.bingo_bonus is not None:
        options["bingo_bonus"] = position.bingo_bonus
    rules = get_rules("classic", **options)
    leaves_from_args(args, lexicon, tile_set=tile_set)
    board = position.board
    unseen = unseen_tiles(board, rack.tiles(), tile_set)
    bag = max(0, len(unseen) - rules.hand_size)
    scores = [*position.scores, 0, 0][:2]
    last_play = None
    if args.last_play is not None:
        before, play = parse_last_play(args.last_play, board, tile_set)
        del before  # the player finds the board before the play itself
        if play.move is not None:
            last_play = Turn(1, TurnKind.PLACE, "", play.move.score, scores[1], move=play.move)
        elif play.exchanged > rules.hand_size:
            raise InvalidArgumentError(f"the opponent holds at most {rules.hand_size} tiles")
        else:
            last_play = Turn(1, TurnKind.EXCHANGE, "", 0, scores[1], tiles="?" * play.exchanged)
    situation = Situation(board, rack, lexicon, rules, bag, bag >= rules.hand_size, tuple(unseen),
                          (scores[0], scores[1]), end_rule=args.end_rule or "usc", last_play=last_play)
    rules.check_arguments(board, lexicon, rack)  # a refusal first, its one line alone
    warn_of_phonies(board, lexicon)
    player = ChampionStrategy(move_time=args.move_time, iterations=args.iterations, seed=args.seed or 0,
                              workers=args.workers)
    decision = player.decide(situation)
    if decision.kind is TurnKind.PLACE and decision.move is not None:
        notation = str(move_json(decision.move, "classic")["notation"])
        what = f"{tile_set.show(decision.move.word)} {notation} {decision.move.score}"
    elif decision.kind is TurnKind.EXCHANGE:
        what = f"exchange {tile_set.show(decision.tiles)}"
    else:
        what = "pass"
    result, inference = player.last_result, player.last_inference
    if args.json:
        print_json({
            "strategy": "champion",
            "choice": {"kind": decision.kind.value, "text": what,
                       "move": move_json(decision.move, "classic") if decision.move is not None else None,
                       "tiles": tile_set.show(decision.tiles) if decision.tiles else None},
            "phase": player.last_phase,
            "simulation": sim_json(result, tile_set) if result is not None else None,
            "inference": inference_json(inference, tile_set) if inference is not None else None,
        })
    else:
        print(f"{what}  (chosen by {player.last_phase})")
        if result is not None:
            for entry in result.candidates[: args.top]:
                mark = " (pruned)" if entry.pruned else ""
                print(f"  {entry.candidate.label(tile_set):<24} {entry.iterations:>5} it  equity "
                      f"{entry.equity:7.2f}  win {100 * entry.win:5.1f}%{mark}")
            print(f"  ({result.iterations} iterations in {result.seconds:.2f} CPU s, "
                  f"stopped: {result.stopped})")
            if not result.candidates[0].candidate.plays(decision, tile_set.alphabet):
                print("  (the leader is not clearly ahead of the static choice: the static choice is played)")
    return 1 if decision.kind is TurnKind.PASS else 0
