"""The ``winner`` area: the winner of a trick (rules 8.1 to 8.5, and ranks, 1.2).

Every case starts from a position one card before the claim: mostly round 1,
where the seats that have played hold nothing and the player to act holds
the one card that finishes the trick.  With the usual values left out of the
position text (see :func:`~conformance_cases.common.pos`) seat 0 deals round
1 and seat 1 leads, so the k-th card of the trick (from 0) is seat
``(1 + k) % n``'s and seat 0 plays last.  The winner of the finished trick is
observed directly: as ``round_trick_winners`` when it was the round's last
trick (the round is then scored), else as ``trick_winners``.
"""

from __future__ import annotations

from collections.abc import Iterator

from .common import Json, area, case, first_trick, pos
from .common import play as play_card

# Ids of this area that are retired: never used again.
# winner.001 to winner.042 were replaced by cases starting from positions (winner.043 on).
RETIRED: list[str] = [f"winner.{n:03d}" for n in range(1, 43)]


def _to_act(start: Json) -> int:
    """The seat to play next in the trick of position ``start``."""
    return (start["leader"] + len(start["current_trick"])) % start["config"]["players"]


def _finish(
    number: int, rule: str, description: str, text: str, *, play: str, winner: int
) -> Json:
    """The player to act plays the card ``play``, the trick's last, and seat
    ``winner`` wins the trick."""
    start = pos(text)
    seat = _to_act(start)
    card = play
    assert card in start["hands"][seat], (number, card)
    players = start["config"]["players"]
    assert len(start["current_trick"]) == players - 1, number
    last = len(start["played"]) // players + 1 == start["round"]
    state = {"round_trick_winners": [[winner]]} if last else {"trick_winners": [winner]}
    return case(
        f"winner.{number:03d}",
        rule,
        description,
        start["config"],
        [play_card(seat, card)],
        state=state,
        start=start,
    )


def _so_far(
    number: int, description: str, text: str, *, play: str | None, winning: int | None
) -> Json:
    """The player to act plays the card ``play`` (if None, nobody plays), and
    seat ``winning`` is winning the trick so far (rule 8.5)."""
    start = pos(text)
    actions = []
    if play is not None:
        actor = _to_act(start)
        assert play in start["hands"][actor], (number, play)
        assert len(start["current_trick"]) < start["config"]["players"] - 1, number
        actions = [play_card(actor, play)]
    return case(
        f"winner.{number:03d}",
        "8.5",
        description,
        start["config"],
        actions,
        state={"trick_winner": winning},
        start=start,
    )


