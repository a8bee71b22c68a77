"""Differential testing: random games with this library as the oracle (``conformance fuzz``).

:func:`fuzz` plays random games with this library's rules and, through the
step-by-step messages of protocol version 2
(:data:`~wizard_rules.conformance.protocol.PROTOCOL_VERSION_2`), plays the
same games on an adapter.  Before every action it compares the adapter's
observations (:data:`FUZZ_OBSERVATIONS`, the legal actions among them) with
this library's, and asks the adapter to apply one randomly chosen illegal
action, which it must refuse with the right code.

It keeps going after a disagreement.  Each disagreement is named by the rule
it breaks, derived from what differed first (:func:`diagnose`), and the
adapter is started again from this library's position just past it, so that
the rest of the game is checked too: a rule that goes wrong in every game
(who leads first, say) does not hide the others.  A *deviation* is a
distinct pair of rule and subject (the trick winner, the player to act, the
refusal of a bid with one code ...); the run collects up to
``max_deviations`` of them, shrinks each (:func:`shrink`,
:func:`shrink_to_position`) to a smaller game and then to the latest
position that still fails the same way through the same rule, and reports
each as a case ready to paste into a case file (:func:`case_of`) and as the
position where it goes wrong, in the one-line notation.  Deviations that a
known-deviations file names by rule or tag are set aside, and configurations
the adapter refuses are skipped; both are reported.

Unlike :mod:`~wizard_rules.conformance.runner`, which judges from the case
data alone, this module uses the rules engine: it is the oracle.
"""

from __future__ import annotations

import functools
import json
import random
import shlex
import time
from collections.abc import Mapping, Sequence
from typing import Final, TextIO

import attrs

from wizard_rules.conformance.adapter import OBSERVATIONS, run_case
from wizard_rules.conformance.judge import normal_form, same_json
from wizard_rules.conformance.known import KnownFailure, matches
from wizard_rules.conformance.protocol import (
    JSON,
    PROTOCOL_VERSION_2,
    JSONObject,
)
from wizard_rules.conformance.suite import Case, load_suite
from wizard_rules.conformance.transport import AdapterFailure, AdapterProcess
from wizard_rules.core.actions import Action, Bid, ChooseTrump, Deal, Play
from wizard_rules.core.anniversary.actions import (
    AnniversaryAction,
    ChangeBid,
    Declare,
    PassCard,
    WerewolfTrump,
    WitchSwap,
)
from wizard_rules.core.anniversary.deck import CARD_NAMES, AnniversaryDeck
from wizard_rules.core.anniversary.readings import READINGS, Readings
from wizard_rules.core.anniversary.state import AnniversaryPhase, AnniversaryState
from wizard_rules.core.cards import DECK, Card, Kind, Suit
from wizard_rules.core.chance import random_chance
from wizard_rules.core.config import Config
from wizard_rules.core.position import from_position, position_of
from wizard_rules.core.rules import (
    VARIANTS,
    Clairvoyance,
    DelayedReveal,
    Hardcore,
    HiddenBids,
    variant_names,
    variant_rules,
)
from wizard_rules.core.state import Phase, State, new_game
from wizard_rules.core.transitions import apply, check, is_legal, legal_actions
from wizard_rules.core.trick import led_card as _led_card
from wizard_rules.core.trick import winning_position as _winning_position
from wizard_rules.errors import ConfigError, WizardError
from wizard_rules.formats.records import (
    action_from_dict,
    action_to_dict,
    config_from_dict,
    config_to_dict,
    position_from_dict,
    position_to_dict,
)

__all__ = [
    "FUZZ_CARDS",
    "FUZZ_CARD_OBSERVATIONS",
    "FUZZ_OBSERVATIONS",
    "FUZZ_VARIANTS",
    "MAX_DEVIATIONS",
    "RULE_TITLES",
    "AdapterClient",
    "Deviation",
    "Disagreement",
    "FuzzError",
    "FuzzResult",
    "GameRun",
    "case_of",
    "diagnose",
    "format_case",
    "fuzz",
    "play_card_game",
    "play_game",
    "report",
    "shrink",
    "shrink_to_position",
]

FUZZ_OBSERVATIONS: Final[tuple[str, ...]] = (
    "rounds",
    "phase",
    "round",
    "dealer",
    "trump",
    "bids",
    "trick_winners",
    "round_trick_winners",
    "scores",
    "leader",
    "current_player",
    "tricks_won",
    "led_suit",
    "trick_winner",
    "legal_actions",
)
"""What is compared before every action, in this order: causes before what they cause.

The first key that differs names the deviation.  A trick's winner
(``trick_winners``, or ``round_trick_winners`` once its round is scored)
comes before the scores and the next leader it decides, the dealer before
the player to act, the led suit before the winner so far and the legal
actions.  ``leader``, ``tricks_won`` and ``trick_winners`` are compared only
while a round is being played: at a deal and after the end the protocol
defines none of them (no case checks them there).
"""

_IN_ROUND_ONLY: Final = frozenset({"leader", "tricks_won", "trick_winners"})

FUZZ_VARIANTS: Final[tuple[str, ...]] = VARIANTS
"""The variants a run may draw (``--variants``): every one of
:data:`wizard_rules.core.rules.VARIANTS` (the bid-total option is also
drawn by ``options``, and may be named here too).

With variants to draw, each game draws its bidding (open, hidden bids or
delayed reveal, each as likely, among those given), then turns on each
other variant with probability one half, leaving out the restrictions of
the last bid (the option among them) with a secret bidding, which rule 27.2
refuses; clairvoyance goes with anything (rule 27.4).  With none
(the default) every game is the base game, and a run draws exactly the
games it drew before variants could be drawn.  In a game of a variant that
hides bids or cards (hidden bids, delayed reveal, clairvoyance) each seat's
view (the observation ``views``) is compared too, after the other keys.
"""

_HIDING: Final = (HiddenBids, DelayedReveal)
_SECRET_NAMES: Final = frozenset({"hidden_bids", "delayed_reveal"})
_RESTRICTION_NAMES: Final = frozenset({"forbid_bid_total_match", "canadian_rule", "hardcore"})

MAX_DEVIATIONS: Final = 10
"""How many distinct deviations a run collects before it stops, unless told otherwise."""

RULE_TITLES: Final[dict[str, str]] = {
    "2.2": "Number of rounds",
    "2.4": "The first dealer",
    "2.5": "The deal passes left",
    "3.1": "The turned card",
    "3.2": "A suit card turned",
    "3.3": "A Jester turned",
    "3.4": "A Wizard turned: the dealer names trump",
    "3.5": "The last round has no trump",
    "4.1": "Order of bidding",
    "4.2": "What a bid is",
    "5.1": "The first lead",
    "5.2": "The winner leads; play goes left",
    "6.1": "The first card that is not a Jester decides",
    "6.2": "A Wizard first: no led suit",
    "6.3": "Only Jesters: no led suit yet",
    "7.1": "Follow the led suit",
    "7.2": "Wizards and Jesters may always be played",
    "7.3": "Otherwise any card",
    "8.1": "The first Wizard",
    "8.2": "The highest trump",
    "8.3": "The highest card of the led suit",
    "8.4": "All Jesters",
    "8.5": "The winner so far",
    "9.1": "A bid met",
    "9.2": "A bid missed",
    "9.3": "Totals",
    "11.1": "Nothing after the end",
    "11.2": "One kind of action per phase",
    "11.3": "Only existing seats act",
    "11.4": "One player acts at a time",
    "11.5": "A deal must fit the round",
    "11.6": "Refused trump choice",
    "11.7": "Refused bids",
    "11.8": "Refused cards",
    "11.10": "The legal actions",
    "11.11": "Unreadable actions",
    "12.10": "The finished tricks and the tricks won",
    "20.1": "The dealer may not make the bids match",
    "20.2": "Everyone else bids freely",
    "13.1": "What a seat sees",
    "23.1": "Bids in secret",
    "23.2": "The order of the bids cannot matter",
    "23.3": "The bids are shown together",
    "24.1": "Bids secret for the whole round",
    "24.2": "Shown with the round's score",
    "25.1": "From 4 cards, the dealer may not make the bids match",
    "25.2": "Rounds of 1 to 3 cards are bid freely",
    "26.2": "What a seat sees in round 1",
    "26.3": "The trick of round 1 plays itself",
}
"""The title of every rule fuzz can name (from ``docs/rules.rst``)."""

