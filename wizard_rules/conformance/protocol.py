"""The conformance adapter protocol, versions 1 and 2: what every runner and adapter share.

Version 1 runs the suite's cases from the first deal; version 2 adds cases
that start from a position and the step-by-step messages of the
differential fuzz mode (the block at the end of this module).

A runner drives an implementation (the *adapter*) as a long-lived subprocess.
They exchange JSON Lines: one JSON object per line, UTF-8, on the adapter's
standard input and output (the adapter may write anything to standard error).
Only a line feed ends a line (a carriage return is JSON whitespace, not a
line break); a line is at most :data:`MAX_LINE_BYTES` long; numbers are
finite (``NaN`` and ``Infinity`` are not JSON, and a runner reports an answer
holding them, or a number too large for a double, as an adapter error).

1. The runner says ``{"type": "hello", "protocol": 1}`` (:class:`HelloRequest`;
   ``conformance run`` says ``2``, see :data:`PROTOCOL_VERSION_2`); the
   adapter answers ``{"type": "hello", "protocol": 1, "name": "...",
   "version": "..."}`` (:class:`HelloAnswer`).
2. For each case the runner sends a ``case`` request (:class:`CaseRequest`)::

       {"type": "case", "id": "winner.059",
        "config": {"players": 3, "first_dealer": 0, "forbid_bid_total_match": false},
        "actions": [{"type": "deal", ...}, {"type": "bid", ...}, ...],
        "observe": ["trick_winner", "scores"],
        "perft": null}

   The adapter starts a new game with ``config`` and applies the actions in
   order.  An action its rules refuse is reported and skipped: the game goes
   on from the unchanged state.  It then answers (:class:`ResultAnswer`)::

       {"type": "result", "id": "winner.059",
        "errors": [{"at": 5, "code": "must_follow_suit"}],
        "state": {"trick_winner": 2, "scores": [0, 0, 0]},
        "perft": null}

   ``errors`` lists every refused action with its index in ``actions`` and
   its error code, in order (empty when all were applied; each a
   :class:`Refusal`).  If ``config`` itself is refused, ``errors`` is
   ``[{"at": null, "code": "invalid_config"}]`` and ``state`` is ``null``.
   ``state`` holds the requested observations of the final state (see
   :data:`OBSERVATION_KEYS`).  When ``perft`` is a depth ``d`` (at most
   :data:`MAX_PERFT_DEPTH`), the answer's ``perft`` is the number of distinct
   sequences of ``d`` legal actions from the final state.  A request the
   adapter cannot read gets an :class:`ErrorAnswer`, and so may a request
   that would cost it more work than it allows (a perft too large to count
   in reasonable time: this library's adapter stops at
   ``wizard_rules.sim.perft.PERFT_NODE_BUDGET`` positions).

   *Unsupported* (an addition to version 1 that older adapters need not
   know): a result may carry ``"unsupported": true`` when the adapter does
   not support the case at all (``errors``, ``state`` and ``perft`` may then
   be left out and are not judged), or ``"unsupported": [NAME, ...]`` naming
   the parts it cannot answer: observation keys of the request's
   ``observe``, ``"errors"``, or ``"perft"`` when a depth was asked.  Those
   parts are not judged, and an unsupported observation must not also be in
   ``state``; the rest of the answer is judged as usual.  ``false`` and
   ``[]`` mean nothing is unsupported.

   A key of ``config`` that the adapter does not know (a variant it does
   not implement, such as ``canadian_rule`` or ``schedule``, rules 21 and 22
   of the specification, or ``hidden_bids``, ``delayed_reveal``,
   ``hardcore`` and ``clairvoyance``, rules 23 to 26) is not a refusal: the
   adapter answers the case ``"unsupported": true``, whatever the key's
   value, rather than ``invalid_config`` (which says that no game has this
   configuration) or the base game's answer.  The keys the protocol
   defines are :data:`CONFIG_KEYS`; an adapter written before a key was
   added keeps working, and its report shows the cases it lacks as
   unsupported, not as failures.  (This library's adapter implements every
   key the protocol defines, and refuses a key outside them with
   ``invalid_config``; no case of the suite gives one.)  An adapter that
   knows a variant's key but not the combination a case asks for (rule 27)
   answers unsupported too; one that knows both keys answers a combination
   that rule 27 refuses with ``invalid_config``.

   *Views* (an addition that older adapters need not know): the
   observation ``views`` is what each seat is given (its player view), so
   that cases can check what a variant hides (rules 13, 23, 24 and 26); see
   :data:`VIEW_KEYS`.  An adapter that has no per-seat view answers
   ``"unsupported": ["views"]``.

   Answers are compared as JSON values, types included (``true`` is not
   ``1``, ``1.0`` is not ``1``).  A part asked for and left out of the
   answer (``errors``, ``perft``, or a key of ``state``) is wrong, never read
   as ``null``.  A field at the top of an answer that the protocol does not
   define for its ``type`` (see :data:`ANSWER_FIELDS`), such as ``"note"``,
   is ignored, so that an adapter keeps working when a later version adds
   fields (and may add its own); a runner lists such fields once in its
   report.  Within an answer nothing extra is allowed: ``state`` holds only
   keys of ``observe`` (an observation not asked for is an adapter error),
   a refusal exactly ``at`` and ``code``, and an observation's value exactly
   the shape of :data:`OBSERVATION_KEYS` (an extra field there is a wrong
   value).
3. The runner ends with ``{"type": "bye"}`` (:class:`ByeRequest`); the
   adapter exits.

Error codes are those of :class:`~wizard_rules.errors.ErrorCode`; an action
that cannot even be read (an unknown card such as ``"H14"``) is reported with
``bad_card_text`` or ``invalid_action``.  Values are written as in game
records (:mod:`wizard_rules.formats.records`): cards as tokens, suits as letters.

This module is data only: the version, the shapes of the messages (as
:class:`~typing.TypedDict` classes, for type checkers) and the names of the
observations.  It imports nothing of the rules engine, so a runner that
judges other implementations (:mod:`wizard_rules.conformance.runner`) does not
depend on this library's rules; this library's own answers are in
:mod:`wizard_rules.conformance.adapter`.  The tests prove it by reading the
import statements of the runner, this module and
:mod:`wizard_rules.conformance.suite`, transitively, and by running the
runner in a fresh interpreter and listing what it loaded.
"""

