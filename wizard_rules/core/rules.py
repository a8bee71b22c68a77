"""The rules of a game as named pieces: each rule one value, which a variant replaces.

A :class:`Rules` value holds one piece for each rule of the game: the deck,
the schedule of hand sizes, what the turned card makes trump, the bidding
order, the bid restrictions, the duty to follow, the winner of a trick, who
leads next, the scoring, the end of the game, and what each seat may see.
:class:`~wizard_rules.Config` carries one (:attr:`Config.rules
<wizard_rules.Config.rules>`); the standard game, :data:`STANDARD`, is the
default.  The transitions, the views and the position checks ask the pieces,
never a flag: a variant is a different piece in one place, such as

>>> from wizard_rules.core.rules import OddSchedule, Rules, STANDARD
>>> from wizard_rules import Config
>>> config = Config(players=4, rules=Rules(schedule=OddSchedule()))
>>> config.deal_sizes
(1, 3, 5, 7, 9, 11, 13, 15)
>>> Config(players=4).rules == STANDARD
True

Each piece is a small frozen value with the methods its rule needs, so it
compares, hashes, pickles and prints like the rest of a configuration.  The
pieces of this release are the standard game's, and the official variants:

- :class:`PlusMinusOne`, the bid-total option of rule 20
  (:attr:`Config.forbid_bid_total_match
  <wizard_rules.Config.forbid_bid_total_match>`), :class:`CanadianRule`
  (rule 21) and :class:`Hardcore` (rule 25): restrictions on the last bid;
- :class:`OddSchedule` and :class:`ListedSchedule`: short schedules (rule 22);
- :class:`HiddenBids` (rule 23) and :class:`DelayedReveal` (rule 24): bids
  made in secret;
- :class:`Clairvoyance` (rule 26): round 1 played blind to your own card.

Each variant also has a name (:data:`VARIANTS`), which a configuration's
JSON, the position notation and the frameworks' parameters use;
:func:`variant_rules` makes the rules of a list of names, and refuses the
combinations that cannot be played together (rule 27).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, NoReturn, Protocol, TypeAlias

import attrs

from wizard_rules.core.cards import DECK, Card, Kind, Suit
from wizard_rules.core.scoring import _score
from wizard_rules.core.trick import _playable_mask, _winning_position
from wizard_rules.errors import ConfigError, ErrorCode, show_value

if TYPE_CHECKING:
    from wizard_rules.core.anniversary.deck import AnniversaryDeck

__all__ = [
    "HARDCORE_FROM",
    "STANDARD",
    "VARIANTS",
    "BidRestriction",
    "Bidding",
    "CanadianRule",
    "Clairvoyance",
    "DelayedReveal",
    "Hardcore",
    "HiddenBids",
    "ListedSchedule",
    "OddSchedule",
    "OpenBidding",
    "PlusMinusOne",
    "Rules",
    "Schedule",
    "StandardDeck",
    "StandardFollow",
    "StandardSchedule",
    "StandardScoring",
    "StandardTrickWinner",
    "StandardTrump",
    "StandardVisibility",
    "TopScoreWins",
    "Visibility",
    "WinnerLeads",
    "parse_schedule",
    "schedule_text",
    "variant_names",
    "variant_rules",
]


class _Piece:
    """A rule piece without parameters: every instance is the same value (internal base).

    Immutable, compared and hashed by its class, printed as ``Name()``; it
    pickles as its class.  (A plain slotted class rather than an attrs one:
    the pieces are many, and an attrs class costs a few million instructions
    to make at import.)
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        """Equal to every piece of its own class, and to nothing else."""
        return type(other) is type(self)

    def __hash__(self) -> int:
        """The hash of the class's name: equal pieces hash alike."""
        return hash(type(self).__qualname__)

    def __repr__(self) -> str:
        """``Name()``: the expression that makes the piece."""
        return f"{type(self).__name__}()"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        """Refused: a piece is immutable."""
        raise AttributeError(f"{type(self).__name__} is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        """Refused: a piece is immutable."""
        raise AttributeError(f"{type(self).__name__} is immutable; cannot delete {name!r}")


# -- the deck and the schedule ------------------------------------------------


class StandardDeck(_Piece):
    """The 60 cards: four suits of 1 to 13, four Wizards, four Jesters (rule 1).

    The deal checks read it (how many cards a round leaves over).  The card
    tables of the speed room and the chance step are built for these 60
    cards: a larger deck (the anniversary cards) needs them built for it.
    """

    __slots__ = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card, in canonical order."""
        return DECK


class StandardSchedule(_Piece):
    """Round *r* deals *r* cards, from 1 up to the whole deck: 60 / players rounds (rule 2)."""

    __slots__ = ()

    def deal_sizes(self, players: int) -> tuple[int, ...]:
        """The hand size of each round, in order, for ``players`` players."""
        return tuple(range(1, len(DECK) // players + 1))


class OddSchedule(_Piece):
    """Short schedule: the odd hand sizes only, 1, 3, 5, ... up to 60 / players (rule 22.1)."""

    __slots__ = ()

    def deal_sizes(self, players: int) -> tuple[int, ...]:
        """The hand size of each round, in order, for ``players`` players."""
        return tuple(range(1, len(DECK) // players + 1, 2))


def _sizes(value: Any) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"a listed schedule needs a sequence of hand sizes, not {type(value).__name__}",
        )
    sizes = tuple(value)
    if not sizes:
        raise ConfigError(ErrorCode.INVALID_CONFIG, "a listed schedule needs at least one round")
    for size in sizes:
        if type(size) is not int or not 1 <= size <= len(DECK):
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"a hand size is from 1 to {len(DECK)} cards, not {show_value(size)}",
            )
    return sizes


@attrs.frozen
class ListedSchedule:
    """Short schedule: the rounds deal the hand sizes listed, in order (rule 22.2).

    :ivar sizes: the hand size of each round; sizes may repeat and need not
        grow.  Each must fit the deck: at most 60 / players, which
        :class:`~wizard_rules.Config` checks.

    >>> from wizard_rules.core.rules import ListedSchedule
    >>> ListedSchedule(sizes=(5, 5, 3)).deal_sizes(4)
    (5, 5, 3)
    """

    sizes: tuple[int, ...] = attrs.field(converter=_sizes)

    def deal_sizes(self, players: int) -> tuple[int, ...]:
        """The hand size of each round: ``sizes``, if each fits ``players`` hands.

        :raises ConfigError: a size is more than 60 / ``players``.
        """
        most = len(DECK) // players
        for size in self.sizes:
            if size > most:
                raise ConfigError(
                    ErrorCode.INVALID_CONFIG,
                    f"a round of {size} cards cannot be dealt to {players} players: "
                    f"the deck holds {most} cards each at most",
                )
        return self.sizes


Schedule: TypeAlias = "StandardSchedule | OddSchedule | ListedSchedule"
"""Any schedule piece."""


def parse_schedule(text: str, *, separators: str = ",") -> Schedule:
    """Return the schedule ``text`` names: ``standard``, ``odd``, or hand sizes such as ``1,3,5``.

    The one reading of a schedule's text, for the position notation, the
    command line (``--schedule``) and the frameworks' parameters; records
    write a schedule as JSON instead.  ``separators`` are the characters
    that may separate the sizes (a comma; OpenSpiel's game strings use
    ``;``).  Whether each size fits the players' hands is
    :class:`~wizard_rules.Config`'s check.

    >>> from wizard_rules.core.rules import parse_schedule
    >>> parse_schedule("odd"), parse_schedule("5,5,2")
    (OddSchedule(), ListedSchedule(sizes=(5, 5, 2)))

    :raises ConfigError: ``invalid_config``: neither a name nor sizes, or a
        size outside 1 to 60.
    """
    if type(text) is not str:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG, f"a schedule is text, not {type(text).__name__}"
        )
    if text in _NAMED_SCHEDULES:
        return _NAMED_SCHEDULES[text]
    tokens = [text]
    for separator in separators:
        tokens = [piece for token in tokens for piece in token.split(separator)]
    tokens = [token.strip() for token in tokens]
    if separators != "," and tokens[-1] == "":  # "7;": one size, kept apart from an int
        tokens.pop()
    if not all(token.isascii() and token.isdigit() for token in tokens):
        what = "commas" if separators == "," else " or ".join(map(repr, separators))
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"a schedule is standard, odd or hand sizes separated by {what}, "
            f"such as 1{separators[0]}3{separators[0]}5, not {text[:30]!r}",
        )
    for token in tokens:  # (more than three digits is more than the deck: not read)
        if len(token) > 3 or not 1 <= int(token) <= len(DECK):
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"a hand size is from 1 to {len(DECK)} cards, not {token[:30]}",
            )
    return ListedSchedule(sizes=[int(token) for token in tokens])


