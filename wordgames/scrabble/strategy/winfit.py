"""Fitting a win-probability model to self-play (``wordgames scrabble winmodel build``).

1. Self-play: both seats are ``equity`` players (the shipped leave table for the lexicon).
   After every turn that leaves tiles in the bag, the player who has just moved is recorded
   with the tiles they cannot see (bag and opponent's rack) and their spread plus the value
   of the leave they kept minus the value of the opponent's last leave: what a simulation
   has at its horizon (:mod:`.simulation`).  When the game ends each record gets its result
   (win 1, tie 1/2, loss 0).  Game ``i`` of a run with seed ``S`` uses seed
   ``S * 1_000_003 + i``; every fifth game (``i % 5 == 4``) is held out for calibration.
2. Records are totalled per (unseen tiles, spread rounded to a point): count, sum of results,
   sum of squared results.
3. Model: for each count of unseen tiles ``u`` a logistic regression of the result on the
   spread, fitted by Newton's method on the totals of the counts near ``u`` (a Gaussian
   kernel of ``BANDWIDTH`` tiles: neighbouring counts behave alike, and the ends of the
   range have few records).  The result is a :class:`~.winprob.FittedWinModel`.
4. Calibration: Brier score and log loss of the fitted model and of the normal model on the
   held-out games, and a reliability table (records binned by predicted probability).

Games are played in chunks of ``CHUNK_GAMES`` on local processes, inline, or on a Dask
cluster (:mod:`wordgames.cluster`); totals merge in chunk order, so the model depends on
the seed and the number of games only.  A checkpoint (JSON, written atomically) holds the
totals and the finished chunks; a run started again with the same plan resumes from it.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from wordgames.atomic import write_text_atomically
from wordgames.cluster import in_order, open_pool
from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.limits import MAX_CHECKPOINT_BYTES, MAX_LEARNING_GAMES
from wordgames.scrabble.formats.fields import BadField, Section, kind, number, whole
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.leaves import LeaveTable
from wordgames.scrabble.strategy.equity import EquityStrategy
from wordgames.scrabble.strategy.selfplay import self_play, worker_lexicon
from wordgames.scrabble.strategy.winprob import FittedWinModel, NormalWinModel, WinModel, logistic
from wordgames.textfiles import read_json_file, shown_path

CHUNK_GAMES = 20
HELD_OUT_EVERY = 5
BANDWIDTH = 2.0
NEWTON_STEPS = 25
SPREAD_SCALE = 100.0
"""Spreads are divided by this while fitting (better conditioned steps)."""

Totals = dict[tuple[int, int], list[float]]
"""(unseen tiles, rounded spread) -> [records, sum of results, sum of squared results]."""


@dataclass(frozen=True)
class WinPlan:
    """The parameters of a fitting run (they must match to resume a checkpoint)."""

    lexicon: str
    games: int
    seed: int = 0


@dataclass(frozen=True)
class Record:
    """One recorded position: the mover's unseen tiles and spread with leaves, and (once the
    game is over) the mover's result."""

    unseen: int
    spread: float
    result: float


# --- self-play ------------------------------------------------------------------------------


def game_records(game: Game, player: EquityStrategy) -> list[Record]:
    """Play ``game`` out with ``player`` on both seats and return its records (see the module
    docstring, step 1)."""
    table = player.table_for(game.lexicon)
    last_leave = [0.0, 0.0]
    pending: list[tuple[int, int, float]] = []  # (seat, unseen, spread with leaves)
    for played in self_play(game, player):
        seat = played.seat
        last_leave[seat] = _leave_value(table, list(played.kept))
        if game.is_over or len(game.bag) == 0:
            continue  # a simulation plays the ending out: no estimate is needed there
        other = 1 - seat
        spread = game.players[seat].score - game.players[other].score
        unseen = len(game.bag) + len(game.players[other].rack)
        pending.append((seat, unseen, spread + last_leave[seat] - last_leave[other]))
    scores = [player.score for player in game.players]
    results = [1.0 if a > b else 0.5 if a == b else 0.0 for a, b in (scores, scores[::-1])]
    return [Record(unseen, spread, results[seat]) for seat, unseen, spread in pending]


