"""Fuzzing the readers of other alphabets' tiles (issue 17): CGP positions, GCG records and
moves in Catalan and Spanish notation (bracketed and unbracketed digraphs, blanks, stray
brackets): only the package's errors come out, and what is read writes back the same."""

from __future__ import annotations

import contextlib

from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import WordGamesError
from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import Board
from wordgames.scrabble.core.notation import format_standard_move, parse_move
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS
from wordgames.scrabble.formats.cgp import format_cgp, parse_cgp
from wordgames.scrabble.formats.gcg import parse_gcg, replay_gcg

from .strategies import near

CATALAN = TILE_DISTRIBUTIONS["catalan"]
SPANISH = TILE_DISTRIBUTIONS["spanish"]
PIECES = ["A", "C", "E", "H", "L", "R", "a", "l", "[L·L]", "[l·l]", "[NY]", "[ny]", "[QU]", "NY", "QU",
          "L·L", "Ç", "[CH]", "CH", "[RR]", "RR", "Ñ", "[C]", "?", "[", "]", "·", "[X]", "3", "15", "/"]
TEXT = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)
WORDS = lexicon_from_words(["CE[L·L]A", "A[NY]", "[QU]E", "CAÇA", "CEL"], tiles=CATALAN.lexicon_encoding())


@given(st.lists(TEXT, min_size=1, max_size=16).map("/".join), TEXT, st.sampled_from(["catalan", "spanish"]))
def test_cgp_in_other_alphabets(board: str, rack: str, language: str) -> None:
    tile_set = TILE_DISTRIBUTIONS[language]
    try:
        position = parse_cgp(f"{board} {rack}/ 0/0 0 ld {language};")
    except WordGamesError:
        return
    for _, _, tile in position.board.tiles():
        assert tile.upper() in tile_set.alphabet.tiles  # a tile as written, one tile a square
    again = parse_cgp(format_cgp(position))
    assert again.board == position.board and again.racks == position.racks


@given(st.sampled_from(["8H", "H8", "1A", "15O", "8h"]), TEXT)
def test_moves_in_catalan_notation(square: str, word: str) -> None:
    board = Board()
    try:
        move = parse_move(f"{square} {word}", board, CATALAN)
    except WordGamesError:
        return
    written = format_standard_move(move, tile_set=CATALAN)
    assert parse_move(written, board, CATALAN) == move


@given(st.lists(st.tuples(st.sampled_from([">A:", ">B:"]), TEXT, st.sampled_from(["8H", "H8", "-", ""]),
                          TEXT, st.sampled_from(["+0", "+12", "-3"]), st.sampled_from(["0", "12"])),
                max_size=6),
       near("#>:+-()?.[]·LNYQU"))
def test_gcg_records_in_catalan(events: list[tuple[str, ...]], noise: str) -> None:
    lines = ["#player1 A Ann", "#player2 B Bob", "#tile-distribution catalan",
             *(" ".join(event) for event in events), noise]
    try:
        record = parse_gcg("\n".join(lines))
    except WordGamesError:
        return
    with contextlib.suppress(WordGamesError):
        result = replay_gcg(record, WORDS)
        assert result.ok == (result.discrepancy is None)
