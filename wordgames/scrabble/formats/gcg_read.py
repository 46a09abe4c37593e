"""Reading GCG records: pragmas and event lines into a :class:`GcgRecord` (no board yet).

Accepted besides the lines :mod:`wordgames.scrabble.formats.gcg` writes: the other standard
events — a withdrawn phony (``--``, also written with the score ``+0`` and the total taken
back), a challenge bonus ``(challenge)``, a time penalty ``(time)``, exchanges written as a
tile count (``-7``) —, Quackle's legacy list of cross words after the running total
(``+26 66  BE, ET, DO``, ignored), ``#rack1``/``#rack2`` pragmas (the racks at the end of an
unfinished record), ``#challenge-rule NAME`` (or ``#challenge NAME``) and any other pragma
(ignored).

A record needs a complete players header: ``#player1``, ``#player2``... numbered from 1
without gaps, each with a nickname and a full name, nicknames all different; a file cut off
inside it (``#player1 do``) is refused.  Limits (:mod:`wordgames.limits`): MAX_GCG_FILE_BYTES of
text, MAX_GCG_EVENTS events, scores and totals of at most 9 digits.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from wordgames.errors import FormatError
from wordgames.limits import MAX_GCG_EVENTS, MAX_GCG_FILE_BYTES, MAX_PLAYERS
from wordgames.scrabble.core.checks import require_type
from wordgames.scrabble.game.challenge import CHALLENGE_RULES
from wordgames.textfiles import read_file_bytes, shown_path

# Event kinds of a parsed GCG line.
MOVE = "move"
PASS = "pass"
EXCHANGE = "exchange"
PHONY = "phony"
CHALLENGE = "challenge"
TIME = "time"
END_POINTS = "end-points"
RACK_PENALTY = "rack-penalty"

_EVENT = re.compile(r"^>\s*([^:\s]+)\s*:\s*(.*)$")
_SCORE = re.compile(r"^[+-]\d+$")
_TOTAL = re.compile(r"^-?\d+$")
# Racks and tiles in any alphabet's notation: letters, '?', bracketed multi-character tiles
# ([L·L]); the replay reads them with the record's tile set.
_RACK = re.compile(r"^(?:[^\W\d_]|[?\[\]·])*$")
_COORDINATE = re.compile(r"^(\d+[A-Za-z]|[A-Za-z]\d+)$")
_CROSS_WORD = re.compile(r"^(?:[^\W\d_]|[\[\]·])+,?$")
_PLAYER = re.compile(r"player(\d{1,3})")
_RACK_PRAGMA = re.compile(r"rack(\d{1,3})")
_MAX_POINT_DIGITS = 9


@dataclass(frozen=True)
class GcgEvent:
    """One event line: who, what (see the kind constants), the rack before it (may be empty),
    the position and tiles of a move (or the exchanged / counted tiles), the points and the
    running total the file claims."""

    line: int
    nick: str
    kind: str
    rack: str
    score: int
    total: int
    position: str = ""
    tiles: str = ""
    text: str = ""


@dataclass(frozen=True)
class ShownRack:
    """A ``#rackN`` pragma: the rack of player N (1-based seat) when the record stops."""

    line: int
    seat: int
    rack: str


@dataclass
class GcgRecord:
    """A parsed GCG file: players (nickname, full name) in seat order, pragmas, events, the
    racks shown by ``#rackN`` pragmas, and the ``#note`` comments by the line of the event
    they follow (0 for those before the first event), continuation lines joined by newlines."""

    players: list[tuple[str, str]] = field(default_factory=list)
    lexicon: str | None = None
    title: str | None = None
    board_layout: str | None = None
    tile_distribution: str | None = None
    challenge_rule: str | None = None
    events: list[GcgEvent] = field(default_factory=list)
    shown_racks: list[ShownRack] = field(default_factory=list)
    notes: dict[int, str] = field(default_factory=dict)


