# C types for convert.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.core.move cimport Move, make_move
from wordgames.scrabble.movegen.board_arrays cimport i64, u64, u8
from wordgames.scrabble.movegen.buffer cimport WorkingBuffer, R_ACROSS, R_FIRST, R_LAST, R_LINE, R_NEW, R_SCORE, R_TILES

cdef int _WIDTH, _ROW_HEAD
cdef bytes _UNBLANK

@cython.locals(records=i64[::1], blob=bytes, found=list, n=Py_ssize_t, base=Py_ssize_t,
               line=i64, first=i64, offset=i64, tiles=bytes)
cpdef list moves_of_records(WorkingBuffer buf, Py_ssize_t count, object alphabet, object snapshot)

@cython.locals(records=i64[::1], blob=bytes, keys=list, n=Py_ssize_t, base=Py_ssize_t,
               line=i64, first=i64, offset=i64, tiles=bytes, across=i64)
cpdef list record_keys(WorkingBuffer buf, Py_ssize_t count)

@cython.locals(records=i64[::1], blob=bytes, found=list, n=Py_ssize_t, base=Py_ssize_t,
               line=i64, first=i64, offset=i64, tiles=bytes)
cpdef list moves_of_numbers(WorkingBuffer buf, list numbers, object alphabet, object snapshot)

@cython.locals(records=i64[::1], tiles=u8[::1], cols=Py_ssize_t, n=Py_ssize_t, base=Py_ssize_t,
               across=i64, line=i64, first=i64, offset=i64, new=i64, row=Py_ssize_t,
               k=Py_ssize_t, i=Py_ssize_t, square=i64)
cpdef void code_rows(WorkingBuffer buf, Py_ssize_t count, i64[::1] target, Py_ssize_t at,
                     Py_ssize_t width) noexcept

@cython.locals(width=Py_ssize_t, rows=i64[::1], found=list, n=Py_ssize_t, at=Py_ssize_t,
               codes=list, i=Py_ssize_t)
cpdef list compact_of_records(WorkingBuffer buf, Py_ssize_t count)
