"""The JAX engine against the scalar engine: same deals, same actions, same games.

The scalar engine (``new_game``, ``apply``, ``legal_actions``,
``player_view``, and :class:`~wizard_rules.integrations.tensors.Layout` for
the tensors) is the independent implementation every expected value here
comes from.  Games are played in lockstep: a batch of JAX games stepped by
``jax.jit`` of ``jax.vmap(env.step)`` (as users run it), each game mirrored by
a scalar game given the same deals and the same actions.  At every step of
every game the differential requires the same phase, round, dealer, player
to act, hands, turned card, trump, bids, tricks, trick, finished tricks and
scores; the same legal ids; every seat's observation element for element
(a failure names the pieces that differ); for an accepted action the
round's points as rewards and ``terminated`` as ``is_over``; for a refused
one (about one step in six) the scalar engine's error code and every other
field unchanged; and the scalar winners at the end.

Compiling is the costly part, so the compiled functions are kept in
module-level caches: one step function for each player count (the bid
restriction is a field of the state, so one batch mixes the standard game,
plus/minus one and hardcore), one ``jax.vmap(env.init)`` for each player
count and first dealer.  The default run plays one game of each (player
count, rules) pair; the slow group plays more.  For a large run by hand,
``tools/jax_differential.py`` plays thousands (it uses :func:`differential`
and :func:`replay_random_games` from here)::

    .venv/bin/python tools/jax_differential.py --games 200 --batch 50
"""

from __future__ import annotations

import functools
import importlib
import math
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from wizard_rules import (  # noqa: E402
    DECK,
    Config,
    ConfigError,
    Deal,
    ErrorCode,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    State,
    apply,
    legal_actions,
    new_game,
    player_view,
)
from wizard_rules.core.rules import STANDARD, Rules, variant_rules  # noqa: E402
from wizard_rules.formats.action_ids import (  # noqa: E402
    FIRST_BID,
    FIRST_TRUMP,
    NUM_ACTIONS,
    action_id,
    to_action,
)
from wizard_rules.integrations.tensors import Layout  # noqa: E402
from wizard_rules.sim import batch  # noqa: E402
from wizard_rules.sim.jax_engine import JaxWizard, random_games  # noqa: E402

GAMES = int(os.environ.get("WIZARD_RULES_JAX_GAMES", "1"))
"""Games of each (player count, rules) pair in the default run's differential."""

RULES: dict[str, Rules] = {
    "standard": STANDARD,
    "plus_minus_one": variant_rules(["forbid_bid_total_match"]),  # rule 20
    "hardcore": variant_rules(["hardcore"]),  # rule 25
}
"""The rules the JAX engine plays, by name."""

INIT_BATCH = 1024
"""The batch size of every compiled ``vmap(env.init)`` (one compile per shape)."""

SUITS_NONE = -1
Arrays = dict[str, np.ndarray[Any, Any]]


# -- compiled functions, one per shape --------------------------------------------


class Compiled(NamedTuple):
    """The jitted functions for one player count."""

    env: JaxWizard
    advance: Callable[[Any, Any], tuple[Any, Any, Any]]
    look: Callable[[Any], tuple[Any, Any]]


@functools.cache
def compiled(players: int) -> Compiled:
    """``jit`` of ``vmap(step)`` and of the masks and every seat's observation, for ``players``.

    The step functions depend on the player count alone; the bid
    restriction is read from each state.
    """
    env = JaxWizard(Config(players=players))
    seats = jnp.arange(players)

    def look(states: Any) -> tuple[Any, Any]:
        masks = jax.vmap(lambda s: s.legal_action_mask)(states)
        seen = jax.vmap(lambda s: jax.vmap(lambda p: env.observe(s, p))(seats))(states)
        return masks, seen

    def advance(states: Any, actions: Any) -> tuple[Any, Any, Any]:
        states = jax.vmap(env.step)(states, actions)
        return (states, *look(states))

    return Compiled(env, jax.jit(advance), jax.jit(look))


@functools.cache
def init_dealt(config: Config) -> Callable[[Any, Any], Any]:
    """``jit(vmap(JaxWizard(config).init_dealt))``."""
    return jax.jit(jax.vmap(JaxWizard(config).init_dealt))  # type: ignore[no-any-return]


@functools.cache
def _init(players: int, first_dealer: int) -> Callable[[Any], Any]:
    return jax.jit(jax.vmap(JaxWizard(Config(players=players, first_dealer=first_dealer)).init))  # type: ignore[no-any-return]


