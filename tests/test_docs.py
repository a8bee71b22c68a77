"""Every public name has a docstring and a place in the API reference."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import attrs
import pytest
from sphinx.pycode import ModuleAnalyzer

import wizard_rules

ROOT = Path(__file__).resolve().parent.parent
API = (ROOT / "docs" / "api.rst").read_text(encoding="utf-8")


def public_modules() -> list[ModuleType]:
    names = ["wizard_rules"] + [
        info.name
        for info in pkgutil.walk_packages(wizard_rules.__path__, "wizard_rules.")
        # (a private module, or any module of a private package such as core._fast)
        if not any(part.startswith("_") for part in info.name.split("."))
    ]
    return [importlib.import_module(name) for name in names]


def documented_modules() -> dict[str, set[str] | None]:
    """Module -> the members api.rst lists for it (None: all of ``__all__``)."""
    modules: dict[str, set[str] | None] = {}
    for match in re.finditer(
        r"^\.\. automodule:: (\S+)\n((?:   :\S+:.*\n)*)", API, flags=re.MULTILINE
    ):
        options = match.group(2)
        members = re.search(r":members: (.+)", options)
        modules[match.group(1)] = (
            {name.strip() for name in members.group(1).split(",")} if members else None
        )
    return modules


def attribute_docs(module: ModuleType) -> set[str]:
    analyzer = ModuleAnalyzer.for_module(module.__name__)
    return {name for (scope, name) in analyzer.find_attr_docs() if scope == ""}


MODULES = [m for m in public_modules() if m.__name__ != "wizard_rules"]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_public_module_is_in_the_api_reference(module: ModuleType) -> None:
    assert module.__doc__, f"{module.__name__} has no docstring"
    assert module.__name__ in documented_modules(), f"{module.__name__} is not in docs/api.rst"


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_public_name_has_a_docstring_and_is_listed(module: ModuleType) -> None:
    names = getattr(module, "__all__", [])
    listed = documented_modules().get(module.__name__)
    attribute_docstrings = attribute_docs(module)
    for name in names:
        value = getattr(module, name)
        if listed is not None:
            assert name in listed, f"{module.__name__}.{name} is not listed in docs/api.rst"
        if inspect.isclass(value) or inspect.isfunction(value):
            assert inspect.getdoc(value), f"{module.__name__}.{name} has no docstring"
        else:
            assert name in attribute_docstrings, f"{module.__name__}.{name} has no docstring"


def test_every_name_of_the_package_is_documented_where_it_lives() -> None:
    documented = documented_modules()
    for name in wizard_rules.__all__:
        if name == "__version__":
            continue
        value = getattr(wizard_rules, name)
        home = getattr(value, "__module__", None)
        if not (inspect.isclass(value) or inspect.isfunction(value)):
            home = next(m.__name__ for m in MODULES if name in getattr(m, "__all__", []))
        assert home in documented, f"{name} lives in {home}, which api.rst does not document"
        listed = documented[home]
        assert listed is None or name in listed, f"{name} is not listed under {home}"


def public_classes() -> list[type]:
    classes: dict[str, type] = {}
    for module in MODULES:
        for name in getattr(module, "__all__", []):
            value = getattr(module, name)
            if inspect.isclass(value) and value.__module__.startswith("wizard_rules"):
                classes[f"{value.__module__}.{value.__qualname__}"] = value
    return list(classes.values())


@pytest.mark.parametrize("cls", public_classes(), ids=lambda c: c.__qualname__)
def test_public_members_of_public_classes_have_docstrings(cls: type) -> None:
    doc = inspect.getdoc(cls) or ""
    fields = {f.name for f in attrs.fields(cls)} if attrs.has(cls) else set()
    for name, member in vars(cls).items():
        # ("ǁ" marks the copies mutmut adds to a class while mutation testing.)
        if name.startswith("_") or name in fields or "ǁ" in name:
            continue
        if isinstance(member, (property, staticmethod, classmethod)) or inspect.isfunction(member):
            assert inspect.getdoc(getattr(cls, name)), (
                f"{cls.__qualname__}.{name} has no docstring"
            )
    for name in fields:
        if not name.startswith("_"):
            assert re.search(rf":(ivar|param) {name}:", doc), (
                f"{cls.__qualname__}.{name} is not described"
            )


def test_the_lazy_namespace_lists_what_type_checkers_see() -> None:
    # wizard_rules/__init__.py names each public name twice: in the imports
    # type checkers read (under TYPE_CHECKING) and in _HOMES, which the lazy
    # __getattr__ follows at run time.  They must agree, and with __all__.
    tree = ast.parse((ROOT / "wizard_rules" / "__init__.py").read_text(encoding="utf-8"))
    guarded = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    imported = {
        alias.name: node.module.removeprefix("wizard_rules.")
        for node in guarded.body
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }
    homes = vars(wizard_rules)["_HOMES"]
    assert imported == homes
    assert set(wizard_rules.__all__) == {*homes, "__version__"}
    for name, home in homes.items():
        assert getattr(wizard_rules, name) is getattr(
            importlib.import_module(f"wizard_rules.{home}"), name
        )
    assert set(dir(wizard_rules)) >= set(wizard_rules.__all__)
    with pytest.raises(AttributeError, match="no_such_name"):
        getattr(wizard_rules, "no_such_name")  # noqa: B009


def test_importing_the_package_loads_no_module_of_the_engine() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, wizard_rules; "
            "print(sorted(m for m in sys.modules if m.startswith('wizard_rules')))",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    # The package itself, its version, and the finder of the 0.1 module paths.
    assert (
        result.stdout.strip()
        == "['wizard_rules', 'wizard_rules._compat', 'wizard_rules._version']"
    )
