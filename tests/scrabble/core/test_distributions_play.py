"""Playing with other languages' one-character tiles (German, Polish): scores use the
distribution's points (issue 17).  The generator against a brute force in these languages and
in Catalan and Spanish is in ``scrabble/game/test_languages.py``, with these word lists."""

from __future__ import annotations

from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import Bag, Board, Layout, Rack
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS
from wordgames.scrabble.rules.classic import ClassicRules

# Small word lists made for these tests (real words, with the letters beyond A-Z).
WORDS = {
    "german": ["BÄR", "BÄREN", "ÄRA", "ÖL", "ÖLE", "ÜBER", "RÜBE", "RÜBEN", "TÜR", "TÜREN", "ÖDE",
               "SÄGE", "GRÜN", "ÜBEN", "ER", "ES", "AB", "AN", "RAT", "TAT", "BAR", "REST", "NEST",
               "TOR", "ROT", "BOTE", "NÜSSE", "ÄSTE"],
    "polish": ["ĆMA", "ŁĄKA", "ŻABA", "ŹLE", "MĄKA", "RĘKA", "SĘK", "ŚNIEG", "KOŃ", "KOŁO", "AŻ",
               "ŻE", "ZA", "NA", "KOT", "TAK", "KAT", "MAK", "RAK", "ŻAR", "ŁAŃ", "OKO", "NOŻE"],
}  # fmt: skip

LAYOUT = Layout(5, 6, (2, 2), ("..d...", ".2..3.", "t..2..", "......", "...d.2"))


def test_scores_use_the_distribution_points() -> None:
    polish = TILE_DISTRIBUTIONS["polish"]
    rules = ClassicRules(polish, hand_size=7)
    lexicon = lexicon_from_words(WORDS["polish"])
    board = Board(Layout(3, 5, (1, 0), (".....", ".....", ".....")))
    rack = Rack(["Ż", "A", "B", "A"], polish.alphabet)
    best = max(rules.generate_moves(board, rack, lexicon), key=lambda move: move.score)
    assert (best.word, best.score) == ("ŻABA", 5 + 1 + 3 + 1)
    german = ClassicRules(TILE_DISTRIBUTIONS["german"], hand_size=7)
    rack = Rack(["B", "Ä", "R", "?"], TILE_DISTRIBUTIONS["german"].alphabet)
    moves = german.generate_moves(board, rack, lexicon_from_words(WORDS["german"]))
    scores = {move.word: move.score for move in moves if move.word in ("BÄR", "BÄRe")}
    assert scores["BÄR"] == 3 + 6 + 1


def test_a_polish_bag_deals_its_own_tiles() -> None:
    bag = Bag.full(TILE_DISTRIBUTIONS["polish"], seed=5)
    drawn = bag.draw(100)
    assert len(drawn) == 100 and "Ź" in drawn and "Q" not in drawn
