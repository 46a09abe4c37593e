# C types for reader.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.wordsearch.bits cimport u64


@cython.locals(length=Py_ssize_t, rows=Py_ssize_t, column=Py_ssize_t, width=Py_ssize_t,
               cell=Py_ssize_t, tail=Py_ssize_t, index=Py_ssize_t, character=Py_UCS4,
               letters=int, dead=bint, code=Py_ssize_t, symbol=int, one=u64)
cpdef bint read_text(str text, short[::1] latin_1, u64[::1] cell_bit, int[::1] cell_letters,
                     int[::1] tail_start, int[::1] tail_count, int[::1] tails,
                     int[::1] shape) except *


@cython.locals(side=Py_ssize_t, text=str, row=Py_ssize_t, parts=list)
cpdef object cells_text(object board)
