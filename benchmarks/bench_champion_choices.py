"""The champion's midgame choices against a long simulation: what a small budget loses.

A cheap stand-in for strength pairs when tuning the champion's simulation: on midgame
positions of seeded ``equity`` self-play games (ENABLE, at least ``--min-bag`` tiles in the
bag), a *reference* simulation ranks the static player's ``--reference-candidates`` best turns
with ``--reference-iterations`` iterations (two plies, no early stop).  Then the static
player's choice and each variant of the champion's simulation (``candidates x iterations``,
early stop on, a few seeds) choose, each as its leader and (``margin Z``) as the champion
picks with ``switch_z`` Z (``--margins``, default ``SWITCH_Z``): the leader only when it beats
the static choice by Z standard errors of their paired difference.  Each choice *loses* the
reference's utility of its best turn minus that of the turn chosen (the champion's ranking
value: the win probability plus a tenth of a per cent a point of equity; reported in
win-probability points and in equity).  A variant that loses less than the static choice
chooses better by the simulation's own measure; the reference is itself a simulation, so this
says nothing of what two plies miss, which only pairs of games measure (``bench_strength.py``).

    python benchmarks/bench_champion_choices.py [--positions 30] [--reference-iterations 400]
                                               [--variants 10x100,5x200,10@0.95s/z1.64] [--seeds 3]

A variant is ``CxI`` (C candidates, I iterations) or ``C@Ts`` (C candidates for T CPU
seconds, as the champion runs: there, pruning a candidate buys the others iterations),
optionally with ``/zZ``: prune at Z standard errors instead of the simulation's default, and
``/h``: spend the budget by successive halving (``simulate(halving=True)``).

Results go to ``benchmarks/results/bench_champion_choices.json``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import Lexicon, load_lexicon
from wordgames.scrabble.game.decision import Situation
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.strategy.champion import SWITCH_Z, preferred
from wordgames.scrabble.strategy.sim_setup import DEFAULT_POLICY, Candidate, policy_candidates, static_player
from wordgames.scrabble.strategy.simulation import CONFIDENCE_Z, SPREAD_WEIGHT, SimPosition, simulate


def midgame_situations(lexicon: Lexicon, count: int, min_bag: int, seed: int) -> list[Situation]:
    """Every third turn with at least ``min_bag`` tiles in the bag of seeded equity games."""
    found: list[Situation] = []
    game_seed = seed
    while len(found) < count:
        game = Game([Player("a", "equity"), Player("b", "equity")], lexicon, GameSettings(seed=game_seed))
        turn = 0
        while not game.is_over and len(found) < count:
            situation = game.situation()
            if turn % 3 == 2 and situation.bag_size >= min_bag:
                found.append(situation.detached())  # the game goes on
            game.play_computer_turn()
            turn += 1
        game_seed += 1
    return found


@dataclass(frozen=True)
class Variant:
    """A way to simulate: ``candidates``, an iteration or a CPU-time budget, the pruning z."""

    name: str
    candidates: int
    iterations: int | None
    seconds: float | None
    z: float
    halving: bool = False


def parse_variant(text: str) -> Variant:
    """``CxI`` or ``C@Ts``, optionally ``/zZ`` and ``/h`` (see the module docstring)."""
    budget, *options = text.split("/")
    z = CONFIDENCE_Z
    halving = False
    for option in options:
        if option == "h":
            halving = True
        elif option.startswith("z"):
            z = float(option[1:])
        else:
            raise SystemExit(f"unknown variant option /{option} in {text}")
    if "@" in budget:
        candidates, seconds = budget.removesuffix("s").split("@")
        return Variant(text, int(candidates), None, float(seconds), z, halving)
    candidates, iterations = budget.split("x")
    return Variant(text, int(candidates), int(iterations), None, z, halving)


def _label(candidate: Candidate) -> str:
    return candidate.label()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--min-bag", type=int, default=14)
    parser.add_argument("--reference-candidates", type=int, default=15)
    parser.add_argument("--reference-iterations", type=int, default=400)
    parser.add_argument("--variants", default="10x100,5x200,15x67",
                        help="CxI or C@Ts, optionally /zZ, comma-separated (see above)")
    parser.add_argument("--seeds", type=int, default=3, help="seeds a variant chooses with")
    parser.add_argument("--margins", default=f"{SWITCH_Z:g}",
                        help="the switch_z values of the champion's pick to score (comma-separated)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_champion_choices", args)
    lexicon = load_lexicon("enable")
    policy, leave = static_player(DEFAULT_POLICY, lexicon)
    variants = [parse_variant(text) for text in args.variants.split(",")]
    margins = [float(text) for text in args.margins.split(",")]
    losses: dict[str, list[float]] = {"static": []}
    equity_losses: dict[str, list[float]] = {"static": []}
    best_chosen: dict[str, int] = {"static": 0}
    for variant in variants:
        for name in (variant.name, *(f"{variant.name} margin {z:g}" for z in margins)):
            losses[name], equity_losses[name], best_chosen[name] = [], [], 0
    started = time.process_time()
    situations = midgame_situations(lexicon, args.positions, args.min_bag, args.seed)
    for number, situation in enumerate(situations):
        every = policy_candidates(situation, policy, leave, args.reference_candidates)
        position = SimPosition.from_situation(situation)
        reference = simulate(position, every, policy, leave, plies=2, iterations=args.reference_iterations,
                             seed=10_000 + number, confidence_z=float("inf"))
        utility = {_label(r.candidate): r.utility("win", SPREAD_WEIGHT) for r in reference.candidates}
        equity = {_label(r.candidate): r.equity for r in reference.candidates}  # the score included
        top = max(utility.values())
        top_equity = equity[max(utility, key=lambda label: utility[label])]

        choices = [("static", _label(every[0]))]
        for variant in variants:
            for seed in range(args.seeds):
                result = simulate(position, every[:variant.candidates], policy, leave, plies=2,
                                  iterations=variant.iterations, seconds=variant.seconds, seed=seed,
                                  confidence_z=variant.z, halving=variant.halving)
                choices.append((variant.name, _label(result.candidates[0].candidate)))
                # The champion's rule: the leader only when it beats the static choice by
                # switch_z standard errors of their paired difference.
                for z in margins:
                    kept = preferred(result, every[0], z).candidate
                    choices.append((f"{variant.name} margin {z:g}", _label(kept)))
        for name, chosen in choices:
            losses[name].append(top - utility[chosen])
            equity_losses[name].append(top_equity - equity[chosen])
            best_chosen[name] += utility[chosen] == top
        print(f"position {number + 1}: best {max(utility, key=lambda label: utility[label])}, "
              f"static {_label(every[0])}", flush=True)
    summary: dict[str, Any] = {}
    for name in losses:
        trials = len(losses[name])
        summary[name] = {
            "choices": trials,
            "best chosen (share)": round(best_chosen[name] / trials, 3),
            "mean loss (win probability)": round(statistics.fmean(losses[name]), 4),
            "mean loss (equity)": round(statistics.fmean(equity_losses[name]), 2),
        }
        print(f"{name:>24}: best in {summary[name]['best chosen (share)']:.0%} of {trials}, mean loss "
              f"{summary[name]['mean loss (win probability)']:.4f} win probability, "
              f"{summary[name]['mean loss (equity)']:.2f} equity")
    setup = {"candidates": args.reference_candidates, "iterations": args.reference_iterations}
    run.finish({"lexicon": "enable", "positions": len(situations), "min bag": args.min_bag,
                "reference": setup, "seeds": args.seeds, "variants": summary,
                "cpu seconds": round(time.process_time() - started, 1)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
