"""A person's game at the terminal: one seat played by a person, the others by bots.

``wizard-rules play --players 4 --bots heuristic`` runs a :class:`TerminalGame`
(see :doc:`/howto/play`).  The game loop is kept apart from the terminal: it
reads a line through an ``ask`` function and writes through a
:class:`rich.console.Console`, so that it runs as well in a test, with
scripted answers and a console that records.

Everything the person is shown is drawn from their
:class:`~wizard_rules.PlayerView` (:func:`render_turn` takes a view, not a
state), so no other seat's cards are ever on the screen.

Chance is seeded and never global: the deal of round ``r`` is drawn from
``random.Random(f"{seed}:deal:{r}")`` and a bot's choice at the game's
``n``-th action from ``random.Random(f"{seed}:bot:{seat}:{n}")``.  So the same
seed and the same answers give the same game, and a game saved with ``save
FILE`` and resumed with the same seed goes on exactly as it would have
without the break (unless a bot searches on a time budget, whose iterations
depend on the machine).  A saved game is a full game record: it holds every
hand dealt so far.

>>> import io, random
>>> from rich.console import Console
>>> from wizard_rules import Config
>>> from wizard_rules.agents.bots import HeuristicBot
>>> from wizard_rules.agents.play import TerminalGame
>>> answers = iter(["1"] * 400)   # always the first choice offered
>>> console = Console(file=io.StringIO(), width=100)
>>> game = TerminalGame(Config(players=6), seat=0, bots=[HeuristicBot()], seed=7,
...                     console=console, ask=lambda prompt: next(answers))
>>> game.run()
True
>>> game.state.is_over
True
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from rich.console import Console, Group, JustifyMethod, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from wizard_rules.agents.bots import Bot
from wizard_rules.core.actions import Action, Bid, ChooseTrump, Deal, Play
from wizard_rules.core.anniversary.deck import AnniversaryDeck
from wizard_rules.core.cards import Card, Kind, Suit, parse_card
from wizard_rules.core.chance import random_chance, random_deal
from wizard_rules.core.config import Config, seat_after
from wizard_rules.core.scoring import RoundResult
from wizard_rules.core.state import Phase, State, new_game
from wizard_rules.core.transitions import apply, check_as, legal_actions
from wizard_rules.core.views import PlayerView, player_view
from wizard_rules.errors import (
    CardTextError,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    show_value,
)
from wizard_rules.formats.records import GameRecord
from wizard_rules.formats.text import anniversary_card_text, suit_name, trump_sentence
from wizard_rules.sim.random_play import round_deal_rng

if TYPE_CHECKING:
    from wizard_rules.core.anniversary.state import (
        AnniversaryRoundResult,
        AnniversaryState,
        AnniversaryTrick,
    )
    from wizard_rules.core.anniversary.views import AnniversaryView

__all__ = [
    "TerminalGame",
    "bidding_note",
    "deal_rng",
    "render_anniversary_turn",
    "render_round",
    "render_standings",
    "render_turn",
]

_SUIT_STYLES: Final = {
    Suit.CLUBS: "green",
    Suit.DIAMONDS: "yellow",
    Suit.HEARTS: "red",
    Suit.SPADES: "blue",
}
_SUIT_WORDS: Final = {
    **{suit.value.lower(): suit for suit in Suit},
    **{suit_name(suit).lower(): suit for suit in Suit},
    **{str(number): suit for number, suit in enumerate(Suit, start=1)},
}

_HELP: Final = """\
Answer with:
  a bid:    the number of tricks, as 2
  a card:   its number in the list of your hand, as 1, or its text, as h13 or W2
  trump:    a suit, as h, hearts or its number (1 Clubs, 2 Diamonds, 3 Hearts, 4 Spades)
Commands, at any prompt:
  save FILE   write the game so far as a game record (JSON) to FILE;
              continue it later with:
              {resume}
  help        this help
  quit        leave the game (save it first to go on later)
Cards: C, D, H, S 1 to 13 (13 is high), W1-W4 Wizards, J1-J4 Jesters.{cards}"""

_CARDS_HELP: Final = """
The anniversary cards, by name (as dragon or Dragon):
  a declaration: a suit for the Juggler (7 1/2) and the Cloud (9 3/4), as h;
                 w (Wizard) or j (Jester) for the Shapeshifter
  the Werewolf:  a suit, or none (no trump)
  a pass:        the card to pass to your left, by its number or text
  the Cloud:     your new bid, one more or one less
  the Witch:     the card you give and the card you take, as c3 h9, or keep"""


def deal_rng(seed: int, round_number: int) -> random.Random:
    """The random generator that deals round ``round_number`` of a game seeded ``seed``.

    ``random.Random(f"{seed}:deal:{round_number}")``: the arena deals its
    duplicate games the same way.
    """
    return round_deal_rng(seed, round_number)


def _bot_rng(seed: int, seat: int, step: int) -> random.Random:
    """The random generator of the bot at ``seat`` for the game's ``step``-th action."""
    return random.Random(f"{seed}:bot:{seat}:{step}")


def _card_text(card: Card, emphasis: str = "") -> Text:
    style = "bold magenta" if card.kind is Kind.WIZARD else "dim" if card.is_jester else ""
    if card.suit is not None:
        style = _SUIT_STYLES[card.suit]
    return Text(card.text, style=f"{style} {emphasis}".strip())


def _seat_name(seat: int, you: int) -> str:
    return f"P{seat} (you)" if seat == you else f"P{seat}"


