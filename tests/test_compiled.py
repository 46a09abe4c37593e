"""The compiled core's plumbing: the module list shared with setup.py, the pure switch, the report
(``core_info`` and ``wordgames --version``) and loading a module's pure twin."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest
from compiled_support import interpreted_chain

import wordgames
from wordgames import compiled
from wordgames.compiled import (
    CYTHON_MODULES,
    PURE_VARIABLE,
    StaleExtensionWarning,
    core_info,
    is_compiled,
    load_pure,
    stale_extensions,
)

ROOT = Path(__file__).resolve().parents[1]


def extension_built(name: str) -> bool:
    """Whether a compiled extension of module ``name`` sits beside its source."""
    folder = Path(importlib.import_module(name).__file__ or "").parent
    stem = name.rpartition(".")[2]
    return any((folder / (stem + suffix)).is_file() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def run_wordgames(*argv: str, pure: str | None, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m wordgames ARGV`` on the package this test imports (the session's fixture
    sees to that), outside the checkout, with WORDGAMES_PURE_PYTHON set to ``pure`` (None:
    unset)."""
    env = dict(os.environ)
    env.pop(PURE_VARIABLE, None)
    if pure is not None:
        env[PURE_VARIABLE] = pure
    return subprocess.run(
        [sys.executable, "-m", "wordgames", *argv], capture_output=True, text=True, env=env,
        cwd=cwd, timeout=120, check=False,
    )


