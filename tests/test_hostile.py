"""Hostile input for the conformance adapter and runner: answered, bounded, never a crash.

The adapter (``wizard-rules conformance adapter``) answers every request
line, however hostile, with an answer; the runner (``wizard-rules
conformance run``) reports every hostile adapter as an adapter error.  The
resource-limit tests run the runner (or the adapter) in a subprocess through
``tests/hostile/measure.py`` against each adversary of
``tests/hostile/adversary.py`` (or a shell one-liner): each must end within
its time limit and stay under :data:`CEILING_KIB` of resident memory.
Nothing here passes or fails on speed, only on bounded termination: a
timeout is short (1 s) only where it must fire, on an adapter that never
answers; where an answer must come, the adapter gets many seconds more
than it needs, however busy the machine.
"""

from __future__ import annotations

import io
import json
import os
import resource
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from wizard_rules.cli import main
from wizard_rules.conformance import adapter as adapter_module
from wizard_rules.conformance.adapter import handle, serve
from wizard_rules.conformance.protocol import MAX_LINE_BYTES
from wizard_rules.conformance.runner import Outcome, json_report, run_suite
from wizard_rules.conformance.suite import load_suite
from wizard_rules.conformance.transport import AdapterFailure, AdapterProcess
from wizard_rules.core.position import from_position
from wizard_rules.formats.records import position_from_dict
from wizard_rules.sim import perft as perft_module
from wizard_rules.sim.perft import perft

HERE = Path(__file__).resolve().parent
PYTHON = sys.executable
MEASURE = [PYTHON, str(HERE / "hostile" / "measure.py")]
SUITE = load_suite()
CEILING_KIB = 200 * 1024
"""The most resident memory the runner or the adapter may reach against an adversary."""
LIMIT_S = 60.0
"""The most time a run against an adversary may take (it needs well under 15 s)."""


def adversary(mode: str) -> str:
    """The adapter command of one mode of ``tests/hostile/adversary.py``."""
    return shlex.join([PYTHON, str(HERE / "hostile" / "adversary.py"), mode])


def _safety_net() -> None:  # pragma: no cover - runs in the child, before exec
    # A regression must fail the test, not exhaust the shared machine.
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def measured(*args: str, stdin: int | None = None) -> tuple[int, str, str, int, float]:
    """Run ``wizard-rules ARGS`` in a subprocess.

    Returns its exit status, output, errors, peak memory (KiB) and time (seconds).
    """
    started = time.monotonic()
    done = subprocess.run(
        [*MEASURE, *args],
        stdin=stdin,
        capture_output=True,
        text=True,
        timeout=LIMIT_S,
        preexec_fn=_safety_net,
        check=False,
    )
    seconds = time.monotonic() - started
    *_, last = done.stderr.rstrip().splitlines()
    assert last.startswith("maxrss "), done.stderr[-2000:]
    return done.returncode, done.stdout, done.stderr, int(last.split()[1]), seconds


