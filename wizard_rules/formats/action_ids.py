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
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Final

from wizard_rules.core.actions import Bid, ChooseTrump, Play
from wizard_rules.core.cards import DECK, Suit
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
