"""The worker pool: inline, local processes and a Dask cluster behind one interface."""

from __future__ import annotations

import builtins
import os
from typing import Any

import pytest

from wordgames.cluster import open_pool
from wordgames.errors import MissingDependencyError

_INSTALLED: dict[str, Any] = {}


def install(key: str, value: Any) -> None:
    _INSTALLED[key] = value


def read(key: str) -> tuple[Any, int]:
    return _INSTALLED.get(key), os.getpid()


def fail() -> None:
    raise ValueError("task failed")


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