def test_commands_run_from_the_checkout_use_the_core_of_the_tests() -> None:
    # The end-to-end tests run `python -m wordgames` from wherever pytest runs (the checkout,
    # in CI): the command must import the package the tests import, not the checkout's sources.
    done = subprocess.run([sys.executable, "-m", "wordgames", "--version", "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["core"] == core_info().core


def test_every_listed_module_has_a_source_and_setup_py_reads_the_same_list() -> None:
    pytest.importorskip("setuptools")
    for name in CYTHON_MODULES:
        assert (ROOT / Path(*name.split("."))).with_suffix(".py").is_file()
    spec = importlib.util.spec_from_file_location("wordgames_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_module)  # defines the helpers; setup() runs only as __main__
    assert setup_module.cython_modules() == CYTHON_MODULES


def test_core_info_agrees_with_the_modules_loaded() -> None:
    info = core_info()
    modules = {name: is_compiled(importlib.import_module(name)) for name in CYTHON_MODULES}
    assert info.modules == modules
    if all(modules.values()):
        assert info.core == "compiled"
    elif not any(modules.values()):
        assert info.core == "pure"
        assert ("forced" in info.reason) == (os.environ.get(PURE_VARIABLE, "") not in ("", "0"))
    assert str(info).startswith(info.core)
    assert wordgames.core_info is core_info


def test_version_reports_the_compiled_core_where_it_is_built(tmp_path: Path) -> None:
    process = run_wordgames("--version", "--json", pure=None, cwd=tmp_path)
    assert process.returncode == 0, process.stderr
    report = json.loads(process.stdout)
    assert report["version"] == wordgames.__version__
    assert report["modules"] == {name: extension_built(name) for name in CYTHON_MODULES}
    built = all(report["modules"].values())
    assert report["core"] == ("compiled" if built else "pure" if not any(report["modules"].values())
                              else "partial")
    text = run_wordgames("--version", pure="0", cwd=tmp_path).stdout
    assert text.startswith(f"wordgames {wordgames.__version__}, {report['core']} core (")


def test_the_variable_forces_the_pure_sources(tmp_path: Path) -> None:
    process = run_wordgames("--version", pure="1", cwd=tmp_path)
    assert process.returncode == 0, process.stderr
    assert process.stdout.strip().endswith(f"pure core (forced by {PURE_VARIABLE}=1)")
    report = json.loads(run_wordgames("--version", "--json", pure="yes", cwd=tmp_path).stdout)
    assert report["core"] == "pure" and not any(report["modules"].values())
    env = dict(os.environ, PYTHONPATH=str(Path(wordgames.__file__).resolve().parents[1]),
               **{PURE_VARIABLE: "1"})
    files = subprocess.run(
        [sys.executable, "-c",
         "import importlib, wordgames.compiled as c\n"
         "print(*(importlib.import_module(n).__file__ for n in c.CYTHON_MODULES))"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120, check=True,
    ).stdout.split()
    assert files and all(file.endswith(".py") for file in files)


def test_json_before_a_command_needs_version(tmp_path: Path) -> None:
    process = run_wordgames("--json", pure=None, cwd=tmp_path)
    assert process.returncode == 2
    assert process.stderr.count("\n") == 1 and "--version" in process.stderr


def test_load_pure_gives_the_source_beside_the_compiled_module() -> None:
    # Loaded as one interpreted chain (a module's C-level names, such as a record's field
    # offsets, are not importable from its compiled twin); the twins are dropped afterwards
    # so that the tests comparing their own chains load fresh ones.
    earlier = {name: module for name, module in sys.modules.items() if name.endswith("__pure")}
    for name in earlier:  # twins another test loaded beside compiled modules
        del sys.modules[name]
    try:
        for name, pure in zip(CYTHON_MODULES, interpreted_chain(CYTHON_MODULES), strict=True):
            assert pure.__name__ == name + "__pure" and not is_compiled(pure)
            assert pure.__file__ is not None and pure.__file__.endswith(".py")
            assert load_pure(name) is pure
    finally:
        for name in [name for name in sys.modules if name.endswith("__pure")]:
            del sys.modules[name]
        sys.modules.update(earlier)
    with pytest.raises(ValueError, match="not a compiled module"):
        load_pure("wordgames.lexicon.trie")


def fake_checkout(root: Path, module: str, source_age: float, built_age: float | None) -> Path:
    """A checkout with one compiled module's source and (unless ``built_age`` is None) its
    extension, last modified ``source_age`` and ``built_age`` seconds ago; the package folder."""
    (root / "setup.py").write_text("")
    source = root.joinpath(*module.split(".")).with_suffix(".py")
    source.parent.mkdir(parents=True)
    source.write_text("")
    now = time.time()
    os.utime(source, (now - source_age, now - source_age))
    if built_age is not None:
        extension = source.with_name(source.stem + importlib.machinery.EXTENSION_SUFFIXES[0])
        extension.write_bytes(b"")
        os.utime(extension, (now - built_age, now - built_age))
    return root / "wordgames"


@pytest.mark.parametrize(
    ("source_age", "built_age", "stale"),
    [(10.0, 100.0, True), (100.0, 10.0, False), (10.0, None, False)],
    ids=["source edited after the build", "built after the edit", "never built"],
)
def test_an_extension_older_than_its_source_is_found(
    tmp_path: Path, source_age: float, built_age: float | None, stale: bool
) -> None:
    """Issue 29, item 12: an in-place extension older than its source silently ran the old
    code in local test runs."""
    module = CYTHON_MODULES[0]
    package = fake_checkout(tmp_path, module, source_age, built_age)
    assert stale_extensions(package) == ([module] if stale else [])
    pxd = package.parent.joinpath(*module.split(".")).with_suffix(".pxd")
    pxd.write_text("")  # a declaration edited now makes any build stale
    assert stale_extensions(package) == ([module] if built_age is not None else [])
    (tmp_path / "setup.py").unlink()  # an installed package: not looked at
    assert stale_extensions(package) == []


def test_an_edit_to_a_cimported_declaration_makes_the_build_stale(tmp_path: Path) -> None:
    """A module's C changes with the ``.pxd`` files its own ``.pxd`` cimports (the Boggle
    kernel's ``bits.pxd``, say): editing one alone makes its build stale."""
    module = CYTHON_MODULES[0]
    package = fake_checkout(tmp_path, module, 100.0, 50.0)
    source = package.parent.joinpath(*module.split(".")).with_suffix(".py")
    pxd = source.with_suffix(".pxd")
    pxd.write_text("from wordgames.shared_helpers cimport helper\n")
    os.utime(pxd, (time.time() - 100.0, time.time() - 100.0))
    assert stale_extensions(package) == []
    (package / "shared_helpers.pxd").write_text("cdef int helper(int value)\n")
    assert stale_extensions(package) == [module]


def test_stale_extensions_warn_unless_the_sources_are_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled, "stale_extensions", lambda: ["wordgames.x"])
    monkeypatch.delenv(PURE_VARIABLE, raising=False)
    with pytest.warns(StaleExtensionWarning, match=r"wordgames\.x; rebuild them"):
        compiled.install_switch()
    monkeypatch.setenv(PURE_VARIABLE, "1")
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))  # the finder added is dropped after
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compiled.install_switch()


def test_this_checkout_has_no_stale_extension() -> None:
    """What the test session refuses to run with (tests/conftest.py)."""
    assert stale_extensions() == [] or os.environ.get(PURE_VARIABLE, "") not in ("", "0")
