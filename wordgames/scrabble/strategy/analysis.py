"""Game review: replay a GCG record and judge every turn whose rack is known.

For each such turn the engine ranks every legal placement, and the best exchange, by static
equity (score plus the value of the tiles kept; once the bag is empty, score plus twice the
opponent's tiles for going out, minus twice one's own tiles left); the played turn gets its
rank and its *equity loss* (the best equity minus the played turn's).  A turn also records the
bingo it missed (when a bingo was possible and another turn was played) and the words it
formed that the lexicon lacks (phonies), with whether they were challenged off.  Per player:
total and average equity loss, the share of turns within 3 points of the best, bingos and the
average score per turn.

Cost: one full move generation per analysed turn plus a leave evaluation per move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.layout import Layout
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.notation import format_standard_move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.scoring import rack_value
from wordgames.scrabble.core.tiles import BLANK, STANDARD_ENGLISH, TileSet, rack_tile
from wordgames.scrabble.formats.gcg import (
    EXCHANGE,
    MOVE,
    PASS,
    PHONY,
    GcgEvent,
    GcgRecord,
    layout_from_pragma,
    move_from_event,
    replay_gcg,
    tile_set_from_pragma,
)
from wordgames.scrabble.game.challenge import phonies
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.rules.registry import get_rules
from wordgames.scrabble.strategy.adjustments import NOT_OUT_PENALTY
from wordgames.scrabble.strategy.equity import OUT_FACTOR, STUCK_FACTOR
from wordgames.scrabble.strategy.leave import best_keep, remaining_after
from wordgames.scrabble.strategy.sim_setup import DEFAULT_POLICY, Candidate, static_player
from wordgames.scrabble.strategy.simulation import CONFIDENCE_Z, SimPosition, check_workers, simulate

LeaveFunction = Callable[[Iterable[str]], float]

WITHIN = 3.0
"""A turn within this many points of equity of the best counts as a good turn."""


@dataclass(frozen=True)
class SimSettings:
    """Rank each turn's best ``candidates`` (and the turn played) by simulation instead of
    static equity: ``iterations`` per turn at most, ``plies`` turns ahead, seeded, on
    ``workers`` processes (the answer does not depend on their number).  A candidate behind
    the leader by more than ``confidence_z`` standard errors stops being simulated (its
    estimate so far stands), and the turn's simulation ends when one is left."""

    iterations: int = 100
    candidates: int = 5
    plies: int = 2
    seed: int = 0
    workers: int = 1
    confidence_z: float = CONFIDENCE_Z

    def __post_init__(self) -> None:
        check_workers(self.workers)  # here, before a review reads its game, not at its first turn


@dataclass(frozen=True)
class Option:
    """One ranked turn: how it is written, its score, the tiles kept and its equity; ``move``
    for a placement, ``returned`` for an exchange (neither for a pass)."""

    label: str
    score: int
    leave: str
    equity: float
    bingo: bool = False
    move: Move | None = field(default=None, compare=False, repr=False)
    returned: str = ""


@dataclass
class TurnReview:
    """The review of one turn.  ``rank`` is 1 for the best turn and None when the played turn
    could not be ranked (an unknown exchange, or a phony the generator does not make);
    ``equity_loss`` is None in the same cases."""

    number: int
    player: str
    rack: str
    played: str
    score: int
    rank: int | None
    equity_loss: float | None
    best: list[Option]
    missed_bingo: str | None = None
    phonies: list[str] = field(default_factory=list)
    challenged_off: bool = False
    bingo: bool = False
    board_after: str = ""


@dataclass
class PlayerReview:
    """A player's totals over the turns that could be judged."""

    name: str
    turns: int = 0
    equity_loss: float = 0.0
    average_equity_loss: float = 0.0
    within_3: float = 0.0
    bingos: int = 0
    average_score: float = 0.0


@dataclass
class GameReview:
    """Every reviewed turn, the players' totals, and the replay's complaint if it stopped
    early (the review covers the turns before it)."""

    turns: list[TurnReview]
    players: list[PlayerReview]
    discrepancy: str | None = None


def _unseen(board: Board, rack: Iterable[str], tile_set: TileSet) -> list[str]:
    left = Counter(tile_set.full_bag())
    left.subtract(BLANK if tile.islower() else tile for _, _, tile in board.tiles())
    left.subtract(rack_tile(tile) for tile in rack)
    return sorted(tile for tile, count in left.items() for _ in range(max(count, 0)))


