"""KWG word graphs, the lexicon format of wolges and MAGPIE: read them, write them.

A KWG is an array of little-endian u32 *nodes*.  Each node is one arc of the graph:

* bits 0-21: the index of the first node of the child list (0: no children);
* bit 22: this node is the last of its sibling list;
* bit 23: a word ends here (the path to this node, this node's tile included, is a word);
* bits 24-31: the tile number (0 is the blank / GADDAG separator, 1.. the alphabet's letters).

Node 0 and node 1 are the roots: node 0's child list spells the DAWG (every word, front to
back), node 1's the GADDAG when there is one.  Both have tile 0 and the last-sibling bit set.
A DAWG-only graph (what :func:`encode_words` writes, and what KLV2 leave tables embed) gives
node 1 an empty child list (arc index 0), as wolges does for its KLV files.

This module works in tile numbers so that the same code serves word lists (tiles 1..26 for
English) and leave tables (blank = 0); :func:`words_from_kwg_bytes` and
:func:`kwg_bytes_from_words` map tiles to letters through an *alphabet*, where tile ``n`` is
``alphabet[n - 1]`` (a string for one-character letters, or a sequence of strings, which
allows multi-character letters such as Catalan's ``L·L``).

Every reader checks the graph before spelling a word: indices in range, sibling lists that
end, no cycle, words of at most :data:`~wordgames.limits.MAX_WORD_LENGTH` tiles, at most
:data:`~wordgames.limits.MAX_GRAPH_WORDS` words and :data:`~wordgames.limits.MAX_GRAPH_TILES`
tiles in all; a bad graph is a LexiconError.
"""

from __future__ import annotations

import os
import sys
from array import array
from collections.abc import Iterable, Sequence

from wordgames.atomic import write_bytes_atomically
from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError, LexiconError
from wordgames.limits import MAX_GRAPH_TILES, MAX_GRAPH_WORDS, MAX_LEXICON_FILE_BYTES, MAX_WORD_LENGTH
from wordgames.textfiles import shown_path

ENGLISH_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Tiles 1..26 of wolges' and MAGPIE's English graphs (tile 0 is the blank)."""

ARC_MASK = (1 << 22) - 1
LAST_SIBLING = 1 << 22
ACCEPTS = 1 << 23
TILE_SHIFT = 24
MAX_TILE = 255
MAX_NODES = ARC_MASK + 1
"""An arc index has 22 bits, so a child list must start below 2**22."""

Tiles = tuple[int, ...]


def pack_node(tile: int, accepts: int, last: int, arc: int) -> int:
    """One KWG node as a u32 (``accepts`` and ``last`` are truth values); InvalidArgumentError
    for a tile outside 0..255 or an arc index outside 0..2**22-1."""
    for value, what, top in ((tile, "tile", MAX_TILE), (arc, "arc index", ARC_MASK)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidArgumentTypeError(f"a {what} must be an int, not {type(value).__name__}")
        if not 0 <= value <= top:
            raise InvalidArgumentError(f"a {what} is in 0..{top}, not {value}")
    return (tile << TILE_SHIFT) | (ACCEPTS if accepts else 0) | (LAST_SIBLING if last else 0) | arc


def _positive_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentTypeError(f"{what} must be an int, not {type(value).__name__}")
    if value < 0:
        raise InvalidArgumentError(f"{what} must be >= 0, not {value}")
    return value


def _node_array(nodes: object) -> array[int]:
    """``nodes`` as an array of u32, InvalidArgumentTypeError/InvalidArgumentError if it is
    not a sequence of ints in 0..2**32-1."""
    if isinstance(nodes, array) and nodes.typecode == "I":
        return nodes
    if isinstance(nodes, (str, bytes, bytearray)) or not isinstance(nodes, Iterable):
        raise InvalidArgumentTypeError(
            f"KWG nodes must be a sequence of ints, not {type(nodes).__name__}"
        )
    try:
        return array("I", nodes)
    except TypeError:
        raise InvalidArgumentTypeError("KWG nodes must be ints") from None
    except OverflowError:
        raise InvalidArgumentError("KWG nodes are u32: each in 0..2**32-1") from None


# --- raw u32 arrays ----------------------------------------------------------------------


def nodes_from_bytes(data: bytes, name: str = "<kwg>") -> array[int]:
    """The u32 nodes of little-endian ``data``; LexiconError if its length is not a multiple
    of 4 or it is larger than MAX_LEXICON_FILE_BYTES.  Cost: one copy of the data."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InvalidArgumentTypeError(f"KWG data must be bytes, not {type(data).__name__}")
    if len(data) > MAX_LEXICON_FILE_BYTES:
        raise LexiconError(f"{name}: larger than {MAX_LEXICON_FILE_BYTES} bytes")
    if len(data) % 4:
        raise LexiconError(f"{name}: {len(data)} bytes is not a whole number of 4-byte KWG nodes")
    nodes = array("I")
    nodes.frombytes(data)
    if sys.byteorder == "big":
        nodes.byteswap()
    return nodes


