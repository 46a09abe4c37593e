"""The classic move generator (anchors and cross-checks over the lexicon's node walk).
Imports only :mod:`wordgames.scrabble.core` and the lexicon layer."""
