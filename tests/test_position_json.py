"""Positions as JSON (position_to_dict / position_from_dict, the JSON Schema), and
game records that start from a position (record format version 2)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import jsonschema
import pytest

from wizard_rules import (
    CardTextError,
    Config,
    ErrorCode,
    GameRecord,
    IllegalActionError,
    InvalidArgumentError,
    Phase,
    Play,
    Position,
    PositionError,
    RecordError,
    State,
    Suit,
    apply,
    from_position,
    new_game,
    player_view,
    position_from_dict,
    position_of,
    position_to_dict,
    random_action,
)
from wizard_rules.conformance.suite import suite_path
from wizard_rules.formats.records import (
    POSITION_FORMAT,
    POSITION_VERSION,
    RECORD_FORMAT,
    RECORD_VERSION,
    dumps,
    loads,
)

from .fields import assert_same_position, assert_same_state
from .helpers import card, stable_id, walk

CONFIGS = [
    Config(players=3),
    Config(players=4, first_dealer=3),
    Config(players=5, forbid_bid_total_match=True),
    Config(players=6, first_dealer=2, forbid_bid_total_match=True),
]
# A seeded random game of each configuration, each with a turned Wizard (and
# so a trump choice) somewhere: every phase occurs in every game.
GAMES = list(zip(CONFIGS, [0, 5, 2, 4], strict=True))
PHASES = {phase.value for phase in Phase}


@cache
def schema() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(
        (suite_path() / "position.schema.json").read_text(encoding="utf-8")
    )
    jsonschema.Draft202012Validator.check_schema(document)
    return document


@cache
def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema())


def schema_errors(document: Any) -> list[str]:
    return [error.message for error in validator().iter_errors(document)]


def positions(config: Config, seed: int) -> Iterator[Position]:
    """The position of every state of a seeded game, and (every few states) each
    player's partial position."""
    for step, state in enumerate(walk(config, seed)):
        yield position_of(state)
        if step % 7 == 0:
            for seat in range(config.players):
                yield position_of(player_view(state, seat))


# -- the shape -----------------------------------------------------------------


def test_the_shape_of_a_position() -> None:
    position = Position(
        config=Config(players=3),
        round=2,
        dealer=1,
        scores=(30, -10, 20),
        hands=[[card("W2"), card("C1")], [card("H6"), card("H5")], [card("J1")]],
        turned=card("C7"),
        trump=Suit.CLUBS,
        bids=(1, 0, 1),
        tricks_won=(0, 0, 0),
        current_trick=[card("S13")],
        leader=2,
    )
    data = position_to_dict(position)
    assert data == {
        "format": "wizard-rules/position",
        "version": 1,
        "config": {"players": 3, "first_dealer": 0, "forbid_bid_total_match": False},
        "round": 2,
        "dealer": 1,
        "over": False,
        "scores": [30, -10, 20],
        "hands": [["C1", "W2"], ["H5", "H6"], ["J1"]],
        "turned": "C7",
        "trump": "C",
        "bids": [1, 0, 1],
        "tricks_won": [0, 0, 0],
        "played": [],
        "current_trick": ["S13"],
        "leader": 2,
    }
    assert (POSITION_FORMAT, POSITION_VERSION) == ("wizard-rules/position", 1)
    assert position_from_dict(data) == position
    assert_same_position(position_from_dict(data), position)
    assert schema_errors(data) == []
    hidden = copy.deepcopy(data)
    hidden["hands"][1] = None
    assert position_from_dict(hidden).hands == ((card("C1"), card("W2")), None, (card("J1"),))
    assert schema_errors(hidden) == []


def test_cards_may_come_in_any_order_in_hands_and_played() -> None:
    state = next(s for s in walk(Config(players=4), 3) if s.played and len(s.hand(0)) > 1)
    data = position_to_dict(position_of(state))
    shuffled = copy.deepcopy(data)
    shuffled["hands"][0].reverse()
    shuffled["played"].reverse()
    assert position_from_dict(shuffled) == position_of(state)
    assert_same_position(position_from_dict(shuffled), position_of(state))
    assert position_to_dict(position_from_dict(shuffled)) == data