from __future__ import annotations

from typing import Final, Literal, NotRequired, TypeAlias, TypedDict

__all__ = [
    "ANSWER_FIELDS",
    "CARD_VIEW_KEYS",
    "CONFIG_KEYS",
    "JSON",
    "MAX_LINE_BYTES",
    "MAX_PERFT_DEPTH",
    "OBSERVATION_KEYS",
    "PROTOCOL_VERSION",
    "PROTOCOL_VERSION_2",
    "UNORDERED_OBSERVATIONS",
    "VIEW_KEYS",
    "ApplyRequest",
    "ByeRequest",
    "CaseRequest",
    "ErrorAnswer",
    "HelloAnswer",
    "HelloRequest",
    "JSONObject",
    "ObservedAnswer",
    "OkAnswer",
    "PerftExpectation",
    "QueryRequest",
    "Refusal",
    "RefusedAnswer",
    "ResultAnswer",
    "ResultFields",
    "StartRequest",
]

PROTOCOL_VERSION: Final = 1
"""The version of the adapter protocol described here."""

MAX_PERFT_DEPTH: Final = 12
"""The deepest perft a ``case`` request may ask for."""

MAX_LINE_BYTES: Final = 1 << 20
"""The longest line (1 MiB, its newline not counted) either side must read.

A request longer than this may be answered with an :class:`ErrorAnswer`
instead; an answer longer than this is an adapter error.
"""

JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"
"""Any JSON value, as :func:`json.loads` returns it."""

JSONObject: TypeAlias = "dict[str, JSON]"
"""A JSON object, as :func:`json.loads` returns it."""


class Refusal(TypedDict):
    """One refused action: its index in ``actions`` (``None`` for the config) and its code."""

    at: int | None
    code: str


class PerftExpectation(TypedDict):
    """A case's expected perft count: ``count`` sequences of ``depth`` legal actions."""

    depth: int
    count: int


