"""The conformance suite checks itself, and the runner is checked against bad adapters."""

from __future__ import annotations

import ast
import io
import json
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest

import wizard_rules
from wizard_rules import Card, Config, Phase, Suit, apply, new_game, parse_card, player_view
from wizard_rules.conformance.adapter import OBSERVATIONS, handle, run_case, serve
from wizard_rules.conformance.judge import judge
from wizard_rules.conformance.protocol import (
    JSON,
    MAX_PERFT_DEPTH,
    OBSERVATION_KEYS,
    PROTOCOL_VERSION,
    PROTOCOL_VERSION_2,
    UNORDERED_OBSERVATIONS,
)
from wizard_rules.conformance.runner import (
    Outcome,
    format_report,
    json_report,
    run_suite,
)
from wizard_rules.conformance.suite import Case, load_suite, suite_path
from wizard_rules.conformance.transport import AdapterProcess
from wizard_rules.core.position import from_position, position_of
from wizard_rules.errors import ErrorCode, RecordError
from wizard_rules.formats.records import (
    action_from_dict,
    config_from_dict,
    config_to_dict,
    position_from_dict,
    position_to_dict,
    view_to_dict,
)
from wizard_rules.sim.perft import perft

from .helpers import (
    bid_all,
    fill_deal,
    play_cards,
    ref_playable,
    ref_round_score,
    ref_winner,
    state_at_round,
)

ROOT = Path(__file__).resolve().parent.parent
SUITE = load_suite()
CASES = {case.id: case for case in SUITE.cases}
FAKE = [sys.executable, str(ROOT / "tests" / "fake_adapter.py")]
OUR_ADAPTER = f'"{sys.executable}" -m wizard_rules conformance adapter'


def spec_rules() -> dict[str, bool]:
    """Every rule number in docs/rules.rst, and whether it is an option."""
    text = (ROOT / "docs" / "rules.rst").read_text(encoding="utf-8")
    rules: dict[str, bool] = {}
    for block in re.split(r"^\.\. rule:: ", text, flags=re.MULTILINE)[1:]:
        number = block.split("\n", 1)[0].strip()
        assert number not in rules, f"rule {number} is written twice"
        header = block.split("\n\n", 1)[0]
        rules[number] = ":option:" in header
    return rules


# -- the suite checks itself ----------------------------------------------------------


def test_suite_is_found_and_versioned() -> None:
    assert (suite_path() / "suite.json").is_file()
    assert SUITE.protocol == PROTOCOL_VERSION_2
    assert re.fullmatch(r"\d+\.\d+\.\d+", SUITE.version)
    assert len(SUITE.cases) >= 250