def schedule_text(schedule: Schedule, *, separator: str = ",") -> str:
    """Return the text that :func:`parse_schedule` reads back as ``schedule``.

    >>> from wizard_rules.core.rules import ListedSchedule, schedule_text
    >>> schedule_text(ListedSchedule(sizes=(1, 3, 5)))
    '1,3,5'
    """
    if type(schedule) is ListedSchedule:
        return separator.join(map(str, schedule.sizes))
    return "odd" if type(schedule) is OddSchedule else "standard"


# -- trump, bidding and the bid restrictions ------------------------------------


class StandardTrump(_Piece):
    """The turned suit is trump; a Jester, no trump; a Wizard, the dealer names it (rule 3)."""

    __slots__ = ()

    def of_turned(self, turned: Card | None) -> tuple[Suit | None, bool]:
        """The trump a turned card makes, and whether the dealer must name one instead.

        ``None`` (nothing turned: the round dealt every card) makes no trump.
        """
        if turned is None:
            return None, False
        if turned.kind is Kind.WIZARD:
            return None, True
        return turned.suit, False  # a Jester's suit is None: no trump


class _InTurn(_Piece):
    """Bids made one at a time, from left of the dealer; the dealer bids last (internal base).

    A secret bidding says when the bids are shown (:meth:`shown`); the bids a
    seat sees follow from it.
    """

    __slots__ = ()

    def first_bidder(self, dealer: int, players: int) -> int:
        """The seat that bids first."""
        return (dealer + 1) % players

    def shown(self, phase_is_bid: bool) -> bool:
        """Whether every bid made is shown to every seat at this point: always, said aloud."""
        return True

    def bids_seen(
        self, seat: int, bids: tuple[int | None, ...], phase_is_bid: bool
    ) -> tuple[int | None, ...]:
        """The bids, by seat, that ``seat`` sees (``None``: none seen).

        Every bid made, while they are shown (:meth:`shown`); else its own only.
        """
        if self.shown(phase_is_bid):
            return bids
        return tuple(bid if other == seat else None for other, bid in enumerate(bids))


