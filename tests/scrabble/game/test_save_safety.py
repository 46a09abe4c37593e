"""Saves under hostile conditions (issue 11, items 3, 11, 12, 13): oversized and deeply nested
files, forged saves with a recomputed checksum, a folder, FIFO or symlink where the save goes,
file modes, a full disk in the middle of a game, and temporaries left by a killed save."""

from __future__ import annotations

import errno
import fcntl
import io
import json
import os
import stat
import sys
import time
from pathlib import Path
from string import ascii_uppercase
from typing import Any

import pytest

from wordgames import atomic
from wordgames.cli import main
from wordgames.errors import FileWriteError, FormatError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble.formats import save_read
from wordgames.scrabble.formats.save_read import load_game
from wordgames.scrabble.formats.saves import _checksum, game_to_state, save_game
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings

# Every two-letter string is a word, so the first computer turn always places tiles.
LEXICON = lexicon_from_words([a + b for a in ascii_uppercase for b in ascii_uppercase])


def small_game() -> Game:
    game = Game([Player("Ann", "greedy"), Player("Robo", "leave")], LEXICON, GameSettings(seed=2))
    game.play_computer_turn()
    assert game.history[0].move is not None
    return game


def forged(edit: Any) -> dict[str, Any]:
    state = game_to_state(small_game())
    edit(state)
    state["checksum"] = _checksum(state)
    return state


