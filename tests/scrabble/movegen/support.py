"""Shared helpers: a brute-force model of the classic rules and positions to test on."""

from __future__ import annotations

import itertools

from conftest import shared_lexicon

from wordgames.lexicon import Lexicon
from wordgames.lexicon.alphabet import Alphabet
from wordgames.scrabble import BLANK, STANDARD_ENGLISH, Bag, Board, Direction, Layout, Move, Placement, Rack
from wordgames.scrabble.core.scoring import formed_words
from wordgames.scrabble.movegen.generator import MoveGenerator
from wordgames.scrabble.rules.classic import ClassicRules

Key = tuple[Placement, ...]


def sowpods(backend: str = "trie") -> Lexicon:
    """SOWPODS from ../shared (the CS214 dictionary), loaded once per session."""
    return shared_lexicon("lexicons/sowpods.txt", backend)


def legal_score(rules: ClassicRules, board: Board, move: Move, lexicon: Lexicon, rack: Rack) -> int | None:
    """The move's score when it is legal, ignoring non-words already on the board (what
    ``check`` reports as BAD START); None when it is not legal."""
    if rules.placement_problem(board, move) is not None:
        return None
    if not rack.can_supply(p.tile for p in move.placed):
        return None
    direction = move.direction
    if len(move.placed) > 1:
        direction = Direction.ACROSS if len({p.row for p in move.placed}) == 1 else Direction.DOWN
    minimum = rules.minimum_word_length
    if any(
        len(word.tiles) < minimum or not lexicon_has(lexicon, word.key, word.alphabet)
        for word in formed_words(board, move.placed, direction)
    ):
        return None
    return rules.score(board, move)


def lexicon_has(lexicon: Lexicon, key: bytes, alphabet: Alphabet) -> bool:
    """Whether the tiles ``key`` spell a word of ``lexicon``: the same tile numbers, or the
    same written word for a word list read without the tile set."""
    if lexicon.alphabet.tiles == alphabet.tiles:
        return lexicon.contains_key(key)
    return alphabet.decode_word(key) in lexicon


def brute_force_moves(board: Board, rack: Rack, lexicon: Lexicon, rules: ClassicRules) -> dict[Key, int]:
    """Every legal move, keyed by its placements (blank flags included), with its score —
    found the slow way: every maximal stretch of two or more squares of every line, every
    ordered choice of rack tiles for its empty squares, every letter for each blank."""
    tiles = rack.tiles()
    letters = rules.tile_set.tiles
    alphabet = rules.tile_set.alphabet
    board = board if board.alphabet.tiles == alphabet.tiles else board.with_alphabet(alphabet)
    found: dict[Key, int] = {}
    for direction in (Direction.ACROSS, Direction.DOWN):
        across = direction is Direction.ACROSS
        lines, length = (board.rows, board.cols) if across else (board.cols, board.rows)
        for line in range(lines):
            squares = [(line, i) if across else (i, line) for i in range(length)]
            line_tiles = [board.get(*square) for square in squares] + [None]
            for first in range(length):
                if first and line_tiles[first - 1] is not None:
                    continue
                for last in range(first + 1, length):
                    if line_tiles[last + 1] is not None:
                        continue
                    empty = [i for i in range(first, last + 1) if line_tiles[i] is None]
                    if not empty or len(empty) > len(tiles):
                        continue
                    for chosen in set(itertools.permutations(tiles, len(empty))):
                        choices = [letters if tile == BLANK else (tile,) for tile in chosen]
                        for spelled in itertools.product(*choices):
                            played = {
                                i: (letter, tile == BLANK)
                                for i, tile, letter in zip(empty, chosen, spelled, strict=True)
                            }
                            key = bytes(
                                alphabet.number(played[i][0] if i in played
                                                else alphabet.upper(line_tiles[i] or ""))
                                for i in range(first, last + 1)
                            )
                            if not lexicon_has(lexicon, key, alphabet):
                                continue
                            placements = [
                                Placement(*squares[i], letter, blank) for i, (letter, blank) in played.items()
                            ]
                            move = Move.from_placements(board, placements, direction)
                            score = legal_score(rules, board, move, lexicon, rack)
                            if score is not None:
                                found[move.placed] = score
    return found


def generated(moves: list[Move]) -> dict[Key, int]:
    """Moves keyed like :func:`brute_force_moves`; fails on a placement listed twice."""
    keyed = {move.placed: move.score for move in moves}
    assert len(keyed) == len(moves), "a placement was generated twice"
    return keyed


def self_play(lexicon: Lexicon, seed: int, turns: int,
              layout: Layout | None = None) -> tuple[Board, Bag, list[Rack]]:
    """A position after ``turns`` greedy moves of a seeded two-player game on ``layout``
    (the standard board by default)."""
    generator = MoveGenerator(lexicon)
    bag = Bag.full(STANDARD_ENGLISH, seed)
    board = Board(layout)
    racks = [Rack(bag.draw(7)), Rack(bag.draw(7))]
    for turn in range(turns):
        rack = racks[turn % 2]
        best = generator.best(board, rack, 1)
        if not best:
            continue
        board.place_all((p.row, p.col, p.tile) for p in best[0].placed)
        rack.remove(p.tile for p in best[0].placed)
        rack.add(bag.draw(7 - len(rack)))
    return board, bag, racks
