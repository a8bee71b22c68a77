"""Many random games at once, with aggregate figures, on one or many processes.

Each game's seed is derived from the run's seed and the game's number, so a
run gives the same figures however its games are spread over processes, and
any single game can be replayed on its own with :func:`game_seed`.

The games are played in small chunks.  With several workers at most
:data:`IN_FLIGHT` chunks per worker are queued at a time, so memory stays flat
however many games are asked for, and an interrupt (Ctrl-C) stops a run
within a chunk or two: the workers ignore it, the chunks not yet started are
cancelled, and :class:`KeyboardInterrupt` reaches the caller.

>>> from wizard_rules import Config
>>> from wizard_rules.simulation import simulate
>>> totals = simulate(Config(players=3), games=4, seed=1)
>>> totals.games, len(totals.seats)
(4, 3)
>>> simulate(Config(players=3), games=4, seed=1, workers=2) == totals
True
"""

from __future__ import annotations

import collections
import math
import random
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Final, TypeVar

import attrs

from wizard_rules.config import Config
from wizard_rules.errors import ErrorCode, InvalidArgumentError, _show
from wizard_rules.random_play import random_game

__all__ = ["IN_FLIGHT", "MAX_WORKERS", "SeatTotals", "SimulationTotals", "game_seed", "simulate"]

MAX_WORKERS: Final = 64
"""The most worker processes :func:`simulate` accepts.

A run never starts more processes than it has chunks of games, so a few
games on many workers start only a few processes.
"""

IN_FLIGHT: Final = 2
"""How many chunks of games per worker are queued at once (see the module's notes)."""

_CHUNK: Final = 10
"""The most games in one chunk: about a tenth of a second of play (internal)."""

_T = TypeVar("_T")


def game_seed(run_seed: int, game: int) -> str:
    """The seed of game number ``game`` (from 0) of a run seeded with ``run_seed``.

    ``random_game(config, random.Random(game_seed(s, i)))`` replays that game.
    """
    return f"wizard-rules:{run_seed}:{game}"


@attrs.frozen
class SeatTotals:
    """Integer sums over the games of a run, for one seat.

    :ivar score_sum: the sum of the seat's final totals.
    :ivar score_squares: the sum of their squares (for the spread).
    :ivar bids_met: how many rounds the seat took exactly what it bid.
    :ivar rounds: how many rounds the seat played.
    :ivar wins: how many games the seat won (a shared win counts for each).
    """

    score_sum: int = 0
    score_squares: int = 0
    bids_met: int = 0
    rounds: int = 0
    wins: int = 0

    def __add__(self, other: SeatTotals) -> SeatTotals:
        """Add two seats' sums."""
        return SeatTotals(
            self.score_sum + other.score_sum,
            self.score_squares + other.score_squares,
            self.bids_met + other.bids_met,
            self.rounds + other.rounds,
            self.wins + other.wins,
        )


@attrs.frozen
class SimulationTotals:
    """The sums of a run: exact integers, so any split of the games adds up the same.

    :ivar games: how many games were played.
    :ivar seats: the :class:`SeatTotals` of each seat.
    """

    games: int
    seats: tuple[SeatTotals, ...]

    def __add__(self, other: SimulationTotals) -> SimulationTotals:
        """Add the sums of two parts of a run."""
        return SimulationTotals(
            self.games + other.games,
            tuple(a + b for a, b in zip(self.seats, other.seats, strict=True)),
        )

    def mean_score(self, seat: int) -> float:
        """The seat's mean final total."""
        return self.seats[seat].score_sum / self.games

    def score_spread(self, seat: int) -> float:
        """The standard deviation of the seat's final totals (population)."""
        totals = self.seats[seat]
        mean = totals.score_sum / self.games
        return math.sqrt(max(totals.score_squares / self.games - mean * mean, 0.0))

    def bids_met_rate(self, seat: int) -> float:
        """The share of rounds in which the seat took exactly what it bid."""
        return self.seats[seat].bids_met / self.seats[seat].rounds

    def win_rate(self, seat: int) -> float:
        """The share of games the seat won (shared wins count for each winner)."""
        return self.seats[seat].wins / self.games


def _play_chunk(config: Config, seed: int, first: int, count: int) -> SimulationTotals:
    seats = [SeatTotals() for _ in range(config.players)]
    for game in range(first, first + count):
        final = random_game(config, random.Random(game_seed(seed, game)))
        scores = final.scores
        for seat in range(config.players):
            met = sum(r.bids[seat] == r.tricks_won[seat] for r in final.results)
            seats[seat] = seats[seat] + SeatTotals(
                scores[seat],
                scores[seat] ** 2,
                met,
                len(final.results),
                int(seat in final.winners),
            )
    return SimulationTotals(count, tuple(seats))


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for first in range(0, games, size):
        yield first, min(size, games - first)


def _ignore_interrupts() -> None:
    """Make a worker process ignore Ctrl-C: the parent stops the run (internal)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _bounded(
    submit: Callable[[tuple[int, int]], Future[_T]],
    tasks: Iterable[tuple[int, int]],
    window: int,
) -> Iterator[_T]:
    """Submit ``tasks`` and yield their results in order, never more than ``window`` pending.

    A task is submitted only once the oldest pending result was taken, so
    the tasks are read lazily and memory does not grow with their number
    (internal).
    """
    pending: collections.deque[Future[_T]] = collections.deque()
    for task in tasks:
        if len(pending) == window:
            yield pending.popleft().result()
        pending.append(submit(task))
    while pending:
        yield pending.popleft().result()


def simulate(
    config: Config,
    games: int,
    seed: int,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SimulationTotals:
    """Play ``games`` random games and return their sums.

    :param workers: how many processes play the games, 1 to
        :data:`MAX_WORKERS`; the result does not depend on it.
    :param progress: called with the number of games finished so far.
    :raises InvalidArgumentError: a count is not a positive whole number, or
        ``workers`` is more than :data:`MAX_WORKERS`.
    :raises KeyboardInterrupt: the run was interrupted; no worker is left
        running.
    """
    if type(config) is not Config:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"simulate needs a Config, not {type(config).__name__}"
        )
    for name, value in (("games", games), ("workers", workers)):
        if type(value) is not int or value < 1:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"{name} must be a whole number from 1 up, not {_show(value)}",
            )
    if workers > MAX_WORKERS:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"workers must be at most {MAX_WORKERS}, not {_show(workers)}",
        )
    if type(seed) is not int:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"seed must be an int, not {type(seed).__name__}"
        )
    size = max(1, min(_CHUNK, games // (workers * 8) or 1))
    total = SimulationTotals(0, tuple(SeatTotals() for _ in range(config.players)))
    if workers == 1:
        for first, count in _chunks(games, size):
            total = total + _play_chunk(config, seed, first, count)
            if progress is not None:
                progress(total.games)
        return total
    processes = min(workers, -(-games // size))  # no more than there are chunks
    with ProcessPoolExecutor(max_workers=processes, initializer=_ignore_interrupts) as pool:

        def submit(chunk: tuple[int, int]) -> Future[SimulationTotals]:
            return pool.submit(_play_chunk, config, seed, *chunk)

        try:
            # In order, so that the sums are added in one order.
            for part in _bounded(submit, _chunks(games, size), IN_FLIGHT * processes):
                total = total + part
                if progress is not None:
                    progress(total.games)
        except KeyboardInterrupt:
            pool.shutdown(cancel_futures=True)
            raise
    return total