@pytest.mark.parametrize("value", [None, 42, "players=3", position_to_dict], ids=stable_id)
def test_position_to_dict_refuses_what_is_not_a_position(value: Any) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        position_to_dict(value)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT


# -- round trips over many games, complete and partial ---------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("config", "seed"), GAMES, ids=repr)
def test_every_position_of_random_games_round_trips_and_fits_the_schema(
    config: Config, seed: int
) -> None:
    phases = set()
    complete = partial = 0
    for position in positions(config, seed):
        data = position_to_dict(position)
        assert schema_errors(data) == []
        text = dumps(data)
        again = position_from_dict(loads(text))
        assert again == position
        assert_same_position(again, position)
        assert dumps(position_to_dict(again)) == text
        phases.add(position.phase.value)
        complete += position.is_complete
        partial += not position.is_complete
    assert phases == PHASES
    assert complete
    assert partial


# -- strict decoding --------------------------------------------------------------


def base() -> dict[str, Any]:
    """A 4-player position in round 3 with a finished trick and one in progress."""
    for state in walk(Config(players=4), 5):
        if state.round == 3 and state.played and state.current_trick:
            return position_to_dict(position_of(state))
    raise AssertionError("no such state")  # pragma: no cover


BASE = base()


def changed(path: tuple[Any, ...], value: Any = ..., *, delete: bool = False) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


def test_the_base_position_is_valid() -> None:
    position = position_from_dict(BASE)
    assert position.played
    assert position.current_trick
    assert position.turned is not None
    assert schema_errors(BASE) == []


INVALID_RECORD: list[tuple[str, Any]] = [
    ("array", [BASE]),
    ("null", None),
    ("text", "players=4 round=3"),
    ("unknown-field", changed(("comment",), "hi")),
    ("missing-format", changed(("format",), delete=True)),
    ("missing-version", changed(("version",), delete=True)),
    ("missing-config", changed(("config",), delete=True)),
    ("missing-round", changed(("round",), delete=True)),
    ("missing-over", changed(("over",), delete=True)),
    ("missing-hands", changed(("hands",), delete=True)),
    ("missing-turned", changed(("turned",), delete=True)),
    ("missing-trump", changed(("trump",), delete=True)),
    ("missing-bids", changed(("bids",), delete=True)),
    ("missing-current-trick", changed(("current_trick",), delete=True)),
    ("missing-leader", changed(("leader",), delete=True)),
    ("wrong-format", changed(("format",), "wizard-rules/game")),
    ("format-null", changed(("format",), None)),
    ("version-2", changed(("version",), 2)),
    ("version-string", changed(("version",), "1")),
    ("version-bool", changed(("version",), True)),
    ("config-not-object", changed(("config",), [4])),
    ("config-unknown-field", changed(("config", "canadian"), True)),
    ("config-players-7", changed(("config", "players"), 7)),
    ("config-players-string", changed(("config", "players"), "4")),
    ("config-first-dealer-4", changed(("config", "first_dealer"), 4)),
    ("round-string", changed(("round",), "3")),
    ("round-bool", changed(("round",), True)),
    ("dealer-null", changed(("dealer",), None)),
    ("leader-string", changed(("leader",), "0")),
    ("over-int", changed(("over",), 0)),
    ("over-null", changed(("over",), None)),
    ("scores-not-array", changed(("scores",), 0)),
    ("scores-item-string", changed(("scores", 0), "0")),
    ("scores-item-null", changed(("scores", 0), None)),
    ("tricks-won-item-bool", changed(("tricks_won", 0), False)),
    ("bids-not-array", changed(("bids",), {"0": 1})),
    ("bids-item-string", changed(("bids", 0), "1")),
    ("bids-item-bool", changed(("bids", 0), True)),
    ("hands-not-array", changed(("hands",), "C1")),
    ("hand-string", changed(("hands", 0), "C1 C2")),
    ("hand-object", changed(("hands", 0), {})),
    ("hand-card-not-card", changed(("hands", 0, 0), "H14")),
    ("hand-card-lowercase", changed(("hands", 0, 0), "c1")),
    ("hand-card-number", changed(("hands", 0, 0), 13)),
    ("hand-card-null", changed(("hands", 0, 0), None)),
    ("turned-not-card", changed(("turned",), "W5")),
    ("turned-array", changed(("turned",), ["C1"])),
    ("trump-lowercase", changed(("trump",), "c")),
    ("trump-wizard", changed(("trump",), "W")),
    ("trump-number", changed(("trump",), 1)),
    ("played-not-array", changed(("played",), "C1")),
    ("played-card-bad", changed(("played", 0), "X1")),
    ("trick-not-array", changed(("current_trick",), None)),
    ("trick-card-bad", changed(("current_trick", 0), "S0")),
]


