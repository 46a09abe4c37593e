"""Tests of the Scrabble core: tiles, layouts, board, moves and notations."""
