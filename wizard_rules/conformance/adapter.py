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
from wizard_rules.core.anniversary.deck import AnniversaryDeck
from wizard_rules.core.anniversary.readings import READINGS, Readings
from wizard_rules.core.anniversary.state import (
    AnniversaryState,
    AnniversaryTrick,
    WitchSwapRecord,
)
from wizard_rules.core.anniversary.transitions import new_anniversary_game
from wizard_rules.core.anniversary.views import AnniversaryView, anniversary_view
from wizard_rules.core.cards import Kind, Suit
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
    "UNANSWERED",
    "Session",
    "handle",
    "run_case",
    "serve",
]


_Game: TypeAlias = "State | AnniversaryState"
"""A game this adapter plays: the standard game, or one with anniversary cards."""


def _declared_to_json(value: Suit | Kind | None) -> str | None:
    """A declaration as the observation ``declared`` writes it: a suit letter, "W", "J" or null."""
    if value is None:
        return None
    if type(value) is Suit:
        return suit_to_json(value)
    return "W" if value is Kind.WIZARD else "J"


def _anniversary_trick_to_json(trick: AnniversaryTrick) -> dict[str, Any]:
    """A finished trick of a game with cards, in the shape of ``tricks`` (winner null: a Bomb)."""
    return {"leader": trick.leader, "cards": cards_to_json(trick.cards), "winner": trick.winner}


def _swap_to_json(swap: WitchSwapRecord) -> dict[str, Any]:
    return {
        "player": swap.player,
        "trick": swap.trick,
        "give": card_to_json(swap.give),
        "take": card_to_json(swap.take),
    }


def _anniversary_view_to_json(view: AnniversaryView) -> dict[str, Any]:
    """One seat's object of ``views`` in a game with cards: the keys of the standard game's."""
    players = view.config.players
    return {
        "hands": [cards_to_json(view.hand) if s == view.seat else None for s in range(players)],
        "bids": list(view.bids),
        "unseen_bids": [],
        "round_bids": [list(result.bids) for result in view.results],
    }


def _card_view_to_json(view: AnniversaryView) -> dict[str, Any]:
    """One seat's object of ``card_views``: see :data:`~.protocol.CARD_VIEW_KEYS`."""
    return {
        "passing": card_to_json(view.passing),
        "passes": [[card_to_json(given), card_to_json(got)] for given, got in view.passes],
        "witch_swaps": [_swap_to_json(swap) for swap in view.witch_swaps],
    }


def _anniversary_views(state: AnniversaryState) -> list[dict[str, Any]]:
    seats = range(state.config.players)
    return [_anniversary_view_to_json(anniversary_view(state, seat)) for seat in seats]


def _card_views(state: _Game) -> list[dict[str, Any]]:
    """The observation ``card_views``: nothing passed or swapped in the standard game."""
    if type(state) is not AnniversaryState:
        return [
            {"passing": None, "passes": [], "witch_swaps": []} for _ in range(state.config.players)
        ]
    seats = range(state.config.players)
    return [_card_view_to_json(anniversary_view(state, seat)) for seat in seats]


def _vampire_copies(state: AnniversaryState) -> str | None:
    if not state.deck.has(Kind.VAMPIRE):
        return None
    return card_to_json(state.vampire_copies)


def _either(
    standard: Callable[[State], Any], cards: Callable[[AnniversaryState], Any]
) -> Callable[[_Game], Any]:
    """An observation: ``standard`` for the standard game, ``cards`` for a game with cards."""

    def observe(state: _Game) -> Any:
        if type(state) is AnniversaryState:
            return cards(state)
        assert type(state) is State
        return standard(state)

    return observe


def _same(observe: Callable[[Any], Any]) -> Callable[[_Game], Any]:
    """An observation read the same way from either game."""
    return observe


def _no_position(state: AnniversaryState) -> Any:  # pragma: no cover - filtered out before
    raise AssertionError("a game with anniversary cards has no position notation")


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


