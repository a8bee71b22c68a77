"""The ``clairvoyance`` area: the variant clairvoyance (rules 26.1 to 26.6).

The cases start at the first deal: in round 1 a seat sees every other card
and not its own (rule 26.2, observed with ``views``); no seat plays in
round 1, whose trick plays itself when the last bid is made (rule 26.3).
The trick's winner and the scores are worked out by hand below, from rules
5.1 (the seat left of the dealer leads), 6, 8 and 9, and checked against
rule 9 by ``hiding.score``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .common import Json, area, bid, case, deal, play, pos, trump
from .common import case_at as at
from .hiding import all_but_own, open_views, score, view

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


def _cfg(players: int = 3, dealer: int = 0, **more: object) -> Json:
    return {
        "players": players,
        "first_dealer": dealer,
        "forbid_bid_total_match": False,
        "clairvoyance": True,
        **more,
    }


def _refused_config(code: str) -> list[Json]:
    return [{"at": None, "code": code}]


def _blind_views(cards: list[str], bids: list[int | None]) -> list[Json]:
    held = [[card] for card in cards]
    return [view(all_but_own(held, s), bids) for s in range(len(cards))]


@area("clairvoyance", "The variant clairvoyance (rules 26.1 to 26.6).")
def clairvoyance_area() -> Iterator[Json]:
    ids = (f"clairvoyance.{n:03d}" for n in count(1))

    # Rule 26.2: in round 1 a seat sees every other card, not its own.
    for players, dealer, cards, turned in (
        (3, 0, ["H5", "C9", "W1"], "S3"),
        (4, 1, ["J1", "D13", "C2", "S7"], "H9"),
        (5, 4, ["C1", "C2", "C3", "C4", "C5"], "J2"),
        (6, 2, ["W1", "W2", "J1", "J2", "H1", "S13"], "D4"),
    ):
        yield case(
            next(ids),
            "26.2",
            f"{players} players, round 1, first dealer {dealer}: after the deal each seat "
            "sees the others' cards and not its own",
            _cfg(players, dealer),
            [deal(cards, turned)],
            state={
                "phase": "bid",
                "current_player": (dealer + 1) % players,
                "views": _blind_views(cards, [None] * players),
            },
        )
    first = deal(["H5", "C9", "W1"], "S3")
    yield case(
        next(ids),
        "26.2",
        "3 players, round 1: seats 1 and 2 bid 0 and 1; the bids are seen as in the base "
        "game, the cards as after the deal",
        _cfg(),
        [first, bid(1, 0), bid(2, 1)],
        state={"views": _blind_views(["H5", "C9", "W1"], [None, 0, 1])},
    )

    # Rule 26.3: no play in round 1; the trick plays itself with the last bid.
    two_bids = "players=3 options=clairvoyance hands=H5/C9/W1 turned=S3 bids=-,1,1"
    yield at(
        next(ids),
        "26.3",
        "3 players, round 1, bids -,1,1: before the last bid the dealer may only bid; a card "
        "played is refused with wrong_phase",
        two_bids,
        [play(1, "C9")],
        errors=[{"at": 0, "code": "wrong_phase"}],
        state={"phase": "bid", "current_player": 0, "legal_actions": [bid(0, 0), bid(0, 1)]},
    )
    # (players, first dealer, cards by seat, turned, bids by seat, winner, why)
    rows: list[tuple[int, int, list[str], str, list[int], int, str]] = [
        (3, 0, ["H5", "C9", "W1"], "S3", [1, 0, 1], 2, "C9, W1, H5: the Wizard wins"),
        (3, 0, ["H5", "C9", "C12"], "H3", [0, 1, 1], 0, "C9, C12, H5 (trump H): the trump wins"),
        (
            3,
            0,
            ["H5", "C9", "C12"],
            "S3",
            [1, 0, 1],
            2,
            "C9, C12, H5 (trump S): the highest club wins",
        ),
        (3, 0, ["J3", "J1", "J2"], "C1", [1, 1, 0], 1, "J1, J2, J3: the first Jester wins"),
        (
            3,
            0,
            ["C2", "J1", "D7"],
            "S3",
            [0, 0, 0],
            2,
            "J1, D7, C2: D7 sets the led suit and wins",
        ),
        (
            4,
            2,
            ["S1", "S13", "C4", "H2"],
            "H1",
            [1, 0, 1, 0],
            3,
            "H2 (seat 3 leads), S1, S13, C4 (trump H): H2, the one trump, wins",
        ),
        (
            5,
            1,
            ["D3", "C1", "D9", "J4", "W3"],
            "D1",
            [0, 0, 1, 0, 1],
            4,
            "D9, J4, W3, D3, C1 (led by seat 2): the Wizard wins",
        ),
        (
            6,
            5,
            ["C5", "C7", "C9", "C11", "C13", "C3"],
            "J1",
            [0, 0, 0, 0, 1, 1],
            4,
            "C5 (seat 0 leads), C7, C9, C11, C13, C3 (no trump): C13 wins",
        ),
    ]
    for players, dealer, cards, turned, bids, winner, why in rows:
        order = [(dealer + 1 + k) % players for k in range(players)]
        won = [1 if s == winner else 0 for s in range(players)]
        scores = [score(bids[s], won[s]) for s in range(players)]
        yield case(
            next(ids),
            "26.3",
            f"{players} players, round 1 (cards {','.join(cards)} by seat, turned {turned}): "
            f"the last bid plays the trick, {why}; scores {','.join(map(str, scores))}",
            _cfg(players, dealer),
            [deal(cards, turned), *(bid(s, bids[s]) for s in order)],
            state={
                "phase": "deal",
                "round": 2,
                "current_player": None,
                "round_bids": [bids],
                "round_trick_winners": [[winner]],
                "round_scores": [scores],
                "scores": scores,
            },
        )
    yield at(
        next(ids),
        "26.3",
        "3 players, round 1, bids -,1,1: after the dealer's bid of 0 the trick is over; a card "
        "played then is refused with wrong_phase (the next deal is due)",
        two_bids,
        [bid(0, 0), play(1, "C9")],
        errors=[{"at": 1, "code": "wrong_phase"}],
        state={"phase": "deal", "round": 2, "scores": [20, -10, 30]},
    )
    # Rule 26.3: from round 2 on, the base game's play.
    yield at(
        next(ids),
        "26.3",
        "3 players, round 2 under clairvoyance, every bid made: seat 2 leads and may play S1 "
        "or S2, as in the base game",
        "players=3 options=clairvoyance round=2 dealer=1 scores=20,20,30 "
        "hands=H1,H2/C1,C2/S1,S2 turned=D5 bids=0,1,0",
        [],
        state={
            "phase": "play",
            "current_player": 2,
            "legal_actions": [play(2, "S1"), play(2, "S2")],
        },
    )

    # Rule 26.4: the trump choice in round 1 is made blind.
    wizard = deal(["H5", "C9", "C12"], "W2")
    yield case(
        next(ids),
        "26.4",
        "3 players, round 1, a Wizard turned: the dealer names trump seeing the others' "
        "cards and not its own",
        _cfg(),
        [wizard],
        state={
            "phase": "choose_trump",
            "current_player": 0,
            "views": _blind_views(["H5", "C9", "C12"], [None, None, None]),
        },
    )
    assert [score(0, 0), score(1, 0), score(1, 1)] == [20, -10, 30]
    yield case(
        next(ids),
        "26.4",
        "3 players, round 1, a Wizard turned, the dealer names clubs: C9, C12, H5; C12 wins; "
        "scores 20,-10,30",
        _cfg(),
        [wizard, trump(0, "C"), bid(1, 1), bid(2, 1), bid(0, 0)],
        state={"phase": "deal", "round_trick_winners": [[2]], "scores": [20, -10, 30]},
    )

    # Rule 26.5: a position of round 1 with every bid made cannot arise.  ``pos``
    # refuses it under the variant, so it is written without it and the variant
    # put into its configuration.
    done = pos("players=3 hands=H5/C9/W1 turned=S3 bids=0,0,1")
    done = {**done, "config": {**done["config"], "clairvoyance": True}}
    yield case(
        next(ids),
        "26.5",
        "3 players, round 1, every bid made: the trick would have played itself; the "
        "position cannot arise",
        done["config"],
        [],
        start=done,
        errors=_refused_config("invalid_position"),
    )
    yield at(
        next(ids),
        "26.5",
        "3 players, round 1, two bids made: the position can arise; the dealer bids, and "
        "each seat sees the others' cards",
        "players=3 options=clairvoyance hands=H5/C9/W1 turned=S3 bids=-,1,1",
        [],
        state={
            "legal_actions": [bid(0, 0), bid(0, 1)],
            "views": _blind_views(["H5", "C9", "W1"], [None, 1, 1]),
        },
    )
    yield at(
        next(ids),
        "26.5",
        "3 players, round 2 under clairvoyance: an ordinary position; seat 2 leads",
        "players=3 options=clairvoyance round=2 dealer=1 scores=20,20,30 "
        "hands=C1,C2/C3,C4/C5,C6 turned=H13 bids=0,1,0",
        [],
        state={
            "current_player": 2,
            "views": open_views([["C1", "C2"], ["C3", "C4"], ["C5", "C6"]], [0, 1, 0]),
        },
    )

    # Rule 26.1: round 1 must deal one card each.
    for schedule in ([2, 1], [3], [2, 4, 6]):
        yield case(
            next(ids),
            "26.1",
            f"clairvoyance with the schedule {schedule}, whose round 1 deals "
            f"{schedule[0]} cards: invalid_config",
            _cfg(schedule=schedule),
            [],
            errors=_refused_config("invalid_config"),
        )
    for schedule_value in ("odd", [1, 5]):
        yield case(
            next(ids),
            "26.1",
            f"clairvoyance with the schedule {schedule_value!r}, whose round 1 deals one "
            "card: the game starts, round 1 blind",
            _cfg(schedule=schedule_value),
            [deal(["H5", "C9", "W1"], "S3")],
            state={"views": _blind_views(["H5", "C9", "W1"], [None, None, None])},
        )

    # Rule 26.6: true or false.
    for value in (1, "on"):
        yield case(
            next(ids),
            "26.6",
            f"clairvoyance {value!r} is neither true nor false: invalid_config",
            {**_cfg(), "clairvoyance": value},
            [],
            errors=_refused_config("invalid_config"),
        )
    yield case(
        next(ids),
        "26.6",
        "clairvoyance false is the base game: in round 1 each seat sees its own card, and "
        "the round is played",
        {**_cfg(), "clairvoyance": False},
        [first, bid(1, 0), bid(2, 1), bid(0, 1)],
        state={
            "phase": "play",
            "views": open_views([["H5"], ["C9"], ["W1"]], [1, 0, 1]),
        },
    )
