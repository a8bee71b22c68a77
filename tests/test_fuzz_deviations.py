"""``conformance fuzz`` keeps going: distinct deviations, each named by the rule it breaks.

Issue 21, items 9, 10, 17 and 18: several planted house rules reported in
one run, grouped by rule; known deviations set aside; configurations the
adapter lacks skipped; the rule of each deviation derived from what differed
first (checked here against ``docs/rules.rst`` by hand, bug by bug); a shrunk
case that fails the same way as the game it came from; and a misawarded trick
named as such, not by the next lead it causes.
"""

from __future__ import annotations

import io
import random
import re
import shlex
import sys
from pathlib import Path

import pytest

from wizard_rules import Config
from wizard_rules.cli import main
from wizard_rules.conformance.adapter import OBSERVATIONS
from wizard_rules.conformance.fuzz import (
    RULE_TITLES,
    AdapterClient,
    _same,
    case_of,
    diagnose,
    fuzz,
    play_game,
    report,
    shrink,
)
from wizard_rules.conformance.protocol import JSON
from wizard_rules.conformance.runner import KnownFailure
from wizard_rules.core.actions import Action, Bid, Deal, Play
from wizard_rules.core.cards import DECK, parse_card
from wizard_rules.core.position import Position, from_position
from wizard_rules.core.state import State, new_game
from wizard_rules.core.transitions import apply, legal_actions
from wizard_rules.formats.records import action_to_dict

# The slow group (docs/testing.rst): each test runs fuzz campaigns against
# planted adapters.
pytestmark = pytest.mark.slow

HERE = Path(__file__).parent
RULES = HERE.parent / "docs" / "rules.rst"


def _broken(*modes: str) -> str:
    return shlex.join([sys.executable, str(HERE / "broken_adapter.py"), *modes])


THREE = _broken("dealer-leads", "taken", "last-wizard")

# The rule each planted bug breaks, read off docs/rules.rst by hand.
EXPECTED_RULE = {
    "last-wizard": "8.1",  # the first Wizard wins
    "trump-ignored": "8.2",  # the highest trump wins
    "any-suit-wins": "8.3",  # otherwise the highest card of the led suit; others cannot win
    "last-jester": "8.4",  # all Jesters: the first wins
    "jester-led": "6.1",  # the first card that is not a Jester decides the led suit
    "wizard-led": "6.2",  # a Wizard first: no led suit
    "no-following": "7.1",  # follow the led suit
    "follow-specials": "7.2",  # Wizards and Jesters may always be played
    "bidder-trump": "3.4",  # after a turned Wizard the dealer names trump
    "wizard-no-trump": "3.4",  # ... and must name one (a choose_trump phase)
    "bid-over": "11.7",  # a bid above r is refused with bid_out_of_range
    "bid-order": "4.1",  # bidding goes left from the seat left of the dealer
    "option-all": "20.2",  # with the option, everyone but the dealer bids freely
    "option-off": "20.1",  # the dealer may not make the bids match
    "option-reversed": "20.1",  # ... and only that bid is forbidden
    "taken": "9.2",  # a missed bid loses 10 per trick of difference
    "zero-made": "9.1",  # a bid met scores 20 + 10 a trick
    "no-bonus": "9.1",
    "dealer-leads": "5.1",  # the seat left of the dealer leads first
    "leader-keeps": "5.2",  # the winner of a trick leads the next
    "rounds-short": "2.2",  # 60 / n rounds
    "dealer-stays": "2.5",  # the deal passes left
    "turn-first": "11.3",  # a seat that does not exist: no_such_player first
    "follow-first": "11.8",  # card_not_in_hand before must_follow_suit
    "game-over-code": "11.1",  # nothing after the end: game_over
    "deal-unchecked": "11.5",  # a deal must fit the round
}


def _rule_titles() -> dict[str, str]:
    """Every rule of docs/rules.rst and its title."""
    text = RULES.read_text(encoding="utf-8")
    return dict(re.findall(r"^\.\. rule:: (\d+\.\d+)\n   :title: (.+)$", text, re.MULTILINE))


