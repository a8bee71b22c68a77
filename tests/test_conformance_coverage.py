"""The winner, led-suit and following areas cover their combinations of card kinds.

docs/coverage.rst states, for each of the three areas, the combinations of
card kinds that matter; here each combination is enumerated from that page's
definitions, and every case of the area that starts from a position is
classified by reading its position and its actions, card by card.  Nothing
here is taken from the generator (tools/conformance_cases/): a generator that
forgot a combination leaves it uncovered, and the test says which.  Each
covering case's expectation is also checked against the rule, as this file
reads it.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import shlex
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from wizard_rules.conformance.runner import Outcome, run_suite
from wizard_rules.conformance.suite import load_suite, suite_path

ROOT = Path(__file__).resolve().parent.parent
COVERAGE_RST = ROOT / "docs" / "coverage.rst"
PLAYERS = (3, 4, 5, 6)
SETTINGS = (True, False)  # trump, no trump

Key = tuple[Any, ...]


def _cases(area: str) -> list[dict[str, Any]]:
    text = (suite_path() / "cases" / f"{area}.json").read_text(encoding="utf-8")
    cases: list[dict[str, Any]] = json.loads(text)["cases"]
    return cases


# -- cards ------------------------------------------------------------------------------


def _is_wizard(card: str) -> bool:
    return card.startswith("W")


def _is_jester(card: str) -> bool:
    return card.startswith("J")


def _suit(card: str) -> str | None:
    return None if card[0] in "WJ" else card[0]


def _rank(card: str) -> int:
    return int(card[1:])


def _led_suit(trick: Sequence[str]) -> str | None:
    """Rules 6.1 to 6.3: the suit of the first card that is not a Jester, if
    that card is a suit card."""
    for card in trick:
        if not _is_jester(card):
            return _suit(card)
    return None


def _winner(trick: Sequence[str], trump: str | None) -> int:
    """Rules 8.1 to 8.4: the place (from 0) of the card that wins ``trick``."""
    for place, card in enumerate(trick):
        if _is_wizard(card):
            return place
    for suit in (trump, _led_suit(trick)):
        ranked = [(_rank(c), place) for place, c in enumerate(trick) if suit and _suit(c) == suit]
        if ranked:
            return max(ranked)[1]
    return 0


# -- the winner: a situation and a kind at each place --------------------------------------
#
# A situation is what rules 8.1 to 8.5 see of the cards before a place:
# ("start",), ("jesters", p) after p Jesters only, or ("open", p, opener,
# winning): p Jesters, then the first other card of kind opener (W, T or L),
# and the kind of the card winning so far.  The kind at a place is W, J, T,
# L or O, with T+ / T- (L+ / L-) for a trump (led-suit card) played while a
# trump (led-suit card) is winning: higher or lower than it.


def _situation_of_kinds(kinds: Sequence[str]) -> Key:
    jesters = 0
    while jesters < len(kinds) and kinds[jesters] == "J":
        jesters += 1
    if not kinds:
        return ("start",)
    if jesters == len(kinds):
        return ("jesters", jesters)
    base = [k[0] for k in kinds]
    winning = "W" if "W" in base else "T" if "T" in base else "L"
    return ("open", jesters, base[jesters], winning)


@functools.cache
def winner_sequences(players: int, trump: bool) -> list[tuple[str, ...]]:
    """Every sequence of kinds a trick of ``players`` cards can have: at most
    four Wizards and four Jesters; no ``L`` unless the first card that is
    not a Jester is one, and never ``O`` as that card."""
    alphabet = "WJTLO" if trump else "WJLO"
    found = []
    for kinds in itertools.product(alphabet, repeat=players):
        if kinds.count("W") > 4 or kinds.count("J") > 4:
            continue
        opener = next((k for k in kinds if k != "J"), None)
        if opener == "O" or (opener in ("W", "T") and "L" in kinds):
            continue
        found.append(kinds)
    return found


@functools.cache
def winner_combinations(players: int, trump: bool) -> set[Key]:
    """Every (place, situation, kind) that can occur in a trick of ``players``
    cards, read off every possible sequence of kinds."""
    found: set[Key] = set()
    for kinds in winner_sequences(players, trump):
        for place, kind in enumerate(kinds):
            situation = _situation_of_kinds(kinds[:place])
            winning = situation[-1] if situation[0] == "open" else None
            if kind in ("T", "L") and kind == winning:
                found.add((place, situation, kind + "+"))
                found.add((place, situation, kind + "-"))
            else:
                found.add((place, situation, kind))
    return found


def winner_keys(trick: Sequence[str], trump: str | None) -> list[Key]:
    """The (place, situation, kind) of every card of a trick, read from its cards."""
    keys: list[Key] = []
    for place, card in enumerate(trick):
        before = trick[:place]
        kinds = [_kind(c, before[:i], trump) for i, c in enumerate(before)]
        situation = _situation_of_kinds(kinds)
        kind = _kind(card, before, trump)
        if situation[0] == "open" and kind == situation[-1] and kind in ("T", "L"):
            best = before[_winner(before, trump)]
            kind += "+" if _rank(card) > _rank(best) else "-"
        keys.append((place, situation, kind))
    return keys


def _kind(card: str, before: Sequence[str], trump: str | None) -> str:
    """W, J, T, L or O: what ``card`` is when played after the cards ``before``."""
    if _is_wizard(card):
        return "W"
    if _is_jester(card):
        return "J"
    if _suit(card) == trump:
        return "T"
    opener = next((c for c in before if not _is_jester(c)), None)
    if opener is None or _suit(opener) == _suit(card) != trump:
        return "L"
    return "O"


def winner_coverage(cases: Iterable[dict[str, Any]]) -> Iterator[tuple[Key, str]]:
    """(players, trump?, place, situation, kind) of every card of every trick a
    case of the winner area finishes from its position, with the case id."""
    for case in cases:
        start = case["given"].get("position")
        actions = case["given"]["actions"]
        if start is None or len(actions) != 1 or actions[0]["type"] != "play":
            continue
        players = start["config"]["players"]
        trick = [*start["current_trick"], actions[0]["card"]]
        if len(trick) != players:
            continue
        trump = start["trump"]
        state = case["expect"].get("state", {})
        if "trick_winners" in state:
            observed = state["trick_winners"][-1]
        elif "round_trick_winners" in state:
            observed = state["round_trick_winners"][-1][-1]
        else:
            continue
        assert observed == (start["leader"] + _winner(trick, trump)) % players, case["id"]
        for key in winner_keys(trick, trump):
            yield (players, trump is not None, *key), case["id"]


# -- the led suit: the kinds up to the first suit card -----------------------------------


@functools.cache
def led_suit_combinations(players: int, trump: bool) -> set[Key]:
    """Jesters and Wizards, then a suit card (T: trump, S: another suit) or
    nothing more, while the trick is not finished."""
    suits = ("T", "S") if trump else ("S",)
    found: set[Key] = set()
    for length in range(1, players):
        for special in itertools.product("JW", repeat=length):
            found.add(special)
        for special in itertools.product("JW", repeat=length - 1):
            for suit in suits:
                found.add((*special, suit))
    return {(k,) for k in found if k.count("J") <= 4 and k.count("W") <= 4}


def led_suit_coverage(cases: Iterable[dict[str, Any]]) -> Iterator[tuple[Key, str]]:
    """(players, trump?, kinds) of every case of the led-suit area that plays
    one card from a position, before which the trick holds no suit card."""
    for case in cases:
        start = case["given"].get("position")
        actions = case["given"]["actions"]
        if start is None or len(actions) != 1 or actions[0]["type"] != "play":
            continue
        if "led_suit" not in case["expect"].get("state", {}):
            continue
        players = start["config"]["players"]
        trick = [*start["current_trick"], actions[0]["card"]]
        if any(_suit(c) for c in trick[:-1]) or len(trick) >= players:
            continue
        trump = start["trump"]
        kinds = tuple(
            "W" if _is_wizard(c) else "J" if _is_jester(c) else "T" if _suit(c) == trump else "S"
            for c in trick
        )
        assert case["expect"]["state"]["led_suit"] == _led_suit(trick), case["id"]
        yield (players, trump is not None, kinds), case["id"]


# -- following: what the hand holds, and the card tried -----------------------------------

FOLLOWING_SITUATIONS = ("led", "trump led", "jesters", "wizard first")


def _subsets(kinds: str) -> Iterator[frozenset[str]]:
    for size in range(1, len(kinds) + 1):
        for chosen in itertools.combinations(kinds, size):
            yield frozenset(chosen)


@functools.cache
def following_combinations(players: int, trump: bool) -> set[Key]:
    """A card of each kind the hand holds tried where the trick has a led
    suit; the legal cards of each hand where it has none."""
    del players  # the same combinations for every player count
    found: set[Key] = set()
    for held in _subsets("LTOWJ" if trump else "LOWJ"):
        found.update(("led", held, kind) for kind in held)
    if trump:
        for held in _subsets("LOWJ"):
            found.update(("trump led", held, kind) for kind in held)
    for held in _subsets("TOWJ" if trump else "OWJ"):
        found.add(("jesters", held, "legal_actions"))
    for held in _subsets("STOWJ" if trump else "SOWJ"):
        found.add(("wizard first", held, "legal_actions"))
    return found


def _following_situation(trick: Sequence[str], trump: str | None) -> str | None:
    """One of FOLLOWING_SITUATIONS, or None for a Wizard first that no suit
    card but trump follows (none of the page's four)."""
    led = _led_suit(trick)
    if led is not None:
        return "trump led" if led == trump else "led"
    if all(_is_jester(c) for c in trick):
        return "jesters"
    return "wizard first" if any(_suit(c) not in (None, trump) for c in trick) else None


def _held_kind(card: str, trick: Sequence[str], trump: str | None) -> str:
    led = _led_suit(trick)
    if _is_wizard(card) or _is_jester(card):
        return card[0]
    if _suit(card) == led:
        return "L"
    if _suit(card) == trump:
        return "T"
    played = {_suit(c) for c in trick} - {None, trump}
    return "S" if led is None and _suit(card) in played else "O"


def following_coverage(cases: Iterable[dict[str, Any]]) -> Iterator[tuple[Key, str]]:
    """(players, trump?, situation, kinds held, kind tried or "legal_actions")
    of every case of the following area that starts from a position in a
    trick already led, and plays one card or observes the legal cards."""
    for case in cases:
        start = case["given"].get("position")
        actions = case["given"]["actions"]
        if start is None or not start["current_trick"]:
            continue
        players = start["config"]["players"]
        trump = start["trump"]
        trick = start["current_trick"]
        seat = (start["leader"] + len(trick)) % players
        hand = start["hands"][seat]
        situation = _following_situation(trick, trump)
        held = frozenset(_held_kind(c, trick, trump) for c in hand)
        led = _led_suit(trick)
        must = led is not None and any(_suit(c) == led for c in hand)
        allowed = [c for c in hand if not must or _suit(c) in (led, None)]
        expect = case["expect"]
        setting = (players, trump is not None, situation, held)
        if not actions and set(expect.get("state", {})) == {"legal_actions"}:
            got = [a["card"] for a in expect["state"]["legal_actions"]]
            assert sorted(got) == sorted(allowed), case["id"]
            assert all(a["player"] == seat for a in expect["state"]["legal_actions"])
            if led is None and situation is not None:
                yield (*setting, "legal_actions"), case["id"]
        elif len(actions) == 1 and actions[0]["type"] == "play":
            card = actions[0]["card"]
            if card not in hand:
                continue
            if card in allowed:
                assert "errors" not in expect, case["id"]
            else:
                assert expect["errors"] == [{"at": 0, "code": "must_follow_suit"}], case["id"]
            if led is not None:
                yield (*setting, _held_kind(card, trick, trump)), case["id"]


# -- the checks ----------------------------------------------------------------------------

AREAS = {
    "winner": (winner_combinations, winner_coverage),
    "led-suit": (led_suit_combinations, led_suit_coverage),
    "following": (following_combinations, following_coverage),
}


def uncovered(area: str, cases: Sequence[dict[str, Any]]) -> dict[tuple[int, bool], set[Key]]:
    """For each player count and trump setting, the combinations of ``area``
    that no case of ``cases`` covers."""
    combinations, coverage = AREAS[area]
    covered: set[Key] = {key for key, _ in coverage(cases)}
    missing = {}
    for players in PLAYERS:
        for trump in SETTINGS:
            wanted = {(players, trump, *k) for k in combinations(players, trump)}
            missing[(players, trump)] = wanted - covered
    return missing


@pytest.mark.parametrize("area", sorted(AREAS))
def test_every_combination_of_the_area_has_a_case_from_a_position(area: str) -> None:
    cases = _cases(area)
    missing = uncovered(area, cases)
    for (players, trump), keys in missing.items():
        setting = "trump" if trump else "no trump"
        assert not keys, f"{area}, {players} players, {setting}: {sorted(keys)[:5]} ..."
    # and what a case is read as is always one of the enumerated combinations
    combinations, coverage = AREAS[area]
    for (players, trump, *key), case_id in coverage(cases):
        assert tuple(key) in combinations(players, trump), (case_id, key)


def _first_enumerated_cases() -> dict[str, int]:
    """The number of each area's first case made for the enumeration, as
    docs/coverage.rst gives it."""
    found = re.search(
        r"numbered from ``winner\.(\d+)``, ``led-suit\.(\d+)`` and ``following\.(\d+)``",
        _prose(),
    )
    assert found is not None
    return dict(zip(("winner", "led-suit", "following"), map(int, found.groups()), strict=True))


@pytest.mark.parametrize("area", sorted(AREAS))
def test_the_cases_written_by_hand_alone_leave_combinations_uncovered(area: str) -> None:
    # The check can fail, and did on the suite before the enumeration: the
    # cases written by hand (numbered before those the page names) miss
    # combinations for every player count and setting.
    first = _first_enumerated_cases()[area]
    cases = _cases(area)
    assert f"{area}.{first:03d}" in {c["id"] for c in cases}
    by_hand = [c for c in cases if int(c["id"].split(".")[1]) < first]
    missing = uncovered(area, by_hand)
    assert all(missing.values()), {k: len(v) for k, v in missing.items()}
    if area == "winner":  # among them the narrow bug's (below), at every player count
        for players in PLAYERS:
            assert (players, False, 1, ("jesters", 1), "W") in missing[(players, False)]


def test_the_winner_combinations_read_off_a_trick() -> None:
    # Four players, trump Hearts: J1, C7 (led Clubs), H5 (trump), H2 (a lower trump).
    keys = winner_keys(["J1", "C7", "H5", "H2"], "H")
    assert keys == [
        (0, ("start",), "J"),
        (1, ("jesters", 1), "L"),
        (2, ("open", 1, "L", "L"), "T"),
        (3, ("open", 1, "L", "T"), "T-"),
    ]
    assert _winner(["J1", "C7", "H5", "H2"], "H") == 2
    # With no trump, a Wizard after Jesters; then a suit card is of another suit.
    assert winner_keys(["J1", "W2", "C3"], None) == [
        (0, ("start",), "J"),
        (1, ("jesters", 1), "W"),
        (2, ("open", 1, "W", "W"), "O"),
    ]
    # For three players with trump, by hand: 4 kinds at place 0 (W, J, T, L);
    # 19 at place 1 (4 after a Jester, 4 after a Wizard: W J T O, 5 after a
    # trump: W J T+ T- O, 6 after a led card: W J T L+ L- O); 49 at place 2.
    assert [
        sum(1 for place, _, _ in winner_combinations(3, True) if place == p) for p in range(3)
    ] == [4, 19, 49]
    assert len(winner_combinations(3, True)) == 72


def test_the_following_situations_read_off_a_trick() -> None:
    # As docs/coverage.rst defines them; trump Diamonds but where it says None.
    assert _following_situation(["C9"], "D") == "led"
    assert _following_situation(["J1", "C9", "D4"], "D") == "led"
    assert _following_situation(["D9"], "D") == "trump led"
    assert _following_situation(["J1", "J2"], "D") == "jesters"
    assert _following_situation(["W1", "C9"], "D") == "wizard first"
    assert _following_situation(["J1", "W1", "D5", "C9"], "D") == "wizard first"
    assert _following_situation(["W1", "C9"], None) == "wizard first"
    # A Wizard first and no suit card but trumps after it: none of the four.
    assert _following_situation(["W2"], "D") is None
    assert _following_situation(["J1", "W1", "W2"], None) is None
    assert _following_situation(["W1", "D5"], "D") is None
    assert _held_kind("C2", ["W1", "C9"], "D") == "S"
    assert _held_kind("H2", ["W1", "C9"], "D") == "O"
    assert _held_kind("D2", ["W1", "C9"], "D") == "T"
    assert _held_kind("D2", ["D9"], "D") == "L"  # trump led: trump is the led suit


def _table() -> dict[tuple[str, int, str], tuple[int, int]]:
    """The figures of docs/coverage.rst: (area, players, setting) -> (combinations, cases)."""
    text = COVERAGE_RST.read_text(encoding="utf-8")
    rows = re.findall(
        r"^   \* - (winner|led-suit|following)\n     - (\d)\n     - (trump|no trump)\n"
        r"     - (\d+)\n     - (\d+)$",
        text,
        re.MULTILINE,
    )
    return {(a, int(n), s): (int(c), int(k)) for a, n, s, c, k in rows}


def test_the_coverage_page_states_the_figures_of_the_suite() -> None:
    table = _table()
    assert len(table) == len(AREAS) * len(PLAYERS) * len(SETTINGS)
    for area, (combinations, coverage) in AREAS.items():
        found = list(coverage(_cases(area)))
        for players in PLAYERS:
            for trump in SETTINGS:
                setting = "trump" if trump else "no trump"
                cases = {i for key, i in found if key[:2] == (players, trump)}
                assert table[(area, players, setting)] == (
                    len(combinations(players, trump)),
                    len(cases),
                ), (area, players, setting)
    totals = re.search(
        r"the winner area has ([\d,]+) combinations in ([\d,]+) cases, the led-suit area"
        r" ([\d,]+) in ([\d,]+), and the following area ([\d,]+) in ([\d,]+)\.",
        _prose(),
    )
    assert totals is not None
    for index, area in enumerate(("winner", "led-suit", "following")):
        rows = [figures for (name, _, _), figures in table.items() if name == area]
        stated = [int(totals.group(2 * index + k).replace(",", "")) for k in (1, 2)]
        assert stated == [sum(c for c, _ in rows), sum(k for _, k in rows)], area
    every = sum(len(winner_sequences(n, t)) for n in PLAYERS for t in SETTINGS)
    assert f"would take {every:,} cases" in _prose()
    assert f"({len(winner_sequences(6, True)):,} for six players with trump alone)" in _prose()


def _prose() -> str:
    """The text of docs/coverage.rst, its lines joined by spaces."""
    return " ".join(COVERAGE_RST.read_text(encoding="utf-8").split())


# A narrow bug, as the one that once passed every case of the winner area: with
# no trump, when a Jester is led and a Wizard follows it, the Jester wins.
NARROW_BUG = """
import sys
sys.path.insert(0, sys.argv[1])
from tests.planted_bugs import _replace
from wizard_rules.core import trick
from wizard_rules.core.cards import Kind
from wizard_rules.conformance import adapter

original = trick._winning_position

def winning(cards, trump):
    if trump is None and len(cards) > 1 and cards[0].kind is Kind.JESTER:
        if cards[1].kind is Kind.WIZARD:
            return 0
    return original(cards, trump)

_replace(original, winning)
adapter.serve(None, sys.stdout)
"""


def test_a_bug_in_one_combination_fails_the_cases_of_that_combination() -> None:
    command = shlex.join([sys.executable, "-c", NARROW_BUG, str(ROOT)])
    report = run_suite(load_suite(), command, run=["winner.*"], timeout=60)
    failed = {r.case.id for r in report.results if r.outcome is Outcome.FAILED}
    assert not [r for r in report.results if r.outcome is Outcome.ERROR]
    combination = (1, ("jesters", 1), "W")
    holding = {  # case id -> players
        case_id: players
        for (players, trump, *key), case_id in winner_coverage(_cases("winner"))
        if not trump and tuple(key) == combination
    }
    assert sorted(set(holding.values())) == list(PLAYERS)  # a case for each player count
    assert set(holding) <= failed
    for case in _cases("winner"):
        if case["id"] in failed - set(holding):  # a trick unfinished: its winner so far
            given = case["given"]
            assert "position" in given, case["id"]
            trick = [*given["position"]["current_trick"], *(a["card"] for a in given["actions"])]
            assert given["position"]["trump"] is None, case["id"]
            assert _is_jester(trick[0]), case["id"]
            assert _is_wizard(trick[1]), case["id"]
