"""Issue 12, items 12 to 17 and the servers' entry point: hostile input to the
library and the command line gives documented errors, bounded work and a
clean stop."""

from __future__ import annotations

import itertools
import json
import random
import resource
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_rules import (
    DECK,
    Bid,
    ChooseTrump,
    Config,
    ConfigError,
    Deal,
    ErrorCode,
    GameRecord,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    Play,
    Position,
    PositionError,
    RecordError,
    State,
    Suit,
    Trick,
    WizardError,
    action_from_dict,
    apply,
    apply_as,
    check,
    check_as,
    config_from_dict,
    from_position,
    is_legal,
    new_game,
    parse_card,
    parse_cards,
    parse_suit,
    player_view,
    position_from_dict,
    position_of,
    position_to_dict,
    random_action,
    random_deal,
    random_game,
    round_score,
)
from wizard_rules.cli import main
from wizard_rules.errors import show_value
from wizard_rules.formats.records import MAX_RECORD_ACTIONS, MAX_RECORD_TEXT, loads
from wizard_rules.integrations.strategies import states
from wizard_rules.sim import simulation as simulation_module
from wizard_rules.sim.simulation import (
    IN_FLIGHT,
    MAX_WORKERS,
    _bounded,
    _ignore_interrupts,
    simulate,
)

HUGE = 10**5000  # more than the 4,300 digits Python writes in decimal
LONG = "x" * 10_000_000  # 10 MB
from .fields import assert_same_state  # noqa: E402
from .helpers import interrupted_command  # noqa: E402

PYTHON = sys.executable


def _bid_state() -> State:
    state = new_game(Config(players=3))
    return apply(state, random_deal(state, random.Random(1)))


def _play_state() -> State:
    state = _bid_state()
    for seat in (1, 2, 0):
        state = apply(state, Bid(seat, 0))
    return state


# -- 12: huge ints give the documented error of each API --------------------------


def test_is_legal_of_huge_ints_is_false() -> None:
    state = _bid_state()
    assert is_legal(state, Bid(HUGE, 0)) is False
    assert is_legal(state, Bid(1, HUGE)) is False
    assert is_legal(state, Bid(-HUGE, 0)) is False
    assert is_legal(_play_state(), Play(HUGE, DECK[0])) is False
    assert is_legal(state, ChooseTrump(HUGE, None)) is False


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Bid(HUGE, 0), ErrorCode.NO_SUCH_PLAYER),
        (Bid(1, HUGE), ErrorCode.BID_OUT_OF_RANGE),
        (Bid(1, -HUGE), ErrorCode.BID_OUT_OF_RANGE),
    ],
)
def test_apply_and_check_of_huge_ints(action: Bid, code: ErrorCode) -> None:
    state = _bid_state()
    for call in (apply, check):
        with pytest.raises(IllegalActionError) as error:
            call(state, action)
        assert error.value.code is code
        assert "bits>" in error.value.message
        assert len(str(error.value)) < 200


@pytest.mark.parametrize(
    ("call", "error_type"),
    [
        (lambda: player_view(_bid_state(), HUGE), InvalidArgumentError),
        (lambda: _bid_state().hand(HUGE), InvalidArgumentError),
        (lambda: Config(players=HUGE), ConfigError),
        (lambda: Config(players=3, first_dealer=-HUGE), ConfigError),
        (lambda: action_from_dict({"type": HUGE}), RecordError),
        (lambda: config_from_dict({"players": HUGE}), RecordError),
        (
            lambda: GameRecord.from_dict({"format": "wizard-rules/game", "version": HUGE}),
            RecordError,
        ),
        (
            lambda: position_from_dict({"format": "wizard-rules/position", "version": HUGE}),
            RecordError,
        ),
        (lambda: round_score(HUGE, -1), InvalidArgumentError),
        (lambda: simulate(Config(players=3), -HUGE, 1), InvalidArgumentError),
        (lambda: simulate(Config(players=3), 1, 1, workers=HUGE), InvalidArgumentError),
        (lambda: check_as(_bid_state(), HUGE, Bid(1, 0)), InvalidArgumentError),
        (lambda: GameRecord(Config(players=3), [Bid(HUGE, 0)]).replay(), RecordError),
    ],
)
def test_huge_ints_give_the_documented_error(
    call: Callable[[], object], error_type: type[WizardError]
) -> None:
    with pytest.raises(error_type) as error:
        call()
    assert len(str(error.value)) < 300