@area("winner", "The winner of a trick (rules 8.1 to 8.5, and ranks, 1.2).")
def winner_area() -> Iterator[Json]:
    # -- 8.1: the first Wizard wins ---------------------------------------------------------
    yield _finish(
        43,
        "8.1",
        "three players: W3 led, then W1: the first Wizard (seat 1) wins",
        "players=3 turned=S1 bids=0,0,0 hands=C4/-/- trick=W3,W1",
        play="C4",
        winner=1,
    )
    yield _finish(
        44,
        "8.1",
        "three players: C2, W2, then the highest trump H13: the Wizard (seat 2) wins",
        "players=3 turned=H1 bids=0,0,0 hands=H13/-/- trick=C2,W2",
        play="H13",
        winner=2,
    )
    yield _finish(
        45,
        "8.1",
        "three players: Jester, Jester, then W4: the Wizard (seat 2) wins, not the first Jester",
        "players=3 dealer=2 turned=S1 bids=0,0,0 hands=-/-/W4 trick=J1,J2",
        play="W4",
        winner=2,
    )
    yield _finish(
        46,
        "8.1",
        "four players: C5, W2, W1, H3: the first of two Wizards (seat 2) wins",
        "players=4 turned=S1 bids=0,0,0,0 hands=H3/-/-/- trick=C5,W2,W1",
        play="H3",
        winner=2,
    )
    yield _finish(
        47,
        "8.1",
        "four players: three Jesters, then W1: the Wizard (seat 0) wins, not the first Jester",
        "players=4 turned=S1 bids=0,0,0,0 hands=W1/-/-/- trick=J1,J2,J3",
        play="W1",
        winner=0,
    )
    yield _finish(
        48,
        "8.1",
        "four players: Jester, Jester, W1, C5: the Wizard (seat 3) wins",
        "players=4 turned=S1 bids=0,0,0,0 hands=C5/-/-/- trick=J1,J2,W1",
        play="C5",
        winner=3,
    )
    yield _finish(
        49,
        "8.1",
        "four players: H13, H12 (trumps), C13, then W3: the Wizard (seat 0) wins",
        "players=4 turned=H1 bids=0,0,0,0 hands=W3/-/-/- trick=H13,H12,C13",
        play="W3",
        winner=0,
    )
    yield _finish(
        50,
        "8.1",
        "four players, seat 3 leads W4; W2 played last: the led Wizard (seat 3) wins",
        "players=4 dealer=2 turned=D1 bids=0,0,0,0 hands=-/-/W2/- trick=W4,D13,S1",
        play="W2",
        winner=3,
    )
    yield _finish(
        51,
        "8.1",
        "four players, seat 2 leads: J1, W2, J2, W1: the first Wizard (seat 3) wins",
        "players=4 dealer=1 turned=S1 bids=0,0,0,0 hands=-/W1/-/- trick=J1,W2,J2",
        play="W1",
        winner=3,
    )
    yield _finish(
        52,
        "8.1",
        "five players: S13, S12 (trumps), W1, W2, C3: the first Wizard (seat 3) wins",
        "players=5 turned=S1 bids=0,0,0,0,0 hands=C3/-/-/-/- trick=S13,S12,W1,W2",
        play="C3",
        winner=3,
    )
    yield _finish(
        53,
        "8.1",
        "five players: three Jesters, the trump C13, then W3: the Wizard (seat 0) wins",
        "players=5 turned=C1 bids=0,0,0,0,0 hands=W3/-/-/-/- trick=J1,J2,J3,C13",
        play="W3",
        winner=0,
    )
    yield _finish(
        54,
        "8.1",
        "five players, seat 4 leads W1; then C13, H13 (trump), W2, C2: seat 4 wins",
        "players=5 dealer=3 turned=H1 bids=0,0,0,0,0 hands=-/-/-/C2/- trick=W1,C13,H13,W2",
        play="C2",
        winner=4,
    )
    yield _finish(
        55,
        "8.1",
        "six players: S13, S12, S11, S10 (trumps), C1, then W2: the Wizard (seat 0) wins",
        "players=6 turned=S1 bids=0,0,0,0,0,0 hands=W2/-/-/-/-/- trick=S13,S12,S11,S10,C1",
        play="W2",
        winner=0,
    )
    yield _finish(
        56,
        "8.1",
        "six players: three Jesters, W1, W2, D2: the first Wizard (seat 4) wins",
        "players=6 turned=S1 bids=0,0,0,0,0,0 hands=D2/-/-/-/-/- trick=J1,J2,J3,W1,W2",
        play="D2",
        winner=4,
    )
    yield _finish(
        57,
        "8.1",
        "six players: C5, W4, D13 (trump), W1, W2, J4: the first Wizard (seat 2) wins",
        "players=6 turned=D1 bids=0,0,0,0,0,0 hands=J4/-/-/-/-/- trick=C5,W4,D13,W1,W2",
        play="J4",
        winner=2,
    )
    yield _finish(
        58,
        "8.1",
        "six players, seat 5 leads: J1, C13, W1, J2, W2, W4: the first Wizard (seat 1) wins",
        "players=6 dealer=4 turned=C1 bids=0,0,0,0,0,0 hands=-/-/-/-/W4/- trick=J1,C13,W1,J2,W2",
        play="W4",
        winner=1,
    )

    # -- 8.2: otherwise the highest trump wins ------------------------------------------------
    yield _finish(
        59,
        "8.2",
        "three players, trump Hearts: C13, H2, C12: a low trump (seat 2) beats the highest"
        " card of the led suit",
        "players=3 turned=H1 bids=0,0,0 hands=C12/-/- trick=C13,H2",
        play="C12",
        winner=2,
    )
    yield _finish(
        60,
        "8.2",
        "three players, trump Diamonds: C5, D3, D9: the higher trump (seat 0) wins",
        "players=3 turned=D1 bids=0,0,0 hands=D9/-/- trick=C5,D3",
        play="D9",
        winner=0,
    )
    yield _finish(
        61,
        "8.2",
        "three players, Spades named after a turned Wizard: C12, S2, C13: S2 (seat 2) wins",
        "players=3 turned=W1 trump=S bids=0,0,0 hands=C13/-/- trick=C12,S2",
        play="C13",
        winner=2,
    )
    yield _finish(
        62,
        "8.2",
        "four players, trump Hearts: C13, H1, C12, D1: the trump of rank 1 (seat 2) wins",
        "players=4 turned=H13 bids=0,0,0,0 hands=D1/-/-/- trick=C13,H1,C12",
        play="D1",
        winner=2,
    )
    yield _finish(
        63,
        "8.2",
        "four players, trump Hearts led: H2, H13, H5, H9: the highest trump (seat 2) wins",
        "players=4 turned=H1 bids=0,0,0,0 hands=H9/-/-/- trick=H2,H13,H5",
        play="H9",
        winner=2,
    )
    yield _finish(
        64,
        "8.2",
        "four players, trump Spades: J1, S2, C12, C13: the trump S2 (seat 2) wins",
        "players=4 turned=S1 bids=0,0,0,0 hands=C13/-/-/- trick=J1,S2,C12",
        play="C13",
        winner=2,
    )
    yield _finish(
        65,
        "8.2",
        "four players, trump Hearts: J2, C9, H4, C13: the trump H4 (seat 3) wins",
        "players=4 turned=H1 bids=0,0,0,0 hands=C13/-/-/- trick=J2,C9,H4",
        play="C13",
        winner=3,
    )
    yield _finish(
        66,
        "8.2",
        "four players, trump Clubs, seat 0 leads: D13, C2, C12, C3: C12 (seat 2) wins",
        "players=4 dealer=3 turned=C1 bids=0,0,0,0 hands=-/-/-/C3 trick=D13,C2,C12",
        play="C3",
        winner=2,
    )
    yield _finish(
        67,
        "8.2",
        "four players, Diamonds named after a turned Wizard, seat 3 leads: H13, D2,"
        " D4, D5: D5 (seat 2) wins",
        "players=4 dealer=2 turned=W2 trump=D bids=0,0,0,0 hands=-/-/D5/- trick=H13,D2,D4",
        play="D5",
        winner=2,
    )
    yield _finish(
        68,
        "8.2",
        "four players, first trick of round 2, trump Hearts, seat 2 leads: C13, H2,"
        " C9, C12: H2 (seat 3) wins",
        "players=4 round=2 dealer=1 scores=20,20,-10,20 turned=H1 bids=0,0,0,0"
        " hands=C5/C12,H13/C3/D4 trick=C13,H2,C9",
        play="C12",
        winner=3,
    )
    yield _finish(
        69,
        "8.2",
        "five players, trump Clubs: S9, C1, S12, D13, S13: C1 (seat 2) wins",
        "players=5 turned=C13 bids=0,0,0,0,0 hands=S13/-/-/-/- trick=S9,C1,S12,D13",
        play="S13",
        winner=2,
    )
    yield _finish(
        70,
        "8.2",
        "five players, trump Spades: H5, S3, S7, S2, J1: S7 (seat 3) wins",
        "players=5 turned=S1 bids=0,0,0,0,0 hands=J1/-/-/-/- trick=H5,S3,S7,S2",
        play="J1",
        winner=3,
    )
    yield _finish(
        71,
        "8.2",
        "five players, trump Diamonds, seat 2 leads: C13, D3, C12, D4, D2: D4 (seat 0) wins",
        "players=5 dealer=1 turned=D1 bids=0,0,0,0,0 hands=-/D2/-/-/- trick=C13,D3,C12,D4",
        play="D2",
        winner=0,
    )
    yield _finish(
        72,
        "8.2",
        "six players, trump Clubs: H9, C1, H12, D4, C2, H13: C2 (seat 5) beats C1",
        "players=6 turned=C13 bids=0,0,0,0,0,0 hands=H13/-/-/-/-/- trick=H9,C1,H12,D4,C2",
        play="H13",
        winner=5,
    )
    yield _finish(
        73,
        "8.2",
        "six players, trump Spades: H9, S1, H13, J1, H12, D4: S1 (seat 2) wins",
        "players=6 turned=S13 bids=0,0,0,0,0,0 hands=D4/-/-/-/-/- trick=H9,S1,H13,J1,H12",
        play="D4",
        winner=2,
    )
    yield _finish(
        74,
        "8.2",
        "six players, trump Hearts: J1, J2, C5, C13, H3, H2: H3 (seat 5) wins",
        "players=6 turned=H1 bids=0,0,0,0,0,0 hands=H2/-/-/-/-/- trick=J1,J2,C5,C13,H3",
        play="H2",
        winner=5,
    )
    yield _finish(
        75,
        "8.2",
        "six players, trump Diamonds, seat 0 leads: S2, S13, D5, D6, S12, D13: D13 (seat 5) wins",
        "players=6 dealer=5 turned=D1 bids=0,0,0,0,0,0 hands=-/-/-/-/-/D13 trick=S2,S13,D5,D6,S12",
        play="D13",
        winner=5,
    )

    # -- 8.3: otherwise the highest card of the led suit wins ---------------------------------
    yield _finish(
        76,
        "8.3",
        "three players, no trump played: C5, C9, C2: C9 (seat 2) wins",
        "players=3 turned=S1 bids=0,0,0 hands=C2/-/- trick=C5,C9",
        play="C2",
        winner=2,
    )
    yield _finish(
        77,
        "8.3",
        "three players: C5, H13, C6: H13 is of another suit and cannot win; C6 (seat 0) wins",
        "players=3 turned=S1 bids=0,0,0 hands=C6/-/- trick=C5,H13",
        play="C6",
        winner=0,
    )
    yield _finish(
        78,
        "8.3",
        "three players, no trump (a Jester turned): D5, D6, S13: D6 (seat 2) wins",
        "players=3 turned=J1 bids=0,0,0 hands=S13/-/- trick=D5,D6",
        play="S13",
        winner=2,
    )
    yield _finish(
        79,
        "8.3",
        "four players, no trump: D1, S13, H13, C13: the only Diamond (seat 1) wins",
        "players=4 turned=J4 bids=0,0,0,0 hands=C13/-/-/- trick=D1,S13,H13",
        play="C13",
        winner=1,
    )
    yield _finish(
        80,
        "8.3",
        "four players: J1, C5, C9, H13: Clubs are led; C9 (seat 3) wins",
        "players=4 turned=S1 bids=0,0,0,0 hands=H13/-/-/- trick=J1,C5,C9",
        play="H13",
        winner=3,
    )
    yield _finish(
        81,
        "8.3",
        "four players: J1, J2, D2, D3: Diamonds are led; D3 (seat 0) wins",
        "players=4 turned=S1 bids=0,0,0,0 hands=D3/-/-/- trick=J1,J2,D2",
        play="D3",
        winner=0,
    )
    yield _finish(
        82,
        "8.3",
        "four players: C5, J1, J2, C1: the Jesters cannot win; C5 (seat 1) wins",
        "players=4 turned=H1 bids=0,0,0,0 hands=C1/-/-/- trick=C5,J1,J2",
        play="C1",
        winner=1,
    )
    yield _finish(
        83,
        "8.3",
        "four players, no trump, seat 2 leads: S3, S4, D13, C13: S4 (seat 3) wins",
        "players=4 dealer=1 turned=J2 bids=0,0,0,0 hands=-/C13/-/- trick=S3,S4,D13",
        play="C13",
        winner=3,
    )
    yield _finish(
        84,
        "8.3",
        "five players: three Jesters, C4, then C10: C10 (seat 0) wins",
        "players=5 turned=H1 bids=0,0,0,0,0 hands=C10/-/-/-/- trick=J1,J2,J3,C4",
        play="C10",
        winner=0,
    )
    yield _finish(
        85,
        "8.3",
        "five players: C5, C2, H13, C7, S13: C7 (seat 4) wins",
        "players=5 turned=D1 bids=0,0,0,0,0 hands=S13/-/-/-/- trick=C5,C2,H13,C7",
        play="S13",
        winner=4,
    )
    yield _finish(
        86,
        "8.3",
        "five players: four Jesters, then C2: not every card is a Jester, so C2 (seat 0) wins",
        "players=5 turned=S1 bids=0,0,0,0,0 hands=C2/-/-/-/- trick=J4,J3,J2,J1",
        play="C2",
        winner=0,
    )
    yield _finish(
        87,
        "8.3",
        "six players: H11, C13, D13, H1, J1, H12: H12 (seat 0) wins",
        "players=6 turned=S1 bids=0,0,0,0,0,0 hands=H12/-/-/-/-/- trick=H11,C13,D13,H1,J1",
        play="H12",
        winner=0,
    )
    yield _finish(
        88,
        "8.3",
        "six players: three Jesters, D5, D4, then the fourth Jester: D5 (seat 4) wins",
        "players=6 turned=C1 bids=0,0,0,0,0,0 hands=J1/-/-/-/-/- trick=J4,J3,J2,D5,D4",
        play="J1",
        winner=4,
    )
    yield _finish(
        89,
        "8.3",
        "six players, no trump, seat 4 leads: S5, H13, C13, S9, D13, S2: S9 (seat 1) wins",
        "players=6 dealer=3 turned=J1 bids=0,0,0,0,0,0 hands=-/-/-/S2/-/- trick=S5,H13,C13,S9,D13",
        play="S2",
        winner=1,
    )

    # -- 8.4: only Jesters: the first wins ----------------------------------------------------
    yield _finish(
        90,
        "8.4",
        "three players: J1, J2, J3: the first Jester (seat 1) wins",
        "players=3 turned=S1 bids=0,0,0 hands=J3/-/- trick=J1,J2",
        play="J3",
        winner=1,
    )
    yield _finish(
        91,
        "8.4",
        "three players: J3, J1, J2: the first played (seat 1) wins, not the lowest number",
        "players=3 turned=S1 bids=0,0,0 hands=J2/-/- trick=J3,J1",
        play="J2",
        winner=1,
    )
    yield _finish(
        92,
        "8.4",
        "three players, seat 2 leads: J4, J2, J1: the first Jester (seat 2) wins",
        "players=3 dealer=1 turned=C1 bids=0,0,0 hands=-/J1/- trick=J4,J2",
        play="J1",
        winner=2,
    )
    yield _finish(
        93,
        "8.4",
        "three players, no trump, seat 0 leads: J2, J3, J1: seat 0 wins",
        "players=3 dealer=2 turned=J4 bids=0,0,0 hands=-/-/J1 trick=J2,J3",
        play="J1",
        winner=0,
    )
    yield _finish(
        94,
        "8.4",
        "four players: J4, J3, J2, J1: the first Jester (seat 1) wins",
        "players=4 turned=S1 bids=0,0,0,0 hands=J1/-/-/- trick=J4,J3,J2",
        play="J1",
        winner=1,
    )
    yield _finish(
        95,
        "8.4",
        "four players, seat 2 leads: J1, J2, J3, J4: the first Jester (seat 2) wins",
        "players=4 dealer=1 turned=H5 bids=0,0,0,0 hands=-/J4/-/- trick=J1,J2,J3",
        play="J4",
        winner=2,
    )
    yield _finish(
        96,
        "8.4",
        "four players, seat 3 leads: J3, J4, J1, J2: the first Jester (seat 3) wins",
        "players=4 dealer=2 turned=D1 bids=0,0,0,0 hands=-/-/J2/- trick=J3,J4,J1",
        play="J2",
        winner=3,
    )
    yield _finish(
        97,
        "8.4",
        "four players, seat 0 leads: J2, J1, J4, J3: the first Jester (seat 0) wins",
        "players=4 dealer=3 turned=D1 bids=0,0,0,0 hands=-/-/-/J3 trick=J2,J1,J4",
        play="J3",
        winner=0,
    )
    yield _finish(
        98,
        "8.4",
        "four players, first trick of round 2, seat 2 leads: J4, J1, J3, then J2:"
        " the first Jester (seat 2) wins",
        "players=4 round=2 dealer=1 scores=20,-10,20,20 turned=S1 bids=0,0,0,0"
        " hands=C3/J2,C4/C5/C6 trick=J4,J1,J3",
        play="J2",
        winner=2,
    )

    # -- 8.5: the winner so far -----------------------------------------------------------
    yield _so_far(
        99,
        "three players: C5 led: its player (seat 1) is winning so far",
        "players=3 turned=S1 bids=0,0,0 hands=D13/C5/J1",
        play="C5",
        winning=1,
    )
    yield _so_far(
        100,
        "three players: C5, then C9: the higher card of the led suit (seat 2) takes the lead",
        "players=3 turned=S1 bids=0,0,0 hands=C2/-/C9 trick=C5",
        play="C9",
        winning=2,
    )
    yield _so_far(
        101,
        "three players, trump Hearts: C5, then H2: the trump (seat 2) takes the lead",
        "players=3 turned=H1 bids=0,0,0 hands=C13/-/H2 trick=C5",
        play="H2",
        winning=2,
    )
    yield _so_far(
        102,
        "four players: no card played yet: nobody is winning",
        "players=4 turned=S1 bids=0,0,0,0 hands=C5/C6/C7/C8",
        play=None,
        winning=None,
    )
    yield _so_far(
        103,
        "four players: J2, then J1: only Jesters, the first (seat 1) is winning",
        "players=4 turned=S1 bids=0,0,0,0 hands=C4/-/J1/C3 trick=J2",
        play="J1",
        winning=1,
    )
    yield _so_far(
        104,
        "four players: J1, J2, then W1: the Wizard (seat 3) is winning",
        "players=4 turned=S1 bids=0,0,0,0 hands=C4/-/-/W1 trick=J1,J2",
        play="W1",
        winning=3,
    )
    yield _so_far(
        105,
        "four players: C5, then D13: a card of another suit does not take the lead (seat 1)",
        "players=4 turned=S1 bids=0,0,0,0 hands=C4/-/D13/C3 trick=C5",
        play="D13",
        winning=1,
    )
    yield _so_far(
        106,
        "five players: J1, then C9: the suit card (seat 2) is winning",
        "players=5 turned=S1 bids=0,0,0,0,0 hands=C1/-/C9/C2/C3 trick=J1",
        play="C9",
        winning=2,
    )
    yield _so_far(
        107,
        "five players: W1, W2, C13, then S2 (trump): the first Wizard (seat 1) is winning",
        "players=5 turned=S1 bids=0,0,0,0,0 hands=C6/-/-/-/S2 trick=W1,W2,C13",
        play="S2",
        winning=1,
    )
    yield _so_far(
        108,
        "six players, trump Hearts: C5, C13, then H2: the trump (seat 3) takes the lead",
        "players=6 turned=H1 bids=0,0,0,0,0,0 hands=C2/-/-/H2/C9/C10 trick=C5,C13",
        play="H2",
        winning=3,
    )
    yield _so_far(
        109,
        "six players: J2, J3, J4, then J1: only Jesters, the first (seat 1) is winning",
        "players=6 turned=S1 bids=0,0,0,0,0,0 hands=C2/-/-/-/J1/C4 trick=J2,J3,J4",
        play="J1",
        winning=1,
    )
    yield _so_far(
        110,
        "six players: D5, D9, then D7: a lower card of the led suit does not take the"
        " lead (seat 2)",
        "players=6 turned=C1 bids=0,0,0,0,0,0 hands=C2/-/-/D7/C4/C5 trick=D5,D9",
        play="D7",
        winning=2,
    )

    # -- 1.2: ranks -----------------------------------------------------------------------
    yield _finish(
        111,
        "1.2",
        "three players: H12, H13, H11: 13 is the highest rank (seat 2)",
        "players=3 turned=S1 bids=0,0,0 hands=H11/-/- trick=H12,H13",
        play="H11",
        winner=2,
    )
    yield _finish(
        112,
        "1.2",
        "three players: S2, D13, S1: 1 is the lowest rank, S2 (seat 1) wins",
        "players=3 turned=C1 bids=0,0,0 hands=S1/-/- trick=S2,D13",
        play="S1",
        winner=1,
    )
    yield _finish(
        113,
        "1.2",
        "four players, trump Diamonds: C2, D4, D12, D11: D12 (seat 3) is the highest trump",
        "players=4 turned=D1 bids=0,0,0,0 hands=D11/-/-/- trick=C2,D4,D12",
        play="D11",
        winner=3,
    )
    yield _finish(
        114,
        "1.2",
        "four players, no trump: H9, H2, H8, H10: 10 beats 9 (seat 0)",
        "players=4 turned=J1 bids=0,0,0,0 hands=H10/-/-/- trick=H9,H2,H8",
        play="H10",
        winner=0,
    )
    yield _finish(
        115,
        "1.2",
        "four players: S13, S1, C13, D13: 1 is the lowest rank, not above 13; S13 (seat 1) wins",
        "players=4 turned=H1 bids=0,0,0,0 hands=D13/-/-/- trick=S13,S1,C13",
        play="D13",
        winner=1,
    )
    yield _finish(
        116,
        "1.2",
        "five players: C9, C10, C1, C2, C3: C10 (seat 2) is the highest",
        "players=5 turned=H1 bids=0,0,0,0,0 hands=C3/-/-/-/- trick=C9,C10,C1,C2",
        play="C3",
        winner=2,
    )
    yield _finish(
        117,
        "1.2",
        "six players: D12, D10, D11, D13, D9, D1: D13 (seat 4) is the highest",
        "players=6 turned=H1 bids=0,0,0,0,0,0 hands=D1/-/-/-/-/- trick=D12,D10,D11,D13,D9",
        play="D1",
        winner=4,
    )
    yield _finish(
        118,
        "1.2",
        "six players: H1, C1, D1, H3, J1, H2: H3 (seat 4) is the highest Heart; 1 is the lowest",
        "players=6 turned=S1 bids=0,0,0,0,0,0 hands=H2/-/-/-/-/- trick=H1,C1,D1,H3,J1",
        play="H2",
        winner=4,
    )

    # -- every combination of card kinds, by place (docs/coverage.rst) --------------------
    yield from kind_cases()


