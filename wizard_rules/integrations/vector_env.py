"""Many games as one Gymnasium vector environment, stepped by the batch engine.

It needs numpy and Gymnasium (the ``pettingzoo`` extra brings both:
``pip install '.[pettingzoo]'`` from a clone); without them, importing this
module raises :class:`ImportError` naming the extra.  The games are a
:class:`~wizard_rules.sim.batch.BatchState` moved by
:mod:`wizard_rules.sim.batch` (:func:`~wizard_rules.sim.batch.deal`,
:func:`~wizard_rules.sim.batch.step`, :func:`~wizard_rules.sim.batch.legal_mask`,
:func:`~wizard_rules.sim.batch.random_actions`) and observed by
:mod:`wizard_rules.integrations.batch_tensors`, every game at once: there is
no Python loop over games, and no scalar game behind it.  It plays what the
batch engine plays: 3 to 6 players, the standard game, plus/minus one,
hardcore, hidden bids, delayed reveal and clairvoyance (rules 20 and 23 to
26); another :class:`~wizard_rules.Config` is refused with ``invalid_config``.

Two environments, both :class:`gymnasium.vector.VectorEnv`:

- :class:`WizardVectorEnv`, one learning seat in each of ``num_envs``
  games, the other seats played by an opponent (uniformly random legal
  actions, or a batched policy such as a frozen copy of the learner).  This
  is the single-agent form that cleanrl, Stable-Baselines3 and RLlib loops
  expect;
- :class:`SelfPlayVectorEnv`, every game's player to act, whoever it is:
  the batched multi-agent form, for self-play.

What both share:

- **observations**: ``(num_envs, D)`` ``float32``, each row one seat's
  tensor of :func:`~wizard_rules.integrations.batch_tensors.layout`
  (:class:`~wizard_rules.integrations.tensors.Layout` with the private and
  public pieces, without perfect recall: element for element what
  :meth:`Layout.encode <wizard_rules.integrations.tensors.Layout.encode>` writes
  for that seat's :func:`~wizard_rules.player_view`, so a seat sees only
  what the rules let it see, rules 23, 24 and 26 included).  The spaces are
  ``single_observation_space = Box(-1, 1, (D,), float32)`` and
  ``single_action_space = Discrete(86)``; ``observation_space`` and
  ``action_space`` are their batches (:func:`gymnasium.vector.utils.batch_space`:
  ``Box`` of shape ``(num_envs, D)``, ``MultiDiscrete`` of ``num_envs`` 86s);
- **actions**: ``(num_envs,)`` integers, the ids of
  :mod:`wizard_rules.formats.action_ids` (0 to 59 play that card, ``60 +
  b`` bids ``b``, 81 to 84 name Clubs, Diamonds, Hearts or Spades trump; 85
  is never legal): a NumPy integer array, a list of ints, anything
  :func:`numpy.asarray` makes an integer array of that shape;
- **action masks**: ``info["action_mask"]``, ``(num_envs, 86)`` ``bool``,
  the legal ids of each row's seat (:func:`~wizard_rules.sim.batch.legal_mask`);
  mask the policy's logits with it;
- **an illegal id** (0 to 85, but not legal now) ends that game's episode,
  as :class:`~wizard_rules.integrations.pettingzoo.SingleAgentEnv` does:
  reward ``illegal_reward`` (default: minus the most a player can score,
  ``-1`` with ``normalize_rewards``), ``terminated`` ``True`` and
  ``info["illegal_action"]`` ``True`` for that row; the game is not moved.
  Anything that is not an id of the action space (a float or bool array,
  a value outside 0 to 85, another shape) raises
  :class:`~wizard_rules.InvalidArgumentError` (``invalid_argument``) and
  changes nothing; so does a :meth:`~WizardVectorEnv.reset` seed that is not
  ``None`` or a whole number from 0 up;
- **rewards**: points as the rules score them (rules 9.1, 9.2), which come
  when a round ends; with ``normalize_rewards=True`` divided by
  :func:`~wizard_rules.integrations.tensors.max_score` of the whole game;
- **episodes**: one whole game; ``terminated`` at its end (or at an
  illegal id), ``truncated`` never (an episode ends by itself);
- **auto-reset** (``autoreset_mode``, in ``metadata["autoreset_mode"]``):
  :attr:`~gymnasium.vector.AutoresetMode.SAME_STEP` by default, the
  convention of cleanrl's and Stable-Baselines3's loops: the step that ends
  a game starts the next one in that row, returns the new game's first
  observation, and puts the ended game's last one in ``info["final_obs"]``
  (``(num_envs, D)``, zeros in the other rows; ``info["_final_obs"]`` says
  which rows ended, and ``info["final_info"]`` holds the ended games'
  ``"scores"``).  :attr:`~gymnasium.vector.AutoresetMode.NEXT_STEP`,
  Gymnasium's default: the ending step returns the last observation (its
  mask all ``False`` at a game's end; after an illegal id, the mask of the
  position the id was refused in), and the next step ignores that row's
  action, starts a new game there and returns its first observation with
  reward 0 and ``terminated`` ``False``.  ``DISABLED`` is refused;
- **chance**: every deal, and the random opponent's choices, are drawn from
  the environment's :class:`numpy.random.Generator`, ``np_random``, which
  ``reset(seed=...)`` seeds: the same seed gives the same games for the same
  actions.  ``reset()`` without a seed goes on with the same generator;
- **scores**: ``info["scores"]``, ``(num_envs, P)`` ``int32``, the totals
  of the game each row of the observation shows (rule 9.3).

``reset(options={"reset_mask": mask})`` (a ``(num_envs,)`` bool array)
starts new games in the masked rows only, as Gymnasium's vector
environments do; any other option is refused with ``invalid_argument``.
A :meth:`~WizardVectorEnv.step` before the first reset raises
:class:`~wizard_rules.IllegalActionError` (``game_over``).

**Gymnasium's registry.**  Importing this module registers both as vector
entry points: ``gymnasium.make_vec(VECTOR_ENV_ID, num_envs=1024,
config=Config(players=3))`` makes a :class:`WizardVectorEnv` (the keyword
arguments go to it), and :data:`SELF_PLAY_ENV_ID` a
:class:`SelfPlayVectorEnv`.  They have no single-game entry point (for one
game, use :class:`~wizard_rules.integrations.pettingzoo.SingleAgentEnv`), so
``make_vec``'s ``"sync"`` and ``"async"`` modes are refused, by Gymnasium.

>>> import numpy as np
>>> from wizard_rules import Config
>>> from wizard_rules.integrations.vector_env import WizardVectorEnv
>>> envs = WizardVectorEnv(8, Config(players=4))
>>> observations, info = envs.reset(seed=3)
>>> observations.shape, observations.dtype, info["action_mask"].shape
((8, 592), dtype('float32'), (8, 86))
>>> rng = np.random.default_rng(3)
>>> def pick(mask):   # a uniformly random legal id in each row
...     return (rng.random(mask.shape) * mask).argmax(axis=1)
>>> observations, rewards, terminated, truncated, info = envs.step(pick(info["action_mask"]))
>>> rewards.shape, rewards.dtype, bool(terminated.any()), bool(truncated.any())
((8,), dtype('float32'), False, False)

**The throughput.**  A step costs a few calls of the batch engine and one
of :func:`~wizard_rules.integrations.batch_tensors.observe` for the whole
batch, whatever ``num_envs`` is; its steps per second, observations
included, are measured in ``bench/batch.py``, not in the tests.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space
    from numpy.typing import NDArray
except ImportError:
    raise ImportError(
        "wizard_rules.integrations.vector_env needs numpy and Gymnasium: install the "
        "'pettingzoo' extra: pip install '.[pettingzoo]' from a clone (see Installing in the docs)"
    ) from None

from wizard_rules.core.config import Config
from wizard_rules.errors import (
    ConfigError,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    show_value,
)
from wizard_rules.formats.action_ids import NUM_ACTIONS
from wizard_rules.integrations.batch_tensors import layout, observe
from wizard_rules.integrations.tensors import max_score
from wizard_rules.sim.batch import (
    PHASE_DEAL,
    BatchState,
    deal,
    legal_mask,
    new_batch,
    random_actions,
    step,
)

__all__ = [
    "AUTORESET_MODES",
    "SELF_PLAY_ENV_ID",
    "VECTOR_ENV_ID",
    "BatchPolicy",
    "SelfPlayVectorEnv",
    "WizardVectorEnv",
]

VECTOR_ENV_ID: Final = "wizard_rules/WizardVector-v0"
"""The Gymnasium id of :class:`WizardVectorEnv`, registered when this module is imported."""

SELF_PLAY_ENV_ID: Final = "wizard_rules/WizardSelfPlay-v0"
"""The Gymnasium id of :class:`SelfPlayVectorEnv`, registered when this module is imported."""

BatchPolicy = Callable[[NDArray[np.float32], NDArray[np.bool_]], Any]
"""A batched policy for :class:`WizardVectorEnv`'s other seats.

