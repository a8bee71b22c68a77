"""What 0.1 code and data keep doing in 0.2: the old module paths, and pickles written by 0.1.

``tests/data/pickles-0.1.0.pickle`` was written by wizard-rules 0.1.0 (the
flat package) with ``tools/make_compat_pickles.py``; the objects it holds
are built here again, from the same public calls and seeds, and must come
back equal.
"""

from __future__ import annotations

import importlib
import pickle
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import wizard_rules
from wizard_rules._compat import MOVED, REMOVED_IN

ROOT = Path(__file__).resolve().parent.parent
PICKLES = ROOT / "tests" / "data" / "pickles-0.1.0.pickle"
from tools.make_compat_pickles import objects  # noqa: E402 - the objects 0.1 pickled

from .fields import assert_same_state  # noqa: E402 - after the path is set


def fresh_import(old: str) -> object:
    """Import ``old`` as a program that has not imported it yet would."""
    for name in [old, *(n for n in sys.modules if n.startswith(old + "."))]:
        sys.modules.pop(name, None)
    return importlib.import_module(old)


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_every_old_module_path_is_the_new_module_after_a_warning(old: str, new: str) -> None:
    if new.endswith(("openspiel", "pettingzoo", ".batch")):
        pytest.importorskip("numpy")
    if new.endswith("openspiel"):
        pytest.importorskip("pyspiel")
    if new.endswith("pettingzoo"):
        pytest.importorskip("pettingzoo")
    if new.endswith(("strategies", "_hypothesis_plugin")):
        pytest.importorskip("hypothesis")
    target = importlib.import_module(new)
    with pytest.warns(
        DeprecationWarning, match=rf"{old} is now {new}.*until wizard-rules {REMOVED_IN}"
    ):
        alias = fresh_import(old)
    assert alias is target  # the same module object: classes, functions and state are shared
    assert sys.modules[old] is target


def test_a_from_import_of_an_old_path_gives_the_same_objects() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        sys.modules.pop("wizard_rules.state", None)
        namespace: dict[str, object] = {}
        exec("from wizard_rules.state import State, new_game", namespace)
    assert namespace["State"] is wizard_rules.State
    assert namespace["new_game"] is wizard_rules.new_game


def test_a_name_that_never_existed_is_still_not_found() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("wizard_rules.no_such_module")


def test_pickles_written_by_0_1_load_and_equal_todays_objects() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        loaded = pickle.loads(PICKLES.read_bytes())
    expected = objects()
    assert loaded.keys() == expected.keys()
    for name, value in expected.items():
        got = loaded[name]
        assert type(got) is type(value), name
        if isinstance(value, wizard_rules.WizardError):
            assert isinstance(got, wizard_rules.WizardError)
            assert (got.code, got.message) == (value.code, value.message)
        else:
            assert got == value, name
    # The states are the same games at the same point, field by field.
    for name in ("state", "state_over"):
        one, other = loaded[name], expected[name]
        assert isinstance(other, wizard_rules.State)
        assert_same_state(one, other)
        for field in (
            "config",
            "phase",
            "round",
            "dealer",
            "current_player",
            "hand_masks",
            "undealt",
            "turned",
            "trump",
            "bids",
            "current_trick",
            "leader",
            "completed_tricks",
            "tricks_won",
            "results",
            "scores",
            "history",
        ):
            assert getattr(one, field) == getattr(other, field), (name, field)
    assert loaded["record"].replay() == expected["state_over"]
    over = expected["state_over"]
    assert isinstance(over, wizard_rules.State)
    assert_same_state(loaded["record"].replay(), over)


def test_a_fresh_process_unpickles_0_1_data_through_the_aliases() -> None:
    # Nothing of the package imported beforehand: pickle's own import of
    # wizard_rules.state (the 0.1 path) must find the alias.
    code = (
        "import pickle, sys, warnings; warnings.simplefilter('error'); "
        "data = open(sys.argv[1], 'rb').read()\n"
        "try:\n    pickle.loads(data)\nexcept DeprecationWarning as w:\n    print('warned', w)\n"
        "warnings.simplefilter('ignore'); d = pickle.loads(data); "
        "print(type(d['state']).__module__, d['state'].round)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(PICKLES)], capture_output=True, text=True, check=True
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("warned wizard_rules.")
    assert lines[1] == "wizard_rules.core.state 3"


def test_the_console_script_and_the_hypothesis_entry_point_still_resolve() -> None:
    from importlib.metadata import entry_points

    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "wizard-rules"]
    assert script.value == "wizard_rules.cli:main"
    assert script.load() is importlib.import_module("wizard_rules.cli.commands").main
    pytest.importorskip("hypothesis")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        old = importlib.import_module("wizard_rules._hypothesis_plugin")
    assert old is importlib.import_module("wizard_rules.integrations._hypothesis_plugin")
