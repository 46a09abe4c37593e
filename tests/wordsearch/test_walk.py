"""Bit walks: the trie's arrays used in place, the lazy mirror for any other backend."""

from __future__ import annotations

import random

import pytest

from wordgames.errors import LexiconError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.wordsearch.walk import ROOT, BitWalk, MirrorBitWalk, TrieBitWalk, bit_walk_for

WORDS = ["A", "AB", "ABC", "ABD", "B", "BAD", "CAB", "QUA", "QUAD", "ZZZ"]


def walks() -> list[BitWalk]:
    return [
        TrieBitWalk(lexicon_from_words(WORDS, "trie")),  # type: ignore[arg-type]
        MirrorBitWalk(lexicon_from_words(WORDS, "trie")),
        MirrorBitWalk(lexicon_from_words(WORDS, "sortedset")),
    ]


def test_bit_walk_for_picks_the_trie_arrays_for_the_trie() -> None:
    # If the trie ever changes its layout this fails loudly instead of the searcher silently
    # falling back to the slower mirror.
    assert isinstance(bit_walk_for(lexicon_from_words(WORDS, "trie")), TrieBitWalk)
    assert isinstance(bit_walk_for(lexicon_from_words(WORDS, "sortedset")), MirrorBitWalk)


@pytest.mark.parametrize("walk", walks(), ids=["trie", "mirror-trie", "mirror-sortedset"])
def test_descend_agrees_with_the_lexicon(walk: BitWalk) -> None:
    lexicon = walk.lexicon
    rng = random.Random(7)
    probes = {w[:k] for w in WORDS for k in range(len(w) + 1)}
    probes |= {"".join(rng.choice("ABCDQUZX") for _ in range(rng.randint(1, 4))) for _ in range(300)}
    for text in sorted(probes):
        node = walk.descend(ROOT, text)
        assert (node is not None) == lexicon.has_prefix(text), text
        if node is not None:
            assert walk.is_word(node) == (text in lexicon), text


@pytest.mark.parametrize("walk", walks(), ids=["trie", "mirror-trie", "mirror-sortedset"])
def test_unknown_letters_have_no_bit(walk: BitWalk) -> None:
    assert walk.bit_for("#") == 0
    assert walk.bit_for("Y") == 0
    assert walk.bit_for("A") != 0
    assert walk.descend(ROOT, "AY") is None


def test_children_are_numbered_in_bit_order() -> None:
    walk = MirrorBitWalk(lexicon_from_words(WORDS, "sortedset"))
    root_mask = walk.masks[ROOT]
    children = [walk.child(ROOT, walk.bit_for(letter)) for letter in "ABCQZ"]
    assert children == sorted(children)
    assert len(set(children)) == 5
    assert root_mask & walk.terminal == 0  # the empty string is not a word


def test_the_mirror_expands_lazily_and_once() -> None:
    walk = MirrorBitWalk(lexicon_from_words(WORDS, "sortedset"))
    assert walk.node_count == 1
    assert not walk.is_expanded(ROOT)
    walk.descend(ROOT, "QUA")
    assert walk.is_expanded(ROOT)
    counted = walk.node_count
    assert counted < 15  # only the nodes along QUA and their siblings
    walk.descend(ROOT, "QUA")
    assert walk.node_count == counted
    assert walk.first[ROOT] == 1  # reading it again numbers nothing
    assert walk.node_count == counted


class _Inconsistent(Lexicon):
    """A broken lexicon whose next_letters promises a letter step() denies."""

    backend_name = "broken"
    source = "<broken>"

    @classmethod
    def from_sorted_words(cls, words: list[str], source: str = "<words>") -> Lexicon:
        return cls()

    def to_bytes(self) -> bytes:
        return b""

    @classmethod
    def from_bytes(cls, data: bytes, source: str = "<words>") -> Lexicon:
        return cls()

    def __contains__(self, word: object) -> bool:
        return word == "A"

    def has_prefix(self, prefix: str) -> bool:
        return prefix in ("", "A")

    def __len__(self) -> int:
        return 1

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(["A"])

    def words_with_prefix(self, prefix: str):  # type: ignore[no-untyped-def]
        return iter(["A"] if self.has_prefix(prefix) else [])

    def root(self) -> object:
        return ""

    def step(self, node: object, letters: str) -> object:
        return None

    def is_word_at(self, node: object) -> bool:
        return node == "A"

    def next_letters(self, node: object) -> str:
        return "A" if node == "" else ""


def test_an_inconsistent_lexicon_is_reported() -> None:
    walk = MirrorBitWalk(_Inconsistent())
    with pytest.raises(LexiconError, match="disagree"):
        walk.descend(ROOT, "A")
