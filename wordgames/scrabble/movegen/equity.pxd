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

@cython.locals(size=int, n=int, slot=int, value=i64, j=int, slots=int, width=int, kept=int,
               number=i64, places=i64[::1])
cdef int _rack_bounds(WorkingBuffer buf, object rack) except -1

@cython.locals(at=Py_ssize_t, points=i64, square=Py_ssize_t, best=double, left=int, equity=double)
cdef double anchor_equity(WorkingBuffer buf, Py_ssize_t line_base, Py_ssize_t length, int col,
                          int limit) noexcept

@cython.locals(best=double, mult=i64, fixed=i64, placed=int, premiums=int, crosses=int,
               at=Py_ssize_t, lm=i64, j=int, factor=i64, letters=i64, crossing=i64, capped=i64, score=i64,
               equity=double)
cdef double _walk_equity(WorkingBuffer buf, Py_ssize_t line_base, Py_ssize_t length, Py_ssize_t square,
                         i64 points, int least) noexcept

@cython.locals(j=int)
cdef inline int _insert(i64[::1] values, int count, i64 value) noexcept

@cython.locals(leave=i64, square=int, tile=int)
cdef double equity_of(WorkingBuffer buf, i64 score, int end) noexcept

cdef bint may_rank(WorkingBuffer buf, double equity) noexcept

@cython.locals(keep=int, j=int, bound=double, threshold=i64)
cdef int ranked(WorkingBuffer buf, Py_ssize_t n, double equity) except -1

@cython.locals(floor=double, kept=Py_ssize_t, n=Py_ssize_t, k=int)
cpdef Py_ssize_t select(WorkingBuffer buf) except -1
