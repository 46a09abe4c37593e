"""Saves of games in other languages: tiles written in bracket notation, old saves (internal
code points) still load, and the word list's ``--digraphs`` mode travels with the save."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from conftest import has_internal_tiles
from hypothesis import given
from hypothesis import strategies as st

from scrabble.game.test_languages import _play, lexicon_of, small_bag
from wordgames.errors import FormatError
from wordgames.lexicon import load_lexicon
from wordgames.lexicon.legacy_codes import legacy_forms
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS
from wordgames.scrabble.formats.save_read import game_from_state, load_game, saved_digraphs
from wordgames.scrabble.formats.save_tiles import convert_tiles
from wordgames.scrabble.formats.saves import _checksum, game_to_state, save_game


def test_a_catalan_save_is_written_in_notation_and_old_saves_load(tmp_path: Path) -> None:
    lexicon = lexicon_of(tmp_path, "catalan")
    tile_set = small_bag("catalan", lexicon)
    game = _play(lexicon, tile_set, seed=5, turns=6)
    path = tmp_path / "partida.json"
    save_game(game, path)
    text = path.read_text(encoding="utf-8")
    assert not has_internal_tiles(text)
    assert "[L·L]" in text and "[NY]" in text  # in the bag's counts and values at least
    state = json.loads(text)
    assert state["settings"]["tile_set"]["written"] == "notation"
    resumed = load_game(path)
    assert resumed.board == game.board and resumed.bag.tiles == game.bag.tiles
    assert [str(p.rack) for p in resumed.players] == [str(p.rack) for p in game.players]
    assert resumed.history == game.history
    # A save of the earlier form: the same data in code points (a Deseret capital for each
    # multi-character tile), without "written".
    alphabet = tile_set.alphabet
    codes = {form: code for code, form in legacy_forms(alphabet.tiles, alphabet.lower_forms).items()}

    def to_codes(text: str) -> str:
        return "".join(codes.get(form, form) for form in alphabet.parse(text))

    old = convert_tiles(copy.deepcopy(state), to_codes)
    old_tiles = old["settings"]["tile_set"]
    del old_tiles["written"]
    for table in ("values", "counts"):
        old_tiles[table] = {to_codes(tile): number for tile, number in old_tiles[table].items()}
    old["checksum"] = _checksum(old)
    assert has_internal_tiles(json.dumps(old, ensure_ascii=False))
    again = game_from_state(old, lexicon)
    assert again.board == game.board and again.history == game.history
    assert game_to_state(again) == state


def test_the_digraphs_mode_travels_with_the_save(tmp_path: Path) -> None:
    words = tmp_path / "espanol.txt"
    words.write_text("CARRO\nPE[RR]O\nCASA\nOSO\nROCA\nCARO\nORO\nRAS\nSOR\nARO\n", encoding="utf-8")
    spanish = TILE_DISTRIBUTIONS["spanish"]
    lexicon = load_lexicon(words, tiles=spanish.lexicon_encoding("bracketed"))
    assert "CARRO" in lexicon  # five tiles: R R, not the RR tile
    game = _play(lexicon, small_bag("spanish", lexicon), seed=1, turns=2)
    path = tmp_path / "partida.json"
    save_game(game, path, digraphs="bracketed")
    assert saved_digraphs(path) == "bracketed"
    resumed = load_game(path)  # the list read again from its file, the same way
    assert "CARRO" in resumed.lexicon and sorted(resumed.lexicon) == sorted(lexicon)
    save_game(game, path)
    assert saved_digraphs(path) == "longest"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet="AN[Y]L·.?ly", max_size=6),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(
        st.sampled_from(["players", "board", "bag", "history", "rack", "tiles", "move", "placed", "word"]),
        children, max_size=3),
    max_leaves=12,
)


@given(st.dictionaries(st.sampled_from(["players", "board", "bag", "history", "settings"]), JSON))
def test_converting_any_data_gives_data_or_one_format_error(data: dict[str, object]) -> None:
    catalan = TILE_DISTRIBUTIONS["catalan"]
    try:
        converted = convert_tiles(data, catalan.show, "fuzz.json")
    except FormatError as error:
        assert str(error).startswith("fuzz.json: ")
    else:
        assert set(converted) == set(data)