class OpenBidding(_InTurn):
    """Bids are made aloud, in turn from left of the dealer; the dealer bids last (rule 4).

    Every seat sees every bid as soon as it is made.
    """

    __slots__ = ()

    secret = False
    """Whether a seat may not see the others' bids as they are made (no: they are said aloud)."""


class HiddenBids(_InTurn):
    """Bids are written in secret and shown together once all are made (rule 23).

    The bids are still made in the order of rule 4.1, one seat at a time;
    no seat sees another's bid until the last bid is in.

    >>> from wizard_rules.core.rules import HiddenBids
    >>> HiddenBids().bids_seen(1, (2, 0, None), phase_is_bid=True)
    (None, 0, None)
    >>> HiddenBids().bids_seen(1, (2, 0, 1), phase_is_bid=False)
    (2, 0, 1)
    """

    __slots__ = ()

    secret = True
    """Whether a seat may not see the others' bids as they are made (yes)."""

    def shown(self, phase_is_bid: bool) -> bool:
        """Whether every bid made is shown to every seat at this point: once all are made."""
        return not phase_is_bid


class DelayedReveal(_InTurn):
    """Bids are written in secret and shown only when the round's last trick is played (rule 24).

    >>> from wizard_rules.core.rules import DelayedReveal
    >>> DelayedReveal().bids_seen(1, (2, 0, 1), phase_is_bid=False)
    (None, 0, None)
    """

    __slots__ = ()

    secret = True
    """Whether a seat may not see the others' bids as they are made (yes)."""

    def shown(self, phase_is_bid: bool) -> bool:
        """Whether every bid made is shown to every seat at this point: never in the round.

        (A round's bids are shown in its result, once its last trick is played.)
        """
        return False


