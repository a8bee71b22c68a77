"""Many random games at once, with aggregate figures, on one or many processes or machines.

Each game's seed is derived from the run's seed and the game's number, so a
run gives the same figures however its games are spread over processes or
machines, and any single game can be replayed on its own with
:func:`game_seed`.

The games are played in small chunks.  With several workers at most
:data:`IN_FLIGHT` chunks per worker are queued at a time, so memory stays flat
however many games are asked for, and an interrupt (Ctrl-C) stops a run
within a chunk or two: the workers ignore it, the chunks not yet started are
cancelled, and :class:`KeyboardInterrupt` reaches the caller.

With ``backend="ray"`` the chunks are tasks on a `Ray <https://www.ray.io>`_
cluster (the ``ray`` extra: ``pip install '.[ray]'`` from a clone), at most
:data:`IN_FLIGHT` per CPU of the cluster at a time; an interrupt cancels the
tasks not yet finished.  The figures are the same as on one process.  Ray is
imported only when that backend is asked for.

>>> from wizard_rules import Config
>>> from wizard_rules.sim.simulation import simulate
>>> totals = simulate(Config(players=3), games=4, seed=1)
>>> totals.games, len(totals.seats)
(4, 3)
>>> simulate(Config(players=3), games=4, seed=1, workers=2) == totals
True
"""

from __future__ import annotations

import collections
import contextlib
import functools
import importlib
import logging
import math
import os
import random
import signal
import threading
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Final, Literal, TypeVar

import attrs

from wizard_rules._version import __version__
from wizard_rules.core.config import Config
from wizard_rules.errors import ErrorCode, InvalidArgumentError, show_value
from wizard_rules.sim.random_play import any_random_game

__all__ = [
    "IN_FLIGHT",
    "MAX_WORKERS",
    "ClusterError",
    "SeatTotals",
    "SimulationTotals",
    "game_seed",
    "run_chunks",
    "simulate",
]

MAX_WORKERS: Final = 64
"""The most worker processes :func:`simulate` accepts.

A run never starts more processes than it has chunks of games, so a few
games on many workers start only a few processes.
"""

IN_FLIGHT: Final = 2
"""How many chunks of games per worker are queued at once (see the module's notes)."""

_CHUNK: Final = 10
"""The most games in one chunk: a fraction of a second of play (see docs/speed.rst) (internal)."""

_RAY_CHUNK: Final = 50
"""The most games in one Ray task: a Ray task costs more to send than a local one (internal)."""

_T = TypeVar("_T")
_H = TypeVar("_H")


class ClusterError(RuntimeError):
    """The Ray cluster could not be reached, or it failed to run a chunk of games.

    Raised by :func:`simulate` with ``backend="ray"`` only; the message is one
    line and says what went wrong (for example the address that did not
    answer, or a worker that died).
    """


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
        final = any_random_game(config, random.Random(game_seed(seed, game)))
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


def _result(future: Future[_T]) -> _T:
    return future.result()


def _bounded(
    submit: Callable[[tuple[int, int]], Future[_T]],
    tasks: Iterable[tuple[int, int]],
    window: int,
) -> Generator[_T, None, None]:
    """Submit ``tasks`` and yield their results in order, never more than ``window`` pending.

    A task is submitted only once the oldest pending result was taken, so
    the tasks are read lazily and memory does not grow with their number
    (internal).
    """
    return _bounded_handles(submit, tasks, window, _result, None)


def _bounded_handles(
    submit: Callable[[tuple[int, int]], _H],
    tasks: Iterable[tuple[int, int]],
    window: int,
    get: Callable[[_H], _T],
    cancel: Callable[[_H], object] | None,
) -> Generator[_T, None, None]:
    """:func:`_bounded` for any handle of a pending result: ``get`` waits for one.

    If the generator stops early (an error, an interrupt, or it is closed),
    ``cancel`` is called on every handle still pending (internal).
    """
    pending: collections.deque[_H] = collections.deque()
    try:
        for task in tasks:
            if len(pending) == window:
                yield get(pending.popleft())
            pending.append(submit(task))
        while pending:
            yield get(pending.popleft())
    finally:
        if cancel is not None:
            for handle in pending:
                cancel(handle)


