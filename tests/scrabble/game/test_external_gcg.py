"""The other engines' 190 real GCG games (``../shared/external/gcg``): each replays, or is
refused no earlier than its defect, as the shared cases expect (issue 29, item 12).  See
``tests/external_support.py`` for how they run."""

from __future__ import annotations

from typing import Any

import pytest
from external_support import InProcess, cases, require_external, runner, verdict

GCG_CASES = cases("gcg/cases.json")


@pytest.mark.parametrize("case", GCG_CASES, ids=[case["id"] for case in GCG_CASES])
def test_a_real_game(external: InProcess, case: dict[str, Any]) -> None:
    require_external()
    verdict(external.judge(runner().run_gcg, case))


def test_the_cases_are_there() -> None:
    require_external()
    assert len(GCG_CASES) == 190
