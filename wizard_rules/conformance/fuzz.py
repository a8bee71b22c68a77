"""Differential testing: random games with this library as the oracle (``conformance fuzz``).

:func:`fuzz` plays random games with this library's rules and, through the
step-by-step messages of protocol version 2
(:data:`~wizard_rules.conformance.protocol.PROTOCOL_VERSION_2`), plays the
same games on an adapter.  Before every action it compares the adapter's
observations (:data:`FUZZ_OBSERVATIONS`, the legal actions among them) with
this library's, and asks the adapter to apply one randomly chosen illegal
action, which it must refuse with the right code.  On the first disagreement
it shrinks: it looks for a game that shows the same adapter disagreeing in
fewer rounds (round 1 first), and reports the shortest it found as a case
ready to paste into a case file (:func:`case_of`) and as the position where
it goes wrong, in the one-line notation.

Unlike :mod:`~wizard_rules.conformance.runner`, which judges from the case
data alone, this module uses the rules engine: it is the oracle.
"""

from __future__ import annotations

import json
import random
import shlex
import time
from collections.abc import Sequence
from typing import Final, TextIO

import attrs

from wizard_rules.actions import Action, Bid, ChooseTrump, Deal, Play
from wizard_rules.cards import DECK, Kind, Suit
from wizard_rules.config import Config
from wizard_rules.conformance.adapter import OBSERVATIONS, run_case
from wizard_rules.conformance.protocol import (
    JSON,
    PROTOCOL_VERSION_2,
    UNORDERED_OBSERVATIONS,
    JSONObject,
)
from wizard_rules.conformance.runner import AdapterFailure, _Adapter
from wizard_rules.errors import WizardError
from wizard_rules.position import position_of
from wizard_rules.records import (
    action_from_dict,
    action_to_dict,
    config_from_dict,
    config_to_dict,
    position_to_dict,
)
from wizard_rules.state import Phase, State, new_game
from wizard_rules.transitions import apply, check, is_legal, legal_actions

__all__ = [
    "FUZZ_OBSERVATIONS",
    "AdapterClient",
    "Disagreement",
    "FuzzError",
    "FuzzResult",
    "case_of",
    "format_case",
    "fuzz",
    "play_game",
    "report",
    "shrink",
    "shrink_to_position",
]

FUZZ_OBSERVATIONS: Final[tuple[str, ...]] = (
    "phase",
    "round",
    "dealer",
    "current_player",
    "trump",
    "bids",
    "leader",
    "led_suit",
    "trick_winner",
    "tricks_won",
    "scores",
    "legal_actions",
)
"""What is compared before every action."""

_RULE_OF_KEY: Final[dict[str, str]] = {
    "phase": "2.1",
    "round": "2.1",
    "dealer": "2.2",
    "current_player": "5.1",
    "trump": "3.1",
    "bids": "4.1",
    "leader": "5.1",
    "led_suit": "6.1",
    "trick_winner": "8.1",
    "tricks_won": "8.1",
    "scores": "9.1",
    "legal_actions": "7.1",
}
_RULE_OF_CODE: Final[dict[str, str]] = {
    "game_over": "11.1",
    "wrong_phase": "11.2",
    "no_such_player": "11.3",
    "not_your_turn": "11.4",
    "invalid_deal": "11.5",
    "no_trump_not_allowed": "11.6",
    "bid_out_of_range": "11.7",
    "bid_total_forbidden": "20.1",
    "card_not_in_hand": "11.8",
    "must_follow_suit": "7.1",
}


class FuzzError(Exception):
    """The adapter cannot be fuzzed: it died, answered garbage, or lacks protocol 2."""


