# C types for searcher.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.wordsearch.bits cimport _count, _prefetch, i64, u8, u32, u64
from wordgames.wordsearch.reader cimport cells_text, read_text


# Constants of the C source (the .py defines them only when interpreted), so the compiler
# folds them into the instructions rather than reading a variable.
cdef enum:
    _MAX_DEGREE = 8
    _GROUP = 64
    _SLOT = 3
    _CELL_BITS = 31
    _CELL_MASK = 0x7FFFFFFF
cdef int SCORE, WORDS, PATHS

cdef inline int _bits(u64 bits) noexcept:
    return _count(bits)

cdef int _first_symbol(u64 bit) noexcept


cpdef set words_at_least(list words, Py_ssize_t minimum)



@cython.final
cdef class Solver:
    cdef u64[::1] nodes
    cdef public Py_ssize_t stride
    cdef int shift
    cdef u64 first_mask
    cdef u64[::1] seen
    cdef i64[::1] found_nodes
    cdef int[::1] found_letters
    cdef public Py_ssize_t found_count
    cdef tuple symbols
    cdef int[::1] symbol_letters
    cdef short[::1] latin_1
    cdef unsigned char[::1] spellings
    cdef bint plain
    cdef object scoring
    cdef int minimum
    cdef i64[::1] points
    cdef Py_ssize_t capacity
    cdef u64[::1] cell_bit
    cdef u64[::1] reach
    cdef u64[::1] slots
    cdef int[::1] cell_letters
    cdef int[::1] tail_start
    cdef int[::1] tail_count
    cdef int[::1] tails
    cdef int[::1] path
    cdef int[::1] shape
    cdef int[::1] near
    cdef int[::1] degree
    cdef u64[::1] path_bit
    cdef i64[::1] item_link
    cdef i64[::1] item_node
    cdef int[::1] item_letters
    cdef u64[::1] item_path
    cdef int[::1] kept
    cdef bytearray spelled
    cdef unsigned char[::1] spelling
    cdef public Py_ssize_t size
    cdef Py_ssize_t rows
    cdef Py_ssize_t columns
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

    @cython.locals(length=Py_ssize_t)
    cpdef bint load_text(self, str text) except *

    @cython.locals(total=Py_ssize_t, cell=Py_ssize_t, around=u64, index=Py_ssize_t)
    cpdef finish_board(self)

    cpdef object score(self)

    cpdef list words(self)

    cpdef tuple paths(self)

    @cython.locals(scores=list)
    cpdef list score_all(self, object boards, object encode)

    @cython.locals(text=object)
    cpdef load_any(self, object board, object encode)

    @cython.locals(index=Py_ssize_t)
    cpdef new_search(self)

    @cython.locals(bit=u64)
    cdef int first_time(self, Py_ssize_t node) except -1

    @cython.locals(index=Py_ssize_t, total=i64, count=Py_ssize_t, group=Py_ssize_t)
    cpdef run(self)

    @cython.locals(stride=Py_ssize_t, seen=u64, bit=u64, keeping=bint, wide=bint, root=u64,
                   count=Py_ssize_t, start=Py_ssize_t, end=Py_ssize_t, kept=Py_ssize_t,
                   item=Py_ssize_t, link=i64, parent=Py_ssize_t, cell=Py_ssize_t,
                   above=Py_ssize_t, mask=u64, base=Py_ssize_t, node=Py_ssize_t, word=u64,
                   fresh=u64, letters=int, index=Py_ssize_t,
                   free=u64, other=Py_ssize_t, child=Py_ssize_t, symbols=u64,
                   slots=u64[::1], follows=u64, item_node=i64[::1],
                   item_path=u64[::1], item_letters=int[::1], kept_items=int[::1], reach=u64[::1],
                   seen_bits=u64[::1], found_nodes=i64[::1], found_letters=int[::1], neighbour=Py_ssize_t, nodes=u64[::1],
                   links=i64[::1], near=int[::1], degree=int[::1], bits=u64[::1], keys=u64[::1],
                   tail_count=int[::1], cell_letters=int[::1], shift=int, first_mask=u64,
                   found_count=Py_ssize_t)
    cdef int search(self, Py_ssize_t first, Py_ssize_t last) except -1

    cdef u64 on_path(self, Py_ssize_t item, Py_ssize_t cell) noexcept

    @cython.locals(size=Py_ssize_t)
    cpdef grow_found(self, Py_ssize_t count)

    cpdef grow_items(self, Py_ssize_t count)

    @cython.locals(index=Py_ssize_t, bit=u64, mask=u64, slot=u64)
    cdef Py_ssize_t descend(self, Py_ssize_t node, int cell) noexcept

    @cython.locals(length=Py_ssize_t, index=Py_ssize_t, cell=int, tail=Py_ssize_t, parts=list,
                   depth=Py_ssize_t, chain=Py_ssize_t)
    cdef int keep(self, Py_ssize_t item) except -1