def _leave_value(table: LeaveTable | None, kept: list[str]) -> float:
    if table is None or not kept:
        return 0.0
    return table.value(kept)


@dataclass(frozen=True)
class Chunk:
    """One chunk of games (picklable: a worker loads the lexicon itself)."""

    lexicon: str
    settings: GameSettings
    seeds: tuple[int, ...]
    held_out: tuple[bool, ...]


def play_chunk(chunk: Chunk) -> tuple[Totals, Totals]:
    """Play the chunk's games; the (training, held-out) totals of their records."""
    lexicon = worker_lexicon(chunk.lexicon)
    player = EquityStrategy()
    train: Totals = {}
    held: Totals = {}
    for seed, out in zip(chunk.seeds, chunk.held_out, strict=True):
        game = Game([Player("one", "equity"), Player("two", "equity")], lexicon,
                    replace(chunk.settings, seed=seed))
        add_records(held if out else train, game_records(game, player))
    return train, held


def add_records(totals: Totals, records: Iterable[Record]) -> None:
    """Total ``records`` into ``totals`` (step 2)."""
    for record in records:
        entry = totals.setdefault((record.unseen, round(record.spread)), [0, 0.0, 0.0])
        entry[0] += 1
        entry[1] += record.result
        entry[2] += record.result * record.result


def _merge(into: Totals, part: Totals) -> None:
    for key, (count, total, squares) in sorted(part.items()):
        entry = into.setdefault(key, [0, 0.0, 0.0])
        entry[0] += count
        entry[1] += total
        entry[2] += squares


def _chunks(plan: WinPlan, settings: GameSettings) -> list[Chunk]:
    base = plan.seed * 1_000_003
    return [Chunk(plan.lexicon, settings,
                  tuple(base + g for g in range(start, min(start + CHUNK_GAMES, plan.games))),
                  tuple(g % HELD_OUT_EVERY == HELD_OUT_EVERY - 1
                        for g in range(start, min(start + CHUNK_GAMES, plan.games))))
            for start in range(0, plan.games, CHUNK_GAMES)]


# --- the model -----------------------------------------------------------------------------


def fit(totals: Totals, bandwidth: float = BANDWIDTH) -> FittedWinModel:
    """The fitted model of step 3: one logistic curve per count of unseen tiles from the
    fewest to the most recorded.  Cost: a few Newton steps over the totals per count."""
    if not totals:
        raise InvalidArgumentError("no records to fit a win model to")
    by_unseen: dict[int, list[tuple[float, float, float]]] = {}
    for (unseen, spread), (count, total, _) in totals.items():
        by_unseen.setdefault(unseen, []).append((spread / SPREAD_SCALE, count, total))
    first, last = min(by_unseen), max(by_unseen)
    reach = math.ceil(3 * bandwidth)
    intercepts, slopes = [], []
    a, b = 0.0, 3.0
    for unseen in range(first, last + 1):
        rows = [(x, weight * count, weight * total)
                for near in range(unseen - reach, unseen + reach + 1)
                if (weight := math.exp(-0.5 * ((near - unseen) / bandwidth) ** 2)) and near in by_unseen
                for x, count, total in by_unseen[near]]
        a, b = _logistic_fit(rows, a, b)
        intercepts.append(a)
        slopes.append(b / SPREAD_SCALE)
    return FittedWinModel(first, tuple(intercepts), tuple(slopes))


