"""The text of positions and games (wizard_rules.formats.text)."""

from __future__ import annotations

import random
import re

import pytest

from wizard_rules import (
    Bid,
    Config,
    Deal,
    InvalidArgumentError,
    Phase,
    Play,
    Position,
    State,
    Suit,
    apply,
    legal_actions,
    new_game,
    parse_card,
    player_view,
    position_of,
    random_action,
)
from wizard_rules.core.rules import Clairvoyance, DelayedReveal, HiddenBids, Rules
from wizard_rules.formats.text import account, position_table, suit_name, trump_sentence

from .helpers import state_at_round

# A 3-player position of round 1 (dealer P1), with the turned card and the
# trump left to fill in: TURN and TRUMP below.
ROUND_1 = (
    "players=3 round=1 dealer=1 scores=0,0,0 hands=D1/D2/D3 turned={turned} trump={trump} "
    "bids=-,-,- won=0,0,0 played=- trick=- leader=2"
)


def test_suit_names() -> None:
    assert [suit_name(suit) for suit in Suit] == ["Clubs", "Diamonds", "Hearts", "Spades"]


# What each text says of each turned card: the position's table (capitalized,
# a sentence of its own), the panel of a player's turn, and a round of an
# account.  Written out from the outputs of 0.1, which tests/test_cli.py and
# tests/test_play.py pin as well.
@pytest.mark.parametrize(
    ("turned", "trump", "table", "panel"),
    [
        ("H1", "H", "Turned H1: trump Hearts", "turned H1: trump Hearts"),
        ("J1", "-", "Turned J1: no trump", "turned J1: no trump"),
        ("W2", "-", "Turned W2: the dealer, P1, names the trump", None),
        (
            "W2",
            "S",
            "Turned W2: trump Spades named by the dealer",
            "turned W2: trump Spades, named by the dealer",
        ),
    ],
)
def test_the_sentence_of_a_turned_card_in_a_position_and_a_view(
    turned: str, trump: str, table: str, panel: str | None
) -> None:
    position = Position.from_text(ROUND_1.format(turned=turned, trump=trump))
    assert trump_sentence(position) == table
    assert position_table(position).splitlines()[1] == table
    if panel is not None:  # a view of a state with that turned card and trump
        state = _dealt(turned, None if trump == "-" else Suit(trump))
        assert trump_sentence(player_view(state, 0)) == panel


def test_a_view_while_the_dealer_names_the_trump() -> None:
    state = _dealt("W2", None)
    assert state.phase is Phase.CHOOSE_TRUMP
    assert trump_sentence(player_view(state, 2)) == "turned W2: the dealer, P0, names the trump"


def _dealt(turned: str, named: Suit | None) -> State:
    """A 3-player game after the deal of round 1, ``turned`` the turned card."""
    from wizard_rules import ChooseTrump, Deal, parse_card, parse_cards

    state = new_game(Config(players=3))
    hands = (parse_cards("D1"), parse_cards("D2"), parse_cards("D3"))
    state = apply(state, Deal(hands=hands, turned=parse_card(turned)))
    if named is not None and state.phase is Phase.CHOOSE_TRUMP:
        state = apply(state, ChooseTrump(0, named))
    return state


def test_the_sentence_without_a_turned_card() -> None:
    state = state_at_round(Config(players=6), 10)
    state = apply(state, random_action(state, random.Random(1)))
    assert trump_sentence(position_of(state)) == (
        "No card turned (round 10 deals every card): no trump"
    )
    assert trump_sentence(player_view(state, 0)) == "no card turned (the last round): no trump"
    before = position_of(new_game(Config(players=3)))
    assert trump_sentence(before) == "Not dealt yet: no card turned, no trump"


