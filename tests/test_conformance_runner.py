"""The runner's verdicts: strict comparison, unsupported answers, known failures, tags, reports.

Most tests build a small suite of their own (in a temporary folder), with
tags, and run it against the fake adapter of ``tests/fake_adapter.py`` in
``canned`` mode: it answers the cases it is given an answer for with exactly
that answer, and the others as this library does.
"""

from __future__ import annotations

import ast
import contextlib
import fnmatch
import importlib
import json
import os
import resource
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from wizard_rules.cli import main
from wizard_rules.conformance.adapter import run_case
from wizard_rules.conformance.judge import Difference, Judgement, judge, normal_form
from wizard_rules.conformance.known import KnownFailures
from wizard_rules.conformance.protocol import JSON, JSONObject
from wizard_rules.conformance.runner import (
    MAX_KNOWN_PATTERNS,
    CaseResult,
    KnownFailure,
    KnownFailuresError,
    Outcome,
    Report,
    format_report,
    json_report,
    matches,
    read_known_failures,
    run_suite,
    same_json,
    shorten,
    show_case,
)
from wizard_rules.conformance.suite import Case, Suite, load_suite
from wizard_rules.conformance.transport import (
    AdapterFailure,
    AdapterProcess,
    case_request,
    handshake,
)

ROOT = Path(__file__).resolve().parent.parent
FAKE = [sys.executable, str(ROOT / "tests" / "fake_adapter.py")]
OUR_ADAPTER = f'"{sys.executable}" -m wizard_rules conformance adapter'
REAL = load_suite()

THREE: JSONObject = {"players": 3, "first_dealer": 0, "forbid_bid_total_match": False}
DEAL: JSONObject = {"type": "deal", "hands": [["C12"], ["C13"], ["H2"]], "turned": "H1"}


def case(
    case_id: str,
    tags: list[str],
    observe: tuple[str, ...] = ("phase", "trump", "round"),
    actions: tuple[Any, ...] = (DEAL,),
    depth: int | None = None,
    rule: str = "8.2",
) -> dict[str, Any]:
    """A case whose expectations are this library's answers (so our adapter passes it)."""
    answer = run_case(THREE, list(actions), list(observe), depth)
    expect: dict[str, Any] = {"state": answer["state"]}
    if answer["errors"]:
        expect["errors"] = answer["errors"]
    if depth is not None:
        expect["perft"] = {"depth": depth, "count": answer["perft"]}
    written: dict[str, Any] = {
        "id": case_id,
        "rule": rule,
        "description": f"the case {case_id}",
        "given": {"config": THREE, "actions": list(actions)},
        "expect": expect,
    }
    if tags:
        written["tags"] = tags
    return written


def make_suite(folder: Path, cases: list[dict[str, Any]], retired: tuple[str, ...] = ()) -> Suite:
    (folder / "cases").mkdir(parents=True)
    manifest: dict[str, Any] = {
        "suite_version": "9.9.9",
        "protocol": 1,
        "files": [],
        "retired": list(retired),
    }
    areas: dict[str, list[dict[str, Any]]] = {}
    for written in cases:
        areas.setdefault(written["id"].split(".")[0], []).append(written)
    for area, mine in areas.items():
        manifest["files"].append(f"{area}.json")
        document = {"area": area, "cases": mine}
        (folder / "cases" / f"{area}.json").write_text(json.dumps(document), encoding="utf-8")
    (folder / "suite.json").write_text(json.dumps(manifest), encoding="utf-8")
    return load_suite(folder)


def canned(folder: Path, answers: dict[str, Any]) -> str:
    path = folder / "answers.json"
    path.write_text(json.dumps(answers), encoding="utf-8")
    return " ".join(f'"{part}"' for part in [*FAKE, "canned", str(path)])


def outcomes(report: Report) -> dict[str, Outcome]:
    return {r.case.id: r.outcome for r in report.results}


def result_of(report: Report, case_id: str) -> CaseResult:
    return next(r for r in report.results if r.case.id == case_id)


def small(tmp_path: Path) -> Suite:
    return make_suite(
        tmp_path / "suite",
        [
            case("a.001", ["rule"]),
            case("a.002", ["ruling:7"], observe=("winners", "scores", "round")),
            case("a.003", ["notation"], observe=("trump", "led_suit")),
            case("b.001", ["option", "rule"], observe=("phase", "bids"), depth=2),
            case("b.002", [], observe=("trick_winner",)),
        ],
        retired=("a.000",),
    )


# -- tags -----------------------------------------------------------------------------------------


def test_tags_are_read_and_empty_when_absent(tmp_path: Path) -> None:
    suite = small(tmp_path)
    tags = {c.id: c.tags for c in suite.cases}
    assert tags["b.001"] == ("option", "rule")
    assert tags["b.002"] == ()


