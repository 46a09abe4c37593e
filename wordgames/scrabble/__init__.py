"""The Scrabble engine: tiles, layouts, board, moves and notations, rule sets (``simple``,
``classic``), move generation, games and the CGP / GCG formats."""

from wordgames.scrabble.board import Board
from wordgames.scrabble.game import Game, GameSettings
from wordgames.scrabble.gcg import game_to_gcg, read_gcg, replay_gcg
from wordgames.scrabble.layout import Layout, layout_by_name, plain_layout, read_layout, standard_layout
from wordgames.scrabble.move import Direction, Move, Placement, sort_moves
from wordgames.scrabble.notation import parse_move
from wordgames.scrabble.persistence import load_game, save_game
from wordgames.scrabble.players import Player, parse_players
from wordgames.scrabble.rules import RuleSet, Verdict, get_rules, rule_set_names
from wordgames.scrabble.tiles import BLANK, STANDARD_ENGLISH, Bag, Rack, TileSet, read_tile_set

__all__ = [
    "BLANK",
    "STANDARD_ENGLISH",
    "Bag",
    "Board",
    "Direction",
    "Game",
    "GameSettings",
    "Layout",
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
