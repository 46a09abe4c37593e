"""The JSON shapes of analyses: a simulation, an inference, a game review, an endgame, a pre-endgame, a
move's verdict and a win model's fit.

``scrabble sim``, ``infer``, ``analyze``, ``endgame``, ``preendgame``, ``check`` and ``winmodel build``
write these with ``--json``, and the web app's analysis jobs answer with the same objects.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from wordgames.scrabble import Move, TileSet, Verdict
from wordgames.scrabble.core.notation import format_standard_move
from wordgames.scrabble.endgame import EndgameResult, PreendgameResult
from wordgames.scrabble.strategy.analysis import GameReview
from wordgames.scrabble.strategy.inference import Inference
from wordgames.scrabble.strategy.simulation import SimResult
from wordgames.scrabble.strategy.winfit import WinFit

ENDGAME_PLAYERS = ("mover", "opponent")
"""How an endgame names its two sides."""


def endgame_notation(move: Move | None, tile_set: TileSet) -> str:
    """A move of an endgame line in standard notation (``pass`` for None)."""
    return "pass" if move is None else format_standard_move(move, tile_set=tile_set)


def sim_json(result: SimResult, tile_set: TileSet | None = None) -> dict[str, Any]:
    """``scrabble sim --json``: candidates best first, tiles in ``tile_set``'s notation when
    given."""
    show = tile_set.show if tile_set is not None else str
    return {
        "candidates": [
            {
                "move": {
                    "notation": entry.candidate.label(tile_set),
                    "word": show(entry.candidate.move.word) if entry.candidate.move is not None else None,
                    "kind": entry.candidate.kind.value,
                    "score": entry.candidate.score,
                },
                "static_equity": round(entry.candidate.static_equity, 3),
                "iterations": entry.iterations,
                "equity": round(entry.equity, 3),
                "equity_se": round(entry.equity_se, 3),
                "win": round(entry.win, 4),
                "win_se": round(entry.win_se, 4),
                "pruned": entry.pruned,
            }
            for entry in result.candidates
        ],
        "iterations": result.iterations,
        "seconds": round(result.seconds, 3),
        "stopped": result.stopped,
        "choose_by": result.choose_by,
    }


def inference_json(inference: Inference, tile_set: TileSet | None = None) -> dict[str, Any]:
    """``scrabble infer --json``: the leaves the opponent may have kept, most likely first,
    with how they were weighed."""
    show = tile_set.show if tile_set is not None else str
    return {
        "leaves": [{"tiles": show(leave.tiles), "probability": round(leave.probability, 6)}
                   for leave in inference.leaves],
        "samples": inference.samples,
        "method": inference.method,
        "kept": inference.kept,
        "draws": inference.draws,
        "evidence": round(inference.evidence, 6),
        "likelihood": {"model": "equity player", "margin": inference.margin,
                       "temperature": inference.temperature},
    }


def review_json(review: GameReview) -> dict[str, Any]:
    """``scrabble analyze --json``: every reviewed turn (the play made, its rank and equity
    loss, the best plays, missed bingos, phonies) and each player's totals."""
    return {
        "turns": [
            {
                "number": turn.number,
                "player": turn.player,
                "rack": turn.rack,
                "played": turn.played,
                "score": turn.score,
                "rank": turn.rank,
                "equity_loss": None if turn.equity_loss is None else round(turn.equity_loss, 2),
                "best": [
                    {"play": option.label, "score": option.score, "leave": option.leave,
                     "equity": round(option.equity, 2), "bingo": option.bingo}
                    for option in turn.best
                ],
                "missed_bingo": turn.missed_bingo,
                "phonies": turn.phonies,
                "challenged_off": turn.challenged_off,
            }
            for turn in review.turns
        ],
        "players": [asdict(player) for player in review.players],
        "discrepancy": review.discrepancy,
    }


def endgame_json(result: EndgameResult, tile_set: TileSet) -> dict[str, Any]:
    """``scrabble endgame --json`` (moves in ``tile_set``'s notation)."""
    return {
        "value": result.value,
        "exact": result.exact,
        "moves": [
            {"notation": endgame_notation(turn.move, tile_set), "score": turn.score,
             "player": ENDGAME_PLAYERS[turn.player]}
            for turn in result.moves
        ],
        "depth": result.depth,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 3),
    }


def preendgame_json(result: PreendgameResult, tile_set: TileSet) -> dict[str, Any]:
    """``scrabble preendgame --json`` (moves and outcome keys in ``tile_set``'s notation)."""
    return {
        "plays": [
            {
                "move": endgame_notation(play.move, tile_set),
                "score": 0 if play.move is None else play.move.score,
                "wins": play.wins,
                "outcomes": {tile_set.show(tile): value for tile, value in sorted(play.outcomes.items())},
                "spread": round(play.spread, 3),
                "exact": play.exact,
            }
            for play in result.plays
        ],
        "draws": result.draws,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 3),
    }


def verdict_json(verdict: Verdict, tile_set: TileSet) -> dict[str, Any]:
    """``scrabble check --json``: the verdict's code (``VALID``, ``BAD WORD``...), the word
    it names, the score, every word formed and the message, in ``tile_set``'s notation."""
    return {
        "verdict": verdict.code,
        "word": tile_set.show(verdict.word) if verdict.word is not None else None,
        "score": verdict.score,
        "words": [tile_set.show(word) for word in verdict.words],
        "message": verdict.message,
    }


def win_fit_json(result: WinFit) -> dict[str, Any]:
    """``scrabble winmodel build --json``: the training records, and the fitted and the normal
    model's calibration on the held-out games."""
    return {"training_records": result.training_records, "fitted": asdict(result.fitted),
            "normal": asdict(result.normal)}
