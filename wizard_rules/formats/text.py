"""Positions and games as text a person reads: what ``wizard-rules show`` and ``simulate`` print.

Plain strings, no styling: :mod:`wizard_rules.agents.play` styles what it
takes from here for the terminal.  This module is the one home of the
sentence that says which card was turned and what is trump
(:func:`trump_sentence`), for a position, a player's view and a finished
round alike.

>>> from wizard_rules.formats.text import position_table, trump_sentence
>>> from wizard_rules import Config, Position, new_game, position_of
>>> print(trump_sentence(Position.from_text(
...     "players=3 round=1 dealer=1 scores=0,0,0 hands=D1/D2/D3 turned=W2 trump=S "
...     "bids=-,-,- won=0,0,0 played=- trick=- leader=2")))
Turned W2: trump Spades named by the dealer
>>> print(position_table(position_of(new_game(Config(players=3)))), end="")
Round 1 of 20: 3 players, dealer P0, bid-total option off
Not dealt yet: no card turned, no trump
<BLANKLINE>
seat  hand  bid  won  score
P0    -       -    0      0  dealer
P1    -       -    0      0
P2    -       -    0      0
<BLANKLINE>
To act: chance, the deal of round 1
Legal actions: none
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from wizard_rules.core.cards import Card, Kind, Suit
from wizard_rules.core.config import Config, seat_after
from wizard_rules.core.position import Position
from wizard_rules.core.rules import variant_names
from wizard_rules.core.scoring import RoundResult
from wizard_rules.core.state import Phase, State
from wizard_rules.core.trick import led_suit, winning_position
from wizard_rules.core.views import PlayerView
from wizard_rules.errors import ErrorCode, InvalidArgumentError

if TYPE_CHECKING:
    from wizard_rules.core.anniversary.state import (
        AnniversaryRoundResult,
        AnniversaryState,
        AnniversaryTrick,
    )

__all__ = [
    "account",
    "anniversary_card_text",
    "anniversary_words",
    "position_table",
    "suit_name",
    "trump_sentence",
    "variant_words",
]


def suit_name(suit: Suit) -> str:
    """Return the name of ``suit`` as the text of a position or a game writes it.

    >>> from wizard_rules import Suit
    >>> from wizard_rules.formats.text import suit_name
    >>> suit_name(Suit.HEARTS)
    'Hearts'
    """
    return suit.name.title()


def trump_sentence(subject: Position | PlayerView | RoundResult) -> str:
    """Return the sentence that says which card was turned and what is trump.

    The wording is that of the text ``subject`` is shown in: a position's
    table (:func:`position_table`, a sentence of its own, capitalized), the
    panel of a player's turn (:func:`~wizard_rules.agents.play.render_turn`),
    or a round of a game's :func:`account`.  The turned card may be missing
    (the last round deals every card), a Jester (no trump), a Wizard (the
    dealer names the trump, or has not yet) or a suit card (its suit is
    trump).

    >>> from wizard_rules.formats.text import trump_sentence
    >>> import random
    >>> from wizard_rules import Config, apply, new_game, player_view, position_of, random_deal
    >>> state = new_game(Config(players=3))
    >>> state = apply(state, random_deal(state, random.Random(3)))
    >>> trump_sentence(player_view(state, 0))
    'turned C5: trump Clubs'
    >>> trump_sentence(position_of(state))
    'Turned C5: trump Clubs'

    :raises InvalidArgumentError: ``subject`` is none of the three.
    """
    _expect(subject, Position, PlayerView, RoundResult)
    if type(subject) is Position and subject.phase is Phase.DEAL:
        return "Not dealt yet: no card turned, no trump"
    if type(subject) is Position and subject.phase is Phase.GAME_OVER:
        return "No card turned, no trump: the game is over"
    turned, trump = subject.turned, subject.trump
    if turned is None:
        if type(subject) is Position:
            why = f"round {subject.round} deals every card"
        else:
            why = "the last round" if type(subject) is PlayerView else "last round"
        sentence = f"no card turned ({why}): no trump"
    elif turned.is_jester:
        sentence = f"turned {turned}: no trump"
    elif trump is None:
        sentence = f"turned {turned}: the dealer, P{subject.dealer}, names the trump"
    elif not turned.is_wizard:
        sentence = f"turned {turned}: trump {suit_name(trump)}"
    elif type(subject) is RoundResult:
        sentence = f"turned {turned}: dealer names {suit_name(trump)}"
    else:
        named = " named" if type(subject) is Position else ", named"
        sentence = f"turned {turned}: trump {suit_name(trump)}{named} by the dealer"
    return sentence[0].upper() + sentence[1:] if type(subject) is Position else sentence


def _expect(value: object, *kinds: type) -> None:
    """Raise ``invalid_argument`` unless ``value`` is of one of ``kinds`` (exactly)."""
    if type(value) not in kinds:
        names = [f"a {kind.__name__}" for kind in kinds]
        expected = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected {expected}, not {type(value).__name__}"
        )


# -- a position: wizard-rules show ---------------------------------------------


def position_table(position: Position) -> str:
    """Return ``position`` as a table a person can read, as ``wizard-rules show`` prints it.

    The round, the dealer and the option; the turned card and the trump;
    every seat's hand (or "hidden"), bid, tricks won and score; the trick in
    progress with who played what; who is to act; and the legal actions,
    when the hand of the seat to act is known.  The text ends with a newline.

    :raises InvalidArgumentError: ``position`` is not a :class:`~wizard_rules.Position`.
    """
    _expect(position, Position)
    p = position
    config = p.config
    option = "on" if config.forbid_bid_total_match else "off"
    over = ", the game is over" if p.over else ""
    lines = [
        f"Round {p.round} of {config.rounds}{over}: {config.players} players, "
        f"dealer P{p.dealer}, bid-total option {option}{variant_words(config)}",
        trump_sentence(p),
        "",
        *_table_lines(p),
        "",
    ]
    phase = p.phase
    if phase is Phase.PLAY:
        lines.extend(_trick_lines(p))
    if phase is Phase.DEAL:
        lines.append(f"To act: chance, the deal of round {p.round}")
    elif phase is Phase.GAME_OVER:
        best = max(p.scores)
        winners = [f"P{seat}" for seat, score in enumerate(p.scores) if score == best]
        label = "winner" if len(winners) == 1 else "winners (tied)"
        lines.append(f"To act: nobody; {label} {', '.join(winners)} with {best} points")
    else:
        action = {Phase.CHOOSE_TRUMP: "name the trump", Phase.BID: "bid", Phase.PLAY: "play"}
        lines.append(f"To act: P{p.current_player} ({action[phase]})")
    lines.extend(_legal_lines(p))
    return "\n".join(lines) + "\n"


def _hand_text(hand: tuple[Card, ...] | None, size: int) -> str:
    if hand is None:
        return f"hidden ({size} card{'' if size == 1 else 's'})"
    return " ".join(str(card) for card in hand) if hand else "-"


def _table_lines(position: Position) -> list[str]:
    p = position
    players = p.config.players
    phase = p.phase
    sizes = p.hand_sizes
    hands = [_hand_text(hand, size) for hand, size in zip(p.hands, sizes, strict=True)]
    width = max(4, *(len(hand) for hand in hands))
    lines = [f"{'seat':<6}{'hand':<{width}}{'bid':>5}{'won':>5}{'score':>7}"]
    for seat in range(players):
        notes = []
        if seat == p.dealer and phase is not Phase.GAME_OVER:
            notes.append("dealer")
        if seat == p.leader and phase is Phase.PLAY:
            notes.append("leads this trick")
        if seat == p.current_player:
            notes.append("to act")
        bid = p.bids[seat]
        if seat in p.unseen_bids:
            notes.append("bid hidden")
        line = (
            f"{f'P{seat}':<6}{hands[seat]:<{width}}{_bid_text(bid, seat in p.unseen_bids):>5}"
            f"{p.tricks_won[seat]:>5}{p.scores[seat]:>7}"
        )
        lines.append(f"{line}  {', '.join(notes)}".rstrip())
    return lines


def _bid_text(bid: int | None, hidden: bool) -> str:
    """A bid's cell: the bid, ``?`` for one made but hidden, ``-`` for none made yet."""
    if hidden:
        return "?"
    return "-" if bid is None else str(bid)


