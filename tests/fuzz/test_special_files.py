"""Every reader of outside input, handed what is not a file of its kind: a named pipe, a
device (``/dev/zero``, ``/dev/null``), a folder, a socket, a symbolic-link loop, a sparse file
just over the reader's size limit and a sparse file of NUL bytes under it.  Each refuses with
the package's own error in well under the five seconds allowed, never blocks, never reads an
endless device and never holds more than its limit in memory (issue 29, item 1)."""

from __future__ import annotations

import os
import signal
import socket
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from wordgames import limits
from wordgames.errors import WordGamesError
from wordgames.lexicon import cache, load_lexicon, read_words
from wordgames.lexicon.encoding import read_tile_words
from wordgames.lexicon.tiles import TileSplitter
from wordgames.scrabble.core.bag import Bag
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.distributions import read_distribution
from wordgames.scrabble.core.layout import layout_by_name, read_layout
from wordgames.scrabble.core.tiles import read_tile_file, read_tile_set, tile_set_from_source, tile_set_named
from wordgames.scrabble.formats.config import read_config
from wordgames.scrabble.formats.gcg import read_gcg
from wordgames.scrabble.formats.save_read import load_game, saved_digraphs
from wordgames.scrabble.game.checkpoint import read_checkpoint
from wordgames.scrabble.leaves.files import load_leaves
from wordgames.scrabble.strategy import winfit
from wordgames.scrabble.strategy.learning import BuildPlan, Features, _load_checkpoint
from wordgames.scrabble.strategy.winprob import read_win_model
from wordgames.textfiles import read_file_bytes, read_text_file
from wordgames.wordsearch.board import read_board_file

LIMIT_SECONDS = 5


def catalan_splitter() -> TileSplitter:
    """The splitter of a word list read into Catalan tiles (L·L is one tile)."""
    tiles = tile_set_named("catalan")
    encoding = tiles.lexicon_encoding() if tiles is not None else None
    assert encoding is not None
    return encoding.alphabet.word_splitter

ANY_CONTENT = {"read_text_file", "read_file_bytes"}  # no format: a file of NUL bytes is fine

# Each reader: (how to call it on a path, the name's suffix it needs, its size limit).
READERS: dict[str, tuple[Callable[[Path], object], str, int]] = {
    "load_lexicon": (load_lexicon, ".txt", limits.MAX_LEXICON_FILE_BYTES),
    "load_lexicon (KWG)": (load_lexicon, ".kwg", limits.MAX_LEXICON_FILE_BYTES),
    "read_words": (read_words, ".txt", limits.MAX_LEXICON_FILE_BYTES),
    "read_tile_words": (lambda path: read_tile_words(path, catalan_splitter()), ".txt",
                        limits.MAX_LEXICON_FILE_BYTES),
    "read_board_file (Boggle)": (read_board_file, ".txt", limits.MAX_WORDSEARCH_TEXT_CHARS),
    "Board.read (Scrabble)": (Board.read, ".txt", limits.MAX_BOARD_FILE_BYTES),
    "read_layout": (read_layout, ".txt", limits.MAX_LAYOUT_FILE_BYTES),
    "layout_by_name": (lambda path: layout_by_name(str(path)), ".txt", limits.MAX_LAYOUT_FILE_BYTES),
    "read_tile_set": (read_tile_set, ".txt", limits.MAX_SMALL_FILE_BYTES),
    "read_tile_file": (read_tile_file, ".txt", limits.MAX_SMALL_FILE_BYTES),
    "tile_set_from_source": (lambda path: tile_set_from_source(str(path)), ".txt",
                             limits.MAX_SMALL_FILE_BYTES),
    "read_distribution": (read_distribution, ".csv", limits.MAX_SMALL_FILE_BYTES),
    "Bag.from_deal_file": (Bag.from_deal_file, ".txt", limits.MAX_SMALL_FILE_BYTES),
    "read_config": (read_config, ".txt", limits.MAX_SMALL_FILE_BYTES),
    "read_gcg": (read_gcg, ".gcg", limits.MAX_GCG_FILE_BYTES),
    "load_game": (load_game, ".json", limits.MAX_SAVE_FILE_BYTES),
    "saved_digraphs": (saved_digraphs, ".json", limits.MAX_SAVE_FILE_BYTES),
    "read_checkpoint": (lambda path: read_checkpoint(path, "key", 3), ".json", limits.MAX_CHECKPOINT_BYTES),
    "leave-learning checkpoint": (lambda path: _load_checkpoint(path, BuildPlan("enable", 1, 0, 1),
                                                               Features("ABC", [1, 3, 3, 3], 3)),
                                  ".json", limits.MAX_CHECKPOINT_BYTES),
    "win-model checkpoint": (lambda path: winfit._load_checkpoint(path, winfit.WinPlan("enable", 5), 1, 100),
                             ".json", limits.MAX_CHECKPOINT_BYTES),
    "read_win_model": (read_win_model, ".json", limits.MAX_WIN_MODEL_BYTES),
    "load_leaves (KLV2)": (load_leaves, ".klv2", limits.MAX_KLV2_BYTES),
    "load_leaves (CSV)": (load_leaves, ".csv", limits.MAX_LEAVE_CSV_BYTES),
    "load_leaves (compact)": (load_leaves, ".leaves", limits.MAX_COMPACT_LEAVES_BYTES),
    "read_text_file": (lambda path: read_text_file(path, "test file", limit=1000), ".txt", 1000),
    "read_file_bytes": (lambda path: read_file_bytes(path, "test file", limit=1000), ".bin", 1000),
}

