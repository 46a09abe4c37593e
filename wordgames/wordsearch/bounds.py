# cython: boundscheck=False, wraparound=False, initializedcheck=False
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""Upper bounds on the best score in a *board class* (each cell a set of letters), and the
boards of a class that may reach a score.

A class holds every board whose cells each take one of their options.  Three bounds, each
never below the best board of the class (the tests check it against every board of small
classes):

* **sum/union**: every word some board of the class holds, counted once;
* **max/no-mark**: the search of :mod:`~wordgames.wordsearch.searcher` run on the class,
  taking at each cell the option worth most and counting a word once per path (a board's
  score counts it once; a path per board is all this bound knows);
* **orderly**: the paths of every word the class holds, each path's (cell, option) choices
  sorted into one fixed order of the cells and merged into a tree of *choice* nodes (one cell,
  one child per option) and *sum* nodes (points, and the choices still to make).  A choice
  node is worth its best option, a sum node its points plus its children, so the bound is the
  root's worth; because every path lists its choices in the same order, the choices about the
  first cells are shared by all the words through them.  The same path set twice for one word
  is counted once (a board has the word once, whichever way round it is walked).

:meth:`ClassSolver.force` then walks the tree cell by cell in that order, trying each option,
keeping the worth of what has been decided and of the choices still open, and giving up on any
partial board whose worth falls below the target: what is left are the boards (with the
cells no word there depends on left open) that may score the target, for an exact count.

These ideas follow the published work on proving the best Boggle boards (branch and bound over
board classes, with max/no-mark, sum/union and "orderly" sum/choice trees); the code is this
project's own.  Compiled with Cython (types in ``bounds.pxd``); it runs interpreted too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import cython

from wordgames.wordsearch.layout import grown, neighbour_arrays, zeros
from wordgames.wordsearch.searcher import KernelTables, Solver

if not cython.compiled:  # compiled, bounds.pxd cimports the C function (bits.pxd)
    # Interpreted, Python's own count of 1 bits gives the same answer (and works beside a
    # compiled searcher, whose C function Python cannot import).
    _bits = int.bit_count

CellCode = tuple[int, ...]
_NONE = -1
_MAX_OPTIONS = 64  # options of one cell (one bit each in the open-option masks)


