"""One iteration of a simulation: each candidate played out a few turns on drawn racks.

An iteration draws the opponent's rack and the order of the bag from the unseen tiles, plays
every candidate on the one working board of the run (:meth:`Board.play_codes`, taken back
with :meth:`Board.unplay_codes` once the candidate is valued, so the move generator's arrays
follow each change instead of being loaded again), and lets both sides play ``plies`` more
turns with the static player.  Inside, racks and the bag are tile numbers (``0`` a blank) of
the position's alphabet and a turn is a :class:`~.numbered.NumberedTurn` (the codes of the
tiles put down).  When the static player is the ``equity`` player, its turns are taken on
those integers (:mod:`.numbered`: the same search and the same choice as its ``decide``,
without a ``Situation``, a ``Rack`` or a ``Move`` a turn); other players, and the equity
player in the cases only its ``decide`` handles (the last tiles of the bag), are handed a
``Situation`` and their decision is written as a turn.

A candidate's value in one iteration is the change in spread over those turns plus the value
of what each side *kept* at its last simulated move (before drawing: the leave that move
left, as the static player valued it), the mover's minus the opponent's (a side that did not
move keeps nothing of note).  When the bag is empty at the horizon, play goes on until someone
goes out or six scoreless turns end it, and the end-of-game adjustment replaces the leaves.
The win probability is 1, 1/2 or 0 for a game played out, else the win model's for the side
that moved last, from its spread with leaves and the tiles it cannot see.

Cost: ``plies`` move generations per candidate (a played-out ending adds at most
PLAYOUT_TURNS), which is nearly all of a simulation's time.
"""

from __future__ import annotations

import bisect
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.lexicon.alphabet import BLANK_BIT, BLANK_NUMBER, BLANK_TEXT, Alphabet
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.scoring import end_of_game_adjustments
from wordgames.scrabble.core.tiles import TileSet
from wordgames.scrabble.game.decision import Decision, Situation, Strategy
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.strategy.numbered import (
    PASS_TURN,
    NumberedPlayer,
    NumberedTurn,
    numbered_player,
)
from wordgames.scrabble.strategy.sim_setup import Candidate, LeaveFunction, check_unseen
from wordgames.scrabble.strategy.winprob import WinModel, default_win_model, finished

SCORELESS_TURN_LIMIT = 6
"""Scoreless turns in a row that end a simulated game."""
PLAYOUT_TURNS = 30
"""Turns at most played past the horizon when the bag is empty there (a game ends sooner:
the racks hold at most 14 tiles and six scoreless turns end it)."""
MEMO_LIMIT = 100_000
"""Decisions a memo holds before it starts afresh."""

Tiles = list[int]
"""A rack or a bag inside an iteration: tile numbers, ``0`` a blank."""