def test_runs_choose_cases_by_tag_as_well_as_by_id(tmp_path: Path) -> None:
    suite = small(tmp_path)
    chosen = {c.id for c in suite.cases if matches(c, "tag:rule")}
    assert chosen == {"a.001", "b.001"}
    assert {c.id for c in suite.cases if matches(c, "tag:ruling:*")} == {"a.002"}
    assert {c.id for c in suite.cases if matches(c, "a.00[12]")} == {"a.001", "a.002"}
    report = run_suite(suite, OUR_ADAPTER, run=["tag:rule", "b.002"], skip=["tag:option"])
    ran = {i for i, outcome in outcomes(report).items() if outcome is not Outcome.SKIPPED}
    assert ran == {"a.001", "b.002"}
    assert report.ok


# -- strict comparison ----------------------------------------------------------------------------


def test_json_values_are_compared_with_their_types() -> None:
    assert same_json({"a": [1, None, "x"]}, {"a": [1, None, "x"]})
    assert not same_json(True, 1)
    assert not same_json(1.0, 1)
    assert not same_json(0, False)
    assert not same_json([1, 2], [1, 2, 3])
    assert not same_json({"a": 1}, {"b": 1})
    assert not same_json({"a": [True]}, {"a": [1]})
    assert not same_json(None, 0)


def test_an_empty_state_never_passes_for_an_expected_null() -> None:
    """An adapter that answers ``{}`` used to pass the cases that expect ``null``."""
    with_null = [c for c in REAL.cases if c.state and None in c.state.values()]
    assert with_null
    for real in with_null:
        judgement = judge(real, {"errors": list(real.errors), "state": {}, "perft": None})
        assert not judgement.passed, real.id
        assert all(d.missing for d in judgement.differences)


def test_an_adapter_answering_empty_states_fails_the_null_cases(tmp_path: Path) -> None:
    suite = small(tmp_path)
    empty: dict[str, Any] = {c.id: {"errors": [], "state": {}, "perft": None} for c in suite.cases}
    report = run_suite(suite, canned(tmp_path, empty))
    assert set(outcomes(report).values()) == {Outcome.FAILED}
    (difference,) = [
        d for d in result_of(report, "a.003").differences if d.key == "state.led_suit"
    ]
    assert difference.missing
    assert difference.expected is None
    text = format_report(report, suite)
    assert "  state.led_suit:\n    expected: null\n    got:      (missing)" in text


def test_missing_parts_are_failures_not_nulls(tmp_path: Path) -> None:
    suite = small(tmp_path)
    report = run_suite(suite, canned(tmp_path, {"b.001": {}}), run=["b.001"])
    result = result_of(report, "b.001")
    assert result.outcome is Outcome.FAILED
    assert {d.key for d in result.differences} == {"errors", "state.bids", "state.phase", "perft"}
    assert all(d.missing for d in result.differences)
    assert result.got == {}


@pytest.mark.parametrize(
    ("state", "key"),
    [({"round": 1.0}, "state.round"), ({"round": True}, "state.round")],
)
def test_numbers_and_booleans_are_told_apart(
    tmp_path: Path, state: dict[str, Any], key: str
) -> None:
    suite = small(tmp_path)
    right = run_case(THREE, [DEAL], ["phase", "trump"], None)
    answer: dict[str, Any] = {"errors": [], "state": {**(right["state"] or {}), **state}}
    report = run_suite(suite, canned(tmp_path, {"a.001": answer}), run=["a.001"])
    result = result_of(report, "a.001")
    assert result.outcome is Outcome.FAILED
    assert [d.key for d in result.differences] == [key]


def test_an_observation_that_was_not_asked_for_is_an_error(tmp_path: Path) -> None:
    suite = small(tmp_path)
    answer = {"errors": [], "state": {"trick_winner": 1, "hands": []}}
    report = run_suite(suite, canned(tmp_path, {"b.002": answer}), run=["b.002"])
    result = result_of(report, "b.002")
    assert result.outcome is Outcome.ERROR
    assert "not asked for: ['hands']" in result.detail


UNKNOWN_LINE = "unknown fields in the adapter's answers, ignored: "


def test_unknown_fields_of_answers_are_ignored_and_listed_once() -> None:
    # Every answer (the handshake and each result) has "note" and
    # "exception", which the protocol does not define: the run passes, and the
    # report names the fields once.
    chosen = [c.id for c in REAL.cases if c.position is None][:5]
    command = " ".join(f'"{part}"' for part in [*FAKE, "noisy"])
    report = run_suite(REAL, command, run=chosen)
    assert report.ok, report.problem
    assert report.totals()["passed"] == 5
    fields = ("hello.exception", "hello.note", "result.exception", "result.note")
    assert report.unknown_fields == fields
    text = format_report(report, REAL)
    assert text.count(UNKNOWN_LINE) == 1
    assert UNKNOWN_LINE + "hello.exception, hello.note, result.exception, result.note\n" in text
    assert json_report(report, REAL)["unknown_fields"] == list(fields)


def test_a_run_without_unknown_fields_says_nothing_of_them(tmp_path: Path) -> None:
    suite = small(tmp_path)
    report = run_suite(suite, OUR_ADAPTER, run=["a.001"])
    assert report.unknown_fields == ()
    assert UNKNOWN_LINE not in format_report(report, suite)
    assert json_report(report, suite)["unknown_fields"] == []


