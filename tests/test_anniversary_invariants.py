"""Invariants of games with anniversary cards, on random games (Hypothesis).

At every step of a random game (any subset of the nine cards, any
readings, the bid restrictions that combine with them):

- every card of the deck is in exactly one place: a hand, the stock, the
  trump place, the stock card turned up for the Vampire, the current trick,
  out of play (the finished tricks as the Witch left them) or put aside for
  a Juggler's pass;
- each finished trick has one winner, or none when it holds a Bomb, and the
  winner -- and the seat that leads next -- is the one rule 39 (and 31.3)
  names, computed here from the rules, not by the engine's faces module;
- the tricks won add up to the tricks without a Bomb;
- the scores are the sums of the round scores, and each round score is
  rule 9's for the bid as it ended (after the Cloud's changes);
- a bid change moves a bid by one and keeps it from 0 to the cards dealt;
- every legal action is accepted, and a refused action raises a
  documented error (a code of :class:`~wizard_rules.ErrorCode`) and changes
  nothing;
- the same seed gives the same game, and replaying the history gives an
  equal state, field by field.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wizard_rules.core.anniversary.transitions as transitions
from wizard_rules import (
    Bid,
    Card,
    Config,
    ErrorCode,
    Kind,
    Play,
    Suit,
    apply,
    check,
    legal_actions,
    new_anniversary_game,
    replay,
)
from wizard_rules.core.anniversary import CARD_NAMES, AnniversaryDeck, Readings
from wizard_rules.core.anniversary.actions import ChangeBid, Declare, PassCard, WitchSwap
from wizard_rules.core.anniversary.faces import Face, FaceKind, winning_position
from wizard_rules.core.anniversary.state import (
    AnniversaryPhase,
    AnniversaryState,
    AnniversaryTrick,
)
from wizard_rules.core.rules import ListedSchedule, variant_rules
from wizard_rules.errors import WizardError
from wizard_rules.integrations.strategies import anniversary_configs

from .anniversary_games import states_of, step

SEEDS = st.integers(0, 2**32 - 1)


# -- rule 39, written out again from the rules -----------------------------------------------


def copied_by_vampire(state: AnniversaryState) -> Card | None:
    """What the Vampire copies (rule 37): the trump place's card; under the Werewolf, 37.3's."""
    card = state.trump_card
    if card is None or card.kind is not Kind.WEREWOLF:
        return card
    displaced = state.turned if state.werewolf_seat is not None else None
    if (
        state.deck.readings.vampire_under_werewolf == "displaced_card"
        and displaced is not None
        and displaced.kind is not Kind.VAMPIRE  # the Vampire displaced: the stock card
    ):
        return displaced
    return state.revealed


def face(card: Card, said: Suit | Kind | None, copied: Card | None) -> tuple[str, Any, int]:
    """What ``card`` counts as (rule 39.1): ``(kind, suit, value in quarters)``."""
    if card.kind is Kind.VAMPIRE:
        assert copied is not None
        assert copied.kind is not Kind.VAMPIRE
        card = copied
    kind = card.kind
    if kind is Kind.SUIT:
        return ("suit", card.suit, 4 * (card.rank or 0))
    if kind is Kind.JUGGLER:  # 7½ in the suit declared (rule 33.1)
        return ("suit", said, 30)
    if kind is Kind.CLOUD:  # 9¾ in the suit declared (rule 34.1)
        return ("suit", said, 39)
    if kind is Kind.SHAPESHIFTER:  # a Wizard or a Jester, as declared (rule 35.1)
        return ("wizard" if said is Kind.WIZARD else "jester", None, 0)
    if kind is Kind.WITCH:  # a Jester in the trick (rule 36.1)
        return ("jester", None, 0)
    return (kind.value, None, 0)  # wizard, jester, dragon, fairy, bomb


def best(faces: Sequence[tuple[str, Any, int]], trump: Suit | None, dragon_first: bool) -> int:
    """The position of the winning face of a trick without a Bomb (rules 39.4 to 39.6)."""
    kinds = [f[0] for f in faces]
    if "dragon" in kinds:
        if "fairy" in kinds and not dragon_first:
            return kinds.index("fairy")  # the Fairy beats the Dragon (rule 30.2)
        return kinds.index("dragon")
    if "wizard" in kinds:
        return kinds.index("wizard")
    led = None
    for kind, suit, _ in faces:  # rule 39.2: a Wizard or Dragon first leaves no led suit
        if kind == "suit":
            led = suit
            break
    for wanted in (trump, led):
        values = [f[2] if f[0] == "suit" and f[1] is wanted else -1 for f in faces]
        if wanted is not None and max(values) >= 0:
            return values.index(max(values))  # the first of equal values
    if "jester" in kinds:
        return kinds.index("jester")
    return kinds.index("fairy")


def expected_winner_and_leader(
    trick: AnniversaryTrick,
    trump: Suit | None,
    copied: Card | None,
    bomb_leader: str,
    players: int,
) -> tuple[int | None, int]:
    """The trick's winner (``None``: a Bomb, rule 31.1) and the next leader (rule 31.3)."""
    faces = [face(c, s, copied) for c, s in zip(trick.cards, trick.declared, strict=True)]
    if all(f[0] != "bomb" for f in faces):
        winner = (trick.leader + best(faces, trump, dragon_first=False)) % players
        return winner, winner
    kept = [k for k, f in enumerate(faces) if f[0] != "bomb"]
    position = kept[
        best([faces[k] for k in kept], trump, dragon_first=bomb_leader == "highest_card")
    ]
    return None, (trick.leader + position) % players


