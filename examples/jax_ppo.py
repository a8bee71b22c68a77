"""Train PPO with action masking on the JAX engine, end to end in JAX, then play it in the arena.

The recipe of ``docs/howto/jax-training.rst``.  It needs the ``jax`` extra,
and matplotlib for the curve (the ``train`` extra); no optax, flax or torch:
the networks and Adam are a few lines of :mod:`jax.numpy`, cleanrl style.
It runs on CPU::

    python examples/jax_ppo.py --updates 150 --seed 1 --out runs/jax-ppo --eval-games 50

Seat 0 of a four-player game learns, on
:class:`~wizard_rules.sim.jax_engine.JaxWizard`: ``--num-envs`` games
played in lockstep (``jax.vmap`` of the engine's ``step``) for
``--num-steps`` of the learner's decisions an update, inside one
``jax.lax.scan`` that ``jax.jit`` compiles with the update itself.  The
three other seats play uniformly random legal actions, inside JAX: after
the learner's action the opponents act until it is the learner's turn
again or the game has ended, and a game that ended starts again from a
fresh key.  The reward of a decision is the learner's points in the rounds
that ended before its next decision (``State.rewards``, rules 9.1 and
9.2), divided by :data:`REWARD_SCALE`; returns and advantages are GAE's.
The policy's logits are masked with :attr:`State.legal_action_mask`
(``where(mask, logits, -1e9)``), so it never samples an illegal id; the
update is PPO's clipped objective, a value loss and an entropy bonus, over
minibatches, with Adam.  The run writes to ``--out``:

- ``params.npz``: the trained parameters (:func:`load_params`);
- ``curve.csv``: one row an update: the learner's decisions so far, the
  games finished in that update, their mean return and mean final score
  (points) of the learner, the losses, the policy's entropy and the wall
  seconds so far;
- ``curve.png`` and ``curve.svg``: the learner's mean final score over the
  last ``--num-envs`` games that ended, drawn with matplotlib;
- ``arena.json`` and ``arena.txt``: the trained agent at one seat against
  three :class:`~wizard_rules.agents.bots.HeuristicBot` and against three
  :class:`~wizard_rules.agents.bots.RandomBot`, and as the baseline a
  ``RandomBot`` against three ``HeuristicBot``, in duplicate games of the
  scalar engine, through the bots protocol (:class:`PolicyBot`).

The games of the evaluation are the arena's
(:mod:`wizard_rules.agents.arena`): deal ``i`` seeded with
``game_seed(seed, i)``, every round dealt with ``round_deal_rng``, each deal
played once per rotation, so the agent holds every seat's cards once, and
95% intervals Student's t over the deals
(:func:`~wizard_rules.agents.arena.interval`), as
``examples/train_maskable_ppo.py`` plays them.

Reproducibility: every random draw of the training (the deals, the
opponents' actions, the policy's samples, the minibatches, the initial
weights) comes from ``jax.random.key(--seed)``, so the same seed gives the
same run on the same machine and versions of JAX and XLA; another CPU or
XLA may round a sum differently and drift, over many updates, to another
agent.  The evaluation draws nothing from the agent (it plays the most
likely legal action).
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import random
import sys
import time
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any, Final, NamedTuple

import attrs
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from numpy.typing import NDArray

from wizard_rules import Action, Config, PlayerView, apply, new_game, player_view, random_deal
from wizard_rules.agents.arena import interval
from wizard_rules.agents.bots import Bot, HeuristicBot, RandomBot
from wizard_rules.formats.action_ids import NUM_ACTIONS, action_id, to_action
from wizard_rules.integrations.tensors import Layout, max_score
from wizard_rules.sim.jax_engine import JaxWizard, State
from wizard_rules.sim.random_play import round_deal_rng
from wizard_rules.sim.simulation import game_seed

PLAYERS: Final = 4
"""The seats at the table: the learner and three opponents."""

SEAT: Final = 0
"""The learner's seat."""

