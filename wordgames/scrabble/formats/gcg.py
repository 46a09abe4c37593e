"""GCG, the text format of recorded crossword games (John Chew's ``.gcg``).

Writing (:func:`game_to_gcg`, :func:`history_to_gcg`)::

    #character-encoding UTF-8
    #player1 Ann Ann
    #player2 Robo Robo
    #lexicon enable
    #board-layout CrosswordGame              when the layout is a built-in one
    #tile-distribution english               when the tiles are the standard English set
    >Ann: AEINRST 8D RETAINs +72 72          a placement: rack before, position, word, +score, total
    >Robo: DEIOPRV H4 PRO.IDE +32 32         board tiles the word runs through are written '.'
    >Ann: ABCEIIU -ABCIIU +0 72              an exchange
    >Robo: DEGLOPT - +0 32                   a pass
    >Ann:  (DEG) +5 420                      going out: the tiles left on the other racks
    >Robo: DEG (DEG) -5 313                  a rack penalty at the end

and in games played under a challenge rule other than ``void``::

    #challenge-rule 5                        the rule (see below)
    >Ann: EIOPRST 8D POTSIER +70 70          a phony...
    >Ann: EIOPRST -- -70 0                   ...challenged off
    >Robo: ADEHNST 9C HASTENED +74 74        a valid play, challenged in vain:
    >Robo: AEIKLOR (challenge) +5 79         the bonus it gained

Standard coordinates: ``8D`` (row first) reads across, ``D8`` down; blanks are lower case.
GCG has no standard pragma for the challenge rule (engines such as Macondo assume one); this
module writes ``#challenge-rule NAME`` (``single``, ``double``, ``5``, ``10``) for a game not
played under ``void``, reads it (or ``#challenge NAME``), and replays by it: a phony that was
not challenged off stands under every rule but ``void``, and a ``(challenge)`` bonus must be
the rule's.  A challenger's lost turn under ``double`` is written as their pass.
End-of-game lines follow the rules the games are played with (USC: the player who goes out
gains the others' rack values once, each other player loses their own).

Reading (:func:`parse_gcg`) accepts these lines plus the other standard events — a withdrawn
phony (``--``), a challenge bonus ``(challenge)``, a time penalty ``(time)``, exchanges written
as a tile count (``-7``) — and any pragma.  :func:`replay_gcg` plays the events on a board,
checking every move with the rule set and every score and running total; it reports the first
discrepancy.  The board and tiles come from ``#board-layout`` (``CrosswordGame``,
``SuperCrosswordGame``, as other programs write them, or our ``standard`` and ``super``) and
``#tile-distribution`` when the file names them, else the standard ones; arguments given to
it win over both.  Going-out
points are accepted either as the others' rack value or as twice it (the two-player tournament
convention).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from wordgames.errors import FormatError, IllegalMoveError, InvalidArgumentError, NotationError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.layout import (
    BOARD_NAMES,
    Layout,
    board_name,
    builtin_layout_named,
    standard_layout,
)
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.notation import format_standard_move, parse_coordinate
from wordgames.scrabble.core.scoring import rack_value
from wordgames.scrabble.core.tiles import (
    STANDARD_ENGLISH,
    TILE_DISTRIBUTIONS,
    Rack,
    TileSet,
    distribution_name,
    tile_set_named,
)
from wordgames.scrabble.game.challenge import (
    CHALLENGE_RULES,
    DEFAULT_CHALLENGE_RULE,
    ChallengeRule,
    judge_placement,
)
from wordgames.scrabble.game.state import Game
from wordgames.scrabble.game.turn import Turn, TurnKind
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.rules.registry import get_rules

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
_RACK = re.compile(r"^[A-Za-z?]*$")
_COORDINATE = re.compile(r"^(\d+[A-Za-z]|[A-Za-z]\d+)$")


# --- writing --------------------------------------------------------------------------------------


def nicknames(names: list[str]) -> list[str]:
    """GCG nicknames for player names: whitespace and colons become ``_``; a clash gets a
    number appended so every nickname stays unique."""
    result: list[str] = []
    for name in names:
        base = re.sub(r"[\s:]+", "_", name.strip()) or "player"
        nick, number = base, 2
        while nick in result:
            nick, number = f"{base}{number}", number + 1
        result.append(nick)
    return result


def turn_to_gcg(turn: Turn, nick: str) -> str:
    """One event line for a history entry."""
    score = f"{turn.score:+d}"
    if turn.kind is TurnKind.PLACE and turn.move is not None:
        action = format_standard_move(turn.move, through=".")
    elif turn.kind is TurnKind.EXCHANGE:
        action = f"-{turn.tiles}"
    elif turn.kind is TurnKind.PASS:
        action = "-"
    elif turn.kind is TurnKind.WITHDRAW:
        action = "--"
    elif turn.kind is TurnKind.CHALLENGE:
        action = "(challenge)"
    else:
        action = f"({turn.tiles})"  # END: the rack tiles counted (the rack is empty going out)
    return f">{nick}: {turn.rack} {action} {score} {turn.total}"


def history_to_gcg(
    names: list[str],
    history: list[Turn],
    lexicon_name: str | None = None,
    title: str | None = None,
    *,
    board_layout: str | None = None,
    tile_distribution: str | None = None,
    challenge_rule: str | None = None,
) -> str:
    """The GCG text of a game given its player names (seat order) and its history; the
    optional names become ``#lexicon``, ``#title``, ``#board-layout``,
    ``#tile-distribution`` and ``#challenge-rule`` pragmas."""
    nicks = nicknames(names)
    lines = ["#character-encoding UTF-8"]
    for seat, (nick, name) in enumerate(zip(nicks, names, strict=True), 1):
        lines.append(f"#player{seat} {nick} {name}")
    for pragma, value in (
        ("title", title),
        ("lexicon", lexicon_name),
        ("board-layout", board_layout),
        ("tile-distribution", tile_distribution),
        ("challenge-rule", challenge_rule),
    ):
        if value:
            lines.append(f"#{pragma} {value}")
    lines.extend(turn_to_gcg(turn, nicks[turn.player]) for turn in history)
    return "\n".join(lines) + "\n"


