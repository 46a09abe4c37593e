"""Batch scoring: ``score_boards`` against a plain dict-of-dicts DFS, on random 4 x 4 dice boards.

The issue's target: ``wordgames.wordsearch.score_boards`` at least 100 times the boards a
second of a straightforward solver (``bench_boggle.baseline_solve``: a recursive DFS over a
dict-of-dicts trie) in the same run, on random boards rolled from the classic dice, with
ENABLE, official scoring, minimum length 3, one core.  Measured here:

* ``baseline``: the straightforward solver on ``--baseline-boards`` boards;
* ``batch``: ``score_boards(texts, lexicon)`` on ``--boards`` boards given as board text;
* ``batch cells``: the same boards given as cell lists (the path through the board parser);
* ``interpreted``: ``score_boards``'s kernel run from its source (``WORDGAMES_PURE_PYTHON``'s
  speed), on fewer boards;
* ``one board``: the one-board API, ``set_board`` then ``get_all_valid_words(3)``.

Contestants take turns over ``--rounds`` rounds (CPU time, the garbage collector paused);
each figure is the median over the rounds of the time per board, and the ratio is of the
medians.  The scores of every contestant are checked to agree.  Results go to
``benchmarks/results/bench_boggle_batch.json``.

    nice -n 10 python benchmarks/bench_boggle_batch.py [--boards 20000] [--rounds 7]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness
from bench_boggle import MINIMUM, build_dict_trie

from wordgames.compiled import load_pure
from wordgames.lexicon import load_lexicon, read_words, resolve_source
from wordgames.wordsearch import create_game, roll_board, score_boards
from wordgames.wordsearch.scoring import official_score
from wordgames.wordsearch.symbols import symbol_tables

SEED = 30_000


def official_baseline(cells: tuple[str, ...], root: dict[str, object]) -> int:
    """The baseline solver's words, scored officially (the scoring is timed with it, as the
    kernel's is: both answer with a board's total)."""
    from bench_boggle import baseline_solve

    return sum(official_score(len(word), MINIMUM) for word in baseline_solve(cells, 4, 4, root))


def per_board(function: Callable[[], object], count: int) -> float:
    """CPU seconds per board of one call of ``function`` over ``count`` boards."""
    return harness.time_once(function) / count


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=20_000, help="boards for the kernel")
    parser.add_argument("--baseline-boards", type=int, default=300, help="boards for the baseline")
    parser.add_argument("--interpreted-boards", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=7)
    harness.add_common_arguments(parser)
    args = parser.parse_args(argv)
    run = harness.Run("bench_boggle_batch", args)
    lexicon = load_lexicon("enable")
    root = build_dict_trie(read_words(resolve_source("enable")))
    boards = [roll_board(4, seed=SEED + number) for number in range(args.boards)]
    texts = [board.to_text() for board in boards]
    cells = [list(board.cells) for board in boards]
    few = texts[: args.baseline_boards]
    pure = load_pure("wordgames.wordsearch.searcher")
    pure_solver = pure.Solver(symbol_tables(lexicon))
    pure_solver.set_scoring(official_score, MINIMUM)
    game = create_game("trie", lexicon=lexicon)

    # The answers agree before anything is timed.
    scores = score_boards(texts, lexicon)
    assert score_boards(cells[:2000], lexicon) == scores[:2000]
    assert [official_baseline(board.cells, root) for board in boards[: len(few)]] == scores[: len(few)]
    assert pure_solver.score_all(texts[: args.interpreted_boards], None) == scores[: args.interpreted_boards]

    def one_board() -> None:
        for board in boards[:2000]:
            game.set_board(board)
            game.get_all_valid_words(MINIMUM)

    contestants: dict[str, tuple[Callable[[], object], int]] = {
        "baseline": (lambda: [official_baseline(board.cells, root) for board in boards[: len(few)]],
                     len(few)),
        "batch": (lambda: score_boards(texts, lexicon), len(texts)),
        "batch_cells": (lambda: score_boards(cells, lexicon), len(cells)),
        "interpreted": (lambda: pure_solver.score_all(texts[: args.interpreted_boards], None),
                        args.interpreted_boards),
        "one_board": (one_board, 2000),
    }
    times: dict[str, list[float]] = {name: [] for name in contestants}
    gc.collect()
    gc.disable()
    try:
        for round_number in range(args.rounds):
            names = list(contestants)
            turn = round_number % len(names)
            for name in names[turn:] + names[:turn]:  # take turns going first
                function, count = contestants[name]
                times[name].append(per_board(function, count))
    finally:
        gc.enable()
    medians = {name: statistics.median(values) for name, values in times.items()}
    ratio = medians["baseline"] / medians["batch"]
    results = {
        "boards": args.boards,
        "rounds": args.rounds,
        "lexicon": "enable",
        "mean_score": round(statistics.fmean(scores), 2),
        "microseconds_per_board": {name: round(value * 1e6, 3) for name, value in medians.items()},
        "boards_per_second": {name: round(1 / value) for name, value in medians.items()},
        "batch_over_baseline": round(ratio, 1),
        "batch_over_interpreted": round(medians["interpreted"] / medians["batch"], 1),
        "interpreted_over_baseline": round(medians["baseline"] / medians["interpreted"], 2),
        "target_100x_met": ratio >= 100,
    }
    for name, value in medians.items():
        print(f"{name:<12} {value * 1e6:10.2f} us/board  {1 / value:12,.0f} boards/s")
    print(f"batch / baseline: {ratio:.1f}x (target 100x: {'met' if ratio >= 100 else 'MISSED'})")
    run.finish(results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
