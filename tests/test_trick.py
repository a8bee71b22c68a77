from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from wizard_rules import (
    Config,
    ErrorCode,
    InvalidArgumentError,
    Suit,
    Trick,
    led_suit,
    may_play,
    parse_cards,
    winning_position,
)

from .helpers import ref_winner, walk

C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


def mask_of(text: str) -> int:
    mask = 0
    for c in parse_cards(text):
        mask |= c.mask
    return mask


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("", None),
        ("C5", C),
        ("C5 H13", C),
        ("C5 W1 H2", C),
        ("J1", None),
        ("J1 C5", C),
        ("J1 J2", None),
        ("J1 J2 H3", H),
        ("J1 J2 J3 S4", S),
        ("J1 J2 J3 J4", None),
        ("J1 W1", None),
        ("J1 W1 C5", None),
        ("W1", None),
        ("W1 C5", None),
        ("W2 J1 D3", None),
        ("D3 J1 C5", D),
    ],
    ids=lambda v: repr(v),
)
def test_led_suit(cards: str, expected: Suit | None) -> None:
    assert led_suit(parse_cards(cards)) is expected


@pytest.mark.parametrize(
    ("cards", "trump", "expected"),
    [
        # Jester led: the next card decides, and a Jester never wins over it
        ("J1 C5", None, 1),
        ("J1 C5", H, 1),
        ("J1 C5 C9", None, 2),
        ("J1 C5 H2 C13", H, 2),
        ("J1 C5 H2 C13", None, 3),
        # Jester, Jester, suit card
        ("J1 J2 D4", None, 2),
        ("J1 J2 D4 D9", None, 3),
        ("J1 J2 D4 C13", None, 2),
        ("J1 J2 D4 C13", C, 3),
        # Jester then Wizard: the Wizard wins
        ("J1 W2", None, 1),
        ("J1 W2 C13", C, 1),
        ("J1 J2 W1 W2", S, 2),
        # Wizard led
        ("W3 C13 H13", H, 0),
        ("W3 W1 W2", None, 0),
        ("W1 J1 J2", C, 0),
        # all Jesters: the first Jester wins
        ("J3 J1 J2", None, 0),
        ("J3 J1 J2 J4", S, 0),
        ("J2 J1", H, 0),
        # several Wizards: the first one wins
        ("C2 W4 W1", None, 1),
        ("H3 W2 W1 W3", H, 1),
        ("J1 C13 H13 W4 W1", H, 3),
        # trump beats the led suit
        ("C13 H2", H, 1),
        ("C13 C12 H1", H, 2),
        ("H2 C13", H, 0),
        # highest trump among several
        ("C13 H2 H10 H5", H, 2),
        ("H2 H10 C13 H11", H, 3),
        ("S1 D5 D13 D6 S13 D12", D, 2),
        # off-suit high card loses
        ("C5 D13", None, 0),
        ("C5 D13", S, 0),
        ("C5 D13 C6", None, 2),
        ("C5 D13 C6", H, 2),
        ("J1 C5 D13", None, 1),
        # no trump round: highest of the led suit
        ("C5 H13 C4", None, 0),
        ("S3 S12 S7 S1", None, 1),
        ("D1 D2 D3 D4 D5 D13", None, 5),
        # a Jester after the lead never wins
        ("C1 J1", None, 0),
        ("C1 J1 J2", H, 0),
    ],
    ids=lambda v: repr(v),
)
def test_winning_position(cards: str, trump: Suit | None, expected: int) -> None:
    played = parse_cards(cards)
    assert winning_position(played, trump) == expected
    assert ref_winner(played, trump) == expected


