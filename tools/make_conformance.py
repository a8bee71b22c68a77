"""Write the conformance case files under ``conformance/cases/``.

Run from the top of the repository::

    .venv/bin/python tools/make_conformance.py

The case files are data; this script is how we write them without typing
hundreds of deals by hand.  Every case id below is written out and is never
reused or renumbered: to change a case, retire its id (add it to
``RETIRED``) and add a new one.  ``tests/test_conformance.py`` checks that the
committed files are exactly what this script writes.

How the script is laid out: the building blocks (actions as JSON, filled
deals, prefixes of simple legal play, ...) are plain functions of their
arguments; each area of the suite is one function that yields its cases,
turned by the ``@area(name, description)`` decorator into a function that
returns the whole :class:`Area`; nothing is shared between areas but those
building blocks.  ``main`` calls the areas in the order of ``AREAS`` and
writes one file per area and the manifest ``suite.json``.

Where the expectations come from:

* rule cases (most areas) state their expected values by hand, from the
  specification in ``docs/rules.rst``; the library is used only to reach
  positions late in a game (a prefix of simple legal play);
* the complete games (``games``) are golden playthroughs recorded from this
  library with seeded random play, and the perft counts (``perft``) are
  counted by it; the test suite checks the perft counts against an
  independent reference implementation.
"""

from __future__ import annotations

import functools
import json
import random
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wizard_rules import (  # noqa: E402
    Config,
    GameRecord,
    State,
    action_from_dict,
    action_to_dict,
    apply,
    legal_actions,
    new_game,
    random_game,
)
from wizard_rules.conformance.adapter import perft  # noqa: E402

SUITE_VERSION = "1.1.0"
PROTOCOL = 1
# Retired ids: never used again.  following.015 did not test what it said (the
# player held no card of the led suit); perft.003 gave the leader one card.
# leading.009 (round 2 is led by the seat left of its dealer) could not tell
# that rule from "the last trick's winner leads": the same seat was both.
RETIRED: list[str] = ["following.015", "perft.003", "leading.009"]

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


def recorded_game(cfg: Json, seed: int) -> tuple[State, list[Json]]:
    """A seeded random game: its final state and its actions as records."""
    final = random_game(Config(**cfg), random.Random(seed))
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
# * ``option``: the bid-total option (a rule with ``:option:``, a case of the
#   ``option`` area, or a configuration that turns the option on);
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
TAG_ORDER = ("rule", "ruling", "option", "order", "notation")


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
    header = RULE_HEADERS[rule]
    ruling = header.get("ruling", "")
    tags = []
    if "sources" in header or not ruling:
        tags.append("rule")
    if ruling.isdigit():
        tags.append(f"ruling:{ruling}")
    if "option" in header:
        tags = ["option"]
    return tags


def case_tags(
    rule: str, area_name: str, cfg: Json, errors: list[Json] | None, also: Sequence[str]
) -> list[str]:
    """A case's tags: its rule's, then what the kind of case adds."""
    codes = {error["code"] for error in errors or []}
    tags = ["notation"] if codes & NOTATION_CODES else rule_tags(rule)
    if area_name == "option" or cfg.get("forbid_bid_total_match") is True:
        tags.append("option")
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
) -> Json:
    """One case.  ``actions`` are usually action objects, but cases of refused
    input may give anything (an action that is not even an object).
    ``also`` holds tags the rule does not give (``ORDER``)."""
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
        "given": {"config": cfg, "actions": list(actions)},
        "expect": expect,
    }


def refused(at: int, code: str) -> list[Json]:
    return [{"at": at, "code": code}]


# -- deck and notation --------------------------------------------------------------------------