@dataclass(frozen=True)
class SimPosition:
    """What a simulation starts from: the mover's rack and the tiles the mover cannot see
    (the opponent's rack and the bag together), the scores, tiles the opponent is known to
    hold (dealt to the opponent first), and ``opponent_leaves``: what inference says the
    opponent kept (each leave with its probability; one is drawn per iteration and dealt to
    the opponent after the known tiles, see :mod:`.inference`); tiles written, ``?`` a blank."""

    board: Board
    rack: tuple[str, ...]
    unseen: tuple[str, ...]
    lexicon: Lexicon
    rules: RuleSet
    tile_set: TileSet
    hand_size: int = 7
    scores: tuple[int, int] = (0, 0)
    opponent_known: tuple[str, ...] = ()
    end_rule: str = "tournament"
    opponent_leaves: tuple[tuple[tuple[str, ...], float], ...] = ()

    def __post_init__(self) -> None:
        unseen = Counter(self.unseen)
        if Counter(self.opponent_known) - unseen:
            raise InvalidArgumentError("the opponent's known tiles are not all among the unseen tiles")
        if len(self.opponent_known) > self.hand_size:
            raise InvalidArgumentError(f"the opponent holds at most {self.hand_size} tiles")
        rest = unseen - Counter(self.opponent_known)
        for leave, weight in self.opponent_leaves:
            if Counter(leave) - rest or len(leave) + len(self.opponent_known) > self.hand_size:
                raise InvalidArgumentError(
                    f"the inferred leave {''.join(leave)} does not fit the unseen tiles")
            if not (weight >= 0 and math.isfinite(weight)):
                raise InvalidArgumentError("an inferred leave's probability is a number from 0")

    @classmethod
    def from_situation(cls, situation: Situation) -> SimPosition:
        """The position a computer player of a two-player game is in (its ``unseen`` are the
        bag and the opponent's rack; scores become the mover's and the opponent's)."""
        seat = situation.seat
        scores = situation.scores if len(situation.scores) == 2 else (0, 0)
        rules = situation.rules
        return cls(situation.board, tuple(situation.rack.tiles()), tuple(situation.unseen), situation.lexicon,
                   rules, rules.tile_set, rules.hand_size, (scores[seat], scores[1 - seat]),
                   end_rule=situation.end_rule)

    def situation(self) -> Situation:
        """What the mover sees (the opponent holding a full rack, or every unseen tile when
        fewer are left): for the static player that picks the candidates."""
        bag = max(0, len(self.unseen) - self.hand_size)
        return Situation(self.board, Rack(self.rack, self.alphabet), self.lexicon, self.rules, bag,
                         bag >= self.hand_size, unseen=tuple(sorted(self.unseen)), scores=self.scores,
                         seat=0, scoreless_turn_limit=SCORELESS_TURN_LIMIT, end_rule=self.end_rule)

    def check(self) -> None:
        """The rules' checks of the board and the mover's rack (:meth:`RuleSet.check_search`),
        and every unseen tile a tile of the tile set (InvalidArgumentError otherwise): then
        every position a simulation derives from this one, by legal moves and draws, passes
        them too, and its move searches skip them (``Situation.checked``).  Cost: a pass over
        the board."""
        self.rules.check_search(self.board, self.lexicon, Rack(self.rack, self.alphabet))
        check_unseen(self.unseen, self.rules.tile_set)

    @property
    def alphabet(self) -> Alphabet:
        """The alphabet numbering the position's tiles."""
        return self.tile_set.alphabet

    @cached_property
    def tile_names(self) -> tuple[str, ...]:
        """Each tile number's tile as written (``?`` for the blank, number 0)."""
        return (BLANK_TEXT, *self.alphabet.tiles)

    @cached_property
    def leave_numbers(self) -> tuple[list[Tiles], list[float]]:
        """The inferred leaves as tile numbers and their cumulative weights."""
        number = self.alphabet.number
        total = 0.0
        cumulative = []
        for _, weight in self.opponent_leaves:
            total += weight
            cumulative.append(total)
        return [[number(tile) for tile in leave] for leave, _ in self.opponent_leaves], cumulative

    @cached_property
    def numbers(self) -> tuple[Tiles, Tiles, Tiles]:
        """The mover's rack, the unseen tiles (in their order) and the opponent's known tiles
        as tile numbers.  InvalidArgumentError for something that is not a tile."""
        number = self.alphabet.number
        return ([number(tile) for tile in self.rack], [number(tile) for tile in self.unseen],
                [number(tile) for tile in self.opponent_known])


class ReplyMemo:
    """A static player's turns, keyed by all it saw: the candidate and the turns since
    (which fix the board and the scores), its rack, the unseen tiles and the bag size.  Racks
    repeat from one iteration to the next near the end of a game (few unseen tiles) or when
    the opponent's rack is known, and the memo then saves the move generation.  It assumes, as
    the registered strategies promise, that a strategy decides the same way in the same
    situation.  Each turn kept gets a serial number, never reused, and a key names the
    turns since the candidate by theirs: hashing a key hashes small integers, not moves.
    Holds at most :data:`MEMO_LIMIT` turns, then starts afresh."""

    __slots__ = ("_serials", "_turns")

    def __init__(self) -> None:
        self._turns: dict[tuple[object, ...], tuple[int, NumberedTurn]] = {}
        self._serials = 0

    def get(self, key: tuple[object, ...]) -> tuple[int, NumberedTurn] | None:
        """The serial and the turn kept for ``key``, or None."""
        return self._turns.get(key)

    def keep(self, key: tuple[object, ...], turn: NumberedTurn) -> int:
        """Keep ``turn`` for ``key``; its serial."""
        if len(self._turns) >= MEMO_LIMIT:
            self._turns.clear()
        self._serials += 1
        self._turns[key] = (self._serials, turn)
        return self._serials


class OutOfTime(Exception):
    """The time budget ran out inside an iteration (which is then dropped)."""


