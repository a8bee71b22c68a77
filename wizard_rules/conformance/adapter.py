"""The library's own side of the conformance protocol (``wizard-rules conformance adapter``).

:func:`serve` reads requests from standard input, one JSON object per line,
and writes one answer per line to standard output, flushing after each;
:func:`handle` answers one request, :func:`run_case` plays one case with this
library's rules, and :data:`OBSERVATIONS` and
:func:`~wizard_rules.sim.perft.perft` say how this library answers what a
case observes.  The protocol itself (its version, the shapes of its
messages, the names of the observations) is
:mod:`wizard_rules.conformance.protocol`, which this module follows.

Values are written by the same code as in :mod:`wizard_rules.formats.records`, so a
card (its text, ``"H13"``), a suit (its letter, ``"H"``) or a trick
(``{"leader": SEAT, "cards": [CARD, ...], "winner": SEAT}``) has the same
JSON here as in game records and player views.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Sequence
from typing import IO, Any, Final, TextIO, TypeAlias

from wizard_rules._version import __version__
from wizard_rules.conformance.protocol import (
    JSON,
    MAX_LINE_BYTES,
    MAX_PERFT_DEPTH,
    PROTOCOL_VERSION,
    PROTOCOL_VERSION_2,
    ErrorAnswer,
    HelloAnswer,
    ObservedAnswer,
    OkAnswer,
    Refusal,
    RefusedAnswer,
    ResultAnswer,
    ResultFields,
)
from wizard_rules.core.actions import Action
from wizard_rules.core.anniversary.actions import AnniversaryAction
from wizard_rules.core.config import Config
from wizard_rules.core.position import from_position, position_of
from wizard_rules.core.state import State, new_game
from wizard_rules.core.transitions import apply, legal_actions
from wizard_rules.core.views import PlayerView, player_view
from wizard_rules.errors import (
    CardTextError,
    ConfigError,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    PositionError,
    RecordError,
)
from wizard_rules.formats.records import (
    action_from_dict,
    action_to_dict,
    card_to_json,
    cards_to_json,
    config_from_dict,
    position_from_dict,
    suit_to_json,
    trick_to_json,
)

# perft lives in wizard_rules.sim.perft; the names stay importable from here.
from wizard_rules.sim.perft import PERFT_NODE_BUDGET as PERFT_NODE_BUDGET
from wizard_rules.sim.perft import perft as perft
from wizard_rules.sim.perft import perft_within_budget as perft_within_budget

__all__ = [
    "OBSERVATIONS",
    "Session",
    "handle",
    "run_case",
    "serve",
]


def _view_to_json(view: PlayerView) -> dict[str, Any]:
    """One seat's object of the observation ``views``: see :data:`~.protocol.VIEW_KEYS`."""
    return {
        "hands": [None if hand is None else cards_to_json(hand) for hand in view.hands],
        "bids": list(view.bids),
        "unseen_bids": list(view.unseen_bids),
        "round_bids": [list(result.bids) for result in view.results],
    }


def _views(state: State) -> list[dict[str, Any]]:
    """The observation ``views``: each seat's view, in seat order."""
    return [_view_to_json(player_view(state, seat)) for seat in range(state.config.players)]


OBSERVATIONS: Final[dict[str, Callable[[State], Any]]] = {
    "phase": lambda s: s.phase.value,
    "round": lambda s: s.round,
    "rounds": lambda s: s.config.rounds,
    "dealer": lambda s: s.dealer,
    "current_player": lambda s: s.current_player,
    "hands": lambda s: [cards_to_json(hand) for hand in s.hands],
    "turned": lambda s: card_to_json(s.turned),
    "trump": lambda s: suit_to_json(s.trump),
    "bids": lambda s: list(s.bids),
    "trick": lambda s: cards_to_json(s.current_trick),
    "leader": lambda s: s.leader,
    "led_suit": lambda s: suit_to_json(s.led_suit),
    "trick_winner": lambda s: s.trick_winner,
    "tricks": lambda s: [trick_to_json(t) for t in s.completed_tricks],
    "trick_winners": lambda s: [t.winner for t in s.completed_tricks],
    "tricks_won": lambda s: list(s.tricks_won),
    "scores": lambda s: list(s.scores),
    "round_bids": lambda s: [list(result.bids) for result in s.results],
    "round_trick_winners": lambda s: [[t.winner for t in result.tricks] for result in s.results],
    "round_scores": lambda s: [list(result.scores) for result in s.results],
    "winners": lambda s: list(s.winners),
    "legal_actions": lambda s: [action_to_dict(action) for action in legal_actions(s)],
    "position": lambda s: position_of(s).to_text(),
    "views": _views,
}
"""How this library answers each observation of
:data:`~wizard_rules.conformance.protocol.OBSERVATION_KEYS` (same keys, same
order): a function of the final :class:`~wizard_rules.State`.

:meta hide-value:
"""


class _Unreadable(Exception):
    def __init__(self, code: ErrorCode) -> None:
        super().__init__(code.value)
        self.code = code


