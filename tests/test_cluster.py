"""The worker pool: inline, local processes and a Dask cluster behind one interface."""

from __future__ import annotations

import builtins
import os
import signal
import time
from typing import Any

import pytest

from wordgames.cluster import can_fork, open_pool
from wordgames.errors import MissingDependencyError, WorkerError

_INSTALLED: dict[str, Any] = {}


def install(key: str, value: Any) -> None:
    _INSTALLED[key] = value


def read(key: str) -> tuple[Any, int]:
    return _INSTALLED.get(key), os.getpid()


def fail() -> None:
    raise ValueError("task failed")


def kill_this_worker() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def exit_this_worker() -> None:
    os._exit(3)


needs_fork = pytest.mark.skipif(not can_fork(), reason="these workers die by forking a test's function")


def test_one_worker_runs_setup_and_tasks_here() -> None:
    with open_pool(1, setup=install, setup_args=("one", 1)) as pool:
        value, pid = pool.submit(read, "one").result()
        assert (value, pid, pool.workers) == (1, os.getpid(), 1)
        with pytest.raises(ValueError, match="task failed"):
            pool.submit(fail).result()


def test_processes_run_setup_in_each_worker() -> None:
    with open_pool(2, setup=install, setup_args=("two", 2)) as pool:
        results = [pool.submit(read, "two").result() for _ in range(6)]
    assert {value for value, _ in results} == {2}
    assert all(pid != os.getpid() for _, pid in results)


def test_a_dask_cluster_runs_setup_on_its_workers() -> None:
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                       dashboard_address=":0")
    with cluster, open_pool(1, cluster.scheduler_address, setup=install, setup_args=("dask", 3)) as pool:
        assert pool.workers == 1
        assert pool.submit(read, "dask").result()[0] == 3


def test_a_scheduler_without_dask_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_distributed(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("distributed"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_distributed)
    with pytest.raises(MissingDependencyError, match="cluster"):
        open_pool(1, "tcp://127.0.0.1:1")


@needs_fork
def test_a_worker_killed_by_a_signal_is_one_worker_error() -> None:
    with open_pool(2) as pool:
        assert pool.submit(pow, 2, 3).result() == 8
        # the other tasks outlast any delay in noticing the death (a loaded machine took
        # more than 0.2 s); the broken pool stops their worker, so nobody waits for them
        futures = [pool.submit(kill_this_worker)] + [pool.submit(time.sleep, 60) for _ in range(3)]
        for future in futures:
            with pytest.raises(WorkerError, match=r"^a worker process died \(killed by SIGKILL"):
                future.result()
        with pytest.raises(WorkerError, match="a worker process died"):  # the pool is broken now
            pool.submit(pow, 2, 3)


@needs_fork
def test_a_worker_that_exits_is_a_worker_error_with_its_exit_code() -> None:
    with open_pool(2) as pool, pytest.raises(WorkerError, match=r"died \(exit code 3\)"):
        pool.submit(exit_this_worker).result()


def test_a_task_error_is_not_a_worker_error() -> None:
    with open_pool(2) as pool:
        with pytest.raises(ValueError, match="task failed"):
            pool.submit(fail).result()
        assert pool.submit(pow, 3, 2).result() == 9  # the pool still works


def test_cancelling_a_pooled_task_that_has_not_started_cancels_it() -> None:
    with open_pool(2) as pool:
        futures = [pool.submit(time.sleep, 0.3) for _ in range(6)]
        assert futures[-1].cancel() and futures[-1].cancelled() and not futures[-1].running()
        assert [future.result() for future in futures[:-1]] == [None] * 5


def test_a_dask_worker_that_keeps_dying_is_one_worker_error() -> None:
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    dask = pytest.importorskip("dask")
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                           dashboard_address=":0")
        with (cluster, open_pool(1, cluster.scheduler_address) as pool,
              pytest.raises(WorkerError, match="Dask workers died running a task")):
            pool.submit(kill_this_worker).result(timeout=120)
