"""Determinization with anniversary cards: consistent with the view, and exactly uniform.

The expected law comes from a brute-force enumeration written here: every
history of the round (a deal, and each choice the viewer did not see)
among a set that surely holds every consistent one, replayed with the
public actions of the real game and kept when the viewer's view of it is
the view given.  Pearson's chi-square then compares the determinizations
drawn with the uniform law over what the enumeration kept.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import math
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from wizard_rules import (
    Config,
    Deal,
    InvalidArgumentError,
    Suit,
    apply,
    legal_actions,
    new_anniversary_game,
    player_view,
    random_chance,
)
from wizard_rules.agents.determinization import determinize, determinize_anniversary
from wizard_rules.core.anniversary import CARD_NAMES, AnniversaryDeck, PassCard
from wizard_rules.core.anniversary.state import AnniversaryPhase, AnniversaryState
from wizard_rules.core.anniversary.views import AnniversaryView
from wizard_rules.core.cards import Card, Kind
from wizard_rules.core.rules import ListedSchedule, Rules


def _config(players: int, sizes: tuple[int, ...], *added: str, dealer: int = 0) -> Config:
    return Config(
        players=players,
        first_dealer=dealer,
        rules=Rules(deck=AnniversaryDeck(added=added), schedule=ListedSchedule(sizes)),
    )


def _games(config: Config, seeds: range) -> Iterator[AnniversaryState]:
    """Every state of random games of ``config``, seed by seed."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_anniversary_game(config)
        while not state.is_over:
            yield state
            if state.is_chance:
                state = apply(state, random_chance(state, rng))
            else:
                state = apply(state, rng.choice(legal_actions(state)))


def _find(
    config: Config, seat: int, wanted: Callable[[AnniversaryState], bool]
) -> AnniversaryState:
    for state in _games(config, range(2000)):
        if state.current_player == seat and wanted(state):
            return state
    raise AssertionError("no such state")  # pragma: no cover


def _public(state: AnniversaryState) -> list[Any]:
    """The round's actions after the deal, with each other seat's passes left open (``None``)."""
    return [None if type(a) is PassCard and a.player != 0 else a for a in state.history[1:]]


def _replay(start: AnniversaryState, deal: Deal, actions: list[Any]) -> AnniversaryState | None:
    try:
        state = apply(start, deal)
        for action in actions:
            state = apply(state, action)
    except Exception:  # an illegal history: not a world of this view
        return None
    return state


def _enumerate(
    state: AnniversaryState, pool_of: Callable[[Deal], list[Card]]
) -> set[tuple[Any, ...]]:
    """Every consistent history of ``state``'s round for seat 0, by brute force.

    Seat 0's deal and the turned card are the real ones (seat 0 saw them);
    the other seats' hands are every split of ``pool_of(deal)`` (a set the
    test argues holds every card they could have been dealt); each hidden
    pass is every card of the passer's hand.
    """
    deal = state.history[0]
    view = player_view(state, 0)
    start = new_anniversary_game(state.config)
    size = len(deal.hands[0])
    pool = pool_of(deal)
    public = _public(state)
    found = set()
    for one in itertools.combinations(pool, size):
        rest = [c for c in pool if c not in one]
        for two in itertools.combinations(rest, size):
            hands = (deal.hands[0], one, two)
            candidate = Deal(hands, deal.turned)
            for world in _with_passes(start, candidate, public):
                if player_view(world, 0) == view:
                    found.add(_key(world.history))
    return found


def _with_passes(
    start: AnniversaryState, deal: Deal, public: list[Any]
) -> Iterator[AnniversaryState]:
    """Every replay of ``public`` after ``deal``, each open pass any card of its passer's hand."""
    first = _replay(start, deal, [])
    if first is None:
        return

    def walk(state: AnniversaryState, k: int) -> Iterator[AnniversaryState]:
        while k < len(public) and public[k] is not None:
            try:
                state = apply(state, public[k])
            except Exception:
                return
            k += 1
        if k == len(public):
            yield state
            return
        who = state.current_player
        if state.phase is not AnniversaryPhase.PASS or who is None:
            return
        for card in state.hands[who]:
            yield from walk(apply(state, PassCard(who, card)), k + 1)

    yield from walk(first, 0)


def _key(history: tuple[Any, ...]) -> tuple[Any, ...]:
    """A world's history, each hand of its deal in card order (the order a hand is dealt in
    is not part of the world: the engine keeps hands in card order)."""
    deal, *rest = history
    hands = tuple(tuple(sorted(hand, key=lambda c: c.index)) for hand in deal.hands)
    return (Deal(hands, deal.turned), *rest)