def _seats_table(view: PlayerView) -> Table:
    table = Table(box=None, pad_edge=False, show_edge=False)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("seat", "left"),
        ("cards", "right"),
        ("bid", "right"),
        ("won", "right"),
        ("score", "right"),
        ("", "left"),
    )
    for column, justify in columns:
        table.add_column(column, justify=justify)
    players = view.config.players
    for seat in range(players):
        notes = []
        if seat == view.dealer:
            notes.append("dealer")
        if view.phase is Phase.PLAY and seat == view.leader:
            notes.append("leads")
        if seat == view.current_player:
            notes.append("to act")
        bid = view.bids[seat]
        table.add_row(
            _seat_name(seat, view.seat),
            str(view.hand_sizes[seat]),
            "hidden" if seat in view.unseen_bids else "-" if bid is None else str(bid),
            str(view.tricks_won[seat]),
            str(view.scores[seat]),
            ", ".join(notes),
            style="bold" if seat == view.seat else None,
        )
    return table


def _trick_text(view: PlayerView) -> Text:
    players = view.config.players
    number = len(view.completed_tricks) + 1
    text = Text(f"Trick {number} of {view.deal_size}: ")
    if not view.current_trick:
        text.append(f"P{view.leader} leads")
        return text
    for position, card in enumerate(view.current_trick):
        if position:
            text.append(", ")
        text.append(f"P{seat_after(view.leader, position, players)} ")
        text.append_text(_card_text(card))
    led = view.led_suit
    if led is not None:
        text.append(f"  (led suit {suit_name(led)}; ")
    elif any(card.is_wizard for card in view.current_trick):
        text.append("  (no led suit: a Wizard led; ")  # only Jesters can come before it
    else:
        text.append("  (led suit: none yet; ")
    text.append(f"P{view.trick_winner} winning)")
    return text


def _hand_text(view: PlayerView, choices: Sequence[Card]) -> Text:
    if _blind(view):
        return Text("Your card: hidden (you see every card but your own)")
    text = Text("Your hand: ")
    numbers = {card: index for index, card in enumerate(choices, start=1)}
    for card in view.hand:
        text.append("  ")
        number = numbers.get(card)
        if not choices:  # not a play of the viewer's: nothing to mark
            text.append_text(_card_text(card))
        elif number is None:
            text.append("·", style="dim")
            text.append_text(_card_text(card, "dim"))
        else:
            text.append(f"{number}:", style="bold cyan")
            text.append_text(_card_text(card, "bold"))
    return text


def _blind(view: PlayerView) -> bool:
    """Whether the viewer's own hand is hidden from them (round 1 under clairvoyance)."""
    return view.hands[view.seat] is None


def _others_cards(view: PlayerView) -> Text:
    """The other seats' cards the viewer sees (clairvoyance), as ``P1 H3, P2 W1``."""
    text = Text("You see: ")
    shown = [
        (seat, hand)
        for seat, hand in enumerate(view.hands)
        if seat != view.seat and hand is not None
    ]
    for index, (seat, hand) in enumerate(shown):
        if index:
            text.append(", ")
        text.append(f"P{seat} ")
        text.append_text(Text(" ").join(_card_text(card) for card in hand))
    return text


def bidding_note(view: PlayerView) -> str | None:
    """What the screen says of the bids the viewer may not see (``None``: every bid is open).

    Under hidden bids (rule 23), while the bids are made: ``Bids are hidden
    until everyone has bid``; under delayed reveal (rule 24), for the whole
    round: ``Bids are hidden until the round ends``.  While the bids are
    made, each seat whose bid is made and hidden follows, as ``P2 has bid
    (hidden)``.
    """
    bidding = view.config.rules.bidding
    if not bidding.secret or view.phase not in (Phase.BID, Phase.PLAY, Phase.CHOOSE_TRUMP):
        return None
    if bidding.shown(phase_is_bid=False):  # shown once all are made: hidden bids
        if view.phase is Phase.PLAY:
            return None
        note = "Bids are hidden until everyone has bid"
    else:
        note = "Bids are hidden until the round ends"
    made = [f"P{seat} has bid (hidden)" for seat in view.unseen_bids if view.phase is Phase.BID]
    return note + ("; " + ", ".join(made) if made else "") + "."


def render_turn(view: PlayerView) -> RenderableType:
    """What the viewer sees when it is their turn (or at any point): all from ``view``.

    The round, dealer, turned card and trump; each seat's cards held, bid,
    tricks won and score; the current trick with who played what and who is
    winning it; and the viewer's hand, sorted, the cards they may play
    numbered (1, 2, ...) and the others marked ``·``.

    A bid the viewer may not see (hidden bids, delayed reveal) is shown as
    ``hidden``, never its value, with the :func:`bidding_note`; in a blind
    round (clairvoyance) the viewer's own card is ``hidden``, the others'
    cards are shown, and the screen says that the trick plays itself.
    """
    config = view.config
    title = (
        f"Round {view.round} of {config.rounds} · dealer P{view.dealer} · {trump_sentence(view)}"
    )
    parts: list[RenderableType] = [_seats_table(view), Text("")]
    note = bidding_note(view)
    if note is not None:
        parts.append(Text(note))
    if view.phase is Phase.PLAY:
        parts.append(_trick_text(view))
    choices = _playable(view)
    if _blind(view):
        parts.append(_others_cards(view))
        parts.append(
            Text(
                "Clairvoyance: you cannot see your own card, so it plays itself; the trick "
                "is played out as soon as the last bid is made."
            )
        )
    parts.append(_hand_text(view, choices))
    if view.phase is Phase.PLAY and view.is_my_turn and len(choices) < len(view.hand):
        led = view.led_suit
        assert led is not None  # only following suit ever forbids a card
        parts.append(Text(f"(· you must follow {suit_name(led)}, or play a Wizard or Jester)"))
    return Panel(Group(*parts), title=escape(title), title_align="left", expand=False)


