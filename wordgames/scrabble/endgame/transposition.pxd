# C types for transposition.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.endgame.search_state cimport HEAD
from wordgames.scrabble.movegen.board_arrays cimport _prefetch, i64, u64

cdef int COMPLETE, EXACT, LOWER, UPPER
cdef u64 _USED, _PROVEN_BIT
cdef i64 _COUNT_SHIFT, _COUNT_MASK, _DEPTH_SHIFT, _DEPTH_MASK, _VALUE_SHIFT, _VALUE_MASK, _VALUE_SIGN
cdef i64 _SCORE_SHIFT, _SCORE_LIMIT
cdef Py_ssize_t _FIRST_CODE


@cython.locals(value=i64)
cdef inline i64 _head_value(u64 head) noexcept

cdef inline int _head_depth(u64 head) noexcept


@cython.final
cdef class TranspositionTable:
    cdef Py_ssize_t width, size, words, per_word_shift
    cdef public int bits
    cdef u64 mask, code_bits, code_mask
    cdef readonly u64[::1] entries
    cdef u64[::1] found
    cdef readonly i64[::1] hit_move
    cdef public int hit_depth, hit_value, hit_flag
    cdef bint shared

    cdef object _allocate(self, int bits)

    @cython.locals(old=u64[::1], old_size=Py_ssize_t, words=Py_ssize_t, second=Py_ssize_t,
                   slot=Py_ssize_t, at=Py_ssize_t, lock=u64, target=Py_ssize_t, k=Py_ssize_t)
    cpdef void grow(self, int bits)

    @cython.locals(at=Py_ssize_t, lock=u64, k=Py_ssize_t)
    cdef u64 _load(self, Py_ssize_t slot) noexcept

    cdef bint _holds(self, Py_ssize_t slot, u64 key) noexcept

    cdef void prefetch(self, u64 key) noexcept

    @cython.locals(slot=Py_ssize_t, found=u64[::1], count=i64, shift=Py_ssize_t, word=u64,
                   k=Py_ssize_t, head=u64)
    cpdef Py_ssize_t probe(self, u64 key) noexcept

    @cython.locals(first=Py_ssize_t, slot=Py_ssize_t, first_used=bint, first_key=u64,
                   first_depth=i64, found=u64[::1], count=i64, score=i64, shift=Py_ssize_t, lock=u64,
                   row=Py_ssize_t, k=Py_ssize_t, head=u64)
    cpdef void store(self, u64 key, int depth, int value, int flag, i64[::1] source, Py_ssize_t at) noexcept

    @cython.locals(k=Py_ssize_t)
    cdef void _move_entry(self, Py_ssize_t origin, Py_ssize_t target) noexcept
