"""The ``following`` area: following suit, and what may always be played (rules 7.1 to 7.3)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    ORDER,
    Json,
    area,
    case,
    config,
    play,
    plays_in_order,
    refused,
    round2,
    round3,
)

# Ids of this area that are retired: never used again.
# following.015 did not test what it said (the player held no card of the led suit).
RETIRED: list[str] = ["following.015"]


@area("following", "Following suit, and what may always be played (rules 7.1 to 7.3).")
def following_area() -> Iterator[Json]:
    cfg = config(3)  # round3(): round 3, dealer 2, seat 0 leads
    base = round3(["C7 S2 S3", "C3 H5 W1", "D2 D3 J2"])
    follow_rows: list[tuple[str, str, list[str], str | int | None]] = [
        (
            "7.1",
            "holding the led suit, a card of another suit is refused",
            ["C7", "H5"],
            "must_follow_suit",
        ),
        ("7.1", "holding the led suit, a card of it may be played", ["C7", "C3"], None),
        ("7.2", "holding the led suit, a Wizard may be played", ["C7", "W1"], None),
        ("7.3", "holding no card of the led suit, any card may be played", ["C7", "C3", "D2"], 2),
        ("7.2", "holding no card of the led suit, a Jester may be played", ["C7", "C3", "J2"], 0),
        ("7.1", "a card not held is refused first", ["C7", "H9"], "card_not_in_hand"),
    ]
    number = 1
    for rule, text, cards, outcome in follow_rows:
        # outcome: the error code of the last card, or (for a whole trick) the
        # seat that wins it, or None.
        actions = [*base, *plays_in_order(3, 0, cards)]
        error = outcome if isinstance(outcome, str) else None
        if isinstance(outcome, int):
            expected: Json = {"tricks": [{"leader": 0, "cards": cards, "winner": outcome}]}
        else:
            expected = {"trick": cards[:-1] if error else cards}
        yield case(
            f"following.{number:03d}",
            rule if error != "card_not_in_hand" else "11.8",
            text,
            cfg,
            actions,
            errors=refused(len(actions) - 1, error) if error else None,
            state=expected,
            also=ORDER if error == "card_not_in_hand" else (),
        )
        number += 1
    yield case(
        "following.007",
        "7.1",
        "the cards a player may play when holding the led suit",
        cfg,
        [*base, play(0, "C7")],
        state={"legal_actions": [play(1, "C3"), play(1, "W1")]},
    )
    yield case(
        "following.008",
        "7.3",
        "the cards a player may play when void in the led suit",
        cfg,
        [*base, play(0, "C7"), play(1, "C3")],
        state={"legal_actions": [play(2, "D2"), play(2, "D3"), play(2, "J2")]},
    )
    base2 = round3(["W2 S2 S3", "C3 H5 J1", "D2 D3 C2"])
    yield case(
        "following.009",
        "7.3",
        "after a Wizard is led, any card may be played",
        cfg,
        [*base2, play(0, "W2")],
        state={"legal_actions": [play(1, "C3"), play(1, "H5"), play(1, "J1")]},
    )
    base3 = round3(["J3 S2 S3", "C3 H5 J1", "D2 D3 C2"])
    yield case(
        "following.010",
        "7.3",
        "after a Jester is led, the next player may play anything",
        cfg,
        [*base3, play(0, "J3"), play(1, "H5")],
        state={"trick": ["J3", "H5"], "led_suit": "H"},
    )
    yield case(
        "following.011",
        "7.1",
        "Jester then a suit card: the next player must follow that suit",
        cfg,
        [*base3, play(0, "J3"), play(1, "C3"), play(2, "D2")],
        errors=refused(len(base3) + 2, "must_follow_suit"),
    )
    yield case(
        "following.012",
        "7.1",
        "Jester then a suit card: following that suit is allowed",
        cfg,
        [*base3, play(0, "J3"), play(1, "C3"), play(2, "C2")],
        state={"tricks": [{"leader": 0, "cards": ["J3", "C3", "C2"], "winner": 1}]},
    )
    base4 = round3(["S9 S2 S3", "C3 H5 J1", "D2 H3 C2"], turned="H13")
    yield case(
        "following.013",
        "7.3",
        "a player void in the led suit need not play trump",
        cfg,
        [*base4, play(0, "S9"), play(1, "C3")],
        state={"trick": ["S9", "C3"]},
    )
    yield case(
        "following.014",
        "7.3",
        "a player void in the led suit may play trump",
        cfg,
        [*base4, play(0, "S9"), play(1, "H5")],
        state={"trick_winner": 1},
    )
    # following.015 is retired (see RETIRED).
    base5 = round3(["S9 S2 S3", "S4 H5 J1", "D2 H3 C2"], turned="H13")
    yield case(
        "following.016",
        "7.1",
        "holding the led suit, a trump is refused (no escape by trumping)",
        cfg,
        [*base5, play(0, "S9"), play(1, "H5")],
        errors=refused(len(base5) + 1, "must_follow_suit"),
    )
    yield case(
        "following.017",
        "7.2",
        "a Jester may be played by a player holding the led suit",
        cfg,
        [*base5, play(0, "S9"), play(1, "J1")],
        state={"trick": ["S9", "J1"], "current_player": 2},
    )
    # Four players, round 2 (dealer 1, trump Diamonds): seat 2 leads, then
    # seats 3, 0 and 1 play.
    cfg4 = config(4)
    four = round2(4, {2: "C7 S2", 3: "C3 H5", 0: "D2 S3", 1: "W1 C9"}, turned="D13")
    n4 = len(four)
    yield case(
        "following.018",
        "7.1",
        "four players: seat 3 holds C3, so H5 on a led C7 is refused",
        cfg4,
        [*four, play(2, "C7"), play(3, "H5")],
        errors=refused(n4 + 1, "must_follow_suit"),
        state={"trick": ["C7"], "current_player": 3},
    )
    yield case(
        "following.019",
        "7.1",
        "four players: seat 3 follows C7 with C3",
        cfg4,
        [*four, play(2, "C7"), play(3, "C3")],
        state={"trick": ["C7", "C3"], "current_player": 0},
    )
    yield case(
        "following.020",
        "7.3",
        "four players: seat 0 holds no Club, so may play the trump D2 or S3",
        cfg4,
        [*four, play(2, "C7"), play(3, "C3")],
        state={"legal_actions": [play(0, "D2"), play(0, "S3")]},
    )
    yield case(
        "following.021",
        "7.3",
        "four players: seat 0, void in Clubs, need not trump: S3 is played",
        cfg4,
        [*four, play(2, "C7"), play(3, "C3"), play(0, "S3")],
        state={"trick": ["C7", "C3", "S3"], "current_player": 1},
    )
    yield case(
        "following.022",
        "7.1",
        "four players: after a trump, Clubs are still led, so seat 1 may play C9 or W1",
        cfg4,
        [*four, play(2, "C7"), play(3, "C3"), play(0, "D2")],
        state={"led_suit": "C", "legal_actions": [play(1, "C9"), play(1, "W1")]},
    )
    yield case(
        "following.023",
        "7.2",
        "four players: seat 1 holds C9 and plays W1, which wins",
        cfg4,
        [*four, play(2, "C7"), play(3, "C3"), play(0, "D2"), play(1, "W1")],
        state={"tricks": [{"leader": 2, "cards": ["C7", "C3", "D2", "W1"], "winner": 1}]},
    )
    yield case(
        "following.024",
        "11.8",
        "four players: seat 3 plays H9, which it does not hold: refused for that first",
        cfg4,
        [*four, play(2, "C7"), play(3, "H9")],
        errors=refused(n4 + 1, "card_not_in_hand"),
        also=ORDER,
    )
    wizard_led = round2(4, {2: "W2 S2", 3: "C3 H5", 0: "D2 S3", 1: "J1 C9"}, turned="D13")
    yield case(
        "following.025",
        "7.3",
        "four players: after a Wizard is led, seat 3 may play C3 or H5",
        cfg4,
        [*wizard_led, play(2, "W2")],
        state={"legal_actions": [play(3, "C3"), play(3, "H5")]},
    )
    jester_led = round2(4, {2: "J3 S2", 3: "C3 H5", 0: "C2 D2", 1: "J1 C9"}, turned="D13")
    yield case(
        "following.026",
        "7.1",
        "four players: Jester, then C3: seat 0 holds C2, so D2 is refused",
        cfg4,
        [*jester_led, play(2, "J3"), play(3, "C3"), play(0, "D2")],
        errors=refused(len(jester_led) + 2, "must_follow_suit"),
    )
    yield case(
        "following.027",
        "7.2",
        "four players: seat 1 holds C9 and may play J1 on a led Club",
        cfg4,
        [*jester_led, play(2, "J3"), play(3, "C3"), play(0, "C2"), play(1, "J1")],
        state={"tricks": [{"leader": 2, "cards": ["J3", "C3", "C2", "J1"], "winner": 3}]},
    )
    six = round2(6, {2: "C7 S2", 3: "C3 H5"}, turned="D13")
    yield case(
        "following.028",
        "7.1",
        "six players: seat 3 holds C3, so H5 on a led C7 is refused",
        config(6),
        [*six, play(2, "C7"), play(3, "H5")],
        errors=refused(len(six) + 1, "must_follow_suit"),
    )
