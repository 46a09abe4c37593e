"""Helpers for tests that compare a compiled module with its pure-Python source in one process.

``compiled_and_pure("wordgames.wordsearch.searcher")`` gives the module as normally imported
(the extension, when the core is built) and the same module executed from its ``.py`` source
(see :func:`wordgames.compiled.load_pure`); a test that compares the two skips, with a reason,
where the module was not compiled (or WORDGAMES_PURE_PYTHON forces the sources), because both
would then be the source.  The movegen tests can use it the same way for their modules.
"""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

from wordgames.compiled import is_compiled, load_pure


def pure_module(name: str) -> ModuleType:
    """Module ``name`` (one of CYTHON_MODULES) run from its source, beside the compiled one."""
    return load_pure(name)


def compiled_and_pure(name: str) -> tuple[ModuleType, ModuleType]:
    """The compiled module ``name`` and its pure twin; skip when it is not compiled here."""
    module = importlib.import_module(name)
    if not is_compiled(module):
        pytest.skip(f"{name} is not compiled here (no extension built, or the pure core forced)")
    return module, pure_module(name)