def rule_9(bid: int, won: int) -> int:
    """A round's points (rule 9): 20 and 10 a trick for the bid made, else -10 a trick off."""
    return 20 + 10 * won if bid == won else -10 * abs(bid - won)


# -- the checks of one state -------------------------------------------------------------------


def places(state: AnniversaryState) -> Counter[Card]:
    """Where the cards are: every place a card may be, counted together."""
    found: Counter[Card] = Counter()
    for hand in state.hands:
        found.update(hand)
    found.update(state.stock)
    found.update(state.current_trick)
    found.update(state.out)
    found.update(card for card in state.passing if card is not None)
    found.update(card for card in (state.trump_card, state.revealed) if card is not None)
    return found


def check_cards(state: AnniversaryState) -> None:
    deck = Counter(state.deck.cards)
    assert places(state) == deck, (
        f"cards misplaced: {places(state) - deck}, {deck - places(state)}"
    )


def check_tricks(state: AnniversaryState, tricks: Sequence[AnniversaryTrick]) -> None:
    players = state.config.players
    copied = copied_by_vampire(state)
    for trick in tricks:
        assert len(trick.cards) == players
        expected = expected_winner_and_leader(
            trick, state.trump, copied, state.deck.readings.bomb_leader, players
        )
        assert (trick.winner, trick.next_leader) == expected, trick


def check_bids(state: AnniversaryState) -> None:
    made = {a.player: a.tricks for a in state.round_actions if type(a) is Bid}
    for seat, bid in enumerate(state.bids):
        if bid is None:
            assert seat not in made
            continue
        assert 0 <= bid <= state.deal_size
        changes = [by for who, by in state.bid_changes if who == seat]
        assert all(by in (1, -1) for by in changes)
        assert bid == made[seat] + sum(changes)
    won = Counter(t.winner for t in state.completed_tricks if t.winner is not None)
    assert state.tricks_won == tuple(won[seat] for seat in range(state.config.players))


def check_results(state: AnniversaryState) -> None:
    totals = [0] * state.config.players
    for result in state.results:
        size = state.config.deal_sizes[result.round - 1]
        assert len(result.tricks) == size
        won = Counter(t.winner for t in result.tricks if t.winner is not None)
        assert result.tricks_won == tuple(won[s] for s in range(state.config.players))
        assert sum(result.tricks_won) == sum(t.winner is not None for t in result.tricks)
        assert all(0 <= bid <= size for bid in result.bids)
        assert result.scores == tuple(map(rule_9, result.bids, result.tricks_won))
        totals = [a + b for a, b in zip(totals, result.scores, strict=True)]
    assert state.scores == tuple(totals)