def init_from_keys(players: int, first_dealer: int, keys: Any) -> Any:
    """``vmap(env.init)(keys)`` of a standard game, as host arrays (padded to one shape)."""
    count = keys.shape[0]
    assert count <= INIT_BATCH
    padding = jax.random.split(jax.random.key(12345), INIT_BATCH - count)
    states = _init(players, first_dealer)(jnp.concatenate([keys, padding]))
    return jax.tree.map(lambda a: np.asarray(a)[:count], states)


# -- conversions --------------------------------------------------------------------


def mask_of(words: np.ndarray[Any, Any]) -> int:
    """The 60-bit card mask of two ``uint32`` words."""
    return int(words[0]) | int(words[1]) << 32


def deal_of(hands: np.ndarray[Any, Any], turned: int) -> Deal:
    """The scalar Deal of one round's ``(P, 2)`` words and turned card."""
    return Deal(
        [[card for card in DECK if mask_of(words) >> card.index & 1] for words in hands],
        None if turned < 0 else DECK[turned],
    )


def host_deals(
    config: Config, generator: np.random.Generator
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Every round's deal drawn on the host (numpy), in :func:`deal_rounds`' form."""
    players, rounds = config.players, config.rounds
    hands = np.zeros((rounds, players, 2), dtype=np.uint32)
    turned = np.full(rounds, -1, dtype=np.int32)
    for size in range(1, rounds + 1):
        order = generator.permutation(60)
        for seat in range(players):
            mask = sum(1 << int(c) for c in order[seat * size : (seat + 1) * size])
            hands[size - 1, seat] = (mask & 0xFFFFFFFF, mask >> 32)
        if players * size < 60:
            turned[size - 1] = order[players * size]
    return hands, turned


def row(states: Any, game: int) -> Arrays:
    """Every field of game ``game`` of a batch of host arrays."""
    return {name: np.asarray(getattr(states, name))[game] for name in states._fields}


def none(value: int) -> int | None:
    """``None`` for ``-1`` (the engines' "none"), else the value."""
    return None if value == -1 else value


def scalar_code(state: State, action: int) -> ErrorCode | None:
    """The scalar engine's error code for id ``action`` now (``apply``, caught)."""
    player = state.current_player if state.current_player is not None else 0
    probe = to_action(action, player) if 0 <= action < NUM_ACTIONS else None
    try:
        apply(state, probe)
    except (IllegalActionError, InvalidActionError) as error:
        return error.code
    return None


# -- the comparisons -----------------------------------------------------------------


def assert_same_state(game: Arrays, scalar: State, where: str) -> None:
    """Every field of one JAX game says what the scalar state (not waiting for a deal) says."""
    size = int(game["trick_size"])
    pairs: list[tuple[str, object, object]] = [
        ("phase", batch.PHASES[int(game["phase"])], scalar.phase),
        ("round", int(game["round"]), scalar.round),
        ("dealer", int(game["dealer"]), scalar.dealer),
        ("current_player", none(int(game["current_player"])), scalar.current_player),
        ("hands", tuple(mask_of(w) for w in game["hands"]), scalar.hand_masks),
        (
            "turned",
            none(int(game["turned"])),
            None if scalar.turned is None else scalar.turned.index,
        ),
        (
            "trump",
            none(int(game["trump"])),
            None if scalar.trump is None else list(type(scalar.trump)).index(scalar.trump),
        ),
        ("bids", tuple(none(int(b)) for b in game["bids"]), scalar.bids),
        ("tricks_won", tuple(int(w) for w in game["tricks_won"]), scalar.tricks_won),
        ("scores", tuple(int(s) for s in game["scores"]), scalar.scores),
        (
            "trick",
            tuple(int(c) for c in game["trick"][:size]),
            tuple(c.index for c in scalar.current_trick),
        ),
        ("trick_rest", {int(c) for c in game["trick"][size:]} | {-1}, {-1}),
        ("trick_bits", mask_of(game["trick_bits"]), sum(c.mask for c in scalar.current_trick)),
        ("leader", int(game["leader"]), scalar.leader),
        ("winning", none(int(game["winning"])), scalar.trick_winner),
        ("played", mask_of(game["played"]), sum(c.mask for c in scalar.played)),
        ("terminated", bool(game["terminated"]), scalar.is_over),
        ("truncated", bool(game["truncated"]), False),
    ]
    led = int(game["led"])
    expected_led = scalar.led_suit
    pairs.append(
        (
            "led",
            None if not 0 <= led < 4 else led,
            None if expected_led is None else list(type(expected_led)).index(expected_led),
        )
    )
    wrong = [
        f"{name}: jax {mine!r} scalar {theirs!r}" for name, mine, theirs in pairs if mine != theirs
    ]
    assert not wrong, f"{where}: {'; '.join(wrong)}"


def assert_same_tensors(
    got: np.ndarray[Any, Any], expected: np.ndarray[Any, Any], lay: Layout, where: str
) -> None:
    """``got`` equals ``expected`` element for element; else name the pieces that differ."""
    assert got.dtype == np.float32, where
    assert got.shape == expected.shape == (lay.size,), where
    if np.array_equal(got, expected):
        return
    mine, theirs = lay.pieces_of(got), lay.pieces_of(expected)
    wrong = [name for name, _ in lay.pieces if not np.array_equal(mine[name], theirs[name])]
    details = "; ".join(
        f"{name}: jax {np.flatnonzero(mine[name]).tolist()} "
        f"scalar {np.flatnonzero(theirs[name]).tolist()}"
        for name in wrong
    )
    raise AssertionError(f"{where}: pieces {wrong} differ ({details})")


# -- the differential --------------------------------------------------------------


class Counts(NamedTuple):
    """What one run of :func:`differential` did."""

    games: int
    steps: int
    decisions: int
    refusals: int
    observations: int


def probe_id(rng: np.random.Generator, legal: list[int], phase: int, round_: int) -> int:
    """An id the scalar engine refuses now: near the phase's kind half the time, else anywhere."""
    if rng.random() < 0.5:
        if phase == batch.PHASE_BID:
            near = list(range(FIRST_BID, FIRST_BID + round_ + 3))
        elif phase == batch.PHASE_CHOOSE_TRUMP:
            near = list(range(FIRST_TRUMP, FIRST_TRUMP + 5))
        else:
            near = list(range(60))
        choices = [a for a in near if a not in legal]
        if choices:
            return int(rng.choice(choices))
    extremes = [-(2**31), -2, -1, NUM_ACTIONS, NUM_ACTIONS + 1, 2**31 - 1]
    choices = [a for a in range(NUM_ACTIONS) if a not in legal] + extremes
    return int(rng.choice(choices))


def start_games(
    players: int,
    games: int,
    seed: int,
    *,
    rules: tuple[Rules, ...] = tuple(RULES.values()),
    from_keys: bool = False,
) -> tuple[Any, list[Config]]:
    """``games`` new JAX games of each of ``rules``, as one batch; and their configs.

    With ``from_keys`` the standard game's games are made by
    ``vmap(env.init)`` from keys (the others take those deals), seat 0
    dealing first; else every deal is drawn on the host and given to
    ``init_dealt``, and each rules' games have their own first dealer.
    """
    generator = np.random.default_rng(seed)
    parts = []
    configs: list[Config] = []
    keys = jax.random.split(jax.random.key(seed), games)
    for index, each in enumerate(rules):
        first = 0 if from_keys else (seed + index) % players  # one compiled init a count
        config = Config(players=players, first_dealer=first, rules=each)
        if from_keys:
            dealt = init_from_keys(players, first, keys)
            hands, turned = dealt.deals, dealt.deal_turned
            if each == STANDARD:
                parts.append(dealt)
                configs += [config] * games
                continue
        else:
            drawn = [host_deals(config, generator) for _ in range(games)]
            hands = np.stack([h for h, _ in drawn])
            turned = np.stack([t for _, t in drawn])
        parts.append(jax.tree.map(np.asarray, init_dealt(config)(hands, turned)))
        configs += [config] * games
    states = jax.tree.map(lambda *a: np.concatenate(a), *parts)
    return states, configs


def differential(
    players: int,
    games: int,
    seed: int,
    *,
    rules: tuple[Rules, ...] = tuple(RULES.values()),
    illegal: float = 0.15,
    observe_every: int = 1,
    from_keys: bool = False,
    snapshots: list[Any] | None = None,
) -> Counts:
    """Play ``games`` games of each of ``rules`` through both engines in lockstep.

    Raises AssertionError at the first difference.  A share ``illegal`` of
    the actions are refused ids.  Every seat's observation is compared at
    every ``observe_every``-th step (1: every step).  ``snapshots``, if
    given, receives host copies of the batch now and then (for
    :func:`test_secrets_stay_secret`).
    """
    rng = np.random.default_rng(seed)
    code = compiled(players)
    states, configs = start_games(players, games, seed, rules=rules, from_keys=from_keys)
    deals, turned = states.deals, states.deal_turned
    size = len(configs)
    scalars = [new_game(config) for config in configs]
    layouts = {each: Layout(players, rules=each) for each in rules}
    dealt = [0] * size
    masks, seen = (np.asarray(a) for a in code.look(states))
    steps = decisions = refusals = observations = 0
    while True:
        for g in range(size):
            if scalars[g].is_chance:
                r = dealt[g]
                scalars[g] = apply(scalars[g], deal_of(deals[g, r], int(turned[g, r])))
                dealt[g] += 1
        for g, scalar in enumerate(scalars):
            where = f"{players} players, {configs[g].rules}, game {g}, step {steps}"
            game = row(states, g)
            assert_same_state(game, scalar, where)
            legal = sorted(action_id(a) for a in legal_actions(scalar))
            assert np.flatnonzero(masks[g]).tolist() == legal, f"{where}: legal ids"
            if steps % observe_every == 0:
                lay = layouts[configs[g].rules]
                for seat in range(players):
                    expected = lay.encode(player_view(scalar, seat))
                    assert_same_tensors(seen[g, seat], expected, lay, f"{where}, seat {seat}")
                    observations += 1
        if all(s.is_over for s in scalars):
            break
        if snapshots is not None and steps % 41 == 7:
            snapshots.append(states)
        actions = np.zeros(size, dtype=np.int32)
        for g in range(size):
            legal = np.flatnonzero(masks[g]).tolist()
            if legal and rng.random() >= illegal:
                actions[g] = rng.choice(legal)
            else:
                actions[g] = probe_id(rng, legal, int(states.phase[g]), int(states.round[g]))
        before = states
        states, masks, seen = jax.device_get(code.advance(states, jnp.asarray(actions)))
        for g, scalar in enumerate(scalars):
            where = f"{players} players, {configs[g].rules}, game {g}, step {steps}"
            action = int(actions[g])
            expected_code = scalar_code(scalar, action)
            error = batch.ERROR_CODES[int(states.error[g])]
            assert error == expected_code, (
                f"{where}: id {action}: jax {error} scalar {expected_code}"
            )
            rewards = np.asarray(states.rewards[g])
            assert rewards.dtype == np.float32
            if expected_code is not None:
                refusals += 1
                old, new = row(before, g), row(states, g)
                changed = [
                    name
                    for name in old
                    if name not in ("error", "rewards")
                    and not np.array_equal(old[name], new[name])
                ]
                assert not changed, f"{where}: refused id {action} changed {changed}"
                assert not rewards.any(), where
                continue
            results = len(scalar.results)
            scalars[g] = apply(scalar, to_action(action, scalar.current_player))  # type: ignore[arg-type]
            decisions += 1
            if len(scalars[g].results) > results:
                assert tuple(rewards.tolist()) == scalars[g].results[-1].scores, where
            else:
                assert not rewards.any(), where
        steps += 1
    for g, scalar in enumerate(scalars):
        final = np.asarray(states.scores[g])
        assert tuple(np.flatnonzero(final == final.max()).tolist()) == scalar.winners
        assert bool(states.terminated[g])
    return Counts(size, steps, decisions, refusals, observations)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_engines_agree_step_by_step(players: int) -> None:
    counts = differential(players, GAMES, seed=players, from_keys=players == 4)
    assert counts.games == GAMES * len(RULES)
    assert counts.decisions > 0
    assert counts.refusals > 0
    assert counts.observations >= counts.steps * players


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 5, 6])
def test_the_engines_agree_on_games_dealt_from_keys(players: int) -> None:
    counts = differential(players, 1, seed=100 + players, from_keys=True, observe_every=2)
    assert counts.games == len(RULES)


