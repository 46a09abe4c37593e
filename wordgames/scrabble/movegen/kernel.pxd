# C types for kernel.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.movegen.board_arrays cimport _popcount as _bits, u64, i64
from wordgames.scrabble.movegen.buffer cimport WorkingBuffer
from wordgames.scrabble.movegen.equity cimport _rack_bounds, anchor_equity, start_equity
from wordgames.scrabble.movegen.records cimport designate, emit, line_bounds, start_records

cdef int _BLANK, _BLANK_SLOT
cdef u64 _TERMINAL
cdef double _NONE
cdef int LP_MASKS, LP_KIDS, LP_HELD, LP_PLAYABLE, LP_SWAPS
cdef int LP_FIELDS, LP_NODE, LP_LENGTH, LP_PARENT, LP_TILE, LP_BLANK, LP_VALUE, LP_SLOT


cpdef Py_ssize_t search(WorkingBuffer buf, object rack, int keep) except -1

cpdef Py_ssize_t search_equity(WorkingBuffer buf, object rack, int keep, double[::1] keep_values,
                               i64[::1] radix, i64 full, double best_keep) except -1

@cython.locals(size=int, held=u64, bit=u64, t=int, depth=int, deepest=int, across=int,
               lines=Py_ssize_t, length=Py_ssize_t, base=Py_ssize_t, at=Py_ssize_t,
               line=int, col=int, start=Py_ssize_t)
cdef Py_ssize_t _run(WorkingBuffer buf, object rack, int keep) except -1

cdef Py_ssize_t _base(WorkingBuffer buf, int across) noexcept

@cython.locals(bit=u64, mask=u64)
cdef Py_ssize_t _child(WorkingBuffer buf, Py_ssize_t node, int tile) noexcept

cdef void _select(WorkingBuffer buf, int across, int line, Py_ssize_t line_base, int length) noexcept

@cython.locals(n=Py_ssize_t, across=int, lines=Py_ssize_t, length=Py_ssize_t,
               base=Py_ssize_t, line=int, line_base=Py_ssize_t, col=int, limit=int, bound=double,
               down=Py_ssize_t, best=Py_ssize_t, i=Py_ssize_t, at=Py_ssize_t)
cdef int _best_first(WorkingBuffer buf) except -1

@cython.locals(limit=int)
cdef int _left_limit(WorkingBuffer buf, Py_ssize_t at, int col) noexcept

@cython.locals(kids=u64, level=Py_ssize_t, p=Py_ssize_t, t=int)
cdef void _left_parts(WorkingBuffer buf, int depth) except *

@cython.locals(p=Py_ssize_t, m=Py_ssize_t, f=Py_ssize_t)
cdef Py_ssize_t _add_prefix(WorkingBuffer buf, u64 kids, u64 held, u64 playable, u64 swaps,
                            i64 node, i64 length, i64 parent, i64 tile, i64 blank, i64 value,
                            i64 slot) except -1

@cython.locals(candidates=u64, bit=u64, t=int, child=Py_ssize_t, slot=int, blank=int,
               value=i64, swaps=u64, now_held=u64, now_playable=u64, child_kids=u64,
               p=Py_ssize_t)
cdef int _grow(WorkingBuffer buf, Py_ssize_t parent, Py_ssize_t node, u64 kids, u64 held,
               u64 playable, u64 swappable, int length, int depth) except -1

@cython.locals(slot=Py_ssize_t, need=Py_ssize_t, q=Py_ssize_t, at=Py_ssize_t)
cdef u64 _leads(WorkingBuffer buf, Py_ssize_t p, int tile) except? 0

@cython.locals(node=Py_ssize_t, candidates=u64, leads=u64, bit=u64, child=Py_ssize_t)
cdef u64 _follow(WorkingBuffer buf, Py_ssize_t p, int tile) noexcept

@cython.locals(at=Py_ssize_t, first=int, node=Py_ssize_t, points=i64, square=Py_ssize_t,
               mask=u64, following=int, length=int, index=Py_ssize_t, p=Py_ssize_t,
               leads=u64)
cdef int _run_anchor(WorkingBuffer buf, int col) except -1

@cython.locals(length=int, main=i64, mult=i64, link=Py_ssize_t, square=int, tile=int,
               f=Py_ssize_t)
cdef int _from_left_part(WorkingBuffer buf, Py_ssize_t p, int col, u64 leads) except -1

@cython.locals(at=Py_ssize_t, have_blank=int, candidates=u64, wm=i64, lm=i64, csum=i64,
               nxt=int, end=int, go_on=bint, record=bint, length=int, bonus=i64,
               next_mask=u64, bit=u64, t=int, child=Py_ssize_t, square=Py_ssize_t,
               following=int, is_word=bint, real=int, v=i64, spare=int, swaps=u64,
               word_part=i64, cross_part=i64, score=i64, next_kids=u64, now_held=u64,
               left=i64, ahead=Py_ssize_t, most=i64)
cdef int _extend(WorkingBuffer buf, int col, u64 kid_mask, Py_ssize_t node, i64 main, i64 mult,
                 i64 cross, int placed, u64 held, u64 swappable) except -1
