"""The bag: seeded and fixed-order draws, FIT1045 deal files, putting tiles back, saved state."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import shared_file

from wordgames.errors import FormatError
from wordgames.scrabble import BLANK, STANDARD_ENGLISH, Bag


def test_fixed_deal_order_follows_the_file() -> None:
    bag = Bag.from_deal_file(shared_file("formats/fit1045/tiles.txt"))
    assert len(bag) == 98
    assert bag.draw(7) == list("BSNOEUT")
    assert bag.draw(4) == list("EINA")
    assert len(bag) == 87


def test_deal_file_with_a_bad_tile(tmp_path: Path) -> None:
    path = tmp_path / "deal.txt"
    path.write_text("A\nBB\n")
    with pytest.raises(FormatError):
        Bag.from_deal_file(path)


def test_seeded_bags_repeat_and_differ_by_seed() -> None:
    first = [Bag.full(STANDARD_ENGLISH, seed=7).draw(7) for _ in range(2)]
    assert first[0] == first[1]
    assert Bag.full(STANDARD_ENGLISH, seed=8).draw(20) != Bag.full(STANDARD_ENGLISH, seed=7).draw(20)


def test_bag_runs_out_and_takes_tiles_back() -> None:
    bag = Bag("AB", fixed_order=True)
    assert bag.draw(5) == ["A", "B"]
    assert bag.draw(1) == []
    bag.put_back(["c", "D"])  # a played blank goes back as a blank
    assert bag.tiles == [BLANK, "D"]


def test_bag_state_round_trip_keeps_future_draws() -> None:
    bag = Bag.full(STANDARD_ENGLISH, seed=3)
    bag.draw(10)
    restored = Bag.from_state(bag.get_state())
    assert restored.draw(30) == bag.draw(30)
    with pytest.raises(FormatError):
        Bag.from_state({"tiles": []})