OBSERVATIONS: Final[dict[str, Callable[[_Game], Any]]] = {
    "phase": _same(lambda s: s.phase.value),
    "round": _same(lambda s: s.round),
    "rounds": _same(lambda s: s.config.rounds),
    "dealer": _same(lambda s: s.dealer),
    "current_player": _same(lambda s: s.current_player),
    "hands": _same(lambda s: [cards_to_json(hand) for hand in s.hands]),
    "turned": _same(lambda s: card_to_json(s.turned)),
    "trump": _same(lambda s: suit_to_json(s.trump)),
    "bids": _same(lambda s: list(s.bids)),
    "trick": _same(lambda s: cards_to_json(s.current_trick)),
    "leader": _same(lambda s: s.leader),
    "led_suit": _same(lambda s: suit_to_json(s.led_suit)),
    "trick_winner": _same(lambda s: s.trick_winner),
    "tricks": _either(
        lambda s: [trick_to_json(t) for t in s.completed_tricks],
        lambda s: [_anniversary_trick_to_json(t) for t in s.completed_tricks],
    ),
    "trick_winners": _same(lambda s: [t.winner for t in s.completed_tricks]),
    "tricks_won": _same(lambda s: list(s.tricks_won)),
    "scores": _same(lambda s: list(s.scores)),
    "round_bids": _same(lambda s: [list(result.bids) for result in s.results]),
    "round_trick_winners": _same(
        lambda s: [[t.winner for t in result.tricks] for result in s.results]
    ),
    "round_scores": _same(lambda s: [list(result.scores) for result in s.results]),
    "winners": _same(lambda s: list(s.winners)),
    "legal_actions": _same(lambda s: [action_to_dict(action) for action in legal_actions(s)]),
    "position": _either(lambda s: position_of(s).to_text(), _no_position),
    "views": _either(_views, _anniversary_views),
    "trump_card": _either(lambda s: card_to_json(s.turned), lambda s: card_to_json(s.trump_card)),
    "vampire_copies": _either(lambda s: None, _vampire_copies),
    "declared": _either(
        lambda s: [None] * len(s.current_trick),
        lambda s: [_declared_to_json(value) for value in s.declared],
    ),
    "bid_changes": _either(lambda s: [], lambda s: [list(c) for c in s.bid_changes]),
    "round_bid_changes": _either(
        lambda s: [[] for _ in s.results],
        lambda s: [[list(c) for c in result.bid_changes] for result in s.results],
    ),
    "card_views": _card_views,
}
"""How this library answers each observation of
:data:`~wizard_rules.conformance.protocol.OBSERVATION_KEYS` (same keys, same
order): a function of the final :class:`~wizard_rules.State`, or of an
:class:`~wizard_rules.core.anniversary.AnniversaryState` for a game with
the anniversary cards (whose ``position`` this adapter does not answer:
see :data:`UNANSWERED`).

:meta hide-value:
"""

UNANSWERED: Final[frozenset[str]] = frozenset({"position"})
"""The observations this adapter answers unsupported in a game with anniversary cards.

The one-line notation of positions (rule 1.4) has no anniversary cards.
"""


def _observe(state: _Game, observe: Sequence[str]) -> tuple[dict[str, Any], list[str]]:
    """The observations asked for, and those left unanswered (see :data:`UNANSWERED`)."""
    skipped: list[str] = []
    if type(state) is AnniversaryState:
        skipped = [key for key in observe if key in UNANSWERED]
    observed = {
        key: OBSERVATIONS[key](state)
        for key in observe
        if key in OBSERVATIONS and key not in skipped
    }
    return observed, skipped


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


def _with_readings(config: JSON, default: Readings | None) -> JSON:
    """``config`` with its missing readings taken from ``default`` (for a game with cards).

    A configuration that is not an object, has no ``anniversary_cards``, or
    whose ``readings`` is not an object is left as it is (and refused or
    played as it says).
    """
    if default is None or type(config) is not dict or "anniversary_cards" not in config:
        return config
    given = config.get("readings", {})
    if type(given) is not dict:
        return config
    readings: dict[str, JSON] = {
        reading.name: getattr(default, reading.name)
        for reading in READINGS
        if getattr(default, reading.name) != reading.default
    }
    readings.update(given)
    return {**config, "readings": readings} if readings else config


def _has_cards(rules: Config) -> bool:
    """Whether a configuration plays with anniversary cards (rule 28)."""
    return type(rules.rules.deck) is AnniversaryDeck


