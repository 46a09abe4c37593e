"""Zeroed integer memory for the engines' large tables, in anonymous memory mappings.

One place for what the Scrabble endgame's tables and the Boggle node table both need: a block
of zeroed integers whose pages the system hands over only as they are first written (so a
table sized for the longest search costs a short one only what it touches, and never needs
copying to grow), made present at once or in huge pages where that pays.  Where the system
has no such mappings, an ordinary zero-filled array.
"""

from __future__ import annotations

import contextlib
import mmap
from array import array
from typing import Literal

IntTypecode = Literal["b", "B", "h", "H", "i", "I", "l", "L", "q", "Q"]
"""The typecodes of the arrays of integers."""

HUGE_PAGE = 2 << 20
"""Bytes of a huge page (x86-64, Linux); a table smaller than one is not worth one."""


def mapped_zeros(typecode: IntTypecode, count: int, *, populate: bool = False,
                 huge_pages: bool = False, shared: bool = False) -> array[int] | memoryview[int]:
    """``count`` zeroed items of ``typecode`` (an array's typecode) in an anonymous private
    mapping, whose pages read as zero and take memory only when first written.

    With ``shared``, the mapping is shared instead: the processes forked after it is made
    write into the same memory and see each other's writes (for a table several processes
    search over); its pages are taken as they are first written, whatever the other options.

    With ``populate``, every page is made present at once (one system call where the system
    offers it; with ``huge_pages``, a write to each huge page after the advice, since pages
    made present before it would be small ones) instead of a page fault, or two (a read, then
    a write), as each page is first touched: for tables a search will soon touch all over.
    With ``huge_pages``, the mapping is rounded up to whole huge pages and advised to use them
    (a hint the system may refuse): for tables read all over, whose reads would otherwise also
    wait for page addresses the processor has not cached; a table smaller than
    :data:`HUGE_PAGE` stays an array.  Without such mappings, a zero-filled array.  Cost:
    O(1) (``populate``: zeroing the whole, in the kernel)."""
    private: int = getattr(mmap, "MAP_PRIVATE", -1)
    size = array(typecode).itemsize * count
    if shared and size:
        return memoryview(mmap.mmap(-1, size)).cast(typecode)  # shared is mmap's default
    if private < 0 or size == 0 or (huge_pages and size < HUGE_PAGE):
        return array(typecode, bytes(size))
    if populate and not huge_pages:
        private |= getattr(mmap, "MAP_POPULATE", 0)
    if not huge_pages:
        return memoryview(mmap.mmap(-1, size, flags=private)).cast(typecode)
    # Rounded up to whole huge pages, so that the table's end gets one too.
    memory = mmap.mmap(-1, -(-size // HUGE_PAGE) * HUGE_PAGE, flags=private)
    advice: int = getattr(mmap, "MADV_HUGEPAGE", -1)
    if advice >= 0:
        with contextlib.suppress(OSError):  # a hint: refused, the table works in small pages
            memory.madvise(advice)
    words = memoryview(memory).cast(typecode)
    if populate:
        # After the advice, not with MAP_POPULATE (which would fault small pages in first):
        # a write to each huge page makes it present.
        step = HUGE_PAGE // words.itemsize
        for at in range(0, len(words), step):
            words[at] = 0
    return words[:count]