@attrs.frozen
class Disagreement:
    """The first point where the adapter and this library disagree.

    :ivar config: the game's configuration (JSON form).
    :ivar actions: the actions applied before it (JSON form), from the first deal.
    :ivar what: ``"observe"`` (an observation differs), ``"refuse"`` (an
        illegal action got another answer than its code) or ``"apply"`` (a
        legal action was refused).
    :ivar key: the observation that differs (for ``"observe"``).
    :ivar action: the action tried (for ``"refuse"`` and ``"apply"``).
    :ivar expected: this library's answer.
    :ivar got: the adapter's answer.
    :ivar position: the position there, in the one-line notation.
    :ivar round: the round it is in.
    :ivar start: the position :attr:`actions` start from (its JSON form), or
        ``None`` when they start at the first deal; see :func:`shrink_to_position`.
    """

    config: JSONObject
    actions: tuple[JSON, ...]
    what: str
    key: str | None
    action: JSON
    expected: JSON
    got: JSON
    position: str
    round: int
    start: JSONObject | None = None

    @property
    def rounds(self) -> int:
        """How many rounds the case needs: the deals among :attr:`actions`."""
        return sum(
            1 for action in self.actions if type(action) is dict and action["type"] == "deal"
        )

    def describe(self) -> str:
        """One line: what differs, expected and got."""
        if self.what == "observe":
            subject = f"observation {self.key!r}"
        elif self.what == "refuse":
            subject = f"the refusal of {_dumps(self.action)}"
        else:
            subject = f"applying the legal action {_dumps(self.action)}"
        where = (
            f"{self.rounds} rounds"
            if self.start is None
            else f"from a position of round {self.start['round']}"
        )
        return (
            f"{subject} after {len(self.actions)} actions ({where}): "
            f"expected {_dumps(self.expected)}, got {_dumps(self.got)}"
        )


@attrs.frozen
class FuzzResult:
    """What a fuzz run found.

    :ivar games: the games played (the last one is where a disagreement was found).
    :ivar steps: the steps checked.
    :ivar seconds: how long it took.
    :ivar found: the first disagreement, or ``None``.
    :ivar shrunk: the smallest disagreement shrinking found, or ``None``.
    :ivar shrink_games: the games shrinking played.
    """

    games: int
    steps: int
    seconds: float
    found: Disagreement | None = None
    shrunk: Disagreement | None = None
    shrink_games: int = 0


def _dumps(value: JSON) -> str:
    return json.dumps(value, separators=(",", ":"))


def _same(key: str, expected: JSON, got: JSON) -> bool:
    """Compare as JSON values, with their types (``true`` is not ``1``)."""
    if key in UNORDERED_OBSERVATIONS and type(expected) is list and type(got) is list:
        return sorted(map(_dumps, expected)) == sorted(map(_dumps, got))
    return _dumps(expected) == _dumps(got)


class AdapterClient:
    """An adapter subprocess spoken to with protocol version 2.

    It is the runner's adapter process, with the same bounds: each request
    and its answer within ``timeout``, answer lines of at most
    :data:`~wizard_rules.conformance.protocol.MAX_LINE_BYTES`, standard error
    kept only in part, and the adapter's whole process group killed at the end.
    """

    def __init__(self, command: str, *, timeout: float = 10.0) -> None:
        self.timeout = timeout
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise FuzzError(f"cannot read the adapter command: {error}") from None
        if not argv:
            raise FuzzError("the adapter command is empty")
        try:
            self.adapter = _Adapter(argv, timeout)
        except AdapterFailure as failure:
            raise FuzzError(f"{failure} ({command!r})") from None
        try:  # a hello that fails in any way ends the adapter's whole process group
            hello = self.request({"type": "hello", "protocol": PROTOCOL_VERSION_2})
        except BaseException:
            self.close()
            raise
        if hello.get("type") != "hello" or hello.get("protocol") != PROTOCOL_VERSION_2:
            self.close()
            raise FuzzError(
                f"the adapter speaks protocol {hello.get('protocol')!r}: fuzz needs protocol "
                f"{PROTOCOL_VERSION_2} (the step-by-step messages start, apply and query); "
                "an adapter of protocol 1 can still be run with 'wizard-rules conformance run'"
            )

    def request(self, message: JSONObject) -> JSONObject:
        """Send one request and return the answer (a JSON object)."""
        try:
            return self.adapter.ask(message)
        except AdapterFailure as failure:
            raise FuzzError(f"{failure}; the request was {_dumps(message)[:200]}") from None

    def step(self, message: JSONObject, expect: str) -> JSONObject:
        """Send a step request and return an answer of type ``expect`` or ``"refused"``."""
        answer = self.request(message)
        if answer.get("type") not in (expect, "refused"):
            raise FuzzError(
                f"the adapter answered {_dumps(message)[:200]} with {_dumps(answer)[:200]}"
            )
        return answer

    def close(self) -> None:
        """Say ``bye``, let the adapter exit, and end its whole process group."""
        self.adapter.close()