@area("deck", "The 60 cards and how they are written (rules 1.1 to 1.3).")
def deck_area() -> Iterator[Json]:
    for number, players in ((1, 3), (2, 4), (3, 5), (4, 6)):
        cfg = config(players)
        prefix = simple_prefix(cfg, 60 // players - 1)
        yield case(
            f"deck.{number:03d}",
            "1.1",
            f"{players} players: the last round deals all 60 distinct cards",
            cfg,
            [*prefix, last_round_deal(players)],
            state={"phase": "bid", "round": 60 // players, "turned": None},
        )

    cfg6 = config(6)
    prefix6 = simple_prefix(cfg6, 9)
    bad_last = last_round_deal(6)
    bad_last["hands"][5][9] = "D1"  # D1 twice, W4 missing
    yield case(
        "deck.005",
        "1.1",
        "a last-round deal that repeats one card (and so misses another) is refused",
        cfg6,
        [*prefix6, bad_last],
        errors=refused(len(prefix6), "invalid_deal"),
        state={"phase": "deal"},
    )
    yield case(
        "deck.006",
        "1.3",
        "Wizards and Jesters are written W1..W4 and J1..J4",
        config(3),
        [deal(["W1", "W4", "J1"], "J4")],
        state={"hands": [["W1"], ["W4"], ["J1"]], "turned": "J4"},
    )
    yield case(
        "deck.007",
        "1.3",
        "suit cards are a suit letter and a rank from 1 to 13",
        config(4),
        [deal(["C1", "D13", "H10", "S9"], "C13")],
        state={"hands": [["C1"], ["D13"], ["H10"], ["S9"]], "turned": "C13"},
    )
    bad_tokens = [
        "H14",
        "H0",
        "H01",
        "h5",
        "W0",
        "W5",
        "J0",
        "J5",
        "X3",
        "",
        "H",
        "13H",
        " H5",
        "S1 ",
    ]
    for number, token in enumerate(bad_tokens, start=8):
        yield case(
            f"deck.{number:03d}",
            "1.3",
            f"{token!r} is not a card",
            config(3),
            [deal(["C1", "C2", "C3"], "D1"), bid(1, 0), bid(2, 0), bid(0, 0), play(1, token)],
            errors=refused(4, "bad_card_text"),
            state={"current_player": 1, "trick": []},
        )
    yield case(
        "deck.022",
        "1.3",
        "a deal naming a card that does not exist is refused",
        config(3),
        [deal(["C1", "C2", "H14"], "D1")],
        errors=refused(0, "bad_card_text"),
        state={"phase": "deal"},
    )
    yield case(
        "deck.023",
        "1.3",
        "a suit is written as its capital letter; 'h' is not a suit",
        config(3),
        [deal(["C1", "C2", "C3"], "W1"), trump(0, "h")],
        errors=refused(1, "bad_card_text"),
        state={"phase": "choose_trump"},
    )
    yield case(
        "deck.024",
        "1.2",
        "within a suit 13 is the highest rank",
        config(3),
        [deal(["C1", "C13", "C12"], "D1"), *bids_in_order(3, 0, [0, 0, 0])]
        + plays_in_order(3, 1, ["C13", "C12", "C1"]),
        state={"round_scores": [[20, -10, 20]]},
    )
    yield case(
        "deck.025",
        "1.2",
        "within a suit 1 is the lowest rank",
        config(3),
        [deal(["S2", "S1", "S3"], "D1"), *bids_in_order(3, 0, [1, 0, 0])]
        + plays_in_order(3, 1, ["S1", "S3", "S2"]),
        state={"round_scores": [[20, -10, -10]]},
    )


# -- players and rounds -------------------------------------------------------------------------


@area("rounds", "Players, the number of rounds and the cards per round (rules 2.1 to 2.3).")
def rounds_area() -> Iterator[Json]:
    for number, (players, rounds) in enumerate(((3, 20), (4, 15), (5, 12), (6, 10)), start=1):
        yield case(
            f"rounds.{number:03d}",
            "2.2",
            f"{players} players play {rounds} rounds",
            config(players),
            [],
            state={"rounds": rounds, "round": 1, "phase": "deal"},
        )
    for number, players in enumerate((2, 7, 0, -3, 1), start=5):
        yield case(
            f"rounds.{number:03d}",
            "2.1",
            f"{players} players is not a game",
            config(players),
            [],
            errors=[{"at": None, "code": "invalid_config"}],
        )
    yield case(
        "rounds.010",
        "2.1",
        "the number of players must be a whole number",
        {"players": "4", "first_dealer": 0, "forbid_bid_total_match": False},
        [],
        errors=[{"at": None, "code": "invalid_config"}],
    )
    for number, (players, size) in enumerate(((3, 1), (4, 1), (5, 1), (6, 1)), start=11):
        yield case(
            f"rounds.{number:03d}",
            "2.3",
            f"round 1 of {players} players deals one card each",
            config(players),
            [fill(players, size, {}, "H13")],
            state={"hands": [[c] for c in FILL_ORDER[:players]]},
        )
    cfg = config(4)
    prefix = simple_prefix(cfg, 2)
    yield case(
        "rounds.015",
        "2.3",
        "round 3 deals three cards each",
        cfg,
        [*prefix, fill(4, 3, {}, "H13")],
        state={
            "round": 3,
            "hands": [FILL_ORDER[0:3], FILL_ORDER[3:6], FILL_ORDER[6:9], FILL_ORDER[9:12]],
        },
    )
    yield case(
        "rounds.016",
        "2.3",
        "round 3 refuses a deal of two cards each",
        cfg,
        [*prefix, fill(4, 2, {}, "H13")],
        errors=refused(len(prefix), "invalid_deal"),
    )
    cfg = config(5)
    prefix = simple_prefix(cfg, 12)
    yield case(
        "rounds.017",
        "2.2",
        "after the 12th round of five players the game is over",
        cfg,
        prefix,
        state={"phase": "game_over", "round": 12, "current_player": None},
    )


# -- dealing and the dealer -------------------------------------------------------------------------


@area("dealing", "Who deals, and the deal passing left (rules 2.3 to 2.5).")
def dealing_area() -> Iterator[Json]:
    number = 1
    for players, dealer in ((3, 0), (3, 2), (4, 3), (5, 1), (6, 5), (6, 0)):
        yield case(
            f"dealing.{number:03d}",
            "2.4",
            f"{players} players, first dealer {dealer}: seat {dealer} deals round 1",
            config(players, dealer),
            [],
            state={"dealer": dealer, "current_player": None},
        )
        number += 1
    for players, dealer, rounds_played in (
        (3, 0, 1),
        (3, 2, 1),
        (4, 1, 3),
        (6, 5, 2),
        (5, 0, 11),
        (4, 3, 4),
    ):
        cfg = config(players, dealer)
        yield case(
            f"dealing.{number:03d}",
            "2.5",
            f"{players} players, first dealer {dealer}: round {rounds_played + 1} is dealt by "
            f"seat {(dealer + rounds_played) % players}",
            cfg,
            simple_prefix(cfg, rounds_played),
            state={"round": rounds_played + 1, "dealer": (dealer + rounds_played) % players},
        )
        number += 1
    yield case(
        "dealing.013",
        "2.4",
        "the first dealer must be one of the seats",
        config(4, 4),
        [],
        errors=[{"at": None, "code": "invalid_config"}],
    )
    yield case(
        "dealing.014",
        "2.4",
        "the first dealer must not be negative",
        config(3, -1),
        [],
        errors=[{"at": None, "code": "invalid_config"}],
    )
    yield case(
        "dealing.015",
        "2.3",
        "a round-1 deal with a two-card hand is refused",
        config(3),
        [deal(["C1 C2", "C3", "C4"], "D1")],
        errors=refused(0, "invalid_deal"),
        state={"phase": "deal", "hands": [[], [], []]},
    )
    yield case(
        "dealing.016",
        "2.3",
        "a deal that gives one card to two players is refused",
        config(3),
        [deal(["C1", "C1", "C4"], "D1")],
        errors=refused(0, "invalid_deal"),
    )
    yield case(
        "dealing.017",
        "2.3",
        "a deal with an empty hand is refused",
        config(3),
        [deal(["C1", "", "C4"], "D1")],
        errors=refused(0, "invalid_deal"),
    )
    yield case(
        "dealing.018",
        "2.3",
        "the dealt cards are in the players' hands",
        config(3, 1),
        [deal(["H7", "W2", "J3"], "S4")],
        state={"hands": [["H7"], ["W2"], ["J3"]], "phase": "bid"},
    )


# -- trump ------------------------------------------------------------------------------------


@area("trump", "The turned card and the trump (rules 3.1 to 3.5).")
def trump_area() -> Iterator[Json]:
    number = 1
    for players, turned_card, suit in (
        (3, "C7", "C"),
        (4, "D1", "D"),
        (5, "H13", "H"),
        (6, "S9", "S"),
    ):
        yield case(
            f"trump.{number:03d}",
            "3.2",
            f"a turned {turned_card} makes {suit} trump",
            config(players),
            [fill(players, 1, {}, turned_card)],
            state={"turned": turned_card, "trump": suit, "phase": "bid"},
        )
        number += 1
    for players, jester in ((3, "J1"), (4, "J2"), (5, "J3"), (6, "J4")):
        yield case(
            f"trump.{number:03d}",
            "3.3",
            f"a turned Jester ({jester}) means no trump",
            config(players),
            [fill(players, 1, {}, jester)],
            state={"turned": jester, "trump": None, "phase": "bid"},
        )
        number += 1
    for players, dealer in ((3, 0), (5, 3)):
        yield case(
            f"trump.{number:03d}",
            "3.4",
            "a turned Wizard lets the dealer choose trump before any bid",
            config(players, dealer),
            [fill(players, 1, {}, "W1")],
            state={"phase": "choose_trump", "current_player": dealer, "trump": None},
        )
        number += 1
    for suit in "CDHS":
        yield case(
            f"trump.{number:03d}",
            "3.4",
            f"the dealer names {suit} after a Wizard is turned; bidding starts left of the dealer",
            config(4, 2),
            [fill(4, 1, {}, "W3"), trump(2, suit)],
            state={"trump": suit, "phase": "bid", "current_player": 3, "turned": "W3"},
        )
        number += 1
    yield case(
        "trump.015",
        "3.4",
        "the dealer may not choose 'no trump'",
        config(3),
        [fill(3, 1, {}, "W2"), trump(0, None)],
        errors=refused(1, "no_trump_not_allowed"),
        state={"phase": "choose_trump", "current_player": 0},
    )
    yield case(
        "trump.016",
        "3.4",
        "only the dealer chooses trump",
        config(3),
        [fill(3, 1, {}, "W2"), trump(1, "H")],
        errors=refused(1, "not_your_turn"),
        state={"phase": "choose_trump", "trump": None},
    )
    yield case(
        "trump.017",
        "3.4",
        "nobody bids before the dealer has chosen trump",
        config(3),
        [fill(3, 1, {}, "W2"), bid(1, 0)],
        errors=refused(1, "wrong_phase"),
    )
    yield case(
        "trump.018",
        "3.4",
        "trump cannot be chosen when the turned card is not a Wizard",
        config(3),
        [fill(3, 1, {}, "H2"), trump(0, "S")],
        errors=refused(1, "wrong_phase"),
        state={"trump": "H"},
    )
    yield case(
        "trump.019",
        "3.1",
        "the turned card stays out of the players' hands",
        config(3),
        [deal(["C1", "C2", "C3"], "C4")],
        state={"turned": "C4", "hands": [["C1"], ["C2"], ["C3"]]},
    )
    for number, players in ((20, 3), (21, 6)):
        cfg = config(players)
        prefix = simple_prefix(cfg, 60 // players - 1)
        yield case(
            f"trump.{number:03d}",
            "3.5",
            f"{players} players: the last round has no turned card and no trump",
            cfg,
            [*prefix, last_round_deal(players)],
            state={"turned": None, "trump": None},
        )
    cfg = config(4)
    prefix = simple_prefix(cfg, 14)
    last4 = last_round_deal(4)
    yield case(
        "trump.022",
        "3.5",
        "a card may not be turned in the last round",
        cfg,
        [*prefix, {**last4, "turned": "W4"}],
        errors=refused(len(prefix), "invalid_deal"),
    )
    yield case(
        "trump.023",
        "3.1",
        "a card must be turned while cards remain",
        config(4),
        [fill(4, 1, {}, None)],
        errors=refused(0, "invalid_deal"),
    )
    # Who names trump on a turned Wizard: the dealer (seat 3), not the first
    # bidder (seat 0, left of the dealer); and never "no trump".
    wizard4 = [fill(4, 1, {}, "W1")]
    yield case(
        "trump.024",
        "3.4",
        "four players, dealer 3, a Wizard turned: the dealer names trump, not seat 0 (the first bidder)",
        config(4, 3),
        wizard4,
        state={"phase": "choose_trump", "current_player": 3, "dealer": 3},
    )
    yield case(
        "trump.025",
        "3.4",
        "four players, dealer 3: the first bidder (seat 0) may not name trump",
        config(4, 3),
        [*wizard4, trump(0, "C")],
        errors=refused(1, "not_your_turn"),
        state={"phase": "choose_trump", "current_player": 3, "trump": None},
    )
    yield case(
        "trump.026",
        "3.4",
        "four players, dealer 3: after the dealer names S, seat 0 bids first, and the trump is S",
        config(4, 3),
        [*wizard4, trump(3, "S"), bid(0, 1)],
        state={"trump": "S", "bids": [1, None, None, None], "current_player": 1},
    )
    yield case(
        "trump.027",
        "3.4",
        "four players: the dealer may not name 'no trump'",
        config(4, 3),
        [*wizard4, trump(3, None)],
        errors=refused(1, "no_trump_not_allowed"),
        state={"phase": "choose_trump", "current_player": 3, "trump": None},
    )
    yield case(
        "trump.028",
        "3.4",
        "four players: the dealer's choices are the four suits, and not 'no trump'",
        config(4, 3),
        wizard4,
        state={"legal_actions": [trump(3, suit) for suit in "CDHS"]},
    )
    yield case(
        "trump.029",
        "3.4",
        "six players, dealer 5: the dealer names H, and seat 0 bids first",
        config(6, 5),
        [fill(6, 1, {}, "W4"), trump(5, "H")],
        state={"trump": "H", "phase": "bid", "current_player": 0},
    )
    yield case(
        "trump.030",
        "3.4",
        "five players, dealer 0: the first bidder (seat 1) may not name trump",
        config(5),
        [fill(5, 1, {}, "W2"), trump(1, "D")],
        errors=refused(1, "not_your_turn"),
        state={"phase": "choose_trump", "current_player": 0},
    )
    yield case(
        "trump.031",
        "3.1",
        "four players: the turned card is out of play; nobody can play it",
        config(4),
        [fill(4, 1, {1: "C5"}, "H7"), *bids_in_order(4, 0, [0, 0, 0, 0]), play(1, "H7")],
        errors=refused(5, "card_not_in_hand"),
        state={"turned": "H7", "trick": [], "current_player": 1},
    )
    yield case(
        "trump.032",
        "3.1",
        "five players: the card turned after the deal is in nobody's hand",
        config(5),
        [deal(["C1", "C2", "C3", "C4", "C5"], "D9")],
        state={"turned": "D9", "trump": "D", "hands": [["C1"], ["C2"], ["C3"], ["C4"], ["C5"]]},
    )


# -- bidding ------------------------------------------------------------------------------------


@area("bidding", "The order of bidding and what a bid may be (rules 4.1 and 4.2).")
def bidding_area() -> Iterator[Json]:
    number = 1
    for players, dealer in ((3, 0), (4, 3), (6, 2)):
        yield case(
            f"bidding.{number:03d}",
            "4.1",
            f"{players} players, dealer {dealer}: seat {(dealer + 1) % players} bids first",
            config(players, dealer),
            [fill(players, 1, {}, "H13")],
            state={"current_player": (dealer + 1) % players, "phase": "bid"},
        )
        number += 1
    for players, dealer, made in ((4, 0, 1), (4, 0, 3), (5, 2, 2), (3, 1, 2)):
        actions = [fill(players, 1, {}, "H13"), *bids_in_order(players, dealer, [0] * made)]
        yield case(
            f"bidding.{number:03d}",
            "4.1",
            f"after {made} bids the seat {made + 1} places left of the dealer bids",
            config(players, dealer),
            actions,
            state={"current_player": seat(players, dealer, made + 1), "phase": "bid"},
        )
        number += 1
    for players, dealer in ((3, 0), (5, 4)):
        actions = [fill(players, 1, {}, "H13"), *bids_in_order(players, dealer, [0] * players)]
        yield case(
            f"bidding.{number:03d}",
            "4.1",
            "the dealer bids last; then play begins",
            config(players, dealer),
            actions,
            state={"phase": "play", "bids": [0] * players},
        )
        number += 1
    yield case(
        "bidding.010",
        "4.1",
        "the dealer may not bid first",
        config(4, 1),
        [fill(4, 1, {}, "H13"), bid(1, 0)],
        errors=refused(1, "not_your_turn"),
        state={"current_player": 2},
    )
    yield case(
        "bidding.011",
        "4.1",
        "a player may not bid twice",
        config(3),
        [fill(3, 1, {}, "H13"), bid(1, 0), bid(1, 1)],
        errors=refused(2, "not_your_turn"),
        state={"bids": [None, 0, None]},
    )
    yield case(
        "bidding.012",
        "4.2",
        "in round 1 the bids are 0 and 1",
        config(3),
        [fill(3, 1, {}, "H13")],
        state={"legal_actions": [bid(1, 0), bid(1, 1)]},
    )
    cfg = config(3)
    prefix = simple_prefix(cfg, 2)
    yield case(
        "bidding.013",
        "4.2",
        "in round 3 the bids are 0 to 3",
        cfg,
        [*prefix, fill(3, 3, {}, "H13")],
        state={"legal_actions": [bid(0, n) for n in range(4)], "current_player": 0},
    )
    yield case(
        "bidding.014",
        "4.2",
        "a bid above the number of cards is refused",
        config(3),
        [fill(3, 1, {}, "H13"), bid(1, 2)],
        errors=refused(1, "bid_out_of_range"),
        state={"current_player": 1, "bids": [None, None, None]},
    )
    yield case(
        "bidding.015",
        "4.2",
        "a negative bid is refused",
        config(3),
        [fill(3, 1, {}, "H13"), bid(1, -1)],
        errors=refused(1, "bid_out_of_range"),
    )
    yield case(
        "bidding.016",
        "4.2",
        "without the option the bids may add up to the round number",
        config(3),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [0, 0, 1])],
        state={"bids": [1, 0, 0], "phase": "play"},
    )
    yield case(
        "bidding.017",
        "4.2",
        "without the option the dealer may bid anything from 0 to r",
        config(4),
        [fill(4, 1, {}, "H13"), *bids_in_order(4, 0, [0, 0, 0])],
        state={"legal_actions": [bid(0, 0), bid(0, 1)]},
    )
    yield case(
        "bidding.018",
        "4.2",
        "every player may bid the whole round",
        config(3),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [1, 1, 1])],
        state={"bids": [1, 1, 1]},
    )


