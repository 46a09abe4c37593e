"""The equity player's turn on racks held as tile numbers, for searches that play games out.

A simulation plays thousands of turns of the static player a second.  Handing each one a
:class:`~wordgames.scrabble.game.decision.Situation` (a :class:`Rack`, the unseen tiles
written) and getting a :class:`Move` back cost as much as the move search itself.  Here the
same decision is taken on integers: the rack as tile numbers, the keeps valued by
:func:`~wordgames.scrabble.leaves.keeps.table_keeps_of_counts` (remembered by rack), the best
placement by :meth:`~wordgames.scrabble.movegen.generator.MoveGenerator.best_compact_by_keeps`
(the kernel's search by equity, as :meth:`EquityStrategy.decide` runs it, ties broken the
same way), and the choice between placing, exchanging and passing by
:func:`~.equity.choose_kind`, the rule ``decide`` applies.  So the turn is ``decide``'s, in
the positions it takes: whenever none of ``decide``'s other cases can arise (an exact search
near the end, an adjustment, the end of the game's valuation, a pass of known value, a rack
the keeps cannot number), and otherwise :meth:`NumberedPlayer.turn` says None and the caller
asks ``decide``.
"""

from __future__ import annotations

from typing import NamedTuple

from wordgames.lexicon import Lexicon
from wordgames.lexicon.alphabet import BLANK_BIT, BLANK_TEXT
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.game.decision import Strategy
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.leaves import LeaveTable
from wordgames.scrabble.leaves.dense import dense_leaves
from wordgames.scrabble.leaves.keeps import RackKeeps, table_keeps_of_counts
from wordgames.scrabble.movegen.generator import MoveGenerator
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.strategy.equity import EquityStrategy, choose_kind

KEEPS_LIMIT = 20_000
"""Racks whose keeps a player remembers before it starts afresh."""


class NumberedTurn(NamedTuple):
    """A turn on integers: its kind, its score, the codes of the tiles a placement puts down
    (``square << 8 | tile number``, BLANK_BIT on a blank's), and the tile numbers leaving the
    rack (``0`` a blank): those placed, or those an exchange returns, in the order the
    exchange's written tiles list them."""

    kind: TurnKind
    score: int
    codes: tuple[int, ...]
    used: tuple[int, ...]


PASS_TURN = NumberedTurn(TurnKind.PASS, 0, (), ())


class NumberedPlayer:
    """:meth:`EquityStrategy.decide` on racks of tile numbers (see the module docstring)
    for one strategy, rule set and lexicon; made by :func:`numbered_player`."""

    def __init__(self, strategy: EquityStrategy, generator: MoveGenerator, table: LeaveTable) -> None:
        self.strategy = strategy
        self.generator = generator
        self.table = table
        self.dense = dense_leaves(table)
        self.alphabet = generator.alphabet
        self.names = (BLANK_TEXT, *self.alphabet.tiles)
        self._racks: dict[tuple[int, ...], tuple[RackKeeps | None, bool]] = {}

    def rack_facts(self, rack: tuple[int, ...]) -> tuple[RackKeeps | None, bool]:
        """The valued keeps of the rack of tile numbers ``rack`` (sorted; ``0`` a blank), None
        when they cannot be numbered, and whether the table values the whole rack (then a
        pass has a known value).  Remembered (:data:`KEEPS_LIMIT` racks): a simulation meets
        the same opponent rack once per candidate."""
        found = self._racks.get(rack)
        if found is None:
            if len(self._racks) >= KEEPS_LIMIT:
                self._racks.clear()
            counts = [0] * (len(self.alphabet) + 1)
            for number in rack:
                counts[number] += 1
            keeps = table_keeps_of_counts(self.dense, self.alphabet, counts)
            table = self.table
            largest = table.largest_leave
            # As EquityStrategy.pass_value: known when the table holds the whole rack.
            valued = (keeps is not None and (largest is None or len(rack) <= largest)
                      and table.has_code(table.code([self.names[n] for n in rack])))
            found = self._racks[rack] = (keeps, valued)
        return found

    def turn(self, board: Board, rack: tuple[int, ...], bag_size: int, hand_size: int) -> NumberedTurn | None:
        """The equity player's turn holding ``rack`` (tile numbers, sorted, ``0`` a blank) on
        ``board`` (numbered by the rules' alphabet; checked by the caller) with ``bag_size``
        tiles in the bag (an exchange needs ``hand_size``), or None when only
        :meth:`EquityStrategy.decide` can tell (see the module docstring).  Cost: one move
        search by equity."""
        strategy = self.strategy
        if (bag_size <= 1 or not rack or strategy.adjustments.applies_at(bag_size, board)
                or board.alphabet.tiles != self.alphabet.tiles):
            return None
        keeps, pass_valued = self.rack_facts(rack)
        if keeps is None or pass_valued:
            return None  # decide() values moves one by one, or the pass by the table
        counts = list(keeps.slot_counts)
        found = self.generator.best_compact_by_keeps(board, counts, keeps)
        can_exchange = bag_size >= hand_size and keeps.size > 1
        kind = choose_kind(found[0] if found is not None else None,
                           keeps.best if can_exchange else None, None)
        if kind is TurnKind.PLACE and found is not None:
            _, score, codes = found
            return NumberedTurn(kind, score, codes,
                                tuple([0 if code & BLANK_BIT else code & 0xFF for code in codes]))
        if kind is TurnKind.EXCHANGE:
            for number in keeps.kept_numbers(keeps.best_keep):
                counts[number] -= 1
            returned = [number for number in range(len(counts)) for _ in range(counts[number])]
            names = self.names
            returned.sort(key=names.__getitem__)  # as decide() writes them
            return NumberedTurn(kind, 0, (), tuple(returned))
        return PASS_TURN


def numbered_player(policy: Strategy, rules: RuleSet, lexicon: Lexicon) -> NumberedPlayer | None:
    """A :class:`NumberedPlayer` taking ``policy``'s turns, or None when ``policy`` is not
    the equity player's decision (another strategy, or a subclass deciding otherwise), has no
    leave table, or the rules have no move generator."""
    if not isinstance(policy, EquityStrategy) or type(policy).decide is not EquityStrategy.decide:
        return None
    table = policy.table_for(lexicon)
    generator = rules.move_generator(lexicon)
    if table is None or generator is None:
        return None
    return NumberedPlayer(policy, generator, table)

