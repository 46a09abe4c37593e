"""The documentation's examples run as tests.

* Every ``pycon`` block of ``README.md`` and of the Markdown pages under ``docs/`` is a doctest
  (``ELLIPSIS`` on); the blocks of one file share their names, in order, like one session.
* Every ``console`` block of those files is a transcript: each ``$ wordgames ...`` line is run
  through the command line's ``main`` in a temporary folder and its output (stdout and stderr,
  as a terminal shows them) compared with the lines below it, ``...`` matching anything; a last
  line ``(exit N)`` states a non-zero exit status.
* The ``>>>`` examples in the package's docstrings run too (every module, imported as the
  package imports it).

Blocks marked ``python``, ``bash`` or ``text`` are shown, not run.  The links of README.md and
CHANGELOG.md to files of the repository must point at files that exist.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import os
import pkgutil
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

import wordgames

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
FLAGS = doctest.ELLIPSIS
FENCE = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)
EXIT = re.compile(r"^\(exit (\d+)\)$")


@dataclass(frozen=True)
class Block:
    """One fenced block of a page: its language, text and first line number."""

    language: str
    text: str
    line: int


def blocks(path: Path, language: str) -> list[Block]:
    """The fenced blocks of ``path`` in ``language``, in order."""
    text = path.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        if match.group(1) == language:
            line = text.count("\n", 0, match.start(2))
            found.append(Block(language, match.group(2), line))
    return found


def page_id(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.fixture
def in_scratch(tmp_path: Path) -> object:
    """Run in an empty temporary folder (examples may write files such as game.json)."""
    previous = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(previous)


@pytest.mark.parametrize("page", [p for p in PAGES if blocks(p, "pycon")], ids=page_id)
@pytest.mark.usefixtures("in_scratch")
def test_pycon_examples(page: Path) -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    names: dict[str, object] = {}
    for block in blocks(page, "pycon"):
        test = parser.get_doctest(block.text, names, page_id(page), str(page), block.line)
        runner.run(test, out=_fail_with(page, block), clear_globs=False)
        names = test.globs
    assert runner.failures == 0


def _fail_with(page: Path, block: Block):  # type: ignore[no-untyped-def]
    def report(text: str) -> None:
        pytest.fail(f"{page_id(page)}, block at line {block.line + 1}:\n{text}", pytrace=False)

    return report


@dataclass(frozen=True)
class Command:
    """One ``$ wordgames ...`` line of a transcript and what it should print."""

    argv: list[str]
    expected: str
    status: int
    line: int


def commands(block: Block) -> list[Command]:
    """The commands of a ``console`` block; a block may only run ``wordgames``."""
    found: list[Command] = []
    lines = block.text.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        assert line.startswith("$ "), f"line {block.line + index + 1}: expected '$ wordgames ...'"
        argv = shlex.split(line[2:])
        assert argv[0] == "wordgames", (
            f"line {block.line + index + 1}: a console block runs wordgames only; "
            "show other commands in a bash or text block")
        start = index
        index += 1
        output: list[str] = []
        while index < len(lines) and not lines[index].startswith("$ "):
            output.append(lines[index])
            index += 1
        status = 0
        if output and (match := EXIT.match(output[-1])):
            status = int(match.group(1))
            output.pop()
        found.append(Command(argv[1:], "\n".join(output).rstrip() + "\n", status, block.line + start + 1))
    return found


def console_cases() -> list[object]:
    return [pytest.param(page, block, id=f"{page_id(page)}:{block.line + 1}")
            for page in PAGES for block in blocks(page, "console")]


@pytest.mark.parametrize(("page", "block"), console_cases())
@pytest.mark.usefixtures("in_scratch")
def test_console_transcripts(page: Path, block: Block) -> None:
    from wordgames.cli.app import main

    checker = doctest.OutputChecker()
    for command in commands(block):
        captured = io.StringIO()
        with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
            status = main(command.argv)
        got = captured.getvalue().rstrip() + "\n"
        if not checker.check_output(command.expected, got, FLAGS):
            pytest.fail(f"{page_id(page)}, line {command.line}: wordgames {shlex.join(command.argv)}\n"
                        f"expected:\n{command.expected}got:\n{got}", pytrace=False)
        assert status == command.status, (
            f"{page_id(page)}, line {command.line}: exit status {status}, expected {command.status}")


def package_modules() -> list[str]:
    """Every module of the package, by dotted name (the web app only with its extra)."""
    names = [wordgames.__name__]
    for info in pkgutil.walk_packages(wordgames.__path__, prefix="wordgames."):
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", package_modules())
@pytest.mark.usefixtures("in_scratch")
def test_docstring_examples(name: str) -> None:
    if name.startswith("wordgames.web"):
        pytest.importorskip("fastapi", reason="the web app's docstrings need the web extra")
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for test in finder.find(module, name):
        if test.examples:
            runner.run(test, out=lambda text: pytest.fail(text, pytrace=False))
    assert runner.failures == 0


LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", [ROOT / "README.md", ROOT / "CHANGELOG.md"], ids=page_id)
def test_relative_links_exist(page: Path) -> None:
    """The README's and the changelog's links to files of the repository point at files that
    exist (the pages under docs/ are checked by the strict Sphinx build)."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = (page.parent / target.split("#", 1)[0]).resolve()
        assert path.exists(), f"{page_id(page)}: the link {target} points at nothing"
