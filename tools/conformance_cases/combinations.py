"""The ``combinations`` area: combining the variants (rules 27.1 to 27.4).

Every combination that rule 27 refuses is a case of its own, refused with
``invalid_config``: hidden bids or delayed reveal with any restriction of
the last bid (rule 27.2), hidden bids with delayed reveal (rule 27.3), and
clairvoyance with a schedule whose round 1 deals more than one card (rules
26.1 and 27.4).  The combinations that are games are played from the first
deal or a position; their views and scores are written by hand (with the
functions of ``hiding``, from the rules' sentences).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .common import Json, area, bid, case, deal, refused
from .common import case_at as at
from .hiding import all_but_own, bid_phase, secret_views, view

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

SECRET = ("hidden_bids", "delayed_reveal")
RESTRICTIONS = ("forbid_bid_total_match", "canadian_rule", "hardcore")


def _cfg(players: int = 3, dealer: int = 0, **more: object) -> Json:
    return {"players": players, "first_dealer": dealer, "forbid_bid_total_match": False, **more}


def _refused_config() -> list[Json]:
    return [{"at": None, "code": "invalid_config"}]


@area("combinations", "Combining the variants (rules 27.1 to 27.4).")
def combinations_area() -> Iterator[Json]:
    ids = (f"combinations.{n:03d}" for n in count(1))

    # Rule 27.2: a secret bidding with any restriction of the last bid.
    for secret in SECRET:
        for restriction in RESTRICTIONS:
            yield case(
                next(ids),
                "27.2",
                f"{secret} with {restriction}: the restriction would read bids the dealer "
                "may not see; invalid_config",
                _cfg(**{secret: True, restriction: True}),
                [],
                errors=_refused_config(),
            )
    for secret in SECRET:
        yield case(
            next(ids),
            "27.2",
            f"{secret} with all three restrictions, and clairvoyance: invalid_config",
            _cfg(
                forbid_bid_total_match=True,
                canadian_rule=True,
                hardcore=True,
                clairvoyance=True,
                **{secret: True},
            ),
            [],
            errors=_refused_config(),
        )
        yield case(
            next(ids),
            "27.2",
            f"{secret} with the restrictions written false: a game; seats 1 and 2 bid 1, the "
            "dealer may bid 0 or 1",
            _cfg(canadian_rule=False, hardcore=False, **{secret: True}),
            [deal(["H5", "C9", "W1"], "S3"), bid(1, 1), bid(2, 1)],
            state={"legal_actions": [bid(0, 0), bid(0, 1)]},
        )
    # Rule 27.3: hidden bids with delayed reveal.
    yield case(
        next(ids),
        "27.3",
        "hidden_bids with delayed_reveal: invalid_config",
        _cfg(hidden_bids=True, delayed_reveal=True),
        [],
        errors=_refused_config(),
    )
    yield case(
        next(ids),
        "27.3",
        "hidden_bids with delayed_reveal, 5 players, with clairvoyance too: invalid_config",
        _cfg(5, 2, hidden_bids=True, delayed_reveal=True, clairvoyance=True),
        [],
        errors=_refused_config(),
    )

    # Rule 27.1: the restrictions combine (the three at once, and with a schedule).
    for players, rnd, dealer, scores, bids, options, schedule, size, legal, why in (
        (
            4,
            4,
            3,
            "0,10,20,60",
            "1,2,1,-",
            "forbid_bid_total_match,canadian_rule,hardcore",
            "",
            4,
            [1, 2, 3, 4],
            "plus/minus one and hardcore forbid the one bid 0, which the Canadian rule excepts",
        ),
        (
            3,
            2,
            1,
            "-10,30,20",
            "1,-,0",
            "canadian_rule,hardcore",
            "odd",
            3,
            [0, 1, 3],
            "3 cards: hardcore free, the leading dealer may not bid 2 (Canadian rule)",
        ),
        (
            3,
            3,
            2,
            "20,10,0",
            "1,2,-",
            "canadian_rule,hardcore",
            "odd",
            5,
            [0, 1, 3, 4, 5],
            "5 cards: the dealer trails, and hardcore forbids 2 though the round is the third",
        ),
    ):
        yield at(
            next(ids),
            "27.1",
            f"{players} players, round {rnd} of {size} cards, options {options}"
            + (f", schedule {schedule}" if schedule else "")
            + f": {why}",
            bid_phase(
                players,
                rnd,
                dealer,
                bids,
                options=options,
                schedule=schedule,
                size=size,
                scores=scores,
            ),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )

    # Rule 27.4: clairvoyance goes with everything else.
    cards = ["H5", "C9", "W1"]
    held = [[card] for card in cards]
    first = deal(cards, "S3")
    for secret in SECRET:
        yield case(
            next(ids),
            "27.4",
            f"clairvoyance with {secret}, round 1: seat 1 bid 0; each seat sees the others' "
            "cards, not its own, and no other seat's bid",
            _cfg(clairvoyance=True, **{secret: True}),
            [first, bid(1, 0)],
            state={"views": secret_views(held, [None, 0, None], blind=True)},
        )
        yield case(
            next(ids),
            "27.4",
            f"clairvoyance with {secret}, round 1: the last bid plays the trick (W1 wins); "
            "the round's result shows every bid to every seat",
            _cfg(clairvoyance=True, **{secret: True}),
            [first, bid(1, 0), bid(2, 1), bid(0, 1)],
            state={
                "phase": "deal",
                "scores": [-10, 20, 30],
                "views": [
                    view([[], [], []], [None, None, None], (), [[1, 0, 1]]) for _ in range(3)
                ],
            },
        )
    for option, first_bids, legal, why in (
        ("forbid_bid_total_match", (0, 0), [0], "plus/minus one forbids the dealer's bid of 1"),
        ("hardcore", (0, 0), [0, 1], "hardcore forbids nothing in a round of 1 card"),
        (
            "canadian_rule",
            (0, 0),
            [0, 1],
            "nobody leads at 0 points: the Canadian rule forbids nothing",
        ),
    ):
        b1, b2 = first_bids
        yield case(
            next(ids),
            "27.4",
            f"clairvoyance with {option}, round 1: seats 1 and 2 bid {b1} and {b2}; {why}",
            _cfg(clairvoyance=True, **{option: True}),
            [first, bid(1, b1), bid(2, b2)],
            state={
                "legal_actions": [bid(0, n) for n in legal],
                "views": [view(all_but_own(held, s), [None, b1, b2]) for s in range(3)],
            },
        )
    yield case(
        next(ids),
        "27.4",
        "clairvoyance with the schedule odd and hardcore: round 1 blind, played by itself",
        _cfg(clairvoyance=True, hardcore=True, schedule="odd"),
        [first, bid(1, 0), bid(2, 1), bid(0, 1)],
        state={"phase": "deal", "round": 2, "round_trick_winners": [[2]]},
    )
    yield case(
        next(ids),
        "27.4",
        "clairvoyance with the schedule [3, 1]: round 1 deals 3 cards; invalid_config",
        _cfg(clairvoyance=True, hidden_bids=True, schedule=[3, 1]),
        [],
        errors=_refused_config(),
    )
    yield case(
        next(ids),
        "27.4",
        "clairvoyance with hidden bids: a bid of 2 in round 1 is refused with "
        "bid_out_of_range, whatever the others bid",
        _cfg(clairvoyance=True, hidden_bids=True),
        [first, bid(1, 0), bid(2, 1), bid(0, 2)],
        errors=refused(3, "bid_out_of_range"),
        state={"phase": "bid", "current_player": 0},
    )
