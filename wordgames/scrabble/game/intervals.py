"""Means with 95% confidence intervals, for figures measured over independent samples
(seat-swapped pairs of games).

The interval is Student's t: mean ± t(0.975, n − 1) · s / √n, with s the sample standard
deviation.  The t quantile is exact for one and two degrees of freedom and otherwise comes
from the Cornish–Fisher expansion of Student's t around the normal quantile (Abramowitz &
Stegun 26.7.5), off by 0.004 at three degrees of freedom, under 0.001 from four on and less
as they grow; the runtime dependencies have no statistics library that offers it.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from wordgames.errors import InvalidArgumentError

CONFIDENCE = 0.95


def t_quantile(probability: float, degrees: int) -> float:
    """The ``probability`` quantile of Student's t with ``degrees`` degrees of freedom
    (``probability`` strictly between 0 and 1, ``degrees`` at least 1).  O(1)."""
    if not 0.0 < probability < 1.0:
        raise InvalidArgumentError(f"a probability strictly between 0 and 1, not {probability}")
    if isinstance(degrees, bool) or not isinstance(degrees, int) or degrees < 1:
        raise InvalidArgumentError(f"degrees of freedom: a whole number from 1, not {degrees!r}")
    if degrees == 1:  # the Cauchy distribution
        return math.tan(math.pi * (probability - 0.5))
    if degrees == 2:
        return (2 * probability - 1) / math.sqrt(2 * probability * (1 - probability))
    z = statistics.NormalDist().inv_cdf(probability)
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    v = float(degrees)
    return z + g1 / v + g2 / v**2 + g3 / v**3 + g4 / v**4


@dataclass(frozen=True)
class Estimate:
    """A sample mean and its 95% interval ``(low, high)``; the interval is None for fewer
    than two samples (nothing to estimate the spread from)."""

    mean: float
    interval: tuple[float, float] | None
    samples: int

    @property
    def half_width(self) -> float | None:
        """Half the interval's width (the "±" figure), or None."""
        return None if self.interval is None else (self.interval[1] - self.interval[0]) / 2


def estimate(samples: Sequence[float], low: float = -math.inf, high: float = math.inf) -> Estimate:
    """The mean of ``samples`` with its 95% t interval, clipped to ``[low, high]`` (a win
    rate's interval stays within 0 and 1).  O(n)."""
    if not samples:
        raise InvalidArgumentError("no samples to estimate from")
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return Estimate(mean, None, len(samples))
    margin = t_quantile(0.5 + CONFIDENCE / 2, len(samples) - 1) * statistics.stdev(samples)
    margin /= math.sqrt(len(samples))
    return Estimate(mean, (max(low, mean - margin), min(high, mean + margin)), len(samples))
