"""The training recipe, examples/train_maskable_ppo.py, in a few hundred steps.

The full run (docs/howto/training.rst) takes half an hour and is run by
hand; here the script trains for two short rollouts, writes its files and
plays one deal against each opponent, and its pieces are checked against
the library: the agent's observation is the environment's, and its
duplicate games give :func:`~wizard_rules.agents.arena.play_arena`'s
figures.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
import torch

from wizard_rules import Config, apply, legal_actions, new_game, player_view, random_deal
from wizard_rules.agents.arena import play_arena
from wizard_rules.agents.bots import HeuristicBot, RandomBot
from wizard_rules.integrations.pettingzoo import SingleAgentEnv

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "train_maskable_ppo.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # attrs classes look their module up
    spec.loader.exec_module(module)
    return module


TRAIN: Any = _load()


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """One smoke run of the script's command line: 256 steps, one deal per opponent."""
    out = tmp_path_factory.mktemp("ppo")
    argv = ["--steps", "256", "--n-steps", "128", "--seed", "3", "--eval-games", "1"]
    summary: dict[str, Any] = TRAIN.main([*argv, "--out", str(out), "--window", "2"])
    return out, summary


def test_the_run_writes_its_files(run: tuple[Path, dict[str, Any]]) -> None:
    out, summary = run
    for name in ("model.zip", "curve.csv", "curve.png", "curve.svg", "arena.json", "arena.txt"):
        assert (out / name).stat().st_size > 0, name
    assert (out / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"<svg" in (out / "curve.svg").read_bytes()[:1000]
    assert json.loads((out / "arena.json").read_text()) == json.loads(json.dumps(summary))
    assert summary["steps"] == 256  # two rollouts of 128
    assert summary["torch"] == torch.__version__


def test_the_curve_has_a_row_per_game(run: tuple[Path, dict[str, Any]]) -> None:
    out, summary = run
    with (out / "curve.csv").open() as file:
        rows = list(csv.DictReader(file))
    # a four-player game is 15 bids, 120 cards and the trumps the learner names:
    # at least 135 of the learner's steps, so 256 steps end one game
    assert len(rows) == summary["episodes"] >= 1
    steps = [int(row["steps"]) for row in rows]
    assert steps == sorted(steps)
    assert steps[0] >= 135
    assert steps[-1] <= 256
    for row in rows:
        # a return is a score over the most a player can score in a game
        assert -1 <= float(row["episode_return"]) <= 1
        assert float(row["mean_score"]) == pytest.approx(
            float(row["mean_return"]) * 1500, abs=0.01
        )
    assert TRAIN.MAX_SCORE == 1500  # 15 rounds of 20 + 10 r points: 300 + 1200


def test_every_action_of_the_agent_was_legal(run: tuple[Path, dict[str, Any]]) -> None:
    _, summary = run
    assert summary["illegal_training_actions"] == 0
    assert summary["agent_illegal"] == 0
    # one deal, 4 rotations, against each of two opponents: 8 games of at
    # least 135 decisions of the agent's seat
    assert summary["agent_decisions"] >= 8 * 135


def test_the_evaluation_plays_the_games_asked_for(run: tuple[Path, dict[str, Any]]) -> None:
    out, summary = run
    assert set(summary["arena"]) == {"random", "heuristic"}
    for opponent, result in summary["arena"].items():
        assert result["deals"] == 1
        assert result["games_played"] == 4
        assert [bot["name"] for bot in result["bots"]] == ["ppo", opponent]
        assert [bot["seats"] for bot in result["bots"]] == [1, 3]
        # one deal gives no interval
        assert result["bots"][0]["score_interval"] is None
        # every game has a winner: the shares of the four seats add up to 1
        wins = sum(bot["win_rate"] * bot["seats"] for bot in result["bots"])
        assert wins == pytest.approx(1)
    text = (out / "arena.txt").read_text()
    assert "ppo against three random bots: 1 deals x 4 rotations = 4 games" in text


def test_the_saved_model_plays_legal_actions(run: tuple[Path, dict[str, Any]]) -> None:
    out, _ = run
    model = TRAIN.MaskablePPO.load(out / "model.zip", device="cpu")
    bot = TRAIN.PolicyBot(model, Config(players=4))
    rng = random.Random(5)
    state = new_game(Config(players=4))
    for _ in range(200):
        if state.is_over:
            break
        if state.is_chance:
            state = apply(state, random_deal(state, rng))
            continue
        seat = state.current_player
        assert seat is not None
        action = bot.choose(player_view(state, seat), rng)
        assert action in legal_actions(state)
        state = apply(state, action)
    assert bot.decisions > 0
    assert bot.illegal == 0


def test_the_agent_sees_what_the_environment_shows() -> None:
    env = SingleAgentEnv(4, normalize_rewards=True)
    env.reset(seed=8)
    bot = TRAIN.PolicyBot(None, Config(players=4))
    rng = np.random.default_rng(0)
    for _ in range(60):
        expected = env.env.observe(env.agent)
        view = player_view(env.env.wizard_state, 0)
        got = bot.observation(view)
        assert np.array_equal(got["observation"], expected["observation"])
        assert np.array_equal(got["action_mask"], expected["action_mask"])
        assert np.array_equal(TRAIN.action_mask(env), expected["action_mask"])
        action = int(rng.choice(np.flatnonzero(expected["action_mask"])))
        _, _, done, _, _ = env.step(action)
        if done:
            env.reset()


def test_the_duplicate_games_are_the_arenas() -> None:
    """With the library's bots, the script's games give play_arena's figures."""
    bots = {"random": RandomBot(), "heuristic": HeuristicBot()}
    ours = TRAIN.duplicate_games(["random", "heuristic"] * 2, bots, deals=2, seed=11)
    arena = play_arena(["random", "heuristic"], games=2, seed=11, players=4)
    assert ours.games_played == arena.games_played == 8
    for mine, theirs in zip(ours.bots, arena.bots, strict=True):
        assert mine.name == theirs.name
        assert mine.seats == theirs.seats == 2
        assert mine.mean_score == pytest.approx(theirs.mean_score)
        assert mine.score_interval == pytest.approx(theirs.score_interval)
        assert mine.win_rate == pytest.approx(theirs.win_rate)
    (pair,) = arena.pairs
    assert ours.difference == pytest.approx(pair.mean_difference)
    assert ours.difference_interval == pytest.approx(pair.interval)


def test_the_same_seed_trains_the_same_agent() -> None:
    # one rollout and one update each: the weights after it depend on every
    # step's observation and on the seeded initial weights
    first, _, _ = TRAIN.train(steps=64, seed=4, n_steps=64)
    second, _, _ = TRAIN.train(steps=64, seed=4, n_steps=64)
    other, _, _ = TRAIN.train(steps=64, seed=5, n_steps=64)
    params = [p.detach().clone() for p in first.policy.parameters()]
    assert all(torch.equal(a, b) for a, b in zip(params, second.policy.parameters(), strict=True))
    assert not all(
        torch.equal(a, b) for a, b in zip(params, other.policy.parameters(), strict=True)
    )


@pytest.mark.parametrize("flag", ["--steps", "--eval-games", "--n-steps", "--window"])
def test_a_count_below_one_is_a_usage_error(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        TRAIN.parse_args([flag, "0"])
    assert exit_info.value.code == 2
    assert f"{flag} must be at least 1" in capsys.readouterr().err
