"""The ``dragon-fairy`` area: the Dragon and the Fairy (rules 29 and 30).

Round 1 of three players (four where said), dealer 0: seat 1 leads and play
goes 1, 2, 0 (1, 2, 3, 0); every bid is 0 unless said, so a trick's winner
shows in ``round_trick_winners`` (and in ``round_scores``: 20 for a bid
made, -10 a trick off).  Each description works the winner out by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .cards import acase, bids, cfg, one_trick, plays
from .common import Json, area, fill, play

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

DECK = ["dragon", "fairy"]


def _won(
    ids: Iterator[str],
    rule: str,
    why: str,
    specs: list[str],
    turned: str,
    winner: int,
    players: int = 3,
) -> Json:
    cards = [name for name in ("dragon", "fairy") if name.capitalize() in specs]
    return acase(
        next(ids),
        rule,
        f"{players} players, turned {turned}: {', '.join(specs)} (led by seat 1): {why}",
        cfg(DECK, players),
        one_trick(specs, turned, players=players),
        cards=cards,
        state={"round_trick_winners": [[winner]]},
    )


@area("dragon-fairy", "The Dragon and the Fairy (rules 29.1 to 30.3).")
def dragon_fairy_area() -> Iterator[Json]:
    ids = (f"dragon-fairy.{n:03d}" for n in count(1))

    # Rule 29.1: the Dragon beats every card, Wizards included, without the Fairy.
    yield _won(
        ids,
        "29.1",
        "the Dragon beats the Wizard before it: seat 2",
        ["W1", "Dragon", "H13"],
        "H2",
        2,
    )
    yield _won(
        ids,
        "29.1",
        "a led Dragon beats the two Wizards after it: seat 1",
        ["Dragon", "W1", "W2"],
        "C2",
        1,
    )
    yield _won(
        ids,
        "29.1",
        "the Dragon played last beats the highest trump: seat 0",
        ["H13", "C2", "Dragon"],
        "H2",
        0,
    )
    yield _won(
        ids,
        "29.1",
        "the Dragon (seat 3) beats two Wizards and a trump: seat 3",
        ["W1", "W2", "Dragon", "H13"],
        "H2",
        3,
        players=4,
    )
    yield acase(
        next(ids),
        "29.1",
        "3 players, turned C2: W1 (seat 1), then the Dragon (seat 2): the Dragon is winning "
        "the trick so far (trick_winner 2)",
        cfg(DECK),
        one_trick(["W1", "Dragon", "C5"], "C2")[:-1],
        cards=["dragon"],
        state={"trick": ["W1", "Dragon"], "trick_winner": 2},
    )
    yield acase(
        next(ids),
        "29.1",
        "3 players, turned D2 (trump Diamonds); seat 1 bids 1, the others 0: seat 1's Dragon "
        "beats W1 and D13, so seat 1 makes its bid (20 + 10 = 30), seats 2 and 0 theirs (20)",
        cfg(DECK),
        one_trick(["Dragon", "W1", "D13"], "D2", values=[1, 0, 0]),
        cards=["dragon"],
        state={"round_scores": [[20, 30, 20]]},
    )

    # Rule 29.2: a led Dragon sets no led suit.
    yield acase(
        next(ids),
        "29.2",
        "schedule [2], turned S13 (trump Spades): seat 1 leads the Dragon, seat 2 plays C5: "
        "the Dragon before the first suit card means no led suit, so seat 0 (C9, H4) may "
        "play either card",
        cfg(DECK, schedule=[2]),
        [
            fill(3, 2, {1: "Dragon D2", 2: "C5 D3", 0: "C9 H4"}, "S13"),
            *bids(3, 0, [0, 0, 0]),
            *plays(3, 1, ["Dragon", "C5"]),
        ],
        cards=["dragon"],
        state={"led_suit": None, "legal_actions": [play(0, "C9"), play(0, "H4")]},
    )

    # Rule 30.1: the Fairy is the lowest card, below the Jesters.
    yield _won(
        ids,
        "30.1",
        "a led Fairy decides nothing; C2 is the only suit card and wins: seat 0",
        ["Fairy", "J1", "C2"],
        "H2",
        0,
    )
    yield _won(
        ids,
        "30.1",
        "no suit card: the first Jester wins, never the Fairy below it: seat 1",
        ["J1", "Fairy", "J2"],
        "H2",
        1,
    )
    yield _won(
        ids,
        "30.1",
        "a led Fairy, then two Jesters: the first Jester (seat 2) wins, not the Fairy",
        ["Fairy", "J1", "J2"],
        "H2",
        2,
    )
    yield _won(
        ids,
        "30.1",
        "a led Fairy, then C3 and C2: C3 sets Clubs and is the highest: seat 2",
        ["Fairy", "C3", "C2"],
        "H2",
        2,
    )
    yield acase(
        next(ids),
        "30.1",
        "3 players, turned H2; seat 1 bids 1 and leads the Fairy, then D4 and J1: D4 wins "
        "(seat 2, bid 0: -10), seat 1 takes no trick (-10), seat 0 makes 0 (20)",
        cfg(DECK),
        one_trick(["Fairy", "D4", "J1"], "H2", values=[1, 0, 0]),
        cards=["fairy"],
        state={"round_trick_winners": [[2]], "round_scores": [[20, -10, -10]]},
    )

    # Rule 30.2: the Fairy wins a trick that holds the Dragon.
    yield _won(
        ids,
        "30.2",
        "the Fairy after the Dragon wins (the Wizard too is beaten): seat 2",
        ["Dragon", "Fairy", "W1"],
        "H2",
        2,
    )
    yield _won(
        ids,
        "30.2",
        "the led Fairy wins once the Dragon comes: seat 1",
        ["Fairy", "Dragon", "H13"],
        "H2",
        1,
    )
    yield _won(
        ids,
        "30.2",
        "the Fairy played last takes the Dragon's trick: seat 0",
        ["W1", "Dragon", "Fairy"],
        "C2",
        0,
    )
    yield _won(
        ids,
        "30.2",
        "a trump, the Dragon, a Wizard and the Fairy last (seat 0): the Fairy wins",
        ["H13", "Dragon", "W1", "Fairy"],
        "H2",
        0,
        players=4,
    )
    yield acase(
        next(ids),
        "30.2",
        "4 players, turned C2: the Dragon (seat 1), W1 (seat 2), then the Fairy (seat 3): "
        "with the Dragon in the trick the Fairy is winning so far (trick_winner 3)",
        cfg(DECK, 4),
        one_trick(["Dragon", "W1", "Fairy", "C5"], "C2", players=4)[:-1],
        cards=["dragon", "fairy"],
        state={"trick_winner": 3},
    )
    yield acase(
        next(ids),
        "30.2",
        "3 players, turned H2; seat 1 bids 1 and leads the Dragon, seat 2 (bid 0) plays the "
        "Fairy, seat 0 C5: the Fairy wins, so seat 1 fails (-10), seat 2 fails (-10) and "
        "seat 0 makes 0 (20)",
        cfg(DECK),
        one_trick(["Dragon", "Fairy", "C5"], "H2", values=[1, 0, 0]),
        cards=["dragon", "fairy"],
        state={"round_trick_winners": [[2]], "round_scores": [[20, -10, -10]]},
    )

    # Rule 30.3: a led Fairy decides no suit: the next card decides.
    yield acase(
        next(ids),
        "30.3",
        "schedule [2], turned S13: seat 1 leads the Fairy, seat 2 plays C5: Clubs are led, "
        "so seat 0 (C2, H9) must follow with C2",
        cfg(DECK, schedule=[2]),
        [
            fill(3, 2, {1: "Fairy D2", 2: "C5 D3", 0: "C2 H9"}, "S13"),
            *bids(3, 0, [0, 0, 0]),
            *plays(3, 1, ["Fairy", "C5"]),
        ],
        cards=["fairy"],
        state={"led_suit": "C", "legal_actions": [play(0, "C2")]},
    )
    yield acase(
        next(ids),
        "30.3",
        "schedule [2], turned S13: seat 1 leads the Fairy: no led suit yet, so seat 2 (C5, "
        "H3) may play either card",
        cfg(DECK, schedule=[2]),
        [
            fill(3, 2, {1: "Fairy D2", 2: "C5 H3", 0: "C2 H9"}, "S13"),
            *bids(3, 0, [0, 0, 0]),
            play(1, "Fairy"),
        ],
        cards=["fairy"],
        state={"led_suit": None, "legal_actions": [play(2, "C5"), play(2, "H3")]},
    )
