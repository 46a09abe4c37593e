"""A lexicon seen as a *bit walk*: the representation the board searcher runs on.

Nodes of a bit walk are ints (the root is 0).  For a node ``n``:

* ``masks[n]`` holds one bit per letter that can follow the node's prefix, plus the
  ``terminal`` bit when the prefix itself is a word;
* the children of ``n`` are numbered consecutively from ``first[n]`` in increasing bit order,
  so the child along letter bit ``b`` is ``first[n] + (masks[n] & (b - 1)).bit_count()``;
  reading ``first[n]`` may number the children on the spot (the mirror does it lazily), so
  callers never check whether a node is ready.

With that layout the searcher intersects "letters that may follow this prefix" with "letters
next to this cell" in one AND, so most dead ends cost nothing at all, and a step is a few
integer operations on local variables instead of a method call.

Two implementations:

* :class:`TrieBitWalk` reuses the arrays of the trie backend, which are laid out exactly this
  way already (nothing is copied or built; every node is expanded).
* :class:`MirrorBitWalk` works for any :class:`~wordgames.lexicon.Lexicon` through its public
  node walk (``root``/``step``/``is_word_at``/``next_letters``): it numbers the nodes it is
  asked about lazily and remembers them, so its cost is paid once per lexicon node ever
  reached, not once per search.  Memory grows with the part of the lexicon reached (at most
  one entry per lexicon node).

Use :func:`bit_walk_for` to get the right one for a lexicon.
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from wordgames.errors import LexiconError
from wordgames.lexicon import Lexicon, Node
from wordgames.lexicon.packed import packed_nodes
from wordgames.lexicon.trie import TrieLexicon

ROOT = 0
"""The root node (empty prefix) of every bit walk."""


class FirstChildren(Protocol):
    """``first[node]``: the number of a node's first child (see the module docstring)."""

    def __getitem__(self, node: int, /) -> int:
        """The number of ``node``'s first child."""


class BitWalk(ABC):
    """The bit-walk view of a lexicon (see the module docstring)."""

    masks: Sequence[int]
    """Per node: next-letter bits, plus :attr:`terminal` when the node's prefix is a word."""

    first: FirstChildren
    """Per node: the number of its first child (numbered on first reading, if need be)."""

    terminal: int
    """The bit of :attr:`masks` that marks a word."""

    letter_bits: Mapping[str, int]
    """The bit of each upper-case letter some word uses (read-only by contract)."""

    lexicon: Lexicon
    """The lexicon this walk views."""

    def bit_for(self, letter: str) -> int:
        """The bit of an upper-case letter (0 when no word uses it)."""
        return self.letter_bits.get(letter, 0)

    def child(self, node: int, letter_bit: int) -> int | None:
        """The child of ``node`` along ``letter_bit``, or None.  Cost: O(1) once expanded."""
        mask = self.masks[node]
        if not mask & letter_bit:
            return None
        return self.first[node] + (mask & (letter_bit - 1)).bit_count()

    def descend(self, node: int, letters: str) -> int | None:
        """The node reached from ``node`` along ``letters`` (upper case), or None.
        Cost: O(len(letters))."""
        for letter in letters:
            bit = self.bit_for(letter)
            if not bit:
                return None
            child = self.child(node, bit)
            if child is None:
                return None
            node = child
        return node

    def is_word(self, node: int) -> bool:
        """Whether ``node``'s prefix is a word."""
        return bool(self.masks[node] & self.terminal)


class TrieBitWalk(BitWalk):
    """The trie backend's own arrays, used in place (see :mod:`wordgames.lexicon.trie`):
    the trie's packed layout (:meth:`TrieLexicon.packed`) *is* a bit walk, so nothing is
    copied or built.  The tests compare it with :class:`MirrorBitWalk`.
    """

    def __init__(self, lexicon: TrieLexicon) -> None:
        """View ``lexicon``'s arrays; cost O(1)."""
        packed = packed_nodes(lexicon)
        self.lexicon = lexicon
        self.masks = packed.masks
        self.first = packed.first
        self.terminal = packed.terminal
        self.letter_bits = packed.letter_bits

    @staticmethod
    def supports(lexicon: Lexicon) -> bool:
        """Whether ``lexicon`` is a trie, whose packed layout this class reads."""
        return isinstance(lexicon, TrieLexicon)


class MirrorBitWalk(BitWalk):
    """A lazily numbered bit walk over any lexicon's public node walk.

    Letters get bits in alphabetical order and the terminal bit sits above them, as in the
    trie.  Cost: the alphabet is collected once, in one pass over the words (about 50 ms for
    CSW12); then the first reading of ``first[node]`` numbers the node's children with one
    ``step``, one ``next_letters`` and one ``is_word_at`` call per child, once per node for the
    life of the mirror.
    """

    def __init__(self, lexicon: Lexicon) -> None:
        """Collect the alphabet and number the root; nothing is expanded yet."""
        self.lexicon = lexicon
        alphabet = lexicon.alphabet.tiles
        self.letter_bits = {letter: 1 << index for index, letter in enumerate(alphabet)}
        self._letter_of_bit = {bit: letter for letter, bit in self.letter_bits.items()}
        self.terminal = 1 << 63
        self._nodes: list[Node] = []
        self.masks: list[int] = []
        self.first: _NumberedOnDemand = _NumberedOnDemand(self._number_children)
        self._add(lexicon.root())

    def _add(self, node: Node) -> None:
        """Number ``node`` (its mask now, its children later)."""
        lexicon = self.lexicon
        mask = self.terminal if lexicon.is_word_at(node) else 0
        bit_of = self.letter_bits
        for letter in lexicon.next_letters(node):
            mask |= bit_of[letter]
        self._nodes.append(node)
        self.masks.append(mask)

    def _number_children(self, node: int) -> int:
        """Number the children of ``node`` (called once per node, by ``first``) and return the
        first one's number."""
        base = len(self._nodes)
        parent: Any = self._nodes[node]
        letter_bits = self.masks[node] & ~self.terminal
        step = self.lexicon.step
        while letter_bits:
            bit = letter_bits & -letter_bits
            letter_bits ^= bit
            child = step(parent, self._letter_of_bit[bit])
            if child is None:
                raise LexiconError(f"{self.lexicon!r}: next_letters and step disagree")
            self._add(child)
        return base

    @property
    def node_count(self) -> int:
        """How many lexicon nodes this mirror has numbered so far."""
        return len(self._nodes)

    def is_expanded(self, node: int) -> bool:
        """Whether the children of ``node`` have been numbered yet."""
        return node in self.first


class _NumberedOnDemand(dict[int, int]):
    """The mirror's ``first``: a dict that numbers a node's children the first time it is read.

    A dict keeps the searcher's hot path to one C-level look-up for trie and mirror alike;
    ``__missing__`` runs once per node."""

    def __init__(self, number_children: Callable[[int], int]) -> None:
        """An empty table that calls ``number_children(node)`` for unknown nodes."""
        super().__init__()
        self._number_children = number_children

    def __missing__(self, node: int) -> int:
        """Number ``node``'s children, remember where they start and return it."""
        base = self._number_children(node)
        self[node] = base
        return base


def bit_walk_for(lexicon: Lexicon) -> BitWalk:
    """The fastest bit walk available for ``lexicon``: the trie's own arrays when it is the
    trie backend, else a lazily filled mirror over its public node walk."""
    if TrieBitWalk.supports(lexicon):
        assert isinstance(lexicon, TrieLexicon)
        return TrieBitWalk(lexicon)
    return MirrorBitWalk(lexicon)