def test_every_case_file_is_valid_against_the_schema() -> None:
    schema = json.loads((suite_path() / "schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    manifest = json.loads((suite_path() / "suite.json").read_text(encoding="utf-8"))
    files = sorted(path.name for path in (suite_path() / "cases").glob("*.json"))
    assert sorted(manifest["files"]) == files
    for name in files:
        document = json.loads((suite_path() / "cases" / name).read_text(encoding="utf-8"))
        errors = [error.message for error in validator.iter_errors(document)]
        assert errors == [], f"{name}: {errors[:3]}"
        assert name == f"{document['area']}.json"


def test_case_ids_are_unique_and_name_their_area() -> None:
    ids = [case.id for case in SUITE.cases]
    assert len(ids) == len(set(ids))
    for case in SUITE.cases:
        assert case.id.split(".")[0] == case.area
    assert not SUITE.retired & set(ids), "a retired id is in use again"


def test_every_case_names_a_rule_of_the_specification() -> None:
    rules = spec_rules()
    unknown = sorted({case.rule for case in SUITE.cases} - set(rules))
    assert unknown == []


def pending_rules() -> set[str]:
    """The rules of docs/rules.rst written before their cases (``:cases-pending:``)."""
    text = (ROOT / "docs" / "rules.rst").read_text(encoding="utf-8")
    return {
        block.split("\n", 1)[0].strip()
        for block in re.split(r"^\.\. rule:: ", text, flags=re.MULTILINE)[1:]
        if ":cases-pending:" in block.split("\n\n", 1)[0]
    }


def test_every_rule_of_the_specification_has_cases() -> None:
    # ... but for the rules marked as awaiting theirs, which must have none:
    # the mark goes when the cases come.
    covered = {case.rule for case in SUITE.cases}
    pending = pending_rules()
    missing = [rule for rule in spec_rules() if rule not in covered | pending]
    assert missing == []
    assert sorted(pending & covered) == []
    assert pending <= set(spec_rules())


def test_option_rules_are_numbered_from_20() -> None:
    for number, is_option in spec_rules().items():
        assert is_option == (int(number.split(".")[0]) >= 20), number


def test_every_expected_error_code_is_a_library_code() -> None:
    codes = {code.value for code in ErrorCode}
    for case in SUITE.cases:
        for error in case.errors:
            assert error["code"] in codes, case.id


@pytest.mark.parametrize("case_id", sorted(CASES))
def test_case_passes_against_the_library(case_id: str) -> None:
    case = CASES[case_id]
    depth = None if case.perft is None else case.perft["depth"]
    answer = run_case(
        case.config, list(case.actions), sorted(case.state or {}), depth, case.position
    )
    judgement = judge(case, {**answer})
    assert judgement.passed, f"{case.description}\n{judgement.differences}"
    assert not judgement.unsupported


def test_case_files_are_what_the_generator_writes(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_conformance.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    for name in [
        "suite.json",
        *(
            f"cases/{f}"
            for f in json.loads((tmp_path / "suite.json").read_text(encoding="utf-8"))["files"]
        ),
    ]:
        assert (tmp_path / name).read_text(encoding="utf-8") == (
            ROOT / "conformance" / name
        ).read_text(encoding="utf-8"), name


# -- scores and winners against an independent reference -------------------------------

REFERENCE_KEYS = frozenset(
    {"scores", "winners", "round_scores", "round_bids", "round_trick_winners", "trick_winners"}
)
SCORED_CASES = [
    case_id
    for case_id, case in CASES.items()
    if case.state
    and REFERENCE_KEYS & set(case.state)
    and not case.errors
    and "anniversary_cards" not in case.config  # the reference has no cards: see
    # tests/test_conformance_anniversary.py for theirs
]


def ref_trick_winners(
    dealer: int,
    players: int,
    trump: Suit | None,
    tricks: Sequence[Sequence[Card]],
    leader: int | None = None,
) -> list[int]:
    """The seat that won each trick, from the cards alone: ``leader`` (by
    default the seat after the dealer) leads the first trick, and each
    trick's winner leads the next."""
    winners = []
    leader = (dealer + 1) % players if leader is None else leader
    for cards in tricks:
        leader = (leader + ref_winner(cards, trump)) % players
        winners.append(leader)
    return winners


def ref_round_bids(
    actions: list[Any], rounds: int, made: dict[int, int | None] | None = None
) -> list[list[int]]:
    """Each finished round's bids, read from a case's actions (all applied);
    ``made`` holds the bids made before them, in the round they start in."""
    bids: list[dict[int, int]] = []
    if made is not None:
        bids.append({seat: bid for seat, bid in made.items() if bid is not None})
    for action in actions:
        if action["type"] == "deal":
            bids.append({})
        elif action["type"] == "bid":
            bids[-1][action["player"]] = action["tricks"]
    return [[made[seat] for seat in sorted(made)] for made in bids[:rounds]]


@pytest.mark.parametrize("case_id", SCORED_CASES)
def test_expected_scores_and_winners_agree_with_the_reference(case_id: str) -> None:
    # The generator takes these expectations from this library; here they are
    # recomputed from the bids and the played cards alone (tests/helpers.py),
    # so that the suite does not merely pin the library to itself.
    case = CASES[case_id]
    assert case.state is not None
    start = (
        new_game(config_from_dict(case.config))
        if case.position is None
        else from_position(position_from_dict(case.position))
    )
    state = start
    for action in case.actions:
        state = apply(state, action_from_dict(action))
    players = state.config.players
    # A case from a position sees the tricks finished after it: the first is
    # led by the position's leader, and the tricks taken before it count too.
    mid_round = start.phase in (Phase.CHOOSE_TRUMP, Phase.BID, Phase.PLAY)
    round_winners: list[list[int]] = []
    round_scores: list[list[int]] = []
    for index, result in enumerate(state.results):
        first = mid_round and index == 0
        cards = [t.cards for t in result.tricks]
        leader = start.leader if first else None
        winners = ref_trick_winners(result.dealer, players, result.trump, cards, leader)
        taken = list(start.tricks_won) if first else [0] * players
        for seat in winners:
            taken[seat] += 1
        round_winners.append(winners)
        round_scores.append([ref_round_score(result.bids[s], taken[s]) for s in range(players)])
    totals = [start.scores[s] + sum(score[s] for score in round_scores) for s in range(players)]
    expected = case.state
    if "scores" in expected:
        assert expected["scores"] == totals
    if "winners" in expected:
        best = [seat for seat in range(players) if totals[seat] == max(totals)]
        assert expected["winners"] == (best if state.is_over else [])
    if "round_bids" in expected:
        made = dict(enumerate(start.bids)) if mid_round else None
        assert expected["round_bids"] == ref_round_bids(
            list(case.actions), len(state.results), made
        )
    if "round_trick_winners" in expected:
        assert expected["round_trick_winners"] == round_winners
    if "trick_winners" in expected:
        same_round = mid_round and start.round == state.round
        assert expected["trick_winners"] == ref_trick_winners(
            state.dealer,
            players,
            state.trump,
            [t.cards for t in state.completed_tricks],
            start.leader if same_round else None,
        )
    if "round_scores" in expected:
        assert expected["round_scores"] == round_scores


def test_scores_and_winners_are_checked_in_many_cases() -> None:
    assert len(SCORED_CASES) >= 20


def test_trick_winners_are_observed_directly() -> None:
    # Who won a trick is observed as such, never inferred from the scores: a
    # case of the winner area that completes a trick observes its winner.
    for case in SUITE.cases:
        if case.id.startswith("winner.") and case.state and "trick_winner" not in case.state:
            assert {"trick_winners", "round_trick_winners"} & set(case.state), case.id
            assert "round_scores" not in case.state, case.id
    # Complete games observe each round's bids, trick winners and scores apart.
    games = [case for case in SUITE.cases if case.id.startswith("games.")]
    assert games
    for case in games:
        assert case.state is not None
        assert {"round_bids", "round_trick_winners", "round_scores", "winners"} <= set(
            case.state
        ), case.id


# -- perft counts against an independent count -------------------------------------------


def reference_perft(
    hands: list[list[Card]], trick: list[Card], leader: int, trump: Suit | None, depth: int
) -> int:
    """Count play sequences with the reference rules of tests/helpers.py only."""
    if depth == 0 or not any(hands):
        return 1
    players = len(hands)
    player = (leader + len(trick)) % players
    total = 0
    for card in sorted(ref_playable(hands[player], trick), key=lambda c: c.index):
        new_hands = [list(h) for h in hands]
        new_hands[player].remove(card)
        new_trick = [*trick, card]
        if len(new_trick) == players:
            winner = (leader + ref_winner(new_trick, trump)) % players
            total += reference_perft(new_hands, [], winner, trump, depth - 1)
        else:
            total += reference_perft(new_hands, new_trick, leader, trump, depth - 1)
    return total


def reference_perft_from(position: Any, depth: int) -> int:
    """Count action sequences from a position in its JSON form, with the
    reference rules only: the dealer's trump choice after a turned Wizard
    (rule 3.4: the four suits), the bids in turn from the dealer's left
    (rules 4.1 and 4.2, and rule 20.1 with the option), then the play.  The
    end of the round (a deal, or the end of the game) ends a sequence."""
    players = position["config"]["players"]
    option = position["config"].get("forbid_bid_total_match", False)
    round_number, dealer = position["round"], position["dealer"]
    hands = [[parse_card(text) for text in hand] for hand in position["hands"]]
    trick = [parse_card(text) for text in position["current_trick"]]
    suits = {suit.value: suit for suit in Suit}
    turned = position["turned"]
    named = None if position["trump"] is None else suits[position["trump"]]
    bids = list(position["bids"])
    if position["over"] or not any(hands):
        return 1

    def count(trump: Suit | None, bids: list[int | None], depth: int) -> int:
        if depth == 0:
            return 1
        if trump is None and turned is not None and turned.startswith("W"):
            return sum(count(suit, bids, depth - 1) for suit in Suit)
        waiting = [(dealer + k) % players for k in range(1, players + 1)]
        waiting = [seat for seat in waiting if bids[seat] is None]
        if waiting:
            seat = waiting[0]
            allowed = list(range(round_number + 1))
            if option and seat == dealer:
                others = sum(b for b in bids if b is not None)
                allowed = [b for b in allowed if others + b != round_number]
            total = 0
            for value in allowed:
                new_bids = list(bids)
                new_bids[seat] = value
                total += count(trump, new_bids, depth - 1)
            return total
        return reference_perft(hands, trick, position["leader"], trump, depth)

    return count(named, bids, depth)


@pytest.mark.parametrize("case_id", sorted(i for i in CASES if CASES[i].perft is not None))
def test_perft_counts_agree_with_an_independent_count(case_id: str) -> None:
    case = CASES[case_id]
    assert case.perft is not None
    if case.position is not None:
        assert not case.actions, case_id
        counted = reference_perft_from(case.position, case.perft["depth"])
    else:
        state = new_game(config_from_dict(case.config))
        for action in case.actions:
            state = apply(state, action_from_dict(action))
        hands = [list(hand) for hand in state.hands]
        counted = reference_perft(
            hands, list(state.current_trick), state.leader, state.trump, case.perft["depth"]
        )
    assert counted == case.perft["count"]


# The most work a perft case may ask for, written here by hand as
# docs/conformance.rst states it: positions (the sum of its counts at the
# depths 1 to d), and the actions an implementation that replays the round
# for every action applies (the sum of k times the count at depth k).
MAX_PERFT_NODES = 5000
MAX_PERFT_REPLAYED = 35000


def test_no_perft_case_asks_for_more_than_the_documented_work() -> None:
    # Counted here with the reference, at every depth up to the case's.
    counts = {
        case.id: [
            reference_perft_from(case.position, d) for d in range(1, case.perft["depth"] + 1)
        ]
        for case in SUITE.cases
        if case.perft is not None and case.position is not None
    }
    assert counts
    assert all(case.position is not None for case in SUITE.cases if case.perft is not None)
    nodes = {case_id: sum(found) for case_id, found in counts.items()}
    replayed = {
        case_id: sum(k * n for k, n in enumerate(found, start=1))
        for case_id, found in counts.items()
    }
    assert max(nodes.values()) <= MAX_PERFT_NODES, max(nodes.items(), key=lambda item: item[1])
    assert max(replayed.values()) <= MAX_PERFT_REPLAYED, max(
        replayed.items(), key=lambda item: item[1]
    )
    text = " ".join((ROOT / "docs" / "conformance.rst").read_text(encoding="utf-8").split())
    assert f"at most {MAX_PERFT_NODES:,} positions" in text
    assert f"at most {MAX_PERFT_REPLAYED:,} actions" in text


# -- the protocol, in process ----------------------------------------------------------------


def test_handshake_and_goodbye() -> None:
    assert handle({"type": "hello", "protocol": 1}) == {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "name": "wizard-rules",
        "version": wizard_rules.__version__,
    }
    assert handle({"type": "bye"}) is None


# -- cases that start from a position (protocol version 2) ---------------------------------


def mid_trick() -> tuple[JSON, JSON]:
    """Four players, round 1, dealer 0: three cards of the trick played, seat 0 to play H3.

    Returns the configuration and the position, in their JSON forms.
    """
    state = new_game(Config(players=4))
    for value in (
        {"type": "deal", "hands": [["H3"], ["C5"], ["W2"], ["W1"]], "turned": "S1"},
        *({"type": "bid", "player": seat, "tricks": 0} for seat in (1, 2, 3, 0)),
        {"type": "play", "player": 1, "card": "C5"},
        {"type": "play", "player": 2, "card": "W2"},
        {"type": "play", "player": 3, "card": "W1"},
    ):
        state = apply(state, action_from_dict(value))
    return config_to_dict(state.config), position_to_dict(position_of(state))


def test_a_case_starts_from_its_position() -> None:
    cfg, start = mid_trick()
    last: list[JSON] = [{"type": "play", "player": 0, "card": "H3"}]
    # The first Wizard (seat 2's W2) wins; the round ends, so its one trick is
    # the finished round's, the only round finished since the position.
    result = run_case(cfg, last, ["round_trick_winners", "phase", "round"], None, start)
    assert result == {
        "errors": [],
        "state": {"round_trick_winners": [[2]], "phase": "deal", "round": 2},
        "perft": None,
    }
    before = run_case(cfg, [], ["current_player", "trick_winner", "hands"], 1, start)
    assert before["state"] == {
        "current_player": 0,
        "trick_winner": 2,
        "hands": [["H3"], [], [], []],
    }
    assert before["perft"] == 1
    # Without the position, the same actions start at the first deal.
    assert run_case(cfg, last, ["phase"], None)["errors"] == [{"at": 0, "code": "wrong_phase"}]


@pytest.mark.parametrize(
    "change",
    [
        {"leader": 9},  # no such seat (rule 12.1)
        {"hands": [["H3"], ["H3"], [], []]},  # one card in two places
        {"format": "nope"},  # not a position at all
        {"config": {"players": 5, "first_dealer": 0, "forbid_bid_total_match": False}},
    ],
)
def test_an_impossible_or_foreign_position_is_refused(change: dict[str, JSON]) -> None:
    cfg, start = mid_trick()
    assert type(start) is dict
    answer = handle(
        {
            "type": "case",
            "id": "p",
            "config": cfg,
            "position": {**start, **change},
            "actions": [],
            "observe": ["phase"],
            "perft": None,
        }
    )
    assert answer == {
        "type": "result",
        "id": "p",
        "errors": [{"at": None, "code": "invalid_position"}],
        "state": None,
        "perft": None,
    }


def position_suite() -> Any:
    """A suite of two cases: one from the first deal, one from a position."""
    cfg, start = mid_trick()
    assert type(cfg) is dict
    assert type(start) is dict
    common: dict[str, Any] = {"rule": "8.1", "area": "winner", "description": "d", "config": cfg}
    first = Case(
        id="winner.901", actions=(), errors=(), state={"phase": "deal"}, perft=None, **common
    )
    second = Case(
        id="winner.902",
        actions=({"type": "play", "player": 0, "card": "H3"},),
        errors=(),
        state={"round_trick_winners": [[2]]},
        perft=None,
        position=start,
        **common,
    )
    return attrs.evolve(SUITE, cases=(first, second))


def test_a_version_2_adapter_runs_cases_from_positions() -> None:
    report = run_suite(position_suite(), OUR_ADAPTER)
    assert [r.outcome for r in report.results] == [Outcome.PASSED, Outcome.PASSED]
    assert report.implementation["protocol"] == PROTOCOL_VERSION_2


@pytest.mark.parametrize("mode", ["v1", "picky"])
def test_a_version_1_adapter_is_not_sent_cases_from_positions(mode: str) -> None:
    # It runs the other cases; a case from a position is unsupported, with why,
    # and never sent (the fake would answer an error to a position).
    suite = position_suite()
    report = run_suite(suite, " ".join([*FAKE, mode]))
    first, second = report.results
    assert first.outcome is Outcome.PASSED
    assert second.outcome is Outcome.UNSUPPORTED
    assert "needs protocol 2" in second.detail
    assert report.ok
    text = format_report(report, suite)
    assert "adapter: old 1, protocol 1" in text
    assert "UNSUPPORTED winner.902 (rule 8.1): the whole case (starts from a position" in text


@pytest.mark.parametrize(
    "request_",
    [
        [],
        {"type": "dance"},
        {"type": "case", "id": "x", "config": {"players": 3}, "actions": "nope"},
        {"type": "case", "id": "x", "config": {"players": 3}, "actions": [], "observe": 3},
        {"type": "case", "id": "x", "config": {"players": 3}, "actions": [], "perft": 99},
    ],
)
def test_malformed_requests_get_an_error_answer(request_: Any) -> None:
    answer = handle(request_)
    assert answer is not None
    assert answer["type"] == "error"


def test_serve_answers_one_line_per_request() -> None:
    requests = "\n".join(
        [
            json.dumps({"type": "hello", "protocol": 1}),
            "",
            "not json",
            json.dumps(
                {
                    "type": "case",
                    "id": "a",
                    "config": {"players": 3},
                    "actions": [],
                    "observe": ["phase"],
                    "perft": None,
                }
            ),
            json.dumps({"type": "bye"}),
            json.dumps({"type": "hello", "protocol": 1}),
        ]
    )
    out = io.StringIO()
    assert serve(io.StringIO(requests + "\n"), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["type"] for a in answers] == ["hello", "error", "result"]
    assert answers[2]["state"] == {"phase": "deal"}


def test_an_unknown_observation_is_not_answered() -> None:
    answer = run_case({"players": 3}, [], ["phase", "colour"], None)
    assert answer["state"] == {"phase": "deal"}


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "play", "player": 1, "card": "Z9"}, "bad_card_text"),
        ({"type": "deal", "hands": [["C1"], ["C2"], ["C3"]], "turned": 5}, "invalid_action"),
        ({"type": "deal", "hands": [["C1"], ["C2"], [3]], "turned": "D1"}, "invalid_action"),
        ({"type": "choose_trump", "player": 0, "suit": 1}, "invalid_action"),
        ({"type": "choose_trump", "player": 0, "suit": "Q"}, "bad_card_text"),
        ({"type": "play", "player": 1}, "invalid_action"),
        ({"type": "deal", "hands": [["C1"], ["C2"], ["C3"]]}, "invalid_action"),
        ({"type": "choose_trump", "player": 0}, "invalid_action"),
        ({"type": "bid", "player": 1, "tricks": 0, "note": "hi"}, "invalid_action"),
        ({"type": "bid", "player": 1, "tricks": 1.0}, "invalid_action"),
        ({"type": 3, "player": 1}, "invalid_action"),
        ({"type": "play", "player": "x", "card": "H14"}, "invalid_action"),
    ],
)
def test_unreadable_actions_are_refused_with_their_code(action: Any, code: str) -> None:
    answer = run_case({"players": 3}, [action], [], None)
    assert answer["errors"] == [{"at": 0, "code": code}]


