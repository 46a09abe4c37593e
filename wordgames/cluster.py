"""Independent tasks on this machine's cores or on a Dask cluster, behind one interface.

>>> with open_pool(1) as pool:
...     pool.submit(pow, 2, 10).result()
1024

:func:`open_pool` gives a :class:`WorkerPool` whose :meth:`~WorkerPool.submit` returns a
:class:`concurrent.futures.Future` whatever runs the task:

* one worker and no scheduler: the task runs at once in this process (no pickling);
* several workers: a :class:`~concurrent.futures.ProcessPoolExecutor` (``fork`` where the
  system has it, so what the parent loaded is shared for free);
* a scheduler address (``tcp://host:8786``): the Dask cluster behind it, through
  ``distributed`` (the optional ``cluster`` extra: ``pip install 'wordgames[cluster]'``),
  used as an executor.

``setup(*setup_args)`` runs once in every worker before its first task (in this process for
one worker; as the pool's initializer for processes; as a Dask worker plugin on a cluster,
so workers that join later run it too): the place to install what every task needs, such as
a lexicon, instead of sending it with each task.  The module imports nothing of the engines;
engines and the CLI use it, and nothing here knows what a task does.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

from wordgames.errors import InvalidArgumentError, MissingDependencyError

Setup = Callable[..., None]


class _InlineExecutor(Executor):
    """Runs each task at once, in this process (one worker)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to whoever reads the result, as a pool does
            future.set_exception(error)
        return future


class WorkerPool:
    """A running pool of workers (see the module docstring); close it, or use ``with``."""

    def __init__(self, executor: Executor, close: Callable[[], None], workers: int) -> None:
        self.executor = executor
        """The executor itself, for callers that want its other methods."""
        self._close = close
        self.workers = workers
        """How many tasks run at once (a cluster's thread count when it was opened)."""

    def submit(self, function: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run ``function(*args)`` on some worker; the future of its result."""
        return self.executor.submit(function, *args)

    def close(self) -> None:
        """Stop the workers; tasks not started are cancelled."""
        self._close()

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _dask_pool(scheduler: str, setup: Setup | None, setup_args: tuple[Any, ...]) -> WorkerPool:
    try:
        from distributed import Client
        from distributed.diagnostics.plugin import WorkerPlugin
    except ImportError:
        raise MissingDependencyError(
            "--scheduler needs Dask: pip install 'wordgames[cluster]'") from None

    class _Setup(WorkerPlugin):
        """Runs the pool's setup on each worker, those that join later included."""

        name = "wordgames-setup"

        def setup(self, worker: object) -> None:
            if setup is not None:
                setup(*setup_args)

    try:
        client = Client(scheduler, timeout=30)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise InvalidArgumentError(f"cannot reach the Dask scheduler {scheduler!r} ({error})") from None
    if setup is not None:
        client.register_plugin(_Setup())
    threads = sum(client.nthreads().values()) or 1  # type: ignore[no-untyped-call]
    executor = client.get_executor()  # type: ignore[no-untyped-call]
    return WorkerPool(executor, client.close, threads)


def open_pool(
    workers: int, scheduler: str | None = None, *, setup: Setup | None = None,
    setup_args: tuple[Any, ...] = (),
) -> WorkerPool:
    """A pool of ``workers`` local workers, or of the Dask cluster at ``scheduler`` (then
    ``workers`` is ignored).  MissingDependencyError when a scheduler is given without the
    ``distributed`` package; InvalidArgumentError when it cannot be reached."""
    if scheduler is not None:
        return _dask_pool(scheduler, setup, setup_args)
    if workers <= 1:
        if setup is not None:
            setup(*setup_args)
        return WorkerPool(_InlineExecutor(), lambda: None, 1)
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=setup,
                               initargs=setup_args)
    return WorkerPool(pool, lambda: pool.shutdown(cancel_futures=True), workers)
