"""Endgames published with their values by MAGPIE's and Macondo's test suites, solved here.

The positions, their sources and what we find are in :mod:`.published_positions`.  The values
we reproduce are asserted exactly (with the first move or the length of the line where a
source pins it and the best line is the one it names); the rest are measured, with the
published value beside ours, by ``benchmarks/bench_endgame_published.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest
from conftest import shared_lexicon

from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble.core.notation import format_standard_move, parse_move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import rack_tile
from wordgames.scrabble.endgame import solve_endgame
from wordgames.scrabble.formats.cgp import parse_cgp
from wordgames.scrabble.rules.classic import ClassicRules

from .published_positions import POSITIONS, PublishedEndgame

RULES = ClassicRules()
TIME_LIMIT = 300.0  # seconds: far above what the agreeing positions need; a stop, not a budget
AGREEING = [position for position in POSITIONS if position.agrees]
_LISTS: dict[tuple[str, tuple[str, ...]], Lexicon] = {}


def position_lexicon(position: PublishedEndgame) -> Lexicon:
    """The position's list from the shared data folder plus the words its board and its
    published line need."""
    extra = position.added + position.line_words
    key = (position.word_list, extra)
    if key not in _LISTS:
        base = shared_lexicon(position.word_list)
        _LISTS[key] = lexicon_from_words([*base, *extra]) if extra else base
    return _LISTS[key]


@pytest.mark.parametrize("position", POSITIONS, ids=lambda position: position.name)
def test_the_added_words_are_the_ones_the_board_needs(position: PublishedEndgame) -> None:
    """Every word on the board is in our list or added, and every added word is on the board
    and missing from the list: the list is changed no more than the board requires."""
    base = shared_lexicon(position.word_list)
    board = parse_cgp(position.cgp).board
    missing = {word for word, _, _, _ in board.words() if word not in base}
    assert missing == set(position.added)


@pytest.mark.parametrize("position", POSITIONS, ids=lambda position: position.name)
def test_the_board_and_racks_hold_the_whole_tile_set(position: PublishedEndgame) -> None:
    """Board (a played blank as a blank) and both racks are exactly the standard English tiles:
    the bag is empty and no tile is missing or extra."""
    parsed = parse_cgp(position.cgp)
    held = Counter(rack_tile(tile) for _, _, tile in parsed.board.tiles())
    for rack in parsed.racks:
        held.update(Rack.parse(rack).tiles())
    assert held == Counter(RULES.tile_set.full_bag())


@pytest.mark.parametrize("position", AGREEING, ids=lambda position: position.name)
def test_published_value(position: PublishedEndgame) -> None:
    """The search proves the published value, with the first move and the length of the
    line where the source pins them."""
    parsed = parse_cgp(position.cgp)
    mover, opponent = parsed.racks
    result = solve_endgame(parsed.board, (mover, opponent), position_lexicon(position), RULES,
                           scoreless_turns=parsed.zero_turns, time_limit=TIME_LIMIT)
    assert result.exact
    assert result.value == position.value
    if position.first_move is not None:
        first = result.moves[0].move
        assert (format_standard_move(first) if first is not None else "pass") == position.first_move
    if position.turns is not None:
        assert len(result.moves) == position.turns


@pytest.mark.parametrize("position", [position for position in POSITIONS if position.line],
                         ids=lambda position: position.name)
def test_the_published_line_scores_the_published_value(position: PublishedEndgame) -> None:
    """The line a source prints, played here: every move legal on our list plus the words
    the line names (each missing from the list and formed by the line), scored as published,
    the last one emptying its rack, and the total with the other rack counted twice equal to
    the published value (whether or not the search proves it)."""
    parsed = parse_cgp(position.cgp)
    board = parsed.board.copy()
    racks = [Counter(Rack.parse(rack).tiles()) for rack in parsed.racks]
    base = shared_lexicon(position.word_list)
    lexicon = position_lexicon(position)
    formed: set[str] = set()
    value = 0
    for turn, (text, score) in enumerate(position.line):
        side = turn % 2
        if text == "pass":
            assert score == 0
            continue
        move = parse_move(text, board)
        verdict = RULES.check(board, move, lexicon, Rack(list(racks[side].elements())))
        assert verdict.valid, f"{text}: {verdict.message}"
        assert verdict.score == score, text
        formed.update(word.upper() for word in verdict.words)
        racks[side].subtract(move.rack_tiles)
        board.play(move)
        value += score if side == 0 else -score
    last = (len(position.line) - 1) % 2
    assert not +racks[last], "the line ends with a rack emptied"
    left = sum(RULES.tile_set.value(tile) * count for tile, count in racks[1 - last].items())
    value += 2 * left if last == 0 else -2 * left
    assert value == position.value
    assert {word for word in formed if word not in base and word not in position.added} == set(
        position.line_words)


def test_the_endgame_command_reads_a_published_position(tmp_path_factory: pytest.TempPathFactory) -> None:
    """``scrabble endgame --cgp`` with both racks in the CGP and the list as a file."""
    position = AGREEING[0]
    words = tmp_path_factory.mktemp("published") / "words.txt"
    words.write_text("\n".join(position_lexicon(position)) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "wordgames", "scrabble", "endgame", "--cgp", position.cgp,
         "--lexicon", str(words), "--json"],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["exact"] and answer["value"] == position.value
    assert answer["moves"][0]["notation"] == position.first_move
