"""GCG, the text format of recorded crossword games (John Chew's ``.gcg``): one place to
import it from.  Writing lives here; reading in :mod:`~wordgames.scrabble.formats.gcg_read`,
replaying in :mod:`~wordgames.scrabble.formats.gcg_replay` (both re-exported).

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

Reading (:func:`parse_gcg`) accepts these lines plus the other standard events and other
programs' dialects (see ``gcg_read``); :func:`replay_gcg` plays the events on a board, checking
every move, score, running total and rack shown, and reports the first discrepancy.  The board
and tiles come from ``#board-layout`` (``CrosswordGame``, ``SuperCrosswordGame``, MAGPIE's
``standard15``, or our ``standard`` and ``super``) and ``#tile-distribution`` when the file
names them, else the standard ones; arguments given to it win over both.
"""

from __future__ import annotations

import re
from pathlib import Path

from wordgames.scrabble.core.checks import require_type
from wordgames.scrabble.core.layout import board_name
from wordgames.scrabble.core.notation import format_standard_move
from wordgames.scrabble.core.tiles import TileSet, distribution_name
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
    ShownRack,
    parse_gcg,
    read_gcg,
)
from wordgames.scrabble.formats.gcg_replay import (
    Discrepancy,
    ReplayResult,
    layout_from_pragma,
    move_from_event,
    replay_gcg,
    tile_set_from_pragma,
)
from wordgames.scrabble.game.challenge import DEFAULT_CHALLENGE_RULE
from wordgames.scrabble.game.state import Game
from wordgames.scrabble.game.turn import Turn, TurnKind

__all__ = [
    "CHALLENGE", "END_POINTS", "EXCHANGE", "MOVE", "PASS", "PHONY", "RACK_PENALTY", "TIME",
    "Discrepancy", "GcgEvent", "GcgRecord", "ReplayResult", "ShownRack", "game_to_gcg",
    "history_to_gcg", "layout_from_pragma", "lexicon_label", "move_from_event", "nicknames",
    "parse_gcg", "read_gcg", "replay_gcg", "tile_set_from_pragma", "turn_to_gcg",
]


# --- writing --------------------------------------------------------------------------------------


def _one_line(text: str) -> str:
    """``text`` with every run of whitespace (line ends included) one space: a pragma's value."""
    return " ".join(text.split())


def nicknames(names: list[str]) -> list[str]:
    """GCG nicknames for player names: whitespace and colons become ``_``; a clash gets a
    number appended so every nickname stays unique."""
    require_type(names, list, "player names")
    result: list[str] = []
    for name in names:
        require_type(name, str, "a player name")
        base = re.sub(r"[\s:]+", "_", name.strip()) or "player"
        nick, number = base, 2
        while nick in result:
            nick, number = f"{base}{number}", number + 1
        result.append(nick)
    return result


def turn_to_gcg(turn: Turn, nick: str, tile_set: TileSet | None = None) -> str:
    """One event line for a history entry, tiles in ``tile_set``'s notation when given
    (``[L·L]``; English is written as it is)."""
    require_type(turn, Turn, "a history entry")
    require_type(nick, str, "a nickname")
    if tile_set is not None:
        require_type(tile_set, TileSet, "a tile set")
    show = tile_set.show if tile_set is not None else str
    score = f"{turn.score:+d}"
    if turn.kind is TurnKind.PLACE and turn.move is not None:
        action = format_standard_move(turn.move, through=".", tile_set=tile_set)
    elif turn.kind is TurnKind.EXCHANGE:
        action = f"-{show(turn.tiles)}"
    elif turn.kind is TurnKind.PASS:
        action = "-"
    elif turn.kind is TurnKind.WITHDRAW:
        action = "--"
    elif turn.kind is TurnKind.CHALLENGE:
        action = "(challenge)"
    else:
        action = f"({show(turn.tiles)})"  # END: the rack tiles counted (the rack is empty going out)
    return f">{nick}: {show(turn.rack)} {action} {score} {turn.total}"


def history_to_gcg(
    names: list[str],
    history: list[Turn],
    lexicon_name: str | None = None,
    title: str | None = None,
    *,
    board_layout: str | None = None,
    tile_distribution: str | None = None,
    challenge_rule: str | None = None,
    tile_set: TileSet | None = None,
) -> str:
    """The GCG text of a game given its player names (seat order) and its history; the
    optional names become ``#lexicon``, ``#title``, ``#board-layout``,
    ``#tile-distribution`` and ``#challenge-rule`` pragmas; tiles are written in
    ``tile_set``'s notation."""
    require_type(names, list, "player names")
    require_type(history, list, "a history")
    for value in (*names, lexicon_name, title, board_layout, tile_distribution, challenge_rule):
        if value is not None:
            require_type(value, str, "a name or title")
    for turn in history:
        require_type(turn, Turn, "a history entry")
    if tile_set is not None:
        require_type(tile_set, TileSet, "a tile set")
    nicks = nicknames(names)
    lines = ["#character-encoding UTF-8"]
    for seat, (nick, name) in enumerate(zip(nicks, names, strict=True), 1):
        lines.append(f"#player{seat} {nick} {_one_line(name) or nick}")
    for pragma, value in (
        ("title", title),
        ("lexicon", lexicon_name),
        ("board-layout", board_layout),
        ("tile-distribution", tile_distribution),
        ("challenge-rule", challenge_rule),
    ):
        if value and _one_line(value):
            lines.append(f"#{pragma} {_one_line(value)}")
    lines.extend(turn_to_gcg(turn, nicks[turn.player], tile_set) for turn in history)
    return "\n".join(lines) + "\n"


def game_to_gcg(game: Game, title: str | None = None) -> str:
    """The GCG text of a game (finished or not).  The layout and tile set are named when a
    reader can rebuild them from the name: a built-in layout, the standard English tiles."""
    require_type(game, Game, "a game")
    if title is not None:
        require_type(title, str, "a title")
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
        tile_set=settings.tile_set,
    )


def lexicon_label(source: str) -> str | None:
    """A short lexicon name for the ``#lexicon`` pragma: a path's file stem, a shipped
    list's name as is; None for a lexicon built from a word list in memory (``<words>``)."""
    require_type(source, str, "a lexicon source")
    if source.startswith("<"):
        return None
    return Path(source).stem if ("/" in source or "\\" in source or "." in source) else source
