"""The compiled core: which modules are compiled, the switch that turns them off, and a report.

The modules named in :data:`CYTHON_MODULES` are ordinary ``.py`` files that Cython compiles, in
its pure-Python mode, when the package is installed (``setup.py`` reads the list from this
file).  An installed compiled module sits beside its source as an extension
(``searcher.cpython-311-x86_64-linux-gnu.so`` next to ``searcher.py``), and Python's import
system prefers the extension.  Where no extension was built (no C compiler or no Cython at
install time) the source is imported, and everything works the same, only slower.

Setting ``WORDGAMES_PURE_PYTHON=1`` (any value but empty or ``0``) before ``wordgames`` is
first imported forces the sources: :func:`install_switch` puts a finder in front of the import
system that loads the ``.py`` file of each listed module.  :func:`core_info` says which core is
in use and why; :func:`load_pure` loads one listed module from its source beside the compiled
one, for tests that compare the two in one process.

This module imports nothing from the rest of the package (``wordgames/__init__.py`` installs
the switch before anything else is imported).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

CYTHON_MODULES: tuple[str, ...] = (
    "wordgames.wordsearch.layout",
    "wordgames.wordsearch.reader",
    "wordgames.wordsearch.searcher",
    "wordgames.wordsearch.bounds",
    "wordgames.scrabble.core.placement",
    "wordgames.scrabble.core.move",
    "wordgames.scrabble.leaves.dense",
    "wordgames.scrabble.leaves.keeps",
    "wordgames.scrabble.movegen.board_arrays",
    "wordgames.scrabble.movegen.buffer",
    "wordgames.scrabble.movegen.equity",
    "wordgames.scrabble.movegen.records",
    "wordgames.scrabble.movegen.kernel",
    "wordgames.scrabble.movegen.convert",
    "wordgames.scrabble.movegen.generator",
    "wordgames.scrabble.endgame.move_cache",
    "wordgames.scrabble.endgame.word_prune",
    "wordgames.scrabble.endgame.search_state",
    "wordgames.scrabble.endgame.killer_judge",
    "wordgames.scrabble.endgame.transposition",
    "wordgames.scrabble.endgame.move_order",
    "wordgames.scrabble.endgame.negamax",
)
"""The modules compiled with Cython at install time (dotted names, each a ``.py`` file of the
package), each after the modules it imports (so the tests can load them all from source as
one chain).  ``setup.py`` reads this tuple literally (keep it a literal tuple of strings)."""

PURE_VARIABLE = "WORDGAMES_PURE_PYTHON"
"""The environment variable that forces the pure-Python sources of :data:`CYTHON_MODULES`."""

_PURE_SUFFIX = "__pure"


def pure_forced() -> bool:
    """Whether ``WORDGAMES_PURE_PYTHON`` asks for the pure-Python core (set, not empty, not 0)."""
    return os.environ.get(PURE_VARIABLE, "").strip() not in ("", "0")


def _source_spec(fullname: str, path: Sequence[str] | None, name: str | None = None) -> (
    importlib.machinery.ModuleSpec | None
):
    """The spec of ``fullname``'s ``.py`` source (under ``name`` if given), found where the
    normal import system would find the module; None when there is no source file."""
    spec = importlib.machinery.PathFinder.find_spec(fullname, path)
    if spec is None or spec.origin is None:
        return None
    source = Path(spec.origin).with_name(fullname.rpartition(".")[2] + ".py")
    if not source.is_file():
        return None
    return importlib.util.spec_from_file_location(name or fullname, source)


class _PureFinder(importlib.abc.MetaPathFinder):
    """Finds the ``.py`` source of each compiled module, ahead of the extension."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The source's spec for a module of :data:`CYTHON_MODULES`, else None (not ours)."""
        if fullname not in CYTHON_MODULES:
            return None
        return _source_spec(fullname, path)


def install_switch() -> None:
    """Force the pure-Python sources when ``WORDGAMES_PURE_PYTHON`` says so (idempotent), and
    otherwise warn (:class:`StaleExtensionWarning`) when an extension built in place is older
    than its source.  Modules already imported stay as they are, so this runs first in
    ``wordgames``."""
    if pure_forced():
        if not any(isinstance(finder, _PureFinder) for finder in sys.meta_path):
            sys.meta_path.insert(0, _PureFinder())
        return
    stale = stale_extensions()
    if stale:
        warnings.warn(StaleExtensionWarning(stale_message(stale)), stacklevel=2)


class StaleExtensionWarning(UserWarning):
    """A compiled module built in place is older than its ``.py`` or ``.pxd``: the process
    would run the old code."""


