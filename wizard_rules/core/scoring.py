"""Scoring: what a round is worth to a player, and the record of a scored round.

>>> from wizard_rules import round_score
>>> round_score(bid=2, tricks_won=2)
40
>>> round_score(bid=0, tricks_won=0)
20
>>> round_score(bid=1, tricks_won=3), round_score(bid=3, tricks_won=1)
(-20, -20)
"""

from __future__ import annotations

import attrs

from wizard_rules.core.cards import Card, Suit
from wizard_rules.core.trick import Trick
from wizard_rules.errors import ErrorCode, InvalidArgumentError, show_value

__all__ = ["RoundResult", "round_score"]


def round_score(bid: int, tricks_won: int) -> int:
    """Return the points for a round in which a player bid ``bid`` and won ``tricks_won`` tricks.

    Exactly as bid: 20 plus 10 per trick taken.  Otherwise: minus 10 for each
    trick of difference, over or under.

    :raises InvalidArgumentError: ``bid`` or ``tricks_won`` is not a whole number
        from 0 up.
    """
    if type(bid) is not int or type(tricks_won) is not int or bid < 0 or tricks_won < 0:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "round_score needs two whole numbers from 0 up, "
            f"not {show_value(bid)} and {show_value(tricks_won)}",
        )
    return _score(bid, tricks_won)


def _score(bid: int, tricks_won: int) -> int:
    """:func:`round_score` without argument checks (internal): rule 10.1."""
    if bid == tricks_won:
        return 20 + 10 * tricks_won
    return -10 * abs(bid - tricks_won)


@attrs.frozen
class RoundResult:
    """The public record of a finished round.

    Everything here was seen by every player; the hands as dealt and the
    undealt cards are not part of it.

    :ivar round: the round number, from 1.
    :ivar dealer: the seat that dealt.
    :ivar turned: the turned card, or ``None`` in the last round.
    :ivar trump: the trump suit of the round, or ``None`` for no trump.
    :ivar bids: each seat's bid, by seat.
    :ivar tricks: the round's tricks in the order played.
    :ivar tricks_won: how many tricks each seat took, by seat.
    :ivar scores: each seat's points for this round, by seat.
    """

    round: int
    dealer: int
    turned: Card | None
    trump: Suit | None
    bids: tuple[int, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]


def _round_result(
    round_number: int,
    dealer: int,
    turned: Card | None,
    trump: Suit | None,
    bids: tuple[int, ...],
    tricks: tuple[Trick, ...],
    tricks_won: tuple[int, ...],
    scores: tuple[int, ...],
) -> RoundResult:
    """A :class:`RoundResult` from fields the transitions built (internal, unchecked).

    Set through the slots' own setters: attrs' frozen ``__init__`` goes
    through ``object.__setattr__`` field by field, and a result is made at
    the end of every round of every game.
    """
    result: RoundResult = _new_object(RoundResult)
    _set_round(result, round_number)
    _set_dealer(result, dealer)
    _set_turned(result, turned)
    _set_trump(result, trump)
    _set_bids(result, bids)
    _set_tricks(result, tricks)
    _set_tricks_won(result, tricks_won)
    _set_scores(result, scores)
    return result


_new_object = object.__new__
_set_round = RoundResult.__dict__["round"].__set__
_set_dealer = RoundResult.__dict__["dealer"].__set__
_set_turned = RoundResult.__dict__["turned"].__set__
_set_trump = RoundResult.__dict__["trump"].__set__
_set_bids = RoundResult.__dict__["bids"].__set__
_set_tricks = RoundResult.__dict__["tricks"].__set__
_set_tricks_won = RoundResult.__dict__["tricks_won"].__set__
_set_scores = RoundResult.__dict__["scores"].__set__
