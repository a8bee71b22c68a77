"""Non-interference with the anniversary cards on (rules 41.1 to 41.3).

Two games that differ only in what a seat may not know give that seat the
same everything: its view (:class:`~wizard_rules.core.anniversary.AnniversaryView`,
every public name of it), its legal actions when it is to act, and the
answer -- the error's code and message, or the acceptance -- of
:func:`~wizard_rules.check_as` and :func:`~wizard_rules.apply_as` to a spread
of actions it may send.

What a seat may not know, by the rules (rule 41, not by the code under test):

- another seat's hand, and the stock (also once a card of it is turned up
  for the Vampire, rule 37.3: that card is public, the rest is not);
- of a Juggler's pass (rule 33.3, 41.2): before the cards are delivered,
  the cards the others have put aside; after, the cards passed between two
  other seats (a seat sees the card it gave and the card it got);
- of a Witch's swap (rule 36.3, 41.2): the card given into the trick, which
  only her player sees.

Both games are real and honest.  The changed game is the first one's
history with a secret changed -- its round's deal with two hidden cards
swapped (between two other hands, or a hand and the stock), or another
seat's pass or Witch's gift made with another card of its hand -- and every
later action the same, replayed by the engine; only changes whose two cards
no later action names are made, so that the public actions are the same.
The seats compared are those that may know none of the changed secrets.
The tests that plant a leak show that the property can fail.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import Phase as HypothesisPhase
from hypothesis import assume, find, given, settings
from hypothesis import strategies as st

import wizard_rules.core.anniversary.transitions as transitions
import wizard_rules.core.anniversary.views as views
from wizard_rules import (
    Bid,
    ChooseTrump,
    Deal,
    ErrorCode,
    IllegalActionError,
    Kind,
    Play,
    Suit,
    apply_as,
    check_as,
    legal_actions,
    new_anniversary_game,
    player_view,
    replay,
)
from wizard_rules.conformance import adapter
from wizard_rules.conformance.adapter import OBSERVATIONS
from wizard_rules.core.anniversary import AnniversaryView
from wizard_rules.core.anniversary.actions import (
    ChangeBid,
    Declare,
    PassCard,
    Reveal,
    WerewolfTrump,
    WitchSwap,
)
from wizard_rules.core.anniversary.state import AnniversaryPhase, AnniversaryState
from wizard_rules.errors import WizardError
from wizard_rules.formats.records import view_to_dict
from wizard_rules.integrations.strategies import anniversary_configs

from .anniversary_games import cards_named, play_to, step

SECRETS = ("hand", "stock", "revealed", "pass_aside", "pass_delivered", "witch")
"""The secrets changed: a card between two other hands; between a hand and the stock;
the same once a stock card is turned up for the Vampire; a card put aside for a pass,
before delivery; a card passed between two other seats; a Witch's given card."""

_NEEDS: dict[str, tuple[str, ...]] = {
    "revealed": ("werewolf", "vampire"),
    "pass_aside": ("juggler",),
    "pass_delivered": ("juggler",),
    "witch": ("witch",),
}
"""The cards a game must hold for the secret to arise."""

_SINGLES = ("bomb", "werewolf", "juggler", "cloud", "shapeshifter", "witch", "vampire")


@attrs.frozen
class Case:
    """A game, the same game with a secret changed, and the seats that may not know it."""

    state: AnniversaryState
    changed: AnniversaryState
    ignorant: tuple[int, ...]
    what: str

    def __repr__(self) -> str:
        """The change, the state and who may not know it, in a line."""
        return f"Case({self.what}; {self.state!r}; ignorant {self.ignorant})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Hypothesis's printer: the short repr (not every field of both states)."""
        printer.text(repr(self))


# -- drawing the games and the changes ---------------------------------------------------


def _round_start(state: AnniversaryState) -> AnniversaryState:
    """The state before this round's deal (the game replayed up to it)."""
    done = len(state.history) - len(state.round_actions)
    return replay(new_anniversary_game(state.config), state.history[:done])


