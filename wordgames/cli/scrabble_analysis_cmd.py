"""``wordgames scrabble sim`` and ``wordgames scrabble analyze``.

``sim`` simulates the best candidates of a CGP position (see
:mod:`wordgames.scrabble.strategy.simulation`); ``analyze`` reviews every known-rack turn of a
GCG game (see :mod:`wordgames.scrabble.strategy.analysis`), as text, JSON or one HTML page.
Both show a progress bar on stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from wordgames.atomic import check_writable, write_text_atomically
from wordgames.cli.analysis_html import review_to_html
from wordgames.cli.common import (
    add_json_option,
    add_lexicon_options,
    add_tile_options,
    cgp_position_from_args,
    decimal_number,
    lexicon_from_args,
    position_lexicon,
    positive_int,
    print_json,
    progress_bar,
    tile_set_from_args,
    warn_of_phonies,
    whole_number,
)
from wordgames.cli.infer_cmd import add_last_play_option, position_inference
from wordgames.errors import InvalidArgumentError
from wordgames.limits import MAX_SIMULATION_CANDIDATES, MAX_SIMULATION_PLIES
from wordgames.scrabble.core.layout import layout_by_name
from wordgames.scrabble.formats.gcg import read_gcg
from wordgames.scrabble.formats.gcg_replay import tile_set_from_pragma
from wordgames.scrabble.rules.registry import get_rules
from wordgames.scrabble.strategy.analysis import GameReview, SimSettings, review_game
from wordgames.scrabble.strategy.sim_setup import (
    DEFAULT_POLICY,
    policy_candidates,
    static_player,
    unseen_tiles,
)
from wordgames.scrabble.strategy.simulation import CHOICES, SimPosition, default_workers, simulate
from wordgames.serialization.analyses import review_json, sim_json


def register(commands: Any) -> None:
    """Add ``sim`` and ``analyze`` to the scrabble command group."""
    sim = commands.add_parser("sim", help="simulate the best candidate moves of a CGP position")
    sim.add_argument("--cgp", required=True, metavar="STRING", help="the position (the mover's rack in it)")
    sim.add_argument("--rack", help="the mover's rack (default: the CGP's)")
    sim.add_argument("--layout", metavar="standard|super|PATH", help="board layout")
    sim.add_argument("--candidates", type=positive_int, default=10, metavar="K",
                     help=f"candidates by static equity, exchanges included (default 10, at most "
                     f"{MAX_SIMULATION_CANDIDATES})")
    sim.add_argument("--plies", type=whole_number, default=2, metavar="P",
                     help=f"turns played after each candidate (default 2, at most {MAX_SIMULATION_PLIES})")
    limit = sim.add_mutually_exclusive_group()
    limit.add_argument("--iterations", type=positive_int, metavar="N", help="iterations (default 300)")
    limit.add_argument("--time", type=decimal_number, metavar="S",
                       help="CPU seconds to simulate (per process)")
    sim.add_argument("--seed", type=whole_number, default=0, help="random seed (default 0)")
    sim.add_argument("--halving", action="store_true",
                     help="spend the budget by successive halving: the better half of the candidates "
                          "goes on after each phase (with --iterations, the work of N iterations of "
                          "every candidate)")
    sim.add_argument("--choose-by", choices=CHOICES, default="win",
                     help="rank by win probability (ties by spread) or by spread alone (default win)")
    sim.add_argument("--workers", type=positive_int, default=None, metavar="W",
                     help="worker processes (default: every core); the answer does not depend on it")
    sim.add_argument("--opponent-knows", default="", metavar="TILES",
                     help="tiles the opponent is known to hold (dealt to them first)")
    add_last_play_option(sim, "--infer")
    _add_policy_option(sim)
    add_tile_options(sim)
    add_lexicon_options(sim)
    add_json_option(sim)
    sim.set_defaults(handler=run_sim)

    analyze = commands.add_parser("analyze", help="review every known-rack turn of a .gcg game")
    analyze.add_argument("file", metavar="GAME.gcg")
    analyze.add_argument("--player", metavar="NAME", help="review this player's turns only")
    analyze.add_argument("--top", type=positive_int, default=5, metavar="N",
                         help="best turns listed per turn (default 5)")
    analyze.add_argument("--layout", metavar="standard|super|PATH", help="board layout")
    analyze.add_argument("--sim", action="store_true", help="rank each turn by simulation (slow)")
    analyze.add_argument("--sim-iterations", type=positive_int, default=100, metavar="N",
                         help="with --sim: iterations per turn (default 100)")
    analyze.add_argument("--sim-candidates", type=positive_int, default=5, metavar="K",
                         help="with --sim: candidates per turn besides the one played (default 5)")
    analyze.add_argument("--seed", type=whole_number, default=0, help="with --sim: random seed (default 0)")
    analyze.add_argument("--workers", type=positive_int, default=None, metavar="W",
                         help="with --sim: worker processes (default: every core)")
    _add_policy_option(analyze)
    output = analyze.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object")
    output.add_argument("--html", metavar="FILE", help="write one self-contained HTML page")
    add_tile_options(analyze)
    add_lexicon_options(analyze)
    analyze.set_defaults(handler=run_analyze)


def _add_policy_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--policy", default=DEFAULT_POLICY, metavar="STRATEGY",
                        help=f"the registered static player that judges and simulates "
                        f"(default {DEFAULT_POLICY})")


def run_sim(args: argparse.Namespace) -> int:
    """Simulate and print the candidates best first (exit 0)."""
    position = cgp_position_from_args(args)
    tile_set, rack = position.tile_set, position.rack
    if rack is None:
        raise InvalidArgumentError("give --rack LETTERS (the CGP has no rack)")
    lexicon = position_lexicon(args, position)
    options: dict[str, Any] = {"tile_set": tile_set}
    if args.hand_size is not None:
        options["hand_size"] = args.hand_size
    hand_size = args.hand_size or 7
    if len(rack) > hand_size:
        raise InvalidArgumentError(f"the rack {tile_set.show(str(rack))} holds more than {hand_size} tiles")
    if args.time is not None and not (math.isfinite(args.time) and args.time > 0):
        raise InvalidArgumentError("--time must be a positive number of seconds")
    if not 0 <= args.plies <= MAX_SIMULATION_PLIES:
        raise InvalidArgumentError(f"--plies must be from 0 to {MAX_SIMULATION_PLIES}")
    if args.candidates > MAX_SIMULATION_CANDIDATES:
        raise InvalidArgumentError(f"--candidates is at most {MAX_SIMULATION_CANDIDATES}")
    rules = get_rules("classic", **options)
    policy, leave = static_player(args.policy, lexicon)
    unseen = unseen_tiles(position.board, rack.tiles(), tile_set)
    scores = [*position.scores, 0, 0][:2]
    leaves: tuple[tuple[tuple[str, ...], float], ...] = ()
    if args.infer is not None:
        if args.opponent_knows:
            raise InvalidArgumentError("give either --infer or --opponent-knows, not both")
        leaves = position_inference(args, position, lexicon, args.infer, args.seed).weights()
    sim_position = SimPosition(
        position.board, tuple(rack.tiles()), tuple(unseen), lexicon, rules, tile_set, hand_size,
        (scores[0], scores[1]), tuple(tile_set.parse_rack(args.opponent_knows).tiles()),
        opponent_leaves=leaves,
    )
    candidates = policy_candidates(sim_position.situation(), policy, leave, args.candidates)
    iterations = args.iterations if args.iterations is not None or args.time is not None else 300
    with progress_bar(None if args.halving else iterations, "it") as bar:

        def advance(done: int) -> None:
            bar.update(done - bar.n)

        result = simulate(
            sim_position, candidates, policy, leave, plies=args.plies,
            iterations=iterations, seconds=args.time, seed=args.seed,
            workers=args.workers or default_workers(), progress=advance, choose_by=args.choose_by,
            halving=args.halving,
        )
    warn_of_phonies(position.board, lexicon)  # once nothing can refuse the position
    if args.json:
        print_json(sim_json(result, tile_set))
    else:
        print(f"{'move':<24} {'iter':>5} {'equity':>8} {'±se':>6} {'win%':>6} {'±se':>5}")
        for entry in result.candidates:
            mark = " (pruned)" if entry.pruned else ""
            print(f"{entry.candidate.label(tile_set):<24} {entry.iterations:>5} {entry.equity:>8.2f} "
                  f"{entry.equity_se:>6.2f} {100 * entry.win:>6.1f} {100 * entry.win_se:>5.1f}{mark}")
        print(f"({result.iterations} iterations in {result.seconds:.1f} CPU s, stopped: {result.stopped}, "
              f"ranked by {result.choose_by})")
    return 0


def run_analyze(args: argparse.Namespace) -> int:
    """Review a game and print (or write) the review; exit 0, or 1 when the replay stopped at
    a discrepancy before the end."""
    record = read_gcg(args.file)
    tile_set = tile_set_from_args(args) if args.letter_values else None
    if tile_set is None and record.tile_distribution:
        tile_set = tile_set_from_pragma(record.tile_distribution)
    lexicon = lexicon_from_args(args, ("the GCG", record.lexicon), tile_set)
    layout = layout_by_name(args.layout) if args.layout else None
    sim = (
        SimSettings(args.sim_iterations, min(args.sim_candidates, MAX_SIMULATION_CANDIDATES - 1),
                    seed=args.seed, workers=args.workers or default_workers())
        if args.sim else None
    )
    if args.html and not args.json:
        check_writable(args.html)  # refused before the review, not after it
    with progress_bar(None, "turn") as bar:

        def advance(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        review = review_game(record, lexicon, tile_set=tile_set, layout=layout,
                             hand_size=args.hand_size or 7, policy=args.policy, player=args.player,
                             top=args.top, sim=sim, progress=advance)
    if args.json:
        print_json(review_json(review))
    elif args.html:
        target = Path(args.html)
        write_text_atomically(target, review_to_html(review, title=Path(args.file).name))
        print(f"wrote {target}")
    else:
        print_review(review)
    return 0 if review.discrepancy is None else 1


def print_review(review: GameReview) -> None:
    """The review as a table, then the players' totals."""
    for turn in review.turns:
        loss = "    ?" if turn.equity_loss is None else f"{turn.equity_loss:5.1f}"
        best = turn.best[0].label if turn.best else "-"
        notes = []
        if turn.missed_bingo:
            notes.append(f"missed bingo {turn.missed_bingo}")
        if turn.phonies:
            off = " (challenged off)" if turn.challenged_off else ""
            notes.append("phony " + ",".join(turn.phonies) + off)
        rank = "?" if turn.rank is None else str(turn.rank)
        print(f"{turn.number:>4} {turn.player[:12]:<12} {turn.rack:<8} {turn.played:<22} "
              f"{turn.score:>4} rank {rank:>3} loss {loss}  best {best}  {'; '.join(notes)}".rstrip())
    for player in review.players:
        print(f"{player.name}: {player.turns} turns, equity loss {player.equity_loss:.1f}, "
              f"{100 * player.within_3:.0f}% within 3, {player.bingos} bingos, "
              f"{player.average_score:.1f} points per turn")
    if review.discrepancy:
        print(f"the replay stopped: {review.discrepancy}")
