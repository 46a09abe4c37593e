# C types for layout.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.wordsearch.bits cimport _count as _bits, i64, u32, u64

cdef Py_ssize_t _MAX_DEGREE, _COMPACT_SYMBOLS, _COMPACT_NODES

cdef u64 _translated(u64 mask, u64 letters, int low, u64 terminal) noexcept

@cython.locals(count=Py_ssize_t, placed=Py_ssize_t, new=Py_ssize_t, old=Py_ssize_t,
               children=Py_ssize_t, block=Py_ssize_t, offset=Py_ssize_t, child=Py_ssize_t,
               out=u64[::1], mask_of=u64[::1], first_of=u32[::1],
               old_of=i64[::1], stride=Py_ssize_t, shift=int)
cpdef tuple breadth_first_layout(object masks, object first, u64 letters, int low, u64 terminal)
