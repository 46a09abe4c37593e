"""Endgames that other engines' test suites publish with their values (MAGPIE, Macondo).

Each position is data: where it is published (repository, file, test), the value the source
asserts (the change in spread from the mover's view to the end of the game, the end-of-game
rack adjustments included: the same quantity as :attr:`EndgameResult.value`), whether the
source says that value is proven or only reached at a depth cap, and the word list it was
solved with.  The positions and values are facts read from those repositories; the boards are
written here as CGP (racks: the mover's first).

None of these sources solves with a list we have: they use NWL2018/NWL2020/NWL2023 or a
Macondo list called America (read here with ``OWL.txt``, the 1998 American list) and
CSW19/CSW21 (read here with ``CSW12.txt``).  Each board also holds words of those later
lists; ``added`` names them, ``line_words`` the ones a published line forms besides, and a
position is solved on our list plus exactly those words.  A word the later list adds
elsewhere can still change a value, so a value is checked as published only where ``agrees``
records that we reproduce it; where we do not, ``finding`` says what we found.  The test module and
``benchmarks/bench_endgame_published.py`` both read this table.
"""

from __future__ import annotations

from dataclasses import dataclass

MACONDO = "domino14/macondo"
MAGPIE = "jvc56/MAGPIE"
MACONDO_SOLVER_TESTS = "endgame/negamax/solver_test.go"
MAGPIE_ENDGAME_TESTS = "test/endgame_test.c"
OWL = "lexicons/OWL.txt"
CSW12 = "lexicons/CSW12.txt"


@dataclass(frozen=True)
class Publication:
    """One place a value is published: repository, file, test, its value and word list."""

    repository: str
    path: str
    test: str
    value: int
    lexicon: str
    proven: bool
    """The source proves the value (searches to the end); False: the value at a depth cap."""


@dataclass(frozen=True)
class PublishedEndgame:
    """A published endgame, the board as CGP with both racks (the mover's first)."""

    name: str
    cgp: str
    sources: tuple[Publication, ...]
    word_list: str
    """Our nearest list, a path under the shared data folder."""
    added: tuple[str, ...]
    """The words on the board that ``word_list`` lacks (later-edition words)."""
    agrees: bool
    """We prove the first source's value on ``word_list`` plus ``added``."""
    first_move: str | None = None
    """The first move in standard notation where a source pins it (``pass`` for a pass)."""
    turns: int | None = None
    """The number of turns of the best line where a source pins it."""
    line: tuple[tuple[str, int], ...] = ()
    """A best line a source prints in full, to the end of the game: each turn's move in
    standard notation (``.`` for a board tile, ``pass``) and its score, the mover first."""
    line_words: tuple[str, ...] = ()
    """The words ``line`` forms that ``word_list`` and ``added`` lack."""
    finding: str = ""
    """Where we do not reproduce a value: what we found."""

    @property
    def value(self) -> int:
        """The value the first source publishes."""
        return self.sources[0].value


