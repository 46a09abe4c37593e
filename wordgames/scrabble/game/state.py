"""A full game: players taking turns on one board with one bag, until the game ends.

    game = Game(["Ann", Player("Robo", "greedy")], load_lexicon("enable"), GameSettings(seed=1))
    game.place("H6 ADZ")            # Ann (rack ADDGORZ) scores 26; then Robo moves:
    game.play_computer_turn()       # 7A COLOURED, a 63-point bingo

Turns (each raises :class:`~wordgames.errors.GameError` once the game is over):

* :meth:`Game.place` — a move judged by the rule set against the player's rack; an illegal
  one raises :class:`~wordgames.errors.IllegalMoveError` with the rule set's reason and
  changes nothing.  The player then draws back up to the hand size.
* :meth:`Game.exchange` — the tiles go back into the bag, then as many are drawn (the USC
  order: a player may draw the same tiles back).  Allowed only while the bag holds at least
  ``exchange_minimum`` tiles (default: the hand size).
* :meth:`Game.pass_turn`.
* :meth:`Game.play_computer_turn` — the seat's strategy chooses one of the above.

Under a challenge rule other than ``void`` (``GameSettings.challenge``) a person may play a
phony; the next player may then call ``Game.challenge`` before their own turn
(``Game.computer_challenge`` lets a computer decide).  A game takes these turns from its base
class :class:`~wordgames.scrabble.game.challenge_play.ChallengePlay` (see
:mod:`~wordgames.scrabble.game.challenge_play`).

The game ends when the bag is empty and a player's rack is empty, or after
``scoreless_turn_limit`` consecutive scoreless turns (passes, exchanges, zero-point plays).
Then the racks count as ``end_rule`` says (see :data:`~wordgames.scrabble.scoring.END_RULES`):
by default, following the USC rules, every player loses the value of the tiles left on the
rack, and a player who went out gains the sum of everybody else's rack values; under the
``tournament`` rule the player who went out gains twice that and nobody loses anything.  Each
adjustment is recorded as an ``END`` turn in the history.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from wordgames.errors import GameError, IllegalMoveError, InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_PLAYERS
from wordgames.scrabble.core.bag import Bag
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.notation import parse_move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.scoring import end_of_game_adjustments, rack_value
from wordgames.scrabble.core.tiles import rack_tile
from wordgames.scrabble.game.challenge import judge_placement
from wordgames.scrabble.game.challenge_play import ChallengePlay
from wordgames.scrabble.game.decision import Decision, Situation, Strategy, get_strategy, strategy_names
from wordgames.scrabble.game.players import Player, check_names

# GameSettings lives in its own module; it is re-exported here, where callers have always found it.
from wordgames.scrabble.game.settings import GameSettings as GameSettings
from wordgames.scrabble.game.turn import Turn, TurnKind
from wordgames.scrabble.rules.base import RuleSet

END_OUT = "out"
END_SCORELESS = "scoreless"


class Game(ChallengePlay):
    """A game in progress (or over): board, bag, players, whose turn, history."""

    def __init__(
        self,
        players: Sequence[Player | str],
        lexicon: Lexicon,
        settings: GameSettings | None = None,
        *,
        rules: RuleSet | None = None,
    ) -> None:
        """A new game: a full bag shuffled with ``settings.seed`` and racks dealt in seat
        order.  Plain strings are human players; of a Player only the name and strategy are
        used (every seat starts with a fresh rack and no points).  Raises
        InvalidArgumentError for no players, repeated names, or a bag too small to deal
        every rack; InvalidArgumentTypeError for arguments of the wrong type."""
        settings = settings if settings is not None else GameSettings()
        require_type(settings, GameSettings, "settings")
        require_type(players, (list, tuple), "players")
        for seat in players:
            require_type(seat, (Player, str), "a player")
        if len(players) > MAX_PLAYERS:
            raise InvalidArgumentError(f"a game has at most {MAX_PLAYERS} players, not {len(players)}")
        alphabet = settings.tile_set.alphabet
        seats = [Player(p, None, Rack((), alphabet)) if isinstance(p, str)
                 else Player(p.name, p.strategy, Rack((), alphabet)) for p in players]
        if not seats:
            raise InvalidArgumentError("a game needs at least one player")
        bag = Bag.full(settings.tile_set, settings.seed)
        if len(bag) < len(seats) * settings.hand_size:
            raise InvalidArgumentError(
                f"a bag of {len(bag)} tiles cannot deal {len(seats)} racks of {settings.hand_size}"
            )
        for seat in seats:
            seat.rack.add_numbers(bag.draw_numbers(settings.hand_size))
        self._assemble(seats, lexicon, settings, rules, Board(settings.layout, alphabet), bag)

    @classmethod
    def restore(
        cls,
        players: Sequence[Player],
        lexicon: Lexicon,
        settings: GameSettings,
        *,
        board: Board,
        bag: Bag,
        history: Iterable[Turn] = (),
        current: int = 0,
        scoreless_streak: int = 0,
        end_reason: str | None = None,
        rules: RuleSet | None = None,
    ) -> Game:
        """A game rebuilt from its parts (players with their racks and scores) as a saved
        game stores them; nothing is dealt.  Raises InvalidArgumentError for an impossible
        combination: no players, a seat index out of range, an unknown end reason, a tile
        outside the tile set on the board, a rack or in the bag, or (when the tile set counts
        its tiles) a board, racks and bag that together are not exactly the full bag (a
        played blank counts as a blank; the message names each tile over or under).
        Cost: one pass over the board, the racks and the bag."""
        require_type(settings, GameSettings, "settings")
        require_type(players, (list, tuple), "players")
        for seat in players:
            require_type(seat, Player, "a player")
        require_type(board, Board, "board")
        require_type(bag, Bag, "bag")
        require_int(current, "current")
        require_int(scoreless_streak, "scoreless_streak", 0)
        if not players:
            raise InvalidArgumentError("a game needs at least one player")
        if not 0 <= current < len(players):
            raise InvalidArgumentError(f"seat {current} does not exist")
        if end_reason not in (None, END_OUT, END_SCORELESS):
            raise InvalidArgumentError(f"unknown end of game {end_reason!r}")
        game = cls.__new__(cls)
        game._assemble(list(players), lexicon, settings, rules, board, bag)
        settings.tile_set.check_tiles((tile for _, _, tile in board.tiles()), "the board")
        settings.tile_set.check_tiles(bag.tiles, "the bag")
        mismatch = game._tile_mismatch()
        if mismatch is not None:
            raise InvalidArgumentError(mismatch)
        game.history = list(history)
        game.current = current
        game.scoreless_streak = scoreless_streak
        game.end_reason = end_reason
        return game

    def _assemble(
        self,
        players: list[Player],
        lexicon: Lexicon,
        settings: GameSettings,
        rules: RuleSet | None,
        board: Board,
        bag: Bag,
    ) -> None:
        require_type(lexicon, Lexicon, "lexicon")
        if rules is not None:
            require_type(rules, RuleSet, "rules")
            # the positions a game hands its players are checked against the settings
            # (see situation()), so the rules must judge the same tiles and racks
            if rules.tile_set != settings.tile_set or rules.hand_size != settings.hand_size:
                raise InvalidArgumentError("rules: its tile set or hand size differs from the settings'")
        check_names([player.name for player in players])
        for player in players:
            if len(player.rack) > settings.hand_size:
                raise InvalidArgumentError(
                    f"player {player.name!r}: the rack {player.rack} holds more than "
                    f"{settings.hand_size} tiles"
                )
            settings.tile_set.check_tiles(player.rack.tiles(), f"player {player.name!r}'s rack")
            if player.strategy is not None and player.strategy not in strategy_names():
                raise InvalidArgumentError(
                    f"player {player.name!r}: unknown strategy {player.strategy!r} "
                    f"(choose from {', '.join(strategy_names())})"
                )
        if (board.rows, board.cols) != (settings.layout.rows, settings.layout.cols):
            raise InvalidArgumentError("board: its size differs from the layout's")
        self.players = players
        self.lexicon = lexicon
        self.settings = settings
        self.rules = rules if rules is not None else settings.build_rules()
        self.board = board
        self.bag = bag
        self.history: list[Turn] = []
        self.current = 0
        self.scoreless_streak = 0
        self.end_reason: str | None = None
        self._strategies: dict[str, Strategy] = {}

    # --- state ----------------------------------------------------------------------------------

    @property
    def current_player(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.current]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.end_reason is not None

    @property
    def can_exchange(self) -> bool:
        """Whether the bag holds enough tiles for an exchange now."""
        return not self.is_over and len(self.bag) >= self.settings.exchange_threshold

    @property
    def last_turn(self) -> Turn | None:
        """The most recent turn that was not an end-of-game adjustment, or None."""
        return next((turn for turn in reversed(self.history) if turn.kind is not TurnKind.END), None)

    def rack_value(self, tiles: Iterable[str]) -> int:
        """The face value of ``tiles`` (blanks 0)."""
        return rack_value(tiles, self.settings.tile_set)

    def winners(self) -> list[Player]:
        """The players with the highest score (several on a tie)."""
        top = max(player.score for player in self.players)
        return [player for player in self.players if player.score == top]

    def unseen_tiles(self, seat: int | None = None) -> list[str]:
        """The tiles the player in ``seat`` (default: the current one) cannot see: the bag
        and the other racks, sorted."""
        seat = self.current if seat is None else seat
        tiles = list(self.bag.tiles)
        for index, player in enumerate(self.players):
            if index != seat:
                tiles.extend(player.rack.tiles())
        return sorted(tiles)

    def check_tiles(self) -> None:
        """Raise GameError unless board, racks and bag together hold exactly a full bag (when
        the tile set has counts).  O(board + bag)."""
        mismatch = self._tile_mismatch()
        if mismatch is not None:
            raise GameError(mismatch)

    def _tile_mismatch(self) -> str | None:
        """Which tiles the board (a played blank counts as a blank), racks and bag hold more
        or fewer of than a full bag, in words; None when they add up (or the tile set gives
        no counts)."""
        full = Counter(self.settings.tile_set.full_bag())
        if not full:
            return None
        held = Counter(rack_tile(tile) for _, _, tile in self.board.tiles())
        held.update(self.bag.tiles)
        for player in self.players:
            held.update(player.rack.counts())
        if +held == full:
            return None
        wrong = [f"{held[tile] - full[tile]} {tile} too many" if held[tile] > full[tile]
                 else f"{full[tile] - held[tile]} {tile} too few"
                 for tile in dict.fromkeys([*full, *sorted(held)]) if held[tile] != full[tile]]
        return f"the board, racks and bag do not add up to the tile set: {', '.join(wrong)}"

    # --- turns ----------------------------------------------------------------------------------

    def legal_moves(self, limit: int | None = None) -> list[Move]:
        """The current player's legal moves, best first (all, or the first ``limit``)."""
        self._require_playing()
        return self.rules.best_moves(self.board, self.current_player.rack, self.lexicon, limit)

    def place(self, move: Move | str) -> Turn:
        """Play a move (a Move, or text in any notation :func:`parse_move` reads) for the
        current player.  Raises IllegalMoveError with the reason when the rack lacks the tiles
        or the rule set rejects it (nothing changes), NotationError for unreadable text."""
        self._require_playing()
        if isinstance(move, str):
            move = parse_move(move, self.board, self.settings.tile_set)
        require_type(move, Move, "the move")
        player = self.current_player
        if not move.placed:
            raise IllegalMoveError("a move must place at least one tile from the rack")
        used = [placement.rack_tile for placement in move.placed]
        if not player.rack.can_supply(used):
            missing = Counter(used) - player.rack.counts()
            raise IllegalMoveError(
                f"{player.name}'s rack {player.rack} does not hold {''.join(sorted(missing.elements()))}"
            )
        verdict = self.rules.check(self.board, move, self.lexicon, player.rack)
        if verdict.valid:
            move = move.with_score(verdict.score, verdict.words)
        elif self.settings.challenge_rule.phonies_allowed and verdict.code in ("BAD WORD", "BAD START"):
            # Words are for the opponent to challenge (a phony left standing makes the board a
            # BAD START for the lexicon); only the placement rules refuse a move here.
            move = move.with_score(*judge_placement(self.rules, self.board, move))
        else:
            raise IllegalMoveError(verdict.message or str(verdict))
        rack_before = str(player.rack)
        self.board.place_all((p.row, p.col, p.tile) for p in move.placed)
        player.rack.remove(used)
        drawn = self.bag.draw(len(used))
        player.rack.add(drawn)
        player.score += move.score
        turn = Turn(
            self.current, TurnKind.PLACE, rack_before, move.score, player.score, move,
            drawn=self.settings.tile_set.alphabet.format(drawn),
        )
        return self._conclude(turn)

    def exchange(self, tiles: str | Iterable[str]) -> Turn:
        """Return ``tiles`` (``?`` for a blank, any case) to the bag and draw as many.
        Raises IllegalMoveError when the bag is too small, no tile is named, or the rack
        does not hold them."""
        self._require_playing()
        player = self.current_player
        if not isinstance(tiles, str):
            require_type(tiles, (list, tuple), "the tiles to exchange")
        tile_set = self.settings.tile_set
        returned = (tile_set.parse_rack(tiles).tiles() if isinstance(tiles, str)
                    else Rack(tiles, tile_set.alphabet).tiles())
        if not returned:
            raise IllegalMoveError("name at least one tile to exchange")
        if not self.can_exchange:
            raise IllegalMoveError(
                f"the bag holds {len(self.bag)} tiles; exchanging needs at least "
                f"{self.settings.exchange_threshold}"
            )
        if not player.rack.can_supply(returned):
            missing = Counter(returned) - player.rack.counts()
            raise IllegalMoveError(
                f"{player.name}'s rack {player.rack} does not hold {''.join(sorted(missing.elements()))}"
            )
        rack_before = str(player.rack)
        player.rack.remove(returned)
        self.bag.put_back(returned)
        drawn = self.bag.draw(len(returned))
        player.rack.add(drawn)
        written = tile_set.alphabet.format
        turn = Turn(
            self.current, TurnKind.EXCHANGE, rack_before, 0, player.score,
            tiles=written(returned), drawn=written(drawn),
        )
        return self._conclude(turn)

    def pass_turn(self) -> Turn:
        """Pass: nothing changes but whose turn it is."""
        self._require_playing()
        player = self.current_player
        return self._conclude(Turn(self.current, TurnKind.PASS, str(player.rack), 0, player.score))

    def apply(self, decision: Decision) -> Turn:
        """Play a decision (a computer's choice) for the current player."""
        require_type(decision, Decision, "the decision")
        if decision.kind is TurnKind.PLACE and decision.move is not None:
            return self.place(decision.move)
        if decision.kind is TurnKind.EXCHANGE:
            return self.exchange(decision.tiles)
        if decision.kind is TurnKind.PASS:
            return self.pass_turn()
        raise InvalidArgumentError(f"cannot play decision {decision!r}")

    def situation(self) -> Situation:
        """What the current player sees, for a strategy to decide on; marked ``checked``
        (its move searches skip the rules' argument checks), which holds as long as the
        board, racks and bag change only through this game's turns.  Its board and rack are
        the game's own, so they change with the next turn: keep one past the turn through
        :meth:`Situation.detached`."""
        return Situation(
            self.board, self.current_player.rack, self.lexicon, self.rules, len(self.bag),
            self.can_exchange,
            unseen=tuple(self.unseen_tiles()),
            scores=tuple(player.score for player in self.players),
            seat=self.current,
            scoreless_turns=self.scoreless_streak,
            scoreless_turn_limit=self.settings.scoreless_turn_limit,
            end_rule=self.settings.end_rule,
            endgame_time=self.settings.endgame_time,
            move_time=self.settings.move_time,
            search_workers=self.settings.search_workers,
            last_play=self.opponents_last_play(),
            # every position a game holds passes the rules' checks: restore() checks what it
            # is given against the settings, the rules judge by the same tile set and hand
            # size (_assemble), and every turn is a legal move, an exchange or a withdrawal
            checked=True,
        )

    def opponents_last_play(self) -> Turn | None:
        """The last event of the game when it is another player's placement or exchange
        (what a player inferring the opponent's rack reads), else None."""
        turn = self.last_turn
        if turn is None or turn.player == self.current:
            return None
        if turn.kind not in (TurnKind.PLACE, TurnKind.EXCHANGE):
            return None
        return turn

    def play_computer_turn(self) -> Turn:
        """Let the current player's strategy choose and play its turn.  Raises GameError when
        the current player is human."""
        self._require_playing()
        return self.apply(self.strategy_of(self.current).decide(self.situation()))

    def strategy_of(self, seat: int) -> Strategy:
        """The strategy playing ``seat`` (made once per game).  Raises GameError for a human
        seat, InvalidArgumentError for a seat that does not exist."""
        require_int(seat, "seat", 0, len(self.players) - 1)
        player = self.players[seat]
        if player.strategy is None:
            raise GameError(f"{player.name} is not a computer player")
        strategy = self._strategies.get(player.strategy)
        if strategy is None:
            strategy = self._strategies[player.strategy] = get_strategy(player.strategy)
        return strategy

    def play_out(self, max_turns: int = 10_000) -> None:
        """Let computer players move (challenging first when they want to) until the game
        ends or a human is to play."""
        for _ in range(require_int(max_turns, "max_turns", 0)):
            self.computer_challenge()
            if self.is_over or not self.current_player.is_computer:
                return
            self.play_computer_turn()
        raise GameError(f"the game did not end within {max_turns} turns")

    # --- bookkeeping ----------------------------------------------------------------------------

    def _require_playing(self) -> None:
        if self.is_over:
            raise GameError("the game is over")

    def _conclude(self, turn: Turn) -> Turn:
        """Record a turn, then end the game or pass play to the next seat."""
        self.history.append(turn)
        self.scoreless_streak = self.scoreless_streak + 1 if turn.scoreless else 0
        player = self.players[turn.player]
        if not len(player.rack) and not len(self.bag):
            self._finish(turn.player)
        elif self.scoreless_streak >= self.settings.scoreless_turn_limit:
            self._finish(None)
        else:
            self.current = (self.current + 1) % len(self.players)
        return turn

    def _finish(self, out: int | None) -> None:
        """Apply the end-of-game rack adjustments; ``out`` is the seat that emptied its rack."""
        racks = [player.rack.tiles() for player in self.players]
        changes = end_of_game_adjustments(racks, self.settings.tile_set, out, self.settings.end_rule)
        others = [seat for seat, rack in enumerate(racks) if rack and seat != out]
        if out is not None and others:
            winner = self.players[out]
            winner.score += changes[out]
            counted = "".join(str(self.players[seat].rack) for seat in others)
            self.history.append(Turn(out, TurnKind.END, "", changes[out], winner.score, tiles=counted))
        # Under the tournament rule the others' racks cost them nothing when someone goes out,
        # so only the going-out line is recorded (as GCG files of such games have it).
        penalised = [] if out is not None and self.settings.end_rule == "tournament" else others
        for seat in penalised:
            player = self.players[seat]
            player.score += changes[seat]
            rack = str(player.rack)
            self.history.append(Turn(seat, TurnKind.END, rack, changes[seat], player.score, tiles=rack))
        self.end_reason = END_OUT if out is not None else END_SCORELESS
