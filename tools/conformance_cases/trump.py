"""The ``trump`` area: the turned card and the trump (rules 3.1 to 3.5)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    Json,
    area,
    bid,
    bids_in_order,
    case,
    config,
    deal,
    fill,
    last_round_deal,
    play,
    refused,
    simple_prefix,
    trump,
)

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


@area("trump", "The turned card and the trump (rules 3.1 to 3.5).")
def trump_area() -> Iterator[Json]:
    number = 1
    for players, turned_card, suit in (
        (3, "C7", "C"),
        (4, "D1", "D"),
        (5, "H13", "H"),
        (6, "S9", "S"),
    ):
        yield case(
            f"trump.{number:03d}",
            "3.2",
            f"a turned {turned_card} makes {suit} trump",
            config(players),
            [fill(players, 1, {}, turned_card)],
            state={"turned": turned_card, "trump": suit, "phase": "bid"},
        )
        number += 1
    for players, jester in ((3, "J1"), (4, "J2"), (5, "J3"), (6, "J4")):
        yield case(
            f"trump.{number:03d}",
            "3.3",
            f"a turned Jester ({jester}) means no trump",
            config(players),
            [fill(players, 1, {}, jester)],
            state={"turned": jester, "trump": None, "phase": "bid"},
        )
        number += 1
    for players, dealer in ((3, 0), (5, 3)):
        yield case(
            f"trump.{number:03d}",
            "3.4",
            "a turned Wizard lets the dealer choose trump before any bid",
            config(players, dealer),
            [fill(players, 1, {}, "W1")],
            state={"phase": "choose_trump", "current_player": dealer, "trump": None},
        )
        number += 1
    for suit in "CDHS":
        yield case(
            f"trump.{number:03d}",
            "3.4",
            f"the dealer names {suit} after a Wizard is turned; bidding starts left of the dealer",
            config(4, 2),
            [fill(4, 1, {}, "W3"), trump(2, suit)],
            state={"trump": suit, "phase": "bid", "current_player": 3, "turned": "W3"},
        )
        number += 1
    yield case(
        "trump.015",
        "3.4",
        "the dealer may not choose 'no trump'",
        config(3),
        [fill(3, 1, {}, "W2"), trump(0, None)],
        errors=refused(1, "no_trump_not_allowed"),
        state={"phase": "choose_trump", "current_player": 0},
    )
    yield case(
        "trump.016",
        "3.4",
        "only the dealer chooses trump",
        config(3),
        [fill(3, 1, {}, "W2"), trump(1, "H")],
        errors=refused(1, "not_your_turn"),
        state={"phase": "choose_trump", "trump": None},
    )
    yield case(
        "trump.017",
        "3.4",
        "nobody bids before the dealer has chosen trump",
        config(3),
        [fill(3, 1, {}, "W2"), bid(1, 0)],
        errors=refused(1, "wrong_phase"),
    )
    yield case(
        "trump.018",
        "3.4",
        "trump cannot be chosen when the turned card is not a Wizard",
        config(3),
        [fill(3, 1, {}, "H2"), trump(0, "S")],
        errors=refused(1, "wrong_phase"),
        state={"trump": "H"},
    )
    yield case(
        "trump.019",
        "3.1",
        "the turned card stays out of the players' hands",
        config(3),
        [deal(["C1", "C2", "C3"], "C4")],
        state={"turned": "C4", "hands": [["C1"], ["C2"], ["C3"]]},
    )
    for number, players in ((20, 3), (21, 6)):
        cfg = config(players)
        prefix = simple_prefix(cfg, 60 // players - 1)
        yield case(
            f"trump.{number:03d}",
            "3.5",
            f"{players} players: the last round has no turned card and no trump",
            cfg,
            [*prefix, last_round_deal(players)],
            state={"turned": None, "trump": None},
        )
    cfg = config(4)
    prefix = simple_prefix(cfg, 14)
    last4 = last_round_deal(4)
    yield case(
        "trump.022",
        "3.5",
        "a card may not be turned in the last round",
        cfg,
        [*prefix, {**last4, "turned": "W4"}],
        errors=refused(len(prefix), "invalid_deal"),
    )
    yield case(
        "trump.023",
        "3.1",
        "a card must be turned while cards remain",
        config(4),
        [fill(4, 1, {}, None)],
        errors=refused(0, "invalid_deal"),
    )
    # Who names trump on a turned Wizard: the dealer (seat 3), not the first
    # bidder (seat 0, left of the dealer); and never "no trump".
    wizard4 = [fill(4, 1, {}, "W1")]
    yield case(
        "trump.024",
        "3.4",
        "four players, dealer 3, a Wizard turned: the dealer names trump, not seat 0 (the first bidder)",
        config(4, 3),
        wizard4,
        state={"phase": "choose_trump", "current_player": 3, "dealer": 3},
    )
    yield case(
        "trump.025",
        "3.4",
        "four players, dealer 3: the first bidder (seat 0) may not name trump",
        config(4, 3),
        [*wizard4, trump(0, "C")],
        errors=refused(1, "not_your_turn"),
        state={"phase": "choose_trump", "current_player": 3, "trump": None},
    )
    yield case(
        "trump.026",
        "3.4",
        "four players, dealer 3: after the dealer names S, seat 0 bids first, and the trump is S",
        config(4, 3),
        [*wizard4, trump(3, "S"), bid(0, 1)],
        state={"trump": "S", "bids": [1, None, None, None], "current_player": 1},
    )
    yield case(
        "trump.027",
        "3.4",
        "four players: the dealer may not name 'no trump'",
        config(4, 3),
        [*wizard4, trump(3, None)],
        errors=refused(1, "no_trump_not_allowed"),
        state={"phase": "choose_trump", "current_player": 3, "trump": None},
    )
    yield case(
        "trump.028",
        "3.4",
        "four players: the dealer's choices are the four suits, and not 'no trump'",
        config(4, 3),
        wizard4,
        state={"legal_actions": [trump(3, suit) for suit in "CDHS"]},
    )
    yield case(
        "trump.029",
        "3.4",
        "six players, dealer 5: the dealer names H, and seat 0 bids first",
        config(6, 5),
        [fill(6, 1, {}, "W4"), trump(5, "H")],
        state={"trump": "H", "phase": "bid", "current_player": 0},
    )
    yield case(
        "trump.030",
        "3.4",
        "five players, dealer 0: the first bidder (seat 1) may not name trump",
        config(5),
        [fill(5, 1, {}, "W2"), trump(1, "D")],
        errors=refused(1, "not_your_turn"),
        state={"phase": "choose_trump", "current_player": 0},
    )
    yield case(
        "trump.031",
        "3.1",
        "four players: the turned card is out of play; nobody can play it",
        config(4),
        [fill(4, 1, {1: "C5"}, "H7"), *bids_in_order(4, 0, [0, 0, 0, 0]), play(1, "H7")],
        errors=refused(5, "card_not_in_hand"),
        state={"turned": "H7", "trick": [], "current_player": 1},
    )
    yield case(
        "trump.032",
        "3.1",
        "five players: the card turned after the deal is in nobody's hand",
        config(5),
        [deal(["C1", "C2", "C3", "C4", "C5"], "D9")],
        state={"turned": "D9", "trump": "D", "hands": [["C1"], ["C2"], ["C3"], ["C4"], ["C5"]]},
    )
