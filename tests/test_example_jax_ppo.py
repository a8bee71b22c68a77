"""The JAX training recipe, examples/jax_ppo.py, in a few tiny updates.

The full run (docs/howto/jax-training.rst) takes minutes and is run by
hand; here the script's command line trains a small network for a few
updates of a few games and plays one deal at each table of the
evaluation, and its pieces are checked against the library: the JAX
engine refuses none of the learner's actions (so the masked policy only
picked legal ids), and the agent as a bot plays legal games of the scalar
engine with the logits of the trained network.  That the JAX engine's
observations and masks are the scalar engine's is tests/test_jax_engine.py's
part.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import math
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from wizard_rules import (  # noqa: E402
    Config,
    apply,
    legal_actions,
    new_game,
    player_view,
    random_deal,
)
from wizard_rules.agents.bots import HeuristicBot  # noqa: E402
from wizard_rules.formats.action_ids import action_id  # noqa: E402
from wizard_rules.integrations.tensors import Layout  # noqa: E402

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "jax_ppo.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("jax_ppo", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # attrs classes look their module up
    spec.loader.exec_module(module)
    return module


PPO: Any = _load()

TINY = [
    "--updates", "3", "--num-envs", "8", "--num-steps", "8", "--minibatches", "2",
    "--epochs", "2", "--hidden", "16", "--eval-games", "1", "--report", "1",
]  # fmt: skip
"""A run of three updates of 8 games x 8 decisions, one deal per table."""


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """One smoke run of the script's command line."""
    out = tmp_path_factory.mktemp("jax-ppo")
    summary: dict[str, Any] = PPO.main([*TINY, "--seed", "3", "--out", str(out)])
    return out, summary