_RULE_OF_KEY: Final[dict[str, str]] = {
    "rounds": "2.2",
    "phase": "11.2",
    "round": "11.2",
    "dealer": "2.5",
    "current_player": "11.4",
    "trump": "3.1",
    "bids": "4.1",
    "leader": "5.2",
    "led_suit": "6.1",
    "trick_winner": "8.5",
    "trick_winners": "5.2",
    "round_trick_winners": "5.2",
    "tricks_won": "12.10",
    "scores": "9.3",
    "legal_actions": "11.10",
    "views": "13.1",
}
"""The rule an observation belongs to, when nothing finer can be told (it is missing)."""

_RULE_OF_CODE: Final[dict[str, str]] = {
    "invalid_action": "11.11",
    "bad_card_text": "11.11",
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
"""The rule that gives each refusal code (rules 11.1 to 11.11, 7.1 and 20.1)."""

_SUBJECT_OF_KEY: Final[dict[str, str]] = {
    "trick_winners": "the trick winner",
    "round_trick_winners": "the trick winner",
    "trick_winner": "the trick winner",
    "tricks_won": "the trick winner",
    "leader": "the player to act",
    "current_player": "the player to act",
    "legal_actions": "the legal actions",
    "led_suit": "the led suit",
    "scores": "a score",
    "phase": "the phase",
    "round": "the round",
    "dealer": "the dealer",
    "trump": "the trump",
    "bids": "the bids",
    "rounds": "the number of rounds",
    "views": "a seat's view",
}


class FuzzError(Exception):
    """The adapter cannot be fuzzed: it died, answered garbage, or lacks protocol 2."""


def _dumps(value: JSON) -> str:
    return json.dumps(value, separators=(",", ":"))


def _same(key: str, expected: JSON, got: JSON) -> bool:
    """Compare as JSON values, with their types, as the runner does (``true`` is not ``1``).

    Objects compare by their keys and values, whatever order the keys were
    written in; the lists the protocol leaves unordered (the legal actions)
    compare in any order.
    """
    return same_json(normal_form(key, expected), normal_form(key, got))


@attrs.frozen
class Disagreement:
    """One point where the adapter and this library disagree.

    :ivar config: the game's configuration (JSON form).
    :ivar actions: the actions applied before it (JSON form), from the first
        deal or from :attr:`start`.
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
    :ivar rule: the rule it breaks, derived from what differed (:func:`diagnose`);
        ``""`` when not derived.
    :ivar subject: what differed, in a few words (``"the trick winner"``).
    :ivar how: how the rule was found, in a sentence.
    :ivar dealt: the rounds dealt in the game it was found in, from its first
        deal (``None``: the deals among :attr:`actions`).
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
    rule: str = ""
    subject: str = ""
    how: str = ""
    dealt: int | None = None

    @property
    def rounds(self) -> int:
        """How many rounds the case needs: the deals among :attr:`actions`."""
        return sum(
            1 for action in self.actions if type(action) is dict and action["type"] == "deal"
        )

    @property
    def game_rounds(self) -> int:
        """The rounds dealt before it in the game it came from (what shrinking makes smaller)."""
        return self.rounds if self.dealt is None else self.dealt

    @property
    def signature(self) -> tuple[str, str]:
        """What makes two deviations the same: the rule and the subject."""
        return (self.rule, self.subject)

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
class Deviation:
    """One distinct deviation of a run: a rule broken, one way.

    :ivar found: where it was first seen.
    :ivar shrunk: the smallest case shrinking found that fails the same way,
        through the same rule (``found`` itself when nothing smaller does).
    :ivar game: the game it was first seen in (counted from 1 among the games
        drawn, skipped ones included).
    :ivar seen: how many times it was seen in the run.
    :ivar shrink_games: the games shrinking played.
    :ivar known: the known-deviations entry that sets it aside, or ``None``.
    """

    found: Disagreement
    shrunk: Disagreement
    game: int
    seen: int = 1
    shrink_games: int = 0
    known: KnownFailure | None = None


@attrs.frozen
class FuzzResult:
    """What a fuzz run found.

    :ivar games: the games played (skipped ones not counted).
    :ivar steps: the steps checked.
    :ivar seconds: how long it took.
    :ivar deviations: the distinct deviations not set aside, in the order found.
    :ivar known: the deviations a known-deviations entry set aside (not shrunk).
    :ivar skipped: each configuration the adapter refused (JSON form), the
        code it refused it with, and how many games drew it.
    :ivar restarts: how many times the adapter was started again from a
        position past a disagreement.
    :ivar cut_short: the games whose rest could not be checked after a
        disagreement, since the adapter refused to start from the position.
    :ivar entries: the known-deviations entries the run was given.
    :ivar limit: the most deviations it was to collect.
    :ivar unknown_fields: the top-level fields of the adapter's answers that
        the protocol does not define, which were ignored (``TYPE.FIELD``).
    """

    games: int
    steps: int
    seconds: float
    deviations: tuple[Deviation, ...] = ()
    known: tuple[Deviation, ...] = ()
    skipped: tuple[tuple[JSONObject, str, int], ...] = ()
    restarts: int = 0
    cut_short: int = 0
    entries: tuple[KnownFailure, ...] = ()
    limit: int = MAX_DEVIATIONS
    unknown_fields: tuple[str, ...] = ()

    @property
    def found(self) -> Disagreement | None:
        """The first deviation found (not set aside), or ``None``."""
        return self.deviations[0].found if self.deviations else None

    @property
    def shrunk(self) -> Disagreement | None:
        """The first deviation's shrunk case, or ``None``."""
        return self.deviations[0].shrunk if self.deviations else None

    @property
    def shrink_games(self) -> int:
        """The games shrinking played, over every deviation."""
        return sum(deviation.shrink_games for deviation in self.deviations)


class AdapterClient:
    """An adapter subprocess spoken to with protocol version 2.

    It is the runner's adapter process
    (:class:`~wizard_rules.conformance.transport.AdapterProcess`), with the
    same bounds: each request and its answer within ``timeout``, answer lines
    of at most :data:`~wizard_rules.conformance.protocol.MAX_LINE_BYTES`,
    standard error kept only in part, and the adapter's whole process group
    killed at the end.
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
            self.adapter = AdapterProcess(argv, timeout)
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

    @property
    def unknown_fields(self) -> tuple[str, ...]:
        """The top-level fields of its answers the protocol does not define, ignored.

        As ``TYPE.FIELD`` (``"ok.note"``), sorted.
        """
        return tuple(sorted(self.adapter.unknown))


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
            action = Bid(player, rng.randrange(-1, state.deal_size + 2))
        elif kind == 1:
            hand = state.hand(player) if 0 <= player < players else ()
            card = rng.choice(hand) if hand and rng.random() < 0.7 else rng.choice(DECK)
            action = Play(player, card)
        elif kind == 2:
            action = ChooseTrump(player, rng.choice((*Suit, None)))
        else:
            deck = list(DECK)
            rng.shuffle(deck)
            size = state.deal_size + rng.randrange(2)
            hands = [deck[k * size : (k + 1) * size] for k in range(players)]
            action = Deal(hands, deck[-1])
        if not is_legal(state, action):
            return action
    return Bid(-1, 0)  # pragma: no cover - twenty legal draws in a row (never legal)


def _refusal(state: State | AnniversaryState, action: Action | AnniversaryAction | str) -> str:
    """The code this library refuses ``action`` with at ``state``."""
    try:
        check(state, action)
    except WizardError as refusal:
        return refusal.code.value
    raise AssertionError(f"{action} is legal")  # pragma: no cover - only illegal ones come here


_SPECIAL: Final = tuple(card for card in DECK if card.kind is not Kind.SUIT)


def _deal(state: State, rng: random.Random, biased: bool) -> Deal:
    """A random deal; ``biased``: from a small pack rich in Wizards and Jesters."""
    players, size = state.config.players, state.deal_size
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


# -- the rule a disagreement breaks, derived from what differed first ----------------------------

_MISSING: Final = "<missing>"


def _winner_rule(cards: Sequence[Card], trump: Suit | None) -> tuple[str, str]:
    """The rule (8.1 to 8.4) that names the winner of ``cards``, and why."""
    card = cards[_winning_position(cards, trump)]
    if card.kind is Kind.WIZARD:
        return "8.1", f"{card.text} is the first Wizard"
    if card.kind is Kind.JESTER:
        return "8.4", f"every card is a Jester and {card.text} is the first"
    if card.suit is trump:
        return "8.2", f"{card.text} is the highest trump"
    return "8.3", f"{card.text} is the highest card of the led suit"


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card.text for card in cards) or "no card"


def _suit_text(suit: Suit | None) -> str:
    return "none" if suit is None else suit.value


def _first_index(ours: Sequence[JSON], got: JSON) -> int:
    """The first index where ``got`` (a list, or anything) differs from ``ours``."""
    theirs = got if type(got) is list else []
    for index, value in enumerate(ours):
        if index >= len(theirs) or not same_json(value, theirs[index]):
            return index
    return len(ours)


def _trick_rule(
    cards: Sequence[Card], leader: int, winner: int, trump: Suit | None, which: str
) -> tuple[str, str]:
    rule, why = _winner_rule(cards, trump)
    return rule, (
        f"the winner of {which} ({_cards_text(cards)}, led by seat {leader}, trump "
        f"{_suit_text(trump)}) differs: this library's is seat {winner}, as {why} (rule {rule})"
    )


def _winners_rule(key: str, got: JSON, state: State) -> tuple[str, str]:
    """``trick_winners`` or ``round_trick_winners`` differ: the rule of the misawarded trick."""
    if key == "trick_winners":
        tricks = state.completed_tricks
        index = _first_index([trick.winner for trick in tricks], got)
        if index < len(tricks):
            trick = tricks[index]
            which = f"trick {index + 1} of round {state.round}"
            return _trick_rule(trick.cards, trick.leader, trick.winner, state.trump, which)
    else:
        results = state.results
        ours: list[JSON] = [[trick.winner for trick in result.tricks] for result in results]
        number = _first_index(ours, got)
        if number < len(results):
            result = results[number]
            theirs = got[number] if type(got) is list and number < len(got) else None
            index = _first_index([trick.winner for trick in result.tricks], theirs)
            if index < len(result.tricks):
                trick = result.tricks[index]
                which = f"trick {index + 1} of round {result.round}"
                return _trick_rule(trick.cards, trick.leader, trick.winner, result.trump, which)
    return "5.2", "the adapter has more finished tricks than this library (rule 5.2)"


def _turn_rule(key: str, state: State) -> tuple[str, str]:
    """The player to act (or the leader) differs: the rule that names them."""
    phase, dealer = state.phase, state.dealer
    left = (dealer + 1) % state.config.players
    if phase is Phase.CHOOSE_TRUMP and key == "current_player":
        return "3.4", f"after a turned Wizard the dealer, seat {dealer}, names trump (rule 3.4)"
    if phase is Phase.BID and key == "current_player":
        return "4.1", (
            f"the bidding starts with seat {left}, left of the dealer, and goes left (rule 4.1)"
        )
    if phase in (Phase.DEAL, Phase.GAME_OVER):
        return "11.10", "at a deal and after the end no player is to act (rule 11.10)"
    if sum(state.tricks_won) == 0 and (key == "leader" or not state.current_trick):
        return "5.1", f"seat {left}, left of the dealer, leads the first trick (rule 5.1)"
    if key == "leader" or not state.current_trick:
        return "5.2", "the winner of a trick leads the next one (rule 5.2)"
    return "5.2", f"play goes left from the leader, seat {state.leader} (rule 5.2)"


def _trump_rule(state: State) -> tuple[str, str]:
    turned = state.turned
    if state.phase is Phase.DEAL:
        return "3.1", "before the deal no card is turned and there is no trump (rule 3.1)"
    if turned is None:
        return "3.5", "the last round turns no card and has no trump (rule 3.5)"
    if turned.kind is Kind.WIZARD:
        return "3.4", f"{turned.text} is turned: the dealer names the trump (rule 3.4)"
    if turned.kind is Kind.JESTER:
        return "3.3", f"{turned.text} is turned: the round has no trump (rule 3.3)"
    return "3.2", f"{turned.text} is turned: its suit is trump (rule 3.2)"


def _phase_rule(expected: JSON, got: JSON, state: State) -> tuple[str, str]:
    if "choose_trump" in (expected, got) and state.phase in (Phase.CHOOSE_TRUMP, Phase.BID):
        return _trump_rule(state)
    if expected in ("deal", "game_over") and got in ("deal", "game_over"):
        n, rounds = state.config.players, state.config.rounds
        return (
            "2.2",
            f"a game of {n} players has {rounds} rounds (rule 2.2); this is round {state.round}",
        )
    return "11.2", "the phases of a round follow each other as rule 11.2 says"


def _scores_rule(got: JSON, state: State, before: State | None) -> tuple[str, str]:
    seat = _first_index(list(state.scores), got)
    if (
        before is not None
        and len(state.results) > len(before.results)
        and seat < len(state.scores)
    ):
        result = state.results[-1]
        bid, won, score = result.bids[seat], result.tricks_won[seat], result.scores[seat]
        told = f"seat {seat} bid {bid} and won {won} in round {result.round}, and scores {score}"
        if bid == won:
            return "9.1", f"{told}: a bid met scores 20 and 10 a trick won (rule 9.1)"
        return "9.2", f"{told}: a bid missed loses 10 a trick of difference (rule 9.2)"
    return (
        "9.3",
        "the scores changed with no round scored: only a round's end changes them (rule 9.3)",
    )


def _led_rule(state: State) -> tuple[str, str]:
    card = _led_card(state.current_trick)
    cards = _cards_text(state.current_trick)
    if card is None:
        return "6.3", f"only Jesters (or nothing) are played ({cards}): no led suit yet (rule 6.3)"
    if card.kind is Kind.WIZARD:
        return (
            "6.2",
            f"the first card not a Jester is {card.text} ({cards}): no led suit (rule 6.2)",
        )
    return (
        "6.1",
        f"the first card that is not a Jester is {card.text} ({cards}): its suit leads (rule 6.1)",
    )


def _blind_trick(state: State, before: State | None) -> bool:
    """Whether the last action was the last bid of a blind round (its trick played itself)."""
    return (
        before is not None
        and before.phase is Phase.BID
        and before.config.rules.visibility.blind(before.round)
        and state.round != before.round
    )


def _views_rule(expected: JSON, got: JSON, state: State) -> tuple[str, str]:
    """A seat's view differs: the rule of the first part of the first seat's view that does."""
    ours = expected if type(expected) is list else []
    theirs = got if type(got) is list else []
    seat = _first_index(ours, got)
    mine: dict[str, JSON] = {}
    other: dict[str, JSON] = {}
    if seat < len(ours) and isinstance(ours[seat], dict):
        mine = ours[seat]  # type: ignore[assignment]
    if seat < len(theirs) and isinstance(theirs[seat], dict):
        other = theirs[seat]  # type: ignore[assignment]
    part = next(
        (
            key
            for key in ("hands", "bids", "unseen_bids", "round_bids")
            if not _same("views", [{key: mine.get(key)}], [{key: other.get(key)}])
        ),
        "hands",
    )
    told = f"seat {seat}'s view differs first, in its {part}"
    rules = state.config.rules
    if part == "hands":
        if state.phase is not Phase.DEAL and rules.visibility.blind(state.round):
            return (
                "26.2",
                f"{told}: in round 1 a seat sees every other card, not its own (rule 26.2)",
            )
        return "13.1", f"{told}: a seat sees its own hand and no other (rule 13.1)"
    if isinstance(rules.bidding, DelayedReveal):
        if part == "round_bids":
            return "24.2", f"{told}: a round's result shows every bid of it (rule 24.2)"
        return "24.1", f"{told}: a seat sees only its own bid until the round ends (rule 24.1)"
    if isinstance(rules.bidding, HiddenBids) and part != "round_bids":
        if state.phase is Phase.BID:
            return "23.1", f"{told}: while bids are made a seat sees only its own (rule 23.1)"
        return "23.3", f"{told}: once the last bid is made every seat sees every bid (rule 23.3)"
    return "13.1", f"{told}: a seat sees every bid as it is made (rule 13.1)"


_KIND_OF_PHASE: Final = {Phase.CHOOSE_TRUMP: "choose_trump", Phase.BID: "bid", Phase.PLAY: "play"}


def _key_of(value: JSON) -> str:
    return json.dumps(value, sort_keys=True)


def _legal_rule(got: JSON, state: State) -> tuple[str, str]:
    """The legal actions differ: the rule of the first action one side lists and the other not."""
    ours = {_key_of(action_to_dict(action)): action for action in legal_actions(state)}
    listed = got if type(got) is list else []
    theirs = {_key_of(value): value for value in listed}
    player, kind = state.current_player, _KIND_OF_PHASE.get(state.phase)
    for key in sorted(theirs.keys() - ours.keys()):
        value = theirs[key]
        if kind is None:
            return "11.10", "at a deal and after the end there is no legal action (rule 11.10)"
        if type(value) is not dict or value.get("type") != kind:
            return "11.2", f"the adapter lists {_dumps(value)} in the {kind} phase (rule 11.2)"
        if value.get("player") != player:
            return (
                "11.4",
                f"the adapter lists an action of another seat than seat {player} (rule 11.4)",
            )
        return _allowed_rule(value, state)
    for key in sorted(ours.keys() - theirs.keys()):
        return _forbidden_rule(ours[key], state)
    return "11.10", "the adapter lists an action twice (rule 11.10)"


def _allowed_rule(value: JSONObject, state: State) -> tuple[str, str]:
    """The adapter lists ``value`` (of the right kind and seat), which this library forbids."""
    if state.phase is Phase.CHOOSE_TRUMP:
        return "3.4", "the dealer names one of the four suits, not 'no trump' (rule 3.4)"
    if state.phase is Phase.BID:
        tricks = value.get("tricks")
        if type(tricks) is not int or not 0 <= tricks <= state.round:
            return (
                "4.2",
                f"a bid is from 0 to {state.round} (rule 4.2); the adapter allows {tricks}",
            )
        if any(isinstance(r, Hardcore) for r in state.config.rules.bid_restrictions):
            return "25.1", (
                f"under hardcore, from 4 cards, the dealer may not bid {tricks}: the bids "
                "would match the tricks (rule 25.1)"
            )
        return "20.1", (
            f"with the option on the dealer may not bid {tricks}: the bids would add up "
            f"to {state.round} (rule 20.1)"
        )
    card = value.get("card")
    player = state.current_player
    assert player is not None
    if card not in [held.text for held in state.hand(player)]:
        return "11.8", f"the adapter allows {card}, which seat {player} does not hold (rule 11.8)"
    led = _led_card(state.current_trick)
    # Else every card in the hand would be legal.
    assert led is not None
    assert led.suit is not None
    return "7.1", (
        f"seat {player} holds the led suit {led.suit.value}: {card} may not be played (rule 7.1)"
    )


def _forbidden_rule(action: Action, state: State) -> tuple[str, str]:
    """The adapter does not list ``action``, which this library allows."""
    if isinstance(action, ChooseTrump):
        return "3.4", f"the dealer may name {_suit_text(action.suit)} as trump (rule 3.4)"
    if isinstance(action, Bid) and state.config.rules.bidding.secret:
        return "23.2", (
            f"with secret bids no bid depends on the others: seat {action.player} may bid "
            f"{action.tricks} (rules 23.2 and 27.2)"
        )
    restrictions = state.config.rules.bid_restrictions
    hardcore = any(isinstance(r, Hardcore) for r in restrictions)
    if isinstance(action, Bid) and hardcore and not state.config.forbid_bid_total_match:
        return "25.2", (
            "hardcore forbids the dealer only the matching bid, in rounds of 4 cards or "
            f"more: {action.tricks} is allowed here (rules 25.1 and 25.2)"
        )
    if isinstance(action, Bid):
        others = sum(bid for bid in state.bids if bid is not None)
        if state.config.forbid_bid_total_match and action.player == state.dealer:
            if others > state.round:
                return "20.2", (
                    f"the other bids add up to {others}, more than {state.round}: the dealer "
                    f"is not restricted (rule 20.2)"
                )
            return "20.1", (
                f"the dealer is forbidden only the bid {state.round - others}, which would "
                f"make the bids add up to {state.round} (rule 20.1)"
            )
        if state.config.forbid_bid_total_match:
            return (
                "20.2",
                f"only the dealer is restricted: seat {action.player} bids 0 to {state.round} "
                "freely (rule 20.2)",
            )
        return "4.2", f"a bid is any whole number from 0 to {state.round} (rule 4.2)"
    assert isinstance(action, Play)
    card, led = action.card, _led_card(state.current_trick)
    if card.kind is not Kind.SUIT:
        return "7.2", f"{card.text}, a Wizard or Jester, may always be played (rule 7.2)"
    if led is not None and led.kind is Kind.WIZARD:
        return (
            "6.2",
            f"{led.text} was the first card that is not a Jester: any card may follow (rule 6.2)",
        )
    if led is not None and led.suit is card.suit:
        return "7.1", f"{card.text} follows the led suit (rule 7.1)"
    return "7.3", f"with no led suit to follow any card may be played, {card.text} too (rule 7.3)"


def _refusal_rule(value: JSON, expected: JSON, got: JSON, state: State) -> tuple[str, str]:
    told = f"this library refuses {_dumps(value)} with {expected}; the adapter answered {got}"
    if expected == "not_your_turn":  # never at a deal: wrong_phase comes first
        key = (
            "leader" if state.phase is Phase.PLAY and not state.current_trick else "current_player"
        )
        rule, why = _turn_rule(key, state)
        return rule, f"{told}: seat {state.current_player} is to act, as {why}"
    rule = _RULE_OF_CODE.get(str(expected), "11.10")
    return rule, f"{told} (rule {rule} gives the code)"


def diagnose(
    what: str,
    key: str | None,
    action: JSON,
    expected: JSON,
    got: JSON,
    state: State,
    before: State | None = None,
) -> tuple[str, str, str]:
    """The rule a disagreement breaks, its subject and how the rule was found.

    Derived from what differed first, at ``state`` (this library's state
    there; ``before`` is the state before the last action, if known): a
    refusal's code (the player to act, for ``not_your_turn``), the winner of
    the first misawarded trick (by the card that wins it: rules 8.1 to 8.4),
    the led suit (by the first card that is not a Jester: rules 6.1 to 6.3),
    a score (by whether that seat met its bid: rules 9.1 and 9.2), the player
    to act (by the phase: rules 3.4, 4.1, 5.1 and 5.2), the legal actions (by
    the phase and the first action one side lists and the other does not:
    following, bidding range, the bid-total option, the trump choice), and so
    on.  Returns ``(rule, subject, how)``.
    """
    if what != "observe":
        kind = action.get("type") if type(action) is dict else "?"
        if what == "refuse":
            rule, how = _refusal_rule(action, expected, got, state)
            return rule, f"the refusal of a {kind}: {expected}, not {got}", how
        rule, legal = ("11.5", "a deal that fits the round") if kind == "deal" else ("11.10", "")
        return (
            rule,
            f"a legal {kind} refused with {got}",
            f"this library accepts {_dumps(action)}; the adapter refused it with {got} "
            f"(rule {rule}: {legal or 'a legal action'} is applied)",
        )
    assert key is not None
    subject = _SUBJECT_OF_KEY.get(key, key)
    if got == _MISSING:
        rule = _RULE_OF_KEY.get(key, "11.10")
        return (
            rule,
            f"{subject} (missing)",
            f"{key} differs first; the adapter's answer lacks it (rule {rule})",
        )
    if key in ("trick_winners", "round_trick_winners"):
        rule, how = _winners_rule(key, got, state)
    elif key == "trick_winner":
        if not state.current_trick:
            rule, how = "8.5", "before a trick's first card nobody is winning it (rule 8.5)"
        else:
            rule, why = _winner_rule(state.current_trick, state.trump)
            how = (
                f"the winner so far (rule 8.5) of the trick in progress "
                f"({_cards_text(state.current_trick)}) differs: this library's is seat "
                f"{state.trick_winner}, as {why} (rule {rule})"
            )
    elif key == "tricks_won" and state.completed_tricks:
        rule, how = (
            "5.2",
            "the trick winners agree, the tricks won do not: a trick's winner wins it (rule 5.2)",
        )
    elif key == "tricks_won":
        rule, how = (
            "12.10",
            "with no trick finished since the position, its tricks won stand (rule 12.10)",
        )
    elif key in ("leader", "current_player"):
        rule, how = _turn_rule(key, state)
    elif key == "phase" and _blind_trick(state, before):
        rule, how = (
            "26.3",
            "under clairvoyance the last bid of round 1 plays its trick, and the round is "
            "scored (rule 26.3)",
        )
    elif key == "phase":
        rule, how = _phase_rule(expected, got, state)
    elif key == "views":
        rule, how = _views_rule(expected, got, state)
    elif key == "rounds":
        rule, how = (
            "2.2",
            f"a game of {state.config.players} players has {state.config.rounds} rounds "
            "(rule 2.2)",
        )
    elif key == "round":
        rule, how = (
            "11.2",
            "a round ends when its last card is played, and the next is dealt (rule 11.2)",
        )
    elif key == "dealer":
        rule = "2.4" if state.round == 1 else "2.5"
        how = (
            "the first round is dealt by the configured first dealer (rule 2.4)"
            if rule == "2.4"
            else "round r is dealt by seat (d + r - 1) mod n, d the first dealer (rule 2.5)"
        )
    elif key == "trump":
        rule, how = _trump_rule(state)
    elif key == "bids":
        rule, how = "4.1", "every player bids exactly once, in turn (rule 4.1)"
    elif key == "scores":
        rule, how = _scores_rule(got, state, before)
    elif key == "led_suit":
        rule, how = _led_rule(state)
    else:
        rule, how = _legal_rule(got, state)
    return rule, subject, f"{key} differs first; {how}"


# -- playing one game ---------------------------------------------------------------------------


@attrs.frozen
class GameRun:
    """What one game on the adapter showed.

    :ivar deviations: the disagreements seen, in order (only the first, unless
        the game went on past them).
    :ivar steps: the steps checked.
    :ivar restarts: how many times the adapter was started again from a
        position past a disagreement.
    :ivar cut: ``""``, or the code the adapter refused a position with, after
        which the rest of the game could not be checked.
    :ivar refused: ``None``, or the code the adapter refused the game's
        configuration (or starting position) with: the game was not played.
    """

    deviations: tuple[Disagreement, ...] = ()
    steps: int = 0
    restarts: int = 0
    cut: str = ""
    refused: str | None = None


def _hides(config: Config) -> bool:
    """Whether a variant of ``config`` hides bids or cards, so that views are compared."""
    rules = config.rules
    return isinstance(rules.bidding, _HIDING) or isinstance(rules.visibility, Clairvoyance)


def _observed(state: State) -> tuple[str, ...]:
    """The keys compared at ``state``: those the protocol defines there.

    And ``views``, under a variant that hides bids or cards.
    """
    views = ("views",) if _hides(state.config) else ()
    if state.phase in (Phase.DEAL, Phase.GAME_OVER):
        return (*(key for key in FUZZ_OBSERVATIONS if key not in _IN_ROUND_ONLY), *views)
    return (*FUZZ_OBSERVATIONS, *views)


def _difference(
    state: State | AnniversaryState, got: JSON, keys: Sequence[str]
) -> tuple[str, JSON, JSON] | None:
    """The first of ``keys`` that differs: the key, this library's value and the adapter's."""
    answered = got if type(got) is dict else {}
    for key in keys:
        expected = OBSERVATIONS[key](state)
        if key not in answered:
            return key, expected, _MISSING
        if not _same(key, expected, answered[key]):
            return key, expected, answered[key]
    return None


def _start_message(config: JSONObject, state: State | None) -> JSONObject:
    if state is None:
        return {"type": "start", "config": config}
    return {"type": "start", "config": config, "position": position_to_dict(position_of(state))}


def play_game(
    client: AdapterClient,
    config: Config,
    rng: random.Random,
    *,
    rounds: int | None = None,
    biased: bool = False,
    keep_going: bool = False,
    start: State | None = None,
) -> GameRun:
    """Play one random game on the adapter and this library, checking every step.

    Stops at the end of the game, after ``rounds`` rounds, or at the first
    disagreement; with ``keep_going``, it starts the adapter again from this
    library's position just past each disagreement (the adapter's own state
    after it is tainted) and plays on, and stops early only if the adapter
    refuses that position.  ``start`` is a state to begin at instead of the
    first deal.
    """
    config_json: JSONObject = config_to_dict(config)
    answer = client.step(_start_message(config_json, start), "ok")
    if answer["type"] != "ok":
        return GameRun(refused=str(answer.get("code")))
    state = new_game(config) if start is None else from_position(position_of(start))
    origin = None if start is None else position_to_dict(position_of(start))
    done: list[JSON] = []
    before: State | None = None
    deviations: list[Disagreement] = []
    steps = dealt = restarts = 0
    cut: list[str] = []

    def found(what: str, key: str | None, action: JSON, expected: JSON, got: JSON) -> bool:
        """Note a disagreement at ``state``; return whether to go on."""
        rule, subject, how = diagnose(what, key, action, expected, got, state, before)
        deviations.append(
            Disagreement(
                config=config_json,
                actions=tuple(done),
                what=what,
                key=key,
                action=action,
                expected=expected,
                got=got,
                position=position_of(state).to_text(),
                round=state.round,
                start=origin,
                rule=rule,
                subject=subject,
                how=how,
                dealt=dealt,
            )
        )
        return keep_going

    def resume(past: State) -> bool:
        """Start the adapter again at ``past``, this library's state past a disagreement."""
        nonlocal state, origin, before, done, restarts
        answer = client.step(_start_message(config_json, past), "ok")
        if answer["type"] != "ok":
            cut.append(str(answer.get("code")))
            return False
        restarts += 1
        state = from_position(position_of(past))
        origin, before, done = position_to_dict(position_of(past)), None, []
        return True

    while True:
        steps += 1
        keys = _observed(state)
        answer = client.step({"type": "query", "observe": list(keys)}, "observed")
        difference = _difference(state, answer.get("state"), keys)
        if difference is not None:
            key, expected, got = difference
            if not (found("observe", key, None, expected, got) and resume(state)):
                break
        if rounds is not None and state.round > rounds:
            break
        # One illegal action at every step, the end of the game included
        # (where every action is refused with game_over).
        illegal = _illegal_action(state, rng)
        code = _refusal(state, illegal)
        probe = action_to_dict(illegal)
        answer = client.step({"type": "apply", "action": probe}, "ok")
        got = answer.get("code", "ok")
        if got != code and not (found("refuse", None, probe, code, got) and resume(state)):
            break
        if state.phase is Phase.GAME_OVER:
            break
        if state.phase is Phase.DEAL:
            action: Action = _deal(state, rng, biased)
        else:
            choices = legal_actions(state)
            action = choices[rng.randrange(len(choices))]
        value = action_to_dict(action)
        answer = client.step({"type": "apply", "action": value}, "ok")
        refused = answer["type"] != "ok"
        if refused and not found("apply", None, value, "ok", answer.get("code")):
            break
        dealt += isinstance(action, Deal)
        after = apply(state, action)
        if refused and not resume(after):
            break
        if not refused:
            before, state = state, after
            done.append(value)
    return GameRun(tuple(deviations), steps, restarts, cut[0] if cut else "")