class HelloRequest(TypedDict):
    """The runner's handshake: ``{"type": "hello", "protocol": 1}``."""

    type: Literal["hello"]
    protocol: int


class HelloAnswer(TypedDict):
    """The adapter's handshake: the protocol it speaks, and its name and version."""

    type: Literal["hello"]
    protocol: int
    name: str
    version: str


class CaseRequest(TypedDict):
    """One case, sent by the runner: a configuration, actions, and what to observe.

    ``position`` is sent to adapters of protocol version 2 only (``null`` for
    a case that starts at the first deal); see :data:`PROTOCOL_VERSION_2`.
    """

    type: Literal["case"]
    id: str
    config: JSONObject
    position: NotRequired[JSONObject | None]
    actions: list[JSON]
    observe: list[str]
    perft: int | None


class ResultFields(TypedDict):
    """What an adapter found for a case: the refusals, the observations and the perft count.

    ``unsupported`` (optional) is ``true`` for a case the adapter does not
    support, or the names of the parts it cannot answer (observation keys,
    ``"errors"``, ``"perft"``).
    """

    errors: list[Refusal]
    state: JSONObject | None
    perft: int | None
    unsupported: NotRequired[bool | list[str]]


class ResultAnswer(ResultFields):
    """The adapter's answer to a case: :class:`ResultFields` with the case's ``id``."""

    type: Literal["result"]
    id: JSON


class ErrorAnswer(TypedDict):
    """The adapter's answer to a request it cannot read (with the request's ``id`` if any)."""

    type: Literal["error"]
    id: NotRequired[JSON]
    message: str


class ByeRequest(TypedDict):
    """The runner's goodbye: ``{"type": "bye"}``; the adapter then exits."""

    type: Literal["bye"]