def _logistic_fit(rows: list[tuple[float, float, float]], a: float, b: float) -> tuple[float, float]:
    """(a, b) maximising sum(w * [y log p + (n - y) log(1 - p)]) with p = logistic(a + b x),
    for rows (x, n, y), by Newton's method from (a, b), with a small ridge on both (so that
    separable data stays finite)."""
    ridge = 1e-3
    for _ in range(NEWTON_STEPS):
        ga = gb = -ridge * a
        gb -= ridge * b
        haa = hab = hbb = ridge
        for x, n, y in rows:
            p = logistic(a + b * x)
            residual = y - n * p
            ga += residual
            gb += residual * x
            w = n * p * (1 - p)
            haa += w
            hab += w * x
            hbb += w * x * x
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) < 1e-9 and abs(db) < 1e-9:
            break
    return a, b


@dataclass(frozen=True)
class Calibration:
    """How well a model predicts held-out results: mean Brier score and log loss per record
    (lower is better), and a reliability table of (mean predicted, observed rate, records)
    per tenth of predicted probability."""

    records: int
    brier: float
    log_loss: float
    reliability: tuple[tuple[float, float, int], ...]


def calibration(model: WinModel, totals: Totals, rack: int = 7) -> Calibration:
    """``model``'s calibration on ``totals`` (records of players holding ``rack`` tiles)."""
    records = 0
    brier = loss = 0.0
    bins = [[0.0, 0.0, 0] for _ in range(10)]
    for (unseen, spread), (count, total, squares) in totals.items():
        p = model.probability(float(spread), unseen, rack)
        records += int(count)
        brier += count * p * p - 2 * p * total + squares
        q = min(max(p, 1e-12), 1 - 1e-12)
        loss -= total * math.log(q) + (count - total) * math.log(1 - q)
        cell = bins[min(int(p * 10), 9)]
        cell[0] += count * p
        cell[1] += total
        cell[2] += int(count)
    if not records:
        raise InvalidArgumentError("no held-out records to calibrate on")
    table = tuple((round(p / n, 4), round(y / n, 4), int(n)) for p, y, n in bins if n)
    return Calibration(records, brier / records, loss / records, table)


# --- the driver ----------------------------------------------------------------------------


@dataclass(frozen=True)
class WinFit:
    """A finished run: the model (its ``about`` says how it was made and how it calibrates)
    and the calibrations of it and of the normal model on the held-out games."""

    model: FittedWinModel
    fitted: Calibration
    normal: Calibration
    training_records: int


def build_win_model(
    plan: WinPlan,
    settings: GameSettings | None = None,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    checkpoint_seconds: float = 30.0,
    progress: Callable[[int, int], None] | None = None,
) -> WinFit:
    """Play the plan's games, fit the model, calibrate it (see the module docstring).
    ``progress(done, total)`` is called after each chunk.  With ``checkpoint``, progress is
    saved there at most every ``checkpoint_seconds`` and at the end, and a checkpoint of the
    same plan is resumed.  Cost: the games (about 0.1 s each, compiled), then a second or so
    to fit."""
    settings = settings if settings is not None else GameSettings(end_rule="tournament")
    if not HELD_OUT_EVERY <= plan.games <= MAX_LEARNING_GAMES:
        raise InvalidArgumentError(f"games is {HELD_OUT_EVERY}..{MAX_LEARNING_GAMES}, not {plan.games}")
    chunks = _chunks(plan, settings)
    state = _load_checkpoint(checkpoint, plan, len(chunks), sum(settings.tile_set.counts.values()))
    train, held, done = state
    saved = time.monotonic()
    with open_pool(workers, scheduler) as pool:
        for index, (part_train, part_held) in in_order(pool, play_chunk, chunks, done):
            _merge(train, part_train)
            _merge(held, part_held)
            done = index + 1
            if checkpoint is not None and time.monotonic() - saved >= checkpoint_seconds:
                _save_checkpoint(checkpoint, plan, done, train, held)
                saved = time.monotonic()
            if progress is not None:
                progress(sum(len(c.seeds) for c in chunks[:done]), plan.games)
    if checkpoint is not None:
        _save_checkpoint(checkpoint, plan, done, train, held)
    model = fit(train)
    records = int(sum(v[0] for v in train.values()))
    fitted, normal = calibration(model, held), calibration(NormalWinModel(), held)
    about = {
        "method": "self-play of two equity players; per count of unseen tiles a logistic regression "
                  f"of the result on spread plus leaves, Gaussian kernel of {BANDWIDTH} tiles",
        "lexicon": Path(plan.lexicon).name, "games": plan.games, "seed": plan.seed,
        "end_rule": settings.end_rule, "training_records": records,
        "held_out_games": sum(g % HELD_OUT_EVERY == HELD_OUT_EVERY - 1 for g in range(plan.games)),
        "calibration": {"fitted": asdict(fitted), "normal": asdict(normal)},
    }
    return WinFit(replace(model, about=about), fitted, normal, records)


