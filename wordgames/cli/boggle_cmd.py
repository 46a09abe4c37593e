"""``wordgames boggle solve|play``: solve word-search boards and play timed rounds."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from wordgames.atomic import check_writable
from wordgames.cli import boggle_prove
from wordgames.cli.common import (
    add_json_option,
    add_lexicon_options,
    decimal_number,
    lexicon_from_args,
    lexicon_source,
    print_json,
    whole_number,
)
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.limits import MAX_ROUND_SECONDS, MAX_STATS_BOARDS
from wordgames.serialization.boggle import DEFAULT_MINIMUM, best_boards_json, solution_json
from wordgames.wordsearch.bestboard import DEFAULT_TOP, best_boards, check_seconds
from wordgames.wordsearch.board import (
    DEFAULT_BOARD,
    Board,
    check_side,
    parse_board,
    parse_shape,
    read_board_file,
)
from wordgames.wordsearch.dice import (
    DICE_SET_NAMES,
    dice_set,
    dice_side,
    fold_accents,
    new_seed,
    roll_board,
)
from wordgames.wordsearch.game import BoggleGame, check_minimum_length, create_game
from wordgames.wordsearch.play import PlaySession, run_timed_round
from wordgames.wordsearch.scoring import DEFAULT_SCORING, scoring_names
from wordgames.wordsearch.stats import PERCENTILES, board_stats, check_stats_size, plot_histogram

DEFAULT_SECONDS = 180.0
DEFAULT_SEARCH_SECONDS = 60.0


def register(groups: Any) -> None:
    """Add the ``boggle`` command group."""
    parser = groups.add_parser("boggle", help="solve word-search boards, play timed rounds")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=type(parser))
    commands.required = True

    solve = commands.add_parser(
        "solve",
        help="list every word on a board with its score",
        description="List every lexicon word on a board (default: the COMP 2210 sample board).",
    )
    _add_board_options(solve)
    _add_game_options(solve)
    add_json_option(solve)
    solve.set_defaults(handler=run_solve)

    play = commands.add_parser(
        "play",
        help="play a timed round in the terminal",
        description="Find as many words as you can before the time runs out; words are read "
        "one a line from standard input (a pipe works too); end of input ends the round.",
    )
    _add_board_options(play)
    _add_game_options(play)
    play.add_argument(
        "--time",
        type=decimal_number,
        default=DEFAULT_SECONDS,
        metavar="SECONDS",
        help=f"length of the round (default: {DEFAULT_SECONDS:g}; 0 for no limit)",
    )
    play.set_defaults(handler=run_play)
    _register_best_board(commands)
    _register_stats(commands)
    boggle_prove.register(commands)


def _add_board_options(parser: argparse.ArgumentParser) -> None:
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument(
        "--board",
        metavar="TEXT",
        help='board text: rows separated by "/" or newlines, [QU] for a multi-letter cell, '
        'e.g. "EECA/ALEP/HNBO/QTTY"',
    )
    choice.add_argument("--board-file", metavar="FILE", help="read the board text from FILE")
    choice.add_argument(
        "--size",
        metavar="N|RxC",
        help="roll a random N x N (or R x C) board from the real Boggle dice",
    )
    parser.add_argument(
        "--seed", type=whole_number, metavar="S", help="seed of the rolled board (implies --size 4)"
    )
    parser.add_argument(
        "--dice", choices=list(DICE_SET_NAMES), metavar="SET",
        help=f"roll the board from this dice set ({', '.join(DICE_SET_NAMES)}), at its own "
        "size unless --size says otherwise",
    )


def _add_fold_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--fold-accents", action="store_true",
        help="read the word list without accents (ÉTÉ as ETE, Œ as OE), as the French dice play",
    )


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--min",
        type=whole_number,
        default=DEFAULT_MINIMUM,
        metavar="N",
        dest="minimum",
        help=f"minimum word length in letters (default: {DEFAULT_MINIMUM})",
    )
    add_lexicon_options(parser)
    parser.add_argument(
        "--scoring",
        choices=scoring_names(),
        default=DEFAULT_SCORING,
        help=f"scoring scheme (default: {DEFAULT_SCORING})",
    )
    _add_fold_option(parser)


def parse_size(text: str) -> tuple[int, int]:
    """``"5"`` -> (5, 5); ``"3x7"`` -> (3, 7); sides up to the board limit."""
    return parse_shape(text, "--size")


def board_from_args(args: argparse.Namespace, roll_by_default: bool) -> tuple[Board, int | None]:
    """The board the options describe and the seed it was rolled with (None if not rolled).

    Without board options: a freshly seeded 4 x 4 roll when ``roll_by_default``, else the
    contract's default board."""
    if args.dice is not None and (args.board is not None or args.board_file is not None):
        raise InvalidArgumentError("--dice rolls a board: it does not go with --board or --board-file")
    if args.board is not None:
        return parse_board(args.board), None
    if args.board_file is not None:
        return read_board_file(args.board_file), None
    if args.size is None and args.seed is None and args.dice is None and not roll_by_default:
        return DEFAULT_BOARD, None
    side = 4 if args.dice is None else dice_side(dice_set(args.dice))
    rows, columns = parse_size(args.size) if args.size is not None else (side, side)
    seed = args.seed if args.seed is not None else new_seed()
    return roll_board(rows, columns, seed, dice=args.dice), seed


