# C types for validate.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

ctypedef unsigned long long u64

ctypedef fused mask_t:
    unsigned int
    unsigned long long


@cython.locals(nodes=Py_ssize_t, node=Py_ssize_t, expected=Py_ssize_t, ends=Py_ssize_t,
               mask=u64, above=u64, bits=u64, letter_bits=u64, one=u64)
cpdef void check_prefix_tree(const mask_t[::1] masks, const unsigned int[::1] first, int letters,
                             Py_ssize_t words=*) except *
