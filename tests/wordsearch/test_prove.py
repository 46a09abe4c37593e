"""``prove`` and ``wordgames boggle prove``: complete against brute force on small boards,
resumable from checkpoints, the same on one process, several, and a Dask ``LocalCluster``."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import pytest

from wordgames.cli import main
from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.limits import MAX_PROOF_CELLS
from wordgames.wordsearch import Board
from wordgames.wordsearch.bestboard import board_text
from wordgames.wordsearch.boardspace import canonical, symmetries
from wordgames.wordsearch.prove import ProofResult, prove

from .support import official_points, words_on_board

WORDS = ("ate eat tea tee sat set sea eats east seat teas tease state taste tat rest tears "
         "stare rates aster tree trees terse reset steer ester tsar star rats arts")
LETTER_CLASSES = "A E RST"


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return lexicon_from_words(WORDS.split())


def brute_force(lexicon: Lexicon, rows: int, columns: int, letters: str, target: int) -> dict[str, int]:
    """Every board over ``letters`` scoring at least ``target``, by canonical text."""
    images = symmetries(rows, columns)
    found = {}
    for cells in itertools.product(letters, repeat=rows * columns):
        key = canonical(cells, images)
        text = board_text(key, columns)
        if text in found:
            continue
        board = Board.from_cells(list(cells), columns)
        score = sum(official_points(len(word)) for word in words_on_board(board, lexicon) if len(word) >= 3)
        if score >= target:
            found[text] = score
    return found


@pytest.mark.parametrize(("rows", "columns", "target"), [(2, 2, 4), (2, 3, 9)])
def test_the_proof_lists_exactly_the_boards_brute_force_finds(
    lexicon: Lexicon, rows: int, columns: int, target: int
) -> None:
    result = prove(lexicon, rows, columns, min_score=target, letter_classes=LETTER_CLASSES, workers=1)
    expected = brute_force(lexicon, rows, columns, "AERST", target)
    assert expected  # the target is reachable: the test means something
    assert result.proved and result.chunks_done == result.chunks
    assert {entry.board: entry.score for entry in result.boards} == expected
    assert [entry.score for entry in result.boards] == sorted(expected.values(), reverse=True)


def test_a_known_best_board_sets_the_target(lexicon: Lexicon) -> None:
    result = prove(lexicon, 2, 2, best="TE/AS", letter_classes=LETTER_CLASSES, workers=1)
    known = board_text(canonical(("T", "E", "A", "S"), symmetries(2, 2)), 2)
    expected = brute_force(lexicon, 2, 2, "AERST", result.target)
    assert result.proved and result.target == expected[known]
    assert {entry.board: entry.score for entry in result.boards} == expected
    with pytest.raises(InvalidArgumentError):
        prove(lexicon, 2, 2, best="TEA/SET", letter_classes=LETTER_CLASSES, workers=1)
    with pytest.raises(InvalidArgumentError):
        prove(lexicon, 2, 2, letter_classes=LETTER_CLASSES, workers=1)


class Interrupt(Exception):
    """Stands for a crash or a Ctrl-C part of the way through."""


def test_an_interrupted_proof_resumes_from_its_checkpoint(lexicon: Lexicon, tmp_path: Path) -> None:
    whole = prove(lexicon, 2, 3, min_score=9, letter_classes=LETTER_CLASSES, workers=1)
    checkpoint = tmp_path / "proof.json"
    seen: list[int] = []

    def crash_after_ten(result: ProofResult) -> None:
        seen.append(result.chunks_done)
        if result.chunks_done == 10:
            raise Interrupt

    with pytest.raises(Interrupt):
        prove(lexicon, 2, 3, min_score=9, letter_classes=LETTER_CLASSES, workers=1,
              checkpoint=checkpoint, progress=crash_after_ten, checkpoint_seconds=1e9)
    saved = json.loads(checkpoint.read_text())
    assert bin(int(saved["done"], 16)).count("1") == 10  # saved on the way out
    resumed: list[int] = []
    result = prove(lexicon, 2, 3, min_score=9, letter_classes=LETTER_CLASSES, workers=1,
                   checkpoint=checkpoint, progress=lambda r: resumed.append(r.chunks_done))
    assert 10 < resumed[0] <= 12  # counted from the ten settled before the crash
    assert result.proved and result.boards == whole.boards
    assert result.classes_evaluated == whole.classes_evaluated  # none settled twice
    # Done: running again settles nothing and reports the same.
    again = prove(lexicon, 2, 3, min_score=9, letter_classes=LETTER_CLASSES, workers=1, checkpoint=checkpoint)
    assert again.boards == whole.boards and again.proved


def test_a_time_budget_stops_the_proof_between_chunks(lexicon: Lexicon, tmp_path: Path) -> None:
    checkpoint = tmp_path / "proof.json"
    partial = prove(lexicon, 2, 3, min_score=9, letter_classes=LETTER_CLASSES, workers=1,
                    checkpoint=checkpoint, seconds=1e-9)
    assert not partial.proved and partial.chunks_done <= 1
    assert prove(lexicon, 2, 3, min_score=9, letter_classes=LETTER_CLASSES, workers=1,
                 checkpoint=checkpoint).proved


def test_checkpoints_of_other_proofs_or_garbage_are_refused(lexicon: Lexicon, tmp_path: Path) -> None:
    checkpoint = tmp_path / "proof.json"
    prove(lexicon, 2, 2, min_score=4, letter_classes=LETTER_CLASSES, workers=1, checkpoint=checkpoint)
    with pytest.raises(FormatError, match="another proof"):
        prove(lexicon, 2, 2, min_score=5, letter_classes=LETTER_CLASSES, workers=1, checkpoint=checkpoint)
    checkpoint.write_text("{not json")
    with pytest.raises(FormatError):
        prove(lexicon, 2, 2, min_score=4, letter_classes=LETTER_CLASSES, workers=1, checkpoint=checkpoint)
    for text in ("[" * 100_000 + "]" * 100_000, '{"seconds": 1e400}'):  # a RecursionError, an infinity
        checkpoint.write_text(text)
        with pytest.raises(FormatError, match=r"proof\.json: not a proof checkpoint \("):
            prove(lexicon, 2, 2, min_score=4, letter_classes=LETTER_CLASSES, workers=1, checkpoint=checkpoint)
        assert checkpoint.read_text() == text
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(FormatError, match="not a regular file"):  # and it does not block
        prove(lexicon, 2, 2, min_score=4, letter_classes=LETTER_CLASSES, workers=1, checkpoint=fifo)


def test_local_processes_give_the_same_proof(lexicon: Lexicon) -> None:
    one = prove(lexicon, 2, 3, min_score=9, letter_classes=LETTER_CLASSES, workers=1)
    two = prove(lexicon, 2, 3, min_score=9, letter_classes=LETTER_CLASSES, workers=2)
    assert (two.boards, two.proved, two.classes_evaluated) == (one.boards, one.proved, one.classes_evaluated)


def test_a_dask_local_cluster_gives_the_same_proof(lexicon: Lexicon) -> None:
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    one = prove(lexicon, 2, 3, min_score=9, letter_classes=LETTER_CLASSES, workers=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=":0") as cluster:
        on_cluster = prove(lexicon, 2, 3, min_score=9, letter_classes=LETTER_CLASSES,
                           scheduler=cluster.scheduler_address)
    assert (on_cluster.boards, on_cluster.proved) == (one.boards, one.proved)
    assert on_cluster.classes_evaluated == one.classes_evaluated


@pytest.fixture
def word_file(tmp_path: Path) -> str:
    file = tmp_path / "words.txt"
    file.write_text("\n".join(WORDS.split()) + "\n", encoding="utf-8")
    return str(file)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["boggle", "prove", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_cli_proves_and_reports_json(
    capsys: pytest.CaptureFixture[str], word_file: str, tmp_path: Path, lexicon: Lexicon
) -> None:
    checkpoint = str(tmp_path / "c.json")
    argv = ("--size", "2x3", "--lexicon", word_file, "--min-score", "9", "--letter-classes",
            LETTER_CLASSES, "--workers", "1", "--checkpoint", checkpoint, "--json")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    result = json.loads(out)
    assert {"boards", "proved", "classes_evaluated", "seconds"} <= set(result)
    assert result["proved"] is True and result["classes_evaluated"] > 0
    assert {entry["board"]: entry["score"] for entry in result["boards"]} == brute_force(
        lexicon, 2, 3, "AERST", 9)
    code, out, _ = run(capsys, *argv[:-1])  # text, resumed from the finished checkpoint
    assert code == 0 and "Proved: no other board scores 9 or more" in out


def test_the_cli_without_a_target_anneals_one(
    capsys: pytest.CaptureFixture[str], word_file: str, tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "--size", "2x2", "--lexicon", word_file, "--letter-classes",
                       LETTER_CLASSES, "--workers", "1", "--checkpoint", str(tmp_path / "c.json"))
    assert code == 0 and out.startswith("Target: ") and "Proved" in out


@pytest.mark.parametrize("argv", [
    ("--size", "2x2", "--best", "TEA/SET"),
    ("--size", "9x9", "--min-score", "5"),
    ("--size", "2x2", "--min-score", "0"),
    ("--size", "2x2", "--min-score", "5", "--letter-classes", "AE EA"),
    ("--size", "2x2", "--min-score", "5", "--seconds", "-1"),
    ("--size", "2x2", "--min-score", "5", "--workers", "0"),
])
def test_the_cli_refuses_bad_arguments_in_one_line(
    capsys: pytest.CaptureFixture[str], word_file: str, tmp_path: Path, argv: tuple[str, ...]
) -> None:
    code, out, err = run(capsys, *argv, "--lexicon", word_file, "--checkpoint", str(tmp_path / "c.json"))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("size", ["5x5", "10x10", "3x7"])
def test_boards_too_large_to_prove_are_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lexicon: Lexicon, size: str
) -> None:
    """No target search, not even the word list read: a missing one is not what is reported."""
    code, out, err = run(capsys, "--size", size, "--lexicon", str(tmp_path / "missing.txt"),
                         "--checkpoint", str(tmp_path / "c.json"))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"boards of at most {MAX_PROOF_CELLS} cells can be proved, not {size}" in err
    rows, columns = (int(side) for side in size.split("x"))
    with pytest.raises(InvalidArgumentError, match=f"at most {MAX_PROOF_CELLS} cells"):
        prove(lexicon, rows, columns, letter_classes=LETTER_CLASSES, workers=1,
              checkpoint=tmp_path / "c.json")
    assert not (tmp_path / "c.json").exists()