@dataclass(frozen=True)
class PlayoutRules:
    """How one iteration plays and values: the static player, its leave function, the
    plies, the win model, and (with a time budget) the check that raises OutOfTime."""

    policy: Strategy
    leave: LeaveFunction
    plies: int
    win_model: WinModel
    check: Callable[[], None] | None = None
    numbered: NumberedPlayer | None = None
    """The policy's turns on integers where it has them (:func:`.numbered.numbered_player`)."""

    @classmethod
    def of(cls, position: SimPosition, policy: Strategy, leave: LeaveFunction, plies: int,
           win_model: WinModel | None) -> PlayoutRules:
        """The rules of a run from ``position``: ``win_model`` None is
        :func:`~.winprob.default_win_model`, and the policy's turns are taken on integers
        where it has them."""
        return cls(policy, leave, plies, win_model if win_model is not None else default_win_model(),
                   numbered=numbered_player(policy, position.rules, position.lexicon))


def play_iteration(
    position: SimPosition,
    candidates: Sequence[Candidate],
    policy: Strategy,
    leave: LeaveFunction,
    plies: int,
    rng: random.Random,
    memo: ReplyMemo | None = None,
    win_model: WinModel | None = None,
) -> list[tuple[float, float]]:
    """Each candidate's (value, win probability) in one iteration with common draws (see the
    module docstring), played on a copy of the position's board.  ``memo`` remembers the
    policy's decisions (see :data:`ReplyMemo`); ``win_model`` defaults to
    :func:`~.winprob.default_win_model`."""
    position.check()
    rules = PlayoutRules.of(position, policy, leave, plies, win_model)
    memo = memo if memo is not None else ReplyMemo()
    return iteration(position, position.board.copy(), candidates, rules, rng, memo)


def iteration(position: SimPosition, board: Board, candidates: Sequence[Candidate], rules: PlayoutRules,
              rng: random.Random, memo: ReplyMemo) -> list[tuple[float, float]]:
    """:func:`play_iteration` on ``board``, the working board of a run (as the position's,
    and left so: every move played on it is taken back, out of time or not)."""
    opponent_rack, bag_order = deal(position, rng)
    return [_play_candidate(position, board, candidate, opponent_rack, bag_order, rules, memo)
            for candidate in candidates]


def _remove(tiles: Tiles, used: Iterable[int]) -> None:
    for number in used:
        tiles.remove(number)


def _refill(rack: Tiles, bag: Tiles, hand_size: int) -> None:
    need = min(hand_size - len(rack), len(bag))
    if need > 0:
        rack.extend(bag[:need])
        del bag[:need]


def deal(position: SimPosition, rng: random.Random) -> tuple[Tiles, Tiles]:
    """The opponent's rack (known tiles first, then an inferred leave drawn by its
    probability) and the bag order for one iteration, as tile numbers."""
    _, unseen, known = position.numbers
    rest = list(unseen)
    _remove(rest, known)
    opponent = list(known)
    if position.opponent_leaves:
        leaves, cumulative = position.leave_numbers
        at = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
        leave = leaves[min(at, len(leaves) - 1)]
        _remove(rest, leave)
        opponent.extend(leave)
    rng.shuffle(rest)
    _refill(opponent, rest, position.hand_size)
    return opponent, rest


def _turn_of(decision: Decision, board: Board, alphabet: Alphabet) -> NumberedTurn:
    """``decision`` as a turn on integers for ``board`` (an exchange's tiles in the order
    written)."""
    if decision.kind is TurnKind.PLACE and decision.move is not None:
        move = decision.move
        placed = move.placed_numbers()
        return NumberedTurn(TurnKind.PLACE, move.score, board.codes_of(move),
                            tuple([BLANK_NUMBER if n & BLANK_BIT else n for _, _, n in placed]))
    if decision.kind is TurnKind.EXCHANGE:
        return NumberedTurn(TurnKind.EXCHANGE, 0, (), tuple(alphabet.parse_tiles(decision.tiles)))
    return PASS_TURN


def _apply(board: Board, rack: Tiles, bag: Tiles, turn: NumberedTurn,
           hand_size: int) -> tuple[int, tuple[int, ...]]:
    """Play ``turn`` for the side holding ``rack`` (changed in place, refilled from the
    front of ``bag``): the points scored and the tiles kept (before the refill).  A
    placement's tiles go on ``board`` (the caller takes them back)."""
    if turn.codes:
        _remove(rack, turn.used)
        board.play_codes(turn.codes)  # last: nothing can fail between here and the caller's record of it
        kept = tuple(rack)
        _refill(rack, bag, hand_size)
        return turn.score, kept
    returned = turn.used
    if returned and len(bag) >= len(returned):
        _remove(rack, returned)
        kept = tuple(rack)
        _refill(rack, bag, hand_size)
        bag.extend(returned)
        return 0, kept
    return 0, tuple(rack)


