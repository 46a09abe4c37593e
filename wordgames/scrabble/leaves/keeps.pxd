# C types for keeps.py when Cython compiles it (pure-Python mode: the .py is the source).

cimport cython

from wordgames.scrabble.leaves.dense cimport DenseLeaves


cdef class RackKeeps:
    cdef public object alphabet
    cdef public list slots, ordered, slot_counts
    cdef public object counts, radix, values
    cdef public Py_ssize_t size, full, best_keep, best_ties
    cdef public double best

    @cython.locals(size=Py_ssize_t, slot=Py_ssize_t, count=Py_ssize_t)
    cpdef number(self, object order)
    cpdef summarise(self)


cpdef object table_keeps(DenseLeaves dense, object alphabet, object rack)


@cython.locals(keeps=RackKeeps, number=list, tiles=list, slot=int, found=int)
cpdef object table_keeps_of_counts(DenseLeaves dense, object alphabet, list slot_counts)
