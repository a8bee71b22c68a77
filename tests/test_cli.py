"""The wizard-rules command line."""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from wizard_rules import (
    Config,
    Deal,
    GameRecord,
    Position,
    apply,
    from_position,
    legal_actions,
    new_game,
    player_view,
    position_of,
    random_action,
    random_game,
)
from wizard_rules.cli import main
from wizard_rules.cli.commands import _parser
from wizard_rules.conformance.suite import Case, load_suite
from wizard_rules.core.state import State
from wizard_rules.formats.records import action_from_dict, config_from_dict, position_from_dict

from .helpers import state_at_round


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_simulate_prints_a_complete_game(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", str(players), "--seed", "11"]) == 0
    out = capsys.readouterr().out
    rounds = 60 // players
    assert out.startswith("Seed 11\n")
    for number in range(1, rounds + 1):
        assert f"\nRound {number} ({number} card" in out
    assert f"\nRound {rounds + 1} " not in out
    # every trick of every round is printed with its winner
    assert out.count("  Trick ") == rounds * (rounds + 1) // 2
    assert out.count("  seat   bid  took  round  total") == rounds
    assert "\nWinner" in out


def test_simulate_is_deterministic_for_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--players", "4", "--seed", "5"])
    first = capsys.readouterr().out
    main(["simulate", "--players", "4", "--seed", "5"])
    assert capsys.readouterr().out == first
    main(["simulate", "--players", "4", "--seed", "6"])
    assert capsys.readouterr().out != first


def test_simulate_json_is_a_record_of_the_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    import random

    assert main(["simulate", "--players", "5", "--seed", "9", "--json"]) == 0
    text = capsys.readouterr().out
    record = GameRecord.from_json(text)
    assert record.replay() == random_game(Config(players=5), random.Random(9))
    assert json.loads(text)["config"]["players"] == 5


def test_simulate_with_the_option_never_lets_bids_match(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["simulate", "--players", "3", "--seed", "2", "--json", "--forbid-bid-total-match"])
    state = GameRecord.from_json(capsys.readouterr().out).replay()
    assert state.config.forbid_bid_total_match
    for result in state.results:
        assert sum(result.bids) != result.round


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["simulate"],
        ["simulate", "--players", "7"],
        ["simulate", "--players", "2"],
        ["simulate", "--players", "four"],
        ["simulate", "--players", "4", "--seed", "x"],
        ["simulate", "--players", "4", "--first-dealer", "4"],
        ["simulate", "--players", "4", "--first-dealer", "-1"],
        ["fly"],
    ],
)
def test_bad_arguments_give_a_usage_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err
    assert "Traceback" not in err


def test_replay_reads_a_record_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--players", "6", "--seed", "3", "--json"])
    path = tmp_path / "game.json"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    main(["simulate", "--players", "6", "--seed", "3"])
    printed = capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert printed.endswith(capsys.readouterr().out)


@pytest.mark.parametrize(
    "content", ["not json", '{"format": "wizard-rules/game"}', "[1, 2]", "\udcff"]
)
def test_replay_refuses_bad_records_without_a_traceback(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("wizard-rules: ")
    assert "Traceback" not in err


def test_replay_of_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_the_installed_command_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "wizard_rules", "simulate", "--players", "3", "--seed", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Winner" in result.stdout


def test_replay_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    main(["simulate", "--players", "4", "--seed", "2", "--json"])
    record = capsys.readouterr().out.encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(record)))
    assert main(["replay", "-"]) == 0
    assert "\nWinner" in capsys.readouterr().out


def test_account_of_an_unfinished_game_has_no_winner() -> None:
    import random

    from wizard_rules import apply, new_game, random_action
    from wizard_rules.formats.text import account

    rng = random.Random(4)
    state = new_game(Config(players=3))
    while len(state.results) < 2:
        state = apply(state, random_action(state, rng))
    text = account(state)
    assert "Round 2 " in text
    assert "Round 3 " not in text
    assert "Winner" not in text


def test_python_dash_m_runs_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import runpy

    monkeypatch.setattr(sys, "argv", ["wizard-rules", "simulate", "--players", "3", "--seed", "1"])
    with pytest.raises(SystemExit) as exit_info:
        runpy.run_module("wizard_rules", run_name="__main__")
    assert exit_info.value.code == 0
    assert "Winner" in capsys.readouterr().out


