"""The anniversary cards' engine, case by case: rules 28 to 40 worked out by hand.

Every expected winner, leader, bid and hand below is read off the rules
(docs/rules.rst, rules 28 to 40), not off the engine: each test says which
rule decides it.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Sequence

import pytest

from wizard_rules import (
    Bid,
    Card,
    ChooseTrump,
    Config,
    Deal,
    ErrorCode,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    Kind,
    Play,
    Suit,
    apply,
    apply_as,
    apply_legal,
    check,
    check_as,
    is_legal,
    legal_actions,
    new_anniversary_game,
    new_game,
    parse_card,
    parse_cards,
    player_view,
    random_chance,
    random_deal,
    replay,
)
from wizard_rules.core.anniversary import AnniversaryDeck, AnniversaryPhase, Readings
from wizard_rules.core.anniversary.actions import (
    ChangeBid,
    Declare,
    PassCard,
    Reveal,
    WerewolfTrump,
    WitchSwap,
)
from wizard_rules.core.anniversary.faces import (
    bomb_leader_position,
    faces_of,
    led_suit,
    playable,
    winning_position,
)
from wizard_rules.core.anniversary.state import AnniversaryState
from wizard_rules.core.rules import HiddenBids, ListedSchedule, Rules
from wizard_rules.errors import ConfigError

P = AnniversaryPhase
C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES
W, J = Kind.WIZARD, Kind.JESTER


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def card(text: str) -> Card:
    return parse_card(text)


def winner(
    text: str,
    declared: Sequence[Suit | Kind | None] = (),
    trump: Suit | None = None,
    copied: Card | None = None,
) -> int | None:
    played = cards(text)
    said = tuple(declared) + (None,) * (len(played) - len(declared))
    return winning_position(faces_of(played, said, copied), trump)


# -- rule 39: the trick, on faces --------------------------------------------------------


def test_the_dragon_beats_every_card_wizards_included() -> None:  # 29.1
    assert winner("W1 Dragon H13", trump=H) == 1


def test_the_fairy_wins_a_trick_that_holds_the_dragon() -> None:  # 30.2, 39.4
    assert winner("W1 Dragon Fairy") == 2
    assert winner("Fairy H3 Dragon") == 0


def test_the_fairy_without_the_dragon_never_wins() -> None:  # 30.1, 39.6
    assert winner("Fairy H3 C9") == 1  # led Fairy decides nothing: H3 leads hearts (30.3)
    assert winner("Fairy J1 J2") == 1  # below the Jesters: the first Jester wins


def test_a_bomb_trick_is_won_by_no_one() -> None:  # 31.1, 39.4
    assert winner("W1 Bomb H13") is None
    assert winner("Dragon Fairy Bomb") is None


def test_after_a_bomb_the_readings_differ_only_with_dragon_and_fairy() -> None:  # 31.3
    faces = faces_of(cards("Dragon Bomb Fairy"), (None,) * 3, None)
    assert bomb_leader_position(faces, None, "would_have_won") == 2  # the Fairy would win
    assert bomb_leader_position(faces, None, "highest_card") == 0  # the Dragon is highest
    faces = faces_of(cards("H3 Bomb H9 W2"), (None,) * 4, None)
    for reading in ("would_have_won", "highest_card"):
        assert bomb_leader_position(faces, None, reading) == 3  # the Wizard


def test_a_led_bomb_decides_no_suit() -> None:  # 31.4
    faces = faces_of(cards("Bomb C4 H12"), (None,) * 3, None)
    assert led_suit(faces) is C
    assert bomb_leader_position(faces, None, "would_have_won") == 1  # C4 of the led clubs


def test_the_juggler_is_seven_and_a_half_in_its_declared_suit() -> None:  # 33.1
    assert winner("H7 Juggler H5", declared=(None, H)) == 1  # 7½ beats 7
    assert winner("H8 Juggler H5", declared=(None, H)) == 0  # and loses to 8
    assert winner("H8 Juggler H5", declared=(None, S)) == 0  # off suit: no chance
    assert winner("H8 Juggler H5", declared=(None, S), trump=S) == 1  # trump beats the led suit


def test_the_cloud_is_nine_and_three_quarters_in_its_declared_suit() -> None:  # 34.1
    assert winner("D9 Cloud D2", declared=(None, D)) == 1  # 9¾ beats 9
    assert winner("D10 Cloud D2", declared=(None, D)) == 0  # and loses to 10
    assert winner("Cloud Juggler C2", declared=(C, C)) == 0  # 9¾ beats 7½


def test_a_led_juggler_leads_its_declared_suit() -> None:  # 33.1, 39.2
    faces = faces_of(cards("Juggler S13 H2"), (H, None, None), None)
    assert led_suit(faces) is H
    assert winning_position(faces, None) == 0  # 7½ beats H2; S13 is off suit


def test_the_shapeshifter_counts_as_declared() -> None:  # 35.1
    assert winner("Shapeshifter W1 H2", declared=(W,)) == 0  # the first Wizard wins
    assert winner("W1 Shapeshifter H2", declared=(None, W)) == 0
    assert winner("Shapeshifter H2 H9", declared=(J,)) == 2  # led as a Jester: H2 leads


def test_the_witch_counts_as_a_jester() -> None:  # 36.1
    assert winner("Witch C3 C5") == 2
    assert winner("Witch J1 J2") == 0  # all Jesters: the first


def test_a_led_dragon_or_wizard_face_sets_no_suit() -> None:  # 29.2, 39.2
    assert led_suit(faces_of(cards("Dragon H2 C9"), (None,) * 3, None)) is None
    assert led_suit(faces_of(cards("Shapeshifter H2"), (W, None), None)) is None


def test_the_vampire_counts_as_the_card_it_copies() -> None:  # 37.1, 37.2
    assert winner("H9 Vampire H10", copied=card("H13")) == 1
    # A copy of H9 ties with H9: the first played wins.
    assert winner("H9 Vampire H2", copied=card("H9")) == 0
    assert winner("Vampire H9 H2", copied=card("H9")) == 0
    assert winner("C2 Vampire W1", copied=card("Bomb")) is None
    assert winner("C2 Vampire C9", declared=(None, C), copied=card("Juggler")) == 2


def test_following_is_with_suit_cards_only() -> None:  # 39.3, 28.4
    hand = cards("H2 Dragon Juggler C5")
    faces = faces_of(cards("H9"), (None,), None)
    assert playable(hand, faces) == cards("H2 Dragon Juggler")
    assert playable(cards("C5 Juggler"), faces) == cards("C5 Juggler")  # no heart held


# -- the deck and the configuration (rule 28) ----------------------------------------------


def deck_config(
    added: Sequence[str],
    players: int = 3,
    sizes: Sequence[int] | None = None,
    readings: dict[str, str] | None = None,
) -> Config:
    deck = AnniversaryDeck(added=tuple(added), readings=Readings(**(readings or {})))
    if sizes is None:
        return Config(players=players, rules=Rules(deck=deck))
    return Config(players=players, rules=Rules(deck=deck, schedule=ListedSchedule(sizes=sizes)))


def test_the_rounds_stay_sixty_over_players() -> None:  # 28.3
    for players, rounds in ((3, 20), (4, 15), (5, 12), (6, 10)):
        assert deck_config(["bomb"], players).rounds == rounds


def test_the_dragon_and_the_fairy_go_together() -> None:  # 28.2
    with pytest.raises(ConfigError, match="together"):
        AnniversaryDeck(added=("fairy",))
    assert AnniversaryDeck(added=("fairy", "dragon")).added == ("dragon", "fairy")


@pytest.mark.parametrize(
    ("added", "message"),
    [
        ((), "at least one"),
        (("bomb", "bomb"), "twice"),
        (("joker",), "anniversary cards are"),
        ("bomb", "list of names"),
    ],
)
def test_a_deck_refuses_a_bad_list(added: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        AnniversaryDeck(added=added)


def test_a_deck_refuses_readings_that_are_not_readings() -> None:
    with pytest.raises(ConfigError, match="Readings"):
        AnniversaryDeck(added=("bomb",), readings={"bomb_leader": "x"})  # type: ignore[arg-type]


def test_the_cards_do_not_combine_with_secret_bids_or_clairvoyance() -> None:  # 28.5
    deck = AnniversaryDeck(added=("bomb",))
    with pytest.raises(ConfigError, match="hidden bids"):
        Rules(deck=deck, bidding=HiddenBids())
    from wizard_rules.core.rules import Clairvoyance

    with pytest.raises(ConfigError, match="clairvoyance"):
        Rules(deck=deck, visibility=Clairvoyance())


def test_new_game_points_to_new_anniversary_game() -> None:
    with pytest.raises(InvalidArgumentError, match="new_anniversary_game"):
        new_game(deck_config(["bomb"]))
    with pytest.raises(InvalidArgumentError, match="AnniversaryDeck"):
        new_anniversary_game(Config(players=3))


def test_the_standard_game_refuses_the_cards() -> None:
    state = new_game(Config(players=3))
    with pytest.raises(IllegalActionError, match="not in this game's deck") as info:
        check(state, Deal([cards("Dragon"), cards("C1"), cards("C2")], card("C3")))
    assert info.value.code is ErrorCode.INVALID_DEAL
    with pytest.raises(IllegalActionError, match="turned card Bomb is not in"):
        check(state, Deal([cards("C4"), cards("C1"), cards("C2")], card("Bomb")))


# -- the phases, in scripted rounds ---------------------------------------------------------


def start(config: Config, hands: Sequence[str], turned: str) -> AnniversaryState:
    state = new_anniversary_game(config)
    return apply(state, Deal([cards(hand) for hand in hands], card(turned)))


def play_all(state: AnniversaryState, actions: Sequence[object]) -> AnniversaryState:
    for action in actions:
        state = apply(state, action)
    return state


def test_a_bomb_trick_counts_for_no_one_and_scoring_is_unchanged() -> None:  # 31.1, 31.2
    # 3 players, one card each; dealer 0, so seat 1 bids first and leads.
    state = start(deck_config(["bomb"], sizes=[1]), ["C2", "Bomb", "W1"], "H5")
    assert state.trump is H
    state = play_all(state, [Bid(1, 0), Bid(2, 1), Bid(0, 0)])
    state = play_all(state, [Play(1, card("Bomb")), Play(2, card("W1")), Play(0, card("C2"))])
    result = state.results[0]
    assert result.tricks[0].winner is None
    assert result.tricks_won == (0, 0, 0)
    # Bids 0, 0, 1 against 0 tricks each: 20, 20, -10 (rule 9).
    assert result.scores == (20, 20, -10)
    assert state.phase is P.GAME_OVER


def test_bomb_leader_readings_differ_with_the_fairy_in_the_trick() -> None:  # 31.3
    hands = ["Fairy C3", "Dragon C4", "Bomb C5"]
    for reading, leader in (("would_have_won", 0), ("highest_card", 1)):
        config = deck_config(
            ["dragon", "fairy", "bomb"], sizes=[2], readings={"bomb_leader": reading}
        )
        state = start(config, hands, "S9")
        state = play_all(state, [Bid(1, 0), Bid(2, 0), Bid(0, 0)])
        state = play_all(
            state, [Play(1, card("Dragon")), Play(2, card("Bomb")), Play(0, card("Fairy"))]
        )
        assert state.leader == leader, reading
        assert state.current_player == leader


def test_the_werewolf_takes_the_turned_card_and_may_name_no_trump() -> None:  # 32.1, 32.2
    state = start(deck_config(["werewolf"], sizes=[2]), ["C2 C3", "Werewolf H4", "D5 D6"], "W1")
    assert (state.phase, state.current_player) == (P.WEREWOLF, 1)
    assert legal_actions(state)[-1] == WerewolfTrump(1, None)
    state = apply(state, WerewolfTrump(1, None))
    assert state.hand(1) == cards("H4 W1")  # the turned Wizard, in hand
    assert state.trump_card == card("Werewolf")
    assert state.trump is None
    assert (state.phase, state.current_player) == (P.BID, 1)


def test_a_turned_werewolf_or_dragon_lets_the_dealer_name_a_suit() -> None:  # 32.3, 38.1
    for turned in ("Werewolf", "Dragon", "Juggler", "Cloud", "Shapeshifter", "Vampire"):
        added = ["werewolf", "dragon", "fairy", "juggler", "cloud", "shapeshifter", "vampire"]
        config = deck_config(added, sizes=[1])
        state = start(config, ["C2", "C3", "C4"], turned)
        assert (state.phase, state.current_player) == (P.CHOOSE_TRUMP, 0), turned
        with pytest.raises(IllegalActionError) as info:
            check(state, ChooseTrump(0, None))
        assert info.value.code is ErrorCode.NO_TRUMP_NOT_ALLOWED
        state = apply(state, ChooseTrump(0, D))
        if turned == "Werewolf":  # then the Vampire's card is turned up (37.3)
            assert state.phase is P.REVEAL
            assert legal_actions(state) == ()
            state = apply(state, Reveal(card("H9")))
            assert state.vampire_copies == card("H9")
        assert (state.phase, state.trump) == (P.BID, D), turned


def test_a_turned_fairy_bomb_or_witch_makes_no_trump() -> None:  # 38.2
    for turned in ("Fairy", "Bomb", "Witch"):
        config = deck_config(["dragon", "fairy", "bomb", "witch"], sizes=[1])
        state = start(config, ["C2", "C3", "C4"], turned)
        assert (state.phase, state.trump) == (P.BID, None), turned


def test_declarations_are_asked_and_checked() -> None:  # 33.1, 35.1
    config = deck_config(["juggler", "shapeshifter"], sizes=[1])
    state = start(config, ["C2", "Juggler", "Shapeshifter"], "H5")
    state = play_all(state, [Bid(1, 1), Bid(2, 0), Bid(0, 0)])
    state = apply(state, Play(1, card("Juggler")))
    assert (state.phase, state.current_player) == (P.DECLARE, 1)
    # Until it is declared the Juggler counts for nothing: no winner, no led suit yet.
    assert (state.trick_winner, state.led_suit, player_view(state, 0).led_suit) == (None,) * 3
    assert legal_actions(state) == tuple(Declare(1, suit) for suit in Suit)
    with pytest.raises(IllegalActionError) as info:
        check(state, Declare(1, W))
    assert info.value.code is ErrorCode.INVALID_DECLARATION
    state = apply(state, Declare(1, C))
    state = apply(state, Play(2, card("Shapeshifter")))
    assert legal_actions(state) == (Declare(2, W), Declare(2, J))
    with pytest.raises(IllegalActionError, match="Wizard or a Jester"):
        check(state, Declare(2, H))
    state = play_all(state, [Declare(2, J), Play(0, card("C2"))])
    # Juggler (C 7½) led, Shapeshifter as a Jester, C2: the Juggler wins for seat 1.
    assert state.results[0].tricks[0].winner == 1
    assert state.results[0].scores == (20, 30, 20)  # every bid met


def test_the_juggler_pass_goes_to_the_left_and_stays_secret() -> None:  # 33.2, 33.3, 41.2
    config = deck_config(["juggler"], sizes=[2])
    state = start(config, ["C2 C3", "Juggler D4", "S5 S6"], "H9")
    state = play_all(state, [Bid(1, 1), Bid(2, 0), Bid(0, 0)])
    state = play_all(state, [Play(1, card("Juggler")), Declare(1, S)])
    state = play_all(state, [Play(2, card("S5")), Play(0, card("C2"))])
    # Juggler S 7½ beats S5: seat 1 wins and leads; first the pass, from the Juggler's seat.
    assert (state.phase, state.current_player) == (P.PASS, 1)
    state = apply(state, PassCard(1, card("D4")))
    assert player_view(state, 1).passing == card("D4")
    assert player_view(state, 2).passing is None
    assert state.current_player == 2
    with pytest.raises(IllegalActionError) as info:
        check(state, PassCard(2, card("D4")))
    assert info.value.code is ErrorCode.CARD_NOT_IN_HAND
    state = play_all(state, [PassCard(2, card("S6")), PassCard(0, card("C3"))])
    # Each card to the left: 1 -> 2, 2 -> 0, 0 -> 1.
    assert state.hands == (cards("S6"), cards("C3"), cards("D4"))
    assert player_view(state, 0).passes == ((card("C3"), card("S6")),)
    assert player_view(state, 1).passes == ((card("D4"), card("C3")),)
    assert (state.phase, state.current_player) == (P.PLAY, 1)


def test_no_pass_after_the_last_trick() -> None:  # 33.4
    state = start(deck_config(["juggler"], sizes=[1]), ["C2", "Juggler", "S5"], "H9")
    state = play_all(state, [Bid(1, 1), Bid(2, 0), Bid(0, 0), Play(1, card("Juggler"))])
    state = play_all(state, [Declare(1, S), Play(2, card("S5")), Play(0, card("C2"))])
    assert state.phase is P.GAME_OVER


def cloud_round(bid: int, readings: dict[str, str] | None = None) -> AnniversaryState:
    config = deck_config(["cloud"], sizes=[2], readings=readings)
    state = start(config, ["C2 C3", "Cloud D4", "S5 S6"], "H9")
    state = play_all(state, [Bid(1, bid), Bid(2, 0), Bid(0, 0)])
    return play_all(
        state, [Play(1, card("Cloud")), Declare(1, S), Play(2, card("S5")), Play(0, card("C2"))]
    )


def test_the_cloud_winner_changes_the_bid_by_one() -> None:  # 34.2
    state = cloud_round(1)
    assert (state.phase, state.current_player) == (P.CHANGE_BID, 1)
    assert legal_actions(state) == (ChangeBid(1, -1), ChangeBid(1, 1))
    for by in (0, 2):
        with pytest.raises(IllegalActionError) as info:
            check(state, ChangeBid(1, by))
        assert info.value.code is ErrorCode.BID_OUT_OF_RANGE
    state = apply(state, ChangeBid(1, 1))
    assert state.bids == (0, 2, 0)
    assert state.bid_changes == ((1, 1),)


def test_a_cloud_bid_at_a_bound_changes_without_a_choice() -> None:  # 34.2
    assert cloud_round(0).bids == (0, 1, 0)  # 0 can only go up
    assert cloud_round(2).bids == (0, 1, 0)  # the cards dealt (2) only down
    assert cloud_round(0).phase is P.PLAY


def test_the_cloud_change_at_round_end() -> None:  # 34.3
    state = cloud_round(1, {"cloud_timing": "round_end"})
    assert state.phase is P.PLAY
    assert state.bids == (0, 1, 0)
    # Seat 1 leads D4; seat 2 S6; seat 0 C3: D4 wins (led diamonds, no trump held).
    state = play_all(state, [Play(1, card("D4")), Play(2, card("S6")), Play(0, card("C3"))])
    assert (state.phase, state.current_player) == (P.CHANGE_BID, 1)
    state = apply(state, ChangeBid(1, 1))
    # Bid 2, two tricks won: 40 for seat 1.
    assert state.results[0].bids == (0, 2, 0)
    assert state.results[0].scores == (20, 40, 20)


def test_the_witch_swaps_one_card_or_keeps_her_hand() -> None:  # 36.2, 36.3
    config = deck_config(["witch"], sizes=[2])
    state = start(config, ["C2 C3", "Witch D4", "S5 S6"], "H9")
    state = play_all(state, [Bid(1, 0), Bid(2, 1), Bid(0, 0)])
    state = play_all(state, [Play(1, card("Witch")), Play(2, card("S5")), Play(0, card("C2"))])
    # Led Witch sets no suit: S5 leads spades and wins for seat 2 (36.1).
    assert state.completed_tricks[0].winner == 2
    assert (state.phase, state.current_player) == (P.WITCH, 1)
    assert WitchSwap(1, None, None) in legal_actions(state)
    with pytest.raises(IllegalActionError) as info:
        check(state, WitchSwap(1, card("D4"), card("Witch")))
    assert info.value.code is ErrorCode.CARD_NOT_IN_TRICK
    with pytest.raises(IllegalActionError) as info:
        check(state, WitchSwap(1, card("C3"), card("S5")))
    assert info.value.code is ErrorCode.CARD_NOT_IN_HAND
    state = apply(state, WitchSwap(1, card("D4"), card("S5")))
    assert state.hand(1) == cards("S5")
    assert player_view(state, 1).witch_swaps[0].give == card("D4")
    assert player_view(state, 0).witch_swaps[0].give is None
    assert player_view(state, 0).witch_swaps[0].take == card("S5")
    assert state.leader == 2
    assert state.phase is P.PLAY


def test_the_vampire_under_the_werewolf_follows_the_reading() -> None:  # 37.3
    hands = ["C2 C3", "Werewolf D4", "Vampire S6"]
    for reading, copies in (("next_stock_card", "H13"), ("displaced_card", "H9")):
        config = deck_config(
            ["werewolf", "vampire"], sizes=[2], readings={"vampire_under_werewolf": reading}
        )
        state = start(config, hands, "H9")
        state = apply(state, WerewolfTrump(1, S))
        if reading == "next_stock_card":
            assert state.phase is P.REVEAL
            with pytest.raises(IllegalActionError) as info:
                check(state, Reveal(card("H9")))
            assert info.value.code is ErrorCode.INVALID_DEAL
            state = apply(state, Reveal(card("H13")))
        assert state.vampire_copies == card(copies), reading
        assert state.phase is P.BID


def test_the_effects_after_a_trick_follow_the_order_reading() -> None:  # 40.2
    added = ["juggler", "cloud"]
    for order, first in (("juggler_cloud_witch", P.PASS), ("cloud_juggler_witch", P.CHANGE_BID)):
        config = deck_config(added, sizes=[2], readings={"effect_order": order})
        state = start(config, ["Cloud C3", "Juggler D4", "S5 S6"], "H9")
        state = play_all(state, [Bid(1, 1), Bid(2, 0), Bid(0, 1)])
        state = play_all(state, [Play(1, card("Juggler")), Declare(1, S), Play(2, card("S5"))])
        state = play_all(state, [Play(0, card("Cloud")), Declare(0, S)])
        # Cloud S 9¾ beats Juggler S 7½ and S5: seat 0 wins, with a bid of 1 of 2.
        assert state.completed_tricks[0].winner == 0
        assert state.phase is first, order


# -- the layers: checks, turns, chance ---------------------------------------------------------


def test_checks_go_in_the_order_of_rule_11() -> None:
    state = start(deck_config(["bomb"], sizes=[1]), ["C2", "Bomb", "W1"], "H5")
    with pytest.raises(InvalidActionError):
        check(state, "bid")
    with pytest.raises(IllegalActionError) as info:
        check(state, Play(1, card("Bomb")))
    assert info.value.code is ErrorCode.WRONG_PHASE
    with pytest.raises(IllegalActionError) as info:
        check(state, Bid(7, 0))
    assert info.value.code is ErrorCode.NO_SUCH_PLAYER
    with pytest.raises(IllegalActionError) as info:
        check(state, Bid(2, 0))
    assert info.value.code is ErrorCode.NOT_YOUR_TURN
    with pytest.raises(IllegalActionError) as info:
        check(state, Bid(1, 2))
    assert info.value.code is ErrorCode.BID_OUT_OF_RANGE
    assert not is_legal(state, Bid(1, 2))
    assert is_legal(state, Bid(1, 1))


def test_check_as_refuses_other_seats_first() -> None:
    state = start(deck_config(["bomb"], sizes=[1]), ["C2", "Bomb", "W1"], "H5")
    for seat, action in ((2, Bid(2, 0)), (1, Bid(2, 0)), (1, Deal([], None))):
        with pytest.raises(IllegalActionError) as info:
            check_as(state, seat, action)
        assert info.value.code is ErrorCode.NOT_YOUR_TURN
    check_as(state, 1, Bid(1, 0))
    assert apply_as(state, 1, Bid(1, 0)).bids == (None, 0, None)
    with pytest.raises(InvalidArgumentError):
        check_as(state, 5, Bid(1, 0))


def test_a_refused_action_changes_nothing_and_the_game_ends() -> None:
    state = start(deck_config(["bomb"], sizes=[1]), ["C2", "Bomb", "W1"], "H5")
    before = pickle.dumps(state.history)
    with pytest.raises(IllegalActionError):
        apply(state, Bid(1, 5))
    assert pickle.dumps(state.history) == before
    over = play_all(state, [Bid(1, 0), Bid(2, 0), Bid(0, 0), Play(1, card("Bomb"))])
    over = play_all(over, [Play(2, card("W1")), Play(0, card("C2"))])
    assert over.is_over
    assert over.winners == (0, 1, 2)
    with pytest.raises(IllegalActionError) as info:
        check_as(over, 0, Bid(0, 0))
    assert info.value.code is ErrorCode.GAME_OVER
    with pytest.raises(IllegalActionError) as info:
        random_chance(over, random.Random(1))
    assert info.value.code is ErrorCode.GAME_OVER


def test_deals_are_checked() -> None:
    state = new_anniversary_game(deck_config(["bomb"], sizes=[1]))
    bad = [
        (Deal([cards("C2"), cards("C3")], card("H5")), "3 hands"),
        (Deal([cards("C2 C4"), cards("C3"), cards("C5")], card("H5")), "seat 0 got 2"),
        (Deal([cards("C2"), cards("C2"), cards("C5")], card("H5")), "more than once"),
        (Deal([cards("C2"), cards("C3"), cards("C5")], None), "must\\s+be turned"),
        (Deal([cards("C2"), cards("C3"), cards("C5")], card("C5")), "also in a hand"),
        (Deal([cards("Dragon"), cards("C3"), cards("C5")], card("H5")), "not in this game"),
    ]
    for deal, message in bad:
        with pytest.raises(IllegalActionError, match=message) as info:
            check(state, deal)
        assert info.value.code is ErrorCode.INVALID_DEAL


def test_random_games_replay_and_repeat() -> None:
    config = deck_config(
        [
            "dragon",
            "fairy",
            "bomb",
            "werewolf",
            "juggler",
            "cloud",
            "shapeshifter",
            "witch",
            "vampire",
        ],
        players=4,
    )
    games = []
    for _ in range(2):
        rng = random.Random(7)
        state = new_anniversary_game(config)
        while not state.is_over:
            if state.is_chance:
                state = apply(state, random_chance(state, rng))
            else:
                state = apply_legal(state, rng.randrange(len(legal_actions(state))))
        games.append(state)
    assert games[0] == games[1]
    assert hash(games[0]) == hash(games[1])
    assert replay(new_anniversary_game(config), games[0].history) == games[0]
    assert games[0] != "a state"
    assert len(games[0].results) == config.rounds


def test_random_deal_draws_deals_and_refuses_the_reveal() -> None:
    config = deck_config(["werewolf", "vampire"], sizes=[2])
    state = new_anniversary_game(config)
    deal = random_deal(state, random.Random(3))
    assert len(deal.hands) == 3
    assert deal.turned is not None
    state = start(config, ["C2 C3", "Werewolf D4", "Vampire S6"], "H9")
    state = apply(state, WerewolfTrump(1, None))
    with pytest.raises(IllegalActionError, match="random_chance"):
        random_deal(state, random.Random(3))
    reveal = random_chance(state, random.Random(3))
    assert type(reveal) is Reveal
    assert reveal.card in state.stock
    with pytest.raises(InvalidArgumentError):
        random_chance("state", random.Random(3))  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        random_chance(state, 3)  # type: ignore[arg-type]


def test_states_are_not_constructed() -> None:
    with pytest.raises(InvalidArgumentError):
        AnniversaryState()
    state = new_anniversary_game(deck_config(["bomb"]))
    assert repr(state) == "<AnniversaryState 3 players, round 1/20, deal, to act: chance>"
    with pytest.raises(InvalidArgumentError):
        state.hand(3)


def test_actions_check_their_field_types() -> None:
    for make in (
        lambda: Declare(0, "H"),  # type: ignore[arg-type]
        lambda: PassCard("0", card("C2")),  # type: ignore[arg-type]
        lambda: WitchSwap(0, card("C2"), None),
        lambda: WitchSwap(0, "C2", "C3"),  # type: ignore[arg-type]
        lambda: Reveal("C2"),  # type: ignore[arg-type]
        lambda: WerewolfTrump(0, "H"),  # type: ignore[arg-type]
        lambda: ChangeBid(0, 1.0),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidActionError):
            make()
    assert str(WitchSwap(0, None, None)) == "P0 keeps their hand"
    assert str(WitchSwap(0, card("C2"), card("H9"))) == "P0 swaps C2 for H9"
    assert str(ChangeBid(1, -1)) == "P1 changes their bid by -1"
    assert str(WerewolfTrump(1, None)) == "P1 shows the Werewolf and names no trump"
    assert str(Reveal(card("C5"))) == "stock card turned up: C5"
    assert str(PassCard(1, card("C5"))) == "P1 passes C5"


# -- the rarer paths ---------------------------------------------------------------------------


def test_a_cloud_in_a_bomb_trick_changes_no_bid() -> None:  # 34.4
    state = start(deck_config(["bomb", "cloud"], sizes=[1]), ["C2", "Cloud", "Bomb"], "H9")
    state = play_all(state, [Bid(1, 1), Bid(2, 0), Bid(0, 0)])
    state = play_all(state, [Play(1, card("Cloud")), Declare(1, C)])
    assert state.trick_winner == 1  # the Cloud so far
    assert state.led_suit is C
    state = apply(state, Play(2, card("Bomb")))
    assert state.trick_winner is None  # a Bomb in the trick
    state = apply(state, Play(0, card("C2")))
    assert state.results[0].bid_changes == ()
    assert state.results[0].bids == (0, 1, 0)


def test_a_witch_with_an_empty_hand_is_not_asked() -> None:  # 36.2
    state = start(deck_config(["witch"], sizes=[1]), ["C2", "Witch", "S5"], "H9")
    state = play_all(state, [Bid(1, 0), Bid(2, 1), Bid(0, 0), Play(1, card("Witch"))])
    state = play_all(state, [Play(2, card("S5")), Play(0, card("C2"))])
    assert state.is_over


def test_two_witches_in_one_trick_swap_from_the_trick_as_it_lies() -> None:  # 36.2, 37.1
    # The Witch is turned; the Werewolf's holder takes her, and under "displaced_card" the
    # Vampire copies her: two Witch effects in one trick, in play order (40.2).
    config = deck_config(
        ["werewolf", "witch", "vampire"],
        sizes=[2],
        readings={"vampire_under_werewolf": "displaced_card"},
    )
    state = start(config, ["Werewolf C3", "Vampire D4", "S5 S6"], "Witch")
    state = apply(state, WerewolfTrump(0, None))
    assert state.hand(0) == cards("C3 Witch")
    assert state.vampire_copies == card("Witch")
    state = play_all(state, [Bid(1, 0), Bid(2, 1), Bid(0, 0)])
    state = play_all(
        state, [Play(1, card("Vampire")), Play(2, card("S5")), Play(0, card("Witch"))]
    )
    assert state.completed_tricks[0].winner == 2  # S5: both Witches count as Jesters
    assert (state.phase, state.current_player) == (P.WITCH, 1)  # the Vampire, played first
    state = apply(state, WitchSwap(1, card("D4"), card("S5")))
    assert (state.phase, state.current_player) == (P.WITCH, 0)
    # S5 has left the trick; D4 lies face down in its place, unseen by seat 0, who may take
    # neither it nor herself (36.3): only the Vampire is left to take.
    takes = {action.take for action in legal_actions(state) if action.take is not None}
    assert takes == {card("Vampire")}
    with pytest.raises(IllegalActionError) as info:
        check(state, WitchSwap(0, card("C3"), card("D4")))
    assert info.value.code is ErrorCode.CARD_NOT_IN_TRICK
    state = apply(state, WitchSwap(0, card("C3"), card("Vampire")))
    assert state.hands == (cards("Vampire"), cards("S5"), cards("S6"))


def test_views_hold_the_public_facts() -> None:
    state = cloud_round(1)
    view = player_view(state, 2)
    assert view.hand == cards("S6")
    assert view.hand_sizes == (1, 1, 1)
    assert view.current_faces == ()
    assert view.led_suit is None
    assert not view.is_chance
    assert view.completed_tricks == state.completed_tricks
    assert view.trump_card == card("H9")
    assert view.vampire_copies == card("H9")


def test_the_state_queries() -> None:
    state = new_anniversary_game(deck_config(["bomb"], sizes=[1, 1]))
    assert state.round_actions == ()
    assert state.winners == ()
    assert state.trick_winner is None
    state = apply(state, Deal([cards("C2"), cards("C3"), cards("C4")], card("D9")))
    assert state.round_actions == (Deal([cards("C2"), cards("C3"), cards("C4")], card("D9")),)
    assert state.deck.added == ("bomb",)
    deal = state.round_actions[0]
    assert apply(state, Bid(1, 0)).round_actions == (deal, Bid(1, 0))


def test_readings_are_checked_and_read_from_json() -> None:
    from wizard_rules.core.anniversary.readings import READINGS, readings_from_dict

    assert readings_from_dict({}) == Readings()
    assert readings_from_dict({"effect_order": "cloud_juggler_witch"}).changed() == {
        "effect_order": "cloud_juggler_witch"
    }
    with pytest.raises(ConfigError, match="readings are an object"):
        readings_from_dict([])
    with pytest.raises(ConfigError, match="readings are bomb_leader"):
        readings_from_dict({"bomb": "x"})
    with pytest.raises(ConfigError, match="'no_pass', not 'pass'"):
        Readings(juggler_last_trick="pass")
    assert [reading.default for reading in READINGS] == [
        "would_have_won",
        "after_trick",
        "juggler_cloud_witch",
        "next_stock_card",
        "no_pass",
    ]


def test_only_fairies_left_after_the_bombs() -> None:  # 39.6, 31.3
    faces = faces_of(cards("Bomb Vampire Fairy"), (None,) * 3, card("Bomb"))
    assert winning_position(faces, None) is None
    assert bomb_leader_position(faces, None, "would_have_won") == 2


def test_plays_and_bids_are_checked_with_the_cards() -> None:  # 39.3, 20
    from wizard_rules.core.rules import PlusMinusOne

    deck = AnniversaryDeck(added=("bomb",))
    rules = Rules(
        deck=deck, bid_restrictions=(PlusMinusOne(),), schedule=ListedSchedule(sizes=(2,))
    )
    config = Config(players=3, rules=rules)
    state = new_anniversary_game(config)
    state = apply(state, Deal([cards("H2 C3"), cards("H4 Bomb"), cards("C5 C6")], card("S9")))
    state = play_all(state, [Bid(1, 1), Bid(2, 0)])
    assert Bid(0, 1) not in legal_actions(state)  # 1 + 0 + 1 would match the 2 tricks
    with pytest.raises(IllegalActionError) as info:
        check(state, Bid(0, 1))
    assert info.value.code is ErrorCode.BID_TOTAL_FORBIDDEN
    state = play_all(state, [Bid(0, 0), Play(1, card("H4"))])
    for bad in (card("H4"), card("H2")):  # played already; another seat's
        with pytest.raises(IllegalActionError) as info:
            check(state, Play(2, bad))
        assert info.value.code is ErrorCode.CARD_NOT_IN_HAND
    state = apply(state, Play(2, card("C5")))  # no heart held: any card
    with pytest.raises(IllegalActionError) as info:
        check(state, Play(0, card("C3")))  # seat 0 holds H2
    assert info.value.code is ErrorCode.MUST_FOLLOW_SUIT


def test_a_witch_may_keep_her_hand() -> None:  # 36.2
    config = deck_config(["witch"], sizes=[2])
    state = start(config, ["C2 C3", "Witch D4", "S5 S6"], "H9")
    state = play_all(state, [Bid(1, 0), Bid(2, 1), Bid(0, 0)])
    state = play_all(state, [Play(1, card("Witch")), Play(2, card("S5")), Play(0, card("C2"))])
    state = apply(state, WitchSwap(1, None, None))
    assert state.hand(1) == cards("D4")
    assert state.witch_swaps[0].take is None
    state = play_all(state, [Play(2, card("S6")), Play(0, card("C3")), Play(1, card("D4"))])
    assert repr(state) == "<AnniversaryState 3 players, round 1/1, game_over, to act: nobody>"


def test_the_room_names_what_it_has() -> None:
    import wizard_rules.core.anniversary as room

    assert room.Reveal is Reveal
    with pytest.raises(AttributeError, match="no attribute 'Joker'"):
        room.Joker  # noqa: B018


def test_a_displaced_vampire_copies_the_stock_card() -> None:  # 37.3
    # The Vampire is turned and the Werewolf's holder takes it: under "displaced_card" it
    # would copy itself, so the stock card is turned up for it, as under the default.
    config = deck_config(
        ["werewolf", "vampire"], sizes=[2], readings={"vampire_under_werewolf": "displaced_card"}
    )
    state = start(config, ["Werewolf C3", "C4 D4", "S5 S6"], "Vampire")
    state = apply(state, WerewolfTrump(0, H))
    assert state.hand(0) == cards("C3 Vampire")
    assert state.phase is P.REVEAL
    state = apply(state, Reveal(card("W2")))
    assert state.vampire_copies == card("W2")


def test_a_round_can_be_started_from_its_public_record() -> None:
    from wizard_rules.core.anniversary.transitions import anniversary_round_start

    config = deck_config(["bomb"], players=4)
    state = anniversary_round_start(config, 3, 2, (), (10, 20, 30, 40))
    assert (state.phase, state.round, state.dealer, state.scores) == (
        P.DEAL,
        3,
        2,
        (10, 20, 30, 40),
    )
    assert state.leader == 3  # left of the dealer (rule 5.1)
    assert anniversary_round_start(config, 15, 2, (), (0,) * 4, over=True).is_over
    for bad in ((0, 2, (0,) * 4), (16, 2, (0,) * 4), (3, 4, (0,) * 4), (3, 2, (0,) * 3)):
        with pytest.raises(InvalidArgumentError, match="a round of this game"):
            anniversary_round_start(config, bad[0], bad[1], (), bad[2])
    for results, scores in (((), 5), ((), ("a",) * 4), (7, (0,) * 4), ((None,), (0,) * 4)):
        with pytest.raises(InvalidArgumentError, match="a round of this game"):
            anniversary_round_start(config, 3, 2, results, scores)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="AnniversaryDeck"):
        anniversary_round_start(Config(players=4), 1, 0, (), (0,) * 4)


def test_the_trick_functions_refuse_what_is_not_a_trick() -> None:
    from wizard_rules.core.anniversary.faces import face_of, needs_declaration

    faces = faces_of(cards("C2 H3"), (None, None), None)
    calls: list[Callable[[], object]] = [
        lambda: needs_declaration("Juggler", None),  # type: ignore[arg-type]
        lambda: needs_declaration(card("Vampire"), "Juggler"),  # type: ignore[arg-type]
        lambda: face_of(card("Juggler"), "H", None),  # type: ignore[arg-type]
        lambda: face_of(card("Juggler"), None, None),  # not declared yet
        lambda: face_of(card("Cloud"), Kind.WIZARD, None),
        lambda: face_of(card("Shapeshifter"), Kind.DRAGON, None),
        lambda: face_of(card("Vampire"), None, None),  # copying nothing
        lambda: face_of(card("Werewolf"), None, None),
        lambda: faces_of("C2", (None,), None),  # type: ignore[arg-type]
        lambda: faces_of(cards("C2 H3"), (None,), None),
        lambda: led_suit("C2"),  # type: ignore[arg-type]
        lambda: led_suit([card("C2")]),  # type: ignore[list-item]
        lambda: playable("C2", faces),  # type: ignore[arg-type]
        lambda: playable(["C2"], faces),  # type: ignore[list-item]
        lambda: winning_position((), None),
        lambda: winning_position(faces, "H"),  # type: ignore[arg-type]
        lambda: bomb_leader_position(faces, None, "first"),
        lambda: bomb_leader_position(faces_of(cards("Bomb"), (None,), None), None, "highest_card"),
    ]
    for call in calls:
        with pytest.raises(InvalidArgumentError):
            call()


def test_the_entry_points_of_either_game() -> None:
    from wizard_rules.sim.random_play import any_random_game, random_game

    # random_chance of a standard state is its random deal.
    standard = new_game(Config(players=3))
    assert random_chance(standard, random.Random(4)) == random_deal(standard, random.Random(4))
    # A deck that is neither piece is refused with the config's error.
    with pytest.raises(ConfigError, match=r"rules\.deck must be"):
        Rules(deck="anniversary")  # type: ignore[arg-type]
    # random_game plays the standard game only, any_random_game either.
    config = deck_config(["bomb"], sizes=[1, 2])
    with pytest.raises(InvalidArgumentError, match="random_anniversary_game"):
        random_game(config, random.Random(1))
    assert type(any_random_game(config, random.Random(1))) is AnniversaryState
    # check_as of what is not a state is refused as check is.
    with pytest.raises(InvalidArgumentError, match="expected a State"):
        check_as("state", 0, Bid(0, 0))  # type: ignore[arg-type]


def test_records_of_either_game_replay_with_their_own_method() -> None:
    from wizard_rules import GameRecord, RecordError, action_from_dict
    from wizard_rules.sim.random_play import random_anniversary_game

    final = random_anniversary_game(deck_config(["bomb"], sizes=[2]), random.Random(3))
    record = GameRecord.from_state(final)
    with pytest.raises(InvalidArgumentError, match="replay_anniversary"):
        record.replay()
    assert record.replay_anniversary() == final
    standard = GameRecord.from_state(new_game(Config(players=3)))
    with pytest.raises(InvalidArgumentError, match="no anniversary cards"):
        standard.replay_anniversary()
    # A Werewolf's record with a suit that is not one.
    for suit in (3, "X"):
        with pytest.raises(RecordError, match=r"werewolf\.suit"):
            action_from_dict({"type": "werewolf", "player": 1, "suit": suit})
    assert action_from_dict({"type": "werewolf", "player": 1, "suit": "H"}) == WerewolfTrump(1, H)
