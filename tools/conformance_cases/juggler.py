"""The ``juggler`` area: the Juggler (rules 33.1 to 33.3; no pass after the last trick,
rule 33.4, is the reading group ``juggler_last_trick`` of the ``readings`` area).

Round 1 of three players, dealer 0 (seat 1 leads, play goes 1, 2, 0), or
schedule [2] (one round of two cards) where the pass must show.  The Juggler
counts as a suit card of value 7 1/2 in the suit its player declares right
after playing it.  The pass (rule 33.2): the Juggler's player first, then each
seat to its left puts a card aside; when all have, each card goes to the left
neighbour (seat s gets the card of seat s - 1).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .cards import acase, bids, cfg, declare, one_trick, pass_card, plays
from .common import Json, area, fill, play, refused

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

J = ["juggler"]


def _pass_round(extra: str = "C9 D6", deck: list[str] | None = None) -> list[Json]:
    """Schedule [2], turned S13 (trump Spades): seat 1 holds the Juggler and C4, seat 2
    ``extra``, seat 0 C2 and H7; bids 0; trick 1: the Juggler (declared Clubs), then
    seat 2's first card, then C2."""
    first = extra.split()[0]
    return [
        fill(3, 2, {1: "Juggler C4", 2: extra, 0: "C2 H7"}, "S13"),
        *bids(3, 0, [0, 0, 0]),
        *plays(3, 1, ["Juggler=C", first, "C2"]),
    ]


