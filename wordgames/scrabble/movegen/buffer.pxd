# C types for buffer.py when Cython compiles it (pure-Python mode: the .py is the source;
# this file only declares).  See wordgames/compiled.py and setup.py.

cimport cython

from wordgames.scrabble.movegen.board_arrays cimport u64, i64

cdef int R_SCORE, R_ACROSS, R_LINE, R_FIRST, R_LAST, R_TILES, R_NEW


# Final: the search's state is this one object; the algorithms are module functions.
@cython.final
cdef class WorkingBuffer:
    # the lexicon and scoring
    cdef public u64[::1] masks
    cdef public unsigned int[::1] first
    cdef public unsigned char[::1] height
    cdef public int letter_count
    cdef public u64 full
    cdef public i64[::1] values
    cdef public int hand_size
    cdef public i64 bingo
    # the board
    cdef public object board
    cdef public Py_ssize_t squares, rows, cols
    cdef public int[::1] tile, full_tile, cross_length, anchor, next_square
    cdef public i64[::1] tile_points, cross_points, lm, wm, run_points
    cdef public u64[::1] cross
    # the rack
    cdef public int[::1] rack, counts
    cdef public int rack_size, blanks_on_rack
    cdef public u64 held_all, playable_all
    cdef public i64 max_value
    # where the search is
    cdef public int across, line, length, last, start
    cdef public Py_ssize_t line_base
    cdef public int[::1] word
    # the left parts
    cdef public u64[::1] lp_masks, leads
    cdef public i64[::1] lp_fields, by_level, level_start
    cdef public Py_ssize_t prefixes, lead_slots
    cdef public int depth
    cdef public int[::1] lead_slot
    cdef public unsigned char[::1] lead_done
    # blank designation
    cdef public int[::1] uses, offsets, chosen, flags
    cdef public i64[::1] losses
    # the bounds of the best-move search
    cdef public bint bounded
    cdef public i64[::1] most_points, most_mult, most_cross, most_lm
    # the records
    cdef public i64[::1] records
    cdef public unsigned char[::1] tiles
    cdef public Py_ssize_t count, used_tiles
    cdef public int keep
    cdef public i64[::1] top
    cdef public i64 threshold
    # ranking by equity
    cdef public bint by_equity
    cdef public double[::1] keep_values, top_equity, equities
    cdef public i64[::1] radix
    cdef public i64 full_index
    cdef public double best_keep
    cdef public double[::1] size_best
    cdef public i64[::1] ranks, rank_tiles, rank_sums, keep_places, shadow_lm, shadow_cross
    # the best-first order of anchors
    cdef public double[::1] anchor_bounds
    cdef public i64[::1] anchor_squares
    # the pool the buffer goes back to
    cdef public object pool

    cpdef use_board(self, object state)