# --- loading -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda s: s["players"][1].__setitem__("strategy", "cheat"),
         r"players\[1\]\.strategy: 'cheat' is not one of ([\w-]+, )*greedy, leave"),
        (lambda s: s["settings"].__setitem__("hand_size", 10**6),
         r"settings\.hand_size: 1000000 is out of range \(1 to 20\)"),
        (lambda s: s["settings"]["tile_set"]["values"].__setitem__("A", -100),
         r"settings\.tile_set: tile set values: A has -100"),
        (lambda s: s["settings"].__setitem__("minimum_word_length", 99),
         r"settings\.minimum_word_length: 99 is out of range \(1 to 15\)"),
        (lambda s: s["settings"].__setitem__("rules", "poker"), r"settings\.rules: 'poker' is not one of"),
        (lambda s: s["settings"].__setitem__("scoreless_turn_limit", 0), r"settings\.scoreless_turn_limit"),
        (lambda s: s["settings"]["layout"].__setitem__("rows", 10**9), r"settings\.layout\.rows"),
        (lambda s: s["players"][0].__setitem__("rack", "ABCDEFGHIJ"), r"players\[0\]\.rack: 10 tiles"),
        (lambda s: s["players"][0].__setitem__("rack", "ßA"), r"players\[0\]\.rack: bad rack"),
        (lambda s: s["bag"].__setitem__("tiles", ["É"]), r"bag\.tiles: the bag: 'É' is not a tile"),
        (lambda s: s["bag"]["random"].__setitem__(1, [1, 2]), r"bag\.random: not a random generator"),
        (lambda s: s.__setitem__("scoreless_streak", -3), r"scoreless_streak: -3 is out of range"),
        (lambda s: s.__setitem__("current", int("9" * 4000)),
         r"^[^\n]{0,300}current: a number of 4,000 digits is out of range \(0 to 1\)[^\n]{0,300}$"),
        (lambda s: s.__setitem__("end_reason", "boredom"), r"end_reason: 'boredom' is not one of"),
        (lambda s: s["history"][0]["move"].__setitem__("row", 99), r"history\[0\]\.move\.row: 99"),
        (lambda s: s["history"][0]["move"]["placed"][0].__setitem__(2, "ß"),
         r"history\[0\]\.move\.placed\[0\]: 'ß' is not a letter"),
        (lambda s: s.__setitem__("players", []), "players: a game needs at least one player"),
        (lambda s: s.__setitem__("board", "not a list"), "board: expected a list"),
        # Issue 29, item 7: fields that summarise the history must agree with it.
        (lambda s: s.__setitem__("end_reason", "out"),
         r"inconsistent saved game \(the game ended with a player out, but \d+ tiles are in the bag"),
        (lambda s: s.__setitem__("end_reason", "scoreless"),
         r"inconsistent saved game \(the game ended after 6 scoreless turns, but the history ends with 0"),
        (lambda s: s.__setitem__("scoreless_streak", 2),
         r"inconsistent saved game \(a scoreless streak of 2; the history ends with 0\)"),
        (lambda s: s["bag"]["random"].__setitem__(1, [0] * 624 + [624]),
         r"bag\.random: an all-zero random generator state"),
        # A hand size edited up: 7-tile racks beside a bag of 86 tiles.
        (lambda s: s["settings"].__setitem__("hand_size", 20),
         r"players\[0\]\.rack: 7 tiles while the bag holds \d+; a rack is refilled to 20 while the bag"),
        (lambda s: s["players"][1].__setitem__("rack", s["players"][1]["rack"][:5]),
         r"players\[1\]\.rack: 5 tiles while the bag holds"),
    ],
)
def test_forged_saves_are_refused_naming_the_field(edit: Any, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        save_read.game_from_state(forged(edit), LEXICON)


def test_a_finished_game_with_a_history_that_goes_on_is_refused(enable_trie: Lexicon) -> None:
    """The other direction of issue 29, item 7: a save whose history ended the game (the
    end-of-game adjustments are in it) but that says the game goes on."""
    game = Game([Player("Ann", "greedy"), Player("Bob", "greedy")], enable_trie,
                GameSettings(seed=5, scoreless_turn_limit=2))
    game.pass_turn()
    game.pass_turn()
    assert game.end_reason == "scoreless"
    state = game_to_state(game)
    assert save_read.game_from_state(state, enable_trie).end_reason == "scoreless"
    state["end_reason"] = None
    state["checksum"] = _checksum(state)
    with pytest.raises(FormatError, match="the history ended the game, but the save says it goes on"):
        save_read.game_from_state(state, enable_trie)


def test_deeply_nested_json_is_one_line_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "d.json"
    path.write_text("[" * 100_000 + "\n")
    assert main(["scrabble", "play", "--resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"wordgames: error: {path}: nested deeper than a saved game (8 levels)\n"
    deep: list[object] = [1]
    for _ in range(9):
        deep = [deep]
    path.write_text(json.dumps({"format": "wordgames-scrabble-game", "version": 1, "x": deep}))
    with pytest.raises(FormatError, match="nested deeper"):
        load_game(path, LEXICON)


def test_an_oversized_save_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    save_game(small_game(), path)
    monkeypatch.setattr(save_read, "MAX_SAVE_FILE_BYTES", 1000)
    with pytest.raises(FormatError, match="may hold at most 1,000 bytes"):
        load_game(path, LEXICON)


# --- writing -----------------------------------------------------------------------------------


def test_a_symlink_is_written_through(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    save_game(small_game(), link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert len(load_game(target, LEXICON).history) == 1


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600])
def test_an_existing_file_keeps_its_mode(tmp_path: Path, mode: int) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")
    path.chmod(mode)
    save_game(small_game(), path)
    assert stat.S_IMODE(path.stat().st_mode) == mode


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file away")
def test_saving_over_another_users_file_keeps_its_owner(tmp_path: Path) -> None:
    """Issue 29, item 10: the replaced file's owner and group stay where the process may set
    them (root may; the documentation says what happens otherwise)."""
    path = tmp_path / "game.json"
    path.write_text("{}")
    os.chown(path, 4321, 4322)
    save_game(small_game(), path)
    status = path.stat()
    assert (status.st_uid, status.st_gid) == (4321, 4322)
    assert load_game(path, LEXICON).history


def test_a_hard_link_keeps_the_old_content(tmp_path: Path) -> None:
    """The documented price of atomic replacement: the saved file is a new inode."""
    path = tmp_path / "game.json"
    save_game(small_game(), path)
    before = path.read_bytes()
    os.link(path, tmp_path / "other-name.json")
    game = small_game()
    game.pass_turn()
    save_game(game, path)
    assert (tmp_path / "other-name.json").read_bytes() == before != path.read_bytes()


def test_a_new_file_gets_the_usual_mode(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    mask = os.umask(0o022)
    try:
        save_game(small_game(), path)
    finally:
        os.umask(mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_folders_and_fifos_are_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, kind in ((tmp_path, "a directory"), (fifo, "not a regular file")):
        with pytest.raises(FileWriteError, match=f"^{path}: is {kind}; refusing to replace it$"):
            save_game(small_game(), path)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    with pytest.raises(FileWriteError, match=r"^/dev/null: is not a regular file"):
        save_game(small_game(), "/dev/null")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    with pytest.raises(FileWriteError, match="no such folder"):
        save_game(small_game(), tmp_path / "absent" / "game.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_stale_temporaries_of_killed_saves_are_removed(tmp_path: Path) -> None:
    old = time.time() - 3600
    stale = tmp_path / ".game.json.wgsave-abc_1234.tmp"
    other_save = tmp_path / ".other.json.wgsave-zz99zz99.tmp"
    fresh = tmp_path / ".game.json.wgsave-fresh123.tmp"
    locked = tmp_path / ".game.json.wgsave-locked12.tmp"
    foreign = [tmp_path / ".game.json.backup.tmp", tmp_path / "game.json.wgsave-abc_1234.tmp",
               tmp_path / ".game.json.wgsave-toolong123.tmp"]
    for path in (stale, other_save, fresh, locked, *foreign):
        path.write_text("{")
        if path is not fresh:
            os.utime(path, (old, old))
    holder = os.open(locked, os.O_RDONLY)  # a live writer holds its temporary's lock
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)
        save_game(small_game(), tmp_path / "game.json")
    finally:
        os.close(holder)
    left = {p.name for p in tmp_path.iterdir()}
    assert stale.name not in left and other_save.name not in left
    assert {fresh.name, locked.name, "game.json", *(p.name for p in foreign)} == left


def test_a_crash_mid_save_leaves_a_temporary_the_next_save_removes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    save_game(small_game(), path)
    # A killed process: the temporary stays (no clean-up runs), its lock dies with it.
    temporary = tmp_path / ".game.json.wgsave-killed12.tmp"
    temporary.write_text('{"half": ')
    os.utime(temporary, (time.time() - atomic.STALE_AFTER_SECONDS - 1,) * 2)
    save_game(small_game(), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


# --- the terminal game -------------------------------------------------------------------------


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: list[str],
         *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in script)))
    code = main(["scrabble", "play", "--players", "Ann,cpu:Robo", "--seed", "4", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_failing_save_command_is_one_line_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path,
    enable_trie: Lexicon,
) -> None:
    code, out, err = play(monkeypatch, capsys, [f"save {tmp_path}", "pass", f"save {tmp_path / 'ok.json'}"])
    assert code == 0 and err == ""
    assert f"! {tmp_path}: is a directory; refusing to replace it\n" in out
    assert f"Saved to {tmp_path / 'ok.json'}." in out and ".tmp" not in out
    assert len(load_game(tmp_path / "ok.json", enable_trie).history) == 2  # the game went on


def test_a_full_disk_during_a_save_is_one_line_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    target = tmp_path / "game.json"
    monkeypatch.setattr(atomic.os, "fsync", full)
    code, out, err = play(monkeypatch, capsys, [f"save {target}", "pass", "hint 1"])
    assert code == 0 and err == ""
    assert f"! {target}: could not be written (No space left on device)\n" in out
    assert "Robo " in out and "1. " in out  # the computer replied and the hint came after
    assert list(tmp_path.iterdir()) == []  # nothing half-written, no temporary left


def test_autosave_failures_are_reported_not_fatal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "game.json"
    code, _, _ = play(monkeypatch, capsys, ["quit"], "--save", str(target))
    assert code == 0

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)
    code, out, err = play(monkeypatch, capsys, ["pass", "quit"], "--resume", str(target))
    failure = f"{target}: could not be written (No space left on device)"
    assert out.count(f"! could not save: {failure}") == 3  # the pass, the reply, the quit
    assert "Robo " in out, "the game went on after the first failure"
    # The last save failing is the command failing (issue 29, item 5).
    assert code == 2 and err == f"wordgames: error: {failure}\n"


def test_a_save_file_that_cannot_be_written_is_refused_before_the_game_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 29, item 5: ``--save /sys/x.json`` played a whole game, failed to save at the
    end and exited 0.  Trying to create a file is the check (root may write anywhere else)."""
    real_mkstemp = atomic.tempfile.mkstemp

    def refuse(*args: Any, **kwargs: Any) -> tuple[int, str]:
        if Path(kwargs.get("dir", "")) == tmp_path / "locked":
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return real_mkstemp(*args, **kwargs)

    (tmp_path / "locked").mkdir()
    monkeypatch.setattr(atomic.tempfile, "mkstemp", refuse)
    target = tmp_path / "locked" / "x.json"
    code, out, err = play(monkeypatch, capsys, ["pass"], "--save", str(target))
    assert (code, out) == (2, "")
    assert err == f"wordgames: error: {target}: cannot write there (Permission denied)\n"
    assert list((tmp_path / "locked").iterdir()) == []


@pytest.mark.skipif(not Path("/sys/kernel").is_dir(), reason="no sysfs here")
def test_save_into_sysfs_is_refused_before_the_game_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = play(monkeypatch, capsys, ["pass"], "--save", "/sys/x.json")
    assert (code, out) == (2, "")
    assert err.startswith("wordgames: error: /sys/x.json: cannot write there") and err.count("\n") == 1


def test_save_messages_name_the_path_the_user_gave(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not the path a symbolic link resolves to (``/dev/stdout`` is ``/proc/<pid>/fd/1``)."""
    code, out, err = play(monkeypatch, capsys, ["pass"], "--save", "/dev/stdout/x.json")
    assert (code, out) == (2, "")
    assert err == "wordgames: error: /dev/stdout/x.json: no such folder to write it in\n"


def test_save_to_a_fifo_is_refused_before_the_game_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, out, err = play(monkeypatch, capsys, ["pass"], "--save", str(fifo))
    assert code == 2 and out == ""
    assert err == f"wordgames: error: {fifo}: is not a regular file; refusing to replace it\n"


def test_a_lower_case_save_file_gets_no_blank_hint(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path)
    code, out, _ = play(monkeypatch, capsys, ["save sub", "quit"])
    assert code == 0 and "! sub: is a directory; refusing to replace it\n" in out