# -- the bid-total option --------------------------------------------------------------------------


@area("option", "The option: the bids may not match the tricks (rules 20.1 and 20.2).")
def option_area() -> Iterator[Json]:
    yield case(
        "option.001",
        "20.1",
        "round 1: with the others at 0, the dealer may not bid 1",
        config(3, 0, True),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [0, 0, 1])],
        errors=refused(3, "bid_total_forbidden"),
        state={"current_player": 0, "phase": "bid"},
    )
    yield case(
        "option.002",
        "20.1",
        "round 1: with the others at 0, the dealer's only legal bid is 0",
        config(3, 0, True),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [0, 0])],
        state={"legal_actions": [bid(0, 0)]},
    )
    yield case(
        "option.003",
        "20.1",
        "round 1: with one other bid of 1, the dealer may not bid 0",
        config(4, 2, True),
        [fill(4, 1, {}, "H13"), *bids_in_order(4, 2, [1, 0, 0])],
        state={"legal_actions": [bid(2, 1)]},
    )
    cfg = config(4, 0, True)
    prefix = simple_prefix(cfg, 2)
    yield case(
        "option.004",
        "20.1",
        "round 3: others bid 1, 0, 1; the dealer (seat 2) may not bid 1",
        cfg,
        [*prefix, fill(4, 3, {}, "H13"), *bids_in_order(4, 2, [1, 0, 1, 1])],
        errors=refused(len(prefix) + 4, "bid_total_forbidden"),
    )
    yield case(
        "option.005",
        "20.1",
        "round 3: others bid 1, 0, 1; the dealer may bid 0, 2 or 3",
        cfg,
        [*prefix, fill(4, 3, {}, "H13"), *bids_in_order(4, 2, [1, 0, 1])],
        state={"legal_actions": [bid(2, 0), bid(2, 2), bid(2, 3)]},
    )
    yield case(
        "option.006",
        "20.1",
        "round 3: others bid 3, 0, 0; the dealer may not bid 0",
        cfg,
        [*prefix, fill(4, 3, {}, "H13"), *bids_in_order(4, 2, [3, 0, 0, 0])],
        errors=refused(len(prefix) + 4, "bid_total_forbidden"),
    )
    yield case(
        "option.007",
        "20.2",
        "round 3: the others' bids already exceed 3, so the dealer is free",
        cfg,
        [*prefix, fill(4, 3, {}, "H13"), *bids_in_order(4, 2, [2, 1, 1])],
        state={"legal_actions": [bid(2, n) for n in range(4)]},
    )
    yield case(
        "option.008",
        "20.2",
        "a player other than the dealer may bid to make the total match so far",
        config(3, 0, True),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [1])],
        state={"bids": [None, 1, None], "current_player": 2},
    )
    yield case(
        "option.009",
        "20.2",
        "a player other than the dealer has every bid from 0 to r",
        config(3, 0, True),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [1])],
        state={"legal_actions": [bid(2, 0), bid(2, 1)]},
    )
    yield case(
        "option.010",
        "20.1",
        "with the option the dealer completes a total that differs from r",
        config(3, 0, True),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [1, 0, 1])],
        state={"bids": [1, 1, 0], "phase": "play"},
    )
    yield case(
        "option.011",
        "4.2",
        "without the option the same bids are allowed",
        config(3, 0, False),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [0, 0, 1])],
        state={"bids": [1, 0, 0], "phase": "play"},
    )
    cfg = config(5, 4, True)
    prefix = simple_prefix(cfg, 1)
    yield case(
        "option.012",
        "20.1",
        "round 2 of five: others bid 0, 1, 0, 0; the dealer (seat 0) may bid 0 or 2",
        cfg,
        [*prefix, fill(5, 2, {}, "H13"), *bids_in_order(5, 0, [0, 1, 0, 0])],
        state={"legal_actions": [bid(0, 0), bid(0, 2)], "current_player": 0},
    )
    yield case(
        "option.013",
        "20.1",
        "a refused dealer's bid leaves the dealer to bid again",
        config(3, 0, True),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [0, 0, 1]), bid(0, 0)],
        errors=refused(3, "bid_total_forbidden"),
        state={"bids": [0, 0, 0], "phase": "play"},
    )
    # Rule 20.1 restricts the dealer in every round, 1 to the last, with the
    # option on; with it off, in no round.  Four players, first dealer 0:
    # round r is dealt by seat (r - 1) % 4, and the dealer bids last.
    on4, off4 = config(4, 0, True), config(4, 0, False)
    round4_on = [*simple_prefix(on4, 3), fill(4, 4, {}, "H13")]  # dealer 3
    yield case(
        "option.014",
        "20.1",
        "round 4 (four players): others bid 1, 1, 1; the dealer (seat 3) may not bid 1",
        on4,
        [*round4_on, *bids_in_order(4, 3, [1, 1, 1, 1])],
        errors=refused(len(round4_on) + 3, "bid_total_forbidden"),
        state={"current_player": 3, "phase": "bid"},
    )
    yield case(
        "option.015",
        "20.1",
        "round 4 (four players): others bid 1, 1, 1; the dealer may bid 0, 2, 3 or 4",
        on4,
        [*round4_on, *bids_in_order(4, 3, [1, 1, 1])],
        state={"legal_actions": [bid(3, n) for n in (0, 2, 3, 4)]},
    )
    round5_on = [*simple_prefix(on4, 4), fill(4, 5, {}, "H13")]  # dealer 0
    yield case(
        "option.016",
        "20.1",
        "round 5 (four players): others bid 2, 2, 0; the dealer (seat 0) may bid anything but 1",
        on4,
        [*round5_on, *bids_in_order(4, 0, [2, 2, 0])],
        state={"legal_actions": [bid(0, n) for n in (0, 2, 3, 4, 5)]},
    )
    round4_off = [*simple_prefix(off4, 3), fill(4, 4, {}, "H13")]
    yield case(
        "option.017",
        "4.2",
        "option off, round 4 (four players): the dealer may make the bids add up to 4",
        off4,
        [*round4_off, *bids_in_order(4, 3, [1, 1, 1, 1])],
        state={"bids": [1, 1, 1, 1], "phase": "play"},
    )
    round3_off = [*simple_prefix(off4, 2), fill(4, 3, {}, "H13")]  # dealer 2
    yield case(
        "option.018",
        "4.2",
        "option off, round 3 (four players): others bid 1, 1, 0; the dealer may bid 0 to 3",
        off4,
        [*round3_off, *bids_in_order(4, 2, [1, 1, 0])],
        state={"legal_actions": [bid(2, n) for n in range(4)]},
    )
    yield case(
        "option.019",
        "20.1",
        "round 1 (four players): others bid 0, 0, 0; the dealer's only legal bid is 0",
        on4,
        [fill(4, 1, {}, "H13"), *bids_in_order(4, 0, [0, 0, 0])],
        state={"legal_actions": [bid(0, 0)]},
    )
    round2_on = [*simple_prefix(on4, 1), fill(4, 2, {}, "H13")]  # dealer 1
    yield case(
        "option.020",
        "20.1",
        "round 2 (four players): others bid 0, 1, 0; the dealer (seat 1) may bid 0 or 2",
        on4,
        [*round2_on, *bids_in_order(4, 1, [0, 1, 0])],
        state={"legal_actions": [bid(1, 0), bid(1, 2)]},
    )
    yield case(
        "option.021",
        "20.2",
        "round 4 (four players): others bid 2, 2, 1, more than 4; the dealer is free",
        on4,
        [*round4_on, *bids_in_order(4, 3, [2, 2, 1])],
        state={"legal_actions": [bid(3, n) for n in range(5)]},
    )
    yield case(
        "option.022",
        "20.1",
        "round 1 (six players): others bid 0, 0, 1, 0, 0; the dealer may not bid 0",
        config(6, 0, True),
        [fill(6, 1, {}, "H13"), *bids_in_order(6, 0, [0, 0, 1, 0, 0])],
        state={"legal_actions": [bid(0, 1)]},
    )
    yield case(
        "option.023",
        "4.2",
        "option off, round 1 (four players): others bid 0, 0, 1; the dealer may bid 0 or 1",
        off4,
        [fill(4, 1, {}, "H13"), *bids_in_order(4, 0, [0, 0, 1])],
        state={"legal_actions": [bid(0, 0), bid(0, 1)]},
    )


