"""The ``winner`` area: the winner of a trick (rules 8.1 to 8.5, and ranks, 1.2)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    Json,
    area,
    case,
    config,
    one_trick,
    plays_in_order,
    round2,
)

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


@area("winner", "The winner of a trick (rules 8.1 to 8.5, and ranks, 1.2).")
def winner_area() -> Iterator[Json]:
    winner_rows = [
        ("8.1", "the first of several Wizards wins", ["C5", "W2", "W1", "H3"], "S1", 1),
        ("8.1", "a Wizard led wins against later Wizards", ["W3", "W1", "W2"], "S1", 0),
        ("8.1", "Jester, then Wizard: the Wizard wins", ["J1", "W4", "W1"], "S1", 1),
        ("8.1", "a Wizard beats the highest trump", ["C13", "H13", "W1"], "H1", 2),
        ("8.1", "a Wizard after two Jesters wins", ["J1", "J2", "W1"], "S1", 2),
        ("8.1", "a Wizard played last wins", ["S13", "S12", "S11", "S10", "W2"], "S1", 4),
        (
            "8.2",
            "a low trump beats the highest card of the led suit",
            ["C13", "H2", "C12"],
            "H1",
            1,
        ),
        ("8.2", "the highest of several trumps wins", ["C5", "D3", "D9"], "D1", 2),
        ("8.2", "trump led: the highest trump wins", ["H2", "H9", "H5"], "H1", 1),
        (
            "8.2",
            "Jester led, then a trump, then the highest other card",
            ["J1", "S2", "C13"],
            "S1",
            1,
        ),
        ("8.2", "a trump of rank 1 beats a led 13", ["C13", "H1"] + ["D1"], "H13", 1),
        ("8.2", "a trump played after a Jester lead wins", ["J2", "C9", "H4", "C13"], "H1", 2),
        (
            "8.3",
            "no trump played: the highest card of the led suit wins",
            ["C5", "C9", "C2"],
            "S1",
            1,
        ),
        ("8.3", "a higher card of another suit cannot win", ["C5", "H13", "C6"], "S1", 2),
        (
            "8.3",
            "only the led suit counts when no trump is played",
            ["D1", "S13", "H13", "C13"],
            "J4",
            0,
        ),
        ("8.3", "Jester led: the second card's suit decides", ["J1", "C5", "C9"], "S1", 2),
        ("8.3", "two Jesters led: the third card decides", ["J1", "J2", "D3"], "S1", 2),
        ("8.3", "Jester led, then two suits: the first suit is led", ["J1", "C5", "H13"], "J4", 1),
        ("8.3", "a Jester after the lead cannot win", ["C5", "J1", "J2"], "S1", 0),
        ("8.3", "no trump round: the led suit wins", ["S3", "S4", "D13", "C13"], "J2", 1),
        ("8.4", "three Jesters: the first wins", ["J1", "J2", "J3"], "S1", 0),
        (
            "8.4",
            "three Jesters in another order: the first played wins",
            ["J3", "J1", "J2"],
            "S1",
            0,
        ),
        ("8.4", "four Jesters: the first wins", ["J4", "J3", "J2", "J1"], "S1", 0),
        (
            "8.4",
            "four Jesters among five players is not all Jesters",
            ["J4", "J3", "J2", "J1", "C2"],
            "S1",
            4,
        ),
        ("1.2", "13 beats 12 and 11", ["H12", "H13", "H11"], "S1", 1),
        ("1.2", "1 is the lowest rank", ["S1", "S13", "S7"], "C1", 1),
        ("1.2", "among trumps, rank decides", ["C2", "D4", "D12", "D11"], "D1", 2),
        ("8.2", "trumps: Clubs", ["S9", "C1", "S13"], "C13", 1),
        ("8.2", "trumps: Spades", ["H9", "S1", "H13", "D4"], "S13", 1),
        ("8.3", "no trump (Jester turned): the led suit decides", ["D5", "D6", "S13"], "J1", 1),
    ]
    for number, (rule, text, cards, turned, position) in enumerate(winner_rows, start=1):
        # One trick with every player, the whole of round 1: its winner is
        # observed directly, as the round's trick winners (not from the scores).
        players = len(cards)
        winner = (1 + position) % players
        yield case(
            f"winner.{number:03d}",
            rule,
            text,
            config(players),
            one_trick(players, cards, turned),
            state={"round_trick_winners": [[winner]]},
        )

    so_far_rows = [
        ("one card: its player is winning", ["C5"], "S1", 0),
        ("a higher card of the led suit takes the lead", ["C5", "C9"], "S1", 1),
        ("a Wizard takes the lead", ["C5", "W1"], "S1", 1),
        ("only a Jester: its player is winning", ["J1"], "S1", 0),
        ("Jester then a suit card: the suit card is winning", ["J1", "C3"], "S1", 1),
        ("a trump takes the lead", ["C5", "H2"], "H1", 1),
        ("a card of another suit does not take the lead", ["C5", "D13"], "S1", 0),
        ("only Jesters: the first is winning", ["J2", "J1"], "S1", 0),
    ]
    for number, (text, cards, turned, position) in enumerate(
        so_far_rows, start=len(winner_rows) + 1
    ):
        # Part of a trick among six players.
        yield case(
            f"winner.{number:03d}",
            "8.5",
            text,
            config(6),
            one_trick(6, cards, turned),
            state={"trick_winner": (1 + position) % 6},
        )
    # Jesters led, then a Wizard: the Wizard wins (not the first Jester).
    number = len(winner_rows) + len(so_far_rows) + 1
    for players, cards in ((4, ["J1", "J2", "J3", "W1"]), (4, ["J1", "J2", "W1", "C5"])):
        winner = (1 + cards.index("W1")) % players
        yield case(
            f"winner.{number:03d}",
            "8.1",
            f"four players: {', '.join(cards)}: the Wizard (seat {winner}) wins",
            config(players),
            one_trick(players, cards, "S1"),
            state={"round_trick_winners": [[winner]]},
        )
        number += 1
    yield case(
        f"winner.{number:03d}",
        "8.5",
        "four players: Jester, Jester, Wizard: the Wizard is winning so far",
        config(4),
        one_trick(4, ["J1", "J2", "W1"], "S1"),
        state={"trick_winner": 3},
    )
    # Round 2 of three players (dealer 1, trump Hearts): seat 2 leads C5, seat 0
    # trumps with H2, seat 1 plays C13.  The round goes on, so the winner of its
    # first trick is this round's first trick winner, and is not among the
    # finished rounds' trick winners (round 1's only trick: D1 D2 D3, trump
    # Diamonds, won by seat 2's D3).
    yield case(
        "winner.042",
        "8.2",
        "mid-round: a trump wins the first trick, observed as this round's trick winners",
        config(3),
        [
            *round2(3, {2: "C5 S1", 0: "H2 D1", 1: "C13 D2"}),
            *plays_in_order(3, 2, ["C5", "H2", "C13"]),
        ],
        state={"trick_winners": [0], "tricks_won": [1, 0, 0], "round_trick_winners": [[2]]},
    )