# -- the runner against our adapter and against bad ones ---------------------------------------


def run_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wizard_rules", "conformance", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
        cwd=ROOT,
    )


def test_the_whole_suite_passes_through_the_subprocess_protocol() -> None:
    result = run_cli("run", "--adapter", OUR_ADAPTER)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert result.stdout.endswith(
        f"\n{len(SUITE.cases)} passed, 0 failed, 0 unsupported, 0 known failures, 0 skipped\n"
    )
    assert "adapter: wizard-rules" in result.stdout


@pytest.mark.parametrize(
    ("mode", "seconds", "words"),
    [
        ("exit", "60", "exit status 3"),
        ("empty", "60", "did not answer the handshake"),
        ("hang", "1", "no answer within 1 s"),  # never answers: any timeout fires
        ("protocol3", "60", "speaks protocol 3"),
    ],
)
def test_a_broken_adapter_fails_fast_without_a_traceback(
    mode: str, seconds: str, words: str
) -> None:
    command = " ".join(f'"{part}"' for part in [*FAKE, mode])
    result = run_cli("run", "--adapter", command, "--timeout", seconds)
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert words in result.stdout
    # Only the handshake was tried: every case after it was not run.
    assert f"{len(SUITE.cases) - 1} cases were not run" in result.stdout
    assert f"0 passed, {len(SUITE.cases)} failed" in result.stdout


