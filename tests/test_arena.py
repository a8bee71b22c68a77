"""The arena: duplicate games among bots, and their figures with intervals."""

from __future__ import annotations

import json
import math
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Callable

import pexpect
import pytest

from wizard_rules import Deal, State
from wizard_rules.agents.arena import (
    BOT_COLUMNS,
    PAIR_COLUMNS,
    ArenaResult,
    PairResult,
    _lineup,
    _play_game,
    interval,
    make_bot,
    play_arena,
)
from wizard_rules.agents.bots import CardBot, HeuristicBot, ISMCTSBot, RandomBot
from wizard_rules.cli import main
from wizard_rules.core.config import Config
from wizard_rules.core.rules import (
    VARIANTS,
    CanadianRule,
    ListedSchedule,
    OddSchedule,
    Rules,
    variant_rules,
)
from wizard_rules.errors import ConfigError, InvalidArgumentError
from wizard_rules.formats.records import config_from_dict
from wizard_rules.sim.simulation import game_seed


def test_the_same_seed_gives_the_same_result_whatever_the_workers() -> None:
    one = play_arena(["heuristic", "random"], games=6, seed=3, players=3)
    assert play_arena(["heuristic", "random"], games=6, seed=3, players=3, workers=2) == one
    assert play_arena(["heuristic", "random"], games=6, seed=4, players=3) != one


def _deals(state: State) -> list[Deal]:
    return [action for action in state.history if isinstance(action, Deal)]


def test_every_rotation_sees_the_same_deals_at_the_same_seats() -> None:
    config = Config(players=3)
    bots: list[CardBot] = [HeuristicBot(), RandomBot()]
    key = game_seed(5, 0)
    games = [
        _play_game(config, [bots[b] for b in _lineup(2, 3, rotation)], key, rotation)
        for rotation in range(3)
    ]
    deals = [_deals(game) for game in games]
    assert len(deals[0]) == 20
    for other in deals[1:]:
        for mine, theirs in zip(deals[0], other, strict=True):
            assert mine.hands == theirs.hands
            assert mine.turned == theirs.turned
    # ...while the seats change hands: each lineup slot sits at each seat once.
    assert [_lineup(2, 3, r) for r in range(3)] == [[0, 1, 0], [0, 0, 1], [1, 0, 0]]
    assert [game.scores for game in games] != [games[0].scores] * 3


def test_the_interval_is_students_t() -> None:
    # mean 3, sample sd sqrt(2.5), t(0.975, 4) = 2.776: 2.776 * sqrt(2.5) / sqrt(5)
    mean, half = interval([1, 2, 3, 4, 5])
    assert mean == 3.0
    assert half == pytest.approx(2.776 * math.sqrt(0.5))
    assert interval([7.0]) == (7.0, None)
    # Beyond the table: close to the normal's 1.96 for many values.
    _, wide = interval([0.0, 1.0] * 100)
    assert wide == pytest.approx(1.972 * statistics_sd([0.0, 1.0] * 100) / math.sqrt(200), 1e-3)


