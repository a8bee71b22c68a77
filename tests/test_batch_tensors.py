"""The batch observations against the scalar tensors: same games, same tensors, piece by piece.

The expected tensors come from the scalar engine: ``Layout.encode`` of
``player_view`` of a scalar state played through ``apply`` with the same deals
and the same actions as the batch.  Games are played in lockstep through both
engines (the batch deals with :func:`~wizard_rules.sim.batch.deal`; the
scalar engine is given the same deals), and at every step, the deals and the
end of the game included, every seat's tensor of every game is compared.
The default run plays a few games of every player count and every variant
the batch engine plays; the slow group plays more.  For a large run by hand,
set the number of games per (player count, variant)::

    WIZARD_RULES_BATCH_TENSOR_GAMES=50 .venv/bin/python -m pytest -qs tests/test_batch_tensors.py
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import numpy as np
import pytest

from tests.test_batch import BATCH_VARIANTS, batch_deal_as_scalar
from wizard_rules import (
    Config,
    ConfigError,
    ErrorCode,
    InvalidArgumentError,
    State,
    apply,
    new_game,
    player_view,
)
from wizard_rules.core.rules import STANDARD, Rules, variant_rules
from wizard_rules.integrations import batch_tensors
from wizard_rules.integrations.batch_tensors import layout, observe, observe_all
from wizard_rules.integrations.tensors import Layout
from wizard_rules.sim import batch
from wizard_rules.sim.batch import BatchState

GAMES = int(os.environ.get("WIZARD_RULES_BATCH_TENSOR_GAMES", "6"))


def assert_same_tensors(
    got: np.ndarray[Any, Any], expected: np.ndarray[Any, Any], lay: Layout, where: str
) -> None:
    """``got`` equals ``expected`` element for element; else name the pieces that differ."""
    assert got.dtype == np.float32
    assert got.shape == expected.shape == (lay.size,)
    if np.array_equal(got, expected):
        return
    mine, theirs = lay.pieces_of(got), lay.pieces_of(expected)
    wrong = [name for name, _ in lay.pieces if not np.array_equal(mine[name], theirs[name])]
    details = "; ".join(
        f"{name}: batch {np.flatnonzero(mine[name]).tolist()} "
        f"scalar {np.flatnonzero(theirs[name]).tolist()}"
        for name in wrong
    )
    raise AssertionError(f"{where}: pieces {wrong} differ ({details})")


def compare(state: BatchState, scalars: list[State], lay: Layout, step: int) -> int:
    """Every seat's tensor of every game, batch against scalar; return how many were compared."""
    everyone = observe_all(state)
    players = state.config.players
    assert everyone.shape == (state.size, players, lay.size)
    assert everyone.dtype == np.float32
    for seat in range(players):
        assert np.array_equal(observe(state, seat), everyone[:, seat])
    to_act = observe(state, state.current_player)
    for g, scalar in enumerate(scalars):
        for seat in range(players):
            where = f"step {step}, game {g}, seat {seat}, {scalar!r}"
            expected = lay.encode(player_view(scalar, seat))
            assert_same_tensors(everyone[g, seat], expected, lay, where)
        if scalar.current_player is None:
            assert not to_act[g].any()
        else:
            assert np.array_equal(to_act[g], everyone[g, scalar.current_player])
    return state.size * players


def lockstep(
    players: int, games: int, seed: int, *, rules: Rules = STANDARD, forbid: bool = False
) -> dict[str, int]:
    """Play ``games`` random games through both engines, comparing tensors at every step."""
    generator = np.random.default_rng(seed)
    first = generator.integers(0, players, games)
    config = Config(players=players, forbid_bid_total_match=forbid, rules=rules)
    lay = layout(config)
    assert lay.size == Layout(players, rules=config.rules).size
    scalars = [
        new_game(
            Config(
                players=players, first_dealer=int(d), forbid_bid_total_match=forbid, rules=rules
            )
        )
        for d in first
    ]
    state = batch.new_batch(config, games, first_dealer=first)
    counts = {"steps": 0, "tensors": 0, "phases": 0}
    phases: set[int] = set()
    while True:
        phases.update(state.phase.tolist())
        counts["tensors"] += compare(state, scalars, lay, counts["steps"])  # deals, the end too
        if state.is_over.all():
            break
        if state.is_chance.any():
            waiting = state.is_chance.tolist()
            state = batch.deal(state, generator)
            for g, dealt in enumerate(waiting):
                if dealt:
                    scalars[g] = apply(scalars[g], batch_deal_as_scalar(state, g))
        else:
            actions = batch.random_actions(state, generator)
            current = state.current_player
            result = batch.step(state, actions)
            for g in range(games):
                if current[g] >= 0:
                    assert result.error[g] == 0
                    scalars[g] = apply(
                        scalars[g], batch.to_action(int(actions[g]), int(current[g]))
                    )
            state = result.state
        counts["steps"] += 1
    counts["phases"] = len(phases)
    return counts


# Every variant the batch engine plays, each quick case with one player count
# (3 to 6 in turn), the slow group with all four.
VARIANTS: list[tuple[str, ...]] = [(), ("forbid_bid_total_match",), *BATCH_VARIANTS]
QUICK = [(names, 3 + i % 4) for i, names in enumerate(VARIANTS)]


def _ids(names: tuple[str, ...]) -> str:
    return "+".join(names) or "standard"


@pytest.mark.parametrize(("names", "players"), QUICK, ids=[_ids(n) for n, _ in QUICK])
def test_batch_observations_agree_with_the_scalar_tensors(
    names: tuple[str, ...], players: int
) -> None:
    counts = lockstep(players, 1, seed=len(names) * 10 + players, rules=variant_rules(names))
    assert counts["phases"] >= 4  # deal, bid, play, over (and choose trump when a Wizard turns)
    assert counts["tensors"] > 1000


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_player_count_agrees_with_the_bid_total_option(players: int) -> None:
    counts = lockstep(players, 1, seed=1, forbid=players % 2 == 0)
    assert counts["phases"] == 5  # the seed turns a Wizard at least once


