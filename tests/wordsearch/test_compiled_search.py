"""The compiled Boggle search against the pure-Python one: same words, same paths, same order.

Random boards of 4 x 4 to 30 x 30 cells (multi-letter cells such as QU and blocked cells
included) are solved with ENABLE by the searcher as imported (the compiled extension in CI) and
by the same module run from its source (:func:`compiled_support.compiled_and_pure`).  The
kernel the compiled module runs is also checked as plain Python against the reference search,
which needs no compiler at all.
"""

from __future__ import annotations

import importlib
import random

from compiled_support import compiled_and_pure, pure_module
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.lexicon.packed import packed_nodes
from wordgames.wordsearch import Board, create_game
from wordgames.wordsearch.walk import bit_walk_for

SEARCHER = "wordgames.wordsearch.searcher"
# Frequent letters, so that boards hold many words; QU, IN and TH as multi-letter cells (TH also
# a prefix of single-letter paths), # a blocked cell.
CELL_CHOICES = [*"AEEIOTNSRLDCMPBHGU", "QU", "IN", "TH", "#", "Z", "É"]


def random_board(rows: int, columns: int, seed: int) -> Board:
    """A board of random cells (see CELL_CHOICES), mostly single letters."""
    rng = random.Random(seed)
    weights = [8] * 18 + [1, 1, 1, 1, 1, 1]
    return Board.from_cells(rng.choices(CELL_CHOICES, weights, k=rows * columns), columns)


boards = st.builds(
    random_board, st.integers(4, 30), st.integers(4, 30), st.integers(0, 2**32 - 1)
)
small_boards = st.builds(random_board, st.integers(1, 6), st.integers(1, 6), st.integers(0, 2**32))


@settings(max_examples=25)
@given(board=boards)
def test_compiled_and_pure_find_the_same_words_in_the_same_order(
    board: Board, enable_trie: Lexicon
) -> None:
    compiled, pure = compiled_and_pure(SEARCHER)
    walk = bit_walk_for(enable_trie)
    assert list(compiled.find_words(board, walk)) == list(pure.find_words(board, walk))
    compiled_paths = compiled.find_words_with_paths(board, walk)
    assert list(compiled_paths.items()) == list(pure.find_words_with_paths(board, walk).items())


@settings(max_examples=10)
@given(board=boards, minimum=st.integers(1, 5))
def test_game_scores_and_paths_match_the_pure_search(
    board: Board, minimum: int, enable_trie: Lexicon
) -> None:
    """Through the game's public API (words, scores, paths)."""
    _, pure = compiled_and_pure(SEARCHER)
    game = create_game("trie", lexicon=enable_trie)
    game.set_board(board)
    pure_paths = pure.find_words_with_paths(board, bit_walk_for(enable_trie))
    expected = [
        (word, pure_paths[word], game.score_word(word, minimum))
        for word in sorted(pure_paths)
        if len(word) >= minimum
    ]
    assert [tuple(scored) for scored in game.scored_words(minimum)] == expected
    assert list(game.get_all_valid_words(minimum)) == [word for word, _, _ in expected]


@given(board=small_boards, words=st.lists(st.text("ABEINQTUÉ", min_size=1, max_size=6), max_size=40))
def test_the_kernel_run_as_python_matches_the_reference_search(board: Board, words: list[str]) -> None:
    """The kernel's logic, interpreted (no compiler needed), against the closure search."""
    pure = pure_module(SEARCHER)
    lexicon = lexicon_from_words(words or ["A"], "sortedset")
    walk = bit_walk_for(lexicon)
    packed = packed_nodes(lexicon)
    for steps in (board.cells, [(index,) for index in range(board.size)]):
        assert pure._search_packed(board, packed, steps) == list(pure._search(board, walk, steps))


def test_the_kernel_spells_letters_beyond_latin_1_by_concatenation() -> None:
    pure = pure_module(SEARCHER)
    lexicon = lexicon_from_words(["ΑΒ", "ΑΒΓ", "AB"], "trie")
    board = Board.from_cells(["Α", "Β", "Γ", "A"], 2)
    walk = bit_walk_for(lexicon)
    assert pure._search_packed(board, packed_nodes(lexicon), board.cells) == ["ΑΒ", "ΑΒΓ"]
    assert sorted(pure.find_words(board, walk)) == ["ΑΒ", "ΑΒΓ"]