It is called with ``(observations, masks)``: ``(K, D) float32`` tensors and
``(K, 86) bool`` legal-action masks of the ``K`` games (``K`` from 1 to
``num_envs``, in the order of the games) whose player to act is not the
learner, each row that player's own view (its ``seat`` piece says which).
It returns ``K`` legal action ids (anything :func:`numpy.asarray` makes an
integer array of shape ``(K,)``).  A frozen copy of the learner's network
fits here; every row's mask has a legal id."""

AUTORESET_MODES: Final = (AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP)
"""The auto-reset modes the environments take (the first is the default)."""

Observations = NDArray[np.float32]
Actions = NDArray[np.int64]
StepResult = tuple[
    Observations, NDArray[np.float32], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]
]


# -- checks (internal) ------------------------------------------------------------------


def _check_num_envs(num_envs: object) -> int:
    if type(num_envs) is not int or num_envs < 1:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"num_envs must be a whole number from 1 up, not {show_value(num_envs)}",
        )
    return num_envs


def _check_mode(mode: object) -> AutoresetMode:
    if not isinstance(mode, AutoresetMode) or mode not in AUTORESET_MODES:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            "autoreset_mode must be AutoresetMode.SAME_STEP or AutoresetMode.NEXT_STEP, "
            f"not {show_value(mode)}",
        )
    return mode


