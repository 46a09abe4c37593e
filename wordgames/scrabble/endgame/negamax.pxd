# C types for negamax.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.movegen.board_arrays cimport BoardState, _popcount as _bits, i64, u64, u8, u32
from wordgames.scrabble.movegen.kernel cimport Kernel
from wordgames.scrabble.movegen.records cimport R_ACROSS, R_FIRST, R_LAST, R_LINE, R_NEW, R_SCORE, R_TILES

cdef int INFINITY, COMPLETE, EXACT, LOWER, UPPER, CLOCK_EVERY, WORK_PER_VISIT, CACHED_MOVES, HEAD, _RECORD
cdef int _BLANK, _TILE, _INDEX_BITS
cdef i64 _KILLER_KEY, _OUT_KEY, _NO_KEY
cdef u64 _TERMINAL


cdef class Negamax:
    cdef public Py_ssize_t squares, cols, letters, hand, width, copies, limit
    cdef public Kernel kernel
    cdef public BoardState state
    cdef public object source, board, clock
    cdef i64[::1] values
    cdef u64[::1] z_square, z_rack, z_run, z_bag
    cdef u64 z_side
    cdef Py_ssize_t table_size
    cdef u64 table_mask
    cdef u64[::1] tt_key
    cdef int[::1] tt_depth, tt_value
    cdef u8[::1] tt_flag, tt_used
    cdef i64[::1] tt_move
    cdef u64 cache_mask
    cdef u64[::1] mc_key
    cdef i64[::1] mc_at, mc_moves
    cdef int[::1] mc_count, mc_epoch
    cdef Py_ssize_t mc_top
    cdef int epoch
    cdef public bint use_cache, judged
    cdef u64[::1] masks
    cdef u32[::1] first
    cdef i64[::1] letter_mult, word_mult, placed
    cdef int[::1] need
    cdef i64 bingo
    cdef int bingo_size
    cdef int[::1] rack, size
    cdef i64[::1] rack_points
    cdef u64[::1] rack_hash
    cdef int[::1] tiles, bag
    cdef Py_ssize_t bag_len, bag_pos
    cdef u64 bag_hash, board_hash
    cdef public int side, scoreless
    cdef Py_ssize_t capacity, top, plies
    cdef i64[::1] mv, order
    cdef int[::1] u_scoreless, u_bag, pv_len
    cdef i64[::1] killer, pv, best
    cdef public i64 nodes, horizon_hits
    cdef i64 visits
    cdef public bint stopped
    cdef double deadline
    cdef public bint ordering, use_table, killers, pvs, aspiration, frontier

    @cython.locals(square=Py_ssize_t, player=int, t=Py_ssize_t, plies=Py_ssize_t, i=Py_ssize_t)
    cpdef load(self, object board, object racks, object bag, int side, int scoreless)

    @cython.locals(key=u64)
    cpdef u64 key(self)

    @cython.locals(i=Py_ssize_t)
    cdef void _hash_bag(self) noexcept

    @cython.locals(at=Py_ssize_t)
    cdef void _take(self, int player, int tile) noexcept

    @cython.locals(at=Py_ssize_t)
    cdef void _give(self, int player, int tile) noexcept

    @cython.locals(at=Py_ssize_t, count=i64, side=int, k=Py_ssize_t, code=i64, square=Py_ssize_t,
                   number=int, drawn=Py_ssize_t, i=Py_ssize_t, board=object)
    cdef void _make(self, Py_ssize_t slot, int ply) except *

    @cython.locals(at=Py_ssize_t, count=i64, side=int, k=Py_ssize_t, code=i64, square=Py_ssize_t,
                   number=int, before=Py_ssize_t, i=Py_ssize_t, board=object)
    cdef void _unmake(self, Py_ssize_t slot, int ply) except *

    @cython.locals(capacity=Py_ssize_t, mv=i64[::1], order=i64[::1], i=Py_ssize_t)
    cdef void _reserve(self, Py_ssize_t rows) except *

    @cython.locals(side=int, counts=list, kernel=Kernel, count=Py_ssize_t, records=i64[::1],
                   ktiles=u8[::1], cols=Py_ssize_t, width=Py_ssize_t, n=Py_ssize_t,
                   rb=Py_ssize_t, across=i64, line=i64, first=i64, offset=i64, new=i64,
                   at=Py_ssize_t, k=Py_ssize_t, i=Py_ssize_t, square=i64, t=Py_ssize_t)
    cdef Py_ssize_t _generate(self, Py_ssize_t base) except -1

    @cython.locals(key=u64, slot=Py_ssize_t, width=Py_ssize_t, count=Py_ssize_t,
                   start=Py_ssize_t, i=Py_ssize_t, need=Py_ssize_t, limit=Py_ssize_t, grown=i64[::1])
    cdef Py_ssize_t _moves(self, Py_ssize_t base) except -1

    cdef Py_ssize_t _from_source(self, Py_ssize_t base, list counts) except -1

    @cython.locals(count=i64, k=Py_ssize_t, same=bint)
    cdef bint _same(self, Py_ssize_t a, Py_ssize_t b) noexcept

    @cython.locals(row=Py_ssize_t, k=Py_ssize_t)
    cdef void _copy_in(self, Py_ssize_t slot, i64[::1] source, Py_ssize_t at) noexcept

    @cython.locals(row=Py_ssize_t, k=Py_ssize_t)
    cdef void _copy_out(self, i64[::1] target, Py_ssize_t at, Py_ssize_t slot) noexcept

    @cython.locals(width=Py_ssize_t, side=int, out=i64, n=Py_ssize_t, row=Py_ssize_t,
                   at=Py_ssize_t, key=i64, j=Py_ssize_t, kat=Py_ssize_t, gap=Py_ssize_t,
                   i=Py_ssize_t, value=i64, done=bint)
    cdef void _order(self, Py_ssize_t base, Py_ssize_t count, int ply, Py_ssize_t tried_base,
                     Py_ssize_t tried) noexcept

    @cython.locals(square=Py_ssize_t)
    cpdef set_judge(self, object masks, object first, object letter_mult, object word_mult,
                    i64 bingo, int bingo_size)

    @cython.locals(count=i64, side=int, legal=bint, k=Py_ssize_t, code=i64, square=Py_ssize_t,
                   tile=int, score=i64)
    cdef i64 _judge(self, i64[::1] source, Py_ssize_t at) noexcept

    @cython.locals(cols=Py_ssize_t, first=Py_ssize_t, last=Py_ssize_t, step=Py_ssize_t,
                   cross=Py_ssize_t, main=i64, total=i64, covered=i64, touches=bint,
                   k=Py_ssize_t, square=Py_ssize_t, found=i64)
    cdef i64 _judge_words(self, i64[::1] source, Py_ssize_t at, i64 count) noexcept

    @cython.locals(cols=Py_ssize_t, low=Py_ssize_t, high=Py_ssize_t, node=Py_ssize_t,
                   covered=i64, board=i64, points=i64, mult=i64, square=Py_ssize_t, code=i64,
                   tile=int, mask=u64, bit=u64)
    cdef i64 _word(self, Py_ssize_t start, Py_ssize_t end, Py_ssize_t step) noexcept

    @cython.locals(added=int, width=Py_ssize_t, j=int, kat=Py_ssize_t, score=i64, row=Py_ssize_t)
    cdef int _cheap(self, int ply, Py_ssize_t known) except -1

    cdef Py_ssize_t _row_of(self, Py_ssize_t base, Py_ssize_t position) noexcept

    @cython.locals(count=i64, k=Py_ssize_t, same=bint)
    cdef bint _same_killer(self, Py_ssize_t at, Py_ssize_t kat) noexcept

    cdef bint _tick(self) except -1

    @cython.locals(at=Py_ssize_t, count=i64)
    cdef int _ends(self, Py_ssize_t slot) noexcept

    @cython.locals(at=Py_ssize_t, score=i64, count=i64, out=bint, value=i64)
    cdef int _child(self, Py_ssize_t slot, int depth, int alpha, int beta, int ply) except? -1234567

    @cython.locals(at=Py_ssize_t, score=i64, count=i64, side=int, theirs=i64, played=i64,
                   k=Py_ssize_t, number=int)
    cdef int _frontier_value(self, Py_ssize_t slot) noexcept

    @cython.locals(width=Py_ssize_t, at=Py_ssize_t, length=Py_ssize_t, child=Py_ssize_t,
                   i=Py_ssize_t, k=Py_ssize_t)
    cdef void _set_pv(self, int ply, Py_ssize_t slot, bint with_child) noexcept

    @cython.locals(width=Py_ssize_t, at=Py_ssize_t, first=Py_ssize_t, k=Py_ssize_t)
    cdef void _remember(self, int ply, Py_ssize_t slot) noexcept

    @cython.locals(key=u64, slot=Py_ssize_t, known=bint, pv_node=bint, entry_depth=int,
                   value=int, flag=int, hits_before=i64, base=Py_ssize_t, best=int, stored=int)
    cdef int _search(self, int depth, int alpha, int beta, int ply) except? -1234567

    @cython.locals(slot=Py_ssize_t)
    cdef Py_ssize_t _probe(self, u64 key) noexcept

    @cython.locals(first=Py_ssize_t, slot=Py_ssize_t, row=Py_ssize_t, k=Py_ssize_t)
    cdef void _store(self, u64 key, int depth, int value, int flag, i64[::1] source, Py_ssize_t at) noexcept

    @cython.locals(k=Py_ssize_t)
    cdef void _move_entry(self, Py_ssize_t origin, Py_ssize_t target) noexcept

    @cython.locals(at=Py_ssize_t, row=Py_ssize_t, k=Py_ssize_t)
    cdef void _keep_best(self, int ply, Py_ssize_t slot) noexcept

    @cython.locals(value=int)
    cdef int _try(self, Py_ssize_t slot, int index, int depth, int alpha, int beta, int ply) except? -1234567

    @cython.locals(best=int, hits_at_start=i64, index=int, hits_before=i64, value=int,
                   base=Py_ssize_t, count=Py_ssize_t, pass_row=Py_ssize_t, position=Py_ssize_t,
                   slot=Py_ssize_t, tried_base=Py_ssize_t, cheap=int, tried=int)
    cdef int _expand(self, int depth, int alpha, int beta, int ply, Py_ssize_t known) except? -1234567

    @cython.locals(width=Py_ssize_t, value=int, base=Py_ssize_t, count=Py_ssize_t,
                   pass_row=Py_ssize_t, best=int, best_slot=Py_ssize_t, best_end=int,
                   end_slot=Py_ssize_t, every_end=bint, slot=Py_ssize_t, tried_base=Py_ssize_t,
                   tried=int, top_slot=Py_ssize_t)
    cdef int _frontier(self, int alpha, int beta, int ply, Py_ssize_t known) except? -1234567

    @cython.locals(base=Py_ssize_t, count=Py_ssize_t, found=list, row=Py_ssize_t)
    cpdef list root_moves(self)

    @cython.locals(codes=list, k=Py_ssize_t)
    cdef tuple _as_pair(self, i64[::1] source, Py_ssize_t at)

    @cython.locals(alpha=int, beta=int, value=int)
    cdef int _root(self, int depth, int guess, bint guessed) except? -1234567

    @cython.locals(value=int, depth=int, exact=bint, pv=list, iteration=int, found=int,
                   width=Py_ssize_t, i=Py_ssize_t)
    cpdef tuple deepen(self, int deepest, double deadline, object clock)