# -- planted bugs: the comparisons catch them --------------------------------------


def test_a_wrong_piece_is_named() -> None:
    lay = Layout(4)
    scalar = next(s for s in walk_until(4, 9) if s.phase.name == "PLAY")
    expected = lay.encode(player_view(scalar, 0))
    shifted = np.roll(expected, 1)  # every piece one place off
    with pytest.raises(AssertionError, match=r"pieces \[.*'hand'.*\] differ"):
        assert_same_tensors(shifted, expected, lay, "planted")
    one_card = expected.copy()
    pieces = lay.pieces_of(one_card)  # views into one_card
    pieces["played"][5] = 1 - pieces["played"][5]
    with pytest.raises(AssertionError, match=r"pieces \['played'\] differ"):
        assert_same_tensors(one_card, expected, lay, "planted")


def walk_until(players: int, seed: int) -> Iterator[State]:
    """The states of one random scalar game of ``players`` (deals from ``seed``)."""
    import random

    from wizard_rules import random_deal

    rng = random.Random(seed)
    state = new_game(Config(players=players))
    while not state.is_over:
        if state.is_chance:
            state = apply(state, random_deal(state, rng))
            continue
        yield state
        state = apply(state, rng.choice(list(legal_actions(state))))
    yield state


def test_a_changed_field_is_named() -> None:
    states, configs = start_games(3, 1, seed=5)
    scalar = apply(
        new_game(configs[0]), deal_of(states.deals[0, 0], int(states.deal_turned[0, 0]))
    )
    game = row(states, 0)
    assert_same_state(game, scalar, "as dealt")
    game["tricks_won"] = game["tricks_won"] + np.array([0, 1, 0], dtype=np.int32)
    with pytest.raises(AssertionError, match=r"tricks_won: jax \(0, 1, 0\) scalar \(0, 0, 0\)"):
        assert_same_state(game, scalar, "planted")