OBSERVATION_KEYS: Final[tuple[str, ...]] = (
    "phase",
    "round",
    "rounds",
    "dealer",
    "current_player",
    "hands",
    "turned",
    "trump",
    "bids",
    "trick",
    "leader",
    "led_suit",
    "trick_winner",
    "tricks",
    "trick_winners",
    "tricks_won",
    "scores",
    "round_bids",
    "round_trick_winners",
    "round_scores",
    "winners",
    "legal_actions",
    "position",
    "views",
    "trump_card",
    "vampire_copies",
    "declared",
    "bid_changes",
    "round_bid_changes",
    "card_views",
)
"""What a ``case`` request may ask to observe, in this order.

=======================  ===============================================================
key                      value
=======================  ===============================================================
``phase``                ``"deal"``, ``"choose_trump"``, ``"bid"``, ``"play"`` or ``"game_over"``
``round``                the round number (the last round's after the end)
``rounds``               how many rounds the game has
``dealer``               the seat dealing this round
``current_player``       the seat to act, or ``null`` at a deal and after the end
``hands``                each seat's cards (order does not matter)
``turned``               the turned card, or ``null``
``trump``                the trump suit's letter, or ``null`` for no trump
``bids``                 each seat's bid this round, ``null`` until made
``trick``                the cards of the current trick, in the order played
``leader``               the seat that leads (or led) the current trick
``led_suit``             the led suit's letter, or ``null``
``trick_winner``         the seat winning the current trick so far, or ``null``
``tricks``               this round's completed tricks: ``leader``, ``cards``, ``winner``
``trick_winners``        the seats that won this round's completed tricks, in order
``tricks_won``           each seat's tricks won this round
``scores``               each seat's running total
``round_bids``           for each finished round, each seat's bid in it
``round_trick_winners``  for each finished round, the seats that won its tricks, in order
``round_scores``         for each finished round, each seat's score for that round
``winners``              at the end, the seats with the highest total; before, ``[]``
``legal_actions``        the legal actions of the player to act (order does not matter)
``position``             the position, in the canonical one-line notation of rule 1.4
``views``                for each seat, what that seat is given: see :data:`VIEW_KEYS`
``trump_card``           the card in the trump place: the turned card, or the Werewolf
                         once its holder has taken the turned card (rule 32.1); ``null``
                         before the deal
``vampire_copies``       the card the Vampire counts as this round (rule 37): the card
                         in the trump place, or under the Werewolf the card the reading
                         ``vampire_under_werewolf`` names; ``null`` before it is known
                         and in a game without the Vampire
``declared``             for each card of the current trick, in the order played, what it
                         was declared as: a suit's letter (a Juggler or a Cloud), ``"W"``
                         or ``"J"`` (a Shapeshifter), or ``null`` (every other card, and
                         a card still to be declared)
``bid_changes``          this round's bid changes of the Cloud (rule 34), in order: each
                         ``[SEAT, BY]`` with ``BY`` ``1`` or ``-1``
``round_bid_changes``    for each finished round, its bid changes, as ``bid_changes``
``card_views``           for each seat, what that seat is given of the cards' secrets:
                         see :data:`CARD_VIEW_KEYS`
=======================  ===============================================================

*The anniversary cards* (rules 28 to 41; an addition that older adapters
need not know).  A configuration with the key ``anniversary_cards`` plays
with them (see :data:`CONFIG_KEYS`); an adapter that does not know the key
answers such a case unsupported, as for every key.  In such a game the
observations above read as follows:

* ``phase`` may also be ``"werewolf"`` (the Werewolf's holder takes the
  turned card and names trump), ``"reveal"`` (a chance step: the stock's
  next card is turned up for the Vampire, rule 37.3), ``"declare"`` (the
  card just played is declared), ``"pass"`` (the Juggler's pass, rule
  33.2), ``"change_bid"`` (the Cloud's bid change, rule 34.2) or
  ``"witch"`` (the Witch's swap, rule 36.2); ``current_player`` is
  ``null`` at a ``reveal`` as at a deal;
* ``turned`` is the card turned for trump (also when the Werewolf took it
  into a hand; ``trump_card`` is the card in the trump place);
* ``bids`` are the bids after any change of the Cloud (so is each round of
  ``round_bids``);
* ``trick_winner`` is ``null`` while a Bomb is in the current trick; an
  entry of ``tricks`` (and of ``trick_winners`` and
  ``round_trick_winners``) has the winner ``null`` for a Bomb's trick,
  which counts for no one (rule 31.1); ``leader`` after a trick is the
  seat that leads the next (after a Bomb, rule 31.3's);
* ``hands`` and ``legal_actions`` hold the cards' tokens (``"Dragon"``,
  ...) and actions (``werewolf``, ``reveal`` is a chance action and never
  legal for a player, ``declare``, ``pass``, ``change_bid``,
  ``witch_swap``), as in game records;
* ``position`` cannot be given: the one-line notation has no cards of
  these; an adapter answers it ``"unsupported": ["position"]``, and a case
  that starts from a position with these cards ``"unsupported": true``;
* ``views`` keeps its shape: each seat's own hand (``null`` for the
  others), the bids, ``unseen_bids`` ``[]`` and ``round_bids``; what the
  cards add to a seat's view is ``card_views``.

In the standard game the new observations hold what a game without the
cards has: ``trump_card`` the turned card, ``vampire_copies`` ``null``,
``declared`` ``null`` for each card of the trick, ``bid_changes`` ``[]``,
``round_bid_changes`` ``[]`` for each finished round, and ``card_views``
nothing passed or swapped.
"""

CARD_VIEW_KEYS: Final[tuple[str, ...]] = ("passing", "passes", "witch_swaps")
"""The keys of each seat's object in the observation ``card_views``, in this order.

``card_views`` is a list with one object per seat, in seat order: what that
seat is given of the secrets the anniversary cards make (rule 41.2), with
exactly these keys:

=================  ====================================================================
key                value
=================  ====================================================================
``passing``        during a Juggler's pass, the card this seat has put aside to pass,
                   or ``null`` (not yet, or no pass going on)
``passes``         this round's passes as this seat saw them, in order: each
                   ``[GIVEN, RECEIVED]``, the card it passed to its left and the card
                   its right-hand neighbour passed to it (rule 33.3)
``witch_swaps``    this round's Witch swaps, in order: each ``{"player": SEAT,
                   "trick": N, "give": CARD, "take": CARD}`` (``trick`` the index of
                   her trick among the round's, from 0); ``give`` and ``take`` are
                   ``null`` when she kept her hand, and ``give`` (the card put face
                   down into the trick) is ``null`` for every seat but the Witch's
                   player (rule 36.3)
=================  ====================================================================
"""

