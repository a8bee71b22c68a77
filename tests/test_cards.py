from __future__ import annotations

import copy
import pickle
from collections import Counter
from typing import Any

import pytest

from wizard_rules import (
    DECK,
    JESTERS,
    WIZARDS,
    Card,
    CardTextError,
    ErrorCode,
    InvalidArgumentError,
    Kind,
    Suit,
    WizardError,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
)

# -- deck composition ---------------------------------------------------------


def test_deck_has_60_distinct_cards() -> None:
    assert len(DECK) == 60
    assert len(set(DECK)) == 60
    assert len({c.text for c in DECK}) == 60


def test_deck_index_matches_position() -> None:
    for i, c in enumerate(DECK):
        assert c.index == i
        assert c.mask == 1 << i


def test_deck_has_13_cards_of_each_suit_with_ranks_1_to_13() -> None:
    by_suit = Counter(c.suit for c in DECK if c.kind is Kind.SUIT)
    assert by_suit == dict.fromkeys(Suit, 13)
    for suit in Suit:
        ranks = sorted(c.rank for c in DECK if c.suit is suit if c.rank is not None)
        assert ranks == list(range(1, 14))


def test_deck_has_four_wizards_and_four_jesters() -> None:
    assert Counter(c.kind for c in DECK) == {Kind.SUIT: 52, Kind.WIZARD: 4, Kind.JESTER: 4}
    assert len(WIZARDS) == 4
    assert len(JESTERS) == 4
    assert [c.text for c in WIZARDS] == ["W1", "W2", "W3", "W4"]
    assert [c.text for c in JESTERS] == ["J1", "J2", "J3", "J4"]
    assert all(c.is_wizard and not c.is_jester for c in WIZARDS)
    assert all(c.is_jester and not c.is_wizard for c in JESTERS)
    assert all(c.suit is None and c.rank is None for c in WIZARDS + JESTERS)


def test_canonical_order_jesters_first_wizards_last() -> None:
    assert [c.index for c in JESTERS] == [0, 1, 2, 3]
    assert [c.index for c in WIZARDS] == [56, 57, 58, 59]
    suit_order = [c.suit for c in DECK[4:56]]
    assert suit_order == [s for s in Suit for _ in range(13)]
    assert list(Suit) == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]


@pytest.mark.parametrize(
    ("text", "kind", "suit", "rank"),
    [
        ("C1", Kind.SUIT, Suit.CLUBS, 1),
        ("D7", Kind.SUIT, Suit.DIAMONDS, 7),
        ("H13", Kind.SUIT, Suit.HEARTS, 13),
        ("S10", Kind.SUIT, Suit.SPADES, 10),
        ("W2", Kind.WIZARD, None, None),
        ("J4", Kind.JESTER, None, None),
    ],
)
def test_card_attributes(text: str, kind: Kind, suit: Suit | None, rank: int | None) -> None:
    c = parse_card(text)
    assert c.kind is kind
    assert c.suit is suit
    assert c.rank == rank
    assert c.text == text


# -- text form -------------------------------------------------------------------


@pytest.mark.parametrize("c", DECK, ids=[c.text for c in DECK])
def test_text_round_trip(c: Card) -> None:
    assert str(c) == c.text
    assert parse_card(str(c)) is c
    assert parse_cards(str(c)) == (c,)
    assert eval(repr(c), {"parse_card": parse_card}) is c


@pytest.mark.parametrize(
    "token",
    ["", "h13", "H0", "H14", "H01", "W0", "W5", "J5", "X3", " H3", "H3 ", 13, None, "W", "C+1"],
)
def test_parse_card_rejects_malformed_tokens(token: Any) -> None:
    with pytest.raises(CardTextError) as info:
        parse_card(token)
    assert info.value.code is ErrorCode.BAD_CARD_TEXT
    assert isinstance(info.value, WizardError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "token", ["h3", "w1", "j1", "H-1", "S013", "C1.0", "H\u0663", "HH3", "3H"]
)
def test_parse_card_rejects_more_malformed_tokens(token: str) -> None:
    with pytest.raises(CardTextError) as info:
        parse_card(token)
    assert info.value.code is ErrorCode.BAD_CARD_TEXT


