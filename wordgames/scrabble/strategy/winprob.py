"""Win probability: the chance that the player who has just moved goes on to win, from the
spread and the tiles that player cannot see.

A simulation ends each iteration at a horizon, a few turns ahead, with a spread (the leaves
the two sides kept counted in) and tiles still to come; :meth:`WinModel.probability` turns
that into a chance of winning, so candidates can be ranked by how often they win rather than
by how many points they make on average (a 30-point lead late in a game is nearly a sure win,
early it is not).

Two models:

* :class:`NormalWinModel`, the first estimate: the final spread is normal around the present
  one with a standard deviation of 8 points per square root of the tiles still to be played.
* :class:`FittedWinModel`, fitted to self-play outcomes (:mod:`.winfit`): for each number of
  unseen tiles ``u`` a logistic curve ``1 / (1 + exp(-(a_u + b_u * spread)))``; ``a_u``
  carries the disadvantage of having just moved (the opponent is on turn).  The shipped model
  (``data/win_model.json``, :func:`default_win_model`) came from ``wordgames scrabble
  winmodel build``; its calibration against the normal model on held-out games is in the
  file and in the documentation's performance page.

Model files are JSON (:func:`read_win_model`, :func:`write_win_model`, written atomically),
at most :data:`~wordgames.limits.MAX_WIN_MODEL_BYTES`.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from wordgames.atomic import write_text_atomically
from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.limits import MAX_WIN_MODEL_BYTES, MAX_WIN_MODEL_UNSEEN
from wordgames.textfiles import read_json_file, shown_path

MODEL_FORMAT = "wordgames win model"
MODEL_VERSION = 1
SHIPPED_MODEL = Path(__file__).resolve().parent / "data" / "win_model.json"
SPREAD_SD_PER_ROOT_TILE = 8.0


class WinModel(Protocol):
    """The chance of winning of the player who has just moved."""

    def probability(self, spread: float, unseen: int, rack: int) -> float:
        """P(win) for a lead of ``spread`` points with ``unseen`` tiles this player cannot
        see (the bag and the opponent's rack) and ``rack`` tiles on their own rack."""


def normal_cdf(x: float) -> float:
    """P(Z <= x) for a standard normal Z."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def finished(spread: float) -> float:
    """The result of a finished game for a final ``spread``: 1, 1/2 or 0."""
    return 1.0 if spread > 0 else 0.5 if spread == 0 else 0.0


@dataclass(frozen=True)
class NormalWinModel:
    """The final spread is normal around ``spread`` with standard deviation
    ``sd_per_root_tile`` times the square root of the tiles still to be played (``unseen +
    rack``); with none left the game is over."""

    sd_per_root_tile: float = SPREAD_SD_PER_ROOT_TILE

    def probability(self, spread: float, unseen: int, rack: int) -> float:
        """See :class:`WinModel`.  O(1)."""
        tiles = unseen + rack
        if tiles <= 0:
            return finished(spread)
        return normal_cdf(spread / (self.sd_per_root_tile * math.sqrt(tiles)))


@dataclass(frozen=True)
class FittedWinModel:
    """A logistic curve per count of unseen tiles: ``intercepts[i]`` and ``slopes[i]`` (per
    point of spread) for ``first_unseen + i`` unseen tiles; counts outside the fitted range
    use the nearest curve.  ``about`` says how it was fitted (free-form, kept in the file)."""

    first_unseen: int
    intercepts: tuple[float, ...]
    slopes: tuple[float, ...]
    about: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if not self.intercepts or len(self.intercepts) != len(self.slopes):
            raise InvalidArgumentError("a fitted win model needs one intercept and one slope per count")
        most = MAX_WIN_MODEL_UNSEEN
        if not 0 <= self.first_unseen <= most or len(self.intercepts) > most:
            raise InvalidArgumentError(f"a fitted win model covers at most {most} unseen tiles")
        if not all(math.isfinite(x) for x in (*self.intercepts, *self.slopes)):
            raise InvalidArgumentError("a fitted win model's numbers must be finite")

    def probability(self, spread: float, unseen: int, rack: int) -> float:
        """See :class:`WinModel` (``rack`` is not used).  O(1)."""
        if unseen <= 0 and rack <= 0:
            return finished(spread)
        at = min(max(unseen - self.first_unseen, 0), len(self.intercepts) - 1)
        return logistic(self.intercepts[at] + self.slopes[at] * spread)


def logistic(x: float) -> float:
    """1 / (1 + e^-x), without overflow."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def model_to_json(model: FittedWinModel) -> dict[str, Any]:
    """The JSON shape of a fitted model file."""
    return {"format": MODEL_FORMAT, "version": MODEL_VERSION, "first_unseen": model.first_unseen,
            "intercepts": [round(x, 6) for x in model.intercepts],
            "slopes": [round(x, 8) for x in model.slopes], "about": model.about}


def model_from_json(data: object, where: str = "the model") -> FittedWinModel:
    """A fitted model from its JSON shape; FormatError naming ``where`` otherwise."""
    try:
        if not isinstance(data, dict) or data.get("format") != MODEL_FORMAT:
            raise ValueError(f"not a {MODEL_FORMAT} file")
        if data.get("version") != MODEL_VERSION:
            raise ValueError(f"version {data.get('version')!r}, this reader knows {MODEL_VERSION}")
        first = data["first_unseen"]
        intercepts, slopes = data["intercepts"], data["slopes"]
        if not isinstance(first, int) or isinstance(first, bool) or not isinstance(intercepts, list) \
                or not isinstance(slopes, list):
            raise ValueError("first_unseen is a whole number, intercepts and slopes lists")
        numbers = [*intercepts, *slopes]
        if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in numbers):
            raise ValueError("intercepts and slopes are numbers")
        about = data.get("about", {})
        return FittedWinModel(first, tuple(map(float, intercepts)), tuple(map(float, slopes)),
                              about if isinstance(about, dict) else {})
    except (KeyError, ValueError, InvalidArgumentError) as error:
        raise FormatError(f"{where}: not a usable win model ({error})") from None


def read_win_model(path: str | os.PathLike[str]) -> FittedWinModel:
    """A fitted model from a JSON file (at most MAX_WIN_MODEL_BYTES, checked before reading);
    FormatError for anything else."""
    data = read_json_file(path, "win model", limit=MAX_WIN_MODEL_BYTES)
    return model_from_json(data, shown_path(path))


def write_win_model(path: str | os.PathLike[str], model: FittedWinModel) -> None:
    """Write ``model`` as JSON, atomically."""
    write_text_atomically(path, json.dumps(model_to_json(model), indent=1) + "\n")


@cache
def default_win_model() -> WinModel:
    """The shipped fitted model, else (a package without its data file) the normal one."""
    if SHIPPED_MODEL.is_file():
        return read_win_model(SHIPPED_MODEL)
    return NormalWinModel()
