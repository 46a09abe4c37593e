"""The pieces every rule set and game shares: tiles and tile sets, board layouts, the board, moves,
notations and scoring.  Imports nothing else from the Scrabble engine."""
