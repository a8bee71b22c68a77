"""Chance and random play: seeded deals and uniformly random legal actions.

Randomness always comes from a :class:`random.Random` the caller passes, never
from the :mod:`random` module's global generator, so the same seed gives the
same game on every run and machine.

>>> import random
>>> from wizard_rules import Config, random_game
>>> final = random_game(Config(players=3), random.Random(7))
>>> final.is_over, len(final.results)
(True, 20)
>>> final == random_game(Config(players=3), random.Random(7))
True

A configuration whose deck holds anniversary cards (rule 28) is played the
same way by :func:`random_anniversary_game`, its chance steps (a deal, or
the stock card turned up for the Vampire) drawn with
:func:`~wizard_rules.random_chance`:

>>> from wizard_rules.core.anniversary import AnniversaryDeck
>>> from wizard_rules.core.rules import Rules
>>> from wizard_rules.sim.random_play import random_anniversary_game
>>> config = Config(players=4, rules=Rules(deck=AnniversaryDeck(added=("bomb", "cloud"))))
>>> final = random_anniversary_game(config, random.Random(7))
>>> type(final).__name__, final.is_over
('AnniversaryState', True)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, overload

from wizard_rules.core.actions import Action
from wizard_rules.core.anniversary.deck import AnniversaryDeck
from wizard_rules.core.chance import random_chance, require_rng
from wizard_rules.core.chance import random_deal as random_deal  # its home before 0.2
from wizard_rules.core.config import Config
from wizard_rules.core.state import Phase, State, new_game, not_a_state
from wizard_rules.core.transitions import (
    apply,
    apply_legal,
    legal_actions,
    out_of_phase,
)
from wizard_rules.errors import ErrorCode, IllegalActionError, InvalidArgumentError

if TYPE_CHECKING:
    from wizard_rules.core.anniversary.state import AnniversaryState

__all__ = [
    "any_random_game",
    "random_action",
    "random_anniversary_game",
    "random_game",
    "round_deal_rng",
]

_DEAL: Final = Phase.DEAL
_GAME_OVER: Final = Phase.GAME_OVER


def round_deal_rng(key: object, round_number: int) -> random.Random:
    """Return the generator that deals round ``round_number`` of the game keyed ``key``.

    ``random.Random(f"{key}:deal:{round_number}")``: seeded from the key and
    the round alone, so that a round's deal is the same whoever sits where
    and whatever was played before.  The arena's duplicate games and the
    terminal game (:func:`wizard_rules.agents.play.deal_rng`) deal this way,
    with :func:`random_deal`.

    >>> from wizard_rules import Config, new_game, random_deal
    >>> from wizard_rules.sim.random_play import round_deal_rng
    >>> state = new_game(Config(players=3))
    >>> random_deal(state, round_deal_rng(9, 1)) == random_deal(state, round_deal_rng(9, 1))
    True
    """
    return random.Random(f"{key}:deal:{round_number}")


@overload
def random_action(state: State, rng: random.Random) -> Action: ...
@overload
def random_action(state: AnniversaryState, rng: random.Random) -> Any: ...
def random_action(state: State | AnniversaryState, rng: random.Random) -> Any:
    """Return a random next action.

    At a chance step that is a :func:`random_deal` (in a game with
    anniversary cards, :func:`~wizard_rules.random_chance`: a deal, or the
    stock card turned up for the Vampire); otherwise a uniformly random
    choice among :func:`~wizard_rules.legal_actions`.

    :raises IllegalActionError: the game is over (``game_over``).
    :raises InvalidArgumentError: ``state`` or ``rng`` has the wrong type.
    """
    if type(state) is not State:
        return _anniversary_action(state, rng)
    if state.phase is _DEAL:
        return random_deal(state, rng)
    require_rng(rng)
    actions = legal_actions(state)
    if not actions:
        raise out_of_phase(state, "a random action")
    return actions[rng.randrange(len(actions))]


def _anniversary_action(state: object, rng: random.Random) -> Any:
    """:func:`random_action` for a game with anniversary cards (else refuse ``state``)."""
    from wizard_rules.core.anniversary.state import AnniversaryState

    if type(state) is not AnniversaryState:
        raise not_a_state(state)
    require_rng(rng)
    if state.is_chance:
        return random_chance(state, rng)
    actions = legal_actions(state)
    if not actions:
        raise IllegalActionError(ErrorCode.GAME_OVER, "the game is over; no action is legal")
    return actions[rng.randrange(len(actions))]


def random_game(config: Config, rng: random.Random) -> State:
    """Play a whole game with :func:`random_action` and return the final state.

    The decisions take the fast path (:func:`~wizard_rules.apply_legal`): a
    random index into the legal actions, drawn exactly as
    :func:`random_action` draws it, so the game is the one
    :func:`random_action` and :func:`~wizard_rules.apply` would play.  A
    game with anniversary cards is :func:`random_anniversary_game`'s.

    :raises InvalidArgumentError: ``config``'s deck holds anniversary cards
        (or ``config`` or ``rng`` has the wrong type).
    """
    if type(config) is Config and type(config.rules.deck) is AnniversaryDeck:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "this configuration's deck holds anniversary cards: play its game with "
            "random_anniversary_game(config, rng)",
        )
    state = new_game(config)
    require_rng(rng)
    while state.phase is not _GAME_OVER:
        if state.phase is _DEAL:
            state = apply(state, random_deal(state, rng))
        else:
            state = apply_legal(state, rng.randrange(len(legal_actions(state))))
    return state


def random_anniversary_game(config: Config, rng: random.Random) -> AnniversaryState:
    """Play a whole game with anniversary cards at random, as :func:`random_game` plays one.

    Every chance step (a deal, or the stock card turned up for the
    Vampire) is :func:`~wizard_rules.random_chance`'s.

    >>> import random
    >>> from wizard_rules import Config
    >>> from wizard_rules.core.anniversary import AnniversaryDeck
    >>> from wizard_rules.core.rules import Rules
    >>> from wizard_rules.sim.random_play import random_anniversary_game
    >>> config = Config(players=5, rules=Rules(deck=AnniversaryDeck(added=("bomb", "cloud"))))
    >>> final = random_anniversary_game(config, random.Random(1))
    >>> final.is_over, len(final.results)
    (True, 12)

    :raises InvalidArgumentError: ``config``'s deck holds no anniversary
        cards (or ``rng`` is not a :class:`random.Random`).
    """
    return _anniversary_game(config, rng)


def any_random_game(config: Config, rng: random.Random) -> State | AnniversaryState:
    """:func:`random_game` or :func:`random_anniversary_game`, as ``config``'s deck says.

    For code that plays either kind of game (the command line, the
    simulation module) and reads only what both final states have.
    """
    if type(config) is Config and type(config.rules.deck) is AnniversaryDeck:
        return _anniversary_game(config, rng)
    return random_game(config, rng)


def _anniversary_game(config: Config, rng: random.Random) -> AnniversaryState:
    """:func:`random_game` for a configuration with anniversary cards."""
    from wizard_rules.core.anniversary.transitions import new_anniversary_game

    state = new_anniversary_game(config)
    require_rng(rng)
    while not state.is_over:
        if state.is_chance:
            state = apply(state, random_chance(state, rng))
        else:
            state = apply_legal(state, rng.randrange(len(legal_actions(state))))
    return state
