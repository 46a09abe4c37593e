"""``wordgames boggle solve|play``: solve word-search boards and play timed rounds."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from wordgames.cli.common import add_json_option, add_lexicon_options, lexicon_source, print_json
from wordgames.errors import InvalidArgumentError
from wordgames.wordsearch.board import DEFAULT_BOARD, Board, parse_board, read_board_file
from wordgames.wordsearch.dice import new_seed, roll_board
from wordgames.wordsearch.game import BoggleGame, ScoredWord, check_minimum_length, create_game
from wordgames.wordsearch.play import PlaySession, run_timed_round
from wordgames.wordsearch.scoring import DEFAULT_SCORING, scoring_names

DEFAULT_MINIMUM = 3
DEFAULT_SECONDS = 180.0


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
        type=float,
        default=DEFAULT_SECONDS,
        metavar="SECONDS",
        help=f"length of the round (default: {DEFAULT_SECONDS:g}; 0 for no limit)",
    )
    play.set_defaults(handler=run_play)


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
        "--seed", type=int, metavar="S", help="seed of the rolled board (implies --size 4)"
    )


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--min",
        type=int,
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


def _parse_size(text: str) -> tuple[int, int]:
    """``"5"`` -> (5, 5); ``"3x7"`` -> (3, 7)."""
    parts = text.lower().split("x")
    try:
        numbers = [int(part) for part in parts]
    except ValueError:
        numbers = []
    if len(numbers) not in (1, 2) or min(numbers) < 1:
        raise InvalidArgumentError(f"--size must be N or RxC with positive numbers, not {text!r}")
    return (numbers[0], numbers[-1])


def board_from_args(args: argparse.Namespace, roll_by_default: bool) -> tuple[Board, int | None]:
    """The board the options describe and the seed it was rolled with (None if not rolled).

    Without board options: a freshly seeded 4 x 4 roll when ``roll_by_default``, else the
    contract's default board."""
    if args.board is not None:
        return parse_board(args.board), None
    if args.board_file is not None:
        return read_board_file(args.board_file), None
    if args.size is None and args.seed is None and not roll_by_default:
        return DEFAULT_BOARD, None
    rows, columns = _parse_size(args.size) if args.size is not None else (4, 4)
    seed = args.seed if args.seed is not None else new_seed()
    return roll_board(rows, columns, seed), seed


def _game_from_args(args: argparse.Namespace, board: Board) -> BoggleGame:
    check_minimum_length(args.minimum)
    game = create_game(args.backend, args.scoring, lexicon=lexicon_source(args))
    game.set_board(board)
    return game


def solution_json(board: Board, words: list[ScoredWord]) -> dict[str, Any]:
    """The JSON object of ``boggle solve --json`` (also served by the web API)."""
    return {
        "board": board.grid(),
        "words": [{"word": entry.word, "path": list(entry.path), "score": entry.score} for entry in words],
        "total": sum(entry.score for entry in words),
    }


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
    if args.time < 0:
        raise InvalidArgumentError(f"--time must be 0 (no limit) or positive, not {args.time:g}")
    board, seed = board_from_args(args, roll_by_default=True)
    game = _game_from_args(args, board)
    session = PlaySession(game, args.minimum)
    if seed is not None:
        print(f"Board seed {seed} (replay: --size {board.rows}x{board.columns} --seed {seed})")
    run_timed_round(
        session,
        sys.stdin,
        sys.stdout,
        seconds=args.time or None,
        interactive=sys.stdin.isatty(),
    )
    return 0
