# C types for search_state.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.endgame.move_cache cimport MoveCache
from wordgames.scrabble.movegen.board_arrays cimport BoardState, i64, u64
from wordgames.scrabble.movegen.convert cimport code_rows
from wordgames.scrabble.movegen.buffer cimport WorkingBuffer
from wordgames.scrabble.movegen.kernel cimport search

cdef int HEAD, WORK_PER_VISIT, _BLANK


# Not final: MoveOrder (move_order.py) extends it, and Negamax (negamax.py) that.
cdef class SearchState:
    cdef public Py_ssize_t squares, cols, letters, hand, width, copies, limit
    cdef public WorkingBuffer kernel
    cdef public BoardState state
    cdef public object source, board
    cdef i64[::1] values
    cdef u64[::1] z_square, z_rack, z_run, z_bag
    cdef u64 z_side
    cdef MoveCache cache
    cdef public bint use_cache, stuck_values
    cdef int[::1] rack, size, stuck
    cdef i64[::1] rack_points, stuck_points
    cdef u64[::1] rack_hash
    cdef int[::1] tiles, bag, pending
    cdef unsigned char[::1] pending_mark
    cdef Py_ssize_t pending_count
    cdef Py_ssize_t bag_len, bag_pos
    cdef u64 bag_hash, board_hash
    cdef public int side, scoreless
    cdef Py_ssize_t capacity, top, plies
    cdef i64[::1] mv, order
    cdef int[::1] u_scoreless, u_bag
    cdef i64 visits

    @cython.locals(square=Py_ssize_t, player=int, t=Py_ssize_t, plies=Py_ssize_t, i=Py_ssize_t)
    cpdef load(self, object board, object racks, object bag, int side, int scoreless)

    cdef void _grow(self, Py_ssize_t plies) except *

    @cython.locals(key=u64)
    cpdef u64 key(self)

    @cython.locals(i=Py_ssize_t)
    cdef void _hash_bag(self) noexcept

    @cython.locals(at=Py_ssize_t)
    cdef void _take(self, int player, int tile) noexcept

    @cython.locals(at=Py_ssize_t)
    cdef void _give(self, int player, int tile) noexcept

    @cython.locals(at=Py_ssize_t, count=i64, side=int, k=Py_ssize_t, code=i64, square=Py_ssize_t,
                   number=int, drawn=Py_ssize_t, i=Py_ssize_t)
    cdef void _make(self, Py_ssize_t slot, int ply) noexcept

    @cython.locals(at=Py_ssize_t, count=i64, side=int, k=Py_ssize_t, code=i64, square=Py_ssize_t,
                   number=int, before=Py_ssize_t, i=Py_ssize_t)
    cdef void _unmake(self, Py_ssize_t slot, int ply) noexcept

    cdef void _changed(self, Py_ssize_t square) noexcept

    @cython.locals(i=Py_ssize_t)
    cpdef settle(self)

    @cython.locals(i=Py_ssize_t)
    cdef void _forget_changes(self) noexcept

    @cython.locals(side=int, base=Py_ssize_t, player=int, count=Py_ssize_t, at=Py_ssize_t,
                   t=Py_ssize_t, row=Py_ssize_t, k=Py_ssize_t, number=int)
    cpdef mark_stuck(self)

    @cython.locals(value=i64)
    cdef i64 _rack_guess(self, i64 mine, i64 mine_stuck, i64 theirs, i64 theirs_stuck) noexcept

    @cython.locals(at=Py_ssize_t, count=i64)
    cdef int _ends(self, Py_ssize_t slot) noexcept

    @cython.locals(played=i64, k=Py_ssize_t, number=int)
    cdef i64 _played_points(self, Py_ssize_t at, int side, bint stuck_only) noexcept

    @cython.locals(at=Py_ssize_t, score=i64, count=i64, side=int, theirs=i64, mine=i64, stuck=i64)
    cdef int _frontier_value(self, Py_ssize_t slot) noexcept

    @cython.locals(capacity=Py_ssize_t, mv=i64[::1], order=i64[::1], i=Py_ssize_t)
    cdef void _reserve(self, Py_ssize_t rows) except *

    @cython.locals(side=int, counts=list, kernel=WorkingBuffer, count=Py_ssize_t, t=Py_ssize_t)
    cdef Py_ssize_t _generate(self, Py_ssize_t base) except -1

    @cython.locals(key=u64, slot=Py_ssize_t, count=Py_ssize_t)
    cdef Py_ssize_t _moves(self, Py_ssize_t base) except -1

    @cython.locals(count=Py_ssize_t, pass_row=Py_ssize_t)
    cdef Py_ssize_t _push_moves(self, Py_ssize_t base) except -1

    cdef Py_ssize_t _from_source(self, Py_ssize_t base, list counts) except -1

    @cython.locals(base=Py_ssize_t, count=Py_ssize_t, found=list, row=Py_ssize_t)
    cpdef list root_moves(self)

    @cython.locals(codes=list, k=Py_ssize_t)
    cdef tuple _as_pair(self, i64[::1] source, Py_ssize_t at)

    @cython.locals(count=i64, k=Py_ssize_t, same=bint)
    cdef bint _same(self, Py_ssize_t a, Py_ssize_t b) noexcept

    @cython.locals(row=Py_ssize_t, k=Py_ssize_t)
    cdef void _copy_in(self, Py_ssize_t slot, i64[::1] source, Py_ssize_t at) noexcept

    @cython.locals(row=Py_ssize_t, k=Py_ssize_t)
    cdef void _copy_out(self, i64[::1] target, Py_ssize_t at, Py_ssize_t slot) noexcept
