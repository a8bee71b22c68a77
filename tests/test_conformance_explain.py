"""Reports point at the cause: the first divergence of a failing case, and the position there."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs

from wizard_rules import Position
from wizard_rules.conformance.explain import first_divergence, position_text
from wizard_rules.conformance.judge import judge
from wizard_rules.conformance.runner import (
    CaseResult,
    Outcome,
    Report,
    format_report,
    json_report,
    show_case,
)
from wizard_rules.conformance.suite import Case, load_suite

ROOT = Path(__file__).resolve().parent.parent
SUITE = load_suite()
CASES = {case.id: case for case in SUITE.cases}
# Three players, a whole game replayed from the first deal: games.001 of suite
# 2.0.0, retired since (no case of the suite replays a whole game any more).
GAME = load_suite(ROOT / "tests" / "whole_game").cases[0]


def right_answer(case: Case) -> dict[str, Any]:
    """The answer the case expects, as an adapter would send it."""
    return {
        "type": "result",
        "id": case.id,
        "errors": [dict(error) for error in case.errors],
        "state": copy.deepcopy(case.state),
        "perft": None if case.perft is None else case.perft["count"],
    }


def deals(case: Case) -> list[int]:
    """The indices of the case's deal actions, read from the case data alone."""
    return [
        i
        for i, action in enumerate(case.actions)
        if isinstance(action, dict) and action.get("type") == "deal"
    ]


def test_a_right_answer_has_no_divergence() -> None:
    judgement = judge(GAME, right_answer(GAME))
    assert judgement.passed
    assert first_divergence(GAME, judgement.differences) is None


def test_a_wrong_round_is_found_at_the_action_that_finished_it() -> None:
    # Round 3's scores and round 5's bids are wrong: the first divergence is
    # the last action of round 3, the one just before round 4's deal.
    answer = right_answer(GAME)
    answer["state"]["round_scores"][2][0] += 10
    answer["state"]["round_bids"][4][1] += 1
    answer["state"]["scores"][0] += 10
    judgement = judge(GAME, answer)
    assert not judgement.passed
    divergence = first_divergence(GAME, judgement.differences)
    assert divergence is not None
    round_4_deal = deals(GAME)[3]
    assert divergence.step == round_4_deal - 1
    assert divergence.action == GAME.actions[round_4_deal - 1]
    assert divergence.difference.key == "state.round_scores"
    # The position before that action: round 3, one card left to play.
    assert divergence.position is not None
    position = Position.from_text(divergence.position)
    assert position.round == 3
    assert sum(len(hand or ()) for hand in position.hands) == 1


def test_a_wrong_refusal_is_found_at_the_first_action_that_differs() -> None:
    case = next(c for c in SUITE.cases if len(c.errors) == 1 and c.errors[0]["at"] == 5)
    answer = right_answer(case)
    answer["errors"] = []  # the adapter took action 5
    divergence = first_divergence(case, judge(case, answer).differences)
    assert divergence is not None
    assert divergence.step == 5
    assert divergence.action == case.actions[5]
    assert divergence.difference.key == "errors"


def test_an_observation_of_the_end_diverges_after_the_last_action() -> None:
    answer = right_answer(GAME)
    answer["state"]["winners"] = [9]
    divergence = first_divergence(GAME, judge(GAME, answer).differences)
    assert divergence is not None
    assert divergence.step == len(GAME.actions)
    assert divergence.action is None
    assert divergence.position is not None
    assert " over " in divergence.position


def test_a_refused_start_diverges_at_the_start() -> None:
    case = next(
        c
        for c in SUITE.cases
        if c.errors and c.errors[0] == {"at": None, "code": "invalid_config"}
    )
    answer = right_answer(case)
    answer["errors"] = []
    answer["state"] = dict.fromkeys(case.state or {})
    divergence = first_divergence(case, judge(case, answer).differences)
    assert divergence is not None
    assert divergence.step is None
    assert divergence.position is None


def test_a_wrong_start_of_a_good_case_diverges_at_its_position() -> None:
    # The adapter refused a position the library takes.
    case = next(c for c in SUITE.cases if c.position is not None and not c.errors)
    answer = right_answer(case)
    answer["errors"] = [{"at": None, "code": "invalid_position"}]
    divergence = first_divergence(case, judge(case, answer).differences)
    assert divergence is not None
    assert divergence.step is None
    assert divergence.position == position_text(case.position)


