#!/usr/bin/env python3
"""A small client of the Scrabble API: best moves on a position, then a computer game.

    python examples/scrabble_client.py [LEXICON]

LEXICON is a word file or a shipped list's name (default: the shipped ENABLE list).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, uninstalled

from wordgames import WordGamesError, load_lexicon
from wordgames.scrabble import Board, Game, GameSettings, Player, Rack, game_to_gcg, get_rules, parse_move
from wordgames.scrabble.core.notation import format_coordinate


def main(argv: list[str]) -> int:
    """Run the demonstration; return the exit status."""
    lexicon = load_lexicon(argv[0] if argv else "enable")
    rules = get_rules("classic")

    # A position built from moves in standard notation, then the best replies for a rack.
    board = Board()
    for text in ("8D QUIRK", "D7 AQUA"):
        move = parse_move(text, board)
        verdict = rules.check(board, move, lexicon)
        print(f"{text:<10} {verdict} ({verdict.score} points)")
        board.place_all((placed.row, placed.col, placed.tile) for placed in move.placed)
    rack = Rack.parse("EINRST?")
    print(f"\nBest moves for {rack}:")
    for move in rules.best_moves(board, rack, lexicon, limit=5):
        where = format_coordinate(move.row, move.col, move.direction)
        print(f"  {where:<4} {move.word:<15} {move.score:>4}")

    # A whole game between two computer players, seeded, written out as GCG.
    players = [Player("Ada", strategy="greedy"), Player("Bea", strategy="leave")]
    game = Game(players, lexicon, GameSettings(seed=2024))
    game.play_out()
    print("\n" + game_to_gcg(game, title="example game"))
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main(sys.argv[1:]))
    except WordGamesError as error:
        print(f"scrabble_client: {error}", file=sys.stderr)
        raise SystemExit(2) from None
