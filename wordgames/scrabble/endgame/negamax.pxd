# C types for negamax.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.endgame.move_order cimport NO_KEY, MoveOrder
from wordgames.scrabble.endgame.search_state cimport HEAD
from wordgames.scrabble.endgame.transposition cimport COMPLETE, EXACT, LOWER, UPPER, TranspositionTable
from wordgames.scrabble.movegen.board_arrays cimport i64, u64

cdef int INFINITY, CLOCK_EVERY, _BLANK, FIRST_TABLE_BITS
cdef i64 _NO_GROWTH


cdef class Negamax(MoveOrder):
    cdef readonly TranspositionTable table
    cdef int table_limit
    cdef i64 grow_at
    cdef int[::1] pv_len
    cdef i64[::1] pv, best
    cdef public i64 nodes, horizon_hits
    cdef public bint stopped
    cdef double deadline
    cdef public object clock
    cdef public bint use_table, pvs, aspiration, frontier
    cdef public bint free_passes, playouts

    cpdef load(self, object board, object racks, object bag, int side, int scoreless)

    cdef void _grow(self, Py_ssize_t plies) except *

    cdef bint _tick(self) except -1

    @cython.locals(at=Py_ssize_t, score=i64, count=i64, out=bint, value=i64)
    cdef int _child(self, Py_ssize_t slot, int depth, int alpha, int beta, int ply) except? -1234567

    cdef int _ended(self, i64 score, bint out) noexcept

    @cython.locals(side=int)
    cdef int _horizon(self) noexcept

    @cython.locals(width=Py_ssize_t, at=Py_ssize_t, length=Py_ssize_t, child=Py_ssize_t,
                   i=Py_ssize_t, k=Py_ssize_t)
    cdef void _set_pv(self, int ply, Py_ssize_t slot, bint with_child) noexcept

    @cython.locals(key=u64, table=TranspositionTable, slot=Py_ssize_t, known=bint, pv_node=bint,
                   entry_depth=int, value=int, flag=int, hits_before=i64, base=Py_ssize_t,
                   best=int, stored=int)
    cdef int _search(self, int depth, int alpha, int beta, int ply) except? -1234567

    @cython.locals(base=Py_ssize_t, width=Py_ssize_t, value=int, sign=int, made=int,
                   row=Py_ssize_t, count=Py_ssize_t, chosen=Py_ssize_t, best=i64, slot=Py_ssize_t,
                   estimate=i64, k=Py_ssize_t, score=i64, tiles=i64, out=bint, i=int)
    cdef int _playout(self, int ply) except? -1234567

    @cython.locals(at=Py_ssize_t, row=Py_ssize_t, k=Py_ssize_t)
    cdef void _keep_best(self, int ply, Py_ssize_t slot) noexcept

    @cython.locals(hits_before=i64, value=int)
    cdef int _try(self, Py_ssize_t slot, int index, int depth, int alpha, int beta, int ply, int best,
                  i64 hits_at_start) except? -1234567

    @cython.locals(best=int, hits_at_start=i64, index=int, base=Py_ssize_t, count=Py_ssize_t,
                   pass_row=Py_ssize_t, position=Py_ssize_t, slot=Py_ssize_t,
                   tried_base=Py_ssize_t, tried=int, pass_depth=int, known_pass=bint)
    cdef int _expand(self, int depth, int alpha, int beta, int ply, Py_ssize_t known) except? -1234567

    @cython.locals(width=Py_ssize_t, value=int, base=Py_ssize_t, count=Py_ssize_t, best=int,
                   best_slot=Py_ssize_t, best_end=int, end_slot=Py_ssize_t, every_end=bint,
                   slot=Py_ssize_t, tried_base=Py_ssize_t, tried=int, top_slot=Py_ssize_t)
    cdef int _frontier(self, int alpha, int beta, int ply, Py_ssize_t known) except? -1234567

    @cython.locals(alpha=int, beta=int, value=int)
    cdef int _root(self, int depth, int guess, bint guessed) except? -1234567

    @cython.locals(value=int, depth=int, exact=bint, pv=list, iteration=int, found=int,
                   width=Py_ssize_t, i=Py_ssize_t)
    cpdef tuple deepen(self, int deepest, double deadline, object clock, int first=*)

    @cython.locals(bits=int)
    cdef void _grow_table(self) except *
