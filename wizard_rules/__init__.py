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

from wizard_rules import _compat
from wizard_rules._version import __version__

if TYPE_CHECKING:
    from wizard_rules.agents.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
    from wizard_rules.core.actions import Action, Bid, ChooseTrump, Deal, Play
    from wizard_rules.core.anniversary.transitions import new_anniversary_game
    from wizard_rules.core.cards import (
        ANNIVERSARY_CARDS,
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
    from wizard_rules.core.chance import random_chance, random_deal
    from wizard_rules.core.config import MAX_PLAYERS, MIN_PLAYERS, Config
    from wizard_rules.core.phase import Phase
    from wizard_rules.core.position import Position, from_position, position_of
    from wizard_rules.core.scoring import RoundResult, round_score
    from wizard_rules.core.state import State, new_game
    from wizard_rules.core.transitions import (
        apply,
        apply_as,
        apply_legal,
        check,
        check_as,
        is_legal,
        legal_actions,
        replay,
    )
    from wizard_rules.core.trick import Trick, led_suit, may_play, winning_position
    from wizard_rules.core.views import PlayerView, player_view
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
    from wizard_rules.formats.records import (
        GameRecord,
        action_from_dict,
        action_to_dict,
        config_from_dict,
        config_to_dict,
        position_from_dict,
        position_to_dict,
        view_to_dict,
    )
    from wizard_rules.sim.random_play import random_action, random_game

_compat.install()  # the module paths of 0.1 (wizard_rules.batch, ...) keep working

__all__ = [
    "ANNIVERSARY_CARDS",
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
    "new_anniversary_game",
    "new_game",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "player_view",
    "position_from_dict",
    "position_of",
    "position_to_dict",
    "random_action",
    "random_chance",
    "random_deal",
    "random_game",
    "replay",
    "round_score",
    "view_to_dict",
    "winning_position",
]

_HOMES: Final[dict[str, str]] = {
    # actions
    "Action": "core.actions",
    "Bid": "core.actions",
    "ChooseTrump": "core.actions",
    "Deal": "core.actions",
    "Play": "core.actions",
    # anniversary cards
    "new_anniversary_game": "core.anniversary.transitions",
    # bots
    "Bot": "agents.bots",
    "HeuristicBot": "agents.bots",
    "ISMCTSBot": "agents.bots",
    "RandomBot": "agents.bots",
    # cards
    "ANNIVERSARY_CARDS": "core.cards",
    "DECK": "core.cards",
    "JESTERS": "core.cards",
    "WIZARDS": "core.cards",
    "Card": "core.cards",
    "Kind": "core.cards",
    "Suit": "core.cards",
    "format_cards": "core.cards",
    "parse_card": "core.cards",
    "parse_cards": "core.cards",
    "parse_suit": "core.cards",
    # chance
    "random_chance": "core.chance",
    "random_deal": "core.chance",
    # config
    "MAX_PLAYERS": "core.config",
    "MIN_PLAYERS": "core.config",
    "Config": "core.config",
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
    "Position": "core.position",
    "from_position": "core.position",
    "position_of": "core.position",
    # random_play
    "random_action": "sim.random_play",
    "random_game": "sim.random_play",
    # records
    "GameRecord": "formats.records",
    "action_from_dict": "formats.records",
    "action_to_dict": "formats.records",
    "config_from_dict": "formats.records",
    "config_to_dict": "formats.records",
    "position_from_dict": "formats.records",
    "position_to_dict": "formats.records",
    "view_to_dict": "formats.records",
    # scoring
    "RoundResult": "core.scoring",
    "round_score": "core.scoring",
    # state
    "Phase": "core.phase",
    "State": "core.state",
    "new_game": "core.state",
    # transitions
    "apply": "core.transitions",
    "apply_as": "core.transitions",
    "apply_legal": "core.transitions",
    "check": "core.transitions",
    "check_as": "core.transitions",
    "is_legal": "core.transitions",
    "legal_actions": "core.transitions",
    "replay": "core.transitions",
    # trick
    "Trick": "core.trick",
    "led_suit": "core.trick",
    "may_play": "core.trick",
    "winning_position": "core.trick",
    # views
    "PlayerView": "core.views",
    "player_view": "core.views",
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
