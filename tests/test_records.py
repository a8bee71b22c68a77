from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from wizard_rules import (
    Action,
    Bid,
    ChooseTrump,
    Config,
    Deal,
    ErrorCode,
    GameRecord,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    Phase,
    Play,
    RecordError,
    Suit,
    action_from_dict,
    action_to_dict,
    apply,
    config_from_dict,
    config_to_dict,
    new_game,
    random_game,
)
from wizard_rules.formats.records import RECORD_FORMAT, dumps, loads

from .fields import assert_same_state
from .helpers import bid_all, card, fill_deal, play_cards, state_at_round

# -- configurations --------------------------------------------------------------


@pytest.mark.parametrize(
    "config",
    [
        Config(players=3),
        Config(players=4, first_dealer=3),
        Config(players=5, forbid_bid_total_match=True),
        Config(players=6, first_dealer=5, forbid_bid_total_match=True),
    ],
    ids=repr,
)
def test_config_round_trip(config: Config) -> None:
    data = config_to_dict(config)
    assert data == {
        "players": config.players,
        "first_dealer": config.first_dealer,
        "forbid_bid_total_match": config.forbid_bid_total_match,
    }
    assert config_from_dict(data) == config
    assert config_from_dict(loads(dumps(data))) == config


def test_config_options_default() -> None:
    assert config_from_dict({"players": 4}) == Config(players=4)
    assert config_from_dict({"players": 4, "first_dealer": 2}) == Config(players=4, first_dealer=2)


@pytest.mark.parametrize(
    "value",
    [
        {},
        {"players": "4"},
        {"players": 4.0},
        {"players": True},
        {"players": 7},
        {"players": None},
        {"players": 4, "first_dealer": 4},
        {"players": 4, "first_dealer": True},
        {"players": 4, "forbid_bid_total_match": 1},
        {"players": 4, "canadian": True},
        [4],
        "players=4",
        None,
    ],
    ids=repr,
)
def test_bad_config_dict(value: Any) -> None:
    with pytest.raises(RecordError) as info:
        config_from_dict(value)
    assert info.value.code is ErrorCode.INVALID_RECORD
    assert info.value.index is None


# -- actions -------------------------------------------------------------------------

ACTIONS: list[tuple[Action, dict[str, Any]]] = [
    (
        Deal([[card("W2"), card("C1")], [card("H13"), card("J1")]], card("H7")),
        {"type": "deal", "hands": [["C1", "W2"], ["J1", "H13"]], "turned": "H7"},
    ),
    (
        Deal([[card("C1")], [card("S4")]], None),
        {"type": "deal", "hands": [["C1"], ["S4"]], "turned": None},
    ),
    (
        ChooseTrump(0, Suit.HEARTS),
        {"type": "choose_trump", "player": 0, "suit": "H"},
    ),
    (ChooseTrump(2, None), {"type": "choose_trump", "player": 2, "suit": None}),
    (Bid(1, 2), {"type": "bid", "player": 1, "tricks": 2}),
    (Bid(5, 0), {"type": "bid", "player": 5, "tricks": 0}),
    (Play(1, card("H13")), {"type": "play", "player": 1, "card": "H13"}),
    (Play(3, card("J4")), {"type": "play", "player": 3, "card": "J4"}),
]


@pytest.mark.parametrize(("action", "data"), ACTIONS, ids=str)
def test_action_round_trip(action: Action, data: dict[str, Any]) -> None:
    assert action_to_dict(action) == data
    assert action_from_dict(data) == action
    text = dumps(action_to_dict(action))
    assert action_from_dict(loads(text)) == action
    assert dumps(action_to_dict(action_from_dict(loads(text)))) == text


@pytest.mark.parametrize("value", [42, None, "bid", {"type": "bid"}], ids=repr)
def test_action_to_dict_rejects_non_actions(value: Any) -> None:
    with pytest.raises(InvalidActionError) as info:
        action_to_dict(value)
    assert info.value.code is ErrorCode.INVALID_ACTION