def _illegal_action(state: State, rng: random.Random) -> Action:
    """A randomly chosen action that ``state`` refuses."""
    players = state.config.players
    seats = (*range(players), -1, players)
    turn = state.current_player
    for _ in range(20):
        player = turn if turn is not None and rng.random() < 0.7 else rng.choice(seats)
        kind = rng.randrange(4)
        action: Action
        if kind == 0:
            action = Bid(player, rng.randrange(-1, state.round + 2))
        elif kind == 1:
            hand = state.hand(player) if 0 <= player < players else ()
            card = rng.choice(hand) if hand and rng.random() < 0.7 else rng.choice(DECK)
            action = Play(player, card)
        elif kind == 2:
            action = ChooseTrump(player, rng.choice((*Suit, None)))
        else:
            deck = list(DECK)
            rng.shuffle(deck)
            size = state.round + rng.randrange(2)
            hands = [deck[k * size : (k + 1) * size] for k in range(players)]
            action = Deal(hands, deck[-1])
        if not is_legal(state, action):
            return action
    return Bid(-1, 0)  # pragma: no cover - twenty legal draws in a row (never legal)


def _refusal(state: State, action: Action) -> str:
    """The code this library refuses ``action`` with at ``state``."""
    try:
        check(state, action)
    except WizardError as refusal:
        return refusal.code.value
    raise AssertionError(f"{action} is legal")  # pragma: no cover - only illegal ones come here


_SPECIAL: Final = tuple(card for card in DECK if card.kind is not Kind.SUIT)


def _deal(state: State, rng: random.Random, biased: bool) -> Deal:
    """A random deal; ``biased``: from a small pack rich in Wizards and Jesters."""
    players, size = state.config.players, state.round
    deck = list(DECK)
    rng.shuffle(deck)
    if biased and players * size < 16:
        suits = [card for card in deck if card.kind is Kind.SUIT][:8]
        pack = [*_SPECIAL, *suits]
        rng.shuffle(pack)
        deck = pack + [card for card in deck if card not in pack]
    hands = [deck[k * size : (k + 1) * size] for k in range(players)]
    dealt = players * size
    return Deal(hands, deck[dealt] if dealt < len(deck) else None)


def play_game(
    client: AdapterClient,
    config: Config,
    rng: random.Random,
    *,
    rounds: int | None = None,
    biased: bool = False,
) -> tuple[Disagreement | None, int]:
    """Play one random game on the adapter and this library, checking every step.

    Stops at the first disagreement, at the end of the game, or after
    ``rounds`` rounds.  Returns the disagreement (or ``None``) and the number
    of steps checked.
    """
    state = new_game(config)
    config_json: JSONObject = config_to_dict(config)
    started = client.step({"type": "start", "config": config_json}, "ok")
    if started["type"] != "ok":
        raise FuzzError(f"the adapter refused the configuration {_dumps(config_json)}")
    done: list[JSON] = []
    steps = 0

    def found(what: str, key: str | None, action: JSON, expected: JSON, got: JSON) -> Disagreement:
        return Disagreement(
            config=config_json,
            actions=tuple(done),
            what=what,
            key=key,
            action=action,
            expected=expected,
            got=got,
            position=position_of(state).to_text(),
            round=state.round,
        )

    while True:
        steps += 1
        answer = client.step({"type": "query", "observe": list(FUZZ_OBSERVATIONS)}, "observed")
        got = answer.get("state")
        got = got if type(got) is dict else {}
        for key in FUZZ_OBSERVATIONS:
            expected = OBSERVATIONS[key](state)
            if key not in got or not _same(key, expected, got[key]):
                return found("observe", key, None, expected, got.get(key, "<missing>")), steps
        if rounds is not None and state.round > rounds:
            return None, steps
        # One illegal action at every step, the end of the game included
        # (where every action is refused with game_over).
        illegal = _illegal_action(state, rng)
        code = _refusal(state, illegal)
        probe = action_to_dict(illegal)
        answer = client.step({"type": "apply", "action": probe}, "ok")
        if answer.get("code") != code:
            return found("refuse", None, probe, code, answer.get("code", "ok")), steps
        if state.phase is Phase.GAME_OVER:
            return None, steps
        if state.phase is Phase.DEAL:
            action: Action = _deal(state, rng, biased)
        else:
            choices = legal_actions(state)
            action = choices[rng.randrange(len(choices))]
        value = action_to_dict(action)
        answer = client.step({"type": "apply", "action": value}, "ok")
        if answer["type"] != "ok":
            return found("apply", None, value, "ok", answer.get("code")), steps
        state = apply(state, action)
        done.append(value)