def test_every_rule_fuzz_names_is_a_rule_of_the_specification_with_its_title() -> None:
    titles = _rule_titles()
    assert len(titles) > 50
    for rule, title in RULE_TITLES.items():
        assert titles[rule] == title
    assert set(EXPECTED_RULE.values()) <= set(RULE_TITLES)


@pytest.mark.parametrize(("bug", "rule"), sorted(EXPECTED_RULE.items()))
def test_fuzz_names_the_rule_each_planted_bug_breaks(bug: str, rule: str) -> None:
    seed = 4 if bug == "deal-unchecked" else 1
    result = fuzz(_broken(bug), games=30, seed=seed, shrink_budget=0, max_deviations=1)
    assert result.found is not None
    assert result.shrunk is not None
    assert case_of(result.shrunk)["rule"] == rule
    assert result.found.rule == result.shrunk.rule == rule
    assert result.shrunk.signature == result.found.signature
    out = io.StringIO()
    report(result, out)
    assert f"== rule {rule} ({RULE_TITLES[rule]}): 1 deviation\n" in out.getvalue()
    assert f"rule found: {result.shrunk.how}\n" in out.getvalue()


def test_three_planted_rules_are_all_reported_in_one_run() -> None:
    # Who leads first goes wrong in every round of every game; the other two
    # are found too, each with its own rule.
    result = fuzz(THREE, games=4, seed=1)
    rules = [deviation.found.rule for deviation in result.deviations]
    assert sorted(rules) == ["5.1", "8.1", "9.2"]
    subjects = {deviation.found.rule: deviation.found.subject for deviation in result.deviations}
    assert subjects == {"5.1": "the player to act", "8.1": "the trick winner", "9.2": "a score"}
    for deviation in result.deviations:
        assert deviation.shrunk.signature == deviation.found.signature
        assert case_of(deviation.shrunk)["rule"] == deviation.found.rule
    assert result.restarts > 0
    out = io.StringIO()
    assert report(result, out) == 1
    text = out.getvalue()
    assert text.startswith("3 deviations in 3 rules in 4 games")
    heads = re.findall(r"^== rule (\S+) ", text, re.MULTILINE)
    assert heads == ["5.1", "8.1", "9.2"]


def test_the_limit_of_deviations_stops_the_run() -> None:
    result = fuzz(THREE, games=20, seed=1, shrink_budget=0, max_deviations=2)
    assert len(result.deviations) == 2
    assert result.games < 20
    out = io.StringIO()
    report(result, out)
    assert "stopped at the limit of 2 deviations" in out.getvalue()


def test_known_deviations_are_set_aside_by_rule_or_tag() -> None:
    known = (
        KnownFailure("5.1", "the dealer leads", 1),
        KnownFailure("tag:ruling:10", "", 2),
        KnownFailure("7.*", "", 3),
    )
    result = fuzz(THREE, games=4, seed=1, shrink_budget=0, known=known)
    assert [deviation.found.rule for deviation in result.deviations] == ["8.1"]
    assert {deviation.found.rule: deviation.known for deviation in result.known} == {
        "5.1": known[0],
        "9.2": known[1],
    }
    out = io.StringIO()
    assert report(result, out) == 1
    text = out.getvalue()
    assert "1 deviation in 1 rule in 4 games" in text
    assert "line 1: 5.1 # the dealer leads: rule 5.1 (The first lead): the player to act" in text
    assert "line 3: 7.*: not seen\n" in text
    every = (*known, KnownFailure("8.*", "", 4))
    assert report(fuzz(THREE, games=3, seed=1, shrink_budget=0, known=every), io.StringIO()) == 0


