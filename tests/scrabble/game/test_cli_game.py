"""The terminal game, autoplay and replay commands, driven through the command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import shared_file

from wordgames.cli import main
from wordgames.cli.app import build_parser
from wordgames.cli.common import progress_bar
from wordgames.cli.game_play import build_game, render_board
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.notation import format_standard_move, format_usc_move
from wordgames.scrabble.formats.save_read import load_game
from wordgames.scrabble.formats.saves import save_game
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.game.turn import Turn, TurnKind

from .conftest import computer_game
from .test_config import write_config_tree

SEED = 12
PLAYERS = "Ann,cpu:Robo"


def command_for(turn: Turn, number: int) -> str:
    """What a person would type for a turn: standard and USC notation alternate."""
    if turn.kind is TurnKind.PLACE and turn.move is not None:
        return format_standard_move(turn.move) if number % 2 == 0 else format_usc_move(turn.move)
    if turn.kind is TurnKind.EXCHANGE:
        return f"exchange {turn.tiles.lower()}"
    return "pass"


@pytest.fixture(scope="module")
def scripted(enable_trie: Lexicon) -> tuple[Game, list[str]]:
    """A greedy game (seed SEED) and the commands Ann would type to play her side of it."""
    game = computer_game(enable_trie, SEED)
    ann = [turn for turn in game.history if turn.player == 0 and turn.kind is not TurnKind.END]
    return game, [command_for(turn, number) for number, turn in enumerate(ann)]


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: list[str], *args: str
) -> tuple[int, str, str]:
    """Run ``wordgames scrabble play`` in-process with ``script`` as stdin."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in script)))
    code = main(["scrabble", "play", "--rules", "classic", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def final_scores(game: Game) -> str:
    return "Final scores: " + "  ".join(f"{p.name} {p.score}" for p in game.players)


def test_a_full_scripted_game_reaches_the_end(
    scripted: tuple[Game, list[str]], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game, commands = scripted
    noise = ["hint 2", "dance", "8H QQQQ", "PLACE x 1 1 A", "exchange", "hint x", "save", "", "8h zzz"]
    script = noise + commands
    code, out, err = play(monkeypatch, capsys, script, "--players", PLAYERS, "--seed", str(SEED))
    assert code == 0 and err == ""
    assert final_scores(game) in out
    assert "Game over:" in out and ("Winner:" in out or "Tie:" in out)
    errors = [line for line in out.splitlines() if line.startswith("! ")]
    assert len(errors) == len(noise) - 2  # all but 'hint 2' and the empty line complain
    assert "unknown command 'dance'" in out
    assert "write ZZZ for ordinary tiles" in out
    assert "\x1b[" not in out  # no colour when stdout is not a terminal
    assert out.count("Ann> ") >= len(commands)
    assert "Robo played" in out


def test_end_of_input_quits_cleanly() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "wordgames", "scrabble", "play", "--players", PLAYERS, "--seed", "3"],
        input="hint 1\n", capture_output=True, text=True, timeout=120, check=False,
    )
    assert completed.returncode == 0 and completed.stderr == ""
    assert "End of input" in completed.stdout and "1. " in completed.stdout


def test_save_quit_and_resume_finish_the_same_game(
    scripted: tuple[Game, list[str]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    enable_trie: Lexicon,
) -> None:
    game, commands = scripted
    save = tmp_path / "game.json"
    options = ["--players", PLAYERS, "--seed", str(SEED), "--save", str(save)]
    code, out, _ = play(monkeypatch, capsys, [*commands[:4], "quit"], *options)
    assert code == 0 and f"Game saved to {save}" in out
    halfway = load_game(save, enable_trie)
    assert not halfway.is_over and halfway.current == 0
    code, out, err = play(monkeypatch, capsys, commands[4:], "--resume", str(save))
    assert code == 0 and err == ""
    assert final_scores(game) in out
    finished = load_game(save, enable_trie)  # the autosave holds the finished game
    assert finished.is_over and [p.score for p in finished.players] == [p.score for p in game.players]


def test_save_command_writes_a_resumable_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "later.json"
    code, out, _ = play(monkeypatch, capsys, ["pass", f"save {target}", "quit"], "--players", PLAYERS)
    assert code == 0 and f"Saved to {target}." in out
    assert len(load_game(target).history) == 2  # Ann's pass and Robo's reply


def test_a_config_file_game_between_computers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        "hand_size: 3\nseed: 5\ntile_bag: config/bag.txt\ndictionary: config/words.txt\n"
        "board: config/board.txt\n"
    )
    config = write_config_tree(tmp_path, text)
    code, out, err = play(monkeypatch, capsys, [], "--players", "cpu:A,leave:B", "--config", str(config))
    assert code == 0 and err == ""
    assert "Game over:" in out
    assert "    A B C D E" in out  # the 5x5 board of the config


@pytest.mark.parametrize(
    ("config_line", "flags", "minimum"),
    [("minimum_word_length: 3\n", [], 3), ("", ["--min-word-length", "3"], 3),
     ("minimum_word_length: 3\n", ["--min-word-length", "2"], 2)],
)
def test_a_minimum_word_length_from_config_or_flag_rules_the_game(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    config_line: str,
    flags: list[str],
    minimum: int,
) -> None:
    text = (
        "hand_size: 3\nseed: 5\ntile_bag: config/bag.txt\ndictionary: config/words.txt\n"
        "board: config/board.txt\n" + config_line
    )
    config = write_config_tree(tmp_path, text)
    target = tmp_path / "game.json"
    code, out, err = play(
        monkeypatch, capsys, [], "--players", "cpu:A,cpu:B", "--config", str(config),
        "--save", str(target), *flags,
    )
    assert code == 0 and err == "" and "Game over:" in out
    game = load_game(target)
    assert game.settings.minimum_word_length == minimum
    words = [word for turn in game.history if turn.move is not None for word in turn.move.words]
    assert words and min(len(word) for word in words) >= minimum
    if minimum == 2:
        assert min(len(word) for word in words) == 2  # AT and TA do get played otherwise


def test_bad_play_options_are_one_line_errors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for args, message in [
        (["--size", "9"], "--size belongs to the simple rules"),
        (["--players", "Ann,robot:X"], "unknown kind"),
        (["--resume", str(tmp_path / "absent.json")], "no such saved game"),
        (["--config", str(tmp_path / "absent.txt")], "no such config file"),
        (["--min-word-length", "0"], "must be at least 1"),
    ]:
        code, _, err = play(monkeypatch, capsys, [], *args)
        assert code == 2 and message in err and err.count("\n") == 1


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_draws_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    with progress_bar(4, "game") as bar:
        bar.update(4)
    assert pipe.getvalue() == "" and bar.disable
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with progress_bar(4, "game") as bar:
        for _ in range(4):
            bar.update(1)
    assert "0/4" in terminal.getvalue() and bar.n == 4


def test_render_board_colours_only_on_request() -> None:
    board = Board()
    board.place(7, 7, "Q")
    board.place(7, 8, "i")
    plain = render_board(board)
    lines = plain.splitlines()
    assert lines[0].startswith("    A B C") and lines[8] == "  8 = . . ' . . . Q i . . ' . . ="
    assert lines[1] == "  1 = . . ' . . . = . . . ' . . ="
    assert "\x1b[" not in plain
    coloured = render_board(board, colour=True)
    assert "\x1b[41m=\x1b[0m" in coloured and "\x1b[30;43;1mQ\x1b[0m" in coloured


# --- autoplay and replay --------------------------------------------------------------------------


def test_autoplay_writes_games_that_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "games"
    code = main(["scrabble", "autoplay", "--games", "2", "--seed", "5", "--strategy", "greedy,leave",
                 "--gcg-dir", str(folder)])
    captured = capsys.readouterr()
    assert code == 0 and captured.err == ""  # no progress bar when stderr is not a terminal
    for label in ("average score:", "bingos per game:", "moves per second", "games per minute", "wins:"):
        assert label in captured.out
    files = sorted(folder.glob("*.gcg"))
    assert [f.name for f in files] == ["game-0001.gcg", "game-0002.gcg"]
    for file in files:
        assert main(["scrabble", "replay", str(file)]) == 0
        assert "events check" in capsys.readouterr().out
    # The seats alternate: leave_2 moves first in the second game.
    assert files[1].read_text().splitlines()[1].startswith("#player1 leave_2")

    lines = files[0].read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(">") and i > 6)
    fields = lines[index].split()
    fields[-2] = f"+{int(fields[-2]) + 3}"
    lines[index] = " ".join(fields)
    tampered = tmp_path / "tampered.gcg"
    tampered.write_text("\n".join(lines) + "\n")
    assert main(["scrabble", "replay", str(tampered)]) == 1
    out = capsys.readouterr().out
    assert f"line {index + 1}:" in out and "the file says" in out