def statistics_sd(values: list[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


def test_the_figures_add_up() -> None:
    result = play_arena(["heuristic", "random", "ismcts:2"], games=2, seed=1)
    assert result.players == 3
    assert result.games_played == 6
    assert [bot.seats for bot in result.bots] == [1, 1, 1]
    assert sum(bot.win_rate for bot in result.bots) == pytest.approx(1.0)
    assert [(p.first, p.second) for p in result.pairs] == [
        ("heuristic", "random"),
        ("heuristic", "ismcts:2"),
        ("random", "ismcts:2"),
    ]
    first = result.pairs[0]
    assert first.mean_difference == pytest.approx(
        result.bots[0].mean_score - result.bots[1].mean_score
    )
    single = play_arena(["random", "heuristic"], games=1, seed=1, players=3)
    assert single.bots[0].score_interval is None
    assert not single.pairs[0].significant
    assert "n/a" in single.table()
    assert PairResult("a", "b", 10.0, 5.0).significant
    assert not PairResult("a", "b", -1.0, 5.0).significant


def test_progress_is_reported() -> None:
    seen: list[int] = []
    play_arena(
        ["random", "heuristic"], games=7, seed=1, players=3, workers=2, progress=seen.append
    )
    assert seen == [5, 7]


def test_bot_specs() -> None:
    assert make_bot("random") == RandomBot()
    assert make_bot("heuristic") == HeuristicBot()
    assert make_bot("ismcts") == ISMCTSBot()
    assert make_bot("ismcts:30") == ISMCTSBot(iterations=30)
    assert make_bot("ismcts:0.05s") == ISMCTSBot(iterations=100_000, seconds=0.05)
    assert make_bot("ismcts:2s") == ISMCTSBot(iterations=100_000, seconds=2.0)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("alphago", "unknown bot"),
        ("random:3", "unknown bot"),
        ("ismcts:0", "budget"),
        ("ismcts:x", "budget"),
        ("ismcts:", "budget"),
        ("ismcts:1000000", "budget"),
        ("ismcts:0s", "seconds above 0"),
        ("ismcts:61s", "at most 60"),
        ("ismcts:s", "seconds above 0"),
        ("ismcts:1e3s", "seconds above 0"),
        ("ismcts:0.1.2s", "seconds above 0"),
        ("ismcts:-1s", "seconds above 0"),
        (3, "str"),
    ],
)
def test_bad_specs(spec: object, words: str) -> None:
    with pytest.raises(InvalidArgumentError, match=words):
        make_bot(spec)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("bots", "games", "players", "workers", "words"),
    [
        (["random"], 1, None, 1, "at least two"),
        ("random,heuristic", 1, None, 1, "at least two"),
        (["random", "random"], 1, 3, 1, "once"),
        (["random", "heuristic"], 1, None, 1, "too few for a table: give the players"),
        (["random", "heuristic", "ismcts"], 1, 7, 1, "players"),
        (["random", "heuristic", "ismcts:1", "ismcts:2"], 1, 3, 1, "players"),
        (["random", "heuristic"], 0, 3, 1, "games"),
        (["random", "heuristic"], 1, 3, 65, "workers"),
    ],
)
def test_bad_arguments(
    bots: list[str], games: int, players: int | None, workers: int, words: str
) -> None:
    with pytest.raises(InvalidArgumentError, match=words):
        play_arena(bots, games, 1, players, workers)


def test_the_command_prints_a_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    argv = ["arena", "--bots", "heuristic, random", "--games", "2", "--seed", "1"]
    assert main([*argv, "--players", "3"]) == 0
    captured = capsys.readouterr()
    assert "2/2" in captured.err
    assert "deals" in captured.err
    expected = play_arena(["heuristic", "random"], games=2, seed=1, players=3).table()
    assert captured.out == expected
    assert expected.startswith("2 deals x 3 rotations = 6 games, 3 players, seed 1\n")
    assert "heuristic - random" in expected


