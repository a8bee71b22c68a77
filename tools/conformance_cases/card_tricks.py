"""The ``card-tricks`` area: the trick with anniversary cards (rules 39.1 to 39.6).

The interactions that decide a trick: each card's face (a suit card of a
value in quarters, a Wizard, a Jester, the Dragon, the Fairy, the Bomb), the
led suit set by the first suit face, following with real suit cards only,
and the winner.  Round 1 of three players (five where said), dealer 0: seat
1 leads and play goes 1, 2, 0; schedule [2] where a later card must show.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .cards import acase, bids, cfg, one_trick, plays, werewolf
from .common import Json, area, fill, play, refused

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

ALL = ["dragon", "fairy", "bomb", "juggler", "cloud", "shapeshifter", "witch"]


def _names(specs: list[str], turned: str) -> list[str]:
    tokens = {spec.partition("=")[0] for spec in specs} | {turned}
    return [name for name in (*ALL, "vampire") if name.capitalize() in tokens]


@area("card-tricks", "The trick with anniversary cards (rules 39.1 to 39.6).")
def card_tricks_area() -> Iterator[Json]:
    ids = (f"card-tricks.{n:03d}" for n in count(1))

    # Rules 39.1, 39.5 and 39.6: faces and the winner.
    for rule, specs, turned, winner, why in (
        (
            "39.1",
            ["Juggler=C", "Cloud=C", "C9"],
            "H1",
            2,
            "Clubs: 7 1/2, 9 3/4 and 9: the Cloud's 9 3/4 wins",
        ),
        ("39.1", ["Cloud=C", "Juggler=C", "C9"], "H1", 1, "Clubs: 9 3/4 beats 7 1/2 and 9"),
        ("39.1", ["Juggler=C", "C7", "C8"], "H1", 0, "Clubs: 7 1/2, 7, 8: C8 wins"),
        (
            "39.1",
            ["Juggler=H", "Cloud=C", "C2"],
            "J1",
            1,
            "no trump; the Juggler leads Hearts, the Cloud is off suit: the Juggler wins",
        ),
        (
            "39.5",
            ["C13", "Juggler=H", "Cloud=S"],
            "H1",
            2,
            "trump Hearts: the Juggler declared Hearts is the only trump",
        ),
        (
            "39.5",
            ["Cloud=H", "Juggler=H", "H9"],
            "H1",
            1,
            "three trumps, 9 3/4, 7 1/2, 9: the Cloud",
        ),
        (
            "39.6",
            ["Shapeshifter=J", "Witch", "Fairy"],
            "H1",
            1,
            "three Jester faces or lower: the first Jester face, the Shapeshifter",
        ),
        (
            "39.6",
            ["Fairy", "Witch", "Shapeshifter=J"],
            "H1",
            2,
            "the Fairy never wins without the Dragon: the first Jester face, the Witch",
        ),
        (
            "39.6",
            ["Witch", "Shapeshifter=J", "J1"],
            "H1",
            1,
            "three Jester faces: the first, the Witch",
        ),
        (
            "39.5",
            ["W1", "Shapeshifter=W", "Dragon"],
            "H1",
            0,
            "a Wizard, a Shapeshifter as a Wizard and the Dragon: the Dragon",
        ),
        (
            "39.5",
            ["Shapeshifter=W", "W1", "Cloud=H"],
            "H1",
            1,
            "two Wizard faces and a trump Cloud: the first Wizard face, the Shapeshifter",
        ),
    ):
        deck = ["dragon", "fairy", "bomb", "juggler", "cloud", "shapeshifter", "witch"]
        yield acase(
            next(ids),
            rule,
            f"3 players, turned {turned}: {', '.join(specs)} from seat 1 (=X: declared X): "
            f"{why} (seat {winner})",
            cfg(deck),
            one_trick(specs, turned),
            cards=_names(specs, "-"),
            state={"round_trick_winners": [[winner]]},
        )

    # Rule 39.2: the led suit is the first suit face's.
    for players, specs, turned, trump, led, why in (
        (
            5,
            ["J1", "Fairy", "Bomb", "C5"],
            "H1",
            None,
            "C",
            "a Jester, the Fairy and the Bomb decide nothing: C5 sets Clubs",
        ),
        (3, ["Shapeshifter=W", "C5"], "H1", None, None, "a Wizard face first: no led suit"),
        (
            3,
            ["Witch", "Juggler=D"],
            "H1",
            None,
            "D",
            "the Witch decides nothing; the Juggler declared Diamonds sets Diamonds",
        ),
        (3, ["Cloud=S", "C5"], "H1", None, "S", "the Cloud declared Spades sets Spades"),
        (3, ["Vampire", "C5"], "Dragon", "H", None, "the Vampire is a Dragon: no led suit"),
        (
            3,
            ["Vampire", "C5"],
            "D7",
            None,
            "D",
            "the Vampire is D7, a suit card: it sets Diamonds",
        ),
    ):
        deck = ["dragon", "fairy", "bomb", "juggler", "cloud", "shapeshifter", "witch", "vampire"]
        actions = one_trick(
            [*specs, *["D9", "D10", "D11"][: players - len(specs)]],
            turned,
            players=players,
            trump=trump,
        )
        cut = players - len(specs)
        yield acase(
            next(ids),
            "39.2",
            f"{players} players, turned {turned}{f', the dealer names {trump}' if trump else ''}: "
            f"{', '.join(specs)} from seat 1: {why}",
            cfg(deck, players),
            actions[:-cut] if cut else actions,
            cards=_names(specs, turned),
            state={"led_suit": led},
        )

    # Rule 39.3: follow with a real suit card if you hold one.
    yield acase(
        next(ids),
        "39.3",
        "schedule [2], turned S13: seat 1 leads C5; seat 2 holds C9 and the Cloud: it plays "
        "the Cloud and declares it Hearts (not a suit card, it may always be played); seat 0 "
        "(C2, D4) must still follow Clubs",
        cfg(["cloud"], schedule=[2]),
        [
            fill(3, 2, {1: "C5 D2", 2: "C9 Cloud", 0: "C2 D4"}, "S13"),
            *bids(3, 0, [0, 0, 0]),
            *plays(3, 1, ["C5", "Cloud=H"]),
        ],
        cards=["cloud"],
        state={"declared": [None, "H"], "led_suit": "C", "legal_actions": [play(0, "C2")]},
    )
    yield acase(
        next(ids),
        "39.3",
        "schedule [2], turned S13: seat 1 leads the Cloud declared Clubs; seat 2 holds C2 and "
        "H4: H4 is refused (must_follow_suit), C2 is played",
        cfg(["cloud"], schedule=[2]),
        [
            fill(3, 2, {1: "Cloud D2", 2: "C2 H4", 0: "C3 D4"}, "S13"),
            *bids(3, 0, [0, 0, 0]),
            *plays(3, 1, ["Cloud=C"]),
            play(2, "H4"),
            play(2, "C2"),
        ],
        cards=["cloud"],
        errors=refused(6, "must_follow_suit"),
        state={"trick": ["Cloud", "C2"], "current_player": 0},
    )
    yield acase(
        next(ids),
        "39.3",
        "schedule [2], turned H5 (trump Hearts): seat 1 leads the Vampire, which is H5, a suit "
        "card of Hearts: Hearts are led, and seat 2 (H9, C3) must follow with H9",
        cfg(["vampire"], schedule=[2]),
        [
            fill(3, 2, {1: "Vampire D2", 2: "H9 C3", 0: "C4 D4"}, "H5"),
            *bids(3, 0, [0, 0, 0]),
            play(1, "Vampire"),
        ],
        cards=["vampire"],
        state={"led_suit": "H", "legal_actions": [play(2, "H9")]},
    )

    # Rule 39.4: a Bomb decides first; then the Dragon and the Fairy.
    yield acase(
        next(ids),
        "39.4",
        "4 players, turned H1: the Dragon, W1, the Fairy, the Bomb: a Bomb in the trick, so "
        "nobody wins it, not even the Fairy",
        cfg(["dragon", "fairy", "bomb"], 4),
        one_trick(["Dragon", "W1", "Fairy", "Bomb"], "H1", players=4),
        cards=["dragon", "fairy", "bomb"],
        state={"round_trick_winners": [[None]]},
    )
    yield acase(
        next(ids),
        "39.4",
        "4 players, turned H1: H13, the Shapeshifter as a Wizard, the Dragon, the Fairy: the "
        "Fairy wins the Dragon's trick (seat 0)",
        cfg(["dragon", "fairy", "shapeshifter"], 4),
        one_trick(["H13", "Shapeshifter=W", "Dragon", "Fairy"], "H1", players=4),
        cards=["dragon", "fairy", "shapeshifter"],
        state={"round_trick_winners": [[0]]},
    )
    yield acase(
        next(ids),
        "39.6",
        "schedule [2], reading vampire_under_werewolf=displaced_card: the Fairy is turned and "
        "seat 1, holding the Werewolf, takes it and names no trump; the Vampire copies the "
        "Fairy. Trick 1: the Fairy (seat 1), the Vampire (seat 2), the Bomb (seat 0): nobody "
        "wins; without the Bomb only two Fairy faces remain, and the first, seat 1's, leads "
        "trick 2 (the same under both readings of bomb_leader: no Dragon)",
        cfg(
            ["dragon", "fairy", "bomb", "werewolf", "vampire"],
            schedule=[2],
            readings={"vampire_under_werewolf": "displaced_card"},
        ),
        [
            fill(3, 2, {1: "Werewolf C4", 2: "Vampire C5", 0: "Bomb C6"}, "Fairy"),
            werewolf(1, None),
            *bids(3, 0, [0, 0, 0]),
            *plays(3, 1, ["Fairy", "Vampire", "Bomb"]),
        ],
        cards=["fairy", "bomb", "werewolf", "vampire"],
        state={"trick_winners": [None], "leader": 1, "current_player": 1},
    )
    yield acase(
        next(ids),
        "39.5",
        "3 players, turned W1, the dealer names Clubs; the Vampire is a Wizard: C13, the "
        "Shapeshifter as a Wizard, the Vampire: the first Wizard face, the Shapeshifter (seat 2)",
        cfg(["shapeshifter", "vampire"]),
        [*one_trick(["C13", "Shapeshifter=W", "Vampire"], "W1", trump="C")],
        cards=["shapeshifter", "vampire"],
        state={"round_trick_winners": [[2]]},
    )