MAX_SCORE: Final = max_score(PLAYERS, range(1, 60 // PLAYERS + 1))
"""The most a player can score in a game (1,500 for four players)."""

REWARD_SCALE: Final = 100.0
"""Points per unit of reward: a round that scores 30 points is a reward of 0.3."""

MASKED: Final = -1e9
"""The logit of an illegal action: ``exp`` of it is 0 in float32."""

Params = dict[str, jax.Array]
"""The networks' weights by name: ``actor_*`` and ``critic_*`` layers ``w0, b0, ...``."""


@attrs.frozen
class Hyper:
    """The hyperparameters of a run.

    The clip, the loss weights, the gradient norm, gamma, lambda and the
    epochs are cleanrl's PPO defaults; the sizes are this script's, and 32
    minibatches (cleanrl: 4) because an update of 8,192 decisions learned
    clearly faster with 128 gradient steps than with 16.
    """

    num_envs: int = 256
    """Games played in lockstep."""
    num_steps: int = 32
    """The learner's decisions per game in one update's rollout."""
    hidden: int = 128
    """Units in each of the two hidden layers of the actor and of the critic."""
    lr: float = 3e-4
    """Adam's step size."""
    gamma: float = 0.99
    """The discount."""
    gae_lambda: float = 0.95
    """GAE's lambda."""
    epochs: int = 4
    """Passes over a rollout per update."""
    minibatches: int = 32
    """Minibatches per pass (256 decisions each, at the default sizes)."""
    clip: float = 0.2
    """PPO's clip of the probability ratio."""
    value_coef: float = 0.5
    """The value loss's weight."""
    entropy_coef: float = 0.01
    """The entropy bonus's weight."""
    max_grad_norm: float = 0.5
    """Gradients are scaled down to this global norm."""


# -- the networks --------------------------------------------------------------------


def init_params(key: jax.Array, obs_size: int, hidden: int) -> Params:
    """Initial weights of the actor and the critic MLPs, normal draws from ``key``, scaled.

    Each is ``obs_size -> hidden -> hidden -> out`` with tanh (out 86 for the
    actor, 1 for the critic); a layer's weights are normal over the square
    root of its inputs, times the square root of 2 in the hidden layers and
    small in the last (0.01 for the actor, so the policy starts near uniform
    over the legal actions).  One draw gives them all (each draw of
    :mod:`jax.random` costs seconds of compiling on a busy CPU).
    """
    shapes: list[tuple[str, int, int, float]] = []
    for net, out, last_scale in (("actor", NUM_ACTIONS, 0.01), ("critic", 1, 1.0)):
        sizes = [obs_size, hidden, hidden, out]
        for layer in range(3):
            gain = last_scale if layer == 2 else float(np.sqrt(2.0))
            shapes.append((f"{net}_{layer}", sizes[layer], sizes[layer + 1], gain))
    draws = jax.random.normal(key, (sum(rows * cols for _, rows, cols, _ in shapes),))
    params: Params = {}
    start = 0
    for name, rows, cols, gain in shapes:
        net, index = name.split("_")
        weights = draws[start : start + rows * cols].reshape(rows, cols)
        params[f"{net}_w{index}"] = (gain / np.sqrt(rows)) * weights
        params[f"{net}_b{index}"] = jnp.zeros(cols, dtype=jnp.float32)
        start += rows * cols
    return params


def _mlp(params: Params, net: str, x: jax.Array) -> jax.Array:
    for layer in range(2):
        x = jnp.tanh(x @ params[f"{net}_w{layer}"] + params[f"{net}_b{layer}"])
    return x @ params[f"{net}_w2"] + params[f"{net}_b2"]


def forward(params: Params, obs: jax.Array, mask: jax.Array) -> tuple[jax.Array, jax.Array]:
    """The masked logits ``(..., 86)`` and the values ``(...)`` of observations ``(..., D)``."""
    logits = jnp.where(mask, _mlp(params, "actor", obs), MASKED)
    return logits, _mlp(params, "critic", obs)[..., 0]


def numpy_forward(params: Mapping[str, NDArray[np.float32]], obs: NDArray[np.float32]) -> Any:
    """The actor's logits ``(86,)`` of one observation, in numpy (unmasked)."""
    x = obs
    for layer in range(2):
        x = np.tanh(x @ params[f"actor_w{layer}"] + params[f"actor_b{layer}"])
    return x @ params["actor_w2"] + params["actor_b2"]


# -- Adam ------------------------------------------------------------------------------


class Adam(NamedTuple):
    """Adam's moments and step count (a pytree)."""

    mu: Params
    """The first moments."""
    nu: Params
    """The second moments."""
    steps: jax.Array
    """Steps taken."""


def adam_init(params: Params) -> Adam:
    """Zero moments for ``params``."""
    zeros = jax.tree.map(jnp.zeros_like, params)
    return Adam(zeros, zeros, jnp.int32(0))


def adam_step(
    params: Params, grads: Params, opt: Adam, lr: float, max_norm: float
) -> tuple[Params, Adam]:
    """One Adam step (betas 0.9, 0.999, eps 1e-5) on gradients clipped to ``max_norm``."""
    norm = jnp.sqrt(sum(jnp.sum(g * g) for g in jax.tree.leaves(grads)))
    factor = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    grads = jax.tree.map(lambda g: g * factor, grads)
    count = opt.steps + 1
    mu = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, opt.mu, grads)
    nu = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, opt.nu, grads)
    mu_hat = 1 - 0.9 ** count.astype(jnp.float32)
    nu_hat = 1 - 0.999 ** count.astype(jnp.float32)
    params = jax.tree.map(
        lambda p, m, v: p - lr * (m / mu_hat) / (jnp.sqrt(v / nu_hat) + 1e-5), params, mu, nu
    )
    return params, Adam(mu, nu, count)


