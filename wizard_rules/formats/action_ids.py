"""The action ids: one fixed numbering of the actions, shared by batch, OpenSpiel and PettingZoo.

Pure Python (no numpy): :mod:`wizard_rules.sim.batch`,
:mod:`wizard_rules.integrations.openspiel` and
:mod:`wizard_rules.integrations.pettingzoo` all number the actions this way.
The ids are the same for every game and every player count:

=================  ==========================================================
id                 action of the player to act
=================  ==========================================================
``0`` .. ``59``    play the card of that :attr:`Card.index <wizard_rules.Card.index>`
``60`` .. ``80``   bid ``id - 60`` tricks (:data:`FIRST_BID`; up to :data:`MAX_BID`)
``81`` .. ``84``   name trump: Clubs, Diamonds, Hearts, Spades (:data:`FIRST_TRUMP`)
``85``             name "no trump" (:data:`NO_TRUMP`): always refused
=================  ==========================================================

>>> from wizard_rules.formats.action_ids import action_id, to_action
>>> to_action(62, 1)
Bid(player=1, tricks=2)
>>> action_id(to_action(62, 1))
62

A game with anniversary cards numbers its actions in a larger space
(:func:`anniversary_action_id`, :func:`to_anniversary_action`,
:func:`num_actions`): the ids above first, then the new decisions.  Its size
is fixed for a configuration: 4939 with the Witch, 178 without her.

=====================  =========================================================
id                     action of the player to act (anniversary cards)
=====================  =========================================================
``0`` .. ``85``        as above (``0`` .. ``59`` play a card of the 60)
``86`` .. ``94``       play an anniversary card: index ``id - 86 + 60``
                       (Dragon, Fairy, Bomb, Werewolf, Juggler, Cloud,
                       Shapeshifter, Witch, Vampire)
``95`` .. ``99``       the Werewolf names Clubs, Diamonds, Hearts, Spades, no trump
``100`` .. ``105``     declare Clubs, Diamonds, Hearts, Spades, Wizard, Jester
``106`` .. ``174``     pass the card of index ``id - 106`` (0 to 68)
``175``, ``176``       the Cloud's bid change by -1, by +1
``177``                the Witch's player keeps their hand
``178`` .. ``4938``    the Witch's swap: give the card of index ``g``, take the
                       card of index ``t``, ``id = 178 + 69 * g + t``
=====================  =========================================================
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Final

from wizard_rules.core.actions import Bid, ChooseTrump, Play
from wizard_rules.core.cards import ANNIVERSARY_CARDS, DECK, Kind, Suit
from wizard_rules.errors import ErrorCode, InvalidArgumentError

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "FIRST_BID",
    "FIRST_TRUMP",
    "MAX_BID",
    "NO_TRUMP",
    "NUM_ACTIONS",
    "action_id",
    "to_action",
]
# The names of the larger id space (ANNIVERSARY_*, the *_FIRST constants,
# WITCH_KEEP, anniversary_action_id, to_anniversary_action, num_actions) are
# public but kept out of __all__, which the batch engine re-exports whole: it
# plays the standard game's ids only.

FIRST_BID: Final = 60
"""The id of the bid of 0 tricks; the bid of ``n`` tricks is ``FIRST_BID + n``."""
MAX_BID: Final = 20
"""The highest bid the action space holds (the last round of a 3-player game)."""
FIRST_TRUMP: Final = FIRST_BID + MAX_BID + 1
"""The id of naming Clubs trump; Diamonds, Hearts and Spades follow (suit order)."""
NO_TRUMP: Final = FIRST_TRUMP + 4
"""The id of naming "no trump", which the rules always refuse (``no_trump_not_allowed``)."""
NUM_ACTIONS: Final = NO_TRUMP + 1
"""The size of the action space: ids ``0`` to ``NUM_ACTIONS - 1``."""

_SUITS: Final = tuple(Suit)


def to_action(action: int | np.integer[Any], player: int) -> ChooseTrump | Bid | Play:
    """The scalar engine's action for the id ``action`` made by seat ``player``.

    ``action`` is an ``int`` or a NumPy integer scalar (numpy is not needed
    for an ``int``).

    :raises InvalidArgumentError: ``action`` is not an id of the action space.
    :raises InvalidActionError: ``player`` is not an int.
    """
    # A NumPy integer can only exist once numpy is imported: look it up, never import it.
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(action, numpy.integer):
        action = int(action)
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"an action id is an int from 0 to {NUM_ACTIONS - 1}, not {action!r}",
        )
    if action < FIRST_BID:
        return Play(player, DECK[action])
    if action < FIRST_TRUMP:
        return Bid(player, action - FIRST_BID)
    return ChooseTrump(player, None if action == NO_TRUMP else _SUITS[action - FIRST_TRUMP])


def action_id(action: object) -> int:
    """The id of a scalar :class:`~wizard_rules.ChooseTrump`, Bid or Play (its seat dropped).

    :raises InvalidArgumentError: ``action`` is not one of those, or is a
        bid outside ``0`` to :data:`MAX_BID`.
    """
    if type(action) is Play:
        return action.card.index
    if type(action) is Bid and 0 <= action.tricks <= MAX_BID:
        return FIRST_BID + action.tricks
    if type(action) is ChooseTrump:
        return NO_TRUMP if action.suit is None else FIRST_TRUMP + _SUITS.index(action.suit)
    raise InvalidArgumentError(
        ErrorCode.INVALID_ARGUMENT,
        f"no action id for {action!r}: ids stand for trump choices, bids 0 to {MAX_BID} and cards",
    )


# -- the larger id space of a game with anniversary cards (rules 28 to 41) -------------
#
# The standard ids keep their meaning; the anniversary cards' decisions follow
# them.  Kept apart from the standard functions above, which stay as they were.

ANNIVERSARY_FIRST_PLAY: Final = NUM_ACTIONS
"""The id of playing the Dragon (card index 60); the anniversary card of index
``i`` is played with ``ANNIVERSARY_FIRST_PLAY + i - 60`` (ids 86 to 94)."""
WEREWOLF_FIRST: Final = ANNIVERSARY_FIRST_PLAY + 9
"""The Werewolf's holder names Clubs (95); Diamonds, Hearts, Spades follow, then
no trump (99)."""
DECLARE_FIRST: Final = WEREWOLF_FIRST + 5
"""Declaring Clubs (100), Diamonds, Hearts, Spades, then a Wizard (104) and a Jester (105)."""
PASS_FIRST: Final = DECLARE_FIRST + 6
"""Passing the card of index ``i`` (0 to 68) after a Juggler's trick: ``PASS_FIRST + i``
(ids 106 to 174)."""
CHANGE_BID_FIRST: Final = PASS_FIRST + 69
"""The Cloud's bid change down (175, ``by=-1``); up is 176."""
WITCH_KEEP: Final = CHANGE_BID_FIRST + 2
"""The Witch's player keeps their hand (177)."""
WITCH_SWAP_FIRST: Final = WITCH_KEEP + 1
"""The Witch's swap giving card ``g`` and taking card ``t`` (indices 0 to 68):
``WITCH_SWAP_FIRST + 69 * g + t`` (ids 178 to 4938)."""
ANNIVERSARY_NUM_ACTIONS: Final = WITCH_SWAP_FIRST + 69 * 69
"""The size of the larger id space of a game with the Witch (4939)."""
ANNIVERSARY_NUM_ACTIONS_NO_WITCH: Final = WITCH_SWAP_FIRST
"""The size of the larger id space of a game without the Witch (178): the Witch's
ids are the last, so a game without her has no use for them."""