def _passes_before(actions: tuple[Any, ...], index: int, players: int) -> bool:
    """Whether the pass of ``actions[index]`` (a PassCard) was delivered within ``actions``."""
    start = index
    while start > 0 and type(actions[start - 1]) is PassCard:
        start -= 1
    # A pass is ``players`` PassCards in a row (nothing else is asked in between).
    offset = (index - start) % players
    group_end = index - offset + players
    return group_end <= len(actions)


def _changes(
    state: AnniversaryState, secret: str, start: AnniversaryState
) -> Iterator[tuple[tuple[Any, ...], frozenset[int], str]]:
    """Every honest change of ``secret`` in this round: (round's actions, who knows, what)."""
    actions = state.round_actions
    players = state.config.players
    if secret in ("hand", "stock", "revealed"):
        deal = actions[0]
        assert type(deal) is Deal
        later = {card for action in actions[1:] for card in cards_named(action)}
        dealt = {card for hand in deal.hands for card in hand} | {deal.turned}
        stock = [card for card in state.deck.cards if card not in dealt and card not in later]

        def free(seat: int) -> list[Any]:
            return [c for c in deal.hands[seat] if c not in later and c.kind is not Kind.WEREWOLF]

        for seat in range(players):
            for card in free(seat):
                others: list[tuple[int | None, Any]]
                if secret == "hand":
                    others = [(o, c) for o in range(players) if o != seat for c in free(o)]
                else:
                    others = [(None, c) for c in stock if c.kind is not Kind.WEREWOLF]
                for other, swapped in others:
                    hands = [list(hand) for hand in deal.hands]
                    hands[seat][hands[seat].index(card)] = swapped
                    if other is not None:
                        hands[other][hands[other].index(swapped)] = card
                    knowing = frozenset({seat} if other is None else {seat, other})
                    yield (
                        (Deal([tuple(h) for h in hands], deal.turned), *actions[1:]),
                        knowing,
                        f"P{seat}'s {card} swapped with "
                        + ("the stock's" if other is None else f"P{other}'s")
                        + f" {swapped}",
                    )
        return
    kind: Any = WitchSwap if secret == "witch" else PassCard
    for index, found in enumerate(actions):
        action: Any = found  # a PassCard or a WitchSwap, once its type is checked
        if type(action) is not kind:
            continue
        seat = action.player
        if kind is PassCard:
            delivered = _passes_before(actions, index, players)
            if (secret == "pass_delivered") != delivered:
                continue
            knowing = frozenset({seat, (seat + 1) % players} if delivered else {seat})
            old = action.card
        else:
            if action.give is None:
                continue
            knowing = frozenset({seat})
            old = action.give
        later = {card for a in actions[index + 1 :] for card in cards_named(a)}
        if old in later:
            continue
        before = replay(start, actions[:index])
        for card in before.hands[seat]:
            if card is old or card in later:
                continue
            new = PassCard(seat, card) if kind is PassCard else WitchSwap(seat, card, action.take)
            yield (
                (*actions[:index], new, *actions[index + 1 :]),
                knowing,
                f"{action} made with {card} instead",
            )


def _event(secret: str, want: int) -> Callable[[AnniversaryState], bool]:
    """When to stop the game for ``secret``: once the secret has arisen in the round."""
    if secret == "revealed":
        return lambda s: any(type(a) is Reveal for a in s.round_actions)
    if secret == "pass_aside":
        return lambda s: bool(s.passing) and sum(c is not None for c in s.passing) >= want
    if secret == "pass_delivered":
        return lambda s: bool(s.passes)
    return lambda s: any(type(a) is WitchSwap and a.give is not None for a in s.round_actions)