def test_account_of_an_unfinished_game_says_so() -> None:
    from wizard_rules import new_game
    from wizard_rules.formats.text import account

    text = account(new_game(Config(players=4)))
    assert "The game is not over: round 1, phase deal, to act: chance" in text


def test_a_huge_seed_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--players", "4", "--seed", "9" * 5000])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "at most 100 digits" in err
    assert len(err) < 1000


def test_a_bad_first_dealer_shows_the_simulate_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--players", "4", "--first-dealer", "9"])
    assert capsys.readouterr().err.startswith("usage: wizard-rules simulate")


@pytest.mark.parametrize("timeout", ["soon", "0", "-1", "99999", "nan"])
def test_a_bad_conformance_timeout_is_a_usage_error(
    timeout: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["conformance", "run", "--adapter", "x", "--timeout", timeout])
    assert exit_info.value.code == 2
    assert "--timeout" in capsys.readouterr().err


def test_many_games_give_the_same_figures_on_one_or_two_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--players", "3", "--seed", "4", "--games", "12"]) == 0
    one = capsys.readouterr().out.splitlines()
    assert (
        main(["simulate", "--players", "3", "--seed", "4", "--games", "12", "--workers", "2"]) == 0
    )
    two = capsys.readouterr().out.splitlines()
    assert one[0].startswith("12 games, 3 players, seed 4, 1 worker: ")
    assert "games/s" in one[0]
    assert one[1] == "seat  mean score  spread  bids met    wins"
    assert len(one) == 5
    assert one[1:] == two[1:]


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--players", "4", "--games", "0"],
        ["simulate", "--players", "4", "--games", "x"],
        ["simulate", "--players", "4", "--workers", "2"],
        ["simulate", "--players", "4", "--games", "3", "--json"],
        ["simulate", "--players", "4", "--games", "3", "--workers", "-1"],
    ],
)
def test_bad_simulation_arguments(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_many_games_show_a_progress_bar_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--players", "6", "--seed", "1", "--games", "3"]
    assert main(argv) == 0
    plain = capsys.readouterr()
    assert plain.err == ""  # no bar when standard error is not a terminal
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "3/3" in captured.err
    assert "games" in captured.err
    assert "━" in captured.err  # rich's bar, not a hand-drawn one
    assert "#####" not in captured.err
    # standard output is not a terminal: the same plain table as before
    assert captured.out.split("\n", 1)[1] == plain.out.split("\n", 1)[1]


def test_many_games_print_a_rich_table_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--players", "3", "--seed", "1", "--games", "2"]
    assert main(argv) == 0
    plain = capsys.readouterr().out
    assert "\nseat  mean score  spread  bids met    wins\nP0 " in plain
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "seat  mean score" not in out
    assert "┃" in out  # a rich table's rule
    for seat in ("P0", "P1", "P2"):
        assert seat in out
    assert "bids met" in out


# -- positions: show and perft ---------------------------------------------------------

PERFT_CASES = [case for case in load_suite().cases if case.perft is not None]

# Round 2 of a 3-player game, worked out by hand: after round 1 (one trick,
# won by P0 who bid 1; P1 bid 1, P2 bid 0) the scores are 30, -10, 20.  In
# round 2 P0 held S7 W3, P1 C9 H2, P2 D1 H10; C5 was turned (trump Clubs);
# P2, P0, P1 bid 1, 1, 0.  P2 led H10, P0 won it with W3 (P1 followed with
# H2), and P0 has led S7.  P1 holds no Spade, so the trump C9 is allowed.
SMALL = (
    "players=3 round=2 dealer=1 scores=30,-10,20 hands=-/C9/D1 turned=C5 trump=C "
    "bids=1,0,1 won=1,0,0 played=H2,H10,W3 trick=S7 leader=0"
)
SMALL_SHOWN = """\
Round 2 of 20: 3 players, dealer P1, bid-total option off
Turned C5: trump Clubs

seat  hand  bid  won  score
P0    -       1    1     30  leads this trick
P1    C9      0    0    -10  dealer, to act
P2    D1      1    0     20

Finished: 1 trick, with the cards H2 H10 W3
Trick in progress: P0 S7 (led suit Spades; P0 winning so far)
To act: P1 (play)
Legal actions (1): P1 plays C9
"""
BEFORE_THE_DEAL = (
    "players=3 round=1 dealer=0 scores=0,0,0 hands=-/-/- turned=- trump=- "
    "bids=-,-,- won=0,0,0 played=- trick=- leader=1"
)
GAME_OVER = (
    "players=3 round=20 dealer=1 over scores=0,10,10 hands=-/-/- turned=- trump=- "
    "bids=-,-,- won=0,0,0 played=- trick=- leader=2"
)


def case_position(case: Case) -> Position:
    """The position a case's actions reach from its starting position (or a new game)."""
    state = (
        new_game(config_from_dict(case.config))
        if case.position is None
        else from_position(position_from_dict(case.position))
    )
    for action in case.actions:
        state = apply(state, action_from_dict(action))
    return position_of(state)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``argv``, which must be a usage error; return its one error line."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    usage, error, *rest = captured.err.splitlines()
    assert usage.startswith(f"usage: wizard-rules {argv[0]} ")
    assert rest == []
    assert error.startswith(f"wizard-rules {argv[0]}: error: argument ")
    return error


def test_the_suite_has_perft_cases() -> None:
    assert len(PERFT_CASES) >= 15
    assert max(case.perft["depth"] for case in PERFT_CASES if case.perft) >= 8


@pytest.mark.parametrize("case", PERFT_CASES, ids=lambda case: case.id)
def test_perft_agrees_with_every_perft_case_of_the_suite(
    case: Case, capsys: pytest.CaptureFixture[str]
) -> None:
    assert case.perft is not None
    text = case_position(case).to_text()
    depth, count = str(case.perft["depth"]), case.perft["count"]
    assert run(["perft", text, "--depth", depth], capsys) == f"{count}\n"
    # --divide: one line per first action, a blank line, the same total
    *lines, blank, total = run(["perft", text, "--depth", depth, "--divide"], capsys).splitlines()
    assert (blank, total) == ("", f"total: {count}")
    counts = [int(line.rpartition(": ")[2]) for line in lines]
    assert sum(counts) == count
    state = from_position(case_position(case))
    assert [line.rpartition(": ")[0] for line in lines] == [str(a) for a in legal_actions(state)]


def test_the_installed_command_counts_and_refuses() -> None:
    case = next(case for case in PERFT_CASES if case.id == "perft.070")
    assert case.perft is not None
    text = case_position(case).to_text()
    command = [sys.executable, "-m", "wizard_rules", "perft"]
    result = subprocess.run(
        [*command, text, "--depth", str(case.perft["depth"])],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout) == (0, f"{case.perft['count']}\n")
    result = subprocess.run(
        [*command, text.replace("won=", "wno="), "--depth", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1].startswith(
        "wizard-rules perft: error: argument POSITION: [bad_position_text] column "
    )


def test_show_prints_a_small_position_as_worked_out_by_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["show", SMALL], capsys) == SMALL_SHOWN
    # perft there: P1 must play C9, P2 must play D1; that ends the round, and
    # the next deal (a chance step) ends the sequence: one sequence.
    assert run(["perft", SMALL, "--depth", "3"], capsys) == "1\n"


def test_show_of_a_partial_position(capsys: pytest.CaptureFixture[str]) -> None:
    known = run(["show", SMALL.replace("hands=-/C9/D1", "hands=-/C9/?")], capsys)
    assert "\nP2    hidden (1 card)    1    0     20\n" in known
    assert known.endswith("\nLegal actions (1): P1 plays C9\n")
    hidden = run(["show", SMALL.replace("hands=-/C9/D1", "hands=-/?/D1")], capsys)
    assert "\nP1    hidden (1 card)    0    0    -10  dealer, to act\n" in hidden
    assert hidden.endswith(
        "\nLegal actions: cannot be listed, the hand of P1 (to act) is hidden\n"
    )


def test_show_lists_from_a_view_what_the_state_allows(capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(8)
    state = new_game(Config(players=4, forbid_bid_total_match=True))
    shown = 0
    while state.round < 4:
        seat = state.current_player
        if seat is not None:
            full = run(["show", position_of(state).to_text()], capsys)
            seen = run(["show", position_of(player_view(state, seat)).to_text()], capsys)
            legal = full[full.index("\nLegal actions") :]
            assert seen.endswith(legal)
            assert legal.count(" P") == len(legal_actions(state))
            shown += 1
        state = apply(state, random_action(state, rng))
    assert shown > 20


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        (
            BEFORE_THE_DEAL,
            [
                "Not dealt yet: no card turned, no trump",
                "P0    -       -    0      0  dealer",
                "To act: chance, the deal of round 1",
                "Legal actions: none",
            ],
        ),
        (
            GAME_OVER,
            [
                "Round 20 of 20, the game is over: 3 players, dealer P1, bid-total option off",
                "No card turned, no trump: the game is over",
                "P1    -       -    0     10",
                "To act: nobody; winners (tied) P1, P2 with 10 points",
            ],
        ),
        (
            GAME_OVER.replace("scores=0,10,10", "scores=0,10,0"),
            ["To act: nobody; winner P1 with 10 points"],
        ),
        (
            "players=3 options=forbid_bid_total_match round=1 dealer=1 scores=0,0,0 "
            "hands=D1/D2/D3 turned=W2 trump=- bids=-,-,- won=0,0,0 played=- trick=- leader=2",
            [
                "Round 1 of 20: 3 players, dealer P1, bid-total option on",
                "Turned W2: the dealer, P1, names the trump",
                "To act: P1 (name the trump)",
                "Legal actions (4): P1 names trump C, P1 names trump D, P1 names trump H,",
                "  P1 names trump S",
            ],
        ),
        (
            "players=3 round=1 dealer=1 scores=0,0,0 hands=D1/D2/D3 turned=W2 trump=S "
            "bids=-,-,- won=0,0,0 played=- trick=- leader=2",
            ["Turned W2: trump Spades named by the dealer", "To act: P2 (bid)"],
        ),
        (
            "players=3 round=1 dealer=0 scores=0,0,0 hands=D1/D2/D3 turned=J1 trump=- "
            "bids=-,0,1 won=0,0,0 played=- trick=- leader=1",
            ["Turned J1: no trump", "Legal actions (2): P0 bids 0, P0 bids 1"],
        ),
        (
            "players=3 round=1 dealer=0 scores=0,0,0 hands=D2/-/W1 turned=H1 trump=H "
            "bids=0,1,0 won=0,0,0 played=- trick=J1 leader=1",
            [
                "Finished: no trick yet",
                "Trick in progress: P1 J1 (no led suit; P1 winning so far)",
                "To act: P2 (play)",
            ],
        ),
    ],
)
def test_show_in_every_phase(
    text: str, lines: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    shown = run(["show", text], capsys).splitlines()
    for line in lines:
        assert line in shown


def test_show_of_the_last_round_says_no_card_is_turned(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = state_at_round(Config(players=6), 10)
    state = apply(state, random_action(state, random.Random(1)))
    shown = run(["show", position_of(state).to_text()], capsys)
    assert "\nNo card turned (round 10 deals every card): no trump\n" in shown
    assert "\nLegal actions (11): P4 bids 0, P4 bids 1, " in shown
    assert all(len(line) <= 79 for line in shown.splitlines() if line.startswith(("Legal", " ")))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (BEFORE_THE_DEAL, "the deal is a chance step, which ends every sequence"),
        (GAME_OVER, "the game is over"),
        (SMALL, "depth 0 counts the empty sequence only"),
    ],
)
def test_divide_without_a_first_action(
    text: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    depth = "0" if reason.startswith("depth 0") else "5"
    out = run(["perft", text, "--depth", depth, "--divide"], capsys)
    assert out == f"no first action: {reason}\n\ntotal: 1\n"
    assert run(["perft", text, "--depth", depth], capsys) == "1\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["show", "players=3 round=x"], "POSITION: [bad_position_text] column 11, 'round=x': "),
        (["show", "players=3"], "POSITION: [bad_position_text] column 10: the text ends before"),
        (["show", "players=3  rounds=1"], "POSITION: [bad_position_text] column 12, 'rounds=1'"),
        (["show", GAME_OVER.replace("over", "over=no")], "column 29, 'over=no': over is"),
        (["show", SMALL.replace("leader=0", "leader=2")], "POSITION: [invalid_position] "),
        (["show", SMALL.replace("C9", "D1")], "POSITION: [invalid_position] card D1 is in two"),
        (
            ["perft", SMALL + " x", "--depth", "1"],
            f"[bad_position_text] column {len(SMALL) + 2}, 'x'",
        ),
        (
            ["perft", SMALL.replace("hands=-/C9/D1", "hands=-/C9/?"), "--depth", "1"],
            "POSITION: [invalid_position] a partial position (the hands of seats [2] are hidden)",
        ),
        (["perft", SMALL, "--depth", "13"], "--depth: a depth is a whole number from 0 to 12"),
        (["perft", SMALL, "--depth", "-1"], "--depth: a depth is a whole number from 0 to 12"),
        (["perft", SMALL, "--depth", "x"], "--depth: a depth is a whole number from 0 to 12"),
        (["perft", SMALL, "--depth", "\u0663"], "--depth: a depth is a whole number from 0 to 12"),
        (["perft", SMALL, "--depth", "0001"], "--depth: a depth is a whole number from 0 to 12"),
    ],
)
def test_positions_that_are_not_give_a_usage_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert message in usage_error(argv, capsys)