class ClassSolver:
    """Bounds and forced boards for board classes over one lexicon, one class at a time.

    :meth:`load` takes a class (each cell's options as symbol codes, and the order in which
    cells are decided); :meth:`bounds` gives max/no-mark and sum/union, and with ``tree=True``
    also builds the orderly tree (its worth is :attr:`orderly`); :meth:`force` lists the
    partial boards whose worth reaches a target.  The search's own :class:`Solver` (its node
    table and marks, its points) does the lexicon side and scores boards exactly.
    Types in ``bounds.pxd``."""

    def __init__(self, tables: KernelTables) -> None:
        """A solver for ``tables``; words score nothing until :meth:`set_scoring`."""
        self.solver = Solver(tables)
        self.size = 0
        self.cell_capacity = self.option_capacity = -1
        self.reserve(16, 16 * 26)
        self.near = neighbour_arrays(1, 1)
        self.union = 0
        self.orderly = 0
        self.occurrences = 0
        self.building = False
        self.tree_limit = 0
        self.overflow = False
        self.sum_count = self.choice_count = self.entry_count = self.word_count = 0
        self.sum_points = self.sum_worth_of = self.choice_worth = zeros("q", 0)
        self.sum_child = self.sum_option = self.sum_next = self.sum_words = zeros("i", 0)
        self.bucket_next = zeros("i", 0)
        self.word_node = self.word_next = zeros("i", 0)
        self.choice_cell = self.choice_child = self.choice_next = zeros("i", 0)
        self.slot_start = self.slots = zeros("i", 0)
        self.slot_count = 0
        self.entry_choice = self.entry_below = zeros("i", 0)
        self.grow_sums(1024)
        self.grow_choices(1024)
        self.grow_entries(1024)
        self.grow_words(1024)
        self.grow_slots(4096)
        self.candidates: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self.forced_states = 0

    def set_scoring(self, scoring: Callable[[int, int], int], minimum: int) -> None:
        """Score words as :meth:`Solver.set_scoring` does."""
        self.solver.set_scoring(scoring, minimum)

    # --- the class ------------------------------------------------------------------------

    def reserve(self, cells: int, options: int) -> None:
        """Make the per-cell and per-option arrays hold ``cells`` cells and ``options``
        options (they only ever grow)."""
        if cells > self.cell_capacity:
            self.cell_capacity = cells
            self.option_start = zeros("i", cells + 1)
            self.option_count = zeros("i", cells + 1)
            self.cell_mask = zeros("Q", cells + 1)
            self.reach = zeros("Q", cells + 1)
            self.used = zeros("i", cells + 1)
            self.rank = zeros("i", cells + 1)
            self.order = zeros("i", cells + 1)
            self.path_cell = zeros("i", cells + 1)
            self.path_option = zeros("i", cells + 1)
            self.sorted_cell = zeros("i", cells + 1)
            self.sorted_option = zeros("i", cells + 1)
            self.chosen = zeros("i", cells + 1)
            self.open_options = zeros("Q", cells + 1)
            self.heads = zeros("i", cells + 1)
            self.root_choice = zeros("i", cells + 1)
            self.bucket = zeros("i", (cells + 1) * _MAX_OPTIONS)
            self.gained = zeros("q", (cells + 1) * _MAX_OPTIONS)
            self.opening = zeros("q", (cells + 1) * _MAX_OPTIONS)
        if options > self.option_capacity:
            self.option_capacity = options
            self.option_bit = zeros("Q", options)
            self.tail_start = zeros("i", options)
            self.tail_count = zeros("i", options)
            self.option_letters = zeros("i", options)
            self.tails = zeros("i", 4 * options)

    def load(self, options: Sequence[Sequence[CellCode]], rows: int, columns: int,
             order: Sequence[int]) -> None:
        """Take a class: for each cell (row-major) the codes of its options (an option
        whose code is empty can never be part of a word); ``order`` lists every cell, in the
        order the orderly tree and :meth:`force` decide them.  ValueError for a cell of no
        option or of more than 64."""
        size = rows * columns
        total = 0
        tails = 0
        for cell in range(size):
            if not 1 <= len(options[cell]) <= _MAX_OPTIONS:
                raise ValueError(f"cell {cell} has {len(options[cell])} options (1 to 64)")
            total += len(options[cell])
            for code in options[cell]:
                tails += max(0, len(code) - 1)
        self.reserve(size, total)
        if tails > len(self.tails):
            self.tails = zeros("i", tails)
        self.size = size
        self.near = neighbour_arrays(rows, columns)
        letter_bound = 0
        option = 0
        tail = 0
        for cell in range(size):
            self.option_start[cell] = option
            self.option_count[cell] = len(options[cell])
            mask = 0
            longest = 0
            for code in options[cell]:
                letters = 0
                self.tail_start[option] = tail
                self.tail_count[option] = max(0, len(code) - 1)
                self.option_bit[option] = (1 << code[0]) if len(code) else 0
                for index in range(len(code)):
                    letters += self.solver.symbol_letters[code[index]]
                    if index:
                        self.tails[tail] = code[index]
                        tail += 1
                self.option_letters[option] = letters
                mask |= self.option_bit[option]
                longest = max(longest, letters)
                option += 1
            self.cell_mask[cell] = mask
            letter_bound += longest
            self.rank[order[cell]] = cell
            self.order[cell] = order[cell]
        self.cell_mask[size] = 0  # the cell past the board (see neighbour_arrays)
        for cell in range(size):
            around = 0
            for index in range(8 * cell, 8 * cell + 8):
                around |= self.cell_mask[self.near[index]]
            self.reach[cell] = around
            self.used[cell] = 0
        self.solver.grow_points(letter_bound)

    # --- max/no-mark, sum/union, and the orderly tree ---------------------------------------

    def bounds(self, tree: bool = False, tree_limit: int = 0) -> tuple[int, int]:
        """(max/no-mark, sum/union) of the loaded class; ``occurrences`` is set to the
        number of scoring (word, path, options) found, which the orderly tree would hold.
        With ``tree``, also build the orderly tree and set :attr:`orderly` to its worth;
        False in ``overflow`` unless the tree grew past ``tree_limit`` nodes (0: no
        limit), in which case it is left incomplete.  Cost: one walk of every (path, option)
        that spells a prefix, and about a microsecond per tree node."""
        solver = self.solver
        solver.new_search()
        self.union = 0
        self.occurrences = 0
        self.building = tree
        self.tree_limit = tree_limit
        self.overflow = False
        if tree:
            self.clear_tree()
        root_mask = solver.nodes[0]
        best = 0
        for cell in range(self.size):
            if root_mask & self.cell_mask[cell]:
                best += self.choose(cell, 0, root_mask, 0, 0)
        if tree and not self.overflow:
            self.orderly = self.sum_worth(0)
        self.building = False
        return best, self.union

    def choose(self, cell: int, node: int, mask: int, letters: int, depth: int) -> int:
        """The max/no-mark worth of the paths that go on into ``cell`` from ``node`` (whose
        mask is ``mask``; ``letters`` long, ``depth`` cells so far): its best option."""
        solver = self.solver
        stride = solver.stride
        base = (solver.nodes[stride * node + stride - 1] >> solver.shift) & solver.first_mask
        best = 0
        self.used[cell] = 1
        self.path_cell[depth] = cell
        for option in range(self.option_start[cell], self.option_start[cell] + self.option_count[cell]):
            bit = self.option_bit[option]
            if not mask & bit:
                continue
            child = base + _bits(mask & (bit - 2))
            if self.tail_count[option]:
                child = self.descend(child, option)
                if child < 0:
                    continue
            child_mask = solver.nodes[stride * child]
            length = letters + self.option_letters[option]
            worth = 0
            self.path_option[depth] = option
            if child_mask & 1:
                worth = solver.points[length]
                self.occurrences += worth != 0
                if solver.first_time(child):
                    self.union += worth
                if self.building and worth:
                    self.add_word(child, worth, depth + 1)
            if child_mask & self.reach[cell]:
                for index in range(8 * cell, 8 * cell + 8):
                    other = self.near[index]
                    if not self.used[other] and child_mask & self.cell_mask[other]:
                        worth += self.choose(other, child, child_mask, length, depth + 1)
            if worth > best:
                best = worth
        self.used[cell] = 0
        return best

    def descend(self, node: int, option: int) -> int:
        """The node reached from ``node`` along the rest of ``option``'s symbols, or -1."""
        solver = self.solver
        stride = solver.stride
        for index in range(self.tail_start[option], self.tail_start[option] + self.tail_count[option]):
            bit = 1  # compiled: a 64-bit 1, then shifted (symbols run past 31)
            bit <<= self.tails[index]
            mask = solver.nodes[stride * node]
            if not mask & bit:
                return -1
            slot = solver.nodes[stride * node + stride - 1]
            node = ((slot >> solver.shift) & solver.first_mask) + _bits(mask & (bit - 2))
        return node

    # --- the orderly tree -------------------------------------------------------------------
    # Sum node s: sum_points, sum_worth_of, first choice child sum_child, its option
    # sum_option, next sibling sum_next, its words' list sum_words (word_node, word_next).
    # Choice node c: its cell choice_cell, choice_worth, first sum child choice_child, next
    # sibling choice_next, and the slots of its options (slots[slot_start[c] + k]: the child
    # along the cell's option k, or _NONE).  Sum node 0 is the root.  Children lists are
    # linked lists in flat arrays, made as words are added (a node's children after it).

    def clear_tree(self) -> None:
        """Start a new tree: the root alone."""
        self.sum_count = 1
        self.choice_count = 0
        self.sum_points[0] = 0
        self.sum_child[0] = _NONE
        self.sum_next[0] = _NONE
        self.sum_option[0] = _NONE
        self.sum_words[0] = _NONE
        self.word_count = 0
        self.slot_count = 0
        for cell in range(self.size):
            self.root_choice[cell] = _NONE

    def grow_sums(self, count: int) -> None:
        """Room for ``count`` sum nodes."""
        self.sum_capacity = count
        self.sum_points = grown(self.sum_points, "q", count)
        self.sum_worth_of = grown(self.sum_worth_of, "q", count)
        self.sum_child = grown(self.sum_child, "i", count)
        self.sum_option = grown(self.sum_option, "i", count)
        self.sum_next = grown(self.sum_next, "i", count)
        self.sum_words = grown(self.sum_words, "i", count)
        self.bucket_next = grown(self.bucket_next, "i", count)

    def grow_words(self, count: int) -> None:
        """Room for ``count`` (sum node, word) entries."""
        self.word_capacity = count
        self.word_node = grown(self.word_node, "i", count)
        self.word_next = grown(self.word_next, "i", count)

    def grow_choices(self, count: int) -> None:
        """Room for ``count`` choice nodes."""
        self.choice_capacity = count
        self.choice_cell = grown(self.choice_cell, "i", count)
        self.choice_worth = grown(self.choice_worth, "q", count)
        self.choice_child = grown(self.choice_child, "i", count)
        self.choice_next = grown(self.choice_next, "i", count)
        self.slot_start = grown(self.slot_start, "i", count)

    def grow_slots(self, count: int) -> None:
        """Room for ``count`` option slots of choice nodes."""
        self.slot_capacity = count
        self.slots = grown(self.slots, "i", count)

    def add_word(self, node: int, points: int, length: int) -> int:
        """Add the word at ``node`` (worth ``points``), spelled by the ``length`` choices of
        the path, to the tree: the choices sorted by the cells' order, then followed down
        from the root, making the nodes that are missing."""
        for index in range(length):  # insertion sort by rank: paths are short
            cell = self.path_cell[index]
            option = self.path_option[index]
            place = index
            while place > 0 and self.rank[self.sorted_cell[place - 1]] > self.rank[cell]:
                self.sorted_cell[place] = self.sorted_cell[place - 1]
                self.sorted_option[place] = self.sorted_option[place - 1]
                place -= 1
            self.sorted_cell[place] = cell
            self.sorted_option[place] = option
        total = self.sum_count + self.choice_count
        if self.overflow or (self.tree_limit and total + 2 * length > self.tree_limit):
            self.overflow = True
            return 0
        if self.sum_count + length > self.sum_capacity:
            self.grow_sums(2 * self.sum_capacity + length)
        if self.choice_count + length > self.choice_capacity:
            self.grow_choices(2 * self.choice_capacity + length)
        parent = 0
        for index in range(length):
            cell = self.sorted_cell[index]
            if parent == 0:  # the root has a choice per cell: kept by cell
                choice = self.root_choice[cell]
            else:
                choice = self.sum_child[parent]
                while choice != _NONE and self.choice_cell[choice] != cell:
                    choice = self.choice_next[choice]
            if choice == _NONE:
                choice = self.choice_count
                self.choice_count += 1
                self.choice_cell[choice] = cell
                self.choice_child[choice] = _NONE
                self.choice_next[choice] = self.sum_child[parent]
                self.sum_child[parent] = choice
                if parent == 0:
                    self.root_choice[cell] = choice
                # A slot per option of the cell: the child along an option is one read away.
                if self.slot_count + self.option_count[cell] > self.slot_capacity:
                    self.grow_slots(2 * self.slot_capacity + self.option_count[cell])
                self.slot_start[choice] = self.slot_count
                for slot in range(self.slot_count, self.slot_count + self.option_count[cell]):
                    self.slots[slot] = _NONE
                self.slot_count += self.option_count[cell]
            option = self.sorted_option[index]
            slot = self.slot_start[choice] + option - self.option_start[cell]
            child = self.slots[slot]
            if child == _NONE:
                child = self.sum_count
                self.sum_count += 1
                self.sum_points[child] = 0
                self.sum_option[child] = option
                self.sum_child[child] = _NONE
                self.sum_words[child] = _NONE
                self.sum_next[child] = self.choice_child[choice]
                self.choice_child[choice] = child
                self.slots[slot] = child
            parent = child
        # The same word on the same choices (a path walked the other way round, say) counts
        # once: each sum node lists the words it has, and most have one or two.
        entry = self.sum_words[parent]
        while entry != _NONE:
            if self.word_node[entry] == node:
                return 0
            entry = self.word_next[entry]
        if self.word_count == self.word_capacity:
            self.grow_words(2 * self.word_capacity)
        entry = self.word_count
        self.word_count += 1
        self.word_node[entry] = node
        self.word_next[entry] = self.sum_words[parent]
        self.sum_words[parent] = entry
        self.sum_points[parent] += points
        return 0

    def sum_worth(self, node: int) -> int:
        """The worth of sum node ``node`` (its points and its choices' worth), stored with
        its choices' worth on the way."""
        worth = self.sum_points[node]
        choice = self.sum_child[node]
        while choice != _NONE:
            best = 0
            child = self.choice_child[choice]
            while child != _NONE:
                value = self.sum_worth(child)
                if value > best:
                    best = value
                child = self.sum_next[child]
            self.choice_worth[choice] = best
            worth += best
            choice = self.choice_next[choice]
        self.sum_worth_of[node] = worth
        return worth

    # --- forcing the cells in order ---------------------------------------------------------

    def grow_entries(self, count: int) -> None:
        """Room for ``count`` open choices in :meth:`force`'s stacks."""
        self.entry_capacity = count
        self.entry_choice = grown(self.entry_choice, "i", count)
        self.entry_below = grown(self.entry_below, "i", count)

    def force(self, target: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The partial boards of the tree's class whose worth reaches ``target``: each as
        (the option chosen per cell, by index into the class's options, -1 where the cell is
        left open; per cell the bits of the open options, by position within the cell).
        Every board of the class scoring ``target`` or more is one of them.  Call after
        ``bounds(tree=True)`` without overflow.  Cost: exponential in the worst case; the
        worth of what is open shrinks as cells are decided, and most partial boards are
        abandoned after a few cells."""
        self.candidates = []
        self.forced_states = 0
        if self.choice_count + 1 > self.entry_capacity:
            self.grow_entries(self.choice_count + 1)
        self.entry_count = 0
        for cell in range(self.size):
            self.heads[cell] = _NONE
        open_worth = 0
        choice = self.sum_child[0]
        while choice != _NONE:
            self.push(choice)
            open_worth += self.choice_worth[choice]
            choice = self.choice_next[choice]
        self.force_level(0, self.sum_points[0], open_worth, target)
        return self.candidates

    def push(self, choice: int) -> None:
        """Open ``choice``: onto the stack of its cell."""
        entry = self.entry_count
        self.entry_count += 1
        cell = self.choice_cell[choice]
        self.entry_choice[entry] = choice
        self.entry_below[entry] = self.heads[cell]
        self.heads[cell] = entry

    def force_level(self, level: int, points: int, open_worth: int, target: int) -> int:
        """Decide the cell ``order[level]`` each way that can still reach ``target``, given
        ``points`` decided and ``open_worth`` still open.  The open choices of the cell are
        gone through once, their options sorted into one list per option (``bucket``), each
        with the points it decides and the worth it opens, so an option that cannot reach the
        target is dropped before anything is opened for it."""
        self.forced_states += 1
        if points + open_worth < target:
            return 0
        if level == self.size:
            self.candidates.append((tuple([self.chosen[cell] for cell in range(self.size)]),
                                    tuple([self.open_options[cell] for cell in range(self.size)])))
            return 0
        cell = self.order[level]
        start = self.option_start[cell]
        options = self.option_count[cell]
        slot = level * _MAX_OPTIONS
        for option in range(options):
            self.bucket[slot + option] = _NONE
            self.gained[slot + option] = 0
            self.opening[slot + option] = 0
        here = self.heads[cell]
        here_worth = 0
        entry = here
        while entry != _NONE:
            choice = self.entry_choice[entry]
            here_worth += self.choice_worth[choice]
            child = self.choice_child[choice]
            while child != _NONE:
                option = slot + self.sum_option[child] - start
                self.bucket_next[child] = self.bucket[option]
                self.bucket[option] = child
                self.gained[option] += self.sum_points[child]
                self.opening[option] += self.sum_worth_of[child] - self.sum_points[child]
                child = self.sum_next[child]
            entry = self.entry_below[entry]
        self.heads[cell] = _NONE  # decided below this level
        rest = open_worth - here_worth
        unmatched = 0
        for option in range(options):
            if self.bucket[slot + option] == _NONE:
                one = 1  # compiled: a 64-bit 1, then shifted (options run past 31)
                unmatched |= one << option
                continue
            if points + self.gained[slot + option] + rest + self.opening[slot + option] < target:
                self.forced_states += 1
                continue
            mark = self.entry_count
            child = self.bucket[slot + option]
            while child != _NONE:
                choice = self.sum_child[child]
                while choice != _NONE:
                    self.push(choice)
                    choice = self.choice_next[choice]
                child = self.bucket_next[child]
            self.chosen[cell] = start + option
            self.open_options[cell] = 0
            self.force_level(level + 1, points + self.gained[slot + option],
                             rest + self.opening[slot + option], target)
            while self.entry_count > mark:  # close what this option opened
                self.entry_count -= 1
                self.heads[self.choice_cell[self.entry_choice[self.entry_count]]] = (
                    self.entry_below[self.entry_count])
        if unmatched:  # the options no open choice names: all alike from here on
            self.chosen[cell] = _NONE
            self.open_options[cell] = unmatched
            self.force_level(level + 1, points, rest, target)
        self.heads[cell] = here
        return 0
