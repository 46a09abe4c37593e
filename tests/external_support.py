"""The other engines' acceptance cases in ``../shared/external`` (real GCG games, CGP positions
with the results those engines' tests expect), run inside the test session.

The cases and what each expects are the shared folder's own (``gcg/cases.json``,
``cgp/cases.json``), and so is the judging: its runner's functions (``run.py``: replay a game,
generate a position's moves, compare with the expectation) are used as they are, with one
change: the command they would start as ``python -m wordgames ...`` runs in this process
(:class:`InProcess`), so each word list is loaded once per session instead of once a case.
Nothing is copied into the project; without ``../shared`` every case skips, saying why.

Word lists with the words a game needs added (a later edition's words, an unchallenged phony:
``extra_words``) load with the ``sortedset`` backend, which builds in a fraction of a trie's
time; the backends answer every query alike (``tests/lexicon``).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib.util
import io
import json
import shutil
import subprocess
import traceback
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import SHARED

from wordgames.cli import common, main
from wordgames.lexicon import Lexicon

EXTERNAL = SHARED / "external"


def cases(relative: str) -> list[dict[str, Any]]:
    """The cases of ``external/<relative>`` (a JSON list), or none when the folder is absent
    (the tests that use them then have no parameters and one skip says why)."""
    path = EXTERNAL / relative
    if not path.is_file():
        return []
    loaded: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def require_external() -> None:
    """Skip, with the reason, when the shared cases are not beside the checkout."""
    if not (EXTERNAL / "run.py").is_file():
        pytest.skip(f"../shared/external is not beside the checkout ({EXTERNAL} missing)")


@functools.cache
def runner() -> ModuleType:  # the shared folder's code, loaded once
    """The shared runner (``external/run.py``) as a module: its judging functions."""
    spec = importlib.util.spec_from_file_location("external_run", EXTERNAL / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_LEXICONS: dict[tuple[str, str, str | None], Lexicon] = {}


class InProcess:
    """What ``run.py``'s ``Ctx`` is, with ``wordgames(*args)`` run in this process: exit code,
    standard output and error as a ``CompletedProcess``; an exception escaping the command
    line is reported as the traceback it would print (the runner counts that as a crash).
    :attr:`extra` arguments are added to every command."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        options = argparse.Namespace(lexicons=str(SHARED / "lexicons"), timeout=600)
        self.context = runner().Ctx(options)  # its folder holds the lists with added words
        self.context.wordgames = self.wordgames
        self.extra: tuple[str, ...] = ()
        monkeypatch.setattr(common, "load_lexicon", self._load_once)

    def close(self) -> None:
        """Remove the folder of lists with added words."""
        shutil.rmtree(self.context.tmp, ignore_errors=True)

    def _load_once(self, source: Any, backend: str = "trie", *, tiles: Any = None) -> Lexicon:
        if Path(str(source)).parent == Path(self.context.tmp):
            backend = "sortedset"  # a list with added words (see the module docstring)
        key = (str(source), backend, None if tiles is None else tiles.fingerprint())
        if key not in _LEXICONS:
            from wordgames.lexicon import load_lexicon

            _LEXICONS[key] = load_lexicon(source, backend, tiles=tiles)
        return _LEXICONS[key]

    def wordgames(self, *args: str) -> subprocess.CompletedProcess[str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main([*args, *self.extra])
            except BaseException:
                err.write(traceback.format_exc())
                code = 1
        return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())

    def judge(self, run: Callable[..., Any], case: dict[str, Any]) -> list[Any]:
        """``run(ctx, case)`` (``run_gcg`` or ``run_cgp``) as a list of the runner's results."""
        results = run(self.context, case)
        return results if isinstance(results, list) else [results]


def verdict(results: list[Any]) -> None:
    """Pass, fail, skip or xfail the test as the runner's results say: ``fail`` fails with the
    reason and the command that reproduces it; a known ``gap`` still failing is an expected
    failure naming the gap (``gap-fixed`` passes); a check that needs a word list we lack
    skips when every check of the case does."""
    failed = [result for result in results if result.status == "fail"]
    if failed:
        pytest.fail("\n".join(f"{result.id}: {result.detail}\n  repro: {result.repro}" for result in failed))
    gaps = [result for result in results if result.status == "gap"]
    if gaps:
        pytest.xfail("; ".join(f"known gap: {result.detail}" for result in gaps))
    if all(result.status == "skip" for result in results):
        pytest.skip("; ".join(result.detail for result in results))
