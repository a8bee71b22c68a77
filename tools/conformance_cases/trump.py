"""The ``trump`` area: the turned card and the trump (rules 3.1 to 3.5).

Every case starts from a position: at the deal of a round (rules 3.1 to 3.3
and 3.5: the claim is about what the deal's turned card makes), or after a
Wizard is turned, before the dealer names trump (rule 3.4)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .common import (
    Json,
    area,
    bid,
    case,
    deal,
    fill,
    last_round_deal,
    play,
    pos,
    refused,
    trump,
)

# Ids of this area that are retired: never used again.
RETIRED: list[str] = [
    # replaced by cases starting from positions, ids trump.001 to trump.032
    *(f"trump.{n:03d}" for n in range(1, 33)),
]

FIRST_NEW_ID = 33


def _at(
    case_id: str, rule: str, description: str, text: str, actions: list[Json], **kw: object
) -> Json:
    start = pos(text)
    return case(case_id, rule, description, start["config"], actions, start=start, **kw)  # type: ignore[arg-type]


@area("trump", "The turned card and the trump (rules 3.1 to 3.5).")
def trump_area() -> Iterator[Json]:
    ids = (f"trump.{n:03d}" for n in count(FIRST_NEW_ID))

    # Rule 3.2: a turned suit card makes its suit trump.  From the deal of
    # round r (dealer d; every earlier round bid 0 and met, 20 each).
    for players, rnd, dealer, turned in (
        (3, 1, 0, "C7"),
        (3, 4, 1, "H2"),
        (4, 1, 0, "D1"),
        (4, 3, 2, "S13"),
        (4, 6, 3, "C1"),
        (5, 2, 1, "H13"),
        (6, 1, 5, "S9"),
        (6, 3, 0, "D12"),
    ):
        scores = ",".join([str(20 * (rnd - 1))] * players)
        yield _at(
            next(ids),
            "3.2",
            f"{players} players, round {rnd}: a turned {turned} makes {turned[0]} trump, "
            "and bidding begins",
            f"players={players} round={rnd} dealer={dealer} scores={scores} "
            f"hands={'/'.join(['-'] * players)}",
            [fill(players, rnd, {}, turned)],
            state={"turned": turned, "trump": turned[0], "phase": "bid"},
        )
    for text, dealer, suit in (
        ("players=4 dealer=2 hands=C2/C3/C4/C5 turned=H2", 2, "S"),
        ("players=5 dealer=4 hands=C2/C3/C4/C5/C6 turned=D8", 4, "H"),
    ):
        yield _at(
            next(ids),
            "3.2",
            "a suit card turned: the trump is its suit, and the dealer may not name another",
            text,
            [trump(dealer, suit)],
            errors=refused(0, "wrong_phase"),
            state={"trump": text[-2], "phase": "bid"},
        )

    # Rule 3.3: a turned Jester: no trump.
    for players, rnd, dealer, jester in (
        (3, 1, 0, "J1"),
        (3, 5, 2, "J4"),
        (4, 1, 0, "J2"),
        (4, 4, 3, "J3"),
        (5, 1, 2, "J3"),
        (6, 2, 4, "J4"),
    ):
        scores = ",".join([str(20 * (rnd - 1))] * players)
        yield _at(
            next(ids),
            "3.3",
            f"{players} players, round {rnd}: a turned Jester ({jester}) means no trump",
            f"players={players} round={rnd} dealer={dealer} scores={scores} "
            f"hands={'/'.join(['-'] * players)}",
            [fill(players, rnd, {}, jester)],
            state={"turned": jester, "trump": None, "phase": "bid"},
        )
    yield _at(
        next(ids),
        "3.3",
        "four players: a Jester turned, the round has no trump and the dealer may not name one",
        "players=4 dealer=3 hands=C2/C3/C4/C5 turned=J1",
        [trump(3, "H")],
        errors=refused(0, "wrong_phase"),
        state={"trump": None, "phase": "bid", "current_player": 0},
    )

    # Rule 3.1: the turned card is the stack's top card, out of play.
    yield _at(
        next(ids),
        "3.1",
        "three players: the card turned after the deal is in nobody's hand",
        "players=3 hands=-/-/-",
        [deal(["C1", "C2", "C3"], "C4")],
        state={"turned": "C4", "hands": [["C1"], ["C2"], ["C3"]]},
    )
    yield _at(
        next(ids),
        "3.1",
        "four players, round 2: the turned card is in nobody's hand",
        "players=4 round=2 dealer=1 scores=20,20,20,20 hands=-/-/-/-",
        [deal(["C1 C2", "C3 C4", "C5 C6", "C7 C8"], "S11")],
        state={"turned": "S11", "hands": [["C1", "C2"], ["C3", "C4"], ["C5", "C6"], ["C7", "C8"]]},
    )
    yield _at(
        next(ids),
        "3.1",
        "five players: the card turned after the deal is in nobody's hand",
        "players=5 dealer=3 hands=-/-/-/-/-",
        [deal(["C1", "C2", "C3", "C4", "C5"], "D9")],
        state={"turned": "D9", "hands": [["C1"], ["C2"], ["C3"], ["C4"], ["C5"]]},
    )
    for text, player in (
        ("players=3 hands=C2/C5/C3 turned=H7 bids=0,0,0", 1),
        ("players=4 hands=C2/C5/C3/C4 turned=H7 bids=0,0,0,0", 1),
        ("players=6 dealer=2 hands=C2/C3/C4/C5/C6/C7 turned=W2 trump=S bids=0,0,0,0,0,0", 3),
    ):
        turned = text.split("turned=")[1].split()[0]
        yield _at(
            next(ids),
            "3.1",
            f"{text.split()[0][8:]} players: the turned card ({turned}) is out of play; "
            "the leader cannot play it",
            text,
            [play(player, turned)],
            errors=refused(0, "card_not_in_hand"),
            state={"turned": turned, "trick": [], "current_player": player},
        )
    yield _at(
        next(ids),
        "3.1",
        "four players, round 1: a card must be turned while cards remain",
        "players=4 hands=-/-/-/-",
        [fill(4, 1, {}, None)],
        errors=refused(0, "invalid_deal"),
        state={"phase": "deal"},
    )
    yield _at(
        next(ids),
        "3.1",
        "three players, round 19: three cards remain, so one must be turned",
        "players=3 round=19 dealer=0 scores=360,360,360 hands=-/-/-",
        [fill(3, 19, {}, None)],
        errors=refused(0, "invalid_deal"),
        state={"phase": "deal"},
    )

    # Rule 3.4: a turned Wizard: the dealer names one of the four suits,
    # before any bid, and nobody else may.  The first bidder (left of the
    # dealer) is the other reading's trump chooser (docs/readings.rst).
    for players, dealer, wizard in ((3, 0, "W2"), (4, 3, "W1"), (5, 3, "W3"), (6, 5, "W4")):
        yield _at(
            next(ids),
            "3.4",
            f"{players} players, dealer {dealer}: a turned Wizard: the dealer is to name trump, "
            "before any bid",
            f"players={players} dealer={dealer} hands={'/'.join(['-'] * players)}",
            [fill(players, 1, {}, wizard)],
            state={"phase": "choose_trump", "current_player": dealer, "trump": None},
        )
    wizard_at = {
        3: "players=3 dealer=0 hands=C2/C3/C4 turned=W2 trump=-",
        4: "players=4 dealer=3 hands=C2/C3/C4/C5 turned=W1 trump=-",
        5: "players=5 dealer=0 hands=C2/C3/C4/C5/C6 turned=W2 trump=-",
        6: "players=6 dealer=5 hands=C2/C3/C4/C5/C6/C7 turned=W4 trump=-",
    }
    dealer_of = {3: 0, 4: 3, 5: 0, 6: 5}
    for players, suit in ((3, "H"), (4, "C"), (5, "D"), (6, "S")):
        dealer = dealer_of[players]
        first = (dealer + 1) % players
        yield _at(
            next(ids),
            "3.4",
            f"{players} players, dealer {dealer}: the first bidder (seat {first}) may not name trump",
            wizard_at[players],
            [trump(first, suit)],
            errors=refused(0, "not_your_turn"),
            state={"phase": "choose_trump", "current_player": dealer, "trump": None},
        )
    for players, suit in ((3, "H"), (4, "S"), (4, "D"), (5, "C"), (6, "H")):
        dealer = dealer_of[players]
        first = (dealer + 1) % players
        yield _at(
            next(ids),
            "3.4",
            f"{players} players, dealer {dealer}: the dealer names {suit}; it is trump, "
            f"and seat {first} bids first",
            wizard_at[players],
            [trump(dealer, suit)],
            state={"trump": suit, "phase": "bid", "current_player": first},
        )
    for players in (3, 4):
        dealer = dealer_of[players]
        first = (dealer + 1) % players
        yield _at(
            next(ids),
            "3.4",
            f"{players} players: nobody bids before the dealer has named trump "
            f"(seat {first}'s bid is refused)",
            wizard_at[players],
            [bid(first, 0)],
            errors=refused(0, "wrong_phase"),
            state={"phase": "choose_trump", "bids": [None] * players},
        )
    for players in (3, 4, 5, 6):
        dealer = dealer_of[players]
        yield _at(
            next(ids),
            "3.4",
            f"{players} players: the dealer may not name 'no trump'",
            wizard_at[players],
            [trump(dealer, None)],
            errors=refused(0, "no_trump_not_allowed"),
            state={"phase": "choose_trump", "current_player": dealer, "trump": None},
        )
    for players in (3, 4, 6):
        dealer = dealer_of[players]
        yield _at(
            next(ids),
            "3.4",
            f"{players} players: the dealer's choices are the four suits, and not 'no trump'",
            wizard_at[players],
            [],
            state={"legal_actions": [trump(dealer, suit) for suit in "CDHS"]},
        )

    # Rule 3.5: the last round deals every card; none is turned, no trump.
    for players, dealer in ((3, 1), (4, 2), (5, 1), (6, 3)):
        last = 60 // players
        scores = ",".join([str(20 * (last - 1))] * players)
        yield _at(
            next(ids),
            "3.5",
            f"{players} players, round {last} (the last): no card is turned and there is no trump",
            f"players={players} round={last} dealer={dealer} scores={scores} "
            f"hands={'/'.join(['-'] * players)}",
            [last_round_deal(players)],
            state={"turned": None, "trump": None, "phase": "bid"},
        )
    for players, dealer in ((4, 2), (6, 3)):
        last = 60 // players
        scores = ",".join([str(20 * (last - 1))] * players)
        yield _at(
            next(ids),
            "3.5",
            f"{players} players: a card may not be turned in the last round",
            f"players={players} round={last} dealer={dealer} scores={scores} "
            f"hands={'/'.join(['-'] * players)}",
            [{**last_round_deal(players), "turned": "W4"}],
            errors=refused(0, "invalid_deal"),
            state={"phase": "deal"},
        )
