"""GCG export, parsing and replay."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from wordgames.errors import FormatError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble.core.layout import standard_layout
from wordgames.scrabble.formats.gcg import (
    END_POINTS,
    EXCHANGE,
    MOVE,
    PASS,
    PHONY,
    RACK_PENALTY,
    TIME,
    game_to_gcg,
    lexicon_label,
    nicknames,
    parse_gcg,
    read_gcg,
    replay_gcg,
)
from wordgames.scrabble.game.state import Game
from wordgames.scrabble.game.turn import TurnKind

from .test_game import WORDS, restored


@pytest.mark.parametrize("fixture", ["greedy_game", "leave_game"])
def test_export_then_replay_checks_every_event(fixture: str, request: pytest.FixtureRequest) -> None:
    game: Game = request.getfixturevalue(fixture)
    text = game_to_gcg(game, title="test")
    record = parse_gcg(text)
    assert record.players == [("Ann", "Ann"), ("Robo", "Robo")]
    assert record.lexicon == "enable" and record.title == "test"
    assert {"#board-layout CrosswordGame", "#tile-distribution english"} <= set(text.splitlines())
    assert len(record.events) == len(game.history)
    result = replay_gcg(record, game.lexicon)
    assert result.ok, result.discrepancy
    assert result.events_checked == len(game.history)
    assert result.totals == {"Ann": game.players[0].score, "Robo": game.players[1].score}
    assert result.board == game.board


def test_lines_use_standard_coordinates_blanks_and_through_tiles() -> None:
    game = restored(["?XYZEEE", "QIAAAAA", "S"], bag="TTTTTTTTT", board_rows={7: ".......CAT....."})
    game.place("8G sCAT")
    game.exchange("QI")
    game.pass_turn()
    lines = game_to_gcg(game).splitlines()
    assert lines[:4] == ["#character-encoding UTF-8", "#player1 P1 P1", "#player2 P2 P2", "#player3 P3 P3"]
    # the position's tile set is its own tiles (see restored), not a named distribution
    assert lines[4] == "#board-layout CrosswordGame"
    assert lines[5] == ">P1: EEEXYZ? 8G s... +5 5"
    assert lines[6] == ">P2: AAAAAIQ -IQ +0 0"
    assert lines[7] == ">P3: S - +0 0"


def test_placing_no_tile_is_rejected_before_export() -> None:
    game = restored(["?XYZEEE", "QIAAAAA"], bag="TTTTTTTTT", board_rows={7: ".......CAT....."})
    with pytest.raises(Exception, match="at least one tile"):
        game.place("H8 C")


def test_end_of_game_lines_replay() -> None:
    game = restored(["ACT", "QZE"])
    game.place("8H CAT")
    text = game_to_gcg(game)
    expected = [">P1: ACT 8H CAT +10 10", ">P1:  (EQZ) +21 31", ">P2: EQZ (EQZ) -21 -21"]
    assert text.splitlines()[-3:] == expected
    result = replay_gcg(parse_gcg(text), WORDS)
    assert result.ok, result.discrepancy
    assert result.totals == {"P1": 31, "P2": -21}


def test_a_tampered_score_is_the_first_discrepancy(greedy_game: Game) -> None:
    lines = game_to_gcg(greedy_game).splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(">") and " +" in line and i > 8)
    fields = lines[index].split()
    fields[-2] = f"+{int(fields[-2]) + 1}"
    fields[-1] = str(int(fields[-1]) + 1)
    lines[index] = " ".join(fields)
    result = replay_gcg(parse_gcg("\n".join(lines)), greedy_game.lexicon)
    assert not result.ok and result.discrepancy is not None
    assert result.discrepancy.line == index + 1
    assert "the file says" in result.discrepancy.message
    header = sum(1 for line in lines if line.startswith("#"))
    assert header == 6  # encoding, two players, lexicon, layout, tiles
    assert result.events_checked == index - header
    assert str(result.discrepancy).startswith(f"line {index + 1}: ")


def test_a_wrong_running_total_is_named() -> None:
    text = "#player1 A A\n#player2 B B\n>A: ACTXYZE 8H CAT +10 10\n>B: AAAAIQZ - +0 0\n>A: XYZE - +0 11\n"
    result = replay_gcg(parse_gcg(text), WORDS)
    assert result.discrepancy is not None and result.discrepancy.line == 5
    assert "total should be 10" in result.discrepancy.message


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (">A: ACTXYZE 8H TAC +10 10", "illegal move"),
        (">A: XYZEEEE 8H CAT +10 10", "does not hold"),
        (">A: ACTXYZE 1A CAT +10 10", "illegal move"),
        (">A: ACTXYZE 8H CAT +11 11", "scores +10"),
        (">A: ACTXYZE 8H .AT +10 10", "empty square"),
        (">A: ACTXYZE 8P CAT +10 10", "off the board"),
        (">A: ACTXYZE -Q +0 0", "does not hold"),
        (">A: ACTXYZE (ACT) -4 -4", "the rack is ACTXYZE"),
        (">A: (XYZ) +5 5", "scores +22"),
        (">A: ACTXYZE -- -5 -5", "follow the same player's move"),
        # Issue 29, item 12: only a withdrawal may be written +0 with its total kept right.
        (">A: ACTXYZE 8H CAT +0 10", "scores +10, the file says +0"),
        (">A: ACTXYZE 8H CAT +0 0", "scores +10, the file says +0"),
        (">A: ACTXYZE -XYZ +0 10", "total should be 0"),
    ],
)
def test_discrepancies_are_found(event: str, message: str) -> None:
    result = replay_gcg(parse_gcg(f"#player1 A A\n#player2 B B\n{event}\n"), WORDS)
    assert result.discrepancy is not None and result.discrepancy.line == 3
    assert message in result.discrepancy.message


def test_standard_events_parse_and_replay() -> None:
    text = """#character-encoding UTF-8
