"""Wizard as an OpenSpiel game, backed by this library's state machine.

``import wizard_rules.integrations.openspiel`` registers the game ``"wizard_rules"`` with
OpenSpiel, so that every OpenSpiel algorithm runs on it::

   import pyspiel
   import wizard_rules.integrations.openspiel  # registers "wizard_rules"

   game = pyspiel.load_game("wizard_rules", {"players": 4, "round": 3})

It needs the ``openspiel`` extra (``pip install '.[openspiel]'`` from a clone);
without it, importing this module raises :class:`ImportError` naming the
extra.  Every move goes through :func:`~wizard_rules.apply`: there is no
second copy of the rules here.

**Parameters** (all optional):

==========================  ================  ==========================================
name                        default           meaning
==========================  ================  ==========================================
``players``                 ``4``             3 to 6
``forbid_bid_total_match``  ``False``         the option of rule 20.1
``first_dealer``            ``0``             the seat that deals the first round
``round``                   ``0``             ``0``: the whole game; ``r``: round ``r`` only
``normalize_returns``       ``False``         divide returns and rewards by the
                                              most a player can score (see below)
``canadian_rule``           ``False``         the Canadian rule (rule 21)
``schedule``                ``"standard"``    the hand size of each round:
                                              ``"standard"`` (round ``r`` deals
                                              ``r`` cards), ``"odd"`` (1, 3, 5, ...;
                                              rule 22.1), or the hand sizes listed
                                              (``"1,3,5"``; rule 22.2)
``rewards``                 ``"per_round"``   when points are paid (see below):
                                              ``"per_round"``, each round's scores
                                              at its end; ``"terminal"``, the whole
                                              score at the game's end only
``hardcore``                ``False``         hardcore (rule 25)
``hidden_bids``             ``False``         hidden bids (rule 23)
``delayed_reveal``          ``False``         delayed reveal (rule 24)
``clairvoyance``            ``False``         clairvoyance (rule 26)
``anniversary_cards``       ``""``            the anniversary cards added (rules 28
                                              to 41): ``"20"``, ``"25"``, ``"30"``,
                                              ``"all"`` or names (``"dragon,fairy"``)
``bomb_leader`` ...         the defaults      the five readings of the cards
                                              (``bomb_leader``, ``cloud_timing``,
                                              ``effect_order``,
                                              ``vampire_under_werewolf``,
                                              ``juggler_last_trick``), texts
==========================  ================  ==========================================

**Anniversary cards.**  With ``anniversary_cards`` the state wraps an
:class:`~wizard_rules.core.anniversary.AnniversaryState`; the actions are
the larger id space of :func:`~wizard_rules.formats.action_ids.anniversary_action_id`
(``num_distinct_actions`` 178, or 4939 with the Witch); chance outcomes are
card indices 0 to 68 (``max_chance_outcomes`` 69): the deal card by card, a
card turned in every round, and the stock card turned up for the Vampire
(rule 37.3) as a chance node of its own; the tensors are
:class:`~wizard_rules.integrations.tensors.AnniversaryLayout`'s and the
strings are written from the seat's
:class:`~wizard_rules.core.anniversary.AnniversaryView` (or, for the
information state, from the actions as the seat saw them: another seat's
pass ``x<seat>=?``, another seat's Witch swap ``w<seat>=?>H9``).  The game
keeps the card names separated by semicolons; a game without cards keeps
the parameters it always had.  :meth:`WizardState.resample_from_infostate`
refuses a game with cards (:class:`~wizard_rules.ConfigError`).

**Variants.**  ``canadian_rule``, ``hardcore``, ``hidden_bids``,
``delayed_reveal``, ``clairvoyance`` and ``schedule`` make the rules a
:class:`~wizard_rules.core.rules.Rules` of those pieces
(:func:`~wizard_rules.core.rules.variant_rules`).  Each flag is a bool (anything
else is refused with :class:`~wizard_rules.ConfigError` ``invalid_config``), and
so are the combinations that cannot be played (rule 27): hidden bids or
delayed reveal with ``forbid_bid_total_match``, ``canadian_rule`` or
``hardcore``; hidden bids with delayed reveal; clairvoyance with a schedule
whose first round deals more than one card.  With a short
schedule the round number is no longer the hand size: round ``r`` deals
``config.deal_sizes[r - 1]`` cards, the game has ``config.rounds`` rounds
(``round`` is 1 to that), and the game's length, utilities, chance nodes
and tensors follow.  A listed schedule's sizes may be separated by commas,
semicolons or spaces; the game keeps them separated by semicolons
(``"1;3;5"``, a single size as ``"7;"``), so that its game string, in which
commas separate the parameters, loads again::

   game = pyspiel.load_game("wizard_rules", {"players": 4, "schedule": "1,3,5"})
   str(game)   # 'wizard_rules(canadian_rule=False,...,schedule=1;3;5)'

A one-round game (``round=r``) starts every seat at the same total, so no
dealer leads outright in it and the Canadian rule never binds: play the
whole game to meet it.

With ``round=r`` the game starts at the deal of round ``r`` (dealt by seat
``(first_dealer + r - 1) % players``) and ends when that round is scored;
returns, rewards and the tensors' ``scores`` count from its start.  (The
underlying :class:`~wizard_rules.State`, and the position text of the
observation string, start every seat at ``20 * (r - 1)``, as if it had met a
bid of 0 in each earlier round: a position must be one a game can reach, and
a total of 0 after one round is not.)

**Chance.**  A deal is a sequence of chance nodes, one card at a time: the
``k``-th card (``k`` from 0) goes to seat ``(dealer + 1 + k) % players``, so
that each seat in turn from the dealer's left gets one card, round after
round, until each holds the round's hand size (``r`` in round ``r`` of the
standard game); then one more chance node turns the top card of the stack
(none when the deal takes every card, as the standard game's last round
does).  Each outcome
is a card's index (0 to 59), every card not yet dealt with the same
probability.  When the last outcome is drawn, the whole deal is applied as
one :class:`~wizard_rules.Deal`.  :func:`chance_outcomes_of` turns a
:class:`~wizard_rules.Deal` into these outcomes.

**Actions** are the ids of :mod:`wizard_rules.formats.action_ids` (``num_distinct_actions``
is 86 for every player count):

=================  ==========================================================
id                 action of the player to act
=================  ==========================================================
``0`` .. ``59``    play the card of that :attr:`Card.index <wizard_rules.Card.index>`
``60`` .. ``80``   bid ``id - 60`` tricks
``81`` .. ``84``   name trump: Clubs, Diamonds, Hearts, Spades
``85``             name "no trump": never legal
=================  ==========================================================

:func:`~wizard_rules.formats.action_ids.action_id` and
:func:`~wizard_rules.formats.action_ids.to_action` translate between ids and
this library's actions.  An illegal id raises
:class:`~wizard_rules.IllegalActionError` (or
:class:`~wizard_rules.InvalidArgumentError` for an id out of range, or a
chance outcome that is not a card left to deal) and changes nothing.  A
terminal state has no legal action and no chance outcome, and refuses every
action and outcome with :class:`~wizard_rules.IllegalActionError`
``game_over`` (the end of a one-round game never deals the next round).
(``-1``, OpenSpiel's ``kInvalidAction``, and a value that is not an
integer never reach the game: OpenSpiel refuses them with
``pyspiel.SpielError`` and ``TypeError``.)

**Returns and rewards.**  With ``rewards="per_round"`` (the default), a
player's return is their score so far (in the one-round game, their score
for the round); the reward of a move is the points it scored, which is
nothing but at the end of a round, where every player gets their score for
the round.  (As OpenSpiel reads rewards at decisions, a chance node adds
its reward, always 0, to the previous one: the first decision of a round
still reports the last round's scores.)  With ``rewards="terminal"``
returns and rewards are 0 until the game ends, and both are then each
player's score for the whole game: a learner sees one reward an episode
instead of one a round, and the score so far is still
``state.wizard_state.scores``.  Either way the rewards of a game add up to
its returns, and its final returns are the same.

The reward model the game declares (``game.get_type().reward_model``)
follows: ``TERMINAL`` when every reward comes at the end, that is with
``rewards="terminal"`` and in every one-round game (whose one round ends
the game, so that its per-round rewards are terminal rewards, and the
parameter changes nothing in it); ``REWARDS`` for the whole game with
per-round rewards.  OpenSpiel's ``MCTSBot`` (Python and C++) takes only
games of terminal rewards: a one-round game, or ``rewards="terminal"``.
With ``normalize_returns`` both are divided by
:func:`~wizard_rules.integrations.tensors.max_score` of the rounds played (the most a
player can score in them), so returns lie in ``[-1, 1]``.  The game is
general-sum.  ``max_game_length`` counts decisions, as OpenSpiel's
does (chance nodes add ``players * s + 1`` a round of ``s`` cards, ``60``
when it deals every card).

**Observations.**  The information state and the observation of a player,
as strings and as tensors, hold exactly what that player may know.  The
tensors are :class:`~wizard_rules.integrations.tensors.Layout`'s (the information state
tensor is the layout with ``perfect_recall=True``).  The observation string
is the player's partial position in the notation of rule 1.4 (other hands
``?``), preceded by ``p<seat>``, followed by ``dealt=<cards>`` during a deal
and ``end`` at the end of a one-round game.  The information state string
is everything the player has seen since the game's start, in order: for
each round ``r<round> hand=<cards> turned=<card>`` once the deal is done,
then ``trump=<suit>``, ``b<seat>=<bid>`` and ``<seat>:<card>`` tokens.
Observers with ``private_info`` ``NONE`` leave the viewer's hand out;
``ALL_PLAYERS`` is refused with :class:`ValueError`.  Such a public
observer shows every hand as unknown (``?``) but those that hold no card
(``-``: hand sizes are public), before the first deal and at the end too.

Under the variants every string and tensor is still written from what the
player may see (its :func:`~wizard_rules.player_view`, and the history
tokens only once it may see them):

- a secret bid (hidden bids, delayed reveal) of another seat is ``?`` in
  the observation string's ``bids=`` and ``b<seat>=?`` in the information
  state string, and a bid not made in the tensors; when the bids are shown
  (the last bid under hidden bids, rule 23.3; the round's last trick under
  delayed reveal, rule 24.2) the information state string adds
  ``bids=<bid>,...`` (by seat).  The player's own secret bid is its private
  knowledge: a public observer shows it as ``?`` too, a private-only one
  as ``b<seat>=<bid>``;
- in a blind round (clairvoyance, round 1) the player's own hand is ``?``
  and the others' are shown (``hands=C5/?/W1``; in the information state
  string ``hand=?`` and ``h<seat>=<cards>`` for each other seat, from its
  left), nothing is shown of the deal in progress (``dealt=``), the
  tensors' ``hand`` is all 0 and their ``other_hands`` piece holds the
  other cards; the trick that plays itself with the last bid (rule 26.3)
  follows that bid in the information state string, as ``<seat>:<card>``
  tokens.  That round has no play decision: ``max_game_length``, which
  counts ``players`` plays for it, stays an upper bound, and the game's
  other figures (utilities, actions, chance outcomes) are the standard
  game's under every variant.

**Search.**  :meth:`WizardState.resample_from_infostate` deals the cards
hidden from a player again, at random, consistently with everything that
player has seen (in particular the suits other players showed they lack), so
OpenSpiel's ISMCTS (:mod:`open_spiel.python.algorithms.ismcts`) runs on the
game (its bot lacks the ``restart_at`` that OpenSpiel's ``evaluate_bots``
calls: the how-to gives the one-line subclass that adds it).  OpenSpiel's
Python ``MCTSBot`` plays the games of terminal rewards (see above), searching
the true state, every hand in sight.  OpenSpiel's C++ bots
(``pyspiel.MCTSBot``, ``pyspiel.ISMCTSBot``) crash on this game, and on
OpenSpiel's own ``python_kuhn_poker``, which is written in Python too: see
the how-to.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]
except ImportError:
    raise ImportError(
        "wizard_rules.integrations.openspiel needs OpenSpiel: install the 'openspiel' "
        "extra: pip install '.[openspiel]' from a clone (see Installing in the docs)"
    ) from None

import attrs

from wizard_rules.core.actions import Action, Bid, ChooseTrump, Deal, Play
from wizard_rules.core.anniversary.actions import Reveal
from wizard_rules.core.anniversary.deck import AnniversaryDeck
from wizard_rules.core.anniversary.state import AnniversaryPhase, AnniversaryState
from wizard_rules.core.anniversary.views import anniversary_view
from wizard_rules.core.cards import ANNIVERSARY_CARDS, DECK, Card, Kind, Suit
from wizard_rules.core.config import Config, seat_after
from wizard_rules.core.position import position_of
from wizard_rules.core.rules import HiddenBids
from wizard_rules.core.state import Phase, State, new_game
from wizard_rules.core.transitions import apply, apply_legal, legal_actions
from wizard_rules.core.views import player_view
from wizard_rules.errors import (
    ConfigError,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    show_value,
)
from wizard_rules.formats.action_ids import (
    action_id,
    anniversary_action_id,
    num_actions,
    to_action,
    to_anniversary_action,
)
from wizard_rules.integrations import _anniversary
from wizard_rules.integrations._variants import (
    FLAGS,
    READING_DEFAULTS,
    READING_NAMES,
    cards_text,
    rules_of,
    schedule_text,
    with_anniversary_cards,
)
from wizard_rules.integrations.tensors import (
    AnniversaryLayout,
    Layout,
    _public_bids,
    _round_start,
    max_score,
)

__all__ = [
    "GAME_TYPE",
    "WizardGame",
    "WizardObserver",
    "WizardState",
    "chance_outcomes_of",
]

_DEFAULTS: Final[dict[str, Any]] = {
    "players": 4,
    "forbid_bid_total_match": False,
    "first_dealer": 0,
    "round": 0,
    "normalize_returns": False,
    "canadian_rule": False,
    "schedule": "standard",
    "rewards": "per_round",
    "hardcore": False,
    "hidden_bids": False,
    "delayed_reveal": False,
    "clairvoyance": False,
    "anniversary_cards": "",
    **READING_DEFAULTS,
}
_STANDARD_KEYS: Final = tuple(_DEFAULTS)[: -1 - len(READING_NAMES)]
"""The parameters a game without anniversary cards keeps (its game string is unchanged)."""
_CARDS: Final = (*DECK, *ANNIVERSARY_CARDS)  # every card, by index (0 to 68)
_REWARDS: Final = ("per_round", "terminal")  # the values of the rewards parameter


def _game_type(reward_model: Any) -> Any:
    return pyspiel.GameType(
        short_name="wizard_rules",
        long_name="Wizard (wizard-rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=reward_model,
        max_num_players=6,
        min_num_players=3,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


GAME_TYPE: Final = _game_type(pyspiel.GameType.RewardModel.REWARDS)
"""The game's :class:`pyspiel.GameType`, registered as ``"wizard_rules"``.

