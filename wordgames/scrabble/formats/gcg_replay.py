"""Replaying a GCG record on a board, checking every event (:func:`replay_gcg`).

Each placement must be legal with the rule set and held by the rack shown; each score and
running total must match; tiles must not outnumber the tile set; every rack shown (on a
move, exchange, pass or end line, or by a ``#rackN`` pragma at the end) must be drawable from
the tiles not on the board;
a withdrawal (``--``) must follow its player's move and show the same rack.  Going-out points
are accepted either as the others' rack value or as twice it (the two-player tournament
convention); a withdrawal may carry the score ``+0`` when its total takes the points back.
Racks and tiles are read in the tile set's notation (``[L·L]``, a blank ``[l·l]``), each
event checked to hold only the tile set's tiles before it is replayed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from wordgames.errors import (
    FormatError,
    IllegalMoveError,
    InvalidArgumentError,
    NotationError,
    WordGamesError,
)
from wordgames.lexicon import Lexicon
from wordgames.lexicon.alphabet import BLANK_BIT
from wordgames.limits import MAX_HAND_SIZE
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.layout import (
    BOARD_ALIASES,
    BOARD_NAMES,
    Layout,
    builtin_layout_named,
    standard_layout,
)
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.notation import parse_coordinate
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.scoring import rack_value
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, TILE_DISTRIBUTIONS, TileSet, tile_set_named
from wordgames.scrabble.formats.gcg_read import (
    CHALLENGE,
    END_POINTS,
    EXCHANGE,
    MOVE,
    PASS,
    PHONY,
    RACK_PENALTY,
    TIME,
    GcgEvent,
    GcgRecord,
)
from wordgames.scrabble.game.challenge import CHALLENGE_RULES, ChallengeRule, judge_placement
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.rules.registry import get_rules


def layout_from_pragma(name: str) -> Layout:
    """The layout a ``#board-layout`` pragma names (``CrosswordGame``, ``SuperCrosswordGame``,
    MAGPIE's ``standard15`` or a built-in layout's name, any case); FormatError for a name we
    do not know."""
    require_type(name, str, "a board layout name")
    layout = builtin_layout_named(name)
    if layout is None:
        known = ", ".join(sorted([*BOARD_NAMES.values(), *BOARD_ALIASES]))
        raise FormatError(f"unknown #board-layout {name[:40]!r} (known: {known}); give the layout")
    return layout


def tile_set_from_pragma(name: str) -> TileSet:
    """The tile set a ``#tile-distribution`` pragma names (any case); FormatError for a name
    we do not know."""
    require_type(name, str, "a tile distribution name")
    tile_set = tile_set_named(name)
    if tile_set is None:
        known = ", ".join(sorted(TILE_DISTRIBUTIONS))
        raise FormatError(f"unknown #tile-distribution {name[:40]!r} (known: {known}); give the tiles")
    return tile_set


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
    """The move a GCG placement describes in the board's alphabet's notation: ``.`` stands for
    a board tile, other tiles must match an occupied square or go on an empty one."""
    try:
        row, col, direction = parse_coordinate(event.position)
    except NotationError as error:
        raise _Mismatch(str(error)) from None
    alphabet = board.alphabet
    numbers: list[int | None] = []
    for part in re.split(r"(\.)", event.tiles):
        if part == ".":
            numbers.append(None)
        elif part:
            try:
                tiles = alphabet.parse_tiles(part)
            except InvalidArgumentError as error:
                raise _Mismatch(str(error)) from None
            if 0 in tiles:
                raise _Mismatch("'?' is not a tile of a word (a blank is written in lower case)")
            numbers.extend(tiles)
    d_row, d_col = direction.step
    spelled = []
    for i, number in enumerate(numbers):
        r, c = row + d_row * i, col + d_col * i
        if not board.in_bounds(r, c):
            raise _Mismatch(f"{event.position} {event.tiles[:40]} runs off the board")
        on_board = board.number_at(r, c)
        if number is None:
            if not on_board:
                raise _Mismatch(f"'.' at {event.position} square {i + 1} stands on an empty square")
            spelled.append(on_board)
        elif on_board and (on_board & ~BLANK_BIT) != (number & ~BLANK_BIT):
            raise _Mismatch(f"{alphabet.tile(number & ~BLANK_BIT)} is played on a square that holds "
                            f"{alphabet.written(on_board)}")
        else:
            spelled.append(on_board or number)
    try:
        return Move.of_tiles(board, row, col, direction, spelled)
    except InvalidArgumentError as error:
        raise _Mismatch(str(error)) from None


def move_from_event(board: Board, event: GcgEvent) -> Move:
    """The move a placement event describes on ``board`` (the board before it).  Raises
    FormatError naming the line when the event does not fit the board."""
    require_type(board, Board, "a board")
    require_type(event, GcgEvent, "a GCG event")
    try:
        return _move_from_event(board, event)
    except _Mismatch as error:
        raise FormatError(f"line {event.line}: {error}") from None


def encoded_event(event: GcgEvent, tile_set: TileSet) -> GcgEvent:
    """``event`` when its rack and tiles are written in ``tile_set``'s notation (``.`` and an
    exchange's tile count aside); FormatError naming the line when they are not the tile
    set's tiles: the record is of another language's game (a Polish record read with English
    tiles), which no replay can check."""
    require_type(event, GcgEvent, "a GCG event")
    require_type(tile_set, TileSet, "a tile set")
    alphabet = tile_set.alphabet
    texts = [*([] if event.tiles.isdigit() else re.split(r"\.", event.tiles)), event.rack]
    if alphabet.is_single_character:
        # Letters beyond the tile set are named together: the record is of another language.
        foreign = sorted({char.upper() for text in texts for char in text
                          if char.isalpha() and char.upper() not in tile_set.values})
    else:
        try:
            numbers = [number for text in texts if text for number in _rack_numbers(text, tile_set)]
        except InvalidArgumentError as error:
            raise FormatError(f"line {event.line}: {error}; give the record's tiles") from None
        foreign = sorted({alphabet.tile(number & ~BLANK_BIT) for number in numbers
                          if number and alphabet.tile(number & ~BLANK_BIT) not in tile_set.values})
    if foreign:
        shown = ", ".join(foreign)
        raise FormatError(f"line {event.line}: {shown} {'is' if len(foreign) == 1 else 'are'} not in "
                          "the tile set; give the record's tiles (--tile-distribution)")
    return event


def _rack_numbers(text: str, tile_set: TileSet) -> bytes:
    """Tiles written in ``tile_set``'s notation (English in any case) as tile numbers."""
    if tile_set.is_plain_english:
        alphabet = tile_set.alphabet
        out = bytearray()
        for char in text:
            if char in "?_":
                out.append(0)
            elif char.upper() in alphabet.tiles:
                out.append(alphabet.number(char.upper()) | (BLANK_BIT if char.islower() else 0))
            else:
                raise InvalidArgumentError(f"{text[:40]!r}: {char!r} is not in the alphabet")
        return bytes(out)
    return tile_set.alphabet.parse_tiles(text)


