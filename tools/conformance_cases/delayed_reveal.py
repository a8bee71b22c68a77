"""The ``delayed-reveal`` area: the variant of delayed reveal (rules 24.1 to 24.5).

The cases observe ``views``: a seat sees its own bid and no other, during
the bidding and the play alike (rule 24.1), and every bid of a round only
in that round's result, once its last trick is played (rule 24.2).  The
play and its refusals are the base game's (rule 24.3).  The expected views
are written by the functions of ``hiding`` from the rules' sentences; the
scores by hand (and checked against rule 9 by ``hiding.score``).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .common import Json, area, bid, case, deal, play, pos, refused
from .common import case_at as at
from .hiding import bid_list, bid_phase, hand_lists, hands, score, secret_views

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

DELAYED = "delayed_reveal"


def _cfg(players: int = 3, dealer: int = 0, **more: object) -> Json:
    return {"players": players, "first_dealer": dealer, "forbid_bid_total_match": False, **more}


def _refused_config(code: str) -> list[Json]:
    return [{"at": None, "code": code}]


@area("delayed-reveal", "The variant of delayed reveal (rules 24.1 to 24.5).")
def delayed_reveal_area() -> Iterator[Json]:
    ids = (f"delayed-reveal.{n:03d}" for n in count(1))

    # Rule 24.1: while the bids are made, as with hidden bids.
    for players, rnd, dealer, bids_made in (
        (3, 2, 1, "-,-,1"),
        (4, 3, 2, "1,0,-,2"),
        (5, 2, 4, "1,0,2,0,-"),
    ):
        held = hand_lists(hands(players, rnd))
        made = bid_list(bids_made)
        yield at(
            next(ids),
            "24.1",
            f"{players} players, round {rnd}, bids {bids_made} made: each seat sees its own "
            "bid, and the others' made bids as hidden",
            bid_phase(players, rnd, dealer, bids_made, options=DELAYED),
            [],
            state={"views": secret_views(held, made)},
        )
    # Rule 24.1: after the last bid the bids stay secret, through the play.
    for players, rnd, dealer, before, last, after in (
        (3, 2, 1, "0,-,1", 0, "0,0,1"),
        (4, 3, 2, "1,0,-,2", 3, "1,0,3,2"),
    ):
        held = hand_lists(hands(players, rnd))
        yield at(
            next(ids),
            "24.1",
            f"{players} players, round {rnd}: the dealer makes the last bid, {last}; play "
            "starts and each seat still sees only its own bid",
            bid_phase(players, rnd, dealer, before, options=DELAYED),
            [bid(dealer, last)],
            state={"phase": "play", "views": secret_views(held, bid_list(after))},
        )
    mid = (
        "players=3 options=delayed_reveal round=2 dealer=1 scores=20,-10,30 "
        "hands=C1/C3/C5 turned=H13 bids=1,1,1 won=0,0,1 played=C6,C2,C4"
    )
    yield at(
        next(ids),
        "24.1",
        "3 players, round 2, after the first trick (seat 2 won it): the bids 1,1,1 are "
        "still secret; each seat sees only its own",
        mid,
        [],
        state={
            "tricks_won": [0, 0, 1],
            "views": secret_views([["C1"], ["C3"], ["C5"]], [1, 1, 1]),
        },
    )
    yield at(
        next(ids),
        "24.1",
        "3 players, round 2, the last trick under way (seat 2 led C5, seat 0 played C1): "
        "the bids are still secret",
        mid,
        [play(2, "C5"), play(0, "C1")],
        state={"views": secret_views([[], ["C3"], []], [1, 1, 1])},
    )

    # Rule 24.2: the bids are shown with the round's result.
    s0, s1, s2 = score(1, 0), score(1, 0), score(1, 2)
    assert (s0, s1, s2) == (-10, -10, -10)
    yield at(
        next(ids),
        "24.2",
        "3 players, round 2: the last trick (C5, C1, C3) goes to seat 2, who took 2 of its "
        "bid 1 (-10); seats 0 and 1 bid 1 and took none (-10 each); every seat's result "
        "of round 2 shows the bids 1,1,1",
        mid,
        [play(2, "C5"), play(0, "C1"), play(1, "C3")],
        state={
            "phase": "deal",
            "round": 3,
            "round_scores": [[-10, -10, -10]],
            "scores": [10, -20, 20],
            "views": [
                {
                    "hands": [[], [], []],
                    "bids": [None, None, None],
                    "unseen_bids": [],
                    "round_bids": [[1, 1, 1]],
                }
                for _ in range(3)
            ],
        },
    )
    cfg = _cfg(delayed_reveal=True)
    first = deal(["H5", "C9", "W1"], "S3")
    yield case(
        next(ids),
        "24.1",
        "3 players, round 1: all three bid (seats 1, 2, 0: 0, 1, 1); in play each sees only "
        "its own",
        cfg,
        [first, bid(1, 0), bid(2, 1), bid(0, 1)],
        state={
            "phase": "play",
            "views": secret_views([["H5"], ["C9"], ["W1"]], [1, 0, 1]),
        },
    )
    round1 = "players=3 options=delayed_reveal hands=H5/C9/W1 turned=S3 bids=1,0,1"
    yield at(
        next(ids),
        "24.2",
        "3 players, round 1 (trump S), bids 1,0,1: C9, W1, H5; W1 wins; seat 0 scores -10, "
        "seat 1 20, seat 2 30; every seat's result shows the bids 1,0,1",
        round1,
        [play(1, "C9"), play(2, "W1"), play(0, "H5")],
        state={
            "round_bids": [[1, 0, 1]],
            "scores": [-10, 20, 30],
            "views": [
                {
                    "hands": [[], [], []],
                    "bids": [None, None, None],
                    "unseen_bids": [],
                    "round_bids": [[1, 0, 1]],
                }
                for _ in range(3)
            ],
        },
    )
    yield at(
        next(ids),
        "24.1",
        "3 players, round 1, the trick under way (C9, W1 played): the bids are still secret",
        round1,
        [play(1, "C9"), play(2, "W1")],
        state={"views": secret_views([["H5"], [], []], [1, 0, 1])},
    )

    # Rule 24.3: play is the base game's.
    follow = (
        "players=3 options=delayed_reveal round=2 dealer=1 scores=20,-10,30 "
        "hands=C2,D1/C3,C4/C5 turned=H13 bids=1,1,1 trick=C6"
    )
    yield at(
        next(ids),
        "24.3",
        "3 players, round 2: seat 2 led C6; seat 0, holding C2 and D1, must follow with C2",
        follow,
        [play(0, "D1")],
        errors=refused(0, "must_follow_suit"),
        state={"legal_actions": [play(0, "C2")]},
    )
    yield at(
        next(ids),
        "24.3",
        "3 players, round 2: the first trick (C6, C2, C4) goes to seat 2, as in the base game; "
        "the tricks won are public",
        follow,
        [play(0, "C2"), play(1, "C4")],
        state={"trick_winners": [2], "tricks_won": [0, 0, 1], "current_player": 2},
    )
    # Rule 24.1 (rule 23.4 holds): a refusal is the same whatever the secret bids.
    for others in ("1,-,2", "2,-,2"):
        yield at(
            next(ids),
            "24.1",
            f"3 players, round 2, the others' secret bids {others}: the dealer may bid 0 to 2; "
            "its bid of 3 is refused with bid_out_of_range",
            bid_phase(3, 2, 1, others, options=DELAYED),
            [bid(1, 3)],
            errors=refused(0, "bid_out_of_range"),
            state={"legal_actions": [bid(1, n) for n in range(3)]},
        )

    # Rule 24.4: a position with a hidden bid is partial, in the play too.
    partial = pos(
        "players=3 options=delayed_reveal round=2 dealer=1 scores=20,-10,30 "
        "hands=C1/C3/C5 turned=H13 bids=1,?,? won=0,0,1 played=C6,C2,C4"
    )
    yield case(
        next(ids),
        "24.4",
        "3 players, round 2, in play: a position with the bids of seats 1 and 2 hidden "
        "(bids 1,?,?) is partial, and no game starts from it",
        partial["config"],
        [],
        start=partial,
        errors=_refused_config("invalid_position"),
    )

    yield at(
        next(ids),
        "24.4",
        "3 players, round 2, in play, every bid known (1,1,1): the referee's position is a "
        "game; seat 2 leads the second trick",
        mid,
        [],
        state={"phase": "play", "current_player": 2, "legal_actions": [play(2, "C5")]},
    )

    # Rule 24.5: true or false.
    for value in (1, "yes"):
        yield case(
            next(ids),
            "24.5",
            f"delayed_reveal {value!r} is neither true nor false: invalid_config",
            _cfg(delayed_reveal=value),
            [],
            errors=_refused_config("invalid_config"),
        )