Bidding: TypeAlias = "OpenBidding | HiddenBids | DelayedReveal"
"""Any bidding piece."""


class BidRestriction(Protocol):
    """A rule that forbids the last bidder one bid: the shape of every bid restriction.

    Restrictions combine: a bid is refused if any restriction of
    :attr:`Rules.bid_restrictions` forbids it.
    """

    @property
    def key(self) -> str:
        """The restriction's name in a configuration's JSON and the position notation."""

    def forbidden(
        self,
        player: int,
        dealer: int,
        bids: Sequence[int | None],
        scores: Sequence[int],
        size: int,
    ) -> int | None:
        """The bid ``player`` may not make (``None``: any bid from 0 to the hand size ``size``).

        ``bids`` are the round's bids so far by seat (``None``: not made),
        ``scores`` the totals of the rounds before.
        """

    def reason(self, size: int, bid: int) -> str:
        """Why ``bid`` is refused with a hand size of ``size``, for the error's message."""


def _matching_bid(player: int, dealer: int, bids: Sequence[int | None], size: int) -> int | None:
    """The dealer's bid that would make the others' bids total ``size``, if any.

    ``None`` for any other seat, and when the others' bids already exceed it.
    """
    if player != dealer:
        return None
    total = 0
    for seat, bid in enumerate(bids):
        if bid is not None and seat != dealer:
            total += bid
    forbidden = size - total
    return forbidden if forbidden >= 0 else None


class PlusMinusOne(_Piece):
    """The bids may not add up to the tricks: the dealer may not make them match (rule 20)."""

    __slots__ = ()

    @property
    def key(self) -> str:
        """``"forbid_bid_total_match"``."""
        return "forbid_bid_total_match"

    def forbidden(
        self,
        player: int,
        dealer: int,
        bids: Sequence[int | None],
        scores: Sequence[int],
        size: int,
    ) -> int | None:
        """The dealer's matching bid; nothing for any other seat."""
        return _matching_bid(player, dealer, bids, size)

    def reason(self, size: int, bid: int) -> str:
        """The message of the refusal."""
        return (
            f"with the bid-total option the bids may not add up to {size}: "
            f"the dealer may not bid {bid}"
        )


class CanadianRule(_Piece):
    """A dealer who leads outright may not make the bids match, but by bidding 0 (rule 21)."""

    __slots__ = ()

    @property
    def key(self) -> str:
        """``"canadian_rule"``."""
        return "canadian_rule"

    def forbidden(
        self,
        player: int,
        dealer: int,
        bids: Sequence[int | None],
        scores: Sequence[int],
        size: int,
    ) -> int | None:
        """The dealer's matching bid, if the dealer leads outright and it is not zero."""
        if player != dealer:
            return None
        best = scores[dealer]
        if any(total >= best for seat, total in enumerate(scores) if seat != dealer):
            return None  # a tie or someone ahead: the dealer does not lead outright
        forbidden = _matching_bid(player, dealer, bids, size)
        return forbidden if forbidden else None  # a bid of zero is always allowed

    def reason(self, size: int, bid: int) -> str:
        """The message of the refusal."""
        return (
            f"under the Canadian rule a dealer who leads outright may not make the bids "
            f"add up to {size}: the dealer may not bid {bid}"
        )


