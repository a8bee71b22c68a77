"""The reading detector of ``conformance run`` (issue 25, item 5).

The runner groups the cases tagged ``reading:NAME=VALUE`` that are identical
but for the reading's value in ``config.readings``, sends each group's case
once more with the reading removed, and says which value's expectations the
answers match.  Here it is judged two ways:

* on small hand-made suites, with ``tests/fake_adapter.py canned`` answering
  exactly what each test wants (the verdicts follow from those answers by
  the detector's rule, worked out in each test);
* on the real suite, with this library's adapter run with each non-default
  reading (``wizard-rules conformance adapter --reading NAME=VALUE``), which
  must be found to follow it, and the defaults without a flag.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from wizard_rules.conformance.report import NONE_OF_OURS, NOT_RUN, format_report, json_report
from wizard_rules.conformance.runner import run_suite
from wizard_rules.conformance.suite import (
    DETECT_SUFFIX,
    Case,
    Suite,
    load_suite,
    reading_tags,
    without_reading,
)

HERE = Path(__file__).parent
FAKE = HERE / "fake_adapter.py"

# -- hand-made suites ------------------------------------------------------------------


def _case(
    case_id: str, tags: list[str], readings: dict[str, str] | None, state: dict[str, Any]
) -> dict[str, Any]:
    config: dict[str, Any] = {"players": 3}
    if readings is not None:
        config["readings"] = readings
    actions: list[Any] = (
        [] if case_id < "demo.003" else [{"type": "deal", "hands": [], "turned": None}]
    )
    return {
        "id": case_id,
        "rule": "31.3",
        "description": f"hand-made case {case_id}",
        "tags": tags,
        "given": {"config": config, "actions": actions},
        "expect": {"state": state},
    }


# Two groups of the reading "demo" (values a, the default, and b), told apart
# by their actions; and one group of the reading "other" whose cases all carry
# demo=b too, so that only "other" is removed from them.
CASES = [
    _case("demo.001", ["reading:demo=a"], None, {"phase": "bid"}),
    _case("demo.002", ["reading:demo=b"], {"demo": "b"}, {"phase": "play"}),
    _case("demo.003", ["reading:demo=a"], {}, {"round": 1}),
    _case("demo.004", ["reading:demo=b"], {"demo": "b"}, {"round": 2}),
    _case("demo.005", ["reading:other=x"], {"demo": "b"}, {"dealer": 0}),
    _case("demo.006", ["reading:other=y"], {"demo": "b", "other": "y"}, {"dealer": 1}),
    _case("demo.007", ["rule"], None, {"phase": "deal"}),
]


def _suite(tmp_path: Path, cases: list[dict[str, Any]] = CASES) -> Suite:
    root = tmp_path / "suite"
    (root / "cases").mkdir(parents=True)
    manifest = {"suite_version": "0.0.1", "protocol": 2, "files": ["demo.json"], "retired": []}
    (root / "suite.json").write_text(json.dumps(manifest))
    (root / "cases" / "demo.json").write_text(json.dumps({"area": "demo", "cases": cases}))
    return load_suite(root)


def _canned(tmp_path: Path, answers: dict[str, Any]) -> str:
    """The command of a fake adapter that answers the cases of ``answers`` as given."""
    every = {case["id"]: {"errors": [], "state": case["expect"]["state"]} for case in CASES}
    every.update(answers)
    path = tmp_path / "canned.json"
    path.write_text(json.dumps(every))
    return shlex.join([sys.executable, str(FAKE), "canned", str(path)])


def _state(state: dict[str, Any]) -> dict[str, Any]:
    return {"errors": [], "state": state}


def test_the_tags_and_the_configuration_without_a_reading() -> None:
    case = Case("x.1", "1", "x", "", {}, (), (), None, None, ("rule", "reading:a=b", "reading:c"))
    assert reading_tags(case) == (("a", "b"),)
    assert without_reading({"players": 3, "readings": {"a": "b"}}, "a") == {"players": 3}
    assert without_reading({"players": 3, "readings": {"a": "b", "c": "d"}}, "a") == {
        "players": 3,
        "readings": {"c": "d"},
    }
    assert without_reading({"players": 3, "readings": {}}, "a") == {"players": 3}
    assert without_reading({"players": 3}, "a") == {"players": 3}


def test_an_adapter_that_follows_one_value_in_every_group_is_found_to_follow_it(
    tmp_path: Path,
) -> None:
    suite = _suite(tmp_path)
    # The stripped requests answered as the b cases expect (and "other" as x).
    command = _canned(
        tmp_path,
        {
            "demo.001" + DETECT_SUFFIX: _state({"phase": "play"}),
            "demo.003" + DETECT_SUFFIX: _state({"round": 2}),
            "demo.005" + DETECT_SUFFIX: _state({"dealer": 0}),
        },
    )
    report = run_suite(suite, command)
    assert report.detected == {"demo": "b", "other": "x"}
    demo, other = report.readings
    assert demo.values == ("a", "b")
    assert demo.default == "a"
    assert [group.cases for group in demo.groups] == [
        ("demo.001", "demo.002"),
        ("demo.003", "demo.004"),
    ]
    assert [group.matched for group in demo.groups] == [("b",), ("b",)]
    # Every case of demo that names it in its config passed: 002 and 004
    # (005 and 006 carry demo=b too, but are cases of the reading "other").
    assert (demo.honours, demo.honoured, demo.naming) == ("yes", 2, 2)
    assert (other.default, other.honours, other.naming) == ("x", "yes", 1)
    assert report.ok


def test_the_detector_removes_only_its_reading_from_the_configuration(tmp_path: Path) -> None:
    suite = _suite(tmp_path)
    # The group of "other" keeps demo=b: the request is demo.005's own case.
    seen = tmp_path / "requests.jsonl"
    command = _canned(tmp_path, {})
    script = tmp_path / "recording.py"
    script.write_text(
        "import sys, runpy\n"
        f"log = open({str(seen)!r}, 'a')\n"
        "class Tee:\n"
        "    def __init__(self, source): self.source = source\n"
        "    def __iter__(self):\n"
        "        for line in self.source:\n"
        "            log.write(line); log.flush(); yield line\n"
        "sys.stdin = Tee(sys.stdin)\n"
        f"sys.argv = {[str(FAKE), 'canned', str(tmp_path / 'canned.json')]!r}\n"
        f"runpy.run_path({str(FAKE)!r}, run_name='__main__')\n"
    )
    del command
    run_suite(suite, shlex.join([sys.executable, str(script)]))
    requests = [json.loads(line) for line in seen.read_text().splitlines()]
    extra = {r["id"]: r for r in requests if str(r.get("id", "")).endswith(DETECT_SUFFIX)}
    assert sorted(extra) == ["demo.001~detect", "demo.003~detect", "demo.005~detect"]
    assert extra["demo.001~detect"]["config"] == {"players": 3}
    assert extra["demo.003~detect"]["config"] == {"players": 3}
    assert extra["demo.005~detect"]["config"] == {"players": 3, "readings": {"demo": "b"}}
    assert extra["demo.003~detect"]["observe"] == ["round"]


def test_an_adapter_that_follows_no_value_in_every_group_follows_none_of_ours(
    tmp_path: Path,
) -> None:
    suite = _suite(tmp_path)
    # Group 1 answered as b expects, group 2 as a expects: no value matches
    # both; "other" answered as neither x nor y expects.
    command = _canned(
        tmp_path,
        {
            "demo.001" + DETECT_SUFFIX: _state({"phase": "play"}),
            "demo.003" + DETECT_SUFFIX: _state({"round": 1}),
            "demo.005" + DETECT_SUFFIX: _state({"dealer": 2}),
            "demo.002": _state({"phase": "bid"}),  # the key not honoured
        },
    )
    report = run_suite(suite, command)
    assert report.detected == {"demo": NONE_OF_OURS, "other": NONE_OF_OURS}
    demo = report.readings[0]
    assert [group.matched for group in demo.groups] == [("b",), ("a",)]
    assert (demo.honours, demo.honoured, demo.naming) == ("no", 1, 2)
    assert not report.ok  # demo.002 failed; the detector's verdict does not fail a run
    text = format_report(report, suite)
    row = next(line for line in text.splitlines() if line.startswith("demo "))
    assert row.split() == [
        "demo",
        "none",
        "of",
        "ours",
        "a",
        "no",
        "(1",
        "of",
        "2)",
        "2",
        "of",
        "2",
    ]


def test_an_adapter_that_does_not_know_the_cards_is_not_run(tmp_path: Path) -> None:
    suite = _suite(tmp_path)
    unsupported = {"unsupported": True}
    answers = {case["id"]: unsupported for case in CASES[:6]}
    for first in ("demo.001", "demo.003", "demo.005"):
        answers[first + DETECT_SUFFIX] = unsupported
    report = run_suite(suite, _canned(tmp_path, answers))
    assert report.detected == {"demo": NOT_RUN, "other": NOT_RUN}
    assert [group.outcome for group in report.readings[0].groups] == ["unsupported"] * 2
    assert report.readings[0].honours == NOT_RUN
    assert report.ok
    document = json_report(report, suite)
    assert document["readings"][0]["verdict"] == NOT_RUN
    assert document["readings"][0]["groups"][0]["id"] == "demo.001~detect"


def test_a_group_answered_wrongly_is_an_error_and_the_others_decide(tmp_path: Path) -> None:
    suite = _suite(tmp_path)
    # Group 1's answer observes what was not asked for (an adapter error);
    # group 2 is answered as b expects: b is followed in every answered group.
    command = _canned(
        tmp_path,
        {
            "demo.001" + DETECT_SUFFIX: _state({"phase": "play", "round": 1}),
            "demo.003" + DETECT_SUFFIX: _state({"round": 2}),
        },
    )
    report = run_suite(suite, command)
    demo = report.readings[0]
    assert [group.outcome for group in demo.groups] == ["error", "answered"]
    assert "not asked for" in demo.groups[0].detail
    assert demo.verdict == "b"
    text = format_report(report, suite)
    assert "demo: demo.001~detect: error: " in text
    # Drawn by a table formatter (rich on a terminal): the same rows.
    drawn = format_report(
        report,
        suite,
        table=lambda head, rows: [" | ".join(head)] + [" | ".join(row) for row in rows],
    )
    assert "demo | b | a | yes (2 of 2) | 1 of 2" in drawn


def test_partly_unsupported_answers_and_cases_that_do_not_tell_values_apart(
    tmp_path: Path,
) -> None:
    suite = _suite(tmp_path)
    command = _canned(
        tmp_path,
        {
            # Both values expect nothing the answer gives: unsupported in part.
            "demo.001" + DETECT_SUFFIX: {"errors": [], "state": {}, "unsupported": ["phase"]},
            "demo.003" + DETECT_SUFFIX: _state({"round": 2}),
        },
    )
    report = run_suite(suite, command, run=["demo.00[1-4]"])
    # Only the selected cases' readings are detected; "other" is left out.
    assert [reading.name for reading in report.readings] == ["demo"]
    assert [group.outcome for group in report.readings[0].groups] == ["unsupported", "answered"]
    assert report.readings[0].verdict == "b"
    assert run_suite(suite, command, run=["demo.007"]).readings == ()


def test_a_run_that_stopped_asks_no_group(tmp_path: Path) -> None:
    suite = _suite(tmp_path)
    failing = shlex.join([sys.executable, str(FAKE), "exit"])
    report = run_suite(suite, failing)
    assert report.detected == {"demo": NOT_RUN, "other": NOT_RUN}
    assert {group.outcome for r in report.readings for group in r.groups} == {"not-run"}
    old = shlex.join([sys.executable, str(FAKE), "v1"])
    # A version-1 adapter: no position in these cases, so every group is sent.
    assert run_suite(suite, old).readings[0].groups[0].outcome != "not-run"


def test_a_group_whose_adapter_crashes_or_speaks_protocol_1_is_left_out(tmp_path: Path) -> None:
    suite = _suite(tmp_path)
    crashing = shlex.join([sys.executable, str(FAKE), "crash", "demo.001" + DETECT_SUFFIX])
    report = run_suite(suite, crashing)
    demo = report.readings[0]
    assert [group.outcome for group in demo.groups] == ["error", "answered"]
    assert "exited" in demo.groups[0].detail
    # Cases that start from a position are not sent to a version-1 adapter.
    positioned = [dict(case, given={**case["given"], "position": {}}) for case in CASES[:2]]
    old = shlex.join([sys.executable, str(FAKE), "v1"])
    report = run_suite(_suite(tmp_path / "v1", positioned), old)
    (group,) = report.readings[0].groups
    assert (group.outcome, report.readings[0].verdict) == ("unsupported", NOT_RUN)
    assert "protocol 2" in group.detail


def test_a_perft_case_of_a_group_is_judged_on_its_count(tmp_path: Path) -> None:
    counted = [
        dict(case, expect={**case["expect"], "perft": {"depth": 1, "count": count}})
        for case, count in zip(CASES[:2], (3, 4), strict=True)
    ]
    suite = _suite(tmp_path, counted)
    answers = {
        "demo.001": {"errors": [], "state": {"phase": "bid"}, "perft": 3},
        "demo.002": {"errors": [], "state": {"phase": "play"}, "perft": 4},
        "demo.001" + DETECT_SUFFIX: {"errors": [], "state": {"phase": "play"}, "perft": 4},
    }
    path = tmp_path / "perft.json"
    path.write_text(json.dumps(answers))
    report = run_suite(suite, shlex.join([sys.executable, str(FAKE), "canned", str(path)]))
    assert report.detected == {"demo": "b"}


def test_a_group_is_not_asked_when_the_adapter_cannot_be_started_again(tmp_path: Path) -> None:
    # The adapter crashes on the first group's request and cannot be started again: each
    # later group is an error too (its handshake fails) or, once the runner gives up, not
    # asked; none is judged.
    marker = tmp_path / "started"
    once = tmp_path / "once.py"
    once.write_text(
        "import os, sys\n"
        f"if os.path.exists({str(marker)!r}):\n"
        "    sys.exit(3)\n"
        f"open({str(marker)!r}, 'w').close()\n"
        f"os.execv(sys.executable, [sys.executable, {str(FAKE)!r}, 'crash', "
        f"{'demo.001' + DETECT_SUFFIX!r}])\n"
    )
    report = run_suite(_suite(tmp_path), shlex.join([sys.executable, str(once)]))
    groups = [group for verdict in report.readings for group in verdict.groups]
    assert len(groups) == 3
    first, *later = groups
    assert (first.outcome, "crashing on purpose" in first.detail) == ("error", True)
    assert {group.outcome for group in later} <= {"error", "not-run"}
    assert any(
        group.outcome == "error" and group.detail.startswith("handshake failed") for group in later
    )


# -- the real suite -------------------------------------------------------------------

READING_CASES = ["tag:reading:*"]


def _ours(*readings: str) -> str:
    flags = [part for reading in readings for part in ("--reading", reading)]
    return shlex.join([sys.executable, "-m", "wizard_rules", "conformance", "adapter", *flags])


def _defaults() -> dict[str, str]:
    from wizard_rules.core.anniversary.readings import READINGS

    return {reading.name: reading.default for reading in READINGS}


def test_the_suite_has_groups_for_every_reading_of_several_values() -> None:
    from wizard_rules.core.anniversary.readings import READINGS

    suite = load_suite()
    named = {name for case in suite.cases for name, _ in reading_tags(case)}
    assert {reading.name for reading in READINGS if len(reading.values) > 1} <= named
    for case in suite.cases:
        for name, value in reading_tags(case):
            reading = next(r for r in READINGS if r.name == name)
            assert value in reading.values, case.id


def test_our_adapter_follows_every_default_without_a_flag() -> None:
    report = run_suite(load_suite(), _ours(), run=READING_CASES)
    named = {reading.name for reading in report.readings}
    assert report.detected == {k: v for k, v in _defaults().items() if k in named}
    assert all(reading.honours == "yes" for reading in report.readings if reading.naming)
    assert report.ok


NON_DEFAULT = [
    f"{reading}={value}"
    for reading, values in (
        ("bomb_leader", ("highest_card",)),
        ("cloud_timing", ("round_end",)),
        ("effect_order", ("cloud_juggler_witch",)),
        ("vampire_under_werewolf", ("displaced_card",)),
    )
    for value in values
]


@pytest.mark.parametrize("chosen", NON_DEFAULT)
def test_our_adapter_with_a_non_default_reading_is_found_to_follow_it(chosen: str) -> None:
    name, value = chosen.split("=")
    report = run_suite(load_suite(), _ours(chosen), run=READING_CASES)
    expected = {k: v for k, v in _defaults().items() if k in report.detected}
    expected[name] = value
    assert report.detected == expected
    # The configurations that name the reading are still played as they say.
    # (Those of another reading may fail: the effect_order cases play their
    # Clouds after the trick, cloud_timing's default, which they do not name.)
    chosen_reading = next(reading for reading in report.readings if reading.name == name)
    assert chosen_reading.honours == "yes"
    text = format_report(report, load_suite())
    assert any(line.split()[:2] == [name, value] for line in text.splitlines())


def _canned_for_the_suite(tmp_path: Path, answer: Any) -> str:
    suite = load_suite()
    cases = [case for case in suite.cases if reading_tags(case)]
    answers = {case.id: answer(case) for case in cases}
    answers.update({case.id + DETECT_SUFFIX: answer(case) for case in cases})
    path = tmp_path / "canned.json"
    path.write_text(json.dumps(answers))
    return shlex.join([sys.executable, str(FAKE), "canned", str(path)])


def test_an_adapter_that_plays_something_else_follows_none_of_ours(tmp_path: Path) -> None:
    def elsewhere(case: Case) -> dict[str, Any]:
        return {"errors": [], "state": dict.fromkeys(case.state or {}, "something else")}

    report = run_suite(load_suite(), _canned_for_the_suite(tmp_path, elsewhere), run=READING_CASES)
    assert report.readings
    assert set(report.detected.values()) == {NONE_OF_OURS}
    assert all(reading.honours in ("no", "-") for reading in report.readings)


def test_an_adapter_that_does_not_know_the_cards_is_not_run_on_the_suite(tmp_path: Path) -> None:
    command = _canned_for_the_suite(tmp_path, lambda case: {"unsupported": True})
    report = run_suite(load_suite(), command, run=READING_CASES)
    assert report.readings
    assert set(report.detected.values()) == {NOT_RUN}
    assert report.ok


def test_a_reading_flag_of_the_adapter_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    from wizard_rules.cli import main

    for flags, message in (
        (["--reading", "bomb_leader=nobody"], "the reading bomb_leader is"),
        (["--reading", "nothing=at_all"], "a reading is NAME=VALUE"),
        (["--reading", "cloud_timing=round_end"] * 2, "the reading cloud_timing is given twice"),
    ):
        with pytest.raises(SystemExit) as stopped:
            main(["conformance", "adapter", *flags])
        assert stopped.value.code == 2
        assert message in capsys.readouterr().err