def game_to_gcg(game: Game, title: str | None = None) -> str:
    """The GCG text of a game (finished or not).  The layout and tile set are named when a
    reader can rebuild them from the name: a built-in layout, the standard English tiles."""
    names = [player.name for player in game.players]
    settings = game.settings
    return history_to_gcg(
        names,
        game.history,
        lexicon_label(game.lexicon.source),
        title,
        board_layout=board_name(settings.layout),
        tile_distribution=distribution_name(settings.tile_set),
        challenge_rule=None if settings.challenge == DEFAULT_CHALLENGE_RULE else settings.challenge,
    )


def layout_from_pragma(name: str) -> Layout:
    """The layout a ``#board-layout`` pragma names (``CrosswordGame``, ``SuperCrosswordGame``
    or a built-in layout's name, any case); FormatError for a name we do not know."""
    layout = builtin_layout_named(name)
    if layout is None:
        known = ", ".join(sorted(BOARD_NAMES.values()))
        raise FormatError(f"unknown #board-layout {name!r} (known: {known}); give the layout")
    return layout


def tile_set_from_pragma(name: str) -> TileSet:
    """The tile set a ``#tile-distribution`` pragma names (any case); FormatError for a name
    we do not know."""
    tile_set = tile_set_named(name)
    if tile_set is None:
        known = ", ".join(sorted(TILE_DISTRIBUTIONS))
        raise FormatError(f"unknown #tile-distribution {name!r} (known: {known}); give the tiles")
    return tile_set


def lexicon_label(source: str) -> str | None:
    """A short lexicon name for the ``#lexicon`` pragma: a path's file stem, a shipped
    list's name as is; None for a lexicon built from a word list in memory (``<words>``)."""
    if source.startswith("<"):
        return None
    return Path(source).stem if ("/" in source or "\\" in source or "." in source) else source


# --- reading --------------------------------------------------------------------------------------


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


@dataclass
class GcgRecord:
    """A parsed GCG file: players (nickname, full name) in seat order, pragmas, events."""

    players: list[tuple[str, str]] = field(default_factory=list)
    lexicon: str | None = None
    title: str | None = None
    board_layout: str | None = None
    tile_distribution: str | None = None
    challenge_rule: str | None = None
    events: list[GcgEvent] = field(default_factory=list)


