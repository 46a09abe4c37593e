"""The ``equity`` computer player: score plus the value of the tiles kept.

Every candidate is valued in points of spread:

* a placement: its score plus the leave table's value of the tiles it keeps;
* an exchange: the value of the tiles it keeps (one candidate per distinct keep);
* a pass: the value of keeping the whole rack, when that value is known (see below).

A pass is chosen only when it is truly best.  While the bag holds tiles its value is the
table's value of the whole rack, which a table of 0-6 tile leaves does not hold for a full
rack of 7: an unknown value, so the pass is then the last resort, taken only when no
placement and no exchange is legal (as MAGPIE and Macondo rank it).  Valuing it at the
table's ``missing`` value instead (0, the value of exchanging all seven) made the player pass
with a bad rack, again and again, because the rack never changed; and with 1 to 6 tiles in
the bag, pass rather than take a slightly negative placement.

With few tiles in the bag (1 to :data:`.adjustments.PRE_ENDGAME_BAG`) a placement that opens
an empty triple-word square (puts a tile beside one no tile touched before) loses
``OPENING_PENALTY`` points per square: the opponent may take it and there are too few turns
left to get it back.  MAGPIE also charges each vowel of the opening move placed beside a
double-letter square (across the move's line: it hands the opponent a parallel play that
doubles a heavy letter); here that is :attr:`EquityStrategy.vowel_penalty`, 0 by default
because it measured no difference (:data:`.adjustments.VOWEL_HOTSPOT_PENALTY`).  These
adjustments are :class:`.adjustments.Adjustments`.

Once the bag is empty a kept tile is never refilled, so leaves are valued as the end of the
game counts them, as MAGPIE's and Macondo's static players do: a move that goes out gains
twice the opponent's tiles (under either end rule the spread moves by that much); a move (or
a pass) that does not go out costs twice the face value of the tiles it keeps plus
:data:`.adjustments.NOT_OUT_PENALTY` points, because the opponent then has a turn, often to go out, while
those tiles are still stuck.  :meth:`EquityStrategy.end_game` is the one place an exact
endgame search plugs in.

Leave tables come from :mod:`wordgames.scrabble.leaves`: the one given to the player, else the
one set with :func:`use_leaves` (the CLI's ``--leaves``), else the shipped table for the
lexicon (ENABLE), else none (every leave is worth 0).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.lexicon.kwg import ENGLISH_ALPHABET
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.scoring import rack_value
from wordgames.scrabble.core.tiles import BLANK
from wordgames.scrabble.game.decision import (
    PASS,
    Decision,
    Situation,
    Strategy,
    get_strategy,
    register_strategy,
)
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.leaves import LeaveTable, load_leaves, shipped_table_name
from wordgames.scrabble.leaves.dense import dense_leaves
from wordgames.scrabble.leaves.keeps import RackKeeps, end_keeps, table_keeps, zero_keeps
from wordgames.scrabble.strategy.adjustments import NOT_OUT_PENALTY, Adjustments
from wordgames.scrabble.strategy.leave import smaller_keeps

PENALTY_CANDIDATES = 8
"""Moves valued with the opening penalty when the best one pays it (every move only when the
penalty could reorder beyond these)."""
OUT_FACTOR = 2.0
STUCK_FACTOR = 2.0

_EMPTY = LeaveTable(ENGLISH_ALPHABET, {})
_configured: LeaveTable | None = None
_configured_set = False


def use_leaves(table: LeaveTable | None) -> None:
    """Make ``table`` the leave table of every ``equity`` player created without one (None:
    no table, every leave 0).  The CLI calls it for ``--leaves``."""
    global _configured, _configured_set
    _configured, _configured_set = table, True


def reset_leaves() -> None:
    """Forget :func:`use_leaves`: players fall back on the shipped table for their lexicon."""
    global _configured, _configured_set
    _configured, _configured_set = None, False


def default_leaves(lexicon: Lexicon) -> LeaveTable | None:
    """The table an ``equity`` player without one uses for ``lexicon``: the configured one,
    else the shipped table learned for that lexicon, else None."""
    if _configured_set:
        return _configured
    name = shipped_table_name(lexicon.source)
    return load_leaves(name) if name is not None else None


@dataclass(frozen=True)
class Choice:
    """One valued candidate: a placement (``move``), an exchange (``tiles`` go back) or a
    pass; ``leave`` the tiles kept, ``leave_value`` what they (or the end) are worth.  A pass
    whose value is unknown (see the module docstring) is a ``last_resort``: listed last, with
    the table's ``missing`` value, and chosen only when nothing else is legal."""

    kind: TurnKind
    score: int
    leave: str
    leave_value: float
    move: Move | None = None
    tiles: str = ""
    last_resort: bool = False

    @property
    def equity(self) -> float:
        """Score plus leave value."""
        return self.score + self.leave_value

    def decision(self) -> Decision:
        """The decision that plays this choice."""
        if self.kind is TurnKind.PLACE:
            return Decision(TurnKind.PLACE, self.move)
        if self.kind is TurnKind.EXCHANGE:
            return Decision(TurnKind.EXCHANGE, tiles=self.tiles)
        return PASS


