"""The documentation's Limits page states every bound the code enforces (issue 29): each
constant of :mod:`wordgames.limits` and :mod:`wordgames.web.limits` is in a row of
``docs/reference/limits.md`` with its value, and the page names no constant that does not
exist."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

import wordgames.limits

PAGE = Path(__file__).resolve().parents[1] / "docs" / "reference" / "limits.md"
ROW = re.compile(r"^\| `(MAX_\w+)` \| ([\d,.]+) \|", re.MULTILINE)


def constants(module: ModuleType) -> dict[str, int | float]:
    return {name: value for name, value in vars(module).items() if name.startswith("MAX_")}


def shown(value: int | float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:,g}"


def page_rows() -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for name, value in ROW.findall(PAGE.read_text(encoding="utf-8")):
        rows.setdefault(name, []).append(value)
    return rows


def test_every_engine_bound_is_on_the_page_with_its_value() -> None:
    rows = page_rows()
    for name, value in constants(wordgames.limits).items():
        assert shown(value) in rows.get(name, []), f"{name} = {shown(value)} is not on {PAGE.name}"


def test_every_web_bound_is_on_the_page_with_its_value() -> None:
    web_limits = pytest.importorskip("wordgames.web.limits", reason="the web extra is not installed")
    rows = page_rows()
    for name, value in constants(web_limits).items():
        assert shown(value) in rows.get(name, []), f"{name} = {shown(value)} is not on {PAGE.name}"


def test_the_page_names_only_real_bounds() -> None:
    known = set(constants(wordgames.limits))
    web_limits = pytest.importorskip("wordgames.web.limits", reason="the web extra is not installed")
    known |= set(constants(web_limits))
    assert set(page_rows()) <= known
