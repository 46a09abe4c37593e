"""The engine against the COMP 2210 contract: the spec's example, every error path, extensions."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import shared_file, shared_lexicon
from sortedcontainers import SortedSet

import wordgames
from wordgames.errors import (
    BoardError,
    InvalidArgumentError,
    InvalidArgumentTypeError,
    LexiconError,
    LexiconNotLoadedError,
)
from wordgames.lexicon import backend_names, lexicon_from_words
from wordgames.limits import MAX_WORDSEARCH_CELLS
from wordgames.wordsearch import (
    BoggleGame,
    WordSearchGame,
    WordSearchGameFactory,
    create_game,
    parse_board,
)

from .support import SPEC_CELLS, SPEC_WORDS_5, SPEC_WORDS_6, is_valid_path

BACKENDS = backend_names()


@pytest.fixture(params=BACKENDS)
def spec_game(request: pytest.FixtureRequest) -> BoggleGame:
    """A game with the spec's lexicon (words.txt, loaded once per session) and board."""
    game = create_game(request.param)
    game.use_lexicon(shared_lexicon("lexicons/words.txt", request.param))
    game.set_board(SPEC_CELLS)
    return game


# --- the specification's example -------------------------------------------------------------


def test_words_of_six_or_more(spec_game: BoggleGame) -> None:
    words = spec_game.get_all_valid_words(6)
    assert isinstance(words, SortedSet)
    assert list(words) == SPEC_WORDS_6


def test_words_of_five_or_more_and_their_score(spec_game: BoggleGame) -> None:
    words = spec_game.get_all_valid_words(5)
    assert list(words) == SPEC_WORDS_5
    assert len(words) == 26
    assert sum(len(word) == 5 for word in words) == 22
    assert spec_game.get_score_for_words(words, 5) == 31


def test_is_on_board_examples(spec_game: BoggleGame) -> None:
    assert spec_game.is_on_board("PEACE") == [7, 6, 3, 2, 1]
    assert spec_game.is_on_board("peace") == [7, 6, 3, 2, 1]
    lent = spec_game.is_on_board("LENT")
    assert lent in ([5, 6, 9, 14], [5, 6, 9, 13])  # the spec's and the client's paths
    assert is_valid_path(spec_game.board, lent, "LENT")
    # HNTQ is on the board but is not a word.
    assert spec_game.is_on_board("HNTQ") == [8, 9, 13, 12]
    assert not spec_game.is_valid_word("HNTQ")
    # PLACE, POPE and PALE are words but are not on the board.
    for word in ("PLACE", "POPE", "PALE"):
        assert spec_game.is_valid_word(word)
        assert spec_game.is_on_board(word) == []


def test_boy_is_scorable_only_up_to_minimum_three(spec_game: BoggleGame) -> None:
    assert spec_game.is_on_board("BOY")
    assert spec_game.is_valid_word("boy")
    assert "BOY" in spec_game.get_all_valid_words(3)
    assert "BOY" not in spec_game.get_all_valid_words(4)
    assert spec_game.get_score_for_words(["BOY"], 3) == 1
    assert spec_game.get_score_for_words(["BOY"], 4) == 0


def test_prefixes(spec_game: BoggleGame) -> None:
    assert spec_game.is_valid_prefix("cat")  # a word is a prefix of itself
    assert spec_game.is_valid_prefix("CATAL")
    assert spec_game.is_valid_prefix("")
    assert not spec_game.is_valid_prefix("XQZ")


def test_every_valid_word_is_on_the_board_and_in_the_lexicon(spec_game: BoggleGame) -> None:
    for word in spec_game.get_all_valid_words(1):
        assert spec_game.is_valid_word(word)
        assert is_valid_path(spec_game.board, spec_game.is_on_board(word), word)


def test_scores_count_each_distinct_scorable_word_once(spec_game: BoggleGame) -> None:
    words = ["peace", "PEACE", "Peace", "TOECAP", "POPE", "HNTQ", "CAT", "PEA", "", "ZZZZZ"]
    # PEACE (5 letters, min 4): 2; TOECAP: 3; PEA too short; the rest are not scorable.
    assert spec_game.get_score_for_words(words, 4) == 5
    assert spec_game.get_score_for_words(SortedSet(words), 4) == 5
    assert spec_game.get_score_for_words(iter(words), 4) == 5
    assert spec_game.get_score_for_words([], 4) == 0


