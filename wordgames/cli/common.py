"""Options and output helpers shared by the command groups."""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import (
    DEFAULT_BACKEND,
    DEFAULT_LEXICON,
    Lexicon,
    backend_names,
    load_lexicon,
)
from wordgames.lexicon.tiles import DIGRAPH_MODES
from wordgames.scrabble import STANDARD_ENGLISH, Board, TileSet
from wordgames.scrabble.core.distributions import distribution_names
from wordgames.scrabble.core.layout import layout_by_name
from wordgames.scrabble.core.scoring import END_RULES
from wordgames.scrabble.core.tiles import tile_set_from_source
from wordgames.scrabble.game.challenge import CHALLENGE_RULES, DEFAULT_CHALLENGE_RULE
from wordgames.serialization.lexicons import named_source
from wordgames.serialization.positions import ScrabblePosition, position_from_cgp

NAMED_LEXICON_REMEDY = "give --lexicon, or put its folder in WORDGAMES_LEXICON_PATH"
"""How a refusal of a lexicon named by a file tells the user to supply it."""
TILE_DISTRIBUTION_REMEDY = "give --tile-distribution"

if TYPE_CHECKING:
    from tqdm import tqdm


def add_lexicon_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--lexicon PATH|NAME`` and ``--backend NAME`` to a command."""
    parser.add_argument(
        "--lexicon",
        default=None,
        metavar="PATH|NAME",
        help=f"word file (text, or a .kwg word graph), or the name of a list shipped or in "
        f"$WORDGAMES_LEXICON_PATH "
        f"(default: {DEFAULT_LEXICON})",
    )
    add_backend_option(parser)


def add_backend_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--backend NAME``."""
    parser.add_argument(
        "--backend",
        default=DEFAULT_BACKEND,
        choices=backend_names(),
        help=f"lexicon backend (default: {DEFAULT_BACKEND})",
    )


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--json`` (machine-readable output)."""
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def lexicon_source(args: argparse.Namespace) -> str:
    """The word list ``--lexicon`` names, or the default one when the option was not given
    (``args.lexicon`` stays None then, so a config file's dictionary can take precedence)."""
    source: str = args.lexicon if args.lexicon is not None else DEFAULT_LEXICON
    return source


def lexicon_from_args(
    args: argparse.Namespace, named_by: tuple[str, str | None] | None = None, tile_set: TileSet | None = None
) -> Lexicon:
    """Load the lexicon named by ``--lexicon``/``--backend``.  Without ``--lexicon``, a
    ``named_by`` pair (what names it, e.g. "the CGP", and the name) picks the list by name;
    a name that resolves to nothing is a LexiconError saying how to supply the list, never
    a silent fallback on the default one.  A file names a list, never a path: only shipped
    names and names on WORDGAMES_LEXICON_PATH resolve (``lex /etc/passwd`` is refused).
    With a ``tile_set`` beyond A-Z, words are read into its tiles (``--digraphs``)."""
    what, name = named_by if named_by is not None else ("", None)
    tiles = tile_set.lexicon_encoding(getattr(args, "digraphs", "longest")) if tile_set is not None else None
    if args.lexicon is None and name:
        return load_lexicon(named_source(name, what, NAMED_LEXICON_REMEDY), args.backend, tiles=tiles)
    return load_lexicon(lexicon_source(args), args.backend, tiles=tiles)


def add_self_play_options(parser: argparse.ArgumentParser, games_help: str, out_metavar: str,
                          out_help: str) -> None:
    """Add what a learning run from self-play takes (``leaves build``, ``winmodel build``):
    ``--games``, ``--out``, ``--seed``, ``--workers``, ``--scheduler``, ``--checkpoint`` and
    ``--force``."""
    parser.add_argument("--games", type=positive_int, required=True, metavar="N", help=games_help)
    parser.add_argument("--out", required=True, metavar=out_metavar, help=out_help)
    parser.add_argument("--seed", type=whole_number, default=0, help="random seed (default 0)")
    parser.add_argument("--workers", type=positive_int, default=os.cpu_count() or 1, metavar="W",
                        help="local processes (default: every core)")
    parser.add_argument("--scheduler", metavar="tcp://HOST:8786",
                        help="run the games on this Dask scheduler (pip install 'wordgames[cluster]')")
    parser.add_argument("--checkpoint", metavar="FILE",
                        help="checkpoint file (default: OUT.checkpoint.json); resumed when present")
    parser.add_argument("--force", action="store_true", help="overwrite OUT if it exists")


def refuse_overwrite(path: str, force: bool) -> None:
    """InvalidArgumentError when ``path`` exists and ``--force`` was not given."""
    if Path(path).exists() and not force:
        raise InvalidArgumentError(f"{path} exists: give --force to overwrite it")


def print_json(value: Any) -> None:
    """Print ``value`` as indented, key-stable JSON on stdout."""
    json.dump(value, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


# Numbers on the command line are written with the digits 0-9 only: Python's int() and float()
# also read other scripts' digits (١٢) and underscores (1_0), which no user means there.
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,30}")
_DECIMAL_NUMBER = re.compile(r"[+-]?(?:[0-9]{1,30}(?:\.[0-9]{0,30})?|\.[0-9]{1,30})(?:[eE][+-]?[0-9]{1,3})?")


def print_warning(message: str) -> None:
    """One line on standard error for something done anyway (the output stays as asked)."""
    print(f"wordgames: warning: {message}", file=sys.stderr)


def whole_number(text: str) -> int:
    """argparse type: a whole number written with the digits 0-9 (a sign allowed)."""
    if not _WHOLE_NUMBER.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number (digits 0-9)")
    return int(text)


def positive_int(text: str) -> int:
    """argparse type: a whole number >= 1."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def decimal_number(text: str) -> float:
    """argparse type: a finite decimal number written with the digits 0-9 (``1.5``,
    ``2e3``); never ``nan`` or ``inf``."""
    if not _DECIMAL_NUMBER.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number (digits 0-9)")
    value = float(text)
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is too large")
    return value


def progress_bar(total: int | None, unit: str) -> tqdm[Any]:
    """A tqdm progress bar on stderr, drawn only when stderr is a terminal (otherwise every
    call on it does nothing); use it as a context manager so that it is closed.  tqdm is
    imported here, by the long jobs that draw one, not by every command at start-up."""
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, file=sys.stderr, leave=False, disable=not sys.stderr.isatty())


def add_end_rule_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--end-rule usc|tournament``."""
    parser.add_argument("--end-rule", choices=END_RULES, default=None,
                        help="how racks count at the end (classic rules; default usc)")


def add_challenge_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--challenge void|single|double|5|10``."""
    parser.add_argument(
        "--challenge", choices=list(CHALLENGE_RULES), default=None, metavar="|".join(CHALLENGE_RULES),
        help=f"challenge rule (classic rules; default {DEFAULT_CHALLENGE_RULE}: phonies are refused)",
    )


def add_tile_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--tile-distribution NAME|FILE`` (also spelled ``--letter-values``) and
    ``--hand-size N``."""
    parser.add_argument("--tile-distribution", "--letter-values", dest="letter_values", metavar="NAME|FILE",
                        help=f"tiles: a shipped distribution ({', '.join(distribution_names())}) or a "
                        "file (distribution CSV, FIT1045 scores file, USC tile bag; default: english)")
    parser.add_argument("--hand-size", type=positive_int, default=None, metavar="N",
                        help="tiles on a full rack (default 7)")
    parser.add_argument("--digraphs", choices=DIGRAPH_MODES, default="longest",
                        help="how the word list spells multi-character tiles: longest match "
                        "(CHILE is [CH]ILE), or only bracketed groups (default: %(default)s)")


def tile_set_from_args(args: argparse.Namespace) -> TileSet:
    """The tile set ``--tile-distribution NAME|FILE`` names (standard English by default)."""
    return tile_set_from_source(args.letter_values) if args.letter_values else STANDARD_ENGLISH


def cgp_position_from_args(args: argparse.Namespace) -> ScrabblePosition:
    """The position ``--cgp`` gives, read with ``--layout`` and ``--tile-distribution`` when
    given (else the tiles the CGP names); ``--rack``, when the command has it and it is
    given, replaces the CGP's rack."""
    layout = layout_by_name(args.layout) if getattr(args, "layout", None) else None
    tile_set = tile_set_from_args(args) if args.letter_values else None
    return position_from_cgp(args.cgp, layout=layout, tile_set=tile_set, rack=getattr(args, "rack", None),
                             remedy=TILE_DISTRIBUTION_REMEDY)


def position_lexicon(args: argparse.Namespace, position: ScrabblePosition) -> Lexicon:
    """The lexicon of a position: ``--lexicon`` when given, else the list the CGP names (a
    name that cannot be found is an error, not a silent fallback on another list), else the
    default; its words read into the position's tiles."""
    return lexicon_from_args(args, ("the CGP", position.lexicon), position.tile_set)


def warn_of_phonies(board: Board, lexicon: Lexicon) -> None:
    """Say on standard error which of ``board``'s words ``lexicon`` lacks, if any: such a
    position is analysed as given (other engines' test positions hold phonies on purpose),
    but never silently.  Called once a command has checked all else, so that a refused
    position gets its one error line only.  Cost: a lexicon lookup per word on the board."""
    phonies = sorted({word for word, _, _, _ in board.words() if word not in lexicon})
    if phonies:
        shown = ", ".join(phonies[:5]) + (f" and {len(phonies) - 5} more" if len(phonies) > 5 else "")
        print_warning(f"the board holds words the word list lacks: {shown} (analysed as given)")