def test_perft_needs_a_depth_and_one_position(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["perft", SMALL])
    assert exit_info.value.code == 2
    assert "--depth" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        main(["show", *SMALL.split(" ")])  # not quoted in a shell
    assert exit_info.value.code == 2
    assert "column 10: the text ends before round=" in capsys.readouterr().err


def _first_bid_of_round(round_number: int) -> str:
    state = state_at_round(Config(players=4), round_number)
    return position_of(apply(state, random_action(state, random.Random(1)))).to_text()


@pytest.mark.parametrize("divide", [[], ["--divide"]])
def test_perft_refuses_a_count_beyond_the_adapters_work_bound(divide: list[str]) -> None:
    # Depth 12 from the first bid of round 10 would take about a day: the
    # command refuses it, as a conformance case request is refused, once it
    # has expanded the adapter's 200,000 positions (a couple of seconds).
    # A subprocess, with a timeout far beyond those seconds: a run with no
    # bound fails the test instead of hanging it.
    text = _first_bid_of_round(10)
    result = subprocess.run(
        [sys.executable, "-m", "wizard_rules", "perft", text, "--depth", "12", *divide],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        "wizard-rules perft: depth 12 from this position needs more than 200,000 positions, "
        "the most a count may expand: give a smaller depth\n"
    )


