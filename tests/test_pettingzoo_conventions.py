"""Gymnasium's and PettingZoo's conventions: the registered id, the render modes, the state.

The frameworks' own checks run here (Gymnasium's ``check_env`` on a made
environment, PettingZoo's ``render_test`` and ``state_test``); the expected
contents come from the library's state (its hands, its views), never from
the environment under test.
"""

from __future__ import annotations

import importlib
import json
import pickle
import random
import subprocess
import sys
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest

from wizard_rules import DECK, ConfigError, InvalidArgumentError, State
from wizard_rules.integrations import pettingzoo as module
from wizard_rules.integrations.pettingzoo import ENV_ID, SingleAgentEnv, env, raw_env

_test = importlib.import_module("pettingzoo.test")
render_test: Any = _test.render_test
state_test: Any = _test.state_test
check_env: Any = importlib.import_module("gymnasium.utils.env_checker").check_env
_wrappers: Any = importlib.import_module("pettingzoo.utils.wrappers")
_conversions: Any = importlib.import_module("pettingzoo.utils.conversions")


def legal(observation: dict[str, Any], rng: random.Random) -> int:
    """A uniformly random legal id of ``observation``'s mask."""
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


# -- gymnasium.make -----------------------------------------------------------------


def test_gymnasium_makes_the_registered_id() -> None:
    made = gymnasium.make(ENV_ID, players=3, round=2)
    assert ENV_ID == "wizard_rules/Wizard-v0"
    assert type(made.unwrapped) is SingleAgentEnv
    assert made.unwrapped.env.config.players == 3
    assert made.unwrapped.env.round == 2
    direct = SingleAgentEnv(3, round=2)
    observation, info = made.reset(seed=7)
    expected, _ = direct.reset(seed=7)
    assert info == {}
    for key in ("observation", "action_mask"):
        assert (observation[key] == expected[key]).all()
    assert observation["action_mask"].nonzero()[0].tolist() == [60, 61, 62]  # bid 0 to 2
    action = legal(observation, random.Random(1))
    result = made.step(action)
    assert result[1:] == direct.step(action)[1:]
    assert (result[0]["observation"] == direct.env.observe("player_0")["observation"]).all()
    assert result[1:] == (0.0, False, False, {})  # a bid scores nothing yet


def test_the_made_environment_passes_check_env() -> None:
    made = gymnasium.make(ENV_ID, players=4, seat=1, round=3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # on the unwrapped environment (as Gymnasium asks), whose spec lets
        # check_env make one environment of each render mode and render it
        check_env(made.unwrapped, skip_render_check=False)
    messages = {str(w.message) for w in caught}
    # the one warning: no render_fps is declared, as nothing is drawn in frames
    assert all("render fps" in m for m in messages), messages


def test_the_spec_round_trips() -> None:
    made = gymnasium.make(ENV_ID, players=3, round=2, normalize_rewards=True)
    spec = made.spec
    assert spec is not None
    assert spec.id == ENV_ID
    assert (spec.namespace, spec.name, spec.version) == ("wizard_rules", "Wizard", 0)
    assert spec.entry_point == "wizard_rules.integrations.pettingzoo:SingleAgentEnv"
    assert spec.kwargs == {"players": 3, "round": 2, "normalize_rewards": True}
    assert spec.max_episode_steps is None  # an episode ends by itself
    assert json.loads(spec.to_json())["kwargs"] == spec.kwargs
    assert gymnasium.envs.registration.EnvSpec.from_json(spec.to_json()) == spec
    assert pickle.loads(pickle.dumps(spec)) == spec
    again = gymnasium.make(spec)
    assert again.spec == spec
    assert isinstance(again.unwrapped, SingleAgentEnv)
    assert again.unwrapped.illegal_reward == -1.0  # normalize_rewards came through
    first, _ = made.reset(seed=3)
    second, _ = again.reset(seed=3)
    assert (first["observation"] == second["observation"]).all()


def test_a_make_argument_overrides_nothing_it_should_not() -> None:
    made = gymnasium.make(ENV_ID, render_mode="human", players=5, seat=4, schedule="odd")
    assert made.render_mode == "human"
    assert isinstance(made.unwrapped, SingleAgentEnv)
    assert made.unwrapped.agent == "player_4"
    assert made.unwrapped.env.config.deal_sizes == (1, 3, 5, 7, 9, 11)
    with pytest.raises(ConfigError):
        gymnasium.make(ENV_ID, players=7)


def test_gymnasium_vectorises_the_registered_id() -> None:
    vector = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode="sync", players=3, round=1)
    observation, _ = vector.reset(seed=1)
    assert observation["observation"].shape == (2, 530)
    assert observation["action_mask"].shape == (2, 86)
    first = [int(np.flatnonzero(mask)[0]) for mask in observation["action_mask"]]
    _, rewards, terminated, truncated, _ = vector.step(np.array(first))
    assert rewards.tolist() == [0.0, 0.0]  # a bid of a one-card round: not scored yet
    assert not terminated.any()
    assert not truncated.any()
    vector.close()