def test_huge_ints_in_a_position_give_a_position_error() -> None:
    position = position_of(_play_state())
    for field in ("round", "dealer", "leader"):
        change: dict[str, Any] = {field: HUGE}
        with pytest.raises(PositionError) as error:
            attrs.evolve(position, **change)
        assert len(str(error.value)) < 300
    for field in ("scores", "tricks_won", "bids"):
        values = list(getattr(position, field))
        values[0] = HUGE
        changes: dict[str, Any] = {field: values}
        with pytest.raises(PositionError):
            attrs.evolve(position, **changes)
    data = position_to_dict(position)
    data["round"] = HUGE
    with pytest.raises(PositionError):
        position_from_dict(data)


def test_actions_with_huge_ints_can_be_written() -> None:
    assert str(Bid(HUGE, HUGE)) == "P<an int of 16610 bits> bids <an int of 16610 bits>"
    assert (
        repr(Play(HUGE, DECK[0])) == "Play(player=<an int of 16610 bits>, card=parse_card('J1'))"
    )
    assert str(ChooseTrump(HUGE, None)) == "P<an int of 16610 bits> names trump none"
    assert repr(Bid(1, 2)) == "Bid(player=1, tricks=2)"


def test_show_writes_any_value_briefly() -> None:
    class int:
        """Named like the builtin, without its methods."""

    assert show_value(3) == "3"
    assert show_value(-(2**100)) == repr(-(2**100))
    assert show_value(HUGE) == "<an int of 16610 bits>"
    assert show_value("ab") == "'ab'"
    assert show_value("y" * 41) == repr("y" * 40 + "...")
    assert show_value(int()) == "<int>"
    assert len(show_value([[HUGE] * 100] * 100)) <= 60
    assert len(show_value("\x7f" * 100)) <= 60


# -- 13: every message that echoes input shortens it ------------------------------


def _first_trick() -> Trick:
    return random_game(Config(players=3), random.Random(1)).results[0].tricks[0]


ECHOING: list[tuple[str, Callable[[], object], type[WizardError]]] = [
    ("parse_card", lambda: parse_card(LONG), WizardError),
    ("parse_cards", lambda: parse_cards("H13 " + LONG), WizardError),
    ("parse_suit", lambda: parse_suit(LONG), WizardError),
    ("action type", lambda: action_from_dict({"type": LONG}), RecordError),
    (
        "trump suit",
        lambda: action_from_dict({"type": "choose_trump", "player": 0, "suit": LONG}),
        RecordError,
    ),
    (
        "play card",
        lambda: action_from_dict({"type": "play", "player": 0, "card": LONG}),
        RecordError,
    ),
    ("unknown field", lambda: action_from_dict({"type": "bid", LONG: 1}), RecordError),
    ("config field", lambda: config_from_dict({"players": 3, LONG: 1}), RecordError),
    ("duplicate key", lambda: loads('{"' + LONG + '": 1, "' + LONG + '": 2}'), RecordError),
    (
        "record action",
        lambda: GameRecord.from_json(
            json.dumps(
                {
                    "format": "wizard-rules/game",
                    "version": 1,
                    "config": {"players": 3},
                    "actions": [{"type": "choose_trump", "player": 0, "suit": LONG}],
                }
            )
        ),
        RecordError,
    ),
    ("position text", lambda: Position.from_text(LONG), PositionError),
    ("position token", lambda: Position.from_text("players=" + "9" * 3000), PositionError),
    ("seat", lambda: player_view(_bid_state(), LONG), InvalidArgumentError),  # type: ignore[call-overload]
    ("round_score", lambda: round_score(LONG, [LONG] * 3), InvalidArgumentError),  # type: ignore[arg-type]
    ("simulate", lambda: simulate(Config(players=3), [LONG], 1), InvalidArgumentError),  # type: ignore[arg-type]
    (
        "trick position",
        lambda: _first_trick().seat_of(LONG),  # type: ignore[arg-type]
        InvalidArgumentError,
    ),
]


