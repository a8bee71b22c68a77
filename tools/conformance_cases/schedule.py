"""The ``schedule`` area: the variant of short schedules (rules 22.1 to 22.8).

The cases about the schedule itself (how many rounds, the first deal, a
schedule refused) start at the first deal and deal at most once; every other
case starts from a position: before the deal of a round, in its bid phase,
or at the last card of a round.  Every expected value is written out by hand
below, from rules 22.1 to 22.8: the odd schedule of ``n`` players is 1, 3,
..., the largest odd number not above ``60 / n`` (10, 8, 6 and 5 rounds for
3, 4, 5 and 6 players); round ``r`` deals ``h_r`` cards, turns a card when
``n * h_r < 60``, takes bids from 0 to ``h_r``, and the game ends after the
schedule's last round.  The scores of the rounds played are worked out in
the comments beside each case.  The library is used only to write and check
the positions (``pos``)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from itertools import count

from .common import FILL_ORDER, Json, area, bid, case, fill, play, pos, refused

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

_LOW = (
    [f"C{r}" for r in range(1, 14)]
    + [f"D{r}" for r in range(1, 14)]
    + [f"S{r}" for r in range(1, 14)]
    + [f"H{r}" for r in range(1, 13)]
    + [f"J{n}" for n in range(1, 5)]
    + [f"W{n}" for n in range(1, 5)]
)
_REFUSED_CONFIG = [{"at": None, "code": "invalid_config"}]
_REFUSED_POSITION = [{"at": None, "code": "invalid_position"}]


def hands(players: int, size: int) -> str:
    """The hands written seat by seat, ``size`` cards each, from C1 up (H13 last)."""
    cards = [*_LOW, "H13"]
    return "/".join(",".join(cards[s * size : (s + 1) * size]) for s in range(players))


def cfg(players: int, schedule: object) -> Json:
    """A configuration of the first deal, first dealer 0."""
    return {"players": players, "first_dealer": 0, "schedule": schedule}


def before_deal(players: int, schedule: str, rnd: int, dealer: int, scores: str) -> str:
    """A position before the deal of round ``rnd`` (rule 12.6)."""
    empty = "/".join(["-"] * players)
    return (
        f"players={players} schedule={schedule} round={rnd} dealer={dealer} scores={scores} "
        f"hands={empty}"
    )


def bidding(
    players: int,
    schedule: str,
    rnd: int,
    size: int,
    dealer: int,
    scores: str,
    bids: str,
    options: str = "",
) -> str:
    """The bid phase of round ``rnd``, ``size`` cards each, H13 turned unless every card is dealt."""
    turned = "" if players * size == 60 else " turned=H13"
    opts = f" options={options}" if options else ""
    return (
        f"players={players}{opts} schedule={schedule} round={rnd} dealer={dealer} "
        f"scores={scores} hands={hands(players, size)}{turned} bids={bids}"
    )


def last_card(
    players: int,
    schedule: str,
    rnd: int,
    size: int,
    dealer: int,
    scores: str,
    bids: str,
    won: str,
    leader: int,
    trick: Sequence[str],
    last: str,
    turned: str | None,
) -> str:
    """The last trick of round ``rnd`` (``size`` cards each), all but its last card played.

    The seats from ``leader`` have played ``trick`` (``players - 1`` cards);
    the last seat holds ``last``; the ``size - 1`` finished tricks hold the
    first unused cards of FILL_ORDER.
    """
    assert len(trick) == players - 1
    used = {*trick, last, turned}
    pool = [card for card in FILL_ORDER if card not in used]
    played = pool[: (size - 1) * players]
    holder = (leader + players - 1) % players
    seats = ["-"] * players
    seats[holder] = last
    return (
        f"players={players} schedule={schedule} round={rnd} dealer={dealer} scores={scores} "
        f"hands={'/'.join(seats)}" + (f" turned={turned}" if turned else "") + f" bids={bids} "
        f"won={won} played={','.join(played) or '-'} trick={','.join(trick)} leader={leader}"
    )


def _n(count: int, word: str) -> str:
    """``count`` and ``word``, plural unless the count is 1."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _at(
    case_id: str, rule: str, description: str, text: str, actions: list[Json], **kw: object
) -> Json:
    start = pos(text)
    return case(case_id, rule, description, start["config"], actions, start=start, **kw)  # type: ignore[arg-type]