def test_perft_within_the_bound_still_counts(capsys: pytest.CaptureFixture[str]) -> None:
    # Depth 2 from the first bid of round 10 (4 players): 11 bids, then 11
    # for the next seat (the option is off): 121 sequences.
    text = _first_bid_of_round(10)
    assert run(["perft", text, "--depth", "2"], capsys) == "121\n"


def test_the_conformance_summary_uses_rich_tables_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import shlex

    adapter = shlex.join([sys.executable, "-m", "wizard_rules", "conformance", "adapter"])
    argv = ["conformance", "run", "--adapter", adapter, "--run", "winner.05*"]
    assert main(argv) == 0
    plain = capsys.readouterr().out
    assert re.search(r"\narea +passed  failed  errors  unsupported  known", plain)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert not re.search(r"\narea +passed  failed", out)
    assert "┃" in out  # rich's tables
    assert out.count("passed") >= 4  # one column a table, and the last line
    # the lines around the tables are the same as in the plain report
    assert out.splitlines()[-1] == plain.splitlines()[-1]
    assert out.splitlines()[0] == plain.splitlines()[0]


# -- the variants: --canadian-rule and --schedule (rules 21 and 22) -----------------------


def variant_game(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[Any, State]:
    """The JSON of ``simulate --json ARGV`` and the final state it replays to."""
    assert main(["simulate", "--json", *argv]) == 0
    text = capsys.readouterr().out
    return json.loads(text), GameRecord.from_json(text).replay()


def hand_sizes(state: State) -> list[int]:
    """The size of each seat's hand in each round's deal, read from the history."""
    sizes = []
    for action in state.history:
        if isinstance(action, Deal):
            assert len({len(hand) for hand in action.hands}) == 1
            sizes.append(len(action.hands[0]))
    return sizes


def test_simulate_plays_the_odd_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    document, state = variant_game(["--players", "4", "--seed", "3", "--schedule", "odd"], capsys)
    # Rule 22.1: four players play 1, 3, ..., 15 cards, eight rounds.
    assert document["config"]["schedule"] == "odd"
    assert "canadian_rule" not in document["config"]
    assert state.is_over
    assert hand_sizes(state) == [1, 3, 5, 7, 9, 11, 13, 15]
    assert [len(result.tricks) for result in state.results] == [1, 3, 5, 7, 9, 11, 13, 15]
    for result, size in zip(state.results, [1, 3, 5, 7, 9, 11, 13, 15], strict=True):
        assert all(0 <= bid <= size for bid in result.bids)  # rule 22.5
        # rule 22.4: a card is turned when 4 x size < 60, so in every round but the last
        assert (result.turned is None) == (size == 15)
    assert state.config == config_from_dict({"players": 4, "schedule": "odd"})


def test_simulate_plays_a_listed_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    document, state = variant_game(
        ["--players", "3", "--seed", "8", "--schedule", "5, 1,5"], capsys
    )
    assert document["config"]["schedule"] == [5, 1, 5]
    assert hand_sizes(state) == [5, 1, 5]
    assert len(state.results) == 3
    assert state.is_over
    # the dealers still pass to the left every round (rule 22.3)
    assert [result.dealer for result in state.results] == [0, 1, 2]


def test_simulate_plays_the_canadian_rule(capsys: pytest.CaptureFixture[str]) -> None:
    restricted = 0
    for seed in range(6):
        document, state = variant_game(
            ["--players", "3", "--seed", str(seed), "--canadian-rule"], capsys
        )
        assert document["config"]["canadian_rule"] is True
        assert "schedule" not in document["config"]
        assert state.config == config_from_dict({"players": 3, "canadian_rule": True})
        totals = [0, 0, 0]
        for result in state.results:
            dealer = result.dealer
            leads = all(totals[dealer] > totals[seat] for seat in range(3) if seat != dealer)
            if leads:  # rules 21.1 and 21.3: no matching total, but by a bid of 0
                restricted += 1
                assert sum(result.bids) != result.round or result.bids[dealer] == 0
            totals = [total + points for total, points in zip(totals, result.scores, strict=True)]
    assert restricted > 10  # the rule was in force in many rounds


def test_simulate_with_every_variant_and_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "5", "--seed", "2", "--canadian-rule", "--forbid-bid-total-match"]
    document, state = variant_game([*argv, "--schedule", "2,4"], capsys)
    assert document["config"] == {
        "players": 5,
        "first_dealer": 0,
        "forbid_bid_total_match": True,
        "canadian_rule": True,
        "schedule": [2, 4],
    }
    assert hand_sizes(state) == [2, 4]
    for result, size in zip(state.results, [2, 4], strict=True):
        assert sum(result.bids) != size  # rule 21.5: as the option alone


