# C types for bounds.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.wordsearch.bits cimport _count as _bits, i64, u64
from wordgames.wordsearch.searcher cimport Solver

cdef int _NONE
cdef Py_ssize_t _MAX_OPTIONS


@cython.final
cdef class ClassSolver:
    cdef public Solver solver
    cdef public Py_ssize_t size
    cdef Py_ssize_t cell_capacity, option_capacity
    cdef int[::1] option_start, option_count, used, rank, order, path_cell, path_option
    cdef int[::1] sorted_cell, sorted_option, chosen, heads, bucket, bucket_next, root_choice
    cdef i64[::1] gained, opening
    cdef u64[::1] cell_mask, reach, open_options, option_bit
    cdef int[::1] tail_start, tail_count, option_letters, tails, near
    cdef public i64 union, orderly, occurrences
    cdef public bint building, overflow
    cdef Py_ssize_t tree_limit
    cdef public Py_ssize_t sum_count, choice_count, entry_count, word_count
    cdef Py_ssize_t sum_capacity, choice_capacity, entry_capacity, word_capacity
    cdef i64[::1] sum_points, sum_worth_of, choice_worth
    cdef int[::1] sum_child, sum_option, sum_next, sum_words, word_node, word_next
    cdef int[::1] choice_cell, choice_child, choice_next, slot_start, slots
    cdef Py_ssize_t slot_count, slot_capacity
    cdef int[::1] entry_choice, entry_below
    cdef list candidates
    cdef public Py_ssize_t forced_states

    cpdef set_scoring(self, object scoring, int minimum)

    cpdef reserve(self, Py_ssize_t cells, Py_ssize_t options)

    @cython.locals(size=Py_ssize_t, total=Py_ssize_t, tails=Py_ssize_t, cell=Py_ssize_t,
                   letter_bound=Py_ssize_t, option=Py_ssize_t, tail=Py_ssize_t, mask=u64,
                   longest=int, letters=int, index=Py_ssize_t, around=u64)
    cpdef load(self, object options, Py_ssize_t rows, Py_ssize_t columns, object order)

    @cython.locals(solver=Solver, root_mask=u64, best=i64, cell=Py_ssize_t)
    cpdef tuple bounds(self, bint tree=*, Py_ssize_t tree_limit=*)

    @cython.locals(solver=Solver, stride=Py_ssize_t, base=Py_ssize_t, best=i64, option=Py_ssize_t,
                   bit=u64, child=Py_ssize_t, child_mask=u64, length=int, worth=i64,
                   index=Py_ssize_t, other=Py_ssize_t)
    cdef Py_ssize_t choose(self, Py_ssize_t cell, Py_ssize_t node, u64 mask, int letters, int depth) except -1

    @cython.locals(solver=Solver, stride=Py_ssize_t, index=Py_ssize_t, bit=u64, mask=u64, slot=u64)
    cdef Py_ssize_t descend(self, Py_ssize_t node, Py_ssize_t option) noexcept

    @cython.locals(cell=Py_ssize_t)
    cpdef clear_tree(self)

    cpdef grow_sums(self, Py_ssize_t count)

    cpdef grow_choices(self, Py_ssize_t count)

    cpdef grow_words(self, Py_ssize_t count)

    cpdef grow_slots(self, Py_ssize_t count)

    @cython.locals(index=Py_ssize_t, cell=int, option=int, place=Py_ssize_t, total=Py_ssize_t,
                   parent=Py_ssize_t, choice=Py_ssize_t, child=Py_ssize_t, entry=Py_ssize_t,
                   slot=Py_ssize_t)
    cdef int add_word(self, Py_ssize_t node, i64 points, int length) except -1

    @cython.locals(worth=i64, choice=Py_ssize_t, best=i64, child=Py_ssize_t, value=i64)
    cdef Py_ssize_t sum_worth(self, Py_ssize_t node) except -1

    cpdef grow_entries(self, Py_ssize_t count)

    @cython.locals(cell=Py_ssize_t, open_worth=i64, choice=Py_ssize_t)
    cpdef list force(self, i64 target)

    @cython.locals(entry=Py_ssize_t, cell=Py_ssize_t)
    cdef void push(self, Py_ssize_t choice) noexcept

    @cython.locals(cell=Py_ssize_t, start=Py_ssize_t, options=Py_ssize_t, slot=Py_ssize_t,
                   option=Py_ssize_t, here=Py_ssize_t, here_worth=i64, entry=Py_ssize_t,
                   choice=Py_ssize_t, child=Py_ssize_t, rest=i64, unmatched=u64, one=u64,
                   mark=Py_ssize_t)
    cdef int force_level(self, Py_ssize_t level, i64 points, i64 open_worth, i64 target) except -1