def _chi_square_z(counts: collections.Counter[Any], expected: dict[Any, float]) -> float:
    """Pearson's chi-square, as a z-score by Wilson and Hilferty (z < 5: p above 3e-7)."""
    chi2 = sum((counts.get(key, 0) - e) ** 2 / e for key, e in expected.items())
    df = len(expected) - 1
    return float(((chi2 / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df)))


# -- the cases ---------------------------------------------------------------------------

WEREWOLF = _config(3, (1,), "werewolf", "witch", dealer=2)  # seat 0 leads


@pytest.fixture(scope="module")
def werewolf_case() -> tuple[AnniversaryState, set[tuple[Any, ...]]]:
    """Seat 0 about to play its one card; another seat took the turned card with the Werewolf."""
    state = _find(
        WEREWOLF,
        0,
        lambda s: (
            s.phase is AnniversaryPhase.PLAY
            and s.werewolf_seat not in (None, 0)
            and not s.current_trick
        ),
    )
    # Any card but seat 0's and the turned one may have been dealt to another seat.
    worlds = _enumerate(
        state,
        lambda deal: [
            c for c in state.deck.cards if c not in deal.hands[0] and c is not deal.turned
        ],
    )
    return state, worlds


JUGGLER = _config(3, (3,), "juggler")


def _pass_state(s: AnniversaryState) -> bool:
    # The round's last trick, seat 0 the last to play, after a pass.
    return (
        s.phase is AnniversaryPhase.PLAY
        and len(s.completed_tricks) == 2
        and len(s.current_trick) == 2
        and len(s.passes) >= 1
    )


@pytest.fixture(scope="module")
def pass_case() -> tuple[AnniversaryState, set[tuple[Any, ...]]]:
    """Seat 0 to play last in the last trick, after a Juggler's pass, two worlds or more."""
    for state in _games(JUGGLER, range(2000)):
        if state.current_player != 0 or not _pass_state(state):
            continue
        view = player_view(state, 0)

        def pool(deal: Deal, view: AnniversaryView = view) -> list[Card]:
            # Every card another seat was dealt is, by now, played or in seat 0's
            # hand (passed there): the other seats' hands are empty.
            played = {c for t in view.completed_tricks for c in t.cards} | set(view.current_trick)
            return sorted((played | set(view.hand)) - set(deal.hands[0]), key=lambda c: c.index)

        worlds = _enumerate(state, pool)
        if len(worlds) >= 2:
            return state, worlds
    raise AssertionError("no such state")  # pragma: no cover


def _law(state: AnniversaryState, worlds: set[tuple[Any, ...]], draws: int, sampler: Any) -> float:
    view = player_view(state, 0)
    rng = random.Random(7)
    counts: collections.Counter[tuple[Any, ...]] = collections.Counter()
    for _ in range(draws):
        world = sampler(view, rng)
        assert player_view(world, 0) == view
        counts[_key(world.history)] += 1
    assert set(counts) <= worlds  # nothing inconsistent
    expected = dict.fromkeys(worlds, draws / len(worlds))
    return _chi_square_z(counts, expected)


def test_the_werewolf_case_is_what_it_says(werewolf_case: Any) -> None:
    state, worlds = werewolf_case
    holder = state.werewolf_seat
    assert state.history[0].hands[holder] == tuple(
        c for c in state.deck.cards if c.kind is Kind.WEREWOLF
    )
    # The holder holds the turned card; the third seat's card is any card
    # but seat 0's, the turned card and the Werewolf: one world each.
    assert len(worlds) == len(state.deck.cards) - 3


def test_werewolf_every_consistent_world_is_drawn_equally_often(werewolf_case: Any) -> None:
    state, worlds = werewolf_case
    assert _law(state, worlds, 20 * len(worlds), determinize_anniversary) < 5


def test_pass_case_has_hidden_choices(pass_case: Any) -> None:
    _, worlds = pass_case
    assert len(worlds) >= 2


def test_pass_every_consistent_world_is_drawn_equally_often(pass_case: Any) -> None:
    state, worlds = pass_case
    assert _law(state, worlds, 100 * len(worlds), determinize_anniversary) < 5


def _biased(worlds: set[tuple[Any, ...]]) -> Callable[[AnniversaryView, random.Random], Any]:
    """A sampler that favours half the worlds: on one of the other half it draws again, once."""
    favoured = set(sorted(worlds, key=repr)[::2])

    def sampler(view: AnniversaryView, rng: random.Random) -> AnniversaryState:
        world = determinize_anniversary(view, rng)
        if _key(world.history) not in favoured:
            world = determinize_anniversary(view, rng)
        return world

    return sampler


