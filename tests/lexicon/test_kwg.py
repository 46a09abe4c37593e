"""KWG word graphs: MAGPIE's files read to the right words, ours round-trip, bad graphs fail
cleanly with a LexiconError."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest
from conftest import shared_file
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import FileWriteError, InvalidArgumentTypeError, LexiconError, WordGamesError
from wordgames.lexicon import (
    backend_names,
    kwg,
    lexicon_from_words,
    load_lexicon,
    named_lexicons,
    read_words,
    words_from_bytes,
)
from wordgames.limits import MAX_GRAPH_TILES, MAX_WORD_LENGTH

from .support import shared_words

LEAVE_TILES = {"?": 0, **{letter: i + 1 for i, letter in enumerate(kwg.ENGLISH_ALPHABET)}}

words_strategy = st.lists(
    st.text(alphabet="ABCDEZ", min_size=1, max_size=7), min_size=1, max_size=40
)
tile_words_strategy = st.lists(
    st.lists(st.integers(0, 5), min_size=1, max_size=6).map(tuple), max_size=40
)


def node(tile: int, accepts: bool, last: bool, arc: int) -> int:
    return kwg.pack_node(tile, accepts, last, arc)


# --- MAGPIE's files -----------------------------------------------------------------------


@pytest.mark.parametrize("backend", backend_names())
def test_twl98_kwg_is_owl(backend: str) -> None:
    path = shared_file("external/magpie-data/TWL98.kwg")
    owl = shared_words("lexicons/OWL.txt")
    lexicon = load_lexicon(path, backend)
    assert len(lexicon) == len(owl) == 167_964
    assert list(lexicon) == owl
    assert list(load_lexicon(path, backend)) == owl  # again, from the cache


def test_twl98_kwg_has_a_gaddag_we_leave_alone() -> None:
    nodes = kwg.nodes_from_bytes(shared_file("external/magpie-data/TWL98.kwg").read_bytes())
    for root in (0, 1):
        assert nodes[root] >> kwg.TILE_SHIFT == 0 and nodes[root] & kwg.LAST_SIBLING
    assert nodes[1] & kwg.ARC_MASK > nodes[0] & kwg.ARC_MASK  # node 1: the GADDAG


def test_two_letter_alphabet_graph() -> None:
    data = shared_file("external/magpie-data/CSW21_ab.kwg").read_bytes()
    words = kwg.words_from_kwg_bytes(data, "AB")
    assert words and all(set(word) <= {"A", "B"} for word in words)
    assert kwg.words_from_kwg_bytes(kwg.kwg_bytes_from_words(words, "AB"), "AB") == words
    with pytest.raises(LexiconError, match="tile"):
        kwg.words_from_kwg_bytes(data, "A")  # tile 2 is not in a one-letter alphabet


def test_leave_graph_of_a_klv2_matches_its_csv() -> None:
    """The KWG inside a KLV2 spells the leaves (blank = tile 0) that its CSV lists."""
    data = shared_file("external/magpie-data/CSW21_small.klv2").read_bytes()
    count = int.from_bytes(data[:4], "little")
    leaves = kwg.decode_words(kwg.nodes_from_bytes(data[4 : 4 + 4 * count]))
    with shared_file("external/magpie-data/CSW21_small.csv").open(encoding="utf-8") as stream:
        expected = {tuple(LEAVE_TILES[c] for c in row[0]) for row in csv.reader(stream) if row}
    assert set(leaves) == expected
    assert leaves == sorted(leaves)  # DAWG order: the order KLV2 values follow
    assert kwg.decode_words(kwg.encode_words(leaves)) == leaves


# --- our own graphs ------------------------------------------------------------------------


def test_written_owl_has_the_same_words(tmp_path: Path) -> None:
    owl = shared_words("lexicons/OWL.txt")
    path = tmp_path / "owl.kwg"
    kwg.write_kwg(path, owl)
    assert read_words(path) == owl
    nodes = kwg.nodes_from_bytes(path.read_bytes())
    assert len(nodes) < 130_000  # minimal: MAGPIE's own DAWG part of TWL98 is 120,345 nodes


@given(words_strategy)
def test_round_trip_of_words(words: list[str]) -> None:
    data = kwg.kwg_bytes_from_words(words)
    assert kwg.words_from_kwg_bytes(data) == sorted(set(words))
    assert kwg.looks_like_kwg(data)


@given(tile_words_strategy)
def test_round_trip_of_tile_tuples(words: list[tuple[int, ...]]) -> None:
    unique = sorted(set(words))
    nodes = kwg.encode_words(unique)
    assert kwg.decode_words(nodes) == unique
    assert kwg.nodes_from_bytes(kwg.nodes_to_bytes(nodes)) == nodes


@given(words_strategy)
def test_any_truncation_of_our_graph_is_refused(words: list[str]) -> None:
    data = kwg.kwg_bytes_from_words(words)
    for size in range(0, len(data), 4):
        with pytest.raises(LexiconError):
            kwg.words_from_kwg_bytes(data[:size])


def test_root_layout_and_shared_suffixes() -> None:
    nodes = kwg.encode_words([(1, 2), (3, 2)])  # AB, CB: the list [B] is stored once
    assert list(nodes) == [
        node(0, False, True, 2),
        node(0, False, True, 0),  # a DAWG-only graph: an empty GADDAG
        node(1, False, False, 4),
        node(3, False, True, 4),
        node(2, True, True, 0),
    ]
    # A list that ends another one reuses its nodes: [B, C] under Y is the tail of [A, B, C]
    # under X.
    words = [(24, 1), (24, 2), (24, 3), (25, 2), (25, 3)]
    nodes = kwg.encode_words(words)
    assert len(nodes) == 2 + 2 + 3
    assert kwg.decode_words(nodes) == words


def test_empty_graph() -> None:
    nodes = kwg.encode_words([])
    assert list(nodes) == [node(0, False, True, 0), node(0, False, True, 0)]
    assert kwg.decode_words(nodes) == []


def test_load_by_extension_or_content(tmp_path: Path) -> None:
    data = kwg.kwg_bytes_from_words(["CAT", "DOG"])
    (tmp_path / "a.KWG").write_bytes(data)
    (tmp_path / "a.bin").write_bytes(data)
    assert list(load_lexicon(tmp_path / "a.KWG")) == ["CAT", "DOG"]
    assert list(load_lexicon(tmp_path / "a.bin")) == ["CAT", "DOG"]
    assert load_lexicon(tmp_path / "a.bin") == lexicon_from_words(["dog", "cat"])


def test_the_cache_keeps_formats_apart(tmp_path: Path) -> None:
    """The same bytes read as text under one name and as a graph under another; a cached
    text list never answers for a .kwg name."""
    (tmp_path / "list.txt").write_bytes(b"CAT\n")
    (tmp_path / "list.kwg").write_bytes(b"CAT\n")
    assert list(load_lexicon(tmp_path / "list.txt")) == ["CAT"]
    with pytest.raises(LexiconError, match=r"list\.kwg"):
        load_lexicon(tmp_path / "list.kwg")


def test_named_kwg_in_the_lexicon_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kwg.write_kwg(tmp_path / "Graph.kwg", ["ZAX"])
    (tmp_path / "both.txt").write_text("TEXT\n", encoding="utf-8")
    kwg.write_kwg(tmp_path / "both.kwg", ["GRAPH"])
    monkeypatch.setenv("WORDGAMES_LEXICON_PATH", str(tmp_path))
    monkeypatch.chdir(tmp_path.parent)
    assert {"graph", "both"} <= set(named_lexicons())
    assert list(load_lexicon("graph")) == list(load_lexicon("GRAPH.kwg")) == ["ZAX"]
    assert list(load_lexicon("both")) == ["TEXT"]  # in one folder, .txt wins


def test_write_is_atomic_and_reports_failures(tmp_path: Path) -> None:
    path = tmp_path / "out.kwg"
    path.write_bytes(b"old")
    kwg.write_kwg(path, ["NEW"])
    assert kwg.words_from_kwg_bytes(path.read_bytes()) == ["NEW"]
    assert os.listdir(tmp_path) == ["out.kwg"]
    with pytest.raises(FileWriteError, match="no such folder"):
        kwg.write_kwg(tmp_path / "missing" / "out.kwg", ["NEW"])
    with pytest.raises(LexiconError, match="not a letter"):
        kwg.write_kwg(path, ["CO-OP"])  # the English alphabet has no hyphen
    assert kwg.words_from_kwg_bytes(path.read_bytes()) == ["NEW"]


def test_multi_letter_alphabet() -> None:
    alphabet = ["A", "L", "L·L", "NY", "N", "Y"]
    assert kwg.word_to_tiles("AL·LA", alphabet) == (1, 3, 1)
    assert kwg.word_to_tiles("ANYA", alphabet) == (1, 4, 1)  # the longest letter first
    data = kwg.kwg_bytes_from_words(["AL·LA", "ANYA", "LA"], alphabet)
    assert kwg.words_from_kwg_bytes(data, alphabet) == ["AL·LA", "ANYA", "LA"]
    with pytest.raises(LexiconError, match="distinct"):
        kwg.word_to_tiles("A", ["A", "A"])
    with pytest.raises(InvalidArgumentTypeError):
        kwg.word_to_tiles("A", 5)  # type: ignore[arg-type]


# --- malformed graphs -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("nodes", "match"),
    [
        ([], "no node 0"),
        ([node(0, False, True, 5), node(0, False, True, 0)], "past the end"),
        ([node(0, False, True, 2), node(0, False, True, 0), node(1, True, False, 0)], "runs past"),
        ([node(0, False, True, 2), node(0, False, True, 0), node(1, True, True, 2)], "cycle"),
        ([node(0, False, True, 2), node(0, False, True, 0), node(1, True, True, 9)], "past the end"),
        ([node(0, False, True, 2), node(0, False, True, 0), node(0, True, True, 0)], "tile 0"),
        ([node(0, False, True, 2), node(0, False, True, 0), node(27, True, True, 0)], "tile 27"),
    ],
)
def test_malformed_graphs(nodes: list[int], match: str) -> None:
    with pytest.raises(LexiconError, match=match):
        kwg.words_from_kwg_bytes(kwg.nodes_to_bytes(nodes), name="g.kwg")


def test_graph_depth_and_word_count_are_bounded() -> None:
    # A chain of levels, each level two siblings pointing at the next: 2**levels words.
    def ladder(levels: int) -> list[int]:
        nodes = [node(0, False, True, 2), node(0, False, True, 0)]
        for level in range(levels):
            child = 2 + 2 * (level + 1) if level + 1 < levels else 0
            nodes += [node(1, True, False, child), node(2, True, True, child)]
        return nodes

    assert len(kwg.decode_words(ladder(3))) == 2 + 4 + 8
    with pytest.raises(LexiconError, match="more than"):
        kwg.decode_words(ladder(30))  # a billion words from 62 nodes: counted, never spelled
    with pytest.raises(LexiconError, match="longer than"):
        kwg.decode_words(ladder(MAX_WORD_LENGTH + 1))


def test_the_tiles_a_graph_spells_are_counted_before_any_word(monkeypatch: pytest.MonkeyPatch) -> None:
    data = kwg.kwg_bytes_from_words(["AB", "ABC", "B"])  # 2 + 3 + 1 tiles
    monkeypatch.setattr(kwg, "MAX_GRAPH_TILES", 6)
    assert kwg.words_from_kwg_bytes(data) == ["AB", "ABC", "B"]
    monkeypatch.setattr(kwg, "MAX_GRAPH_TILES", 5)
    with pytest.raises(LexiconError, match=r"^g\.kwg: spells 6 tiles in all \(at most 5\)$"):
        kwg.words_from_kwg_bytes(data, name="g.kwg")


def test_a_small_graph_of_many_long_words_is_refused_unspelled(tmp_path: Path) -> None:
    """724 bytes spelled 7.96 M words of 64 tiles, within MAX_GRAPH_WORDS and MAX_WORD_LENGTH:
    60 s and 2 GB.  A root of 59 letters, then five levels of 24 siblings."""
    nodes = [node(0, False, True, 2), node(0, False, True, 0)]
    nodes += [node(1, False, True, i + 3) for i in range(59)]
    nodes += [node(k + 1, level == 4, k == 23, 0 if level == 4 else 61 + 24 * (level + 1))
              for level in range(5) for k in range(24)]
    path = tmp_path / "bomb.kwg"
    path.write_bytes(kwg.nodes_to_bytes(nodes))
    assert path.stat().st_size == 724
    for backend in backend_names():
        with pytest.raises(LexiconError, match=f"tiles in all \\(at most {MAX_GRAPH_TILES:,}\\)"):
            load_lexicon(path, backend)


def test_odd_sizes_and_wrong_types() -> None:
    with pytest.raises(LexiconError, match="4-byte"):
        kwg.nodes_from_bytes(b"\0" * 9)
    with pytest.raises(InvalidArgumentTypeError):
        kwg.nodes_from_bytes("text")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentTypeError):
        kwg.decode_words([0, 0], root=None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("words", "error", "match"),
    [
        ([(2,), (1,)], LexiconError, "sorted"),
        ([(1,), (1,)], LexiconError, "sorted"),
        ([()], LexiconError, "empty"),
        ([(256,)], LexiconError, "tile 256"),
        ([(-1,)], LexiconError, "tile -1"),
        ([(1,) * (MAX_WORD_LENGTH + 1)], LexiconError, "tiles"),
        ([("A",)], InvalidArgumentTypeError, "tile number"),
        (["AB"], InvalidArgumentTypeError, "sequence"),
        ([None], InvalidArgumentTypeError, "sequence"),
    ],
)
def test_encode_refuses_bad_words(words: list[object], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        kwg.encode_words(words)  # type: ignore[arg-type]


# --- fuzzing -------------------------------------------------------------------------------


@given(st.binary(max_size=200), st.sampled_from(["fuzz.kwg", "fuzz.txt"]))
def test_fuzz_arbitrary_bytes(data: bytes, name: str) -> None:
    """The reader (text or graph, by name and content) and the raw decoder."""
    try:
        words = words_from_bytes(data, name)
    except LexiconError:
        pass
    else:
        assert words == sorted(set(words))
        assert all(1 <= len(word) <= MAX_WORD_LENGTH for word in words)
    try:
        tiles = kwg.decode_words(kwg.nodes_from_bytes(data))
    except LexiconError:
        return
    assert all(1 <= len(word) <= MAX_WORD_LENGTH for word in tiles)


@given(st.lists(st.integers(0, 2**32 - 1) | st.integers(0, 12), max_size=24))
def test_fuzz_node_arrays(nodes: list[int]) -> None:
    """Small arc indices make graphs that actually link up, which random bytes rarely do."""
    for root in (0, 1):
        try:
            words = kwg.decode_words(nodes, root)
        except WordGamesError as error:
            assert isinstance(error, LexiconError)
            continue
        assert all(1 <= len(word) <= MAX_WORD_LENGTH for word in words)


@given(words_strategy, st.data())
def test_fuzz_flipped_bits(words: list[str], data: st.DataObject) -> None:
    raw = bytearray(kwg.kwg_bytes_from_words(words))
    for _ in range(data.draw(st.integers(1, 4))):
        bit = data.draw(st.integers(0, len(raw) * 8 - 1))
        raw[bit // 8] ^= 1 << (bit % 8)
    try:
        found = kwg.words_from_kwg_bytes(bytes(raw))
    except LexiconError:
        return
    assert found == sorted(set(found))


def test_written_files_keep_or_get_ordinary_permissions(tmp_path: Path) -> None:
    old_umask = os.umask(0o022)
    try:
        kwg.write_kwg(tmp_path / "new.kwg", ["CAT"])
        assert (tmp_path / "new.kwg").stat().st_mode & 0o777 == 0o644
        existing = tmp_path / "shared.kwg"
        existing.write_bytes(b"")
        existing.chmod(0o664)
        kwg.write_kwg(existing, ["CAT"])
        assert existing.stat().st_mode & 0o777 == 0o664
    finally:
        os.umask(old_umask)


def test_writes_follow_symlinks_and_spare_devices(tmp_path: Path) -> None:
    real = tmp_path / "real.kwg"
    real.write_bytes(b"")
    link = tmp_path / "link.kwg"
    link.symlink_to(real)
    kwg.write_kwg(link, ["CAT"])
    assert link.is_symlink() and kwg.words_from_kwg_bytes(real.read_bytes()) == ["CAT"]
    with pytest.raises(FileWriteError, match="is a directory"):
        kwg.write_kwg(tmp_path, ["CAT"])
    if Path("/dev/null").exists():
        with pytest.raises(FileWriteError, match="not a regular file"):
            kwg.write_kwg("/dev/null", ["CAT"])
