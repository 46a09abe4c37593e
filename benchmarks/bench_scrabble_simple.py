"""Benchmark: best-move time under the simple (FIT1045) rules.

Positions are made by seeded self-play: on an N x N board, draw racks at random (seeded) from
the FIT1045 deal file's tiles and play the best move each turn; the positions after the
fourth move and later are timed (10 games, ``--positions`` in all).  Prints, per board size,
the median and maximum time of ``SimpleRules.optimal_moves`` (every highest-scoring move:
what the game reports) and the median time of ``best_moves`` (every legal move, sorted).
Each position is timed ``--repeat`` times (CPU time) and its fastest run kept.  Needs the
FIT1045 files of the shared data folder; writes ``benchmarks/results/bench_scrabble_simple.json``.

    python benchmarks/bench_scrabble_simple.py [--sizes 7 12 15] [--positions 60] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

from wordgames.lexicon import Lexicon, load_lexicon
from wordgames.scrabble import Bag, Board, Rack, plain_layout, read_tile_set
from wordgames.scrabble.rules.simple import SimpleRules


def self_play_positions(
    rules: SimpleRules, lexicon: Lexicon, tiles: list[str], size: int, seed: int, moves: int
) -> list[tuple[Board, Rack]]:
    """The (board, rack) before each of the first ``moves`` turns of a seeded self-play game
    in which the best move is always played; stops early when no move is legal."""
    bag = Bag(tiles, seed)
    board = Board(plain_layout(size))
    hand: list[str] = bag.draw(rules.hand_size)
    positions = []
    for _ in range(moves):
        rack = Rack(hand)
        positions.append((board.copy(), rack))
        best = rules.optimal_moves(board, rack, lexicon)
        if not best:
            break
        move = best[0]
        board.place_all((p.row, p.col, p.tile) for p in move.placed)
        for placement in move.placed:
            hand.remove(placement.rack_tile)
        hand.extend(bag.draw(rules.hand_size - len(hand)))
        if not hand:
            break
    return positions


def main() -> None:
    """Parse options, build positions and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[7, 12, 15])
    parser.add_argument("--positions", type=int, default=60, help="positions per size (10 games)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per position (best kept)")
    parser.add_argument("--backend", default="trie")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_scrabble_simple", args)
    shared = harness.shared_folder(args.shared)
    if shared is None or not (shared / "formats" / "fit1045").exists():
        sys.exit("needs the FIT1045 files in the shared data folder (--shared)")
    fit1045 = shared / "formats" / "fit1045"
    lexicon = load_lexicon(fit1045 / "dictionary.txt", args.backend)
    tile_set = read_tile_set(fit1045 / "scores.txt")
    tiles = Bag.from_deal_file(fit1045 / "tiles.txt").tiles
    rules = SimpleRules(tile_set=tile_set)
    print(f"simple rules, FIT1045 dictionary ({len(lexicon)} words, {args.backend} backend), "
          f"Python {sys.version.split()[0]}")
    print(f"{'board':>6} {'positions':>9} {'tiles on board':>14} {'legal moves':>11} "
          f"{'optimal: median':>15} {'max':>7} {'all moves: median':>17}")
    games = 10
    rows = []
    for size in args.sizes:
        positions: list[tuple[Board, Rack]] = []
        per_game = max(1, args.positions // games)
        for seed in range(games):
            # Skip the opening: time positions after several moves.
            game = self_play_positions(rules, lexicon, tiles, size, seed, 4 + per_game)
            positions.extend(game[4:])
        optimal = [1000 * harness.best_of(lambda b=b, r=r: rules.optimal_moves(b, r, lexicon), args.repeat)
                   for b, r in positions]
        every = [1000 * harness.best_of(lambda b=b, r=r: rules.best_moves(b, r, lexicon), args.repeat)
                 for b, r in positions]
        counts = [len(rules.best_moves(b, r, lexicon)) for b, r in positions]
        on_board = [b.tile_count() for b, _ in positions]
        print(f"{size:>4}x{size:<2} {len(positions):>9} {statistics.median(on_board):>14.0f} "
              f"{statistics.median(counts):>11.0f} {statistics.median(optimal):>12.1f} ms "
              f"{max(optimal):>4.1f} ms {statistics.median(every):>14.1f} ms")
        rows.append({"board": f"{size}x{size}", "positions": len(positions),
                     "tiles on board (median)": statistics.median(on_board),
                     "legal moves (median)": statistics.median(counts),
                     "optimal_moves ms (median)": round(statistics.median(optimal), 3),
                     "optimal_moves ms (max)": round(max(optimal), 3),
                     "best_moves ms (median)": round(statistics.median(every), 3)})
    run.finish({"lexicon": f"FIT1045 dictionary ({len(lexicon)} words)", "backend": args.backend,
                "sizes": rows})


if __name__ == "__main__":
    main()
