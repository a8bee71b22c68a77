"""The conformance suite and protocol with the anniversary cards (rules 28 to 41).

The cases' conventions (card and reading tags, reading groups that differ
only in the configuration's readings), their scores against the scoring rule
recomputed here, and this library's adapter on games with the cards: the new
observations, the observations it leaves unanswered, positions it refuses,
and the readings :func:`~wizard_rules.conformance.adapter.serve` takes.
"""

from __future__ import annotations

import io
import json
from collections import defaultdict
from typing import Any

import pytest

from wizard_rules import Config, apply, new_game
from wizard_rules.conformance.adapter import OBSERVATIONS, Session, handle, run_case, serve
from wizard_rules.conformance.protocol import CARD_VIEW_KEYS, CONFIG_KEYS, OBSERVATION_KEYS
from wizard_rules.conformance.suite import load_suite
from wizard_rules.core.anniversary.readings import READINGS, Readings
from wizard_rules.formats.records import action_from_dict

SUITE = load_suite()
CARD_CASES = [case for case in SUITE.cases if "anniversary_cards" in case.config]
NAMES = (
    "dragon",
    "fairy",
    "bomb",
    "werewolf",
    "juggler",
    "cloud",
    "shapeshifter",
    "witch",
    "vampire",
)

# -- the cases ---------------------------------------------------------------------------------


def _reading_tag(tags: tuple[str, ...] | list[str]) -> tuple[str, str] | None:
    found = [tag[8:].split("=") for tag in tags if tag.startswith("reading:")]
    assert len(found) <= 1
    return (found[0][0], found[0][1]) if found else None


def test_every_card_and_every_reading_value_has_cases() -> None:
    tags = {tag for case in SUITE.cases for tag in case.tags}
    assert {f"card:{name}" for name in NAMES} <= tags
    for reading in READINGS:
        for value in reading.values:
            assert f"reading:{reading.name}={value}" in tags, (reading.name, value)
    assert len([case for case in SUITE.cases if int(case.rule.split(".")[0]) >= 28]) >= 150


def test_every_case_with_the_cards_is_tagged_so() -> None:
    for case in CARD_CASES:
        assert "variant:anniversary_cards" in case.tags, case.id
        refused = {"at": None, "code": "invalid_config"} in case.errors
        names: Any = case.config["anniversary_cards"]
        for name in names:
            assert name in NAMES or refused, case.id
        # Every case that plays the cards names a card it exercises.
        assert refused or any(tag.startswith("card:") for tag in case.tags), case.id


def test_reading_cases_come_in_groups_that_differ_only_in_the_reading() -> None:
    groups: dict[tuple[str, str], dict[str, Any]] = defaultdict(dict)
    for case in SUITE.cases:
        tag = _reading_tag(case.tags)
        if tag is None:
            continue
        name, value = tag
        config: Any = dict(case.config)
        readings: Any = dict(config.pop("readings", {}))
        default = next(r for r in READINGS if r.name == name).default
        # The default's case does not name the reading; the others name it, and
        # nothing else differs.
        assert readings.pop(name, default) == value, case.id
        named: Any = case.config.get("readings", {})
        assert (name in named) == (value != default), case.id
        if readings:
            config["readings"] = readings
        given = json.dumps(
            {"config": config, "position": case.position, "actions": list(case.actions)},
            sort_keys=True,
        )
        group = groups[(name, given)]
        assert value not in group, f"{case.id}: two cases of {name}={value} in one group"
        group[value] = case
    assert len(groups) >= 10
    for (name, _), group in groups.items():
        values = next(r for r in READINGS if r.name == name).values
        assert sorted(group) == sorted(values), (name, sorted(group))
        if len(values) > 1:  # a group's cases expect different things
            expectations = {
                json.dumps([case.errors, case.state], sort_keys=True) for case in group.values()
            }
            assert len(expectations) == len(values), [case.id for case in group.values()]


def _score(bid: int, won: int) -> int:
    """Rule 10 (unchanged by the cards, rule 31.2): 20 + 10 a trick, or -10 a trick off."""
    return 20 + 10 * won if bid == won else -10 * abs(bid - won)


def _bids(case: Any) -> list[list[int]] | None:
    """Each round's bids: the expected ones, or the bids made when no Cloud can change them."""
    if case.state and "round_bids" in case.state:
        return case.state["round_bids"]  # type: ignore[no-any-return]
    if (
        "cloud" in case.config["anniversary_cards"]
        or "vampire" in case.config["anniversary_cards"]
    ):
        return None
    players = case.config["players"]
    made: dict[int, int] = {}
    for action in case.actions:
        if action["type"] == "bid":
            made[action["player"]] = action["tricks"]
    return [[made[seat] for seat in range(players)]] if len(made) == players else None