def _parse_event(number: int, text: str, where: str) -> GcgEvent:
    match = _EVENT.match(text)
    if match is None:
        raise FormatError(f"{where}:{number}: not a GCG event line")
    nick, tokens = match[1], match[2].split()
    if len(tokens) < 3 or not _SCORE.match(tokens[-2]) or not _TOTAL.match(tokens[-1]):
        raise FormatError(f"{where}:{number}: an event ends with '+SCORE TOTAL'")
    score, total = int(tokens[-2]), int(tokens[-1])
    middle = tokens[:-2]
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
            raise FormatError(f"{where}:{number}: cannot read {match[2]!r}")
    if len(before) > 1 or (before and not _RACK.match(before[0])):
        raise FormatError(f"{where}:{number}: {' '.join(before)!r} is not a rack")
    rack = before[0] if before else ""
    return GcgEvent(number, nick, kind, rack, score, total, position, tiles, text.strip())


def parse_gcg(text: str, name: str = "<gcg>") -> GcgRecord:
    """Parse GCG text.  Raises FormatError naming ``name:line`` for a line that is neither a
    pragma, an event, nor the continuation of a note, or for an event by an unknown player."""
    record = GcgRecord()
    in_note = False
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            keyword, _, value = line[1:].partition(" ")
            value = value.strip()
            in_note = keyword in ("note", "description")
            if re.fullmatch(r"player\d+", keyword):
                nick, _, full = value.partition(" ")
                if not nick:
                    raise FormatError(f"{name}:{number}: #{keyword} needs a nickname")
                record.players.append((nick, full.strip() or nick))
            elif keyword == "lexicon":
                record.lexicon = value or None
            elif keyword == "title":
                record.title = value or None
            elif keyword == "board-layout":
                record.board_layout = value or None
            elif keyword == "tile-distribution":
                record.tile_distribution = value or None
            elif keyword in ("challenge-rule", "challenge"):
                if value.lower() not in CHALLENGE_RULES:
                    known = ", ".join(CHALLENGE_RULES)
                    raise FormatError(f"{name}:{number}: unknown challenge rule {value!r} (known: {known})")
                record.challenge_rule = value.lower()
            continue
        if line.startswith(">"):
            in_note = False
            event = _parse_event(number, line, name)
            if event.nick not in {nick for nick, _ in record.players}:
                raise FormatError(f"{name}:{number}: no #player line for {event.nick!r}")
            record.events.append(event)
            continue
        if in_note:
            continue
        raise FormatError(f"{name}:{number}: not a GCG line: {line[:40]!r}")
    if not record.players:
        raise FormatError(f"{name}: no #player lines; is this a GCG file?")
    return record


def read_gcg(path: str | os.PathLike[str]) -> GcgRecord:
    """Read and parse a GCG file (UTF-8, or Latin-1 when it is not UTF-8)."""
    file = Path(path)
    try:
        data = file.read_bytes()
    except FileNotFoundError:
        raise FormatError(f"{file}: no such GCG file") from None
    except OSError as error:
        raise FormatError(f"{file}: cannot read ({error.strerror or error})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # the GCG default encoding
    return parse_gcg(text, str(file))


# --- replaying ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Discrepancy:
    """The first thing that does not check: the line and what is wrong with it."""

    line: int
    text: str
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message} ({self.text})"


@dataclass
class ReplayResult:
    """What a replay found: the final board and totals, how many events were checked, and
    the first discrepancy (None when everything checked)."""

    board: Board
    totals: dict[str, int]
    events_checked: int
    discrepancy: Discrepancy | None = None

    @property
    def ok(self) -> bool:
        """Whether every event checked."""
        return self.discrepancy is None


class _Mismatch(Exception):
    """Internal: stops the replay at the first discrepancy."""