# -- leading ------------------------------------------------------------------------------------


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


# -- the led suit --------------------------------------------------------------------------------


@area("led-suit", "The led suit, with every Jester and Wizard case (rules 6.1 to 6.3).")
def led_suit_area() -> Iterator[Json]:
    led_rows = [
        ("6.3", "no card played: no led suit yet", [], None),
        ("6.1", "a suit card led decides the led suit", ["C5"], "C"),
        ("6.3", "a Jester led: no led suit yet", ["J1"], None),
        ("6.3", "two Jesters: still no led suit", ["J1", "J2"], None),
        ("6.3", "three Jesters: still no led suit", ["J1", "J2", "J3"], None),
        ("6.1", "Jester then a suit card: that suit is led", ["J1", "H3"], "H"),
        ("6.1", "Jester, Jester, suit card: that suit is led", ["J1", "J2", "D9"], "D"),
        ("6.1", "three Jesters then a suit card: that suit is led", ["J1", "J2", "J3", "S4"], "S"),
        ("6.2", "a Wizard led: no led suit", ["W1"], None),
        ("6.2", "a Wizard led, then a suit card: still no led suit", ["W1", "C5"], None),
        ("6.2", "Jester then Wizard: no led suit", ["J1", "W2"], None),
        ("6.2", "Jester, Wizard, suit card: no led suit", ["J1", "W2", "C3"], None),
        ("6.1", "a Wizard after the lead does not change the led suit", ["C5", "W1"], "C"),
        ("6.1", "a Jester after the lead does not change the led suit", ["C5", "J1"], "C"),
        ("6.1", "a trump after the lead does not change the led suit", ["C5", "H2"], "C"),
        ("6.1", "a card of another suit does not change the led suit", ["S5", "D12", "C1"], "S"),
    ]
    for number, (rule, text, cards, led) in enumerate(led_rows, start=1):
        turned = "H13" if "H3" not in cards else "S13"
        actions = one_trick(6, cards, turned)
        yield case(
            f"led-suit.{number:03d}", rule, text, config(6), actions, state={"led_suit": led}
        )
    # The same rows among four players, where the trick is not yet finished.
    number = len(led_rows) + 1
    for rule, text, cards, led in led_rows:
        if len(cards) >= 4:
            continue
        turned = "H13" if "H3" not in cards else "S13"
        yield case(
            f"led-suit.{number:03d}",
            rule,
            f"four players: {text}",
            config(4),
            one_trick(4, cards, turned),
            state={"led_suit": led},
        )
        number += 1
    # Jesters led, then a Wizard or a suit card: round 2, seat 2 leads, and
    # seat 1, the last to play among four, holds C5 and D5.  The readings
    # "the second card decides, even a Jester" and "the first suit card
    # decides, even after a Wizard" give other legal cards.
    yield case(
        f"led-suit.{number:03d}",
        "6.1",
        "four players: Jester, Jester, D9: Diamonds are led, so seat 1 must play D5",
        config(4),
        [
            *round2(4, {2: "J1 C1", 3: "J2 C2", 0: "D9 C3", 1: "D5 C5"}),
            *plays_in_order(4, 2, ["J1", "J2", "D9"]),
        ],
        state={"led_suit": "D", "legal_actions": [play(1, "D5")]},
    )
    yield case(
        f"led-suit.{number + 1:03d}",
        "6.2",
        "four players: Jester, Wizard, C3: no led suit, so seat 1 may play C5 or D5",
        config(4),
        [
            *round2(4, {2: "J1 C1", 3: "W1 C2", 0: "C3 C4", 1: "C5 D5"}),
            *plays_in_order(4, 2, ["J1", "W1", "C3"]),
        ],
        state={"led_suit": None, "legal_actions": [play(1, "C5"), play(1, "D5")]},
    )
    yield case(
        f"led-suit.{number + 2:03d}",
        "6.2",
        "four players: Jester, Jester, Wizard: no led suit, so seat 1 may play C5 or D5",
        config(4),
        [
            *round2(4, {2: "J1 C1", 3: "J2 C2", 0: "W1 C3", 1: "C5 D5"}),
            *plays_in_order(4, 2, ["J1", "J2", "W1"]),
        ],
        state={"led_suit": None, "legal_actions": [play(1, "C5"), play(1, "D5")]},
    )
    yield case(
        f"led-suit.{number + 3:03d}",
        "6.2",
        "five players: Jester, Jester, Wizard, C3: no led suit, so seat 1 may play C5 or D5",
        config(5),
        [
            *round2(5, {2: "J1 C1", 3: "J2 C2", 4: "W1 C6", 0: "C3 C4", 1: "C5 D5"}),
            *plays_in_order(5, 2, ["J1", "J2", "W1", "C3"]),
        ],
        state={"led_suit": None, "legal_actions": [play(1, "C5"), play(1, "D5")]},
    )
    yield case(
        f"led-suit.{number + 4:03d}",
        "6.2",
        "six players: three Jesters, a Wizard, C3: no led suit, so seat 1 may play C5 or D5",
        config(6),
        [
            *round2(6, {2: "J1 C1", 3: "J2 C2", 4: "J3 C7", 5: "W1 C6", 0: "C3 C4", 1: "C5 D5"}),
            *plays_in_order(6, 2, ["J1", "J2", "J3", "W1", "C3"]),
        ],
        state={"led_suit": None, "legal_actions": [play(1, "C5"), play(1, "D5")]},
    )


# -- following ------------------------------------------------------------------------------------