def test_the_sentence_of_each_finished_round() -> None:
    # Every round result of a few seeded games, against the wording of 0.1's
    # account, written out here from the round's turned card and trump.
    seen = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(Config(players=6))
        while not state.is_over:
            state = apply(state, random_action(state, rng))
        assert trump_sentence(position_of(state)) == "No card turned, no trump: the game is over"
        for result in state.results:
            turned, trump = result.turned, result.trump
            if turned is None:
                expected = "no card turned (last round): no trump"
            elif turned.is_jester:
                expected = f"turned {turned}: no trump"
            elif turned.is_wizard:
                assert trump is not None
                expected = f"turned {turned}: dealer names {trump.name.title()}"
            else:
                assert trump is not None
                expected = f"turned {turned}: trump {trump.name.title()}"
            assert trump_sentence(result) == expected
            assert f", dealer P{result.dealer}, {expected}\n" in account(state)
            seen.add(expected.split(":")[1].split()[0])
    assert seen == {"no", "dealer", "trump"}


@pytest.mark.parametrize("function", [trump_sentence, position_table, account])
def test_what_is_not_a_position_or_a_game_is_refused(function: object) -> None:
    assert callable(function)
    with pytest.raises(InvalidArgumentError, match=r"expected a .*, not str") as info:
        function("players=3")
    assert info.value.code == "invalid_argument"


def test_a_partial_position_lists_what_the_state_allows_past_revealed_voids() -> None:
    # A seat that did not follow the led suit holds none of it: the hidden
    # hands dealt to list the legal actions must respect that, or the
    # position would not be one.  Every play of a few games in which a seat
    # other than the viewer has shown a void in the trick in progress.
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(Config(players=5))
        while not state.is_over and checked < 200:
            seat = state.current_player
            trick = state.current_trick
            led = state.led_suit
            if (
                seat is not None
                and led is not None
                and any(card.suit is not None and card.suit is not led for card in trick)
            ):
                shown = position_table(position_of(player_view(state, seat)))
                listed = shown[shown.index("\nLegal actions (") :]
                expected = legal_actions(state)
                assert f"Legal actions ({len(expected)}):" in listed
                assert listed.count(" plays ") == len(expected)
                assert all(str(action) in listed for action in expected if type(action) is Play)
                checked += 1
            state = apply(state, random_action(state, rng))
    assert checked == 200


def test_a_partial_position_lists_the_choices_of_the_seat_to_act_from_its_hand() -> None:
    # P4 led H1 and P5, P0, P1 and P2 played Clubs.  P3, to act, holds no
    # Heart: every card of its hand may be played (rule 7.2), whatever the
    # hidden hands hold -- the choices depend on P3's hand and the table only.
    text = (
        "players=6 round=10 dealer=3 scores=0,0,0,0,0,0 "
        "hands=?/?/?/S1,S2,S3,S4,S5,S6,S7,S8,S9,S10/?/? turned=- trump=- "
        "bids=0,0,0,0,0,0 won=0,0,0,0,0,0 played=- trick=H1,C1,C2,C3,C4 leader=4"
    )
    shown = position_table(Position.from_text(text))
    assert "\nTo act: P3 (play)\nLegal actions (10): P3 plays S1, P3 plays S2," in shown
    # P3 holds one Heart: it must follow with it (rule 7.1).
    one = text.replace("S1,S2", "H2,S2")
    assert position_table(Position.from_text(one)).endswith("\nLegal actions (1): P3 plays H2\n")
    # Three Hearts: any of the three.
    enough = text.replace("S1,S2,S3,S4", "H2,H3,H4,S4")
    assert position_table(Position.from_text(enough)).endswith(
        "\nLegal actions (3): P3 plays H2, P3 plays H3, P3 plays H4\n"
    )


def test_the_old_paths_of_account_still_work() -> None:
    import wizard_rules.cli
    import wizard_rules.cli.commands

    assert wizard_rules.cli.account is account
    assert wizard_rules.cli.commands.account is account


HIDDEN = Rules(bidding=HiddenBids())
DELAYED = Rules(bidding=DelayedReveal())


# -- the official variants: a hidden bid is never written (rules 23.5, 24.4, 26.5) ---------


