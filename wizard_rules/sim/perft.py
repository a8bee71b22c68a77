"""Perft: counting the legal play sequences of a given length from a state.

*Perft* (from chess engines) counts the leaves of the game tree to a depth:
:func:`perft` counts the distinct sequences of ``depth`` legal actions from a
:class:`~wizard_rules.State`, expanding each position's
:func:`~wizard_rules.core.transitions.legal_actions` and applying each in
turn.  A chance step (the deal of the next round) or the end of the game ends
a sequence early: it counts as one leaf.  At depth 0 the count is 1 (the
empty sequence); at depth 1 it is the number of legal actions.

:func:`perft_within_budget` counts the same way but expands at most
:data:`PERFT_NODE_BUDGET` positions, and gives ``None`` beyond them: the one
work bound of a perft, for a conformance ``case`` request
(:mod:`wizard_rules.conformance.adapter`) and for ``wizard-rules perft``
alike.  The conformance suite's perft cases (rule 11.10) pin these counts
down.
"""

from __future__ import annotations

from typing import Final

from wizard_rules.core.state import State
from wizard_rules.core.transitions import apply, legal_actions

__all__ = ["PERFT_NODE_BUDGET", "perft", "perft_within_budget"]

PERFT_NODE_BUDGET: Final = 200_000
"""The most positions a ``case`` request's perft may expand (about two seconds' work).

A perft that needs more (depth 12 from the first bid of a long round, say,
would take about a day) is answered with an error instead of a count, so one
request cannot starve the ones after it.  The suite's deepest perft expands
fewer than 5,000.
"""


def perft(state: State, depth: int) -> int:
    """Count the distinct sequences of ``depth`` legal actions from ``state``.

    A chance step (a deal) or the end of the game ends a sequence early: it
    counts as one leaf.  ``perft(state, 0)`` is 1.  ``wizard-rules perft``
    counts with this function, from a position.
    """
    return _perft(state, depth, [-1])


class _OverBudget(Exception):
    """A perft needed more than :data:`PERFT_NODE_BUDGET` positions."""


def _perft(state: State, depth: int, left: list[int]) -> int:
    """:func:`perft`, expanding at most ``left[0]`` positions (no limit when negative)."""
    if depth == 0:
        return 1
    if left[0] == 0:
        raise _OverBudget
    left[0] -= 1
    actions = legal_actions(state)
    if not actions:
        return 1
    if depth == 1:
        return len(actions)
    return sum(_perft(apply(state, action), depth - 1, left) for action in actions)


def perft_within_budget(state: State, depth: int) -> int | None:
    """:func:`perft`, or ``None`` if it needs more than :data:`PERFT_NODE_BUDGET` positions.

    The one work bound of a perft, for a ``case`` request and for
    ``wizard-rules perft`` alike.
    """
    try:
        return _perft(state, depth, [PERFT_NODE_BUDGET])
    except _OverBudget:
        return None