@area("following", "Following suit, and what may always be played (rules 7.1 to 7.3).")
def following_area() -> Iterator[Json]:
    cfg = config(3)  # round3(): round 3, dealer 2, seat 0 leads
    base = round3(["C7 S2 S3", "C3 H5 W1", "D2 D3 J2"])
    follow_rows: list[tuple[str, str, list[str], str | int | None]] = [
        (
            "7.1",
            "holding the led suit, a card of another suit is refused",
            ["C7", "H5"],
            "must_follow_suit",
        ),
        ("7.1", "holding the led suit, a card of it may be played", ["C7", "C3"], None),
        ("7.2", "holding the led suit, a Wizard may be played", ["C7", "W1"], None),
        ("7.3", "holding no card of the led suit, any card may be played", ["C7", "C3", "D2"], 2),
        ("7.2", "holding no card of the led suit, a Jester may be played", ["C7", "C3", "J2"], 0),
        ("7.1", "a card not held is refused first", ["C7", "H9"], "card_not_in_hand"),
    ]
    number = 1
    for rule, text, cards, outcome in follow_rows:
        # outcome: the error code of the last card, or (for a whole trick) the
        # seat that wins it, or None.
        actions = [*base, *plays_in_order(3, 0, cards)]
        error = outcome if isinstance(outcome, str) else None
        if isinstance(outcome, int):
            expected: Json = {"tricks": [{"leader": 0, "cards": cards, "winner": outcome}]}
        else:
            expected = {"trick": cards[:-1] if error else cards}
        yield case(
            f"following.{number:03d}",
            rule if error != "card_not_in_hand" else "11.8",
            text,
            cfg,
            actions,
            errors=refused(len(actions) - 1, error) if error else None,
            state=expected,
            also=ORDER if error == "card_not_in_hand" else (),
        )
        number += 1
    yield case(
        "following.007",
        "7.1",
        "the cards a player may play when holding the led suit",
        cfg,
        [*base, play(0, "C7")],
        state={"legal_actions": [play(1, "C3"), play(1, "W1")]},
    )
    yield case(
        "following.008",
        "7.3",
        "the cards a player may play when void in the led suit",
        cfg,
        [*base, play(0, "C7"), play(1, "C3")],
        state={"legal_actions": [play(2, "D2"), play(2, "D3"), play(2, "J2")]},
    )
    base2 = round3(["W2 S2 S3", "C3 H5 J1", "D2 D3 C2"])
    yield case(
        "following.009",
        "7.3",
        "after a Wizard is led, any card may be played",
        cfg,
        [*base2, play(0, "W2")],
        state={"legal_actions": [play(1, "C3"), play(1, "H5"), play(1, "J1")]},
    )
    base3 = round3(["J3 S2 S3", "C3 H5 J1", "D2 D3 C2"])
    yield case(
        "following.010",
        "7.3",
        "after a Jester is led, the next player may play anything",
        cfg,
        [*base3, play(0, "J3"), play(1, "H5")],
        state={"trick": ["J3", "H5"], "led_suit": "H"},
    )
    yield case(
        "following.011",
        "7.1",
        "Jester then a suit card: the next player must follow that suit",
        cfg,
        [*base3, play(0, "J3"), play(1, "C3"), play(2, "D2")],
        errors=refused(len(base3) + 2, "must_follow_suit"),
    )
    yield case(
        "following.012",
        "7.1",
        "Jester then a suit card: following that suit is allowed",
        cfg,
        [*base3, play(0, "J3"), play(1, "C3"), play(2, "C2")],
        state={"tricks": [{"leader": 0, "cards": ["J3", "C3", "C2"], "winner": 1}]},
    )
    base4 = round3(["S9 S2 S3", "C3 H5 J1", "D2 H3 C2"], turned="H13")
    yield case(
        "following.013",
        "7.3",
        "a player void in the led suit need not play trump",
        cfg,
        [*base4, play(0, "S9"), play(1, "C3")],
        state={"trick": ["S9", "C3"]},
    )
    yield case(
        "following.014",
        "7.3",
        "a player void in the led suit may play trump",
        cfg,
        [*base4, play(0, "S9"), play(1, "H5")],
        state={"trick_winner": 1},
    )
    # following.015 is retired (see RETIRED).
    base5 = round3(["S9 S2 S3", "S4 H5 J1", "D2 H3 C2"], turned="H13")
    yield case(
        "following.016",
        "7.1",
        "holding the led suit, a trump is refused (no escape by trumping)",
        cfg,
        [*base5, play(0, "S9"), play(1, "H5")],
        errors=refused(len(base5) + 1, "must_follow_suit"),
    )
    yield case(
        "following.017",
        "7.2",
        "a Jester may be played by a player holding the led suit",
        cfg,
        [*base5, play(0, "S9"), play(1, "J1")],
        state={"trick": ["S9", "J1"], "current_player": 2},
    )
    # Four players, round 2 (dealer 1, trump Diamonds): seat 2 leads, then
    # seats 3, 0 and 1 play.
    cfg4 = config(4)
    four = round2(4, {2: "C7 S2", 3: "C3 H5", 0: "D2 S3", 1: "W1 C9"}, turned="D13")
    n4 = len(four)
    yield case(
        "following.018",
        "7.1",
        "four players: seat 3 holds C3, so H5 on a led C7 is refused",
        cfg4,
        [*four, play(2, "C7"), play(3, "H5")],
        errors=refused(n4 + 1, "must_follow_suit"),
        state={"trick": ["C7"], "current_player": 3},
    )
    yield case(
        "following.019",
        "7.1",
        "four players: seat 3 follows C7 with C3",
        cfg4,
        [*four, play(2, "C7"), play(3, "C3")],
        state={"trick": ["C7", "C3"], "current_player": 0},
    )
    yield case(
        "following.020",
        "7.3",
        "four players: seat 0 holds no Club, so may play the trump D2 or S3",
        cfg4,
        [*four, play(2, "C7"), play(3, "C3")],
        state={"legal_actions": [play(0, "D2"), play(0, "S3")]},
    )
    yield case(
        "following.021",
        "7.3",
        "four players: seat 0, void in Clubs, need not trump: S3 is played",
        cfg4,
        [*four, play(2, "C7"), play(3, "C3"), play(0, "S3")],
        state={"trick": ["C7", "C3", "S3"], "current_player": 1},
    )
    yield case(
        "following.022",
        "7.1",
        "four players: after a trump, Clubs are still led, so seat 1 may play C9 or W1",
        cfg4,
        [*four, play(2, "C7"), play(3, "C3"), play(0, "D2")],
        state={"led_suit": "C", "legal_actions": [play(1, "C9"), play(1, "W1")]},
    )
    yield case(
        "following.023",
        "7.2",
        "four players: seat 1 holds C9 and plays W1, which wins",
        cfg4,
        [*four, play(2, "C7"), play(3, "C3"), play(0, "D2"), play(1, "W1")],
        state={"tricks": [{"leader": 2, "cards": ["C7", "C3", "D2", "W1"], "winner": 1}]},
    )
    yield case(
        "following.024",
        "11.8",
        "four players: seat 3 plays H9, which it does not hold: refused for that first",
        cfg4,
        [*four, play(2, "C7"), play(3, "H9")],
        errors=refused(n4 + 1, "card_not_in_hand"),
        also=ORDER,
    )
    wizard_led = round2(4, {2: "W2 S2", 3: "C3 H5", 0: "D2 S3", 1: "J1 C9"}, turned="D13")
    yield case(
        "following.025",
        "7.3",
        "four players: after a Wizard is led, seat 3 may play C3 or H5",
        cfg4,
        [*wizard_led, play(2, "W2")],
        state={"legal_actions": [play(3, "C3"), play(3, "H5")]},
    )
    jester_led = round2(4, {2: "J3 S2", 3: "C3 H5", 0: "C2 D2", 1: "J1 C9"}, turned="D13")
    yield case(
        "following.026",
        "7.1",
        "four players: Jester, then C3: seat 0 holds C2, so D2 is refused",
        cfg4,
        [*jester_led, play(2, "J3"), play(3, "C3"), play(0, "D2")],
        errors=refused(len(jester_led) + 2, "must_follow_suit"),
    )
    yield case(
        "following.027",
        "7.2",
        "four players: seat 1 holds C9 and may play J1 on a led Club",
        cfg4,
        [*jester_led, play(2, "J3"), play(3, "C3"), play(0, "C2"), play(1, "J1")],
        state={"tricks": [{"leader": 2, "cards": ["J3", "C3", "C2", "J1"], "winner": 3}]},
    )
    six = round2(6, {2: "C7 S2", 3: "C3 H5"}, turned="D13")
    yield case(
        "following.028",
        "7.1",
        "six players: seat 3 holds C3, so H5 on a led C7 is refused",
        config(6),
        [*six, play(2, "C7"), play(3, "H5")],
        errors=refused(len(six) + 1, "must_follow_suit"),
    )


# -- the trick winner ----------------------------------------------------------------------------


