"""Where batch work runs: in this process, on local worker processes, or on a Dask cluster.

Long measurements (self-play for leave tables and win models, seat-swapped pairs) cut their
work into independent tasks and hand them to a :class:`WorkPool`: none (``workers`` 1, the
tasks run inline), a :class:`~concurrent.futures.ProcessPoolExecutor` of local processes,
or the executor of a Dask ``distributed`` client connected to a scheduler (the ``cluster``
extra: ``pip install 'wordgames[cluster]'``), so that a run goes past one machine.  Dask is
the tool made for this (task scheduling, data transfer, worker failures); nothing here
re-implements it.

Local processes may be forked (``fork=True``) so that they inherit what the parent has
loaded (a lexicon, registered strategies) instead of receiving it with each task; a
cluster's workers inherit nothing, so work sent to a :attr:`WorkPool.remote` pool must be
picklable and carry (or know how to load) everything it needs.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from types import TracebackType
from typing import Any, TypeVar

from wordgames.errors import MissingDependencyError


@dataclass
class WorkPool:
    """An executor for a batch of tasks (None: run them inline) and how to release it;
    ``remote`` is True for a cluster (tasks and their arguments travel pickled).  A context
    manager: leaving it closes the pool (local pending tasks are cancelled)."""

    executor: Executor | None
    remote: bool
    close: Callable[[], None]

    def __enter__(self) -> WorkPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def can_fork() -> bool:
    """Whether this platform starts processes by forking (they then inherit the parent)."""
    return "fork" in multiprocessing.get_all_start_methods()


def work_pool(workers: int, scheduler: str | None = None, *, fork: bool = False) -> WorkPool:
    """The pool for ``workers`` local processes (1: inline), or for the Dask scheduler at
    ``scheduler`` (``tcp://host:8786``; ``workers`` is then ignored: the cluster has its
    own).  ``fork`` starts local processes by forking (ValueError where the platform cannot).
    MissingDependencyError when a scheduler is given and Dask is not installed; Dask's own
    error (OSError, TimeoutError) when the scheduler cannot be reached."""
    if scheduler is not None:
        client = dask_client(scheduler)
        return WorkPool(client.get_executor(), True, client.close)
    if workers <= 1:
        return WorkPool(None, False, lambda: None)
    context = multiprocessing.get_context("fork") if fork else None
    pool = ProcessPoolExecutor(workers, mp_context=context)
    return WorkPool(pool, False, lambda: pool.shutdown(cancel_futures=True))


def dask_client(scheduler: str) -> Any:
    """A ``distributed.Client`` connected to ``scheduler``; MissingDependencyError without
    the ``cluster`` extra."""
    try:
        from distributed import Client
    except ImportError:
        raise MissingDependencyError("--scheduler needs Dask: pip install 'wordgames[cluster]'") from None
    return Client(scheduler)  # type: ignore[no-untyped-call]


Job = TypeVar("Job")
Result = TypeVar("Result")


def in_order(executor: Executor | None, function: Callable[[Job], Result], jobs: Sequence[Job],
             first: int = 0) -> Iterator[tuple[int, Result]]:
    """``(index, function(job))`` for ``jobs[first:]``, in index order: run inline without
    an executor, else all submitted at once and collected in order (so totals merged as
    they come are the same whatever the executor)."""
    if executor is None:
        for index in range(first, len(jobs)):
            yield index, function(jobs[index])
        return
    futures: dict[int, Future[Result]] = {index: executor.submit(function, jobs[index])
                                          for index in range(first, len(jobs))}
    for index in range(first, len(jobs)):
        yield index, futures.pop(index).result()
