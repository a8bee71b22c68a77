"""The deal's packed-hands cache, and the unchecked deal of the chance step: speed tricks.

A deal is checked and then applied, and :func:`~wizard_rules.random_deal`
knows its masks already: :data:`_last_packed` remembers the last deal's
hands as one int, and the state a drawn deal was drawn for, so that a deal
is packed once and a drawn deal is not checked again (see
:mod:`wizard_rules.core._fast` for the figures).
"""

from __future__ import annotations

from typing import Final

from wizard_rules.core.actions import Deal
from wizard_rules.core.cards import DECK, Card


def _unchecked_deal(
    hands: tuple[tuple[Card, ...], ...], turned: Card | None, packed_hands: int, drawn_for: object
) -> Deal:
    """A :class:`~wizard_rules.Deal` of hands already checked and in canonical order, unchecked.

    For the chance step (:func:`~wizard_rules.random_deal`), which draws a
    deal of every round of every simulated game: it skips the converter that
    checks and sorts the hands (through the slots' own setters, as the class
    is frozen) and remembers the hands' masks and the state the deal was
    drawn for, so that applying it to that state checks nothing either.
    Nothing is checked: the arguments must be right, or the game that
    follows is wrong -- which is why it is private to the rules.

    :param hands: each seat's cards, a tuple of tuples in canonical order.
    :param turned: the turned card, or ``None`` when the whole deck is dealt.
    :param packed_hands: the hands as one int, seat ``s``'s mask shifted by
        ``60 * s`` (see :attr:`State.packed_hands <wizard_rules.State.packed_hands>`).
    :param drawn_for: the state whose round this deal fits (applying it
        there skips the deal check), or ``None``.
    """
    global _last_packed
    deal: Deal = _new_object(Deal)
    _set_hands(deal, hands)
    _set_turned(deal, turned)
    _last_packed = (deal, hands, turned, packed_hands, drawn_for)
    return deal


_new_object = object.__new__
_set_hands = Deal.__dict__["hands"].__set__
_set_turned = Deal.__dict__["turned"].__set__

_HAND_BITS: Final = len(DECK)
"""How far apart the seats' hands lie in a packed int: a deck's width (see
:attr:`State.packed_hands <wizard_rules.State.packed_hands>`)."""

# The last deal whose hands were packed: the deal, its hands and turned card
# as they were then, its packed hands and, for a deal random_deal drew, the
# state it was drawn for (else None).  A deal is checked and then applied (and
# random_deal knows its masks already), so it is packed once.  Compared by
# identity, the hands and turned card too (a Deal is frozen, but that can be
# got round); one tuple, rebound at once, so that threads see either the old
# entry or the new.
_last_packed: tuple[object, object, object, int, object] = (None, None, None, 0, None)


def _drawn_for(deal: Deal) -> object:
    """The state :func:`~wizard_rules.random_deal` drew ``deal`` for, if it is the last it drew.

    ``None`` for any other deal.  A deal drawn for a state fits that state's
    round by construction, so applying it there needs no check.
    """
    known, hands, turned, _, drawn_for = _last_packed
    if known is deal and deal.hands is hands and deal.turned is turned:
        return drawn_for
    return None


def _packed_hands(deal: Deal) -> int:
    """The deal's hands as bit masks in one int, seat ``s``'s shifted by ``60 * s`` (internal)."""
    global _last_packed
    known, hands, turned, packed, _ = _last_packed
    if known is deal and deal.hands is hands and deal.turned is turned:
        return packed
    packed = 0
    for seat, hand in enumerate(deal.hands):
        mask = 0
        for card in hand:
            mask |= card.mask
        packed |= mask << _HAND_BITS * seat
    _last_packed = (deal, deal.hands, deal.turned, packed, None)
    return packed
