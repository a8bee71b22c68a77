"""The worked example of docs/implementers.rst: Mini Wizard, run against the suite.

``examples/mini_wizard`` is a small, independent implementation of Wizard
with deliberate differences, declared in its known-failures file.  The suite
must pass it except exactly those cases.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from wizard_rules.conformance.runner import Outcome, read_known_failures, run_suite
from wizard_rules.conformance.suite import load_suite

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "mini_wizard"
ADAPTER = f'"{sys.executable}" "{EXAMPLE / "adapter.py"}"'
SUITE = load_suite()


def declared_ids() -> set[str]:
    """The case ids the example's known-failures file names (each one exactly)."""
    entries = read_known_failures(EXAMPLE / "known-failures.txt")
    assert all(entry.exact and entry.reason for entry in entries)
    return {entry.pattern for entry in entries}


def test_the_example_passes_every_case_but_its_declared_differences() -> None:
    entries = read_known_failures(EXAMPLE / "known-failures.txt")
    declared = declared_ids()
    report = run_suite(SUITE, ADAPTER, known_failures=entries, timeout=10)
    assert report.problem == ""
    assert report.implementation["name"] == "mini-wizard"
    by_outcome: dict[Outcome, set[str]] = {}
    for result in report.results:
        by_outcome.setdefault(result.outcome, set()).add(result.case.id)
    assert by_outcome.get(Outcome.KNOWN_FAILURE) == set(declared)
    assert set(by_outcome) == {Outcome.PASSED, Outcome.KNOWN_FAILURE}
    assert len(by_outcome[Outcome.PASSED]) == len(SUITE.cases) - len(declared)
    assert report.ok


def test_the_known_failures_are_exactly_the_two_declared_differences() -> None:
    declared = declared_ids()
    cases = {case.id: case for case in SUITE.cases}
    assert declared <= set(cases)
    option_on = {
        case.id for case in SUITE.cases if case.config.get("forbid_bid_total_match") is True
    }
    no_trump = {
        case.id
        for case in SUITE.cases
        if any(error["code"] == "no_trump_not_allowed" for error in case.errors)
    }
    assert declared == option_on | no_trump
    for line in (EXAMPLE / "known-failures.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            assert "#" in line, f"no reason given: {line!r}"


def test_the_example_is_independent_of_this_library() -> None:
    """Only the standard library and the example's own engine are imported."""
    for path in EXAMPLE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top == "engine", (path.name, name)