def _save_checkpoint(path: str | os.PathLike[str], plan: WinPlan, chunks: int, train: Totals,
                     held: Totals) -> None:
    def rows(totals: Totals) -> list[list[float]]:
        return [[u, s, *values] for (u, s), values in sorted(totals.items())]

    data = {"plan": asdict(plan), "chunks": chunks, "train": rows(train), "held": rows(held)}
    write_text_atomically(path, json.dumps(data))


def _load_checkpoint(path: str | os.PathLike[str] | None, plan: WinPlan, chunks: int,
                     tiles: int) -> tuple[Totals, Totals, int]:
    """The (training, held-out, chunks done) saved at ``path`` for ``plan`` (of ``chunks``
    chunks, games of ``tiles`` tiles), or a fresh start when there is no file.  FormatError for
    a checkpoint of another run and for any field of the wrong type or out of range (the file
    is left as it is).  Cost: reading the file, O(its size)."""
    if path is None or not os.path.lexists(path):  # a dangling or looping link is read, and refused
        return {}, {}, 0
    shown = shown_path(path)
    data = read_json_file(path, "checkpoint", limit=MAX_CHECKPOINT_BYTES)
    try:
        saved = Section(data, "")
        if saved.get("plan") != asdict(plan):
            raise FormatError(f"{shown}: a checkpoint of another run ({str(saved.get('plan'))[:200]}); "
                              "remove it or give the same parameters")
        done = saved.whole("chunks", 0, chunks)
        return _totals(saved, "train", tiles), _totals(saved, "held", tiles), done
    except BadField as error:
        raise FormatError(f"{shown}: not a usable checkpoint ({error})") from None


_MAX_RECORDS = 10**12
"""The most records of one (unseen, spread) cell in a checkpoint: far beyond any run, and
exact in a float."""

_MAX_SPREAD = 100_000
"""The widest spread in a checkpoint, in points (far beyond any game)."""


def _totals(saved: Section, key: str, tiles: int) -> Totals:
    """The totals of the rows ``[unseen, spread, records, sum, sum of squares]`` at ``key``:
    unseen tiles within the bag's ``tiles`` (the fit steps through every count between the
    fewest and the most), each cell once, 0 <= squares <= sum <= records (results are 0,
    1/2 or 1)."""
    totals: Totals = {}
    for index, row in enumerate(saved.items(key, (tiles + 1) * (2 * _MAX_SPREAD + 1))):
        at = f"{key}[{index}]"
        if not isinstance(row, list) or len(row) != 5:
            raise BadField(at, f"expected [unseen, spread, records, sum, squares], found {kind(row)}")
        cell = (whole(row[0], f"{at}[0]", 0, tiles), whole(row[1], f"{at}[1]", -_MAX_SPREAD, _MAX_SPREAD))
        count = whole(row[2], f"{at}[2]", 1, _MAX_RECORDS)
        total = number(row[3], f"{at}[3]", 0, count)
        squares = number(row[4], f"{at}[4]", 0, total)
        if cell in totals:
            raise BadField(at, f"a second row for {cell[0]} unseen tiles and spread {cell[1]}")
        totals[cell] = [count, total, squares]
    return totals