def test_the_standard_schedule_by_name_is_the_standard_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--players", "4", "--seed", "5", "--json"]) == 0
    plain = capsys.readouterr().out
    assert (
        main(["simulate", "--players", "4", "--seed", "5", "--json", "--schedule", "standard"])
        == 0
    )
    assert capsys.readouterr().out == plain
    assert "schedule" not in plain
    assert "canadian_rule" not in plain


def test_the_account_of_a_short_game(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(["simulate", "--players", "4", "--seed", "1", "--schedule", "3,1"], capsys)
    assert out.splitlines()[1] == (
        "Wizard: 4 players, 2 rounds, first dealer P0, bid-total option off"
    )
    assert out.count("  Trick ") == 3 + 1
    assert "\nRound 1 (3 cards each), dealer P0, " in out
    assert "\nRound 2 (1 card each), dealer P1, " in out
    assert "\nRound 3 " not in out


def test_many_games_of_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "4", "--seed", "1", "--games", "6"]
    plain = run(argv, capsys).splitlines()
    variant = run([*argv, "--schedule", "1", "--canadian-rule"], capsys).splitlines()
    assert variant[0].startswith("6 games, 4 players, seed 1, 1 worker: ")
    assert variant[2:] != plain[2:]
    # one round of one card: a round's score is -10, 20 or 30, and so is the mean's range
    for row in variant[2:]:
        assert -10 <= float(row.split()[1]) <= 30