def variant_words(config: Config) -> str:
    """The variants ``config`` plays, in words, each after a comma (``""``: none).

    The bid-total option (plus/minus one) is left out: the headings say it
    on their own, and a short schedule is in their number of rounds.  For
    the first line of :func:`position_table` and :func:`account`.

    >>> from wizard_rules import Config
    >>> from wizard_rules.core.rules import variant_rules
    >>> from wizard_rules.formats.text import variant_words
    >>> variant_words(Config(players=4, rules=variant_rules(["hidden_bids", "clairvoyance"])))
    ', clairvoyance, hidden bids'
    >>> variant_words(Config(players=4))
    ''
    """
    _expect(config, Config)
    names = [_VARIANT_WORDS.get(name) for name in variant_names(config.rules)]
    return "".join(f", {name}" for name in names if name is not None)


_VARIANT_WORDS: Final = {
    "canadian_rule": "Canadian rule",
    "clairvoyance": "clairvoyance",
    "delayed_reveal": "delayed reveal",
    "hardcore": "hardcore",
    "hidden_bids": "hidden bids",
}
"""Each variant's name in :func:`variant_words` (the bid-total option is said apart)."""


def _trick_lines(position: Position) -> list[str]:
    p = position
    players = p.config.players
    finished = len(p.played) // players
    if finished:
        tricks = "trick" if finished == 1 else "tricks"
        cards = " ".join(str(card) for card in p.played)
        lines = [f"Finished: {finished} {tricks}, with the cards {cards}"]
    else:
        lines = ["Finished: no trick yet"]
    if not p.current_trick:
        lines.append(f"Trick in progress: none yet, P{p.leader} leads")
        return lines
    played = ", ".join(
        f"P{seat_after(p.leader, k, players)} {card}" for k, card in enumerate(p.current_trick)
    )
    suit = led_suit(p.current_trick)
    led = "no led suit" if suit is None else f"led suit {suit_name(suit)}"
    winning = seat_after(p.leader, winning_position(p.current_trick, p.trump), players)
    lines.append(f"Trick in progress: {played} ({led}; P{winning} winning so far)")
    return lines