# -- secrets ------------------------------------------------------------------------


def test_secrets_stay_secret() -> None:
    """A seat's observation ignores the other seats' hands and the deals not yet in play."""
    players = 4
    code = compiled(players)
    snapshots: list[Any] = []
    differential(players, 1, seed=21, observe_every=50, snapshots=snapshots)
    assert len(snapshots) >= 10
    rng = np.random.default_rng(3)
    checked = 0
    for states in snapshots:
        _, seen = (np.asarray(a) for a in code.look(states))
        for seat in range(players):
            others = [s for s in range(players) if s != seat]
            a, b = (int(x) for x in rng.choice(others, 2, replace=False))
            hands = np.array(states.hands)
            for g in range(hands.shape[0]):
                one, two = mask_of(hands[g, a]), mask_of(hands[g, b])
                if one and two:
                    low_a = one & -one
                    low_b = two & -two
                    one, two = one ^ low_a | low_b, two ^ low_b | low_a
                else:  # an empty hand: move all cards over
                    one, two = two, one
                hands[g, a] = (one & 0xFFFFFFFF, one >> 32)
                hands[g, b] = (two & 0xFFFFFFFF, two >> 32)
            redrawn = rng.permuted(np.asarray(states.deals), axis=1)
            secret = states._replace(
                hands=hands,
                deals=redrawn[:, ::-1],
                deal_turned=rng.permuted(np.asarray(states.deal_turned), axis=1),
            )
            _, changed = (np.asarray(x) for x in code.look(secret))
            assert np.array_equal(changed[:, seat], seen[:, seat]), f"seat {seat} saw a secret"
            checked += hands.shape[0]
            # The control: the seat's own hand does show.
            own = np.array(states.hands)
            own[:, seat] = own[:, a]
            _, shown = (np.asarray(x) for x in code.look(states._replace(hands=own)))
            differs = mask_of_rows(own[:, seat]) != mask_of_rows(np.asarray(states.hands)[:, seat])
            assert np.array_equal((shown[:, seat] != seen[:, seat]).any(axis=1), differs)
    assert checked > 0


