"""What the areas of the conformance suite are built from.

The building blocks (actions as JSON, filled deals, prefixes of simple legal
play, positions in their JSON form), the tags, and :func:`case`, which turns
what an area states into one case of the suite.  Each area is a module of
this package (``deck``, ``rounds``, ...) with one function that yields its
cases and a ``RETIRED`` list of its retired ids; ``tools/make_conformance.py``
writes them all.
"""

from __future__ import annotations

import functools
import random
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from wizard_rules import (  # noqa: E402
    Config,
    Deal,
    GameRecord,
    Position,
    State,
    action_from_dict,
    action_to_dict,
    apply,
    legal_actions,
    new_game,
)
from wizard_rules.core.cards import DECK, Card  # noqa: E402
from wizard_rules.core.position import position_of  # noqa: E402
from wizard_rules.formats.records import position_to_dict  # noqa: E402

Json = dict[str, Any]

# -- building blocks ------------------------------------------------------------


def config(players: int = 3, dealer: int = 0, option: bool = False) -> Json:
    return {"players": players, "first_dealer": dealer, "forbid_bid_total_match": option}


def deal(hands: Sequence[str], turned: str | None) -> Json:
    return {"type": "deal", "hands": [h.split() for h in hands], "turned": turned}


def bid(player: int, tricks: int) -> Json:
    return {"type": "bid", "player": player, "tricks": tricks}


def play(player: int, card: str) -> Json:
    return {"type": "play", "player": player, "card": card}


def trump(player: int, suit: str | None) -> Json:
    return {"type": "choose_trump", "player": player, "suit": suit}


# Cards used to fill the hands a case does not care about: low cards first,
# Wizards and Jesters last, so that filled hands rarely matter.
FILL_ORDER = (
    [f"D{r}" for r in range(1, 14)]
    + [f"S{r}" for r in range(1, 14)]
    + [f"C{r}" for r in range(1, 14)]
    + [f"H{r}" for r in range(1, 14)]
    + [f"J{n}" for n in range(1, 5)]
    + [f"W{n}" for n in range(1, 5)]
)


def fill(players: int, size: int, given: dict[int, str], turned: str | None) -> Json:
    """A deal of ``size`` cards each: the given seats get their cards, the
    others the first unused cards of FILL_ORDER."""
    used = {c for text in given.values() for c in text.split()}
    if turned:
        used.add(turned)
    pool = [c for c in FILL_ORDER if c not in used]
    hands = []
    for seat in range(players):
        if seat in given:
            hands.append(given[seat])
        else:
            hands.append(" ".join(pool[:size]))
            del pool[:size]
    return deal(hands, turned)


def seat(players: int, dealer: int, k: int) -> int:
    """The seat k places left of the dealer."""
    return (dealer + k) % players


def bids_in_order(players: int, dealer: int, values: Sequence[int]) -> list[Json]:
    """Bids in bidding order: values[0] by the seat left of the dealer, ..."""
    return [bid(seat(players, dealer, k + 1), v) for k, v in enumerate(values)]


def plays_in_order(players: int, leader: int, cards: Sequence[str]) -> list[Json]:
    return [play((leader + k) % players, c) for k, c in enumerate(cards)]


def simple_prefix(cfg: Json, rounds: int) -> list[Json]:
    """Legal actions that play ``rounds`` whole rounds: each deal from FILL_ORDER
    in seat order (turned card next), every bid 0, every card the lowest legal
    one.  Built with the library, which only has to find a legal path."""
    state = new_game(Config(**cfg))
    actions: list[Json] = []
    players = cfg["players"]
    while len(state.results) < rounds:
        if state.is_chance:
            size = state.round
            cards = FILL_ORDER[: players * size + 1]
            hands = [" ".join(cards[s * size : (s + 1) * size]) for s in range(players)]
            turned = cards[players * size] if players * size < 60 else None
            action = deal(hands, turned)
            state = apply(state, action_from_dict(action))
            actions.append(action)
            continue
        choice = legal_actions(state)[0]
        state = apply(state, choice)
        actions.append(action_to_dict(choice))
    return actions


