"""Every public name has a docstring and a place in the API reference.

The API reference is docs/api.rst, the index, and one page per package and
module under docs/api/.  Also checked here: what the docs extension shows as
a class's signature, the rulings page against the rulings, and that the
``docs`` extra installs what autodoc imports.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path
from types import ModuleType

import attrs
import pytest
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.inspect import stringify_signature

import wizard_rules

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
API_PAGES = [DOCS / "api.rst", *sorted((DOCS / "api").glob("*.rst"))]
API = "\n".join(page.read_text(encoding="utf-8") for page in API_PAGES)

# The docs' own Sphinx extension (docs/_ext/wizard_docs.py), imported as conf.py does.
sys.path.insert(0, str(DOCS / "_ext"))
wizard_docs = importlib.import_module("wizard_docs")


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
    assert module.__name__ in documented_modules(), (
        f"{module.__name__} is not in the API reference"
    )


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_public_module_has_a_page_of_its_own(module: ModuleType) -> None:
    page = DOCS / "api" / f"{module.__name__.removeprefix('wizard_rules.')}.rst"
    assert page.exists(), f"{module.__name__} has no page {page.relative_to(ROOT)}"
    text = page.read_text(encoding="utf-8")
    assert re.findall(r"^\.\. automodule:: (\S+)", text, flags=re.MULTILINE) == [module.__name__]
    index = (DOCS / "api.rst").read_text(encoding="utf-8")
    assert "automodule" not in index, "docs/api.rst is the index: the modules have pages"


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_public_name_has_a_docstring_and_is_listed(module: ModuleType) -> None:
    names = getattr(module, "__all__", [])
    listed = documented_modules().get(module.__name__)
    attribute_docstrings = attribute_docs(module)
    for name in names:
        value = getattr(module, name)
        if listed is not None:
            assert name in listed, f"{module.__name__}.{name} is not listed in the API reference"
        if inspect.isclass(value) or inspect.isfunction(value):
            assert inspect.getdoc(value), f"{module.__name__}.{name} has no docstring"
        else:
            # A constant a package re-exports (wizard_rules.core.anniversary's
            # CARD_NAMES) has its docstring in the module that defines it.
            defined_in = [
                other
                for other in MODULES
                if other is not module and getattr(other, name, None) is value
            ]
            assert name in attribute_docstrings or any(
                name in attribute_docs(other) for other in defined_in
            ), f"{module.__name__}.{name} has no docstring"


def test_every_name_of_the_package_is_documented_where_it_lives() -> None:
    documented = documented_modules()
    for name in wizard_rules.__all__:
        if name == "__version__":
            continue
        value = getattr(wizard_rules, name)
        home = getattr(value, "__module__", None)
        if not (inspect.isclass(value) or inspect.isfunction(value)):
            home = next(m.__name__ for m in MODULES if name in getattr(m, "__all__", []))
        assert home in documented, f"{name} lives in {home}, which the API does not document"
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


# -- signatures ---------------------------------------------------------------------------


def autodoc_signature(cls: type) -> str | None:
    """A class's signature as autodoc finds it (as conf.py says: no annotations)."""
    try:
        signature = inspect.signature(cls)
    except ValueError:  # (an exception class: no signature, shown as none)
        return None
    return stringify_signature(signature, show_annotation=False, show_return_annotation=False)


@pytest.mark.parametrize("cls", public_classes(), ids=lambda c: c.__qualname__)
def test_no_class_shows_a_signature_of_args_and_kwargs(cls: type) -> None:
    # autodoc reads "(*args, **kwargs)" from a constructor that refuses every
    # call, and from a protocol; the docs show those with no signature.
    found = autodoc_signature(cls)
    shown = wizard_docs.shown_signature(cls, found)
    if found == "(*args, **kwargs)":
        assert shown == "", cls
    else:
        assert shown is None, cls  # autodoc's own


