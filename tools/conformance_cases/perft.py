"""The ``perft`` area: the legal actions, and perft counts of legal play sequences (rule 11.10).

Every case starts from a position written in the one-line notation
(:func:`pos`): in each phase (the dealer's trump choice, the bids, the play
of a trick, the last trick), with and without the bid-total option.  The
legal actions are written by hand from the rules; the perft counts are
counted by this library, and the test suite checks them against an
independent count (``tests/test_conformance.py``).
"""

from __future__ import annotations

from collections.abc import Iterator

from wizard_rules.core.position import from_position
from wizard_rules.formats.records import position_from_dict
from wizard_rules.sim.perft import perft

from .common import Json, area, bid, case, play, pos, trump

# Ids of this area that are retired: never used again.
# perft.003 gave the leader one card.
# perft.001, perft.002 and perft.004 to perft.024 were replaced by cases
# starting from positions.  perft.041 cost too much (see SKIPPED below).
RETIRED: list[str] = [
    "perft.003",
    "perft.001",
    "perft.002",
    *(f"perft.{n:03d}" for n in range(4, 25)),
    "perft.041",
    # Retired in suite 2.1.0 (issue 21): perft.057 to perft.062 started from
    # bids that add up to the round, a position that an implementation which
    # always plays the bid-total rule can never reach; perft.044, perft.062
    # and perft.063 asked for more than MAX_NODES positions (see below).
    *(f"perft.{n:03d}" for n in range(57, 63)),
    "perft.044",
    "perft.063",
    # Retired in suite 2.1.0 too: these counts, with the option off, took in
    # the dealer's bid, whose one matching bid an implementation that always
    # plays the bid-total rule does not count: they failed for rule 4.2 (the
    # bids may add up to any total), not their own.  The option cases of
    # rule 4.2 check the dealer's free bid; perft.072 to perft.075 count the
    # same positions with the option on.
    "perft.037",
    "perft.038",
    "perft.040",
    "perft.071",
]

# The most positions a perft case may ask for: the sum of its counts at the
# depths 1 to d (every sequence of at most d legal actions from the
# position).  An implementation that replays the round for every action
# applies, for each sequence, every action of it again: the sum over the
# depths k of k times the count at k, at most MAX_REPLAYED.
MAX_NODES = 5000
MAX_REPLAYED = 35000

OPTION = "options=forbid_bid_total_match"

# The legal actions of the player to act: (description, position, legal actions).
LEGAL: list[tuple[str, str, list[Json]]] = [
    (
        "three players, before the deal: nobody is to act, no legal action",
        "players=3 round=3 dealer=2 hands=-/-/-",
        [],
    ),
    (
        "three players, W2 turned, dealer 1: the dealer may name any of the four suits, "
        "never 'no trump'",
        "players=3 dealer=1 hands=C3/D4/H5 turned=W2 trump=-",
        [trump(1, s) for s in "CDHS"],
    ),
    (
        "six players, W4 turned, dealer 0: the dealer's legal actions are the four suits",
        "players=6 hands=C1/C2/C3/C4/C5/C6 turned=W4 trump=-",
        [trump(0, s) for s in "CDHS"],
    ),
    (
        "four players, round 2: the first bidder may bid 0, 1 or 2",
        "players=4 round=2 dealer=1 scores=20,30,-10,20 hands=C1,C2/C3,C4/C5,C6/C7,C8 turned=H1",
        [bid(2, t) for t in range(3)],
    ),
    (
        "four players, the option, round 2: the others bid 1, so the dealer may bid 0 or 2",
        f"players=4 {OPTION} round=2 dealer=1 scores=20,30,-10,20 "
        "hands=C1,C2/C3,C4/C5,C6/C7,C8 turned=H1 bids=1,-,0,0",
        [bid(1, 0), bid(1, 2)],
    ),
    (
        "five players, the option: the others bid 2 in round 1, so the dealer may bid 0 or 1",
        f"players=5 {OPTION} hands=C1/C2/C3/C4/C5 turned=H1 bids=-,1,1,0,0",
        [bid(0, 0), bid(0, 1)],
    ),
    (
        "three players, round 3: the leader may lead any card, of any kind",
        "players=3 round=3 dealer=2 hands=C7,W2,J3/C3,H5,W1/D2,D3,J2 turned=D13 bids=0,0,0",
        [play(0, "J3"), play(0, "C7"), play(0, "W2")],
    ),
    (
        "five players, round 3: Diamonds led, seat 4 must play one of its Diamonds",
        "players=5 round=3 dealer=2 hands=C1,C2,C3/C4,C5,C6/C7,C8,C9/H1,H2/D3,D4,S5 "
        "turned=S1 bids=0,0,0,0,0 trick=D9 leader=3",
        [play(4, "D3"), play(4, "D4")],
    ),
    (
        "four players, round 2: Hearts led, seat 3 holds no Heart and may play any card",
        "players=4 round=2 dealer=1 scores=20,30,-10,20 hands=C1,C2/C3,C4/C5/S7,D8 "
        "turned=S1 bids=0,0,0,0 trick=H9 leader=2",
        [play(3, "D8"), play(3, "S7")],
    ),
    (
        "four players, the end of the game: no legal action",
        "players=4 round=15 dealer=2 over hands=-/-/-/-",
        [],
    ),
]