_DECLARED: Final = (*Suit, Kind.WIZARD, Kind.JESTER)
_ALL_CARDS: Final = (*DECK, *ANNIVERSARY_CARDS)


def num_actions(config: object) -> int:
    """The number of distinct action ids of a game of ``config``, fixed for the configuration.

    :data:`NUM_ACTIONS` (86) for every game without anniversary cards;
    :data:`ANNIVERSARY_NUM_ACTIONS` (4939) with the Witch among the cards,
    :data:`ANNIVERSARY_NUM_ACTIONS_NO_WITCH` (178) without her.

    >>> from wizard_rules import Config
    >>> from wizard_rules.core.anniversary import AnniversaryDeck
    >>> from wizard_rules.core.rules import Rules
    >>> from wizard_rules.formats.action_ids import num_actions
    >>> num_actions(Config(players=4))
    86
    >>> num_actions(Config(players=4, rules=Rules(deck=AnniversaryDeck(added=("bomb",)))))
    178

    :raises InvalidArgumentError: ``config`` is not a :class:`~wizard_rules.Config`.
    """
    from wizard_rules.core.anniversary.deck import AnniversaryDeck
    from wizard_rules.core.config import Config

    if type(config) is not Config:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"num_actions needs a Config, not {type(config).__name__}"
        )
    deck = config.rules.deck
    if type(deck) is not AnniversaryDeck:
        return NUM_ACTIONS
    return ANNIVERSARY_NUM_ACTIONS if "witch" in deck.added else ANNIVERSARY_NUM_ACTIONS_NO_WITCH


