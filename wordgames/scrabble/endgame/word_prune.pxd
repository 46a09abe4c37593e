# C types for word_prune.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.movegen.board_arrays cimport _popcount as _bits, i64, u64, u32, u8

cdef u64 _TERMINAL, _ALL
cdef int _UNBLANK, _GROUP, _KEPT, _WORD


@cython.locals(letters=Py_ssize_t, blanks=Py_ssize_t, group=Py_ssize_t, one=u64, every=u64,
               cap=Py_ssize_t, width=Py_ssize_t, i=Py_ssize_t, t=Py_ssize_t, c=Py_ssize_t,
               k=Py_ssize_t, ok=u64[::1], node_at=i64[::1], rest_at=u64[::1],
               tile_at=int[::1], fits=u64[::1], held=int[::1], m=u64[::1], f=u32[::1],
               marks=u8[::1], depth=Py_ssize_t, node=Py_ssize_t, rest=u64,
               bit=u64, allowed=u64, level=Py_ssize_t, below=Py_ssize_t, child=Py_ssize_t,
               count=Py_ssize_t, parent=Py_ssize_t)
cpdef Py_ssize_t _mark(object masks, object first, object flags, object spare, list lines, Py_ssize_t longest)

@cython.locals(m=u64[::1], f=u32[::1], marks=u8[::1], nm=u64[::1], nf=u32[::1],
               old=i64[::1], added=Py_ssize_t, index=Py_ssize_t, node=Py_ssize_t, mask=u64,
               children=u64, child=Py_ssize_t, bit=u64)
cpdef tuple _renumbered(object masks, object first, object flags, Py_ssize_t size)
