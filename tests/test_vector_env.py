"""The vector environments against the scalar engine, and against Gymnasium's contract.

Every expected value comes from the scalar engine: a *mirror* plays, in one
scalar game per row, every deal and every action the environment passes to
the batch engine (the test spies on the module's ``deal`` and ``step``), and
the environment's observations must be
:class:`~wizard_rules.integrations.tensors.Layout`'s tensors of the mirror's
:func:`~wizard_rules.player_view` (compared piece by piece, a failure names
the game and the pieces), its masks the mirror's
:func:`~wizard_rules.legal_actions`, and its rewards add up to the mirror's
final totals.

Gymnasium 1.x has no checker for vector environments (``check_env`` takes a
single :class:`gymnasium.Env`), so "the vector checks" here are: the
documented :class:`gymnasium.vector.VectorEnv` contract (spaces from
``batch_space``, types, shapes and dtypes of what ``reset`` and ``step``
return, ``metadata["autoreset_mode"]``), the parts of
``gymnasium.utils.passive_env_checker`` and ``env_checker`` that apply to a
vector environment (``check_space``, ``env_reset_passive_checker``,
``check_obs``, ``data_equivalence`` for determinism, ``data_shares_objects``
for returned data not reused), and Gymnasium's vector wrappers running on
the environments (``RecordEpisodeStatistics`` in both auto-reset modes,
``NormalizeObservation``, ``NormalizeReward``, ``ClipReward``,
``DictInfoToList``).
"""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Callable
from typing import Any, cast

import gymnasium
import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.utils.passive_env_checker import (  # (the private two: what check_env passes)
    _check_box_action_space,
    _check_box_observation_space,
    check_obs,
    check_space,
    data_shares_objects,
    env_reset_passive_checker,
)
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.wrappers.vector import (
    ClipReward,
    DictInfoToList,
    NormalizeObservation,
    NormalizeReward,
    RecordEpisodeStatistics,
)
from numpy.typing import NDArray

import wizard_rules.integrations
from wizard_rules import (
    DECK,
    Config,
    ConfigError,
    Deal,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    Phase,
    State,
    apply,
    legal_actions,
    new_game,
    player_view,
)
from wizard_rules.core.rules import STANDARD, Rules, variant_rules
from wizard_rules.formats.action_ids import NUM_ACTIONS, action_id, to_action
from wizard_rules.integrations import vector_env
from wizard_rules.integrations.tensors import Layout, max_score
from wizard_rules.integrations.vector_env import (
    SELF_PLAY_ENV_ID,
    VECTOR_ENV_ID,
    SelfPlayVectorEnv,
    WizardVectorEnv,
)
from wizard_rules.sim import batch
from wizard_rules.sim.batch import BatchState

Env = WizardVectorEnv | SelfPlayVectorEnv
SAME, NEXT = AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP
MODES = pytest.mark.parametrize("mode", [SAME, NEXT], ids=["same_step", "next_step"])
BOTH = pytest.mark.parametrize("make", [WizardVectorEnv, SelfPlayVectorEnv])
VARIANTS: list[tuple[str, ...]] = [
    ("forbid_bid_total_match",),
    ("hardcore",),
    ("hidden_bids",),
    ("delayed_reveal",),
    ("clairvoyance",),
    ("clairvoyance", "hardcore"),
]
OVER = [0.0, 0.0, 0.0, 0.0, 1.0]  # the phase piece at the end of a game


def rules_of(names: tuple[str, ...]) -> Rules:
    return variant_rules(list(names)) if names else STANDARD


def deal_of(state: BatchState, game: int) -> Deal:
    """The scalar Deal of one game of the batch, from its hands and turned card."""
    hands = [[card for card in DECK if int(mask) >> card.index & 1] for mask in state.hands[game]]
    turned = int(state.turned[game])
    return Deal(hands, None if turned == -1 else DECK[turned])


def legal_ids(state: State) -> list[int]:
    return sorted(action_id(action) for action in legal_actions(state))