def _rack_of(text: str, tile_set: TileSet) -> Rack:
    """A rack written in ``tile_set``'s notation; _Mismatch saying what is wrong."""
    try:
        return tile_set.parse_rack(text)
    except WordGamesError as error:
        raise _Mismatch(str(error)) from None


class _Replay:
    """The state of a replay in progress."""

    def __init__(self, record: GcgRecord, lexicon: Lexicon, rules: RuleSet, tile_set: TileSet,
                 layout: Layout, hand_size: int) -> None:
        self.lexicon = lexicon
        self.rules = rules
        self.tile_set = tile_set
        self.hand_size = hand_size
        self.board = Board(layout, tile_set.alphabet)
        self.totals = {nick: 0 for nick, _ in record.players}
        self.played: Counter[str] = Counter()
        # The last move, while the next event may still withdraw it: who, the move, its
        # points and the rack it was played from.
        self.last_move: tuple[str, Move, int, str] | None = None
        # The #challenge-rule the game names; None (no pragma) keeps the lenient reading of
        # records from elsewhere: phonies only as far as they are withdrawn, any bonus.
        self.challenge: ChallengeRule | None = (
            None if record.challenge_rule is None else CHALLENGE_RULES[record.challenge_rule]
        )

    def _rack(self, text: str) -> Rack:
        return _rack_of(text, self.tile_set)

    def apply(self, event: GcgEvent, withdrawn: bool = False) -> None:
        """Check one event and play it; raises _Mismatch with the reason.  ``withdrawn``
        marks a move that the next event takes back as a phony."""
        # A rack is shown before its event, but a withdrawal's rack holds the tiles it takes
        # back; a challenge bonus or time penalty uses no tile (liwords writes UNKNOWN there).
        if event.rack and event.kind not in (PHONY, CHALLENGE, TIME):
            self.check_unseen(event.rack)
        points = self._place(event, withdrawn) if event.kind == MOVE else self._points(event)
        if event.rack and event.kind == PHONY:
            self.check_unseen(event.rack)
        # A withdrawal may be written with the score +0 and its total taken back.
        recorded = points if event.kind == PHONY and event.score == 0 else event.score
        if points != recorded:
            raise _Mismatch(f"scores {points:+d}, the file says {event.score:+d}")
        expected = self.totals[event.nick] + points
        if expected != event.total:
            raise _Mismatch(f"{event.nick}'s total should be {expected}, the file says {event.total}")
        self.totals[event.nick] = expected

    def check_unseen(self, text: str) -> None:
        """A rack shown must hold at most a hand of tiles, all of them drawable from the tiles
        not on the board.  (Racks shown together are not checked together: real records,
        such as Elise's, show end racks that overlap by a tile.)"""
        rack = self._rack(text)
        if len(rack) > self.hand_size:
            raise _Mismatch(f"the rack {text} holds {len(rack)} tiles; a rack holds {self.hand_size}")
        counts = self.tile_set.counts
        if not counts:
            return  # a tile set without counts (a scores file): nothing to check against
        for tile, number in sorted(rack.counts().items(), key=lambda item: rack.alphabet.number(item[0])):
            unseen = counts.get(tile, 0) - self.played[tile]
            if number > unseen:
                raise _Mismatch(f"the rack {text} holds {number} {tile}, but only {max(unseen, 0)} "
                                "are not on the board")

    def _require_rack(self, event: GcgEvent, tiles: list[str]) -> None:
        if event.rack and not self._rack(event.rack).can_supply(tiles):
            raise _Mismatch(f"the rack {event.rack} does not hold {''.join(tiles)}")

    def _points(self, event: GcgEvent) -> int:
        if event.kind == PHONY:
            if self.challenge is not None and not self.challenge.phonies_allowed:
                raise _Mismatch("a withdrawn phony in a game under the void challenge rule")
            return self._withdraw(event)
        if event.kind == CHALLENGE and self.challenge is not None:
            bonus = self.challenge.wrong_challenge_bonus
            if not self.challenge.phonies_allowed or event.score != bonus:
                raise _Mismatch(f"the {self.challenge.name} challenge rule gives {bonus:+d} for a "
                                f"challenge that fails")
        if event.kind == EXCHANGE:
            if not event.tiles.isdigit():
                self._require_rack(event, self._rack(event.tiles).tiles())
            self.last_move = None
            return 0
        if event.kind == PASS:
            self.last_move = None
            return 0
        if event.kind == END_POINTS:
            value = rack_value(self._rack(event.tiles).tiles(), self.tile_set)
            # Tournament two-player games double the going-out points; USC games do not.
            return 2 * value if event.score == 2 * value and value else value
        if event.kind == RACK_PENALTY:
            if event.rack and self._rack(event.rack) != self._rack(event.tiles):
                raise _Mismatch(f"the penalty counts {event.tiles}, but the rack is {event.rack}")
            return -rack_value(self._rack(event.tiles).tiles(), self.tile_set)
        return event.score  # challenge bonuses and time penalties have no rule to check

    def _place(self, event: GcgEvent, withdrawn: bool) -> int:
        move = _move_from_event(self.board, event)
        if not move.placed:
            raise _Mismatch("the move places no tile")
        used = [placement.rack_tile for placement in move.placed]
        self._require_rack(event, used)
        rack = self._rack(event.rack) if event.rack else None
        try:
            verdict = self.rules.check(self.board, move, self.lexicon, rack)
        except WordGamesError as error:  # a tile outside the tile set, a rack too long...
            raise _Mismatch(str(error)) from None
        score = verdict.score
        if not verdict.valid:
            score = self._phony_score(event, move, verdict.code, withdrawn, verdict.message or str(verdict))
        self.played.update(used)
        counts = self.tile_set.counts
        for tile in set(used):
            if counts and self.played[tile] > counts.get(tile, 0):
                raise _Mismatch(f"more {tile} tiles are played than the tile set holds")
        self.board.place_all((p.row, p.col, p.tile) for p in move.placed)
        self.last_move = (event.nick, move, score, event.rack)
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
        _, move, score, rack = self.last_move
        if event.rack and rack and self._rack(event.rack) != self._rack(rack):
            raise _Mismatch(f"the withdrawal shows the rack {event.rack}, but the move was played "
                            f"from {rack}")
        for placement in move.placed:
            self.board.remove(placement.row, placement.col)
        self.played.subtract(placement.rack_tile for placement in move.placed)
        self.last_move = None
        return -score


