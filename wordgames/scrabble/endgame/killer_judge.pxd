# C types for killer_judge.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.endgame.search_state cimport HEAD
from wordgames.scrabble.movegen.board_arrays cimport _popcount as _bits, i64, u64, u32

cdef int _BLANK, _TILE
cdef u64 _TERMINAL


@cython.final
cdef class KillerJudge:
    cdef Py_ssize_t squares, cols, letters
    cdef i64[::1] values
    cdef int[::1] tiles, rack
    cdef u64[::1] masks
    cdef u32[::1] first
    cdef i64[::1] letter_mult, word_mult, placed
    cdef int[::1] need
    cdef i64 bingo
    cdef int bingo_size

    @cython.locals(count=i64, legal=bint, k=Py_ssize_t, code=i64, square=Py_ssize_t,
                   tile=int, score=i64)
    cdef i64 score(self, i64[::1] source, Py_ssize_t at, int side) noexcept

    @cython.locals(cols=Py_ssize_t, first=Py_ssize_t, last=Py_ssize_t, step=Py_ssize_t,
                   cross=Py_ssize_t, main=i64, total=i64, covered=i64, touches=bint,
                   k=Py_ssize_t, square=Py_ssize_t, found=i64)
    cdef i64 _words(self, i64[::1] source, Py_ssize_t at, i64 count) noexcept

    @cython.locals(cols=Py_ssize_t, low=Py_ssize_t, high=Py_ssize_t, node=Py_ssize_t,
                   covered=i64, board=i64, points=i64, mult=i64, square=Py_ssize_t, code=i64,
                   tile=int, mask=u64, bit=u64)
    cdef i64 _word(self, Py_ssize_t start, Py_ssize_t end, Py_ssize_t step) noexcept
