"""Every documented bound of wordgames, in one place: file sizes, input shapes and the work a
caller may ask for.

Each reader checks its input against these before allocating for it, and each long job checks
its budget before it starts, so hostile input (a pipe, ``/dev/zero``, a 50 MB "word", a
request for 10^23 games) is refused with a one-line error in well under a second instead of
blocking, filling memory or running until killed.  The documentation's "Limits" page lists
them all (a test keeps the page and this module in step).  The web server's request limits
live with the web layer (:mod:`wordgames.web.limits`), which the same page lists.

This module imports nothing, so every layer may use it.
"""

from __future__ import annotations

# --- files (bytes; every reader goes through :func:`wordgames.textfiles.read_file_bytes`) ----

MAX_LEXICON_FILE_BYTES = 64 * 1024 * 1024
"""A word file or KWG word graph (CSW12 is 2.7 MB)."""

MAX_CACHE_ENTRY_BYTES = 512 * 1024 * 1024
"""A lexicon cache entry (CSW12's trie takes 9 MB); a larger entry is ignored and rebuilt."""

MAX_BOARD_FILE_BYTES = 1 << 20
"""A plain Scrabble board file (a 100x100 board is about 10 KB)."""

MAX_LAYOUT_FILE_BYTES = 1 << 20
"""A USC layout file."""

MAX_SMALL_FILE_BYTES = 1 << 16
"""A tile bag, scores file or tile distribution, a deal-order file, a configuration file, a
CS214 move file."""

MAX_SAVE_FILE_BYTES = 16 << 20
"""A saved game (a finished 15x15 game is about 60 KB)."""

MAX_GCG_FILE_BYTES = 1 << 20
"""A GCG record (a whole tournament game with notes is a few KB)."""

MAX_CHECKPOINT_BYTES = 64 << 20
"""An autoplay, leave-learning or win-model checkpoint (a million pairs need about 50 MB)."""

MAX_KLV2_BYTES = 64 << 20
"""A KLV2 leave table (an English table is 3.7 MB)."""

MAX_LEAVE_CSV_BYTES = 64 << 20
"""A leave table as CSV (an English table is about 15 MB)."""

MAX_COMPACT_LEAVES_BYTES = 16 << 20
"""A leave table in the compact ``.leaves`` format."""

MAX_WIN_MODEL_BYTES = 1 << 20
"""A simulation's win-probability model (the shipped English model is about 10 KB)."""

MAX_WORDSEARCH_TEXT_CHARS = 8 * 1024 * 1024
"""Word-search (Boggle) board text, in characters; a board file of at most as many bytes."""

# --- lexicons ----------------------------------------------------------------------------------

MAX_WORD_LENGTH = 64
"""The longest word (in characters, or tiles in a word graph) a lexicon may hold (the longest
word of every list in common use has under 30)."""

MAX_GRAPH_WORDS = 8_000_000
"""The most words a KWG word graph may spell (a graph can spell exponentially many words in
its size, so this is counted over the graph before any word is spelled out)."""

MAX_GRAPH_TILES = MAX_LEXICON_FILE_BYTES
"""The most tiles a KWG word graph may spell in all (the sum of its words' lengths), counted
over the graph before any word is spelled: no more than a word file within
MAX_LEXICON_FILE_BYTES holds letters (CSW21 spells about 2.5 M).  Without it 8 M words of 64
tiles, within the other two bounds, took 2 GB from a 724-byte graph."""

MAX_TILE_CHARS = 8
"""The most characters one tile's written form may hold (the longest real one, ``L·L``, has 3)."""

MAX_TILE_TEXT_CHARS = 1000
"""The longest text split into tiles at once (a word, a rack, a line of a move)."""

MAX_TILE_FORMS = 1024
"""The most written forms a tile splitter takes (an alphabet of 127 tiles has 254 plus the
blank)."""

# --- word search (Boggle) ------------------------------------------------------------------------

MAX_WORDSEARCH_SIDE = 10_000
"""The most rows, and the most columns, a word-search board may have."""

MAX_WORDSEARCH_CELLS = 250_000
"""The most cells a word-search board may have (500 x 500 solves in about 15 s and its tables
take tens of MB; 100 x 100 solves in under a second)."""

MAX_WORDSEARCH_ROW_CHARS = 16 * MAX_WORDSEARCH_SIDE
"""The longest row of word-search board text, in characters."""

MAX_BEST_BOARD_SIDE = 12
"""The largest board side a best-board search accepts (each board is solved many times)."""

MAX_BEST_BOARD_WORKERS = 64
"""The most worker processes a best-board search starts."""

MAX_BEST_BOARD_TOP = 1000
"""The most boards a best-board search reports."""