def _check_seed(seed: object) -> int | None:
    if seed is not None and (type(seed) is not int or seed < 0):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"a seed is None or a whole number from 0 up, not {show_value(seed)}",
        )
    return seed


def _reset_rows(options: object, size: int) -> NDArray[np.bool_] | None:
    """The rows ``reset``'s ``options`` ask for (``None``: every row)."""
    if options is None:
        return None
    if type(options) is not dict or not set(options) <= {"reset_mask"}:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            'the only option of reset is "reset_mask", a bool array of shape '
            f"({size},), not {show_value(options)}",
        )
    if "reset_mask" not in options:
        return None
    mask = options["reset_mask"]
    if type(mask) is not np.ndarray or mask.dtype != np.bool_ or mask.shape != (size,):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f'options["reset_mask"] must be a bool array of shape ({size},), '
            f"not {show_value(mask)}",
        )
    return mask.copy()


def _action_ids(actions: object, size: int, what: str = "actions") -> Actions:
    """``actions`` as ``(size,) int64`` action ids, or :class:`InvalidArgumentError`."""
    try:
        array = np.asarray(actions)
    except (TypeError, ValueError):  # (a ragged list, for one)
        array = np.asarray(None)
    if array.dtype.kind not in "iu" or array.shape != (size,):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"{what} must be an integer array of shape ({size},), "
            f"not {array.dtype} of shape {array.shape}",
        )
    if np.any(array >= NUM_ACTIONS) or (array.dtype.kind == "i" and np.any(array < 0)):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"{what} must be action ids from 0 to {NUM_ACTIONS - 1}, "
            f"not {show_value(array.tolist())}",
        )
    return array.astype(np.int64)


