"""A word list by the name a request gives: found among the offered names, refused clearly."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordgames.errors import LexiconError
from wordgames.serialization.lexicons import named_source


def test_a_shipped_name_is_found_in_any_case() -> None:
    assert named_source("ENABLE.txt", "the CGP", "remedy").name == "enable.txt"


def test_an_unknown_name_is_refused_listing_the_offered_ones(tmp_path: Path) -> None:
    offered = {"mine": tmp_path / "mine.txt", "yours": tmp_path / "yours.txt"}
    with pytest.raises(LexiconError) as refused:
        named_source("CSW24", "the GCG", "choose one", offered)
    assert str(refused.value) == (
        "the GCG names the lexicon 'CSW24', which is not a known name (mine, yours): choose one"
    )


def test_a_name_is_never_a_path() -> None:
    with pytest.raises(LexiconError, match="'/etc/passwd', which is not a known name"):
        named_source("/etc/passwd", "the CGP", "remedy")
