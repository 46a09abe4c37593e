"""The other engines' CGP positions with their expected moves (``../shared/external/cgp``:
65 positions, 314 checks of best scores, move scores, counts): ``scrabble best --cgp`` lists
what they expect (issue 29, item 12).  See ``tests/external_support.py`` for how they run."""

from __future__ import annotations

from typing import Any

import pytest
from external_support import InProcess, cases, require_external, runner, verdict

CGP_CASES = cases("cgp/cases.json")

COMPOSED = {
    "magpie-vs-ed-two-blanks": "the rack's two blanks beside the board's",
    "magpie-vs-jeremy-V-no-play": "a third V",
    "magpie-empty-PIZZAQQ": "two Q and two Z (MAGPIE's CGP loader refuses it too)",
}
"""Positions MAGPIE's tests compose with more of a tile than the bag holds: ``best --cgp``
analyses them as given, with a warning on standard error."""


@pytest.mark.parametrize("case", CGP_CASES, ids=[case["id"] for case in CGP_CASES])
def test_a_position(external: InProcess, case: dict[str, Any]) -> None:
    require_external()
    verdict(external.judge(runner().run_cgp, case))


def test_the_cases_are_there() -> None:
    require_external()
    assert len(CGP_CASES) == 65 and sum(len(case["checks"]) for case in CGP_CASES) == 314
    assert set(COMPOSED) <= {case["id"] for case in CGP_CASES}