def boggle_lexicon(args: argparse.Namespace) -> Lexicon:
    """The lexicon of ``--lexicon``/``--backend``, its words without accents when
    ``--fold-accents`` asks (a French list on the French dice)."""
    lexicon = lexicon_from_args(args)
    if not args.fold_accents:
        return lexicon
    return lexicon_from_words([fold_accents(word) for word in lexicon], args.backend)


def _game_from_args(args: argparse.Namespace, board: Board) -> BoggleGame:
    check_minimum_length(args.minimum)
    game = create_game(args.backend, args.scoring, lexicon=boggle_lexicon(args))
    game.set_board(board)
    return game


def run_solve(args: argparse.Namespace) -> int:
    """Print every word on the board with its score and the total (or one JSON object)."""
    board, seed = board_from_args(args, roll_by_default=False)
    game = _game_from_args(args, board)
    words = game.scored_words(args.minimum)
    total = sum(entry.score for entry in words)
    if args.json:
        print_json(solution_json(board, words))
        return 0
    print(board)
    rolled = "" if seed is None else f", board seed {seed}"
    plural = "" if len(words) == 1 else "s"
    print(
        f"\n{len(words)} word{plural} of {args.minimum}+ letters "
        f"(lexicon {lexicon_source(args)}, {args.scoring} scoring{rolled}); total score {total}"
    )
    width = max((len(entry.word) for entry in words), default=0)
    for entry in words:
        print(f"  {entry.word.ljust(width)}  {entry.score:>2}")
    return 0


def run_play(args: argparse.Namespace) -> int:
    """Play one timed round on standard input and output."""
    if not 0 <= args.time <= MAX_ROUND_SECONDS:  # also refuses nan
        raise InvalidArgumentError(
            f"--time must be 0 (no limit) or a number of seconds up to {MAX_ROUND_SECONDS:g}, "
            f"not {args.time:g}"
        )
    board, seed = board_from_args(args, roll_by_default=True)
    game = _game_from_args(args, board)
    session = PlaySession(game, args.minimum)
    if seed is not None:
        dice = "" if args.dice is None else f" --dice {args.dice}"
        print(f"Board seed {seed} (replay: --size {board.rows}x{board.columns}{dice} --seed {seed})")
    run_timed_round(
        session,
        sys.stdin,
        sys.stdout,
        seconds=args.time or None,
        interactive=sys.stdin.isatty(),
    )
    return 0


