"""Fixtures shared by the Scrabble test packages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from external_support import InProcess


@pytest.fixture(scope="module")
def external() -> Iterator[InProcess]:
    """The other engines' cases (``../shared/external``) judged with the command run in this
    process, one context per test module."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        context = InProcess(monkeypatch)
        yield context
        context.close()
