"""The COMP 2210 ExampleGameClient, in Python.

Usage: python examples/example_game_client.py [LEXICON]

LEXICON is a word file or a shipped list's name (default: the shipped ENABLE list).  With the
course's words.txt the output is the assignment's:

    LENT is on the board at the following positions: [5, 6, 9, 13]
    POPE is not on the board: []
    All words of length 6 or more:
    [ALEPOT, BENTHAL, PELEAN, TOECAP]

(The spec prints [5, 6, 9, 14] for LENT: both are valid paths, and any valid path is correct.)
The calls use the interface's Java-style names, which every engine answers to alongside the
Python ones (``is_on_board``, ``get_all_valid_words``, ...).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, uninstalled

from wordgames import WordGamesError, WordSearchGameFactory


def java_list(items: Iterable[object]) -> str:
    """Format like Java's ``List.toString()``: ``[a, b, c]``."""
    return "[" + ", ".join(str(item) for item in items) + "]"


def main(argv: list[str]) -> int:
    """Run the client with an optional lexicon argument; return the exit code."""
    lexicon = argv[0] if argv else "enable"
    game = WordSearchGameFactory.createGame()
    try:
        game.loadLexicon(lexicon)
    except WordGamesError as error:
        print(f"example_game_client: {error}", file=sys.stderr)
        return 2
    game.setBoard(["E", "E", "C", "A", "A", "L", "E", "P", "H", "N", "B", "O", "Q", "T", "T", "Y"])
    print("LENT is on the board at the following positions: ", end="")
    print(java_list(game.isOnBoard("LENT")))
    print("POPE is not on the board: ", end="")
    print(java_list(game.isOnBoard("POPE")))
    print("All words of length 6 or more: ")
    print(java_list(game.getAllScorableWords(6)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