def test_scoring_a_large_set_uses_one_search(spec_game: BoggleGame) -> None:
    words = list(spec_game.get_all_valid_words(3)) + ["POPE", "PLACE"] * 20
    total = spec_game.get_score_for_words(words, 3)
    fresh = create_game(spec_game.backend)
    fresh.use_lexicon(spec_game.lexicon)
    fresh.set_board(SPEC_CELLS)
    # More words than the guided-check limit: this path solves the board once.
    assert fresh.get_score_for_words(words, 3) == total
    assert total == sum(1 + len(word) - 3 for word in spec_game.get_all_valid_words(3))


def test_java_style_names(spec_game: BoggleGame) -> None:
    assert list(spec_game.getAllValidWords(6)) == SPEC_WORDS_6
    assert list(spec_game.getAllScorableWords(6)) == SPEC_WORDS_6
    assert list(spec_game.get_all_scorable_words(6)) == SPEC_WORDS_6
    assert spec_game.isOnBoard("PEACE") == [7, 6, 3, 2, 1]
    assert spec_game.isValidWord("peace") and spec_game.isValidPrefix("pea")
    assert spec_game.getScoreForWords(spec_game.getAllValidWords(5), 5) == 31
    assert spec_game.getBoard() == spec_game.get_board()
    spec_game.setBoard(["A", "T", "E", "N"])
    assert spec_game.board.cells == ("A", "T", "E", "N")
    spec_game.setBoard(["A", "T", "E", "N", "S", "O"], 3)
    assert spec_game.board.columns == 3


def test_camel_case_names_are_defined_once_on_the_protocol() -> None:
    names = ["loadLexicon", "isValidWord", "isValidPrefix", "setBoard", "getBoard"]
    names += ["getAllValidWords", "getAllScorableWords", "getScoreForWords", "isOnBoard"]
    for name in names:
        assert name in vars(WordSearchGame)
        assert name not in vars(BoggleGame)


# --- lexicon loading and the default board ------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_load_lexicon_from_a_path_and_a_shipped_name(backend: str) -> None:
    game = create_game(backend)
    game.loadLexicon(str(shared_file("lexicons/words_small.txt")))
    assert game.is_valid_word("peace")
    game.load_lexicon("enable")
    assert game.lexicon.backend_name == backend
    assert list(game.get_all_valid_words(7)) == ["BENTHAL", "CAPELAN"]


def test_a_new_game_has_the_default_board() -> None:
    game = WordSearchGameFactory.createGame()
    assert isinstance(game, WordSearchGame)
    assert game.get_board() == "E E C A\nA L E P\nH N B O\nQ T T Y"
    assert game.board.cells == tuple(SPEC_CELLS)


def test_factories_and_the_package_face() -> None:
    lexicon = lexicon_from_words(["cat"])
    assert create_game(lexicon=lexicon).lexicon is lexicon
    assert wordgames.create_game is create_game
    assert wordgames.WordSearchGameFactory is WordSearchGameFactory
    assert isinstance(create_game("sortedset", "official"), WordSearchGame)
    assert create_game(lexicon="enable").is_valid_word("zyzzyva")


def test_changing_board_or_lexicon_forgets_the_solution() -> None:
    game = create_game(lexicon=lexicon_from_words(["ant", "tan", "net", "ten"]))
    game.set_board(["T", "A", "N", "E"])
    assert list(game.get_all_valid_words(3)) == ["ANT", "NET", "TAN", "TEN"]
    game.set_board(["T", "A", "X", "E"])
    assert list(game.get_all_valid_words(3)) == []
    game.use_lexicon(lexicon_from_words(["tax", "eta"]))
    assert list(game.get_all_valid_words(3)) == ["ETA", "TAX"]


# --- boards beyond the contract ----------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_qu_cells(backend: str) -> None:
    game = create_game(backend, lexicon=lexicon_from_words(["QUIT", "QUITE", "QI", "SUQ", "QUEST"]))
    game.set_board(["QU", "I", "T", "E"])
    assert list(game.get_all_valid_words(1)) == ["QUIT", "QUITE"]
    # Length counts letters: QUIT has 4 letters over 3 cells.
    assert list(game.get_all_valid_words(4)) == ["QUIT", "QUITE"]
    assert list(game.get_all_valid_words(5)) == ["QUITE"]
    assert game.is_on_board("quite") == [0, 1, 2, 3]
    assert game.is_on_board("QITE") == []
    assert game.get_score_for_words(["QUIT", "QUITE"], 4) == 3


