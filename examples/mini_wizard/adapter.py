"""The conformance adapter of Mini Wizard: protocol versions 1 and 2 on stdin and stdout.

Run it as ``python examples/mini_wizard/adapter.py``; the runner drives it::

    wizard-rules conformance run --adapter "python examples/mini_wizard/adapter.py"
        --known-failures examples/mini_wizard/known-failures.txt

and so does the differential mode, step by step (protocol version 2)::

    wizard-rules conformance fuzz --adapter "python examples/mini_wizard/adapter.py"
        --games 20 --seed 1 --option off

(each one command line).  It answers a ``hello`` of protocol 2 with 2 and
any other with 1; ``case`` requests, with or without a ``position`` to start
from; and the step-by-step messages ``start``, ``apply`` and ``query``
(:class:`Session`).  A position (the JSON form of ``position.schema.json``)
is read here (:func:`read_position`: its shape, in the engine's seats) and
judged by the engine (rules 12.1 to 12.14); either refusal is
``invalid_position``, as is a partial position (a hidden hand: not a game).
Every position is judged.

A configuration key it does not know (:data:`CONFIG_KEYS`) is a variant it
lacks, such as the Canadian rule (``canadian_rule``, rule 21) or a short
schedule (``schedule``, rule 22): such a case is answered ``"unsupported":
true``, and a ``start`` with it is refused with the code ``unsupported``, as
the protocol says, rather than guessed at or refused as ``invalid_config``.
It keeps no seat's view: a case that observes ``views`` gets ``"unsupported":
["views"]``, its other parts answered as usual.

It bridges the engine's structure to the protocol (see docs/implementers.rst):

* seats: the engine's first dealer is always its seat 0, so the adapter
  rotates seats by the case's ``first_dealer`` (protocol seat ``s`` is engine
  seat ``s - first_dealer``, modulo the number of players);
* players: the engine's moves carry no player, so the adapter checks the
  player an action names itself (rules 11.3 and 11.4), after rules 11.11,
  11.1 and 11.2 and before the engine's own checks;
* refusals: the engine's reasons are mapped to the protocol's error codes.

Two differences are deliberate and declared in ``known-failures.txt``: a
configuration with the bid-total option on is refused (``invalid_config``),
and a trump choice of "no trump" is refused as unreadable
(``invalid_action``), because the engine has no way to write it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from engine import (
    Bid,
    Card,
    ChooseTrump,
    Game,
    InvalidPosition,
    Move,
    Phase,
    Play,
    Position,
    Reason,
    Refused,
    Suit,
)

NAME = "mini-wizard"
VERSION = "0.2"
PROTOCOL = 2
"""The newest protocol version spoken: a ``hello`` of it is answered with it, any other with 1."""

CODES: dict[Reason, str] = {
    Reason.GAME_OVER: "game_over",
    Reason.NOT_NOW: "wrong_phase",
    Reason.BAD_DEAL: "invalid_deal",
    Reason.BID_RANGE: "bid_out_of_range",
    Reason.NOT_HELD: "card_not_in_hand",
    Reason.MUST_FOLLOW: "must_follow_suit",
}
"""The engine's reasons, as the protocol's error codes."""

FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("type", "hands", "turned"),
    "choose_trump": ("type", "player", "suit"),
    "bid": ("type", "player", "tricks"),
    "play": ("type", "player", "card"),
}
PHASE_OF: dict[str, Phase] = {
    "choose_trump": Phase.CHOOSE_TRUMP,
    "bid": Phase.BID,
    "play": Phase.PLAY,
}


CONFIG_KEYS = frozenset({"players", "first_dealer", "forbid_bid_total_match"})
"""The configuration keys Mini Wizard knows; any other names a variant it lacks."""


class Unsupported(Exception):
    """A configuration with a key Mini Wizard does not know: a variant it lacks."""


class Rejected(Exception):
    """An action the adapter itself refuses (rules 11.11, 11.3, 11.4), with its protocol code."""

    def __init__(self, code: str) -> None:
        """Refuse with ``code``."""
        super().__init__(code)
        self.code = code


def is_int(value: object) -> bool:
    """Whether ``value`` is a JSON integer (``true`` and ``1.0`` are not)."""
    return type(value) is int


def read_card(text: str) -> Card:
    """A card from its text, or ``bad_card_text``."""
    try:
        return Card.parse(text)
    except ValueError:
        raise Rejected("bad_card_text") from None


def read_config(config: object) -> tuple[int, int, bool]:
    """A configuration's players, first dealer and option.

    :raises Unsupported: it has a key that is not one of :data:`CONFIG_KEYS`.
    :raises ValueError: it is not a configuration (``invalid_config``).
    """
    if type(config) is not dict:
        raise ValueError("not a configuration")
    if not set(config) <= CONFIG_KEYS:
        raise Unsupported(f"no such variant here: {sorted(set(config) - CONFIG_KEYS)}")
    if "players" not in config:
        raise ValueError("not a configuration")
    players, first = config["players"], config.get("first_dealer", 0)
    option = config.get("forbid_bid_total_match", False)
    if not is_int(players) or not is_int(first) or type(option) is not bool:
        raise ValueError("configuration fields of the wrong type")
    if players not in (3, 4, 5, 6):
        raise ValueError("Wizard is played by 3 to 6 players")
    if not 0 <= first < players:
        raise ValueError("the first dealer is not a seat")
    return players, first, option


POSITION_FIELDS = frozenset(
    {
        "format",
        "version",
        "config",
        "round",
        "dealer",
        "over",
        "scores",
        "hands",
        "turned",
        "trump",
        "bids",
        "tricks_won",
        "played",
        "current_trick",
        "leader",
    }
)
"""The fields of a position (``position.schema.json``): all required, no others."""


def read_cards(value: object) -> tuple[Card, ...]:
    """A JSON list of card texts; :class:`InvalidPosition` for anything else."""
    if type(value) is not list or any(type(text) is not str for text in value):
        raise InvalidPosition("not a list of cards")
    try:
        return tuple(Card.parse(text) for text in value)
    except ValueError:
        raise InvalidPosition("not a card") from None


def read_ints(value: object, *, none: bool = False) -> list[int | None]:
    """A JSON list of integers (and ``null`` if ``none``); :class:`InvalidPosition` otherwise."""
    if type(value) is not list or not all(is_int(x) or (none and x is None) for x in value):
        raise InvalidPosition("not a list of whole numbers")
    return value


def read_position(value: object, config: tuple[int, int, bool]) -> Position:
    """The engine's position for a position's JSON form, in the engine's seats.

    Only the shape is read here, as ``position.schema.json`` describes it:
    a wrong shape, a configuration other than ``config`` (the case's, as
    :func:`read_config` reads it) or a hidden hand raises
    :class:`InvalidPosition`.  Whether the position can arise in a game is
    the engine's check (:meth:`engine.Game.at`); a per-seat list of the
    wrong length and a seat that is not one are passed on unchanged for it
    to refuse.
    """
    if type(value) is not dict or set(value) != POSITION_FIELDS:
        raise InvalidPosition("not a position object")
    if value["format"] != "wizard-rules/position" or not is_int(value["version"]):
        raise InvalidPosition("not a position of this format")
    if value["version"] != 1:
        raise InvalidPosition("not version 1 of the position format")
    try:
        if read_config(value["config"]) != config:
            raise InvalidPosition("the position's configuration is not the case's")
    except (ValueError, Unsupported):
        raise InvalidPosition("the position's configuration is not one") from None
    n, first, _ = config
    number, dealer, leader, over = (value[k] for k in ("round", "dealer", "leader", "over"))
    if not (is_int(number) and is_int(dealer) and is_int(leader)) or type(over) is not bool:
        raise InvalidPosition("round, dealer and leader are whole numbers, over true or false")
    hands = value["hands"]
    if type(hands) is not list:
        raise InvalidPosition("hands is not a list")
    if None in hands:
        raise InvalidPosition("a hand is hidden: a partial position is not a game")
    turned, trump = value["turned"], value["trump"]
    if trump not in (None, "C", "D", "H", "S"):
        raise InvalidPosition("the trump is not a suit letter")

    def engine_seats(values: list[Any]) -> tuple[Any, ...]:
        if len(values) != n:
            return tuple(values)  # a wrong count stays wrong, for the engine to refuse
        return tuple(values[(seat + first) % n] for seat in range(n))

    def engine_seat(seat: int) -> int:
        return (seat - first) % n if 0 <= seat < n else seat  # not a seat stays not one

    return Position(
        players=n,
        round=number,
        dealer=engine_seat(dealer),
        scores=engine_seats(read_ints(value["scores"])),
        hands=engine_seats([read_cards(hand) for hand in hands]),
        turned=None if turned is None else read_cards([turned])[0],
        trump=None if trump is None else Suit(trump),
        bids=engine_seats(read_ints(value["bids"], none=True)),
        tricks_won=engine_seats(read_ints(value["tricks_won"])),
        played=read_cards(value["played"]),
        trick=read_cards(value["current_trick"]),
        leader=engine_seat(leader),
        over=over,
    )


class Table:
    """One game, seen through the protocol's seats."""

    def __init__(self, config: object, position: object = None) -> None:
        """Start the game ``config`` describes, at ``position`` unless it is ``None``.

        :raises Unsupported: the configuration names a variant Mini Wizard lacks.
        :raises ValueError: the configuration is refused (``invalid_config``).
        :raises InvalidPosition: the position is refused (``invalid_position``).
        """
        players, first, option = read_config(config)
        if option:
            raise ValueError("Mini Wizard has no bid-total option")  # deliberate
        self.n, self.first = players, first
        if position is None:
            self.game = Game(players)
        else:
            self.game = Game.at(read_position(position, (players, first, option)))

    # -- seats ---------------------------------------------------------------

    def seat(self, engine_seat: int | None) -> int | None:
        """The protocol seat of an engine seat."""
        return None if engine_seat is None else (engine_seat + self.first) % self.n

    def by_seat(self, values: list[Any]) -> list[Any]:
        """A per-seat list of the engine, in protocol seat order."""
        return [values[(seat - self.first) % self.n] for seat in range(self.n)]

    # -- actions -------------------------------------------------------------

    def act(self, action: object) -> None:
        """Apply one protocol action, or raise :class:`Rejected` or :class:`Refused`."""
        kind, player, move = self.decode(action)
        game = self.game
        if game.phase is Phase.OVER:
            raise Refused(Reason.GAME_OVER)  # rule 11.1
        if kind == "deal":
            hands, turned = move
            game.deal(self.by_engine_seat(hands), turned)
            return
        if game.phase is not PHASE_OF[kind]:
            raise Refused(Reason.NOT_NOW)  # rule 11.2
        if not 0 <= player < self.n:
            raise Rejected("no_such_player")  # rule 11.3
        if player != self.seat(game.to_act):
            raise Rejected("not_your_turn")  # rule 11.4
        game.apply(move)

    def by_engine_seat(self, hands: list[list[Card]]) -> list[list[Card]]:
        """Protocol hands (seat 0 first) in engine seat order; a wrong count stays wrong."""
        if len(hands) != self.n:
            return hands
        return [hands[(seat + self.first) % self.n] for seat in range(self.n)]

    def decode(self, action: object) -> tuple[str, int, Any]:
        """Rule 11.11: the shape first (``invalid_action``), then the card text."""
        if type(action) is not dict or action.get("type") not in FIELDS:
            raise Rejected("invalid_action")
        kind = action["type"]
        if set(action) != set(FIELDS[kind]):
            raise Rejected("invalid_action")
        if kind == "deal":
            hands, turned = action["hands"], action["turned"]
            if (
                type(hands) is not list
                or any(type(hand) is not list for hand in hands)
                or any(type(card) is not str for hand in hands for card in hand)
                or not (turned is None or type(turned) is str)
            ):
                raise Rejected("invalid_action")
            cards = [[read_card(card) for card in hand] for hand in hands]
            return kind, -1, (cards, None if turned is None else read_card(turned))
        player = action["player"]
        if not is_int(player):
            raise Rejected("invalid_action")
        move: Move
        if kind == "bid":
            if not is_int(action["tricks"]):
                raise Rejected("invalid_action")
            move = Bid(action["tricks"])
        elif kind == "play":
            if type(action["card"]) is not str:
                raise Rejected("invalid_action")
            move = Play(read_card(action["card"]))
        else:
            suit = action["suit"]
            if suit is None:
                raise Rejected("invalid_action")  # deliberate: no way to say "no trump"
            if type(suit) is not str:
                raise Rejected("invalid_action")
            if suit not in ("C", "D", "H", "S"):
                raise Rejected("bad_card_text")
            move = ChooseTrump(Suit(suit))
        return kind, player, move

    # -- observations --------------------------------------------------------

    def observe(self, key: str) -> Any:
        """The value of one observation key."""
        return OBSERVATIONS[key](self)

    def action_json(self, move: Move) -> dict[str, Any]:
        """A legal move as a protocol action of the player to act."""
        player = self.seat(self.game.to_act)
        if isinstance(move, ChooseTrump):
            return {"type": "choose_trump", "player": player, "suit": move.suit.value}
        if isinstance(move, Bid):
            return {"type": "bid", "player": player, "tricks": move.tricks}
        return {"type": "play", "player": player, "card": str(move.card)}


