# C types for move.py when Cython compiles it (pure-Python mode: the .py is the source; this
# file only declares).  A compiled Move is a small C structure the move generator fills
# directly (make_move), without a Python-level constructor call.

cimport cython


cdef class BoardSnapshot:
    cdef public bytes squares
    cdef public Py_ssize_t rows, cols


cdef class Move:
    cdef long long _score
    cdef Py_ssize_t _row, _col
    cdef bint _across
    cdef bytes _tiles
    cdef unsigned long long _new
    cdef object _alphabet
    cdef object _snapshot
    cdef object _word, _placed, _words

    @cython.locals(move=Move)
    cpdef Move with_score(self, object score, object words=*)

    cpdef object _key(self)


@cython.locals(move=Move)
cpdef Move make_move(long long score, Py_ssize_t row, Py_ssize_t col, bint across, bytes tiles,
                     unsigned long long new, object alphabet, object snapshot)

cdef Move _with_text(Move move, object word, object placed)