@pytest.mark.slow
@pytest.mark.parametrize("names", VARIANTS, ids=[_ids(n) for n in VARIANTS])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_batch_observations_agree_at_length(names: tuple[str, ...], players: int) -> None:
    counts = lockstep(players, GAMES, seed=200 + players, rules=variant_rules(names))
    assert counts["phases"] == 5
    if "WIZARD_RULES_BATCH_TENSOR_GAMES" in os.environ:  # pragma: no cover - the run by hand
        print(f"\n{players} players, {_ids(names)}: {GAMES} games, {counts}")


# -- a planted bug is caught, and named ---------------------------------------------


def _planted(monkeypatch: pytest.MonkeyPatch, **changes: object) -> None:
    """Make observe read a plan with some of its values changed (a planted bug)."""
    real = batch_tensors._Plan

    def plan(config: Config) -> object:
        made = real(config)
        for name, value in changes.items():
            setattr(made, name, value(made) if callable(value) else value)
        return made

    monkeypatch.setattr(batch_tensors, "_plan", plan)


@pytest.mark.parametrize(
    ("names", "changes", "piece"),
    [
        ((), {"offsets": lambda p: {**p.offsets, "trump": p.offsets["trump"] + 1}}, "trump"),
        ((), {"offsets": lambda p: {**p.offsets, "played": p.offsets["played"] - 1}}, "played"),
        (("hidden_bids",), {"shown_while_bidding": True}, "bids"),
        (("clairvoyance",), {"blind_round": 0}, "hand"),
    ],
    ids=["trump-shifted", "played-shifted", "hidden-bids-shown", "blind-hand-shown"],
)
def test_a_planted_bug_is_caught_and_its_piece_named(
    monkeypatch: pytest.MonkeyPatch, names: tuple[str, ...], changes: dict[str, object], piece: str
) -> None:
    _planted(monkeypatch, **changes)
    with pytest.raises(AssertionError) as caught:
        lockstep(4, 1, seed=1, rules=variant_rules(names))
    message = str(caught.value)
    assert f"pieces ['{piece}'" in message, message


# -- the seat argument, and what is refused -------------------------------------------


def test_a_seat_of_minus_one_writes_a_row_of_zeros() -> None:
    state = batch.new_batch(Config(players=3), 3)
    state = batch.deal(state, np.random.default_rng(2))
    seats = np.array([-1, 2, 0], dtype=np.int8)
    rows = observe(state, seats)
    assert not rows[0].any()
    assert np.array_equal(rows[1], observe(state, 2)[1])
    assert np.array_equal(rows[2], observe(state, np.int64(0))[2])
    assert np.array_equal(observe(state, [1, 1, 1]), observe(state, 1))
    # A game waiting for its deal has no player to act: current_player gives zeros.
    waiting = batch.new_batch(Config(players=3), 2)
    assert not observe(waiting, waiting.current_player).any()
    assert observe(waiting, 0)[:, 0].tolist() == [1.0, 1.0]  # the seat piece: seat 0


def test_layout_is_the_scalar_layout_of_the_config() -> None:
    config = Config(players=5, rules=variant_rules(["clairvoyance"]))
    lay = layout(config)
    assert lay is layout(Config(players=5, rules=variant_rules(["clairvoyance"])))
    expected = Layout(5, rules=config.rules)
    assert (lay.pieces, lay.offsets, lay.size) == (
        expected.pieces,
        expected.offsets,
        expected.size,
    )
    assert lay.clairvoyant
    assert not layout(Config(players=5)).clairvoyant


@pytest.mark.parametrize(
    "seat",
    [
        3,
        -1,
        True,
        np.bool_(False),
        1.0,
        "0",
        None,
        [0, 1],
        [[0, 1, 2]],
        [0.0, 1.0, 2.0],
        [0, 3, 1],
        [-2, 0, 0],
        [[0], [1, 2], 0],  # ragged: numpy cannot make an array of it
    ],
)
def test_a_bad_seat_is_refused(seat: object) -> None:
    state = batch.new_batch(Config(players=3), 3)
    with pytest.raises(InvalidArgumentError) as raised:
        observe(state, seat)  # type: ignore[arg-type]
    assert raised.value.code is ErrorCode.INVALID_ARGUMENT
    assert "seat must" in raised.value.message


@pytest.mark.parametrize(
    "call",
    [
        lambda: observe(None, 0),  # type: ignore[arg-type]
        lambda: observe_all("a batch"),  # type: ignore[arg-type]
        lambda: layout(4),  # type: ignore[arg-type]
    ],
)
def test_what_is_not_a_batch_or_config_is_refused(call: Any) -> None:
    with pytest.raises(InvalidArgumentError) as raised:
        call()
    assert raised.value.code is ErrorCode.INVALID_ARGUMENT


def test_a_layout_for_rules_the_batch_engine_does_not_play_is_refused() -> None:
    with pytest.raises(ConfigError) as raised:
        layout(Config(players=4, rules=variant_rules(["canadian_rule"])))
    assert raised.value.code is ErrorCode.INVALID_CONFIG
    assert "the batch engine does not play the Canadian rule" in raised.value.message


def test_without_numpy_the_import_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.delitem(sys.modules, "wizard_rules.integrations.batch_tensors")
    with pytest.raises(ImportError, match=r"the 'batch' extra: pip install '\.\[batch\]'"):
        importlib.import_module("wizard_rules.integrations.batch_tensors")
