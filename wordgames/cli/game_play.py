"""``wordgames scrabble play --rules classic``: a full game in the terminal.

Humans type their turns at a prompt; computer players move on their own.  The board shows
premium squares (coloured only when stdout is a terminal), then the scores, the last move and
the rack of the player to move.  Commands (any case):

* ``8H WORD`` / ``H8 WORD`` — a move in standard notation (row first: across; board letters
  written out or as ``.``; a blank as a lower-case letter), or ``PLACE - ROW COL TILES`` /
  ``PLACE | ROW COL TILES`` in the USC notation (``?x`` plays a blank as x);
* ``exchange TILES``, ``pass``, ``hint [N]`` (the N best moves, default 5),
  ``save [FILE]``, ``board``, ``help``, ``quit``;
* ``challenge`` — under a challenge rule other than ``void`` (``--challenge``), challenge the
  play just made, before your own turn.  A computer decides for itself whether to challenge
  a person's play (it challenges phonies).

Input may be a script: when stdin is not a terminal each command is echoed after its prompt,
and the end of input quits cleanly (saving first when a save file is set).  A bad command gets
a one-line ``!`` message and the prompt again.  With ``--save FILE`` the game is saved
atomically after every turn.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from typing import Any, TextIO

from wordgames.atomic import check_writable
from wordgames.cli.common import lexicon_from_args, tile_set_from_args
from wordgames.cli.leaves_cmd import leaves_from_args, uses_equity
from wordgames.errors import InvalidArgumentError, WordGamesError
from wordgames.lexicon import load_lexicon
from wordgames.lexicon.tiles import Digraphs
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.layout import layout_by_name, read_layout, standard_layout
from wordgames.scrabble.core.notation import column_name, format_standard_move
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, TileSet, read_tile_set
from wordgames.scrabble.formats.config import GameConfig, read_config
from wordgames.scrabble.formats.save_read import load_game, saved_digraphs
from wordgames.scrabble.formats.saves import save_game
from wordgames.scrabble.game.challenge import DEFAULT_CHALLENGE_RULE, ChallengeResult
from wordgames.scrabble.game.decision import DEFAULT_ENDGAME_TIME
from wordgames.scrabble.game.players import parse_players
from wordgames.scrabble.game.state import END_OUT, Game, GameSettings
from wordgames.scrabble.game.turn import Turn, TurnKind
from wordgames.scrabble.strategy.levels import level_strategy

DEFAULT_PLAYERS = "Player,cpu:Computer"
_COMMANDS = ("quit", "exit", "help", "board", "hint", "save", "pass", "exchange", "challenge")
DEFAULT_HINTS = 5

# Premium squares: (symbol when empty, ANSI background colour).
_PREMIUMS = {
    ".": (".", ""),
    "2": ("'", "46"),
    "3": ('"', "44"),
    "4": ("^", "44"),
    "d": ("-", "45"),
    "t": ("=", "41"),
    "q": ("#", "41"),
}
_TILE_COLOUR = "30;43;1"
LEGEND = "= triple word  - double word  \" triple letter  ' double letter  * start"

HELP = """Commands:
  8H WORD            place WORD from row 8, column H, across (H8 WORD: down); '.' or the
                     letter for tiles already on the board, lower case for a blank
  PLACE - 8 8 TILES  USC notation: '-' across or '|' down, row and column from 1, only the
                     tiles you place, ?x for a blank played as x
  exchange TILES     swap these tiles with the bag ('?' for a blank)
  pass               pass your turn
  challenge          challenge the play just made (under --challenge single, double, 5, 10)
  hint [N]           show the N best moves (default 5)
  save [FILE]        save the game (default: the --save file)
  board              show the board again
  quit               leave the game (it is saved first when a save file is set)"""


# --- drawing --------------------------------------------------------------------------------------


def render_board(board: Board, colour: bool = False, tile_set: TileSet | None = None) -> str:
    """The board with row numbers and column letters; empty premium squares show their
    symbol (see LEGEND), the empty start square ``*``; tiles show their letter (lower case
    for a blank), as ``tile_set``'s alphabet writes them (``L·L``: every column is then as
    wide as the widest tile, so rows stay aligned).  With ``colour``, ANSI colours mark
    premiums and tiles."""
    layout = board.layout
    widest = 1
    if tile_set is not None and not tile_set.is_plain_english:
        widest = tile_set.widest_tile
    width = max(len(column_name(board.cols - 1)), widest)  # two letters a column beyond Z
    lines = ["    " + " ".join(f"{column_name(col):>{width}}" for col in range(board.cols))]
    for row in range(board.rows):
        cells = []
        for col in range(board.cols):
            tile = board.get(row, col)
            if tile is not None:
                cells.append(f"\x1b[{_TILE_COLOUR}m{tile:>{width}}\x1b[0m" if colour else f"{tile:>{width}}")
                continue
            symbol, shade = _PREMIUMS.get(layout.premium(row, col), ("?", ""))
            if (row, col) == layout.start:
                symbol = "*"
            symbol = f"{symbol:>{width}}"
            cells.append(f"\x1b[{shade}m{symbol}\x1b[0m" if colour and shade else symbol)
        lines.append(f"{row + 1:>3} " + " ".join(cells))
    return "\n".join(lines)


def describe_turn(game: Game, turn: Turn, reveal: bool) -> str:
    """One sentence about a turn; ``reveal`` shows exchanged and drawn tiles."""
    name = game.players[turn.player].name
    tiles = game.settings.tile_set
    show = tiles.show
    if turn.kind is TurnKind.PLACE and turn.move is not None:
        move = turn.move
        bingo = " (bingo!)" if turn.is_bingo(game.settings.hand_size) else ""
        words = ", ".join(map(show, move.words)) if move.words else show(move.word.upper())
        text = f"{name} played {format_standard_move(move, tile_set=tiles)} for {turn.score}{bingo}: {words}."
        return text + (f" Drew {show(turn.drawn) or 'nothing'}." if reveal else "")
    if turn.kind is TurnKind.EXCHANGE:
        if reveal:
            return f"{name} exchanged {show(turn.tiles)} and drew {show(turn.drawn)}."
        return f"{name} exchanged {len(turn.tiles)} tile{'s' if len(turn.tiles) != 1 else ''}."
    if turn.kind is TurnKind.PASS:
        return f"{name} passed."
    if turn.kind is TurnKind.WITHDRAW and turn.move is not None:
        move_text = format_standard_move(turn.move, tile_set=tiles)
        return f"{name}'s {move_text} was challenged off ({turn.score} points)."
    if turn.kind is TurnKind.CHALLENGE:
        return f"{name}'s play stood a challenge (+{turn.score})."
    if turn.score >= 0:
        return f"{name} gains {turn.score} for the tiles left on the other racks ({show(turn.tiles)})."
    return f"{name} loses {-turn.score} for {show(turn.tiles)} left on the rack."


def describe_challenge(game: Game, result: ChallengeResult) -> str:
    """What a challenge decided, in a sentence or two."""
    challenger = game.players[result.challenger].name
    owner = game.players[result.challenged].name
    outcome = result.outcome
    if outcome.upheld:
        words = ", ".join(outcome.phonies)
        verb = "is" if len(outcome.phonies) == 1 else "are"
        points = -result.turns[0].score
        return (f"{challenger} challenges: {words} {verb} not in the lexicon. "
                f"{owner}'s play comes off ({points} points) and the turn is lost.")
    text = f"{challenger} challenges {owner}'s play: every word is good."
    if outcome.bonus:
        text += f" {owner} gains {outcome.bonus} points."
    if outcome.challenger_loses_turn:
        text += f" {challenger} loses the turn."
    return text


def scores_line(game: Game) -> str:
    """Every player's name and score."""
    return "  ".join(f"{player.name} {player.score}" for player in game.players)


