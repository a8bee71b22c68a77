"""An arena: bots play duplicate games, and their strength is measured with intervals.

Deal number ``i`` of a run is seeded with
:func:`~wizard_rules.sim.simulation.game_seed` ``(seed, i)``: every round's deal
comes from that seed and the round's number only, so the same cards reach the
same seats whoever sits there.  The deal is played once per rotation of the
bots over the seats (as many games as there are seats), so each bot holds
each seat's cards once and the luck of the deal cancels.  With more seats
than bots the list of bots is repeated to fill them (``heuristic,random`` at
three seats is ``heuristic,random,heuristic``), and a bot's figures are per
seat it played.

For each bot: its mean score per game with a 95% confidence interval
(Student's t over the means of the duplicate sets, which are independent),
its win rate (a shared win is split between the winners) and its rate of
exact bids; for each pair of bots, the mean difference of their scores with
a 95% interval, paired by duplicate set.  The same seed gives the same
result whatever the number of workers -- for bots with reproducible budgets:
a time budget (``ismcts:Ts``) lets the iterations, and so the games, depend
on the machine and on how busy it is.

The games follow the rules given (:func:`play_arena`'s ``rules``; the
standard game's by default): any variant or combination of variants that
:func:`~wizard_rules.core.rules.variant_rules` accepts, hidden bids, delayed
reveal and clairvoyance among them (rules 21 to 27); every bot plays them
from its view alone, and the table's heading and the JSON name them.

With anniversary cards (a ``rules`` whose deck is an
:class:`~wizard_rules.core.anniversary.AnniversaryDeck`, rules 28 to 41) the
games are played the same way, every new decision by the bots from their
views; the Vampire's card turned up (rule 37.3) comes from a seed of the deal
and the round, as the deal does, so each game of a set sees the same cards.
The heading names the cards and any reading that is not the default, and the
JSON carries ``"anniversary_cards"`` and ``"readings"`` as a game record's
configuration writes them.

Memory stays flat however many deals are asked for (``games`` up to 10**9):
the deals are handed out lazily in chunks, as
:func:`~wizard_rules.sim.simulation.simulate` hands out its games, and each
duplicate set is folded into running sums as soon as it is played.  An
interrupt (Ctrl-C) stops a run within a chunk or two, with no worker left
running.

>>> from wizard_rules.agents.arena import play_arena
>>> result = play_arena(["heuristic", "random"], games=2, seed=1, players=3)
>>> [bot.name for bot in result.bots], result.games_played
(['heuristic', 'random'], 6)
>>> play_arena(["heuristic", "random"], games=2, seed=1, players=3, workers=2) == result
True
"""

from __future__ import annotations

import functools
import math
import random
import statistics
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from wizard_rules.agents.bots import CardBot, HeuristicBot, ISMCTSBot, RandomBot
from wizard_rules.core.anniversary.deck import AnniversaryDeck
from wizard_rules.core.chance import random_deal
from wizard_rules.core.config import MAX_PLAYERS, MIN_PLAYERS, Config
from wizard_rules.core.rules import STANDARD, ListedSchedule, OddSchedule, Rules, variant_names
from wizard_rules.core.state import Phase, State, new_game
from wizard_rules.core.transitions import apply
from wizard_rules.core.views import player_view
from wizard_rules.errors import ErrorCode, InvalidArgumentError
from wizard_rules.formats.records import config_to_dict
from wizard_rules.sim.random_play import round_deal_rng
from wizard_rules.sim.simulation import MAX_WORKERS, game_seed, run_chunks

__all__ = [
    "BOT_COLUMNS",
    "FOOTNOTE",
    "MAX_ISMCTS_ITERATIONS",
    "MAX_ISMCTS_SECONDS",
    "PAIR_COLUMNS",
    "VARIANT_NOTES",
    "ArenaResult",
    "BotResult",
    "PairResult",
    "interval",
    "make_bot",
    "play_arena",
]

MAX_ISMCTS_ITERATIONS: Final = 100_000
"""The largest budget ``ismcts:N`` accepts."""

MAX_ISMCTS_SECONDS: Final = 60.0
"""The largest budget ``ismcts:Ts`` accepts, in seconds per decision."""

