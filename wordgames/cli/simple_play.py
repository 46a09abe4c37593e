"""``wordgames scrabble play --rules simple``: the FIT1045 single-player game in a terminal.

The prompts, the board drawing, the tile display and the messages are the assignment's own
(../shared/specs/fit1045-scrabble-assignment.txt), so its sample sessions replay line for line
when stdin is a script.  After every accepted move the game reports the highest score that
turn allowed and the first best move in (row, column, H before V, word) order.  ``***`` as
the word quits; so does the end of input.

Messages for a rejected move follow the samples: a malformed or off-board location, a word
that does not fit, or a first move off the start square gives ``Invalid Move!!!``; a word not
in the dictionary gives ``This word doesn't exist in the dictionary!``; every other broken rule
gives ``Invalid Move!``.  Rack tiles are spent before blanks: a letter the rack lacks is
played with a blank (``?``, worth 0) when there is one.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable

from wordgames.cli.common import lexicon_from_args, tile_set_from_args
from wordgames.errors import InvalidArgumentError, NotationError
from wordgames.lexicon import Lexicon
from wordgames.scrabble import BLANK, Bag, Board, Direction, Move, Rack, TileSet, plain_layout
from wordgames.scrabble.core.notation import format_fit1045, parse_fit1045
from wordgames.scrabble.core.tiles import is_tile_letter
from wordgames.scrabble.rules.simple import NOT_A_WORD, NOT_AT_START, OUT_OF_BOUNDS, SimpleRules

MIN_SIZE, MAX_SIZE = 5, 15
QUIT = "***"

RANDOM_PROMPT = "Do you want to use random tiles (enter Y or N): "
SIZE_PROMPT = f"Enter board size (a number between {MIN_SIZE} to {MAX_SIZE}): "
WORD_PROMPT = "Enter your word: "
LOCATION_PROMPT = "Enter the location in row:col:direction format: "
BAD_LOCATION = "Invalid Move!!!"
BAD_MOVE = "Invalid Move!"
NOT_IN_DICTIONARY = "This word doesn't exist in the dictionary!"
BEST_MOVE_PRAISE = "Your move was the best move. Well done!"

# Options of `scrabble play` that only the classic game understands.
_CLASSIC_ONLY = ("players", "config", "save", "resume", "layout", "min_word_length", "end_rule",
                 "challenge")


def draw_board(board: Board) -> str:
    """The board as the assignment's ``printBoard`` draws it: a header of column numbers,
    then each row between ``--|---|`` rules (blanks show in lower case)."""
    rule = "--|" + "---|" * board.cols
    lines = ["Board:", "  |" + "".join(f"{col:>2} |" for col in range(board.cols)), rule]
    for row in range(board.rows):
        squares = "".join(f" {board.get(row, col) or ' '} |" for col in range(board.cols))
        lines.extend((f"{row:<2}|{squares}", rule))
    return "\n".join(lines)


def draw_tiles(hand: list[str], tile_set: TileSet) -> str:
    """The ``Tiles :`` and ``Scores:`` lines for the hand, in hand order."""
    return "Tiles : " + " ".join(hand) + "\nScores: " + " ".join(
        str(tile_set.value(tile)) for tile in hand
    )


class SimpleGame:
    """One FIT1045 game: the board, the hand (in deal order), the bag and the total score.

    ``ask(prompt)`` returns the user's line or None at the end of input; ``say(text)`` shows
    a line.  Both default to the terminal.
    """

    def __init__(
        self,
        rules: SimpleRules,
        lexicon: Lexicon,
        bag: Bag,
        size: int,
        ask: Callable[[str], str | None],
        say: Callable[[str], None],
    ) -> None:
        self.rules = rules
        self.lexicon = lexicon
        self.bag = bag
        self.board = Board(plain_layout(size), rules.tile_set.alphabet)
        self.hand: list[str] = bag.draw(rules.hand_size)
        self.total = 0
        self.ask = ask
        self.say = say

    def play(self) -> None:
        """Run turns until ``***``, the end of input, or no move being possible."""
        self.say("")
        self.say(draw_board(self.board))
        while True:
            self.say("")
            self.say(draw_tiles(self.hand, self.rules.tile_set))
            if not self.hand:
                self.say("No tiles left. Game over!")
                return
            rack = Rack(self.hand, self.rules.tile_set.alphabet)
            best = self.rules.optimal_moves(self.board, rack, self.lexicon)
            if not best:
                self.say("No valid move can be made with these tiles. Game over!")
                return
            move = self._read_move()
            if move is None:
                return
            self._report(move, best[0])

    def _read_move(self) -> Move | None:
        """Ask for a word and a location until they make a legal move; None to stop."""
        while True:
            self.say("")
            word = self.ask(WORD_PROMPT)
            if word is None or word.strip() == QUIT:
                return None
            location = self.ask(LOCATION_PROMPT)
            if location is None:
                return None
            move, problems = self.judge(word, location)
            if move is not None:
                return move
            for line in problems:
                self.say(line)

    def judge(self, word_text: str, location_text: str) -> tuple[Move | None, list[str]]:
        """The legal move the user typed, or None and the lines that say why not."""
        raw = word_text.strip()
        alphabet = self.board.alphabet
        letters_only = bool(raw) and all(
            is_tile_letter(char) and char.upper() in alphabet.tiles for char in raw
        )
        word = raw.upper() if letters_only else raw  # upper-casing ß would lengthen the word
        try:
            row, col, direction = parse_fit1045(location_text)
        except NotationError:
            return None, [BAD_LOCATION]
        if location_text.strip()[-1].upper() not in "HV" or not self.board.in_bounds(row, col):
            return None, [BAD_LOCATION]
        start_row, start_col = self.board.layout.start
        if self.board.is_empty() and (row, col) != (start_row, start_col):
            centre = f"{start_row}:{start_col}"
            return None, [f"The location in the first move must be {centre}:H or {centre}:V", BAD_LOCATION]
        d_row, d_col = direction.step
        length = max(len(word), 1)
        if not self.board.in_bounds(row + d_row * (length - 1), col + d_col * (length - 1)):
            return None, [BAD_LOCATION]
        if not letters_only:
            return None, [BAD_MOVE]
        move = Move.from_word(self.board, row, col, direction, self._with_blanks(row, col, direction, word))
        rack = Rack(self.hand, self.rules.tile_set.alphabet)
        verdict = self.rules.check(self.board, move, self.lexicon, rack)
        if verdict.valid:
            return move.with_score(verdict.score, verdict.words), []
        if verdict.code in (OUT_OF_BOUNDS, NOT_AT_START):
            return None, [BAD_LOCATION]
        return None, [NOT_IN_DICTIONARY if verdict.code == NOT_A_WORD else BAD_MOVE]

    def _with_blanks(self, row: int, col: int, direction: Direction, word: str) -> str:
        """``word`` with the letters the hand lacks written in lower case (played by blanks),
        rack letters spent first in reading order; board squares keep their letters."""
        available = Counter(self.hand)
        d_row, d_col = direction.step
        letters = []
        for i, letter in enumerate(word):
            if self.board.get(row + d_row * i, col + d_col * i) is not None:
                pass
            elif available[letter]:
                available[letter] -= 1
            elif available[BLANK]:
                available[BLANK] -= 1
                letter = letter.lower()
            letters.append(letter)
        return "".join(letters)

    def _report(self, move: Move, best: Move) -> None:
        """Play ``move``, then show the feedback lines, the board and the refilled hand."""
        if move.score == best.score:
            self.say(BEST_MOVE_PRAISE)
        where = format_fit1045(best.row, best.col, best.direction)
        self.say(f"Maximum possible score in this move was {best.score} with word {best.word} at {where}")
        self.board.place_all((p.row, p.col, p.tile) for p in move.placed)
        for placement in move.placed:
            self.hand.remove(placement.rack_tile)
        self.hand.extend(self.bag.draw(self.rules.hand_size - len(self.hand)))
        self.total += move.score
        self.say(f"Your score in this move: {move.score}")
        self.say(f"Your total score is: {self.total}")
        self.say("")
        self.say(draw_board(self.board))


def _terminal_ask(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        print()
        return None


def _ask_random(ask: Callable[[str], str | None]) -> bool | None:
    """Ask the assignment's Y/N question until answered; None at the end of input."""
    while True:
        answer = ask(RANDOM_PROMPT)
        if answer is None:
            return None
        if answer.strip().upper() in ("Y", "N"):
            return answer.strip().upper() == "Y"


