"""``wordgames lexicon info|check``: output, JSON, exit codes and one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import wordgames
from wordgames.cli import main

PACKAGE_PARENT = Path(wordgames.__file__).resolve().parents[1]


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m wordgames ARGS`` in ``cwd``, importing the package under test."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(PACKAGE_PARENT), *filter(None, [env.get("PYTHONPATH")])]
    )
    return subprocess.run(
        [sys.executable, "-m", "wordgames", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    path = tmp_path / "mine.txt"
    path.write_text("cat\ncats\nCo-op\ndog\n", encoding="utf-8")
    return path


def test_missing_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = run_cli("lexicon", "info", "/missing", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n")
    assert result.stderr.startswith("wordgames: error: /missing: no such word file")
    assert "Traceback" not in result.stderr


def test_shipped_lexicon_is_found_from_any_directory(tmp_path: Path) -> None:
    result = run_cli("lexicon", "info", "enable", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    info = json.loads(result.stdout)
    assert info["words"] == 172_823
    assert info["backend"] == "trie"
    assert Path(info["source"]).name == "enable.txt" and Path(info["source"]).is_file()
    assert (info["shortest"], info["longest"]) == (2, 28)
    assert info["alphabet"] == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert isinstance(info["load_seconds"], float)


def test_check_exit_codes_in_a_subprocess(tmp_path: Path) -> None:
    assert run_cli("lexicon", "check", "enable", "cat", "QUIXOTIC", cwd=tmp_path).returncode == 0
    missing = run_cli("lexicon", "check", "enable", "cat", "xqz", cwd=tmp_path)
    assert missing.returncode == 1
    assert missing.stdout == "CAT: valid\nXQZ: not a word\n"
    assert missing.stderr == ""


@pytest.mark.parametrize("backend", ["trie", "sortedset"])
def test_info_text_and_json(
    word_file: Path, backend: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lexicon", "info", str(word_file), "--backend", backend]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:6] == [
        f"source: {word_file}",
        f"backend: {backend}",
        "words: 4",
        "shortest: 3",
        "longest: 5",
        "alphabet: -ACDGOPST",
    ]
    assert lines[6].startswith("load_seconds: ")
    assert main(["lexicon", "info", str(word_file), "--backend", backend, "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["words"] == 4 and info["backend"] == backend and info["alphabet"] == "-ACDGOPST"


def test_check_text(word_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lexicon", "check", str(word_file), "cat", "Co-Op", "ca", "zebra"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "CAT: valid",
        "CO-OP: valid",
        "CA: not a word (but a prefix of one)",
        "ZEBRA: not a word",
    ]
    assert main(["lexicon", "check", str(word_file), "dog", "CATS"]) == 0


@pytest.mark.parametrize("word", ["ß", "straße", "ﬁsh"])
def test_check_refuses_letters_without_a_one_letter_upper_case(
    word_file: Path, word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29, item 9: ``lexicon check enable ß`` answered for SS, where Scrabble refuses ß."""
    assert main(["lexicon", "check", str(word_file), word]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "no one-letter upper case" in captured.err


@pytest.mark.parametrize("backend", ["trie", "sortedset"])
def test_check_json(word_file: Path, backend: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["lexicon", "check", str(word_file), "cat", "ca", "x", "--json", "--backend", backend]
    assert main(argv) == 1
    report = json.loads(capsys.readouterr().out)
    assert report == {
        "source": str(word_file),
        "results": [
            {"word": "CAT", "valid": True, "prefix": True},
            {"word": "CA", "valid": False, "prefix": True},
            {"word": "X", "valid": False, "prefix": False},
        ],
    }


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"\0\1\2", "binary content"), (b"\xff\xfe\n", "not UTF-8"), (b"\n \n", "no words")],
)
def test_bad_files_are_one_line_errors(
    tmp_path: Path, content: bytes, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    for command in (["info", str(path)], ["check", str(path), "cat"]):
        assert main(["lexicon", *command]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.count("\n") == 1
        assert str(path) in captured.err and message in captured.err


@pytest.mark.parametrize(
    "argv",
    [
        ["lexicon", "info", "enable", "--backend", "dawg"],
        ["lexicon", "info"],
        ["lexicon", "check", "enable"],
        ["lexicon"],
        ["lexicon", "frobnicate"],
    ],
)
def test_usage_errors_are_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("wordgames: error: ")


def test_directory_source(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lexicon", "info", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def test_cache_lists_and_clears_its_entries(
    word_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "cache-here"
    monkeypatch.setenv("WORDGAMES_CACHE_DIR", str(folder))
    monkeypatch.delenv("WORDGAMES_CACHE_LIMIT_MB", raising=False)
    for backend in ("trie", "sortedset"):
        assert run_cli("lexicon", "info", str(word_file), "--backend", backend, cwd=tmp_path).returncode == 0
    listing = run_cli("lexicon", "cache", cwd=tmp_path)
    assert listing.returncode == 0
    assert listing.stdout.startswith(f"{folder}: 2 files,") and "(limit 256 MB)" in listing.stdout
    data = json.loads(run_cli("lexicon", "cache", "--json", cwd=tmp_path).stdout)
    assert data["directory"] == str(folder) and data["limit_mb"] == 256
    assert sorted(row["file"].split("-")[0] for row in data["entries"]) == ["sortedset", "trie"]
    cleared = run_cli("lexicon", "cache", "--clear", cwd=tmp_path)
    assert (cleared.returncode, cleared.stdout) == (0, "removed 2 files\n")
    assert json.loads(run_cli("lexicon", "cache", "--json", cwd=tmp_path).stdout)["entries"] == []
    monkeypatch.setenv("WORDGAMES_CACHE_DIR", "")
    assert run_cli("lexicon", "cache", cwd=tmp_path).stdout.startswith("caching is off")
    refused = run_cli("lexicon", "cache", "--clear", cwd=tmp_path)
    assert refused.returncode == 2 and "caching is off" in refused.stderr and refused.stdout == ""


def test_clearing_reports_files_it_could_not_remove(
    word_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "cache-here"
    monkeypatch.setenv("WORDGAMES_CACHE_DIR", str(folder))
    assert main(["lexicon", "info", str(word_file)]) == 0

    def refuse(self: Path, missing_ok: bool = False) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr(Path, "unlink", refuse)
    capsys.readouterr()
    assert main(["lexicon", "cache", "--clear"]) == 2
    assert "1 cache files could not be removed" in capsys.readouterr().err


def test_convert_text_to_kwg_and_back(
    word_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("cat\ncats\ndog\n", encoding="utf-8")
    graph, back = tmp_path / "g.kwg", tmp_path / "back.txt"
    assert main(["lexicon", "convert", str(plain), str(graph)]) == 0
    assert main(["lexicon", "convert", str(graph), str(back)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"wrote 3 words to {graph}",
        f"wrote 3 words to {back}",
    ]
    assert back.read_text(encoding="utf-8") == "CAT\nCATS\nDOG\n"
    assert main(["lexicon", "check", str(graph), "cats", "ca"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "CATS: valid",
        "CA: not a word (but a prefix of one)",
    ]


def test_convert_refuses_to_overwrite_and_letters_outside_the_alphabet(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text("co-op\n", encoding="utf-8")
    existing = tmp_path / "out.txt"
    existing.write_text("keep me\n", encoding="utf-8")
    result = run_cli("lexicon", "convert", str(source), str(existing), cwd=tmp_path)
    assert result.returncode == 2 and "already exists" in result.stderr
    assert existing.read_text(encoding="utf-8") == "keep me\n"
    result = run_cli("lexicon", "convert", str(source), "out.kwg", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("wordgames: error: CO-OP: '-' is not a letter")
    assert "Traceback" not in result.stderr and not (tmp_path / "out.kwg").exists()
    assert main(["lexicon", "convert", str(source), str(existing), "--force"]) == 0
    assert existing.read_text(encoding="utf-8") == "CO-OP\n"


def test_kwg_lexicon_in_a_game_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--lexicon X.kwg`` works wherever a lexicon is taken (here Boggle's solver)."""
    from wordgames.lexicon import kwg

    graph = tmp_path / "small.kwg"
    kwg.write_kwg(graph, ["PEACE", "PLACE", "ACE", "HOB"])
    board = "EECA/ALEP/HNBO/QTTY"
    assert main(["boggle", "solve", "--board", board, "--lexicon", str(graph), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert [entry["word"] for entry in found["words"]] == ["ACE", "PEACE"]  # PLACE is not on it


@pytest.mark.parametrize("how", ["same path", "symbolic link", "hard link"])
def test_convert_refuses_to_write_over_its_input(
    tmp_path: Path, how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29, item 10: ``lexicon convert X X --force`` rewrote its own input (case, order
    and definitions lost)."""
    source = tmp_path / "list.txt"
    source.write_text("cat a small animal\nAardvark\n")
    target = tmp_path / "out.txt"
    if how == "same path":
        target = source
    elif how == "symbolic link":
        target.symlink_to(source)
    else:
        os.link(source, target)
    assert main(["lexicon", "convert", str(source), str(target), "--force"]) == 2
    assert "is the input file" in capsys.readouterr().err
    assert source.read_text() == "cat a small animal\nAardvark\n"


def test_info_on_a_word_graph_without_words_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29, item 2: a traceback (``min() arg is an empty sequence``) before."""
    empty = tmp_path / "e.kwg"
    empty.write_bytes(bytes(8))
    assert main(["lexicon", "info", str(empty)]) == 2
    assert capsys.readouterr().err == f"wordgames: error: {empty}: contains no words\n"
