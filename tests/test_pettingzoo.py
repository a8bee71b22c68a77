"""The PettingZoo environment and the Gymnasium one: the frameworks' own checks, and the edges."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest

from wizard_rules import (
    Config,
    ConfigError,
    Deal,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    Phase,
    player_view,
    position_of,
)
from wizard_rules.core.rules import CanadianRule, ListedSchedule, OddSchedule, Rules
from wizard_rules.integrations.pettingzoo import Observation, SingleAgentEnv, env, raw_env
from wizard_rules.integrations.tensors import Layout

from .fields import assert_same_state

api_test: Any = importlib.import_module("pettingzoo.test").api_test
seed_test: Any = importlib.import_module("pettingzoo.test").seed_test
check_env: Any = importlib.import_module("gymnasium.utils.env_checker").check_env


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # PettingZoo's checks warn that a dict observation "probably should be" a Box
    # (the classic environments' action-mask convention, which this follows).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 4, "round": 3},
        {"players": 3},
        {"players": 6, "round": 10, "forbid_bid_total_match": True, "rewards": "game"},
        # the variants (rules 21 and 22)
        {"players": 4, "schedule": "odd"},
        {"players": 5, "schedule": [1, 3, 5], "canadian_rule": True},
        {"players": 3, "schedule": "20,5", "canadian_rule": True, "normalize_rewards": True},
    ],
    ids=str,
)
def test_pettingzoo_api_test(kwargs: dict[str, Any]) -> None:
    api_test(env(**kwargs), num_cycles=200)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 5, "round": 4},
        {"players": 3},
        {"players": 4, "schedule": "odd", "canadian_rule": True},
    ],
    ids=str,
)
def test_pettingzoo_seed_test(kwargs: dict[str, Any]) -> None:
    seed_test(lambda: env(**kwargs), num_cycles=300)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 4, "seat": 2, "round": 3},
        {"players": 3, "seat": 0, "normalize_rewards": True},
        {"players": 4, "seat": 1, "schedule": "odd", "round": 3},
        {"players": 6, "seat": 5, "schedule": (2, 4), "canadian_rule": True},
    ],
    ids=str,
)
def test_gymnasium_check_env(kwargs: dict[str, Any]) -> None:
    check_env(SingleAgentEnv(**kwargs), skip_render_check=False)


def play(game: Any, rng: random.Random) -> dict[str, float]:
    """Play random legal actions to the end; the sum of each agent's rewards."""
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def test_rewards_add_up_to_the_scores_by_round_or_at_the_end() -> None:
    by_round = raw_env(players=4)
    by_round.reset(seed=3)
    totals = play(by_round, random.Random(3))
    scores = by_round.wizard_state.scores
    assert list(totals.values()) == list(map(float, scores))
    assert by_round.wizard_state.is_over
    at_end = raw_env(players=4, rewards="game", normalize_rewards=True)
    at_end.reset(seed=3)
    rewards_seen: list[float] = []
    for agent in at_end.agent_iter():
        _, reward, terminated, _, _ = at_end.last()
        rewards_seen.append(reward)
        if terminated:
            at_end.step(None)
        else:
            mask = at_end.observe(agent)["action_mask"]
            at_end.step(int(random.Random(len(rewards_seen)).choice(np.flatnonzero(mask))))
    assert sum(1 for r in rewards_seen if r) <= 4  # only the last steps carry rewards
    assert at_end.max_score == 1500


def test_one_round_counts_from_its_start() -> None:
    game = raw_env(players=3, round=2, render_mode="ansi")
    game.reset(seed=9)
    assert game.wizard_state.scores == (20, 20, 20)  # a reachable total (see the docs)
    assert game.wizard_state.phase is Phase.BID
    observation = game.observe("player_0")
    pieces = game.layout.pieces_of(observation["observation"])
    assert pieces["scores"].tolist() == [0.0, 0.0, 0.0]
    assert observation["action_mask"].sum() == 0  # not player_0's turn
    assert game.render() == position_of(game.wizard_state).to_text()
    totals = play(game, random.Random(9))
    assert list(totals.values()) == [float(s - 20) for s in game.wizard_state.scores]
    assert game.agents == []
    game.close()


def test_observations_are_the_players_view() -> None:
    game = raw_env(players=4, round=3)
    game.reset(seed=1)
    agent = game.agent_selection
    seat = game.possible_agents.index(agent)
    observation = game.observe(agent)
    expected = Layout(4).encode(player_view(game.wizard_state, seat), scores=[0, 0, 0, 0])
    assert (observation["observation"] == expected).all()
    assert game.observation_space(agent).contains(observation)
    assert game.action_space(agent).n == 86
    assert game.render() is None


