"""Building blocks of the areas of the variants of rules 23 to 27 (issue 24).

What a seat is given is observed with ``views`` (one object per seat: the
hands it sees, the bids it sees, the seats whose bid is hidden from it, and
the bids of the finished rounds as its results show them).  The expected
views are written from the rules' sentences by the small functions below,
which say each sentence once: in the base game a seat sees its own hand and
every bid made (rule 13); with hidden bids or delayed reveal it sees only
its own bid while the rules 23.1 and 24.1 say so; under clairvoyance, in
round 1, every other card and not its own (rule 26.2).  Nothing here asks
the library what it shows; :func:`pos` (from ``common``) only writes and
checks positions.
"""

from __future__ import annotations

from collections.abc import Sequence

from .canadian import hands
from .common import Json


def hand_lists(text: str) -> list[list[str]]:
    """The hands of the notation (``C1,C2/C3,C4/...``) as lists of cards."""
    return [[] if hand == "-" else hand.split(",") for hand in text.split("/")]


def bid_phase(
    players: int,
    rnd: int,
    dealer: int,
    bids: str,
    *,
    options: str,
    schedule: str = "",
    size: int | None = None,
    scores: str = "",
) -> str:
    """The bid phase of round ``rnd`` (``size`` cards each, by default ``rnd``),
    H13 turned unless every card is dealt, in the one-line notation; the
    scores, unless given, ``20 * (rnd - 1)`` each (every bid met with no trick)."""
    size = rnd if size is None else size
    turned = "" if players * size == 60 else " turned=H13"
    opts = f" options={options}" if options else ""
    sched = f" schedule={schedule}" if schedule else ""
    scores = scores or ",".join([str(20 * (rnd - 1))] * players)
    score = f" scores={scores}" if rnd > 1 else ""
    return (
        f"players={players}{opts}{sched} round={rnd} dealer={dealer}{score} "
        f"hands={hands(players, size)}{turned} bids={bids}"
    )


def bid_list(text: str) -> list[int | None]:
    """The bids of the notation (``0,-,1``) by seat, ``None`` for a bid not made."""
    return [None if b == "-" else int(b) for b in text.split(",")]


def view(
    seen: Sequence[Sequence[str] | None],
    bids: Sequence[int | None],
    hidden: Sequence[int] = (),
    round_bids: Sequence[Sequence[int]] = (),
) -> Json:
    """One seat's object of ``views``."""
    return {
        "hands": [None if hand is None else list(hand) for hand in seen],
        "bids": list(bids),
        "unseen_bids": list(hidden),
        "round_bids": [list(r) for r in round_bids],
    }


def own_hand_only(all_hands: Sequence[Sequence[str]], seat: int) -> list[list[str] | None]:
    """Rule 13: a seat sees its own hand, and no other (but that a hand of no cards
    holds none)."""
    return [list(hand) if s == seat or not hand else None for s, hand in enumerate(all_hands)]


def all_but_own(all_hands: Sequence[Sequence[str]], seat: int) -> list[list[str] | None]:
    """Rule 26.2: in round 1 under clairvoyance, every other hand and not its own."""
    return [None if s == seat else list(hand) for s, hand in enumerate(all_hands)]


def open_views(
    all_hands: Sequence[Sequence[str]],
    bids: Sequence[int | None],
    *,
    blind: bool = False,
    round_bids: Sequence[Sequence[int]] = (),
) -> list[Json]:
    """Every seat's view when every bid made is shown (the base game, rule 23.3)."""
    see = all_but_own if blind else own_hand_only
    return [view(see(all_hands, s), bids, (), round_bids) for s in range(len(all_hands))]


def secret_views(
    all_hands: Sequence[Sequence[str]],
    bids: Sequence[int | None],
    *,
    blind: bool = False,
    round_bids: Sequence[Sequence[int]] = (),
) -> list[Json]:
    """Every seat's view while the bids are secret (rules 23.1 and 24.1): its own
    bid if made, ``null`` for every other; the others' made bids listed as hidden."""
    see = all_but_own if blind else own_hand_only
    views = []
    for s in range(len(all_hands)):
        shown = [b if t == s else None for t, b in enumerate(bids)]
        hidden = [t for t, b in enumerate(bids) if t != s and b is not None]
        views.append(view(see(all_hands, s), shown, hidden, round_bids))
    return views


def score(bid: int, won: int) -> int:
    """Rule 9: 20 + 10 a trick when the bid is met, else -10 a trick of difference."""
    return 20 + 10 * won if bid == won else -10 * abs(bid - won)
