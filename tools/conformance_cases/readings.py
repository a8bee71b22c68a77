"""The ``readings`` area: the points the sources leave open, one group of cases per point.

Each group (the fixed convention the reading detector reads) is one case per
value of a reading, with the same ``given`` except the configuration's
``readings`` (none for the default value), each tagged
``reading:NAME=VALUE`` and expecting what that value makes of it; the
description of each case works its expectation out.  The readings:
``bomb_leader`` (rule 31.3), ``cloud_timing`` (34.3), ``effect_order``
(40.2), ``vampire_under_werewolf`` (37.3) and ``juggler_last_trick`` (33.4,
one value).  The area ends with configurations whose readings are refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count
from typing import Any

from .cards import acase, bids, cfg, change_bid, one_trick, plays, reading_group, reveal, werewolf
from .common import Json, area, deal, fill

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


def _config(cards: list[str], players: int = 3, **more: Any) -> Any:
    return lambda readings: cfg(cards, players, readings=readings, **more)


@area(
    "readings",
    "The readings: one group of cases per disputed point (rules 31.3, 33.4, 34.3, 37.3 and 40.2).",
)
def readings_area() -> Iterator[Json]:
    ids = (f"readings.{n:03d}" for n in count(1))

    # Rule 31.3: who leads after a Bomb's trick holding the Dragon and the Fairy.
    for players, hands, specs, turned, would, highest in (
        (
            3,
            {1: "Bomb C4", 2: "Dragon C5", 0: "Fairy C6"},
            ["Bomb", "Dragon", "Fairy"],
            "S13",
            0,
            2,
        ),
        (
            4,
            {1: "Dragon C2", 2: "Bomb C3", 3: "W1 C4", 0: "Fairy C5"},
            ["Dragon", "Bomb", "W1", "Fairy"],
            "S13",
            0,
            1,
        ),
        (
            4,
            {1: "Fairy C2", 2: "H13 C3", 3: "Bomb C4", 0: "Dragon C5"},
            ["Fairy", "H13", "Bomb", "Dragon"],
            "H1",
            1,
            0,
        ),
    ):
        yield from reading_group(
            ids,
            "31.3",
            "bomb_leader",
            f"{players} players, schedule [2], turned {turned}: trick 1 is {', '.join(specs)} "
            "from seat 1: nobody wins it (the Bomb)",
            ["dragon", "fairy", "bomb"],
            _config(["dragon", "fairy", "bomb"], players, schedule=[2]),
            [
                fill(players, 2, hands, turned),
                *bids(players, 0, [0] * players),
                *plays(players, 1, specs),
            ],
            {
                "would_have_won": {
                    "why": f"without the Bomb the Fairy would have won the Dragon's trick: its "
                    f"seat, {would}, leads trick 2",
                    "state": {"trick_winners": [None], "leader": would, "current_player": would},
                },
                "highest_card": {
                    "why": f"the highest card is the Dragon: its seat, {highest}, leads trick 2",
                    "state": {
                        "trick_winners": [None],
                        "leader": highest,
                        "current_player": highest,
                    },
                },
            },
        )

    # Rule 34.3: when the Cloud's bid change is made.
    cloud_round = [
        fill(3, 2, {1: "Cloud C4", 2: "C2 D6", 0: "C3 H7"}, "S13"),
    ]
    trick1 = plays(3, 1, ["Cloud=C", "C2", "C3"])
    trick2 = plays(3, 1, ["C4", "D6", "H7"])
    base = "schedule [2], turned S13: seat 1 holds the Cloud and C4, seat 2 C2 and D6, seat 0 C3 and H7"
    yield from reading_group(
        ids,
        "34.3",
        "cloud_timing",
        f"{base}; seat 1 bids 1, the others 0; trick 1: the Cloud (Clubs, 9 3/4), C2, C3: "
        "seat 1 wins",
        ["cloud"],
        _config(["cloud"], schedule=[2]),
        [*cloud_round, *bids(3, 0, [1, 0, 0]), *trick1],
        {
            "after_trick": {
                "why": "seat 1 changes its bid of 1 (up or down) right after the trick",
                "state": {"phase": "change_bid", "current_player": 1, "bids": [0, 1, 0]},
            },
            "round_end": {
                "why": "the change waits for the round's end: seat 1 leads trick 2 with its bid "
                "still 1",
                "state": {"phase": "play", "current_player": 1, "bids": [0, 1, 0]},
            },
        },
    )
    yield from reading_group(
        ids,
        "34.3",
        "cloud_timing",
        f"{base}; every bid 0; trick 1: the Cloud (Clubs), C2, C3: seat 1 wins, and a bid of "
        "0 can only go up",
        ["cloud"],
        _config(["cloud"], schedule=[2]),
        [*cloud_round, *bids(3, 0, [0, 0, 0]), *trick1],
        {
            "after_trick": {
                "why": "the bid becomes 1 at once, before trick 2",
                "state": {"phase": "play", "bids": [0, 1, 0], "bid_changes": [[1, 1]]},
            },
            "round_end": {
                "why": "nothing changes yet: the bid is still 0 during trick 2",
                "state": {"phase": "play", "bids": [0, 0, 0], "bid_changes": []},
            },
        },
    )
    yield from reading_group(
        ids,
        "34.3",
        "cloud_timing",
        f"{base}; seat 1 bids 1, the others 0; trick 1 (the Cloud, C2, C3) is seat 1's; seat 1 "
        "raises its bid by 1 (action 8); trick 2: C4, D6, H7: C4 wins, seat 1 again",
        ["cloud"],
        _config(["cloud"], schedule=[2]),
        [*cloud_round, *bids(3, 0, [1, 0, 0]), *trick1, change_bid(1, 1), *trick2],
        {
            "after_trick": {
                "why": "the raise is made after trick 1 (bid 2); seat 1 makes 2 tricks (40), "
                "the others 0 (20), and the game of one round is over",
                "state": {
                    "phase": "game_over",
                    "round_bids": [[0, 2, 0]],
                    "round_scores": [[20, 40, 20]],
                },
            },
            "round_end": {
                "why": "the raise after trick 1 is out of phase (wrong_phase): the change "
                "comes after the last trick, before the scoring, and seat 1, with its bid "
                "still 1 of 2, is asked it now; nothing is scored yet",
                "errors": [{"at": 8, "code": "wrong_phase"}],
                "state": {
                    "phase": "change_bid",
                    "current_player": 1,
                    "bids": [0, 1, 0],
                    "round_scores": [],
                },
            },
        },
    )
    yield from reading_group(
        ids,
        "34.3",
        "cloud_timing",
        f"{base}; seat 1 bids 1, the others 0; trick 1 (the Cloud, C2, C3) is seat 1's; seat 1 "
        "raises its bid by 1 (action 8); trick 2: C4, D6, H7: seat 1's; seat 1 raises its bid "
        "by 1 again (action 12)",
        ["cloud"],
        _config(["cloud"], schedule=[2]),
        [
            *cloud_round,
            *bids(3, 0, [1, 0, 0]),
            *trick1,
            change_bid(1, 1),
            *trick2,
            change_bid(1, 1),
        ],
        {
            "after_trick": {
                "why": "the first raise is made after trick 1; the round is scored after trick "
                "2 (seat 1: 2 of 2, 40) and the game is over, so the second raise is refused "
                "(game_over)",
                "errors": [{"at": 12, "code": "game_over"}],
                "state": {
                    "phase": "game_over",
                    "round_scores": [[20, 40, 20]],
                    "round_bid_changes": [[[1, 1]]],
                },
            },
            "round_end": {
                "why": "the first raise is out of phase (wrong_phase); the second is the "
                "round-end change (bid 2), then the scoring (seat 1: 40)",
                "errors": [{"at": 8, "code": "wrong_phase"}],
                "state": {
                    "phase": "game_over",
                    "round_scores": [[20, 40, 20]],
                    "round_bid_changes": [[[1, 1]]],
                },
            },
        },
    )

    # Rule 40.2: the order of the effects after a trick.
    juggler_cloud = [
        fill(3, 2, {1: "Juggler C4", 2: "Cloud D6", 0: "C2 H7"}, "S13"),
    ]
    trick = plays(3, 1, ["Juggler=C", "Cloud=C", "C2"])
    base = (
        "schedule [2], turned S13: trick 1 is seat 1's Juggler (Clubs, 7 1/2), seat 2's Cloud "
        "(Clubs, 9 3/4), C2: the Cloud wins (seat 2), and both effects are due"
    )
    yield from reading_group(
        ids,
        "40.2",
        "effect_order",
        f"{base}; seat 2 bid 1 of 2, so its change is a choice",
        ["juggler", "cloud"],
        _config(["juggler", "cloud"], schedule=[2]),
        [*juggler_cloud, *bids(3, 0, [0, 1, 0]), *trick],
        {
            "juggler_cloud_witch": {
                "why": "the Juggler's pass comes first: seat 1 passes",
                "state": {"phase": "pass", "current_player": 1},
            },
            "cloud_juggler_witch": {
                "why": "the Cloud's change comes first: seat 2 changes its bid",
                "state": {"phase": "change_bid", "current_player": 2},
            },
        },
        pinned={"cloud_timing": "after_trick"},  # the Cloud's change after its trick
    )
    yield from reading_group(
        ids,
        "40.2",
        "effect_order",
        f"{base}; every bid 0, so seat 2's bid can only go up and changes without a choice",
        ["juggler", "cloud"],
        _config(["juggler", "cloud"], schedule=[2]),
        [*juggler_cloud, *bids(3, 0, [0, 0, 0]), *trick],
        {
            "juggler_cloud_witch": {
                "why": "the pass comes first: seat 1 passes while seat 2's bid is still 0",
                "state": {
                    "phase": "pass",
                    "current_player": 1,
                    "bids": [0, 0, 0],
                    "bid_changes": [],
                },
            },
            "cloud_juggler_witch": {
                "why": "the change comes first: seat 2's bid is already 1 when seat 1 passes",
                "state": {
                    "phase": "pass",
                    "current_player": 1,
                    "bids": [0, 0, 1],
                    "bid_changes": [[2, 1]],
                },
            },
        },
        pinned={"cloud_timing": "after_trick"},  # the Cloud's change after its trick
    )

    # Rule 37.3: what the Vampire copies when the Werewolf sits in the trump place.
    dealt = deal(["H3", "Werewolf", "Vampire"], "H5")
    base = (
        "3 players, round 1 turns H5; seat 1 holds the Werewolf, seat 2 the Vampire: seat 1 "
        "takes H5 and names Clubs"
    )
    deck = ["werewolf", "vampire"]
    yield from reading_group(
        ids,
        "37.3",
        "vampire_under_werewolf",
        base,
        deck,
        _config(deck),
        [dealt, werewolf(1, "C")],
        {
            "next_stock_card": {
                "why": "the stock's next card is turned up for the Vampire: a chance step "
                "(phase reveal), and nothing is copied yet",
                "state": {"phase": "reveal", "current_player": None, "vampire_copies": None},
            },
            "displaced_card": {
                "why": "the Vampire copies H5, the card the Werewolf took; the bidding starts",
                "state": {"phase": "bid", "current_player": 1, "vampire_copies": "H5"},
            },
        },
    )
    yield from reading_group(
        ids,
        "37.3",
        "vampire_under_werewolf",
        f"{base}; then C9 is turned up (action 2)",
        deck,
        _config(deck),
        [dealt, werewolf(1, "C"), reveal("C9")],
        {
            "next_stock_card": {
                "why": "C9 is turned up and the Vampire copies it",
                "state": {"phase": "bid", "vampire_copies": "C9"},
            },
            "displaced_card": {
                "why": "no card is turned up (wrong_phase): the Vampire copies H5",
                "errors": [{"at": 2, "code": "wrong_phase"}],
                "state": {"phase": "bid", "vampire_copies": "H5"},
            },
        },
    )
    yield from reading_group(
        ids,
        "37.3",
        "vampire_under_werewolf",
        f"{base}; C9 is turned up (action 2); every bid 0; seat 1 leads H5, seat 2 plays the "
        "Vampire, seat 0 H3",
        deck,
        _config(deck),
        [
            dealt,
            werewolf(1, "C"),
            reveal("C9"),
            *bids(3, 0, [0, 0, 0]),
            *plays(3, 1, ["H5", "Vampire", "H3"]),
        ],
        {
            "next_stock_card": {
                "why": "the Vampire is C9, a trump (Clubs): it wins (seat 2)",
                "state": {"round_trick_winners": [[2]]},
            },
            "displaced_card": {
                "why": "the turning up is out of phase (wrong_phase); the Vampire is H5, equal "
                "to seat 1's H5, and of two equal cards the first played wins (rule 37.2): "
                "seat 1",
                "errors": [{"at": 2, "code": "wrong_phase"}],
                "state": {"round_trick_winners": [[1]]},
            },
        },
    )

    # Rule 33.4: no pass after the round's last trick (one value).
    yield from reading_group(
        ids,
        "33.4",
        "juggler_last_trick",
        "3 players, round 1, turned H1: the Juggler (Clubs), C9, C2 from seat 1: C9 wins "
        "(seat 2), the round's last trick",
        ["juggler"],
        _config(["juggler"]),
        one_trick(["Juggler=C", "C9", "C2"], "H1"),
        {
            "no_pass": {
                "why": "no card is left to pass, so no pass: the round ends and round 2 is dealt",
                "state": {"round_trick_winners": [[2]], "phase": "deal", "round": 2},
            },
        },
    )

    # Rule 28.6: the readings of a configuration.
    for readings, why in (
        ({"bomb_leader": "first_card"}, "a value the reading bomb_leader does not take"),
        ({"weather": "rain"}, "a name that is no reading"),
        (["bomb_leader"], "readings that are not an object"),
        ({"juggler_last_trick": "pass"}, "a value juggler_last_trick does not take"),
    ):
        config = cfg(["bomb"])
        config["readings"] = readings
        yield acase(
            next(ids),
            "28.6",
            f"a configuration with {why} is refused (invalid_config)",
            config,
            [],
            cards=["bomb"],
            errors=[{"at": None, "code": "invalid_config"}],
        )
    yield acase(
        next(ids),
        "28.6",
        "readings without anniversary cards are refused (invalid_config): they read the cards",
        {"players": 3, "first_dealer": 0, "forbid_bid_total_match": False, "readings": {}},
        [],
        cards=[],
        errors=[{"at": None, "code": "invalid_config"}],
    )