def test_seeding_and_reseeding() -> None:
    game = raw_env(players=3)
    game.reset(seed=5)
    first = game.wizard_state
    game.reset(seed=5)
    assert game.wizard_state == first
    assert_same_state(game.wizard_state, first)
    game.reset()  # goes on with the same generator: another deal
    assert game.wizard_state != first


def test_illegal_and_malformed_actions_are_refused() -> None:
    game = raw_env(players=3, round=1)
    game.reset(seed=2)
    before = game.wizard_state
    with pytest.raises(IllegalActionError):
        game.step(5)  # a card during the bidding
    with pytest.raises(InvalidArgumentError):
        game.step(None)
    with pytest.raises(InvalidArgumentError):
        game.step(86)
    assert game.wizard_state is before


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 2},
        {"round": 0},
        {"round": 16},
        {"rewards": "step"},
        {"render_mode": "rgb_array"},  # "ansi" and "human" only
        {"render_mode": ["human"]},
        {"canadian_rule": 1},
        {"canadian_rule": None},
        {"schedule": "short"},
        {"schedule": "1,x"},
        {"schedule": 3},
        {"schedule": None},
        {"schedule": []},
        {"schedule": [1, "3"]},  # a size is an int (rule 22.2)
        {"schedule": [1, 3.0]},
        {"players": 6, "schedule": [11]},  # 60 / 6 = 10 cards each at most
        {"schedule": "odd", "round": 9},  # 4 players: 8 rounds
    ],
    ids=str,
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        raw_env(**kwargs)


def test_the_single_agent_environment() -> None:
    calls = []

    def lowest(observation: Observation, rng: np.random.Generator) -> int:
        calls.append(1)
        return int(np.flatnonzero(observation["action_mask"])[0])

    single = SingleAgentEnv(4, seat=1, opponent=lowest, round=2, render_mode="ansi")
    observation, info = single.reset(seed=4)
    assert info == {}
    assert single.env.agent_selection == "player_1"
    assert len(calls) == 3  # seat 1 deals round 2 and bids last, after seats 2, 3 and 0
    assert single.render() == position_of(single.env.wizard_state).to_text()
    total = 0.0
    terminated = False
    while not terminated:
        action = int(np.flatnonzero(observation["action_mask"])[-1])
        observation, reward, terminated, truncated, info = single.step(action)
        total += reward
        assert not truncated
    assert total == single.env.wizard_state.scores[1] - 20
    # an illegal action ends the episode with the illegal reward
    single.reset(seed=4)
    _, reward, terminated, _, info = single.step(0)
    assert (reward, terminated, info) == (-40.0, True, {"illegal_action": True})
    assert SingleAgentEnv(3, normalize_rewards=True).illegal_reward == -1.0
    assert SingleAgentEnv(3, illegal_reward=-5.0).illegal_reward == -5.0
    with pytest.raises(ConfigError):
        SingleAgentEnv(3, seat=3)


# What is not an action id of Discrete(86): out of range (a NumPy index would
# wrap -1 to 85), of another type ("61" or 61.0 would be read as bid 1), or a bool.
NOT_IDS: list[Any] = [
    86,
    1000,
    2**70,
    -1,
    float("nan"),
    61.0,
    np.float64(61),
    None,
    "3",
    "61",
    True,
]
NOT_IDS += [np.bool_(True), np.int64(86), np.int8(-1), np.array([61]), np.array(61.0), [61]]


@pytest.mark.parametrize("action", NOT_IDS, ids=repr)
def test_the_single_agent_environment_refuses_what_is_not_an_action_id(action: Any) -> None:
    single = SingleAgentEnv(3, seat=0, round=2)  # seat 0 bids first: 60, 61, 62 are legal
    observation, _ = single.reset(seed=7)
    assert observation["action_mask"].nonzero()[0].tolist() == [60, 61, 62]
    before = single.env.wizard_state
    with pytest.raises(InvalidArgumentError) as refused:
        single.step(action)
    assert refused.value.code is ErrorCode.INVALID_ARGUMENT
    assert "0 to 85" in str(refused.value)
    assert single.env.wizard_state is before
    _, reward, terminated, _, info = single.step(61)  # the episode goes on: bid 1
    assert (reward, terminated, info) == (0.0, False, {})
    assert single.env.wizard_state.bids[0] == 1


@pytest.mark.parametrize(
    "action", [61, np.int64(61), np.int32(61), np.uint8(61), np.array(61)], ids=repr
)
def test_the_single_agent_environment_takes_numpy_integers(action: Any) -> None:
    single = SingleAgentEnv(3, seat=0, round=2)
    single.reset(seed=7)
    _, reward, terminated, _, info = single.step(action)
    assert (reward, terminated, info) == (0.0, False, {})
    assert single.env.wizard_state.bids[0] == 1