def test_unknown_fields_of_the_handshake_and_of_errors_are_listed(tmp_path: Path) -> None:
    suite = small(tmp_path)
    command = " ".join(f'"{part}"' for part in [*FAKE, "chatty"])
    report = run_suite(suite, command)
    assert report.ok, report.problem
    assert report.unknown_fields == ("hello.motto",)
    answer = {"type": "error", "message": "cannot", "trace": "line 1"}
    report = run_suite(suite, canned(tmp_path, {"b.002": answer}), run=["b.002"])
    assert result_of(report, "b.002").outcome is Outcome.ERROR
    assert report.unknown_fields == ("error.trace",)


# -- unsupported ----------------------------------------------------------------------------------


def test_a_whole_case_may_be_unsupported(tmp_path: Path) -> None:
    suite = small(tmp_path)
    answers = {c.id: {"unsupported": True} for c in suite.cases}
    report = run_suite(suite, canned(tmp_path, answers))
    # every case answered "unsupported": no abort after three, no failure
    assert set(outcomes(report).values()) == {Outcome.UNSUPPORTED}
    assert report.ok
    assert report.totals()["unsupported"] == len(suite.cases)
    text = format_report(report, suite)
    assert "UNSUPPORTED a.001 (rule 8.2) [rule]: the whole case" in text
    assert text.endswith("\n0 passed, 0 failed, 5 unsupported, 0 known failures, 0 skipped\n")
    strict = run_suite(suite, canned(tmp_path, answers), strict=True)
    assert not strict.ok
    assert "(strict)" in format_report(strict, suite)
    assert json_report(strict, suite)["results"][0]["unsupported"] is True


def test_unsupported_keys_are_not_judged_and_the_rest_is(tmp_path: Path) -> None:
    suite = small(tmp_path)
    right = run_case(THREE, [DEAL], ["scores", "round"], None)
    answers = {
        "a.002": {
            "errors": [],
            "state": right["state"],
            "perft": None,
            "unsupported": ["winners"],
        },
        "b.001": {"state": {"phase": "play"}, "unsupported": ["errors", "bids", "perft"]},
    }
    report = run_suite(suite, canned(tmp_path, answers), run=["a.002", "b.001"])
    partial = result_of(report, "a.002")
    assert partial.outcome is Outcome.UNSUPPORTED
    assert partial.unsupported == ("state.winners",)
    assert "winners" not in partial.expected["state"]
    wrong = result_of(report, "b.001")
    assert wrong.outcome is Outcome.FAILED
    assert wrong.unsupported == ("errors", "state.bids", "perft")
    assert [d.key for d in wrong.differences] == ["state.phase"]
    text = format_report(report, suite)
    assert "UNSUPPORTED a.002 (rule 8.2) [ruling:7]: state.winners" in text
    assert "  unsupported: errors, state.bids, perft" in text
    written = json_report(report, suite)["results"]
    assert written[1]["unsupported"] == ["state.winners"]
    assert written[0]["unsupported"] == []


@pytest.mark.parametrize(
    ("unsupported", "words"),
    [
        ("yes", "'unsupported' must be"),
        (["hands"], "'unsupported' must be"),
        (["perft"], "'unsupported' must be"),
        (["trick_winner", "trick_winner"], "'unsupported' must be"),
        ([1], "'unsupported' must be"),
    ],
)
def test_a_malformed_unsupported_is_an_error(tmp_path: Path, unsupported: Any, words: str) -> None:
    suite = small(tmp_path)
    answer = {"errors": [], "state": {}, "perft": None, "unsupported": unsupported}
    report = run_suite(suite, canned(tmp_path, {"b.002": answer}), run=["b.002"])
    result = result_of(report, "b.002")
    assert result.outcome is Outcome.ERROR
    assert words in result.detail


def test_an_observation_both_answered_and_unsupported_is_an_error(tmp_path: Path) -> None:
    suite = small(tmp_path)
    answer = {"errors": [], "state": {"trick_winner": None}, "unsupported": ["trick_winner"]}
    report = run_suite(suite, canned(tmp_path, {"b.002": answer}), run=["b.002"])
    assert "also answered" in result_of(report, "b.002").detail


def test_unsupported_false_is_nothing_unsupported(tmp_path: Path) -> None:
    suite = small(tmp_path)
    right = run_case(THREE, [DEAL], ["trick_winner"], None)
    answer = {**right, "unsupported": False}
    report = run_suite(suite, canned(tmp_path, {"b.002": answer}), run=["b.002"])
    assert result_of(report, "b.002").outcome is Outcome.PASSED


# -- known failures -------------------------------------------------------------------------------


def test_the_known_failures_file_takes_ids_globs_tags_and_reasons(tmp_path: Path) -> None:
    path = tmp_path / "known.txt"
    path.write_text(
        "# our differences\n\na.001  # we read rule 8.2 otherwise\ntag:ruling:7\nb.*#globbed\n",
        encoding="utf-8",
    )
    assert read_known_failures(path) == (
        KnownFailure("a.001", "we read rule 8.2 otherwise", 3),
        KnownFailure("tag:ruling:7", "", 4),
        KnownFailure("b.*", "globbed", 5),
    )
    assert KnownFailure("a.001").exact
    assert not KnownFailure("a.00?").exact
    assert not KnownFailure("tag:rule").exact


