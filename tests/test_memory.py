"""Zeroed integer memory (:mod:`wordgames.memory`): it reads as zero, holds what is written at
both ends, and has the size and item width asked for, mapped, populated, in huge pages, or an
array."""

from __future__ import annotations

from array import array

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