@st.composite
def cases(draw: st.DrawFn, secret: str) -> Case:
    """A state of a game with cards, the same with ``secret`` changed, and who may not know it."""
    pair = draw(st.booleans(), label="dragon and fairy")
    singles = [name for name in _SINGLES if name in _NEEDS.get(secret, ()) or draw(st.booleans())]
    names = (("dragon", "fairy") if pair else ()) + tuple(singles) or ("bomb",)
    config = draw(anniversary_configs(cards=names), label="config")
    players = config.players
    rng = random.Random(draw(st.integers(0, 2**32 - 1), label="seed"))
    if secret in ("hand", "stock"):
        round_number = draw(st.integers(1, config.rounds), label="round")
        state = play_to(
            config, rng, lambda s: s.round == round_number and s.phase is not AnniversaryPhase.DEAL
        )
    else:
        want = draw(st.integers(1, players - 1), label="put aside")
        state = play_to(config, rng, _event(secret, want))
        assume(not state.is_over)
    for _ in range(draw(st.integers(0, 3 * players), label="steps")):
        if secret == "pass_aside" or state.phase is AnniversaryPhase.DEAL:
            break
        following = replay(state, [step(state, rng)])
        if following.round != state.round or following.is_over:
            break
        state = following
    start = _round_start(state)
    changes = list(_changes(state, secret, start))
    assume(changes)
    random.Random(draw(st.integers(0, 2**16), label="order")).shuffle(changes)
    for actions, knowing, what in changes[:30]:
        try:
            changed = replay(start, actions)
        except WizardError:
            continue  # the public actions that follow are not legal in that game
        ignorant = tuple(seat for seat in range(players) if seat not in knowing)
        return Case(state, changed, ignorant, what)
    assume(False)
    raise AssertionError  # pragma: no cover - assume(False) does not return


# -- what a seat is given, and what it is answered --------------------------------------------

VIEW_NAMES = tuple(name for name in dir(AnniversaryView) if not name.startswith("_"))
"""Every public name of a view: its fields, its properties and its methods (legal_actions)."""


def outputs(state: AnniversaryState, seat: int) -> Iterator[tuple[str, object]]:
    """Everything ``seat`` is given of ``state``, named.

    The view's every public name, the view's JSON (what a server sends the
    seat), the conformance adapter's per-seat observations (the seat's
    entry of ``views`` and of ``card_views``), and its legal actions when it
    is to act.  (The frameworks' outputs are tested with the integrations.)
    """
    view = player_view(state, seat)
    for name in VIEW_NAMES:
        value = getattr(view, name)
        yield f"view.{name}", value() if callable(value) else value  # a method: its answer
    yield "view_to_dict", view_to_dict(view)
    for key in ("views", "card_views"):
        yield f"the adapter's {key}", OBSERVATIONS[key](state)[seat]
    if state.current_player == seat:
        yield "legal_actions", legal_actions(state)


def sent_by(state: AnniversaryState, seat: int) -> Iterator[object]:
    """A spread of what ``seat`` may send: every card, bid, declaration, pass, and junk."""
    deck = state.deck.cards
    other = (seat + 1) % state.config.players
    yield from (Bid(seat, n) for n in (*range(21), -1))
    yield from (Play(seat, card) for card in deck)
    yield from (Declare(seat, value) for value in (*Suit, *Kind))
    yield from (PassCard(seat, card) for card in deck)
    yield from (ChangeBid(seat, by) for by in (-1, 1, 0, 2, -2))
    yield from (WerewolfTrump(seat, suit) for suit in (*Suit, None))
    yield from (ChooseTrump(seat, suit) for suit in (*Suit, None))
    yield WitchSwap(seat, None, None)
    gives = (*state.hands[seat][:1], deck[0], deck[-1])  # its own card, and perhaps others'
    yield from (WitchSwap(seat, give, take) for give in gives for take in deck)
    yield Reveal(deck[0])
    yield Deal([[deck[0]]] * state.config.players, deck[1])
    yield from (Play(other, deck[0]), PassCard(other, deck[0]), WitchSwap(other, None, None))
    yield from (ChangeBid(other, 1), Declare(other, Suit.HEARTS), Bid(other, 0))
    yield from ("junk", None, 3)


def answer(call: Callable[[], object]) -> object:
    """``"accepted"``, or the refusal's type, code and message."""
    try:
        call()
    except WizardError as refused:
        return (type(refused).__name__, refused.code, str(refused))
    return "accepted"


def answers(state: AnniversaryState, seat: int) -> list[tuple[object, object, object]]:
    """``check_as`` and ``apply_as`` of every action of :func:`sent_by`."""
    return [
        (
            action,
            answer(lambda: check_as(state, seat, action)),  # noqa: B023 - called at once
            answer(lambda: apply_as(state, seat, action)),  # noqa: B023 - called at once
        )
        for action in sent_by(state, seat)
    ]