def _broken(
    case_id: str, rule: str, description: str, text: str, config: Json, **changes: object
) -> Json:
    """A position the rule says cannot arise, refused with ``invalid_position``.

    ``pos`` refuses such a position, so it is written as one that can arise
    (``text``), and then changed: its configuration by ``config``, its other
    fields by ``changes``.
    """
    start = pos(text)
    start = {**start, **changes, "config": {**start["config"], **config}}
    return case(
        case_id, rule, description, start["config"], [], start=start, errors=_REFUSED_POSITION
    )


@area("schedule", "The variant of short schedules (rules 22.1 to 22.8).")
def schedule_area() -> Iterator[Json]:
    ids = (f"schedule.{n:03d}" for n in count(1))

    # Rule 22.1: the schedule, and how many rounds it has.
    for players, schedule, rounds, what in (
        (3, "odd", 10, "1, 3, ..., 19"),
        (4, "odd", 8, "1, 3, ..., 15"),
        (5, "odd", 6, "1, 3, ..., 11"),
        (6, "odd", 5, "1, 3, ..., 9"),
        (3, [1, 3, 5], 3, "1, 3, 5"),
        (4, [5, 5, 2], 3, "5, 5, 2: a size repeated, then a smaller one"),
        (6, [10], 1, "one round of 10 cards"),
        (5, [12, 1, 12, 1], 4, "12, 1, 12, 1"),
        (3, "standard", 20, "1, 2, ..., 20, as without a schedule"),
        (5, "standard", 12, "1, 2, ..., 12, as without a schedule"),
    ):
        yield case(
            next(ids),
            "22.1",
            f"{players} players, schedule {json.dumps(schedule)}: {what}; {_n(rounds, 'round')}",
            cfg(players, schedule),
            [],
            state={"rounds": rounds, "round": 1, "phase": "deal"},
        )
    yield _at(
        next(ids),
        "22.1",
        "three players, odd schedule, in the bid phase of round 2: the game has 10 rounds",
        bidding(3, "odd", 2, 3, 1, "20,20,20", "-,-,-"),
        [],
        state={"rounds": 10},
    )

    # Rule 22.2: a schedule that is not one.
    not_schedules: tuple[tuple[int, object, str], ...] = (
        (3, [], "an empty list"),
        (3, [0], "a size of 0"),
        (3, [-1], "a negative size"),
        (3, [21], "a size above 60 / 3 = 20"),
        (4, [16], "a size above 60 / 4 = 15"),
        (5, [1, 13], "a size above 60 / 5 = 12"),
        (6, [1, 11], "a size above 60 / 6 = 10"),
        (4, ["3"], "a size that is a string"),
        (4, [2.0], "a size that is not a JSON integer"),
        (3, [True], "a size that is a boolean"),
        (3, "even", "a name that is not a schedule"),
        (4, 5, "a number, not a list"),
        (5, None, "null"),
        (6, [[1]], "a list inside the list"),
    )
    for players, value, why in not_schedules:
        yield case(
            next(ids),
            "22.2",
            f"{players} players, schedule {json.dumps(value)}: {why}; the configuration "
            "is refused",
            cfg(players, value),
            [],
            errors=_REFUSED_CONFIG,
        )

    # Rule 22.3: round r deals h_r cards; the dealer still passes left.
    yield case(
        next(ids),
        "22.3",
        "three players, schedule [3, 1]: round 1 deals 3 cards each; taken, and seat 1 bids",
        cfg(3, [3, 1]),
        [fill(3, 3, {}, "H13")],
        state={"phase": "bid", "current_player": 1, "round": 1},
    )
    yield case(
        next(ids),
        "22.3",
        "four players, schedule [5, 3, 1]: round 1 deals 5 cards each; taken",
        cfg(4, [5, 3, 1]),
        [fill(4, 5, {}, "H13")],
        state={"phase": "bid", "current_player": 1},
    )
    for players, schedule, rnd, dealer, scores, size in (
        (3, "odd", 2, 1, "20,30,-10", 3),
        (6, "odd", 3, 2, "40,50,10,60,20,0", 5),
        (3, "5,3,1", 2, 1, "20,70,-10", 3),
        (3, "5,3,1", 3, 2, "40,90,-20", 1),
        (5, "2,2,5", 3, 2, "40,50,10,60,0", 5),
    ):
        yield _at(
            next(ids),
            "22.3",
            f"{players} players, schedule {schedule}, before the deal of round {rnd}: a deal "
            f"of {_n(size, 'card')} each is taken, and the seat left of the dealer bids",
            before_deal(players, schedule, rnd, dealer, scores),
            [fill(players, size, {}, "H13")],
            state={"phase": "bid", "current_player": (dealer + 1) % players},
        )
    # Five players, odd schedule, first dealer 3: seat 3 takes round 1's
    # trick with S9 (bid 0: -10); round 2 is dealt by seat 4.
    yield _at(
        next(ids),
        "22.3",
        "five players, odd schedule, first dealer 3: after round 1, round 2 is dealt by seat 4",
        last_card(
            5,
            "odd",
            1,
            1,
            3,
            "0,0,0,0,0",
            "0,0,0,0,0",
            "0,0,0,0,0",
            4,
            ["S2", "S3", "S4", "S5"],
            "S9",
            "H1",
        ),
        [play(3, "S9")],
        state={"phase": "deal", "round": 2, "dealer": 4, "scores": [20, 20, 20, -10, 20]},
    )
    # Four players, schedule [1, 1, 1, 1], first dealer 2: round 3 is dealt
    # by seat 0; seat 3 takes its trick with D7 (bid 0: 40 - 10 = 30, the
    # others 40 + 20 = 60); round 4 is dealt by seat 1.
    yield _at(
        next(ids),
        "22.3",
        "four players, schedule [1, 1, 1, 1], first dealer 2: after round 3, round 4 is dealt "
        "by seat 1",
        last_card(
            4,
            "1,1,1,1",
            3,
            1,
            0,
            "40,40,40,40",
            "0,0,0,0",
            "0,0,0,0",
            1,
            ["D2", "D5", "D7"],
            "D3",
            "C1",
        ),
        [play(0, "D3")],
        state={"phase": "deal", "round": 4, "dealer": 1, "scores": [60, 60, 60, 30]},
    )
    # Three players, odd schedule, round 2 of 3 cards: seat 0 has won 2
    # tricks and leads W1 to the third, so takes all 3, as bid: 20 + 30 = 50;
    # seat 1 bid 1, won 0: -10; seat 2 bid 0, won 0: 20.
    yield _at(
        next(ids),
        "22.3",
        "three players, odd schedule, round 2 of 3 cards: a bid of 3 met scores 50",
        last_card(3, "odd", 2, 3, 1, "30,20,-10", "3,1,0", "2,0,0", 0, ["W1", "D4"], "D8", "C1"),
        [play(2, "D8")],
        state={"round_scores": [[50, -10, 20]], "scores": [80, 10, 10], "round": 3, "dealer": 2},
    )

    # Rule 22.4: a card is turned exactly when cards are left over.
    for players, rnd, dealer, scores, size, turned, state in (
        (
            3,
            10,
            0,
            "180,180,180",
            19,
            "S5",
            {"turned": "S5", "trump": "S", "phase": "bid", "current_player": 1},
        ),
        (
            5,
            6,
            0,
            "100,100,100,100,100",
            11,
            "W1",
            {"turned": "W1", "trump": None, "phase": "choose_trump"},
        ),
        (
            6,
            5,
            4,
            "80,80,80,80,80,80",
            9,
            "J1",
            {"turned": "J1", "trump": None, "phase": "bid", "current_player": 5},
        ),
        (
            4,
            8,
            3,
            "140,140,140,140",
            15,
            None,
            {"turned": None, "trump": None, "phase": "bid", "current_player": 0},
        ),
    ):
        left = 60 - players * size
        what = f"leaves {left} cards: {turned} is turned" if turned else "deals every card"
        yield _at(
            next(ids),
            "22.4",
            f"{players} players, odd schedule, the last round ({rnd}, {size} cards each) {what}",
            before_deal(players, "odd", rnd, dealer, scores),
            [fill(players, size, {}, turned)],
            state=state,
        )
    yield case(
        next(ids),
        "22.4",
        "four players, schedule [15, 1]: round 1 deals every card and turns none; no trump",
        cfg(4, [15, 1]),
        [fill(4, 15, {}, None)],
        state={"turned": None, "trump": None, "phase": "bid"},
    )
    yield _at(
        next(ids),
        "22.4",
        "four players, schedule [15, 1]: round 2, the last, deals 1 card each and turns H3",
        before_deal(4, "15,1", 2, 1, "20,20,20,170"),
        [fill(4, 1, {}, "H3")],
        state={"turned": "H3", "trump": "H", "phase": "bid", "current_player": 2},
    )
    yield case(
        next(ids),
        "22.4",
        "six players, schedule [10, 10]: round 1 deals every card and turns none",
        cfg(6, [10, 10]),
        [fill(6, 10, {}, None)],
        state={"turned": None, "trump": None, "phase": "bid"},
    )

    # Rule 22.5: bids from 0 to h_r; the bid-total rules compare with h_r.
    yield _at(
        next(ids),
        "22.5",
        "three players, odd schedule, round 2 of 3 cards: the first bidder may bid 0 to 3",
        bidding(3, "odd", 2, 3, 1, "20,20,20", "-,-,-"),
        [],
        state={"legal_actions": [bid(2, n) for n in range(4)]},
    )
    yield _at(
        next(ids),
        "22.5",
        "three players, odd schedule, round 2 of 3 cards: a bid of 3 is taken",
        bidding(3, "odd", 2, 3, 1, "20,20,20", "-,-,-"),
        [bid(2, 3)],
        state={"bids": [None, None, 3], "current_player": 0},
    )
    yield _at(
        next(ids),
        "22.5",
        "three players, odd schedule, round 2 of 3 cards: a bid of 4 is refused",
        bidding(3, "odd", 2, 3, 1, "20,20,20", "-,-,-"),
        [bid(2, 4)],
        errors=refused(0, "bid_out_of_range"),
        state={"bids": [None, None, None], "current_player": 2},
    )
    yield _at(
        next(ids),
        "22.5",
        "four players, schedule [5, 2], round 2 of 2 cards: the first bidder may bid 0 to 2",
        bidding(4, "5,2", 2, 2, 1, "20,70,-10,30", "-,-,-,-"),
        [],
        state={"legal_actions": [bid(2, n) for n in range(3)]},
    )
    yield _at(
        next(ids),
        "22.5",
        "four players, schedule [5, 2], round 2 of 2 cards: a bid of 3 is refused",
        bidding(4, "5,2", 2, 2, 1, "20,70,-10,30", "-,-,-,-"),
        [bid(2, 3)],
        errors=refused(0, "bid_out_of_range"),
        state={"current_player": 2},
    )
    yield _at(
        next(ids),
        "22.5",
        "six players, odd schedule, round 5 of 9 cards: a bid of 10 is refused, one of 9 taken",
        bidding(6, "odd", 5, 9, 4, "80,80,80,80,80,80", "-,-,-,-,-,-"),
        [bid(5, 10), bid(5, 9)],
        errors=refused(0, "bid_out_of_range"),
        state={"bids": [None, None, None, None, None, 9], "current_player": 0},
    )
    for players, schedule, rnd, size, dealer, scores, bids, options, legal, why in (
        (
            3,
            "odd",
            2,
            3,
            1,
            "20,30,-10",
            "1,-,0",
            "canadian_rule",
            [0, 1, 3],
            "the Canadian rule: the leading dealer may not bid 2 (3 - 1)",
        ),
        (
            4,
            "4,4",
            2,
            4,
            1,
            "20,60,30,-10",
            "2,-,1,1",
            "canadian_rule",
            [0, 1, 2, 3, 4],
            "the Canadian rule: the others bid 4, so the matching bid is 0, allowed",
        ),
        (
            4,
            "odd",
            3,
            5,
            2,
            "40,40,40,40",
            "1,1,-,1",
            "forbid_bid_total_match",
            [0, 1, 3, 4, 5],
            "the bid-total option: the dealer may not bid 2 (5 - 3)",
        ),
        (
            3,
            "2,1",
            2,
            1,
            1,
            "40,20,-10",
            "0,-,0",
            "forbid_bid_total_match",
            [0],
            "the bid-total option: the dealer may not bid 1 (1 - 0)",
        ),
        (
            3,
            "odd",
            2,
            3,
            1,
            "20,30,-10",
            "2,-,1",
            "forbid_bid_total_match,canadian_rule",
            [1, 2, 3],
            "both: the leading dealer may not bid 0 (3 - 3), the option forbids it",
        ),
    ):
        yield _at(
            next(ids),
            "22.5",
            f"{players} players, schedule {schedule}, round {rnd} of {_n(size, 'card')}, {why}",
            bidding(players, schedule, rnd, size, dealer, scores, bids, options),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )
    yield _at(
        next(ids),
        "22.5",
        "three players, odd schedule and the Canadian rule, round 2 of 3 cards: the leading "
        "dealer's bid of 2, making the total 3, is refused",
        bidding(3, "odd", 2, 3, 1, "20,30,-10", "1,-,0", "canadian_rule"),
        [bid(1, 2)],
        errors=refused(0, "bid_total_forbidden"),
        state={"current_player": 1, "phase": "bid"},
    )

    # Rule 22.6: a deal that does not fit the schedule is refused.
    for players, schedule, rnd, dealer, scores, deal, why in (
        (3, "odd", 2, 1, "20,30,-10", fill(3, 2, {}, "H13"), "of 2 cards each, not 3,"),
        (
            3,
            "odd",
            10,
            0,
            "180,180,180",
            fill(3, 19, {}, None),
            "that turns no card while 3 are left",
        ),
        (
            4,
            "odd",
            8,
            3,
            "140,140,140,140",
            {**fill(4, 15, {}, None), "turned": "W4"},
            "of every card that turns W4 too",
        ),
        (5, "4,4", 2, 1, "20,30,60,-10,-40", fill(5, 2, {}, "H13"), "of 2 cards each, not 4,"),
    ):
        yield _at(
            next(ids),
            "22.6",
            f"{players} players, schedule {schedule}, round {rnd}: a deal {why} is refused",
            before_deal(players, schedule, rnd, dealer, scores),
            [deal],
            errors=refused(0, "invalid_deal"),
            state={"phase": "deal", "round": rnd},
        )
    for players, schedule, deal, why in (
        (3, [5, 3, 1], fill(3, 1, {}, "H13"), "1 card each, not 5"),
        (4, [2], fill(4, 1, {}, "H13"), "1 card each, not 2"),
        (6, [10, 10], {**fill(6, 10, {}, None), "turned": "W4"}, "every card, W4 turned too"),
    ):
        yield case(
            next(ids),
            "22.6",
            f"{players} players, schedule {json.dumps(schedule)}: a first deal of {why}, "
            "is refused",
            cfg(players, schedule),
            [deal],
            errors=refused(0, "invalid_deal"),
            state={"phase": "deal", "round": 1},
        )

    # Rule 22.7: the game ends after the schedule's last round.
    # [2, 1], round 2: seat 1 takes the trick with W1.  Seat 0 bid 1, won 0:
    # 40 - 10 = 30; seat 1 bid 1, won 1: 20 + 30 = 50; seat 2 bid 0: -10 + 20 = 10.
    yield _at(
        next(ids),
        "22.7",
        "three players, schedule [2, 1]: the game ends after round 2; seat 1 wins",
        last_card(3, "2,1", 2, 1, 1, "40,20,-10", "1,1,0", "0,0,0", 2, ["D5", "D9"], "W1", "C1"),
        [play(1, "W1")],
        state={"phase": "game_over", "round": 2, "scores": [30, 50, 10], "winners": [1]},
    )
    # Odd, six players, round 5 of 9 cards, trump C: seat 1 takes the last
    # trick with H12 (H2 led).  Bids 2, 2, 3, 1, 0, 0; won 2, 2, 3, 1, 1, 0:
    # 40, 40, 50, 30, -10, 20 on 80 each.
    yield _at(
        next(ids),
        "22.7",
        "six players, odd schedule: the game ends after round 5 (9 cards); seat 2 wins",
        last_card(
            6,
            "odd",
            5,
            9,
            4,
            "80,80,80,80,80,80",
            "2,2,3,1,0,0",
            "2,1,3,1,1,0",
            2,
            ["H2", "H5", "H9", "S1", "H11"],
            "H12",
            "C13",
        ),
        [play(1, "H12")],
        state={
            "phase": "game_over",
            "round": 5,
            "scores": [120, 120, 130, 110, 70, 100],
            "winners": [2],
        },
    )
    # Odd, four players, round 8 of 15 cards, every card dealt, no trump:
    # seat 0 takes the last trick with W1.  Bids 4, 5, 4, 3; won 4, 5, 4, 2:
    # 60, 70, 60, -10 on 140, 150, 160, 170.
    yield _at(
        next(ids),
        "22.7",
        "four players, odd schedule: the game ends after round 8 (15 cards); seats 1 and 2 "
        "share the win",
        last_card(
            4,
            "odd",
            8,
            15,
            3,
            "140,150,160,170",
            "4,5,4,3",
            "3,5,4,2",
            1,
            ["S13", "S1", "J1"],
            "W1",
            None,
        ),
        [play(0, "W1")],
        state={
            "phase": "game_over",
            "round": 8,
            "scores": [200, 220, 220, 160],
            "winners": [1, 2],
        },
    )
    # [1, 1, 1], five players, round 2: seat 1 takes the trick with C6 (bid
    # 0: 20 - 10 = 10, the others 40); round 3 follows.
    yield _at(
        next(ids),
        "22.7",
        "five players, schedule [1, 1, 1]: after round 2 the game goes on to round 3",
        last_card(
            5,
            "1,1,1",
            2,
            1,
            1,
            "20,20,20,20,20",
            "0,0,0,0,0",
            "0,0,0,0,0",
            2,
            ["C2", "C3", "C4", "C5"],
            "C6",
            "D1",
        ),
        [play(1, "C6")],
        state={"phase": "deal", "round": 3, "dealer": 2, "scores": [40, 10, 40, 40, 40]},
    )

    # Rule 22.8: positions are read with the schedule.
    yield _broken(
        next(ids),
        "22.8",
        "six players, odd schedule (5 rounds): a position in round 6 cannot arise",
        before_deal(6, "1,1,1,1,1,1", 6, 5, "100,100,100,100,100,100"),
        {"schedule": "odd"},
    )
    yield _broken(
        next(ids),
        "22.8",
        "three players, schedule [1, 2]: a position in round 3 cannot arise",
        before_deal(3, "1,2,1", 3, 2, "40,40,40"),
        {"schedule": [1, 2]},
    )
    yield _broken(
        next(ids),
        "22.8",
        "three players, odd schedule, round 2: hands of 2 cards, not 3, cannot arise",
        bidding(3, "2,2", 2, 2, 1, "20,30,-10", "-,-,-"),
        {"schedule": "odd"},
    )
    yield _broken(
        next(ids),
        "22.8",
        "five players, odd schedule, round 6 (11 cards each, 5 left): no card turned cannot arise",
        bidding(5, "odd", 6, 11, 0, "100,100,100,100,100", "-,-,-,-,-"),
        {},
        turned=None,
        trump=None,
    )
    yield _broken(
        next(ids),
        "22.8",
        "four players, odd schedule, round 2 of 3 cards: a bid of 4 cannot arise",
        bidding(4, "odd", 2, 3, 1, "20,30,-10,20", "-,-,3,-"),
        {},
        bids=[None, None, 4, None],
    )
    yield _broken(
        next(ids),
        "22.8",
        "three players, schedule [1, 3], round 2: a score of 40 after one round of 1 card "
        "cannot arise",
        bidding(3, "1,3", 2, 3, 1, "30,20,-10", "-,-,-"),
        {},
        scores=[40, 20, -10],
    )
    yield _at(
        next(ids),
        "22.8",
        "three players, odd schedule, round 2 of 3 cards, seat 2 has bid 3: the position can "
        "arise",
        bidding(3, "odd", 2, 3, 1, "20,30,-10", "-,-,3"),
        [],
        state={"phase": "bid", "current_player": 0},
    )
    yield _at(
        next(ids),
        "22.8",
        "four players, schedule [5, 5], round 2: a score of 70 after a round of 5 cards can arise",
        bidding(4, "5,5", 2, 5, 1, "20,70,-10,30", "-,-,-,-"),
        [],
        state={"phase": "bid", "current_player": 2, "scores": [20, 70, -10, 30]},
    )
    yield _at(
        next(ids),
        "22.8",
        "four players, odd schedule, round 8 (every card dealt): no card turned can arise",
        bidding(4, "odd", 8, 15, 3, "140,140,140,140", "-,-,-,-"),
        [],
        state={"phase": "bid", "turned": None, "trump": None},
    )

    # Rule 1.4: the schedule in the position notation.
    for text, expected in (
        (
            bidding(3, "odd", 2, 3, 1, "20,20,20", "-,-,-"),
            "players=3 schedule=odd round=2 dealer=1 scores=20,20,20 "
            "hands=C1,C2,C3/C4,C5,C6/C7,C8,C9 turned=H13 trump=H bids=-,-,- won=0,0,0 "
            "played=- trick=- leader=2",
        ),
        (
            before_deal(3, "5,3,1", 2, 1, "20,70,-10"),
            "players=3 schedule=5,3,1 round=2 dealer=1 scores=20,70,-10 hands=-/-/- "
            "turned=- trump=- bids=-,-,- won=0,0,0 played=- trick=- leader=2",
        ),
        (
            bidding(3, "odd", 2, 3, 1, "20,30,-10", "1,-,0", "canadian_rule"),
            "players=3 options=canadian_rule schedule=odd round=2 dealer=1 scores=20,30,-10 "
            "hands=C1,C2,C3/C4,C5,C6/C7,C8,C9 turned=H13 trump=H bids=1,-,0 won=0,0,0 "
            "played=- trick=- leader=2",
        ),
    ):
        schedule = expected.split("schedule=", 1)[1].split(" ", 1)[0]
        yield _at(
            next(ids),
            "1.4",
            f"a position of a game with schedule {schedule}, in the canonical notation: "
            f"schedule={schedule}, after the options",
            text,
            [],
            state={"position": expected},
        )
