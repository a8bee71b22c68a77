"""The worked example of docs/implementers.rst: Mini Wizard, run against the suite and fuzz.

``examples/mini_wizard`` is a small, independent implementation of Wizard
with deliberate differences, declared in its known-failures file.  The suite
must pass it except exactly those cases.  It speaks protocol version 2 too:
its answers to cases that start at a position are compared with ours
(:class:`~wizard_rules.conformance.adapter.Session`), over positions of
random states of every phase and mutations of them, and ``conformance fuzz``
drives it step by step and finds only its declared differences.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import json
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, cast

import pytest

import wizard_rules.conformance.fuzz as fuzz_module
from wizard_rules import Config, apply, new_game, position_of, random_action
from wizard_rules.cli import main
from wizard_rules.conformance.adapter import Session, handle
from wizard_rules.conformance.fuzz import _illegal_action, fuzz
from wizard_rules.conformance.protocol import (
    JSON,
    OBSERVATION_KEYS,
    UNORDERED_OBSERVATIONS,
    JSONObject,
)
from wizard_rules.conformance.runner import Outcome, read_known_failures, run_suite
from wizard_rules.conformance.suite import load_suite
from wizard_rules.core.actions import Action, ChooseTrump
from wizard_rules.core.cards import DECK
from wizard_rules.core.state import Phase, State
from wizard_rules.formats.records import action_to_dict, config_to_dict, position_to_dict

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "mini_wizard"
ADAPTER = f'"{sys.executable}" "{EXAMPLE / "adapter.py"}"'
SUITE = load_suite()


def declared_ids() -> set[str]:
    """The case ids the example's known-failures file names (each one exactly)."""
    entries = read_known_failures(EXAMPLE / "known-failures.txt")
    assert all(entry.exact and entry.reason for entry in entries)
    return {entry.pattern for entry in entries}


# The configuration keys of the variants Mini Wizard lacks (rules 21 to 26, and the
# anniversary cards of rules 28 to 41).
VARIANT_KEYS = frozenset(
    {
        "canadian_rule",
        "schedule",
        "hidden_bids",
        "delayed_reveal",
        "hardcore",
        "clairvoyance",
        "anniversary_cards",
        "readings",
    }
)


def variant_ids() -> set[str]:
    """The cases whose configuration names a variant (a key Mini Wizard does not know)."""
    return {case.id for case in SUITE.cases if VARIANT_KEYS & set(case.config)}


def test_the_example_passes_every_case_but_its_declared_differences() -> None:
    entries = read_known_failures(EXAMPLE / "known-failures.txt")
    declared = declared_ids()
    report = run_suite(SUITE, ADAPTER, known_failures=entries, timeout=60)
    assert report.problem == ""
    assert report.implementation["name"] == "mini-wizard"
    by_outcome: dict[Outcome, set[str]] = {}
    for result in report.results:
        by_outcome.setdefault(result.outcome, set()).add(result.case.id)
    assert by_outcome.get(Outcome.KNOWN_FAILURE) == set(declared)
    # The cases of the variants it lacks are answered unsupported, whole.
    variants = variant_ids()
    # And the cases of each seat's view (which it does not keep), in part.
    views = {c.id for c in SUITE.cases if "views" in (c.state or {})} - variants
    assert by_outcome.get(Outcome.UNSUPPORTED) == variants | views
    assert len(variants) >= 80
    assert {case.area for case in SUITE.cases if case.id in variants} == {
        "canadian",
        "schedule",
        "hidden-bids",
        "delayed-reveal",
        "hardcore",
        "clairvoyance",
        "combinations",
        "anniversary",
        "dragon-fairy",
        "bomb",
        "werewolf",
        "juggler",
        "cloud",
        "shapeshifter",
        "witch",
        "vampire",
        "readings",
        "card-tricks",
        "card-effects",
        "card-secrets",
    }
    for result in report.results:
        if result.outcome is Outcome.UNSUPPORTED:
            expected = ("state.views",) if result.case.id in views else True
            assert result.unsupported == expected, result.case.id
    assert set(by_outcome) == {Outcome.PASSED, Outcome.KNOWN_FAILURE, Outcome.UNSUPPORTED}
    assert len(by_outcome[Outcome.PASSED]) == (
        len(SUITE.cases) - len(declared) - len(variants) - len(views)
    )
    assert report.ok


