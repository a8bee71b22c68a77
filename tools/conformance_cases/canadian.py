"""The ``canadian`` area: the variant of the Canadian rule (rules 21.1 to 21.7).

Every case but those of refused configurations starts from a position in the
bid phase of a round (or, for rule 21.6, in its play phase), with the
others' bids made (``-`` for a bid not yet made) and the scores so far
chosen to make the dealer lead outright, share the lead, or trail.  The
expected bids are written out by hand in the tables below, from rules 21.1
to 21.5 (``h`` the round's hand size, ``t`` the others' bids): the dealer
who leads outright lacks the bid ``h - t`` unless it is 0 or ``t > h``;
with the bid-total option on as well, the dealer lacks ``h - t`` in any case.
:func:`_matching` only checks the tables against that sentence, so that a
typing slip cannot pass unseen; the library is used only to write and check
the positions (``pos``)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from itertools import count

from .common import Json, area, bid, case, pos, refused
from .common import case_at as _at

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

CANADIAN = "canadian_rule"
BOTH = "forbid_bid_total_match,canadian_rule"

# Hands for a round of h cards and n players (trump H13 turned): seat by
# seat, low cards first; H13 is in a hand only when every card is dealt.
_LOW = (
    [f"C{r}" for r in range(1, 14)]
    + [f"D{r}" for r in range(1, 14)]
    + [f"S{r}" for r in range(1, 14)]
    + [f"H{r}" for r in range(1, 13)]
    + [f"J{n}" for n in range(1, 5)]
    + [f"W{n}" for n in range(1, 5)]
)


def hands(players: int, size: int) -> str:
    """The hands written seat by seat, ``size`` cards each, from C1 up."""
    cards = [*_LOW, "H13"]
    return "/".join(",".join(cards[s * size : (s + 1) * size]) for s in range(players))


def at(
    players: int,
    rnd: int,
    dealer: int,
    scores: str,
    bids: str,
    *,
    options: str = CANADIAN,
    schedule: str = "",
    size: int | None = None,
) -> str:
    """The bid phase of round ``rnd`` (``size`` cards each, by default ``rnd``),
    H13 turned unless every card is dealt, in the one-line notation."""
    size = rnd if size is None else size
    turned = "" if players * size == 60 else " turned=H13"
    opts = f" options={options}" if options else ""
    sched = f" schedule={schedule}" if schedule else ""
    return (
        f"players={players}{opts}{sched} round={rnd} dealer={dealer} scores={scores} "
        f"hands={hands(players, size)}{turned} bids={bids}"
    )


def _ints(text: str) -> list[int]:
    return [int(value) for value in text.split(",")]


def _others(bids: str) -> int:
    return sum(int(b) for b in bids.split(",") if b != "-")


def _leads(scores: str, dealer: int) -> bool:
    values = _ints(scores)
    return all(values[dealer] > v for s, v in enumerate(values) if s != dealer)


def _matching(
    size: int, scores: str, bids: str, dealer: int, legal: Sequence[int], option: bool = False
) -> None:
    """Check a table row against rules 21.1 to 21.5 as stated in the module docstring."""
    t = _others(bids)
    forbidden = set()
    if t <= size and (option or (_leads(scores, dealer) and size - t != 0)):
        forbidden.add(size - t)
    assert list(legal) == [n for n in range(size + 1) if n not in forbidden], (scores, bids)


def _with_config(start: Json, **fields: object) -> Json:
    """A position whose configuration has ``fields`` added (the notation cannot write them)."""
    return {**start, "config": {**start["config"], **fields}}


@area("canadian", "The variant of the Canadian rule (rules 21.1 to 21.7).")
def canadian_area() -> Iterator[Json]:
    ids = (f"canadian.{n:03d}" for n in count(1))

    # Rule 21.1: a dealer who leads outright lacks the one bid h - t.
    for players, rnd, dealer, scores, bids, legal in (
        (3, 2, 1, "20,30,-10", "1,-,0", [0, 2]),
        (4, 3, 2, "40,10,60,50", "1,0,-,1", [0, 2, 3]),
        (5, 4, 3, "30,0,50,70,40", "1,1,0,-,1", [0, 2, 3, 4]),
        (6, 5, 0, "90,80,80,20,-30,40", "-,1,0,1,0,0", [0, 1, 2, 4, 5]),
        (4, 8, 3, "100,120,90,150", "2,2,1,-", [0, 1, 2, 4, 5, 6, 7, 8]),
        (5, 2, 4, "20,20,-10,-10,30", "0,1,0,0,-", [0, 2]),
        (4, 4, 0, "-10,-20,-30,-20", "-,1,1,0", [0, 1, 3, 4]),
        (3, 20, 1, "300,420,410", "6,-,7", [n for n in range(21) if n != 7]),
    ):
        _matching(rnd, scores, bids, dealer, legal)
        total = _others(bids)
        dealer_score = _ints(scores)[dealer]
        last = " (the last)" if players * rnd == 60 else ""
        yield _at(
            next(ids),
            "21.1",
            f"{players} players, round {rnd}{last}: the dealer (seat {dealer}, {dealer_score}) "
            f"leads outright ({scores}); the others bid {total}: the dealer may bid anything "
            f"but {rnd - total}",
            at(players, rnd, dealer, scores, bids),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )
    for players, rnd, dealer, scores, bids in (
        (3, 2, 1, "20,30,-10", "1,-,0"),
        (6, 5, 0, "90,80,80,20,-30,40", "-,1,0,1,0,0"),
        (4, 4, 0, "-10,-20,-30,-20", "-,1,1,0"),
    ):
        total = _others(bids)
        yield _at(
            next(ids),
            "21.1",
            f"{players} players, round {rnd}: the dealer (seat {dealer}) leads outright "
            f"({scores}); the dealer's bid of {rnd - total}, making the total {rnd}, is refused",
            at(players, rnd, dealer, scores, bids),
            [bid(dealer, rnd - total)],
            errors=refused(0, "bid_total_forbidden"),
            state={"current_player": dealer, "phase": "bid"},
        )
    yield _at(
        next(ids),
        "21.1",
        "three players, round 2: the leading dealer's matching bid of 1 is refused; "
        "a bid of 2 is then taken and play begins",
        at(3, 2, 1, "20,30,-10", "1,-,0"),
        [bid(1, 1), bid(1, 2)],
        errors=refused(0, "bid_total_forbidden"),
        state={"bids": [1, 2, 0], "phase": "play"},
    )
    yield _at(
        next(ids),
        "21.1",
        "four players, round 4: the leading dealer completes a total of 3, not 4; it is taken",
        at(4, 4, 3, "60,50,40,70", "1,1,0,-"),
        [bid(3, 1)],
        state={"bids": [1, 1, 0, 1], "phase": "play"},
    )

    # Rule 21.2: a dealer who shares the lead, trails, or bids in round 1 is free.
    for players, rnd, dealer, scores, bids, why in (
        (3, 2, 1, "30,30,20", "1,-,0", "shares the highest total with seat 0"),
        (4, 3, 2, "60,10,60,50", "1,0,-,1", "shares the highest total with seat 0"),
        (6, 4, 3, "60,60,60,60,60,60", "1,1,0,-,1,0", "shares the highest total with everyone"),
        (4, 3, 2, "40,70,60,50", "1,0,-,1", "trails seat 1"),
        (5, 6, 0, "20,100,110,90,80", "-,1,1,2,1", "trails three seats"),
        (4, 4, 0, "-20,-10,-30,-20", "-,1,1,0", "trails seat 1 (-20 against -10)"),
        (3, 1, 0, "0,0,0", "-,0,0", "bids in round 1, where every total is 0"),
        (4, 1, 2, "0,0,0,0", "0,0,-,0", "bids in round 1, where every total is 0"),
        (6, 1, 5, "0,0,0,0,0,0", "0,0,0,0,0,-", "bids in round 1, where every total is 0"),
    ):
        total = _others(bids)
        legal = list(range(rnd + 1))
        _matching(rnd, scores, bids, dealer, legal)
        yield _at(
            next(ids),
            "21.2",
            f"{players} players, round {rnd} ({scores}): the dealer (seat {dealer}) {why}, so "
            f"does not lead outright: any bid from 0 to {rnd}, the matching {rnd - total} too",
            at(players, rnd, dealer, scores, bids),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )
    for players, rnd, dealer, scores, bids, why in (
        (3, 2, 1, "30,30,20", "1,-,0", "shares the lead"),
        (5, 6, 0, "20,100,110,90,80", "-,1,1,2,1", "trails"),
        (5, 1, 0, "0,0,0,0,0", "-,0,0,0,0", "bids in round 1"),
    ):
        values = [int(b) if b != "-" else 0 for b in bids.split(",")]
        values[dealer] = rnd - sum(values)
        yield _at(
            next(ids),
            "21.2",
            f"{players} players, round {rnd} ({scores}): the dealer {why}; their bid of "
            f"{values[dealer]}, making the total {rnd}, is taken and play begins",
            at(players, rnd, dealer, scores, bids),
            [bid(dealer, values[dealer])],
            state={"bids": values, "phase": "play"},
        )

    # Rule 21.3: a bid of zero is always allowed.
    for players, rnd, dealer, scores, bids in (
        (3, 2, 1, "20,30,-10", "2,-,0"),
        (4, 3, 2, "40,10,60,50", "1,1,-,1"),
        (5, 4, 3, "30,0,50,70,40", "1,1,1,-,1"),
        (6, 2, 0, "30,20,20,-10,20,-10", "-,1,0,0,0,1"),
    ):
        legal = list(range(rnd + 1))
        _matching(rnd, scores, bids, dealer, legal)
        yield _at(
            next(ids),
            "21.3",
            f"{players} players, round {rnd}: the dealer (seat {dealer}) leads outright "
            f"({scores}) and the others bid {rnd}: the matching bid is 0, always allowed; "
            f"any bid from 0 to {rnd}",
            at(players, rnd, dealer, scores, bids),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )
    for players, rnd, dealer, scores, bids in (
        (3, 2, 1, "20,30,-10", "2,-,0"),
        (6, 2, 0, "30,20,20,-10,20,-10", "-,1,0,0,0,1"),
    ):
        values = [int(b) if b != "-" else 0 for b in bids.split(",")]
        values[dealer] = 0
        yield _at(
            next(ids),
            "21.3",
            f"{players} players, round {rnd}: the leading dealer bids 0, making the total "
            f"{rnd}; it is taken and play begins",
            at(players, rnd, dealer, scores, bids),
            [bid(dealer, 0)],
            state={"bids": values, "phase": "play"},
        )

    # Rule 21.4: everyone else bids freely; the dealer too when t > h.
    for players, rnd, dealer, scores, bids, bidder in (
        (4, 3, 2, "40,70,60,50", "1,-,-,1", 1),
        (3, 2, 1, "20,30,-10", "-,-,-", 2),
        (5, 3, 4, "60,50,40,30,20", "-,-,-,-,-", 0),
    ):
        yield _at(
            next(ids),
            "21.4",
            f"{players} players, round {rnd} ({scores}): seat {bidder}, not the dealer "
            f"(seat {dealer}), may bid anything from 0 to {rnd}",
            at(players, rnd, dealer, scores, bids),
            [],
            state={"legal_actions": [bid(bidder, n) for n in range(rnd + 1)]},
        )
    for players, rnd, dealer, scores, bids in (
        (3, 2, 1, "20,30,-10", "2,-,1"),
        (5, 3, 4, "20,10,0,30,50", "2,1,1,0,-"),
        (6, 4, 3, "40,30,50,80,40,30", "1,1,1,-,1,1"),
    ):
        legal = list(range(rnd + 1))
        _matching(rnd, scores, bids, dealer, legal)
        total = _others(bids)
        yield _at(
            next(ids),
            "21.4",
            f"{players} players, round {rnd}: the dealer (seat {dealer}) leads outright "
            f"({scores}), but the others bid {total}, more than {rnd}: any bid",
            at(players, rnd, dealer, scores, bids),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )

    # Rule 21.5: with the bid-total option as well, each forbids what it forbids.
    for players, rnd, dealer, scores, bids, legal, why in (
        (4, 3, 2, "40,70,60,50", "1,0,-,1", [0, 2, 3], "trails, but the option forbids 1"),
        (4, 3, 2, "60,10,60,50", "1,0,-,1", [0, 2, 3], "shares the lead; the option forbids 1"),
        (3, 2, 1, "20,30,-10", "2,-,0", [1, 2], "leads; the option forbids even 0"),
        (5, 4, 3, "30,0,50,70,40", "1,1,1,-,1", [1, 2, 3, 4], "leads; the option forbids 0"),
        (4, 3, 2, "40,10,60,50", "1,0,-,1", [0, 2, 3], "leads; both forbid 1"),
        (3, 1, 0, "0,0,0", "-,0,0", [0], "bids in round 1; the option forbids 1"),
        (5, 3, 4, "20,10,0,30,50", "2,1,1,0,-", [0, 1, 2, 3], "leads; the others bid 4"),
    ):
        _matching(rnd, scores, bids, dealer, legal, option=True)
        yield _at(
            next(ids),
            "21.5",
            f"bid-total option and Canadian rule, {players} players, round {rnd} ({scores}): "
            f"the dealer (seat {dealer}) {why}",
            at(players, rnd, dealer, scores, bids, options=BOTH),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )
    yield _at(
        next(ids),
        "21.5",
        "bid-total option and Canadian rule, three players, round 2: the leading dealer's "
        "matching bid of 0 is refused (the option forbids it)",
        at(3, 2, 1, "20,30,-10", "2,-,0", options=BOTH),
        [bid(1, 0)],
        errors=refused(0, "bid_total_forbidden"),
        state={"current_player": 1, "phase": "bid"},
    )
    yield _at(
        next(ids),
        "21.5",
        "bid-total option and Canadian rule, four players, round 3: the trailing dealer's "
        "matching bid of 1 is refused (the option forbids it)",
        at(4, 3, 2, "40,70,60,50", "1,0,-,1", options=BOTH),
        [bid(2, 1)],
        errors=refused(0, "bid_total_forbidden"),
        state={"current_player": 2, "phase": "bid"},
    )

    # Rule 21.6: a position whose bids the variant forbids cannot arise.
    for players, rnd, dealer, scores, bids in (
        (3, 2, 1, "20,30,-10", "1,1,0"),
        (4, 3, 2, "40,10,60,50", "1,0,1,1"),
        (5, 2, 4, "20,20,-10,-10,30", "0,1,0,0,1"),
        (6, 3, 0, "50,40,40,10,0,-20", "2,0,0,0,0,1"),
    ):
        assert sum(_ints(bids)) == rnd
        assert _ints(bids)[dealer] != 0
        assert _leads(scores, dealer)
        yield _refused_position(
            next(ids),
            "21.6",
            f"{players} players, round {rnd}: the dealer (seat {dealer}) leads outright "
            f"({scores}) and bid {_ints(bids)[dealer]}, so that the bids ({bids}) add up to "
            f"{rnd}: the position cannot arise",
            at(players, rnd, dealer, scores, bids, options=""),
        )
    for players, rnd, dealer, scores, bids, why in (
        (3, 2, 1, "20,30,-10", "2,0,0", "leads outright, but bid 0"),
        (4, 3, 2, "60,10,60,50", "1,0,1,1", "shares the lead"),
        (5, 2, 4, "20,30,-10,-10,30", "0,1,0,0,1", "shares the lead"),
    ):
        yield _at(
            next(ids),
            "21.6",
            f"{players} players, round {rnd} ({scores}): the bids ({bids}) add up to {rnd}; "
            f"the dealer (seat {dealer}) {why}: the position can arise, and play is on",
            at(players, rnd, dealer, scores, bids),
            [],
            state={"phase": "play", "current_player": (dealer + 1) % players},
        )

    # Rule 21.7: canadian_rule is true or false.
    start = pos(at(3, 2, 1, "20,30,-10", "1,-,0", options=""))
    off = _with_config(start, canadian_rule=False)
    yield case(
        next(ids),
        "21.7",
        'three players, round 2, "canadian_rule": false: the leading dealer may make the '
        "bids match (the variant is off)",
        off["config"],
        [],
        start=off,
        state={"legal_actions": [bid(1, n) for n in range(3)]},
    )
    for players, value in ((3, 1), (4, "true"), (5, None), (6, [True])):
        yield case(
            next(ids),
            "21.7",
            f'"canadian_rule": {_json(value)} is neither true nor false: the configuration '
            "is refused",
            {"players": players, "first_dealer": 0, "canadian_rule": value},
            [],
            errors=refused_config(),
        )

    # Rule 1.4: the variant in the position notation.
    yield from _notation_cases(ids)


def _notation_cases(ids: Iterator[str]) -> Iterator[Json]:
    """Rule 1.4: the canonical text names the options in the order of its grammar."""
    yield _at(
        next(ids),
        "1.4",
        "the position of a game with the Canadian rule and the bid-total option, in the "
        "canonical notation: options=canadian_rule,forbid_bid_total_match",
        at(4, 3, 2, "40,10,60,50", "1,0,-,1", options="forbid_bid_total_match,canadian_rule"),
        [],
        state={
            "position": "players=4 options=canadian_rule,forbid_bid_total_match round=3 "
            "dealer=2 scores=40,10,60,50 hands=C1,C2,C3/C4,C5,C6/C7,C8,C9/C10,C11,C12 "
            "turned=H13 trump=H bids=1,0,-,1 won=0,0,0,0 played=- trick=- leader=3"
        },
    )


def _refused_position(case_id: str, rule: str, description: str, text: str) -> Json:
    """A position the rule says cannot arise, refused with ``invalid_position``.

    ``pos`` refuses such a position, so it is written without the variant
    (``text``), where it can arise, and the variant is put into its
    configuration.
    """
    start = _with_config(pos(text), canadian_rule=True)
    return case(
        case_id,
        rule,
        description,
        start["config"],
        [],
        start=start,
        errors=[{"at": None, "code": "invalid_position"}],
    )


def refused_config() -> list[Json]:
    """A configuration refused: ``invalid_config`` at the start."""
    return [{"at": None, "code": "invalid_config"}]


def _json(value: object) -> str:
    return json.dumps(value)