def test_an_adapter_that_prints_garbage_is_reported() -> None:
    report = run_suite(SUITE, " ".join([*FAKE, "garbage"]), run=["deck.00*"], timeout=60)
    assert not report.ok
    errors = [r for r in report.results if r.outcome == Outcome.ERROR]
    assert errors
    assert "not JSON" in errors[0].detail


def test_an_adapter_that_crashes_is_restarted_for_the_next_case() -> None:
    command = " ".join([*FAKE, "crash", "leading.017"])
    report = run_suite(SUITE, command, run=["leading.*"], timeout=60)
    outcomes = {r.case.id: r for r in report.results if r.outcome != Outcome.SKIPPED}
    assert outcomes["leading.017"].outcome == Outcome.ERROR
    assert "crashing on purpose" in outcomes["leading.017"].detail
    assert outcomes["leading.016"].outcome == Outcome.PASSED
    assert outcomes["leading.018"].outcome == Outcome.PASSED
    assert not report.ok


def test_an_adapter_that_stalls_on_one_case_times_out_and_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The fake adapter never answers the stalled case, so any timeout fires
    # there, however busy the machine; every other answer (and each start of
    # the adapter) gets a minute, far more than it needs.
    first, stalled, after = (case.id for case in SUITE.cases[:3])
    ask = AdapterProcess.ask

    def timed_ask(adapter: AdapterProcess, request: Mapping[str, Any]) -> dict[str, Any]:
        adapter.timeout = 0.5 if request.get("id") == stalled else 60.0
        return ask(adapter, request)

    monkeypatch.setattr(AdapterProcess, "ask", timed_ask)
    command = " ".join([*FAKE, "stall", stalled])
    report = run_suite(SUITE, command, run=[first, stalled, after], timeout=60)
    results = {r.case.id: r for r in report.results if r.outcome != Outcome.SKIPPED}
    assert {case_id: r.outcome for case_id, r in results.items()} == {
        first: Outcome.PASSED,
        stalled: Outcome.ERROR,
        after: Outcome.PASSED,
    }
    assert results[stalled].detail == "no answer within 0.5 s"


