"""The library's own side of the conformance protocol (``wizard-rules conformance adapter``).

:func:`serve` reads requests from standard input, one JSON object per line,
and writes one answer per line to standard output, flushing after each;
:func:`handle` answers one request, :func:`run_case` plays one case with this
library's rules, and :data:`OBSERVATIONS` and :func:`perft` say how this
library answers what a case observes.  The protocol itself (its version, the
shapes of its messages, the names of the observations) is
:mod:`wizard_rules.conformance.protocol`, which this module follows.

Values are written by the same code as in :mod:`wizard_rules.records`, so a
card (its text, ``"H13"``), a suit (its letter, ``"H"``) or a trick
(``{"leader": SEAT, "cards": [CARD, ...], "winner": SEAT}``) has the same
JSON here as in game records and player views.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final, TextIO, TypeAlias

from wizard_rules import __version__
from wizard_rules.actions import Action
from wizard_rules.config import Config
from wizard_rules.conformance.protocol import (
    JSON,
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
from wizard_rules.errors import (
    CardTextError,
    ConfigError,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    PositionError,
    RecordError,
)
from wizard_rules.position import from_position
from wizard_rules.records import (
    _card_json,
    _cards_json,
    _suit_json,
    _trick_json,
    action_from_dict,
    action_to_dict,
    config_from_dict,
    position_from_dict,
)
from wizard_rules.state import State, new_game
from wizard_rules.transitions import apply, legal_actions

__all__ = ["OBSERVATIONS", "Session", "handle", "perft", "run_case", "serve"]


OBSERVATIONS: Final[dict[str, Callable[[State], Any]]] = {
    "phase": lambda s: s.phase.value,
    "round": lambda s: s.round,
    "rounds": lambda s: s.config.rounds,
    "dealer": lambda s: s.dealer,
    "current_player": lambda s: s.current_player,
    "hands": lambda s: [_cards_json(hand) for hand in s.hands],
    "turned": lambda s: _card_json(s.turned),
    "trump": lambda s: _suit_json(s.trump),
    "bids": lambda s: list(s.bids),
    "trick": lambda s: _cards_json(s.current_trick),
    "leader": lambda s: s.leader,
    "led_suit": lambda s: _suit_json(s.led_suit),
    "trick_winner": lambda s: s.trick_winner,
    "tricks": lambda s: [_trick_json(t) for t in s.completed_tricks],
    "trick_winners": lambda s: [t.winner for t in s.completed_tricks],
    "tricks_won": lambda s: list(s.tricks_won),
    "scores": lambda s: list(s.scores),
    "round_bids": lambda s: [list(result.bids) for result in s.results],
    "round_trick_winners": lambda s: [[t.winner for t in result.tricks] for result in s.results],
    "round_scores": lambda s: [list(result.scores) for result in s.results],
    "winners": lambda s: list(s.winners),
    "legal_actions": lambda s: [action_to_dict(action) for action in legal_actions(s)],
}
"""How this library answers each observation of
:data:`~wizard_rules.conformance.protocol.OBSERVATION_KEYS` (same keys, same
order): a function of the final :class:`~wizard_rules.State`.

:meta hide-value:
"""


def perft(state: State, depth: int) -> int:
    """Count the distinct sequences of ``depth`` legal actions from ``state``.

    A chance step (a deal) or the end of the game ends a sequence early: it
    counts as one leaf.  ``perft(state, 0)`` is 1.  ``wizard-rules perft``
    counts with this function, from a position.
    """
    if depth == 0:
        return 1
    actions = legal_actions(state)
    if not actions:
        return 1
    if depth == 1:
        return len(actions)
    return sum(perft(apply(state, action), depth - 1) for action in actions)


class _Unreadable(Exception):
    def __init__(self, code: ErrorCode) -> None:
        super().__init__(code.value)
        self.code = code


def _decode_action(value: JSON) -> Action:
    """Decode one action as game records do, with rule 11.11's two codes.

    :func:`~wizard_rules.records.action_from_dict` checks the whole shape
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
    configuration or position is the only error, at ``null``.
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
        "perft": None if depth is None else perft(state, depth),
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
        if type(observe) is not list:
            return {"type": "error", "message": "malformed query request"}
        observed = {key: OBSERVATIONS[key](state) for key in observe if key in OBSERVATIONS}
        return {"type": "observed", "state": observed}


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
        if (
            type(actions) is not list
            or type(observe) is not list
            or not (depth is None or (type(depth) is int and 0 <= depth <= MAX_PERFT_DEPTH))
        ):
            return {"type": "error", "id": request.get("id"), "message": "malformed case request"}
        result = run_case(request.get("config"), actions, observe, depth, request.get("position"))
        return {
            "type": "result",
            "id": request.get("id"),
            "errors": result["errors"],
            "state": result["state"],
            "perft": result["perft"],
        }
    return {"type": "error", "message": f"unknown request type {kind!r}"[:200]}


def serve(stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Answer protocol requests until ``bye`` or the end of input; return 0."""
    source = sys.stdin if stdin is None else stdin
    sink = sys.stdout if stdout is None else stdout
    session = Session()
    for line in source:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError:
            answer: _Answer = {
                "type": "error",
                "message": "a request must be one line of JSON",
            }
        else:
            reply = handle(request, session)
            if reply is None:
                break
            answer = reply
        sink.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sink.flush()
    return 0