@pytest.mark.parametrize(
    "value", [v for _, v in INVALID_RECORD], ids=[n for n, _ in INVALID_RECORD]
)
def test_a_document_of_the_wrong_shape_is_an_invalid_record(value: Any) -> None:
    with pytest.raises(RecordError) as info:
        position_from_dict(value)
    assert info.value.code is ErrorCode.INVALID_RECORD
    assert info.value.index is None
    # the schema refuses it too
    assert schema_errors(value) != []


@pytest.mark.parametrize("path", [("round",), ("scores", 0), ("bids", 1), ("version",)])
def test_integers_written_as_floats_are_refused(path: tuple[Any, ...]) -> None:
    value = changed(path, float(BASE[path[0]] if len(path) == 1 else BASE[path[0]][path[1]]))
    with pytest.raises(RecordError) as info:
        position_from_dict(value)
    assert info.value.code is ErrorCode.INVALID_RECORD
    # JSON Schema counts 2.0 as an integer (the schema's description says so)
    assert schema_errors(value) == []
    assert "2.0" in schema()["description"]


def test_a_card_that_is_not_one_keeps_its_card_text_error() -> None:
    for value in (changed(("hands", 0, 0), "H14"), changed(("trump",), "X")):
        with pytest.raises(RecordError) as info:
            position_from_dict(value)
        assert isinstance(info.value.__cause__, CardTextError)


def test_the_whole_shape_is_checked_before_the_cards_are_read() -> None:
    value = changed(("hands", 0, 0), "H14")
    value["leader"] = "0"
    with pytest.raises(RecordError) as info:
        position_from_dict(value)
    assert "leader" in info.value.message
    assert info.value.__cause__ is None


def _duplicate_card(data: dict[str, Any]) -> None:
    data["hands"][1][0] = data["hands"][0][0]