def test_the_report_prints_the_first_divergence_and_the_position() -> None:
    answer = right_answer(GAME)
    answer["state"]["round_trick_winners"][1] = [9, 9]
    judgement = judge(GAME, answer)
    result = CaseResult(
        GAME,
        Outcome.FAILED,
        judgement.expected,
        judgement.got,
        differences=judgement.differences,
    )
    report = Report({"name": "x", "version": "1", "protocol": 2}, (result,), "")
    round_3_deal = deals(GAME)[2]
    last = GAME.actions[round_3_deal - 1]
    assert isinstance(last, dict)
    text = format_report(report, SUITE, first_divergence)
    assert (
        f"first divergence: at action {round_3_deal - 1} "
        f"(P{last['player']} plays {last['card']}), in state.round_trick_winners"
    ) in text
    assert "    position before it: players=3 round=2 " in text
    assert "first divergence" not in format_report(report, SUITE)  # no explainer, no guess
    found = json_report(report, SUITE, first_divergence)["results"][0]["divergence"]
    assert found["step"] == round_3_deal - 1
    assert found["key"] == "state.round_trick_winners"
    assert found["position"].startswith("players=3 round=2 ")


def test_show_prints_a_starting_position_in_the_notation() -> None:
    case = next(c for c in SUITE.cases if c.position is not None)
    text = show_case(case, position_text)
    line = next(line for line in text.splitlines() if line.startswith("position: "))
    assert Position.from_text(line.removeprefix("position: ")).to_text() == position_text(
        case.position
    )
    # Without the library's help, the position is shown as JSON.
    assert json.dumps(case.position, sort_keys=True) in show_case(case)
    assert position_text({"not": "a position"}) is None


def test_the_command_line_report_points_at_the_divergence(tmp_path: Path) -> None:
    # Round 2 of a three-player game, from the position after its bids, with
    # the round's scores wrong: the divergence is the card that ended it.
    case = CASES["games.018"]
    answer = right_answer(case)
    answer["state"]["round_scores"][0] = [0, 0, 0]
    canned = tmp_path / "canned.json"
    canned.write_text(json.dumps({case.id: answer}), encoding="utf-8")
    fake = f'"{sys.executable}" "{ROOT / "tests" / "fake_adapter.py"}" canned "{canned}"'
    result = subprocess.run(
        [sys.executable, "-m", "wizard_rules", "conformance", "run"]
        + ["--adapter", fake, "--run", case.id],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 1
    assert f"first divergence: at action {len(case.actions) - 1} (" in result.stdout
    assert "position before it: players=3 round=2 " in result.stdout


def test_a_case_without_differences_is_not_explained() -> None:
    assert first_divergence(attrs.evolve(GAME), ()) is None


def test_a_refusal_list_that_is_not_a_list_diverges_at_the_first_expected_refusal() -> None:
    case = next(c for c in SUITE.cases if len(c.errors) == 1 and c.errors[0]["at"] == 5)
    answer = right_answer(case)
    answer["errors"] = "none"
    divergence = first_divergence(case, judge(case, answer).differences)
    assert divergence is not None
    assert divergence.step == 5


def test_the_report_says_when_a_case_goes_wrong_at_its_start() -> None:
    refused = {"at": None, "code": "invalid_config"}
    case = next(c for c in SUITE.cases if c.errors and c.errors[0] == refused)
    answer = right_answer(case)
    answer["errors"] = []
    answer["state"] = dict.fromkeys(case.state or {})
    judgement = judge(case, answer)
    result = CaseResult(
        case, Outcome.FAILED, judgement.expected, judgement.got, differences=judgement.differences
    )
    report = Report({"name": "x", "version": "1", "protocol": 2}, (result,), "")
    text = format_report(report, SUITE, first_divergence)
    assert "first divergence: at the start (the configuration or the position), in errors" in text
    assert "position before it" not in text


def test_a_part_left_out_diverges_after_the_last_action() -> None:
    answer = right_answer(GAME)
    del answer["state"]["round_scores"]
    divergence = first_divergence(GAME, judge(GAME, answer).differences)
    assert divergence is not None
    assert divergence.difference.missing
    assert divergence.step == len(GAME.actions)
