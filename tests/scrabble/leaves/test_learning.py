"""Learning a table from self-play on a tiny world: determinism, workers, resume, Dask."""

from __future__ import annotations

import contextlib
import itertools
import json
from dataclasses import asdict
from pathlib import Path

import pytest
from fuzz.strategies import JSON
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.cli import main
from wordgames.errors import FormatError
from wordgames.lexicon.kwg import ENGLISH_ALPHABET
from wordgames.scrabble.game.state import GameSettings
from wordgames.scrabble.leaves import LeaveTable, distribution_bounds, enumerate_leaves
from wordgames.scrabble.leaves.table import alphabet_of
from wordgames.scrabble.strategy.learning import BuildPlan, Features, _load_checkpoint, build_table, fit_model

from .conftest import TINY_TILES

SETTINGS = GameSettings(tile_set=TINY_TILES, hand_size=4)


def plan(lexicon: Path, games: int = 24, seed: int = 5) -> BuildPlan:
    return BuildPlan(str(lexicon), games, seed, iterations=2)


@pytest.fixture(scope="module")
def reference(tiny_lexicon_file: Path) -> LeaveTable:
    return build_table(plan(tiny_lexicon_file), SETTINGS)


def test_a_table_of_every_leave_is_learned_and_repeatable(
    tiny_lexicon_file: Path, reference: LeaveTable
) -> None:
    # Every leave of 1 to 3 tiles over A B E S T and one blank.
    bounds = distribution_bounds(ENGLISH_ALPHABET, TINY_TILES)
    assert sum(1 for leave in enumerate_leaves(bounds, 3) if leave) == len(reference) == 75
    assert len({value for _, value in reference.items()}) > 10
    assert build_table(plan(tiny_lexicon_file), SETTINGS) == reference
    assert build_table(plan(tiny_lexicon_file, seed=6), SETTINGS) != reference


def test_the_same_table_with_two_worker_processes(tiny_lexicon_file: Path, reference: LeaveTable) -> None:
    assert build_table(plan(tiny_lexicon_file), SETTINGS, workers=2) == reference


def test_an_interrupted_run_resumes_to_the_same_table(
    tiny_lexicon_file: Path, reference: LeaveTable, tmp_path: Path
) -> None:
    checkpoint = tmp_path / "run.checkpoint.json"
    seen: list[int] = []

    def stop_after_first_chunk(done: int, total: int) -> None:
        seen.append(done)
        if len(seen) == 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_table(plan(tiny_lexicon_file), SETTINGS, checkpoint=checkpoint, checkpoint_seconds=0,
                    progress=stop_after_first_chunk)
    assert checkpoint.exists()
    resumed: list[int] = []
    table = build_table(plan(tiny_lexicon_file), SETTINGS, checkpoint=checkpoint,
                        progress=lambda done, total: resumed.append(done))
    assert table == reference
    assert resumed[0] > seen[0] and resumed[-1] == 24
    with pytest.raises(ValueError, match="another run"):
        build_table(plan(tiny_lexicon_file, seed=9), SETTINGS, checkpoint=checkpoint)


