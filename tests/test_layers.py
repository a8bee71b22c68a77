"""No module of wizard_rules takes a private name from another package.

A name that starts with an underscore is private to its package: the
package's own modules may share it, but no other package may import it
(``from wizard_rules.core.trick import _led_suit``) or reach it through an
imported module (``trick._led_suit``).  The layers themselves (which package
may import which) are import-linter contracts in ``pyproject.toml``, run by
``lint-imports`` in the README's test command; this test keeps the packages'
interfaces public.

A package is a subpackage of ``wizard_rules`` (``core``, ``formats``, ``sim``,
``agents``, ``integrations``, ``conformance``, ``cli``); a module at the top
(``errors``, ``_version``, ``_compat``, ``__main__``) is a package of its own,
and so is ``wizard_rules/__init__.py``, the facade.  A private module at the
top (``wizard_rules._compat``) belongs to the facade that imports it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import wizard_rules

ROOT = Path(wizard_rules.__file__).parent


def _module_name(path: Path) -> str:
    parts = ["wizard_rules", *path.relative_to(ROOT).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package(module: str) -> str:
    """The package a module of wizard_rules belongs to (the facade is ``wizard_rules``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


MODULES: dict[str, Path] = {
    _module_name(path): path
    for path in sorted(ROOT.rglob("*.py"))
    if "cases_data" not in path.parts
}


def _is_module(name: str) -> bool:
    return name in MODULES


def private_names_from_other_packages(module: str, source: str) -> list[tuple[str, str, str]]:
    """Each ``(module, source, name)``: a private ``name`` that ``module`` takes from ``source``.

    ``source`` is the text of ``module``.  Both ``from wizard_rules.X import _name``
    and ``alias._name`` (``alias`` bound to a module of wizard_rules by an
    import, or a dotted ``wizard_rules.X._name``) count when ``X`` is in
    another package than ``module``.
    """
    tree = ast.parse(source)
    own = _package(module)
    found: list[tuple[str, str, str]] = []
    aliases: dict[str, str] = {}  # a local name bound to a module of wizard_rules

    def take(source_module: str, name: str) -> None:
        if _is_private(name) and _package(source_module) != own:
            found.append((module, source_module, name))

    def take_path(dotted: str) -> None:
        # A private module on the way (wizard_rules.core._fast.deals) is a
        # private name of its parent; the top-level names (errors, _version,
        # _compat) are packages of their own.
        parts = dotted.split(".")
        for k in range(2, len(parts)):
            if _is_private(parts[k]):
                take(".".join(parts[:k]), parts[k])
                return

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import, resolved against module's package
                parts = module.split(".")
                is_package = MODULES[module].name == "__init__.py"
                anchor = parts if is_package else parts[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            if base != "wizard_rules" and not base.startswith("wizard_rules."):
                continue
            take_path(base)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                if _is_module(submodule):
                    # A module: the name is the source package's (``from
                    # wizard_rules import _compat`` is the facade's own).
                    aliases[alias.asname or alias.name] = submodule
                take(base, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "wizard_rules" or alias.name.startswith("wizard_rules."):
                    take_path(alias.name)
                    if alias.asname:
                        aliases[alias.asname] = alias.name
                    else:
                        aliases["wizard_rules"] = "wizard_rules"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            dotted = _dotted(node.value, aliases)
            if dotted is not None:
                take(dotted, node.attr)
    return sorted(set(found))


def _dotted(node: ast.expr, aliases: dict[str, str]) -> str | None:
    """The module of wizard_rules that ``node`` names (an alias or a dotted path), else None."""
    if isinstance(node, ast.Name):
        return aliases.get(node.id)
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value, aliases)
        if base is not None and _is_module(f"{base}.{node.attr}"):
            return f"{base}.{node.attr}"
    return None


def test_the_walk_sees_every_package() -> None:
    packages = {_package(module) for module in MODULES}
    assert {"core", "formats", "sim", "agents", "integrations", "conformance", "cli"} <= packages
    assert {"errors", "_version", "_compat", "wizard_rules"} <= packages


def test_no_private_name_from_another_package() -> None:
    found = [
        hit
        for module, path in MODULES.items()
        for hit in private_names_from_other_packages(module, path.read_text(encoding="utf-8"))
    ]
    assert not found, "private names taken from another package:\n" + "\n".join(
        f"{module} <- {source}: {name}" for module, source, name in found
    )


@pytest.mark.parametrize(
    ("module", "source", "expected"),
    [
        # the forms that are refused
        (
            "wizard_rules.agents.bots",
            "from wizard_rules.core.trick import _led_suit, led_suit",
            [("wizard_rules.agents.bots", "wizard_rules.core.trick", "_led_suit")],
        ),
        (
            "wizard_rules.sim.batch",
            "from wizard_rules import errors as e\nx = e._show",
            [("wizard_rules.sim.batch", "wizard_rules.errors", "_show")],
        ),
        (
            "wizard_rules.sim.batch",
            "from wizard_rules.core import cards\nx = cards._SUIT_NAMES",
            [("wizard_rules.sim.batch", "wizard_rules.core.cards", "_SUIT_NAMES")],
        ),
        (
            "wizard_rules.sim.batch",
            "import wizard_rules.core.cards\nx = wizard_rules.core.cards._mask_of",
            [("wizard_rules.sim.batch", "wizard_rules.core.cards", "_mask_of")],
        ),
        (
            "wizard_rules.sim.batch",
            "import wizard_rules.core.cards as c\nx = c._mask_of",
            [("wizard_rules.sim.batch", "wizard_rules.core.cards", "_mask_of")],
        ),
        (
            "wizard_rules.formats.records",
            "def f():\n    from wizard_rules.errors import _show\n",
            [("wizard_rules.formats.records", "wizard_rules.errors", "_show")],
        ),
        (
            "wizard_rules.sim.batch",
            "from ..core.trick import _led_card",
            [("wizard_rules.sim.batch", "wizard_rules.core.trick", "_led_card")],
        ),
        (
            "wizard_rules.sim",
            "from ..integrations import _hypothesis_plugin",
            [("wizard_rules.sim", "wizard_rules.integrations", "_hypothesis_plugin")],
        ),
        (
            "wizard_rules.sim.batch",
            "from wizard_rules.core._fast.deals import unchecked",
            [("wizard_rules.sim.batch", "wizard_rules.core", "_fast")],
        ),
        (
            "wizard_rules.sim.batch",
            "import wizard_rules.core._fast.deals as deals",
            [("wizard_rules.sim.batch", "wizard_rules.core", "_fast")],
        ),
        (
            "wizard_rules.sim.batch",
            "from wizard_rules.core import _fast",
            [("wizard_rules.sim.batch", "wizard_rules.core", "_fast")],
        ),
        # the forms that are allowed
        ("wizard_rules.core.chance", "from wizard_rules.core._fast.deals import unchecked", []),
        ("wizard_rules.sim.simulation", "from wizard_rules._version import __version__", []),
        ("wizard_rules.core.state", "from wizard_rules.core.cards import _mask_of", []),
        ("wizard_rules.core.state", "from .cards import _mask_of", []),
        ("wizard_rules", "from wizard_rules import _compat", []),
        ("wizard_rules", "from wizard_rules._version import __version__", []),
        ("wizard_rules.sim.batch", "import random\nx = random._inst", []),
        ("wizard_rules.sim.batch", "from wizard_rules.core import cards\nx = cards.DECK", []),
        ("wizard_rules.sim.batch", "from typing import _T", []),
    ],
)
def test_what_counts(module: str, source: str, expected: list[tuple[str, str, str]]) -> None:
    assert private_names_from_other_packages(module, source) == expected
