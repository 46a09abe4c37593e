# C types for board_arrays.py when Cython compiles it (pure-Python mode: the .py is the
# source; this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

ctypedef unsigned long long u64
ctypedef long long i64
ctypedef unsigned int u32
ctypedef unsigned char u8

# A hint to the processor to bring an address into its cache (the endgame's table fetches a
# bucket early); nothing where the compiler has no such builtin.
cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define wordgames_scrabble_prefetch(address) __builtin_prefetch((const void *) (address))
    #else
    #define wordgames_scrabble_prefetch(address) ((void) (address))
    #endif
    """
    void _prefetch "wordgames_scrabble_prefetch" (const void *address) noexcept nogil

cdef u64 _ALL, _ODD, _PAIR, _NIBBLE, _ONES, _TERMINAL
cdef int _UNBLANK
cdef i64 _NO_CROSS

cpdef int _bits(u64 mask) noexcept

cdef inline int _popcount(u64 mask) noexcept:
    # _bits as an inline C function for the modules that cimport it (the kernel): a call
    # across modules, or to the C library's popcount, costs more than these few operations.
    mask = mask - ((mask >> 1) & <u64>0x5555555555555555)
    mask = (mask & <u64>0x3333333333333333) + ((mask >> 2) & <u64>0x3333333333333333)
    mask = (mask + (mask >> 4)) & <u64>0x0F0F0F0F0F0F0F0F
    return <int>((mask * <u64>0x0101010101010101) >> 56)

@cython.locals(node=Py_ssize_t, children=int, best=int, child=Py_ssize_t, m=u64[::1],
               f=u32[::1], h=u8[::1])
cpdef object _heights(object masks, object first)


@cython.final
cdef class BoardState:
    cdef public u64[::1] masks
    cdef public unsigned int[::1] first
    cdef public u64 full
    cdef public int letter_count
    cdef public i64[::1] values
    cdef public Py_ssize_t squares, rows, cols
    cdef public int[::1] tile, full_tile, cross_length, anchor, next_square
    cdef public i64[::1] tile_points, cross_points, lm, wm, run_points
    cdef public u64[::1] cross
    cdef unsigned char[::1] marks
    cdef int[::1] touched
    cdef public long long version
    cdef public bint empty
    cdef Py_ssize_t start
    cdef Py_ssize_t board_id

    cdef void _size(self, Py_ssize_t rows, Py_ssize_t cols) except *
    cpdef Py_ssize_t base(self, int across) noexcept
    cpdef Py_ssize_t at(self, int across, Py_ssize_t row, Py_ssize_t col) noexcept

    cpdef sync(self, object board)

    @cython.locals(rows=Py_ssize_t, cols=Py_ssize_t, square=Py_ssize_t, r=Py_ssize_t,
                   c=Py_ssize_t, across=int, at=Py_ssize_t)
    cpdef load(self, object board)

    @cython.locals(square=Py_ssize_t)
    cdef void _load_tiles(self, int[::1] tiles) except *

    @cython.locals(square=Py_ssize_t)
    cdef bint _all_empty(self, int[::1] tiles) noexcept

    cpdef follow(self, int[::1] tiles, int[::1] changed, Py_ssize_t count)

    @cython.locals(r=Py_ssize_t, c=Py_ssize_t, points=i64, tile=int, at=Py_ssize_t)
    cdef void _set_tile(self, Py_ssize_t square, int number) noexcept

    cdef _apply(self, object board, object changed)

    @cython.locals(rows=Py_ssize_t, cols=Py_ssize_t, square=Py_ssize_t, r=Py_ssize_t,
                   c=Py_ssize_t, touched=Py_ssize_t, index=Py_ssize_t)
    cdef void _follow(self, int[::1] tiles, int[::1] changed, Py_ssize_t count) except *

    cdef Py_ssize_t _gap(self, Py_ssize_t square, Py_ssize_t step, Py_ssize_t steps) noexcept

    cdef Py_ssize_t _touch(self, Py_ssize_t square, Py_ssize_t count) noexcept

    @cython.locals(base=Py_ssize_t, line=Py_ssize_t, col=Py_ssize_t)
    cdef void _lines(self, int across, Py_ssize_t lines, Py_ssize_t length) noexcept

    @cython.locals(start=Py_ssize_t)
    cdef void _square(self, int across, Py_ssize_t at, Py_ssize_t line, Py_ssize_t col,
                      Py_ssize_t lines, Py_ssize_t length) noexcept

    @cython.locals(nxt=Py_ssize_t, points=i64, end=Py_ssize_t)
    cdef void _run_after(self, Py_ssize_t at, Py_ssize_t col, Py_ssize_t length) noexcept

    @cython.locals(top=Py_ssize_t, bottom=Py_ssize_t, points=i64, node=Py_ssize_t,
                   square=Py_ssize_t, allowed=u64, letters=u64, bit=u64, child=Py_ssize_t)
    cdef void _cross_check(self, Py_ssize_t at, Py_ssize_t line_start, Py_ssize_t position,
                           Py_ssize_t length) noexcept

    @cython.locals(bit=u64, mask=u64)
    cpdef Py_ssize_t child(self, Py_ssize_t node, int tile) noexcept