def test_dask_runs_the_same_tasks(tiny_lexicon_file: Path, reference: LeaveTable) -> None:
    distributed = pytest.importorskip("distributed", reason="Dask (wordgames[cluster]) is not installed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as cluster:
        table = build_table(plan(tiny_lexicon_file), SETTINGS, scheduler=cluster.scheduler_address)
    assert table == reference


def test_the_model_estimates_unseen_leaves_from_their_tiles() -> None:
    features = Features("AB", [1, 3, 3], 3)
    # Keeping a blank is worth about 20 more, B about 5 less, whatever else is kept.
    totals = {}
    for code, (blanks, a, b) in {1: (1, 0, 0), 32: (0, 1, 0), 1024: (0, 0, 1), 33: (1, 1, 0),
                                 64: (0, 2, 0), 1056: (0, 1, 1)}.items():
        totals[code] = [100, 100 * (10 + 20 * blanks - 5 * b + 0 * a)]
    model = fit_model(features, totals)
    unseen = 1 + 1024 + 32  # ?AB was never recorded
    assert model.value(features, unseen) - model.value(features, 32 + 1024) == pytest.approx(20, abs=6)


def test_the_model_learns_what_two_tiles_are_worth_together() -> None:
    features = Features("ABC", [1, 3, 3, 3], 3)
    # Alone, ? is worth 20, A 5, B 3, C 1 a copy; A and B kept together are worth 10 more.
    def code(blanks: int, a: int, b: int, c: int) -> int:
        return blanks | a << 5 | b << 10 | c << 15

    def worth(blanks: int, a: int, b: int, c: int) -> float:
        return 20 * blanks + 5 * a + 3 * b + c + (10 if a and b else 0)

    unseen = (1, 1, 1, 0)  # ?AB is never recorded
    totals = {}
    for blanks, a, b, c in itertools.product(range(2), range(4), range(4), range(4)):
        if 0 < blanks + a + b + c <= 3 and (blanks, a, b, c) != unseen:
            totals[code(blanks, a, b, c)] = [100, 100.0 * worth(blanks, a, b, c)]
    model = fit_model(features, totals)
    together = model.value(features, code(*unseen)) - model.value(features, code(1, 0, 0, 0))
    assert together == pytest.approx(18, abs=0.5)  # a sum of single tiles says about 15


# --- hostile checkpoints -----------------------------------------------------------------------

TINY_FEATURES = Features(alphabet_of(TINY_TILES), distribution_bounds(alphabet_of(TINY_TILES), TINY_TILES), 3)
A = 1 << 5  # the leave "A"


def saved(lexicon: Path, **changes: object) -> dict[str, object]:
    """A valid checkpoint of ``plan(lexicon)`` part-way through its second iteration, changed."""
    state: dict[str, object] = {
        "plan": asdict(plan(lexicon)), "iteration": 1, "chunks": 1,
        "model": {"weights": [0.5] * (TINY_FEATURES.count + 1), "baseline": 1.0,
                  "corrections": {str(A): 2.0}},
        "totals": {str(A): [3, 30.0], "1": [1, -4.5]}}
    state.update(changes)
    return state


def test_a_valid_checkpoint_is_read_back(tiny_lexicon_file: Path, tmp_path: Path) -> None:
    file = tmp_path / "c.json"
    file.write_text(json.dumps(saved(tiny_lexicon_file)))
    state = _load_checkpoint(file, plan(tiny_lexicon_file), TINY_FEATURES)
    assert (state["iteration"], state["chunks"]) == (1, 1)
    assert state["totals"] == {A: [3, 30.0], 1: [1, -4.5]} and state["model"].corrections == {A: 2.0}
    fresh = saved(tiny_lexicon_file, iteration=0, chunks=2, model=None, totals={})
    file.write_text(json.dumps(fresh))
    assert _load_checkpoint(file, plan(tiny_lexicon_file), TINY_FEATURES)["model"] is None


MODEL = saved(Path("x"))["model"]
BAD_FIELDS = [
    ({"totals": []}, "totals: expected an object"),  # was an AttributeError
    ({"iteration": -5, "chunks": -3}, "iteration: -5 is out of range"),  # was an IndexError
    ({"iteration": 1_000_000}, "iteration: 1000000 is out of range"),  # was an AssertionError
    ({"iteration": 2, "chunks": 1}, "chunks: 1 is out of range"),
    ({"iteration": 1, "chunks": 3}, "chunks: 3 is out of range"),
    ({"iteration": True}, "iteration: expected a whole number"),
    ({"chunks": 1.5}, "chunks: expected a whole number"),
    ({"iteration": 0}, "model: expected a model once an iteration is done"),
    ({"model": None}, "model: expected a model once an iteration is done"),
    ({"model": [1]}, "model: expected an object"),
    ({"model": {**MODEL, "weights": [1.0]}}, "another version of the model"),
    ({"model": {**MODEL, "weights": "x"}}, "model.weights: expected a list"),
    ({"model": {**MODEL, "baseline": "1"}}, "model.baseline: expected a number"),
    ({"model": {**MODEL, "baseline": 10**400}}, "model.baseline: .* is out of range"),
    ({"model": {**MODEL, "corrections": [1]}}, "model.corrections: expected an object"),
    ({"model": {**MODEL, "corrections": {"Z": 1.0}}}, "not a leave of this tile distribution"),
    ({"totals": {"0": [1, 1.0]}}, "not a leave"),  # the empty leave
    ({"totals": {str(1 << 130): [1, 1.0]}}, "not a leave"),  # Z, a tile the tiny bag lacks
    ({"totals": {str(1 << 135): [1, 1.0]}}, "not a leave"),  # a tile beyond the alphabet
    ({"totals": {str(2): [1, 1.0]}}, "not a leave"),  # two blanks, the tiny bag has one
    ({"totals": {str(A * 4): [1, 1.0]}}, "not a leave"),  # four tiles, the leaves have three
    ({"totals": {"032": [1, 1.0]}}, "not a leave"),  # a second spelling of the leave A
    ({"totals": {" 32": [1, 1.0]}}, "not a leave"),
    ({"totals": {str(A): [1]}}, "expected a list of 2 numbers"),
    ({"totals": {str(A): [0, 1.0]}}, r"totals\[32\]\[0\]: 0 is out of range"),
    ({"totals": {str(A): [1, "1"]}}, r"totals\[32\]\[1\]: expected a number"),
    ({"totals": {str(A): [1, 1e300]}}, r"totals\[32\]\[1\]: .* is out of range"),
    ({"plan": None}, "a checkpoint of another run"),
]


@pytest.mark.parametrize(("changes", "message"), BAD_FIELDS)
def test_a_bad_field_is_refused_and_the_checkpoint_kept(
    tiny_lexicon_file: Path, tmp_path: Path, changes: dict[str, object], message: str
) -> None:
    file = tmp_path / "c.json"
    text = json.dumps(saved(tiny_lexicon_file, **changes))
    file.write_text(text)
    with pytest.raises(FormatError, match=message):
        build_table(plan(tiny_lexicon_file), SETTINGS, checkpoint=file)
    assert file.read_text() == text


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"iteration": NaN}', '{"chunks": 1e400}',
                                  '{"iteration": ' + "9" * 5000 + "}", "{"])