def last_round_deal(players: int) -> Json:
    """The deal of the last round: all 60 cards, in FILL_ORDER and seat order."""
    size = 60 // players
    return deal([" ".join(FILL_ORDER[s * size : (s + 1) * size]) for s in range(players)], None)


def position(cfg: Json, actions: Sequence[Json]) -> State:
    """The state that ``actions`` (all legal) lead to from a new game."""
    state = new_game(Config(**cfg))
    for action in actions:
        state = apply(state, action_from_dict(action))
    return state


def round3(hands: Sequence[str], turned: str = "D13") -> list[Json]:
    """Three players, dealer 0: two simple rounds, then round 3 (dealer 2) dealt
    as given and bid 0, 0, 0.  Seat 0 is to lead the first trick."""
    return [
        *simple_prefix(config(3), 2),
        deal(hands, turned),
        *bids_in_order(3, 2, [0, 0, 0]),
    ]


def _recorder_game(config: Config, rng: random.Random) -> State:
    """A random game as the golden games were recorded (wizard-rules 0.1's random play).

    Each deal shuffles the whole deck (seat ``dealer + 1 + k`` gets the
    ``k``-th run of cards, the next card is turned), and each decision is
    ``legal_actions(state)[rng.randrange(n)]``.  Kept here, apart from the
    library's random play (which now samples only the cards it deals), so
    that the recorded games stay the same cases.
    """
    state = new_game(config)
    players = config.players
    while not state.is_over:
        actions = legal_actions(state)
        if actions:
            state = apply(state, actions[rng.randrange(len(actions))])
            continue
        size = state.round
        deck = list(DECK)
        rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for k in range(players):
            hands[(state.dealer + 1 + k) % players] = deck[k * size : (k + 1) * size]
        dealt = players * size
        state = apply(state, Deal(hands, deck[dealt] if dealt < len(deck) else None))
    return state


def recorded_game(cfg: Json, seed: int) -> tuple[State, list[Json]]:
    """A seeded random game: its final state and its actions as records."""
    final = _recorder_game(Config(**cfg), random.Random(seed))
    actions: list[Json] = GameRecord.from_state(final).to_dict()["actions"]
    return final, actions


def one_trick(players: int, cards: Sequence[str], turned: str) -> list[Json]:
    """Round 1, dealer 0, every bid 0: seat 1 leads and the k-th card is
    played by seat (1 + k) % players; the other hands are filled."""
    given = {(1 + k) % players: c for k, c in enumerate(cards)}
    return [
        fill(players, 1, given, turned),
        *bids_in_order(players, 0, [0] * players),
        *plays_in_order(players, 1, cards),
    ]


def scoring_round1() -> list[Json]:
    """Round 1 of three players, dealer 0: the deal, in which seat 1 holds W1
    (and so wins the only trick)."""
    return [deal(["C3", "W1", "C2"], "D1")]


def scoring_round1_plays() -> list[Json]:
    """The trick of :func:`scoring_round1`: seat 1 leads W1."""
    return plays_in_order(3, 1, ["W1", "C2", "C3"])


def round2(players: int, given: dict[int, str], turned: str = "H13") -> list[Json]:
    """First dealer 0: a simple round 1, then round 2 (dealer 1) dealt with the
    given seats' cards (the others filled) and every bid 0.  Seat 2 leads the
    first trick, and play goes 2, 3, ..."""
    return [
        *simple_prefix(config(players), 1),
        fill(players, 2, given, turned),
        *bids_in_order(players, 1, [0] * players),
    ]


def round1_won_by(players: int, winner: int, bids: Sequence[int] | None = None) -> list[Json]:
    """Round 1, dealer 0, the bids given in bidding order (seat 1 first; by
    default every bid 0): seat ``winner`` holds W1 and the others low
    Diamonds (trump Hearts); seat 1 leads and seat ``winner`` wins."""
    dealt = fill(players, 1, {winner: "W1"}, "H13")
    cards = [dealt["hands"][(1 + k) % players][0] for k in range(players)]
    values = [0] * players if bids is None else bids
    return [dealt, *bids_in_order(players, 0, values), *plays_in_order(players, 1, cards)]


