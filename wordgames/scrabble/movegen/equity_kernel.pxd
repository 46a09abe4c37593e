# C types for equity_kernel.py when Cython compiles it (pure-Python mode: the .py is the
# source; this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.movegen.board_arrays cimport i64
from wordgames.scrabble.movegen.kernel cimport Kernel
from wordgames.scrabble.movegen.records cimport Recorder

cdef double _NONE
cdef int _WIDTH, _BLANK
cdef i64 _NO_BOUND


cdef class EquityKernel(Kernel):
    cdef double[::1] keep_values, top_equity
    cdef i64[::1] radix
    cdef public double[::1] equities
    cdef i64 full_index
    cdef double best_keep

    @cython.locals(number=i64, slot=int)
    cpdef Py_ssize_t search_equity(self, object rack, int keep, double[::1] keep_values,
                                   i64[::1] radix, i64 full, double best_keep) except -1

    @cython.locals(leave=i64, square=int, tile=int, equity=double, keep=int, n=Py_ssize_t,
                   j=int, bound=double, threshold=i64)
    cdef void _emit(self, i64 score, int end)

    cdef void _raise_threshold(self, i64 score) noexcept

    @cython.locals(floor=double, kept=Py_ssize_t, n=Py_ssize_t, k=int)
    cpdef Py_ssize_t select(self)
