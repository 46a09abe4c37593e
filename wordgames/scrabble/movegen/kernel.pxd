# C types for kernel.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

ctypedef unsigned long long u64
ctypedef long long i64

cdef u64 _ALL, _ODD, _PAIR, _NIBBLE, _ONES
cdef i64 NO_BOUND
cdef int _WIDTH, _BLANK

cdef int _bits(u64 mask) noexcept

@cython.locals(node=Py_ssize_t, mask=u64, out=u64, position=int, m=u64[::1], k=u64[::1],
               t=u64[::1])
cpdef object _translate(object masks, object kids, object to_tile, u64 terminal)


cdef class Kernel:  # not final: .equity_kernel extends it (its methods are, in kernel.py)
    cdef u64[::1] kids
    cdef u64[::1] masks
    cdef unsigned int[::1] first
    cdef u64[::1] lexicon_bit
    cdef u64 terminal, full, held_all, playable_all
    cdef int letter_count, blank, hand_size
    cdef i64 bingo, threshold
    cdef i64[::1] values
    cdef int[::1] counts, rack, lead_slot, uses
    cdef Py_ssize_t squares, rows, cols
    cdef int[::1] tile, cross_length, anchor, next_square
    cdef i64[::1] tile_points, cross_points, lm, wm, run_points
    cdef u64[::1] cross
    cdef int[::1] word, offsets, chosen, flags
    cdef i64[::1] losses
    cdef public i64[::1] records
    cdef public unsigned char[::1] letters
    cdef public Py_ssize_t count
    cdef public object pool
    cdef Py_ssize_t used_letters
    cdef u64[::1] pu, leads
    cdef i64[::1] pi, by_level, level_start, top
    cdef Py_ssize_t prefixes, lead_slots
    cdef int depth, keep, rack_size, blanks_on_rack
    cdef int across, line, length, start, last
    cdef Py_ssize_t line_base

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

    @cython.locals(size=int, held=u64, bit=u64, i=int, depth=int, across=int,
                   lines=Py_ssize_t, length=Py_ssize_t, base=Py_ssize_t, at=Py_ssize_t,
                   line=int, col=int)
    cpdef Py_ssize_t search(self, object rack, int keep) except -1

    @cython.locals(limit=int)
    cdef int _left_limit(self, Py_ssize_t at, int col) noexcept

    @cython.locals(kids=u64, level=Py_ssize_t, p=Py_ssize_t, i=int)
    cdef void _left_parts(self, int depth)

    @cython.locals(p=Py_ssize_t)
    cdef Py_ssize_t _add_prefix(self, u64 kids, u64 held, u64 playable, u64 swaps, i64 node,
                                i64 length, i64 parent, i64 letter, i64 blank, i64 value,
                                i64 slot, i64 most) except -1

    @cython.locals(candidates=u64, bit=u64, i=int, child=Py_ssize_t, slot=int, blank=int,
                   value=i64, swaps=u64, now_held=u64, now_playable=u64, child_kids=u64,
                   p=Py_ssize_t)
    cdef void _grow(self, Py_ssize_t parent, Py_ssize_t node, u64 kids, u64 held, u64 playable,
                    u64 swappable, int length, int depth)

    @cython.locals(slot=Py_ssize_t, need=Py_ssize_t, q=Py_ssize_t)
    cdef u64 _leads(self, Py_ssize_t p, int letter) except? 0

    @cython.locals(node=Py_ssize_t, candidates=u64, leads=u64, bit=u64, child=Py_ssize_t)
    cdef u64 _follow(self, Py_ssize_t p, int letter) noexcept

    @cython.locals(at=Py_ssize_t, first=int, node=Py_ssize_t, points=i64, square=Py_ssize_t,
                   mask=u64, following=int, length=int, index=Py_ssize_t, p=Py_ssize_t,
                   leads=u64)
    cdef void _run_anchor(self, int col)

    @cython.locals(length=int, main=i64, mult=i64, link=Py_ssize_t, square=int, letter=int)
    cdef void _from_left_part(self, Py_ssize_t p, int col, u64 leads)

    @cython.locals(at=Py_ssize_t, have_blank=int, candidates=u64, wm=i64, lm=i64, csum=i64,
                   nxt=int, end=int, go_on=bint, record=bint, length=int, bonus=i64,
                   next_mask=u64, bit=u64, i=int, child=Py_ssize_t, square=Py_ssize_t,
                   is_word=bint, real=int, v=i64, spare=int, swaps=u64, word_part=i64,
                   cross_part=i64, score=i64, next_kids=u64, now_held=u64)
    cdef void _extend(self, int col, u64 kid_mask, Py_ssize_t node, i64 main, i64 mult,
                      i64 cross, int placed, u64 held, u64 swappable)

    @cython.locals(n=Py_ssize_t, length=Py_ssize_t, offset=Py_ssize_t, square=int,
                   base=Py_ssize_t)
    cdef void _emit(self, i64 score, int end)

    @cython.locals(keep=int, j=int)
    cdef void _raise_threshold(self, i64 score) noexcept

    @cython.locals(count=int, i=int, square=int, at=Py_ssize_t, letter=int, xwm=i64,
                   loss=i64, forced=int, size=int, j=int, k=int)
    cdef void _designate(self, int end, i64 mult, i64 score)

    @cython.locals(total=i64, j=int, covered=int, letter=int)
    cdef void _try_blanks(self, int size, int forced, int end, i64 score)