# -- rows of a batch (internal) ----------------------------------------------------------


def _merge(state: BatchState, fresh: BatchState, rows: NDArray[np.bool_]) -> BatchState:
    """``state`` with the ``rows`` games replaced by ``fresh``'s (every field, row by row)."""
    arrays: dict[str, Any] = {}
    for name in BatchState._fields[1:]:
        old: NDArray[Any] = getattr(state, name)
        arrays[name] = np.where(
            rows.reshape((-1,) + (1,) * (old.ndim - 1)), getattr(fresh, name), old
        )
    return state._replace(**arrays)


def _take(state: BatchState, rows: NDArray[np.intp]) -> BatchState:
    """The games ``rows`` of ``state``, as a batch of their own."""
    return state._replace(**{name: getattr(state, name)[rows] for name in BatchState._fields[1:]})


def _choose(state: BatchState, mask: NDArray[np.bool_], actions: Actions) -> NDArray[np.bool_]:
    """Whether each game's action is legal (``mask`` is the batch's legal mask)."""
    legal: NDArray[np.bool_] = np.take_along_axis(mask, actions[:, None], axis=1)[:, 0]
    return legal


class _Batch:
    """What both environments share: the games' configuration, spaces' size and reward scale."""

    def __init__(
        self,
        num_envs: object,
        config: object,
        *,
        normalize_rewards: object,
        illegal_reward: object,
        autoreset_mode: object,
    ) -> None:
        size = _check_num_envs(num_envs)
        if config is None:
            config = Config(players=4)
        if type(config) is not Config:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"config must be a Config (or None for 4 players), not {show_value(config)}",
            )
        self.fresh: Final = new_batch(config, size)
        """``num_envs`` games before their first deal (a new episode's rows come from it)."""
        self.config: Final[Config] = self.fresh.config
        if type(normalize_rewards) is not bool:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"normalize_rewards must be a bool, not {show_value(normalize_rewards)}",
            )
        players = self.config.players
        self.max_score: Final = max_score(players, rules=self.config.rules)
        self.scale: Final = float(self.max_score) if normalize_rewards else 1.0
        if illegal_reward is None:
            illegal_reward = -self.max_score / self.scale
        if (
            isinstance(illegal_reward, bool)
            or not isinstance(illegal_reward, (int, float))
            or not math.isfinite(illegal_reward)
        ):
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"illegal_reward must be a finite number, not {show_value(illegal_reward)}",
            )
        self.illegal_reward: Final = float(illegal_reward)
        self.mode: Final = _check_mode(autoreset_mode)
        self.layout: Final = layout(self.config)
        self.size: Final = size


def _spaces(env: gymnasium.vector.VectorEnv[Any, Any, Any], games: _Batch) -> None:
    """Set ``env``'s spaces from ``games``."""
    env.num_envs = games.size
    env.single_observation_space = spaces.Box(-1.0, 1.0, (games.layout.size,), np.float32)
    env.single_action_space = spaces.Discrete(NUM_ACTIONS)
    env.observation_space = batch_space(env.single_observation_space, games.size)
    env.action_space = batch_space(env.single_action_space, games.size)


# -- one learning seat ------------------------------------------------------------------------