def _points(token: str, where: str) -> int:
    if len(token.lstrip("+-")) > _MAX_POINT_DIGITS:
        raise FormatError(f"{where}: {token[:20]}...: points have at most {_MAX_POINT_DIGITS} digits")
    return int(token)


def _ends_with_points(tokens: list[str], end: int) -> bool:
    return end >= 3 and bool(_SCORE.match(tokens[end - 2])) and bool(_TOTAL.match(tokens[end - 1]))


def _score_fields(tokens: list[str], where: str) -> int:
    """How many tokens precede '+SCORE TOTAL': they end the line, or are followed only by
    Quackle's list of the cross words formed (``BE, ET, DO``).  Cost: linear."""
    end = len(tokens)
    while not _ends_with_points(tokens, end) and end >= 3 and _CROSS_WORD.match(tokens[end - 1]):
        end -= 1
    if not _ends_with_points(tokens, end):
        raise FormatError(f"{where}: an event ends with '+SCORE TOTAL'")
    return end - 2


def _parse_event(number: int, text: str, where: str) -> GcgEvent:
    match = _EVENT.match(text)
    if match is None:
        raise FormatError(f"{where}:{number}: not a GCG event line")
    nick, tokens = match[1], match[2].split()
    count = _score_fields(tokens, f"{where}:{number}")
    score = _points(tokens[count], f"{where}:{number}")
    total = _points(tokens[count + 1], f"{where}:{number}")
    middle = tokens[:count]
    action = middle[-1]
    if len(middle) >= 2 and _COORDINATE.match(middle[-2]):
        kind, position, tiles, before = MOVE, middle[-2], action, middle[:-2]
    else:
        position, tiles, before = "", "", middle[:-1]
        lowered = action.lower()
        if lowered in ("(challenge)", "(time)"):
            kind = CHALLENGE if lowered == "(challenge)" else TIME
        elif action.startswith("(") and action.endswith(")") and _RACK.match(action[1:-1]):
            kind, tiles = (RACK_PENALTY if before else END_POINTS), action[1:-1]
        elif action in ("-", "--"):
            kind = PASS if action == "-" else PHONY
        elif action.startswith("-") and (_RACK.match(action[1:]) or action[1:].isdigit()):
            kind, tiles = EXCHANGE, action[1:]
        else:
            raise FormatError(f"{where}:{number}: cannot read {match[2][:80]!r}")
    if len(before) > 1 or (before and not _RACK.match(before[0])):
        raise FormatError(f"{where}:{number}: {' '.join(before)[:80]!r} is not a rack")
    rack = before[0] if before else ""
    return GcgEvent(number, nick, kind, rack, score, total, position, tiles, text.strip())