# -- cases and areas ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Area:
    """One case file: the area's name, what it covers, and its cases."""

    name: str
    description: str
    cases: list[Json]


def area(
    name: str, description: str
) -> Callable[[Callable[[], Iterator[Json]]], Callable[[], Area]]:
    """Turn a function that yields an area's cases into one that returns the
    whole area: its name, its description and the list of its cases."""

    def wrap(cases: Callable[[], Iterator[Json]]) -> Callable[[], Area]:
        @functools.wraps(cases)
        def make() -> Area:
            return Area(name, description, list(cases()))

        return make

    return wrap


# -- tags -----------------------------------------------------------------------------------------
#
# Every case says what kind of claim it makes (``tags``, see the schema):
#
# * ``rule``: a rule of the game stated by the sources (a rule of
#   docs/rules.rst with ``:sources:``), or one of our rules on turns,
#   refusals and queries that only applies the game's rules (8.5, 11.1 to
#   11.10: no sources and no ruling);
# * ``ruling:N``: the rule takes ruling N of docs/sources/rulings.md (its
#   ``:ruling: N``), where the sources are silent or disagree;
# * ``option``: the bid-total option (a rule with ``:option:
#   forbid_bid_total_match``, a case of the ``option`` area, or a
#   configuration that turns the option on);
# * ``variant:NAME``: a variant of docs/rules.rst's rules 21 and 22
#   (``variant:canadian_rule``, ``variant:short_schedule``): a rule whose
#   ``:option:`` is the variant's configuration key, or a configuration that
#   turns the variant on (``"canadian_rule": true``, or any ``"schedule"``
#   but ``"standard"``);
# * ``notation``: card text and JSON shapes (rules 1.3, 1.4 and 11.11, or a
#   refusal with ``bad_card_text`` or ``invalid_action``): these test the
#   adapter's decoding, not the rules, and carry no other tag of their rule;
# * ``order``: which code is reported when several apply (rule 11.11 and the
#   order before rule 11.1); given by the case (``also=ORDER``), as only the
#   case knows that its action breaks several rules.
#
# The tags of a rule are read from docs/rules.rst, so that they cannot drift
# from the ``:sources:`` and ``:ruling:`` of the rule a case names.

RULES_RST = ROOT / "docs" / "rules.rst"
NOTATION_RULES = frozenset({"1.3", "1.4", "11.11"})
NOTATION_CODES = frozenset({"bad_card_text", "invalid_action"})
ORDER = ("order",)
TAG_ORDER = ("rule", "ruling", "option", "variant", "card", "reading", "order", "notation")
# The tag of each variant, by the configuration key (and ``:option:``) that turns it on.
VARIANT_TAGS = {
    "canadian_rule": "variant:canadian_rule",
    "schedule": "variant:short_schedule",
    "hidden_bids": "variant:hidden_bids",
    "delayed_reveal": "variant:delayed_reveal",
    "hardcore": "variant:hardcore",
    "clairvoyance": "variant:clairvoyance",
    "anniversary_cards": "variant:anniversary_cards",
}
# The anniversary cards' rules (28 to 41): their cases carry the cards' tag
# (``variant:anniversary_cards``), the ``card:NAME`` tags of the cards they
# exercise and, when the expectation depends on a reading, its
# ``reading:NAME=VALUE`` (given by the case: see tools/conformance_cases/cards.py).
ANNIVERSARY_RULES = range(28, 42)
# The variants of rules 23 to 26, each turned on by its key being true.
FLAG_VARIANTS = ("hidden_bids", "delayed_reveal", "hardcore", "clairvoyance")


def rule_headers(text: str) -> dict[str, dict[str, str]]:
    """The options of every ``.. rule::`` directive of the specification."""
    headers: dict[str, dict[str, str]] = {}
    for block in re.split(r"^\.\. rule:: ", text, flags=re.MULTILINE)[1:]:
        lines = block.split("\n\n", 1)[0].split("\n")
        options = {}
        for line in lines[1:]:
            name, _, value = line.strip().partition(": ")
            options[name.strip(":")] = value.strip()
        headers[lines[0].strip()] = options
    return headers