class WizardVectorEnv(gymnasium.vector.VectorEnv[Observations, Actions, NDArray[Any]]):
    """``num_envs`` games in which one seat learns; an opponent plays the others.

    Every step applies the learner's action in every game and plays the
    other seats until it is the learner's turn again (or the game is over),
    dealing each new round on the way (see the module's documentation for
    what the two environments share).  The reward of a step is what the
    learner scored from its action up to its next turn, so an episode's
    rewards add up to the learner's final total (divided by the most a
    player can score with ``normalize_rewards``).

    :param num_envs: the number of games, 1 to
        :data:`~wizard_rules.sim.batch.MAX_BATCH_SIZE`.
    :param config: the :class:`~wizard_rules.Config` of every game (default
        4 players, the standard game); its ``first_dealer`` deals each game's
        first round.
    :param seat: the learner's seat, 0 to ``players - 1``.
    :param opponent: ``"random"`` (uniformly random legal actions, drawn
        from ``np_random``) or a :data:`BatchPolicy`.
    :param normalize_rewards: divide the rewards by the most a player can score.
    :param illegal_reward: the reward of an illegal id (default: minus the
        most a player can score, ``-1`` with ``normalize_rewards``).
    :param autoreset_mode: :data:`AUTORESET_MODES`: ``AutoresetMode.SAME_STEP``
        (the default) or ``AutoresetMode.NEXT_STEP``.
    :raises InvalidArgumentError: ``num_envs`` is not a whole number from 1
        up (or more than the batch engine's limit), or ``config`` is not a Config.
    :raises ConfigError: ``invalid_config``: rules the batch engine does not
        play, a seat that is not a seat, an opponent that is neither
        ``"random"`` nor callable, a bad ``normalize_rewards``,
        ``illegal_reward`` or ``autoreset_mode``.
    """

    def __init__(
        self,
        num_envs: int,
        config: Config | None = None,
        *,
        seat: int = 0,
        opponent: str | BatchPolicy = "random",
        normalize_rewards: bool = False,
        illegal_reward: float | None = None,
        autoreset_mode: gymnasium.vector.AutoresetMode = AutoresetMode.SAME_STEP,
    ) -> None:
        games = _Batch(
            num_envs,
            config,
            normalize_rewards=normalize_rewards,
            illegal_reward=illegal_reward,
            autoreset_mode=autoreset_mode,
        )
        self._games = games
        players = games.config.players
        if type(seat) is not int or not 0 <= seat < players:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"seat must be 0 to {players - 1}, not {show_value(seat)}",
            )
        wanted = opponent == "random" if type(opponent) is str else callable(opponent)
        if not wanted:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f'opponent must be "random" or a batched policy, not {show_value(opponent)}',
            )
        self.config: Final = games.config
        """The :class:`~wizard_rules.Config` of every game."""
        self.seat: Final = seat
        """The learner's seat."""
        self.opponent: Final = opponent
        """The other seats' player: ``"random"`` or a :data:`BatchPolicy`."""
        self.illegal_reward: Final = games.illegal_reward
        """The reward of an illegal id."""
        self.layout: Final = games.layout
        """The :class:`~wizard_rules.integrations.tensors.Layout` of the observations."""
        _spaces(self, games)
        self.metadata = {"autoreset_mode": games.mode}
        """Gymnasium's metadata: its ``"autoreset_mode"`` (one of :data:`AUTORESET_MODES`)."""
        self._state: BatchState | None = None
        self._mask = np.zeros((games.size, NUM_ACTIONS), dtype=np.bool_)
        self._ended = np.zeros(games.size, dtype=np.bool_)  # NEXT_STEP: rows to start again

    @property
    def state(self) -> BatchState | None:
        """The games, as the batch engine holds them (``None`` before the first reset).

        Read it, never change it: its arrays are the environment's own.
        """
        return self._state

    def action_masks(self) -> NDArray[np.bool_]:
        """``(num_envs, 86) bool``: the legal ids of the last observation.

        All ``False`` before the first reset.  The name sb3-contrib's
        ``MaskablePPO`` looks for; the same as ``info["action_mask"]``.
        """
        return self._mask.copy()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Start new games (every row, or ``options["reset_mask"]``'s) up to the learner's turn.

        :returns: the observations and ``info`` (``"action_mask"``, ``"scores"``).
        :raises InvalidArgumentError: a bad seed or option (nothing changes).
        """
        rows = _reset_rows(options, self._games.size)
        super().reset(seed=_check_seed(seed))
        fresh = self._games.fresh
        if rows is None or self._state is None:
            state = fresh
            self._ended[:] = False
        else:
            state = _merge(self._state, fresh, rows)
            self._ended &= ~rows
        state, _ = self._to_learner(state)
        self._state = state
        observations = observe(state, self.seat)
        self._mask = legal_mask(state)
        return observations, {"action_mask": self._mask.copy(), "scores": state.scores.copy()}

    def step(self, actions: Actions) -> StepResult:
        """Make the learner's move in every game, and play the others up to its next turn.

        :returns: ``(observations, rewards, terminated, truncated, info)``:
            ``(num_envs, D) float32``, ``(num_envs,) float32``, ``(num_envs,)
            bool`` twice (``truncated`` always ``False``), and ``info`` with
            ``"action_mask"``, ``"illegal_action"`` (``(num_envs,) bool``) and
            ``"scores"``; under ``SAME_STEP`` also ``"final_obs"``,
            ``"_final_obs"``, ``"final_info"`` and ``"_final_info"``.
        :raises InvalidArgumentError: ``actions`` is not ``num_envs`` ids from
            0 to 85 (nothing changes), or the opponent policy returned
            something else than legal ids (the games are as before the step;
            the generator has moved on).
        :raises IllegalActionError: ``game_over``: :meth:`reset` was never called.
        """
        if self._state is None:
            raise IllegalActionError(
                ErrorCode.GAME_OVER, "no games under way: call reset() before step()"
            )
        games = self._games
        action = _action_ids(actions, games.size)
        state = self._state
        acting = ~self._ended
        if self._ended.any():  # NEXT_STEP: these rows start a new game instead
            state = _merge(state, games.fresh, self._ended)
        legal = _choose(state, self._mask, action)
        illegal = acting & ~legal
        result = step(state, np.where(acting & legal, action, -1))
        state, scored = self._to_learner(result.state)
        scored = scored + result.points[:, self.seat]
        rewards = np.where(illegal, self.illegal_reward, scored / games.scale)
        rewards = np.where(acting, rewards, 0.0).astype(np.float32)
        terminated = acting & (state.is_over | illegal)
        info: dict[str, Any] = {"illegal_action": illegal}
        if games.mode is AutoresetMode.SAME_STEP:
            final = np.zeros((games.size, games.layout.size), dtype=np.float32)
            final_scores = np.zeros_like(state.scores)
            if terminated.any():
                ended = np.flatnonzero(terminated)  # (observed alone: a few rows a step)
                final[ended] = observe(_take(state, ended), self.seat)
                final_scores[terminated] = state.scores[terminated]
                state, _ = self._to_learner(_merge(state, games.fresh, terminated))
            info["final_obs"] = final
            info["_final_obs"] = terminated.copy()
            info["final_info"] = {"scores": final_scores, "illegal_action": illegal.copy()}
            info["_final_info"] = terminated.copy()
        else:
            self._ended = terminated.copy()
        self._state = state
        self._mask = legal_mask(state)
        info["action_mask"] = self._mask.copy()
        info["scores"] = state.scores.copy()
        truncated = np.zeros(games.size, dtype=np.bool_)
        return observe(state, self.seat), rewards, terminated, truncated, info

    def _to_learner(self, state: BatchState) -> tuple[BatchState, NDArray[np.int64]]:
        """Deal and play the other seats until every game is at the learner's turn or over.

        Returns the batch and the points the learner scored on the way.  Each
        pass moves every game whose player to act is another seat by one
        action, so the passes are bounded by the seats between two turns of
        the learner (and a deal), not by the number of games.
        """
        rng = self.np_random
        scored = np.zeros(state.size, dtype=np.int64)
        while True:
            if (state.phase == PHASE_DEAL).any():
                state = deal(state, rng)
            current = state.current_player
            others = (current >= 0) & (current != self.seat)
            if not others.any():
                return state, scored
            result = step(state, self._opponent_actions(state, others))
            scored += result.points[:, self.seat]
            state = result.state

    def _opponent_actions(self, state: BatchState, others: NDArray[np.bool_]) -> Actions:
        """The opponent's action in each game of ``others`` (``-1``, no move, elsewhere)."""
        if type(self.opponent) is str:  # "random"
            return np.where(others, random_actions(state, self.np_random), -1)
        policy: BatchPolicy = self.opponent  # type: ignore[assignment]
        rows = np.flatnonzero(others)
        sub = state if rows.size == state.size else _take(state, rows)
        mask = legal_mask(sub)
        chosen = _action_ids(
            policy(observe(sub, sub.current_player), mask), rows.size, "the opponent's actions"
        )
        if not _choose(sub, mask, chosen).all():
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                "the opponent policy chose an id that is not legal: follow the masks",
            )
        actions = np.full(state.size, -1, dtype=np.int64)
        actions[rows] = chosen
        return actions


