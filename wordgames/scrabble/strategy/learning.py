"""Learning a leave table from self-play (``wordgames scrabble leaves build``).

Method (after the self-play tables of Quackle, Macondo and MAGPIE; the details are ours):

1. Self-play: both seats are ``equity`` players using the current table (iteration 0 uses the
   rule-of-thumb values of :mod:`.leave`).  Each time a player keeps a leave and refills its
   rack, the leave is recorded with what it turned out to be worth: the player's score on
   its next turn plus the current table's value of the leave it keeps then (zero once the bag
   is empty).  Records are totalled per leave (count, sum).
2. Model: a ridge regression on features of the leave (each tile's first, second and third
   copy, each pair of different tiles kept together, the leave's size, its vowel/consonant
   imbalance, a Q without a U), fitted on the per-leave totals, gives a value to every
   leave, sampled or not: rare leaves are estimated from the tiles and pairs they are made
   of.  The pair features carry the synergies a sum of single tiles misses (``ER``, ``ES``,
   ``?S`` are worth more together than apart, ``VW`` less).
3. Correction: a leave seen ``n`` times moves from the model's value towards its own mean
   by ``n / (n + PRIOR)`` (shrinkage; well-sampled leaves keep their own mean).
4. Values are centred on the mean record, so an average leave is worth about 0; the next
   iteration plays with the new table.  The final table lists every leave of 1 to
   hand size - 1 tiles of the tile distribution.

Work is cut into chunks of ``CHUNK_GAMES`` games; chunks run on local processes, inline
with one worker, or on a Dask cluster (``scheduler``; see :mod:`wordgames.cluster`).  Totals
are merged in chunk order, so the table depends on the seed, games and iterations only (not
on the workers).  A checkpoint (JSON, written atomically) holds the merged totals and the
finished chunks; a run started again with the same parameters resumes from it.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from wordgames.atomic import write_text_atomically
from wordgames.cluster import in_order, open_pool
from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.lexicon.alphabet import Alphabet
from wordgames.limits import MAX_CHECKPOINT_BYTES, MAX_LEARNING_GAMES
from wordgames.scrabble.formats.fields import BadField, Section, items, kind, number, whole
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.leaves.compact import enumerate_codes
from wordgames.scrabble.leaves.table import (
    CODE_BITS,
    FIELD_MASK,
    LeaveTable,
    alphabet_of,
    check_alphabet,
    distribution_bounds,
    tiles_of_code,
    tiles_to_text,
)
from wordgames.scrabble.strategy.equity import EquityStrategy
from wordgames.scrabble.strategy.leave import IDEAL_VOWEL_SHARE, VOWELS, leave_value
from wordgames.scrabble.strategy.selfplay import self_play, worker_lexicon
from wordgames.textfiles import read_json_file, shown_path

CHUNK_GAMES = 10
PRIOR = 30.0
RIDGE = 1.0
MAX_COPY_FEATURES = 3


# --- the model -----------------------------------------------------------------------------


class Features:
    """The regression features of a leave, from its multiset code."""

    def __init__(self, alphabet: Alphabet | str, bounds: Sequence[int], max_size: int) -> None:
        alphabet = check_alphabet(alphabet)
        self.alphabet = alphabet
        self.bounds = list(bounds)
        self.copy_index: dict[tuple[int, int], int] = {}
        for tile, bound in enumerate(bounds):
            for copy in range(1, min(bound, MAX_COPY_FEATURES) + 1):
                self.copy_index[(tile, copy)] = len(self.copy_index)
        present = [tile for tile, bound in enumerate(bounds) if bound > 0]
        self.pair_index: dict[tuple[int, int], int] = {}
        for position, first in enumerate(present):
            for second in present[position + 1:]:
                self.pair_index[(first, second)] = len(self.copy_index) + len(self.pair_index)
        base = len(self.copy_index) + len(self.pair_index)
        self.size_index = {size: base + size - 1 for size in range(1, max_size + 1)}
        self.balance = base + max_size
        self.q_no_u = self.balance + 1
        self.count = self.q_no_u + 1  # + the intercept, last
        tiles = ("", *alphabet.tiles)
        self.vowel = [t < len(tiles) and tiles[t] in VOWELS for t in range(len(bounds))]
        self.q = alphabet.number("Q") if "Q" in alphabet.tiles else 0
        self.u = alphabet.number("U") if "U" in alphabet.tiles else 0

    def knows(self, code: int) -> bool:
        """Whether ``code`` is a leave these features describe: 1 to ``max_size`` tiles, none
        beyond the bounds (what a checkpoint's totals may hold).  O(tiles)."""
        size = tile = 0
        while code > 0:
            count = code & FIELD_MASK
            if tile >= len(self.bounds) or count > self.bounds[tile]:
                return False
            size += count
            code >>= CODE_BITS
            tile += 1
        return code == 0 and 1 <= size <= len(self.size_index)

    def of(self, code: int) -> list[tuple[int, float]]:
        """The non-zero features of a leave (sparse), the intercept included."""
        row: list[tuple[int, float]] = []
        size = vowels = letters = tile = 0
        counts: dict[int, int] = {}
        while code:
            count = code & FIELD_MASK
            if count:
                counts[tile] = count
                size += count
                for copy in range(1, min(count, MAX_COPY_FEATURES) + 1):
                    index = self.copy_index.get((tile, copy))
                    if index is not None:
                        row.append((index, 1.0))
                if tile:
                    letters += count
                    if self.vowel[tile]:
                        vowels += count
            code >>= CODE_BITS
            tile += 1
        kept = list(counts)  # tiles were met in increasing order, as pair_index keys them
        for position, first in enumerate(kept):
            for second in kept[position + 1:]:
                index = self.pair_index.get((first, second))
                if index is not None:
                    row.append((index, 1.0))
        if size:
            row.append((self.size_index[size], 1.0))
        if letters:
            row.append((self.balance, (vowels - IDEAL_VOWEL_SHARE * letters) ** 2))
        if self.q and counts.get(self.q) and not counts.get(self.u):
            row.append((self.q_no_u, 1.0))
        row.append((self.count, 1.0))
        return row


def fit(features: Features, totals: dict[int, list[float]]) -> list[float]:
    """Ridge weights (the intercept last) fitted to per-leave (count, sum) totals by the
    normal equations.  Cost: one pass over the totals, then a dense solve of about 450 unknowns
    for English (a few seconds)."""
    size = features.count + 1
    matrix = [[0.0] * size for _ in range(size)]
    vector = [0.0] * size
    for code, (count, total) in totals.items():
        row = features.of(code)
        for i, x in row:
            vector[i] += x * total
            line = matrix[i]
            for j, z in row:
                line[j] += count * x * z
    for i in range(size - 1):  # the intercept is not shrunk
        matrix[i][i] += RIDGE
    return _solve(matrix, vector)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix @ x = vector, by Gaussian elimination with partial pivoting and back
    substitution (the system is symmetric positive definite once ridged; a column without a
    usable pivot gets 0).  Cost: about n**3 / 3 multiplications, some 30 M for English."""
    n = len(vector)
    rows = [[*line, value] for line, value in zip(matrix, vector, strict=True)]
    usable = [False] * n
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            continue
        usable[col] = True
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col]
        lead = head[col]
        tail = head[col:]
        for r in range(col + 1, n):
            line = rows[r]
            factor = line[col] / lead
            if factor:
                line[col:] = [value - factor * top for value, top in zip(line[col:], tail, strict=True)]
    solution = [0.0] * n
    for i in range(n - 1, -1, -1):
        if usable[i]:
            line = rows[i]
            known = sum(line[k] * solution[k] for k in range(i + 1, n))
            solution[i] = (line[n] - known) / line[i]
    return solution


@dataclass
class Model:
    """A learned valuation: ridge weights, per-leave corrections and the centring baseline."""

    weights: list[float]
    corrections: dict[int, float] = field(default_factory=dict)
    baseline: float = 0.0

    def value(self, features: Features, code: int) -> float:
        """The value of one leave."""
        if code == 0:
            return 0.0
        raw = sum(self.weights[i] * x for i, x in features.of(code))
        return raw + self.corrections.get(code, 0.0) - self.baseline


def fit_model(features: Features, totals: dict[int, list[float]]) -> Model:
    """The model of step 2-4 of the module docstring."""
    weights = fit(features, totals)
    records = sum(count for count, _ in totals.values())
    mean = sum(total for _, total in totals.values()) / records if records else 0.0
    corrections = {}
    for code, (count, total) in totals.items():
        predicted = sum(weights[i] * x for i, x in features.of(code))
        corrections[code] = (total - count * predicted) / (count + PRIOR)
    return Model(weights, corrections, mean)


class ModelTable(LeaveTable):
    """A leave table whose values are computed from a model on first use (self-play never
    needs most of the 914,624 leaves)."""

    def __init__(self, features: Features, value: Callable[[int], float]) -> None:
        super().__init__(features.alphabet, {})
        self._value = value
        self._sizes = features.size_index

    def value_of_code(self, code: int) -> float:
        found = self.values.get(code)
        if found is None:
            # Like a real table, it holds no leave longer than the features know.
            known = len(tiles_of_code(code)) <= len(self._sizes)
            found = self.values[code] = self._value(code) if known else self.missing
        return found


# --- self-play -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """One chunk of games: everything a worker needs (picklable)."""

    lexicon: str
    settings: GameSettings
    seeds: tuple[int, ...]
    model: Model | None
    bounds: tuple[int, ...]
    max_size: int


def _table(job: Job, features: Features) -> ModelTable:
    if job.model is None:
        alphabet = features.alphabet
        return ModelTable(features, lambda code: leave_value(tiles_to_text(alphabet, tiles_of_code(code))))
    model = job.model
    return ModelTable(features, lambda code: model.value(features, code))


def play_chunk(job: Job) -> dict[int, list[float]]:
    """Play the job's games; the (count, sum) of every recorded leave."""
    lexicon = worker_lexicon(job.lexicon)
    features = Features(alphabet_of(job.settings.tile_set), job.bounds, job.max_size)
    table = _table(job, features)
    player = EquityStrategy(table)
    totals: dict[int, list[float]] = {}
    for seed in job.seeds:
        _play_game(Game(["one", "two"], lexicon, replace(job.settings, seed=seed)), player, table, totals)
    return totals


def _play_game(game: Game, player: EquityStrategy, table: LeaveTable,
               totals: dict[int, list[float]]) -> None:
    """Play one game; a kept leave waits for its player's next turn to learn its worth."""
    waiting: dict[int, int] = {}
    for played in self_play(game, player):
        code = table.code(played.kept)
        refills = len(game.bag) > 0
        value = table.value_of_code(code) if refills else 0.0
        previous = waiting.pop(played.seat, None)
        if previous is not None:
            entry = totals.setdefault(previous, [0, 0.0])
            entry[0] += 1
            entry[1] += played.turn.score + value
        if refills and played.kept and played.decision.kind is not TurnKind.PASS:
            waiting[played.seat] = code


# --- the driver ----------------------------------------------------------------------------


@dataclass(frozen=True)
class BuildPlan:
    """The parameters of a learning run (they must match to resume a checkpoint)."""

    lexicon: str
    games: int
    seed: int = 0
    iterations: int = 2

    def games_in(self, iteration: int) -> int:
        """Games of one iteration: the games split evenly, the first iterations take the rest."""
        share, rest = divmod(self.games, self.iterations)
        return share + (1 if iteration < rest else 0)


def _seeds(plan: BuildPlan, iteration: int) -> list[tuple[int, ...]]:
    games = plan.games_in(iteration)
    base = plan.seed * 1_000_003 + iteration * MAX_LEARNING_GAMES
    return [tuple(base + g for g in range(start, min(start + CHUNK_GAMES, games)))
            for start in range(0, games, CHUNK_GAMES)]


def _merge(into: dict[int, list[float]], part: dict[int, list[float]]) -> None:
    for code, (count, total) in sorted(part.items()):
        entry = into.setdefault(code, [0, 0.0])
        entry[0] += count
        entry[1] += total


def build_table(
    plan: BuildPlan,
    settings: GameSettings | None = None,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    checkpoint_seconds: float = 30.0,
    progress: Callable[[int, int], None] | None = None,
) -> LeaveTable:
    """Learn a leave table (see the module docstring).  ``progress(done, total)`` is called
    after each chunk (games done over all iterations).  With ``checkpoint``, progress is saved
    there at most every ``checkpoint_seconds`` and at each iteration's end, and a checkpoint
    of the same plan found there is resumed.  Cost: the games, plus about a second per
    iteration to fit and a few seconds to tabulate the table."""
    settings = settings if settings is not None else GameSettings()
    if not 1 <= plan.games <= MAX_LEARNING_GAMES or not 1 <= plan.iterations <= min(plan.games, 100):
        raise InvalidArgumentError(
            f"games is 1..{MAX_LEARNING_GAMES} and iterations 1..min(games, 100), "
            f"not {plan.games} and {plan.iterations}")
    alphabet = alphabet_of(settings.tile_set)
    bounds = tuple(distribution_bounds(alphabet, settings.tile_set))
    max_size = settings.hand_size - 1
    features = Features(alphabet, bounds, max_size)
    state = _load_checkpoint(checkpoint, plan, features)
    totals: dict[int, list[float]] = state["totals"]
    model: Model | None = state["model"]
    done_games = sum(plan.games_in(i) for i in range(state["iteration"]))
    done_games += sum(len(s) for s in _seeds(plan, state["iteration"])[: state["chunks"]])
    pool = open_pool(workers, scheduler)
    last_save = time.monotonic()
    try:
        for iteration in range(state["iteration"], plan.iterations):
            chunks = _seeds(plan, iteration)
            first = state["chunks"] if iteration == state["iteration"] else 0
            jobs = [Job(plan.lexicon, settings, seeds, model, bounds, max_size) for seeds in chunks]
            for index, part in in_order(pool, play_chunk, jobs, first):
                _merge(totals, part)
                done_games += len(chunks[index])
                if checkpoint is not None and time.monotonic() - last_save >= checkpoint_seconds:
                    _save_checkpoint(checkpoint, plan, iteration, index + 1, model, totals)
                    last_save = time.monotonic()
                if progress is not None:
                    progress(done_games, plan.games)
            model = fit_model(features, totals)
            if checkpoint is not None:
                _save_checkpoint(checkpoint, plan, iteration + 1, 0, model, totals)
                last_save = time.monotonic()
    finally:
        pool.close()
    assert model is not None
    return tabulate(features, model, bounds, max_size)


def tabulate(features: Features, model: Model, bounds: Sequence[int], max_size: int) -> LeaveTable:
    """The model's value of every leave of 1..max_size tiles within ``bounds``, rounded to
    0.01 point (the shipped format's precision).  About 10 s for English."""
    values = {}
    for code in enumerate_codes(bounds, max_size):
        if code:
            values[code] = round(model.value(features, code), 2)
    return LeaveTable(features.alphabet, values)


# --- checkpoints ---------------------------------------------------------------------------


def _save_checkpoint(path: str | os.PathLike[str], plan: BuildPlan, iteration: int, chunks: int,
                     model: Model | None, totals: dict[int, list[float]]) -> None:
    data = {
        "plan": asdict(plan), "iteration": iteration, "chunks": chunks,
        "model": None if model is None else {
            "weights": model.weights, "baseline": model.baseline,
            "corrections": {str(k): v for k, v in model.corrections.items()}},
        "totals": {str(k): v for k, v in totals.items()},
    }
    write_text_atomically(path, json.dumps(data))


def _load_checkpoint(path: str | os.PathLike[str] | None, plan: BuildPlan,
                     features: Features) -> dict[str, Any]:
    """The state saved at ``path`` for ``plan``, or a fresh one when there is no file.
    FormatError for a checkpoint of another run and for any field of the wrong type or out of
    range, so that a resumed run never meets a bad value half-way (the file is left as it is).
    Cost: reading the file, O(its size)."""
    fresh: dict[str, Any] = {"iteration": 0, "chunks": 0, "model": None, "totals": {}}
    if path is None or not os.path.lexists(path):  # a dangling or looping link is read, and refused
        return fresh
    shown = shown_path(path)
    data = read_json_file(path, "checkpoint", limit=MAX_CHECKPOINT_BYTES)
    try:
        saved = Section(data, "")
        if saved.get("plan") != asdict(plan):
            raise FormatError(f"{shown}: a checkpoint of another run ({str(saved.get('plan'))[:200]}); "
                              "remove it or give the same parameters")
        iteration = saved.whole("iteration", 0, plan.iterations)
        # A finished run saves (iterations, 0); within an iteration, the chunks done so far.
        last = 0 if iteration == plan.iterations else len(_seeds(plan, iteration))
        chunks = saved.whole("chunks", 0, last)
        raw = saved.get("model")
        if (raw is None) != (iteration == 0):  # a model is fitted at the end of each iteration
            raise BadField("model", "expected a model once an iteration is done, and only then")
        model = None if raw is None else _model_from_json(Section(raw, "model"), features)
        totals = {code: [whole(value[0], f"totals[{code}][0]", 1, _MAX_RECORDS),
                         number(value[1], f"totals[{code}][1]", -_MAX_POINTS, _MAX_POINTS)]
                  for code, value in _codes(saved.get("totals"), "totals", features, 2)}
    except BadField as error:
        raise FormatError(f"{shown}: not a usable checkpoint ({error})") from None
    return {"iteration": iteration, "chunks": chunks, "model": model, "totals": totals}


_MAX_RECORDS = 10**12
"""The most records of one leave in a checkpoint: far beyond any run, and exact in a float."""

_MAX_POINTS = 1e15
"""The largest total, weight or correction in a checkpoint, in points: far beyond any run,
small enough that the fit's sums of squares stay finite."""


def _model_from_json(raw: Section, features: Features) -> Model:
    weights = items(raw.get("weights"), raw.at("weights"), features.count + 1)
    if len(weights) != features.count + 1:
        raise BadField(raw.at("weights"), f"{len(weights)} weights, not {features.count + 1}: a "
                       "checkpoint of another version of the model; remove it")
    return Model([number(w, f"model.weights[{i}]", -_MAX_POINTS, _MAX_POINTS) for i, w in enumerate(weights)],
                 {code: number(value, f"model.corrections[{code}]", -_MAX_POINTS, _MAX_POINTS)
                  for code, value in _codes(raw.get("corrections"), raw.at("corrections"), features)},
                 raw.number("baseline", -_MAX_POINTS, _MAX_POINTS))


def _codes(value: Any, path: str, features: Features, width: int = 0) -> list[tuple[int, Any]]:
    """The entries of an object keyed by leave codes written in decimal, each code one the
    features know; with ``width``, each value a list of that many items."""
    if not isinstance(value, dict):
        raise BadField(path, f"expected an object, found {kind(value)}")
    entries = []
    for key, entry in value.items():
        # As written (str of a code): int() would also take spaces, underscores, leading
        # zeros (two keys for one leave) and other scripts' digits.
        code = int(key) if key.isascii() and key.isdigit() and len(key) <= 100 else -1
        if str(code) != key:
            code = -1
        if not features.knows(code):
            raise BadField(f"{path}[{key[:40]!r}]", "not a leave of this tile distribution")
        if width and (not isinstance(entry, list) or len(entry) != width):
            raise BadField(f"{path}[{key}]", f"expected a list of {width} numbers, found {kind(entry)}")
        entries.append((code, entry))
    return entries