class _Judge:
    """Static equity for one position."""

    def __init__(self, rack: Rack, unseen: list[str], hand_size: int, tile_set: TileSet,
                 leave: LeaveFunction) -> None:
        self.rack = rack
        self.tile_set = tile_set
        self.leave = leave
        self.hand_size = hand_size
        self.bag_size = max(len(unseen) - hand_size, 0)
        self.opponent_value = rack_value(unseen, tile_set) if self.bag_size == 0 else 0

    def keep_value(self, kept: Iterable[str]) -> float:
        kept = list(kept)
        if self.bag_size > 0:
            return self.leave(kept)
        if not kept:
            return OUT_FACTOR * self.opponent_value
        return -STUCK_FACTOR * rack_value(kept, self.tile_set) - NOT_OUT_PENALTY

    def option(self, move: Move) -> Option:
        kept = remaining_after(self.rack, move.rack_tiles)
        show = self.tile_set.show
        return Option(
            format_standard_move(move, tile_set=self.tile_set), move.score, show("".join(kept)),
            move.score + self.keep_value(kept), len(move.placed) == self.hand_size, move,
        )

    def best_exchange(self) -> Option | None:
        if self.bag_size < self.hand_size or not len(self.rack):
            return None
        keep, value = best_keep(self.rack, self.keep_value)
        returned = "".join(remaining_after(self.rack, keep))
        show = self.tile_set.show
        return Option(f"exchange {show(returned)}", 0, show("".join(keep)), value, returned=returned)


def rank_turns(
    board: Board,
    rack: Rack,
    lexicon: Lexicon,
    rules: RuleSet,
    tile_set: TileSet,
    *,
    hand_size: int = 7,
    leave: LeaveFunction | None = None,
) -> list[Option]:
    """Every legal placement and the best exchange (when the bag allows one) on ``board`` for
    ``rack``, best static equity first (ties keep the engine's move order, exchange last), the
    way a review judges a turn; ``leave`` defaults to the default static player's.  Cost: one
    full move generation."""
    leave = leave if leave is not None else static_player(lexicon=lexicon)[1]
    judge = _Judge(rack, _unseen(board, rack.tiles(), tile_set), hand_size, tile_set, leave)
    ranked = [judge.option(move) for move in rules.best_moves(board, rack, lexicon)]
    exchange = judge.best_exchange()
    if exchange is not None:
        ranked.append(exchange)
    ranked.sort(key=lambda option: -option.equity)
    return ranked


def _simulated(
    board: Board, rack: Rack, ranked: list[Option], played: Option | None, lexicon: Lexicon,
    rules: RuleSet, tile_set: TileSet, hand_size: int, policy: str, sim: SimSettings,
    scores: tuple[int, int], opponent_known: tuple[str, ...],
) -> tuple[list[Option], Option | None]:
    """The best static options and the played one, re-valued by simulation, best first."""
    chosen = ranked[: sim.candidates]
    if played is not None and played not in chosen:
        chosen.append(played)
    candidates = [
        Candidate(TurnKind.PLACE, option.move) if option.move is not None
        else Candidate(TurnKind.EXCHANGE, tiles=option.returned) if option.returned
        else Candidate(TurnKind.PASS)
        for option in chosen
    ]
    unseen = _unseen(board, rack.tiles(), tile_set)
    known = Counter(opponent_known) & Counter(unseen)
    position = SimPosition(board, tuple(rack.tiles()), tuple(unseen), lexicon, rules, tile_set, hand_size,
                           scores, tuple(sorted(known.elements()))[:hand_size])
    strategy, leave = static_player(policy, lexicon)
    result = simulate(position, candidates, strategy, leave, plies=sim.plies, iterations=sim.iterations,
                      seed=sim.seed, workers=sim.workers, confidence_z=sim.confidence_z)
    value = {id(entry.candidate): entry.equity for entry in result.candidates}
    revalued = [
        replace(option, equity=value[id(candidate)])
        for option, candidate in zip(chosen, candidates, strict=True)
    ]
    new_played = revalued[chosen.index(played)] if played is not None else None
    revalued.sort(key=lambda option: -option.equity)
    return revalued, new_played


def _placement_key(move: Move) -> frozenset[tuple[int, int, str]]:
    return frozenset((p.row, p.col, p.tile) for p in move.placed)


