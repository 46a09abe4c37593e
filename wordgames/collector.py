"""The engine and Python's cyclic garbage collector.

Reference counting frees everything the searches make (they make no reference cycles), but
the cyclic collector still runs every few hundred allocations, and now and then a *full*
collection walks every container in the process.  A process holding a large lexicon holds
hundreds of thousands of keys in its lists and sets; each full collection touches them all,
tens of milliseconds per lexicon and more than a second in a process holding many.  Inside a
time budget that is an overrun the search cannot see coming, so the timed searches (the
endgame, the pre-endgame, the simulation, the inference, the computer players' decisions)
run inside :func:`older_objects_set_aside`, and bulk builds of move objects inside
:func:`collector_paused`.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0
_froze = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building many objects that make no cycles:
    each few hundred of them would start a collection that walks the young objects.
    Reference counting still frees everything; the collector resumes as it was."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextmanager
def older_objects_set_aside() -> Iterator[None]:
    """Run the block with the objects that exist when it starts out of the collector's sight
    (``gc.freeze()``): collections inside it walk only what it makes, so a full collection
    of the whole heap cannot land inside a time budget.  The collector keeps running for the
    block's own garbage.  Nested and concurrent blocks share one freeze, which the last to
    leave undoes (``gc.unfreeze()``); a program that froze objects itself keeps its freeze
    (the block then sets nothing aside).  Cost: constant (two list splices)."""
    global _depth, _froze
    with _lock:
        if _depth == 0:
            _froze = gc.get_freeze_count() == 0
            if _froze:
                gc.freeze()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _froze:
                gc.unfreeze()
                _froze = False
