"""The batch engine against the scalar engine: same deals, same actions, same games.

The scalar engine (``new_game``, ``apply``, ``legal_actions``, ``check``) is
the independent implementation every expected value here comes from.  The
default run plays a few hundred games over every player count with the
bid-total option on and off; for a large run by hand, set the number of games
per (player count, option) pair::

    WIZARD_RULES_BATCH_GAMES=1250 .venv/bin/python -m pytest -qs tests/test_batch.py -k different

(1250 games for each of the 8 pairs is 10,000 games; on a busy 2-core machine
about 12 minutes.)
"""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys

import numpy as np
import pytest

from wizard_rules import (
    DECK,
    Bid,
    ChooseTrump,
    Config,
    ConfigError,
    Deal,
    ErrorCode,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    Play,
    State,
    Suit,
    apply,
    check,
    legal_actions,
    new_game,
    parse_card,
    random_deal,
)
from wizard_rules.core.rules import STANDARD, Rules, parse_schedule, variant_rules
from wizard_rules.sim import batch
from wizard_rules.sim.batch import BatchState

GAMES = int(os.environ.get("WIZARD_RULES_BATCH_GAMES", "40"))
SUITS = tuple(Suit)


def scalar_code(state: State, action: object) -> ErrorCode | None:
    try:
        check(state, action)
    except (IllegalActionError, InvalidActionError) as error:
        return error.code
    return None


def scalar_probe(action: int, player: int) -> object:
    """The scalar action for a batch probe (an id that is no action is not an action)."""
    if not 0 <= action < batch.NUM_ACTIONS:
        return None  # not an action: invalid_action
    return batch.to_action(action, player)


def row(state: BatchState, game: int) -> dict[str, object]:
    return {
        name: np.asarray(getattr(state, name))[game].tolist()
        for name in BatchState._fields
        if name != "config"
    }


def assert_same(state: BatchState, game: int, scalar: State) -> None:
    """Every field of one game of the batch says what the scalar state says."""

    def none(value: int) -> int | None:
        return None if value == -1 else value

    g = game
    assert batch.PHASES[state.phase[g]] is scalar.phase
    assert int(state.round[g]) == scalar.round
    assert int(state.dealer[g]) == scalar.dealer
    assert none(int(state.current_player[g])) == scalar.current_player
    assert tuple(int(h) for h in state.hands[g]) == scalar.hand_masks
    turned = none(int(state.turned[g]))
    assert (None if turned is None else DECK[turned]) == scalar.turned
    trump = none(int(state.trump[g]))
    assert (None if trump is None else SUITS[trump]) == scalar.trump
    assert tuple(none(int(b)) for b in state.bids[g]) == scalar.bids
    assert tuple(int(w) for w in state.tricks_won[g]) == scalar.tricks_won
    assert tuple(int(s) for s in state.scores[g]) == scalar.scores
    size = int(state.trick_size[g])
    assert tuple(DECK[int(c)] for c in state.trick[g][:size]) == scalar.current_trick
    assert all(int(c) == -1 for c in state.trick[g][size:])
    assert int(state.leader[g]) == scalar.leader
    led = int(state.led[g])
    assert (SUITS[led] if 0 <= led < 4 else None) == scalar.led_suit
    assert none(int(state.winning[g])) == scalar.trick_winner
    assert int(state.played[g]) == sum(card.mask for card in scalar.played)


def batch_deal_as_scalar(state: BatchState, game: int) -> Deal:
    hands = [[card for card in DECK if int(mask) >> card.index & 1] for mask in state.hands[game]]
    turned = int(state.turned[game])
    return Deal(hands, None if turned == -1 else DECK[turned])


