"""Both backends give the same answers as a reference model, and their node walks agree with
their whole-string queries: on generated small lexicons and on a real word list."""

from __future__ import annotations

import random

import pytest
from conftest import shared_lexicon
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import InvalidArgumentTypeError
from wordgames.lexicon import Cursor, Lexicon, backend_class, backend_names, lexicon_from_words

from .support import ReferenceLexicon

BACKENDS = backend_names()

# Upper and lower case, punctuation that real lists contain, and characters whose case mapping
# is unusual ("ß" upper-cases to "SS", dotless "ı" to "I", "Ω" is in no word).
WORD_ALPHABET = "ABCDEabcde-'ß"
QUERY_ALPHABET = WORD_ALPHABET + "ıZzΩ "

words_strategy = st.lists(st.text(WORD_ALPHABET, min_size=1, max_size=6), max_size=25)
queries_strategy = st.lists(st.text(QUERY_ALPHABET, max_size=7), max_size=15)


def both(words: list[str]) -> list[Lexicon]:
    return [lexicon_from_words(words, backend) for backend in BACKENDS]


def case_variants(text: str) -> list[str]:
    return [text, text.lower(), text.upper(), text.swapcase(), text.title()]


def walk(lexicon: Lexicon, letters: str, chunks: list[int]) -> object:
    """Step from the root along ``letters`` in pieces of the given sizes (the rest in one)."""
    node = lexicon.root()
    position = 0
    for size in chunks:
        if position >= len(letters) or node is None:
            break
        node = lexicon.step(node, letters[position : position + size])
        position += size
    if node is not None and position < len(letters):
        node = lexicon.step(node, letters[position:])
    return node


@given(words=words_strategy, queries=queries_strategy)
def test_whole_string_queries_match_the_reference(words: list[str], queries: list[str]) -> None:
    reference = ReferenceLexicon(words)
    probes = [q for text in queries + words + [w[:2] for w in words] for q in case_variants(text)]
    for lexicon in both(words):
        assert len(lexicon) == len(reference.words)
        assert list(lexicon) == reference.words
        assert list(lexicon.words_with_prefix("")) == reference.words
        for probe in probes:
            assert (probe in lexicon) == reference.contains(probe), (lexicon, probe)
            assert lexicon.has_prefix(probe) == reference.has_prefix(probe), (lexicon, probe)
            assert list(lexicon.words_with_prefix(probe)) == reference.words_with_prefix(probe)


@given(words=words_strategy, queries=st.lists(st.text(max_size=5), max_size=10))
def test_arbitrary_unicode_queries(words: list[str], queries: list[str]) -> None:
    """Any string at all (controls, surrogates, astral characters) gets an answer, not a crash."""
    reference = ReferenceLexicon(words)
    for lexicon in both(words):
        for query in queries:
            assert (query in lexicon) == reference.contains(query)
            assert lexicon.has_prefix(query) == reference.has_prefix(query)
            node = lexicon.step(lexicon.root(), query)
            if query or lexicon:
                assert (node is not None) == reference.has_prefix(query)


@given(words=words_strategy)
def test_a_word_is_a_prefix_of_itself_and_empty_is_a_prefix(words: list[str]) -> None:
    for lexicon in both(words):
        assert lexicon.has_prefix("") == bool(lexicon)
        for word in lexicon:
            assert word in lexicon and word.lower() in lexicon
            assert lexicon.has_prefix(word) and lexicon.has_prefix(word.lower())
            for end in range(len(word)):
                assert lexicon.has_prefix(word[:end])


@given(
    words=words_strategy,
    queries=queries_strategy,
    chunks=st.lists(st.integers(min_value=1, max_value=3), max_size=4),
)
def test_node_walk_agrees_with_whole_string_queries(
    words: list[str], queries: list[str], chunks: list[int]
) -> None:
    reference = ReferenceLexicon(words)
    alphabet = sorted(set("".join(reference.words)))
    probes = [q for text in queries + reference.words for q in case_variants(text)]
    probes += [word[:end] for word in reference.words for end in range(len(word))]
    for lexicon in both(words):
        for probe in probes:
            by_letter = walk(lexicon, probe, [1] * len(probe))
            at_once = lexicon.step(lexicon.root(), probe)
            chunked = walk(lexicon, probe, chunks)
            if probe or lexicon:
                assert (at_once is not None) == lexicon.has_prefix(probe), (lexicon, probe)
            assert (by_letter is None) == (at_once is None) == (chunked is None)
            if at_once is None:
                continue
            assert by_letter == at_once == chunked, "the same position, however it is reached"
            assert lexicon.is_word_at(at_once) == (probe in lexicon)
            expected = "".join(c for c in alphabet if lexicon.has_prefix(probe + c))
            assert lexicon.next_letters(at_once) == expected == reference.next_letters(probe)


