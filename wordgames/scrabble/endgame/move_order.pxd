# C types for move_order.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.endgame.killer_judge cimport KillerJudge
from wordgames.scrabble.endgame.search_state cimport _BLANK, HEAD, SearchState
from wordgames.scrabble.movegen.board_arrays cimport i64, u64

cdef int _INDEX_BITS
cdef i64 _KILLER_KEY, _OUT_KEY, NO_KEY


# Not final: Negamax (negamax.py) extends it.
cdef class MoveOrder(SearchState):
    cdef KillerJudge judge
    cdef i64[::1] killer
    cdef public bint ordering, killers, estimated_order

    @cython.locals(i=Py_ssize_t)
    cpdef load(self, object board, object racks, object bag, int side, int scoreless)

    cdef void _grow(self, Py_ssize_t plies) except *

    cpdef set_judge(self, object masks, object first, object letter_mult, object word_mult,
                    i64 bingo, int bingo_size)

    @cython.locals(width=Py_ssize_t, side=int, out=i64, n=Py_ssize_t, row=Py_ssize_t,
                   at=Py_ssize_t, key=i64, j=Py_ssize_t, kat=Py_ssize_t, gap=Py_ssize_t,
                   i=Py_ssize_t, value=i64, done=bint, theirs=i64)
    cdef void _order(self, Py_ssize_t base, Py_ssize_t count, int ply, Py_ssize_t tried_base,
                     Py_ssize_t tried) noexcept

    @cython.locals(at=Py_ssize_t, count=i64, side=int, key=u64, mine=u64, k=Py_ssize_t, code=i64,
                   tile=i64, before=i64, j=Py_ssize_t, other=i64, place=Py_ssize_t, left=i64)
    cdef u64 _key_after(self, Py_ssize_t slot) noexcept

    cdef Py_ssize_t _row_of(self, Py_ssize_t base, Py_ssize_t position) noexcept

    @cython.locals(count=i64, k=Py_ssize_t, same=bint)
    cdef bint _same_killer(self, Py_ssize_t at, Py_ssize_t kat) noexcept

    @cython.locals(width=Py_ssize_t, at=Py_ssize_t, first=Py_ssize_t, k=Py_ssize_t)
    cdef void _remember(self, int ply, Py_ssize_t slot) noexcept

    @cython.locals(added=int, judge=KillerJudge, width=Py_ssize_t, j=int, kat=Py_ssize_t, score=i64,
                   row=Py_ssize_t)
    cdef int _cheap(self, int ply, Py_ssize_t known) except -1