class Hardcore(_Piece):
    """From 4 cards a round on, the dealer may not make the bids match (rule 25).

    Rounds of 1 to 3 cards are bid freely; from a hand size of 4 the rule is
    plus/minus one's (rule 20).
    """

    __slots__ = ()

    @property
    def key(self) -> str:
        """``"hardcore"``."""
        return "hardcore"

    def forbidden(
        self,
        player: int,
        dealer: int,
        bids: Sequence[int | None],
        scores: Sequence[int],
        size: int,
    ) -> int | None:
        """The dealer's matching bid in a round of 4 cards or more; else nothing."""
        return _matching_bid(player, dealer, bids, size) if size >= HARDCORE_FROM else None

    def reason(self, size: int, bid: int) -> str:
        """The message of the refusal."""
        return (
            f"hardcore: from {HARDCORE_FROM} cards a round the bids may not add up to "
            f"{size}: the dealer may not bid {bid}"
        )


HARDCORE_FROM: Final = 4
"""The smallest hand size whose bids :class:`Hardcore` restricts."""


# -- play, scoring and the end ---------------------------------------------------


class StandardFollow(_Piece):
    """Follow the led suit if you can; a Wizard or a Jester may always be played (rule 7)."""

    __slots__ = ()

    # The pieces the hottest paths call are the rule functions themselves
    # (no extra call): see docs/speed.rst.
    playable = staticmethod(_playable_mask)
    """``playable(hand_mask, trick)``: the cards of a hand (a bit mask of
    :attr:`Card.mask <wizard_rules.Card.mask>` bits) that may be played to ``trick``."""


class StandardTrickWinner(_Piece):
    """The first Wizard; else the highest trump; else the highest card of the led suit (rule 8)."""

    __slots__ = ()

    position = staticmethod(_winning_position)
    """``position(cards, trump)``: where in ``cards`` (as played) the winning card is."""


class WinnerLeads(_Piece):
    """Left of the dealer leads the first trick; the winner of a trick leads the next (rule 5)."""

    __slots__ = ()

    def first_leader(self, dealer: int, players: int) -> int:
        """The seat that leads a round's first trick."""
        return (dealer + 1) % players


class StandardScoring(_Piece):
    """20 points and 10 a trick for a bid met; minus 10 a trick off for a bid missed (rule 9)."""

    __slots__ = ()

    score = staticmethod(_score)
    """``score(bid, tricks_won)``: the points of one seat for a round."""


class TopScoreWins(_Piece):
    """The game ends after the last round; the highest totals win, ties shared (rule 10)."""

    __slots__ = ()

    def winners(self, scores: Sequence[int]) -> tuple[int, ...]:
        """The seats that win with these final totals, in seat order."""
        best = max(scores)
        return tuple(seat for seat, total in enumerate(scores) if total == best)


class _Sight(_Piece):
    """What a seat sees of the hands: its own, but in a blind round the others' (internal base)."""

    __slots__ = ()

    blind_round = 0
    """The round in which a seat sees the others' hands and not its own: none (0)."""

    def blind(self, round_number: int) -> bool:
        """Whether a seat sees the others' hands and not its own in round ``round_number``.

        That is, whether it is :attr:`blind_round`: the one answer, read by the
        view and the transitions as the value itself (the hot paths).
        """
        return round_number == self.blind_round