def _move_from_event(board: Board, event: GcgEvent) -> Move:
    """The move a GCG placement describes: ``.`` stands for a board tile, other letters must
    match an occupied square or go on an empty one."""
    try:
        row, col, direction = parse_coordinate(event.position)
    except NotationError as error:
        raise _Mismatch(str(error)) from None
    d_row, d_col = direction.step
    letters = []
    for i, char in enumerate(event.tiles):
        r, c = row + d_row * i, col + d_col * i
        if not board.in_bounds(r, c):
            raise _Mismatch(f"{event.position} {event.tiles} runs off the board")
        tile = board.get(r, c)
        if char == ".":
            if tile is None:
                raise _Mismatch(f"'.' at {event.position} square {i + 1} stands on an empty square")
            letters.append(tile)
        elif not char.isalpha():
            raise _Mismatch(f"{char!r} is not a tile")
        elif tile is not None and tile.upper() != char.upper():
            raise _Mismatch(f"{char} is played on a square that holds {tile}")
        else:
            letters.append(tile if tile is not None else char)
    try:
        return Move.from_word(board, row, col, direction, "".join(letters))
    except InvalidArgumentError as error:
        raise _Mismatch(str(error)) from None


def move_from_event(board: Board, event: GcgEvent) -> Move:
    """The move a placement event describes on ``board`` (the board before it).  Raises
    FormatError naming the line when the event does not fit the board."""
    try:
        return _move_from_event(board, event)
    except _Mismatch as error:
        raise FormatError(f"line {event.line}: {error}") from None


class _Replay:
    """The state of a replay in progress."""

    def __init__(self, record: GcgRecord, lexicon: Lexicon, rules: RuleSet, tile_set: TileSet,
                 layout: Layout) -> None:
        self.lexicon = lexicon
        self.rules = rules
        self.tile_set = tile_set
        self.board = Board(layout)
        self.totals = {nick: 0 for nick, _ in record.players}
        self.played: Counter[str] = Counter()
        self.last_move: tuple[str, Move, int] | None = None
        # The #challenge-rule the game names; None (no pragma) keeps the lenient reading of
        # records from elsewhere: phonies only as far as they are withdrawn, any bonus.
        self.challenge: ChallengeRule | None = (
            None if record.challenge_rule is None else CHALLENGE_RULES[record.challenge_rule]
        )

    def apply(self, event: GcgEvent, withdrawn: bool = False) -> None:
        """Check one event and play it; raises _Mismatch with the reason.  ``withdrawn``
        marks a move that the next event takes back as a phony."""
        points = self._place(event, withdrawn) if event.kind == MOVE else self._points(event)
        if points != event.score:
            raise _Mismatch(f"scores {points:+d}, the file says {event.score:+d}")
        expected = self.totals[event.nick] + event.score
        if expected != event.total:
            raise _Mismatch(f"{event.nick}'s total should be {expected}, the file says {event.total}")
        self.totals[event.nick] = expected

    def _require_rack(self, event: GcgEvent, tiles: list[str]) -> None:
        if event.rack and not Rack.parse(event.rack).can_supply(tiles):
            raise _Mismatch(f"the rack {event.rack} does not hold {''.join(tiles)}")

    def _points(self, event: GcgEvent) -> int:
        if event.kind == EXCHANGE:
            if not event.tiles.isdigit():
                self._require_rack(event, Rack.parse(event.tiles).tiles())
            self.last_move = None
            return 0
        if event.kind == PASS:
            self.last_move = None
            return 0
        if event.kind == PHONY:
            if self.challenge is not None and not self.challenge.phonies_allowed:
                raise _Mismatch("a withdrawn phony in a game under the void challenge rule")
            return self._withdraw(event)
        if event.kind == CHALLENGE and self.challenge is not None:
            bonus = self.challenge.wrong_challenge_bonus
            if not self.challenge.phonies_allowed or event.score != bonus:
                raise _Mismatch(f"the {self.challenge.name} challenge rule gives {bonus:+d} for a "
                                f"challenge that fails")
        if event.kind == END_POINTS:
            value = rack_value(Rack.parse(event.tiles).tiles(), self.tile_set)
            # Tournament two-player games double the going-out points; USC games do not.
            return 2 * value if event.score == 2 * value and value else value
        if event.kind == RACK_PENALTY:
            if event.rack and Rack.parse(event.rack) != Rack.parse(event.tiles):
                raise _Mismatch(f"the penalty counts {event.tiles}, but the rack is {event.rack}")
            return -rack_value(Rack.parse(event.tiles).tiles(), self.tile_set)
        return event.score  # challenge bonuses and time penalties have no rule to check

    def _place(self, event: GcgEvent, withdrawn: bool) -> int:
        move = _move_from_event(self.board, event)
        if not move.placed:
            raise _Mismatch("the move places no tile")
        used = [placement.rack_tile for placement in move.placed]
        self._require_rack(event, used)
        rack = Rack.parse(event.rack) if event.rack else None
        verdict = self.rules.check(self.board, move, self.lexicon, rack)
        score = verdict.score
        if not verdict.valid:
            score = self._phony_score(event, move, verdict.code, withdrawn, verdict.message or str(verdict))
        self.played.update(used)
        counts = self.tile_set.counts
        for tile in set(used):
            if counts and self.played[tile] > counts.get(tile, 0):
                raise _Mismatch(f"more {tile} tiles are played than the tile set holds")
        self.board.place_all((p.row, p.col, p.tile) for p in move.placed)
        self.last_move = (event.nick, move, score)
        return score

    def _phony_score(self, event: GcgEvent, move: Move, code: str, withdrawn: bool, reason: str) -> int:
        """The points of a move the lexicon refuses, when it may be played; else _Mismatch."""
        if code not in ("BAD WORD", "BAD START"):
            raise _Mismatch(f"illegal move: {reason}")
        if self.challenge is not None and self.challenge.phonies_allowed:
            # The game's rule lets phonies be played (they stand unless challenged off): only
            # the placement is judged (a standing phony makes the board a BAD START).
            try:
                return judge_placement(self.rules, self.board, move)[0]
            except IllegalMoveError as error:
                raise _Mismatch(f"illegal move: {error}") from None
        if withdrawn and code == "BAD WORD" and self.challenge is None:
            # A record from elsewhere: a phony challenged off only has to be placed legally;
            # the rule set does not score non-words, so its recorded points stand (the
            # withdrawal must cancel them).
            return event.score
        raise _Mismatch(f"illegal move: {reason}")

    def _withdraw(self, event: GcgEvent) -> int:
        if self.last_move is None or self.last_move[0] != event.nick:
            raise _Mismatch("a withdrawn phony must follow the same player's move")
        _, move, score = self.last_move
        for placement in move.placed:
            self.board.remove(placement.row, placement.col)
        self.played.subtract(placement.rack_tile for placement in move.placed)
        self.last_move = None
        return -score