# -- games with the anniversary cards (rules 28 to 41) ------------------------------------------

FUZZ_CARDS: Final[tuple[str, ...]] = CARD_NAMES
"""The anniversary cards a fuzz run may draw (``--cards all`` or some of them).

Each game of a run with cards draws its deck: the Dragon and the Fairy
together (rule 28.2) with probability one half, each other card named with
probability one half, at least one card; then each reading's value (unless
the run fixes the readings) and each bid restriction of the run's variants
with probability one half (the only variants that combine with the cards,
rule 28.5).  Such games are compared from the first deal on the keys of
:data:`FUZZ_CARD_OBSERVATIONS`; a deviation is not shrunk (the position
notation has no anniversary cards, so a game cannot be restarted part way).
"""

FUZZ_CARD_OBSERVATIONS: Final[tuple[str, ...]] = (
    "rounds",
    "phase",
    "round",
    "dealer",
    "trump_card",
    "vampire_copies",
    "trump",
    "declared",
    "trick_winners",
    "round_trick_winners",
    "bid_changes",
    "round_bid_changes",
    "bids",
    "scores",
    "leader",
    "current_player",
    "tricks_won",
    "led_suit",
    "trick_winner",
    "hands",
    "card_views",
    "views",
    "legal_actions",
)
"""What is compared before every action of a game with anniversary cards, in this order.

As :data:`FUZZ_OBSERVATIONS`, causes before what they cause: the trump
place and the Vampire's card before the trump, a card's declaration and a
trick's winner before the bid changes, bids and scores they decide, the
hands (which the Werewolf, the passes and the Witch change) before what each
seat is given of the cards' secrets (``card_views``, rule 41) and the legal
actions.
"""