def test_a_search_started_inside_another_gets_a_fresh_kernel(enable_trie: Lexicon) -> None:
    """Two searches on one table at once (a second one while the first holds the kernel and
    its seen-marks) both give full answers: the pool hands the second its own kernel.  When
    the search numbers run out, the marks are cleared and numbering starts again."""
    packed = packed_nodes(enable_trie)
    board = random_board(4, 4, 7)
    for module in compiled_and_pure(SEARCHER):
        expected = module._search_packed(board, packed, board.cells)
        held = module._KERNELS.pop(packed)  # as if a search were running
        try:
            assert module._search_packed(board, packed, board.cells) == expected
        finally:
            module._KERNELS[packed] = held
        assert module._search_packed(board, packed, board.cells) == expected
        kernel = module._KERNELS[packed]
        kernel.generation = kernel.mark_limit
        assert kernel.mark_limit == 2 ** (64 - 32 - len(packed.masks).bit_length()) - 1
        assert module._search_packed(board, packed, board.cells) == expected
        assert kernel.generation == 1
        assert module._search_packed(board, packed, board.cells) == expected


def test_one_kernel_serves_boards_of_every_size_and_kind(enable_trie: Lexicon) -> None:
    """The kernel kept for a table is reused across boards: growing and shrinking boards,
    Latin-1 boards and boards with multi-letter cells in turn, each as solved afresh."""
    compiled, pure = compiled_and_pure(SEARCHER)
    walk = bit_walk_for(enable_trie)
    for seed, (rows, columns) in enumerate([(4, 4), (12, 9), (3, 3), (5, 5), (4, 4), (20, 20)]):
        board = random_board(rows, columns, seed)
        plain = Board.from_cells([cell[0] for cell in board.cells], columns)
        for one in (board, plain):
            assert list(compiled.find_words(one, walk)) == list(pure.find_words(one, walk))
            compiled_paths = compiled.find_words_with_paths(one, walk)
            assert compiled_paths == pure.find_words_with_paths(one, walk)


@given(words=st.lists(st.text("ABCEQU", min_size=1, max_size=6), min_size=1, max_size=40))
def test_the_depth_first_layout_holds_the_same_tree(words: list[str]) -> None:
    """The kernel's renumbered ``[mask, first]`` array spells the same words as the table."""
    pure = pure_module(SEARCHER)
    packed = packed_nodes(lexicon_from_words(words, "trie"))
    nodes, stride = pure._depth_first_layout(packed.masks, packed.first, packed.terminal)
    assert (stride, len(nodes)) == (1, len(packed.masks))  # a small alphabet: one word a node

    def spelled(mask_of: object, first_of: object) -> list[str]:
        letter_of = {bit: letter for letter, bit in packed.letter_bits.items()}
        found: list[str] = []

        def visit(node: int, prefix: str) -> None:
            mask = mask_of(node)  # type: ignore[operator]
            if mask & packed.terminal:
                found.append(prefix)
            for bit in sorted(letter_of):
                if mask & bit:
                    visit(first_of(node) + (mask & (bit - 1)).bit_count(), prefix + letter_of[bit])  # type: ignore[operator]

        visit(0, "")
        return found

    expected = sorted({word.upper() for word in words})
    assert spelled(packed.masks.__getitem__, packed.first.__getitem__) == expected
    assert spelled(lambda node: nodes[node] & 0xFFFFFFFF, lambda node: nodes[node] >> 32) == expected
    compiled = importlib.import_module(SEARCHER)
    assert compiled._depth_first_layout(packed.masks, packed.first, packed.terminal) == (nodes, 1)


def test_wide_alphabets_take_two_words_a_node() -> None:
    """More than 31 letters: the kernel's copy keeps masks and first children in separate
    words (stride 2), and still matches the reference search, compiled and interpreted."""
    latin, greek = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "ΑΒΓΔΕΖΗΘΙΚΛΜ"
    rng = random.Random(3)
    words = ["".join(rng.choices(latin[:6] + greek[:6], k=rng.randint(1, 5))) for _ in range(300)]
    lexicon = lexicon_from_words([*words, latin, greek], "trie")
    packed = packed_nodes(lexicon)
    assert len(packed.letter_bits) == 38
    walk = bit_walk_for(lexicon)
    compiled, pure = compiled_and_pure(SEARCHER)
    assert pure._depth_first_layout(packed.masks, packed.first, packed.terminal)[1] == 2
    for seed in range(5):
        board = Board.from_cells(random.Random(seed).choices([*latin[:6], *greek[:6], "QU"], k=36), 6)
        expected = list(pure._search(board, walk, board.cells))
        assert pure._search_packed(board, packed, board.cells) == expected
        assert list(compiled.find_words(board, walk)) == expected