def invalid_positions() -> list[tuple[str, dict[str, Any]]]:
    players = BASE["config"]["players"]
    cases = []
    data = copy.deepcopy(BASE)
    _duplicate_card(data)
    cases.append(("card-in-two-places", data))
    cases += [
        ("card-twice-in-a-hand", changed(("hands", 0), [BASE["hands"][0][0]] * 2)),
        ("scores-one-seat-short", changed(("scores",), BASE["scores"][:-1])),
        ("hands-one-seat-too-many", changed(("hands",), [*BASE["hands"], []])),
        ("score-not-a-multiple-of-10", changed(("scores", 0), 15)),
        ("round-0", changed(("round",), 0)),
        ("round-after-the-last", changed(("round",), 60 // players + 1)),
        ("another-dealer", changed(("dealer",), (BASE["dealer"] + 1) % players)),
        ("no-such-leader", changed(("leader",), players)),
        ("bid-out-of-range", changed(("bids", 0), BASE["round"] + 1)),
        ("negative-bid", changed(("bids", 0), -1)),
        ("trump-not-the-turned-suit", changed(("trump",), None)),
        ("nothing-turned", changed(("turned",), None)),
        ("over-in-round-3", changed(("over",), True)),
        ("tricks-won-too-many", changed(("tricks_won", 0), 5)),
        ("a-hand-too-small", changed(("hands", 0), BASE["hands"][0][:-1])),
    ]
    return cases


INVALID_POSITION = invalid_positions()


@pytest.mark.parametrize(
    "value", [v for _, v in INVALID_POSITION], ids=[n for n, _ in INVALID_POSITION]
)
def test_a_well_formed_impossible_position_is_an_invalid_position(value: Any) -> None:
    with pytest.raises(PositionError) as info:
        position_from_dict(value)
    assert info.value.code is ErrorCode.INVALID_POSITION


JSON_VALUES: list[Any] = [
    None,
    True,
    0,
    -1,
    2,
    10**30,
    "",
    "C1",
    "W1",
    "H",
    [],
    [None],
    [0],
    ["C1"],
    [[]],
    [["C1"]],
    {},
    {"players": 3},
]


def decode(value: Any) -> Position | RecordError | PositionError:
    try:
        return position_from_dict(value)
    except (RecordError, PositionError) as error:
        return error


def test_any_value_in_any_field_is_refused_with_a_code_or_decodes() -> None:
    # Every field (and the first item of every list) replaced by each of a
    # few JSON values: the decoder never fails with anything but its two
    # errors, and what it accepts fits the schema and round-trips; what it
    # refuses as a wrong shape the schema refuses too.
    paths: list[tuple[Any, ...]] = [(key,) for key in BASE]
    paths += [(key, 0) for key, value in BASE.items() if isinstance(value, list) and value]
    paths += [("hands", 0, 0), ("config", "players"), ("config", "first_dealer")]
    outcomes = set()
    for path in paths:
        for replacement in JSON_VALUES:
            value = changed(path, replacement)
            outcome = decode(value)
            if isinstance(outcome, Position):
                assert schema_errors(value) == []
                assert position_from_dict(position_to_dict(outcome)) == outcome
                assert_same_position(position_from_dict(position_to_dict(outcome)), outcome)
                outcomes.add("decoded")
            else:
                assert outcome.code in {ErrorCode.INVALID_RECORD, ErrorCode.INVALID_POSITION}
                if outcome.code is ErrorCode.INVALID_RECORD:
                    assert schema_errors(value) != [], (path, replacement)
                outcomes.add(outcome.code.value)
    assert outcomes == {"invalid_record", "invalid_position", "decoded"}


def test_the_schema_is_shipped_with_the_suite() -> None:
    document = schema()
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert document["properties"]["format"] == {"const": POSITION_FORMAT}
    assert document["properties"]["version"] == {"const": POSITION_VERSION}
    assert sorted(document["required"]) == sorted(BASE)


# -- game records that start from a position -------------------------------------


def play_on(state: State, seed: int, steps: int | None = None) -> State:
    rng = random.Random(seed)
    taken = 0
    while not state.is_over and (steps is None or taken < steps):
        state = apply(state, random_action(state, rng))
        taken += 1
    return state


def states_to_start_from() -> Iterator[State]:
    """States spread over each game, and the first of every phase."""
    for config, seed in GAMES:
        seen = set()
        for step, state in enumerate(walk(config, seed)):
            if step % 83 == 0 or state.phase not in seen:
                seen.add(state.phase)
                yield state


@pytest.mark.parametrize("steps", [0, 5, None], ids=["no-action", "five-actions", "to-the-end"])
def test_a_record_from_a_position_replays_to_the_same_state(steps: int | None) -> None:
    checked = 0
    for origin in states_to_start_from():
        start = position_of(origin)
        state = play_on(from_position(start), seed=checked, steps=steps)
        record = GameRecord.from_state(state)
        assert record.start == start
        assert record.config == origin.config
        assert record.actions == state.history
        assert record.replay() == state
        assert_same_state(record.replay(), state)
        data = record.to_dict()
        assert data["version"] == 2 == RECORD_VERSION
        assert data["start"] == position_to_dict(start)
        text = record.to_json()
        decoded = GameRecord.from_json(text)
        assert decoded == record
        assert decoded.replay() == state
        assert_same_state(decoded.replay(), state)
        assert decoded.to_json() == text
        # playing on from the original state gives the same positions
        original = origin
        for action in state.history:
            original = apply(original, action)
        assert position_of(original) == position_of(state)
        assert_same_position(position_of(original), position_of(state))
        assert original.scores == state.scores
        checked += 1
    assert checked >= 40


def test_a_record_built_by_hand_with_a_start() -> None:
    origin = next(s for s in walk(Config(players=5), 1) if s.round == 4 and s.phase.value == "bid")
    start = position_of(origin)
    assert GameRecord(origin.config, (), start).replay() == from_position(start)
    assert_same_state(GameRecord(origin.config, (), start).replay(), from_position(start))
    assert GameRecord(origin.config, []) != GameRecord(origin.config, [], start)


def test_an_illegal_action_after_a_start_keeps_its_index() -> None:
    origin = next(s for s in walk(Config(players=4), 2) if s.round == 3 and s.current_trick)
    start = from_position(position_of(origin))
    state = play_on(start, seed=1, steps=3)
    actions = list(state.history)
    seat = state.current_player
    assert seat is not None
    held = set(state.hand(seat))
    not_held = next(c for c in state.played + state.current_trick if c not in held)
    actions.append(Play(seat, not_held))
    data = GameRecord(start.config, state.history, start.start).to_dict()
    data["actions"].append({"type": "play", "player": seat, "card": not_held.text})
    with pytest.raises(RecordError) as info:
        GameRecord.from_dict(data)
    assert info.value.code is ErrorCode.ILLEGAL_RECORD
    assert info.value.index == 3
    assert isinstance(info.value.__cause__, IllegalActionError)
    with pytest.raises(RecordError) as info:
        GameRecord(start.config, actions, start.start).replay()
    assert info.value.index == 3


def test_a_badly_formed_action_after_a_start_keeps_its_index() -> None:
    origin = next(s for s in walk(Config(players=3), 4) if s.round == 2 and s.phase.value == "bid")
    data = GameRecord.from_state(from_position(position_of(origin))).to_dict()
    data["actions"] = [{"type": "bid", "player": origin.current_player, "tricks": "1"}]
    with pytest.raises(RecordError) as info:
        GameRecord.from_dict(data)
    assert info.value.code is ErrorCode.INVALID_RECORD
    assert info.value.index == 0


# -- versions: old records, byte for byte ---------------------------------------

# Written by the library before positions existed (record format version 1):
# the first two rounds of a 3-player game.
OLD_RECORD = (
    '{"actions":[{"hands":[["C9"],["S3"],["C7"]],"turned":"H11","type":"deal"},'
    '{"player":0,"tricks":1,"type":"bid"},{"player":1,"tricks":1,"type":"bid"},'
    '{"player":2,"tricks":1,"type":"bid"},{"card":"C9","player":0,"type":"play"},'
    '{"card":"S3","player":1,"type":"play"},{"card":"C7","player":2,"type":"play"},'
    '{"hands":[["C3","D11"],["C13","S10"],["J4","W1"]],"turned":"S3","type":"deal"},'
    '{"player":1,"tricks":1,"type":"bid"},{"player":2,"tricks":0,"type":"bid"},'
    '{"player":0,"tricks":0,"type":"bid"},{"card":"S10","player":1,"type":"play"},'
    '{"card":"W1","player":2,"type":"play"},{"card":"D11","player":0,"type":"play"},'
    '{"card":"J4","player":2,"type":"play"},{"card":"C3","player":0,"type":"play"},'
    '{"card":"C13","player":1,"type":"play"}],'
    '"config":{"first_dealer":2,"forbid_bid_total_match":false,"players":3},'
    '"format":"wizard-rules/game","version":1}'
)


def test_an_old_record_still_loads_and_is_written_byte_for_byte() -> None:
    record = GameRecord.from_json(OLD_RECORD)
    assert record.start is None
    state = record.replay()
    # round 1: C9 wins for seat 0 (bid 1, +30), seats 1 and 2 bid 1 and won none (-10);
    # round 2: W1 wins for seat 2 (bid 0, -10), C13 for seat 1 (bid 1, +30), seat 0 +20.
    assert state.scores == (50, 20, -20)
    assert state.start is None
    assert record.to_json() == OLD_RECORD
    assert GameRecord.from_state(state).to_json() == OLD_RECORD
    assert json.loads(OLD_RECORD)["format"] == RECORD_FORMAT


def test_a_version_2_record_without_a_start_is_the_same_record() -> None:
    data = json.loads(OLD_RECORD)
    data["version"] = 2
    data["start"] = None
    record = GameRecord.from_dict(data)
    assert record == GameRecord.from_json(OLD_RECORD)
    # written back in the oldest version that holds it
    assert record.to_json() == OLD_RECORD


def start_record() -> dict[str, Any]:
    origin = next(s for s in walk(Config(players=4), 6) if s.round == 2 and s.phase.value == "bid")
    return GameRecord.from_state(play_on(from_position(position_of(origin)), 0, 6)).to_dict()


START = start_record()


def record_changed(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(START)
    change(data)
    return data


BAD_RECORDS: list[tuple[str, dict[str, Any] | list[Any]]] = [
    ("not-an-object", [START]),
    ("v1-with-a-start", record_changed(lambda d: d.update(version=1))),
    ("v2-without-a-start", record_changed(lambda d: d.pop("start"))),
    ("v2-without-format", record_changed(lambda d: d.pop("format"))),
    ("v2-without-version", record_changed(lambda d: d.pop("version"))),
    ("version-3", record_changed(lambda d: d.update(version=3))),
    ("version-float", record_changed(lambda d: d.update(version=2.0))),
    ("unknown-field", record_changed(lambda d: d.update(note="x"))),
    ("start-not-an-object", record_changed(lambda d: d.update(start="players=4"))),
    ("start-of-another-format", record_changed(lambda d: d["start"].update(format="x"))),
    ("start-card-bad", record_changed(lambda d: d["start"].update(turned="X1"))),
    ("start-impossible", record_changed(lambda d: d["start"]["scores"].__setitem__(0, 5))),
    ("start-partial", record_changed(lambda d: d["start"]["hands"].__setitem__(0, None))),
    ("start-other-config", record_changed(lambda d: d["config"].update(first_dealer=1))),
    (
        "start-other-option",
        record_changed(lambda d: d["config"].update(forbid_bid_total_match=True)),
    ),
]


@pytest.mark.parametrize("value", [v for _, v in BAD_RECORDS], ids=[n for n, _ in BAD_RECORDS])
def test_bad_version_2_records_are_invalid_records(value: Any) -> None:
    with pytest.raises(RecordError) as info:
        GameRecord.from_dict(value)
    assert info.value.code is ErrorCode.INVALID_RECORD
    assert info.value.index is None


def test_a_start_that_cannot_arise_names_the_position_error() -> None:
    value = record_changed(lambda d: d["start"]["scores"].__setitem__(0, 5))
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(json.dumps(value))
    assert info.value.message.startswith("start: ")
    assert isinstance(info.value.__cause__, PositionError)
    assert info.value.__cause__.code is ErrorCode.INVALID_POSITION


def test_the_start_record_is_valid() -> None:
    record = GameRecord.from_dict(START)
    assert record.start is not None
    assert record.to_dict() == START
    assert START["version"] == 2


# -- building a record with a start -------------------------------------------


def test_a_game_record_refuses_a_start_of_the_wrong_kind() -> None:
    origin = next(s for s in walk(Config(players=3), 1) if s.phase.value == "play")
    start = position_of(origin)
    with pytest.raises(InvalidArgumentError) as info:
        GameRecord(origin.config, (), position_to_dict(start))  # type: ignore[arg-type]
    assert info.value.code is ErrorCode.INVALID_ARGUMENT
    with pytest.raises(InvalidArgumentError) as info:
        GameRecord(Config(players=3, first_dealer=1), (), start)
    assert "GameRecord.start is a position of" in info.value.message
    partial = position_of(player_view(origin, 0))
    with pytest.raises(PositionError) as refused:
        GameRecord(origin.config, (), partial)
    assert refused.value.code is ErrorCode.INVALID_POSITION


def test_new_games_have_no_start() -> None:
    record = GameRecord.from_state(play_on(new_game(Config(players=4)), 0, 10))
    assert record.start is None
    assert record.to_dict()["version"] == 1
    assert "start" not in record.to_dict()