def test_importing_the_module_again_registers_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = gymnasium.spec(ENV_ID)
    monkeypatch.delitem(sys.modules, "wizard_rules.integrations.pettingzoo")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        importlib.import_module("wizard_rules.integrations.pettingzoo")
    assert not [w for w in caught if "Overriding" in str(w.message)]
    assert gymnasium.spec(ENV_ID) is spec


def test_gymnasium_finds_the_id_once_the_module_is_imported() -> None:
    # Gymnasium 1.x loads no plugins: a fresh interpreter knows the id only
    # after the import, which the "module:id" form of gymnasium.make does itself.
    code = (
        "import gymnasium\n"
        "try:\n"
        "    gymnasium.make('wizard_rules/Wizard-v0')\n"
        "except gymnasium.error.Error as error:\n"
        "    print(type(error).__name__)\n"
        "made = gymnasium.make('wizard_rules.integrations.pettingzoo:wizard_rules/Wizard-v0',"
        " players=3)\n"
        "print(made.spec.id, made.unwrapped.env.config.players)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split("\n")[:2] == ["NamespaceNotFound", "wizard_rules/Wizard-v0 3"]


# -- render modes -------------------------------------------------------------------


def test_the_render_modes_are_declared() -> None:
    assert raw_env.metadata["render_modes"] == ["ansi", "human"]
    assert SingleAgentEnv.metadata["render_modes"] == ["ansi", "human"]
    assert module.RENDER_MODES == ("ansi", "human")


@pytest.mark.parametrize("kwargs", [{"players": 3, "round": 2}, {"players": 4}], ids=str)
def test_pettingzoo_render_test(
    kwargs: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    render_test(lambda render_mode=None: env(render_mode=render_mode, **kwargs))
    assert "sees" in capsys.readouterr().out  # "human" printed


def tokens(text: str) -> set[str]:
    """The words of ``text``, punctuation stripped (card texts among them)."""
    return {word.strip(",():;") for word in text.split()}


def assert_shows_only(text: str, state: State, seat: int) -> None:
    """``text`` names every card of ``seat``'s hand and none of the other hands."""
    shown = tokens(text)
    assert {card.text for card in state.hand(seat)} <= shown
    for other in range(state.config.players):
        if other != seat:
            assert not {card.text for card in state.hand(other)} & shown, other


def test_human_rendering_prints_the_view_of_the_seat_to_act(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = raw_env(players=3, round=3, render_mode="human")
    assert game.render() is None
    assert capsys.readouterr().out == "No game under way: call reset() first.\n"
    game.reset(seed=5)
    printed = capsys.readouterr().out  # reset prints, unasked
    state = game.wizard_state
    seat = state.current_player
    assert seat is not None
    assert printed.startswith(f"player_{seat} sees:\nRound 3 of 20: 3 players, dealer P2")
    assert "hidden (3 cards)" in printed  # the two other hands, by their size only
    assert_shows_only(printed, state, seat)
    assert game.render() is None
    assert capsys.readouterr().out == printed
    rng = random.Random(5)
    for agent in game.agent_iter():
        observation, _, terminated, _, _ = game.last()
        game.step(None if terminated else legal(observation, rng))
        printed = capsys.readouterr().out  # each step prints the next seat's view
        if game.agents and not terminated:
            state = game.wizard_state
            if state.current_player is not None:
                assert printed.startswith(f"{game.agent_selection} sees")
                assert_shows_only(printed, state, state.current_player)
        assert agent in game.possible_agents
    game.render()
    assert "(the episode is over)" in capsys.readouterr().out


def test_ansi_rendering_still_returns_the_whole_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = raw_env(players=3, round=2, render_mode="ansi")
    game.reset(seed=5)
    text = game.render()
    assert type(text) is str
    every_card = {card.text for hand in game.wizard_state.hands for card in hand}
    assert every_card <= tokens(text.replace("/", " ").replace("=", " ").replace(",", " "))
    assert capsys.readouterr().out == ""  # nothing printed


def test_the_single_agent_environment_prints_the_learners_view(
    capsys: pytest.CaptureFixture[str],
) -> None:
    single = SingleAgentEnv(4, seat=1, round=2, render_mode="human")
    assert single.render() is None
    assert capsys.readouterr().out == "No game under way: call reset() first.\n"
    observation, _ = single.reset(seed=4)
    printed = capsys.readouterr().out
    state = single.env.wizard_state
    assert printed.startswith("player_1 sees:\n")
    assert_shows_only(printed, state, 1)
    assert single.env.render_mode is None  # the other seats' turns print nothing
    observation, _, terminated, _, _ = single.step(legal(observation, random.Random(0)))
    printed = capsys.readouterr().out
    assert printed.startswith("player_1 sees")
    assert_shows_only(printed, single.env.wizard_state, 1)
    assert printed.count(" sees") == 1  # one view a step, the learner's
    assert not terminated
    single.step(0)  # not legal: the episode ends
    assert capsys.readouterr().out.startswith("player_1 sees (the episode is over):")
    ansi = SingleAgentEnv(4, seat=1, round=2, render_mode="ansi")
    ansi.reset(seed=4)
    assert ansi.render() == ansi.env.render()
    assert SingleAgentEnv(4).render() is None


@pytest.mark.parametrize("mode", ["rgb_array", "Human", 1, ["human"]], ids=repr)
def test_a_bad_render_mode_is_refused(mode: Any) -> None:
    with pytest.raises(ConfigError, match="render_mode must be None, 'ansi' or 'human'"):
        SingleAgentEnv(3, render_mode=mode)
    with pytest.raises(ConfigError, match="render_mode must be None, 'ansi' or 'human'"):
        raw_env(3, render_mode=mode)


# -- the state ----------------------------------------------------------------------


def make_for_state_test(**kwargs: Any) -> Any:
    """PettingZoo's classic wrapping, whose illegal move ends the game.

    ``state_test`` steps with unmasked samples of ``Discrete(86)``; PettingZoo's
    own card and board games answer an illegal one with this wrapper (the
    environment itself raises :class:`~wizard_rules.IllegalActionError`).
    """
    game = _wrappers.TerminateIllegalWrapper(raw_env(**kwargs), illegal_reward=-1)
    return _wrappers.OrderEnforcingWrapper(game)


@pytest.mark.parametrize(
    "kwargs",
    [{"players": 4}, {"players": 3, "round": 2}, {"players": 6, "schedule": "odd"}],
    ids=str,
)
def test_pettingzoo_state_test(kwargs: dict[str, Any]) -> None:
    parallel = _conversions.turn_based_aec_to_parallel(make_for_state_test(**kwargs))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        state_test(make_for_state_test(**kwargs), parallel)
    assert not caught, [str(w.message) for w in caught]


def expected_length(players: int, rounds: int) -> int:
    """The length of a state, from the table of the module's documentation."""
    n, b = players, 60 // players + 1
    return n * 60 + 5 + rounds + n + n + 60 + 4 + n * b + n * b + n + n * 60 + 60 + n


@pytest.mark.parametrize(
    ("kwargs", "rounds"),
    [({"players": 3}, 20), ({"players": 4, "round": 3}, 15), ({"players": 6}, 10)]
    + [({"players": 5, "schedule": [1, 3, 5], "canadian_rule": True}, 3)],
    ids=str,
)
def test_the_state_holds_every_hand_and_what_is_public(
    kwargs: dict[str, Any], rounds: int
) -> None:
    game = raw_env(**kwargs)
    players = game.config.players
    assert game.state_space.shape == (expected_length(players, rounds),)
    assert game.state_space.dtype == np.float32
    assert [name for name, _ in game.state_pieces][:2] == ["hands", "phase"]
    game.reset(seed=8)
    rng = random.Random(8)
    steps = 0
    for _agent in game.agent_iter():
        vector = game.state()
        assert game.state_space.contains(vector)
        pieces = game.state_pieces_of(vector)
        state = game.wizard_state
        for seat in range(players):
            held = [DECK[i] for i in np.flatnonzero(pieces["hands"][seat])]
            assert held == sorted(state.hand(seat), key=lambda card: card.index)
        # the public pieces are those of every agent's observation
        for viewer in game.possible_agents:
            seen = game.layout.pieces_of(game.observe(viewer)["observation"])
            for name, _ in game.state_pieces[1:]:
                assert (pieces[name] == seen[name]).all(), name
        observation, _, terminated, _, _ = game.last()
        game.step(None if terminated else legal(observation, rng))
        steps += 1
        if steps > 400:  # enough of a whole game
            break
    assert steps > 400 or not game.agents  # a whole game (or round), or enough of it


def test_the_state_before_a_reset_and_after_the_end() -> None:
    game = raw_env(players=3, round=1)
    pieces = game.state_pieces_of(game.state())  # the undealt round
    assert pieces["phase"].tolist() == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert not pieces["hands"].any()
    game.reset(seed=2)
    rng = random.Random(2)
    for _agent in game.agent_iter():
        observation, _, terminated, _, _ = game.last()
        game.step(None if terminated else legal(observation, rng))
    pieces = game.state_pieces_of(game.state())
    assert pieces["phase"].tolist() == [0.0, 0.0, 0.0, 0.0, 1.0]  # over
    assert not pieces["current_player"].any()
    totals = [float(s) for s in game.wizard_state.scores]
    assert (pieces["scores"] * game.layout._scale).tolist() == totals  # round 1: from 0


def test_the_wrapped_and_parallel_environments_give_the_state() -> None:
    wrapped = env(players=4, round=2)
    parallel = _conversions.turn_based_aec_to_parallel(env(players=4, round=2))
    wrapped.reset(seed=6)
    parallel.reset(seed=6)
    assert (wrapped.state() == parallel.state()).all()
    assert parallel.state_space == wrapped.state_space
    assert wrapped.unwrapped.metadata["is_parallelizable"] is False


@pytest.mark.parametrize(
    "bad",
    [np.zeros(10, np.float32), np.zeros((1, 647), np.float32), [0.0] * 647, None],
    ids=lambda bad: type(bad).__name__ + str(getattr(bad, "shape", "")),
)
def test_state_pieces_of_refuses_what_is_not_a_state(bad: Any) -> None:
    game = raw_env(players=3)
    with pytest.raises(InvalidArgumentError, match=r"a state is a NumPy vector of shape \(647,\)"):
        game.state_pieces_of(bad)