def review_turn(
    board: Board,
    event: GcgEvent,
    lexicon: Lexicon,
    rules: RuleSet,
    tile_set: TileSet,
    *,
    hand_size: int = 7,
    policy: str = DEFAULT_POLICY,
    leave: LeaveFunction | None = None,
    top: int = 5,
    withdrawn: bool = False,
    sim: SimSettings | None = None,
    scores: tuple[int, int] = (0, 0),
    opponent_known: Iterable[str] = (),
) -> TurnReview:
    """Judge one placement, exchange or pass ``event`` played on ``board`` (the board before
    it) from its known rack, with the leave function of the static player ``policy`` (or
    ``leave``); with ``sim``, by simulating that player from ``scores`` (the mover's first),
    dealing the opponent ``opponent_known`` first.  Cost: one full move generation, plus the
    simulation."""
    leave = leave if leave is not None else static_player(policy, lexicon)[1]
    rack = tile_set.parse_rack(event.rack)
    show = tile_set.show  # what a review holds is for people: tiles in notation ([L·L])
    judge = _Judge(rack, _unseen(board, rack.tiles(), tile_set), hand_size, tile_set, leave)
    ranked = rank_turns(board, rack, lexicon, rules, tile_set, hand_size=hand_size, leave=leave)
    options = {_placement_key(o.move): o for o in ranked if o.move is not None}
    played: Option | None
    phony_words: list[str] = []
    bingo = False
    if event.kind == MOVE:
        move = move_from_event(board, event)
        played = options.get(_placement_key(move))
        placed = list(move.placed)
        phony_words = phonies(board, move, lexicon)
        if played is None and not phony_words:
            # Legal but not generated: only a move the generator cannot make lands here.
            left = remaining_after(rack, move.rack_tiles)
            played = Option(format_standard_move(move, tile_set=tile_set), event.score, show("".join(left)),
                            event.score + judge.keep_value(left), len(placed) == hand_size)
        label = format_standard_move(move, tile_set=tile_set)
        bingo = len(placed) == hand_size
    elif event.kind == EXCHANGE and not event.tiles.isdigit():
        left = remaining_after(rack, tile_set.parse_rack(event.tiles).tiles())
        played = Option(f"exchange {show(event.tiles)}", 0, show("".join(left)), judge.keep_value(left),
                        returned=event.tiles)
        ranked.append(played)
        label = played.label
    elif event.kind == EXCHANGE:
        played, label = None, f"exchange {event.tiles}"  # a count of tiles
    else:
        played = Option("pass", 0, show(str(rack)), judge.keep_value(rack.tiles()))
        ranked.append(played)
        label = "pass"
    ranked.sort(key=lambda option: -option.equity)
    if sim is not None and ranked:
        ranked, played = _simulated(board, rack, ranked, played, lexicon, rules, tile_set, hand_size,
                                    policy, sim, scores, tuple(opponent_known))
    best_equity = ranked[0].equity if ranked else 0.0
    rank = None if played is None else 1 + sum(option.equity > played.equity for option in ranked)
    loss = None if played is None or not ranked else max(best_equity - played.equity, 0.0)
    bingos = [option for option in ranked if option.bingo]
    missed = bingos[0].label if bingos and (played is None or not played.bingo) else None
    return TurnReview(
        event.line, event.nick, show(str(rack)), label, event.score, rank, loss, ranked[:top],
        missed, [show(word) for word in phony_words], withdrawn, bingo,
    )


