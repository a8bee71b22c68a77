"""The public Hypothesis strategies, and their registration with Hypothesis."""

from __future__ import annotations

import importlib.metadata
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizard_rules import (
    Card,
    Config,
    GameRecord,
    InvalidArgumentError,
    Phase,
    PlayerView,
    State,
    is_legal,
    random_game,
)
from wizard_rules.integrations.strategies import actions, configs, hands, player_views, states


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