def _legal_lines(position: Position) -> list[str]:
    p = position
    actor = p.current_player
    if actor is None:
        return ["Legal actions: none"]
    if p.hands[actor] is None and p.phase is Phase.PLAY:  # a bid needs no hand (rule 26)
        return [f"Legal actions: cannot be listed, the hand of P{actor} (to act) is hidden"]
    actions = p.legal_actions()
    lines = [f"Legal actions ({len(actions)}):"]
    for index, action in enumerate(actions):
        item = f"{action}{',' if index < len(actions) - 1 else ''}"
        if len(lines[-1]) + 1 + len(item) > 79:
            lines.append(" ")
        lines[-1] += f" {item}"
    return lines


# -- a game: the account that wizard-rules simulate and replay print ----------------


def account(state: State | AnniversaryState) -> str:
    """Return a readable account of the finished rounds of ``state``.

    One block per round (dealer, turned card, trump, bids, every trick and
    its winner, and the score table), then the winners if the game is over,
    or where it stands if it is not.  The text ends with a newline.

    >>> from wizard_rules.formats.text import account
    >>> from wizard_rules import Config, new_game
    >>> print(account(new_game(Config(players=4))), end="")
    Wizard: 4 players, 15 rounds, first dealer P0, bid-total option off
    <BLANKLINE>
    The game is not over: round 1, phase deal, to act: chance

    A game with anniversary cards (an
    :class:`~wizard_rules.core.anniversary.state.AnniversaryState`) is told with
    its cards' events in plain words: the Werewolf's swap and trump, the card
    turned up for the Vampire, each declaration, a Bomb's trick won by no
    one, the Juggler's passes, the Cloud's bid changes and the Witch's swaps.
    The account is of the whole game, for whoever reads its record: it names
    the passed cards and a Witch's given card, which the players themselves
    do not all see.

    :raises InvalidArgumentError: ``state`` is not a :class:`~wizard_rules.State`
        (nor an AnniversaryState).
    """
    if type(state) is not State:
        return _anniversary_account(state)
    config = state.config
    option = "on" if config.forbid_bid_total_match else "off"
    lines = [
        f"Wizard: {config.players} players, {config.rounds} rounds, "
        f"first dealer P{config.first_dealer}, bid-total option {option}"
        f"{variant_words(config)}",
    ]
    totals = [0] * config.players
    for result in state.results:
        for seat, points in enumerate(result.scores):
            totals[seat] += points
        lines.append("")
        lines.extend(_round_lines(result, totals))
    lines.extend(_ending_lines(state, totals))
    return "\n".join(lines) + "\n"