_CARD_RULE_OF_KEY: Final[dict[str, str]] = {
    "rounds": "28.3",
    "phase": "40.3",
    "round": "28.3",
    "dealer": "2.1",
    "trump_card": "32.1",
    "vampire_copies": "37.1",
    "trump": "38",
    "declared": "33.1",
    "trick_winners": "39",
    "round_trick_winners": "39",
    "bid_changes": "34.2",
    "round_bid_changes": "34.2",
    "bids": "34.2",
    "scores": "31.2",
    "leader": "31.3",
    "current_player": "40.3",
    "tricks_won": "31.1",
    "led_suit": "39.2",
    "trick_winner": "39",
    "hands": "40.1",
    "card_views": "41.2",
    "views": "41",
    "legal_actions": "39.3",
}
"""For each observation of a game with cards, the rule a difference in it breaks first."""


def _card_draw(
    players: Sequence[int],
    options: Sequence[bool],
    rng: random.Random,
    cards: Sequence[str],
    readings: Mapping[str, str],
    variants: Sequence[str],
) -> Config:
    """A random configuration of a game with cards, as :data:`FUZZ_CARDS` says."""
    count = rng.choice(players)
    first_dealer = rng.randrange(count)
    option = rng.choice(options)
    units: list[tuple[str, ...]] = [(name,) for name in cards if name not in ("dragon", "fairy")]
    if "dragon" in cards:
        units.insert(0, ("dragon", "fairy"))
    added = [name for unit in units if rng.random() < 0.5 for name in unit]
    if not added:
        added = list(rng.choice(units))
    chosen = Readings(
        **{
            r.name: readings[r.name] if r.name in readings else rng.choice(r.values)
            for r in READINGS
        }
    )
    names = [name for name in variants if rng.random() < 0.5]
    rules = attrs.evolve(variant_rules(names), deck=AnniversaryDeck(added=added, readings=chosen))
    return Config(
        players=count, first_dealer=first_dealer, forbid_bid_total_match=option, rules=rules
    )