def scoreboard(game: Game) -> str:
    """The scores and the bag size on one line."""
    return f"Scores: {scores_line(game)}  |  bag: {len(game.bag)} tiles"


# --- the session ----------------------------------------------------------------------------------


def _lower_case_hint(words: list[str]) -> str:
    """A reminder for ``8h cat``: in standard notation lower case means blanks."""
    if len(words) == 2 and words[1].isalpha() and words[1].islower():
        return f" (lower-case letters are blanks: write {words[1].upper()} for ordinary tiles)"
    return ""


class PlaySession:
    """A game driven by text commands from ``source``, with output to ``sink``."""

    QUIT = "quit"

    def __init__(
        self,
        game: Game,
        source: TextIO,
        sink: TextIO,
        *,
        colour: bool = False,
        echo: bool = False,
        save_path: str | None = None,
        digraphs: Digraphs = "longest",
    ) -> None:
        self.game = game
        self.digraphs = digraphs  # how the word list was read: saves record it
        self.source = source
        self.sink = sink
        self.colour = colour
        self.echo = echo
        self.save_path = save_path

    def say(self, text: str = "") -> None:
        """Print a line of output."""
        print(text, file=self.sink)

    def run(self) -> int:
        """Play until the game ends, the user quits, or input ends; returns exit code 0.
        FileWriteError when the last save fails."""
        game = self.game
        names = " vs ".join(player.name for player in game.players)
        rule = game.settings.challenge
        played = "" if rule == DEFAULT_CHALLENGE_RULE else f", challenge rule {rule}"
        self.say(f"Scrabble ({game.rules.name} rules{played}): {names}. Type 'help' for commands.")
        while not game.is_over or game.challenger is not None:
            result = game.computer_challenge()
            if result is not None:
                self.say(describe_challenge(game, result))
                self.autosave()
                continue
            if game.is_over:
                seat = game.challenger
                if seat is None or game.players[seat].is_computer or not self.last_challenge(seat):
                    break
                continue
            if game.current_player.is_computer:
                turn = game.play_computer_turn()
                self.say(describe_turn(game, turn, reveal=False))
                self.autosave()
                continue
            self.show_position()
            if self.human_turn() == self.QUIT:
                self.autosave(announce=True, final=True)
                return 0
        self.show_end()
        self.autosave(announce=True, final=True)
        return 0

    def last_challenge(self, seat: int) -> bool:
        """Offer ``seat`` (a person) a challenge of the play that ended the game; whether they
        challenged."""
        game = self.game
        self.say(f"The game ends with {game.players[game.current].name}'s play unless "
                 f"{game.players[seat].name} challenges it.")
        line = self.ask(f"{game.players[seat].name} (challenge / accept)> ")
        if line is None or line.strip().lower() != "challenge":
            return False
        result = game.challenge()
        self.say(describe_challenge(game, result))
        self.autosave()
        return True

    def human_turn(self) -> str | None:
        """Read commands until the current human has played a turn; QUIT when they quit or
        input ends."""
        player = self.game.current_player
        while True:
            line = self.ask(f"{player.name}> ")
            if line is None:
                self.say("End of input: leaving the game.")
                return self.QUIT
            outcome = self.handle(line)
            if outcome is not None:
                return outcome if outcome == self.QUIT else None

    def ask(self, prompt: str) -> str | None:
        """Prompt and read one line; None at the end of input."""
        self.sink.write(prompt)
        self.sink.flush()
        line = self.source.readline()
        if not line:
            self.say()
            return None
        if self.echo:
            self.sink.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def handle(self, line: str) -> str | None:
        """Carry out one command.  Returns QUIT, "turn" once a turn was played, or None
        when the same player is to type again."""
        words = line.split()
        if not words:
            return None
        command = words[0].lower()
        game = self.game
        try:
            if command in ("quit", "exit"):
                return self.QUIT
            if command == "help":
                self.say(HELP)
                return None
            if command == "board":
                self.show_position()
                return None
            if command == "hint":
                self.show_hints(words[1:])
                return None
            if command == "save":
                self.save(words[1] if len(words) > 1 else None)
                return None
            if command == "challenge":
                if len(words) > 1:
                    raise InvalidArgumentError("'challenge' takes no arguments")
                seat = game.current
                result = game.challenge()
                self.say(describe_challenge(game, result))
                self.autosave()
                if game.is_over or game.current != seat:
                    return "turn"
                self.show_position()  # the board may have changed; the same player goes on
                return None
            if command == "pass":
                if len(words) > 1:
                    raise InvalidArgumentError("'pass' takes no arguments")
                turn = game.pass_turn()
            elif command == "exchange":
                if len(words) != 2:
                    raise InvalidArgumentError("write the tiles to exchange, e.g. 'exchange QV?'")
                turn = game.exchange(game.settings.tile_set.parse_rack(words[1]).tiles())
            elif len(words) == 1 and not command.startswith("place"):
                raise InvalidArgumentError(f"unknown command {words[0]!r} (type 'help')")
            else:
                turn = game.place(line)
        except WordGamesError as error:
            hint = "" if command in _COMMANDS else _lower_case_hint(words)
            self.say(f"! {error}{hint}")
            return None
        self.say(describe_turn(game, turn, reveal=True))
        self.autosave()
        return "turn"

    def show_position(self) -> None:
        """The board, scores, last move and the current player's rack."""
        game = self.game
        self.say()
        self.say(render_board(game.board, self.colour, game.settings.tile_set))
        self.say(LEGEND)
        self.say(scoreboard(game))
        last = game.last_turn
        if last is not None:
            self.say("Last: " + describe_turn(game, last, reveal=False))
        player = game.current_player
        tile_set = game.settings.tile_set
        tiles = player.rack.tiles()
        values = " ".join(f"{tile_set.show(tile)}{tile_set.value(tile)}" for tile in tiles)
        self.say(f"{player.name}'s rack: {' '.join(map(tile_set.show, tiles))}   ({values})")

    def show_hints(self, arguments: list[str]) -> None:
        """The N best moves for the current player."""
        if len(arguments) > 1 or (arguments and not re.fullmatch("[0-9]{1,4}", arguments[0])):
            raise InvalidArgumentError("write 'hint' or 'hint N' (N from 1 to 9999)")
        count = int(arguments[0]) if arguments else DEFAULT_HINTS
        if count < 1:
            raise InvalidArgumentError("ask for at least one hint")
        moves = self.game.legal_moves(count)
        if not moves:
            exchange = "exchange or pass" if self.game.can_exchange else "pass"
            self.say(f"No legal move: {exchange}.")
            return
        for rank, move in enumerate(moves, 1):
            shown = format_standard_move(move, tile_set=self.game.settings.tile_set)
            self.say(f"{rank:>3}. {shown:<22} {move.score:>4}")

    def save(self, path: str | None) -> None:
        """Save to ``path`` (default: the session's save file).  A failure raises
        FileWriteError naming the file, which the prompt reports as one ``!`` line; the game
        goes on."""
        target = path or self.save_path
        if target is None:
            raise InvalidArgumentError("no save file: write 'save FILE' or start with --save FILE")
        save_game(self.game, target, self.digraphs)
        self.say(f"Saved to {target}.")

    def autosave(self, announce: bool = False, final: bool = False) -> None:
        """Save to the session's save file, if any; a failure is reported and the game goes
        on, except the ``final`` save's, which raises (the command then exits 2)."""
        if self.save_path is None:
            return
        try:
            save_game(self.game, self.save_path, self.digraphs)
        except WordGamesError as error:
            self.say(f"! could not save: {error}")
            if final:
                raise
            return
        if announce:
            self.say(f"Game saved to {self.save_path}.")

    def show_end(self) -> None:
        """The final position, the end-of-game adjustments, scores and winner(s)."""
        game = self.game
        self.say()
        self.say(render_board(game.board, self.colour, game.settings.tile_set))
        last_player = game.last_turn
        if game.end_reason == END_OUT and last_player is not None:
            self.say(f"Game over: {game.players[last_player.player].name} went out.")
        else:
            limit = game.settings.scoreless_turn_limit
            self.say(f"Game over: {limit} scoreless turns in a row.")
        for turn in game.history:
            if turn.kind is TurnKind.END:
                self.say("  " + describe_turn(game, turn, reveal=True))
        self.say(f"Final scores: {scores_line(game)}")
        winners = game.winners()
        if len(winners) == 1:
            self.say(f"Winner: {winners[0].name}")
        else:
            self.say("Tie: " + ", ".join(player.name for player in winners))


