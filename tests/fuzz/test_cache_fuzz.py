"""Tampered lexicon cache entries (issue 29, item 3): bytes changed anywhere in an entry,
with the header and checksum recomputed as a forger would, or in the header itself.  A load
never raises, never crashes the process, and never takes a foreign entry; whatever it gives,
the compiled searches (the Boggle searcher, the Scrabble move generator) walk without a
fault.  An entry that is not byte for byte the one built from the source is either refused
(and the lexicon rebuilt) or structurally sound."""

from __future__ import annotations

import random
import struct
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.lexicon import Lexicon, cache, load_lexicon
from wordgames.scrabble import Board, Rack
from wordgames.scrabble.movegen.generator import MoveGenerator
from wordgames.wordsearch.board import Board as GridBoard
from wordgames.wordsearch.solving import find_words

WORDS = sorted({"CAT", "CATS", "ACT", "ACTS", "SCAT", "TACO", "COAT", "COATS", "TOGA", "GOAT",
                "GOATS", "STAG", "TAGS", "AT", "TA", "AS", "SO", "TO", "OAT", "OATS", "COST", "COSTA",
                "ASCOT"})
SOURCE = "".join(f"{word.lower()}\n" for word in WORDS).encode()
GRID = GridBoard.from_cells(list("COATSGTACOSTAGOA"))


def walk_everything(lexicon: Lexicon) -> None:
    """The searches the compiled core runs over a lexicon's arrays."""
    found = find_words(GRID, lexicon)
    assert all(isinstance(word, str) for word in found)
    moves = MoveGenerator(lexicon).moves(Board(), Rack.parse("COATS?"))
    assert all(move.score >= 0 for move in moves)


@pytest.fixture
def word_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDGAMES_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "words.txt"
    path.write_bytes(SOURCE)
    return path


def tamper(payload: bytes, seed: int, changes: int) -> bytes:
    """``payload`` with ``changes`` bytes replaced, biased towards the arrays at its end."""
    rng = random.Random(seed)
    data = bytearray(payload)
    for _ in range(changes):
        position = len(data) - 1 - min(int(rng.expovariate(1 / 64)), len(data) - 1)
        data[position] = rng.randrange(256)
    return bytes(data)


# The fixture's file and cache folder serve every example: each rewrites the one entry.
REUSED = [HealthCheck.function_scoped_fixture]


@settings(max_examples=120, deadline=None, suppress_health_check=REUSED)
@given(seed=st.integers(0, 2**32 - 1), changes=st.integers(1, 6),
       backend=st.sampled_from(["trie", "sortedset"]))
def test_a_forged_payload_is_refused_or_sound(word_file: Path, seed: int, changes: int, backend: str) -> None:
    built = load_lexicon(word_file, backend, use_cache=False)
    good = built.to_bytes()
    forged = tamper(good, seed, changes)
    key = cache.cache_key(SOURCE, backend)
    assert cache.write_entry(key, forged)  # a valid header and checksum over forged bytes
    lexicon = load_lexicon(word_file, backend)  # never raises
    if forged == good:
        assert lexicon == built
    walk_everything(lexicon)  # never faults, whether the entry was refused or taken
    if lexicon != built:
        assert cache.read_entry(key) == forged, "only a sound entry is taken, and kept"


@settings(max_examples=60, deadline=None, suppress_health_check=REUSED)
@given(position=st.integers(0, 200), value=st.integers(0, 255))
def test_a_damaged_header_is_refused(word_file: Path, position: int, value: int) -> None:
    built = load_lexicon(word_file, "trie")
    entry = Path(str(cache.cache_dir())) / cache.cache_key(SOURCE, "trie")
    good = entry.read_bytes()
    header_end = struct.calcsize("<8sI32sHQI") + len("trie")
    position %= header_end
    damaged = bytearray(good)
    damaged[position] = value
    entry.write_bytes(bytes(damaged))
    assert load_lexicon(word_file, "trie") == built
    if bytes(damaged) != good:
        assert entry.read_bytes() == good, "the damaged entry was rebuilt"