def _decode_action(value: JSON) -> Action | AnniversaryAction:
    """Decode one action as game records do, with rule 11.11's two codes.

    :func:`~wizard_rules.formats.records.action_from_dict` checks the whole shape
    before it reads any card or suit; a card or suit that is not one is the
    cause of its error.
    """
    try:
        return action_from_dict(value)
    except RecordError as error:
        if isinstance(error.__cause__, CardTextError):
            raise _Unreadable(ErrorCode.BAD_CARD_TEXT) from None
        raise _Unreadable(ErrorCode.INVALID_ACTION) from None


def _refused_start(code: ErrorCode) -> ResultFields:
    return {"errors": [{"at": None, "code": code.value}], "state": None, "perft": None}


def _start(rules: Config, position: JSON) -> State | None:
    """The game a case starts: a new game, or the game at ``position``.

    ``None`` for a position that is not one, cannot arise in a game (rules
    12.1 to 12.14), or belongs to another configuration.
    """
    if position is None:
        return new_game(rules)
    try:
        start = position_from_dict(position)
        state = from_position(start)
    except (RecordError, PositionError):
        return None
    return state if start.config == rules else None


def run_case(
    config: JSON,
    actions: Sequence[JSON],
    observe: Sequence[str],
    depth: int | None,
    position: JSON = None,
) -> ResultFields:
    """Play a case's actions from a new game (or ``position``) and answer as the protocol says.

    Returns the ``errors``, ``state`` and ``perft`` fields of a ``result``;
    observations that are not protocol keys are left out.  A refused
    configuration or position is the only error, at ``null`` (``state`` and
    ``perft`` are then ``None``).  A perft is counted within
    :data:`~wizard_rules.sim.perft.PERFT_NODE_BUDGET` positions; ``perft``
    is ``None`` if it needed more.
    """
    try:
        rules: Config = config_from_dict(config)
    except RecordError:
        return _refused_start(ErrorCode.INVALID_CONFIG)
    started = _start(rules, position)
    if started is None:
        return _refused_start(ErrorCode.INVALID_POSITION)
    state = started
    errors: list[Refusal] = []
    for index, value in enumerate(actions):
        try:
            state = apply(state, _decode_action(value))
        except _Unreadable as unreadable:
            errors.append({"at": index, "code": unreadable.code.value})
        except (IllegalActionError, InvalidArgumentError, ConfigError) as refused:
            errors.append({"at": index, "code": refused.code.value})
    observed = {key: OBSERVATIONS[key](state) for key in observe if key in OBSERVATIONS}
    return {
        "errors": errors,
        "state": observed,
        "perft": None if depth is None else perft_within_budget(state, depth),
    }


_Answer: TypeAlias = (
    "HelloAnswer | ResultAnswer | ErrorAnswer | OkAnswer | RefusedAnswer | ObservedAnswer"
)


class Session:
    """The game of protocol version 2's step-by-step messages, between requests.

    ``start`` makes a new game, ``apply`` plays one action on it and
    ``query`` observes it (see
    :data:`~wizard_rules.conformance.protocol.PROTOCOL_VERSION_2`).
    """

    def __init__(self) -> None:
        self.state: State | None = None

    def start(self, config: JSON, position: JSON) -> OkAnswer | RefusedAnswer:
        """Start a new game with ``config``, at ``position`` unless it is ``None``."""
        try:
            rules = config_from_dict(config)
        except RecordError:
            return {"type": "refused", "code": ErrorCode.INVALID_CONFIG.value}
        state = _start(rules, position)
        if state is None:
            return {"type": "refused", "code": ErrorCode.INVALID_POSITION.value}
        self.state = state
        return {"type": "ok"}

    def play(self, state: State, value: JSON) -> OkAnswer | RefusedAnswer:
        """Apply one action to the game, or refuse it and keep the game."""
        try:
            self.state = apply(state, _decode_action(value))
        except _Unreadable as unreadable:
            return {"type": "refused", "code": unreadable.code.value}
        except (IllegalActionError, InvalidArgumentError) as refused:
            return {"type": "refused", "code": refused.code.value}
        return {"type": "ok"}

    def handle(
        self, request: dict[str, Any]
    ) -> OkAnswer | RefusedAnswer | ObservedAnswer | ErrorAnswer:
        """Answer a ``start``, ``apply`` or ``query`` request."""
        kind = request["type"]
        if kind == "start":
            return self.start(request.get("config"), request.get("position"))
        state = self.state
        if state is None:
            return {"type": "error", "message": f"{kind!r} before any 'start'"}
        if kind == "apply":
            return self.play(state, request.get("action"))
        observe = request.get("observe")
        if type(observe) is not list or not all(type(key) is str for key in observe):
            return {"type": "error", "message": "malformed query request"}
        observed = {key: OBSERVATIONS[key](state) for key in observe if key in OBSERVATIONS}
        return {"type": "observed", "state": observed}