# -- every combination of card kinds (docs/coverage.rst) -------------------------------------
#
# Each card of a trick is of a kind: W (Wizard), J (Jester), T (trump), L (the
# led suit, when it is not trump) or O (another suit); a trump played while a
# trump is winning is T+ or T- (higher or lower than it), and so L+ and L- for
# the led suit.  Before each card the trick is in a situation: ("start",);
# ("jesters", p) after p Jesters only; or ("open", p, opener, winning), p
# Jesters, then the first other card, of kind opener (W, T or L), and the kind
# of the card winning so far (rule 8.5).  A combination is a card's place, its
# situation and its kind; the cases below give every combination that can
# occur, for each player count and with trump and without, at least once.
# They are chosen greedily from every sequence of kinds, in a fixed order, so
# that each new case covers as many combinations not yet covered as it can.

FIRST_KIND_CASE = 119
NAMES = {3: "three", 4: "four", 5: "five", 6: "six"}
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
Situation = tuple[object, ...]
Combination = tuple[int, Situation, str]


def _arrivals(situation: Situation, trump: bool) -> list[tuple[str, Situation]]:
    """The kinds a card may have in ``situation``, each with the situation after it."""
    if situation[0] in ("start", "jesters"):
        jesters = 0 if situation[0] == "start" else int(str(situation[1]))
        out: list[tuple[str, Situation]] = [
            ("W", ("open", jesters, "W", "W")),
            ("J", ("jesters", jesters + 1)),
        ]
        if trump:
            out.append(("T", ("open", jesters, "T", "T")))
        out.append(("L", ("open", jesters, "L", "L")))
        return out
    _, depth, opener, winning = situation
    out = [
        ("W", situation if winning == "W" else ("open", depth, opener, "W")),
        ("J", situation),
    ]
    if trump:
        if winning == "T":
            out += [("T+", situation), ("T-", situation)]
        else:
            out.append(("T", situation if winning == "W" else ("open", depth, opener, "T")))
    if opener == "L":
        out += [("L+", situation), ("L-", situation)] if winning == "L" else [("L", situation)]
    out.append(("O", situation))
    return out


