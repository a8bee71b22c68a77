"""The anniversary cards: Dragon, Fairy, Bomb, Werewolf, Juggler, Cloud, Shapeshifter, Witch...

The 20-, 25- and 30-year editions of Wizard add nine cards to the 60
(rules 28 to 41 of the specification).  A game with some of them is played
by a configuration whose deck is an :class:`AnniversaryDeck`::

    >>> from wizard_rules import Config, new_anniversary_game
    >>> from wizard_rules.core.anniversary import AnniversaryDeck, Readings
    >>> from wizard_rules.core.rules import Rules
    >>> readings = Readings(bomb_leader="highest_card")
    >>> deck = AnniversaryDeck(added=("dragon", "fairy"), readings=readings)
    >>> state = new_anniversary_game(Config(players=4, rules=Rules(deck=deck)))
    >>> len(deck.cards), state.config.rounds
    (62, 15)

and moved on with the same functions as the standard game
(:func:`~wizard_rules.apply`, :func:`~wizard_rules.legal_actions`,
:func:`~wizard_rules.player_view`, ...).  The points the sources leave open
are readings the configuration chooses (:class:`Readings`).

The room's modules, one idea each:

- :mod:`~wizard_rules.core.anniversary.readings` -- the disputed points and their values;
- :mod:`~wizard_rules.core.anniversary.deck` -- the deck piece: the cards added, the readings;
- :mod:`~wizard_rules.core.anniversary.actions` -- the new decisions as frozen records;
- :mod:`~wizard_rules.core.anniversary.faces` -- the trick: what each card counts as, who wins;
- :mod:`~wizard_rules.core.anniversary.state` -- the state, its phases, tricks and results;
- :mod:`~wizard_rules.core.anniversary.transitions` -- legal actions, checks, the next state;
- :mod:`~wizard_rules.core.anniversary.views` -- what each seat may know.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final

from wizard_rules.core.anniversary.deck import CARD_NAMES, EDITIONS, AnniversaryDeck
from wizard_rules.core.anniversary.readings import READINGS, Reading, Readings

if TYPE_CHECKING:
    from wizard_rules.core.anniversary.actions import (
        ChangeBid,
        Declare,
        PassCard,
        Reveal,
        WerewolfTrump,
        WitchSwap,
    )
    from wizard_rules.core.anniversary.state import AnniversaryPhase, AnniversaryState
    from wizard_rules.core.anniversary.views import AnniversaryView

__all__ = [
    "CARD_NAMES",
    "EDITIONS",
    "READINGS",
    "AnniversaryDeck",
    "AnniversaryPhase",
    "AnniversaryState",
    "AnniversaryView",
    "ChangeBid",
    "Declare",
    "PassCard",
    "Reading",
    "Readings",
    "Reveal",
    "WerewolfTrump",
    "WitchSwap",
]

# The deck and the readings are imported at once (the rules' deck piece
# needs them); the engine's modules when a name of theirs is first used, as
# the package's own namespace does, so that the standard game loads none of them.
_LAZY: Final = {
    "ChangeBid": "actions",
    "Declare": "actions",
    "PassCard": "actions",
    "Reveal": "actions",
    "WerewolfTrump": "actions",
    "WitchSwap": "actions",
    "AnniversaryPhase": "state",
    "AnniversaryState": "state",
    "AnniversaryView": "views",
}


def __getattr__(name: str) -> Any:
    """Import a name of the engine's modules on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
