"""Zeroed integer memory (:mod:`wordgames.memory`): it reads as zero, holds what is written at
both ends, and has the size and item width asked for, mapped, populated, in huge pages, or an
array."""

from __future__ import annotations

import ctypes
import multiprocessing
import os
from array import array
from pathlib import Path

import pytest

from wordgames.memory import HUGE_PAGE, IntTypecode, mapped_zeros


@pytest.mark.parametrize("populate", [False, True])
@pytest.mark.parametrize(("typecode", "count"), [("Q", 1 << 20), ("q", 3), ("i", 5000), ("i", 0)])
def test_mapped_zeros_are_zero_and_hold_what_is_written(typecode: IntTypecode, count: int,
                                                        populate: bool) -> None:
    memory = mapped_zeros(typecode, count, populate=populate)
    assert len(memory) == count and memoryview(memory).itemsize == array(typecode).itemsize
    if not count:
        return
    assert memory[0] == memory[count // 2] == memory[count - 1] == 0
    extreme = (1 << 64) - 1 if typecode == "Q" else -(1 << (8 * array(typecode).itemsize - 1))
    memory[count - 1] = extreme
    memory[0] = 7
    assert (memory[0], memory[count - 1]) == (7, extreme)
    assert sum(1 for value in memory if value) == (2 if count > 1 else 1)


@pytest.mark.parametrize("words", [1, 1000, HUGE_PAGE // 8 + 5])
def test_huge_page_memory_is_zeroed_and_holds_64_bit_words(words: int) -> None:
    """Large tables come in huge-page memory where the system has it, small ones as arrays:
    either way ``words`` zeroed, writable 64-bit words."""
    memory = mapped_zeros("Q", words, huge_pages=True)
    assert len(memory) == words and memoryview(memory).itemsize == 8
    assert not any(memory)
    memory[words - 1] = (1 << 64) - 1
    assert memory[words - 1] == (1 << 64) - 1 and (words == 1 or memory[0] == 0)


def _resident_bytes(address: int) -> int | None:
    """The resident bytes of this process's mapping that holds ``address`` (None where the
    system does not say)."""
    try:
        lines = Path("/proc/self/smaps").read_text().splitlines()
    except OSError:
        return None
    inside = False
    for line in lines:
        head = line.split()[0] if line.strip() else ""
        if "-" in head and not head.endswith(":"):
            start, end = (int(part, 16) for part in head.split("-"))
            inside = start <= address < end
        elif inside and head == "Rss:":
            return int(line.split()[1]) * 1024
    return None


@pytest.mark.parametrize("huge_pages", [False, True])
def test_populated_memory_is_present_before_any_write(huge_pages: bool) -> None:
    """``populate`` makes every page present at once, also in huge pages (where pages made
    present before the advice would be small ones, so they are written after it)."""
    words = 3 * HUGE_PAGE // 8 + 11
    memory = mapped_zeros("Q", words, populate=True, huge_pages=huge_pages)
    if not isinstance(memory, memoryview):
        pytest.skip("no memory mappings on this system: an array is present anyway")
    address = ctypes.addressof(ctypes.c_char.from_buffer(memory))
    resident = _resident_bytes(address)
    if resident is None:
        pytest.skip("the system does not report a mapping's resident memory")
    assert resident >= words * 8
    assert not any(memory[:: HUGE_PAGE // 8]) and memory[words - 1] == 0


def test_shared_memory_is_written_by_a_forked_process() -> None:
    """A shared mapping is the same memory in the processes forked after it: a child's write
    is read by its parent (a private one would keep it in the child's copy)."""
    if not hasattr(os, "fork"):
        pytest.skip("no fork on this system")
    shared = mapped_zeros("Q", 1000, shared=True)
    private = mapped_zeros("Q", 1000)
    child = multiprocessing.get_context("fork").Process(target=_write_last, args=(shared, private))
    child.start()
    child.join()
    assert child.exitcode == 0
    assert (shared[999], private[999]) == (41, 0)


def _write_last(shared: memoryview, private: memoryview) -> None:
    shared[999] = 41
    private[999] = 41