@pytest.mark.parametrize(
    "value",
    [
        {"type": "bid", "player": 0, "tricks": 1, "extra": 1},
        {"type": "bid", "player": 0},
        {"type": "bid", "player": True, "tricks": 1},
        {"type": "bid", "player": 0, "tricks": 1.0},
        {"type": "bid", "player": "0", "tricks": 1},
        {"type": "play", "player": 0, "card": "H14"},
        {"type": "play", "player": 0, "card": 13},
        {"type": "play", "player": 0, "card": None},
        {"type": "choose_trump", "player": 0, "suit": "X"},
        {"type": "choose_trump", "player": 0, "suit": "h"},
        {"type": "choose_trump", "player": 0, "suit": 1},
        {"type": "choose_trump", "player": 0},
        {"type": "deal", "hands": "C1", "turned": None},
        {"type": "deal", "hands": ["C1"], "turned": None},
        {"type": "deal", "hands": [["C1"], ["X1"]], "turned": None},
        {"type": "deal", "hands": [["C1"]], "turned": "W5"},
        {"type": "deal", "hands": [["C1"]]},
        {"type": "pass", "player": 0},
        {"type": None},
        {"player": 0, "tricks": 1},
        {"type": ["bid"], "player": 0, "tricks": 1},
        [],
        "bid",
        None,
    ],
    ids=repr,
)
def test_bad_action_dict(value: Any) -> None:
    with pytest.raises(RecordError) as info:
        action_from_dict(value)
    assert info.value.code is ErrorCode.INVALID_RECORD


# -- whole games -------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("forbid", [False, True])
def test_game_round_trip(players: int, forbid: bool) -> None:
    config = Config(players=players, first_dealer=players - 1, forbid_bid_total_match=forbid)
    final = random_game(config, random.Random(players * 2 + forbid))
    record = GameRecord.from_state(final)
    assert record.config == config
    assert record.actions == final.history
    assert record.replay() == final
    assert_same_state(record.replay(), final)
    text = record.to_json()
    assert " " not in text
    decoded = GameRecord.from_json(text)
    assert decoded == record
    assert decoded.replay() == final
    assert_same_state(decoded.replay(), final)
    assert decoded.to_json() == text
    assert GameRecord.from_json(text.encode()).to_json() == text
    # the indented form decodes to the same record
    assert GameRecord.from_json(record.to_json(indent=2)) == record
    data = json.loads(text)
    assert data["format"] == RECORD_FORMAT
    assert data["version"] == 1  # no start position: still written as version 1
    assert GameRecord.from_dict(data) == record
    assert list(data) == sorted(data)


def _wizard_round_record() -> GameRecord:
    state = new_game(Config(players=3, first_dealer=1))
    state = apply(state, fill_deal(state, {2: "C13", 0: "S2", 1: "H1"}, "W1"))
    assert state.phase is Phase.CHOOSE_TRUMP
    state = apply(state, ChooseTrump(1, Suit.SPADES))
    state = bid_all(state, [1, 0, 0])
    state = play_cards(state, "C13 S2 H1")
    return GameRecord.from_state(state)


def test_partial_game_with_trump_choice_round_trip() -> None:
    record = _wizard_round_record()
    text = record.to_json()
    assert '"type":"choose_trump"' in text
    decoded = GameRecord.from_json(text)
    assert decoded == record
    assert decoded.to_json() == text
    state = decoded.replay()
    assert state == record.replay()
    assert_same_state(state, record.replay())
    assert state.results[0].trump is Suit.SPADES
    assert state.scores == (30, 20, 20)


def test_empty_record() -> None:
    record = GameRecord(Config(players=4), ())
    assert record.replay() == new_game(Config(players=4))
    assert_same_state(record.replay(), new_game(Config(players=4)))
    assert GameRecord.from_json(record.to_json()) == record


