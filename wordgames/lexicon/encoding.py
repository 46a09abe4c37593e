"""Reading a word list through a game's alphabet: every word spelled as that alphabet's tile
numbers.

A word list for a language beyond English is read with the game's tiles
(``load_lexicon(path, tiles=TileEncoding(alphabet))``): each word is split into tiles by the
alphabet (longest tile first, or only bracketed groups as multi-character tiles with
``digraphs="bracketed"``), case folded by the alphabet (never by ``str.upper``, which turns
``ß`` into ``SS``), and stored as its tile numbers, so the lexicon's alphabet *is* the game's
and the engines need no renumbering.  A word with a character outside the alphabet is a
LexiconError naming the file and the line.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError, LexiconError
from wordgames.lexicon.alphabet import Alphabet
from wordgames.lexicon.files import read_file_bytes, too_big
from wordgames.lexicon.tiles import Digraphs, TileSplitter, check_digraphs
from wordgames.limits import MAX_LEXICON_FILE_BYTES, MAX_WORD_LENGTH


@dataclass(frozen=True)
class TileEncoding:
    """How a lexicon reads the words of a game's ``alphabet`` (see the module docstring), with
    ``digraphs`` saying how unbracketed text is split (see
    :func:`~wordgames.lexicon.tiles.check_digraphs`)."""

    alphabet: Alphabet
    digraphs: Digraphs = "longest"

    def __post_init__(self) -> None:
        if not isinstance(self.alphabet, Alphabet):
            raise InvalidArgumentTypeError("a tile encoding needs an Alphabet")
        check_digraphs(self.digraphs)

    def fingerprint(self) -> str:
        """A digest of the alphabet and the mode: part of a cached lexicon's key, so words read
        through one alphabet are never served for another's."""
        text = repr((self.alphabet.tiles, self.alphabet.lower_forms, self.digraphs))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    def encode_words(self, data: bytes, name: str) -> list[bytes]:
        """The sorted unique keys (tile numbers) of UTF-8 word-list bytes (see
        :func:`tile_words_from_bytes` for the reading and its errors)."""
        number = self.alphabet.number
        words = tile_words_from_bytes(data, name, self.alphabet.word_splitter, self.digraphs)
        return sorted(bytes(map(number, tiles)) for tiles in words)


def read_tile_words(
    path: str | os.PathLike[str], splitter: TileSplitter, digraphs: Digraphs = "longest"
) -> list[tuple[str, ...]]:
    """Read a UTF-8 word list into tile sequences (upper-case forms), each unique word once,
    in file order.

    The word on a line is its first whitespace-separated token (definitions after it are
    ignored); blank lines are skipped; a BOM and CRLF line ends are fine.  Case is folded by
    the splitter's forms.  A word with a character outside the alphabet is a LexiconError
    naming the file, the line and the character.  Cost: one pass, linear in the file's size."""
    return tile_words_from_bytes(read_file_bytes(path), str(path), splitter, digraphs)


def tile_words_from_bytes(
    data: bytes, path: str, splitter: TileSplitter, digraphs: Digraphs = "longest"
) -> list[tuple[str, ...]]:
    """:func:`read_tile_words` on a file's bytes (``path`` names it in errors)."""
    mode = check_digraphs(digraphs)
    if len(data) > MAX_LEXICON_FILE_BYTES:
        raise LexiconError(too_big(path, len(data)))
    if b"\0" in data:
        raise LexiconError(f"{path}: binary content, not a word list")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise LexiconError(f"{path}: not UTF-8 text (undecodable byte at offset {error.start})") from None
    words: dict[tuple[str, ...], None] = {}
    for number, line in enumerate(text.splitlines(), 1):
        fields = line.split()
        if not fields:
            continue
        try:
            tiles = splitter.split(fields[0], mode)
        except InvalidArgumentError as error:
            raise LexiconError(f"{path}:{number}: {error}") from None
        if len(tiles) > MAX_WORD_LENGTH:
            raise LexiconError(f"{path}:{number}: a word of {len(tiles)} tiles; at most {MAX_WORD_LENGTH}")
        words[tiles] = None
    if not words:
        raise LexiconError(f"{path}: contains no words")
    return list(words)
