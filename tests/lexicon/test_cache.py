"""The on-disk cache of compiled lexicons: used when valid, rebuilt silently when not, and never
a reason for a load to fail."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from wordgames.lexicon import Lexicon, backend_class, backend_names, cache, load_lexicon

BACKENDS = backend_names()
WORDS = b"cat\ncats\ndog\nemu\nco-op\n"


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty cache directory for one test."""
    directory = tmp_path / "cache"
    monkeypatch.setenv("WORDGAMES_CACHE_DIR", str(directory))
    return directory


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    path = tmp_path / "list.txt"
    path.write_bytes(WORDS)
    return path


def entry_path(directory: Path, content: bytes, backend: str) -> Path:
    return directory / cache.cache_key(content, backend)


def forbid_building(monkeypatch: pytest.MonkeyPatch, backend: str) -> None:
    """Make any build from words fail, so a successful load must have come from the cache."""

    def refuse(words: list[str], source: str = "<words>") -> Lexicon:
        raise AssertionError("built from words instead of the cache")

    monkeypatch.setattr(backend_class(backend), "from_sorted_words", refuse)


@pytest.mark.parametrize("backend", BACKENDS)
def test_second_load_comes_from_the_cache(
    cache_dir: Path, word_file: Path, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load_lexicon(word_file, backend)
    entry = entry_path(cache_dir, WORDS, backend)
    assert entry.is_file()
    assert [p.name for p in cache_dir.iterdir()] == [entry.name], "no temporary files left"
    forbid_building(monkeypatch, backend)
    second = load_lexicon(word_file, backend)
    assert type(second) is type(first) and second == first
    assert second.source == str(word_file)
    assert second.has_prefix("co-") and "EMU" in second
    node = second.step(second.root(), "CAT")
    assert node is not None and second.is_word_at(node) and second.next_letters(node) == "S"


@pytest.mark.parametrize("backend", BACKENDS)
def test_backends_have_separate_entries(cache_dir: Path, word_file: Path, backend: str) -> None:
    for name in BACKENDS:
        load_lexicon(word_file, name)
    assert {p.name for p in cache_dir.iterdir()} == {
        cache.cache_key(WORDS, name) for name in BACKENDS
    }


def corruptions(entry: bytes) -> dict[str, bytes]:
    middle = len(entry) // 2
    flipped = entry[:middle] + bytes([entry[middle] ^ 0xFF]) + entry[middle + 1 :]
    return {
        "flipped byte": flipped,
        "flipped last byte": entry[:-1] + bytes([entry[-1] ^ 0x01]),
        "truncated": entry[: len(entry) - 3],
        "header only": entry[:12],
        "empty": b"",
        "garbage": b"not a cache entry at all" * 10,
        "extra bytes": entry + b"\0\0\0\0",
    }


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    "damage",
    ["flipped byte", "flipped last byte", "truncated", "header only", "empty", "garbage",
     "extra bytes"],
)  # fmt: skip
def test_corrupt_entry_is_rebuilt_and_rewritten(
    cache_dir: Path, word_file: Path, backend: str, damage: str
) -> None:
    expected = load_lexicon(word_file, backend)
    entry = entry_path(cache_dir, WORDS, backend)
    good = entry.read_bytes()
    entry.write_bytes(corruptions(good)[damage])
    again = load_lexicon(word_file, backend)
    assert again == expected
    assert list(again.words_with_prefix("CA")) == ["CAT", "CATS"]
    assert entry.read_bytes() == good, "the damaged entry was replaced by a good one"


@pytest.mark.parametrize("backend", BACKENDS)
def test_entry_with_valid_checksum_but_bad_payload_is_rebuilt(
    cache_dir: Path, word_file: Path, backend: str
) -> None:
    """Damage the checksum cannot see (a payload written by something else) is still caught
    when the backend fails to decode it."""
    key = cache.cache_key(WORDS, backend)
    assert cache.write_entry(key, b"\xff\xfe this is not a compiled lexicon")
    lexicon = load_lexicon(word_file, backend)
    assert list(lexicon) == ["CAT", "CATS", "CO-OP", "DOG", "EMU"]
    assert cache.read_entry(key) == lexicon.to_bytes()


