"""Packed node tables: built through the public node walk, the trie's own layout, the cache."""

from __future__ import annotations

from array import array

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.lexicon import cache, lexicon_from_words
from wordgames.lexicon.packed import PackedNodes, build_packed_nodes, packed_nodes

words = st.lists(st.text("ABCQUÉ-", min_size=1, max_size=6), min_size=1, max_size=40)


def walk_words(table: PackedNodes) -> list[str]:
    """Every word of a table, by walking its arrays (the layout the engines rely on)."""
    letter_of = {bit: letter for letter, bit in table.letter_bits.items()}  # bit t - 1 for tile t
    found = []

    def visit(node: int, prefix: str) -> None:
        mask = table.masks[node]
        if mask & table.terminal:
            found.append(prefix)
        for bit in sorted(letter_of):
            if mask & bit:
                visit(table.first[node] + (mask & (bit - 1)).bit_count(), prefix + letter_of[bit])

    visit(0, "")
    return found


@given(words=words)
def test_the_node_walk_table_is_the_trie_layout(words: list[str]) -> None:
    built = build_packed_nodes(lexicon_from_words(words, "sortedset"))
    trie = packed_nodes(lexicon_from_words(words, "trie"))
    assert (built.masks, built.first, built.terminal) == (trie.masks, trie.first, trie.terminal)
    assert built.letter_bits == trie.letter_bits
    assert walk_words(built) == sorted({word.upper() for word in words})
    assert built.masks.typecode == "Q" and built.first.typecode == "I"


@given(words=words)
def test_bytes_round_trip(words: list[str]) -> None:
    table = build_packed_nodes(lexicon_from_words(words, "sortedset"))
    again = PackedNodes.from_bytes(table.to_bytes())
    assert (again.masks, again.first, again.terminal, again.letter_bits) == (
        table.masks, table.first, table.terminal, table.letter_bits
    )


@pytest.mark.parametrize("cut", [0, 5, 14, -1])
def test_truncated_or_foreign_bytes_are_rejected(cut: int) -> None:
    data = build_packed_nodes(lexicon_from_words(["CAT", "CATS", "DOG"], "sortedset")).to_bytes()
    with pytest.raises(ValueError):
        PackedNodes.from_bytes(data[:cut])
    with pytest.raises(ValueError):
        PackedNodes.from_bytes(b"XXXX" + data[4:])


def test_a_table_pointing_past_its_end_is_rejected() -> None:
    table = build_packed_nodes(lexicon_from_words(["AB"], "sortedset"))
    broken = PackedNodes(table.masks, array("I", [1, 99, 3]), table.alphabet)
    with pytest.raises(ValueError):
        PackedNodes.from_bytes(broken.to_bytes())


def test_too_many_letters_is_a_value_error() -> None:
    capitals = [*range(0x41, 0x5B), *range(0x410, 0x430), *range(0x391, 0x3A2)]  # 75 letters
    alphabet = [chr(code) for code in capitals]
    with pytest.raises(ValueError, match="63"):
        build_packed_nodes(lexicon_from_words(alphabet, "sortedset"))


def test_a_built_table_is_kept_in_memory_and_in_the_cache() -> None:
    source = ["DOG", "DOGS", "DOE", "CAT"]
    lexicon = lexicon_from_words(source, "sortedset")
    table = packed_nodes(lexicon)
    assert packed_nodes(lexicon) is table
    names = [entry.path.name for entry in cache.entries() if entry.path.name.startswith("packed-")]
    assert names
    # A new lexicon of the same words reads the entry instead of walking.
    other = lexicon_from_words(source, "sortedset")
    other.step = None  # type: ignore[method-assign]  # a walk would fail
    assert walk_words(packed_nodes(other)) == sorted(source)


def test_a_corrupt_cache_entry_is_rebuilt() -> None:
    source = ["EEL", "EELS", "EMU"]
    packed_nodes(lexicon_from_words(source, "sortedset"))
    key = cache.cache_key("\n".join(sorted(source)).encode(), "packed")
    assert cache.write_entry(key, b"WGP1 garbage")
    assert walk_words(packed_nodes(lexicon_from_words(source, "sortedset"))) == source
