"""The shared reader of small text files: one error policy for every missing or bad file."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordgames.errors import BoardError, FormatError
from wordgames.scrabble import read_layout, read_tile_set
from wordgames.textfiles import parse_json, read_json_file, read_text_file


def test_reads_utf8_drops_a_byte_order_mark_and_normalises_line_ends(tmp_path: Path) -> None:
    file = tmp_path / "x.txt"
    file.write_bytes(b"\xef\xbb\xbfA 1\r\nB 3\rC 3")
    assert read_text_file(file, "tile file", limit=100) == "A 1\nB 3\nC 3"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: tmp / "absent.txt", "no such board file"),
        (lambda tmp: tmp, "is a directory, not a board file"),
    ],
)
def test_missing_files_and_folders_name_the_path(tmp_path: Path, make, message: str) -> None:  # type: ignore[no-untyped-def]
    path = make(tmp_path)
    with pytest.raises(BoardError, match=message) as caught:
        read_text_file(path, "board file", BoardError, limit=100)
    assert str(path) in str(caught.value)


def test_undecodable_text_is_a_format_error(tmp_path: Path) -> None:
    file = tmp_path / "bag.txt"
    file.write_bytes(b"A 1 9\n\xff\xfe\n")
    with pytest.raises(FormatError, match="cannot read tile file"):
        read_tile_set(file)


def test_every_reader_uses_it(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="no such tile file"):
        read_tile_set(tmp_path / "absent")
    with pytest.raises(FormatError, match="no such layout file"):
        read_layout(tmp_path / "absent")


@pytest.mark.parametrize(("text", "message"), [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),  # a RecursionError otherwise
    ('{"a": NaN}', "NaN is not a finite number"),
    ("[-Infinity]", "-Infinity is not a finite number"),
    ("[1e400]", "1e400 is not a finite number"),  # an infinity, and int() of it an OverflowError
    ("9" * 5000, "digits"),  # more digits than int() converts
    ("{", "not JSON: line 1"),
    (b"\xff", "not a thing"),
])
def test_parse_json_refuses_with_the_callers_error(text: str | bytes, message: str) -> None:
    with pytest.raises(BoardError, match=message) as caught:
        parse_json(text, "f.json", "thing", BoardError)
    assert str(caught.value).startswith("f.json: not a thing (")


def test_parse_json_reads_json_and_read_json_file_names_the_path(tmp_path: Path) -> None:
    assert parse_json(b'{"a": [1, 2.5, -1e300, null]}', "x", "thing") == {"a": [1, 2.5, -1e300, None]}
    file = tmp_path / "x.json"
    file.write_text("[1e999]")
    with pytest.raises(FormatError, match=f"^{file}: not a checkpoint \\(1e999 is not a finite number\\)$"):
        read_json_file(file, "checkpoint", limit=100)
    with pytest.raises(FormatError, match="at most 3 bytes"):
        read_json_file(file, "checkpoint", limit=3)
