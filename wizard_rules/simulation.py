"""Many random games at once, with aggregate figures, on one or many processes.

Each game's seed is derived from the run's seed and the game's number, so a
run gives the same figures however its games are spread over processes, and
any single game can be replayed on its own with :func:`game_seed`.

>>> from wizard_rules import Config
>>> from wizard_rules.simulation import simulate
>>> totals = simulate(Config(players=3), games=4, seed=1)
>>> totals.games, len(totals.seats)
(4, 3)
>>> simulate(Config(players=3), games=4, seed=1, workers=2) == totals
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor

import attrs

from wizard_rules.config import Config
from wizard_rules.errors import ErrorCode, InvalidArgumentError
from wizard_rules.random_play import random_game

__all__ = ["SeatTotals", "SimulationTotals", "game_seed", "simulate"]


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


def simulate(
    config: Config,
    games: int,
    seed: int,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SimulationTotals:
    """Play ``games`` random games and return their sums.

    :param workers: how many processes play the games; the result does not
        depend on it.
    :param progress: called with the number of games finished so far.
    :raises InvalidArgumentError: a count is not a positive whole number.
    """
    if type(config) is not Config:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"simulate needs a Config, not {type(config).__name__}"
        )
    for name, value in (("games", games), ("workers", workers)):
        if type(value) is not int or value < 1:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"{name} must be a whole number from 1 up, not {value!r}",
            )
    if type(seed) is not int:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"seed must be an int, not {type(seed).__name__}"
        )
    size = max(1, min(50, games // (workers * 8) or 1))
    total = SimulationTotals(0, tuple(SeatTotals() for _ in range(config.players)))
    if workers == 1:
        for first, count in _chunks(games, size):
            total = total + _play_chunk(config, seed, first, count)
            if progress is not None:
                progress(total.games)
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [
            pool.submit(_play_chunk, config, seed, first, count)
            for first, count in _chunks(games, size)
        ]
        for future in futures:  # in order, so the sums are added in one order
            total = total + future.result()
            if progress is not None:
                progress(total.games)
    return total
