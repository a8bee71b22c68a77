"""Many games on a Ray cluster: the same figures as on one process.

The identity is checked on a real local Ray instance with two CPUs (started
once for the module, a few seconds); what a real cluster is needed for
(an address that does not answer, a worker that dies) on a stand-in for the
``ray`` module.
"""

from __future__ import annotations

import logging
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from wizard_rules import Config, InvalidArgumentError, __version__
from wizard_rules.cli import main
from wizard_rules.sim.simulation import (
    IN_FLIGHT,
    ClusterError,
    SimulationTotals,
    _one_line,
    _play_chunk,
    _play_chunk_on_worker,
    simulate,
)

from .helpers import interrupted_command

# The slow group (docs/testing.rst): a Ray cluster starts for these.
pytestmark = pytest.mark.slow

CONFIGS = [Config(players=n) for n in range(3, 7)] + [
    Config(players=4, first_dealer=2, forbid_bid_total_match=True)
]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[ModuleType]:
    ray = pytest.importorskip("ray")
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        object_store_memory=80 * 2**20,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    try:
        yield ray
    finally:
        ray.shutdown()


# -- a real local Ray instance ------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_ray_gives_the_figures_of_one_process(local_ray: ModuleType, config: Config) -> None:
    seen: list[int] = []
    totals = simulate(config, 9, 7, backend="ray", progress=seen.append)
    assert totals == simulate(config, 9, 7)
    assert seen == sorted(seen)
    assert seen[-1] == 9
    assert local_ray.is_initialized()  # a connection made by the caller is left open