def test_a_wrong_answer_is_a_failure_with_expected_and_got() -> None:
    command = " ".join(f'"{part}"' for part in [*FAKE, "wrong", "winner.059"])
    result = run_cli("run", "--adapter", command, "--run", "winner.*")
    assert result.returncode == 1
    assert "FAIL winner.059 (rule 8.2) [rule]: three players, trump Hearts" in result.stdout
    assert "  expected: " in result.stdout
    assert "  got:      " in result.stdout
    assert "winner" in result.stdout.split("area")[1]


def test_known_failures_are_expected_and_a_fixed_one_fails(tmp_path: Path) -> None:
    known = tmp_path / "known.txt"
    known.write_text("# deliberate differences\nwinner.059\n", encoding="utf-8")
    command = " ".join([*FAKE, "wrong", "winner.059"])
    report = run_suite(SUITE, command, run=["winner.*"], known_failures={"winner.059"})
    assert report.ok
    assert {r.case.id: r.outcome for r in report.results}["winner.059"] == Outcome.KNOWN_FAILURE
    fixed = run_suite(SUITE, OUR_ADAPTER, run=["winner.*"], known_failures={"winner.059"})
    assert not fixed.ok
    assert {r.case.id: r.outcome for r in fixed.results}["winner.059"] == Outcome.FIXED
    result = run_cli(
        "run",
        "--adapter",
        " ".join(f'"{p}"' for p in [*FAKE, "wrong", "winner.059"]),
        "--run",
        "winner.*",
        "--known-failures",
        str(known),
    )
    assert result.returncode == 0, result.stdout


def test_run_and_skip_select_cases_by_pattern() -> None:
    report = run_suite(
        SUITE,
        OUR_ADAPTER,
        run=["scoring.*", "end.020"],
        skip=["scoring.03*", "scoring.04*", "scoring.05*", "scoring.06*", "scoring.07*"],
    )
    ran = {r.case.id for r in report.results if r.outcome != Outcome.SKIPPED}
    assert ran == {f"scoring.08{n}" for n in range(4)} | {"end.020"}
    assert report.ok


def test_json_report(tmp_path: Path) -> None:
    result = run_cli("run", "--adapter", OUR_ADAPTER, "--run", "led-suit.*", "--json")
    assert result.returncode == 0
    report = json.loads(result.stdout)
    assert report["ok"] is True
    assert report["protocol"] == PROTOCOL_VERSION_2
    assert report["implementation"]["name"] == "wizard-rules"
    assert report["counts"]["passed"] == sum(c.area == "led-suit" for c in SUITE.cases)
    first = report["results"][0]
    assert set(first) == {
        "id",
        "rule",
        "area",
        "tags",
        "description",
        "outcome",
        "expected",
        "got",
        "detail",
        "unsupported",
        "differences",
    }
    assert report["totals"] == {
        "passed": report["counts"]["passed"],
        "failed": 0,
        "unsupported": 0,
        "known_failures": 0,
        "skipped": report["counts"]["skipped"],
        "stale": 0,
    }


@pytest.mark.parametrize("command", ["", "'unclosed", "/no/such/program --flag"])
def test_an_adapter_command_that_cannot_run(command: str) -> None:
    result = run_cli("run", "--adapter", command, "--run", "deck.006", timeout=30)
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr


def test_list_counts_cases_by_area_and_rule() -> None:
    result = run_cli("list")
    assert result.returncode == 0
    assert f"{len(SUITE.cases)} cases" in result.stdout
    assert "  8.2 " in result.stdout


def test_a_missing_known_failures_file_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli(
        "run", "--adapter", OUR_ADAPTER, "--known-failures", str(tmp_path / "nope.txt")
    )
    assert result.returncode == 2
    assert "cannot read the known-failures file" in result.stderr


def test_a_broken_suite_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / "cases").mkdir()
    (tmp_path / "suite.json").write_text('{"files": ["x.json"]}', encoding="utf-8")
    (tmp_path / "cases" / "x.json").write_text('{"area": "x", "cases": [{}]}', encoding="utf-8")
    with pytest.raises(RecordError):
        load_suite(tmp_path)
    (tmp_path / "cases" / "x.json").write_text("[", encoding="utf-8")
    with pytest.raises(RecordError):
        load_suite(tmp_path)
    (tmp_path / "cases" / "x.json").write_text("[]", encoding="utf-8")
    with pytest.raises(RecordError):
        load_suite(tmp_path)
    (tmp_path / "suite.json").write_text("[]", encoding="utf-8")
    with pytest.raises(RecordError):
        load_suite(tmp_path)


def test_case_records_are_plain_data() -> None:
    case = SUITE.cases[0]
    assert isinstance(case, Case)
    assert case.actions
    assert all(type(action) is dict for action in case.actions)


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("deaf", "the adapter"),
        ("huge", "longer than 1 MiB"),
        ("list", "not a JSON object"),
        ("other-id", "expected a result for deck.006"),
    ],
)
def test_misbehaving_answers_are_errors(mode: str, words: str) -> None:
    report = run_suite(SUITE, " ".join([*FAKE, mode]), run=["deck.006"], timeout=60)
    (result,) = [r for r in report.results if r.outcome != Outcome.SKIPPED]
    assert result.outcome == Outcome.ERROR
    assert words in result.detail
    assert not report.ok


def test_blank_lines_between_answers_are_ignored() -> None:
    report = run_suite(SUITE, " ".join([*FAKE, "blank"]), run=["bidding.*"])
    assert report.ok
    assert report.counts()[Outcome.PASSED] == sum(c.area == "bidding" for c in SUITE.cases)


def test_a_fixed_known_failure_is_printed(tmp_path: Path) -> None:
    known = tmp_path / "known.txt"
    known.write_text("winner.059\n", encoding="utf-8")
    result = run_cli(
        "run", "--adapter", OUR_ADAPTER, "--run", "winner.05*", "--known-failures", str(known)
    )
    assert result.returncode == 1
    assert "FIXED winner.059 (rule 8.2) [rule]: listed as a known failure, passes" in result.stdout


def test_serve_stops_at_the_end_of_input() -> None:
    out = io.StringIO()
    assert serve(io.StringIO(json.dumps({"type": "hello", "protocol": 1}) + "\n"), out) == 0
    assert json.loads(out.getvalue())["type"] == "hello"


def test_perft_of_depth_zero_and_at_a_chance_step() -> None:
    state = new_game(Config(players=3))
    assert perft(state, 0) == 1
    assert perft(state, 3) == 1


def test_the_suite_is_found_in_the_package_or_the_source_tree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import wizard_rules.conformance.suite as suite_module

    package = tmp_path / "site" / "wizard_rules" / "conformance"
    (package / "cases_data").mkdir(parents=True)
    (package / "cases_data" / "suite.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(suite_module, "_HERE", package)
    assert suite_module.suite_path() == package / "cases_data"
    (package / "cases_data" / "suite.json").unlink()
    with pytest.raises(FileNotFoundError):
        suite_module.suite_path()


def test_known_failures_file_that_cannot_be_read_in_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from wizard_rules.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["conformance", "run", "--adapter", "x", "--known-failures", str(tmp_path)])
    assert exit_info.value.code == 2
    assert "cannot read the known-failures file" in capsys.readouterr().err


# -- the protocol and this library's side of it ------------------------------------------------


def test_the_adapter_answers_every_observation_of_the_protocol_in_order() -> None:
    assert tuple(OBSERVATIONS) == OBSERVATION_KEYS
    schema = json.loads((suite_path() / "schema.json").read_text(encoding="utf-8"))
    names = schema["$defs"]["case"]["properties"]["expect"]["properties"]["state"]
    assert tuple(names["propertyNames"]["enum"]) == OBSERVATION_KEYS
    assert set(OBSERVATION_KEYS) >= UNORDERED_OBSERVATIONS
    depth = schema["$defs"]["case"]["properties"]["expect"]["properties"]["perft"]
    assert depth["properties"]["depth"]["maximum"] == MAX_PERFT_DEPTH


def test_observations_and_views_write_cards_suits_and_tricks_alike() -> None:
    # One home for each shape (wizard_rules.formats.records): the adapter's answers
    # and a player's view write the same JSON, which is the JSON worked out
    # by hand below.  Round 2 of 3 players: seat 1 deals, seat 2 leads; D7 is
    # turned (trump diamonds).  Trick 1: H9 H2 J1, won by H9 (seat 2), who
    # leads C3; seat 0, holding only S5, is to play.
    state = state_at_round(Config(players=3), 2)
    state = apply(state, fill_deal(state, {2: "H9 C3", 0: "H2 S5", 1: "W1 J1"}, "D7"))
    state = play_cards(bid_all(state, [0, 0, 0]), "H9 H2 J1 C3")
    expected = {
        "trick": ["C3"],
        "turned": "D7",
        "trump": "D",
        "tricks": [{"leader": 2, "cards": ["H9", "H2", "J1"], "winner": 2}],
        "legal_actions": [{"type": "play", "player": 0, "card": "S5"}],
    }
    view = view_to_dict(player_view(state, 0))
    for key, value in expected.items():
        assert view[key] == value, key
        assert OBSERVATIONS[key](state) == value, key
    assert view["hand"] == OBSERVATIONS["hands"](state)[0] == ["S5"]
    assert OBSERVATIONS["led_suit"](state) == "C"