def test_the_command_takes_a_known_deviations_file_and_a_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    known = tmp_path / "known.txt"
    known.write_text("# my-wizard\n5.1  # the dealer leads\ntag:ruling:10\n8.1\n")
    argv = ["conformance", "fuzz", "--adapter", THREE, "--games", "3", "--seed", "1"]
    assert main([*argv, "--known", str(known)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("no deviation in 3 games")
    assert "line 4: 8.1: rule 8.1 (The first Wizard): the trick winner" in out
    assert main([*argv, "--max-deviations", "1"]) == 1
    assert "stopped at the limit of 1 deviations" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main([*argv, "--known", str(tmp_path / "missing.txt")])
    assert "cannot read the known-deviations file" in capsys.readouterr().err
    # Read as a known-failures file is: bounded in size.
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"5.1\n" * 300_000)
    with pytest.raises(SystemExit):
        main([*argv, "--known", str(huge)])
    assert "larger than 1 MiB" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*argv, "--max-deviations", "0"])


def test_configurations_the_adapter_lacks_are_skipped_and_reported() -> None:
    result = fuzz(_broken("players=3,4"), games=8, seed=0, players=(3, 5, 6))
    assert result.deviations == ()
    skipped = {int(str(config["players"])): code for config, code, _ in result.skipped}
    assert set(skipped) <= {5, 6}
    assert set(skipped.values()) == {"invalid_config"}
    assert result.games + sum(count for _, _, count in result.skipped) == 8
    assert 0 < result.games < 8
    out = io.StringIO()
    assert report(result, out) == 0
    assert "skipped configurations (the adapter refused them):" in out.getvalue()


def test_a_run_that_could_play_no_game_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["conformance", "fuzz", "--adapter", _broken("players=3"), "--players", "4"]
    assert main([*argv, "--option", "off", "--games", "6"]) == 2
    out = capsys.readouterr().out
    assert out.startswith("no deviation in 0 games")
    assert "no game could be played: the adapter refused every configuration drawn" in out
    # Four first dealers, six games: a configuration refused once is not asked again.
    counts = re.findall(r"refused with invalid_config \((\d+) games\)", out)
    assert sum(map(int, counts)) == 6
    assert len(counts) < 6


def test_shrinking_keeps_the_deviation_it_found() -> None:
    # Seed 9 found a wrong score in round 2 and, before, shrank it to a
    # round-1 case about the trick winner: another deviation.
    result = fuzz(_broken("taken", "last-wizard"), games=3, seed=9, players=(3,), shrink_budget=50)
    assert len(result.deviations) == 2
    for deviation in result.deviations:
        assert case_of(deviation.shrunk)["rule"] == case_of(deviation.found)["rule"]
        assert deviation.shrunk.signature == deviation.found.signature


def test_shrinking_passes_over_other_deviations_in_smaller_games() -> None:
    client = AdapterClient(_broken("taken", "last-wizard"))
    try:
        run = play_game(client, Config(players=3), random.Random(5), keep_going=True)
        late = [found for found in run.deviations if found.rule == "9.2" and found.round > 2]
        assert late
        shrunk, tried = shrink(client, late[0], 1, budget=200)
        assert shrunk.signature == ("9.2", "a score")
        assert shrunk.game_rounds < late[0].game_rounds
        assert tried >= 1
    finally:
        client.close()


def test_a_misawarded_trick_is_named_and_not_the_next_lead() -> None:
    # Before, fuzz named the next player to act (rule 5.1), one step late.
    result = fuzz(_broken("last-wizard"), games=1, seed=0, players=(3,), max_deviations=1)
    assert result.found is not None
    assert result.found.key in ("trick_winners", "round_trick_winners", "trick_winner")
    assert case_of(result.found)["rule"] == "8.1"


