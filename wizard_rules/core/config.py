"""The rule configuration of one game: who plays, who deals first, which options.

A :class:`Config` is frozen and validated when it is made.  Every field but
:attr:`~Config.players` has a default that gives the base game, and every
option is off unless the caller turns it on, so variants added in later
versions (as new keyword-only fields with defaults that keep the base game)
never change what existing callers get.

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

from wizard_rules.core.cards import DECK
from wizard_rules.errors import ConfigError, ErrorCode, _show

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Config"]

MIN_PLAYERS: Final = 3
"""The fewest players a game may have."""
MAX_PLAYERS: Final = 6
"""The most players a game may have."""


_PLAYER_COUNTS: Final = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))


def _seat_after(seat: int, steps: int, players: int) -> int:
    """The seat ``steps`` places to the left of ``seat`` (internal).

    Play, bidding and the deal all pass to the left, one seat at a time:
    this is the one place that says what "to the left" means.
    """
    return (seat + steps) % players


_LEFT_OF: Final = tuple(
    tuple(_seat_after(seat, 1, players) for seat in range(players))
    for players in range(MAX_PLAYERS + 1)
)
"""``_LEFT_OF[players][seat]``: :func:`_seat_after` one step, as a table for the
hot paths (a lookup is about twice as fast as the call) (internal)."""


def _check_players(_instance: object, _attribute: object, value: Any) -> None:
    if type(value) is not int:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG, f"players must be an int, not {type(value).__name__}"
        )
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"players must be {', '.join(map(str, _PLAYER_COUNTS[:-1]))} or "
            f"{_PLAYER_COUNTS[-1]}, not {_show(value)}",
        )


def _check_first_dealer(instance: Config, _attribute: object, value: Any) -> None:
    if type(value) is not int:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG, f"first_dealer must be an int, not {type(value).__name__}"
        )
    if not 0 <= value < instance.players:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"first_dealer must be a seat from 0 to {instance.players - 1}, not {_show(value)}",
        )


def _check_flag(_instance: object, attribute: attrs.Attribute[bool], value: Any) -> None:
    if type(value) is not bool:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"{attribute.name} must be a bool, not {type(value).__name__}",
        )


@attrs.frozen(kw_only=True)
class Config:
    """The rules a game is played by.

    :param players: how many play, 3 to 6.  Seats are numbered ``0`` to
        ``players - 1``; "left" of seat *s* is seat ``(s + 1) % players``.
    :param first_dealer: the seat that deals the first round (default 0); the
        deal passes one seat to the left every round.
    :param forbid_bid_total_match: the option "the bids may not add up to the
        number of tricks" (the publisher's "Plus/minus Eins").  When on, the
        dealer, who bids last, may not make the bid that would make the total
        of bids equal the round number.  Off by default.

    :raises ConfigError: a field has the wrong type or an impossible value.
    """

    players: int = attrs.field(validator=_check_players)
    first_dealer: int = attrs.field(default=0, validator=_check_first_dealer)
    forbid_bid_total_match: bool = attrs.field(default=False, validator=_check_flag)

    @property
    def rounds(self) -> int:
        """How many rounds the game has: 60 / players (20, 15, 12 or 10)."""
        return len(DECK) // self.players