def fields(state: AnniversaryState) -> dict[str, object]:
    """Every field of ``state`` (``==`` compares the histories alone)."""
    return {field.name: getattr(state, field.name) for field in attrs.fields(AnniversaryState)}


def refused(state: AnniversaryState, rng: random.Random) -> list[object]:
    """Actions the rules refuse in ``state`` (those legal in it are left out)."""
    players = state.config.players
    seat = state.current_player if state.current_player is not None else 0
    deck = state.deck.cards
    held = state.hands[seat]
    unheld = [c for c in deck if c not in held]
    actions: list[object] = [
        Bid(seat, state.deal_size + 1),
        Bid((seat + 1) % players, 0),
        Play(seat, rng.choice(unheld)),
        PassCard(seat, rng.choice(unheld)),
        ChangeBid(seat, rng.choice((0, 2, -2))),
        Declare(seat, rng.choice((Kind.DRAGON, Kind.SUIT, Kind.BOMB))),
        WitchSwap(seat, rng.choice(unheld), rng.choice(deck)),
        Play(players, deck[0]),
        "not an action",
    ]
    legal = set(legal_actions(state))
    return [a for a in actions if a not in legal]


def check_refusals(state: AnniversaryState, rng: random.Random) -> None:
    before = fields(state)
    codes = set(ErrorCode)
    for action in refused(state, rng):
        with pytest.raises(WizardError) as caught:
            apply(state, action)
        assert caught.value.code in codes
    assert fields(state) == before


def check_game(config: Config, seed: int) -> AnniversaryState:
    """Play a random game of ``config`` with ``seed``, checking every step; its last state."""
    probe = random.Random(seed ^ 0x5EED)
    state = new_anniversary_game(config)
    checked = 0
    for state, action in states_of(config, random.Random(seed)):
        check_cards(state)
        check_bids(state)
        if len(state.completed_tricks) < checked:  # a new round
            checked = 0
        check_tricks(state, state.completed_tricks[checked:])
        checked = len(state.completed_tricks)
        if not state.is_chance:
            legal = legal_actions(state)
            assert action in legal
            for each in legal:
                check(state, each)  # every legal action is accepted
        if probe.random() < 0.2:
            check_refusals(state, probe)
        check_results(state)
    final = apply(state, action) if not state.is_over else state
    check_cards(final)
    check_results(final)
    assert final.is_over
    return final


# -- the properties --------------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(config=anniversary_configs(short=True), seed=SEEDS)
def test_every_step_of_a_game_with_the_cards_keeps_the_invariants(
    config: Config, seed: int
) -> None:
    final = check_game(config, seed)
    # The same seed gives the same game; replaying the history gives an equal state.
    again = check_game(config, seed)
    assert again == final
    assert fields(again) == fields(final)
    replayed = replay(new_anniversary_game(config), final.history)
    assert replayed == final
    assert fields(replayed) == fields(final)


