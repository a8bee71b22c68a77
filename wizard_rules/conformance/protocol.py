"""The conformance adapter protocol, version 1, and this library's side of it.

A runner drives an implementation (the *adapter*) as a long-lived subprocess.
They exchange JSON Lines: one JSON object per line, UTF-8, on the adapter's
standard input and output (the adapter may write anything to standard error).

1. The runner says ``{"type": "hello", "protocol": 1}``; the adapter answers
   ``{"type": "hello", "protocol": 1, "name": "...", "version": "..."}``.
2. For each case the runner sends a ``case`` request::

       {"type": "case", "id": "winner.012",
        "config": {"players": 3, "first_dealer": 0, "forbid_bid_total_match": false},
        "actions": [{"type": "deal", ...}, {"type": "bid", ...}, ...],
        "observe": ["trick_winner", "scores"],
        "perft": null}

   The adapter starts a new game with ``config`` and applies the actions in
   order.  An action its rules refuse is reported and skipped: the game goes
   on from the unchanged state.  It then answers::

       {"type": "result", "id": "winner.012",
        "errors": [{"at": 5, "code": "must_follow_suit"}],
        "state": {"trick_winner": 2, "scores": [0, 0, 0]},
        "perft": null}

   ``errors`` lists every refused action with its index in ``actions`` and
   its error code, in order (empty when all were applied).  If ``config``
   itself is refused, ``errors`` is ``[{"at": null, "code": "invalid_config"}]``
   and ``state`` is ``null``.  ``state`` holds the requested observations of
   the final state (see :data:`OBSERVATIONS`).  When ``perft`` is a depth
   ``d``, the answer's ``perft`` is the number of distinct sequences of ``d``
   legal actions from the final state (see :func:`perft`).
3. The runner ends with ``{"type": "bye"}``; the adapter exits.

Error codes are those of :class:`~wizard_rules.errors.ErrorCode`; an action
that cannot even be read (an unknown card such as ``"H14"``) is reported with
``bad_card_text`` or ``invalid_action``.  Values are written as in game
records (:mod:`wizard_rules.records`): cards as tokens, suits as letters.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from wizard_rules import __version__
from wizard_rules.actions import Action
from wizard_rules.config import Config
from wizard_rules.errors import (
    CardTextError,
    ConfigError,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    RecordError,
)
from wizard_rules.records import action_from_dict, action_to_dict, config_from_dict
from wizard_rules.state import State, new_game
from wizard_rules.transitions import apply, legal_actions

__all__ = ["OBSERVATIONS", "PROTOCOL_VERSION", "handle", "perft", "run_case"]

PROTOCOL_VERSION: Final = 1
"""The version of the adapter protocol described here."""


def _cards(cards: Any) -> list[str]:
    return [card.text for card in cards]


def _suit(suit: Any) -> str | None:
    return None if suit is None else suit.value


OBSERVATIONS: Final[dict[str, Callable[[State], Any]]] = {
    "phase": lambda s: s.phase.value,
    "round": lambda s: s.round,
    "rounds": lambda s: s.config.rounds,
    "dealer": lambda s: s.dealer,
    "current_player": lambda s: s.current_player,
    "hands": lambda s: [_cards(hand) for hand in s.hands],
    "turned": lambda s: None if s.turned is None else s.turned.text,
    "trump": lambda s: _suit(s.trump),
    "bids": lambda s: list(s.bids),
    "trick": lambda s: _cards(s.trick),
    "leader": lambda s: s.leader,
    "led_suit": lambda s: _suit(s.led_suit),
    "trick_winner": lambda s: s.trick_winner,
    "tricks": lambda s: [
        {"leader": t.leader, "cards": _cards(t.cards), "winner": t.winner} for t in s.tricks
    ],
    "tricks_won": lambda s: list(s.tricks_won),
    "scores": lambda s: list(s.scores),
    "round_scores": lambda s: [list(result.scores) for result in s.results],
    "winners": lambda s: list(s.winners),
    "legal_actions": lambda s: [action_to_dict(action) for action in legal_actions(s)],
}
"""What a ``case`` request may ask to observe, and how this library answers.

==================  ===============================================================
key                 value
==================  ===============================================================
``phase``           ``"deal"``, ``"choose_trump"``, ``"bid"``, ``"play"`` or ``"game_over"``
``round``           the round number (the last round's after the end)
``rounds``          how many rounds the game has
``dealer``          the seat dealing this round
``current_player``  the seat to act, or ``null`` at a deal and after the end
``hands``           each seat's cards (order does not matter)
``turned``          the turned card, or ``null``
``trump``           the trump suit's letter, or ``null`` for no trump
``bids``            each seat's bid this round, ``null`` until made
``trick``           the cards of the current trick, in the order played
``leader``          the seat that leads (or led) the current trick
``led_suit``        the led suit's letter, or ``null``
``trick_winner``    the seat winning the current trick so far, or ``null``
``tricks``          this round's completed tricks: ``leader``, ``cards``, ``winner``
``tricks_won``      each seat's tricks won this round
``scores``          each seat's running total
``round_scores``    for each finished round, each seat's score for that round
``winners``         at the end, the seats with the highest total; before, ``[]``
``legal_actions``   the legal actions of the player to act (order does not matter)
==================  ===============================================================

:meta hide-value:
"""


def perft(state: State, depth: int) -> int:
    """Count the distinct sequences of ``depth`` legal actions from ``state``.

    A chance step (a deal) or the end of the game ends a sequence early: it
    counts as one leaf.  ``perft(state, 0)`` is 1.
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


def _decode_action(value: Any) -> Action:
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


def run_case(
    config: Any, actions: list[Any], observe: list[str], depth: int | None
) -> dict[str, Any]:
    """Play a case's actions from a new game and answer as the protocol says.

    Returns the ``errors``, ``state`` and ``perft`` fields of a ``result``.
    """
    try:
        rules: Config = config_from_dict(config)
    except RecordError:
        return {
            "errors": [{"at": None, "code": ErrorCode.INVALID_CONFIG.value}],
            "state": None,
            "perft": None,
        }
    state = new_game(rules)
    errors: list[dict[str, Any]] = []
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


def handle(request: Any) -> dict[str, Any] | None:
    """Answer one protocol request; ``None`` for ``bye`` (the adapter then exits)."""
    if type(request) is not dict:
        return {"type": "error", "message": "a request must be a JSON object"}
    kind = request.get("type")
    if kind == "hello":
        return {
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "name": "wizard-rules",
            "version": __version__,
        }
    if kind == "bye":
        return None
    if kind == "case":
        observe = request.get("observe") or []
        depth = request.get("perft")
        actions = request.get("actions")
        if (
            type(actions) is not list
            or type(observe) is not list
            or not (depth is None or (type(depth) is int and 0 <= depth <= 12))
        ):
            return {"type": "error", "id": request.get("id"), "message": "malformed case request"}
        result = run_case(request.get("config"), actions, observe, depth)
        return {"type": "result", "id": request.get("id"), **result}
    return {"type": "error", "message": f"unknown request type {kind!r}"[:200]}