def _card_observed(state: AnniversaryState) -> tuple[str, ...]:
    """The keys compared at ``state`` of a game with cards (those a round defines, in one)."""
    if state.phase is AnniversaryPhase.DEAL or state.is_over:
        return tuple(key for key in FUZZ_CARD_OBSERVATIONS if key not in _IN_ROUND_ONLY)
    return FUZZ_CARD_OBSERVATIONS


def _illegal_card_action(state: AnniversaryState, rng: random.Random) -> object:
    """A randomly chosen action that ``state`` of a game with cards refuses."""
    players = state.config.players
    seats = (*range(players), -1, players)
    turn = state.current_player
    deck = state.deck.cards
    for _ in range(20):
        player = turn if turn is not None and rng.random() < 0.7 else rng.choice(seats)
        hand = state.hands[player] if 0 <= player < players else ()
        card = rng.choice(hand) if hand and rng.random() < 0.7 else rng.choice(deck)
        kind = rng.randrange(8)
        action: object
        if kind == 0:
            action = Bid(player, rng.randrange(-1, state.deal_size + 2))
        elif kind == 1:
            action = Play(player, card)
        elif kind == 2:
            action = ChooseTrump(player, rng.choice((*Suit, None)))
        elif kind == 3:
            action = Declare(player, rng.choice((*Suit, Kind.WIZARD, Kind.JESTER)))
        elif kind == 4:
            action = PassCard(player, card)
        elif kind == 5:
            action = ChangeBid(player, rng.choice((-2, -1, 0, 1, 2)))
        elif kind == 6:
            action = WitchSwap(player, card, rng.choice(deck))
        else:
            action = WerewolfTrump(player, rng.choice((*Suit, None)))
        if not is_legal(state, action):
            return action
    return Bid(-1, 0)  # pragma: no cover - twenty legal draws in a row (never legal)