def _configs(players: Sequence[int], options: Sequence[bool], rng: random.Random) -> Config:
    count = rng.choice(players)
    return Config(
        players=count,
        first_dealer=rng.randrange(count),
        forbid_bid_total_match=rng.choice(options),
    )


def shrink(
    client: AdapterClient,
    found: Disagreement,
    seed: int,
    *,
    budget: int = 600,
) -> tuple[Disagreement, int]:
    """Look for a disagreement in fewer rounds than ``found``; return the smallest and games tried.

    For each number of rounds from 1 up to one less than ``found`` needs,
    plays up to ``budget`` games of that many rounds (half of them with deals
    rich in Wizards and Jesters) with ``found``'s player count and option
    and a random first dealer.  Within a game the first disagreement is
    already the shortest prefix that shows it.
    """
    rng = random.Random(seed)
    players = int(str(found.config["players"]))
    option = found.config["forbid_bid_total_match"] is True
    tried = 0
    for rounds in range(1, found.rounds):
        for attempt in range(budget):
            tried += 1
            config = _configs((players,), (option,), rng)
            smaller, _ = play_game(
                client, config, random.Random(rng.random()), rounds=rounds, biased=attempt % 2 == 0
            )
            if smaller is not None:
                return smaller, tried
    return found, tried


def _reproduces(
    client: AdapterClient, found: Disagreement, start: State, actions: Sequence[JSON]
) -> bool:
    """Whether the adapter, started at ``start``, disagrees as ``found`` says after ``actions``."""
    position = position_to_dict(position_of(start))
    message: JSONObject = {"type": "start", "config": found.config, "position": position}
    if client.step(message, "ok")["type"] != "ok":
        return False  # it refuses or cannot start from the position
    for value in actions:
        if client.step({"type": "apply", "action": value}, "ok")["type"] != "ok":
            return False
    if found.what == "observe":
        assert found.key is not None
        answer = client.step({"type": "query", "observe": [found.key]}, "observed")
        got = answer.get("state")
        return not (
            type(got) is dict
            and found.key in got
            and _same(found.key, found.expected, got[found.key])
        )
    answer = client.step({"type": "apply", "action": found.action}, "ok")
    if found.what == "refuse":
        return answer.get("code") != found.expected
    return answer["type"] != "ok"


def shrink_to_position(client: AdapterClient, found: Disagreement) -> Disagreement:
    """Start ``found`` from the latest position the adapter still disagrees from.

    Tries the position just before the disagreement (no action left to
    play), then one action earlier, and so on back to its round's deal; the
    first position the adapter still gets wrong is kept, with the actions
    from there.  When it gets every one right (its fault lies in what it
    remembers of earlier rounds), cannot start from a position, or goes
    wrong only from the first deal, ``found`` is returned as it is.
    """
    if found.start is not None:
        return found
    states = [new_game(config_from_dict(found.config))]
    for value in found.actions:
        states.append(apply(states[-1], action_from_dict(value)))
    deals = [
        k
        for k, value in enumerate(found.actions)
        if type(value) is dict and value.get("type") == "deal"
    ]
    first = max(deals[-1] if deals else 0, 1)  # from the first deal, a position adds nothing
    for k in range(len(found.actions), first - 1, -1):
        rest = found.actions[k:]
        if _reproduces(client, found, states[k], rest):
            return attrs.evolve(
                found, actions=rest, start=position_to_dict(position_of(states[k]))
            )
    return found


