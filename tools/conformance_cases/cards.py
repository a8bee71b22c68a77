"""What the areas of the anniversary cards (rules 28 to 41) are built from.

The cards' games start at the first deal (the one-line notation of positions
has no anniversary cards), so each case gives its deal and every action after
it.  Most cases play round 1 of three players, dealer 0: the bids go seats 1,
2, 0, seat 1 leads and play goes 1, 2, 0.  A case that needs more cards a hand
plays a listed schedule such as ``[2]`` or ``[3]`` (one round of that many
cards; rule 22, which combines with the cards: rule 28.5).

Tags (fixed conventions, which the reading detector reads): every case
carries ``variant:anniversary_cards``, a ``card:NAME`` tag for each card it
exercises, and a case whose expectation depends on a reading carries
``reading:NAME=VALUE``; reading cases come in groups (see :func:`reading_group`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from .common import Json, bid, case, fill, play

ALL_CARDS = (
    "dragon",
    "fairy",
    "bomb",
    "werewolf",
    "juggler",
    "cloud",
    "shapeshifter",
    "witch",
    "vampire",
)
"""The nine cards' names, in canonical order (the order a configuration lists them)."""

READING_VALUES: dict[str, tuple[str, ...]] = {
    "bomb_leader": ("would_have_won", "highest_card"),
    "cloud_timing": ("after_trick", "round_end"),
    "effect_order": ("juggler_cloud_witch", "cloud_juggler_witch"),
    "vampire_under_werewolf": ("next_stock_card", "displaced_card"),
    "juggler_last_trick": ("no_pass",),
}
"""Each reading's values, the default first (rules 31.3, 34.3, 40.2, 37.3 and 33.4)."""

TOKENS = {name: name.capitalize() for name in ALL_CARDS}


def cfg(
    cards: Sequence[str],
    players: int = 3,
    dealer: int = 0,
    *,
    readings: dict[str, str] | None = None,
    **more: Any,
) -> Json:
    """A configuration with the ``cards`` added (in canonical order), and ``readings`` if any."""
    names = [name for name in ALL_CARDS if name in cards]
    assert len(names) == len(set(cards)), cards
    config: Json = {
        "players": players,
        "first_dealer": dealer,
        "forbid_bid_total_match": False,
        **more,
        "anniversary_cards": names,
    }
    if readings:
        config["readings"] = dict(readings)
    return config


def declare(player: int, value: str) -> Json:
    return {"type": "declare", "player": player, "as": value}


def werewolf(player: int, suit: str | None) -> Json:
    return {"type": "werewolf", "player": player, "suit": suit}


def reveal(card: str) -> Json:
    return {"type": "reveal", "card": card}


def pass_card(player: int, card: str) -> Json:
    return {"type": "pass", "player": player, "card": card}


def change_bid(player: int, by: int) -> Json:
    return {"type": "change_bid", "player": player, "by": by}


def witch_swap(player: int, give: str | None, take: str | None) -> Json:
    return {"type": "witch_swap", "player": player, "give": give, "take": take}


def choose(player: int, suit: str | None) -> Json:
    return {"type": "choose_trump", "player": player, "suit": suit}


def plays(players: int, leader: int, specs: Sequence[str]) -> list[Json]:
    """The plays of one trick from ``leader``: each spec a card, or ``CARD=X`` for a card
    declared ``X`` right after it is played (a suit letter, ``W`` or ``J``)."""
    actions: list[Json] = []
    for k, spec in enumerate(specs):
        seat = (leader + k) % players
        card, _, said = spec.partition("=")
        actions.append(play(seat, card))
        if said:
            actions.append(declare(seat, said))
    return actions


def bids(players: int, dealer: int, values: Sequence[int]) -> list[Json]:
    """Bids in bidding order: values[0] by the seat left of the dealer, ..."""
    return [bid((dealer + 1 + k) % players, v) for k, v in enumerate(values)]


def one_trick(
    specs: Sequence[str],
    turned: str,
    *,
    players: int = 3,
    trump: str | None = None,
    values: Sequence[int] | None = None,
) -> list[Json]:
    """Round 1, dealer 0: seat ``(1 + k) % players`` holds the ``k``-th card of ``specs``
    (the others are filled), ``turned`` is turned (``trump``: the suit the dealer then
    names), every bid 0 unless ``values`` (in bidding order), and the trick is played."""
    given = {(1 + k) % players: spec.partition("=")[0] for k, spec in enumerate(specs)}
    actions = [fill(players, 1, given, turned)]
    if trump is not None:
        actions.append(choose(0, trump))
    actions += bids(players, 0, [0] * players if values is None else values)
    return actions + plays(players, 1, specs)


def card_tags(names: Sequence[str]) -> list[str]:
    return [f"card:{name}" for name in names]


def acase(
    case_id: str,
    rule: str,
    description: str,
    config: Json,
    actions: Sequence[Any],
    *,
    cards: Sequence[str],
    reading: tuple[str, str] | None = None,
    **kw: Any,
) -> Json:
    """One case of the cards: :func:`~.common.case` with the card tags (and a reading's)."""
    also = card_tags(cards)
    if reading is not None:
        also.append(f"reading:{reading[0]}={reading[1]}")
    return case(case_id, rule, description, config, actions, also=also, **kw)


def reading_group(
    ids: Iterator[str],
    rule: str,
    name: str,
    description: str,
    cards: Sequence[str],
    config_of: Any,
    actions: Sequence[Any],
    expect: dict[str, dict[str, Any]],
    pinned: dict[str, str] | None = None,
) -> Iterator[Json]:
    """A group of reading cases: one case per value of reading ``name``, the same given
    but for the configuration's ``readings`` (none for the default value), each with the
    expectation ``expect[VALUE]`` (its ``errors`` and ``state``) and the reason in
    ``expect[VALUE]["why"]``.  ``config_of(readings)`` makes the configuration.

    ``pinned`` names other readings the expectations depend on, written in every case's
    configuration (their default values included), so that an implementation whose own
    value of them differs still plays the group as its cases mean (the detector removes
    only the group's own reading)."""
    values = READING_VALUES[name]
    assert set(expect) == set(values), (name, sorted(expect))
    assert name not in (pinned or {}), name
    for value in values:
        readings = dict(pinned or {}) if value == values[0] else {**(pinned or {}), name: value}
        readings = readings or None
        wanted = expect[value]
        yield acase(
            next(ids),
            rule,
            f"{description}; reading {name}={value}: {wanted['why']}",
            config_of(readings),
            actions,
            cards=cards,
            reading=(name, value),
            errors=wanted.get("errors"),
            state=wanted["state"],
        )
