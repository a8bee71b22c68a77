"""The ``vampire`` area: the Vampire (rules 37.1, 37.2 and 37.3 for a turned Werewolf; what
it copies when the Werewolf took the turned card is the reading group
``vampire_under_werewolf`` of the ``readings`` area, and a turned Vampire, 37.4, is in the
``anniversary`` area).

The Vampire copies the turned trump card, its effect included, and may be
played at any time.  Round 1 of three players, dealer 0 (seat 1 leads, play
goes 1, 2, 0), every bid 0; schedule [2] where an effect must show.  When the
card turned makes the dealer name trump (a Wizard, rule 3.3, or a card of rule
38.1), the dealer (seat 0) names it first.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .cards import (
    acase,
    bids,
    cfg,
    choose,
    declare,
    one_trick,
    pass_card,
    plays,
    reveal,
    witch_swap,
)
from .common import Json, area, deal, fill, play

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

V = "vampire"


@area("vampire", "The Vampire (rules 37.1 to 37.3).")
def vampire_area() -> Iterator[Json]:
    ids = (f"vampire.{n:03d}" for n in count(1))

    # Rule 37.1: it counts as the turned card.
    for specs, turned, trump, deck, winner, why in (
        (["C13", "Vampire", "C2"], "H5", None, [V], 2, "the Vampire is H5, a trump: it wins"),
        (["D13", "Vampire", "C9"], "C5", None, [V], 0, "the Vampire is C5, a trump; C9 is higher"),
        (["D13", "Vampire", "C4"], "C5", None, [V], 2, "the Vampire is C5, the highest trump"),
        (
            ["C13", "Vampire", "W2"],
            "W1",
            "H",
            [V],
            2,
            "the Vampire is a Wizard, before W2: it wins",
        ),
        (
            ["Vampire", "C5", "C9"],
            "Bomb",
            None,
            ["bomb", V],
            None,
            "the Vampire is a Bomb: nobody wins",
        ),
        (
            ["W1", "Vampire", "C2"],
            "Dragon",
            "S",
            ["dragon", "fairy", V],
            2,
            "the Vampire is a Dragon: it beats W1",
        ),
        (
            ["Vampire", "Fairy", "W1"],
            "Dragon",
            "S",
            ["dragon", "fairy", V],
            2,
            "the Vampire is a Dragon: the Fairy wins",
        ),
        (
            ["Vampire", "J1", "C2"],
            "Fairy",
            None,
            ["dragon", "fairy", V],
            0,
            "the Vampire is a Fairy, the lowest: C2 wins",
        ),
        (
            ["Dragon", "Vampire", "C2"],
            "Fairy",
            None,
            ["dragon", "fairy", V],
            2,
            "the Vampire is a Fairy: it takes the Dragon's trick",
        ),
        (
            ["C7", "Vampire=C", "C6"],
            "Juggler",
            "H",
            ["juggler", V],
            2,
            "the Vampire is a Juggler declared Clubs: 7 1/2 beats 7",
        ),
        (
            ["Vampire=W", "W1", "C2"],
            "Shapeshifter",
            "H",
            ["shapeshifter", V],
            1,
            "the Vampire is a Shapeshifter declared a Wizard, the first",
        ),
        (
            ["Vampire=J", "C2", "J1"],
            "Shapeshifter",
            "H",
            ["shapeshifter", V],
            2,
            "the Vampire is a Shapeshifter declared a Jester: C2 wins",
        ),
        (
            ["C5", "Vampire", "C2"],
            "Witch",
            None,
            ["witch", V],
            1,
            "the Vampire is a Witch, a Jester: C5 wins",
        ),
    ):
        names = [name for name in deck if name.capitalize() in (*specs, turned) or name == V]
        named = f", the dealer names {trump}" if trump else ""
        yield acase(
            next(ids),
            "37.1",
            f"3 players, {turned} turned{named}: {', '.join(specs)} from seat 1: {why}"
            + ("" if winner is None else f" (seat {winner})"),
            cfg(deck),
            one_trick(specs, turned, trump=trump),
            cards=names,
            state={"round_trick_winners": [[winner]]},
        )
    yield acase(
        next(ids),
        "37.1",
        "3 players, the Cloud turned, the dealer names Hearts: seat 1's Vampire, a Cloud "
        "declared Clubs (9 3/4), beats C9 and C2; its winner's bid of 0 can only go up: it "
        "becomes 1 and seat 1 scores 30 (the Cloud's effect, copied)",
        cfg(["cloud", V]),
        one_trick(["Vampire=C", "C9", "C2"], "Cloud", trump="H"),
        cards=["cloud", V],
        state={
            "round_trick_winners": [[1]],
            "round_bids": [[0, 1, 0]],
            "round_scores": [[20, 30, 20]],
        },
    )
    yield acase(
        next(ids),
        "37.1",
        "3 players, H5 turned: the Vampire counts as H5 this round (vampire_copies), H5 is "
        "turned and in the trump place",
        cfg([V]),
        [deal(["C2", "Vampire", "C3"], "H5")],
        cards=[V],
        state={"vampire_copies": "H5", "trump_card": "H5", "trump": "H"},
    )
    yield acase(
        next(ids),
        "37.1",
        "3 players, the Juggler turned, the dealer names Hearts: seat 1 plays the Vampire, "
        "which is declared as the Juggler it copies (phase declare, a suit)",
        cfg(["juggler", V]),
        [
            deal(["C2", "Vampire", "C3"], "Juggler"),
            choose(0, "H"),
            *bids(3, 0, [0, 0, 0]),
            play(1, "Vampire"),
        ],
        cards=["juggler", V],
        state={
            "phase": "declare",
            "current_player": 1,
            "legal_actions": [declare(1, s) for s in "CDHS"],
        },
    )
    yield acase(
        next(ids),
        "37.1",
        "schedule [2], the Juggler turned, the dealer names Spades: trick 1 is the Vampire "
        "(a Juggler declared Clubs), C9, C2: C9 wins (seat 2); the copied Juggler's pass "
        "follows, the Vampire's player (seat 1) first, and after it seat 2 leads",
        cfg(["juggler", V], schedule=[2]),
        [
            fill(3, 2, {1: "Vampire C4", 2: "C9 D6", 0: "C2 H7"}, "Juggler"),
            choose(0, "S"),
            *bids(3, 0, [0, 0, 0]),
            *plays(3, 1, ["Vampire=C", "C9", "C2"]),
            pass_card(1, "C4"),
            pass_card(2, "D6"),
            pass_card(0, "H7"),
        ],
        cards=["juggler", V],
        state={
            "trick_winners": [2],
            "hands": [["D6"], ["H7"], ["C4"]],
            "phase": "play",
            "current_player": 2,
        },
    )
    yield acase(
        next(ids),
        "37.1",
        "schedule [2], the Witch turned (no trump): trick 1 is the Vampire (a Witch, a "
        "Jester), C5, C9: C9 wins (seat 0); the copied Witch's swap is offered to seat 1: keep, "
        "or D4 for C5 or for C9, not for the Vampire itself",
        cfg(["witch", V], schedule=[2]),
        [
            fill(3, 2, {1: "Vampire D4", 2: "C5 H6", 0: "C9 S7"}, "Witch"),
            *bids(3, 0, [0, 0, 0]),
            *plays(3, 1, ["Vampire", "C5", "C9"]),
        ],
        cards=["witch", V],
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
        "37.1",
        "schedule [2], H5 turned (trump Hearts): seat 1 leads C5; seat 2 holds C9 and the "
        "Vampire: it may follow with C9 or play the Vampire (never obliged to follow)",
        cfg([V], schedule=[2]),
        [fill(3, 2, {1: "C5 D2", 2: "C9 Vampire"}, "H5"), *bids(3, 0, [0, 0, 0]), play(1, "C5")],
        cards=[V],
        state={"legal_actions": [play(2, "C9"), play(2, "Vampire")]},
    )

    # Rule 37.2: of the Vampire and the card it copies, the first played wins.
    for specs, winner in (
        (["W2", "Vampire", "C2"], 1),
        (["Vampire", "W2", "C2"], 1),
        (["C2", "W2", "Vampire"], 2),
    ):
        yield acase(
            next(ids),
            "37.2",
            f"3 players, W1 turned, the dealer names Hearts: the Vampire counts as a Wizard; "
            f"{', '.join(specs)} from seat 1: of the two Wizards the first played wins "
            f"(seat {winner})",
            cfg([V]),
            one_trick(specs, "W1", trump="H"),
            cards=[V],
            state={"round_trick_winners": [[winner]]},
        )

    # Rule 37.3 (both readings): a turned Werewolf leaves the Vampire the next stock card.
    for readings in (None, {"vampire_under_werewolf": "displaced_card"}):
        which = "default reading" if readings is None else "reading displaced_card"
        yield acase(
            next(ids),
            "37.3",
            f"the Werewolf turned ({which}): the dealer names Hearts; no card was displaced, "
            "so under either reading the stock's next card is turned up for the Vampire (a "
            "chance step, phase reveal); C9 is turned up and the Vampire copies it",
            cfg(["werewolf", V], readings=readings),
            [deal(["C2", "Vampire", "C3"], "Werewolf"), choose(0, "H"), reveal("C9")],
            cards=["werewolf", V],
            state={"phase": "bid", "vampire_copies": "C9", "trump": "H", "current_player": 1},
        )
    yield acase(
        next(ids),
        "37.3",
        "the Werewolf turned, the dealer names Hearts: phase reveal, a chance step (no seat "
        "to act, no legal action of a player); turning up C2, a card in a hand, is refused "
        "(invalid_deal)",
        cfg(["werewolf", V]),
        [deal(["C2", "Vampire", "C3"], "Werewolf"), choose(0, "H"), reveal("C2")],
        cards=["werewolf", V],
        errors=[{"at": 2, "code": "invalid_deal"}],
        state={
            "phase": "reveal",
            "current_player": None,
            "legal_actions": [],
            "vampire_copies": None,
        },
    )
