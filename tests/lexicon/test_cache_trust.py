"""What the lexicon cache trusts: an entry tied to its source and backend, the user's own, with
arrays in range; anything else is rebuilt from the source, never used (issue 29, item 3)."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from array import array
from pathlib import Path

import pytest

from wordgames.lexicon import backend_names, cache, load_lexicon
from wordgames.lexicon.packed import packed_nodes
from wordgames.lexicon.trie import TERMINAL, TrieLexicon, check_arrays

BACKENDS = backend_names()
LIST_A = b"cat\ncats\nact\ntac\nscat\n"
LIST_B = b"dog\ndogs\ngod\ngods\n"
TRIE_HEADER = struct.Struct("<4sIII")  # trie.py: magic, nodes, alphabet bytes, keys bytes


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "cache"
    monkeypatch.setenv("WORDGAMES_CACHE_DIR", str(directory))
    return directory


def word_file(tmp_path: Path, name: str, content: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


def entry(directory: Path, content: bytes, backend: str) -> Path:
    return directory / cache.cache_key(content, backend)


def words_of(content: bytes) -> list[str]:
    return sorted(content.decode().upper().split())


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_entry_of_another_list_under_this_name_is_ignored(
    cache_dir: Path, tmp_path: Path, backend: str
) -> None:
    """The issue's case: a valid entry of one list copied under another list's entry name
    made the second list load as the first (CSW12 as 19,912 words)."""
    a, b = word_file(tmp_path, "a.txt", LIST_A), word_file(tmp_path, "b.txt", LIST_B)
    load_lexicon(a, backend)
    load_lexicon(b, backend)
    shutil.copyfile(entry(cache_dir, LIST_A, backend), entry(cache_dir, LIST_B, backend))
    assert cache.read_entry(cache.cache_key(LIST_B, backend)) is None
    assert list(load_lexicon(b, backend)) == words_of(LIST_B)
    assert cache.read_entry(cache.cache_key(LIST_B, backend)) is not None, "rewritten"


def test_an_entry_of_another_backend_under_this_name_is_ignored(cache_dir: Path, tmp_path: Path) -> None:
    a = word_file(tmp_path, "a.txt", LIST_A)
    load_lexicon(a, "trie")
    load_lexicon(a, "sortedset")
    shutil.copyfile(entry(cache_dir, LIST_A, "sortedset"), entry(cache_dir, LIST_A, "trie"))
    assert cache.read_entry(cache.cache_key(LIST_A, "trie")) is None
    assert list(load_lexicon(a, "trie")) == words_of(LIST_A)


def test_an_entry_others_may_write_is_ignored(cache_dir: Path, tmp_path: Path) -> None:
    a = word_file(tmp_path, "a.txt", LIST_A)
    load_lexicon(a)
    path = entry(cache_dir, LIST_A, "trie")
    key = cache.cache_key(LIST_A, "trie")
    assert cache.read_entry(key) is not None
    for mode in (0o620, 0o602):
        path.chmod(mode)
        assert cache.read_entry(key) is None
    path.chmod(0o600)
    assert cache.read_entry(key) is not None


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file away")
def test_an_entry_another_user_owns_is_ignored(cache_dir: Path, tmp_path: Path) -> None:
    a = word_file(tmp_path, "a.txt", LIST_A)
    load_lexicon(a)
    path = entry(cache_dir, LIST_A, "trie")
    os.chown(path, 4321, 4321)
    assert cache.read_entry(cache.cache_key(LIST_A, "trie")) is None
    assert list(load_lexicon(a)) == words_of(LIST_A)
    assert path.stat().st_uid == os.geteuid(), "replaced by the user's own entry"


def trie_with(payload: bytes, node: int, first: int | None = None, mask: int | None = None) -> bytes:
    """A compiled trie payload with ``first[node]`` and/or ``masks[node]`` replaced."""
    _, nodes, alphabet_length, words_length = TRIE_HEADER.unpack_from(payload)
    offset = TRIE_HEADER.size + alphabet_length + words_length
    itemsize = (len(payload) - offset) // nodes - 4
    masks = array("I" if itemsize == 4 else "Q", payload[offset : offset + nodes * itemsize])
    firsts = array("I", payload[offset + nodes * itemsize :])
    if first is not None:
        firsts[node] = first
    if mask is not None:
        masks[node] = mask
    return payload[:offset] + masks.tobytes() + firsts.tobytes()


POISONS = {
    "child index past the end": {"node": 0, "first": 0xFFFF_FFF0},
    "child index back to the root": {"node": 1, "first": 0},
    "letter bit beyond the alphabet": {"node": 0, "mask": 0xFFFF_FFFF},
    "one child too many": {"node": 2, "mask": 0b111},
}


@pytest.mark.parametrize("poison", sorted(POISONS))
def test_out_of_range_trie_arrays_with_a_valid_checksum_are_rebuilt(
    cache_dir: Path, tmp_path: Path, poison: str
) -> None:
    a = word_file(tmp_path, "a.txt", LIST_A)
    good = load_lexicon(a).to_bytes()
    key = cache.cache_key(LIST_A, "trie")
    assert cache.write_entry(key, trie_with(good, **POISONS[poison]))  # header and CRC valid
    lexicon = load_lexicon(a)
    assert list(lexicon) == words_of(LIST_A)
    assert lexicon.has_prefix("SCA") and not lexicon.has_prefix("SCB")
    assert cache.read_entry(key) == good


def test_out_of_range_packed_table_is_rebuilt(cache_dir: Path) -> None:
    """The packed table the sortedset backend's compiled searches walk: its last node given a
    child, whose index would be one past the end (the old check looked at the indices alone)."""
    from wordgames.lexicon import lexicon_from_words

    words = sorted(LIST_A.decode().upper().split())
    key = cache.cache_key("\n".join(words).encode(), "packed")
    good = packed_nodes(lexicon_from_words(words, "sortedset"))
    payload = bytearray(good.to_bytes())
    count = len(good.masks)
    last_mask = len(payload) - 4 * count - 8  # masks (u64) come before the child indices (u32)
    payload[last_mask] |= 1
    assert cache.write_entry(key, bytes(payload))
    rebuilt = packed_nodes(lexicon_from_words(words, "sortedset"))
    assert list(rebuilt.masks) == list(good.masks) and list(rebuilt.first) == list(good.first)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wordgames", *args], capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize(
    "command",
    [
        ["boggle", "solve", "--board", "CATS/AXXX/TXXX/XXXX", "--lexicon", "{list}"],
        ["scrabble", "best", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ACST/ 0/0 0",
         "--lexicon", "{list}"],
        ["lexicon", "check", "{list}", "SCAT", "TACS"],
    ],
    ids=["boggle solve", "scrabble best", "lexicon check"],
)  # fmt: skip
def test_commands_never_walk_a_poisoned_entry(cache_dir: Path, tmp_path: Path, command: list[str]) -> None:
    """The issue's crashes: SIGSEGV in boggle solve and scrabble best, IndexError in lexicon
    check, from a trie entry whose indices are out of range with a recomputed checksum."""
    a = word_file(tmp_path, "a.txt", LIST_A)
    arguments = [part.replace("{list}", str(a)) for part in command]
    clean = run_cli(*arguments)
    assert clean.returncode in (0, 1), clean.stderr
    key = cache.cache_key(LIST_A, "trie")
    good = cache.read_entry(key)
    assert good is not None
    for poison in POISONS.values():
        assert cache.write_entry(key, trie_with(good, **poison))  # type: ignore[arg-type]
        poisoned = run_cli(*arguments)
        assert (poisoned.returncode, poisoned.stdout, poisoned.stderr) == (
            clean.returncode, clean.stdout, clean.stderr
        )  # fmt: skip
        assert cache.read_entry(key) == good, "rebuilt and rewritten"


@pytest.mark.parametrize(
    ("masks", "first", "tiles", "reason"),
    [
        ([], [], 2, "different lengths"),
        ([0b01], [1, 1], 2, "different lengths"),
        ([0b01, 0], [1, 2], 2, None),  # a leaf's children would start after the last node
        ([0b01, 0], [2, 2], 2, "root has its children"),  # the root's child must be node 1
        ([0b01, TERMINAL], [1, 2], 2, None),
        ([0b100, 0], [1, 1], 2, "outside its alphabet"),
        ([0b11, 0], [1, 3], 2, "point outside"),
        ([0b01, 0b01], [1, 1], 2, "point outside"),  # node 1's child would be node 1
    ],
)  # fmt: skip
def test_check_arrays(masks: list[int], first: list[int], tiles: int, reason: str | None) -> None:
    arguments = (array("Q", masks), array("I", first), tiles)
    if reason is None:
        check_arrays(*arguments)
    else:
        with pytest.raises(ValueError, match=reason):
            check_arrays(*arguments)


def test_a_trie_whose_word_ends_do_not_number_its_keys_is_refused(tmp_path: Path) -> None:
    good = load_lexicon(word_file(tmp_path, "a.txt", LIST_A)).to_bytes()
    _, nodes, alphabet_length, keys_length = TRIE_HEADER.unpack_from(good)
    offset = TRIE_HEADER.size + alphabet_length + keys_length
    masks = array("Q", good[offset : offset + 8 * nodes])
    leaf = next(node for node, mask in enumerate(masks) if mask == TERMINAL)
    masks[leaf] = 0
    with pytest.raises(ValueError, match="word-ending"):
        TrieLexicon.from_bytes(good[:offset] + masks.tobytes() + good[offset + 8 * nodes :])