# -- the rollout -----------------------------------------------------------------------


class Transition(NamedTuple):
    """The learner's decisions of a rollout, ``(T, B, ...)`` arrays."""

    obs: jax.Array
    """The observations, float32."""
    mask: jax.Array
    """The legal-action masks, bool."""
    action: jax.Array
    """The ids chosen."""
    logp: jax.Array
    """Their log-probabilities under the policy that chose them."""
    value: jax.Array
    """The critic's values."""
    reward: jax.Array
    """The learner's points to its next decision, over :data:`REWARD_SCALE`."""
    done: jax.Array
    """The game ended before the learner's next decision."""
    illegal: jax.Array
    """The engine refused the learner's action (never, with the mask)."""


class Carry(NamedTuple):
    """What one update hands the next: the weights, Adam, the games and the key."""

    params: Params
    """The weights."""
    opt: Adam
    """Adam's state."""
    games: State
    """The ``B`` games, each at the learner's turn."""
    ret: jax.Array
    """``(B,)``: each game's return so far."""
    key: jax.Array
    """The run's key."""


class Stats(NamedTuple):
    """One update's figures (scalars)."""

    games: jax.Array
    """Games that ended in the rollout."""
    score_sum: jax.Array
    """The sum of the learner's final scores of those games (points)."""
    return_sum: jax.Array
    """The sum of their returns."""
    illegal: jax.Array
    """The learner's actions the engine refused."""
    opponent_illegal: jax.Array
    """The opponents' actions the engine refused."""
    policy_loss: jax.Array
    """The last minibatch's clipped policy loss."""
    value_loss: jax.Array
    """The last minibatch's value loss."""
    entropy: jax.Array
    """The last minibatch's mean policy entropy."""


def _select(keep: jax.Array, new: State, old: State) -> State:
    """Per game, ``new`` where ``keep`` else ``old``."""

    def pick(a: jax.Array, b: jax.Array) -> jax.Array:
        return jnp.where(keep.reshape(keep.shape + (1,) * (a.ndim - 1)), a, b)

    chosen: State = jax.tree.map(pick, new, old)
    return chosen


def new_games(env: JaxWizard, key: jax.Array, count: int) -> State:
    """``count`` new games (``vmap`` of :meth:`JaxWizard.init`), their deals drawn from ``key``."""
    games: State = jax.vmap(env.init)(jax.random.split(key, count))
    return games


class Advanced(NamedTuple):
    """What :func:`advance` gives back."""

    games: State
    """The games, each at the learner's turn."""
    points: jax.Array
    """``(B,)``: the learner's points scored on the way (its action's and the opponents')."""
    done: jax.Array
    """``(B,)``: the game ended on the way (and a new one started)."""
    final_score: jax.Array
    """``(B,)``: the learner's final score of the game that ended (0 where none did)."""
    illegal: jax.Array
    """``(B,)``: the learner's action was refused (never: it comes from the masked policy)."""
    refused: jax.Array
    """The opponents' actions refused (0: they are drawn from the legal ones)."""