VIEW_KEYS: Final[tuple[str, ...]] = ("hands", "bids", "unseen_bids", "round_bids")
"""The keys of each seat's object in the observation ``views``, in this order.

``views`` is a list with one object per seat, in seat order: what that seat
is given (its player view, rule 13), with exactly these keys:

=================  ====================================================================
key                value
=================  ====================================================================
``hands``          by seat, the cards of that hand the viewer sees (order does not
                   matter), or ``null`` for a hand hidden from it: in the base game its
                   own hand and ``null`` for the others; under clairvoyance in round 1
                   every other seat's card and ``null`` for its own (rule 26.2); a hand
                   of no cards is ``[]``, whoever holds it
``bids``           by seat, the bid this round as the viewer sees it: ``null`` until
                   made, and while it is hidden from the viewer (rules 23 and 24)
``unseen_bids``    the seats whose bid this round is made but hidden from the viewer,
                   in ascending order (``[]`` in the base game)
``round_bids``     for each finished round, each seat's bid in it as the viewer's
                   result of that round shows it (every bid: rule 24.2)
=================  ====================================================================

An adapter that has no per-seat view answers ``"unsupported": ["views"]``.
"""

CONFIG_KEYS: Final[tuple[str, ...]] = (
    "players",
    "first_dealer",
    "forbid_bid_total_match",
    "canadian_rule",
    "schedule",
    "hidden_bids",
    "delayed_reveal",
    "hardcore",
    "clairvoyance",
    "anniversary_cards",
    "readings",
)
"""The keys of a case's ``config`` that the protocol defines.

``players`` and ``first_dealer`` (the base game); ``forbid_bid_total_match``
(rule 20), ``canadian_rule`` (rule 21), ``hidden_bids`` (rule 23),
``delayed_reveal`` (rule 24), ``hardcore`` (rule 25) and ``clairvoyance``
(rule 26), each ``true`` or ``false``; ``schedule`` (rule 22).  The
anniversary cards (rules 28 to 41): ``anniversary_cards``, an array of the
names of the cards added to the 60 (``"dragon"``, ``"fairy"``, ``"bomb"``,
``"werewolf"``, ``"juggler"``, ``"cloud"``, ``"shapeshifter"``,
``"witch"``, ``"vampire"``; at least one, each once, the Dragon with the
Fairy or neither: rule 28.2), and ``readings``, an object of reading names
and values for the points the sources leave open (``bomb_leader``,
``cloud_timing``, ``effect_order``, ``vampire_under_werewolf``,
``juggler_last_trick``; a reading left out takes the specification's
default, so only the others need be given).  Anything else there, or the
cards with hidden bids, delayed reveal or clairvoyance (rule 28.5), is
``invalid_config``.  An adapter that does not know a key given answers the
case unsupported.
"""

UNORDERED_OBSERVATIONS: Final[frozenset[str]] = frozenset({"hands", "winners", "legal_actions"})
"""Observations whose lists carry no order (for ``hands``, each hand's cards).

In ``views`` (not listed here: its list is in seat order), the cards of each
hand of each seat's view carry no order either.
"""

ANSWER_FIELDS: Final[dict[str, frozenset[str]]] = {
    "hello": frozenset({"type", "protocol", "name", "version"}),
    "result": frozenset({"type", "id", "errors", "state", "perft", "unsupported"}),
    "error": frozenset({"type", "id", "message"}),
    "ok": frozenset({"type"}),
    "refused": frozenset({"type", "code"}),
    "observed": frozenset({"type", "state"}),
}
"""The top-level fields the protocol defines for each type of answer (both versions).

Any other top-level field is ignored (and listed once in a runner's report):
see :class:`HelloAnswer`, :class:`ResultAnswer`, :class:`ErrorAnswer` and,
of version 2, :class:`OkAnswer`, :class:`RefusedAnswer` and
:class:`ObservedAnswer`.
"""


