# C types for searcher.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

ctypedef unsigned long long u64
ctypedef unsigned int u32
ctypedef long long i64


cdef u64 _PAIRS, _QUADS, _BYTES, _COMPACT_LIMIT, _COMPACT_NODES
cdef Py_ssize_t _MAX_DEGREE

cdef int _popcount(u64 bits) noexcept


@cython.locals(count=Py_ssize_t, placed=Py_ssize_t, new=Py_ssize_t, old=Py_ssize_t,
               children=Py_ssize_t, block=Py_ssize_t, offset=Py_ssize_t, child=Py_ssize_t,
               top=Py_ssize_t, out=u64[::1], mask_of=u64[::1], first_of=u32[::1],
               stack=i64[::1], stride=Py_ssize_t, shift=int)
cpdef tuple _depth_first_layout(object masks, object first, u64 terminal)


@cython.final
cdef class _Kernel:
    cdef u64[::1] nodes
    cdef Py_ssize_t stride
    cdef int shift
    cdef u64 first_mask
    cdef int mark_shift
    cdef u64 unmarked
    cdef public u64 mark_limit
    cdef public u64 generation
    cdef u64 terminal
    cdef dict letter_bits
    cdef u64[::1] code_bits
    cdef Py_ssize_t capacity
    cdef Py_ssize_t link_capacity
    cdef object single_near
    cdef object single_start
    cdef unsigned char[::1] multi
    cdef u64[::1] free
    cdef int[::1] ahead_cell
    cdef i64[::1] ahead_node
    cdef u64[::1] ahead_mask
    cdef u64[::1] reach
    cdef u64[::1] multi_mask
    cdef object flat
    cdef int[::1] near
    cdef int[::1] near_start
    cdef int[::1] path
    cdef list multi_near
    cdef bint any_multi
    cdef object steps
    cdef bint spell
    cdef bint latin_1
    cdef tuple cells
    cdef unsigned char[::1] codes
    cdef bytearray spelling
    cdef unsigned char[::1] letters
    cdef list found

    @cython.locals(index=Py_ssize_t)
    cpdef new_search(self)

    cpdef reserve(self, Py_ssize_t size, Py_ssize_t links)

    cpdef use_neighbours(self, object near, object near_start)

    @cython.locals(size=Py_ssize_t, cell=Py_ssize_t, index=Py_ssize_t, around=u64, letters=str,
                   code=Py_UCS4, near_of=int[::1], start_of=int[::1], total=Py_ssize_t,
                   letter=Py_UCS4)
    cpdef use_board(self, tuple cells, object near, object near_start)

    @cython.locals(cell=Py_ssize_t, index=Py_ssize_t, other=int, count=Py_ssize_t, multis=u64,
                   near_of=int[::1], start_of=int[::1])
    cpdef split_neighbours(self, tuple cells, object near, object near_start)

    @cython.locals(root=Py_ssize_t, cell=Py_ssize_t, bit=u64, root_mask=u64, root_base=Py_ssize_t,
                   start=Py_ssize_t, start_mask=u64, single=bint, found=list)
    cpdef list run(self, tuple cells, object steps, bint spell)

    @cython.locals(here=u64, base=Py_ssize_t, index=Py_ssize_t, other=int, bit=u64, child=Py_ssize_t,
                   child_mask=u64, first=Py_ssize_t, last=Py_ssize_t)
    cdef int visit(self, int cell, Py_ssize_t node, u64 mask, int depth) except -1

    @cython.locals(other=int, bit=u64, reached=Py_ssize_t, child_mask=u64)
    cdef int visit_multi(self, int cell, Py_ssize_t base, u64 mask, int depth) except -1

    @cython.locals(bit=u64, mask=u64, slot=u64)
    cdef Py_ssize_t descend(self, Py_ssize_t node, str letters) except -2

    @cython.locals(index=int, steps=object, trail=object, length=Py_ssize_t, cell=int,
                   letter=Py_UCS4, at=Py_ssize_t, slot=u64)
    cdef int record(self, Py_ssize_t node, int depth) except -1