def test_the_command_prints_rich_tables_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    argv = ["arena", "--bots", "heuristic,random", "--games", "2", "--seed", "1"]
    assert main([*argv, "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 deals x 3 rotations = 6 games, 3 players, seed 1\n")
    assert out.endswith("(* the 95% interval excludes zero)\n")
    # Every figure sits under its own column: the rows read back from the
    # drawn tables are the arena's figures, cell by cell.
    headers = [cells(line, "┃") for line in out.splitlines() if "┃" in line]
    assert headers == [list(BOT_COLUMNS), list(PAIR_COLUMNS)]
    drawn = [cells(line, "│") for line in out.splitlines() if "│" in line]
    result = play_arena(["heuristic", "random"], games=2, seed=1, players=3)
    bots, pairs = result.bot_rows(plus_minus="±"), result.pair_rows(plus_minus="±")
    assert drawn == [list(row) for row in [*bots, *pairs]]
    assert [row[0] for row in drawn] == ["heuristic", "random", "heuristic - random"]
    # ... and each figure is the bot's own, under its column's name.
    for bot, row in zip(result.bots, drawn, strict=False):
        column = dict(zip(headers[0], row, strict=True))
        assert column["seats"] == str(bot.seats)
        assert column["mean score"] == f"{bot.mean_score:.1f}"
        assert column["wins"] == f"{100 * bot.win_rate:.1f}%"
        assert column["exact bids"] == f"{100 * bot.exact_bid_rate:.1f}%"
    assert dict(zip(headers[1], drawn[2], strict=True))["mean"] == (
        f"{result.pairs[0].mean_difference:.1f}"
    )
    assert all(row[3].startswith(("±", "n/a")) for row in drawn[:2])


def cells(line: str, bar: str) -> list[str]:
    """The cells of one line of a rich table drawn with ``bar`` between them (no styles)."""
    plain = re.sub(r"\x1b\[[0-9;]*m", "", line)
    return [cell.strip() for cell in plain.split(bar)[1:-1]]


def test_the_command_writes_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--bots", "random,heuristic,ismcts:2", "--games", "2", "--json"]
    assert main([*argv, "--workers", "2"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert set(document) == {"players", "games", "games_played", "seed", "bots", "pairs"}
    assert (document["players"], document["games"], document["seed"]) == (3, 2, 0)
    assert [bot["name"] for bot in document["bots"]] == ["random", "heuristic", "ismcts:2"]
    assert set(document["bots"][0]) == {
        "name",
        "seats",
        "mean_score",
        "score_interval",
        "win_rate",
        "exact_bid_rate",
    }
    assert set(document["pairs"][0]) == {
        "first",
        "second",
        "mean_difference",
        "interval",
        "significant",
    }
    result = play_arena(["random", "heuristic", "ismcts:2"], games=2, seed=0)
    assert isinstance(result, ArenaResult)
    assert document == json.loads(json.dumps(result.to_json()))


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--bots", "random,alphago", "--games", "2"], "unknown bot 'alphago'"),
        (["--bots", "random,ismcts:0", "--games", "2"], "budget of ismcts:N"),
        (["--bots", "random", "--games", "2"], "at least two"),
        (["--bots", "random,heuristic", "--games", "0"], "--games"),
        (["--bots", "random,heuristic", "--games", "2"], "give the players"),
        (["--bots", "random,heuristic", "--games", "2", "--players", "9"], "--players"),
        (["--games", "2"], "--bots"),
    ],
)
def test_usage_errors(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["arena", *argv])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "usage: wizard-rules arena" in err
    assert words in err


def test_an_interrupted_run_says_how_far_it_got(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import wizard_rules.agents.arena

    def interrupted(*args: object, progress: Callable[[int], None], **kwargs: object) -> None:
        progress(1)
        raise KeyboardInterrupt

    monkeypatch.setattr(wizard_rules.agents.arena, "play_arena", interrupted)
    argv = ["arena", "--bots", "random,heuristic", "--players", "3", "--games", "4"]
    assert main(argv) == 130
    assert capsys.readouterr().err == "\nwizard-rules: interrupted after 1 of 4 deals\n"


# -- bounded memory, and Ctrl-C, with a huge number of deals ------------------------------

# 1 GiB of address space: far more than a run of bounded memory needs, far
# less than the chunks of a billion deals would take if they were built
# before the first deal (2.9 GB, then MemoryError).
_ADDRESS_SPACE = 1 << 30

_HUGE_RUN = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from wizard_rules.agents.arena import play_arena

class Enough(Exception):
    pass

def progress(done):
    if done >= 10:
        raise Enough(done)

try:
    play_arena(["random", "heuristic"], 10**9, 1, 3, {workers}, progress=progress)
except Enough as enough:
    print("stopped after", enough.args[0], "deals")
"""


@pytest.mark.parametrize("workers", [1, 2])
def test_a_billion_deals_start_at_once_within_bounded_memory(workers: int) -> None:
    # The work is handed out lazily: the first deals are played, and
    # reported, before the rest of the billion are even listed.
    code = _HUGE_RUN.format(limit=_ADDRESS_SPACE, workers=workers)
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )
    assert "MemoryError" not in result.stderr
    assert result.returncode == 0, result.stderr
    assert result.stdout == "stopped after 10 deals\n"


def _limit_address_space() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (_ADDRESS_SPACE, _ADDRESS_SPACE))


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_a_huge_arena_with_one_line(workers: str) -> None:
    # At a terminal, within bounded memory: once the progress bar shows
    # deals played, Ctrl-C ends the run with one line and the shell's status.
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="120", LINES="50")
    argv = ["arena", "--bots", "random,heuristic", "--players", "3", "--games", "999999999"]
    child = pexpect.spawn(
        sys.executable,
        ["-m", "wizard_rules", *argv, "--workers", workers],
        env=env,
        dimensions=(50, 120),
        encoding="utf-8",
        timeout=120,
        preexec_fn=_limit_address_space,
    )
    try:
        child.expect(r" [1-9][0-9]*/999999999\b")  # the bar's count of deals done
        child.sendintr()
        child.expect(pexpect.EOF)
        after = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", str(child.before))
    finally:
        child.close(force=True)
    assert child.exitstatus == 130, after
    assert "Traceback" not in after
    assert "Error" not in after
    lines = [line for line in after.splitlines() if "wizard-rules" in line]
    assert len(lines) == 1, after
    assert re.fullmatch(
        r"wizard-rules: interrupted after [1-9][0-9]* of 999999999 deals", lines[0]
    )
    # ... and no worker outlives it: its process group (its session) is empty.
    assert child.pid is not None
    assert _group_ends(child.pid)


def _group_ends(group: int) -> bool:
    """Whether process group ``group`` is empty, or soon is (a minute's slack, no clock test)."""
    for _ in range(600):
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


# -- the variants (rules 21 and 22) ------------------------------------------------------

ODD = Rules(schedule=OddSchedule())
CANADIAN_135 = Rules(schedule=ListedSchedule(sizes=(1, 3, 5)), bid_restrictions=(CanadianRule(),))


@pytest.mark.parametrize("bots", [["heuristic", "random"], ["ismcts:5", "random"]])
def test_a_duplicate_set_under_a_schedule_deals_its_hand_sizes(bots: list[str]) -> None:
    config = Config(players=3, rules=CANADIAN_135)
    players = [make_bot(spec) for spec in bots]
    key = game_seed(2, 0)
    games = [
        _play_game(config, [players[b] for b in _lineup(2, 3, rotation)], key, rotation)
        for rotation in range(3)
    ]
    for game in games:
        assert game.is_over
        assert [len(deal.hands[0]) for deal in _deals(game)] == [1, 3, 5]
        assert [len(result.tricks) for result in game.results] == [1, 3, 5]
    # the same cards reach the same seats in every rotation, as in the standard game
    first = [deal.hands for deal in _deals(games[0])]
    assert all([deal.hands for deal in _deals(game)] == first for game in games[1:])


def test_the_arena_plays_a_variant_and_says_so() -> None:
    result = play_arena(["heuristic", "random"], games=3, seed=1, players=3, rules=CANADIAN_135)
    assert result.rules == CANADIAN_135
    assert result != play_arena(["heuristic", "random"], games=3, seed=1, players=3)
    assert result.heading() == (
        "3 deals x 3 rotations = 9 games, 3 players, seed 1, Canadian rule, schedule 1,3,5"
    )
    document = result.to_json()
    assert document["canadian_rule"] is True
    assert document["schedule"] == [1, 3, 5]
    odd = play_arena(["heuristic", "random"], games=1, seed=1, players=4, rules=ODD)
    assert odd.heading().endswith(", 4 players, seed 1, schedule odd")
    assert odd.to_json()["schedule"] == "odd"
    assert "canadian_rule" not in odd.to_json()
    canadian = Rules(bid_restrictions=(CanadianRule(),))
    only = play_arena(["heuristic", "random"], games=1, seed=1, players=3, rules=canadian)
    assert only.heading().endswith(", 3 players, seed 1, Canadian rule")
    assert "schedule" not in only.to_json()


def test_a_variant_gives_the_same_result_whatever_the_workers() -> None:
    one = play_arena(["heuristic", "random"], games=6, seed=3, players=4, rules=ODD)
    assert (
        play_arena(["heuristic", "random"], games=6, seed=3, players=4, workers=2, rules=ODD)
        == one
    )


def test_bad_rules() -> None:
    with pytest.raises(InvalidArgumentError, match="rules must be a Rules, not OddSchedule"):
        play_arena(["heuristic", "random"], 1, 1, 3, rules=OddSchedule())  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="a round of 16 cards cannot be dealt to 4 players"):
        play_arena(
            ["heuristic", "random"], 1, 1, 4, rules=Rules(schedule=ListedSchedule(sizes=(16,)))
        )


def test_the_command_plays_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--bots", "heuristic,random", "--games", "2", "--players", "3"]
    assert main([*argv, "--canadian-rule", "--schedule", "1,3,5", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    expected = play_arena(["heuristic", "random"], 2, 0, 3, rules=CANADIAN_135)
    assert document == json.loads(json.dumps(expected.to_json()))
    assert main([*argv, "--schedule", "odd"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 deals x 3 rotations = 6 games, 3 players, seed 0, schedule odd\n")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--schedule", "some"], "argument --schedule: a schedule is standard, odd or"),
        (["--schedule", "16", "--players", "4"], "argument --schedule: a round of 16 cards"),
    ],
)
def test_variant_usage_errors(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["arena", "--bots", "heuristic,random", "--games", "1", *argv])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "usage: wizard-rules arena" in err
    assert words in err


# -- the official variants (rules 23 to 27) ------------------------------------------------

# Each variant, and how the heading names it (written out here, not read from the module).
NAMED = [
    (("hidden_bids",), "hidden bids"),
    (("delayed_reveal",), "delayed reveal"),
    (("clairvoyance",), "clairvoyance"),
    (("hardcore",), "hardcore"),
    (("forbid_bid_total_match",), "plus/minus one"),
    (("canadian_rule", "clairvoyance", "hardcore"), "Canadian rule, clairvoyance, hardcore"),
    (("hidden_bids", "clairvoyance"), "clairvoyance, hidden bids"),
    (("delayed_reveal", "clairvoyance"), "clairvoyance, delayed reveal"),
]


@pytest.mark.parametrize(("names", "words"), NAMED, ids=[n for _, n in NAMED])
def test_the_arena_plays_each_official_variant_and_says_so(
    names: tuple[str, ...], words: str
) -> None:
    rules = variant_rules(names)
    result = play_arena(["heuristic", "random"], games=2, seed=1, players=3, rules=rules)
    assert result.rules == rules
    assert result.heading() == f"2 deals x 3 rotations = 6 games, 3 players, seed 1, {words}"
    document = result.to_json()
    variants = {key: value for key, value in document.items() if key in VARIANTS}
    assert variants == dict.fromkeys(names, True)
    assert "schedule" not in document
    # The keys are a game record's: they read back as the same rules.
    assert config_from_dict({"players": 3, **variants}).rules == rules
    for bot in result.bots:
        assert 0 <= bot.exact_bid_rate <= 1
        assert 0 <= bot.win_rate <= 1


def test_the_arena_plays_ismcts_under_secret_bids_and_clairvoyance() -> None:
    # Rule 27.4: clairvoyance goes with hidden bids; the search draws the
    # hidden bids and its own round-1 card.  Reproducible, whatever the workers.
    rules = variant_rules(["hidden_bids", "clairvoyance"], ListedSchedule(sizes=(1, 2, 4)))
    bots = ["ismcts:6", "heuristic", "random"]
    one = play_arena(bots, games=2, seed=5, rules=rules)
    assert play_arena(bots, games=2, seed=5, rules=rules, workers=2) == one
    assert one.games_played == 6
    assert one.heading().endswith(", 3 players, seed 5, clairvoyance, hidden bids, schedule 1,2,4")
    assert one.to_json()["schedule"] == [1, 2, 4]


def test_a_blind_round_and_secret_bids_count_exact_bids_from_the_results() -> None:
    # Under delayed reveal the bids are shown only in the round's result (rule
    # 24.2): the arena's exact bids come from there.  One deal, three
    # rotations of heuristic, random, heuristic: the rate counted here by hand.
    rules = variant_rules(["delayed_reveal", "clairvoyance"], ListedSchedule(sizes=(1, 2)))
    config = Config(players=3, rules=rules)
    specs = ["heuristic", "random"]
    bots = [make_bot(spec) for spec in specs]
    key = game_seed(9, 0)
    exact = [0, 0]
    rounds = [0, 0]
    for rotation in range(3):
        lineup = _lineup(2, 3, rotation)
        game = _play_game(config, [bots[b] for b in lineup], key, rotation)
        assert [len(result.tricks) for result in game.results] == [1, 2]
        for result in game.results:
            for seat, b in enumerate(lineup):
                exact[b] += result.bids[seat] == result.tricks_won[seat]
                rounds[b] += 1
    arena = play_arena(specs, games=1, seed=9, players=3, rules=rules)
    assert [bot.exact_bid_rate for bot in arena.bots] == [
        e / r for e, r in zip(exact, rounds, strict=True)
    ]