def test_parse_cards_and_format_cards() -> None:
    cards = parse_cards("J2 C7 H13 W1")
    assert [c.text for c in cards] == ["J2", "C7", "H13", "W1"]
    assert format_cards(cards) == "J2 C7 H13 W1"
    assert parse_cards("") == ()
    assert parse_cards("   ") == ()
    assert parse_cards(" C1  D13\tJ4\n") == (parse_card("C1"), parse_card("D13"), parse_card("J4"))
    assert format_cards([]) == ""
    assert parse_cards("H3 H3") == (parse_card("H3"), parse_card("H3"))


def test_whole_deck_text_round_trip() -> None:
    text = format_cards(DECK)
    assert parse_cards(text) == DECK
    assert format_cards(reversed(DECK)) == " ".join(c.text for c in reversed(DECK))


@pytest.mark.parametrize("text", ["H3 X1", "H3,C4", "H14", "W1 w2", None, 5])
def test_parse_cards_rejects_bad_text(text: Any) -> None:
    with pytest.raises(CardTextError) as info:
        parse_cards(text)
    assert info.value.code is ErrorCode.BAD_CARD_TEXT


@pytest.mark.parametrize("value", [["H3"], [parse_card("H3"), "C4"], 5, None, [None]])
def test_format_cards_rejects_non_cards(value: Any) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        format_cards(value)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT


@pytest.mark.parametrize(
    ("text", "suit"),
    [("C", Suit.CLUBS), ("D", Suit.DIAMONDS), ("H", Suit.HEARTS), ("S", Suit.SPADES)],
)
def test_parse_suit(text: str, suit: Suit) -> None:
    assert parse_suit(text) is suit
    assert str(suit) == text


@pytest.mark.parametrize("text", ["", "c", "W", "J", "X", "HH", " H", "H ", "Hearts", None, 1])
def test_parse_suit_rejects_bad_text(text: Any) -> None:
    with pytest.raises(CardTextError) as info:
        parse_suit(text)
    assert info.value.code is ErrorCode.BAD_CARD_TEXT


# -- identity and immutability -----------------------------------------------


@pytest.mark.parametrize("name", ["index", "kind", "suit", "rank", "text", "mask", "other"])
def test_card_attributes_cannot_be_set(name: str) -> None:
    c = parse_card("H3")
    with pytest.raises(AttributeError):
        setattr(c, name, 5)
    assert c.index == DECK.index(c)
    assert c.text == "H3"


def test_card_attributes_cannot_be_deleted() -> None:
    c = parse_card("S9")
    with pytest.raises(AttributeError):
        del c.rank
    assert c.rank == 9


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((), {}), (("H3",), {}), ((0,), {}), ((), {"index": 3})],
)
def test_card_is_not_constructible(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        Card(*args, **kwargs)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT


@pytest.mark.parametrize("c", DECK, ids=[c.text for c in DECK])
def test_copies_and_pickles_are_the_same_object(c: Card) -> None:
    assert copy.copy(c) is c
    assert copy.deepcopy(c) is c
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(c, protocol=protocol)) is c


def test_deepcopy_of_a_container_keeps_the_interned_cards() -> None:
    hand = [parse_card("H3"), parse_card("W1")]
    copied = copy.deepcopy(hand)
    assert copied is not hand
    assert all(a is b for a, b in zip(copied, hand, strict=True))
    assert pickle.loads(pickle.dumps(tuple(DECK))) == DECK


def test_hash_is_index_and_equality_is_identity() -> None:
    for c in DECK:
        assert hash(c) == c.index
    assert parse_card("H3") == parse_card("H3")
    assert parse_card("H3") != parse_card("H4")
    assert parse_card("W1") != parse_card("W2")
    assert parse_card("J1") != parse_card("J2")
    assert list(dict.fromkeys(reversed(DECK))) == list(reversed(DECK))


@pytest.mark.parametrize("value", [["H13"], {"H13": 1}, {"H13"}, b"H13", 13.0])
def test_parsing_refuses_values_that_are_not_text(value: object) -> None:
    with pytest.raises(CardTextError):
        parse_card(value)  # type: ignore[arg-type]
    with pytest.raises(CardTextError):
        parse_suit(value)  # type: ignore[arg-type]