def _playable(view: PlayerView) -> tuple[Card, ...]:
    """The cards the viewer may play now, in the hand's order (none unless it is a play)."""
    if view.phase is not Phase.PLAY or not view.is_my_turn:
        return ()
    return tuple(action.card for action in view.legal_actions() if type(action) is Play)


def render_round(
    result: RoundResult | AnniversaryRoundResult,
    results: Sequence[RoundResult | AnniversaryRoundResult],
    you: int,
) -> RenderableType:
    """The score sheet after ``result``: one row per round so far, one column per seat.

    Each cell is the seat's total after the round, then its bid and the
    tricks it took, as ``50 (2/2)``.
    """
    players = len(result.bids)
    table = Table(title=f"Score sheet after round {result.round}", title_justify="left")
    table.add_column("round", justify="right")
    for seat in range(players):
        table.add_column(_seat_name(seat, you), justify="right")
    totals = [0] * players
    for past in results:
        cells = []
        for seat in range(players):
            totals[seat] += past.scores[seat]
            cells.append(f"{totals[seat]} ({past.bids[seat]}/{past.tricks_won[seat]})")
        table.add_row(str(past.round), *cells)
    return table


def _round_line(result: RoundResult | AnniversaryRoundResult, you: int) -> tuple[str, str]:
    """The line on how the person's bid went in ``result``, and its style.

    The line gives the round's points; the style is green for a bid made,
    red for one missed.
    """
    bid, took, points = result.bids[you], result.tricks_won[you], result.scores[you]
    verdict = "made it" if bid == took else f"missed by {abs(bid - took)}"
    line = f"Round {result.round}: you bid {bid} and took {took}: {verdict}, {points:+d}."
    return line, "green" if bid == took else "red"


def render_standings(scores: Sequence[int], you: int) -> RenderableType:
    """The final standings: the seats from the highest total down, the winners marked."""
    best = max(scores)
    table = Table(title="Final standings", title_justify="left")
    table.add_column("place", justify="right")
    table.add_column("seat")
    table.add_column("points", justify="right")
    table.add_column("")
    order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    for seat in order:
        place = 1 + sum(score > scores[seat] for score in scores)
        table.add_row(
            str(place),
            _seat_name(seat, you),
            str(scores[seat]),
            "winner" if scores[seat] == best else "",
            style="bold" if seat == you else None,
        )
    return table


def _anniversary_title(view: AnniversaryView) -> str:
    """The trump of a round with anniversary cards: the turned card, the trump place, trump."""
    from wizard_rules.core.anniversary.state import AnniversaryPhase as P

    turned = view.turned
    if turned is None:
        return "not dealt yet"
    text = f"turned {turned}"
    if view.werewolf_seat is not None:
        text += f", taken by P{view.werewolf_seat} with the Werewolf (in the trump place)"
    if view.phase is P.WEREWOLF or view.phase is P.CHOOSE_TRUMP:
        return text + ": trump not named yet"
    if view.trump is None:
        return text + ": no trump"
    return text + f": trump {suit_name(view.trump)}"


def _anniversary_seats(view: AnniversaryView) -> Table:
    from wizard_rules.core.anniversary.state import AnniversaryPhase as P

    table = Table(box=None, pad_edge=False, show_edge=False)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("seat", "left"),
        ("cards", "right"),
        ("bid", "right"),
        ("won", "right"),
        ("score", "right"),
        ("", "left"),
    )
    for column, justify in columns:
        table.add_column(column, justify=justify)
    for seat in range(view.config.players):
        notes = []
        if seat == view.dealer:
            notes.append("dealer")
        if view.phase is P.PLAY and seat == view.leader:
            notes.append("leads")
        if seat == view.current_player:
            notes.append("to act")
        changed = sum(by for who, by in view.bid_changes if who == seat)
        if any(who == seat for who, _by in view.bid_changes):
            notes.append(f"bid changed by {changed:+d} (the Cloud)")
        bid = view.bids[seat]
        table.add_row(
            _seat_name(seat, view.seat),
            str(view.hand_sizes[seat]),
            "-" if bid is None else str(bid),
            str(view.tricks_won[seat]),
            str(view.scores[seat]),
            ", ".join(notes),
            style="bold" if seat == view.seat else None,
        )
    return table


def _anniversary_trick(view: AnniversaryView) -> Text:
    from wizard_rules.core.anniversary.faces import winning_position

    players = view.config.players
    number = len(view.completed_tricks) + 1
    size = view.config.deal_sizes[view.round - 1]
    text = Text(f"Trick {number} of {size}: ")
    if not view.current_trick:
        text.append(f"P{view.leader} leads")
        return text
    copied = view.vampire_copies
    for position, card in enumerate(view.current_trick):
        if position:
            text.append(", ")
        text.append(f"P{(view.leader + position) % players} ")
        text.append(anniversary_card_text(card, view.declared[position], copied))
    led = view.led_suit
    text.append("  (led suit: none yet; " if led is None else f"  (led suit {suit_name(led)}; ")
    if view.declared[-1] is None and view.phase.value == "declare":
        text.append("the last card is being declared)")
        return text
    winning = winning_position(view.current_faces, view.trump)
    if winning is None:
        text.append("the Bomb: nobody wins this trick)")
    else:
        text.append(f"P{(view.leader + winning) % players} winning)")
    return text


