"""GCG ``#note`` comments are kept, by the event they follow, with their continuation lines."""

from __future__ import annotations

from wordgames.scrabble.formats.gcg import parse_gcg

GAME = """#player1 ann Ann Smith
#player2 bob Bob Jones
#note before the first move
#description a description
that goes on
>ann: AEINRST 8D RETAINS +66 66
#note a bingo
on the first turn
>bob: ?ABC 9C CAB +14 14
#title not a note
"""


def test_notes_are_kept_by_the_event_they_follow() -> None:
    record = parse_gcg(GAME, "game.gcg")
    assert record.notes == {0: "before the first move", 6: "a bingo\non the first turn"}


def test_a_record_without_notes_has_none() -> None:
    assert parse_gcg("#player1 a A\n#player2 b B\n", "empty.gcg").notes == {}
