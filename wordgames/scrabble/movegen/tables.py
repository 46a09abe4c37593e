"""What the move generator learns about one lexicon and alphabet, kept between calls: node
expansions (a node's child letters as a bit mask plus each child), the letters that can lead
two places on, and cross-check sets by the letters above and below a square.

Everything is read through the lexicon's public node walk (``root``, ``step``, ``is_word_at``,
``next_letters``), so every backend works, and shared by all generators on that lexicon."""

from __future__ import annotations

import weakref
from typing import Any

from wordgames.lexicon import Lexicon

Node = Any
Child = tuple[int, str, str, Node, bool]
"""A child in a node expansion: (letter index, letter, lower-case letter, node, whether it
spells a word)."""
Expansion = tuple[int, dict[int, Child]]
"""A node expansion: the bit mask of the child letters, and each child by its letter's bit."""

_MAX_CACHED = 400_000


class LexiconTables:
    """What the generator learns about one lexicon and alphabet, kept between calls.

    * node expansions: a node's child letters as a bit mask plus each child's (index, letter,
      node, is a word), built from the lexicon's ``next_letters`` / ``step`` / ``is_word_at``
      the first time the node is reached;
    * cross-check masks by (letters above, letters below).

    Both memos are bounded: past ``_MAX_CACHED`` entries a memo starts again.
    """

    def __init__(self, lexicon: Lexicon, alphabet: str) -> None:
        self.lexicon = lexicon
        self.alphabet = alphabet
        self.index = {letter: i for i, letter in enumerate(alphabet)}
        # ``letters: int`` keeps the shift on Python ints when compiled (Cython would shift
        # a C long, which overflows past 31 or 63 letters).
        letters: int = len(alphabet)
        self.full_mask = (1 << letters) - 1
        self.expansions: dict[Node, Expansion] = {}
        self.cross_masks: dict[tuple[str, str], int] = {}
        self.follows: dict[Node, dict[int, int]] = {}
        # Idle typed kernels (see .kernel) by module and scoring, reused by every generator.
        self.kernels: dict[tuple[object, ...], list[Any]] = {}

    def expand(self, node: Node) -> Expansion:
        """The children of ``node`` whose letters are in the alphabet (memoised).
        Cost: one ``next_letters`` and one ``step`` per child the first time."""
        found = self.expansions.get(node)
        if found is not None:
            return found
        lexicon = self.lexicon
        index = self.index
        mask = 0
        children: dict[int, Child] = {}
        for letter in lexicon.next_letters(node):
            i = index.get(letter)
            if i is None:
                continue
            child = lexicon.step(node, letter)
            if child is not None:
                bit = 1 << i
                mask |= bit
                children[bit] = (i, letter, letter.lower(), child, lexicon.is_word_at(child))
        if len(self.expansions) >= _MAX_CACHED:
            self.expansions.clear()
        expansion = (mask, children)
        self.expansions[node] = expansion
        return expansion

    def follow(self, node: Node) -> dict[int, int]:
        """For each letter (by bit) that can come two places after ``node``, the mask of the
        letters that can go between (memoised).  Left parts use it to drop a prefix at once
        when no letter on the anchor can lead into the board tiles after it."""
        found = self.follows.get(node)
        if found is not None:
            return found
        expansions = self.expansions
        expand = self.expand
        follow: dict[int, int] = {}
        for bit, (_i, _letter, _lower, child, _is_word) in (expansions.get(node) or expand(node))[1].items():
            grandchildren = (expansions.get(child) or expand(child))[0]
            while grandchildren:
                second = grandchildren & -grandchildren
                grandchildren ^= second
                follow[second] = follow.get(second, 0) | bit
        if len(self.follows) >= _MAX_CACHED:
            self.follows.clear()
        self.follows[node] = follow
        return follow

    def cross_mask(self, above: str, below: str) -> int:
        """The letters ``x`` (as a bit mask) for which ``above + x + below`` is a word
        (memoised by the pair)."""
        key = (above, below)
        mask = self.cross_masks.get(key)
        if mask is not None:
            return mask
        lexicon = self.lexicon
        mask = 0
        node = lexicon.step(lexicon.root(), above) if above else lexicon.root()
        if node is not None:
            for bit, (_i, _letter, _lower, child, is_word) in self.expand(node)[1].items():
                if below:
                    end = lexicon.step(child, below)
                    if end is not None and lexicon.is_word_at(end):
                        mask |= bit
                elif is_word:
                    mask |= bit
        if len(self.cross_masks) >= _MAX_CACHED:
            self.cross_masks.clear()
        self.cross_masks[key] = mask
        return mask


_TABLES: dict[tuple[int, str], tuple[weakref.ref[Lexicon], LexiconTables]] = {}


def lexicon_tables(lexicon: Lexicon, alphabet: str) -> LexiconTables:
    """The shared :class:`LexiconTables` of ``lexicon`` for ``alphabet`` (made on first
    use, dropped when the lexicon is garbage-collected)."""
    key = (id(lexicon), alphabet)
    entry = _TABLES.get(key)
    if entry is not None and entry[0]() is lexicon:
        return entry[1]
    tables = LexiconTables(lexicon, alphabet)
    registry = _TABLES  # bound here: at interpreter exit module globals may be gone

    def forget(_ref: weakref.ref[Lexicon]) -> None:
        registry.pop(key, None)

    _TABLES[key] = (weakref.ref(lexicon, forget), tables)
    return tables

