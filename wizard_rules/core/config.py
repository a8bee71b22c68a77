"""The rule configuration of one game: who plays, who deals first, which options.

A :class:`Config` is frozen and validated when it is made.  Every field but
:attr:`~Config.players` has a default that gives the base game, and every
option is off unless the caller turns it on, so variants added in later
versions (as new keyword-only fields with defaults that keep the base game)
never change what existing callers get.

>>> from wizard_rules import Config
>>> config = Config(players=4)
>>> config.rounds, config.first_dealer, config.forbid_bid_total_match
(15, 0, False)
>>> Config(players=7)
Traceback (most recent call last):
...
wizard_rules.errors.ConfigError: [invalid_config] players must be 3, 4, 5 or 6, not 7
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from wizard_rules.core.rules import STANDARD, PlusMinusOne, Rules
from wizard_rules.errors import ConfigError, ErrorCode, show_value

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Config", "seat_after"]

MIN_PLAYERS: Final = 3
"""The fewest players a game may have."""
MAX_PLAYERS: Final = 6
"""The most players a game may have."""


_PLAYER_COUNTS: Final = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))


def seat_after(seat: int, steps: int, players: int) -> int:
    """Return the seat ``steps`` places to the left of ``seat`` at a table of ``players``.

    Play, bidding and the deal all pass to the left, one seat at a time:
    this is the one place that says what "to the left" means (seat
    ``players - 1`` has seat 0 on its left).  It checks nothing, since the
    rules call it on their hot paths: give it ints, ``players`` from 1 up.

    >>> from wizard_rules.core.config import seat_after
    >>> seat_after(3, 1, 4), seat_after(1, 6, 4)
    (0, 3)
    """
    return (seat + steps) % players


_seat_after = seat_after  # the rules modules' own name for it


_LEFT_OF: Final = tuple(
    tuple(_seat_after(seat, 1, players) for seat in range(players))
    for players in range(MAX_PLAYERS + 1)
)
"""``_LEFT_OF[players][seat]``: :func:`seat_after` one step, as a table for the
hot paths: a lookup instead of a call (see docs/speed.rst) (internal)."""


def _check_players(_instance: object, _attribute: object, value: Any) -> None:
    if type(value) is not int:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG, f"players must be an int, not {type(value).__name__}"
        )
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"players must be {', '.join(map(str, _PLAYER_COUNTS[:-1]))} or "
            f"{_PLAYER_COUNTS[-1]}, not {show_value(value)}",
        )


def _check_first_dealer(instance: Config, _attribute: object, value: Any) -> None:
    if type(value) is not int:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG, f"first_dealer must be an int, not {type(value).__name__}"
        )
    if not 0 <= value < instance.players:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"first_dealer must be a seat from 0 to {instance.players - 1}, "
            f"not {show_value(value)}",
        )


def _check_flag(_instance: object, attribute: attrs.Attribute[bool], value: Any) -> None:
    if type(value) is not bool:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"{attribute.name} must be a bool, not {type(value).__name__}",
        )


def _check_rules(_instance: object, _attribute: object, value: Any) -> None:
    if type(value) is not Rules:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG, f"rules must be a Rules, not {type(value).__name__}"
        )


@attrs.frozen(kw_only=True, repr=False)
class Config:
    """The rules a game is played by.

    :param players: how many play, 3 to 6.  Seats are numbered ``0`` to
        ``players - 1``; "left" of seat *s* is seat ``(s + 1) % players``.
    :param first_dealer: the seat that deals the first round (default 0); the
        deal passes one seat to the left every round.
    :param forbid_bid_total_match: the option "the bids may not add up to the
        number of tricks" (the publisher's "Plus/minus Eins").  When on, the
        dealer, who bids last, may not make the bid that would make the total
        of bids equal the round's hand size.  Off by default.  The same as
        :class:`~wizard_rules.core.rules.PlusMinusOne` in
        :attr:`rules`' bid restrictions: either turns both on.
    :param rules: the rules, one named piece each
        (:class:`~wizard_rules.core.rules.Rules`); the standard game by
        default.  A variant is a different piece: ``Rules(schedule=OddSchedule())``.
    :ivar deal_sizes: how many cards each seat is dealt in each round, in order (worked out from
        :attr:`rules`' schedule).

    >>> from wizard_rules import Config
    >>> from wizard_rules.core.rules import CanadianRule, ListedSchedule, Rules
    >>> config = Config(players=3, rules=Rules(schedule=ListedSchedule(sizes=(2, 4))))
    >>> config.rounds, config.deal_sizes
    (2, (2, 4))
    >>> Config(players=4, rules=Rules(bid_restrictions=(CanadianRule(),))).forbid_bid_total_match
    False

    :raises ConfigError: a field has the wrong type or an impossible value
        (a schedule with a hand size too large for ``players``, for one), or
        the rules cannot be played together: plus/minus one with hidden bids
        or delayed reveal, or clairvoyance with a first round of more than
        one card (rules 26.1 and 27.2).
    """

    players: int = attrs.field(validator=_check_players)
    first_dealer: int = attrs.field(default=0, validator=_check_first_dealer)
    forbid_bid_total_match: bool = attrs.field(default=False, validator=_check_flag)
    rules: Rules = attrs.field(default=STANDARD, validator=_check_rules)
    deal_sizes: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # Plus/minus one is both a flag (0.1's field) and a bid restriction:
        # either sets the other, so that equal rules make equal configs.
        rules = self.rules
        plus_minus_one = PlusMinusOne()
        if self.forbid_bid_total_match and plus_minus_one not in rules.bid_restrictions:
            rules = attrs.evolve(rules, bid_restrictions=(*rules.bid_restrictions, plus_minus_one))
            object.__setattr__(self, "rules", rules)
        elif plus_minus_one in rules.bid_restrictions:
            object.__setattr__(self, "forbid_bid_total_match", True)
        sizes = rules.schedule.deal_sizes(self.players)
        if rules.visibility.blind(1) and sizes[0] != 1:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"clairvoyance is played in a first round of one card each, "
                f"not of {sizes[0]}: a player holds their one card facing the others",
            )
        object.__setattr__(self, "deal_sizes", sizes)

    def __getstate__(self) -> dict[str, object]:
        """Pickle the fields given to the constructor (the rest are worked out again)."""
        return {
            "players": self.players,
            "first_dealer": self.first_dealer,
            "forbid_bid_total_match": self.forbid_bid_total_match,
            "rules": self.rules,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickle, also a configuration pickled by 0.1 (which had no :attr:`rules`)."""
        for name in ("players", "first_dealer", "forbid_bid_total_match"):
            object.__setattr__(self, name, state[name])
        object.__setattr__(self, "rules", state.get("rules", STANDARD))
        self.__attrs_post_init__()

    def __repr__(self) -> str:
        """``Config(players=4, first_dealer=0, forbid_bid_total_match=False)``, and more.

        The rules are shown when they are not the standard game's (plus/minus
        one is shown by its flag).
        """
        text = (
            f"Config(players={self.players!r}, first_dealer={self.first_dealer!r}, "
            f"forbid_bid_total_match={self.forbid_bid_total_match!r}"
        )
        rules = self.rules
        if self.forbid_bid_total_match:
            others = tuple(r for r in rules.bid_restrictions if r != PlusMinusOne())
            rules = attrs.evolve(rules, bid_restrictions=others)
        if rules != STANDARD:
            text += f", rules={rules!r}"
        return text + ")"

    @property
    def rounds(self) -> int:
        """How many rounds the game has: 60 / players (20, 15, 12 or 10) in the standard game."""
        return len(self.deal_sizes)