def answers(data: bytes) -> list[dict[str, object]]:
    """What the adapter answers to the request lines ``data``."""
    out = io.StringIO()
    assert serve(io.BytesIO(data), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


HELLO = b'{"type":"hello","protocol":1}\n'


# -- the adapter (items 1 to 4) -------------------------------------------------------------------


@pytest.mark.parametrize("line", [b"[" * 100_000, b'{"a":' * 50_000])
def test_a_deeply_nested_request_gets_an_error_answer(line: bytes) -> None:
    first, hello = answers(line + b"\n" + HELLO)
    assert first == {"type": "error", "message": "a request must not be nested so deeply"}
    assert hello["type"] == "hello"


def test_a_nested_value_that_reading_lets_through_gets_an_error_answer() -> None:
    actions = "[" * 900 + "]" * 900
    request = '{"type":"case","id":1,"config":{"players":3},"observe":[],"actions":[%s]}'
    (answer,) = answers((request % actions).encode() + b"\n")
    assert answer["type"] in ("result", "error")  # either way an answer, never a crash
    id_ = "[" * 900 + "]" * 900
    (answer,) = answers(b'{"type":"what","id":%s}\n' % id_.encode())
    assert answer["type"] == "error"


def test_a_too_deep_answer_is_an_error_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    def deep(request: object, session: object = None) -> object:
        raise RecursionError

    monkeypatch.setattr(adapter_module, "handle", deep)
    (answer,) = answers(HELLO)
    assert answer == {"type": "error", "message": "a request must not be nested so deeply"}


def test_observations_that_are_not_strings_get_an_error_answer() -> None:
    case = {"type": "case", "id": 1, "config": {"players": 3}, "actions": [], "observe": [[]]}
    assert handle(case) == {
        "type": "error",
        "id": 1,
        "message": "malformed case request: 'observe' must be a list of strings",
    }
    out = answers(b'{"type":"start","config":{"players":3}}\n{"type":"query","observe":[{}]}\n')
    assert out[1] == {"type": "error", "message": "malformed query request"}


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("actions", None, "'actions' must be a list"),
        ("perft", 13, "'perft' must be null or a depth from 0 to 12"),
    ],
)
def test_malformed_case_requests_say_what_is_wrong(field: str, value: object, words: str) -> None:
    case = {"type": "case", "id": 1, "config": {"players": 3}, "actions": [], field: value}
    answer = handle(case)
    assert answer is not None
    assert answer["type"] == "error"
    assert words in str(answer.get("message"))


def test_bytes_that_are_not_utf8_get_an_error_answer() -> None:
    first, hello = answers(b"\xff\n" + HELLO)
    assert first == {"type": "error", "message": "a request must be UTF-8"}
    assert hello["type"] == "hello"