def assert_given_the_same(state: AnniversaryState, changed: AnniversaryState, seat: int) -> None:
    """Everything ``seat`` is given, and every answer it gets, is the same in both states."""
    for (name, value), (_, changed_value) in zip(
        outputs(state, seat), outputs(changed, seat), strict=True
    ):
        assert changed_value == value, f"P{seat}'s {name} differs"
    assert player_view(changed, seat) == player_view(state, seat)
    for one, two in zip(answers(state, seat), answers(changed, seat), strict=True):
        assert one == two, f"P{seat}'s answers differ: {one} / {two}"


# -- the property --------------------------------------------------------------------------


@pytest.mark.parametrize("secret", SECRETS)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_non_interference_with_the_cards(secret: str, data: st.DataObject) -> None:
    case = data.draw(cases(secret), label="case")
    assert case.changed != case.state, case.what
    assert case.ignorant, case.what
    # The secret did change: a hand, the stock, a pass or a Witch's gift differs.
    assert (
        case.changed.hands,
        case.changed.stock,
        case.changed.passing,
        case.changed.passes,
        case.changed.witch_swaps,
        case.changed.out,
    ) != (
        case.state.hands,
        case.state.stock,
        case.state.passing,
        case.state.passes,
        case.state.witch_swaps,
        case.state.out,
    ), case.what
    for seat in case.ignorant:
        assert_given_the_same(case.state, case.changed, seat)


def test_the_seats_that_know_a_secret_are_told_it() -> None:
    # The property's other side: the giver of a pass sees what it gave, so
    # the two games differ for it (else the property would hold vacuously).
    case = first_case("pass_delivered")
    knowing = set(range(case.state.config.players)) - set(case.ignorant)
    assert knowing
    for seat in knowing:
        assert player_view(case.changed, seat) != player_view(case.state, seat)


# -- the property can fail ------------------------------------------------------------------


def first_case(secret: str, accept: Callable[[Case], bool] = lambda case: True) -> Case:
    """A case of ``secret`` that ``accept`` accepts, found by drawing, deterministically."""
    return find(
        cases(secret),
        accept,
        settings=settings(
            max_examples=100,
            derandomize=True,
            database=None,
            phases=[HypothesisPhase.generate],
            deadline=None,
        ),
    )


def fails(case: Case) -> str:
    """The message of the first difference the property finds in ``case``, for any seat."""
    for seat in case.ignorant:
        try:
            assert_given_the_same(case.state, case.changed, seat)
        except AssertionError as caught:
            return str(caught)
    pytest.fail(f"the planted leak went unnoticed ({case.what})")


def _leaky_view(
    monkeypatch: pytest.MonkeyPatch, **leak: Callable[[AnniversaryState, int], Any]
) -> None:
    """Patch the view so that its fields ``leak`` show what the functions read of the state."""
    honest = views.anniversary_view

    def leaky(state: AnniversaryState, seat: int) -> AnniversaryView:
        view = honest(state, seat)
        return attrs.evolve(view, **{name: read(state, seat) for name, read in leak.items()})

    monkeypatch.setattr(views, "anniversary_view", leaky)


def test_a_view_of_every_card_put_aside_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    case = first_case("pass_aside")
    _leaky_view(monkeypatch, passing=lambda state, seat: state.passing)
    assert "view.passing" in fails(case)


def test_a_view_of_the_passing_of_all_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    case = first_case("pass_delivered")
    _leaky_view(monkeypatch, passes=lambda state, seat: state.passes)
    assert "view.passes" in fails(case)


def test_an_adapter_that_shows_the_passing_of_all_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The adapter's card_views built from a view that shows every pass whole.
    case = first_case("pass_delivered")
    honest = views.anniversary_view

    def leaky(state: AnniversaryState, seat: int) -> AnniversaryView:
        return attrs.evolve(honest(state, seat), passes=tuple((g[0], g[1]) for g in state.passes))

    monkeypatch.setattr(adapter, "anniversary_view", leaky)
    assert "the adapter's card_views" in fails(case)