def _situation(position: SimPosition, board: Board, rack: Tiles, bag: Tiles, unseen: tuple[int, ...],
               scores: list[int], side: int, scoreless: int) -> Situation:
    """What the player of ``side`` sees inside a simulated game."""
    names = position.tile_names
    return Situation(
        board=board,
        rack=Rack.of_numbers(rack, position.alphabet),
        lexicon=position.lexicon,
        rules=position.rules,
        bag_size=len(bag),
        can_exchange=len(bag) >= position.hand_size,
        unseen=tuple([names[number] for number in unseen]),
        scores=(scores[0], scores[1]),
        seat=side,
        scoreless_turns=scoreless,
        scoreless_turn_limit=SCORELESS_TURN_LIMIT,
        end_rule=position.end_rule,
        checked=True,  # derived from the position simulate() checked, by legal moves and draws
    )


def _play_candidate(
    position: SimPosition,
    board: Board,
    candidate: Candidate,
    opponent_rack: Tiles,
    bag_order: Tiles,
    rules: PlayoutRules,
    memo: ReplyMemo,
) -> tuple[float, float]:
    played: list[tuple[int, ...]] = []  # the codes put on the board, taken back at the end
    try:
        return _play_out(position, board, candidate, opponent_rack, bag_order, rules, memo, played)
    finally:
        for codes in reversed(played):
            board.unplay_codes(codes)


def _play_out(position: SimPosition, board: Board, candidate: Candidate, opponent_rack: Tiles,
              bag_order: Tiles, rules: PlayoutRules, memo: ReplyMemo,
              played: list[tuple[int, ...]]) -> tuple[float, float]:
    alphabet = position.alphabet
    racks = [list(position.numbers[0]), list(opponent_rack)]
    bag = list(bag_order)
    hand_size = position.hand_size
    numbered = rules.numbered
    turn = _turn_of(Decision(candidate.kind, candidate.move, candidate.tiles), board, alphabet)
    points, first_kept = _apply(board, racks[0], bag, turn, hand_size)
    if turn.codes:
        played.append(turn.codes)
    kept: list[tuple[int, ...] | None] = [first_kept, None]  # each side's last leave; None: no move
    scores = [position.scores[0] + candidate.score, position.scores[1]]
    scoreless = 0 if candidate.score else 1
    went_out: int | None = 0 if not racks[0] else None
    history: tuple[int, ...] = (id(candidate),)  # the candidate outlives the run's memo
    last = 0  # the side that moved last
    ply = 0
    while went_out is None and scoreless < SCORELESS_TURN_LIMIT:
        if ply >= rules.plies and (bag or ply >= rules.plies + PLAYOUT_TURNS):
            break
        if rules.check is not None:
            rules.check()
        side = 1 - ply % 2
        rack = tuple(sorted(racks[side]))
        unseen = tuple(sorted(bag + racks[1 - side]))
        key = (history, rack, unseen, len(bag))
        kept_turn = memo.get(key)
        if kept_turn is None:
            found = numbered.turn(board, rack, len(bag), hand_size) if numbered is not None else None
            if found is None:
                seen = _situation(position, board, racks[side], bag, unseen, scores, side, scoreless)
                decision = rules.policy.decide(seen)
                found = _turn_of(decision, board, alphabet)
            serial = memo.keep(key, found)
            turn = found
        else:
            serial, turn = kept_turn
        history = (*history, serial)
        points, kept[side] = _apply(board, racks[side], bag, turn, hand_size)
        if turn.codes:
            played.append(turn.codes)
        scores[side] += points
        scoreless = 0 if points else scoreless + 1
        last = side
        if not racks[side]:
            went_out = side
        ply += 1
    lead = position.scores[0] - position.scores[1]
    if went_out is not None or scoreless >= SCORELESS_TURN_LIMIT:
        written = [[position.tile_names[number] for number in rack] for rack in racks]
        changes = end_of_game_adjustments(written, position.tile_set, went_out, position.end_rule)
        final = scores[0] + changes[0] - scores[1] - changes[1]
        return final - lead - candidate.score, finished(final)
    horizon = (scores[0] - scores[1] + _kept_value(rules.leave, kept[0], position.tile_names)
               - _kept_value(rules.leave, kept[1], position.tile_names))
    other = 1 - last
    mover_spread = horizon if last == 0 else -horizon
    chance = rules.win_model.probability(mover_spread, len(bag) + len(racks[other]), len(racks[last]))
    return horizon - lead - candidate.score, chance if last == 0 else 1.0 - chance


def _kept_value(leave: LeaveFunction, kept: tuple[int, ...] | None, names: Sequence[str]) -> float:
    return 0.0 if not kept else leave([names[number] for number in kept])