def test_the_adapter_reads_bytes_whatever_the_locale_says() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C"}
    done = subprocess.run(
        [PYTHON, "-m", "wizard_rules", "conformance", "adapter"],
        input=b"\xff\n" + HELLO,
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    first, hello = done.stdout.decode().splitlines()
    assert json.loads(first)["message"] == "a request must be UTF-8"
    assert json.loads(hello)["type"] == "hello"


@pytest.mark.parametrize("number", [b"NaN", b"-Infinity", b"1e999"])
def test_numbers_json_cannot_hold_are_not_json(number: bytes) -> None:
    (answer,) = answers(b'{"type":"hello","protocol":%s}\n' % number)
    assert answer == {"type": "error", "message": "a request must be one line of JSON"}


def test_finite_numbers_are_read() -> None:
    (answer,) = answers(b'{"type":"hello","protocol":1.0}\n')
    assert answer["type"] == "hello"


def test_a_line_too_long_gets_an_error_answer_and_the_next_line_is_read() -> None:
    long = b"x" * (MAX_LINE_BYTES + 1) + b"\n"
    just = b" " * (MAX_LINE_BYTES - len(HELLO) + 1) + HELLO  # exactly the limit, then \n
    out = answers(long + just + b"y" * (3 * MAX_LINE_BYTES))
    assert [answer["type"] for answer in out] == ["error", "hello", "error"]
    assert out[0]["message"] == "a request line must be at most 1,048,576 bytes"
    text = io.StringIO()
    serve(io.StringIO("z" * (MAX_LINE_BYTES + 5) + "\n" + HELLO.decode()), text)
    assert [json.loads(line)["type"] for line in text.getvalue().splitlines()] == [
        "error",
        "hello",
    ]


@pytest.mark.slow
def test_an_endless_line_does_not_grow_the_adapter() -> None:
    feed = subprocess.Popen(
        ["sh", "-c", "head -c 300000000 /dev/zero; printf '\\n'; echo '{\"type\":\"bye\"}'"],
        stdout=subprocess.PIPE,
    )
    assert feed.stdout is not None
    with feed:
        status, out, errors, peak, _ = measured(
            "conformance", "adapter", stdin=feed.stdout.fileno()
        )
    assert status == 0, errors
    assert json.loads(out) == {
        "type": "error",
        "message": "a request line must be at most 1,048,576 bytes",
    }
    assert peak < CEILING_KIB


def _deep_perft_request() -> bytes:
    # games.001 of suite 2.0.0 (retired since): a whole game from the first deal.
    games = load_suite(HERE / "whole_game").cases[0]
    last_deal = max(
        i
        for i, action in enumerate(games.actions)
        if type(action) is dict and action.get("type") == "deal"
    )
    request = {
        "type": "case",
        "id": "deep",
        "config": games.config,
        "actions": list(games.actions[: last_deal + 1]),  # 20 cards each, bidding
        "observe": [],
        "perft": 12,
    }
    return json.dumps(request).encode() + b"\n"


@pytest.mark.slow
def test_a_perft_beyond_the_node_budget_gets_an_error_answer() -> None:
    done = subprocess.run(
        [PYTHON, "-m", "wizard_rules", "conformance", "adapter"],
        input=_deep_perft_request() + HELLO,
        capture_output=True,
        timeout=60,  # without a budget: about a day
        check=False,
    )
    first, hello = map(json.loads, done.stdout.decode().splitlines())
    assert first == {
        "type": "error",
        "id": "deep",
        "message": "perft needs more than 200,000 positions: too costly",
    }
    assert hello["type"] == "hello"


def cards_in_hands(position: Any) -> int:
    """How many cards a position's hands hold (its JSON form)."""
    return sum(len(hand) for hand in position["hands"])


def test_the_node_budget_counts_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    # A perft case in the middle of play whose depth stays within the round:
    # it expands every position of fewer than ``depth`` actions, once each.
    case = next(
        case
        for case in SUITE.cases
        if case.perft is not None
        and case.position is not None
        and case.position["current_trick"]
        and case.perft["depth"] <= cards_in_hands(case.position)
    )
    assert case.perft is not None
    start = from_position(position_from_dict(case.position))
    depth = case.perft["depth"]
    expanded = sum(perft(start, k) for k in range(depth))
    request = {"type": "case", "id": 1, "config": case.config, "position": case.position}
    request.update(actions=list(case.actions), observe=[], perft=depth)
    monkeypatch.setattr(perft_module, "PERFT_NODE_BUDGET", expanded)
    answer = handle(request)
    assert answer is not None
    assert answer.get("perft") == case.perft["count"]
    monkeypatch.setattr(perft_module, "PERFT_NODE_BUDGET", expanded - 1)
    answer = handle(request)
    assert answer is not None
    assert answer["type"] == "error"


# -- the runner (items 5 to 11): resource limits --------------------------------------------------

# name, command, --timeout, exit status, words of the report.  The timeout
# is 1 s only where it must fire on an adapter that answers nothing; the
# blind adversary's results come after it has loaded the suite, so it gets
# 10 s; the others answer at once and get 30 s, which never fires.
ADVERSARIES = [
    ("nested", adversary("nested"), "30", 1, "handshake failed: the answer is nested more"),
    ("never reads", adversary("blind"), "10", 1, "the adapter did not read its input within 10 s"),
    ("stderr flood", "sh -c 'cat /dev/zero >&2'", "1", 1, "handshake failed: no answer within"),
    ("stdout flood", "cat /dev/zero", "30", 1, "handshake failed: the answer is longer than"),
    # The shell exits at once; its background child holds standard output (and input).
    ("held stdout", "sh -c 'exec 3<&0; cat /dev/zero <&3 & exit 0'", "30", 1, "longer than 1 MiB"),
    ("line flood", "yes {}", "30", 1, "the adapter did not answer the handshake"),
    ("progress bar", adversary("progress"), "30", 0, "0 failed"),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "timeout", "status", "words"),
    [adversary[1:] for adversary in ADVERSARIES],
    ids=[adversary[0] for adversary in ADVERSARIES],
)
def test_hostile_adapters_end_in_time_within_the_memory_ceiling(
    command: str, timeout: str, status: int, words: str
) -> None:
    # The blind adversary is sent every case (more than its input pipe holds).
    chosen = "*" if "blind" in command else "deck.*"
    got, out, errors, peak, seconds = measured(
        "conformance", "run", "--adapter", command, "--timeout", timeout, "--run", chosen
    )
    assert "Traceback" not in out + errors
    assert words in out
    assert got == status, out[-2000:]
    assert peak < CEILING_KIB
    assert seconds < LIMIT_S