def cards(values: list[Card] | tuple[Card, ...]) -> list[str]:
    """Cards as their texts."""
    return [str(card) for card in values]


def suit(value: Suit | None) -> str | None:
    """A suit as its letter, or ``None``."""
    return None if value is None else value.value


OBSERVATIONS: dict[str, Callable[[Table], Any]] = {
    "phase": lambda t: t.game.phase.value,
    "round": lambda t: t.game.round,
    "rounds": lambda t: t.game.rounds,
    "dealer": lambda t: t.seat(t.game.dealer),
    "current_player": lambda t: t.seat(t.game.to_act),
    "hands": lambda t: t.by_seat([cards(hand) for hand in t.game.hands]),
    "turned": lambda t: None if t.game.turned is None else str(t.game.turned),
    "trump": lambda t: suit(t.game.trump),
    "bids": lambda t: t.by_seat(t.game.bids),
    "trick": lambda t: cards(t.game.trick),
    "leader": lambda t: t.seat(t.game.leader),
    "led_suit": lambda t: suit(t.game.led_suit),
    "trick_winner": lambda t: t.seat(t.game.winning_so_far),
    "tricks": lambda t: [
        {
            "leader": t.seat(trick.leader),
            "cards": cards(trick.cards),
            "winner": t.seat(trick.winner),
        }
        for trick in t.game.tricks
    ],
    "trick_winners": lambda t: [t.seat(trick.winner) for trick in t.game.tricks],
    "tricks_won": lambda t: t.by_seat(t.game.tricks_won),
    "scores": lambda t: t.by_seat(t.game.scores),
    "round_bids": lambda t: [t.by_seat(bids) for bids in t.game.round_bids],
    "round_trick_winners": lambda t: [
        [t.seat(winner) for winner in winners] for winners in t.game.round_trick_winners
    ],
    "round_scores": lambda t: [t.by_seat(scores) for scores in t.game.round_scores],
    "winners": lambda t: [t.seat(seat) for seat in t.game.winners],
    "legal_actions": lambda t: [t.action_json(move) for move in t.game.legal_moves()],
    "position": lambda t: position_text(t),
}

