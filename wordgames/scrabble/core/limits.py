"""The documented input limits of the Scrabble engine (README, "Limits").

Every reader checks its input against these before allocating for it, so a hostile board,
rack, save or configuration is refused with a one-line error instead of filling memory or
running for hours.
"""

from __future__ import annotations

MAX_BOARD_SIDE = 100
"""Rows and columns of a board (and of a layout): at most 100 each.  Columns are named
A..Z, AA..AZ, BA.. (spreadsheet style), so the widest board's last column is CV."""

MAX_HAND_SIZE = 20
"""Tiles on a full rack.  A rack never holds more than its rule set's hand size."""

MAX_PLAYERS = 100
"""Seats at one game (the bag must also deal each a full rack)."""

MAX_SCORELESS_TURNS = 1000
"""The scoreless-turn limit that ends a game."""

MAX_TILE_VALUE = 1000
"""Points of one tile."""

MAX_TILE_COUNT = 1000
"""Copies of one tile in a full bag."""

MAX_BOARD_FILE_BYTES = 1 << 20
"""A plain board file (a 100x100 board is about 10 KB)."""

MAX_LAYOUT_FILE_BYTES = 1 << 20
"""A USC layout file."""

MAX_SMALL_FILE_BYTES = 1 << 16
"""A tile bag or scores file, a deal-order file, a configuration file, a CS214 move file."""

MAX_SAVE_FILE_BYTES = 16 << 20
"""A saved game (a finished 15x15 game is about 60 KB)."""

MAX_SAVE_NESTING = 8
"""How deeply a saved game's JSON may nest (a valid save nests 5 levels)."""

MAX_NOTATION_LENGTH = 1000
"""A move written in a notation, a rack or a coordinate as text."""

MAX_GCG_FILE_BYTES = 1 << 20
"""A GCG record (a whole tournament game with notes is a few KB)."""

MAX_GCG_EVENTS = 10_000
"""Event lines of one GCG record (a game has well under a hundred)."""

MAX_CGP_LENGTH = 1 << 16
"""A CGP line (the largest board, 100x100 and full, takes about 10,100 characters)."""