class StandardVisibility(_Sight):
    """Each seat sees its own hand and everything played or said at the table (rule 13)."""

    __slots__ = ()

    def bids_seen(self, seat: int, bids: tuple[int | None, ...]) -> tuple[int | None, ...]:
        """The bids, by seat, that ``seat`` sees: all of them, as made.

        .. deprecated:: 0.3.0
           Kept for 0.2.0's callers; the bidding piece says which bids a
           seat sees now (:meth:`HiddenBids.bids_seen`, which also takes the
           phase), and this method goes in 0.4.0.
        """
        warnings.warn(
            "StandardVisibility.bids_seen is deprecated: ask the bidding piece, "
            "rules.bidding.bids_seen(seat, bids, phase_is_bid)",
            DeprecationWarning,
            stacklevel=2,
        )
        return bids


class Clairvoyance(_Sight):
    """Round 1 is played blind: each seat sees every other card, not its own (rule 26).

    The first round must deal one card each (:class:`~wizard_rules.Config`
    checks it).  A blind seat has no choice to make with its one card, so
    the round's trick is played out as soon as the last bid is made (rule
    26.3).

    >>> from wizard_rules.core.rules import Clairvoyance
    >>> Clairvoyance().blind(1), Clairvoyance().blind(2)
    (True, False)
    """

    __slots__ = ()

    blind_round = 1
    """The round in which a seat sees the others' hands and not its own: the first."""


Visibility: TypeAlias = "StandardVisibility | Clairvoyance"
"""Any visibility piece."""


# -- the rules --------------------------------------------------------------------


def _restrictions(value: Any) -> tuple[BidRestriction, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"bid_restrictions must be a sequence of restrictions, not {type(value).__name__}",
        )
    found: list[BidRestriction] = []
    for item in value:
        if type(item) not in _RESTRICTION_TYPES:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"not a bid restriction: {show_value(item)} "
                "(expected PlusMinusOne(), CanadianRule() or Hardcore())",
            )
        if item not in found:
            found.append(item)
    # One order, whatever the order given: equal rules compare equal.
    return tuple(sorted(found, key=lambda item: item.key))


def _piece(*kinds: type) -> Any:
    names = " or ".join(f"{kind.__name__}()" for kind in kinds)

    def check(_instance: object, attribute: attrs.Attribute[object], value: object) -> None:
        if type(value) not in kinds:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"rules.{attribute.name} must be {names}, not {show_value(value)}",
            )

    return check


def _deck(_instance: object, _attribute: object, value: object) -> None:
    """The deck piece: the standard deck, or one with anniversary cards (rule 28).

    The anniversary cards' room is imported only when a deck is not the
    standard one, so that the standard game loads none of it.
    """
    if type(value) is StandardDeck:
        return
    from wizard_rules.core.anniversary.deck import AnniversaryDeck

    if type(value) is not AnniversaryDeck:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"rules.deck must be StandardDeck() or AnniversaryDeck(...), not {show_value(value)}",
        )