def mask_of_rows(words: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """``(B, 2)`` words as ``(B,)`` Python-int masks (an object array)."""
    return np.array([mask_of(w) for w in words], dtype=object)


# -- random_games ----------------------------------------------------------------------


def replay_random_games(config: Config, games: int, key: Any) -> tuple[int, int]:
    """Replay ``random_games(config, games, key, record=True)`` through the scalar engine.

    The deals are those ``vmap(env.init)`` makes for the keys
    ``random_games`` documents; every recorded action must be legal there,
    and the final scores, winners and decision count must be equal.
    Returns ``(games, decisions)``.
    """
    result = jax.device_get(random_games(config, games, key, record=True))
    keys = jax.random.split(jax.random.split(key)[0], games)
    dealt = init_from_keys(config.players, config.first_dealer, keys)
    decisions = 0
    for g in range(games):
        state = new_game(config)
        recorded = iter(int(a) for a in result.actions[g] if a >= 0)
        r = 0
        while not state.is_over:
            if state.is_chance:
                state = apply(state, deal_of(dealt.deals[g, r], int(dealt.deal_turned[g, r])))
                r += 1
                continue
            action = next(recorded)
            legal = [action_id(a) for a in legal_actions(state)]
            assert action in legal, f"game {g}: id {action} not legal in {state!r}"
            state = apply(state, to_action(action, state.current_player))  # type: ignore[arg-type]
            decisions += 1
        assert next(recorded, None) is None, f"game {g}: actions left over"
        assert tuple(result.scores[g].tolist()) == state.scores, f"game {g}: scores"
        assert tuple(np.flatnonzero(result.winners[g]).tolist()) == state.winners, f"game {g}"
    assert decisions == int(result.decisions)
    return games, decisions


@pytest.mark.parametrize(
    "name", ["standard", *(pytest.param(n, marks=pytest.mark.slow) for n in list(RULES)[1:])]
)
def test_random_games_replay_through_the_scalar_engine(name: str) -> None:
    config = Config(players=4, rules=RULES[name])
    games, decisions = replay_random_games(config, 8, jax.random.key(7))
    assert decisions > games * 4 * 15  # at least the bids and cards of each game


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "name", "first"),
    [(3, "plus_minus_one", 2), (5, "hardcore", 0), (6, "standard", 0)],
)
def test_random_games_replay_for_other_player_counts(players: int, name: str, first: int) -> None:
    config = Config(players=players, first_dealer=first, rules=RULES[name])
    replay_random_games(config, 8, jax.random.key(players))


