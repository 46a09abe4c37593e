"""The endgame's public entry point: check the arguments, build the position, search.

    result = solve_endgame(board, ("AEINRST", "DEEI"), lexicon, rules, time_limit=10)
    result.value, result.exact, [turn.move for turn in result.moves]
"""

from __future__ import annotations

from collections.abc import Iterable

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_ENDGAME_SECONDS, MAX_SCORELESS_TURNS
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import TileSet
from wordgames.scrabble.endgame.position import SearchPosition
from wordgames.scrabble.endgame.results import EndgameResult, SearchOptions
from wordgames.scrabble.endgame.solver import solve_position
from wordgames.scrabble.rules.base import RuleSet


def as_rack(rack: Rack | str | Iterable[str], what: str, tile_set: TileSet | None = None) -> Rack:
    """A rack from a Rack, rack text (``"AEI?"``, in ``tile_set``'s notation when given) or
    tiles (of ``tile_set``'s alphabet); InvalidArgumentError otherwise."""
    if isinstance(rack, Rack):
        return rack
    alphabet = tile_set.alphabet if tile_set is not None else None
    if isinstance(rack, str):
        return tile_set.parse_rack(rack) if tile_set is not None else Rack.parse(rack)
    require_type(rack, (list, tuple), what)
    return Rack(rack, alphabet)


def check_search_limits(plies: int | None, time_limit: float | None) -> None:
    """``plies`` None or a whole number >= 1; ``time_limit`` None or seconds in (0, a day]."""
    if plies is not None:
        require_int(plies, "plies", 1)
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise InvalidArgumentError(f"the time limit must be a number of seconds, not {time_limit!r}")
        if not 0 < time_limit <= MAX_ENDGAME_SECONDS:
            raise InvalidArgumentError(
                f"the time limit must be more than 0 and at most {MAX_ENDGAME_SECONDS:g} seconds"
            )


def check_turn_rules(scoreless_turns: int, scoreless_turn_limit: int) -> None:
    """A scoreless run from 0 to one less than the limit, a limit from 1 to the maximum."""
    require_int(scoreless_turn_limit, "scoreless_turn_limit", 1, MAX_SCORELESS_TURNS)
    require_int(scoreless_turns, "scoreless_turns", 0, scoreless_turn_limit - 1)


def solve_endgame(
    board: Board,
    racks: tuple[Rack | str, Rack | str],
    lexicon: Lexicon,
    rules: RuleSet,
    *,
    scoreless_turns: int = 0,
    scoreless_turn_limit: int = 6,
    end_rule: str = "usc",
    plies: int | None = None,
    time_limit: float | None = None,
    options: SearchOptions | None = None,
) -> EndgameResult:
    """Solve the endgame where ``racks[0]`` is to move and ``racks[1]`` is the opponent's,
    the bag empty: the best sequence, its value (the final change in spread for the mover,
    the end-of-game rack adjustments under ``end_rule`` included), whether it is proven,
    the depth, nodes and seconds.  ``plies`` caps the depth; ``time_limit`` (seconds) stops
    the search and returns the deepest finished iteration, not exact.  Raises
    InvalidArgumentError for racks the rules refuse, an empty rack, or bad limits.
    Cost: exponential in the rack sizes; each node costs about one move generation."""
    require_type(racks, (list, tuple), "the racks")
    if len(racks) != 2:
        raise InvalidArgumentError(f"an endgame has two racks, not {len(racks)}")
    mover = as_rack(racks[0], "the mover's rack", rules.tile_set)
    opponent = as_rack(racks[1], "the opponent's rack", rules.tile_set)
    for rack in (mover, opponent):
        rules.check_arguments(board, lexicon, rack)
    if not len(mover):
        raise InvalidArgumentError("the player to move has no tiles: the game is already over")
    if not len(opponent):
        raise InvalidArgumentError("the opponent has no tiles: the game is already over")
    check_turn_rules(scoreless_turns, scoreless_turn_limit)
    check_search_limits(plies, time_limit)
    position = SearchPosition(
        board, (mover.tiles(), opponent.tiles()), rules.tile_set,
        scoreless=scoreless_turns, limit=scoreless_turn_limit, end_rule=end_rule,
    )
    return solve_position(position, lexicon, rules, plies=plies, time_limit=time_limit, options=options)