# Rule 1.4's canonical order: Jesters, Clubs, Diamonds, Hearts, Spades, Wizards.
_KIND_ORDER = {"J": 0, "C": 1, "D": 2, "H": 3, "S": 4, "W": 5}


def canonical(values: list[Card] | tuple[Card, ...]) -> str:
    """Cards in the canonical order of rule 1.4, comma-separated (``-`` for none)."""
    ordered = sorted(values, key=lambda card: (_KIND_ORDER[card.kind], card.rank))
    return ",".join(str(card) for card in ordered) or "-"


def position_text(t: Table) -> str:
    """The table's position in the one-line notation of rule 1.4 (protocol seats)."""
    g = t.game

    def numbers(values: list[Any]) -> str:
        return ",".join("-" if value is None else str(value) for value in values)

    tokens = [f"players={t.n}", f"round={g.round}", f"dealer={t.seat(g.dealer)}"]
    if g.over:
        tokens.append("over")
    tokens += [
        f"scores={numbers(t.by_seat(g.scores))}",
        "hands=" + "/".join(canonical(hand) for hand in t.by_seat(g.hands)),
        f"turned={'-' if g.turned is None else g.turned}",
        f"trump={'-' if g.trump is None else g.trump.value}",
        f"bids={numbers(t.by_seat(g.bids))}",
        f"won={numbers(t.by_seat(g.tricks_won))}",
        f"played={canonical(g.played)}",
        f"trick={','.join(str(card) for card in g.trick) or '-'}",
        f"leader={t.seat(g.leader)}",
    ]
    return " ".join(tokens)


