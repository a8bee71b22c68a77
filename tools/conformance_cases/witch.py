"""The ``witch`` area: the Witch (rules 36.1 and 36.2; what each seat is given of a swap,
rule 36.3, is in the ``card-secrets`` area).

In the trick the Witch counts as a Jester.  After her trick her player may
swap one card of their hand for one card of the trick (not the Witch
herself), or keep the hand (``witch_swap`` with ``give`` and ``take``
null); no swap is asked when the hand is empty.  Schedule [2]: seat 1 holds
the Witch and D4, seat 2 C5 and H6, seat 0 C9 and S7; D13 is turned (trump
Diamonds); every bid 0; trick 1 is the Witch, C5, C9: C9 wins (seat 0).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .cards import acase, bids, cfg, one_trick, plays, witch_swap
from .common import Json, area, fill, play

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

W = ["witch"]


def _swap_round(second: str = "C5 H6", deck: list[str] | None = None) -> list[Json]:
    first = second.split()[0]
    return [
        fill(3, 2, {1: "Witch D4", 2: second, 0: "C9 S7"}, "D13"),
        *bids(3, 0, [0, 0, 0]),
        *plays(3, 1, ["Witch", first, "C9"]),
    ]


@area("witch", "The Witch (rules 36.1 and 36.2).")
def witch_area() -> Iterator[Json]:
    ids = (f"witch.{n:03d}" for n in count(1))

    # Rule 36.1: a Jester in the trick; a led Witch sets no suit.
    for specs, winner, why in (
        (["Witch", "C5", "C2"], 2, "the led Witch sets no suit; C5 does and wins"),
        (["J1", "Witch", "J2"], 1, "only Jesters: the first, J1"),
        (["Witch", "J1", "J2"], 1, "only Jesters: the first, the Witch"),
        (["C2", "Witch", "C3"], 0, "the Witch loses like a Jester: C3 wins"),
    ):
        yield acase(
            next(ids),
            "36.1",
            f"3 players, turned H2: {', '.join(specs)} from seat 1: {why}: seat {winner}; in "
            "a round of one card the Witch's player has no card left, so no swap is asked and "
            "the round ends",
            cfg(W),
            one_trick(specs, "H2"),
            cards=W,
            state={"round_trick_winners": [[winner]], "phase": "deal", "round": 2},
        )
    yield acase(
        next(ids),
        "36.1",
        "schedule [2], turned S13: seat 1 leads the Witch, seat 2 plays C5: Clubs are led, so "
        "seat 0 (C2, H9) must follow with C2",
        cfg(W, schedule=[2]),
        [
            fill(3, 2, {1: "Witch D2", 2: "C5 D3", 0: "C2 H9"}, "S13"),
            *bids(3, 0, [0, 0, 0]),
            *plays(3, 1, ["Witch", "C5"]),
        ],
        cards=W,
        state={"led_suit": "C", "legal_actions": [play(0, "C2")]},
    )

    # Rule 36.2: the swap.
    yield acase(
        next(ids),
        "36.2",
        "after trick 1 (won by C9, seat 0) the Witch's player, seat 1, may keep its hand or "
        "give D4 for C5 or for C9, not for the Witch herself",
        cfg(W, schedule=[2]),
        _swap_round(),
        cards=W,
        state={
            "trick_winners": [0],
            "phase": "witch",
            "current_player": 1,
            "legal_actions": [
                witch_swap(1, None, None),
                witch_swap(1, "D4", "C5"),
                witch_swap(1, "D4", "C9"),
            ],
        },
    )
    yield acase(
        next(ids),
        "36.2",
        "seat 1 gives D4 for C9: it holds C9; the trick's winner stays seat 0 (the trick as "
        "played is unchanged), who leads trick 2",
        cfg(W, schedule=[2]),
        [*_swap_round(), witch_swap(1, "D4", "C9")],
        cards=W,
        state={
            "hands": [["S7"], ["C9"], ["H6"]],
            "trick_winners": [0],
            "tricks": [{"leader": 1, "cards": ["Witch", "C5", "C9"], "winner": 0}],
            "phase": "play",
            "current_player": 0,
        },
    )
    yield acase(
        next(ids),
        "36.2",
        "the swap is optional: seat 1 keeps its hand (give and take null) and still holds "
        "D4; seat 0 leads trick 2",
        cfg(W, schedule=[2]),
        [*_swap_round(), witch_swap(1, None, None)],
        cards=W,
        state={"hands": [["S7"], ["D4"], ["H6"]], "phase": "play", "current_player": 0},
    )
    yield acase(
        next(ids),
        "36.2",
        "refused: taking the Witch herself (card_not_in_trick), taking H6, which is not in the "
        "trick (card_not_in_trick), giving H6, which seat 1 does not hold (card_not_in_hand), "
        "a swap by seat 2 (not_your_turn), a play (wrong_phase); then seat 1 gives D4 for C5",
        cfg(W, schedule=[2]),
        [
            *_swap_round(),
            witch_swap(1, "D4", "Witch"),
            witch_swap(1, "D4", "H6"),
            witch_swap(1, "H6", "C5"),
            witch_swap(2, "H6", "C5"),
            play(0, "S7"),
            witch_swap(1, "D4", "C5"),
        ],
        cards=W,
        errors=[
            {"at": 7, "code": "card_not_in_trick"},
            {"at": 8, "code": "card_not_in_trick"},
            {"at": 9, "code": "card_not_in_hand"},
            {"at": 10, "code": "not_your_turn"},
            {"at": 11, "code": "wrong_phase"},
        ],
        state={"hands": [["S7"], ["C5"], ["H6"]], "phase": "play"},
    )
    for swap, second, winners, points, why in (
        (
            witch_swap(1, "D4", "C9"),
            "C9",
            [0, 0],
            [-20, 20, 20],
            "seat 1 gave away its trump D4: trick 2, S7 (seat 0), C9, H6: S7 wins (Spades led, "
            "no trump played); seat 0 took both tricks on a bid of 0 (-20)",
        ),
        (
            witch_swap(1, None, None),
            "D4",
            [0, 1],
            [-10, -10, 20],
            "seat 1 kept its trump D4: trick 2, S7 (seat 0), D4, H6: D4 wins; seats 0 and 1 "
            "took one trick each on bids of 0 (-10 each)",
        ),
    ):
        yield acase(
            next(ids),
            "36.2",
            f"schedule [2], the whole round: {why}; seat 2 made 0 (20)",
            cfg(W, schedule=[2]),
            [*_swap_round(), swap, *plays(3, 0, ["S7", second, "H6"])],
            cards=W,
            state={"round_trick_winners": [winners], "round_scores": [points]},
        )
    yield acase(
        next(ids),
        "36.2",
        "schedule [2]: the Witch's trick is a Bomb's (the Witch, the Bomb, C9): nobody wins "
        "it, but the swap is still offered to seat 1: keep, or D4 for the Bomb or for C9",
        cfg(["bomb", "witch"], schedule=[2]),
        _swap_round("Bomb H6"),
        cards=["bomb", "witch"],
        state={
            "trick_winners": [None],
            "phase": "witch",
            "current_player": 1,
            "legal_actions": [
                witch_swap(1, None, None),
                witch_swap(1, "D4", "Bomb"),
                witch_swap(1, "D4", "C9"),
            ],
        },
    )
