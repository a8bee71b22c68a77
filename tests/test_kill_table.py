"""The suite judges itself: planted bugs are caught by the fixed cases and by fuzz.

The full table (every bug, every case, 200 games of fuzz) is written by
tools/kill_table.py into docs/kill-table.rst; here a few bugs are re-checked
quickly, each against the cases of its own area and a few games of fuzz.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest

from tests.planted_bugs import BUGS
from wizard_rules.conformance.fuzz import fuzz
from wizard_rules.conformance.runner import Outcome, run_suite
from wizard_rules.conformance.suite import load_suite

HERE = Path(__file__).parent
TABLE = HERE.parent / "docs" / "kill-table.rst"


def _command(bug: str) -> str:
    return shlex.join([sys.executable, str(HERE / "broken_adapter.py"), bug])


def test_there_are_at_least_twenty_distinct_bugs() -> None:
    assert len(BUGS) >= 20
    assert len({bug.plant for bug in BUGS.values()}) == len(BUGS)
    assert len({bug.description for bug in BUGS.values()}) == len(BUGS)
    areas = {case.area for case in load_suite().cases}
    assert {bug.area for bug in BUGS.values()} <= areas


def test_every_bug_of_the_committed_table_is_planted_and_every_planted_bug_is_in_it() -> None:
    named = re.findall(r"^   \* - ``([a-z0-9-]+)``$", TABLE.read_text(), re.MULTILINE)
    assert named
    assert set(named) <= set(BUGS)
    assert set(BUGS) <= set(named)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["jester-led", "option-all", "dealer-stays", "follow-first"])
def test_a_planted_bug_is_caught_by_its_cases_and_by_fuzz(name: str) -> None:
    bug = BUGS[name]
    command = _command(name)
    report = run_suite(load_suite(), command, run=[f"{bug.area}.*"])
    assert any(result.outcome is Outcome.FAILED for result in report.results)
    result = fuzz(command, games=5, seed=1, players=(6,), shrink_budget=2)
    assert result.found is not None


def _first_failing_cases() -> dict[str, list[str]]:
    """Each bug's first failing cases, as the committed table lists them."""
    rows = re.findall(
        r"^   \* - ``([a-z0-9-]+)``\n     - .*\n     - \d+\n     - ([a-z0-9., -]+)$",
        TABLE.read_text(),
        re.MULTILINE,
    )
    return {name: [case.strip() for case in cases.split(",")] for name, cases in rows}


@pytest.mark.slow
def test_every_planted_bug_still_fails_the_cases_the_table_says_it_fails() -> None:
    # A plant replaces an internal function of the engine; when the engine
    # stops calling it (a refactoring), the mutant silently plays the real
    # rules and the kill table goes stale.  So every bug is planted here and
    # run against the first cases the committed table says it fails.
    table = _first_failing_cases()
    assert set(table) == set(BUGS)
    suite = load_suite()
    for name, cases in table.items():
        report = run_suite(suite, _command(name), run=cases)
        outcomes = {
            result.case.id: result.outcome for result in report.results if result.case.id in cases
        }
        assert outcomes == dict.fromkeys(cases, Outcome.FAILED), name


# The variants' bugs (issue 24): each is caught by the cases of its own area.
VARIANT_BUGS = sorted(
    name
    for name, bug in BUGS.items()
    if bug.area in ("hidden-bids", "delayed-reveal", "hardcore", "clairvoyance", "combinations")
)


def test_every_variant_has_its_planted_bugs() -> None:
    areas = {BUGS[name].area for name in VARIANT_BUGS}
    assert areas == {"hidden-bids", "delayed-reveal", "hardcore", "clairvoyance", "combinations"}
    assert len(VARIANT_BUGS) >= 10


@pytest.mark.parametrize("name", VARIANT_BUGS)
def test_a_variants_planted_bug_fails_cases_of_its_area_and_no_base_case(name: str) -> None:
    bug = BUGS[name]
    report = run_suite(load_suite(), _command(name), run=[f"{bug.area}.*", "deck.*", "winner.0*"])
    failed = {result.case.id for result in report.results if result.outcome is Outcome.FAILED}
    assert failed, name
    # A variant's bug shows in the variants' cases only, never in the base game's.
    assert all(case.split(".")[0] == bug.area for case in failed), sorted(failed)[:5]


# The anniversary cards' bugs (issue 25): each is caught by the cases of the
# cards, in its own area, and by no case of a game without them.
CARD_BUGS = sorted(name for name, bug in BUGS.items() if bug.cards)
QUICK_CARD_BUGS = ("fairy-loses", "pass-leak", "last-round-no-trump")


def test_every_anniversary_card_has_its_planted_bugs() -> None:
    areas = {BUGS[name].area for name in CARD_BUGS}
    cards = {"dragon-fairy", "bomb", "werewolf", "juggler", "cloud", "shapeshifter", "witch"}
    assert cards | {"vampire", "readings", "card-secrets"} <= areas
    assert len(CARD_BUGS) >= 15
    assert all(BUGS[name].variants == () for name in CARD_BUGS)  # fuzzed, with the cards


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=() if name in QUICK_CARD_BUGS else pytest.mark.slow)
        for name in CARD_BUGS
    ],
)
def test_a_card_bug_fails_cases_of_its_area_and_no_case_without_the_cards(name: str) -> None:
    bug = BUGS[name]
    report = run_suite(load_suite(), _command(name), run=[f"{bug.area}.*", "deck.*", "winner.0*"])
    failed = [result.case for result in report.results if result.outcome is Outcome.FAILED]
    assert any(case.area == bug.area for case in failed), name
    assert all("variant:anniversary_cards" in case.tags for case in failed), failed[:3]
