"""The top-level parser and the error policy of the command line.

Each command group lives in its own module exposing ``register(subparsers)``; a handler returns
the process exit code.  Any :class:`~wordgames.errors.WordGamesError`, usage error or OS error
becomes one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from wordgames import __version__, core_info
from wordgames.cli import boggle_cmd, lexicon_cmd, scrabble_cmd, serve_cmd
from wordgames.cli.common import print_json
from wordgames.errors import InvalidArgumentError, WordGamesError
from wordgames.textfiles import shown_path

# One module per command group, registered in this order.
COMMAND_MODULES = (lexicon_cmd, scrabble_cmd, boggle_cmd, serve_cmd)

EXIT_USAGE = 2


class UsageError(InvalidArgumentError):
    """The command line itself is malformed (unknown option, missing argument...)."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are exceptions, so main() reports them in one line."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see --help)")


def build_parser() -> Parser:
    """The full ``wordgames`` parser with every command group registered."""
    parser = Parser(
        prog="wordgames",
        description="Word games: lexicons, a Boggle solver and game, a Scrabble engine.",
    )
    parser.add_argument(
        "--version", action="store_true",
        help="print the version and which core is in use (compiled or pure Python, and why)",
    )
    parser.add_argument(
        "--json", dest="version_json", action="store_true", help="with --version: print JSON"
    )
    groups = parser.add_subparsers(dest="group", metavar="COMMAND", parser_class=Parser)
    for module in COMMAND_MODULES:
        module.register(groups)
    return parser


def refuse_empty_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """UsageError when an option was given an empty value (``--layout ''``): leaving the option
    out gives its default; an empty name or path never silently means the default too."""
    options = _options_by_dest(parser)
    for dest, value in vars(args).items():
        if isinstance(value, str) and not value.strip() and dest in options:
            raise UsageError(f"{options[dest]}: an empty value (leave the option out for its default)")


def _options_by_dest(parser: argparse.ArgumentParser) -> dict[str, str]:
    """The first option string of every option of ``parser`` and its subcommands whose
    default is not itself empty text, by destination."""
    found: dict[str, str] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                for dest, option in _options_by_dest(sub).items():
                    found.setdefault(dest, option)
        elif action.option_strings and not (isinstance(action.default, str) and not action.default.strip()):
            found.setdefault(action.dest, action.option_strings[0])
    return found


def one_line(message: str) -> str:
    """``message`` with every character that is not printable (a newline or a control
    character in a path a user gave) written as its escape, so an error is always one line."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in message)


def print_version(as_json: bool) -> int:
    """``wordgames --version [--json]``: the version and the core in use."""
    info = core_info()
    if as_json:
        print_json({"version": __version__, **info.as_dict()})
    else:
        print(f"wordgames {__version__}, {info}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.version:
            return print_version(args.version_json)
        if args.group is None:
            parser.error("a command is required" if not args.version_json
                         else "--json before the command only goes with --version")
        refuse_empty_options(parser, args)
        code: int = args.handler(args)
        return code
    except WordGamesError as error:
        print(f"wordgames: error: {one_line(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader went away (`wordgames ... | head`): stop quietly, as Unix tools do, and
        # point stdout at /dev/null so the interpreter's final flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:
        where = f"{shown_path(error.filename)}: " if error.filename else ""
        print(f"wordgames: error: {one_line(f'{where}{error.strerror or error}')}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("wordgames: interrupted", file=sys.stderr)
        return 130
