"""The Scrabble engine: tiles, layouts, board, moves and notations, rule sets (``simple``,
``classic``), move generation, games, the CGP / GCG formats and computer players.

The subpackages are layered, each importing only those before it: ``core`` (tiles, layout,
board, move, notation, scoring) <- ``movegen`` (the classic move generator) <- ``rules`` (the
rule-set protocol, ``simple``, ``classic``) <- ``game`` (state, players, turns, autoplay) <-
``formats`` (CGP, GCG, saves, configuration) <- ``strategy`` (computer players).  Importing
this package registers the strategies with the game.
"""

from wordgames.scrabble.core.bag import Bag
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.layout import (
    Layout,
    layout_by_name,
    plain_layout,
    read_layout,
    standard_layout,
)
from wordgames.scrabble.core.move import Move, sort_moves
from wordgames.scrabble.core.notation import parse_move
from wordgames.scrabble.core.placement import Direction, Placement
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.tiles import BLANK, STANDARD_ENGLISH, TileSet, read_tile_set
from wordgames.scrabble.formats.gcg import game_to_gcg, read_gcg, replay_gcg
from wordgames.scrabble.formats.save_read import load_game
from wordgames.scrabble.formats.saves import save_game
from wordgames.scrabble.game.players import Player, parse_players
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.rules.base import RuleSet, Verdict
from wordgames.scrabble.rules.registry import get_rules, rule_set_names
from wordgames.scrabble.strategy import GreedyStrategy, LeaveStrategy

__all__ = [
    "BLANK",
    "STANDARD_ENGLISH",
    "Bag",
    "Board",
    "Direction",
    "Game",
    "GameSettings",
    "GreedyStrategy",
    "Layout",
    "LeaveStrategy",
    "Move",
    "Placement",
    "Player",
    "Rack",
    "RuleSet",
    "TileSet",
    "Verdict",
    "game_to_gcg",
    "get_rules",
    "layout_by_name",
    "load_game",
    "parse_move",
    "parse_players",
    "plain_layout",
    "read_gcg",
    "read_layout",
    "read_tile_set",
    "replay_gcg",
    "rule_set_names",
    "save_game",
    "sort_moves",
    "standard_layout",
]
