"""Benchmark the classic-rules move generator on 15x15 midgame positions.

Positions come from seeded greedy self-play (two players, standard board, standard tiles)
with SOWPODS (from ``../shared/lexicons``, when present) and the shipped ENABLE list: the
board after turns 6, 10 and 14 of each game.  Each position gets seeded racks of seven tiles
drawn from the tiles not on the board, with 0, 1 and 2 blanks.  For both lexicon backends it
prints, over all positions (median and 95th percentile, milliseconds of process CPU time):

* ``full``: every legal move, cross-checks included, as compact records
  (``MoveGenerator.raw_moves``);
* ``+Move``: the same, turned into :class:`Move` objects with their words
  (``MoveGenerator.moves``);
* ``best``: the top move by the bounded search (``MoveGenerator.best(..., 1)``);
* ``cold``: ``full`` on a lexicon whose memo (node expansions, cross-check sets) was just
  emptied — what the first call of a process pays.

``full``, ``+Move`` and ``best`` are measured after one untimed call per position, as in a
game where the generator keeps its memo; each position's figure is the fastest of
``--repeat`` runs.  Nothing is asserted.

Usage::

    python benchmarks/bench_scrabble_classic.py           # SOWPODS and ENABLE, both backends
    python benchmarks/bench_scrabble_classic.py --quick   # SOWPODS (or ENABLE), trie only
    python benchmarks/bench_scrabble_classic.py --lexicons sowpods --backends trie
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wordgames.lexicon import Lexicon, backend_names, load_lexicon
from wordgames.scrabble import BLANK, STANDARD_ENGLISH, Bag, Board, Rack
from wordgames.scrabble.movegen.generator import MoveGenerator
from wordgames.scrabble.movegen.tables import lexicon_tables

SOWPODS = Path(__file__).resolve().parents[2] / "shared" / "lexicons" / "sowpods.txt"
TURNS = (6, 10, 14)


def self_play_positions(lexicon: Lexicon, games: int) -> list[Board]:
    """Boards after TURNS of ``games`` seeded greedy games."""
    generator = MoveGenerator(lexicon)
    boards = []
    for seed in range(games):
        bag = Bag.full(STANDARD_ENGLISH, seed)
        board = Board()
        racks = [Rack(bag.draw(7)), Rack(bag.draw(7))]
        for turn in range(max(TURNS) + 1):
            if turn in TURNS:
                boards.append(board.copy())
            rack = racks[turn % 2]
            best = generator.best(board, rack, 1)
            if best:
                board.place_all((p.row, p.col, p.tile) for p in best[0].placed)
                rack.remove(p.tile for p in best[0].placed)
                rack.add(bag.draw(7 - len(rack)))
    return boards


def rack_for(board: Board, blanks: int, seed: int) -> Rack:
    """Seven tiles: ``blanks`` blanks and letters drawn from those not on the board."""
    unseen = Counter(tile for tile in STANDARD_ENGLISH.full_bag() if tile != BLANK)
    unseen.subtract(tile.upper() for _row, _col, tile in board.tiles() if tile.isupper())
    pool = sorted(unseen.elements())
    return Rack(random.Random(seed).sample(pool, 7 - blanks) + [BLANK] * blanks)


def cpu_ms(call: Callable[..., object], *arguments: object, repeat: int) -> float:
    """The least CPU time of ``repeat`` calls ``call(*arguments)``, in milliseconds (as
    ``timeit`` advises: slower runs measure other processes, not the code)."""
    times = []
    for _ in range(repeat):
        started = time.process_time()
        call(*arguments)
        times.append(time.process_time() - started)
    return min(times) * 1000


def forget(generator: MoveGenerator) -> None:
    """Empty the generator's lexicon memo so the next call starts cold."""
    tables = lexicon_tables(generator.lexicon, generator.alphabet)
    tables.expansions.clear()
    tables.cross_masks.clear()
    tables.follows.clear()


def summary(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return f"{statistics.median(values):7.2f} {p95:7.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="one lexicon, trie backend, 2 games")
    parser.add_argument("--games", type=int, default=4, help="self-play games per lexicon (3 positions each)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per position")
    parser.add_argument("--lexicons", default="sowpods,enable", help="comma-separated: sowpods, enable")
    parser.add_argument("--backends", default=",".join(backend_names()), help="comma-separated backends")
    args = parser.parse_args()

    wanted = args.lexicons.split(",")
    lexicons = [("sowpods", str(SOWPODS))] if SOWPODS.exists() and "sowpods" in wanted else []
    if "enable" in wanted:
        lexicons.append(("enable", "enable"))
    backends = args.backends.split(",")
    games = args.games
    if args.quick:
        lexicons, backends, games = lexicons[:1], ["trie"], 2

    print(f"positions: {games} seeded greedy games x turns {', '.join(map(str, TURNS))}; "
          f"racks of 7 with 0/1/2 blanks; CPU ms, median and p95 over positions")
    print(f"{'lexicon':8} {'backend':9} {'blanks':>6} {'moves':>7}   {'full ms':>15}   {'+Move ms':>15}"
          f"   {'best ms':>15}   {'cold ms':>15}")
    print(f"{'':8} {'':9} {'':>6} {'':>7}   {'median     p95':>15}   {'median     p95':>15}"
          f"   {'median     p95':>15}   {'median     p95':>15}")
    for name, source in lexicons:
        positions = self_play_positions(load_lexicon(source, "trie"), games)
        for backend in backends:
            lexicon = load_lexicon(source, backend)
            generator = MoveGenerator(lexicon)
            for blanks in (0, 1, 2):
                racks = [rack_for(board, blanks, 100 * n + blanks) for n, board in enumerate(positions)]
                counts, full, objects, best, cold = [], [], [], [], []
                for board, rack in zip(positions, racks, strict=True):
                    forget(generator)
                    cold.append(cpu_ms(generator.raw_moves, board, rack, repeat=1))
                    counts.append(generator.count(board, rack))
                    full.append(cpu_ms(generator.raw_moves, board, rack, repeat=args.repeat))
                    objects.append(cpu_ms(generator.moves, board, rack, repeat=args.repeat))
                    generator.best(board, rack, 1)
                    best.append(cpu_ms(generator.best, board, rack, 1, repeat=args.repeat))
                print(f"{name:8} {backend:9} {blanks:>6} {statistics.median(counts):>7.0f}   {summary(full)}"
                      f"   {summary(objects)}   {summary(best)}   {summary(cold)}", flush=True)


if __name__ == "__main__":
    main()
