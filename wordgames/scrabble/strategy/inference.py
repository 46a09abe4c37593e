"""Inference: what the opponent kept after their last play, from what they played.

The opponent's rack before their last turn was the tiles they played plus a leave that, seen
from here, is a random draw from the tiles we cannot see now (the bag and their rack: the
kept tiles are among them).  Bayes' rule weighs each possible leave:

* **prior** — the chance of drawing it, hypergeometric over the unseen tiles: for a leave
  holding ``k_t`` of tile ``t``, of which ``c_t`` are unseen, ``prod C(c_t, k_t) / C(n, k)``;
* **likelihood** — how likely the opponent's static player (the ``equity`` player, with the
  same leave table) was to make the play holding that rack.  With ``gap`` the equity the
  play gives up against that rack's best turn (placement or exchange), the likelihood is 1
  when ``gap <= margin`` and ``exp(-(gap - margin) / temperature)`` beyond, never below
  ``floor``.  People and other engines do not play a static player's exact choice, so a
  hard "best move only" rule (likelihood 0 elsewhere) would rule out the truth whenever they
  chose differently; the margin accepts near-equal plays as equally likely, the soft tail
  keeps worse plays possible but rarer, and the floor keeps the distribution defined (it
  falls back on the prior) when no leave explains the play.  Defaults: ``MARGIN`` 2 points,
  ``TEMPERATURE`` 4 points, ``FLOOR`` 0.001.

An exchange of ``N`` tiles shows only how many went back.  Each full rack the opponent may
have held is weighed instead (prior: drawing it; likelihood: the best exchange of ``N``
tiles against that rack's best turn), and its weight goes to the leave that exchange keeps.

The posterior is computed exactly, by enumerating every distinct leave, when there are at
most ``samples`` of them; otherwise by sampling ``samples`` draws from the prior (the draws
weighted by their likelihood: importance sampling with the prior as the proposal), each
distinct draw valued once.  Both are seeded and bounded (``samples``; ``seconds`` of CPU
time stops early with what was weighed).  Cost: one move generation per distinct leave (per
distinct rack for an exchange).
"""

from __future__ import annotations

import math
import random
import re
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from wordgames.collector import older_objects_set_aside
from wordgames.errors import BoardError, InvalidArgumentError, NotationError
from wordgames.lexicon import Lexicon
from wordgames.lexicon.alphabet import Alphabet
from wordgames.limits import MAX_HAND_SIZE
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.notation import parse_coordinate, parse_standard_move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import TileSet
from wordgames.scrabble.game.decision import Situation
from wordgames.scrabble.leaves import LeaveTable
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.strategy.adjustments import NOT_OUT_PENALTY
from wordgames.scrabble.strategy.equity import rack_keeps
from wordgames.scrabble.strategy.sim_setup import check_unseen, unseen_tiles

MARGIN = 2.0
"""Equity (points) a play may give up against the rack's best and still count as the choice."""
TEMPERATURE = 4.0
"""Points of equity given up beyond the margin that divide the likelihood by e."""
FLOOR = 0.001
"""The smallest likelihood: no leave is ruled out completely."""
DEFAULT_SAMPLES = 2000
"""Distinct leaves enumerated, or draws sampled, by default."""
MAX_SAMPLES = 1_000_000
"""The most draws an inference may take."""


@dataclass(frozen=True)
class LastPlay:
    """The opponent's last turn as seen from here: a placement ``move`` (made on the board
    before it) or an exchange of ``exchanged`` tiles (which tiles is not known)."""

    move: Move | None = None
    exchanged: int = 0

    def __post_init__(self) -> None:
        if (self.move is None) == (self.exchanged <= 0):
            raise InvalidArgumentError("the last play is a placement or an exchange of 1 or more tiles")


@dataclass(frozen=True)
class LeaveProbability:
    """One possible leave (``tiles`` written in rack order, ``?`` a blank; ``kept`` the same
    tiles one by one) and its probability."""

    tiles: str
    probability: float
    kept: tuple[str, ...] = ()


