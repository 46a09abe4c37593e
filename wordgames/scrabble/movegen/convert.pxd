# C types for convert.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.core.move cimport Move, make_move
from wordgames.scrabble.movegen.board_arrays cimport i64, u64, u8
from wordgames.scrabble.movegen.records cimport Recorder, R_ACROSS, R_FIRST, R_LAST, R_LINE, R_NEW, R_SCORE, R_TILES

cdef int _WIDTH
cdef bytes _UNBLANK

@cython.locals(records=i64[::1], blob=bytes, found=list, n=Py_ssize_t, base=Py_ssize_t,
               line=i64, first=i64, offset=i64, tiles=bytes)
cpdef list moves_of_records(Recorder kernel, Py_ssize_t count, object alphabet, object snapshot)

@cython.locals(records=i64[::1], blob=bytes, keys=list, n=Py_ssize_t, base=Py_ssize_t,
               line=i64, first=i64, offset=i64, tiles=bytes, across=i64)
cpdef list record_keys(Recorder kernel, Py_ssize_t count)

@cython.locals(records=i64[::1], blob=bytes, found=list, n=Py_ssize_t, base=Py_ssize_t,
               line=i64, first=i64, offset=i64, tiles=bytes)
cpdef list moves_of_numbers(Recorder kernel, list numbers, object alphabet, object snapshot)

@cython.locals(records=i64[::1], tiles=u8[::1], cols=Py_ssize_t, found=list,
               n=Py_ssize_t, base=Py_ssize_t, across=i64, line=i64, first=i64, offset=i64,
               new=i64, codes=list, i=Py_ssize_t, square=i64, at=i64)
cpdef list compact_of_records(Recorder kernel, Py_ssize_t count)
