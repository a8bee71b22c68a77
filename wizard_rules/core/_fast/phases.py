"""The phases as module constants, for the hot paths: a speed trick.

A module global is read faster than an Enum member (``Phase.PLAY``, an
attribute of the class), and the transitions test the phase on every step
(see docs/speed.rst).  Code that runs once a round spells ``Phase.DEAL``
out.
"""

from __future__ import annotations

from typing import Final

from wizard_rules.core.phase import Phase

_DEAL: Final = Phase.DEAL
_CHOOSE_TRUMP: Final = Phase.CHOOSE_TRUMP
_BID: Final = Phase.BID
_PLAY: Final = Phase.PLAY
_GAME_OVER: Final = Phase.GAME_OVER
