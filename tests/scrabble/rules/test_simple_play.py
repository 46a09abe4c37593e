"""``scrabble play --rules simple``: the spec's sample sessions replayed through the command
line, and the game's own behaviour (prompts, blanks, the end of the game)."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import shared_file

from wordgames.cli import main

from .support import fit_path

SPEC = "specs/fit1045-scrabble-assignment.txt"
PROMPTS = (
    "Do you want to use random tiles (enter Y or N): ",
    "Enter board size (a number between 5 to 15): ",
    "Enter your word: ",
    "Enter the location in row:col:direction format: ",
)
INPUT_LINE = re.compile("^(" + "|".join(re.escape(p.rstrip()) for p in PROMPTS) + r")\s*(.*)$")
# The lines that carry the game's information; the board drawings are garbled in the spec.
KEY_LINE = re.compile(
    r"^(Maximum possible score|Your score in this move|Your total score is|Invalid Move|"
    r"The location in the first move|This word doesn't exist|Your move was the best move|"
    r"Tiles :|Scores:)"
)


def key_lines(text: str) -> list[str]:
    """The information lines of a transcript, stripped and with single spaces."""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return [line for line in lines if KEY_LINE.match(line)]


def spec_session(lines: list[str]) -> tuple[list[str], list[str]]:
    """The user's inputs and the expected information lines of one sample in the spec."""
    inputs = [match[2].strip() for line in lines if (match := INPUT_LINE.match(line.strip()))]
    expected = key_lines("\n".join(lines))
    # The spec's text was extracted from a PDF that shows one O of a rack as a zero.
    expected = [re.sub(r"\b0\b", "O", line) if line.startswith("Tiles") else line for line in expected]
    return inputs, expected


def spec_sessions() -> dict[str, tuple[list[str], list[str]]]:
    """The spec's full sample games (7x7, 9x9, 12x12) by board size, and the short Task 1
    sample (7x7, no best-move lines) as ``"task1"``."""
    lines = shared_file(SPEC).read_text(encoding="utf-8").splitlines()
    sessions = {}
    starts = [i for i, line in enumerate(lines) if line.startswith(PROMPTS[0].rstrip())]
    for begin, following in zip(starts, [*starts[1:], len(lines)], strict=True):
        end = next((i for i in range(begin, following) if lines[i].strip() == "Enter your word: ***"), None)
        if end is not None:
            inputs, expected = spec_session(lines[begin : end + 1])
            sessions[inputs[1]] = (inputs, expected)
    begin = next(i for i, line in enumerate(lines) if "A sample execution is shown below." in line)
    end = next(i for i in range(begin, len(lines)) if lines[i].startswith("Note that the rules of this game"))
    inputs, expected = spec_session(lines[begin:end])
    sessions["task1"] = (["N", "7", *inputs, "***"], expected)
    return sessions


def fit_play_command(*extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "wordgames",
        "scrabble",
        "play",
        "--rules",
        "simple",
        "--letter-values",
        str(fit_path("scores.txt")),
        "--lexicon",
        str(fit_path("dictionary.txt")),
        *extra,
    ]


def run_play(inputs: list[str], *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        fit_play_command(*extra),
        input="".join(f"{line}\n" for line in inputs),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[3],
    )


def test_the_spec_has_the_four_samples() -> None:
    sessions = spec_sessions()
    assert sorted(sessions) == ["12", "7", "9", "task1"]
    inputs, expected = sessions["7"]
    assert inputs[:4] == ["N", "7", "TONE", "3:1:H"]
    assert "Maximum possible score in this move was 11 with word SNOB at 3:3:H" in expected
    assert sum(line.startswith("Your score") for line in sessions["12"][1]) == 9


@pytest.mark.parametrize("size", ["7", "9", "12"])
def test_replay_the_specs_sample_session(size: str) -> None:
    inputs, expected = spec_sessions()[size]
    result = run_play(inputs, "--no-random", "--deal-order", str(fit_path("tiles.txt")))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert key_lines(_split_prompts(result.stdout)) == expected