def advance(
    env: JaxWizard, games: State, action: jax.Array, act: jax.Array, key: jax.Array
) -> Advanced:
    """Play the learner's ``action`` where ``act``, then the opponents until the learner's turn.

    One loop (``lax.while_loop``) of one ``vmap(env.step)``: in its first
    pass, a game where ``act`` holds takes the learner's ``action``; in every
    pass, a game where an opponent is to act takes a uniformly random legal
    action, and a game that has ended is recorded and replaced by a new one
    (:func:`new_games`, only in the passes where one has ended).  The loop
    stops when every game is at the learner's turn.
    """
    step = jax.vmap(env.step)
    batch = games.current_player.shape[0]

    def ready(games: State) -> jax.Array:
        return ~games.terminated & (games.current_player == SEAT)

    class Loop(NamedTuple):
        games: State
        act: jax.Array
        points: jax.Array
        done: jax.Array
        final_score: jax.Array
        illegal: jax.Array
        refused: jax.Array
        key: jax.Array

    def body(loop: Loop) -> Loop:
        key, reset_key, opponent_key = jax.random.split(loop.key, 3)
        ended = loop.games.terminated
        final_score = jnp.where(ended, loop.games.scores[:, SEAT], loop.final_score)
        games = lax.cond(
            ended.any(),
            lambda games: _select(ended, new_games(env, reset_key, batch), games),
            lambda games: games,
            loop.games,
        )
        random_action = jax.random.categorical(
            opponent_key, jnp.where(games.legal_action_mask, 0.0, MASKED)
        )
        chosen = jnp.where(loop.act, action, random_action)
        moving = loop.act | ((games.current_player != SEAT) & ~games.terminated)
        after = _select(moving, step(games, chosen), games)
        refused = moving & (after.error != 0)
        return Loop(
            games=after,
            act=jnp.zeros_like(loop.act),
            points=loop.points + jnp.where(moving, after.rewards[:, SEAT], 0.0),
            done=loop.done | ended,
            final_score=final_score,
            illegal=loop.illegal | (refused & loop.act),
            refused=loop.refused + jnp.sum(refused & ~loop.act),
            key=key,
        )

    zeros = jnp.zeros(batch, dtype=jnp.float32)
    start = Loop(
        games, act, zeros, jnp.zeros(batch, bool), zeros, jnp.zeros(batch, bool), jnp.int32(0), key
    )
    loop = lax.while_loop(lambda loop: (loop.act | ~ready(loop.games)).any(), body, start)
    return Advanced(
        loop.games, loop.points, loop.done, loop.final_score, loop.illegal, loop.refused
    )


def first_games(env: JaxWizard, key: jax.Array, count: int) -> State:
    """``count`` new games at the learner's first turn."""
    new_key, play_key = jax.random.split(key)
    games = new_games(env, new_key, count)
    no_action = jnp.zeros(count, dtype=jnp.int32)
    return advance(env, games, no_action, jnp.zeros(count, bool), play_key).games


def rollout(
    env: JaxWizard, params: Params, games: State, ret: jax.Array, key: jax.Array, steps: int
) -> tuple[State, jax.Array, Transition, jax.Array, jax.Array, jax.Array]:
    """``steps`` learner decisions in every game, with auto-reset.

    :returns: the games, their returns so far, the transitions, of the
        games that ended the learner's final scores and returns (``(T, B)``,
        0 where none ended), and the refused opponent actions.
    """
    observe = jax.vmap(env.observe, in_axes=(0, None))
    batch = games.current_player.shape[0]

    def one(carry: tuple[State, jax.Array, jax.Array], key: jax.Array) -> Any:
        games, ret, refused = carry
        act_key, play_key = jax.random.split(key)
        obs = observe(games, SEAT)
        mask = games.legal_action_mask
        logits, value = forward(params, obs, mask)
        action = jax.random.categorical(act_key, logits)
        logp = jax.nn.log_softmax(logits)[jnp.arange(batch), action]
        moved = advance(env, games, action, jnp.ones(batch, bool), play_key)
        reward = moved.points / REWARD_SCALE
        ret = ret + reward
        final_return = jnp.where(moved.done, ret, 0.0)
        ret = jnp.where(moved.done, 0.0, ret)
        transition = Transition(obs, mask, action, logp, value, reward, moved.done, moved.illegal)
        carry = (moved.games, ret, refused + moved.refused)
        return carry, (transition, moved.final_score, final_return)

    (games, ret, refused), (transitions, scores, returns) = lax.scan(
        one, (games, ret, jnp.int32(0)), jax.random.split(key, steps)
    )
    return games, ret, transitions, scores, returns, refused


def advantages(
    transitions: Transition, last_value: jax.Array, gamma: float, lam: float
) -> tuple[jax.Array, jax.Array]:
    """GAE's advantages and the value targets, ``(T, B)`` each."""

    def back(carry: tuple[jax.Array, jax.Array], t: Transition) -> Any:
        gae, next_value = carry
        live = 1.0 - t.done.astype(jnp.float32)
        delta = t.reward + gamma * next_value * live - t.value
        gae = delta + gamma * lam * live * gae
        return (gae, t.value), gae

    _, adv = lax.scan(back, (jnp.zeros_like(last_value), last_value), transitions, reverse=True)
    return adv, adv + transitions.value