def test_the_adapter_observes_trick_winners_and_each_rounds_bids_directly() -> None:
    # Three players, dealer 0.  Round 1: seat 1 bids 1, seats 2 and 0 bid 0;
    # seat 1 leads W1 and wins.  Round 2 (dealer 1, trump Hearts): seat 2 bids
    # 0, seat 0 bids 1, seat 1 bids 0; seat 2 leads C5, seat 0 trumps with H2
    # (seat 1 follows with C13): seat 0 wins and leads D5, which beats D2 and
    # S1.  Seat 0 bid 1 and took 2: -10; seats 1 and 2 bid 0 and took 0: 20.
    def bid(player: int, tricks: int) -> dict[str, Any]:
        return {"type": "bid", "player": player, "tricks": tricks}

    def play(player: int, card: str) -> dict[str, Any]:
        return {"type": "play", "player": player, "card": card}

    round1 = [
        {"type": "deal", "hands": [["C3"], ["W1"], ["C2"]], "turned": "D1"},
        *[bid(1, 1), bid(2, 0), bid(0, 0)],
        *[play(1, "W1"), play(2, "C2"), play(0, "C3")],
    ]
    round2 = [
        {"type": "deal", "hands": [["H2", "D5"], ["C13", "D2"], ["C5", "S1"]], "turned": "H13"},
        *[bid(2, 0), bid(0, 1), bid(1, 0)],
        *[play(2, "C5"), play(0, "H2"), play(1, "C13")],
    ]
    last_trick = [play(0, "D5"), play(1, "D2"), play(2, "S1")]
    keys = ["trick_winners", "round_bids", "round_trick_winners", "round_scores"]
    config: JSON = {"players": 3, "first_dealer": 0, "forbid_bid_total_match": False}

    mid_round = run_case(config, [*round1, *round2], keys, None)
    assert mid_round["errors"] == []
    assert mid_round["state"] == {
        "trick_winners": [0],
        "round_bids": [[0, 1, 0]],
        "round_trick_winners": [[1]],
        "round_scores": [[20, 30, 20]],
    }
    finished = run_case(config, [*round1, *round2, *last_trick], keys, None)
    assert finished["errors"] == []
    assert finished["state"] == {
        "trick_winners": [],
        "round_bids": [[0, 1, 0], [1, 0, 0]],
        "round_trick_winners": [[1], [0, 0]],
        "round_scores": [[20, 30, 20], [-10, 20, 20]],
    }
    fresh = run_case(config, [], keys, None)
    assert fresh["state"] == {
        "trick_winners": [],
        "round_bids": [],
        "round_trick_winners": [],
        "round_scores": [],
    }


# -- the runner judges from the case data and the protocol alone ---------------------------------

PACKAGE = Path(wizard_rules.__file__).resolve().parent
JUDGE_MODULES = (
    "wizard_rules.conformance.runner",
    "wizard_rules.conformance.transport",
    "wizard_rules.conformance.judge",
    "wizard_rules.conformance.known",
    "wizard_rules.conformance.report",
    "wizard_rules.conformance.protocol",
    "wizard_rules.conformance.suite",
)
# What those modules may reach: each other, the conformance package's own
# __init__ (a docstring), and the error codes.  Nothing else of the package.
MAY_REACH = frozenset({*JUDGE_MODULES, "wizard_rules.conformance", "wizard_rules.errors"})
ENGINE = (
    "wizard_rules.core.actions",
    "wizard_rules.core.cards",
    "wizard_rules.core.config",
    "wizard_rules.sim.random_play",
    "wizard_rules.formats.records",
    "wizard_rules.core.scoring",
    "wizard_rules.core.state",
    "wizard_rules.core.transitions",
    "wizard_rules.core.trick",
    "wizard_rules.core.views",
    "wizard_rules.conformance.adapter",
)


def module_file(name: str) -> Path | None:
    """The source file of a module of the package, or None if it is not one."""
    relative = Path(*name.split(".")[1:])
    for candidate in (PACKAGE / relative / "__init__.py", PACKAGE / f"{relative}.py"):
        if candidate.is_file():
            return candidate
    return None


def imported_names(name: str) -> set[str]:
    """Every package module (or the package's own namespace) one module imports.

    Every import statement counts, wherever it is: at the top, inside a
    function, under ``if TYPE_CHECKING``.  ``from wizard_rules import X``
    reaches the submodule ``wizard_rules.X`` if there is one, and otherwise the
    package's ``__init__`` (which is the whole engine): it is reported as
    ``wizard_rules``.
    """
    path = module_file(name)
    assert path is not None, name
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                source = f"{base}.{node.module}" if node.module else base
            else:
                assert node.module is not None
                source = node.module
            for alias in node.names:
                child = f"{source}.{alias.name}"
                found.add(child if module_file(child) is not None else source)
    return {n for n in found if n == "wizard_rules" or n.startswith("wizard_rules.")}


def reached_from(roots: tuple[str, ...]) -> set[str]:
    """The package modules that importing ``roots`` reaches, transitively.

    Importing ``a.b.c`` runs ``a.b``'s ``__init__`` too, so parent packages are
    walked as well -- all but the top-level ``wizard_rules/__init__.py``,
    which Python runs before any module of the package whatever that module
    imports.  Whether the modules' own imports need it is the question here:
    an import of the package's namespace itself (``from wizard_rules import
    __version__``) is reported as ``wizard_rules``.
    """
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name == "wizard_rules":
            continue
        parts = name.split(".")
        todo.extend(".".join(parts[:n]) for n in range(2, len(parts)))
        todo.extend(imported_names(name))
    return seen


def test_the_import_walk_sees_the_engine_where_it_is_imported() -> None:
    # The walk is not blind: the adapter reaches the engine, and the version.
    assert {
        "wizard_rules.core.state",
        "wizard_rules.core.transitions",
        "wizard_rules._version",
    } <= reached_from(("wizard_rules.conformance.adapter",))
    assert "wizard_rules.core.views" in reached_from(("wizard_rules.formats.records",))