def test_the_expected_scores_follow_the_bids_and_the_tricks_won() -> None:
    # Recomputed here from each case's own expected trick winners and bids:
    # a Bomb's trick (winner null) counts for no one (rule 31.1).
    checked = 0
    for case in CARD_CASES:
        state: Any = case.state or {}
        if "round_scores" not in state or "round_trick_winners" not in state or case.errors:
            continue
        bids = _bids(case)
        if bids is None:
            continue
        players: Any = case.config["players"]
        for bid_row, winners, scores in zip(
            bids, state["round_trick_winners"], state["round_scores"], strict=True
        ):
            won = [sum(1 for w in winners if w == seat) for seat in range(players)]
            assert scores == [_score(b, w) for b, w in zip(bid_row, won, strict=True)], case.id
            checked += 1
    assert checked >= 20


# -- the protocol --------------------------------------------------------------------------------


def test_the_protocol_defines_the_cards_keys_and_observations() -> None:
    assert CONFIG_KEYS[-2:] == ("anniversary_cards", "readings")
    assert OBSERVATION_KEYS[-6:] == (
        "trump_card",
        "vampire_copies",
        "declared",
        "bid_changes",
        "round_bid_changes",
        "card_views",
    )
    assert CARD_VIEW_KEYS == ("passing", "passes", "witch_swaps")
    assert tuple(OBSERVATIONS) == OBSERVATION_KEYS


def test_the_standard_game_answers_the_new_observations_as_a_game_without_cards() -> None:
    # Round 1 of three players: C2, C3, C4 dealt, H5 turned; seat 1 leads C3.
    state = new_game(Config(players=3))
    for action in (
        {"type": "deal", "hands": [["C2"], ["C3"], ["C4"]], "turned": "H5"},
        {"type": "bid", "player": 1, "tricks": 0},
        {"type": "bid", "player": 2, "tricks": 0},
        {"type": "bid", "player": 0, "tricks": 0},
        {"type": "play", "player": 1, "card": "C3"},
    ):
        state = apply(state, action_from_dict(action))
    assert OBSERVATIONS["trump_card"](state) == "H5"
    assert OBSERVATIONS["vampire_copies"](state) is None
    assert OBSERVATIONS["declared"](state) == [None]
    assert OBSERVATIONS["bid_changes"](state) == []
    assert (
        OBSERVATIONS["card_views"](state)
        == [{"passing": None, "passes": [], "witch_swaps": []}] * 3
    )
    for action in (
        {"type": "play", "player": 2, "card": "C4"},
        {"type": "play", "player": 0, "card": "C2"},
    ):
        state = apply(state, action_from_dict(action))
    assert OBSERVATIONS["round_bid_changes"](state) == [[]]


BOMB_GAME: Any = {"players": 3, "anniversary_cards": ["bomb", "vampire"]}
HANDS: Any = [["C2"], ["Bomb"], ["Vampire"]]
BOMB_DEAL: Any = {"type": "deal", "hands": HANDS, "turned": "H5"}


def test_a_game_with_cards_answers_views_in_their_old_shape() -> None:
    answer = run_case(BOMB_GAME, [BOMB_DEAL], ["views", "vampire_copies", "trump_card"], 1)
    assert answer["errors"] == []
    assert answer["state"] == {
        "views": [
            {
                "hands": [hand if s == seat else None for s, hand in enumerate(HANDS)],
                "bids": [None, None, None],
                "unseen_bids": [],
                "round_bids": [],
            }
            for seat in range(3)
        ],
        "vampire_copies": "H5",
        "trump_card": "H5",
    }
    assert answer["perft"] == 2  # seat 1 bids 0 or 1
    assert "unsupported" not in answer


def test_without_the_vampire_nothing_is_copied() -> None:
    answer = run_case({"players": 3, "anniversary_cards": ["bomb"]}, [], ["vampire_copies"], None)
    assert answer["state"] == {"vampire_copies": None}