class Valuer:
    """Values leaves for one situation: the table while the bag refills racks, the end of the
    game once it is empty.  ``value(move)`` costs one dict probe (bag not empty)."""

    def __init__(self, situation: Situation, table: LeaveTable | None,
                 not_out_penalty: float = NOT_OUT_PENALTY) -> None:
        self.situation = situation
        self.no_table = table is None  # then any tile set will do: every leave is worth 0
        self.table = table if table is not None else _EMPTY
        self.rack = situation.rack
        self.rack_tiles = situation.rack.tiles()
        self.weights = self.table.weights
        self.rack_code = self.table.code(self.rack_tiles) if table is not None else 0
        self.end = situation.bag_size == 0
        self.not_out_penalty = not_out_penalty
        tile_set = situation.rules.tile_set
        if self.end:
            self.opponents_points = rack_value(situation.unseen, tile_set)
        self.tile_set = tile_set

    def placement_value(self, move: Move) -> float:
        """What the tiles ``move`` keeps are worth (see the module docstring)."""
        if self.end:
            if len(move.placed) == len(self.rack_tiles):
                return OUT_FACTOR * self.opponents_points
            return self.stuck_value(_remaining(self.rack, move.rack_tiles))
        if self.no_table:
            return 0.0
        weights = self.weights
        code = self.rack_code
        for placement in move.placed:
            code -= weights[BLANK if placement.blank else placement.letter]
        return self.table.value_of_code(code)

    def stuck_value(self, kept: list[str]) -> float:
        """What keeping ``kept`` (not nothing) is worth once the bag is empty."""
        return -STUCK_FACTOR * rack_value(kept, self.tile_set) - self.not_out_penalty

    def keep_value(self, kept: list[str]) -> float:
        """What keeping ``kept`` is worth (an exchange or a pass)."""
        if self.end:
            return self.stuck_value(kept) if kept else OUT_FACTOR * self.opponents_points
        if self.no_table:
            return 0.0
        return self.table.value_of_code(self.table.code(kept))

    def pass_value(self) -> float | None:
        """What passing (keeping the whole rack) is worth, or None when that is unknown: the
        bag holds tiles and the table has no value for the whole rack (a full rack of 7
        with a table of 0-6 tile leaves), or there is no table."""
        if self.end:
            return self.keep_value(self.rack_tiles)
        if self.no_table or not self.table.has_code(self.rack_code):
            return None
        return self.table.value_of_code(self.rack_code)


def _remaining(rack: Rack, used: Iterable[str]) -> list[str]:
    """The tiles of ``rack`` left when ``used`` (written tiles, ``?`` a blank) go."""
    left = rack.counts()
    left.subtract(used)
    return sorted(left.elements())


def choose_kind(placement: float | None, exchange: float | None, pass_equity: float | None) -> TurnKind:
    """The equity player's choice between its best placement, its best exchange and the pass,
    by their equities (None: not possible, or for the pass, of unknown value): the pass only
    on a known value strictly above the placement's (or with no placement), an exchange only
    strictly above both; with nothing else, the pass."""
    kind = TurnKind.PLACE if placement is not None else TurnKind.PASS
    value = placement if placement is not None else float("-inf")
    if pass_equity is not None and (placement is None or pass_equity > value):
        kind, value = TurnKind.PASS, pass_equity
    if exchange is not None and exchange > value:
        kind = TurnKind.EXCHANGE
    return kind