@pytest.mark.parametrize("value", [42, None, "state", Config(players=3)], ids=repr)
def test_game_record_from_state_rejects_non_states(value: Any) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        GameRecord.from_state(value)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT


@pytest.mark.parametrize("value", [42, None, {"players": 4}], ids=repr)
def test_config_to_dict_rejects_non_configs(value: Any) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        config_to_dict(value)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT


@pytest.mark.parametrize(
    ("config", "actions"),
    [("config", ()), (Config(players=3), 42), (Config(players=3), [42])],
    ids=repr,
)
def test_game_record_rejects_wrong_types(config: Any, actions: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        GameRecord(config, actions)


# -- hostile and bad JSON ----------------------------------------------------------


def _short_record_text() -> str:
    """The record of the first two rounds of a 3-player game."""
    state = state_at_round(Config(players=3), 3, seed=4)
    return GameRecord.from_state(state).to_json()


BASE = json.loads(_short_record_text())


def mutate(change: Callable[[dict[str, Any]], None]) -> str:
    data = copy.deepcopy(BASE)
    change(data)
    return json.dumps(data)


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _delete(path: tuple[Any, ...]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


def test_base_record_is_valid() -> None:
    text = json.dumps(BASE)
    record = GameRecord.from_json(text)
    assert record.replay().round == 3
    original = state_at_round(Config(players=3), 3, seed=4)
    assert record.replay() == original
    assert_same_state(record.replay(), original)
    assert [a["type"] for a in BASE["actions"]].count("deal") == 2


INVALID_JSON: list[tuple[str, str | bytes]] = [
    ("empty", ""),
    ("not-json", "not json"),
    ("truncated", _short_record_text()[:-1]),
    ("single-quotes", "{'format': 1}"),
    ("trailing-comma", '{"a": 1,}'),
    ("duplicate-top-key", '{"format": "wizard-rules/game", "format": "wizard-rules/game"}'),
    ("duplicate-nested-key", '{"config": {"players": 3, "players": 4}}'),
    (
        "duplicate-key-in-real-record",
        _short_record_text().replace('"players":3', '"players":3,"players":3'),
    ),
    ("nan", '{"players": NaN}'),
    ("nan-in-record", _short_record_text().replace('"players":3', '"players":NaN')),
    ("infinity", "[Infinity]"),
    ("minus-infinity", "[-Infinity]"),
    ("deep-list", "[" * 100000),
    ("deep-list-closed", "[" * 100000 + "]" * 100000),
    ("deep-object", '{"a":' * 100000),
    ("huge-int", "1" * 10000),
    ("bad-utf8", b"\xff\xfe{"),
]


@pytest.mark.parametrize("text", [t for _, t in INVALID_JSON], ids=[n for n, _ in INVALID_JSON])
def test_invalid_json(text: str | bytes) -> None:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(text)
    assert info.value.code is ErrorCode.INVALID_JSON
    assert info.value.index is None
    with pytest.raises(RecordError) as info:
        loads(text)
    assert info.value.code is ErrorCode.INVALID_JSON


@pytest.mark.parametrize("value", [None, 42, ["[]"]], ids=repr)
def test_json_must_be_text(value: Any) -> None:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(value)
    assert info.value.code is ErrorCode.INVALID_JSON


INVALID_RECORD: list[tuple[str, str]] = [
    ("array", "[]"),
    ("string", '"record"'),
    ("null", "null"),
    ("unknown-top-field", mutate(_set(("comment",), "hi"))),
    ("unknown-config-field", mutate(_set(("config", "canadian"), True))),
    ("unknown-action-field", mutate(_set(("actions", 1, "note"), "x"))),
    ("missing-format", mutate(_delete(("format",)))),
    ("missing-version", mutate(_delete(("version",)))),
    ("missing-config", mutate(_delete(("config",)))),
    ("missing-actions", mutate(_delete(("actions",)))),
    ("missing-players", mutate(_delete(("config", "players")))),
    ("missing-action-player", mutate(_delete(("actions", 1, "player")))),
    ("missing-action-type", mutate(_delete(("actions", 1, "type")))),
    ("missing-turned", mutate(_delete(("actions", 0, "turned")))),
    ("players-string", mutate(_set(("config", "players"), "3"))),
    ("players-float", mutate(_set(("config", "players"), 3.0))),
    ("players-bool", mutate(_set(("config", "players"), True))),
    ("players-7", mutate(_set(("config", "players"), 7))),
    ("first-dealer-out-of-range", mutate(_set(("config", "first_dealer"), 3))),
    ("option-int", mutate(_set(("config", "forbid_bid_total_match"), 0))),
    ("config-array", mutate(_set(("config",), [3]))),
    ("player-true", mutate(_set(("actions", 1, "player"), True))),
    ("player-float", mutate(_set(("actions", 1, "player"), 1.0))),
    ("tricks-string", mutate(_set(("actions", 1, "tricks"), "0"))),
    ("card-h14", mutate(_set(("actions", 4, "card"), "H14"))),
    ("card-lowercase", mutate(_set(("actions", 4, "card"), "h3"))),
    ("hand-card-bad", mutate(_set(("actions", 0, "hands", 0, 0), "X1"))),
    ("hand-not-list", mutate(_set(("actions", 0, "hands", 0), "C1"))),
    ("hands-not-list", mutate(_set(("actions", 0, "hands"), {"0": ["C1"]}))),
    ("turned-bad", mutate(_set(("actions", 0, "turned"), "W0"))),
    ("suit-x", mutate(_set(("actions", 1), {"type": "choose_trump", "player": 0, "suit": "X"}))),
    ("unknown-type", mutate(_set(("actions", 1, "type"), "pass"))),
    ("action-not-object", mutate(_set(("actions", 1), ["bid", 1, 0]))),
    ("actions-not-array", mutate(_set(("actions",), {"0": {}}))),
    ("version-2", mutate(_set(("version",), 2))),
    ("version-0", mutate(_set(("version",), 0))),
    ("version-string", mutate(_set(("version",), "1"))),
    ("version-float", mutate(_set(("version",), 1.0))),
    ("version-bool", mutate(_set(("version",), True))),
    ("wrong-format", mutate(_set(("format",), "wizard-rules/other"))),
    ("format-null", mutate(_set(("format",), None))),
]


@pytest.mark.parametrize(
    "text", [t for _, t in INVALID_RECORD], ids=[n for n, _ in INVALID_RECORD]
)
def test_invalid_record(text: str) -> None:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(text)
    assert info.value.code is ErrorCode.INVALID_RECORD


def _index_of(kind: str, occurrence: int) -> int:
    found = [i for i, a in enumerate(BASE["actions"]) if a["type"] == kind]
    return found[occurrence]


def _duplicate_in_deal(occurrence: int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        hands = data["actions"][_index_of("deal", occurrence)]["hands"]
        hands[1][0] = hands[0][0]

    return change


def _bid_out_of_turn(occurrence: int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        action = data["actions"][_index_of("bid", occurrence)]
        action["player"] = (action["player"] + 1) % 3

    return change


def _set_action(index: int, value: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    return _set(("actions", index), value)


ILLEGAL_RECORD: list[tuple[str, str, int, ErrorCode]] = [
    ("duplicate-card-first-deal", mutate(_duplicate_in_deal(0)), 0, ErrorCode.INVALID_DEAL),
    (
        "duplicate-card-second-deal",
        mutate(_duplicate_in_deal(1)),
        _index_of("deal", 1),
        ErrorCode.INVALID_DEAL,
    ),
    (
        "bid-out-of-turn-first",
        mutate(_bid_out_of_turn(0)),
        _index_of("bid", 0),
        ErrorCode.NOT_YOUR_TURN,
    ),
    (
        "bid-out-of-turn-later",
        mutate(_bid_out_of_turn(4)),
        _index_of("bid", 4),
        ErrorCode.NOT_YOUR_TURN,
    ),
    (
        "bid-out-of-range",
        mutate(_set(("actions", _index_of("bid", 3), "tricks"), 3)),
        _index_of("bid", 3),
        ErrorCode.BID_OUT_OF_RANGE,
    ),
    (
        "play-before-deal",
        mutate(_set_action(0, {"type": "play", "player": 1, "card": "H3"})),
        0,
        ErrorCode.WRONG_PHASE,
    ),
    (
        "trump-choice-while-bidding",
        mutate(_set_action(1, {"type": "choose_trump", "player": 0, "suit": None})),
        1,
        ErrorCode.WRONG_PHASE,
    ),
    (
        "seat-7",
        mutate(_set(("actions", _index_of("play", 0), "player"), 7)),
        _index_of("play", 0),
        ErrorCode.NO_SUCH_PLAYER,
    ),
    (
        "card-not-held",
        mutate(_set(("actions", _index_of("play", 0), "card"), BASE["actions"][0]["turned"])),
        _index_of("play", 0),
        ErrorCode.CARD_NOT_IN_HAND,
    ),
]


@pytest.mark.parametrize(
    ("text", "index", "cause"),
    [pytest.param(t, i, c, id=n) for n, t, i, c in ILLEGAL_RECORD],
)
def test_illegal_record(text: str, index: int, cause: ErrorCode) -> None:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(text)
    assert info.value.code is ErrorCode.ILLEGAL_RECORD
    assert info.value.index == index
    assert isinstance(info.value.__cause__, IllegalActionError)
    assert info.value.__cause__.code is cause


def test_illegal_record_replay_of_a_built_record() -> None:
    record = _wizard_round_record()
    actions = list(record.actions)
    actions[1] = ChooseTrump(1, None)
    with pytest.raises(RecordError) as info:
        GameRecord(record.config, actions).replay()
    assert info.value.code is ErrorCode.ILLEGAL_RECORD
    assert info.value.index == 1
    assert isinstance(info.value.__cause__, IllegalActionError)
    assert info.value.__cause__.code is ErrorCode.NO_TRUMP_NOT_ALLOWED


def test_record_of_a_finished_game_cannot_be_extended() -> None:
    final = random_game(Config(players=6), random.Random(0))
    data = GameRecord.from_state(final).to_dict()
    data["actions"].append({"type": "bid", "player": 0, "tricks": 0})
    with pytest.raises(RecordError) as info:
        GameRecord.from_dict(data)
    assert info.value.code is ErrorCode.ILLEGAL_RECORD
    assert info.value.index == len(final.history)
    assert isinstance(info.value.__cause__, IllegalActionError)
    assert info.value.__cause__.code is ErrorCode.GAME_OVER


def test_decoding_refuses_odd_keys_without_a_crash() -> None:
    with pytest.raises(RecordError) as refused:
        config_from_dict({"players": 3, 1: 0, "zz": 0})
    assert refused.value.code is ErrorCode.INVALID_RECORD
    with pytest.raises(RecordError):
        action_from_dict({"type": "bid", "player": 0, "tricks": 1, 1: 0, "zz": 0})


def test_dumps_refuses_what_json_cannot_hold() -> None:
    with pytest.raises(InvalidArgumentError):
        dumps({1, 2})
    with pytest.raises(InvalidArgumentError):
        dumps(float("nan"))


def test_a_decoded_record_replays_once() -> None:
    final = random_game(Config(players=4), random.Random(2))
    decoded = GameRecord.from_json(GameRecord.from_state(final).to_json())
    assert decoded.replay() is decoded.replay()
    assert decoded.replay() == final
    assert_same_state(decoded.replay(), final)
    assert decoded == GameRecord.from_state(final)