def test_the_classes_with_no_public_constructor_show_no_signature() -> None:
    from wizard_rules import Bot, Card, PlayerView, State, Trick
    from wizard_rules.core.rules import BidRestriction

    for cls in (Card, State, Trick, PlayerView, Bot, BidRestriction):
        assert autodoc_signature(cls) == "(*args, **kwargs)"
        assert wizard_docs.shown_signature(cls, "(*args, **kwargs)") == ""

    # A class whose (*args, **kwargs) constructor works keeps its signature.
    class Anything:
        def __init__(self, *args: object, **kwargs: object) -> None:
            pass

    assert wizard_docs.shown_signature(Anything, "(*args, **kwargs)") is None


def test_a_class_built_on_a_mocked_class_shows_its_own_signature() -> None:
    # As wizard_rules.integrations.openspiel's classes are, where autodoc
    # mocks pyspiel: the mock's (*args, **kwargs) gives way to __init__'s.
    mock = importlib.import_module("sphinx.ext.autodoc.mock").mock

    with mock(["not_installed"]):
        import not_installed  # type: ignore[import-not-found]

        class Game(not_installed.Game):  # type: ignore[misc]
            def __init__(self, params: dict[str, int] | None = None) -> None:
                pass

        class Sub(Game):
            pass

    assert wizard_docs.shown_signature(Game, "(*args, **kwargs)") == "(params=None)"
    assert wizard_docs.shown_signature(Sub, "(*args, **kwargs)") == "(params=None)"
    assert (
        wizard_docs.shown_signature(Game, "(*args, **kwargs)", annotations=True)
        == "(params: dict[str, int] | None = None)"
    )
    with mock(["not_installed"]):
        import not_installed

        class Bare(not_installed.Game):  # type: ignore[misc]
            pass

    assert wizard_docs.shown_signature(Bare, "(*args, **kwargs)") is None


# -- the doctest builder where a module is mocked -----------------------------------------


def test_the_imports_of_an_example_are_found() -> None:
    code = (
        ">>> import random, numpy as np\n"
        ">>> from wizard_rules.integrations.openspiel import WizardGame\n"
        "...     import pyspiel\n"
        "print('import nothing')\n"
        "    from open_spiel.python import rl_environment\n"
    )
    assert list(wizard_docs.imported_modules(code)) == [
        "random",
        "numpy",
        "wizard_rules.integrations.openspiel",
        "pyspiel",
        "open_spiel.python",
    ]


def test_a_page_needs_a_mock_when_it_imports_one_or_a_module_built_on_one() -> None:
    mocked = ("pyspiel", "open_spiel")
    assert wizard_docs.needs_a_mock("pyspiel", mocked)
    assert wizard_docs.needs_a_mock("open_spiel.python.algorithms", mocked)
    assert not wizard_docs.needs_a_mock("numpy", mocked)
    assert not wizard_docs.needs_a_mock("random", mocked)
    assert not wizard_docs.needs_a_mock("wizard_rules.core.cards", mocked)
    # Where OpenSpiel is installed nothing is mocked: the real module uses no mock.
    assert not wizard_docs.needs_a_mock("wizard_rules.integrations.openspiel", mocked)
    # A module of the library that cannot be imported needs what it lacks.
    assert wizard_docs.needs_a_mock("wizard_rules.no_such_module", mocked)


# -- the rulings page ---------------------------------------------------------------------

RULINGS_COPY = DOCS / "sources" / "rulings.md"
SHARED_RULINGS = ROOT.parent / "shared" / "rulings.md"


def taken_rulings() -> set[str]:
    """The ``:ruling:`` of every rule of docs/rules.rst (a number, or ``options``)."""
    text = (DOCS / "rules.rst").read_text(encoding="utf-8")
    return set(re.findall(r"^   :ruling: (\S+)$", text, flags=re.MULTILINE))


