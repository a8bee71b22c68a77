"""The text of positions and games (wizard_rules.formats.text)."""

from __future__ import annotations

import random

import pytest

from wizard_rules import (
    Config,
    InvalidArgumentError,
    Phase,
    Play,
    Position,
    State,
    Suit,
    apply,
    legal_actions,
    new_game,
    player_view,
    position_of,
    random_action,
)
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