@pytest.mark.parametrize("case", ["werewolf_case", "pass_case"])
def test_a_biased_sampler_is_caught(case: str, request: pytest.FixtureRequest) -> None:
    state, worlds = request.getfixturevalue(case)
    draws = (10 if case == "werewolf_case" else 100) * len(worlds)
    assert _law(state, worlds, draws, _biased(worlds)) > 5


class _Unshuffled(random.Random):
    """A broken random source: its shuffle leaves the cards in card order."""

    def shuffle(self, x: Any) -> None:
        """Do nothing (the planted bug)."""


def test_a_sampler_that_does_not_shuffle_the_deal_is_caught(pass_case: Any) -> None:
    state, worlds = pass_case
    view = player_view(state, 0)
    # With the deal in card order, which seat was dealt which card is fixed:
    # at most one of the worlds can come out (here none: it gives up).
    rng = _Unshuffled(3)
    seen = set()
    for _ in range(5):
        with contextlib.suppress(InvalidArgumentError):
            seen.add(_key(determinize_anniversary(view, rng, max_draws=100).history))
    assert len(seen) < len(worlds)


def test_determinize_dispatches_and_refuses_what_is_not_a_view() -> None:
    state = _find(WEREWOLF, 0, lambda s: s.phase is AnniversaryPhase.PLAY)
    view = player_view(state, 0)
    assert player_view(determinize(view, random.Random(1)), 0) == view
    with pytest.raises(InvalidArgumentError, match="AnniversaryView"):
        determinize_anniversary(state, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"random\.Random"):
        determinize_anniversary(view, 3)  # type: ignore[arg-type]


def test_a_view_no_game_could_give_is_refused() -> None:
    state = _find(WEREWOLF, 0, lambda s: s.phase is AnniversaryPhase.PLAY)
    view = player_view(state, 0)
    # Seat 0 shown holding a card another seat played: no world has it.
    played = next(c for c in state.current_trick) if state.current_trick else view.trump_card
    assert played is not None
    impossible = attrs.evolve(view, hand=(*view.hand, played))
    with pytest.raises(InvalidArgumentError, match="no world consistent"):
        determinize_anniversary(impossible, random.Random(0), max_draws=20)
    # A Cloud's change the record cannot replay.
    changed = attrs.evolve(view, bid_changes=((1, 1),))
    with pytest.raises(InvalidArgumentError, match="no world consistent"):
        determinize_anniversary(changed, random.Random(0), max_draws=5)


def test_a_view_between_rounds_gives_the_round_before_its_deal() -> None:
    for config in (WEREWOLF, JUGGLER):
        state = new_anniversary_game(config)
        world = determinize_anniversary(player_view(state, 1), random.Random(0))
        assert world.phase is AnniversaryPhase.DEAL
        assert player_view(world, 1) == player_view(state, 1)
    final = next(s for s in _games(WEREWOLF, range(1)) if s.phase is AnniversaryPhase.PLAY)
    rng = random.Random(2)
    while not final.is_over:
        final = apply(final, rng.choice(legal_actions(final)))
    world = determinize_anniversary(player_view(final, 2), random.Random(0))
    assert world.is_over
    assert player_view(world, 2) == player_view(final, 2)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_view_of_random_games_with_all_nine_cards_is_determinized(players: int) -> None:
    """Short rounds, every card in: a world is found for each seat's view, and agrees with it."""

    config = Config(
        players=players,
        rules=Rules(deck=AnniversaryDeck(added=CARD_NAMES), schedule=ListedSchedule((1, 2))),
    )
    rng = random.Random(players)
    for k, state in enumerate(_games(config, range(3))):
        seat = k % players
        view = player_view(state, seat)
        if state.passes or state.passing:  # after a pass: found, or refused as too rare
            try:
                world = determinize_anniversary(view, rng, max_draws=50)
            except InvalidArgumentError as error:
                refused = str(error)
                assert "too rare" in refused
                continue
        else:
            world = determinize_anniversary(view, rng, max_draws=2000)
        assert player_view(world, seat) == view


ALL_NINE = _config(3, (2, 3), *CARD_NAMES)


def _views_where(wanted: Callable[[AnniversaryState], bool]) -> AnniversaryView:
    for state in _games(ALL_NINE, range(3000)):
        if state.current_player is not None and wanted(state):
            return player_view(state, state.current_player)
    raise AssertionError("no such state")  # pragma: no cover


