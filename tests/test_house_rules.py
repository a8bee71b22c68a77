"""A house rule fails the cases of its own rule, and no others (issue 21, item 12).

A house rule is one rule of the game played another way, consistently (see
the end of ``tests/planted_bugs.py``).  An implementation that plays by one
must fail the cases of the rule it changes and pass every other case: a
case about the deck, the rounds or the deal must not fail merely because it
plays on into a round whose first lead the house rule moves.  So each case
that has to start at the first deal stops before another rule can bite, and
what comes after starts from a position.

Each house rule here is planted into a copy of this library's adapter
(``python tests/broken_adapter.py NAME``) and the whole suite is run
against it.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from tests.planted_bugs import BUGS
from wizard_rules.conformance.runner import Outcome, run_suite
from wizard_rules.conformance.suite import load_suite

# The slow group (docs/testing.rst): the whole suite against each house rule,
# as subprocesses.
pytestmark = pytest.mark.slow

HERE = Path(__file__).parent
SUITE = load_suite()
WRONG = (Outcome.FAILED, Outcome.ERROR, Outcome.NOT_RUN)

# Each house rule, and the rules (docs/rules.rst) whose cases it must fail:
# every case it fails has one of these rules, and some case of each fails.
OWN_RULES: dict[str, frozenset[str]] = {
    # The winner of the last trick of round r leads round r + 1 (rule 5.1 says
    # the seat left of the dealer does).
    "winner-leads-round": frozenset({"5.1"}),
    # The dealer leads the first trick of every round (rule 5.1).
    # (Under clairvoyance round 1's trick plays itself from the seat left of
    # the dealer, as rule 26.3 says after rule 5.1.)
    "dealer-leads": frozenset({"5.1", "26.3"}),
    # After a turned Wizard the first bidder names trump (rule 3.4: the dealer;
    # rule 26.4 says the same of clairvoyance's blind round 1).
    "bidder-trump": frozenset({"3.4", "26.4"}),
    # The dealer may never make the bids add up to the round: the bid-total
    # rule (20.1) applied with the option off too, where rule 4.2 lets the
    # bids add up to any total -- and where the Canadian rule allows a
    # matching bid: a dealer who does not lead outright (21.2), a matching
    # bid of zero (21.3), positions reached so (21.6, 21.7), and under a short
    # schedule (22.5).
    # And the variants of issue 24 that leave the matching bid free: with
    # secret bids (23.2), hardcore's rounds of 1 to 3 cards (25.2, positions
    # 25.4, hardcore off 25.5), and those rules with clairvoyance (27.4).
    "option-always": frozenset(
        {"4.2", "21.2", "21.3", "21.6", "21.7", "22.5", "23.2", "25.2", "25.4", "25.5", "27.4"}
    ),
}


def _failed(name: str) -> list[str]:
    """The ids of the cases the adapter with house rule ``name`` gets wrong."""
    command = shlex.join([sys.executable, str(HERE / "broken_adapter.py"), name])
    report = run_suite(SUITE, command, timeout=30.0)
    assert len(report.results) == len(SUITE.cases)
    return [result.case.id for result in report.results if result.outcome in WRONG]


@pytest.mark.parametrize("name", sorted(OWN_RULES))
def test_a_house_rule_fails_the_cases_of_its_rule_only(name: str) -> None:
    rule_of = {case.id: case.rule for case in SUITE.cases}
    # The planted rule's area is the area of the cases it must fail.
    assert BUGS[name].area in {case.area for case in SUITE.cases if case.rule in OWN_RULES[name]}
    failed = _failed(name)
    others = [case_id for case_id in failed if rule_of[case_id] not in OWN_RULES[name]]
    assert others == [], name
    assert {rule_of[case_id] for case_id in failed} == OWN_RULES[name]


def test_the_bid_total_rule_always_on_fails_only_the_cases_of_the_option_off() -> None:
    # An implementation that always applies the bid-total rule (rule 20.1,
    # even with the option off) can never reach a position in which the
    # dealer's bid made the total match the round, nor make such a bid: the
    # cases it fails are those whose point is that, with the option off, the
    # dealer may; each names the option (or the variant that allows the
    # match) by its tag.  No case of another rule bids its way to a total
    # equal to the round.
    cases = {case.id: case for case in SUITE.cases}
    failed = [cases[case_id] for case_id in _failed("option-always")]
    assert {case.area for case in failed} == {
        "bidding",
        "option",
        "illegal",
        "canadian",
        "schedule",
        "hidden-bids",
        "hardcore",
        "combinations",
    }
    allowing = {
        "option",
        "variant:canadian_rule",
        "variant:short_schedule",
        "variant:hidden_bids",
        "variant:hardcore",
    }
    for case in failed:
        assert allowing & set(case.tags), case.id
        assert case.config.get("forbid_bid_total_match") is not True, case.id
