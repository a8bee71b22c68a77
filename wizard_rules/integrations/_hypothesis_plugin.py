"""Registers :mod:`wizard_rules.integrations.strategies` with Hypothesis (its entry point).

Hypothesis calls :func:`_hypothesis_setup_hook` while it is being imported.
That may happen in the middle of importing :mod:`wizard_rules.integrations.strategies`
itself (which imports Hypothesis), so this module imports nothing of ours at
the top and registers *deferred* strategies, which look the real ones up only
when a test first draws from them.
"""

from __future__ import annotations

import importlib
from typing import Any


def _deferred(name: str) -> Any:
    from hypothesis import strategies as st

    def strategy() -> Any:
        module = importlib.import_module("wizard_rules.integrations.strategies")
        return getattr(module, name)()

    return st.deferred(strategy)


def _hypothesis_setup_hook() -> None:
    """Register the library's strategies for ``st.from_type``."""
    from hypothesis import strategies as st

    from wizard_rules.core.cards import Card
    from wizard_rules.core.config import Config
    from wizard_rules.core.position import Position
    from wizard_rules.core.state import State
    from wizard_rules.core.views import PlayerView
    from wizard_rules.formats.records import GameRecord

    st.register_type_strategy(Card, _deferred("cards"))
    st.register_type_strategy(Config, _deferred("configs"))
    st.register_type_strategy(State, _deferred("states"))
    st.register_type_strategy(PlayerView, _deferred("player_views"))
    st.register_type_strategy(GameRecord, _deferred("game_records"))
    st.register_type_strategy(Position, _deferred("positions"))
