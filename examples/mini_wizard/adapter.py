"""The conformance adapter of Mini Wizard: protocol version 1 on stdin and stdout.

Run it as ``python examples/mini_wizard/adapter.py``; the runner drives it::

    wizard-rules conformance run --adapter "python examples/mini_wizard/adapter.py"
        --known-failures examples/mini_wizard/known-failures.txt

(one command line).

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

from engine import Bid, Card, ChooseTrump, Game, Move, Phase, Play, Reason, Refused, Suit

NAME = "mini-wizard"
VERSION = "0.1"
PROTOCOL = 1

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


class Table:
    """One case's game, seen through the protocol's seats."""

    def __init__(self, config: object) -> None:
        """Start the game a case's ``config`` describes; :class:`ValueError` if refused."""
        if type(config) is not dict or "players" not in config:
            raise ValueError("not a configuration")
        if not set(config) <= {"players", "first_dealer", "forbid_bid_total_match"}:
            raise ValueError("unknown configuration field")
        players, first = config["players"], config.get("first_dealer", 0)
        option = config.get("forbid_bid_total_match", False)
        if not is_int(players) or not is_int(first) or type(option) is not bool:
            raise ValueError("configuration fields of the wrong type")
        if option:
            raise ValueError("Mini Wizard has no bid-total option")  # deliberate
        self.game = Game(players)  # raises ValueError unless 3 to 6
        if not 0 <= first < players:
            raise ValueError("the first dealer is not a seat")
        self.n, self.first = players, first

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
}


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


def run_case(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one ``case`` request."""
    answer: dict[str, Any] = {"type": "result", "id": request.get("id")}
    try:
        table = Table(request.get("config"))
    except ValueError:
        return answer | {
            "errors": [{"at": None, "code": "invalid_config"}],
            "state": None,
            "perft": None,
        }
    errors = []
    for index, action in enumerate(request.get("actions") or []):
        try:
            table.act(action)
        except Rejected as refusal:
            errors.append({"at": index, "code": refusal.code})
        except Refused as refusal:
            errors.append({"at": index, "code": CODES[refusal.reason]})
    keys = [key for key in request.get("observe") or [] if key in OBSERVATIONS]
    depth = request.get("perft")
    return answer | {
        "errors": errors,
        "state": {key: table.observe(key) for key in keys},
        "perft": None if depth is None else perft(table.game, depth),
    }


def handle(request: Any) -> dict[str, Any] | None:
    """Answer one request; ``None`` for ``bye``."""
    kind = request.get("type") if type(request) is dict else None
    if kind == "hello":
        return {"type": "hello", "protocol": PROTOCOL, "name": NAME, "version": VERSION}
    if kind == "bye":
        return None
    if kind == "case":
        return run_case(request)
    return {"type": "error", "message": f"cannot read this request: {str(request)[:100]}"}


def main() -> int:
    """Serve requests from standard input until ``bye``."""
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            answer = handle(json.loads(line))
        except ValueError:
            answer = {"type": "error", "message": "not JSON"}
        if answer is None:
            break
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