def replay_gcg(
    record: GcgRecord,
    lexicon: Lexicon,
    *,
    rules: RuleSet | None = None,
    tile_set: TileSet | None = None,
    layout: Layout | None = None,
    hand_size: int = 7,
    observe: Callable[[GcgEvent, Board], None] | None = None,
) -> ReplayResult:
    """Replay ``record`` on an empty board with ``rules`` (classic with ``tile_set`` and
    ``hand_size`` by default), checking each event's legality, score and running total; stop
    at the first discrepancy.  ``layout`` and ``tile_set`` default to what the record's
    pragmas name, else the standard ones (FormatError for a name we do not know).  ``observe``
    is called with each event and the board before it (not to be changed), before the event
    is checked.  Cost: one rule check per placement."""
    if layout is None:
        layout = layout_from_pragma(record.board_layout) if record.board_layout else standard_layout()
    if tile_set is None:
        tile_set = (
            tile_set_from_pragma(record.tile_distribution) if record.tile_distribution else STANDARD_ENGLISH
        )
    if rules is None:
        rules = get_rules("classic", tile_set=tile_set, hand_size=hand_size)
    replay = _Replay(record, lexicon, rules, tile_set, layout)
    checked = 0
    events = record.events
    for index, event in enumerate(events):
        following = events[index + 1] if index + 1 < len(events) else None
        withdrawn = following is not None and following.kind == PHONY and following.nick == event.nick
        if observe is not None:
            observe(event, replay.board)
        try:
            replay.apply(event, withdrawn)
        except _Mismatch as error:
            return ReplayResult(
                replay.board, replay.totals, checked, Discrepancy(event.line, event.text, str(error))
            )
        checked += 1
    return ReplayResult(replay.board, replay.totals, checked)

