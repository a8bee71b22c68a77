"""The module paths of wizard-rules 0.1, kept working as aliases until 0.3.0.

Version 0.2.0 sorted the package's modules into packages by role
(:mod:`wizard_rules.core`, :mod:`wizard_rules.formats`, :mod:`wizard_rules.sim`,
:mod:`wizard_rules.agents`, :mod:`wizard_rules.integrations`,
:mod:`wizard_rules.cli`).  Code written for 0.1 imports, say,
``wizard_rules.batch``; pickles written by 0.1 name ``wizard_rules.state``.
Both keep working: :data:`MOVED` maps each old path to its new home, and a
finder on :data:`sys.meta_path` (installed by ``import wizard_rules``) answers
an import of an old path with the new module itself -- the same module
object, so ``wizard_rules.batch.BatchState is wizard_rules.sim.batch.BatchState``
-- after a :class:`DeprecationWarning` that names the new path.

The aliases are for running code; type checkers see the new paths only.
They go in 0.3.0 (see the changelog).
"""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Final

__all__ = ["MOVED", "REMOVED_IN"]

REMOVED_IN: Final = "0.3.0"
"""The release that drops the aliases."""

MOVED: Final[dict[str, str]] = {
    "wizard_rules.actions": "wizard_rules.core.actions",
    "wizard_rules.cards": "wizard_rules.core.cards",
    "wizard_rules.config": "wizard_rules.core.config",
    "wizard_rules.position": "wizard_rules.core.position",
    "wizard_rules.scoring": "wizard_rules.core.scoring",
    "wizard_rules.state": "wizard_rules.core.state",
    "wizard_rules.transitions": "wizard_rules.core.transitions",
    "wizard_rules.trick": "wizard_rules.core.trick",
    "wizard_rules.views": "wizard_rules.core.views",
    "wizard_rules.records": "wizard_rules.formats.records",
    "wizard_rules.random_play": "wizard_rules.sim.random_play",
    "wizard_rules.simulation": "wizard_rules.sim.simulation",
    "wizard_rules.batch": "wizard_rules.sim.batch",
    "wizard_rules.bots": "wizard_rules.agents.bots",
    "wizard_rules.determinization": "wizard_rules.agents.determinization",
    "wizard_rules.arena": "wizard_rules.agents.arena",
    "wizard_rules.play": "wizard_rules.agents.play",
    "wizard_rules.openspiel": "wizard_rules.integrations.openspiel",
    "wizard_rules.pettingzoo": "wizard_rules.integrations.pettingzoo",
    "wizard_rules.tensors": "wizard_rules.integrations.tensors",
    "wizard_rules.strategies": "wizard_rules.integrations.strategies",
    "wizard_rules._hypothesis_plugin": "wizard_rules.integrations._hypothesis_plugin",
}
"""Each module path of 0.1 that moved, and where it lives now."""


class _Alias:
    """Loads an old path by putting the new module in its place in :data:`sys.modules`."""

    @staticmethod
    def create_module(spec: ModuleSpec) -> None:
        """Let the import system make a placeholder module (replaced in :meth:`exec_module`)."""
        return

    @staticmethod
    def exec_module(module: ModuleType) -> None:
        """Replace the placeholder with the module the old path now names."""
        new = MOVED[module.__name__]
        warnings.warn(
            f"{module.__name__} is now {new}; the old path works until wizard-rules {REMOVED_IN}",
            DeprecationWarning,
            stacklevel=2,
        )
        sys.modules[module.__name__] = importlib.import_module(new)


class _Finder:
    """Finds the old paths of :data:`MOVED`, and nothing else."""

    @staticmethod
    def find_spec(
        fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """A spec for an old path (loaded by :class:`_Alias`), ``None`` for any other name."""
        if fullname not in MOVED:
            return None
        return ModuleSpec(fullname, _Alias)  # type: ignore[arg-type]


def install() -> None:
    """Put the finder on :data:`sys.meta_path`, once (last: a real module wins)."""
    if not any(finder is _Finder for finder in sys.meta_path):
        sys.meta_path.append(_Finder)
