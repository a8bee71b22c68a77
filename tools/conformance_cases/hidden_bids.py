"""The ``hidden-bids`` area: the variant of hidden bids (rules 23.1 to 23.6).

Most cases start from a position in the bid phase of a round with some bids
made and observe ``views``, what each seat is given: while the bids are
made a seat sees its own and no other (rule 23.1), and once the last bid is
made every seat sees every bid (rule 23.3).  The refusals of rule 23.4 are
asked in positions that differ only in bids the bidder may not see, and are
expected the same.  The expected views are written by the functions of
``hiding`` from the rules' sentences; the legal bids by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .common import Json, area, bid, case, deal, play, pos, refused
from .common import case_at as at
from .hiding import bid_list, bid_phase, hand_lists, hands, open_views, secret_views

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

HIDDEN = "hidden_bids"


def _cfg(players: int = 3, dealer: int = 0, **more: object) -> Json:
    return {"players": players, "first_dealer": dealer, "forbid_bid_total_match": False, **more}


def _bids(player: int, values: range) -> list[Json]:
    return [bid(player, n) for n in values]


@area("hidden-bids", "The variant of hidden bids (rules 23.1 to 23.6).")
def hidden_bids_area() -> Iterator[Json]:
    ids = (f"hidden-bids.{n:03d}" for n in count(1))

    # Rule 23.1: while the bids are made, a seat sees its own bid and no other.
    for players, rnd, dealer, bids_made in (
        (3, 2, 1, "-,-,1"),
        (3, 2, 1, "0,-,1"),
        (4, 3, 2, "1,-,-,2"),
        (4, 3, 2, "1,0,-,2"),
        (5, 2, 4, "1,0,2,-,-"),
        (6, 4, 5, "1,0,3,2,4,-"),
    ):
        text = bid_phase(players, rnd, dealer, bids_made, options=HIDDEN)
        held = hand_lists(hands(players, rnd))
        made = bid_list(bids_made)
        yield at(
            next(ids),
            "23.1",
            f"{players} players, round {rnd}, bids {bids_made} made in secret: each seat "
            "sees its own bid, and the others' made bids as hidden",
            text,
            [],
            state={"bids": made, "views": secret_views(held, made)},
        )

    # Rule 23.1 from the first deal: the first bid is seen by its bidder alone.
    cfg = _cfg(hidden_bids=True)
    first = deal(["H5", "C9", "W1"], "S3")
    yield case(
        next(ids),
        "23.1",
        "3 players, round 1: seat 1 bids 0 in secret; seats 0 and 2 see that it bid, not what",
        cfg,
        [first, bid(1, 0)],
        state={
            "current_player": 2,
            "views": secret_views([["H5"], ["C9"], ["W1"]], [None, 0, None]),
        },
    )
    # Rule 23.1: bids are still made one at a time, left of the dealer first.
    yield case(
        next(ids),
        "23.1",
        "3 players, round 1: the dealer (seat 0) may not bid first; seat 1 bids first, then 2",
        cfg,
        [first, bid(0, 1), bid(2, 1), bid(1, 0), bid(2, 1)],
        errors=[{"at": 1, "code": "not_your_turn"}, {"at": 2, "code": "not_your_turn"}],
        state={"current_player": 0, "phase": "bid", "bids": [None, 0, 1]},
    )
    # Rule 23.1: a secret bid is still a whole number from 0 to h.
    yield at(
        next(ids),
        "23.1",
        "3 players, round 2, bids -,-,1: seat 0 may bid 0, 1 or 2",
        bid_phase(3, 2, 1, "-,-,1", options=HIDDEN),
        [],
        state={"legal_actions": _bids(0, range(3))},
    )

    # Rules 23.2 and 23.4: the dealer's bids and refusals do not depend on the
    # bids before it (no rule may read them, rule 27.2).
    for others in ("0,-,1", "1,-,1", "2,-,2", "0,-,0"):
        yield at(
            next(ids),
            "23.2",
            f"3 players, round 2, the others' secret bids {others}: the dealer (seat 1) may "
            "bid 0, 1 or 2, whatever they total",
            bid_phase(3, 2, 1, others, options=HIDDEN),
            [],
            state={"legal_actions": _bids(1, range(3))},
        )
    for others in ("0,-,1", "1,-,1", "2,-,0"):
        yield at(
            next(ids),
            "23.4",
            f"3 players, round 2, the others' secret bids {others}: the dealer's bid of 3 is "
            "refused with bid_out_of_range, then its bid of 2 is made",
            bid_phase(3, 2, 1, others, options=HIDDEN),
            [bid(1, 3), bid(1, 2)],
            errors=refused(0, "bid_out_of_range"),
            state={"phase": "play", "current_player": 2},
        )
    for others in ("0,-,1", "2,-,2"):
        yield at(
            next(ids),
            "23.4",
            f"3 players, round 2, the others' secret bids {others}: seat 0 bids again "
            "(not_your_turn) and plays a card (wrong_phase), whatever the bids",
            bid_phase(3, 2, 1, others, options=HIDDEN),
            [bid(0, 1), play(0, "C1"), bid(2, 5)],
            errors=[
                {"at": 0, "code": "not_your_turn"},
                {"at": 1, "code": "wrong_phase"},
                {"at": 2, "code": "not_your_turn"},
            ],
            state={"current_player": 1, "bids": bid_list(others)},
        )

    # Rule 23.3: once the last bid is made, every seat sees every bid.
    for players, rnd, dealer, before, last, after in (
        (3, 2, 1, "0,-,1", 0, "0,0,1"),
        (4, 3, 2, "1,0,-,2", 3, "1,0,3,2"),
        (6, 1, 3, "0,1,0,-,1,1", 0, "0,1,0,0,1,1"),
    ):
        held = hand_lists(hands(players, rnd))
        made = bid_list(after)
        yield at(
            next(ids),
            "23.3",
            f"{players} players, round {rnd}: the dealer (seat {dealer}) makes the last "
            f"bid, {last}; every seat now sees the bids {after}",
            bid_phase(players, rnd, dealer, before, options=HIDDEN),
            [bid(dealer, last)],
            state={"phase": "play", "views": open_views(held, made)},
        )
    yield case(
        next(ids),
        "23.3",
        "3 players, round 1: seats 1, 2 and 0 bid 0, 1 and 1; every seat sees them all",
        cfg,
        [first, bid(1, 0), bid(2, 1), bid(0, 1)],
        state={
            "phase": "play",
            "views": open_views([["H5"], ["C9"], ["W1"]], [1, 0, 1]),
        },
    )
    # Rule 23.3: from then on the round is played and scored as in the base game.
    yield at(
        next(ids),
        "23.3",
        "3 players, round 1 (trump S), every bid made (1,0,1): C9, W1 and H5 are played; W1 "
        "wins; seat 0 bid 1 and took none (-10), seat 1 bid 0 and took none (20), seat 2 bid "
        "1 and took it (30)",
        "players=3 options=hidden_bids hands=H5/C9/W1 turned=S3 bids=1,0,1",
        [play(1, "C9"), play(2, "W1"), play(0, "H5")],
        state={
            "round_trick_winners": [[2]],
            "scores": [-10, 20, 30],
            "views": open_views([[], [], []], [None, None, None], round_bids=[[1, 0, 1]]),
        },
    )
    # In play, every bid stays shown.
    text = (
        "players=3 options=hidden_bids round=2 dealer=1 scores=20,-10,30 "
        "hands=C1,C2/C3,C4/C5 turned=H13 bids=1,1,1 trick=C6"
    )
    yield at(
        next(ids),
        "23.3",
        "3 players, round 2, in the first trick: every seat sees every bid (1,1,1)",
        text,
        [],
        state={"views": open_views([["C1", "C2"], ["C3", "C4"], ["C5"]], [1, 1, 1])},
    )

    # Rule 23.5: a position with a hidden bid is partial, not a game.
    partial = pos(bid_phase(3, 2, 1, "-,-,?", options=HIDDEN))
    yield case(
        next(ids),
        "23.5",
        "3 players, round 2: a position whose seat 2 bid is hidden (bids -,-,?) is partial, "
        "and no game starts from it",
        partial["config"],
        [],
        start=partial,
        errors=refused_config("invalid_position"),
    )
    yield case(
        next(ids),
        "23.5",
        "3 players, round 2, bids 0,-,1 with hidden bids: the position is written with "
        "options=hidden_bids and every bid, as the referee knows them",
        pos(bid_phase(3, 2, 1, "0,-,1", options=HIDDEN))["config"],
        [],
        start=pos(bid_phase(3, 2, 1, "0,-,1", options=HIDDEN)),
        state={
            "position": "players=3 options=hidden_bids round=2 dealer=1 scores=20,20,20 "
            "hands=C1,C2/C3,C4/C5,C6 turned=H13 trump=H bids=0,-,1 won=0,0,0 played=- "
            "trick=- leader=2"
        },
    )

    # Rule 23.6: true or false; any other value is refused.
    for value in (1, "true", None, 0):
        yield case(
            next(ids),
            "23.6",
            f"hidden_bids {value!r} is neither true nor false: invalid_config",
            _cfg(hidden_bids=value),
            [],
            errors=refused_config("invalid_config"),
        )
    yield case(
        next(ids),
        "23.6",
        "hidden_bids false is the base game: seat 1's bid of 0 is seen by every seat",
        _cfg(hidden_bids=False),
        [first, bid(1, 0)],
        state={"views": open_views([["H5"], ["C9"], ["W1"]], [None, 0, None])},
    )
    yield case(
        next(ids),
        "23.6",
        "4 players, first dealer 2, hidden bids: seat 3 bids 1 first; seat 0 sees it bid, not what",
        _cfg(4, 2, hidden_bids=True),
        [deal(["H5", "C9", "W1", "J2"], "S3"), bid(3, 1)],
        state={
            "current_player": 0,
            "views": secret_views([["H5"], ["C9"], ["W1"], ["J2"]], [None, None, None, 1]),
        },
    )


def refused_config(code: str) -> list[Json]:
    """The refusal of a configuration or a position: ``at`` null."""
    return [{"at": None, "code": code}]
