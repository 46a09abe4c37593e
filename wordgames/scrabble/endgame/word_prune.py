# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The endgame's word graph pruned to the words its tiles can still make (MAGPIE and Macondo
build one at the start of each endgame search): the move generator's kernel, its cross-checks
and the killer judge then walk a node table of thousands of nodes instead of the lexicon's
hundreds of thousands, and a path through it dies as soon as no word this endgame can make
lies below it.

**Which words are kept.** Every word a move forms (its main word and its cross words) lies
along one line of the board (a row or a column), in the position after the move.  In an
endgame every tile on the board is either there now, on the same square, or is one of the
*spare* tiles: the two racks and the known bag, which are all the tiles that can still be put
down (a blank among them may be any letter; a blank on the board is the letter it stands
for).  So the letters of a word formed anywhere in the search, as a multiset, fit within the
spare tiles plus the tiles now on one line, the spare blanks covering any shortfall.  The
graph keeps exactly the lexicon's words that fit so for at least one line, and no word longer
than the longest line.  The filter over the whole board (spare tiles plus every board tile)
would keep almost everything: in an endgame those are all the tiles of the game.

**Why the moves are the same.** A placement is legal when its tiles go on empty squares of one
line, touching the board, and every word it forms is in the lexicon; it scores by the tiles
and premiums alone.  Each word a candidate placement forms lies in a position the search can
reach (the one after it), so it is kept if and only if the full lexicon holds it: the kernel
records the same placements.  A cross-check bit (may tile ``t`` go on this square) can differ
only for a tile whose cross word no reachable position forms, that is a tile the side to move
neither holds nor can make with a blank there, which no placement puts down.  The kernel walks
the children of a node in tile order in both graphs and the pruned graph only lacks branches
with no recordable word, so even the order of the moves is the same (the tests compare the
lists on random positions and positions reached from them).  A position not reachable from
the one the graph was made for needs a new graph (:func:`covers` says which).

Compiled by Cython (C types in ``word_prune.pxd``), run as plain Python where no compiler is
available.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.lexicon.packed import TERMINAL, PackedNodes
from wordgames.scrabble.movegen.board_arrays import KernelLexicon, _zeros

if not cython.compiled:  # compiled, word_prune.pxd cimports popcount
    from wordgames.scrabble.movegen.board_arrays import _bits

_TERMINAL = TERMINAL  # C constants when compiled
_UNBLANK = 0x7F  # a tile number without the blank bit
_ALL = 0xFFFFFFFFFFFFFFFF
_GROUP = 64  # lines per walk: the lines a prefix still fits are the bits of a 64-bit mask
_KEPT = 1  # a node flag: a kept word at or below the node
_WORD = 2  # a node flag: the node's prefix is a kept word


def board_lines(squares: bytes, rows: int, cols: int, letters: int) -> list[list[int]]:
    """The distinct multisets of the tiles on the board's lines (rows and columns), each as
    counts by tile number (index 0 unused: a board blank counts as the letter it stands for).
    ``squares`` is the board row-major (tile numbers, the blank bit on a blank).  Cost:
    O(squares)."""
    found: dict[tuple[int, ...], None] = {}
    for across in range(2):
        for line in range(rows if across else cols):
            counts = [0] * (letters + 1)
            for i in range(cols if across else rows):
                number = squares[line * cols + i if across else i * cols + line]
                if number:
                    counts[number & _UNBLANK] += 1
            found[tuple(counts)] = None
    return [list(counts) for counts in found]


def pruned_lexicon(lexicon: KernelLexicon, squares: bytes, rows: int, cols: int,
                   spare: Sequence[int]) -> KernelLexicon:
    """``lexicon`` cut to the words an endgame on this board can form (module docstring):
    ``squares`` the board row-major, ``spare`` the tiles still to be put down (both racks and
    the bag) as counts by tile number, index 0 the blanks.  Cost: a walk of the lexicon's
    nodes whose prefix fits some line (one per 64 distinct lines), then one pass over the
    nodes kept; memory a byte per node of ``lexicon`` while it runs."""
    letters = len(spare) - 1
    lines = board_lines(squares, rows, cols, letters)
    flags = _zeros("B", len(lexicon.masks))
    longest = max(rows, cols)
    flagged = 0
    for start in range(0, len(lines), _GROUP):
        flagged += _mark(lexicon.masks, lexicon.first, flags, spare, lines[start:start + _GROUP], longest)
    size = flagged + (0 if flags[0] & _KEPT else 1)  # the root is always kept
    masks, first = _renumbered(lexicon.masks, lexicon.first, flags, size)
    return KernelLexicon(PackedNodes(masks, first, lexicon.packed.alphabet))