@pytest.mark.parametrize(("name", "call", "error_type"), ECHOING, ids=[e[0] for e in ECHOING])
def test_messages_do_not_echo_huge_inputs(
    name: str, call: Callable[[], object], error_type: type[WizardError]
) -> None:
    with pytest.raises(error_type) as error:
        call()
    assert len(str(error.value)) < 400, name


# -- 14: replay bounds its input by what a game can hold --------------------------


def test_a_record_with_more_actions_than_a_game_is_refused_before_decoding() -> None:
    record = {
        "format": "wizard-rules/game",
        "version": 1,
        "config": {"players": 3},
        "actions": [None] * (MAX_RECORD_ACTIONS + 1),  # none of them even an action
    }
    with pytest.raises(RecordError) as error:
        GameRecord.from_dict(record)
    assert error.value.code is ErrorCode.INVALID_RECORD
    assert f"at most {MAX_RECORD_ACTIONS} actions" in error.value.message
    assert error.value.index is None
    record["actions"] = [None] * 10**6
    with pytest.raises(RecordError, match="at most 730 actions, not 1000000"):
        GameRecord.from_dict(record)


def test_the_longest_game_fits_the_bounds() -> None:
    config = Config(players=3)
    assert MAX_RECORD_ACTIONS == 20 * 2 + 3 * 20 + 3 * 210
    rng = random.Random(0)
    longest = max((random_game(config, rng) for _ in range(5)), key=lambda s: len(s.history))
    text = GameRecord.from_state(longest).to_json(indent=8)
    assert len(text) < MAX_RECORD_TEXT // 4
    assert GameRecord.from_json(text).replay() == longest
    assert_same_state(GameRecord.from_json(text).replay(), longest)


@pytest.mark.parametrize("kind", [str, bytes])
def test_text_longer_than_any_record_is_refused_before_parsing(kind: type) -> None:
    text = "[" * (MAX_RECORD_TEXT + 1)  # parsed, this would be nested too deeply
    with pytest.raises(RecordError) as error:
        GameRecord.from_json(text if kind is str else text.encode())
    assert error.value.code is ErrorCode.INVALID_RECORD
    assert "at most 1048576 characters" in error.value.message


def _limited_memory() -> None:
    # 1 GB of address space: reading an endless input whole fails fast.
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def _replay(args: list[str], stdin: Any = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PYTHON, "-m", "wizard_rules", "replay", *args],
        stdin=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_limited_memory,
        check=False,
    )


def test_replay_of_dev_zero_is_refused_at_once() -> None:
    result = _replay(["/dev/zero"])
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("wizard-rules: /dev/zero: [invalid_record] a game record is")
    assert len(result.stderr.splitlines()) == 1


def test_replay_of_an_endless_standard_input_is_refused() -> None:
    process = subprocess.Popen(
        [PYTHON, "-m", "wizard_rules", "replay", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_limited_memory,
    )
    assert process.stdin is not None

    def feed() -> None:
        chunk = b" " * 65536
        try:
            while True:
                process.stdin.write(chunk)  # type: ignore[union-attr]
        except (BrokenPipeError, ValueError, OSError):
            pass

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    process.wait(timeout=120)
    stderr = process.stderr.read().decode() if process.stderr else ""
    assert process.returncode == 1
    assert "[invalid_record] a game record is at most 1048576 characters" in stderr
    assert "Traceback" not in stderr


def test_replay_of_a_huge_record_file_is_refused(tmp_path: Path) -> None:
    bid = json.dumps({"type": "bid", "player": 1, "tricks": 0})
    path = tmp_path / "huge.json"  # a million actions, 37 MB
    path.write_text(
        '{"format": "wizard-rules/game", "version": 1, "config": {"players": 3}, "actions": ['
        + ", ".join([bid] * 10**6)
        + "]}"
    )
    assert main(["replay", str(path)]) == 1


def test_replay_of_a_record_with_too_many_actions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = {
        "format": "wizard-rules/game",
        "version": 1,
        "config": {"players": 3},
        "actions": [{}] * 731,
    }
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    assert "[invalid_record] a game has at most 730 actions, not 731" in capsys.readouterr().err


def test_replay_of_text_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"\xff": 1}')
    assert main(["replay", str(path)]) == 1
    assert "cannot read" in capsys.readouterr().err


# -- 15: simulate --workers is capped -----------------------------------------------


