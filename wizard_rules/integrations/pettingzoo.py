"""Wizard as a PettingZoo AEC environment, and a Gymnasium environment for one seat.

It needs the ``pettingzoo`` extra (``pip install '.[pettingzoo]'`` from a clone);
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
  ``canadian_rule=True`` (rule 21), ``schedule="odd"`` or a list of hand
  sizes (rule 22), ``hidden_bids=True`` (rule 23), ``delayed_reveal=True``
  (rule 24), ``hardcore=True`` (rule 25) and ``clairvoyance=True`` (rule
  26), the rules of :attr:`raw_env.config` (bools, each off by default;
  combinations that cannot be played, rule 27, are refused with
  ``invalid_config``).  An observation holds only what its agent may see:
  no hidden bid (encoded as a bid not made), and under clairvoyance, in
  round 1, not its own card but every other seat's (the layout's
  ``other_hands`` piece, present only then); :meth:`~raw_env.state` shows
  everything; the observation's
  layout is made for the schedule (its ``round`` piece has one entry a
  round), and a one-round game starts every seat level, so the Canadian
  rule binds only in the whole game;
- **rendering** (``render_mode``, :data:`RENDER_MODES`): ``"ansi"``, the
  position as text, every hand shown (:meth:`~raw_env.render` returns it);
  ``"human"``, what the seat to act sees, printed to the terminal after each
  :meth:`~raw_env.reset` and :meth:`~raw_env.step` (and by
  :meth:`~raw_env.render`, which returns ``None``): the table of
  ``wizard-rules show`` for that player's view, the other hands hidden.

**The state.**  :meth:`raw_env.state` is the full-information state that
centralised critics (and PettingZoo's ``state_test``) take: every hand, and
everything public.  It is a flat ``float32`` vector of
:attr:`raw_env.state_space` (``Box(-1, 1)``), made of the pieces of
:attr:`raw_env.state_pieces`, in this order; :meth:`raw_env.state_pieces_of`
gives each as a view of its shape.  With ``N`` players, ``R`` rounds,
``B = 60 // N + 1`` possible bids, the pieces are those of the observation
(:mod:`wizard_rules.integrations.tensors`, which says what each holds), with
every hand where the observation has the viewer's seat and hand:

====================  ===========  ==================================================
piece                 shape        what it holds (all 0 or 1 but the scores)
====================  ===========  ==================================================
``hands``             ``(N, 60)``  row ``s``: seat ``s``'s cards, by
                                   :attr:`Card.index <wizard_rules.Card.index>`
``phase``             ``(5,)``     deal, choose trump, bid, play, over
``round``             ``(R,)``     the round number (index ``round - 1``)
``dealer``            ``(N,)``     the dealer's seat
``current_player``    ``(N,)``     the seat to act (all 0 at a deal and at the end)
``turned``            ``(60,)``    the turned card
``trump``             ``(4,)``     the trump suit, Clubs, Diamonds, Hearts, Spades
``bids``              ``(N, B)``   row ``s``: seat ``s``'s bid (all 0 until made)
``tricks_won``        ``(N, B)``   row ``s``: how many tricks seat ``s`` has won
``leader``            ``(N,)``     the seat that leads the trick in progress
``trick``             ``(N, 60)``  row ``i``: the ``i``-th card of the trick in progress
``played``            ``(60,)``    the cards of this round's finished tricks
``scores``            ``(N,)``     each seat's total since the start (of the game,
                                   or of the one round), divided by the most a
                                   player can score in the whole game
====================  ===========  ==================================================

So ``N * 60 + 5 + R + 3 * N + 124 + 2 * N * B + N * 60 + N`` floats: 647 for
3 players (the observation has 530).  With the rules, the state fixes what
can happen next (a card it does not show is undealt), though not who won
which of the round's finished tricks.  PettingZoo's
``pettingzoo.utils.conversions.turn_based_aec_to_parallel(env())`` is a
parallel environment with the same ``state()``.

**Gymnasium.**  :class:`SingleAgentEnv` is a :class:`gymnasium.Env` for one
seat, the others played by a fixed policy (uniformly random legal actions by
default).  Importing this module registers it as :data:`ENV_ID`,
``"wizard_rules/Wizard-v0"``: ``gymnasium.make(ENV_ID, players=3, round=2)``
passes its keyword arguments to :class:`SingleAgentEnv`.  Gymnasium 1.x has
no plugin mechanism (it dropped the ``gymnasium.envs`` entry points of 0.x),
so ``gymnasium.make`` finds the id only once the module is imported; the
id ``"wizard_rules.integrations.pettingzoo:wizard_rules/Wizard-v0"``
makes Gymnasium import it first.  The spec sets no ``max_episode_steps``:
an episode ends by itself, and nothing is truncated.

>>> from wizard_rules.integrations.pettingzoo import env
>>> game = env(players=3, round=2)
>>> game.reset(seed=1)
>>> game.agent_selection
'player_2'
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["action_mask"].nonzero()[0].tolist()   # bid 0, 1 or 2
[60, 61, 62]
>>> from wizard_rules import DECK
>>> pieces = game.unwrapped.state_pieces_of(game.state())
>>> game.state_space.shape, [[DECK[i].text for i in row.nonzero()[0]] for row in pieces["hands"]]
((647,), [['S9', 'S12'], ['C1', 'S6'], ['C5', 'H7']])
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
        "wizard_rules.integrations.pettingzoo needs PettingZoo: install the 'pettingzoo' "
        "extra: pip install '.[pettingzoo]' from a clone (see Installing in the docs)"
    ) from None

from wizard_rules.core.anniversary.deck import AnniversaryDeck
from wizard_rules.core.anniversary.views import anniversary_view
from wizard_rules.core.cards import DECK
from wizard_rules.core.chance import random_chance, random_deal
from wizard_rules.core.config import Config, seat_after
from wizard_rules.core.position import position_of
from wizard_rules.core.state import new_game
from wizard_rules.core.transitions import apply, legal_actions
from wizard_rules.core.views import player_view
from wizard_rules.errors import (
    ConfigError,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    show_value,
)
from wizard_rules.formats.action_ids import (
    NUM_ACTIONS,
    action_id,
    anniversary_action_id,
    num_actions,
    to_action,
    to_anniversary_action,
)
from wizard_rules.formats.text import position_table
from wizard_rules.integrations import _anniversary
from wizard_rules.integrations._variants import (
    READING_DEFAULTS,
    rules_of,
    with_anniversary_cards,
)
from wizard_rules.integrations.tensors import (
    AnniversaryLayout,
    Layout,
    _round_start,
    _split,
    max_score,
)

__all__ = ["ENV_ID", "RENDER_MODES", "Observation", "Policy", "SingleAgentEnv", "env", "raw_env"]

ENV_ID: Final = "wizard_rules/Wizard-v0"
"""The Gymnasium id of :class:`SingleAgentEnv`, registered when this module is imported."""

RENDER_MODES: Final = ("ansi", "human")
"""The render modes: ``"ansi"`` returns the position, every hand shown, as text;
``"human"`` prints the view of the seat to act (its own hand only) to the terminal."""

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
    :param render_mode: ``None``, ``"ansi"`` (:meth:`render` returns the
        position, every hand shown, in the notation of rule 1.4) or
        ``"human"`` (:meth:`reset`, :meth:`step` and :meth:`render` print
        what the seat to act sees, as ``wizard-rules show`` prints a
        player's view: the other hands hidden).
    :param canadian_rule: the Canadian rule (rule 21).
    :param schedule: the hand size of each round: ``"standard"`` (round
        ``r`` deals ``r`` cards), ``"odd"`` (1, 3, 5, ...; rule 22.1), or the
        hand sizes listed (rule 22.2), as a sequence of ints (``[1, 3, 5]``)
        or a text (``"1,3,5"``, as OpenSpiel's parameter).  With a short
        schedule ``round`` is 1 to :attr:`Config.rounds
        <wizard_rules.Config.rounds>`, and round ``r`` deals
        ``config.deal_sizes[r - 1]`` cards.
    :param hardcore: hardcore (rule 25).
    :param hidden_bids: hidden bids (rule 23): an observation shows no other
        seat's bid until every bid is in.
    :param delayed_reveal: delayed reveal (rule 24): an observation shows no
        other seat's bid this round.
    :param clairvoyance: clairvoyance (rule 26): in round 1 an observation
        shows every other seat's card (the ``other_hands`` piece of the
        layout) and not the agent's own; that round has no play move.
    :param anniversary_cards: the anniversary cards added to the 60 (rules
        28 to 41): ``""`` (none, the default), ``"20"``, ``"25"``, ``"30"``,
        ``"all"``, names separated by commas (``"dragon,fairy"``) or a
        sequence of names.  With cards the actions are the larger id space
        (:func:`~wizard_rules.formats.action_ids.num_actions`), the
        observations :class:`~wizard_rules.integrations.tensors.AnniversaryLayout`'s.
    :param bomb_leader: the reading of rule 31.3 (with the cards only).
    :param cloud_timing: the reading of rule 34.3.
    :param effect_order: the reading of rule 40.2.
    :param vampire_under_werewolf: the reading of rule 37.3.
    :param juggler_last_trick: the reading of rule 33.4.
    :raises ConfigError: ``invalid_config``: a bad number of players, first
        dealer, round, rewards, render mode, a variant's flag (not a bool),
        schedule (not one, or a hand larger than 60 / players), or variants
        that cannot be played together (rule 27: hidden bids or delayed
        reveal with a bid restriction, hidden bids with delayed reveal,
        clairvoyance with a first round of more than one card).
    """

    metadata: Final = {
        "render_modes": list(RENDER_MODES),
        # Nothing here is paced by it: the render is text, printed when a
        # step is taken.  It is the rate Gymnasium's checker asks for and
        # its frame-based render wrappers read (PettingZoo's classic games
        # declare 1 or 2).
        "render_fps": 1,
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
        hardcore: bool = False,
        hidden_bids: bool = False,
        delayed_reveal: bool = False,
        clairvoyance: bool = False,
        anniversary_cards: str | Sequence[str] = "",
        bomb_leader: str = READING_DEFAULTS["bomb_leader"],
        cloud_timing: str = READING_DEFAULTS["cloud_timing"],
        effect_order: str = READING_DEFAULTS["effect_order"],
        vampire_under_werewolf: str = READING_DEFAULTS["vampire_under_werewolf"],
        juggler_last_trick: str = READING_DEFAULTS["juggler_last_trick"],
    ) -> None:
        super().__init__()
        self.config: Final = Config(
            players=players,
            first_dealer=first_dealer,
            forbid_bid_total_match=forbid_bid_total_match,
            rules=with_anniversary_cards(
                rules_of(
                    canadian_rule,
                    schedule,
                    hardcore=hardcore,
                    hidden_bids=hidden_bids,
                    delayed_reveal=delayed_reveal,
                    clairvoyance=clairvoyance,
                ),
                anniversary_cards,
                {
                    "bomb_leader": bomb_leader,
                    "cloud_timing": cloud_timing,
                    "effect_order": effect_order,
                    "vampire_under_werewolf": vampire_under_werewolf,
                    "juggler_last_trick": juggler_last_trick,
                },
            ),
        )
        """The :class:`~wizard_rules.Config` of the game."""
        self.anniversary: Final = type(self.config.rules.deck) is AnniversaryDeck
        """Whether the game has anniversary cards (rules 28 to 41)."""
        self.num_actions: Final = num_actions(self.config)
        """The number of action ids: 86, or the larger space's with anniversary cards."""
        if round is not None and (type(round) is not int or not 1 <= round <= self.config.rounds):
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"round must be None or 1 to {self.config.rounds}, not {round!r}",
            )
        if rewards not in ("round", "game"):
            raise ConfigError(
                ErrorCode.INVALID_CONFIG, f"rewards must be 'round' or 'game', not {rewards!r}"
            )
        _check_render_mode(render_mode)
        self.round: Final = round
        """The one round played, or ``None`` for the whole game."""
        self.render_mode = render_mode
        self._per_round = rewards == "round"
        rounds = range(1, self.config.rounds + 1) if round is None else [round]
        self.max_score: Final = max_score(players, rounds, rules=self.config.rules)
        """The most a player can score in the rounds played."""
        self._scale = float(self.max_score) if normalize_rewards else 1.0
        layout: Any = AnniversaryLayout if self.anniversary else Layout
        self.layout: Final = layout(players, rules=self.config.rules)
        """The :class:`~wizard_rules.integrations.tensors.Layout` of the observations
        (an :class:`~wizard_rules.integrations.tensors.AnniversaryLayout` with
        anniversary cards)."""
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        count = self.num_actions
        space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (self.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (count,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self._public: Final = layout(players, private=False, rules=self.config.rules)
        public = [piece for piece in self._public.pieces if piece[0] != "seat"]
        slots = 69 if self.anniversary else len(DECK)  # the anniversary cards are 60 to 68
        self.state_pieces: Final = (("hands", (players, slots)), *public)
        """The pieces of :meth:`state`, in order: ``(name, shape)`` pairs (see
        the module's documentation)."""
        self._slots = slots
        self._hands_size = players * slots
        self.state_space: Final = spaces.Box(
            -1.0, 1.0, (self._hands_size + self._public.size - players,), np.float32
        )
        """The space of :meth:`state`: ``Box(-1, 1)``, ``float32``."""
        self._rng = random.Random()
        self._initial: Any
        if self.anniversary:
            self._initial = _anniversary.one_round_start(self.config, round or 1)
        else:
            self._initial = (
                new_game(self.config) if round is None else _round_start(self.config, round)
            )
        self._state = self._initial
        self._started = False  # until the first reset

    @property
    def wizard_state(self) -> Any:
        """The library's :class:`~wizard_rules.State` of the game.

        With anniversary cards, an :class:`~wizard_rules.core.anniversary.AnniversaryState`.
        """
        return self._state

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same for every agent).

        :raises InvalidArgumentError: ``agent`` is not one of ``possible_agents``.
        """
        space: spaces.Dict = self.observation_spaces[self._agent(agent)]
        return space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: ``Discrete(86)``, or ``Discrete(num_actions)``.

        With anniversary cards the space is the larger one of :attr:`num_actions`.

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
        if self.render_mode == "human":
            self.render()

    def _deal(self, state: Any) -> Any:
        if self.anniversary:  # a deal, and the card turned up for the Vampire (rule 37.3)
            while state.is_chance and not self._over(state):
                state = apply(state, random_chance(state, self._rng))
            return state
        if state.is_chance and not self._over(state):
            state = apply(state, random_deal(state, self._rng))
        return state

    def _over(self, state: Any) -> bool:
        return bool(state.is_over or (self.round is not None and state.round != self.round))

    def _agent_of(self, state: Any) -> str:
        assert state.current_player is not None
        agent: str = self.possible_agents[state.current_player]
        return agent

    def observe(self, agent: str) -> Observation:
        """What ``agent`` knows now, and its legal actions (if it is to act).

        :raises InvalidArgumentError: ``agent`` is not one of ``possible_agents``.
        """
        seat = self.possible_agents.index(self._agent(agent))
        state = self._state
        start = self._initial.scores
        if self.anniversary:
            tensor = self.layout.encode(
                anniversary_view(state, seat),
                over=self._over(state),
                scores=[b - a for a, b in zip(start, state.scores, strict=True)],
            )
            mask = np.zeros(self.num_actions, dtype=np.int8)
            if state.current_player == seat:
                mask[[anniversary_action_id(a) for a in legal_actions(state)]] = 1
            return {"observation": tensor, "action_mask": mask}
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
        if self.anniversary:
            number = _action_id(action, self.num_actions)
            state = apply(before, to_anniversary_action(number, seat))
        else:
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
        if self.render_mode == "human":
            self.render()

    def state(self) -> NDArray[np.float32]:
        """The full-information state: every hand, and all that is public.

        A ``float32`` vector of :attr:`state_space`, in the pieces of
        :attr:`state_pieces` (the module's documentation has the table), for
        a centralised critic; no agent's observation holds the others' hands.
        """
        state = self._state
        out = np.zeros(self.state_space.shape, dtype=np.float32)
        ones = [
            seat * self._slots + card.index
            for seat, hand in enumerate(state.hands)
            for card in hand
        ]
        out[ones] = 1.0
        start = self._initial.scores
        public = self._public.encode(
            anniversary_view(state, 0) if self.anniversary else player_view(state, 0),
            over=self._over(state),
            scores=[b - a for a, b in zip(start, state.scores, strict=True)],
        )
        # the public layout's first piece is the viewer's seat: left out of the state
        out[self._hands_size :] = public[self.config.players :]
        # every bid, hidden from the seats or not (hidden bids, delayed reveal)
        bids = self.state_pieces_of(out)["bids"]
        bids.fill(0.0)
        for seat, bid in enumerate(state.bids):
            if bid is not None:
                bids[seat, bid] = 1.0
        return out

    def state_pieces_of(self, state: NDArray[np.float32]) -> dict[str, NDArray[np.float32]]:
        """Each piece of a :meth:`state` vector, as a view of its shape.

        :raises InvalidArgumentError: ``state`` is not a vector of :attr:`state_space`'s shape.
        """
        if type(state) is not np.ndarray or state.shape != self.state_space.shape:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"a state is a NumPy vector of shape {self.state_space.shape},"
                f" not {show_value(state)}",
            )
        return _split(state, self.state_pieces)

    def render(self) -> str | None:
        """Show the game as ``render_mode`` says.

        ``"ansi"``: return the position, every hand shown, in the notation of
        rule 1.4.  ``"human"``: print what the seat to act sees
        (:func:`~wizard_rules.formats.text.position_table` of its
        :func:`~wizard_rules.player_view`: its hand, the others hidden) and
        return ``None``.  ``None``: return ``None``.
        """
        if self.render_mode == "ansi":
            if self.anniversary:  # in plain words, every hand shown
                return _anniversary.describe(self._state, None)
            return position_of(self._state).to_text()
        if self.render_mode == "human":
            seat = self.possible_agents.index(self.agent_selection) if self._started else 0
            self._print_view(seat, self._over(self._state))
        return None

    def _print_view(self, seat: int, over: bool) -> None:
        """Print what ``seat`` sees now (``render_mode="human"``)."""
        if not self._started:
            print("No game under way: call reset() first.")
            return
        ended = " (the episode is over)" if over else ""
        print(f"player_{seat} sees{ended}:")
        if self.anniversary:  # in plain words, the other hands unseen
            print(_anniversary.describe(self._state, seat))
            return
        print(position_table(position_of(player_view(self._state, seat))))

    def close(self) -> None:
        """Nothing to release."""


def _check_render_mode(render_mode: object) -> None:
    if render_mode is not None and (
        type(render_mode) is not str or render_mode not in RENDER_MODES
    ):
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"render_mode must be None, 'ansi' or 'human', not {show_value(render_mode)}",
        )


def _action_id(action: object, count: int = NUM_ACTIONS) -> int:
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
    if type(action) is not int or not 0 <= action < count:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"an action is an id from 0 to {count - 1} (an int or a NumPy integer), "
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
    :param render_mode: ``None``, ``"ansi"`` (:meth:`render` returns the
        position, every hand shown) or ``"human"`` (:meth:`reset`,
        :meth:`step` and :meth:`render` print what the learner sees: its
        own hand, the others hidden).
    :param env_kwargs: the other keyword arguments of :class:`raw_env`.
    :raises ConfigError: ``invalid_config``: a seat that is not a seat, a
        bad render mode, or a bad argument of :class:`raw_env`.

    Importing this module registers it with Gymnasium as :data:`ENV_ID`:
    ``gymnasium.make("wizard_rules/Wizard-v0", players=3, round=2)`` passes
    its keyword arguments here.
    """

    # "render_fps" paces nothing (the render is text, printed when a step is
    # taken): it is the rate Gymnasium's checker asks for, which warns "No
    # render fps was declared" without it, and its frame-based render
    # wrappers read.
    metadata: Final = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # type: ignore[misc]
    """Gymnasium's metadata of the environment."""

    def __init__(
        self,
        players: int = 4,
        *,
        seat: int = 0,
        opponent: Policy | None = None,
        illegal_reward: float | None = None,
        render_mode: str | None = None,
        **env_kwargs: Any,
    ) -> None:
        _check_render_mode(render_mode)
        # the AEC environment renders the whole position ("ansi") or nothing: a
        # human sees the learner's view, printed here, never the other seats'
        inner = "ansi" if render_mode == "ansi" else None
        self.env: Final = raw_env(players, render_mode=inner, **env_kwargs)
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
        self.render_mode = render_mode
        self._ended = True  # no episode under way (before the first reset, after its end)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start an episode and play the others up to the learner's first turn."""
        super().reset(seed=seed)
        self.env.reset(seed=seed)
        self._play_others()
        self._ended = self.env.terminations[self.agent]
        if self.render_mode == "human":
            self.render()
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
        number = _action_id(action, env.num_actions)
        if not env.observe(self.agent)["action_mask"][number]:
            self._ended = True
            if self.render_mode == "human":
                self.render()
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
        if self.render_mode == "human":
            self.render()
        return env.observe(self.agent), reward, self._ended, False, {}

    def render(self) -> str | None:
        """Show the game as ``render_mode`` says.

        ``"ansi"``: the AEC environment's :meth:`raw_env.render` (the
        position, every hand shown).  ``"human"``: print what the learner
        sees and return ``None``.  ``None``: return ``None``.
        """
        if self.render_mode == "human":
            self.env._print_view(self.env.possible_agents.index(self.agent), self._ended)
            return None
        return self.env.render()


if ENV_ID not in gymnasium.registry:  # once, though the module may be imported again
    gymnasium.register(
        ENV_ID,
        entry_point="wizard_rules.integrations.pettingzoo:SingleAgentEnv",
        # an episode ends by itself, within the rules' bound: nothing to truncate
        max_episode_steps=None,
        nondeterministic=False,
    )
