"""The ``leading`` area: who leads (rules 5.1 and 5.2)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    Json,
    area,
    bids_in_order,
    case,
    config,
    deal,
    fill,
    play,
    plays_in_order,
    refused,
    round1_won_by,
    simple_prefix,
)

# Ids of this area that are retired: never used again.
# leading.009 (round 2 is led by the seat left of its dealer) could not tell
# that rule from "the last trick's winner leads": the same seat was both.
RETIRED: list[str] = ["leading.009"]


@area("leading", "Who leads (rules 5.1 and 5.2).")
def leading_area() -> Iterator[Json]:
    number = 1
    for players, dealer in ((3, 0), (4, 3), (6, 4), (5, 2)):
        actions = [fill(players, 1, {}, "H13"), *bids_in_order(players, dealer, [0] * players)]
        yield case(
            f"leading.{number:03d}",
            "5.1",
            f"{players} players, dealer {dealer}: seat {(dealer + 1) % players} leads the first trick",
            config(players, dealer),
            actions,
            state={"current_player": (dealer + 1) % players, "leader": (dealer + 1) % players},
        )
        number += 1
    yield case(
        "leading.005",
        "5.2",
        "play goes left from the leader",
        config(4, 0),
        [
            deal(["C1", "C2", "C3", "C4"], "D1"),
            *bids_in_order(4, 0, [0, 0, 0, 0]),
            play(1, "C2"),
        ],
        state={"current_player": 2, "trick": ["C2"], "leader": 1},
    )
    cfg = config(3, 0)
    prefix = simple_prefix(cfg, 1)
    # Round 2, dealer 1, seat 2 leads.  Seat 0 holds W1 and wins trick 1.
    r2 = [*prefix, deal(["W1 C5", "C6 C7", "C2 C3"], "D1"), *bids_in_order(3, 1, [0, 0, 0])]
    yield case(
        "leading.006",
        "5.2",
        "the winner of a trick leads the next",
        cfg,
        [*r2, *plays_in_order(3, 2, ["C2", "W1", "C6"])],
        state={"leader": 0, "current_player": 0, "trick": [], "tricks_won": [1, 0, 0]},
    )
    yield case(
        "leading.007",
        "5.2",
        "the previous leader may not lead again after losing",
        cfg,
        [*r2, *plays_in_order(3, 2, ["C2", "W1", "C6"]), play(2, "C3")],
        errors=refused(len(r2) + 3, "not_your_turn"),
    )
    yield case(
        "leading.008",
        "5.2",
        "the winner leads, then play goes left again",
        cfg,
        [*r2, *plays_in_order(3, 2, ["C2", "W1", "C6"]), play(0, "C5")],
        state={"current_player": 1, "trick": ["C5"], "leader": 0},
    )
    # leading.009 is retired (see RETIRED).
    # The first trick of round 2 is led by the seat left of its dealer (seat
    # 2), not by round 1's last trick winner, nor by the dealer (seat 1), nor
    # by round 1's leader (seat 1): round 1 is won by a third seat.
    number = 10
    for players, winner in ((3, 0), (4, 3), (5, 4), (6, 5)):
        r1 = round1_won_by(players, winner)
        r2_deal = fill(players, 2, {}, "H13")
        r2_bids = bids_in_order(players, 1, [0] * players)
        yield case(
            f"leading.{number:03d}",
            "5.1",
            f"{players} players: seat {winner} wins round 1's trick; round 2 (dealer 1) is led by "
            "seat 2, left of the dealer, not by the last trick's winner",
            config(players),
            [*r1, r2_deal, *r2_bids],
            state={"tricks_won": [0] * players, "dealer": 1, "leader": 2, "current_player": 2},
        )
        number += 1
        if players in (3, 4):
            yield case(
                f"leading.{number:03d}",
                "5.1",
                f"{players} players: seat {winner}, winner of round 1's trick, may not lead round 2",
                config(players),
                [*r1, r2_deal, *r2_bids, play(winner, r2_deal["hands"][winner][0])],
                errors=refused(len(r1) + 1 + players, "not_your_turn"),
                state={"current_player": 2, "trick": []},
            )
            number += 1