POSITIONS: tuple[PublishedEndgame, ...] = (
    PublishedEndgame(
        # Macondo's TestProperIterativeDeepening: the game gcgio/testdata/noah_vs_mishu.gcg
        # after 28 turns and four more plays (the board Macondo keeps as NoahVsMishu3 in
        # board/sample_testing_boards.go); value 44 at 7 and at 8 plies, a line of five
        # turns starting "6I A." ("anything else shows a serious bug").
        name="noah_vs_mishu",
        cgp="10WHETS/11O3/9GLUG2/11S3/9R1E1C1/9I1DAIS/7T1AG1BOA/f5VOX1ATONY/I6FIVER3/"
            "RIN2WET3E3/E3ZA2MOANED1/L2BID1QI2C3/O1JUN3MU1HOER/c2RETUNES2IF1/KNAP3OREAD1T1 "
            "AEIY/LLP 339/381 0",
        sources=(Publication(MACONDO, MACONDO_SOLVER_TESTS, "TestProperIterativeDeepening", 44, "NWL18",
                             proven=False),),
        word_list=OWL, added=("OI", "QI", "ZA", "ZINE"), agrees=True, first_move="6I AI", turns=5,
    ),
    PublishedEndgame(
        # Macondo's TestSolveStandard (board VsCanik, NWL18: 11, a line of three turns) and
        # MAGPIE's test_solve_standard (the same board as CGP, NWL20: 11).
        name="vs_canik",
        cgp="9A1PIXY/9S1L3/2ToWNLETS1O3/9U1DA1R/3GERANIAL1U1I/9g2T1C/8WE2OBI/6EMU4ON/6AID3GO1/"
            "5HUN4ET1/4ZA1T4ME1/1Q1FAKEY3JOES/FIVE1E5IT1C/5SPORRAN2A/6ORE2N2D BGIV/DEHILOR 384/389 0",
        sources=(Publication(MACONDO, MACONDO_SOLVER_TESTS, "TestSolveStandard", 11, "NWL18", proven=False),
                 Publication(MAGPIE, MAGPIE_ENDGAME_TESTS, "test_solve_standard", 11, "NWL20", proven=False)),
        word_list=OWL, added=("DA", "FE", "PO", "QI", "ZA"), agrees=False, turns=3,
        finding="we prove 12 (1G VIGA 24, K7 DHOLE 25, 13K BIT 9 and DHOLE's IR counted twice), "
                "a line of three turns as published but a point more; every reply to VIGA our "
                "lists allow lets the B go out on the third turn, inside the published 4-ply "
                "cap; still 12 with the 2-letter words NWL2018 adds or with all of CSW12 added, "
                "so the opponent's better reply needs a word neither has (or one of the engines "
                "is wrong)",
    ),
    PublishedEndgame(
        # MAGPIE's test_pass_first ("exact value is -63, verified at 25 plies", first move a
        # pass; CSW21) and Macondo's TestPassFirst (CSW19: -60 at 8 plies, first move a pass,
        # a line of six turns).  A game annotated on cross-tables.com.
        name="pass_first",
        cgp="GATELEGs1POGOED/R4MOOLI3X1/AA10U2/YU4BREDRIN2/1TITULE3E1IN1/1E4N3c1BOK/1C2O4CHARD1/"
            "QI1FLAWN2E1OE1/IS2E1HIN1A1W2/1MOTIVATE1T1S2/1S2N5S4/3PERJURY5/15/15/15 FV/AADIZ 442/388 0",
        sources=(Publication(MAGPIE, MAGPIE_ENDGAME_TESTS, "test_pass_first", -63, "CSW21", proven=True),
                 Publication(MACONDO, MACONDO_SOLVER_TESTS, "TestPassFirst", -60, "CSW19", proven=False)),
        word_list=CSW12, added=("GATELEGS",), agrees=False, first_move="pass",
        finding="we prove -60 with a pass first (pass, F12 RIZ 32, 7E OF 10, 15F AD 16, pass, "
                "14F ZA 14, the V counted twice): Macondo's CSW19 value and line of six turns, "
                "not MAGPIE's proven CSW21 -63 (a line of ten turns with four passes there): "
                "either that line uses a word CSW12 lacks or one of the solvers is wrong",
    ),
    PublishedEndgame(
        # Macondo's TestStuckPruning (skipped there as very slow; CSW19; five lines worth +72
        # "courtesy of elbbarcs.com", each ending with the V counted twice) and MAGPIE's
        # test_eldar_v_stick (CSW21: 72).  Board EldarVsNigel, the 2019 World Championship.
        name="eldar_v_stick",
        cgp="4EXODE6/1DOFF1KERATIN1U/1OHO8YEN/1POOJA1B3MEWS/5SQUINTY2A/4RHINO1e3V/2B4C2R3E/"
            "GOAT1D1E2ZIN1d/1URACILS2E4/1PIG1S4T4/2L2R4T4/2L2A1GENII3/2A2T1L7/5E1A7/5D1M7 "
            "AEEIRUW/V 410/409 0",
        sources=(Publication(MACONDO, MACONDO_SOLVER_TESTS, "TestStuckPruning", 72, "CSW19", proven=True),
                 Publication(MAGPIE, MAGPIE_ENDGAME_TESTS, "test_eldar_v_stick", 72, "CSW21", proven=False)),
        word_list=CSW12, added=("EW", "FOO", "OK"), agrees=False,
        line=(("11B AL", 8), ("pass", 0), ("15F DUM", 6), ("pass", 0), ("11J IT", 4), ("pass", 0),
              ("10I EWT", 28), ("pass", 0), ("3F RE", 18)),
        line_words=("DUM",),
        finding="not proven within the benchmark's time limit; the published line plays DUM, "
                "which CSW12 lacks",
    ),
    PublishedEndgame(
        # MAGPIE's test_vs_joey (NWL20: 55; "you need to look at least 13 plies deep", a line
        # of seven turns ending H12 FLAM) and Macondo's TestSolveOther3 (NWL18: 55 at 14
        # plies).  Board VsJoey, Lake George 2019.
        name="vs_joey",
        cgp="AIDER2U7/b1E1E2N1Z5/AWN1T2M1ATT3/LI1COBLE2OW3/OP2U2E2AA3/NE2CUSTARDS1Q1/ER1OH5I2U1/"
            "S2K2FOB1ERGOT/5HEXYLS2I1/4JIN6N1/2GOOP2NAIVEsT/1DIRE10/2GAY10/15/15 AEFILMR/DIV 371/412 0",
        sources=(Publication(MAGPIE, MAGPIE_ENDGAME_TESTS, "test_vs_joey", 55, "NWL20", proven=False),
                 Publication(MACONDO, MACONDO_SOLVER_TESTS, "TestSolveOther3", 55, "NWL18", proven=False)),
        word_list=OWL, added=("OK", "ZA"), agrees=False, turns=7,
        line=(("J11 .R", 2), ("F2 DI.", 19), ("6N .I", 11), ("pass", 0), ("12I E.", 4), ("pass", 0),
              ("H12 FLAM", 49)),
        line_words=("QI",),
        finding="not proven within the benchmark's time limit; the published line forms QI, "
                "which OWL.txt lacks",
    ),
    PublishedEndgame(
        # Macondo's TestFromGCG: gcgio/testdata/vs_frentz.gcg after 22 turns (CSW19: 99 at 3
        # plies, a line of one turn: O6 RIMLANDS going out).  The game itself replays on CSW12.
        name="vs_frentz",
        cgp="7D3V3/4EN1A2QUOTH/4NONVIRILE2/3ADO1Y3G3/3WOK4ZO3/3AW5I4/4E5T4/3CRAAlED5/4S1XI7/"
            "5YEP1GOR3/2JIBE1EUOI4/1SAFE6POND/2IF2ACErBER2/GUL1TUM8/2STERILE6 AILMNRS/AHNTT 446/439 0",
        sources=(Publication(MACONDO, MACONDO_SOLVER_TESTS, "TestFromGCG", 99, "CSW19", proven=False),),
        word_list=CSW12, added=(), agrees=False, first_move="O6 RIMLANDS", turns=1,
        line=(("O6 RIMLAN.S", 83),),
        finding="the published line (O6 RIMLANDS, 83 and AHNTT counted twice) is found at once; "
                "no better line proven absent within the benchmark's time limit",
    ),
    PublishedEndgame(
        # Macondo's TestSolveStandard2 (board VsJoel, Manhattan 2019; NWL18: 25 at 4 plies).
        name="vs_joel",
        cgp="1LEMNISCI2L1ER/7O1PAINT1/4A2L1RAVE2/WEDGE2Z1I1R3/4R1JAUNTEd2/4OXO2K5/2YOB3P6/"
            "3FAUNAE6/4T3GUY4/6BESTEaD2/7T2HIE2/7H4VUG/2CORMOID6/7O7/7NONIDEAL AAFIRTW/EIQSS 373/393 0",
        sources=(Publication(MACONDO, MACONDO_SOLVER_TESTS, "TestSolveStandard2", 25, "NWL18",
                             proven=False),),
        word_list=OWL, added=("AEROBAT",), agrees=False,
        finding="not proven within the benchmark's time limit; the published value is one at a "
                "4-ply cap",
    ),
    PublishedEndgame(
        # Macondo's TestSolveComplex (board VsRoy, California Open 2011; list America: 116 at
        # 8 plies; Quackle's 122 is called wrong there).
        name="vs_roy",
        cgp="10LURID/2O11I/2U5PRICERS/OUTRATES3O2T/2V8u2E/G1I1COLONIAL2N/A1ES7T2D/N2E3UPBYE2E/"
            "J2R2M2O1R2D/AB1EN1AGAVES3/1L1NO1F1MIX4/1I1AN1I2D5/1GATEWAYs6/1H1E11/1T13 EFHIKOQ/WZ 331/427 0",
        sources=(Publication(MACONDO, MACONDO_SOLVER_TESTS, "TestSolveComplex", 116, "America",
                             proven=False),),
        word_list=OWL, added=(), agrees=False,
        finding="not proven within the benchmark's time limit",
    ),
    PublishedEndgame(
        # Macondo's TestVeryDeep (CSW19: -116, "requires 25 plies") and MAGPIE's
        # test_very_deep (CSW21: -116, first move a pass).
        name="very_deep",
        cgp="14C/13QI/12FIE/10VEE1R/9KIT2G/8CIG1IDE/8UTA2AS/7ST1SYPh1/6JA5A1/5WOLD2BOBA/"
            "3PLOT1R1NU1EX/Y1VEIN1NOR1mOA1/UT1AT1N1L2FEH1/GUR2WIRER5/SNEEZED8 ADENOOO/AHIILMM 353/236 0",
        sources=(Publication(MACONDO, MACONDO_SOLVER_TESTS, "TestVeryDeep", -116, "CSW19", proven=True),
                 Publication(MAGPIE, MAGPIE_ENDGAME_TESTS, "test_very_deep", -116, "CSW21", proven=True)),
        word_list=CSW12, added=(), agrees=True, first_move="pass",
    ),
    PublishedEndgame(
        # Macondo's TestZeroPtFirstPlay (CSW19: -42 at 11 plies, a line of ten turns starting
        # with a blank played for no points).
        name="zero_point_first_play",
        cgp="IBADAT1B7/2CAFE1OD1TRANQ/2TUT2RENIED2/3REV2YOMIM2/4RAFT1NISI2/5COR2N1x2/6LA1AGEE2/"
            "6LIAISED2/5POKY2W3/4JOWS7/V2LUZ9/ORPIN10/L1OE11/TUX12/I14 EEEEGH?/AGHNOSU 308/265 0",
        sources=(Publication(MACONDO, MACONDO_SOLVER_TESTS, "TestZeroPtFirstPlay", -42, "CSW19",
                             proven=False),),
        word_list=CSW12, added=("EEW",), agrees=True,
    ),
    PublishedEndgame(
        # MAGPIE's test_kue (NWL23: 52 at 14 plies).
        name="kue",
        cgp="6MOO1VIRLS/1EJECTA6A1/2I2AEON4R1/2BAH6X1N1/2SLID4GIFTS/4DONG1OR1R1i/7HOURLY1Z/"
            "FE4DINT1A2Y/RECLINE2I1N3/EW1ATAP2E1G3/M10U3/D3PATOOTIE3/15/15/15 ?AEEKSU/BEIQUVW 276/321 0",
        sources=(Publication(MAGPIE, MAGPIE_ENDGAME_TESTS, "test_kue", 52, "NWL23", proven=False),),
        word_list=OWL, added=("DEP", "EEW", "EW", "FE", "GRR", "LARNT", "OUTIE", "PATOOTIE"), agrees=False,
        finding="not proven within the benchmark's time limit",
    ),
)