@dataclass(frozen=True)
class Inference:
    """The inferred distribution, most likely leave first: ``samples`` distinct leaves (or
    racks) weighed, ``method`` ``"enumerated"`` or ``"sampled"`` (``", stopped by time"``
    when the time limit cut it short), ``kept`` the size of the leave, ``draws`` the draws
    taken (sampling) or the distinct leaves enumerated, ``evidence`` the mean likelihood (how
    well the static player explains the play: near 0, the play is one it would not make)."""

    leaves: tuple[LeaveProbability, ...]
    samples: int
    method: str
    kept: int
    draws: int
    evidence: float
    margin: float = MARGIN
    temperature: float = TEMPERATURE

    def weights(self) -> tuple[tuple[tuple[str, ...], float], ...]:
        """The leaves as (tiles, probability) pairs, for a simulation to draw from."""
        return tuple((leave.kept, leave.probability) for leave in self.leaves)


_EXCHANGE = re.compile(r"^\s*(?:exchange|exch|-)\s*([-+]?\d+)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class _Squares:
    """Tiles on given squares, as :meth:`Board.unplay` takes them."""

    alphabet: Alphabet
    squares: tuple[tuple[int, int, int], ...]

    def placed_numbers(self) -> list[tuple[int, int, int]]:
        return list(self.squares)


def parse_last_play(text: str, board: Board, tile_set: TileSet) -> tuple[Board, LastPlay]:
    """The board before the opponent's last play and the play, from ``board`` (after it) and
    ``text``: ``exchange N`` (or ``-N``), or a placement in standard notation with the
    letters that were already on the board written as ``.`` (as GCG writes them), e.g.
    ``8H QU.Z``: every letter written is a tile the opponent placed.  NotationError when the
    text is neither or the board does not hold those tiles there."""
    exchange = _EXCHANGE.match(text)
    if exchange is not None:
        digits = exchange[1].lstrip("+")
        # The digits are counted before int() reads them: a number of any length is refused
        # without being converted.
        if len(digits) > 3 or not 1 <= int(digits) <= MAX_HAND_SIZE:
            raise NotationError(
                f"last play {text[:40]!r}: an exchange returns from 1 to {MAX_HAND_SIZE} tiles")
        return board, LastPlay(exchanged=int(digits))
    parts = text.split()
    if len(parts) != 2:
        raise NotationError(f"last play {text!r} is neither 'COORDINATE WORD' (8H QU.Z) nor 'exchange N'")
    row, col, direction = parse_coordinate(parts[0])
    d_row, d_col = direction.step
    alphabet = tile_set.alphabet
    placed: list[tuple[int, int, int]] = []
    at = 0
    for segment in re.split(r"(\.)", parts[1]):
        if not segment:
            continue
        if segment == ".":
            at += 1
            continue
        try:
            count = len(alphabet.parse_tiles(segment))
        except ValueError as error:
            raise NotationError(f"last play {text!r}: {error}") from None
        for _ in range(count):
            r, c = row + d_row * at, col + d_col * at
            number = board.number_at(r, c) if board.in_bounds(r, c) else 0
            if not number:
                raise NotationError(f"last play {text!r}: the board holds no tile where it places one")
            placed.append((r, c, number))
            at += 1
    if not placed:
        raise NotationError(f"last play {text!r} places no tile (board letters as '.', placed as letters)")
    before = board.copy()
    try:
        before.unplay(_Squares(board.alphabet, tuple(placed)))
    except BoardError as error:
        raise NotationError(f"last play {text!r}: {error}") from None
    move = parse_standard_move(text, before, tile_set)
    if sorted(move.placed_numbers()) != sorted(placed):
        raise NotationError(f"last play {text!r} does not match the tiles on the board")
    return before, LastPlay(move=move)


def likelihood(gap: float, margin: float = MARGIN, temperature: float = TEMPERATURE) -> float:
    """The weight of a play that gives up ``gap`` points of equity (module docstring)."""
    if gap <= margin:
        return 1.0
    return max(FLOOR, math.exp(-(gap - margin) / temperature))


def _log_prior(leave: Counter[str], unseen: Counter[str]) -> float:
    """log of prod C(unseen[t], leave[t]) (the common denominator left out)."""
    return sum(math.log(math.comb(unseen[tile], count)) for tile, count in leave.items())


def _multisets(counts: list[tuple[str, int]], size: int) -> Iterator[list[str]]:
    """Every distinct multiset of ``size`` tiles drawn from ``counts`` (tile, available)."""
    if size == 0:
        yield []
        return
    if not counts:
        return
    (tile, available), rest = counts[0], counts[1:]
    room = sum(count for _, count in rest)
    for take in range(min(available, size), -1, -1):
        if size - take > room:
            break
        for tail in _multisets(rest, size - take):
            yield [tile] * take + tail


def count_multisets(unseen: Counter[str], size: int) -> int:
    """How many distinct multisets of ``size`` tiles the unseen tiles hold.  Cost:
    O(distinct tiles x size)."""
    ways = [1] + [0] * size
    for available in unseen.values():
        new = [0] * (size + 1)
        for total in range(size + 1):
            new[total] = sum(ways[total - take] for take in range(min(available, total) + 1))
        ways = new
    return ways[size]


class _Judge:
    """Values racks for the opponent's static player in the position before their play."""

    def __init__(self, board: Board, lexicon: Lexicon, rules: RuleSet, bag_before: int,
                 table: LeaveTable | None, unseen_before: Sequence[str]) -> None:
        self.board, self.lexicon, self.rules = board, lexicon, rules
        self.bag_before = bag_before
        self.table = table
        self.unseen_before = tuple(sorted(unseen_before))
        self.can_exchange = bag_before >= rules.hand_size
        # Checked once here, so that every rack drawn from the unseen tiles makes a position
        # the rules' checks would pass: each rack's search then skips them (a pass over the
        # board each, about a third of an inference's time).
        rules.check_arguments(board, lexicon)
        check_unseen(self.unseen_before, rules.tile_set)
        if rules.count_tiles and rules.tile_set.counts:
            unseen_tiles(board, self.unseen_before, rules.tile_set)  # raises when they overflow

    def situation(self, rack: Rack) -> Situation:
        return Situation(self.board, rack, self.lexicon, self.rules, self.bag_before, self.can_exchange,
                         unseen=self.unseen_before)

    def gap(self, rack: Rack, move: Move | None, exchanged: int) -> tuple[float, tuple[str, ...]] | None:
        """The equity the play gives up against ``rack``'s best turn, and the tiles it keeps;
        None when the play is impossible with this rack."""
        keeps = rack_keeps(self.situation(rack), self.table, NOT_OUT_PENALTY)
        if keeps is None:
            return None
        found = self.rules.best_moves_by_equity(self.board, rack, self.lexicon, keeps, 1, checked=True)
        best = found[0][0] if found else -math.inf
        if self.can_exchange and keeps.size > 1:
            best = max(best, keeps.best)
        if move is not None:
            played = keeps.equity(move)
            kept = keeps.after_numbers(n for _r, _c, n in move.placed_numbers())
            return max(0.0, best - played), tuple(keeps.kept(kept))
        if not self.can_exchange:
            return None
        size = len(rack) - exchanged
        choice = max((keep for keep in range(keeps.size) if len(keeps.kept_numbers(keep)) == size),
                     key=lambda keep: (keeps.values[keep], -keep), default=None)
        if choice is None:
            return None
        return max(0.0, best - keeps.values[choice]), tuple(keeps.kept(choice))


@older_objects_set_aside()
def infer_leaves(
    board: Board,
    play: LastPlay,
    unseen: Sequence[str],
    lexicon: Lexicon,
    rules: RuleSet,
    table: LeaveTable | None,
    *,
    bag_before: int | None = None,
    samples: int = DEFAULT_SAMPLES,
    seconds: float | None = None,
    seed: int = 0,
    margin: float = MARGIN,
    temperature: float = TEMPERATURE,
) -> Inference:
    """The distribution of the tiles the opponent kept after ``play`` (module docstring).
    ``board`` is the board before the play; ``unseen`` the tiles we cannot see now (the bag
    and the opponent's rack, ``?`` a blank); ``table`` the opponent's leave table;
    ``bag_before`` the bag's size when they played (default: the unseen tiles beyond a full
    rack, plus the tiles they drew).  Raises InvalidArgumentError for a play the unseen tiles
    cannot explain or bad bounds.  Cost: at most ``samples`` move generations."""
    if not 1 <= samples <= MAX_SAMPLES:
        raise InvalidArgumentError(f"samples must be from 1 to {MAX_SAMPLES}")
    if seconds is not None and not (seconds > 0 and math.isfinite(seconds)):
        raise InvalidArgumentError("the time limit must be a positive number of seconds")
    if not (margin >= 0 and math.isfinite(margin)) or not (temperature > 0 and math.isfinite(temperature)):
        raise InvalidArgumentError("the margin must be 0 or more and the temperature above 0")
    hand = rules.hand_size
    pool = Counter(unseen)
    played = [] if play.move is None else list(play.move.rack_tiles)
    if play.move is not None and not play.move.placed:
        raise InvalidArgumentError("the last play places no tile")
    if len(played) > hand or play.exchanged > hand:
        raise InvalidArgumentError(f"the opponent holds at most {hand} tiles")
    if play.move is not None:
        drawn_size = min(hand - len(played), len(unseen))
    else:
        if len(unseen) < hand:
            raise InvalidArgumentError("an exchange needs a full rack among the unseen tiles")
        drawn_size = hand
    if bag_before is None:
        # The opponent is taken to hold a full rack now (or every unseen tile); a placement
        # drew as many tiles as it placed when the bag still holds some.
        bag_now = max(0, len(unseen) - hand)
        bag_before = bag_now + (len(played) if bag_now and play.move is not None else 0)
    unseen_before = [*unseen, *played]
    judge = _Judge(board, lexicon, rules, bag_before, table, unseen_before)

    def evaluate(drawn: list[str]) -> tuple[tuple[str, ...], float] | None:
        rack = Rack(played + drawn, rules.tile_set.alphabet)
        result = judge.gap(rack, play.move, play.exchanged)
        if result is None:
            return None
        gap, kept = result
        return kept, likelihood(gap, margin, temperature)

    started = time.process_time()
    clock_out = False
    weights: defaultdict[tuple[str, ...], float] = defaultdict(float)
    evidence = 0.0
    distinct = count_multisets(pool, drawn_size)
    rng = random.Random(f"infer:{seed}")
    if distinct <= samples:
        method = "enumerated"
        draws = 0
        total_prior = 0.0
        every = list(_multisets(sorted(pool.items()), drawn_size))
        rng.shuffle(every)  # cut short by time, what was weighed is a random part
        for drawn in every:
            if seconds is not None and time.process_time() - started > seconds:
                clock_out = True
                break
            found = evaluate(drawn)
            draws += 1
            if found is None:
                continue
            prior = math.exp(_log_prior(Counter(drawn), pool))
            weights[found[0]] += prior * found[1]
            evidence += prior * found[1]
            total_prior += prior
        evidence = evidence / total_prior if total_prior else 0.0
        samples_used = draws
    else:
        method = "sampled"
        tiles = sorted(pool.elements())
        cache: dict[tuple[str, ...], tuple[tuple[str, ...], float] | None] = {}
        draws = 0
        for _ in range(samples):
            if seconds is not None and time.process_time() - started > seconds:
                clock_out = True
                break
            drawn = sorted(rng.sample(tiles, drawn_size))
            key = tuple(drawn)
            if key not in cache:
                cache[key] = evaluate(drawn)
            found = cache[key]
            draws += 1
            if found is None:
                continue
            weights[found[0]] += found[1]
            evidence += found[1]
        evidence = evidence / draws if draws else 0.0
        samples_used = len(cache)
    if clock_out:
        method += ", stopped by time"
    total = sum(weights.values())
    if total <= 0:
        raise InvalidArgumentError("no rack drawn from the unseen tiles can make that play")
    alphabet = rules.tile_set.alphabet
    ranked = sorted(weights.items(), key=lambda item: (-item[1], item[0]))
    leaves = tuple(LeaveProbability(alphabet.format(list(kept)), weight / total, kept)
                   for kept, weight in ranked)
    kept_size = drawn_size if play.move is not None else hand - play.exchanged
    return Inference(leaves, samples_used, method, kept_size, draws, evidence, margin, temperature)
