"""``wordgames scrabble winmodel build``: fit the simulation's win-probability model to
self-play (see :mod:`wordgames.scrabble.strategy.winfit`) and report its calibration."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from wordgames.atomic import check_writable
from wordgames.cli.common import (
    add_json_option,
    add_lexicon_options,
    add_self_play_options,
    lexicon_source,
    print_json,
    refuse_overwrite,
)
from wordgames.errors import InvalidArgumentError
from wordgames.scrabble.game.state import GameSettings
from wordgames.scrabble.strategy.winfit import WinPlan, build_win_model
from wordgames.scrabble.strategy.winprob import write_win_model
from wordgames.serialization.analyses import win_fit_json


def register(commands: Any) -> None:
    """Add ``winmodel`` to the scrabble command group."""
    group = commands.add_parser("winmodel", help="win-probability models for simulations: fit one")
    actions = group.add_subparsers(dest="winmodel_command", metavar="ACTION", parser_class=type(group))
    actions.required = True
    build = actions.add_parser("build", help="fit a win-probability model to self-play games")
    add_self_play_options(build, "self-play games (every fifth is held out to calibrate; at least 5)",
                          "MODEL.json", "the model file")
    add_lexicon_options(build)
    add_json_option(build)
    build.set_defaults(handler=run_build)


def run_build(args: argparse.Namespace) -> int:
    """Play, fit, write the model and print its calibration (exit 0); resumable."""
    refuse_overwrite(args.out, args.force)
    if args.games < 5:
        raise InvalidArgumentError("--games must be at least 5 (every fifth game is held out)")
    source = lexicon_source(args)
    plan = WinPlan(str(Path(source).resolve()) if Path(source).exists() else source, args.games, args.seed)
    checkpoint = args.checkpoint or f"{args.out}.checkpoint.json"
    for target in (args.out, checkpoint):  # refused now, not after hours of self-play
        check_writable(target)
    from tqdm import tqdm  # here, not at start-up: only a fitting run draws a bar

    bar = tqdm(total=args.games, unit="game", file=sys.stderr, disable=None)
    try:
        result = build_win_model(plan, GameSettings(end_rule="tournament"), workers=args.workers,
                                 scheduler=args.scheduler, checkpoint=checkpoint,
                                 progress=lambda done, total: bar.update(done - bar.n))
    finally:
        bar.close()
    write_win_model(args.out, result.model)
    Path(checkpoint).unlink(missing_ok=True)
    if args.json:
        print_json(win_fit_json(result))
    else:
        print(f"wrote {args.out}: {result.training_records} training records, held-out Brier score "
              f"{result.fitted.brier:.4f} (normal model {result.normal.brier:.4f}), log loss "
              f"{result.fitted.log_loss:.4f} ({result.normal.log_loss:.4f})")
    return 0