def test_a_request_the_adapter_does_not_read_is_given_up_within_the_timeout() -> None:
    adapter = AdapterProcess(["sleep", "30"], 1.0)
    started = time.monotonic()
    with pytest.raises(AdapterFailure, match="did not read its input within 1 s"):
        adapter.ask({"type": "case", "padding": "x" * MAX_LINE_BYTES})
    adapter.close()
    assert time.monotonic() - started < LIMIT_S


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return status.rsplit(")", 1)[1].split()[0] != "Z"


def test_the_adapters_own_children_end_with_it(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    inner = shlex.join([PYTHON, "-m", "wizard_rules", "conformance", "adapter"])
    command = shlex.join(["sh", "-c", f"sleep 120 & echo $! > {pid_file}; exec {inner}"])
    report = run_suite(SUITE, command, run=["deck.006"], timeout=5)
    assert report.ok
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while _alive(pid) and time.monotonic() < deadline:  # the kill is sent; let it land
        time.sleep(0.05)
    assert not _alive(pid)


def test_an_answer_that_nests_deeply_within_what_json_reads_is_an_error() -> None:
    deep = "[" * 100 + "]" * 100  # well within what json.loads reads
    hello = '{"type":"hello","protocol":1,"name":"x","version":' + deep + "}"
    command = shlex.join(["sh", "-c", f"echo '{hello}'; sleep 30"])
    report = run_suite(SUITE, command, run=["deck.006"], timeout=2)
    assert "nested more than 64 deep" in report.problem


def test_a_bare_carriage_return_is_not_a_line_break() -> None:
    report = run_suite(SUITE, adversary("cr"), run=["deck.*", "scoring.*"], timeout=10)
    assert report.ok, report.problem
    assert report.counts()[Outcome.PASSED] > 10


@pytest.mark.slow
def test_infinite_numbers_are_adapter_errors_and_json_reports_stay_json() -> None:
    with_scores = [case.id for case in SUITE.cases if case.state and "scores" in case.state]
    report = run_suite(SUITE, adversary("nan"), run=with_scores[:10], timeout=10)
    assert not report.ok
    details = {result.detail for result in report.results if result.outcome is Outcome.ERROR}
    assert "the answer holds Infinity, which is not a JSON number" in details
    json.dumps(json_report(report, SUITE), allow_nan=False)  # raises on NaN or Infinity


def test_an_answer_with_nan_is_an_adapter_error() -> None:
    report = run_suite(SUITE, adversary("nan"), run=["deck.006"], timeout=10)
    (result,) = [r for r in report.results if r.outcome is Outcome.ERROR]
    assert result.detail == "the answer holds NaN, which is not a JSON number"


def test_a_number_too_large_for_a_double_is_an_adapter_error() -> None:
    command = shlex.join(["sh", "-c", 'echo \'{"type":"hello","protocol":1e999}\'; sleep 30'])
    report = run_suite(SUITE, command, run=["deck.006"], timeout=2)
    assert "the answer holds 1e999, which is not a JSON number" in report.problem


# -- a run that judged nothing fails (item 10) ----------------------------------------------------


@pytest.mark.parametrize(("option", "pattern"), [("--run", "nomatch"), ("--skip", "*")])
def test_a_run_that_selects_no_case_fails(
    option: str, pattern: str, capsys: pytest.CaptureFixture[str]
) -> None:
    command = shlex.join([PYTHON, "-m", "wizard_rules", "conformance", "adapter"])
    assert main(["conformance", "run", "--adapter", command, option, pattern]) == 1
    out = capsys.readouterr().out
    assert "PROBLEM: no case was judged: the run and skip patterns select none of the" in out


def test_an_adapter_that_closes_its_output_is_reported_with_what_it_said() -> None:
    adapter = AdapterProcess(["sh", "-c", "exec >&-; echo 'out of order' >&2; sleep 3"], 30.0)
    with pytest.raises(AdapterFailure, match="closed its output; it said: out of order"):
        adapter.ask({"type": "hello", "protocol": 1})
    adapter.close()
