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

from wizard_rules.actions import Action, Bid, ChooseTrump, Deal, Play
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
    RecordError,
    WizardError,
)
from wizard_rules.random_play import random_action, random_deal, random_game
from wizard_rules.records import (
    GameRecord,
    action_from_dict,
    action_to_dict,
    config_from_dict,
    config_to_dict,
    view_to_dict,
)
from wizard_rules.scoring import RoundResult, round_score
from wizard_rules.state import Phase, State, new_game
from wizard_rules.transitions import apply, check, is_legal, legal_actions, replay
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
    "Card",
    "CardTextError",
    "ChooseTrump",
    "Config",
    "ConfigError",
    "Deal",
    "ErrorCode",
    "GameRecord",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "Kind",
    "Phase",
    "Play",
    "PlayerView",
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
    "check",
    "config_from_dict",
    "config_to_dict",
    "format_cards",
    "is_legal",
    "led_suit",
    "legal_actions",
    "may_play",
    "new_game",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "player_view",
    "random_action",
    "random_deal",
    "random_game",
    "replay",
    "round_score",
    "view_to_dict",
    "winning_position",
]
