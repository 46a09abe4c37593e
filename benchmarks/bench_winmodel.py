"""Calibration of the simulation's win models on fresh self-play games: the shipped fitted
model (``wordgames/scrabble/strategy/data/win_model.json``, or ``--model``) against the
normal model, by Brier score and log loss per record (lower is better) and a reliability
table, on games the fit never saw (their own seed).

Usage::

    nice -n 10 python benchmarks/bench_winmodel.py --games 2000 --seed 777
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import load_lexicon
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.strategy.equity import EquityStrategy
from wordgames.scrabble.strategy.winfit import Totals, add_records, calibration, game_records
from wordgames.scrabble.strategy.winprob import SHIPPED_MODEL, NormalWinModel, read_win_model


def main() -> None:
    """Play the games, calibrate both models, write the result file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="self-play games (default 2000)")
    parser.add_argument("--seed", type=int, default=777_000_000, help="seed of the first game")
    parser.add_argument("--model", type=Path, default=SHIPPED_MODEL, help="the fitted model file")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("winmodel", args)
    fitted = read_win_model(args.model)
    lexicon = load_lexicon("enable")
    player = EquityStrategy()
    totals: Totals = {}
    for index in range(args.games):
        game = Game([Player("one", "equity"), Player("two", "equity")], lexicon,
                    GameSettings(seed=args.seed + index, end_rule="tournament"))
        add_records(totals, game_records(game, player))
        if (index + 1) % 200 == 0:
            print(f"  {index + 1}/{args.games} games", file=sys.stderr, flush=True)
    results = {
        "games": args.games, "seed": args.seed, "lexicon": "enable (shipped leave table)",
        "model": {key: value for key, value in fitted.about.items() if key != "calibration"},
        "fitted": asdict(calibration(fitted, totals)),
        "normal": asdict(calibration(NormalWinModel(), totals)),
    }
    run.finish(results)


if __name__ == "__main__":
    main()