@pytest.mark.parametrize("backend", BACKENDS)
def test_one_by_one_board(backend: str) -> None:
    game = create_game(backend, lexicon=lexicon_from_words(["A", "I", "AA"]))
    game.set_board(["a"])
    assert list(game.get_all_valid_words(1)) == ["A"]
    assert list(game.get_all_valid_words(2)) == []
    assert game.is_on_board("A") == [0]
    assert game.is_on_board("AA") == []
    assert game.get_score_for_words(["A", "AA"], 1) == 1


@pytest.mark.parametrize("backend", BACKENDS)
def test_rectangular_board(backend: str) -> None:
    game = create_game(backend, lexicon=lexicon_from_words(["STONE", "NOTES", "ONSET", "TONE"]))
    game.set_board(["S", "T", "O", "E", "N", "X"], columns=3)
    # S T O
    # E N X
    assert list(game.get_all_valid_words(4)) == ["NOTES", "ONSET", "STONE", "TONE"]
    assert game.is_on_board("STONE") == [0, 1, 2, 4, 3]
    game.set_board(parse_board("STO/ENX"))
    assert game.board.rows == 2


def test_official_scoring_option() -> None:
    game = create_game(scoring="official", lexicon="enable")
    game.set_board(parse_board("EECA/ALEP/HNBO/QTTY"))
    assert game.score_word("CAPELAN", 3) == 5
    assert game.get_score_for_words(["CAPELAN", "PEACE", "BOY"], 3) == 5 + 2 + 1


# --- every error path ------------------------------------------------------------------------


def test_everything_lexicon_dependent_needs_a_lexicon() -> None:
    game = create_game()
    calls = [
        lambda: game.is_valid_word("CAT"),
        lambda: game.is_valid_prefix("CA"),
        lambda: game.get_all_valid_words(3),
        lambda: game.getAllScorableWords(3),
        lambda: game.get_score_for_words(["CAT"], 3),
        lambda: game.is_on_board("CAT"),
        lambda: game.scored_words(3),
        lambda: game.lexicon,
    ]
    for call in calls:
        with pytest.raises(LexiconNotLoadedError):
            call()
    # The board is always there, lexicon or not.
    game.set_board(["A"])
    assert game.get_board() == "A"