def test_replay_the_task1_sample_without_best_move_lines() -> None:
    inputs, expected = spec_sessions()["task1"]
    # The random question and the size are answered on stdin here, as in the spec's header.
    result = run_play(inputs, "--deal-order", str(fit_path("tiles.txt")))
    assert result.returncode == 0, result.stderr
    shown = [
        line
        for line in key_lines(_split_prompts(result.stdout))
        if not line.startswith(("Maximum possible", "Your move was the best"))
    ]
    assert shown == expected


def _split_prompts(output: str) -> list[str] | str:
    """Piped input is not echoed, so put what follows each prompt on its own line."""
    for prompt in PROMPTS:
        output = output.replace(prompt, prompt + "\n")
    return output


def test_the_board_is_drawn_as_in_the_spec() -> None:
    result = run_play(
        ["TONE", "6:6:H", "***"], "--no-random", "--size", "12", "--deal-order", str(fit_path("tiles.txt"))
    )
    lines = result.stdout.splitlines()
    header = lines.index("Board:")
    assert lines[header + 1] == "  | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 |10 |11 |"
    assert lines[header + 2] == "--|" + "---|" * 12
    assert lines[header + 3] == "0 |" + "   |" * 12
    last = len(lines) - 1 - lines[::-1].index("Board:")
    assert lines[last + 3 + 2 * 6] == "6 |   |   |   |   |   |   | T | O | N | E |   |   |"
    assert lines[last + 3 + 2 * 10] == "10|" + "   |" * 12


# --- the game's own behaviour, in process -------------------------------------------------------


