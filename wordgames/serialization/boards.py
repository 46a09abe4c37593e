"""The JSON shapes of a Scrabble board and of a tile set's values, as pages draw them."""

from __future__ import annotations

from typing import Any

from wordgames.scrabble import Board, TileSet
from wordgames.scrabble.formats.save_tiles import board_row


def board_json(board: Board, tile_set: TileSet | None = None) -> dict[str, Any]:
    """The board for drawing: size, start square, premium codes a row (``.`` plain, ``2``
    ``3`` letter, ``d`` ``t`` word multipliers), tiles (None empty, lower case a blank) and
    the plain text form (one row a line) that requests take back; tiles in ``tile_set``'s
    notation when given (``[L·L]``; the tiles grid holds the forms, ``L·L``)."""
    layout = board.layout
    if tile_set is not None and not tile_set.is_plain_english:
        spell, show = tile_set.tile_alphabet.spell, tile_set.show
        return {
            "rows": board.rows, "cols": board.cols, "start": list(layout.start),
            "premiums": list(layout.premiums),
            "tiles": [[None if tile is None else spell(tile) for tile in row] for row in board.grid()],
            "text": [board_row(line, show) for line in board.to_text().splitlines()],
        }
    return {
        "rows": board.rows,
        "cols": board.cols,
        "start": list(layout.start),
        "premiums": list(layout.premiums),
        "tiles": board.grid(),
        "text": board.to_text().splitlines(),
    }


def tile_values(tile_set: TileSet) -> dict[str, int]:
    """The face value of every tile and of the blank, by the tile's written form (``L·L``)."""
    spell = tile_set.tile_alphabet.spell
    return {spell(tile): tile_set.value(tile) for tile in tile_set.values}