def test_random_games_are_seeded() -> None:
    config = Config(players=4)
    one = random_games(config, 8, jax.random.key(7), record=True)
    again = random_games(config, 8, jax.random.key(7), record=True)
    other = random_games(config, 8, jax.random.key(8), record=True)
    assert np.array_equal(one.scores, again.scores)
    assert one.actions is not None
    assert again.actions is not None
    assert other.actions is not None
    assert np.array_equal(one.actions, again.actions)
    assert not np.array_equal(one.actions, other.actions)
    assert int(one.steps) == one.actions.shape[1]


@pytest.mark.slow
def test_random_games_without_a_record_are_the_same_games() -> None:
    config = Config(players=4)
    recorded = random_games(config, 8, jax.random.key(7), record=True)
    plain = random_games(config, 8, jax.random.key(7))
    assert plain.actions is None
    assert np.array_equal(plain.scores, recorded.scores)
    assert np.array_equal(plain.winners, recorded.winners)
    assert int(plain.decisions) == int(recorded.decisions)


def test_the_same_key_deals_the_same_game() -> None:
    keys = jax.random.split(jax.random.key(1), 3)
    one = init_from_keys(4, 0, keys)
    again = init_from_keys(4, 0, jnp.stack([keys[1], keys[0], keys[2]]))
    assert np.array_equal(one.deals[[1, 0, 2]], again.deals)
    assert not np.array_equal(one.deals[0], one.deals[1])
    assert not np.array_equal(one.deal_turned, np.roll(one.deal_turned, 1, axis=0))


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: random_games("4", 8, jax.random.key(0)), InvalidArgumentError),  # type: ignore[arg-type]
        (lambda: random_games(Config(players=4), 0, jax.random.key(0)), InvalidArgumentError),
        (lambda: random_games(Config(players=4), 2.0, jax.random.key(0)), InvalidArgumentError),  # type: ignore[arg-type]
        (lambda: random_games(Config(players=4), True, jax.random.key(0)), InvalidArgumentError),
        (
            lambda: random_games(
                Config(players=4, rules=variant_rules(["hidden_bids"])), 8, jax.random.key(0)
            ),
            ConfigError,
        ),
        (lambda: JaxWizard(None), InvalidArgumentError),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_are_refused(call: Callable[[], object], error: type[Exception]) -> None:
    with pytest.raises(error) as raised:
        call()
    expected = ErrorCode.INVALID_CONFIG if error is ConfigError else ErrorCode.INVALID_ARGUMENT
    assert raised.value.code is expected  # type: ignore[attr-defined]


_ENV3 = JaxWizard(Config(players=3))


@functools.cache
def _one_and_three() -> tuple[Any, Any]:
    """One game of 3 players, and a batch of three (eager: no compile needed)."""
    keys = jax.random.split(jax.random.key(0), 3)
    return _ENV3.init(jax.random.key(0)), jax.vmap(_ENV3.init)(keys)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda one, many: _ENV3.step(many, jnp.array([60, 60, 60])), "jax.vmap(env.step)"),
        (lambda one, many: _ENV3.observe(many, 0), "jax.vmap(env.observe)"),
        (lambda one, many: _ENV3.step("a state", 60), "takes a State, not str"),  # type: ignore[arg-type]
        (lambda one, many: _ENV3.step(one, 60.7), "action must be an integer"),  # type: ignore[arg-type]
        (lambda one, many: _ENV3.step(one, True), "action must be an integer"),
        (lambda one, many: _ENV3.step(one, jnp.float32(60)), "not an array of float32"),
        (lambda one, many: _ENV3.step(one, jnp.array([60, 61])), "of shape (2,)"),
        (lambda one, many: _ENV3.observe(one, 1.5), "player must be an integer"),  # type: ignore[arg-type]
        (lambda one, many: _ENV3.init(0), "key must be one JAX random key"),  # type: ignore[arg-type]
        (lambda one, many: _ENV3.init(jnp.zeros(3, dtype=jnp.uint32)), "of uint32 and shape (3,)"),
        (lambda one, many: _ENV3.init(jax.random.split(jax.random.key(0), 2)), "shape (2,)"),
        (lambda one, many: random_games(Config(players=3), 2, 7), "key must be one JAX"),  # type: ignore[arg-type]
    ],
)
def test_a_batch_or_bad_value_is_refused_when_traced(
    call: Callable[[Any, Any], object], words: str
) -> None:
    # Shapes and dtypes are known when a function is traced: a batch given to a
    # function of one game, a float action or seat, or something that is not a
    # key is refused there with invalid_argument, not deep inside JAX.
    one, many = _one_and_three()
    with pytest.raises(InvalidArgumentError) as raised:
        call(one, many)
    assert raised.value.code is ErrorCode.INVALID_ARGUMENT
    assert words in raised.value.message


