"""``wordgames lexicon info|check|convert|cache``: inspect a word list, look words up, convert
between word files and KWG word graphs, manage the cache."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from wordgames.atomic import refuse_same_file, write_bytes_atomically
from wordgames.cli.common import add_backend_option, add_json_option, print_json
from wordgames.errors import InvalidArgumentError, LexiconError
from wordgames.lexicon import cache, kwg, load_lexicon, read_words, resolve_source


def register(groups: Any) -> None:
    """Add the ``lexicon`` command group."""
    parser = groups.add_parser("lexicon", help="inspect word lists and look words up")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=type(parser))
    commands.required = True

    info = commands.add_parser("info", help="word count and statistics of a word list")
    info.add_argument("source", metavar="SOURCE", help="word file or shipped list name")
    add_backend_option(info)
    add_json_option(info)
    info.set_defaults(handler=run_info)

    check = commands.add_parser(
        "check", help="say whether each word is in the list (exit 1 if any is not)"
    )
    check.add_argument("source", metavar="SOURCE", help="word file or shipped list name")
    check.add_argument("words", metavar="WORD", nargs="+")
    add_backend_option(check)
    add_json_option(check)
    check.set_defaults(handler=run_check)

    convert = commands.add_parser(
        "convert",
        help="convert a word list: OUT ending in .kwg is written as a KWG word graph, "
        "anything else as a text list (one word a line)",
    )
    convert.add_argument("source", metavar="IN", help="word file, KWG file or list name")
    convert.add_argument("out", metavar="OUT", help="the file to write (.kwg or text)")
    convert.add_argument("--force", action="store_true", help="replace OUT if it exists")
    convert.set_defaults(handler=run_convert)

    cached = commands.add_parser("cache", help="list the compiled-lexicon cache, or clear it")
    cached.add_argument("--clear", action="store_true", help="delete every entry")
    add_json_option(cached)
    cached.set_defaults(handler=run_cache)


def run_info(args: argparse.Namespace) -> int:
    """Print the size and shape of a word list."""
    started = time.perf_counter()
    lexicon = load_lexicon(args.source, args.backend)
    seconds = time.perf_counter() - started
    lengths = [len(word) for word in lexicon]
    alphabet = sorted(set("".join(lexicon)))  # one pass in C; a set per word costs ~200 MB
    info = {
        "source": str(resolve_source(args.source)),
        "backend": lexicon.backend_name,
        "words": len(lexicon),
        "shortest": min(lengths, default=0),
        "longest": max(lengths, default=0),
        "alphabet": "".join(alphabet),
        "load_seconds": round(seconds, 3),
    }
    if args.json:
        print_json(info)
    else:
        for key, value in info.items():
            print(f"{key}: {value}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    """Print, per word, whether it is a word and whether it is a prefix of one."""
    for word in args.words:
        if len(word.upper()) != len(word):  # ß is SS in upper case, ﬁ is FI: not one letter each
            raise InvalidArgumentError(f"{word!r}: a letter of it has no one-letter upper case")
    lexicon = load_lexicon(args.source, args.backend)
    results = [
        {"word": word.upper(), "valid": word in lexicon, "prefix": lexicon.has_prefix(word)}
        for word in args.words
    ]
    if args.json:
        print_json({"source": args.source, "results": results})
    else:
        for result in results:
            verdict = "valid" if result["valid"] else "not a word"
            if not result["valid"] and result["prefix"]:
                verdict += " (but a prefix of one)"
            print(f"{result['word']}: {verdict}")
    return 0 if all(result["valid"] for result in results) else 1


def run_convert(args: argparse.Namespace) -> int:
    """Read a word list in any supported format and write it as KWG or text, atomically."""
    out = Path(args.out)
    if not args.force and (out.exists() or out.is_symlink()):
        raise LexiconError(f"{out}: already exists (give --force to replace it)")
    source = resolve_source(args.source)
    refuse_same_file(source, out)  # --force or not: the input would be lost
    words = read_words(source)
    if out.suffix.lower() == ".kwg":
        kwg.write_kwg(out, words)
    else:
        write_bytes_atomically(out, "".join(f"{word}\n" for word in words).encode("utf-8"))
    print(f"wrote {len(words)} words to {out}")
    return 0


def run_cache(args: argparse.Namespace) -> int:
    """Print the cache folder, its limit and its entries (after ``--clear``, what was deleted)."""
    directory = cache.cache_dir()
    if args.clear:
        if directory is None:
            raise LexiconError("caching is off (WORDGAMES_CACHE_DIR is empty): nothing to clear")
        removed = cache.clear()
        stuck = [entry.path for entry in cache.entries() if not entry.temporary]
        if stuck:
            raise LexiconError(f"{directory}: {len(stuck)} cache files could not be removed")
        if args.json:
            print_json({"removed": [str(path) for path in removed]})
        else:
            print(f"removed {len(removed)} file{'' if len(removed) == 1 else 's'}")
        return 0
    listed = cache.entries()
    megabyte = 1024 * 1024
    limit_mb = cache.cache_limit_bytes() // megabyte
    total_mb = round(sum(entry.size for entry in listed) / megabyte, 2)
    rows = [
        {
            "file": entry.path.name,
            "mb": round(entry.size / megabyte, 2),
            "used": time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.used)),
        }
        for entry in listed
    ]
    if args.json:
        print_json({
            "directory": str(directory) if directory is not None else None,
            "limit_mb": limit_mb,
            "total_mb": total_mb,
            "entries": rows,
        })
        return 0
    if directory is None:
        print("caching is off (WORDGAMES_CACHE_DIR is empty)")
        return 0
    print(f"{directory}: {len(listed)} files, {total_mb} MB (limit {limit_mb} MB)")
    for row in rows:
        print(f"  {row['used']}  {row['mb']:>7.2f} MB  {row['file']}")
    return 0
