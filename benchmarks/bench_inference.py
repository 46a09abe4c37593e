"""Calibration of inference: how well ``infer_leaves`` knows what an opponent kept, on seeded
self-play games of the ``equity`` player (whose leave table the inference also uses, so the
model is right about the player; real opponents are less predictable).

For every placement that draws from the bag, the inference is run from the other player's
seat (the board before the play, the play, the tiles that player cannot see after it) and
compared with the leave the mover really kept.  Figures, inference against the prior (the
hypergeometric draw from the unseen tiles, no play read):

* the Brier score of the tile marginals: for each distinct unseen tile, the probability that
  the leave holds it against whether it does (lower is better);
* how often the true leave is the most likely one and among the ten most likely, by leave
  size (at most 2 kept tiles the leaves are enumerated exactly; more are sampled).

    python benchmarks/bench_inference.py [--games 20] [--samples 300] [--seed 0]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter, defaultdict
from itertools import pairwise
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import load_lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.tiles import rack_tile
from wordgames.scrabble.game.autoplay import autoplay_game
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.strategy.equity import default_leaves
from wordgames.scrabble.strategy.inference import LastPlay, infer_leaves


def prior_holds(unseen: Counter[str], size: int, tile: str) -> float:
    """The probability that ``size`` tiles drawn from ``unseen`` hold at least one ``tile``."""
    total = sum(unseen.values())
    return 1 - math.comb(total - unseen[tile], size) / math.comb(total, size)


def cases(game: Game) -> list[tuple[Board, Any, list[str], tuple[str, ...]]]:
    """(board before, play, the observer's unseen tiles after it, the leave kept) of every
    placement in ``game`` that drew from the bag and was followed by the other player's turn."""
    full = Counter(game.rules.tile_set.full_bag())
    board = Board(game.settings.layout, game.board.alphabet)
    found = []
    history = [turn for turn in game.history if turn.kind is not TurnKind.END]
    for turn, after in pairwise(history):
        if turn.kind is not TurnKind.PLACE or turn.move is None:
            continue  # an exchange or a pass leaves the board as it is
        before = board.copy()
        board.play(turn.move)
        if not turn.drawn or after.player == turn.player:
            continue
        unseen = Counter(full)
        unseen.subtract(rack_tile(tile) for _, _, tile in board.tiles())
        unseen.subtract(after.rack)  # English racks: one character a tile
        kept = Counter(turn.rack)
        kept.subtract(turn.move.rack_tiles)
        found.append((before, turn.move, sorted((+unseen).elements()), tuple(sorted((+kept).elements()))))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="self-play games (default 20)")
    parser.add_argument("--samples", type=int, default=300, help="leaves weighed a turn (the champion's 300)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_inference", args)
    lexicon = load_lexicon("enable")
    table = default_leaves(lexicon)
    briers: dict[str, list[float]] = {"inference": [], "prior": []}
    ranks: dict[int, list[int | None]] = defaultdict(list)
    seconds: list[float] = []
    evidence: list[float] = []
    for index in range(args.games):
        game = autoplay_game(lexicon, ("equity", "equity"), GameSettings(seed=args.seed + index), index)
        for before, move, unseen, truth in cases(game):
            if not truth:
                continue
            started = time.process_time()
            found = infer_leaves(before, LastPlay(move=move), unseen, lexicon, game.rules, table,
                                 samples=args.samples, seed=index)
            seconds.append(time.process_time() - started)
            evidence.append(found.evidence)
            pool = Counter(unseen)
            holds: Counter[str] = Counter()
            for leave in found.leaves:
                for tile in set(leave.kept):
                    holds[tile] += leave.probability
            for tile in pool:
                outcome = float(tile in truth)
                briers["inference"].append((holds[tile] - outcome) ** 2)
                briers["prior"].append((prior_holds(pool, len(truth), tile) - outcome) ** 2)
            order = [leave.kept for leave in found.leaves]
            ranks[len(truth)].append(order.index(truth) if truth in order else None)
        print(f"game {index + 1}: {sum(len(r) for r in ranks.values())} inferences so far", file=sys.stderr)
    by_size = {
        str(size): {"turns": len(found), "first": sum(rank == 0 for rank in found),
                    "top 10": sum(rank is not None and rank < 10 for rank in found)}
        for size, found in sorted(ranks.items())
    }
    results = {
        "lexicon": "enable + shipped table", "games": args.games, "samples": args.samples,
        "inferences": len(seconds),
        "brier (tile marginals)": {name: round(statistics.mean(found), 4) for name, found in briers.items()},
        "truth by leave size": by_size,
        "evidence (median)": round(statistics.median(evidence), 3),
        "seconds an inference (median)": round(statistics.median(seconds), 3),
    }
    for name, value in results.items():
        print(f"{name}: {value}")
    run.finish(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
