"""The word-file reader: exact counts on every real list, and each format quirk it must absorb."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordgames.lexicon import read_words, shipped_lexicons, words_from_bytes

from .support import shared_words

EXPECTED_COUNTS = {
    "lexicons/CSW12.txt": 270_163,
    "lexicons/OWL.txt": 167_964,
    "lexicons/words.txt": 234_371,
    "lexicons/words_medium.txt": 172_823,
    "lexicons/words_small.txt": 19_912,
    "lexicons/words_tiny.txt": 5,
    "lexicons/sowpods.txt": 267_751,
    "formats/fit1045/dictionary.txt": 80_986,
    "formats/usc104/english-dictionary.txt": 109_582,
}


@pytest.mark.parametrize(("relative", "expected"), sorted(EXPECTED_COUNTS.items()))
def test_unique_word_counts_of_the_shared_lists(relative: str, expected: int) -> None:
    words = shared_words(relative)
    assert len(words) == expected
    assert words == sorted(set(words)), "sorted and unique"
    assert all(word == word.upper() and word.strip() == word and word for word in words)


def test_owl_definitions_are_dropped() -> None:
    words = shared_words("lexicons/OWL.txt")
    assert words[:3] == ["AA", "AAH", "AAHED"]
    assert all(" " not in word and "[" not in word for word in words)


def test_shipped_enable_equals_words_medium() -> None:
    enable = read_words(shipped_lexicons()["enable"])
    assert len(enable) == 172_823
    assert enable == shared_words("lexicons/words_medium.txt")


# --- format quirks, on small files ---------------------------------------------------------


def write(tmp_path: Path, content: bytes, name: str = "list.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


@pytest.mark.parametrize(
    "content",
    [
        b"cat\ndog\nemu\n",
        b"cat\r\ndog\r\nemu\r\n",
        b"cat\rdog\remu\r",
        b"cat\ndog\nemu",
        b"cat\r\ndog\r\nemu",
        b"\xef\xbb\xbfcat\ndog\nemu\n",
        b"\xef\xbb\xbfcat\r\ndog\r\nemu",
        b"emu\ndog\ncat\n",
        b"\n\ncat\n\n\ndog\n   \n\t\nemu\n\n",
        b"Cat\ncAT\nCAT\ncat\nDog\nEMU\nemu\n",
        b"cat a small feline [n -S]\ndog  a canine\nemu\tbird [n]\n",
        b"   cat\n\tdog\n \t emu   \n",
        b"cat\x0c\n\x0b\ndog\nemu\n",
    ],
    ids=[
        "lf",
        "crlf",
        "cr",
        "no-final-newline",
        "crlf-no-final-newline",
        "bom",
        "bom-crlf",
        "unsorted",
        "blank-lines",
        "case-duplicates",
        "definitions",
        "leading-space-and-tabs",
        "form-feed-and-vtab",
    ],
)
def test_every_layout_reads_the_same_words(tmp_path: Path, content: bytes) -> None:
    assert read_words(write(tmp_path, content)) == ["CAT", "DOG", "EMU"]
    assert words_from_bytes(content) == ["CAT", "DOG", "EMU"]


def test_bom_is_not_part_of_the_first_word() -> None:
    words = words_from_bytes(b"\xef\xbb\xbfaa\nab\n")
    assert words == ["AA", "AB"]
    assert not any("\ufeff" in word for word in words)


def test_non_ascii_and_punctuation_survive() -> None:
    words = words_from_bytes("café\nco-op\ndon't\nnaïve extra\n".encode())
    assert words == ["CAFÉ", "CO-OP", "DON'T", "NAÏVE"]


def test_unicode_spaces_separate_the_definition() -> None:
    # A no-break space is whitespace to str.split: the word ends there.
    assert words_from_bytes("cat\u00a0feline\ndog\n".encode()) == ["CAT", "DOG"]


def test_fast_and_slow_paths_agree() -> None:
    plain = b"beta\nalpha\nAlpha\ngamma\n"
    with_definitions = b"beta x\nalpha y\nAlpha\ngamma  z\n"
    assert words_from_bytes(plain) == words_from_bytes(with_definitions) == [
        "ALPHA",
        "BETA",
        "GAMMA",
    ]


def test_read_words_accepts_str_and_path(tmp_path: Path) -> None:
    path = write(tmp_path, b"one\ntwo\n")
    assert read_words(str(path)) == read_words(path) == ["ONE", "TWO"]