@pytest.mark.parametrize("command", ["simulate", "play"])
@pytest.mark.parametrize(
    ("schedule", "words"),
    [
        (
            "x",
            "a schedule is standard, odd or hand sizes separated by commas, such as 1,3,5, "
            "not 'x'",
        ),
        ("1,,3", "not '1,,3'"),
        ("1;3", "not '1;3'"),
        ("", "not ''"),
        ("Odd", "not 'Odd'"),
        ("0", "a hand size is from 1 to 60 cards, not 0"),
        ("3,99999", "a hand size is from 1 to 60 cards, not 99999"),
        ("1,16", "a round of 16 cards cannot be dealt to 4 players: the deck holds 15 cards"),
    ],
)
def test_a_bad_schedule_is_a_usage_error(
    command: str, schedule: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--players", "4", "--schedule", schedule])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"usage: wizard-rules {command} ")
    assert "Traceback" not in captured.err
    error = captured.err.splitlines()[-1]
    assert error.startswith(f"wizard-rules {command}: error: argument --schedule: ")
    assert words in error


def test_the_help_names_the_variant_flags(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "play", "arena"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out = capsys.readouterr().out
        assert "--canadian-rule" in out
        assert "--schedule SCHEDULE" in out


def every_command(
    parser: argparse.ArgumentParser, words: tuple[str, ...] = ()
) -> list[tuple[str, ...]]:
    """The words of every command and subcommand of ``parser``, itself first."""
    found = [words]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += every_command(sub, (*words, name))
    return found


def test_every_help_text_is_formatted(capsys: pytest.CaptureFixture[str]) -> None:
    # argparse %-formats each argument's help (so "95%%" prints "95%"), but not
    # a description, which prints as written: no help may show "%%" or "%(".
    commands = every_command(_parser())
    assert ("arena",) in commands
    assert ("conformance", "run") in commands
    assert len(commands) >= 12
    for words in commands:
        with pytest.raises(SystemExit) as exit_info:
            main([*words, "--help"])
        assert exit_info.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith(f"usage: {' '.join(('wizard-rules', *words))}"), words
        assert "%%" not in out, words
        assert "%(" not in out, words
    main_help = ["arena", "--help"]
    with pytest.raises(SystemExit):
        main(main_help)
    out = " ".join(capsys.readouterr().out.split())
    assert "mean score with a 95% interval" in out
    assert "pairwise differences with 95% intervals" in out


# -- the official variants: --hidden-bids, --delayed-reveal, --hardcore, --clairvoyance ----------


@pytest.mark.parametrize(
    ("flag", "key"),
    [
        ("--hidden-bids", "hidden_bids"),
        ("--delayed-reveal", "delayed_reveal"),
        ("--hardcore", "hardcore"),
        ("--clairvoyance", "clairvoyance"),
    ],
)
def test_simulate_writes_each_variant_into_the_record(
    flag: str, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    document, state = variant_game(["--players", "4", "--seed", "6", flag], capsys)
    assert document["config"] == {
        "players": 4,
        "first_dealer": 0,
        "forbid_bid_total_match": False,
        key: True,
    }
    assert state.is_over
    assert state.config == config_from_dict({"players": 4, key: True})
    assert len(state.results) == 15


def test_simulate_plays_hardcore_from_four_cards(capsys: pytest.CaptureFixture[str]) -> None:
    # Rule 25.1: from 4 cards a round the bids never add up to the tricks;
    # rule 25.2: rounds of 1 to 3 cards are free, and random bids match there now and then.
    matched_small = 0
    for seed in range(8):
        _, state = variant_game(["--players", "4", "--seed", str(seed), "--hardcore"], capsys)
        for result in state.results:
            size = len(result.tricks)
            if size >= 4:
                assert sum(result.bids) != size, (seed, result.round)
            elif sum(result.bids) == size:
                matched_small += 1
    assert matched_small > 0


def test_simulate_plays_clairvoyance_round_one_by_itself(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Rule 26.3: round 1's trick plays itself with the last bid: no Play in
    # round 1 of the record, and one trick of four cards in its result.
    _, state = variant_game(["--players", "4", "--seed", "2", "--clairvoyance"], capsys)
    history = list(state.history)
    deals = [index for index, action in enumerate(history) if isinstance(action, Deal)]
    round_1 = history[deals[0] : deals[1]]
    assert all(type(action).__name__ in ("Deal", "Bid", "ChooseTrump") for action in round_1)
    assert sum(type(action).__name__ == "Bid" for action in round_1) == 4
    assert len(state.results[0].tricks) == 1
    assert len(state.results[0].tricks[0].cards) == 4


def test_the_account_names_the_variants(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "4", "--seed", "1", "--delayed-reveal", "--clairvoyance"]
    out = run(argv, capsys)
    assert out.splitlines()[1] == (
        "Wizard: 4 players, 15 rounds, first dealer P0, bid-total option off, "
        "clairvoyance, delayed reveal"
    )


def variant_usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``argv``, a usage error: status 2, nothing on stdout, one error line; return it."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    lines = captured.err.splitlines()
    assert lines[0].startswith(f"usage: wizard-rules {argv[0]} ")
    errors = [line for line in lines if line.startswith("wizard-rules ")]
    assert errors == [lines[-1]]
    return lines[-1]


SECRET = "the dealer's bid would have to depend on bids the dealer may not see"


@pytest.mark.parametrize("command", ["simulate", "arena", "play"])
@pytest.mark.parametrize(
    ("flags", "error"),
    [
        (
            ["--hidden-bids", "--hardcore"],
            "argument --hardcore: hidden bids cannot be combined with hardcore: " + SECRET,
        ),
        (
            ["--canadian-rule", "--delayed-reveal"],
            "argument --canadian-rule: delayed reveal cannot be combined with the Canadian rule: "
            + SECRET,
        ),
        (
            ["--hardcore", "--canadian-rule", "--hidden-bids"],
            "argument --canadian-rule: hidden bids cannot be combined with the Canadian rule "
            "and hardcore: " + SECRET,
        ),
        (
            ["--hidden-bids", "--delayed-reveal"],
            "argument --delayed-reveal: hidden bids and delayed reveal cannot both be on: "
            "delayed reveal is hidden bids shown later, so turn on one of them",
        ),
        (["--clairvoyance", "--schedule", "odd"], None),
        (
            ["--clairvoyance", "--schedule", "2,3"],
            "argument --clairvoyance: clairvoyance is played in a first round of one card "
            "each, not of 2: a player holds their one card facing the others",
        ),
    ],
    ids=[
        "hidden-hardcore",
        "canadian-delayed",
        "hidden-canadian-hardcore",
        "hidden-delayed",
        "clairvoyance-odd",
        "clairvoyance-2,3",
    ],
)
def test_variants_that_cannot_be_played_together_are_a_usage_error(
    command: str, flags: list[str], error: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    # Rules 26.1, 27.2 and 27.3: one line that names the flag and says why, status 2.
    base = {
        "simulate": ["simulate", "--players", "4", "--seed", "1"],
        "arena": ["arena", "--bots", "random,heuristic", "--players", "3", "--games", "1"],
        "play": ["play", "--seed", "1"],
    }[command]
    if error is None:  # allowed: the odd schedule starts with one card (rule 26.1)
        if command == "simulate":
            assert main([*base, *flags, "--json"]) == 0
            assert json.loads(capsys.readouterr().out)["config"]["clairvoyance"] is True
        return
    assert (
        variant_usage_error([*base, *flags], capsys) == f"wizard-rules {command}: error: {error}"
    )


def test_the_bid_total_option_with_a_secret_bidding_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--players", "4", "--hidden-bids", "--forbid-bid-total-match"]
    assert variant_usage_error(argv, capsys) == (
        "wizard-rules simulate: error: argument --forbid-bid-total-match: hidden bids cannot be "
        f"combined with the bid-total option (plus/minus one): {SECRET}"
    )


def test_the_restrictions_combine_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Rule 27.1: plus/minus one, the Canadian rule and hardcore together, with clairvoyance.
    argv = ["--players", "3", "--seed", "4", "--hardcore", "--canadian-rule"]
    document, state = variant_game([*argv, "--forbid-bid-total-match", "--clairvoyance"], capsys)
    assert document["config"] == {
        "players": 3,
        "first_dealer": 0,
        "forbid_bid_total_match": True,
        "canadian_rule": True,
        "clairvoyance": True,
        "hardcore": True,
    }
    for result in state.results:
        assert sum(result.bids) != len(result.tricks)  # rule 20, whatever the other two


def test_arena_plays_a_secret_bidding(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--bots", "random,heuristic", "--players", "3", "--games", "1"]
    out = run([*argv, "--hidden-bids", "--clairvoyance"], capsys)
    assert out.startswith("1 deals x 3 rotations = 3 games, 3 players, seed 0")
    assert "heuristic" in out


def test_the_help_names_the_new_variant_flags(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "play", "arena"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out = " ".join(capsys.readouterr().out.split())
        for flag, rule in (
            ("--hidden-bids", "(rule 23)"),
            ("--delayed-reveal", "(rule 24)"),
            ("--hardcore", "(rule 25)"),
            ("--clairvoyance", "(rule 26)"),
        ):
            assert flag in out
            assert rule in out