def _card_diagnosis(
    what: str, key: str | None, action: JSON, expected: JSON, got: JSON
) -> tuple[str, str, str]:
    """The rule a disagreement in a game with cards breaks, its subject and how it was found.

    A refused or wrongly accepted action is named by its code (rule 11's
    refusals, as in the standard game); an observation by the rule of rules
    28 to 41 that decides it first, and a trick given to a seat where this
    library gives it to no one by rule 31.1 (a Bomb's trick counts for no one).
    """
    if what != "observe":
        kind = action.get("type") if type(action) is dict else "?"
        if what == "refuse":
            rule = _RULE_OF_CODE.get(str(expected), "11")
            return (
                rule,
                f"the refusal of a {kind}: {expected}, not {got}",
                f"this library refuses {_dumps(action)} with {expected}, the adapter "
                f"answered {got} (rule {rule})",
            )
        return (
            "40.3"
            if kind in ("declare", "pass", "change_bid", "witch_swap", "werewolf")
            else "11.10",
            f"a legal {kind} refused with {got}",
            f"this library accepts {_dumps(action)}; the adapter refused it with {got}",
        )
    assert key is not None
    rule = _CARD_RULE_OF_KEY.get(key, "41")
    subject = _SUBJECT_OF_KEY.get(key, key)
    if got == _MISSING:
        return rule, f"{subject} (missing)", f"{key} differs first; the adapter's answer lacks it"
    if key in ("trick_winners", "round_trick_winners") and _bomb_given(expected, got):
        rule = "31.1"
        return (
            rule,
            "a Bomb's trick given to a seat",
            "a trick this library gives to no one (a Bomb's: rule 31.1) has a winner in "
            "the adapter's answer",
        )
    return rule, subject, f"{key} differs first (rule {rule})"


def _bomb_given(expected: JSON, got: JSON) -> bool:
    """Whether ``got`` gives a winner to a trick ``expected`` gives to no one (``null``)."""

    def flat(value: JSON) -> list[JSON]:
        if type(value) is list:
            return [item for part in value for item in flat(part)]
        return [value]

    ours, theirs = flat(expected), flat(got)
    return any(a is None and b is not None for a, b in zip(ours, theirs, strict=False))


_NO_POSITION: Final = "(a game with anniversary cards: the position notation has none of them)"


def play_card_game(
    client: AdapterClient, config: Config, rng: random.Random, *, rounds: int | None = None
) -> GameRun:
    """Play one random game with anniversary cards on the adapter and this library.

    As :func:`play_game` from the first deal, on the keys of
    :data:`FUZZ_CARD_OBSERVATIONS`, with one illegal action of the cards'
    kinds (a declaration, a pass, a bid change, a Witch's swap, a
    Werewolf's trump, ...) tried at every step; the chance steps (the deal,
    and the stock card turned up for the Vampire) are drawn by
    :func:`~wizard_rules.random_chance`.  It stops at the first
    disagreement: a game with the cards has no position to start again from.
    With ``rounds``, it stops once that many rounds are played.
    """
    config_json: JSONObject = config_to_dict(config)
    answer = client.step(_start_message(config_json, None), "ok")
    if answer["type"] != "ok":
        return GameRun(refused=str(answer.get("code")))
    from wizard_rules.core.anniversary.transitions import new_anniversary_game

    state = new_anniversary_game(config)
    done: list[JSON] = []
    steps = dealt = 0

    def found(what: str, key: str | None, action: JSON, expected: JSON, got: JSON) -> GameRun:
        rule, subject, how = _card_diagnosis(what, key, action, expected, got)
        found = Disagreement(
            config=config_json,
            actions=tuple(done),
            what=what,
            key=key,
            action=action,
            expected=expected,
            got=got,
            position=_NO_POSITION,
            round=state.round,
            rule=rule,
            subject=subject,
            how=how,
            dealt=dealt,
        )
        return GameRun((found,), steps)

    while True:
        steps += 1
        keys = _card_observed(state)
        answer = client.step({"type": "query", "observe": list(keys)}, "observed")
        difference = _difference(state, answer.get("state"), keys)
        if difference is not None:
            key, expected, got = difference
            return found("observe", key, None, expected, got)
        illegal = _illegal_card_action(state, rng)
        code = _refusal(state, illegal)  # type: ignore[arg-type]
        probe = action_to_dict(illegal)  # type: ignore[arg-type]
        answer = client.step({"type": "apply", "action": probe}, "ok")
        if answer.get("code", "ok") != code:
            return found("refuse", None, probe, code, answer.get("code", "ok"))
        if state.is_over or (rounds is not None and state.round > rounds):
            return GameRun((), steps)
        if state.is_chance:
            action: object = random_chance(state, rng)
        else:
            choices = legal_actions(state)
            action = choices[rng.randrange(len(choices))]
        value = action_to_dict(action)  # type: ignore[arg-type]
        answer = client.step({"type": "apply", "action": value}, "ok")
        if answer["type"] != "ok":
            return found("apply", None, value, "ok", answer.get("code"))
        dealt += type(action) is Deal
        state = apply(state, action)
        done.append(value)


# -- shrinking: a smaller game, then a later start, failing the same way -------------------------