VARIANT_NOTES: Final = {
    "canadian_rule": "Canadian rule",
    "clairvoyance": "clairvoyance",
    "delayed_reveal": "delayed reveal",
    "forbid_bid_total_match": "plus/minus one",
    "hardcore": "hardcore",
    "hidden_bids": "hidden bids",
}
"""How :meth:`ArenaResult.heading` names each variant of
:data:`~wizard_rules.core.rules.VARIANTS`."""

_CHUNK: Final = 5
"""The most duplicate sets in one chunk of work (internal)."""

_T975: Final = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""The 97.5% quantile of Student's t for 1 to 30 degrees of freedom (internal)."""


def make_bot(spec: str) -> CardBot:
    """The bot a spec names: ``random``, ``heuristic``, ``ismcts``, ``ismcts:N`` or ``ismcts:Ts``.

    ``ismcts`` alone searches 200 iterations per decision; ``ismcts:N`` ``N``
    (1 to :data:`MAX_ISMCTS_ITERATIONS`); ``ismcts:Ts`` (``T`` seconds, such
    as ``ismcts:0.05s``, at most :data:`MAX_ISMCTS_SECONDS`) as many as ``T``
    seconds allow, up to :data:`MAX_ISMCTS_ITERATIONS` -- a time budget is
    not reproducible: the iterations it allows depend on the machine.

    >>> from wizard_rules.agents.arena import make_bot
    >>> make_bot("ismcts:0.05s")
    ISMCTSBot(iterations=100000, exploration=0.7, seconds=0.05)

    :raises InvalidArgumentError: an unknown name, or a bad budget.
    """
    if not isinstance(spec, str):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"a bot is named by a str, not {type(spec).__name__}"
        )
    name, colon, budget = spec.partition(":")
    if name == "ismcts":
        if not colon:
            return ISMCTSBot()
        if budget.endswith("s"):
            return ISMCTSBot(iterations=MAX_ISMCTS_ITERATIONS, seconds=_seconds(budget[:-1]))
        if (
            not budget.isdigit()
            or not budget.isascii()
            or len(budget) > 6
            or not 1 <= int(budget) <= MAX_ISMCTS_ITERATIONS
        ):
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"the budget of ismcts:N is a whole number of iterations from 1 to "
                f"{MAX_ISMCTS_ITERATIONS} (or ismcts:Ts, T seconds), not {budget[:30]!r}",
            )
        return ISMCTSBot(iterations=int(budget))
    if name in ("random", "heuristic") and not colon:
        return RandomBot() if name == "random" else HeuristicBot()
    raise InvalidArgumentError(
        ErrorCode.INVALID_ARGUMENT,
        f"unknown bot {spec[:30]!r}: the bots are random, heuristic, ismcts, ismcts:N "
        "and ismcts:Ts",
    )


def _seconds(text: str) -> float:
    """The seconds of an ``ismcts:Ts`` budget: a plain decimal number, above 0."""
    digits = text.replace(".", "", 1)
    if not (digits.isdigit() and digits.isascii() and len(text) <= 8) or not (
        0 < float(text) <= MAX_ISMCTS_SECONDS
    ):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"the budget of ismcts:Ts is a number of seconds above 0 and at most "
            f"{MAX_ISMCTS_SECONDS:g}, such as 0.05s, not {text[:30] + 's'!r}",
        )
    return float(text)


def _t975(degrees: int) -> float:
    """The 97.5% quantile of Student's t (a Cornish-Fisher expansion above 30 degrees)."""
    if degrees <= len(_T975):
        return _T975[degrees - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * degrees) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * degrees**2)


def interval(values: Sequence[float]) -> tuple[float, float | None]:
    """The mean of ``values`` and the half-width of its 95% confidence interval.

    The interval is Student's t: ``t(0.975, n - 1) * s / sqrt(n)``, with ``s``
    the sample standard deviation.  The half-width is ``None`` for fewer than
    two values.

    >>> from wizard_rules.agents.arena import interval
    >>> mean, half = interval([1, 2, 3, 4, 5])
    >>> mean, round(half, 3)
    (3.0, 1.963)
    """
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    spread = statistics.stdev(values)
    return mean, _t975(len(values) - 1) * spread / math.sqrt(len(values))