class _Reader:
    """The state of a parse in progress: players by number, the record being filled."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.record = GcgRecord()
        self.seats: dict[int, tuple[str, str]] = {}
        self.in_note = False
        self.noting = False

    def pragma(self, number: int, line: str) -> None:
        keyword, value = [*line[1:].split(maxsplit=1), "", ""][:2]
        self.in_note = keyword in ("note", "description")
        self.noting = keyword == "note"
        if self.noting:
            self._note(value, " ")
        where = f"{self.name}:{number}"
        if player := _PLAYER.fullmatch(keyword):
            self._player(where, keyword, int(player[1]), value)
        elif shown := _RACK_PRAGMA.fullmatch(keyword):
            if not _RACK.match(value):
                raise FormatError(f"{where}: #{keyword} {value[:40]!r} is not a rack")
            self.record.shown_racks.append(ShownRack(number, int(shown[1]), value))
        elif keyword in ("lexicon", "title", "board-layout", "tile-distribution"):
            setattr(self.record, keyword.replace("-", "_"), value or None)
        elif keyword in ("challenge-rule", "challenge"):
            if value.lower() not in CHALLENGE_RULES:
                known = ", ".join(CHALLENGE_RULES)
                raise FormatError(f"{where}: unknown challenge rule {value[:40]!r} (known: {known})")
            self.record.challenge_rule = value.lower()

    def _note(self, text: str, separator: str) -> None:
        """Add ``text`` to the note on the last event (or the game, before any)."""
        after = self.record.events[-1].line if self.record.events else 0
        notes = self.record.notes
        notes[after] = f"{notes[after]}{separator}{text}" if after in notes else text

    def continue_note(self, line: str) -> None:
        """A line of text that continues a ``#note`` (a ``#description`` is not kept)."""
        if self.noting:
            self._note(line, "\n")

    def _player(self, where: str, keyword: str, seat: int, value: str) -> None:
        nick, _, full = " ".join(value.split()).partition(" ")  # tabs separate fields too
        if not nick or not full:
            raise FormatError(f"{where}: #{keyword} needs a nickname and a full name (cut off?)")
        if self.record.events:
            raise FormatError(f"{where}: #{keyword} comes after the first event")
        if not 1 <= seat <= MAX_PLAYERS:
            raise FormatError(f"{where}: player numbers run from 1 to {MAX_PLAYERS}")
        if seat in self.seats:
            raise FormatError(f"{where}: a second #{keyword} line")
        if nick in (taken for taken, _ in self.seats.values()):
            raise FormatError(f"{where}: two players have the nickname {nick!r}")
        self.seats[seat] = (nick, full)

    def event(self, number: int, line: str) -> None:
        self.in_note = self.noting = False
        if not self.record.events:
            self._seat_players(f"{self.name}:{number}")
        if len(self.record.events) >= MAX_GCG_EVENTS:
            raise FormatError(f"{self.name}:{number}: more than {MAX_GCG_EVENTS} events")
        event = _parse_event(number, line, self.name)
        if event.nick not in {nick for nick, _ in self.record.players}:
            raise FormatError(f"{self.name}:{number}: no #player line for {event.nick!r}")
        self.record.events.append(event)

    def _seat_players(self, where: str) -> None:
        if not self.seats:
            raise FormatError(f"{where}: no #player lines; is this a GCG file?")
        missing = [seat for seat in range(1, max(self.seats) + 1) if seat not in self.seats]
        if missing:
            raise FormatError(f"{where}: no #player{missing[0]} line (players are numbered from 1)")
        self.record.players = [self.seats[seat] for seat in sorted(self.seats)]

    def finish(self) -> GcgRecord:
        where = f"{self.name}: end of file"
        if not self.record.events:
            self._seat_players(where)
        for shown in self.record.shown_racks:
            if shown.seat not in self.seats:
                raise FormatError(f"{self.name}:{shown.line}: #rack{shown.seat} names no player")
        return self.record


def parse_gcg(text: str, name: str = "<gcg>") -> GcgRecord:
    """Parse GCG text.  Raises FormatError naming ``name:line`` for a line that is neither a
    pragma, an event, nor the continuation of a note; for an event by an unknown player; for
    an incomplete players header; for text beyond the limits.  Cost: linear in the text."""
    require_type(text, str, "GCG text")
    require_type(name, str, "a GCG file name")
    if len(text) > MAX_GCG_FILE_BYTES:
        raise FormatError(f"{name}: longer than a GCG record may be ({MAX_GCG_FILE_BYTES} characters)")
    reader = _Reader(name)
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            reader.pragma(number, line)
        elif line.startswith(">"):
            reader.event(number, line)
        elif not reader.in_note:
            raise FormatError(f"{name}:{number}: not a GCG line: {line[:40]!r}")
        else:
            reader.continue_note(line)
    return reader.finish()


def read_gcg(path: str | os.PathLike[str]) -> GcgRecord:
    """Read and parse a GCG file (UTF-8, or Latin-1 when it is not UTF-8) of at most
    MAX_GCG_FILE_BYTES; FormatError for a file that cannot be read or parsed (a folder, a
    pipe or a device is refused unread: :func:`wordgames.textfiles.read_file_bytes`)."""
    require_type(path, (str, os.PathLike), "a GCG path")
    data = read_file_bytes(path, "GCG file", limit=MAX_GCG_FILE_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # the GCG default encoding
    return parse_gcg(text, shown_path(path))