# --- building the game from the command line ------------------------------------------------------


def settings_from_args(args: argparse.Namespace, config: GameConfig) -> GameSettings:
    """Game settings from the flags, falling back on the config file, then the defaults."""
    if args.letter_values:
        tile_set = tile_set_from_args(args)
    elif config.tile_bag is not None:
        tile_set = read_tile_set(config.tile_bag)
    else:
        tile_set = STANDARD_ENGLISH
    if args.layout:
        layout = layout_by_name(args.layout)
    elif config.board is not None:
        layout = read_layout(config.board)
    else:
        layout = standard_layout()
    return GameSettings(
        tile_set=tile_set,
        layout=layout,
        hand_size=args.hand_size or config.hand_size or 7,
        rules=args.rules,
        exchange_minimum=config.exchange_minimum,
        scoreless_turn_limit=config.scoreless_turns or 6,
        seed=args.seed if args.seed is not None else config.seed,
        minimum_word_length=args.min_word_length or config.minimum_word_length or 2,
        end_rule=args.end_rule or "usc",
        challenge=args.challenge or config.challenge or DEFAULT_CHALLENGE_RULE,
        **search_budgets(args),
    )


def search_budgets(args: argparse.Namespace) -> dict[str, Any]:
    """The computer players' search budgets the command line gives (``--endgame-time``,
    ``--move-time``, ``--workers``), as GameSettings fields: options of this run, which a
    resumed game takes too (a save does not keep them)."""
    return {"endgame_time": getattr(args, "endgame_time", None) or DEFAULT_ENDGAME_TIME,
            "move_time": getattr(args, "move_time", None),
            "search_workers": getattr(args, "workers", None) or 1}


