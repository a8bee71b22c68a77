"""``wizard-rules conformance fuzz``: protocol 2, the differential mode and its shrinking."""

from __future__ import annotations

import io
import json
import random
import shlex
import sys
import time
from pathlib import Path
from typing import cast

import attrs
import jsonschema
import pytest

from tests.broken_adapter import _reversed
from wizard_rules import Config
from wizard_rules.cli import main
from wizard_rules.conformance.adapter import Session, handle, run_case
from wizard_rules.conformance.fuzz import (
    AdapterClient,
    Disagreement,
    FuzzError,
    FuzzResult,
    case_of,
    format_case,
    fuzz,
    play_game,
    report,
    shrink,
    shrink_to_position,
)
from wizard_rules.conformance.protocol import JSON, JSONObject
from wizard_rules.core.position import position_of
from wizard_rules.core.rules import CanadianRule, ListedSchedule, OddSchedule, Rules
from wizard_rules.core.state import Phase, new_game
from wizard_rules.formats.records import config_to_dict, position_to_dict

HERE = Path(__file__).parent
ROOT = HERE.parent
PYTHON = sys.executable
OURS = f"{PYTHON} -m wizard_rules conformance adapter"
LAST_WIZARD = f"{PYTHON} {HERE / 'broken_adapter.py'} last-wizard"
TAKEN = f"{PYTHON} {HERE / 'broken_adapter.py'} taken"


def _broken(mode: str, *rest: str) -> str:
    return shlex.join([PYTHON, str(HERE / "broken_adapter.py"), mode, *rest])