def _sequences(players: int, trump: bool) -> list[tuple[tuple[str, ...], frozenset[Combination]]]:
    """Every sequence of kinds of a trick (at most four Wizards and four
    Jesters), with the combinations it holds, in a fixed order."""
    found: list[tuple[tuple[str, ...], frozenset[Combination]]] = []

    def extend(
        situation: Situation, kinds: tuple[str, ...], held: tuple[Combination, ...]
    ) -> None:
        if len(kinds) == players:
            found.append((kinds, frozenset(held)))
            return
        for kind, after in _arrivals(situation, trump):
            if kind in ("W", "J") and kinds.count(kind) == 4:
                continue
            extend(after, (*kinds, kind), (*held, (len(kinds), situation, kind)))

    extend(("start",), (), ())
    return found


def _cover(players: int, trump: bool) -> list[tuple[str, ...]]:
    """Sequences of kinds that together hold every combination: each the first
    that holds the most combinations not held by those before it."""
    candidates = _sequences(players, trump)
    missing = set().union(*(held for _, held in candidates))
    chosen = []
    while missing:
        kinds, held = max(candidates, key=lambda item: len(item[1] & missing))
        chosen.append(kinds)
        missing -= held
    return chosen


def _cards(kinds: tuple[str, ...], trump: str | None, led: str) -> list[str]:
    """Cards of the given kinds: trumps and cards of the led suit ranked from 7
    up (+) or down (-), the other suits from 13 down."""
    wizards = iter(["W1", "W2", "W3", "W4"])
    jesters = iter(["J1", "J2", "J3", "J4"])
    others = [s for s in "CDHS" if s not in (trump, led)]
    ranks: dict[str, list[int]] = {}
    other_ranks = dict.fromkeys(others, 13)
    cards = []
    for kind in kinds:
        if kind == "W":
            cards.append(next(wizards))
        elif kind == "J":
            cards.append(next(jesters))
        elif kind == "O":
            suit = others[sum(1 for c in cards if c[0] in others) % len(others)]
            cards.append(f"{suit}{other_ranks[suit]}")
            other_ranks[suit] -= 1
        else:
            ranked = trump if kind[0] == "T" else led
            assert ranked is not None
            low_high = ranks.setdefault(kind[0], [])
            if not low_high:
                low_high.extend([7, 7])
                rank = 7
            elif kind.endswith("-"):
                low_high[0] -= 1
                rank = low_high[0]
            else:
                low_high[1] += 1
                rank = low_high[1]
            cards.append(f"{ranked}{rank}")
    return cards


