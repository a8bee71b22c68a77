"""Rule bugs planted into this library, to judge the conformance suite by.

Each :class:`Bug` is a small monkeypatch of the library's internals, made
inside an adapter process (``python tests/broken_adapter.py NAME``) before it
serves: that adapter then plays Wizard with exactly one rule wrong.  The
conformance cases and the differential fuzz mode should each catch every one;
``tools/kill_table.py`` runs both against every bug and writes the table in
``docs/kill-table.rst``.
"""

from __future__ import annotations
import __future__

import inspect
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from wizard_rules.core import config, scoring, state, transitions, trick, views
from wizard_rules.core import rules as rules_module
from wizard_rules.core._fast import layout
from wizard_rules.core.actions import Bid, ChooseTrump, Play
from wizard_rules.core.anniversary import faces as card_faces
from wizard_rules.core.anniversary import transitions as card_transitions
from wizard_rules.core.anniversary import views as card_views
from wizard_rules.core.anniversary.deck import CARD_NAMES, AnniversaryDeck
from wizard_rules.core.anniversary.faces import Effect
from wizard_rules.core.anniversary.state import AnniversaryState
from wizard_rules.core.cards import _SPECIALS_MASK, DECK, Card, Kind, Suit
from wizard_rules.core.phase import Phase
from wizard_rules.core.rules import DelayedReveal, Hardcore, HiddenBids, PlusMinusOne, Rules
from wizard_rules.core.state import State
from wizard_rules.errors import ErrorCode, IllegalActionError

__all__ = ["BUGS", "Bug", "plant"]


@attrs.frozen
class Bug:
    """One planted bug.

    :ivar name: the adapter's mode argument.
    :ivar description: the wrong rule, in a line.
    :ivar area: the case file (area) whose cases should catch it, for the quick tests.
    :ivar plant: makes the library in this process follow the wrong rule.
    :ivar note: what the kill table should say about it, if anything.
    :ivar variants: the variants fuzz draws to look for it (``--variants``);
        ``None`` for a bug fuzz cannot show (a configuration that should be
        refused: fuzz plays only configurations that are games), for which
        the kill table runs no fuzz.
    :ivar cards: the anniversary cards fuzz draws to look for it
        (``--cards``): every card for a bug of the cards (rules 28 to 41),
        none for the others.
    """

    name: str
    description: str
    area: str
    plant: Callable[[], None]
    note: str = ""
    variants: tuple[str, ...] | None = ()
    cards: tuple[str, ...] = ()


def _replace(original: Callable[..., Any], new: Callable[..., Any]) -> None:
    """Put ``new`` wherever the library holds ``original``: module globals and the rule table."""
    for name, module in list(sys.modules.items()):
        if name == "wizard_rules" or name.startswith("wizard_rules."):
            for attribute, value in list(vars(module).items()):
                if value is original:
                    setattr(module, attribute, new)
                # The rules' pieces hold some rule functions as static methods.
                if isinstance(value, type) and value.__module__ == "wizard_rules.core.rules":
                    for method, held in list(vars(value).items()):
                        if isinstance(held, staticmethod) and held.__func__ is original:
                            setattr(value, method, staticmethod(new))
    for kind, rule in list(transitions._RULES.items()):
        changes: dict[str, Any] = {
            field: new
            for field in ("verify", "transition", "choices")
            if getattr(rule, field) is original
        }
        if changes:
            transitions._RULES[kind] = attrs.evolve(rule, **changes)
    transitions._RULE_OF_PHASE.clear()
    transitions._RULE_OF_PHASE.update({rule.phase: rule for rule in transitions._RULES.values()})
    # The anniversary cards' transitions: each phase's check and transition.
    for phase, pair in list(card_transitions._RULES.items()):
        card_transitions._RULES[phase] = tuple(new if f is original else f for f in pair)  # type: ignore[assignment]


def _with(after: State, **changes: object) -> State:
    """``after`` with some fields changed."""
    fields: list[Any] = list(layout._fields_of(after, layout._ALL))
    for name, value in changes.items():
        fields[layout._StateFields._fields.index(name)] = value
    new: State = layout._new_state(State, tuple(fields))
    return new


# -- the trick -------------------------------------------------------------------


def _last_wizard_wins() -> None:
    original = trick._winning_position

    def winning(cards: Sequence[Card], trump: Suit | None) -> int:
        wizards = [k for k, card in enumerate(cards) if card.kind is Kind.WIZARD]
        return wizards[-1] if wizards else original(cards, trump)

    _replace(original, winning)


def _trump_ignored() -> None:
    original = trick._winning_position
    _replace(original, lambda cards, trump: original(cards, None))