def test_argument_errors_come_before_the_missing_lexicon() -> None:
    game = create_game()
    with pytest.raises(InvalidArgumentTypeError):
        game.is_valid_word(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        game.get_all_valid_words(0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_none_and_wrong_types_are_type_errors(backend: str) -> None:
    game = create_game(backend, lexicon=lexicon_from_words(["CAT"]))
    calls = [
        lambda: game.load_lexicon(None),  # type: ignore[arg-type]
        lambda: game.loadLexicon(None),  # type: ignore[arg-type]
        lambda: game.load_lexicon(42),  # type: ignore[arg-type]
        lambda: game.use_lexicon("enable"),  # type: ignore[arg-type]
        lambda: game.is_valid_word(None),  # type: ignore[arg-type]
        lambda: game.is_valid_prefix(None),  # type: ignore[arg-type]
        lambda: game.is_on_board(None),  # type: ignore[arg-type]
        lambda: game.isOnBoard(7),  # type: ignore[arg-type]
        lambda: game.set_board(None),  # type: ignore[arg-type]
        lambda: game.setBoard(None),  # type: ignore[arg-type]
        lambda: game.set_board(["A", None, "C", "D"]),  # type: ignore[list-item]
        lambda: game.get_all_valid_words(None),  # type: ignore[arg-type]
        lambda: game.get_all_valid_words(3.0),  # type: ignore[arg-type]
        lambda: game.get_all_valid_words(True),
        lambda: game.get_score_for_words(None, 3),  # type: ignore[arg-type]
        lambda: game.get_score_for_words("CAT", 3),
        lambda: game.get_score_for_words(["CAT", None], 3),  # type: ignore[list-item]
        lambda: game.get_score_for_words(["CAT"], None),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(InvalidArgumentTypeError):
            call()
        with pytest.raises(TypeError):  # what code written for the Java contract catches
            call()


@pytest.mark.parametrize("backend", BACKENDS)
def test_bad_values_are_value_errors(backend: str) -> None:
    game = create_game(backend, lexicon=lexicon_from_words(["CAT"]))
    calls = [
        lambda: game.get_all_valid_words(0),
        lambda: game.getAllValidWords(-5),
        lambda: game.get_score_for_words(["CAT"], 0),
        lambda: game.scored_words(0),
        lambda: game.set_board(["A", "B", "C"]),
        lambda: game.set_board([]),
        lambda: game.set_board(["A", "", "C", "D"]),
        lambda: game.set_board(["A", "B", "C", "D", "E"], columns=2),
    ]
    for call in calls:
        with pytest.raises(InvalidArgumentError):
            call()
        with pytest.raises(ValueError):
            call()
    with pytest.raises(BoardError, match="columns="):
        game.set_board(["A", "B", "C"])


def test_a_failed_set_board_keeps_the_old_board() -> None:
    game = create_game()
    with pytest.raises(BoardError):
        game.set_board(["A", "B", "C"])
    assert game.board.cells == tuple(SPEC_CELLS)


def test_unreadable_lexicons_are_lexicon_errors(tmp_path: Path) -> None:
    game = create_game()
    with pytest.raises(LexiconError):
        game.load_lexicon(tmp_path / "missing.txt")
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n", encoding="utf-8")
    with pytest.raises(LexiconError):
        game.load_lexicon(empty)
    with pytest.raises(LexiconNotLoadedError):
        game.is_valid_word("CAT")  # still no lexicon after the failures


def test_unknown_backend_or_scoring_fail_at_creation() -> None:
    with pytest.raises(InvalidArgumentError):
        create_game("btree")
    with pytest.raises(InvalidArgumentError):
        create_game(scoring="scrabble")



def test_the_valid_words_are_a_sorted_set_of_their_own() -> None:
    """The result is a full SortedSet (built around a set of its own): changing it changes
    neither the game's solution nor the next result."""
    game = create_game(lexicon=lexicon_from_words(["peace", "pea", "lent", "pope", "lens"]))
    words = game.get_all_valid_words(3)
    assert type(words) is SortedSet and words == SortedSet(["LENT", "PEA", "PEACE"])
    assert words.index("PEA") == 1 and "LENT" in words and words.isdisjoint({"POPE"})
    assert list(words.irange("M", "Z")) == ["PEA", "PEACE"]
    words.add("ZZZ")
    words.discard("LENT")
    assert list(words) == ["PEA", "PEACE", "ZZZ"]
    assert list(game.get_all_valid_words(3)) == ["LENT", "PEA", "PEACE"]
    assert game.solve() == frozenset({"LENT", "PEA", "PEACE"})
    assert list(game.get_all_valid_words(5)) == ["PEACE"]


class _UnreadCells:
    """``count`` cells that fail the test if any is read."""

    def __init__(self, count: int) -> None:
        self.count = count

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[str]:
        raise AssertionError("a cell was read before the board's size was checked")


@pytest.mark.parametrize(("count", "columns", "message"), [
    (10_000_000, None, f"10000000 cells (at most {MAX_WORDSEARCH_CELLS})"),
    (MAX_WORDSEARCH_CELLS + 1, 1, f"{MAX_WORDSEARCH_CELLS + 1} cells (at most {MAX_WORDSEARCH_CELLS})"),
    (17, None, "17 cells do not make a square board"),
    (17, 4, "17 cells cannot be laid out in rows of 4 columns"),
    (0, None, "no cells"),
])
def test_set_board_checks_the_size_before_reading_a_cell(
    count: int, columns: int | None, message: str
) -> None:
    game = create_game()
    with pytest.raises(BoardError, match=re.escape(message)):
        game.set_board(_UnreadCells(count), columns)  # type: ignore[arg-type]
    # The limit holds for an iterator too, read no further than one cell past it.
    cells = iter(["A"] * (MAX_WORDSEARCH_CELLS + 10))
    with pytest.raises(BoardError, match=f"at most {MAX_WORDSEARCH_CELLS}"):
        game.set_board(cells)  # type: ignore[arg-type]
    assert len(list(cells)) == 9