@attrs.frozen
class BotResult:
    """One bot's figures in an arena run.

    :ivar name: the bot's spec, as given.
    :ivar seats: how many seats it holds in each game.
    :ivar mean_score: its mean final score per game (per seat it played).
    :ivar score_interval: the half-width of the 95% interval of ``mean_score``
        (``None`` with a single duplicate set).
    :ivar win_rate: the share of its seat-games it won (a shared win split).
    :ivar exact_bid_rate: the share of its rounds in which it took exactly its bid.
    """

    name: str
    seats: int
    mean_score: float
    score_interval: float | None
    win_rate: float
    exact_bid_rate: float


@attrs.frozen
class PairResult:
    """The mean score difference of two bots, paired by duplicate set.

    :ivar first: the first bot's name.
    :ivar second: the second bot's name.
    :ivar mean_difference: the first bot's mean score less the second's.
    :ivar interval: the half-width of its 95% interval (``None`` with a single
        duplicate set).
    """

    first: str
    second: str
    mean_difference: float
    interval: float | None

    @property
    def significant(self) -> bool:
        """Whether the 95% interval excludes zero."""
        return self.interval is not None and abs(self.mean_difference) > self.interval


@attrs.frozen
class ArenaResult:
    """The figures of an arena run (see the module's notes).

    :ivar players: the seats at the table.
    :ivar games: how many duplicate sets (deals) were played.
    :ivar seed: the run's seed.
    :ivar bots: a :class:`BotResult` per bot, in the order given.
    :ivar pairs: a :class:`PairResult` per pair of bots, in the order given.
    :ivar rules: the rules the games were played by (the standard game's by default).
    """

    players: int
    games: int
    seed: int
    bots: tuple[BotResult, ...]
    pairs: tuple[PairResult, ...]
    rules: Rules = STANDARD

    @property
    def games_played(self) -> int:
        """How many games were played: one per deal and rotation."""
        return self.games * self.players

    def heading(self) -> str:
        """The line that says what was played, above the tables, and the variants if any.

        Each variant on is named (:data:`VARIANT_NOTES`), in the order of
        :data:`~wizard_rules.core.rules.VARIANTS`, then the schedule.

        >>> from wizard_rules.agents.arena import play_arena
        >>> from wizard_rules.core.rules import variant_rules
        >>> rules = variant_rules(["hidden_bids", "clairvoyance"])
        >>> play_arena(["heuristic", "random"], 1, seed=1, players=3, rules=rules).heading()
        '1 deals x 3 rotations = 3 games, 3 players, seed 1, clairvoyance, hidden bids'
        """
        notes = [f", {VARIANT_NOTES[name]}" for name in variant_names(self.rules)]
        schedule = self.rules.schedule
        if type(schedule) is OddSchedule:
            notes.append(", schedule odd")
        elif type(schedule) is ListedSchedule:
            notes.append(f", schedule {','.join(map(str, schedule.sizes))}")
        deck = self.rules.deck
        if type(deck) is AnniversaryDeck:
            notes.append(f", anniversary cards {','.join(deck.added)}")
            written = config_to_dict(Config(players=self.players, rules=self.rules))
            readings = written.get("readings", {})
            assert isinstance(readings, dict)
            notes.extend(f", {name}={value}" for name, value in readings.items())
        return (
            f"{self.games} deals x {self.players} rotations = {self.games_played} games, "
            f"{self.players} players, seed {self.seed}{''.join(notes)}"
        )

    def _variants(self) -> dict[str, object]:
        """The variants played, as a game record's configuration writes them (none: standard).

        Each variant on is a key ``true`` (plus/minus one too, which a record
        writes always), and a schedule other than the standard one its key.
        """
        written = config_to_dict(Config(players=self.players, rules=self.rules))
        found: dict[str, object] = dict.fromkeys(variant_names(self.rules), True)
        for key in ("schedule", "anniversary_cards", "readings"):
            if key in written:
                found[key] = written[key]
        return found

    def bot_rows(self, plus_minus: str = "+-") -> list[tuple[str, ...]]:
        """The bots' table, one row of cells per bot (columns: :data:`BOT_COLUMNS`).

        ``plus_minus`` marks the half-width of an interval (a terminal shows ``±``).
        """
        return [
            (
                bot.name,
                str(bot.seats),
                f"{bot.mean_score:.1f}",
                _half_width_text(bot.score_interval, plus_minus),
                f"{100 * bot.win_rate:.1f}%",
                f"{100 * bot.exact_bid_rate:.1f}%",
            )
            for bot in self.bots
        ]

    def pair_rows(self, plus_minus: str = "+-") -> list[tuple[str, ...]]:
        """The differences' table, one row per pair (columns: :data:`PAIR_COLUMNS`).

        The last cell is ``*`` when the 95% interval excludes zero.
        """
        return [
            (
                f"{pair.first} - {pair.second}",
                f"{pair.mean_difference:.1f}",
                _half_width_text(pair.interval, plus_minus),
                "*" if pair.significant else "",
            )
            for pair in self.pairs
        ]

    def table(self) -> str:
        """The figures as a plain-text table."""
        lines = [
            self.heading(),
            "",
            f"{'bot':<14}{'seats':>6}{'mean score':>12}{'95% CI':>10}{'wins':>9}"
            f"{'exact bids':>12}",
        ]
        for name, seats, mean, interval, wins, exact in self.bot_rows():
            lines.append(f"{name:<14}{seats:>6}{mean:>12}{interval:>10}{wins:>9}{exact:>12}")
        lines.append("")
        lines.append(f"{'difference':<30}{'mean':>9}{'95% CI':>10}")
        for pair, mean, interval, mark in self.pair_rows():
            lines.append(f"{pair:<30}{mean:>9}{interval:>10}{'  ' + mark if mark else ''}")
        lines.append(FOOTNOTE)
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, object]:
        """The figures as a JSON-ready dict (half-widths ``None`` where undefined).

        A variant adds its key as a game record's configuration writes it
        (``"hidden_bids": true``, ``"canadian_rule": true``, ... one of
        :data:`~wizard_rules.core.rules.VARIANTS`; ``"schedule": "odd"`` or
        ``[1, 3, 5]``): the standard game's adds none.
        """
        return {
            "players": self.players,
            "games": self.games,
            "games_played": self.games_played,
            "seed": self.seed,
            "bots": [attrs.asdict(bot) for bot in self.bots],
            "pairs": [
                {**attrs.asdict(pair), "significant": pair.significant} for pair in self.pairs
            ],
            **self._variants(),
        }


