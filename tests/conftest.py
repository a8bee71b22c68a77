"""Hypothesis profiles for the test suite, and the check that no test leaves a process running.

``default`` is what the quick group and CI run (the groups: docs/testing.rst);
``thorough`` runs many more examples and is meant to be run by hand::

    WIZARD_RULES_HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest -q -m "slow or not slow"

Under CI (the ``CI`` environment variable set) the default profile is
derandomized, so a CI run is repeatable.

At the end of a session, :func:`pytest_sessionfinish` fails the run, naming
them, if processes that the tests started are still running (see below).
"""

from __future__ import annotations

import os
import secrets
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

PROFILE_VARIABLE = "WIZARD_RULES_HYPOTHESIS_PROFILE"

settings.register_profile(
    "default",
    max_examples=40,
    stateful_step_count=40,
    deadline=None,
    derandomize=bool(os.environ.get("CI")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "thorough",
    max_examples=1000,
    stateful_step_count=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get(PROFILE_VARIABLE, "default"))


# -- the quick group by default --------------------------------------------------------------
#
# The tests marked ``slow`` (docs/testing.rst, "Two groups") are left out of a
# run unless it says otherwise: a ``-m`` expression chooses for itself
# (``-m slow``, ``-m "slow or not slow"``), and a test file or a test named on
# the command line runs whatever its marks (``pytest tests/test_kill_table.py``
# runs the file's slow tests too).  A directory, or nothing, is the quick group.


def _names_a_test(arg: str) -> bool:
    """Whether a command-line argument names a test file or a test (not a directory)."""
    return "::" in arg or not Path(arg).is_dir()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the slow group, unless ``-m`` or a named test file or test chooses."""
    named = config.args_source is pytest.Config.ArgsSource.ARGS and any(
        _names_a_test(arg) for arg in config.args
    )
    if config.option.markexpr or named:
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]


# -- no process started by the tests may outlive them ------------------------------------------
#
# Every process the tests start inherits SESSION_VARIABLE (set here, before
# any test runs, to a value of this session's own), however far it strays:
# into a session of its own, or re-parented to pid 1 when its parent ends.
# (The tests that pass their own environment build it from os.environ.)  At
# the end of the session any such process still running (a zombie has
# ended) fails the run, by name; so does any process still a descendant of
# this one, whatever its environment (a forked worker).  Processes of other
# sessions, or of tools run by hand from the same checkout, are told apart by
# their own value or by having none, so running several at once is safe.
# Python's own helpers that end with the interpreter (multiprocessing's
# resource tracker and fork server) are let be; a process on its way out
# gets LEAK_GRACE_S seconds to finish.

SESSION_VARIABLE = "WIZARD_RULES_TEST_SESSION"
LEAK_GRACE_S = 10.0
_HELPERS = (
    "from multiprocessing.resource_tracker import",
    "from multiprocessing.forkserver import",
)
_SESSION = f"{os.getpid()}-{secrets.token_hex(8)}"
os.environ[SESSION_VARIABLE] = _SESSION


def _stat(pid: str) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name (state first), if readable."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):  # it ended, or it is not a process
        return None


def _read(pid: str, name: str) -> bytes:
    try:
        return Path(f"/proc/{pid}/{name}").read_bytes()
    except OSError:  # it ended, or it is not ours
        return b""


def _leaked() -> list[str]:
    """The processes this session started that are still running, one line each."""
    me = str(os.getpid())
    own = _stat(me)
    if own is None:  # no /proc: nothing to check
        return []
    ours = f"{SESSION_VARIABLE}={_SESSION}".encode()
    stats: dict[str, list[str]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and entry.name != me:
            fields = _stat(entry.name)
            if fields is not None and fields[0] != "Z":
                stats[entry.name] = fields
    parents = {pid: fields[1] for pid, fields in stats.items()}

    def descends(pid: str) -> bool:
        seen: set[str] = set()
        while pid in parents and pid not in seen:
            seen.add(pid)
            pid = parents[pid]
            if pid == me:
                return True
        return False

    leaked = []
    for pid, fields in stats.items():
        command = _read(pid, "cmdline").replace(b"\0", b" ").decode(errors="replace").strip()
        if any(helper in command for helper in _HELPERS):
            continue
        if ours in _read(pid, "environ").split(b"\0") or descends(pid):
            leaked.append(f"pid {pid} (parent {fields[1]}, group {fields[2]}): {command[:300]}")
    return sorted(leaked)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run, naming them, if processes the tests started are still running."""
    deadline = time.monotonic() + LEAK_GRACE_S
    leaked = _leaked()
    while leaked and time.monotonic() < deadline:
        time.sleep(0.2)
        leaked = _leaked()
    if not leaked:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    lines = [f"{len(leaked)} process(es) started by the tests are still running:", *leaked]
    for line in lines:
        if reporter is not None:
            reporter.write_line(line, red=True)
        else:  # run without the terminal plugin
            sys.stderr.write(line + "\n")
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
