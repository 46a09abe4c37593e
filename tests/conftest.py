"""Fixtures shared by every test module.

Big word lists are loaded once per session.  Data from ../shared is read in place (never
copied into the project); tests that need it skip with a reason when that folder is absent.
The lexicon cache goes to a per-session temporary folder so tests never touch the user's.
"""

from __future__ import annotations

import importlib
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from compiled_support import interpreted_chain
from hypothesis import HealthCheck, settings

from wordgames.compiled import is_compiled, pure_forced, stale_extensions, stale_message
from wordgames.lexicon import Lexicon, load_lexicon
from wordgames.scrabble import BLANK, STANDARD_ENGLISH, Board, TileSet

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=150, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


def pytest_sessionstart(session: pytest.Session) -> None:
    """Refuse to test old code: an extension built in place that is older than its source
    would run instead of the source (rebuild, or force the sources)."""
    if not pure_forced() and (stale := stale_extensions()):
        raise pytest.UsageError(stale_message(stale))


@pytest.fixture(autouse=True)
def _process_defaults_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands run in process set process-wide defaults (the ``--leaves`` table, players bound
    to their tables): every test gets them back as they were, whatever ran before it."""
    from wordgames.scrabble.game import decision
    from wordgames.scrabble.strategy import equity

    monkeypatch.setattr(decision, "_STRATEGIES", dict(decision._STRATEGIES))
    monkeypatch.setattr(equity, "_configured", equity._configured)
    monkeypatch.setattr(equity, "_configured_set", equity._configured_set)


@pytest.fixture(scope="session", autouse=True)
def _children_import_this_package() -> Iterator[None]:
    """Commands the tests run as ``python -m wordgames`` import the package this session
    imports: run from the checkout, Python would put the checkout first on the path and import
    its sources (the pure core, where the session runs an installed compiled one).  So the
    folder holding the session's package goes first on PYTHONPATH, and PYTHONSAFEPATH keeps
    the working folder off the path."""
    import wordgames

    names = ("PYTHONPATH", "PYTHONSAFEPATH")
    previous = {name: os.environ.get(name) for name in names}
    home = str(Path(wordgames.__file__).resolve().parents[1])
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [home, previous["PYTHONPATH"]]))
    os.environ["PYTHONSAFEPATH"] = "1"
    yield
    for name, value in previous.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture(scope="session", autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point the lexicon cache at a fresh folder for the whole session."""
    previous = os.environ.get("WORDGAMES_CACHE_DIR")
    os.environ["WORDGAMES_CACHE_DIR"] = str(tmp_path_factory.mktemp("lexicon-cache"))
    yield
    if previous is None:
        os.environ.pop("WORDGAMES_CACHE_DIR", None)
    else:
        os.environ["WORDGAMES_CACHE_DIR"] = previous


def shared_file(relative: str) -> Path:
    """A file in ../shared, or skip the test with a reason when it is not there."""
    path = SHARED / relative
    if not path.exists():
        pytest.skip(f"../shared is not beside the checkout ({path} missing)")
    return path


_LOADED: dict[tuple[str, str], Lexicon] = {}


def shared_lexicon(relative: str, backend: str = "trie") -> Lexicon:
    """A lexicon from ../shared, loaded once per test session and backend."""
    key = (relative, backend)
    if key not in _LOADED:
        _LOADED[key] = load_lexicon(shared_file(relative), backend)
    return _LOADED[key]


@pytest.fixture(scope="session")
def enable_trie() -> Lexicon:
    """The shipped ENABLE list, trie backend."""
    return load_lexicon("enable", "trie")


@pytest.fixture(scope="session")
def enable_sortedset() -> Lexicon:
    """The shipped ENABLE list, sortedset backend."""
    return load_lexicon("enable", "sortedset")


def unseen_tiles(board: Board, tile_set: TileSet = STANDARD_ENGLISH) -> list[str]:
    """The tiles of a full bag of ``tile_set`` that are not on ``board`` (a played blank, a
    lower-case letter, is a ``?`` of the bag): what a rack can hold in a real game."""
    left = Counter(tile_set.full_bag())
    left.subtract(BLANK if tile.islower() else tile for _, _, tile in board.tiles())
    return sorted(left.elements())


def fits(board: Board, rack: str, tile_set: TileSet = STANDARD_ENGLISH) -> bool:
    """Whether a real game could deal ``rack`` (text, ``?`` a blank) on ``board``."""
    return not Counter(rack) - Counter(unseen_tiles(board, tile_set))


def has_internal_tiles(text: str) -> bool:
    """Whether ``text`` holds a Deseret code point, the stand-in earlier versions used for a
    multi-character tile (``L·L``): nothing shown to a user or written to a file may hold one."""
    return any(0x10400 <= ord(char) <= 0x1044F for char in text)


MOVEGEN_CHAIN = (
    "wordgames.scrabble.movegen.board_arrays",
    "wordgames.scrabble.movegen.buffer",
    "wordgames.scrabble.movegen.equity",
    "wordgames.scrabble.movegen.records",
    "wordgames.scrabble.movegen.kernel",
    "wordgames.scrabble.movegen.convert",
    "wordgames.scrabble.movegen.generator",
)
"""The move search's modules, each calling the ones before it."""

CORES = ("compiled", "interpreted")


def movegen_of(core: str) -> ModuleType:
    """The move generator module of one core: ``compiled`` as normally imported (skip when it
    is not compiled here), ``interpreted`` its source run with the sources of the search it
    drives (loaded once per process).  Moves are the one :class:`Move` class either way."""
    if core == "compiled":
        module = importlib.import_module("wordgames.scrabble.movegen.generator")
        if not is_compiled(module):
            pytest.skip("the move generator is not compiled here "
                        "(no extension built, or the pure core forced)")
        return module
    return interpreted_chain(MOVEGEN_CHAIN)[-1]


@pytest.fixture
def compiled_core() -> None:
    """Skip unless the move generator is compiled: for tests of time budgets, which a search
    keeps to one of its steps (a move generation: milliseconds compiled, a tenth of a second
    and more interpreted, beyond the budgets' 50 ms of slack)."""
    movegen_of("compiled")


@pytest.fixture(params=CORES)
def movegen(request: pytest.FixtureRequest) -> ModuleType:
    """The move generator module, once per core (see :func:`movegen_of`)."""
    return movegen_of(request.param)