@pytest.mark.parametrize("action", [0, 59, 63, 80, 81, 85, np.int64(85)], ids=repr)
def test_an_id_that_is_not_legal_ends_the_episode(action: Any) -> None:
    single = SingleAgentEnv(3, seat=0, round=2)  # 0 and 59: cards; 63, 80: bids above 2
    single.reset(seed=7)
    before = single.env.wizard_state
    _, reward, terminated, truncated, info = single.step(action)
    # the reward: minus the most a round of 2 cards can score (bid 2, won 2: 20 + 2 * 10)
    assert (reward, terminated, truncated, info) == (-40.0, True, False, {"illegal_action": True})
    assert single.env.wizard_state is before
    with pytest.raises(IllegalActionError) as refused:  # over until reset, legal or not
        single.step(61)
    assert refused.value.code is ErrorCode.GAME_OVER
    assert single.env.wizard_state is before
    single.reset(seed=7)
    assert single.step(61)[2] is False


def test_the_single_agent_environment_refuses_steps_outside_an_episode() -> None:
    single = SingleAgentEnv(3, seat=1, round=1)
    with pytest.raises(IllegalActionError, match="reset"):
        single.step(60)  # before the first reset
    observation, _ = single.reset(seed=3)
    terminated = False
    while not terminated:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, _, terminated, _, info = single.step(action)
    assert info == {}
    assert not observation["action_mask"].any()
    with pytest.raises(IllegalActionError, match="reset") as refused:
        single.step(60)
    assert refused.value.code is ErrorCode.GAME_OVER


@pytest.mark.parametrize("action", NOT_IDS, ids=repr)
def test_the_aec_environment_refuses_what_is_not_an_action_id(action: Any) -> None:
    game = raw_env(players=3, round=2)
    game.reset(seed=7)
    before, agent = game.wizard_state, game.agent_selection
    if action is None:
        with pytest.raises(InvalidArgumentError, match="a live agent's action is an id"):
            game.step(action)
    else:
        with pytest.raises(InvalidArgumentError, match="0 to 85") as refused:
            game.step(action)
        assert refused.value.code is ErrorCode.INVALID_ARGUMENT
    assert (game.wizard_state, game.agent_selection) == (before, agent)
    assert_same_state(game.wizard_state, before)


def test_the_aec_environment_takes_a_zero_dimensional_integer_array() -> None:
    game = raw_env(players=3, round=2)
    game.reset(seed=7)
    assert game.agent_selection == "player_2"  # seat 1 deals round 2
    game.step(np.array(61))
    assert game.wizard_state.bids == (None, None, 1)


def play_to_the_end(game: Any, dead_action: Any = None) -> None:
    """Play the lowest legal ids; step each terminated agent with ``dead_action`` first
    (which must be refused), then with None."""
    for agent in game.agent_iter():
        observation, _, terminated, _, _ = game.last()
        if terminated:
            if dead_action is not None:
                with pytest.raises(InvalidArgumentError, match="only action is None"):
                    game.step(dead_action)
                assert game.agent_selection == agent
                assert agent in game.agents
            game.step(None)
        else:
            game.step(int(np.flatnonzero(observation["action_mask"])[0]))


@pytest.mark.parametrize("action", [60, np.int64(0), "x"], ids=repr)
def test_a_terminated_agent_steps_with_none_only(action: Any) -> None:
    # PettingZoo's rule (AECEnv._was_dead_step), as this library's documented error
    game = raw_env(players=3, round=1)
    game.reset(seed=1)
    play_to_the_end(game, dead_action=action)
    assert game.agents == []