def _last_trick(view: AnniversaryView) -> Text:
    trick = view.completed_tricks[-1]
    players = view.config.players
    played = ", ".join(
        f"P{(trick.leader + k) % players} "
        + anniversary_card_text(card, trick.declared[k], view.vampire_copies)
        for k, card in enumerate(trick.cards)
    )
    taken = "won by no one (the Bomb)" if trick.winner is None else f"won by P{trick.winner}"
    return Text(f"Last trick: {played}: {taken}")


def render_anniversary_turn(view: AnniversaryView, choices: Sequence[Any] = ()) -> RenderableType:
    """:func:`render_turn` for a game with anniversary cards: all from ``view``.

    The turned card and the trump place (the Werewolf, once its holder has
    taken the turned card), the card the Vampire copies and the stock card
    turned up for it, each seat's cards, bid (and its Cloud changes), tricks
    and score, the trick in progress with each card's declaration (as
    ``Juggler (H 7 1/2)``) and who is winning (nobody, with the Bomb), the
    last trick (a Bomb's as won by no one), the passes the viewer gave and
    got, the Witch's swaps as the viewer saw them, and the viewer's hand with
    the cards to choose from numbered.  ``choices`` are the viewer's legal
    actions when it is their decision (``()`` otherwise).
    """
    from wizard_rules.core.anniversary.state import AnniversaryPhase as P

    config = view.config
    title = f"Round {view.round} of {config.rounds} · dealer P{view.dealer} · "
    title += _anniversary_title(view)
    parts: list[RenderableType] = [_anniversary_seats(view), Text("")]
    deck = config.rules.deck
    assert type(deck) is AnniversaryDeck
    if deck.has(Kind.VAMPIRE) and view.vampire_copies is not None:
        line = f"The Vampire copies {view.vampire_copies}"
        if view.revealed is not None:
            line += " (turned up from the stock)"
        parts.append(Text(line + "."))
    players = config.players
    for given, got in view.passes:
        parts.append(
            Text(
                f"Juggler's pass: you gave {given} to P{(view.seat + 1) % players} and got "
                f"{got} from P{(view.seat - 1) % players}."
            )
        )
    if view.passing is not None:
        parts.append(Text(f"You have put {view.passing} aside to pass to your left."))
    for swap in view.witch_swaps:
        who = "You" if swap.player == view.seat else f"P{swap.player}"
        if swap.take is None:
            parts.append(Text(f"{who} kept the hand after the Witch's trick {swap.trick + 1}."))
        elif swap.give is None:
            parts.append(Text(f"{who} took {swap.take} with the Witch (a card given face down)."))
        else:
            parts.append(Text(f"{who} gave {swap.give} and took {swap.take} with the Witch."))
    if view.completed_tricks and view.phase is not P.DEAL:
        parts.append(_last_trick(view))
    if view.phase in (P.PLAY, P.DECLARE):
        parts.append(_anniversary_trick(view))
    cards = _card_choices(view, choices) if choices else ()
    text = Text("Your hand: ")
    numbers = {card: index for index, card in enumerate(cards, start=1)}
    for card in view.hand:
        text.append("  ")
        number = numbers.get(card)
        if not cards:
            text.append_text(_card_text(card))
        elif number is None:
            text.append("·", style="dim")
            text.append_text(_card_text(card, "dim"))
        else:
            text.append(f"{number}:", style="bold cyan")
            text.append_text(_card_text(card, "bold"))
    parts.append(text)
    if view.phase is P.PLAY and choices and len(cards) < len(view.hand):
        led = view.led_suit
        assert led is not None  # only following suit ever forbids a card
        parts.append(
            Text(f"(· you must follow {suit_name(led)}, or play a card that is not a suit card)")
        )
    return Panel(Group(*parts), title=escape(title), title_align="left", expand=False)


class _Quit(Exception):
    """The person typed ``quit`` (internal)."""


