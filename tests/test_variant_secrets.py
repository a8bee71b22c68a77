"""Non-interference under the hidden-information variants (rules 13.2, 23.4, 24.1 and 26.2).

Two games that differ only in what a seat may not know give that seat the
same everything: its view, the view's JSON, its partial position and that
position's text, the text renderings of a view, its legal actions, its
tensors, OpenSpiel's observation and information state (strings and
tensors), PettingZoo's observation and action mask, and the answer to any
action it sends (:func:`~wizard_rules.check_as`, :func:`~wizard_rules.apply_as`).

What a seat may not know, by the rules (not by the code under test):

- hidden bids (rule 23.1): another seat's bid, while the bids are made;
- delayed reveal (rule 24.1): another seat's bid, for the whole round, until
  its last trick is played;
- clairvoyance (rule 26.2): its own card, in round 1, from the deal until
  the trick is played; the other secret there is the undealt stack, so the
  card is swapped with one of the stack's.

Both games are real: the changed one is the history of the first replayed
with the secret changed (another bid, or a deal with the seat's card
swapped).  One or two of the seats that may know none of the changed
secrets are checked, the seat to act among them when it is one.
The tests that plant a leak show that the property can fail.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import Phase as HypothesisPhase
from hypothesis import find, given, settings
from hypothesis import strategies as st
from rich.console import Console

import wizard_rules.core.transitions as transitions
import wizard_rules.integrations.openspiel as wos
from wizard_rules import (
    DECK,
    Action,
    Bid,
    Card,
    ChooseTrump,
    Config,
    Deal,
    ErrorCode,
    IllegalActionError,
    Phase,
    Play,
    State,
    Suit,
    apply,
    apply_as,
    check_as,
    new_game,
    player_view,
    position_of,
    random_action,
    random_deal,
    replay,
)
from wizard_rules.agents.play import bidding_note, render_turn
from wizard_rules.core.config import seat_after
from wizard_rules.core.rules import (
    VARIANTS,
    Clairvoyance,
    DelayedReveal,
    HiddenBids,
    variant_names,
    variant_rules,
)
from wizard_rules.errors import WizardError
from wizard_rules.formats.action_ids import NUM_ACTIONS, action_id
from wizard_rules.formats.records import dumps, view_to_dict
from wizard_rules.formats.text import position_table, trump_sentence
from wizard_rules.integrations.pettingzoo import raw_env
from wizard_rules.integrations.strategies import configs
from wizard_rules.integrations.tensors import Layout

from .fields import assert_same_position, assert_same_view
from .helpers import card, stable_id

pyspiel: Any = importlib.import_module("pyspiel")

SECRET_VARIANTS = ("hidden_bids", "delayed_reveal", "clairvoyance")


def combinations_with(name: str) -> list[tuple[str, ...]]:
    """Every combination of variants with ``name`` on that may be played (rule 27)."""
    found = []
    others = [v for v in VARIANTS if v != name]
    for size in range(len(others) + 1):
        for chosen in itertools.combinations(others, size):
            names = (name, *chosen)
            try:
                variant_rules(names)
            except WizardError:
                continue
            found.append(names)
    return found


# -- the secrets, by the rules ----------------------------------------------------


def bids_hidden_from_others(state: State) -> bool:
    """Whether the bids made this round are hidden from every seat but the bidder's own.

    Hidden bids: while the bids are made (rule 23.1).  Delayed reveal: until
    the round's last trick is played (rule 24.1), which ends the round.
    """
    bidding = state.config.rules.bidding
    if isinstance(bidding, HiddenBids):
        return state.phase is Phase.BID
    if isinstance(bidding, DelayedReveal):
        return state.phase in (Phase.BID, Phase.PLAY)
    return False


def own_card_hidden(state: State) -> bool:
    """Whether each seat's own card is hidden from it: round 1 under clairvoyance (rule 26.2)."""
    return (
        isinstance(state.config.rules.visibility, Clairvoyance)
        and state.round == 1
        and state.phase in (Phase.CHOOSE_TRUMP, Phase.BID)
    )


@attrs.frozen
class Case:
    """A game, the same game with secrets changed, and seats that may know none of them."""

    state: State
    changed: State
    ignorant: tuple[int, ...]
    what: str