def test_stepping_an_aec_environment_whose_agents_are_all_gone(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # PettingZoo's convention (its OrderEnforcingWrapper): once every agent is
    # gone, step() logs a warning and does nothing.
    game = raw_env(players=3, round=1)
    game.reset(seed=1)
    play_to_the_end(game)
    assert game.agents == []
    state = game.wizard_state
    caplog.clear()
    for action in (None, 60):
        game.step(action)
    warned = [r.getMessage() for r in caplog.records if r.name == "pettingzoo.utils.env_logger"]
    message = (
        "[WARNING]: step() called after all agents are terminated or truncated."
        " Should reset() first."
    )
    assert warned == [message, message]
    assert game.agents == []
    assert game.wizard_state is state


def test_stepping_an_aec_environment_before_its_first_reset_is_refused() -> None:
    game = raw_env(players=3, round=1)
    before = game.wizard_state
    with pytest.raises(IllegalActionError, match="reset") as refused:
        game.step(60)
    assert refused.value.code is ErrorCode.GAME_OVER
    assert game.wizard_state is before
    game.reset(seed=1)  # and then it plays
    game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
    assert game.wizard_state.round_actions


@pytest.mark.parametrize("agent", ["player_3", "nobody", 0, None, ["player_0"]], ids=repr)
def test_an_agent_that_is_not_one_is_refused(agent: Any) -> None:
    game = raw_env(players=3, round=1)
    game.reset(seed=1)
    for method in (game.observe, game.observation_space, game.action_space):
        with pytest.raises(InvalidArgumentError, match="player_0 to player_2") as refused:
            method(agent)
        assert refused.value.code is ErrorCode.INVALID_ARGUMENT


# -- the variants: the Canadian rule (rule 21), short schedules (rule 22) ----------
# Expected figures from docs/rules.rst: the odd schedule of 4 players is 1, 3,
# ..., 15 (rule 22.1), a round's best score 20 + 10 * h_r (rules 9 and 22.3).


def test_a_whole_odd_game_deals_the_odd_hand_sizes() -> None:
    game = raw_env(players=4, schedule="odd")
    assert game.config == Config(players=4, rules=Rules(schedule=OddSchedule()))
    assert game.max_score == 8 * 20 + 10 * (1 + 3 + 5 + 7 + 9 + 11 + 13 + 15)  # 800
    assert dict(game.layout.pieces)["round"] == (8,)
    game.reset(seed=11)
    totals = play(game, random.Random(11))
    state = game.wizard_state
    assert state.is_over
    deals = [action for action in state.history if type(action) is Deal]
    assert [len(deal.hands[0]) for deal in deals] == [1, 3, 5, 7, 9, 11, 13, 15]
    assert list(totals.values()) == list(map(float, state.scores))


def test_one_round_of_a_listed_schedule() -> None:
    game = raw_env(players=5, schedule="1,3,5", canadian_rule=True, round=3)
    assert game.config == Config(
        players=5,
        rules=Rules(schedule=ListedSchedule(sizes=(1, 3, 5)), bid_restrictions=(CanadianRule(),)),
    )
    assert game.max_score == 20 + 10 * 5  # round 3 deals 5 cards
    game.reset(seed=2)
    assert game.wizard_state.hand_sizes == (5,) * 5
    observation = game.observe(game.agent_selection)
    assert observation["action_mask"].nonzero()[0].tolist() == [60 + b for b in range(6)]
    pieces = game.layout.pieces_of(observation["observation"])
    assert pieces["round"].nonzero()[0].tolist() == [2]
    assert game.observation_space(game.agent_selection).contains(observation)
    play(game, random.Random(2))
    assert game.wizard_state.is_over  # round 3 is the schedule's last (rule 22.7)
    assert game.agents == []


def test_the_canadian_rule_binds_a_leading_dealer() -> None:
    # Rule 21: a dealer who leads outright may not bid h - t (others' bids t),
    # unless that is 0; worked out here from the state, not asked of the engine.
    game = raw_env(players=3, canadian_rule=True, schedule=[3, 4, 5, 6, 7, 8])
    binds = 0
    for seed in range(8):
        game.reset(seed=seed)
        rng = random.Random(seed)
        for _agent in game.agent_iter():
            observation, _, terminated, _, _ = game.last()
            if terminated:
                game.step(None)
                continue
            state = game.wizard_state
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            dealer, scores = state.dealer, state.scores
            if state.phase is Phase.BID and state.current_player == dealer:
                h = len(state.hand(dealer))
                others = sum(b for s, b in enumerate(state.bids) if s != dealer and b is not None)
                leads = all(scores[dealer] > t for s, t in enumerate(scores) if s != dealer)
                forbidden = h - others if leads and h - others > 0 else None
                assert legal == [60 + b for b in range(h + 1) if b != forbidden]
                binds += forbidden is not None
            game.step(int(rng.choice(legal)))
    assert binds > 0


def test_the_single_agent_environment_takes_the_variants() -> None:
    single = SingleAgentEnv(4, seat=0, schedule="odd", round=2, normalize_rewards=True)
    assert single.env.config.deal_sizes == (1, 3, 5, 7, 9, 11, 13, 15)
    assert single.illegal_reward == -1.0
    single.reset(seed=1)
    assert single.env.wizard_state.hand_sizes == (3,) * 4


def test_without_pettingzoo_the_import_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "wizard_rules.integrations.pettingzoo")
    with pytest.raises(
        ImportError, match=r"the 'pettingzoo' extra: pip install '\.\[pettingzoo\]'"
    ):
        importlib.import_module("wizard_rules.integrations.pettingzoo")


def test_the_core_never_imports_the_frameworks() -> None:
    code = (
        "import sys, wizard_rules\n"
        "from wizard_rules import apply, legal_actions, player_view, random_game\n"
        "print(sorted(m for m in ('pyspiel', 'pettingzoo', 'gymnasium', 'open_spiel')"
        " if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