def _start(rules: Config, position: JSON) -> _Game | None:
    """The game a case starts: a new game, or the game at ``position``.

    ``None`` for a position that is not one, cannot arise in a game (rules
    12.1 to 12.14), or belongs to another configuration.  A game with
    anniversary cards starts at the first deal (callers refuse a position
    for it first: see :func:`run_case`).
    """
    if position is None:
        return new_anniversary_game(rules) if _has_cards(rules) else new_game(rules)
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
    *,
    default_readings: Readings | None = None,
) -> ResultFields:
    """Play a case's actions from a new game (or ``position``) and answer as the protocol says.

    Returns the ``errors``, ``state`` and ``perft`` fields of a ``result``;
    observations that are not protocol keys are left out.  A refused
    configuration or position is the only error, at ``null`` (``state`` and
    ``perft`` are then ``None``).  A perft is counted within
    :data:`~wizard_rules.sim.perft.PERFT_NODE_BUDGET` positions; ``perft``
    is ``None`` if it needed more.

    A game with anniversary cards (rules 28 to 41) starts at the first deal
    only: a case that gives it a position is answered ``unsupported``
    (``True``), and the observations of :data:`UNANSWERED` are listed as
    unsupported (and left out of ``state``).  ``default_readings``, when
    given, are the readings such a configuration takes for those it does
    not name (instead of the specification's defaults).
    """
    try:
        rules: Config = config_from_dict(_with_readings(config, default_readings))
    except RecordError:
        return _refused_start(ErrorCode.INVALID_CONFIG)
    if position is not None and _has_cards(rules):
        return {"errors": [], "state": None, "perft": None, "unsupported": True}
    started = _start(rules, position)
    if started is None:
        return _refused_start(ErrorCode.INVALID_POSITION)
    state: _Game = started
    errors: list[Refusal] = []
    for index, value in enumerate(actions):
        try:
            state = apply(state, _decode_action(value))
        except _Unreadable as unreadable:
            errors.append({"at": index, "code": unreadable.code.value})
        except (IllegalActionError, InvalidArgumentError, ConfigError) as refused:
            errors.append({"at": index, "code": refused.code.value})
    observed, skipped = _observe(state, observe)
    result: ResultFields = {
        "errors": errors,
        "state": observed,
        "perft": None if depth is None else perft_within_budget(state, depth),  # type: ignore[arg-type]
    }
    if skipped:
        result["unsupported"] = skipped
    return result


_Answer: TypeAlias = (
    "HelloAnswer | ResultAnswer | ErrorAnswer | OkAnswer | RefusedAnswer | ObservedAnswer"
)


class Session:
    """The game of protocol version 2's step-by-step messages, between requests.

    ``start`` makes a new game, ``apply`` plays one action on it and
    ``query`` observes it (see
    :data:`~wizard_rules.conformance.protocol.PROTOCOL_VERSION_2`).
    ``default_readings`` are the readings a configuration with anniversary
    cards takes for those it does not name (see :func:`serve`).
    """

    def __init__(self, default_readings: Readings | None = None) -> None:
        self.state: _Game | None = None
        self.default_readings = default_readings

    def start(self, config: JSON, position: JSON) -> OkAnswer | RefusedAnswer:
        """Start a new game with ``config``, at ``position`` unless it is ``None``.

        A game with anniversary cards cannot start at a position: refused
        with ``unsupported``.
        """
        try:
            rules = config_from_dict(_with_readings(config, self.default_readings))
        except RecordError:
            return {"type": "refused", "code": ErrorCode.INVALID_CONFIG.value}
        if position is not None and _has_cards(rules):
            return {"type": "refused", "code": "unsupported"}
        state = _start(rules, position)
        if state is None:
            return {"type": "refused", "code": ErrorCode.INVALID_POSITION.value}
        self.state = state
        return {"type": "ok"}

    def play(self, state: _Game, value: JSON) -> OkAnswer | RefusedAnswer:
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
        """Answer a ``start``, ``apply`` or ``query`` request.

        In a game with anniversary cards, a ``query`` leaves out the
        observations of :data:`UNANSWERED`.
        """
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
        observed, _ = _observe(state, observe)
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
            request.get("config"),
            request["actions"],
            observe,
            depth,
            request.get("position"),
            default_readings=None if session is None else session.default_readings,
        )
        started = result["state"] is not None
        if depth is not None and started and result["perft"] is None:
            return {"type": "error", "id": request.get("id"), "message": _OVER_BUDGET}
        answer: ResultAnswer = {
            "type": "result",
            "id": request.get("id"),
            "errors": result["errors"],
            "state": result["state"],
            "perft": result["perft"],
        }
        if "unsupported" in result:
            answer["unsupported"] = result["unsupported"]
        return answer
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


def serve(
    stdin: IO[bytes] | IO[str] | None = None,
    stdout: TextIO | None = None,
    *,
    default_readings: Readings | None = None,
) -> int:
    """Answer protocol requests until ``bye`` or the end of input; return 0.

    ``default_readings``, when given, are the readings a configuration with
    anniversary cards takes for those it does not name, instead of the
    specification's defaults (``wizard-rules conformance adapter --reading
    NAME=VALUE``): an adapter that follows other readings, to show the
    reading detector.

    Standard input is read as bytes and decoded here, so the locale's
    encoding does not matter.  A line that is not UTF-8, not JSON (``NaN``
    and ``Infinity`` included), nested too deeply for the JSON reader, or
    longer than :data:`~wizard_rules.conformance.protocol.MAX_LINE_BYTES`
    gets an error answer, and the next line is read as usual.
    """
    source = sys.stdin.buffer if stdin is None else stdin
    sink = sys.stdout if stdout is None else stdout
    session = Session(default_readings)
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