def build_game(args: argparse.Namespace) -> tuple[Game, str | None]:
    """The game to play (new, or resumed with ``--resume``) and the file to save it to."""
    for option in ("size", "deal_order", "random"):
        if getattr(args, option, None) is not None:
            flag = "--" + option.replace("_", "-")
            raise InvalidArgumentError(f"{flag} belongs to the simple rules; use --layout for the board")
    if args.resume:
        game = load_game(args.resume, backend=args.backend)
        game.settings = replace(game.settings, **search_budgets(args))
        return game, args.save or args.resume
    config = read_config(args.config) if args.config else GameConfig()
    settings = settings_from_args(args, config)
    # An explicit --lexicon wins over the config file's dictionary, which wins over the default.
    if args.lexicon is None and config.dictionary is not None:
        lexicon = load_lexicon(config.dictionary, args.backend, tiles=settings.tile_set.lexicon_encoding())
    else:
        lexicon = lexicon_from_args(args, None, settings.tile_set)
    strategy = getattr(args, "strategy", None) or "greedy"
    if getattr(args, "level", None):
        strategy = level_strategy(args.level)
    players = parse_players(args.players or DEFAULT_PLAYERS, strategy)
    return Game(players, lexicon, settings), args.save


def run_classic_play(args: argparse.Namespace) -> int:
    """Play a classic game on stdin/stdout with the options of ``scrabble play``."""
    game, save_path = build_game(args)
    leaves_from_args(args, game.lexicon, uses_equity([p.strategy or "" for p in game.players]),
                     game.settings.tile_set)
    if save_path is not None:
        check_writable(save_path)  # a folder, a device, no such folder, no right: refuse before playing
    session = PlaySession(
        game, sys.stdin, sys.stdout, colour=sys.stdout.isatty(), echo=not sys.stdin.isatty(),
        save_path=save_path,
        digraphs=saved_digraphs(args.resume) if args.resume else getattr(args, "digraphs", "longest"),
    )
    return session.run()