def test_a_checkpoint_that_is_not_json_is_refused(tiny_lexicon_file: Path, tmp_path: Path, text: str) -> None:
    """A deep one raised RecursionError, 1e400 became an infinity that int() could not take."""
    file = tmp_path / "c.json"
    file.write_text(text)
    with pytest.raises(FormatError, match=r"c\.json: not a checkpoint \("):
        build_table(plan(tiny_lexicon_file), SETTINGS, checkpoint=file)
    assert file.read_text() == text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["plan", "iteration", "chunks", "model", "totals"]), value=JSON)
def test_any_value_of_a_field_is_read_or_refused(tiny_lexicon_file: Path, tmp_path: Path, field: str,
                                                 value: object) -> None:
    file = tmp_path / "fuzz.json"
    file.write_text(json.dumps(saved(tiny_lexicon_file, **{field: value})))
    with contextlib.suppress(FormatError):
        _load_checkpoint(file, plan(tiny_lexicon_file), TINY_FEATURES)


def test_the_command_line_refuses_a_bad_checkpoint_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "deep.json"
    file.write_text("[" * 100_000 + "]" * 100_000)
    args = ["scrabble", "leaves", "build", "--games", "2", "--iterations", "1",
            "--out", str(tmp_path / "t.klv2"), "--checkpoint", str(file), "--workers", "1"]
    assert main(args) == 2
    assert capsys.readouterr().err == f"wordgames: error: {file}: not a checkpoint (nested too deeply)\n"
    assert not (tmp_path / "t.klv2").exists()