def _half_width_text(half_width: float | None, plus_minus: str) -> str:
    return "n/a" if half_width is None else f"{plus_minus}{half_width:.1f}"


BOT_COLUMNS: Final = ("bot", "seats", "mean score", "95% CI", "wins", "exact bids")
"""The columns of :meth:`ArenaResult.bot_rows`."""
PAIR_COLUMNS: Final = ("difference", "mean", "95% CI", "")
"""The columns of :meth:`ArenaResult.pair_rows` (the last marks a significant difference)."""
FOOTNOTE: Final = "(* the 95% interval excludes zero)"
"""The line under the differences."""


@attrs.frozen
class _SetFigures:
    """One duplicate set's sums for each bot (internal)."""

    scores: tuple[int, ...]
    seat_games: tuple[int, ...]
    exact: tuple[int, ...]
    rounds: tuple[int, ...]
    wins: tuple[float, ...]


def _lineup(bots: int, players: int, rotation: int) -> list[int]:
    """The bot (by index) at each seat in a rotation (internal)."""
    return [((seat - rotation) % players) % bots for seat in range(players)]


def _play_game(config: Config, bots: Sequence[CardBot], key: str, rotation: int) -> Any:
    """Play one game of a duplicate set, ``bots[seat]`` at each seat (internal)."""
    rngs = [random.Random(f"{key}:bot:{rotation}:{seat}") for seat in range(config.players)]
    if type(config.rules.deck) is AnniversaryDeck:
        return _play_anniversary_game(config, bots, key, rngs)
    state = new_game(config)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            state = apply(state, random_deal(state, round_deal_rng(key, state.round)))
        else:
            seat = state.current_player
            assert seat is not None
            state = apply(state, bots[seat].choose(player_view(state, seat), rngs[seat]))
    return state


def _play_anniversary_game(
    config: Config, bots: Sequence[CardBot], key: str, rngs: list[random.Random]
) -> Any:
    """:func:`_play_game` for a game with anniversary cards (internal).

    The deal comes from the round's seed as in the standard game; the
    Vampire's card turned up (rule 37.3) from its own seed of the round, so
    the duplicate games of a set see the same cards.
    """
    from wizard_rules.core.anniversary.state import AnniversaryPhase
    from wizard_rules.core.anniversary.transitions import new_anniversary_game
    from wizard_rules.core.chance import random_chance

    state = new_anniversary_game(config)
    while state.phase is not AnniversaryPhase.GAME_OVER:
        if state.phase is AnniversaryPhase.DEAL:
            state = apply(state, random_deal(state, round_deal_rng(key, state.round)))
        elif state.phase is AnniversaryPhase.REVEAL:
            reveal_rng = random.Random(f"{key}:reveal:{state.round}")
            state = apply(state, random_chance(state, reveal_rng))
        else:
            seat = state.current_player
            assert seat is not None
            state = apply(state, bots[seat].choose(player_view(state, seat), rngs[seat]))
    return state


