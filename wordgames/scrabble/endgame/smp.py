"""Helper searches for an endgame on several cores (Lazy SMP): while the main search deepens,
forked processes search the same position over the same shared transposition table (see
:mod:`.transposition`), each starting some plies deeper, so that the main search finds deeper
bounds and proofs in the table sooner.  The answer is the main search's alone: what the
helpers add is table entries, each as valid as one the main search would have stored, so a
proven value is the single process's value.  The helpers are killed when the main search ends.

Processes rather than threads because the search holds the interpreter's lock; forked
because each helper needs the search exactly as it stands (its board, its kernel, the
table's mapping), which nothing needs to copy or send.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from wordgames.cluster import can_fork


def can_help() -> bool:
    """Whether helper processes can be started here: processes fork, and this one is not a
    daemonic worker (which may not have children)."""
    return can_fork() and not multiprocessing.current_process().daemon


@contextmanager
def helpers(count: int, search: Callable[[int], Any]) -> Iterator[int]:
    """Run ``search(first)`` in ``count`` forked processes, helper ``k`` (from 1) with
    ``first = 1 + k`` (its first iteration's depth), for as long as the block runs; then kill
    them.  Yields how many were started (0 where :func:`can_help` is false).  Cost: a fork
    each (copy-on-write; a few milliseconds for a large search)."""
    started: list[Any] = []
    if count > 0 and can_help():
        context = multiprocessing.get_context("fork")
        for k in range(1, count + 1):
            process = context.Process(target=search, args=(1 + k,), daemon=True)
            process.start()
            started.append(process)
    try:
        yield len(started)
    finally:
        for process in started:
            process.kill()
        for process in started:
            process.join()