def _led_suit_ignored_by_winner() -> None:
    original = trick._winning_position

    def winning(cards: Sequence[Card], trump: Suit | None) -> int:
        for position, card in enumerate(cards):
            if card.kind is Kind.WIZARD:
                return position
        best, strength = 0, 0
        for position, card in enumerate(cards):
            if card.rank is not None:
                value = card.rank + 13 if card.suit is trump else card.rank
                if value > strength:
                    best, strength = position, value
        return best

    _replace(original, winning)


def _last_jester_wins() -> None:
    original = trick._winning_position

    def winning(cards: Sequence[Card], trump: Suit | None) -> int:
        if all(card.kind is Kind.JESTER for card in cards):
            return len(cards) - 1
        return original(cards, trump)

    _replace(original, winning)


def _jester_lead_voids_suit() -> None:
    original = trick._led_card

    def led(cards: Sequence[Card]) -> Card | None:
        if cards and cards[0].kind is Kind.JESTER:
            return None
        return original(cards)

    _replace(original, led)


def _wizard_lead_passes() -> None:
    def led(cards: Sequence[Card]) -> Card | None:
        for card in cards:
            if card.kind is Kind.SUIT:
                return card
        return None

    _replace(trick._led_card, led)


def _no_following() -> None:
    _replace(trick._playable_mask, lambda hand_mask, cards: hand_mask)


def _following_against_specials() -> None:
    original = trick._playable_mask

    def playable(hand_mask: int, cards: Sequence[Card]) -> int:
        mask = original(hand_mask, cards)
        led = trick._led_card(cards)
        if led is not None and hand_mask & led.suit_mask:
            return mask & ~_SPECIALS_MASK
        return mask

    _replace(original, playable)


# -- trump -------------------------------------------------------------------------


def _first_bidder_chooses_trump() -> None:
    original = transitions._deal

    def deal(before: State, action: Any) -> State:
        after = original(before, action)
        if after.phase is Phase.CHOOSE_TRUMP:
            return _with(after, current_player=after.leader)
        return after

    _replace(original, deal)


def _turned_wizard_means_no_trump() -> None:
    original = transitions._deal

    def deal(before: State, action: Any) -> State:
        after = original(before, action)
        if after.phase is Phase.CHOOSE_TRUMP:
            return _with(after, phase=Phase.BID, current_player=after.leader)
        return after

    _replace(original, deal)


def _no_trump_allowed() -> None:
    original = transitions._verify_choose_trump

    def verify(before: State, choice: ChooseTrump) -> None:
        if choice.suit is not None:
            original(before, choice)
        elif choice.player != before.current_player:
            raise transitions._refuse_turn(before, choice.player)

    _replace(original, verify)


# -- bidding ---------------------------------------------------------------------


def _bid_one_over() -> None:
    original = transitions._verify_bid

    def verify(before: State, bid: Bid) -> None:
        if bid.tricks == before.round + 1 and bid.player == before.current_player:
            return
        original(before, bid)

    _replace(original, verify)


def _bid_out_of_turn() -> None:
    original = transitions._verify_bid

    def verify(before: State, bid: Bid) -> None:
        seat, turn = bid.player, before.current_player
        if turn is not None and 0 <= seat < before.config.players and before.bids[seat] is None:
            original(before, Bid(turn, bid.tricks))
        else:
            original(before, bid)

    _replace(original, verify)


def _restriction(new: Callable[..., int | None]) -> None:
    """Make the plus/minus-one restriction (rule 20) forbid what ``new`` says."""
    PlusMinusOne.forbidden = new  # type: ignore[method-assign]


def _option_binds_everyone() -> None:
    def forbidden(
        self: object, player: int, dealer: int, bids: Any, scores: Any, size: int
    ) -> int | None:
        total = sum(bid for seat, bid in enumerate(bids) if bid is not None and seat != player)
        left = size - total
        return left if left >= 0 else None

    _restriction(forbidden)


def _option_ignored() -> None:
    _restriction(lambda self, player, dealer, bids, scores, size: None)


def _option_reversed() -> None:
    original = PlusMinusOne.forbidden

    def forbidden(
        self: PlusMinusOne, player: int, dealer: int, bids: Any, scores: Any, size: int
    ) -> int | None:
        # The option read backwards: the dealer may not make the total
        # miss the round's tricks by one over (rather than match them).
        match = original(self, player, dealer, bids, scores, size)
        if match is None or match + 1 > size:
            return match
        return match + 1

    _restriction(forbidden)


# -- scoring ---------------------------------------------------------------------


def _missed_per_trick_taken() -> None:
    def score(bid: int, tricks_won: int) -> int:
        return 20 + 10 * tricks_won if bid == tricks_won else -10 * tricks_won

    _replace(scoring._score, score)


def _zero_made_scores_nothing() -> None:
    original = scoring._score
    _replace(original, lambda bid, won: 0 if bid == won == 0 else original(bid, won))