@area("juggler", "The Juggler (rules 33.1 to 33.3).")
def juggler_area() -> Iterator[Json]:
    ids = (f"juggler.{n:03d}" for n in count(1))

    # Rule 33.1: a suit card of value 7 1/2 in the suit declared.
    for specs, turned, winner, why in (
        (["C7", "Juggler=C", "C6"], "H1", 2, "7 1/2 beats 7"),
        (["C7", "Juggler=C", "C8"], "H1", 0, "8 beats 7 1/2"),
        (["C5", "Juggler=H", "C13"], "H1", 2, "declared Hearts, the trump: it beats C13"),
        (["C13", "Juggler=H", "H8"], "H1", 0, "declared trump, it still loses to the trump 8"),
        (["C13", "Juggler=H", "H7"], "H1", 2, "declared trump, 7 1/2 beats the trump 7"),
        (["Juggler=S", "S7", "D13"], "H1", 1, "led and declared Spades: 7 1/2 beats S7"),
        (["C9", "Juggler=D", "C2"], "H1", 1, "declared Diamonds on Clubs led: off suit, C9 wins"),
    ):
        yield acase(
            next(ids),
            "33.1",
            f"3 players, turned {turned} (trump Hearts): {', '.join(specs)} from seat 1 "
            f"(=X: declared X): {why}; seat {winner} wins",
            cfg(J),
            one_trick(specs, turned),
            cards=J,
            state={"round_trick_winners": [[winner]]},
        )
    yield acase(
        next(ids),
        "33.1",
        "seat 1 leads the Juggler: it is declared right after, by seat 1 (phase declare), "
        "in any of the four suits",
        cfg(J),
        one_trick(["Juggler", "C2", "C3"], "H1")[:-2],
        cards=J,
        state={
            "phase": "declare",
            "current_player": 1,
            "trick": ["Juggler"],
            "declared": [None],
            "legal_actions": [declare(1, s) for s in "CDHS"],
        },
    )
    yield acase(
        next(ids),
        "33.1",
        "C7 led, then seat 2's Juggler declared Hearts: the declarations of the trick are "
        "[null, H]; the led suit stays Clubs and seat 0 is to play",
        cfg(J),
        one_trick(["C7", "Juggler=H", "C6"], "S1")[:-1],
        cards=J,
        state={"declared": [None, "H"], "led_suit": "C", "current_player": 0},
    )
    yield acase(
        next(ids),
        "33.1",
        "the Juggler is a suit card, not a Wizard or a Jester: declaring it W or J is refused "
        "(invalid_declaration), and so is a play while it is undeclared (wrong_phase); "
        "declared Spades, it leads Spades",
        cfg(J),
        [
            *one_trick(["Juggler", "C2", "C3"], "H1")[:-2],
            declare(1, "W"),
            declare(1, "J"),
            play(2, "C2"),
            declare(1, "S"),
        ],
        cards=J,
        errors=[
            {"at": 5, "code": "invalid_declaration"},
            {"at": 6, "code": "invalid_declaration"},
            {"at": 7, "code": "wrong_phase"},
        ],
        state={"phase": "play", "led_suit": "S", "current_player": 2},
    )
    yield acase(
        next(ids),
        "33.1",
        "seat 2 may not declare seat 1's Juggler (not_your_turn)",
        cfg(J),
        [*one_trick(["Juggler", "C2", "C3"], "H1")[:-2], declare(2, "C")],
        cards=J,
        errors=refused(5, "not_your_turn"),
        state={"phase": "declare", "current_player": 1},
    )
    yield acase(
        next(ids),
        "33.1",
        "schedule [2], turned S13: seat 1 leads the Juggler declared Clubs, so Clubs are led: "
        "seat 2 (C9, D6) must follow with C9",
        cfg(J, schedule=[2]),
        _pass_round()[:-2],
        cards=J,
        state={"led_suit": "C", "legal_actions": [play(2, "C9")]},
    )

    # Rule 33.2: after its trick, every player passes one card to the left.
    yield acase(
        next(ids),
        "33.2",
        "schedule [2], turned S13: trick 1 is the Juggler (Clubs, 7 1/2), C9, C2: C9 wins "
        "(seat 2); then the pass: the Juggler's player, seat 1, puts a card aside first (its "
        "one card, C4)",
        cfg(J, schedule=[2]),
        _pass_round(),
        cards=J,
        state={
            "trick_winners": [2],
            "phase": "pass",
            "current_player": 1,
            "legal_actions": [pass_card(1, "C4")],
        },
    )
    yield acase(
        next(ids),
        "33.2",
        "the pass goes on to the left: after seat 1 puts C4 aside, seat 2 is to pass (and seat "
        "1 holds no card until the pass is done)",
        cfg(J, schedule=[2]),
        [*_pass_round(), pass_card(1, "C4")],
        cards=J,
        state={"phase": "pass", "current_player": 2, "hands": [["H7"], [], ["D6"]]},
    )
    yield acase(
        next(ids),
        "33.2",
        "seats 1, 2 and 0 pass C4, D6 and H7; each card goes to the left: seat 2 gets C4, "
        "seat 0 gets D6, seat 1 gets H7; then the trick's winner, seat 2, leads trick 2",
        cfg(J, schedule=[2]),
        [*_pass_round(), pass_card(1, "C4"), pass_card(2, "D6"), pass_card(0, "H7")],
        cards=J,
        state={
            "hands": [["D6"], ["H7"], ["C4"]],
            "phase": "play",
            "current_player": 2,
            "leader": 2,
        },
    )
    yield acase(
        next(ids),
        "33.2",
        "the pass in order: seat 2 passing before seat 1 is refused (not_your_turn), a card "
        "seat 1 does not hold is refused (card_not_in_hand), and a play during the pass is "
        "out of phase (wrong_phase)",
        cfg(J, schedule=[2]),
        [
            *_pass_round(),
            pass_card(2, "D6"),
            pass_card(1, "H7"),
            play(2, "D6"),
            pass_card(1, "C4"),
        ],
        cards=J,
        errors=[
            {"at": 8, "code": "not_your_turn"},
            {"at": 9, "code": "card_not_in_hand"},
            {"at": 10, "code": "wrong_phase"},
        ],
        state={"phase": "pass", "current_player": 2},
    )
    yield acase(
        next(ids),
        "33.2",
        "after a Bomb's trick too: trick 1 is the Juggler (Clubs), the Bomb, C2: nobody wins; "
        "the pass follows (seat 1 first), and after it seat 1, whose Juggler would have won "
        "without the Bomb (7 1/2 over C2), leads trick 2",
        cfg(["bomb", "juggler"], schedule=[2]),
        [
            *_pass_round("Bomb D6"),
            pass_card(1, "C4"),
            pass_card(2, "D6"),
            pass_card(0, "H7"),
        ],
        cards=["bomb", "juggler"],
        state={
            "trick_winners": [None],
            "hands": [["D6"], ["H7"], ["C4"]],
            "phase": "play",
            "current_player": 1,
        },
    )
    yield acase(
        next(ids),
        "33.2",
        "4 players, schedule [2], turned S13: seat 2 plays the Juggler (Clubs) on seat 1's C5; "
        "C9 (seat 3) wins; the pass starts with the Juggler's player, seat 2, then seats 3, 0, "
        "1; each card goes left: seat 3 gets D2, seat 0 D3, seat 1 D4, seat 2 D5",
        cfg(J, 4, schedule=[2]),
        [
            fill(4, 2, {1: "C5 D5", 2: "Juggler D2", 3: "C9 D3", 0: "C2 D4"}, "S13"),
            *bids(4, 0, [0, 0, 0, 0]),
            *plays(4, 1, ["C5", "Juggler=C", "C9", "C2"]),
            pass_card(2, "D2"),
            pass_card(3, "D3"),
            pass_card(0, "D4"),
            pass_card(1, "D5"),
        ],
        cards=J,
        state={
            "trick_winners": [3],
            "hands": [["D3"], ["D4"], ["D5"], ["D2"]],
            "current_player": 3,
            "phase": "play",
        },
    )
    yield acase(
        next(ids),
        "33.2",
        "schedule [2]: the whole round: after the pass (seat 2 holds C4, seat 0 D6, seat 1 H7) "
        "seat 2 leads C4, seat 0 plays D6 and seat 1 H7 (neither holds a Club): C4 wins; seat "
        "2 took both tricks on a bid of 0 (-20), seats 0 and 1 none (20)",
        cfg(J, schedule=[2]),
        [
            *_pass_round(),
            pass_card(1, "C4"),
            pass_card(2, "D6"),
            pass_card(0, "H7"),
            *plays(3, 2, ["C4", "D6", "H7"]),
        ],
        cards=J,
        state={"round_trick_winners": [[2, 2]], "round_scores": [[20, 20, -20]]},
    )