def with_bid(state: State, seat: int, tricks: int) -> State:
    """``state``'s game replayed with ``seat``'s bid of this round ``tricks``."""
    actions = [
        Bid(seat, tricks) if isinstance(a, Bid) and a.player == seat else a
        for a in state.round_actions
    ]
    return _replayed(state, actions)


def with_own_card(state: State, seat: int, other: Card) -> State:
    """``state``'s game replayed with ``seat``'s card of this round's deal ``other`` instead.

    ``other`` is a card of the undealt stack (or ``seat``'s own).
    """
    deal, *rest = state.round_actions
    assert isinstance(deal, Deal)
    hands = list(deal.hands)
    hands[seat] = (other,)
    return _replayed(state, [Deal(hands, deal.turned), *rest])


def _replayed(state: State, round_actions: Sequence[Action]) -> State:
    past = [a for actions in state.past_actions for a in actions]
    return replay(new_game(state.config), [*past, *round_actions])


def unaware(secret: tuple[str, int], players: int) -> set[int]:
    """The seats that may not know ``secret``.

    A bid is known to its bidder alone; under clairvoyance a card is known
    to every seat but its holder's.
    """
    kind, owner = secret
    if kind == "bid":
        return set(range(players)) - {owner}
    return {owner}


SEEDS = st.integers(0, 2**32 - 1)


@st.composite
def cases(draw: st.DrawFn, variant: str) -> Case:
    """A state of a game with ``variant`` on, in which some seat does not know a secret.

    Shrinks towards three players, round 1 and few actions in the round.
    """
    names = draw(st.sampled_from(combinations_with(variant)))
    config = draw(configs(variants=names))
    rng = random.Random(draw(SEEDS, label="seed"))
    players = config.players
    blind_game = "clairvoyance" in names
    last_round = 1 if variant == "clairvoyance" else config.rounds
    round_number = draw(st.integers(1, last_round), label="round")
    state = new_game(config)
    while state.round < round_number:
        state = apply(state, random_action(state, rng))
    state = apply(state, random_deal(state, rng))
    if state.phase is Phase.CHOOSE_TRUMP and (variant != "clairvoyance" or draw(st.booleans())):
        state = apply(state, random_action(state, rng))
    blind = blind_game and round_number == 1
    # How many bids are made: at least one, for a bid to be secret; not all
    # under hidden bids (the last shows them), nor in a blind round (the
    # last plays the trick).
    if state.phase is Phase.BID:
        # Delayed reveal keeps the bids secret in play too: half its cases are there.
        in_play = variant == "delayed_reveal" and not blind and draw(st.booleans(), label="play")
        fewest = 0 if variant == "clairvoyance" else 1
        bids = players if in_play else draw(st.integers(fewest, players - 1), label="bids")
        for _ in range(bids):
            state = apply(state, random_action(state, rng))
        if in_play:  # any card of the round but the last
            for _ in range(draw(st.integers(0, players * state.deal_size - 1), label="plays")):
                state = apply(state, random_action(state, rng))
    assert state.round == round_number
    # The secrets, and which seat may know which.
    secrets: list[tuple[str, int]] = []  # ("bid" or "card", the seat whose secret it is)
    if bids_hidden_from_others(state):
        secrets += [("bid", seat) for seat, bid in enumerate(state.bids) if bid is not None]
    if own_card_hidden(state):
        secrets += [("card", seat) for seat in range(players)]
    kind = "card" if variant == "clairvoyance" else "bid"
    first = draw(st.sampled_from([s for s in secrets if s[0] == kind]), label="secret")
    changed_secrets = [first]
    ignorant = unaware(first, players)
    for more in draw(st.lists(st.sampled_from(secrets), max_size=2, unique=True), label="more"):
        if more not in changed_secrets and ignorant & unaware(more, players):
            changed_secrets.append(more)
            ignorant &= unaware(more, players)
    changed = state
    what: list[str] = []
    for secret, seat in changed_secrets:
        if secret == "bid":
            bid = changed.bids[seat]
            assert bid is not None
            other = draw(st.sampled_from([n for n in range(state.deal_size + 1) if n != bid]))
            changed = with_bid(changed, seat, other)
            what.append(f"P{seat}'s bid {bid} -> {other}")
        else:
            own = changed.hand(seat)[0]
            other_card = draw(st.sampled_from(changed.undealt))
            changed = with_own_card(changed, seat, other_card)
            what.append(f"P{seat}'s card {own} -> {other_card}")
    # The seat to act, if it knows none of the secrets (its answers are the
    # ones that say more than not_your_turn), and one more of those seats at
    # most: each costs a few renderings and two OpenSpiel games.
    seats = {draw(st.sampled_from(sorted(ignorant)), label="seat")}
    if state.current_player in ignorant:
        seats.add(state.current_player)
    return Case(state, changed, tuple(sorted(seats)), "; ".join(what))


