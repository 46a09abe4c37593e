"""Options and output helpers shared by the command groups."""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from wordgames.errors import FormatError, LexiconError
from wordgames.lexicon import (
    DEFAULT_BACKEND,
    DEFAULT_LEXICON,
    Lexicon,
    backend_names,
    lexicon_named,
    load_lexicon,
    named_lexicons,
)
from wordgames.lexicon.tiles import DIGRAPH_MODES
from wordgames.scrabble import STANDARD_ENGLISH, TileSet
from wordgames.scrabble.core.distributions import distribution_names
from wordgames.scrabble.core.scoring import END_RULES
from wordgames.scrabble.core.tiles import Rack, tile_set_from_source, tile_set_named
from wordgames.scrabble.formats.cgp import Position
from wordgames.scrabble.game.challenge import CHALLENGE_RULES, DEFAULT_CHALLENGE_RULE

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
        named = named_lexicons()
        source = lexicon_named(name.strip(), named)
        if source is None:
            known = ", ".join(sorted(named))
            raise LexiconError(
                f"{what} names the lexicon {name[:60]!r}, which is not a known name ({known}): "
                "give --lexicon, or put its folder in WORDGAMES_LEXICON_PATH"
            )
        return load_lexicon(source, args.backend, tiles=tiles)
    return load_lexicon(lexicon_source(args), args.backend, tiles=tiles)


def print_json(value: Any) -> None:
    """Print ``value`` as indented, key-stable JSON on stdout."""
    json.dump(value, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


# Numbers on the command line are written with the digits 0-9 only: Python's int() and float()
# also read other scripts' digits (١٢) and underscores (1_0), which no user means there.
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,30}")
_DECIMAL_NUMBER = re.compile(r"[+-]?(?:[0-9]{1,30}(?:\.[0-9]{0,30})?|\.[0-9]{1,30})(?:[eE][+-]?[0-9]{1,3})?")


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


LexiconChooser = Callable[[str | None], Lexicon]
"""Picks the lexicon of a ``best`` query from the name the CGP gives (None when it names none)."""


def cgp_settings(
    args: argparse.Namespace, position: Position | None, lexicon_for: LexiconChooser | None = None
) -> tuple[TileSet, Lexicon, int | None]:
    """The tile set, lexicon and bingo bonus of a position: the flags when given, else what
    the CGP's ``ld``, ``lex`` and ``bb`` operations name, else the defaults.  A name the CGP
    gives that cannot be found is an error, not a silent fallback on another list.
    ``lexicon_for`` replaces the ``--lexicon``/``--backend`` choice (the web server's)."""
    if args.letter_values or position is None or position.letter_distribution is None:
        tile_set = tile_set_from_args(args)
    elif (named := tile_set_named(position.letter_distribution)) is not None:
        tile_set = named
    else:
        raise FormatError(
            f"the CGP's letter distribution {position.letter_distribution!r} is not known: "
            "give --tile-distribution"
        )
    cgp_lexicon = position.lexicon if position is not None else None
    if lexicon_for is not None:
        lexicon = lexicon_for(cgp_lexicon)
    else:
        lexicon = lexicon_from_args(args, ("the CGP", cgp_lexicon), tile_set)
    return tile_set, lexicon, position.bingo_bonus if position is not None else None


def cgp_rack(text: str, tile_set: TileSet) -> Rack:
    """A rack of a CGP parsed with ``tile_set``: English text as ever, else the internal code
    points the CGP was read into."""
    return Rack.parse(text) if tile_set.is_plain_english else Rack(text)
