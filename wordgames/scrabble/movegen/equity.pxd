# C types for equity.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.movegen.board_arrays cimport i64
from wordgames.scrabble.movegen.buffer cimport WorkingBuffer

cdef double _NONE
cdef int _WIDTH, _BLANK
cdef i64 _NO_BOUND


@cython.locals(number=i64, slot=int)
cpdef void start_equity(WorkingBuffer buf, object rack, int keep, double[::1] keep_values,
                        i64[::1] radix, i64 full, double best_keep) except *

@cython.locals(leave=i64, square=int, tile=int)
cdef double equity_of(WorkingBuffer buf, i64 score, int end) noexcept

cdef bint may_rank(WorkingBuffer buf, double equity) noexcept

@cython.locals(keep=int, j=int, bound=double, threshold=i64)
cdef int ranked(WorkingBuffer buf, Py_ssize_t n, double equity) except -1

@cython.locals(floor=double, kept=Py_ssize_t, n=Py_ssize_t, k=int)
cpdef Py_ssize_t select(WorkingBuffer buf) except -1