def nodes_to_bytes(nodes: Iterable[int]) -> bytes:
    """The nodes as little-endian u32 bytes (InvalidArgumentError for a value out of
    range)."""
    packed = array("I", _node_array(nodes))  # a copy: the byte swap must not touch the input
    if sys.byteorder == "big":
        packed.byteswap()
    return packed.tobytes()


def looks_like_kwg(data: bytes) -> bool:
    """Whether ``data`` starts like a KWG: a whole number of nodes, and two root nodes with
    tile 0 and the last-sibling bit (a text word list never does: its bytes hold no NUL)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InvalidArgumentTypeError(f"KWG data must be bytes, not {type(data).__name__}")
    if len(data) < 8 or len(data) % 4:
        return False
    for offset in (0, 4):
        node = int.from_bytes(data[offset : offset + 4], "little")
        if node >> TILE_SHIFT or not node & LAST_SIBLING:
            return False
    return True


# --- decoding ------------------------------------------------------------------------------


def _sibling_end(nodes: Sequence[int], start: int, name: str) -> int:
    """The index of the last node of the sibling list starting at ``start``."""
    size = len(nodes)
    index = start
    while index < size:
        if nodes[index] & LAST_SIBLING:
            return index
        index += 1
    raise LexiconError(f"{name}: the sibling list at node {start} runs past the end of the graph")


def _count_words(
    nodes: Sequence[int], start: int, max_length: int, name: str
) -> tuple[dict[int, int], dict[int, int]]:
    """The number of words, and of tiles in them, below each child list reachable from
    ``start`` (0: none), after checking every index, sibling list and path length.  Cost:
    linear in the reachable nodes."""
    size = len(nodes)
    counts: dict[int, int] = {0: 0}
    tiles: dict[int, int] = {0: 0}
    depths: dict[int, int] = {0: 0}
    open_lists: set[int] = set()
    stack: list[tuple[int, bool]] = [(start, False)]
    while stack:
        list_start, done = stack.pop()
        if done:
            end = _sibling_end(nodes, list_start, name)
            total = spelled = depth = 0
            for index in range(list_start, end + 1):
                node = nodes[index]
                arc = node & ARC_MASK
                through = (1 if node & ACCEPTS else 0) + counts[arc]
                total += through
                spelled += through + tiles[arc]  # this node's tile is in each word through it
                depth = max(depth, 1 + depths[arc])
            if depth > max_length:
                raise LexiconError(f"{name}: spells words longer than {max_length} tiles")
            counts[list_start] = total
            tiles[list_start] = spelled
            depths[list_start] = depth
            open_lists.discard(list_start)
            continue
        if list_start in counts:
            continue
        if list_start in open_lists:
            raise LexiconError(f"{name}: the graph has a cycle through node {list_start}")
        if len(open_lists) > max_length:
            raise LexiconError(f"{name}: spells words longer than {max_length} tiles")
        open_lists.add(list_start)
        stack.append((list_start, True))
        for index in range(list_start, _sibling_end(nodes, list_start, name) + 1):
            arc = nodes[index] & ARC_MASK
            if arc >= size:
                raise LexiconError(f"{name}: node {index} points past the end ({arc} >= {size})")
            if arc not in counts:
                stack.append((arc, False))
    return counts, tiles


def _spell(
    nodes: Sequence[int],
    root: int,
    labels: Sequence[object],
    empty: object,
    max_length: int,
    max_words: int,
    name: str,
) -> list[object]:
    """The words of the child list of node ``root``, in DAWG order, each the concatenation of
    its tiles' labels (``labels[tile]``; None marks a tile that may not appear).  LexiconError
    for more than ``max_words`` words or MAX_GRAPH_TILES tiles in all, counted first.  Cost:
    linear in the graph, then one step per tile of each word."""
    if isinstance(root, bool) or not isinstance(root, int):
        raise InvalidArgumentTypeError(f"the root must be a node index, not {root!r}")
    if not 0 <= root < len(nodes):
        raise LexiconError(f"{name}: has no node {root} ({len(nodes)} nodes)")
    start = nodes[root] & ARC_MASK
    if start >= len(nodes):
        raise LexiconError(f"{name}: node {root} points past the end ({start} >= {len(nodes)})")
    if start == 0:
        return []
    counts, tiles = _count_words(nodes, start, max_length, name)
    if counts[start] > max_words:
        raise LexiconError(f"{name}: spells more than {max_words} words")
    # A graph spells exponentially many words in its size: a 724-byte one spelled 7.96 M words
    # of 64 tiles (2 GB), within the word limit; the tiles are counted before any is spelled.
    if tiles[start] > MAX_GRAPH_TILES:
        raise LexiconError(f"{name}: spells {tiles[start]:,} tiles in all (at most {MAX_GRAPH_TILES:,})")
    words: list[object] = []
    stack: list[tuple[int, object]] = [(start, empty)]
    while stack:
        index, prefix = stack.pop()
        node = nodes[index]
        label = labels[node >> TILE_SHIFT]
        if label is None:
            raise LexiconError(f"{name}: node {index} holds tile {node >> TILE_SHIFT}, "
                               "which the alphabet does not have")
        word = prefix + label  # type: ignore[operator]
        if node & ACCEPTS:
            words.append(word)
        if not node & LAST_SIBLING:
            stack.append((index + 1, prefix))
        arc = node & ARC_MASK
        if counts[arc]:
            stack.append((arc, word))
    return words


def decode_words(
    nodes: Sequence[int],
    root: int = 0,
    *,
    max_length: int = MAX_WORD_LENGTH,
    max_words: int = MAX_GRAPH_WORDS,
    name: str = "<kwg>",
) -> list[Tiles]:
    """The words of the DAWG under node ``root`` (0: the KWG's DAWG) as tuples of tile
    numbers, in the DAWG's order (sorted, for graphs written with sorted siblings: the order
    KLV2 values follow).  LexiconError for a malformed graph or one beyond the limits.
    Cost: linear in the graph, then one step per tile of each word."""
    labels = [(tile,) for tile in range(MAX_TILE + 1)]
    max_length = _positive_int(max_length, "max_length")
    max_words = _positive_int(max_words, "max_words")
    return _spell(_node_array(nodes), root, labels, (), max_length, max_words, name)  # type: ignore[return-value]


def words_from_kwg_bytes(
    data: bytes, alphabet: Sequence[str] = ENGLISH_ALPHABET, name: str = "<kwg>"
) -> list[str]:
    """The words of a KWG file's DAWG, spelled with ``alphabet`` (tile n is
    ``alphabet[n - 1]``), sorted by code point and unique.  A word holding tile 0 or a tile
    beyond the alphabet is a LexiconError, and so is a graph that spells no word (as an empty
    text list is).  Cost: about a second for TWL98 (168k words)."""
    labels = _labels(alphabet)
    words = _spell(nodes_from_bytes(data, name), 0, labels, "", MAX_WORD_LENGTH, MAX_GRAPH_WORDS, name)
    if not words:
        raise LexiconError(f"{shown_path(name)}: contains no words")
    # DAWG order is tile order, which is code-point order only for ordered alphabets.
    return sorted(set(words))  # type: ignore[arg-type]


def keys_from_kwg_bytes(data: bytes, tiles: int, name: str = "<kwg>") -> list[bytes]:
    """The words of a KWG file's DAWG as keys (``bytes`` of tile numbers, see
    :mod:`wordgames.lexicon.base`), sorted and unique, for an alphabet of ``tiles`` tiles.  A
    word holding tile 0 or a tile beyond ``tiles`` is a LexiconError, and so is a graph that
    spells no word (as an empty text list is).  Cost: linear in the graph, then one step per
    tile of each word."""
    labels: list[object] = [None, *(bytes((tile,)) for tile in range(1, tiles + 1))]
    labels += [None] * (MAX_TILE + 1 - len(labels))
    words = _spell(nodes_from_bytes(data, name), 0, labels, b"", MAX_WORD_LENGTH, MAX_GRAPH_WORDS, name)
    if not words:
        raise LexiconError(f"{shown_path(name)}: contains no words")
    return sorted(set(words))  # type: ignore[arg-type]


def _labels(alphabet: object) -> list[str | None]:
    """Tile number -> letter, for tiles 0..255 (None for the blank and unknown tiles)."""
    if isinstance(alphabet, (bytes, bytearray)) or not isinstance(alphabet, Sequence):
        raise InvalidArgumentTypeError(
            f"an alphabet must be a string or a sequence of strings, not {type(alphabet).__name__}"
        )
    letters = list(alphabet)
    if not all(isinstance(letter, str) and letter for letter in letters):
        raise InvalidArgumentTypeError("an alphabet's letters must be non-empty strings")
    if len(letters) > MAX_TILE:
        raise LexiconError(f"an alphabet holds at most {MAX_TILE} letters, not {len(letters)}")
    if len(set(letters)) != len(letters):
        raise LexiconError("an alphabet's letters must be distinct")
    return [None, *letters, *[None] * (MAX_TILE - len(letters))]


# --- encoding ------------------------------------------------------------------------------


def encode_words(words: Iterable[Sequence[int]]) -> array[int]:
    """A DAWG-only KWG (node 0: the DAWG's root, node 1: an empty GADDAG root) spelling
    ``words``, which must be sorted, unique, non-empty tuples of tile numbers 0..255, each of
    at most MAX_WORD_LENGTH tiles.  The graph is minimal: identical child lists are stored
    once, and a list that ends another list shares its nodes.  LexiconError for unsorted,
    duplicate, empty, too long or out-of-range words (InvalidArgumentTypeError for words that
    are not sequences of ints).  Cost: linear in the tiles, plus a sort of the distinct child
    lists; about 2.5 s for OWL's 168k words on a busy machine."""
    # Lists are interned as tuples of (tile, accepts, child list id); id 0 is the empty list.
    _check_iterable(words, "tile sequences")
    ids: dict[tuple[tuple[int, ...], ...], int] = {(): 0}
    lists: list[tuple[tuple[int, ...], ...]] = [()]

    def intern(entries: list[list[int]]) -> int:
        key = tuple(map(tuple, entries))
        found = ids.get(key)
        if found is None:
            found = ids[key] = len(lists)
            lists.append(key)
        return found

    # pending[d]: the sibling list under the current word's first d tiles, [tile, accepts,
    # child id] each, open until a word leaves that prefix (Daciuk's sorted-input method).
    pending: list[list[list[int]]] = [[]]
    previous: Tiles = ()
    for count, raw in enumerate(words):
        word = _checked_tiles(raw, count)
        if count and word <= previous:
            raise LexiconError(
                f"word {count} ({list(word)}) is not after word {count - 1} ({list(previous)}): "
                "words must be sorted and unique"
            )
        shared = 0
        for a, b in zip(previous, word, strict=False):
            if a != b:
                break
            shared += 1
        while len(pending) > shared + 1:
            child = intern(pending.pop())
            pending[-1][-1][2] = child
        for depth in range(shared, len(word)):
            pending[depth].append([word[depth], int(depth == len(word) - 1), 0])
            pending.append([])
        previous = word
    while len(pending) > 1:
        child = intern(pending.pop())
        pending[-1][-1][2] = child
    root = intern(pending[0])
    return _lay_out(lists, root)


def _check_iterable(words: object, of_what: str) -> None:
    if isinstance(words, (str, bytes)) or not isinstance(words, Iterable):
        raise InvalidArgumentTypeError(
            f"words must be an iterable of {of_what}, not {type(words).__name__}"
        )


def _checked_tiles(raw: Sequence[int], count: int) -> Tiles:
    """``raw`` as a tuple of tiles, or LexiconError saying what is wrong with it."""
    if isinstance(raw, (str, bytes)) or not isinstance(raw, Sequence):
        raise InvalidArgumentTypeError(
            f"word {count} must be a sequence of tile numbers, not {type(raw).__name__}"
        )
    word = tuple(raw)
    if not word:
        raise LexiconError(f"word {count} is empty")
    if len(word) > MAX_WORD_LENGTH:
        raise LexiconError(f"word {count} has {len(word)} tiles (at most {MAX_WORD_LENGTH})")
    try:
        array("B", word)  # a C-speed check that every tile is an int in 0..255
    except (TypeError, OverflowError):
        pass
    else:
        return word
    for tile in word:
        if isinstance(tile, bool) or not isinstance(tile, int):
            raise InvalidArgumentTypeError(f"word {count} holds {tile!r}, not a tile number")
        if not 0 <= tile <= MAX_TILE:
            raise LexiconError(f"word {count} holds tile {tile} (tiles are 0..{MAX_TILE})")
    return word


def _lay_out(lists: list[tuple[tuple[int, ...], ...]], root: int) -> array[int]:
    """Place the interned lists after the two root nodes, longest first so that a list equal
    to the tail of a placed one reuses its nodes, and emit the u32 nodes."""
    start_of: dict[int, int] = {0: 0}
    tails: dict[tuple[tuple[int, ...], ...], int] = {}
    order: list[int] = []
    position = 2
    for list_id in sorted(range(1, len(lists)), key=lambda i: -len(lists[i])):
        entries = lists[list_id]
        if entries in tails:
            start_of[list_id] = tails[entries]
            continue
        start_of[list_id] = position
        order.append(list_id)
        for offset in range(len(entries)):
            tails.setdefault(entries[offset:], position + offset)
        position += len(entries)
    if position > MAX_NODES:
        raise LexiconError(f"the graph needs {position} nodes; KWG indices reach {MAX_NODES}")
    nodes = array("I", [pack_node(0, False, True, start_of[root]), pack_node(0, False, True, 0)])
    for list_id in order:
        entries = lists[list_id]
        for tile, accepts, child in entries:  # pack_node's checks are known to pass here
            nodes.append(tile << TILE_SHIFT | (ACCEPTS if accepts else 0) | start_of[child])
        nodes[-1] |= LAST_SIBLING
    return nodes


def word_to_tiles(word: str, alphabet: Sequence[str] = ENGLISH_ALPHABET) -> Tiles:
    """The tile numbers spelling ``word`` (upper case) in ``alphabet``, longest letter first
    at each position; LexiconError for a character no letter matches."""
    if not isinstance(word, str):
        raise InvalidArgumentTypeError(f"a word must be a string, not {type(word).__name__}")
    labels = _labels(alphabet)
    tile_of = {label: tile for tile, label in enumerate(labels) if label is not None}
    lengths = sorted({len(label) for label in tile_of}, reverse=True)
    return _tokenize(word, tile_of, lengths)


def _tokenize(word: str, tile_of: dict[str, int], lengths: list[int]) -> Tiles:
    if lengths == [1]:
        try:
            return tuple(map(tile_of.__getitem__, word))
        except KeyError:
            pass  # the loop below names the character
    tiles: list[int] = []
    index = 0
    while index < len(word):
        for size in lengths:
            tile = tile_of.get(word[index : index + size])
            if tile is not None:
                tiles.append(tile)
                index += size
                break
        else:
            raise LexiconError(f"{word}: {word[index]!r} is not a letter of the alphabet")
    return tuple(tiles)


def kwg_bytes_from_words(words: Iterable[str], alphabet: Sequence[str] = ENGLISH_ALPHABET) -> bytes:
    """A DAWG-only KWG file's bytes spelling ``words`` (upper case, letters of ``alphabet``).
    Cost: about 2 s for 170k words."""
    labels = _labels(alphabet)
    tile_of = {label: tile for tile, label in enumerate(labels) if label is not None}
    lengths = sorted({len(label) for label in tile_of}, reverse=True)
    _check_iterable(words, "strings")
    tiled = set()
    for word in words:
        if not isinstance(word, str):
            raise InvalidArgumentTypeError(f"a word must be a string, not {type(word).__name__}")
        tiled.add(_tokenize(word, tile_of, lengths))
    return nodes_to_bytes(encode_words(sorted(tiled)))


def write_kwg(
    path: str | os.PathLike[str], words: Iterable[str], alphabet: Sequence[str] = ENGLISH_ALPHABET
) -> None:
    """Write ``words`` to ``path`` as a DAWG-only KWG, atomically
    (:func:`wordgames.atomic.write_bytes_atomically`); LexiconError for a word the alphabet
    cannot spell, FileWriteError when the file cannot be written."""
    write_bytes_atomically(path, kwg_bytes_from_words(words, alphabet))
