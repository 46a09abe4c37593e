"""The documented limits of lexicon input, non-regular files, and the public API's answers to
arguments of the wrong type or value (only the package's errors come out)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import (
    FileWriteError,
    InvalidArgumentError,
    InvalidArgumentTypeError,
    LexiconError,
    WordGamesError,
)
from wordgames.lexicon import (
    backend_class,
    backend_names,
    kwg,
    lexicon_from_words,
    load_lexicon,
    read_words,
    resolve_source,
    words_from_bytes,
)
from wordgames.limits import MAX_LEXICON_FILE_BYTES, MAX_WORD_LENGTH

BACKENDS = backend_names()


def assert_refused(source: str | Path, match: str) -> None:
    for load in (load_lexicon, read_words):
        with pytest.raises(LexiconError, match=match):
            load(source)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_dev_zero_is_not_a_word_file() -> None:
    assert_refused("/dev/zero", "not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.txt"
    os.mkfifo(pipe)
    assert_refused(pipe, "not a regular file")


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as stream:
        stream.truncate(MAX_LEXICON_FILE_BYTES + 1)  # sparse: costs no disk
    assert_refused(big, f"may hold at most {MAX_LEXICON_FILE_BYTES:,} bytes")
    graph = tmp_path / "big.kwg"
    big.rename(graph)
    assert_refused(graph, f"may hold at most {MAX_LEXICON_FILE_BYTES:,} bytes")
    with pytest.raises(LexiconError, match="may hold at most"):
        words_from_bytes(bytes(MAX_LEXICON_FILE_BYTES + 1))


def test_a_file_growing_past_the_limit_stops_at_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The size is checked on what is read too, not only on what stat said."""
    path = tmp_path / "list.txt"
    path.write_bytes(b"cat\n" * 40)
    monkeypatch.setattr("wordgames.lexicon.files.MAX_LEXICON_FILE_BYTES", 100)
    real_fstat = os.fstat

    def shrunk(descriptor: int) -> os.stat_result:
        status = list(real_fstat(descriptor))
        status[6] = 10  # st_size: the file "was" small when opened
        return os.stat_result(status)

    monkeypatch.setattr(os, "fstat", shrunk)
    assert_refused(path, "may hold at most 100 bytes")


def test_a_word_over_the_length_limit(tmp_path: Path) -> None:
    longest = "A" * MAX_WORD_LENGTH
    path = tmp_path / "long.txt"
    path.write_text(f"cat\n{longest}\n", encoding="utf-8")
    assert longest in load_lexicon(path)
    path.write_text(f"cat\n{longest}B\n", encoding="utf-8")
    assert_refused(path, f"a word of {MAX_WORD_LENGTH + 1} characters")
    path.write_text(f"cat is a word\n{longest}B and its definition\n", encoding="utf-8")
    assert_refused(path, f"words are limited to {MAX_WORD_LENGTH}")
    with pytest.raises(InvalidArgumentError, match="limited to"):
        lexicon_from_words(["cat", longest + "B"])


def test_a_megabyte_one_word_file_is_refused(tmp_path: Path) -> None:
    """The shape of the 50 MB one-word file of issue 11 (73 s and 1.4 GB before the limit)."""
    path = tmp_path / "one.txt"
    path.write_bytes(b"A" * 1_000_000)
    assert_refused(path, "a word of 1000000 characters")


@pytest.mark.parametrize("source", ["A" * 300, "A" * 5000, "a\0b"], ids=["300", "5000", "NUL"])
def test_unusable_path_names(source: str) -> None:
    assert_refused(source, "not a usable path|cannot read word file|no such word file")
    with pytest.raises(LexiconError):
        resolve_source(source)
    with pytest.raises(FileWriteError):
        kwg.write_kwg(source, ["CAT"])