def run_chunks(
    play: Callable[[int, int], _T],
    items: int,
    size: int,
    workers: int,
    add: Callable[[_T], None],
) -> None:
    """Run ``play(first, count)`` over ``items`` items in chunks of ``size``; ``add`` each result.

    The results reach ``add`` in the order of the chunks, whatever the number
    of workers.  The chunks are listed lazily, and with several workers at
    most :data:`IN_FLIGHT` per process are queued at a time, so memory does
    not grow with ``items``: the first chunk is played before the others are
    listed.  With one worker the chunks are played in this process; with
    more, in at most ``workers`` processes (no more than there are chunks),
    which ignore Ctrl-C: on an interrupt, or any error (from ``add`` too),
    the chunks not yet started are cancelled and the error reaches the
    caller.  With several workers ``play`` must be picklable: a module-level
    function, or a ``functools.partial`` of one.  :func:`simulate` and
    :func:`wizard_rules.agents.arena.play_arena` play their games with it.
    """
    chunks = _chunks(items, size)
    if workers == 1:
        for first, count in chunks:
            add(play(first, count))
        return
    processes = min(workers, -(-items // size))  # no more than there are chunks
    with ProcessPoolExecutor(max_workers=processes, initializer=_ignore_interrupts) as pool:

        def submit(chunk: tuple[int, int]) -> Future[_T]:
            return pool.submit(play, *chunk)

        try:
            for part in _bounded(submit, chunks, IN_FLIGHT * processes):
                add(part)
        except BaseException:  # Ctrl-C, or an error: cancel what has not started
            pool.shutdown(cancel_futures=True)
            raise


def _import_ray() -> Any:
    """The ``ray`` module, or an :class:`ImportError` naming the extra (internal).

    Typed as ``Any``: Ray is an optional dependency, used through a handful of
    calls.
    """
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ImportError(
            "the ray backend needs Ray: install the 'ray' extra: "
            "pip install '.[ray]' from a clone (see Installing in the docs)",
            name="ray",
        ) from None


def _one_line(error: BaseException) -> str:
    """The first line of an error's message, or of its cause's (a Ray task's error) (internal)."""
    cause = getattr(error, "cause", None)
    text = str(cause if isinstance(cause, BaseException) else error).strip()
    line = text.splitlines()[0] if text else type(error).__name__
    return line if len(line) <= 200 else line[:197] + "..."


def _play_chunk_on_worker(
    version: str, config: Config, seed: int, first: int, count: int
) -> SimulationTotals:
    """:func:`_play_chunk` on a Ray worker, which must run this version of the library (internal).

    Another version could deal other games from the same seeds.
    """
    if version != __version__:
        raise ClusterError(
            f"a Ray worker runs wizard-rules {__version__}, the driver {version}: "
            "install the same version on every machine"
        )
    return _play_chunk(config, seed, first, count)


def _connect(ray: Any, address: str | None) -> None:
    """``ray.init`` for a run (internal).

    Starting a local instance, an interrupted ``ray.init`` would leave some
    of the processes it starts running; so then Ctrl-C is held: an interrupt
    during it is remembered, and once it has returned Ray is shut down again
    and :class:`KeyboardInterrupt` raised.  Connecting to a cluster starts no
    process, and may wait long for an address that does not answer: there
    Ctrl-C acts at once.
    """
    interrupted = False

    def hold(signum: int, frame: object) -> None:
        nonlocal interrupted
        interrupted = True

    held = (
        address is None
        and not os.environ.get("RAY_ADDRESS")
        and threading.current_thread() is threading.main_thread()
    )
    previous = signal.signal(signal.SIGINT, hold) if held else None
    try:
        ray.init(
            address=address,
            include_dashboard=False,
            log_to_driver=False,
            logging_level=logging.ERROR,
        )
    except Exception as error:
        where = f" at {address}" if address is not None else ""
        raise ClusterError(f"cannot start or reach Ray{where}: {_one_line(error)}") from None
    finally:
        if held:
            signal.signal(signal.SIGINT, previous)
    if interrupted:
        ray.shutdown()
        raise KeyboardInterrupt


def _simulate_on_ray(
    config: Config,
    games: int,
    seed: int,
    address: str | None,
    add: Callable[[SimulationTotals], None],
) -> None:
    """Play the games as Ray tasks and pass each chunk's sums to ``add``, in order (internal).

    Joins the Ray instance this process is already connected to, if any;
    otherwise connects to ``address`` (or starts a local instance) and
    disconnects at the end.
    """
    ray = _import_ray()
    started = not ray.is_initialized()
    if started:
        _connect(ray, address)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = max(1, min(_RAY_CHUNK, games // (cpus * 8) or 1))
        task = ray.remote(num_cpus=1)(_play_chunk_on_worker)

        def submit(chunk: tuple[int, int]) -> Any:
            return task.remote(__version__, config, seed, *chunk)

        parts = _bounded_handles(
            submit, _chunks(games, size), IN_FLIGHT * cpus, ray.get, ray.cancel
        )
        with contextlib.closing(parts):  # cancels the pending tasks however the loop ends
            try:
                for part in parts:
                    add(part)
            except ray.exceptions.RayError as error:
                raise ClusterError(f"Ray failed to run a chunk: {_one_line(error)}") from None
    finally:
        if started:
            ray.shutdown()


def simulate(
    config: Config,
    games: int,
    seed: int,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    backend: Literal["local", "ray"] = "local",
    address: str | None = None,
) -> SimulationTotals:
    """Play ``games`` random games and return their sums.

    :param workers: how many processes play the games, 1 to
        :data:`MAX_WORKERS`; the result does not depend on it.  Only 1 with
        ``backend="ray"``, where the cluster's CPUs set the pace.
    :param progress: called with the number of games finished so far.
    :param backend: ``"local"`` (processes on this machine) or ``"ray"``
        (tasks on a Ray cluster; the ``ray`` extra).  The result does not
        depend on it, nor on the size of the cluster.
    :param address: with ``backend="ray"``, the address of the cluster's head
        (``"HOST:6379"``); by default the ``RAY_ADDRESS`` environment variable,
        or else a Ray instance started on this machine for the run.  If this
        process is already connected to Ray (it called ``ray.init``), that
        connection is used and ``address`` is not read; otherwise the run
        disconnects when it ends.
    :raises InvalidArgumentError: a count is not a positive whole number,
        ``workers`` is more than :data:`MAX_WORKERS`, ``backend`` is not one
        of the two, or ``workers`` or ``address`` is given with the wrong
        backend.
    :raises ImportError: ``backend="ray"`` and Ray is not installed (the
        message names the extra).
    :raises ClusterError: the Ray cluster cannot be reached, or fails to run
        a chunk of games.
    :raises KeyboardInterrupt: the run was interrupted; no worker is left
        running, and with Ray the tasks not yet finished are cancelled.
    """
    if type(config) is not Config:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"simulate needs a Config, not {type(config).__name__}"
        )
    for name, value in (("games", games), ("workers", workers)):
        if type(value) is not int or value < 1:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"{name} must be a whole number from 1 up, not {show_value(value)}",
            )
    if workers > MAX_WORKERS:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"workers must be at most {MAX_WORKERS}, not {show_value(workers)}",
        )
    if type(seed) is not int:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"seed must be an int, not {type(seed).__name__}"
        )
    if backend not in ("local", "ray"):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"backend must be 'local' or 'ray', not {show_value(backend)}",
        )
    if backend == "ray" and workers != 1:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "workers must be 1 with backend='ray' (the cluster sets it)",
        )
    if address is not None and (backend != "ray" or type(address) is not str):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"address must be a str, and only with backend='ray', not {show_value(address)}",
        )
    total = SimulationTotals(0, tuple(SeatTotals() for _ in range(config.players)))

    def add(part: SimulationTotals) -> None:  # in order, so the sums are added in one order
        nonlocal total
        total = total + part
        if progress is not None:
            progress(total.games)

    if backend == "ray":
        _simulate_on_ray(config, games, seed, address, add)
        return total
    size = max(1, min(_CHUNK, games // (workers * 8) or 1))
    run_chunks(functools.partial(_play_chunk, config, seed), games, size, workers, add)
    return total