def _winners(final: Any) -> tuple[int, ...]:
    """The seats that won a game: the rules' end piece decides, as for the standard game."""
    if type(final) is State:
        return final.winners
    return final.config.rules.end.winners(final.scores)  # type: ignore[no-any-return]


def _play_set(
    specs: tuple[str, ...], players: int, rules: Rules, seed: int, game: int
) -> _SetFigures:
    """Play deal ``game`` once per rotation and sum each bot's figures (internal)."""
    bots = [make_bot(spec) for spec in specs]
    config = Config(players=players, rules=rules)
    key = game_seed(seed, game)
    count = len(specs)
    scores, seat_games, exact, rounds = ([0] * count for _ in range(4))
    wins = [0.0] * count
    for rotation in range(players):
        lineup = _lineup(count, players, rotation)
        final = _play_game(config, [bots[b] for b in lineup], key, rotation)
        winners = _winners(final)
        for seat, b in enumerate(lineup):
            scores[b] += final.scores[seat]
            seat_games[b] += 1
            exact[b] += sum(r.bids[seat] == r.tricks_won[seat] for r in final.results)
            rounds[b] += len(final.results)
            if seat in winners:
                wins[b] += 1 / len(winners)
    return _SetFigures(tuple(scores), tuple(seat_games), tuple(exact), tuple(rounds), tuple(wins))


def _play_chunk(
    specs: tuple[str, ...], players: int, rules: Rules, seed: int, first: int, count: int
) -> list[_SetFigures]:
    return [_play_set(specs, players, rules, seed, game) for game in range(first, first + count)]


def _check(
    bots: Sequence[str], games: int, players: int | None, workers: int, rules: Rules
) -> int:
    """Check the arguments of :func:`play_arena`; return the number of players (internal)."""
    if isinstance(bots, str) or len(bots) < 2:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, "an arena needs a sequence of at least two bots"
        )
    for spec in bots:
        make_bot(spec)
    if len(set(bots)) != len(bots):
        raise InvalidArgumentError(ErrorCode.INVALID_ARGUMENT, "each bot may be named once")
    if players is None and len(bots) < MIN_PLAYERS:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"{len(bots)} bots are too few for a table: give the players ({MIN_PLAYERS} to "
            f"{MAX_PLAYERS}), and the bots are repeated to fill the seats",
        )
    seats = len(bots) if players is None else players
    if type(seats) is not int or not max(MIN_PLAYERS, len(bots)) <= seats <= MAX_PLAYERS:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"players must be from {max(MIN_PLAYERS, len(bots))} (and no fewer than the "
            f"bots) to {MAX_PLAYERS}, not {seats!r}",
        )
    for name, value, top in (("games", games, 10**9), ("workers", workers, MAX_WORKERS)):
        if type(value) is not int or not 1 <= value <= top:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"{name} must be a whole number from 1 to {top}, not {value!r}",
            )
    if type(rules) is not Rules:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"rules must be a Rules, not {type(rules).__name__}"
        )
    Config(players=seats, rules=rules)  # the schedule fits the seats' hands, or ConfigError
    return seats


