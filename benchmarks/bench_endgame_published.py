"""Endgames published by MAGPIE's and Macondo's test suites: each solved with a time limit, its
value beside the published one; writes ``benchmarks/results/bench_endgame_published.json``.

    python benchmarks/bench_endgame_published.py [--time 120] [--clock cpu|wall]
                                                 [--only NAME ...] [--shared DIR]

The positions, their sources and word lists are the table the tests read
(``tests/scrabble/endgame/published_positions.py``); each is solved on our nearest list plus
the words its board holds and its published line forms that the list lacks.  Per position:
the published value(s), each with its source, list and whether the source proves it; our
value, whether it is proven and which sources it equals; depth, nodes, seconds and the line
found.  A node is a position the search visits or, one ply before the horizon, a child it
values without visiting.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "scrabble" / "endgame"))

import harness
from published_positions import POSITIONS, PublishedEndgame

from wordgames.lexicon import Lexicon, lexicon_from_words, load_lexicon
from wordgames.scrabble.core.notation import format_standard_move
from wordgames.scrabble.endgame import SearchOptions, solve_endgame
from wordgames.scrabble.formats.cgp import parse_cgp
from wordgames.scrabble.rules.classic import ClassicRules


def solve(position: PublishedEndgame, lexicon: Lexicon, limit: float, clock: str) -> dict[str, Any]:
    """One position solved within ``limit`` seconds on ``clock``: the row of the results."""
    parsed = parse_cgp(position.cgp)
    mover, opponent = parsed.racks
    result = solve_endgame(parsed.board, (mover, opponent), lexicon, ClassicRules(),
                           scoreless_turns=parsed.zero_turns, time_limit=limit,
                           options=SearchOptions(clock=harness.clock_named(clock)))
    line = [format_standard_move(turn.move) if turn.move is not None else "pass" for turn in result.moves]
    published = "; ".join(
        f"{source.value:+d} ({source.repository.split('/')[1]} {source.test}, {source.lexicon}, "
        f"{'proven' if source.proven else 'at a depth cap'})"
        for source in position.sources
    )
    equal = [source.repository.split("/")[1] for source in position.sources
             if result.exact and result.value == source.value]
    return {
        "position": position.name,
        "racks": f"{mover}/{opponent}",
        "published": published,
        "ours": result.value,
        "proven": result.exact,
        "equal to": ", ".join(equal) or "none",
        "word list": f"{Path(position.word_list).stem} + "
                     f"{' '.join(position.added + position.line_words) or 'nothing'}",
        "depth": result.depth,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 2),
        "line": line,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=120.0, help="seconds per position")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="cpu",
                        help="measure the limit in this process's CPU seconds (fair on a shared, "
                             "loaded machine) or in wall-clock seconds")
    parser.add_argument("--only", nargs="*", default=None, metavar="NAME", help="only these positions")
    harness.add_common_arguments(parser)
    args = parser.parse_args()
    run = harness.Run("bench_endgame_published", args)
    shared = harness.shared_folder(args.shared)
    if shared is None:
        print("the shared data folder is absent: nothing to solve")
        return 1
    chosen = [position for position in POSITIONS if args.only is None or position.name in args.only]
    bases: dict[str, Lexicon] = {}
    rows = []
    for position in chosen:
        if position.word_list not in bases:
            bases[position.word_list] = load_lexicon(shared / position.word_list)
        base = bases[position.word_list]
        extra = position.added + position.line_words
        lexicon = lexicon_from_words([*base, *extra]) if extra else base
        row = solve(position, lexicon, args.time, args.clock)
        rows.append(row)
        verdict = "proven" if row["proven"] else "NOT proven"
        print(f"{row['position']}: ours {row['ours']:+d} {verdict}, published {row['published']}; depth "
              f"{row['depth']}, {row['nodes']} nodes, {row['seconds']:.2f} s; {' / '.join(row['line'])}",
              flush=True)
    agreeing = sum(row["equal to"] != "none" for row in rows)
    print(f"\npositions {len(rows)}, proven {sum(row['proven'] for row in rows)}, "
          f"equal to a published value {agreeing}")
    run.finish({"time limit s": args.time, "clock": args.clock, "positions": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
