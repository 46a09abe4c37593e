"""Fixtures of the word-search tests: the compiled and the interpreted core as one parameter."""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

from wordgames.compiled import is_compiled, load_pure

SEARCHER = "wordgames.wordsearch.searcher"
BOUNDS = "wordgames.wordsearch.bounds"


def core_module(name: str, core: str) -> ModuleType:
    """Module ``name`` as the compiled extension (skipped, with the reason, where it was not
    built or the pure core is forced) or run from its source."""
    if core == "interpreted":
        return load_pure(name)
    module = importlib.import_module(name)
    if not is_compiled(module):
        pytest.skip(f"{name} is not compiled here (no extension built, or the pure core forced)")
    return module


@pytest.fixture(scope="session", params=["compiled", "interpreted"])
def core(request: pytest.FixtureRequest) -> str:
    """Which core a test runs on; every test using it runs once for each."""
    return str(request.param)


@pytest.fixture(scope="session")
def searcher(core: str) -> ModuleType:
    """The Boggle search module on the core of the ``core`` parameter."""
    return core_module(SEARCHER, core)


@pytest.fixture(scope="session")
def bounds(core: str) -> ModuleType:
    """The board-class bounds module on the core of the ``core`` parameter (interpreted, with
    the interpreted search beneath it)."""
    if core == "compiled":
        core_module(SEARCHER, core)  # skips where the core is not built
        return core_module(BOUNDS, core)
    from compiled_support import interpreted_chain

    return interpreted_chain((SEARCHER, BOUNDS))[1]
