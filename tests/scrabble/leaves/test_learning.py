"""Learning a table from self-play on a tiny world: determinism, workers, resume, Dask."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from wordgames.lexicon.kwg import ENGLISH_ALPHABET
from wordgames.scrabble.game.state import GameSettings
from wordgames.scrabble.leaves import LeaveTable, distribution_bounds, enumerate_leaves
from wordgames.scrabble.strategy.learning import BuildPlan, Features, build_table, fit_model

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