def test_too_many_workers_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--players", "3", "--games", "1", "--workers", str(MAX_WORKERS + 1)])
    assert exit_info.value.code == 2
    assert f"--workers: at most {MAX_WORKERS}" in capsys.readouterr().err
    with pytest.raises(InvalidArgumentError, match=f"at most {MAX_WORKERS}"):
        simulate(Config(players=3), 1, 1, workers=1000)


class _FakePool:
    """A ProcessPoolExecutor that runs each task at once, and counts tasks in flight."""

    made: ClassVar[list[_FakePool]] = []

    def __init__(self, max_workers: int, initializer: Callable[[], None]) -> None:
        self.max_workers = max_workers
        self.in_flight = 0
        self.most_in_flight = 0
        self.submitted = 0
        _FakePool.made.append(self)

    def __enter__(self) -> _FakePool:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def shutdown(self, cancel_futures: bool = False) -> None:
        self.cancelled = cancel_futures

    def submit(self, function: Callable[..., Any], *args: Any) -> Future[Any]:
        pool = self
        self.in_flight += 1
        self.submitted += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)

        class Counted(Future[Any]):
            def result(self, timeout: float | None = None) -> Any:
                pool.in_flight -= 1
                return function(*args)

        return Counted()


def test_a_few_games_start_only_a_few_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulation_module, "ProcessPoolExecutor", _FakePool)
    _FakePool.made = []
    assert simulate(Config(players=3), 1, 1, workers=MAX_WORKERS) == simulate(
        Config(players=3), 1, 1
    )
    assert _FakePool.made[0].max_workers == 1


# -- 16: tasks are fed to the pool in bounded chunks --------------------------------


def test_the_pool_never_holds_more_than_a_window_of_tasks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulation_module, "ProcessPoolExecutor", _FakePool)
    _FakePool.made = []
    config = Config(players=3)
    assert simulate(config, 100, 5, workers=2) == simulate(config, 100, 5)
    pool = _FakePool.made[0]
    assert pool.submitted >= 10
    assert pool.most_in_flight <= IN_FLIGHT * 2


def test_bounded_reads_its_tasks_lazily() -> None:
    read = 0
    pending = 0
    most = 0

    def tasks() -> Iterator[tuple[int, int]]:
        nonlocal read
        for n in itertools.count():  # endless, like 999999999 games
            read += 1
            yield n, 1

    def submit(task: tuple[int, int]) -> Future[int]:
        nonlocal pending, most
        pending += 1
        most = max(most, pending)
        future: Future[int] = Future()
        future.set_result(task[0])
        return future

    results = _bounded(submit, tasks(), 4)
    taken = []
    for value in itertools.islice(results, 100):
        pending -= 1
        taken.append(value)
    assert taken == list(range(100))
    assert most <= 4
    assert read <= 100 + 4


# -- 17: Ctrl-C stops simulate cleanly ----------------------------------------------


def test_an_interrupt_cancels_the_pool_and_reaches_the_caller() -> None:
    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(Config(players=3), 40, 1, workers=2, progress=interrupt)


