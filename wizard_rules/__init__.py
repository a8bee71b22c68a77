"""wizard-rules: the reference rules of the trick-taking card game Wizard.

An immutable, fully typed state machine.  A game is a :class:`State`; every
action (:class:`Deal`, :class:`ChooseTrump`, :class:`Bid`, :class:`Play`) gives
a new state through :func:`apply`, and an illegal one raises an
:class:`IllegalActionError` with a stable :class:`ErrorCode`.

>>> import random
>>> from wizard_rules import Config, apply, legal_actions, new_game, random_deal
>>> rng = random.Random(2024)
>>> state = new_game(Config(players=4))
>>> state = apply(state, random_deal(state, rng))   # the chance step
>>> state.phase, state.current_player
(<Phase.BID: 'bid'>, 1)
>>> legal_actions(state)
(Bid(player=1, tricks=0), Bid(player=1, tricks=1))
"""

# The package's namespace is filled lazily (PEP 562): ``import wizard_rules``
# loads no module of the engine until one of its names is used, so that the
# conformance runner and suite, which judge *other* implementations, can be
# imported without this library's rules (see ``wizard_rules.conformance``).
# Type checkers read the imports below; at run time ``__getattr__`` imports
# a name's home module on first use.  ``tests/test_docs.py`` checks that the
# two lists agree.

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from wizard_rules.actions import Action, Bid, ChooseTrump, Deal, Play
    from wizard_rules.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
    from wizard_rules.cards import (
        DECK,
        JESTERS,
        WIZARDS,
        Card,
        Kind,
        Suit,
        format_cards,
        parse_card,
        parse_cards,
        parse_suit,
    )
    from wizard_rules.config import MAX_PLAYERS, MIN_PLAYERS, Config
    from wizard_rules.errors import (
        CardTextError,
        ConfigError,
        ErrorCode,
        IllegalActionError,
        InvalidActionError,
        InvalidArgumentError,
        PositionError,
        RecordError,
        WizardError,
    )
    from wizard_rules.position import Position, from_position, position_of
    from wizard_rules.random_play import random_action, random_deal, random_game
    from wizard_rules.records import (
        GameRecord,
        action_from_dict,
        action_to_dict,
        config_from_dict,
        config_to_dict,
        position_from_dict,
        position_to_dict,
        view_to_dict,
    )
    from wizard_rules.scoring import RoundResult, round_score
    from wizard_rules.state import Phase, State, new_game
    from wizard_rules.transitions import (
        apply,
        apply_as,
        apply_legal,
        check,
        check_as,
        is_legal,
        legal_actions,
        replay,
    )
    from wizard_rules.trick import Trick, led_suit, may_play, winning_position
    from wizard_rules.views import PlayerView, player_view

__version__ = "0.1.0"
"""The library's version (also in ``pyproject.toml``)."""

__all__ = [
    "DECK",
    "JESTERS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "WIZARDS",
    "Action",
    "Bid",
    "Bot",
    "Card",
    "CardTextError",
    "ChooseTrump",
    "Config",
    "ConfigError",
    "Deal",
    "ErrorCode",
    "GameRecord",
    "HeuristicBot",
    "ISMCTSBot",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "Kind",
    "Phase",
    "Play",
    "PlayerView",
    "Position",
    "PositionError",
    "RandomBot",
    "RecordError",
    "RoundResult",
    "State",
    "Suit",
    "Trick",
    "WizardError",
    "__version__",
    "action_from_dict",
    "action_to_dict",
    "apply",
    "apply_as",
    "apply_legal",
    "check",
    "check_as",
    "config_from_dict",
    "config_to_dict",
    "format_cards",
    "from_position",
    "is_legal",
    "led_suit",
    "legal_actions",
    "may_play",
    "new_game",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "player_view",
    "position_from_dict",
    "position_of",
    "position_to_dict",
    "random_action",
    "random_deal",
    "random_game",
    "replay",
    "round_score",
    "view_to_dict",
    "winning_position",
]

_HOMES: Final[dict[str, str]] = {
    # actions
    "Action": "actions",
    "Bid": "actions",
    "ChooseTrump": "actions",
    "Deal": "actions",
    "Play": "actions",
    # bots
    "Bot": "bots",
    "HeuristicBot": "bots",
    "ISMCTSBot": "bots",
    "RandomBot": "bots",
    # cards
    "DECK": "cards",
    "JESTERS": "cards",
    "WIZARDS": "cards",
    "Card": "cards",
    "Kind": "cards",
    "Suit": "cards",
    "format_cards": "cards",
    "parse_card": "cards",
    "parse_cards": "cards",
    "parse_suit": "cards",
    # config
    "MAX_PLAYERS": "config",
    "MIN_PLAYERS": "config",
    "Config": "config",
    # errors
    "CardTextError": "errors",
    "ConfigError": "errors",
    "ErrorCode": "errors",
    "IllegalActionError": "errors",
    "InvalidActionError": "errors",
    "InvalidArgumentError": "errors",
    "PositionError": "errors",
    "RecordError": "errors",
    "WizardError": "errors",
    # position
    "Position": "position",
    "from_position": "position",
    "position_of": "position",
    # random_play
    "random_action": "random_play",
    "random_deal": "random_play",
    "random_game": "random_play",
    # records
    "GameRecord": "records",
    "action_from_dict": "records",
    "action_to_dict": "records",
    "config_from_dict": "records",
    "config_to_dict": "records",
    "position_from_dict": "records",
    "position_to_dict": "records",
    "view_to_dict": "records",
    # scoring
    "RoundResult": "scoring",
    "round_score": "scoring",
    # state
    "Phase": "state",
    "State": "state",
    "new_game": "state",
    # transitions
    "apply": "transitions",
    "apply_as": "transitions",
    "apply_legal": "transitions",
    "check": "transitions",
    "check_as": "transitions",
    "is_legal": "transitions",
    "legal_actions": "transitions",
    "replay": "transitions",
    # trick
    "Trick": "trick",
    "led_suit": "trick",
    "may_play": "trick",
    "winning_position": "trick",
    # views
    "PlayerView": "views",
    "player_view": "views",
}

"""Each public name of the package and the module (of ``wizard_rules``) it lives in."""


def __getattr__(name: str) -> Any:
    """Import a public name from its home module on first use (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'wizard_rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"wizard_rules.{home}"), name)
    globals()[name] = value  # later lookups find it without this function
    return value


def __dir__() -> list[str]:
    """The package's names, loaded or not."""
    return sorted({*globals(), *_HOMES})