MAX_BEST_BOARD_SECONDS = 86_400.0
"""The longest best-board search, in seconds (a day)."""

MAX_BEST_BOARD_ITERATIONS = 10**10
"""The most moves (board scores) of one best-board search; several days at the rate of one
core, so a run that asks for more is refused instead of running until killed."""

MAX_STATS_BOARDS = 1_000_000
"""The most boards one statistics run rolls."""

MAX_STATS_CELLS = 25_000_000
"""The most cells one statistics run rolls in all (boards times cells per board): a million
5 x 5 boards (a few minutes), or about 380 boards of 257 x 257 (each solves in about 3 s)."""

MAX_ROUND_SECONDS = 86_400.0
"""The longest timed round of ``boggle play`` (a day)."""

MAX_CLASS_CELLS = 64
"""The most cells a Boggle board class may have (a proof's classes are small boards)."""

MAX_CLASS_OPTIONS = 64
"""The most letters (options) one cell of a board class may take."""

MAX_PROOF_CELLS = 20
"""The largest board (in cells) ``boggle prove`` takes: beyond 4 x 5 even a cluster cannot."""

MAX_PROOF_SECONDS = 366 * 86_400
"""The longest ``boggle prove --seconds`` budget (a year; a 4 x 4 proof needs a cluster)."""

# --- Scrabble: boards, tiles, racks, games -------------------------------------------------------

MAX_BOARD_SIDE = 100
"""Rows and columns of a Scrabble board (and of a layout): at most 100 each.  Columns are
named A..Z, AA..AZ, BA.. (spreadsheet style), so the widest board's last column is CV."""

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

MAX_BINGO_BONUS = 10_000
"""The bonus for playing a whole rack."""

MAX_NOTATION_LENGTH = 1000
"""A move written in a notation, a rack or a coordinate as text."""

MAX_CGP_LENGTH = 1 << 16
"""A CGP line (the largest board, 100x100 and full, takes about 10,100 characters)."""

MAX_GCG_EVENTS = 10_000
"""Event lines of one GCG record (a game has well under a hundred)."""

MAX_SAVE_NESTING = 8
"""How deeply a saved game's JSON may nest (a valid save nests 5 levels)."""

MAX_SAVE_HISTORY = 10_000
"""Turns in a saved history (a game of 10,000 turns would need 60 KB a move to exceed the
file size limit anyway)."""

MAX_SAVE_TEXT = 4096
"""The longest string field of a saved game."""

# --- Scrabble: leave tables -------------------------------------------------------------------

MAX_LEAVE_TILES = MAX_HAND_SIZE - 1
"""The longest leave a table holds (one tile fewer than the largest rack)."""

MAX_TABLE_LEAVES = 4_000_000
"""The most leaves one table may hold (English tables hold 914,624)."""

MAX_LEARNING_GAMES = 10_000_000
"""Games of one leave-learning or win-model run."""

MAX_WIN_MODEL_UNSEEN = 1000
"""The most counts of unseen tiles a fitted win model describes (a standard game has 93)."""

# --- Scrabble: the work a caller may ask for ---------------------------------------------------

MAX_AUTOPLAY_GAMES = 1_000_000
"""Games of one ``autoplay`` run (at tens of games a second, about a day)."""

MAX_AUTOPLAY_PAIRS = 1_000_000
"""Seat-swapped pairs of one ``autoplay --pairs`` run (each keeps a small record until the
end)."""

MAX_AUTOPLAY_WORKERS = 256
"""Worker processes of one autoplay or leave-learning run."""

MAX_SIMULATION_CANDIDATES = 100
"""Candidate moves one simulation compares."""

MAX_SIMULATION_PLIES = 10
"""Plies a simulation plays after each candidate."""

MAX_SIMULATION_ITERATIONS = 1_000_000
"""Iterations of one simulation."""

MAX_SIMULATION_WORKERS = 64
"""Worker processes of one simulation (or of each simulation a game review runs)."""

MAX_ENDGAME_SECONDS = 24 * 3600.0
"""The longest endgame or pre-endgame search a caller may ask for, in seconds."""

MAX_ENDGAME_MOVE_SECONDS = 3600.0
"""The longest an endgame-searching computer player may think about one move, in seconds."""

MAX_PREENDGAME_WORKERS = 64
"""The most worker processes a pre-endgame starts (each holds its own search table)."""

MAX_ENDGAME_WORKERS = 64
"""The most processes one endgame search runs on (they share one search table)."""

MAX_ENDGAME_TABLE_BITS = 30
"""The largest endgame transposition table, as bits of its entry count (``SearchOptions.table_bits``):
2^30 entries are 32 GiB on a standard board; the default, 2^24, is 512 MiB at most."""
