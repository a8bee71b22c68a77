"""Seeded random deals, actions and games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wizard_rules import (
    DECK,
    Card,
    Config,
    Deal,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    Phase,
    State,
    apply,
    is_legal,
    legal_actions,
    new_game,
    random_action,
    random_deal,
    random_game,
)
from wizard_rules.core.chance import _sample

from .fields import assert_same_state
from .helpers import state_at_round


def test_random_deal_is_legal_and_follows_the_seed() -> None:
    state = new_game(Config(players=4, first_dealer=2))
    deal = random_deal(state, random.Random(8))
    assert is_legal(state, deal)
    assert deal == random_deal(state, random.Random(8))
    assert deal != random_deal(state, random.Random(9))


def test_random_deal_never_touches_the_global_generator() -> None:
    random.seed(1234)
    expected = random.random()
    random.seed(1234)
    random_game(Config(players=3), random.Random(0))
    assert random.random() == expected


def test_random_deal_deals_from_the_left_of_the_dealer() -> None:
    state = new_game(Config(players=3, first_dealer=1))
    rng = random.Random(3)
    deal = random_deal(state, rng)
    drawn = random.Random(3).sample(DECK, 4)  # three hands of one card, and the turned card
    assert deal.hands[2] == (drawn[0],)  # seat 2 sits left of dealer 1
    assert deal.hands[0] == (drawn[1],)
    assert deal.hands[1] == (drawn[2],)
    assert deal.turned is drawn[3]


def test_the_last_round_deals_the_whole_deck_and_turns_nothing() -> None:
    deal = random_deal(state_at_round(Config(players=4), 15), random.Random(5))
    assert sorted(c.index for hand in deal.hands for c in hand) == list(range(60))
    assert deal.turned is None


@pytest.mark.parametrize("rng", [None, 42, "seed", random])
def test_random_functions_need_a_random_instance(rng: object) -> None:
    state = new_game(Config(players=3))
    with pytest.raises(InvalidArgumentError):
        random_deal(state, rng)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        random_game(Config(players=3), rng)  # type: ignore[arg-type]
    dealt = apply(state, random_deal(state, random.Random(0)))
    with pytest.raises(InvalidArgumentError):
        random_action(dealt, rng)  # type: ignore[call-overload]


@pytest.mark.parametrize("state", [None, "state", Config(players=3)])
def test_random_functions_need_a_state(state: object) -> None:
    with pytest.raises(InvalidArgumentError):
        random_deal(state, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        random_action(state, random.Random(0))  # type: ignore[call-overload]


def test_random_deal_outside_a_deal_is_refused() -> None:
    state = new_game(Config(players=3))
    dealt = apply(state, random_deal(state, random.Random(0)))
    assert dealt.phase is not Phase.DEAL
    with pytest.raises(IllegalActionError) as refused:
        random_deal(dealt, random.Random(0))
    assert refused.value.code is ErrorCode.WRONG_PHASE
    final = random_game(Config(players=6), random.Random(0))
    for function in (random_deal, random_action):
        with pytest.raises(IllegalActionError) as refused:
            function(final, random.Random(0))
        assert refused.value.code is ErrorCode.GAME_OVER


def test_random_action_is_a_deal_at_a_chance_step() -> None:
    state = new_game(Config(players=5))
    assert isinstance(random_action(state, random.Random(1)), Deal)


def test_a_drawn_deal_is_the_deal_of_its_cards_however_it_was_made() -> None:
    # random_deal builds its Deal without the converter (actions._deal_of)
    # and remembers its hands as masks: it must equal, hash and apply like
    # the Deal written out, and a deal of a duplicated card is still refused.
    state = new_game(Config(players=4))
    for seed in range(15):  # the 15 rounds of a 4-player game
        drawn = random_deal(state, random.Random(seed))
        written = Deal([list(reversed(hand)) for hand in drawn.hands], drawn.turned)
        assert written == drawn
        assert hash(written) == hash(drawn)
        assert apply(state, written) == apply(state, drawn)
        assert_same_state(apply(state, written), apply(state, drawn))
        state = apply(state, drawn)
        while not state.is_chance and not state.is_over:
            state = apply(state, legal_actions(state)[0])
    c1, c2, c3, c4 = DECK[4:8]
    twice = Deal([[c1], [c1], [c2], [c3]], c4)
    with pytest.raises(IllegalActionError, match="card C1 is dealt more than once"):
        apply(new_game(Config(players=4)), twice)
    in_one_hand = Deal([[c1, c1], [c2, c3], [c4, DECK[8]], DECK[9:11]], DECK[11])
    with pytest.raises(IllegalActionError, match="card C1 is dealt more than once"):
        apply(state_at_round(Config(players=4), 2), in_one_hand)


@pytest.mark.parametrize("seed", range(25))
def test_deals_draw_the_cards_random_sample_draws(seed: int) -> None:
    # random_deal draws with a written-out copy of random.Random.sample (one
    # call fewer a card): for every size it must take the same cards, in the
    # same order, and leave the generator where sample leaves it.
    for k in range(len(DECK) + 1):
        mine, theirs = random.Random(seed), random.Random(seed)
        assert _sample(mine, k) == [card.mask for card in theirs.sample(DECK, k)]
        assert mine.getstate() == theirs.getstate()


def reference_deal(state: State, rng: random.Random) -> Deal:
    """The deal random_deal's docstring describes, made with rng.sample itself."""
    players, size = state.config.players, state.round
    dealt = players * size
    cards = rng.sample(DECK, dealt + 1 if dealt < len(DECK) else dealt)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for k in range(players):
        hands[(state.dealer + 1 + k) % players] = cards[k * size : (k + 1) * size]
    return Deal(hands, cards[dealt] if dealt < len(DECK) else None)