# -- everything a seat is given ----------------------------------------------------


@functools.cache
def layouts(config: Config) -> tuple[tuple[str, Layout], ...]:
    """Every layout of the tensors for ``config``'s games, named."""
    found = []
    for recall, private, public in itertools.product((False, True), repeat=3):
        layout = Layout(
            config.players,
            perfect_recall=recall,
            private=private,
            public=public,
            rules=config.rules,
        )
        found.append((f"tensor(recall={recall}, private={private}, public={public})", layout))
    return tuple(found)


def rendered(renderable: Any) -> str:
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(renderable)
    return out.getvalue()


def outputs(state: State, seat: int) -> Iterator[tuple[str, object]]:
    """Everything ``seat`` is given in ``state``, named, in a form that compares with ``==``."""
    view = player_view(state, seat)
    yield "player_view", view
    yield "view_to_dict as JSON", dumps(view_to_dict(view))
    position = position_of(view)
    yield "position_of(view)", position
    yield "position_of(view).to_text()", position.to_text()
    yield "position_table", position_table(position)
    yield "trump_sentence(view)", trump_sentence(view)
    yield "render_turn(view)", rendered(render_turn(view))
    yield "bidding_note(view)", bidding_note(view)
    yield "view.legal_actions()", view.legal_actions()
    for name, layout in layouts(state.config):
        yield name, layout.encode(view).tobytes()
    for name, extra in INTEGRATIONS:
        yield from ((f"{name}: {key}", value) for key, value in extra(state, seat))


# -- OpenSpiel and PettingZoo --------------------------------------------------------


def params_of(config: Config, round: int = 0) -> dict[str, Any]:
    """The OpenSpiel game's parameters for ``config``, of the whole game or of one ``round``."""
    params: dict[str, Any] = {"players": config.players, "first_dealer": config.first_dealer}
    params.update(dict.fromkeys(variant_names(config.rules), True))
    if round:
        params["round"] = round
    return params


@functools.cache
def openspiel_game(config: Config, round: int = 0) -> Any:
    return pyspiel.load_game("wizard_rules", params_of(config, round))


OBSERVER_TYPES = {
    f"observer(recall={recall}, public={public}, private={private})": pyspiel.IIGObservationType(
        perfect_recall=recall,
        public_info=public,
        private_info=(
            pyspiel.PrivateInfoType.SINGLE_PLAYER if private else pyspiel.PrivateInfoType.NONE
        ),
    )
    for recall, public, private in itertools.product((False, True), repeat=3)
}


@functools.cache
def observers(config: Config, round: int = 0) -> tuple[tuple[str, Any], ...]:
    game = openspiel_game(config, round)
    return tuple((name, game.make_py_observer(kind)) for name, kind in OBSERVER_TYPES.items())


def openspiel_state(game: Any, actions: Sequence[Action], outcomes: Sequence[int] = ()) -> Any:
    """The OpenSpiel state after ``actions`` (a deal as its chance outcomes), then ``outcomes``."""
    state = game.new_initial_state()
    for action in actions:
        if isinstance(action, Deal):
            for outcome in wos.chance_outcomes_of(action, state.wizard_state.dealer):
                state.apply_action(outcome)
        else:
            state.apply_action(action_id(action))
    for outcome in outcomes:
        state.apply_action(outcome)
    return state


def openspiel_outputs(
    config: Config, round: int, state: Any, seat: int
) -> Iterator[tuple[str, object]]:
    """What OpenSpiel gives ``seat`` of ``state``: strings, tensors, every observer's."""
    yield "observation_string", state.observation_string(seat)
    yield "information_state_string", state.information_state_string(seat)
    yield "observation_tensor", tuple(state.observation_tensor(seat))
    yield "information_state_tensor", tuple(state.information_state_tensor(seat))
    for name, observer in observers(config, round):
        observer.set_from(state, seat)
        yield f"{name} tensor", observer.tensor.tobytes()
        yield f"{name} string", observer.string_from(state, seat)
    if state.current_player() == seat:
        yield "legal_actions", tuple(state.legal_actions(seat))
        # Every id the seat may send, applied to a copy: accepted, or the refusal.
        yield (
            "apply_action of every id",
            tuple(
                answer(lambda: state.clone().apply_action(i))  # noqa: B023 - called at once
                for i in range(NUM_ACTIONS)
            ),
        )


