"""Helpers for tests that compare a compiled module with its pure-Python source in one process.

``compiled_and_pure("wordgames.wordsearch.searcher")`` gives the module as normally imported
(the extension, when the core is built) and the same module executed from its ``.py`` source
(see :func:`wordgames.compiled.load_pure`); a test that compares the two skips, with a reason,
where the module was not compiled (or WORDGAMES_PURE_PYTHON forces the sources), because both
would then be the source.  The movegen tests can use it the same way for their modules.
"""

from __future__ import annotations

import importlib
import sys
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


def interpreted_chain(names: tuple[str, ...]) -> list[ModuleType]:
    """Modules ``names`` (each extending classes of the ones before it) all run from their
    sources: while each loads, the normal names of the ones before it point at their pure
    twins, so an interpreted class never extends a compiled one.  Loaded once per process."""
    loaded: list[ModuleType] = []
    normal = {name: sys.modules.get(name) for name in names}
    try:
        for name in names:
            loaded.append(load_pure(name))
            sys.modules[name] = loaded[-1]
    finally:
        for name, module in normal.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
    for module in loaded:
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ in names:
                for cls in value.__mro__[:-1]:
                    assert not is_compiled(sys.modules[cls.__module__]), cls
    return loaded