def test_the_run_writes_its_files(run: tuple[Path, dict[str, Any]]) -> None:
    out, summary = run
    for name in ("params.npz", "curve.csv", "curve.png", "curve.svg", "arena.json", "arena.txt"):
        assert (out / name).stat().st_size > 0, name
    assert (out / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"<svg" in (out / "curve.svg").read_bytes()[:1000]
    assert json.loads((out / "arena.json").read_text()) == json.loads(json.dumps(summary))
    assert summary["updates"] == 3
    assert summary["decisions"] == 3 * 8 * 8


def test_the_losses_are_finite_and_the_curve_has_a_row_per_update(
    run: tuple[Path, dict[str, Any]],
) -> None:
    out, _ = run
    with (out / "curve.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert [int(row["update"]) for row in rows] == [1, 2, 3]
    assert [int(row["decisions"]) for row in rows] == [64, 128, 192]
    for row in rows:
        for column in ("policy_loss", "value_loss", "entropy"):
            assert math.isfinite(float(row[column])), (row["update"], column)
        # a masked policy over at most 86 ids: entropy within [0, log 86]
        assert 0 <= float(row["entropy"]) <= math.log(86)
        # 8 decisions a game an update: no four-player game (135 decisions) ends yet
        assert int(row["games"]) == 0
        assert row["mean_score"] == ""


def test_the_engine_refused_no_action(run: tuple[Path, dict[str, Any]]) -> None:
    # the JAX engine checks every action (rules 11.1-11.11) and sets State.error
    # for a refused one: none of the masked policy's samples, none of the opponents'
    _, summary = run
    assert summary["illegal_training_actions"] == 0
    assert summary["illegal_opponent_actions"] == 0


def test_the_agent_played_legal_games_in_the_arena(run: tuple[Path, dict[str, Any]]) -> None:
    _, summary = run
    assert summary["agent_illegal"] == 0
    # two tables with the agent, one deal each, four rotations: eight whole games,
    # at least 135 decisions of the agent in each
    assert summary["agent_decisions"] >= 8 * 135
    for title, table in summary["arena"].items():
        assert table["deals"] == 1
        assert table["games_played"] == 4, title
        assert table["seed"] == 2026
        assert [bot["seats"] for bot in table["bots"]] == [1, 3]
    assert [
        bot["name"] for bot in summary["arena"]["random against three heuristic bots"]["bots"]
    ] == [
        "random",
        "heuristic",
    ]


def test_a_seed_gives_the_same_weights() -> None:
    hyper = PPO.Hyper(num_envs=8, num_steps=8, hidden=16, epochs=2, minibatches=2)
    first = PPO.train(2, 5, hyper)
    again = PPO.train(2, 5, hyper)
    other = PPO.train(2, 6, hyper)
    assert first.params.keys() == again.params.keys()
    for name in first.params:
        np.testing.assert_array_equal(first.params[name], again.params[name], err_msg=name)
    assert any(not np.array_equal(first.params[n], other.params[n]) for n in first.params)


def test_the_masked_logits_only_sample_legal_ids() -> None:
    # random masks (each id legal with chance 1/10, id 5 always): the policy's
    # samples, as the rollout draws them, fall on legal ids, and the masked ids'
    # probabilities are exactly 0

    def draw(params: Any, obs: Any, masks: Any, key: Any) -> tuple[Any, ...]:
        logits, values = PPO.forward(params, obs, masks)
        return jax.random.categorical(key, logits), jax.nn.softmax(logits), values

    rng = np.random.default_rng(0)
    masks = rng.random((512, 86)) < 0.1
    masks[:, 5] = True
    obs = rng.standard_normal((512, 592)).astype(np.float32)
    params = PPO.init_params(jax.random.key(0), 592, 16)
    sample: Any = jax.jit(draw)
    actions, probs, values = (np.asarray(x) for x in sample(params, obs, masks, jax.random.key(1)))
    assert values.shape == (512,)
    assert masks[np.arange(512), actions].all()
    assert np.where(masks, 0.0, probs).max() == 0.0
    assert len(set(actions.tolist())) > 10  # not one id every time


def test_the_bot_uses_the_networks_logits() -> None:
    # the bot's numpy forward pass is the JAX actor's, and it plays the best legal id
    params = PPO.init_params(jax.random.key(7), 592, 16)
    weights = {name: np.asarray(value) for name, value in params.items()}
    config = Config(players=4)
    state = new_game(config)
    state = apply(state, random_deal(state, random.Random(1)))
    seat = state.current_player
    assert seat is not None
    view = player_view(state, seat)
    observation = Layout(4).encode(view)
    mask = np.zeros(86, dtype=bool)
    mask[[action_id(a) for a in legal_actions(state)]] = True
    logits, _ = PPO.forward(params, jnp.asarray(observation), jnp.asarray(mask))
    np.testing.assert_allclose(
        np.where(mask, PPO.numpy_forward(weights, observation), -1e9),
        np.asarray(logits),
        rtol=1e-4,
        atol=1e-5,
    )
    bot = PPO.PolicyBot(weights, config)
    chosen = bot.choose(view, random.Random(0))
    assert action_id(chosen) == int(np.argmax(np.asarray(logits)))
    assert bot.decisions == 1
    assert bot.illegal == 0


def test_bad_command_lines_are_refused() -> None:
    for argv in (
        ["--updates", "0"],
        ["--num-envs", "6", "--num-steps", "1", "--minibatches", "4"],
        ["--minutes", "0"],
    ):
        with pytest.raises(SystemExit):
            PPO.parse_args(argv)


def test_a_heuristic_table_plays_through_the_duplicate_games() -> None:
    bots = {"heuristic": HeuristicBot(), "other": HeuristicBot()}
    result = PPO.duplicate_games(["heuristic", "other", "other", "other"], bots, 1, 0)
    assert result.games_played == 4
    # the same bot at every seat of every rotation: the same mean, a zero difference
    assert result.difference == 0


def test_the_curve_drawn_is_a_mean_over_the_last_games() -> None:
    rows = [
        {"decisions": 10, "games": 0, "mean_score": None},
        {"decisions": 20, "games": 4, "mean_score": -100.0},
        {"decisions": 30, "games": 1, "mean_score": 50.0},
        {"decisions": 40, "games": 4, "mean_score": 10.0},
    ]
    # a window of 4 games: each point goes back to the update that brings 4 games
    assert PPO.window_means(rows, 4) == [(20, -100.0), (30, (-400 + 50) / 5), (40, 10.0)]
    assert PPO.window_means(rows, 100) == [(20, -100.0), (30, -70.0), (40, (-400 + 50 + 40) / 9)]