def _round_lines(result: RoundResult, totals: list[int]) -> list[str]:
    players = len(result.bids)
    size = len(result.tricks)  # the round's hand size, whatever the schedule
    cards = "card" if size == 1 else "cards"
    order = [seat_after(result.dealer, 1 + k, players) for k in range(players)]
    lines = [
        f"Round {result.round} ({size} {cards} each), dealer P{result.dealer}, "
        f"{trump_sentence(result)}",
        "  Bids: " + ", ".join(f"P{seat} {result.bids[seat]}" for seat in order),
    ]
    for number, trick in enumerate(result.tricks, start=1):
        played = ", ".join(
            f"P{trick.seat_of(position)} {card}" for position, card in enumerate(trick.cards)
        )
        lines.append(f"  Trick {number}: {played} -> P{trick.winner}")
    lines.append("  seat   bid  took  round  total")
    for seat in range(players):
        lines.append(
            f"  P{seat:<4}{result.bids[seat]:>4}{result.tricks_won[seat]:>6}"
            f"{result.scores[seat]:>7}{totals[seat]:>7}"
        )
    return lines


# -- the anniversary cards ----------------------------------------------------------

_QUARTERS: Final = {Kind.JUGGLER: "7 1/2", Kind.CLOUD: "9 3/4"}
"""The value of the Juggler and the Cloud in words (rules 33.1 and 34.1)."""


def anniversary_card_text(card: Card, declared: Suit | Kind | None, copied: Card | None) -> str:
    """A card of a trick with anniversary cards in words, with its declaration.

    ``declared`` is what the card was declared as (``None``: nothing, or not
    yet), ``copied`` the card the Vampire copies this round.

    >>> from wizard_rules import Kind, Suit, parse_card
    >>> from wizard_rules.formats.text import anniversary_card_text
    >>> anniversary_card_text(parse_card("Juggler"), Suit.HEARTS, None)
    'Juggler (H 7 1/2)'
    >>> anniversary_card_text(parse_card("Shapeshifter"), Kind.WIZARD, None)
    'Shapeshifter (Wizard)'
    >>> anniversary_card_text(parse_card("Vampire"), Suit.CLUBS, parse_card("Cloud"))
    'Vampire (as the Cloud: C 9 3/4)'
    >>> anniversary_card_text(parse_card("Vampire"), None, parse_card("H7"))
    'Vampire (as H7)'
    """
    kind = card.kind
    inner = _declared_words(kind, declared)
    if kind is Kind.VAMPIRE and copied is not None:
        copy = _declared_words(copied.kind, declared)
        if copied.kind in (Kind.SUIT, Kind.WIZARD, Kind.JESTER):
            return f"Vampire (as {copied})"
        return f"Vampire (as the {copied}{': ' + copy if copy else ''})"
    return f"{card} ({inner})" if inner else str(card)