def differential(
    players: int, forbid: bool, games: int, seed: int, *, rules: Rules = STANDARD
) -> dict[str, int]:
    """Play ``games`` games through both engines, comparing at every step; return counts.

    ``rules`` are the variants played (with plus/minus one too if ``forbid``).
    """
    generator = np.random.default_rng(seed)
    first = generator.integers(0, players, games)
    configs = [
        Config(players=players, first_dealer=int(d), forbid_bid_total_match=forbid, rules=rules)
        for d in first
    ]
    scalars = [new_game(config) for config in configs]
    deal_rngs = [random.Random(f"{seed}:{g}") for g in range(games)]
    batch_deals = seed % 2 == 1  # half the runs deal with the batch engine, half with the scalar
    state = batch.new_batch(
        Config(players=players, forbid_bid_total_match=forbid, rules=rules),
        games,
        first_dealer=first,
    )
    counts = {"steps": 0, "probes": 0, "refusals": 0, "decisions": 0}
    games_range = range(games)
    while not state.is_over.all():
        waiting = [g for g in games_range if scalars[g].is_chance]
        assert state.is_chance.tolist() == [s.is_chance for s in scalars]
        if waiting:
            if batch_deals:
                state = batch.deal(state, generator)
                deals: list[Deal | None] = [
                    batch_deal_as_scalar(state, g) if g in waiting else None for g in games_range
                ]
            else:
                deals = [
                    random_deal(s, deal_rngs[g]) if s.is_chance else None
                    for g, s in enumerate(scalars)
                ]
                hands, turned = batch.deals_to_arrays(deals, players)
                dealt = batch.deal_given(state, hands, turned)
                expected = [
                    scalar_code(s, deals[g] or Deal([[]] * players, None))
                    for g, s in enumerate(scalars)
                ]
                assert batch.error_codes(dealt.error) == [
                    None if g in waiting else expected[g] for g in games_range
                ]
                state = dealt.state
            for g in waiting:
                scalars[g] = apply(scalars[g], deals[g])
        for g in games_range:
            assert_same(state, g, scalars[g])
        mask = batch.legal_mask(state)
        for g in games_range:
            ids = sorted(batch.action_id(a) for a in legal_actions(scalars[g]))
            assert np.flatnonzero(mask[g]).tolist() == ids
        # Refusals: random ids (many illegal), with and without a claimed seat.
        current = state.current_player
        for claimed in (None, np.where(generator.random(games) < 0.7, current, -1)):
            # Half the probes anywhere, half among the ids of the phase's kind.
            near = np.where(
                state.phase == batch.PHASE_BID,
                batch.FIRST_BID + generator.integers(0, state.round.astype(int) + 2),
                np.where(
                    state.phase == batch.PHASE_CHOOSE_TRUMP,
                    batch.FIRST_TRUMP + generator.integers(0, 5, games),
                    generator.integers(0, 60, games),
                ),
            )
            anywhere = generator.integers(-2, batch.NUM_ACTIONS + 2, games)
            probe = np.where(generator.random(games) < 0.5, near, anywhere)
            seats = None
            if claimed is not None:
                seats = np.where(claimed >= 0, claimed, generator.integers(-1, players + 1, games))
            result = batch.step(state, probe, seats)
            codes = batch.error_codes(result.error)
            for g in games_range:
                player = scalars[g].current_player
                claim = (player if player is not None else 0) if seats is None else int(seats[g])
                assert codes[g] == scalar_code(scalars[g], scalar_probe(int(probe[g]), claim))
                if codes[g] is not None:
                    assert row(result.state, g) == row(state, g)
                    assert not result.points[g].any()
            counts["probes"] += games
            counts["refusals"] += sum(code is not None for code in codes)
        # The move: a random legal action for every game that has a player to act.
        actions = batch.random_actions(state, generator)
        result = batch.step(state, actions, current)
        for g in games_range:
            if current[g] == -1:
                assert actions[g] == -1
                assert result.error[g] == batch.ERROR_CODES.index(ErrorCode.INVALID_ACTION)
                continue
            assert result.error[g] == 0
            action = batch.to_action(int(actions[g]), int(current[g]))
            rounds_before = len(scalars[g].results)
            scalars[g] = apply(scalars[g], action)
            counts["decisions"] += 1
            if len(scalars[g].results) > rounds_before:
                assert tuple(result.points[g].tolist()) == scalars[g].results[-1].scores
            else:
                assert not result.points[g].any()
        state = result.state
        counts["steps"] += 1
    for g in games_range:
        assert_same(state, g, scalars[g])
        assert scalars[g].is_over
        assert tuple(np.flatnonzero(batch.winners(state)[g]).tolist()) == scalars[g].winners
    return counts


