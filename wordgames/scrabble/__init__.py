"""The Scrabble engine: tiles, layouts, board, moves and notations, rule sets (``simple``,
``classic``), move generation, games and the CGP / GCG formats."""

from wordgames.scrabble.board import Board
from wordgames.scrabble.layout import Layout, layout_by_name, plain_layout, read_layout, standard_layout
from wordgames.scrabble.move import Direction, Move, Placement, sort_moves
from wordgames.scrabble.notation import parse_move
from wordgames.scrabble.rules import RuleSet, Verdict, get_rules, rule_set_names
from wordgames.scrabble.tiles import BLANK, STANDARD_ENGLISH, Bag, Rack, TileSet, read_tile_set

__all__ = [
    "BLANK",
    "STANDARD_ENGLISH",
    "Bag",
    "Board",
    "Direction",
    "Layout",
    "Move",
    "Placement",
    "Rack",
    "RuleSet",
    "TileSet",
    "Verdict",
    "get_rules",
    "layout_by_name",
    "parse_move",
    "plain_layout",
    "read_layout",
    "read_tile_set",
    "rule_set_names",
    "sort_moves",
    "standard_layout",
]
