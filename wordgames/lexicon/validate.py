"""Checks of compiled lexicon payloads read back from the on-disk cache.

The compiled search loops index the packed arrays without bounds checks, so an entry whose
indices point past its arrays, or whose nodes loop back, would crash or hang the process
instead of raising.  Each backend's ``from_bytes`` therefore passes what it read through these
checks before anything walks it; a payload that fails one is a ValueError, and the loader
rebuilds the lexicon from its source.  They depend only on the shapes the compiled core walks,
not on how a payload is laid out in bytes.

:func:`check_prefix_tree`'s loop is compiled with the rest of the core (``validate.pxd``):
about a millisecond for CSW12's 594,000 nodes, a tenth of a second interpreted.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from wordgames.limits import MAX_WORD_LENGTH

MAX_LETTER_BITS = 63
"""Letters a packed prefix tree can hold: one bit each, plus the terminal bit, in 64 bits."""


def check_prefix_tree(masks: array[int], first: array[int], letters: int, words: int = -1) -> None:
    """ValueError unless ``masks`` and ``first`` form a breadth-first prefix tree over
    ``letters`` letter bits (the layout of :mod:`wordgames.lexicon.trie`; masks of typecode
    ``I`` or ``Q``, first of ``I``): as many entries in each, at least the root, no bit above
    the terminal bit ``1 << letters``, and each node's children numbered right after those of
    the node before it.  Then every child index ``first[node] + popcount(masks[node] & (bit -
    1))`` is a node after ``node``: in range, and no walk comes back to a node.  With
    ``words`` >= 0, the word-ending nodes must number that many.  Cost: one pass over the
    arrays."""
    nodes = len(masks)
    if nodes == 0 or len(first) != nodes:
        raise ValueError(f"a prefix tree needs a root, and a child index per mask ({nodes}, {len(first)})")
    if not 0 <= letters <= MAX_LETTER_BITS:
        raise ValueError(f"a prefix tree holds 0 to {MAX_LETTER_BITS} letters, not {letters}")
    one = 1  # a 64-bit unsigned 1 when compiled: the shift below is then defined up to 63
    letter_bits = (one << letters) - one
    expected = 1  # the root's children start at node 1
    ends = 0
    for node in range(nodes):
        mask = masks[node]
        above = mask >> letters
        if above > 1:
            raise ValueError(f"node {node} has a letter bit beyond the alphabet")
        if first[node] != expected:
            raise ValueError(f"node {node}'s children do not follow the previous node's")
        ends += above
        bits = mask & letter_bits
        while bits:
            bits &= bits - 1
            expected += 1
    if expected != nodes:
        raise ValueError(f"the nodes' children number {expected - 1}, not the {nodes - 1} non-root nodes")
    if words >= 0 and ends != words:
        raise ValueError(f"the tree's {ends} word-ending nodes do not number its {words} words")


def check_word_payload(words: Sequence[str]) -> None:
    """ValueError unless ``words`` are strictly increasing (sorted and unique, which the
    backends' binary searches rely on), in upper case (as every query is, so that a walk never
    meets a letter it cannot step on) and each of 1 to MAX_WORD_LENGTH characters.  Cost: a
    few C-level passes."""
    if any(map(str.__ge__, words, words[1:])):
        raise ValueError("the words are not sorted and unique")
    if words and (words[0] == "" or max(map(len, words)) > MAX_WORD_LENGTH):
        raise ValueError(f"a word is empty or longer than {MAX_WORD_LENGTH} characters")
    text = "\n".join(words)
    if text.upper() != text:
        raise ValueError("a word is not in upper case")