class TerminalGame:
    """A game between a person at ``seat`` and bots at every other seat.

    :param config: the rules of the game.
    :param seat: the person's seat.
    :param bots: the bots, given to the other seats in turn from the seat
        after the person's (repeated if there are fewer bots than seats).
    :param seed: the seed of every random choice (see the module's notes).
    :param console: where the game is shown.
    :param ask: reads one line from the person, given a prompt; it may raise
        :class:`EOFError` (end of input) or :class:`KeyboardInterrupt`.
    :param start: the state to continue from (a resumed game), or ``None``
        for a new game.
    :param bots_spec: the ``--bots`` list the bots were made from, for the
        command that ``help`` and ``save`` print to resume the game (see
        :meth:`resume_command`; ``None``: left out).

    :raises InvalidArgumentError: ``seat`` is not a seat of ``config``, there
        are no bots, or ``start`` is not a game of ``config``.
    """

    def __init__(
        self,
        config: Config,
        *,
        seat: int,
        bots: Sequence[Bot],
        seed: int,
        console: Console,
        ask: Callable[[str], str],
        start: State | AnniversaryState | None = None,
        bots_spec: str | None = None,
    ) -> None:
        if type(config) is not Config:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT, f"config must be a Config, not {type(config).__name__}"
            )
        if type(seat) is not int or not 0 <= seat < config.players:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"the seat must be an int from 0 to {config.players - 1}, not {show_value(seat)}",
            )
        if not bots:
            raise InvalidArgumentError(ErrorCode.INVALID_ARGUMENT, "at least one bot is needed")
        self.config: Config = config
        """The rules of the game."""
        self.seat: int = seat
        """The person's seat."""
        self.seed: int = seed
        """The seed of the deals and of the bots' choices."""
        self.console: Console = console
        """Where the game is shown."""
        self._ask = ask
        self._bots_spec = bots_spec
        others = [seat_after(seat, k, config.players) for k in range(1, config.players)]
        self.bots: dict[int, Bot] = {other: bots[k % len(bots)] for k, other in enumerate(others)}
        """The bot at each seat but the person's."""
        cards = type(config.rules.deck) is AnniversaryDeck
        if start is not None and type(start) is not State and not _is_anniversary(start):
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"start must be a State or None, not {type(start).__name__}",
            )
        self.state: State | AnniversaryState
        if start is not None:
            self.state = start
        elif cards:
            from wizard_rules.core.anniversary.transitions import new_anniversary_game

            self.state = new_anniversary_game(config)
        else:
            self.state = new_game(config)
        """The game so far (an AnniversaryState in a game with anniversary cards)."""
        self.saved_to: str | None = None
        """The file the game was last saved to with ``save FILE``, if any."""
        if self.state.config != config:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT, "the start state is not a game of this config"
            )

    def say(self, message: str, style: str | None = None) -> None:
        """Show one message as it is (no markup), wrapped by the terminal, not by rich."""
        self.console.print(message, style=style, markup=False, highlight=False, soft_wrap=True)

    def saved_note(self) -> str:
        """``" (not saved)"``, or where the game was last saved with ``save FILE``."""
        if self.saved_to is None:
            return " (not saved)"
        return f" (last saved to {self.saved_to})"

    def run(self) -> bool:
        """Play the game to its end and return ``True``, or ``False`` if the person quit.

        :class:`EOFError` and :class:`KeyboardInterrupt` from ``ask`` pass
        through, for the caller to report.
        """
        results = self.state.results
        if results:  # a resumed game: where the scores stand
            self.console.print(render_round(results[-1], results, self.seat))
        try:
            while not self.state.is_over:
                self._step()
        except _Quit:
            self.say(f"You left the game in round {self.state.round}{self.saved_note()}.")
            return False
        self.console.print(render_standings(self.state.scores, self.seat))
        won = self.seat in self.state.winners
        self.say("You win!" if won else "The game is over.")
        return True

    def _step(self) -> None:
        state = self.state
        if state.is_chance:
            if type(state) is not State and state.phase.value == "reveal":
                # The stock card turned up for the Vampire (rule 37.3), seeded by the round.
                self._apply(random_chance(state, _reveal_rng(self.seed, state.round)))
                return
            self.console.rule(f"Round {state.round}")
            self._apply(random_deal(state, deal_rng(self.seed, state.round)))
            return
        player = state.current_player
        assert player is not None  # not a deal and not over: someone is to act
        if player == self.seat:
            action = self._choose() if type(state) is State else self._choose_anniversary()
        else:
            view: Any = player_view(state, player)  # an AnniversaryView with the cards
            action = self.bots[player].choose(
                view, _bot_rng(self.seed, player, len(state.history))
            )
        self._apply(action)

    def _apply(self, action: Any) -> None:
        before = self.state
        if not isinstance(before, State):
            self._apply_anniversary(before, action)
            return
        after = apply(before, action)
        self.state = after
        if isinstance(action, Deal):
            return
        who = "You" if action.player == self.seat else f"P{action.player}"
        round_over = len(after.results) > len(before.results)
        if type(action) is Bid:
            # A bid made in secret is said without its value (rules 23 and 24),
            # even the last, whose value the reveal below shows with the others.
            if action.player == self.seat or not after.config.rules.bidding.secret:
                self.say(f"{who} bid {action.tricks}.")
            elif not round_over and action.player in player_view(after, self.seat).unseen_bids:
                self.say(f"{who} has bid (hidden).")
            else:
                self.say(f"{who} has bid.")
        elif type(action) is ChooseTrump:
            assert action.suit is not None
            self.say(f"{who} named trump: {suit_name(action.suit)}.")
        else:
            assert type(action) is Play
            line = Text(f"{who} played ")
            line.append_text(_card_text(action.card))
            self.console.print(line, soft_wrap=True)
        self._reveal(before, after, round_over)
        if round_over or len(after.completed_tricks) > len(before.completed_tricks):
            self._trick_done(after, round_over)

    def _reveal(self, before: State, after: State, round_over: bool) -> None:
        """Say the bids when they are shown to the person, and a trick that played itself.

        The bids are shown with the last bid under hidden bids (rule 23.3)
        and with the round's result under delayed reveal (rule 24.2); a
        blind round's trick is played out with the last bid (rule 26.3).
        """
        if not before.config.rules.bidding.secret or before.phase is Phase.DEAL:
            return
        if not player_view(before, self.seat).unseen_bids:
            return  # nothing was hidden (the first bid of a round, or after the reveal)
        if not round_over and player_view(after, self.seat).unseen_bids:
            return  # still hidden
        bids = after.results[-1].bids if round_over else after.bids
        order = [seat_after(before.dealer, 1 + k, len(bids)) for k in range(len(bids))]
        shown = ", ".join(f"{_seat_name(seat, self.seat)} {bids[seat]}" for seat in order)
        self.say(f"The bids are shown: {shown}.")

    def _trick_done(self, after: State, round_over: bool) -> None:
        result = after.results[-1] if round_over else None
        trick = after.completed_tricks[-1] if result is None else result.tricks[-1]
        if result is not None and after.config.rules.visibility.blind(result.round):
            played = ", ".join(
                f"{_seat_name(trick.seat_of(k), self.seat)} {card}"
                for k, card in enumerate(trick.cards)
            )
            self.say(f"The trick plays itself (clairvoyance): {played}.")
        winner = "You take" if trick.winner == self.seat else f"P{trick.winner} takes"
        self.say(f"{winner} the trick with {trick.winning_card}.")
        if result is not None:
            line, style = _round_line(result, self.seat)
            self.say(line, style=style)
            self.console.print(render_round(result, after.results, self.seat))

    def _choose(self) -> Action:
        assert type(self.state) is State
        view = player_view(self.state, self.seat)
        self.console.print(render_turn(view))
        if view.phase is Phase.BID:
            allowed = {action.tricks for action in view.legal_actions() if type(action) is Bid}
            size = view.deal_size
            barred = "".join(f", not {n}" for n in range(size + 1) if n not in allowed)
            prompt = f"Your bid (0 to {size}{barred})> "
            read: Callable[[str, PlayerView], Action] = self._read_bid
        elif view.phase is Phase.CHOOSE_TRUMP:
            prompt = "Name the trump (C, D, H, S or 1 to 4)> "
            read = self._read_trump
        else:
            prompt = "Your card (its number or text)> "
            read = self._read_play
        while True:
            line = self._ask(prompt).strip()
            try:
                if self._command(line, view):
                    continue
                action = read(line, view)
                check_as(self.state, self.seat, action)
            except (CardTextError, IllegalActionError, _BadAnswer) as error:
                self.say(_message(error), style="red")
                continue
            return action

    # -- the anniversary cards (rules 28 to 41) ------------------------------------

    def _apply_anniversary(self, before: AnniversaryState, action: Any) -> None:
        """Apply ``action`` to a game with anniversary cards and say what the person may see."""
        from wizard_rules.core.anniversary.actions import (
            Declare,
            PassCard,
            Reveal,
            WerewolfTrump,
            WitchSwap,
        )

        after = apply(before, action)
        self.state = after
        kind = type(action)
        if kind is Deal:
            return
        round_over = len(after.results) > len(before.results)
        result = after.results[-1] if round_over else None
        you = self.seat
        player = getattr(action, "player", None)  # None: the Reveal, a chance step
        who = "You" if player == you else f"P{player}"
        if kind is Reveal:
            self.say(f"Turned up from the stock for the Vampire: {action.card} (it copies it).")
        elif kind is WerewolfTrump:
            named = "no trump" if action.suit is None else f"trump {suit_name(action.suit)}"
            self.say(
                f"{who} showed the Werewolf, took the turned {before.turned} and put the "
                f"Werewolf in the trump place: {named}."
            )
        elif kind is ChooseTrump:
            assert action.suit is not None
            self.say(f"{who} named trump: {suit_name(action.suit)}.")
        elif kind is Bid:
            self.say(f"{who} bid {action.tricks}.")
        elif kind is Play:
            played = Text(f"{who} played ")
            played.append_text(_card_text(action.card))
            self.console.print(played, soft_wrap=True)
        elif kind is Declare:
            card = before.current_trick[-1]
            said = anniversary_card_text(card, action.declared, before.vampire_copies)
            self.say(f"{who} declared: {said}.")
        elif kind is PassCard:
            left = (action.player + 1) % before.config.players
            if action.player == you:
                self.say(f"You pass {action.card} to P{left}.")
            else:
                self.say(f"P{action.player} puts a card aside to pass to {_seat_name(left, you)}.")
            if len(after.passes) > len(before.passes):
                got = player_view(after, you).passes[-1][1]
                right = (you - 1) % before.config.players
                self.say(f"The cards are passed: you got {got} from P{right}.")
        elif kind is WitchSwap:
            if action.give is None:
                self.say(f"{who} kept {'your' if action.player == you else 'their'} hand.")
            elif action.player == you:
                self.say(f"You gave {action.give} into the trick and took {action.take}.")
            else:
                self.say(
                    f"P{action.player} (the Witch) took {action.take} from the trick and put "
                    "a card in its place, face down."
                )
        tricks = result.tricks if result is not None else after.completed_tricks
        for trick in tricks[len(before.completed_tricks) :]:
            self._anniversary_trick_done(trick, before.vampire_copies)
        changes = result.bid_changes if result is not None else after.bid_changes
        for seat, by in changes[len(before.bid_changes) :]:
            owner = "Your" if seat == you else f"P{seat}'s"
            self.say(f"{owner} bid changes by {by:+d} (the Cloud).")
        if result is not None:
            line, style = _round_line(result, you)
            self.say(line, style=style)
            self.console.print(render_round(result, after.results, you))

    def _anniversary_trick_done(self, trick: AnniversaryTrick, copied: Card | None) -> None:
        players = len(trick.cards)
        if trick.winner is None:
            leader = (
                "you lead" if trick.next_leader == self.seat else f"P{trick.next_leader} leads"
            )
            self.say(f"Nobody takes the trick: it holds the Bomb; {leader} the next.")
            return
        position = (trick.winner - trick.leader) % players
        card = anniversary_card_text(trick.cards[position], trick.declared[position], copied)
        winner = "You take" if trick.winner == self.seat else f"P{trick.winner} takes"
        self.say(f"{winner} the trick with {card}.")

    def _choose_anniversary(self) -> Any:
        """Ask the person for their decision in a game with anniversary cards."""
        state = self.state
        assert not isinstance(state, State)
        view = player_view(state, self.seat)
        actions = legal_actions(state)  # the person's own choices: what their view allows
        self.console.print(render_anniversary_turn(view, actions))
        prompt = _anniversary_prompt(view, actions)
        while True:
            line = self._ask(prompt).strip()
            try:
                if self._command(line, view):
                    continue
                action = _read_anniversary(line, view, actions)
                check_as(state, self.seat, action)
            except (CardTextError, IllegalActionError, _BadAnswer) as error:
                self.say(_message(error), style="red")
                continue
            return action

    def _command(self, line: str, view: object) -> bool:
        """Carry out ``line`` if it is a command (save, help, quit); whether it was one."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word == "help" or word == "?":
            cards = _CARDS_HELP if type(self.state) is not State else ""
            self.say(_HELP.format(resume=self.resume_command("FILE"), cards=cards))
            return True
        if word in ("quit", "exit"):
            raise _Quit
        if word != "save":
            return False
        path = rest.strip()
        if not path:
            raise _BadAnswer("save needs a file name: save FILE")
        text = GameRecord.from_state(self.state).to_json(indent=2) + "\n"
        try:
            target = Path(path).expanduser()
        except RuntimeError:  # ~user with no such user (or no home to find)
            home = path.partition("/")[0]
            raise _BadAnswer(f"cannot save to {path}: no home directory for {home}") from None
        try:
            target.write_text(text, encoding="utf-8")
        except OSError as error:
            raise _BadAnswer(f"cannot save to {path}: {error.strerror or error}") from None
        except ValueError as error:  # a NUL in the name
            raise _BadAnswer(f"cannot save to {path!r}: {error}") from None
        self.saved_to = path
        self.say(f"Saved to {path}. Continue it with: {self.resume_command(str(target))}")
        return True

    def resume_command(self, path: str) -> str:
        """The shell command that goes on with this game once saved to ``path``.

        ``wizard-rules play --resume PATH --seed S --seat K --bots LIST``:
        the record gives the players, the option and the variants, the
        command the rest (``--bots`` is left out if ``bots_spec`` was not
        given).  The path and the bots are quoted for a POSIX shell where
        they need it.
        """
        words = ["wizard-rules", "play", "--resume", path, "--seed", str(self.seed)]
        words += ["--seat", str(self.seat)]
        if self._bots_spec is not None:
            words += ["--bots", self._bots_spec]
        return shlex.join(words)

    def _read_bid(self, line: str, view: PlayerView) -> Action:
        if not line:
            raise _BadAnswer(
                f"type your bid, a number from 0 to {view.deal_size} ('help' for help)"
            )
        if not (line.isdigit() and line.isascii()) or len(line) > 3:
            raise _BadAnswer(
                f"{line[:30]!r} is not a bid: a bid is a number of tricks from 0 to "
                f"{view.deal_size}"
            )
        return Bid(self.seat, int(line))

    def _read_trump(self, line: str, view: PlayerView) -> Action:
        suit = _SUIT_WORDS.get(line.lower())
        if suit is None:
            raise _BadAnswer(
                f"{line[:30]!r} is not a suit: type C, D, H or S, a suit's name, or 1 to 4"
            )
        return ChooseTrump(self.seat, suit)

    def _read_play(self, line: str, view: PlayerView) -> Action:
        choices = _playable(view)
        if not line:
            raise _BadAnswer("type a card's number or its text, as 1 or h13 ('help' for help)")
        if line.isdigit() and line.isascii():
            number = int(line) if len(line) <= 3 else 0
            if not 1 <= number <= len(choices):
                only = "1" if len(choices) == 1 else f"1 to {len(choices)}"
                raise _BadAnswer(f"there is no card {line[:30]}: the playable cards are {only}")
            return Play(self.seat, choices[number - 1])
        return Play(self.seat, parse_card(line.upper()))


def _is_anniversary(value: object) -> bool:
    """Whether ``value`` is the state of a game with anniversary cards."""
    from wizard_rules.core.anniversary.state import AnniversaryState

    return type(value) is AnniversaryState


def _reveal_rng(seed: int, round_number: int) -> random.Random:
    """The generator that turns up the Vampire's stock card in round ``round_number``."""
    return random.Random(f"{seed}:reveal:{round_number}")


