# C helpers for the Boggle kernel's compiled modules (searcher, layout, bounds), which cimport
# them: fixed-width integer types, the count of 1 bits and a prefetch hint.  Declarations
# only: each module's source has its own interpreted fallback.

cimport cython

ctypedef unsigned long long u64
ctypedef unsigned int u32
ctypedef long long i64
ctypedef unsigned char u8

cdef extern from *:
    """
    #if defined(__POPCNT__) || defined(__ARM_NEON)
    #define WORDGAMES_HARDWARE_POPCOUNT 1
    #define wordgames_popcount(bits) __builtin_popcountll(bits)
    #else
    #define WORDGAMES_HARDWARE_POPCOUNT 0
    #define wordgames_popcount(bits) 0
    #endif
    #if defined(__GNUC__) || defined(__clang__)
    #define wordgames_prefetch(address) __builtin_prefetch((const void *) (address))
    #else
    #define wordgames_prefetch(address) ((void) (address))
    #endif
    """
    bint WORDGAMES_HARDWARE_POPCOUNT
    int wordgames_popcount(u64 bits) noexcept nogil
    void wordgames_prefetch(const void *address) noexcept nogil

cdef inline int _count(u64 bits) noexcept:
    # The number of 1 bits of a 64-bit value (the child numbering): inline, its constants in
    # the instructions; one instruction where the processor has one and the build may use it.
    if WORDGAMES_HARDWARE_POPCOUNT:
        return wordgames_popcount(bits)
    bits = bits - ((bits >> 1) & <u64>0x5555555555555555)
    bits = (bits & <u64>0x3333333333333333) + ((bits >> 2) & <u64>0x3333333333333333)
    bits = (bits + (bits >> 4)) & <u64>0x0F0F0F0F0F0F0F0F
    return <int>((bits * <u64>0x0101010101010101) >> 56)

cdef inline void _prefetch(u64[::1] nodes, Py_ssize_t index) noexcept nogil:
    # A hint, not a read: the node a path will visit a level later is on its way meanwhile.
    # The index is in range (a slot that is not kept asks for a node of its parent's block
    # of children, or the one after it), so it is not checked.
    with cython.boundscheck(False), cython.wraparound(False):
        wordgames_prefetch(&nodes[index])
