"""Solve one board against several lexicons, with both lexicon backends, side by side.

Usage::

    python examples/swap_lexicons.py [--board TEXT | --size N] [--seed S] [--min N] [SOURCE ...]

Each SOURCE is a word file, a directory (every ``*.txt`` in it) or a shipped list's name; the
default is the shipped ENABLE list.  For each lexicon and backend the table shows the load
time, the time of the first solve of the board, how many words of at least ``--min`` letters
the board holds and their score; the last column says whether the backends agree.  Then the
longest words each lexicon finds.  For example, with the course's word lists::

    python examples/swap_lexicons.py --size 5 --seed 1 ../shared/lexicons
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, uninstalled

from wordgames import WordGamesError
from wordgames.lexicon import backend_names, load_lexicon
from wordgames.wordsearch import Board, create_game, parse_board, roll_board


def sources_from(arguments: list[str]) -> list[str]:
    """Expand directories into their ``*.txt`` files; keep files and names as given."""
    sources: list[str] = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            sources.extend(str(file) for file in sorted(path.glob("*.txt")))
        else:
            sources.append(argument)
    return sources


def compare(board: Board, sources: list[str], minimum: int) -> None:
    """Print the side-by-side table and each lexicon's longest words."""
    print(board, end="\n\n")
    header = f"{'lexicon':<18} {'backend':<10} {'load s':>7} {'solve ms':>9} {'words':>6} {'score':>6}"
    print(header + "  backends")
    print("-" * (len(header) + 10))
    longest: dict[str, list[str]] = {}
    for source in sources:
        answers = []
        for backend in backend_names():
            started = time.perf_counter()
            lexicon = load_lexicon(source, backend)
            loaded = time.perf_counter() - started
            game = create_game(backend, lexicon=lexicon)
            game.set_board(board)
            started = time.perf_counter()
            words = game.get_all_valid_words(minimum)
            solved = time.perf_counter() - started
            score = game.get_score_for_words(words, minimum)
            answers.append(list(words))
            name = Path(source).stem
            print(
                f"{name:<18} {backend:<10} {loaded:>7.2f} {solved * 1000:>9.2f} {len(words):>6} "
                f"{score:>6}",
                end="",
            )
            print("  agree" if all(answer == answers[0] for answer in answers) else "  DIFFER")
        longest[Path(source).stem] = sorted(answers[0], key=lambda word: (-len(word), word))[:5]
    print()
    for name, words in longest.items():
        print(f"{name:<18} longest: {', '.join(words) or '-'}")


def main(argv: list[str]) -> int:
    """Parse the arguments and print the comparison; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", nargs="*", default=["enable"], metavar="SOURCE")
    parser.add_argument("--board", help='board text, e.g. "EECA/ALEP/HNBO/QTTY"')
    parser.add_argument("--size", type=int, default=4, help="size of a rolled board (default 4)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the rolled board")
    parser.add_argument("--min", type=int, default=3, dest="minimum", help="minimum length")
    args = parser.parse_args(argv)
    try:
        board = parse_board(args.board) if args.board else roll_board(args.size, seed=args.seed)
        compare(board, sources_from(args.sources), args.minimum)
    except WordGamesError as error:
        print(f"swap_lexicons: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
