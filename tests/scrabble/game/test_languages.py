"""Every language's tiles end to end (issue 17): Catalan (L·L, NY, QU), Spanish (CH, LL, RR,
Ñ), Polish and German word lists made for these tests; the generator against a brute force,
each distribution's points, whole games with their GCG and saves, the Polish endgame record,
and the command line."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import has_internal_tiles, shared_file

from scrabble.core.test_distributions_play import WORDS as ONE_CHARACTER_WORDS
from scrabble.movegen.support import brute_force_moves, generated
from wordgames.errors import FormatError
from wordgames.lexicon import Lexicon, lexicon_from_words, load_lexicon
from wordgames.scrabble import Board, Layout, Rack, standard_layout
from wordgames.scrabble.core.scoring import formed_words
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS, TileSet
from wordgames.scrabble.formats.gcg import game_to_gcg, parse_gcg, read_gcg, replay_gcg
from wordgames.scrabble.formats.gcg_read import MOVE, PHONY
from wordgames.scrabble.formats.gcg_replay import move_from_event
from wordgames.scrabble.formats.save_read import load_game
from wordgames.scrabble.formats.saves import save_game
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.leaves import LeaveTable, alphabet_of, load_leaves
from wordgames.scrabble.leaves.dense import dense_leaves
from wordgames.scrabble.leaves.keeps import table_keeps
from wordgames.scrabble.leaves.klv2 import read_klv2, write_klv2
from wordgames.scrabble.rules.classic import ClassicRules

# Word lists written for these tests, as a word list of the language spells them (no
# brackets: digraphs are read by longest match).
WORDS = {
    "catalan": "COL·LEGI CEL·LA CEL·LES POL·LEN ANY ANYS BANY BANYS CANYA NYAP QUE QUI QUAN QUINA "
               "QUINES CAÇA PLAÇA FORÇA CASA CASES MAR SOL LA LES EL ELS ES AL EN UN UNA DE NO SI "
               "TE PA PAS MA MAL SAL GAT GATS LLUNA ARA ERA",
    "spanish": "CHILE CHICO NOCHE COCHE LECHE LLAMA CALLE POLLO PERRO CARRO CERRO TORRE AÑO NIÑO "
               "NIÑA CAÑA SEÑOR CASA LA EL ES UN LO NO SI YA MAR SOL OSO ORO ALA ERA",
    **{language: " ".join(words) for language, words in ONE_CHARACTER_WORDS.items()},
}  # fmt: skip
LANGUAGES = tuple(WORDS)
LAYOUT = Layout(5, 6, (2, 2), ("..d...", ".2..3.", "t..2..", "......", "...d.2"))
ROOT = Path(__file__).resolve().parents[3]


def word_file(folder: Path, language: str) -> Path:
    path = folder / f"{language}.txt"
    if not path.exists():
        path.write_text("\n".join(WORDS[language].split()) + "\n", encoding="utf-8")
    return path


def lexicon_of(folder: Path, language: str) -> Lexicon:
    tile_set = TILE_DISTRIBUTIONS[language]
    return load_lexicon(word_file(folder, language), tiles=tile_set.lexicon_encoding())


@pytest.fixture(scope="module")
def lists(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("languages")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_generator_matches_a_brute_force(language: str, lists: Path) -> None:
    tile_set = TILE_DISTRIBUTIONS[language]
    # Racks drawn with replacement may hold more of a tile than the bag: a composed position.
    rules = ClassicRules(tile_set, hand_size=7, bingo_bonus=50, count_tiles=False)
    lexicon = lexicon_of(lists, language)
    assert len(lexicon) == len(WORDS[language].split())
    tiles = sorted({lexicon.alphabet.tile(number) for key in lexicon.all_keys() for number in key})
    rng = random.Random(language)
    board = Board(LAYOUT, tile_set.alphabet)
    checked = 0
    for turn in range(6):
        rack = Rack(rng.choices(tiles, k=5) + (["?"] if turn == 2 else []), tile_set.alphabet)
        moves = list(rules.generate_moves(board, rack, lexicon))
        assert generated(moves) == brute_force_moves(board, rack, lexicon, rules)
        checked += len(moves)
        if moves:
            best = max(moves, key=lambda move: move.score)
            board.place_all((p.row, p.col, p.tile.lower() if p.blank else p.tile) for p in best.placed)
    assert checked > 10


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_best_move_searches_rank_first_what_full_generation_does(language: str, lists: Path) -> None:
    # The best-first searches stop on bounds made from tile values and premiums: checked with
    # each language's values, multi-character tiles and a leave table of random values.
    tile_set = TILE_DISTRIBUTIONS[language]
    rules = ClassicRules(tile_set, hand_size=7, bingo_bonus=50, count_tiles=False)
    lexicon = lexicon_of(lists, language)
    tiles = sorted({lexicon.alphabet.tile(number) for key in lexicon.all_keys() for number in key})
    rng = random.Random(f"{language} best")
    table = LeaveTable(tile_set.alphabet, {})
    leaves = [[tile] for tile in [*tiles, "?"]] + [rng.sample(tiles, 2) for _ in range(40)]
    table.values = {table.code(kept): rng.uniform(-10.0, 10.0) for kept in leaves}
    dense = dense_leaves(table)
    board = Board(standard_layout(), tile_set.alphabet)
    checked = 0
    for turn in range(16):
        rack = Rack(rng.choices(tiles, k=6) + (["?"] if turn % 3 == 2 else [rng.choice(tiles)]),
                    tile_set.alphabet)
        moves = list(rules.generate_moves(board, rack, lexicon))
        keeps = table_keeps(dense, tile_set.alphabet, rack)
        assert keeps is not None
        scores = sorted((move.score for move in moves), reverse=True)
        equities = sorted((keeps.equity(move) for move in moves), reverse=True)
        for limit in (1, 3):
            assert [move.score for move in rules.best_moves(board, rack, lexicon, limit)] == scores[:limit]
            found = rules.best_moves_by_equity(board, rack, lexicon, keeps, limit)
            assert [equity for equity, _ in found][:limit] == equities[:limit]
        checked += len(moves)
        if moves:
            best = max(moves, key=lambda move: move.score)
            board.place_all((p.row, p.col, p.tile.lower() if p.blank else p.tile) for p in best.placed)
    assert checked > 10


def test_multi_character_tiles_score_their_points(lists: Path) -> None:
    for language, rack, word, score in (
        ("catalan", "CEA[L·L]", "CE[L·L]A", 2 + 1 + 10 + 1),
        ("catalan", "[QU]E", "[QU]E", 8 + 1),
        ("catalan", "A[NY]B", "BA[NY]", 3 + 1 + 10),
        ("spanish", "[CH]ILE", "[CH]ILE", 5 + 1 + 1 + 1),
        ("spanish", "PE[RR]O", "PE[RR]O", 3 + 1 + 8 + 1),
        ("spanish", "AÑO", "AÑO", 1 + 8 + 1),
        ("polish", "ŻABA", "ŻABA", 5 + 1 + 3 + 1),
    ):
        tile_set = TILE_DISTRIBUTIONS[language]
        board = Board(Layout(3, 8, (1, 0), ("........", "........", "........")), tile_set.alphabet)
        rules = ClassicRules(tile_set, hand_size=7)
        moves = rules.generate_moves(board, tile_set.parse_rack(rack), lexicon_of(lists, language))
        best = max(moves, key=lambda move: (move.score, move.word))
        assert (tile_set.format(best.numbers), best.score) == (word, score), language
    # A blank standing for a multi-character tile scores nothing and is written in lower case.
    catalan = TILE_DISTRIBUTIONS["catalan"]
    rack = catalan.parse_rack("CEA?")
    board = Board(Layout(3, 8, (1, 0), ("........", "........", "........")), catalan.alphabet)
    moves = ClassicRules(catalan).generate_moves(board, rack, lexicon_of(lists, "catalan"))
    blanked = [move for move in moves if catalan.format(move.numbers) == "CE[l·l]A"]
    assert blanked and blanked[0].score == 2 + 1 + 0 + 1


def small_bag(language: str, lexicon: Lexicon) -> TileSet:
    """The language's tiles and points, but a bag of two of each tile the word list uses and
    a blank, so that a game with a small list plays its digraphs and letters beyond A-Z."""
    tile_set = TILE_DISTRIBUTIONS[language]
    used = {lexicon.alphabet.tile(number) for key in lexicon.all_keys() for number in key}
    return TileSet(tile_set.values, {**dict.fromkeys(used, 2), "?": 1}, tile_set.alphabet)


def _play(lexicon: Lexicon, tile_set: TileSet, seed: int, turns: int | None = None) -> Game:
    game = Game([Player("Ann", "greedy"), Player("Robo", "leave")], lexicon,
                GameSettings(tile_set=tile_set, seed=seed))
    if turns is None:
        game.play_out()
    for _ in range(turns or 0):
        game.play_computer_turn()
    return game


# Seeds whose games play multi-character tiles (Catalan L·L and NY, Spanish CH and LL) and
# letters beyond A-Z.
SEEDS = {"catalan": 6, "spanish": 2, "polish": 4, "german": 2}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_game_plays_out_and_its_gcg_and_save_replay_and_resume(
    language: str, lists: Path, tmp_path: Path
) -> None:
    lexicon = lexicon_of(lists, language)
    tile_set = small_bag(language, lexicon)
    seed = SEEDS[language]
    game = _play(lexicon, tile_set, seed)
    assert game.is_over
    played = [p.tile for turn in game.history if turn.move is not None for p in turn.move.placed]
    assert any(not tile.isascii() for tile in played)
    if language in ("catalan", "spanish"):
        assert any(len(tile) > 1 for tile in played)
    text = game_to_gcg(game, "a test")
    assert not has_internal_tiles(text)  # digraphs written in brackets
    result = replay_gcg(parse_gcg(text), lexicon, tile_set=tile_set)
    assert result.ok, result.discrepancy
    assert list(result.totals.values()) == [player.score for player in game.players]
    assert result.board == game.board
    # Saved half-way, resumed, played out: the same game as one never interrupted.
    half = _play(lexicon, tile_set, seed, turns=4)
    path = tmp_path / "game.json"
    save_game(half, path)
    resumed = load_game(path)  # the lexicon too, read by the saved alphabet
    assert resumed.settings.tile_set == tile_set and resumed.board == half.board
    assert resumed.settings.tile_set.alphabet == tile_set.alphabet
    assert [str(p.rack) for p in resumed.players] == [str(p.rack) for p in half.players]
    resumed.play_out()
    assert resumed.history == game.history
    assert [p.score for p in resumed.players] == [p.score for p in game.players]


def test_a_named_distribution_travels_in_the_gcg(lists: Path) -> None:
    lexicon = lexicon_of(lists, "catalan")
    game = _play(lexicon, TILE_DISTRIBUTIONS["catalan"], seed=3)
    text = game_to_gcg(game)
    assert "#tile-distribution catalan" in text
    assert replay_gcg(parse_gcg(text), lexicon).ok  # the pragma picks the tiles


def test_the_polish_endgame_record_replays(tmp_path: Path) -> None:
    record = read_gcg(shared_file("external/gcg/macondo/polish_endgame.gcg"))
    polish = TILE_DISTRIBUTIONS["polish"]
    # The word list: every word the moves that stand form (withdrawn phonies left out).
    board = Board(standard_layout(), polish.alphabet)
    words: set[str] = set()
    for index, event in enumerate(record.events):
        following = record.events[index + 1] if index + 1 < len(record.events) else None
        if event.kind != MOVE or (following is not None and following.kind == PHONY):
            continue
        move = move_from_event(board, event)
        words.update(word.word for word in formed_words(board, move.placed, move.direction))
        board.place_all((p.row, p.col, p.tile) for p in move.placed)
    assert {"STĘPIĆ", "ZDZIAŁAJ"} <= words and "HUJA" not in words
    path = tmp_path / "osps-excerpt.txt"
    path.write_text("\n".join(sorted(word.lower() for word in words)) + "\n", encoding="utf-8")
    lexicon = load_lexicon(path, tiles=polish.lexicon_encoding())
    result = replay_gcg(record, lexicon, tile_set=polish)
    assert result.ok, result.discrepancy
    assert result.totals == {"1": 316, "2": 323} and result.board == board


def test_a_record_in_other_tiles_is_refused_cleanly() -> None:
    # The Polish record's second move, read with English tiles (no Ć, no Ę).
    polish = parse_gcg("#player1 1 ptf1559\n#player2 2 smut3k\n>2: ĆĘIKPST 8G STĘPIĆ +46 46\n")
    with pytest.raises(FormatError, match=r"line 3: Ć, Ę are not in the tile set; give the record's tiles"):
        replay_gcg(polish, lexicon_from_words(["STĘPIĆ"]))
    assert replay_gcg(polish, lexicon_from_words(["STĘPIĆ"]), tile_set=TILE_DISTRIBUTIONS["polish"]).ok
    catalan = parse_gcg("#player1 A Ann\n#player2 B Bob\n>A: [L·L]W 8H AW +5 5\n")
    with pytest.raises(FormatError, match=r"line 3: 'AW': 'W' at position 2 is not in the alphabet"):
        replay_gcg(catalan, lexicon_from_words(["AW"]), tile_set=TILE_DISTRIBUTIONS["catalan"])


# --- the command line -----------------------------------------------------------------------


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wordgames", *args], capture_output=True, text=True,
                          input=stdin, check=False, cwd=ROOT, timeout=300)


def test_cli_best_play_and_autoplay_in_catalan(lists: Path, tmp_path: Path) -> None:
    words = str(word_file(lists, "catalan"))
    tiles = ["--tile-distribution", "catalan", "--lexicon", words]
    empty = "/".join(["15"] * 15)
    best = run_cli("scrabble", "best", "--cgp", f"{empty} [L·L]CEA[NY]S/ 0/0 0", *tiles, "--json")
    assert best.returncode == 0, best.stderr
    top = json.loads(best.stdout)["moves"][0]
    assert top["word"] == "CE[L·L]A" and top["score"] == 28
    assert [square["letter"] for square in top["placed"]] == ["C", "E", "[L·L]", "A"]
    text = run_cli("scrabble", "best", "--cgp", f"{empty} / 0/0 0", "--rack", "CE?A", *tiles, "--top", "99")
    assert text.returncode == 0 and "CE[l·l]A" in text.stdout
    bad = run_cli("scrabble", "best", "--cgp", f"{empty} [XY]/ 0/0 0", *tiles)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "[XY]" in bad.stderr
    # A game in the terminal: a hint, an exchange written in brackets, a save, then a resume.
    save = tmp_path / "partida.json"
    played = run_cli("scrabble", "play", "--players", "Ann,cpu:Robo", "--seed", "28", "--save", str(save),
                     *tiles, stdin="hint 2\nexchange [QU]\nquit\n")
    assert played.returncode == 0, played.stderr
    assert "[QU]" in played.stdout and "Ann exchanged [QU]" in played.stdout
    resumed = run_cli("scrabble", "play", "--resume", str(save), stdin="board\nquit\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "Ann exchanged" in resumed.stdout or "Last:" in resumed.stdout
    # Autoplay writes GCG files that the replay command checks.
    folder = tmp_path / "games"
    auto = run_cli("scrabble", "autoplay", "--games", "2", "--gcg-dir", str(folder), *tiles)
    assert auto.returncode == 0, auto.stderr
    for record in sorted(folder.glob("*.gcg")):
        replay = run_cli("scrabble", "replay", str(record), "--lexicon", words)
        assert replay.returncode == 0 and "all" in replay.stdout, replay.stdout + replay.stderr


def test_the_terminal_board_aligns_wide_tiles(lists: Path) -> None:
    from wordgames.cli.game_play import render_board

    catalan = TILE_DISTRIBUTIONS["catalan"]
    board = Board(Layout(2, 4, (0, 0), ("....", "....")), catalan.alphabet)
    board.place_all([(0, 0, "L·L"), (0, 1, "A"), (1, 3, "ny")])
    lines = render_board(board, tile_set=catalan).splitlines()
    assert lines[1].split() == ["1", "L·L", "A", ".", "."]
    assert lines[2].split()[-1] == "ny"
    assert len({len(line) for line in lines}) == 1  # every row as wide as the header


def test_a_klv2_numbers_tiles_as_the_distribution_does(lists: Path, tmp_path: Path) -> None:
    catalan = TILE_DISTRIBUTIONS["catalan"]
    codes = alphabet_of(catalan)
    assert codes == catalan.alphabet  # tile n of the CSV is the alphabet's tile n
    ll = codes.number("L·L")
    assert ll == 13  # A B C Ç D E F G H I J L L·L
    table = LeaveTable.from_leaves(codes, [((ll,), 5.5), ((0,), 25.0), ((1, ll), 7.0)])
    path = tmp_path / "catala.klv2"
    write_klv2(path, table)
    loaded = load_leaves(path, catalan)
    assert loaded.value(["L·L"]) == 5.5 and loaded.value(["A", "L·L"]) == 7.0
    assert read_klv2(path).value(["M"]) == 5.5  # read as English, tile 13 is M
    # The equity ranking of the command line reads it and writes leaves in brackets.
    empty = "/".join(["15"] * 15)
    best = run_cli("scrabble", "best", "--cgp", f"{empty} [QU]E[L·L]/ 0/0 0", "--strategy", "equity",
                   "--leaves", str(path), "--tile-distribution", "catalan",
                   "--lexicon", str(word_file(lists, "catalan")), "--json", "--top", "99")
    assert best.returncode == 0, best.stderr
    choices = json.loads(best.stdout)["moves"]
    kept = {(choice.get("word"), choice["leave"], choice["leave_value"]) for choice in choices}
    assert ("[QU]E", "[L·L]", 5.5) in kept


def test_the_simple_rules_refuse_multi_character_tiles() -> None:
    refused = run_cli("scrabble", "play", "--rules", "simple", "--tile-distribution", "spanish")
    assert refused.returncode == 2 and "one-character tiles" in refused.stderr
