"""The phases of a round: where a game is, and so which kind of action comes next.

A round moves through them in order (rules 2 to 7): a deal, the dealer's
trump choice when a Wizard is turned, bidding, and trick play; after the
last round, the end.  :attr:`State.phase <wizard_rules.State.phase>` and
:attr:`PlayerView.phase <wizard_rules.PlayerView.phase>` say which.
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """Where a game is.  The value is the phase's name in records and views."""

    DEAL = "deal"
    """A chance step: the next action is a :class:`~wizard_rules.Deal`."""
    CHOOSE_TRUMP = "choose_trump"
    """A Wizard was turned: the dealer names the trump suit."""
    BID = "bid"
    """Players bid in turn, starting left of the dealer; the dealer bids last."""
    PLAY = "play"
    """Players play cards to tricks."""
    GAME_OVER = "game_over"
    """The last round has been scored; no action is legal."""
