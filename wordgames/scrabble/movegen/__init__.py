"""The classic move generator (anchors and cross-checks over the lexicon's node walk), one
part of the algorithm a module; :mod:`.generator` holds the public :class:`MoveGenerator`.
Imports only :mod:`wordgames.scrabble.core` and the lexicon layer."""