# -- every seat: self-play -------------------------------------------------------------------


class SelfPlayVectorEnv(gymnasium.vector.VectorEnv[Observations, Actions, NDArray[Any]]):
    """``num_envs`` games in which every game's player to act acts: batched self-play.

    Each row's observation is the view of that game's player to act, whose
    seat is ``info["current_player"]`` (``(num_envs,) int64``); a step
    applies one action per game for that seat, and deals the next round
    where one ended.  ``rewards`` is ``(num_envs, P) float32``: the points
    every seat scored in the step (rules 9.1, 9.2: a round's scores, when its
    last trick is taken), so a game's rewards add up to its final totals.
    An illegal id ends its game's episode with ``illegal_reward`` to the seat
    that chose it (and 0 to the others).

    A learner assigns the rewards to seats: a seat's transition runs from
    its decision to its next decision in the same game, and its reward is
    the sum of ``rewards[g, seat]`` over the steps in between (the others'
    steps included: a round is often scored on another seat's card).  So
    keep, per game and seat, the last decision still open; add each step's
    ``rewards[g]`` to every seat's open decision; close a seat's decision
    when it acts again in that game (its next observation is that step's)
    or when the game ends (``terminated``).  The last observation of an
    ended game is the view of the seat that moved last (its mask all ``False``).

    The ``(num_envs, P)`` rewards are not the ``(num_envs,)`` that
    Gymnasium's reward wrappers expect of a vector environment:
    ``RecordEpisodeStatistics`` and ``NormalizeReward`` refuse them (an
    elementwise one such as ``ClipReward`` works).  Sum a seat's rewards
    yourself, as above.

    Parameters as :class:`WizardVectorEnv`'s, without ``seat`` and ``opponent``.
    """

    def __init__(
        self,
        num_envs: int,
        config: Config | None = None,
        *,
        normalize_rewards: bool = False,
        illegal_reward: float | None = None,
        autoreset_mode: gymnasium.vector.AutoresetMode = AutoresetMode.SAME_STEP,
    ) -> None:
        games = _Batch(
            num_envs,
            config,
            normalize_rewards=normalize_rewards,
            illegal_reward=illegal_reward,
            autoreset_mode=autoreset_mode,
        )
        self._games = games
        self.config: Final = games.config
        """The :class:`~wizard_rules.Config` of every game."""
        self.illegal_reward: Final = games.illegal_reward
        """The reward of an illegal id."""
        self.layout: Final = games.layout
        """The :class:`~wizard_rules.integrations.tensors.Layout` of the observations."""
        _spaces(self, games)
        self.metadata = {"autoreset_mode": games.mode}
        """Gymnasium's metadata: its ``"autoreset_mode"`` (one of :data:`AUTORESET_MODES`)."""
        self._state: BatchState | None = None
        self._mask = np.zeros((games.size, NUM_ACTIONS), dtype=np.bool_)
        self._ended = np.zeros(games.size, dtype=np.bool_)

    @property
    def state(self) -> BatchState | None:
        """The games, as the batch engine holds them (``None`` before the first reset).

        Read it, never change it: its arrays are the environment's own.
        """
        return self._state

    def action_masks(self) -> NDArray[np.bool_]:
        """``(num_envs, 86) bool``: the legal ids of the last observation (none before a reset)."""
        return self._mask.copy()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Start new games (every row, or ``options["reset_mask"]``'s), dealt.

        :returns: the observations and ``info`` (``"action_mask"``,
            ``"current_player"``, ``"scores"``).
        :raises InvalidArgumentError: a bad seed or option (nothing changes).
        """
        rows = _reset_rows(options, self._games.size)
        super().reset(seed=_check_seed(seed))
        fresh = self._games.fresh
        if rows is None or self._state is None:
            state = fresh
            self._ended[:] = False
        else:
            state = _merge(self._state, fresh, rows)
            self._ended &= ~rows
        state = deal(state, self.np_random)
        self._state = state
        self._mask = legal_mask(state)
        return observe(state, state.current_player), self._info(state, state.current_player)

    def _info(self, state: BatchState, current: NDArray[np.int8]) -> dict[str, Any]:
        return {
            "action_mask": self._mask.copy(),
            "current_player": current.astype(np.int64),
            "scores": state.scores.copy(),
        }

    def step(self, actions: Actions) -> StepResult:
        """Apply every game's action for its player to act, and deal where a round ended.

        :returns: ``(observations, rewards, terminated, truncated, info)``:
            ``(num_envs, D) float32``, ``(num_envs, P) float32``,
            ``(num_envs,) bool`` twice (``truncated`` always ``False``), and
            ``info`` with ``"action_mask"``, ``"current_player"`` (``-1`` in an
            ended game's row under ``NEXT_STEP``), ``"illegal_action"`` and
            ``"scores"``; under ``SAME_STEP`` also ``"final_obs"``,
            ``"_final_obs"``, ``"final_info"`` and ``"_final_info"``.
        :raises InvalidArgumentError: ``actions`` is not ``num_envs`` ids from
            0 to 85 (nothing changes).
        :raises IllegalActionError: ``game_over``: :meth:`reset` was never called.
        """
        if self._state is None:
            raise IllegalActionError(
                ErrorCode.GAME_OVER, "no games under way: call reset() before step()"
            )
        games = self._games
        rng = self.np_random
        action = _action_ids(actions, games.size)
        state = self._state
        acting = ~self._ended
        if self._ended.any():  # NEXT_STEP: these rows start a new game instead
            state = deal(_merge(state, games.fresh, self._ended), rng)
        mover = state.current_player
        legal = _choose(state, self._mask, action)
        illegal = acting & ~legal
        result = step(state, np.where(acting & legal, action, -1))
        state = deal(result.state, rng)
        own = illegal[:, None] & (np.arange(games.config.players) == mover[:, None])
        rewards = np.where(own, self.illegal_reward, result.points / games.scale)
        rewards = np.where(acting[:, None], rewards, 0.0).astype(np.float32)
        terminated = acting & (state.is_over | illegal)
        seen = np.where(state.current_player >= 0, state.current_player, mover)
        info: dict[str, Any] = {"illegal_action": illegal}
        if games.mode is AutoresetMode.SAME_STEP:
            final = np.zeros((games.size, games.layout.size), dtype=np.float32)
            final_scores = np.zeros_like(state.scores)
            if terminated.any():
                ended = np.flatnonzero(terminated)  # (observed alone: a few rows a step)
                final[ended] = observe(_take(state, ended), seen[ended])
                final_scores[terminated] = state.scores[terminated]
                state = deal(_merge(state, games.fresh, terminated), rng)
                seen = state.current_player
            info["final_obs"] = final
            info["_final_obs"] = terminated.copy()
            info["final_info"] = {"scores": final_scores, "illegal_action": illegal.copy()}
            info["_final_info"] = terminated.copy()
        else:
            self._ended = terminated.copy()
        self._state = state
        self._mask = legal_mask(state)
        info.update(self._info(state, state.current_player))
        truncated = np.zeros(games.size, dtype=np.bool_)
        return observe(state, seen), rewards, terminated, truncated, info


for _id, _class in ((VECTOR_ENV_ID, "WizardVectorEnv"), (SELF_PLAY_ENV_ID, "SelfPlayVectorEnv")):
    if _id not in gymnasium.registry:  # once, though the module may be imported again
        gymnasium.register(
            _id,
            vector_entry_point=f"wizard_rules.integrations.vector_env:{_class}",
            # an episode ends by itself, within the rules' bound: nothing to truncate
            max_episode_steps=None,
            nondeterministic=False,
        )