@area("winner", "The winner of a trick (rules 8.1 to 8.5, and ranks, 1.2).")
def winner_area() -> Iterator[Json]:
    winner_rows = [
        ("8.1", "the first of several Wizards wins", ["C5", "W2", "W1", "H3"], "S1", 1),
        ("8.1", "a Wizard led wins against later Wizards", ["W3", "W1", "W2"], "S1", 0),
        ("8.1", "Jester, then Wizard: the Wizard wins", ["J1", "W4", "W1"], "S1", 1),
        ("8.1", "a Wizard beats the highest trump", ["C13", "H13", "W1"], "H1", 2),
        ("8.1", "a Wizard after two Jesters wins", ["J1", "J2", "W1"], "S1", 2),
        ("8.1", "a Wizard played last wins", ["S13", "S12", "S11", "S10", "W2"], "S1", 4),
        (
            "8.2",
            "a low trump beats the highest card of the led suit",
            ["C13", "H2", "C12"],
            "H1",
            1,
        ),
        ("8.2", "the highest of several trumps wins", ["C5", "D3", "D9"], "D1", 2),
        ("8.2", "trump led: the highest trump wins", ["H2", "H9", "H5"], "H1", 1),
        (
            "8.2",
            "Jester led, then a trump, then the highest other card",
            ["J1", "S2", "C13"],
            "S1",
            1,
        ),
        ("8.2", "a trump of rank 1 beats a led 13", ["C13", "H1"] + ["D1"], "H13", 1),
        ("8.2", "a trump played after a Jester lead wins", ["J2", "C9", "H4", "C13"], "H1", 2),
        (
            "8.3",
            "no trump played: the highest card of the led suit wins",
            ["C5", "C9", "C2"],
            "S1",
            1,
        ),
        ("8.3", "a higher card of another suit cannot win", ["C5", "H13", "C6"], "S1", 2),
        (
            "8.3",
            "only the led suit counts when no trump is played",
            ["D1", "S13", "H13", "C13"],
            "J4",
            0,
        ),
        ("8.3", "Jester led: the second card's suit decides", ["J1", "C5", "C9"], "S1", 2),
        ("8.3", "two Jesters led: the third card decides", ["J1", "J2", "D3"], "S1", 2),
        ("8.3", "Jester led, then two suits: the first suit is led", ["J1", "C5", "H13"], "J4", 1),
        ("8.3", "a Jester after the lead cannot win", ["C5", "J1", "J2"], "S1", 0),
        ("8.3", "no trump round: the led suit wins", ["S3", "S4", "D13", "C13"], "J2", 1),
        ("8.4", "three Jesters: the first wins", ["J1", "J2", "J3"], "S1", 0),
        (
            "8.4",
            "three Jesters in another order: the first played wins",
            ["J3", "J1", "J2"],
            "S1",
            0,
        ),
        ("8.4", "four Jesters: the first wins", ["J4", "J3", "J2", "J1"], "S1", 0),
        (
            "8.4",
            "four Jesters among five players is not all Jesters",
            ["J4", "J3", "J2", "J1", "C2"],
            "S1",
            4,
        ),
        ("1.2", "13 beats 12 and 11", ["H12", "H13", "H11"], "S1", 1),
        ("1.2", "1 is the lowest rank", ["S1", "S13", "S7"], "C1", 1),
        ("1.2", "among trumps, rank decides", ["C2", "D4", "D12", "D11"], "D1", 2),
        ("8.2", "trumps: Clubs", ["S9", "C1", "S13"], "C13", 1),
        ("8.2", "trumps: Spades", ["H9", "S1", "H13", "D4"], "S13", 1),
        ("8.3", "no trump (Jester turned): the led suit decides", ["D5", "D6", "S13"], "J1", 1),
    ]
    for number, (rule, text, cards, turned, position) in enumerate(winner_rows, start=1):
        # One trick with every player, the whole of round 1: its winner is
        # observed directly, as the round's trick winners (not from the scores).
        players = len(cards)
        winner = (1 + position) % players
        yield case(
            f"winner.{number:03d}",
            rule,
            text,
            config(players),
            one_trick(players, cards, turned),
            state={"round_trick_winners": [[winner]]},
        )

    so_far_rows = [
        ("one card: its player is winning", ["C5"], "S1", 0),
        ("a higher card of the led suit takes the lead", ["C5", "C9"], "S1", 1),
        ("a Wizard takes the lead", ["C5", "W1"], "S1", 1),
        ("only a Jester: its player is winning", ["J1"], "S1", 0),
        ("Jester then a suit card: the suit card is winning", ["J1", "C3"], "S1", 1),
        ("a trump takes the lead", ["C5", "H2"], "H1", 1),
        ("a card of another suit does not take the lead", ["C5", "D13"], "S1", 0),
        ("only Jesters: the first is winning", ["J2", "J1"], "S1", 0),
    ]
    for number, (text, cards, turned, position) in enumerate(
        so_far_rows, start=len(winner_rows) + 1
    ):
        # Part of a trick among six players.
        yield case(
            f"winner.{number:03d}",
            "8.5",
            text,
            config(6),
            one_trick(6, cards, turned),
            state={"trick_winner": (1 + position) % 6},
        )
    # Jesters led, then a Wizard: the Wizard wins (not the first Jester).
    number = len(winner_rows) + len(so_far_rows) + 1
    for players, cards in ((4, ["J1", "J2", "J3", "W1"]), (4, ["J1", "J2", "W1", "C5"])):
        winner = (1 + cards.index("W1")) % players
        yield case(
            f"winner.{number:03d}",
            "8.1",
            f"four players: {', '.join(cards)}: the Wizard (seat {winner}) wins",
            config(players),
            one_trick(players, cards, "S1"),
            state={"round_trick_winners": [[winner]]},
        )
        number += 1
    yield case(
        f"winner.{number:03d}",
        "8.5",
        "four players: Jester, Jester, Wizard: the Wizard is winning so far",
        config(4),
        one_trick(4, ["J1", "J2", "W1"], "S1"),
        state={"trick_winner": 3},
    )
    # Round 2 of three players (dealer 1, trump Hearts): seat 2 leads C5, seat 0
    # trumps with H2, seat 1 plays C13.  The round goes on, so the winner of its
    # first trick is this round's first trick winner, and is not among the
    # finished rounds' trick winners (round 1's only trick: D1 D2 D3, trump
    # Diamonds, won by seat 2's D3).
    yield case(
        "winner.042",
        "8.2",
        "mid-round: a trump wins the first trick, observed as this round's trick winners",
        config(3),
        [
            *round2(3, {2: "C5 S1", 0: "H2 D1", 1: "C13 D2"}),
            *plays_in_order(3, 2, ["C5", "H2", "C13"]),
        ],
        state={"trick_winners": [0], "tricks_won": [1, 0, 0], "round_trick_winners": [[2]]},
    )


# -- scoring --------------------------------------------------------------------------------------


@area("scoring", "The score of a round and the totals (rules 9.1 to 9.3).")
def scoring_area() -> Iterator[Json]:
    # Round 1, three players, dealer 0: seat 1 holds W1 and wins the only trick.
    r1 = scoring_round1()
    r1_plays = scoring_round1_plays()
    round1_rows = [
        ("9.1", "bid 0, took 0: 20; bid 1, took 1: 30", [1, 0, 0], [20, 30, 20]),
        ("9.2", "bid 0, took 1: -10; bid 1, took 0: -10", [0, 1, 0], [20, -10, -10]),
        ("9.2", "everyone misses by one", [0, 1, 1], [-10, -10, -10]),
        ("9.2", "one meets the bid, one misses it", [1, 0, 1], [-10, 30, 20]),
    ]
    for number, (rule, text, bids_order, scores) in enumerate(round1_rows, start=1):
        yield case(
            f"scoring.{number:03d}",
            rule,
            text,
            config(3),
            [*r1, *bids_in_order(3, 0, bids_order), *r1_plays],
            state={"round_scores": [scores], "scores": scores},
        )
    # Round 2 after a known round 1 (scores [20, 30, 20]); dealer 1, seat 2 leads and
    # holds W2 W3, so seat 2 wins both tricks.
    r2 = [
        *r1,
        *bids_in_order(3, 0, [1, 0, 0]),
        *r1_plays,
        deal(["C4 C5", "C6 C7", "W2 W3"], "D6"),
    ]
    r2_plays = plays_in_order(3, 2, ["W2", "C4", "C6"]) + plays_in_order(3, 2, ["W3", "C5", "C7"])
    round2_rows = [
        ("9.1", "bid 2, took 2: 40", [2, 0, 0], [20, 20, 40]),
        ("9.2", "bid 0, took 2: -20 (two tricks of difference)", [0, 0, 0], [20, 20, -20]),
        (
            "9.2",
            "bid 2, took 0: -20, not 0 (difference, not tricks taken)",
            [2, 2, 0],
            [-20, 20, 40],
        ),
        ("9.2", "bid 1, took 0: -10; bid 1, took 2: -10", [1, 1, 1], [-10, -10, -10]),
    ]
    for number, (rule, text, bids_order, scores) in enumerate(round2_rows, start=5):
        totals = [a + b for a, b in zip([20, 30, 20], scores, strict=True)]
        yield case(
            f"scoring.{number:03d}",
            rule,
            text,
            config(3),
            [*r2, *bids_in_order(3, 1, bids_order), *r2_plays],
            state={"round_scores": [[20, 30, 20], scores], "scores": totals},
        )
    yield case(
        "scoring.009",
        "9.3",
        "totals add up the rounds",
        config(3),
        [*r2, *bids_in_order(3, 1, [0, 0, 0]), *r2_plays],
        state={"scores": [40, 50, 0]},
    )
    yield case(
        "scoring.010",
        "9.3",
        "totals may be negative",
        config(3),
        [
            *r1,
            *bids_in_order(3, 0, [0, 1, 1]),
            *r1_plays,
            deal(["C4 C5", "C6 C7", "W2 W3"], "D6"),
            *bids_in_order(3, 1, [2, 2, 0]),
            *r2_plays,
        ],
        state={"scores": [-30, 10, 30], "round_scores": [[-10, -10, -10], [-20, 20, 40]]},
    )
    yield case(
        "scoring.011",
        "9.3",
        "no score changes before the end of the round",
        config(3),
        [*r1, *bids_in_order(3, 0, [1, 0, 0]), play(1, "W1"), play(2, "C2")],
        state={"scores": [0, 0, 0], "round_scores": []},
    )
    yield case(
        "scoring.012",
        "9.3",
        "the totals start at 0",
        config(5),
        [],
        state={"scores": [0, 0, 0, 0, 0], "round_scores": []},
    )
    # Four players.  Round 1, dealer 0: seat 1 leads W1 and takes the trick.
    # Round 2, dealer 1: seat 2 leads W2 and W3 and takes both tricks.  A
    # missed bid loses 10 per trick of difference (ruling 10); where "10 per
    # trick taken" would differ, the description says so.
    r1_4 = [deal(["C2", "W1", "C3", "C4"], "D1")]
    r1_4_plays = plays_in_order(4, 1, ["W1", "C3", "C4", "C2"])
    r2_4_deal = deal(["C5 C6", "C7 C8", "W2 W3", "C9 C10"], "D2")
    r2_4_plays = plays_in_order(4, 2, ["W2", "C9", "C5", "C7"]) + plays_in_order(
        4, 2, ["W3", "C10", "C6", "C8"]
    )
    yield case(
        "scoring.013",
        "9.1",
        "four players, round 1: bid 1, took 1: 30; bid 0, took 0: 20",
        config(4),
        [*r1_4, *bids_in_order(4, 0, [1, 0, 0, 0]), *r1_4_plays],
        state={"round_scores": [[20, 30, 20, 20]], "scores": [20, 30, 20, 20]},
    )
    yield case(
        "scoring.014",
        "9.2",
        "four players, round 1: bid 1, took 0: -10 (10 per trick taken would give 0); "
        "bid 0, took 1: -10",
        config(4),
        [*r1_4, *bids_in_order(4, 0, [0, 0, 0, 1]), *r1_4_plays],
        state={"round_scores": [[-10, -10, 20, 20]]},
    )
    r2_4 = [*r1_4, *bids_in_order(4, 0, [1, 0, 0, 0]), *r1_4_plays, r2_4_deal]
    yield case(
        "scoring.015",
        "9.2",
        "four players, round 2: bid 2, took 0: -20 (10 per trick taken would give 0)",
        config(4),
        [*r2_4, *bids_in_order(4, 1, [2, 0, 2, 0]), *r2_4_plays],
        state={"round_scores": [[20, 30, 20, 20], [-20, 20, 40, 20]]},
    )
    yield case(
        "scoring.016",
        "9.2",
        "four players, round 2: bid 1, took 2: -10 (10 per trick taken would give -20)",
        config(4),
        [*r2_4, *bids_in_order(4, 1, [1, 0, 0, 0]), *r2_4_plays],
        state={"round_scores": [[20, 30, 20, 20], [20, 20, -10, 20]]},
    )
    yield case(
        "scoring.017",
        "9.2",
        "four players, round 2: bid 2, took 0: -20; bid 1, took 0: -10; bid 2, took 2: 40",
        config(4),
        [*r2_4, *bids_in_order(4, 1, [2, 2, 1, 0]), *r2_4_plays],
        state={"round_scores": [[20, 30, 20, 20], [-10, 20, 40, -20]]},
    )
    yield case(
        "scoring.018",
        "9.3",
        "four players: totals add up rounds 1 and 2 (20 - 20, 30 + 20, 20 + 40, 20 + 20)",
        config(4),
        [*r2_4, *bids_in_order(4, 1, [2, 0, 2, 0]), *r2_4_plays],
        state={"scores": [0, 50, 60, 40]},
    )
    yield case(
        "scoring.019",
        "9.2",
        "six players, round 1: bid 0, took 1: -10; two bids of 1, took 0: -10 each "
        "(10 per trick taken would give 0)",
        config(6),
        round1_won_by(6, 1, [0, 1, 0, 0, 0, 1]),
        state={"round_scores": [[-10, -10, -10, 20, 20, 20]]},
    )
    yield case(
        "scoring.020",
        "9.1",
        "five players, round 1: bid 1, took 1: 30; the others bid 0 and took 0: 20",
        config(5),
        round1_won_by(5, 1, [1, 0, 0, 0, 0]),
        state={"round_scores": [[20, 30, 20, 20, 20]]},
    )