def ppo_loss(
    params: Params, batch: tuple[jax.Array, ...], hyper: Hyper
) -> tuple[jax.Array, tuple[jax.Array, jax.Array, jax.Array]]:
    """PPO's loss of a minibatch, with its policy loss, value loss and entropy."""
    obs, mask, action, logp_old, adv, target = batch
    logits, value = forward(params, obs, mask)
    logps = jax.nn.log_softmax(logits)
    logp = jnp.take_along_axis(logps, action[:, None], axis=1)[:, 0]
    ratio = jnp.exp(logp - logp_old)
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    policy_loss = -jnp.minimum(
        ratio * adv, jnp.clip(ratio, 1 - hyper.clip, 1 + hyper.clip) * adv
    ).mean()
    value_loss = 0.5 * ((value - target) ** 2).mean()
    entropy = -(jnp.exp(logps) * logps).sum(axis=1).mean()
    loss = policy_loss + hyper.value_coef * value_loss - hyper.entropy_coef * entropy
    return loss, (policy_loss, value_loss, entropy)


@functools.cache
def compiled(players: int, hyper: Hyper) -> tuple[JaxWizard, Any, Any]:
    """The engine, and the jitted :func:`first_games` and update for ``hyper`` (made once).

    Cached, so that two runs with the same sizes in one process (the
    tests) compile once.
    """
    env = JaxWizard(Config(players=players))
    games = jax.jit(partial(first_games, env, count=hyper.num_envs))
    return env, games, make_update(env, hyper)


def make_update(env: JaxWizard, hyper: Hyper) -> Any:
    """The jitted function of one update: ``Carry -> (Carry, Stats)``."""
    observe = jax.vmap(env.observe, in_axes=(0, None))
    grad = jax.value_and_grad(ppo_loss, has_aux=True)

    def update(carry: Carry) -> tuple[Carry, Stats]:
        key, roll_key, shuffle_key = jax.random.split(carry.key, 3)
        games, ret, tr, scores, returns, refused = rollout(
            env, carry.params, carry.games, carry.ret, roll_key, hyper.num_steps
        )
        _, last_value = forward(carry.params, observe(games, SEAT), games.legal_action_mask)
        adv, target = advantages(tr, last_value, hyper.gamma, hyper.gae_lambda)
        size = hyper.num_steps * hyper.num_envs
        flat = tuple(
            x.reshape((size,) + x.shape[2:])
            for x in (tr.obs, tr.mask, tr.action, tr.logp, adv, target)
        )

        def epoch(state: tuple[Params, Adam], key: jax.Array) -> Any:
            order = jax.random.permutation(key, size).reshape(hyper.minibatches, -1)

            def minibatch(state: tuple[Params, Adam], rows: jax.Array) -> Any:
                params, opt = state
                (_, aux), grads = grad(params, tuple(x[rows] for x in flat), hyper)
                params, opt = adam_step(params, grads, opt, hyper.lr, hyper.max_grad_norm)
                return (params, opt), aux

            return lax.scan(minibatch, state, order)

        (params, opt), aux = lax.scan(
            epoch, (carry.params, carry.opt), jax.random.split(shuffle_key, hyper.epochs)
        )
        ended = tr.done
        stats = Stats(
            games=ended.sum(),
            score_sum=scores.sum(),
            return_sum=returns.sum(),
            illegal=tr.illegal.sum(),
            opponent_illegal=refused,
            policy_loss=aux[0][-1, -1],
            value_loss=aux[1][-1, -1],
            entropy=aux[2][-1, -1],
        )
        return Carry(params, opt, games, ret, key), stats

    return jax.jit(update)


def start(env: JaxWizard, first: Any, hyper: Hyper, seed: int) -> Carry:
    """The carry of a run's first update: fresh weights, Adam and games from ``seed``.

    ``first`` is :func:`first_games`, jitted (:func:`compiled`).
    """
    key = jax.random.key(seed)
    key, params_key, games_key = jax.random.split(key, 3)
    params = init_params(params_key, env.observation_size, hyper.hidden)
    games = first(games_key)
    return Carry(params, adam_init(params), games, jnp.zeros(hyper.num_envs), key)


@attrs.frozen
class Training:
    """The result of :func:`train`."""

    params: dict[str, NDArray[np.float32]]
    """The trained weights, as numpy arrays."""
    rows: list[dict[str, Any]]
    """The curve: a row an update (the columns of ``curve.csv``)."""
    compile_seconds: float
    """Seconds to compile the update (the first call, measured apart)."""
    train_seconds: float
    """Seconds of the updates after the first."""
    illegal: int
    """The learner's actions the engine refused (0: the mask leaves only legal ids)."""
    opponent_illegal: int
    """The opponents' refused actions (0)."""