@attrs.frozen(kw_only=True, repr=False)
class Rules:
    """The rules of a game, one named piece each; ``Rules()`` is the standard game.

    :ivar deck: the cards (:class:`StandardDeck`, or
        :class:`~wizard_rules.core.anniversary.AnniversaryDeck` for a game
        with anniversary cards, rule 28).
    :ivar schedule: the hand size of each round (:class:`StandardSchedule`,
        :class:`OddSchedule` or :class:`ListedSchedule`).
    :ivar trump: what the turned card makes trump, and who names it
        (:class:`StandardTrump`).
    :ivar bidding: the order of the bids and who sees them when
        (:class:`OpenBidding`, :class:`HiddenBids` or :class:`DelayedReveal`).
    :ivar bid_restrictions: the restrictions on the last bid, in a fixed order
        (:class:`PlusMinusOne`, :class:`CanadianRule`, :class:`Hardcore`;
        none by default).  Set
        plus/minus one with :attr:`Config.forbid_bid_total_match
        <wizard_rules.Config.forbid_bid_total_match>` or here: the two are
        the same.
    :ivar follow: the duty to follow suit (:class:`StandardFollow`).
    :ivar trick_winner: who wins a trick (:class:`StandardTrickWinner`).
    :ivar leading: who leads each trick (:class:`WinnerLeads`).
    :ivar scoring: the points of a round (:class:`StandardScoring`).
    :ivar end: the end of the game and its winners (:class:`TopScoreWins`).
    :ivar visibility: what each seat may see of the hands
        (:class:`StandardVisibility` or :class:`Clairvoyance`).

    :raises ConfigError: a piece is not one of those, or the pieces cannot be
        played together: hidden bids or delayed reveal with a bid restriction
        (rule 27.2); anniversary cards with hidden bids, delayed reveal or
        clairvoyance (rule 28.5).
    """

    deck: StandardDeck | AnniversaryDeck = attrs.field(factory=StandardDeck, validator=_deck)
    schedule: StandardSchedule | OddSchedule | ListedSchedule = attrs.field(
        factory=StandardSchedule,
        validator=_piece(StandardSchedule, OddSchedule, ListedSchedule),
    )
    trump: StandardTrump = attrs.field(factory=StandardTrump, validator=_piece(StandardTrump))
    bidding: Bidding = attrs.field(
        factory=OpenBidding, validator=_piece(OpenBidding, HiddenBids, DelayedReveal)
    )
    bid_restrictions: tuple[BidRestriction, ...] = attrs.field(default=(), converter=_restrictions)
    follow: StandardFollow = attrs.field(factory=StandardFollow, validator=_piece(StandardFollow))
    trick_winner: StandardTrickWinner = attrs.field(
        factory=StandardTrickWinner, validator=_piece(StandardTrickWinner)
    )
    leading: WinnerLeads = attrs.field(factory=WinnerLeads, validator=_piece(WinnerLeads))
    scoring: StandardScoring = attrs.field(
        factory=StandardScoring, validator=_piece(StandardScoring)
    )
    end: TopScoreWins = attrs.field(factory=TopScoreWins, validator=_piece(TopScoreWins))
    visibility: Visibility = attrs.field(
        factory=StandardVisibility, validator=_piece(StandardVisibility, Clairvoyance)
    )

    def __attrs_post_init__(self) -> None:
        if self.bidding.secret and self.bid_restrictions:
            # A restriction on the last bid reads the others' bids, which a
            # secret bidder cannot see (rule 27.2).
            names = " and ".join(_RESTRICTION_NAMES[r.key] for r in self.bid_restrictions)
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"{_BIDDING_NAMES[type(self.bidding)]} cannot be combined with {names}: "
                "the dealer's bid would have to depend on bids the dealer may not see",
            )
        if type(self.deck) is not StandardDeck and (
            self.bidding.secret or self.visibility.blind_round
        ):
            # Rule 28.5: the Cloud changes a bid in the open, and a blind
            # seat would have to declare a card it cannot see.
            what = (
                "clairvoyance (a blind seat would have to declare a card it cannot see)"
                if self.visibility.blind_round
                else f"{_BIDDING_NAMES[type(self.bidding)]} (the Cloud changes a bid "
                "in the open, which a secret bid would show)"
            )
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"the anniversary cards cannot be combined with {what}",
            )

    def __repr__(self) -> str:
        """The pieces that differ from the standard game's: ``Rules(schedule=OddSchedule())``."""
        changed = [
            f"{field.name}={getattr(self, field.name)!r}"
            for field in attrs.fields(Rules)
            if getattr(self, field.name) != getattr(STANDARD, field.name)
        ]
        return f"Rules({', '.join(changed)})"


_NAMED_SCHEDULES: Final[dict[str, StandardSchedule | OddSchedule]] = {
    "standard": StandardSchedule(),
    "odd": OddSchedule(),
}
"""The schedules that have a name."""