# --- best-board search and board statistics ---------------------------------------------------


def _add_shape_options(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--size", metavar="N|RxC", default="4", help=f"{what} (default: 4, i.e. 4 x 4)"
    )
    parser.add_argument("--rows", type=whole_number, metavar="R",
                        help="rows (with --cols, instead of --size)")
    parser.add_argument("--cols", type=whole_number, metavar="C", help="columns (with --rows)")


def _shape(args: argparse.Namespace) -> tuple[int, int]:
    if args.rows is None and args.cols is None:
        return parse_size(args.size)
    if args.rows is None or args.cols is None:
        raise InvalidArgumentError("--rows and --cols go together")
    return check_side(args.rows, "--rows"), check_side(args.cols, "--cols")


def _register_best_board(commands: Any) -> None:
    parser = commands.add_parser(
        "best-board",
        help="search for the highest-scoring boards",
        description="Search for the highest-scoring boards by simulated annealing with "
        "restarts, on every core. The same seed, workers and --iterations always give the "
        "same boards; with --seconds only the number of moves that fit in the time varies.",
    )
    _add_shape_options(parser, "board size")
    budget = parser.add_argument_group("budget (default: --seconds 60)")
    budget.add_argument("--seconds", type=decimal_number, metavar="S", help="wall-clock time to search")
    budget.add_argument(
        "--iterations", type=whole_number, metavar="N", help="moves in all (fully reproducible)"
    )
    budget.add_argument(
        "--run-steps", type=whole_number, metavar="N",
        help="moves per annealing run (default: 3000 per cell); shorter runs cool faster",
    )
    parser.add_argument("--seed", type=whole_number, default=0, metavar="N", help="seed (default: 0)")
    parser.add_argument(
        "--workers", type=whole_number, metavar="W", help=f"processes (default: every core, {os.cpu_count()})"
    )
    parser.add_argument(
        "--min-length", type=whole_number, default=DEFAULT_MINIMUM, metavar="N", dest="minimum",
        help=f"minimum word length (default: {DEFAULT_MINIMUM})",
    )
    parser.add_argument(
        "--scoring", choices=scoring_names(), default="official",
        help="scoring scheme (default: official)",
    )
    space = parser.add_mutually_exclusive_group()
    space.add_argument(
        "--letters", action="store_false", dest="dice",
        help="any letter in any cell (the default; Q is the dice's QU)",
    )
    space.add_argument(
        "--dice", action="store_true", dest="dice",
        help="only boards the dice set of the size can roll",
    )
    parser.add_argument(
        "--top", type=whole_number, default=DEFAULT_TOP, metavar="K",
        help=f"how many boards to print (default: {DEFAULT_TOP})",
    )
    add_lexicon_options(parser)
    add_json_option(parser)
    parser.set_defaults(handler=run_best_board, dice=False)


def run_best_board(args: argparse.Namespace) -> int:
    """Search and print the best boards (or one JSON object)."""
    rows, columns = _shape(args)
    seconds = args.seconds
    if seconds is None and args.iterations is None:
        seconds = DEFAULT_SEARCH_SECONDS
    if seconds is not None:
        check_seconds(seconds, "--seconds")
    for option, value in (("--iterations", args.iterations), ("--run-steps", args.run_steps)):
        if value is not None and value < 1:
            raise InvalidArgumentError(f"{option} must be at least 1, not {value}")
    lexicon = lexicon_from_args(args)
    result = best_boards(
        lexicon, rows, columns, seconds=seconds, iterations=args.iterations, seed=args.seed,
        workers=args.workers, minimum=args.minimum, scoring=args.scoring, dice=args.dice,
        top=args.top, run_steps=args.run_steps,
    )  # fmt: skip
    if args.json:
        print_json(best_boards_json(result))
        return 0
    print(
        f"Best {rows}x{columns} boards ({lexicon_source(args)}, {args.scoring} scoring, "
        f"{args.minimum}+ letters, {'dice' if args.dice else 'letters'}, seed {args.seed}):"
    )
    width = max((len(entry.board) for entry in result.boards), default=0)
    for entry in result.boards:
        print(f"  {entry.board.ljust(width)}  score {entry.score:>6}  words {entry.words:>5}")
    print(
        f"{result.evaluated} boards scored ({result.solved} solved, the rest remembered) "
        f"in {result.runs} runs, {result.seconds:.1f} s"
    )
    return 0


