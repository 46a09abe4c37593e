# C types for board_arrays.py when Cython compiles it (pure-Python mode: the .py is the
# source; this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

ctypedef unsigned long long u64
ctypedef long long i64
ctypedef unsigned int u32
ctypedef unsigned char u8

cdef u64 _ALL, _ODD, _PAIR, _NIBBLE, _ONES

cpdef int _bits(u64 mask) noexcept

cdef inline int _popcount(u64 mask) noexcept:
    # _bits as an inline C function for the modules that cimport it (the kernel): a call
    # across modules, or to the C library's popcount, costs more than these few operations.
    mask = mask - ((mask >> 1) & <u64>0x5555555555555555)
    mask = (mask & <u64>0x3333333333333333) + ((mask >> 2) & <u64>0x3333333333333333)
    mask = (mask + (mask >> 4)) & <u64>0x0F0F0F0F0F0F0F0F
    return <int>((mask * <u64>0x0101010101010101) >> 56)

@cython.locals(node=Py_ssize_t, mask=u64, out=u64, position=int, m=u64[::1], k=u64[::1],
               t=u64[::1])
cpdef object _translate(object masks, object kids, object to_tile, u64 terminal)

@cython.locals(node=Py_ssize_t, children=int, best=int, child=Py_ssize_t, m=u64[::1],
               f=u32[::1], h=u8[::1])
cpdef object _heights(object masks, object first, u64 terminal)


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
    cdef unsigned char[::1] height
    cdef i64[::1] most_points, most_mult, most_cross, most_lm

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

    @cython.locals(width=Py_ssize_t, need=Py_ssize_t, col=Py_ssize_t, points=i64, mult=i64,
                   cross=i64, lm=i64, k=int, square=Py_ssize_t, at=Py_ssize_t)
    cdef void _line_bounds(self, Py_ssize_t line_base, Py_ssize_t length, i64 max_value,
                           int tiles)

    @cython.locals(width=Py_ssize_t, first=Py_ssize_t, most=i64, start=Py_ssize_t,
                   at=Py_ssize_t, score=i64)
    cdef i64 _anchor_bound(self, Py_ssize_t line_base, Py_ssize_t col, int limit, int tiles,
                           i64 max_value, i64 bingo) noexcept

    cdef Py_ssize_t _child(self, Py_ssize_t node, int letter) noexcept

