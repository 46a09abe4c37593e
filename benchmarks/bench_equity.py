"""Benchmark the cost of equity over score-only best-move queries, and leave-table loading.

Positions come from greedy-vs-greedy games on the standard board with ENABLE (game ``i`` of
``--games`` uses seed ``--seed + i``; every turn with tiles in the bag is a position).  For each
position, in one process and interleaved (score-only, equity, score-only, equity...), it times

* ``score``: ``rules.best_moves(board, rack, lexicon, limit=1)``, what ``greedy`` asks;
* ``equity``: ``EquityStrategy(table).decide(situation)`` with the table: the best move by
  score + leave value, exchanges and the pass included (exact: see its docstring; compiled,
  the move generator values and prunes by equity as it searches);

and prints the median time of each and the median and total overhead of equity.  It also
times loading the table (``--leaves``, default the shipped ``enable``) and, with ``--klv2``,
reading a KLV2 file.  Times are CPU time; the figures go to
``benchmarks/results/bench_equity.json``.  Nothing is asserted: this script reports figures.

Usage::

    python benchmarks/bench_equity.py                 # 6 games' positions, 5 rounds
    python benchmarks/bench_equity.py --klv2 ../shared/external/magpie-data/TWL98.klv2
"""

from __future__ import annotations

import argparse
import statistics
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import load_lexicon
from wordgames.scrabble.game.decision import Situation
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.leaves import load_leaves, read_klv2
from wordgames.scrabble.leaves.compact import read_compact
from wordgames.scrabble.leaves.files import SHIPPED
from wordgames.scrabble.strategy.equity import EquityStrategy


def positions(lexicon_name: str, games: int, seed: int) -> list[Situation]:
    """Every situation with tiles in the bag from greedy self-play."""
    lexicon = load_lexicon(lexicon_name)
    found = []
    for index in range(games):
        game = Game([Player("a", "greedy"), Player("b", "greedy")], lexicon, GameSettings(seed=seed + index))
        while not game.is_over and len(game.bag):
            found.append(game.situation().detached())  # the game goes on
            game.play_computer_turn()
    return found


def main() -> None:
    """Time both queries on every position and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games to take positions from")
    parser.add_argument("--seed", type=int, default=500, help="seed of the first game")
    parser.add_argument("--rounds", type=int, default=5, help="timings per position and query")
    parser.add_argument("--leaves", default="enable", help="leave table (default: the shipped one)")
    parser.add_argument("--klv2", help="also time reading this KLV2 file")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_equity", args)

    load_times = []
    for _ in range(3):
        if args.leaves in SHIPPED:
            load_times.append(harness.time_once(lambda: read_compact(SHIPPED[args.leaves])))
        else:
            load_times.append(harness.time_once(lambda: load_leaves(args.leaves)))
    print(f"load {args.leaves}: median {statistics.median(load_times) * 1000:.0f} ms of 3")
    klv2_seconds = None
    if args.klv2:
        klv2_seconds = harness.time_once(lambda: read_klv2(args.klv2))
        print(f"read {args.klv2}: {klv2_seconds:.2f} s")
    table = load_leaves(args.leaves)
    player = EquityStrategy(table)
    situations = positions("enable", args.games, args.seed)
    for situation in situations[:3]:  # warm the lexicon tables and the table's cache
        player.decide(situation)
    score_times, equity_times, ratios = [], [], []
    for situation in situations:
        score, equity = [], []
        rules, board, rack, lexicon = situation.rules, situation.board, situation.rack, situation.lexicon
        for _ in range(args.rounds):
            score.append(harness.time_once(partial(rules.best_moves, board, rack, lexicon, limit=1)))
            equity.append(harness.time_once(partial(player.decide, situation)))
        score_times.append(statistics.median(score))
        equity_times.append(statistics.median(equity))
        ratios.append(equity_times[-1] / score_times[-1])
    total = sum(equity_times) / sum(score_times)
    print(f"{len(situations)} positions from {args.games} greedy games, {args.rounds} rounds each")
    print(f"score-only best move: median {statistics.median(score_times) * 1000:.2f} ms")
    print(f"equity best move:     median {statistics.median(equity_times) * 1000:.2f} ms")
    print(f"equity overhead: median {100 * (statistics.median(ratios) - 1):+.0f}% per position, "
          f"{100 * (total - 1):+.0f}% over all positions")
    run.finish({
        "positions": len(situations), "games": args.games, "rounds": args.rounds,
        "leave table": args.leaves,
        "table load ms (median of 3)": round(statistics.median(load_times) * 1000, 1),
        "KLV2 read s": None if klv2_seconds is None else round(klv2_seconds, 3),
        "score-only best move ms (median)": round(statistics.median(score_times) * 1000, 4),
        "equity best move ms (median)": round(statistics.median(equity_times) * 1000, 4),
        "equity overhead per position (median)": round(statistics.median(ratios) - 1, 4),
        "equity overhead over all positions": round(total - 1, 4),
    })


if __name__ == "__main__":
    main()