def keeps(valuer: Valuer) -> list[tuple[float, tuple[str, ...]]]:
    """(value, kept tiles) for every distinct keep of at most len(rack) - 1 tiles (what an
    exchange or a placement can leave): at most 127 for 7 tiles."""
    return [(valuer.keep_value(list(kept)), tuple(kept)) for kept in smaller_keeps(valuer.rack)]


def exchange_choice(valuer: Valuer, value: float, kept: tuple[str, ...]) -> Choice:
    """The exchange that keeps ``kept``."""
    returned = _remaining(valuer.rack, kept)
    notation = valuer.rack.alphabet.format
    return Choice(TurnKind.EXCHANGE, 0, notation(kept), value, tiles=notation(returned))


def equity_choices(situation: Situation, table: LeaveTable | None,
                   adjustments: Adjustments | None = None) -> list[Choice]:
    """Every placement, exchange (when the situation allows one) and the pass, valued, best
    equity first (ties: higher score, then the engine's move order), a pass of unknown value
    last.  Cost: one full move generation plus one leave lookup per move."""
    adjust = adjustments if adjustments is not None else Adjustments()
    valuer = Valuer(situation, table, adjust.not_out_penalty)
    moves = situation.rules.best_moves(situation.board, situation.rack, situation.lexicon)
    notation = situation.rack.alphabet.format
    choices = [Choice(TurnKind.PLACE, move.score, notation(_remaining(situation.rack, move.rack_tiles)),
                      valuer.placement_value(move) - adjust.of(situation, move), move)
               for move in moves]
    if situation.can_exchange and valuer.rack_tiles and not valuer.end:
        choices.extend(exchange_choice(valuer, value, kept) for value, kept in keeps(valuer))
    pass_value = valuer.pass_value()
    choices.append(Choice(TurnKind.PASS, 0, str(situation.rack),
                          valuer.table.missing if pass_value is None else pass_value,
                          last_resort=pass_value is None))
    order = {id(choice): index for index, choice in enumerate(choices)}
    return sorted(choices, key=lambda c: (c.last_resort, -c.equity, -c.score, order[id(c)]))


def rack_keeps(situation: Situation, table: LeaveTable | None,
               not_out_penalty: float = NOT_OUT_PENALTY) -> RackKeeps | None:
    """The situation's rack's keeps valued as :class:`Valuer` values leaves: by the end of
    the game once the bag is empty, else by ``table`` (None: all 0).  None when they cannot
    be numbered (a rack of more than MAX_KEEPS keeps, a tile the table lacks)."""
    alphabet = situation.rules.tile_set.alphabet
    rack = situation.rack
    try:
        if situation.bag_size == 0:
            tile_set = situation.rules.tile_set
            faces = {tile: tile_set.value(tile) for tile in rack.counts()}
            found = end_keeps(alphabet, rack, faces, STUCK_FACTOR,
                              OUT_FACTOR * rack_value(situation.unseen, tile_set))
            if found is not None and not_out_penalty:
                values = found.values
                for keep in range(1, found.size):  # keep 0 keeps nothing: it goes out
                    values[keep] -= not_out_penalty
                found.summarise()
            return found
        if table is None:
            return zero_keeps(alphabet, rack)
        return table_keeps(dense_leaves(table), alphabet, rack)
    except ValueError:
        return None