def test_known_failures_by_tag_and_glob_stay_honest(tmp_path: Path) -> None:
    suite = small(tmp_path)
    wrong: dict[str, Any] = {"errors": [], "state": {}, "perft": None}
    answers = {"a.002": wrong, "b.001": wrong}
    entries = (
        KnownFailure("tag:ruling:*", "ruling 7 read otherwise", 1),
        KnownFailure("b.*", "", 2),  # b.001 fails, b.002 passes
        KnownFailure("a.003", "", 3),  # passes: fixed
        KnownFailure("a.999", "", 4),  # unknown
        KnownFailure("a.000", "", 5),  # retired
        KnownFailure("tag:nothing", "", 6),  # matches no case
        KnownFailure("tag:rule", "", 7),  # a.001 passes, b.001 fails
        KnownFailure("a.00[1]", "", 8),  # covers a.001 only, which passes: stale
    )
    report = run_suite(suite, canned(tmp_path, answers), known_failures=entries)
    assert outcomes(report) == {
        "a.001": Outcome.PASSED,
        "a.002": Outcome.KNOWN_FAILURE,
        "a.003": Outcome.FIXED,
        "b.001": Outcome.KNOWN_FAILURE,
        "b.002": Outcome.PASSED,
    }
    problems = {status.entry.pattern: status.problem for status in report.known}
    assert problems == {
        "tag:ruling:*": "",
        "b.*": "",
        "a.003": "none of its cases fails any more (1 pass)",
        "a.999": "an unknown case id",
        "a.000": "a retired case id",
        "tag:nothing": "matches no case of the suite",
        "tag:rule": "",
        "a.00[1]": "none of its cases fails any more (1 pass)",
    }
    assert not report.ok  # a.003 is fixed
    text = format_report(report, suite)
    assert "  tag:ruling:*: 1 failing, 0 passing  # ruling 7 read otherwise" in text
    assert "    passing although listed: b.002" in text
    assert "  STALE line 4: a.999: an unknown case id" in text
    assert "FIXED a.003 (rule 8.2) [notation]: listed as a known failure, passes" in text
    assert "  KNOWN a.002 (rule 8.2) [ruling:7]: the case a.002" in text
    assert text.endswith(
        "\n2 passed, 1 failed, 0 unsupported, 2 known failures, 0 skipped, "
        "5 stale known-failures entries\n"
    )
    written = json_report(report, suite)
    assert written["totals"] == {
        "passed": 2,
        "failed": 1,
        "unsupported": 0,
        "known_failures": 2,
        "skipped": 0,
        "stale": 5,
    }
    assert written["known_failures"][0] == {
        "entry": "tag:ruling:*",
        "reason": "ruling 7 read otherwise",
        "line": 1,
        "failing": ["a.002"],
        "passing": [],
        "problem": None,
    }


def test_stale_entries_fail_only_a_strict_run(tmp_path: Path) -> None:
    suite = small(tmp_path)
    answers: dict[str, Any] = {"a.002": {"errors": [], "state": {}, "perft": None}}
    entries = ["a.002", "a.999"]
    report = run_suite(suite, canned(tmp_path, answers), known_failures=entries)
    assert report.ok
    assert [s.entry.pattern for s in report.stale] == ["a.999"]
    strict = run_suite(suite, canned(tmp_path, answers), known_failures=entries, strict=True)
    assert not strict.ok
    assert "  ERROR line 0: a.999: an unknown case id" in format_report(strict, suite)


def test_a_known_failure_that_is_unsupported_is_unsupported(tmp_path: Path) -> None:
    suite = small(tmp_path)
    answers = {"a.001": {"unsupported": True}}
    report = run_suite(suite, canned(tmp_path, answers), run=["a.001"], known_failures=["a.001"])
    assert outcomes(report)["a.001"] is Outcome.UNSUPPORTED
    assert report.ok


# -- reports --------------------------------------------------------------------------------------


def test_long_values_are_cut_with_a_visible_marker() -> None:
    assert shorten("abc", 5) == "abc"
    assert shorten("x" * 12, 5) == "xxxxx... [cut: 7 more characters]"


def test_a_failure_shows_id_rule_tags_description_and_cut_values(tmp_path: Path) -> None:
    suite = small(tmp_path)
    answer: dict[str, Any] = {"errors": [], "state": {"trick_winner": ["y" * 1000]}}
    report = run_suite(suite, canned(tmp_path, {"b.002": answer}))
    text = format_report(report, suite)
    assert "FAIL b.002 (rule 8.2): the case b.002" in text
    assert "... [cut: 704 more characters]" in text
    written = json_report(report, suite)
    assert written["results"][-1]["got"] == {
        "errors": [],
        "state": {"trick_winner": ["y" * 1000]},
    }
    assert written["results"][-1]["differences"] == [
        {"key": "state.trick_winner", "expected": None, "got": ["y" * 1000], "missing": False}
    ]


