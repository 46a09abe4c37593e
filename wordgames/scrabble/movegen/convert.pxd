# C types for convert.py when Cython compiles it (pure-Python mode: the .py is the source).

cimport cython

ctypedef long long i64


cdef class MoveMaker:
    cdef public tuple lines
    cdef public dict crosses
    cdef public dict cross_words
    cdef public Py_ssize_t cols

    @cython.locals(n=Py_ssize_t,
                   at=Py_ssize_t, across=i64, line=i64, first=i64, last=i64, offset=i64,
                   square=i64, code=int, letter=int, blank=bint, base=i64, k=i64,
                   previous=Py_ssize_t, same=bint, row=i64, col=i64, key=i64, cols=i64)
    cpdef list kernel_moves(self, i64[::1] records, unsigned char[::1] letters, Py_ssize_t count,
                            Py_ssize_t width, str alphabet)

    @cython.locals(n=Py_ssize_t, at=Py_ssize_t, across=i64, line=i64, first=i64, last=i64,
                   offset=i64, square=i64, code=int)
    cpdef list raw_moves(self, i64[::1] records, unsigned char[::1] letters, Py_ssize_t count,
                         Py_ssize_t width, str alphabet)
