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
a lexicon, instead of sending it with each task.  Local processes are forked where the
system can (:func:`can_fork`), so they also inherit what the parent set up before opening
the pool; a cluster's workers inherit nothing (:attr:`WorkerPool.remote`): what runs there
travels pickled.  :func:`in_order` collects a batch's results in the order of its jobs, so
totals merged as they come are the same whatever runs them.

A worker that dies (killed by a signal, by the system when memory runs out, or exiting
mid-task) fails the job with one :class:`~wordgames.errors.WorkerError` naming how it ended,
whatever runs the pool: the futures a pool hands out carry that error instead of
``BrokenProcessPool`` (local processes) or ``KilledWorker`` (Dask).  The module imports
nothing of the engines; engines and the CLI use it, and nothing here knows what a task does.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import wait
from typing import Any, TypeVar

from wordgames.errors import InvalidArgumentError, MissingDependencyError, WorkerError

Setup = Callable[..., None]

Translate = Callable[[BaseException], BaseException]
"""What a pool makes of a task's error: a lost worker's error becomes a WorkerError, any other
error is returned unchanged."""


class _InlineExecutor(Executor):
    """Runs each task at once, in this process (one worker)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to whoever reads the result, as a pool does
            future.set_exception(error)
        return future


class _Relay(Future[Any]):
    """The future of a task as a pool hands it out: it follows the executor's future, with a
    lost worker's error translated; cancelling it cancels the task itself."""

    def __init__(self, inner: Future[Any], translate: Translate) -> None:
        super().__init__()
        self._inner = inner
        self._translate = translate
        inner.add_done_callback(self._follow)

    def cancel(self) -> bool:
        return self._inner.cancel()  # when it is cancelled, _follow cancels this one too

    def running(self) -> bool:
        return self._inner.running()

    def _follow(self, inner: Future[Any]) -> None:
        if inner.cancelled():
            super().cancel()
            return
        error = inner.exception()
        if error is None:
            self.set_result(inner.result())
        else:
            translated = self._translate(error)
            if translated is not error:
                translated.__cause__ = error  # for a Python caller's traceback
            self.set_exception(translated)


class WorkerPool:
    """A running pool of workers (see the module docstring); close it, or use ``with``."""

    def __init__(self, executor: Executor, close: Callable[[], None], workers: int, *,
                 inline: bool = False, remote: bool = False,
                 translate: Translate | None = None) -> None:
        self.executor = executor
        """The executor itself, for callers that want its other methods (their futures
        carry the executor's own errors: a lost worker is not translated there)."""
        self._close = close
        self._translate = translate
        self.workers = workers
        """How many tasks run at once (a cluster's thread count when it was opened)."""
        self.inline = inline
        """True when tasks run in this process, each as it is submitted (one worker)."""
        self.remote = remote
        """True on a cluster: tasks and their arguments travel pickled, and its workers
        inherit nothing from this process."""

    def submit(self, function: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run ``function(*args)`` on some worker; the future of its result (a WorkerError
        when the worker running it, or any worker of a local pool, died)."""
        if self._translate is None:
            return self.executor.submit(function, *args)
        try:
            inner = self.executor.submit(function, *args)
        except BrokenProcessPool as error:  # a worker died before this task was submitted
            raise self._translate(error) from error
        return _Relay(inner, self._translate)

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
        from distributed.scheduler import KilledWorker
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

    def translate(error: BaseException) -> BaseException:
        # KilledWorker: the workers running a task kept dying until the scheduler gave up
        if not isinstance(error, KilledWorker):
            return error
        worker = getattr(error.last_worker, "address", None)
        where = f", last on {worker}" if worker else ""
        return WorkerError(f"Dask workers died running a task (killed or out of memory{where}); "
                           "the workers' logs say why")

    return WorkerPool(executor, client.close, threads, remote=True, translate=translate)


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
        return WorkerPool(_InlineExecutor(), lambda: None, 1, inline=True)
    context = multiprocessing.get_context("fork" if can_fork() else "spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=setup,
                               initargs=setup_args)

    def translate(error: BaseException) -> BaseException:
        if not isinstance(error, BrokenProcessPool):
            return error
        return WorkerError(f"a worker process died ({_how_it_ended(pool)}); the job was stopped")

    return WorkerPool(pool, lambda: pool.shutdown(cancel_futures=True), workers,
                      translate=translate)


def _how_it_ended(pool: ProcessPoolExecutor) -> str:
    """How the dead worker of a broken ``pool`` ended, in words.  Read while the pool fails
    its tasks, before it stops its other workers (which are then still running; later they
    have ended by the pool's SIGTERM, so another ending is preferred); this looks at the
    executor's table of processes, where CPython keeps them."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    codes = []
    try:
        # a dead worker's sentinel is ready a moment before the system can report its exit
        ended = set(wait([process.sentinel for process in processes], timeout=0))
        for process in processes:
            if process.sentinel in ended:
                process.join(timeout=1.0)
                if process.exitcode is not None:
                    codes.append(process.exitcode)
    except (ValueError, OSError):  # a process object already closed
        pass
    if not codes:
        return "how it ended is not known"
    code = min(codes, key=lambda code: code == -signal.SIGTERM)
    if code >= 0:
        return f"exit code {code}"
    try:
        name = signal.Signals(-code).name
    except ValueError:
        name = f"signal {-code}"
    why = ", often the system running out of memory" if name == "SIGKILL" else ""
    return f"killed by {name}{why}"


def can_fork() -> bool:
    """Whether local worker processes are forked here (they then inherit what this process
    has loaded); where they are not, callers that rely on it run in one process."""
    return "fork" in multiprocessing.get_all_start_methods()


Job = TypeVar("Job")
Result = TypeVar("Result")


def in_order(pool: WorkerPool, function: Callable[[Job], Result], jobs: Sequence[Job],
             first: int = 0) -> Iterator[tuple[int, Result]]:
    """``(index, function(job))`` for ``jobs[first:]``, in index order: one at a time as
    they are asked for on an inline pool, else all submitted at once and collected in
    order (so totals merged as they come are the same whatever runs them)."""
    if pool.inline:
        for index in range(first, len(jobs)):
            yield index, function(jobs[index])
        return
    futures: dict[int, Future[Result]] = {index: pool.submit(function, jobs[index])
                                          for index in range(first, len(jobs))}
    for index in range(first, len(jobs)):
        yield index, futures.pop(index).result()
