"""The official variants in the core: their pieces, the refused combinations, positions and views.

Expected values are worked out from the rules (docs/rules.rst, rules 23 to
27), not read from the library.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from wizard_rules import (
    Bid,
    Config,
    ConfigError,
    Deal,
    ErrorCode,
    Position,
    PositionError,
    State,
    apply,
    from_position,
    legal_actions,
    new_game,
    parse_card,
    player_view,
    position_of,
    random_deal,
    replay,
)
from wizard_rules.core.position import position_with
from wizard_rules.core.rules import (
    VARIANTS,
    CanadianRule,
    Clairvoyance,
    DelayedReveal,
    Hardcore,
    HiddenBids,
    ListedSchedule,
    OddSchedule,
    OpenBidding,
    PlusMinusOne,
    Rules,
    StandardVisibility,
    variant_names,
    variant_rules,
)
from wizard_rules.errors import IllegalActionError, InvalidArgumentError


def test_the_variant_names() -> None:
    assert VARIANTS == (
        "canadian_rule",
        "clairvoyance",
        "delayed_reveal",
        "forbid_bid_total_match",
        "hardcore",
        "hidden_bids",
    )
    rules = variant_rules(["hardcore", "clairvoyance", "canadian_rule"], OddSchedule())
    assert rules == Rules(
        schedule=OddSchedule(),
        bid_restrictions=(Hardcore(), CanadianRule()),
        visibility=Clairvoyance(),
    )
    assert variant_names(rules) == ("canadian_rule", "clairvoyance", "hardcore")
    assert variant_rules([]) == Rules()


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["hidden_bids", "forbid_bid_total_match"], "hidden bids cannot be combined with the bid"),
        (
            ["delayed_reveal", "canadian_rule"],
            "delayed reveal cannot be combined with the Canadian",
        ),
        (["hidden_bids", "hardcore"], "hidden bids cannot be combined with hardcore"),
        (["hidden_bids", "delayed_reveal"], "turn on one of them"),
        # rule 27.5: hidden with delayed comes before a restriction
        (["hardcore", "hidden_bids", "delayed_reveal"], "turn on one of them"),
        (["hidden_bids", "tricks"], "the variants are canadian_rule"),
    ],
)
def test_combinations_that_cannot_be_played_are_refused(names: list[str], message: str) -> None:
    with pytest.raises(ConfigError, match=message) as caught:
        variant_rules(names)
    assert caught.value.code is ErrorCode.INVALID_CONFIG


def test_a_secret_bidding_names_every_restriction_on() -> None:
    with pytest.raises(ConfigError) as caught:
        Rules(bidding=HiddenBids(), bid_restrictions=(Hardcore(), PlusMinusOne()))
    assert "the bid-total option (plus/minus one) and hardcore" in caught.value.message
    with pytest.raises(ConfigError, match="delayed reveal cannot"):
        Config(players=4, forbid_bid_total_match=True, rules=Rules(bidding=DelayedReveal()))


def test_variant_rules_refuses_one_text() -> None:
    with pytest.raises(ConfigError, match="not the one text 'hidden_bids'"):
        variant_rules("hidden_bids")


def test_clairvoyance_needs_a_first_round_of_one_card() -> None:
    with pytest.raises(ConfigError, match="not of 3") as caught:
        Config(players=3, rules=variant_rules(["clairvoyance"], ListedSchedule(sizes=(3, 1))))
    assert caught.value.code is ErrorCode.INVALID_CONFIG
    assert Config(players=3, rules=variant_rules(["clairvoyance"], OddSchedule())).rounds == 10


def test_the_pieces_say_when_the_bids_are_shown() -> None:
    assert [OpenBidding().shown(True), OpenBidding().shown(False)] == [True, True]
    assert [HiddenBids().shown(True), HiddenBids().shown(False)] == [False, True]
    assert [DelayedReveal().shown(True), DelayedReveal().shown(False)] == [False, False]
    assert DelayedReveal().bids_seen(2, (1, 0, 3), phase_is_bid=True) == (None, None, 3)
    assert OpenBidding().bids_seen(2, (1, 0, None), phase_is_bid=True) == (1, 0, None)
    # the 0.2.0 method, kept (deprecated)
    with pytest.deprecated_call(match="ask the bidding piece"):
        assert StandardVisibility().bids_seen(0, (1, None, 2)) == (1, None, 2)
    assert [StandardVisibility().blind(1), Clairvoyance().blind(1)] == [False, True]
    assert [OpenBidding().first_bidder(2, 4), HiddenBids().first_bidder(3, 4)] == [3, 0]


def test_the_new_pieces_pickle_compare_and_print() -> None:
    for piece in (HiddenBids(), DelayedReveal(), Hardcore(), Clairvoyance()):
        assert pickle.loads(pickle.dumps(piece)) == piece
        assert hash(piece) == hash(type(piece)())
        assert repr(piece) == f"{type(piece).__name__}()"
    rules = variant_rules(["delayed_reveal", "clairvoyance"])
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert repr(rules) == "Rules(bidding=DelayedReveal(), visibility=Clairvoyance())"


# -- hardcore (rule 25) -------------------------------------------------------


def _bid_round(config: Config, round_number: int, bids: list[int]) -> State:
    """The state of ``config``'s round at the dealer's bid, after ``bids`` of the others."""
    n = config.players
    dealer = (config.first_dealer + round_number - 1) % n
    size = config.deal_sizes[round_number - 1]
    position = Position(
        config=config,
        round=round_number,
        dealer=dealer,
        scores=[20 * (round_number - 1)] * n,
        hands=[[]] * n,
        bids=[None] * n,
        tricks_won=[0] * n,
        leader=(dealer + 1) % n,
    )
    state = from_position(position)
    deal = random_deal(state, random.Random(size))
    state = apply(state, deal)
    assert isinstance(deal, Deal)
    if state.current_player == dealer and state.turned is not None and state.trump is None:
        state = apply(state, legal_actions(state)[0])  # a turned Wizard: name a suit
    for k, seat_bid in enumerate(bids):  # in turn from the dealer's left (rule 4.1)
        state = apply(state, Bid(player=(dealer + 1 + k) % n, tricks=seat_bid))
    assert state.current_player == dealer
    return state


def _tricks(state: State) -> list[int]:
    return [action.tricks for action in legal_actions(state) if isinstance(action, Bid)]


def test_hardcore_frees_rounds_of_three_cards_and_restricts_four() -> None:
    config = Config(players=3, rules=variant_rules(["hardcore"]))
    # Round 3: the others bid 1 and 1, so a dealer's 1 makes the total 3 -- allowed (rule 25.2).
    three = _bid_round(config, 3, [1, 1])
    assert _tricks(three) == [0, 1, 2, 3]
    # Round 4: the others bid 1 and 1, so the dealer may not bid 2 (rule 25.1).
    four = _bid_round(config, 4, [1, 1])
    assert _tricks(four) == [0, 1, 3, 4]
    with pytest.raises(IllegalActionError, match="hardcore: from 4 cards") as caught:
        apply(four, Bid(player=0, tricks=2))  # P0 deals round 4
    assert caught.value.code is ErrorCode.BID_TOTAL_FORBIDDEN
    # Rule 25.1: a bid of 0 is not excepted (the others bid 2 and 2 in round 4).
    zero = _bid_round(config, 4, [2, 2])
    assert _tricks(zero) == [1, 2, 3, 4]


def test_hardcore_reads_the_hand_size_under_a_short_schedule() -> None:
    config = Config(players=4, rules=variant_rules(["hardcore"], OddSchedule()))
    # Round 2 of the odd schedule deals 3 cards: free; round 3 deals 5: restricted.
    free = _bid_round(config, 2, [1, 1, 0])
    assert _tricks(free) == [0, 1, 2, 3]
    bound = _bid_round(config, 3, [1, 1, 0])
    assert _tricks(bound) == [0, 1, 2, 4, 5]


# -- hidden bids and delayed reveal in positions (rules 23.5, 24.4) ------------


def _hidden_game(names: list[str], bids_made: int, seed: int = 4) -> State:
    config = Config(players=4, rules=variant_rules(names))
    state = new_game(config)
    state = apply(state, random_deal(state, random.Random(seed)))
    while state.phase.value == "choose_trump":
        state = apply(state, legal_actions(state)[0])
    for _ in range(bids_made):
        state = apply(state, legal_actions(state)[-1])
    return state


def test_a_hidden_bid_is_written_as_a_question_mark() -> None:
    state = _hidden_game(["hidden_bids"], 2)  # seats 1 and 2 have bid 1 (round 1)
    view = player_view(state, 2)
    assert view.bids == (None, None, 1, None)
    assert view.unseen_bids == (1,)
    position = position_of(view)
    assert position.unseen_bids == (1,)
    assert not position.is_complete
    assert " bids=-,?,1,- " in position.to_text()
    assert Position.from_text(position.to_text()) == position
    with pytest.raises(PositionError, match=r"the bids of seats \[1\] are hidden"):
        from_position(position_with(view, tuple(state.hands)))
    # Filled in, the position is a game again.
    filled = position_with(view, tuple(state.hands), bids=state.bids)
    assert legal_actions(from_position(filled)) == legal_actions(state)
    with pytest.raises(InvalidArgumentError, match="bids must be a tuple of 4 bids"):
        position_with(view, tuple(state.hands), bids=[1, 1, 1, 1])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "bids", "message"),
    [
        ("", "-,?,-,-", "bids are made aloud, so no bid is hidden"),
        ("options=hidden_bids ", "1,?,1,1", "every bid is shown once the last is made"),
        ("options=hidden_bids ", "-,?,?,-", None),  # two hidden bids in turn: a position
        ("options=delayed_reveal ", "1,?,?,?", None),  # the play under delayed reveal
        ("options=hidden_bids ", "?,-,1,-", "seat 2 has bid before seat 1"),
    ],
)
def test_hidden_bids_in_a_position(options: str, bids: str, message: str | None) -> None:
    text = (
        f"players=4 {options}round=1 dealer=0 scores=0,0,0,0 hands=?/?/C3/? turned=H4 "
        f"trump=H bids={bids} won=0,0,0,0 played=- trick=- leader=1"
    )
    if message is None:
        position = Position.from_text(text)
        assert position.to_text() == text
        assert len(position.unseen_bids) == bids.count("?")
        return
    with pytest.raises(PositionError, match=message) as caught:
        Position.from_text(text)
    assert caught.value.code is ErrorCode.INVALID_POSITION


def test_the_shape_of_hidden_bids_is_checked() -> None:
    fields: dict[str, Any] = {
        "config": Config(players=3, rules=variant_rules(["hidden_bids"])),
        "round": 1,
        "dealer": 0,
        "scores": [0, 0, 0],
        "hands": [None, [parse_card("C3")], None],
        "turned": parse_card("H4"),
        "trump": parse_card("H4").suit,
        "tricks_won": [0, 0, 0],
        "leader": 1,
    }
    for hidden, bids, message in (
        ([2, 1], [None, None, None], "in order"),
        ([1, 1], [None, None, None], "in order"),
        ([3], [None, None, None], "seats from 0 to 2"),
        ([1], [None, 1, None], "seat 1's bid is hidden"),
    ):
        with pytest.raises(PositionError, match=message):
            Position(**fields, bids=bids, unseen_bids=hidden)


def test_the_notation_refuses_options_that_clash_at_their_column() -> None:
    base = "round=1 dealer=0 scores=0,0,0 hands=-/-/- turned=- trump=- bids=-,-,- won=0,0,0"
    for options, message in (
        ("hidden_bids,hardcore", "hidden bids cannot be combined with hardcore"),
        ("hardcore,hardcore", "hardcore is named twice"),
        ("clairvoyance schedule=3", "clairvoyance is played in a first round of one card"),
    ):
        with pytest.raises(PositionError, match=message) as caught:
            Position.from_text(f"players=3 options={options} {base} played=- trick=- leader=1")
        assert caught.value.code is ErrorCode.BAD_POSITION_TEXT
        assert caught.value.column == 11


# -- clairvoyance (rule 26) ---------------------------------------------------


def _blind_deal(players: int = 3) -> State:
    config = Config(players=players, rules=variant_rules(["clairvoyance"]))
    state = new_game(config)
    # P0 deals: P1 C9, P2 S2, P0 J1; the turned card H4 makes hearts trump.
    hands = [["J1"], ["C9"], ["S2"]]
    deal = Deal(
        hands=tuple(tuple(parse_card(c) for c in h) for h in hands), turned=parse_card("H4")
    )
    return apply(state, deal)


def test_a_blind_seat_sees_the_others_cards_and_not_its_own() -> None:
    state = _blind_deal()
    view = player_view(state, 1)
    assert view.hand == ()
    assert view.hands == ((parse_card("J1"),), None, (parse_card("S2"),))
    assert view.hand_sizes == (1, 1, 1)
    assert view.legal_actions() == (Bid(player=1, tricks=0), Bid(player=1, tricks=1))
    position = position_of(view)
    assert position.to_text().split(" ")[5] == "hands=J1/?/S2"
    assert position.legal_actions() == view.legal_actions()  # bids need no hand


def test_the_blind_trick_plays_itself_with_the_last_bid() -> None:
    state = _blind_deal()
    for seat, bid in ((1, 1), (2, 0), (0, 0)):
        state = apply(state, Bid(player=seat, tricks=bid))
    # Rule 26.3: P1 leads C9, P2 plays S2, P0 plays J1; no trump card, clubs led:
    # C9 wins (rule 8).  P1 bid 1, took 1: 30; P2 bid 0, took 0: 20; P0 bid 0: 20.
    result = state.results[0]
    assert [c.text for c in result.tricks[0].cards] == ["C9", "S2", "J1"]
    assert result.tricks[0].winner == 1
    assert result.scores == (20, 30, 20)
    assert state.round == 2
    assert state.is_chance
    assert not any(type(a).__name__ == "Play" for a in state.history)
    assert replay(new_game(state.config), state.history) == state
    # Rule 26.5: no round-1 position with every bid made.
    text = (
        "players=3 options=clairvoyance round=1 dealer=0 scores=0,0,0 hands=J1/C9/S2 "
        "turned=H4 trump=H bids=0,1,0 won=0,0,0 played=- trick=- leader=1"
    )
    with pytest.raises(PositionError, match="played out with the last bid"):
        Position.from_text(text)


def test_a_one_round_blind_game_ends_with_empty_hands_shown_empty() -> None:
    config = Config(players=3, rules=variant_rules(["clairvoyance"], ListedSchedule(sizes=(1,))))
    state = new_game(config)
    state = apply(state, random_deal(state, random.Random(3)))
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    view = player_view(state, 0)
    assert view.hands == ((), (), ())
    assert view.hand == ()
    assert " hands=-/-/- " in position_of(view).to_text()


def test_the_table_of_a_blind_seat_lists_its_bids() -> None:
    from wizard_rules.formats.text import position_table

    text = position_table(position_of(player_view(_blind_deal(), 1)))
    assert "Legal actions (2):" in text
    assert "cannot be listed" not in text


# -- the edges of the layers around the variants --------------------------------


def test_a_view_pickles_with_its_new_fields() -> None:
    view = player_view(_blind_deal(), 2)
    again = pickle.loads(pickle.dumps(view))
    assert again == view
    assert again.hands == view.hands
    assert again.unseen_bids == ()


def test_arena_names_the_schedule_a_round_of_which_cannot_be_dealt(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from wizard_rules.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(
            [
                "arena",
                "--bots",
                "random,heuristic",
                "--players",
                "6",
                "--games",
                "1",
                "--schedule",
                "11",
            ]
        )
    assert exit_info.value.code == 2
    last = capsys.readouterr().err.splitlines()[-1]
    assert last == (
        "wizard-rules arena: error: argument --schedule: a round of 11 cards cannot be "
        "dealt to 6 players: the deck holds 10 cards each at most"
    )


def test_the_fuzzers_variant_list() -> None:
    import argparse

    from wizard_rules.cli.conformance import _variant_names

    every = ("canadian_rule", "clairvoyance", "delayed_reveal", "hardcore", "hidden_bids")
    assert _variant_names("all") == every  # the bid-total option is drawn by --options
    assert _variant_names(" hardcore, clairvoyance ") == ("hardcore", "clairvoyance")
    for text in ("", "hardcore,tricks"):
        with pytest.raises(argparse.ArgumentTypeError, match="the variants are all or some of"):
            _variant_names(text)


def test_the_fuzzer_draws_no_secret_bidding_when_the_option_is_always_on() -> None:
    from wizard_rules.conformance.fuzz import _configs

    rng = random.Random(5)
    for _ in range(40):
        config = _configs((3, 4), (True,), rng, ("hidden_bids", "delayed_reveal", "hardcore"))
        assert config.forbid_bid_total_match
        assert not config.rules.bidding.secret  # rule 27.2


def test_the_fuzzer_names_the_rule_of_a_view_that_differs() -> None:
    from wizard_rules.conformance.fuzz import _allowed_rule, _views_rule

    plain = _blind_deal()  # (a blind round 1: its hands are rule 26.2's)
    rule, _ = _views_rule([{"hands": [["J1"], None, ["S2"]]}], [], plain)
    assert rule == "26.2"
    standard = new_game(Config(players=3))
    standard = apply(standard, random_deal(standard, random.Random(1)))
    assert _views_rule([], [{"hands": [["C1"]]}], standard)[0] == "13.1"
    assert _views_rule("not a list", "nor this", standard)[0] == "13.1"
    rule, words = _views_rule([{"bids": [None]}], [{"bids": [0]}], standard)
    assert rule == "13.1"
    assert "sees every bid as it is made" in words
    delayed = _hidden_game(["delayed_reveal"], 4)  # every bid made: the play
    assert _views_rule([{"round_bids": [[1]]}], [{"round_bids": []}], delayed)[0] == "24.2"
    assert _views_rule([{"bids": [None]}], [{"bids": [1]}], delayed)[0] == "24.1"
    hidden = _hidden_game(["hidden_bids"], 4)
    assert _views_rule([{"bids": [1]}], [{"bids": [None]}], hidden)[0] == "23.3"
    hidden_bidding = _hidden_game(["hidden_bids"], 2)
    assert _views_rule([{"bids": [None]}], [{"bids": [1]}], hidden_bidding)[0] == "23.1"
    # An adapter that lets the dealer of a 4-card round make the bids match, under hardcore:
    four = _bid_round(Config(players=3, rules=variant_rules(["hardcore"])), 4, [1, 1])
    rule, words = _allowed_rule({"type": "bid", "player": 0, "tricks": 2}, four)
    assert rule == "25.1"
    assert "may not bid 2" in words