def openspiel_whole_game(state: State, seat: int) -> Iterator[tuple[str, object]]:
    game = openspiel_game(state.config)
    yield from openspiel_outputs(state.config, 0, openspiel_state(game, state.history), seat)


def openspiel_one_round(state: State, seat: int) -> Iterator[tuple[str, object]]:
    game = openspiel_game(state.config, state.round)
    played = openspiel_state(game, state.round_actions)
    yield from openspiel_outputs(state.config, state.round, played, seat)


def pettingzoo_env(state: State) -> Any:
    """A PettingZoo environment of ``state``'s game, at ``state``.

    (The environment deals from its own generator: the state is put in its
    place, as ``step`` would have left it.)
    """
    config = state.config
    names: dict[str, Any] = dict.fromkeys(variant_names(config.rules), True)
    env = raw_env(config.players, first_dealer=config.first_dealer, **names)
    env.reset(seed=0)
    env._state = state
    if state.current_player is not None:
        env.agent_selection = env.possible_agents[state.current_player]
    return env


def pettingzoo_outputs(state: State, seat: int) -> Iterator[tuple[str, object]]:
    env = pettingzoo_env(state)
    observed = env.observe(env.possible_agents[seat])
    yield "observe: observation", observed["observation"].tobytes()
    yield "observe: action_mask", observed["action_mask"].tobytes()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        env._print_view(seat, False)  # what render_mode="human" prints for the seat to act
    yield "the human render", printed.getvalue()
    if state.current_player == seat:
        # Every id the seat may send: a refusal changes nothing, an accepted
        # id moves the environment on (and a new one is made).
        steps = []
        for i in range(NUM_ACTIONS):
            steps.append(answer(lambda: env.step(i)))  # noqa: B023 - called at once
            if steps[-1] == "accepted":
                env = pettingzoo_env(state)
        yield "step of every id", tuple(steps)


Outputs = Callable[[State, int], Iterator[tuple[str, object]]]
INTEGRATIONS: list[tuple[str, Outputs]] = [
    ("OpenSpiel", openspiel_whole_game),
    ("OpenSpiel, one round", openspiel_one_round),
    ("PettingZoo", pettingzoo_outputs),
]
"""The outputs of the integrations."""


def assert_given_the_same(state: State, changed: State, seat: int) -> None:
    """Everything ``seat`` is given, and every answer it gets, is the same in both states."""
    view, other = player_view(state, seat), player_view(changed, seat)
    assert_same_view(other, view)
    assert_same_position(position_of(other), position_of(view))
    for (name, value), (_, changed_value) in zip(
        outputs(state, seat), outputs(changed, seat), strict=True
    ):
        assert changed_value == value, f"P{seat}'s {name} differs"
    assert answers(changed, seat) == answers(state, seat), f"P{seat}'s answers differ"


# -- what a seat may send, and what it is answered -----------------------------------


def sent_by(seat: int, players: int) -> Iterator[object]:
    """Every action ``seat`` may send: every bid 0 to 20, every card, every trump, and junk."""
    other = (seat + 1) % players
    yield from (Bid(seat, n) for n in range(21))
    yield from (Play(seat, c) for c in DECK)
    yield from (ChooseTrump(seat, suit) for suit in (*Suit, None))
    yield Bid(seat, -1)
    yield Bid(seat, 60)
    yield Bid(other, 0)
    yield Play(other, DECK[0])
    yield ChooseTrump(other, Suit.HEARTS)
    yield Deal([[DECK[0]]] * players, DECK[1])
    yield from ("junk", None, 3, (seat, 0))


def answer(call: Callable[[], object]) -> object:
    try:
        call()
    except WizardError as refused:
        return (type(refused).__name__, refused.code, str(refused))
    return "accepted"


