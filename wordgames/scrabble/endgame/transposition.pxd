# C types for transposition.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.endgame.search_state cimport HEAD
from wordgames.scrabble.movegen.board_arrays cimport i64, u64, u8

cdef int COMPLETE, EXACT, LOWER, UPPER
cdef u64 _MASK, _MIX


@cython.final
cdef class TranspositionTable:
    cdef Py_ssize_t width, size
    cdef u64 mask
    cdef u64[::1] key, check
    cdef int[::1] depth, value
    cdef u8[::1] flag, used
    cdef i64[::1] move, hit_move
    cdef public int hit_depth, hit_value, hit_flag
    cdef public object memory
    cdef bint shared

    @cython.locals(count=i64, check=u64, k=Py_ssize_t)
    cdef u64 _checksum(self, u64 key, int depth, int value, int flag, i64[::1] source,
                       Py_ssize_t at) noexcept

    @cython.locals(slot=Py_ssize_t, row=Py_ssize_t, k=Py_ssize_t)
    cpdef Py_ssize_t probe(self, u64 key) noexcept

    @cython.locals(first=Py_ssize_t, slot=Py_ssize_t, row=Py_ssize_t, k=Py_ssize_t)
    cpdef void store(self, u64 key, int depth, int value, int flag, i64[::1] source, Py_ssize_t at) noexcept

    @cython.locals(k=Py_ssize_t)
    cdef void _move_entry(self, Py_ssize_t origin, Py_ssize_t target) noexcept