def _winning_place(kinds: tuple[str, ...]) -> int:
    """The place of the card that wins a trick of these kinds (rules 8.1 to 8.4)."""
    best: int | None = None
    for place, kind in enumerate(kinds):
        best_kind = None if best is None else kinds[best][0]
        if best_kind == "W" or kind in ("O", "J", "T-", "L-"):
            continue
        if kind == "W" or kind in ("T", "T+", "L+") or (kind == "L" and best_kind != "T"):
            best = place
    return 0 if best is None else best


def _kind_case(number: int, players: int, trump: bool, index: int, kinds: tuple[str, ...]) -> Json:
    """The case of one sequence of kinds: the trick but its last card is on the table."""
    rotation = "CDHS"[index % 4 :] + "CDHS"[: index % 4]
    trump_suit = rotation[0] if trump else None
    led = rotation[1] if trump else rotation[0]
    cards = _cards(kinds, trump_suit, led)
    last_round = not trump and kinds.count("J") == 4
    round_ = 60 // players if last_round else 1
    dealer = index % players
    if trump:
        turned: str | None = f"{trump_suit}13"
        setting = f"trump {SUIT_NAMES[str(trump_suit)]}"
    else:
        turned = None if last_round else "J4"
        setting = "no trump, the last round" if last_round else "no trump (J4 turned)"
    opener = next((k for k in kinds if k != "J"), "J")
    void = kinds[-1][0] in "TO" and opener in ("L", "T")
    start = first_trick(players, round_, dealer, cards[:-1], cards[-1:], turned, void=void)
    place = _winning_place(kinds)
    seat = (start["leader"] + place) % players
    rule = "8.4" if opener == "J" else "8.3"
    if "W" in kinds or any(k[0] == "T" for k in kinds):
        rule = "8.1" if "W" in kinds else "8.2"
    return case(
        f"winner.{number:03d}",
        rule,
        f"{NAMES[players]} players, {setting}: {' '.join(cards)} ({' '.join(kinds)}):"
        f" {cards[place]} (seat {seat}) wins",
        start["config"],
        [play_card(_to_act(start), cards[-1])],
        state={"trick_winners": [seat]} if last_round else {"round_trick_winners": [[seat]]},
        start=start,
    )


def kind_cases() -> Iterator[Json]:
    """The cases of every combination of card kinds, numbered from FIRST_KIND_CASE."""
    number = FIRST_KIND_CASE
    for players in (3, 4, 5, 6):
        for trump in (True, False):
            for index, kinds in enumerate(_cover(players, trump)):
                yield _kind_case(number, players, trump, index, kinds)
                number += 1