def test_ray_from_the_command_line(
    local_ray: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ["simulate", "--players", "4", "--seed", "3", "--games", "12"]
    assert main([*common, "--backend", "ray"]) == 0
    on_ray = capsys.readouterr().out.splitlines()
    assert main(common) == 0
    local = capsys.readouterr().out.splitlines()
    assert on_ray[0].startswith("12 games, 4 players, seed 3, on Ray: ")
    assert on_ray[1:] == local[1:]  # every seat's figures


def test_an_interrupt_cancels_the_ray_tasks(local_ray: ModuleType) -> None:
    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    config = Config(players=3)
    with pytest.raises(KeyboardInterrupt):
        simulate(config, 2000, 1, backend="ray", progress=interrupt)
    # the cluster is free for the next run
    assert simulate(config, 5, 2, backend="ray") == simulate(config, 5, 2)


# -- a stand-in for the ray module --------------------------------------------------


class _FakeRayError(Exception):
    pass


class _FakeRay(ModuleType):
    """Just what the ray backend calls; runs each task when its result is taken."""

    def __init__(self, cpus: float = 3, fail_init: bool = False) -> None:
        super().__init__("ray")
        self.cpus = cpus
        self.fail_init = fail_init
        self.connected = False
        self.calls: list[str] = []
        self.in_flight = 0
        self.most_in_flight = 0
        self.cancelled = 0
        self.fail_at: int | None = None
        self.exceptions = SimpleNamespace(RayError=_FakeRayError)

    def is_initialized(self) -> bool:
        return self.connected

    def init(self, address: str | None = None, **options: object) -> None:
        self.calls.append(f"init {address}")
        if self.fail_init:
            raise ConnectionError("Could not find any running Ray instance.\nmore")
        self.connected = True

    def shutdown(self) -> None:
        self.calls.append("shutdown")
        self.connected = False

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": self.cpus} if self.cpus else {}

    def remote(self, num_cpus: int) -> Callable[[Callable[..., Any]], Any]:
        ray = self

        def wrap(function: Callable[..., Any]) -> Any:
            def submit(*args: Any) -> list[Any]:
                ray.in_flight += 1
                ray.most_in_flight = max(ray.most_in_flight, ray.in_flight)
                return [function, args]

            return SimpleNamespace(remote=submit)

        return wrap

    def get(self, handle: list[Any]) -> Any:
        self.in_flight -= 1
        function, args = handle
        if self.fail_at is not None and args[3] >= self.fail_at:
            raise _FakeRayError("The worker died unexpectedly.\ntraceback")
        return function(*args)

    def cancel(self, handle: list[Any]) -> None:
        self.cancelled += 1


@pytest.fixture
def fake_ray(monkeypatch: pytest.MonkeyPatch) -> _FakeRay:
    ray = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", ray)
    return ray


def test_a_run_connects_and_disconnects_if_not_connected(fake_ray: _FakeRay) -> None:
    config = Config(players=5)
    assert simulate(config, 7, 4, backend="ray", address="head:6379") == simulate(config, 7, 4)
    assert fake_ray.calls == ["init head:6379", "shutdown"]


def test_ray_tasks_are_fed_in_a_bounded_window(fake_ray: _FakeRay) -> None:
    config = Config(players=6)
    assert simulate(config, 100, 5, backend="ray") == simulate(config, 100, 5)
    assert fake_ray.most_in_flight <= IN_FLIGHT * 3
    assert fake_ray.cancelled == 0


def test_a_cluster_without_cpus_counts_as_one(fake_ray: _FakeRay) -> None:
    fake_ray.cpus = 0
    assert simulate(Config(players=3), 6, 1, backend="ray") == simulate(Config(players=3), 6, 1)
    assert fake_ray.most_in_flight <= IN_FLIGHT


def test_an_interrupt_cancels_every_pending_task(fake_ray: _FakeRay) -> None:
    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(Config(players=3), 1000, 1, backend="ray", progress=interrupt)
    assert fake_ray.cancelled == fake_ray.in_flight > 0
    assert fake_ray.calls[-1] == "shutdown"


def test_a_failed_task_is_a_cluster_error(fake_ray: _FakeRay) -> None:
    fake_ray.fail_at = 200
    with pytest.raises(ClusterError, match=r"^Ray failed to run a chunk: The worker died") as info:
        simulate(Config(players=3), 1000, 1, backend="ray")
    assert "\n" not in str(info.value)
    assert fake_ray.cancelled == fake_ray.in_flight > 0
    assert fake_ray.calls[-1] == "shutdown"


@pytest.mark.parametrize(("address", "where"), [("head:6379", " at head:6379"), (None, "")])
def test_a_cluster_that_cannot_be_reached(
    monkeypatch: pytest.MonkeyPatch, address: str | None, where: str
) -> None:
    monkeypatch.setitem(sys.modules, "ray", _FakeRay(fail_init=True))
    message = f"cannot start or reach Ray{where}: Could not find any running Ray instance.$"
    with pytest.raises(ClusterError, match=message):
        simulate(Config(players=3), 5, 1, backend="ray", address=address)


def test_the_command_says_a_cluster_error_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", _FakeRay(fail_init=True))
    argv = ["simulate", "--players", "3", "--games", "5", "--backend", "ray"]
    assert main([*argv, "--address", "head:1"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "wizard-rules: cannot start or reach Ray at head:1: "
        "Could not find any running Ray instance.\n"
    )
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # after a progress bar
    assert main(argv) == 1
    *bar, last = capsys.readouterr().err.splitlines()
    assert "0/5" in bar[-1]
    assert "wizard-rules: cannot start or reach Ray: " in last  # on a line of its own


def test_an_interrupt_while_connecting_waits_for_ray_then_shuts_it_down(
    fake_ray: _FakeRay, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    init = fake_ray.init

    def interrupted_init(address: str | None = None, **options: object) -> None:
        init(address, **options)
        signal.raise_signal(signal.SIGINT)  # Ctrl-C half-way: held until init is done

    fake_ray.init = interrupted_init  # type: ignore[method-assign]
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        simulate(Config(players=3), 5, 1, backend="ray")
    assert fake_ray.calls == ["init None", "shutdown"]
    assert signal.getsignal(signal.SIGINT) is before


@pytest.mark.parametrize("environment", [False, True])
def test_an_interrupt_while_connecting_to_a_cluster_acts_at_once(
    fake_ray: _FakeRay, monkeypatch: pytest.MonkeyPatch, environment: bool
) -> None:
    def interrupted_init(address: str | None = None, **options: object) -> None:
        fake_ray.calls.append(f"init {address}")
        signal.raise_signal(signal.SIGINT)  # as while waiting for an address that is silent
        raise AssertionError("not reached")

    fake_ray.init = interrupted_init  # type: ignore[method-assign]
    address = None
    if environment:
        monkeypatch.setenv("RAY_ADDRESS", "head:6379")
    else:
        address = "head:6379"
    with pytest.raises(KeyboardInterrupt):
        simulate(Config(players=3), 5, 1, backend="ray", address=address)
    assert fake_ray.calls == [f"init {address}"]  # nothing was started, nothing to stop


def test_a_run_from_another_thread_connects_without_holding_ctrl_c(fake_ray: _FakeRay) -> None:
    results: list[SimulationTotals] = []
    thread = threading.Thread(
        target=lambda: results.append(simulate(Config(players=3), 5, 1, backend="ray"))
    )
    thread.start()
    thread.join()
    assert results == [simulate(Config(players=3), 5, 1)]
    assert fake_ray.calls == ["init None", "shutdown"]


def test_ctrl_c_stops_a_ray_run_with_one_line_and_status_130() -> None:
    pytest.importorskip("ray")
    # Ctrl-C while Ray starts or the games run: either way one line, status 130.
    args = ["simulate", "--players", "3", "--seed", "1", "--games", "999999999"]
    status, out, err = interrupted_command([*args, "--backend", "ray"], timeout=120)
    assert status == 130, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err  # no traceback, nothing from Ray
    assert err.strip().startswith("wizard-rules: interrupted after ")
    assert err.strip().endswith(" of 999999999 games")
    assert out == ""


def test_a_worker_of_another_version_refuses_to_play() -> None:
    config = Config(players=3)
    assert _play_chunk_on_worker(__version__, config, 1, 2, 3) == _play_chunk(config, 1, 2, 3)
    with pytest.raises(ClusterError, match="install the same version on every machine"):
        _play_chunk_on_worker("0.0.0", config, 1, 2, 3)


def test_errors_are_told_in_one_line() -> None:
    assert _one_line(RuntimeError("first\nsecond")) == "first"
    assert _one_line(RuntimeError("")) == "RuntimeError"
    assert _one_line(RuntimeError("x" * 500)) == "x" * 197 + "..."
    wrapped = RuntimeError("traceback of the task")
    wrapped.cause = ValueError("what went wrong")  # type: ignore[attr-defined]
    assert _one_line(wrapped) == "what went wrong"


# -- without Ray --------------------------------------------------------------------


def test_without_ray_the_error_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    with pytest.raises(ImportError, match=r"the 'ray' extra: pip install '\.\[ray\]'") as info:
        simulate(Config(players=3), 2, 1, backend="ray")
    assert info.value.name == "ray"
    assert main(["simulate", "--players", "3", "--games", "2", "--backend", "ray"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "wizard-rules: the ray backend needs Ray: install the 'ray' extra: "
        "pip install '.[ray]' from a clone (see Installing in the docs)\n"
    )
    # the local backend does not need it
    assert simulate(Config(players=3), 2, 1, workers=2).games == 2


def test_the_library_and_a_local_run_never_import_ray() -> None:
    code = (
        "import sys, wizard_rules, wizard_rules.sim.simulation, wizard_rules.cli.commands\n"
        "assert wizard_rules.cli.commands.main(['simulate', '--players', '3', '--seed', '1',"
        " '--games', '4', '--workers', '2']) == 0\n"
        "assert 'ray' not in sys.modules, 'ray was imported'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"backend": "spark"}, "backend must be 'local' or 'ray'"),
        ({"backend": "ray", "workers": 2}, "workers must be 1 with backend='ray'"),
        ({"address": "head:6379"}, "only with backend='ray'"),
        ({"backend": "ray", "address": 6379}, "address must be a str"),
    ],
)
def test_bad_backend_arguments(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        simulate(Config(players=3), 1, 1, **options)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--backend", "ray"], "argument --backend: only with --games"),
        (["--games", "2", "--backend", "ray", "--workers", "2"], "not with --backend ray"),
        (
            ["--games", "2", "--address", "head:6379"],
            "argument --address: only with --backend ray",
        ),
        (["--games", "2", "--backend", "spark"], "argument --backend: invalid choice"),
    ],
)
def test_backend_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--players", "3", *argv])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_sums_of_ray_parts_are_plain_totals() -> None:
    # what a Ray task sends back is a plain value: it pickles as such
    import pickle

    part = _play_chunk(Config(players=3), 1, 0, 2)
    assert isinstance(part, SimulationTotals)
    assert pickle.loads(pickle.dumps(part)) == part