def _declared_words(kind: Kind, declared: Suit | Kind | None) -> str:
    if declared is None:
        return ""
    if type(declared) is Suit:
        return f"{declared} {_QUARTERS.get(kind, '')}".rstrip()
    return declared.name.title()


def anniversary_words(config: Config) -> str:
    """The anniversary cards ``config`` plays, and its readings that are not the default.

    ``""`` for a game without the cards; else ``", cards Dragon Fairy"``,
    and ``", readings bomb_leader=highest_card"`` when any reading is chosen.
    For the first line of an account and of the terminal game.

    >>> from wizard_rules import Config
    >>> from wizard_rules.core.anniversary import AnniversaryDeck, Readings
    >>> from wizard_rules.core.rules import Rules
    >>> from wizard_rules.formats.text import anniversary_words
    >>> deck = AnniversaryDeck(added=("bomb",), readings=Readings(cloud_timing="round_end"))
    >>> anniversary_words(Config(players=3, rules=Rules(deck=deck)))
    ', cards Bomb, readings cloud_timing=round_end'
    """
    _expect(config, Config)
    from wizard_rules.core.anniversary.deck import AnniversaryDeck

    deck = config.rules.deck
    if type(deck) is not AnniversaryDeck:
        return ""
    words = ", cards " + " ".join(str(card) for card in deck.added_cards)
    changed = deck.readings.changed()
    if changed:
        words += ", readings " + " ".join(f"{k}={v}" for k, v in changed.items())
    return words


def _trump_words(trump: Suit | None) -> str:
    return "no trump" if trump is None else f"trump {suit_name(trump)}"


def _ending_lines(state: Any, totals: list[int]) -> list[str]:
    """The account's last lines: where an unfinished game stands, or its winners.

    ``state`` is either kind of final state (both have ``is_over``,
    ``current_player``, ``round``, ``phase`` and ``winners``).
    """
    if not state.is_over:
        who = "chance" if state.current_player is None else f"P{state.current_player}"
        return [
            "",
            f"The game is not over: round {state.round}, phase {state.phase.value}, to act: {who}",
        ]
    names = ", ".join(f"P{seat}" for seat in state.winners)
    label = "Winner" if len(state.winners) == 1 else "Winners (tied)"
    return ["", f"{label}: {names} with {max(totals)} points"]


def _anniversary_account(state: object) -> str:
    """:func:`account` of a game with anniversary cards (else refuse ``state``)."""
    from wizard_rules.core.anniversary.state import AnniversaryState
    from wizard_rules.core.anniversary.transitions import apply, new_anniversary_game

    if type(state) is not AnniversaryState:
        _expect(state, State)
    assert type(state) is AnniversaryState
    config = state.config
    option = "on" if config.forbid_bid_total_match else "off"
    lines = [
        f"Wizard: {config.players} players, {config.rounds} rounds, "
        f"first dealer P{config.first_dealer}, bid-total option {option}"
        f"{variant_words(config)}{anniversary_words(config)}",
    ]
    totals = [0] * config.players
    game = new_anniversary_game(config)
    bids: list[str] = []
    passes: list[str] = []
    for action in state.history:
        before, game = game, apply(game, action)
        round_over = len(game.results) > len(before.results)
        result = game.results[-1] if round_over else None
        lines.extend(_event_lines(before, game, action, bids, passes))
        tricks = result.tricks if result is not None else game.completed_tricks
        copied = before.vampire_copies
        for number in range(len(before.completed_tricks), len(tricks)):
            lines.append(_anniversary_trick_line(number, tricks[number], copied))
        changes = result.bid_changes if result is not None else game.bid_changes
        for seat, by in changes[len(before.bid_changes) :]:
            lines.append(f"  P{seat} changes their bid by {by:+d} (the Cloud)")
        if result is not None:
            lines.extend(_anniversary_score_lines(result, totals))
    lines.extend(_ending_lines(state, totals))
    return "\n".join(lines) + "\n"