def _no_bonus_for_making() -> None:
    original = scoring._score
    _replace(original, lambda bid, won: 10 * won if bid == won else original(bid, won))


# -- the order of play -----------------------------------------------------------


def _dealer_leads_first() -> None:
    original = transitions._deal

    def deal(before: State, action: Any) -> State:
        return _with(original(before, action), leader=before.dealer)

    _replace(original, deal)


def _leader_keeps_the_lead() -> None:
    original = transitions._play

    def play(before: State, action: Play) -> State:
        after = original(before, action)
        if (
            after.phase is Phase.PLAY
            and not after.current_trick
            and len(after.completed_tricks) > len(before.completed_tricks)
        ):
            return _with(after, leader=before.leader, current_player=before.leader)
        return after

    _replace(original, play)


def _one_round_short() -> None:
    config.Config.rounds = property(  # type: ignore[method-assign, assignment]
        lambda self: len(DECK) // self.players - 1
    )


def _dealer_stays() -> None:
    original = state._between_rounds

    def between(settings: Any, phase: Phase, round_number: int, dealer: int, *rest: Any) -> State:
        if phase is Phase.DEAL:
            dealer = (dealer - 1) % settings.players
        return original(settings, phase, round_number, dealer, *rest)

    # Only the transitions' copy: new_game's first dealer stays as it is.
    transitions.__dict__["_between_rounds"] = between


# -- the refusal codes -----------------------------------------------------------


def _turn_before_seat() -> None:
    def refuse(before: State, player: int) -> IllegalActionError:
        return IllegalActionError(ErrorCode.NOT_YOUR_TURN, f"not P{player}'s turn")

    _replace(transitions._refuse_turn, refuse)


def _follow_before_hand() -> None:
    original = transitions._verify_play

    def verify(before: State, play: Play) -> None:
        hand = before.hand_masks[play.player] if 0 <= play.player < len(before.hand_masks) else 0
        if (
            play.player == before.current_player
            and not hand & play.card.mask
            and not trick._playable_mask(hand | play.card.mask, before.current_trick)
            & play.card.mask
        ):
            raise IllegalActionError(ErrorCode.MUST_FOLLOW_SUIT, "must follow")
        original(before, play)

    _replace(original, verify)


def _game_over_as_wrong_phase() -> None:
    original = transitions._out_of_phase

    def out_of_phase(before: State, what: str) -> IllegalActionError:
        error = original(before, what)
        if error.code is ErrorCode.GAME_OVER:
            return IllegalActionError(ErrorCode.WRONG_PHASE, "wrong phase")
        return error

    _replace(original, out_of_phase)


def _deals_unchecked() -> None:
    _replace(transitions._verify_deal, lambda before, deal: None)


_VIEW_NOTE: Final = (
    "A bug of what a seat sees: the fixed cases observe each seat's view (views); fuzz"
    " compares them too, in the games of a variant that hides bids or cards."
)
_REFUSED_NOTE: Final = (
    "A configuration that should be refused: fuzz plays only configurations that are"
    " games, so it is not run; the fixed cases of rules 26.1 and 27 catch it."
)

# -- the variants of issue 24 (rules 23 to 27): each one's typical bug ---------------


def _hidden_bids_leaked() -> None:
    # Hidden bids shown as they are made: the seat sees the others' bids
    # before the last bid (rule 23.1 broken).
    HiddenBids.bids_seen = (  # type: ignore[method-assign]
        lambda self, seat, bids, phase_is_bid: bids
    )


def _hidden_bids_never_shown() -> None:
    # Hidden bids kept secret after the last bid, through the play (rule 23.3).
    HiddenBids.bids_seen = (  # type: ignore[method-assign]
        lambda self, seat, bids, phase_is_bid: tuple(
            bid if other == seat else None for other, bid in enumerate(bids)
        )
    )


def _delayed_bids_leaked() -> None:
    # Delayed reveal played as hidden bids: every bid shown once play starts,
    # before the round's last trick (rule 24.1).
    DelayedReveal.bids_seen = (  # type: ignore[method-assign]
        lambda self, seat, bids, phase_is_bid: (
            tuple(bid if other == seat else None for other, bid in enumerate(bids))
            if phase_is_bid
            else bids
        )
    )


def _secret_bid_refusal() -> None:
    # Under hidden bids (or delayed reveal) the dealer's bid that would make
    # the bids match is refused: a refusal that tells a secret (rule 23.4).
    original_legal = transitions._legal_bids
    original_verify = transitions._verify_bid

    def matching(state: Any, player: int) -> int | None:
        if not state.config.rules.bidding.secret:
            return None
        size = state.config.deal_sizes[state.round - 1]
        return PlusMinusOne().forbidden(player, state.dealer, state.bids, state.scores, size)

    def legal(state: Any, player: int, hand: int) -> tuple[Bid, ...]:
        bids: tuple[Bid, ...] = original_legal(state, player, hand)
        barred = matching(state, player)
        return tuple(bid for bid in bids if bid.tricks != barred)

    def verify(state: Any, bid: Bid) -> None:
        original_verify(state, bid)
        if bid.tricks == matching(state, bid.player):
            raise IllegalActionError(ErrorCode.BID_TOTAL_FORBIDDEN, "the bids may not match")

    _replace(original_legal, legal)
    _replace(original_verify, verify)