def test_words_never_hold_whitespace() -> None:
    """A word file's line ``a b`` is the word A (its first token, OWL's definitions follow
    words); an API word with whitespace inside is refused, never stored as "A B"."""
    assert words_from_bytes(b"a b\n") == ["A"]
    for backend in BACKENDS:
        with pytest.raises(InvalidArgumentError, match="whitespace"):
            lexicon_from_words(["cat", "a b"], backend)
        with pytest.raises(InvalidArgumentError, match="whitespace"):
            lexicon_from_words(["a\tb"], backend)
        assert list(lexicon_from_words([" cat\n", "dog "], backend)) == ["CAT", "DOG"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_node_walk_arguments(backend: str) -> None:
    lexicon = lexicon_from_words(["cat", "cats", "dog"], backend)
    root = lexicon.root()
    with pytest.raises(InvalidArgumentTypeError, match="letters must be a string"):
        lexicon.step(root, None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentTypeError):
        lexicon.step(root, ["C"])  # type: ignore[arg-type]
    for foreign in (-1, 10**6, None, "x", 1.5, ("", 0, 99), ("", -1, 0)):
        with pytest.raises(InvalidArgumentError, match="not a node of this"):
            lexicon.is_word_at(foreign)
        with pytest.raises(InvalidArgumentError, match="not a node of this"):
            lexicon.next_letters(foreign)
        with pytest.raises(InvalidArgumentError, match="not a node of this"):
            lexicon.step(foreign, "C")
    assert lexicon.step(root, "") == root


@pytest.mark.parametrize("backend", BACKENDS)
def test_from_sorted_words_checks_its_input(backend: str) -> None:
    cls = backend_class(backend)
    with pytest.raises(InvalidArgumentError, match="sorted and unique"):
        cls.from_sorted_words(["DOG", "CAT"])
    with pytest.raises(InvalidArgumentError, match="sorted and unique"):
        cls.from_sorted_words(["CAT", "CAT"])
    with pytest.raises(InvalidArgumentTypeError):
        cls.from_sorted_words(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentTypeError):
        cls.from_sorted_words(["CAT", None])  # type: ignore[list-item]


# --- every public call, every kind of wrong argument -----------------------------------------

WRONG = [None, 0, -1, 10**30, 1.5, "", "x", b"x", [], ["A"], [None], object(), True, ("", 0, 99)]


def public_calls() -> list[tuple[str, Callable[[Any], object]]]:
    calls: list[tuple[str, Callable[[Any], object]]] = []
    for backend in BACKENDS:
        lex = lexicon_from_words(["cat", "cats", "dog"], backend)
        root = lex.root()
        cls = type(lex)
        calls += [
            (f"{backend} in", lambda x, lex=lex: x in lex),
            (f"{backend} has_prefix", lambda x, lex=lex: lex.has_prefix(x)),
            (f"{backend} words_with_prefix", lambda x, lex=lex: list(lex.words_with_prefix(x))),
            (f"{backend} step(root, x)", lambda x, lex=lex, root=root: lex.step(root, x)),
            (f"{backend} step(x, 'C')", lambda x, lex=lex: lex.step(x, "C")),
            (f"{backend} is_word_at", lambda x, lex=lex: lex.is_word_at(x)),
            (f"{backend} next_letters", lambda x, lex=lex: lex.next_letters(x)),
            (f"{backend} without_words", lambda x, lex=lex: lex.without_words_shorter_than(x)),
            (f"{backend} cursor step", lambda x, lex=lex: lex.cursor().step(x)),
            (f"{backend} from_sorted_words", lambda x, cls=cls: cls.from_sorted_words(x)),
            (f"{backend} ==", lambda x, lex=lex: lex == x),
        ]
    tiny_graph = kwg.kwg_bytes_from_words(["A"])
    calls += [
        ("load_lexicon(x)", lambda x: load_lexicon(x)),
        ("load_lexicon(name, x)", lambda x: load_lexicon("enable", x)),
        ("lexicon_from_words(x)", lambda x: lexicon_from_words(x)),
        ("lexicon_from_words(words, x)", lambda x: lexicon_from_words(["a"], x)),
        ("read_words", lambda x: read_words(x)),
        ("words_from_bytes", lambda x: words_from_bytes(x)),
        ("words_from_bytes(data, x)", lambda x: words_from_bytes(b"a", x)),
        ("resolve_source", lambda x: resolve_source(x)),
        ("backend_class", lambda x: backend_class(x)),
        ("kwg.nodes_from_bytes", lambda x: kwg.nodes_from_bytes(x)),
        ("kwg.nodes_to_bytes", lambda x: kwg.nodes_to_bytes(x)),
        ("kwg.looks_like_kwg", lambda x: kwg.looks_like_kwg(x)),
        ("kwg.decode_words", lambda x: kwg.decode_words(x)),
        ("kwg.decode_words(root=x)", lambda x: kwg.decode_words(kwg.encode_words([(1,)]), x)),
        ("kwg.decode_words(max_length=x)",
         lambda x: kwg.decode_words(kwg.encode_words([(1,)]), max_length=x)),
        ("kwg.decode_words(max_words=x)",
         lambda x: kwg.decode_words(kwg.encode_words([(1,)]), max_words=x)),
        ("kwg.encode_words", lambda x: kwg.encode_words(x)),
        ("kwg.encode_words([x])", lambda x: kwg.encode_words([x])),
        ("kwg.words_from_kwg_bytes", lambda x: kwg.words_from_kwg_bytes(x)),
        ("kwg.words_from_kwg_bytes(data, x)", lambda x: kwg.words_from_kwg_bytes(tiny_graph, x)),
        ("kwg.kwg_bytes_from_words", lambda x: kwg.kwg_bytes_from_words(x)),
        ("kwg.kwg_bytes_from_words(words, x)", lambda x: kwg.kwg_bytes_from_words(["A"], x)),
        ("kwg.word_to_tiles", lambda x: kwg.word_to_tiles(x)),
        ("kwg.word_to_tiles(word, x)", lambda x: kwg.word_to_tiles("A", x)),
        ("kwg.pack_node(x, ...)", lambda x: kwg.pack_node(x, 0, 0, 0)),
        ("kwg.pack_node(..., x)", lambda x: kwg.pack_node(1, 0, 0, x)),
    ]
    return calls


def test_public_calls_raise_only_package_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a wrong argument that happens to be a path writes nothing real
    failures = []
    for name, call in public_calls():
        for value in WRONG:
            try:
                call(value)
            except WordGamesError:
                pass
            except Exception as error:
                failures.append(f"{name}({value!r}): {type(error).__name__}: {error}")
    for name, call in [
        ("kwg.write_kwg(x, words)", lambda x: kwg.write_kwg(x, ["A"])),
        ("kwg.write_kwg(path, x)", lambda x: kwg.write_kwg(tmp_path / "out.kwg", x)),
    ]:
        for value in WRONG:
            if isinstance(value, str):
                continue  # a valid file name
            try:
                call(value)
            except WordGamesError:
                pass
            except Exception as error:
                failures.append(f"{name}({value!r}): {type(error).__name__}: {error}")
    assert failures == []


@given(st.binary(max_size=300))
def test_fuzz_word_file_reader(data: bytes) -> None:
    """Arbitrary bytes: a sorted list of words within the limits, or a LexiconError."""
    try:
        words = words_from_bytes(data, "fuzz.txt")
    except LexiconError:
        return
    assert words == sorted(set(words)) and words
    assert all(0 < len(word) <= MAX_WORD_LENGTH and word.split() == [word] for word in words)


@given(st.text(alphabet="ab \t\n\r\u00a0\u2028é", max_size=200))
def test_fuzz_text_word_files(text: str) -> None:
    """Text made mostly of separators: the first token of every line, upper-cased."""
    try:
        words = words_from_bytes(text.encode("utf-8"))
    except LexiconError as error:
        assert "no words" in str(error)
        return
    assert words == sorted({line.split()[0].upper() for line in text.upper().splitlines()
                            if line.split()})