def _configs(
    players: Sequence[int],
    options: Sequence[bool],
    rng: random.Random,
    variants: Sequence[str] = (),
    *,
    fixed: Sequence[str] | None = None,
) -> Config:
    """A random configuration: a player count, a first dealer, the option, the variants.

    Exactly ``fixed``, if given; else the bidding is drawn first (open, or
    one of the secret biddings of ``variants``, each as likely), then each
    other variant of ``variants`` is on with probability one half, but no
    restriction of the last bid (the option included) with a secret bidding
    (rule 27.2); see :data:`FUZZ_VARIANTS`.
    """
    count = rng.choice(players)
    first_dealer = rng.randrange(count)
    option = rng.choice(options)
    if fixed is not None or not variants:
        return Config(
            players=count,
            first_dealer=first_dealer,
            forbid_bid_total_match=option,
            rules=variant_rules(fixed or ()),
        )
    # The bidding first: open, or one of the secret biddings drawn, each as likely;
    # a secret bidding goes with no restriction of the last bid (rule 27.2).
    secret = [name for name in variants if name in _SECRET_NAMES]
    bidding = rng.choice([None, *secret])
    if bidding is not None and False not in options:
        bidding = None
    names = [
        name
        for name in variants
        if name not in _SECRET_NAMES
        and rng.random() < 0.5
        and not (bidding is not None and name in _RESTRICTION_NAMES)
    ]
    return Config(
        players=count,
        first_dealer=first_dealer,
        forbid_bid_total_match=option and bidding is None,
        rules=variant_rules([*names, *([bidding] if bidding else [])]),
    )


def shrink(
    client: AdapterClient,
    found: Disagreement,
    seed: int,
    *,
    budget: int = 600,
) -> tuple[Disagreement, int]:
    """Look for ``found``'s deviation in fewer rounds; return the smallest and the games tried.

    For each number of rounds from 1 up to one less than ``found`` needed,
    plays up to ``budget`` games of that many rounds (half of them with deals
    rich in Wizards and Jesters) with ``found``'s player count, option and
    variants and a random first dealer, going on past other disagreements.  Only a
    disagreement with ``found``'s rule and subject (:attr:`Disagreement.signature`)
    counts: shrinking never trades the deviation it was given for another.
    Within a game the first such disagreement is already the shortest prefix
    that shows it.
    """
    rng = random.Random(seed)
    players = int(str(found.config["players"]))
    option = found.config["forbid_bid_total_match"] is True
    kept = variant_names(config_from_dict(found.config).rules)
    tried = 0
    for rounds in range(1, found.game_rounds):
        for attempt in range(budget):
            tried += 1
            config = _configs((players,), (option,), rng, fixed=kept)
            run = play_game(
                client,
                config,
                random.Random(rng.random()),
                rounds=rounds,
                biased=attempt % 2 == 0,
                keep_going=True,
            )
            for smaller in run.deviations:
                if smaller.signature == found.signature:
                    return smaller, tried
    return found, tried


def _replay(
    client: AdapterClient, found: Disagreement, start: State, actions: Sequence[JSON]
) -> Disagreement | None:
    """``found`` again, started at ``start`` and played with ``actions``, or ``None``.

    ``None`` unless the adapter starts there, applies every action, and then
    disagrees through the same rule and subject as ``found``.  What is
    expected is worked out again from there (a history such as the trick
    winners starts at the position).
    """
    position = position_to_dict(position_of(start))
    message: JSONObject = {"type": "start", "config": found.config, "position": position}
    if client.step(message, "ok")["type"] != "ok":
        return None  # it refuses or cannot start from the position
    state, before = from_position(position_of(start)), None
    for value in actions:
        if client.step({"type": "apply", "action": value}, "ok")["type"] != "ok":
            return None
        before, state = state, apply(state, action_from_dict(value))
    expected: JSON
    if found.what == "observe":
        assert found.key is not None
        answer = client.step({"type": "query", "observe": [found.key]}, "observed")
        difference = _difference(state, answer.get("state"), (found.key,))
        if difference is None:
            return None
        _, expected, got = difference
    else:
        answer = client.step({"type": "apply", "action": found.action}, "ok")
        expected = (
            "ok" if found.what == "apply" else _refusal(state, action_from_dict(found.action))
        )
        got = answer.get("code", "ok")
        if got == expected:
            return None
    rule, subject, how = diagnose(
        found.what, found.key, found.action, expected, got, state, before
    )
    if (rule, subject) != found.signature:
        return None
    return attrs.evolve(
        found,
        actions=tuple(actions),
        start=position,
        expected=expected,
        got=got,
        position=position_of(state).to_text(),
        how=how,
    )


def _states(found: Disagreement) -> list[State]:
    """The states along ``found`` by this library's rules: at its start, then after each action."""
    if found.start is None:
        states = [new_game(config_from_dict(found.config))]
    else:
        states = [from_position(position_from_dict(found.start))]
    for value in found.actions:
        states.append(apply(states[-1], action_from_dict(value)))
    return states


def _with_rule(found: Disagreement, states: Sequence[State]) -> Disagreement:
    """``found`` with its rule, subject and how derived, if it has none (one made by hand)."""
    if found.rule:
        return found
    before = states[-2] if len(states) > 1 else None
    rule, subject, how = diagnose(
        found.what, found.key, found.action, found.expected, found.got, states[-1], before
    )
    return attrs.evolve(found, rule=rule, subject=subject, how=how)


def shrink_to_position(client: AdapterClient, found: Disagreement) -> Disagreement:
    """Start ``found`` from the latest position the adapter still disagrees from the same way.

    Tries the position just before the disagreement (no action left to
    play), then one action earlier, and so on back to its round's deal; the
    first position from which the adapter still disagrees through the same
    rule and subject is kept, with the actions from there.  When none does
    (its fault lies in what it remembers of earlier rounds, or it cannot
    start from a position), or it goes wrong only from the first deal,
    ``found`` is returned as it is.
    """
    states = _states(found)
    target = _with_rule(found, states)
    deals = [
        k
        for k, value in enumerate(found.actions)
        if type(value) is dict and value.get("type") == "deal"
    ]
    # From the first deal, a position adds nothing; from a position, the start is known.
    first = max(deals[-1] if deals else 0, 1)
    for k in range(len(found.actions), first - 1, -1):
        moved = _replay(client, target, states[k], found.actions[k:])
        if moved is not None:
            return moved
    return found


# -- cases, known deviations and the run ---------------------------------------------------------


@functools.cache
def _rule_tags() -> dict[str, tuple[str, ...]]:
    """For each rule, the tags every case of the suite for that rule carries."""
    tags: dict[str, set[str]] = {}
    for case in load_suite().cases:
        if case.rule in tags:
            tags[case.rule] &= set(case.tags)
        else:
            tags[case.rule] = set(case.tags)
    return {rule: tuple(sorted(found)) for rule, found in tags.items()}


def rule_tags(rule: str) -> tuple[str, ...]:
    """The tags of a deviation of ``rule``: those every suite case of the rule carries."""
    return _rule_tags().get(rule, ())


def _known(disagreement: Disagreement, entries: Sequence[KnownFailure]) -> KnownFailure | None:
    """The first entry that sets ``disagreement`` aside: by its rule (a glob) or ``tag:TAG``.

    Matched as the runner matches known failures, with the rule in the place
    of the case id.
    """
    if not entries:
        return None
    subject = Case(
        id=disagreement.rule,
        rule=disagreement.rule,
        area="fuzz",
        description=disagreement.subject,
        config=disagreement.config,
        actions=disagreement.actions,
        errors=(),
        state=None,
        perft=None,
        tags=rule_tags(disagreement.rule),
    )
    return next((entry for entry in entries if matches(subject, entry.pattern)), None)