def test_tournament_end_rule_games_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "games"
    assert main(["scrabble", "autoplay", "--games", "1", "--seed", "7", "--end-rule", "tournament",
                 "--gcg-dir", str(folder)]) == 0
    capsys.readouterr()
    ends = [line for line in (folder / "game-0001.gcg").read_text().splitlines() if "(" in line]
    assert len(ends) == 1  # the going-out line only: nobody loses their rack
    assert main(["scrabble", "replay", str(folder / "game-0001.gcg")]) == 0
    assert main(["scrabble", "autoplay", "--end-rule", "casual"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_replay_follows_the_files_lexicon_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, lists = tmp_path / "games", tmp_path / "lists"
    lists.mkdir()
    (lists / "mine.txt").write_text(Path(shared_file("lexicons/words_small.txt")).read_text())
    monkeypatch.setenv("WORDGAMES_LEXICON_PATH", str(lists))
    assert main(["scrabble", "autoplay", "--games", "1", "--seed", "2", "--lexicon", "mine",
                 "--gcg-dir", str(folder)]) == 0
    capsys.readouterr()
    record = folder / "game-0001.gcg"
    assert "#lexicon mine\n" in record.read_text()
    assert main(["scrabble", "replay", str(record)]) == 0  # found by name, not the default list
    monkeypatch.setenv("WORDGAMES_LEXICON_PATH", "")
    assert main(["scrabble", "replay", str(record)]) == 2
    assert "the GCG file names the lexicon 'mine', which is not a known name" in capsys.readouterr().err
    assert main(["scrabble", "replay", str(record), "--lexicon", str(lists / "mine.txt")]) == 0


def test_a_super_board_game_replays_without_flags(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "games"
    assert main(["scrabble", "autoplay", "--games", "1", "--seed", "3", "--layout", "super",
                 "--gcg-dir", str(folder)]) == 0
    capsys.readouterr()
    record = folder / "game-0001.gcg"
    assert "#board-layout SuperCrosswordGame" in record.read_text()
    assert main(["scrabble", "replay", str(record)]) == 0  # the layout comes from the file
    assert "events check" in capsys.readouterr().out
    assert main(["scrabble", "replay", str(record), "--layout", "standard"]) == 1  # the flag wins
    text = record.read_text()
    record.write_text(text.replace("#board-layout SuperCrosswordGame", "#board-layout hexagonal"))
    assert main(["scrabble", "replay", str(record)]) == 2
    assert "unknown #board-layout 'hexagonal'" in capsys.readouterr().err


def test_autoplay_json_and_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["scrabble", "autoplay", "--games", "1", "--seed", "9", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["games"] == 1 and stats["turns"] > 10 and len(stats["players"]) == 2
    assert main(["scrabble", "autoplay", "--strategy", "random"]) == 2
    assert "unknown strategy" in capsys.readouterr().err
    bad = tmp_path / "bad.gcg"
    bad.write_text("this is not a game\n")
    assert main(["scrabble", "replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "no #player lines" in err or "not a GCG line" in err
    assert main(["scrabble", "replay", str(tmp_path / "absent.gcg")]) == 2


@pytest.mark.parametrize(
    ("lexicon_args", "expected_words"),
    [([], 4), (["--lexicon", "enable"], 172_823)],
    ids=["config-dictionary", "explicit-lexicon-wins"],
)
def test_the_config_dictionary_applies_unless_a_lexicon_is_given(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lexicon_args: list[str],
    expected_words: int,
) -> None:
    text = (
        "hand_size: 3\nseed: 5\ntile_bag: config/bag.txt\ndictionary: config/words.txt\n"
        "board: config/board.txt\n"
    )
    config = write_config_tree(tmp_path, text)
    target = tmp_path / "game.json"
    code, _, err = play(
        monkeypatch, capsys, ["pass", "quit"], "--players", "Ann,cpu:Robo", "--config", str(config),
        "--save", str(target), *lexicon_args,
    )
    assert code == 0 and err == ""
    assert len(load_game(target).lexicon) == expected_words


def test_a_resumed_game_takes_the_search_budgets_of_the_command_line(enable_trie: Lexicon,
                                                                     tmp_path: Path) -> None:
    """``--endgame-time``, ``--move-time`` and ``--workers`` are options of the run, which a
    save does not keep: a resumed game takes them as a new one does."""
    game = Game(["Ann", Player("Robo", "champion")], enable_trie, GameSettings(seed=SEED, move_time=3))
    path = tmp_path / "game.json"
    save_game(game, path)
    arguments = ["scrabble", "play", "--resume", str(path), "--move-time", "0.5", "--endgame-time", "2",
                 "--workers", "2"]
    for args in (build_parser().parse_args(arguments),
                 build_parser().parse_args(["scrabble", "play", "--players", PLAYERS, *arguments[4:]])):
        built, _ = build_game(args)
        settings = built.settings
        assert (settings.move_time, settings.endgame_time, settings.search_workers) == (0.5, 2, 2)
        assert built.situation().search_workers == 2
    args = build_parser().parse_args(["scrabble", "play", "--resume", str(path)])
    assert build_game(args)[0].settings.move_time is None  # the run's default, not the saved game's
