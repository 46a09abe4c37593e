"""Build script: the package as pyproject.toml describes it, plus the compiled core.

The modules of ``CYTHON_MODULES`` (read from ``wordgames/compiled.py``, the one list shared
with the run-time switch) are compiled with Cython in pure-Python mode: their ``.py`` files are
the source, ``.pxd`` files beside them may declare C types.  Compilation is optional: without
Cython, without a working C compiler, or with ``WORDGAMES_NO_COMPILE=1`` in the environment,
the build warns and the wheel holds the pure-Python modules only, which work the same, slower.

The shipped word list ``lexicons/enable.txt`` goes into the wheel as
``wordgames/lexicon/data/enable.txt`` (where an installed package finds it).
"""

from __future__ import annotations

import ast
import os
import platform
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
NO_COMPILE_VARIABLE = "WORDGAMES_NO_COMPILE"
PORTABLE_VARIABLE = "WORDGAMES_PORTABLE"
SHIPPED = {"lexicons/enable.txt": "wordgames/lexicon/data/enable.txt"}
# Cython directives for every compiled module (a .pxd may turn bounds checks off where its
# source is written for it).
DIRECTIVES = {
    "language_level": 3,
    # The sources' annotations are for mypy (``int`` means any size there); C types live in
    # the .pxd files.
    "annotation_typing": False,
}


def warn(message: str) -> None:
    """One line on stderr, which pip shows with -v (and the build log keeps)."""
    print(f"wordgames build: {message}", file=sys.stderr)


def cython_modules() -> tuple[str, ...]:
    """``CYTHON_MODULES`` from wordgames/compiled.py, read without importing the package."""
    tree = ast.parse((HERE / "wordgames" / "compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        target = (
            node.target if isinstance(node, ast.AnnAssign)
            else node.targets[0] if isinstance(node, ast.Assign) else None
        )
        if isinstance(target, ast.Name) and target.id == "CYTHON_MODULES" and node.value is not None:
            return tuple(ast.literal_eval(node.value))
    raise RuntimeError("CYTHON_MODULES not found in wordgames/compiled.py")


def machine_flags() -> list[str]:
    """Compiler flags for instructions of the building machine's processor that the core
    uses, on a Linux x86-64 whose processor has them: ``-mpopcnt`` (the count of 1 bits in
    one instruction, the Boggle search's child numbering; processors since about 2008) and
    ``-mbmi -mbmi2`` (a shift by a variable or an AND with a complement in one instruction;
    since about 2013).  The compiled modules then need such a processor; with
    ``WORDGAMES_PORTABLE=1`` in the environment they are built without (the same operations
    in a few instructions)."""
    if os.environ.get(PORTABLE_VARIABLE, "").strip() not in ("", "0"):
        return []
    if platform.machine().lower() not in ("x86_64", "amd64") or not sys.platform.startswith("linux"):
        return []
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as info:
            text = info.read(1 << 16)  # the first processor's flags are near the start
    except OSError:
        return []
    flags = next((line for line in text.splitlines() if line.startswith("flags")), "")
    have = set(flags.split())
    return [option for flag, option in (("popcnt", "-mpopcnt"), ("bmi1", "-mbmi"), ("bmi2", "-mbmi2"))
            if flag in have]


def build_jobs() -> int:
    """How many modules are translated and compiled at once: the machine's cores (the build
    is most of a fresh installation's time, and the modules are independent)."""
    return max(1, os.cpu_count() or 1)


def extensions() -> list[Extension]:
    """The compiled modules as extensions, or none when compiling is off or impossible."""
    if os.environ.get(NO_COMPILE_VARIABLE, "").strip() not in ("", "0"):
        warn(f"{NO_COMPILE_VARIABLE} is set: pure-Python modules only")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        warn("Cython is not installed: pure-Python modules only")
        return []
    flags = machine_flags()
    modules = [
        Extension(name, [str(Path(*name.split(".")).with_suffix(".py"))], extra_compile_args=flags)
        for name in cython_modules()
    ]
    # Translated in a pool of processes; where the pool cannot start (no shared memory for its
    # locks, say), one module at a time.
    for jobs in (build_jobs(), 0):
        try:
            return list(cythonize(modules, compiler_directives=DIRECTIVES, quiet=True, nthreads=jobs))
        except Exception as error:  # a Cython failure must not fail the installation
            problem = error
            if jobs:
                warn(f"could not translate the core in parallel ({error}): one module at a time")
    warn(f"Cython could not translate the core ({problem}): pure-Python modules only")
    return []


class OptionalBuildExt(build_ext):
    """build_ext where a module that fails to compile is left out (its source runs instead),
    the modules compiled :func:`build_jobs` at a time unless ``--parallel`` says otherwise."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = build_jobs()

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all (DistutilsPlatformError and kin)
            warn(f"cannot compile ({error}): pure-Python modules only")

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # CompileError, LinkError, a missing or broken compiler
            warn(f"cannot compile {ext.name} ({error}): its pure-Python source will run")


class BuildPyWithLexicon(build_py):
    """build_py that also copies the shipped word list into the package's data folder."""

    def run(self) -> None:
        super().run()
        for source, target in SHIPPED.items():
            destination = Path(self.build_lib) / target
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(HERE / source, destination)


# pip's build backend runs this file as __main__ too; the tests import it for cython_modules().
if __name__ == "__main__":
    setup(
        ext_modules=extensions(),
        cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithLexicon},
    )