#player1 A Ann Example
#player2 B Bob
#lexicon TEST
#note a note
that continues here
>A: ACTXYZE 8H CAT +10 10
>B: AAAIQZS 8G S... +6 6
>A: AETXEEE 9G TAX +999 1009
>A: AETXEEE -- -999 10
>B: AAAIQZ -7 +0 6
>A: AETXEEE (challenge) +5 15
>B: AAAIQZ - +0 6
>A: AETXEEE (time) -10 5
>A:  (AAAIQZ) +48 53
"""
    record = parse_gcg(text)
    assert record.players == [("A", "Ann Example"), ("B", "Bob")] and record.lexicon == "TEST"
    kinds = [event.kind for event in record.events]
    assert kinds == [MOVE, MOVE, MOVE, PHONY, EXCHANGE, "challenge", PASS, TIME, END_POINTS]
    result = replay_gcg(record, WORDS)
    assert result.ok, result.discrepancy
    assert result.totals == {"A": 53, "B": 6}
    assert result.board.get(8, 6) is None  # the phony TAX came off again


def test_rack_penalty_event_parses() -> None:
    record = parse_gcg("#player1 A A\n>A: QZ (QZ) -20 -20\n")
    assert record.events[0].kind == RACK_PENALTY and record.events[0].tiles == "QZ"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("#player1 A A\nhello world\n", "<gcg>:2: not a GCG line"),
        ("#player1 A A\n>B: ABC 8H ABC +5 5\n", "no #player line for 'B'"),
        ("#player1 A A\n>A: ABC 8H ABC +5\n", "<gcg>:2: an event ends"),
        ("#player1 A A\n>A: A1B 8H ABC +5 5\n", "not a rack"),
        ("#player1 A A\n>A: ABC what ever +5 5\n", "cannot read"),
        (">A: ABC 8H ABC +5 5\n", "no #player line"),
        ("", "no #player lines"),
    ],
)
def test_unreadable_files_raise_format_errors(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        parse_gcg(text)


def test_read_gcg_accepts_latin_1_and_reports_missing_files(tmp_path: Path) -> None:
    path = tmp_path / "game.gcg"
    path.write_bytes("#player1 A Zo\xe9\n>A: ACTXYZE 8H CAT +10 10\n".encode("latin-1"))
    record = read_gcg(path)
    assert record.players == [("A", "Zoé")]
    with pytest.raises(FormatError, match="no such GCG file"):
        read_gcg(tmp_path / "absent.gcg")


def test_nicknames_and_lexicon_labels() -> None:
    assert nicknames(["Ann Lee", "Ann_Lee", "R2: D2", " "]) == ["Ann_Lee", "Ann_Lee2", "R2_D2", "player"]
    assert lexicon_label("enable") == "enable"
    assert lexicon_label("/data/lists/CSW12.txt") == "CSW12"
    assert lexicon_label("<words>") is None


def test_layout_and_tiles_are_named_for_the_replay(enable_trie: Lexicon) -> None:
    from wordgames.scrabble import GameSettings, Player
    from wordgames.scrabble.core.layout import super_layout
    from wordgames.scrabble.core.tiles import TileSet

    game = Game([Player("A", "greedy"), Player("B", "greedy")], enable_trie,
                GameSettings(layout=super_layout(), seed=3))
    game.play_out()
    text = game_to_gcg(game)
    assert "#board-layout SuperCrosswordGame\n" in text and "#tile-distribution english\n" in text
    record = parse_gcg(text)
    assert (record.board_layout, record.tile_distribution) == ("SuperCrosswordGame", "english")
    assert replay_gcg(record, enable_trie).ok  # the 21x21 board, from the pragma alone
    standard = replay_gcg(record, enable_trie, layout=standard_layout())
    assert not standard.ok  # an argument wins over the pragma
    # Our own names for the same things, in any case.
    other = text.replace("#board-layout SuperCrosswordGame", "#board-layout super")
    assert replay_gcg(parse_gcg(other.replace("english", "English")), enable_trie).ok
    for pragma, unknown in [("#board-layout SuperCrosswordGame", "#board-layout hexagonal"),
                            ("#tile-distribution english", "#tile-distribution klingon")]:
        with pytest.raises(FormatError, match=f"unknown {unknown.split()[0]} '{unknown.split()[1]}'"):
            replay_gcg(parse_gcg(text.replace(pragma, unknown)), enable_trie)
    # A layout or tile set a reader cannot rebuild from a name is not named.
    values = dict(game.settings.tile_set.values, Q=9)
    odd = Game(["A", "B"], enable_trie, GameSettings(tile_set=TileSet(values, game.settings.tile_set.counts),
                                                     layout=replace(standard_layout(), name="standard",
                                                                    start=(0, 0))))
    assert "#board-layout" not in game_to_gcg(odd) and "#tile-distribution" not in game_to_gcg(odd)


def test_history_end_turns_are_exported_once(greedy_game: Game) -> None:
    ends = [turn for turn in greedy_game.history if turn.kind is TurnKind.END]
    text = game_to_gcg(greedy_game)
    assert sum(1 for line in text.splitlines() if "(" in line) == len(ends)


def test_replay_with_the_wrong_lexicon_reports_the_first_unknown_word(greedy_game: Game) -> None:
    tiny: Lexicon = lexicon_from_words(["QI"])
    result = replay_gcg(parse_gcg(game_to_gcg(greedy_game)), tiny)
    assert result.discrepancy is not None and result.discrepancy.line == 7  # the first event
    assert "not in the lexicon" in result.discrepancy.message
