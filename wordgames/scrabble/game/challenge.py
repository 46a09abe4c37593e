"""Challenge rules: what happens when a play is challenged, under the rules played in practice.

* ``void``: a play that forms a word the lexicon lacks is refused outright; nothing to challenge.
* ``single``: phonies may be played; a challenged phony comes off (its tiles go back, it scores
  nothing); a wrong challenge costs nothing.
* ``double``: as ``single``, but a wrong challenge costs the challenger their next turn.
* ``5`` and ``10``: as ``single``, but a wrong challenge gives the player challenged 5 or 10
  points.

A challenge judges every word the play formed (main word and cross words): one missing word
makes the whole play a phony.  :class:`~wordgames.scrabble.game.state.Game` plays these rules
(``Game.challenge``: see :mod:`~wordgames.scrabble.game.challenge_play`); this module holds the
rules themselves and the judging.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordgames.errors import IllegalMoveError, InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.scoring import formed_words
from wordgames.scrabble.game.turn import Turn
from wordgames.scrabble.rules.base import RuleSet
from wordgames.scrabble.rules.classic import ClassicRules


@dataclass(frozen=True)
class ChallengeRule:
    """A challenge rule: whether phonies may be played at all, whether a wrong challenge
    costs the challenger a turn, and the points a wrong challenge gives the player
    challenged."""

    name: str
    phonies_allowed: bool
    wrong_challenge_loses_turn: bool = False
    wrong_challenge_bonus: int = 0


CHALLENGE_RULES: dict[str, ChallengeRule] = {
    "void": ChallengeRule("void", phonies_allowed=False),
    "single": ChallengeRule("single", phonies_allowed=True),
    "double": ChallengeRule("double", phonies_allowed=True, wrong_challenge_loses_turn=True),
    "5": ChallengeRule("5", phonies_allowed=True, wrong_challenge_bonus=5),
    "10": ChallengeRule("10", phonies_allowed=True, wrong_challenge_bonus=10),
}
DEFAULT_CHALLENGE_RULE = "void"


def challenge_rule(name: str) -> ChallengeRule:
    """The rule called ``name`` (``void``, ``single``, ``double``, ``5``, ``10``)."""
    if not isinstance(name, str):
        raise InvalidArgumentError(f"a challenge rule is a name, not {type(name).__name__}")
    try:
        return CHALLENGE_RULES[name.strip().lower()]
    except KeyError:
        raise InvalidArgumentError(
            f"unknown challenge rule {name!r} (choose from {', '.join(CHALLENGE_RULES)})"
        ) from None


def phonies(board: Board, move: Move, lexicon: Lexicon, minimum_length: int = 2) -> list[str]:
    """The words ``move`` forms on ``board`` (the board before it) that ``lexicon`` lacks or
    that are shorter than ``minimum_length``, main word first.  Cost: O(tiles touched)."""
    words = [w.word for w in formed_words(board, list(move.placed), move.direction)]
    return [word for word in words if len(word) < minimum_length or word not in lexicon]


@dataclass(frozen=True)
class ChallengeOutcome:
    """What a challenge decided: ``upheld`` (the play was a phony and comes off, naming the
    ``phonies``), else the bonus the player challenged gains and whether the challenger
    loses their next turn."""

    upheld: bool
    phonies: tuple[str, ...] = ()
    bonus: int = 0
    challenger_loses_turn: bool = False


def adjudicate(rule: ChallengeRule, board: Board, move: Move, lexicon: Lexicon,
               minimum_length: int = 2) -> ChallengeOutcome:
    """Judge a challenge of ``move`` (played on ``board``, the board before it) under
    ``rule``."""
    found = phonies(board, move, lexicon, minimum_length)
    if found:
        return ChallengeOutcome(True, tuple(found))
    return ChallengeOutcome(False, (), rule.wrong_challenge_bonus, rule.wrong_challenge_loses_turn)


@dataclass(frozen=True)
class ChallengeResult:
    """A challenge played in a game: its ``outcome``, the seats of the ``challenger`` and of
    the player ``challenged``, and the turns it added to the history (a WITHDRAW, or a
    CHALLENGE and, under ``double``, the challenger's lost turn as a pass)."""

    outcome: ChallengeOutcome
    challenger: int
    challenged: int
    turns: tuple[Turn, ...]


def board_before(board: Board, move: Move) -> Board:
    """A copy of ``board`` without the tiles ``move`` placed (the board it was played on)."""
    before = board.copy()
    for placement in move.placed:
        before.remove(placement.row, placement.col)
    return before


def judge_placement(rules: RuleSet, board: Board, move: Move) -> tuple[int, tuple[str, ...]]:
    """The score and the words (main word first) of ``move`` on ``board`` judged without the
    lexicon, as a play is judged when phonies may be played: only the placement rules count.
    Raises IllegalMoveError with the reason for a placement the rules refuse, or when the
    rule set is not the classic one (the only one with challenges).  O(tiles touched)."""
    if not isinstance(rules, ClassicRules):
        raise IllegalMoveError(f"challenge rules need the classic rules, not {rules.name!r}")
    problem = rules.placement_problem(board, move)
    if problem is not None:
        raise IllegalMoveError(problem)
    words = tuple(w.word for w in formed_words(board, list(move.placed), move.direction))
    return rules.score(board, move), words