def _hardcore_from(start: int) -> None:
    """Make hardcore (rule 25) restrict the dealer from rounds of ``start`` cards."""

    def forbidden(
        self: Hardcore,
        player: int,
        dealer: int,
        bids: Sequence[int | None],
        scores: Sequence[int],
        size: int,
    ) -> int | None:
        matching = PlusMinusOne().forbidden(player, dealer, bids, scores, size)
        return matching if size >= start else None

    Hardcore.forbidden = forbidden  # type: ignore[method-assign]


def _hardcore_from_3() -> None:
    _hardcore_from(3)


def _hardcore_from_5() -> None:
    _hardcore_from(5)


def _secret_restriction_accepted() -> None:
    # Hidden bids or delayed reveal with a restriction of the last bid is
    # played, not refused (rule 27.2): the restriction reads the secret bids.
    Rules.__attrs_post_init__ = lambda self: None  # type: ignore[method-assign]


def _hidden_with_delayed_accepted() -> None:
    # Hidden bids with delayed reveal is played as delayed reveal (rule 27.3).
    original = rules_module.variant_rules

    def variant_rules(names: Any, schedule: Any = None) -> Any:
        names = list(names)
        if "hidden_bids" in names and "delayed_reveal" in names:
            names.remove("hidden_bids")
        return original(names, schedule)

    _replace(original, variant_rules)


def _view_in_blind_round(change: Callable[[Any, State, int], Any]) -> None:
    """Rewrite each view of a blind round (clairvoyance's round 1) with ``change``."""
    original = views.player_view

    def player_view(state: State, seat: int) -> Any:
        view = original(state, seat)
        if state.phase is not Phase.DEAL and state.config.rules.visibility.blind(state.round):
            fields = {f.name: getattr(view, f.name) for f in attrs.fields(type(view))}
            fields["hands"] = change(view, state, seat)
            changed = object.__new__(type(view))
            changed.__attrs_init__(**fields)
            return changed
        return view

    _replace(original, player_view)


def _clairvoyant_sees_own_card() -> None:
    # Under clairvoyance a seat sees its own round-1 card too (rule 26.2).
    _view_in_blind_round(
        lambda view, state, seat: tuple(
            state.hand(seat) if other == seat else hand for other, hand in enumerate(view.hands)
        )
    )


def _clairvoyant_sees_no_other_card() -> None:
    # Under clairvoyance a seat sees no card at all in round 1 (rule 26.2).
    _view_in_blind_round(lambda view, state, seat: tuple(None for _ in view.hands))


def _clairvoyance_round_played() -> None:
    # Round 1 under clairvoyance is played card by card, not by itself (rule 26.3).
    _replace(transitions._play_blind, lambda state: state)


def _clairvoyance_any_first_round() -> None:
    # Clairvoyance accepted with a first round of several cards (rule 26.1):
    # the configuration's check of round 1 is told that no round is blind.
    original = rules_module.Clairvoyance.blind

    def blind(self: Any, round_number: int) -> bool:
        if sys._getframe(1).f_code is config.Config.__attrs_post_init__.__code__:
            return False
        result: bool = original(self, round_number)
        return result

    rules_module.Clairvoyance.blind = blind  # type: ignore[method-assign]


# -- the anniversary cards of issue 25 (rules 28 to 41) -------------------------------


def _mutant(function: Callable[..., Any], *edits: tuple[str, str]) -> Callable[..., Any]:
    """``function`` compiled again from its source with each ``(old, new)`` edit made.

    The new function lives in the same module globals, so it calls what the
    original calls.  An edit whose ``old`` text is not in the source exactly
    once fails at once: a plant must never silently stop planting.
    """
    source = textwrap.dedent(inspect.getsource(function))
    for old, new in edits:
        if source.count(old) != 1:
            raise AssertionError(f"the plant no longer fits {function.__qualname__}: {old!r}")
        source = source.replace(old, new)
    namespace: dict[str, Any] = {}
    code = compile(
        source,
        inspect.getsourcefile(function) or "<plant>",
        "exec",
        flags=__future__.annotations.compiler_flag,
        dont_inherit=True,
    )
    exec(code, function.__globals__, namespace)
    mutant: Callable[..., Any] = namespace[function.__name__]
    return mutant


def _mutate(function: Callable[..., Any], *edits: tuple[str, str]) -> None:
    """Put ``function`` with ``edits`` (see :func:`_mutant`) wherever the library holds it."""
    _replace(function, _mutant(function, *edits))