def _ask_size(ask: Callable[[str], str | None]) -> int | None:
    """Ask for the board size until it is a whole number in range; None at the end of input."""
    while True:
        answer = ask(SIZE_PROMPT)
        if answer is None:
            return None
        try:
            size = int(answer.strip())
        except ValueError:
            continue
        if MIN_SIZE <= size <= MAX_SIZE:
            return size


def make_bag(args: argparse.Namespace, tile_set: TileSet, random_tiles: bool) -> Bag:
    """The bag for the game: the ``--deal-order`` file's tiles dealt in file order, or drawn
    at random with ``--seed``; without a deal file, the tile set's full bag drawn at random
    (a fixed deal then means the order that seed 0, or ``--seed``, gives every time)."""
    if args.deal_order:
        fixed = Bag.from_deal_file(args.deal_order, tile_set.alphabet)
        bag = Bag(fixed.tiles, args.seed, alphabet=tile_set.alphabet) if random_tiles else fixed
    elif not tile_set.counts:
        raise InvalidArgumentError(
            "these letter values come without tile counts: give --deal-order FILE (one tile a line)"
        )
    else:
        seed = args.seed if random_tiles or args.seed is not None else 0
        bag = Bag.full(tile_set, seed)
    for tile in set(bag.tiles):
        tile_set.value(tile)  # every tile must have a value before the game starts
    return bag


def run_simple_play(args: argparse.Namespace) -> int:
    """Play the FIT1045 game on stdin/stdout with the options of ``scrabble play``."""
    for option in _CLASSIC_ONLY:
        if getattr(args, option, None) is not None:
            flag = "--" + option.replace("_", "-")
            raise InvalidArgumentError(f"{flag} is not available with --rules simple")
    if args.size is not None and not MIN_SIZE <= args.size <= MAX_SIZE:
        raise InvalidArgumentError(f"--size must be between {MIN_SIZE} and {MAX_SIZE}, not {args.size}")
    tile_set = tile_set_from_args(args)
    if not tile_set.alphabet.is_single_character:
        # The assignment's board has three columns a square and its words are typed letter by
        # letter: no room for L·L or [CH].
        raise InvalidArgumentError("the simple rules take one-character tiles; play a language with "
                                   "multi-character tiles with --rules classic")
    rules = SimpleRules(tile_set=tile_set, hand_size=args.hand_size or 7)
    lexicon = lexicon_from_args(args, None, tile_set)
    if args.deal_order:
        Bag.from_deal_file(args.deal_order)  # report a bad deal file before any question
    random_tiles = args.random if args.random is not None else _ask_random(_terminal_ask)
    if random_tiles is None:
        return 0
    size = args.size if args.size is not None else _ask_size(_terminal_ask)
    if size is None:
        return 0
    bag = make_bag(args, tile_set, random_tiles)
    SimpleGame(rules, lexicon, bag, size, _terminal_ask, print).play()
    return 0
