"""Observation tensors: what one player may know, as a flat numpy vector.

The OpenSpiel game (:mod:`wizard_rules.integrations.openspiel`) and the PettingZoo
environment (:mod:`wizard_rules.integrations.pettingzoo`) describe a player's knowledge
with the same tensors, made here.  A tensor is written from the player's
:class:`~wizard_rules.PlayerView` alone (and, during OpenSpiel's card-by-card
deal, the cards dealt to that player so far), so it cannot hold a card hidden
from its player: ``tests/test_openspiel.py`` re-deals the hidden cards and
checks that the tensor never changes.

A tensor is a flat ``float32`` vector made of named *pieces*, in the order of
:attr:`Layout.pieces`; :meth:`Layout.pieces_of` gives each piece as a view of
its own shape.  With ``N`` players, ``R`` rounds (:attr:`Config.rounds
<wizard_rules.Config.rounds>`: ``60 // N`` in the standard game, fewer or
more with a short schedule), ``H = 60 // N`` cards in the largest hand any
schedule can deal, and ``B = H + 1`` possible bids (0 to ``H``):

====================  ===========  ==================================================
piece                 shape        what it holds (all 0 or 1 but the scores)
====================  ===========  ==================================================
``seat``              ``(N,)``     the viewer's seat
``phase``             ``(5,)``     deal, choose trump, bid, play, over
``round``             ``(R,)``     the round number (index ``round - 1``)
``dealer``            ``(N,)``     the dealer's seat
``current_player``    ``(N,)``     the seat to act (all 0 at a deal and at the end)
``hand``              ``(60,)``    the viewer's cards, by :attr:`Card.index
                                   <wizard_rules.Card.index>` (private)
``turned``            ``(60,)``    the turned card (all 0 before the deal and
                                   in the last round)
``trump``             ``(4,)``     the trump suit, Clubs, Diamonds, Hearts, Spades
                                   (all 0: no trump, or not named yet)
``bids``              ``(N, B)``   row ``s``: seat ``s``'s bid (all 0 until made)
``tricks_won``        ``(N, B)``   row ``s``: how many tricks seat ``s`` has won
                                   this round
``leader``            ``(N,)``     the seat that leads the trick in progress
``trick``             ``(N, 60)``  row ``i``: the ``i``-th card of the trick in
                                   progress (row 0 is the leader's)
``played``            ``(60,)``    the cards of this round's finished tricks
``scores``            ``(N,)``     each seat's total divided by
                                   :func:`max_score` (so in ``[-1, 1]``)
====================  ===========  ==================================================

The *information state* tensor (``perfect_recall=True``) adds this round's
finished tricks, which with the pieces above is everything the player has
seen this round, in order (bids are made in a fixed order, so the ``bids``
piece already tells their order):

====================  ==============  ============================================
``trick_leaders``     ``(H, N)``      row ``t``: the seat that led trick ``t``
``trick_cards``       ``(H, N, 60)``  ``[t, i]``: the ``i``-th card of trick ``t``
====================  ==============  ============================================

**Variants.**  A layout is made for one schedule (``rules``, default the
standard game's): only the ``round`` piece depends on it, with one entry a
round of the schedule, and the ``scores`` are divided by the most a player
can score over its rounds.  Every other shape depends on ``N`` alone: a
schedule may deal no hand larger than ``H`` (the configuration refuses one),
so ``B`` bids and ``H`` tricks a round always fit.  In the standard game
``R = H``, so its layout is the one of earlier versions.  The other variants
(``rules``' pieces) keep every piece as it is, but clairvoyance, which adds
one:

- plus/minus one, the Canadian rule and hardcore (rules 20, 21 and 25):
  the layout is unchanged (the bids they forbid are in the action mask);
- hidden bids (rule 23): unchanged; a bid hidden from the viewer is written
  as a bid not made (its ``bids`` row all 0) until every bid is in;
- delayed reveal (rule 24): unchanged; every other seat's ``bids`` row is
  all 0 for the whole round (once it is scored, a round enters the tensor
  only through the ``scores``, as every finished round does);
- clairvoyance (rule 26): the ``hand`` piece is all 0 in round 1 (during
  its deal too), and one piece, present only under clairvoyance and with
  the private piece, follows ``hand``:

====================  ================  ==========================================
``other_hands``       ``(N - 1, 60)``   row ``i``: the cards of seat
                                        ``(seat + 1 + i) % N`` that the viewer
                                        sees (relative to the viewer: the seat
                                        to its left first); all 0 but in round
                                        1, where each row holds that seat's card
====================  ================  ==========================================

So a clairvoyance layout is ``(N - 1) * 60`` floats longer; every piece
up to ``hand`` keeps its offset, every piece after it moves by that much.
Under a secret bidding (hidden bids, delayed reveal) the viewer's own bid is
its private knowledge: a layout without the private piece
(``private=False``) writes it as not made until the bids are shown.
A view of a game with another visibility than the layout's is refused.

**Anniversary cards** (rules 28 to 41).  A game whose deck has some of the
nine cards is written by :class:`AnniversaryLayout`, a layout of its own
with 69 card slots and the pieces of what a seat may know of the cards (the
Werewolf's seat, the Vampire's card, declarations, bid changes, its own
passes and Witch swaps, the cards Witches took); :class:`Layout` and its
sizes are for the games without them, unchanged.

Earlier rounds enter only through the ``scores``: a new deal makes them
irrelevant to the rest of the game, so the tensor is a sufficient summary of
the player's history, though not a record of all of it (the information
state *string* of :mod:`wizard_rules.integrations.openspiel` is).  Without the private
piece (``private=False``) the ``hand`` piece is left out; without the public
pieces (``public=False``) only ``seat`` and ``hand`` (and ``other_hands``)
remain.

>>> import random
>>> from wizard_rules import DECK, Config, apply, new_game, player_view, random_deal
>>> from wizard_rules.integrations.tensors import Layout
>>> state = new_game(Config(players=4))
>>> state = apply(state, random_deal(state, random.Random(5)))
>>> layout = Layout(4)
>>> layout.size, Layout(4, perfect_recall=True).size
(592, 4252)
>>> tensor = layout.encode(player_view(state, 1))
>>> pieces = layout.pieces_of(tensor)
>>> [DECK[i].text for i in pieces["hand"].nonzero()[0]], pieces["phase"].tolist()
(['H10'], [0.0, 0.0, 1.0, 0.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError:
    raise ImportError(
        "wizard_rules.integrations.tensors needs numpy: install the 'batch' extra (numpy): "
        "pip install '.[batch]' from a clone (see Installing in the docs)"
    ) from None

from wizard_rules.core.cards import DECK, Card, Suit
from wizard_rules.core.config import MAX_PLAYERS, MIN_PLAYERS, Config, seat_after
from wizard_rules.core.position import Position, from_position
from wizard_rules.core.rules import STANDARD, Rules
from wizard_rules.core.state import Phase, State, new_game
from wizard_rules.core.views import PlayerView
from wizard_rules.errors import ConfigError, ErrorCode, show_value

__all__ = ["ANNIVERSARY_PHASES", "PHASES", "AnniversaryLayout", "Layout", "max_score"]

PHASES: Final = (Phase.DEAL, Phase.CHOOSE_TRUMP, Phase.BID, Phase.PLAY, Phase.GAME_OVER)
"""The phases in the order of the ``phase`` piece (the last, "over", also marks
the end of a one-round game)."""

_SUITS: Final = tuple(Suit)
_CARDS: Final = len(DECK)


def max_score(
    players: int, rounds: Iterable[int] | None = None, *, rules: Rules = STANDARD
) -> int:
    """The most a player can score in the given rounds (default: the whole game).

    Every bid met with every trick won: ``20 + 10 * s`` in a round of ``s``
    cards (``s = r`` in round ``r`` of the standard game; the hand sizes of
    ``rules``' schedule otherwise).  A player's total over the same rounds is
    never below ``-10`` times the sum of their hand sizes, which is smaller
    in size, so ``total / max_score`` lies in ``[-1, 1]``.

    >>> from wizard_rules.core.rules import OddSchedule, Rules
    >>> from wizard_rules.integrations.tensors import max_score
    >>> max_score(4), max_score(4, [3])
    (1500, 50)
    >>> max_score(4, [3], rules=Rules(schedule=OddSchedule()))   # round 3 deals 5 cards
    70

    :param rounds: round numbers, from 1 (default: every round of the game).
    :param rules: the rules, whose schedule gives each round's hand size.
    :raises ConfigError: ``players`` is not 3 to 6, the schedule cannot be
        dealt to them, or a round is not one of the game's.
    """
    _check_players(players)
    if rules == STANDARD and rounds is not None:
        return sum(20 + 10 * r for r in rounds)  # round r deals r cards (as in 0.1)
    sizes = Config(players=players, rules=rules).deal_sizes
    if rounds is None:
        return sum(20 + 10 * size for size in sizes)
    total = 0
    for r in rounds:
        if type(r) is not int or not 1 <= r <= len(sizes):
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"a round of this game is 1 to {len(sizes)}, not {show_value(r)}",
            )
        total += 20 + 10 * sizes[r - 1]
    return total


def _check_players(players: object) -> int:
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG, f"players must be 3, 4, 5 or 6, not {players!r}"
        )
    return players


def _sizes_text(sizes: Sequence[int]) -> str:
    return ", ".join(map(str, sizes))


def _round_start(config: Config, round: int) -> State:
    """The state before the deal of ``round`` (a one-round game's start) (internal).

    Round 1 is a new game.  A later round starts from a position, whose
    scores must be totals a game can reach (rule 12.3; 0 cannot be after one
    round): every seat has ``20 * (round - 1)``, as if it had met a bid of 0
    in each earlier round.  The wrappers show and return scores relative to it.
    """
    if round == 1:
        return new_game(config)
    n = config.players
    dealer = seat_after(config.first_dealer, round - 1, n)
    return from_position(
        Position(
            config=config,
            round=round,
            dealer=dealer,
            scores=[20 * (round - 1)] * n,
            hands=[()] * n,
            bids=[None] * n,
            tricks_won=[0] * n,
            leader=seat_after(dealer, 1, n),
        )
    )


def _public_bids(view: PlayerView) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """The bids every seat sees, and the seats whose bid is made but not public (internal).

    Under hidden bids and delayed reveal a seat's own bid is its private
    knowledge until the bids are shown: a view without the private piece
    leaves it out, as it leaves out the viewer's hand.
    """
    if view.config.rules.bidding.shown(view.phase is Phase.BID):  # (open bidding: always)
        return view.bids, view.unseen_bids
    own = view.seat
    shown = view.bids[:own] + (None,) + view.bids[own + 1 :]
    own_hidden = view.bids[own] is not None
    hidden = tuple(sorted({*view.unseen_bids, *([own] if own_hidden else [])}))
    return shown, hidden


def _placed(
    wanted: Sequence[tuple[str, tuple[int, ...], bool]],
) -> tuple[tuple[tuple[str, tuple[int, ...]], ...], dict[str, int], int]:
    """The pieces kept of ``wanted`` (name, shape, kept), where each starts, and the total size.

    The one placing of pieces that every layout (the standard game's and the
    anniversary cards') shares.
    """
    pieces = tuple((name, shape) for name, shape, keep in wanted if keep)
    offsets: dict[str, int] = {}
    size = 0
    for name, shape in pieces:
        offsets[name] = size
        size += int(np.prod(shape))
    return pieces, offsets, size


def _split(
    vector: NDArray[np.float32], pieces: Sequence[tuple[str, tuple[int, ...]]]
) -> dict[str, NDArray[np.float32]]:
    """Each of ``pieces`` (``(name, shape)`` pairs, in order) of a flat ``vector``, as a view."""
    out: dict[str, NDArray[np.float32]] = {}
    offset = 0
    for name, shape in pieces:
        size = int(np.prod(shape))
        out[name] = vector[offset : offset + size].reshape(shape)
        offset += size
    return out


class Layout:
    """The layout of the tensors for games of ``players`` players.

    :param players: the number of players, 3 to 6.
    :param perfect_recall: add this round's finished tricks (the information
        state tensor), not only the current situation (the observation).
    :param private: hold the viewer's hand.
    :param public: hold what every player sees.
    :param rules: the rules of the games, whose schedule sizes the ``round``
        piece and the scale of the ``scores``, and whose visibility adds the
        ``other_hands`` piece under clairvoyance (default: the standard game).
    :raises ConfigError: ``players`` is not 3 to 6, or the schedule cannot
        be dealt to them.

    >>> from wizard_rules.integrations.tensors import Layout
    >>> from wizard_rules.core.rules import OddSchedule, Rules
    >>> odd = Layout(4, rules=Rules(schedule=OddSchedule()))
    >>> odd.rounds, odd.deal_sizes, dict(odd.pieces)["round"], dict(odd.pieces)["bids"]
    (8, (1, 3, 5, 7, 9, 11, 13, 15), (8,), (4, 16))
    >>> from wizard_rules.core.rules import variant_rules
    >>> blind = Layout(4, rules=variant_rules(["clairvoyance"]))
    >>> blind.clairvoyant, dict(blind.pieces)["other_hands"], blind.size - Layout(4).size
    (True, (3, 60), 180)
    """

    def __init__(
        self,
        players: int,
        *,
        perfect_recall: bool = False,
        private: bool = True,
        public: bool = True,
        rules: Rules = STANDARD,
    ) -> None:
        self.players: Final = _check_players(players)
        """The number of players."""
        self.deal_sizes: Final = Config(players=players, rules=rules).deal_sizes
        """The hand size of each round of the schedule the layout is for."""
        self.rounds: Final = len(self.deal_sizes)
        """The number of rounds of a whole game, ``R``."""
        self._visibility = rules.visibility
        self.clairvoyant: Final = rules.visibility.blind(1)
        """Whether the layout is for clairvoyance (rule 26): it has the ``other_hands`` piece."""
        h = _CARDS // players  # the largest hand a schedule may deal
        self._bids = h + 1
        n, r, b = players, self.rounds, self._bids
        wanted: list[tuple[str, tuple[int, ...], bool]] = [
            ("seat", (n,), True),
            ("phase", (len(PHASES),), public),
            ("round", (r,), public),
            ("dealer", (n,), public),
            ("current_player", (n,), public),
            ("hand", (_CARDS,), private),
            ("other_hands", (n - 1, _CARDS), private and self.clairvoyant),
            ("turned", (_CARDS,), public),
            ("trump", (len(_SUITS),), public),
            ("bids", (n, b), public),
            ("tricks_won", (n, b), public),
            ("leader", (n,), public),
            ("trick", (n, _CARDS), public),
            ("played", (_CARDS,), public),
            ("scores", (n,), public),
            ("trick_leaders", (h, n), public and perfect_recall),
            ("trick_cards", (h, n, _CARDS), public and perfect_recall),
        ]
        pieces, offsets, size = _placed(wanted)
        self.pieces: Final = pieces
        """The pieces, in order: ``(name, shape)`` pairs."""
        self.offsets: Final = offsets
        """Where each piece starts in the flat tensor."""
        self.size: Final = size
        """The length of the flat tensor."""
        self._scale = float(max_score(players, rules=rules))

    def pieces_of(self, tensor: NDArray[np.float32]) -> dict[str, NDArray[np.float32]]:
        """Each piece of a flat ``tensor`` of this layout, as a view of its shape."""
        return _split(tensor, self.pieces)

    def encode(
        self,
        view: PlayerView,
        *,
        dealt: Sequence[Card] = (),
        over: bool = False,
        scores: Sequence[int] | None = None,
        out: NDArray[np.float32] | None = None,
    ) -> NDArray[np.float32]:
        """Write ``view`` as a tensor of this layout and return it.

        :param view: the viewer's :class:`~wizard_rules.PlayerView`.
        :param dealt: during a deal, the cards dealt to the viewer so far
            (OpenSpiel deals one card at a time); ignored once the deal is done.
        :param over: mark the ``phase`` as over (the end of a one-round game,
            whose state has moved on to the next deal).
        :param scores: the totals to show instead of the view's (a one-round
            game shows the scores since its start).
        :param out: a ``float32`` array of :attr:`size` to write into (it is
            cleared first); a new one by default.
        :raises ConfigError: ``view`` is of a game with another number of
            players, another schedule, or with clairvoyance when the layout
            is not (or the other way round).
        """
        config = view.config
        if config.players != self.players:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"this layout is for {self.players} players, not {config.players}",
            )
        if config.deal_sizes != self.deal_sizes:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"this layout is for rounds of {_sizes_text(self.deal_sizes)} cards, "
                f"not {_sizes_text(config.deal_sizes)}",
            )
        if config.rules.visibility != self._visibility:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"this layout is for games {'with' if self.clairvoyant else 'without'} "
                f"clairvoyance, not {'without' if self.clairvoyant else 'with'} it",
            )
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        offsets = self.offsets
        n, b = self.players, self._bids
        ones: list[int] = [offsets["seat"] + view.seat]
        blind = config.rules.visibility.blind(view.round)
        if "hand" in offsets:
            # A blind seat (clairvoyance, round 1) sees no card of its own, dealt or held.
            hand = (() if blind else dealt) if view.phase is Phase.DEAL else view.hand
            ones.extend(offsets["hand"] + card.index for card in hand)
        if "other_hands" in offsets:
            for i in range(n - 1):
                seen = view.hands[seat_after(view.seat, 1 + i, n)]
                base = offsets["other_hands"] + i * _CARDS
                ones.extend(base + card.index for card in seen or ())
        if "phase" in offsets:
            phase = Phase.GAME_OVER if over else view.phase
            ones.append(offsets["phase"] + PHASES.index(phase))
            ones.append(offsets["round"] + view.round - 1)
            ones.append(offsets["dealer"] + view.dealer)
            if view.current_player is not None and not over:
                ones.append(offsets["current_player"] + view.current_player)
            if view.turned is not None:
                ones.append(offsets["turned"] + view.turned.index)
            if view.trump is not None:
                ones.append(offsets["trump"] + _SUITS.index(view.trump))
            bids = view.bids if "hand" in offsets else _public_bids(view)[0]
            for seat, bid in enumerate(bids):
                if bid is not None:
                    ones.append(offsets["bids"] + seat * b + bid)
            for seat, won in enumerate(view.tricks_won):
                ones.append(offsets["tricks_won"] + seat * b + won)
            if view.phase is Phase.PLAY:
                ones.append(offsets["leader"] + view.leader)
            for i, card in enumerate(view.current_trick):
                ones.append(offsets["trick"] + i * _CARDS + card.index)
            ones.extend(offsets["played"] + card.index for card in view.played)
            start = offsets["scores"]
            shown = view.scores if scores is None else scores
            out[start : start + n] = np.asarray(shown, dtype=np.float32) / self._scale
        if "trick_cards" in offsets:
            for t, trick in enumerate(view.completed_tricks):
                ones.append(offsets["trick_leaders"] + t * n + trick.leader)
                base = offsets["trick_cards"] + t * n * _CARDS
                ones.extend(base + i * _CARDS + card.index for i, card in enumerate(trick.cards))
        out[ones] = 1.0
        return out


# -- the larger deck: games with anniversary cards (rules 28 to 41) ------------------------

ANNIVERSARY_PHASES: Final = (
    "deal",
    "werewolf",
    "choose_trump",
    "reveal",
    "bid",
    "play",
    "declare",
    "pass",
    "change_bid",
    "witch",
    "game_over",
)
"""The phases of a game with anniversary cards, in the order of the ``phase`` piece
of :class:`AnniversaryLayout` (the values of
:class:`~wizard_rules.core.anniversary.AnniversaryPhase`)."""

_SLOTS: Final = 69  # the 60 and the nine, by card index
_DECLARATIONS: Final = 6  # Clubs, Diamonds, Hearts, Spades, Wizard, Jester


class AnniversaryLayout:
    """The layout of the tensors for games of ``players`` players with anniversary cards.

    Used only for a configuration whose deck is an
    :class:`~wizard_rules.core.anniversary.AnniversaryDeck` (:class:`Layout`
    refuses none of its games, but is never given one by the integrations).
    Cards take 69 slots, by :attr:`Card.index <wizard_rules.Card.index>`
    (the nine at 60 to 68), whichever cards the game has.  A tensor is
    written from the seat's :class:`~wizard_rules.core.anniversary.AnniversaryView`
    alone, so it holds nothing the seat may not see (rule 41).  With ``N``,
    ``R``, ``H`` and ``B`` as for :class:`Layout`:

    ====================  ==============  ==============================================
    piece                 shape           what it holds (0 or 1, but counts and scores)
    ====================  ==============  ==============================================
    ``seat``              ``(N,)``        the viewer's seat
    ``phase``             ``(11,)``       :data:`ANNIVERSARY_PHASES`
    ``round``             ``(R,)``        the round number
    ``dealer``            ``(N,)``        the dealer's seat
    ``current_player``    ``(N,)``        the seat to act (all 0 at chance and the end)
    ``hand``              ``(69,)``       the viewer's cards (private)
    ``passing``           ``(69,)``       the card it has put aside in a pass (private)
    ``passed``            ``(69,)``       the cards it passed this round (private)
    ``received``          ``(69,)``       the cards passed to it this round (private)
    ``witch_given``       ``(69,)``       the cards it gave into a trick with a Witch
                                          (private)
    ``turned``            ``(69,)``       the card turned for trump
    ``trump_card``        ``(69,)``       the card in the trump place (the Werewolf
                                          after its swap)
    ``werewolf_seat``     ``(N,)``        the seat that took the turned card
    ``revealed``          ``(69,)``       the stock card turned up for the Vampire
    ``vampire_copies``    ``(69,)``       the card the Vampire counts as, once known
    ``trump``             ``(4,)``        the trump suit (all 0: no trump, or not yet)
    ``bids``              ``(N, B)``      each seat's bid (after the Cloud's changes)
    ``bid_changes``       ``(N, 2)``      how many times this round each seat's bid
                                          went down (column 0) and up (column 1)
    ``tricks_won``        ``(N, B)``      each seat's tricks this round
    ``leader``            ``(N,)``        the seat that leads the trick in progress
    ``trick``             ``(N, 69)``     row ``i``: the ``i``-th card of the trick
    ``declared``          ``(N, 6)``      row ``i``: what it was declared as (Clubs,
                                          Diamonds, Hearts, Spades, Wizard, Jester)
    ``played``            ``(69,)``       the cards of this round's finished tricks
    ``witch_taken``       ``(69,)``       the cards Witches took from their tricks
    ``scores``            ``(N,)``        each total divided by :func:`max_score`
    ====================  ==============  ==============================================

    With ``perfect_recall`` the round's finished tricks follow, as in
    :class:`Layout`: ``trick_leaders`` ``(H, N)``, ``trick_cards``
    ``(H, N, 69)`` and ``trick_declared`` ``(H, N, 6)``.  ``private=False``
    leaves out the private pieces, ``public=False`` all but ``seat`` and them.

    >>> from wizard_rules.core.anniversary import AnniversaryDeck
    >>> from wizard_rules.core.rules import Rules
    >>> from wizard_rules.integrations.tensors import AnniversaryLayout
    >>> layout = AnniversaryLayout(4, rules=Rules(deck=AnniversaryDeck(added=("bomb",))))
    >>> layout.size, dict(layout.pieces)["trick"]
    (1249, (4, 69))

    :raises ConfigError: ``players`` is not 3 to 6, or ``rules``' deck has
        no anniversary cards.
    """

    def __init__(
        self,
        players: int,
        *,
        rules: Rules,
        perfect_recall: bool = False,
        private: bool = True,
        public: bool = True,
    ) -> None:
        from wizard_rules.core.anniversary.deck import AnniversaryDeck

        if type(rules.deck) is not AnniversaryDeck:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                "AnniversaryLayout is for games with anniversary cards: use Layout for the others",
            )
        self.players: Final = _check_players(players)
        """The number of players."""
        self.rules: Final = rules
        """The rules the layout is for."""
        self.deal_sizes: Final = Config(players=players, rules=rules).deal_sizes
        """The hand size of each round."""
        self.rounds: Final = len(self.deal_sizes)
        """The number of rounds, ``R``."""
        h = _CARDS // players
        self._bids = h + 1
        n, b, c = players, self._bids, _SLOTS
        wanted: list[tuple[str, tuple[int, ...], bool]] = [
            ("seat", (n,), True),
            ("phase", (len(ANNIVERSARY_PHASES),), public),
            ("round", (self.rounds,), public),
            ("dealer", (n,), public),
            ("current_player", (n,), public),
            ("hand", (c,), private),
            ("passing", (c,), private),
            ("passed", (c,), private),
            ("received", (c,), private),
            ("witch_given", (c,), private),
            ("turned", (c,), public),
            ("trump_card", (c,), public),
            ("werewolf_seat", (n,), public),
            ("revealed", (c,), public),
            ("vampire_copies", (c,), public),
            ("trump", (len(_SUITS),), public),
            ("bids", (n, b), public),
            ("bid_changes", (n, 2), public),
            ("tricks_won", (n, b), public),
            ("leader", (n,), public),
            ("trick", (n, c), public),
            ("declared", (n, _DECLARATIONS), public),
            ("played", (c,), public),
            ("witch_taken", (c,), public),
            ("scores", (n,), public),
            ("trick_leaders", (h, n), public and perfect_recall),
            ("trick_cards", (h, n, c), public and perfect_recall),
            ("trick_declared", (h, n, _DECLARATIONS), public and perfect_recall),
        ]
        pieces, offsets, size = _placed(wanted)
        self.pieces: Final = pieces
        """The pieces, in order: ``(name, shape)`` pairs."""
        self.offsets: Final = offsets
        """Where each piece starts in the flat tensor."""
        self.size: Final = size
        """The length of the flat tensor."""
        self._scale = float(max_score(players, rules=rules))

    def pieces_of(self, tensor: NDArray[np.float32]) -> dict[str, NDArray[np.float32]]:
        """Each piece of a flat ``tensor`` of this layout, as a view of its shape."""
        return _split(tensor, self.pieces)

    def encode(
        self,
        view: object,
        *,
        dealt: Sequence[Card] = (),
        over: bool = False,
        scores: Sequence[int] | None = None,
        out: NDArray[np.float32] | None = None,
    ) -> NDArray[np.float32]:
        """Write ``view`` (an :class:`~wizard_rules.core.anniversary.AnniversaryView`) as a tensor.

        :param dealt: during a deal, the cards dealt to the viewer so far.
        :param over: mark the ``phase`` as over (the end of a one-round game).
        :param scores: the totals to show instead of the view's.
        :param out: a ``float32`` array of :attr:`size` to write into (cleared first).
        :raises ConfigError: ``view`` is not a view of a game of this layout's rules
            and players.
        """
        from wizard_rules.core.anniversary.views import AnniversaryView

        if type(view) is not AnniversaryView or view.config.rules != self.rules:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                "this layout encodes views of games with its rules' anniversary cards, "
                f"not {type(view).__name__}",
            )
        if view.config.players != self.players:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"this layout is for {self.players} players, not {view.config.players}",
            )
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        at = self.offsets
        n, b = self.players, self._bids
        ones: list[int] = [at["seat"] + view.seat]
        phase = view.phase.value
        if "hand" in at:
            hand = dealt if phase == "deal" else view.hand
            ones.extend(at["hand"] + card.index for card in hand)
            if view.passing is not None:
                ones.append(at["passing"] + view.passing.index)
            for given, got in view.passes:
                out[at["passed"] + given.index] += 1.0
                out[at["received"] + got.index] += 1.0
            ones.extend(
                at["witch_given"] + swap.give.index
                for swap in view.witch_swaps
                if swap.give is not None  # the viewer's own swaps only (rule 36.3)
            )
        if "phase" in at:
            ones.append(at["phase"] + ANNIVERSARY_PHASES.index("game_over" if over else phase))
            ones.append(at["round"] + view.round - 1)
            ones.append(at["dealer"] + view.dealer)
            if view.current_player is not None and not over:
                ones.append(at["current_player"] + view.current_player)
            for name in ("turned", "trump_card", "revealed", "vampire_copies"):
                card = getattr(view, name)
                if card is not None:
                    ones.append(at[name] + card.index)
            if view.werewolf_seat is not None:
                ones.append(at["werewolf_seat"] + view.werewolf_seat)
            if view.trump is not None:
                ones.append(at["trump"] + _SUITS.index(view.trump))
            for seat, bid in enumerate(view.bids):
                if bid is not None:
                    ones.append(at["bids"] + seat * b + bid)
            for seat, by in view.bid_changes:
                out[at["bid_changes"] + 2 * seat + (by + 1) // 2] += 1.0
            for seat, won in enumerate(view.tricks_won):
                ones.append(at["tricks_won"] + seat * b + won)
            if phase in ("play", "declare"):
                ones.append(at["leader"] + view.leader)
            for i, card in enumerate(view.current_trick):
                ones.append(at["trick"] + i * _SLOTS + card.index)
            ones.extend(_declared_ones(view.declared, at["declared"]))
            ones.extend(
                at["played"] + card.index
                for trick in view.completed_tricks
                for card in trick.cards
            )
            ones.extend(
                at["witch_taken"] + swap.take.index
                for swap in view.witch_swaps
                if swap.take is not None
            )
            start = at["scores"]
            shown = view.scores if scores is None else scores
            out[start : start + n] = np.asarray(shown, dtype=np.float32) / self._scale
        if "trick_cards" in at:
            for t, trick in enumerate(view.completed_tricks):
                ones.append(at["trick_leaders"] + t * n + trick.leader)
                base = at["trick_cards"] + t * n * _SLOTS
                ones.extend(base + i * _SLOTS + card.index for i, card in enumerate(trick.cards))
                ones.extend(
                    _declared_ones(trick.declared, at["trick_declared"] + t * n * _DECLARATIONS)
                )
        out[ones] = 1.0
        return out


def _declared_ones(declared: Sequence[object], base: int) -> list[int]:
    """The ones of a trick's declarations: row ``i`` for its ``i``-th card (internal)."""
    from wizard_rules.core.cards import Kind

    order: tuple[object, ...] = (*_SUITS, Kind.WIZARD, Kind.JESTER)
    return [
        base + i * _DECLARATIONS + order.index(value)
        for i, value in enumerate(declared)
        if value is not None
    ]