class Mirror:
    """One scalar game per row, fed every deal and action the environment gives the batch."""

    def __init__(self, config: Config, size: int, monkeypatch: pytest.MonkeyPatch) -> None:
        self.games: list[State] = [new_game(config)] * size
        self.ended: list[State | None] = [None] * size  # the last game a row finished
        self.layout = Layout(config.players, rules=config.rules)
        real_deal, real_step = batch.deal, batch.step

        def spy_deal(state: BatchState, rng: np.random.Generator) -> BatchState:
            after = real_deal(state, rng)
            for g in np.flatnonzero(state.phase == batch.PHASE_DEAL).tolist():
                if self.games[g].phase is not Phase.DEAL:  # the row starts a new game
                    self.ended[g] = self.games[g]
                    self.games[g] = new_game(config)
                self.games[g] = apply(self.games[g], deal_of(after, g))
            return after

        def spy_step(state: BatchState, actions: Any) -> batch.Step:
            result = real_step(state, actions)
            for g in np.flatnonzero(np.asarray(actions) >= 0).tolist():
                assert result.error[g] == 0, "the environment passed a refused action"
                seat = int(state.current_player[g])
                self.games[g] = apply(self.games[g], to_action(int(actions[g]), seat))
            return result

        monkeypatch.setattr(vector_env, "deal", spy_deal)
        monkeypatch.setattr(vector_env, "step", spy_step)

    def tensor(self, state: State | None, seat: int | None) -> NDArray[np.float32]:
        assert state is not None
        assert seat is not None
        return self.layout.encode(player_view(state, seat))

    def mask(self, state: State) -> NDArray[np.bool_]:
        mask = np.zeros(NUM_ACTIONS, dtype=np.bool_)
        mask[legal_ids(state)] = True
        return mask


def assert_rows(
    observations: NDArray[np.float32], expected: list[NDArray[np.float32]], layout: Layout
) -> None:
    """Row by row and piece by piece, so that a failure names the game and the pieces."""
    for g, tensor in enumerate(expected):
        if not np.array_equal(observations[g], tensor):
            got, want = layout.pieces_of(observations[g]), layout.pieces_of(tensor)
            wrong = [name for name in got if not np.array_equal(got[name], want[name])]
            raise AssertionError(f"row {g}: the pieces {wrong} differ from the scalar tensor")


def pick(rng: np.random.Generator) -> Callable[[NDArray[np.bool_]], NDArray[np.int64]]:
    """A uniformly random legal id per row (id 0 for a row with none, ignored there)."""

    def choose(mask: NDArray[np.bool_]) -> NDArray[np.int64]:
        chosen: NDArray[np.int64] = (rng.random(mask.shape) * mask).argmax(axis=1)
        return chosen

    return choose


# -- one learning seat against the scalar engine -----------------------------------------


def play_learner(
    env: WizardVectorEnv,
    mirror: Mirror,
    steps: int,
    seed: int,
    *,
    illegal_every: int = 0,
    scale: float = 1.0,
) -> dict[str, int]:
    """Step ``env`` with random legal ids, checking all against ``mirror``; return counts."""
    seat, size, layout = env.seat, env.num_envs, mirror.layout
    choose = pick(np.random.default_rng(seed))
    observations, info = env.reset(seed=seed)
    returns = np.zeros(size)
    episodes = illegal = 0
    mode = env.metadata["autoreset_mode"]
    pending = np.zeros(size, dtype=np.bool_)  # NEXT_STEP: rows that start again at this step

    def check_live(
        observations: NDArray[np.float32], info: dict[str, Any], rows: list[int]
    ) -> None:
        for g in rows:
            game = mirror.games[g]
            assert game.current_player == seat, "a game waits for the learner"
            np.testing.assert_array_equal(info["action_mask"][g], mirror.mask(game))
            assert info["scores"][g].tolist() == list(game.scores)
        tensors = [mirror.tensor(mirror.games[g], seat) for g in rows]
        assert_rows(observations[rows], tensors, layout)

    check_live(observations, info, list(range(size)))
    for t in range(steps):
        actions = choose(info["action_mask"])
        wrong = np.zeros(size, dtype=np.bool_)
        if illegal_every and t % illegal_every == illegal_every - 1:
            wrong[t % size] = not pending[t % size]
            actions = np.where(wrong, 85, actions)  # "no trump": never legal
        before = list(mirror.games)
        observations, rewards, terminated, truncated, info = env.step(actions)
        assert rewards.dtype == np.float32
        assert not truncated.any()
        assert info["illegal_action"].tolist() == wrong.tolist()
        returns += rewards
        if mode is NEXT:
            assert not rewards[pending].any()
            assert not terminated[pending].any()
        for g in np.flatnonzero(wrong).tolist():
            assert terminated[g]
            assert rewards[g] == env.illegal_reward
            illegal += 1
            returns[g] = 0.0
        for g in np.flatnonzero(terminated & ~wrong).tolist():
            final = mirror.ended[g] if mode is SAME else mirror.games[g]
            assert final is not None
            assert final.phase is Phase.GAME_OVER
            assert returns[g] == pytest.approx(final.scores[seat] / scale, rel=1e-5, abs=1e-6)
            episodes += 1
            returns[g] = 0.0
            if mode is SAME:
                assert info["final_info"]["scores"][g].tolist() == list(final.scores)
                assert_rows(info["final_obs"][[g]], [mirror.tensor(final, seat)], layout)
            else:
                assert_rows(observations[[g]], [mirror.tensor(final, seat)], layout)
                assert not info["action_mask"][g].any()
        if mode is SAME:
            assert info["_final_obs"].tolist() == terminated.tolist()
            assert not info["final_obs"][~terminated].any()
            for g in np.flatnonzero(wrong).tolist():  # the game as it was, not moved
                assert mirror.ended[g] is before[g]
                assert_rows(info["final_obs"][[g]], [mirror.tensor(before[g], seat)], layout)
            live = list(range(size))
        else:
            live = np.flatnonzero(~terminated).tolist()
            pending = terminated.copy()
        check_live(observations, info, live)
    return {"episodes": episodes, "illegal": illegal}