def _check_case(case: JSONObject) -> None:
    """The case is valid against the schema, and this library passes it."""
    schema = json.loads((ROOT / "conformance" / "schema.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(
        {"area": "fuzz", "description": "found by fuzz", "cases": [case]}
    )
    given, expect = case["given"], case["expect"]
    assert type(given) is dict
    assert type(expect) is dict
    actions = given["actions"]
    assert type(actions) is list
    state = expect.get("state") or {}
    assert type(state) is dict
    result = run_case(given["config"], actions, list(state), None, given.get("position"))
    assert result["state"] == state
    assert result["errors"] == expect.get("errors", [])


# -- protocol version 2, this library's side ------------------------------------------------------


def _hello(asked: int) -> int:
    answer = handle({"type": "hello", "protocol": asked})
    assert answer is not None
    assert answer["type"] == "hello"
    return answer["protocol"]


def test_the_adapter_answers_hello_with_the_version_asked_for() -> None:
    assert [_hello(2), _hello(1), _hello(9)] == [2, 1, 1]


def test_a_session_starts_applies_refuses_and_observes() -> None:
    session = Session()
    config = {"players": 3, "first_dealer": 0, "forbid_bid_total_match": False}
    assert handle({"type": "query", "observe": []}, session)["type"] == "error"  # type: ignore[index]
    assert session.handle({"type": "start", "config": {"players": 9}}) == {
        "type": "refused",
        "code": "invalid_config",
    }
    assert session.handle({"type": "start", "config": config}) == {"type": "ok"}
    bid = {"type": "bid", "player": 1, "tricks": 0}
    assert session.handle({"type": "apply", "action": bid}) == {
        "type": "refused",
        "code": "wrong_phase",
    }
    assert session.handle({"type": "apply", "action": {"type": "?"}})["type"] == "refused"
    deal = {"type": "deal", "hands": [["H1"], ["H2"], ["H3"]], "turned": "C4"}
    assert session.handle({"type": "apply", "action": deal}) == {"type": "ok"}
    assert session.handle({"type": "apply", "action": bid}) == {"type": "ok"}
    assert session.handle({"type": "query", "observe": ["current_player", "x"]}) == {
        "type": "observed",
        "state": {"current_player": 2},
    }
    assert session.handle({"type": "query", "observe": "bids"})["type"] == "error"


def test_a_session_starts_from_a_position() -> None:
    session = Session()
    state = new_game(Config(players=4))
    position = position_to_dict(position_of(state))
    config = config_to_dict(state.config)
    assert session.handle({"type": "start", "config": config, "position": position}) == {
        "type": "ok"
    }
    assert session.state is not None
    assert session.state.round == 1
    other = {**config, "players": 3}
    for request in (
        {"type": "start", "config": other, "position": position},
        {"type": "start", "config": config, "position": {"round": 1}},
    ):
        assert session.handle(request) == {"type": "refused", "code": "invalid_position"}


def test_serve_keeps_one_game_across_requests() -> None:
    from wizard_rules.conformance.adapter import serve

    config = {"players": 3, "first_dealer": 0, "forbid_bid_total_match": False}
    lines = [
        {"type": "start", "config": config},
        {"type": "query", "observe": ["phase"]},
        {"type": "bye"},
    ]
    out = io.StringIO()
    serve(io.StringIO("".join(json.dumps(line) + "\n" for line in lines)), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers == [{"type": "ok"}, {"type": "observed", "state": {"phase": "deal"}}]


# -- the differential mode ------------------------------------------------------------------------


@pytest.mark.slow
def test_fuzz_finds_nothing_against_our_own_adapter() -> None:
    result = fuzz(OURS, games=3, seed=5, players=(3, 6))
    assert result.found is None
    assert result.games == 3
    assert result.steps > 100
    out = io.StringIO()
    assert report(result, out) == 0
    assert out.getvalue().startswith("no deviation in 3 games")


@pytest.mark.slow
@pytest.mark.parametrize("command", [LAST_WIZARD, TAKEN])
def test_fuzz_catches_a_broken_rule_and_shrinks_it_to_one_round(command: str) -> None:
    result = fuzz(command, games=200, seed=11, max_deviations=1)
    assert result.found is not None
    assert result.shrunk is not None
    assert result.games <= 200
    assert result.shrunk.rounds <= 1
    # From the latest position it still goes wrong from: the last card of a trick.
    assert result.shrunk.start is not None
    assert len(result.shrunk.actions) <= 1
    _check_case(case_of(result.shrunk))
    given = case_of(result.shrunk)["given"]
    assert type(given) is dict
    assert given["position"] == result.shrunk.start
    out = io.StringIO()
    assert report(result, out) == 1
    text = out.getvalue()
    assert "position: players=" in text
    case = json.loads(text[text.index("case:\n") + 6 :])
    assert case == case_of(result.shrunk)
    assert "stopped at the limit of 1 deviations" in text


@pytest.mark.slow
def test_shrinking_keeps_a_disagreement_it_cannot_make_smaller() -> None:
    # 10 per trick taken only shows at a round's end: round 1 is as small as it gets.
    result = fuzz(TAKEN, games=5, seed=3, players=(3,), options=(False,), max_deviations=1)
    assert result.found is not None
    assert result.found.rounds == 1
    assert result.shrunk is not None
    assert result.shrink_games == 0
    # Only its start moved: to the position before the round's last card.
    assert result.shrunk.actions == result.found.actions[-1:]
    assert attrs.evolve(result.shrunk, actions=result.found.actions, start=None) == result.found


class _Liar(AdapterClient):
    """In process: this library's session, with its answers replaced by each of ``lies``."""

    def __init__(self, *lies: str) -> None:
        self.session, self.lies = Session(), lies

    def step(self, message: JSONObject, expect: str) -> JSONObject:
        answer = cast(JSONObject, self.session.handle(message))
        kind, lies = message["type"], self.lies
        if kind == "apply" and "refuse-all" in lies:
            return {"type": "refused", "code": "wrong_phase"}
        if kind == "apply" and "accept-all" in lies:
            return {"type": "ok"}
        if kind == "start" and "refuse-config" in lies:
            return {"type": "refused", "code": "invalid_config"}
        if kind == "start" and "position" in message and "no-positions" in lies:
            return {"type": "refused", "code": "unsupported"}
        if kind == "query" and "forget" in lies:
            return {"type": "observed", "state": None}
        if kind == "query" and "reorder" in lies:
            return cast(JSONObject, _reversed(answer))
        if kind == "query" and "odd-leader" in lies:
            return _odd_leader(self.session, answer)
        return answer


def _odd_leader(session: Session, answer: JSONObject) -> JSONObject:
    """At a deal and after the end, a leader and tricks won the protocol does not define."""
    state = answer["state"]
    assert session.state is not None
    if type(state) is dict and session.state.phase in (Phase.DEAL, Phase.GAME_OVER):
        return {**answer, "state": {**state, "leader": 5, "tricks_won": [7, 7, 7]}}
    return answer


@pytest.mark.parametrize(
    ("lie", "what", "key"),
    [
        ("refuse-all", "apply", None),
        ("accept-all", "refuse", None),
        ("forget", "observe", "rounds"),
    ],
)
def test_each_kind_of_disagreement_becomes_a_case(lie: str, what: str, key: str | None) -> None:
    run = play_game(_Liar(lie), Config(players=3), random.Random(1))
    assert len(run.deviations) == 1
    found = run.deviations[0]
    assert (found.what, found.key) == (what, key)
    assert run.steps >= 1
    assert what in ("observe", "apply") or found.action is not None
    assert found.describe()
    case = case_of(found, 7)
    assert case["id"] == "fuzz.007"
    if what != "observe":
        _check_case(case)
    assert json.loads(format_case(case)) == case


@pytest.mark.slow
def test_key_order_is_not_a_disagreement() -> None:
    # The adapter writes every object's keys in reverse order (the legal
    # actions' too): the values are the same, so nothing differs.
    run = play_game(_Liar("reorder"), Config(players=4), random.Random(2))
    assert run.deviations == ()
    assert run.steps > 100
    result = fuzz(_broken("reordered"), games=1, seed=3, players=(3,))
    assert result.deviations == ()


def test_fuzz_compares_no_leader_or_tricks_won_at_a_deal_or_the_end() -> None:
    # The protocol defines neither there; an adapter may answer anything.
    run = play_game(_Liar("odd-leader"), Config(players=6), random.Random(4))
    assert run.deviations == ()
    assert run.steps > 100


def test_a_game_goes_on_past_a_disagreement_from_this_librarys_position() -> None:
    # Every illegal action accepted: one deviation a step, each followed by a
    # start from the position past it, to the end of the game.
    run = play_game(_Liar("accept-all"), Config(players=6), random.Random(1), keep_going=True)
    assert run.cut == ""
    assert len(run.deviations) == run.steps == run.restarts
    assert run.deviations[-1].round == 10
    assert {found.start is not None for found in run.deviations[1:]} == {True}


@pytest.mark.slow
def test_an_adapter_that_cannot_start_from_a_position_cuts_the_game_short() -> None:
    run = play_game(
        _Liar("accept-all", "no-positions"), Config(players=3), random.Random(1), keep_going=True
    )
    assert (len(run.deviations), run.cut, run.restarts) == (1, "unsupported", 0)
    # A legal action refused: the game goes on from the position after it.
    run = play_game(_Liar("refuse-all"), Config(players=3), random.Random(1), keep_going=True)
    assert run.restarts >= 1
    assert "apply" in {found.what for found in run.deviations}
    run = play_game(
        _Liar("refuse-all", "no-positions"), Config(players=3), random.Random(1), keep_going=True
    )
    assert (len(run.deviations), run.cut) == (1, "unsupported")


@pytest.mark.parametrize("lie", ["no-positions", "refuse-all", "none"])
def test_a_disagreement_no_position_shows_keeps_its_first_deal(lie: str) -> None:
    # An adapter that cannot start from a position, or refuses what is played
    # from one, or agrees from every position (its fault lay in what it
    # remembered): the disagreement still starts at the first deal.
    found = _round_1_disagreement("observe", None, 1, 2)
    assert shrink_to_position(_Liar(lie), found) is found
    # One that started from a position is moved no earlier than its start.
    moved = shrink_to_position(_Liar("accept-all"), _round_1_disagreement("refuse", *_TURN))
    assert moved.start is not None
    assert shrink_to_position(_Liar(lie), moved) is moved


_TURN: tuple[JSON, JSON, JSON] = (
    {"type": "play", "player": 0, "card": "C2"},
    "not_your_turn",
    "ok",
)


@pytest.mark.parametrize(
    ("lie", "what", "action", "expected", "got", "rule"),
    [
        # Seat 0 plays out of turn: seat 2 is next, as play goes left (rule 5.2).
        ("accept-all", "refuse", *_TURN, "5.2"),
        # A legal card refused: the legal actions are those applied (rule 11.10).
        (
            "refuse-all",
            "apply",
            {"type": "play", "player": 2, "card": "C4"},
            "ok",
            "wrong_phase",
            "11.10",
        ),
    ],
)
def test_a_refusal_shown_from_a_position_starts_there(
    lie: str, what: str, action: JSON, expected: JSON, got: JSON, rule: str
) -> None:
    found = _round_1_disagreement(what, action, expected, got)
    moved = shrink_to_position(_Liar(lie), found)
    assert moved.actions == ()
    assert moved.start is not None
    assert moved.start["current_trick"] == ["C3"]
    assert moved.rule == case_of(found)["rule"] == rule
    case = case_of(moved)
    _check_case(case)


def test_a_position_that_fails_another_way_is_not_taken() -> None:
    # The game accepted the card played out of turn; from every position the
    # adapter refuses it, but with wrong_phase: another way to fail.
    found = _round_1_disagreement("refuse", *_TURN)
    assert shrink_to_position(_Liar("refuse-all"), found) is found


@pytest.mark.parametrize("what", ["refuse", "apply"])
def test_a_position_the_adapter_gets_right_is_not_taken(what: str) -> None:
    found = (
        _round_1_disagreement(what, *_TURN)
        if what == "refuse"
        else _round_1_disagreement(
            what, {"type": "play", "player": 2, "card": "C4"}, "ok", "wrong_phase"
        )
    )
    assert shrink_to_position(_Liar("none"), found) is found


def _round_1_disagreement(what: str, action: JSON, expected: JSON, got: JSON) -> Disagreement:
    """Three players, round 1: seat 1 has led C3; seat 2 (C4) is to play."""
    config: JSONObject = {"players": 3, "first_dealer": 0, "forbid_bid_total_match": False}
    actions: tuple[JSON, ...] = (
        {"type": "deal", "hands": [["C2"], ["C3"], ["C4"]], "turned": "D1"},
        {"type": "bid", "player": 1, "tricks": 0},
        {"type": "bid", "player": 2, "tricks": 0},
        {"type": "bid", "player": 0, "tricks": 1},
        {"type": "play", "player": 1, "card": "C3"},
    )
    return Disagreement(
        config=config,
        actions=actions,
        what=what,
        key="trick_winner" if what == "observe" else None,
        action=action,
        expected=expected,
        got=got,
        position="",
        round=1,
    )


def test_an_empty_case_is_formatted() -> None:
    found = Disagreement(
        config={"players": 3},
        actions=(),
        what="observe",
        key="phase",
        action=None,
        expected="deal",
        got="bid",
        position="",
        round=1,
    )
    assert json.loads(format_case(case_of(found)))["given"]["actions"] == []
    assert FuzzResult(0, 0, 0.0).found is None


def test_shrinking_gives_up_within_its_budget() -> None:
    found = Disagreement(
        config={"players": 3, "first_dealer": 0, "forbid_bid_total_match": False},
        actions=({"type": "deal"}, {"type": "deal"}, {"type": "deal"}),
        what="observe",
        key="scores",
        action=None,
        expected=[0, 0, 0],
        got=[1, 0, 0],
        position="",
        round=3,
    )
    client = AdapterClient(OURS)
    try:
        assert shrink(client, found, 0, budget=1) == (found, 2)
    finally:
        client.close()


def test_a_game_whose_configuration_the_adapter_refuses_is_not_played() -> None:
    run = play_game(_Liar("refuse-config"), Config(players=3), random.Random(1))
    assert (run.refused, run.steps, run.deviations) == ("invalid_config", 0, ())


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (_broken("v1"), "speaks protocol 1: fuzz needs protocol 2"),
        (_broken("raw", "nonsense"), "not JSON"),
        (_broken("raw", "[]"), "not a JSON object"),
        (_broken("raw", '{"type":"what"}'), "answered"),
        (_broken("quit"), "exited"),
        (f"{PYTHON} {HERE / 'fake_adapter.py'} hang", "no answer within"),
        (str(HERE / "no-such-adapter"), "cannot start"),
    ],
)
def test_fuzz_says_what_is_wrong_with_the_adapter(command: str, message: str) -> None:
    # Only the adapter that never answers needs a short timeout (any one
    # fires); the others answer at once, and get a minute to start.
    timeout = 1.0 if message == "no answer within" else 60.0
    with pytest.raises(FuzzError, match=message):
        fuzz(command, games=1, seed=0, timeout=timeout)


