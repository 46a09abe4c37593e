# C types for records.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.movegen.board_arrays cimport BoardArrays, u64, i64

cdef int _WIDTH, _BLANK


cdef class Recorder(BoardArrays):
    cdef int[::1] rack, uses
    cdef public i64[::1] records
    cdef public unsigned char[::1] letters
    cdef public Py_ssize_t count
    cdef Py_ssize_t used_letters
    cdef i64[::1] top
    cdef i64 threshold
    cdef int keep, blanks_on_rack
    cdef int across, line, start
    cdef Py_ssize_t line_base

    @cython.locals(i=int)
    cdef void _start_records(self, int keep) except *

    @cython.locals(n=Py_ssize_t, length=Py_ssize_t, offset=Py_ssize_t, square=int,
                   base=Py_ssize_t)
    cdef void _emit(self, i64 score, int end)

    @cython.locals(keep=int, j=int)
    cdef void _raise_threshold(self, i64 score) noexcept

    @cython.locals(count=int, i=int, square=int, at=Py_ssize_t, letter=int, xwm=i64,
                   loss=i64, forced=int, size=int, j=int, k=int)
    cdef void _designate(self, int end, i64 mult, i64 score)

    @cython.locals(total=i64, j=int, covered=int, letter=int)
    cdef void _try_blanks(self, int size, int forced, int end, i64 score)

    @cython.locals(found=list, codes=list, cols=Py_ssize_t, n=Py_ssize_t, base=Py_ssize_t,
                   across=i64, line=i64, first=i64, last=i64, offset=i64, line_base=Py_ssize_t,
                   square=i64, at=i64)
    cpdef list placed_codes(self, Py_ssize_t count)