def test_the_known_failures_are_exactly_the_two_declared_differences() -> None:
    declared = declared_ids()
    cases = {case.id: case for case in SUITE.cases}
    assert declared <= set(cases)
    option_on = {
        case.id
        for case in SUITE.cases
        if case.config.get("forbid_bid_total_match") is True and case.id not in variant_ids()
    }
    no_trump = {
        case.id
        for case in SUITE.cases
        if (
            any(error["code"] == "no_trump_not_allowed" for error in case.errors)
            or any(  # "no trump" played out of turn: unreadable before the turn is checked
                type(action) is dict
                and action.get("type") == "choose_trump"
                and action["suit"] is None
                for action in case.actions
            )
        )
        and case.id not in variant_ids()  # the anniversary cards' are unsupported there
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


# -- protocol version 2: positions and the step-by-step messages ---------------------------


def _load_mini() -> ModuleType:
    """The example's adapter module, loaded in this process (its ``engine`` beside it)."""
    sys.path.insert(0, str(EXAMPLE))
    try:
        return importlib.import_module("adapter")
    finally:
        sys.path.remove(str(EXAMPLE))


MINI = _load_mini()
# Every observation but each seat's view, which Mini Wizard does not keep, and the
# anniversary cards' observations (suite 2.4.0), which it predates: only the cards'
# cases, which it answers unsupported, ask for them.
CARD_KEYS = frozenset(
    {"trump_card", "vampire_copies", "declared", "bid_changes", "round_bid_changes", "card_views"}
)
ALL_KEYS = [key for key in OBSERVATION_KEYS if key != "views" and key not in CARD_KEYS]


def _canonical(state: Any) -> Any:
    """Observations with the lists that carry no order sorted (as the runner compares them)."""
    if type(state) is not dict:
        return state
    out: dict[str, Any] = {}
    for key, value in state.items():
        if key in UNORDERED_OBSERVATIONS and type(value) is list:
            items = [sorted(item) if type(item) is list else item for item in value]
            value = sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
        out[key] = value
    return out


def _request(
    config: JSONObject, position: JSON, actions: list[JSON], depth: int | None
) -> dict[str, Any]:
    """A version-2 case request that starts at ``position`` and observes everything."""
    return {
        "type": "case",
        "id": "p",
        "config": config,
        "position": position,
        "actions": actions,
        "observe": ALL_KEYS,
        "perft": depth,
    }


def _answer(answer: Any) -> dict[str, JSON]:
    """A result's judged parts, the lists that carry no order sorted."""
    assert set(answer) == {"type", "id", "errors", "state", "perft"}
    assert (answer["type"], answer["id"]) == ("result", "p")
    return {
        "errors": answer["errors"],
        "state": _canonical(answer["state"]),
        "perft": answer["perft"],
    }


def _ours(
    config: JSONObject, position: JSON, actions: list[JSON], depth: int | None
) -> dict[str, JSON]:
    """Our adapter's answer to a case that starts at ``position``."""
    return _answer(handle(_request(config, position, actions, depth)))


def _mini(
    config: JSONObject, position: JSON, actions: list[JSON], depth: int | None
) -> dict[str, JSON]:
    """Mini Wizard's answer to the same case request."""
    return _answer(MINI.handle(_request(config, position, actions, depth)))


def _no_null_trump(state: State, rng: random.Random) -> Action:
    """An illegal action, but never the "no trump" choice (declared difference 2)."""
    while True:
        action = _illegal_action(state, rng)
        if not (isinstance(action, ChooseTrump) and action.suit is None):
            return action


def _random_states(seed: int, option: bool) -> list[State]:
    """One state of each phase a random game reaches (all phases but, rarely, choose_trump)."""
    rng = random.Random(seed)
    players = 3 + seed % 4
    config = Config(
        players=players, first_dealer=rng.randrange(players), forbid_bid_total_match=option
    )
    state = new_game(config)
    seen: dict[Phase, list[State]] = {}
    while True:
        seen.setdefault(state.phase, []).append(state)
        if state.phase is Phase.GAME_OVER:
            break
        state = apply(state, random_action(state, rng))
    return [rng.choice(states) for states in seen.values()]


def _continuation(state: State, rng: random.Random) -> list[JSON]:
    """Up to 40 random actions on from ``state``, a fifth of them illegal."""
    actions: list[JSON] = []
    for _ in range(rng.randrange(41)):
        if rng.random() < 0.2:
            actions.append(action_to_dict(_no_null_trump(state, rng)))
        elif state.phase is not Phase.GAME_OVER:
            action = random_action(state, rng)
            actions.append(action_to_dict(action))
            state = apply(state, action)
    return actions


POSITION_SEEDS = range(240)


@pytest.mark.slow
def test_case_requests_with_positions_are_answered_like_ours() -> None:
    """Positions of random states of every phase: the same refusals, observations and perft."""
    phases: dict[str, int] = {}
    for seed in POSITION_SEEDS:
        rng = random.Random(-seed)
        for state in _random_states(seed, option=False):
            config = config_to_dict(state.config)
            position = position_to_dict(position_of(state))
            actions = _continuation(state, rng)
            depth = rng.choice((None, 0, 1, 2))
            assert _mini(config, position, actions, depth) == _ours(
                config, position, actions, depth
            ), (seed, state.phase, position_of(state).to_text(), actions)
            phases[state.phase.value] = phases.get(state.phase.value, 0) + 1
    assert set(phases) == {phase.value for phase in Phase}
    assert sum(phases.values()) >= 1000


def test_with_the_bid_total_option_a_position_meets_declared_difference_1() -> None:
    for seed in range(8):
        for state in _random_states(seed, option=True):
            config = config_to_dict(state.config)
            position = position_to_dict(position_of(state))
            assert _ours(config, position, [], None)["errors"] == []
            assert _mini(config, position, [], None) == {
                "errors": [{"at": None, "code": "invalid_config"}],
                "state": None,
                "perft": None,
            }


def _mutate(position: dict[str, Any], rng: random.Random) -> None:
    """Change one thing of a position's JSON form at random (the result may still be valid)."""
    n = len(position["scores"])
    kind = rng.randrange(16)
    stack = [str(card) for card in DECK]
    in_hands = [card for hand in position["hands"] for card in hand]
    if kind == 0:
        position[rng.choice(("round", "dealer", "leader"))] += rng.choice((-1, 1, n))
    elif kind == 1:
        position["over"] = not position["over"]
    elif kind == 2:
        position["scores"][rng.randrange(n)] += rng.choice((-20, -10, 10, 20, 5, 30))
    elif kind == 3 and in_hands:
        card = rng.choice(in_hands)
        for hand in position["hands"]:
            if card in hand:
                hand.remove(card)
        if rng.random() < 0.7:
            rng.choice(position["hands"]).append(card)
    elif kind == 4:
        rng.choice(position["hands"]).append(rng.choice(stack))
    elif kind == 5 and in_hands:
        hand = rng.choice([hand for hand in position["hands"] if hand])
        hand[rng.randrange(len(hand))] = rng.choice(stack)
    elif kind == 6:
        position["turned"] = rng.choice((None, "W1", "J2", "C5", rng.choice(stack)))
    elif kind == 7:
        position["trump"] = rng.choice((None, "C", "D", "H", "S"))
    elif kind == 8:
        position["bids"][rng.randrange(n)] = rng.choice((None, -1, 0, 1, position["round"] + 1))
    elif kind == 9:
        position["tricks_won"][rng.randrange(n)] += rng.choice((-1, 1))
    elif kind == 10:
        name = rng.choice(("played", "current_trick"))
        if position[name] and rng.random() < 0.5:
            position[name].pop(rng.randrange(len(position[name])))
        else:
            position[name].append(rng.choice(in_hands or stack))
    elif kind == 11 and rng.random() < 0.5:
        # the next seat plays any of its cards, followed suit or not (rules 12.12, 12.14)
        hand = position["hands"][(position["leader"] + len(position["current_trick"])) % n]
        if hand:
            position["current_trick"].append(hand.pop(rng.randrange(len(hand))))
    elif kind == 11:
        name = rng.choice(("scores", "hands", "bids", "tricks_won"))
        seats = position[name]
        i, j = rng.randrange(n), rng.randrange(n)
        seats[i], seats[j] = seats[j], seats[i]
    elif kind == 12:
        name = rng.choice(("scores", "hands", "bids", "tricks_won"))
        if rng.random() < 0.5:
            position[name].pop()
        else:
            position[name].append(position[name][0])
    elif kind == 13:
        name = rng.choice(sorted(position))
        position[name] = rng.choice(("2", 2.0, True, None, [], {}, "W5", [None], ["H14"]))
    elif kind == 14:
        changes: list[tuple[str, JSON]] = [
            ("format", "wizard-rules/game"),
            ("version", 2),
            ("version", True),
            ("config", {"players": n, "first_dealer": (position["dealer"] + 1) % n}),
            ("config", {"players": n, "first_dealer": 0, "extra": 1}),
            ("extra", 0),
        ]
        name, value = rng.choice(changes)
        position[name] = value
    else:
        position["hands"][rng.randrange(n)] = None  # partial: not a game


@pytest.mark.slow
def test_positions_are_judged_like_ours() -> None:
    """Mutated positions: refused with invalid_position exactly when ours refuses them.

    Those still accepted are then observed and played on, as above.  The
    engine's refusals name every rule of 12.1 to 12.14 at least once.
    """
    verdicts: dict[bool, int] = {True: 0, False: 0}
    rules: set[str] = set()  # the rules the engine names in its refusals
    for seed in POSITION_SEEDS:
        rng = random.Random(seed)
        for state in _random_states(seed, option=False):
            config = config_to_dict(state.config)
            for _ in range(3):
                position = position_to_dict(position_of(state))
                for _ in range(rng.choice((1, 1, 2))):
                    # a second change that does not fit the first one's document is dropped
                    with contextlib.suppress(
                        TypeError, KeyError, IndexError, AttributeError, ValueError
                    ):
                        _mutate(position, rng)
                if rng.random() < 0.05:
                    del position[rng.choice(sorted(position))]
                actions = _continuation(state, rng) if rng.random() < 0.3 else []
                expected = _ours(config, position, actions, 1)
                assert _mini(config, position, actions, 1) == expected, (seed, position)
                verdicts[expected["state"] is None] += 1
                try:
                    MINI.Table(config, position)
                except MINI.InvalidPosition as refusal:
                    rules.add(str(refusal).split(":")[0])
    # The suite's own impossible positions (rules 12.1 to 12.14) too.
    for case in SUITE.cases:
        if case.area != "positions" or not case.errors or case.id in declared_ids():
            continue
        try:
            MINI.Table(case.config, case.position)
        except MINI.InvalidPosition as refusal:
            rules.add(str(refusal).split(":")[0])
        else:
            raise AssertionError(f"{case.id}: Mini Wizard takes an impossible position")
    assert verdicts[True] >= 2000, verdicts
    assert verdicts[False] >= 300, verdicts
    assert {f"rule 12.{k}" for k in range(1, 15)} - rules == set(), sorted(rules)


def test_a_position_of_the_wrong_shape_or_configuration_is_invalid() -> None:
    position = position_to_dict(position_of(new_game(Config(players=3))))
    config = config_to_dict(Config(players=3))
    refused = {"errors": [{"at": None, "code": "invalid_position"}], "state": None, "perft": None}
    wrong: Any
    for wrong in ("text", 3, [], {}, {**position, "config": {"players": 4}}):
        assert _mini(config, wrong, [], None) == refused
    bad_config = {"type": "case", "id": 1, "config": {"players": 2}, "position": "text"}
    assert MINI.handle(bad_config)["errors"] == [{"at": None, "code": "invalid_config"}]


def test_a_variant_it_lacks_is_unsupported_not_refused() -> None:
    """A configuration key Mini Wizard does not know: the case is unsupported, whole.

    Whatever else the request holds (a position, actions, a configuration
    that would be refused without the key); and a ``start`` is refused with
    the code ``unsupported``, the game so far kept.
    """
    position = position_to_dict(position_of(new_game(Config(players=3))))
    actions: list[JSON] = [{"type": "bid", "player": 1, "tricks": 0}]
    configs: list[JSONObject] = [
        {"players": 3, "canadian_rule": True},
        {"players": 3, "canadian_rule": False},
        {"players": 4, "first_dealer": 1, "schedule": "odd"},
        {"players": 5, "schedule": [1, 3, 5], "forbid_bid_total_match": True},
        {"players": 2, "schedule": []},
        {"players": 3, "some_other_variant": 1},
    ]
    for config in configs:
        for start in (None, position):
            request = {**_request(config, start, actions, 2), "id": "v"}
            assert MINI.handle(request) == {"type": "result", "id": "v", "unsupported": True}
    session = MINI.Session()
    assert MINI.handle({"type": "start", "config": {"players": 3}}, session) == {"type": "ok"}
    for variant in configs[0], configs[2]:
        answer = MINI.handle({"type": "start", "config": variant}, session)
        assert answer == {"type": "refused", "code": "unsupported"}
    assert MINI.handle({"type": "query", "observe": ["phase"]}, session) == {
        "type": "observed",
        "state": {"phase": "deal"},
    }
    # A position whose own configuration names a variant is not the case's: invalid.
    odd = {**position, "config": {**position["config"], "schedule": "odd"}}
    assert _mini(config_to_dict(Config(players=3)), odd, [], None)["errors"] == [
        {"at": None, "code": "invalid_position"}
    ]


def test_the_example_answers_hello_with_the_version_asked_for() -> None:
    for asked, answered in ((1, 1), (2, 2), (3, 1), (None, 1)):
        answer = MINI.handle({"type": "hello", "protocol": asked})
        assert answer == {
            "type": "hello",
            "protocol": answered,
            "name": "mini-wizard",
            "version": MINI.VERSION,
        }
        ours = cast(Any, handle({"type": "hello", "protocol": asked}))
        assert answer["protocol"] == ours["protocol"]


def test_the_step_messages_are_answered_like_ours() -> None:
    """start (with and without a position), apply and query, in one session each."""
    state = new_game(Config(players=4, first_dealer=2))
    rng = random.Random(5)
    while state.round < 2 or len(state.current_trick) < 2:
        state = apply(state, random_action(state, rng))
    config = config_to_dict(state.config)
    position = position_to_dict(position_of(state))
    hidden = {**position, "hands": [None, *position["hands"][1:]]}
    requests: list[dict[str, Any]] = [
        {"type": "query", "observe": ["phase"]},
        {"type": "apply", "action": {"type": "bid", "player": 0, "tricks": 0}},
        {"type": "start", "config": {"players": 7}},
        {"type": "start", "config": config, "position": hidden},
        {"type": "start", "config": config},
        {"type": "query", "observe": [*ALL_KEYS, "unknown", 3]},
        {"type": "start", "config": config, "position": position},
        {"type": "query", "observe": ALL_KEYS},
        {"type": "query", "observe": "phase"},
    ]
    for action in _continuation(state, rng) + _continuation(state, rng):
        requests.append({"type": "apply", "action": action})
        requests.append({"type": "query", "observe": ALL_KEYS})
    mini, ours = MINI.Session(), Session()
    for request in requests:
        got, expected = MINI.handle(request, mini), cast(Any, handle(request, ours))
        assert got is not None
        assert expected is not None
        assert got["type"] == expected["type"], request
        if got["type"] == "observed":
            assert _canonical(got["state"]) == _canonical(expected["state"])
        elif got["type"] != "error":
            assert got == expected, request


def test_the_example_serves_the_step_messages_on_its_standard_streams() -> None:
    requests = [
        {"type": "hello", "protocol": 2},
        {"type": "start", "config": {"players": 3}},
        {"type": "query", "observe": ["phase", "dealer"]},
        {"type": "bye"},
    ]
    text = "".join(json.dumps(request) + "\n" for request in requests)
    done = subprocess.run(
        [sys.executable, str(EXAMPLE / "adapter.py")],
        input=text + "\n",
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [answer["type"] for answer in answers] == ["hello", "ok", "observed"]
    assert answers[0]["protocol"] == 2
    assert answers[2]["state"] == {"phase": "deal", "dealer": 0}


FUZZ_GAMES = 6


@pytest.mark.slow
def test_fuzz_drives_the_example_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the option off and no "no trump" probe (the two declared differences), fuzz agrees."""
    monkeypatch.setattr(fuzz_module, "_illegal_action", _no_null_trump)
    result = fuzz(ADAPTER, games=FUZZ_GAMES, seed=1, options=(False,))
    assert result.found is None
    assert result.games == FUZZ_GAMES
    assert result.steps > 100 * FUZZ_GAMES


@pytest.mark.slow
def test_fuzz_finds_only_the_declared_differences() -> None:
    """Plain fuzz: difference 2 with the option off, difference 1 with it on."""
    for seed in range(3):
        result = fuzz(ADAPTER, games=20, seed=seed, options=(False,), max_deviations=1)
        for found in (result.found, result.shrunk):
            assert found is not None
            assert found.what == "refuse"
            action = found.action
            assert type(action) is dict
            assert (action["type"], action["suit"]) == ("choose_trump", None)
            assert found.got == "invalid_action"
    # A configuration the adapter refuses is skipped and reported, not played.
    result = fuzz(ADAPTER, games=20, seed=1, options=(True,))
    assert result.games == 0
    assert {code for _, code, _ in result.skipped} == {"invalid_config"}
    assert {config["forbid_bid_total_match"] for config, _, _ in result.skipped} == {True}


def test_the_fuzz_command_from_the_guide(capsys: pytest.CaptureFixture[str]) -> None:
    """The command of docs/implementers.rst: it stops at difference 1 or 2, nothing else."""
    argv = ["conformance", "fuzz", "--adapter", ADAPTER, "--games", "20", "--seed", "1"]
    argv += ["--max-deviations", "1"]
    assert main([*argv, "--option", "on"]) == 2
    out = capsys.readouterr().out
    assert "no game could be played" in out
    assert '"forbid_bid_total_match":true}: refused with invalid_config' in out
    assert main([*argv, "--option", "off"]) == 1
    out = capsys.readouterr().out
    found = next(line for line in out.splitlines() if line.startswith("found: "))
    assert '{"type":"choose_trump"' in found
    assert '"suit":null}' in found
    assert found.endswith('got "invalid_action"')