It is the type of the default game (the whole game, ``rewards="per_round"``),
whose reward model is ``REWARDS``.  A game whose every reward comes at its
end (a one-round game, or ``rewards="terminal"``) has the same type but for
the reward model, ``TERMINAL``: ask the game, ``game.get_type()``.
"""

_TERMINAL_TYPE: Final = _game_type(pyspiel.GameType.RewardModel.TERMINAL)


def chance_outcomes_of(deal: Deal, dealer: int) -> list[int]:
    """The chance outcomes (card indexes) that make ``deal``, in the order drawn.

    Card ``k`` goes to seat ``(dealer + 1 + k) % players``, each seat's cards
    in canonical order, then the turned card (if any).

    >>> from wizard_rules import DECK, Deal, parse_cards, parse_card
    >>> from wizard_rules.integrations.openspiel import chance_outcomes_of
    >>> deal = Deal([parse_cards("C1 C2"), parse_cards("D1 D2"), parse_cards("H1 H2")],
    ...             parse_card("S1"))
    >>> [DECK[i].text for i in chance_outcomes_of(deal, dealer=0)]
    ['D1', 'H1', 'C1', 'D2', 'H2', 'C2', 'S1']
    """
    players = len(deal.hands)
    size = len(deal.hands[0])
    outcomes = [
        deal.hands[seat_after(dealer, 1 + k, players)][k // players].index
        for k in range(players * size)
    ]
    if deal.turned is not None:
        outcomes.append(deal.turned.index)
    return outcomes


class _Spec:
    """What every state of one game shares (immutable; never copied)."""

    def __init__(self, params: dict[str, Any]) -> None:
        unknown = set(params) - set(_DEFAULTS)
        if unknown:
            raise ConfigError(ErrorCode.INVALID_CONFIG, f"unknown parameters {sorted(unknown)}")
        values = {**_DEFAULTS, **params}
        self.config = Config(
            players=values["players"],
            first_dealer=values["first_dealer"],
            forbid_bid_total_match=values["forbid_bid_total_match"],
            rules=with_anniversary_cards(
                rules_of(
                    values["canadian_rule"],
                    values["schedule"],
                    **{name: values[name] for name in FLAGS if name != "canadian_rule"},
                ),
                values["anniversary_cards"],
                {name: values[name] for name in READING_NAMES},
            ),
        )
        deck = self.config.rules.deck
        self.anniversary: bool = type(deck) is AnniversaryDeck
        """Whether the game has anniversary cards (rules 28 to 41)."""
        self.num_actions = num_actions(self.config)
        # The parameters as the game keeps them (a game string must load again);
        # a game without anniversary cards keeps the parameters it always had.
        self.params = {**values, "schedule": schedule_text(self.config.rules.schedule)}
        if type(deck) is AnniversaryDeck:
            self.params["anniversary_cards"] = cards_text(deck)
        else:
            self.params = {key: self.params[key] for key in _STANDARD_KEYS}
        self.round: int = values["round"]
        if type(self.round) is not int or not 0 <= self.round <= self.config.rounds:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"round must be 0 (the whole game) or 1 to {self.config.rounds}, "
                f"not {self.round!r}",
            )
        self.rounds = (
            range(1, self.config.rounds + 1)
            if self.round == 0
            else range(self.round, self.round + 1)
        )
        self.sizes = [self.config.deal_sizes[r - 1] for r in self.rounds]  # of each round played
        if values["rewards"] not in _REWARDS:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"rewards must be 'per_round' or 'terminal', not {show_value(values['rewards'])}",
            )
        # Whether every reward comes at the end: in a one-round game the round's
        # scores, paid when it is scored, are the terminal rewards.
        self.terminal: bool = values["rewards"] == "terminal" or self.round != 0
        self.normalize: bool = bool(values["normalize_returns"])
        self.max_score = max_score(self.config.players, self.rounds, rules=self.config.rules)
        self.scale = float(self.max_score) if self.normalize else 1.0
        self.start: Any
        if self.anniversary:
            self.start = _anniversary.one_round_start(self.config, max(self.round, 1))
        else:
            self.start = (
                new_game(self.config) if self.round == 0 else _round_start(self.config, self.round)
            )

    def chance_nodes(self, round: int) -> int:
        dealt = self.config.players * self.config.deal_sizes[round - 1]
        if self.anniversary:  # cards are left in every round: one is turned (rule 28.3)
            return dealt + 1
        return dealt + 1 if dealt < len(DECK) else dealt

    def __deepcopy__(self, memo: object) -> _Spec:
        return self


class WizardGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game; get it with ``pyspiel.load_game("wizard_rules", {...})``.

    :param params: the parameters (see the module's documentation).
    :raises ConfigError: ``invalid_config``: an unknown parameter, a number of
        players other than 3 to 6, a first dealer that is not a seat, a
        round outside ``0`` to the number of rounds, a variant's flag
        (``canadian_rule``, ``hardcore``, ``hidden_bids``,
        ``delayed_reveal``, ``clairvoyance``) that is not a bool, variants
        that cannot be played together (rule 27), a ``schedule`` that is
        not one (or deals a hand larger than 60 / players, or more than one
        card in round 1 under clairvoyance), or ``rewards`` other than
        ``"per_round"`` and ``"terminal"``.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = _Spec(dict(params or {}))
        n = spec.config.players
        # With anniversary cards each play may be declared, and each trick may
        # bring two passes (a Juggler and a Vampire copying it), two bid
        # changes and two Witch swaps: an upper bound.
        extra = (lambda size: n * size + size * (2 * n + 4)) if spec.anniversary else None
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_actions,
            max_chance_outcomes=len(_CARDS) if spec.anniversary else len(DECK),
            num_players=n,
            min_utility=-10.0 * sum(spec.sizes) / spec.scale,
            max_utility=spec.max_score / spec.scale,
            utility_sum=None,
            max_game_length=sum(
                1 + n + n * size + (extra(size) if extra else 0) for size in spec.sizes
            ),
        )
        super().__init__(_TERMINAL_TYPE if spec.terminal else GAME_TYPE, info, spec.params)
        self._spec = spec

    def new_initial_state(self) -> WizardState:
        """The state before the first deal (of the game, or of its one round)."""
        return WizardState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> WizardObserver:
        """An observer of the given observation type (default: the observation)."""
        return WizardObserver(
            self._spec,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


class WizardState(pyspiel.State):  # type: ignore[misc]
    """A state of the OpenSpiel game: a :class:`~wizard_rules.State` and a deal in progress.

    :param game: the game it belongs to (OpenSpiel makes states through
        :meth:`WizardGame.new_initial_state`).
    """

    def __init__(self, game: WizardGame) -> None:
        super().__init__(game)
        self._spec: _Spec = game._spec
        self._state: Any = self._spec.start
        self._dealt: list[int] = []
        self._rewards = [0.0] * self._spec.config.players
        self._moves = 0
        self._deal_start = 0  # the move number of this round's first chance node

    @property
    def wizard_state(self) -> Any:
        """The library's :class:`~wizard_rules.State` (before a deal in progress).

        With anniversary cards, an
        :class:`~wizard_rules.core.anniversary.AnniversaryState`.
        """
        return self._state

    @property
    def dealt(self) -> tuple[Card, ...]:
        """The cards of the deal in progress, in the order drawn."""
        return tuple(_CARDS[i] for i in self._dealt)

    # -- OpenSpiel's API -------------------------------------------------------

    def current_player(self) -> int:
        """The player to act, or OpenSpiel's ``CHANCE`` or ``TERMINAL``."""
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self._state.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        player: int | None = self._state.current_player
        assert player is not None
        return player

    def is_terminal(self) -> bool:
        """Whether the game (or its one round) is over."""
        state = self._state
        return state.is_over or (self._spec.round != 0 and state.round != self._spec.round)

    def _legal_actions(self, player: int) -> list[int]:
        if self._spec.anniversary:
            return sorted(anniversary_action_id(action) for action in legal_actions(self._state))
        return sorted(action_id(action) for action in legal_actions(self._state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card not yet dealt, each with the same probability (none but at a deal).

        With anniversary cards: the cards of the game's deck not yet dealt,
        and when a card is turned up for the Vampire (rule 37.3), the cards
        of the stock.
        """
        if self.is_terminal() or not self._state.is_chance:
            return []
        if self._spec.anniversary:
            left = sorted(self._chance_cards())
        else:
            left = sorted(set(range(len(DECK))) - set(self._dealt))
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    def _apply_action(self, action: int) -> None:
        action = int(action)
        if self.is_terminal():
            raise IllegalActionError(
                ErrorCode.GAME_OVER,
                f"the game is over; no action is legal (got {action})",
            )
        before = self._state.scores
        state = self._state
        if self._spec.anniversary:
            self._state = self._apply_anniversary(state, action)
        elif state.is_chance:
            if _outcome(action) in self._dealt:
                raise InvalidArgumentError(
                    ErrorCode.INVALID_ARGUMENT,
                    f"chance outcome {action} is not a card left to deal",
                )
            self._dealt.append(action)
            if len(self._dealt) == self._spec.chance_nodes(state.round):
                self._state = apply(state, self._deal())
                self._dealt = []
        else:
            actions = legal_actions(state)
            index = next((i for i, a in enumerate(actions) if action_id(a) == action), None)
            if index is None:
                apply(state, to_action(action, state.current_player or 0))  # raises
            self._state = apply_legal(state, index)  # type: ignore[arg-type]
        self._moves += 1
        if self._state.is_chance and not self._dealt:
            self._deal_start = self._moves
        scale = self._spec.scale
        scored = [(b - a) / scale for a, b in zip(before, self._state.scores, strict=True)]
        if state.is_chance:  # OpenSpiel reads rewards at decisions: keep what came before
            self._rewards = [r + s for r, s in zip(self._rewards, scored, strict=True)]
        else:
            self._rewards = scored

    def _deal(self) -> Deal:
        state = self._state
        n = state.config.players
        hands: list[list[Card]] = [[] for _ in range(n)]
        dealt = n * state.deal_size
        for k, index in enumerate(self._dealt[:dealt]):
            hands[seat_after(state.dealer, 1 + k, n)].append(_CARDS[index])
        turned = _CARDS[self._dealt[dealt]] if len(self._dealt) > dealt else None
        if self._spec.anniversary:  # an AnniversaryState checks hands in canonical order
            return Deal([sorted(hand, key=_index) for hand in hands], turned)
        return Deal(hands, turned)

    def _chance_cards(self) -> set[int]:
        """The card indices a chance node may draw in a game with anniversary cards."""
        state = self._state
        if state.phase is AnniversaryPhase.REVEAL:
            return {card.index for card in state.stock}
        return {card.index for card in state.deck.cards} - set(self._dealt)

    def _apply_anniversary(self, state: AnniversaryState, action: int) -> AnniversaryState:
        """The state after ``action`` in a game with anniversary cards (checked, or refused)."""
        if state.is_chance:
            if action not in self._chance_cards():
                raise InvalidArgumentError(
                    ErrorCode.INVALID_ARGUMENT,
                    f"chance outcome {action} is not a card left to "
                    + ("turn up" if state.phase is AnniversaryPhase.REVEAL else "deal"),
                )
            if state.phase is AnniversaryPhase.REVEAL:
                return apply(state, Reveal(_CARDS[action]))
            self._dealt.append(action)
            if len(self._dealt) < self._spec.chance_nodes(state.round):
                return state
            deal = self._deal()
            self._dealt = []
            return apply(state, deal)
        if not 0 <= action < self._spec.num_actions:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"an action id of this game is 0 to {self._spec.num_actions - 1}, not {action}",
            )
        actions = legal_actions(state)
        index = next(
            (i for i, a in enumerate(actions) if anniversary_action_id(a) == action), None
        )
        if index is None:
            apply(state, to_anniversary_action(action, state.current_player or 0))  # raises
        return apply_legal(state, index)  # type: ignore[arg-type]

    def _action_to_string(self, player: int, action: int) -> str:
        if self._spec.anniversary:
            if player == pyspiel.PlayerId.CHANCE:
                if not 0 <= action < len(_CARDS):
                    raise InvalidArgumentError(
                        ErrorCode.INVALID_ARGUMENT,
                        f"chance outcome {action} is not a card: cards are 0 to 68",
                    )
                turn_up = self._state.phase is AnniversaryPhase.REVEAL
                return f"{'turn up' if turn_up else 'deal'} {_CARDS[action]}"
            return str(to_anniversary_action(int(action), player))
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {DECK[_outcome(action)]}"
        return str(to_action(int(action), player))

    def returns(self) -> list[float]:
        """Each player's score so far (divided as ``normalize_returns`` says).

        With terminal rewards (``rewards="terminal"``, or a one-round game)
        it is 0 until the terminal state, as OpenSpiel's ``TERMINAL`` reward
        model requires.
        """
        if self._spec.terminal and not self.is_terminal():
            return [0.0] * self._spec.config.players
        scale = self._spec.scale
        start = self._spec.start.scores
        return [(b - a) / scale for a, b in zip(start, self._state.scores, strict=True)]

    def rewards(self) -> list[float]:
        """What the last move scored for each player (0 but at the end of a round).

        With terminal rewards (``rewards="terminal"``, or a one-round game)
        it is 0 but at the terminal state, where it is :meth:`returns`.
        """
        if self._spec.terminal:
            return self.returns() if self.is_terminal() else [0.0] * self._spec.config.players
        return list(self._rewards)

    def __str__(self) -> str:
        """The full position (every hand) in the notation of rule 1.4, and the deal in progress.

        With anniversary cards, the game in plain words, every hand shown.
        """
        if self._spec.anniversary:
            text = _anniversary.describe(self._state, None)
        else:
            text = position_of(self._state).to_text()
        return f"{text} dealt={','.join(map(str, self.dealt))}" if self._dealt else text

    # -- search -----------------------------------------------------------------

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float] | None = None
    ) -> WizardState:
        """A state ``player_id`` cannot tell from this one, its hidden cards dealt again.

        The hidden cards (other players' hands and the stack, as far as this
        round has dealt them) are shuffled, and each other seat gets as many
        as it holds, never of a suit it showed it lacks (by not following
        it); the rest of the history is kept.  In a blind round
        (clairvoyance, rule 26) the hidden card is the viewer's own, drawn
        from the cards it does not see; the others' are kept.  Bids hidden
        from the viewer (hidden bids, delayed reveal) are drawn again, each
        uniformly from 0 to the hand size.  Every such deal is possible,
        though they are not drawn with exactly equal probabilities.  At the
        end of the game (or of its one round) every card dealt has been
        played in the open, so nothing is hidden: the result is a copy.

        :param player_id: the viewer.
        :param probability_sampler: a source of uniform numbers in ``[0, 1)``
            (OpenSpiel's samplers), which seeds the shuffle; by default
            :mod:`random`.
        :raises InvalidArgumentError: ``player_id`` is not a seat.
        :raises ConfigError: ``invalid_config``: the game has anniversary cards,
            whose secrets (passes, Witch swaps, the Werewolf's card) this
            resampling does not redraw: it is not supported for them.
        """
        if self._spec.anniversary:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                "resample_from_infostate is not supported for a game with anniversary cards "
                "(its passes and Witch swaps are not redrawn)",
            )
        players = self._spec.config.players
        if type(player_id) is not int or not 0 <= player_id < players:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"the viewer must be a seat, 0 to {players - 1}, not {show_value(player_id)}",
            )
        if self.is_terminal():
            return self.clone()  # type: ignore[no-any-return]
        seed = probability_sampler() if probability_sampler is not None else random.random()
        rng = random.Random(seed)
        history = [int(a) for a in self.history()]
        start = self._deal_start
        drawn = history[start : start + self._spec.chance_nodes(self._state.round)]
        redrawn = _redeal(self._state, player_id, drawn, rng)
        # The bids hidden from the viewer (hidden bids, delayed reveal) are drawn
        # again too: any bid of 0 to the hand size (no restriction goes with them).
        secret = set(player_view(self._state, player_id).unseen_bids)
        size = self._state.deal_size
        game = self.get_game()
        state: WizardState = game.new_initial_state()
        for action in history[:start] + redrawn:
            state.apply_action(action)
        for action in history[start + len(drawn) :]:
            seat = state.current_player()
            if seat in secret and state._state.phase is Phase.BID:
                action = action_id(Bid(seat, rng.randint(0, size)))
            state.apply_action(action)
        return state


def _outcome(action: int) -> int:
    """A chance outcome: a card's index, 0 to 59.

    :raises InvalidArgumentError: ``action`` is not one.
    """
    if not 0 <= action < len(DECK):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"chance outcome {action} is not a card left to deal: cards are 0 to 59",
        )
    return action


def _voids(state: State) -> dict[int, set[Suit]]:
    """The suits each seat showed it lacks this round (by not following them)."""
    voids: dict[int, set[Suit]] = {}
    n = state.config.players
    tricks = [(t.leader, t.cards, t.led_suit) for t in state.completed_tricks]
    tricks.append((state.leader, state.current_trick, state.led_suit))
    for leader, cards, led in tricks:
        if led is None:  # only Jesters, or a Wizard led: nothing to follow
            continue
        # (Only Jesters come before the card that decided the led suit.)
        for i, card in enumerate(cards):
            if card.kind is Kind.SUIT and card.suit is not led:
                voids.setdefault(seat_after(leader, i, n), set()).add(led)
    return voids


def _played_by(state: State) -> dict[int, list[int]]:
    played: dict[int, list[int]] = {}
    n = state.config.players
    tricks = [(t.leader, t.cards) for t in state.completed_tricks]
    tricks.append((state.leader, state.current_trick))
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            played.setdefault(seat_after(leader, i, n), []).append(card.index)
    return played


_KINDS: Final = (*Suit, None)  # a card's type for the voids: its suit, or None (Wizard, Jester)


def _kind_of(index: int) -> Suit | None:
    return DECK[index].suit


def _redeal(state: State, viewer: int, drawn: list[int], rng: random.Random) -> list[int]:
    """New chance outcomes for this round: the cards the viewer sees, and the public ones, kept.

    The viewer sees its own cards (as far as dealt), but in a blind round
    (rule 26), where it sees the others' once the deal is done and nothing
    of a deal in progress.
    """
    n = state.config.players
    dealt = n * state.deal_size
    seats = [seat_after(state.dealer, 1 + k, n) for k in range(min(len(drawn), dealt))]
    blind = state.config.rules.visibility.blind(state.round)

    def hidden(seat: int) -> bool:
        if blind:
            return state.is_chance or seat == viewer
        return seat != viewer

    if state.is_chance:  # a deal in progress: nothing played yet
        played: dict[int, list[int]] = {}
        voids: dict[int, set[Suit]] = {}
    else:
        played, voids = _played_by(state), _voids(state)
    known = {i for k, i in enumerate(drawn) if k >= len(seats) or not hidden(seats[k])}
    for cards in played.values():
        known.update(cards)
    need = {s: seats.count(s) - len(played.get(s, [])) for s in set(seats) if hidden(s)}
    pool = [i for i in range(len(DECK)) if i not in known]
    hands = _assign(pool, need, voids, rng)
    for seat, cards in hands.items():
        cards.extend(played.get(seat, []))
        rng.shuffle(cards)
    return [
        drawn[k] if k >= len(seats) or not hidden(seats[k]) else hands[seats[k]].pop()
        for k in range(len(drawn))
    ]


def _assign(
    pool: Sequence[int], need: dict[int, int], voids: dict[int, set[Suit]], rng: random.Random
) -> dict[int, list[int]]:
    """Give each seat ``need[seat]`` cards of ``pool``, none of a suit it lacks.

    Cards are drawn at random, and a draw that would leave the other seats
    unable to get their cards (Hall's condition, over the five kinds of card:
    the four suits, and Wizards and Jesters) is drawn again from the kinds
    left.  The true deal satisfies every constraint, so a deal always exists.
    """
    left = {kind: [i for i in pool if _kind_of(i) is kind] for kind in _KINDS}
    for cards in left.values():
        rng.shuffle(cards)
    allowed = {s: [k for k in _KINDS if k not in voids.get(s, set())] for s in need}
    need = {s: c for s, c in need.items() if c > 0}
    hands: dict[int, list[int]] = {s: [] for s in allowed}
    while need:
        seat = rng.choice(sorted(need))
        kinds = [k for k in allowed[seat] if left[k]]
        while True:
            kind = rng.choices(kinds, weights=[len(left[k]) for k in kinds])[0]
            card = left[kind].pop()
            need[seat] -= 1
            if _feasible(need, allowed, left):
                break
            left[kind].append(card)
            need[seat] += 1
            kinds.remove(kind)
        hands[seat].append(card)
        if not need[seat]:
            del need[seat]
    return hands


def _feasible(
    need: dict[int, int], allowed: dict[int, list[Suit | None]], left: dict[Suit | None, list[int]]
) -> bool:
    seats = [s for s, c in need.items() if c > 0]
    for mask in range(1, 1 << len(seats)):
        chosen = [s for b, s in enumerate(seats) if mask >> b & 1]
        kinds = {k for s in chosen for k in allowed[s]}
        if sum(len(left[k]) for k in kinds) < sum(need[s] for s in chosen):
            return False
    return True


class WizardObserver:
    """OpenSpiel's observer of the game (the ``PyObserver`` interface).

    OpenSpiel makes it through :meth:`WizardGame.make_py_observer`;
    :attr:`tensor` and :attr:`dict` are rewritten by :meth:`set_from`.

    :raises ValueError: observation parameters were given, or the type asks
        for every player's private information (``ALL_PLAYERS``).
    """

    def __init__(self, spec: _Spec, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's cards is not supported")
        self._spec = spec
        self._private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._public = bool(iig_obs_type.public_info)
        self._recall = bool(iig_obs_type.perfect_recall)
        layout: Any = AnniversaryLayout if spec.anniversary else Layout
        self.layout: Final = layout(
            spec.config.players,
            perfect_recall=self._recall,
            private=self._private,
            public=self._public,
            rules=spec.config.rules,
        )
        """The :class:`~wizard_rules.integrations.tensors.Layout` of :attr:`tensor`
        (an :class:`~wizard_rules.integrations.tensors.AnniversaryLayout` with
        anniversary cards)."""
        self.tensor: Final = np.zeros(self.layout.size, dtype=np.float32)
        """The flat tensor, written by :meth:`set_from`."""
        self.dict: Final = self.layout.pieces_of(self.tensor)
        """Each piece of :attr:`tensor`, by name, as a view of its shape."""

    def set_from(self, state: WizardState, player: int) -> None:
        """Write what ``player`` knows of ``state`` into :attr:`tensor`."""
        dealt = [_CARDS[i] for i in _own_dealt(state, player)]
        start = self._spec.start.scores
        if self._spec.anniversary:
            self.layout.encode(
                anniversary_view(state._state, player),
                dealt=dealt,
                over=state.is_terminal(),
                scores=[b - a for a, b in zip(start, state._state.scores, strict=True)],
                out=self.tensor,
            )
            return
        self.layout.encode(
            player_view(state._state, player),
            dealt=dealt,
            over=state.is_terminal(),
            scores=[b - a for a, b in zip(start, state._state.scores, strict=True)],
            out=self.tensor,
        )

    def string_from(self, state: WizardState, player: int) -> str:
        """What ``player`` knows of ``state``, as a string (see the module's documentation)."""
        if self._spec.anniversary:
            return self._anniversary_string(state, player)
        if self._recall:
            return _history_string(state, player, self._private, self._public)
        tokens = [f"p{player}"]
        dealt = _own_dealt(state, player)
        if self._public:
            view = player_view(state._state, player)
            position = position_of(view)
            if not self._private:  # every hand unknown, but those that hold no card
                hidden = [() if hand == () else None for hand in position.hands]
                bids, unseen_bids = _public_bids(view)  # a secret bid is private too
                position = attrs.evolve(position, hands=hidden, bids=bids, unseen_bids=unseen_bids)
            tokens.append(position.to_text())
        elif self._private:
            view = player_view(state._state, player)
            tokens.extend(_private_tokens(view.hands, player, blind=view.hands[player] is None))
            own = view.bids[player]
            if own is not None and _public_bids(view)[0][player] is None:
                tokens.append(f"b{player}={own}")  # a secret bid: the player's own knowledge
        if dealt and self._private:
            tokens.append("dealt=" + _cards_text([DECK[i] for i in sorted(dealt)]))
        if state.is_terminal() and self._spec.round != 0:
            tokens.append("end")
        return " ".join(tokens)

    def _anniversary_string(self, state: WizardState, player: int) -> str:
        dealt = sorted((_CARDS[i] for i in _own_dealt(state, player)), key=_index)
        if self._recall:
            text = _anniversary.history_string(
                state._state,
                player,
                private=self._private,
                public=self._public,
                first_round=self._spec.start.round,
                dealt=dealt,
            )
        else:
            text = _anniversary.observation_string(
                anniversary_view(state._state, player),
                private=self._private,
                public=self._public,
                dealt=dealt,
            )
        if state.is_terminal() and self._spec.round != 0:
            text += " end"
        return text


def _index(card: Card) -> int:
    return card.index


def _cards_text(cards: Sequence[Card]) -> str:
    return ",".join(card.text for card in cards) if cards else "-"


def _private_tokens(
    hands: Sequence[Sequence[Card] | None], player: int, *, blind: bool
) -> list[str]:
    """``hand=<cards>``; in a blind round ``hand=?`` and ``h<seat>=<cards>`` of each other seat."""
    if not blind:
        own = hands[player]
        return ["hand=" + _cards_text(own or ())]
    n = len(hands)
    return ["hand=?"] + [
        f"h{seat}=" + _cards_text(hands[seat] or ())
        for seat in (seat_after(player, k, n) for k in range(1, n))
    ]


def _own_dealt(state: WizardState, player: int) -> list[int]:
    """The cards of the deal in progress dealt to ``player`` so far (none in a blind round)."""
    if state._spec.config.rules.visibility.blind(state._state.round):
        return []  # a blind seat sees none of its own cards (rule 26.2)
    n = state._spec.config.players
    dealer = state._state.dealer
    limit = n * state._state.deal_size
    return [
        i
        for k, i in enumerate(state._dealt)
        if k < limit and seat_after(dealer, 1 + k, n) == player
    ]


def _history_string(state: WizardState, player: int, private: bool, public: bool) -> str:
    """Everything ``player`` has seen since the game's start, in order (see the module's text).

    Built from the history, each token only once the player may see it: a
    secret bid (hidden bids, delayed reveal) is ``b<seat>=?`` but the
    player's own, until the ``bids=`` token that reveals the round's bids
    (when the last bid is made, or with the round's last trick); in a blind
    round (clairvoyance) the deal shows the others' cards, not the player's,
    and the trick that plays itself with the last bid follows it.
    """
    rules = state._spec.config.rules
    n = state._spec.config.players
    secret = rules.bidding.secret
    shown_at_once = type(rules.bidding) is HiddenBids  # else delayed: with the last trick
    tokens = [f"p{player}"]
    round = state._spec.start.round - 1
    bids: dict[int, int] = {}
    plays = size = 0

    def reveal() -> None:
        if public and secret:
            tokens.append("bids=" + ",".join(str(bids[seat]) for seat in range(n)))

    for action in state._state.history:
        if type(action) is Deal:
            round += 1
            bids, plays, size = {}, 0, len(action.hands[0])
            deal = [f"r{round}"]
            if private:
                hands = [tuple(hand) for hand in action.hands]
                deal.extend(_private_tokens(hands, player, blind=rules.visibility.blind(round)))
            if public:
                deal.append("turned=" + (action.turned.text if action.turned else "-"))
            tokens.extend(deal)
        elif type(action) is Bid:
            bids[action.player] = action.tricks
            if not secret:
                if public:
                    tokens.append(_public_token(action))
            elif action.player == player and private:
                tokens.append(_public_token(action))
            elif public:
                tokens.append(f"b{action.player}=?")
            if len(bids) == n:
                if shown_at_once:
                    reveal()
                if rules.visibility.blind(round):  # the trick plays itself (rule 26.3)
                    result = next(r for r in state._state.results if r.round == round)
                    if public:
                        trick = result.tricks[0]
                        tokens.extend(
                            f"{seat_after(trick.leader, i, n)}:{card}"
                            for i, card in enumerate(trick.cards)
                        )
                    if not shown_at_once:
                        reveal()
        elif type(action) is Play:
            plays += 1
            if public:
                tokens.append(_public_token(action))
            if plays == n * size and not shown_at_once:
                reveal()  # the round's last trick (rule 24.2)
        elif public:
            tokens.append(_public_token(action))
    dealt = _own_dealt(state, player)
    if dealt and private:
        tokens.append("dealt=" + _cards_text([DECK[i] for i in sorted(dealt)]))
    return " ".join(tokens)


def _public_token(action: Action) -> str:
    if type(action) is ChooseTrump:
        return f"trump={action.suit}"
    if type(action) is Bid:
        return f"b{action.player}={action.tricks}"
    assert type(action) is Play
    return f"{action.player}:{action.card}"


pyspiel.register_game(GAME_TYPE, WizardGame)