def play_arena(
    bots: Sequence[str],
    games: int,
    seed: int,
    players: int | None = None,
    workers: int = 1,
    *,
    progress: Callable[[int], None] | None = None,
    rules: Rules = STANDARD,
) -> ArenaResult:
    """Play ``games`` duplicate sets among ``bots`` and return the figures.

    :param bots: two or more distinct specs (see :func:`make_bot`).
    :param games: how many deals; each is played once per rotation, so
        ``games * players`` games in all.
    :param players: the seats (default: one per bot; at least as many as
        bots, which are repeated to fill them).
    :param workers: how many processes play, 1 to
        :data:`~wizard_rules.sim.simulation.MAX_WORKERS`; the result does not
        depend on it.
    :param progress: called with the number of deals finished so far.
    :param rules: the rules of the games (:class:`~wizard_rules.core.rules.Rules`;
        the standard game by default), such as a variant's.
    :raises InvalidArgumentError: a bad spec or count, or ``rules`` not a Rules.
    :raises ConfigError: ``rules`` deal more cards than the seats' hands can hold.
    :raises KeyboardInterrupt: the run was interrupted; no worker is left running.

    Memory does not grow with ``games``: the deals are handed out lazily in
    chunks (:func:`~wizard_rules.sim.simulation.run_chunks`, as
    :func:`~wizard_rules.sim.simulation.simulate` plays its games), and each
    duplicate set is folded into exact running sums as it comes in.
    """
    seats = _check(bots, games, players, workers, rules)
    specs = tuple(bots)
    tally = _Tally(len(specs))

    def add(part: list[_SetFigures]) -> None:
        for figures in part:
            tally.add(figures)
        if progress is not None:
            progress(tally.sets)

    chunk = functools.partial(_play_chunk, specs, seats, rules, seed)
    run_chunks(chunk, games, _CHUNK, workers, add)
    return tally.result(specs, seats, games, seed, rules)


class _Tally:
    """Running sums over the duplicate sets of a run, whatever their number (internal).

    A bot's mean per set is its set's score sum over its seat-games in the
    set, which are the same in every set; so the intervals are computed
    from integer sums (of the set sums, of their squares and, for each pair,
    of the cross-multiplied differences), exactly, whatever the order.
    """

    def __init__(self, bots: int) -> None:
        self.sets = 0
        self.bots = bots
        self.seat_games = [0] * bots  # a set's, the same in every set
        self.score_sum = [0] * bots
        self.score_squares = [0] * bots
        self.exact = [0] * bots
        self.rounds = [0] * bots
        self.wins = [0.0] * bots
        self.pair_sum: dict[tuple[int, int], int] = {}
        self.pair_squares: dict[tuple[int, int], int] = {}

    def add(self, figures: _SetFigures) -> None:
        """Fold one duplicate set's figures in."""
        self.sets += 1
        self.seat_games = list(figures.seat_games)
        for b in range(self.bots):
            score = figures.scores[b]
            self.score_sum[b] += score
            self.score_squares[b] += score * score
            self.exact[b] += figures.exact[b]
            self.rounds[b] += figures.rounds[b]
            self.wins[b] += figures.wins[b]
        for a in range(self.bots):
            for b in range(a + 1, self.bots):
                # the difference of the means, times both seat-game counts
                difference = figures.scores[a] * figures.seat_games[b] - (
                    figures.scores[b] * figures.seat_games[a]
                )
                self.pair_sum[a, b] = self.pair_sum.get((a, b), 0) + difference
                self.pair_squares[a, b] = self.pair_squares.get((a, b), 0) + difference**2

    def _interval(self, total: int, squares: int, scale: int) -> tuple[float, float | None]:
        """Mean and 95% half-width of values ``x / scale``, from the sums of ``x`` and ``x**2``."""
        n = self.sets
        mean = total / (n * scale)
        if n < 2:
            return mean, None
        variance = Fraction(n * squares - total * total, n * (n - 1) * scale * scale)
        return mean, _t975(n - 1) * math.sqrt(variance) / math.sqrt(n)

    def result(
        self, specs: tuple[str, ...], players: int, games: int, seed: int, rules: Rules
    ) -> ArenaResult:
        """The figures of the sets folded in."""
        results = []
        for b, name in enumerate(specs):
            mean, half = self._interval(
                self.score_sum[b], self.score_squares[b], self.seat_games[b]
            )
            results.append(
                BotResult(
                    name=name,
                    seats=self.seat_games[b] // players,
                    mean_score=mean,
                    score_interval=half,
                    win_rate=self.wins[b] / (self.seat_games[b] * self.sets),
                    exact_bid_rate=self.exact[b] / self.rounds[b],
                )
            )
        pairs = []
        for a in range(len(specs)):
            for b in range(a + 1, len(specs)):
                scale = self.seat_games[a] * self.seat_games[b]
                mean, half = self._interval(self.pair_sum[a, b], self.pair_squares[a, b], scale)
                pairs.append(PairResult(specs[a], specs[b], mean, half))
        return ArenaResult(players, games, seed, tuple(results), tuple(pairs), rules)