_QUARTERS: Final = {Kind.JUGGLER: "7 1/2", Kind.CLOUD: "9 3/4"}


def _left(view: AnniversaryView) -> str:
    return f"P{(view.seat + 1) % view.config.players} (your left)"


def _anniversary_prompt(view: AnniversaryView, actions: Sequence[Any]) -> str:
    """The question of the person's decision, in plain words, with its choices."""
    from wizard_rules.core.anniversary.faces import needs_declaration
    from wizard_rules.core.anniversary.state import AnniversaryPhase as P

    phase = view.phase
    if phase is P.WEREWOLF:
        return (
            f"You hold the Werewolf: you take the turned {view.turned} into your hand. "
            "Name trump: C, D, H, S, or none> "
        )
    if phase is P.CHOOSE_TRUMP:
        return f"{view.turned} was turned: name the trump (C, D, H, S or 1 to 4)> "
    if phase is P.BID:
        allowed = [action.tricks for action in actions]
        size = view.config.deal_sizes[view.round - 1]
        barred = "".join(f", not {n}" for n in range(size + 1) if n not in allowed)
        return f"Your bid (0 to {size}{barred})> "
    if phase is P.PLAY:
        return "Your card (its number or text)> "
    if phase is P.DECLARE:
        card = view.current_trick[-1]
        kind = needs_declaration(card, view.vampire_copies)
        assert kind is not None  # the declare phase follows such a card only
        played = "the Vampire, as the " + kind.value.title() if card.kind is Kind.VAMPIRE else ""
        played = played or f"the {card}"
        if kind is Kind.SHAPESHIFTER:
            return f"You played {played}: a Wizard or a Jester? W J> "
        return f"You played {played} ({_QUARTERS[kind]}): which suit is it? C D H S> "
    if phase is P.PASS:
        return f"The Juggler's trick is done: pass one card to {_left(view)}> "
    if phase is P.CHANGE_BID:
        bid = view.bids[view.seat]
        assert bid is not None
        return (
            f"You won the Cloud's trick: your bid is {bid}: change it to {bid - 1} or {bid + 1}?> "
        )
    takes = _witch_takes(actions)
    return (
        "Your Witch's trick: swap a card of your hand for one of the trick "
        f"({' '.join(str(card) for card in takes)}), or keep your hand "
        "(the card you give and the one you take, as c3 h9; or keep)> "
    )