def _hidden_bid_state(rules: Rules, secret: int, *, last: bool = False) -> State:
    """Round 3 of four players under ``rules``, P2 dealing: P3 bids 0, P0 1, P1 ``secret``.

    With ``last``, the dealer P2 bids 2 too.
    """
    state = new_game(Config(players=4, rules=rules))
    rng = random.Random(5)
    while state.round < 3:
        state = apply(state, random_action(state, rng))
    while state.phase is not Phase.BID:
        state = apply(state, random_action(state, rng))
    assert state.current_player == 3  # round 3: P2 deals, P3 bids first
    state = apply(state, Bid(3, 0))
    state = apply(state, Bid(0, 1))
    state = apply(state, Bid(1, secret))
    if last:
        state = apply(state, Bid(2, 2))
    return state


@pytest.mark.parametrize("rules", [HIDDEN, DELAYED], ids=["hidden_bids", "delayed_reveal"])
def test_a_views_hidden_bids_are_written_as_question_marks(rules: Rules) -> None:
    # What P2 is shown of P3's, P0's and P1's bids, while P2 is to bid: the
    # same table whatever P1 bid, with "?" for each bid made and hidden.
    tables = [
        position_table(position_of(player_view(_hidden_bid_state(rules, b), 2))) for b in (0, 3)
    ]
    assert tables[0] == tables[1]
    rows = {line.split()[0]: line for line in tables[0].splitlines() if line.startswith("P")}
    for seat in ("P0", "P1", "P3"):
        assert re.search(rf"^{seat} .* \?  +0 +-?\d+  bid hidden", rows[seat]), rows[seat]
    assert re.search(r"^P2 .* -  +0 +-?\d+  dealer, to act$", rows["P2"]), rows["P2"]
    variant = "hidden bids" if rules == HIDDEN else "delayed reveal"
    assert tables[0].splitlines()[0].endswith(f"bid-total option off, {variant}")


def test_the_bids_are_written_once_shown() -> None:
    # Rule 23.3: with the last bid every bid is shown; rule 24.1: not under delayed reveal.
    shown = position_table(position_of(player_view(_hidden_bid_state(HIDDEN, 3, last=True), 2)))
    assert "?" not in shown
    assert re.search(r"^P1 .* 3 +0 ", shown, re.MULTILINE)
    tables = [
        position_table(position_of(player_view(_hidden_bid_state(DELAYED, b, last=True), 2)))
        for b in (0, 3)
    ]
    assert tables[0] == tables[1]
    assert tables[0].count("bid hidden") == 3


def test_a_partial_position_with_hidden_bids_from_its_text() -> None:
    text = (
        "players=3 options=hidden_bids round=2 dealer=0 scores=20,-10,30 hands=C1,C2/?/? "
        "turned=H5 trump=H bids=-,?,? won=0,0,0 played=- trick=- leader=1"
    )
    table = position_table(Position.from_text(text))
    assert table.splitlines()[4:7] == [
        "P0    C1 C2               -    0     20  dealer, to act",
        "P1    hidden (2 cards)    ?    0    -10  bid hidden",
        "P2    hidden (2 cards)    ?    0     30  bid hidden",
    ]
    # the dealer's bids are free (rule 23.4): no bid is barred by bids it cannot see
    assert table.splitlines()[-1] == "Legal actions (3): P0 bids 0, P0 bids 1, P0 bids 2"


def test_clairvoyance_writes_the_viewers_own_card_as_hidden() -> None:
    config = Config(players=3, rules=Rules(visibility=Clairvoyance()))
    state = new_game(config)
    state = apply(
        state,
        Deal(((parse_card("C9"),), (parse_card("H2"),), (parse_card("W1"),)), parse_card("S3")),
    )
    table = position_table(position_of(player_view(state, 1)))
    assert "P0    C9" in table
    assert "P1    hidden (1 card)" in table
    assert "P2    W1" in table
    assert "H2" not in table
    assert table.splitlines()[0].endswith("bid-total option off, clairvoyance")
