from __future__ import annotations

from typing import Any

import attrs
import pytest

from wizard_rules import MAX_PLAYERS, MIN_PLAYERS, Config, ConfigError, ErrorCode, WizardError


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_valid_players_and_rounds(players: int, rounds: int) -> None:
    config = Config(players=players)
    assert config.players == players
    assert config.rounds == rounds
    assert config.rounds * players == 60
    assert config.first_dealer == 0
    assert config.forbid_bid_total_match is False


def test_player_bounds() -> None:
    assert (MIN_PLAYERS, MAX_PLAYERS) == (3, 6)


@pytest.mark.parametrize("players", [2, 7, "4", 4.0, True, False, 0, -4, 1, None, 60])
def test_invalid_players(players: Any) -> None:
    with pytest.raises(ConfigError) as info:
        Config(players=players)
    assert info.value.code is ErrorCode.INVALID_CONFIG
    assert isinstance(info.value, WizardError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_seat_may_deal_first(players: int) -> None:
    for seat in range(players):
        assert Config(players=players, first_dealer=seat).first_dealer == seat


@pytest.mark.parametrize(
    ("players", "first_dealer"),
    [
        (3, 3),
        (4, 4),
        (6, 6),
        (4, -1),
        (5, 100),
        (4, True),
        (4, False),
        (4, "0"),
        (4, 1.0),
        (4, None),
    ],
)
def test_invalid_first_dealer(players: int, first_dealer: Any) -> None:
    with pytest.raises(ConfigError) as info:
        Config(players=players, first_dealer=first_dealer)
    assert info.value.code is ErrorCode.INVALID_CONFIG


@pytest.mark.parametrize("flag", [True, False])
def test_option_flag_accepts_bools(flag: bool) -> None:
    assert Config(players=4, forbid_bid_total_match=flag).forbid_bid_total_match is flag


@pytest.mark.parametrize("flag", [1, 0, "yes", "true", None, 1.0, [True]])
def test_option_flag_rejects_non_bools(flag: Any) -> None:
    with pytest.raises(ConfigError) as info:
        Config(players=4, forbid_bid_total_match=flag)
    assert info.value.code is ErrorCode.INVALID_CONFIG


@pytest.mark.parametrize("name", ["players", "first_dealer", "forbid_bid_total_match", "rounds"])
def test_config_is_frozen(name: str) -> None:
    config = Config(players=4, first_dealer=1)
    with pytest.raises(AttributeError):
        setattr(config, name, 5)
    assert config == Config(players=4, first_dealer=1)
    assert config.players == 4


def test_config_equality_and_hash() -> None:
    a = Config(players=5, first_dealer=2, forbid_bid_total_match=True)
    b = Config(players=5, first_dealer=2, forbid_bid_total_match=True)
    assert a == b
    assert hash(a) == hash(b)
    assert a != Config(players=5, first_dealer=2)
    assert attrs.evolve(a, first_dealer=4).first_dealer == 4


def test_evolve_is_validated_too() -> None:
    with pytest.raises(ConfigError) as info:
        attrs.evolve(Config(players=4, first_dealer=3), players=3)
    assert info.value.code is ErrorCode.INVALID_CONFIG