def test_the_docs_copy_of_the_rulings_has_every_ruling_the_rules_take() -> None:
    copy = RULINGS_COPY.read_text(encoding="utf-8")
    titles = wizard_docs.ruling_titles(copy)
    # Counted by hand in shared/rulings.md: the base game's 11 rulings.
    assert list(titles) == [str(n) for n in range(1, 12)]
    assert titles["7"] == "The led suit"
    taken = taken_rulings()
    assert {"1", "7", "11", "options"} <= taken
    assert taken - {"options"} <= set(titles)
    assert re.search(r"^## Options\b", copy, flags=re.MULTILINE)  # ruling-options


def test_the_rulings_page_shows_the_copy_under_its_own_title() -> None:
    page = (DOCS / "rulings.md").read_text(encoding="utf-8")
    copy = RULINGS_COPY.read_text(encoding="utf-8")
    assert page.splitlines()[0] == copy.splitlines()[0]
    assert "```{include} sources/rulings.md\n:start-line: 1\n```" in page
    assert "shared/rulings.md" in page
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    assert "\n   rulings\n" in index


@pytest.mark.skipif(not SHARED_RULINGS.exists(), reason="no ../shared/rulings.md beside the repo")
def test_the_docs_copy_of_the_rulings_says_what_shared_rulings_says() -> None:
    assert RULINGS_COPY.read_text(encoding="utf-8") == SHARED_RULINGS.read_text(encoding="utf-8")


# -- the docs extra -----------------------------------------------------------------------


def extra_requirements(extra: str) -> set[str]:
    """The distributions ``pip install '.[extra]'`` asks for (normal names), extras expanded."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]

    def names(requirements: list[str]) -> set[str]:
        found: set[str] = set()
        for requirement in requirements:
            name = re.match(r"[A-Za-z0-9._-]+", requirement)
            assert name is not None, requirement
            normal = re.sub(r"[-_.]+", "-", name.group(0)).lower()
            if normal == "wizard-rules":
                extras = re.search(r"\[(.*?)\]", requirement)
                assert extras is not None, requirement
                for other in extras.group(1).split(","):
                    found |= names(project["optional-dependencies"][other.strip()])
            else:
                found.add(normal)
        return found

    return names(project["dependencies"]) | names(project["optional-dependencies"][extra])


def imported_at_import(module: ModuleType) -> set[str]:
    """The top-level names of the modules ``module`` imports when it is imported.

    What its body imports, inside ``try`` and ``if`` too (not under
    ``if TYPE_CHECKING:``, nor in functions, which run later).
    """
    assert module.__file__ is not None
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    found: set[str] = set()
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.If) and ast.unparse(node.test) != "TYPE_CHECKING":
            pending += node.body + node.orelse
        elif isinstance(node, ast.Try):
            pending += node.body + node.orelse + node.finalbody
            for handler in node.handlers:
                pending += handler.body
    return found


def test_the_docs_extra_installs_what_autodoc_imports() -> None:
    # A venv with the docs extra alone builds the docs (sphinx-build -W -n):
    # every module the API reference documents imports, for real, what that
    # extra installs, or what docs/conf.py mocks when it is missing.
    conf = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    mocked = next(
        ast.literal_eval(node.value)
        for node in conf.body
        if isinstance(node, ast.Assign)
        and [ast.unparse(target) for target in node.targets] == ["mocked_if_missing"]
    )
    assert set(mocked) == {"pyspiel", "open_spiel", "jax"}
    installed = extra_requirements("docs")
    assert {"sphinx", "numpy", "hypothesis", "gymnasium", "pettingzoo"} <= installed
    assert "open-spiel" not in installed
    assert "jax" not in installed  # (the JAX engine's page is built on the mock)
    distributions = packages_distributions()
    for name in documented_modules():
        module = importlib.import_module(name)
        for imported in imported_at_import(module) - {"wizard_rules", "__future__"}:
            if imported in sys.stdlib_module_names or imported in mocked:
                continue
            homes = {re.sub(r"[-_.]+", "-", d).lower() for d in distributions.get(imported, [])}
            assert homes & installed, f"{name} imports {imported}, which the docs extra lacks"
