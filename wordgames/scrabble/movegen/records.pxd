# C types for records.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.movegen.board_arrays cimport _popcount as _bits, u64, i64, u32, u8

cdef int _WIDTH, _BLANK, _UNBLANK
cdef int R_SCORE, R_ACROSS, R_LINE, R_FIRST, R_LAST, R_TILES, R_NEW


cdef class Recorder:
    cdef public u64[::1] masks
    cdef public unsigned int[::1] first
    cdef unsigned char[::1] height
    cdef public int letter_count
    cdef public u64 full
    cdef public i64[::1] values
    cdef public Py_ssize_t squares, rows, cols
    cdef int[::1] tile, full_tile, cross_length, anchor, next_square
    cdef i64[::1] tile_points, cross_points, lm, wm, run_points
    cdef u64[::1] cross
    cdef int[::1] word, offsets, chosen, flags
    cdef i64[::1] losses
    cdef i64[::1] most_points, most_mult, most_cross, most_lm
    cdef public object board

    cdef int[::1] rack, uses
    cdef public i64[::1] records
    cdef public unsigned char[::1] tiles
    cdef public Py_ssize_t count
    cdef public Py_ssize_t used_tiles
    cdef i64[::1] top
    cdef public i64 threshold
    cdef int keep, blanks_on_rack
    cdef int across, line, start
    cdef Py_ssize_t line_base

    cpdef use_board(self, object state)
    cdef Py_ssize_t _base(self, int across) noexcept

    @cython.locals(bit=u64, mask=u64)
    cdef Py_ssize_t _child(self, Py_ssize_t node, int tile) noexcept

    @cython.locals(width=Py_ssize_t, need=Py_ssize_t, col=Py_ssize_t, points=i64, mult=i64,
                   cross=i64, lm=i64, k=int, square=Py_ssize_t, at=Py_ssize_t)
    cdef void _line_bounds(self, Py_ssize_t line_base, Py_ssize_t length, i64 max_value,
                           int tiles) except *

    @cython.locals(width=Py_ssize_t, first=Py_ssize_t, most=i64, start=Py_ssize_t,
                   at=Py_ssize_t, score=i64)
    cdef i64 _anchor_bound(self, Py_ssize_t line_base, Py_ssize_t col, int limit, int tiles,
                           i64 max_value, i64 bingo) noexcept

    @cython.locals(i=int)
    cdef void _start_records(self, int keep) except *

    @cython.locals(n=Py_ssize_t, length=Py_ssize_t, offset=Py_ssize_t, square=int,
                   base=Py_ssize_t, new=i64, bit=i64)
    cdef void _emit(self, i64 score, int end)

    @cython.locals(keep=int, j=int)
    cdef void _raise_threshold(self, i64 score) noexcept

    @cython.locals(count=int, t=int, square=int, at=Py_ssize_t, tile=int, xwm=i64,
                   loss=i64, forced=int, size=int, j=int, k=int)
    cdef void _designate(self, int end, i64 mult, i64 score)

    @cython.locals(total=i64, j=int, covered=int, tile=int)
    cdef void _try_blanks(self, int size, int forced, int end, i64 score)
