"""Positions: any point of a game, set up directly.

A :class:`Position` holds everything that decides the rest of a game from a
point inside a round, and nothing else: the configuration, the round, the
dealer, every seat's score so far, every hand, the turned card, the trump, the
bids made so far, the tricks won so far this round, the cards of this round's
finished tricks, the cards of the trick in progress and who leads it.  Who is
to act and the phase follow from these (:attr:`Position.current_player`,
:attr:`Position.phase`) and are not stored.  How the finished tricks fell
(who led them, in what order) is history, not position: it changes nothing
that can still happen.

:func:`position_of` gives the position of a state, or of a player's view (a
*partial* position, whose hidden hands are ``None``); :func:`from_position`
gives a :class:`~wizard_rules.State` that plays on from a complete position
exactly as any state with that position would.

>>> import random
>>> from wizard_rules import Config, apply, from_position, new_game, position_of, random_action
>>> state, rng = new_game(Config(players=3)), random.Random(3)
>>> while state.round < 3 or not state.current_trick:
...     state = apply(state, random_action(state, rng))
>>> position = position_of(state)
>>> position.round, position.phase, position.current_player == state.current_player
(3, <Phase.PLAY: 'play'>, True)
>>> from_position(position).hands == state.hands
True

A position is checked when it is made: one that cannot arise in a game
raises :class:`~wizard_rules.errors.PositionError` with the code
``invalid_position`` and a message that names the first fault found, in the
order of rules 12.1 to 12.14 of the specification.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Final, cast

import attrs

from wizard_rules.core._fast.layout import _pack, build
from wizard_rules.core._fast.log import _start_log
from wizard_rules.core.actions import Action
from wizard_rules.core.cards import (
    _FULL_DECK_MASK,
    Card,
    Kind,
    Suit,
    _mask_of,
    parse_card,
    parse_suit,
)
from wizard_rules.core.config import MAX_PLAYERS, MIN_PLAYERS, Config, _seat_after
from wizard_rules.core.phase import Phase
from wizard_rules.core.rules import (
    VARIANTS,
    Schedule,
    StandardSchedule,
    parse_schedule,
    schedule_text,
    variant_names,
    variant_rules,
)
from wizard_rules.core.state import State
from wizard_rules.core.transitions import _legal_choices
from wizard_rules.core.trick import _led_suit, _playable_mask
from wizard_rules.core.views import PlayerView
from wizard_rules.errors import (
    CardTextError,
    ConfigError,
    ErrorCode,
    InvalidArgumentError,
    PositionError,
    show_value,
)

__all__ = ["Position", "from_position", "position_of", "position_with"]


def _bad(message: str) -> PositionError:
    return PositionError(ErrorCode.INVALID_POSITION, message)


def _ints(value: object, what: str, *, none: bool = False) -> tuple[Any, ...]:
    if not isinstance(value, (tuple, list)):
        raise _bad(f"{what} must be a sequence, not {type(value).__name__}")
    for item in value:
        if not (type(item) is int or (none and item is None)):
            allowed = "an int or None" if none else "an int"
            raise _bad(f"{what} must hold {allowed} for each seat, not {type(item).__name__}")
    return tuple(value)


def _card_list(value: object, what: str) -> tuple[Card, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, (tuple, list)):
        raise _bad(f"{what} must be a sequence of cards, not {type(value).__name__}")
    for item in value:
        if type(item) is not Card:
            raise _bad(f"{what} must hold cards, not {type(item).__name__}")
    return tuple(value)


def _sorted_cards(value: object, what: str) -> tuple[Card, ...]:
    return tuple(sorted(_card_list(value, what), key=_index))


def _index(card: Card) -> int:
    return card.index


def _to_hands(value: object) -> tuple[tuple[Card, ...] | None, ...]:
    if not isinstance(value, (tuple, list)):
        raise _bad(f"hands must be a sequence, not {type(value).__name__}")
    return tuple(
        None if hand is None else _sorted_cards(hand, f"hands[{seat}]")
        for seat, hand in enumerate(value)
    )


def _to_played(value: object) -> tuple[Card, ...]:
    return _sorted_cards(value, "played")


def _to_trick(value: object) -> tuple[Card, ...]:
    return _card_list(value, "current_trick")


def _to_scores(value: object) -> tuple[int, ...]:
    return _ints(value, "scores")


def _to_bids(value: object) -> tuple[int | None, ...]:
    return _ints(value, "bids", none=True)


def _to_unseen_bids(value: object) -> tuple[int, ...]:
    return _ints(value, "unseen_bids")


def _to_tricks_won(value: object) -> tuple[int, ...]:
    return _ints(value, "tricks_won")


@attrs.frozen(kw_only=True)
class Position:
    """A point of a game: everything that decides the rest of it, and nothing else.

    Sequences may be given as lists; they are stored as tuples, hands and
    ``played`` in canonical card order.  The position is checked when it is
    made (rules 12.1 to 12.14 of the specification).

    :ivar config: the rules of the game.  Its ``first_dealer`` must agree
        with ``round`` and ``dealer``.
    :ivar round: the round number, from 1.
    :ivar dealer: the seat that deals this round.
    :ivar scores: each seat's total over the rounds before this one (at the
        end of the game, the final totals).
    :ivar hands: each seat's cards, or ``None`` for a hand the holder of a
        partial position cannot see.  Before the deal every hand is empty.
    :ivar turned: the turned card, or ``None`` (before the deal, and in the
        last round, where no card remains).
    :ivar trump: the trump suit, or ``None`` for no trump.  After a turned
        Wizard, ``None`` means that the dealer has not named it yet.
    :ivar bids: each seat's bid, ``None`` until made, or while it is hidden.
    :ivar unseen_bids: the seats whose bid is made but hidden from the
        holder of a partial position (hidden bids and delayed reveal, rules
        23 and 24), in seat order; their entries in ``bids`` are ``None``.
    :ivar tricks_won: how many tricks each seat has won this round.
    :ivar played: the cards of this round's finished tricks.
    :ivar current_trick: the cards of the trick in progress, in the order
        played.
    :ivar leader: the seat that leads the trick in progress (before the
        first trick, the seat left of the dealer).
    :ivar over: whether the game has ended (``round`` is then the last
        round, and no card is anywhere).

    :raises PositionError: ``invalid_position``: a field has the wrong type
        or shape, or the position cannot arise in a game; the message names
        the first fault.
    """

    config: Config
    round: int
    dealer: int
    scores: tuple[int, ...] = attrs.field(converter=_to_scores)
    hands: tuple[tuple[Card, ...] | None, ...] = attrs.field(converter=_to_hands)
    turned: Card | None = None
    trump: Suit | None = None
    bids: tuple[int | None, ...] = attrs.field(converter=_to_bids)
    unseen_bids: tuple[int, ...] = attrs.field(default=(), converter=_to_unseen_bids)
    tricks_won: tuple[int, ...] = attrs.field(converter=_to_tricks_won)
    played: tuple[Card, ...] = attrs.field(default=(), converter=_to_played)
    current_trick: tuple[Card, ...] = attrs.field(default=(), converter=_to_trick)
    leader: int
    over: bool = False

    def __attrs_post_init__(self) -> None:
        _check(self)

    def __getstate__(self) -> dict[str, object]:
        """Pickle every field by name."""
        return {field.name: getattr(self, field.name) for field in attrs.fields(Position)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickle, also a position pickled by 0.1 (which had no :attr:`unseen_bids`)."""
        object.__setattr__(self, "unseen_bids", ())
        for name, value in state.items():
            object.__setattr__(self, name, value)

    # -- what follows from the fields ---------------------------------------

    @property
    def phase(self) -> Phase:
        """The :class:`~wizard_rules.Phase` of the position."""
        if self.over:
            return Phase.GAME_OVER
        if all(hand == () for hand in self.hands) and not self.played:
            return Phase.DEAL
        if _trump_pending(self.turned, self.trump):
            return Phase.CHOOSE_TRUMP
        if _bids_made(self) < self.config.players:
            return Phase.BID
        return Phase.PLAY

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` at a deal and at the end."""
        phase = self.phase
        players = self.config.players
        if phase is Phase.CHOOSE_TRUMP:
            return self.dealer
        if phase is Phase.BID:
            return _seat_after(self.dealer, 1 + _bids_made(self), players)
        if phase is Phase.PLAY:
            return _seat_after(self.leader, len(self.current_trick), players)
        return None

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, by seat (known even for hidden hands)."""
        return _hand_sizes(self)

    @property
    def is_complete(self) -> bool:
        """Whether every hand and every bid made is known (a partial position hides some)."""
        return None not in self.hands and not self.unseen_bids

    def legal_actions(self) -> tuple[Action, ...]:
        """Return the legal actions of the seat to act, in the order of ``legal_actions``.

        They depend on the seat's own hand and on what every seat sees, so a
        partial position answers as long as that one hand is known: the
        same actions as :func:`~wizard_rules.legal_actions` on any game at
        this position.  A trump choice or a bid depends on no hand, so the
        hand is needed only in the play (a blind seat, rule 26, bids without
        it).  Empty at a deal and at the end.

        >>> from wizard_rules import Config, Position, new_game
        >>> text = ("players=3 round=1 dealer=0 scores=0,0,0 hands=?/C5/? turned=H2 "
        ...         "trump=H bids=-,-,- won=0,0,0 played=- trick=- leader=1")
        >>> Position.from_text(text).legal_actions()
        (Bid(player=1, tricks=0), Bid(player=1, tricks=1))

        :raises InvalidArgumentError: the hand of the seat to play a card is hidden.
        """
        actor = self.current_player
        if actor is None:
            return ()
        hand = self.hands[actor]
        if hand is None and self.phase is not Phase.PLAY:  # a blind seat bids (rule 26)
            hand = ()
        if hand is None:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"the legal actions need the hand of P{actor}, the seat to act, which is hidden",
            )
        return _legal_choices(self, actor, _mask_of(hand))

    def to_text(self) -> str:
        r"""Return the position in the one-line notation (rule 1.4 of the specification).

        >>> from wizard_rules import Config, new_game, position_of
        >>> print(position_of(new_game(Config(players=3))).to_text().replace(" h", "\n h"))
        players=3 round=1 dealer=0 scores=0,0,0
         hands=-/-/- turned=- trump=- bids=-,-,- won=0,0,0 played=- trick=- leader=1
        """
        return _text(self)

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Return the position written as ``text`` in the one-line notation.

        ``Position.from_text(p.to_text()) == p`` for every position ``p``.
        Runs of spaces between tokens are allowed; the canonical text has one.

        :raises PositionError: ``bad_position_text`` for text that is not in
            the notation (the message and :attr:`~PositionError.column` name
            the token at fault), ``invalid_position`` for a position that
            cannot arise in a game.
        """
        return _parse(text)

    def __str__(self) -> str:
        """Return :meth:`to_text`."""
        return _text(self)


def _trump_pending(turned: Card | None, trump: Suit | None) -> bool:
    return turned is not None and turned.kind is Kind.WIZARD and trump is None


def _bids_made(position: Position) -> int:
    """How many seats have bid, hidden bids included."""
    return len(position.unseen_bids) + sum(bid is not None for bid in position.bids)


def _finished_tricks(position: Position) -> int:
    return len(position.played) // position.config.players


def _hand_sizes(position: Position) -> tuple[int, ...]:
    players = position.config.players
    if position.phase in (Phase.DEAL, Phase.GAME_OVER):
        return (0,) * players
    in_trick = {
        _seat_after(position.leader, k, players) for k in range(len(position.current_trick))
    }
    left = position.config.deal_sizes[position.round - 1] - _finished_tricks(position)
    return tuple(left - (seat in in_trick) for seat in range(players))


@functools.cache
def _possible_totals(sizes: tuple[int, ...]) -> frozenset[int]:
    """Every total one seat can have after rounds of these hand sizes (rules 9.1 to 9.3).

    A round of ``n`` cards gives ``20 + 10 * k`` for a bid of ``k`` met (``k``
    from 0 to ``n``) or ``-10 * d`` for a bid missed by ``d`` tricks (``d``
    from 1 to ``n``); a total is a sum of one such score per round.  (At most
    a few hundred totals: the set is built once per schedule and round.)
    """
    if not sizes:
        return frozenset({0})
    n = sizes[-1]
    scores = {20 + 10 * k for k in range(n + 1)} | {-10 * d for d in range(1, n + 1)}
    return frozenset(t + s for t in _possible_totals(sizes[:-1]) for s in scores)


def _check(p: Position) -> None:
    """Raise the first fault of ``p``, in the documented order (rules 12.1 to 12.14)."""
    # 12.1 the shape: a configuration, and one entry per seat.
    if type(p.config) is not Config:
        raise _bad(f"config must be a Config, not {type(p.config).__name__}")
    players = p.config.players
    for name in ("round", "dealer", "leader"):
        if type(getattr(p, name)) is not int:
            raise _bad(f"{name} must be an int, not {type(getattr(p, name)).__name__}")
    if type(p.over) is not bool:
        raise _bad(f"over must be a bool, not {type(p.over).__name__}")
    for name in ("scores", "hands", "bids", "tricks_won"):
        if len(getattr(p, name)) != players:
            raise _bad(
                f"{name} must have one entry per seat ({players}), not {len(getattr(p, name))}"
            )
    hidden = p.unseen_bids
    if list(hidden) != sorted(set(hidden)) or not all(0 <= seat < players for seat in hidden):
        raise _bad(f"unseen_bids must be seats from 0 to {players - 1} in order, not {hidden}")
    for seat in hidden:
        if p.bids[seat] is not None:
            raise _bad(f"seat {seat}'s bid is hidden, so its entry in bids is None")
    if p.turned is not None and type(p.turned) is not Card:
        raise _bad(f"turned must be a card or None, not {type(p.turned).__name__}")
    if p.trump is not None and type(p.trump) is not Suit:
        raise _bad(f"trump must be a Suit or None, not {type(p.trump).__name__}")
    # 12.2 the round is one of the game's, dealt by the seat whose turn it is.
    rounds = p.config.rounds
    if not 1 <= p.round <= rounds:
        raise _bad(
            f"round {show_value(p.round)} is outside the game: "
            f"{players} players play rounds 1 to {rounds}"
        )
    dealer = _seat_after(p.config.first_dealer, p.round - 1, players)
    if p.dealer != dealer:
        raise _bad(
            f"seat {show_value(p.dealer)} cannot deal round {p.round}: with seat "
            f"{p.config.first_dealer} dealing first, seat {dealer} deals it"
        )
    # 12.3 each score is a possible sum of one round score per finished round.
    finished = rounds if p.over else p.round - 1
    possible = _possible_totals(p.config.deal_sizes[:finished])
    for seat, score in enumerate(p.scores):
        if score not in possible:
            raise _bad(
                f"seat {seat}'s score {show_value(score)} is not a possible total of round scores "
                f"over {finished} rounds"
            )
    # 12.4 every card is in one place at most, and is one of the 60 (rule 28.6:
    # the positions of games with anniversary cards are not written yet).
    seen = 0
    places = [*(hand or () for hand in p.hands), p.played, p.current_trick]
    if p.turned is not None:
        places.append((p.turned,))
    for cards in places:
        for card in cards:
            if seen & card.mask:
                raise _bad(f"card {card} is in two places")
            if not card.mask & _FULL_DECK_MASK:
                raise _bad(
                    f"card {card} is not in the deck: a position holds the 60 cards only "
                    "(positions of games with anniversary cards are not written yet)"
                )
            seen |= card.mask
    left_of_dealer = _seat_after(p.dealer, 1, players)
    empty = all(hand == () for hand in p.hands) and not p.played
    # 12.5 the end of the game, and 12.6 a round not yet dealt, hold nothing else.
    if p.over or empty:
        where = "at the end of the game" if p.over else "before the deal"
        if p.over and p.round != rounds:
            raise _bad(f"the game ends after round {rounds}, not round {p.round}")
        if not all(hand == () for hand in p.hands) or p.played or p.current_trick:
            raise _bad(f"no card can be in a hand or on the table {where}")
        if p.turned is not None or p.trump is not None:
            raise _bad(f"no card is turned and no trump is known {where}")
        if any(bid is not None for bid in p.bids) or hidden or any(p.tricks_won):
            raise _bad(f"nobody has bid or won a trick {where}")
        if p.leader != left_of_dealer:
            raise _bad(f"{where}, the seat left of the dealer ({left_of_dealer}) leads")
        return
    # 12.7 a card is turned exactly when cards remain, and it decides the trump.
    size = p.config.deal_sizes[p.round - 1]
    remaining = len(p.config.rules.deck.cards) - players * size
    if remaining == 0 and p.turned is not None:
        raise _bad(f"round {p.round} deals every card, so no card can be turned")
    if remaining and p.turned is None:
        raise _bad(f"{remaining} cards remain after the deal of round {p.round}, so one is turned")
    if p.turned is not None and p.turned.kind is not Kind.WIZARD and p.trump is not p.turned.suit:
        expected = "no trump" if p.turned.suit is None else f"trump {p.turned.suit}"
        raise _bad(f"the turned card {p.turned} makes {expected}, not {p.trump or 'no trump'}")
    if p.turned is None and p.trump is not None:
        raise _bad(f"with no card turned there is no trump, not {p.trump}")
    # 12.8 bids are made in turn from the dealer's left, each from 0 to the round.
    order = [_seat_after(p.dealer, 1 + k, players) for k in range(players)]
    made = [p.bids[seat] is not None or seat in hidden for seat in order]
    if made != sorted(made, reverse=True):
        first_missing = order[made.index(False)]
        later = next(s for s in order[made.index(False) :] if made[order.index(s)])
        raise _bad(f"seat {later} has bid before seat {first_missing}, out of turn")
    for seat, bid in enumerate(p.bids):
        if bid is not None and not 0 <= bid <= size:
            raise _bad(f"seat {seat}'s bid {show_value(bid)} is outside 0 to {size}")
    if _trump_pending(p.turned, p.trump) and any(made):
        raise _bad("nobody bids before the dealer names the trump after a turned Wizard")
    dealer_bid = p.bids[p.dealer]
    if dealer_bid is not None:
        for restriction in p.config.rules.bid_restrictions:
            if dealer_bid == restriction.forbidden(p.dealer, p.dealer, p.bids, p.scores, size):
                raise _bad(restriction.reason(size, dealer_bid))
    # ... and the variants' sentences of rule 12.8 (rules 23.5, 24.4 and 26.5).
    rules = p.config.rules
    if hidden and not rules.bidding.secret:
        raise _bad("bids are made aloud, so no bid is hidden")
    if hidden and rules.bidding.shown(not all(made)):
        raise _bad("with hidden bids every bid is shown once the last is made")
    if rules.visibility.blind(p.round) and all(made):
        raise _bad(
            f"under clairvoyance the trick of round {p.round} is played out with the last bid, "
            "so no position has every bid made and the trick not scored"
        )
    # 12.9 play starts once everyone has bid.
    if (p.played or p.current_trick) and not all(made):
        raise _bad("cards are played only after every seat has bid")
    # 12.10 the finished tricks are whole, and the tricks won add up to them.
    if len(p.played) % players:
        raise _bad(
            f"{len(p.played)} played cards are not a whole number of tricks of {players} cards"
        )
    if any(won < 0 for won in p.tricks_won) or sum(p.tricks_won) != _finished_tricks(p):
        raise _bad(
            f"the tricks won ({show_value(sum(p.tricks_won))}) do not add up to the "
            f"{_finished_tricks(p)} finished tricks"
        )
    if _finished_tricks(p) >= size:
        raise _bad(f"round {p.round} has only {size} tricks, all of them finished")
    # 12.11 the leader: left of the dealer for the first trick, else the last winner.
    if not 0 <= p.leader < players:
        raise _bad(f"there is no seat {show_value(p.leader)} to lead")
    if not p.played and p.leader != left_of_dealer:
        raise _bad(f"the seat left of the dealer ({left_of_dealer}) leads the first trick")
    if p.played and not p.tricks_won[p.leader]:
        raise _bad(f"seat {p.leader} leads but has won no trick, so it did not win the last one")
    # 12.12 the trick in progress is not complete.
    if len(p.current_trick) >= players:
        raise _bad(f"a trick of {players} cards is finished, not in progress")
    # 12.13 every known hand has the cards the round and the tricks leave it.
    for seat, (hand, size) in enumerate(zip(p.hands, _hand_sizes(p), strict=True)):
        if hand is not None and len(hand) != size:
            raise _bad(f"seat {seat} holds {len(hand)} cards, not the {size} it must hold")
    # 12.14 the trick in progress follows suit, as far as the known hands show:
    # each card, put back into its player's hand, must have been playable
    # then (the duty to follow is trick._playable_mask's, written once).
    for k, card in enumerate(p.current_trick):
        seat = _seat_after(p.leader, k, players)
        hand = p.hands[seat]
        before = p.current_trick[:k]
        if hand is not None and not _playable_mask(_mask_of(hand) | card.mask, before) & card.mask:
            led = _led_suit(before)
            raise _bad(f"seat {seat} played {card} while holding the led suit {led}")


# -- both directions ----------------------------------------------------------


def position_of(source: State | PlayerView) -> Position:
    """Return the position of a state, or the partial position a player sees.

    From a :class:`~wizard_rules.PlayerView` the hands the viewer cannot
    see are ``None`` (unknown), unless they hold no card, and the bids it
    cannot see are in :attr:`Position.unseen_bids`.

    Positions of games with anniversary cards are not written in this
    release: an :class:`~wizard_rules.core.anniversary.state.AnniversaryState` or
    :class:`~wizard_rules.core.anniversary.views.AnniversaryView` is refused.

    :raises InvalidArgumentError: ``source`` is neither a State nor a
        PlayerView (an AnniversaryState or AnniversaryView included: the
        message says that positions of games with anniversary cards are not
        written yet).
    """
    if type(source) is State:
        hands: tuple[tuple[Card, ...] | None, ...] = source.hands
    elif type(source) is PlayerView:
        hands = source.hands
    else:
        from wizard_rules.core.anniversary.state import AnniversaryState
        from wizard_rules.core.anniversary.views import AnniversaryView

        given: type = type(source)  # the signature's types leave these out
        if given is AnniversaryState or given is AnniversaryView:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"positions of games with anniversary cards are not written yet: no "
                f"position of an {type(source).__name__} (record the game with "
                "GameRecord.from_state instead)",
            )
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"expected a State or a PlayerView, not {type(source).__name__}",
        )
    return _position_with(source, hands)


def position_with(
    source: State | PlayerView,
    hands: tuple[tuple[Card, ...] | None, ...],
    bids: tuple[int | None, ...] | None = None,
) -> Position:
    """Return the position of ``source`` with ``hands`` in place of the hands it shows.

    For search: :func:`~wizard_rules.agents.determinization.determinize`
    deals the hands a view hides and plays on from here, through
    :func:`from_position`.  Every other field is the source's, a real game's,
    so nothing is checked but the shape of ``hands``; its cards are trusted
    to be hands a deal of this game could give at this point (rule 12 is not
    asked), as a determinization deals them.  To have hands checked, build a
    :class:`Position` from its fields instead.

    :param hands: one entry per seat: its cards in canonical order, or
        ``None`` for a hand not known.
    :param bids: the bids, by seat, in place of those ``source`` shows
        (``None``, the default: its own), with no bid hidden; for the
        determinization of hidden bids.  Each is trusted, as ``hands``.
    :raises InvalidArgumentError: ``source`` is neither a State nor a
        PlayerView, or ``hands`` is not a tuple of one entry per seat.
    """
    if type(source) is not State and type(source) is not PlayerView:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"expected a State or a PlayerView, not {type(source).__name__}",
        )
    if type(hands) is not tuple or len(hands) != source.config.players:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"hands must be a tuple of {source.config.players} hands (one a seat), "
            f"not {show_value(hands)}",
        )
    if bids is not None and (type(bids) is not tuple or len(bids) != source.config.players):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"bids must be a tuple of {source.config.players} bids (one a seat), "
            f"not {show_value(bids)}",
        )
    return _position_with(source, hands, bids)


def _position_with(
    source: State | PlayerView,
    hands: tuple[tuple[Card, ...] | None, ...],
    bids: tuple[int | None, ...] | None = None,
) -> Position:
    """The position of ``source`` with ``hands`` in place of its own (internal, unchecked).

    The source is a real game (a state, or a view of one): its position needs
    no check, and skipping it makes this cheap enough for search.
    :func:`position_of` gives the hands the source shows; :func:`position_with`
    the hands its caller gives.
    """
    return _trusted_position(
        config=source.config,
        round=source.round,
        dealer=source.dealer,
        scores=source.scores,
        hands=hands,
        turned=source.turned,
        trump=source.trump,
        bids=source.bids if bids is None else bids,
        unseen_bids=source.unseen_bids if bids is None and type(source) is PlayerView else (),
        tricks_won=source.tricks_won,
        played=source.played,
        current_trick=source.current_trick,
        leader=source.leader,
        over=source.phase is Phase.GAME_OVER,
    )


def _trusted_position(**fields: Any) -> Position:
    """A position from fields taken from a real game, in canonical form (internal).

    The fields of a state or a view are already tuples, in canonical order,
    and describe a position that arose in a game: the converters and the
    checks of :class:`Position` would find nothing to change or refuse.
    """
    position: Position = object.__new__(Position)
    for name, value in fields.items():
        object.__setattr__(position, name, value)
    return position


def from_position(position: Position) -> State:
    """Return a state at ``position``, whose history starts there.

    It behaves exactly like any state with that position: the same legal
    actions, the same refusals with the same codes, the same future scores
    and winners for the same actions, and the same player views but for
    the history they show (:attr:`~wizard_rules.State.completed_tricks` and
    :attr:`~wizard_rules.State.results` begin at the position; the cards
    of earlier tricks are in :attr:`~wizard_rules.State.played`).

    :raises InvalidArgumentError: ``position`` is not a :class:`Position`.
    :raises PositionError: ``invalid_position``: the position is partial (a
        hand or a bid is hidden); fill in what is hidden first.
    """
    if type(position) is not Position:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected a Position, not {type(position).__name__}"
        )
    if None in position.hands:
        hidden = [seat for seat, hand in enumerate(position.hands) if hand is None]
        raise _bad(
            f"a partial position (the hands of seats {hidden} are hidden) is not a game: "
            "fill in the hidden cards before making a state of it"
        )
    if position.unseen_bids:
        raise _bad(
            f"a partial position (the bids of seats {list(position.unseen_bids)} are hidden) "
            "is not a game: fill in the hidden bids before making a state of it"
        )
    masks = tuple(_mask_of(hand or ()) for hand in position.hands)
    placed = _mask_of(position.played) | _mask_of(position.current_trick)
    for mask in masks:
        placed |= mask
    if position.turned is not None:
        placed |= position.turned.mask
    phase = position.phase
    in_round = phase not in (Phase.DEAL, Phase.GAME_OVER)
    return build(
        State,
        (
            position.config,
            phase,
            phase is Phase.GAME_OVER,  # is_over
            position.round,
            position.dealer,
            position.current_player,
            _pack(masks),  # packed_hands
            _FULL_DECK_MASK & ~placed if in_round else _FULL_DECK_MASK,  # undealt_mask
            position.turned,
            position.trump,
            position.bids,
            position.current_trick,
            position.leader,
            (),  # completed_tricks: none since the start
            position.tricks_won,
            (),  # results: none since the start
            position.scores,
            position,  # start
            _start_log(position.config, position),  # log
        ),
    )


# -- the one-line notation (rule 1.4) -----------------------------------------
#
#   players=4 [options=canadian_rule,forbid_bid_total_match,...] [schedule=odd]
#   round=3 dealer=2 [over]
#   scores=0,20,-10,30 hands=C1,W1,J1/?/H5,H6,H7/D1,D2,D3 turned=C7 trump=C
#   bids=1,-,-,0 won=0,0,0,0 played=- trick=C5 leader=3
#
# One line, tokens separated by spaces, in this order.  Lists are separated by
# commas, seats' hands by slashes; "-" is nothing (an empty list, no card, no
# trump, a bid not made) and "?" a hidden hand or bid.

_OPTIONAL: Final = frozenset({"options", "schedule", "over"})


def _join(items: Sequence[object]) -> str:
    return ",".join(str(item) for item in items) if items else "-"


def _text(position: Position) -> str:
    p = position
    tokens = [f"players={p.config.players}"]
    rules = p.config.rules
    options = variant_names(rules)
    if options:
        tokens.append("options=" + ",".join(options))
    if rules.schedule != StandardSchedule():
        tokens.append(f"schedule={schedule_text(rules.schedule)}")
    tokens += [f"round={p.round}", f"dealer={p.dealer}"]
    if p.over:
        tokens.append("over")
    hands = "/".join("?" if hand is None else _join(hand) for hand in p.hands)
    tokens += [
        f"scores={_join(p.scores)}",
        f"hands={hands}",
        f"turned={'-' if p.turned is None else p.turned}",
        f"trump={'-' if p.trump is None else p.trump}",
        "bids="
        + ",".join(
            ("?" if seat in p.unseen_bids else "-") if bid is None else str(bid)
            for seat, bid in enumerate(p.bids)
        ),
        f"won={_join(p.tricks_won)}",
        f"played={_join(p.played)}",
        f"trick={_join(p.current_trick)}",
        f"leader={p.leader}",
    ]
    return " ".join(tokens)


class _Token:
    """One space-separated token of position text and its column (from 1)."""

    __slots__ = ("column", "key", "text", "value")

    def __init__(self, text: str, column: int) -> None:
        self.text = text
        self.column = column
        self.key, _, self.value = text.partition("=")

    def fault(self, message: str) -> PositionError:
        return PositionError(
            ErrorCode.BAD_POSITION_TEXT,
            f"column {self.column}, {show_value(self.text)}: {message}",
            column=self.column,
        )

    def integer(self, text: str | None = None) -> int:
        value = self.value if text is None else text
        digits = value[1:] if value.startswith("-") else value
        if not digits.isdigit() or not digits.isascii() or len(digits) > 6:
            raise self.fault(f"{show_value(value)} is not a whole number")
        return int(value)

    def cards(self, text: str | None = None) -> tuple[Card, ...]:
        value = self.value if text is None else text
        if value == "-":
            return ()
        try:
            return tuple(parse_card(item) for item in value.split(","))
        except CardTextError as error:
            raise self.fault(error.message) from None


def _tokens(text: str) -> list[_Token]:
    tokens = []
    column = 0
    for piece in text.split(" "):
        if piece:
            tokens.append(_Token(piece, column + 1))
        column += len(piece) + 1
    return tokens


def _parse(text: object) -> Position:
    if not isinstance(text, str):
        raise PositionError(
            ErrorCode.BAD_POSITION_TEXT, f"position text must be a str, not {type(text).__name__}"
        )
    if len(text) > 4096:
        raise PositionError(
            ErrorCode.BAD_POSITION_TEXT, "position text is one line of at most 4096 characters"
        )
    for column, char in enumerate(text, start=1):
        if char in "\n\r\t\v\f":
            raise PositionError(
                ErrorCode.BAD_POSITION_TEXT,
                f"column {column}: {char!r}: tokens are separated by spaces, on one line",
                column=column,
            )
    # Read the tokens in order, each value as soon as its token is seen, so
    # that the first fault in the text is the one reported.
    values: dict[str, Any] = {}
    expected = list(_KEYS)
    options_token: _Token | None = None
    for token in _tokens(text):
        if token.key == "options":
            options_token = token
        key = "over" if token.text == "over" else token.key
        while expected and expected[0] != key and expected[0] in _OPTIONAL:
            expected.pop(0)
        if not expected or expected[0] != key or (key != "over" and "=" not in token.text):
            wanted = f"{expected[0]}=" if expected else "the end of the text"
            raise token.fault(f"expected {wanted} here")
        expected.pop(0)
        values[key] = _READERS[key](token)
        if key == "schedule":  # (players= comes first) a round the deck cannot deal
            try:
                values[key].deal_sizes(values["players"])
            except ConfigError as error:
                raise token.fault(error.message) from None
    missing = [key for key in expected if key not in _OPTIONAL]
    if missing:
        raise PositionError(
            ErrorCode.BAD_POSITION_TEXT,
            f"column {len(text) + 1}: the text ends before {missing[0]}=",
            column=len(text) + 1,
        )
    players, round_number, dealer = values["players"], values["round"], values["dealer"]
    try:
        rules = variant_rules(values.get("options", ()), values.get("schedule"))
        config = Config(
            players=players, first_dealer=(dealer - round_number + 1) % players, rules=rules
        )
    except ConfigError as error:  # variants that cannot be played together (rule 1.4)
        # (Only options can clash: a schedule the deck cannot deal was its token's fault.)
        raise cast(_Token, options_token).fault(error.message) from None
    bids, unseen_bids = values["bids"]
    return Position(
        config=config,
        round=round_number,
        dealer=dealer,
        scores=values["scores"],
        hands=values["hands"],
        turned=values["turned"],
        trump=values["trump"],
        bids=bids,
        unseen_bids=unseen_bids,
        tricks_won=values["won"],
        played=values["played"],
        current_trick=values["trick"],
        leader=values["leader"],
        over="over" in values,
    )


def _read_players(token: _Token) -> int:
    players = token.integer()
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise token.fault(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return players


def _read_options(token: _Token) -> tuple[str, ...]:
    found = []
    for name in token.value.split(","):
        if name not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise token.fault(f"the options are {known}, not {show_value(name)}")
        if name in found:
            raise token.fault(f"{name} is named twice")
        found.append(name)
    return tuple(found)


def _read_schedule(token: _Token) -> Schedule:
    try:
        return parse_schedule(token.value)
    except ConfigError as error:
        raise token.fault(error.message) from None


def _read_over(token: _Token) -> bool:
    if token.text != "over":
        raise token.fault("over is written alone, with no value")
    return True


def _read_hands(token: _Token) -> tuple[tuple[Card, ...] | None, ...]:
    return tuple(None if item == "?" else token.cards(item) for item in token.value.split("/"))


def _read_turned(token: _Token) -> Card | None:
    cards = token.cards()
    if len(cards) > 1:
        raise token.fault("one card is turned, or none ('-')")
    return cards[0] if cards else None


def _read_trump(token: _Token) -> Suit | None:
    try:
        return None if token.value == "-" else parse_suit(token.value)
    except CardTextError as error:
        raise token.fault(error.message) from None


def _read_bids(token: _Token) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    items = token.value.split(",")
    bids = tuple(None if item in ("-", "?") else token.integer(item) for item in items)
    return bids, tuple(seat for seat, item in enumerate(items) if item == "?")


def _read_numbers(token: _Token) -> tuple[int, ...]:
    return tuple(token.integer(item) for item in token.value.split(","))


_READERS: Final[dict[str, Callable[[_Token], Any]]] = {
    "players": _read_players,
    "options": _read_options,
    "schedule": _read_schedule,
    "round": _Token.integer,
    "dealer": _Token.integer,
    "over": _read_over,
    "scores": _read_numbers,
    "hands": _read_hands,
    "turned": _read_turned,
    "trump": _read_trump,
    "bids": _read_bids,
    "won": _read_numbers,
    "played": _Token.cards,
    "trick": _Token.cards,
    "leader": _Token.integer,
}
"""How each token's value is read (its shape only: whether the position can
arise is :class:`Position`'s check), in the order the tokens come."""

_KEYS: Final = tuple(_READERS)