def perft(game: Game, depth: int) -> int:
    """Count the sequences of ``depth`` legal moves; a deal or the end is a leaf."""
    moves = game.legal_moves()
    if depth == 0 or not moves:
        return 1
    total = 0
    for move in moves:
        child = game.copy()
        child.apply(move)
        total += perft(child, depth - 1)
    return total


def start(config: object, position: object) -> Table | str:
    """A new table, or the code it is not started with.

    That is ``invalid_config`` or ``invalid_position`` for a refusal, and
    ``unsupported`` for a configuration with a variant Mini Wizard lacks.
    """
    try:
        return Table(config, position)
    except Unsupported:
        return "unsupported"
    except InvalidPosition:
        return "invalid_position"
    except ValueError:
        return "invalid_config"


def act(table: Table, action: object) -> str | None:
    """Apply one action: ``None``, or the code it is refused with (the table unchanged)."""
    try:
        table.act(action)
    except Rejected as refusal:
        return refusal.code
    except Refused as refusal:
        return CODES[refusal.reason]
    return None


def observe(table: Table, keys: list[Any]) -> dict[str, Any]:
    """The observations of ``keys`` that are protocol keys (others are left out)."""
    return {key: table.observe(key) for key in keys if type(key) is str and key in OBSERVATIONS}


