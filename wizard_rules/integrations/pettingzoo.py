"""Wizard as a PettingZoo AEC environment, and a Gymnasium environment for one seat.

It needs the ``pettingzoo`` extra (``pip install 'wizard-rules[pettingzoo]'``);
without it, importing this module raises :class:`ImportError` naming the
extra.  Every move goes through :func:`~wizard_rules.apply`.

:func:`env` (and :class:`raw_env`, without PettingZoo's checking wrappers) is
an AEC environment of one game, or of one round of a game:

- **agents** are ``"player_0"`` to ``"player_<n-1>"``, one a seat; the agent
  to act is the seat to act (the dealer naming trump, a bidder, a player);
- **actions** are ``Discrete(86)``, the ids of :mod:`wizard_rules.formats.action_ids`
  (0 to 59 play that card, ``60 + b`` bids ``b``, 81 to 84 name Clubs,
  Diamonds, Hearts or Spades trump; 85, "no trump", is never legal).  An
  id is an ``int``, a NumPy integer scalar (``np.int64``, as RL libraries
  pass them) or a 0-d NumPy integer array; anything else (a bool, a float,
  a string, ``None`` for a live agent, an int outside 0 to 85) raises
  :class:`~wizard_rules.InvalidArgumentError` (``invalid_argument``), and
  an id that is not legal now raises
  :class:`~wizard_rules.IllegalActionError`; neither changes anything;
- **observations** are dicts: ``"observation"``, the agent's tensor of
  :class:`~wizard_rules.integrations.tensors.Layout` (``Box(-1, 1)``, ``float32``), and
  ``"action_mask"``, 1 for each legal id (``int8``; all 0 when it is not
  the agent's turn);
- **chance**: the deals are drawn inside the environment with
  :func:`~wizard_rules.random_deal` from a :class:`random.Random` seeded by
  ``reset(seed=...)`` (``reset()`` without a seed goes on with the same
  generator, a new environment starts from fresh entropy);
- **rewards** (``rewards="round"``, the default): at the end of each round,
  every agent gets its score for that round, so an agent's rewards add up to
  its total; with ``rewards="game"`` the totals come at once at the end of
  the game.  With ``normalize_rewards=True`` they are divided by
  :func:`~wizard_rules.integrations.tensors.max_score` of the rounds played;
- the episode **ends** (every agent terminated) at the end of the game, or of
  the one round with ``round=r``; nothing is ever truncated.  As PettingZoo
  has it, a terminated agent steps with ``None`` (any other action raises
  :class:`~wizard_rules.InvalidArgumentError`), and once every agent is
  gone, :meth:`~raw_env.step` logs PettingZoo's warning "step() called after
  all agents are terminated or truncated" and does nothing.  A step before
  the first :meth:`~raw_env.reset` raises
  :class:`~wizard_rules.IllegalActionError` (``game_over``), and an agent
  name that is not one of ``possible_agents``
  :class:`~wizard_rules.InvalidArgumentError`;
- the **variants** are keyword arguments, as in OpenSpiel:
  ``canadian_rule=True`` (rule 21) and ``schedule="odd"`` or a list of hand
  sizes (rule 22), the rules of :attr:`raw_env.config`; the observation's
  layout is made for the schedule (its ``round`` piece has one entry a
  round), and a one-round game starts every seat level, so the Canadian
  rule binds only in the whole game.

:class:`SingleAgentEnv` is a :class:`gymnasium.Env` for one seat, the others
played by a fixed policy (uniformly random legal actions by default).

>>> from wizard_rules.integrations.pettingzoo import env
>>> game = env(players=3, round=2)
>>> game.reset(seed=1)
>>> game.agent_selection
'player_2'
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["action_mask"].nonzero()[0].tolist()   # bid 0, 1 or 2
[60, 61, 62]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from numpy.typing import NDArray
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
    from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]
except ImportError:
    raise ImportError(
        "wizard_rules.integrations.pettingzoo needs PettingZoo: "
        "pip install 'wizard-rules[pettingzoo]'"
    ) from None

from wizard_rules.core.chance import random_deal
from wizard_rules.core.config import Config, seat_after
from wizard_rules.core.position import position_of
from wizard_rules.core.state import State, new_game
from wizard_rules.core.transitions import apply, legal_actions
from wizard_rules.core.views import player_view
from wizard_rules.errors import (
    ConfigError,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    show_value,
)
from wizard_rules.formats.action_ids import NUM_ACTIONS, action_id, to_action
from wizard_rules.integrations._variants import rules_of
from wizard_rules.integrations.tensors import Layout, _round_start, max_score

__all__ = ["Observation", "Policy", "SingleAgentEnv", "env", "raw_env"]

Observation = dict[str, NDArray[Any]]
"""An observation: ``{"observation": float32 tensor, "action_mask": int8 mask}``."""

Policy = Callable[[Observation, np.random.Generator], int]
"""A fixed policy for :class:`SingleAgentEnv`'s other seats: an observation
and a random generator in, an action id out."""


def env(**kwargs: Any) -> Any:
    """A :class:`raw_env` wrapped in PettingZoo's order and bounds checks.

    Takes the keyword arguments of :class:`raw_env`.
    """
    wrapped = wrappers.AssertOutOfBoundsWrapper(raw_env(**kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]
    """The AEC environment (see the module's documentation).

    :param players: 3 to 6.
    :param forbid_bid_total_match: the option of rule 20.1.
    :param first_dealer: the seat that deals the first round.
    :param round: ``None`` for the whole game, or a round number: that round
        only (dealt by seat ``(first_dealer + round - 1) % players``; rewards
        and the observations' ``scores`` count from its start, as in
        :mod:`wizard_rules.integrations.openspiel`).
    :param rewards: ``"round"`` (each round's scores when it ends) or
        ``"game"`` (the totals at the end).
    :param normalize_rewards: divide rewards by the most a player can score.
    :param render_mode: ``None`` or ``"ansi"`` (:meth:`render` returns the
        position, every hand shown, in the notation of rule 1.4).
    :param canadian_rule: the Canadian rule (rule 21).
    :param schedule: the hand size of each round: ``"standard"`` (round
        ``r`` deals ``r`` cards), ``"odd"`` (1, 3, 5, ...; rule 22.1), or the
        hand sizes listed (rule 22.2), as a sequence of ints (``[1, 3, 5]``)
        or a text (``"1,3,5"``, as OpenSpiel's parameter).  With a short
        schedule ``round`` is 1 to :attr:`Config.rounds
        <wizard_rules.Config.rounds>`, and round ``r`` deals
        ``config.deal_sizes[r - 1]`` cards.
    :raises ConfigError: ``invalid_config``: a bad number of players, first
        dealer, round, rewards, render mode, ``canadian_rule`` (not a bool)
        or schedule (not one, or a hand larger than 60 / players).
    """

    metadata: Final = {
        "render_modes": ["ansi"],
        "name": "wizard_rules_v0",
        "is_parallelizable": False,
    }
    """PettingZoo's metadata of the environment."""

    def __init__(
        self,
        players: int = 4,
        *,
        forbid_bid_total_match: bool = False,
        first_dealer: int = 0,
        round: int | None = None,
        rewards: str = "round",
        normalize_rewards: bool = False,
        render_mode: str | None = None,
        canadian_rule: bool = False,
        schedule: str | Sequence[int] = "standard",
    ) -> None:
        super().__init__()
        self.config: Final = Config(
            players=players,
            first_dealer=first_dealer,
            forbid_bid_total_match=forbid_bid_total_match,
            rules=rules_of(canadian_rule, schedule),
        )
        """The :class:`~wizard_rules.Config` of the game."""
        if round is not None and (type(round) is not int or not 1 <= round <= self.config.rounds):
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"round must be None or 1 to {self.config.rounds}, not {round!r}",
            )
        if rewards not in ("round", "game"):
            raise ConfigError(
                ErrorCode.INVALID_CONFIG, f"rewards must be 'round' or 'game', not {rewards!r}"
            )
        if render_mode not in (None, "ansi"):
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"render_mode must be None or 'ansi', not {render_mode!r}",
            )
        self.round: Final = round
        """The one round played, or ``None`` for the whole game."""
        self.render_mode = render_mode
        self._per_round = rewards == "round"
        rounds = range(1, self.config.rounds + 1) if round is None else [round]
        self.max_score: Final = max_score(players, rounds, rules=self.config.rules)
        """The most a player can score in the rounds played."""
        self._scale = float(self.max_score) if normalize_rewards else 1.0
        self.layout: Final = Layout(players, rules=self.config.rules)
        """The :class:`~wizard_rules.integrations.tensors.Layout` of the observations."""
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (self.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._rng = random.Random()
        self._initial = (
            new_game(self.config) if round is None else _round_start(self.config, round)
        )
        self._state = self._initial
        self._started = False  # until the first reset

    @property
    def wizard_state(self) -> State:
        """The library's :class:`~wizard_rules.State` of the game."""
        return self._state

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same for every agent).

        :raises InvalidArgumentError: ``agent`` is not one of ``possible_agents``.
        """
        space: spaces.Dict = self.observation_spaces[self._agent(agent)]
        return space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: ``Discrete(86)``.

        :raises InvalidArgumentError: ``agent`` is not one of ``possible_agents``.
        """
        space: spaces.Discrete = self.action_spaces[self._agent(agent)]
        return space

    def _agent(self, agent: object) -> str:
        """``agent``, checked to be one of ``possible_agents``."""
        if type(agent) is not str or agent not in self.possible_agents:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"the agents are {self.possible_agents[0]} to {self.possible_agents[-1]},"
                f" not {show_value(agent)}",
            )
        return agent

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (or round), dealing it from ``seed`` if given."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._state = self._deal(self._initial)
        self.agent_selection = self._agent_of(self._state)
        self._started = True

    def _deal(self, state: State) -> State:
        if state.is_chance and not self._over(state):
            state = apply(state, random_deal(state, self._rng))
        return state

    def _over(self, state: State) -> bool:
        return state.is_over or (self.round is not None and state.round != self.round)

    def _agent_of(self, state: State) -> str:
        assert state.current_player is not None
        return self.possible_agents[state.current_player]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` knows now, and its legal actions (if it is to act).

        :raises InvalidArgumentError: ``agent`` is not one of ``possible_agents``.
        """
        seat = self.possible_agents.index(self._agent(agent))
        state = self._state
        start = self._initial.scores
        tensor = self.layout.encode(
            player_view(state, seat),
            over=self._over(state),
            scores=[b - a for a, b in zip(start, state.scores, strict=True)],
        )
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if state.current_player == seat:
            mask[[action_id(a) for a in legal_actions(state)]] = 1
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | np.integer[Any] | NDArray[np.integer[Any]] | None) -> None:
        """Make ``agent_selection``'s move ``action`` (an id).

        A terminated agent's action is ``None``; after every agent is gone, a
        step logs PettingZoo's warning and does nothing.

        :raises IllegalActionError: the action is not legal now (nothing changes).
        :raises InvalidArgumentError: ``action`` is not an id from 0 to 85 (an
            ``int``, a NumPy integer or a 0-d NumPy integer array; not a bool),
            or a terminated agent's action is not ``None``.
        :raises IllegalActionError: ``game_over``: :meth:`reset` was never called.
        """
        if not self._started:
            raise IllegalActionError(
                ErrorCode.GAME_OVER, "no game under way: call reset() before step()"
            )
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise InvalidArgumentError(
                    ErrorCode.INVALID_ARGUMENT,
                    f"{agent} is terminated: its only action is None, not {show_value(action)}",
                )
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        before = self._state
        if action is None:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT, "a live agent's action is an id, not None"
            )
        state = apply(before, to_action(_action_id(action), seat))
        state = self._deal(state)
        over = self._over(state)
        if self._per_round or over:
            since = before.scores if self._per_round else self._initial.scores
            points = [(b - a) / self._scale for a, b in zip(since, state.scores, strict=True)]
        else:
            points = [0.0] * self.config.players
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict(zip(self.agents, points, strict=True))
        self._state = state
        if over:
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[seat_after(seat, 1, self.num_agents)]
        else:
            self.agent_selection = self._agent_of(state)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The position, every hand shown (``render_mode="ansi"``), or ``None``."""
        if self.render_mode is None:
            return None
        return position_of(self._state).to_text()

    def close(self) -> None:
        """Nothing to release."""


def _action_id(action: object) -> int:
    """``action`` as an id of ``Discrete(86)``: an int, a NumPy integer or a 0-d integer array.

    The rule of :func:`~wizard_rules.formats.action_ids.to_action`, checked here first so
    that a 0-d array is taken, the learner's mask is indexed by a checked id,
    and the message echoes the value shortened.

    :raises InvalidArgumentError: anything else (a bool is not an id).
    """
    if type(action) is np.ndarray and action.shape == () and action.dtype.kind in "iu":
        action = action[()]
    if isinstance(action, np.integer):
        action = int(action)
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"an action is an id from 0 to {NUM_ACTIONS - 1} (an int or a NumPy integer), "
            f"not {show_value(action)}",
        )
    return action


def _random_policy(observation: Observation, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """A Gymnasium environment: one seat learns, a fixed policy plays the others.

    Observations, actions and rewards are the AEC environment's for the
    learner's seat; an episode is one game (or one round).  The reward of a
    step is what the learner scored from its action up to its next turn (or
    the end).  An id of the action space (0 to 85) that is not legal now
    ends the episode with reward ``illegal_reward`` and
    ``info["illegal_action"] = True`` (so that Gymnasium's checks, which try
    random actions, can run; a learner should follow the ``action_mask``).
    Anything that is not an id of the action space is a caller's mistake,
    never read as some other action: a bool, a float, a string, ``None``, an
    int outside 0 to 85 raise :class:`~wizard_rules.InvalidArgumentError`
    (``invalid_argument``) and change nothing.  Ids may be ints, NumPy
    integer scalars (``np.int64``) or 0-d NumPy integer arrays.  Once an
    episode has ended (and before the first :meth:`reset`), :meth:`step`
    raises :class:`~wizard_rules.IllegalActionError` (``game_over``) until
    :meth:`reset`.

    :param players: 3 to 6.
    :param seat: the learner's seat.
    :param opponent: the :data:`Policy` of the other seats (default:
        uniformly random legal actions), given the environment's
        ``np_random`` generator, so that ``reset(seed=...)`` fixes it too.
    :param illegal_reward: the reward of an illegal action (default: minus
        the most a player can score, ``-1`` with ``normalize_rewards``).
    :param env_kwargs: the other keyword arguments of :class:`raw_env`.
    :raises ConfigError: ``invalid_config``: a seat that is not a seat, or a
        bad argument of :class:`raw_env`.
    """

    metadata: Final = {"render_modes": ["ansi"]}  # type: ignore[misc]
    """Gymnasium's metadata of the environment."""

    def __init__(
        self,
        players: int = 4,
        *,
        seat: int = 0,
        opponent: Policy | None = None,
        illegal_reward: float | None = None,
        **env_kwargs: Any,
    ) -> None:
        self.env: Final = raw_env(players, **env_kwargs)
        """The AEC environment the game is played in."""
        if type(seat) is not int or not 0 <= seat < players:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG, f"seat must be 0 to {players - 1}, not {seat!r}"
            )
        self.agent: Final = self.env.possible_agents[seat]
        """The learner's agent name."""
        self.opponent: Final = opponent or _random_policy
        """The policy of the other seats."""
        self.illegal_reward: float = (
            -self.env.max_score / self.env._scale if illegal_reward is None else illegal_reward
        )
        """The reward of an illegal action."""
        self.observation_space = self.env.observation_space(self.agent)  # type: ignore[assignment]
        self.action_space = self.env.action_space(self.agent)
        self.render_mode = self.env.render_mode
        self._ended = True  # no episode under way (before the first reset, after its end)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start an episode and play the others up to the learner's first turn."""
        super().reset(seed=seed)
        self.env.reset(seed=seed)
        self._play_others()
        self._ended = self.env.terminations[self.agent]
        return self.env.observe(self.agent), {}

    def _play_others(self) -> None:
        env = self.env
        while not env.terminations[self.agent] and env.agent_selection != self.agent:
            env.step(self.opponent(env.observe(env.agent_selection), self.np_random))

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Make the learner's move and play the others up to its next turn.

        :raises InvalidArgumentError: ``action`` is not an id from 0 to 85
            (nothing changes).
        :raises IllegalActionError: ``game_over``: no episode is under way
            (call :meth:`reset`).
        """
        env = self.env
        if self._ended:
            raise IllegalActionError(
                ErrorCode.GAME_OVER, "the episode is over (or not started): call reset() first"
            )
        number = _action_id(action)
        if not env.observe(self.agent)["action_mask"][number]:
            self._ended = True
            return (
                env.observe(self.agent),
                self.illegal_reward,
                True,
                False,
                {"illegal_action": True},
            )
        env.step(number)
        self._play_others()
        reward = float(env._cumulative_rewards[self.agent])
        self._ended = env.terminations[self.agent]
        return env.observe(self.agent), reward, self._ended, False, {}

    def render(self) -> str | None:
        """The AEC environment's :meth:`raw_env.render`."""
        return self.env.render()
