"""Other programs' GCG dialects (Quackle's cross-word lists, a withdrawal scored +0, MAGPIE's
board name) and the checks on racks shown: against the unseen tiles, on events and in
``#rackN`` pragmas, and on a withdrawal line against the withdrawn play (issue 11, the
external compatibility gaps).  Records are written by hand here."""

from __future__ import annotations

import pytest

from wordgames.errors import FormatError
from wordgames.scrabble.core.layout import standard_layout
from wordgames.scrabble.formats.gcg import MOVE, PHONY, ReplayResult, parse_gcg, replay_gcg

from .test_game import WORDS

HEADER = "#player1 A Ann\n#player2 B Bob\n"


def replay(body: str) -> ReplayResult:
    return replay_gcg(parse_gcg(HEADER + body), WORDS)


def discrepancy_at(body: str) -> tuple[int, str]:
    result = replay(body)
    assert result.discrepancy is not None, "expected a discrepancy"
    return result.discrepancy.line, result.discrepancy.message


def test_quackle_cross_words_after_the_total_are_ignored() -> None:
    body = ">A: ACTXYZE 8H CAT +10 10  \n>B: AAAIQZS 8G S... +6 6  SCAT\n>A: AEEXYZE 9G ZA +11 21  CZ, AA\n"
    record = parse_gcg(HEADER + body)
    assert [(e.kind, e.score, e.total, e.tiles) for e in record.events][:2] == [
        (MOVE, 10, 10, "CAT"), (MOVE, 6, 6, "S...")]
    assert record.events[2].text.endswith("CZ, AA")
    line, message = discrepancy_at(body)  # CZ is no word: the list is ignored, the move is not
    assert line == 5 and "illegal move" in message


@pytest.mark.parametrize("tail", ["12", "BE, 5", "+3 3", "B:E"])
def test_only_a_list_of_words_may_follow_the_total(tail: str) -> None:
    with pytest.raises(FormatError, match=r"<gcg>:3: (an event ends with|cannot read)"):
        parse_gcg(f"{HEADER}>A: ACTXYZE 8H CAT +10 10 {tail}\n")


PHONY_PLAY = ">A: ACTXYZE 8H CAT +10 10\n>B: AAAIQZS 8G S... +6 6\n>A: AETXEEE 9G TAX +999 1009\n"


def test_a_withdrawal_scored_plus_zero_takes_the_points_back_through_its_total() -> None:
    result = replay(PHONY_PLAY + ">A: AETXEEE -- +0 10\n>B: AAAIQZ - +0 6\n")
    assert result.ok, result.discrepancy
    assert result.totals == {"A": 10, "B": 6} and result.board.get(8, 6) is None
    assert parse_gcg(HEADER + PHONY_PLAY + ">A: AETXEEE -- +0 10\n").events[-1].kind == PHONY
    line, message = discrepancy_at(PHONY_PLAY + ">A: AETXEEE -- +0 1009\n")
    assert line == 6 and "A's total should be 10, the file says 1009" in message
    line, message = discrepancy_at(PHONY_PLAY + ">A: AETXEEE -- -5 1004\n")
    assert line == 6 and "scores -999, the file says -5" in message


def test_a_withdrawal_must_show_the_rack_of_the_withdrawn_play() -> None:
    line, message = discrepancy_at(PHONY_PLAY + ">A: AETXEEF -- -999 10\n")
    assert line == 6
    assert message == "the withdrawal shows the rack AETXEEF, but the move was played from AETXEEE"
    assert replay(PHONY_PLAY + ">A: EEETXAE -- -999 10\n").ok  # the same tiles in another order
    assert replay(PHONY_PLAY + ">A: -- -999 10\n").ok  # a rack not shown is not compared


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        # Two Zs on one rack: the set has one.
        (">A: ACTXYZE 8H CAT +10 10\n>B: ZZAAIQS - +0 0\n", 4, "holds 2 Z, but only 1 are not on the board"),
        # The only Z is on the board already.
        (">A: AZXYEEE 8H ZA +22 22\n>B: ZAAIQST - +0 0\n", 4, "holds 1 Z, but only 0"),
        # A blank played counts as a blank, not as its letter: one of the two is left.
        (">A: ?ATXYEE 8H cAT +4 4\n>B: ?AAIQST - +0 0\n>A: ??XYEEE - +0 4\n", 5, "holds 2 ?, but only 1"),
        # More tiles than a hand.
        (">A: ACTXYZEE 8H CAT +10 10\n", 3, "holds 8 tiles; a rack holds 7"),
    ],
)
def test_racks_shown_on_events_must_be_drawable_from_unseen_tiles(body: str, line: int, message: str) -> None:
    found_line, found = discrepancy_at(body)
    assert found_line == line and message in found


def test_the_rack_of_a_withdrawal_counts_the_tiles_it_takes_back() -> None:
    # The only X is on the board while the withdrawal line shows it on the rack again.
    assert replay(PHONY_PLAY + ">A: AETXEEE -- -999 10\n>B: AAAIQZ - +0 6\n>A: AETXEEE - +0 10\n").ok


def test_a_challenge_bonus_or_time_penalty_rack_is_not_a_rack_to_check() -> None:
    # liwords writes UNKNOWN as the rack of a challenge bonus; the bonus uses no tile.
    body = ">A: AZXYEEE 8H ZA +22 22\n>A: UNKNOWN (challenge) +5 27\n>A: ZZ (time) -10 17\n"
    assert replay(body).ok


def test_rack_pragmas_are_checked_against_the_unseen_tiles() -> None:
    played = ">A: AZXYEEE 8H ZA +22 22\n"
    assert replay(played + "#rack1 QI\n#rack2 EST\n").ok
    line, message = discrepancy_at(played + "#rack2 ZEST\n")
    assert line == 4 and "the rack ZEST holds 1 Z, but only 0" in message
    line, message = discrepancy_at(played + "#rack1 QI\n#rack2 QQAT\n")
    assert line == 5 and "holds 2 Q" in message
    # Each rack alone: Elise's records show end racks that overlap by a tile.
    assert replay(played + "#rack1 QI\n#rack2 QAT\n").ok
    assert str(replay(played + "#rack2 ZEST\n").discrepancy).endswith("(#rack2 ZEST)")
    assert replay("#rack1 ACTXYZE\n").ok  # a game before its first move, with its first rack
    with pytest.raises(FormatError, match="<gcg>:3: #rack3 names no player"):
        parse_gcg(HEADER + "#rack3 ABC\n")
    with pytest.raises(FormatError, match="is not a rack"):
        parse_gcg(HEADER + "#rack1 AB5\n")


def test_magpie_standard15_names_the_standard_board() -> None:
    record = parse_gcg(HEADER + "#board-layout standard15\n>A: ACTXYZE 8H CAT +10 10\n")
    assert record.board_layout == "standard15"
    result = replay_gcg(record, WORDS)
    assert result.ok and result.board.layout == standard_layout()
    with pytest.raises(FormatError, match=r"unknown #board-layout 'standard16'.*standard15"):
        replay_gcg(parse_gcg(HEADER + "#board-layout standard16\n"), WORDS)
