"""The public Hypothesis strategies, and their registration with Hypothesis."""

from __future__ import annotations

import importlib.metadata
import itertools
import random
from typing import Any

import pytest
from hypothesis import Phase as HypothesisPhase
from hypothesis import find, given, settings
from hypothesis import strategies as st

from wizard_rules import (
    Card,
    Config,
    ConfigError,
    GameRecord,
    InvalidArgumentError,
    Phase,
    PlayerView,
    Position,
    State,
    is_legal,
    random_game,
)
from wizard_rules.core.rules import variant_names
from wizard_rules.integrations.strategies import (
    actions,
    configs,
    game_records,
    hands,
    player_views,
    positions,
    states,
)

from .helpers import stable_id


def _installed() -> importlib.metadata.Distribution | None:
    """The installed distribution, or ``None`` (tests run from an unpacked sdist, say)."""
    try:
        return importlib.metadata.distribution("wizard-rules")
    except importlib.metadata.PackageNotFoundError:
        return None


# Hypothesis finds the registration through the installed package's entry
# point: without an installed package there is nothing to find.
needs_installed_package = pytest.mark.skipif(
    _installed() is None,
    reason="wizard-rules is not installed, so its Hypothesis entry point is not registered",
)


@given(configs(players=5, forbid_bid_total_match=True))
def test_configs_can_be_fixed(config: Config) -> None:
    assert config.players == 5
    assert config.forbid_bid_total_match


@given(configs(players=st.sampled_from([3, 6])))
def test_configs_take_a_strategy_for_players(config: Config) -> None:
    assert config.players in (3, 6)
    assert 0 <= config.first_dealer < config.players


@given(hands(min_size=2, max_size=5))
def test_hands_are_distinct_cards_in_order(hand: tuple[Card, ...]) -> None:
    assert 2 <= len(hand) <= 5
    assert [c.index for c in hand] == sorted({c.index for c in hand})


def test_hands_refuse_impossible_sizes() -> None:
    with pytest.raises(InvalidArgumentError):
        hands(min_size=3, max_size=2)
    with pytest.raises(InvalidArgumentError):
        hands(max_size=61)


@given(states(Config(players=4)))
def test_states_take_a_fixed_config(state: State) -> None:
    assert state.config == Config(players=4)


@given(states(), st.data())
def test_actions_are_legal(state: State, data: st.DataObject) -> None:
    if state.is_over:
        return
    assert is_legal(state, data.draw(actions(state)))


def test_actions_at_the_end_of_the_game_are_empty() -> None:
    final = random_game(Config(players=6), random.Random(0))
    assert actions(final).is_empty


@given(player_views(states(configs(players=3))))
def test_player_views(view: PlayerView) -> None:
    assert 0 <= view.seat < 3
    assert len(view.hand) == view.hand_sizes[view.seat]


@needs_installed_package
def test_the_entry_point_is_declared() -> None:
    distribution = _installed()
    assert distribution is not None
    hooks = [ep.value for ep in distribution.entry_points if ep.group == "hypothesis"]
    assert hooks == ["wizard_rules.integrations._hypothesis_plugin:_hypothesis_setup_hook"]


@needs_installed_package
@given(
    st.from_type(Card),
    st.from_type(Config),
    st.from_type(State),
    st.from_type(PlayerView),
    st.from_type(GameRecord),
)
def test_strategies_are_registered_with_hypothesis(
    card: Card, config: Config, state: State, view: PlayerView, record: GameRecord
) -> None:
    assert isinstance(card, Card)
    assert 3 <= config.players <= 6
    assert isinstance(state.phase, Phase)
    assert view.seat < view.config.players
    assert record.replay().history == record.actions


# -- the variants --------------------------------------------------------------

