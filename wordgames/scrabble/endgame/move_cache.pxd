# C types for move_cache.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.movegen.board_arrays cimport i64, u64

cdef int CACHED_MOVES


@cython.final
cdef class MoveCache:
    cdef Py_ssize_t width
    cdef u64 mask
    cdef u64[::1] keys
    cdef i64[::1] at
    cdef int[::1] moves, count, epochs
    cdef Py_ssize_t top
    cdef int epoch

    @cython.locals(slot=Py_ssize_t)
    cdef Py_ssize_t find(self, u64 key) noexcept

    cdef Py_ssize_t rows(self, Py_ssize_t slot) noexcept

    @cython.locals(start=Py_ssize_t, i=Py_ssize_t)
    cdef void copy_out(self, Py_ssize_t slot, i64[::1] target, Py_ssize_t at) noexcept

    @cython.locals(need=Py_ssize_t, i=Py_ssize_t, start=Py_ssize_t, slot=Py_ssize_t)
    cdef void keep(self, u64 key, i64[::1] source, Py_ssize_t at, Py_ssize_t count) noexcept