@settings(max_examples=15, deadline=None)
@given(config=anniversary_configs(short=True), seed=SEEDS, data=st.data())
def test_replaying_a_game_cut_anywhere_gives_an_equal_state(
    config: Config, seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    state = new_anniversary_game(config)
    stop = data.draw(st.integers(0, 400), label="steps")
    for _ in range(stop):
        if state.is_over:
            break
        state = apply(state, step(state, rng))
    replayed = replay(new_anniversary_game(config), state.history)
    assert replayed == state
    assert fields(replayed) == fields(state)


def test_the_independent_trick_rules_decide_the_sources_tricks() -> None:
    # Rule 39 as written here, on tricks worked out by hand from the rules.
    from wizard_rules import parse_cards

    def winner(text: str, declared: Sequence[Any] = (), trump: Suit | None = None) -> Any:
        cards = parse_cards(text)
        said = list(declared) + [None] * (len(cards) - len(declared))
        trick = AnniversaryTrick(0, cards, tuple(said), None, 0)
        return expected_winner_and_leader(trick, trump, None, "would_have_won", len(cards))

    assert winner("H13 Dragon W1 Fairy", trump=Suit.HEARTS) == (3, 3)  # 30.2
    assert winner("W1 Dragon H2") == (1, 1)  # 29.1
    assert winner("Bomb W1 H5") == (None, 1)  # 31.1, 31.3
    assert winner("Fairy J1 H5") == (2, 2)  # 30.3: the next card decides
    assert winner("C7 Juggler C8", [None, Suit.CLUBS]) == (2, 2)  # 7 < 7½ < 8
    assert winner("C9 Cloud C10", [None, Suit.CLUBS]) == (2, 2)  # 9 < 9¾ < 10
    assert winner("C9 Cloud S1", [None, Suit.CLUBS]) == (1, 1)
    assert winner("Shapeshifter W1", [Kind.WIZARD]) == (0, 0)  # 35.1: the first Wizard
    assert winner("Fairy Witch J1") == (1, 1)  # 36.1: the Witch a Jester, the first of them
    assert winner("Fairy Fairy J1") == (2, 2)
    trick = AnniversaryTrick(0, parse_cards("Dragon Bomb Fairy"), (None,) * 3, None, 0)
    assert expected_winner_and_leader(trick, None, None, "highest_card", 3) == (None, 0)
    assert expected_winner_and_leader(trick, None, None, "would_have_won", 3) == (None, 2)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(config=anniversary_configs(), seed=SEEDS)
def test_whole_games_with_the_cards_keep_the_invariants(config: Config, seed: int) -> None:
    """The standard schedule: every round of the game (the slow group)."""
    check_game(config, seed)


# -- the invariants can fail ---------------------------------------------------------------

ALL_CARDS = Config(
    players=4,
    rules=attrs.evolve(
        variant_rules((), ListedSchedule(sizes=(15, 15))),
        deck=AnniversaryDeck(added=CARD_NAMES),
    ),
)


def test_the_game_the_planted_bugs_play_keeps_the_invariants() -> None:
    final = check_game(ALL_CARDS, 1)
    tricks = [trick for result in final.results for trick in result.tricks]
    assert any(trick.winner is None for trick in tricks)  # a Bomb's trick is played
    assert any(type(a) is WitchSwap and a.give is not None for a in final.history)


def test_a_bombs_trick_given_to_its_winner_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_bomb(faces: Sequence[Face], trump: Suit | None) -> int | None:
        kept = [f for f in faces if f.kind is not FaceKind.BOMB] or list(faces[:1])
        position = winning_position(kept, trump)
        return None if position is None else faces.index(kept[position])

    monkeypatch.setattr(transitions, "winning_position", no_bomb)
    with pytest.raises(AssertionError):
        check_game(ALL_CARDS, 1)


def test_a_witchs_gift_that_vanishes_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = transitions._witch

    def losing(state: AnniversaryState, action: WitchSwap) -> AnniversaryState:
        after = honest(state, action)
        if action.give is None:
            return after
        out = tuple(card for card in after.out if card is not action.give)
        return transitions._with(after, out=out)

    monkeypatch.setattr(transitions, "_witch", losing)
    monkeypatch.setitem(
        transitions._RULES, AnniversaryPhase.WITCH, (transitions._verify_witch, losing)
    )
    with pytest.raises(AssertionError, match="cards misplaced"):
        check_game(ALL_CARDS, 1)


@settings(max_examples=10, deadline=None)
@given(
    fixed=anniversary_configs(4, cards=["fairy", "dragon"], readings=Readings()),
    drawn=anniversary_configs(st.sampled_from([3, 5]), short=True),
)
def test_the_configs_strategy_keeps_what_it_is_given(fixed: Config, drawn: Config) -> None:
    deck = fixed.rules.deck
    assert type(deck) is AnniversaryDeck
    assert fixed.players == 4
    assert deck.added == ("dragon", "fairy")
    assert deck.readings == Readings()
    assert drawn.players in (3, 5)
    assert 1 <= drawn.rounds <= 3
