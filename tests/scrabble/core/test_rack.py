"""The rack: parsing, adding and removing tiles, blanks."""

from __future__ import annotations

import pytest

from wordgames.errors import GameError, InvalidArgumentError
from wordgames.scrabble import BLANK, Rack


def test_rack_parse_add_remove() -> None:
    rack = Rack.parse("aei_?st")
    assert str(rack) == "AEIST??"
    assert len(rack) == 7
    assert rack.can_supply("SAt")  # lower case needs a blank
    assert not rack.can_supply("SSS")
    rack.remove(["S", "t"])
    assert str(rack) == "AEIT?"
    with pytest.raises(GameError, match="does not hold"):
        rack.remove("ZZ")
    assert str(rack) == "AEIT?", "a failed removal changes nothing"
    rack.add(["x"])
    assert rack.count(BLANK) == 2
    assert Rack.parse("ab") == Rack.parse("BA")


@pytest.mark.parametrize("text", ["AB3", "A-B", "A B"])
def test_rack_rejects_other_characters(text: str) -> None:
    with pytest.raises(InvalidArgumentError):
        Rack.parse(text)
