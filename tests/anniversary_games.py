"""Random games with anniversary cards, for the property tests (secrets, invariants).

A game is played by :func:`step`: the chance steps from
:func:`~wizard_rules.random_chance`, each decision uniformly among
:func:`~wizard_rules.legal_actions`, all from one ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from wizard_rules import Config, apply, legal_actions, new_anniversary_game, random_chance
from wizard_rules.core.anniversary.state import AnniversaryState


def step(state: AnniversaryState, rng: random.Random) -> Any:
    """A random next action of ``state``: a chance outcome, or a legal action."""
    if state.is_chance:
        return random_chance(state, rng)
    actions = legal_actions(state)
    return actions[rng.randrange(len(actions))]


def states_of(config: Config, rng: random.Random) -> Iterator[tuple[AnniversaryState, Any]]:
    """Every state of a random game of ``config`` with the action played in it, to the end."""
    state = new_anniversary_game(config)
    while not state.is_over:
        action = step(state, rng)
        yield state, action
        state = apply(state, action)


def play_to(
    config: Config,
    rng: random.Random,
    stop: Callable[[AnniversaryState], bool],
) -> AnniversaryState:
    """A random game of ``config`` played until ``stop`` says so, or to its end."""
    state = new_anniversary_game(config)
    while not state.is_over and not stop(state):
        state = apply(state, step(state, rng))
    return state


def cards_named(action: object) -> tuple[Any, ...]:
    """The cards an action names: a card played, passed, turned up, given or taken."""
    found = []
    for name in ("card", "give", "take"):
        value = getattr(action, name, None)
        if value is not None:
            found.append(value)
    return tuple(found)
