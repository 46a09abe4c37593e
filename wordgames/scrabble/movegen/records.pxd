# C types for records.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.movegen.board_arrays cimport i64
from wordgames.scrabble.movegen.buffer cimport (WorkingBuffer, R_SCORE, R_ACROSS, R_LINE, R_FIRST,
                                                R_LAST, R_TILES, R_NEW)
from wordgames.scrabble.movegen.equity cimport equity_of, may_rank, ranked

cdef int _WIDTH, _BLANK


@cython.locals(width=Py_ssize_t, need=Py_ssize_t, col=Py_ssize_t, points=i64, mult=i64,
               cross=i64, lm=i64, k=int, square=Py_ssize_t, at=Py_ssize_t)
cdef void line_bounds(WorkingBuffer buf, Py_ssize_t line_base, Py_ssize_t length, i64 max_value,
                      int tiles) except *

@cython.locals(i=int)
cdef void start_records(WorkingBuffer buf, int keep) except *

@cython.locals(equity=double)
cdef int emit(WorkingBuffer buf, i64 score, int end) except -1

@cython.locals(n=Py_ssize_t, length=Py_ssize_t, offset=Py_ssize_t, square=int,
               base=Py_ssize_t, new=i64, bit=i64)
cdef int append(WorkingBuffer buf, i64 score, int end) except -1

@cython.locals(keep=int, j=int)
cdef void raise_threshold(WorkingBuffer buf, i64 score) noexcept

@cython.locals(count=int, t=int, square=int, at=Py_ssize_t, tile=int, xwm=i64,
               loss=i64, forced=int, size=int, j=int, k=int)
cdef int designate(WorkingBuffer buf, int end, i64 mult, i64 score) except -1

@cython.locals(total=i64, j=int, covered=int, tile=int)
cdef int try_blanks(WorkingBuffer buf, int size, int forced, int end, i64 score) except -1
