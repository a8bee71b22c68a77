"""The ``led-suit`` area: the led suit, with every Jester and Wizard case (rules 6.1 to 6.3)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    Json,
    area,
    case,
    config,
    one_trick,
    play,
    plays_in_order,
    round2,
)

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


@area("led-suit", "The led suit, with every Jester and Wizard case (rules 6.1 to 6.3).")
def led_suit_area() -> Iterator[Json]:
    led_rows = [
        ("6.3", "no card played: no led suit yet", [], None),
        ("6.1", "a suit card led decides the led suit", ["C5"], "C"),
        ("6.3", "a Jester led: no led suit yet", ["J1"], None),
        ("6.3", "two Jesters: still no led suit", ["J1", "J2"], None),
        ("6.3", "three Jesters: still no led suit", ["J1", "J2", "J3"], None),
        ("6.1", "Jester then a suit card: that suit is led", ["J1", "H3"], "H"),
        ("6.1", "Jester, Jester, suit card: that suit is led", ["J1", "J2", "D9"], "D"),
        ("6.1", "three Jesters then a suit card: that suit is led", ["J1", "J2", "J3", "S4"], "S"),
        ("6.2", "a Wizard led: no led suit", ["W1"], None),
        ("6.2", "a Wizard led, then a suit card: still no led suit", ["W1", "C5"], None),
        ("6.2", "Jester then Wizard: no led suit", ["J1", "W2"], None),
        ("6.2", "Jester, Wizard, suit card: no led suit", ["J1", "W2", "C3"], None),
        ("6.1", "a Wizard after the lead does not change the led suit", ["C5", "W1"], "C"),
        ("6.1", "a Jester after the lead does not change the led suit", ["C5", "J1"], "C"),
        ("6.1", "a trump after the lead does not change the led suit", ["C5", "H2"], "C"),
        ("6.1", "a card of another suit does not change the led suit", ["S5", "D12", "C1"], "S"),
    ]
    for number, (rule, text, cards, led) in enumerate(led_rows, start=1):
        turned = "H13" if "H3" not in cards else "S13"
        actions = one_trick(6, cards, turned)
        yield case(
            f"led-suit.{number:03d}", rule, text, config(6), actions, state={"led_suit": led}
        )
    # The same rows among four players, where the trick is not yet finished.
    number = len(led_rows) + 1
    for rule, text, cards, led in led_rows:
        if len(cards) >= 4:
            continue
        turned = "H13" if "H3" not in cards else "S13"
        yield case(
            f"led-suit.{number:03d}",
            rule,
            f"four players: {text}",
            config(4),
            one_trick(4, cards, turned),
            state={"led_suit": led},
        )
        number += 1
    # Jesters led, then a Wizard or a suit card: round 2, seat 2 leads, and
    # seat 1, the last to play among four, holds C5 and D5.  The readings
    # "the second card decides, even a Jester" and "the first suit card
    # decides, even after a Wizard" give other legal cards.
    yield case(
        f"led-suit.{number:03d}",
        "6.1",
        "four players: Jester, Jester, D9: Diamonds are led, so seat 1 must play D5",
        config(4),
        [
            *round2(4, {2: "J1 C1", 3: "J2 C2", 0: "D9 C3", 1: "D5 C5"}),
            *plays_in_order(4, 2, ["J1", "J2", "D9"]),
        ],
        state={"led_suit": "D", "legal_actions": [play(1, "D5")]},
    )
    yield case(
        f"led-suit.{number + 1:03d}",
        "6.2",
        "four players: Jester, Wizard, C3: no led suit, so seat 1 may play C5 or D5",
        config(4),
        [
            *round2(4, {2: "J1 C1", 3: "W1 C2", 0: "C3 C4", 1: "C5 D5"}),
            *plays_in_order(4, 2, ["J1", "W1", "C3"]),
        ],
        state={"led_suit": None, "legal_actions": [play(1, "C5"), play(1, "D5")]},
    )
    yield case(
        f"led-suit.{number + 2:03d}",
        "6.2",
        "four players: Jester, Jester, Wizard: no led suit, so seat 1 may play C5 or D5",
        config(4),
        [
            *round2(4, {2: "J1 C1", 3: "J2 C2", 0: "W1 C3", 1: "C5 D5"}),
            *plays_in_order(4, 2, ["J1", "J2", "W1"]),
        ],
        state={"led_suit": None, "legal_actions": [play(1, "C5"), play(1, "D5")]},
    )
    yield case(
        f"led-suit.{number + 3:03d}",
        "6.2",
        "five players: Jester, Jester, Wizard, C3: no led suit, so seat 1 may play C5 or D5",
        config(5),
        [
            *round2(5, {2: "J1 C1", 3: "J2 C2", 4: "W1 C6", 0: "C3 C4", 1: "C5 D5"}),
            *plays_in_order(5, 2, ["J1", "J2", "W1", "C3"]),
        ],
        state={"led_suit": None, "legal_actions": [play(1, "C5"), play(1, "D5")]},
    )
    yield case(
        f"led-suit.{number + 4:03d}",
        "6.2",
        "six players: three Jesters, a Wizard, C3: no led suit, so seat 1 may play C5 or D5",
        config(6),
        [
            *round2(6, {2: "J1 C1", 3: "J2 C2", 4: "J3 C7", 5: "W1 C6", 0: "C3 C4", 1: "C5 D5"}),
            *plays_in_order(6, 2, ["J1", "J2", "J3", "W1", "C3"]),
        ],
        state={"led_suit": None, "legal_actions": [play(1, "C5"), play(1, "D5")]},
    )
