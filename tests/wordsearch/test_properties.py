"""Property tests: the engine against a brute-force search of every path, on small random
boards (multi-letter and blocked cells included) and small random lexicons."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wordgames.lexicon import backend_names, lexicon_from_words
from wordgames.wordsearch import Board, create_game

from .support import all_path_strings, is_valid_path

# Few letters, so that words actually occur on the boards; "AB" overlaps "A" + "B", so the
# searcher must try both splittings; "#" is a blocked cell.
CELL_CONTENTS = ["A", "B", "E", "T", "A", "E", "QU", "AB", "#"]
WORD_LETTERS = "ABETQU"


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A random board of up to 3 x 4 cells."""
    rows = draw(st.integers(1, 3))
    columns = draw(st.integers(1, 4 if rows < 3 else 3))
    cells = draw(st.lists(st.sampled_from(CELL_CONTENTS), min_size=rows * columns,
                          max_size=rows * columns))
    return Board.from_cells(cells, columns=columns)


word_lists = st.lists(st.text(alphabet=WORD_LETTERS, min_size=1, max_size=5), min_size=1,
                      max_size=30)


@given(board=boards(), words=word_lists, backend=st.sampled_from(backend_names()),
       minimum=st.integers(1, 4))
def test_valid_words_and_scores_match_brute_force(
    board: Board, words: list[str], backend: str, minimum: int
) -> None:
    game = create_game(backend, lexicon=lexicon_from_words(words, backend))
    game.set_board(board)
    on_board = all_path_strings(board, max(len(word) for word in words))
    expected = {word for word in words if word in on_board and len(word) >= minimum}
    assert set(game.get_all_valid_words(minimum)) == expected
    assert game.get_score_for_words(words, minimum) == sum(
        1 + len(word) - minimum for word in expected
    )
    for word, path in game.solve_with_paths().items():
        assert is_valid_path(board, path, word)


# One lexicon and one game per backend shared by every example: the sortedset engine's lazily
# grown walk must stay correct across boards.
SHARED_WORDS = ["AB", "ABE", "BAT", "BATE", "BEAT", "BET", "EAT", "QUA", "QUAT", "TAB", "TEA",
                "TEAT", "TAE", "ABET", "BETA", "EQUATE", "TABU"]
SHARED_GAMES = {name: create_game(name, lexicon=lexicon_from_words(SHARED_WORDS, name))
                for name in backend_names()}


@given(board=boards())
def test_backends_agree_across_many_boards(board: Board) -> None:
    on_board = all_path_strings(board, 6)
    expected = {word for word in SHARED_WORDS if word in on_board}
    for game in SHARED_GAMES.values():
        game.set_board(board)
        assert set(game.get_all_valid_words(1)) == expected


@given(board=boards(), probe=st.text(alphabet=WORD_LETTERS + "X#", max_size=6))
def test_is_on_board_matches_brute_force(board: Board, probe: str) -> None:
    game = SHARED_GAMES["trie"]
    game.set_board(board)
    path = game.is_on_board(probe.lower())
    expected = bool(probe) and "#" not in probe and probe in all_path_strings(board, len(probe))
    assert bool(path) == expected
    if path:
        assert is_valid_path(board, path, probe)
