"""Resuming games saved as JSON: a save read back, checked, and rebuilt into a game.

The state :mod:`~wordgames.scrabble.formats.saves` writes is read here.  Loading refuses a
file larger than MAX_SAVE_FILE_BYTES before reading it and JSON nested deeper than
MAX_SAVE_NESTING, then checks everything it can — format and version, a SHA-256 checksum of the
content, the type and range of every field (naming the field: ``settings.hand_size``,
``players[1].strategy``...), that board + racks + bag make exactly one full bag, that the
history replays to the saved board and scores, and that the lexicon has the saved size — and
raises :class:`~wordgames.errors.FormatError` on any mismatch.  The checksum only detects
accidents: anyone can recompute it, so a forged save gets every check an accidental one does.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wordgames.errors import FormatError, GameError, InvalidArgumentError, WordGamesError
from wordgames.lexicon import Lexicon, load_lexicon
from wordgames.lexicon.alphabet import MAX_ALPHABET_TILES, Alphabet
from wordgames.lexicon.tiles import DIGRAPH_MODES, Digraphs, check_digraphs
from wordgames.limits import (
    MAX_BOARD_SIDE,
    MAX_HAND_SIZE,
    MAX_PLAYERS,
    MAX_SAVE_FILE_BYTES,
    MAX_SAVE_HISTORY,
    MAX_SAVE_NESTING,
    MAX_SCORELESS_TURNS,
)
from wordgames.scrabble.core.bag import Bag
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_type
from wordgames.scrabble.core.layout import Layout
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.placement import Direction, Placement
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.scoring import END_RULES
from wordgames.scrabble.core.tiles import TileSet, check_letters
from wordgames.scrabble.formats.fields import BadField, Section, items, nests_deeper, text, whole, within
from wordgames.scrabble.formats.save_tiles import NOTATION, convert_tiles, legacy_forms
from wordgames.scrabble.formats.saves import SAVE_FORMAT, SAVE_VERSION, _checksum
from wordgames.scrabble.game.challenge import CHALLENGE_RULES, DEFAULT_CHALLENGE_RULE
from wordgames.scrabble.game.decision import strategy_names
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import END_OUT, END_SCORELESS, Game, GameSettings
from wordgames.scrabble.game.turn import Turn, TurnKind, scoreless_run
from wordgames.scrabble.rules.registry import rule_set_names
from wordgames.textfiles import read_text_file, shown_path

__all__ = [
    "game_from_state",
    "load_game",
    "move_from_state",
]

_MAX_POINTS = 10**9
_MT_WORDS = 624  # the Mersenne Twister state: 624 32-bit words and a position


def _tile_set_from_state(section: Section) -> TileSet:
    values, counts = section.section("values"), section.section("counts")
    alphabet = None
    if "alphabet" in section.value:
        written = section.section("alphabet")
        forms = [[text(form, written.at(key)) for form in written.items(key, MAX_ALPHABET_TILES)]
                 for key in ("tiles", "lower", "vowels")]
        with within(written.path):
            alphabet = Alphabet(*forms)
    values_of, counts_of = dict(values.value), dict(counts.value)
    with within(section.path):
        if alphabet is not None:
            if section.text("written", "codes", ("codes", NOTATION)) == NOTATION:
                def form(tile: str) -> str:
                    forms = alphabet.parse(tile) if isinstance(tile, str) else ()
                    if len(forms) != 1:
                        raise FormatError(f"{tile!r} is not one tile")
                    return forms[0]
            else:
                legacy = legacy_forms(alphabet.tiles, alphabet.lower_forms)

                def form(tile: str) -> str:
                    return legacy.get(tile, tile)
            values_of = {form(tile): number for tile, number in values_of.items()}
            counts_of = {form(tile): number for tile, number in counts_of.items()}
        return TileSet(values_of, counts_of) if alphabet is None else TileSet(values_of, counts_of, alphabet)


def _layout_from_state(section: Section) -> Layout:
    rows = section.whole("rows", 1, MAX_BOARD_SIDE)
    cols = section.whole("cols", 1, MAX_BOARD_SIDE)
    start = section.items("start", 2)
    if len(start) != 2:
        raise BadField(section.at("start"), "expected [row, col]")
    premiums = [text(row, f"{section.at('premiums')}[{i}]") for i, row in
                enumerate(section.items("premiums", rows))]
    square = (whole(start[0], section.at("start"), 0, rows - 1),
              whole(start[1], section.at("start"), 0, cols - 1))
    name = section.text("name")
    with within(section.path):
        return Layout(rows, cols, square, tuple(premiums), name)


def _settings_from_state(section: Section) -> GameSettings:
    layout = _layout_from_state(section.section("layout"))
    tile_set = _tile_set_from_state(section.section("tile_set"))
    options: dict[str, Any] = {
        "tile_set": tile_set,
        "layout": layout,
        "rules": section.text("rules", choices=rule_set_names()),
        "hand_size": section.whole("hand_size", 1, MAX_HAND_SIZE),
        "exchange_minimum": section.optional_whole("exchange_minimum", 0, len(tile_set.full_bag())),
        "scoreless_turn_limit": section.whole("scoreless_turn_limit", 1, MAX_SCORELESS_TURNS),
        "seed": section.optional_whole("seed", -(2**128), 2**128),
        # saves written before these keys existed played with the usual rules
        "minimum_word_length": section.whole("minimum_word_length", 1, max(layout.rows, layout.cols), 2),
        "end_rule": section.text("end_rule", "usc", END_RULES),
        "challenge": section.text("challenge", DEFAULT_CHALLENGE_RULE, list(CHALLENGE_RULES)),
    }
    with within(section.path):
        return GameSettings(**options)


def _rack_from_state(value: Any, path: str, settings: GameSettings) -> Rack:
    written = text(value, path)
    with within(path):
        rack = settings.tile_set.parse_rack(written)
        if len(rack) > settings.hand_size:
            raise FormatError(f"{len(rack)} tiles; a rack holds at most {settings.hand_size}")
        settings.tile_set.check_tiles(rack.tiles(), "the rack")
    return rack


def _player_from_state(section: Section, settings: GameSettings) -> Player:
    name = section.text("name")
    strategy = section.get("strategy")
    if strategy is not None:
        strategy = text(strategy, section.at("strategy"), strategy_names())
    rack = _rack_from_state(section.get("rack"), section.at("rack"), settings)
    score = section.whole("score", -_MAX_POINTS, _MAX_POINTS)
    with within(section.path):
        return Player(name, strategy, rack, score)


def _bag_from_state(section: Section, settings: GameSettings) -> Bag:
    alphabet = settings.tile_set.alphabet
    tiles = [text(tile, f"{section.at('tiles')}[{i}]") for i, tile in
             enumerate(section.items("tiles", max(len(settings.tile_set.full_bag()), 0)))]
    with within(section.at("tiles")):
        if not alphabet.is_single_character:
            tiles = [_one_tile(tile, alphabet) for tile in tiles]
        settings.tile_set.check_tiles(tiles, "the bag")
    if not isinstance(section.get("fixed_order"), bool):
        raise BadField(section.at("fixed_order"), "expected true or false")
    generator = section.items("random", 3)
    if len(generator) != 3:
        raise BadField(section.at("random"), "expected [version, state, gauss]")
    state = items(generator[1], section.at("random"), _MT_WORDS + 1)
    if len(state) != _MT_WORDS + 1:
        raise BadField(section.at("random"), "not a random generator's state")
    for word in state[:-1]:
        whole(word, section.at("random"), 0, 2**32 - 1)
    whole(state[-1], section.at("random"), 0, _MT_WORDS)
    if not (state[0] & 0x8000_0000 or any(state[1:_MT_WORDS])):
        # The one state the Mersenne Twister never reaches: it would draw zeros for ever.
        raise BadField(section.at("random"), "an all-zero random generator state")
    whole(generator[0], section.at("random"), 1, 3)
    if generator[2] is not None and not isinstance(generator[2], float):
        raise BadField(section.at("random"), "not a random generator's state")
    with within(section.path):
        return Bag.from_state({**section.value, "tiles": tiles}, alphabet)


def _one_tile(written: str, alphabet: Alphabet) -> str:
    """One tile written in notation (``?``, ``A``, ``[L·L]``) as its form; FormatError for
    anything else."""
    forms = alphabet.parse(written)
    if len(forms) != 1:
        raise FormatError(f"{written!r} is not one tile")
    return forms[0]


def _move_from_state(section: Section, settings: GameSettings) -> Move:
    layout = settings.layout
    row = section.whole("row", 0, layout.rows - 1)
    col = section.whole("col", 0, layout.cols - 1)
    direction = Direction(section.text("direction", choices=("H", "V")))
    word = section.text("word")
    placed = []
    for i, item in enumerate(section.items("placed", settings.hand_size)):
        where = f"{section.at('placed')}[{i}]"
        entry = items(item, where, 4)
        if len(entry) != 4 or not isinstance(entry[3], bool):
            raise BadField(where, "expected [row, col, letter, blank]")
        letter = text(entry[2], where)
        alphabet = settings.tile_set.alphabet
        if not alphabet.is_single_character:
            try:
                forms = alphabet.parse(letter) if len(letter) <= 40 else ()
            except InvalidArgumentError:
                forms = ()
            letter = forms[0] if len(forms) == 1 else letter
        if not settings.tile_set.holds(letter) or letter == "?":
            raise BadField(where, f"{letter!r} is not a letter of the tile set")
        placed.append(Placement(whole(entry[0], where, 0, layout.rows - 1),
                                whole(entry[1], where, 0, layout.cols - 1), letter, entry[3]))
    words = [text(w, section.at("words")) for w in section.items("words", settings.hand_size + 1)]
    score = section.whole("score", 0, _MAX_POINTS)
    with within(section.path):
        alphabet = settings.tile_set.alphabet
        if alphabet.is_single_character:
            check_letters(word, "the word")
        return Move(row, col, direction, word, tuple(placed), score, tuple(words), alphabet)


def _turn_from_state(section: Section, settings: GameSettings, seats: int) -> Turn:
    move = None
    if "move" in section.value:
        move = _move_from_state(section.section("move"), settings)
    return Turn(
        section.whole("player", 0, seats - 1),
        TurnKind(section.text("kind", choices=[kind.value for kind in TurnKind])),
        section.text("rack"),
        section.whole("score", -_MAX_POINTS, _MAX_POINTS),
        section.whole("total", -_MAX_POINTS, _MAX_POINTS),
        move,
        section.text("tiles"),
        section.text("drawn"),
    )


def move_from_state(state: Mapping[str, Any], settings: GameSettings | None = None) -> Move:
    """A move from :func:`move_to_state` data (checked against ``settings``, default the
    standard game's).  Raises FormatError naming the bad field."""
    if settings is not None:
        require_type(settings, GameSettings, "the settings")
    try:
        return _move_from_state(Section(state, "move"), settings or GameSettings())
    except BadField as error:
        raise FormatError(str(error)) from None


def game_from_state(
    state: Mapping[str, Any], lexicon: Lexicon | None = None, backend: str = "trie", name: str = "<save>"
) -> Game:
    """Rebuild a game from :func:`game_to_state` data.  Without ``lexicon`` the saved source
    is loaded with ``backend``.  Raises FormatError (prefixed with ``name`` and naming the
    field) when the data is corrupt, out of range, inconsistent, or was saved with a
    different lexicon."""
    if not isinstance(state, Mapping) or state.get("format") != SAVE_FORMAT:
        raise FormatError(f"{name}: not a wordgames saved game")
    if state.get("version") != SAVE_VERSION:
        raise FormatError(f"{name}: saved game version {state.get('version')!r} is not supported")
    if nests_deeper(state, MAX_SAVE_NESTING):
        raise FormatError(f"{name}: nested deeper than a saved game ({MAX_SAVE_NESTING} levels)")
    try:
        checksum = _checksum(state)
    except (TypeError, ValueError) as error:  # not JSON data (a Python caller's object)
        raise FormatError(f"{name}: not a saved game ({error})") from None
    if state.get("checksum") != checksum:
        raise FormatError(f"{name}: the checksum does not match; the file is corrupt or was edited")
    try:
        top = Section(dict(state), "")
        settings = _settings_from_state(top.section("settings"))
        written = top.section("settings").section("tile_set").value
        if written.get("written") != NOTATION and "alphabet" in written:
            # A save of an earlier version: its tiles are code points (see save_tiles).
            alphabet = settings.tile_set.alphabet
            legacy = legacy_forms(alphabet.tiles, alphabet.lower_forms)
            top = Section(convert_tiles(
                state, lambda codes: alphabet.format([legacy.get(code, code) for code in codes]), name
            ), "")
        players = [_player_from_state(Section(entry, f"players[{i}]"), settings)
                   for i, entry in enumerate(top.items("players", MAX_PLAYERS))]
        if not players:
            raise BadField("players", "a game needs at least one player")
        lines = [text(line, "board") for line in top.items("board", settings.layout.rows)]
        with within("board"):
            board = Board.from_text("\n".join(lines), settings.layout, "board", settings.tile_set.alphabet)
            settings.tile_set.check_tiles((tile for _, _, tile in board.tiles()), "the board")
        bag = _bag_from_state(top.section("bag"), settings)
        # Between turns every rack is refilled while the bag lasts: a short one beside a bag
        # holding tiles is a save no game wrote (a hand size edited up, say).
        short = next((i for i, p in enumerate(players) if len(p.rack) < settings.hand_size), None)
        if short is not None and len(bag):
            raise BadField(f"players[{short}].rack", f"{len(players[short].rack)} tiles while the bag holds "
                           f"{len(bag)}; a rack is refilled to {settings.hand_size} while the bag lasts")
        history = [_turn_from_state(Section(entry, f"history[{i}]"), settings, len(players))
                   for i, entry in enumerate(top.items("history", MAX_SAVE_HISTORY))]
        saved_lexicon = top.section("lexicon")
        source = saved_lexicon.text("source")
        size = saved_lexicon.whole("words", 0)
        digraphs = check_digraphs(saved_lexicon.text("digraphs", "longest", DIGRAPH_MODES))
        current = top.whole("current", 0, len(players) - 1)
        streak = top.whole("scoreless_streak", 0, settings.scoreless_turn_limit)
        end_reason = top.get("end_reason")
        if end_reason is not None:
            end_reason = text(end_reason, "end_reason", (END_OUT, END_SCORELESS))
    except BadField as error:
        raise FormatError(f"{name}: {error}") from None
    if lexicon is None:
        lexicon = load_lexicon(source, backend, tiles=settings.tile_set.lexicon_encoding(digraphs))
    if len(lexicon) != size:
        raise FormatError(
            f"{name}: the game was saved with a {size}-word lexicon ({source}), "
            f"not this {len(lexicon)}-word one ({lexicon.source})"
        )
    try:
        game = Game.restore(
            players, lexicon, settings, board=board, bag=bag, history=history, current=current,
            scoreless_streak=streak, end_reason=end_reason,
        )  # which also checks that board, racks and bag add up to the tile set
        _check_history(game)
        _check_summary(game)
    except (GameError, InvalidArgumentError) as error:
        raise FormatError(f"{name}: inconsistent saved game ({error})") from None
    return game


def _check_history(game: Game) -> None:
    """Raise GameError unless the history's placements (less those withdrawn) rebuild the
    board and its scores add up to each player's score."""
    board = Board(game.settings.layout, game.settings.tile_set.alphabet)
    totals = Counter[int]()
    for turn in game.history:
        if not 0 <= turn.player < len(game.players):
            raise GameError(f"the history names seat {turn.player}")
        challenged = turn.kind in (TurnKind.WITHDRAW, TurnKind.CHALLENGE)
        if challenged and not game.settings.challenge_rule.phonies_allowed:
            raise GameError(f"a {turn.kind.value} event in a game under the void challenge rule")
        if turn.move is not None and turn.kind is TurnKind.WITHDRAW:
            for p in turn.move.placed:
                if board.get(p.row, p.col) != p.tile:
                    raise GameError("the history withdraws a tile that is not on the board")
                board.remove(p.row, p.col)
        elif turn.move is not None:
            board.place_all((p.row, p.col, p.tile) for p in turn.move.placed)
        totals[turn.player] += turn.score
    if board != game.board:
        raise GameError("the history does not rebuild the board")
    for seat, player in enumerate(game.players):
        if totals[seat] != player.score:
            raise GameError(f"{player.name}'s turns add up to {totals[seat]}, not {player.score}")


def _check_summary(game: Game) -> None:
    """Raise GameError unless the fields that summarise the history agree with it: the
    scoreless streak is the history's run of scoreless turns, and the game is over exactly
    when the history ended it (a player out of tiles with the bag empty, or as many scoreless
    turns in a row as the limit)."""
    streak = scoreless_run(game.history)
    if game.scoreless_streak != streak:
        raise GameError(f"a scoreless streak of {game.scoreless_streak}; the history ends with {streak}")
    last = game.last_turn
    went_out = last is not None and not len(game.bag) and not len(game.players[last.player].rack)
    limit = game.settings.scoreless_turn_limit
    if game.end_reason == END_OUT and not went_out:
        raise GameError(f"the game ended with a player out, but {len(game.bag)} tiles are in the bag "
                        "or the last player still has tiles")
    if game.end_reason == END_SCORELESS and streak < limit:
        raise GameError(f"the game ended after {limit} scoreless turns, but the history ends with {streak}")
    if game.end_reason is None and (went_out or streak >= limit):
        raise GameError("the history ended the game, but the save says it goes on")
    ended = bool(game.history) and game.history[-1].kind is TurnKind.END
    if ended and game.end_reason is None:
        raise GameError("the history ends with end-of-game adjustments, but the save says the game goes on")


def load_game(
    path: str | os.PathLike[str], lexicon: Lexicon | None = None, backend: str = "trie"
) -> Game:
    """Resume a game saved by :func:`save_game` (see :func:`game_from_state`).  Raises
    FormatError for an unreadable, oversized, corrupt or mismatched file.  Cost: reading and
    checking the file, and loading the lexicon when none is given."""
    require_type(path, (str, os.PathLike), "a save path")
    if lexicon is not None:
        require_type(lexicon, Lexicon, "the lexicon")
    file = Path(path)
    text = read_text_file(file, "saved game", limit=MAX_SAVE_FILE_BYTES)
    try:
        state = json.loads(text)
    except json.JSONDecodeError as error:
        raise FormatError(f"{file}: not valid JSON (line {error.lineno}: {error.msg})") from None
    except RecursionError:
        raise FormatError(f"{file}: nested deeper than a saved game ({MAX_SAVE_NESTING} levels)") from None
    except ValueError as error:  # e.g. a number of thousands of digits
        raise FormatError(f"{file}: not a saved game ({error})") from None
    try:
        return game_from_state(state, lexicon, backend, str(file))
    except FormatError:
        raise
    except WordGamesError as error:
        raise FormatError(f"{file}: {error}") from None


def saved_digraphs(path: str | os.PathLike[str]) -> Digraphs:
    """How the word list of the game saved at ``path`` was read (``--digraphs``; ``longest``
    for saves that do not say), so that a resumed game saves it again.  Call it once
    :func:`load_game` has accepted the file.  Cost: reading the file again."""
    text = read_text_file(Path(path), "saved game", limit=MAX_SAVE_FILE_BYTES)
    try:
        state = json.loads(text)
    except ValueError as error:  # the file changed since load_game read it
        raise FormatError(f"{shown_path(path)}: not a saved game ({error})") from None
    lexicon = state.get("lexicon") if isinstance(state, dict) else None
    return check_digraphs(lexicon.get("digraphs", "longest") if isinstance(lexicon, dict) else "longest")