# -- complete games ------------------------------------------------------------------------------


@area("games", "Complete games, replayed action by action (golden playthroughs).")
def games_area() -> Iterator[Json]:
    number = 1
    for players in (3, 4, 5, 6):
        for option in (False, True):
            for seed in (1, 2):
                cfg = config(players, seed % players, option)
                final, actions = recorded_game(cfg, 1000 * players + seed)
                yield case(
                    f"games.{number:03d}",
                    "9.3",
                    f"{players} players, option {'on' if option else 'off'}, game {seed}: "
                    "every round's scores, the totals and the winners",
                    cfg,
                    actions,
                    state={
                        "round_bids": [list(r.bids) for r in final.results],
                        "round_trick_winners": [
                            [t.winner for t in r.tricks] for r in final.results
                        ],
                        "round_scores": [list(r.scores) for r in final.results],
                        "scores": list(final.scores),
                        "winners": list(final.winners),
                        "phase": "game_over",
                    },
                )
                number += 1


# -- the end -------------------------------------------------------------------------------------


@area("end", "The end of the game, and ties (rules 10.1 and 10.2).")
def end_area() -> Iterator[Json]:
    # Seeds whose random games end in a tie for the highest total.
    ties = [(3, 62), (4, 7), (5, 5), (6, 2)]
    number = 1
    for players, seed in ties:
        cfg = config(players)
        final, actions = recorded_game(cfg, seed)
        assert len(final.winners) > 1
        yield case(
            f"end.{number:03d}",
            "10.2",
            f"{players} players: a tie for the highest total is shared",
            cfg,
            actions,
            state={"scores": list(final.scores), "winners": list(final.winners)},
        )
        number += 1
    for players, seed in ((3, 5), (6, 9)):
        cfg = config(players)
        final, actions = recorded_game(cfg, seed)
        assert len(final.winners) == 1
        yield case(
            f"end.{number:03d}",
            "10.2",
            f"{players} players: one winner with the highest total",
            cfg,
            actions,
            state={"scores": list(final.scores), "winners": list(final.winners)},
        )
        number += 1
        yield case(
            f"end.{number:03d}",
            "10.1",
            f"{players} players: after the last round the game is over and nobody acts",
            cfg,
            actions,
            state={"phase": "game_over", "current_player": None, "legal_actions": []},
        )
        number += 1
    yield case(
        "end.009",
        "10.2",
        "before the end there is no winner",
        config(3),
        [*scoring_round1(), *bids_in_order(3, 0, [1, 0, 0]), *scoring_round1_plays()],
        state={"winners": [], "phase": "deal", "round": 2},
    )
    for number, (players, seed, late) in enumerate(
        ((4, 3, fill(4, 1, {}, "H2")), (5, 4, bid(0, 0))), start=10
    ):
        cfg = config(players)
        final, actions = recorded_game(cfg, seed)
        kind = "deal" if late["type"] == "deal" else "bid"
        yield case(
            f"end.{number:03d}",
            "10.1",
            f"{players} players: after the last round a {kind} is refused with game_over",
            cfg,
            [*actions, late],
            errors=refused(len(actions), "game_over"),
            state={"phase": "game_over", "round": 60 // players, "current_player": None},
        )


# -- refused actions -----------------------------------------------------------------------------


@area("illegal", "Refused actions and their error codes (rules 11.1 to 11.11).")
def illegal_area() -> Iterator[Json]:
    cfg6 = config(6)
    over6 = recorded_game(cfg6, 9)[1]
    n6 = len(over6)
    follow = round3(["C7 S2 S3", "C3 H5 W1", "D2 D3 J2"])  # seat 0 leads
    start = [fill(3, 1, {0: "C3", 1: "W1", 2: "C2"}, "D1")]
    bid_done = [*start, *bids_in_order(3, 0, [1, 0, 0])]
    # (rule, description, config, actions, index of the refused action, error code)
    illegal_rows: list[tuple[str, str, Json, list[Any], int, str]] = [
        (
            "11.1",
            "a card after the end of the game",
            cfg6,
            [*over6, play(1, "C2")],
            n6,
            "game_over",
        ),
        ("11.1", "a bid after the end of the game", cfg6, [*over6, bid(0, 0)], n6, "game_over"),
        (
            "11.1",
            "a deal after the end of the game",
            cfg6,
            [*over6, fill(6, 1, {}, "H1")],
            n6,
            "game_over",
        ),
        (
            "11.1",
            "after the end, a card by a seat that does not exist",
            cfg6,
            [*over6, play(9, "C2")],
            n6,
            "game_over",
        ),
        ("11.2", "a card before the deal", config(3), [play(1, "C2")], 0, "wrong_phase"),
        ("11.2", "a bid before the deal", config(3), [bid(1, 0)], 0, "wrong_phase"),
        ("11.2", "a card while bidding", config(3), [*start, play(1, "W1")], 1, "wrong_phase"),
        ("11.2", "a second deal while bidding", config(3), [*start, *start], 1, "wrong_phase"),
        ("11.2", "a bid during play", config(3), [*bid_done, bid(1, 0)], 4, "wrong_phase"),
        (
            "11.2",
            "a trump choice while bidding",
            config(3),
            [*start, trump(0, "H")],
            1,
            "wrong_phase",
        ),
        (
            "11.2",
            "the wrong phase is reported before the wrong player",
            config(3),
            [*start, play(2, "C2")],
            1,
            "wrong_phase",
        ),
        ("11.3", "a bid by seat 3 of three", config(3), [*start, bid(3, 0)], 1, "no_such_player"),
        ("11.3", "a card by seat -1", config(3), [*bid_done, play(-1, "C2")], 4, "no_such_player"),
        (
            "11.3",
            "a trump choice by seat 7",
            config(3),
            [fill(3, 1, {}, "W1"), trump(7, "H")],
            1,
            "no_such_player",
        ),
        ("11.4", "a bid by the wrong player", config(3), [*start, bid(2, 0)], 1, "not_your_turn"),
        (
            "11.4",
            "a card by the wrong player",
            config(3),
            [*bid_done, play(2, "C2")],
            4,
            "not_your_turn",
        ),
        (
            "11.4",
            "not your turn is reported before a card you do not hold",
            config(3),
            [*bid_done, play(2, "H9")],
            4,
            "not_your_turn",
        ),
        (
            "11.4",
            "not your turn is reported before a bid out of range",
            config(3),
            [*start, bid(2, 5)],
            1,
            "not_your_turn",
        ),
        (
            "11.5",
            "a deal with too few hands",
            config(4),
            [deal(["C1", "C2", "C3"], "D1")],
            0,
            "invalid_deal",
        ),
        (
            "11.5",
            "a deal with too many hands",
            config(3),
            [deal(["C1", "C2", "C3", "C4"], "D1")],
            0,
            "invalid_deal",
        ),
        (
            "11.5",
            "a deal whose turned card is also dealt",
            config(3),
            [deal(["C1", "C2", "C3"], "C2")],
            0,
            "invalid_deal",
        ),
        (
            "11.5",
            "a deal with a hand one card short",
            config(3),
            [deal(["C1", "", "C3"], "D2")],
            0,
            "invalid_deal",
        ),
        (
            "11.6",
            "'no trump' named after a Wizard",
            config(4),
            [fill(4, 1, {}, "W4"), trump(0, None)],
            1,
            "no_trump_not_allowed",
        ),
        ("11.7", "a bid of 2 in round 1", config(3), [*start, bid(1, 2)], 1, "bid_out_of_range"),
        ("11.7", "a bid of -1", config(3), [*start, bid(1, -1)], 1, "bid_out_of_range"),
        (
            "11.7",
            "the dealer's matching bid with the option",
            config(3, 0, True),
            [*start, *bids_in_order(3, 0, [1, 0, 0])],
            3,
            "bid_total_forbidden",
        ),
        (
            "11.8",
            "a card the player does not hold",
            config(3),
            [*bid_done, play(1, "C2")],
            4,
            "card_not_in_hand",
        ),
        (
            "11.8",
            "a card that does not fit the led suit",
            config(3),
            [*follow, play(0, "C7"), play(1, "H5")],
            len(follow) + 1,
            "must_follow_suit",
        ),
        (
            "11.8",
            "a card already played",
            config(3),
            [
                *follow,
                play(0, "C7"),
                play(1, "C3"),
                play(2, "D2"),
                play(2, "D2"),
            ],
            len(follow) + 3,
            "card_not_in_hand",
        ),
        (
            "11.11",
            "an action of an unknown type",
            config(3),
            [*start, {"type": "pass", "player": 1}],
            1,
            "invalid_action",
        ),
        (
            "11.11",
            "a bid without its number",
            config(3),
            [*start, {"type": "bid", "player": 1}],
            1,
            "invalid_action",
        ),
        (
            "11.11",
            "a bid whose number is a string",
            config(3),
            [*start, {"type": "bid", "player": 1, "tricks": "0"}],
            1,
            "invalid_action",
        ),
        (
            "11.11",
            "a card played by a player given as a string",
            config(3),
            [*bid_done, {"type": "play", "player": "1", "card": "W1"}],
            4,
            "invalid_action",
        ),
        ("11.11", "an action that is not an object", config(3), [*start, 7], 1, "invalid_action"),
        (
            "11.11",
            "a deal whose hands are not lists",
            config(3),
            [{"type": "deal", "hands": "C1 C2 C3", "turned": "D1"}],
            0,
            "invalid_action",
        ),
    ]
    # The rows whose action breaks several rules, to show which code comes first.
    order_rows = {4, 11, 17, 18}
    for number, (rule, text, cfg, actions, at, code) in enumerate(illegal_rows, start=1):
        yield case(
            f"illegal.{number:03d}",
            rule,
            text,
            cfg,
            actions,
            errors=refused(at, code),
            also=ORDER if number in order_rows else (),
        )
    number = len(illegal_rows) + 1
    yield case(
        f"illegal.{number:03d}",
        "11.9",
        "a refused bid changes nothing: the same player bids next",
        config(3),
        [*start, bid(1, 5), bid(1, 1)],
        errors=refused(1, "bid_out_of_range"),
        state={"bids": [None, 1, None], "current_player": 2},
    )
    yield case(
        f"illegal.{number + 1:03d}",
        "11.9",
        "a refused card changes nothing: the hand and the trick are as before",
        config(3),
        [*bid_done, play(1, "C3"), play(1, "W1")],
        errors=refused(4, "card_not_in_hand"),
        state={"trick": ["W1"], "hands": [["C3"], [], ["C2"]], "current_player": 2},
    )
    yield case(
        f"illegal.{number + 2:03d}",
        "11.9",
        "a refused deal changes nothing: the good deal that follows is played",
        config(3),
        [deal(["C1", "C1", "C3"], "D1"), deal(["C1", "C2", "C3"], "D1")],
        errors=refused(0, "invalid_deal"),
        state={"hands": [["C1"], ["C2"], ["C3"]], "phase": "bid"},
    )
    yield case(
        f"illegal.{number + 3:03d}",
        "11.9",
        "several refused actions in a row are each reported",
        config(3),
        [*start, bid(0, 0), bid(1, 3), play(1, "W1"), bid(1, 0)],
        errors=[
            {"at": 1, "code": "not_your_turn"},
            {"at": 2, "code": "bid_out_of_range"},
            {"at": 3, "code": "wrong_phase"},
        ],
        state={"bids": [None, 0, None]},
    )
    # More cases for the rules that had the fewest (a planted-bug run showed
    # that they rested on two or three cases each), at other player counts.
    yield case(
        "illegal.040",
        "11.6",
        "three players, W1 turned: the dealer may not name 'no trump'",
        config(3),
        [fill(3, 1, {}, "W1"), trump(0, None)],
        errors=refused(1, "no_trump_not_allowed"),
        state={"phase": "choose_trump", "trump": None, "current_player": 0},
    )
    yield case(
        "illegal.041",
        "11.6",
        "six players, W3 turned: 'no trump' is refused, then a suit is named",
        config(6),
        [fill(6, 1, {}, "W3"), trump(0, None), trump(0, "S")],
        errors=refused(1, "no_trump_not_allowed"),
        state={"phase": "bid", "trump": "S", "current_player": 1},
    )
    rounds_1_2 = simple_prefix(config(4), 2)  # dealer of round 3: seat 2; seat 3 bids first
    yield case(
        "illegal.042",
        "11.7",
        "four players, round 3: a bid of 4 is out of range",
        config(4),
        [*rounds_1_2, fill(4, 3, {}, "H2"), bid(3, 4)],
        errors=refused(len(rounds_1_2) + 1, "bid_out_of_range"),
        state={"round": 3, "current_player": 3, "bids": [None, None, None, None]},
    )
    yield case(
        "illegal.043",
        "11.3",
        "four players: a bid by seat 7 is no_such_player, before not_your_turn",
        config(4),
        [fill(4, 1, {}, "H2"), bid(7, 0)],
        errors=refused(1, "no_such_player"),
        also=ORDER,
    )
    yield case(
        "illegal.044",
        "11.8",
        "four players: a card not held, of another suit than the led one the player "
        "holds, is card_not_in_hand, before must_follow_suit",
        config(4),
        [
            fill(4, 1, {1: "C5", 2: "C7", 3: "D1", 0: "D2"}, "S1"),
            *bids_in_order(4, 0, [0, 0, 0, 0]),
            play(1, "C5"),
            play(2, "H9"),
        ],
        errors=refused(6, "card_not_in_hand"),
        state={"trick": ["C5"], "current_player": 2},
        also=ORDER,
    )


# -- legal actions and perft -----------------------------------------------------------------------


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


# -- writing ---------------------------------------------------------------------------------------


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=True, separators=(", ", ": "))