def review_game(
    record: GcgRecord,
    lexicon: Lexicon,
    *,
    rules: RuleSet | None = None,
    tile_set: TileSet | None = None,
    layout: Layout | None = None,
    hand_size: int = 7,
    policy: str = DEFAULT_POLICY,
    leave: LeaveFunction | None = None,
    player: str | None = None,
    top: int = 5,
    sim: SimSettings | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> GameReview:
    """Replay ``record`` and review every placement, exchange and pass whose rack is known
    (only ``player``'s, nickname or full name, when given).  ``tile_set`` and ``layout``
    default to what the record's pragmas name, else the standard ones; ``rules`` to the
    classic rules with that tile set.  The replay's first discrepancy, if any, ends the
    review there.  Equity uses the leave function of the registered static player ``policy``
    (or ``leave``).  With ``sim``, turns are ranked by simulating that player (see
    :class:`SimSettings`), the opponent first dealt the tiles it is known to hold (those of a
    withdrawn phony it has not played since).  Cost: one move generation per reviewed turn
    (plus the simulations)."""
    leave = leave if leave is not None else static_player(policy, lexicon)[1]
    if player is not None and all(player not in pair for pair in record.players):
        raise InvalidArgumentError(f"no player {player!r} in this game")
    if tile_set is None:
        tile_set = (
            tile_set_from_pragma(record.tile_distribution) if record.tile_distribution else STANDARD_ENGLISH
        )
    if layout is None and record.board_layout:
        layout = layout_from_pragma(record.board_layout)
    if rules is None:
        rules = get_rules("classic", tile_set=tile_set, hand_size=hand_size)
    snapshots: list[tuple[GcgEvent, Board]] = []
    replay = replay_gcg(record, lexicon, rules=rules, tile_set=tile_set, layout=layout, hand_size=hand_size,
                        observe=lambda event, board: snapshots.append((event, board.copy())))
    names = dict(record.players)
    wanted = {nick for nick, full in record.players if player in (None, nick, full)}
    events = [event for event, _ in snapshots]
    boards = [board for _, board in snapshots] + [replay.board]
    todo = [
        i for i, event in enumerate(events)
        if event.nick in wanted and event.rack and event.kind in (MOVE, EXCHANGE, PASS)
        and (replay.discrepancy is None or event.line < replay.discrepancy.line)
    ]
    turns = []
    for done, index in enumerate(todo, 1):
        event = events[index]
        following = events[index + 1] if index + 1 < len(events) else None
        withdrawn = following is not None and following.kind == PHONY and following.nick == event.nick
        totals = _totals_before(events, index)
        mine = totals.get(event.nick, 0)
        theirs = max((v for nick, v in totals.items() if nick != event.nick), default=0)
        known = known_tiles(events, boards, index) if sim is not None else []
        try:
            review = review_turn(boards[index], event, lexicon, rules, tile_set, hand_size=hand_size,
                                 policy=policy, leave=leave, top=top, withdrawn=withdrawn, sim=sim,
                                 scores=(mine, theirs), opponent_known=known)
        except FormatError:
            continue
        review.player = names.get(event.nick, event.nick)
        review.board_after = board_text(boards[index + 1], tile_set)
        turns.append(review)
        if progress is not None:
            progress(done, len(todo))
    players = [_summary(names[nick], [t for t in turns if t.player == names[nick]])
               for nick, _ in record.players if nick in wanted]
    discrepancy = str(replay.discrepancy) if replay.discrepancy is not None else None
    return GameReview(turns, players, discrepancy)


def known_tiles(events: list[GcgEvent], boards: list[Board], index: int) -> list[str]:
    """The tiles the other players are known to hold before ``events[index]``, from its
    mover's view: the tiles of a phony withdrawn go back to the rack they came from, and stay
    known until played or possibly exchanged away (an exchange written as a count forgets
    them).  ``boards[j]`` is the board before ``events[j]``.  Sorted, ``?`` for a blank."""
    mover = events[index].nick
    known: dict[str, Counter[str]] = {}
    for j, event in enumerate(events[:index]):
        if event.nick == mover:
            continue
        held = known.setdefault(event.nick, Counter())
        if event.kind == MOVE:
            try:
                used = Counter(rack_tile(t) for t in move_from_event(boards[j], event).rack_tiles)
            except FormatError:
                held.clear()
                continue
            following = events[j + 1] if j + 1 < len(events) else None
            withdrawn = following is not None and following.kind == PHONY and following.nick == event.nick
            if withdrawn:
                held |= used
            else:
                held -= used
        elif event.kind == EXCHANGE:
            if event.tiles.isdigit():
                held.clear()
            else:
                held -= Counter(rack_tile(t) for t in event.tiles)
    return sorted(tile for held in known.values() for tile in held.elements())


def _totals_before(events: list[GcgEvent], index: int) -> dict[str, int]:
    """Each player's running total before ``events[index]``, as the record states it."""
    totals: dict[str, int] = {}
    for event in events[:index]:
        totals[event.nick] = event.total
    return totals


def _summary(name: str, turns: list[TurnReview]) -> PlayerReview:
    losses = [t.equity_loss for t in turns if t.equity_loss is not None]
    return PlayerReview(
        name=name,
        turns=len(turns),
        equity_loss=round(sum(losses), 2),
        average_equity_loss=round(sum(losses) / len(losses), 2) if losses else 0.0,
        within_3=round(sum(loss <= WITHIN for loss in losses) / len(losses), 4) if losses else 0.0,
        bingos=sum(t.bingo for t in turns if not t.challenged_off),
        average_score=round(sum(t.score for t in turns) / len(turns), 2) if turns else 0.0,
    )


def board_text(board: Board, tile_set: TileSet) -> str:
    """The board as rows of text, ``.`` an empty square: :meth:`Board.to_text` when every
    tile is written with one character; otherwise each square as the tile set writes it
    (``L·L``, ``l·l`` for a blank), padded to the widest tile and separated by spaces so the
    columns stay aligned."""
    width = tile_set.widest_tile
    if width == 1:
        return board.to_text()
    rows = []
    for row in range(board.rows):
        cells = [board.get(row, col) for col in range(board.cols)]
        rows.append(" ".join(f"{'.' if tile is None else tile:<{width}}" for tile in cells).rstrip())
    return "".join(row + "\n" for row in rows)
