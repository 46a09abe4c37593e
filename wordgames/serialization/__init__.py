"""The serialisation layer: every JSON shape the command line and the web app both produce,
and the reading of the inputs both take (a position from rows or a CGP, a rack against a
tile set, a lexicon by name).

It sits above the engines and below the faces: ``wordgames.cli`` and ``wordgames.web`` call
the engine's API and this layer, never each other, so ``scrabble best --json`` and the web
API's best moves are one function.  One module per concern: :mod:`.moves`, :mod:`.boards`,
:mod:`.games`, :mod:`.analyses`, :mod:`.boggle`, :mod:`.errors`, :mod:`.positions`,
:mod:`.lexicons`.
"""
