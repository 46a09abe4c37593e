# C types for searcher.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

ctypedef unsigned long long u64
ctypedef unsigned int u32
ctypedef long long i64


cdef Py_ssize_t _MAX_DEGREE, _COMPACT_SYMBOLS, _COMPACT_NODES
cdef int SCORE, WORDS, PATHS

cdef extern from *:
    """
    #if defined(__POPCNT__) || defined(__ARM_NEON)
    #define WORDGAMES_HARDWARE_POPCOUNT 1
    #define wordgames_popcount(bits) __builtin_popcountll(bits)
    #else
    #define WORDGAMES_HARDWARE_POPCOUNT 0
    #define wordgames_popcount(bits) 0
    #endif
    """
    bint WORDGAMES_HARDWARE_POPCOUNT
    int wordgames_popcount(u64 bits) noexcept nogil

cdef inline int _count(u64 bits) noexcept:
    # The number of 1 bits of a 64-bit value (the child numbering), for this module and
    # those that cimport it (the class bounds): inline, its constants in the instructions;
    # one instruction where the processor has one and the build may use it.
    if WORDGAMES_HARDWARE_POPCOUNT:
        return wordgames_popcount(bits)
    bits = bits - ((bits >> 1) & <u64>0x5555555555555555)
    bits = (bits & <u64>0x3333333333333333) + ((bits >> 2) & <u64>0x3333333333333333)
    bits = (bits + (bits >> 4)) & <u64>0x0F0F0F0F0F0F0F0F
    return <int>((bits * <u64>0x0101010101010101) >> 56)

cdef inline int _bits(u64 bits) noexcept:
    return _count(bits)

cdef u64 _translated(u64 mask, u64 letters, int low, u64 terminal) noexcept

cdef int _first_symbol(u64 bit) noexcept

@cython.locals(side=Py_ssize_t, text=str, row=Py_ssize_t, parts=list)
cpdef object cells_text(object board)

cpdef set words_at_least(list words, Py_ssize_t minimum)


@cython.locals(count=Py_ssize_t, placed=Py_ssize_t, new=Py_ssize_t, old=Py_ssize_t,
               children=Py_ssize_t, block=Py_ssize_t, offset=Py_ssize_t, child=Py_ssize_t,
               top=Py_ssize_t, out=u64[::1], mask_of=u64[::1], first_of=u32[::1],
               stack=i64[::1], stride=Py_ssize_t, shift=int)
cpdef tuple depth_first_layout(object masks, object first, u64 letters, int low, u64 terminal)


@cython.final
cdef class Solver:
    cdef u64[::1] nodes
    cdef public Py_ssize_t stride
    cdef int shift
    cdef u64 first_mask
    cdef int mark_shift
    cdef u64 unmarked
    cdef public u64 mark_limit
    cdef public u64 generation
    cdef tuple symbols
    cdef int[::1] symbol_letters
    cdef short[::1] latin_1
    cdef unsigned char[::1] spellings
    cdef bint plain
    cdef object scoring
    cdef int minimum
    cdef i64[::1] points
    cdef i64[::1] found_by_length
    cdef Py_ssize_t capacity
    cdef u64[::1] cell_bit
    cdef u64[::1] free
    cdef u64[::1] reach
    cdef int[::1] cell_letters
    cdef int[::1] tail_start
    cdef int[::1] tail_count
    cdef int[::1] tails
    cdef int[::1] path
    cdef int[::1] candidate_cell
    cdef i64[::1] candidate_node
    cdef bytearray spelled
    cdef unsigned char[::1] spelling
    cdef public Py_ssize_t size
    cdef Py_ssize_t rows
    cdef Py_ssize_t columns
    cdef int[::1] adjacent_start
    cdef int[::1] adjacent
    cdef public Py_ssize_t letter_total
    cdef int mode
    cdef public i64 total
    cdef public Py_ssize_t count
    cdef list found
    cdef list found_paths

    cpdef reserve(self, Py_ssize_t size)

    cpdef spell_buffer(self, Py_ssize_t size)

    cpdef set_scoring(self, object scoring, int minimum)

    cpdef grow_points(self, Py_ssize_t letters)

    cpdef use_shape(self, Py_ssize_t rows, Py_ssize_t columns)

    @cython.locals(size=Py_ssize_t, tails=Py_ssize_t, tail=Py_ssize_t, cell=Py_ssize_t,
                   letters=int, index=Py_ssize_t, code=tuple)
    cpdef load(self, object codes, Py_ssize_t rows, Py_ssize_t columns)

    @cython.locals(length=Py_ssize_t, rows=Py_ssize_t, column=Py_ssize_t, width=Py_ssize_t,
                   cell=Py_ssize_t, tail=Py_ssize_t, index=Py_ssize_t, character=Py_UCS4,
                   letters=int, dead=bint, code=Py_ssize_t, symbol=int)
    cpdef bint load_text(self, str text) except *

    @cython.locals(total=Py_ssize_t, cell=Py_ssize_t, around=u64, index=Py_ssize_t)
    cpdef finish_board(self)

    cpdef object score(self)

    cpdef list words(self)

    cpdef tuple paths(self)

    @cython.locals(scores=list, text=object)
    cpdef list score_all(self, object boards, object encode)

    @cython.locals(index=Py_ssize_t, stride=Py_ssize_t)
    cpdef new_search(self)

    @cython.locals(length=Py_ssize_t, total=i64, count=Py_ssize_t)
    cpdef run(self)

    @cython.locals(stride=Py_ssize_t, mask=u64, base=Py_ssize_t, stamp=u64,
                   start=Py_ssize_t, count=Py_ssize_t, kept=Py_ssize_t,
                   index=Py_ssize_t, block=Py_ssize_t, other=Py_ssize_t, child=Py_ssize_t, word=u64,
                   at=Py_ssize_t, slot=u64, fresh=u64, length=int, keeping=bint)
    cdef int walk(self, Py_ssize_t cell, Py_ssize_t node, int letters, Py_ssize_t depth) except -1

    @cython.locals(index=Py_ssize_t, bit=u64, mask=u64, slot=u64)
    cdef Py_ssize_t descend(self, Py_ssize_t node, int cell) noexcept

    @cython.locals(length=Py_ssize_t, index=Py_ssize_t, cell=int, tail=Py_ssize_t, parts=list)
    cdef int keep(self, int depth) except -1