# -- the command ----------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_fuzz_command(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["conformance", "fuzz", "--adapter", LAST_WIZARD, "--games", "5", "--seed", "2"]
    assert main([*argv, "--players", "3,4", "--option", "on"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("1 deviation in 1 rule in 5 games")
    assert "\n== rule 8.1 (The first Wizard): 1 deviation\n" in out
    argv = ["conformance", "fuzz", "--adapter", OURS, "--games", "1", "--players", "3"]
    assert main(argv) == 0
    assert "no deviation in 1 games" in capsys.readouterr().out
    assert main(["conformance", "fuzz", "--adapter", _broken("v1")]) == 2
    assert "fuzz needs protocol 2" in capsys.readouterr().err


@pytest.mark.parametrize(("flag", "value"), [("--players", "2,3"), ("--option", "maybe")])
def test_the_fuzz_command_refuses_bad_lists(flag: str, value: str) -> None:
    with pytest.raises(SystemExit):
        main(["conformance", "fuzz", "--adapter", OURS, flag, value])


# -- a failed hello leaves nothing running (issue 21, item 1) ----------------------------------


def _live_members(group: int) -> list[str]:
    """The processes of process group ``group`` that are still running (not zombies)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # not a process, or it just ended
            continue
        state, _, pgrp = stat.rsplit(")", 1)[1].split()[:3]
        if state != "Z" and int(pgrp) == group:
            found.append(f"{entry.name}: {stat[:80]}")
    return found


@pytest.mark.parametrize(
    ("answer", "timeout", "message"),
    [
        ("", 1.0, "no answer within 1 s"),  # it never answers: any timeout fires
        ("echo garbage", 60.0, "not JSON"),
        ("""echo '{"type":"hello","protocol":1,"name":"x","version":"1"}'""", 60.0, "protocol 1"),
    ],
    ids=["silent", "garbage", "protocol 1"],
)
def test_a_failed_hello_ends_the_adapters_whole_process_group(
    tmp_path: Path, answer: str, timeout: float, message: str
) -> None:
    # The adapter (a session of its own, so its pid is its group's id) starts
    # a child, answers the hello badly or not at all, and waits.
    pid_file = tmp_path / "pid"
    script = f"echo $$ > {shlex.quote(str(pid_file))}; sleep 95 & {answer or ':'}; exec sleep 96"
    with pytest.raises(FuzzError, match=message):
        fuzz(shlex.join(["sh", "-c", script]), games=1, seed=0, timeout=timeout)
    group = int(pid_file.read_text())
    deadline = time.monotonic() + 30  # the kill is sent before fuzz returns; let it land
    while _live_members(group) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _live_members(group) == []


def test_the_fuzz_command_leaves_no_adapter_behind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pid_file = tmp_path / "pid"
    script = f"echo $$ > {shlex.quote(str(pid_file))}; echo garbage; exec sleep 96"
    argv = ["conformance", "fuzz", "--adapter", shlex.join(["sh", "-c", script])]
    assert main([*argv, "--timeout", "60"]) == 2
    assert "not JSON" in capsys.readouterr().err
    group = int(pid_file.read_text())
    deadline = time.monotonic() + 30
    while _live_members(group) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _live_members(group) == []


@pytest.mark.parametrize(
    ("command", "message"),
    [('"', "cannot read the adapter command: No closing quotation"), (" ", "is empty")],
)
def test_fuzz_refuses_an_unreadable_adapter_command(command: str, message: str) -> None:
    with pytest.raises(FuzzError, match=message):
        fuzz(command, games=1, seed=0)


# -- answers with fields the protocol does not define (issue 21, item 13) ----------------------


@pytest.mark.slow
def test_fuzz_ignores_unknown_fields_of_answers_and_lists_them_once() -> None:
    noisy = shlex.join([PYTHON, str(HERE / "fake_adapter.py"), "noisy"])
    result = fuzz(noisy, games=2, seed=3, players=(3,), timeout=60.0)
    assert result.found is None
    kinds = ("hello", "observed", "ok", "refused")
    fields = tuple(f"{kind}.{name}" for kind in kinds for name in ("exception", "note"))
    assert result.unknown_fields == fields
    out = io.StringIO()
    assert report(result, out) == 0
    line = "unknown fields in the adapter's answers, ignored: " + ", ".join(fields) + "\n"
    assert out.getvalue().count("unknown fields") == 1
    assert line in out.getvalue()


class _Recorder(_Liar):
    """An honest in-process client that notes the hand size of every deal it is sent."""

    def __init__(self) -> None:
        super().__init__()
        self.dealt: list[tuple[int, str]] = []  # (hand size, the answer's type)

    def step(self, message: JSONObject, expect: str) -> JSONObject:
        answer = super().step(message, expect)
        action = message.get("action")
        if isinstance(action, dict) and action["type"] == "deal":
            hands = cast(list[list[str]], action["hands"])
            self.dealt.append((len(hands[0]), str(answer["type"])))
        return answer


@pytest.mark.parametrize(
    ("rules", "sizes"),
    [
        (Rules(schedule=ListedSchedule(sizes=(3, 1, 5))), [3, 1, 5]),
        (Rules(schedule=OddSchedule(), bid_restrictions=(CanadianRule(),)), [1, 3, 5, 7, 9]),
    ],
    ids=["3,1,5", "odd-canadian"],
)
def test_fuzz_plays_the_hand_sizes_of_a_schedule(rules: Rules, sizes: list[int]) -> None:
    client = _Recorder()
    run = play_game(client, Config(players=6, rules=rules), random.Random(7), biased=True)
    assert run.refused is None
    assert run.deviations == ()
    # the deals played are the schedule's (rule 22.3); the wrong ones fuzz tries are refused
    assert [size for size, answer in client.dealt if answer == "ok"] == sizes
    assert run.steps > 3 * sum(sizes)