def run_case(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one ``case`` request, from its ``position`` if it has one (protocol 2)."""
    answer: dict[str, Any] = {"type": "result", "id": request.get("id")}
    table = start(request.get("config"), request.get("position"))
    if table == "unsupported":
        return answer | {"unsupported": True}
    if isinstance(table, str):
        return answer | {"errors": [{"at": None, "code": table}], "state": None, "perft": None}
    errors = []
    for index, action in enumerate(request.get("actions") or []):
        code = act(table, action)
        if code is not None:
            errors.append({"at": index, "code": code})
    depth = request.get("perft")
    keys = request.get("observe") or []
    # Each seat's view (the observation ``views``) is not kept here: unsupported.
    lacking = [key for key in keys if key == "views"]
    return (
        answer
        | {
            "errors": errors,
            "state": observe(table, keys),
            "perft": None if depth is None else perft(table.game, depth),
        }
        | ({"unsupported": lacking} if lacking else {})
    )


class Session:
    """The game of protocol version 2's step-by-step messages, from one request to the next."""

    def __init__(self) -> None:
        """No game until the first ``start``."""
        self.table: Table | None = None

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """Answer a ``start``, ``apply`` or ``query`` request."""
        kind = request["type"]
        if kind == "start":
            table = start(request.get("config"), request.get("position"))
            if isinstance(table, str):
                return {"type": "refused", "code": table}  # the game so far is kept
            self.table = table
            return {"type": "ok"}
        if self.table is None:
            return {"type": "error", "message": f"{kind!r} before any 'start'"}
        if kind == "apply":
            code = act(self.table, request.get("action"))
            return {"type": "ok"} if code is None else {"type": "refused", "code": code}
        keys = request.get("observe")
        if type(keys) is not list or not all(type(key) is str for key in keys):
            return {"type": "error", "message": "a query's observe must be a list of names"}
        return {"type": "observed", "state": observe(self.table, keys)}


def handle(request: Any, session: Session | None = None) -> dict[str, Any] | None:
    """Answer one request; ``None`` for ``bye``.

    ``session`` keeps the game of the step-by-step messages between
    requests (:func:`main` keeps one); without it they start afresh.
    """
    kind = request.get("type") if type(request) is dict else None
    if kind == "hello":
        protocol = PROTOCOL if request.get("protocol") == PROTOCOL else 1
        return {"type": "hello", "protocol": protocol, "name": NAME, "version": VERSION}
    if kind == "bye":
        return None
    if kind == "case":
        return run_case(request)
    if kind in ("start", "apply", "query"):
        return (session or Session()).handle(request)
    return {"type": "error", "message": f"cannot read this request: {str(request)[:100]}"}


def main() -> int:
    """Serve requests from standard input until ``bye``."""
    session = Session()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            answer = handle(json.loads(line), session)
        except ValueError:
            answer = {"type": "error", "message": "not JSON"}
        if answer is None:
            break
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