# Perft counts: (description, position, depths).
COUNTS: list[tuple[str, str, tuple[int, ...]]] = [
    (
        "three players, round 2, W3 turned: the trump choice, the bids and the play",
        "players=3 round=2 dealer=1 scores=20,30,-10 hands=C7,J3/C3,H5/D2,W1 turned=W3 trump=-",
        (1, 2, 4, 10),
    ),
    (
        "four players, round 4, the bids: no bid is made yet",
        "players=4 round=4 dealer=3 scores=20,-10,30,0 hands=C1,C5,H9,W1/C2,D5,D9,J1/"
        "S1,S5,H2,W2/C3,C4,D1,J2 turned=H13",
        (1, 4, 8),
    ),
    (
        "four players, the option, round 3: the bids, the dealer may not match",
        f"players=4 {OPTION} round=3 dealer=2 hands=C1,C5,H9/C2,D5,J1/S1,S5,W2/C3,D1,J2 "
        "turned=H13",
        (2, 4, 8),
    ),
    (
        "six players, the option, round 2: the dealer's bid and the play",
        f"players=6 {OPTION} round=2 dealer=1 scores=20,20,30,-10,20,20 "
        "hands=C1,C2/C3,D4/H1,W1/S2,C4/H2,H3/D5,J1 turned=S13 bids=0,-,1,0,0,1",
        (1, 3, 8),
    ),
    (
        "three players, round 3, mid-trick: C7 led, seat 1 to play",
        "players=3 round=3 dealer=2 hands=S2,S3/C3,H5,W1/D2,D3,J2 turned=D13 bids=0,1,1 trick=C7",
        (1, 2, 5, 8),
    ),
    (
        "five players, round 2, mid-trick: J1 led, then D8; seat 4 holds D6 and J3",
        "players=5 round=2 dealer=1 scores=20,20,30,-10,20 hands=C1,D7/D3,H4/W1/D2/D6,J3 "
        "turned=S1 bids=0,0,1,0,0 trick=J1,D8 leader=2",
        (1, 3, 9),
    ),
    (
        "four players, round 3, the last trick: seat 0 led the Wizard",
        "players=4 round=3 dealer=2 hands=-/C3/D5/C9 turned=H1 bids=1,0,1,0 won=1,0,1,0 "
        "played=C1,C2,H2,D4,S1,S2,S3,H5 trick=W1 leader=0",
        (1, 3),
    ),
    (
        "six players, round 2, the last trick: led by seat 3, which won the first",
        "players=6 round=2 dealer=1 scores=20,20,30,-10,20,20 hands=C1/C3/H1/D1/H2/D5 "
        "turned=S13 bids=0,0,1,1,0,0 won=0,0,0,1,0,0 played=C2,C4,C5,W1,C6,C7 leader=3",
        (1, 6),
    ),
    (
        "four players, round 4, the first trick: seat 3 leads",
        "players=4 round=4 dealer=2 hands=C1,C5,H9,W1/C2,D5,D9,J1/S1,S5,H2,W2/C3,C4,D1,J2 "
        "turned=H13 bids=1,1,1,1",
        (1, 2, 4, 8),
    ),
    (
        "four players, round 4, the bids: no bid is made yet",
        "players=4 round=4 dealer=3 scores=20,-10,30,0 hands=C1,C5,H9,W1/C2,D5,D9,J1/"
        "S1,S5,H2,W2/C3,C4,D1,J2 turned=H13",
        (6,),
    ),
    # Since suite 2.1.0: the cases above that were retired, now with bids that
    # do not add up to the round and at most MAX_NODES positions.
    (
        "four players, the option, round 3: the bids, the dealer may not match",
        f"players=4 {OPTION} round=3 dealer=2 hands=C1,C5,H9/C2,D5,J1/S1,S5,W2/C3,D1,J2 "
        "turned=H13",
        (6,),
    ),
    (
        "six players, round 2, the last trick: led by seat 3, which won the first",
        "players=6 round=2 dealer=1 scores=20,20,30,-10,20,20 hands=C1/C3/H1/D1/H2/D5 "
        "turned=S13 bids=0,0,1,0,0,0 won=0,0,0,1,0,0 played=C2,C4,C5,W1,C6,C7 leader=3",
        (1, 6),
    ),
    (
        "four players, round 4, the first trick: seat 3 leads",
        "players=4 round=4 dealer=2 hands=C1,C5,H9,W1/C2,D5,D9,J1/S1,S5,H2,W2/C3,C4,D1,J2 "
        "turned=H13 bids=1,1,0,1",
        (1, 2, 4, 7),
    ),
    (
        "four players, round 4, the bids: no bid is made yet",
        "players=4 round=4 dealer=3 scores=20,-10,30,0 hands=C1,C5,H9,W1/C2,D5,D9,J1/"
        "S1,S5,H2,W2/C3,C4,D1,J2 turned=H13",
        (5,),
    ),
    # Since suite 2.1.0: the counts through the dealer's bid, with the option
    # on (with it off, they took in the matching bid, rule 4.2).
    (
        "three players, the option, round 2, W3 turned: the trump choice, the bids and the play",
        f"players=3 {OPTION} round=2 dealer=1 scores=20,30,-10 hands=C7,J3/C3,H5/D2,W1 "
        "turned=W3 trump=-",
        (4, 10),
    ),
    (
        "four players, the option, round 4, the bids: no bid is made yet",
        f"players=4 {OPTION} round=4 dealer=3 scores=20,-10,30,0 hands=C1,C5,H9,W1/C2,D5,D9,J1/"
        "S1,S5,H2,W2/C3,C4,D1,J2 turned=H13",
        (4, 5),
    ),
]