@given(words=words_strategy)
def test_backends_are_equal_and_round_trip_through_bytes(words: list[str]) -> None:
    trie, sortedset = both(words)
    assert trie == sortedset
    for lexicon in (trie, sortedset):
        again = type(lexicon).from_bytes(lexicon.to_bytes(), "<again>")
        assert again == lexicon
        assert len(again) == len(lexicon)
        assert again.has_prefix("") == lexicon.has_prefix("")


def test_step_by_nothing_stays_put() -> None:
    for lexicon in both(["cat", "cats"]) + both([]):
        root = lexicon.root()
        assert lexicon.step(root, "") == root
    for lexicon in both(["cat"]):
        node = lexicon.step(lexicon.root(), "CA")
        assert lexicon.step(node, "") == node


def test_empty_lexicon_answers_no() -> None:
    for lexicon in both([]):
        assert len(lexicon) == 0 and list(lexicon) == []
        assert "" not in lexicon and "A" not in lexicon
        assert not lexicon.has_prefix("") and not lexicon.has_prefix("A")
        assert lexicon.step(lexicon.root(), "A") is None
        assert lexicon.next_letters(lexicon.root()) == ""
        assert not lexicon.is_word_at(lexicon.root())


def test_hyphens_apostrophes_and_case_mapping() -> None:
    for lexicon in both(["co-op", "don't", "straße", "naïve"]):
        assert "CO-OP" in lexicon and "co-op" in lexicon and "COOP" not in lexicon
        assert "DON'T" in lexicon and lexicon.has_prefix("don'")
        assert "STRASSE" in lexicon and "straße" in lexicon  # "ß".upper() == "SS"
        assert "NAÏVE" in lexicon and lexicon.has_prefix("naï")
        node = lexicon.step(lexicon.root(), "co")
        assert node is not None and lexicon.next_letters(node) == "-"
        assert lexicon.step(lexicon.root(), "straß") == lexicon.step(lexicon.root(), "STRASS")
        assert lexicon.step(lexicon.root(), "don") is not None
        assert lexicon.step(lexicon.root(), "don't") is not None


def test_lower_case_steps_reach_the_same_node() -> None:
    for lexicon in both(["cat", "cab", "dog"]):
        upper = lexicon.step(lexicon.root(), "CA")
        assert lexicon.step(lexicon.root(), "ca") == upper
        assert lexicon.step(lexicon.step(lexicon.root(), "c"), "A") == upper
        assert lexicon.next_letters(upper) == "BT"


@pytest.mark.parametrize("backend", BACKENDS)
def test_non_strings(backend: str) -> None:
    lexicon = lexicon_from_words(["cat"], backend)
    assert 3 not in lexicon and None not in lexicon and b"CAT" not in lexicon
    with pytest.raises(InvalidArgumentTypeError):
        lexicon.has_prefix(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentTypeError):
        lexicon.has_prefix(b"CA")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentTypeError):
        lexicon.words_with_prefix(7)  # type: ignore[arg-type]  # raised at the call
    with pytest.raises(TypeError):
        lexicon_from_words(["cat", 3], backend)  # type: ignore[list-item]