RULE_HEADERS = rule_headers(RULES_RST.read_text(encoding="utf-8"))


def rule_tags(rule: str) -> list[str]:
    """The tags every case of ``rule`` carries, from the rule's header."""
    if rule in NOTATION_RULES:
        return ["notation"]
    if int(rule.split(".")[0]) in ANNIVERSARY_RULES:
        return [VARIANT_TAGS["anniversary_cards"]]
    header = RULE_HEADERS[rule]
    ruling = header.get("ruling", "")
    tags = []
    if "sources" in header or not ruling:
        tags.append("rule")
    if ruling.isdigit():
        tags.append(f"ruling:{ruling}")
    if "option" in header:
        name = header["option"]
        tags = [VARIANT_TAGS[name]] if name in VARIANT_TAGS else ["option"]
    return tags


def variant_tags(cfg: Json) -> list[str]:
    """The tags of the variants a configuration turns on (or tries to: any schedule but
    ``"standard"``, an invalid one included)."""
    tags = []
    if cfg.get("canadian_rule") is True:
        tags.append(VARIANT_TAGS["canadian_rule"])
    if "schedule" in cfg and cfg["schedule"] != "standard":
        tags.append(VARIANT_TAGS["schedule"])
    tags.extend(VARIANT_TAGS[name] for name in FLAG_VARIANTS if cfg.get(name) is True)
    if "anniversary_cards" in cfg:
        tags.append(VARIANT_TAGS["anniversary_cards"])
    return tags


def case_tags(
    rule: str, area_name: str, cfg: Json, errors: list[Json] | None, also: Sequence[str]
) -> list[str]:
    """A case's tags: its rule's, then what the kind of case adds."""
    codes = {error["code"] for error in errors or []}
    tags = ["notation"] if codes & NOTATION_CODES else rule_tags(rule)
    if area_name == "option" or cfg.get("forbid_bid_total_match") is True:
        tags.append("option")
    tags.extend(variant_tags(cfg))
    tags.extend(also)
    return sorted(set(tags), key=lambda tag: (TAG_ORDER.index(tag.split(":")[0]), tag))


def case(
    case_id: str,
    rule: str,
    description: str,
    cfg: Json,
    actions: Sequence[Any],
    *,
    errors: list[Json] | None = None,
    state: Json | None = None,
    perft_depth: int | None = None,
    perft_count: int | None = None,
    also: Sequence[str] = (),
    start: Json | None = None,
) -> Json:
    """One case.  ``actions`` are usually action objects, but cases of refused
    input may give anything (an action that is not even an object).
    ``also`` holds tags the rule does not give (``ORDER``); ``start`` is the
    position the case starts from (see :func:`pos`), if not the first deal."""
    assert start is None or start["config"] == cfg, "a position's config is its case's"
    expect: Json = {}
    if errors:
        expect["errors"] = errors
    if state is not None:
        expect["state"] = state
    if perft_depth is not None:
        expect["perft"] = {"depth": perft_depth, "count": perft_count}
    return {
        "id": case_id,
        "rule": rule,
        "tags": case_tags(rule, case_id.split(".")[0], cfg, errors, also),
        "description": description,
        "given": (
            {"config": cfg, "actions": list(actions)}
            if start is None
            else {"config": cfg, "position": start, "actions": list(actions)}
        ),
        "expect": expect,
    }


def refused(at: int, code: str) -> list[Json]:
    return [{"at": at, "code": code}]


# -- positions ---------------------------------------------------------------------------------
#
# A case that starts from a position gives it in the JSON form of
# conformance/position.schema.json.  Here positions are written in the
# one-line notation (rule 1.4), which a reviewer reads at a glance, with the
# keys that hold their usual value left out; :func:`pos` fills them in, checks
# the position against rules 12.1 to 12.14 with the library, and returns the
# JSON form.

POSITION_KEYS = (
    "players",
    "options",
    "schedule",
    "round",
    "dealer",
    "over",
    "scores",
    "hands",
    "turned",
    "trump",
    "bids",
    "won",
    "played",
    "trick",
    "leader",
)