def answers(state: State, seat: int) -> list[tuple[object, object, object]]:
    """``check_as`` and ``apply_as`` of every action ``seat`` may send: accepted, or refused."""
    return [
        (
            action,
            answer(lambda: check_as(state, seat, action)),  # noqa: B023 - called at once
            answer(lambda: apply_as(state, seat, action)),  # noqa: B023 - called at once
        )
        for action in sent_by(seat, state.config.players)
    ]


# -- the property ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", SECRET_VARIANTS, ids=stable_id)
@settings(max_examples=20)
@given(data=st.data())
def test_non_interference(variant: str, data: st.DataObject) -> None:
    case = data.draw(cases(variant), label="case")
    assert case.changed != case.state
    assert case.ignorant, case.what
    for seat in case.ignorant:
        assert_given_the_same(case.state, case.changed, seat)


@settings(max_examples=20)
@given(data=st.data())
def test_non_interference_during_the_openspiel_deal_of_a_blind_round(data: st.DataObject) -> None:
    """OpenSpiel deals one card at a time: a blind seat's card stays hidden as it is dealt.

    (Rule 26.2: from the deal of round 1.)  The changed deal draws another
    card, not yet dealt, for the seat.
    """
    names = data.draw(st.sampled_from(combinations_with("clairvoyance")), label="variants")
    config = data.draw(configs(variants=names), label="config")
    players = config.players
    rng = random.Random(data.draw(SEEDS, label="seed"))
    outcomes = rng.sample(range(len(DECK)), players + 1)  # round 1: a card each, and the turned
    drawn = data.draw(st.integers(1, players), label="drawn")  # not the last: the deal is done
    index = data.draw(st.integers(0, drawn - 1), label="card")
    seat = seat_after(config.first_dealer, 1 + index, players)
    free = [card for card in range(len(DECK)) if card not in outcomes[:drawn]]
    swapped = list(outcomes[:drawn])
    swapped[index] = data.draw(st.sampled_from(free), label="other card")
    for round in (0, 1):  # the whole game, and the game of round 1 alone
        game = openspiel_game(config, round)
        first = openspiel_state(game, (), outcomes[:drawn])
        second = openspiel_state(game, (), swapped)
        assert first.current_player() == pyspiel.PlayerId.CHANCE
        for (name, value), (_, other) in zip(
            openspiel_outputs(config, round, first, seat),
            openspiel_outputs(config, round, second, seat),
            strict=True,
        ):
            assert other == value, f"P{seat}'s {name} differs (round={round})"


# -- the property can fail -------------------------------------------------------------