def _witch_takes(actions: Sequence[Any]) -> tuple[Card, ...]:
    takes: list[Card] = []
    for action in actions:
        if action.take is not None and action.take not in takes:
            takes.append(action.take)
    return tuple(sorted(takes, key=lambda card: card.index))


def _card_choices(view: AnniversaryView, actions: Sequence[Any]) -> tuple[Card, ...]:
    """The cards the person may choose now, by number: a play's, a pass's, a Witch's gift."""
    from wizard_rules.core.anniversary.state import AnniversaryPhase as P

    if view.phase is P.PLAY or view.phase is P.PASS:
        return tuple(action.card for action in actions)
    if view.phase is P.WITCH:
        gives = {action.give for action in actions if action.give is not None}
        return tuple(card for card in view.hand if card in gives)
    return ()


def _any_card(line: str) -> Card:
    """The card ``line`` names: a card's text (``h13``) or an anniversary card's name."""
    try:
        return parse_card(line.upper())
    except CardTextError:
        if line.isalpha():
            return parse_card(line.title())
        raise


def _read_anniversary(line: str, view: AnniversaryView, actions: Sequence[Any]) -> Any:
    """The action the person's answer ``line`` gives, in a game with anniversary cards."""
    from wizard_rules.core.anniversary.actions import ChangeBid, Declare, PassCard, WitchSwap
    from wizard_rules.core.anniversary.state import AnniversaryPhase as P

    phase, seat = view.phase, view.seat
    word = line.lower()
    if not line:
        raise _BadAnswer("type your answer; 'help' explains")
    if phase is P.WEREWOLF:
        if word in ("none", "no", "no trump", "n", "-"):
            from wizard_rules.core.anniversary.actions import WerewolfTrump

            return WerewolfTrump(seat, None)
        suit = _SUIT_WORDS.get(word)
        if suit is None:
            raise _BadAnswer(f"{line[:30]!r} is not a suit: type C, D, H or S, or none")
        from wizard_rules.core.anniversary.actions import WerewolfTrump

        return WerewolfTrump(seat, suit)
    if phase is P.CHOOSE_TRUMP:
        suit = _SUIT_WORDS.get(word)
        if suit is None:
            raise _BadAnswer(
                f"{line[:30]!r} is not a suit: type C, D, H or S, a suit's name, or 1 to 4"
            )
        return ChooseTrump(seat, suit)
    if phase is P.BID:
        size = view.config.deal_sizes[view.round - 1]
        if not (line.isdigit() and line.isascii()) or len(line) > 3:
            raise _BadAnswer(
                f"{line[:30]!r} is not a bid: a bid is a number of tricks from 0 to {size}"
            )
        return Bid(seat, int(line))
    if phase is P.DECLARE:
        shapes = {"w": Kind.WIZARD, "wizard": Kind.WIZARD, "j": Kind.JESTER, "jester": Kind.JESTER}
        declared: Suit | Kind | None
        if type(actions[0].declared) is Kind:
            declared = shapes.get(word)
            if declared is None:
                raise _BadAnswer(f"{line[:30]!r} is not an answer: type W (Wizard) or J (Jester)")
        else:
            declared = _SUIT_WORDS.get(word)
            if declared is None:
                raise _BadAnswer(f"{line[:30]!r} is not a suit: type C, D, H or S")
        return Declare(seat, declared)
    if phase is P.CHANGE_BID:
        bid = view.bids[seat]
        assert bid is not None
        moves = {str(bid - 1): -1, str(bid + 1): 1, "-": -1, "+": 1, "down": -1, "up": 1}
        by = moves.get(word)
        if by is None:
            raise _BadAnswer(f"{line[:30]!r} is not an answer: type {bid - 1} or {bid + 1}")
        return ChangeBid(seat, by)
    choices = _card_choices(view, actions)
    if phase is P.PLAY:
        return Play(seat, _chosen_card(line, choices))
    if phase is P.PASS:
        return PassCard(seat, _chosen_card(line, choices))
    # The Witch.
    if word in ("keep", "no", "none", "k"):
        return WitchSwap(seat, None, None)
    parts = line.split()
    if len(parts) != 2:
        raise _BadAnswer(
            "type the card you give and the card you take, as c3 h9 (or 1 h9), or keep"
        )
    return WitchSwap(seat, _chosen_card(parts[0], choices), _any_card(parts[1]))


def _chosen_card(line: str, choices: Sequence[Card]) -> Card:
    """The card ``line`` names: its number among ``choices``, or its text."""
    if line.isdigit() and line.isascii():
        number = int(line) if len(line) <= 3 else 0
        if not 1 <= number <= len(choices):
            only = "1" if len(choices) == 1 else f"1 to {len(choices)}"
            raise _BadAnswer(f"there is no card {line[:30]}: the cards to choose are {only}")
        return choices[number - 1]
    return _any_card(line)


class _BadAnswer(Exception):
    """An answer that is not one (internal): its message says why."""


def _message(error: Exception) -> str:
    if isinstance(error, CardTextError | IllegalActionError):
        return f"{error.message} [{error.code}]"
    return str(error)