_RESTRICTION_TYPES: Final = (PlusMinusOne, CanadianRule, Hardcore)

_RESTRICTION_NAMES: Final = {
    "forbid_bid_total_match": "the bid-total option (plus/minus one)",
    "canadian_rule": "the Canadian rule",
    "hardcore": "hardcore",
}
"""Each bid restriction's name in an error's message, by its key."""

_BIDDING_NAMES: Final[dict[type, str]] = {
    HiddenBids: "hidden bids",
    DelayedReveal: "delayed reveal",
}
"""Each secret bidding piece's name in an error's message."""

STANDARD: Final = Rules()
"""The standard game's rules: every piece its standard value, no bid restriction."""


_VARIANT_PIECES: Final[dict[str, tuple[str, object]]] = {
    "canadian_rule": ("bid_restrictions", CanadianRule()),
    "clairvoyance": ("visibility", Clairvoyance()),
    "delayed_reveal": ("bidding", DelayedReveal()),
    "forbid_bid_total_match": ("bid_restrictions", PlusMinusOne()),
    "hardcore": ("bid_restrictions", Hardcore()),
    "hidden_bids": ("bidding", HiddenBids()),
}
"""Each variant's name, the field of :class:`Rules` it sets and its piece."""

VARIANTS: Final = tuple(_VARIANT_PIECES)
"""The names of the variants that are turned on or off, in order: the keys of a
configuration's JSON, the position notation's ``options=`` and the frameworks'
parameters (the schedule, which has values, is apart)."""


def variant_rules(names: Iterable[str], schedule: Schedule | None = None) -> Rules:
    """Return the rules with the variants ``names`` on (each one of :data:`VARIANTS`).

    >>> from wizard_rules.core.rules import variant_rules
    >>> variant_rules(["hidden_bids", "clairvoyance"])
    Rules(bidding=HiddenBids(), visibility=Clairvoyance())
    >>> variant_rules(["hidden_bids", "hardcore"])
    Traceback (most recent call last):
    ...
    wizard_rules.errors.ConfigError: [invalid_config] hidden bids cannot be combined with \
hardcore: the dealer's bid would have to depend on bids the dealer may not see

    :raises ConfigError: ``invalid_config``: a name that is not a variant,
        hidden bids with delayed reveal (delayed reveal is hidden bids shown
        later: turn on one), or variants that cannot be played together
        (rule 27.2).
    """
    if isinstance(names, (str, bytes)):
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"variant_rules needs a sequence of variant names, not the one text {names[:40]!r}",
        )
    restrictions: list[object] = []
    pieces: dict[str, Any] = {}
    for name in names:
        if name not in _VARIANT_PIECES:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"the variants are {', '.join(VARIANTS)}, not {show_value(name)}",
            )
        field, piece = _VARIANT_PIECES[name]
        if field == "bid_restrictions":
            restrictions.append(piece)
        elif pieces.get(field, piece) != piece:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                "hidden bids and delayed reveal cannot both be on: delayed reveal is "
                "hidden bids shown later, so turn on one of them",
            )
        else:
            pieces[field] = piece
    if schedule is not None:
        pieces["schedule"] = schedule
    return Rules(bid_restrictions=restrictions, **pieces)


def variant_names(rules: Rules) -> tuple[str, ...]:
    """Return the names of the variants ``rules`` has on, in the order of :data:`VARIANTS`.

    >>> from wizard_rules.core.rules import Hardcore, Rules, variant_names
    >>> variant_names(Rules(bid_restrictions=(Hardcore(),)))
    ('hardcore',)
    """
    return tuple(
        name
        for name, (field, piece) in _VARIANT_PIECES.items()
        if (
            piece in rules.bid_restrictions
            if field == "bid_restrictions"
            else getattr(rules, field) == piece
        )
    )
