"""The ``perft`` area: the legal actions, and perft counts of legal play sequences (rule 11.10)."""

from __future__ import annotations

from collections.abc import Iterator

from wizard_rules.conformance.adapter import perft

from .common import (
    Json,
    area,
    bids_in_order,
    case,
    config,
    deal,
    fill,
    play,
    position,
    round3,
    simple_prefix,
    trump,
)

# Ids of this area that are retired: never used again.
# perft.003 gave the leader one card.
RETIRED: list[str] = ["perft.003"]


@area("perft", "The legal actions, and perft counts of legal play sequences (rule 11.10).")
def perft_area() -> Iterator[Json]:
    yield case(
        "perft.001",
        "11.10",
        "at a deal nobody is to act: no legal action",
        config(3),
        [],
        state={"legal_actions": [], "current_player": None},
    )
    yield case(
        "perft.002",
        "11.10",
        "after a Wizard is turned the dealer may name any of the four suits",
        config(3, 1),
        [fill(3, 1, {}, "W2")],
        state={"legal_actions": [trump(1, s) for s in "CDHS"]},
    )
    yield case(
        "perft.004",
        "11.10",
        "the leader of round 3 may lead any of their cards",
        config(3),
        round3(["C7 S2 J3", "C3 H5 W1", "D2 D3 J2"]),
        state={"legal_actions": [play(0, "C7"), play(0, "S2"), play(0, "J3")]},
    )

    positions: list[tuple[str, Json, list[Json]]] = [
        (
            "three players, round 3, start of play",
            config(3),
            round3(["C7 S2 S3", "C3 H5 W1", "D2 D3 J2"]),
        ),
        (
            "three players, round 3, Jesters and Wizards",
            config(3),
            round3(["J3 W2 S3", "C3 H5 W1", "J1 D3 J2"]),
        ),
        (
            "three players, round 3, one suit each",
            config(3),
            round3(["C1 C2 C3", "D1 D2 D3", "H1 H2 H3"], turned="S1"),
        ),
    ]
    number = 5
    for text, cfg_p, actions in positions:
        state = position(cfg_p, actions)
        for depth in (1, 2, 3, 6, 9):
            count = perft(state, depth)
            yield case(
                f"perft.{number:03d}",
                "11.10",
                f"{text}: perft {depth} = {count}",
                cfg_p,
                actions,
                perft_depth=depth,
                perft_count=count,
            )
            number += 1

    cfg4 = config(4, 3)
    prefix4 = simple_prefix(cfg4, 3)  # round 4, dealer 2, seat 3 leads
    pos4 = [
        *prefix4,
        deal(["C1 C5 H9 W1", "C2 D5 D9 J1", "S1 S5 H2 W2", "C3 C4 D1 J2"], "H13"),
        *bids_in_order(4, 2, [1, 1, 1, 1]),
    ]
    state = position(cfg4, pos4)
    for depth in (1, 2, 4, 8):
        count = perft(state, depth)
        yield case(
            f"perft.{number:03d}",
            "11.10",
            f"four players, round 4: perft {depth} = {count}",
            cfg4,
            pos4,
            perft_depth=depth,
            perft_count=count,
        )
        number += 1

    yield case(
        f"perft.{number:03d}",
        "11.10",
        "the leader may lead any of their cards, of any kind",
        config(3),
        round3(["C7 W2 J3", "C3 H5 W1", "D2 D3 J2"]),
        state={"legal_actions": [play(0, "C7"), play(0, "W2"), play(0, "J3")]},
    )
