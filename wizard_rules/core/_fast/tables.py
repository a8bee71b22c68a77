"""Tables and the one-slot cache of legal actions, for the hot paths: speed tricks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from wizard_rules.core._fast.deals import _HAND_BITS
from wizard_rules.core._fast.layout import _NOTHING
from wizard_rules.core.actions import _PLAYS, Action, Play
from wizard_rules.core.cards import DECK, _byte_tables, _Tables
from wizard_rules.core.config import MAX_PLAYERS

if TYPE_CHECKING:
    from wizard_rules.core.state import State


_SEAT_BITS: Final = tuple(
    tuple(card.mask << _HAND_BITS * seat for card in DECK) for seat in range(MAX_PLAYERS)
)
"""``_SEAT_BITS[seat][card.index]``: the card's bit in :attr:`State.packed_hands
<wizard_rules.State.packed_hands>` (playing a card is one XOR)."""


def _never(state: State, action: Action) -> State:  # pragma: no cover - never called
    raise AssertionError("no transition: there was no legal action")


_last_legal: Final[list[tuple[object, tuple[Action, ...], Callable[[State, Any], State]]]] = [
    (_NOTHING, (), _never)
]
"""``[(state, actions, transition)]``: the last list legal_actions returned,
with its state and the transition of its kind of action (internal).

apply_legal reuses them when it is asked about that very state.  Compared by
identity; one triple in one list slot (cheaper to replace than a module
global), replaced at once, so that threads see either the old triple or the
new.  It starts with a sentinel that no argument can be."""


_PLAY_TABLES: Final[list[_Tables[Play] | None]] = [None] * MAX_PLAYERS
"""``_PLAY_TABLES[seat]``: the byte tables of ``_PLAYS[seat]``, built on first use."""


def _play_tables(player: int) -> _Tables[Play]:
    """The byte tables of the interned plays of ``player``, built once."""
    tables = _PLAY_TABLES[player] = _byte_tables(_PLAYS[player])
    return tables