def _event_lines(
    before: AnniversaryState,
    after: AnniversaryState,
    action: Any,
    bids: list[str],
    passes: list[str],
) -> list[str]:
    """The lines one action of a game with anniversary cards adds to its account."""
    from wizard_rules.core.actions import Bid, ChooseTrump, Deal
    from wizard_rules.core.anniversary.actions import (
        PassCard,
        Reveal,
        WerewolfTrump,
        WitchSwap,
    )
    from wizard_rules.core.anniversary.state import AnniversaryPhase

    lines: list[str] = []
    kind = type(action)
    if kind is Bid:
        bids.append(f"P{action.player} {action.tricks}")
        if after.phase is not AnniversaryPhase.BID:
            lines.append("  Bids: " + ", ".join(bids))
            bids.clear()
    elif kind is Deal:
        size = before.deal_size
        cards = "card" if size == 1 else "cards"
        line = f"Round {before.round} ({size} {cards} each), dealer P{before.dealer}, "
        turned = after.turned
        if after.phase is AnniversaryPhase.BID or after.phase is AnniversaryPhase.REVEAL:
            line += f"turned {turned}: {_trump_words(after.trump)}"
        else:
            line += f"turned {turned}"
        lines += ["", line]
    elif kind is WerewolfTrump:
        lines.append(
            f"  P{action.player} shows the Werewolf, takes the turned {before.turned} into "
            f"their hand, puts the Werewolf in the trump place and names "
            f"{_trump_words(action.suit)}"
        )
    elif kind is ChooseTrump:
        lines.append(f"  The dealer, P{action.player}, names {_trump_words(action.suit)}")
    elif kind is Reveal:
        lines.append(f"  Turned up from the stock for the Vampire to copy: {action.card}")
    elif kind is PassCard:
        receiver = (action.player + 1) % before.config.players
        passes.append(f"P{action.player} gives {action.card} to P{receiver}")
        if after.phase is not AnniversaryPhase.PASS:
            lines.append("  The Juggler's pass: " + ", ".join(passes))
            passes.clear()
    elif kind is WitchSwap:
        if action.give is None:
            lines.append(f"  P{action.player} (the Witch) keeps their hand")
        else:
            lines.append(
                f"  P{action.player} (the Witch) takes {action.take} from the trick and "
                f"puts {action.give} in its place"
            )
    return lines


def _anniversary_trick_line(number: int, trick: AnniversaryTrick, copied: Card | None) -> str:
    players = len(trick.cards)
    played = ", ".join(
        f"P{(trick.leader + k) % players} {anniversary_card_text(card, trick.declared[k], copied)}"
        for k, card in enumerate(trick.cards)
    )
    if trick.winner is None:
        taken = f"no one (the Bomb); P{trick.next_leader} leads next"
    else:
        taken = f"P{trick.winner}"
    return f"  Trick {number + 1}: {played} -> {taken}"


def _anniversary_score_lines(result: AnniversaryRoundResult, totals: list[int]) -> list[str]:
    lines = ["  seat   bid  took  round  total"]
    for seat, points in enumerate(result.scores):
        totals[seat] += points
        lines.append(
            f"  P{seat:<4}{result.bids[seat]:>4}{result.tricks_won[seat]:>6}"
            f"{points:>7}{totals[seat]:>7}"
        )
    return lines