class OwnRandom(random.Random):
    """A generator with its own random(): its sample draws through random(), not getrandbits."""

    def random(self) -> float:
        return super().random()


class OwnBits(random.Random):
    """A generator with its own getrandbits(): its sample draws through it."""

    def getrandbits(self, k: int) -> int:
        return super().getrandbits(k) ^ ((1 << k) - 1)  # every bit flipped: still uniform


class OwnSample(random.Random):
    """A generator with a sample of its own: its deals are made from it."""

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        return list(reversed(super().sample(population, k, counts=counts)))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("kind", [random.Random, OwnRandom, OwnBits, OwnSample])
def test_random_deal_is_rng_sample_dealt_from_the_left_of_the_dealer(
    players: int, kind: type[random.Random]
) -> None:
    config = Config(players=players, first_dealer=players - 1)
    for round_number in (1, 2, 7, config.rounds):
        state = state_at_round(config, round_number)
        for seed in range(3):
            assert random_deal(state, kind(seed)) == reference_deal(state, kind(seed))


def test_a_drawn_deal_is_checked_on_any_state_but_its_own() -> None:
    # A deal random_deal drew for a state is applied to that very state
    # without a second check; any other deal, or that deal on any other
    # state, is checked as usual.
    config = Config(players=4)
    later = state_at_round(config, 2)
    state = new_game(config)
    deal = random_deal(state, random.Random(3))  # the last deal drawn
    with pytest.raises(IllegalActionError) as info:
        apply(later, deal)  # one card each, where round 2 deals two
    assert info.value.code is ErrorCode.INVALID_DEAL
    assert apply(new_game(config), deal) == apply(state, deal)  # an equal state: checked, legal
    assert_same_state(apply(new_game(config), deal), apply(state, deal))
    c1, c2, c3, c4 = DECK[4:8]
    random_deal(state, random.Random(4))
    with pytest.raises(IllegalActionError) as info:
        apply(state, Deal([[c1], [c1], [c2], [c3]], c4))  # another deal for that state
    assert info.value.code is ErrorCode.INVALID_DEAL


def test_a_drawn_deal_changed_after_it_was_drawn_is_checked() -> None:
    # A Deal is frozen, but object.__setattr__ gets round that: a drawn deal
    # whose turned card was swapped for a card in a hand is refused, however
    # it was drawn.
    state = new_game(Config(players=4))
    deal = random_deal(state, random.Random(6))
    object.__setattr__(deal, "turned", deal.hands[0][0])
    with pytest.raises(IllegalActionError) as info:
        apply(state, deal)
    assert info.value.code is ErrorCode.INVALID_DEAL