@pytest.mark.parametrize(
    ("wanted", "change"),
    [
        # The Vampire's card hidden: the replay cannot turn it up.
        (lambda s: s.revealed is not None, {"revealed": None}),
        # A bid shown as not made: the replay cannot make it.
        (lambda s: s.phase is AnniversaryPhase.PLAY and len(s.current_trick) == 1, "unbid"),
        # A card played taken back: the replay has no card to play.
        (lambda s: s.phase is AnniversaryPhase.PLAY and len(s.current_trick) == 1, "unplayed"),
        # A declaration unsaid: the replay cannot declare it.
        (
            lambda s: s.phase is AnniversaryPhase.PLAY and s.declared[-1:] not in ((), (None,)),
            "undeclared",
        ),
        # A Witch's swap forgotten, and a Cloud's change: the replay cannot make them.
        (lambda s: s.phase is AnniversaryPhase.PLAY and bool(s.witch_swaps), {"witch_swaps": ()}),
        (lambda s: s.phase is AnniversaryPhase.PLAY and bool(s.bid_changes), {"bid_changes": ()}),
    ],
    ids=["reveal", "bid", "play", "declare", "witch", "cloud"],
)
def test_a_view_its_record_cannot_replay_is_refused(wanted: Any, change: Any) -> None:
    view = _views_where(wanted)
    if change == "unbid":
        change = {"bids": (None,) * 3}
    elif change == "unplayed":  # the trick's card gone, the next seat shown to act
        assert view.current_player is not None
        change = {"current_trick": (), "declared": (), "current_player": view.current_player + 1}
    elif change == "undeclared":
        change = {"declared": (*view.declared[:-1], None)}
    broken = attrs.evolve(view, **change)
    with pytest.raises(InvalidArgumentError, match="no world consistent"):
        determinize_anniversary(broken, random.Random(0), max_draws=30)


def _scripted(config: Config, actions: list[Any]) -> AnniversaryState:
    state = new_anniversary_game(config)
    for action in actions:
        state = apply(state, action)
    return state


def test_a_view_after_the_rounds_last_trick_is_determinized() -> None:
    # The Cloud wins the last trick for seat 1, whose bid of 1 (of 2) may go either way:
    # the round waits for its choice with every trick done (rule 34.2).
    from wizard_rules import Bid, Play, parse_card, parse_cards
    from wizard_rules.core.anniversary import Declare

    config = _config(3, (2,), "cloud")
    hands = [parse_cards(text) for text in ("C2 C3", "Cloud D4", "S5 S6")]
    state = _scripted(
        config,
        [
            Deal(hands, parse_card("H9")),
            Bid(1, 1),
            Bid(2, 0),
            Bid(0, 0),
            Play(1, parse_card("D4")),
            Play(2, parse_card("S5")),
            Play(0, parse_card("C2")),  # D4 led, no diamond followed: seat 1's trick
            Play(1, parse_card("Cloud")),
            Declare(1, Suit.SPADES),
            Play(2, parse_card("S6")),
            Play(0, parse_card("C3")),  # Cloud (S 9 3/4) beats S6: seat 1's second trick
        ],
    )
    assert state.phase is AnniversaryPhase.CHANGE_BID
    assert len(state.completed_tricks) == 2
    for seat in range(3):
        view = player_view(state, seat)
        world = determinize_anniversary(view, random.Random(seat))
        assert player_view(world, seat) == view


def test_a_card_the_werewolfs_holder_passed_is_not_forced_into_its_deal() -> None:
    # Seat 2 holds the Werewolf and takes the turned H9; after the Juggler's trick it passes
    # that H9 to seat 0 (its left): seat 0 knows it came from seat 2, but not in its deal.
    from wizard_rules import Bid, Play, parse_card, parse_cards
    from wizard_rules.core.anniversary import Declare, WerewolfTrump

    config = _config(3, (2,), "werewolf", "juggler")
    hands = [parse_cards(text) for text in ("C2 C3", "Juggler D4", "Werewolf S6")]
    state = _scripted(
        config,
        [
            Deal(hands, parse_card("H9")),
            WerewolfTrump(2, None),
            Bid(1, 1),
            Bid(2, 0),
            Bid(0, 0),
            Play(1, parse_card("Juggler")),
            Declare(1, Suit.CLUBS),
            Play(2, parse_card("S6")),
            Play(0, parse_card("C2")),  # the Juggler (C 7½) beats C2: seat 1
            PassCard(1, parse_card("D4")),
            PassCard(2, parse_card("H9")),
            PassCard(0, parse_card("C3")),
        ],
    )
    assert state.hand(0) == (parse_card("H9"),)
    view = player_view(state, 0)
    for draw in range(3):
        world = determinize_anniversary(view, random.Random(draw))
        assert player_view(world, 0) == view