def _fairy_loses() -> None:
    # The Dragon beats the Fairy in its trick (rule 30.2 broken).
    _mutate(
        card_faces.winning_position,
        ("dragon_beats_fairy=False", "dragon_beats_fairy=True"),
    )


def _bomb_trick_won() -> None:
    # A Bomb's trick goes to whoever would have won it without the Bomb (31.1).
    _mutate(
        card_faces.winning_position,
        (
            "        return None\n",
            '        return bomb_leader_position(faces, trump, "would_have_won")\n',
        ),
    )


def _juggler_as_7() -> None:
    # The Juggler counts as a 7 of its suit, not 7 1/2 (rule 33.1).
    card_faces._DECLARED_SUIT[Kind.JUGGLER] = (28, Effect.JUGGLER)


def _cloud_as_10() -> None:
    # The Cloud counts as a 10 of its suit, not 9 3/4 (rule 34.1).
    card_faces._DECLARED_SUIT[Kind.CLOUD] = (40, Effect.CLOUD)


def _shapeshifter_always_wizard() -> None:
    # The Shapeshifter counts as a Wizard whatever its player declares (35.1).
    _mutate(
        card_faces.face_of,
        ("        return _PLAIN[declared]\n", "        return _PLAIN[Kind.WIZARD]\n"),
    )


def _witch_takes_herself() -> None:
    # The Witch's player may take the Witch herself back from the trick (36.2).
    _mutate(
        card_transitions._witch_takes,
        ("card is not own and card not in taken", "card not in taken"),
    )


def _pass_to_the_right() -> None:
    # A Juggler's pass goes to the right-hand neighbour, not the left (33.2).
    _mutate(card_transitions._pass, ("given[(s - 1) % players]", "given[(s + 1) % players]"))


def _werewolf_must_name_a_suit() -> None:
    # The Werewolf's holder may not name no trump (rule 32.2).
    _mutate(
        card_transitions.legal_actions,
        ("for suit in (*Suit, None))", "for suit in Suit)"),
    )

    def verify(state: Any, action: Any) -> None:
        if action.suit is None:
            raise IllegalActionError(
                ErrorCode.NO_TRUMP_NOT_ALLOWED, "the Werewolf's holder must name a suit"
            )

    _replace(card_transitions._verify_werewolf, verify)


def _vampire_copies_the_werewolf() -> None:
    # With the Werewolf in the trump place, the Vampire copies the Werewolf
    # itself (and so counts as nothing but a Jester), not the card the
    # reading vampire_under_werewolf names (rule 37.3).
    AnniversaryState.vampire_copies = property(  # type: ignore[method-assign, assignment]
        lambda self: self.trump_card
    )


def _bomb_leader_reversed() -> None:
    # After a Bomb's trick with the Dragon and the Fairy, the lead goes as the
    # other reading of bomb_leader says (rule 31.3).
    _mutate(
        card_faces.bomb_leader_position,
        (
            'dragon_beats_fairy=reading == "highest_card"',
            'dragon_beats_fairy=reading != "highest_card"',
        ),
    )


def _effect_order_ignored() -> None:
    # The effects always go Juggler, Cloud, Witch, whatever effect_order says (40.2).
    card_transitions._ORDERS["cloud_juggler_witch"] = card_transitions._ORDERS[
        "juggler_cloud_witch"
    ]


def _cloud_zero_goes_down() -> None:
    # A bid of 0 changed by the Cloud goes down to -1, not up to 1 (rule 34.2).
    _mutate(card_transitions._resolve, ("by = 1 if bid == 0 else -1", "by = -1"))


def _last_round_turns_nothing() -> None:
    # The last round turns no trump card, as in the standard game (rule 28.3):
    # a deal of the last round with a turned card is refused, one without is played.
    _mutate(
        card_transitions._verify_deal,
        (
            "    turned = deal.turned\n    if turned is None:",
            "    turned = deal.turned\n"
            "    if state.round == state.config.rounds:\n"
            "        if turned is not None:\n"
            "            raise IllegalActionError(\n"
            "                ErrorCode.INVALID_DEAL, 'no card is turned in the last round'\n"
            "            )\n"
            "        return\n"
            "    if turned is None:",
        ),
    )
    _mutate(
        card_transitions._deal,
        (
            "    assert turned is not None  # _verify_deal\n",
            "    if turned is None:\n"
            "        return _to_bidding(_evolve(state, deal, hands=deal.hands, stock=stock))\n",
        ),
    )