def _register_stats(commands: Any) -> None:
    parser = commands.add_parser(
        "stats",
        help="score and word-count distribution over random dice rolls",
        description="Roll boards from a dice set and report the distribution of scores and "
        "word counts and the words found most often.",
    )
    _add_shape_options(parser, "board size")
    parser.add_argument(
        "--dice", choices=list(DICE_SET_NAMES), metavar="SET",
        help=f"dice set ({', '.join(DICE_SET_NAMES)}; default: the set of the size)",
    )
    parser.add_argument(
        "--boards", type=whole_number, default=1000, metavar="N",
        help=f"boards to roll (default: 1000, at most {MAX_STATS_BOARDS})",
    )
    parser.add_argument("--seed", type=whole_number, default=0, metavar="N", help="seed (default: 0)")
    parser.add_argument(
        "--min-length", type=whole_number, default=DEFAULT_MINIMUM, metavar="N", dest="minimum",
        help=f"minimum word length (default: {DEFAULT_MINIMUM})",
    )
    parser.add_argument(
        "--scoring", choices=scoring_names(), default="official",
        help="scoring scheme (default: official)",
    )
    parser.add_argument(
        "--top-words", type=whole_number, default=20, metavar="K", help="common words shown (default: 20)"
    )
    parser.add_argument(
        "--plot", metavar="FILE.png", help="draw the histograms to a new image file (matplotlib)"
    )
    add_lexicon_options(parser)
    _add_fold_option(parser)
    add_json_option(parser)
    parser.set_defaults(handler=run_stats)


def run_stats(args: argparse.Namespace) -> int:
    """Print the statistics of random rolls (or one JSON object); draw them with --plot."""
    rows, columns = _shape(args)
    if args.plot is not None and Path(args.plot).exists():
        raise InvalidArgumentError(f"{args.plot}: the file exists (choose another name)")
    if args.plot is not None:
        check_writable(args.plot)
    check_stats_size(rows, columns, args.boards)  # before the word list is read
    stats = board_stats(
        boggle_lexicon(args), rows, columns, boards=args.boards, seed=args.seed,
        dice=args.dice, minimum=args.minimum, scoring=args.scoring, top_words=args.top_words,
    )  # fmt: skip
    if args.plot is not None:
        plot_histogram(stats, args.plot)
    if args.json:
        print_json(stats.to_json())
        return 0
    print(
        f"{stats.boards} random {rows}x{columns} boards (seed {stats.seed}, "
        f"{args.dice or 'default'} dice, {lexicon_source(args)}, {args.scoring} scoring, "
        f"{args.minimum}+ letters)"
    )
    header = "".join(f"{'p' + str(p):>8}" for p in PERCENTILES)
    print(f"{'':6}{'mean':>8}{'min':>8}{header}{'max':>8}")
    for name, summary in (("score", stats.score), ("words", stats.words)):
        cuts = "".join(f"{value:>8.1f}" for value in summary.percentiles.values())
        print(f"{name:6}{summary.mean:>8.1f}{summary.minimum:>8}{cuts}{summary.maximum:>8}")
    print(f"best board rolled: {stats.best_board} ({max(stats.scores)} points)")
    print("words found most often (share of boards):")
    for word, count in stats.common_words:
        print(f"  {word:<12} {count / stats.boards:6.1%}")
    if args.plot is not None:
        print(f"histogram written to {args.plot}")
    return 0