def test_the_summary_counts_by_area_rule_and_tag_and_times_the_run(tmp_path: Path) -> None:
    suite = small(tmp_path)
    answers: dict[str, Any] = {"a.002": {"unsupported": True}, "b.001": {}}
    report = run_suite(suite, canned(tmp_path, answers), skip=["a.003"])
    text = format_report(report, suite)
    assert report.seconds > 0
    assert f"ran 4 cases in {report.seconds:.2f} s\n" in text
    table = text.split("\n\n")
    assert any(part.startswith("area ") and "\na  " in part for part in table)
    assert any(part.startswith("rule ") for part in table)
    assert "the cases of the other 0 rules all passed or were skipped" in text
    tags = next(part for part in table if part.startswith("tag "))
    assert tags.splitlines()[0].split() == [
        "tag",
        "passed",
        "failed",
        "errors",
        "unsupported",
        "known",
        "skipped",
    ]
    rows = {line.split()[0]: line.split()[1:] for line in tags.splitlines()[1:]}
    assert rows["(none)"] == ["1", "0", "0", "0", "0", "0"]
    assert rows["option"] == ["0", "1", "0", "0", "0", "0"]
    assert rows["ruling:7"] == ["0", "0", "0", "1", "0", "0"]
    assert rows["notation"] == ["0", "0", "0", "0", "0", "1"]
    written = json_report(report, suite)
    assert written["by"]["tag"]["option"]["failed"] == 1
    assert written["by"]["area"]["a"] == {
        "passed": 1,
        "failed": 0,
        "errors": 0,
        "unsupported": 1,
        "known": 0,
        "skipped": 1,
    }
    assert written["by"]["rule"]["8.2"]["passed"] == 2
    assert written["seconds"] == round(report.seconds, 3)


def test_rules_that_all_pass_are_summed_up_in_one_line(tmp_path: Path) -> None:
    suite = make_suite(
        tmp_path / "suite",
        [case("a.001", ["rule"], rule="8.10"), case("a.002", [], rule="8.2"), case("a.003", [])],
    )
    report = run_suite(suite, canned(tmp_path, {"a.001": {}}))
    text = format_report(report, suite)
    assert "\nrule  " in text
    assert "\n8.10  " in text
    assert "the cases of the other 1 rules all passed or were skipped" in text
    assert list(json_report(report, suite)["by"]["rule"]) == ["8.2", "8.10"]


# -- show -----------------------------------------------------------------------------------------


def test_show_prints_a_case_readably() -> None:
    actions: tuple[JSON, ...] = (
        DEAL,
        {"type": "deal", "hands": [[], ["C1"]], "turned": None},
        {"type": "choose_trump", "player": 0, "suit": "H"},
        {"type": "choose_trump", "player": 0, "suit": None},
        {"type": "bid", "player": 1, "tricks": 0},
        {"type": "play", "player": 1, "card": "C13"},
        {"type": "deal", "hands": "nope", "turned": None},
        {"type": "bid", "player": "1", "tricks": 0},
        {"type": "bid", "player": 1, "tricks": 0.5},
        {"type": "play", "player": 1, "card": 13},
        {"type": "choose_trump", "player": 0, "suit": 1},
        {"type": "play", "player": 1},
        7,
    )
    shown = Case(
        id="x.001",
        rule="11.11",
        area="x",
        description="every kind of action",
        config=THREE,
        actions=actions,
        errors=({"at": 3, "code": "no_trump_not_allowed"}, {"at": None, "code": "invalid_config"}),
        state={"trump": None, "bids": [None, 0, None]},
        perft={"depth": 2, "count": 9},
        tags=("rule", "order"),
    )
    assert show_case(shown).splitlines() == [
        "x.001  rule 11.11, area x",
        "tags: rule, order",
        "every kind of action",
        "",
        'config: {"first_dealer": 0, "forbid_bid_total_match": false, "players": 3}',
        "  refused: invalid_config",
        "actions (13):",
        "   0  deal P0: C12 | P1: C13 | P2: H2; turned H1",
        "   1  deal P0: - | P1: C1; turned nothing",
        "   2  P0 names trump H",
        "   3  P0 names trump none (no trump)   <- refused: no_trump_not_allowed",
        "   4  P1 bids 0",
        "   5  P1 plays C13",
        '   6  as JSON: {"hands": "nope", "turned": null, "type": "deal"}',
        '   7  as JSON: {"player": "1", "tricks": 0, "type": "bid"}',
        '   8  as JSON: {"player": 1, "tricks": 0.5, "type": "bid"}',
        '   9  as JSON: {"card": 13, "player": 1, "type": "play"}',
        '  10  as JSON: {"player": 0, "suit": 1, "type": "choose_trump"}',
        '  11  as JSON: {"player": 1, "type": "play"}',
        "  12  as JSON: 7",
        "expected:",
        "  action 3 refused: no_trump_not_allowed",
        "  the config refused: invalid_config",
        "  trump: null",
        "  bids: [null, 0, null]",
        "  perft: 9 sequences of 2 legal actions",
    ]


def test_show_of_a_case_without_tags_actions_or_refusals() -> None:
    shown = Case("x.002", "1.1", "x", "nothing", THREE, (), (), None, None)
    lines = show_case(shown).splitlines()
    assert "tags: (none)" in lines
    assert "actions (0):" in lines
    assert "  no action refused" in lines


