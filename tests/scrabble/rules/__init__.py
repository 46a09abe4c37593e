"""Tests of the simple (FIT1045) rules, their best-move search, the game and the CLI."""
