"""The public homes of the names the packages share (issue 22, item 2).

Each of these was a private name that another package imported; each is now
public and documented, and refuses bad input with a documented error.  The
expected values come from the rules (docs/rules.rst) and the card order
(docs/api.rst, cards), not from the functions under test.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from wizard_rules import (
    DECK,
    Bid,
    ChooseTrump,
    Config,
    Deal,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    Phase,
    Play,
    Suit,
    apply,
    new_game,
    parse_card,
    parse_cards,
    player_view,
    position_of,
    random_deal,
    random_game,
)
from wizard_rules.core.cards import cards_of_mask
from wizard_rules.core.config import seat_after
from wizard_rules.core.position import position_with
from wizard_rules.core.state import not_a_state
from wizard_rules.core.transitions import out_of_phase, require_phase
from wizard_rules.core.trick import led_card
from wizard_rules.formats.records import (
    card_to_json,
    cards_to_json,
    suit_to_json,
    trick_to_json,
)
from wizard_rules.sim.random_play import round_deal_rng

# -- cards_of_mask ---------------------------------------------------------------


def test_cards_of_mask_gives_the_cards_of_the_bits_in_canonical_order() -> None:
    assert cards_of_mask(0) == ()
    assert cards_of_mask((1 << 60) - 1) == DECK
    # The canonical order: Jesters, then each suit from 1 to 13, then Wizards.
    cards = parse_cards("W2 C13 J1 C2")
    mask = sum(card.mask for card in cards)
    assert cards_of_mask(mask) == parse_cards("J1 C2 C13 W2")


@pytest.mark.parametrize("mask", [-1, 1 << 60, 2**100, "3", 3.0, True, None])
def test_cards_of_mask_refuses_what_is_no_mask_of_the_deck(mask: Any) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        cards_of_mask(mask)
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT
    assert "mask must be an int from 0 to 2**60 - 1" in caught.value.message


# -- seat_after --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "steps", "players", "expected"),
    [(0, 1, 3, 1), (2, 1, 3, 0), (3, 2, 4, 1), (1, 0, 5, 1), (5, 12, 6, 5)],
)
def test_seat_after_counts_to_the_left_around_the_table(
    seat: int, steps: int, players: int, expected: int
) -> None:
    assert seat_after(seat, steps, players) == expected


# -- led_card ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("", None),  # nothing played (rule 6.3)
        ("J1 J2", None),  # only Jesters: nothing decided yet (rule 6.3)
        ("J1 H3 S9", "H3"),  # the first card that is no Jester (rule 6.1)
        ("J3 W1 H3", "W1"),  # a Wizard: no led suit (rule 6.2)
    ],
)
def test_led_card_is_the_first_card_that_is_no_jester(cards: str, expected: str | None) -> None:
    assert led_card(parse_cards(cards)) == (None if expected is None else parse_card(expected))


@pytest.mark.parametrize("cards", ["H3", 3, [parse_card("H3"), "J1"], {parse_card("H3")}])
def test_led_card_refuses_what_is_no_sequence_of_cards(cards: Any) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        led_card(cards)
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT


def test_a_trick_s_led_suit_is_the_suit_of_its_first_card_that_is_no_jester() -> None:
    over = random_game(Config(players=4), random.Random(8))
    seen = set()
    for result in over.results:
        for trick in result.tricks:
            first = next((card for card in trick.cards if not card.is_jester), None)
            expected = None if first is None or first.is_wizard else first.suit  # rules 6.1-6.3
            assert trick.led_suit is expected
            seen.add("none" if expected is None else "suit")
    assert seen == {"none", "suit"}


# -- position_with -----------------------------------------------------------------


def _dealt(players: int = 3, seed: int = 5) -> Any:
    state = new_game(Config(players=players))
    return apply(state, random_deal(state, random.Random(seed)))


def test_position_with_the_hands_a_state_holds_is_its_position() -> None:
    state = _dealt()
    assert position_with(state, state.hands) == position_of(state)


def test_position_with_puts_the_given_hands_in_the_view_s_place() -> None:
    state = _dealt()
    view = player_view(state, 1)
    assert position_of(view).hands[0] is None  # the view hides seat 0's hand
    position = position_with(view, state.hands)
    assert position.hands == state.hands
    assert position == position_of(state)


@pytest.mark.parametrize("source", [None, 3, "state", position_of(new_game(Config(players=3)))])
def test_position_with_refuses_what_is_neither_state_nor_view(source: Any) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        position_with(source, ((), (), ()))
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT
    assert "expected a State or a PlayerView" in caught.value.message


@pytest.mark.parametrize("hands", [[(), (), ()], ((), ()), ((), (), (), ()), None])
def test_position_with_refuses_hands_that_are_not_one_a_seat(hands: Any) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        position_with(_dealt(), hands)
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT
    assert "hands must be a tuple of 3 hands" in caught.value.message


# -- not_a_state, require_phase, out_of_phase ------------------------------------


def test_not_a_state_names_the_type_it_was_given() -> None:
    error = not_a_state([1, 2])
    assert type(error) is InvalidArgumentError
    assert error.code is ErrorCode.INVALID_ARGUMENT
    assert error.message == "expected a State, not list"


def test_require_phase_lets_the_action_the_phase_expects_go_on() -> None:
    fresh = new_game(Config(players=3))
    require_phase(fresh, Deal, "a deal")  # the game begins with the deal (rule 2.3)
    dealt = _dealt()
    require_phase(dealt, Bid, "a bid")  # then the bids (rule 4.1) ...
    with pytest.raises(IllegalActionError) as caught:
        require_phase(dealt, Play, "a card")  # ... not the play
    assert caught.value.code is ErrorCode.WRONG_PHASE
    assert "expects Bid, not a card" in caught.value.message
    over = random_game(Config(players=3), random.Random(1))
    with pytest.raises(IllegalActionError) as caught:
        require_phase(over, ChooseTrump, "a trump")
    assert caught.value.code is ErrorCode.GAME_OVER


def test_require_phase_refuses_what_is_no_state() -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        require_phase("state", Deal, "a deal")  # type: ignore[arg-type]
    assert caught.value.message == "expected a State, not str"


@pytest.mark.parametrize("kind", [int, "Deal", [Deal], None, Phase])
def test_require_phase_refuses_what_is_no_action_class(kind: Any) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        require_phase(new_game(Config(players=3)), kind, "it")
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT
    assert "expected an action class" in caught.value.message


def test_out_of_phase_is_game_over_at_the_end_and_wrong_phase_before() -> None:
    over = random_game(Config(players=4), random.Random(2))
    assert out_of_phase(over, "anything").code is ErrorCode.GAME_OVER
    before = out_of_phase(new_game(Config(players=4)), "a bid")
    assert before.code is ErrorCode.WRONG_PHASE
    assert before.message == "the game is in the 'deal' phase and expects Deal, not a bid"


def test_out_of_phase_refuses_what_is_no_state() -> None:
    with pytest.raises(InvalidArgumentError):
        out_of_phase(None, "a bid")  # type: ignore[arg-type]


# -- round_deal_rng ----------------------------------------------------------------


def test_round_deal_rng_is_seeded_from_the_key_and_the_round_alone() -> None:
    assert round_deal_rng(9, 2).random() == random.Random("9:deal:2").random()
    assert round_deal_rng("a", 1).random() == random.Random("a:deal:1").random()


# -- the records' JSON of cards, suits and tricks --------------------------------


def test_cards_suits_and_tricks_as_json() -> None:
    assert card_to_json(parse_card("H13")) == "H13"
    assert card_to_json(None) is None
    assert cards_to_json(parse_cards("W1 C2 J4")) == ["W1", "C2", "J4"]
    assert cards_to_json(iter([parse_card("D7")])) == ["D7"]
    assert suit_to_json(Suit.SPADES) == "S"
    assert suit_to_json(None) is None
    over = random_game(Config(players=3), random.Random(3))
    trick = over.results[1].tricks[0]  # round 2: two tricks
    assert trick_to_json(trick) == {
        "leader": trick.leader,
        "cards": [card.text for card in trick.cards],
        "winner": trick.winner,
    }


@pytest.mark.parametrize(
    ("function", "value", "message"),
    [
        (card_to_json, "H13", "card must be a Card or None, not str"),
        (card_to_json, 13, "card must be a Card or None, not int"),
        (cards_to_json, "H13 C2", "cards must be an iterable of cards, not str"),
        (cards_to_json, 7, "cards must be an iterable of cards, not int"),
        (cards_to_json, [parse_card("H13"), "C2"], "each of cards must be a Card, not str"),
        (suit_to_json, "S", "suit must be a Suit or None, not str"),
        (trick_to_json, {"leader": 0}, "trick must be a Trick, not dict"),
    ],
)
def test_the_json_of_cards_refuses_what_is_not_one(
    function: Any, value: Any, message: str
) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        function(value)
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT
    assert caught.value.message == message
