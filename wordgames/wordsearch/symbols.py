"""The Boggle engine's view of a lexicon: symbol numbers, the kernel's node table, cell codes.

This module is the one place where the word-search engine reads a lexicon's insides, and it
reads them only through :func:`~wordgames.lexicon.packed.packed_nodes` (the table every
compiled engine walks).  What it gives the kernel (:mod:`wordgames.wordsearch.searcher`):

* **symbol numbers**: the lexicon's tiles (its alphabet, each an upper-case form such as
  ``"A"``), numbered 1..n in the order of their bits in the packed table, which is the
  lexicon's own tile order;
* **the node table**: the packed tree renumbered breadth first, each node's mask with bit
  ``s`` for symbol ``s`` and bit 0 for "the prefix is a word" (see
  :func:`~wordgames.wordsearch.layout.breadth_first_layout`);
* **cell codes**: a cell's text (``"E"``, ``"QU"``) as the sequence of symbols spelling it
  (``QU`` is two symbols), or no symbols at all when the cell can never be part of a word
  (blocked, or holding a letter no word uses); and for the compiled board-text reader, the
  symbol of every Latin-1 character.

Text goes in and out of the engine here and in :mod:`~wordgames.wordsearch.board`; the search
itself sees only symbol numbers.  Tables are made once per lexicon and kept while the lexicon
lives.
"""

from __future__ import annotations

import weakref
from array import array
from dataclasses import dataclass, field

from wordgames.lexicon import Lexicon
from wordgames.lexicon.packed import PackedNodes, packed_nodes
from wordgames.wordsearch.board import BLOCKED
from wordgames.wordsearch.layout import NodeTable, breadth_first_layout

DEAD_LETTER = 0
"""In :attr:`SymbolTables.latin_1`: a letter no word uses (its cell is dead)."""

NOT_A_LETTER = -1
"""In :attr:`SymbolTables.latin_1`: a character the compiled reader leaves to the full parser."""

CellCode = tuple[int, ...]
"""A cell as the symbols spelling it (empty: the cell can never be part of a word)."""


@dataclass(eq=False)
class SymbolTables:
    """What the kernel needs to know about one lexicon (see the module docstring)."""

    symbols: tuple[str, ...]
    """The text of each symbol by number (index 0, no symbol, is ``""``)."""
    nodes: NodeTable
    """The kernel's node table (64-bit words, ``stride`` words a node)."""
    stride: int
    """Words per node: 1 when masks fit in 32 bits and node numbers in 26, else 2."""
    node_count: int
    latin_1: array[int] = field(repr=False)
    """Typecode ``h``: the symbol of each Latin-1 character after upper-casing, or
    :data:`DEAD_LETTER` / :data:`NOT_A_LETTER`."""
    spellings: bytes = field(repr=False)
    """The Latin-1 byte of each symbol (0 when its text is not one Latin-1 character)."""
    _codes: dict[str, CellCode] = field(default_factory=dict, repr=False)

    @property
    def all_latin_1(self) -> bool:
        """Whether every symbol is one Latin-1 character (words are then spelled as bytes)."""
        return all(self.spellings[1:])

    def cell_code(self, text: str) -> CellCode:
        """The symbols spelling the cell ``text`` (upper case, as boards hold it); empty for a
        blocked cell or one holding a letter no word uses.  A cell is split into the
        lexicon's tiles, longest first where tiles are longer than one letter.  Cost: one
        dictionary look-up once a text has been seen."""
        code = self._codes.get(text)
        if code is None:
            code = () if text == BLOCKED else _split(text, self._symbol_of())
            if len(self._codes) < 4096:  # boards hold few distinct cells; stay bounded
                self._codes[text] = code
        return code

    def _symbol_of(self) -> dict[str, int]:
        return {text: number for number, text in enumerate(self.symbols) if number}


def _split(text: str, symbol_of: dict[str, int]) -> CellCode:
    """``text`` as symbols, longest tile first with backtracking; () when it cannot be
    split (a letter no word uses)."""
    longest = max(map(len, symbol_of), default=1)
    ways: dict[int, CellCode | None] = {len(text): ()}
    for start in range(len(text) - 1, -1, -1):
        ways[start] = None
        for size in range(min(longest, len(text) - start), 0, -1):
            symbol = symbol_of.get(text[start : start + size])
            rest = ways[start + size]
            if symbol is not None and rest is not None:
                ways[start] = (symbol, *rest)
                break
    return ways[0] or ()


_TABLES: weakref.WeakKeyDictionary[PackedNodes, SymbolTables] = weakref.WeakKeyDictionary()


def symbol_tables(lexicon: Lexicon) -> SymbolTables:
    """The kernel's tables for ``lexicon``, made once per lexicon (a few ms for ENABLE
    compiled, plus whatever :func:`packed_nodes` costs the first time) and kept with it."""
    packed = packed_nodes(lexicon)
    tables = _TABLES.get(packed)
    if tables is None:
        tables = _build(packed)
        _TABLES[packed] = tables
    return tables


def _build(packed: PackedNodes) -> SymbolTables:
    """Translate a packed table: its letter bits must be consecutive (the tile order), its
    terminal bit anywhere else."""
    bits = sorted(packed.letter_bits.items(), key=lambda item: item[1])
    symbols = ("", *(text for text, _ in bits))
    low = bits[0][1].bit_length() - 1 if bits else 0
    letters = 0
    for number, (_, bit) in enumerate(bits):
        if bit != 1 << (low + number):
            raise ValueError("the packed table's letter bits are not consecutive")
        letters |= bit
    nodes, stride = breadth_first_layout(packed.masks, packed.first, letters, low, packed.terminal)
    latin_1 = array("h", [NOT_A_LETTER] * 256)
    symbol_of = {text: number for number, text in enumerate(symbols) if number}
    for code in range(256):
        upper = chr(code).upper()
        if len(upper) == 1 and upper in symbol_of:
            latin_1[code] = symbol_of[upper]
        elif len(upper) == 1 and upper.isalpha():
            latin_1[code] = DEAD_LETTER
    spellings = bytes(
        ord(text) if len(text) == 1 and ord(text) < 256 else 0 for text in symbols
    )
    return SymbolTables(symbols, nodes, stride, len(packed.masks), latin_1, spellings)
