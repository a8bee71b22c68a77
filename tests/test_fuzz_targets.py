"""The fuzz targets of fuzz/, run briefly by Hypothesis in the default tests.

Each target checks the library's promises on hostile input (see
fuzz/targets.py); long runs by hand are described in docs/testing.rst.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz import strategies as fs
from fuzz import targets
from fuzz.oracle import expected_code
from wizard_rules import Bid, Config, Play, State, apply, new_game, parse_card, random_deal

BRIEF = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@BRIEF
@given(fs.record_dicts)
def test_record_dicts(value: Any) -> None:
    targets.record_dict(value)


@BRIEF
@given(fs.record_dicts)
def test_record_json(value: Any) -> None:
    try:
        text = json.dumps(value)
    except ValueError:  # an int too long to write: JSON text of one instead
        text = "1" + "0" * 5000
    targets.record_json(text)


@BRIEF
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_record_json_of_any_bytes(data: bytes | str) -> None:
    targets.record_json(data)


@BRIEF
@given(
    st.sampled_from(["deal", "choose_trump", "bid", "play"]).flatmap(
        lambda kind: fs.mutated(
            {
                "type": kind,
                "player": 1,
                "tricks": 2,
                "card": "H13",
                "suit": "H",
                "hands": [["C1"], ["W1"], ["J1"]],
                "turned": "S3",
            }
        )
    )
)
def test_action_dicts(value: Any) -> None:
    targets.action_dict(value)


@BRIEF
@given(fs.mutated({"players": 4, "first_dealer": 1, "forbid_bid_total_match": True}))
def test_config_dicts(value: Any) -> None:
    targets.config_dict(value)


@BRIEF
@given(fs.card_texts)
def test_card_texts(text: Any) -> None:
    targets.card_text(text)


@BRIEF
@given(fs.position_texts)
def test_position_texts(text: str) -> None:
    targets.position_text(text)


@BRIEF
@given(fs.position_dicts)
def test_position_dicts(value: Any) -> None:
    targets.position_dict(value)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_rules_against_the_oracle(data: st.DataObject) -> None:
    state = data.draw(fs.states())
    for _ in range(5):
        targets.rules(state, data.draw(fs.actions_for(state)))


@pytest.mark.parametrize("name", sorted(targets.TARGETS))
def test_every_byte_target_takes_its_seed_corpus(name: str) -> None:
    from pathlib import Path

    corpus = Path(__file__).parent.parent / "fuzz" / "corpus" / name
    seeds = sorted(corpus.iterdir())
    assert seeds, f"fuzz/corpus/{name} is empty"
    for seed in seeds:
        targets.TARGETS[name](seed.read_bytes())


# -- the oracle is not the code under test: it catches a planted wrong order ----


def _at_play() -> State:
    import random

    state = new_game(Config(players=3))
    state = apply(state, random_deal(state, random.Random(1)))
    for seat in (1, 2, 0):
        state = apply(state, Bid(seat, 0))
    return state


def test_the_oracle_catches_a_library_that_checks_the_hand_before_the_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import attrs

    from wizard_rules.core import transitions
    from wizard_rules.errors import ErrorCode, IllegalActionError

    state = _at_play()  # seat 1 is to play
    absent = next(
        card for card in map(parse_card, ("C1", "C2", "C3")) if card not in state.hand(2)
    )
    assert expected_code(state, Play(2, absent)) == "not_your_turn"
    targets.rules(state, Play(2, absent))  # the library agrees
    rule = transitions._RULES[Play]

    def hand_first(state: State, play: Play) -> None:
        if not state.hand_masks[play.player] & play.card.mask:
            raise IllegalActionError(ErrorCode.CARD_NOT_IN_HAND, "planted bug")
        rule.verify(state, play)

    monkeypatch.setitem(transitions._RULES, Play, attrs.evolve(rule, verify=hand_first))
    with pytest.raises(AssertionError, match="card_not_in_hand where the rules say not_your_turn"):
        targets.rules(state, Play(2, absent))