def test_workers_leave_ctrl_c_to_the_parent() -> None:
    before = signal.getsignal(signal.SIGINT)
    try:
        _ignore_interrupts()  # what each worker process runs first
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_an_interrupted_command_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import wizard_rules.cli.commands as cli

    def interrupted(path: str, out: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_replay", interrupted)
    assert main(["replay", "x.json"]) == 130
    assert capsys.readouterr().err == "\nwizard-rules: interrupted\n"


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_simulate_with_one_line_and_status_130(workers: str) -> None:
    # Ctrl-C well into the games (the workers get it too).
    args = ["simulate", "--players", "3", "--seed", "1", "--games", "999999999"]
    status, out, err = interrupted_command([*args, "--workers", workers], timeout=60)
    assert status == 130, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("wizard-rules: interrupted after ")
    assert lines[0].endswith(" of 999999999 games")
    assert out == ""


# -- servers: check_as and apply_as ---------------------------------------------


def test_a_seat_out_of_turn_is_refused_before_its_hand_is_looked_at() -> None:
    state = _play_state()  # seat 1 is to play
    other = 2
    held = state.hand(other)[0]
    not_held = next(card for card in DECK if card not in state.hand(other))
    for card in (held, not_held):
        with pytest.raises(IllegalActionError) as error:
            apply_as(state, other, Play(other, card))
        assert error.value.code is ErrorCode.NOT_YOUR_TURN
        assert error.value.message == "it is P1's turn, not P2's"
    # With plain apply, the codes tell the two cards apart (what a server must avoid
    # exposing): the seat in the action is the client's to choose.
    assert not is_legal(state, Play(other, held))


def test_check_as_refuses_actions_for_another_seat_and_deals() -> None:
    state = _bid_state()  # seat 1 is to bid
    for action in (Bid(2, 0), Bid(9, 0), Deal([[]], None)):
        with pytest.raises(IllegalActionError) as error:
            check_as(state, 1, action)
        assert error.value.code is ErrorCode.NOT_YOUR_TURN
    with pytest.raises(InvalidActionError):
        check_as(state, 1, "bid 0")
    with pytest.raises(IllegalActionError) as error:
        check_as(state, 1, Bid(1, 5))
    assert error.value.code is ErrorCode.BID_OUT_OF_RANGE
    check_as(state, 1, Bid(1, 0))  # legal: no error
    assert apply_as(state, 1, Bid(1, 0)) == apply(state, Bid(1, 0))
    assert_same_state(apply_as(state, 1, Bid(1, 0)), apply(state, Bid(1, 0)))


def test_check_as_at_a_chance_step_and_at_the_end() -> None:
    start = new_game(Config(players=3))
    with pytest.raises(IllegalActionError, match="it is chance's turn, not P0's") as error:
        check_as(start, 0, random_deal(start, random.Random(1)))
    assert error.value.code is ErrorCode.NOT_YOUR_TURN
    final = random_game(Config(players=3), random.Random(1))
    with pytest.raises(IllegalActionError) as error:
        apply_as(final, 0, Bid(0, 0))
    assert error.value.code is ErrorCode.GAME_OVER


@pytest.mark.parametrize("seat", [-1, 3, "1", None, True])
def test_check_as_needs_a_seat_of_the_game(seat: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        check_as(_bid_state(), seat, Bid(1, 0))
    with pytest.raises(InvalidArgumentError):
        apply_as("not a state", 0, Bid(1, 0))  # type: ignore[call-overload]


def _hands_dealt_anew(state: State, rng: random.Random) -> State | None:
    """``state`` with the cards in the hands dealt again (same public facts), or None."""
    position = position_of(state)
    cards = [card for hand in position.hands for card in (hand or ())]
    rng.shuffle(cards)
    hands = []
    for hand in position.hands:
        size = len(hand or ())
        hands.append(tuple(cards[:size]))
        cards = cards[size:]
    try:
        return from_position(attrs.evolve(position, hands=tuple(hands)))
    except PositionError:  # the new hands contradict a card played out of suit
        return None


def _outcome(call: Callable[[], object]) -> tuple[type, str, str] | str:
    try:
        call()
    except WizardError as error:
        return (type(error), error.code.value, error.message)
    return "accepted"


@settings(max_examples=150, deadline=None)
@given(states(), st.data())
def test_the_answer_to_a_wrong_seat_does_not_depend_on_the_hands(
    state: State, data: st.DataObject
) -> None:
    players = state.config.players
    seat = data.draw(st.sampled_from([s for s in range(players) if s != state.current_player]))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    twin = None
    for _ in range(5):
        twin = _hands_dealt_anew(state, rng)
        if twin is not None:
            break
    actor = st.sampled_from(range(players))
    action = data.draw(
        st.one_of(
            st.builds(Play, actor, st.sampled_from(DECK)),
            st.builds(Bid, actor, st.integers(-1, 21)),
            st.builds(ChooseTrump, actor, st.sampled_from([None, *Suit])),
            st.just(random_action(state, rng))
            if state.current_player is not None
            else st.nothing(),
            st.just("not an action"),
        )
    )

    def ask(game: State) -> None:
        check_as(game, seat, action)

    answer = _outcome(lambda: ask(state))
    assert answer[1] in ("not_your_turn", "game_over")
    assert _outcome(lambda: apply_as(state, seat, action)) == answer
    if twin is not None:
        assert _outcome(lambda: ask(twin)) == answer
