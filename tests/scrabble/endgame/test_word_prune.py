"""The endgame's pruned word graph: exactly the words that fit a line, and the same moves as
the full lexicon in every position a search reaches.

The first test compares the graph's words with a brute-force filter of the word list; the
second walks random endgames (both racks, sometimes a bag, blanks where the unseen tiles hold
them) move by move and compares the move lists the search's kernel gives on the pruned and on
the full graph, for both sides, at every step.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH
from wordgames.scrabble.endgame import SearchOptions
from wordgames.scrabble.endgame.position import PASS, SearchPosition
from wordgames.scrabble.endgame.solver import Searcher
from wordgames.scrabble.endgame.word_prune import board_lines, covers, pruned_lexicon
from wordgames.scrabble.movegen.board_arrays import KernelLexicon
from wordgames.scrabble.rules.classic import ClassicRules

from .test_against_minimax import unseen_pool

RULES = ClassicRules()
LETTERS = len(STANDARD_ENGLISH.alphabet)


def table_words(table: KernelLexicon) -> set[bytes]:
    """Every word of a node table, as tile numbers."""
    found = set()
    stack = [(0, b"")]
    while stack:
        node, prefix = stack.pop()
        mask = table.masks[node]
        if mask >> 63:
            found.add(prefix)
        child = table.first[node]
        for tile in range(1, 64):
            if mask >> (tile - 1) & 1:
                stack.append((child, prefix + bytes((tile,))))
                child += 1
    return found


def spare_counts(tiles: list[str]) -> list[int]:
    """Tiles as counts by tile number, index 0 the blanks."""
    counts = [0] * (LETTERS + 1)
    for tile in tiles:
        counts[0 if tile == "?" else STANDARD_ENGLISH.alphabet.number(tile)] += 1
    return counts


def fits_a_line(word: bytes, lines: list[list[int]], spare: list[int], longest: int) -> bool:
    """The brute-force filter: the word's letters within the spare tiles plus one line's,
    the spare blanks covering the shortfall, and no longer than the longest line."""
    if len(word) > longest:
        return False
    need = Counter(word)
    return any(sum(max(0, n - spare[t] - line[t]) for t, n in need.items()) <= spare[0] for line in lines)


@pytest.fixture(scope="module")
def four_letter_words(enable_trie: Lexicon) -> Lexicon:
    """ENABLE's words of at most four letters (a brute-force filter of every word stays quick)."""
    return lexicon_from_words(word for word in enable_trie if len(word) <= 4)


def random_spares(rng: random.Random, boards: list[Board], count: int) -> Iterator[tuple[Board, list[str]]]:
    """``count`` (board, spare tiles) pairs: a random board and 2 to 16 of its unseen tiles."""
    for _ in range(count):
        board = rng.choice(boards)
        pool = unseen_pool(board)
        rng.shuffle(pool)
        yield board, pool[: rng.randint(2, 16)]


def test_the_pruned_graph_holds_exactly_the_words_that_fit_a_line(
    standard_boards: list[Board], small_boards: list[Board], four_letter_words: Lexicon
) -> None:
    generator = RULES.move_generator(four_letter_words)
    assert generator is not None
    full = generator.lexicon_table
    words = table_words(full)
    rng = random.Random(41)
    for board, tiles in [*random_spares(rng, standard_boards, 6), *random_spares(rng, small_boards, 6)]:
        spare = spare_counts(tiles)
        squares = bytes(board.squares)
        pruned = pruned_lexicon(full, squares, board.rows, board.cols, spare)
        lines = board_lines(squares, board.rows, board.cols, LETTERS)
        expected = {word for word in words if fits_a_line(word, lines, spare, max(board.rows, board.cols))}
        assert table_words(pruned) == expected
        assert len(pruned.masks) < len(full.masks)


def moves_here(searcher: Searcher, position: SearchPosition, side: int) -> list[tuple[int, tuple[int, ...]]]:
    """The placements the searcher's kernel gives ``side`` in ``position`` as it stands."""
    searcher.use(position)
    search = searcher.search
    search.load(position.live, position.racks, position.bag, side, position.scoreless)
    return search.root_moves()


def test_the_pruned_graph_gives_the_same_moves_wherever_the_search_goes(
    standard_boards: list[Board], small_boards: list[Board], enable_trie: Lexicon
) -> None:
    """Random endgames (racks of up to 7, a bag of 0 to 2 tiles) played out by random moves:
    at every step both sides' move lists on the pruned graph equal those on the full one, in
    the same order; a position the graph was not cut for (another board) gets a new one."""
    rng = random.Random(43)
    compared = rebuilt = 0
    for game in range(16):
        boards = standard_boards if game % 2 else small_boards
        board = rng.choice(boards[len(boards) // 3:])
        pool = unseen_pool(board)
        rng.shuffle(pool)
        mine, theirs, bag = rng.randint(1, 7), rng.randint(1, 7), rng.choice((0, 0, 1, 2))
        if len(pool) < mine + theirs + bag:
            continue
        racks = ("".join(pool[:mine]), "".join(pool[mine:mine + theirs]))
        drawn = pool[mine + theirs:mine + theirs + bag]
        position = SearchPosition(board, racks, STANDARD_ENGLISH, bag=drawn)
        full = Searcher(position, enable_trie, RULES, SearchOptions(pruned_lexicon=False))
        pruned = Searcher(position, enable_trie, RULES, SearchOptions(pruned_lexicon=True))
        for _ply in range(8):
            for side in (position.side, position.side ^ 1):
                expected = moves_here(full, position, side)
                assert moves_here(pruned, position, side) == expected
                compared += 1
            moves = moves_here(full, position, position.side)
            position.make(rng.choice(moves) if moves and rng.random() < 0.9 else PASS)
            if not position.sizes[0] or not position.sizes[1] or position.scoreless >= 2:
                break
        # Another board: not reachable from the first, so the pruned searcher cuts a new graph.
        other = SearchPosition(rng.choice(boards), racks, STANDARD_ENGLISH, bag=drawn)
        kernel = pruned.search.kernel
        for side in (0, 1):
            assert moves_here(pruned, other, side) == moves_here(full, other, side)
        rebuilt += pruned.search.kernel is not kernel
    assert compared > 60
    assert rebuilt > 6


def test_covers_accepts_positions_reached_by_play_only(standard_boards: list[Board]) -> None:
    board = standard_boards[-10]
    squares = bytes(board.squares)
    empty = squares.index(0)
    spare = spare_counts(list("AEIRST?"))
    assert covers(squares, spare, squares, spare)
    played = bytearray(squares)
    played[empty] = STANDARD_ENGLISH.alphabet.number("A")
    assert covers(squares, spare, bytes(played), spare_counts(list("EIRST?")))
    played[empty] = STANDARD_ENGLISH.alphabet.number("Q") | 0x80  # a blank played as Q
    assert covers(squares, spare, bytes(played), spare_counts(list("AEIRST")))
    # A tile that was not spare, a board tile changed, or more spare tiles than there were.
    played[empty] = STANDARD_ENGLISH.alphabet.number("Q")
    assert not covers(squares, spare, bytes(played), spare_counts(list("EIRST?")))
    taken = bytearray(squares)
    taken[next(square for square, number in enumerate(squares) if number)] = 0
    assert not covers(squares, spare, bytes(taken), spare)
    assert not covers(squares, spare, squares, spare_counts(list("AEIRST??")))
