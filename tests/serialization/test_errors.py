"""Errors as JSON, and messages that never reveal where the program is installed."""

from __future__ import annotations

from pathlib import Path

import wordgames
from wordgames.serialization.errors import error_json, public_message

PACKAGE = Path(wordgames.__file__).resolve().parent


def test_the_error_shape() -> None:
    assert error_json("bad rack") == {"error": "bad rack"}


def test_install_folders_are_taken_out_of_messages() -> None:
    shipped = PACKAGE / "lexicon" / "data" / "enable.txt"
    message = public_message(f"{shipped}: line 3: not a word; see '{PACKAGE / 'web'}/static'")
    assert str(PACKAGE) not in message and str(PACKAGE.parent) not in message
    assert message.startswith("enable.txt: line 3: not a word")


def test_other_messages_are_kept_as_they_are() -> None:
    text = "the CGP names the lexicon 'x/y', which is not a known name (enable): choose one"
    assert public_message(text) == text
    assert public_message(ValueError("a b")) == "a b"