# Every combination of variants that may be played together, by rule 27: at
# most one secret bidding (27.3), none with a bid restriction (27.2), any
# restrictions together (27.1), and clairvoyance with anything (27.4).
_RESTRICTIONS = ("canadian_rule", "forbid_bid_total_match", "hardcore")
PLAYABLE = {
    frozenset(chosen) | frozenset(clairvoyance)
    for clairvoyance in ((), ("clairvoyance",))
    for chosen in [
        *(c for n in range(4) for c in itertools.combinations(_RESTRICTIONS, n)),
        ("hidden_bids",),
        ("delayed_reveal",),
    ]
}


def test_there_are_twenty_playable_combinations() -> None:
    assert len(PLAYABLE) == 20


@settings(max_examples=100)
@given(configs(variants=None))
def test_drawn_variants_may_be_played_together(config: Config) -> None:
    names = frozenset(variant_names(config.rules))
    assert names in PLAYABLE
    assert config.forbid_bid_total_match is ("forbid_bid_total_match" in names)


@pytest.mark.parametrize("names", sorted(sorted(c) for c in PLAYABLE), ids=stable_id)
def test_every_playable_combination_is_drawn(names: list[str]) -> None:
    found = find(
        configs(variants=None),
        lambda config: set(variant_names(config.rules)) == set(names),
        settings=settings(database=None, phases=[HypothesisPhase.generate], max_examples=2000),
    )
    assert set(variant_names(found.rules)) == set(names)


def test_no_variant_is_the_smallest_config() -> None:
    smallest = find(configs(variants=None), lambda config: True)
    assert smallest == Config(players=3)


@given(configs())
def test_by_default_only_the_bid_total_option_is_drawn(config: Config) -> None:
    assert set(variant_names(config.rules)) <= {"forbid_bid_total_match"}


@given(configs(variants=("hidden_bids", "clairvoyance")))
def test_fixed_variants(config: Config) -> None:
    assert variant_names(config.rules) == ("clairvoyance", "hidden_bids")
    assert not config.forbid_bid_total_match  # never with a secret bidding


@given(configs(variants=["hardcore"]))
def test_fixed_variants_draw_the_bid_total_option(config: Config) -> None:
    assert set(variant_names(config.rules)) - {"forbid_bid_total_match"} == {"hardcore"}


@given(configs(variants=None, forbid_bid_total_match=True))
def test_variants_with_the_bid_total_option_fixed_on(config: Config) -> None:
    assert config.forbid_bid_total_match
    assert not config.rules.bidding.secret


@given(configs(variants=None, forbid_bid_total_match=False))
def test_variants_with_the_bid_total_option_fixed_off(config: Config) -> None:
    assert not config.forbid_bid_total_match


@given(configs(variants=["forbid_bid_total_match", "canadian_rule"]))
def test_the_bid_total_option_named(config: Config) -> None:
    assert set(variant_names(config.rules)) == {"forbid_bid_total_match", "canadian_rule"}


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"variants": ["hidden_bids", "hardcore"]}, ConfigError),
        ({"variants": ["hidden_bids", "delayed_reveal"]}, ConfigError),
        ({"variants": ["hidden_bids"], "forbid_bid_total_match": True}, ConfigError),
        (
            {"variants": ["forbid_bid_total_match"], "forbid_bid_total_match": False},
            InvalidArgumentError,
        ),
        ({"variants": ["telepathy"]}, InvalidArgumentError),
        ({"variants": "hidden_bids"}, InvalidArgumentError),
        ({"variants": 3}, InvalidArgumentError),
    ],
    ids=stable_id,
)
def test_impossible_variants_are_refused(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        configs(**kwargs)


@given(
    positions(configs(variants=None), partial=None),
    game_records(configs(variants=None)),
    player_views(states(configs(variants=None))),
)
def test_the_other_strategies_take_variants(
    position: Position, record: GameRecord, view: PlayerView
) -> None:
    assert Position.from_text(position.to_text()) == position
    assert record.replay().history == record.actions
    hidden = [seat for seat, hand in enumerate(view.hands) if hand is None]
    if view.config.rules.visibility.blind(view.round) and view.phase is not Phase.DEAL:
        assert hidden == [view.seat]
    else:
        assert view.seat not in hidden