def test_the_show_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "show", "winner.059"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("winner.059  rule 8.2, area winner\n")
    assert "  0  P0 plays C12\n" in out
    for case_id, words in (("following.015", "is retired"), ("nope.001", "is not in the suite")):
        with pytest.raises(SystemExit) as stopped:
            main(["conformance", "show", case_id])
        assert stopped.value.code == 2
        assert words in capsys.readouterr().err


def test_the_run_command_is_strict_on_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    known = tmp_path / "known.txt"
    known.write_text("nope.001  # an entry for no case\n", encoding="utf-8")
    argv = [
        "conformance",
        "run",
        "--adapter",
        OUR_ADAPTER,
        "--run",
        "tag:no-such",
        "--run",
        REAL.cases[0].id,
    ]
    argv += ["--known-failures", str(known)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "  STALE line 1: nope.001: an unknown case id" in out
    assert main([*argv, "--strict", "--json"]) == 1
    written = json.loads(capsys.readouterr().out)
    assert written["strict"] is True
    assert written["ok"] is False
    assert written["known_failures"][0]["problem"] == "an unknown case id"


def test_the_summary_counts_by_player_count() -> None:
    # Against our adapter every case passes; the counts by player count are
    # the suite's own, read here straight from the case data.
    suite = REAL
    report = run_suite(suite, OUR_ADAPTER, run=["winner.*", "deck.*"])
    expected: dict[str, int] = {}
    for case in suite.cases:
        if case.area not in ("winner", "deck"):
            continue
        players = case.config.get("players")
        key = str(players) if type(players) is int and 3 <= players <= 6 else "other"
        expected[key] = expected.get(key, 0) + 1
    written = json_report(report, suite)["by"]["players"]
    assert {key: counts["passed"] for key, counts in written.items() if counts["passed"]} == (
        expected
    )
    assert "players" in format_report(report, suite)


# -- known-failures files are bounded in size and in work (issue 21, item 3) ----------------------

PYTHON = sys.executable
MIB = 1 << 20


def _safety_net() -> None:  # pragma: no cover - runs in the child, before exec
    # A regression must fail the test, not exhaust the shared machine.
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def _run_with_known_failures(path: str) -> subprocess.CompletedProcess[str]:
    """``conformance run`` with the known-failures file ``path``, in a subprocess."""
    return subprocess.run(
        [PYTHON, "-m", "wizard_rules", "conformance", "run", "--adapter", OUR_ADAPTER]
        + ["--known-failures", path],
        capture_output=True,
        text=True,
        timeout=600,
        preexec_fn=_safety_net,
        check=False,
    )


def _refused_in_one_line(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    last = result.stderr.splitlines()[-1]
    assert last.startswith("wizard-rules conformance run: error: cannot read the known-failures")
    assert "larger than 1 MiB (1,048,576 bytes), the most a known-failures file may hold" in last


def test_a_known_failures_file_of_1_mib_is_read_and_a_larger_one_refused(tmp_path: Path) -> None:
    line = "winner.059  # a reason\n"
    body = line * (MIB // len(line))
    path = tmp_path / "known.txt"
    path.write_text(body + "#" * (MIB - len(body) - 1) + "\n", encoding="utf-8")
    assert path.stat().st_size == MIB
    assert len(read_known_failures(path)) == MIB // len(line)
    path.write_text(body + "#" * (MIB - len(body)) + "\n", encoding="utf-8")
    with pytest.raises(KnownFailuresError, match=r"larger than 1 MiB \(1,048,576 bytes\)"):
        read_known_failures(path)


def test_dev_zero_as_known_failures_is_refused_in_one_line() -> None:
    _refused_in_one_line(_run_with_known_failures("/dev/zero"))


def test_an_endless_fifo_as_known_failures_is_refused_in_one_line(tmp_path: Path) -> None:
    fifo = tmp_path / "endless"
    os.mkfifo(fifo)

    def feed() -> None:
        with contextlib.suppress(OSError), fifo.open("wb") as writer:
            while True:
                writer.write(b"winner.059\n" * 4096)

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    result = _run_with_known_failures(str(fifo))
    if feeder.is_alive():  # the reader has gone: let a blocked writer through
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
    feeder.join(timeout=60)
    assert not feeder.is_alive()
    _refused_in_one_line(result)


def test_matching_known_failures_costs_about_the_cases_plus_the_entries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 20,000 lines of "*", 20,000 of "tag:*" and 20,000 distinct exact ids,
    # against the whole suite: every glob is matched against every case id
    # (or tag) at most once, so the work counted is about cases + entries,
    # not cases times entries.
    entries = ["*"] * 20_000 + ["tag:*"] * 20_000 + [f"nosuch.{k:05d}" for k in range(20_000)]
    tags = {tag for c in REAL.cases for tag in c.tags}
    bound = 2 * (len(REAL.cases) + len(tags)) + len(entries)
    calls = 0
    real = fnmatch.fnmatchcase

    def counted(name: str, pattern: str) -> bool:
        nonlocal calls
        calls += 1
        assert calls <= bound, f"more than {bound} glob matches"
        return real(name, pattern)

    monkeypatch.setattr(fnmatch, "fnmatchcase", counted)
    first = REAL.cases[0].id
    report = run_suite(REAL, OUR_ADAPTER, run=[first], known_failures=entries)
    assert calls <= bound
    statuses = report.known
    assert len(statuses) == len(entries)
    # The first "*" covers every case; each later one repeats it (stale).
    assert statuses[0].problem == "none of its cases fails any more (1 pass)"
    assert statuses[0].passing == (first,)
    assert len(statuses[0].entry.pattern) == 1
    assert {s.problem for s in statuses[1:20_000]} == {"repeats an earlier entry"}
    assert all(s.failing == s.passing == () for s in statuses[1:20_000])
    assert statuses[20_000].passing == ((first,) if REAL.cases[0].tags else ())
    assert {s.problem for s in statuses[40_000:]} == {"an unknown case id"}
    # The report has a line or two per entry, not one per entry and case.
    assert len(format_report(report, REAL).splitlines()) < 3 * len(entries) + 2 * len(REAL.cases)


def test_repeated_entries_are_stale_and_named_by_line(tmp_path: Path) -> None:
    suite = small(tmp_path)
    path = tmp_path / "known.txt"
    path.write_text("a.001\nb.*  # first\nb.*  # again\na.001\n", encoding="utf-8")
    answers: dict[str, Any] = {"a.001": {"errors": [], "state": {}, "perft": None}}
    report = run_suite(suite, canned(tmp_path, answers), known_failures=read_known_failures(path))
    assert [(s.entry.line, s.problem) for s in report.known] == [
        (1, ""),
        (2, "none of its cases fails any more (2 pass)"),
        (3, "repeats the entry of line 2"),
        (4, "repeats the entry of line 1"),
    ]
    assert outcomes(report)["a.001"] is Outcome.KNOWN_FAILURE


def test_too_many_distinct_patterns_are_refused(tmp_path: Path) -> None:
    patterns = [f"x{k}.*" for k in range(MAX_KNOWN_PATTERNS)]
    path = tmp_path / "known.txt"
    path.write_text("\n".join(patterns + ["a.00?", "x0.*"] + ["a.001"] * 5000), encoding="utf-8")
    with pytest.raises(KnownFailuresError, match="more than 250 distinct patterns"):
        read_known_failures(path)
    suite = small(tmp_path)
    with pytest.raises(KnownFailuresError, match="more than 250 distinct patterns"):
        run_suite(suite, OUR_ADAPTER, known_failures=[*patterns, "tag:rule"])
    path.write_text("\n".join(patterns + ["x0.*"] + ["a.001"] * 5000), encoding="utf-8")
    assert len(read_known_failures(path)) == MAX_KNOWN_PATTERNS + 5001


# -- one job per module: transport, judge, known failures, report ---------------------------------

# Where each name the runner held before the split lives now (written down
# from the split's plan, not read from the modules).
HOMES = {
    "wizard_rules.conformance.transport": {"AdapterFailure"},
    "wizard_rules.conformance.judge": {
        "CaseResult",
        "Difference",
        "Divergence",
        "Explainer",
        "Judgement",
        "Outcome",
        "same_json",
    },
    "wizard_rules.conformance.known": {
        "MAX_KNOWN_FAILURES_BYTES",
        "MAX_KNOWN_PATTERNS",
        "KnownFailure",
        "KnownFailuresError",
        "KnownStatus",
        "matches",
        "read_known_failures",
    },
    "wizard_rules.conformance.report": {
        "Report",
        "TableFormatter",
        "format_report",
        "json_report",
        "shorten",
        "show_case",
    },
}


def test_the_runner_still_holds_every_name_it_held_and_each_is_its_homes() -> None:
    from wizard_rules.conformance import runner

    assert runner.__all__ == ["run_suite"]  # the others are documented where they live
    for home, names in HOMES.items():
        module = importlib.import_module(home)
        assert names <= set(module.__all__), home
        for name in names:
            assert getattr(runner, name) is getattr(module, name), name
    assert runner.run_suite.__module__ == "wizard_rules.conformance.runner"


def test_the_adapter_process_speaks_the_line_protocol(tmp_path: Path) -> None:
    # The fake adapter in "picky" mode speaks protocol 1 only and answers a
    # hello of version 2 with an error: the handshake greets it again in 1.
    adapter = AdapterProcess([*FAKE, "picky"], 5.0)
    try:
        assert handshake(adapter) == {
            "type": "hello",
            "protocol": 1,
            "name": "old",
            "version": "1",
        }
    finally:
        adapter.close()
    assert adapter.process.returncode is not None
    with pytest.raises(AdapterFailure, match="cannot start the adapter"):
        AdapterProcess([str(tmp_path / "no-such-adapter")], 5.0)


def test_a_case_request_carries_a_position_from_protocol_2_on() -> None:
    start = next(c for c in REAL.cases if c.position is not None and c.perft is None)
    perft = next(c for c in REAL.cases if c.perft is not None)
    one = case_request(start, 1)
    assert "position" not in one
    assert (one["type"], one["id"], one["perft"]) == ("case", start.id, None)
    assert one["observe"] == sorted(start.state or {})
    assert case_request(start, 2) == {**one, "position": start.position}
    assert perft.perft is not None
    assert case_request(perft, 2)["perft"] == perft.perft["depth"]


def test_the_normal_form_orders_only_what_carries_no_order() -> None:
    # hands: each hand sorted (not the hands); winners and legal_actions: the
    # list sorted by JSON text; anything else as it came.
    assert normal_form("hands", [["W1", "C3"], ["B2", "A1"]]) == [["C3", "W1"], ["A1", "B2"]]
    assert normal_form("winners", [2, 0]) == [0, 2]
    assert normal_form("legal_actions", [{"b": 1}, {"a": 2}]) == [{"a": 2}, {"b": 1}]
    assert normal_form("scores", [2, 0]) == [2, 0]
    assert normal_form("winners", None) is None


def test_known_failures_turn_judgements_into_outcomes(tmp_path: Path) -> None:
    suite = small(tmp_path)
    by_id = {c.id: c for c in suite.cases}
    wrong = Difference("state.round", 1, 2)
    failed = Judgement(False, {}, {}, (), (wrong,))
    passed = Judgement(True, {}, {}, (), ())
    partly = Judgement(True, {}, {}, ("errors",), ())
    known = KnownFailures(suite, ["a.001", KnownFailure("tag:ruling:*", "why", 3), "b.*"])
    assert known.entries[0] == KnownFailure("a.001")
    # A failure an entry covers is known; one no entry covers is a failure.
    assert known.result(by_id["a.002"], failed).outcome is Outcome.KNOWN_FAILURE
    assert known.result(by_id["a.003"], failed).outcome is Outcome.FAILED
    # A pass is fixed only where an entry names the case by its id.
    assert known.result(by_id["a.001"], passed).outcome is Outcome.FIXED
    assert known.result(by_id["b.001"], passed).outcome is Outcome.PASSED
    assert known.result(by_id["a.001"], partly).outcome is Outcome.UNSUPPORTED
    result = known.result(by_id["a.002"], failed)
    assert (result.differences, result.unsupported) == ((wrong,), ())
    results = [
        known.result(by_id["a.001"], failed),
        known.result(by_id["a.002"], failed),
        known.result(by_id["b.001"], passed),
        known.result(by_id["b.002"], passed),
    ]
    assert [(s.failing, s.passing, s.problem) for s in known.statuses(results)] == [
        (("a.001",), (), ""),
        (("a.002",), (), ""),
        ((), ("b.001", "b.002"), "none of its cases fails any more (2 pass)"),
    ]
    with pytest.raises(KnownFailuresError, match="distinct patterns"):
        KnownFailures(suite, [f"x{k}.*" for k in range(MAX_KNOWN_PATTERNS + 1)])


SPLIT = {
    f"wizard_rules.conformance.{name}"
    for name in ("runner", "transport", "judge", "known", "report")
}


def private_names_taken(path: Path) -> list[str]:
    """The private names a file takes from the runner's modules: imported, or read off one."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules: set[str] = set()  # local names bound to one of the modules
    taken = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in SPLIT:
            taken += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
        if isinstance(node, ast.ImportFrom) and node.module == "wizard_rules.conformance":
            modules |= {
                a.asname or a.name for a in node.names if f"{node.module}.{a.name}" in SPLIT
            }
        if isinstance(node, ast.Import):
            modules |= {a.asname for a in node.names if a.name in SPLIT and a.asname}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            taken.append(f"{node.value.id}.{node.attr}")
    return taken


def test_the_check_for_private_names_sees_them(tmp_path: Path) -> None:
    path = tmp_path / "user.py"
    path.write_text(
        "from wizard_rules.conformance.transport import _parse_answer, AdapterProcess\n"
        "from wizard_rules.conformance import runner as r, suite\n"
        "import wizard_rules.conformance.judge as j\n"
        "r._MAX_CONSECUTIVE_FAILURES, j._order_key, suite._x, r.__doc__, r.run_suite\n",
        encoding="utf-8",
    )
    assert private_names_taken(path) == [
        "wizard_rules.conformance.transport._parse_answer",
        "r._MAX_CONSECUTIVE_FAILURES",
        "j._order_key",
    ]


def test_no_module_takes_a_private_name_of_the_runner_modules() -> None:
    # Each of the five modules keeps its private names to itself: fuzz, the
    # command line and the tests use the public ones (AdapterProcess, judge,
    # normal_form, ...).
    own = {ROOT / "wizard_rules" / "conformance" / f"{m.rsplit('.', 1)[1]}.py" for m in SPLIT}
    folders = ("wizard_rules", "tests", "tools", "examples", "fuzz", "bench")
    files = [path for folder in folders for path in sorted((ROOT / folder).rglob("*.py"))]
    assert len(files) > 100
    taken = {
        str(path.relative_to(ROOT)): private_names_taken(path)
        for path in files
        if path not in own and "cases_data" not in path.parts
    }
    assert {name: found for name, found in taken.items() if found} == {}
