"""LeftPart: the left parts a move can start with before an anchor, built once per search.

A left part of rack tiles lies on empty non-anchor squares, which have no cross words, so the
left parts depend on the rack alone.  They are enumerated depth first over the lexicon's node
walk from the whole rack (a letter is played from a real tile while the rack holds one, from a
blank otherwise), grouped by length into *levels*, and every anchor reuses them.  Each left
part links to the one it extends, so building one costs one tuple."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from wordgames.scrabble.movegen.state import SearchState
from wordgames.scrabble.movegen.tables import LexiconTables, Node

Prefix = tuple[Node, int, int, int, int, int, Any, str, int, int, int]
"""A left part: (node, its child mask, letters still held, letters still playable, whether a
blank stands for a letter the rack also holds, length, the left part it extends (None for
the empty one), its last tile (a blank in lower case), that tile's value, the rack slot it
used — a letter index or the blank slot —, and the most that tile can be worth in any blank
assignment: its letter's value when the rack holds that letter, else 0)."""


class LeftParts(NamedTuple):
    """The left parts of one search: ``build(depth)`` enumerates them up to ``depth`` tiles
    (again only when a deeper level is asked for); ``leading(length, first_bit)`` lists those
    of one length with the letters that may follow them on the anchor."""

    build: Callable[[int], None]
    leading: Callable[[int, int], list[tuple[Prefix, int]]]


def left_parts(tables: LexiconTables, root: Node, state: SearchState) -> LeftParts:
    """The :class:`LeftParts` of ``state``'s rack from the lexicon node ``root``.  The search
    is defined as closures: the hot loop reads closure cells and locals, which is cheaper
    than attribute look-ups."""
    expansions = tables.expansions
    expand = tables.expand
    follows = tables.follows
    follow = tables.follow
    full = tables.full_mask
    values = state.values
    counts = state.counts
    blank = state.blank
    held_all = state.held_all
    playable_all = state.playable_all
    levels: list[list[Prefix]] = []
    leads_memo: dict[tuple[int, int], list[tuple[Prefix, int]]] = {}

    def build(depth: int) -> None:
        if len(levels) > depth:
            return
        levels.clear()
        leads_memo.clear()
        levels.extend([] for _ in range(depth + 1))
        kid_mask = expand(root)[0]
        top: Prefix = (root, kid_mask, held_all, playable_all, 0, 0, None, "", 0, 0, 0)
        levels[0].append(top)
        if depth and kid_mask & playable_all:
            grow(top, root, kid_mask, held_all, playable_all, 0, 0, depth)

    def grow(parent: Prefix, node: Node, kid_mask: int, held: int, playable: int,
             swappable: int, length: int, depth: int) -> None:
        # Add the left parts one tile longer than ``parent``, and theirs, ``depth`` deep;
        # only those some letter can still follow are kept.
        candidates = kid_mask & playable
        kids = expansions[node][1]
        level = levels[length + 1]
        length += 1
        while candidates:
            bit = candidates & -candidates
            candidates ^= bit
            i, letter, lower, child, _is_word = kids[bit]
            if counts[i]:
                slot, tile, value, swaps = i, letter, values[i], swappable
            else:
                slot, tile, value, swaps = blank, lower, 0, swappable | (held_all & bit)
            counts[slot] -= 1
            now_held = held ^ bit if slot == i and not counts[i] else held
            now_playable = now_held | (full if counts[blank] else 0)
            child_mask = (expansions.get(child) or expand(child))[0]
            if child_mask & now_playable:
                prefix = (child, child_mask, now_held, now_playable, swaps, length, parent,
                          tile, value, slot, values[i] if held_all & bit else 0)
                level.append(prefix)
                if depth > 1:
                    grow(prefix, child, child_mask, now_held, now_playable, swaps, length,
                         depth - 1)
            counts[slot] += 1

    def leading(length: int, first_bit: int) -> list[tuple[Prefix, int]]:
        # Left parts of one length with the letters that may follow them (into a board tile
        # ``first_bit`` when non-zero), dropping those that cannot be followed at all.
        key = (length, first_bit)
        found = leads_memo.get(key)
        if found is None:
            found = []
            for prefix in levels[length]:
                if first_bit:
                    leads = (follows.get(prefix[0]) or follow(prefix[0])).get(first_bit, 0)
                else:
                    leads = prefix[1]
                leads &= prefix[3]
                if leads:
                    found.append((prefix, leads))
            leads_memo[key] = found
        return found

    return LeftParts(build, leading)