def first_case(variant: str, accept: Callable[[Case], bool] = lambda case: True) -> Case:
    """A case of ``variant`` that ``accept`` accepts, found by drawing, deterministically."""
    return find(
        cases(variant),
        accept,
        settings=settings(
            max_examples=200, derandomize=True, database=None, phases=[HypothesisPhase.generate]
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


def test_a_leaked_hidden_bid_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    case = first_case("hidden_bids")
    monkeypatch.setattr(HiddenBids, "bids_seen", lambda self, seat, bids, phase_is_bid: bids)
    assert "bids" in fails(case)


def test_a_bid_revealed_before_the_end_of_the_round_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A delayed reveal that shows the bids once they are all made, as hidden bids do.
    case = first_case("delayed_reveal", lambda case: case.state.phase is Phase.PLAY)
    monkeypatch.setattr(DelayedReveal, "shown", HiddenBids.shown)
    assert "bids" in fails(case)


def test_a_seen_own_card_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    case = first_case("clairvoyance")
    monkeypatch.setattr(Clairvoyance, "blind_round", 0)
    assert "hand" in fails(case)


def test_a_refusal_that_looks_at_the_hand_first_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A server that says "you do not hold that card" before anything else
    # tells a blind seat which card it holds.
    case = first_case("clairvoyance")
    verify_as = transitions._verify_as

    def leaky(state: State, seat: int, action: object) -> Any:
        if isinstance(action, Play) and action.card not in state.hand(seat):
            raise IllegalActionError(ErrorCode.CARD_NOT_IN_HAND, "not held")
        return verify_as(state, seat, action)

    monkeypatch.setattr(transitions, "_verify_as", leaky)
    assert "answers differ" in fails(case)


def secret_digest(state: State, seat: int) -> int:
    """A number that tells the round's bids and ``seat``'s hand apart (what a leak would show)."""
    return hash((state.bids, state.hand(seat))) % 2**20


def leak_in_the_information_state_string(monkeypatch: pytest.MonkeyPatch) -> None:
    history_string = wos._history_string

    def leaky(state: Any, player: int, private: bool, public: bool) -> str:
        text = history_string(state, player, private, public)
        return f"{text} leak={secret_digest(state.wizard_state, player)}"

    monkeypatch.setattr(wos, "_history_string", leaky)


def leak_in_the_observation_tensor(monkeypatch: pytest.MonkeyPatch) -> None:
    set_from = wos.WizardObserver.set_from

    def leaky(self: Any, state: Any, player: int) -> None:
        set_from(self, state, player)
        self.tensor[-1] = secret_digest(state.wizard_state, player)

    monkeypatch.setattr(wos.WizardObserver, "set_from", leaky)


def leak_in_the_pettingzoo_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    observe = raw_env.observe

    def leaky(self: Any, agent: str) -> Any:
        observed = observe(self, agent)
        seat = self.possible_agents.index(agent)
        observed["observation"][-1] = secret_digest(self.wizard_state, seat)
        return observed

    monkeypatch.setattr(raw_env, "observe", leaky)


def leak_in_an_openspiel_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    apply_action = wos.WizardState._apply_action

    def leaky(self: Any, action: int) -> None:
        if not self.is_chance_node() and action not in self.legal_actions():
            state = self.wizard_state
            digest = secret_digest(state, state.current_player)
            raise IllegalActionError(ErrorCode.WRONG_PHASE, f"refused ({digest})")
        apply_action(self, action)

    monkeypatch.setattr(wos.WizardState, "_apply_action", leaky)


@pytest.mark.parametrize(
    ("plant", "caught_by"),
    [
        (leak_in_the_information_state_string, "OpenSpiel: information_state_string"),
        (leak_in_the_observation_tensor, "OpenSpiel: observer"),
        (leak_in_the_pettingzoo_observation, "PettingZoo: observe: observation"),
        (leak_in_an_openspiel_refusal, "OpenSpiel: apply_action of every id"),
    ],
    ids=[
        "information state string",
        "observation tensor",
        "PettingZoo observation",
        "OpenSpiel refusal",
    ],
)
@pytest.mark.parametrize("variant", SECRET_VARIANTS, ids=stable_id)
def test_a_leak_in_an_integration_is_caught(
    plant: Callable[[pytest.MonkeyPatch], None],
    caught_by: str,
    variant: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    case = first_case(variant, lambda case: case.state.current_player in case.ignorant)
    plant(monkeypatch)
    assert caught_by in fails(case)


# -- a blind seat's plays in round 1 -------------------------------------------------------


@pytest.mark.parametrize("players", [3, 6])
def test_a_blind_seat_gets_the_same_answer_to_any_play_whatever_its_card(players: int) -> None:
    """Every card a blind seat could hold gives it the same answer to a Play of each card."""
    config = Config(players=players, rules=variant_rules(["clairvoyance"]))
    rng = random.Random(players)
    state = apply(new_game(config), random_deal(new_game(config), rng))
    if state.phase is Phase.CHOOSE_TRUMP:
        state = apply(state, random_action(state, rng))
    for seat in range(players):
        seen = set()
        for own in (state.hand(seat)[0], *state.undealt):
            game = with_own_card(state, seat, own)
            assert game.hand(seat) == (own,)
            seen.add(
                tuple(answer(lambda: check_as(game, seat, Play(seat, c))) for c in DECK)  # noqa: B023
            )
        assert len(seen) == 1, f"P{seat}'s answers depend on its own card"
        (plays,) = seen
        # No play in round 1 (rule 26.3): each is refused, and for the one reason.
        assert all(p != "accepted" for p in plays)
        assert len(set(plays)) == 1


def test_a_swapped_card_gives_a_real_game() -> None:
    # The swap of a card for one of the stack gives a real game: its view is
    # that of the first game, and its state is not.
    config = Config(players=3, rules=variant_rules(["clairvoyance"]))
    start = new_game(config)
    deal = Deal([[card("C9")], [card("C3")], [card("J1")]], card("C1"))
    state = apply(start, deal)
    changed = with_own_card(state, 0, card("S13"))
    assert changed.hand(0) == (card("S13"),)
    assert changed.hands[1:] == state.hands[1:]
    assert_given_the_same(state, changed, 0)
