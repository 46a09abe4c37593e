"""``wordgames boggle prove``: prove the best boards of a size by branch and bound."""

from __future__ import annotations

import argparse
import os
from typing import Any

from wordgames.cli.common import (
    add_json_option,
    add_lexicon_options,
    lexicon_from_args,
    lexicon_source,
    print_json,
    progress_bar,
)
from wordgames.errors import InvalidArgumentError
from wordgames.limits import MAX_PROOF_SECONDS
from wordgames.wordsearch.bestboard import best_boards
from wordgames.wordsearch.board import parse_shape
from wordgames.wordsearch.prove import DEFAULT_LETTER_CLASSES, ProofResult, check_proof_shape, prove
from wordgames.wordsearch.scoring import scoring_names


def register(commands: Any) -> None:
    """Add ``boggle prove`` to the boggle command group."""
    parser = commands.add_parser(
        "prove",
        help="prove the best boards of a size (branch and bound over board classes)",
        description="List every board of the size scoring at least the target, up to rotation "
        "and reflection, and prove the list complete: the boards are cut into classes by "
        "letter classes, and each class is discarded by an upper bound on its best board or "
        "split and bounded again. Resumable from a checkpoint; every core, or a Dask cluster.",
    )
    parser.add_argument("--size", metavar="RxC", default="3x3",
                        help="board size (default: 3x3)")
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--min-score", type=int, metavar="S",
                        help="list every board scoring at least S")
    target.add_argument("--best", metavar="BOARD",
                        help="a known board: list every board scoring at least as much "
                        "(default: the best board a short annealing search finds)")
    parser.add_argument("--letter-classes", metavar="CLASSES",
                        default=" ".join(DEFAULT_LETTER_CLASSES),
                        help="the letter classes, space-separated, [QU] for the Qu cell "
                        f"(default: \"{' '.join(DEFAULT_LETTER_CLASSES)}\")")
    parser.add_argument("--min-length", type=int, default=3, metavar="N", dest="minimum",
                        help="minimum word length (default: 3)")
    parser.add_argument("--scoring", choices=scoring_names(), default="official",
                        help="scoring scheme (default: official)")
    parser.add_argument("--workers", type=int, metavar="W",
                        help=f"local processes (default: every core, {os.cpu_count()})")
    parser.add_argument("--scheduler", metavar="tcp://HOST:8786",
                        help="run on this Dask scheduler (pip install 'wordgames[cluster]')")
    parser.add_argument("--checkpoint", metavar="FILE",
                        help="where progress is saved and resumed from (default: "
                        "boggle-proof-RxC.checkpoint.json here; kept when the proof is done, "
                        "so running again reports at once)")
    parser.add_argument("--seconds", type=float, metavar="S",
                        help="stop after S seconds, resumable from the checkpoint")
    add_lexicon_options(parser)
    add_json_option(parser)
    parser.set_defaults(handler=run_prove)


def run_prove(args: argparse.Namespace) -> int:
    """Run (or resume) a proof and report it; exit 0 whether or not it completed."""
    rows, columns = parse_shape(args.size, "--size")
    check_proof_shape(rows, columns)  # before the lexicon is read and a target searched for
    if args.seconds is not None and not 0 < args.seconds <= MAX_PROOF_SECONDS:
        raise InvalidArgumentError(
            f"--seconds must be a positive number of seconds up to {MAX_PROOF_SECONDS:g}")
    if args.workers is not None and not 1 <= args.workers <= 256:
        raise InvalidArgumentError(f"--workers must be 1 to 256, not {args.workers}")
    lexicon = lexicon_from_args(args)
    best = args.best
    if args.min_score is None and best is None:
        search = best_boards(lexicon, rows, columns, iterations=2_000 * rows * columns, seed=0,
                             workers=1, minimum=args.minimum, scoring=args.scoring, top=1)
        best = search.boards[0].board
        if not args.json:
            print(f"Target: {best} ({search.boards[0].score}), the best of a short annealing search")
    checkpoint = args.checkpoint or f"boggle-proof-{rows}x{columns}.checkpoint.json"
    with progress_bar(None, "chunk") as bar:

        def progress(result: ProofResult) -> None:
            bar.total = result.chunks
            bar.update(result.chunks_done - bar.n)
            left = result.seconds_left
            bar.set_postfix_str(f"{len(result.boards)} boards"
                                + ("" if left is None else f", ~{left / 3600:.2f} CPU-h left"))

        result = prove(
            lexicon, rows, columns, min_score=args.min_score, best=best,
            letter_classes=args.letter_classes, min_length=args.minimum, scoring=args.scoring,
            workers=args.workers, scheduler=args.scheduler, checkpoint=checkpoint,
            seconds=args.seconds, progress=progress,
        )  # fmt: skip
    if args.json:
        print_json(result.to_json())
        return 0
    print(f"{rows}x{columns} boards scoring {result.target} or more ({lexicon_source(args)}, "
          f"{args.scoring} scoring, {args.minimum}+ letters):")
    for entry in result.boards:
        print(f"  {entry.board}  {entry.score}")
    if result.proved:
        print(f"Proved: no other board scores {result.target} or more "
              f"({result.classes_evaluated:,} classes, {result.seconds:.0f} s)")
    else:
        left = result.seconds_left
        estimate = "" if left is None else f"; about {left / 3600:.1f} CPU-hours left"
        print(f"Not finished: {result.chunks_done:,} of {result.chunks:,} chunks settled"
              f"{estimate}. Run again to resume from {checkpoint}.")
    return 0