def train(
    updates: int, seed: int, hyper: Hyper, minutes: float | None = None, report: int = 10
) -> Training:
    """Run ``updates`` updates (fewer if ``minutes`` of wall time run out first).

    The first update is compiled and run once apart, its seconds reported as
    ``compile_seconds`` (its figures are the curve's first row); a progress
    line is printed every ``report`` updates.
    """
    env, first, update = compiled(PLAYERS, hyper)
    carry = start(env, first, hyper, seed)
    rows: list[dict[str, Any]] = []
    illegal = opponent_illegal = 0
    started = time.perf_counter()
    compile_seconds = 0.0
    for number in range(1, updates + 1):
        carry, stats = update(carry)
        figures = jax.device_get(stats)
        now = time.perf_counter() - started
        if number == 1:
            compile_seconds = now
        games = int(figures.games)
        illegal += int(figures.illegal)
        opponent_illegal += int(figures.opponent_illegal)
        rows.append(
            {
                "update": number,
                "decisions": number * hyper.num_steps * hyper.num_envs,
                "games": games,
                "mean_return": round(float(figures.return_sum) / games, 4) if games else None,
                "mean_score": round(float(figures.score_sum) / games, 2) if games else None,
                "policy_loss": round(float(figures.policy_loss), 5),
                "value_loss": round(float(figures.value_loss), 5),
                "entropy": round(float(figures.entropy), 4),
                "seconds": round(now, 2),
            }
        )
        if number % report == 0:
            print(
                f"update {number}: {rows[-1]['decisions']} decisions, {games} games, mean "
                f"score {'-' if games == 0 else rows[-1]['mean_score']}, entropy "
                f"{rows[-1]['entropy']}, {now:.0f} s",
                flush=True,
            )
        if minutes is not None and now > 60 * minutes:
            break
    trained = time.perf_counter() - started - compile_seconds
    params = {name: np.asarray(value) for name, value in carry.params.items()}
    return Training(params, rows, compile_seconds, trained, illegal, opponent_illegal)


def save_params(params: Mapping[str, NDArray[np.float32]], path: Path) -> None:
    """Write the weights to ``path`` (an ``.npz`` file)."""
    arrays: dict[str, Any] = dict(params)
    np.savez(path, **arrays)


def load_params(path: Path) -> dict[str, NDArray[np.float32]]:
    """The weights :func:`save_params` wrote."""
    with np.load(path) as data:
        return {name: data[name] for name in data.files}


# -- the curve ---------------------------------------------------------------------------

COLUMNS: Final = (
    "update",
    "decisions",
    "games",
    "mean_return",
    "mean_score",
    "policy_loss",
    "value_loss",
    "entropy",
    "seconds",
)
"""The columns of ``curve.csv``."""


def window_means(rows: Sequence[Mapping[str, Any]], window: int) -> list[tuple[int, float]]:
    """The curve drawn: at each update where games ended, the mean score of the last games.

    The mean, weighted by games, over the updates back to the one that
    brings at least ``window`` games (all of them, early on), so that an
    update where only a few games ended does not make a spike.
    """
    points: list[tuple[int, float]] = []
    scored = [row for row in rows if row["games"]]
    for end, row in enumerate(scored):
        games = total = 0.0
        for back in reversed(scored[: end + 1]):
            games += back["games"]
            total += back["games"] * back["mean_score"]
            if games >= window:
                break
        points.append((int(row["decisions"]), total / games))
    return points


