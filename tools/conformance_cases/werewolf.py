"""The ``werewolf`` area: the Werewolf (rules 32.1 and 32.2; a turned Werewolf, 32.3, is in
the ``anniversary`` area with the other turned cards).

Round 1 of three players, dealer 0, unless said.  Right after the deal the
Werewolf's holder takes the turned card into their hand, puts the Werewolf
in the trump place and names trump or no trump (one action, ``werewolf``).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .cards import acase, bids, cfg, choose, werewolf
from .common import Json, area, bid, deal, fill, play, refused

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

WOLF = ["werewolf"]


@area("werewolf", "The Werewolf (rules 32.1 and 32.2).")
def werewolf_area() -> Iterator[Json]:
    ids = (f"werewolf.{n:03d}" for n in count(1))
    dealt = deal(["C3", "C2", "Werewolf"], "H5")

    # Rule 32.1: the holder takes the turned card; the Werewolf sits in the trump place.
    yield acase(
        next(ids),
        "32.1",
        "round 1 turns H5 and seat 2 holds the Werewolf: before any bid, seat 2 acts (phase "
        "werewolf); the turned card is still in the trump place and no trump is set yet",
        cfg(WOLF),
        [dealt],
        cards=WOLF,
        state={
            "phase": "werewolf",
            "current_player": 2,
            "turned": "H5",
            "trump_card": "H5",
            "trump": None,
        },
    )
    yield acase(
        next(ids),
        "32.1",
        "seat 2, holding the Werewolf, names Spades: it takes H5 into its hand, the Werewolf "
        "sits in the trump place, trump is Spades and seat 1 bids first",
        cfg(WOLF),
        [dealt, werewolf(2, "S")],
        cards=WOLF,
        state={
            "phase": "bid",
            "current_player": 1,
            "hands": [["C3"], ["C2"], ["H5"]],
            "turned": "H5",
            "trump_card": "Werewolf",
            "trump": "S",
        },
    )
    yield acase(
        next(ids),
        "32.1",
        "the Werewolf is never played to a trick: after seat 2's swap (trump Spades) it no "
        "longer holds it, so playing it is refused (card_not_in_hand); seat 2 then plays H5 "
        "on seat 1's C2 (no Club in its hand), seat 0 plays C3: the highest Club, C3, wins "
        "(no Spade was played)",
        cfg(WOLF),
        [
            dealt,
            werewolf(2, "S"),
            *bids(3, 0, [0, 0, 0]),
            play(1, "C2"),
            play(2, "Werewolf"),
            play(2, "H5"),
            play(0, "C3"),
        ],
        cards=WOLF,
        errors=refused(6, "card_not_in_hand"),
        state={"round_trick_winners": [[0]]},
    )
    yield acase(
        next(ids),
        "32.1",
        "4 players, schedule [2]: seat 3 holds the Werewolf and D7, D13 is turned; seat 3 "
        "names Diamonds: its hand becomes D7 and D13, trump Diamonds, seat 1 bids first",
        cfg(WOLF, 4, schedule=[2]),
        [
            fill(4, 2, {3: "Werewolf D7", 1: "C2 C3", 2: "C4 C5", 0: "C6 C7"}, "D13"),
            werewolf(3, "D"),
        ],
        cards=WOLF,
        state={
            "phase": "bid",
            "current_player": 1,
            "hands": [["C6", "C7"], ["C2", "C3"], ["C4", "C5"], ["D7", "D13"]],
            "trump": "D",
            "trump_card": "Werewolf",
        },
    )
    yield acase(
        next(ids),
        "32.1",
        "the dealer (seat 0) holds the Werewolf: the dealer acts first, names Clubs and holds "
        "the turned H5",
        cfg(WOLF),
        [deal(["Werewolf", "C2", "C3"], "H5"), werewolf(0, "C")],
        cards=WOLF,
        state={"phase": "bid", "trump": "C", "hands": [["H5"], ["C2"], ["C3"]]},
    )

    # Rule 32.2: the holder names trump or no trump, whatever was turned.
    yield acase(
        next(ids),
        "32.2",
        "seat 2, holding the Werewolf, may name any suit or no trump: five choices",
        cfg(WOLF),
        [dealt],
        cards=WOLF,
        state={
            "legal_actions": [werewolf(2, suit) for suit in ("C", "D", "H", "S", None)],
        },
    )
    yield acase(
        next(ids),
        "32.2",
        "seat 2 names no trump (unlike the dealer after a Wizard, the Werewolf's holder may): "
        "trump is none, and seat 1 bids first",
        cfg(WOLF),
        [dealt, werewolf(2, None)],
        cards=WOLF,
        state={"phase": "bid", "trump": None, "trump_card": "Werewolf", "current_player": 1},
    )
    yield acase(
        next(ids),
        "32.2",
        "a Wizard (W1) turned and seat 1 holds the Werewolf: seat 1, not the dealer, names "
        "trump; it names Hearts and holds W1",
        cfg(WOLF),
        [deal(["C3", "Werewolf", "C2"], "W1"), werewolf(1, "H")],
        cards=WOLF,
        state={"phase": "bid", "trump": "H", "hands": [["C3"], ["W1"], ["C2"]]},
    )
    yield acase(
        next(ids),
        "32.2",
        "a Wizard (W1) turned and seat 1 holds the Werewolf: the phase is werewolf and seat 1 "
        "acts, not the dealer (seat 0)",
        cfg(WOLF),
        [deal(["C3", "Werewolf", "C2"], "W1")],
        cards=WOLF,
        state={"phase": "werewolf", "current_player": 1},
    )
    yield acase(
        next(ids),
        "32.2",
        "a Jester (J1) turned, which alone makes no trump, and seat 1 holds the Werewolf: "
        "seat 1 still names, here Clubs",
        cfg(WOLF),
        [deal(["C3", "Werewolf", "C2"], "J1"), werewolf(1, "C")],
        cards=WOLF,
        state={"phase": "bid", "trump": "C", "hands": [["C3"], ["J1"], ["C2"]]},
    )
    yield acase(
        next(ids),
        "32.2",
        "the Cloud turned (rule 38.1 would have the dealer name a suit) and seat 2 holds the "
        "Werewolf: seat 2 names, and may name no trump; it then holds the Cloud",
        cfg(["werewolf", "cloud"]),
        [deal(["C3", "C2", "Werewolf"], "Cloud"), werewolf(2, None)],
        cards=["werewolf", "cloud"],
        state={"phase": "bid", "trump": None, "hands": [["C3"], ["C2"], ["Cloud"]]},
    )
    yield acase(
        next(ids),
        "32.2",
        "in the werewolf phase: seat 1 (not the holder) naming trump is refused "
        "(not_your_turn), the dealer's trump choice and a bid are out of phase "
        "(wrong_phase); seat 2 then names Hearts",
        cfg(WOLF),
        [dealt, werewolf(1, "H"), choose(0, "H"), bid(1, 0), werewolf(2, "H")],
        cards=WOLF,
        errors=[
            {"at": 1, "code": "not_your_turn"},
            {"at": 2, "code": "wrong_phase"},
            {"at": 3, "code": "wrong_phase"},
        ],
        state={"phase": "bid", "trump": "H", "current_player": 1},
    )
