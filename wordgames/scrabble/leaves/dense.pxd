# C types for dense.py when Cython compiles it (pure-Python mode: the .py is the source).

cimport cython

ctypedef long long i64


cdef class DenseLeaves:
    cdef public object table
    cdef public int tiles, max_size
    cdef public Py_ssize_t count
    cdef int[::1] bounds
    cdef i64[::1] sub_base, subtree, before
    cdef public double[::1] values
    cdef list weights

    cdef public bint ranked
    cdef short[::1] scaled
    cdef double scale, empty

    cdef int[::1] scratch_tiles, scratch_counts
    cdef public dict tile_number
    cdef dict _numbers_by_alphabet

    cpdef list numbers_for(self, object alphabet)
    cpdef i64 rank(self, object tiles, object counts, int distinct) except? -2
    cpdef double value(self, object tiles, object counts, int distinct) except? -1.0

    @cython.locals(j=int)
    cdef void _load(self, object tiles, object counts, int distinct) except *

    @cython.locals(limit=int, width=int, rank=i64, last=int, copies=int, depth=int, j=int,
                   t=int, c=int, room=int)
    cdef i64 _rank(self, int distinct) noexcept

    @cython.locals(rank=i64, found=double, code=object, j=int)
    cdef double _value(self, int distinct) except? -1.0

    @cython.locals(values=double[::1], digits=int[::1], i=Py_ssize_t, j=int)
    cpdef void fill_keeps(self, int[::1] tiles, int[::1] counts, int distinct,
                          double[::1] out, Py_ssize_t size) except *


@cython.locals(j=int)
cdef inline void _next_keep(int[::1] digits, int[::1] counts, int distinct) noexcept


@cython.locals(values=double[::1], i=Py_ssize_t, j=int, total=i64)
cpdef void fill_end_values(i64[::1] faces, int[::1] counts, int distinct, int[::1] digits,
                           double[::1] out, Py_ssize_t size, double stuck_factor,
                           double out_value) except *


@cython.locals(best=double, first=Py_ssize_t, ties=Py_ssize_t, i=Py_ssize_t)
cpdef tuple best_keep(double[::1] values, Py_ssize_t size, Py_ssize_t skip)