def _mark(masks: array[int], first: array[int], flags: array[int], spare: Sequence[int],
          lines: list[list[int]], longest: int) -> int:
    """Flag the nodes of a depth-first walk of the node table whose prefix fits ``spare``
    plus the tiles of one of ``lines`` (at most 64), the blanks of ``spare`` covering a
    shortfall: ``_WORD`` on a word, ``_KEPT`` on a node with a word at or below it.  For each
    prefix the walk keeps, per number ``k`` of blanks, the mask of lines the prefix fits with
    at most ``k`` blanks spent.  Returns how many nodes it flagged ``_KEPT`` that were not."""
    m, f, marks = masks, first, flags  # typed views when compiled
    letters = len(spare) - 1
    blanks = spare[0]
    group = len(lines)
    one = 1  # a 64-bit unsigned 1 when compiled: the shifts reach bit 63
    every = _ALL if group == 64 else (one << group) - 1
    # ok[t * width + c]: the lines where a prefix may hold c copies of tile t without a blank.
    cap = 0
    for i in range(group):
        for t in range(1, letters + 1):
            cap = max(cap, spare[t] + lines[i][t])
    width = cap + 2  # c above cap reads the zero column cap + 1
    ok = _zeros("Q", (letters + 1) * width)
    for i in range(group):
        for t in range(1, letters + 1):
            for c in range(spare[t] + lines[i][t] + 1):
                ok[t * width + c] |= one << i
    # The walk's stack, one level a tile: node, children left, the tile, the masks by blanks.
    node_at = _zeros("q", longest + 1)
    rest_at = _zeros("Q", longest + 1)
    tile_at = _zeros("i", longest + 1)
    fits = _zeros("Q", (longest + 1) * (blanks + 1))
    held = _zeros("i", letters + 1)
    for k in range(blanks + 1):
        fits[k] = every
    node_at[0] = 0
    rest_at[0] = m[0] & ~_TERMINAL
    depth = 0
    count = 0
    while depth >= 0:
        node = node_at[depth]
        rest = rest_at[depth]
        if rest == 0:  # done with this node: report to the parent and climb
            if depth > 0:
                parent = node_at[depth - 1]
                if marks[node] & _KEPT and not marks[parent] & _KEPT:
                    marks[parent] |= _KEPT
                    count += 1
                held[tile_at[depth]] -= 1
            depth -= 1
            continue
        bit = rest & (~rest + 1)
        rest_at[depth] = rest ^ bit
        t = _bits(bit - 1) + 1
        c = held[t] + 1
        allowed = ok[t * width + min(c, cap + 1)]
        level = depth * (blanks + 1)
        below = level + blanks + 1
        # A line that cannot supply the tile spends one more blank on it.
        fits[below] = fits[level] & allowed
        for k in range(1, blanks + 1):
            fits[below + k] = (fits[level + k] & allowed) | (fits[level + k - 1] & ~allowed)
        if fits[below + blanks] == 0:
            continue
        child = f[node] + _bits(m[node] & (bit - 1))
        depth += 1
        held[t] = c
        node_at[depth] = child
        tile_at[depth] = t
        rest_at[depth] = 0 if depth == longest else m[child] & ~_TERMINAL
        if m[child] & _TERMINAL:
            if not marks[child] & _KEPT:
                count += 1
            marks[child] |= _KEPT | _WORD
    return count


def _renumbered(masks: array[int], first: array[int], flags: array[int],
                size: int) -> tuple[array[int], array[int]]:
    """The node table of the ``size`` nodes flagged kept (the root always), numbered breadth
    first as the original (children consecutive, in tile order): a node keeps its word bit
    when flagged a word, and its children flagged kept."""
    m, f, marks = masks, first, flags  # typed views when compiled
    new_masks = _zeros("Q", size)
    new_first = _zeros("I", size)
    kept = _zeros("q", size)  # the original node of each new one
    nm, nf, old = new_masks, new_first, kept
    added = 1
    for index in range(size):
        node = old[index]
        mask = _TERMINAL if marks[node] & _WORD else 0
        nf[index] = added
        children = m[node] & ~_TERMINAL
        child = f[node]
        while children:
            bit = children & (~children + 1)
            children ^= bit
            if marks[child] & _KEPT:
                mask |= bit
                old[added] = child
                added += 1
            child += 1
        nm[index] = mask
    return new_masks, new_first


def covers(built_squares: bytes, built_spare: Sequence[int], squares: bytes,
           spare: Sequence[int]) -> bool:
    """Whether a graph pruned for the board ``built_squares`` and the spare tiles
    ``built_spare`` serves a position with board ``squares`` and spare tiles ``spare``: the
    position could be reached from that one by play (every tile of the old board still on its
    square, and the new board tiles, a blank as a blank, and the spare tiles together within
    the old spare tiles), so every word it can form fits the old lines.  Cost: O(squares)."""
    need = list(spare)
    for square in range(len(squares)):
        old = built_squares[square]
        if old:
            if squares[square] != old:
                return False
        elif squares[square]:
            number = squares[square]
            need[0 if number & ~_UNBLANK else number] += 1
    return all(wanted <= held for wanted, held in zip(need, built_spare, strict=True))