@pytest.mark.parametrize("backend", BACKENDS)
def test_changed_file_does_not_use_the_stale_entry(
    cache_dir: Path, word_file: Path, backend: str
) -> None:
    assert "EMU" in load_lexicon(word_file, backend)
    word_file.write_bytes(b"cat\nyak\n")
    changed = load_lexicon(word_file, backend)
    assert list(changed) == ["CAT", "YAK"]
    assert len(list(cache_dir.iterdir())) == 2


def test_entry_of_another_format_version_is_ignored(cache_dir: Path, word_file: Path) -> None:
    load_lexicon(word_file, "trie")
    entry = entry_path(cache_dir, WORDS, "trie")
    good = entry.read_bytes()
    header = cache._ENTRY_HEADER
    magic, version, digest, variant, length, crc = header.unpack_from(good)
    # Same key and an intact payload, but the header claims another format: never decoded.
    entry.write_bytes(header.pack(magic, version + 1, digest, variant, length, crc) + good[header.size :])
    assert cache.read_entry(entry.name) is None
    assert list(load_lexicon(word_file, "trie")) == ["CAT", "CATS", "CO-OP", "DOG", "EMU"]
    assert entry.read_bytes() == good


def test_key_depends_on_content_backend_and_version() -> None:
    assert cache.cache_key(b"a", "trie") != cache.cache_key(b"b", "trie")
    assert cache.cache_key(b"a", "trie") != cache.cache_key(b"a", "sortedset")
    assert f"v{cache.FORMAT_VERSION}" in cache.cache_key(b"a", "trie")