# Counts written once and retired since: not written again (their ids stay unused).
# perft.041, perft 8 of the bids of round 4 (90,000 sequences), took a small
# independent implementation 12 s: more than a case should cost anyone; perft 6
# of the same position replaces it.
# Since suite 2.1.0 the counts retired above are skipped the same way.
SKIPPED: frozenset[str] = frozenset({"perft.041", *RETIRED[-12:]})


@area("perft", "The legal actions, and perft counts of legal play sequences (rule 11.10).")
def perft_area() -> Iterator[Json]:
    number = 25
    for text, position, legal in LEGAL:
        start = pos(position)
        yield case(
            f"perft.{number:03d}",
            "11.10",
            text,
            start["config"],
            [],
            state={"legal_actions": legal},
            start=start,
        )
        number += 1
    for text, position, depths in COUNTS:
        start = pos(position)
        state = from_position(position_from_dict(start))
        for depth in depths:
            if f"perft.{number:03d}" in SKIPPED:
                number += 1
                continue
            count = perft(state, depth)
            counts = [perft(state, d) for d in range(1, depth + 1)]
            assert sum(counts) <= MAX_NODES, number
            assert sum(k * n for k, n in enumerate(counts, start=1)) <= MAX_REPLAYED, number
            yield case(
                f"perft.{number:03d}",
                "11.10",
                f"{text}: perft {depth} = {count}",
                start["config"],
                [],
                perft_depth=depth,
                perft_count=count,
                start=start,
            )
            number += 1