_PACKAGE_ROOT = Path(__file__).resolve().parent


def stale_extensions(package: Path = _PACKAGE_ROOT) -> list[str]:
    """The modules of :data:`CYTHON_MODULES` whose extension beside the source in
    ``package`` (the ``wordgames`` folder) is older than the module's ``.py``, its ``.pxd`` or
    a ``.pxd`` of the package that its ``.pxd`` cimports.
    Only a source checkout is looked at (a ``setup.py`` beside the package): an installed
    package's files all date from its installation.  Cost: a few ``stat`` calls a module."""
    if not (package.parent / "setup.py").is_file():
        return []
    stale = []
    for name in CYTHON_MODULES:
        source = package.joinpath(*name.split(".")[1:]).with_suffix(".py")
        built = [
            extension.stat().st_mtime
            for suffix in importlib.machinery.EXTENSION_SUFFIXES
            if (extension := source.with_name(source.stem + suffix)).is_file()
        ]
        declared = source.with_suffix(".pxd")
        sources = [path.stat().st_mtime for path in (source, declared, *_cimported(declared, package))
                   if path.is_file()]
        if built and sources and max(built) < max(sources):
            stale.append(name)
    return stale


def _cimported(pxd: Path, package: Path) -> list[Path]:
    """The package's ``.pxd`` files that ``pxd`` cimports (``from wordgames.x cimport ...``):
    an edit to one changes the C of every module that cimports it."""
    if not pxd.is_file():
        return []
    found = []
    for line in pxd.read_text(encoding="utf-8", errors="replace").splitlines():
        words = line.split()
        if (len(words) >= 4 and words[0] == "from" and words[2] == "cimport"
                and words[1].startswith("wordgames.")):
            found.append(package.joinpath(*words[1].split(".")[1:]).with_suffix(".pxd"))
    return found


def stale_message(stale: Sequence[str]) -> str:
    """What to do about stale extensions."""
    return (
        f"compiled modules older than their source, so they would run old code: {', '.join(stale)}; "
        f"rebuild them (python setup.py build_ext --inplace) or set {PURE_VARIABLE}=1"
    )


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension rather than its source."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def load_pure(name: str) -> ModuleType:
    """Module ``name`` (one of :data:`CYTHON_MODULES`) executed from its ``.py`` source, as a
    separate module object named ``name + "__pure"``, whatever the normal import gives; loaded
    once per process.  ValueError for a name not in the list or without a source file."""
    if name not in CYTHON_MODULES:
        raise ValueError(f"{name!r} is not a compiled module (see CYTHON_MODULES)")
    pure_name = name + _PURE_SUFFIX
    if pure_name in sys.modules:
        return sys.modules[pure_name]
    package = importlib.import_module(name.rpartition(".")[0])
    spec = _source_spec(name, getattr(package, "__path__", None), pure_name)
    if spec is None or spec.loader is None:
        raise ValueError(f"no source file for {name!r}")
    module = importlib.util.module_from_spec(spec)
    # Registered before it runs, as the import system does (dataclasses look themselves up).
    sys.modules[pure_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[pure_name]
        raise
    return module


@dataclass(frozen=True)
class CoreInfo:
    """Which core is in use: ``core`` is ``"compiled"``, ``"pure"`` or ``"partial"``."""

    core: str
    reason: str
    modules: dict[str, bool]
    """Each module of :data:`CYTHON_MODULES`: whether it is the compiled one."""

    def as_dict(self) -> dict[str, object]:
        """The report as JSON-ready data."""
        return {"core": self.core, "reason": self.reason, "modules": dict(self.modules)}

    def __str__(self) -> str:
        return f"{self.core} core ({self.reason})"


def core_info() -> CoreInfo:
    """Which core is in use and why: forced pure by the variable, pure because no extension
    was built, compiled, or partly compiled.  Imports the modules of the list."""
    modules = {name: is_compiled(importlib.import_module(name)) for name in CYTHON_MODULES}
    compiled = sum(modules.values())
    if compiled == len(modules):
        return CoreInfo("compiled", f"{compiled} of {len(modules)} modules compiled", modules)
    if pure_forced():
        return CoreInfo("pure", f"forced by {PURE_VARIABLE}=1", modules)
    missing = ", ".join(name for name, done in modules.items() if not done)
    if compiled == 0:
        return CoreInfo(
            "pure", "no compiled extension built: no C compiler or no Cython at install", modules
        )
    return CoreInfo("partial", f"no extension built for {missing}", modules)