def test_a_game_with_cards_has_no_position_and_starts_at_no_position() -> None:
    answer = run_case(BOMB_GAME, [BOMB_DEAL], ["position", "phase"], None)
    assert answer["state"] == {"phase": "bid"}
    assert answer["unsupported"] == ["position"]
    request = {
        "type": "case",
        "id": "x",
        "config": BOMB_GAME,
        "actions": [BOMB_DEAL],
        "observe": ["position", "turned"],
        "perft": None,
    }
    result = handle(request)
    assert result is not None
    assert result["type"] == "result"
    assert result["state"] == {"turned": "H5"}
    assert result.get("unsupported") == ["position"]
    started = run_case(BOMB_GAME, [], ["phase"], None, {"format": "wizard-rules/position"})
    assert started.get("unsupported") is True
    assert started["state"] is None
    result = handle({**request, "position": {"format": "wizard-rules/position"}})
    assert result is not None
    assert result.get("unsupported") is True


def test_the_step_by_step_session_plays_the_cards() -> None:
    session = Session()
    assert session.start(BOMB_GAME, {"format": "wizard-rules/position"}) == {
        "type": "refused",
        "code": "unsupported",
    }
    assert session.handle({"type": "start", "config": BOMB_GAME}) == {"type": "ok"}
    assert session.handle({"type": "apply", "action": BOMB_DEAL}) == {"type": "ok"}
    wrong = {"type": "declare", "player": 1, "as": "H"}
    assert session.handle({"type": "apply", "action": wrong}) == {
        "type": "refused",
        "code": "wrong_phase",
    }
    assert session.handle({"type": "query", "observe": ["phase", "position"]}) == {
        "type": "observed",
        "state": {"phase": "bid"},
    }


# -- the readings an adapter plays by default ---------------------------------------------------

# Schedule [2]: trick 1 is the Bomb (seat 1), the Dragon (seat 2), the Fairy (seat 0):
# the Fairy's seat (0) leads next under would_have_won, the Dragon's (2) under
# highest_card (rule 31.3).
DRAGON_GAME: Any = {
    "players": 3,
    "schedule": [2],
    "anniversary_cards": ["dragon", "fairy", "bomb"],
}
DRAGON_PLAY: Any = [
    {
        "type": "deal",
        "hands": [["Fairy", "C6"], ["Bomb", "C4"], ["Dragon", "C5"]],
        "turned": "S13",
    },
    *({"type": "bid", "player": seat, "tricks": 0} for seat in (1, 2, 0)),
    *(
        {"type": "play", "player": seat, "card": card}
        for seat, card in ((1, "Bomb"), (2, "Dragon"), (0, "Fairy"))
    ),
]


def _served(config: Any, readings: Readings | None) -> Any:
    request = {
        "type": "case",
        "id": "r",
        "config": config,
        "actions": DRAGON_PLAY,
        "observe": ["leader"],
        "perft": None,
    }
    out = io.StringIO()
    source = io.BytesIO((json.dumps(request) + "\n" + '{"type": "bye"}\n').encode())
    assert serve(source, out, default_readings=readings) == 0
    return json.loads(out.getvalue())


@pytest.mark.parametrize(
    ("config", "readings", "leader"),
    [
        (DRAGON_GAME, None, 0),
        (DRAGON_GAME, Readings(), 0),
        (DRAGON_GAME, Readings(bomb_leader="highest_card"), 2),
        (
            {**DRAGON_GAME, "readings": {"bomb_leader": "would_have_won"}},
            Readings(bomb_leader="highest_card"),
            0,
        ),
        (
            {**DRAGON_GAME, "readings": {"cloud_timing": "round_end"}},
            Readings(bomb_leader="highest_card"),
            2,
        ),
    ],
)
def test_serve_gives_a_configuration_the_default_readings_it_does_not_name(
    config: Any, readings: Readings | None, leader: int
) -> None:
    answer = _served(config, readings)
    assert answer["errors"] == []
    assert answer["state"] == {"leader": leader}


def test_default_readings_leave_other_configurations_as_they_are() -> None:
    readings = Readings(bomb_leader="highest_card")
    refused = _served({**DRAGON_GAME, "readings": ["bomb_leader"]}, readings)
    assert refused["errors"] == [{"at": None, "code": "invalid_config"}]
    assert _served([], readings)["errors"] == [{"at": None, "code": "invalid_config"}]
    standard = _served({"players": 3}, readings)  # no cards: the deal is refused
    assert standard["errors"][0] == {"at": 0, "code": "invalid_deal"}
    session = Session(readings)
    session.start(DRAGON_GAME, None)
    for action in DRAGON_PLAY:
        assert session.handle({"type": "apply", "action": action}) == {"type": "ok"}
    observed: Any = session.handle({"type": "query", "observe": ["leader"]})
    assert observed["state"] == {"leader": 2}
