"""The wizard-rules command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from wizard_rules import Config, GameRecord, random_game
from wizard_rules.cli import main


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
    monkeypatch.setattr(sys, "stdin", io.StringIO(capsys.readouterr().out))
    assert main(["replay", "-"]) == 0
    assert "\nWinner" in capsys.readouterr().out


def test_account_of_an_unfinished_game_has_no_winner() -> None:
    import random

    from wizard_rules import apply, new_game, random_action
    from wizard_rules.cli import account

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
    from wizard_rules.cli import account

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
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["simulate", "--players", "6", "--seed", "1", "--games", "3"]) == 0
    err = capsys.readouterr().err
    assert "[##############################] 3/3 games" in err
