"""``wordgames scrabble check``: judge one move on a board, CS214 style.

Prints exactly one verdict line — ``VALID``, ``BAD START: W``, ``BAD MOVE``, ``BAD RACK: T``
or ``BAD WORD: W`` — and exits 0 for VALID, 1 for any other verdict, 2 when an input cannot be
read (one line on stderr).
"""

from __future__ import annotations

import argparse
from typing import Any

from wordgames.cli.common import (
    add_json_option,
    add_lexicon_options,
    add_tile_options,
    lexicon_from_args,
    print_json,
    tile_set_from_args,
)
from wordgames.errors import BoardError, InvalidArgumentError
from wordgames.limits import MAX_BOARD_FILE_BYTES, MAX_SMALL_FILE_BYTES
from wordgames.scrabble import Board, Move, layout_by_name, parse_move
from wordgames.scrabble.core.tiles import TileSet
from wordgames.scrabble.rules.classic import ClassicRules, parse_move_file
from wordgames.serialization.analyses import verdict_json
from wordgames.serialization.positions import board_from_rows
from wordgames.textfiles import read_text_file


def register(commands: Any) -> None:
    """Add ``scrabble check``."""
    check = commands.add_parser(
        "check",
        help="judge a move with the classic rules (VALID, BAD START, BAD MOVE, BAD WORD)",
        description="Judge a move on a board and print one CS214 verdict line: VALID, "
        "BAD START: WORD, BAD MOVE, BAD RACK: TILES or BAD WORD: WORD.  Exit status 0 for "
        "VALID, 1 for another verdict, 2 for unreadable input.",
    )
    check.add_argument("board", metavar="BOARD_FILE", help="plain board file ('.' empty)")
    check.add_argument("move_file", metavar="MOVE_FILE", nargs="?",
                       help="CS214 move file: one 'SQUARE<TAB>LETTER' line per tile (K10 = column K, row 10)")
    check.add_argument("--move", metavar="MOVE",
                       help="the move in a notation instead: '8H WORD', 'H8 WORD' or 'PLACE - 8 8 TILES'")
    check.add_argument("--rack", help="also check that this rack holds the tiles ('?' = blank)")
    check.add_argument("--layout", metavar="standard|super|PATH", help="board layout")
    add_tile_options(check)
    check.add_argument("--explain", action="store_true",
                       help="add the reason (or the score and words) to the verdict line")
    add_lexicon_options(check)
    add_json_option(check)
    check.set_defaults(handler=run_check)


def read_move(args: argparse.Namespace, board: Board, tile_set: TileSet) -> Move:
    """The move from MOVE_FILE or ``--move`` (exactly one of them), tiles in ``tile_set``'s
    notation."""
    if (args.move_file is None) == (args.move is None):
        raise InvalidArgumentError("give the move as MOVE_FILE or with --move (one of them)")
    if args.move is not None:
        return parse_move(args.move, board, tile_set)
    text = read_text_file(args.move_file, "move file", limit=MAX_SMALL_FILE_BYTES)
    return parse_move_file(text, board, str(args.move_file))


def read_board(args: argparse.Namespace, tile_set: TileSet) -> Board:
    """The board file: one line a row, ``.`` an empty square, tiles in ``tile_set``'s notation
    (``..CE[L·L]A..``)."""
    layout = layout_by_name(args.layout) if args.layout else None
    text = read_text_file(args.board, "board file", BoardError, limit=MAX_BOARD_FILE_BYTES)
    return board_from_rows(text, layout, tile_set, str(args.board))


def run_check(args: argparse.Namespace) -> int:
    """Print the verdict on the move; exit 0 when it is VALID, else 1."""
    tile_set = tile_set_from_args(args)
    board = read_board(args, tile_set)
    move = read_move(args, board, tile_set)
    rack = tile_set.parse_rack(args.rack) if args.rack is not None else None
    rules = ClassicRules(tile_set, args.hand_size if args.hand_size is not None else 7)
    verdict = rules.check(board, move, lexicon_from_args(args, tile_set=tile_set), rack)
    line = verdict.code if verdict.word is None else f"{verdict.code}: {tile_set.show(verdict.word)}"
    if args.json:
        print_json(verdict_json(verdict, tile_set))
    elif args.explain:
        detail = f"{verdict.score}: {', '.join(map(tile_set.show, verdict.words))}" if verdict.valid \
            else verdict.message
        print(f"{line} ({detail})")
    else:
        print(line)
    return 0 if verdict.valid else 1