def _rounds_from_the_larger_deck() -> None:
    # The rounds are (60 + the cards added) / players, not 60 / players (28.3).
    original = config.Config.__attrs_post_init__

    def post_init(self: config.Config) -> None:
        original(self)
        deck = self.rules.deck
        if type(deck) is AnniversaryDeck:
            sizes = tuple(range(1, len(deck.cards) // self.players + 1))
            object.__setattr__(self, "deal_sizes", sizes)

    config.Config.__attrs_post_init__ = post_init  # type: ignore[method-assign]


def _led_bomb_frees_the_trick() -> None:
    # A led Bomb means no led suit, as a led Wizard: nobody need follow the
    # next suit card (rule 31.4: the next suit card sets the led suit).
    _mutate(
        card_faces._led_suit,
        (
            "if kind is FaceKind.WIZARD or kind is FaceKind.DRAGON:",
            "if kind is FaceKind.WIZARD or kind is FaceKind.DRAGON or kind is FaceKind.BOMB:",
        ),
    )


def _pass_after_the_last_trick() -> None:
    # A Juggler in the round's last trick still asks for a pass, which no one
    # can make with an empty hand: the round never ends (rule 33.4).
    _mutate(
        card_transitions._resolve,
        (
            "            if not hands_left:  # after the last trick: no card to pass (rule 33.4)\n"
            "                continue\n",
            "",
        ),
    )


def _passed_card_leaked() -> None:
    # A seat's view of a pass shows the card its left neighbour passed on to a
    # third seat, instead of the card it got (rule 41.2).
    _mutate(
        card_views.anniversary_view,
        ("given[(seat - 1) % players]", "given[(seat + 1) % players]"),
    )


def _witch_given_card_shown() -> None:
    # The card a Witch's player gave into the trick is shown to every seat (36.3, 41.2).
    _mutate(
        card_views.anniversary_view,
        ("swap if swap.player == seat else attrs.evolve(swap, give=None)", "swap"),
    )


_CARDS_NOTE: Final = (
    "A bug of the anniversary cards: fuzz draws the cards (--cards all: the Dragon and the"
    " Fairy together, each other card with probability 1/2) and the readings, and does not"
    " shrink (no position notation holds the cards), so the case found is its whole game."
)

BUGS: Final[dict[str, Bug]] = {
    bug.name: bug
    for bug in (
        Bug(
            "last-wizard",
            "the last Wizard of a trick wins it, not the first",
            "winner",
            _last_wizard_wins,
        ),
        Bug("trump-ignored", "trump does not beat the led suit", "winner", _trump_ignored),
        Bug(
            "any-suit-wins",
            "the highest card of any suit wins, not of the led suit",
            "winner",
            _led_suit_ignored_by_winner,
        ),
        Bug(
            "last-jester",
            "a trick of Jesters only goes to the last Jester, not the first",
            "winner",
            _last_jester_wins,
        ),
        Bug(
            "jester-led",
            "after a Jester is led, the next suit card does not set the led suit",
            "led-suit",
            _jester_lead_voids_suit,
        ),
        Bug(
            "wizard-led",
            "after a Wizard is led, the next suit card sets the led suit",
            "led-suit",
            _wizard_lead_passes,
        ),
        Bug("no-following", "following suit is not enforced", "following", _no_following),
        Bug(
            "follow-specials",
            "a player holding the led suit may not play a Wizard or Jester",
            "following",
            _following_against_specials,
        ),
        Bug(
            "bidder-trump",
            "after a turned Wizard the first bidder chooses trump, not the dealer",
            "trump",
            _first_bidder_chooses_trump,
        ),
        Bug(
            "wizard-no-trump",
            "a turned Wizard means no trump, with no choice",
            "trump",
            _turned_wizard_means_no_trump,
        ),
        Bug(
            "choose-no-trump",
            "the dealer may choose 'no trump' after a turned Wizard",
            "trump",
            _no_trump_allowed,
        ),
        Bug("bid-over", "a bid may go up to the round number plus one", "bidding", _bid_one_over),
        Bug(
            "bid-order", "a seat that has not bid may bid out of turn", "bidding", _bid_out_of_turn
        ),
        Bug(
            "option-all",
            "the option forbids every player, not only the dealer, the matching bid",
            "option",
            _option_binds_everyone,
        ),
        Bug("option-off", "the option is ignored", "option", _option_ignored),
        Bug(
            "option-reversed",
            "the option forbids the dealer the bid one over the match",
            "option",
            _option_reversed,
        ),
        Bug(
            "taken",
            "a missed bid loses 10 per trick taken, not per trick of difference",
            "scoring",
            _missed_per_trick_taken,
        ),
        Bug("zero-made", "a bid of 0 made scores 0, not 20", "scoring", _zero_made_scores_nothing),
        Bug(
            "no-bonus",
            "a bid made scores 10 per trick, without the 20",
            "scoring",
            _no_bonus_for_making,
        ),
        Bug(
            "dealer-leads",
            "the dealer leads the first trick, not the player left of the dealer",
            "leading",
            _dealer_leads_first,
        ),
        Bug(
            "leader-keeps",
            "the leader of a trick leads the next one too, not its winner",
            "leading",
            _leader_keeps_the_lead,
        ),
        Bug(
            "rounds-short",
            "a game has 60 / players - 1 rounds",
            "rounds",
            _one_round_short,
            "Shows only at the end of a game, so fuzz cannot shrink it to fewer rounds.",
        ),
        Bug("dealer-stays", "the deal does not pass to the left", "dealing", _dealer_stays),
        Bug(
            "turn-first",
            "not_your_turn is reported for a seat that does not exist",
            "illegal",
            _turn_before_seat,
        ),
        Bug(
            "follow-first",
            "must_follow_suit is checked before card_not_in_hand",
            "following",
            _follow_before_hand,
        ),
        Bug(
            "game-over-code",
            "an action after the end is refused with wrong_phase, not game_over",
            "end",
            _game_over_as_wrong_phase,
            "Fuzz tries one illegal action at the end of every game too; shows only at the"
            " end, so the shrunk case is a whole game.",
        ),
        Bug(
            "deal-unchecked",
            "any deal is accepted",
            "dealing",
            _deals_unchecked,
            "Shrunk to 0 rounds: the refusal of a wrong first deal.",
        ),
        Bug(
            "hidden-leak",
            "hidden bids: each bid is shown to every seat as it is made, before the last bid",
            "hidden-bids",
            _hidden_bids_leaked,
            _VIEW_NOTE,
            variants=("hidden_bids",),
        ),
        Bug(
            "hidden-kept",
            "hidden bids: the bids stay hidden after the last bid, through the play",
            "hidden-bids",
            _hidden_bids_never_shown,
            _VIEW_NOTE,
            variants=("hidden_bids",),
        ),
        Bug(
            "delayed-leak",
            "delayed reveal: every bid is shown once play starts, not with the round's result",
            "delayed-reveal",
            _delayed_bids_leaked,
            _VIEW_NOTE,
            variants=("delayed_reveal",),
        ),
        Bug(
            "secret-refusal",
            "hidden bids: the dealer's bid that makes the bids match is refused (a refusal "
            "that tells the secret)",
            "hidden-bids",
            _secret_bid_refusal,
            variants=("hidden_bids", "delayed_reveal"),
        ),
        Bug(
            "hardcore-at-3",
            "hardcore restricts the dealer from rounds of 3 cards, not 4",
            "hardcore",
            _hardcore_from_3,
            variants=("hardcore",),
        ),
        Bug(
            "hardcore-at-5",
            "hardcore restricts the dealer only from rounds of 5 cards, not 4",
            "hardcore",
            _hardcore_from_5,
            variants=("hardcore",),
        ),
        Bug(
            "secret-restricted",
            "hidden bids or delayed reveal with a restriction of the last bid is played, "
            "not refused",
            "combinations",
            _secret_restriction_accepted,
            note=_REFUSED_NOTE,
            variants=None,
        ),
        Bug(
            "hidden-and-delayed",
            "hidden bids with delayed reveal is played as delayed reveal, not refused",
            "combinations",
            _hidden_with_delayed_accepted,
            note=_REFUSED_NOTE,
            variants=None,
        ),
        Bug(
            "clairvoyant-own",
            "clairvoyance: a seat sees its own round-1 card as well as the others'",
            "clairvoyance",
            _clairvoyant_sees_own_card,
            _VIEW_NOTE,
            variants=("clairvoyance",),
        ),
        Bug(
            "clairvoyant-blind",
            "clairvoyance: a seat sees no other seat's round-1 card",
            "clairvoyance",
            _clairvoyant_sees_no_other_card,
            _VIEW_NOTE,
            variants=("clairvoyance",),
        ),
        Bug(
            "clairvoyance-played",
            "clairvoyance: round 1 is played card by card, not by itself with the last bid",
            "clairvoyance",
            _clairvoyance_round_played,
            variants=("clairvoyance",),
        ),
        Bug(
            "clairvoyance-big-round",
            "clairvoyance is accepted with a first round of several cards",
            "clairvoyance",
            _clairvoyance_any_first_round,
            note=_REFUSED_NOTE,
            variants=None,
        ),
        Bug(
            "fairy-loses",
            "the Dragon beats the Fairy in its trick",
            "dragon-fairy",
            _fairy_loses,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "bomb-won",
            "a Bomb's trick goes to whoever would have won it without the Bomb",
            "bomb",
            _bomb_trick_won,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "juggler-7",
            "the Juggler counts as a 7 of its suit, not 7 1/2",
            "juggler",
            _juggler_as_7,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "cloud-10",
            "the Cloud counts as a 10 of its suit, not 9 3/4",
            "cloud",
            _cloud_as_10,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "shapeshifter-wizard",
            "the Shapeshifter is always a Wizard, whatever is declared",
            "shapeshifter",
            _shapeshifter_always_wizard,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "witch-takes-herself",
            "the Witch's player may take the Witch herself back from her trick",
            "witch",
            _witch_takes_herself,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "pass-right",
            "a Juggler's pass goes to the right-hand neighbour, not the left",
            "juggler",
            _pass_to_the_right,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "werewolf-suit",
            "the Werewolf's holder may not name no trump",
            "werewolf",
            _werewolf_must_name_a_suit,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "vampire-werewolf",
            "under the Werewolf the Vampire copies the Werewolf, not the card the reading names",
            "vampire",
            _vampire_copies_the_werewolf,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "bomb-leader-reversed",
            "after a Bomb's trick with the Dragon and the Fairy, the other reading's seat leads",
            "readings",
            _bomb_leader_reversed,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "effect-order-ignored",
            "the effects always go Juggler, Cloud, Witch, whatever effect_order says",
            "readings",
            _effect_order_ignored,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "cloud-zero-down",
            "a bid of 0 changed by the Cloud goes down to -1, not up",
            "cloud",
            _cloud_zero_goes_down,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "last-round-no-trump",
            "the last round turns no trump card (a deal with one is refused)",
            "anniversary",
            _last_round_turns_nothing,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "rounds-larger-deck",
            "a game with the cards has (60 + cards added) / players rounds, not 60 / players",
            "anniversary",
            _rounds_from_the_larger_deck,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "bomb-led-free",
            "a led Bomb means no led suit: the next suit card sets none",
            "bomb",
            _led_bomb_frees_the_trick,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "pass-after-last",
            "a Juggler in the round's last trick still asks for a pass, and the round never ends",
            "juggler",
            _pass_after_the_last_trick,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "pass-leak",
            "a seat's view of a pass shows a card two other seats passed, not the one it got",
            "card-secrets",
            _passed_card_leaked,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
        Bug(
            "witch-shown",
            "the card a Witch's player gives into the trick is shown to every seat",
            "card-secrets",
            _witch_given_card_shown,
            _CARDS_NOTE,
            cards=CARD_NAMES,
        ),
    )
}
"""Every planted bug, by name (the adapter's mode argument)."""


def plant(name: str) -> None:
    """Plant the bug ``name`` into the library in this process."""
    BUGS[name].plant()


# -- house rules: one rule of the game played another way, consistently -----------
#
# Unlike most bugs above, a house rule is a rule some people really play by.
# ``tests/test_house_rules.py`` plants each and checks that the suite fails
# only the cases of the rule it changes: no case of another rule depends on it.


def _winner_leads_next_round() -> None:
    original = transitions._deal

    def deal(before: State, action: Any) -> State:
        after = original(before, action)
        # The winner of the last trick of the round before leads (and bids
        # first); a game started from a position has no such trick to go by.
        if not before.results:
            return after
        winner = before.results[-1].tricks[-1].winner
        current = after.current_player if after.phase is Phase.CHOOSE_TRUMP else winner
        return _with(after, leader=winner, current_player=current)

    _replace(original, deal)


def _option_always_on() -> None:
    # The transitions and the position checks apply the plus/minus-one
    # restriction whatever the configuration says (which is left as it is).
    from wizard_rules.core import position

    def forbidden(state: Any, player: int) -> int | None:
        size = state.config.deal_sizes[state.round - 1]
        return PlusMinusOne().forbidden(player, state.dealer, state.bids, state.scores, size)

    original_legal = transitions._legal_bids

    def legal(state: Any, player: int, hand: int) -> tuple[Bid, ...]:
        bids: tuple[Bid, ...] = original_legal(state, player, hand)
        barred = forbidden(state, player)
        return tuple(bid for bid in bids if bid.tricks != barred)

    original_verify = transitions._verify_bid

    def verify(state: Any, bid: Bid) -> None:
        original_verify(state, bid)
        if bid.tricks == forbidden(state, bid.player):
            raise IllegalActionError(ErrorCode.BID_TOTAL_FORBIDDEN, "the bids may not match")

    original_check = position._check

    def check(p: Any) -> None:
        original_check(p)
        size = p.config.deal_sizes[p.round - 1]
        if p.bids[p.dealer] is not None and sum(b for b in p.bids if b is not None) == size:
            raise position._bad(f"the bids cannot add up to {size}")

    _replace(original_legal, legal)
    _replace(original_verify, verify)
    _replace(original_check, check)


for _rule in (
    Bug(
        "winner-leads-round",
        "house rule: the winner of a round's last trick leads (and bids first in) the next round",
        "leading",
        _winner_leads_next_round,
    ),
    Bug(
        "option-always",
        "house rule: the dealer may never make the bids add up to the round, option or not",
        "option",
        _option_always_on,
    ),
):
    BUGS[_rule.name] = _rule