# The areas in the order of the suite's files (and of the rules).
AREAS: tuple[Callable[[], Area], ...] = (
    deck_area,
    rounds_area,
    dealing_area,
    trump_area,
    bidding_area,
    option_area,
    leading_area,
    led_suit_area,
    following_area,
    winner_area,
    scoring_area,
    games_area,
    end_area,
    illegal_area,
    perft_area,
)


def render(area: Area) -> str:
    """The text of one case file: one case field a line, one action a line."""
    cases = area.cases
    lines = [
        "{",
        f' "area": {_compact(area.name)},',
        f' "description": {_compact(area.description)},',
    ]
    lines.append(' "cases": [')
    for index, item in enumerate(cases):
        lines.append("  {")
        lines.append(f'   "id": {_compact(item["id"])},')
        lines.append(f'   "rule": {_compact(item["rule"])},')
        lines.append(f'   "tags": {_compact(item["tags"])},')
        lines.append(f'   "description": {_compact(item["description"])},')
        given = item["given"]
        lines.append(f'   "given": {{"config": {_compact(given["config"])}, "actions": [')
        actions = given["actions"]
        for position, action in enumerate(actions):
            comma = "," if position < len(actions) - 1 else ""
            lines.append(f"    {_compact(action)}{comma}")
        lines.append("   ]},")
        lines.append(f'   "expect": {_compact(item["expect"])}')
        lines.append("  }" + ("," if index < len(cases) - 1 else ""))
    lines.append(" ]")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text)["cases"] == cases
    return text


def check_ids(areas: Sequence[Area]) -> None:
    """Every case id is new, belongs to its area, and is not retired."""
    seen: set[str] = set()
    for area in areas:
        for item in area.cases:
            case_id = item["id"]
            assert case_id.startswith(f"{area.name}."), case_id
            assert case_id not in seen, f"duplicate case id {case_id}"
            assert case_id not in RETIRED, f"retired case id {case_id}"
            seen.add(case_id)


def main(argv: list[str] | None = None) -> None:
    """Write the suite into ``conformance/`` (or the folder given as ``--out DIR``)."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[1]) if len(args) == 2 and args[0] == "--out" else ROOT / "conformance"
    areas = [make() for make in AREAS]
    check_ids(areas)
    (out / "cases").mkdir(parents=True, exist_ok=True)
    files = []
    for area in areas:
        path = out / "cases" / f"{area.name}.json"
        path.write_text(render(area), encoding="utf-8")
        files.append(f"{area.name}.json")
    manifest = {
        "suite_version": SUITE_VERSION,
        "protocol": PROTOCOL,
        "files": files,
        "retired": RETIRED,
    }
    (out / "suite.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    total = sum(len(area.cases) for area in areas)
    print(f"wrote {total} cases in {len(files)} files to {out}")


if __name__ == "__main__":
    main()