@pytest.mark.parametrize("backend", BACKENDS)
def test_cursor(backend: str) -> None:
    lexicon = lexicon_from_words(["cat", "cats", "cab", "dog"], backend)
    cursor = lexicon.cursor()
    assert isinstance(cursor, Cursor) and cursor.prefix == "" and not cursor.is_word
    assert cursor.next_letters == "CD"
    cat = cursor.step("ca")
    assert cat is not None and cat.prefix == "CA" and cat.next_letters == "BT"
    cat = cat.step("t")
    assert cat is not None and cat.is_word and cat.prefix == "CAT"
    assert list(cat.words()) == ["CAT", "CATS"]
    assert repr(cat) == "Cursor('CAT', word=True)"
    assert cat.step("x") is None
    assert cursor.step("cats") is not None and cursor.step("catsu") is None
    with pytest.raises(InvalidArgumentTypeError):
        cursor.step(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("backend", BACKENDS)
def test_repr_and_equality(backend: str) -> None:
    lexicon = lexicon_from_words(["b", "a", "A", " c "], backend)
    assert list(lexicon) == ["A", "B", "C"]
    assert repr(lexicon).endswith("'<words>': 3 words>")
    assert lexicon == lexicon_from_words(["A", "B", "C"], "trie")
    assert lexicon != lexicon_from_words(["A", "B"], "sortedset")
    assert lexicon != ["A", "B", "C"]
    with pytest.raises(TypeError):
        hash(lexicon)


@given(words_strategy, st.integers(1, 7))
def test_dropping_short_words_keeps_the_backend_and_the_rest(words: list[str], minimum: int) -> None:
    for lexicon in both(words):
        shorter = lexicon.without_words_shorter_than(minimum)
        assert type(shorter) is type(lexicon)
        assert list(shorter) == [word for word in lexicon if len(word) >= minimum]
        if len(shorter) == len(lexicon):
            assert shorter is lexicon  # nothing dropped, nothing rebuilt
        assert lexicon.without_words_shorter_than(minimum) is shorter  # built once, then kept


@pytest.mark.parametrize("backend", BACKENDS)
def test_dropping_short_words_checks_its_argument(backend: str) -> None:
    lexicon = lexicon_from_words(["AT", "CAT"], backend)
    assert list(lexicon.without_words_shorter_than(4)) == []
    assert lexicon.without_words_shorter_than(3).source == "<words> (3+ letters)"
    with pytest.raises(InvalidArgumentTypeError):
        lexicon.without_words_shorter_than("3")  # type: ignore[arg-type]


def test_trie_alphabet_limit_is_reported() -> None:
    many = [chr(0x4E00 + i) for i in range(64)]  # caseless characters
    with pytest.raises(Exception, match="64 distinct characters") as raised:
        backend_class("trie").from_sorted_words(sorted(many), "many.txt")
    assert "many.txt" in str(raised.value)
    assert len(lexicon_from_words(many[:63], "trie")) == 63
    assert len(lexicon_from_words(many, "sortedset")) == 64


@pytest.mark.parametrize("size", [31, 32, 40, 63])
def test_wide_alphabets_round_trip(size: int) -> None:
    """Alphabets past 31 letters need 64-bit masks; the walk and the bytes must still work."""
    letters = [chr(0x4E00 + i) for i in range(size)]
    words = [a + b for a in letters[:3] for b in letters] + letters
    for lexicon in both(words):
        again = type(lexicon).from_bytes(lexicon.to_bytes())
        assert again == lexicon
        for probe in (letters[-1], letters[0] + letters[-1], letters[2] + letters[5]):
            node = again.step(again.root(), probe)
            assert node is not None and again.is_word_at(node)
        assert again.next_letters(again.step(again.root(), letters[1])) == "".join(letters)
        assert again.next_letters(again.step(again.root(), letters[4])) == ""


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_single_string_is_not_a_word_list(backend: str) -> None:
    for words in ("cat", b"cat"):
        with pytest.raises(InvalidArgumentTypeError, match="iterable of strings"):
            lexicon_from_words(words, backend)  # type: ignore[arg-type]
    assert list(lexicon_from_words(("cat",), backend)) == ["CAT"]
    assert list(lexicon_from_words(iter(["dog", "cat"]), backend)) == ["CAT", "DOG"]


# --- agreement on a real list --------------------------------------------------------------


def real_queries(words: list[str], count: int, seed: int) -> list[str]:
    """Words, their prefixes, one-letter mutations and lower-case variants, from a seed."""
    rng = random.Random(seed)
    alphabet = [*sorted(set("".join(words))), "Q", "-"]
    queries = []
    for _ in range(count):
        word = rng.choice(words)
        at = rng.randrange(len(word) + 1)
        choice = rng.randrange(4)
        if choice == 0:
            query = word
        elif choice == 1:
            query = word[:at]
        elif choice == 2:
            query = word[:at] + rng.choice(alphabet) + word[at + 1 :]
        else:
            query = word[:at] + rng.choice(alphabet) + word[at:]
        queries.append(query.lower() if rng.random() < 0.3 else query)
    return queries


def test_backends_agree_on_a_real_list() -> None:
    trie = shared_lexicon("lexicons/words_small.txt", "trie")
    sortedset = shared_lexicon("lexicons/words_small.txt", "sortedset")
    assert len(trie) == len(sortedset) == 19_912
    assert trie == sortedset
    words = list(trie)
    for query in real_queries(words, 3000, seed=7):
        assert (query in trie) == (query in sortedset), query
        assert trie.has_prefix(query) == sortedset.has_prefix(query), query
        trie_node = trie.step(trie.root(), query)
        set_node = sortedset.step(sortedset.root(), query)
        assert (trie_node is None) == (set_node is None) == (not trie.has_prefix(query))
        if trie_node is not None:
            assert trie.is_word_at(trie_node) == sortedset.is_word_at(set_node) == (query in trie)
            assert trie.next_letters(trie_node) == sortedset.next_letters(set_node)
    for prefix in ("", "a", "QU", "zz", "xylo", "nonexistent"):
        assert list(trie.words_with_prefix(prefix)) == list(sortedset.words_with_prefix(prefix))


def test_trie_shape_on_a_real_list() -> None:
    trie = shared_lexicon("lexicons/words_small.txt", "trie")
    prefixes = {word[:end] for word in trie for end in range(len(word) + 1)}
    assert trie.node_count == len(prefixes)  # type: ignore[attr-defined]
    assert "".join(trie.alphabet.tiles) == "".join(sorted(set("".join(trie))))