def test_a_view_of_the_witchs_gift_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    case = first_case("witch")
    _leaky_view(monkeypatch, witch_swaps=lambda state, seat: state.witch_swaps)
    assert "view.witch_swaps" in fails(case)


def test_a_view_that_tells_the_stock_apart_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    case = first_case("revealed")
    _leaky_view(monkeypatch, scores=lambda state, seat: (*state.scores, hash(state.stock)))
    assert "view.scores" in fails(case)


def test_a_view_of_another_hand_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    case = first_case("hand")

    def hands(state: AnniversaryState, seat: int) -> tuple[Any, ...]:
        return (*state.hands[seat], *state.hands[(seat + 1) % state.config.players])

    _leaky_view(monkeypatch, hand=hands)
    assert "view.hand" in fails(case)


def test_a_refusal_that_reads_another_hand_first_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A server that says "another player holds that card" before it says
    # "not your turn" tells a seat whether a card lies in a hand or the stock.
    case = first_case("stock")
    verify_as = transitions._verify_as

    def leaky(state: AnniversaryState, seat: int, action: object) -> Any:
        if type(action) is Play and any(
            action.card in hand for other, hand in enumerate(state.hands) if other != seat
        ):
            raise IllegalActionError(ErrorCode.CARD_NOT_IN_HAND, "another player holds it")
        return verify_as(state, seat, action)

    monkeypatch.setattr(transitions, "_verify_as", leaky)
    assert "answers differ" in fails(case)


def test_legal_actions_that_read_the_stock_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Legal actions that tell a seat to act what the stock holds.
    case = first_case("stock", lambda case: case.state.current_player in case.ignorant)
    honest = transitions.legal_actions

    def leaky(state: AnniversaryState) -> tuple[Any, ...]:
        return (*honest(state), state.stock)

    monkeypatch.setattr(transitions, "legal_actions", leaky)
    assert "legal_actions" in fails(case)


@pytest.mark.slow
@pytest.mark.parametrize("secret", SECRETS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_non_interference_with_the_cards_at_length(secret: str, data: st.DataObject) -> None:
    """The property on many more games (the slow group)."""
    case = data.draw(cases(secret), label="case")
    for seat in case.ignorant:
        assert_given_the_same(case.state, case.changed, seat)


def _two_witches(given: str) -> AnniversaryState:
    """A trick with the Witch and the Vampire copying her (the Werewolf displaced the Witch).

    Reading ``vampire_under_werewolf="displaced_card"``: P1 holds the
    Werewolf and takes the turned Witch; the Vampire (P2) copies her.  Both
    swap after the trick (rule 40.1, in play order): P1 gives ``given`` face
    down for the C2; then it is P2's swap.
    """
    from wizard_rules import Config, apply, parse_card, parse_cards
    from wizard_rules.core.anniversary import AnniversaryDeck, Readings
    from wizard_rules.core.rules import ListedSchedule, Rules

    deck = AnniversaryDeck(
        added=("werewolf", "witch", "vampire"),
        readings=Readings(vampire_under_werewolf="displaced_card"),
    )
    config = Config(players=3, rules=Rules(schedule=ListedSchedule(sizes=(3,)), deck=deck))
    hands = [parse_cards("C2 C3 C4"), parse_cards("Werewolf H2 H3"), parse_cards("Vampire S2 S3")]
    state = new_anniversary_game(config)
    for action in (
        Deal(hands, parse_card("Witch")),
        WerewolfTrump(1, None),
        Bid(1, 0),
        Bid(2, 0),
        Bid(0, 0),
        Play(1, parse_card("Witch")),
        Play(2, parse_card("Vampire")),
        Play(0, parse_card("C2")),
        WitchSwap(1, parse_card(given), parse_card("C2")),
    ):
        state = apply(state, action)
    assert state.phase is AnniversaryPhase.WITCH
    assert state.current_player == 2
    return state


def test_a_second_witch_is_not_told_the_card_the_first_gave() -> None:
    state, changed = _two_witches("H2"), _two_witches("H3")
    for seat in (0, 2):  # neither gave it
        assert_given_the_same(state, changed, seat)