@pytest.mark.parametrize(
    ("text", "key", "which"),
    [
        # Round 1: the second Wizard is the trick's last card, and the round's.
        (
            "players=3 round=1 dealer=0 scores=0,0,0 hands=W2/-/- turned=C5 trump=C "
            "bids=0,1,0 won=0,0,0 played=- trick=W1,J1 leader=1",
            "round_trick_winners",
            "trick 1 of round 1",
        ),
        # Round 2: the trick is finished, the round is not.
        (
            "players=3 round=2 dealer=0 scores=-10,20,-10 hands=W2,C3/C4/D5 turned=C5 trump=C "
            "bids=1,1,0 won=0,0,0 played=- trick=W1,J1 leader=1",
            "trick_winners",
            "trick 1 of round 2",
        ),
    ],
)
def test_the_trick_whose_winner_differs_is_the_one_named(text: str, key: str, which: str) -> None:
    state = from_position(Position.from_text(text))
    client = AdapterClient(_broken("last-wizard"))
    try:
        run = play_game(client, state.config, random.Random(0), start=state)
    finally:
        client.close()
    assert len(run.deviations) == 1
    found = run.deviations[0]
    assert found.actions == ({"type": "play", "player": 0, "card": "W2"},)
    assert (found.key, found.rule) == (key, "8.1")
    assert f"the winner of {which} (W1 J1 W2, led by seat 1, trump C)" in found.how
    assert "this library's is seat 1, as W1 is the first Wizard (rule 8.1)" in found.how


# -- diagnose, branch by branch: each rule read off docs/rules.rst by hand ------------------------


def _at(text: str) -> State:
    return from_position(Position.from_text(text))


def _played(*actions: Action) -> State:
    """Three players, first dealer 0, from the first deal."""
    state = new_game(Config(players=3))
    for action in actions:
        state = apply(state, action)
    return state


ROUND_1 = (
    Deal([[parse_card("C2")], [parse_card("C3")], [parse_card("C4")]], parse_card("D1")),
    Bid(1, 0),
    Bid(2, 0),
    Bid(0, 1),
    Play(1, parse_card("C3")),
    Play(2, parse_card("C4")),
    Play(0, parse_card("C2")),  # seat 2 wins with C4; round 2 is dealt by seat 1, led by seat 2
)
TRICK_1_OF_ROUND_2 = (
    Deal(
        [[parse_card(t) for t in hand] for hand in (["C5", "C6"], ["C7", "C8"], ["C9", "C10"])],
        parse_card("D2"),
    ),
    Bid(2, 0),
    Bid(0, 0),
    Bid(1, 0),
    Play(2, parse_card("C9")),
    Play(0, parse_card("C5")),
    Play(1, parse_card("C7")),  # seat 2 wins with C9
)
HEAD = "players=3 round=2 dealer=0 scores=20,-10,-10"
BIDDING = f"{HEAD} hands=C2,C3/D4,D5/H6,H7 turned=S9 trump=S bids=-,-,- won=0,0,0 played=- trick=-"
BEFORE_DEAL = f"{HEAD} hands=-/-/- turned=- trump=- bids=-,-,- won=0,0,0 played=- trick=- leader=1"


def _playing(hands: str, trick: str) -> str:
    return f"{HEAD} hands={hands} turned=S9 trump=S bids=1,1,0 won=0,0,0 played=- trick={trick}"


def _last_round() -> State:
    """Six players, round 10, after its deal: every card dealt, none turned."""
    scores = ",".join(["-90"] * 6)
    text = (
        f"players=6 round=10 dealer=3 scores={scores} hands=-/-/-/-/-/- turned=- trump=- "
        "bids=-,-,-,-,-,- won=0,0,0,0,0,0 played=- trick=- leader=4"
    )
    return apply(_at(text), Deal([list(DECK[k * 10 : (k + 1) * 10]) for k in range(6)], None))


def _bid(player: int, tricks: int) -> JSON:
    return {"type": "bid", "player": player, "tricks": tricks}


def _play(player: int, card: str) -> JSON:
    return {"type": "play", "player": player, "card": card}


def _legal(state: State) -> list[JSON]:
    return [action_to_dict(action) for action in legal_actions(state)]


def _without(actions: list[JSON], gone: JSON) -> list[JSON]:
    assert gone in actions
    return [action for action in actions if action != gone]