def _check_arguments(record: GcgRecord, lexicon: Lexicon, rules: RuleSet | None,
                     tile_set: TileSet | None, layout: Layout | None, hand_size: int,
                     observe: Callable[[GcgEvent, Board], None] | None) -> None:
    require_type(record, GcgRecord, "a GCG record")
    require_type(lexicon, Lexicon, "a lexicon")
    if rules is not None:
        require_type(rules, RuleSet, "a rule set")
    if tile_set is not None:
        require_type(tile_set, TileSet, "a tile set")
    if layout is not None:
        require_type(layout, Layout, "a layout")
    require_int(hand_size, "a hand size", 1, MAX_HAND_SIZE)
    if observe is not None and not callable(observe):
        raise InvalidArgumentError("observe must be callable")


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
    ``hand_size`` by default), checking each event's legality, score, running total and
    rack; then each ``#rackN`` rack; stop at the first discrepancy.  ``layout`` and
    ``tile_set`` default to what the record's pragmas name, else the standard ones
    (FormatError for a name we do not know, and for a record whose tiles are not those: see
    :func:`encoded_event`).  ``observe`` is called with each event and the
    board before it (not to be changed), before the event is checked.  Cost: one rule check
    per placement."""
    _check_arguments(record, lexicon, rules, tile_set, layout, hand_size, observe)
    if layout is None:
        layout = layout_from_pragma(record.board_layout) if record.board_layout else standard_layout()
    if tile_set is None:
        tile_set = (
            tile_set_from_pragma(record.tile_distribution) if record.tile_distribution else STANDARD_ENGLISH
        )
    if rules is None:
        rules = get_rules("classic", tile_set=tile_set, hand_size=hand_size)
    replay = _Replay(record, lexicon, rules, tile_set, layout, hand_size)
    checked = 0
    events = record.events
    for index, event in enumerate(events):
        following = events[index + 1] if index + 1 < len(events) else None
        withdrawn = following is not None and following.kind == PHONY and following.nick == event.nick
        event = encoded_event(event, tile_set)
        try:
            if observe is not None:
                observe(event, replay.board)
            replay.apply(event, withdrawn)
        except _Mismatch as error:
            return ReplayResult(
                replay.board, replay.totals, checked, Discrepancy(event.line, event.text, str(error))
            )
        checked += 1
    for shown in record.shown_racks:
        try:
            replay.check_unseen(shown.rack)
        except (_Mismatch, InvalidArgumentError) as error:
            found = Discrepancy(shown.line, f"#rack{shown.seat} {shown.rack}", str(error))
            return ReplayResult(replay.board, replay.totals, checked, found)
    return ReplayResult(replay.board, replay.totals, checked)