_OVER_BUDGET: Final = f"perft needs more than {PERFT_NODE_BUDGET:,} positions: too costly"


def _case_problem(actions: object, observe: object, depth: object) -> str:
    """Why a ``case`` request cannot be run (``""`` if it can)."""
    if type(actions) is not list:
        return "malformed case request: 'actions' must be a list"
    if type(observe) is not list or not all(type(key) is str for key in observe):
        return "malformed case request: 'observe' must be a list of strings"
    if not (depth is None or (type(depth) is int and 0 <= depth <= MAX_PERFT_DEPTH)):
        return (
            f"malformed case request: 'perft' must be null or a depth from 0 to {MAX_PERFT_DEPTH}"
        )
    return ""


def handle(
    request: Any, session: Session | None = None
) -> HelloAnswer | ResultAnswer | ErrorAnswer | OkAnswer | RefusedAnswer | ObservedAnswer | None:
    """Answer one protocol request; ``None`` for ``bye`` (the adapter then exits).

    ``session`` holds the game of the step-by-step messages of protocol
    version 2 from one request to the next (:func:`serve` keeps one).
    """
    if type(request) is not dict:
        return {"type": "error", "message": "a request must be a JSON object"}
    kind = request.get("type")
    if kind == "hello":
        asked = request.get("protocol")
        return {
            "type": "hello",
            "protocol": PROTOCOL_VERSION_2 if asked == PROTOCOL_VERSION_2 else PROTOCOL_VERSION,
            "name": "wizard-rules",
            "version": __version__,
        }
    if kind in ("start", "apply", "query"):
        return (Session() if session is None else session).handle(request)
    if kind == "bye":
        return None
    if kind == "case":
        observe = request.get("observe") or []
        depth = request.get("perft")
        actions = request.get("actions")
        problem = _case_problem(actions, observe, depth)
        if problem:
            return {"type": "error", "id": request.get("id"), "message": problem}
        result = run_case(
            request.get("config"), request["actions"], observe, depth, request.get("position")
        )
        started = result["state"] is not None
        if depth is not None and started and result["perft"] is None:
            return {"type": "error", "id": request.get("id"), "message": _OVER_BUDGET}
        return {
            "type": "result",
            "id": request.get("id"),
            "errors": result["errors"],
            "state": result["state"],
            "perft": result["perft"],
        }
    return {"type": "error", "message": f"unknown request type {kind!r}"[:200]}


def _not_a_number(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"{text[:40]} is too large for a double")
    return value


def _dumps(answer: _Answer) -> str:
    return json.dumps(answer, separators=(",", ":"))


def _error(message: str) -> ErrorAnswer:
    return {"type": "error", "message": message}


def _next_line(source: IO[bytes] | IO[str]) -> str | ErrorAnswer | None:
    """The next request line as text, an error answer for a bad one, ``None`` at the end.

    A line longer than :data:`~wizard_rules.conformance.protocol.MAX_LINE_BYTES`
    is read to its end in pieces and dropped, never held whole.
    """
    line = source.readline(MAX_LINE_BYTES + 1)
    if not line:
        return None
    if len(line) > MAX_LINE_BYTES and line[-1:] not in ("\n", b"\n"):
        while line and line[-1:] not in ("\n", b"\n"):
            line = source.readline(1 << 16)
        return _error(f"a request line must be at most {MAX_LINE_BYTES:,} bytes")
    if isinstance(line, bytes):
        try:
            return line.decode("utf-8")
        except UnicodeDecodeError:
            return _error("a request must be UTF-8")
    return line


def _reply(line: str, session: Session) -> str | None:
    """The answer line to one request line; ``None`` for ``bye``."""
    try:
        request = json.loads(line, parse_constant=_not_a_number, parse_float=_finite)
    except ValueError:
        return _dumps(_error("a request must be one line of JSON"))
    except RecursionError:
        return _dumps(_error("a request must not be nested so deeply"))
    try:
        answer = handle(request, session)
        return None if answer is None else _dumps(answer)
    except RecursionError:  # nested values the request reading let through
        return _dumps(_error("a request must not be nested so deeply"))


def serve(stdin: IO[bytes] | IO[str] | None = None, stdout: TextIO | None = None) -> int:
    """Answer protocol requests until ``bye`` or the end of input; return 0.

    Standard input is read as bytes and decoded here, so the locale's
    encoding does not matter.  A line that is not UTF-8, not JSON (``NaN``
    and ``Infinity`` included), nested too deeply for the JSON reader, or
    longer than :data:`~wizard_rules.conformance.protocol.MAX_LINE_BYTES`
    gets an error answer, and the next line is read as usual.
    """
    source = sys.stdin.buffer if stdin is None else stdin
    sink = sys.stdout if stdout is None else stdout
    session = Session()
    while (line := _next_line(source)) is not None:
        if isinstance(line, dict):
            text: str | None = _dumps(line)
        elif not line.strip():
            continue
        else:
            text = _reply(line, session)
        if text is None:
            break
        sink.write(text + "\n")
        sink.flush()
    return 0