@pytest.mark.parametrize("backend", BACKENDS)
def test_cache_dir_under_a_file_still_loads(
    tmp_path: Path, word_file: Path, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("WORDGAMES_CACHE_DIR", str(blocker / "cache"))
    for _ in range(2):
        assert list(load_lexicon(word_file, backend)) == ["CAT", "CATS", "CO-OP", "DOG", "EMU"]
    assert blocker.read_text() == "not a folder"


def test_read_only_cache_dir_still_loads(
    tmp_path: Path, word_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = tmp_path / "readonly"
    directory.mkdir()
    directory.chmod(0o500)
    try:
        if os.access(directory, os.W_OK):
            pytest.skip("running with privileges that write into a read-only folder")
        monkeypatch.setenv("WORDGAMES_CACHE_DIR", str(directory))
        assert len(load_lexicon(word_file)) == 5
        assert list(directory.iterdir()) == []
    finally:
        directory.chmod(0o700)


def test_refused_write_still_loads(
    cache_dir: Path, word_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a read-only folder does to a non-root user, simulated so root runs check it too."""

    def refuse(**options: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", refuse)
    for _ in range(2):
        assert len(load_lexicon(word_file)) == 5
    assert list(cache_dir.iterdir()) == []


def test_failed_write_leaves_no_temporary_file(
    cache_dir: Path, word_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(source: str, destination: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", fail)
    assert len(load_lexicon(word_file)) == 5
    assert list(cache_dir.iterdir()) == []


def test_entry_that_is_a_directory_is_survived(cache_dir: Path, word_file: Path) -> None:
    entry_path(cache_dir, WORDS, "trie").mkdir(parents=True)
    assert len(load_lexicon(word_file)) == 5
    assert len(load_lexicon(word_file)) == 5


def test_empty_setting_disables_caching(
    tmp_path: Path, word_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDGAMES_CACHE_DIR", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_dir() is None
    assert len(load_lexicon(word_file)) == 5
    assert cache.read_entry(cache.cache_key(WORDS, "trie")) is None
    assert not cache.write_entry("anything.bin", b"payload")
    assert not (tmp_path / "xdg").exists() and not (tmp_path / "home").exists()


def test_use_cache_false_neither_reads_nor_writes(
    cache_dir: Path, word_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_lexicon(word_file, use_cache=False)
    assert not cache_dir.exists()
    load_lexicon(word_file)
    forbid_building(monkeypatch, "trie")
    with pytest.raises(AssertionError, match="instead of the cache"):
        load_lexicon(word_file, use_cache=False)


def test_default_locations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WORDGAMES_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "wordgames"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "wordgames"
    monkeypatch.setenv("WORDGAMES_CACHE_DIR", str(tmp_path / "mine"))
    assert cache.cache_dir() == tmp_path / "mine"


def test_cached_load_of_a_real_list_matches_a_fresh_build(cache_dir: Path) -> None:
    for backend in BACKENDS:
        built = load_lexicon("enable", backend, use_cache=False)
        load_lexicon("enable", backend)
        cached = load_lexicon("enable", backend)
        assert cached == built and len(cached) == 172_823
        for word in ("AA", "ZYZZYVA", "QI", "QUIXOTIC"):
            assert (word in cached) == (word in built)


# --- pruning --------------------------------------------------------------------------------


def fake_entry(directory: Path, name: str, size: int, age: float) -> Path:
    """A file of ``size`` bytes in ``directory`` last used ``age`` seconds ago."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_bytes(b"x" * size)
    used = 1_000_000.0 - age
    os.utime(path, (used, used))
    return path


def entry_name(backend: str, version: int, digit: str) -> str:
    return f"{backend}-v{version}-{digit * 64}.bin"


def test_prune_keeps_the_most_recently_used_entries_within_the_limit(cache_dir: Path) -> None:
    current = cache.FORMAT_VERSION
    newest = fake_entry(cache_dir, entry_name("trie", current, "a"), 400, age=10)
    middle = fake_entry(cache_dir, entry_name("sortedset", current, "b"), 400, age=20)
    oldest = fake_entry(cache_dir, entry_name("trie", current, "c"), 400, age=30)
    other_version = fake_entry(cache_dir, entry_name("trie", current + 1, "d"), 10, age=1)
    fresh_temporary = fake_entry(cache_dir, ".tmp-wordgames-abc_1234.bin", 10, age=60)
    stale_temporary = fake_entry(cache_dir, ".tmp-wordgames-def_5678.bin", 10, age=7200)
    # Never ours to delete, however old: other programs' files, even temporaries alike ours.
    foreign = fake_entry(cache_dir, "notes.txt", 10_000, age=99_999)
    foreign_temporary = fake_entry(cache_dir, ".tmp-mydata.bin", 10, age=99_999)
    foreign_entry = fake_entry(cache_dir, "trie-v1-short.bin", 10, age=99_999)
    removed = cache.prune(limit=900, now=1_000_000.0)
    assert sorted(removed) == sorted([oldest, other_version, stale_temporary])
    assert newest.exists() and middle.exists() and fresh_temporary.exists()
    assert foreign.exists() and foreign_temporary.exists() and foreign_entry.exists()
    # The entry just written stays even when it alone is over the limit.
    assert cache.prune(limit=0, keep=newest.name, now=1_000_000.0) == [middle]
    assert newest.exists()
    assert [entry.path for entry in cache.entries()] == [newest, fresh_temporary]


def test_writes_prune_and_reads_refresh(
    cache_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lists = []
    for number in range(3):
        path = tmp_path / f"list{number}.txt"
        path.write_bytes(WORDS + f"word{'x' * number}\n".encode())
        lists.append(path)
    load_lexicon(lists[0], "trie")
    load_lexicon(lists[1], "trie")
    first = entry_path(cache_dir, lists[0].read_bytes(), "trie")
    second = entry_path(cache_dir, lists[1].read_bytes(), "trie")
    os.utime(first, (1, 1))
    os.utime(second, (2, 2))
    load_lexicon(lists[0], "trie")  # a cache hit: the first entry is now the most recent
    assert first.stat().st_mtime > second.stat().st_mtime
    monkeypatch.setenv("WORDGAMES_CACHE_LIMIT_MB", "0")  # room for the new entry alone
    load_lexicon(lists[2], "trie")
    assert [entry.path for entry in cache.entries()] == [entry_path(cache_dir, lists[2].read_bytes(), "trie")]


def test_cache_limit_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORDGAMES_CACHE_LIMIT_MB", "3")
    assert cache.cache_limit_bytes() == 3 * 1024 * 1024
    for unusable in ("", "-1", "lots", "2.5", "²", "٣"):
        monkeypatch.setenv("WORDGAMES_CACHE_LIMIT_MB", unusable)
        assert cache.cache_limit_bytes() == cache.DEFAULT_LIMIT_MB * 1024 * 1024


def test_clear_empties_the_cache(cache_dir: Path, word_file: Path) -> None:
    load_lexicon(word_file, "trie")
    load_lexicon(word_file, "sortedset")
    assert len(cache.entries()) == 2
    assert len(cache.clear()) == 2 and cache.entries() == []
    assert load_lexicon(word_file, "trie") == load_lexicon(word_file, "sortedset")


def test_no_cache_no_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORDGAMES_CACHE_DIR", "")
    assert cache.entries() == [] and cache.prune() == [] and cache.clear() == []