KINDS = ["pipe", "/dev/zero", "/dev/null", "folder", "socket", "link loop", "sparse over the limit",
         "sparse under the limit"]


def make(kind: str, folder: Path, suffix: str, limit: int) -> Path:
    """A path of ``kind`` named ``thing<suffix>`` in ``folder``."""
    path = folder / f"thing{suffix}"
    if kind == "pipe":
        os.mkfifo(path)
    elif kind in ("/dev/zero", "/dev/null"):
        path.symlink_to(kind)
    elif kind == "folder":
        path.mkdir()
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        server.close()
    elif kind == "link loop":
        path.symlink_to(path)
    else:
        with path.open("wb") as stream:  # sparse: costs no disk
            stream.truncate(limit + 1 if kind == "sparse over the limit" else min(limit, 4096))
    return path


class TookTooLong(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise TookTooLong


@pytest.fixture
def deadline() -> Iterator[None]:
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(LIMIT_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                    reason="no named pipes or no devices here")
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("reader", sorted(READERS))
def test_special_files_are_refused_at_once(reader: str, kind: str, tmp_path: Path, deadline: None) -> None:
    call, suffix, limit = READERS[reader]
    if reader in ANY_CONTENT and kind == "sparse under the limit":
        pytest.skip("a reader of any content reads it")
    path = make(kind, tmp_path, suffix, limit)
    tracemalloc.start()
    try:
        with pytest.raises(WordGamesError) as caught:
            call(path)
        _, peak = tracemalloc.get_traced_memory()
    except TookTooLong:
        pytest.fail(f"{reader} on a {kind} ran over {LIMIT_SECONDS} s")
    finally:
        tracemalloc.stop()
    message = str(caught.value)
    assert "\n" not in message and str(path) in message, message
    assert peak < 2 * limit + (8 << 20), f"{reader} held {peak} bytes for a {kind}"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("kind", ["pipe", "/dev/zero", "folder", "socket", "link loop",
                                  "sparse over the limit"])
def test_a_cache_entry_that_is_not_a_file_is_ignored(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, deadline: None
) -> None:
    """The cache folder is outside input too: whatever sits under an entry's name, the load
    rebuilds the lexicon instead of blocking on it or reading it without end."""
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setenv("WORDGAMES_CACHE_DIR", str(folder))
    words = tmp_path / "list.txt"
    words.write_bytes(b"cat\ndog\n")
    key = cache.cache_key(words.read_bytes(), "trie")
    (folder / key).unlink(missing_ok=True)
    entry = make(kind, folder, "", limits.MAX_CACHE_ENTRY_BYTES)
    entry.rename(folder / key)
    try:
        assert cache.read_entry(key) is None
        assert list(load_lexicon(words)) == ["CAT", "DOG"]
    except TookTooLong:
        pytest.fail(f"a cache entry that is a {kind} blocked the load")