@MODES
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_learner_sees_the_scalar_tensors_and_scores_its_totals(
    players: int, mode: AutoresetMode, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = Config(players=players, first_dealer=players - 1)
    env = WizardVectorEnv(3, config, seat=players - 2, autoreset_mode=mode)
    mirror = Mirror(config, 3, monkeypatch)
    steps = {3: 460, 4: 300, 5: 200, 6: 140}[players]  # about two games a row
    counts = play_learner(env, mirror, steps, seed=players, illegal_every=97)
    assert counts["episodes"] >= 3
    assert counts["illegal"] >= 1


@pytest.mark.parametrize("names", VARIANTS, ids="+".join)
@pytest.mark.parametrize("players", [3, 5])
def test_the_learner_sees_what_each_variant_shows(
    names: tuple[str, ...], players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = Config(players=players, rules=rules_of(names))
    env = WizardVectorEnv(3, config, seat=1, normalize_rewards=True)
    mirror = Mirror(config, 3, monkeypatch)
    scale = max_score(players, rules=config.rules)
    counts = play_learner(env, mirror, {3: 240, 5: 110}[players], seed=11, scale=scale)
    assert counts["episodes"] >= 3


@pytest.mark.slow
@MODES
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_many_games_agree_with_the_scalar_engine(
    players: int, mode: AutoresetMode, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = Config(players=players, rules=rules_of(("forbid_bid_total_match",)))
    size = 32
    env = WizardVectorEnv(size, config, seat=players - 1, autoreset_mode=mode)
    mirror = Mirror(config, size, monkeypatch)
    steps = {3: 700, 4: 450, 5: 300, 6: 210}[players]  # about three games a row
    counts = play_learner(env, mirror, steps, seed=100 + players, illegal_every=41)
    assert counts["episodes"] >= 2 * size


def lowest_legal(
    mirror: Mirror, seat: int, calls: list[int]
) -> Callable[[NDArray[np.float32], NDArray[np.bool_]], NDArray[np.int64]]:
    """A batched policy, the lowest legal id, that checks what it is shown against ``mirror``."""

    def policy(observations: NDArray[np.float32], masks: NDArray[np.bool_]) -> NDArray[np.int64]:
        rows = [
            g
            for g, game in enumerate(mirror.games)
            if game.current_player is not None and game.current_player != seat
        ]
        assert observations.shape == (len(rows), mirror.layout.size)
        assert masks.shape == (len(rows), NUM_ACTIONS)
        for i, g in enumerate(rows):
            game = mirror.games[g]
            np.testing.assert_array_equal(masks[i], mirror.mask(game))
            tensor = mirror.tensor(game, game.current_player)
            assert_rows(observations[[i]], [tensor], mirror.layout)
        calls.append(len(rows))
        lowest: NDArray[np.int64] = masks.argmax(axis=1)
        return lowest

    return policy


def test_a_batched_policy_plays_the_other_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    config = Config(players=4)
    size = 5
    mirror = Mirror(config, size, monkeypatch)
    calls: list[int] = []
    env = WizardVectorEnv(size, config, opponent=lowest_legal(mirror, 0, calls))
    spy_step = vars(vector_env)["step"]  # the mirror's

    def lowest_for_the_others(state: BatchState, actions: Any) -> batch.Step:
        for g in np.flatnonzero(np.asarray(actions) >= 0).tolist():
            game = mirror.games[g]
            if game.current_player != 0:  # the opponents' choice: the lowest legal id
                assert int(actions[g]) == legal_ids(game)[0]
        result: batch.Step = spy_step(state, actions)
        return result

    monkeypatch.setattr(vector_env, "step", lowest_for_the_others)
    play_learner(env, mirror, 60, seed=5)
    assert size in calls  # the whole batch at once,
    assert any(0 < k < size for k in calls)  # and some of its games


# -- batched self-play against the scalar engine ----------------------------------------


@MODES
@pytest.mark.parametrize(
    ("players", "names"), [(3, ()), (4, ("hidden_bids",)), (6, ("clairvoyance",))]
)
def test_self_play_shows_each_player_to_act_its_tensor(
    players: int, names: tuple[str, ...], mode: AutoresetMode, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = Config(players=players, rules=rules_of(names))
    size = 3
    env = SelfPlayVectorEnv(size, config, autoreset_mode=mode)
    mirror = Mirror(config, size, monkeypatch)
    layout = mirror.layout
    choose = pick(np.random.default_rng(players))
    observations, info = env.reset(seed=players)
    returns = np.zeros((size, players))
    pending = np.zeros(size, dtype=np.bool_)
    episodes = illegal = 0

    def check_live(
        observations: NDArray[np.float32], info: dict[str, Any], rows: list[int]
    ) -> None:
        for g in rows:
            game = mirror.games[g]
            assert info["current_player"][g] == game.current_player
            np.testing.assert_array_equal(info["action_mask"][g], mirror.mask(game))
            assert info["scores"][g].tolist() == list(game.scores)
            assert_rows(observations[[g]], [mirror.tensor(game, game.current_player)], layout)

    check_live(observations, info, list(range(size)))
    rounds = 60 // players
    decisions = players * rounds + players * rounds * (rounds + 1) // 2  # bids and cards
    for t in range(decisions + 120):  # a whole game in every row, one with an illegal id
        movers = [mirror.games[g].current_player for g in range(size)]
        actions = choose(info["action_mask"])
        wrong = np.zeros(size, dtype=np.bool_)
        if t == 50:
            wrong[0] = True
            actions = np.where(wrong, 85, actions)
        before = list(mirror.games)
        observations, rewards, terminated, truncated, info = env.step(actions)
        assert rewards.shape == (size, players)
        assert rewards.dtype == np.float32
        assert not truncated.any()
        assert info["illegal_action"].tolist() == wrong.tolist()
        if mode is NEXT:
            assert not rewards[pending].any()
            assert not terminated[pending].any()
        returns += rewards
        for g in np.flatnonzero(wrong).tolist():
            assert terminated[g]
            expected = np.zeros(players)
            expected[movers[g]] = env.illegal_reward
            assert rewards[g].tolist() == expected.tolist()
            returns[g] = 0.0
            illegal += 1
            if mode is SAME:
                assert mirror.ended[g] is before[g]
                assert_rows(info["final_obs"][[g]], [mirror.tensor(before[g], movers[g])], layout)
        for g in np.flatnonzero(terminated & ~wrong).tolist():
            final = mirror.ended[g] if mode is SAME else mirror.games[g]
            assert final is not None
            assert final.phase is Phase.GAME_OVER
            assert returns[g].tolist() == list(final.scores)  # every seat's rewards: its total
            returns[g] = 0.0
            episodes += 1
            seen = mirror.tensor(final, movers[g])  # the view of the seat that moved last
            if mode is SAME:
                assert_rows(info["final_obs"][[g]], [seen], layout)
                assert info["final_info"]["scores"][g].tolist() == list(final.scores)
            else:
                assert_rows(observations[[g]], [seen], layout)
                assert info["current_player"][g] == -1
                assert not info["action_mask"][g].any()
        if mode is SAME:
            live = list(range(size))
        else:
            live = np.flatnonzero(~terminated).tolist()
            pending = terminated.copy()
        check_live(observations, info, live)
    assert episodes >= size
    assert illegal == 1


# -- auto-reset, seeding, the reset mask --------------------------------------------------


def steps_of(env: Env, seed: int, steps: int) -> list[Any]:
    """What ``steps`` steps of random legal ids return, from ``reset(seed=seed)``."""
    observations, info = env.reset(seed=seed)
    choose = pick(np.random.default_rng(0))
    out: list[Any] = [observations, info]
    for _ in range(steps):
        out.append(env.step(choose(info["action_mask"])))
        info = out[-1][-1]
    return out


@BOTH
def test_the_same_seed_gives_the_same_games(make: Callable[..., Env]) -> None:
    config = Config(players=3)
    first = steps_of(make(4, config), 21, 40)
    assert data_equivalence(first, steps_of(make(4, config), 21, 40), exact=True)
    assert not data_equivalence(first, steps_of(make(4, config), 22, 40))
    env = make(4, config)
    steps_of(env, 5, 10)
    assert data_equivalence(first, steps_of(env, 21, 40), exact=True)  # reseeded: the same
    # reset() without a seed goes on with the same generator: other deals
    observations, _ = env.reset()
    assert not np.array_equal(observations, first[0])


def test_same_step_starts_the_next_game_in_the_ending_step() -> None:
    env = WizardVectorEnv(2, Config(players=6))
    _, info = env.reset(seed=4)
    choose = pick(np.random.default_rng(4))
    pieces = env.layout.pieces_of
    ended = 0
    for _ in range(200):
        observations, _, terminated, _, info = env.step(choose(info["action_mask"]))
        for g in np.flatnonzero(terminated).tolist():
            ended += 1
            assert pieces(info["final_obs"][g])["phase"].tolist() == OVER
            new = pieces(observations[g])
            assert new["round"][0] == 1  # a new game: round 1,
            assert not new["scores"].any()  # no points yet,
            assert info["action_mask"][g].any()  # the learner to act
            assert not info["scores"][g].any()
    assert ended >= 2


def test_next_step_ignores_the_action_of_an_ended_row_and_starts_again() -> None:
    env = WizardVectorEnv(1, Config(players=6), autoreset_mode=NEXT)
    assert env.metadata["autoreset_mode"] is NEXT
    assert WizardVectorEnv(1, Config(players=6)).metadata["autoreset_mode"] is SAME
    _, info = env.reset(seed=8)
    choose = pick(np.random.default_rng(8))
    terminated = np.zeros(1, dtype=np.bool_)
    while not terminated[0]:
        observations, _, terminated, _, info = env.step(choose(info["action_mask"]))
    assert "final_obs" not in info
    assert not info["action_mask"].any()
    assert env.layout.pieces_of(observations[0])["phase"].tolist() == OVER
    observations, rewards, terminated, _, info = env.step(np.array([85]))  # ignored
    assert rewards.tolist() == [0.0]
    assert not terminated[0]
    assert not info["illegal_action"][0]
    assert env.layout.pieces_of(observations[0])["round"][0] == 1
    assert info["action_mask"].any()


@BOTH
def test_the_reset_mask_starts_new_games_in_its_rows_only(make: Callable[..., Env]) -> None:
    env = make(3, Config(players=4), autoreset_mode=NEXT)
    env.reset(options={"reset_mask": np.array([True, False, True])})  # before any: every row
    _, info = env.reset(seed=2)
    choose = pick(np.random.default_rng(2))
    for _ in range(30):
        *_, info = env.step(choose(info["action_mask"]))
    state = env.state
    assert state is not None
    assert (state.round > 1).all()
    _, info = env.reset(options={"reset_mask": np.array([False, True, False])})
    after = env.state
    assert after is not None
    assert after.round.tolist() == [state.round[0], 1, state.round[2]]
    assert after.scores[[0, 2]].tolist() == state.scores[[0, 2]].tolist()
    assert not after.scores[1].any()
    assert info["action_mask"].any(axis=1).all()
    env.reset(options={})  # no reset_mask: every row
    assert env.state is not None
    assert (env.state.round == 1).all()


def test_the_reset_mask_clears_a_pending_next_step_reset() -> None:
    env = WizardVectorEnv(1, Config(players=6), autoreset_mode=NEXT)
    env.reset(seed=1)
    _, _, terminated, *_ = env.step(np.array([85]))  # illegal: ended
    assert terminated[0]
    _, info = env.reset(options={"reset_mask": np.array([True])})
    move = int(info["action_mask"][0].argmax())
    env.step(np.array([move]))
    state = env.state
    assert state is not None
    assert state.bids[0, env.seat] == move - batch.FIRST_BID  # played, not ignored


# -- rewards ------------------------------------------------------------------------------


def test_normalized_rewards_and_the_illegal_reward() -> None:
    config = Config(players=3)
    plain = WizardVectorEnv(2, config)
    scaled = WizardVectorEnv(2, config, normalize_rewards=True)
    assert plain.illegal_reward == -max_score(3)
    assert scaled.illegal_reward == -1.0
    assert WizardVectorEnv(2, config, illegal_reward=-7).illegal_reward == -7.0
    rewards = np.array([step[1] for step in steps_of(plain, 3, 300)[2:]])
    assert rewards.any()
    scaled_rewards = np.array([step[1] for step in steps_of(scaled, 3, 300)[2:]])
    np.testing.assert_allclose(scaled_rewards, rewards / max_score(3), rtol=1e-6)
    selfplay = SelfPlayVectorEnv(2, config, normalize_rewards=True, illegal_reward=-0.5)
    selfplay.reset(seed=0)
    _, rewards_sp, terminated, _, info = selfplay.step(np.array([85, 85]))
    assert terminated.all()
    assert info["illegal_action"].all()
    assert sorted(rewards_sp[0].tolist()) == [-0.5, 0.0, 0.0]


# -- Gymnasium's contract ---------------------------------------------------------------


def contract(env: Env, rewards_shape: tuple[int, ...]) -> None:
    """The documented VectorEnv contract, and Gymnasium's passive checks that apply to it."""
    size = env.num_envs
    width = env.layout.size
    assert isinstance(env, VectorEnv)
    assert env.single_observation_space == spaces.Box(-1.0, 1.0, (width,), np.float32)
    assert env.single_action_space == spaces.Discrete(86)
    assert env.observation_space == spaces.Box(-1.0, 1.0, (size, width), np.float32)
    assert env.action_space == spaces.MultiDiscrete([86] * size)
    assert isinstance(env.metadata["autoreset_mode"], AutoresetMode)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checker's warning fails the test
        check_space(env.single_observation_space, "observation", _check_box_observation_space)
        check_space(env.single_action_space, "action", _check_box_action_space)
        check_space(env.observation_space, "observation", _check_box_observation_space)
        observations, info = env_reset_passive_checker(cast(Any, env), seed=1)
        check_obs(observations, env.observation_space, "reset")
        assert isinstance(info, dict)
        assert info["action_mask"].shape == (size, 86)
        assert info["action_mask"].dtype == np.bool_
        env.action_space.seed(1)
        previous: Any = (observations, info)
        for _ in range(30):
            result = env.step(env.action_space.sample())  # illegal ids too: episodes end
            observations, rewards, terminated, truncated, info = result
            check_obs(observations, env.observation_space, "step")
            assert rewards.shape == rewards_shape
            assert rewards.dtype == np.float32
            assert np.isfinite(rewards).all()
            assert terminated.shape == truncated.shape == (size,)
            assert terminated.dtype == truncated.dtype == np.bool_
            assert isinstance(info, dict)
            assert info["action_mask"].shape == (size, 86)
            assert not data_shares_objects(previous[0], observations)
            assert not data_shares_objects(previous[-1], info)
            previous = result
    # check_reset_options' and check_reset_seed_determinism's questions, asked of a vector env
    env.reset(options={})
    first, _ = env.reset(seed=123)
    assert data_equivalence(first, env.reset(seed=123)[0], exact=True)


@MODES
def test_the_environments_keep_the_vector_contract(mode: AutoresetMode) -> None:
    contract(WizardVectorEnv(4, Config(players=5), autoreset_mode=mode), (4,))
    contract(SelfPlayVectorEnv(4, Config(players=5), autoreset_mode=mode), (4, 5))


@MODES
def test_gymnasiums_episode_statistics_count_the_learners_totals(mode: AutoresetMode) -> None:
    env = RecordEpisodeStatistics(WizardVectorEnv(3, Config(players=6), autoreset_mode=mode))
    _, info = env.reset(seed=6)
    choose = pick(np.random.default_rng(6))
    finished = 0
    lengths = np.zeros(3, dtype=np.int64)
    for _ in range(150):
        _, _, terminated, _, info = env.step(choose(info["action_mask"]))
        lengths += 1
        if terminated.any():
            final = info["final_info"]["scores"] if mode is SAME else info["scores"]
            for g in np.flatnonzero(terminated).tolist():
                assert info["episode"]["r"][g] == final[g][0]  # the learner's total
                assert info["episode"]["l"][g] == lengths[g]
                assert lengths[g] >= 10 + sum(range(1, 11))  # every bid and card
                lengths[g] = -1 if mode is NEXT else 0  # (NEXT_STEP: one step to start again)
                finished += 1
    assert finished >= 3
    assert len(env.return_queue) == finished


def test_gymnasiums_vector_wrappers_run_on_the_environments() -> None:
    config = Config(players=4)
    wrapped: list[VectorEnv[Any, Any, Any]] = [
        NormalizeObservation(WizardVectorEnv(3, config, autoreset_mode=NEXT)),
        NormalizeReward(WizardVectorEnv(3, config)),
        ClipReward(SelfPlayVectorEnv(3, config), min_reward=-1.0, max_reward=1.0),
        DictInfoToList(WizardVectorEnv(3, config)),
    ]

    def masks_of(info: Any) -> NDArray[np.bool_]:  # (DictInfoToList: one dict a game)
        if type(info) is list:
            return np.stack([one["action_mask"] for one in info])
        mask: NDArray[np.bool_] = info["action_mask"]
        return mask

    for env in wrapped:
        _, info = env.reset(seed=0)
        choose = pick(np.random.default_rng(0))
        for _ in range(120):
            observations, rewards, _, _, info = env.step(choose(masks_of(info)))
            assert observations.shape == (3, Layout(4).size)
            assert np.isfinite(observations).all()
            assert np.isfinite(rewards).all()
    assert isinstance(info, list)
    assert len(info) == 3
    assert "action_mask" in info[0]


def test_gymnasiums_make_vec_makes_both_environments(monkeypatch: pytest.MonkeyPatch) -> None:
    envs = gymnasium.make_vec(VECTOR_ENV_ID, num_envs=3, config=Config(players=5), seat=2)
    assert isinstance(envs, WizardVectorEnv)
    assert (envs.num_envs, envs.seat, envs.config) == (3, 2, Config(players=5))
    assert envs.spec is not None
    assert envs.spec.id == "wizard_rules/WizardVector-v0"
    selfplay = gymnasium.make_vec(SELF_PLAY_ENV_ID, num_envs=2, autoreset_mode=NEXT)
    assert isinstance(selfplay, SelfPlayVectorEnv)
    assert selfplay.metadata["autoreset_mode"] is NEXT
    assert SELF_PLAY_ENV_ID == "wizard_rules/WizardSelfPlay-v0"
    with pytest.raises(gymnasium.error.Error, match="entry point"):  # no single-game env
        gymnasium.make_vec(VECTOR_ENV_ID, num_envs=2, vectorization_mode="sync")
    # importing the module again leaves the registration as it is
    monkeypatch.setattr(wizard_rules.integrations, "vector_env", vector_env)
    monkeypatch.delitem(sys.modules, "wizard_rules.integrations.vector_env")
    again = importlib.import_module("wizard_rules.integrations.vector_env")
    assert again is not vector_env
    entry = gymnasium.spec(VECTOR_ENV_ID).vector_entry_point
    assert entry == "wizard_rules.integrations.vector_env:WizardVectorEnv"


# -- what is refused ------------------------------------------------------------------------


@BOTH
@pytest.mark.parametrize(
    "actions",
    [
        np.array([60.0, 60.0]),
        np.array([True, False]),
        np.array([60]),
        np.array([[60, 60]]),
        [60, -1],
        np.array([60, 86], dtype=np.uint64),
        np.array([2**62, 60], dtype=np.uint64),
        [60, [60]],
        "60",
        None,
    ],
    ids=repr,
)
def test_anything_but_ids_is_refused_and_changes_nothing(
    make: Callable[..., Env], actions: object
) -> None:
    env = make(2, Config(players=3))
    env.reset(seed=0)
    state = env.state
    with pytest.raises(InvalidArgumentError) as caught:
        env.step(cast(Any, actions))
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT
    assert env.state is state


@BOTH
def test_bad_resets_and_a_step_before_reset_are_refused(make: Callable[..., Env]) -> None:
    env = make(2, Config(players=3))
    with pytest.raises(IllegalActionError) as caught:
        env.step(np.array([60, 60]))
    assert caught.value.code is ErrorCode.GAME_OVER
    assert not env.action_masks().any()
    for seed in (-1, 1.5, True, "1", [1, 2]):
        with pytest.raises(InvalidArgumentError, match="a seed is None or a whole number"):
            env.reset(seed=cast(Any, seed))
    for options in (
        {"reset_mask": np.array([True])},
        {"reset_mask": [True, False]},
        {"reset_mask": np.array([1, 0])},
        {"seed": 1},
        ["reset_mask"],
    ):
        with pytest.raises(InvalidArgumentError, match="reset_mask"):
            env.reset(options=cast(Any, options))
    assert env.state is None
    env.reset(seed=0)
    assert env.action_masks().any(axis=1).all()


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"num_envs": 0}, InvalidArgumentError, "num_envs must be a whole number"),
        ({"num_envs": 2.0}, InvalidArgumentError, "num_envs must be a whole number"),
        ({"num_envs": batch.MAX_BATCH_SIZE + 1}, InvalidArgumentError, "at most"),
        ({"config": 4}, InvalidArgumentError, "config must be a Config"),
        (
            {"config": Config(players=3, rules=variant_rules(["canadian_rule"]))},
            ConfigError,
            "the Canadian rule",
        ),
        ({"normalize_rewards": 1}, ConfigError, "normalize_rewards must be a bool"),
        ({"illegal_reward": "-1"}, ConfigError, "illegal_reward must be a finite number"),
        ({"illegal_reward": True}, ConfigError, "illegal_reward must be a finite number"),
        ({"illegal_reward": float("nan")}, ConfigError, "illegal_reward must be a finite number"),
        ({"autoreset_mode": AutoresetMode.DISABLED}, ConfigError, "autoreset_mode must be"),
        ({"autoreset_mode": "SameStep"}, ConfigError, "autoreset_mode must be"),
    ],
)
@BOTH
def test_bad_arguments_are_refused(
    make: Callable[..., Env], kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    arguments: dict[str, Any] = {"num_envs": 2, "config": Config(players=3), **kwargs}
    with pytest.raises(error, match=words):
        make(arguments.pop("num_envs"), arguments.pop("config"), **arguments)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"seat": 3}, "seat must be 0 to 2"),
        ({"seat": -1}, "seat must be 0 to 2"),
        ({"seat": True}, "seat must be 0 to 2"),
        ({"opponent": "heuristic"}, "opponent must be"),
        ({"opponent": np.array([1, 2])}, "opponent must be"),
        ({"opponent": None}, "opponent must be"),
    ],
)
def test_bad_seats_and_opponents_are_refused(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        WizardVectorEnv(2, Config(players=3), **kwargs)


def test_the_default_configuration_is_four_players() -> None:
    env = WizardVectorEnv(2)
    assert env.config == Config(players=4)
    assert env.single_observation_space.shape == (Layout(4).size,)
    assert SelfPlayVectorEnv(2).config == Config(players=4)


@pytest.mark.parametrize(
    "answer",
    [
        lambda observations, masks: np.full(len(masks), 85),  # not legal
        lambda observations, masks: masks.argmax(axis=1)[:1],  # too few
        lambda observations, masks: masks.argmax(axis=1).astype(float),  # not ids
    ],
    ids=["illegal", "short", "float"],
)
def test_an_opponent_policy_that_breaks_the_rules_is_refused(answer: Callable[..., Any]) -> None:
    env = WizardVectorEnv(3, Config(players=3), opponent=answer, seat=2)
    with pytest.raises(InvalidArgumentError, match="opponent"):
        env.reset(seed=0)
    assert env.state is None


def test_without_gymnasium_the_import_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    monkeypatch.delitem(sys.modules, "wizard_rules.integrations.vector_env")
    with pytest.raises(
        ImportError, match=r"the 'pettingzoo' extra: pip install '\.\[pettingzoo\]'"
    ):
        importlib.import_module("wizard_rules.integrations.vector_env")