def case_of(disagreement: Disagreement, number: int = 1) -> JSONObject:
    """The disagreement as a case of a case file (valid against ``schema.json``).

    Its ``rule`` is the one :func:`diagnose` derived, and the description
    says how.
    """
    d = disagreement if disagreement.rule else _with_rule(disagreement, _states(disagreement))
    rule, how = d.rule, d.how
    actions: list[JSON] = list(d.actions)
    expect: JSONObject
    if d.what == "observe":
        assert d.key is not None
        expect = {"state": {d.key: d.expected}}
        told = f"{d.key} is {_dumps(d.expected)}"
    elif d.what == "refuse":
        actions.append(d.action)
        expect = {"errors": [{"at": len(actions) - 1, "code": d.expected}]}
        told = f"the last action is refused with {d.expected}"
    else:
        actions.append(d.action)
        after = run_case(d.config, actions, ("phase", "round"), None, d.start)["state"]
        expect = {"state": after}
        told = "the last action is legal and applied"
    tags = rule_tags(rule)
    return {
        "id": f"fuzz.{number:03d}",
        "rule": rule,
        **({"tags": list(tags)} if tags else {}),
        "description": (
            "Found by wizard-rules conformance fuzz: after "
            + (f"{d.rounds} round(s) of play" if d.start is None else "the position")
            + f", {told}.  Rule {rule}, found so: {how}."
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


def _cards_drawn(
    cards: Sequence[str], variants: Sequence[str], readings: Mapping[str, str]
) -> tuple[str, ...]:
    """The cards a run draws from, in canonical order; refuse what cannot be fuzzed with them."""
    unknown = sorted(set(cards) - set(FUZZ_CARDS))
    if unknown:
        raise FuzzError(
            f"no such anniversary card: {', '.join(unknown)} (the cards: {', '.join(FUZZ_CARDS)})"
        )
    chosen = tuple(name for name in FUZZ_CARDS if name in cards)
    if ("dragon" in chosen) != ("fairy" in chosen):
        raise FuzzError("the Dragon and the Fairy go in together or not at all (rule 28.2)")
    if not chosen:
        if readings:
            raise FuzzError("readings are chosen for games with anniversary cards: name some")
        return ()
    try:
        Readings(**readings)
    except (ConfigError, TypeError) as error:
        raise FuzzError(f"no such reading or value: {error}") from None
    refused = [name for name in variants if name not in _RESTRICTION_NAMES]
    if refused:
        raise FuzzError(
            f"the anniversary cards do not combine with {', '.join(refused)} (rule 28.5): "
            "with cards, the variants drawn are the bid restrictions "
            f"({', '.join(sorted(_RESTRICTION_NAMES))})"
        )
    return chosen


def fuzz(
    command: str,
    *,
    games: int,
    seed: int,
    players: Sequence[int] = (3, 4, 5, 6),
    options: Sequence[bool] = (False, True),
    shrink_budget: int = 600,
    timeout: float = 10.0,
    max_deviations: int = MAX_DEVIATIONS,
    known: Sequence[KnownFailure] = (),
    variants: Sequence[str] = (),
    cards: Sequence[str] = (),
    readings: Mapping[str, str] | None = None,
) -> FuzzResult:
    """Play ``games`` random games against the adapter run by ``command``; shrink what differs.

    ``variants`` are the variants the games may draw (:data:`FUZZ_VARIANTS`;
    none by default: the base game, with the option as ``options`` says).

    ``cards`` are the anniversary cards the games draw (:data:`FUZZ_CARDS`;
    none by default): with some, every game has cards (:func:`play_card_game`),
    each reading named in ``readings`` (a reading's name to its value) fixed
    and the others drawn, and ``variants`` may name only the bid restrictions
    (rule 28.5).
    Goes on past every disagreement (see :func:`play_game`) and stops early
    once ``max_deviations`` distinct deviations not set aside by ``known``
    are found.  Each is shrunk when first seen.  A game whose configuration
    the adapter refuses is skipped (and counted as skipped); a configuration
    once refused is not asked for again.

    :raises FuzzError: the adapter cannot be started, dies, answers out of
        protocol, or does not speak protocol version 2.
    """
    unknown = sorted(set(variants) - set(FUZZ_VARIANTS))
    if unknown:
        raise FuzzError(
            f"no such variant: {', '.join(unknown)} (the variants: {', '.join(FUZZ_VARIANTS)})"
        )
    drawn = tuple(name for name in FUZZ_VARIANTS if name in variants)
    fixed = dict(readings or {})
    with_cards = _cards_drawn(cards, drawn, fixed)
    rng = random.Random(seed)
    began = time.perf_counter()
    client = AdapterClient(command, timeout=timeout)
    steps = played = restarts = cut_short = 0
    new: dict[tuple[str, str], Deviation] = {}
    aside: dict[tuple[str, str], Deviation] = {}
    skipped: dict[str, tuple[JSONObject, str, int]] = {}
    try:
        for game in range(1, games + 1):
            if len(new) >= max_deviations:
                break
            if with_cards:
                config = _card_draw(players, options, rng, with_cards, fixed, drawn)
            else:
                config = _configs(players, options, rng, drawn)
            game_rng = random.Random(rng.random())
            key = _dumps(config_to_dict(config))
            if key in skipped:
                config_json, code, count = skipped[key]
                skipped[key] = (config_json, code, count + 1)
                continue
            if with_cards:
                run = play_card_game(client, config, game_rng)
            else:
                run = play_game(client, config, game_rng, keep_going=True)
            if run.refused is not None:
                skipped[key] = (config_to_dict(config), run.refused, 1)
                continue
            played += 1
            steps += run.steps
            restarts += run.restarts
            cut_short += bool(run.cut)
            for found in run.deviations:
                signature = found.signature
                for table in (new, aside):
                    if signature in table:
                        table[signature] = attrs.evolve(
                            table[signature], seen=table[signature].seen + 1
                        )
                        break
                else:
                    entry = _known(found, known)
                    if entry is not None:
                        aside[signature] = Deviation(found, found, game, known=entry)
                    elif with_cards:  # no position to shrink to (see FUZZ_CARDS)
                        new[signature] = Deviation(found, found, game)
                    elif len(new) < max_deviations:
                        shrunk, tried = shrink(client, found, seed, budget=shrink_budget)
                        shrunk = shrink_to_position(client, shrunk)
                        new[signature] = Deviation(found, shrunk, game, shrink_games=tried)
    finally:
        client.close()
    return FuzzResult(
        games=played,
        steps=steps,
        seconds=time.perf_counter() - began,
        deviations=tuple(new.values()),
        known=tuple(aside.values()),
        skipped=tuple(skipped.values()),
        restarts=restarts,
        cut_short=cut_short,
        entries=tuple(known),
        limit=max_deviations,
        unknown_fields=client.unknown_fields,
    )


def _rule_words(rule: str) -> str:
    title = RULE_TITLES.get(rule)
    return f"rule {rule}" + (f" ({title})" if title else "")


def report(result: FuzzResult, out: TextIO) -> int:
    """Print a fuzz result; return the exit status.

    0: no deviation but those set aside; 1: a deviation; 2: no game could be
    played (the adapter refused every configuration drawn).
    """
    rate = result.steps / result.seconds if result.seconds else 0.0
    deviations = result.deviations
    rules = dict.fromkeys(deviation.found.rule for deviation in deviations)
    head = (
        f"{len(deviations)} deviation{'s' if len(deviations) != 1 else ''} in "
        f"{len(rules)} rule{'s' if len(rules) != 1 else ''}"
        if deviations
        else "no deviation"
    )
    out.write(
        f"{head} in {result.games} games ({result.steps} steps, {result.seconds:.1f} s, "
        f"{rate:.0f} steps/s; {result.restarts} restarts from a position"
        + (f", {len(result.known)} known set aside" if result.known else "")
        + ")\n"
    )
    if result.unknown_fields:
        fields = ", ".join(result.unknown_fields)
        out.write(f"unknown fields in the adapter's answers, ignored: {fields}\n")
    if len(deviations) >= result.limit:
        out.write(f"stopped at the limit of {result.limit} deviations (--max-deviations)\n")
    number = 0
    for rule in sorted(rules, key=lambda text: tuple(int(part) for part in text.split("."))):
        group = [deviation for deviation in deviations if deviation.found.rule == rule]
        out.write(
            f"\n== {_rule_words(rule)}: {len(group)} deviation{'s' if len(group) != 1 else ''}\n"
        )
        for deviation in group:
            number += 1
            found, shrunk = deviation.found, deviation.shrunk
            out.write(
                f"\n-- deviation {number}: {found.subject} (first in game {deviation.game}, "
                f"seen {deviation.seen} time{'s' if deviation.seen != 1 else ''})\n"
            )
            out.write(f"found: {found.describe()}\n")
            smaller = f"{shrunk.rounds} rounds" if shrunk.start is None else "a position"
            out.write(
                f"shrunk ({deviation.shrink_games} games tried) to {len(shrunk.actions)} "
                f"actions from {smaller}: {shrunk.describe()}\n"
            )
            out.write(f"rule found: {shrunk.how}\n")
            out.write(f"position: {shrunk.position}\n")
            out.write("case:\n")
            out.write(format_case(case_of(shrunk, number)) + "\n")
    if result.entries:
        out.write("\nknown deviations (set aside):\n")
        for entry in result.entries:
            covered = [d for d in result.known if d.known == entry]
            seen = ", ".join(
                f"{_rule_words(d.found.rule)}: {d.found.subject} ({d.seen} times)" for d in covered
            )
            reason = f" # {entry.reason}" if entry.reason else ""
            out.write(f"  line {entry.line}: {entry.pattern}{reason}: {seen or 'not seen'}\n")
    if result.cut_short:
        out.write(
            f"\n{result.cut_short} games were cut short at a deviation: the adapter refused "
            "to start from this library's position past it, so the rest went unchecked\n"
        )
    if result.skipped:
        out.write("\nskipped configurations (the adapter refused them):\n")
        for config, code, count in result.skipped:
            out.write(f"  {_dumps(config)}: refused with {code} ({count} games)\n")
    if result.games == 0 and result.skipped:
        out.write("no game could be played: the adapter refused every configuration drawn\n")
        return 2
    return 1 if deviations else 0