@pytest.mark.slow
@pytest.mark.parametrize("forbid", [False, True], ids=["base", "option"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_differential_batch_and_scalar_engines_agree(players: int, forbid: bool) -> None:
    seed = players * 2 + forbid  # odd seeds: batch deals; even: scalar deals
    counts = differential(players, forbid, GAMES, seed)
    assert counts["decisions"] > 0
    assert counts["refusals"] > 0
    if "WIZARD_RULES_BATCH_GAMES" in os.environ:  # pragma: no cover - the run by hand
        print(f"\n{players} players, option {forbid}: {GAMES} games, {counts}")


# -- the official variants (rules 23 to 26) ---------------------------------------------

# Each is played through both engines, compared at every step as above: the
# variants the batch engine plays (hidden bids and delayed reveal change only
# what a seat sees; hardcore restricts the dealer's bid from 4 cards;
# clairvoyance plays round 1's trick with the last bid) and their combinations.
BATCH_VARIANTS = [
    ("hidden_bids",),
    ("delayed_reveal",),
    ("hardcore",),
    ("clairvoyance",),
    ("forbid_bid_total_match", "hardcore"),
    ("clairvoyance", "hardcore"),
    ("clairvoyance", "hidden_bids"),
    ("clairvoyance", "delayed_reveal"),
]


QUICK_VARIANTS = [
    (("hardcore",), 3),
    (("clairvoyance", "delayed_reveal"), 6),
    (("forbid_bid_total_match", "hardcore"), 6),
]
"""The default run's variants and players: the two rules the batch engine
computes, and a secret bidding (which it plays as open bidding: it gives no
observations).  Hardcore with 3 players, whose bids of rounds 3 and 4 often
leave the dealer a matching bid to forbid (or not); the slow group plays every
one of BATCH_VARIANTS at length."""


@pytest.mark.parametrize(
    ("names", "players"), QUICK_VARIANTS, ids=["+".join(n) for n, _ in QUICK_VARIANTS]
)
def test_the_engines_agree_under_the_variants(names: tuple[str, ...], players: int) -> None:
    # Two games; the seed's parity picks who deals: the batch engine (odd)
    # or the scalar engine (even).
    seed = [n for n, _ in QUICK_VARIANTS].index(names)
    counts = differential(players, False, 2, seed, rules=variant_rules(names))
    assert counts["decisions"] > 0
    assert counts["refusals"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("names", BATCH_VARIANTS, ids=["+".join(n) for n in BATCH_VARIANTS])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_engines_agree_under_each_variant_at_length(
    names: tuple[str, ...], players: int
) -> None:
    counts = differential(players, False, GAMES // 2, 100 + players, rules=variant_rules(names))
    assert counts["refusals"] > 0


def test_hardcore_bars_the_matching_bid_from_four_cards() -> None:
    # Rule 25.1 and 25.2, worked by hand: 3 players, P2 deals and bids last;
    # P0 and P1 have bid 1 each.  In round 3 (3 cards) the dealer may bid 1;
    # in round 4 (4 cards) not 2, and a bid of 2 is refused with bid_total_forbidden.
    config = Config(players=3, rules=variant_rules(["hardcore"]))
    for size, allowed in ((3, [0, 1, 2, 3]), (4, [0, 1, 3, 4])):
        state = batch.new_batch(config, 1)._replace(
            round=np.array([size], dtype=np.int8),
            dealer=np.array([2], dtype=np.int8),
            phase=np.array([batch.PHASE_BID], dtype=np.int8),
            current_player=np.array([2], dtype=np.int8),
            bids=np.array([[1, 1, -1]], dtype=np.int8),
        )
        mask = batch.legal_mask(state)[0]
        assert [a - batch.FIRST_BID for a in np.flatnonzero(mask).tolist()] == allowed
        error = batch.step(state, np.array([batch.FIRST_BID + 2])).error
        expected = [] if size < 4 else [ErrorCode.BID_TOTAL_FORBIDDEN]
        assert [code for code in batch.error_codes(error) if code is not None] == expected


def test_clairvoyance_plays_round_one_with_the_last_bid() -> None:
    # Rule 26.3, worked by hand: 3 players, P0 deals; hands C1, C9, H2, trump
    # Clubs (C4 turned).  Bids from P1: 0, 1, then P0 bids 1: the trick plays
    # itself, P1 leading C9, P2 H2, P0 C1; C9 wins (highest trump), so P1 took
    # 1 trick on a bid of 0 (-10), P2 took 0 on 1 (-10), P0 took 0 on 1 (-10).
    c = parse_card
    config = Config(players=3, rules=variant_rules(["clairvoyance"]))
    deal = Deal([[c("C1")], [c("C9")], [c("H2")]], c("C4"))
    state = batch.new_batch(config, 1)
    state = batch.deal_given(state, *batch.deals_to_arrays([deal], 3)).state
    for seat, bid in ((1, 0), (2, 1)):
        result = batch.step(state, np.array([batch.FIRST_BID + bid]), np.array([seat]))
        assert result.error.tolist() == [0]
        state = result.state
        assert batch.PHASES[state.phase[0]].value == "bid"
    last = batch.step(state, np.array([batch.FIRST_BID + 1]), np.array([0]))
    assert last.error.tolist() == [0]
    assert last.points.tolist() == [[-10, -10, -10]]
    after = last.state
    assert batch.PHASES[after.phase[0]].value == "deal"
    assert after.round.tolist() == [2]
    assert after.scores.tolist() == [[-10, -10, -10]]
    assert after.hands.tolist() == [[0, 0, 0]]


@pytest.mark.parametrize(
    ("names", "words"),
    [
        (["canadian_rule"], "the batch engine does not play the Canadian rule"),
        (["canadian_rule", "hardcore"], "the batch engine does not play the Canadian rule"),
    ],
)
def test_the_batch_engine_refuses_what_it_does_not_play(names: list[str], words: str) -> None:
    with pytest.raises(ConfigError) as caught:
        batch.new_batch(Config(players=4, rules=variant_rules(names)), 2)
    assert caught.value.code is ErrorCode.INVALID_CONFIG
    assert words in caught.value.message
    with pytest.raises(ConfigError, match="does not play a short schedule \\(1,3,5\\)"):
        batch.random_games(
            Config(players=4, rules=variant_rules(["hidden_bids"], parse_schedule("1,3,5"))),
            2,
            np.random.default_rng(1),
        )


def test_refused_deals_get_the_scalar_engines_codes() -> None:
    config = Config(players=3)
    scalar = new_game(config)
    c = parse_card
    deals = [
        Deal([[c("C1")], [c("C2")], [c("C3")]], c("C4")),  # a good deal
        Deal([[c("C1"), c("C5")], [c("C2")], [c("C3")]], c("C4")),  # a hand too big
        Deal([[c("C1")], [c("C1")], [c("C3")]], c("C4")),  # a card twice
        Deal([[c("C1")], [c("C2")], [c("C3")]], c("C3")),  # the turned card in a hand
        Deal([[c("C1")], [c("C2")], [c("C3")]], None),  # no card turned
        Deal([[c("C1")], [c("C2")]], c("C4")),  # a hand short
    ]
    state = batch.new_batch(config, len(deals))
    hands, turned = batch.deals_to_arrays(deals, 3)
    result = batch.deal_given(state, hands, turned)
    assert batch.error_codes(result.error) == [scalar_code(scalar, d) for d in deals]
    assert result.error.tolist() == [0] + [6] * 5
    assert batch.PHASES[result.state.phase[0]].value == "bid"
    assert row(result.state, 1) == row(state, 1)
    # The last round of a 3-player game deals every card: nothing may be turned.
    last = batch.new_batch(config, 1)._replace(round=np.array([20], dtype=np.int8))
    hands = np.array([[sum(1 << i for i in range(s, 60, 3)) for s in range(3)]], dtype=np.uint64)
    assert batch.deal_given(last, hands, np.array([-1])).error.tolist() == [0]
    assert batch.deal_given(last, hands, np.array([5])).error.tolist() == [6]


def test_a_turned_wizard_lets_the_dealer_name_trump() -> None:
    c = parse_card
    deal = Deal([[c("C1")], [c("C2")], [c("C3")]], c("W2"))
    scalar = apply(new_game(Config(players=3, first_dealer=2)), deal)
    state = batch.new_batch(Config(players=3), 1, first_dealer=np.array([2]))
    state = batch.deal_given(state, *batch.deals_to_arrays([deal], 3)).state
    assert_same(state, 0, scalar)
    assert np.flatnonzero(batch.legal_mask(state)[0]).tolist() == [81, 82, 83, 84]
    refused = batch.step(state, np.array([batch.NO_TRUMP]))
    assert batch.error_codes(refused.error) == [ErrorCode.NO_TRUMP_NOT_ALLOWED]
    named = batch.step(state, np.array([batch.FIRST_TRUMP + 2])).state
    assert_same(named, 0, apply(scalar, ChooseTrump(2, Suit.HEARTS)))


def test_random_games_are_seeded_and_complete() -> None:
    config = Config(players=4, forbid_bid_total_match=True)
    first = batch.random_games(config, 5, np.random.default_rng(3))
    again = batch.random_games(config, 5, np.random.default_rng(3))
    assert np.array_equal(first.scores, again.scores)
    assert first.decisions == again.decisions
    assert first.deals == 5 * 15  # every game deals all of its 15 rounds
    # 60 bids and 4 x (1 + ... + 15) = 480 cards a game, plus a trump choice
    # for each round with a Wizard turned.
    assert 5 * 540 <= first.decisions <= 5 * 555
    assert first.winners.any(axis=1).all()
    assert (first.scores % 10 == 0).all()


@pytest.mark.parametrize("players", [3, 6])
def test_random_games_plays_the_games_of_the_checked_loop(players: int) -> None:
    # random_games skips step's checks: the same seed through the public,
    # checked loop must give the same games, and step must accept every
    # action random_actions draws.
    config = Config(players=players, forbid_bid_total_match=players == 3)
    fast = batch.random_games(config, 40, np.random.default_rng(11))
    rng = np.random.default_rng(11)
    state = batch.new_batch(config, 40)
    decisions = 0
    while not state.is_over.all():
        state = batch.deal(state, rng)
        actions = batch.random_actions(state, rng)
        result = batch.step(state, actions)
        acting = actions >= 0
        assert (result.error[acting] == 0).all()
        decisions += int(acting.sum())
        state = result.state
    assert np.array_equal(fast.scores, state.scores)
    assert np.array_equal(fast.winners, batch.winners(state))
    assert fast.decisions == decisions


def test_a_batch_is_made_with_one_or_many_first_dealers() -> None:
    state = batch.new_batch(Config(players=5, first_dealer=3), 2)
    assert state.nbytes == 2 * (19 + 15 * 5)  # 11 arrays of (B,) int8, played, 15 bytes a seat
    assert state.size == 2
    assert state.dealer.tolist() == [3, 3]
    assert state.leader.tolist() == [4, 4]
    assert state.is_chance.all()
    assert not state.is_over.any()
    assert not batch.winners(state).any()
    assert batch.legal_mask(state).sum() == 0
    rng = np.random.default_rng(0)
    assert batch.random_actions(state, rng).tolist() == [-1, -1]
    dealt = batch.deal(state, rng)
    assert batch.deal(dealt, rng) is dealt  # nobody waits: nothing to deal
    per_game = batch.new_batch(Config(players=5), 3, first_dealer=np.array([0, 4, 2]))
    assert per_game.dealer.tolist() == [0, 4, 2]
    assert per_game.leader.tolist() == [1, 0, 3]


def test_actions_convert_both_ways() -> None:
    assert batch.to_action(0, 1) == Play(1, parse_card("J1"))
    assert batch.to_action(np.int64(59), 1) == Play(1, parse_card("W4"))
    assert batch.to_action(batch.FIRST_BID + 3, 2) == Bid(2, 3)
    assert batch.to_action(batch.FIRST_TRUMP + 3, 0) == ChooseTrump(0, Suit.SPADES)
    assert batch.to_action(batch.NO_TRUMP, 0) == ChooseTrump(0, None)
    for action in range(batch.NUM_ACTIONS):
        assert batch.action_id(batch.to_action(action, 0)) == action
    assert batch.error_codes(np.array([0, 1, 11])) == [
        None,
        ErrorCode.INVALID_ACTION,
        ErrorCode.MUST_FOLLOW_SUIT,
    ]


def test_huge_unsigned_action_ids_are_refused() -> None:
    state = batch.new_batch(Config(players=3), 2)
    result = batch.step(state, np.array([2**64 - 1, 5], dtype=np.uint64))
    assert batch.error_codes(result.error) == [ErrorCode.INVALID_ACTION, ErrorCode.WRONG_PHASE]


@pytest.mark.parametrize(
    "call",
    [
        lambda s, r: batch.new_batch("4 players", 2),  # type: ignore[arg-type]
        lambda s, r: batch.new_batch(Config(players=3), 0),
        lambda s, r: batch.new_batch(Config(players=3), 2, first_dealer=np.array([0, 3])),
        lambda s, r: batch.new_batch(Config(players=3), 2, first_dealer=[0.5, 1.0]),
        lambda s, r: batch.step(object(), np.zeros(2, dtype=int)),  # type: ignore[arg-type]
        lambda s, r: batch.step(s, np.zeros(3, dtype=int)),
        lambda s, r: batch.step(s, np.zeros(2, dtype=float)),
        lambda s, r: batch.step(s, np.zeros(2, dtype=int), np.zeros(1, dtype=int)),
        lambda s, r: batch.deal(s, random.Random(1)),  # type: ignore[arg-type]
        lambda s, r: batch.random_actions(s, 1),  # type: ignore[arg-type]
        lambda s, r: batch.random_games(Config(players=3), 1, None),  # type: ignore[arg-type]
        lambda s, r: batch.deal_given(s, np.zeros((2, 2), dtype=np.uint64), np.full(2, -1)),
        lambda s, r: batch.deal_given(s, np.zeros((2, 3)), np.full(2, -1)),
        lambda s, r: batch.deal_given(s, np.full((2, 3), -1), np.full(2, -1)),
        lambda s, r: batch.deal_given(s, np.full((2, 3), 1 << 60), np.full(2, -1)),
        lambda s, r: batch.deal_given(s, np.zeros((2, 3), dtype=int), np.full(2, 60)),
        lambda s, r: batch.deals_to_arrays(["deal"], 3),  # type: ignore[list-item]
        lambda s, r: batch.error_codes(np.array([12])),
        lambda s, r: batch.error_codes([0.0]),
        lambda s, r: batch.to_action(-1, 0),
        lambda s, r: batch.to_action(batch.NUM_ACTIONS, 0),
        lambda s, r: batch.to_action(True, 0),
        lambda s, r: batch.action_id(Bid(0, batch.MAX_BID + 1)),
        lambda s, r: batch.action_id("H13"),
        lambda s, r: batch.legal_mask(None),  # type: ignore[arg-type]
        lambda s, r: batch.winners(None),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_raise_the_librarys_error(call: object) -> None:
    state = batch.new_batch(Config(players=3), 2)
    with pytest.raises(InvalidArgumentError) as raised:
        call(state, np.random.default_rng(0))  # type: ignore[operator]
    assert raised.value.code is ErrorCode.INVALID_ARGUMENT


@pytest.mark.parametrize("size", [1_000_001, 10**12])
def test_a_batch_too_large_is_refused_with_the_limit(size: int) -> None:
    # The documented limit is a million games: numpy's bare MemoryError is
    # never what the caller sees.
    with pytest.raises(InvalidArgumentError) as raised:
        batch.new_batch(Config(players=3), size)
    assert raised.value.code is ErrorCode.INVALID_ARGUMENT
    assert "at most 1,000,000 games" in raised.value.message
    with pytest.raises(InvalidArgumentError, match="at most 1,000,000 games"):
        batch.random_games(Config(players=3), size, np.random.default_rng(0))


def test_a_batch_at_the_limit_is_made() -> None:
    assert batch.MAX_BATCH_SIZE == 1_000_000
    state = batch.new_batch(Config(players=3), 1_000_000)
    assert state.size == 1_000_000
    assert state.hands.shape == (1_000_000, 3)


def test_without_numpy_the_import_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.delitem(sys.modules, "wizard_rules.sim.batch")
    with pytest.raises(ImportError, match=r"the 'batch' extra: pip install '\.\[batch\]'"):
        importlib.import_module("wizard_rules.sim.batch")


def test_importing_the_library_does_not_import_numpy() -> None:
    code = (
        "import random, sys, wizard_rules; "
        "wizard_rules.random_game(wizard_rules.Config(players=3), random.Random(1)); "
        "print('numpy' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