def _trump_of(turned: str) -> str:
    """The trump a turned card makes (``"-"`` when it makes none, or the dealer names it)."""
    return turned[0] if turned[0] in "CDHS" else "-"


def pos(text: str) -> Json:
    """A position, written as ``KEY=VALUE`` tokens of the one-line notation
    in any order, in its JSON form.

    Left out: ``round`` is 1, ``dealer`` 0, ``scores`` and ``won`` all 0,
    ``played`` and ``trick`` empty, ``turned`` none, ``trump`` the turned
    card's suit (none for a Jester or no card; after a turned Wizard it must
    be given), ``bids`` none made, and ``leader`` the seat left of the dealer.
    ``hands`` must be given.  A position that cannot arise in a game is
    refused (rules 12.1 to 12.14).
    """
    given: dict[str, str] = {}
    for token in text.split():
        key, _, value = token.partition("=")
        assert key in POSITION_KEYS, token
        assert key not in given, token
        given[key] = value
    players = int(given["players"])
    dealer = int(given.setdefault("dealer", "0"))
    given.setdefault("round", "1")
    given.setdefault("scores", ",".join(["0"] * players))
    given.setdefault("won", ",".join(["0"] * players))
    given.setdefault("played", "-")
    given.setdefault("trick", "-")
    given.setdefault("turned", "-")
    given.setdefault("trump", _trump_of(given["turned"]))
    given.setdefault("bids", ",".join(["-"] * players))
    given.setdefault("leader", str((dealer + 1) % players))
    tokens = []
    for key in POSITION_KEYS:
        if key in given:
            tokens.append(key if key == "over" else f"{key}={given[key]}")
    return position_to_dict(Position.from_text(" ".join(tokens)))


def pos_after(cfg: Json, actions: Sequence[Json]) -> Json:
    """The position legal ``actions`` reach from a new game, in its JSON form."""
    return position_to_dict(position_of(position(cfg, actions)))


def first_trick(
    players: int,
    round_: int,
    dealer: int,
    trick: Sequence[str],
    hand: Sequence[str],
    turned: str | None,
    *,
    void: bool = False,
) -> Json:
    """A position in the first trick of round ``round_``, every bid 0 and
    every score ``20 * (round_ - 1)``: the seats from the leader (left of
    ``dealer``) have played ``trick``, and the seat to act holds ``hand``
    and, up to the round's size, more cards (of no led suit if ``void``).
    The other hands get the first unused cards of FILL_ORDER, of no led
    suit for a seat that did not follow it (rule 12.14); in the last round
    they use up the deck."""
    opener = next((c for c in trick if not c.startswith("J")), "W")[0]
    led = opener if opener in "CDHS" else None
    leader = (dealer + 1) % players
    actor = (leader + len(trick)) % players
    pool = [c for c in FILL_ORDER if c not in {*trick, *hand, turned}]
    hands: dict[int, list[str]] = {actor: list(hand)}
    played = {(leader + k) % players: card for k, card in enumerate(trick)}
    barred = {s for s, c in played.items() if led and c[0] in "CDHS" and c[0] != led}
    if void:
        barred.add(actor)
    order = sorted(range(players), key=lambda s: (s not in barred, s))
    for seat in order:
        size = round_ - (seat in played)
        have = hands.setdefault(seat, [])
        for card in [c for c in pool if seat not in barred or c[0] != led][: size - len(have)]:
            have.append(card)
            pool.remove(card)
        assert len(have) == size, (seat, have)
    text = " ".join(
        [
            f"players={players} round={round_} dealer={dealer}",
            "scores=" + ",".join([str(20 * (round_ - 1))] * players),
            "bids=" + ",".join(["0"] * players),
            "hands=" + "/".join(",".join(hands[s]) or "-" for s in range(players)),
            f"turned={turned}" if turned else "",
            "trick=" + (",".join(trick) or "-"),
        ]
    )
    return pos(text)


def case_at(
    case_id: str, rule: str, description: str, text: str, actions: list[Json], **kw: object
) -> Json:
    """A case that starts from the position ``text`` (the one-line notation)."""
    start = pos(text)
    return case(case_id, rule, description, start["config"], actions, start=start, **kw)  # type: ignore[arg-type]
