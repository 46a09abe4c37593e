"""Every way a lexicon source can be unusable gives one clear error that names the file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from wordgames.errors import (
    InvalidArgumentError,
    InvalidArgumentTypeError,
    LexiconError,
    WordGamesError,
)
from wordgames.lexicon import backend_class, backend_names, load_lexicon, named_lexicons, read_words

BACKENDS = backend_names()


def write(tmp_path: Path, content: bytes, name: str = "list.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


def assert_lexicon_error(source: Path, match: str, backend: str = "trie") -> None:
    """Both the loader and the reader raise a LexiconError naming ``source``."""
    with pytest.raises(LexiconError, match=match) as loaded:
        load_lexicon(source, backend)
    with pytest.raises(LexiconError, match=match) as read:
        read_words(source)
    for error in (loaded.value, read.value):
        assert str(source) in str(error)
        assert "\n" not in str(error)


@pytest.mark.parametrize("backend", BACKENDS)
def test_missing_file(tmp_path: Path, backend: str) -> None:
    assert_lexicon_error(tmp_path / "nope.txt", "no such word file", backend)


@pytest.mark.parametrize("backend", BACKENDS)
def test_directory(tmp_path: Path, backend: str) -> None:
    assert_lexicon_error(tmp_path, "is a directory", backend)


def test_unreadable_file(tmp_path: Path) -> None:
    path = write(tmp_path, b"cat\n")
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running with privileges that read a mode-000 file")
        assert_lexicon_error(path, "permission denied")
    finally:
        path.chmod(0o600)


@pytest.mark.parametrize(
    ("failure", "match"),
    [
        (PermissionError(13, "Permission denied"), "permission denied"),
        (OSError(5, "Input/output error"), r"cannot read word file \(Input/output error\)"),
    ],
)
def test_os_failures_while_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: OSError, match: str
) -> None:
    """The same mapping, simulated, so it is checked even where mode 000 does not stop us."""
    path = write(tmp_path, b"cat\n")

    def refuse(*args: object, **kwargs: object) -> object:
        raise failure

    monkeypatch.setattr("wordgames.textfiles.os.open", refuse)
    assert_lexicon_error(path, match)


@pytest.mark.parametrize("backend", BACKENDS)
def test_binary_content(tmp_path: Path, backend: str) -> None:
    assert_lexicon_error(write(tmp_path, b"cat\n\x00\x01\x02dog\n"), "binary", backend)


def test_utf16_is_binary(tmp_path: Path) -> None:
    assert_lexicon_error(write(tmp_path, "cat\ndog\n".encode("utf-16")), "binary")


@pytest.mark.parametrize("backend", BACKENDS)
def test_not_utf8(tmp_path: Path, backend: str) -> None:
    path = write(tmp_path, "café\n".encode("latin-1"))
    assert_lexicon_error(path, r"not UTF-8 text \(undecodable byte at offset 3\)", backend)


@pytest.mark.parametrize("content", [b"", b"\n\n\n", b"  \r\n\t\r\n", b"\xef\xbb\xbf"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_no_words(tmp_path: Path, content: bytes, backend: str) -> None:
    assert_lexicon_error(write(tmp_path, content), "contains no words", backend)


def test_unknown_backend(tmp_path: Path) -> None:
    path = write(tmp_path, b"cat\n")
    for backend in ("dawg", "", "TRIE", None, 3):
        with pytest.raises(InvalidArgumentError, match="unknown lexicon backend") as raised:
            load_lexicon(path, backend)  # type: ignore[arg-type]
        assert isinstance(raised.value, ValueError)
        assert "trie" in str(raised.value) and "sortedset" in str(raised.value)
    with pytest.raises(InvalidArgumentError):
        backend_class("dawg")


@pytest.mark.parametrize("source", [None, 42, 3.5, b"enable", ["enable"]])
def test_non_string_source(source: object) -> None:
    with pytest.raises(InvalidArgumentTypeError, match="path or a name") as raised:
        load_lexicon(source)  # type: ignore[arg-type]
    assert isinstance(raised.value, TypeError)
    assert type(source).__name__ in str(raised.value)


def test_empty_source() -> None:
    with pytest.raises(LexiconError, match="empty"):
        load_lexicon("")


def test_unknown_shipped_name_lists_the_shipped_ones() -> None:
    with pytest.raises(LexiconError, match=r"nosuchlist: .*\(shipped: .*enable"):
        load_lexicon("nosuchlist")


def test_every_error_is_a_wordgames_error(tmp_path: Path) -> None:
    for source in (tmp_path / "missing", tmp_path, write(tmp_path, b"\0")):
        with pytest.raises(WordGamesError):
            load_lexicon(source)


def test_trie_alphabet_overflow_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "\n".join(chr(0x4E00 + i) for i in range(70)).encode())
    with pytest.raises(LexiconError, match="70 distinct characters") as raised:
        load_lexicon(path, "trie")
    assert str(path) in str(raised.value)
    assert len(load_lexicon(path, "sortedset")) == 70


# --- how a source is resolved --------------------------------------------------------------


def test_shipped_name_any_case_and_cwd_folder_of_that_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "enable").mkdir()  # a folder sharing the shipped name must not shadow it
    assert len(load_lexicon("enable")) == 172_823
    assert len(load_lexicon("ENABLE", "sortedset")) == 172_823


def test_a_file_path_wins_over_a_shipped_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, b"only\nthese\n", name="enable")
    lexicon = load_lexicon("enable")
    assert list(lexicon) == ["ONLY", "THESE"]
    assert lexicon.source == "enable"


def test_path_objects_and_relative_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = write(tmp_path, b"cat\n", name="mine.txt")
    assert list(load_lexicon(path)) == list(load_lexicon("mine.txt")) == ["CAT"]
    assert load_lexicon(path).source == str(path)


def test_names_resolve_in_the_lexicon_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second, elsewhere = tmp_path / "first", tmp_path / "second", tmp_path / "cwd"
    for folder in (first, second, elsewhere):
        folder.mkdir()
    write(first, b"alpha\n", name="Mine.txt")
    write(second, b"beta\n", name="mine.txt")  # the first folder holding a name wins
    write(second, b"gamma\n", name="other.txt")
    write(second, b"impostor\n", name="enable.txt")  # shipped names come first
    write(second, b"not a list\n", name="notes.md")
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv("WORDGAMES_LEXICON_PATH", os.pathsep.join([str(first), "", str(second)]))
    assert list(load_lexicon("mine")) == list(load_lexicon("MINE.txt")) == ["ALPHA"]
    assert list(load_lexicon("Other", "sortedset")) == ["GAMMA"]
    assert len(load_lexicon("enable")) == 172_823
    assert set(named_lexicons()) == {"enable", "mine", "other"}
    with pytest.raises(LexiconError, match=r"notes: no such word file or lexicon name \(shipped or in "
                                          r"\$WORDGAMES_LEXICON_PATH: enable, mine, other\)"):
        load_lexicon("notes")
    monkeypatch.setenv("WORDGAMES_LEXICON_PATH", str(tmp_path / "absent"))  # a missing folder is no error
    assert set(named_lexicons()) == {"enable"}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("content", [bytes(8), bytes(16)], ids=["two empty roots", "four empty nodes"])
def test_a_word_graph_without_words_is_refused(tmp_path: Path, backend: str, content: bytes) -> None:
    """Issue 29, item 2: ``head -c 8 /dev/zero > e.kwg`` loaded as a 0-word lexicon (and
    ``lexicon info`` then died in ``min()``); an empty text list was already refused."""
    path = write(tmp_path, content, "e.kwg")
    with pytest.raises(LexiconError, match="contains no words"):
        load_lexicon(path, backend)
    with pytest.raises(LexiconError, match="contains no words"):
        read_words(path)
