# C types for board_arrays.py when Cython compiles it (pure-Python mode: the .py is the
# source; this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

ctypedef unsigned long long u64
ctypedef long long i64

cdef u64 _ALL, _ODD, _PAIR, _NIBBLE, _ONES

cpdef int _bits(u64 mask) noexcept

@cython.locals(node=Py_ssize_t, mask=u64, out=u64, position=int, m=u64[::1], k=u64[::1],
               t=u64[::1])
cpdef object _translate(object masks, object kids, object to_tile, u64 terminal)


cdef class BoardArrays:
    cdef u64[::1] kids
    cdef u64[::1] masks
    cdef unsigned int[::1] first
    cdef u64[::1] lexicon_bit
    cdef u64 terminal, full
    cdef int letter_count
    cdef i64[::1] values
    cdef Py_ssize_t squares, rows, cols
    cdef int[::1] tile, cross_length, anchor, next_square
    cdef i64[::1] tile_points, cross_points, lm, wm, run_points
    cdef u64[::1] cross
    cdef int[::1] word, offsets, chosen, flags
    cdef i64[::1] losses

    cdef void _size(self, Py_ssize_t rows, Py_ssize_t cols)
    cdef Py_ssize_t _base(self, int across) noexcept

    @cython.locals(empty=bint, o=int, base=Py_ssize_t, square=Py_ssize_t, r=Py_ssize_t,
                   c=Py_ssize_t, at=Py_ssize_t)
    cpdef load_board(self, object tiles, object points, object letter_mult, object word_mult,
                     Py_ssize_t rows, Py_ssize_t cols, Py_ssize_t start)

    @cython.locals(base=Py_ssize_t, other=Py_ssize_t, line=Py_ssize_t, col=Py_ssize_t,
                   at=Py_ssize_t)
    cdef void _lines(self, int across, Py_ssize_t lines, Py_ssize_t length, bint empty,
                     Py_ssize_t start)

    @cython.locals(nxt=Py_ssize_t, points=i64, end=Py_ssize_t)
    cdef void _run_after(self, Py_ssize_t at, Py_ssize_t col, Py_ssize_t length) noexcept

    @cython.locals(top=Py_ssize_t, bottom=Py_ssize_t, points=i64, node=Py_ssize_t,
                   square=Py_ssize_t, allowed=u64, letters=u64, bit=u64, child=Py_ssize_t)
    cdef void _cross_check(self, Py_ssize_t at, Py_ssize_t line_start, Py_ssize_t position,
                           Py_ssize_t length) noexcept

    cdef Py_ssize_t _child(self, Py_ssize_t node, int letter) noexcept