def _diagnosis_cases() -> list[tuple[str, str, JSON, State, State | None, str]]:
    """(name, key, what the adapter answered, the state, the state before, the rule)."""
    bidding = _at(f"{BIDDING} leader=1")
    dealer_over = _at(
        "players=3 options=forbid_bid_total_match round=2 dealer=0 scores=20,-10,-10 "
        "hands=C2,C3/D4,D5/H6,H7 turned=S9 trump=S bids=-,2,1 won=0,0,0 played=- trick=- leader=1"
    )
    dealer_under = _at(
        "players=3 options=forbid_bid_total_match round=2 dealer=0 scores=20,-10,-10 "
        "hands=C2,C3/D4,D5/H6,H7 turned=S9 trump=S bids=-,1,0 won=0,0,0 played=- trick=- leader=1"
    )
    choosing = _at(BIDDING.replace("turned=S9 trump=S", "turned=W1 trump=-") + " leader=1")
    jester = _at(BIDDING.replace("turned=S9 trump=S", "turned=J1 trump=-") + " leader=1")
    following = _at(_playing("C2,C3/D4/C5,D6", "D5") + " leader=1")
    void = _at(_playing("C2,C3/D4/C5,H6", "D5") + " leader=1")
    after_wizard = _at(_playing("C2,C3/D4/C5,D6", "W1") + " leader=1")
    after_jester = _at(_playing("C2,C3/D4/C5,D6", "J1") + " leader=1")
    leading = _at(_playing("C2,C3/D4,D5/C5,D6", "-") + " leader=1")
    one_trick = _played(*ROUND_1, *TRICK_1_OF_ROUND_2)
    after_round_1 = _played(*ROUND_1)
    deal = _at(BEFORE_DEAL)
    choose_spades: JSON = {"type": "choose_trump", "player": 0, "suit": "S"}
    return [
        # 5.2: each player plays one card to each trick; the adapter has one trick more.
        ("extra trick", "trick_winners", [1], leading, None, "5.2"),
        ("extra round", "round_trick_winners", [[0]], leading, None, "5.2"),
        ("extra trick in a round", "round_trick_winners", [[2, 1]], after_round_1, None, "5.2"),
        # 11.10: at the deal no player is to act, and there is no legal action.
        ("player at a deal", "current_player", 0, deal, None, "11.10"),
        ("actions at a deal", "legal_actions", [_bid(1, 0)], deal, None, "11.10"),
        # 3.1 to 3.5: the turned card decides the trump.
        ("trump before the deal", "trump", "S", deal, None, "3.1"),
        ("trump of the last round", "trump", "C", _last_round(), None, "3.5"),
        ("trump after a Jester", "trump", "C", jester, None, "3.3"),
        ("trump after a suit card", "trump", None, bidding, None, "3.2"),
        ("trump after a Wizard", "trump", "C", choosing, None, "3.4"),
        # 2.2: the number of rounds decides between a next deal and the end.
        ("the end too soon", "phase", "game_over", deal, None, "2.2"),
        ("the rounds", "rounds", 19, deal, None, "2.2"),
        # 11.2: the phases follow each other; the round goes up at a deal.
        ("play before the bids", "phase", "play", bidding, None, "11.2"),
        ("the round", "round", 3, bidding, None, "11.2"),
        ("a play while bidding", "legal_actions", [_play(1, "D4")], bidding, None, "11.2"),
        # 11.4: only the player to act has legal actions.
        (
            "another seat's bid",
            "legal_actions",
            [*_legal(bidding), _bid(2, 0)],
            bidding,
            None,
            "11.4",
        ),
        (
            "an action twice",
            "legal_actions",
            [*_legal(bidding), _bid(1, 0)],
            bidding,
            None,
            "11.10",
        ),
        # 3.4: the dealer names one of the four suits, not "no trump".
        (
            "no trump allowed",
            "legal_actions",
            [*_legal(choosing), {"type": "choose_trump", "player": 0, "suit": None}],
            choosing,
            None,
            "3.4",
        ),
        (
            "a suit forbidden",
            "legal_actions",
            _without(_legal(choosing), choose_spades),
            choosing,
            None,
            "3.4",
        ),
        ("a dealer's choice", "current_player", 1, choosing, None, "3.4"),
        # 4.2: a bid is from 0 to r, any total in the base game.
        ("a bid too high", "legal_actions", [*_legal(bidding), _bid(1, 3)], bidding, None, "4.2"),
        (
            "a bid forbidden",
            "legal_actions",
            _without(_legal(bidding), _bid(1, 2)),
            bidding,
            None,
            "4.2",
        ),
        # 20.2: the other bids add up to more than r: the dealer bids freely.
        (
            "a dealer restricted",
            "legal_actions",
            _without(_legal(dealer_over), _bid(0, 0)),
            dealer_over,
            None,
            "20.2",
        ),
        # 20.1: the dealer may not bid 1 (the bids would add up to 2), any other bid.
        (
            "a dealer's bid forbidden",
            "legal_actions",
            _without(_legal(dealer_under), _bid(0, 0)),
            dealer_under,
            None,
            "20.1",
        ),
        # 11.8: a card the player does not hold is refused.
        (
            "a card not held",
            "legal_actions",
            [*_legal(following), _play(2, "H9")],
            following,
            None,
            "11.8",
        ),
        # 7.1: seat 2 holds the led suit D.
        (
            "a card off the suit",
            "legal_actions",
            [*_legal(following), _play(2, "C5")],
            following,
            None,
            "7.1",
        ),
        (
            "the suit forbidden",
            "legal_actions",
            _without(_legal(following), _play(2, "D6")),
            following,
            None,
            "7.1",
        ),
        # 7.3: seat 2 holds no D: any card.
        (
            "a void seat",
            "legal_actions",
            _without(_legal(void), _play(2, "H6")),
            void,
            None,
            "7.3",
        ),
        # 6.2: a Wizard led: no led suit, any card may follow.
        (
            "after a Wizard",
            "legal_actions",
            _without(_legal(after_wizard), _play(2, "C5")),
            after_wizard,
            None,
            "6.2",
        ),
        # 6.3: only a Jester played: no led suit yet.
        ("after a Jester", "led_suit", "D", after_jester, None, "6.3"),
        # 8.5: before a trick's first card nobody is winning it.
        ("a winner too soon", "trick_winner", 1, leading, None, "8.5"),
        # 12.10: from a position, its tricks won stand; 5.2 once a trick is played.
        ("the position's tricks", "tricks_won", [1, 0, 0], leading, None, "12.10"),
        ("a trick's winner", "tricks_won", [1, 0, 0], one_trick, None, "5.2"),
        # 4.1: every player bids once, in turn.
        ("the bids", "bids", [None, 0, None], bidding, None, "4.1"),
        # 2.4: the first round's dealer is the configured one.
        ("the first dealer", "dealer", 1, new_game(Config(players=3)), None, "2.4"),
        # 9.3: no round was scored, yet a score changed.
        ("a score mid-round", "scores", [30, -10, -10], leading, None, "9.3"),
        # An observation missing is named by the rule it belongs to.
        ("missing", "tricks_won", "<missing>", leading, None, "12.10"),
    ]


@pytest.mark.parametrize(
    ("name", "key", "got", "state", "before", "rule"),
    _diagnosis_cases(),
    ids=[case[0] for case in _diagnosis_cases()],
)
def test_diagnose_derives_the_rule_from_what_differed(
    name: str, key: str, got: JSON, state: State, before: State | None, rule: str
) -> None:
    expected = OBSERVATIONS[key](state)
    assert not _same(key, expected, got)
    found, subject, how = diagnose("observe", key, None, expected, got, state, before)
    assert found == rule, how
    assert subject
    assert how.startswith(f"{key} differs first; ")
    assert f"rule {rule}" in how