@register_strategy
class EquityStrategy(Strategy):
    """The move (exchange, pass) of highest equity; see the module docstring."""

    name = "equity"
    not_out_penalty: float = NOT_OUT_PENALTY
    """Points off a play that does not go out once the bag is empty (module docstring)."""
    vowel_penalty: float = 0.0
    """Points off each vowel placed beside a double-letter square on the opening move (0:
    measured, :data:`VOWEL_HOTSPOT_PENALTY` made no difference)."""

    def __init__(self, leaves: LeaveTable | None = None, *, use_default: bool = True,
                 candidates: int = 60) -> None:
        """``leaves``: the table; None with ``use_default`` means :func:`default_leaves` of the
        game's lexicon, found at the first decision.  ``candidates``: how many top-scoring
        moves are valued before the bound decides whether all must be."""
        if candidates < 1:
            raise InvalidArgumentError("the equity player values at least one candidate move")
        self.candidates = candidates
        self.leaves = leaves
        self.use_default = use_default and leaves is None
        self._resolved: dict[str, LeaveTable | None] = {}

    @property
    def adjustments(self) -> Adjustments:
        """This player's :class:`Adjustments`."""
        return Adjustments(self.not_out_penalty, self.vowel_penalty)

    def table_for(self, lexicon: Lexicon) -> LeaveTable | None:
        """The table this player uses with ``lexicon``."""
        if not self.use_default:
            return self.leaves
        if lexicon.source not in self._resolved:
            self._resolved[lexicon.source] = default_leaves(lexicon)
        return self._resolved[lexicon.source]

    def choices(self, situation: Situation) -> list[Choice]:
        """Every candidate valued as this player values them, best first
        (:func:`equity_choices`); the first is what :meth:`decide` plays when no end-game
        search decides.  Cost: a full move generation."""
        return equity_choices(situation, self.table_for(situation.lexicon), self.adjustments)

    def end_game(self, situation: Situation) -> Decision | None:
        """The hook for an exact search once the bag holds at most one tile: a decision, or
        None to play the static valuation.  None here: the ``endgame`` player
        (:mod:`.endgame_player`) is this player with the search plugged in."""
        return None

    def pass_value(self, situation: Situation, table: LeaveTable | None) -> float | None:
        """What a pass is worth in ``situation`` with ``table``, or None when it is unknown
        and the pass is the last resort (module docstring)."""
        largest = table.largest_leave if table is not None else None
        if situation.bag_size and largest is not None and len(situation.rack) > largest:
            return None  # no leave of the table is that large: known without a lookup
        return Valuer(situation, table, self.not_out_penalty).pass_value()

    def decide(self, situation: Situation) -> Decision:
        """The candidate of highest equity (ties: a placement, then an exchange, then a
        pass; among placements the higher score, then the engine's move order).  The move
        generator values each move as it finds it and prunes by equity
        (:meth:`~wordgames.scrabble.rules.base.RuleSet.best_moves_by_equity`); the rack's
        keeps are valued once (at most 127 for 7 tiles, in compiled code), which also values
        the exchanges.  When an adjustment applies (:class:`Adjustments`) it is taken off the
        best move; when that one pays it, off the top :data:`PENALTY_CANDIDATES`; when that
        could still change the order, off every move.  So the answer is exact; the cost is
        about one best-move query."""
        if situation.bag_size <= 1:
            exact = self.end_game(situation)
            if exact is not None:
                return exact
        table = self.table_for(situation.lexicon)
        keeps = rack_keeps(situation, table, self.not_out_penalty)
        if keeps is None or not len(situation.rack):
            return self._decide_one_by_one(situation, table)
        best, best_equity = self._best_placement(situation, keeps)
        exchange = None
        if situation.can_exchange and situation.bag_size and keeps.size > 1:
            exchange = (keeps.best, keeps.kept(keeps.best_keep))
        return self._choose(situation, best, best_equity, exchange, self.pass_value(situation, table))

    @staticmethod
    def _choose(situation: Situation, best: Move | None, best_equity: float,
                exchange: tuple[float, Sequence[str]] | None, pass_equity: float | None) -> Decision:
        """The best of the best placement, the best exchange (value, tiles kept) and the
        pass: the pass only on a known value strictly above the placement's (or with no
        placement), an exchange only strictly above both; with nothing else, the pass."""
        kind = choose_kind(best_equity if best is not None else None,
                           exchange[0] if exchange is not None else None, pass_equity)
        if kind is TurnKind.PLACE:
            return Decision(TurnKind.PLACE, best)
        if kind is TurnKind.EXCHANGE and exchange is not None:
            returned = _remaining(situation.rack, exchange[1])
            return Decision(TurnKind.EXCHANGE, tiles=situation.rack.alphabet.format(returned))
        return PASS

    def _best_placement(self, situation: Situation, keeps: RackKeeps) -> tuple[Move | None, float]:
        """The placement of highest equity, adjustments included, and its equity."""
        rules, board, rack, lexicon = situation.rules, situation.board, situation.rack, situation.lexicon
        adjust = self.adjustments
        if not adjust.applies(situation):
            found = rules.best_moves_by_equity(board, rack, lexicon, keeps, 1, checked=situation.checked)
            return (found[0][1], found[0][0]) if found else (None, float("-inf"))
        for limit in (1, PENALTY_CANDIDATES, None):
            found = rules.best_moves_by_equity(board, rack, lexicon, keeps, limit, checked=situation.checked)
            if not found:
                return None, float("-inf")
            adjusted = [equity - adjust.of(situation, move) for equity, move in found]
            at = min(range(len(found)), key=lambda i: (-adjusted[i], found[i][1].sort_key(), i))
            # A move left out has an equity below the last one's, adjustments or not.
            if limit is None or len(found) < limit or adjusted[at] >= found[-1][0]:
                break
        return found[at][1], adjusted[at]

    def _decide_one_by_one(self, situation: Situation, table: LeaveTable | None) -> Decision:
        """:meth:`decide` valuing moves one at a time, for a rack whose keeps are not
        numbered (see :func:`rack_keeps`): the top :attr:`candidates` moves by score are
        valued first; only when the last of them plus the best leave the rack can keep could
        still beat the best found is every move valued."""
        valuer = Valuer(situation, table, self.not_out_penalty)
        rules, board, rack, lexicon = situation.rules, situation.board, situation.rack, situation.lexicon
        # With the bag empty no keep is ever weighed: neither the ceiling nor an exchange uses them.
        kept_values = [] if valuer.end else keeps(valuer)
        if valuer.end:
            ceiling = OUT_FACTOR * valuer.opponents_points
        else:
            ceiling = max((value for value, _ in kept_values), default=valuer.table.missing)
        moves = rules.best_moves(board, rack, lexicon, limit=self.candidates)
        best, best_equity = self._best_move(situation, valuer, moves)
        if len(moves) == self.candidates and moves[-1].score + ceiling >= best_equity:
            best, best_equity = self._best_move(situation, valuer, rules.best_moves(board, rack, lexicon))
        exchange = None
        if situation.can_exchange and valuer.rack_tiles and not valuer.end:
            # The first keep of the best value, in keep order (size, then tiles).
            value, kept = max(kept_values, key=lambda pair: pair[0])
            exchange = (value, kept)
        pass_equity = self.pass_value(situation, table) if len(situation.rack) else None
        return self._choose(situation, best, best_equity, exchange, pass_equity)

    def _best_move(self, situation: Situation, valuer: Valuer,
                   moves: list[Move]) -> tuple[Move | None, float]:
        """The move of highest equity among ``moves`` (given best score first, so the first
        of equal equity is the one the engine's order prefers)."""
        adjust = self.adjustments
        best: Move | None = None
        best_equity = float("-inf")
        for move in moves:
            equity = move.score + valuer.placement_value(move) - adjust.of(situation, move)
            if equity > best_equity:
                best, best_equity = move, equity
        return best, best_equity


def bind_leaves(strategy: str, table: LeaveTable, label: str) -> str:
    """Register a copy of the equity-valuing strategy ``strategy`` (``equity``, ``endgame``,
    ``level5``) whose players use ``table``, under the name ``strategy[label]``, and return
    that name.  Lets two players of one series use different tables (``autoplay --leaves
    A,B``); processes forked afterwards see the registration.  InvalidArgumentError when
    ``strategy`` values no leaves."""
    base = type(get_strategy(strategy))
    if not issubclass(base, EquityStrategy):
        raise InvalidArgumentError(f"strategy {strategy!r} uses no leave table")

    class WithTable(base):  # type: ignore[valid-type, misc]
        name = f"{strategy}[{label}]"

        def __init__(self) -> None:
            super().__init__(table)

    WithTable.__name__ = WithTable.__qualname__ = f"{base.__name__}With{label.title()}"
    register_strategy(WithTable)
    return str(WithTable.name)
