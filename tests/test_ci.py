"""The CI script runs the tests the way the project means them to run."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import settings

CI_SCRIPT = Path(__file__).resolve().parents[1] / ".ci" / "run"


def test_the_ci_script_names_the_hypothesis_profile_before_any_test_run() -> None:
    """Issue 29, item 12: the ``ci`` profile applied only when the machine happened to export
    ``CI`` or ``HYPOTHESIS_PROFILE``."""
    lines = CI_SCRIPT.read_text(encoding="utf-8").splitlines()
    exported = [i for i, line in enumerate(lines) if line.strip() == "export HYPOTHESIS_PROFILE=ci"]
    runs = [i for i, line in enumerate(lines) if re.match(r"(\S+=\S+ )*pytest\b", line.strip())]
    assert exported and runs and exported[0] < runs[0]
    assert settings.get_profile("ci").max_examples > 0  # the profile it names exists
