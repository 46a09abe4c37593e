"""Win-probability models: the normal one, the fitted one and its file, the fit (against
records drawn from a known curve) and the calibration figures (against a record-by-record
computation)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.limits import MAX_WIN_MODEL_BYTES
from wordgames.scrabble.strategy.simulation import win_probability
from wordgames.scrabble.strategy.winfit import Record, Totals, add_records, calibration, fit
from wordgames.scrabble.strategy.winprob import (
    SHIPPED_MODEL,
    FittedWinModel,
    NormalWinModel,
    default_win_model,
    logistic,
    model_to_json,
    read_win_model,
    write_win_model,
)


def test_the_normal_model_is_the_old_estimate() -> None:
    normal = NormalWinModel()
    for spread, unseen, rack in ((30, 33, 7), (-12, 8, 7), (0, 60, 7)):
        assert normal.probability(spread, unseen, rack) == win_probability(spread, unseen + rack)
    assert normal.probability(5, 0, 0) == 1.0 and normal.probability(0, 0, 0) == 0.5
    assert normal.probability(-1, 0, 0) == 0.0
    assert normal.probability(-30, 40, 7) == pytest.approx(1 - normal.probability(30, 40, 7))


def test_a_fitted_model_reads_its_curve_and_clamps_the_count() -> None:
    model = FittedWinModel(8, (-1.0, 0.0, 1.0), (0.02, 0.03, 0.04))
    assert model.probability(0, 9, 7) == 0.5
    assert model.probability(10, 10, 7) == pytest.approx(logistic(1.0 + 0.4))
    assert model.probability(10, 3, 7) == model.probability(10, 8, 7)  # below the range: the first
    assert model.probability(10, 99, 7) == model.probability(10, 10, 7)  # above: the last
    assert model.probability(3, 0, 0) == 1.0
    for bad in ((8, (), ()), (8, (1.0,), (1.0, 2.0)), (-1, (1.0,), (1.0,)), (8, (math.nan,), (1.0,))):
        with pytest.raises(InvalidArgumentError):
            FittedWinModel(*bad)


def test_the_logistic_never_overflows() -> None:
    assert logistic(-1000.0) == 0.0 and logistic(1000.0) == 1.0 and logistic(0.0) == 0.5


def test_a_model_file_round_trips(tmp_path: Path) -> None:
    model = FittedWinModel(8, (-1.5, 0.25), (0.031, 0.0275), {"games": 3})
    path = tmp_path / "model.json"
    write_win_model(path, model)
    assert read_win_model(path) == model and read_win_model(path).about == {"games": 3}


HEAD = '{"format": "wordgames win model", '


@pytest.mark.parametrize("text", [
    "", "[]", "{}", '{"format": "other"}',
    HEAD + '"version": 2, "first_unseen": 8, "intercepts": [1], "slopes": [1]}',
    HEAD + '"version": 1, "first_unseen": 8, "intercepts": [1], "slopes": []}',
    HEAD + '"version": 1, "first_unseen": true, "intercepts": [1], "slopes": [1]}',
    HEAD + '"version": 1, "first_unseen": 8, "intercepts": ["1"], "slopes": [1]}',
    HEAD + '"version": 1, "first_unseen": 8, "intercepts": [1e999], "slopes": [1]}',
])
def test_a_bad_model_file_is_a_format_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "model.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FormatError):
        read_win_model(path)


def test_a_huge_model_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "model.json"
    with path.open("wb") as file:
        file.truncate(MAX_WIN_MODEL_BYTES + 1)
    with pytest.raises(FormatError, match="may hold at most"):
        read_win_model(path)


@settings(max_examples=60)
@given(st.binary(max_size=300) | st.builds(lambda d: json.dumps(d).encode(), st.dictionaries(
    st.sampled_from(["format", "version", "first_unseen", "intercepts", "slopes", "about"]),
    st.none() | st.integers(-3, 3) | st.floats() | st.text(max_size=5) | st.lists(st.floats(), max_size=3))))
def test_any_bytes_give_a_model_or_a_format_error(tmp_path_factory: pytest.TempPathFactory,
                                                  data: bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "model.json"
    path.write_bytes(data)
    try:
        model = read_win_model(path)
    except FormatError:
        return
    assert 0.0 <= model.probability(12.0, 30, 7) <= 1.0


def test_the_shipped_model_is_a_fitted_one_and_sensible() -> None:
    if not SHIPPED_MODEL.is_file():
        pytest.skip("the package was installed without its win model")
    model = default_win_model()
    assert isinstance(model, FittedWinModel)
    for unseen in (8, 20, 50, 90):
        chances = [model.probability(spread, unseen, 7) for spread in range(-150, 151, 10)]
        assert chances == sorted(chances) and chances[0] < 0.1 and chances[-1] > 0.9
    # A lead counts for more the fewer tiles are left.
    assert model.probability(40, 10, 7) > model.probability(40, 80, 7)
    fitted = model.about["calibration"]
    assert fitted["fitted"]["brier"] < fitted["normal"]["brier"]


def draw(curve: FittedWinModel, count: int, seed: int) -> Totals:
    """Records whose results are drawn from ``curve``."""
    rng = random.Random(seed)
    records = []
    for _ in range(count):
        unseen, spread = rng.randint(8, 12), rng.gauss(0, 60)
        result = 1.0 if rng.random() < curve.probability(spread, unseen, 7) else 0.0
        records.append(Record(unseen, spread, result))
    totals: Totals = {}
    add_records(totals, records)
    return totals


def test_the_fit_recovers_a_known_curve() -> None:
    truth = FittedWinModel(8, (-0.6,) * 5, (0.035,) * 5)
    fitted = fit(draw(truth, 20_000, 1))
    assert fitted.first_unseen == 8 and len(fitted.intercepts) == 5
    for unseen in range(8, 13):
        for spread in (-60, -20, 0, 20, 60):
            expected = truth.probability(spread, unseen, 7)
            assert fitted.probability(spread, unseen, 7) == pytest.approx(expected, abs=0.03)


def test_calibration_matches_a_record_by_record_count() -> None:
    model = FittedWinModel(8, (-0.2, 0.1), (0.03, 0.02))
    rng = random.Random(5)
    records = [Record(rng.choice((8, 9)), round(rng.gauss(0, 40)), rng.choice((0.0, 0.5, 1.0)))
               for _ in range(500)]
    totals: Totals = {}
    add_records(totals, records)
    found = calibration(model, totals)
    chances = [model.probability(r.spread, r.unseen, 7) for r in records]
    brier = sum((p - r.result) ** 2 for p, r in zip(chances, records, strict=True)) / len(records)
    loss = -sum(r.result * math.log(p) + (1 - r.result) * math.log(1 - p)
                for p, r in zip(chances, records, strict=True)) / len(records)
    assert found.records == 500
    assert found.brier == pytest.approx(brier) and found.log_loss == pytest.approx(loss)
    assert sum(n for _, _, n in found.reliability) == 500
    with pytest.raises(InvalidArgumentError):
        calibration(model, {})


def test_the_model_json_keeps_what_it_was_fitted_on() -> None:
    data = model_to_json(FittedWinModel(8, (0.5,), (0.02,), {"games": 10}))
    assert data["format"] == "wordgames win model" and data["about"] == {"games": 10}