def case_of(disagreement: Disagreement, number: int = 1) -> JSONObject:
    """The disagreement as a case of a case file (valid against ``schema.json``).

    Its ``rule`` is a first guess from what differs: check it before pasting.
    """
    d = disagreement
    actions: list[JSON] = list(d.actions)
    expect: JSONObject
    if d.what == "observe":
        assert d.key is not None
        rule = _RULE_OF_KEY.get(d.key, "11.1")
        expect = {"state": {d.key: d.expected}}
        told = f"{d.key} is {_dumps(d.expected)}"
    elif d.what == "refuse":
        rule = _RULE_OF_CODE.get(str(d.expected), "11.1")
        actions.append(d.action)
        expect = {"errors": [{"at": len(actions) - 1, "code": d.expected}]}
        told = f"the last action is refused with {d.expected}"
    else:
        rule = "11.1"
        actions.append(d.action)
        after = run_case(d.config, actions, ("phase", "round"), None, d.start)["state"]
        expect = {"state": after}
        told = "the last action is legal and applied"
    return {
        "id": f"fuzz.{number:03d}",
        "rule": rule,
        "tags": ["rule"],
        "description": (
            "Found by wizard-rules conformance fuzz (check the rule): after "
            + (f"{d.rounds} round(s) of play" if d.start is None else "the position")
            + f", {told}."
        ),
        "given": (
            {"config": d.config, "actions": actions}
            if d.start is None
            else {"config": d.config, "position": d.start, "actions": actions}
        ),
        "expect": expect,
    }


def format_case(case: JSONObject) -> str:
    """A case as indented JSON, with each action on one line."""
    given = case["given"]
    assert type(given) is dict
    actions = given["actions"]
    assert type(actions) is list
    placeholder = "@actions@"
    text = json.dumps({**case, "given": {**given, "actions": placeholder}}, indent=2)
    lines = ",\n".join(f"      {_dumps(action)}" for action in actions)
    return text.replace(f'"{placeholder}"', f"[\n{lines}\n    ]" if actions else "[]")


def fuzz(
    command: str,
    *,
    games: int,
    seed: int,
    players: Sequence[int] = (3, 4, 5, 6),
    options: Sequence[bool] = (False, True),
    shrink_budget: int = 600,
    timeout: float = 10.0,
) -> FuzzResult:
    """Play ``games`` random games against the adapter run by ``command``; shrink what differs.

    :raises FuzzError: the adapter cannot be started, dies, answers out of
        protocol, or does not speak protocol version 2.
    """
    rng = random.Random(seed)
    began = time.perf_counter()
    client = AdapterClient(command, timeout=timeout)
    steps = 0
    try:
        for game in range(1, games + 1):
            config = _configs(players, options, rng)
            found, checked = play_game(client, config, random.Random(rng.random()))
            steps += checked
            if found is not None:
                shrunk, tried = shrink(client, found, seed, budget=shrink_budget)
                shrunk = shrink_to_position(client, shrunk)
                return FuzzResult(game, steps, time.perf_counter() - began, found, shrunk, tried)
    finally:
        client.close()
    return FuzzResult(games, steps, time.perf_counter() - began)


def report(result: FuzzResult, out: TextIO) -> int:
    """Print a fuzz result; return the exit status (0: no disagreement, 1: one found)."""
    rate = result.steps / result.seconds if result.seconds else 0.0
    if result.found is None or result.shrunk is None:
        out.write(
            f"no disagreement in {result.games} games ({result.steps} steps, "
            f"{result.seconds:.1f} s, {rate:.0f} steps/s)\n"
        )
        return 0
    found, shrunk = result.found, result.shrunk
    out.write(f"disagreement in game {result.games}: {found.describe()}\n")
    smaller = f"{shrunk.rounds} rounds" if shrunk.start is None else "a position"
    out.write(
        f"shrunk ({result.shrink_games} games tried) from {len(found.actions)} actions in "
        f"{found.rounds} rounds to {len(shrunk.actions)} actions from {smaller}: "
        f"{shrunk.describe()}\n"
    )
    out.write(f"position: {shrunk.position}\n")
    out.write("case:\n")
    out.write(format_case(case_of(shrunk)) + "\n")
    return 1