@pytest.mark.parametrize(
    ("hand", "trick", "card", "expected"),
    [
        # empty trick: anything goes
        ("C3 H5 W1 J1", "", "H5", True),
        ("C3 H5 W1 J1", "", "C3", True),
        # must follow the led suit when able
        ("C3 H5 W1 J1", "C9", "C3", True),
        ("C3 H5 W1 J1", "C9", "H5", False),
        ("C3 H5 D2", "C9 D13", "D2", False),
        # ... but a Wizard or Jester may always be played
        ("C3 H5 W1 J1", "C9", "W1", True),
        ("C3 H5 W1 J1", "C9", "J1", True),
        # void in the led suit: any card, and no duty to trump
        ("H5 D2", "C9", "H5", True),
        ("H5 D2", "C9", "D2", True),
        ("H5 D2 S4", "C9 S2", "H5", True),
        # Wizard led: no led suit, anything goes
        ("C3 H5", "W2", "H5", True),
        ("C3 H5", "W2 C9", "H5", True),
        ("C3 H5", "J1 W2 C9", "H5", True),
        # only Jesters so far: no led suit yet
        ("C3 H5", "J1", "H5", True),
        ("C3 H5", "J1 J2", "C3", True),
        # the first non-Jester decides
        ("C3 H5", "J1 C9", "H5", False),
        ("C3 H5", "J1 J2 C9", "H5", False),
        ("C3 H5", "J1 J2 C9", "C3", True),
        ("C3 H5 J4", "J1 J2 C9", "J4", True),
    ],
)
def test_may_play(hand: str, trick: str, card: str, expected: bool) -> None:
    (played,) = parse_cards(card)
    assert played in parse_cards(hand)
    assert may_play(parse_cards(hand), parse_cards(trick), played) is expected


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_completed_tricks_agree_with_the_reference(players: int) -> None:
    checked = 0
    for state in walk(Config(players=players), seed=players):
        if not state.is_over:
            continue
        for result in state.results:
            for trick in result.tricks:
                assert len(trick.cards) == players
                position = ref_winner(trick.cards, result.trump)
                assert trick.winner == (trick.leader + position) % players
                assert trick.seat_of(position) == trick.winner
                assert trick.winning_card is trick.cards[position]
                checked += 1
    assert checked == sum(range(1, 60 // players + 1))


def test_may_play_refuses_a_card_not_in_hand() -> None:
    assert may_play(parse_cards("C3 H5"), parse_cards("C9"), parse_cards("C4")[0]) is False


@pytest.mark.parametrize(
    "call",
    [
        lambda: led_suit("H3"),  # type: ignore[arg-type]
        lambda: led_suit([1, 2]),  # type: ignore[list-item]
        lambda: winning_position([], None),
        lambda: winning_position(parse_cards("H3"), "H"),  # type: ignore[arg-type]
        lambda: winning_position(["H3"], None),  # type: ignore[list-item]
        lambda: may_play(42, (), parse_cards("H3")[0]),  # type: ignore[arg-type]
        lambda: may_play(parse_cards("H3"), (), "H3"),  # type: ignore[arg-type]
        lambda: may_play(parse_cards("H3"), None, parse_cards("H3")[0]),  # type: ignore[arg-type]
    ],
)
def test_public_trick_functions_check_their_arguments(call: Callable[[], object]) -> None:
    with pytest.raises(InvalidArgumentError):
        call()


def test_a_trick_must_be_a_sequence() -> None:
    with pytest.raises(InvalidArgumentError):
        led_suit(set(parse_cards("C3 H4")))  # type: ignore[arg-type]
    assert may_play(set(parse_cards("C3 H4")), [], parse_cards("C3")[0])


def test_may_play_refuses_a_jester_that_is_not_held() -> None:
    # J1 is card 0: its bit is the lowest of a hand's mask.
    assert may_play(parse_cards("C3 H5"), [], parse_cards("J1")[0]) is False
    assert may_play(parse_cards("J1 H5"), [], parse_cards("J1")[0]) is True


def test_a_trick_is_made_only_by_the_game() -> None:
    final = next(s for s in walk(Config(players=3), seed=1) if s.completed_tricks)
    trick = final.completed_tricks[0]
    with pytest.raises(InvalidArgumentError) as info:
        Trick(trick.leader, trick.cards, trick.winner)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT
    changes: dict[str, object] = {"cards": ()}
    with pytest.raises(InvalidArgumentError):
        attrs.evolve(trick, **changes)


@pytest.mark.parametrize("position", [-1, 3, 99, "0", 1.0, None, True])
def test_seat_of_refuses_a_position_outside_the_trick(position: object) -> None:
    final = next(s for s in walk(Config(players=3), seed=1) if s.completed_tricks)
    trick = final.completed_tricks[0]
    assert [trick.seat_of(p) for p in range(3)] == [(trick.leader + p) % 3 for p in range(3)]
    with pytest.raises(InvalidArgumentError):
        trick.seat_of(position)  # type: ignore[arg-type]