def play_in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stdin: str, *args: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(["scrabble", "play", "--rules", "simple", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def fit_args(*extra: str) -> list[str]:
    return [
        "--letter-values",
        str(fit_path("scores.txt")),
        "--lexicon",
        str(fit_path("dictionary.txt")),
        *extra,
    ]


def test_questions_are_asked_again_until_answered(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = play_in_process(
        monkeypatch,
        capsys,
        "maybe\nn\n4\nseven\n16\n5\n***\n",
        *fit_args("--deal-order", str(fit_path("tiles.txt"))),
    )
    assert (code, err) == (0, "")
    assert out.count(PROMPTS[0]) == 2 and out.count(PROMPTS[1]) == 4
    assert "  | 0 | 1 | 2 | 3 | 4 |\n" in out


def test_end_of_input_ends_the_game_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for stdin in ("", "N\n", "N\n7\n", "N\n7\nTONE\n", "N\n7\nTONE\n3:3:H\n"):
        code, out, err = play_in_process(
            monkeypatch, capsys, stdin, *fit_args("--deal-order", str(fit_path("tiles.txt")))
        )
        assert (code, err) == (0, ""), stdin
    assert "Your total score is: 8" in out


def test_random_tiles_repeat_with_a_seed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = [
        play_in_process(
            monkeypatch,
            capsys,
            "***\n",
            *fit_args("--random", "--seed", "5", "--size", "7", "--deal-order", str(fit_path("tiles.txt"))),
        )[1]
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert "Tiles : B S N O E U T" not in runs[0]
    other = play_in_process(
        monkeypatch,
        capsys,
        "***\n",
        *fit_args("--random", "--seed", "6", "--size", "7", "--deal-order", str(fit_path("tiles.txt"))),
    )[1]
    assert other != runs[0]


def test_default_data_is_the_standard_bag_and_enable(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = play_in_process(monkeypatch, capsys, "***\n", "--random", "--seed", "1", "--size", "9")
    assert code == 0
    tiles = re.search(r"Tiles : (.*)", out)
    assert tiles is not None and len(tiles[1].split()) == 7
    # Without a seed-free random, "no random tiles" is a fixed order: the same every time.
    fixed = [play_in_process(monkeypatch, capsys, "***\n", "--no-random", "--size", "9")[1] for _ in range(2)]
    assert fixed[0] == fixed[1]


def play_dealt(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    tiles: str,
    script: str,
) -> tuple[int, str, str]:
    """Play a 7x7 game whose tiles come in the order ``tiles`` (a FIT1045 deal file)."""
    deal = tmp_path / "deal.txt"
    deal.write_text("".join(tile + "\n" for tile in tiles))
    return play_in_process(
        monkeypatch, capsys, script, *fit_args("--no-random", "--size", "7", "--deal-order", str(deal))
    )


def test_blanks_are_played_for_missing_letters(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = play_dealt(monkeypatch, capsys, tmp_path, "CA?SEEE", "cast\n3:3:H\n***\n")
    assert code == 0
    assert "Tiles : C A ? S E E E\nScores: 5 1 0 3 1 1 1" in out
    assert "Your score in this move: 9" in out  # C5 + A1 + S3 + blank-as-T 0
    assert "3 |   |   |   | C | A | S | t |" in out
    assert "Tiles : E E E" in out


def test_the_game_ends_when_no_move_is_possible(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = play_dealt(monkeypatch, capsys, tmp_path, "QQQQQQQ", "")
    assert code == 0
    assert out.rstrip().endswith("No valid move can be made with these tiles. Game over!")


def test_the_game_ends_when_the_tiles_run_out(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = play_dealt(monkeypatch, capsys, tmp_path, "TONE", "TONE\n3:3:V\n")
    assert code == 0
    assert "Your total score is: 8" in out
    assert out.rstrip().endswith("No tiles left. Game over!")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--size", "4"], "--size must be between 5 and 15"),
        (["--save", "x.json"], "--save is not available"),
        (["--min-word-length", "3"], "--min-word-length is not available"),
        (["--end-rule", "tournament"], "--end-rule is not available"),
        (["--deal-order", "/nonexistent/tiles.txt"], "/nonexistent/tiles.txt"),
        (["--letter-values", "/nonexistent/scores.txt"], "/nonexistent/scores.txt"),
    ],
)
def test_bad_options_give_one_error_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], fragment: str
) -> None:
    code, out, err = play_in_process(monkeypatch, capsys, "N\n7\n***\n", *args)
    assert (code, out) == (2, ""), "options are checked before any question"
    assert len(err.strip().splitlines()) == 1 and fragment in err


def test_letter_values_without_counts_need_a_deal_order(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = play_in_process(
        monkeypatch,
        capsys,
        "***\n",
        "--random",
        "--size",
        "7",
        "--letter-values",
        str(fit_path("scores.txt")),
    )
    assert code == 2 and "--deal-order" in err


def test_hand_size_option(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = play_in_process(
        monkeypatch,
        capsys,
        "SNOB\n3:3:H\n***\n",
        *fit_args(
            "--no-random", "--size", "7", "--hand-size", "5", "--deal-order", str(fit_path("tiles.txt"))
        ),
    )
    assert code == 0
    assert "Tiles : B S N O E\n" in out
    assert "Tiles : E U T E I\n" in out, "the hand is refilled to five tiles in deal order"


def test_letters_outside_the_alphabet_are_invalid_moves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # TAß would upper-case to TASS, one letter longer: it is refused, as are É and Greek.
    script = "taß\n3:3:H\ncaé\n3:3:H\nκατ\n3:3:H\ncast\n3:3:H\n***\n"
    code, out, _ = play_dealt(monkeypatch, capsys, tmp_path, "CASTRAE", script)
    assert code == 0 and out.count("Invalid Move!\n") == 3
    assert "3 |   |   |   | C | A | S | T |" in out and "TASS" not in out


def test_deal_files_with_letters_outside_the_alphabet_are_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = play_dealt(monkeypatch, capsys, tmp_path, "CASTßAE", "")
    assert code == 2 and "'ß' is not a tile" in err