def write_curve(rows: Sequence[Mapping[str, Any]], out: Path, window: int = 256) -> None:
    """Write ``curve.csv``, and draw :func:`window_means` to ``curve.png`` and ``curve.svg``."""
    with (out / "curve.csv").open("w", newline="") as file:
        writer = csv.DictWriter(file, COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "wizard-rules"  # the same SVG from the same curve
    figure, axes = plt.subplots(figsize=(7, 3.6), layout="constrained")
    points = window_means(rows, window)
    axes.plot([x for x, _ in points], [y for _, y in points], color="#1f77b4", linewidth=1.5)
    axes.axhline(0, color="#888888", linewidth=0.8)
    axes.set_xlabel("training decisions of the learner")
    axes.set_ylabel(f"mean final score\n(last {window} games)")
    axes.set_title("PPO on the JAX engine, one seat of four, against three random players")
    axes.grid(True, alpha=0.3)
    figure.savefig(out / "curve.png", dpi=120)
    figure.savefig(out / "curve.svg", metadata={"Date": None})
    plt.close(figure)


# -- the agent as a bot, in the arena --------------------------------------------------------


class PolicyBot:
    """A :class:`~wizard_rules.agents.bots.Bot` that plays the trained actor, in numpy.

    It encodes its view with :class:`~wizard_rules.integrations.tensors.Layout`
    (the layout of :meth:`JaxWizard.observe`), runs the actor and plays the
    legal id of the highest logit; it draws nothing from ``rng``.
    ``decisions`` counts its choices, ``illegal`` those that were not legal
    (none: only legal ids are considered).
    """

    def __init__(self, params: Mapping[str, NDArray[np.float32]], config: Config) -> None:
        self.params = dict(params)
        """The weights."""
        self.layout = Layout(config.players, rules=config.rules)
        """The observations' layout."""
        self.decisions = 0
        """How many actions it chose."""
        self.illegal = 0
        """How many of them were not legal."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The legal action of the highest logit."""
        legal = view.legal_actions()
        ids = np.array([action_id(a) for a in legal])
        logits = numpy_forward(self.params, self.layout.encode(view))
        action = to_action(int(ids[np.argmax(logits[ids])]), view.seat)
        self.decisions += 1
        self.illegal += action not in legal
        return action


@attrs.frozen
class SeatFigures:
    """A bot's figures over duplicate games, per seat it held, as the arena reports them."""

    name: str
    """The bot's name."""
    seats: int
    """How many seats it held at the table."""
    mean_score: float
    """Its mean final score per game and seat."""
    score_interval: float | None
    """The half-width of the 95% interval of ``mean_score`` (``None`` for one deal)."""
    win_rate: float
    """The share of its seat-games it won (a shared win split)."""


@attrs.frozen
class DuplicateResult:
    """The figures of :func:`duplicate_games`."""

    deals: int
    """How many deals (duplicate sets) were played."""
    games_played: int
    """How many games: a deal once per rotation."""
    seed: int
    """The seed of the deals."""
    bots: tuple[SeatFigures, ...]
    """Each bot's figures, in the order first seated."""
    difference: float
    """The first bot's mean score less the second's."""
    difference_interval: float | None
    """The half-width of its 95% interval, paired by deal."""

    def to_json(self) -> dict[str, object]:
        """The figures as a JSON-ready dict."""
        return attrs.asdict(self)


def duplicate_games(
    table: Sequence[str], bots: Mapping[str, Bot], deals: int, seed: int
) -> DuplicateResult:
    """Play ``deals`` deals once per rotation of ``table`` over the seats, as the arena does.

    ``table`` names the bot at each seat in the first rotation (a name may
    repeat); rotation ``r`` moves every bot ``r`` seats on.  Deals, bots'
    generators, rotations and intervals are
    :func:`~wizard_rules.agents.arena.play_arena`'s.
    """
    players = len(table)
    config = Config(players=players)
    names = list(dict.fromkeys(table))
    per_deal: dict[str, list[float]] = {name: [] for name in names}
    wins = dict.fromkeys(names, 0.0)
    for deal in range(deals):
        key = game_seed(seed, deal)
        totals = dict.fromkeys(names, 0)
        for rotation in range(players):
            lineup = [table[(seat - rotation) % players] for seat in range(players)]
            rngs = [random.Random(f"{key}:bot:{rotation}:{seat}") for seat in range(players)]
            state = new_game(config)
            while not state.is_over:
                if state.is_chance:
                    state = apply(state, random_deal(state, round_deal_rng(key, state.round)))
                    continue
                seat = state.current_player
                assert seat is not None
                bot = bots[lineup[seat]]
                state = apply(state, bot.choose(player_view(state, seat), rngs[seat]))
            for seat, name in enumerate(lineup):
                totals[name] += state.scores[seat]
                if seat in state.winners:
                    wins[name] += 1 / len(state.winners)
        for name in names:
            per_deal[name].append(totals[name] / (players * table.count(name)))
    figures = []
    for name in names:
        mean, half = interval(per_deal[name])
        seat_games = deals * players * table.count(name)
        figures.append(SeatFigures(name, table.count(name), mean, half, wins[name] / seat_games))
    first, second = names[0], names[1]
    mean, half = interval([a - b for a, b in zip(per_deal[first], per_deal[second], strict=True)])
    return DuplicateResult(deals, deals * players, seed, tuple(figures), mean, half)


def result_table(title: str, result: DuplicateResult) -> str:
    """``result`` as lines of plain text, under ``title``."""
    lines = [
        f"{title}: {result.deals} deals x {PLAYERS} rotations = {result.games_played} games"
        f" (seed {result.seed})"
    ]
    for bot in result.bots:
        half = "n/a" if bot.score_interval is None else f"+-{bot.score_interval:.1f}"
        lines.append(
            f"  {bot.name:<10} seats {bot.seats}  mean score {bot.mean_score:7.1f} {half:>8}"
            f"  wins {100 * bot.win_rate:5.1f}%"
        )
    half = "n/a" if result.difference_interval is None else f"+-{result.difference_interval:.1f}"
    names = [bot.name for bot in result.bots]
    lines.append(f"  {names[0]} - {names[1]}: {result.difference:.1f} {half}")
    return "\n".join(lines)


TABLES: Final = (
    ("agent against three heuristic bots", ("agent", "heuristic")),
    ("random against three heuristic bots", ("random", "heuristic")),
    ("agent against three random bots", ("agent", "random")),
)
"""The evaluation's tables: a title, and the bot at one seat and at the three others."""


# -- the command line ------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    defaults = Hyper()
    parser.add_argument("--updates", type=int, default=150, help="PPO updates")
    parser.add_argument(
        "--minutes", type=float, default=None, help="stop after this many minutes of training"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the run")
    parser.add_argument("--out", type=Path, default=Path("runs/jax-ppo"), help="output folder")
    parser.add_argument(
        "--eval-games",
        type=int,
        default=50,
        help="deals per table in the evaluation (each played once per rotation: 4 games)",
    )
    parser.add_argument(
        "--eval-seed", type=int, default=2026, help="seed of the evaluation's deals"
    )
    parser.add_argument(
        "--num-envs", type=int, default=defaults.num_envs, help="games in lockstep"
    )
    parser.add_argument(
        "--num-steps", type=int, default=defaults.num_steps, help="learner decisions per rollout"
    )
    parser.add_argument("--hidden", type=int, default=defaults.hidden, help="hidden units")
    parser.add_argument("--lr", type=float, default=defaults.lr, help="Adam's step size")
    parser.add_argument(
        "--minibatches", type=int, default=defaults.minibatches, help="minibatches per epoch"
    )
    parser.add_argument("--epochs", type=int, default=defaults.epochs, help="epochs per update")
    parser.add_argument("--report", type=int, default=10, help="updates between progress lines")
    args = parser.parse_args(argv)
    for name in ("updates", "eval_games", "num_envs", "num_steps", "hidden", "minibatches"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.epochs < 1 or args.report < 1:
        parser.error("--epochs and --report must be at least 1")
    if (args.num_envs * args.num_steps) % args.minibatches:
        parser.error("--minibatches must divide --num-envs times --num-steps")
    if args.minutes is not None and args.minutes <= 0:
        parser.error("--minutes must be positive")
    return args


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Train, write the weights and the curve, evaluate; return the summary also written."""
    args = parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    hyper = Hyper(
        num_envs=args.num_envs,
        num_steps=args.num_steps,
        hidden=args.hidden,
        lr=args.lr,
        epochs=args.epochs,
        minibatches=args.minibatches,
    )
    cpu = time.process_time()
    training = train(args.updates, args.seed, hyper, args.minutes, args.report)
    train_cpu = time.process_time() - cpu
    save_params(training.params, out / "params.npz")
    write_curve(training.rows, out, hyper.num_envs)

    agent = PolicyBot(training.params, Config(players=PLAYERS))
    bots: dict[str, Bot] = {"agent": agent, "random": RandomBot(), "heuristic": HeuristicBot()}
    started = time.perf_counter()
    results = {
        title: duplicate_games([first] + [other] * 3, bots, args.eval_games, args.eval_seed)
        for title, (first, other) in TABLES
    }
    evaluated = time.perf_counter() - started
    text = "\n".join(result_table(title, result) for title, result in results.items())
    (out / "arena.txt").write_text(text + "\n")
    scored = [row for row in training.rows if row["mean_score"] is not None]
    summary: dict[str, Any] = {
        "updates": len(training.rows),
        "decisions": training.rows[-1]["decisions"],
        "games": sum(int(row["games"]) for row in training.rows),
        "seed": args.seed,
        "eval_seed": args.eval_seed,
        "hyper": attrs.asdict(hyper),
        "illegal_training_actions": training.illegal,
        "illegal_opponent_actions": training.opponent_illegal,
        "curve_first": scored[0]["mean_score"] if scored else None,
        "curve_last": scored[-1]["mean_score"] if scored else None,
        "compile_seconds": round(training.compile_seconds, 1),
        "train_seconds": round(training.train_seconds, 1),
        "train_cpu_seconds": round(train_cpu, 1),
        "eval_seconds": round(evaluated, 1),
        "agent_decisions": agent.decisions,
        "agent_illegal": agent.illegal,
        "jax": jax.__version__,
        "devices": [str(device) for device in jax.devices()],
        "arena": {title: result.to_json() for title, result in results.items()},
    }
    (out / "arena.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(text)
    print(
        f"{summary['updates']} updates, {summary['decisions']} decisions, {summary['games']} "
        f"games, curve {summary['curve_first']} -> {summary['curve_last']} points per game; "
        f"compiled in {training.compile_seconds:.0f} s, trained in "
        f"{training.train_seconds:.0f} s, evaluated in {evaluated:.0f} s; written to {out}"
    )
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