def test_accepted_forms_of_actions_seats_and_keys() -> None:
    one, _ = _one_and_three()
    # a Python int, numpy and JAX integers of any width; a raw uint32[2] key
    for action in (60, np.int64(60), jnp.int8(60), np.array(60, dtype=np.uint16)):
        assert int(_ENV3.step(one, action).error) == 0
    raw = jax.random.key_data(jax.random.key(0))
    assert raw.dtype == jnp.uint32
    assert raw.shape == (2,)
    assert int(_ENV3.init(raw).round) == 1


def test_a_seat_that_is_none_is_observed_as_zeros() -> None:
    # -1 (current_player at the end) and P up are no seat: a row of zeros, as
    # batch_tensors.observe writes -1; a real seat's tensor has a one in "seat".
    one, _ = _one_and_three()
    layout = Layout(3)
    for seat in (-1, 3, 7):
        assert not np.asarray(_ENV3.observe(one, seat)).any()
    for seat in range(3):
        pieces = layout.pieces_of(np.asarray(_ENV3.observe(one, seat)))
        assert pieces["seat"].tolist() == [1.0 if s == seat else 0.0 for s in range(3)]


@pytest.mark.parametrize(
    "names",
    [["hidden_bids"], ["delayed_reveal"], ["clairvoyance"], ["canadian_rule"]],
)
def test_rules_it_does_not_play_are_refused(names: list[str]) -> None:
    rules = variant_rules(names)
    with pytest.raises(ConfigError, match="the JAX engine plays the standard game") as raised:
        JaxWizard(Config(players=4, rules=rules))
    assert raised.value.code is ErrorCode.INVALID_CONFIG


def test_repr_names_the_config() -> None:
    config = Config(players=5)
    assert repr(JaxWizard(config)) == f"JaxWizard({config!r})"


def test_without_jax_the_import_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "jax", None)
    monkeypatch.delitem(sys.modules, "wizard_rules.sim.jax_engine")
    with pytest.raises(ImportError, match=r"the 'jax' extra: pip install '\.\[jax\]'"):
        importlib.import_module("wizard_rules.sim.jax_engine")


# -- deals ---------------------------------------------------------------------------


def test_deals_are_valid() -> None:
    """Sizes, disjoint hands, the turned card dealt to no one, none in the last round."""
    for players, first in ((4, 0),):
        dealt = init_from_keys(players, first, jax.random.split(jax.random.key(2), 64))
        rounds = 60 // players
        assert dealt.deals.shape == (64, rounds, players, 2)
        for g in range(64):
            for r in range(rounds):
                masks = [mask_of(w) for w in dealt.deals[g, r]]
                assert [m.bit_count() for m in masks] == [r + 1] * players
                everything = 0
                for m in masks:
                    assert m & everything == 0
                    everything |= m
                assert everything < 1 << 60
                t = int(dealt.deal_turned[g, r])
                if r == rounds - 1:
                    assert t == -1
                else:
                    assert 0 <= t < 60
                    assert not everything >> t & 1
            # the game starts with round 1's deal in play
            assert np.array_equal(dealt.hands[g], dealt.deals[g, 0])
            assert int(dealt.turned[g]) == int(dealt.deal_turned[g, 0])


CRITICAL = {2: 13.82, 5: 20.52, 59: 98.32}
"""The chi-square statistic's 0.999 quantile by degrees of freedom (from tables; for 2
degrees it is ``-2 ln 0.001``): a fair deal exceeds it with chance 0.001."""


def chi_square(observed: Any, expected: Any) -> float:
    """Pearson's statistic, the sum of ``(observed - expected)**2 / expected``."""
    observed, expected = np.asarray(observed, dtype=float), np.asarray(expected, dtype=float)
    assert observed.sum() == pytest.approx(expected.sum())
    return float(((observed - expected) ** 2 / expected).sum())