# -- protocol version 2: positions and step-by-step messages ---------------------------------
#
# Version 2 adds a ``position`` to ``case`` requests, so that a case can start
# where its rule shows, and the messages ``wizard-rules conformance fuzz``
# (:mod:`wizard_rules.conformance.fuzz`) plays games with, one step at a time.
# Everything else of version 1 above is unchanged, and a version-1 adapter
# still runs every case that starts at the first deal.

PROTOCOL_VERSION_2: Final = 2
"""The protocol version with cases that start from a position, and step-by-step messages.

A runner says ``{"type": "hello", "protocol": 2}``; an adapter that speaks
version 2 answers with ``"protocol": 2`` (and still answers a version-1
``hello`` with ``"protocol": 1``); one that answers ``1`` speaks version 1
only.  ``conformance run`` then goes on in version 1: it sends no
``position`` and reports the cases that start from one as unsupported,
without sending them.  ``conformance fuzz`` needs version 2.

0. ``case`` requests carry one more field, ``"position"``: ``null`` for a
   case that starts at the first deal (as in version 1), or a position (the
   JSON form of ``position.schema.json``, whose ``config`` is the request's
   ``config``).  The adapter starts the game at that position instead of at
   the first deal, then applies ``actions`` as usual.  A position the
   adapter finds impossible (rules 12.1 to 12.14 of the specification) is
   answered as a refused configuration is: ``errors`` is ``[{"at": null,
   "code": "invalid_position"}]``, ``state`` and ``perft`` are ``null``.  An
   adapter that cannot start from some position answers that case
   ``"unsupported": true``.  The observations of finished tricks and
   rounds (``tricks``, ``trick_winners``, ``round_bids``,
   ``round_trick_winners``, ``round_scores``) cover those finished since the
   game started: for a game started at a position, those finished after it
   (a position holds the cards of the round's earlier tricks, ``played``,
   but not who led or won each; earlier rounds are only in its scores).

1. ``{"type": "start", "config": CONFIG}`` (:class:`StartRequest`), or with
   ``"position": POSITION`` (the JSON form of ``position.schema.json``) to
   start there instead of at the first deal: the adapter starts a new game
   and answers :class:`OkAnswer` ``{"type": "ok"}``, or
   :class:`RefusedAnswer` ``{"type": "refused", "code": "invalid_config"}``
   (``invalid_position`` for a position it refuses, ``unsupported`` for a
   position it cannot start from or a configuration with a key it does not
   know, as for a ``case``).
2. ``{"type": "apply", "action": ACTION}`` (:class:`ApplyRequest`): the
   adapter applies the action to its game and answers ``{"type": "ok"}``, or
   refuses it with ``{"type": "refused", "code": CODE}`` and keeps the game
   unchanged (the codes are those of version 1's ``errors``).
3. ``{"type": "query", "observe": [KEY, ...]}`` (:class:`QueryRequest`): the
   adapter answers :class:`ObservedAnswer` ``{"type": "observed", "state":
   {KEY: VALUE, ...}}`` with the observations of :data:`OBSERVATION_KEYS` of
   its game's current state.

``apply`` or ``query`` before any ``start`` gets an :class:`ErrorAnswer`.
"""


class StartRequest(TypedDict):
    """Version 2: start a new game with ``config`` (at ``position`` if given)."""

    type: Literal["start"]
    config: JSONObject
    position: NotRequired[JSONObject | None]


class ApplyRequest(TypedDict):
    """Version 2: apply one action (game-record form) to the game."""

    type: Literal["apply"]
    action: JSON


class QueryRequest(TypedDict):
    """Version 2: observe the game's current state."""

    type: Literal["query"]
    observe: list[str]


class OkAnswer(TypedDict):
    """Version 2: the game was started, or the action applied."""

    type: Literal["ok"]


class RefusedAnswer(TypedDict):
    """Version 2: the configuration, position or action was refused, with its code."""

    type: Literal["refused"]
    code: str


class ObservedAnswer(TypedDict):
    """Version 2: the observations asked for, of the current state."""

    type: Literal["observed"]
    state: JSONObject
