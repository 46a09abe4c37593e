"""The engine's use of the cyclic garbage collector (wordgames.collector)."""

from __future__ import annotations

import gc
import threading

import pytest

from wordgames.collector import collector_paused, older_objects_set_aside


def test_a_block_sets_the_older_objects_aside_and_gives_them_back() -> None:
    assert gc.get_freeze_count() == 0
    kept = [[index] for index in range(1000)]
    with older_objects_set_aside():
        assert gc.get_freeze_count() >= len(kept)
        young = [[index] for index in range(10)]
        assert all(gc.is_tracked(item) for item in young)
    assert gc.get_freeze_count() == 0
    assert kept[999] == [999]


def test_garbage_made_inside_the_block_is_still_collected() -> None:
    with older_objects_set_aside():
        cycle: list[object] = []
        cycle.append(cycle)
        del cycle
        assert gc.collect() >= 1


def test_nested_blocks_share_one_freeze_until_the_outermost_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    # Counted on gc.freeze and gc.unfreeze themselves, not on the frozen count: that count can
    # fall by itself while the block runs (a frozen object another thread frees).
    calls: list[str] = []
    freeze, unfreeze = gc.freeze, gc.unfreeze
    monkeypatch.setattr(gc, "freeze", lambda: (calls.append("freeze"), freeze())[1])
    monkeypatch.setattr(gc, "unfreeze", lambda: (calls.append("unfreeze"), unfreeze())[1])
    with older_objects_set_aside():
        assert gc.get_freeze_count() > 0
        with older_objects_set_aside():
            pass
        assert calls == ["freeze"]  # the inner block neither froze again nor undid the freeze
        assert gc.get_freeze_count() > 0
    assert calls == ["freeze", "unfreeze"]
    assert gc.get_freeze_count() == 0


def test_concurrent_blocks_leave_nothing_frozen() -> None:
    started = threading.Barrier(4)

    def search() -> None:
        started.wait()
        for _ in range(200):
            with older_objects_set_aside():
                [object() for _ in range(10)]

    threads = [threading.Thread(target=search) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert gc.get_freeze_count() == 0


def test_a_programs_own_freeze_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    # Whether the block undoes the freeze is asked of gc.unfreeze itself: the frozen count can
    # fall by itself (a frozen object another thread frees, as a parallel test runner's does).
    calls: list[None] = []
    gc.freeze()
    try:
        monkeypatch.setattr(gc, "unfreeze", lambda: calls.append(None))
        with older_objects_set_aside():
            pass
        assert calls == []
        assert gc.get_freeze_count() > 0
    finally:
        monkeypatch.undo()
        gc.unfreeze()


def test_an_error_inside_a_block_still_gives_the_objects_back() -> None:
    try:
        with older_objects_set_aside():
            raise KeyError("inside")
    except KeyError:
        pass
    assert gc.get_freeze_count() == 0


def test_the_collector_resumes_as_it_was() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