def test_the_runner_protocol_and_suite_do_not_import_the_engine() -> None:
    reached = reached_from(JUDGE_MODULES)
    assert reached <= MAY_REACH, sorted(reached - MAY_REACH)
    assert not reached & set(ENGINE)
    assert "wizard_rules" not in reached  # not even the package's namespace


def test_the_runner_runs_with_the_engine_never_loaded(tmp_path: Path) -> None:
    # A fresh interpreter imports the runner as any user would (the package's
    # __init__ is lazy) and runs cases against our adapter (a separate
    # process, which loads the whole library); nothing of the engine may be
    # loaded in the runner's own process.
    script = f"""
import json, sys
sys.path.insert(0, {str(PACKAGE.parent)!r})
from wizard_rules.conformance.runner import format_report, json_report, run_suite
from wizard_rules.conformance.suite import load_suite
suite = load_suite()
report = run_suite(suite, {OUR_ADAPTER!r}, run=["winner.05*"])
format_report(report, suite)
json_report(report, suite)
loaded = sorted(name for name in sys.modules if name.startswith("wizard_rules"))
print(json.dumps({{"ok": report.ok, "loaded": loaded}}))
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr[-3000:]
    found = json.loads(result.stdout)
    assert found["ok"] is True
    loaded = set(found["loaded"])
    # The package's own __init__ runs first, with its version and the finder
    # of 0.1's module paths: none of them is the engine.
    package = {"wizard_rules", "wizard_rules._compat", "wizard_rules._version"}
    assert loaded <= MAY_REACH | package, sorted(loaded - MAY_REACH)
    assert not loaded & set(ENGINE)
    assert set(JUDGE_MODULES) <= loaded


# -- outcomes ------------------------------------------------------------------------------------


def test_cases_after_a_failed_handshake_are_not_run() -> None:
    report = run_suite(SUITE, " ".join([*FAKE, "exit"]), run=["deck.*"], timeout=60)
    ran = [r for r in report.results if r.outcome is not Outcome.SKIPPED]
    assert ran[0].outcome is Outcome.ERROR
    assert "handshake failed" in ran[0].detail
    assert {r.outcome for r in ran[1:]} == {Outcome.NOT_RUN}
    assert all(r.detail.startswith("not run: handshake failed") for r in ran[1:])
    assert not report.ok
    written = json_report(report, SUITE)
    assert written["counts"] == {
        "error": 1,
        "not-run": len(ran) - 1,
        "skipped": len(SUITE.cases) - len(ran),
    }
    assert {r["outcome"] for r in written["results"]} == {"error", "not-run", "skipped"}


def test_which_outcomes_fail_a_run() -> None:
    failing = {outcome for outcome in Outcome if outcome.is_failure}
    assert failing == {Outcome.FAILED, Outcome.ERROR, Outcome.NOT_RUN, Outcome.FIXED}


# -- the configuration keys of the variants, and each seat's view (issue 24) -------------------


def test_each_seats_view_has_exactly_the_view_keys_in_order() -> None:
    from wizard_rules.conformance.protocol import VIEW_KEYS

    config: dict[str, JSON] = {"players": 3, "first_dealer": 0, "hidden_bids": True}
    deal: JSON = {"type": "deal", "hands": [["H5"], ["C9"], ["W1"]], "turned": "S3"}
    bid: JSON = {"type": "bid", "player": 1, "tricks": 0}
    result = run_case(config, [deal, bid], ["views"], None)
    assert result["errors"] == []
    state: Any = result["state"]
    views = state["views"]
    assert len(views) == 3
    assert all(tuple(view) == VIEW_KEYS for view in views)
    # Seat 1 sees its own bid; seats 0 and 2 see that it bid, not what (rule 23.1).
    assert [view["bids"] for view in views] == [[None, None, None], [None, 0, None]] + [
        [None, None, None]
    ]
    assert [view["unseen_bids"] for view in views] == [[1], [], [1]]


def test_the_cards_of_each_hand_of_a_view_carry_no_order() -> None:
    from wizard_rules.conformance.judge import normal_form

    one = [{"hands": [["C2", "C1"], None], "bids": [None, 1], "unseen_bids": [], "round_bids": []}]
    other = [
        {"hands": [["C1", "C2"], None], "bids": [None, 1], "unseen_bids": [], "round_bids": []}
    ]
    assert normal_form("views", one) == normal_form("views", other)
    # but the seats and the bids keep their order
    swapped = [
        {"hands": [None, ["C1", "C2"]], "bids": [1, None], "unseen_bids": [], "round_bids": []}
    ]
    assert normal_form("views", one) != normal_form("views", swapped)
    assert normal_form("views", "not a list") == "not a list"


@pytest.mark.parametrize(
    "key", ["hidden_bids", "delayed_reveal", "hardcore", "clairvoyance"], ids=str
)
def test_each_variant_key_is_a_protocol_key_our_adapter_plays(key: str) -> None:
    from wizard_rules.conformance.protocol import CONFIG_KEYS

    assert key in CONFIG_KEYS
    on = run_case({"players": 3, key: True}, [], ["phase"], None)
    assert on["errors"] == []
    assert on["state"] == {"phase": "deal"}
    for value in (1, "true", None):
        refused = run_case({"players": 3, key: value}, [], ["phase"], None)
        assert refused["errors"] == [{"at": None, "code": "invalid_config"}]


def test_every_config_key_of_a_case_is_a_protocol_key() -> None:
    from wizard_rules.conformance.protocol import CONFIG_KEYS

    assert {key for case in SUITE.cases for key in case.config} <= set(CONFIG_KEYS)
    schema = json.loads((suite_path() / "position.schema.json").read_text(encoding="utf-8"))
    assert set(schema["$defs"]["config"]["properties"]) == set(CONFIG_KEYS)