def anniversary_action_id(action: object) -> int:
    """The id of an action of a game with anniversary cards, in the larger id space.

    The standard actions keep their ids (:func:`action_id`), but for the
    play of an anniversary card (86 to 94); the new decisions follow (the
    table of the how-to, and the constants of this module).

    >>> from wizard_rules import parse_card
    >>> from wizard_rules.core.actions import Play
    >>> from wizard_rules.core.anniversary import WitchSwap
    >>> from wizard_rules.formats.action_ids import anniversary_action_id
    >>> anniversary_action_id(Play(0, parse_card("Dragon")))
    86
    >>> anniversary_action_id(WitchSwap(1, parse_card("J1"), parse_card("J2")))  # 178 + 69*0 + 1
    179

    :raises InvalidArgumentError: ``action`` has no id: a chance step (a deal,
        a card turned up), a bid outside ``0`` to :data:`MAX_BID`, a bid change
        by other than one, or not an action.
    """
    from wizard_rules.core.anniversary.actions import (
        ChangeBid,
        Declare,
        PassCard,
        WerewolfTrump,
        WitchSwap,
    )

    kind = type(action)
    act: Any = action
    if kind is Play and act.card.index >= FIRST_BID:
        return int(ANNIVERSARY_FIRST_PLAY + act.card.index - FIRST_BID)
    if kind is WerewolfTrump:
        return WEREWOLF_FIRST + (4 if act.suit is None else _SUITS.index(act.suit))
    if kind is Declare:
        return DECLARE_FIRST + _DECLARED.index(act.declared)
    if kind is PassCard:
        return int(PASS_FIRST + act.card.index)
    if kind is ChangeBid and act.by in (-1, 1):
        return int(CHANGE_BID_FIRST + (act.by + 1) // 2)
    if kind is WitchSwap:
        if act.give is None:
            return WITCH_KEEP
        return int(WITCH_SWAP_FIRST + 69 * act.give.index + act.take.index)
    if kind in (Play, Bid, ChooseTrump):
        return action_id(action)
    raise InvalidArgumentError(
        ErrorCode.INVALID_ARGUMENT,
        f"no action id for {action!r}: the ids of a game with anniversary cards stand for "
        f"cards played, bids 0 to {MAX_BID}, trump choices, the Werewolf's trump, "
        "declarations, passes, bid changes by one and the Witch's swaps (chance steps have none)",
    )


def to_anniversary_action(action: int | np.integer[Any], player: int) -> Any:
    """The action of a game with anniversary cards for the id ``action`` made by seat ``player``.

    The inverse of :func:`anniversary_action_id` over ids ``0`` to
    ``ANNIVERSARY_NUM_ACTIONS - 1``.

    >>> from wizard_rules.formats.action_ids import to_anniversary_action
    >>> to_anniversary_action(99, 2)
    WerewolfTrump(player=2, suit=None)
    >>> str(to_anniversary_action(176, 1))
    'P1 changes their bid by +1'

    :raises InvalidArgumentError: ``action`` is not an int (or NumPy integer)
        from ``0`` to ``ANNIVERSARY_NUM_ACTIONS - 1``.
    :raises InvalidActionError: ``player`` is not an int.
    """
    from wizard_rules.core.anniversary.actions import (
        ChangeBid,
        Declare,
        PassCard,
        WerewolfTrump,
        WitchSwap,
    )

    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(action, numpy.integer):
        action = int(action)
    if type(action) is not int or not 0 <= action < ANNIVERSARY_NUM_ACTIONS:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "an action id of a game with anniversary cards is an int from 0 to "
            f"{ANNIVERSARY_NUM_ACTIONS - 1}, not {action!r}",
        )
    if action < ANNIVERSARY_FIRST_PLAY:
        return to_action(action, player)
    if action < WEREWOLF_FIRST:
        return Play(player, ANNIVERSARY_CARDS[action - ANNIVERSARY_FIRST_PLAY])
    if action < DECLARE_FIRST:
        k = action - WEREWOLF_FIRST
        return WerewolfTrump(player, None if k == 4 else _SUITS[k])
    if action < PASS_FIRST:
        return Declare(player, _DECLARED[action - DECLARE_FIRST])
    if action < CHANGE_BID_FIRST:
        return PassCard(player, _ALL_CARDS[action - PASS_FIRST])
    if action < WITCH_KEEP:
        return ChangeBid(player, -1 if action == CHANGE_BID_FIRST else 1)
    if action == WITCH_KEEP:
        return WitchSwap(player, None, None)
    give, take = divmod(action - WITCH_SWAP_FIRST, 69)
    return WitchSwap(player, _ALL_CARDS[give], _ALL_CARDS[take])
