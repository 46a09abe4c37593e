"""Self-play, the raw material of learning (leave tables, win models): one player deciding
for every seat of a game, turn by turn, and the lexicon each worker process loads once."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from wordgames.lexicon import Lexicon, load_lexicon
from wordgames.scrabble.game.decision import Decision, Strategy
from wordgames.scrabble.game.state import Game
from wordgames.scrabble.game.turn import Turn, TurnKind

MAX_TURNS = 10_000
"""Turns after which a self-play game is given up (no real game comes near)."""


@dataclass(frozen=True)
class SelfPlayTurn:
    """One turn of a self-play game: who moved, what it decided, the tiles it kept (before
    drawing; written tiles, ``?`` a blank) and the turn as the game recorded it."""

    seat: int
    decision: Decision
    kept: tuple[str, ...]
    turn: Turn


def self_play(game: Game, player: Strategy) -> Iterator[SelfPlayTurn]:
    """Play ``game`` out with ``player`` deciding for every seat, yielding each turn as it is
    played (the game state is the one after it).  Cost: one decision per turn."""
    for _ in range(MAX_TURNS):
        if game.is_over:
            return
        seat = game.current
        rack = game.current_player.rack
        kept = rack.counts()
        decision = player.decide(game.situation())
        if decision.kind is TurnKind.PLACE and decision.move is not None:
            kept.subtract(decision.move.rack_tiles)
        elif decision.kind is TurnKind.EXCHANGE:
            kept.subtract(rack.alphabet.parse(decision.tiles))
        turn = game.apply(decision)
        yield SelfPlayTurn(seat, decision, tuple(kept.elements()), turn)


_LEXICONS: dict[str, Lexicon] = {}


def worker_lexicon(source: str) -> Lexicon:
    """The lexicon ``source`` names, loaded once per process (work sent to another process
    names its lexicon instead of carrying it)."""
    lexicon = _LEXICONS.get(source)
    if lexicon is None:
        lexicon = _LEXICONS[source] = load_lexicon(source)
    return lexicon