def test_deals_are_uniform() -> None:
    """Chi-square tests of the deal against distributions worked out by hand (p = 0.001)."""
    keys = jax.random.split(jax.random.key(99), INIT_BATCH)
    dealt = init_from_keys(4, 0, keys)
    # The turned card of every round but the last: each of the 60 cards with chance 1/60.
    turned = dealt.deal_turned[:, :-1].reshape(-1)
    counts = np.bincount(turned, minlength=60)
    expected = np.full(60, turned.size / 60)
    assert chi_square(counts, expected) < CRITICAL[59]
    # Wizards (cards 56-59) in seat 0's hand of round 3: hypergeometric, 3 of 60 with 4.
    hand = np.array([mask_of(w) for w in dealt.deals[:, 2, 0]], dtype=object)
    wizards = np.array([bin(int(m) >> 56).count("1") for m in hand])
    chances = [math.comb(4, k) * math.comb(56, 3 - k) / math.comb(60, 3) for k in range(4)]
    assert chances[0] == pytest.approx(0.8101, abs=1e-4)  # 56*55*54 / (60*59*58)
    observed = np.bincount(wizards, minlength=4)
    # pool 2 and 3 Wizards (expected under 5 games): three classes
    pooled_obs = [observed[0], observed[1], observed[2] + observed[3]]
    pooled_exp = [INIT_BATCH * c for c in (chances[0], chances[1], chances[2] + chances[3])]
    assert chi_square(pooled_obs, pooled_exp) < CRITICAL[2]
    # Where the Jester card 0 lands in round 1: each seat, turned 1/60 each; undealt 55/60.
    where = np.full(INIT_BATCH, 5)
    for seat in range(4):
        where[np.asarray(dealt.deals[:, 0, seat, 0] & 1, dtype=bool)] = seat
    where[dealt.deal_turned[:, 0] == 0] = 4
    spots = np.bincount(where, minlength=6)
    expected_spots = INIT_BATCH * np.array([1, 1, 1, 1, 1, 55]) / 60
    assert chi_square(spots, expected_spots) < CRITICAL[5]


def test_a_biased_deal_would_fail_the_check() -> None:
    """The uniformity check has teeth: a deal that favours low cards fails it."""
    rng = np.random.default_rng(0)
    biased = np.minimum(rng.integers(0, 60, 14 * INIT_BATCH), rng.integers(0, 64, 14 * INIT_BATCH))
    counts = np.bincount(np.clip(biased, 0, 59), minlength=60)
    assert chi_square(counts, np.full(60, counts.sum() / 60)) > CRITICAL[59]


# -- jit and vmap --------------------------------------------------------------------


def test_the_engine_runs_under_jit_and_vmap() -> None:
    """``jit(vmap(init))``, ``jit(vmap(step))`` and ``vmap(observe)`` trace and run."""
    env = JaxWizard(Config(players=4))
    keys = jax.random.split(jax.random.key(3), INIT_BATCH)
    states = _init(4, 0)(keys)  # jit(vmap(env.init))
    stepped = jax.jit(jax.vmap(env.step))(states, jnp.full(INIT_BATCH, FIRST_BID, jnp.int32))
    assert stepped.error.shape == (INIT_BATCH,)
    seen = jax.vmap(env.observe)(stepped, stepped.current_player)
    assert seen.shape == (INIT_BATCH, env.observation_size) == (INIT_BATCH, 592)
    assert stepped.legal_action_mask.shape == (INIT_BATCH, NUM_ACTIONS)
    # one game, jitted without vmap, is the batch's first game
    first = jax.tree.map(lambda a: a[0], states)
    alone = jax.jit(env.step)(first, FIRST_BID)
    for name in stepped._fields:
        assert np.array_equal(np.asarray(getattr(stepped, name))[0], getattr(alone, name)), name
    # no host callbacks anywhere in the programs
    for program in (
        jax.make_jaxpr(env.step)(first, jnp.int32(FIRST_BID)),
        jax.make_jaxpr(jax.vmap(env.step))(states, jnp.zeros(INIT_BATCH, jnp.int32)),
        jax.make_jaxpr(env.observe)(first, jnp.int32(1)),
        jax.make_jaxpr(env.init)(keys[0]),
    ):
        assert "callback" not in str(program)
    # step's key is accepted and not used
    keyed = jax.jit(env.step)(first, FIRST_BID, jax.random.key(5))
    assert np.array_equal(keyed.bids, alone.bids)
